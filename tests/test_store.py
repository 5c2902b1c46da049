import math
import sqlite3

import numpy as np

from andrea_desktop.core.rundir.reader import RunReader
from andrea_desktop.core.rundir.store import RunStore


def test_tables_are_plain_sql_and_nan_is_null(tmp_path):
    db = tmp_path / "metrics.sqlite"
    store = RunStore(db)
    store.log_scalars(1, {"train/loss": 2.5, "train/lr": 1e-4})
    store.log_scalars(2, {"train/loss": float("nan")})
    store.log_scalars(3, {"train/loss": float("inf")})
    store.log_event(2, "anomaly", {"kind": "nan", "loss": float("nan")})
    store.log_sample(3, "def", "def f():")
    store.flush()
    con = sqlite3.connect(db)
    cols = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in ("scalars", "events", "samples")}
    assert cols == {"scalars": ["step", "name", "value", "wall_time"],
                    "events": ["step", "kind", "payload", "wall_time"],
                    "samples": ["step", "prompt", "text", "wall_time"]}
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT value FROM scalars WHERE step=2").fetchone()[0] is None
    con.close()
    reader = RunReader(db)
    steps, values = reader.scalars("train/loss")
    assert list(steps) == [1, 2, 3]
    assert values[0] == 2.5 and math.isnan(values[1]) and values[2] == math.inf
    ((step, kind, payload, _),) = reader.events("anomaly")
    assert (step, kind, payload) == (2, "anomaly", {"kind": "nan", "loss": None})
    assert reader.last_step() == 3
    reader.close()
    store.close()


def test_reader_sees_commits_while_writer_runs_and_delete_after(tmp_path):
    db = tmp_path / "m.sqlite"
    store = RunStore(db)
    reader = RunReader(db)
    store.log_scalars(1, {"x": 1.0})
    store.flush()
    assert len(reader.scalars("x")[0]) == 1
    for s in range(2, 50):
        store.log_scalars(s, {"x": float(s)})
    store.log_event(40, "pause")
    store.flush()
    store.delete_after(10)
    steps, _ = reader.scalars("x")
    np.testing.assert_array_equal(steps, np.arange(1, 11))
    assert reader.events() == []
    reader.close()
    store.close()
