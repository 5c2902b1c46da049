"""Loss spikes and cliffs, watched per source.

A source's loss is compared with the median of its last ``window`` losses (steps where it had
rows): above ``spike_factor`` x median is a *spike*, below ``cliff_factor`` x median a *cliff*.
The cliff is the seeds' case: a loss of 0.13 at step 112,080 while the trend was far higher,
one source's memorised substring (docs/design.md#optimisation-and-the-terrain, the "zombie cliff", from the seed documents). Watching
``train/loss/<source>`` rather than the batch mean finds it even when the other sources hide it.
A median, not a mean, so that one spike does not move the trend that the next step is judged by.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from .config import AnomalyConfig
from .metrics import AnomalyKind

__all__ = ["LossWatch"]


class LossWatch:
    """Per-source moving medians and the anomalies they reveal.

    Parameters
    ----------
    cfg
        Window, minimum history and the spike / cliff factors.

    Notes
    -----
    After an anomaly of a source, the same source is not flagged again for ``window`` of its
    steps (one event per episode, not one per step). An anomalous loss does not enter the
    window, so the trend stays the one the loss departed from.
    """

    def __init__(self, cfg: AnomalyConfig) -> None:
        self.cfg = cfg
        self.history: dict[str, deque] = {}
        self.quiet: dict[str, int] = {}

    def observe(self, step: int, source_loss: dict[str, float], source_rows: dict[str, int] | None = None
                ) -> list[dict]:
        """Take one step's per-source losses; return anomaly payloads (possibly empty).

        ``source_rows`` gives each source's rows in the batch: a loss from fewer than
        ``min_rows`` rows is neither judged nor added to the window (None: every loss counts).

        Each payload: ``kind`` (``"spike"`` or ``"cliff"``), ``source``, ``step``, ``loss``,
        ``median`` and ``ratio`` (loss / median), ``window`` (the steps the median is over), and a
        ``message`` for the user (English; the window writes its own from the numbers).
        """
        out = []
        c = self.cfg
        for name, loss in source_loss.items():
            if not math.isfinite(loss):
                continue
            if source_rows is not None and source_rows.get(name, 0) < c.min_rows:
                continue
            hist = self.history.setdefault(name, deque(maxlen=c.window))
            quiet = self.quiet.get(name, 0)
            if quiet:
                self.quiet[name] = quiet - 1
            if len(hist) >= c.min_points and not quiet:
                med = float(np.median(hist))
                if med > 0:
                    ratio = loss / med
                    kind = (AnomalyKind.SPIKE if ratio > c.spike_factor else AnomalyKind.CLIFF if ratio < c.cliff_factor
                            else None)
                    if kind is not None:
                        what = ("far above" if kind is AnomalyKind.SPIKE else "far below")
                        out.append({
                            "kind": kind.value, "source": name, "step": int(step), "loss": float(loss),
                            "median": med, "ratio": float(ratio), "window": len(hist),
                            "message": f"loss {kind} on {name} at step {step}: {loss:.3f}, {what} its "
                                       f"median {med:.3f} over the last {len(hist)} steps",
                        })
                        self.quiet[name] = c.window
                        continue
            hist.append(float(loss))
        return out

    def state_dict(self) -> dict:
        """JSON-ready state (for checkpoints)."""
        return {"history": {k: list(v) for k, v in self.history.items()}, "quiet": dict(self.quiet)}

    def load_state_dict(self, d: dict) -> None:
        self.history = {k: deque((float(x) for x in v), maxlen=self.cfg.window) for k, v in d["history"].items()}
        self.quiet = {k: int(v) for k, v in d["quiet"].items()}
