"""PyTorch Lightning training that the window watches and steers: :class:`AndreaLogger` and
:class:`AndreaLightningCallback`.

::

    from andrea_desktop.integrations.lightning import AndreaLightningCallback, AndreaLogger

    trainer = Trainer(max_steps=5000, logger=AndreaLogger(name="my-gpt"), callbacks=[AndreaLightningCallback()])
    trainer.fit(model, train_loader, val_loader)

The logger writes the run folder through :mod:`andrea_desktop.track`: every ``log_metrics``
(each ``log_every_n_steps``) becomes scalar rows (:func:`scalar_rows`: ``loss``, ``train_loss``
-> ``train/loss``, ``val_loss`` -> ``val/loss``, the ``LearningRateMonitor``'s ``lr-<Optimizer>``
-> ``train/lr``, ``grad_norm`` -> ``train/grad_norm``; any other number as ``lightning/<key>``, a
key with a ``/`` as it is); the LightningModule's ``save_hyperparameters()`` become the run's
config; ``ModelCheckpoint``'s saves are marked with ``checkpoint`` events; ``finalize`` finishes
the run. The callback obeys the window at each batch end: Pause blocks the loop until Resume; Stop
sets ``trainer.should_stop`` (Lightning ends ``fit`` as after ``max_steps``); Ctrl+S saves
``<default_root_dir>/checkpoints/step-<N>.ckpt`` (``trainer.save_checkpoint``) and marks it with a
``checkpoint`` event. With a model the probes read (nanoGPT's layout, a Hugging Face model, this
app's GPT; the LightningModule or one of its direct children) it takes probes every
``probe_every`` steps (the attention and embedding panels draw them).

Steps are optimiser steps from 1, as ``trainer.global_step`` counts them after a batch and as the
window draws them: Lightning gives loggers the step *before* the batch's optimiser step (0 for the
first batch: the ``step`` column of ``CSVLogger``), so a row is stored at Lightning's step + 1.

Needs the ``lightning`` package (the ``lightning`` extra: ``pip install -e '.[lightning]'``); the
older standalone ``pytorch_lightning`` package is not supported (its Trainer takes only its own
loggers).
"""

from __future__ import annotations

import logging
import math
import numbers
import os
import re
import sys
import warnings
import weakref
from argparse import Namespace
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

try:
    from lightning.pytorch import Callback, Trainer
    from lightning.pytorch.loggers import Logger
    from lightning.pytorch.utilities import rank_zero_only
except ImportError as exc:  # pragma: no cover - the message is the point (tests/test_lightning_logger.py)
    from . import missing_framework

    raise missing_framework(__name__, "PyTorch Lightning (the lightning package)", "lightning", "'lightning>=2.4'",
                            exc) from exc

from .. import track
from ..core.metrics import TRAIN_GRAD_NORM, TRAIN_LOSS, TRAIN_LR, VAL_LOSS, EventKind
from ..core.rundir.layout import CHECKPOINT_PREFIX, CHECKPOINTS_DIR
from ..core.rundir.names import run_name_problem
from ..core.track_input import check_name, user_config

__all__ = ["AndreaLogger", "AndreaLightningCallback", "SCALAR_NAMES", "scalar_rows"]

log = logging.getLogger(__name__)

SCALAR_NAMES = {
    "loss": TRAIN_LOSS, "train_loss": TRAIN_LOSS, "train/loss": TRAIN_LOSS,
    # self.log(..., on_step=True, on_epoch=True) logs "<name>_step" and "<name>_epoch"
    "loss_step": TRAIN_LOSS, "train_loss_step": TRAIN_LOSS,
    "val_loss": VAL_LOSS, "val/loss": VAL_LOSS, "val_loss_epoch": VAL_LOSS,
    "grad_norm": TRAIN_GRAD_NORM,
}
"""Lightning's metric keys and the store's scalar names they are written as. Besides these, the
``LearningRateMonitor``'s key of the first optimiser (``lr-Adam``, or ``lr-Adam/pg1`` with several
parameter groups: :data:`LR_KEY`) is ``train/lr``; any other key is ``lightning/<key>``
(``lightning/epoch``, ``lightning/train_loss_epoch``), or kept as it is when it holds a ``/``
(``val/acc``)."""

