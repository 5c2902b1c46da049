"""Watch your own training code: write a run folder from any training loop, and obey the window.

::

    from andrea_desktop import track

    with track.init(name="my-gpt", config={"lr": 3e-4, "n_layer": 6}) as run:
        for step in range(1, max_steps + 1):
            run.wait_if_paused()                  # the window's Pause blocks here
            if run.should_stop():                 # the window's Stop
                break
            loss = train_step()
            run.log({"train/loss": loss.item(), "train/lr": lr}, step=step)
            if run.should_checkpoint():           # the window's Ctrl+S
                save_my_checkpoint()

The folder is the one this app's trainer writes (docs/run-folder.md), through the same owners:
``metrics.sqlite`` by :class:`~andrea_desktop.core.rundir.store.RunStore` (its writer thread
inserts the rows: :meth:`Run.log` only queues them), ``control.sqlite`` read by
:class:`~andrea_desktop.core.rundir.control.CommandPoller`, ``config.toml`` by
:func:`~andrea_desktop.core.config.save_config` and the ``.andrea.lock`` held while the script
runs. So the window opens and follows it, and ``andrea_desktop.runs`` and the TensorBoard export
read it, unchanged. ``config.toml`` says ``run.origin = "script"``; the ``start`` event's payload
names the script (``script``, ``argv``, ``pid``, ``host``) and holds the user's ``config``.

Scalar names are the store's (docs/design.md#scalar-names: ``train/loss``, ``train/lr``,
``train/grad_norm``, ``train/tokens_per_s``, ``val/loss``, ``train/loss/<source>``,
``val/loss/<source>``...); any other name is kept as it is (the runs API and the TensorBoard
export read it; the window's panels draw the names they know). A NaN value is stored as NULL, as
the store's contract says; +-inf as they are.

Distributed training (``torchrun``): only rank 0 (``RANK``, else ``LOCAL_RANK``, else 0) writes;
every other rank gets a :class:`DisabledRun` whose calls do nothing and whose ``should_*`` answer
False. Commands reach rank 0 only: a loop that stops or pauses under DDP broadcasts rank 0's
answer itself (docs/user-guide.md#watch-your-own-training-code).

This module does not import PyTorch, Qt or pyqtgraph.
"""

from __future__ import annotations

import atexit
import logging
import numbers
import os
import socket
import sqlite3
import sys
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from .core.config import MAX_STEPS, ProbeConfig, save_config
from .core.errors import quote, shown_path
from .core.metrics import MIX_WEIGHT_PREFIX, AnomalyKind, EventKind
from .core.rundir.layout import (
    CONFIG,
    CONTROL_DB,
    LOCK,
    METRICS_DB,
    UnsafePathError,
    check_file,
    check_no_links,
    is_run_dir,
)
from .core.rundir.names import run_name_problem
from .core.rundir.store import RunStore, StoreError
from .core.track_control import Steering
from .core.track_folder import (
    DisabledRun,
    new_folder,
    rank,
    refuse_existing,
    remove_created,
    script_name,
    world_size,
)
from .core.track_input import (
    LIFECYCLE_KINDS,
    MAX_CONFIG_BYTES,
    MAX_DEVICE_CHARS,
    MAX_KIND_CHARS,
    MAX_PARAMS,
    MAX_PAYLOAD_BYTES,
    MAX_SCALAR_NAME_CHARS,
    MAX_TEXT_CHARS,
    ORIGIN,
    TrackError,
    check_count,
    check_mixture,
    check_name,
    check_number,
    check_sources,
    check_step,
    check_text,
    check_timeout,
    check_watch,
    run_config,
    to_json,
    user_config,
)

__all__ = ["init", "log", "finish", "Run", "DisabledRun", "TrackError", "MAX_SCALAR_NAME_CHARS", "MAX_KIND_CHARS",
           "MAX_PAYLOAD_BYTES", "MAX_TEXT_CHARS", "MAX_CONFIG_BYTES", "LIFECYCLE_KINDS", "ORIGIN"]

log_ = logging.getLogger(__name__)

