<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id">
<context>
    <name>BanditTable</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="130"/>
        <source>source</source>
        <translation>sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="130"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="131"/>
        <source>floor</source>
        <translation>min</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="131"/>
        <source>cap</source>
        <translation>maks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="132"/>
        <source>pulls</source>
        <translation>tarikan</translation>
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
        <translation>akhir warmup LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="65"/>
        <source>curriculum warmup end</source>
        <translation>akhir warmup kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="66"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="67"/>
        <source>anomaly</source>
        <translation>anomali</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="68"/>
        <source>pause</source>
        <translation>jeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="69"/>
        <source>settings changed</source>
        <translation>pengaturan diubah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="80"/>
        <source>anomaly: {kind}</source>
        <translation>anomali: {kind}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="320"/>
        <source>step {step}: {label}</source>
        <translation>langkah {step}: {label}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_markers.py" line="324"/>
        <source>… and {n} more</source>
        <translation>… dan {n} lagi</translation>
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
        <translation>Jadwal LR</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="120"/>
        <source>Mixture on the simplex</source>
        <translation>Campuran pada simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="121"/>
        <source>Samples</source>
        <translation>Sampel</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="122"/>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="123"/>
        <source>Embeddings</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="124"/>
        <source>Terrain</source>
        <translation>Medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_main_window.py" line="125"/>
        <source>Runs</source>
        <translation>Run</translation>
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
        <translation>Batal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="18"/>
        <source>Close</source>
        <translation>Tutup</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="19"/>
        <source>Apply</source>
        <translation>Terapkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="20"/>
        <source>Reset</source>
        <translation>Atur ulang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="21"/>
        <source>Restore Defaults</source>
        <translation>Kembalikan bawaan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="22"/>
        <source>&amp;Yes</source>
        <translation>&amp;Ya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="23"/>
        <source>&amp;No</source>
        <translation>&amp;Tidak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="24"/>
        <source>Save</source>
        <translation>Simpan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="25"/>
        <source>Discard</source>
        <translation>Buang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="26"/>
        <source>Help</source>
        <translation>Bantuan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_standard_texts.py" line="27"/>
        <source>Open</source>
        <translation>Buka</translation>
    </message>
