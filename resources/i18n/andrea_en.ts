<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>EventMarkers</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="117"/>
        <source>down to {share} of the median over {n} step(s)</source>
        <translation>
            <numerusform>down to {share} of the median over {n} step</numerusform>
            <numerusform>down to {share} of the median over {n} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/plots/markers.py" line="119"/>
        <source>up to {factor} times the median over {n} step(s)</source>
        <translation>
            <numerusform>up to {factor} times the median over {n} step</numerusform>
            <numerusform>up to {factor} times the median over {n} steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtAnomalyNotice</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="246"/>
        <source>From step {start} the loss of {source} fell as low as {loss}, {share} of its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>From step {start} the loss of {source} fell as low as {loss}, {share} of its median {median}; after {n} step it is back near the median.</numerusform>
            <numerusform>From step {start} the loss of {source} fell as low as {loss}, {share} of its median {median}; after {n} steps it is back near the median.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="251"/>
        <source>Since step {start} the loss of {source} has fallen to {loss}, {share} of its median {median}, and is still falling ({n} step(s) so far).</source>
        <translation>
            <numerusform>Since step {start} the loss of {source} has fallen to {loss}, {share} of its median {median}, and is still falling ({n} step so far).</numerusform>
            <numerusform>Since step {start} the loss of {source} has fallen to {loss}, {share} of its median {median}, and is still falling ({n} steps so far).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="248"/>
        <source>From step {start} the loss of {source} rose as high as {loss}, {factor} times its median {median}; after {n} step(s) it is back near the median.</source>
        <translation>
            <numerusform>From step {start} the loss of {source} rose as high as {loss}, {factor} times its median {median}; after {n} step it is back near the median.</numerusform>
            <numerusform>From step {start} the loss of {source} rose as high as {loss}, {factor} times its median {median}; after {n} steps it is back near the median.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="253"/>
        <source>Since step {start} the loss of {source} has risen to {loss}, {factor} times its median {median} ({n} step(s) so far).</source>
        <translation>
            <numerusform>Since step {start} the loss of {source} has risen to {loss}, {factor} times its median {median} ({n} step so far).</numerusform>
            <numerusform>Since step {start} the loss of {source} has risen to {loss}, {factor} times its median {median} ({n} steps so far).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="308"/>
        <source>For {n} step(s) the mixture has given {share} of its weight to {source}.</source>
        <translation>
            <numerusform>For {n} step the mixture has given {share} of its weight to {source}.</numerusform>
            <numerusform>For {n} steps the mixture has given {share} of its weight to {source}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/anomaly_notice.py" line="311"/>
        <source>For {n} step(s) the mixture has stayed near the {source} vertex.</source>
        <translation>
            <numerusform>For {n} step the mixture has stayed near the {source} vertex.</numerusform>
            <numerusform>For {n} steps the mixture has stayed near the {source} vertex.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtAttentionPanel</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="322"/>
        <source>step {step} ({n} probe(s))</source>
        <translation>
            <numerusform>step {step} ({n} probe)</numerusform>
            <numerusform>step {step} ({n} probes)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/attention/panel.py" line="372"/>
        <source>probe cut to {kept} token(s) (of {total}: the context length or probe.max_tokens): the heatmap ends at “…{end}”</source>
        <translation>
            <numerusform>probe cut to {kept} token (of {total}: the context length or probe.max_tokens): the heatmap ends at “…{end}”</numerusform>
            <numerusform>probe cut to {kept} tokens (of {total}: the context length or probe.max_tokens): the heatmap ends at “…{end}”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtBranchDialog</name>
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
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="364"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} setting to fix (in red).</numerusform>
            <numerusform>{n} settings to fix (in red).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/branch/dialog.py" line="368"/>
        <source>{n} setting(s) changed from step {step}&apos;s.</source>
        <translation>
            <numerusform>{n} setting changed from step {step}&apos;s.</numerusform>
            <numerusform>{n} settings changed from step {step}&apos;s.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtCurriculumDialog</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/curriculum/dialog.py" line="380"/>
        <source>Feasible: a region with {count} vertices.</source>
        <translation>
            <numerusform>Feasible: a region with {count} vertex.</numerusform>
            <numerusform>Feasible: a region with {count} vertices.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtEmbeddingPanel</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/embedding/panel.py" line="338"/>
        <source>{n} row(s) not finite (shown as zero)</source>
        <translation>
            <numerusform>{n} row not finite (shown as zero)</numerusform>
            <numerusform>{n} rows not finite (shown as zero)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtExperiments</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/experiment.py" line="156"/>
        <source>experiment finished: {n} runs of {steps} step(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>experiment finished: {n} runs of {steps} step overlaid (Runs dock)</numerusform>
            <numerusform>experiment finished: {n} runs of {steps} steps overlaid (Runs dock)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtLRPanel</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/lr/panel.py" line="198"/>
        <source>peak {peak} · warmup {warmup} step(s) · cosine to {min_lr} at step {total}</source>
        <translation>
            <numerusform>peak {peak} · warmup {warmup} step · cosine to {min_lr} at step {total}</numerusform>
            <numerusform>peak {peak} · warmup {warmup} steps · cosine to {min_lr} at step {total}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtNewRunDialog</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="372"/>
        <source>{n} setting(s) to fix (in red).</source>
        <translation>
            <numerusform>{n} setting to fix (in red).</numerusform>
            <numerusform>{n} settings to fix (in red).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/dialog.py" line="375"/>
        <source>{n} setting(s) changed from the starting point.</source>
        <translation>
            <numerusform>{n} setting changed from the starting point.</numerusform>
            <numerusform>{n} settings changed from the starting point.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtNotices</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="202"/>
        <source>loss spike on {source} at step {step}: {loss}, far above its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>loss spike on {source} at step {step}: {loss}, far above its median {median} over the last {n} step</numerusform>
            <numerusform>loss spike on {source} at step {step}: {loss}, far above its median {median} over the last {n} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="204"/>
        <source>loss cliff on {source} at step {step}: {loss}, far below its median {median} over the last {n} step(s)</source>
        <translation>
            <numerusform>loss cliff on {source} at step {step}: {loss}, far below its median {median} over the last {n} step</numerusform>
            <numerusform>loss cliff on {source} at step {step}: {loss}, far below its median {median} over the last {n} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/window/notices.py" line="210"/>
        <source>the mixture has stayed near the {source} vertex for {n} step(s) (seeds: vertex camping was part of v1&apos;s collapse)</source>
        <translation>
            <numerusform>the mixture has stayed near the {source} vertex for {n} step (seeds: vertex camping was part of v1&apos;s collapse)</numerusform>
            <numerusform>the mixture has stayed near the {source} vertex for {n} steps (seeds: vertex camping was part of v1&apos;s collapse)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtRunEstimates</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/new_run/estimates.py" line="172"/>
        <source>{duration} for {steps} step(s)</source>
        <translation>
            <numerusform>{duration} for {steps} step</numerusform>
            <numerusform>{duration} for {steps} steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSamplesPanel</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="42"/>
        <source>every {n} step(s)</source>
        <translation>
            <numerusform>every {n} step</numerusform>
            <numerusform>every {n} steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/panel.py" line="141"/>
        <source>{n} token(s)</source>
        <translation>
            <numerusform>{n} token</numerusform>
            <numerusform>{n} tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSamplesSideBySide</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="207"/>
        <source>{n} step(s) with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt; attention entropy is from the newest probe and λ_max from the newest terrain result at or before the step.</source>
        <translation>
            <numerusform>{n} step with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt; attention entropy is from the newest probe and λ_max from the newest terrain result at or before the step.</numerusform>
            <numerusform>{n} steps with samples, {common} of them in every run (newest first). Samples are generated every probe.sample_interval steps with the same prompt; attention entropy is from the newest probe and λ_max from the newest terrain result at or before the step.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/samples/side_by_side.py" line="255"/>
        <source>{flagged} of {n} sample(s) flagged for repetition</source>
        <translation>
            <numerusform>{flagged} of {n} sample flagged for repetition</numerusform>
            <numerusform>{flagged} of {n} samples flagged for repetition</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSweepDialog</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="209"/>
        <source>{n} run(s), in this order:
{names}</source>
        <translation>
            <numerusform>{n} run, in this order:
{names}</numerusform>
            <numerusform>{n} runs, in this order:
{names}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/dialog.py" line="211"/>
        <source>Train {n} run(s)</source>
        <translation>
            <numerusform>Train {n} run</numerusform>
            <numerusform>Train {n} runs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSweepView</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/sweep/view.py" line="140"/>
        <source>{done} of {n} run(s) settled · base {base} · {folder}</source>
        <translation>
            <numerusform>{done} of {n} run settled · base {base} · {folder}</numerusform>
            <numerusform>{done} of {n} runs settled · base {base} · {folder}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtSweeps</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/sweep.py" line="229"/>
        <source>sweep {name} finished: {n} run(s) overlaid (Runs dock)</source>
        <translation>
            <numerusform>sweep {name} finished: {n} run overlaid (Runs dock)</numerusform>
            <numerusform>sweep {name} finished: {n} runs overlaid (Runs dock)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtTerrainPanel</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="378"/>
        <source>The terrain of step(s) {steps} is not shown: {reason}</source>
        <translation>
            <numerusform>The terrain of step {steps} is not shown: {reason}</numerusform>
            <numerusform>The terrain of steps {steps} is not shown: {reason}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="390"/>
        <source>computed every {n} step(s) while training</source>
        <translation>
            <numerusform>computed every {n} step while training</numerusform>
            <numerusform>computed every {n} steps while training</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="409"/>
        <source>step {step} ({n} result(s))</source>
        <translation>
            <numerusform>step {step} ({n} result)</numerusform>
            <numerusform>step {step} ({n} results)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/panels/terrain/panel.py" line="432"/>
        <source>step {step} · loss {loss} on {rows} row(s) · λ_max {eig} (2/η {eos})</source>
        <translation>
            <numerusform>step {step} · loss {loss} on {rows} row · λ_max {eig} (2/η {eos})</numerusform>
            <numerusform>step {step} · loss {loss} on {rows} rows · λ_max {eig} (2/η {eos})</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QtWarmupExperimentDialog</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/dialogs/experiment/dialog.py" line="213"/>
        <source>{second}: linear warmup over {steps} step(s)</source>
        <translation>
            <numerusform>{second}: linear warmup over {steps} step</numerusform>
            <numerusform>{second}: linear warmup over {steps} steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunDriver</name>
    <message numerus="yes">
        <location filename="../../andrea_desktop/gui/run/driver.py" line="37"/>
        <source>{n} thread(s)</source>
        <translation>
            <numerusform>{n} thread</numerusform>
            <numerusform>{n} threads</numerusform>
        </translation>
    </message>
</context>
</TS>
