"""What ``andrea-train`` shows on the terminal: tqdm bars while the run is prepared, and a
training bar with one line per evaluation and per notable event (an :class:`Observer`)."""

from __future__ import annotations

from ..core.metrics import VAL_LOSS, EventKind, parse_scalar_name
from ..core.training.events import NullObserver

__all__ = ["PrepareInterrupted", "PrepareProgress", "TrainProgress"]

_SHOWN_EVENTS = (EventKind.ANOMALY, EventKind.LR_WARMUP_END, EventKind.CURRICULUM_WARMUP_END, EventKind.PIVOT,
                 EventKind.THREADS)


class PrepareInterrupted(Exception):
    """Ctrl+C / SIGTERM during the preparation of a run."""


class PrepareProgress:
    """tqdm bars for the preparation stages (stderr); raises :class:`PrepareInterrupted` at the
    next report once ``control`` was asked to stop."""

    def __init__(self, quiet: bool, control) -> None:
        self.quiet = quiet
        self.control = control
        self._bar = None
        self._stage = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.control.stop_reason is not None:
            raise PrepareInterrupted()
        if self.quiet:
            return
        from tqdm import tqdm

        if stage != self._stage:
            self.close()
            self._stage = stage
            self._bar = tqdm(total=total or None, desc=stage, leave=False, unit="it")
        if total and self._bar is not None:
            self._bar.total = total
            self._bar.n = done
            self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
            self._stage = None


class TrainProgress(NullObserver):
    """A tqdm bar with loss, LR and throughput; a line per evaluation and per anomaly, warmup
    end, pivot or automatic thread count (stdout when ``quiet``)."""

    def __init__(self, start: int, limit: int, quiet: bool) -> None:
        from tqdm import tqdm

        self.quiet = quiet
        self.bar = None if quiet else tqdm(total=limit, initial=start, desc="train", unit="step")

    def on_step(self, rec) -> None:
        if self.bar is not None:
            self.bar.update(rec.step - self.bar.n)
            if rec.step % 10 == 0:
                self.bar.set_postfix(loss=f"{rec.loss:.3f}", lr=f"{rec.lr:.2e}",
                                     tok_s=f"{rec.tokens_per_s:,.0f}", refresh=False)

    def on_scalars(self, step: int, values: dict[str, float], wall_time: float) -> None:
        if VAL_LOSS not in values:  # only an evaluation's rows make a line
            return
        per_source = [(parse_scalar_name(k), v) for k, v in values.items()]
        text = " ".join(f"{name.source}={v:.3f}" for name, v in per_source if name.group == "val_source")
        self._write(f"step {step}: val {text}")

    def on_event(self, step: int, kind: str, payload: dict) -> None:
        if kind in _SHOWN_EVENTS:
            self._write(f"step {step}: {kind} {payload}")

    def _write(self, line: str) -> None:
        if self.bar is not None:
            self.bar.write(line)
        else:
            print(line, flush=True)  # noqa: T201 -- the headless command's output

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
