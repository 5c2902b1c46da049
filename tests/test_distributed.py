"""andrea-train under torchrun: two gloo processes on this CPU train exactly the rows one
process would, only rank 0 writes, and a pivot sent through the control channel reaches both
ranks at the same step (two ranks forked with torchrun's environment: torchrun's own start is
the first test's)."""

import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import LAUNCH_TRAIN, ForkedTrain, andrea_train, tiny_config

from andrea_desktop.core.rundir.control import CONTROL_DB, send_command
from andrea_desktop.core.training import prepare_run

pytestmark = pytest.mark.slow

def torchrun(*args, rows_log, **kw):
    """``andrea-train ARGS`` as two gloo ranks, each appending the rows it draws to
    ``<rows_log>-<rank>.jsonl`` (``tests/launch_train.py --rows-log``)."""
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2",
           LAUNCH_TRAIN, "--rows-log", str(rows_log), "--", *map(str, args)]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def forked_ranks(*args, rows_log) -> list[ForkedTrain]:
    """``andrea-train ARGS`` as two gloo ranks forked from the tests' server (conftest.ForkedProcess),
    with the environment ``torchrun`` gives each (``RANK``, ``LOCAL_RANK``, ``WORLD_SIZE``,
    ``MASTER_ADDR``, ``MASTER_PORT``: what andrea-train reads), each appending its rows to
    ``<rows_log>-<rank>.jsonl``. ``torchrun`` itself starts the ranks of
    :func:`test_two_gloo_processes_train_the_rows_of_one`."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return [ForkedTrain(args, launch=["--rows-log", rows_log],
                        env={"RANK": str(r), "LOCAL_RANK": str(r), "WORLD_SIZE": "2", "LOCAL_WORLD_SIZE": "2",
                             "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(port)}) for r in (0, 1)]


def rows_by_step(prefix: Path, ranks) -> dict[int, dict[int, tuple]]:
    out: dict[int, dict[int, tuple]] = {}
    for r in ranks:
        for line in Path(f"{prefix}-{r}.jsonl").read_text().splitlines():
            d = json.loads(line)
            for i, s, o in zip(d["rows"], d["sources"], d["offsets"], strict=True):
                out.setdefault(d["step"], {})[i] = (s, o)
    return out


def weights_by_step(prefix: Path, rank) -> dict[int, list[float]]:
    return {d["step"]: d["weights"] for d in map(json.loads, Path(f"{prefix}-{rank}.jsonl").read_text().splitlines())}


def scalars(db, name):
    con = sqlite3.connect(db)
    rows = con.execute("SELECT step, value FROM scalars WHERE name = ? ORDER BY step", (name,)).fetchall()
    con.close()
    return rows


# andrea-tiny's data, batch (16 rows), schedule and curriculum on a model of two layers of d_model 32,
# one torch thread a process (two ranks on two cores): its 50 steps take 3 s, the preset's model 12 s
SMALL_MODEL = [a for kv in ("model.n_layer=2", "model.n_head=2", "model.d_model=32", "model.block_size=32",
                            "run.torch_threads=1", "train.eval_rows=4") for a in ("--set", kv)]


def test_two_gloo_processes_train_the_rows_of_one(tmp_path):
    steps = 50
    one = andrea_train("--preset", "andrea-tiny", "--run-dir", tmp_path / "one", "--max-steps", steps, "-q", *SMALL_MODEL,
                       launch=["--rows-log", tmp_path / "rows-one"], timeout=600)
    assert one.returncode == 0, one.stderr
    proc = torchrun("--preset", "andrea-tiny", "--run-dir", tmp_path / "two", "--max-steps", steps, "-q", *SMALL_MODEL,
                    rows_log=tmp_path / "rows-two")
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err

    # exactly the rows one process drew, split between the ranks
    a, b = rows_by_step(tmp_path / "rows-one", [0]), rows_by_step(tmp_path / "rows-two", [0, 1])
    assert sorted(a) == list(range(1, steps + 1)) and a == b
    r0 = rows_by_step(tmp_path / "rows-two", [0])
    r1 = rows_by_step(tmp_path / "rows-two", [1])
    assert sorted(r0[1]) == list(range(8)) and sorted(r1[1]) == list(range(8, 16))

    # the same loss curve, within float reassociation
    la, lb = scalars(tmp_path / "one" / "metrics.sqlite", "train/loss"), scalars(tmp_path / "two" / "metrics.sqlite",
                                                                                  "train/loss")
    assert [s for s, _ in lb] == list(range(1, steps + 1))  # rank 0 alone wrote: each step once
    np.testing.assert_allclose([v for _, v in lb], [v for _, v in la], rtol=1e-4)
    con = sqlite3.connect(tmp_path / "two" / "metrics.sqlite")
    (start,) = con.execute("SELECT payload FROM events WHERE kind='start'").fetchone()
    ckpt_events = con.execute("SELECT step FROM events WHERE kind='checkpoint'").fetchall()
    con.close()
    assert json.loads(start)["world_size"] == 2 and json.loads(start)["backend"] == "gloo"
    assert ckpt_events == [(steps,)]
    assert [p.name for p in (tmp_path / "two" / "checkpoints").iterdir()] == [f"step-{steps:08d}"]


def test_a_pivot_through_the_control_channel_reaches_both_ranks_at_the_same_step(tmp_path):
    run = tmp_path / "r"
    cfg = tiny_config(schedule={"warmup_steps": 5, "total_steps": 100_000, "min_lr": 3e-4},
                      probe={"enabled": False}, checkpoint={"interval": 1000})
    prepare_run(run, config=cfg)
    prefix = tmp_path / "rows"
    procs = forked_ranks("--run-dir", run, "--resume", "--max-steps", 100_000, "-q", rows_log=prefix)

    def running():
        return all(p.poll() is None for p in procs) and time.monotonic() < deadline

    try:
        deadline = time.monotonic() + 300

        def step():
            if not (run / "metrics.sqlite").exists():
                return 0
            con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True)
            try:
                return con.execute("SELECT COALESCE(MAX(step), 0) FROM scalars WHERE name='train/loss'").fetchone()[0]
            finally:
                con.close()

        while not ((run / CONTROL_DB).exists() and step() >= 10):
            assert running(), [p.output()[1][-2000:] for p in procs]
            time.sleep(0.05)
        send_command(run, "pivot", {"constraints": {"floors": {"stdlib-code": 0.7}}, "keep_stats": True})
        while True:
            con = sqlite3.connect(f"file:{run}/metrics.sqlite?mode=ro", uri=True)
            pivots = con.execute("SELECT step FROM events WHERE kind='pivot'").fetchall()
            con.close()
            if pivots and step() >= pivots[0][0] + 3:
                break
            assert running(), [p.output()[1][-2000:] for p in procs]
            time.sleep(0.05)
        send_command(run, "stop")
        done = [p.run(timeout=120) for p in procs]
        assert [d.returncode for d in done] == [0, 0], [d.stderr[-2000:] for d in done]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)
    (s,) = pivots[0]
    w0, w1 = weights_by_step(prefix, 0), weights_by_step(prefix, 1)
    assert w0 == w1  # every step, both ranks, the same mixture
    code = 2  # sources are python-reference, stdlib-docstrings, stdlib-code
    assert w0[s][code] >= 0.7 - 1e-9 and all(w0[t][code] >= 0.7 - 1e-9 for t in w0 if t >= s)
    assert any(w0[t][code] < 0.7 for t in w0 if t < s)  # before it, the floor did not hold