LR_KEY = re.compile(r"lr-[A-Za-z_][A-Za-z0-9_]*(/pg1)?")
"""The ``LearningRateMonitor``'s learning rate of an optimiser's first parameter group
(``lr-<OptimizerClass>``, ``lr-<OptimizerClass>/pg1``); a second optimiser of the same class
(``lr-Adam-1``), the momentum (``lr-Adam-momentum``) and the other groups keep their own names."""

MAX_HPARAM_TEXT = 1000
"""Characters of a hyperparameter that JSON cannot carry (a module, a function) kept: its ``repr``,
cut to this length."""


def _number(value: Any) -> float | None:
    """``float(value)`` of a number or a 0-d tensor; None for anything else (text, a flag, a list,
    a tensor of several elements)."""
    if isinstance(value, bool) or isinstance(value, (str, bytes)):
        return None
    if not isinstance(value, numbers.Real) and not hasattr(value, "__float__"):
        return None
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError, RuntimeError):  # RuntimeError: a tensor of several elements
        return None


def _storable(name: Any) -> bool:
    try:
        check_name(name)
    except (TypeError, ValueError):
        return False
    return True


def scalar_rows(metrics: Mapping[str, Any], skipped: list[str] | None = None) -> dict[str, float]:
    """The scalar rows of one ``log_metrics``: numbers and 0-d tensors only (other values are left
    out), named as :data:`SCALAR_NAMES` and :data:`LR_KEY` say. NaN stays NaN (the store writes
    NULL).

    Parameters
    ----------
    metrics
        Lightning's metrics (name: number).
    skipped
        When given, the keys left out for their name are appended: a name the store refuses (over
        :data:`~andrea_desktop.track.MAX_SCALAR_NAME_CHARS` characters once named, control or
        invisible characters, not text).

    Notes
    -----
    Two keys that name the same scalar (``loss`` and ``train_loss``) in one call: the first is
    written under the store's name, the next as ``lightning/<key>``.
    """
    rows: dict[str, float] = {}
    lr_taken = False
    for key, value in metrics.items():
        number = _number(value)
        if number is None:
            continue
        if not isinstance(key, str):
            if skipped is not None:
                skipped.append(repr(key)[:60])
            continue
        name = SCALAR_NAMES.get(key)
        if name is None and not lr_taken and LR_KEY.fullmatch(key):
            name, lr_taken = TRAIN_LR, True
        if name is None or name in rows:
            name = key if "/" in key else f"lightning/{key}"
        if not _storable(name):
            if skipped is not None:
                skipped.append(key)
            continue
        rows[name] = number
    return rows


