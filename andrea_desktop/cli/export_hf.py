"""``andrea-export-hf RUN_DIR OUT [--step N]``: a run's checkpoint as a Hugging Face model folder.

Exit codes: 0 written; 1 the folder could not be written (disk full, permissions); 2 bad
arguments, no such run or checkpoint, or an architecture GPT-2 cannot express.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

__all__ = ["export_hf_main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="andrea-export-hf",
        description="Write a run's checkpoint as a Hugging Face transformers model folder (GPT2LMHeadModel: "
                    "config.json, model.safetensors and the tokenizer), loadable with "
                    "AutoModelForCausalLM.from_pretrained(OUT) and AutoTokenizer.from_pretrained(OUT).",
    )
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="the run directory")
    p.add_argument("out", type=Path, metavar="OUT",
                   help="folder to write: new, empty, or holding an earlier export (replaced)")
    p.add_argument("--step", type=int, default=None, metavar="N",
                   help="the checkpoint of step N (default: the newest valid checkpoint)")
    return p


def export_hf_main(argv: list[str] | None = None) -> int:
    """Entry point of ``andrea-export-hf``; returns the exit code."""
    args = _parser().parse_args(argv)
    from ..core.hf.export import export_hf
    from ..core.rundir.export import ExportError

    t0 = time.perf_counter()
    try:
        out, step = export_hf(args.run_dir, args.out, args.step)
    except ExportError as exc:
        print(f"andrea-export-hf: error: {exc}", file=sys.stderr)  # noqa: T201
        return 2
    except OSError as exc:
        print(f"andrea-export-hf: error: {exc.filename or args.out}: {exc.strerror or exc}", file=sys.stderr)  # noqa: T201
        return 1
    print(f"wrote {out} (step {step}) in {time.perf_counter() - t0:.1f} s", flush=True)  # noqa: T201
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(export_hf_main())
