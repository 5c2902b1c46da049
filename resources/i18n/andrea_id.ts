<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id">
<context>
    <name>BanditTable</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="147"/>
        <source>source</source>
        <translation>sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="147"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="148"/>
        <source>floor</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="148"/>
        <source>cap</source>
        <translation>maks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="149"/>
        <source>pulls</source>
        <translation>tarikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="149"/>
        <source>reward</source>
        <translation>imbalan</translation>
    </message>
</context>
<context>
    <name>BranchLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="99"/>
        <source>Branch from Checkpoint</source>
        <translation>Cabang dari Checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="119"/>
        <source>Branching {run} at step {step}…</source>
        <translation>Mencabangkan {run} di langkah {step}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="126"/>
        <source>Branched {run} at step {step} into {folder}</source>
        <translation>{run} dicabangkan di langkah {step} ke {folder}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/branch_launch.py" line="139"/>
        <source>Branch not made</source>
        <translation>Cabang tidak dibuat</translation>
    </message>
</context>
<context>
    <name>CoreMessages</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="23"/>
        <source>{key}: expected a number, got {value}</source>
        <translation>{key}: harus berupa angka, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="24"/>
        <source>{key}: expected an integer, got {value}</source>
        <translation>{key}: harus bilangan bulat, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="25"/>
        <source>{key}: expected true or false, got {value}</source>
        <translation>{key}: harus true atau false, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="26"/>
        <source>{key}: must be a finite number, got {value}</source>
        <translation>{key}: harus angka berhingga, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="27"/>
        <source>{key}: must be in {range}{rest}</source>
        <translation>{key}: harus dalam {range}{rest}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="28"/>
        <source>{key}: must be {op} {bound}{rest}</source>
        <translation>{key}: harus {op} {bound}{rest}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="29"/>
        <source>{key}: must be in {range}{rest}, got {value}</source>
        <translation>{key}: harus dalam {range}{rest}, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="30"/>
        <source>{key}: must be {op} {bound}{rest}, got {value}</source>
        <translation>{key}: harus {op} {bound}{rest}, bukan {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="31"/>
        <source>{key}: must not be empty</source>
        <translation>{key}: tidak boleh kosong</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="32"/>
        <source>{key}: {value} is out of range (at most {most} in size)</source>
        <translation>{key}: {value} di luar rentang (ukuran maks. {most})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/core_messages.py" line="33"/>
        <source>{key}: {value} is too large</source>
        <translation>{key}: {value} terlalu besar</translation>
    </message>
</context>
<context>
    <name>CurriculumSteering</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="119"/>
        <source>Cannot exclude the source</source>
        <translation>Sumber tidak dapat dikecualikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="120"/>
        <source>{source} is not one of this run&apos;s sources ({sources}).</source>
        <translation>{source} bukan salah satu sumber run ini ({sources}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="126"/>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="138"/>
        <source>Cannot exclude {source}</source>
        <translation>{source} tidak dapat dikecualikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="127"/>
        <source>{source} is the only source left: excluding it would leave nothing to train on.</source>
        <translation>{source} adalah satu-satunya sumber tersisa: jika dikecualikan, tidak ada lagi yang bisa dilatih.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="135"/>
        <source>Its floor ({floor}) keeps it in the mixture: lower it to 0 in the Curriculum dialog (Ctrl+E).</source>
        <translation>Batas bawahnya ({floor}) menahannya di campuran: turunkan ke 0 di dialog Kurikulum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="137"/>
        <source>Change the other constraints in the Curriculum dialog (Ctrl+E).</source>
        <translation>Ubah batasan lainnya di dialog Kurikulum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="148"/>
        <source>Curriculum not applied</source>
        <translation>Kurikulum tidak diterapkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="149"/>
        <source>Training has stopped: there is no run to pivot.</source>
        <translation>Pelatihan sudah berhenti: tidak ada run untuk di-pivot.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/curriculum_steering.py" line="155"/>
        <source>Curriculum pivot requested: it applies at the next step boundary</source>
        <translation>Pivot kurikulum diminta: berlaku di batas langkah berikutnya</translation>
    </message>
</context>
<context>
    <name>EventMarkers</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="32"/>
        <source>LR warmup end</source>
        <translation>akhir warmup LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="33"/>
        <source>curriculum warmup end</source>
        <translation>akhir warmup kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="34"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="35"/>
        <source>anomaly</source>
        <translation>anomali</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="36"/>
        <source>pause</source>
        <translation>jeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="37"/>
        <source>settings changed</source>
        <translation>pengaturan diubah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="38"/>
        <source>induction heads form</source>
        <translation>induction heads terbentuk</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="92"/>
        <source>anomaly: {kind}</source>
        <translation>anomali: {kind}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="117"/>
        <source>down to {share} of the median over {n} step(s)</source>
        <translation>
            <numerusform>turun hingga {share} dari median selama {n} langkah</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="119"/>
        <source>up to {factor} times the median over {n} step(s)</source>
        <translation>
            <numerusform>naik hingga {factor} kali median selama {n} langkah</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="458"/>
        <source>step {step}: {label}</source>
        <translation>langkah {step}: {label}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="463"/>
        <source>… and {n} more</source>
        <translation>… dan {n} lagi</translation>
    </message>
</context>
<context>
    <name>FolderNames</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="36"/>
        <source>{field}: give {what} a name</source>
        <translation>{field}: beri nama untuk {what}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="37"/>
        <source>the run</source>
        <translation>run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="39"/>
        <source>{field}: it names a folder: no / \ : * ? &quot; &lt; &gt; |, control characters or surrounding spaces</source>
        <translation>{field}: ini nama folder: tanpa / \ : * ? &quot; &lt; &gt; |, karakter kontrol, atau spasi di awal/akhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="42"/>
        <source>{field}: it may not start with a dot (hidden folders are not listed)</source>
        <translation>{field}: tidak boleh diawali titik (folder tersembunyi tidak ditampilkan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="45"/>
        <source>{field}: too long for a folder name ({size} bytes in UTF-8; at most {limit})</source>
        <translation>{field}: terlalu panjang untuk nama folder ({size} byte dalam UTF-8; paling banyak {limit})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="58"/>
        <source>{field}: {path} exists already; choose another name</source>
        <translation>{field}: {path} sudah ada; pilih nama lain</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="67"/>
        <source>{field}: {path} cannot be looked at ({reason})</source>
        <translation>{field}: {path} tidak bisa diperiksa ({reason})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="76"/>
        <source>folder</source>
        <translation>folder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="79"/>
        <source>{field}: {path} names no user&apos;s home folder</source>
        <translation>{field}: {path} bukan folder home pengguna mana pun</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="82"/>
        <source>{field}: give the folder the runs are made in</source>
        <translation>{field}: isi folder tempat run dibuat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="84"/>
        <source>{field}: {path} is no folder name (a NUL, or too long)</source>
        <translation>{field}: {path} bukan nama folder (ada NUL, atau terlalu panjang)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="93"/>
        <source>{field}: {path} is a file, not a folder</source>
        <translation>{field}: {path} adalah berkas, bukan folder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/folder_names.py" line="96"/>
        <source>{field}: {path} cannot be written (no permission, or read-only)</source>
        <translation>{field}: {path} tidak bisa ditulisi (tanpa izin, atau hanya baca)</translation>
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
        <translation>Jadwal LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="182"/>
        <source>Mixture on the simplex</source>
        <translation>Campuran pada simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="183"/>
        <source>Samples</source>
        <translation>Sampel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="184"/>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="185"/>
        <source>Embeddings</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="186"/>
        <source>Terrain</source>
        <translation>Medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="187"/>
        <source>Runs</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="244"/>
        <source>idle</source>
        <translation>siaga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="252"/>
        <source>Run directory</source>
        <translation>Folder run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="345"/>
        <source>step {step} / {limit}</source>
        <translation>langkah {step} / {limit}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="346"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="353"/>
        <source>ETA {time}</source>
        <translation>sisa {time}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="376"/>
        <source>stopping…</source>
        <translation>menghentikan…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="382"/>
        <source>Checkpoints are written while a run trains</source>
        <translation>Checkpoint ditulis selama run berlatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/main_window.py" line="488"/>
        <source>finishing the current step…</source>
        <translation>menuntaskan langkah saat ini…</translation>
    </message>
</context>
<context>
    <name>NewRunLauncher</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/new_run_launch.py" line="57"/>
        <source>{run}&apos;s settings</source>
        <translation>pengaturan {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/new_run_launch.py" line="60"/>
        <source>the settings given at start</source>
        <translation>pengaturan yang diberikan saat mulai</translation>
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
        <translation>&amp;Batal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="72"/>
        <source>&amp;Close</source>
        <translation>&amp;Tutup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="72"/>
        <source>&amp;Save</source>
        <translation>&amp;Simpan</translation>
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
        <translation>Batal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="68"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="68"/>
        <source>Apply</source>
        <translation>Terapkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="70"/>
        <source>Restore Defaults</source>
        <translation>Kembalikan Bawaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="67"/>
        <source>&amp;Yes</source>
        <translation>&amp;Ya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="67"/>
        <source>&amp;No</source>
        <translation>&amp;Tidak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="69"/>
        <source>Save</source>
        <translation>Simpan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/i18n.py" line="69"/>
        <source>Discard</source>
        <translation>Buang</translation>
    </message>
</context>
<context>
    <name>QtActions</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="30"/>
        <source>ready — press Continue</source>
        <translation>siap — tekan Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="31"/>
        <source>ready — press Start</source>
        <translation>siap — tekan Mulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="33"/>
        <source>stopped — press Continue</source>
        <translation>berhenti — tekan Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="34"/>
        <source>stopped</source>
        <translation>berhenti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="36"/>
        <source>preparing data…</source>
        <translation>menyiapkan data…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="37"/>
        <source>training</source>
        <translation>melatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="38"/>
        <source>paused</source>
        <translation>dijeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="39"/>
        <source>finished — read-only</source>
        <translation>selesai — hanya baca</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="41"/>
        <source>connected</source>
        <translation>terhubung</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="42"/>
        <source>reconnecting…</source>
        <translation>menyambung ulang…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="43"/>
        <source>link lost</source>
        <translation>koneksi hilang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="43"/>
        <source>connecting…</source>
        <translation>menyambung…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="44"/>
        <source>remote, %1: %2</source>
        <translation>jarak jauh, %1: %2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="45"/>
        <source>external: %1</source>
        <translation>eksternal: %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="85"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="250"/>
        <source>Start</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="85"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="252"/>
        <source>Start training</source>
        <translation>Mulai pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="254"/>
        <source>Pause</source>
        <translation>Jeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="87"/>
        <source>Pause / resume at the next step boundary (Space)</source>
        <translation>Jeda / lanjutkan di batas langkah berikutnya (Spasi)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="89"/>
        <source>Stop</source>
        <translation>Hentikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="89"/>
        <source>Stop training at the next step boundary</source>
        <translation>Hentikan pelatihan di batas langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="91"/>
        <source>Curriculum…</source>
        <translation>Kurikulum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="92"/>
        <source>Edit the curriculum&apos;s constraints; Apply pivots the running training (Ctrl+E)</source>
        <translation>Ubah batasan kurikulum; Terapkan mem-pivot pelatihan yang sedang berjalan (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="93"/>
        <source>&amp;New Run…</source>
        <translation>Run &amp;Baru…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="94"/>
        <source>Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)</source>
        <translation>Siapkan run baru: preset, model, optimiser, jadwal, data (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="95"/>
        <source>New Run from &amp;This One…</source>
        <translation>Run Baru dari Run &amp;Ini…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="96"/>
        <source>A new run whose settings start as the open run&apos;s</source>
        <translation>Run baru yang pengaturannya bermula dari run yang terbuka</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="97"/>
        <source>LR &amp;Warmup vs None…</source>
        <translation>&amp;Warmup LR vs Tanpa…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="98"/>
        <source>Two runs that differ only in the LR warmup, trained in turn</source>
        <translation>Dua run yang hanya berbeda dalam warmup LR, dilatih bergantian</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="99"/>
        <source>New &amp;Sweep…</source>
        <translation>S&amp;weep Baru…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="100"/>
        <source>Runs that differ in 1 to 3 settings and the seed, trained in turn</source>
        <translation>Run yang berbeda dalam 1 sampai 3 pengaturan dan seed, dilatih bergiliran</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="101"/>
        <source>&amp;Continue Sweep</source>
        <translation>Lan&amp;jutkan Sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="102"/>
        <source>Go on with a sweep that was stopped or cut short</source>
        <translation>Lanjutkan sweep yang dihentikan atau terputus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="103"/>
        <source>Sweep &amp;Results…</source>
        <translation>&amp;Hasil Sweep…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="104"/>
        <source>A sweep&apos;s runs and losses, and a loss against each swept setting</source>
        <translation>Run dan loss sebuah sweep, serta loss terhadap tiap pengaturan yang di-sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="106"/>
        <source>&amp;Branch from Checkpoint…</source>
        <translation>&amp;Cabang dari Checkpoint…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="107"/>
        <source>A new run from one of this run&apos;s checkpoints, with a new LR, schedule or curriculum (Ctrl+B)</source>
        <translation>Run baru dari salah satu checkpoint run ini, dengan LR, jadwal, atau kurikulum baru (Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="108"/>
        <source>&amp;Open Run…</source>
        <translation>B&amp;uka Run…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="109"/>
        <source>Open a run directory: its history in every panel (Ctrl+O)</source>
        <translation>Buka folder run: riwayatnya tampil di setiap panel (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="111"/>
        <source>Open &amp;Remote Run…</source>
        <translation>Buka Run &amp;Jarak Jauh…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="112"/>
        <source>Follow and steer a run on another machine over SSH (ssh://host/path/to/run)</source>
        <translation>Ikuti dan kendalikan run di mesin lain lewat SSH (ssh://host/jalur/ke/run)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="113"/>
        <source>&amp;Save Checkpoint</source>
        <translation>&amp;Simpan Checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="114"/>
        <source>Write a checkpoint now (Ctrl+S)</source>
        <translation>Tulis checkpoint sekarang (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="116"/>
        <source>Metrics as &amp;CSV…</source>
        <translation>Metrik sebagai &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="117"/>
        <source>Metrics as &amp;TensorBoard Event Files…</source>
        <translation>Metrik sebagai Berkas Event &amp;TensorBoard…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="118"/>
        <source>&amp;Weights as safetensors…</source>
        <translation>&amp;Bobot sebagai safetensors…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="119"/>
        <source>&amp;Hugging Face Model Folder…</source>
        <translation>Folder Model &amp;Hugging Face…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="120"/>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="122"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Layar Penuh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="126"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Atur Ulang Tata Letak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="127"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Pintasan Keyboard</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="128"/>
        <source>Open &amp;Log</source>
        <translation>Buka &amp;Log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="129"/>
        <source>Open the app&apos;s log file (what happened, for a bug report)</source>
        <translation>Buka berkas log aplikasi (apa yang terjadi, untuk laporan bug)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="130"/>
        <source>&amp;About ANDREA Desktop</source>
        <translation>&amp;Tentang ANDREA Desktop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="154"/>
        <source>Cannot steer this remote run: {reason}</source>
        <translation>Run jarak jauh ini tidak dapat dikendalikan: {reason}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="158"/>
        <source>Training</source>
        <translation>Pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="166"/>
        <source> preset </source>
        <translation> preset </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="170"/>
        <source>Preset of a new run</source>
        <translation>Preset untuk run baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="179"/>
        <source>&amp;File</source>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="182"/>
        <source>New &amp;Experiment</source>
        <translation>&amp;Eksperimen Baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="188"/>
        <source>Open &amp;Recent</source>
        <translation>Buka &amp;Terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="192"/>
        <source>&amp;Export</source>
        <translation>Eks&amp;por</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="197"/>
        <source>&amp;Training</source>
        <translation>&amp;Pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="203"/>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="204"/>
        <source>&amp;Help</source>
        <translation>B&amp;antuan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="215"/>
        <source>&amp;Language</source>
        <translation>&amp;Bahasa</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="227"/>
        <source>Language: %1 — applies at the next start</source>
        <translation>Bahasa: %1 — berlaku saat aplikasi dibuka lagi</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="237"/>
        <source>(none yet)</source>
        <translation>(belum ada)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="250"/>
        <source>Continue</source>
        <translation>Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="251"/>
        <source>Continue the run from its newest checkpoint</source>
        <translation>Lanjutkan run dari checkpoint terbarunya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/actions.py" line="254"/>
        <source>Resume</source>
        <translation>Lanjutkan</translation>
    </message>
</context>
<context>
    <name>QtAnomalyNotice</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="137"/>
        <source>Close this notice (training is not affected)</source>
        <translation>Tutup pemberitahuan ini (pelatihan tidak terpengaruh)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="138"/>
        <source>Curriculum…</source>
        <translation>Kurikulum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="139"/>
        <source>Resume</source>
        <translation>Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="164"/>
        <source>Exclude {source}</source>
        <translation>Kecualikan {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="194"/>
        <source>Loss cliff on {source}</source>
        <translation>Tebing loss pada {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="195"/>
        <source>Loss spike on {source}</source>
        <translation>Lonjakan loss pada {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="196"/>
        <source>Repetitive sample</source>
        <translation>Sampel yang berulang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="197"/>
        <source>Mixture camping near a vertex</source>
        <translation>Campuran menetap di dekat sudut</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="198"/>
        <source>Training paused: the loss is not finite</source>
        <translation>Pelatihan dijeda: loss tidak berhingga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="204"/>
        <source>Anomaly at step {step}</source>
        <translation>Anomali di langkah {step}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="246"/>
        <source>From step {start} the loss of {source} fell as low as {loss}, {share} of its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>Sejak langkah {start} loss {source} turun hingga {loss}, {share} dari mediannya {median}; setelah {n} langkah loss kembali dekat mediannya.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="248"/>
        <source>From step {start} the loss of {source} rose as high as {loss}, {factor} times its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>Sejak langkah {start} loss {source} naik hingga {loss}, {factor} kali mediannya {median}; setelah {n} langkah loss kembali dekat mediannya.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="251"/>
        <source>Since step {start} the loss of {source} has fallen to {loss}, {share} of its median {median}, and is still falling ({n} step(s) so far).</source>
        <translation>
            <numerusform>Sejak langkah {start} loss {source} turun ke {loss}, {share} dari mediannya {median}, dan masih turun ({n} langkah sejauh ini).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="253"/>
        <source>Since step {start} the loss of {source} has risen to {loss}, {factor} times its median {median} ({n} step(s) so far).</source>
        <translation>
            <numerusform>Sejak langkah {start} loss {source} naik ke {loss}, {factor} kali mediannya {median} ({n} langkah sejauh ini).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="256"/>
        <source>At step {start} the loss of {source} fell to {loss}, {share} of its median {median} over the steps before.</source>
        <translation>Di langkah {start} loss {source} turun ke {loss}, {share} dari mediannya {median} selama langkah-langkah sebelumnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="258"/>
        <source>At step {start} the loss of {source} jumped to {loss}, {factor} times its median {median} over the steps before.</source>
        <translation>Di langkah {start} loss {source} melonjak ke {loss}, {factor} kali mediannya {median} selama langkah-langkah sebelumnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="263"/>
        <source>A sudden drop on one source is often a passage of it that the model has learnt by heart. Exclude {source} stops sampling it (a curriculum pivot); the other sources train on. This notice follows the drop until the loss is back.</source>
        <translation>Penurunan mendadak pada satu sumber sering kali adalah satu bagian teksnya yang dihafal model. Kecualikan {source} menghentikan pengambilan sampel darinya (pivot kurikulum); sumber lain tetap dilatih. Pemberitahuan ini mengikuti penurunan itu sampai loss kembali.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="268"/>
        <source>A spike often passes by itself (an unusual batch). If they keep coming, the learning rate may be too high: branch from a checkpoint with a lower one (Ctrl+B), or exclude {source} (a curriculum pivot).</source>
        <translation>Lonjakan sering hilang dengan sendirinya (batch yang tidak biasa). Jika terus muncul, learning rate mungkin terlalu tinggi: buat cabang dari checkpoint dengan nilai yang lebih rendah (Ctrl+B), atau kecualikan {source} (pivot kurikulum).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="275"/>
        <source> (rows of {source})</source>
        <translation> (baris dari {source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="276"/>
        <source>At step {step} the loss or the gradient was not finite{rows}: loss {loss}, gradient norm {grad_norm}. No update was made and no checkpoint is written from this state.</source>
        <translation>Di langkah {step} loss atau gradien tidak berhingga{rows}: loss {loss}, norma gradien {grad_norm}. Tidak ada pembaruan yang dilakukan dan tidak ada checkpoint yang ditulis dari keadaan ini.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="282"/>
        <source>Resume retries the step. If it happens again, stop the run and branch from a checkpoint with a lower learning rate (Ctrl+B).</source>
        <translation>Lanjutkan mencoba langkah itu lagi. Jika terjadi lagi, hentikan run dan buat cabang dari checkpoint dengan learning rate yang lebih rendah (Ctrl+B).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="288"/>
        <source>The sample at step {step} repeats itself: repetition score {score} (flagged from {threshold}); “{word}” is {share} of its words and {pairs} of its word pairs repeat.</source>
        <translation>Sampel di langkah {step} mengulang dirinya: skor pengulangan {score} (ditandai mulai {threshold}); “{word}” adalah {share} dari kata-katanya dan {pairs} pasangan katanya berulang.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="295"/>
        <source>The sample at step {step} repeats itself: repetition score {score}.</source>
        <translation>Sampel di langkah {step} mengulang dirinya: skor pengulangan {score}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="300"/>
        <source>Text that falls into a loop of a few words is how a collapse shows in the samples. The run goes on; compare it with a run with warmup or a lower learning rate (File → New Experiment).</source>
        <translation>Teks yang terjebak dalam putaran beberapa kata adalah cara keruntuhan tampak pada sampel. Run tetap berjalan; bandingkan dengan run yang memakai warmup atau learning rate lebih rendah (Berkas → Eksperimen Baru).</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="308"/>
        <source>For {n} step(s) the mixture has given {share} of its weight to {source}.</source>
        <translation>
            <numerusform>Selama {n} langkah campuran memberi {share} bobotnya kepada {source}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="311"/>
        <source>For {n} step(s) the mixture has stayed near the {source} vertex.</source>
        <translation>
            <numerusform>Selama {n} langkah campuran menetap di dekat sudut {source}.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="316"/>
        <source>A model that sees almost only one source forgets the others. Curriculum… opens the dialog: raise the other sources&apos; floors or cap {source}.</source>
        <translation>Model yang hampir hanya melihat satu sumber melupakan sumber lainnya. Kurikulum… membuka dialognya: naikkan batas bawah sumber lain atau batasi {source}.</translation>
    </message>
</context>
<context>
    <name>QtAttentionGrid</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/grid.py" line="163"/>
        <source>Rows are layers (L0 at the top), columns are heads (H0 at the left).
Click a head to enlarge it.</source>
        <translation>Baris adalah layer (L0 di atas), kolom adalah head (H0 di kiri).
Klik sebuah head untuk memperbesarnya.</translation>
    </message>
</context>
<context>
    <name>QtAttentionPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="29"/>
        <source>No attention maps: probes are off in this run (probe.enabled = false).</source>
        <translation>Tidak ada peta attention: probe dinonaktifkan di run ini (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="33"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="35"/>
        <source>Attention appears at the first probe ({when}): every layer&apos;s and head&apos;s map of the probe text above, one head enlarged with its tokens.</source>
        <translation>Attention muncul pada probe pertama ({when}): peta setiap layer dan head untuk teks probe di atas, satu head diperbesar beserta token-tokennya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="105"/>
        <source>probe text</source>
        <translation>teks probe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="114"/>
        <source>all heads</source>
        <translation>semua head</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="122"/>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="246"/>
        <source>no probe yet</source>
        <translation>belum ada probe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="125"/>
        <source>Heads over time</source>
        <translation>Head dari waktu ke waktu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="127"/>
        <source>Each head role&apos;s best score at every probe, instead of the enlarged head (click again to go back)</source>
        <translation>Skor terbaik tiap peran head di setiap probe, menggantikan head yang diperbesar (klik lagi untuk kembali)</translation>
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
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="136"/>
        <source>Probe text</source>
        <translation>Teks probe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="139"/>
        <source>attention grid</source>
        <translation>kisi attention</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="140"/>
        <source>enlarged head</source>
        <translation>head diperbesar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="144"/>
        <source>Probe step</source>
        <translation>Langkah probe</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="318"/>
        <source>step {step}: probe file unreadable</source>
        <translation>langkah {step}: berkas probe tak terbaca</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="322"/>
        <source>step {step} ({n} probe(s))</source>
        <translation>
            <numerusform>langkah {step} ({n} probe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="372"/>
        <source>probe cut to {kept} token(s) (of {total}: the context length or probe.max_tokens): the heatmap ends at “…{end}”</source>
        <translation>
            <numerusform>probe dipotong menjadi {kept} token (dari {total}: panjang konteks atau probe.max_tokens): heatmap berakhir di “…{end}”</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="362"/>
        <source>The heatmap is of an earlier probe (step {step}) of “{text}”, not the text above: it is probed at the next step boundary</source>
        <translation>Heatmap ini dari probe sebelumnya (langkah {step}) atas “{text}”, bukan teks di atas: teks itu di-probe di batas langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="116"/>
        <source>highlight the heads: {role}</source>
        <translation>sorot head: {role}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="364"/>
        <source>The heatmap is of the probe (step {step}) of “{text}”, not the text above: it is probed at the next step boundary</source>
        <translation>Heatmap ini dari probe (langkah {step}) atas “{text}”, bukan teks di atas: teks itu di-probe di batas langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="367"/>
        <source>The heatmap is of an earlier probe (step {step}) of “{text}”</source>
        <translation>Heatmap ini dari probe sebelumnya (langkah {step}) atas “{text}”</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="368"/>
        <source>The heatmap is of the probe (step {step}) of “{text}”, not the text above (Enter probes it)</source>
        <translation>Heatmap ini dari probe (langkah {step}) atas “{text}”, bukan teks di atas (Enter untuk mem-probe-nya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="418"/>
        <source>grey: masked (a token sees only earlier tokens)</source>
        <translation>abu-abu: di-mask (token hanya melihat token sebelumnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="419"/>
        <source>magenta: NaN (not a number)</source>
        <translation>magenta: NaN (bukan angka)</translation>
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
        <translation>tanpa peran yang jelas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="64"/>
        <source>(no role scores: a probe file of an earlier version)</source>
        <translation>(tanpa skor peran: berkas probe dari versi lebih lama)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="72"/>
        <source>{role}: {score} ≥ {threshold} (uniform head {baseline})</source>
        <translation>{role}: {score} ≥ {threshold} (head seragam {baseline})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="75"/>
        <source>{role}: {score} &lt; {threshold} (uniform head {baseline})</source>
        <translation>{role}: {score} &lt; {threshold} (head seragam {baseline})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="80"/>
        <source>Scores on a repeated random-token sequence; a role when its score reaches the threshold.</source>
        <translation>Skor pada urutan token acak yang diulang; sebuah peran bila skornya mencapai ambang.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="83"/>
        <source>Click to enlarge.</source>
        <translation>Klik untuk memperbesar.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="89"/>
        <source>entropy</source>
        <translation>entropi</translation>
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
        <translation>{token} (posisi {i})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="113"/>
        <source>(… {characters} split across tokens)</source>
        <translation>(… {characters} terbagi ke beberapa token)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="116"/>
        <source>query {query} → key {key}: masked (a token sees only earlier tokens)</source>
        <translation>query {query} → key {key}: di-mask (token hanya melihat token sebelumnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/texts.py" line="121"/>
        <source>query {query} → key {key}: NaN (not a number: the weights diverged)</source>
        <translation>query {query} → key {key}: NaN (bukan angka: bobotnya divergen)</translation>
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
        <translation>Cabang dari Checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="117"/>
        <source>{run}: its checkpoints cannot be listed ({error})</source>
        <translation>{run}: daftar checkpoint-nya tidak dapat dibaca ({error})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="120"/>
        <source>{run} has no checkpoint to branch from</source>
        <translation>{run} tidak punya checkpoint untuk dicabangkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="130"/>
        <source>step {step} · saved by hand</source>
        <translation>langkah {step} · disimpan manual</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="130"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="132"/>
        <source>The branch starts from this checkpoint: its history up to this step is the parent&apos;s, its own starts at the next step</source>
        <translation>Cabang dimulai dari checkpoint ini: riwayatnya sampai langkah ini milik induk, riwayatnya sendiri dimulai di langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="142"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimiser (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="143"/>
        <source>LR from the branch&apos;s start</source>
        <translation>LR dari awal cabang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="144"/>
        <source>a new value is the LR the branch starts from; the schedule decays from it to the minimum LR</source>
        <translation>nilai baru adalah LR awal cabang; jadwal meluruhkannya hingga LR minimum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="146"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="146"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 dari Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="147"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="148"/>
        <source>gradient clip</source>
        <translation>clip gradien</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="148"/>
        <source>global L2 norm; 0: off</source>
        <translation>norma L2 global; 0: mati</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="149"/>
        <source>Schedule</source>
        <translation>Jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="150"/>
        <source>warmup steps</source>
        <translation>langkah warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="151"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>warmup linear dari 0 ke LR puncak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="152"/>
        <source>total steps</source>
        <translation>total langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="153"/>
        <source>where the cosine reaches the minimum LR</source>
        <translation>tempat kosinus mencapai LR minimum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="154"/>
        <source>minimum LR</source>
        <translation>LR minimum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="154"/>
        <source>LR at the end of the cosine</source>
        <translation>LR di akhir kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="155"/>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="156"/>
        <source>gradient accumulation</source>
        <translation>akumulasi gradien</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="157"/>
        <source>micro-batches a step is split into</source>
        <translation>jumlah micro-batch dalam satu langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="158"/>
        <source>validation every</source>
        <translation>validasi setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="158"/>
        <source>steps</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="159"/>
        <source>probe every</source>
        <translation>probe setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="159"/>
        <source>steps between attention/embedding probes</source>
        <translation>langkah antar-probe attention/embedding</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="160"/>
        <source>sample every</source>
        <translation>sampel setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="160"/>
        <source>steps between generated samples</source>
        <translation>langkah antar-sampel yang dihasilkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="161"/>
        <source>checkpoint every</source>
        <translation>checkpoint setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="161"/>
        <source>steps between checkpoints</source>
        <translation>langkah antar-checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="162"/>
        <source>device</source>
        <translation>perangkat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="163"/>
        <source>auto</source>
        <translation>otomatis</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="164"/>
        <source>torch threads</source>
        <translation>thread torch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="165"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: ditentukan saat dibuat (semua core kecuali satu)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="166"/>
        <source>auto (all cores but one)</source>
        <translation>otomatis (semua core kecuali satu)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="180"/>
        <source>Curriculum</source>
        <translation>Kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="184"/>
        <source>the parent&apos;s (unchanged)</source>
        <translation>milik induk (tidak diubah)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="185"/>
        <source>none: a uniform mixture</source>
        <translation>tanpa: campuran seragam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="188"/>
        <source>A new curriculum reaches the restored bandit as a pivot at the branch&apos;s first step</source>
        <translation>Kurikulum baru sampai ke bandit yang dipulihkan sebagai pivot di langkah pertama cabang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="202"/>
        <source>Branch &lt;b&gt;{run}&lt;/b&gt; from its checkpoint</source>
        <translation>Cabangkan &lt;b&gt;{run}&lt;/b&gt; dari checkpoint-nya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="212"/>
        <source>Start now</source>
        <translation>Mulai sekarang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="214"/>
        <source>Train the branch as soon as it is made (else: press Continue)</source>
        <translation>Latih cabang begitu dibuat (jika tidak: tekan Lanjutkan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="217"/>
        <source>Branch</source>
        <translation>Cabangkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="236"/>
        <source>The branch&apos;s folder name, beside the parent&apos;s folder</source>
        <translation>Nama folder cabang, di samping folder induk</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="245"/>
        <source>the schedule&apos;s end</source>
        <translation>akhir jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="246"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>Pelatihan berhenti di langkah ini (kosong: di schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="249"/>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="376"/>
        <source>name</source>
        <translation>nama</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="250"/>
        <source>max steps</source>
        <translation>langkah maks.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="283"/>
        <source>{n} layer(s)</source>
        <translation>
            <numerusform>{n} layer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="284"/>
        <source>{n} head(s)</source>
        <translation>
            <numerusform>{n} head</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="285"/>
        <source>Kept from the parent (its checkpoint only means something with them): model {layers} × {width} wide, {heads}, context {context}, vocabulary {vocab} · data {data} · seed {seed} · batch size {batch}.</source>
        <translation>Tetap dari induk (checkpoint-nya hanya bermakna bersama ini): model {layers} × lebar {width}, {heads}, konteks {context}, kosakata {vocab} · data {data} · seed {seed} · ukuran batch {batch}.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="364"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} pengaturan perlu diperbaiki (merah).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="368"/>
        <source>{n} setting(s) changed from step {step}&apos;s.</source>
        <translation>
            <numerusform>{n} pengaturan diubah dari langkah {step}.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="292"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s.</source>
        <translation>Riwayat cabang sampai langkah {step} adalah milik induk.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="293"/>
        <source>The branch&apos;s history up to step {step} is the parent&apos;s; its last LR there was {lr}.</source>
        <translation>Riwayat cabang sampai langkah {step} adalah milik induk; LR terakhirnya di sana {lr}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="359"/>
        <source>This checkpoint&apos;s settings cannot be read: choose another.</source>
        <translation>Pengaturan checkpoint ini tidak dapat dibaca: pilih yang lain.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="361"/>
        <source>These settings do not go together: {problem}</source>
        <translation>Pengaturan ini tidak cocok satu sama lain: {problem}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="377"/>
        <source>the branch (its folder&apos;s)</source>
        <translation>cabang (foldernya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="386"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>langkah maks.: bilangan bulat dalam [1, {max}], atau kosong untuk akhir jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="389"/>
        <source>max steps: past the branch&apos;s start (step {step})</source>
        <translation>langkah maks.: harus melewati awal cabang (langkah {step})</translation>
    </message>
</context>
<context>
    <name>QtComparePlot</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="70"/>
        <source>tokens seen {tokens}</source>
        <translation>token yang dilihat {tokens}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="75"/>
        <source>training time {seconds} s</source>
        <translation>waktu pelatihan {seconds} s</translation>
    </message>
</context>
<context>
    <name>QtCompareView</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="46"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="46"/>
        <source>tokens seen</source>
        <translation>token yang dilihat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="47"/>
        <source>active training time</source>
        <translation>waktu pelatihan aktif</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="61"/>
        <source>source:{source}</source>
        <translation>sumber:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="63"/>
        <source>val:{source}</source>
        <translation>val:{source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="64"/>
        <source>smoothed</source>
        <translation>dihaluskan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="65"/>
        <source>val</source>
        <translation>val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/compare.py" line="65"/>
        <source>used</source>
        <translation>dipakai</translation>
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
        <translation>langkah {step}</translation>
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
        <translation>batas bawah: bobot minimum {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="68"/>
        <source>cap: maximum weight of {source}</source>
        <translation>batas atas: bobot maksimum {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="74"/>
        <source>excluded</source>
        <translation>dikecualikan</translation>
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
        <translation>aktif selama warmup kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="149"/>
        <source>Curriculum</source>
        <translation>Kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="166"/>
        <source>Load a preset…</source>
        <translation>Muat preset…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>source</source>
        <translation>sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>floor</source>
        <translation>batas bawah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>floor ↔ cap</source>
        <translation>bawah ↔ atas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="176"/>
        <source>cap</source>
        <translation>batas atas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="213"/>
        <source>keep the bandit&apos;s statistics</source>
        <translation>pertahankan statistik bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="216"/>
        <source>the current weights, projected into the new region</source>
        <translation>bobot saat ini, diproyeksikan ke wilayah baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="217"/>
        <source>the centre of the new region</source>
        <translation>pusat wilayah baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="219"/>
        <source>Curriculum warmup steps</source>
        <translation>Langkah warmup kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="222"/>
        <source>to</source>
        <translation>sampai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="224"/>
        <source>steps</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="225"/>
        <source>Phase length</source>
        <translation>Panjang fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="226"/>
        <source>Share of random phases</source>
        <translation>Porsi fase acak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="227"/>
        <source>UCB exploration c</source>
        <translation>Eksplorasi UCB c</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="228"/>
        <source>Bandit step γ</source>
        <translation>Langkah bandit γ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="229"/>
        <source>Restart the walk from</source>
        <translation>Mulai ulang perjalanan dari</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="234"/>
        <source>Walk</source>
        <translation>Perjalanan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="251"/>
        <source>Apply (pivot)</source>
        <translation>Terapkan (pivot)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="257"/>
        <source>&lt;b&gt;Reachable region&lt;/b&gt; (grey: now, blue: new)</source>
        <translation>&lt;b&gt;Wilayah terjangkau&lt;/b&gt; (abu-abu: kini, biru: baru)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="303"/>
        <source>the mixture now</source>
        <translation>campuran saat ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="312"/>
        <source>the curriculum warmup is over: its sources no longer matter</source>
        <translation>warmup kurikulum sudah selesai: sumbernya tidak berpengaruh lagi</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="317"/>
        <source>The curriculum warmup is on: only the ticked warmup sources are sampled, up to step {step}.</source>
        <translation>Warmup kurikulum aktif: hanya sumber warmup bercentang yang disampel, hingga langkah {step}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="375"/>
        <source>Cannot apply:</source>
        <translation>Tidak dapat diterapkan:</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="380"/>
        <source>Feasible: a region with {count} vertices.</source>
        <translation>
            <numerusform>Layak: wilayah dengan {count} sudut.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="381"/>
        <source>Feasible.</source>
        <translation>Layak.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="411"/>
        <source>This run has no source named {sources}: their constraints were skipped.</source>
        <translation>Run ini tidak punya sumber bernama {sources}: batasannya dilewati.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="414"/>
        <source>Assumed (not in the seeds): {sources}.</source>
        <translation>Diasumsikan (tidak ada di seed): {sources}.</translation>
    </message>
</context>
<context>
    <name>QtDataSources</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="72"/>
        <source>Embedded demo corpus (Python docs and code)</source>
        <translation>Korpus demo bawaan (dokumentasi dan kode Python)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="74"/>
        <source>data.embedded: the three sources built from this Python installation</source>
        <translation>data.embedded: tiga sumber yang dibangun dari instalasi Python ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>source</source>
        <translation>sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>files</source>
        <translation>berkas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>bytes</source>
        <translation>byte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="78"/>
        <source>≈ tokens</source>
        <translation>≈ token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="87"/>
        <source>Add files…</source>
        <translation>Tambah berkas…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="88"/>
        <source>Add folder…</source>
        <translation>Tambah folder…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="89"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="164"/>
        <source>Add text files as one source</source>
        <translation>Tambahkan berkas teks sebagai satu sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="165"/>
        <source>Text sources (*.txt *.jsonl *.parquet);;All files (*)</source>
        <translation>Sumber teks (*.txt *.jsonl *.parquet);;Semua berkas (*)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="170"/>
        <source>Add a folder of .txt / .jsonl / .parquet files</source>
        <translation>Tambahkan folder berisi berkas .txt / .jsonl / .parquet</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="180"/>
        <source>embedded</source>
        <translation>bawaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="181"/>
        <source>at most data.max_bytes_per_source bytes</source>
        <translation>paling banyak data.max_bytes_per_source byte</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="186"/>
        <source>skipped:</source>
        <translation>dilewati:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="215"/>
        <source>no files</source>
        <translation>tidak ada berkas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/data.py" line="216"/>
        <source>source {name}: nothing to read ({why})</source>
        <translation>sumber {name}: tidak ada yang bisa dibaca ({why})</translation>
    </message>
</context>
<context>
    <name>QtEmbeddingPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="54"/>
        <source>token (type to complete; ␣ is a leading space)</source>
        <translation>token (ketik untuk melengkapi; ␣ adalah spasi di awal)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="77"/>
        <source>No embedding: probes are off in this run (probe.enabled = false).</source>
        <translation>Tidak ada embedding: probe dinonaktifkan di run ini (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="81"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="83"/>
        <source>The embedding appears with the first probe ({when}); it opens on a common token such as “the”.</source>
        <translation>Embedding muncul pada probe pertama ({when}) dan dibuka pada token umum seperti “the”.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="156"/>
        <source>cosine similarity</source>
        <translation>kemiripan kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="157"/>
        <source>Euclidean distance</source>
        <translation>jarak Euklides</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="159"/>
        <source>Watch</source>
        <translation>Pantau</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="160"/>
        <source>Track this token&apos;s neighbour set across probes</source>
        <translation>Pantau himpunan tetangga token ini di sepanjang probe</translation>
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
        <translation>kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="166"/>
        <source>Double-click a row to look at that token&apos;s neighbours</source>
        <translation>Klik ganda sebuah baris untuk melihat tetangga token itu</translation>
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
        <translation>PCA lingkungan token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="222"/>
        <source>Neighbours</source>
        <translation>Tetangga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="222"/>
        <source>PCA of the token and its k neighbours, labelled</source>
        <translation>PCA token itu dan k tetangganya, berlabel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="223"/>
        <source>Whole vocabulary</source>
        <translation>Seluruh kosakata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="224"/>
        <source>Every token as a point, the token and its neighbours marked (like TensorBoard&apos;s projector)</source>
        <translation>Setiap token sebagai titik, token itu dan tetangganya ditandai (seperti projector TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="175"/>
        <source>PCA picture</source>
        <translation>gambar PCA</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="176"/>
        <source>vocabulary map</source>
        <translation>peta kosakata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="178"/>
        <source>stability plot</source>
        <translation>grafik stabilitas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="180"/>
        <source>Neighbour table as CSV…</source>
        <translation>Tabel tetangga sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="183"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="336"/>
        <source>step {step} · {tokens} tokens × d_model {d}</source>
        <translation>langkah {step} · {tokens} token × d_model {d}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="347"/>
        <source>{token} shown; type a token (type to complete; ␣ is a leading space)</source>
        <translation>{token} ditampilkan; ketik token (ketik untuk melengkapi; ␣ adalah spasi di awal)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="305"/>
        <source>The run&apos;s {file} cannot be read; the next probe replaces it.</source>
        <translation>{file} milik run ini tidak dapat dibaca; probe berikutnya akan menggantinya.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="338"/>
        <source>{n} row(s) not finite (shown as zero)</source>
        <translation>
            <numerusform>{n} baris tak berhingga (tampil sebagai nol)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="377"/>
        <source>{token} is not a token of this run&apos;s vocabulary (pick one from the completion list, or type its id)</source>
        <translation>{token} bukan token dalam kosakata run ini (pilih dari daftar pelengkapan, atau ketik id-nya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="396"/>
        <source>distance</source>
        <translation>jarak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="433"/>
        <source>Export neighbour table</source>
        <translation>Ekspor tabel tetangga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="433"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabel CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="439"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="440"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Pilih folder atau nama berkas lain.</translation>
    </message>
</context>
<context>
    <name>QtExperiments</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="96"/>
        <source>Experiment: {title}</source>
        <translation>Eksperimen: {title}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="113"/>
        <source>experiment: run {i} of {n} ({name}) · Stop ends the experiment</source>
        <translation>eksperimen: run {i} dari {n} ({name}) · Hentikan mengakhiri eksperimen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="118"/>
        <source>experiment ended: run {i} of {n} could not start</source>
        <translation>eksperimen berakhir: run {i} dari {n} tidak bisa dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="130"/>
        <source>experiment stopping: run {i} will not start</source>
        <translation>eksperimen berhenti: run {i} tidak akan dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="131"/>
        <source>experiment stopping</source>
        <translation>eksperimen berhenti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="143"/>
        <source>experiment stopped during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>eksperimen dihentikan saat run {i} dari {n} ({name}, langkah {step} dari {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="145"/>
        <source>experiment ended during run {i} of {n} ({name}, step {step} of {steps})</source>
        <translation>eksperimen berakhir saat run {i} dari {n} ({name}, langkah {step} dari {steps})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="148"/>
        <source>; run {i} not started</source>
        <translation>; run {i} tidak dimulai</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="156"/>
        <source>experiment finished: {n} runs of {steps} step(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>eksperimen selesai: {n} run berisi {steps} langkah ditumpuk (dok Run)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="170"/>
        <source>Check the runs whose samples to compare in the Runs dock</source>
        <translation>Centang run yang sampelnya akan dibandingkan di dok Run</translation>
    </message>
</context>
<context>
    <name>QtExport</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="30"/>
        <source>PNG image (*.png)</source>
        <translation>Gambar PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="30"/>
        <source>SVG drawing (*.svg)</source>
        <translation>Gambar vektor SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="38"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="39"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Pilih folder atau nama berkas lain.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="130"/>
        <source>Export {name}</source>
        <translation>Ekspor {name}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="150"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="151"/>
        <source>Save a picture (PNG or SVG) or a table (CSV)</source>
        <translation>Simpan gambar (PNG atau SVG) atau tabel (CSV)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/export.py" line="154"/>
        <source>{name} as PNG/SVG…</source>
        <translation>{name} sebagai PNG/SVG…</translation>
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
        <translation>rerata val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/groups.py" line="364"/>
        <source>mean</source>
        <translation>rerata</translation>
    </message>
</context>
<context>
    <name>QtHeadsOverTime</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="68"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="69"/>
        <source>best score</source>
        <translation>skor terbaik</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="87"/>
        <source>Layer</source>
        <translation>Layer</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="104"/>
        <source>every layer (best)</source>
        <translation>semua layer (terbaik)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="106"/>
        <source>layer {layer}</source>
        <translation>layer {layer}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="156"/>
        <source>Appears at the first probe with head-role scores: each role&apos;s best score over the heads at every probe.</source>
        <translation>Muncul pada probe pertama yang memiliki skor peran head: skor terbaik tiap peran atas semua head di setiap probe.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="162"/>
        <source>Induction heads formed by step {step}: the best induction score crossed its threshold ({threshold}, dashed) there and stayed above it (the phase change; marked on the loss too).</source>
        <translation>Induction heads terbentuk pada langkah {step}: skor induction terbaik melewati ambangnya ({threshold}, garis putus-putus) di sana dan tetap di atasnya (perubahan fase; juga ditandai pada loss).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="166"/>
        <source>Induction heads from the first probe on (best induction score above its threshold, {threshold}, dashed): they formed before it.</source>
        <translation>Induction heads sudah ada sejak probe pertama (skor induction terbaik di atas ambangnya, {threshold}, garis putus-putus): terbentuk sebelumnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/attention/heads_over_time.py" line="168"/>
        <source>No induction phase change yet: the best induction score has not crossed its threshold ({threshold}, dashed) to stay above it.</source>
        <translation>Belum ada perubahan fase induction: skor induction terbaik belum melewati ambangnya ({threshold}, garis putus-putus) dan tetap di atasnya.</translation>
    </message>
</context>
<context>
    <name>QtLRPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="105"/>
        <source>step</source>
        <translation>langkah</translation>
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
        <translation>rencana</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="111"/>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="230"/>
        <source>used</source>
        <translation>dipakai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="130"/>
        <source>log step axis</source>
        <translation>sumbu langkah log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="132"/>
        <source>Steps on a log scale: the warmup&apos;s first steps get as much room as the thousands after them (step 0 is left out)</source>
        <translation>Langkah pada skala log: langkah-langkah pertama warmup mendapat ruang sebanyak ribuan langkah sesudahnya (langkah 0 tidak digambar)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="198"/>
        <source>peak {peak} · warmup {warmup} step(s) · cosine to {min_lr} at step {total}</source>
        <translation>
            <numerusform>puncak {peak} · warmup {warmup} langkah · kosinus ke {min_lr} di langkah {total}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtLossPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="75"/>
        <source>step</source>
        <translation>langkah</translation>
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
        <translation>mentah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="80"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="262"/>
        <source>smoothed</source>
        <translation>dihaluskan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="83"/>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="263"/>
        <source>val (mean)</source>
        <translation>val (rerata)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="90"/>
        <source>val (per source)</source>
        <translation>val (per sumber)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="104"/>
        <source>EMA smoothing weight (debiased, as TensorBoard)</source>
        <translation>Bobot penghalusan EMA (tanpa bias, seperti TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="108"/>
        <source>log y</source>
        <translation>log y</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="117"/>
        <source>Smoothing</source>
        <translation>Penghalusan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/loss/panel.py" line="123"/>
        <source>Sources:</source>
        <translation>Sumber:</translation>
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
        <translation>Run Baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="116"/>
        <source>this run&apos;s settings</source>
        <translation>pengaturan run ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="120"/>
        <source>Starting point: choosing another resets every field to its values</source>
        <translation>Titik awal: memilih yang lain mengembalikan setiap isian ke nilainya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="125"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="126"/>
        <source>layers</source>
        <translation>layer</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="126"/>
        <source>transformer blocks</source>
        <translation>blok transformer</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="127"/>
        <source>width (d_model)</source>
        <translation>lebar (d_model)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="127"/>
        <source>residual stream width</source>
        <translation>lebar residual stream</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="128"/>
        <source>heads</source>
        <translation>head</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="128"/>
        <source>attention heads; must divide d_model</source>
        <translation>attention head; harus membagi habis d_model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="129"/>
        <source>context length</source>
        <translation>panjang konteks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="129"/>
        <source>tokens a row sees (block_size)</source>
        <translation>token yang dilihat satu baris (block_size)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="130"/>
        <source>vocabulary size</source>
        <translation>ukuran kosakata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="131"/>
        <source>BPE vocabulary asked of the tokenizer trainer; model.vocab_size becomes its actual size</source>
        <translation>kosakata BPE yang diminta dari pelatih tokenizer; model.vocab_size menjadi ukuran sebenarnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="132"/>
        <source>dropout</source>
        <translation>dropout</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="132"/>
        <source>probability, in [0, 1)</source>
        <translation>peluang, dalam [0, 1)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="133"/>
        <source>Optimiser (AdamW)</source>
        <translation>Optimiser (AdamW)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="134"/>
        <source>peak LR</source>
        <translation>LR puncak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="134"/>
        <source>e.g. 1e-3</source>
        <translation>mis. 1e-3</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="135"/>
        <source>betas</source>
        <translation>betas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="135"/>
        <source>Adam&apos;s beta1, beta2</source>
        <translation>beta1, beta2 dari Adam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="136"/>
        <source>weight decay</source>
        <translation>weight decay</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="137"/>
        <source>gradient clip</source>
        <translation>clip gradien</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="137"/>
        <source>global L2 norm; 0: off</source>
        <translation>norma L2 global; 0: mati</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="138"/>
        <source>Schedule</source>
        <translation>Jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="139"/>
        <source>warmup steps</source>
        <translation>langkah warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="139"/>
        <source>linear warmup from 0 to the peak LR</source>
        <translation>warmup linear dari 0 ke LR puncak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="140"/>
        <source>total steps</source>
        <translation>total langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="140"/>
        <source>length of the cosine schedule</source>
        <translation>panjang jadwal kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="141"/>
        <source>minimum LR</source>
        <translation>LR minimum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="141"/>
        <source>LR at the end of the cosine</source>
        <translation>LR di akhir kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="142"/>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="143"/>
        <source>batch size</source>
        <translation>ukuran batch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="143"/>
        <source>rows per optimiser step (global batch)</source>
        <translation>baris per langkah optimiser (batch global)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="144"/>
        <source>gradient accumulation</source>
        <translation>akumulasi gradien</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="144"/>
        <source>micro-batches a step is split into</source>
        <translation>jumlah micro-batch dalam satu langkah</translation>
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
        <translation>bobot dan urutan data</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="147"/>
        <source>device</source>
        <translation>perangkat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="148"/>
        <source>auto</source>
        <translation>otomatis</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="149"/>
        <source>torch threads</source>
        <translation>thread torch</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="149"/>
        <source>0: decided at creation (all cores but one)</source>
        <translation>0: ditentukan saat dibuat (semua core kecuali satu)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="150"/>
        <source>auto (all cores but one)</source>
        <translation>otomatis (semua core kecuali satu)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="151"/>
        <source>validation every</source>
        <translation>validasi setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="151"/>
        <source>steps</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="152"/>
        <source>probe every</source>
        <translation>probe setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="152"/>
        <source>steps between attention/embedding probes</source>
        <translation>langkah antar-probe attention/embedding</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="153"/>
        <source>sample every</source>
        <translation>sampel setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="153"/>
        <source>steps between generated samples</source>
        <translation>langkah antar-sampel yang dihasilkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="154"/>
        <source>checkpoint every</source>
        <translation>checkpoint setiap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="154"/>
        <source>steps between checkpoints</source>
        <translation>langkah antar-checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="171"/>
        <source>Data</source>
        <translation>Data</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="175"/>
        <source>bytes per embedded source</source>
        <translation>byte per sumber bawaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="176"/>
        <source>cap on the UTF-8 bytes each embedded source gives</source>
        <translation>batas byte UTF-8 yang diberikan tiap sumber bawaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="183"/>
        <source>Curriculum</source>
        <translation>Kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="187"/>
        <source>the starting point&apos;s</source>
        <translation>milik titik awal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="188"/>
        <source>none: a uniform mixture</source>
        <translation>tanpa: campuran seragam</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="192"/>
        <source>the open run&apos;s constraints now</source>
        <translation>batasan run yang terbuka saat ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="223"/>
        <source>Start from</source>
        <translation>Mulai dari</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="229"/>
        <source>Start now</source>
        <translation>Mulai sekarang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="231"/>
        <source>Train the new run as soon as it is made (else: press Start)</source>
        <translation>Latih run baru begitu dibuat (jika tidak: tekan Mulai)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="234"/>
        <source>Create</source>
        <translation>Buat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="253"/>
        <source>The run&apos;s folder name, under the runs folder</source>
        <translation>Nama folder run, di dalam folder run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="262"/>
        <source>the schedule&apos;s end</source>
        <translation>akhir jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="263"/>
        <source>Training stops at this step (empty: at schedule.total_steps)</source>
        <translation>Pelatihan berhenti di langkah ini (kosong: di schedule.total_steps)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="266"/>
        <source>name</source>
        <translation>nama</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="267"/>
        <source>max steps</source>
        <translation>langkah maks.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="370"/>
        <source>These settings do not go together: {clash}</source>
        <translation>Pengaturan ini tidak cocok satu sama lain: {clash}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="372"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} pengaturan perlu diperbaiki (merah).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="375"/>
        <source>{n} setting(s) changed from the starting point.</source>
        <translation>
            <numerusform>{n} pengaturan diubah dari titik awal.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="395"/>
        <source>run name</source>
        <translation>nama run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="396"/>
        <source>the run (its folder&apos;s)</source>
        <translation>run (foldernya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="405"/>
        <source>max steps: a whole number in [1, {max}], or empty for the schedule&apos;s end</source>
        <translation>langkah maks.: bilangan bulat dalam [1, {max}], atau kosong untuk akhir jadwal</translation>
    </message>
</context>
<context>
    <name>QtNewRunFields</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="283"/>
        <source>Every source has the same weight throughout.</source>
        <translation>Setiap sumber berbobot sama sepanjang pelatihan.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="286"/>
        <source>A uniform mixture.</source>
        <translation>Campuran seragam.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="287"/>
        <source>The walk of the starting point.</source>
        <translation>Perjalanan milik titik awal.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="289"/>
        <source>The constraints the open run&apos;s curriculum has now.</source>
        <translation>Batasan yang kini dimiliki kurikulum run yang terbuka.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/fields.py" line="296"/>
        <source> Left out, not sources of this run: {names}.</source>
        <translation> Tidak disertakan, bukan sumber run ini: {names}.</translation>
    </message>
</context>
<context>
    <name>QtNotices</name>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="31"/>
        <source>Pause / resume training</source>
        <translation>Jeda / lanjutkan pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="32"/>
        <source>Curriculum: edit constraints (pivots the running training)</source>
        <translation>Kurikulum: ubah batasan (pivot pada pelatihan yang berjalan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="33"/>
        <source>New run</source>
        <translation>Run baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="34"/>
        <source>Branch from a checkpoint of the open run (new LR, schedule or curriculum)</source>
        <translation>Cabang dari checkpoint run yang terbuka (LR, jadwal, atau kurikulum baru)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="35"/>
        <source>Open a run directory (its whole history; Start continues it from its newest checkpoint)</source>
        <translation>Buka folder run (seluruh riwayatnya; Mulai melanjutkannya dari checkpoint terbaru)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="37"/>
        <source>Write a checkpoint now (kept whatever checkpoint.keep_last says)</source>
        <translation>Tulis checkpoint sekarang (disimpan apa pun nilai checkpoint.keep_last)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="38"/>
        <source>Quit (asks first while training)</source>
        <translation>Keluar (bertanya dulu selama pelatihan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="39"/>
        <source>Full screen</source>
        <translation>Layar penuh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="165"/>
        <source>repetitive sample</source>
        <translation>sampel berulang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="166"/>
        <source>Anomaly: {message}</source>
        <translation>Anomali: {message}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="171"/>
        <source>Checkpoint failed</source>
        <translation>Checkpoint gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="172"/>
        <source>{message}

Check that the disk has free space and that the run folder and its checkpoints/ folder are writable. Training goes on, and the previous checkpoints are intact.</source>
        <translation>{message}

Pastikan disk masih punya ruang kosong dan folder run serta folder checkpoints/-nya bisa ditulisi. Pelatihan berlanjut, dan checkpoint sebelumnya tetap utuh.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="176"/>
        <source>Curriculum pivot refused</source>
        <translation>Pivot kurikulum ditolak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="177"/>
        <source>{message}

Training goes on with the constraints it had. Adjust them in the Curriculum dialog (Ctrl+E).</source>
        <translation>{message}

Pelatihan berlanjut dengan batasan yang sudah ada. Sesuaikan di dialog Kurikulum (Ctrl+E).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="196"/>
        <source>loss spike on {source} at step {step}: {loss}, far above its median {median}</source>
        <translation>lonjakan loss pada {source} di langkah {step}: {loss}, jauh di atas mediannya {median}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="198"/>
        <source>loss cliff on {source} at step {step}: {loss}, far below its median {median}</source>
        <translation>tebing loss pada {source} di langkah {step}: {loss}, jauh di bawah mediannya {median}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="202"/>
        <source>loss spike on {source} at step {step}: {loss}, far above its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>lonjakan loss pada {source} di langkah {step}: {loss}, jauh di atas mediannya {median} selama {n} langkah terakhir</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="204"/>
        <source>loss cliff on {source} at step {step}: {loss}, far below its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>tebing loss pada {source} di langkah {step}: {loss}, jauh di bawah mediannya {median} selama {n} langkah terakhir</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="210"/>
        <source>the mixture has stayed near the {source} vertex for {n} step(s) (seeds: vertex camping was part of v1&apos;s collapse)</source>
        <translation>
            <numerusform>campuran sudah {n} langkah menetap di dekat sudut {source} (seeds: menetap di sudut adalah bagian dari keruntuhan v1)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="181"/>
        <source>Anomaly</source>
        <translation>Anomali</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="214"/>
        <source>the sample at step {step} repeats itself (repetition score {score})</source>
        <translation>sampel di langkah {step} mengulang dirinya sendiri (skor pengulangan {score})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="225"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="225"/>
        <source>Preparing the run</source>
        <translation>Menyiapkan run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="237"/>
        <source>Finishing the current step…</source>
        <translation>Menuntaskan langkah saat ini…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="237"/>
        <source>Stopping</source>
        <translation>Menghentikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="265"/>
        <source>Quit ANDREA Desktop?</source>
        <translation>Keluar dari ANDREA Desktop?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="265"/>
        <source>Training is running. Stop it and quit?</source>
        <translation>Pelatihan sedang berjalan. Hentikan dan keluar?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="267"/>
        <source>Stop and Quit</source>
        <translation>Hentikan dan Keluar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="276"/>
        <source>Restart this run?</source>
        <translation>Mulai ulang run ini?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="277"/>
        <source>This run has history but no checkpoint to continue from. Start retrains it from step 0 and replaces its history.</source>
        <translation>Run ini punya riwayat tetapi tidak ada checkpoint untuk dilanjutkan. Mulai melatihnya ulang dari langkah 0 dan mengganti riwayatnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="287"/>
        <source>Continue with changed settings?</source>
        <translation>Lanjutkan dengan pengaturan yang berubah?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="288"/>
        <source>The run&apos;s settings changed since its newest checkpoint. Continuing applies the new values from that step on (a new schedule continues from the learning rate in use there):</source>
        <translation>Pengaturan run berubah sejak checkpoint terbarunya. Melanjutkan menerapkan nilai baru mulai langkah itu (jadwal baru berlanjut dari learning rate yang dipakai di sana):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="292"/>
        <source>Continue with the new settings</source>
        <translation>Lanjutkan dengan pengaturan baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="305"/>
        <source>Space</source>
        <translation>Spasi</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="309"/>
        <source>Keyboard Shortcuts</source>
        <translation>Pintasan Keyboard</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="316"/>
        <source>No log file</source>
        <translation>Tidak ada berkas log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="317"/>
        <source>No log file this session: {problem}.</source>
        <translation>Tidak ada berkas log sesi ini: {problem}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="320"/>
        <source>No log yet</source>
        <translation>Belum ada log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="320"/>
        <source>The log file {path} has not been written yet.</source>
        <translation>Berkas log {path} belum ditulis.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="323"/>
        <source>Log file</source>
        <translation>Berkas log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="323"/>
        <source>The log is {path}</source>
        <translation>Log ada di {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/window/notices.py" line="333"/>
        <source>About ANDREA Desktop</source>
        <translation>Tentang ANDREA Desktop</translation>
    </message>
</context>
<context>
    <name>QtParentHistory</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="96"/>
        <source>parent ({run} ≤ {step})</source>
        <translation>induk ({run} ≤ {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="185"/>
        <source>parent raw</source>
        <translation>induk mentah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="186"/>
        <source>parent smoothed</source>
        <translation>induk dihaluskan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="187"/>
        <source>parent val</source>
        <translation>induk val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/plots/parent_history.py" line="188"/>
        <source>parent used</source>
        <translation>induk dipakai</translation>
    </message>
</context>
<context>
    <name>QtReadoutBox</name>
    <message>
        <location filename="../../andrea_desktop/gui/plots/hover.py" line="239"/>
        <source>… {n} more</source>
        <translation>… {n} lagi</translation>
    </message>
</context>
<context>
    <name>QtRunEstimates</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="88"/>
        <source>trial failed: {error}</source>
        <translation>percobaan gagal: {error}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="108"/>
        <source>Estimates</source>
        <translation>Perkiraan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="113"/>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="113"/>
        <source>weights of the model (the tied embedding once)</source>
        <translation>bobot model (embedding yang terikat dihitung sekali)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="114"/>
        <source>Memory to train</source>
        <translation>Memori untuk melatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="114"/>
        <source>fp32 weights, gradients, AdamW moments and activations (estimate)</source>
        <translation>bobot fp32, gradien, momen AdamW, dan aktivasi (perkiraan)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="115"/>
        <source>Tokens per step</source>
        <translation>Token per langkah</translation>
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
        <translation>6 N + 12 L H Q T, N parameter tanpa embedding posisi (PaLM, Chowdhery dkk., 2022, lampiran B; seperti estimate_mfu nanoGPT dan perf/mfu); per langkah dalam kurung</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="117"/>
        <source>Time per step</source>
        <translation>Waktu per langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="118"/>
        <source>measured: {steps} trial steps of this model on random tokens, at the chosen threads, after one warm-up step</source>
        <translation>diukur: {steps} langkah percobaan model ini pada token acak, dengan thread yang dipilih, setelah satu langkah pemanasan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="119"/>
        <source>ETA</source>
        <translation>Perkiraan durasi</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="119"/>
        <source>time per step x steps to train (max steps, or the schedule&apos;s total)</source>
        <translation>waktu per langkah x langkah yang dilatih (langkah maks., atau total jadwal)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="154"/>
        <source>≈ {mib} MiB of {gib} GiB</source>
        <translation>≈ {mib} MiB dari {gib} GiB</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="158"/>
        <source>{per_token}  ({per_step} a step)</source>
        <translation>{per_token}  ({per_step} per langkah)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="162"/>
        <source>measuring…</source>
        <translation>mengukur…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="172"/>
        <source>{duration} for {steps} step(s)</source>
        <translation>
            <numerusform>{duration} untuk {steps} langkah</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtRunsDock</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="84"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="85"/>
        <source>tokens seen</source>
        <translation>token yang dilihat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="86"/>
        <source>active training time</source>
        <translation>waktu pelatihan aktif</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="157"/>
        <source>Filter runs by name, status, preset or tag</source>
        <translation>Saring run menurut nama, status, preset, atau tag</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="166"/>
        <source>x axis of the compared runs&apos; curves</source>
        <translation>sumbu x kurva run yang dibandingkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="168"/>
        <source>per source</source>
        <translation>per sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="169"/>
        <source>Also draw each compared run&apos;s per-source training and validation losses</source>
        <translation>Gambar juga loss pelatihan dan validasi per sumber dari setiap run yang dibandingkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="171"/>
        <source>markers</source>
        <translation>penanda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="174"/>
        <source>Draw each compared run&apos;s events (warmup end, pivots, anomalies, pauses) in its colour</source>
        <translation>Gambar peristiwa setiap run yang dibandingkan (akhir warmup, pivot, anomali, jeda) dengan warnanya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="178"/>
        <source>Compare checked runs against</source>
        <translation>Bandingkan run yang dicentang menurut</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="192"/>
        <source>Open</source>
        <translation>Buka</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="192"/>
        <source>Show this run in the window</source>
        <translation>Tampilkan run ini di jendela</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="193"/>
        <source>Rename…</source>
        <translation>Ganti nama…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="193"/>
        <source>Rename the run&apos;s folder</source>
        <translation>Ganti nama folder run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="194"/>
        <source>Tags…</source>
        <translation>Tag…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="194"/>
        <source>Tags of the run (comma-separated)</source>
        <translation>Tag run (dipisah koma)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="195"/>
        <source>Colour…</source>
        <translation>Warna…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="195"/>
        <source>The run&apos;s colour in comparisons</source>
        <translation>Warna run dalam perbandingan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="196"/>
        <source>Delete…</source>
        <translation>Hapus…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="197"/>
        <source>Delete the run&apos;s folder (asks first)</source>
        <translation>Hapus folder run (bertanya dulu)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="198"/>
        <source>Add…</source>
        <translation>Tambah…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="199"/>
        <source>List a run folder from anywhere on disk, or the runs in a folder (remembered)</source>
        <translation>Daftarkan folder run dari mana saja di disk, atau run di dalam sebuah folder (diingat)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="200"/>
        <source>Remove from list</source>
        <translation>Hapus dari daftar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="201"/>
        <source>Stop listing a run from outside the runs folder (its folder stays)</source>
        <translation>Berhenti mendaftar run dari luar folder runs (foldernya tetap ada)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="224"/>
        <source>Side by side…</source>
        <translation>Berdampingan…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="225"/>
        <source>The checked runs at the same steps, one column per run: samples with their repetition score, attention entropy per layer, λ_max against 2/η and the basin</source>
        <translation>Run yang dicentang pada langkah yang sama, satu kolom per run: sampel dengan skor pengulangannya, entropi atensi per lapisan, λ_max terhadap 2/η, dan cekungannya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="25"/>
        <source>Runs of a group are drawn as their mean with a band of ±1 standard deviation; the hover box gives mean, std and n</source>
        <translation>Run dalam satu grup digambar sebagai reratanya dengan pita ±1 simpangan baku; kotak hover memberi rerata, std dan n</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="29"/>
        <source>min–max</source>
        <translation>min–maks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="31"/>
        <source>Also draw each group&apos;s min–max band</source>
        <translation>Gambar juga pita min–maks tiap grup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="33"/>
        <source>its runs</source>
        <translation>run-nya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="35"/>
        <source>Also draw each run of a group (hidden behind the group by default)</source>
        <translation>Gambar juga tiap run dalam grup (bawaannya tersembunyi di balik grup)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="38"/>
        <source>Group runs</source>
        <translation>Kelompokkan run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="63"/>
        <source>off</source>
        <translation>mati</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="64"/>
        <source>runs that differ only in seed</source>
        <translation>run yang hanya berbeda seed</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/grouping.py" line="66"/>
        <source>by {setting}</source>
        <translation>menurut {setting}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="147"/>
        <source>Add Runs</source>
        <translation>Tambah Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="147"/>
        <source>{folder} is no run folder and holds none.</source>
        <translation>{folder} bukan folder run dan tidak berisi run.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="156"/>
        <source>Add a run, or a folder of runs</source>
        <translation>Tambah sebuah run, atau folder berisi run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="396"/>
        <source>setting</source>
        <translation>pengaturan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="407"/>
        <source>Check two or more runs to list the settings that differ between them.</source>
        <translation>Centang dua run atau lebih untuk melihat pengaturan yang berbeda di antaranya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="409"/>
        <source>Settings that differ between the {n} checked runs: {count}</source>
        <translation>Pengaturan yang berbeda di antara {n} run yang dicentang: {count}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/dock.py" line="410"/>
        <source>The {n} checked runs have the same settings.</source>
        <translation>{n} run yang dicentang memiliki pengaturan yang sama.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="41"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="47"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="104"/>
        <source>Rename Run</source>
        <translation>Ganti Nama Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="42"/>
        <source>{run} is being trained here: stop it first.</source>
        <translation>{run} sedang dilatih di sini: hentikan dulu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="48"/>
        <source>new name</source>
        <translation>nama baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="65"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="113"/>
        <source>Tags</source>
        <translation>Tag</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="75"/>
        <source>Colour</source>
        <translation>Warna</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="82"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="88"/>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="134"/>
        <source>Delete Run</source>
        <translation>Hapus Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="83"/>
        <source>{run} is open in the window: open another run first.</source>
        <translation>{run} terbuka di jendela: buka run lain dulu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="104"/>
        <source>New folder name:</source>
        <translation>Nama folder baru:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="114"/>
        <source>Tags of {run} (comma-separated):</source>
        <translation>Tag {run} (dipisah koma):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="124"/>
        <source>Colour of {run}</source>
        <translation>Warna {run}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="132"/>
        <source>Delete {run} and everything in it (checkpoints, metrics, samples)?</source>
        <translation>Hapus {run} beserta seluruh isinya (checkpoint, metrik, sampel)?</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/manage.py" line="137"/>
        <source>Delete</source>
        <translation>Hapus</translation>
    </message>
</context>
<context>
    <name>QtSamplesPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="30"/>
        <source>temperature {value}</source>
        <translation>suhu {value}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="33"/>
        <source>top-k all</source>
        <translation>top-k semua</translation>
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
            <numerusform>tiap {n} langkah</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="52"/>
        <source>⚠ repetitive: score {score} ≥ {threshold} (“{word}” is {share} of the words; distinct-1…4 {distinct})</source>
        <translation>⚠ berulang: skor {score} ≥ {threshold} (“{word}” adalah {share} dari kata-kata; distinct-1…4 {distinct})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="58"/>
        <source>repetition {score} (“{word}” is {share} of the words; distinct-1…4 {distinct})</source>
        <translation>pengulangan {score} (“{word}” adalah {share} dari kata-kata; distinct-1…4 {distinct})</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="141"/>
        <source>{n} token(s)</source>
        <translation>
            <numerusform>{n} token</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="143"/>
        <source>A sample of {tokens} after “{prompt}” {every}, at temperature {temperature} and top-k {top_k} (the run&apos;s probe settings).</source>
        <translation>Sampel {tokens} setelah “{prompt}” {every}, dengan suhu {temperature} dan top-k {top_k} (pengaturan probe run ini).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="95"/>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="135"/>
        <source>Samples appear every few hundred steps (probe.sample_interval).</source>
        <translation>Sampel muncul tiap beberapa ratus langkah (probe.sample_interval).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="140"/>
        <source>all</source>
        <comment>top-k: every token</comment>
        <translation>semua</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="147"/>
        <source>Samples are off (probe.enabled = false).</source>
        <translation>Sampel nonaktif (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="185"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="57"/>
        <source>attention entropy per layer: — (no probe yet)</source>
        <translation>entropi atensi per lapisan: — (belum ada probe)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="58"/>
        <source>attention entropy per layer: {layers} nats (uniform {uniform}; probe at step {step})</source>
        <translation>entropi atensi per lapisan: {layers} nats (seragam {uniform}; probe di langkah {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="68"/>
        <source>λ_max — · basin — (no terrain result)</source>
        <translation>λ_max — · cekungan — (tidak ada hasil terrain)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="69"/>
        <source>λ_max {lam} · 2/η {edge} (η {lr}; terrain at step {step}) · basin rise {rise} at ρ {radius}</source>
        <translation>λ_max {lam} · 2/η {edge} (η {lr}; terrain di langkah {step}) · kenaikan cekungan {rise} pada ρ {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="82"/>
        <source>(no sample at this step)</source>
        <translation>(tidak ada sampel di langkah ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="118"/>
        <source>Side by side: samples, attention, sharpness</source>
        <translation>Berdampingan: sampel, atensi, ketajaman</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="146"/>
        <source>Reload</source>
        <translation>Muat ulang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="147"/>
        <source>Read the runs again</source>
        <translation>Baca ulang run-run itu</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="207"/>
        <source>{n} step(s) with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt; attention entropy is from the newest probe and λ_max from the newest terrain result at or before the step.</source>
        <translation>
            <numerusform>{n} langkah dengan sampel, {common} di antaranya ada di setiap run (terbaru lebih dulu). Sampel dibuat setiap probe.sample_interval langkah dengan prompt yang sama; entropi atensi diambil dari probe terbaru dan λ_max dari hasil terrain terbaru pada atau sebelum langkah itu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="255"/>
        <source>{flagged} of {n} sample(s) flagged for repetition</source>
        <translation>
            <numerusform>{flagged} dari {n} sampel ditandai berulang</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="258"/>
        <source>mean attention entropy {h} nats at step {step}</source>
        <translation>entropi atensi rata-rata {h} nats di langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="260"/>
        <source>λ_max {lam} vs 2/η {edge} at step {step}</source>
        <translation>λ_max {lam} vs 2/η {edge} di langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="262"/>
        <source>λ_max — (no terrain result)</source>
        <translation>λ_max — (tidak ada hasil terrain)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="193"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
</context>
<context>
    <name>QtSimplexPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="98"/>
        <source>bandit phase</source>
        <translation>fase bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="98"/>
        <source>random phase</source>
        <translation>fase acak</translation>
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
        <translation>kini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="116"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="126"/>
        <source>floor</source>
        <translation>batas bawah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="126"/>
        <source>cap</source>
        <translation>batas atas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="132"/>
        <source>fade older phases</source>
        <translation>fase lama pudar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="135"/>
        <source>Older phases of the path are paler; the oldest one shown stays visible</source>
        <translation>Fase lama pada jalur lebih pucat; fase tertua yang ditampilkan tetap terlihat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="139"/>
        <source>last </source>
        <translation>terakhir </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="140"/>
        <source> phases</source>
        <translation> fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="141"/>
        <source>all phases</source>
        <translation>semua fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="142"/>
        <source>Draw only the last K phases of the path (all: every phase)</source>
        <translation>Gambar hanya K fase terakhir dari jalur (semua: setiap fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="163"/>
        <source>Path:</source>
        <translation>Jalur:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="244"/>
        <source>One source ({name}): every batch comes from it, there is no mixture to show or steer</source>
        <translation>Satu sumber ({name}): setiap batch berasal darinya, tidak ada campuran untuk ditampilkan atau dikendalikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="246"/>
        <source>No data mixture: this run reports no data sources</source>
        <translation>Tidak ada campuran data: run ini tidak melaporkan sumber data</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="283"/>
        <source>warmup sub-region from step {step}</source>
        <translation>subwilayah warmup sejak langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="284"/>
        <source>reachable region from step {step}</source>
        <translation>wilayah terjangkau sejak langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="336"/>
        <source>phase {n} · {mode}</source>
        <translation>fase {n} · {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="340"/>
        <source>steps {first}–{last}</source>
        <translation>langkah {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="341"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="343"/>
        <source>from step {step} (the current phase)</source>
        <translation>sejak langkah {step} (fase saat ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="349"/>
        <source>bandit</source>
        <translation>bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="349"/>
        <source>random</source>
        <translation>acak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="418"/>
        <source>Weights of the sources: {names}</source>
        <translation>Bobot sumber: {names}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="448"/>
        <source>inactive</source>
        <translation>nonaktif</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="462"/>
        <source>No curriculum: a fixed uniform mixture.</source>
        <translation>Tanpa kurikulum: campuran seragam yang tetap.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="465"/>
        <source>curriculum warmup: sub-simplex of {sources}</source>
        <translation>warmup kurikulum: sub-simplex dari {sources}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="468"/>
        <source>floors {list}</source>
        <translation>batas bawah {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="470"/>
        <source>caps {list}</source>
        <translation>batas atas {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="472"/>
        <source>excluded {list}</source>
        <translation>dikecualikan {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="475"/>
        <source>phase: {mode}</source>
        <translation>fase: {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/simplex/panel.py" line="476"/>
        <source>reachable region: the whole simplex</source>
        <translation>wilayah terjangkau: seluruh simplex</translation>
    </message>
</context>
<context>
    <name>QtSweepDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="76"/>
        <source>New Sweep</source>
        <translation>Sweep Baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="79"/>
        <source>Runs that differ only in 1 to 3 settings and the seed, made from one base and trained one after another. A sweep stopped, or cut short by closing the app, continues with File → Continue Sweep: finished runs are never trained again.</source>
        <translation>Run yang hanya berbeda dalam 1 sampai 3 pengaturan dan seed, dibuat dari satu dasar dan dilatih satu per satu. Sweep yang dihentikan, atau terputus karena aplikasi ditutup, dilanjutkan dengan Berkas → Lanjutkan Sweep: run yang selesai tidak pernah dilatih lagi.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="86"/>
        <source>A preset (andrea-tiny, andrea-12m, andrea-120m), a run folder (its settings) or a settings file (.toml)</source>
        <translation>Sebuah preset (andrea-tiny, andrea-12m, andrea-120m), folder run (pengaturannya) atau berkas pengaturan (.toml)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="88"/>
        <source>File…</source>
        <translation>Berkas…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="90"/>
        <source>base</source>
        <translation>dasar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="92"/>
        <source>key</source>
        <translation>kunci</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="93"/>
        <source>values (comma-separated)</source>
        <translation>nilai (dipisah koma)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="100"/>
        <source>e.g. schedule.warmup_steps</source>
        <translation>mis. schedule.warmup_steps</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="101"/>
        <source>e.g. 0, 100</source>
        <translation>mis. 0, 100</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="102"/>
        <source>A setting as --set names it: section.key</source>
        <translation>Pengaturan seperti yang disebut --set: bagian.kunci</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="108"/>
        <source>swept keys</source>
        <translation>kunci yang di-sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="111"/>
        <source>A count (3: seeds 1, 2, 3) or a list of seeds (1, 7, 42)</source>
        <translation>Jumlah (3: seed 1, 2, 3) atau daftar seed (1, 7, 42)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="112"/>
        <source>seeds</source>
        <translation>seed</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="115"/>
        <source>the schedule&apos;s end</source>
        <translation>akhir jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="116"/>
        <source>Each run trains to this step</source>
        <translation>Setiap run dilatih sampai langkah ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="117"/>
        <source>steps per run</source>
        <translation>langkah per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="120"/>
        <source>The folder the runs and the sweep&apos;s record are made in</source>
        <translation>Folder tempat run dan catatan sweep dibuat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="121"/>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="123"/>
        <source>folder</source>
        <translation>folder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="126"/>
        <source>The runs are &lt;name&gt;-&lt;key&gt;&lt;value&gt;-…-s&lt;seed&gt;</source>
        <translation>Run-nya bernama &lt;name&gt;-&lt;key&gt;&lt;value&gt;-…-s&lt;seed&gt;</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="127"/>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="186"/>
        <source>name</source>
        <translation>nama</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="129"/>
        <source>runs</source>
        <translation>run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="145"/>
        <source>A settings file for the base</source>
        <translation>Berkas pengaturan untuk dasar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="146"/>
        <source>Settings (*.toml)</source>
        <translation>Pengaturan (*.toml)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="151"/>
        <source>Make the sweep&apos;s runs in</source>
        <translation>Buat run sweep di</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="186"/>
        <source>the sweep (its runs&apos; folders start with it)</source>
        <translation>sweep (folder run-nya diawali dengan nama ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="196"/>
        <source>name: a sweep named {name} is in this folder already; Continue Sweep continues it</source>
        <translation>nama: sweep bernama {name} sudah ada di folder ini; Lanjutkan Sweep melanjutkannya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="202"/>
        <source>(listed once the settings are fixed)</source>
        <translation>(didaftar setelah pengaturan diperbaiki)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="203"/>
        <source>Train</source>
        <translation>Latih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="208"/>
        <source>… and {n} more</source>
        <translation>… dan {n} lagi</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="209"/>
        <source>{n} run(s), in this order:
{names}</source>
        <translation>
            <numerusform>{n} run, dalam urutan ini:
{names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="211"/>
        <source>Train {n} run(s)</source>
        <translation>
            <numerusform>Latih {n} run</numerusform>
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
        <translation>Muat ulang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="95"/>
        <source>Overlay in Runs dock</source>
        <translation>Tumpuk di dok Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="96"/>
        <source>Check the sweep&apos;s runs in the Runs dock: the loss and LR panels overlay them</source>
        <translation>Centang run sweep di dok Run: panel loss dan LR menumpuknya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="99"/>
        <source>metric</source>
        <translation>metrik</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="101"/>
        <source>against</source>
        <translation>terhadap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="125"/>
        <source>final val loss</source>
        <translation>val loss akhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="125"/>
        <source>best val loss</source>
        <translation>val loss terbaik</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="126"/>
        <source>final train loss</source>
        <translation>train loss akhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="130"/>
        <source>not started</source>
        <translation>belum dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="131"/>
        <source>partial</source>
        <translation>sebagian</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="131"/>
        <source>done</source>
        <translation>selesai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="132"/>
        <source>diverged</source>
        <translation>divergen</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="132"/>
        <source>training</source>
        <translation>berlatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="133"/>
        <source>other run</source>
        <translation>run lain</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="140"/>
        <source>{done} of {n} run(s) settled · base {base} · {folder}</source>
        <translation>
            <numerusform>{done} dari {n} run tuntas · dasar {base} · {folder}</numerusform>
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
        <translation>keadaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="149"/>
        <source>steps</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="177"/>
        <source>no run has logged this loss yet</source>
        <translation>belum ada run yang mencatat loss ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="194"/>
        <source>mean ± std</source>
        <translation>rata-rata ± std</translation>
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
        <translation>{path} berisi hal lain selain run sweep ini ({why}); pindahkan atau ganti nama sweep.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="125"/>
        <source>No unfinished sweep in {folder}</source>
        <translation>Tidak ada sweep yang belum selesai di {folder}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="130"/>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="138"/>
        <source>Continue Sweep</source>
        <translation>Lanjutkan Sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="130"/>
        <source>sweep</source>
        <translation>sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="172"/>
        <source>sweep paused: {name} is being trained by another process</source>
        <translation>sweep dijeda: {name} sedang dilatih oleh proses lain</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="175"/>
        <source>sweep ended: {path} holds something else ({why})</source>
        <translation>sweep berakhir: {path} berisi hal lain ({why})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="189"/>
        <source>sweep {name}: run {i} of {n} ({run}) · Stop ends the sweep</source>
        <translation>sweep {name}: run {i} dari {n} ({run}) · Berhenti mengakhiri sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="195"/>
        <source>sweep ended: {run} could not start</source>
        <translation>sweep berakhir: {run} tidak dapat dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="203"/>
        <source>sweep stopping: File → Continue Sweep goes on later</source>
        <translation>sweep berhenti: Berkas → Lanjutkan Sweep meneruskannya nanti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="214"/>
        <source>sweep stopped at {run} (step {step}); File → Continue Sweep goes on</source>
        <translation>sweep berhenti di {run} (langkah {step}); Berkas → Lanjutkan Sweep meneruskannya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="217"/>
        <source>sweep ended: {run} stopped at step {step} of {steps}; File → Continue Sweep goes on</source>
        <translation>sweep berakhir: {run} berhenti di langkah {step} dari {steps}; Berkas → Lanjutkan Sweep meneruskannya</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="229"/>
        <source>sweep {name} finished: {n} run(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>sweep {name} selesai: {n} run ditumpuk (dok Run)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="242"/>
        <source>A sweep&apos;s record</source>
        <translation>Catatan sebuah sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="243"/>
        <source>Sweeps (*{suffix})</source>
        <translation>Sweep (*{suffix})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="249"/>
        <source>Sweep Results</source>
        <translation>Hasil Sweep</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="272"/>
        <source>sweep {name} is unfinished: File → Continue Sweep</source>
        <translation>sweep {name} belum selesai: Berkas → Lanjutkan Sweep</translation>
    </message>
</context>
<context>
    <name>QtTerrainJobs</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="120"/>
        <source>Terrain job cancelled: the parts already computed stay</source>
        <translation>Pekerjaan medan dibatalkan: bagian yang sudah dihitung tetap ada</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="126"/>
        <source>Terrain: the run has no checkpoint yet</source>
        <translation>Medan: run ini belum punya checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/terrain_compute.py" line="132"/>
        <source>Terrain not computed: {message}</source>
        <translation>Medan tidak dihitung: {message}</translation>
    </message>
</context>
<context>
    <name>QtTerrainPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="114"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="397"/>
        <source>no terrain yet</source>
        <translation>belum ada medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="117"/>
        <source>The surface and slices on the held-out rows of every source, or of one</source>
        <translation>Permukaan dan irisan pada baris held-out semua sumber, atau satu sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="118"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="458"/>
        <source>all sources</source>
        <translation>semua sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="120"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="332"/>
        <source>Compute now</source>
        <translation>Hitung sekarang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="122"/>
        <source>Compute the terrain of the current weights (or of the newest checkpoint)</source>
        <translation>Hitung medan dari bobot saat ini (atau dari checkpoint terbaru)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="129"/>
        <source>Dashed: 2/η, the edge of stability of plain gradient descent (Cohen et al., 2021). AdamW&apos;s threshold differs: it bounds the preconditioned sharpness (≈ 38/η for β1 = 0.9, Cohen et al., 2022), so λ_max can sit far below this line.</source>
        <translation>Putus-putus: 2/η, batas stabilitas gradient descent biasa (Cohen et al., 2021). Ambang AdamW berbeda: ia membatasi sharpness yang diprakondisikan (≈ 38/η untuk β1 = 0.9, Cohen et al., 2022), jadi λ_max bisa jauh di bawah garis ini.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="144"/>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="146"/>
        <source>Stop this terrain job; the parts already computed stay</source>
        <translation>Hentikan pekerjaan medan ini; bagian yang sudah dihitung tetap ada</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="182"/>
        <source>Surface as CSV…</source>
        <translation>Permukaan sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="183"/>
        <source>Trajectory as CSV…</source>
        <translation>Lintasan sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="184"/>
        <source>Sharpness and basin width over steps as CSV…</source>
        <translation>Sharpness dan lebar cekungan per langkah sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="186"/>
        <source>Terrain step</source>
        <translation>Langkah medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="288"/>
        <source>{kind} at step {step}</source>
        <translation>{kind} di langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="318"/>
        <source>λ_max and basin width</source>
        <translation>λ_max dan lebar cekungan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="318"/>
        <source>a coarse surface</source>
        <translation>permukaan kasar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="319"/>
        <source>the full surface, the path and the trace</source>
        <translation>permukaan lengkap, jalur, dan trace</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="321"/>
        <source>Terrain of step {step}, part {part} of 3 ({what}): {percent} %, started {elapsed} ago</source>
        <translation>Medan langkah {step}, bagian {part} dari 3 ({what}): {percent} %, dimulai {elapsed} yang lalu</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="323"/>
        <source>Terrain of step {step}, part {part} of 3 ({what}): {percent} %, about {eta} left</source>
        <translation>Medan langkah {step}, bagian {part} dari 3 ({what}): {percent} %, sisa sekitar {eta}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="332"/>
        <source>Computing…</source>
        <translation>Menghitung…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="378"/>
        <source>The terrain of step(s) {steps} is not shown: {reason}</source>
        <translation>
            <numerusform>Terrain langkah {steps} tidak ditampilkan: {reason}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="388"/>
        <source>computed every terrain.interval steps while training</source>
        <translation>dihitung tiap terrain.interval langkah selama pelatihan</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="390"/>
        <source>computed every {n} step(s) while training</source>
        <translation>
            <numerusform>dihitung tiap {n} langkah selama pelatihan</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="409"/>
        <source>step {step} ({n} result(s))</source>
        <translation>
            <numerusform>langkah {step} ({n} hasil)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="393"/>
        <source>terrain jobs are off for this run (terrain.interval = 0, or on_cpu = false on a CPU)</source>
        <translation>tugas medan nonaktif untuk run ini (terrain.interval = 0, atau on_cpu = false di CPU)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="395"/>
        <source>No terrain yet: {when}, or press Compute now.

For a finished run: andrea-terrain RUN_DIR --all computes it for every checkpoint.</source>
        <translation>Belum ada medan: {when}, atau tekan Hitung sekarang.

Untuk run yang selesai: andrea-terrain RUN_DIR --all menghitungnya untuk setiap checkpoint.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="414"/>
        <source>Loss in nats/token on the held-out rows. Curvatures in nats/token per squared weight unit: λ_max the steepest direction; random directions: 2·rise/(ρ²‖d‖²) from the basin rise at radius ρ, about tr(H)/n (the mean eigenvalue), never above λ_max.</source>
        <translation>Loss dalam nats/token pada baris yang disisihkan. Kelengkungan dalam nats/token per satuan bobot kuadrat: λ_max arah paling curam; arah acak: 2·kenaikan/(ρ²‖d‖²) dari kenaikan cekungan pada jari-jari ρ, sekitar tr(H)/n (nilai eigen rata-rata), tidak pernah di atas λ_max.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="432"/>
        <source>step {step} · loss {loss} on {rows} row(s) · λ_max {eig} (2/η {eos})</source>
        <translation>
            <numerusform>langkah {step} · loss {loss} pada {rows} baris · λ_max {eig} (2/η {eos})</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="437"/>
        <source>random directions {curv} (basin rise {mean} at ρ {radius})</source>
        <translation>arah acak {curv} (kenaikan cekungan {mean} pada ρ {radius})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="441"/>
        <source>basin rise at ρ = {radius}: mean {mean}, max {max}</source>
        <translation>kenaikan cekungan pada ρ = {radius}: rata-rata {mean}, maks {max}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="445"/>
        <source>tr(H) {trace} ± {stderr} (mean {mean})</source>
        <translation>tr(H) {trace} ± {stderr} (rata-rata {mean})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="449"/>
        <source>part {part} of 3</source>
        <translation>bagian {part} dari 3</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="474"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="474"/>
        <source>There is no terrain to export yet.</source>
        <translation>Belum ada medan untuk diekspor.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="477"/>
        <source>Export terrain table</source>
        <translation>Ekspor tabel medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="478"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabel CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="485"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="486"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Pilih folder atau nama berkas lain.</translation>
    </message>
</context>
<context>
    <name>QtVocabularyMap</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="113"/>
        <source>Method</source>
        <translation>Metode</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="136"/>
        <source>How the vocabulary is laid out in 2-D</source>
        <translation>Cara kosakata ditata dalam 2-D</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="146"/>
        <source>{method} needs the &apos;{module}&apos; module: {install}</source>
        <translation>{method} memerlukan modul &apos;{module}&apos;: {install}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="197"/>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="241"/>
        <source>No map: {reason}</source>
        <translation>Tidak ada peta: {reason}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="205"/>
        <source>Computing the {method} map of {tokens} tokens (step {step})…</source>
        <translation>Menghitung peta {method} dari {tokens} token (langkah {step})…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="207"/>
        <source>The map of step {step} is shown meanwhile.</source>
        <translation>Sementara itu, peta langkah {step} ditampilkan.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="209"/>
        <source>UMAP takes a minute or so.</source>
        <translation>UMAP butuh sekitar satu menit.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="261"/>
        <source>PC 1 ({percent} % of variance)</source>
        <translation>PC 1 ({percent} % varians)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="262"/>
        <source>PC 2 ({percent} %)</source>
        <translation>PC 2 ({percent} %)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="266"/>
        <source>{method} of all {tokens} tokens · step {step}</source>
        <translation>{method} semua {tokens} token · langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/vocab_map.py" line="268"/>
        <source>Hover a point to read its token; click one to select it.</source>
        <translation>Arahkan ke titik untuk melihat tokennya; klik untuk memilih.</translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="71"/>
        <source>New Experiment — %1</source>
        <translation>Eksperimen Baru — %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="75"/>
        <source>Two runs, the same in every setting but the LR warmup: one takes its first step at the peak LR (as the documents&apos; v1, whose samples collapsed into “region region region”), the other warms up linearly (as v2). They train one after the other, then the loss and LR panels overlay them and a side-by-side view shows, at the same steps, their samples with a repetition score, their attention entropy per layer and their sharpness (λ_max against 2/η).</source>
        <translation>Dua run, sama dalam setiap pengaturan kecuali warmup LR: satu mengambil langkah pertamanya pada LR puncak (seperti v1 dalam dokumen, yang sampelnya kolaps menjadi “region region region”), yang lain melakukan warmup linear (seperti v2). Keduanya dilatih bergantian, lalu panel loss dan LR menumpuknya dan tampilan berdampingan menunjukkan, pada langkah yang sama, sampelnya dengan skor pengulangan, entropi atensi per lapisan, dan ketajamannya (λ_max terhadap 2/η).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="81"/>
        <source>The preset both runs start from</source>
        <translation>Preset yang menjadi titik awal kedua run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="85"/>
        <source>preset</source>
        <translation>preset</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="87"/>
        <source>peak LR</source>
        <translation>LR puncak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="87"/>
        <source>the peak learning rate of both runs</source>
        <translation>learning rate puncak kedua run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="88"/>
        <source>warmup steps</source>
        <translation>langkah warmup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="89"/>
        <source>linear warmup of the warmup run (the other has none)</source>
        <translation>warmup linear pada run warmup (yang lain tanpa warmup)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="90"/>
        <source>steps per run</source>
        <translation>langkah per run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="90"/>
        <source>each run trains to this step</source>
        <translation>setiap run dilatih sampai langkah ini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="93"/>
        <source>The folder the two runs are made in</source>
        <translation>Folder tempat kedua run dibuat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="94"/>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="96"/>
        <source>folder</source>
        <translation>folder</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="97"/>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="160"/>
        <source>name</source>
        <translation>nama</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="98"/>
        <source>the runs are &lt;name&gt;-no-warmup and &lt;name&gt;-warmup-&lt;steps&gt;</source>
        <translation>run-nya adalah &lt;name&gt;-no-warmup dan &lt;name&gt;-warmup-&lt;steps&gt;</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="100"/>
        <source>runs</source>
        <translation>run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="105"/>
        <source>Train both</source>
        <translation>Latih keduanya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="130"/>
        <source>Make the experiment&apos;s runs in</source>
        <translation>Buat run eksperimen di</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="161"/>
        <source>the experiment (its runs&apos; folders start with it)</source>
        <translation>eksperimen (folder run-nya diawali dengan nama ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="176"/>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="185"/>
        <source>{preset}, CPU, step {step}</source>
        <translation>{preset}, CPU, langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="172"/>
        <source>; other presets not measured</source>
        <translation>; preset lain tidak diukur</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="178"/>
        <source>Expect the run without warmup to collapse ({at}, LR 2e-2: samples flagged for repetition {k} of {n} against {k2} of {n2} with warmup; mean attention entropy {h} against {h2} nats at step {step}{others}).</source>
        <translation>Run tanpa warmup diperkirakan kolaps ({at}, LR 2e-2: sampel yang ditandai berulang {k} dari {n} dibanding {k2} dari {n2} dengan warmup; entropi atensi rata-rata {h} dibanding {h2} nats di langkah {step}{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="188"/>
        <source>Expect the run without warmup to fall behind ({at}, LR 1e-2: val loss {no} vs {yes} with warmup{others}).</source>
        <translation>Run tanpa warmup diperkirakan tertinggal ({at}, LR 1e-2: val loss {no} vs {yes} dengan warmup{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="191"/>
        <source>Expect little difference at this LR ({at}: none visible at LR 1e-3; at 1e-2 no warmup falls behind{others}).</source>
        <translation>Perbedaan diperkirakan kecil pada LR ini ({at}: tak terlihat pada LR 1e-3; pada 1e-2 run tanpa warmup tertinggal{others}).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="212"/>
        <source>{first}: the peak LR from the first step</source>
        <translation>{first}: LR puncak sejak langkah pertama</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="213"/>
        <source>{second}: linear warmup over {steps} step(s)</source>
        <translation>
            <numerusform>{second}: warmup linear selama {steps} langkah</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="217"/>
        <source>(named once the settings in red are fixed)</source>
        <translation>(diberi nama setelah pengaturan merah diperbaiki)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="223"/>
        <source>What to expect: {expectation}</source>
        <translation>Yang bisa diharapkan: {expectation}</translation>
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
        <translation># probe</translation>
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
        <translation>rerata 5 terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="66"/>
        <source>watched token</source>
        <translation>token yang dipantau</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="66"/>
        <source>probes with a neighbour set</source>
        <translation>probe dengan himpunan tetangga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="67"/>
        <source>share of its neighbours also neighbours at the previous probe</source>
        <translation>porsi tetangganya yang juga tetangga pada probe sebelumnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="68"/>
        <source>mean overlap over the last five probes</source>
        <translation>rerata overlap atas lima probe terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="73"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="74"/>
        <source>Stop tracking the selected watched token</source>
        <translation>Berhenti memantau token yang dipilih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="92"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="94"/>
        <source>Each watched token&apos;s neighbour set: the share also in the previous probe&apos;s set</source>
        <translation>Himpunan tetangga tiap token yang dipantau: porsi yang juga ada di himpunan probe sebelumnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/embedding/watch_list.py" line="77"/>
        <source>Watch list: do the neighbour sets settle?</source>
        <translation>Daftar pantau: stabilkah himpunan tetangga?</translation>
    </message>
</context>
<context>
    <name>ReadingPane</name>
    <message>
        <location filename="../../andrea_desktop/gui/reading/pane.py" line="107"/>
        <source>How to read this</source>
        <translation>Cara membacanya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/pane.py" line="108"/>
        <source>What this picture means, with a worked example where there is one</source>
        <translation>Apa arti gambar ini, dengan contoh perhitungan bila ada</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="142"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A query q and three keys; change any number and the weights are recomputed by the same function that computes the heatmaps.</source>
        <translation>&lt;b&gt;Contoh perhitungan.&lt;/b&gt; Satu query q dan tiga key; ubah angka mana pun dan bobotnya dihitung ulang oleh fungsi yang sama yang menghitung heatmap.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="161"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="201"/>
        <source>d&lt;sub&gt;k&lt;/sub&gt; = {d}, so √d&lt;sub&gt;k&lt;/sub&gt; = {root}; the weights add up to {total}.</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt; = {d}, jadi √d&lt;sub&gt;k&lt;/sub&gt; = {root}; jumlah bobotnya {total}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="224"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three token embeddings shrunk to three dimensions; change any number and the similarities are recomputed by the index behind the neighbour table.</source>
        <translation>&lt;b&gt;Contoh perhitungan.&lt;/b&gt; Tiga embedding token yang diperkecil menjadi tiga dimensi; ubah angka mana pun dan kemiripannya dihitung ulang oleh indeks di balik tabel tetangga.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="242"/>
        <source>cosine</source>
        <translation>kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="243"/>
        <source>distance</source>
        <translation>jarak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="277"/>
        <source>Nearest by cosine: {pairs}.</source>
        <translation>Terdekat menurut kosinus: {pairs}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="299"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three sources, H ({h}), G ({g}) and D ({d}): a floor on H and a cap on D cut the triangle; the region and its corners are computed by the code that draws the panel.</source>
        <translation>&lt;b&gt;Contoh perhitungan.&lt;/b&gt; Tiga sumber, H ({h}), G ({g}) dan D ({d}): batas bawah pada H dan batas atas pada D memotong segitiga; wilayah dan sudut-sudutnya dihitung oleh kode yang menggambar panel ini.</translation>
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
        <translation>Wilayah ini punya {n} sudut, tercantum di bawah sebagai bobot (H, G, D) yang jumlahnya 1.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="19"/>
        <source>The loss is your altitude on a landscape</source>
        <translation>Loss adalah ketinggian Anda di sebuah lanskap</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="21"/>
        <source>Each setting of the model&apos;s weights is one point in a space with one axis per parameter. The loss gives every point a height, and the heights form a landscape of peaks, valleys, saddles and plateaus. Training walks downhill on it, one step per batch, and this curve is the altitude the walk has reached at each step.</source>
        <translation>Setiap susunan bobot model adalah satu titik dalam ruang dengan satu sumbu per parameter. Loss memberi setiap titik sebuah ketinggian, dan ketinggian itu membentuk lanskap berisi puncak, lembah, pelana, dan dataran. Pelatihan berjalan menuruninya, satu langkah per batch, dan kurva ini adalah ketinggian yang dicapai perjalanan itu di setiap langkah.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="27"/>
        <source>The smoothed line is the trend; the jitter around it comes from each batch standing on a slightly different patch of ground. The per-source curves measure the same position on each source&apos;s own data: when one of them plunges towards zero while the others do not, the walk has found a narrow trench, text of that source learned by heart rather than understood (the documents&apos; “zombie cliff”).</source>
        <translation>Garis yang dihaluskan adalah trennya; getaran di sekitarnya muncul karena setiap batch berpijak pada petak tanah yang sedikit berbeda. Kurva per sumber mengukur posisi yang sama pada data milik tiap sumber: bila salah satunya anjlok mendekati nol sementara yang lain tidak, perjalanan itu menemukan parit sempit, teks sumber itu dihafal alih-alih dipahami (“tebing zombie” dalam dokumen).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="34"/>
        <source>Validation points are measured on text the model never trains on. While they follow the training curve, the valley is one that new text shares; when they part from it, the walk is going down ground that only the training data has. The vertical markers note events (the end of the warmup, pivots, anomalies); at a curriculum pivot the landscape itself moves, because the loss is then measured on a different mixture of data.</source>
        <translation>Titik validasi diukur pada teks yang tidak pernah dipakai untuk melatih model. Selama titik-titik itu mengikuti kurva pelatihan, lembahnya juga dimiliki teks baru; saat berpisah darinya, perjalanan itu menuruni tanah yang hanya ada pada data latih. Penanda vertikal mencatat peristiwa (akhir warmup, pivot, anomali); pada pivot kurikulum lanskapnya sendiri bergeser, karena loss kemudian diukur pada campuran data yang lain.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="44"/>
        <source>The learning rate is the length of each downhill step</source>
        <translation>Learning rate adalah panjang setiap langkah menurun</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="46"/>
        <source>The gradient points the steepest way up the loss landscape; an optimiser step moves the weights the other way, and the learning rate sets how far (AdamW also rescales each direction by what it has seen of it so far).</source>
        <translation>Gradien menunjuk arah tercuram ke atas lanskap loss; satu langkah optimiser menggeser bobot ke arah sebaliknya, dan learning rate menentukan seberapa jauh (AdamW juga menskalakan ulang setiap arah menurut apa yang sudah dilihatnya dari arah itu).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="51"/>
        <source>Fresh random weights sit on sharply curved ground. A full-length first step from there can overshoot into the wrong valley and never climb out: the documents&apos; first run did exactly that and ended up repeating one word. The linear warmup at the start of the plan is the cure: short steps first, so the weights drift along the gentle directions into calmer ground before the steps reach their full length.</source>
        <translation>Bobot acak yang masih baru berada di tanah yang melengkung tajam. Langkah pertama yang langsung penuh dari sana bisa terlempar ke lembah yang salah dan tak pernah keluar lagi: run pertama dalam dokumen mengalami persis itu dan akhirnya mengulang satu kata. Warmup linear di awal rencana adalah obatnya: langkah pendek dulu, agar bobot bergeser sepanjang arah yang landai ke tanah yang lebih tenang sebelum langkahnya mencapai panjang penuh.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="58"/>
        <source>After the peak the cosine decay shortens the steps again, so the walk settles into the valley it has found instead of bouncing from wall to wall. The grey curve is the plan, drawn ahead of time because the schedule depends on the step alone; the coloured curve is what each step actually used, and the dot is where the run is now.</source>
        <translation>Setelah puncak, peluruhan kosinus memperpendek langkah lagi, sehingga perjalanan itu mengendap di lembah yang ditemukannya alih-alih memantul dari dinding ke dinding. Kurva abu-abu adalah rencananya, digambar lebih dulu karena jadwalnya hanya bergantung pada langkah; kurva berwarna adalah nilai yang benar-benar dipakai setiap langkah, dan titiknya adalah posisi run sekarang.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="64"/>
        <source>On a long run the warmup is a sliver at the left edge: “log step axis” gives every tenfold of steps the same room, so the first hundred steps fill most of the plot.</source>
        <translation>Pada run yang panjang, warmup hanya secuil di tepi kiri: “sumbu langkah log” memberi setiap kelipatan sepuluh langkah ruang yang sama, sehingga seratus langkah pertama mengisi sebagian besar plot.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="71"/>
        <source>The data mixture is a point on a simplex</source>
        <translation>Campuran data adalah satu titik pada simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="73"/>
        <source>The mixture gives every source a probability of being sampled. Probabilities are never negative and add up to one, so each mixture is a point of a simplex: a triangle for three sources, its higher-dimensional relative for more (drawn here as a polygon, a flat shadow of the real shape). A corner trains on one source alone, with no variety at all, a place where a model can collapse; an edge mixes two sources; the inside mixes them all.</source>
        <translation>Campuran memberi setiap sumber peluang untuk diambil sebagai sampel. Peluang tidak pernah negatif dan jumlahnya satu, jadi setiap campuran adalah satu titik pada simplex: segitiga untuk tiga sumber, kerabatnya yang berdimensi lebih tinggi untuk lebih banyak sumber (di sini digambar sebagai poligon, bayangan datar dari bentuk aslinya). Sebuah sudut melatih pada satu sumber saja, tanpa variasi sama sekali, tempat model bisa kolaps; sebuah sisi mencampur dua sumber; bagian dalam mencampur semuanya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="80"/>
        <source>A floor (a source&apos;s least weight) and a cap (its greatest) each slice the simplex with a flat cut. The filled &lt;i&gt;reachable region&lt;/i&gt; is what lies on the allowed side of every cut; excluding a source is a cap of zero, which flattens the region by one whole dimension.</source>
        <translation>Batas bawah (bobot terkecil suatu sumber) dan batas atas (bobot terbesarnya) masing-masing mengiris simplex dengan potongan datar. &lt;i&gt;Wilayah terjangkau&lt;/i&gt; yang diarsir adalah apa yang terletak di sisi yang diizinkan dari setiap potongan; mengecualikan sebuah sumber berarti batas atas nol, yang memipihkan wilayah itu sebanyak satu dimensi penuh.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="85"/>
        <source>Every phase puts down a new point. A random phase jumps to a point drawn evenly from the region; a bandit phase moves part of the way towards the corner of the region that the bandit&apos;s upper confidence bound favours now. A pivot draws a new region and the walk goes on inside it; a dashed outline is the smaller sub-simplex of the curriculum warmup.</source>
        <translation>Setiap fase meletakkan titik baru. Fase acak melompat ke titik yang diambil merata dari wilayah itu; fase bandit bergerak sebagian jalan menuju sudut wilayah yang kini diunggulkan oleh upper confidence bound (UCB) si bandit. Sebuah pivot menggambar wilayah baru dan perjalanan berlanjut di dalamnya; garis putus-putus adalah sub-simplex yang lebih kecil dari warmup kurikulum.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="94"/>
        <source>Each row is a query looking at the past through its head&apos;s window</source>
        <translation>Setiap baris adalah query yang memandang masa lalu lewat jendela head-nya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="96"/>
        <source>For the token in one row, the head forms a query vector q and compares it with the key vector k of every token so far. The dot product q·k measures how far each key reaches along the query&apos;s direction: a long projection means that earlier token answers what this token is asking, a short one means it hardly matters. The head&apos;s output is the tokens&apos; values mixed in those proportions.</source>
        <translation>Untuk token di satu baris, head membentuk vektor query q dan membandingkannya dengan vektor key k dari setiap token sejauh ini. Hasil kali titik q·k mengukur seberapa jauh setiap key menjangkau sepanjang arah query: proyeksi yang panjang berarti token sebelumnya itu menjawab apa yang ditanyakan token ini, proyeksi yang pendek berarti token itu hampir tidak berpengaruh. Keluaran head adalah value dari token-token itu yang dicampur dengan proporsi tersebut.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="103"/>
        <source>The scores are divided by √d&lt;sub&gt;k&lt;/sub&gt; so they do not grow with the head&apos;s dimension; without it the softmax would hand nearly all the weight to a single key. The softmax then turns the scores into weights that add up to one along each row.</source>
        <translation>Skor dibagi dengan √d&lt;sub&gt;k&lt;/sub&gt; agar tidak membesar seiring dimensi head; tanpa itu softmax akan menyerahkan hampir seluruh bobot kepada satu key saja. Softmax lalu mengubah skor menjadi bobot yang jumlahnya satu di setiap baris.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="108"/>
        <source>Above the diagonal lie future tokens: the causal mask sets their scores to −∞ before the softmax, so they get no weight at all (drawn grey), in training and in generation alike. Each head projects onto its own small subspace of the model&apos;s space, so the grid shows layers × heads independent views of one sentence: one head may follow the previous token, another the first token, another an earlier copy of the current one.</source>
        <translation>Di atas diagonal terletak token masa depan: causal mask menetapkan skornya menjadi −∞ sebelum softmax, sehingga token itu sama sekali tidak mendapat bobot (digambar abu-abu), baik saat pelatihan maupun saat generasi. Setiap head memproyeksikan ke subruang kecilnya sendiri dari ruang model, sehingga kisi ini menampilkan layer × head pandangan yang saling lepas atas satu kalimat: satu head mungkin mengikuti token sebelumnya, yang lain token pertama, yang lain lagi salinan lebih awal dari token saat ini.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="115"/>
        <source>The red tags name what a head does, measured at each probe on random tokens repeated twice: prev looks at the token before, first at the first token, self at itself, fixed at one early position, dup at the same token earlier, and ind is an induction head: it finds the earlier copy of the current token and looks at the token that came after it, so the model can go on with a pattern it has seen once. A tag appears when the head puts at least 40 % of the weight an evenly spread head leaves free onto that role&apos;s tokens; rest the mouse on a head for every score. Induction heads tend to appear suddenly, in a phase change that often comes with a drop in the loss: Heads over time shows each role&apos;s best score at every probe and marks that step, on the loss too.</source>
        <translation>Tanda merah menyebut apa yang dilakukan sebuah head, diukur pada setiap probe dengan token acak yang diulang dua kali: prev melihat token sebelumnya, first melihat token pertama, self melihat dirinya sendiri, fixed melihat satu posisi awal, dup melihat token yang sama sebelumnya, dan ind adalah induction head: ia menemukan salinan sebelumnya dari token saat ini dan melihat token yang datang sesudahnya, sehingga model dapat melanjutkan pola yang pernah dilihatnya sekali. Sebuah tanda muncul bila head menaruh setidaknya 40 % dari bobot yang dibiarkan bebas oleh head yang merata pada token peran itu; arahkan tetikus ke sebuah head untuk melihat setiap skor. Induction heads cenderung muncul tiba-tiba, dalam perubahan fase yang sering disertai turunnya loss: Head dari waktu ke waktu menunjukkan skor terbaik tiap peran di setiap probe dan menandai langkah itu, juga pada loss.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="129"/>
        <source>Every token is a point, and closeness is an angle</source>
        <translation>Setiap token adalah titik, dan kedekatan adalah sudut</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="131"/>
        <source>Each row of the token-embedding matrix places one token of the vocabulary in a space with d_model dimensions. Cosine similarity reads the angle between two tokens&apos; vectors: 1 when they point the same way, 0 at right angles, −1 when opposite. Euclidean distance also counts how long the vectors are.</source>
        <translation>Setiap baris matriks token-embedding menempatkan satu token dari kosakata dalam ruang berdimensi d_model. Kemiripan kosinus membaca sudut antara vektor dua token: 1 bila searah, 0 bila tegak lurus, −1 bila berlawanan. Jarak Euklides juga memperhitungkan panjang vektornya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="137"/>
        <source>Every training step nudges the points a little. Tokens used in similar contexts come to point in similar directions; tokens from unrelated fields end up nearly at right angles.</source>
        <translation>Setiap langkah pelatihan menggeser titik-titik itu sedikit. Token yang dipakai dalam konteks serupa lama-lama menunjuk ke arah yang serupa; token dari bidang yang tak berhubungan akhirnya hampir tegak lurus.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="141"/>
        <source>The table lists the chosen token&apos;s nearest points exactly. The picture is a flat shadow (PCA) of a neighbourhood with many dimensions, so two points that look close there need not be. The watch list shows when neighbourhoods stop changing: a stable set means those tokens have found their place.</source>
        <translation>Tabel mencantumkan titik-titik terdekat dari token yang dipilih secara tepat. Gambarnya adalah bayangan datar (PCA) dari lingkungan berdimensi banyak, jadi dua titik yang tampak dekat di sana belum tentu dekat. Daftar pantau menunjukkan kapan lingkungan berhenti berubah: himpunan yang stabil berarti token-token itu sudah menemukan tempatnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="150"/>
        <source>Samples show where the walk has taken the model</source>
        <translation>Sampel menunjukkan ke mana perjalanan telah membawa model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="152"/>
        <source>Every so often the model continues the same prompt, so the list reads as a diary of what the current point on the loss landscape can do. Early text is noise; training turns it into words, then phrases, then the voices of the data mixture.</source>
        <translation>Sesekali model melanjutkan prompt yang sama, sehingga daftar ini terbaca seperti buku harian tentang apa yang mampu dilakukan titik saat ini di lanskap loss. Teks awal hanyalah derau; pelatihan mengubahnya menjadi kata, lalu frasa, lalu suara-suara dari campuran data.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="157"/>
        <source>A sample that repeats itself (“region region region”) is the mark of a bad valley: the documents&apos; first run fell into one by taking full-length steps from fresh weights. Such samples are flagged here and marked on the loss panel. Samples that copy one source&apos;s style for long stretches suggest the mixture has been camping near that source&apos;s corner of the simplex.</source>
        <translation>Sampel yang mengulang dirinya (“region region region”) adalah tanda lembah yang buruk: run pertama dalam dokumen jatuh ke sana karena mengambil langkah penuh dari bobot yang masih baru. Sampel seperti itu ditandai di sini dan di panel loss. Sampel yang meniru gaya satu sumber dalam rentang panjang menandakan campurannya berkemah di dekat sudut simplex milik sumber itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="167"/>
        <source>The terrain puts the loss landscape on the screen</source>
        <translation>Medan menampilkan lanskap loss di layar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="169"/>
        <source>The loss surface has as many dimensions as the model has weights, so it cannot be drawn whole. The surface here is a slice through the current weights along two fixed random directions, each scaled to the size of the weights it moves, so slices of different steps can be compared. The path shows earlier weights projected on the two directions in which they changed most, over the loss on that plane.</source>
        <translation>Permukaan loss punya dimensi sebanyak bobot model, jadi tidak dapat digambar utuh. Permukaan di sini adalah irisan melalui bobot saat ini sepanjang dua arah acak yang tetap, masing-masing diskalakan sesuai ukuran bobot yang digesernya, sehingga irisan dari langkah yang berbeda dapat dibandingkan. Lintasannya menampilkan bobot sebelumnya yang diproyeksikan pada dua arah tempat bobot paling banyak berubah, di atas loss pada bidang itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="176"/>
        <source>Sharpness, the largest curvature λ&lt;sub&gt;max&lt;/sub&gt;, says how steep the valley&apos;s walls are along its steepest direction: above 2/η, plain gradient descent with step size η would bounce across the valley instead of going down it.</source>
        <translation>Sharpness, kelengkungan terbesar λ&lt;sub&gt;max&lt;/sub&gt;, menyatakan seberapa curam dinding lembah sepanjang arah tercuramnya: di atas 2/η, gradient descent biasa dengan ukuran langkah η akan memantul melintasi lembah alih-alih menuruninya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="181"/>
        <source>Basin width is how much the loss rises a fixed distance ρ away, along random directions scaled like the weights. A small rise is a wide basin, where many nearby weights are just as good, and the documents tie such basins to better behaviour on new text; a sharp rise is a narrow trench, like the one a source learned by heart digs. The panel turns the rise into the curvature it implies, 2·rise/(ρ²‖d‖²), in the units of λ&lt;sub&gt;max&lt;/sub&gt;: random directions see about the average curvature, tr(H)/n, while λ&lt;sub&gt;max&lt;/sub&gt; is the single steepest one. So a run can be sharper (a larger λ&lt;sub&gt;max&lt;/sub&gt;) and still look wider along random directions: both are true, of different directions.</source>
        <translation>Lebar cekungan adalah seberapa jauh loss naik pada jarak tetap ρ, sepanjang arah acak yang diskalakan seperti bobot. Kenaikan kecil berarti cekungan lebar, tempat banyak bobot di sekitarnya sama baiknya, dan dokumen mengaitkan cekungan seperti itu dengan perilaku yang lebih baik pada teks baru; kenaikan tajam adalah parit sempit, seperti yang digali oleh sumber yang dihafal. Panel mengubah kenaikan itu menjadi kelengkungan yang tersirat, 2·kenaikan/(ρ²‖d‖²), dalam satuan λ&lt;sub&gt;max&lt;/sub&gt;: arah acak melihat kira-kira kelengkungan rata-rata, tr(H)/n, sedangkan λ&lt;sub&gt;max&lt;/sub&gt; adalah satu arah yang paling curam. Jadi sebuah run bisa lebih tajam (λ&lt;sub&gt;max&lt;/sub&gt; lebih besar) namun tetap tampak lebih lebar sepanjang arah acak: keduanya benar, untuk arah yang berbeda.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="192"/>
        <source>The trace tr(H), the sum of all curvatures, can be negative. At the bottom of a valley every direction curves up, but training rarely stands there: on a slope or a saddle many directions curve down (the Hessian is indefinite), and when they outweigh the few steep ones the sum is below zero. A negative trace with a large λ&lt;sub&gt;max&lt;/sub&gt; reads as a narrow ridge of steep walls on ground that otherwise falls away.</source>
        <translation>Trace tr(H), jumlah semua kelengkungan, bisa negatif. Di dasar lembah setiap arah melengkung ke atas, tetapi pelatihan jarang berada di sana: di lereng atau pelana banyak arah melengkung ke bawah (Hessian tidak definit), dan bila arah-arah itu lebih berat daripada beberapa arah yang curam, jumlahnya di bawah nol. Trace negatif dengan λ&lt;sub&gt;max&lt;/sub&gt; besar dibaca sebagai punggung sempit berdinding curam di tanah yang selebihnya menurun.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="199"/>
        <source>A job arrives in parts, cheapest first: λ&lt;sub&gt;max&lt;/sub&gt; and the basin width, then a coarse surface, then the fine surface, the path and the trace. Training lends it a set share of its time (terrain.share), so the numbers come while training runs; the bar above the plots says which part is under way and how long it may take.</source>
        <translation>Sebuah pekerjaan datang per bagian, yang termurah lebih dulu: λ&lt;sub&gt;max&lt;/sub&gt; dan lebar cekungan, lalu permukaan kasar, lalu permukaan halus, jalur, dan trace. Pelatihan meminjamkan bagian tetap dari waktunya (terrain.share), sehingga angka-angka datang selagi pelatihan berjalan; bilah di atas grafik menyebut bagian mana yang sedang dikerjakan dan berapa lama lagi.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="208"/>
        <source>Compared runs are walks from different starting rules</source>
        <translation>Run yang dibandingkan adalah perjalanan dari aturan awal yang berbeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="210"/>
        <source>Each checked run is another walk on a landscape of the same kind: the same model shape, started from other settings (a learning rate, a warmup, a curriculum). Overlaid, their loss curves show which rule went down faster and which got stuck; the settings table under the list names the only keys in which they differ, so the cause is in that list.</source>
        <translation>Setiap run yang dicentang adalah perjalanan lain di lanskap sejenis: bentuk model yang sama, dimulai dari pengaturan lain (learning rate, warmup, kurikulum). Bila ditumpuk, kurva loss-nya menunjukkan aturan mana yang turun lebih cepat dan mana yang macet; tabel pengaturan di bawah daftar hanya menyebut kunci yang berbeda di antara mereka, jadi penyebabnya ada di daftar itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="216"/>
        <source>By step, the walks are compared update for update; by tokens seen, for the same amount of text read (a larger batch takes longer steps through the data); by wall time, for the hours they cost. A branch shares its parent&apos;s walk up to the step it was taken from and leaves it there: the documents&apos; v3 did that, turning into a polish phase without going back to the start.</source>
        <translation>Menurut langkah, perjalanan dibandingkan pembaruan demi pembaruan; menurut token yang dilihat, untuk jumlah teks terbaca yang sama (batch yang lebih besar mengambil langkah lebih panjang melalui data); menurut waktu nyata, untuk jam yang dihabiskannya. Sebuah cabang berbagi perjalanan induknya sampai langkah tempat ia diambil lalu berpisah di sana: v3 dalam dokumen melakukan itu, beralih ke fase pemolesan tanpa kembali ke awal.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="223"/>
        <source>Runs that differ only in their seed are the same rule started from other random weights and another order of the data. Grouped, they are drawn as their mean with a band of one standard deviation: the band is how far chance alone moves one run&apos;s curve. Two groups whose means are closer than their bands are wide may differ by chance only; more seeds do not narrow the band, they make the mean surer (its own uncertainty is about the band&apos;s half-width divided by the square root of n).</source>
        <translation>Run yang hanya berbeda seed-nya adalah aturan yang sama, dimulai dari bobot acak lain dan urutan data lain. Jika dikelompokkan, run-run itu digambar sebagai reratanya dengan pita satu simpangan baku: pita itu menunjukkan seberapa jauh kebetulan saja menggeser kurva satu run. Dua grup yang reratanya lebih dekat daripada lebar pitanya mungkin berbeda hanya karena kebetulan; seed yang lebih banyak tidak mempersempit pita, tetapi membuat rerata lebih pasti (ketidakpastiannya sendiri kira-kira setengah lebar pita dibagi akar kuadrat n).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="231"/>
        <source>Side by side puts the runs at the same steps in one table, so the documents&apos; v1 and v2 read across a row. A run that took full-length steps from fresh weights shows the bad valley three ways: its samples fall back on a few words (a high repetition score, flagged), its attention heads turn one-hot (an entropy near 0, where a head spreading its weight evenly has the uniform value), and the ground under it is sharper (a larger λ_max, read against 2/η, the curvature at which a plain gradient step of that length stops going downhill). The built-in warmup experiment at its default, LR 2e-2 on the demo preset, shows the first two within a few minutes, and the third where the runs have terrain results; at 1e-2 the heads and the loss differ, but the samples seldom repeat enough to be flagged.</source>
        <translation>Berdampingan menaruh run-run pada langkah yang sama dalam satu tabel, sehingga v1 dan v2 dari dokumen terbaca sepanjang satu baris. Run yang mengambil langkah penuh dari bobot yang masih baru menunjukkan lembah yang buruk dengan tiga cara: sampelnya kembali ke beberapa kata saja (skor pengulangan tinggi, ditandai), head atensinya menjadi one-hot (entropi mendekati 0, sedangkan head yang menyebar bobotnya merata bernilai seragam), dan tanah di bawahnya lebih tajam (λ_max lebih besar, dibaca terhadap 2/η, kelengkungan tempat langkah gradien biasa sepanjang itu tidak lagi turun). Eksperimen warmup bawaan pada bawaannya, LR 2e-2 pada preset demo, menunjukkan dua yang pertama dalam beberapa menit, dan yang ketiga bila run-run itu punya hasil terrain; pada 1e-2 head dan loss berbeda, tetapi sampelnya jarang cukup berulang untuk ditandai.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="64"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; What a loss of so many nats per token means; change the loss or the vocabulary size.</source>
        <translation>&lt;b&gt;Contoh terapan.&lt;/b&gt; Apa arti loss sekian nats per token; ubah loss atau ukuran kosakata.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="66"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="66"/>
        <source>vocabulary</source>
        <translation>kosakata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="71"/>
        <source>e&lt;sup&gt;{loss}&lt;/sup&gt; = {ppl}: the model is as unsure as a uniform pick among {ppl} tokens ({bits} bits per token). A fresh model guesses uniformly: ln {vocab} = {uniform} nats/token.</source>
        <translation>e&lt;sup&gt;{loss}&lt;/sup&gt; = {ppl}: model seragu pilihan seragam di antara {ppl} token ({bits} bit per token). Model yang baru menebak secara seragam: ln {vocab} = {uniform} nats/token.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="84"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Gradient descent with step η on a bowl of curvature λ, L(x) = λx²/2, from x = 1: each step multiplies x by 1 − ηλ.</source>
        <translation>&lt;b&gt;Contoh terapan.&lt;/b&gt; Gradient descent dengan langkah η pada mangkuk berkelengkungan λ, L(x) = λx²/2, dari x = 1: setiap langkah mengalikan x dengan 1 − ηλ.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="91"/>
        <source>2/η = {threshold}: λ = {curv} is below it, so x shrinks: 1 − ηλ = {factor}, after 10 steps x = {after}.</source>
        <translation>2/η = {threshold}: λ = {curv} di bawahnya, jadi x menyusut: 1 − ηλ = {factor}, setelah 10 langkah x = {after}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="93"/>
        <source>2/η = {threshold}: λ = {curv} is above it, so every step overshoots further: 1 − ηλ = {factor}, after 10 steps x = {after}.</source>
        <translation>2/η = {threshold}: λ = {curv} di atasnya, jadi setiap langkah makin melampaui: 1 − ηλ = {factor}, setelah 10 langkah x = {after}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="107"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A bowl L(w) = λ‖w − w*‖²/2 and the basin width&apos;s step: radius ρ along a direction d scaled like the weights (‖d‖ = ‖w‖), measured by the terrain&apos;s own code.</source>
        <translation>&lt;b&gt;Contoh terapan.&lt;/b&gt; Mangkuk L(w) = λ‖w − w*‖²/2 dan langkah lebar cekungan: jari-jari ρ sepanjang arah d yang diskalakan seperti bobot (‖d‖ = ‖w‖), diukur dengan kode medan itu sendiri.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/loss_examples.py" line="116"/>
        <source>The loss rises by λρ²‖d‖²/2 = {rise} nats/token; the panel turns the rise back into the curvature 2·rise/(ρ²‖d‖²) = {curv}, the λ of the bowl, in the units of λ&lt;sub&gt;max&lt;/sub&gt;. A real terrain is no bowl: random directions see about the mean eigenvalue tr(H)/n, far below λ&lt;sub&gt;max&lt;/sub&gt;.</source>
        <translation>Loss naik sebesar λρ²‖d‖²/2 = {rise} nats/token; panel mengubah kenaikan itu kembali menjadi kelengkungan 2·kenaikan/(ρ²‖d‖²) = {curv}, yaitu λ mangkuk, dalam satuan λ&lt;sub&gt;max&lt;/sub&gt;. Medan sungguhan bukan mangkuk: arah acak melihat kira-kira nilai eigen rata-rata tr(H)/n, jauh di bawah λ&lt;sub&gt;max&lt;/sub&gt;.</translation>
    </message>
</context>
<context>
    <name>RemoteRunDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="43"/>
        <source>Open Remote Run</source>
        <translation>Buka Run Jarak Jauh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="46"/>
        <source>gpu-box, or user@host:port</source>
        <translation>gpu-box, atau pengguna@host:port</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="49"/>
        <source>/home/me/runs/my-run, or ~/runs/my-run</source>
        <translation>/home/saya/runs/run-saya, atau ~/runs/run-saya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="50"/>
        <source>List Runs</source>
        <translation>Daftar Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="51"/>
        <source>The runs in the folder of the path (or the path itself), on the host</source>
        <translation>Run di folder jalur itu (atau jalur itu sendiri), di host</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="56"/>
        <source>The host needs this project installed (pip install), so that andrea-follow is on its PATH; ssh uses your keys, agent and ~/.ssh/config.</source>
        <translation>Host perlu proyek ini terpasang (pip install), agar andrea-follow ada di PATH-nya; ssh memakai kunci, agen, dan ~/.ssh/config Anda.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="62"/>
        <source>Start a new run in this folder there</source>
        <translation>Mulai run baru di folder ini di sana</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="63"/>
        <source>Train a new run on the host, detached from this window (it trains on when the link drops), then follow it</source>
        <translation>Latih run baru di host, terlepas dari jendela ini (tetap berlatih saat koneksi terputus), lalu ikuti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="69"/>
        <source>the schedule&apos;s end</source>
        <translation>akhir jadwal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="72"/>
        <source>More than 1: torchrun starts one process per GPU (DistributedDataParallel)</source>
        <translation>Lebih dari 1: torchrun memulai satu proses per GPU (DistributedDataParallel)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="77"/>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="78"/>
        <source>Run folder:</source>
        <translation>Folder run:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="81"/>
        <source>Preset:</source>
        <translation>Preset:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="82"/>
        <source>Stop at step:</source>
        <translation>Berhenti di langkah:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="83"/>
        <source>Processes (GPUs):</source>
        <translation>Proses (GPU):</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="137"/>
        <source>Asking {host}…</source>
        <translation>Menanyai {host}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="151"/>
        <source>No runs in that folder.</source>
        <translation>Tidak ada run di folder itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/remote_run/dialog.py" line="153"/>
        <source> (training)</source>
        <translation> (sedang dilatih)</translation>
    </message>
</context>
<context>
    <name>RunController</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="227"/>
        <source>Cannot open run</source>
        <translation>Run tidak bisa dibuka</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="211"/>
        <source>Bad preset</source>
        <translation>Preset tidak valid</translation>
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
        <translation>Buka Run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="252"/>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="286"/>
        <source>Stop the training first: one run at a time.</source>
        <translation>Hentikan pelatihan dulu: satu run dalam satu waktu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="266"/>
        <source>Not a run directory</source>
        <translation>Bukan folder run</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="267"/>
        <source>{path} holds no {config}, so it is not an ANDREA run.

Choose the folder that contains {config} and {metrics}.</source>
        <translation>{path} tidak berisi {config}, jadi bukan run ANDREA.

Pilih folder yang berisi {config} dan {metrics}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="237"/>
        <source>Part of the run&apos;s history cannot be read</source>
        <translation>Sebagian riwayat run tidak bisa dibaca</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="238"/>
        <source>{error}

The panels show what could be read.</source>
        <translation>{error}

Panel menampilkan apa yang bisa dibaca.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="286"/>
        <source>Open Remote Run</source>
        <translation>Buka Run Jarak Jauh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="302"/>
        <source>Starting a run on {host}…</source>
        <translation>Memulai run di {host}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="306"/>
        <source>Cannot start the run there</source>
        <translation>Tidak dapat memulai run di sana</translation>
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
        <translation>Bukan alamat run jarak jauh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="321"/>
        <source>Connecting to {host}…</source>
        <translation>Menyambung ke {host}…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="325"/>
        <source>Cannot open the remote run</source>
        <translation>Tidak dapat membuka run jarak jauh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="343"/>
        <source>{run} (remote)</source>
        <translation>{run} (jarak jauh)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="402"/>
        <source>Cannot follow the run</source>
        <translation>Run tidak bisa diikuti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="406"/>
        <source>{run} (following)</source>
        <translation>{run} (mengikuti)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/controller.py" line="470"/>
        <source>Resumed from an older checkpoint</source>
        <translation>Dilanjutkan dari checkpoint yang lebih lama</translation>
    </message>
</context>
<context>
    <name>RunDriver</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="36"/>
        <source>auto threads</source>
        <translation>thread otomatis</translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/driver.py" line="37"/>
        <source>{n} thread(s)</source>
        <translation>
            <numerusform>{n} thread</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="38"/>
        <source>{threads} (auto)</source>
        <translation>{threads} (otomatis)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="141"/>
        <source>Checkpoint requested: it is written at the next step boundary</source>
        <translation>Checkpoint diminta: ditulis di batas langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="186"/>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="295"/>
        <source>resuming…</source>
        <translation>melanjutkan…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="186"/>
        <source>training</source>
        <translation>melatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="188"/>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="295"/>
        <source>pausing…</source>
        <translation>menjeda…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="215"/>
        <source>{device} · {threads} · preset {preset} · {params}M params</source>
        <translation>{device} · {threads} · preset {preset} · {params}M parameter</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="257"/>
        <source>Checkpoint requested from the external trainer</source>
        <translation>Checkpoint diminta dari trainer eksternal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="278"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="178"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="189"/>
        <source>Cannot steer this run</source>
        <translation>Run ini tidak bisa dikendalikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="322"/>
        <source>external run · trainer not running — last step {step} at {time}</source>
        <translation>run eksternal · trainer tidak berjalan — langkah terakhir {step} pada {time}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="328"/>
        <source>{device} × {ranks} ranks</source>
        <translation>{device} × {ranks} rank</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="331"/>
        <source>{device} on {host}</source>
        <translation>{device} di {host}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/driver.py" line="332"/>
        <source>external run · {where} · pid {pid}</source>
        <translation>run eksternal · {where} · pid {pid}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="64"/>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="103"/>
        <source>no answer within {s} s</source>
        <translation>tidak ada jawaban dalam {s} dtk</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="154"/>
        <source>Checkpoint requested from the remote trainer</source>
        <translation>Checkpoint diminta dari pelatih jarak jauh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="191"/>
        <source>The link to the remote run is down; try again once it is reconnected.</source>
        <translation>Koneksi ke run jarak jauh terputus; coba lagi setelah tersambung kembali.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="195"/>
        <source>The link to the remote run dropped; try again.</source>
        <translation>Koneksi ke run jarak jauh terputus; coba lagi.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="207"/>
        <source>remote run · {where} · link lost: {why}</source>
        <translation>run jarak jauh · {where} · koneksi hilang: {why}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="210"/>
        <source>remote run · {where} · reconnecting… ({why})</source>
        <translation>run jarak jauh · {where} · menyambung ulang… ({why})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="213"/>
        <source>remote run · {where} · {device}</source>
        <translation>run jarak jauh · {where} · {device}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/remote.py" line="215"/>
        <source>read-only: steering off</source>
        <translation>hanya-baca: kendali mati</translation>
    </message>
</context>
<context>
    <name>RunExports</name>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="43"/>
        <source>Export metrics</source>
        <translation>Ekspor metrik</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="44"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabel CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="47"/>
        <source>Metrics written to {path}</source>
        <translation>Metrik ditulis ke {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="51"/>
        <source>Export TensorBoard event files to</source>
        <translation>Ekspor berkas event TensorBoard ke</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="55"/>
        <source>TensorBoard event files written to {path}</source>
        <translation>Berkas event TensorBoard ditulis ke {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="59"/>
        <source>Export weights</source>
        <translation>Ekspor bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="63"/>
        <source>Weights of the newest checkpoint written to {path}</source>
        <translation>Bobot checkpoint terbaru ditulis ke {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="70"/>
        <source>Export a Hugging Face model folder to (an empty folder)</source>
        <translation>Ekspor folder model Hugging Face ke (folder kosong)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="74"/>
        <source>Hugging Face model folder of the newest checkpoint written to {path}</source>
        <translation>Folder model Hugging Face dari checkpoint terbaru ditulis ke {path}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="82"/>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="85"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/exports.py" line="86"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Pilih folder atau nama berkas lain.</translation>
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
        <translation>Langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="29"/>
        <source>Last loss</source>
        <translation>Loss terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="29"/>
        <source>Best val</source>
        <translation>Val terbaik</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="30"/>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="30"/>
        <source>Started</source>
        <translation>Dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="31"/>
        <source>Parent</source>
        <translation>Induk</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="31"/>
        <source>Tags</source>
        <translation>Tag</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="36"/>
        <source>new</source>
        <translation>baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="37"/>
        <source>running</source>
        <translation>berjalan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="38"/>
        <source>external</source>
        <translation>eksternal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="39"/>
        <source>finished</source>
        <translation>selesai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="40"/>
        <source>stopped</source>
        <translation>berhenti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="41"/>
        <source>failed</source>
        <translation>gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/runs/model.py" line="42"/>
        <source>unreadable</source>
        <translation>tak terbaca</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="68"/>
        <source>it is not a settings file</source>
        <translation>itu bukan berkas pengaturan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="69"/>
        <source>it cannot be written there (a folder in its place, or no permission)</source>
        <translation>berkas itu tidak dapat ditulis di sana (ada folder di tempatnya, atau tidak ada izin)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/common/app_settings.py" line="76"/>
        <source>Settings are not saved: {path}: {reason}. The window layout, the language and the recent runs will not be remembered.</source>
        <translation>Pengaturan tidak disimpan: {path}: {reason}. Tata letak jendela, bahasa, dan run terakhir tidak akan diingat.</translation>
    </message>
</context>
<context>
    <name>TerrainPlots</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="144"/>
        <source>β along d2</source>
        <translation>β sepanjang d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="161"/>
        <source>distance (filter-normalised)</source>
        <translation>jarak (dinormalisasi per filter)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="162"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="164"/>
        <source>along d1</source>
        <translation>sepanjang d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="165"/>
        <source>along d2</source>
        <translation>sepanjang d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="177"/>
        <source>2/η (plain GD)</source>
        <translation>2/η (GD biasa)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="180"/>
        <source>trace</source>
        <translation>trace</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="189"/>
        <source>rise</source>
        <translation>kenaikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="192"/>
        <source>mean</source>
        <translation>rerata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="194"/>
        <source>max</source>
        <translation>maks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="257"/>
        <source>PC1 ({share} % of the path)</source>
        <translation>PC1 ({share} % dari jalur)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="267"/>
        <source>the path needs 3 snapshots ({n} so far)</source>
        <translation>jalur butuh 3 snapshot (baru {n})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="142"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="244"/>
        <source>loss around the weights</source>
        <translation>loss di sekitar bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="143"/>
        <source>α along d1</source>
        <translation>α sepanjang d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="149"/>
        <source>path (PCA plane)</source>
        <translation>jalur (bidang PCA)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="160"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="221"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="289"/>
        <source>1-D slices</source>
        <translation>irisan 1-D</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="168"/>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="319"/>
        <source>λ_max of the Hessian</source>
        <translation>λ_max dari Hessian</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="175"/>
        <source>along random directions (basin)</source>
        <translation>sepanjang arah acak (cekungan)</translation>
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
        <translation>kenaikan cekungan pada jari-jari ρ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="241"/>
        <source>surface: computing…</source>
        <translation>permukaan: sedang dihitung…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="246"/>
        <source>surface (coarse, refining)</source>
        <translation>permukaan (kasar, sedang diperhalus)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="263"/>
        <source>the path comes with the last part</source>
        <translation>jalur datang dengan bagian terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="288"/>
        <source>1-D slices ({source})</source>
        <translation>irisan 1-D ({source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="312"/>
        <source>basin rise at ρ = {radius}</source>
        <translation>kenaikan cekungan pada ρ = {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="332"/>
        <source>λ_max (2/η = {value}: above)</source>
        <translation>λ_max (2/η = {value}: di atas)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="361"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source} (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token pada {source} (bobotnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="363"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source}</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token pada {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="365"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token (bobotnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="367"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="380"/>
        <source>step {step}: PC1 {x}, PC2 {y} (the weights of this terrain)</source>
        <translation>langkah {step}: PC1 {x}, PC2 {y} (bobot medan ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/terrain/plots.py" line="382"/>
        <source>step {step}: PC1 {x}, PC2 {y}</source>
        <translation>langkah {step}: PC1 {x}, PC2 {y}</translation>
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
        <translation>Pelatihan tidak bisa dimulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/run/worker.py" line="282"/>
        <source>Training failed</source>
        <translation>Pelatihan gagal</translation>
    </message>
</context>
</TS>
