<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl">
<context>
    <name>BranchLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_branch_launch.py" line="87"/>
        <source>Branch from Checkpoint</source>
        <translation>Aftakken van checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_branch_launch.py" line="107"/>
        <source>Branching {run} at step {step}…</source>
        <translation>{run} aftakken bij stap {step}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_branch_launch.py" line="114"/>
        <source>Branched {run} at step {step} into {folder}</source>
        <translation>{run} afgetakt bij stap {step} naar {folder}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_branch_launch.py" line="127"/>
        <source>Branch not made</source>
        <translation>Aftakking niet gemaakt</translation>
    </message>
</context>
<context>
    <name>CurriculumSteering</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="106"/>
        <source>Cannot exclude the source</source>
        <translation>Bron kan niet worden uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="107"/>
        <source>{source} is not one of this run&apos;s sources ({sources}).</source>
        <translation>{source} is geen bron van deze run ({sources}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="113"/>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="125"/>
        <source>Cannot exclude {source}</source>
        <translation>{source} kan niet worden uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="114"/>
        <source>{source} is the only source left: excluding it would leave nothing to train on.</source>
        <translation>{source} is de enige bron die over is: uitsluiten laat niets over om op te trainen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="122"/>
        <source>Its floor ({floor}) keeps it in the mixture: lower it to 0 in the Curriculum dialog (Ctrl+E).</source>
        <translation>De ondergrens ({floor}) houdt de bron in de mix: verlaag die naar 0 in het venster Curriculum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="124"/>
        <source>Change the other constraints in the Curriculum dialog (Ctrl+E).</source>
        <translation>Wijzig de andere beperkingen in het venster Curriculum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="135"/>
        <source>Curriculum not applied</source>
        <translation>Curriculum niet toegepast</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="136"/>
        <source>Training has stopped: there is no run to pivot.</source>
        <translation>De training is gestopt: er is geen run om te pivoteren.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_curriculum_steering.py" line="142"/>
        <source>Curriculum pivot requested: it applies at the next step boundary</source>
        <translation>Curriculum-pivot aangevraagd: geldt vanaf de volgende stapgrens</translation>
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
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="114"/>
        <source>{run}: its checkpoints cannot be listed ({error})</source>
        <translation>{run}: de checkpoints kunnen niet worden opgesomd ({error})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="117"/>
        <source>{run} has no checkpoint to branch from</source>
        <translation>{run} heeft geen checkpoint om van af te takken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="127"/>
        <source>step {step} · saved by hand</source>
        <translation>stap {step} · met de hand opgeslagen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="127"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="129"/>
        <source>The branch starts from this checkpoint: its history up to this step is the parent&apos;s, its own starts at the next step</source>
        <translation>De aftakking begint bij dit checkpoint: de geschiedenis tot deze stap is die van de ouder, de eigen geschiedenis begint bij de volgende stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="139"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimizer (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="140"/>
        <source>LR from the branch&apos;s start</source>
        <translation>LR vanaf begin aftakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="141"/>
        <source>a new value is the LR the branch starts from; the schedule decays from it to the minimum LR</source>
        <translation>een nieuwe waarde is de LR waarmee de aftakking begint; het schema laat die afnemen tot de minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="143"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="143"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 van Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="144"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="145"/>
        <source>gradient clip</source>
        <translation>gradiëntclipping</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="145"/>
        <source>global L2 norm; 0: off</source>
        <translation>globale L2-norm; 0: uit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="146"/>
        <source>Schedule</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="147"/>
        <source>warmup steps</source>
        <translation>warmup-stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="148"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>lineaire warmup van 0 tot de piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="149"/>
        <source>total steps</source>
        <translation>totaal aantal stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="150"/>
        <source>where the cosine reaches the minimum LR</source>
        <translation>waar de cosinus de minimale LR bereikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="151"/>
        <source>minimum LR</source>
        <translation>minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="151"/>
        <source>LR at the end of the cosine</source>
        <translation>LR aan het einde van de cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="152"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="153"/>
        <source>gradient accumulation</source>
        <translation>gradiëntaccumulatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="154"/>
        <source>micro-batches a step is split into</source>
        <translation>micro-batches waarin een stap wordt verdeeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="155"/>
        <source>validation every</source>
        <translation>validatie elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="155"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="156"/>
        <source>probe every</source>
        <translation>probe elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="156"/>
        <source>steps between attention/embedding probes</source>
        <translation>stappen tussen attention-/embeddingprobes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="157"/>
        <source>sample every</source>
        <translation>sample elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="157"/>
        <source>steps between generated samples</source>
        <translation>stappen tussen gegenereerde samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="158"/>
        <source>checkpoint every</source>
        <translation>checkpoint elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="158"/>
        <source>steps between checkpoints</source>
        <translation>stappen tussen checkpoints</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="159"/>
        <source>device</source>
        <translation>apparaat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="160"/>
        <source>torch threads</source>
        <translation>torch-threads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="161"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: bepaald bij het aanmaken (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="162"/>
        <source>auto (all cores but one)</source>
        <translation>auto (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="176"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="180"/>
        <source>the parent&apos;s (unchanged)</source>
        <translation>die van de ouder (ongewijzigd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="181"/>
        <source>none: a uniform mixture</source>
        <translation>geen: een uniforme mix</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="184"/>
        <source>A new curriculum reaches the restored bandit as a pivot at the branch&apos;s first step</source>
        <translation>Een nieuw curriculum bereikt de herstelde bandit als pivot bij de eerste stap van de aftakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="198"/>
        <source>Branch &lt;b&gt;{run}&lt;/b&gt; from its checkpoint</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt; aftakken vanaf een checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="208"/>
        <source>Start now</source>
        <translation>Nu starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="210"/>
        <source>Train the branch as soon as it is made (else: press Continue)</source>
        <translation>De aftakking trainen zodra die gemaakt is (anders: druk op Doorgaan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="213"/>
        <source>Branch</source>
        <translation>Aftakken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="232"/>
        <source>The branch&apos;s folder name, beside the parent&apos;s folder</source>
        <translation>Mapnaam van de aftakking, naast de map van de ouder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="241"/>
        <source>the schedule&apos;s end</source>
        <translation>einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="242"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>De training stopt bij deze stap (leeg: bij schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="245"/>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="370"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="246"/>
        <source>max steps</source>
        <translation>max. stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="279"/>
        <source>Kept from the parent (its checkpoint only means something with them): model {layers} layers × {width} wide, {heads} heads, context {context}, vocabulary {vocab} · data {data} · seed {seed} · batch size {batch}.</source>
        <translation>Overgenomen van de ouder (het checkpoint heeft alleen zin met deze): model {layers} lagen × {width} breed, {heads} heads, context {context}, vocabulaire {vocab} · data {data} · seed {seed} · batchgrootte {batch}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="286"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s.</source>
        <translation>De geschiedenis van de aftakking tot stap {step} is die van de ouder.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="287"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s; its last LR there was {lr}.</source>
        <translation>De geschiedenis van de aftakking tot stap {step} is die van de ouder; de laatste LR daar was {lr}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="352"/>
        <source>This checkpoint&apos;s settings cannot be read: choose another.</source>
        <translation>De instellingen van dit checkpoint zijn onleesbaar: kies een ander.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="354"/>
        <source>These settings do not go together: {problem}</source>
        <translation>Deze instellingen gaan niet samen: {problem}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="357"/>
        <source>{n} settings to fix (in red).</source>
        <translation>{n} instellingen te herstellen (in rood).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="357"/>
        <source>{n} setting to fix (in red).</source>
        <translation>{n} instelling te herstellen (in rood).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="361"/>
        <source>{n} setting changed from step {step}&apos;s.</source>
        <translation>{n} instelling gewijzigd t.o.v. stap {step}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="362"/>
        <source>{n} settings changed from step {step}&apos;s.</source>
        <translation>{n} instellingen gewijzigd t.o.v. stap {step}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="371"/>
        <source>the branch (its folder&apos;s)</source>
        <translation>de aftakking (haar map)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="380"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>max. stappen: een geheel getal in [1, {max}], of leeg voor het einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="383"/>
        <source>max steps: past the branch&apos;s start (step {step})</source>
        <translation>max. stappen: voorbij het begin van de aftakking (stap {step})</translation>
    </message>
</context>
<context>
    <name>QtCompareView</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="43"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="43"/>
        <source>tokens seen</source>
        <translation>geziene tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="44"/>
        <source>relative wall time</source>
        <translation>relatieve kloktijd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="58"/>
        <source>source:{source}</source>
        <translation>bron:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="60"/>
        <source>val:{source}</source>
        <translation>val:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="61"/>
        <source>smoothed</source>
        <translation>afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="62"/>
        <source>val</source>
        <translation>val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="62"/>
        <source>used</source>
        <translation>gebruikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="168"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_compare.py" line="169"/>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
</context>
<context>
    <name>QtCurriculumDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="64"/>
        <source>floor: minimum weight of {source}</source>
        <translation>ondergrens: minimaal gewicht van {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="66"/>
        <source>cap: maximum weight of {source}</source>
        <translation>bovengrens: maximaal gewicht van {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="72"/>
        <source>excluded</source>
        <translation>uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="73"/>
        <source>warmup</source>
        <translation>warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="74"/>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="311"/>
        <source>active during the curriculum warmup</source>
        <translation>actief tijdens de curriculum-warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="147"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="164"/>
        <source>Load a preset…</source>
        <translation>Preset laden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="174"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="174"/>
        <source>floor</source>
        <translation>ondergrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="174"/>
        <source>floor ↔ cap</source>
        <translation>onder ↔ boven</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="174"/>
        <source>cap</source>
        <translation>bovengrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="211"/>
        <source>keep the bandit&apos;s statistics</source>
        <translation>statistieken van de bandit behouden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="214"/>
        <source>the current weights, projected into the new region</source>
        <translation>de huidige gewichten, geprojecteerd in het nieuwe gebied</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="215"/>
        <source>the centre of the new region</source>
        <translation>het midden van het nieuwe gebied</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="217"/>
        <source>Curriculum warmup steps</source>
        <translation>Warmup-stappen curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="220"/>
        <source>to</source>
        <translation>tot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="222"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="223"/>
        <source>Phase length</source>
        <translation>Faselengte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="224"/>
        <source>Share of random phases</source>
        <translation>Aandeel willekeurige fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="225"/>
        <source>UCB exploration c</source>
        <translation>UCB-exploratie c</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="226"/>
        <source>Bandit step γ</source>
        <translation>Banditstap γ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="227"/>
        <source>Restart the walk from</source>
        <translation>Wandeling herstarten vanaf</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="232"/>
        <source>Walk</source>
        <translation>Wandeling</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="249"/>
        <source>Apply (pivot)</source>
        <translation>Toepassen (pivot)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="255"/>
        <source>&lt;b&gt;Reachable region&lt;/b&gt; (grey: now, blue: new)</source>
        <translation>&lt;b&gt;Bereikbaar gebied&lt;/b&gt; (grijs: nu, blauw: nieuw)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="301"/>
        <source>the mixture now</source>
        <translation>de mix nu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="310"/>
        <source>the curriculum warmup is over: its sources no longer matter</source>
        <translation>de curriculum-warmup is voorbij: de bronnen ervan doen er niet meer toe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="315"/>
        <source>The curriculum warmup is on: only the ticked warmup sources are sampled, up to step {step}.</source>
        <translation>De curriculum-warmup loopt: alleen de aangevinkte warmup-bronnen worden gesampled, tot stap {step}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="377"/>
        <source>Cannot apply:</source>
        <translation>Kan niet toepassen:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="382"/>
        <source>Feasible: a region with {count} vertices.</source>
        <translation>Haalbaar: een gebied met {count} hoekpunten.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="383"/>
        <source>Feasible.</source>
        <translation>Haalbaar.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="413"/>
        <source>This run has no source named {sources}: their constraints were skipped.</source>
        <translation>Deze run heeft geen bron met de naam {sources}: hun beperkingen zijn overgeslagen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="416"/>
        <source>Assumed (not in the seeds): {sources}.</source>
        <translation>Aangenomen (niet in de seeds): {sources}.</translation>
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
    <name>QtRunsDock</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="78"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="79"/>
        <source>tokens seen</source>
        <translation>geziene tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="80"/>
        <source>relative wall time</source>
        <translation>relatieve kloktijd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="136"/>
        <source>x axis of the compared runs&apos; curves</source>
        <translation>x-as van de curves van de vergeleken runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="138"/>
        <source>per source</source>
        <translation>per bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="139"/>
        <source>Also draw each compared run&apos;s per-source training and validation losses</source>
        <translation>Ook de trainings- en validatieloss per bron van elke vergeleken run tekenen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="142"/>
        <source>Compare checked runs against</source>
        <translation>Aangevinkte runs vergelijken op</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="149"/>
        <source>Open</source>
        <translation>Openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="149"/>
        <source>Show this run in the window</source>
        <translation>Deze run in het venster tonen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="150"/>
        <source>Rename…</source>
        <translation>Hernoemen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="150"/>
        <source>Rename the run&apos;s folder</source>
        <translation>De map van de run hernoemen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="151"/>
        <source>Tags…</source>
        <translation>Tags…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="151"/>
        <source>Tags of the run (comma-separated)</source>
        <translation>Tags van de run (kommagescheiden)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="152"/>
        <source>Colour…</source>
        <translation>Kleur…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="152"/>
        <source>The run&apos;s colour in comparisons</source>
        <translation>De kleur van de run in vergelijkingen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="153"/>
        <source>Delete…</source>
        <translation>Verwijderen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="154"/>
        <source>Delete the run&apos;s folder (asks first)</source>
        <translation>De map van de run verwijderen (vraagt eerst)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="175"/>
        <source>Samples side by side…</source>
        <translation>Samples naast elkaar…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="176"/>
        <source>The checked runs&apos; samples at the same steps, one column per run</source>
        <translation>Samples van de aangevinkte runs bij dezelfde stappen, één kolom per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="296"/>
        <source>setting</source>
        <translation>instelling</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="304"/>
        <source>Check two or more runs to list the settings that differ between them.</source>
        <translation>Vink twee of meer runs aan om de instellingen te zien waarin ze verschillen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="306"/>
        <source>Settings that differ between the {n} checked runs: {count}</source>
        <translation>Instellingen die verschillen tussen de {n} aangevinkte runs: {count}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="307"/>
        <source>The {n} checked runs have the same settings.</source>
        <translation>De {n} aangevinkte runs hebben dezelfde instellingen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="336"/>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="342"/>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="392"/>
        <source>Rename Run</source>
        <translation>Run hernoemen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="337"/>
        <source>{run} is being trained here: stop it first.</source>
        <translation>{run} wordt hier getraind: stop die eerst.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="357"/>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="401"/>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="371"/>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="377"/>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="422"/>
        <source>Delete Run</source>
        <translation>Run verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="372"/>
        <source>{run} is open in the window: open another run first.</source>
        <translation>{run} is open in het venster: open eerst een andere run.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="392"/>
        <source>New folder name:</source>
        <translation>Nieuwe mapnaam:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="402"/>
        <source>Tags of {run} (comma-separated):</source>
        <translation>Tags van {run} (kommagescheiden):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="412"/>
        <source>Colour of {run}</source>
        <translation>Kleur van {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="420"/>
        <source>Delete {run} and everything in it (checkpoints, metrics, samples)?</source>
        <translation>{run} en alles erin verwijderen (checkpoints, metrieken, samples)?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_dock.py" line="424"/>
        <source>Delete</source>
        <translation>Verwijderen</translation>
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
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="64"/>
        <source>New Experiment — %1</source>
        <translation>Nieuw experiment — %1</translation>
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
    <name>RunsTableModel</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="25"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="25"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="26"/>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="26"/>
        <source>Steps</source>
        <translation>Stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="27"/>
        <source>Last loss</source>
        <translation>Laatste loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="27"/>
        <source>Best val</source>
        <translation>Beste val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="28"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="28"/>
        <source>Started</source>
        <translation>Gestart</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="29"/>
        <source>Parent</source>
        <translation>Ouder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="29"/>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="34"/>
        <source>new</source>
        <translation>nieuw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="35"/>
        <source>running</source>
        <translation>loopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="36"/>
        <source>finished</source>
        <translation>klaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="37"/>
        <source>stopped</source>
        <translation>gestopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="38"/>
        <source>failed</source>
        <translation>mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_runs_model.py" line="39"/>
        <source>unreadable</source>
        <translation>onleesbaar</translation>
    </message>
</context>
</TS>
