"""Loss spikes and cliffs, watched per source, grouped into episodes.

A source's loss is compared with the median of its last ``window`` losses (steps where it had
rows): above ``spike_factor`` x median is a *spike*, below ``cliff_factor`` x median a *cliff*.
The cliff is the seeds' case: a loss of 0.13 at step 112,080 while the trend was far higher,
one source's memorised substring (the "zombie cliff" of the seed documents). Watching
``train/loss/<source>`` rather than the batch mean finds it even when the other sources hide it.
A median, not a mean, so that one spike does not move the trend that the next step is judged by.

An *episode* is one source's run of anomalous losses: it opens at the first loss outside the
band ``[cliff_factor, spike_factor] x median`` and ends once ``recover_steps`` judged losses in a
row are back inside it. A cliff that deepens over hundreds of steps is one episode, reported
when it opens, again each time it goes markedly deeper (:data:`DEEPER`) and once when it ends
(docs/design.md#anomaly-episodes).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import asdict, dataclass

import numpy as np

from .config import AnomalyConfig
from .metrics import AnomalyKind

__all__ = ["DEEPER", "Episode", "EpisodePhase", "LossWatch", "episode_key", "is_follow_up"]

DEEPER = 0.8
"""An open cliff episode is reported again when its loss-to-median ratio falls to this fraction
of the ratio last reported (20 % lower); a spike when it rises to the inverse (25 % higher)."""


class EpisodePhase:
    """``payload["episode"]["phase"]``: the report an ``anomaly`` event of a spike or cliff is."""

    START = "start"
    """The episode opened at this step (the only report that may pause the training)."""
    DEEPER = "deeper"
    """The open episode went markedly deeper (:data:`DEEPER`)."""
    END = "end"
    """The loss has been back inside the band for ``recover_steps`` steps: the episode is over."""


@dataclass
class Episode:
    """One source's open spike or cliff episode.

    ``start``: the step it opened; ``last``: the newest step outside the band; ``depth``: the most
    extreme loss / median ratio so far (lowest for a cliff, highest for a spike), reached with loss
    ``loss`` against median ``median``; ``reported``: the depth last reported; ``calm``: judged
    steps in a row back inside the band.
    """

    kind: str
    start: int
    last: int
    depth: float
    loss: float
    median: float
    reported: float
    calm: int = 0

    def deeper(self, ratio: float) -> bool:
        """``ratio`` is more extreme than the depth so far."""
        return ratio < self.depth if self.kind == AnomalyKind.CLIFF else ratio > self.depth

    def worth_reporting(self) -> bool:
        """The depth moved past :data:`DEEPER` of the depth last reported."""
        if self.kind == AnomalyKind.CLIFF:
            return self.depth <= self.reported * DEEPER
        return self.depth >= self.reported / DEEPER

    def summary(self, phase: str) -> dict:
        """``payload["episode"]``: ``start``, ``steps`` (from ``start`` to the newest step outside
        the band, both counted), ``depth`` (ratio), ``loss`` and ``median`` at the depth, ``phase``."""
        return {"start": self.start, "steps": self.last - self.start + 1, "depth": self.depth,
                "loss": self.loss, "median": self.median, "phase": phase}


def is_follow_up(payload: object) -> bool:
    """An ``anomaly`` payload that reports on an episode already reported (``deeper`` or
    ``end``): plots mark an episode once, at its start; notices update the one they show."""
    episode = payload.get("episode") if isinstance(payload, dict) else None
    return isinstance(episode, dict) and episode.get("phase") in (EpisodePhase.DEEPER, EpisodePhase.END)


def episode_key(step: int, payload: dict) -> tuple:
    """What the reports of one episode share: kind, source and start step (an event without an
    ``episode``, an older run's, is an episode of its own at its step)."""
    episode = payload.get("episode")
    start = episode.get("start") if isinstance(episode, dict) else None
    return (str(payload.get("kind")), str(payload.get("source")), start if isinstance(start, int) else ("at", step))


class LossWatch:
    """Per-source moving medians and the anomaly episodes they reveal.

    Parameters
    ----------
    cfg
        Window, minimum history, the spike / cliff factors and the steps that end an episode.

    Notes
    -----
    An anomalous loss does not enter the window, so the trend stays the one the loss departed
    from; a loss back inside the band does, and counts towards the episode's end.
    """

    def __init__(self, cfg: AnomalyConfig) -> None:
        self.cfg = cfg
        self.history: dict[str, deque] = {}
        self.episodes: dict[str, Episode] = {}

    def observe(self, step: int, source_loss: dict[str, float], source_rows: dict[str, int] | None = None
                ) -> list[dict]:
        """Take one step's per-source losses; return anomaly payloads (possibly empty).

        ``source_rows`` gives each source's rows in the batch: a loss from fewer than
        ``min_rows`` rows is neither judged nor added to the window (None: every loss counts).

        Each payload: ``kind`` (``"spike"`` or ``"cliff"``), ``source``, ``step``, ``loss``,
        ``median`` and ``ratio`` (loss / median) at this step, ``window`` (the steps the median is
        over), ``episode`` (:meth:`Episode.summary`: ``start``, ``steps``, ``depth``, ``loss``,
        ``median``, ``phase`` of :class:`EpisodePhase`) and a ``message`` for the log (English;
        the window writes its own from the numbers). One ``start`` per episode, a ``deeper`` each
        time it deepens past :data:`DEEPER`, one ``end``.
        """
        out = []
        c = self.cfg
        for name, loss in source_loss.items():
            if not math.isfinite(loss):
                continue
            if source_rows is not None and source_rows.get(name, 0) < c.min_rows:
                continue
            hist = self.history.setdefault(name, deque(maxlen=c.window))
            med = float(np.median(hist)) if len(hist) >= c.min_points else 0.0
            if med <= 0:
                hist.append(float(loss))
                continue
            ratio = loss / med
            if not (math.isfinite(ratio) and ratio > 0):  # 1e300 over 1e-300: no depth to report or store
                continue
            kind = (AnomalyKind.SPIKE if ratio > c.spike_factor else AnomalyKind.CLIFF if ratio < c.cliff_factor
                    else None)
            ep = self.episodes.get(name)
            report = None
            if kind is None:
                hist.append(float(loss))
                if ep is not None:
                    ep.calm += 1
                    if ep.calm >= c.recover_steps:
                        del self.episodes[name]
                        report = (ep, EpisodePhase.END)
            elif ep is None:
                ep = self.episodes[name] = Episode(kind.value, int(step), int(step), float(ratio), float(loss),
                                                   med, float(ratio))
                report = (ep, EpisodePhase.START)
            else:  # still outside the band: the same episode
                ep.calm, ep.last = 0, int(step)
                if ep.deeper(ratio):
                    ep.depth, ep.loss, ep.median = float(ratio), float(loss), med
                    if ep.worth_reporting():
                        ep.reported = ep.depth
                        report = (ep, EpisodePhase.DEEPER)
            if report is not None:
                out.append(self._payload(name, step, loss, med, len(hist), *report))
        return out

    @staticmethod
    def _payload(name: str, step: int, loss: float, med: float, window: int, ep: Episode, phase: str) -> dict:
        episode = ep.summary(phase)
        what = "spike" if ep.kind == AnomalyKind.SPIKE else "cliff"
        if phase == EpisodePhase.START:
            side = "far above" if ep.kind == AnomalyKind.SPIKE else "far below"
            message = (f"loss {what} on {name} at step {step}: {loss:.3f}, {side} its median {med:.3f} over the "
                       f"last {window} steps")
        elif phase == EpisodePhase.DEEPER:
            message = (f"loss {what} on {name} since step {ep.start} went deeper: {loss:.3f} at step {step}, "
                       f"{ep.depth:.3g} x its median {med:.3f}")
        else:
            message = (f"loss {what} on {name} from step {ep.start} is over after {episode['steps']} steps "
                       f"(at most {ep.depth:.3g} x its median)")
        return {"kind": ep.kind, "source": name, "step": int(step), "loss": float(loss), "median": med,
                "ratio": float(loss / med), "window": window, "episode": episode, "message": message}

    def state_dict(self) -> dict:
        """JSON-ready state (for checkpoints)."""
        return {"history": {k: list(v) for k, v in self.history.items()},
                "episodes": {k: asdict(e) for k, e in self.episodes.items()}}

    def load_state_dict(self, d: dict) -> None:
        """The state :meth:`state_dict` gave (a checkpoint from before episodes, with ``quiet``
        instead of ``episodes``, opens none). ValueError, TypeError or KeyError for a damaged one
        (from a file: the values are checked, not trusted)."""
        history = {k: deque((float(x) for x in v), maxlen=self.cfg.window) for k, v in d["history"].items()}
        if not all(math.isfinite(x) and x >= 0 for h in history.values() for x in h):
            raise ValueError("loss watch: a damaged history (a loss that is not a finite number >= 0)")
        episodes = {}
        for k, e in dict(d.get("episodes", {})).items():
            ep = Episode(str(e["kind"]), int(e["start"]), int(e["last"]), float(e["depth"]), float(e["loss"]),
                         float(e["median"]), float(e["reported"]), int(e["calm"]))
            if ep.kind not in (AnomalyKind.SPIKE, AnomalyKind.CLIFF) or not ep.start <= ep.last or ep.calm < 0 \
                    or not -2**62 <= ep.start <= 2**62 or not -2**62 <= ep.last <= 2**62 \
                    or not all(math.isfinite(x) and x > 0 for x in (ep.depth, ep.median, ep.reported)):
                raise ValueError(f"loss watch: a damaged episode of {k!r}")
            episodes[str(k)] = ep
        self.history, self.episodes = history, episodes
