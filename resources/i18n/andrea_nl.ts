<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nl">
<context>
    <name>BanditTable</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="147"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="147"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="148"/>
        <source>floor</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="148"/>
        <source>cap</source>
        <translation>max</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="149"/>
        <source>pulls</source>
        <translation>beurten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="149"/>
        <source>reward</source>
        <translation>beloning</translation>
    </message>
</context>
<context>
    <name>BranchLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="99"/>
        <source>Branch from Checkpoint</source>
        <translation>Aftakken van checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="119"/>
        <source>Branching {run} at step {step}…</source>
        <translation>{run} aftakken bij stap {step}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="126"/>
        <source>Branched {run} at step {step} into {folder}</source>
        <translation>{run} afgetakt bij stap {step} naar {folder}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="139"/>
        <source>Branch not made</source>
        <translation>Aftakking niet gemaakt</translation>
    </message>
</context>
<context>
    <name>CoreMessages</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="23"/>
        <source>{key}: expected a number, got {value}</source>
        <translation>{key}: een getal verwacht, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="24"/>
        <source>{key}: expected an integer, got {value}</source>
        <translation>{key}: een geheel getal verwacht, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="25"/>
        <source>{key}: expected true or false, got {value}</source>
        <translation>{key}: true of false verwacht, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="26"/>
        <source>{key}: must be a finite number, got {value}</source>
        <translation>{key}: moet een eindig getal zijn, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="27"/>
        <source>{key}: must be in {range}{rest}</source>
        <translation>{key}: moet in {range} liggen{rest}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="28"/>
        <source>{key}: must be {op} {bound}{rest}</source>
        <translation>{key}: moet {op} {bound} zijn{rest}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="29"/>
        <source>{key}: must be in {range}{rest}, got {value}</source>
        <translation>{key}: moet in {range} liggen{rest}, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="30"/>
        <source>{key}: must be {op} {bound}{rest}, got {value}</source>
        <translation>{key}: moet {op} {bound} zijn{rest}, niet {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="31"/>
        <source>{key}: must not be empty</source>
        <translation>{key}: mag niet leeg zijn</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="32"/>
        <source>{key}: {value} is out of range (at most {most} in size)</source>
        <translation>{key}: {value} valt buiten het bereik (hoogstens {most} groot)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="33"/>
        <source>{key}: {value} is too large</source>
        <translation>{key}: {value} is te groot</translation>
    </message>
</context>
<context>
    <name>CurriculumSteering</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="119"/>
        <source>Cannot exclude the source</source>
        <translation>Bron kan niet worden uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="120"/>
        <source>{source} is not one of this run&apos;s sources ({sources}).</source>
        <translation>{source} is geen bron van deze run ({sources}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="126"/>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="138"/>
        <source>Cannot exclude {source}</source>
        <translation>{source} kan niet worden uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="127"/>
        <source>{source} is the only source left: excluding it would leave nothing to train on.</source>
        <translation>{source} is de enige bron die over is: uitsluiten laat niets over om op te trainen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="135"/>
        <source>Its floor ({floor}) keeps it in the mixture: lower it to 0 in the Curriculum dialog (Ctrl+E).</source>
        <translation>De ondergrens ({floor}) houdt de bron in de mix: verlaag die naar 0 in het venster Curriculum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="137"/>
        <source>Change the other constraints in the Curriculum dialog (Ctrl+E).</source>
        <translation>Wijzig de andere beperkingen in het venster Curriculum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="148"/>
        <source>Curriculum not applied</source>
        <translation>Curriculum niet toegepast</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="149"/>
        <source>Training has stopped: there is no run to pivot.</source>
        <translation>De training is gestopt: er is geen run om te pivoteren.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="155"/>
        <source>Curriculum pivot requested: it applies at the next step boundary</source>
        <translation>Curriculumpivot aangevraagd: geldt vanaf de volgende stapgrens</translation>
    </message>
</context>
<context>
    <name>EventMarkers</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="32"/>
        <source>LR warmup end</source>
        <translation>einde LR-warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="33"/>
        <source>curriculum warmup end</source>
        <translation>einde curriculumwarmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="34"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="35"/>
        <source>anomaly</source>
        <translation>anomalie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="36"/>
        <source>pause</source>
        <translation>pauze</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="37"/>
        <source>settings changed</source>
        <translation>instellingen gewijzigd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="38"/>
        <source>induction heads form</source>
        <translation>induction heads ontstaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="92"/>
        <source>anomaly: {kind}</source>
        <translation>anomalie: {kind}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="117"/>
        <source>down to {share} of the median over {n} step(s)</source>
        <translation>
            <numerusform>tot {share} van de mediaan in {n} stap</numerusform>
            <numerusform>tot {share} van de mediaan in {n} stappen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="119"/>
        <source>up to {factor} times the median over {n} step(s)</source>
        <translation>
            <numerusform>tot {factor} keer de mediaan in {n} stap</numerusform>
            <numerusform>tot {factor} keer de mediaan in {n} stappen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="458"/>
        <source>step {step}: {label}</source>
        <translation>stap {step}: {label}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="463"/>
        <source>… and {n} more</source>
        <translation>… en nog {n}</translation>
    </message>
</context>
<context>
    <name>FolderNames</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="36"/>
        <source>{field}: give {what} a name</source>
        <translation>{field}: geef {what} een naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="37"/>
        <source>the run</source>
        <translation>de run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="39"/>
        <source>{field}: it names a folder: no / \ : * ? &quot; &lt; &gt; |, control characters or surrounding spaces</source>
        <translation>{field}: dit is een mapnaam: geen / \ : * ? &quot; &lt; &gt; |, stuurtekens of spaties eromheen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="42"/>
        <source>{field}: it may not start with a dot (hidden folders are not listed)</source>
        <translation>{field}: mag niet met een punt beginnen (verborgen mappen worden niet getoond)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="45"/>
        <source>{field}: too long for a folder name ({size} bytes in UTF-8; at most {limit})</source>
        <translation>{field}: te lang voor een mapnaam ({size} bytes in UTF-8; hoogstens {limit})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="58"/>
        <source>{field}: {path} exists already; choose another name</source>
        <translation>{field}: {path} bestaat al; kies een andere naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="67"/>
        <source>{field}: {path} cannot be looked at ({reason})</source>
        <translation>{field}: {path} is niet te bekijken ({reason})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="76"/>
        <source>folder</source>
        <translation>map</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="79"/>
        <source>{field}: {path} names no user&apos;s home folder</source>
        <translation>{field}: {path} is de thuismap van geen enkele gebruiker</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="82"/>
        <source>{field}: give the folder the runs are made in</source>
        <translation>{field}: geef de map op waarin de runs worden gemaakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="84"/>
        <source>{field}: {path} is no folder name (a NUL, or too long)</source>
        <translation>{field}: {path} is geen mapnaam (een NUL, of te lang)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="93"/>
        <source>{field}: {path} is a file, not a folder</source>
        <translation>{field}: {path} is een bestand, geen map</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="96"/>
        <source>{field}: {path} cannot be written (no permission, or read-only)</source>
        <translation>{field}: {path} is niet beschrijfbaar (geen rechten, of alleen-lezen)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="180"/>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="181"/>
        <source>LR schedule</source>
        <translation>LR-schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="182"/>
        <source>Mixture on the simplex</source>
        <translation>Mix op de simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="183"/>
        <source>Samples</source>
        <translation>Samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="184"/>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="185"/>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="186"/>
        <source>Terrain</source>
        <translation>Terrein</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="187"/>
        <source>Runs</source>
        <translation>Runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="244"/>
        <source>idle</source>
        <translation>inactief</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="252"/>
        <source>Run directory</source>
        <translation>Runmap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="345"/>
        <source>step {step} / {limit}</source>
        <translation>stap {step} / {limit}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="346"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="353"/>
        <source>ETA {time}</source>
        <translation>nog {time}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="376"/>
        <source>stopping…</source>
        <translation>stoppen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="382"/>
        <source>Checkpoints are written while a run trains</source>
        <translation>Checkpoints worden geschreven terwijl een run traint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="488"/>
        <source>finishing the current step…</source>
        <translation>huidige stap afronden…</translation>
    </message>
</context>
<context>
    <name>NewRunLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/new_run_launch.py" line="57"/>
        <source>{run}&apos;s settings</source>
        <translation>instellingen van {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/new_run_launch.py" line="60"/>
        <source>the settings given at start</source>
        <translation>de bij het starten gegeven instellingen</translation>
    </message>
</context>
<context>
    <name>QGnomeTheme</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="71"/>
        <source>&amp;OK</source>
        <translation>&amp;OK</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="71"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuleren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="72"/>
        <source>&amp;Close</source>
        <translation>&amp;Sluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="72"/>
        <source>&amp;Save</source>
        <translation>Op&amp;slaan</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="66"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="66"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="68"/>
        <source>Close</source>
        <translation>Sluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="68"/>
        <source>Apply</source>
        <translation>Toepassen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="70"/>
        <source>Restore Defaults</source>
        <translation>Standaardwaarden herstellen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="67"/>
        <source>&amp;Yes</source>
        <translation>&amp;Ja</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="67"/>
        <source>&amp;No</source>
        <translation>&amp;Nee</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="69"/>
        <source>Save</source>
        <translation>Opslaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="69"/>
        <source>Discard</source>
        <translation>Verwerpen</translation>
    </message>
</context>
<context>
    <name>QtActions</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="30"/>
        <source>ready — press Continue</source>
        <translation>gereed — druk op Doorgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="31"/>
        <source>ready — press Start</source>
        <translation>gereed — druk op Start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="33"/>
        <source>stopped — press Continue</source>
        <translation>gestopt — druk op Doorgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="34"/>
        <source>stopped</source>
        <translation>gestopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="36"/>
        <source>preparing data…</source>
        <translation>data voorbereiden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="37"/>
        <source>training</source>
        <translation>trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="38"/>
        <source>paused</source>
        <translation>gepauzeerd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="39"/>
        <source>finished — read-only</source>
        <translation>klaar — alleen-lezen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="41"/>
        <source>connected</source>
        <translation>verbonden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="42"/>
        <source>reconnecting…</source>
        <translation>opnieuw verbinden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="43"/>
        <source>link lost</source>
        <translation>verbinding verloren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="43"/>
        <source>connecting…</source>
        <translation>verbinden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="44"/>
        <source>remote, %1: %2</source>
        <translation>op afstand, %1: %2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="45"/>
        <source>external: %1</source>
        <translation>extern: %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="85"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="250"/>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="85"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="252"/>
        <source>Start training</source>
        <translation>Training starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="254"/>
        <source>Pause</source>
        <translation>Pauze</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="87"/>
        <source>Pause / resume at the next step boundary (Space)</source>
        <translation>Pauzeren / hervatten bij de volgende stapgrens (Spatie)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="89"/>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="89"/>
        <source>Stop training at the next step boundary</source>
        <translation>Training stoppen bij de volgende stapgrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="91"/>
        <source>Curriculum…</source>
        <translation>Curriculum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="92"/>
        <source>Edit the curriculum&apos;s constraints; Apply pivots the running training (Ctrl+E)</source>
        <translation>De beperkingen van het curriculum bewerken; Toepassen pivoteert de lopende training (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="93"/>
        <source>&amp;New Run…</source>
        <translation>&amp;Nieuwe run…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="94"/>
        <source>Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)</source>
        <translation>Een nieuwe run instellen: preset, model, optimizer, schema, data (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="95"/>
        <source>New Run from &amp;This One…</source>
        <translation>Nieuwe run vanuit &amp;deze…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="96"/>
        <source>A new run whose settings start as the open run&apos;s</source>
        <translation>Een nieuwe run waarvan de instellingen beginnen als die van de open run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="97"/>
        <source>LR &amp;Warmup vs None…</source>
        <translation>LR-&amp;warmup vs geen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="98"/>
        <source>Two runs that differ only in the LR warmup, trained in turn</source>
        <translation>Twee runs die alleen in de LR-warmup verschillen, om beurten getraind</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="99"/>
        <source>New &amp;Sweep…</source>
        <translation>Nieuwe &amp;sweep…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="100"/>
        <source>Runs that differ in 1 to 3 settings and the seed, trained in turn</source>
        <translation>Runs die verschillen in 1 tot 3 instellingen en de seed, na elkaar getraind</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="101"/>
        <source>&amp;Continue Sweep</source>
        <translation>Sweep &amp;voortzetten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="102"/>
        <source>Go on with a sweep that was stopped or cut short</source>
        <translation>Ga verder met een sweep die gestopt of afgebroken is</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="103"/>
        <source>Sweep &amp;Results…</source>
        <translation>Sweep&amp;resultaten…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="104"/>
        <source>A sweep&apos;s runs and losses, and a loss against each swept setting</source>
        <translation>De runs en losses van een sweep, en een loss tegen elke gesweepte instelling</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="106"/>
        <source>&amp;Branch from Checkpoint…</source>
        <translation>&amp;Aftakken van checkpoint…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="107"/>
        <source>A new run from one of this run&apos;s checkpoints, with a new LR, schedule or curriculum (Ctrl+B)</source>
        <translation>Een nieuwe run vanuit een van de checkpoints van deze run, met een nieuwe LR, een nieuw schema of curriculum (Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="108"/>
        <source>&amp;Open Run…</source>
        <translation>Run &amp;openen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="109"/>
        <source>Open a run directory: its history in every panel (Ctrl+O)</source>
        <translation>Een runmap openen: de geschiedenis ervan in elk paneel (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="111"/>
        <source>Open &amp;Remote Run…</source>
        <translation>Run op &amp;afstand openen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="112"/>
        <source>Follow and steer a run on another machine over SSH (ssh://host/path/to/run)</source>
        <translation>Een run op een andere machine via SSH volgen en sturen (ssh://host/pad/naar/run)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="113"/>
        <source>&amp;Save Checkpoint</source>
        <translation>Checkpoint op&amp;slaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="114"/>
        <source>Write a checkpoint now (Ctrl+S)</source>
        <translation>Nu een checkpoint schrijven (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="116"/>
        <source>Metrics as &amp;CSV…</source>
        <translation>Metrieken als &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="117"/>
        <source>Metrics as &amp;TensorBoard Event Files…</source>
        <translation>Metrieken als &amp;TensorBoard-eventbestanden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="118"/>
        <source>&amp;Weights as safetensors…</source>
        <translation>&amp;Gewichten als safetensors…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="119"/>
        <source>&amp;Hugging Face Model Folder…</source>
        <translation>&amp;Hugging Face-modelmap…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="120"/>
        <source>&amp;Quit</source>
        <translation>A&amp;fsluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="122"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Volledig scherm</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="126"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Indeling herstellen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="127"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Sneltoetsen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="128"/>
        <source>Open &amp;Log</source>
        <translation>&amp;Log openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="129"/>
        <source>Open the app&apos;s log file (what happened, for a bug report)</source>
        <translation>Het logbestand van de app openen (wat er gebeurde, voor een bugmelding)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="130"/>
        <source>&amp;About ANDREA Desktop</source>
        <translation>&amp;Over ANDREA Desktop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="154"/>
        <source>Cannot steer this remote run: {reason}</source>
        <translation>Deze run op afstand kan niet gestuurd worden: {reason}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="158"/>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="166"/>
        <source> preset </source>
        <translation> preset </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="170"/>
        <source>Preset of a new run</source>
        <translation>Preset van een nieuwe run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="179"/>
        <source>&amp;File</source>
        <translation>&amp;Bestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="182"/>
        <source>New &amp;Experiment</source>
        <translation>Nieuw &amp;experiment</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="188"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Recent geopend</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="192"/>
        <source>&amp;Export</source>
        <translation>E&amp;xporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="197"/>
        <source>&amp;Training</source>
        <translation>&amp;Training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="203"/>
        <source>&amp;View</source>
        <translation>Beel&amp;d</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="204"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="215"/>
        <source>&amp;Language</source>
        <translation>&amp;Taal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="227"/>
        <source>Language: %1 — applies at the next start</source>
        <translation>Taal: %1 — geldt vanaf de volgende start</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="237"/>
        <source>(none yet)</source>
        <translation>(nog geen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="250"/>
        <source>Continue</source>
        <translation>Doorgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="251"/>
        <source>Continue the run from its newest checkpoint</source>
        <translation>De run voortzetten vanaf het nieuwste checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="254"/>
        <source>Resume</source>
        <translation>Hervatten</translation>
    </message>
</context>
<context>
    <name>QtAnomalyNotice</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="137"/>
        <source>Close this notice (training is not affected)</source>
        <translation>Deze melding sluiten (de training gaat gewoon door)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="138"/>
        <source>Curriculum…</source>
        <translation>Curriculum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="139"/>
        <source>Resume</source>
        <translation>Hervatten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="164"/>
        <source>Exclude {source}</source>
        <translation>{source} uitsluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="194"/>
        <source>Loss cliff on {source}</source>
        <translation>Loss-klif bij {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="195"/>
        <source>Loss spike on {source}</source>
        <translation>Loss-piek bij {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="196"/>
        <source>Repetitive sample</source>
        <translation>Herhalende sample</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="197"/>
        <source>Mixture camping near a vertex</source>
        <translation>Mix blijft bij een hoekpunt hangen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="198"/>
        <source>Training paused: the loss is not finite</source>
        <translation>Training gepauzeerd: de loss is niet eindig</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="204"/>
        <source>Anomaly at step {step}</source>
        <translation>Anomalie bij stap {step}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="246"/>
        <source>From step {start} the loss of {source} fell as low as {loss}, {share} of its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>Vanaf stap {start} zakte de loss van {source} tot {loss}, {share} van de mediaan {median}; na {n} stap is hij terug bij de mediaan.</numerusform>
            <numerusform>Vanaf stap {start} zakte de loss van {source} tot {loss}, {share} van de mediaan {median}; na {n} stappen is hij terug bij de mediaan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="248"/>
        <source>From step {start} the loss of {source} rose as high as {loss}, {factor} times its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>Vanaf stap {start} steeg de loss van {source} tot {loss}, {factor} keer de mediaan {median}; na {n} stap is hij terug bij de mediaan.</numerusform>
            <numerusform>Vanaf stap {start} steeg de loss van {source} tot {loss}, {factor} keer de mediaan {median}; na {n} stappen is hij terug bij de mediaan.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="251"/>
        <source>Since step {start} the loss of {source} has fallen to {loss}, {share} of its median {median}, and is still falling ({n} step(s) so far).</source>
        <translation>
            <numerusform>Sinds stap {start} is de loss van {source} gezakt naar {loss}, {share} van de mediaan {median}, en hij daalt nog ({n} stap tot nu toe).</numerusform>
            <numerusform>Sinds stap {start} is de loss van {source} gezakt naar {loss}, {share} van de mediaan {median}, en hij daalt nog ({n} stappen tot nu toe).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="253"/>
        <source>Since step {start} the loss of {source} has risen to {loss}, {factor} times its median {median} ({n} step(s) so far).</source>
        <translation>
            <numerusform>Sinds stap {start} is de loss van {source} gestegen naar {loss}, {factor} keer de mediaan {median} ({n} stap tot nu toe).</numerusform>
            <numerusform>Sinds stap {start} is de loss van {source} gestegen naar {loss}, {factor} keer de mediaan {median} ({n} stappen tot nu toe).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="256"/>
        <source>At step {start} the loss of {source} fell to {loss}, {share} of its median {median} over the steps before.</source>
        <translation>Bij stap {start} zakte de loss van {source} naar {loss}, {share} van de mediaan {median} over de stappen ervoor.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="258"/>
        <source>At step {start} the loss of {source} jumped to {loss}, {factor} times its median {median} over the steps before.</source>
        <translation>Bij stap {start} sprong de loss van {source} naar {loss}, {factor} keer de mediaan {median} over de stappen ervoor.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="263"/>
        <source>A sudden drop on one source is often a passage of it that the model has learnt by heart. Exclude {source} stops sampling it (a curriculum pivot); the other sources train on. This notice follows the drop until the loss is back.</source>
        <translation>Een plotselinge daling bij één bron is vaak een passage ervan die het model uit het hoofd heeft geleerd. {source} uitsluiten stopt het samplen ervan (een curriculum-pivot); de andere bronnen trainen door. Deze melding volgt de daling tot de loss terug is.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="268"/>
        <source>A spike often passes by itself (an unusual batch). If they keep coming, the learning rate may be too high: branch from a checkpoint with a lower one (Ctrl+B), or exclude {source} (a curriculum pivot).</source>
        <translation>Een piek gaat vaak vanzelf over (een ongewone batch). Blijven ze komen, dan is de learning rate misschien te hoog: vertak vanaf een checkpoint met een lagere (Ctrl+B), of sluit {source} uit (een curriculum-pivot).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="275"/>
        <source> (rows of {source})</source>
        <translation> (rijen van {source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="276"/>
        <source>At step {step} the loss or the gradient was not finite{rows}: loss {loss}, gradient norm {grad_norm}. No update was made and no checkpoint is written from this state.</source>
        <translation>Bij stap {step} was de loss of de gradiënt niet eindig{rows}: loss {loss}, gradiëntnorm {grad_norm}. Er is geen update gedaan en uit deze toestand wordt geen checkpoint geschreven.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="282"/>
        <source>Resume retries the step. If it happens again, stop the run and branch from a checkpoint with a lower learning rate (Ctrl+B).</source>
        <translation>Hervatten probeert de stap opnieuw. Gebeurt het weer, stop dan de run en vertak vanaf een checkpoint met een lagere learning rate (Ctrl+B).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="288"/>
        <source>The sample at step {step} repeats itself: repetition score {score} (flagged from {threshold}); “{word}” is {share} of its words and {pairs} of its word pairs repeat.</source>
        <translation>De sample bij stap {step} herhaalt zichzelf: herhalingsscore {score} (gemarkeerd vanaf {threshold}); “{word}” is {share} van de woorden en {pairs} van de woordparen herhalen zich.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="295"/>
        <source>The sample at step {step} repeats itself: repetition score {score}.</source>
        <translation>De sample bij stap {step} herhaalt zichzelf: herhalingsscore {score}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="300"/>
        <source>Text that falls into a loop of a few words is how a collapse shows in the samples. The run goes on; compare it with a run with warmup or a lower learning rate (File → New Experiment).</source>
        <translation>Tekst die in een kringetje van een paar woorden valt, is hoe een ineenstorting zich in de samples toont. De run gaat door; vergelijk hem met een run met warmup of een lagere learning rate (Bestand → Nieuw experiment).</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="308"/>
        <source>For {n} step(s) the mixture has given {share} of its weight to {source}.</source>
        <translation>
            <numerusform>Al {n} stap geeft de mix {share} van zijn gewicht aan {source}.</numerusform>
            <numerusform>Al {n} stappen geeft de mix {share} van zijn gewicht aan {source}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="311"/>
        <source>For {n} step(s) the mixture has stayed near the {source} vertex.</source>
        <translation>
            <numerusform>Al {n} stap blijft de mix bij het hoekpunt {source}.</numerusform>
            <numerusform>Al {n} stappen blijft de mix bij het hoekpunt {source}.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="316"/>
        <source>A model that sees almost only one source forgets the others. Curriculum… opens the dialog: raise the other sources&apos; floors or cap {source}.</source>
        <translation>Een model dat bijna alleen één bron ziet, vergeet de andere. Curriculum… opent het venster: verhoog de ondergrenzen van de andere bronnen of begrens {source}.</translation>
    </message>
</context>
<context>
    <name>QtAttentionGrid</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/grid.py" line="163"/>
        <source>Rows are layers (L0 at the top), columns are heads (H0 at the left).
Click a head to enlarge it.</source>
        <translation>Rijen zijn layers (L0 bovenaan), kolommen zijn heads (H0 links).
Klik op een head om hem te vergroten.</translation>
    </message>
</context>
<context>
    <name>QtAttentionPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="29"/>
        <source>No attention maps: probes are off in this run (probe.enabled = false).</source>
        <translation>Geen attention-maps: probes staan uit in deze run (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="33"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="35"/>
        <source>Attention appears at the first probe ({when}): every layer&apos;s and head&apos;s map of the probe text above, one head enlarged with its tokens.</source>
        <translation>Attention verschijnt bij de eerste probe ({when}): de heatmap van elke layer en head voor de probetekst hierboven, één head vergroot met zijn tokens.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="105"/>
        <source>probe text</source>
        <translation>probetekst</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="114"/>
        <source>all heads</source>
        <translation>alle heads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="122"/>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="246"/>
        <source>no probe yet</source>
        <translation>nog geen probe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="125"/>
        <source>Heads over time</source>
        <translation>Heads door de tijd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="127"/>
        <source>Each head role&apos;s best score at every probe, instead of the enlarged head (click again to go back)</source>
        <translation>De beste score van elke head-rol bij elke probe, in plaats van de vergrote head (klik nogmaals om terug te gaan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="181"/>
        <source>query</source>
        <translation>query</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="182"/>
        <source>key</source>
        <translation>key</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="184"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="136"/>
        <source>Probe text</source>
        <translation>Probetekst</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="139"/>
        <source>attention grid</source>
        <translation>attention-raster</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="140"/>
        <source>enlarged head</source>
        <translation>vergrote head</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="144"/>
        <source>Probe step</source>
        <translation>Probestap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="318"/>
        <source>step {step}: probe file unreadable</source>
        <translation>stap {step}: probebestand onleesbaar</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="322"/>
        <source>step {step} ({n} probe(s))</source>
        <translation>
            <numerusform>stap {step} ({n} probe)</numerusform>
            <numerusform>stap {step} ({n} probes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="372"/>
        <source>probe cut to {kept} token(s) (of {total}: the context length or probe.max_tokens): the heatmap ends at “…{end}”</source>
        <translation>
            <numerusform>probe ingekort tot {kept} token (van {total}: de contextlengte of probe.max_tokens): de heatmap eindigt bij “…{end}”</numerusform>
            <numerusform>probe ingekort tot {kept} tokens (van {total}: de contextlengte of probe.max_tokens): de heatmap eindigt bij “…{end}”</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="362"/>
        <source>The heatmap is of an earlier probe (step {step}) of “{text}”, not the text above: it is probed at the next step boundary</source>
        <translation>De heatmap is van een eerdere probe (stap {step}) van “{text}”, niet van de tekst hierboven: die komt aan de beurt bij de volgende stapgrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="116"/>
        <source>highlight the heads: {role}</source>
        <translation>markeer de heads: {role}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="364"/>
        <source>The heatmap is of the probe (step {step}) of “{text}”, not the text above: it is probed at the next step boundary</source>
        <translation>De heatmap is van de probe (stap {step}) van “{text}”, niet van de tekst hierboven: die komt aan de beurt bij de volgende stapgrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="367"/>
        <source>The heatmap is of an earlier probe (step {step}) of “{text}”</source>
        <translation>De heatmap is van een eerdere probe (stap {step}) van “{text}”</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="368"/>
        <source>The heatmap is of the probe (step {step}) of “{text}”, not the text above (Enter probes it)</source>
        <translation>De heatmap is van de probe (stap {step}) van “{text}”, niet van de tekst hierboven (Enter start de probe)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="418"/>
        <source>grey: masked (a token sees only earlier tokens)</source>
        <translation>grijs: gemaskeerd (een token ziet alleen eerdere tokens)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="419"/>
        <source>magenta: NaN (not a number)</source>
        <translation>magenta: NaN (geen getal)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="429"/>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="58"/>
        <source>layer {layer} · head {head}</source>
        <translation>layer {layer} · head {head}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="60"/>
        <source>no clear role</source>
        <translation>geen duidelijke rol</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="64"/>
        <source>(no role scores: a probe file of an earlier version)</source>
        <translation>(geen rolscores: een probebestand van een eerdere versie)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="72"/>
        <source>{role}: {score} ≥ {threshold} (uniform head {baseline})</source>
        <translation>{role}: {score} ≥ {threshold} (uniforme head {baseline})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="75"/>
        <source>{role}: {score} &lt; {threshold} (uniform head {baseline})</source>
        <translation>{role}: {score} &lt; {threshold} (uniforme head {baseline})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="80"/>
        <source>Scores on a repeated random-token sequence; a role when its score reaches the threshold.</source>
        <translation>Scores op een herhaalde reeks willekeurige tokens; een rol wanneer de score de drempel haalt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="83"/>
        <source>Click to enlarge.</source>
        <translation>Klik om te vergroten.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="89"/>
        <source>entropy</source>
        <translation>entropie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="32"/>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="90"/>
        <source>previous-token</source>
        <translation>previous-token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="33"/>
        <source>first-token</source>
        <translation>first-token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="34"/>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="91"/>
        <source>sink</source>
        <translation>sink</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="35"/>
        <source>self</source>
        <translation>self</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="36"/>
        <source>fixed-position</source>
        <translation>fixed-position</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="37"/>
        <source>duplicate-token</source>
        <translation>duplicate-token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="38"/>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="92"/>
        <source>induction</source>
        <translation>induction</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="106"/>
        <source>{token} (position {i})</source>
        <translation>{token} (positie {i})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="113"/>
        <source>(… {characters} split across tokens)</source>
        <translation>(… {characters} verdeeld over tokens)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="116"/>
        <source>query {query} → key {key}: masked (a token sees only earlier tokens)</source>
        <translation>query {query} → key {key}: gemaskeerd (een token ziet alleen eerdere tokens)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="121"/>
        <source>query {query} → key {key}: NaN (not a number: the weights diverged)</source>
        <translation>query {query} → key {key}: NaN (geen getal: de gewichten zijn gedivergeerd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="124"/>
        <source>query {query} → key {key}: {weight}</source>
        <translation>query {query} → key {key}: {weight}</translation>
    </message>
</context>
<context>
    <name>QtBranchDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="111"/>
        <source>Branch from Checkpoint</source>
        <translation>Aftakken van checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="117"/>
        <source>{run}: its checkpoints cannot be listed ({error})</source>
        <translation>{run}: de checkpoints kunnen niet worden opgesomd ({error})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="120"/>
        <source>{run} has no checkpoint to branch from</source>
        <translation>{run} heeft geen checkpoint om van af te takken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="130"/>
        <source>step {step} · saved by hand</source>
        <translation>stap {step} · met de hand opgeslagen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="130"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="132"/>
        <source>The branch starts from this checkpoint: its history up to this step is the parent&apos;s, its own starts at the next step</source>
        <translation>De aftakking begint bij dit checkpoint: de geschiedenis tot deze stap is die van de ouder, de eigen geschiedenis begint bij de volgende stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="142"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimizer (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="143"/>
        <source>LR from the branch&apos;s start</source>
        <translation>LR vanaf begin aftakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="144"/>
        <source>a new value is the LR the branch starts from; the schedule decays from it to the minimum LR</source>
        <translation>een nieuwe waarde is de LR waarmee de aftakking begint; het schema laat die afnemen tot de minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="146"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="146"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 van Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="147"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="148"/>
        <source>gradient clip</source>
        <translation>gradiëntclipping</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="148"/>
        <source>global L2 norm; 0: off</source>
        <translation>globale L2-norm; 0: uit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="149"/>
        <source>Schedule</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="150"/>
        <source>warmup steps</source>
        <translation>warmupstappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="151"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>lineaire warmup van 0 tot de piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="152"/>
        <source>total steps</source>
        <translation>totaal aantal stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="153"/>
        <source>where the cosine reaches the minimum LR</source>
        <translation>waar de cosinus de minimale LR bereikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="154"/>
        <source>minimum LR</source>
        <translation>minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="154"/>
        <source>LR at the end of the cosine</source>
        <translation>LR aan het einde van de cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="155"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="156"/>
        <source>gradient accumulation</source>
        <translation>gradiëntaccumulatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="157"/>
        <source>micro-batches a step is split into</source>
        <translation>micro-batches waarin een stap wordt verdeeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="158"/>
        <source>validation every</source>
        <translation>validatie elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="158"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="159"/>
        <source>probe every</source>
        <translation>probe elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="159"/>
        <source>steps between attention/embedding probes</source>
        <translation>stappen tussen attention-/embeddingprobes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="160"/>
        <source>sample every</source>
        <translation>sample elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="160"/>
        <source>steps between generated samples</source>
        <translation>stappen tussen gegenereerde samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="161"/>
        <source>checkpoint every</source>
        <translation>checkpoint elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="161"/>
        <source>steps between checkpoints</source>
        <translation>stappen tussen checkpoints</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="162"/>
        <source>device</source>
        <translation>apparaat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="163"/>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="164"/>
        <source>torch threads</source>
        <translation>torch-threads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="165"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: bepaald bij het aanmaken (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="166"/>
        <source>auto (all cores but one)</source>
        <translation>auto (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="180"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="184"/>
        <source>the parent&apos;s (unchanged)</source>
        <translation>die van de ouder (ongewijzigd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="185"/>
        <source>none: a uniform mixture</source>
        <translation>geen: een uniforme mix</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="188"/>
        <source>A new curriculum reaches the restored bandit as a pivot at the branch&apos;s first step</source>
        <translation>Een nieuw curriculum bereikt de herstelde bandit als pivot bij de eerste stap van de aftakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="202"/>
        <source>Branch &lt;b&gt;{run}&lt;/b&gt; from its checkpoint</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt; aftakken vanaf een checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="212"/>
        <source>Start now</source>
        <translation>Nu starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="214"/>
        <source>Train the branch as soon as it is made (else: press Continue)</source>
        <translation>De aftakking trainen zodra die gemaakt is (anders: druk op Doorgaan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="217"/>
        <source>Branch</source>
        <translation>Aftakken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="236"/>
        <source>The branch&apos;s folder name, beside the parent&apos;s folder</source>
        <translation>Mapnaam van de aftakking, naast de map van de ouder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="245"/>
        <source>the schedule&apos;s end</source>
        <translation>einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="246"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>De training stopt bij deze stap (leeg: bij schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="249"/>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="376"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="250"/>
        <source>max steps</source>
        <translation>max. stappen</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="283"/>
        <source>{n} layer(s)</source>
        <translation>
            <numerusform>{n} layer</numerusform>
            <numerusform>{n} layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="284"/>
        <source>{n} head(s)</source>
        <translation>
            <numerusform>{n} head</numerusform>
            <numerusform>{n} heads</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="285"/>
        <source>Kept from the parent (its checkpoint only means something with them): model {layers} × {width} wide, {heads}, context {context}, vocabulary {vocab} · data {data} · seed {seed} · batch size {batch}.</source>
        <translation>Overgenomen van de ouder (het checkpoint heeft alleen zin met deze): model {layers} × {width} breed, {heads}, context {context}, vocabulaire {vocab} · data {data} · seed {seed} · batchgrootte {batch}.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="364"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} instelling te herstellen (in rood).</numerusform>
            <numerusform>{n} instellingen te herstellen (in rood).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="368"/>
        <source>{n} setting(s) changed from step {step}&apos;s.</source>
        <translation>
            <numerusform>{n} instelling gewijzigd t.o.v. stap {step}.</numerusform>
            <numerusform>{n} instellingen gewijzigd t.o.v. stap {step}.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="292"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s.</source>
        <translation>De geschiedenis van de aftakking tot stap {step} is die van de ouder.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="293"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s; its last LR there was {lr}.</source>
        <translation>De geschiedenis van de aftakking tot stap {step} is die van de ouder; de laatste LR daar was {lr}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="359"/>
        <source>This checkpoint&apos;s settings cannot be read: choose another.</source>
        <translation>De instellingen van dit checkpoint zijn onleesbaar: kies een ander.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="361"/>
        <source>These settings do not go together: {problem}</source>
        <translation>Deze instellingen gaan niet samen: {problem}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="377"/>
        <source>the branch (its folder&apos;s)</source>
        <translation>de aftakking (haar map)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="386"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>max. stappen: een geheel getal in [1, {max}], of leeg voor het einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="389"/>
        <source>max steps: past the branch&apos;s start (step {step})</source>
        <translation>max. stappen: voorbij het begin van de aftakking (stap {step})</translation>
    </message>
</context>
<context>
    <name>QtComparePlot</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="70"/>
        <source>tokens seen {tokens}</source>
        <translation>geziene tokens {tokens}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="75"/>
        <source>training time {seconds} s</source>
        <translation>trainingstijd {seconds} s</translation>
    </message>
</context>
<context>
    <name>QtCompareView</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="46"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="46"/>
        <source>tokens seen</source>
        <translation>geziene tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="47"/>
        <source>active training time</source>
        <translation>actieve trainingstijd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="61"/>
        <source>source:{source}</source>
        <translation>bron:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="63"/>
        <source>val:{source}</source>
        <translation>val:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="64"/>
        <source>smoothed</source>
        <translation>afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="65"/>
        <source>val</source>
        <translation>val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="65"/>
        <source>used</source>
        <translation>gebruikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="266"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="267"/>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
</context>
<context>
    <name>QtCrosshair</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/hover.py" line="176"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/hover.py" line="190"/>
        <source>n = {n}</source>
        <translation>n = {n}</translation>
    </message>
</context>
<context>
    <name>QtCurriculumDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="66"/>
        <source>floor: minimum weight of {source}</source>
        <translation>ondergrens: minimaal gewicht van {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="68"/>
        <source>cap: maximum weight of {source}</source>
        <translation>bovengrens: maximaal gewicht van {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="74"/>
        <source>excluded</source>
        <translation>uitgesloten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="75"/>
        <source>warmup</source>
        <translation>warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="76"/>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="313"/>
        <source>active during the curriculum warmup</source>
        <translation>actief tijdens de curriculumwarmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="149"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="166"/>
        <source>Load a preset…</source>
        <translation>Preset laden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>floor</source>
        <translation>ondergrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>floor ↔ cap</source>
        <translation>onder ↔ boven</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>cap</source>
        <translation>bovengrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="213"/>
        <source>keep the bandit&apos;s statistics</source>
        <translation>statistieken van de bandit behouden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="216"/>
        <source>the current weights, projected into the new region</source>
        <translation>de huidige gewichten, geprojecteerd in het nieuwe gebied</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="217"/>
        <source>the centre of the new region</source>
        <translation>het midden van het nieuwe gebied</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="219"/>
        <source>Curriculum warmup steps</source>
        <translation>Warmupstappen curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="222"/>
        <source>to</source>
        <translation>tot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="224"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="225"/>
        <source>Phase length</source>
        <translation>Faselengte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="226"/>
        <source>Share of random phases</source>
        <translation>Aandeel willekeurige fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="227"/>
        <source>UCB exploration c</source>
        <translation>UCB-exploratie c</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="228"/>
        <source>Bandit step γ</source>
        <translation>Banditstap γ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="229"/>
        <source>Restart the walk from</source>
        <translation>Wandeling herstarten vanaf</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="234"/>
        <source>Walk</source>
        <translation>Wandeling</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="251"/>
        <source>Apply (pivot)</source>
        <translation>Toepassen (pivot)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="257"/>
        <source>&lt;b&gt;Reachable region&lt;/b&gt; (grey: now, blue: new)</source>
        <translation>&lt;b&gt;Bereikbaar gebied&lt;/b&gt; (grijs: nu, blauw: nieuw)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="303"/>
        <source>the mixture now</source>
        <translation>de mix nu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="312"/>
        <source>the curriculum warmup is over: its sources no longer matter</source>
        <translation>de curriculumwarmup is voorbij: de bronnen ervan doen er niet meer toe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="317"/>
        <source>The curriculum warmup is on: only the ticked warmup sources are sampled, up to step {step}.</source>
        <translation>De curriculumwarmup loopt: alleen de aangevinkte warmup-bronnen worden gesampled, tot stap {step}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="375"/>
        <source>Cannot apply:</source>
        <translation>Kan niet toepassen:</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="380"/>
        <source>Feasible: a region with {count} vertices.</source>
        <translation>
            <numerusform>Haalbaar: een gebied met {count} hoekpunt.</numerusform>
            <numerusform>Haalbaar: een gebied met {count} hoekpunten.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="381"/>
        <source>Feasible.</source>
        <translation>Haalbaar.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="411"/>
        <source>This run has no source named {sources}: their constraints were skipped.</source>
        <translation>Deze run heeft geen bron met de naam {sources}: hun beperkingen zijn overgeslagen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="414"/>
        <source>Assumed (not in the seeds): {sources}.</source>
        <translation>Aangenomen (niet in de seeds): {sources}.</translation>
    </message>
</context>
<context>
    <name>QtDataSources</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="72"/>
        <source>Embedded demo corpus (Python docs and code)</source>
        <translation>Ingebouwd democorpus (Python-docs en -code)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="74"/>
        <source>data.embedded: the three sources built from this Python installation</source>
        <translation>data.embedded: de drie bronnen gebouwd uit deze Python-installatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>source</source>
        <translation>bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>files</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>bytes</source>
        <translation>bytes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>≈ tokens</source>
        <translation>≈ tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="87"/>
        <source>Add files…</source>
        <translation>Bestanden toevoegen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="88"/>
        <source>Add folder…</source>
        <translation>Map toevoegen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="89"/>
        <source>Remove</source>
        <translation>Verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="164"/>
        <source>Add text files as one source</source>
        <translation>Tekstbestanden als één bron toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="165"/>
        <source>Text sources (*.txt *.jsonl *.parquet);;All files (*)</source>
        <translation>Tekstbronnen (*.txt *.jsonl *.parquet);;Alle bestanden (*)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="170"/>
        <source>Add a folder of .txt / .jsonl / .parquet files</source>
        <translation>Een map met .txt-/.jsonl-/.parquet-bestanden toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="180"/>
        <source>embedded</source>
        <translation>ingebouwd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="181"/>
        <source>at most data.max_bytes_per_source bytes</source>
        <translation>hoogstens data.max_bytes_per_source bytes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="186"/>
        <source>skipped:</source>
        <translation>overgeslagen:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="215"/>
        <source>no files</source>
        <translation>geen bestanden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="216"/>
        <source>source {name}: nothing to read ({why})</source>
        <translation>bron {name}: niets te lezen ({why})</translation>
    </message>
</context>
<context>
    <name>QtEmbeddingPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="54"/>
        <source>token (type to complete; ␣ is a leading space)</source>
        <translation>token (typ om aan te vullen; ␣ is een spatie vooraan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="77"/>
        <source>No embedding: probes are off in this run (probe.enabled = false).</source>
        <translation>Geen embedding: probes staan uit in deze run (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="81"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="83"/>
        <source>The embedding appears with the first probe ({when}); it opens on a common token such as “the”.</source>
        <translation>De embedding verschijnt bij de eerste probe ({when}) en opent op een veelvoorkomend token zoals “the”.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="156"/>
        <source>cosine similarity</source>
        <translation>cosinusgelijkenis</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="157"/>
        <source>Euclidean distance</source>
        <translation>Euclidische afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="159"/>
        <source>Watch</source>
        <translation>Volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="160"/>
        <source>Track this token&apos;s neighbour set across probes</source>
        <translation>De buren van dit token over de probes heen volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="165"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="165"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="165"/>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="396"/>
        <source>cosine</source>
        <translation>cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="166"/>
        <source>Double-click a row to look at that token&apos;s neighbours</source>
        <translation>Dubbelklik op een rij om de buren van dat token te bekijken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="208"/>
        <source>PC 1</source>
        <translation>PC 1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="209"/>
        <source>PC 2</source>
        <translation>PC 2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="210"/>
        <source>PCA of the neighbourhood</source>
        <translation>PCA van de buurt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="222"/>
        <source>Neighbours</source>
        <translation>Buren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="222"/>
        <source>PCA of the token and its k neighbours, labelled</source>
        <translation>PCA van het token en zijn k buren, met labels</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="223"/>
        <source>Whole vocabulary</source>
        <translation>Hele vocabulaire</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="224"/>
        <source>Every token as a point, the token and its neighbours marked (like TensorBoard&apos;s projector)</source>
        <translation>Elk token als een punt, het token en zijn buren gemarkeerd (zoals de projector van TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="175"/>
        <source>PCA picture</source>
        <translation>PCA-beeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="176"/>
        <source>vocabulary map</source>
        <translation>vocabulairekaart</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="178"/>
        <source>stability plot</source>
        <translation>stabiliteitsgrafiek</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="180"/>
        <source>Neighbour table as CSV…</source>
        <translation>Burentabel als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="183"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="336"/>
        <source>step {step} · {tokens} tokens × d_model {d}</source>
        <translation>stap {step} · {tokens} tokens × d_model {d}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="347"/>
        <source>{token} shown; type a token (type to complete; ␣ is a leading space)</source>
        <translation>{token} getoond; typ een token (typ om aan te vullen; ␣ is een spatie vooraan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="305"/>
        <source>The run&apos;s {file} cannot be read; the next probe replaces it.</source>
        <translation>{file} van de run is onleesbaar; de volgende probe vervangt het.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="338"/>
        <source>{n} row(s) not finite (shown as zero)</source>
        <translation>
            <numerusform>{n} rij niet eindig (getoond als 0)</numerusform>
            <numerusform>{n} rijen niet eindig (getoond als 0)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="377"/>
        <source>{token} is not a token of this run&apos;s vocabulary (pick one from the completion list, or type its id)</source>
        <translation>{token} is geen token uit het vocabulaire van deze run (kies er een uit de aanvullijst of typ het id)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="396"/>
        <source>distance</source>
        <translation>afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="433"/>
        <source>Export neighbour table</source>
        <translation>Burentabel exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="433"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV-tabel (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="439"/>
        <source>Export failed</source>
        <translation>Exporteren mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="440"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Kies een andere map of bestandsnaam.</translation>
    </message>
</context>
<context>
    <name>QtExperiments</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="96"/>
        <source>Experiment: {title}</source>
        <translation>Experiment: {title}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="113"/>
        <source>experiment: run {i} of {n} ({name}) · Stop ends the experiment</source>
        <translation>experiment: run {i} van {n} ({name}) · Stop beëindigt het experiment</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="118"/>
        <source>experiment ended: run {i} of {n} could not start</source>
        <translation>experiment beëindigd: run {i} van {n} kon niet starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="130"/>
        <source>experiment stopping: run {i} will not start</source>
        <translation>experiment stopt: run {i} start niet</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="131"/>
        <source>experiment stopping</source>
        <translation>experiment stopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="143"/>
        <source>experiment stopped during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>experiment gestopt tijdens run {i} van {n} ({name}, stap {step} van {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="145"/>
        <source>experiment ended during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>experiment beëindigd tijdens run {i} van {n} ({name}, stap {step} van {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="148"/>
        <source>; run {i} not started</source>
        <translation>; run {i} niet gestart</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="156"/>
        <source>experiment finished: {n} runs of {steps} step(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>experiment klaar: {n} runs van {steps} stap over elkaar gelegd (Runs-dock)</numerusform>
            <numerusform>experiment klaar: {n} runs van {steps} stappen over elkaar gelegd (Runs-dock)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="170"/>
        <source>Check the runs whose samples to compare in the Runs dock</source>
        <translation>Vink in het Runs-dock de runs aan waarvan je de samples wilt vergelijken</translation>
    </message>
</context>
<context>
    <name>QtExport</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="30"/>
        <source>PNG image (*.png)</source>
        <translation>PNG-afbeelding (*.png)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="30"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-tekening (*.svg)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="38"/>
        <source>Export failed</source>
        <translation>Exporteren mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="39"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Kies een andere map of bestandsnaam.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="130"/>
        <source>Export {name}</source>
        <translation>{name} exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="150"/>
        <source>Export</source>
        <translation>Exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="151"/>
        <source>Save a picture (PNG or SVG) or a table (CSV)</source>
        <translation>Een afbeelding (PNG of SVG) of een tabel (CSV) opslaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="154"/>
        <source>{name} as PNG/SVG…</source>
        <translation>{name} als PNG/SVG…</translation>
    </message>
</context>
<context>
    <name>QtGroups</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/groups.py" line="59"/>
        <source>{group} (n = {n})</source>
        <translation>{group} (n = {n})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/groups.py" line="363"/>
        <source>val mean</source>
        <translation>val gemiddeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/groups.py" line="364"/>
        <source>mean</source>
        <translation>gemiddeld</translation>
    </message>
</context>
<context>
    <name>QtHeadsOverTime</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="68"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="69"/>
        <source>best score</source>
        <translation>beste score</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="87"/>
        <source>Layer</source>
        <translation>Laag</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="104"/>
        <source>every layer (best)</source>
        <translation>elke laag (beste)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="106"/>
        <source>layer {layer}</source>
        <translation>laag {layer}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="156"/>
        <source>Appears at the first probe with head-role scores: each role&apos;s best score over the heads at every probe.</source>
        <translation>Verschijnt bij de eerste probe met head-rolscores: de beste score van elke rol over de heads bij elke probe.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="162"/>
        <source>Induction heads formed by step {step}: the best induction score crossed its threshold ({threshold}, dashed) there and stayed above it (the phase change; marked on the loss too).</source>
        <translation>Induction heads ontstaan bij stap {step}: de beste induction-score kwam daar boven zijn drempel ({threshold}, gestreept) en bleef erboven (de faseovergang; ook gemarkeerd bij de loss).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="166"/>
        <source>Induction heads from the first probe on (best induction score above its threshold, {threshold}, dashed): they formed before it.</source>
        <translation>Induction heads vanaf de eerste probe (beste induction-score boven zijn drempel, {threshold}, gestreept): ze ontstonden daarvoor.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="168"/>
        <source>No induction phase change yet: the best induction score has not crossed its threshold ({threshold}, dashed) to stay above it.</source>
        <translation>Nog geen induction-faseovergang: de beste induction-score is niet boven zijn drempel ({threshold}, gestreept) gekomen om erboven te blijven.</translation>
    </message>
</context>
<context>
    <name>QtLRPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="105"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="106"/>
        <source>learning rate</source>
        <translation>learning rate</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="110"/>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="229"/>
        <source>planned</source>
        <translation>gepland</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="111"/>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="230"/>
        <source>used</source>
        <translation>gebruikt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="130"/>
        <source>log step axis</source>
        <translation>log-stapas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="132"/>
        <source>Steps on a log scale: the warmup&apos;s first steps get as much room as the thousands after them (step 0 is left out)</source>
        <translation>Stappen op een logschaal: de eerste stappen van de warmup krijgen evenveel ruimte als de duizenden erna (stap 0 valt weg)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="198"/>
        <source>peak {peak} · warmup {warmup} step(s) · cosine to {min_lr} at step {total}</source>
        <translation>
            <numerusform>piek {peak} · warmup {warmup} stap · cosinus naar {min_lr} bij stap {total}</numerusform>
            <numerusform>piek {peak} · warmup {warmup} stappen · cosinus naar {min_lr} bij stap {total}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtLossPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="75"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="76"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="79"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="111"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="261"/>
        <source>raw</source>
        <translation>ruw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="80"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="262"/>
        <source>smoothed</source>
        <translation>afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="83"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="263"/>
        <source>val (mean)</source>
        <translation>val (gemiddeld)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="90"/>
        <source>val (per source)</source>
        <translation>val (per bron)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="104"/>
        <source>EMA smoothing weight (debiased, as TensorBoard)</source>
        <translation>Gewicht van de EMA-afvlakking (zonder bias, zoals TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="108"/>
        <source>log y</source>
        <translation>log y</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="117"/>
        <source>Smoothing</source>
        <translation>Afvlakking</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="123"/>
        <source>Sources:</source>
        <translation>Bronnen:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="270"/>
        <source>val {source}</source>
        <translation>val {source}</translation>
    </message>
</context>
<context>
    <name>QtNewRunDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="103"/>
        <source>New Run</source>
        <translation>Nieuwe run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="116"/>
        <source>this run&apos;s settings</source>
        <translation>instellingen van deze run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="120"/>
        <source>Starting point: choosing another resets every field to its values</source>
        <translation>Startpunt: een ander kiezen zet elk veld terug op de waarden daarvan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="125"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="126"/>
        <source>layers</source>
        <translation>layers</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="126"/>
        <source>transformer blocks</source>
        <translation>transformerblokken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="127"/>
        <source>width (d_model)</source>
        <translation>breedte (d_model)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="127"/>
        <source>residual stream width</source>
        <translation>breedte van de residual stream</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="128"/>
        <source>heads</source>
        <translation>heads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="128"/>
        <source>attention heads; must divide d_model</source>
        <translation>attention heads; moet d_model delen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="129"/>
        <source>context length</source>
        <translation>contextlengte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="129"/>
        <source>tokens a row sees (block_size)</source>
        <translation>tokens die een rij ziet (block_size)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="130"/>
        <source>vocabulary size</source>
        <translation>vocabulairegrootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="131"/>
        <source>BPE vocabulary asked of the tokenizer trainer; model.vocab_size becomes its actual size</source>
        <translation>BPE-vocabulaire gevraagd aan de tokenizertrainer; model.vocab_size wordt de werkelijke grootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="132"/>
        <source>dropout</source>
        <translation>dropout</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="132"/>
        <source>probability, in [0, 1)</source>
        <translation>kans, in [0, 1)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="133"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimizer (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="134"/>
        <source>peak LR</source>
        <translation>piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="134"/>
        <source>e.g. 1e-3</source>
        <translation>bijv. 1e-3</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="135"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="135"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 van Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="136"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="137"/>
        <source>gradient clip</source>
        <translation>gradiëntclipping</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="137"/>
        <source>global L2 norm; 0: off</source>
        <translation>globale L2-norm; 0: uit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="138"/>
        <source>Schedule</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="139"/>
        <source>warmup steps</source>
        <translation>warmupstappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="139"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>lineaire warmup van 0 tot de piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="140"/>
        <source>total steps</source>
        <translation>totaal aantal stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="140"/>
        <source>length of the cosine schedule</source>
        <translation>lengte van het cosinusschema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="141"/>
        <source>minimum LR</source>
        <translation>minimale LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="141"/>
        <source>LR at the end of the cosine</source>
        <translation>LR aan het eind van de cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="142"/>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="143"/>
        <source>batch size</source>
        <translation>batchgrootte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="143"/>
        <source>rows per optimiser step (global batch)</source>
        <translation>rijen per optimizerstap (globale batch)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="144"/>
        <source>gradient accumulation</source>
        <translation>gradiëntaccumulatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="144"/>
        <source>micro-batches a step is split into</source>
        <translation>micro-batches waarin een stap wordt opgesplitst</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="145"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="146"/>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="146"/>
        <source>weights and data order</source>
        <translation>gewichten en datavolgorde</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="147"/>
        <source>device</source>
        <translation>apparaat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="148"/>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="149"/>
        <source>torch threads</source>
        <translation>torch-threads</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="149"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: bepaald bij het aanmaken (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="150"/>
        <source>auto (all cores but one)</source>
        <translation>auto (alle cores op één na)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="151"/>
        <source>validation every</source>
        <translation>validatie elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="151"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="152"/>
        <source>probe every</source>
        <translation>probe elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="152"/>
        <source>steps between attention/embedding probes</source>
        <translation>stappen tussen attention-/embeddingprobes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="153"/>
        <source>sample every</source>
        <translation>sample elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="153"/>
        <source>steps between generated samples</source>
        <translation>stappen tussen gegenereerde samples</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="154"/>
        <source>checkpoint every</source>
        <translation>checkpoint elke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="154"/>
        <source>steps between checkpoints</source>
        <translation>stappen tussen checkpoints</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="171"/>
        <source>Data</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="175"/>
        <source>bytes per embedded source</source>
        <translation>bytes per ingebouwde bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="176"/>
        <source>cap on the UTF-8 bytes each embedded source gives</source>
        <translation>maximum aan UTF-8-bytes die elke ingebouwde bron levert</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="183"/>
        <source>Curriculum</source>
        <translation>Curriculum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="187"/>
        <source>the starting point&apos;s</source>
        <translation>dat van het startpunt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="188"/>
        <source>none: a uniform mixture</source>
        <translation>geen: een uniforme mix</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="192"/>
        <source>the open run&apos;s constraints now</source>
        <translation>huidige beperkingen van de open run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="223"/>
        <source>Start from</source>
        <translation>Starten vanaf</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="229"/>
        <source>Start now</source>
        <translation>Nu starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="231"/>
        <source>Train the new run as soon as it is made (else: press Start)</source>
        <translation>De nieuwe run trainen zodra hij is aangemaakt (anders: druk op Start)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="234"/>
        <source>Create</source>
        <translation>Aanmaken</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="253"/>
        <source>The run&apos;s folder name, under the runs folder</source>
        <translation>Mapnaam van de run, in de runsmap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="262"/>
        <source>the schedule&apos;s end</source>
        <translation>einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="263"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>Training stopt bij deze stap (leeg: bij schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="266"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="267"/>
        <source>max steps</source>
        <translation>max. stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="370"/>
        <source>These settings do not go together: {clash}</source>
        <translation>Deze instellingen gaan niet samen: {clash}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="372"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} instelling te herstellen (in rood).</numerusform>
            <numerusform>{n} instellingen te herstellen (in rood).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="375"/>
        <source>{n} setting(s) changed from the starting point.</source>
        <translation>
            <numerusform>{n} instelling gewijzigd ten opzichte van het startpunt.</numerusform>
            <numerusform>{n} instellingen gewijzigd ten opzichte van het startpunt.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="395"/>
        <source>run name</source>
        <translation>runnaam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="396"/>
        <source>the run (its folder&apos;s)</source>
        <translation>de run (haar map)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="405"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>max. stappen: een geheel getal in [1, {max}], of leeg voor het einde van het schema</translation>
    </message>
</context>
<context>
    <name>QtNewRunFields</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="283"/>
        <source>Every source has the same weight throughout.</source>
        <translation>Elke bron heeft steeds hetzelfde gewicht.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="286"/>
        <source>A uniform mixture.</source>
        <translation>Een uniforme mix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="287"/>
        <source>The walk of the starting point.</source>
        <translation>De wandeling van het startpunt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="289"/>
        <source>The constraints the open run&apos;s curriculum has now.</source>
        <translation>De beperkingen die het curriculum van de open run nu heeft.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="296"/>
        <source> Left out, not sources of this run: {names}.</source>
        <translation> Weggelaten, geen bronnen van deze run: {names}.</translation>
    </message>
</context>
<context>
    <name>QtNotices</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="31"/>
        <source>Pause / resume training</source>
        <translation>Training pauzeren / hervatten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="32"/>
        <source>Curriculum: edit constraints (pivots the running training)</source>
        <translation>Curriculum: beperkingen bewerken (pivot van de lopende training)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="33"/>
        <source>New run</source>
        <translation>Nieuwe run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="34"/>
        <source>Branch from a checkpoint of the open run (new LR, schedule or curriculum)</source>
        <translation>Aftakken van een checkpoint van de open run (nieuwe LR, schema of curriculum)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="35"/>
        <source>Open a run directory (its whole history; Start continues it from its newest checkpoint)</source>
        <translation>Een runmap openen (de hele geschiedenis; Start gaat verder vanaf het nieuwste checkpoint)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="37"/>
        <source>Write a checkpoint now (kept whatever checkpoint.keep_last says)</source>
        <translation>Nu een checkpoint schrijven (bewaard, wat checkpoint.keep_last ook zegt)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="38"/>
        <source>Quit (asks first while training)</source>
        <translation>Afsluiten (vraagt eerst tijdens training)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="39"/>
        <source>Full screen</source>
        <translation>Volledig scherm</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="165"/>
        <source>repetitive sample</source>
        <translation>repetitieve sample</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="166"/>
        <source>Anomaly: {message}</source>
        <translation>Anomalie: {message}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="171"/>
        <source>Checkpoint failed</source>
        <translation>Checkpoint mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="172"/>
        <source>{message}

Check that the disk has free space and that the run folder and its checkpoints/ folder are writable. Training goes on, and the previous checkpoints are intact.</source>
        <translation>{message}

Controleer of de schijf vrije ruimte heeft en of de runmap en de map checkpoints/ daarin beschrijfbaar zijn. De training gaat door en de vorige checkpoints zijn intact.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="176"/>
        <source>Curriculum pivot refused</source>
        <translation>Curriculumpivot geweigerd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="177"/>
        <source>{message}

Training goes on with the constraints it had. Adjust them in the Curriculum dialog (Ctrl+E).</source>
        <translation>{message}

De training gaat door met de beperkingen die hij had. Pas ze aan in het venster Curriculum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="196"/>
        <source>loss spike on {source} at step {step}: {loss}, far above its median {median}</source>
        <translation>loss-piek op {source} bij stap {step}: {loss}, ver boven de mediaan {median}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="198"/>
        <source>loss cliff on {source} at step {step}: {loss}, far below its median {median}</source>
        <translation>loss-klif op {source} bij stap {step}: {loss}, ver onder de mediaan {median}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="202"/>
        <source>loss spike on {source} at step {step}: {loss}, far above its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>loss-piek op {source} bij stap {step}: {loss}, ver boven de mediaan {median} over de laatste {n} stap</numerusform>
            <numerusform>loss-piek op {source} bij stap {step}: {loss}, ver boven de mediaan {median} over de laatste {n} stappen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="204"/>
        <source>loss cliff on {source} at step {step}: {loss}, far below its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>loss-klif op {source} bij stap {step}: {loss}, ver onder de mediaan {median} over de laatste {n} stap</numerusform>
            <numerusform>loss-klif op {source} bij stap {step}: {loss}, ver onder de mediaan {median} over de laatste {n} stappen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="210"/>
        <source>the mixture has stayed near the {source} vertex for {n} step(s) (seeds: vertex camping was part of v1&apos;s collapse)</source>
        <translation>
            <numerusform>de mix blijft al {n} stap bij het hoekpunt {source} (seeds: blijven hangen bij een hoekpunt hoorde bij de ineenstorting van v1)</numerusform>
            <numerusform>de mix blijft al {n} stappen bij het hoekpunt {source} (seeds: blijven hangen bij een hoekpunt hoorde bij de ineenstorting van v1)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="181"/>
        <source>Anomaly</source>
        <translation>Anomalie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="214"/>
        <source>the sample at step {step} repeats itself (repetition score {score})</source>
        <translation>de sample bij stap {step} herhaalt zichzelf (herhalingsscore {score})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="225"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="225"/>
        <source>Preparing the run</source>
        <translation>Run voorbereiden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="237"/>
        <source>Finishing the current step…</source>
        <translation>Huidige stap afronden…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="237"/>
        <source>Stopping</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="265"/>
        <source>Quit ANDREA Desktop?</source>
        <translation>ANDREA Desktop afsluiten?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="265"/>
        <source>Training is running. Stop it and quit?</source>
        <translation>De training loopt. Stoppen en afsluiten?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="267"/>
        <source>Stop and Quit</source>
        <translation>Stoppen en afsluiten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="276"/>
        <source>Restart this run?</source>
        <translation>Deze run opnieuw starten?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="277"/>
        <source>This run has history but no checkpoint to continue from. Start retrains it from step 0 and replaces its history.</source>
        <translation>Deze run heeft een geschiedenis maar geen checkpoint om vanaf verder te gaan. Start traint hem opnieuw vanaf stap 0 en vervangt de geschiedenis.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="287"/>
        <source>Continue with changed settings?</source>
        <translation>Doorgaan met gewijzigde instellingen?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="288"/>
        <source>The run&apos;s settings changed since its newest checkpoint. Continuing applies the new values from that step on (a new schedule continues from the learning rate in use there):</source>
        <translation>De instellingen van de run zijn gewijzigd sinds het nieuwste checkpoint. Doorgaan past de nieuwe waarden toe vanaf die stap (een nieuw schema gaat verder vanaf de learning rate die daar gold):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="292"/>
        <source>Continue with the new settings</source>
        <translation>Doorgaan met de nieuwe instellingen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="305"/>
        <source>Space</source>
        <translation>Spatie</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="309"/>
        <source>Keyboard Shortcuts</source>
        <translation>Sneltoetsen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="316"/>
        <source>No log file</source>
        <translation>Geen logbestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="317"/>
        <source>No log file this session: {problem}.</source>
        <translation>Geen logbestand deze sessie: {problem}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="320"/>
        <source>No log yet</source>
        <translation>Nog geen log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="320"/>
        <source>The log file {path} has not been written yet.</source>
        <translation>Het logbestand {path} is nog niet geschreven.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="323"/>
        <source>Log file</source>
        <translation>Logbestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="323"/>
        <source>The log is {path}</source>
        <translation>Het log staat in {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="333"/>
        <source>About ANDREA Desktop</source>
        <translation>Over ANDREA Desktop</translation>
    </message>
</context>
<context>
    <name>QtParentHistory</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="96"/>
        <source>parent ({run} ≤ {step})</source>
        <translation>ouder ({run} ≤ {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="185"/>
        <source>parent raw</source>
        <translation>ouder ruw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="186"/>
        <source>parent smoothed</source>
        <translation>ouder afgevlakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="187"/>
        <source>parent val</source>
        <translation>ouder val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="188"/>
        <source>parent used</source>
        <translation>ouder gebruikt</translation>
    </message>
</context>
<context>
    <name>QtReadoutBox</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/hover.py" line="239"/>
        <source>… {n} more</source>
        <translation>… nog {n}</translation>
    </message>
</context>
<context>
    <name>QtRunEstimates</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="88"/>
        <source>trial failed: {error}</source>
        <translation>proef mislukt: {error}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="108"/>
        <source>Estimates</source>
        <translation>Schattingen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="113"/>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="113"/>
        <source>weights of the model (the tied embedding once)</source>
        <translation>gewichten van het model (de gekoppelde embedding één keer)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="114"/>
        <source>Memory to train</source>
        <translation>Geheugen voor training</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="114"/>
        <source>fp32 weights, gradients, AdamW moments and activations (estimate)</source>
        <translation>fp32-gewichten, gradiënten, AdamW-momenten en activaties (schatting)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="115"/>
        <source>Tokens per step</source>
        <translation>Tokens per stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="115"/>
        <source>train.batch_size x model.block_size</source>
        <translation>train.batch_size x model.block_size</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="116"/>
        <source>FLOPs per token</source>
        <translation>FLOPs per token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="116"/>
        <source>6 N + 12 L H Q T, N the parameters without the position embedding (PaLM, Chowdhery et al., 2022, appendix B; as nanoGPT&apos;s estimate_mfu and perf/mfu); per step in brackets</source>
        <translation>6 N + 12 L H Q T, N de parameters zonder de positie-embedding (PaLM, Chowdhery e.a., 2022, bijlage B; zoals estimate_mfu van nanoGPT en perf/mfu); per stap tussen haakjes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="117"/>
        <source>Time per step</source>
        <translation>Tijd per stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="118"/>
        <source>measured: {steps} trial steps of this model on random tokens, at the chosen threads, after one warm-up step</source>
        <translation>gemeten: {steps} proefstappen van dit model op willekeurige tokens, met de gekozen threads, na één opwarmstap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="119"/>
        <source>ETA</source>
        <translation>Geschatte duur</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="119"/>
        <source>time per step x steps to train (max steps, or the schedule&apos;s total)</source>
        <translation>tijd per stap x te trainen stappen (max. stappen, of het totaal van het schema)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="154"/>
        <source>≈ {mib} MiB of {gib} GiB</source>
        <translation>≈ {mib} MiB van {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="158"/>
        <source>{per_token}  ({per_step} a step)</source>
        <translation>{per_token}  ({per_step} per stap)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="162"/>
        <source>measuring…</source>
        <translation>meten…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="172"/>
        <source>{duration} for {steps} step(s)</source>
        <translation>
            <numerusform>{duration} voor {steps} stap</numerusform>
            <numerusform>{duration} voor {steps} stappen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtRunsDock</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="84"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="85"/>
        <source>tokens seen</source>
        <translation>geziene tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="86"/>
        <source>active training time</source>
        <translation>actieve trainingstijd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="157"/>
        <source>Filter runs by name, status, preset or tag</source>
        <translation>Runs filteren op naam, status, preset of tag</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="166"/>
        <source>x axis of the compared runs&apos; curves</source>
        <translation>x-as van de curves van de vergeleken runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="168"/>
        <source>per source</source>
        <translation>per bron</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="169"/>
        <source>Also draw each compared run&apos;s per-source training and validation losses</source>
        <translation>Ook de trainings- en validatieloss per bron van elke vergeleken run tekenen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="171"/>
        <source>markers</source>
        <translation>markeringen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="174"/>
        <source>Draw each compared run&apos;s events (warmup end, pivots, anomalies, pauses) in its colour</source>
        <translation>Teken de gebeurtenissen van elke vergeleken run (einde warmup, pivots, anomalieën, pauzes) in haar kleur</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="178"/>
        <source>Compare checked runs against</source>
        <translation>Aangevinkte runs vergelijken op</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="192"/>
        <source>Open</source>
        <translation>Openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="192"/>
        <source>Show this run in the window</source>
        <translation>Deze run in het venster tonen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="193"/>
        <source>Rename…</source>
        <translation>Hernoemen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="193"/>
        <source>Rename the run&apos;s folder</source>
        <translation>De map van de run hernoemen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="194"/>
        <source>Tags…</source>
        <translation>Tags…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="194"/>
        <source>Tags of the run (comma-separated)</source>
        <translation>Tags van de run (kommagescheiden)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="195"/>
        <source>Colour…</source>
        <translation>Kleur…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="195"/>
        <source>The run&apos;s colour in comparisons</source>
        <translation>De kleur van de run in vergelijkingen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="196"/>
        <source>Delete…</source>
        <translation>Verwijderen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="197"/>
        <source>Delete the run&apos;s folder (asks first)</source>
        <translation>De map van de run verwijderen (vraagt eerst)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="198"/>
        <source>Add…</source>
        <translation>Toevoegen…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="199"/>
        <source>List a run folder from anywhere on disk, or the runs in a folder (remembered)</source>
        <translation>Toon een runmap van elders op de schijf, of de runs in een map (onthouden)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="200"/>
        <source>Remove from list</source>
        <translation>Uit de lijst halen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="201"/>
        <source>Stop listing a run from outside the runs folder (its folder stays)</source>
        <translation>Toon een run van buiten de runsmap niet meer (de map blijft)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="224"/>
        <source>Side by side…</source>
        <translation>Naast elkaar…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="225"/>
        <source>The checked runs at the same steps, one column per run: samples with their repetition score, attention entropy per layer, λ_max against 2/η and the basin</source>
        <translation>De aangevinkte runs bij dezelfde stappen, één kolom per run: samples met hun herhalingsscore, attention-entropie per laag, λ_max tegenover 2/η en de kom</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="25"/>
        <source>Runs of a group are drawn as their mean with a band of ±1 standard deviation; the hover box gives mean, std and n</source>
        <translation>De runs van een groep worden getekend als hun gemiddelde met een band van ±1 standaardafwijking; het hovervak geeft gemiddelde, std en n</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="29"/>
        <source>min–max</source>
        <translation>min–max</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="31"/>
        <source>Also draw each group&apos;s min–max band</source>
        <translation>Teken ook de min–max-band van elke groep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="33"/>
        <source>its runs</source>
        <translation>de runs ervan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="35"/>
        <source>Also draw each run of a group (hidden behind the group by default)</source>
        <translation>Teken ook elke run van een groep (standaard verborgen achter de groep)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="38"/>
        <source>Group runs</source>
        <translation>Runs groeperen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="63"/>
        <source>off</source>
        <translation>uit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="64"/>
        <source>runs that differ only in seed</source>
        <translation>runs die alleen in seed verschillen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="66"/>
        <source>by {setting}</source>
        <translation>op {setting}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="147"/>
        <source>Add Runs</source>
        <translation>Runs toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="147"/>
        <source>{folder} is no run folder and holds none.</source>
        <translation>{folder} is geen runmap en bevat er geen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="156"/>
        <source>Add a run, or a folder of runs</source>
        <translation>Een run of een map met runs toevoegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="396"/>
        <source>setting</source>
        <translation>instelling</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="407"/>
        <source>Check two or more runs to list the settings that differ between them.</source>
        <translation>Vink twee of meer runs aan om de instellingen te zien waarin ze verschillen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="409"/>
        <source>Settings that differ between the {n} checked runs: {count}</source>
        <translation>Instellingen die verschillen tussen de {n} aangevinkte runs: {count}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="410"/>
        <source>The {n} checked runs have the same settings.</source>
        <translation>De {n} aangevinkte runs hebben dezelfde instellingen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="41"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="47"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="104"/>
        <source>Rename Run</source>
        <translation>Run hernoemen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="42"/>
        <source>{run} is being trained here: stop it first.</source>
        <translation>{run} wordt hier getraind: stop die eerst.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="48"/>
        <source>new name</source>
        <translation>nieuwe naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="65"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="113"/>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="75"/>
        <source>Colour</source>
        <translation>Kleur</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="82"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="88"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="134"/>
        <source>Delete Run</source>
        <translation>Run verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="83"/>
        <source>{run} is open in the window: open another run first.</source>
        <translation>{run} is open in het venster: open eerst een andere run.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="104"/>
        <source>New folder name:</source>
        <translation>Nieuwe mapnaam:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="114"/>
        <source>Tags of {run} (comma-separated):</source>
        <translation>Tags van {run} (kommagescheiden):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="124"/>
        <source>Colour of {run}</source>
        <translation>Kleur van {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="132"/>
        <source>Delete {run} and everything in it (checkpoints, metrics, samples)?</source>
        <translation>{run} en alles erin verwijderen (checkpoints, metrieken, samples)?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="137"/>
        <source>Delete</source>
        <translation>Verwijderen</translation>
    </message>
</context>
<context>
    <name>QtSamplesPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="30"/>
        <source>temperature {value}</source>
        <translation>temperatuur {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="33"/>
        <source>top-k all</source>
        <translation>top-k alle</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="34"/>
        <source>top-k {k}</source>
        <translation>top-k {k}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="42"/>
        <source>every {n} step(s)</source>
        <translation>
            <numerusform>elke {n} stap</numerusform>
            <numerusform>elke {n} stappen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="52"/>
        <source>⚠ repetitive: score {score} ≥ {threshold} (“{word}” is {share} of the words; distinct-1…4 {distinct})</source>
        <translation>⚠ herhalend: score {score} ≥ {threshold} (“{word}” is {share} van de woorden; distinct-1…4 {distinct})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="58"/>
        <source>repetition {score} (“{word}” is {share} of the words; distinct-1…4 {distinct})</source>
        <translation>herhaling {score} (“{word}” is {share} van de woorden; distinct-1…4 {distinct})</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="141"/>
        <source>{n} token(s)</source>
        <translation>
            <numerusform>{n} token</numerusform>
            <numerusform>{n} tokens</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="143"/>
        <source>A sample of {tokens} after “{prompt}” {every}, at temperature {temperature} and top-k {top_k} (the run&apos;s probe settings).</source>
        <translation>Een sample van {tokens} na “{prompt}” {every}, bij temperatuur {temperature} en top-k {top_k} (de probe-instellingen van de run).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="95"/>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="135"/>
        <source>Samples appear every few hundred steps (probe.sample_interval).</source>
        <translation>Samples verschijnen om de paar honderd stappen (probe.sample_interval).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="140"/>
        <source>all</source>
        <comment>top-k: every token</comment>
        <translation>alle</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="147"/>
        <source>Samples are off (probe.enabled = false).</source>
        <translation>Samples staan uit (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="185"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="57"/>
        <source>attention entropy per layer: — (no probe yet)</source>
        <translation>attention-entropie per laag: — (nog geen probe)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="58"/>
        <source>attention entropy per layer: {layers} nats (uniform {uniform}; probe at step {step})</source>
        <translation>attention-entropie per laag: {layers} nats (uniform {uniform}; probe bij stap {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="68"/>
        <source>λ_max — · basin — (no terrain result)</source>
        <translation>λ_max — · kom — (geen terreinresultaat)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="69"/>
        <source>λ_max {lam} · 2/η {edge} (η {lr}; terrain at step {step}) · basin rise {rise} at ρ {radius}</source>
        <translation>λ_max {lam} · 2/η {edge} (η {lr}; terrein bij stap {step}) · stijging van de kom {rise} bij ρ {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="82"/>
        <source>(no sample at this step)</source>
        <translation>(geen sample bij deze stap)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="118"/>
        <source>Side by side: samples, attention, sharpness</source>
        <translation>Naast elkaar: samples, attention, scherpte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="146"/>
        <source>Reload</source>
        <translation>Opnieuw laden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="147"/>
        <source>Read the runs again</source>
        <translation>De runs opnieuw lezen</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="207"/>
        <source>{n} step(s) with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt; attention entropy is from the newest probe and λ_max from the newest terrain result at or before the step.</source>
        <translation>
            <numerusform>{n} stap met samples, waarvan {common} in elke run (nieuwste eerst). Samples worden elke probe.sample_interval stappen met dezelfde prompt gemaakt; de attention-entropie komt van de nieuwste probe en λ_max van het nieuwste terreinresultaat op of vóór de stap.</numerusform>
            <numerusform>{n} stappen met samples, waarvan {common} in elke run (nieuwste eerst). Samples worden elke probe.sample_interval stappen met dezelfde prompt gemaakt; de attention-entropie komt van de nieuwste probe en λ_max van het nieuwste terreinresultaat op of vóór de stap.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="255"/>
        <source>{flagged} of {n} sample(s) flagged for repetition</source>
        <translation>
            <numerusform>{flagged} van {n} sample gemarkeerd als herhalend</numerusform>
            <numerusform>{flagged} van {n} samples gemarkeerd als herhalend</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="258"/>
        <source>mean attention entropy {h} nats at step {step}</source>
        <translation>gemiddelde attention-entropie {h} nats bij stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="260"/>
        <source>λ_max {lam} vs 2/η {edge} at step {step}</source>
        <translation>λ_max {lam} vs 2/η {edge} bij stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="262"/>
        <source>λ_max — (no terrain result)</source>
        <translation>λ_max — (geen terreinresultaat)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="193"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
</context>
<context>
    <name>QtSimplexPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="98"/>
        <source>bandit phase</source>
        <translation>banditfase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="98"/>
        <source>random phase</source>
        <translation>willekeurige fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="98"/>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="336"/>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="349"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="102"/>
        <source>now</source>
        <translation>nu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="116"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="126"/>
        <source>floor</source>
        <translation>ondergrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="126"/>
        <source>cap</source>
        <translation>bovengrens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="132"/>
        <source>fade older phases</source>
        <translation>oude fasen bleker</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="135"/>
        <source>Older phases of the path are paler; the oldest one shown stays visible</source>
        <translation>Oudere fasen van het pad zijn bleker; de oudste getoonde blijft zichtbaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="139"/>
        <source>last </source>
        <translation>laatste </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="140"/>
        <source> phases</source>
        <translation> fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="141"/>
        <source>all phases</source>
        <translation>alle fasen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="142"/>
        <source>Draw only the last K phases of the path (all: every phase)</source>
        <translation>Alleen de laatste K fasen van het pad tekenen (alle: elke fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="163"/>
        <source>Path:</source>
        <translation>Pad:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="244"/>
        <source>One source ({name}): every batch comes from it, there is no mixture to show or steer</source>
        <translation>Eén bron ({name}): elke batch komt eruit, er is geen mix om te tonen of te sturen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="246"/>
        <source>No data mixture: this run reports no data sources</source>
        <translation>Geen datamix: deze run meldt geen databronnen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="283"/>
        <source>warmup sub-region from step {step}</source>
        <translation>warmup-deelgebied vanaf stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="284"/>
        <source>reachable region from step {step}</source>
        <translation>bereikbaar gebied vanaf stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="336"/>
        <source>phase {n} · {mode}</source>
        <translation>fase {n} · {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="340"/>
        <source>steps {first}–{last}</source>
        <translation>stappen {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="341"/>
        <source>step {step}</source>
        <translation>stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="343"/>
        <source>from step {step} (the current phase)</source>
        <translation>vanaf stap {step} (de huidige fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="349"/>
        <source>bandit</source>
        <translation>bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="349"/>
        <source>random</source>
        <translation>willekeurig</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="418"/>
        <source>Weights of the sources: {names}</source>
        <translation>Gewichten van de bronnen: {names}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="448"/>
        <source>inactive</source>
        <translation>inactief</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="462"/>
        <source>No curriculum: a fixed uniform mixture.</source>
        <translation>Geen curriculum: een vaste uniforme mix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="465"/>
        <source>curriculum warmup: sub-simplex of {sources}</source>
        <translation>curriculumwarmup: deelsimplex van {sources}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="468"/>
        <source>floors {list}</source>
        <translation>ondergrenzen {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="470"/>
        <source>caps {list}</source>
        <translation>bovengrenzen {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="472"/>
        <source>excluded {list}</source>
        <translation>uitgesloten {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="475"/>
        <source>phase: {mode}</source>
        <translation>fase: {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="476"/>
        <source>reachable region: the whole simplex</source>
        <translation>bereikbaar gebied: de hele simplex</translation>
    </message>
</context>
<context>
    <name>QtSweepDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="76"/>
        <source>New Sweep</source>
        <translation>Nieuwe sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="79"/>
        <source>Runs that differ only in 1 to 3 settings and the seed, made from one base and trained one after another. A sweep stopped, or cut short by closing the app, continues with File → Continue Sweep: finished runs are never trained again.</source>
        <translation>Runs die alleen verschillen in 1 tot 3 instellingen en de seed, gemaakt vanuit één basis en na elkaar getraind. Een sweep die gestopt is, of afgebroken doordat de app sloot, gaat verder met Bestand → Sweep voortzetten: voltooide runs worden nooit opnieuw getraind.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="86"/>
        <source>A preset (andrea-tiny, andrea-12m, andrea-120m), a run folder (its settings) or a settings file (.toml)</source>
        <translation>Een preset (andrea-tiny, andrea-12m, andrea-120m), een runmap (de instellingen ervan) of een instellingenbestand (.toml)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="88"/>
        <source>File…</source>
        <translation>Bestand…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="90"/>
        <source>base</source>
        <translation>basis</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="92"/>
        <source>key</source>
        <translation>sleutel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="93"/>
        <source>values (comma-separated)</source>
        <translation>waarden (kommagescheiden)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="100"/>
        <source>e.g. schedule.warmup_steps</source>
        <translation>bijv. schedule.warmup_steps</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="101"/>
        <source>e.g. 0, 100</source>
        <translation>bijv. 0, 100</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="102"/>
        <source>A setting as --set names it: section.key</source>
        <translation>Een instelling zoals --set die noemt: sectie.sleutel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="108"/>
        <source>swept keys</source>
        <translation>gesweepte sleutels</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="111"/>
        <source>A count (3: seeds 1, 2, 3) or a list of seeds (1, 7, 42)</source>
        <translation>Een aantal (3: seeds 1, 2, 3) of een lijst seeds (1, 7, 42)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="112"/>
        <source>seeds</source>
        <translation>seeds</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="115"/>
        <source>the schedule&apos;s end</source>
        <translation>het einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="116"/>
        <source>Each run trains to this step</source>
        <translation>Elke run traint tot deze stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="117"/>
        <source>steps per run</source>
        <translation>stappen per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="120"/>
        <source>The folder the runs and the sweep&apos;s record are made in</source>
        <translation>De map waarin de runs en het verslag van de sweep worden gemaakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="121"/>
        <source>Browse…</source>
        <translation>Bladeren…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="123"/>
        <source>folder</source>
        <translation>map</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="126"/>
        <source>The runs are &lt;name&gt;-&lt;key&gt;&lt;value&gt;-…-s&lt;seed&gt;</source>
        <translation>De runs heten &lt;name&gt;-&lt;key&gt;&lt;value&gt;-…-s&lt;seed&gt;</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="127"/>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="186"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="129"/>
        <source>runs</source>
        <translation>runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="145"/>
        <source>A settings file for the base</source>
        <translation>Een instellingenbestand voor de basis</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="146"/>
        <source>Settings (*.toml)</source>
        <translation>Instellingen (*.toml)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="151"/>
        <source>Make the sweep&apos;s runs in</source>
        <translation>Maak de runs van de sweep in</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="186"/>
        <source>the sweep (its runs&apos; folders start with it)</source>
        <translation>de sweep (de mappen van zijn runs beginnen ermee)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="196"/>
        <source>name: a sweep named {name} is in this folder already; Continue Sweep continues it</source>
        <translation>naam: er staat al een sweep {name} in deze map; Sweep voortzetten zet hem voort</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="202"/>
        <source>(listed once the settings are fixed)</source>
        <translation>(getoond zodra de instellingen kloppen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="203"/>
        <source>Train</source>
        <translation>Trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="208"/>
        <source>… and {n} more</source>
        <translation>… en nog {n}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="209"/>
        <source>{n} run(s), in this order:
{names}</source>
        <translation>
            <numerusform>{n} run, in deze volgorde:
{names}</numerusform>
            <numerusform>{n} runs, in deze volgorde:
{names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="211"/>
        <source>Train {n} run(s)</source>
        <translation>
            <numerusform>{n} run trainen</numerusform>
            <numerusform>{n} runs trainen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSweepView</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="68"/>
        <source>Sweep {name}</source>
        <translation>Sweep {name}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="93"/>
        <source>Refresh</source>
        <translation>Vernieuwen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="95"/>
        <source>Overlay in Runs dock</source>
        <translation>Overlappen in Runs-paneel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="96"/>
        <source>Check the sweep&apos;s runs in the Runs dock: the loss and LR panels overlay them</source>
        <translation>Vink de runs van de sweep aan in het Runs-paneel: de loss- en LR-panelen leggen ze over elkaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="99"/>
        <source>metric</source>
        <translation>maat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="101"/>
        <source>against</source>
        <translation>tegen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="125"/>
        <source>final val loss</source>
        <translation>laatste val loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="125"/>
        <source>best val loss</source>
        <translation>beste val loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="126"/>
        <source>final train loss</source>
        <translation>laatste train loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="130"/>
        <source>not started</source>
        <translation>niet begonnen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="131"/>
        <source>partial</source>
        <translation>gedeeltelijk</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="131"/>
        <source>done</source>
        <translation>klaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="132"/>
        <source>diverged</source>
        <translation>gedivergeerd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="132"/>
        <source>training</source>
        <translation>traint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="133"/>
        <source>other run</source>
        <translation>andere run</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="140"/>
        <source>{done} of {n} run(s) settled · base {base} · {folder}</source>
        <translation>
            <numerusform>{done} van {n} run afgerond · basis {base} · {folder}</numerusform>
            <numerusform>{done} van {n} runs afgerond · basis {base} · {folder}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="149"/>
        <source>run</source>
        <translation>run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="149"/>
        <source>seed</source>
        <translation>seed</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="149"/>
        <source>state</source>
        <translation>toestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="149"/>
        <source>steps</source>
        <translation>stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="177"/>
        <source>no run has logged this loss yet</source>
        <translation>nog geen run heeft deze loss gelogd</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="194"/>
        <source>mean ± std</source>
        <translation>gemiddelde ± std</translation>
    </message>
</context>
<context>
    <name>QtSweeps</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="98"/>
        <source>Sweep {name}</source>
        <translation>Sweep {name}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="101"/>
        <source>{path} holds something else than this sweep&apos;s run ({why}); move it aside or rename the sweep.</source>
        <translation>{path} bevat iets anders dan de run van deze sweep ({why}); verplaats het of hernoem de sweep.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="125"/>
        <source>No unfinished sweep in {folder}</source>
        <translation>Geen onvoltooide sweep in {folder}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="130"/>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="138"/>
        <source>Continue Sweep</source>
        <translation>Sweep voortzetten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="130"/>
        <source>sweep</source>
        <translation>sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="172"/>
        <source>sweep paused: {name} is being trained by another process</source>
        <translation>sweep gepauzeerd: {name} wordt door een ander proces getraind</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="175"/>
        <source>sweep ended: {path} holds something else ({why})</source>
        <translation>sweep beëindigd: {path} bevat iets anders ({why})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="189"/>
        <source>sweep {name}: run {i} of {n} ({run}) · Stop ends the sweep</source>
        <translation>sweep {name}: run {i} van {n} ({run}) · Stop beëindigt de sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="195"/>
        <source>sweep ended: {run} could not start</source>
        <translation>sweep beëindigd: {run} kon niet starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="203"/>
        <source>sweep stopping: File → Continue Sweep goes on later</source>
        <translation>sweep stopt: Bestand → Sweep voortzetten gaat later verder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="214"/>
        <source>sweep stopped at {run} (step {step}); File → Continue Sweep goes on</source>
        <translation>sweep gestopt bij {run} (stap {step}); Bestand → Sweep voortzetten gaat verder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="217"/>
        <source>sweep ended: {run} stopped at step {step} of {steps}; File → Continue Sweep goes on</source>
        <translation>sweep beëindigd: {run} stopte bij stap {step} van {steps}; Bestand → Sweep voortzetten gaat verder</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="229"/>
        <source>sweep {name} finished: {n} run(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>sweep {name} klaar: {n} run over elkaar gelegd (Runs-paneel)</numerusform>
            <numerusform>sweep {name} klaar: {n} runs over elkaar gelegd (Runs-paneel)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="242"/>
        <source>A sweep&apos;s record</source>
        <translation>Het verslag van een sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="243"/>
        <source>Sweeps (*{suffix})</source>
        <translation>Sweeps (*{suffix})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="249"/>
        <source>Sweep Results</source>
        <translation>Sweepresultaten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="272"/>
        <source>sweep {name} is unfinished: File → Continue Sweep</source>
        <translation>sweep {name} is niet af: Bestand → Sweep voortzetten</translation>
    </message>
</context>
<context>
    <name>QtTerrainJobs</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="120"/>
        <source>Terrain job cancelled: the parts already computed stay</source>
        <translation>Terrainjob geannuleerd: de al berekende delen blijven</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="126"/>
        <source>Terrain: the run has no checkpoint yet</source>
        <translation>Terrein: de run heeft nog geen checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="132"/>
        <source>Terrain not computed: {message}</source>
        <translation>Terrein niet berekend: {message}</translation>
    </message>
</context>
<context>
    <name>QtTerrainPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="114"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="397"/>
        <source>no terrain yet</source>
        <translation>nog geen terrein</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="117"/>
        <source>The surface and slices on the held-out rows of every source, or of one</source>
        <translation>Het oppervlak en de doorsneden op de held-out rijen van alle bronnen, of van één</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="118"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="458"/>
        <source>all sources</source>
        <translation>alle bronnen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="120"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="332"/>
        <source>Compute now</source>
        <translation>Nu berekenen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="122"/>
        <source>Compute the terrain of the current weights (or of the newest checkpoint)</source>
        <translation>Het terrein van de huidige gewichten berekenen (of van het nieuwste checkpoint)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="129"/>
        <source>Dashed: 2/η, the edge of stability of plain gradient descent (Cohen et al., 2021). AdamW&apos;s threshold differs: it bounds the preconditioned sharpness (≈ 38/η for β1 = 0.9, Cohen et al., 2022), so λ_max can sit far below this line.</source>
        <translation>Gestreept: 2/η, de rand van stabiliteit van gewone gradient descent (Cohen et al., 2021). De drempel van AdamW is anders: die begrenst de gepreconditioneerde sharpness (≈ 38/η bij β1 = 0.9, Cohen et al., 2022), dus λ_max kan ver onder deze lijn liggen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="144"/>
        <source>Cancel</source>
        <translation>Annuleren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="146"/>
        <source>Stop this terrain job; the parts already computed stay</source>
        <translation>Deze terrainjob stoppen; de al berekende delen blijven</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="182"/>
        <source>Surface as CSV…</source>
        <translation>Oppervlak als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="183"/>
        <source>Trajectory as CSV…</source>
        <translation>Traject als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="184"/>
        <source>Sharpness and basin width over steps as CSV…</source>
        <translation>Sharpness en komwijdte per stap als CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="186"/>
        <source>Terrain step</source>
        <translation>Terreinstap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="288"/>
        <source>{kind} at step {step}</source>
        <translation>{kind} bij stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="318"/>
        <source>λ_max and basin width</source>
        <translation>λ_max en bekkenbreedte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="318"/>
        <source>a coarse surface</source>
        <translation>een grof oppervlak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="319"/>
        <source>the full surface, the path and the trace</source>
        <translation>het volledige oppervlak, het pad en het spoor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="321"/>
        <source>Terrain of step {step}, part {part} of 3 ({what}): {percent} %, started {elapsed} ago</source>
        <translation>Terrein van stap {step}, deel {part} van 3 ({what}): {percent} %, {elapsed} geleden begonnen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="323"/>
        <source>Terrain of step {step}, part {part} of 3 ({what}): {percent} %, about {eta} left</source>
        <translation>Terrein van stap {step}, deel {part} van 3 ({what}): {percent} %, nog ongeveer {eta}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="332"/>
        <source>Computing…</source>
        <translation>Berekenen…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="378"/>
        <source>The terrain of step(s) {steps} is not shown: {reason}</source>
        <translation>
            <numerusform>Het terrein van stap {steps} wordt niet getoond: {reason}</numerusform>
            <numerusform>Het terrein van de stappen {steps} wordt niet getoond: {reason}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="388"/>
        <source>computed every terrain.interval steps while training</source>
        <translation>berekend elke terrain.interval stappen tijdens de training</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="390"/>
        <source>computed every {n} step(s) while training</source>
        <translation>
            <numerusform>berekend elke {n} stap tijdens de training</numerusform>
            <numerusform>berekend elke {n} stappen tijdens de training</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="409"/>
        <source>step {step} ({n} result(s))</source>
        <translation>
            <numerusform>stap {step} ({n} resultaat)</numerusform>
            <numerusform>stap {step} ({n} resultaten)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="393"/>
        <source>terrain jobs are off for this run (terrain.interval = 0, or on_cpu = false on a CPU)</source>
        <translation>terreintaken staan uit voor deze run (terrain.interval = 0, of on_cpu = false op een CPU)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="395"/>
        <source>No terrain yet: {when}, or press Compute now.

For a finished run: andrea-terrain RUN_DIR --all computes it for every checkpoint.</source>
        <translation>Nog geen terrein: {when}, of druk op Nu berekenen.

Voor een voltooide run: andrea-terrain RUN_DIR --all berekent het voor elk checkpoint.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="414"/>
        <source>Loss in nats/token on the held-out rows. Curvatures in nats/token per squared weight unit: λ_max the steepest direction; random directions: 2·rise/(ρ²‖d‖²) from the basin rise at radius ρ, about tr(H)/n (the mean eigenvalue), never above λ_max.</source>
        <translation>Loss in nats/token op de achtergehouden rijen. Krommingen in nats/token per gewichtseenheid in het kwadraat: λ_max de steilste richting; willekeurige richtingen: 2·stijging/(ρ²‖d‖²) uit de bekkenstijging op straal ρ, ongeveer tr(H)/n (de gemiddelde eigenwaarde), nooit boven λ_max.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="432"/>
        <source>step {step} · loss {loss} on {rows} row(s) · λ_max {eig} (2/η {eos})</source>
        <translation>
            <numerusform>stap {step} · loss {loss} op {rows} rij · λ_max {eig} (2/η {eos})</numerusform>
            <numerusform>stap {step} · loss {loss} op {rows} rijen · λ_max {eig} (2/η {eos})</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="437"/>
        <source>random directions {curv} (basin rise {mean} at ρ {radius})</source>
        <translation>willekeurige richtingen {curv} (bekkenstijging {mean} bij ρ {radius})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="441"/>
        <source>basin rise at ρ = {radius}: mean {mean}, max {max}</source>
        <translation>bekkenstijging bij ρ = {radius}: gemiddeld {mean}, max {max}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="445"/>
        <source>tr(H) {trace} ± {stderr} (mean {mean})</source>
        <translation>tr(H) {trace} ± {stderr} (gemiddeld {mean})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="449"/>
        <source>part {part} of 3</source>
        <translation>deel {part} van 3</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="474"/>
        <source>Export</source>
        <translation>Exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="474"/>
        <source>There is no terrain to export yet.</source>
        <translation>Er is nog geen terrein om te exporteren.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="477"/>
        <source>Export terrain table</source>
        <translation>Terreintabel exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="478"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV-tabel (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="485"/>
        <source>Export failed</source>
        <translation>Exporteren mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="486"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Kies een andere map of bestandsnaam.</translation>
    </message>
</context>
<context>
    <name>QtVocabularyMap</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="113"/>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="136"/>
        <source>How the vocabulary is laid out in 2-D</source>
        <translation>Hoe het vocabulaire in 2-D wordt uitgezet</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="146"/>
        <source>{method} needs the &apos;{module}&apos; module: {install}</source>
        <translation>{method} heeft de module &apos;{module}&apos; nodig: {install}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="197"/>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="241"/>
        <source>No map: {reason}</source>
        <translation>Geen kaart: {reason}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="205"/>
        <source>Computing the {method} map of {tokens} tokens (step {step})…</source>
        <translation>{method}-kaart van {tokens} tokens berekenen (stap {step})…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="207"/>
        <source>The map of step {step} is shown meanwhile.</source>
        <translation>Intussen wordt de kaart van stap {step} getoond.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="209"/>
        <source>UMAP takes a minute or so.</source>
        <translation>UMAP duurt ongeveer een minuut.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="261"/>
        <source>PC 1 ({percent} % of variance)</source>
        <translation>PC 1 ({percent} % van de variantie)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="262"/>
        <source>PC 2 ({percent} %)</source>
        <translation>PC 2 ({percent} %)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="266"/>
        <source>{method} of all {tokens} tokens · step {step}</source>
        <translation>{method} van alle {tokens} tokens · stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="268"/>
        <source>Hover a point to read its token; click one to select it.</source>
        <translation>Wijs een punt aan om het token te lezen; klik om het te kiezen.</translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="71"/>
        <source>New Experiment — %1</source>
        <translation>Nieuw experiment — %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="75"/>
        <source>Two runs, the same in every setting but the LR warmup: one takes its first step at the peak LR (as the documents&apos; v1, whose samples collapsed into “region region region”), the other warms up linearly (as v2). They train one after the other, then the loss and LR panels overlay them and a side-by-side view shows, at the same steps, their samples with a repetition score, their attention entropy per layer and their sharpness (λ_max against 2/η).</source>
        <translation>Twee runs, in elke instelling gelijk behalve de LR-warmup: de ene zet zijn eerste stap op de piek-LR (zoals v1 uit de documenten, waarvan de samples instortten tot “region region region”), de andere warmt lineair op (zoals v2). Ze trainen na elkaar, daarna leggen het loss- en het LR-paneel ze over elkaar en toont een weergave naast elkaar, bij dezelfde stappen, hun samples met een herhalingsscore, hun attention-entropie per laag en hun scherpte (λ_max tegenover 2/η).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="81"/>
        <source>The preset both runs start from</source>
        <translation>De preset waar beide runs van uitgaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="85"/>
        <source>preset</source>
        <translation>preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="87"/>
        <source>peak LR</source>
        <translation>piek-LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="87"/>
        <source>the peak learning rate of both runs</source>
        <translation>de piek-learning-rate van beide runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="88"/>
        <source>warmup steps</source>
        <translation>warmupstappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="89"/>
        <source>linear warmup of the warmup run (the other has none)</source>
        <translation>lineaire warmup van de warmup-run (de andere heeft er geen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="90"/>
        <source>steps per run</source>
        <translation>stappen per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="90"/>
        <source>each run trains to this step</source>
        <translation>elke run traint tot deze stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="93"/>
        <source>The folder the two runs are made in</source>
        <translation>De map waarin de twee runs worden aangemaakt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="94"/>
        <source>Browse…</source>
        <translation>Bladeren…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="96"/>
        <source>folder</source>
        <translation>map</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="97"/>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="160"/>
        <source>name</source>
        <translation>naam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="98"/>
        <source>the runs are &lt;name&gt;-no-warmup and &lt;name&gt;-warmup-&lt;steps&gt;</source>
        <translation>de runs zijn &lt;name&gt;-no-warmup en &lt;name&gt;-warmup-&lt;steps&gt;</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="100"/>
        <source>runs</source>
        <translation>runs</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="105"/>
        <source>Train both</source>
        <translation>Beide trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="130"/>
        <source>Make the experiment&apos;s runs in</source>
        <translation>De runs van het experiment aanmaken in</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="161"/>
        <source>the experiment (its runs&apos; folders start with it)</source>
        <translation>het experiment (de mappen van zijn runs beginnen ermee)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="176"/>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="185"/>
        <source>{preset}, CPU, step {step}</source>
        <translation>{preset}, CPU, stap {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="172"/>
        <source>; other presets not measured</source>
        <translation>; andere presets niet gemeten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="178"/>
        <source>Expect the run without warmup to collapse ({at}, LR 2e-2: samples flagged for repetition {k} of {n} against {k2} of {n2} with warmup; mean attention entropy {h} against {h2} nats at step {step}{others}).</source>
        <translation>De run zonder warmup stort naar verwachting in ({at}, LR 2e-2: samples gemarkeerd als herhalend {k} van {n} tegenover {k2} van {n2} met warmup; gemiddelde attention-entropie {h} tegenover {h2} nats bij stap {step}{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="188"/>
        <source>Expect the run without warmup to fall behind ({at}, LR 1e-2: val loss {no} vs {yes} with warmup{others}).</source>
        <translation>De run zonder warmup raakt achterop ({at}, LR 1e-2: val-loss {no} tegen {yes} met warmup{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="191"/>
        <source>Expect little difference at this LR ({at}: none visible at LR 1e-3; at 1e-2 no warmup falls behind{others}).</source>
        <translation>Weinig verschil bij deze LR ({at}: geen zichtbaar bij LR 1e-3; bij 1e-2 raakt de run zonder warmup achterop{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="212"/>
        <source>{first}: the peak LR from the first step</source>
        <translation>{first}: de piek-LR vanaf de eerste stap</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="213"/>
        <source>{second}: linear warmup over {steps} step(s)</source>
        <translation>
            <numerusform>{second}: lineaire warmup over {steps} stap</numerusform>
            <numerusform>{second}: lineaire warmup over {steps} stappen</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="217"/>
        <source>(named once the settings in red are fixed)</source>
        <translation>(krijgen een naam zodra de rode instellingen kloppen)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="223"/>
        <source>What to expect: {expectation}</source>
        <translation>Wat je kunt verwachten: {expectation}</translation>
    </message>
</context>
<context>
    <name>QtWatchList</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="64"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="64"/>
        <source># probes</source>
        <translation># probes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="64"/>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="93"/>
        <source>overlap</source>
        <translation>overlap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="65"/>
        <source>mean (last 5)</source>
        <translation>gem. (laatste 5)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="66"/>
        <source>watched token</source>
        <translation>gevolgd token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="66"/>
        <source>probes with a neighbour set</source>
        <translation>probes met een burenset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="67"/>
        <source>share of its neighbours also neighbours at the previous probe</source>
        <translation>aandeel van zijn buren dat ook bij de vorige probe buur was</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="68"/>
        <source>mean overlap over the last five probes</source>
        <translation>gemiddelde overlap over de laatste vijf probes</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="73"/>
        <source>Remove</source>
        <translation>Verwijderen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="74"/>
        <source>Stop tracking the selected watched token</source>
        <translation>Het geselecteerde token niet meer volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="92"/>
        <source>step</source>
        <translation>stap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="94"/>
        <source>Each watched token&apos;s neighbour set: the share also in the previous probe&apos;s set</source>
        <translation>De burenset van elk gevolgd token: het aandeel dat ook in de set van de vorige probe zat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="77"/>
        <source>Watch list: do the neighbour sets settle?</source>
        <translation>Volglijst: worden de burensets stabiel?</translation>
    </message>
</context>
<context>
    <name>ReadingPane</name>
    <message>
        <location filename="../../andrea_desktop/gui/reading/pane.py" line="107"/>
        <source>How to read this</source>
        <translation>Zo lees je dit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/pane.py" line="108"/>
        <source>What this picture means, with a worked example where there is one</source>
        <translation>Wat dit beeld betekent, met een uitgewerkt voorbeeld waar er een is</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="142"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A query q and three keys; change any number and the weights are recomputed by the same function that computes the heatmaps.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Een query q en drie keys; verander een willekeurig getal en de gewichten worden opnieuw berekend door dezelfde functie die de heatmaps berekent.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="161"/>
        <source>weight</source>
        <translation>gewicht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="201"/>
        <source>d&lt;sub&gt;k&lt;/sub&gt; = {d}, so √d&lt;sub&gt;k&lt;/sub&gt; = {root}; the weights add up to {total}.</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt; = {d}, dus √d&lt;sub&gt;k&lt;/sub&gt; = {root}; de gewichten tellen op tot {total}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="224"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three token embeddings shrunk to three dimensions; change any number and the similarities are recomputed by the index behind the neighbour table.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Drie token-embeddings teruggebracht tot drie dimensies; verander een willekeurig getal en de overeenkomsten worden opnieuw berekend door de index achter de burentabel.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="242"/>
        <source>cosine</source>
        <translation>cosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="243"/>
        <source>distance</source>
        <translation>afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="277"/>
        <source>Nearest by cosine: {pairs}.</source>
        <translation>Dichtstbij volgens cosinus: {pairs}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="299"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three sources, H ({h}), G ({g}) and D ({d}): a floor on H and a cap on D cut the triangle; the region and its corners are computed by the code that draws the panel.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Drie bronnen, H ({h}), G ({g}) en D ({d}): een ondergrens op H en een bovengrens op D snijden de driehoek; het gebied en zijn hoekpunten worden berekend door de code die het paneel tekent.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="308"/>
        <source>H ≥</source>
        <translation>H ≥</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="311"/>
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
        <translation>De afgevlakte lijn is de trend; de schommelingen eromheen komen doordat elke batch op een net iets ander stukje grond staat. De curves per bron meten dezelfde positie op de eigen data van elke bron: als een ervan naar nul duikt terwijl de andere dat niet doen, heeft de wandeling een smalle geul gevonden, tekst van die bron uit het hoofd geleerd in plaats van begrepen (de “zombieklif” uit de documenten).</translation>
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
        <translation>Na de piek maakt de cosinusafname de stappen weer korter, zodat de wandeling zich in het gevonden dal nestelt in plaats van van wand tot wand te stuiteren. De grijze curve is het plan, vooraf getekend omdat het schema alleen van de stap afhangt; de gekleurde curve is wat elke stap werkelijk gebruikte, en de stip is waar de run nu is.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="64"/>
        <source>On a long run the warmup is a sliver at the left edge: “log step axis” gives every tenfold of steps the same room, so the first hundred steps fill most of the plot.</source>
        <translation>Bij een lange run is de warmup een dun reepje aan de linkerrand: “log-stapas” geeft elk tienvoud aan stappen evenveel ruimte, zodat de eerste honderd stappen het grootste deel van de plot vullen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="71"/>
        <source>The data mixture is a point on a simplex</source>
        <translation>De datamix is een punt op een simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="73"/>
        <source>The mixture gives every source a probability of being sampled. Probabilities are never negative and add up to one, so each mixture is a point of a simplex: a triangle for three sources, its higher-dimensional relative for more (drawn here as a polygon, a flat shadow of the real shape). A corner trains on one source alone, with no variety at all, a place where a model can collapse; an edge mixes two sources; the inside mixes them all.</source>
        <translation>De mix geeft elke bron een kans om gesampled te worden. Kansen zijn nooit negatief en tellen op tot één, dus elke mix is een punt van een simplex: een driehoek bij drie bronnen, zijn hoger-dimensionale verwant bij meer (hier getekend als een veelhoek, een platte schaduw van de echte vorm). Een hoekpunt traint op één bron alleen, zonder enige variatie, een plek waar een model kan instorten; een zijde mengt twee bronnen; het binnenste mengt ze allemaal.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="80"/>
        <source>A floor (a source&apos;s least weight) and a cap (its greatest) each slice the simplex with a flat cut. The filled &lt;i&gt;reachable region&lt;/i&gt; is what lies on the allowed side of every cut; excluding a source is a cap of zero, which flattens the region by one whole dimension.</source>
        <translation>Een ondergrens (het kleinste gewicht van een bron) en een bovengrens (het grootste) snijden elk de simplex met een vlakke snede. Het gevulde &lt;i&gt;bereikbare gebied&lt;/i&gt; is wat aan de toegestane kant van elke snede ligt; een bron uitsluiten is een bovengrens van nul, die het gebied een hele dimensie platter maakt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="85"/>
        <source>Every phase puts down a new point. A random phase jumps to a point drawn evenly from the region; a bandit phase moves part of the way towards the corner of the region that the bandit&apos;s upper confidence bound favours now. A pivot draws a new region and the walk goes on inside it; a dashed outline is the smaller sub-simplex of the curriculum warmup.</source>
        <translation>Elke fase zet een nieuw punt neer. Een willekeurige fase springt naar een punt dat gelijkmatig uit het gebied wordt getrokken; een banditfase beweegt een deel van de weg naar het hoekpunt van het gebied dat de upper confidence bound (UCB) van de bandit nu verkiest. Een pivot tekent een nieuw gebied en de wandeling gaat daarbinnen verder; een gestreepte omtrek is de kleinere deelsimplex van de curriculumwarmup.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="94"/>
        <source>Each row is a query looking at the past through its head&apos;s window</source>
        <translation>Elke rij is een query die door het venster van zijn head naar het verleden kijkt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="96"/>
        <source>For the token in one row, the head forms a query vector q and compares it with the key vector k of every token so far. The dot product q·k measures how far each key reaches along the query&apos;s direction: a long projection means that earlier token answers what this token is asking, a short one means it hardly matters. The head&apos;s output is the tokens&apos; values mixed in those proportions.</source>
        <translation>Voor het token in een rij vormt de head een queryvector q en vergelijkt die met de keyvector k van elk token tot nu toe. Het inproduct q·k meet hoe ver elke key reikt langs de richting van de query: een lange projectie betekent dat dat eerdere token antwoordt op wat dit token vraagt, een korte dat het nauwelijks uitmaakt. De uitvoer van de head is een mix van de values van de tokens in die verhoudingen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="103"/>
        <source>The scores are divided by √d&lt;sub&gt;k&lt;/sub&gt; so they do not grow with the head&apos;s dimension; without it the softmax would hand nearly all the weight to a single key. The softmax then turns the scores into weights that add up to one along each row.</source>
        <translation>De scores worden gedeeld door √d&lt;sub&gt;k&lt;/sub&gt; zodat ze niet meegroeien met de dimensie van de head; zonder dat zou de softmax bijna al het gewicht aan één key geven. De softmax maakt van de scores vervolgens gewichten die langs elke rij optellen tot één.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="108"/>
        <source>Above the diagonal lie future tokens: the causal mask sets their scores to −∞ before the softmax, so they get no weight at all (drawn grey), in training and in generation alike. Each head projects onto its own small subspace of the model&apos;s space, so the grid shows layers × heads independent views of one sentence: one head may follow the previous token, another the first token, another an earlier copy of the current one.</source>
        <translation>Boven de diagonaal liggen toekomstige tokens: het causale masker zet hun scores op −∞ vóór de softmax, zodat ze helemaal geen gewicht krijgen (grijs getekend), bij training en bij generatie evengoed. Elke head projecteert op zijn eigen kleine deelruimte van de ruimte van het model, dus het raster toont layers × heads onafhankelijke blikken op één zin: de ene head volgt misschien het vorige token, een andere het eerste token, weer een andere een eerdere kopie van het huidige.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="115"/>
        <source>The red tags name what a head does, measured at each probe on random tokens repeated twice: prev looks at the token before, first at the first token, self at itself, fixed at one early position, dup at the same token earlier, and ind is an induction head: it finds the earlier copy of the current token and looks at the token that came after it, so the model can go on with a pattern it has seen once. A tag appears when the head puts at least 40 % of the weight an evenly spread head leaves free onto that role&apos;s tokens; rest the mouse on a head for every score. Induction heads tend to appear suddenly, in a phase change that often comes with a drop in the loss: Heads over time shows each role&apos;s best score at every probe and marks that step, on the loss too.</source>
        <translation>De rode labels noemen wat een head doet, gemeten bij elke probe op willekeurige tokens die twee keer herhaald worden: prev kijkt naar het vorige token, first naar het eerste token, self naar zichzelf, fixed naar één vroege positie, dup naar hetzelfde token eerder, en ind is een induction head: die vindt de eerdere kopie van het huidige token en kijkt naar het token dat daarna kwam, zodat het model een patroon kan voortzetten dat het één keer gezien heeft. Een label verschijnt wanneer de head minstens 40 % van het gewicht dat een gelijk verdeelde head vrijlaat op de tokens van die rol legt; houd de muis op een head voor elke score. Induction heads verschijnen vaak plotseling, in een faseovergang die vaak samengaat met een daling van de loss: Heads door de tijd toont de beste score van elke rol bij elke probe en markeert die stap, ook bij de loss.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="129"/>
        <source>Every token is a point, and closeness is an angle</source>
        <translation>Elk token is een punt, en nabijheid is een hoek</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="131"/>
        <source>Each row of the token-embedding matrix places one token of the vocabulary in a space with d_model dimensions. Cosine similarity reads the angle between two tokens&apos; vectors: 1 when they point the same way, 0 at right angles, −1 when opposite. Euclidean distance also counts how long the vectors are.</source>
        <translation>Elke rij van de token-embeddingmatrix plaatst één token van het vocabulaire in een ruimte met d_model dimensies. Cosinusgelijkenis leest de hoek tussen de vectoren van twee tokens: 1 als ze dezelfde kant op wijzen, 0 bij een rechte hoek, −1 als ze tegengesteld zijn. De Euclidische afstand telt ook mee hoe lang de vectoren zijn.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="137"/>
        <source>Every training step nudges the points a little. Tokens used in similar contexts come to point in similar directions; tokens from unrelated fields end up nearly at right angles.</source>
        <translation>Elke trainingsstap duwt de punten een klein beetje. Tokens die in vergelijkbare contexten voorkomen, gaan in vergelijkbare richtingen wijzen; tokens uit ongerelateerde vakgebieden komen bijna loodrecht op elkaar te staan.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="141"/>
        <source>The table lists the chosen token&apos;s nearest points exactly. The picture is a flat shadow (PCA) of a neighbourhood with many dimensions, so two points that look close there need not be. The watch list shows when neighbourhoods stop changing: a stable set means those tokens have found their place.</source>
        <translation>De tabel geeft de dichtstbijzijnde punten van het gekozen token exact. Het beeld is een platte schaduw (PCA) van een buurt met veel dimensies, dus twee punten die daar dichtbij lijken, hoeven dat niet te zijn. De volglijst laat zien wanneer buurten niet meer veranderen: een stabiele verzameling betekent dat die tokens hun plek hebben gevonden.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="150"/>
        <source>Samples show where the walk has taken the model</source>
        <translation>Samples laten zien waar de wandeling het model heeft gebracht</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="152"/>
        <source>Every so often the model continues the same prompt, so the list reads as a diary of what the current point on the loss landscape can do. Early text is noise; training turns it into words, then phrases, then the voices of the data mixture.</source>
        <translation>Af en toe zet het model dezelfde prompt voort, zodat de lijst leest als een dagboek van wat het huidige punt in het loss-landschap kan. Vroege tekst is ruis; training maakt er woorden van, dan zinsdelen, dan de stemmen van de datamix.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="157"/>
        <source>A sample that repeats itself (“region region region”) is the mark of a bad valley: the documents&apos; first run fell into one by taking full-length steps from fresh weights. Such samples are flagged here and marked on the loss panel. Samples that copy one source&apos;s style for long stretches suggest the mixture has been camping near that source&apos;s corner of the simplex.</source>
        <translation>Een sample die zichzelf herhaalt (“region region region”) is het kenmerk van een slecht dal: de eerste run uit de documenten viel erin door stappen van volle lengte te zetten vanaf verse gewichten. Zulke samples worden hier gemarkeerd en op het loss-paneel aangegeven. Samples die lange stukken de stijl van één bron kopiëren, wijzen erop dat de mix bij het hoekpunt van die bron op de simplex heeft gekampeerd.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="167"/>
        <source>The terrain puts the loss landscape on the screen</source>
        <translation>Het terrein zet het loss-landschap op het scherm</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="169"/>
        <source>The loss surface has as many dimensions as the model has weights, so it cannot be drawn whole. The surface here is a slice through the current weights along two fixed random directions, each scaled to the size of the weights it moves, so slices of different steps can be compared. The path shows earlier weights projected on the two directions in which they changed most, over the loss on that plane.</source>
        <translation>Het loss-oppervlak heeft evenveel dimensies als het model gewichten heeft, dus het kan niet in zijn geheel getekend worden. Het oppervlak hier is een doorsnede door de huidige gewichten langs twee vaste willekeurige richtingen, elk geschaald naar de grootte van de gewichten die ze verschuift, zodat doorsneden van verschillende stappen te vergelijken zijn. Het pad toont eerdere gewichten, geprojecteerd op de twee richtingen waarin ze het meest veranderden, boven de loss op dat vlak.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="176"/>
        <source>Sharpness, the largest curvature λ&lt;sub&gt;max&lt;/sub&gt;, says how steep the valley&apos;s walls are along its steepest direction: above 2/η, plain gradient descent with step size η would bounce across the valley instead of going down it.</source>
        <translation>Sharpness, de grootste kromming λ&lt;sub&gt;max&lt;/sub&gt;, zegt hoe steil de wanden van het dal zijn langs de steilste richting: boven 2/η zou gewone gradient descent met stapgrootte η heen en weer over het dal stuiteren in plaats van erin af te dalen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="181"/>
        <source>Basin width is how much the loss rises a fixed distance ρ away, along random directions scaled like the weights. A small rise is a wide basin, where many nearby weights are just as good, and the documents tie such basins to better behaviour on new text; a sharp rise is a narrow trench, like the one a source learned by heart digs. The panel turns the rise into the curvature it implies, 2·rise/(ρ²‖d‖²), in the units of λ&lt;sub&gt;max&lt;/sub&gt;: random directions see about the average curvature, tr(H)/n, while λ&lt;sub&gt;max&lt;/sub&gt; is the single steepest one. So a run can be sharper (a larger λ&lt;sub&gt;max&lt;/sub&gt;) and still look wider along random directions: both are true, of different directions.</source>
        <translation>Bekkenbreedte is hoeveel de loss stijgt op een vaste afstand ρ, langs willekeurige richtingen die geschaald zijn als de gewichten. Een kleine stijging is een breed bekken, waar veel gewichten in de buurt even goed zijn, en de documenten koppelen zulke bekkens aan beter gedrag op nieuwe tekst; een scherpe stijging is een smalle geul, zoals die welke een uit het hoofd geleerde bron graaft. Het paneel zet de stijging om in de kromming die ze inhoudt, 2·stijging/(ρ²‖d‖²), in de eenheden van λ&lt;sub&gt;max&lt;/sub&gt;: willekeurige richtingen zien ongeveer de gemiddelde kromming, tr(H)/n, terwijl λ&lt;sub&gt;max&lt;/sub&gt; de ene steilste is. Een run kan dus scherper zijn (een grotere λ&lt;sub&gt;max&lt;/sub&gt;) en toch breder lijken langs willekeurige richtingen: beide kloppen, voor verschillende richtingen.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="192"/>
        <source>The trace tr(H), the sum of all curvatures, can be negative. At the bottom of a valley every direction curves up, but training rarely stands there: on a slope or a saddle many directions curve down (the Hessian is indefinite), and when they outweigh the few steep ones the sum is below zero. A negative trace with a large λ&lt;sub&gt;max&lt;/sub&gt; reads as a narrow ridge of steep walls on ground that otherwise falls away.</source>
        <translation>Het spoor tr(H), de som van alle krommingen, kan negatief zijn. Onderin een dal buigt elke richting omhoog, maar de training staat daar zelden: op een helling of een zadel buigen veel richtingen omlaag (de Hessiaan is indefiniet), en als die zwaarder wegen dan de paar steile is de som kleiner dan nul. Een negatief spoor met een grote λ&lt;sub&gt;max&lt;/sub&gt; lees je als een smalle rug van steile wanden op grond die verder wegvalt.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="199"/>
        <source>A job arrives in parts, cheapest first: λ&lt;sub&gt;max&lt;/sub&gt; and the basin width, then a coarse surface, then the fine surface, the path and the trace. Training lends it a set share of its time (terrain.share), so the numbers come while training runs; the bar above the plots says which part is under way and how long it may take.</source>
        <translation>Een job komt in delen, de goedkoopste eerst: λ&lt;sub&gt;max&lt;/sub&gt; en de bekkenbreedte, dan een grof oppervlak, dan het fijne oppervlak, het pad en het spoor. De training leent de job een vast deel van haar tijd (terrain.share), zodat de getallen komen terwijl de training loopt; de balk boven de grafieken zegt welk deel bezig is en hoe lang het nog kan duren.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="208"/>
        <source>Compared runs are walks from different starting rules</source>
        <translation>Vergeleken runs zijn wandelingen vanuit verschillende startregels</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="210"/>
        <source>Each checked run is another walk on a landscape of the same kind: the same model shape, started from other settings (a learning rate, a warmup, a curriculum). Overlaid, their loss curves show which rule went down faster and which got stuck; the settings table under the list names the only keys in which they differ, so the cause is in that list.</source>
        <translation>Elke aangevinkte run is een andere wandeling in een landschap van dezelfde soort: dezelfde modelvorm, gestart vanuit andere instellingen (een learning rate, een warmup, een curriculum). Over elkaar gelegd laten hun loss-curves zien welke regel sneller daalde en welke vastliep; de instellingentabel onder de lijst noemt alleen de sleutels waarin ze verschillen, dus de oorzaak staat in die lijst.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="216"/>
        <source>By step, the walks are compared update for update; by tokens seen, for the same amount of text read (a larger batch takes longer steps through the data); by wall time, for the hours they cost. A branch shares its parent&apos;s walk up to the step it was taken from and leaves it there: the documents&apos; v3 did that, turning into a polish phase without going back to the start.</source>
        <translation>Per stap worden de wandelingen update voor update vergeleken; per geziene tokens voor dezelfde hoeveelheid gelezen tekst (een grotere batch zet langere stappen door de data); per kloktijd voor de uren die ze kosten. Een aftakking deelt de wandeling van haar ouder tot de stap waarvan ze is genomen en verlaat die daar: v3 uit de documenten deed dat en ging over in een polijstfase zonder terug te gaan naar het begin.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="223"/>
        <source>Runs that differ only in their seed are the same rule started from other random weights and another order of the data. Grouped, they are drawn as their mean with a band of one standard deviation: the band is how far chance alone moves one run&apos;s curve. Two groups whose means are closer than their bands are wide may differ by chance only; more seeds do not narrow the band, they make the mean surer (its own uncertainty is about the band&apos;s half-width divided by the square root of n).</source>
        <translation>Runs die alleen in hun seed verschillen, zijn dezelfde regel, gestart vanuit andere willekeurige gewichten en een andere volgorde van de data. Gegroepeerd worden ze getekend als hun gemiddelde met een band van één standaardafwijking: de band is hoe ver het toeval alleen de curve van één run verschuift. Twee groepen waarvan de gemiddelden dichter bij elkaar liggen dan hun banden breed zijn, kunnen alleen door toeval verschillen; meer seeds maken de band niet smaller, maar het gemiddelde zekerder (de eigen onzekerheid ervan is ongeveer de halve breedte van de band gedeeld door de wortel van n).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="231"/>
        <source>Side by side puts the runs at the same steps in one table, so the documents&apos; v1 and v2 read across a row. A run that took full-length steps from fresh weights shows the bad valley three ways: its samples fall back on a few words (a high repetition score, flagged), its attention heads turn one-hot (an entropy near 0, where a head spreading its weight evenly has the uniform value), and the ground under it is sharper (a larger λ_max, read against 2/η, the curvature at which a plain gradient step of that length stops going downhill). The built-in warmup experiment at its default, LR 2e-2 on the demo preset, shows the first two within a few minutes, and the third where the runs have terrain results; at 1e-2 the heads and the loss differ, but the samples seldom repeat enough to be flagged.</source>
        <translation>Naast elkaar zet de runs bij dezelfde stappen in één tabel, zodat v1 en v2 uit de documenten over een rij te lezen zijn. Een run die stappen van volle lengte zette vanaf verse gewichten toont het slechte dal op drie manieren: zijn samples vallen terug op een paar woorden (een hoge herhalingsscore, gemarkeerd), zijn attention-heads worden one-hot (een entropie bij 0, waar een head die zijn gewicht gelijk verdeelt de uniforme waarde heeft), en de grond eronder is scherper (een grotere λ_max, gelezen tegen 2/η, de kromming waarbij een gewone gradiëntstap van die lengte niet meer bergaf gaat). Het ingebouwde warmup-experiment toont bij zijn standaard, LR 2e-2 op de demopreset, de eerste twee binnen een paar minuten, en de derde waar de runs terreinresultaten hebben; bij 1e-2 verschillen de heads en de loss, maar herhalen de samples zich zelden genoeg om gemarkeerd te worden.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="64"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; What a loss of so many nats per token means; change the loss or the vocabulary size.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Wat een loss van zoveel nats per token betekent; verander de loss of de grootte van de woordenschat.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="66"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="66"/>
        <source>vocabulary</source>
        <translation>woordenschat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="71"/>
        <source>e&lt;sup&gt;{loss}&lt;/sup&gt; = {ppl}: the model is as unsure as a uniform pick among {ppl} tokens ({bits} bits per token). A fresh model guesses uniformly: ln {vocab} = {uniform} nats/token.</source>
        <translation>e&lt;sup&gt;{loss}&lt;/sup&gt; = {ppl}: het model is even onzeker als een gelijkmatige keuze uit {ppl} tokens ({bits} bits per token). Een vers model gokt gelijkmatig: ln {vocab} = {uniform} nats/token.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="84"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Gradient descent with step η on a bowl of curvature λ, L(x) = λx²/2, from x = 1: each step multiplies x by 1 − ηλ.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Gradient descent met stap η op een kom met kromming λ, L(x) = λx²/2, vanaf x = 1: elke stap vermenigvuldigt x met 1 − ηλ.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="91"/>
        <source>2/η = {threshold}: λ = {curv} is below it, so x shrinks: 1 − ηλ = {factor}, after 10 steps x = {after}.</source>
        <translation>2/η = {threshold}: λ = {curv} ligt eronder, dus x krimpt: 1 − ηλ = {factor}, na 10 stappen x = {after}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="93"/>
        <source>2/η = {threshold}: λ = {curv} is above it, so every step overshoots further: 1 − ηλ = {factor}, after 10 steps x = {after}.</source>
        <translation>2/η = {threshold}: λ = {curv} ligt erboven, dus elke stap schiet verder door: 1 − ηλ = {factor}, na 10 stappen x = {after}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="107"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A bowl L(w) = λ‖w − w*‖²/2 and the basin width&apos;s step: radius ρ along a direction d scaled like the weights (‖d‖ = ‖w‖), measured by the terrain&apos;s own code.</source>
        <translation>&lt;b&gt;Uitgewerkt voorbeeld.&lt;/b&gt; Een kom L(w) = λ‖w − w*‖²/2 en de stap van de bekkenbreedte: straal ρ langs een richting d die geschaald is als de gewichten (‖d‖ = ‖w‖), gemeten met de eigen code van het terrein.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="116"/>
        <source>The loss rises by λρ²‖d‖²/2 = {rise} nats/token; the panel turns the rise back into the curvature 2·rise/(ρ²‖d‖²) = {curv}, the λ of the bowl, in the units of λ&lt;sub&gt;max&lt;/sub&gt;. A real terrain is no bowl: random directions see about the mean eigenvalue tr(H)/n, far below λ&lt;sub&gt;max&lt;/sub&gt;.</source>
        <translation>De loss stijgt met λρ²‖d‖²/2 = {rise} nats/token; het paneel zet de stijging terug om in de kromming 2·stijging/(ρ²‖d‖²) = {curv}, de λ van de kom, in de eenheden van λ&lt;sub&gt;max&lt;/sub&gt;. Een echt terrein is geen kom: willekeurige richtingen zien ongeveer de gemiddelde eigenwaarde tr(H)/n, ver onder λ&lt;sub&gt;max&lt;/sub&gt;.</translation>
    </message>
</context>
<context>
    <name>RemoteRunDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="43"/>
        <source>Open Remote Run</source>
        <translation>Run op afstand openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="46"/>
        <source>gpu-box, or user@host:port</source>
        <translation>gpu-box, of gebruiker@host:poort</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="49"/>
        <source>/home/me/runs/my-run, or ~/runs/my-run</source>
        <translation>/home/ik/runs/mijn-run, of ~/runs/mijn-run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="50"/>
        <source>List Runs</source>
        <translation>Runs tonen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="51"/>
        <source>The runs in the folder of the path (or the path itself), on the host</source>
        <translation>De runs in de map van het pad (of het pad zelf), op de host</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="56"/>
        <source>The host needs this project installed (pip install), so that andrea-follow is on its PATH; ssh uses your keys, agent and ~/.ssh/config.</source>
        <translation>Op de host moet dit project geïnstalleerd zijn (pip install), zodat andrea-follow in zijn PATH staat; ssh gebruikt je sleutels, agent en ~/.ssh/config.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="62"/>
        <source>Start a new run in this folder there</source>
        <translation>Daar een nieuwe run in deze map starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="63"/>
        <source>Train a new run on the host, detached from this window (it trains on when the link drops), then follow it</source>
        <translation>Een nieuwe run op de host trainen, los van dit venster (hij traint door als de verbinding wegvalt), en hem dan volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="69"/>
        <source>the schedule&apos;s end</source>
        <translation>het einde van het schema</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="72"/>
        <source>More than 1: torchrun starts one process per GPU (DistributedDataParallel)</source>
        <translation>Meer dan 1: torchrun start één proces per GPU (DistributedDataParallel)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="77"/>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="78"/>
        <source>Run folder:</source>
        <translation>Runmap:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="81"/>
        <source>Preset:</source>
        <translation>Preset:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="82"/>
        <source>Stop at step:</source>
        <translation>Stoppen bij stap:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="83"/>
        <source>Processes (GPUs):</source>
        <translation>Processen (GPU’s):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="137"/>
        <source>Asking {host}…</source>
        <translation>{host} wordt gevraagd…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="151"/>
        <source>No runs in that folder.</source>
        <translation>Geen runs in die map.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="153"/>
        <source> (training)</source>
        <translation> (traint)</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="227"/>
        <source>Cannot open run</source>
        <translation>Run kan niet worden geopend</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="211"/>
        <source>Bad preset</source>
        <translation>Ongeldige preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="216"/>
        <source>preset {preset}</source>
        <translation>preset {preset}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="252"/>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="255"/>
        <source>Open Run</source>
        <translation>Run openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="252"/>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="286"/>
        <source>Stop the training first: one run at a time.</source>
        <translation>Stop eerst de training: één run tegelijk.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="266"/>
        <source>Not a run directory</source>
        <translation>Geen runmap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="267"/>
        <source>{path} holds no {config}, so it is not an ANDREA run.

Choose the folder that contains {config} and {metrics}.</source>
        <translation>{path} bevat geen {config}, dus het is geen ANDREA-run.

Kies de map die {config} en {metrics} bevat.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="237"/>
        <source>Part of the run&apos;s history cannot be read</source>
        <translation>Een deel van de geschiedenis van de run is niet te lezen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="238"/>
        <source>{error}

The panels show what could be read.</source>
        <translation>{error}

De panelen tonen wat gelezen kon worden.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="286"/>
        <source>Open Remote Run</source>
        <translation>Run op afstand openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="302"/>
        <source>Starting a run on {host}…</source>
        <translation>Een run starten op {host}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="306"/>
        <source>Cannot start the run there</source>
        <translation>Kan de run daar niet starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="307"/>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="326"/>
        <source>{url}

{why}</source>
        <translation>{url}

{why}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="319"/>
        <source>Not a remote run address</source>
        <translation>Geen adres van een run op afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="321"/>
        <source>Connecting to {host}…</source>
        <translation>Verbinden met {host}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="325"/>
        <source>Cannot open the remote run</source>
        <translation>Kan de run op afstand niet openen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="343"/>
        <source>{run} (remote)</source>
        <translation>{run} (op afstand)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="402"/>
        <source>Cannot follow the run</source>
        <translation>De run is niet te volgen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="406"/>
        <source>{run} (following)</source>
        <translation>{run} (gevolgd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="470"/>
        <source>Resumed from an older checkpoint</source>
        <translation>Hervat vanaf een ouder checkpoint</translation>
    </message>
</context>
<context>
    <name>RunDriver</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="36"/>
        <source>auto threads</source>
        <translation>threads automatisch</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/driver.py" line="37"/>
        <source>{n} thread(s)</source>
        <translation>
            <numerusform>{n} thread</numerusform>
            <numerusform>{n} threads</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="38"/>
        <source>{threads} (auto)</source>
        <translation>{threads} (auto)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="141"/>
        <source>Checkpoint requested: it is written at the next step boundary</source>
        <translation>Checkpoint gevraagd: het wordt bij de volgende stapgrens geschreven</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="186"/>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="295"/>
        <source>resuming…</source>
        <translation>hervatten…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="186"/>
        <source>training</source>
        <translation>trainen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="188"/>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="295"/>
        <source>pausing…</source>
        <translation>pauzeren…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="215"/>
        <source>{device} · {threads} · preset {preset} · {params}M params</source>
        <translation>{device} · {threads} · preset {preset} · {params}M parameters</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="257"/>
        <source>Checkpoint requested from the external trainer</source>
        <translation>Checkpoint gevraagd aan de externe trainer</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="278"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="178"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="189"/>
        <source>Cannot steer this run</source>
        <translation>Deze run is niet te sturen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="322"/>
        <source>external run · trainer not running — last step {step} at {time}</source>
        <translation>externe run · trainer draait niet — laatste stap {step} om {time}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="328"/>
        <source>{device} × {ranks} ranks</source>
        <translation>{device} × {ranks} ranks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="331"/>
        <source>{device} on {host}</source>
        <translation>{device} op {host}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="332"/>
        <source>external run · {where} · pid {pid}</source>
        <translation>externe run · {where} · pid {pid}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="64"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="103"/>
        <source>no answer within {s} s</source>
        <translation>geen antwoord binnen {s} s</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="154"/>
        <source>Checkpoint requested from the remote trainer</source>
        <translation>Checkpoint gevraagd aan de trainer op afstand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="191"/>
        <source>The link to the remote run is down; try again once it is reconnected.</source>
        <translation>De verbinding met de run op afstand is weg; probeer het opnieuw zodra ze hersteld is.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="195"/>
        <source>The link to the remote run dropped; try again.</source>
        <translation>De verbinding met de run op afstand viel weg; probeer het opnieuw.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="207"/>
        <source>remote run · {where} · link lost: {why}</source>
        <translation>run op afstand · {where} · verbinding verloren: {why}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="210"/>
        <source>remote run · {where} · reconnecting… ({why})</source>
        <translation>run op afstand · {where} · opnieuw verbinden… ({why})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="213"/>
        <source>remote run · {where} · {device}</source>
        <translation>run op afstand · {where} · {device}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="215"/>
        <source>read-only: steering off</source>
        <translation>alleen-lezen: sturen uit</translation>
    </message>
</context>
<context>
    <name>RunExports</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="43"/>
        <source>Export metrics</source>
        <translation>Metrieken exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="44"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV-tabel (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="47"/>
        <source>Metrics written to {path}</source>
        <translation>Metrieken geschreven naar {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="51"/>
        <source>Export TensorBoard event files to</source>
        <translation>TensorBoard-eventbestanden exporteren naar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="55"/>
        <source>TensorBoard event files written to {path}</source>
        <translation>TensorBoard-eventbestanden geschreven naar {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="59"/>
        <source>Export weights</source>
        <translation>Gewichten exporteren</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="63"/>
        <source>Weights of the newest checkpoint written to {path}</source>
        <translation>Gewichten van het nieuwste checkpoint geschreven naar {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="70"/>
        <source>Export a Hugging Face model folder to (an empty folder)</source>
        <translation>Een Hugging Face-modelmap exporteren naar (een lege map)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="74"/>
        <source>Hugging Face model folder of the newest checkpoint written to {path}</source>
        <translation>Hugging Face-modelmap van het nieuwste checkpoint geschreven naar {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="82"/>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="85"/>
        <source>Export failed</source>
        <translation>Exporteren mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="86"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Kies een andere map of bestandsnaam.</translation>
    </message>
</context>
<context>
    <name>RunsTableModel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="27"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="27"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="28"/>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="28"/>
        <source>Steps</source>
        <translation>Stappen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="29"/>
        <source>Last loss</source>
        <translation>Laatste loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="29"/>
        <source>Best val</source>
        <translation>Beste val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="30"/>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="30"/>
        <source>Started</source>
        <translation>Gestart</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="31"/>
        <source>Parent</source>
        <translation>Ouder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="31"/>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="36"/>
        <source>new</source>
        <translation>nieuw</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="37"/>
        <source>running</source>
        <translation>loopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="38"/>
        <source>external</source>
        <translation>extern</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="39"/>
        <source>finished</source>
        <translation>klaar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="40"/>
        <source>stopped</source>
        <translation>gestopt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="41"/>
        <source>failed</source>
        <translation>mislukt</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="42"/>
        <source>unreadable</source>
        <translation>onleesbaar</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="68"/>
        <source>it is not a settings file</source>
        <translation>het is geen instellingenbestand</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="69"/>
        <source>it cannot be written there (a folder in its place, or no permission)</source>
        <translation>het kan daar niet worden geschreven (een map op zijn plaats, of geen toestemming)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="76"/>
        <source>Settings are not saved: {path}: {reason}. The window layout, the language and the recent runs will not be remembered.</source>
        <translation>Instellingen worden niet opgeslagen: {path}: {reason}. De indeling van het venster, de taal en de recente runs worden niet onthouden.</translation>
    </message>
</context>
<context>
    <name>TerrainPlots</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="144"/>
        <source>β along d2</source>
        <translation>β langs d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="161"/>
        <source>distance (filter-normalised)</source>
        <translation>afstand (filtergenormaliseerd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="162"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="164"/>
        <source>along d1</source>
        <translation>langs d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="165"/>
        <source>along d2</source>
        <translation>langs d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="177"/>
        <source>2/η (plain GD)</source>
        <translation>2/η (gewone GD)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="180"/>
        <source>trace</source>
        <translation>spoor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="189"/>
        <source>rise</source>
        <translation>stijging</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="192"/>
        <source>mean</source>
        <translation>gemiddeld</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="194"/>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="257"/>
        <source>PC1 ({share} % of the path)</source>
        <translation>PC1 ({share} % van het pad)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="267"/>
        <source>the path needs 3 snapshots ({n} so far)</source>
        <translation>het pad heeft 3 snapshots nodig (nu {n})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="142"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="244"/>
        <source>loss around the weights</source>
        <translation>loss rond de gewichten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="143"/>
        <source>α along d1</source>
        <translation>α langs d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="149"/>
        <source>path (PCA plane)</source>
        <translation>pad (PCA-vlak)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="160"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="221"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="289"/>
        <source>1-D slices</source>
        <translation>1-D-doorsneden</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="168"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="319"/>
        <source>λ_max of the Hessian</source>
        <translation>λ_max van de Hessiaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="175"/>
        <source>along random directions (basin)</source>
        <translation>langs willekeurige richtingen (bekken)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="179"/>
        <source>tr(H) ± 1 s.e.</source>
        <translation>tr(H) ± 1 s.e.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="188"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="222"/>
        <source>basin rise at radius ρ</source>
        <translation>bekkenstijging op straal ρ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="241"/>
        <source>surface: computing…</source>
        <translation>oppervlak: wordt berekend…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="246"/>
        <source>surface (coarse, refining)</source>
        <translation>oppervlak (grof, wordt verfijnd)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="263"/>
        <source>the path comes with the last part</source>
        <translation>het pad komt met het laatste deel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="288"/>
        <source>1-D slices ({source})</source>
        <translation>1-D-doorsneden ({source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="312"/>
        <source>basin rise at ρ = {radius}</source>
        <translation>bekkenstijging bij ρ = {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="332"/>
        <source>λ_max (2/η = {value}: above)</source>
        <translation>λ_max (2/η = {value}: erboven)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="361"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source} (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token op {source} (de gewichten)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="363"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source}</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token op {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="365"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token (de gewichten)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="367"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="380"/>
        <source>step {step}: PC1 {x}, PC2 {y} (the weights of this terrain)</source>
        <translation>stap {step}: PC1 {x}, PC2 {y} (de gewichten van dit terrein)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="382"/>
        <source>step {step}: PC1 {x}, PC2 {y}</source>
        <translation>stap {step}: PC1 {x}, PC2 {y}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="390"/>
        <source>PC1 {x}, PC2 {y} · loss {loss} nats/token</source>
        <translation>PC1 {x}, PC2 {y} · loss {loss} nats/token</translation>
    </message>
</context>
<context>
    <name>TrainingThread</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/worker.py" line="247"/>
        <source>Cannot start training</source>
        <translation>Training kan niet starten</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/worker.py" line="282"/>
        <source>Training failed</source>
        <translation>Training mislukt</translation>
    </message>
</context>
</TS>