# ---------------------------------------------------------------------------- hyperparameters
def _hparam(value: Any, depth: int = 0) -> Any:
    """A hyperparameter as JSON values: numbers, text, flags and None as they are (NaN and +-inf as
    None, as the store keeps them), 0-d tensors and NumPy scalars as numbers, lists and dicts
    item by item, paths as text; anything else as its ``repr`` cut to :data:`MAX_HPARAM_TEXT`."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if math.isfinite(number) else None
    if depth < 8:
        if isinstance(value, Namespace):
            value = vars(value)
        if isinstance(value, Mapping):
            return {str(k): _hparam(v, depth + 1) for k, v in value.items()}
        if isinstance(value, (list, tuple, set, frozenset)) and len(value) <= 10_000:
            return [_hparam(v, depth + 1) for v in value]
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if getattr(value, "ndim", None) == 0 and callable(getattr(value, "item", None)):
        try:
            return _hparam(value.item(), depth + 1)
        except (TypeError, ValueError, RuntimeError):
            pass
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 -- a repr that raises: its type is still worth keeping
        text = f"<{type(value).__name__}>"
    return text[:MAX_HPARAM_TEXT]


def _hparams(params: Any, limit: int) -> dict[str, Any]:
    """``params`` (a dict, an ``argparse.Namespace``, Lightning's ``AttributeDict``) as a dict of
    JSON values (:func:`_hparam`) of at most ``limit`` bytes as JSON: when it is longer, only the
    numbers, flags, None and texts of up to 200 characters are kept, as many as fit."""
    import json

    if params is None:
        return {}
    if isinstance(params, Namespace):
        params = vars(params)
    if not isinstance(params, Mapping):
        raise TypeError(f"hyperparameters are a dict or an argparse.Namespace, not {type(params).__name__}")
    data = {str(k): _hparam(v) for k, v in params.items()}
    if len(json.dumps(data).encode("utf-8", "surrogatepass")) <= limit:
        return data
    small: dict[str, Any] = {}
    size = 2
    for k, v in data.items():
        if v is None or isinstance(v, (bool, int, float)) or isinstance(v, str) and len(v) <= 200:
            item = len(json.dumps({k: v}).encode("utf-8", "surrogatepass"))
            if size + item > limit:
                break
            small[k], size = v, size + item
    return small


def _module_hparams(trainer: Trainer) -> dict:
    """The hyperparameters Lightning hands loggers (``save_hyperparameters()`` of the
    LightningModule and of the LightningDataModule), when it will log them."""
    if not getattr(trainer, "enable_autolog_hparams", True):
        return {}
    out: dict = {}
    for holder in (getattr(trainer, "datamodule", None), getattr(trainer, "lightning_module", None)):
        if holder is not None and getattr(holder, "_log_hyperparams", True):
            out.update(getattr(holder, "hparams_initial", None) or {})
    out.pop("_class_path", None)  # LightningCLI's own, as Lightning leaves it out
    return out


def _calling_trainer(logger: AndreaLogger) -> Trainer | None:
    """The Trainer in whose call the logger is being used, found among the callers' local
    variables (Lightning opens a logger's ``experiment`` in ``_call_setup_hook(trainer)``, before
    it hands the logger the hyperparameters); None when there is none."""
    frame = sys._getframe(2)
    for _ in range(12):
        if frame is None:
            return None
        for value in list(frame.f_locals.values()):
            if isinstance(value, Trainer) and any(lg is logger for lg in value.loggers):
                return value
        frame = frame.f_back
    return None


# ---------------------------------------------------------------------------- the logger
class AndreaLogger(Logger):
    """A Lightning logger that writes a run folder the window opens and follows (module
    docstring).

    Parameters
    ----------
    run_dir, name, poll_ms
        As :func:`andrea_desktop.track.init` (None: a new folder in the app's runs folder, named
        ``name``).
    config
        Your own configuration (a dict, dataclass or namespace), stored in the ``start`` event
        with the LightningModule's hyperparameters (the keys of ``config`` winning).
    run
        A run you made with :func:`~andrea_desktop.track.init` and finish yourself; the logger
        then makes none.

    Raises
    ------
    ValueError
        ``name`` cannot name a run folder; ``config`` is over
        :data:`~andrea_desktop.track.MAX_CONFIG_BYTES` as JSON.
    TypeError
        ``config`` is not a dict, dataclass or namespace, or holds a value JSON cannot carry.

    Notes
    -----
    The run starts when Lightning first uses the logger (``trainer.fit`` opens its
    ``experiment`` during setup, before it calls ``log_hyperparams``): the logger finds that
    Trainer among its callers' local variables (or is handed it by
    :class:`AndreaLightningCallback`) and starts the run with the hyperparameters of the
    LightningModule and LightningDataModule (``save_hyperparameters()``) and ``config`` as its
    config, ``max_steps`` (when set) as its length, the module's parameter count and the
    strategy's device. Hyperparameters logged after the start that differ from those (a
    ``log_hyperparams`` of your own) are stored as an ``hparams`` event.

    Only the process of global rank 0 writes: on other ranks ``experiment`` is a
    :class:`~andrea_desktop.track.DisabledRun`, nothing is written and no folder is made.

    ``finalize`` finishes the run (``finished``, or ``user`` after a Stop from the window;
    ``error`` when Lightning reports a failure). Lightning finalizes at the end of every
    ``fit``, ``validate`` and ``test``: what a later call logs through the same logger is left
    out, with a warning once (give a ``trainer.validate()`` before ``fit`` a logger of its own).
    Lightning's
    ``ModelCheckpoint`` (with no ``dirpath``) saves under ``<run folder>/<name>/<version>/
    checkpoints``, as it does for every logger (``save_dir/name/version``).
    """

    def __init__(self, run_dir: str | os.PathLike | None = None, name: str | None = None, config: Any = None, *,
                 run: track.Run | track.DisabledRun | None = None, poll_ms: int = 250) -> None:
        super().__init__()
        if name is not None:
            problem = run_name_problem(name, "name")
            if problem is not None:
                raise ValueError(problem.text)
        self._user = user_config(config)
        self._run_dir = Path(run_dir).expanduser() if run_dir is not None else None
        self._name, self._poll_ms = name, poll_ms
        self._run = run
        self._owned = run is None
        self._hparams: dict[str, Any] = {}  # logged before the run started: its config
        self._stored: dict[str, Any] | None = None  # the hyperparameters in the run's config
        self._trainer: weakref.ref | None = None  # set by AndreaLightningCallback.setup
        self._told: set[str] = set()  # warnings given once

    def __repr__(self) -> str:
        return f"AndreaLogger({self._run!r})" if self._run is not None else "AndreaLogger(not started)"

    # ------------------------------------------------------------------ the run
    @property
    def experiment(self) -> track.Run | track.DisabledRun:
        """The :class:`~andrea_desktop.track.Run` written (started at the first use); on a rank
        other than 0, a :class:`~andrea_desktop.track.DisabledRun`.

        Raises
        ------
        TrackError
            The run folder cannot be made or holds a run (:func:`~andrea_desktop.track.init`).
        """
        if self._run is None:
            self._run = self._start()
        return self._run

    def _start(self) -> track.Run | track.DisabledRun:
        trainer = self._trainer() if self._trainer is not None else None
        if trainer is None:
            trainer = _calling_trainer(self)
        hparams = dict(self._hparams)
        total_steps = params = device = None
        if trainer is not None:
            hparams = {**_hparams(_module_hparams(trainer), track.MAX_CONFIG_BYTES // 2), **hparams}
            if isinstance(trainer.max_steps, int) and trainer.max_steps > 0:
                total_steps = trainer.max_steps
            module = trainer.lightning_module
            if module is not None:
                params = sum(p.numel() for p in module.parameters()) or None
            try:
                device = str(trainer.strategy.root_device)
            except (AttributeError, RuntimeError, NotImplementedError):
                device = None
        config = {**hparams, **self._user}
        self._stored = hparams
        if rank_zero_only.rank != 0:
            return track.DisabledRun(config, self._name, rank_zero_only.rank)
        self._owned = True
        return track.init(self._run_dir, name=self._name, config=config, total_steps=total_steps, params=params,
                          device=device, poll_ms=self._poll_ms)

    def _writable(self) -> track.Run | track.DisabledRun | None:
        """The run, unless it has finished (then a warning, once)."""
        run = self.experiment
        if not run.finished:
            return run
        if "finished" not in self._told:
            self._told.add("finished")
            warnings.warn(f"AndreaLogger: the run {run.path} has finished; what is logged after trainer.fit() "
                          "(trainer.test(), trainer.validate()) is not stored in it", stacklevel=3)
        return None

    # ------------------------------------------------------------------ Lightning's names
    @property
    def name(self) -> str:
        """The run's name (the folder's unless ``name`` was given)."""
        if self._name is not None:
            return self._name
        run = self.experiment
        return (run.name or "") if isinstance(run, track.Run) else ""

    def _folder(self) -> Path | None:
        """The run folder: the run's, else ``run_dir`` (known before the run starts, and on every
        rank), else None (a rank other than 0 with no ``run_dir``)."""
        if self._run is None and self._run_dir is None:
            self.experiment  # noqa: B018 -- the run picks its folder in the runs folder
        path = self._run.path if self._run is not None else None
        return path if path is not None else self._run_dir

    @property
    def version(self) -> str:
        """The run folder's name ("" on a rank other than 0 with no ``run_dir``)."""
        path = self._folder()
        return path.name if path is not None else ""

    @property
    def save_dir(self) -> str | None:
        """The run folder (None on a rank other than 0 with no ``run_dir``)."""
        path = self._folder()
        return str(path) if path is not None else None

    @property
    def log_dir(self) -> str | None:
        """The run folder, as :attr:`save_dir`."""
        return self.save_dir

    # ------------------------------------------------------------------ writing
    @rank_zero_only
    def log_hyperparams(self, params: dict[str, Any] | Namespace, *args: Any, **kwargs: Any) -> None:
        """Keep the hyperparameters as the run's config (before it starts), or store them as an
        ``hparams`` event (after, when they differ from those in its config).

        Values JSON cannot carry are kept as their ``repr`` (cut to :data:`MAX_HPARAM_TEXT`
        characters); NaN and +-inf as None. Over the store's bounds (1 MiB as config, 64 KiB as an
        event) only the numbers, flags and short texts are kept.

        Raises
        ------
        TypeError
            ``params`` is not a dict or a Namespace.
        """
        if self._run is None:
            self._hparams.update(_hparams(params, track.MAX_CONFIG_BYTES // 2))
            return
        data = _hparams(params, track.MAX_PAYLOAD_BYTES - 1024)
        if self._stored is not None and all(k in self._stored and self._stored[k] == v for k, v in data.items()):
            return  # the config holds them already (the start took them from the LightningModule)
        run = self._writable()
        if run is not None:
            run.event("hparams", data)

    @rank_zero_only
    def log_metrics(self, metrics: Mapping[str, Any], step: int | None = None) -> None:
        """Write one scalar row per number of ``metrics`` (:func:`scalar_rows`) at Lightning's
        ``step`` + 1 (the optimiser step that produced them, module docstring), never before the
        run's last step (None: at the last step).

        A key whose name the store refuses (over
        :data:`~andrea_desktop.track.MAX_SCALAR_NAME_CHARS` characters, control characters) is
        skipped, with a warning once per key; the call's other metrics are written. Values that
        are not numbers are left out; NaN is stored as NULL.
        """
        run = self._writable()
        if run is None:
            return
        skipped: list[str] = []
        rows = scalar_rows(metrics, skipped)
        for key in skipped:
            shown = key if len(key) <= 60 else key[:57] + "..."
            if shown not in self._told and len(self._told) < 1000:
                self._told.add(shown)
                warnings.warn(f"AndreaLogger: the metric {shown!r} ({len(key):,} characters) is not stored: a "
                              f"scalar name has 1 to {track.MAX_SCALAR_NAME_CHARS} characters and no control "
                              "characters", stacklevel=3)
        at = run.step if step is None else max(int(step) + 1, run.step)
        run.log(rows, step=at)

    @rank_zero_only
    def after_save_checkpoint(self, checkpoint_callback: Any) -> None:
        """Mark a save of Lightning's ``ModelCheckpoint`` with a ``checkpoint`` event
        (``reason`` ``trainer``, not marked) at the step it saved (``trainer.global_step``)."""
        path = getattr(checkpoint_callback, "_last_checkpoint_saved", None)
        if not path or self._run is None or self._run.finished:
            return
        saved_at = getattr(checkpoint_callback, "_last_global_step_saved", None)
        step = max(saved_at, self._run.step) if isinstance(saved_at, int) else None
        shown = str(Path(path).resolve()) if "://" not in str(path) else str(path)
        self._run.event(EventKind.CHECKPOINT.value, {"reason": "trainer", "path": shown, "marked": False}, step=step)

    @rank_zero_only
    def finalize(self, status: str) -> None:
        """Finish the run: ``error`` when ``status`` is ``failed``, otherwise ``finished`` (or
        ``user`` after a Stop from the window). A run passed as ``run`` is left to you."""
        if self._run is None or not self._owned or self._run.finished:
            return
        self._run.finish("error" if status == "failed" else None)


# ---------------------------------------------------------------------------- the callback
def _probed_module(pl_module: Any) -> Any:
    """The module a probe reads: the LightningModule, or the first of its direct children of a
    family :mod:`andrea_desktop.core.model_probes` reads; None when there is none."""
    from ..core.model_probes import ProbeUnsupported, model_family

    for module in (pl_module, *(child for _name, child in pl_module.named_children())):
        try:
            model_family(module)
        except ProbeUnsupported:
            continue
        return module
    return None


class AndreaLightningCallback(Callback):
    """Obeys the window at each batch end, and probes the model (module docstring).

    Parameters
    ----------
    logger_or_run
        The :class:`AndreaLogger`, or a run of :func:`~andrea_desktop.track.init`; None: the
        Trainer's :class:`AndreaLogger`.
    tokenizer, probe_text
        As :meth:`andrea_desktop.track.Run.watch` (a tokenizer, or None with ``probe_text`` token
        ids; None: the app's probe text).
    probe_every
        Optimiser steps between probes (0 or None: no probes). A model the probes cannot read, or
        one given neither a tokenizer nor ``probe_text`` token ids, is not probed (said in the
        log, at INFO).
    watch
        The words whose embedding neighbours are followed (None: the app's; as
        :meth:`andrea_desktop.track.Run.watch`).

    Raises
    ------
    ValueError
        ``probe_every`` is negative; at ``trainer.fit``, the Trainer has no :class:`AndreaLogger`
        and no run was given.

    Notes
    -----
    At ``on_train_batch_end`` the run moves to ``trainer.global_step`` (a probe is taken when due),
    then Pause blocks, Stop sets ``trainer.should_stop`` and Ctrl+S saves
    ``<trainer.default_root_dir>/checkpoints/step-<N>.ckpt`` (``trainer.save_checkpoint``; the
    working directory when the Trainer was given no ``default_root_dir``), marked with a
    ``checkpoint`` event (``reason`` ``user``); a failed save is said in a warning and training
    goes on. Under DDP
    rank 0 reads the commands and its stop and save decisions are broadcast to every rank at each
    batch end (``trainer.strategy.broadcast``); the other ranks wait in that broadcast while it is
    paused, so a pause longer than the process group's timeout (30 minutes by default) ends
    training.
    """

    def __init__(self, logger_or_run: AndreaLogger | track.Run | track.DisabledRun | None = None, *,
                 tokenizer: Any = None, probe_text: Any = None, probe_every: int | None = 100,
                 watch: Sequence[str] | None = None) -> None:
        if probe_every is not None and (isinstance(probe_every, bool) or not isinstance(probe_every, int)
                                        or probe_every < 0):
            raise ValueError(f"probe_every is {probe_every!r}: a number of steps (0 or None: no probes)")
        self.source = logger_or_run
        self.tokenizer, self.probe_text, self.probe_every = tokenizer, probe_text, probe_every
        self.watch = watch
        self.probed = False  # whether run.watch took the model

    def _logger(self, trainer: Trainer) -> AndreaLogger | None:
        if isinstance(self.source, AndreaLogger):
            return self.source
        if self.source is None:
            return next((lg for lg in trainer.loggers if isinstance(lg, AndreaLogger)), None)
        return None

    def run_of(self, trainer: Trainer) -> track.Run | track.DisabledRun | None:
        """The run steered (the logger's, started if need be), None when it has finished."""
        logger = self._logger(trainer)
        run = logger.experiment if logger is not None else self.source
        return None if run is None or run.finished else run

    # ------------------------------------------------------------------ Lightning's hooks
    def setup(self, trainer: Trainer, pl_module: Any, stage: str) -> None:
        logger = self._logger(trainer)
        if logger is None and self.source is None:
            raise ValueError("AndreaLightningCallback steers the run of an AndreaLogger: add "
                             "AndreaLogger(...) to the Trainer's logger, or pass the logger or a track run")
        if logger is not None:
            logger._trainer = weakref.ref(trainer)

    def on_train_start(self, trainer: Trainer, pl_module: Any) -> None:
        run = self.run_of(trainer)
        if run is None or not self.probe_every or not isinstance(run, track.Run):
            return
        if self.tokenizer is None and (self.probe_text is None or isinstance(self.probe_text, str)):
            log.info("AndreaLightningCallback: the model is not probed: a probe needs a tokenizer, or probe_text "
                     "as token ids")
            return
        module = _probed_module(pl_module)
        if module is None:
            log.info("AndreaLightningCallback: a %s is not probed (no attention the probes read)",
                     type(pl_module).__name__)
            return
        extra = {} if self.watch is None else {"watch": list(self.watch)}
        self.probed = run.watch(module, self.tokenizer, self.probe_text, self.probe_every, **extra)

    def on_train_batch_end(self, trainer: Trainer, pl_module: Any, outputs: Any, batch: Any, batch_idx: int) -> None:
        run = self.run_of(trainer)
        if run is None:
            return
        run.log({}, step=max(int(trainer.global_step), run.step))  # the step its pause and probes are at
        run.wait_if_paused()
        stop, save = run.should_stop(), run.should_checkpoint()
        if trainer.world_size > 1:
            stop, save = trainer.strategy.broadcast((bool(stop), bool(save)), src=0)
        if stop:
            trainer.should_stop = True
        if save:
            self._save(trainer, run)

    def _save(self, trainer: Trainer, run: track.Run | track.DisabledRun) -> None:
        root = trainer.default_root_dir or str(run.path)
        path = os.path.join(root, CHECKPOINTS_DIR, f"{CHECKPOINT_PREFIX}{trainer.global_step}.ckpt")
        try:
            trainer.save_checkpoint(path)
        except OSError as exc:
            log.error("the checkpoint %s asked for in the window was not saved: %s", path, exc)
            warnings.warn(f"AndreaLightningCallback: the checkpoint {path} was not saved ({exc}); training goes on",
                          stacklevel=2)
            return
        shown = str(Path(path).resolve()) if "://" not in path else path
        run.event(EventKind.CHECKPOINT.value, {"reason": "user", "path": shown, "marked": True})