PROBE_TEXT = ProbeConfig().text
"""The probe text :meth:`Run.watch` draws when given none (the app's ``probe.text``)."""
DEFAULT_WATCH = tuple(ProbeConfig().watch)
"""The words :meth:`Run.watch` follows the neighbours of when given none (the app's ``probe.watch``)."""

_current: Run | DisabledRun | None = None

# ---------------------------------------------------------------------------- the run
class Run:
    """A run written by this process (:func:`init` makes it).

    Attributes
    ----------
    path
        The run folder.
    name
        The run's name (the folder's name unless :func:`init` was given another).
    config
        The user's configuration as a dict (JSON values), as stored in the ``start`` event;
        changing it changes nothing stored.
    step
        The last step logged (0 before the first).

    Notes
    -----
    :meth:`log`, :meth:`event` and :meth:`sample` only queue rows (the store's writer thread
    writes them and commits at least once a second); they may be called from any thread.
    Commands from the window (``control.sqlite``) are read by a background thread every
    ``poll_ms``; the ``should_*`` calls only look at what it found.
    """

    def __init__(self, path: Path, name: str, config: dict, store: RunStore, lock: FileLock,
                 poll_s: float, sources: list[str] = ()) -> None:
        self.path = path
        self.name = name
        self.config = config
        self.step = 0
        self.finished = False
        self._store = store
        self._lock = lock
        self.sources: list[str] = list(sources)
        self._names: set[str] = set()  # names checked already
        self._steer = Steering(path / CONTROL_DB, store, lambda: self.step, poll_s)
        self._prober = None  # a ModelProber (watch())
        self._probe_thread: int | None = None
        self._loop_thread = threading.get_ident()  # init's thread: where pivots are taken
        self._on_pivot: Callable[[dict], Any] | None = None
        self._writing = threading.RLock()  # queueing a row vs finish()
        self._mixture: dict[str, float] | None = None  # the last mixture reported, and its phase
        self._phase = 0

    def __repr__(self) -> str:
        return f"Run({str(self.path)!r}, step={self.step})"

    def __enter__(self) -> Run:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.finish()
        else:
            self.finish("user" if issubclass(exc_type, KeyboardInterrupt) else "error")

    # ------------------------------------------------------------------ writing
    def _open(self) -> None:
        if self.finished:
            raise TrackError(f"the run {shown_path(self.path)} has finished: call track.init() for a new one")

    def _next_step(self, step: object, auto: bool) -> int:
        """``step`` checked, or (None) the last step + 1 when ``auto`` (a log), else the last step."""
        if step is None:
            return check_step(self.step + 1, self.step) if auto else self.step
        return check_step(step, self.step)

    def log(self, values: Mapping[str, Any], step: int | None = None) -> None:
        """Queue one scalar row per ``name: value`` at ``step``.

        Parameters
        ----------
        values
            Scalar names (docs/design.md#scalar-names; any other name is kept too) to numbers
            (``float()`` of each is stored: Python and NumPy numbers, 0-d tensors). NaN is stored
            as NULL, +-inf as they are. An empty dict only moves the run to ``step`` (the step
            its ``pause`` and ``command`` events are logged at).
        step
            The optimiser step (from 1; 0 for values before training), never before the last one
            logged. None: the last step + 1 (as ``wandb.log``).

        Raises
        ------
        ValueError
            A name is empty, longer than :data:`MAX_SCALAR_NAME_CHARS` or holds control characters;
            the step is out of range or goes back. Nothing of the call is stored.
        TypeError
            A value is not a number.
        TrackError
            The run has finished.
        """
        with self._writing:
            self._open()
            if not isinstance(values, Mapping):
                raise TypeError(f"log() takes a dict of name: number, not {type(values).__name__}")
            step = self._next_step(step, auto=True)
            rows = {}
            for name, value in values.items():
                if name not in self._names:
                    self._names.add(check_name(name))
                rows[name] = check_number(value, f"the value of {quote(name, 60)}")
            self.step = step
            if rows:
                self._store.log_scalars(step, rows)
            if self._on_pivot is not None and threading.get_ident() == self._loop_thread:
                pivot = self._steer.take_pivot()
                if pivot is not None:
                    self._take_pivot(pivot)
            if self._prober is not None and threading.get_ident() == self._probe_thread:
                asked = self._steer.take_probe_text()
                if asked is not None:
                    self._asked_probe(asked)
                elif self._prober is not None and self._prober.due(step):
                    self.probe(step)

    def event(self, kind: str, payload: Mapping[str, Any] | None = None, step: int | None = None) -> None:
        """Queue an event (docs/design.md#event-kinds: ``anomaly``, ``checkpoint``, ``phase``... or
        one of your own) at ``step`` (None: the last step logged).

        Raises
        ------
        ValueError
            ``kind`` is empty, over :data:`MAX_KIND_CHARS`, not ``[A-Za-z0-9_./-]``, or one this
            module writes itself (:data:`LIFECYCLE_KINDS`); the payload is over
            :data:`MAX_PAYLOAD_BYTES` as JSON.
        TypeError
            The payload is not a dict, or holds a value JSON cannot carry.
        """
        with self._writing:
            self._event(kind, payload, step)

    def _event(self, kind: str, payload: Mapping[str, Any] | None, step: int | None) -> None:
        self._open()
        if not isinstance(kind, str):
            raise TypeError(f"an event kind must be text, not {type(kind).__name__}")
        if not kind or len(kind) > MAX_KIND_CHARS or not all(c.isascii() and (c.isalnum() or c in "_./-")
                                                              for c in kind):
            raise ValueError(f"event kind {quote(kind, 60)}: 1 to {MAX_KIND_CHARS} characters of A-Z, a-z, "
                             "0-9 and _ . / -")
        if kind in LIFECYCLE_KINDS:
            raise ValueError(f"event kind {kind!r} is written by the run itself (init, finish, pause); "
                             "choose another kind")
        if payload is not None and not isinstance(payload, Mapping):
            raise TypeError(f"an event payload is a dict, not {type(payload).__name__}")
        data, _ = to_json(dict(payload or {}), f"the payload of event {kind!r}", MAX_PAYLOAD_BYTES)
        self._store.log_event(self._next_step(step, auto=False), kind, data)

    def sample(self, prompt: str, text: str, step: int | None = None) -> None:
        """Queue a generated sample (the samples panel shows it) at ``step`` (None: the last step).

        Raises
        ------
        ValueError
            A text over :data:`MAX_TEXT_CHARS`, or not valid Unicode.
        TypeError
            Not text.
        """
        prompt, text = check_text(prompt, "the prompt"), check_text(text, "the sample text")
        with self._writing:
            self._open()
            self._store.log_sample(self._next_step(step, auto=False), prompt, text)

    def mixture(self, weights: Mapping[str, Any], step: int | None = None) -> None:
        """Queue the data mixture your sampler uses from ``step`` (None: the last step logged):
        one weight per source named in :func:`init` (``sources=``), normalised to sum 1 and stored
        as ``mix/weight/<source>`` scalars (the simplex panel draws the path).

        Raises
        ------
        ValueError
            The run names no sources, a source is missing or unknown, a weight is negative or
            not finite, or they sum to 0.
        TypeError
            Not a dict of numbers.
        """
        rows = check_mixture(weights, self.sources)
        with self._writing:
            self._open()
            step = self._next_step(step, auto=False)
            self._store.log_scalars(step, {MIX_WEIGHT_PREFIX + k: v for k, v in rows.items()})
            if rows != self._mixture:  # a new phase of the path on the simplex
                self._mixture = rows
                self._phase += 1
                self._store.log_event(step, EventKind.PHASE, {"mode": ORIGIN, "weights": rows, "phase": self._phase})

    def watch(self, model: Any, tokenizer: Any = None, probe_text: str | Sequence[int] | None = None,
              every: int = 100, *, watch: Sequence[str] = DEFAULT_WATCH, neighbours: int = 10, max_tokens: int = 64,
              embedding: str | None = None, seed: int = 0) -> bool:
        """Probe ``model`` every ``every`` steps: attention maps per layer x head, head roles,
        the token embedding and the watched words' neighbours, written as ``probes/<step>.npz``
        (the attention and embedding panels draw them). A probe is taken in :meth:`log` at the
        first step and whenever a multiple of ``every`` is reached, on the calling thread, in
        ``no_grad`` and eval mode, with the model's mode and RNG state put back
        (:mod:`andrea_desktop.core.model_probes`); between probes it costs nothing.

        Parameters
        ----------
        model
            A Hugging Face GPT-2, GPT-NeoX/Pythia or Llama-family model (any
            ``PreTrainedModel`` whose forward takes ``output_attentions``), a model of nanoGPT's
            layout, or this app's GPT.
        tokenizer
            A Hugging Face tokenizer, a ``tokenizers.Tokenizer``, a tiktoken-like object
            (``encode``/``decode``) or None (then ``probe_text`` is a list of token ids, labelled
            ``#id``).
        probe_text
            The text (or token ids) whose attention is drawn; None: the app's probe text, or
            without a tokenizer 16 random token ids seen twice (``seed``).
        every
            Steps between probes (1 to the step bound).
        watch, neighbours
            Words whose ``neighbours`` nearest tokens (cosine) are followed; words that are not
            one token are skipped with a warning.
        max_tokens
            Tokens of the probe text used (2 to 4,096; also cut to the model's context).
        embedding
            The dotted name of the token-embedding module or parameter, when the model's
            ``get_input_embeddings()`` (or nanoGPT's ``transformer.wte``) is not it.
        seed
            Seeds the probe's own generator (the head roles' repeated random-token sequence).

        Returns
        -------
        Whether the model is probed. A model whose attention cannot be read is told once (a
        warning and a ``watch`` event saying why) and False is returned: the scalars go on. A
        probe that fails later (the model's forward raises, the probe folder was replaced...) ends
        the probes the same way; :meth:`log` never raises for a probe.

        Notes
        -----
        Probes are taken on the thread that called ``watch`` (your training loop's): a
        :meth:`log` from another thread never runs the model, so it cannot change a step in
        flight; the probe due is taken at that thread's next :meth:`log`.

        Raises
        ------
        ValueError, TypeError
            A bad argument (nothing is changed).
        """
        self._open()
        if probe_text is not None:
            text = probe_text
        elif tokenizer is not None:
            text = PROBE_TEXT
        else:  # no tokenizer: a random sequence seen twice (induction heads show on its second half)
            import random

            half = random.Random(seed).sample(range(10_000), 16)
            text = [i % _vocab_rows(model) for i in half * 2]
        check_watch(every, text, watch, neighbours, max_tokens)
        from .core.model_probes import ModelProber, ProbeUnsupported

        try:
            self._prober = ModelProber(self.path, model, tokenizer, text, int(every), list(watch), int(neighbours),
                                       int(max_tokens), embedding, seed)
        except ProbeUnsupported as exc:
            self._unprobed(str(exc))
            return False
        self._probe_thread = threading.get_ident()  # the loop's thread: probes are taken there only
        self._steer.accept_probe = True
        self._store.log_event(self.step, "watch", {"probed": True, "every": int(every),
                                                   "model": type(model).__name__, "family": self._prober.family})
        return True

    @property
    def last_probe(self) -> int | None:
        """The step of the newest probe :meth:`watch` took (None: none yet, or no model watched)."""
        return self._prober.last_step if self._prober is not None else None

    def probe(self, step: int | None = None) -> bool:
        """Take a probe of the watched model now (at ``step``; None: the last step logged).
        Whether one was taken (False: no model is watched, or it gave no attention maps)."""
        with self._writing:
            self._open()
            if self._prober is None:
                return False
            step = self._next_step(step, auto=False)
            try:
                self._prober.probe(step)
            except Exception as exc:  # noqa: BLE001 - the user's model or folder: never break their loop
                self._unprobed(f"the probe at step {step:,} failed: {type(exc).__name__}: {exc}")
                return False
            return True

    def _take_pivot(self, payload: dict) -> None:
        """A pivot from the window, applied at this step through the script's ``on_pivot``; one
        that cannot apply is refused with an ``anomaly`` event (and a warning when the callback
        raised): the loop goes on."""
        from .core.track_pivots import PivotRefused, take_pivot

        try:
            event, weights = take_pivot(payload, self.sources, self._mixture, self._on_pivot)
        except PivotRefused as exc:
            self._refuse(f"pivot refused: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - the user's callback: said, never breaking their loop
            warnings.warn(f"andrea_desktop.track: on_pivot raised {type(exc).__name__}: {exc}; the pivot is refused",
                          stacklevel=4)
            self._refuse(f"pivot refused: on_pivot raised {type(exc).__name__}: {str(exc)[:300]}")
            return
        self._store.log_event(self.step, EventKind.PIVOT, event)
        self._store.log_scalars(self.step, {MIX_WEIGHT_PREFIX + k: v for k, v in weights.items()})
        self._mixture = weights

    def _refuse(self, message: str) -> None:
        self._store.log_event(self.step, EventKind.ANOMALY, {"kind": AnomalyKind.COMMAND.value, "message": message})

    def _asked_probe(self, text: str) -> None:
        """A probe the window asked for (the attention panel's text; "" keeps the current text),
        taken at the last step logged; a text the model cannot take is refused with an event."""
        if self._prober is None or self.finished:
            return
        if text:
            try:
                self._prober.set_text(text)
            except Exception as exc:  # noqa: BLE001 - the window's text through the user's tokenizer
                self._refuse(f"probe text refused: {type(exc).__name__}: {str(exc)[:500]}")
                return
        self.probe(self.step)

    def _unprobed(self, why: str) -> None:
        """Say once that the model is not probed, and why."""
        self._prober = None
        self._steer.accept_probe = False
        warnings.warn(f"andrea_desktop.track: the model is not probed ({why}); the scalars are still logged",
                      stacklevel=3)
        self._store.log_event(self.step, "watch", {"probed": False, "reason": why[:1000]})

    def flush(self, timeout: float = 30.0) -> None:
        """Block until everything queued is committed (a reader sees it).

        Raises
        ------
        TrackError
            The store failed or did not commit in time (its error chained).
        """
        if self.finished:  # finish() committed everything
            return
        try:
            self._store.flush(timeout)
        except StoreError as exc:
            raise TrackError(str(exc)) from exc

    # ------------------------------------------------------------------ commands
    def should_pause(self) -> bool:
        """Whether the window asked to pause (and has not resumed since); call at a step
        boundary, then :meth:`wait_if_paused` (or pause your own way)."""
        return False if self.finished else self._steer.should_pause()

    def wait_if_paused(self, timeout: float | None = None) -> bool:
        """At a step boundary: while the window has the run paused, block (a ``pause`` event is
        committed first, a ``resume`` event after) until it resumes or stops it, or
        :meth:`finish` is called from another thread.

        Parameters
        ----------
        timeout
            Seconds to wait at most (None: until resumed or stopped).

        Returns
        -------
        Whether it waited.
        """
        timeout = check_timeout(timeout)
        if self.finished:
            return False
        owner = self._prober is not None and threading.get_ident() == self._probe_thread
        return self._steer.wait(timeout, self.flush, self._asked_probe if owner else None)

    def should_stop(self) -> bool:
        """Whether the window asked to stop the run (it stays True): end the loop, then
        :meth:`finish` (its ``stop`` event then says ``user``)."""
        return self._steer.should_stop()

    def should_checkpoint(self) -> bool:
        """Whether the window asked for a checkpoint (Ctrl+S) since the last call: True once per
        request. Save your own checkpoint; :meth:`event` ``("checkpoint", {"path": ...})``
        marks it on the plots."""
        return self._steer.should_checkpoint()

    # ------------------------------------------------------------------ the end
    def finish(self, reason: str | None = None) -> None:
        """End the run: a ``stop`` event (``reason``: ``finished``, ``user`` after a stop from the
        window, ``error``), every row committed, the command reader stopped and the lock
        released. Idempotent.

        Raises
        ------
        TrackError
            The store could not write everything (the error chained); the lock is released anyway.
        """
        with self._writing:  # a log() of another thread is either stored or refused, never lost
            if self.finished:
                return
            self._steer.take()
            self.finished = True
        reason = reason or ("user" if self._steer.stop else "finished")
        error: BaseException | None = None
        try:
            self._store.log_event(self.step, EventKind.STOP, {"reason": reason, "origin": ORIGIN})
            self._store.close()
        except StoreError as exc:
            error = exc
        finally:
            self._steer.close()
            self._prober = None
            self._lock.release()
            atexit.unregister(self._at_exit)
        if error is not None:
            raise TrackError(f"{shown_path(self.path)}: {error}") from error

    def _at_exit(self) -> None:
        try:
            self.finish()
        except Exception:  # noqa: BLE001 -- interpreter shutdown: say it, never raise
            log_.exception("finishing the run %s", self.path)


def _vocab_rows(model: Any) -> int:
    """Rows of ``model``'s token embedding (1 when it has none: the probe is then refused)."""
    from .core.model_probes import ProbeUnsupported, input_embedding

    try:
        return max(1, int(input_embedding(model).shape[0]))
    except ProbeUnsupported:
        return 1


def init(run_dir: str | os.PathLike | None = None, name: str | None = None, config: object = None, *,
         total_steps: int | None = None, params: int | None = None, device: str | None = None,
         sources: list[str] | tuple[str, ...] | None = None, curriculum: Mapping[str, Any] | None = None,
         on_pivot: Callable[[dict], Any] | None = None, poll_ms: int = 250) -> Run | DisabledRun:
    """Start a run: make its folder and take its lock, then log as you train.

    Parameters
    ----------
    run_dir
        The run folder: new, or empty. None: a new folder ``name`` (or ``script-<date>-<time>``)
        in the app's runs folder (:func:`~andrea_desktop.core.rundir.layout.user_runs_dir`, where
        the window's runs dock looks), ``-2``... when taken.
    name
        The run's name (the folder's with ``run_dir`` None).
    config
        Your hyperparameters: a dict, dataclass, ``argparse.Namespace`` or object with
        ``to_dict()``, at most :data:`MAX_CONFIG_BYTES` as JSON; stored in the ``start`` event.
        Model shape, ``lr``, ``batch_size``, ``warmup_steps`` and ``seed`` under their usual names
        (``n_layer``/``num_hidden_layers``, ``n_embd``/``hidden_size``, ``learning_rate``...) are
        also written into ``config.toml`` where they are in its bounds.
    total_steps
        The steps your loop will train (the progress shown); None: unknown.
    params
        The model's parameter count, if you want it shown.
    device
        What trains (``cuda:0``...), as the status bar says it.
    sources
        The data sources your sampler mixes (1 to 64 names), when you report the mixture with
        :meth:`Run.mixture`: the simplex panel draws its path.
    curriculum, on_pivot
        Let the window steer your mixture (:mod:`andrea_desktop.core.track_pivots`): the region
        (``floors``, ``caps``, ``excluded``, ``warmup_sources``; None: the whole simplex) and a
        callback that takes a pivot from the curriculum dialog (Ctrl+E) at your loop's next
        :meth:`Run.log`. It gets ``{"constraints", "start", "keep_stats", "params", "weights"}``
        and returns the mixture you will sample from (inside the new region), or None for the
        nearest point of the region to your current mixture; the run logs the ``pivot`` event
        and the new ``mix/weight/<source>`` rows. Without ``on_pivot`` the window offers no
        curriculum dialog and refuses pivots.
    poll_ms
        Milliseconds between reads of ``control.sqlite`` (10 to 10,000).

    Returns
    -------
    A :class:`Run`; on a rank other than 0 (``RANK`` / ``LOCAL_RANK``), a :class:`DisabledRun`.

    Raises
    ------
    TrackError
        The folder holds a run (of the app's trainer or of a script) or other files, another
        process holds its lock, a link is in it, or it cannot be written. Nothing was changed.
    ValueError, TypeError
        A bad name, config, ``total_steps`` or ``poll_ms``.
    """
    global _current
    user = user_config(config)
    if name is not None:
        problem = run_name_problem(name, "name")
        if problem is not None:
            raise ValueError(problem.text)
    if total_steps is not None:
        check_count(total_steps, "total_steps", 1, MAX_STEPS)
    if params is not None:
        check_count(params, "params", 0, MAX_PARAMS)
    if device is not None and (not isinstance(device, str) or len(device) > MAX_DEVICE_CHARS):
        raise ValueError(f"device is {quote(device, 60)}: a text of at most {MAX_DEVICE_CHARS} characters")
    sources = check_sources(sources) if sources is not None else []
    region = None
    if curriculum is not None or on_pivot is not None:  # numpy and the simplex only for a script that pivots
        from .core.track_pivots import check_curriculum

        region = check_curriculum(sources, curriculum, on_pivot)
    if isinstance(poll_ms, bool) or not isinstance(poll_ms, numbers.Real) or not 10 <= poll_ms <= 10_000:
        raise ValueError(f"poll_ms is {quote(poll_ms, 40)}; 10 to 10,000 milliseconds")
    this_rank = rank()
    if this_rank != 0:
        _current = DisabledRun(user, name, this_rank)
        return _current
    cfg = run_config(user, total_steps)
    if run_dir is None:
        path, default_name = new_folder(name)
        made = True
    else:
        path = Path(run_dir).expanduser()
        if path.exists() and not path.is_dir():
            raise TrackError(f"{shown_path(path)} is a file, not a folder; choose a folder for the run")
        made = not path.exists()
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TrackError(f"cannot make the run folder {shown_path(path)}: {exc}") from exc
        default_name = path.name
    try:
        check_no_links(path)
        lock = FileLock(str(check_file(path / LOCK)))
    except UnsafePathError as exc:
        raise TrackError(str(exc)) from None
    lock_was_there = (path / LOCK).exists()
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise TrackError(f"another process is writing {shown_path(path)} (it holds {LOCK}): a trainer or "
                         "another script; choose another folder, or stop it first") from None
    except OSError as exc:
        raise TrackError(f"{shown_path(path)} cannot be written ({exc}); choose a folder you can write") from None
    store = None
    run = None
    try:
        refuse_existing(path)
        store = RunStore(path / METRICS_DB)
        run = Run(path, name or default_name, user, store, lock, poll_ms / 1000, sources)
        if region is not None:
            run._on_pivot = on_pivot
            run._steer.accept_pivot = True
        store.log_event(0, EventKind.START, {
            "origin": ORIGIN, "script": script_name(), "argv": [str(a)[:1000] for a in sys.argv[:64]],
            "pid": os.getpid(), "host": socket.gethostname(), "name": run.name,
            "device": str(device) if device else "?", "params": int(params or 0),
            "max_steps": int(total_steps or 0), "sources": sources,
            "world_size": world_size(),
            **({"curriculum": {"constraints": region.to_dict(), "in_warmup": False}} if region is not None else {}),
            "config": user})
        store.flush()
        save_config(cfg, path / CONFIG)  # last: a folder with config.toml is a run
    except BaseException as exc:
        if run is not None:
            run._steer.close()
        if store is not None:
            try:
                store.close()
            except StoreError:
                pass
        if not isinstance(exc, TrackError) and not is_run_dir(path):
            remove_created(path, made)
        elif not lock_was_there:  # refused: the folder is left as it was (the lock file goes while held)
            try:
                (path / LOCK).unlink()
            except OSError:
                pass
        lock.release()
        if isinstance(exc, (StoreError, OSError, sqlite3.Error)):
            raise TrackError(f"cannot start a run in {shown_path(path)}: {exc}") from exc
        raise
    atexit.register(run._at_exit)
    _current = run
    return run


def log(values: Mapping[str, Any], step: int | None = None) -> None:
    """:meth:`Run.log` of the run :func:`init` made last (as ``wandb.log``).

    Raises
    ------
    TrackError
        No run was started.
    """
    if _current is None:
        raise TrackError("no run: call track.init() first")
    _current.log(values, step)


def finish(reason: str | None = None) -> None:
    """:meth:`Run.finish` of the run :func:`init` made last (nothing without one)."""
    if _current is not None:
        _current.finish(reason)
