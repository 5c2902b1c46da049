<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl">
<context>
    <name>BanditTable</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="130"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="130"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="131"/>
        <source>floor</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="131"/>
        <source>cap</source>
        <translation>max</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="132"/>
        <source>pulls</source>
        <translation>pulls</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="132"/>
        <source>reward</source>
        <translation>reward</translation>
    </message>
</context>
<context>
    <name>EventMarkers</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="64"/>
        <source>LR warmup end</source>
        <translation>einde LR-warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="65"/>
        <source>curriculum warmup end</source>
        <translation>einde curriculumwarmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="66"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="67"/>
        <source>anomaly</source>
        <translation>anomalie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="68"/>
        <source>pause</source>
        <translation>pauze</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="69"/>
        <source>settings changed</source>
        <translation>instellingen gewijzigd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="80"/>
        <source>anomaly: {kind}</source>
        <translation>anomalie: {kind}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="320"/>
        <source>step {step}: {label}</source>
        <translation>stap {step}: {label}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="324"/>
        <source>… and {n} more</source>
        <translation>… en nog {n}</translation>
    </message>
</context>
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
    <name>QPlatformTheme</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="16"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="17"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="18"/>
        <source>Close</source>
        <translation>Sluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="19"/>
        <source>Apply</source>
        <translation>Toepassen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="20"/>
        <source>Reset</source>
        <translation>Herstellen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="21"/>
        <source>Restore Defaults</source>
        <translation>Standaardwaarden herstellen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="22"/>
        <source>&amp;Yes</source>
        <translation>&amp;Ja</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="23"/>
        <source>&amp;No</source>
        <translation>&amp;Nee</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="24"/>
        <source>Save</source>
        <translation>Opslaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="25"/>
        <source>Discard</source>
        <translation>Verwerpen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="26"/>
        <source>Help</source>
        <translation>Help</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="27"/>
        <source>Open</source>
        <translation>Openen</translation>
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
    <name>QtCrosshair</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_hover.py" line="153"/>
        <source>(step {step})</source>
        <translation>(stap {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_hover.py" line="369"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
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
    <name>QtLRPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="88"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="89"/>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="93"/>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="136"/>
        <source>planned</source>
        <translation>gepland</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="94"/>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="137"/>
        <source>used</source>
        <translation>gebruikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="125"/>
        <source>peak {peak} · warmup {warmup} steps · cosine to {min_lr} at step {total}</source>
        <translation>piek {peak} · warmup {warmup} stappen · cosine naar {min_lr} bij stap {total}</translation>
    </message>
</context>
<context>
    <name>QtLossPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="60"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="61"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="64"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="95"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="194"/>
        <source>raw</source>
        <translation>ruw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="65"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="195"/>
        <source>smoothed</source>
        <translation>afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="68"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="196"/>
        <source>val (mean)</source>
        <translation>val (gemiddeld)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="75"/>
        <source>val (per source)</source>
        <translation>val (per bron)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="88"/>
        <source>EMA smoothing weight (debiased, as TensorBoard)</source>
        <translation>Gewicht van de EMA-afvlakking (zonder bias, zoals TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="92"/>
        <source>log y</source>
        <translation>log y</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="101"/>
        <source>Smoothing</source>
        <translation>Afvlakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="107"/>
        <source>Sources:</source>
        <translation>Bronnen:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="203"/>
        <source>val {source}</source>
        <translation>val {source}</translation>
    </message>
</context>
<context>
    <name>QtNewRunDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_new_run_dialog.py" line="99"/>
        <source>New Run</source>
        <translation>Nieuwe run</translation>
    </message>
</context>
<context>
    <name>QtParentHistory</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="104"/>
        <source>parent ({run} ≤ {step})</source>
        <translation>ouder ({run} ≤ {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="224"/>
        <source>parent raw</source>
        <translation>ouder ruw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="225"/>
        <source>parent smoothed</source>
        <translation>ouder afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="226"/>
        <source>parent val</source>
        <translation>ouder val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="227"/>
        <source>parent used</source>
        <translation>ouder gebruikt</translation>
    </message>
</context>
<context>
    <name>QtSamplesPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="25"/>
        <source>temperature {value}</source>
        <translation>temperature {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="27"/>
        <source>top-k all</source>
        <translation>top-k alle</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="28"/>
        <source>top-k {k}</source>
        <translation>top-k {k}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="29"/>
        <source>every {n} steps</source>
        <translation>elke {n} stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="63"/>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="85"/>
        <source>Samples appear every few hundred steps (probe.sample_interval).</source>
        <translation>Samples verschijnen om de paar honderd stappen (probe.sample_interval).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="90"/>
        <source>all</source>
        <comment>top-k: every token</comment>
        <translation>alle</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="92"/>
        <source>A sample of {tokens} tokens after “{prompt}” every {interval} steps, at temperature {temperature} and top-k {top_k} (the run&apos;s probe settings).</source>
        <translation>Een sample van {tokens} tokens na “{prompt}” elke {interval} stappen, bij temperature {temperature} en top-k {top_k} (de probe-instellingen van de run).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="96"/>
        <source>Samples are off (probe.enabled = false).</source>
        <translation>Samples staan uit (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="133"/>
        <source>repetitive ({share} repeated bigrams)</source>
        <translation>repetitief ({share} herhaalde bigrammen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="137"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="62"/>
        <source>Samples side by side</source>
        <translation>Samples naast elkaar</translation>
    </message>
</context>
<context>
    <name>QtSimplexPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="81"/>
        <source>bandit phase</source>
        <translation>banditfase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="81"/>
        <source>random phase</source>
        <translation>willekeurige fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="81"/>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="280"/>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="293"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="85"/>
        <source>now</source>
        <translation>nu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="97"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="110"/>
        <source>floor</source>
        <translation>ondergrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="111"/>
        <source>cap</source>
        <translation>bovengrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="115"/>
        <source>fade older phases</source>
        <translation>oude fasen bleker</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="118"/>
        <source>Older phases of the path are paler; the oldest one shown stays visible</source>
        <translation>Oudere fasen van het pad zijn bleker; de oudste getoonde blijft zichtbaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="122"/>
        <source>last </source>
        <translation>laatste </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="123"/>
        <source> phases</source>
        <translation> fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="124"/>
        <source>all phases</source>
        <translation>alle fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="125"/>
        <source>Draw only the last K phases of the path (all: every phase)</source>
        <translation>Alleen de laatste K fasen van het pad tekenen (alle: elke fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="146"/>
        <source>Path:</source>
        <translation>Pad:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="227"/>
        <source>warmup sub-region from step {step}</source>
        <translation>warmup-deelgebied vanaf stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="228"/>
        <source>reachable region from step {step}</source>
        <translation>bereikbaar gebied vanaf stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="280"/>
        <source>phase {n} · {mode}</source>
        <translation>fase {n} · {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="284"/>
        <source>steps {first}–{last}</source>
        <translation>stappen {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="285"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="287"/>
        <source>from step {step} (the current phase)</source>
        <translation>vanaf stap {step} (de huidige fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="293"/>
        <source>bandit</source>
        <translation>bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="293"/>
        <source>random</source>
        <translation>willekeurig</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="362"/>
        <source>Weights of the sources: {names}</source>
        <translation>Gewichten van de bronnen: {names}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="392"/>
        <source>inactive</source>
        <translation>inactief</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="406"/>
        <source>No curriculum: a fixed uniform mixture.</source>
        <translation>Geen curriculum: een vaste uniforme mix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="409"/>
        <source>curriculum warmup: sub-simplex of {sources}</source>
        <translation>curriculumwarmup: deelsimplex van {sources}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="412"/>
        <source>floors {list}</source>
        <translation>ondergrenzen {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="414"/>
        <source>caps {list}</source>
        <translation>bovengrenzen {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="416"/>
        <source>excluded {list}</source>
        <translation>uitgesloten {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="419"/>
        <source>phase: {mode}</source>
        <translation>fase: {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="420"/>
        <source>reachable region: the whole simplex</source>
        <translation>bereikbaar gebied: de hele simplex</translation>
    </message>
</context>
<context>
    <name>QtTerrainPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="94"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="313"/>
        <source>no terrain yet</source>
        <translation>nog geen terrein</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="97"/>
        <source>The surface and slices on the held-out rows of every source, or of one</source>
        <translation>Het oppervlak en de doorsneden op de held-out rijen van alle bronnen, of van één</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="98"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="346"/>
        <source>all sources</source>
        <translation>alle bronnen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="100"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="271"/>
        <source>Compute now</source>
        <translation>Nu berekenen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="102"/>
        <source>Compute the terrain of the current weights (or of the newest checkpoint)</source>
        <translation>Het terrein van de huidige gewichten berekenen (of van het nieuwste checkpoint)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="109"/>
        <source>Dashed: 2/η, the edge of stability of plain gradient descent (Cohen et al., 2021). AdamW&apos;s threshold differs: it bounds the preconditioned sharpness (≈ 38/η for β1 = 0.9, Cohen et al., 2022), so λ_max can sit far below this line.</source>
        <translation>Gestreept: 2/η, de rand van stabiliteit van gewone gradient descent (Cohen et al., 2021). De drempel van AdamW is anders: die begrenst de gepreconditioneerde sharpness (≈ 38/η bij β1 = 0.9, Cohen et al., 2022), dus λ_max kan ver onder deze lijn liggen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="137"/>
        <source>Surface as CSV…</source>
        <translation>Oppervlak als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="138"/>
        <source>Trajectory as CSV…</source>
        <translation>Traject als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="139"/>
        <source>Sharpness and basin width over steps as CSV…</source>
        <translation>Sharpness en komwijdte per stap als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="141"/>
        <source>Terrain step</source>
        <translation>Terreinstap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="252"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="252"/>
        <source>anomaly</source>
        <translation>anomalie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="253"/>
        <source>lr warmup end</source>
        <translation>einde lr-warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="253"/>
        <source>curriculum warmup end</source>
        <translation>einde curriculumwarmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="259"/>
        <source>{kind} at step {step}</source>
        <translation>{kind} bij stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="271"/>
        <source>Computing…</source>
        <translation>Berekenen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="305"/>
        <source>computed every terrain.interval steps while training</source>
        <translation>berekend elke terrain.interval stappen tijdens de training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="307"/>
        <source>computed every {n} steps while training</source>
        <translation>berekend elke {n} stappen tijdens de training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="309"/>
        <source>terrain jobs are off for this run (terrain.interval = 0, or on_cpu = false on a CPU)</source>
        <translation>terreintaken staan uit voor deze run (terrain.interval = 0, of on_cpu = false op een CPU)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="311"/>
        <source>No terrain yet: {when}, or press Compute now.

For a finished run: andrea-terrain RUN_DIR --all computes it for every checkpoint.</source>
        <translation>Nog geen terrein: {when}, of druk op Nu berekenen.

Voor een voltooide run: andrea-terrain RUN_DIR --all berekent het voor elk checkpoint.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="324"/>
        <source>step {step} ({n} results)</source>
        <translation>stap {step} ({n} resultaten)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="327"/>
        <source>step {step} · loss {loss} nats/token on {rows} held-out rows · λ_max {eig} (2/η = {eos}) · tr(H) {trace} ± {stderr} · basin rise at ρ = {radius}: mean {mean}, max {max}</source>
        <translation>stap {step} · loss {loss} nats/token op {rows} held-out rijen · λ_max {eig} (2/η = {eos}) · tr(H) {trace} ± {stderr} · stijging van de kom bij ρ = {radius}: gemiddeld {mean}, max {max}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="362"/>
        <source>Export</source>
        <translation>Exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="362"/>
        <source>There is no terrain to export yet.</source>
        <translation>Er is nog geen terrein om te exporteren.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="365"/>
        <source>Export terrain table</source>
        <translation>Terreintabel exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="366"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV-tabel (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="373"/>
        <source>Export failed</source>
        <translation>Exporteren mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="374"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Kies een andere map of bestandsnaam.</translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="64"/>
        <source>New Experiment — %1</source>
        <translation>Nieuw experiment — %1</translation>
    </message>
</context>
<context>
    <name>QtWatchList</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="57"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="57"/>
        <source># probes</source>
        <translation># probes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="57"/>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="72"/>
        <source>overlap</source>
        <translation>overlap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="58"/>
        <source>mean (last 5)</source>
        <translation>gem. (laatste 5)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="59"/>
        <source>watched token</source>
        <translation>gevolgd token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="59"/>
        <source>probes with a neighbour set</source>
        <translation>probes met een burenset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="60"/>
        <source>share of its neighbours also neighbours at the previous probe</source>
        <translation>aandeel van zijn buren dat ook bij de vorige probe buur was</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="61"/>
        <source>mean overlap over the last five probes</source>
        <translation>gemiddelde overlap over de laatste vijf probes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="66"/>
        <source>Remove</source>
        <translation>Verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="67"/>
        <source>Stop tracking the selected watched token</source>
        <translation>Het geselecteerde token niet meer volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="71"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="73"/>
        <source>Each watched token&apos;s neighbour set: the share also in the previous probe&apos;s set</source>
        <translation>De burenset van elk gevolgd token: het aandeel dat ook in de set van de vorige probe zat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="77"/>
        <source>Watch list: do the neighbour sets settle?</source>
        <translation>Volglijst: worden de burensets stabiel?</translation>
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
<context>
    <name>TerrainPlots</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="80"/>
        <source>loss (nats/token)</source>
        <translation>loss (nats/token)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="120"/>
        <source>loss around the weights (random directions)</source>
        <translation>loss rond de gewichten (willekeurige richtingen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="121"/>
        <source>α along d1 (filter-normalised)</source>
        <translation>α langs d1 (filtergenormaliseerd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="122"/>
        <source>β along d2</source>
        <translation>β langs d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="127"/>
        <source>path on the terrain (PCA of the snapshots)</source>
        <translation>pad over het terrein (PCA van de snapshots)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="138"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="230"/>
        <source>1-D slices through the weights</source>
        <translation>1D-doorsneden door de gewichten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="139"/>
        <source>distance (filter-normalised)</source>
        <translation>afstand (filtergenormaliseerd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="140"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="142"/>
        <source>along d1</source>
        <translation>langs d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="143"/>
        <source>along d2</source>
        <translation>langs d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="146"/>
        <source>sharpness: λ_max of the Hessian</source>
        <translation>sharpness: λ_max van de Hessiaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="147"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="157"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="167"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="154"/>
        <source>2/η (plain GD)</source>
        <translation>2/η (gewone GD)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="156"/>
        <source>tr(H), Hutchinson (± 1 s.e.)</source>
        <translation>tr(H), Hutchinson (± 1 s.e.)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="158"/>
        <source>trace</source>
        <translation>spoor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="166"/>
        <source>basin width: loss rise at radius ρ</source>
        <translation>komwijdte: stijging van de loss bij straal ρ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="168"/>
        <source>rise</source>
        <translation>stijging</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="171"/>
        <source>mean</source>
        <translation>gemiddeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="173"/>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="206"/>
        <source>PC1 ({share} % of the path)</source>
        <translation>PC1 ({share} % van het pad)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="212"/>
        <source>the path needs 3 snapshots ({n} so far)</source>
        <translation>het pad heeft 3 snapshots nodig (nu {n})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="229"/>
        <source>1-D slices through the weights ({source})</source>
        <translation>1D-doorsneden door de gewichten ({source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="253"/>
        <source>basin width: loss rise at radius ρ = {radius}</source>
        <translation>komwijdte: stijging van de loss bij straal ρ = {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="269"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source} (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token op {source} (de gewichten)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="271"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source}</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token op {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="273"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token (de gewichten)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="275"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="288"/>
        <source>step {step}: PC1 {x}, PC2 {y} (the weights of this terrain)</source>
        <translation>stap {step}: PC1 {x}, PC2 {y} (de gewichten van dit terrein)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="290"/>
        <source>step {step}: PC1 {x}, PC2 {y}</source>
        <translation>stap {step}: PC1 {x}, PC2 {y}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="297"/>
        <source>PC1 {x}, PC2 {y} · loss {loss} nats/token</source>
        <translation>PC1 {x}, PC2 {y} · loss {loss} nats/token</translation>
    </message>
</context>
</TS>
