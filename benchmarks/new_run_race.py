"""Two ``andrea-train`` of a new run started a second apart on one folder, R times.

Each round makes a new run folder; run A starts with an uncached ``--source`` (a text file of
its own, so its corpus and tokenizer are built, seconds of work), run B one second later with
the embedded corpus only. The lock taken before anything is written means one trains and the
other is refused (exit 2, "another process ..."), and the winner's ``config.toml``,
``tokenizer.json``, ``metrics.sqlite`` and ``.andrea.lock`` are all there with its steps in the
store. Prints one line per round and a JSON summary; exits 1 if a round broke that.

    python benchmarks/new_run_race.py [--rounds 20] [--gap 1.0] [--steps 3] [--source-mb 1.5] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WINNER_FILES = ("config.toml", "tokenizer.json", "metrics.sqlite", ".andrea.lock")
TRAIN = "import sys; from andrea_desktop.cli.train import train_main; sys.exit(train_main())"


def _source(path: Path, megabytes: float, seed: int) -> None:
    """Text of made-up words (a new one per round: never in the corpus cache)."""
    rng = random.Random(seed)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))) for _ in range(4000)]
    lines, size = [], 0
    while size < megabytes * 1e6:
        line = " ".join(rng.choice(words) for _ in range(12)) + ".\n"
        lines.append(line)
        size += len(line)
    path.write_text("".join(lines))


def _train(run: Path, steps: int, seed: int, source: Path | None) -> subprocess.Popen:
    args = [sys.executable, "-c", TRAIN, "--run-dir", str(run), "--preset", "andrea-tiny", "--seed", str(seed),
            "--max-steps", str(steps), "-q", "--set", "run.torch_threads=1", "--set", "probe.enabled=false"]
    if source is not None:
        args += ["--source", f"mine={source}"]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _round(base: Path, i: int, gap: float, steps: int, megabytes: float) -> dict:
    from andrea_desktop.core.rundir.reader import RunReader

    run = base / f"race-{i:02d}"
    source = base / f"source-{i:02d}.txt"
    _source(source, megabytes, i)
    t0 = time.perf_counter()
    a = _train(run, steps, 1, source)
    time.sleep(gap)
    b = _train(run, steps, 2, None)
    (ra, _, ea), (rb, _, eb) = ((p.wait(timeout=900), *p.communicate()) for p in (a, b))
    result = {"round": i, "a": ra, "b": rb, "s": round(time.perf_counter() - t0, 1)}
    missing = [n for n in WINNER_FILES if not (run / n).exists()]
    steps_seen = []
    if (run / "metrics.sqlite").exists():
        with RunReader(run / "metrics.sqlite") as reader:
            steps_seen = [int(s) for s in reader.scalars("train/loss")[0]]
    loser_err = ea if ra == 2 else eb
    result.update(missing=missing, steps=steps_seen[-1] if steps_seen else None,
                  refused_said=("another process" in loser_err) if sorted((ra, rb)) == [0, 2] else None)
    result["ok"] = (sorted((ra, rb)) == [0, 2] and not missing and steps_seen == list(range(1, steps + 1))
                    and bool(result["refused_said"]))
    if not result["ok"]:
        result["stderr"] = {"a": ea[-500:], "b": eb[-500:]}
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=20)
    p.add_argument("--gap", type=float, default=1.0, help="seconds between the two starts")
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--source-mb", type=float, default=1.5, help="size of run A's uncached source")
    p.add_argument("--dir", type=Path, default=None, help="where the run folders go (default: a temp folder)")
    args = p.parse_args()
    base = args.dir or Path(tempfile.mkdtemp(prefix="new-run-race-"))
    base.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("ANDREA_CACHE_DIR", str(base / "cache"))
    results = []
    for i in range(args.rounds):
        r = _round(base, i, args.gap, args.steps, args.source_mb)
        results.append(r)
        print(json.dumps(r), flush=True)  # noqa: T201
    summary = {"rounds": len(results), "ok": sum(r["ok"] for r in results),
               "a_won": sum(r["a"] == 0 for r in results), "b_won": sum(r["b"] == 0 for r in results),
               "median_round_s": sorted(r["s"] for r in results)[len(results) // 2], "dir": str(base)}
    print(json.dumps(summary), flush=True)  # noqa: T201
    return 0 if summary["ok"] == summary["rounds"] else 1


if __name__ == "__main__":
    sys.exit(main())