</context>
<context>
    <name>QtActions</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="56"/>
        <source>ready — press Continue</source>
        <translation>siap — tekan Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="57"/>
        <source>ready — press Start</source>
        <translation>siap — tekan Mulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="59"/>
        <source>stopped — Start continues it</source>
        <translation>berhenti — Mulai melanjutkannya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="60"/>
        <source>stopped</source>
        <translation>berhenti</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="62"/>
        <source>preparing data…</source>
        <translation>menyiapkan data…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="63"/>
        <source>training</source>
        <translation>melatih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="64"/>
        <source>paused</source>
        <translation>dijeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="65"/>
        <source>finished — read-only</source>
        <translation>selesai — hanya baca</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="66"/>
        <source>external: %1</source>
        <translation>eksternal: %1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="227"/>
        <source>Start</source>
        <translation>Mulai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="86"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="229"/>
        <source>Start training</source>
        <translation>Mulai pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="87"/>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="231"/>
        <source>Pause</source>
        <translation>Jeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="88"/>
        <source>Pause / resume at the next step boundary (Space)</source>
        <translation>Jeda / lanjutkan di batas langkah berikutnya (Spasi)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="90"/>
        <source>Stop</source>
        <translation>Hentikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="90"/>
        <source>Stop training at the next step boundary</source>
        <translation>Hentikan pelatihan di batas langkah berikutnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="92"/>
        <source>Curriculum…</source>
        <translation>Kurikulum…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="93"/>
        <source>Edit the curriculum&apos;s constraints; Apply pivots the running training (Ctrl+E)</source>
        <translation>Ubah batasan kurikulum; Terapkan memutar arah pelatihan yang sedang berjalan (Ctrl+E)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="94"/>
        <source>&amp;New Run…</source>
        <translation>Run &amp;Baru…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="95"/>
        <source>Set up a new run: preset, model, optimiser, schedule, data (Ctrl+N)</source>
        <translation>Siapkan run baru: preset, model, optimiser, jadwal, data (Ctrl+N)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="96"/>
        <source>New Run from &amp;This One…</source>
        <translation>Run Baru dari Run &amp;Ini…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="97"/>
        <source>A new run whose settings start as the open run&apos;s</source>
        <translation>Run baru yang pengaturannya bermula dari run yang terbuka</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="98"/>
        <source>LR &amp;Warmup vs None…</source>
        <translation>&amp;Warmup LR vs Tanpa…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="99"/>
        <source>Two runs that differ only in the LR warmup, trained in turn</source>
        <translation>Dua run yang hanya berbeda dalam warmup LR, dilatih bergantian</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="101"/>
        <source>&amp;Branch from Checkpoint…</source>
        <translation>&amp;Cabang dari Checkpoint…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="102"/>
        <source>A new run from one of this run&apos;s checkpoints, with a new LR, schedule or curriculum (Ctrl+B)</source>
        <translation>Run baru dari salah satu checkpoint run ini, dengan LR, jadwal, atau kurikulum baru (Ctrl+B)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="103"/>
        <source>&amp;Open Run…</source>
        <translation>B&amp;uka Run…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="104"/>
        <source>Open a run directory: its history in every panel (Ctrl+O)</source>
        <translation>Buka folder run: riwayatnya tampil di setiap panel (Ctrl+O)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="105"/>
        <source>&amp;Save Checkpoint</source>
        <translation>&amp;Simpan Checkpoint</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="106"/>
        <source>Write a checkpoint now (Ctrl+S)</source>
        <translation>Tulis checkpoint sekarang (Ctrl+S)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="108"/>
        <source>Metrics as &amp;CSV…</source>
        <translation>Metrik sebagai &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="109"/>
        <source>Metrics as &amp;TensorBoard Event Files…</source>
        <translation>Metrik sebagai Berkas Event &amp;TensorBoard…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="110"/>
        <source>&amp;Weights as safetensors…</source>
        <translation>&amp;Bobot sebagai safetensors…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="111"/>
        <source>&amp;Hugging Face Model Folder…</source>
        <translation>Folder Model &amp;Hugging Face…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="112"/>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="114"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Layar Penuh</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="118"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Atur Ulang Tata Letak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="119"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Pintasan Keyboard</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="120"/>
        <source>Open &amp;Log</source>
        <translation>Buka &amp;Log</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="121"/>
        <source>Open the app&apos;s log file (what happened, for a bug report)</source>
        <translation>Buka berkas log aplikasi (apa yang terjadi, untuk laporan bug)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="122"/>
        <source>&amp;About ANDREA Desktop</source>
        <translation>&amp;Tentang ANDREA Desktop</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="140"/>
        <source>Training</source>
        <translation>Pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="147"/>
        <source> preset </source>
        <translation> preset </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="151"/>
        <source>Preset of a new run</source>
        <translation>Preset untuk run baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="159"/>
        <source>&amp;File</source>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="162"/>
        <source>New &amp;Experiment</source>
        <translation>&amp;Eksperimen Baru</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="165"/>
        <source>Open &amp;Recent</source>
        <translation>Buka &amp;Terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="169"/>
        <source>&amp;Export</source>
        <translation>&amp;Ekspor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="174"/>
        <source>&amp;Training</source>
        <translation>&amp;Pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="180"/>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="181"/>
        <source>&amp;Help</source>
        <translation>Ban&amp;tuan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="192"/>
        <source>&amp;Language</source>
        <translation>&amp;Bahasa</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="204"/>
        <source>Language: %1 — applies at the next start</source>
        <translation>Bahasa: %1 — berlaku saat aplikasi dibuka lagi</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="214"/>
        <source>(none yet)</source>
        <translation>(belum ada)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="227"/>
        <source>Continue</source>
        <translation>Lanjutkan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="228"/>
        <source>Continue the run from its newest checkpoint</source>
        <translation>Lanjutkan run dari checkpoint terbarunya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_actions.py" line="231"/>
        <source>Resume</source>
        <translation>Lanjutkan</translation>
    </message>
</context>
<context>
    <name>QtBranchDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_branch_dialog.py" line="108"/>
        <source>Branch from Checkpoint</source>
        <translation>Cabang dari Checkpoint</translation>
    </message>
