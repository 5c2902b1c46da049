<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="118"/>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="119"/>
        <source>LR schedule</source>
        <translation>LR-schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="120"/>
        <source>Mixture on the simplex</source>
        <translation>Mix op de simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="121"/>
        <source>Samples</source>
        <translation>Samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="122"/>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="123"/>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="124"/>
        <source>Terrain</source>
        <translation>Terrein</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="125"/>
        <source>Runs</source>
        <translation>Runs</translation>
    </message>
</context>
<context>
    <name>NewRunLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_launch.py" line="47"/>
        <source>{run}&apos;s settings</source>
        <translation>instellingen van {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_launch.py" line="50"/>
        <source>the settings given at start</source>
        <translation>de bij het starten gegeven instellingen</translation>
    </message>
</context>
<context>
    <name>QtActions</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="56"/>
        <source>ready — press Continue</source>
        <translation>gereed — druk op Doorgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="57"/>
        <source>ready — press Start</source>
        <translation>gereed — druk op Start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="59"/>
        <source>stopped — Start continues it</source>
        <translation>gestopt — Start zet hem voort</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="60"/>
        <source>stopped</source>
        <translation>gestopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="62"/>
        <source>preparing data…</source>
        <translation>data voorbereiden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="63"/>
        <source>training</source>
        <translation>trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="64"/>
        <source>paused</source>
        <translation>gepauzeerd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="65"/>
        <source>finished — read-only</source>
        <translation>klaar — alleen-lezen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="66"/>
        <source>external: %1</source>
        <translation>extern: %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="227"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="229"/>
        <source>Start training</source>
        <translation>Training starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="87"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="231"/>
        <source>Pause</source>
        <translation>Pauze</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="88"/>
        <source>Pause / resume at the next step boundary (Space)</source>
        <translation>Pauzeren / hervatten bij de volgende stapgrens (Spatie)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="90"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="90"/>
        <source>Stop training at the next step boundary</source>
        <translation>Training stoppen bij de volgende stapgrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="92"/>
        <source>Curriculum…</source>
        <translation>Curriculum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="93"/>
        <source>Edit the curriculum&apos;s constraints; Apply pivots the running training (Ctrl+E)</source>
        <translation>De beperkingen van het curriculum bewerken; Toepassen laat de lopende training draaien (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="94"/>
        <source>&amp;New Run…</source>
        <translation>&amp;Nieuwe run…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="95"/>
        <source>Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)</source>
        <translation>Een nieuwe run instellen: preset, model, optimizer, schema, data (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="96"/>
        <source>New Run from &amp;This One…</source>
        <translation>Nieuwe run vanuit &amp;deze…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="97"/>
        <source>A new run whose settings start as the open run&apos;s</source>
        <translation>Een nieuwe run waarvan de instellingen beginnen als die van de open run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="98"/>
        <source>LR &amp;Warmup vs None…</source>
        <translation>LR-&amp;warmup vs geen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="99"/>
        <source>Two runs that differ only in the LR warmup, trained in turn</source>
        <translation>Twee runs die alleen in de LR-warmup verschillen, om beurten getraind</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="101"/>
        <source>&amp;Branch from Checkpoint…</source>
        <translation>&amp;Aftakken van checkpoint…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="102"/>
        <source>A new run from one of this run&apos;s checkpoints, with a new LR, schedule or curriculum (Ctrl+B)</source>
        <translation>Een nieuwe run vanuit een van de checkpoints van deze run, met een nieuwe LR, een nieuw schema of curriculum (Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="103"/>
        <source>&amp;Open Run…</source>
        <translation>Run &amp;openen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="104"/>
        <source>Open a run directory: its history in every panel (Ctrl+O)</source>
        <translation>Een runmap openen: de geschiedenis ervan in elk paneel (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="105"/>
        <source>&amp;Save Checkpoint</source>
        <translation>Checkpoint op&amp;slaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="106"/>
        <source>Write a checkpoint now (Ctrl+S)</source>
        <translation>Nu een checkpoint schrijven (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="108"/>
        <source>Metrics as &amp;CSV…</source>
        <translation>Metrieken als &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="109"/>
        <source>Metrics as &amp;TensorBoard Event Files…</source>
        <translation>Metrieken als &amp;TensorBoard-eventbestanden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="110"/>
        <source>&amp;Weights as safetensors…</source>
        <translation>&amp;Gewichten als safetensors…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="111"/>
        <source>&amp;Hugging Face Model Folder…</source>
        <translation>&amp;Hugging Face-modelmap…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="112"/>
        <source>&amp;Quit</source>
        <translation>A&amp;fsluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="114"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Volledig scherm</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="118"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Indeling herstellen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="119"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Sneltoetsen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="120"/>
        <source>Open &amp;Log</source>
        <translation>&amp;Log openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="121"/>
        <source>Open the app&apos;s log file (what happened, for a bug report)</source>
        <translation>Het logbestand van de app openen (wat er gebeurde, voor een bugmelding)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="122"/>
        <source>&amp;About ANDREA Desktop</source>
        <translation>&amp;Over ANDREA Desktop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="140"/>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="147"/>
        <source> preset </source>
        <translation> preset </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="151"/>
        <source>Preset of a new run</source>
        <translation>Preset van een nieuwe run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="159"/>
        <source>&amp;File</source>
        <translation>&amp;Bestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="162"/>
        <source>New &amp;Experiment</source>
        <translation>Nieuw &amp;experiment</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="165"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Recent geopend</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="169"/>
        <source>&amp;Export</source>
        <translation>&amp;Exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="174"/>
        <source>&amp;Training</source>
        <translation>&amp;Trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="180"/>
        <source>&amp;View</source>
        <translation>Beel&amp;d</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="181"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="192"/>
        <source>&amp;Language</source>
        <translation>&amp;Taal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="204"/>
        <source>Language: %1 — applies at the next start</source>
        <translation>Taal: %1 — geldt vanaf de volgende start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="214"/>
        <source>(none yet)</source>
        <translation>(nog geen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="227"/>
        <source>Continue</source>
        <translation>Doorgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="228"/>
        <source>Continue the run from its newest checkpoint</source>
        <translation>De run voortzetten vanaf het nieuwste checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="231"/>
        <source>Resume</source>
        <translation>Hervatten</translation>
    </message>
</context>
<context>
    <name>QtBranchDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="108"/>
        <source>Branch from Checkpoint</source>
        <translation>Aftakken van checkpoint</translation>
    </message>
</context>
<context>
    <name>QtCurriculumDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="145"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
</context>
<context>
    <name>QtDataSources</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="71"/>
        <source>Embedded demo corpus (Python docs and code)</source>
        <translation>Ingebouwd democorpus (Python-docs en -code)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="73"/>
        <source>data.embedded: the three sources built from this Python installation</source>
        <translation>data.embedded: de drie bronnen gebouwd uit deze Python-installatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="77"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="77"/>
        <source>files</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="77"/>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="77"/>
        <source>≈ tokens</source>
        <translation>≈ tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="86"/>
        <source>Add files…</source>
        <translation>Bestanden toevoegen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="87"/>
        <source>Add folder…</source>
        <translation>Map toevoegen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="88"/>
        <source>Remove</source>
        <translation>Verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="163"/>
        <source>Add text files as one source</source>
        <translation>Tekstbestanden als één bron toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="164"/>
        <source>Text sources (*.txt *.jsonl *.parquet);;All files (*)</source>
        <translation>Tekstbronnen (*.txt *.jsonl *.parquet);;Alle bestanden (*)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="169"/>
        <source>Add a folder of .txt / .jsonl / .parquet files</source>
        <translation>Een map met .txt-/.jsonl-/.parquet-bestanden toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="179"/>
        <source>embedded</source>
        <translation>ingebouwd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="180"/>
        <source>at most data.max_bytes_per_source bytes</source>
        <translation>hoogstens data.max_bytes_per_source bytes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="185"/>
        <source>skipped:</source>
        <translation>overgeslagen:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="214"/>
        <source>no files</source>
        <translation>geen bestanden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_data.py" line="215"/>
        <source>source {name}: nothing to read ({why})</source>
        <translation>bron {name}: niets te lezen ({why})</translation>
    </message>
</context>
<context>
    <name>QtExperiments</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="106"/>
        <source>Experiment: {title}</source>
        <translation>Experiment: {title}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="127"/>
        <source>experiment: run {i} of {n} ({name}) · Stop ends the experiment</source>
        <translation>experiment: run {i} van {n} ({name}) · Stop beëindigt het experiment</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="132"/>
        <source>experiment ended: run {i} of {n} could not start</source>
        <translation>experiment beëindigd: run {i} van {n} kon niet starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="144"/>
        <source>experiment stopping: run {i} will not start</source>
        <translation>experiment stopt: run {i} start niet</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="145"/>
        <source>experiment stopping</source>
        <translation>experiment stopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="157"/>
        <source>experiment stopped during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>experiment gestopt tijdens run {i} van {n} ({name}, stap {step} van {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="159"/>
        <source>experiment ended during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>experiment beëindigd tijdens run {i} van {n} ({name}, stap {step} van {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="162"/>
        <source>; run {i} not started</source>
        <translation>; run {i} niet gestart</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="170"/>
        <source>experiment finished: {n} runs of {steps} steps overlaid (Runs dock)</source>
        <translation>experiment klaar: {n} runs van {steps} stappen over elkaar gelegd (Runs-dock)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_experiment.py" line="196"/>
        <source>Check the runs whose samples to compare in the Runs dock</source>
        <translation>Vink in het Runs-dock de runs aan waarvan je de samples wilt vergelijken</translation>
    </message>
</context>
<context>
    <name>QtNewRunDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="99"/>
        <source>New Run</source>
        <translation>Nieuwe run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="112"/>
        <source>this run&apos;s settings</source>
        <translation>instellingen van deze run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="116"/>
        <source>Starting point: choosing another resets every field to its values</source>
        <translation>Startpunt: een ander kiezen zet elk veld terug op de waarden daarvan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="121"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="122"/>
        <source>layers</source>
        <translation>lagen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="122"/>
        <source>transformer blocks</source>
        <translation>transformerblokken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="123"/>
        <source>width (d_model)</source>
        <translation>breedte (d_model)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="123"/>
        <source>residual stream width</source>
        <translation>breedte van de residual stream</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="124"/>
        <source>heads</source>
        <translation>heads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="124"/>
        <source>attention heads; must divide d_model</source>
        <translation>attention heads; moet d_model delen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="125"/>
        <source>context length</source>
        <translation>contextlengte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="125"/>
        <source>tokens a row sees (block_size)</source>
        <translation>tokens die een rij ziet (block_size)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="126"/>
        <source>vocabulary size</source>
        <translation>vocabulairegrootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="127"/>
        <source>BPE vocabulary asked of the tokenizer trainer; model.vocab_size becomes its actual size</source>
        <translation>BPE-vocabulaire gevraagd aan de tokenizertrainer; model.vocab_size wordt de werkelijke grootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="128"/>
        <source>dropout</source>
        <translation>dropout</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="128"/>
        <source>probability, in [0, 1)</source>
        <translation>kans, in [0, 1)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="129"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimizer (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="130"/>
        <source>peak LR</source>
        <translation>piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="130"/>
        <source>e.g. 1e-3</source>
        <translation>bijv. 1e-3</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="131"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="131"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 van Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="132"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="133"/>
        <source>gradient clip</source>
        <translation>gradient clip</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="133"/>
        <source>global L2 norm; 0: off</source>
        <translation>globale L2-norm; 0: uit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="134"/>
        <source>Schedule</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="135"/>
        <source>warmup steps</source>
        <translation>warmupstappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="135"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>lineaire warmup van 0 naar de piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="136"/>
        <source>total steps</source>
        <translation>totaal aantal stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="136"/>
        <source>length of the cosine schedule</source>
        <translation>lengte van het cosinusschema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="137"/>
        <source>minimum LR</source>
        <translation>minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="137"/>
        <source>LR at the end of the cosine</source>
        <translation>LR aan het eind van de cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="138"/>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="139"/>
        <source>batch size</source>
        <translation>batchgrootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="139"/>
        <source>rows per optimiser step (global batch)</source>
        <translation>rijen per optimizerstap (globale batch)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="140"/>
        <source>gradient accumulation</source>
        <translation>gradiëntaccumulatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="140"/>
        <source>micro-batches a step is split into</source>
        <translation>micro-batches waarin een stap wordt opgesplitst</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="141"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="142"/>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="142"/>
        <source>weights and data order</source>
        <translation>gewichten en datavolgorde</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="143"/>
        <source>device</source>
        <translation>apparaat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="144"/>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="145"/>
        <source>torch threads</source>
        <translation>torch-threads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="145"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: bepaald bij het aanmaken (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="146"/>
        <source>auto (all cores but one)</source>
        <translation>auto (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="147"/>
        <source>validation every</source>
        <translation>validatie elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="147"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="148"/>
        <source>probe every</source>
        <translation>probe elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="148"/>
        <source>steps between attention/embedding probes</source>
        <translation>stappen tussen attention-/embeddingprobes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="149"/>
        <source>sample every</source>
        <translation>sample elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="149"/>
        <source>steps between generated samples</source>
        <translation>stappen tussen gegenereerde samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="150"/>
        <source>checkpoint every</source>
        <translation>checkpoint elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="150"/>
        <source>steps between checkpoints</source>
        <translation>stappen tussen checkpoints</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="167"/>
        <source>Data</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="171"/>
        <source>bytes per embedded source</source>
        <translation>bytes per ingebouwde bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="172"/>
        <source>cap on the UTF-8 bytes each embedded source gives</source>
        <translation>maximum aan UTF-8-bytes die elke ingebouwde bron levert</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="179"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="183"/>
        <source>the starting point&apos;s</source>
        <translation>dat van het startpunt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="184"/>
        <source>none: a uniform mixture</source>
        <translation>geen: een uniforme mix</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="188"/>
        <source>the open run&apos;s constraints now</source>
        <translation>huidige beperkingen van de open run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="219"/>
        <source>Start from</source>
        <translation>Starten vanaf</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="225"/>
        <source>Start now</source>
        <translation>Nu starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="227"/>
        <source>Train the new run as soon as it is made (else: press Start)</source>
        <translation>De nieuwe run trainen zodra hij is aangemaakt (anders: druk op Start)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="230"/>
        <source>Create</source>
        <translation>Aanmaken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="249"/>
        <source>The run&apos;s folder name, under the runs folder</source>
        <translation>Mapnaam van de run, in de runsmap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="258"/>
        <source>the schedule&apos;s end</source>
        <translation>einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="259"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>Training stopt bij deze stap (leeg: bij schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="262"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="263"/>
        <source>max steps</source>
        <translation>max. stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="365"/>
        <source>These settings do not go together: {clash}</source>
        <translation>Deze instellingen gaan niet samen: {clash}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="367"/>
        <source>{n} setting to fix (in red).</source>
        <translation>{n} instelling te herstellen (in rood).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="367"/>
        <source>{n} settings to fix (in red).</source>
        <translation>{n} instellingen te herstellen (in rood).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="371"/>
        <source>{n} setting changed from the starting point.</source>
        <translation>{n} instelling gewijzigd ten opzichte van het startpunt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="372"/>
        <source>{n} settings changed from the starting point.</source>
        <translation>{n} instellingen gewijzigd ten opzichte van het startpunt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="401"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>max. stappen: een geheel getal in [1, {max}], of leeg voor het einde van het schema</translation>
    </message>
</context>
<context>
    <name>QtNewRunFields</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_fields.py" line="247"/>
        <source>Every source has the same weight throughout.</source>
        <translation>Elke bron heeft steeds hetzelfde gewicht.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_fields.py" line="250"/>
        <source>A uniform mixture.</source>
        <translation>Een uniforme mix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_fields.py" line="251"/>
        <source>The walk of the starting point.</source>
        <translation>De wandeling van het startpunt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_fields.py" line="253"/>
        <source>The constraints the open run&apos;s curriculum has now.</source>
        <translation>De beperkingen die het curriculum van de open run nu heeft.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_fields.py" line="260"/>
        <source> Left out, not sources of this run: {names}.</source>
        <translation> Weggelaten, geen bronnen van deze run: {names}.</translation>
    </message>
</context>
<context>
    <name>QtRunEstimates</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="74"/>
        <source>trial failed: {error}</source>
        <translation>proef mislukt: {error}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="94"/>
        <source>Estimates</source>
        <translation>Schattingen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="99"/>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="99"/>
        <source>weights of the model (the tied embedding once)</source>
        <translation>gewichten van het model (de gekoppelde embedding één keer)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="100"/>
        <source>Memory to train</source>
        <translation>Geheugen voor training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="100"/>
        <source>fp32 weights, gradients, AdamW moments and activations (estimate)</source>
        <translation>fp32-gewichten, gradiënten, AdamW-momenten en activaties (schatting)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="101"/>
        <source>Tokens per step</source>
        <translation>Tokens per stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="101"/>
        <source>train.batch_size x model.block_size</source>
        <translation>train.batch_size x model.block_size</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="102"/>
        <source>FLOPs per token</source>
        <translation>FLOPs per token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="102"/>
        <source>6 N + 12 L T d (Kaplan et al., 2020); per step in brackets</source>
        <translation>6 N + 12 L T d (Kaplan e.a., 2020); per stap tussen haakjes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="103"/>
        <source>Time per step</source>
        <translation>Tijd per stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="104"/>
        <source>measured: {steps} trial steps of this model on random tokens, at the chosen threads, after one warm-up step</source>
        <translation>gemeten: {steps} proefstappen van dit model op willekeurige tokens, met de gekozen threads, na één opwarmstap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="105"/>
        <source>ETA</source>
        <translation>Geschatte duur</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="105"/>
        <source>time per step x steps to train (max steps, or the schedule&apos;s total)</source>
        <translation>tijd per stap x te trainen stappen (max. stappen, of het totaal van het schema)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="140"/>
        <source>≈ {mib} MiB of {gib} GiB</source>
        <translation>≈ {mib} MiB van {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="144"/>
        <source>{per_token}  ({per_step} a step)</source>
        <translation>{per_token}  ({per_step} per stap)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="148"/>
        <source>measuring…</source>
        <translation>meten…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_new_run_estimates.py" line="158"/>
        <source>{duration} for {steps} steps</source>
        <translation>{duration} voor {steps} stappen</translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="42"/>
        <source>(no sample at this step)</source>
        <translation>(geen sample bij deze stap)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="44"/>
        <source>⚠ repetitive: {share} of its word pairs repeat</source>
        <translation>⚠ repetitief: {share} van de woordparen herhaalt zich</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="63"/>
        <source>Samples side by side</source>
        <translation>Samples naast elkaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="83"/>
        <source>Reload</source>
        <translation>Opnieuw laden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="84"/>
        <source>Read the runs&apos; samples again</source>
        <translation>De samples van de runs opnieuw lezen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="114"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="128"/>
        <source>{n} step with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt.</source>
        <translation>{n} stap met samples, {common} daarvan in elke run (nieuwste eerst). Samples worden elke probe.sample_interval stappen met dezelfde prompt gegenereerd.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="130"/>
        <source>{n} steps with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt.</source>
        <translation>{n} stappen met samples, {common} daarvan in elke run (nieuwste eerst). Samples worden elke probe.sample_interval stappen met dezelfde prompt gegenereerd.</translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="64"/>
        <source>New Experiment — %1</source>
        <translation>Nieuw experiment — %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="68"/>
        <source>Two runs, the same in every setting but the LR warmup: one takes its first step at the peak LR (as the documents&apos; v1, whose samples collapsed into “region region region”), the other warms up linearly (as v2). They train one after the other, then the loss and LR panels overlay them and their samples are shown side by side.</source>
        <translation>Twee runs, gelijk in elke instelling behalve de LR-warmup: de ene zet zijn eerste stap op de piek-LR (zoals v1 uit de documenten, waarvan de samples instortten tot “region region region”), de andere warmt lineair op (zoals v2). Ze trainen na elkaar, daarna leggen de loss- en LR-panelen ze over elkaar en worden hun samples naast elkaar getoond.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="74"/>
        <source>The preset both runs start from</source>
        <translation>De preset waar beide runs van uitgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="78"/>
        <source>preset</source>
        <translation>preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="80"/>
        <source>peak LR</source>
        <translation>piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="80"/>
        <source>the peak learning rate of both runs</source>
        <translation>de piek-learning-rate van beide runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="81"/>
        <source>warmup steps</source>
        <translation>warmupstappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="82"/>
        <source>linear warmup of the warmup run (the other has none)</source>
        <translation>lineaire warmup van de warmup-run (de andere heeft er geen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="83"/>
        <source>steps per run</source>
        <translation>stappen per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="83"/>
        <source>each run trains to this step</source>
        <translation>elke run traint tot deze stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="86"/>
        <source>The folder the two runs are made in</source>
        <translation>De map waarin de twee runs worden aangemaakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="87"/>
        <source>Browse…</source>
        <translation>Bladeren…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="92"/>
        <source>folder</source>
        <translation>map</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="93"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="94"/>
        <source>the runs are &lt;name&gt;-no-warmup and &lt;name&gt;-warmup-&lt;steps&gt;</source>
        <translation>de runs zijn &lt;name&gt;-no-warmup en &lt;name&gt;-warmup-&lt;steps&gt;</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="99"/>
        <source>runs</source>
        <translation>runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="105"/>
        <source>Train both</source>
        <translation>Beide trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="132"/>
        <source>Make the experiment&apos;s runs in</source>
        <translation>De runs van het experiment aanmaken in</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="187"/>
        <source>{first}: the peak LR from the first step</source>
        <translation>{first}: de piek-LR vanaf de eerste stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="188"/>
        <source>{second}: linear warmup over {steps} steps</source>
        <translation>{second}: lineaire warmup over {steps} stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="192"/>
        <source>(named once the settings in red are fixed)</source>
        <translation>(krijgen een naam zodra de rode instellingen kloppen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="198"/>
        <source>What to expect: {expectation}</source>
        <translation>Wat je kunt verwachten: {expectation}</translation>
    </message>
</context>
<context>
    <name>ReadingPane</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_reading_pane.py" line="124"/>
        <source>How to read this</source>
        <translation>Zo lees je dit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_reading_pane.py" line="125"/>
        <source>What this picture means, with a worked example where there is one</source>
        <translation>Wat dit beeld betekent, met een uitgewerkt voorbeeld waar er een is</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="141"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A query q and three keys; change any number and the weights are recomputed by the same function that computes the heatmaps.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Een query q en drie keys; verander een willekeurig getal en de gewichten worden opnieuw berekend door dezelfde functie die de heatmaps berekent.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="160"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="200"/>
        <source>d&lt;sub&gt;k&lt;/sub&gt; = {d}, so √d&lt;sub&gt;k&lt;/sub&gt; = {root}; the weights add up to {total}.</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt; = {d}, dus √d&lt;sub&gt;k&lt;/sub&gt; = {root}; de gewichten tellen op tot {total}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="223"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three token embeddings shrunk to three dimensions; change any number and the similarities are recomputed by the index behind the neighbour table.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Drie token-embeddings teruggebracht tot drie dimensies; verander een willekeurig getal en de overeenkomsten worden opnieuw berekend door de index achter de burentabel.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="241"/>
        <source>cosine</source>
        <translation>cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="242"/>
        <source>distance</source>
        <translation>afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="276"/>
        <source>Nearest by cosine: {pairs}.</source>
        <translation>Dichtstbij volgens cosinus: {pairs}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="298"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three sources, H ({h}), G ({g}) and D ({d}): a floor on H and a cap on D cut the triangle; the region and its corners are computed by the code that draws the panel.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Drie bronnen, H ({h}), G ({g}) en D ({d}): een ondergrens op H en een bovengrens op D snijden de driehoek; het gebied en zijn hoekpunten worden berekend door de code die het paneel tekent.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="307"/>
        <source>H ≥</source>
        <translation>H ≥</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="310"/>
        <source>D ≤</source>
        <translation>D ≤</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="376"/>
        <source>The region has {n} corners, listed below as weights (H, G, D) that add up to 1.</source>
        <translation>Het gebied heeft {n} hoekpunten, hieronder gegeven als gewichten (H, G, D) die optellen tot 1.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="19"/>
        <source>The loss is your altitude on a landscape</source>
        <translation>De loss is je hoogte in een landschap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="21"/>
        <source>Each setting of the model&apos;s weights is one point in a space with one axis per parameter. The loss gives every point a height, and the heights form a landscape of peaks, valleys, saddles and plateaus. Training walks downhill on it, one step per batch, and this curve is the altitude the walk has reached at each step.</source>
        <translation>Elke instelling van de gewichten van het model is één punt in een ruimte met één as per parameter. De loss geeft elk punt een hoogte, en die hoogtes vormen een landschap van toppen, dalen, zadels en plateaus. De training loopt daarop bergafwaarts, één stap per batch, en deze curve is de hoogte die de wandeling bij elke stap heeft bereikt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="27"/>
        <source>The smoothed line is the trend; the jitter around it comes from each batch standing on a slightly different patch of ground. The per-source curves measure the same position on each source&apos;s own data: when one of them plunges towards zero while the others do not, the walk has found a narrow trench, text of that source learned by heart rather than understood (the documents&apos; “zombie cliff”).</source>
        <translation>De afgevlakte lijn is de trend; het gespring eromheen komt doordat elke batch op een net iets ander stukje grond staat. De curves per bron meten dezelfde positie op de eigen data van elke bron: als een ervan naar nul duikt terwijl de andere dat niet doen, heeft de wandeling een smalle geul gevonden, tekst van die bron uit het hoofd geleerd in plaats van begrepen (de “zombieklif” uit de documenten).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="34"/>
        <source>Validation points are measured on text the model never trains on. While they follow the training curve, the valley is one that new text shares; when they part from it, the walk is going down ground that only the training data has. The vertical markers note events (the end of the warmup, pivots, anomalies); at a curriculum pivot the landscape itself moves, because the loss is then measured on a different mixture of data.</source>
        <translation>Validatiepunten worden gemeten op tekst waarop het model nooit traint. Zolang ze de trainingscurve volgen, is het dal er een dat nieuwe tekst deelt; wijken ze ervan af, dan daalt de wandeling af over grond die alleen de trainingsdata heeft. De verticale markeringen geven gebeurtenissen aan (het einde van de warmup, pivots, anomalieën); bij een curriculumpivot verschuift het landschap zelf, omdat de loss dan op een andere mix van data wordt gemeten.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="44"/>
        <source>The learning rate is the length of each downhill step</source>
        <translation>De learning rate is de lengte van elke stap bergaf</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="46"/>
        <source>The gradient points the steepest way up the loss landscape; an optimiser step moves the weights the other way, and the learning rate sets how far (AdamW also rescales each direction by what it has seen of it so far).</source>
        <translation>De gradiënt wijst de steilste weg omhoog in het loss-landschap; een optimizerstap verschuift de gewichten de andere kant op, en de learning rate bepaalt hoe ver (AdamW schaalt bovendien elke richting naar wat het er tot nu toe van heeft gezien).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="51"/>
        <source>Fresh random weights sit on sharply curved ground. A full-length first step from there can overshoot into the wrong valley and never climb out: the documents&apos; first run did exactly that and ended up repeating one word. The linear warmup at the start of the plan is the cure: short steps first, so the weights drift along the gentle directions into calmer ground before the steps reach their full length.</source>
        <translation>Verse willekeurige gewichten staan op scherp gekromde grond. Een eerste stap van volle lengte kan van daaruit doorschieten naar het verkeerde dal en er nooit meer uitklimmen: de eerste run uit de documenten deed precies dat en bleef uiteindelijk één woord herhalen. De lineaire warmup aan het begin van het plan is het middel: eerst korte stappen, zodat de gewichten langs de zachte richtingen naar rustiger grond drijven voordat de stappen hun volle lengte bereiken.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="58"/>
        <source>After the peak the cosine decay shortens the steps again, so the walk settles into the valley it has found instead of bouncing from wall to wall. The grey curve is the plan, drawn ahead of time because the schedule depends on the step alone; the coloured curve is what each step actually used, and the dot is where the run is now.</source>
        <translation>Na de piek maakt de cosine decay de stappen weer korter, zodat de wandeling zich in het gevonden dal nestelt in plaats van van wand tot wand te stuiteren. De grijze curve is het plan, vooraf getekend omdat het schema alleen van de stap afhangt; de gekleurde curve is wat elke stap werkelijk gebruikte, en de stip is waar de run nu is.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="67"/>
        <source>The data mixture is a point on a simplex</source>
        <translation>De datamix is een punt op een simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="69"/>
        <source>The mixture gives every source a probability of being sampled. Probabilities are never negative and add up to one, so each mixture is a point of a simplex: a triangle for three sources, its higher-dimensional relative for more (drawn here as a polygon, a flat shadow of the real shape). A corner trains on one source alone, with no variety at all, a place where a model can collapse; an edge mixes two sources; the inside mixes them all.</source>
        <translation>De mix geeft elke bron een kans om gesampled te worden. Kansen zijn nooit negatief en tellen op tot één, dus elke mix is een punt van een simplex: een driehoek bij drie bronnen, zijn hoger-dimensionale verwant bij meer (hier getekend als een veelhoek, een platte schaduw van de echte vorm). Een hoekpunt traint op één bron alleen, zonder enige variatie, een plek waar een model kan instorten; een zijde mengt twee bronnen; het binnenste mengt ze allemaal.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="76"/>
        <source>A floor (a source&apos;s least weight) and a cap (its greatest) each slice the simplex with a flat cut. The filled &lt;i&gt;reachable region&lt;/i&gt; is what lies on the allowed side of every cut; excluding a source is a cap of zero, which flattens the region by one whole dimension.</source>
        <translation>Een ondergrens (het kleinste gewicht van een bron) en een bovengrens (het grootste) snijden elk de simplex met een vlakke snede. Het gevulde &lt;i&gt;bereikbare gebied&lt;/i&gt; is wat aan de toegestane kant van elke snede ligt; een bron uitsluiten is een bovengrens van nul, die het gebied een hele dimensie platter maakt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="81"/>
        <source>Every phase puts down a new point. A random phase jumps to a point drawn evenly from the region; a bandit phase moves part of the way towards the corner of the region that the bandit&apos;s upper confidence bound favours now. A pivot draws a new region and the walk goes on inside it; a dashed outline is the smaller sub-simplex of the curriculum warmup.</source>
        <translation>Elke fase zet een nieuw punt neer. Een willekeurige fase springt naar een punt dat gelijkmatig uit het gebied wordt getrokken; een banditfase beweegt een deel van de weg naar het hoekpunt van het gebied dat de upper confidence bound (UCB) van de bandit nu verkiest. Een pivot tekent een nieuw gebied en de wandeling gaat daarbinnen verder; een gestippelde omtrek is de kleinere sub-simplex van de curriculumwarmup.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="90"/>
        <source>Each row is a query looking at the past through its head&apos;s window</source>
        <translation>Elke rij is een query die door het venster van zijn head naar het verleden kijkt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="92"/>
        <source>For the token in one row, the head forms a query vector q and compares it with the key vector k of every token so far. The dot product q·k measures how far each key reaches along the query&apos;s direction: a long projection means that earlier token answers what this token is asking, a short one means it hardly matters. The head&apos;s output is the tokens&apos; values mixed in those proportions.</source>
        <translation>Voor het token in een rij vormt de head een queryvector q en vergelijkt die met de keyvector k van elk token tot nu toe. Het inproduct q·k meet hoe ver elke key reikt langs de richting van de query: een lange projectie betekent dat dat eerdere token antwoordt op wat dit token vraagt, een korte dat het nauwelijks uitmaakt. De uitvoer van de head is de values van de tokens, in die verhoudingen gemengd.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="99"/>
        <source>The scores are divided by √d&lt;sub&gt;k&lt;/sub&gt; so they do not grow with the head&apos;s dimension; without it the softmax would hand nearly all the weight to a single key. The softmax then turns the scores into weights that add up to one along each row.</source>
        <translation>De scores worden gedeeld door √d&lt;sub&gt;k&lt;/sub&gt; zodat ze niet meegroeien met de dimensie van de head; zonder dat zou de softmax bijna al het gewicht aan één key geven. De softmax maakt van de scores vervolgens gewichten die langs elke rij optellen tot één.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="104"/>
        <source>Above the diagonal lie future tokens: the causal mask sets their scores to −∞ before the softmax, so they get no weight at all (drawn grey), in training and in generation alike. Each head projects onto its own small subspace of the model&apos;s space, so the grid shows layers × heads independent views of one sentence: one head may follow the previous token, another the first token, another an earlier copy of the current one.</source>
        <translation>Boven de diagonaal liggen toekomstige tokens: het causale masker zet hun scores op −∞ vóór de softmax, zodat ze helemaal geen gewicht krijgen (grijs getekend), bij training en bij generatie evengoed. Elke head projecteert op zijn eigen kleine deelruimte van de ruimte van het model, dus het raster toont lagen × heads onafhankelijke blikken op één zin: de ene head volgt misschien het vorige token, een andere het eerste token, weer een andere een eerdere kopie van het huidige.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="114"/>
        <source>Every token is a point, and closeness is an angle</source>
        <translation>Elk token is een punt, en nabijheid is een hoek</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="116"/>
        <source>Each row of the token-embedding matrix places one token of the vocabulary in a space with d_model dimensions. Cosine similarity reads the angle between two tokens&apos; vectors: 1 when they point the same way, 0 at right angles, −1 when opposite. Euclidean distance also counts how long the vectors are.</source>
        <translation>Elke rij van de token-embeddingmatrix plaatst één token van de woordenschat in een ruimte met d_model dimensies. Cosine similarity leest de hoek tussen de vectoren van twee tokens: 1 als ze dezelfde kant op wijzen, 0 bij een rechte hoek, −1 als ze tegengesteld zijn. De euclidische afstand telt ook mee hoe lang de vectoren zijn.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="122"/>
        <source>Every training step nudges the points a little. Tokens used in similar contexts come to point in similar directions; tokens from unrelated fields end up nearly at right angles.</source>
        <translation>Elke trainingsstap duwt de punten een klein beetje. Tokens die in vergelijkbare contexten voorkomen, gaan in vergelijkbare richtingen wijzen; tokens uit ongerelateerde vakgebieden komen bijna loodrecht op elkaar te staan.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="126"/>
        <source>The table lists the chosen token&apos;s nearest points exactly. The picture is a flat shadow (PCA) of a neighbourhood with many dimensions, so two points that look close there need not be. The watch list shows when neighbourhoods stop changing: a stable set means those tokens have found their place.</source>
        <translation>De tabel geeft de dichtstbijzijnde punten van het gekozen token exact. Het beeld is een platte schaduw (PCA) van een buurt met veel dimensies, dus twee punten die daar dichtbij lijken, hoeven dat niet te zijn. De volglijst laat zien wanneer buurten niet meer veranderen: een stabiele verzameling betekent dat die tokens hun plek hebben gevonden.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="135"/>
        <source>Samples show where the walk has taken the model</source>
        <translation>Samples laten zien waar de wandeling het model heeft gebracht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="137"/>
        <source>Every so often the model continues the same prompt, so the list reads as a diary of what the current point on the loss landscape can do. Early text is noise; training turns it into words, then phrases, then the voices of the data mixture.</source>
        <translation>Af en toe zet het model dezelfde prompt voort, zodat de lijst leest als een dagboek van wat het huidige punt in het loss-landschap kan. Vroege tekst is ruis; training maakt er woorden van, dan zinsdelen, dan de stemmen van de datamix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="142"/>
        <source>A sample that repeats itself (“region region region”) is the mark of a bad valley: the documents&apos; first run fell into one by taking full-length steps from fresh weights. Such samples are flagged here and marked on the loss panel. Samples that copy one source&apos;s style for long stretches suggest the mixture has been camping near that source&apos;s corner of the simplex.</source>
        <translation>Een sample die zichzelf herhaalt (“region region region”) is het kenmerk van een slecht dal: de eerste run uit de documenten viel erin door stappen van volle lengte te zetten vanaf verse gewichten. Zulke samples worden hier gemarkeerd en op het loss-paneel aangegeven. Samples die lange stukken de stijl van één bron kopiëren, wijzen erop dat de mix bij het hoekpunt van die bron op de simplex heeft gekampeerd.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="152"/>
        <source>The terrain puts the loss landscape on the screen</source>
        <translation>Het terrein zet het loss-landschap op het scherm</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="154"/>
        <source>The loss surface has as many dimensions as the model has weights, so it cannot be drawn whole. The surface here is a slice through the current weights along two fixed random directions, each scaled to the size of the weights it moves, so slices of different steps can be compared. The path shows earlier weights projected on the two directions in which they changed most, over the loss on that plane.</source>
        <translation>Het loss-oppervlak heeft evenveel dimensies als het model gewichten heeft, dus het kan niet in zijn geheel getekend worden. Het oppervlak hier is een doorsnede door de huidige gewichten langs twee vaste willekeurige richtingen, elk geschaald naar de grootte van de gewichten die ze verschuift, zodat doorsneden van verschillende stappen te vergelijken zijn. Het pad toont eerdere gewichten, geprojecteerd op de twee richtingen waarin ze het meest veranderden, boven de loss op dat vlak.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="161"/>
        <source>Sharpness, the largest curvature λ&lt;sub&gt;max&lt;/sub&gt;, says how steep the valley&apos;s walls are along its steepest direction: above 2/η, plain gradient descent with step size η would bounce across the valley instead of going down it.</source>
        <translation>Sharpness, de grootste kromming λ&lt;sub&gt;max&lt;/sub&gt;, zegt hoe steil de wanden van het dal zijn langs de steilste richting: boven 2/η zou gewone gradient descent met stapgrootte η heen en weer over het dal stuiteren in plaats van erin af te dalen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="166"/>
        <source>Basin width is how much the loss rises a fixed distance away. A small rise is a wide basin, where many nearby weights are just as good, and the documents tie such basins to better behaviour on new text; a sharp rise is a narrow trench, like the one a source learned by heart digs.</source>
        <translation>Komwijdte is hoeveel de loss stijgt op een vaste afstand. Een kleine stijging is een brede kom, waar veel nabije gewichten net zo goed zijn, en de documenten verbinden zulke kommen met beter gedrag op nieuwe tekst; een scherpe stijging is een smalle geul, zoals een bron die uit het hoofd is geleerd er een graaft.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="175"/>
        <source>Compared runs are walks from different starting rules</source>
        <translation>Vergeleken runs zijn wandelingen vanuit verschillende startregels</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="177"/>
        <source>Each checked run is another walk on a landscape of the same kind: the same model shape, started from other settings (a learning rate, a warmup, a curriculum). Overlaid, their loss curves show which rule went down faster and which got stuck; the settings table under the list names the only keys in which they differ, so the cause is in that list.</source>
        <translation>Elke aangevinkte run is een andere wandeling in een landschap van dezelfde soort: dezelfde modelvorm, gestart vanuit andere instellingen (een learning rate, een warmup, een curriculum). Over elkaar gelegd laten hun loss-curves zien welke regel sneller daalde en welke vastliep; de instellingentabel onder de lijst noemt alleen de sleutels waarin ze verschillen, dus de oorzaak staat in die lijst.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="183"/>
        <source>By step, the walks are compared update for update; by tokens seen, for the same amount of text read (a larger batch takes longer steps through the data); by wall time, for the hours they cost. A branch shares its parent&apos;s walk up to the step it was taken from and leaves it there: the documents&apos; v3 did that, turning into a polish phase without going back to the start.</source>
        <translation>Per stap worden de wandelingen update voor update vergeleken; per geziene tokens voor dezelfde hoeveelheid gelezen tekst (een grotere batch zet langere stappen door de data); per kloktijd voor de uren die ze kosten. Een aftakking deelt de wandeling van haar ouder tot de stap waarvan ze is genomen en verlaat die daar: v3 uit de documenten deed dat en ging over in een polijstfase zonder terug te gaan naar het begin.</translation>
    </message>
</context>
</TS>