</context>
<context>
    <name>QtCrosshair</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_hover.py" line="153"/>
        <source>(step {step})</source>
        <translation>(langkah {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_hover.py" line="369"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
</context>
<context>
    <name>QtCurriculumDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_curriculum_dialog.py" line="145"/>
        <source>Curriculum</source>
        <translation>Kurikulum</translation>
    </message>
</context>
<context>
    <name>QtLRPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="88"/>
        <source>step</source>
        <translation>langkah</translation>
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
        <translation>rencana</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="94"/>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="137"/>
        <source>used</source>
        <translation>dipakai</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_lr_panel.py" line="125"/>
        <source>peak {peak} · warmup {warmup} steps · cosine to {min_lr} at step {total}</source>
        <translation>puncak {peak} · warmup {warmup} langkah · cosine ke {min_lr} di langkah {total}</translation>
    </message>
</context>
<context>
    <name>QtLossPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="60"/>
        <source>step</source>
        <translation>langkah</translation>
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
        <translation>mentah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="65"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="195"/>
        <source>smoothed</source>
        <translation>dihaluskan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="68"/>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="196"/>
        <source>val (mean)</source>
        <translation>val (rerata)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="75"/>
        <source>val (per source)</source>
        <translation>val (per sumber)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="88"/>
        <source>EMA smoothing weight (debiased, as TensorBoard)</source>
        <translation>Bobot penghalusan EMA (tanpa bias, seperti TensorBoard)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="92"/>
        <source>log y</source>
        <translation>log y</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="101"/>
        <source>Smoothing</source>
        <translation>Penghalusan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_loss_panel.py" line="107"/>
        <source>Sources:</source>
        <translation>Sumber:</translation>
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
        <translation>Run Baru</translation>
    </message>
</context>
<context>
    <name>QtParentHistory</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="104"/>
        <source>parent ({run} ≤ {step})</source>
        <translation>induk ({run} ≤ {step})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="224"/>
        <source>parent raw</source>
        <translation>induk mentah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="225"/>
        <source>parent smoothed</source>
        <translation>induk dihaluskan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="226"/>
        <source>parent val</source>
        <translation>induk val</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_parent_history.py" line="227"/>
        <source>parent used</source>
        <translation>induk dipakai</translation>
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
        <translation>top-k semua</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="28"/>
        <source>top-k {k}</source>
        <translation>top-k {k}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="29"/>
        <source>every {n} steps</source>
        <translation>tiap {n} langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="63"/>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="85"/>
        <source>Samples appear every few hundred steps (probe.sample_interval).</source>
        <translation>Sampel muncul tiap beberapa ratus langkah (probe.sample_interval).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="90"/>
        <source>all</source>
        <comment>top-k: every token</comment>
        <translation>semua</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="92"/>
        <source>A sample of {tokens} tokens after “{prompt}” every {interval} steps, at temperature {temperature} and top-k {top_k} (the run&apos;s probe settings).</source>
        <translation>Sampel {tokens} token setelah “{prompt}” tiap {interval} langkah, dengan temperature {temperature} dan top-k {top_k} (pengaturan probe run ini).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="96"/>
        <source>Samples are off (probe.enabled = false).</source>
        <translation>Sampel nonaktif (probe.enabled = false).</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="133"/>
        <source>repetitive ({share} repeated bigrams)</source>
        <translation>berulang ({share} bigram berulang)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_samples_panel.py" line="137"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_samples_side_by_side.py" line="62"/>
        <source>Samples side by side</source>
        <translation>Sampel berdampingan</translation>
    </message>
</context>
<context>
    <name>QtSimplexPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="81"/>
        <source>bandit phase</source>
        <translation>fase bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="81"/>
        <source>random phase</source>
        <translation>fase acak</translation>
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
        <translation>kini</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="97"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="110"/>
        <source>floor</source>
        <translation>batas bawah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="111"/>
        <source>cap</source>
        <translation>batas atas</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="115"/>
        <source>fade older phases</source>
        <translation>fase lama pudar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="118"/>
        <source>Older phases of the path are paler; the oldest one shown stays visible</source>
        <translation>Fase lama pada jalur lebih pucat; fase tertua yang ditampilkan tetap terlihat</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="122"/>
        <source>last </source>
        <translation>terakhir </translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="123"/>
        <source> phases</source>
        <translation> fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="124"/>
        <source>all phases</source>
        <translation>semua fase</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="125"/>
        <source>Draw only the last K phases of the path (all: every phase)</source>
        <translation>Gambar hanya K fase terakhir dari jalur (semua: setiap fase)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="146"/>
        <source>Path:</source>
        <translation>Jalur:</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="227"/>
        <source>warmup sub-region from step {step}</source>
        <translation>subwilayah warmup sejak langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="228"/>
        <source>reachable region from step {step}</source>
        <translation>wilayah terjangkau sejak langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="280"/>
        <source>phase {n} · {mode}</source>
        <translation>fase {n} · {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="284"/>
        <source>steps {first}–{last}</source>
        <translation>langkah {first}–{last}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="285"/>
        <source>step {step}</source>
        <translation>langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="287"/>
        <source>from step {step} (the current phase)</source>
        <translation>sejak langkah {step} (fase saat ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="293"/>
        <source>bandit</source>
        <translation>bandit</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="293"/>
        <source>random</source>
        <translation>acak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="362"/>
        <source>Weights of the sources: {names}</source>
        <translation>Bobot sumber: {names}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="392"/>
        <source>inactive</source>
        <translation>nonaktif</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="406"/>
        <source>No curriculum: a fixed uniform mixture.</source>
        <translation>Tanpa kurikulum: campuran seragam yang tetap.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="409"/>
        <source>curriculum warmup: sub-simplex of {sources}</source>
        <translation>warmup kurikulum: sub-simpleks dari {sources}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="412"/>
        <source>floors {list}</source>
        <translation>batas bawah {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="414"/>
        <source>caps {list}</source>
        <translation>batas atas {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="416"/>
        <source>excluded {list}</source>
        <translation>dikecualikan {list}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="419"/>
        <source>phase: {mode}</source>
        <translation>fase: {mode}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_simplex_panel.py" line="420"/>
        <source>reachable region: the whole simplex</source>
        <translation>wilayah terjangkau: seluruh simpleks</translation>
    </message>
</context>
<context>
    <name>QtTerrainPanel</name>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="94"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="313"/>
        <source>no terrain yet</source>
        <translation>belum ada medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="97"/>
        <source>The surface and slices on the held-out rows of every source, or of one</source>
        <translation>Permukaan dan irisan pada baris held-out semua sumber, atau satu sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="98"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="346"/>
        <source>all sources</source>
        <translation>semua sumber</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="100"/>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="271"/>
        <source>Compute now</source>
        <translation>Hitung sekarang</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="102"/>
        <source>Compute the terrain of the current weights (or of the newest checkpoint)</source>
        <translation>Hitung medan dari bobot saat ini (atau dari checkpoint terbaru)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="109"/>
        <source>Dashed: 2/η, the edge of stability of plain gradient descent (Cohen et al., 2021). AdamW&apos;s threshold differs: it bounds the preconditioned sharpness (≈ 38/η for β1 = 0.9, Cohen et al., 2022), so λ_max can sit far below this line.</source>
        <translation>Putus-putus: 2/η, batas stabilitas gradient descent biasa (Cohen et al., 2021). Ambang AdamW berbeda: ia membatasi sharpness yang diprakondisikan (≈ 38/η untuk β1 = 0.9, Cohen et al., 2022), jadi λ_max bisa jauh di bawah garis ini.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="137"/>
        <source>Surface as CSV…</source>
        <translation>Permukaan sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="138"/>
        <source>Trajectory as CSV…</source>
        <translation>Lintasan sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="139"/>
        <source>Sharpness and basin width over steps as CSV…</source>
        <translation>Sharpness dan lebar cekungan per langkah sebagai CSV…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="141"/>
        <source>Terrain step</source>
        <translation>Langkah medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="252"/>
        <source>pivot</source>
        <translation>pivot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="252"/>
        <source>anomaly</source>
        <translation>anomali</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="253"/>
        <source>lr warmup end</source>
        <translation>akhir warmup lr</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="253"/>
        <source>curriculum warmup end</source>
        <translation>akhir warmup kurikulum</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="259"/>
        <source>{kind} at step {step}</source>
        <translation>{kind} di langkah {step}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="271"/>
        <source>Computing…</source>
        <translation>Menghitung…</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="305"/>
        <source>computed every terrain.interval steps while training</source>
        <translation>dihitung tiap terrain.interval langkah selama pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="307"/>
        <source>computed every {n} steps while training</source>
        <translation>dihitung tiap {n} langkah selama pelatihan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="309"/>
        <source>terrain jobs are off for this run (terrain.interval = 0, or on_cpu = false on a CPU)</source>
        <translation>tugas medan nonaktif untuk run ini (terrain.interval = 0, atau on_cpu = false di CPU)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="311"/>
        <source>No terrain yet: {when}, or press Compute now.

For a finished run: andrea-terrain RUN_DIR --all computes it for every checkpoint.</source>
        <translation>Belum ada medan: {when}, atau tekan Hitung sekarang.

Untuk run yang selesai: andrea-terrain RUN_DIR --all menghitungnya untuk setiap checkpoint.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="324"/>
        <source>step {step} ({n} results)</source>
        <translation>langkah {step} ({n} hasil)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="327"/>
        <source>step {step} · loss {loss} nats/token on {rows} held-out rows · λ_max {eig} (2/η = {eos}) · tr(H) {trace} ± {stderr} · basin rise at ρ = {radius}: mean {mean}, max {max}</source>
        <translation>langkah {step} · loss {loss} nats/token pada {rows} baris held-out · λ_max {eig} (2/η = {eos}) · tr(H) {trace} ± {stderr} · kenaikan cekungan pada ρ = {radius}: rerata {mean}, maks {max}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="362"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="362"/>
        <source>There is no terrain to export yet.</source>
        <translation>Belum ada medan untuk diekspor.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="365"/>
        <source>Export terrain table</source>
        <translation>Ekspor tabel medan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="366"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabel CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="373"/>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/panels/qt_terrain_panel.py" line="374"/>
        <source>{error}

Choose another folder or file name.</source>
        <translation>{error}

Pilih folder atau nama file lain.</translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message>
        <location filename="../../andrea_desktop/gui/dialogs/qt_experiment_dialog.py" line="64"/>
        <source>New Experiment — %1</source>
        <translation>Eksperimen Baru — %1</translation>
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
        <translation># probe</translation>
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
        <translation>rerata (5 akhir)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="59"/>
        <source>watched token</source>
        <translation>token yang dipantau</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="59"/>
        <source>probes with a neighbour set</source>
        <translation>probe dengan himpunan tetangga</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="60"/>
        <source>share of its neighbours also neighbours at the previous probe</source>
        <translation>porsi tetangganya yang juga tetangga pada probe sebelumnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="61"/>
        <source>mean overlap over the last five probes</source>
        <translation>rerata tumpang tindih atas lima probe terakhir</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="66"/>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="67"/>
        <source>Stop tracking the selected watched token</source>
        <translation>Berhenti memantau token yang dipilih</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="71"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="73"/>
        <source>Each watched token&apos;s neighbour set: the share also in the previous probe&apos;s set</source>
        <translation>Himpunan tetangga tiap token yang dipantau: porsi yang juga ada di himpunan probe sebelumnya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_watch_list.py" line="77"/>
        <source>Watch list: do the neighbour sets settle?</source>
        <translation>Daftar pantau: stabilkah himpunan tetangga?</translation>
    </message>
</context>
<context>
    <name>ReadingPane</name>
    <message>
        <location filename="../../andrea_desktop/gui/qt_reading_pane.py" line="124"/>
        <source>How to read this</source>
        <translation>Cara membacanya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_reading_pane.py" line="125"/>
        <source>What this picture means, with a worked example where there is one</source>
        <translation>Apa arti gambar ini, dengan contoh yang dikerjakan bila ada</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="141"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; A query q and three keys; change any number and the weights are recomputed by the same function that computes the heatmaps.</source>
        <translation>&lt;b&gt;Contoh yang dikerjakan.&lt;/b&gt; Satu query q dan tiga key; ubah angka mana pun dan bobotnya dihitung ulang oleh fungsi yang sama yang menghitung heatmap.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="160"/>
        <source>weight</source>
        <translation>bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="200"/>
        <source>d&lt;sub&gt;k&lt;/sub&gt; = {d}, so √d&lt;sub&gt;k&lt;/sub&gt; = {root}; the weights add up to {total}.</source>
        <translation>d&lt;sub&gt;k&lt;/sub&gt; = {d}, jadi √d&lt;sub&gt;k&lt;/sub&gt; = {root}; jumlah bobotnya {total}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="223"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three token embeddings shrunk to three dimensions; change any number and the similarities are recomputed by the index behind the neighbour table.</source>
        <translation>&lt;b&gt;Contoh yang dikerjakan.&lt;/b&gt; Tiga embedding token yang diperkecil menjadi tiga dimensi; ubah angka mana pun dan kemiripannya dihitung ulang oleh indeks di balik tabel tetangga.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="241"/>
        <source>cosine</source>
        <translation>kosinus</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="242"/>
        <source>distance</source>
        <translation>jarak</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="276"/>
        <source>Nearest by cosine: {pairs}.</source>
        <translation>Terdekat menurut kosinus: {pairs}.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/examples.py" line="298"/>
        <source>&lt;b&gt;Worked example.&lt;/b&gt; Three sources, H ({h}), G ({g}) and D ({d}): a floor on H and a cap on D cut the triangle; the region and its corners are computed by the code that draws the panel.</source>
        <translation>&lt;b&gt;Contoh yang dikerjakan.&lt;/b&gt; Tiga sumber, H ({h}), G ({g}) dan D ({d}): batas bawah pada H dan batas atas pada D memotong segitiga; wilayah dan sudut-sudutnya dihitung oleh kode yang menggambar panel ini.</translation>
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
        <translation>Setelah puncak, cosine decay memperpendek langkah lagi, sehingga perjalanan itu mengendap di lembah yang ditemukannya alih-alih memantul dari dinding ke dinding. Kurva abu-abu adalah rencananya, digambar lebih dulu karena jadwalnya hanya bergantung pada langkah; kurva berwarna adalah nilai yang benar-benar dipakai setiap langkah, dan titiknya adalah posisi run sekarang.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="67"/>
        <source>The data mixture is a point on a simplex</source>
        <translation>Campuran data adalah satu titik pada simplex</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="69"/>
        <source>The mixture gives every source a probability of being sampled. Probabilities are never negative and add up to one, so each mixture is a point of a simplex: a triangle for three sources, its higher-dimensional relative for more (drawn here as a polygon, a flat shadow of the real shape). A corner trains on one source alone, with no variety at all, a place where a model can collapse; an edge mixes two sources; the inside mixes them all.</source>
        <translation>Campuran memberi setiap sumber peluang untuk diambil sebagai sampel. Peluang tidak pernah negatif dan jumlahnya satu, jadi setiap campuran adalah satu titik pada simplex: segitiga untuk tiga sumber, kerabatnya yang berdimensi lebih tinggi untuk lebih banyak sumber (di sini digambar sebagai poligon, bayangan datar dari bentuk aslinya). Sebuah sudut melatih pada satu sumber saja, tanpa variasi sama sekali, tempat model bisa kolaps; sebuah sisi mencampur dua sumber; bagian dalam mencampur semuanya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="76"/>
        <source>A floor (a source&apos;s least weight) and a cap (its greatest) each slice the simplex with a flat cut. The filled &lt;i&gt;reachable region&lt;/i&gt; is what lies on the allowed side of every cut; excluding a source is a cap of zero, which flattens the region by one whole dimension.</source>
        <translation>Batas bawah (bobot terkecil suatu sumber) dan batas atas (bobot terbesarnya) masing-masing mengiris simplex dengan potongan datar. &lt;i&gt;Wilayah terjangkau&lt;/i&gt; yang diarsir adalah apa yang terletak di sisi yang diizinkan dari setiap potongan; mengecualikan sebuah sumber berarti batas atas nol, yang memipihkan wilayah itu sebanyak satu dimensi penuh.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="81"/>
        <source>Every phase puts down a new point. A random phase jumps to a point drawn evenly from the region; a bandit phase moves part of the way towards the corner of the region that the bandit&apos;s upper confidence bound favours now. A pivot draws a new region and the walk goes on inside it; a dashed outline is the smaller sub-simplex of the curriculum warmup.</source>
        <translation>Setiap fase meletakkan titik baru. Fase acak melompat ke titik yang diambil merata dari wilayah itu; fase bandit bergerak sebagian jalan menuju sudut wilayah yang kini diunggulkan oleh upper confidence bound (UCB) si bandit. Sebuah pivot menggambar wilayah baru dan perjalanan berlanjut di dalamnya; garis putus-putus adalah sub-simplex yang lebih kecil dari warmup kurikulum.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="90"/>
        <source>Each row is a query looking at the past through its head&apos;s window</source>
        <translation>Setiap baris adalah query yang memandang masa lalu lewat jendela head-nya</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="92"/>
        <source>For the token in one row, the head forms a query vector q and compares it with the key vector k of every token so far. The dot product q·k measures how far each key reaches along the query&apos;s direction: a long projection means that earlier token answers what this token is asking, a short one means it hardly matters. The head&apos;s output is the tokens&apos; values mixed in those proportions.</source>
        <translation>Untuk token di satu baris, head membentuk vektor query q dan membandingkannya dengan vektor key k dari setiap token sejauh ini. Hasil kali titik q·k mengukur seberapa jauh setiap key menjangkau sepanjang arah query: proyeksi yang panjang berarti token sebelumnya itu menjawab apa yang ditanyakan token ini, proyeksi yang pendek berarti token itu hampir tidak berpengaruh. Keluaran head adalah value dari token-token itu yang dicampur dengan proporsi tersebut.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="99"/>
        <source>The scores are divided by √d&lt;sub&gt;k&lt;/sub&gt; so they do not grow with the head&apos;s dimension; without it the softmax would hand nearly all the weight to a single key. The softmax then turns the scores into weights that add up to one along each row.</source>
        <translation>Skor dibagi dengan √d&lt;sub&gt;k&lt;/sub&gt; agar tidak membesar seiring dimensi head; tanpa itu softmax akan menyerahkan hampir seluruh bobot kepada satu key saja. Softmax lalu mengubah skor menjadi bobot yang jumlahnya satu di setiap baris.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="104"/>
        <source>Above the diagonal lie future tokens: the causal mask sets their scores to −∞ before the softmax, so they get no weight at all (drawn grey), in training and in generation alike. Each head projects onto its own small subspace of the model&apos;s space, so the grid shows layers × heads independent views of one sentence: one head may follow the previous token, another the first token, another an earlier copy of the current one.</source>
        <translation>Di atas diagonal terletak token masa depan: causal mask menetapkan skornya menjadi −∞ sebelum softmax, sehingga token itu sama sekali tidak mendapat bobot (digambar abu-abu), baik saat pelatihan maupun saat generasi. Setiap head memproyeksikan ke subruang kecilnya sendiri dari ruang model, sehingga kisi ini menampilkan layer × head pandangan yang saling lepas atas satu kalimat: satu head mungkin mengikuti token sebelumnya, yang lain token pertama, yang lain lagi salinan lebih awal dari token saat ini.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="114"/>
        <source>Every token is a point, and closeness is an angle</source>
        <translation>Setiap token adalah titik, dan kedekatan adalah sudut</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="116"/>
        <source>Each row of the token-embedding matrix places one token of the vocabulary in a space with d_model dimensions. Cosine similarity reads the angle between two tokens&apos; vectors: 1 when they point the same way, 0 at right angles, −1 when opposite. Euclidean distance also counts how long the vectors are.</source>
        <translation>Setiap baris matriks token-embedding menempatkan satu token dari kosakata dalam ruang berdimensi d_model. Cosine similarity membaca sudut antara vektor dua token: 1 bila searah, 0 bila tegak lurus, −1 bila berlawanan. Jarak Euklides juga memperhitungkan panjang vektornya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="122"/>
        <source>Every training step nudges the points a little. Tokens used in similar contexts come to point in similar directions; tokens from unrelated fields end up nearly at right angles.</source>
        <translation>Setiap langkah pelatihan menggeser titik-titik itu sedikit. Token yang dipakai dalam konteks serupa lama-lama menunjuk ke arah yang serupa; token dari bidang yang tak berhubungan akhirnya hampir tegak lurus.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="126"/>
        <source>The table lists the chosen token&apos;s nearest points exactly. The picture is a flat shadow (PCA) of a neighbourhood with many dimensions, so two points that look close there need not be. The watch list shows when neighbourhoods stop changing: a stable set means those tokens have found their place.</source>
        <translation>Tabel mencantumkan titik-titik terdekat dari token yang dipilih secara tepat. Gambarnya adalah bayangan datar (PCA) dari lingkungan berdimensi banyak, jadi dua titik yang tampak dekat di sana belum tentu dekat. Daftar pantau menunjukkan kapan lingkungan berhenti berubah: himpunan yang stabil berarti token-token itu sudah menemukan tempatnya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="135"/>
        <source>Samples show where the walk has taken the model</source>
        <translation>Sampel menunjukkan ke mana perjalanan telah membawa model</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="137"/>
        <source>Every so often the model continues the same prompt, so the list reads as a diary of what the current point on the loss landscape can do. Early text is noise; training turns it into words, then phrases, then the voices of the data mixture.</source>
        <translation>Sesekali model melanjutkan prompt yang sama, sehingga daftar ini terbaca seperti buku harian tentang apa yang mampu dilakukan titik saat ini di lanskap loss. Teks awal hanyalah derau; pelatihan mengubahnya menjadi kata, lalu frasa, lalu suara-suara dari campuran data.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="142"/>
        <source>A sample that repeats itself (“region region region”) is the mark of a bad valley: the documents&apos; first run fell into one by taking full-length steps from fresh weights. Such samples are flagged here and marked on the loss panel. Samples that copy one source&apos;s style for long stretches suggest the mixture has been camping near that source&apos;s corner of the simplex.</source>
        <translation>Sampel yang mengulang dirinya (“region region region”) adalah tanda lembah yang buruk: run pertama dalam dokumen jatuh ke sana karena mengambil langkah penuh dari bobot yang masih baru. Sampel seperti itu ditandai di sini dan di panel loss. Sampel yang meniru gaya satu sumber dalam rentang panjang menandakan campurannya berkemah di dekat sudut simplex milik sumber itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="152"/>
        <source>The terrain puts the loss landscape on the screen</source>
        <translation>Medan menampilkan lanskap loss di layar</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="154"/>
        <source>The loss surface has as many dimensions as the model has weights, so it cannot be drawn whole. The surface here is a slice through the current weights along two fixed random directions, each scaled to the size of the weights it moves, so slices of different steps can be compared. The path shows earlier weights projected on the two directions in which they changed most, over the loss on that plane.</source>
        <translation>Permukaan loss punya dimensi sebanyak bobot model, jadi tidak dapat digambar utuh. Permukaan di sini adalah irisan melalui bobot saat ini sepanjang dua arah acak yang tetap, masing-masing diskalakan sesuai ukuran bobot yang digesernya, sehingga irisan dari langkah yang berbeda dapat dibandingkan. Lintasannya menampilkan bobot sebelumnya yang diproyeksikan pada dua arah tempat bobot paling banyak berubah, di atas loss pada bidang itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="161"/>
        <source>Sharpness, the largest curvature λ&lt;sub&gt;max&lt;/sub&gt;, says how steep the valley&apos;s walls are along its steepest direction: above 2/η, plain gradient descent with step size η would bounce across the valley instead of going down it.</source>
        <translation>Sharpness, kelengkungan terbesar λ&lt;sub&gt;max&lt;/sub&gt;, menyatakan seberapa curam dinding lembah sepanjang arah tercuramnya: di atas 2/η, gradient descent biasa dengan ukuran langkah η akan memantul melintasi lembah alih-alih menuruninya.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="166"/>
        <source>Basin width is how much the loss rises a fixed distance away. A small rise is a wide basin, where many nearby weights are just as good, and the documents tie such basins to better behaviour on new text; a sharp rise is a narrow trench, like the one a source learned by heart digs.</source>
        <translation>Lebar cekungan adalah seberapa besar loss naik pada jarak tetap tertentu. Kenaikan kecil berarti cekungan yang lebar, tempat banyak bobot di dekatnya sama baiknya, dan dokumen mengaitkan cekungan seperti itu dengan perilaku yang lebih baik pada teks baru; kenaikan tajam berarti parit sempit, seperti yang digali oleh sumber yang dihafal.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="175"/>
        <source>Compared runs are walks from different starting rules</source>
        <translation>Run yang dibandingkan adalah perjalanan dari aturan awal yang berbeda</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="177"/>
        <source>Each checked run is another walk on a landscape of the same kind: the same model shape, started from other settings (a learning rate, a warmup, a curriculum). Overlaid, their loss curves show which rule went down faster and which got stuck; the settings table under the list names the only keys in which they differ, so the cause is in that list.</source>
        <translation>Setiap run yang dicentang adalah perjalanan lain di lanskap sejenis: bentuk model yang sama, dimulai dari pengaturan lain (learning rate, warmup, kurikulum). Bila ditumpuk, kurva loss-nya menunjukkan aturan mana yang turun lebih cepat dan mana yang macet; tabel pengaturan di bawah daftar hanya menyebut kunci yang berbeda di antara mereka, jadi penyebabnya ada di daftar itu.</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/reading/texts.py" line="183"/>
        <source>By step, the walks are compared update for update; by tokens seen, for the same amount of text read (a larger batch takes longer steps through the data); by wall time, for the hours they cost. A branch shares its parent&apos;s walk up to the step it was taken from and leaves it there: the documents&apos; v3 did that, turning into a polish phase without going back to the start.</source>
        <translation>Menurut langkah, perjalanan dibandingkan pembaruan demi pembaruan; menurut token yang dilihat, untuk jumlah teks terbaca yang sama (batch yang lebih besar mengambil langkah lebih panjang melalui data); menurut waktu nyata, untuk jam yang dihabiskannya. Sebuah cabang berbagi perjalanan induknya sampai langkah tempat ia diambil lalu berpisah di sana: v3 dalam dokumen melakukan itu, beralih ke fase pemolesan tanpa kembali ke awal.</translation>
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
        <translation>loss di sekitar bobot (arah acak)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="121"/>
        <source>α along d1 (filter-normalised)</source>
        <translation>α sepanjang d1 (dinormalisasi per filter)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="122"/>
        <source>β along d2</source>
        <translation>β sepanjang d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="127"/>
        <source>path on the terrain (PCA of the snapshots)</source>
        <translation>jalur di medan (PCA dari snapshot)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="138"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="230"/>
        <source>1-D slices through the weights</source>
        <translation>irisan 1-D melalui bobot</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="139"/>
        <source>distance (filter-normalised)</source>
        <translation>jarak (dinormalisasi per filter)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="140"/>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="142"/>
        <source>along d1</source>
        <translation>sepanjang d1</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="143"/>
        <source>along d2</source>
        <translation>sepanjang d2</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="146"/>
        <source>sharpness: λ_max of the Hessian</source>
        <translation>sharpness: λ_max dari Hessian</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="147"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="157"/>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="167"/>
        <source>step</source>
        <translation>langkah</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="154"/>
        <source>2/η (plain GD)</source>
        <translation>2/η (GD biasa)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="156"/>
        <source>tr(H), Hutchinson (± 1 s.e.)</source>
        <translation>tr(H), Hutchinson (± 1 s.e.)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="158"/>
        <source>trace</source>
        <translation>trace</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="166"/>
        <source>basin width: loss rise at radius ρ</source>
        <translation>lebar cekungan: kenaikan loss pada radius ρ</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="168"/>
        <source>rise</source>
        <translation>kenaikan</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="171"/>
        <source>mean</source>
        <translation>rerata</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="173"/>
        <source>max</source>
        <translation>maks</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="206"/>
        <source>PC1 ({share} % of the path)</source>
        <translation>PC1 ({share} % dari jalur)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="212"/>
        <source>the path needs 3 snapshots ({n} so far)</source>
        <translation>jalur butuh 3 snapshot (baru {n})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="229"/>
        <source>1-D slices through the weights ({source})</source>
        <translation>irisan 1-D melalui bobot ({source})</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="253"/>
        <source>basin width: loss rise at radius ρ = {radius}</source>
        <translation>lebar cekungan: kenaikan loss pada radius ρ = {radius}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="269"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source} (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token pada {source} (bobotnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="271"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token on {source}</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token pada {source}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="273"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token (the weights)</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token (bobotnya)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="275"/>
        <source>α = {alpha}, β = {beta} · loss {loss} nats/token</source>
        <translation>α = {alpha}, β = {beta} · loss {loss} nats/token</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="288"/>
        <source>step {step}: PC1 {x}, PC2 {y} (the weights of this terrain)</source>
        <translation>langkah {step}: PC1 {x}, PC2 {y} (bobot medan ini)</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="290"/>
        <source>step {step}: PC1 {x}, PC2 {y}</source>
        <translation>langkah {step}: PC1 {x}, PC2 {y}</translation>
    </message>
    <message>
        <location filename="../../andrea_desktop/gui/qt_terrain_plots.py" line="297"/>
        <source>PC1 {x}, PC2 {y} · loss {loss} nats/token</source>
        <translation>PC1 {x}, PC2 {y} · loss {loss} nats/token</translation>
    </message>
</context>
</TS>
