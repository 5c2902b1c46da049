"""A trainer's state on disk: capture it into a checkpoint, verify a checkpoint, restore it, and
resume a run from its newest valid checkpoint (docs/design.md#steps, docs/design.md#pause-and-resume-change-nothing).

A checkpoint stores the whole configuration it was trained with and the SHA-256 of the run's
``tokenizer.json``; a resume compares them with the run now (:mod:`andrea_desktop.core.config.diff`):
another tokenizer or a refused setting is a :class:`CheckpointMismatch` that names it, every
other difference is applied, listed in ``TrainerState.applied_changes`` and logged as one
``config_changed`` event when training starts; a changed schedule is re-planned from the LR in
use at the checkpoint (``StepRunner.lr_anchor``, stored in the checkpoint too).

The functions here work on a trainer's state as data
(:class:`~andrea_desktop.core.training.trainer_state.TrainerState`): ``step``, ``rows_sampled``,
``weights``, ``logged_weights``, ``counts_logged_at``, ``config`` (its probe text), ``curriculum``,
``loss_watch``, the optimiser, the model, the prober's generators, the log and ``last_checkpoint``. The files themselves belong to :mod:`andrea_desktop.core.rundir.checkpoint`.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import TYPE_CHECKING

import numpy as np
import torch

from ..anomaly import LossWatch
from ..config import ConfigError, config_to_dict
from ..config.diff import SCHEDULE_KEYS, ResumeChanges, describe_changes, resume_changes
from ..errors import quote
from ..metrics import AnomalyKind, EventKind
from ..mixture.curriculum import Curriculum
from ..rundir.checkpoint import (
    CheckpointError,
    CheckpointInfo,
    CheckpointLimitError,
    CheckpointMismatch,
    check_shapes,
    list_checkpoints,
    load_weights,
    read_checkpoint,
    write_checkpoint,
)
from ..rundir.layout import CHECKPOINTS_DIR, CONFIG, MODEL_FILE, STATE_JSON, STATE_PT, TOKENIZER
from ..rundir.rewind import purge_after
from ..rundir.store import StoreError
from ..schedule import Anchor
from ..small_files import read_small
from .branch import apply_branch, branch_pivot, starts_branch
from .errors import RunError
from .fingerprint import config_hash, tokenizer_sha256
from .portable import _optimizer_state_for_device, _sample_state
from .resume_plan import (
    CHECKED_SECTIONS,
    parse_anchor,
    preview_lr_anchor,
    preview_resume,
    replanned_anchor,
)

if TYPE_CHECKING:
    from .trainer_state import TrainerState

__all__ = ["config_hash", "tokenizer_sha256", "capture_state", "save_checkpoint", "checkpoint_quietly", "restore",
           "preview_lr_anchor",
           "resume", "begin_history", "preview_resume", "log_applied_changes"]

log = logging.getLogger(__name__)


def capture_state(t: TrainerState) -> tuple[dict, dict]:
    """Everything besides the weights that continuing the run exactly needs.

    Returns
    -------
    state
        JSON-ready: step, rows sampled per source, mixture weights, the curriculum's
        (bandit, phases, its RNG) and the loss watch's state, the Python and NumPy RNG
        states, the probe text, the whole config the run was opened with (``config``, for
        :func:`~andrea_desktop.core.config.diff.resume_changes`), the learning rate's anchor
        (``trainer.lr_anchor``), :func:`tokenizer_sha256` and :func:`config_hash` (what
        older versions compare).
    tensors
        The optimiser's state dict and the torch RNG states (CPU, CUDA, probe and sample
        generators), for ``torch.save`` / ``torch.load(weights_only=True)``.
    """
    np_state = np.random.get_state()
    state = {
        "config_hash": config_hash(t.config),
        "config": config_to_dict(t.prepared.config),
        "tokenizer_sha256": t.tokenizer_sha256,
        "trainer": {
            "step": t.step,
            "rows_sampled": [int(x) for x in t.rows_sampled],
            "weights": [float(x) for x in t.weights],
            "last_weights": None if t.logged_weights is None else [float(x) for x in t.logged_weights],
            "counts_logged": t.counts_logged_at == t.step,
            "probe_text": t.config.probe.text,
            "sources": list(t.source_names),
            "lr_anchor": None if t.steps.lr_anchor is None else [int(t.steps.lr_anchor[0]),
                                                                 float(t.steps.lr_anchor[1])],
        },
        "curriculum": None if t.curriculum is None else t.curriculum.state_dict(),
        "loss_watch": t.loss_watch.state_dict(),
        "rng": {
            "python": [random.getstate()[0], list(random.getstate()[1]), random.getstate()[2]],
            "numpy": [np_state[0], np_state[1].tolist(), int(np_state[2]), int(np_state[3]), float(np_state[4])],
        },
    }
    tensors = {
        "optimizer": t.optimizer.state_dict(),
        "rng": {
            "torch_cpu": torch.get_rng_state(),
            "torch_cuda": torch.cuda.get_rng_state_all() if torch.cuda.is_available() else [],
            "probe": t.prober.probe_gen.get_state(),
            "sample": t.prober.sample_gen.get_state(),
        },
    }
    # the sample generator lives on the training device and its state is that device's kind
    # (5,056 bytes of Mersenne Twister on the CPU, 16 of Philox on CUDA): recorded so that
    # another device can recognise it (checkpoints are device-independent, §4)
    state["rng"]["sample_device"] = t.prober.sample_gen.device.type
    return state, tensors


def save_checkpoint(t: TrainerState, reason: str, marked: bool = False) -> CheckpointInfo | None:
    """Write a checkpoint of the current step (metrics up to it are committed first).

    Skipped (None) after a non-finite loss or gradient until a good step, when the weights
    are not finite, or when the newest checkpoint already is of this step (unless
    ``marked``). Logs a ``checkpoint`` event with ``reason`` and the folder name.

    Raises
    ------
    OSError
        The checkpoint could not be written (the previous ones are intact).
    """
    if t.bad_state:
        log.warning("no checkpoint at step %d: the last step was not finite", t.step)
        return None
    if (not marked and t.last_checkpoint is not None and t.last_checkpoint.step == t.step
            and t.last_checkpoint.path.exists()):
        return None
    if not all(bool(torch.isfinite(p).all()) for p in t.model.parameters()):
        log.error("no checkpoint at step %d: the weights are not finite", t.step)
        return None
    state, tensors = capture_state(t)
    t.log.flush()  # docs/design.md#steps: rows land before the checkpoint that covers them
    info = write_checkpoint(t.prepared.run_dir, t.step, t.model, tensors, state,
                            marked=marked, keep_last=t.config.checkpoint.keep_last)
    t.last_checkpoint = info
    t.log.event(t.step, EventKind.CHECKPOINT,
                {"reason": reason, "path": f"{CHECKPOINTS_DIR}/{info.path.name}", "marked": marked})
    return info


def checkpoint_quietly(t: TrainerState, reason: str, marked: bool = False) -> None:
    """A checkpoint whose failure (disk full, permissions...) is an ``anomaly`` event, not the
    end of training; ``t.checkpoint_failed`` says whether the latest attempt failed."""
    try:
        save_checkpoint(t, reason, marked=marked)
    except CheckpointLimitError as exc:  # refused, not failed: the run's checkpoints are as they were
        log.warning("checkpoint refused: %s", exc)
        t.log.event(t.step, EventKind.ANOMALY, {"kind": AnomalyKind.CHECKPOINT.value,
                                                "message": f"checkpoint refused: {exc}"})
    except (OSError, StoreError, RuntimeError) as exc:
        t.checkpoint_failed = True
        log.error("checkpoint failed: %s", exc)
        t.log.event(t.step, EventKind.ANOMALY,
                    {"kind": AnomalyKind.CHECKPOINT.value, "message": f"checkpoint failed: {exc}"})
    else:
        t.checkpoint_failed = False


def begin_history(t: TrainerState) -> None:
    """Before training: a trainer that restored no checkpoint starts at step 0, so any history
    the store holds is replaced (docs/design.md#steps: rows after the restored step are deleted), unless
    the run has checkpoints, whose history must not be lost.

    Raises
    ------
    RunError
        The run has checkpoints and none was restored (call :func:`resume` first).
    """
    if t.history_ready:
        return
    if list_checkpoints(t.prepared.run_dir):
        raise RunError(f"{t.prepared.run_dir} has checkpoints: call resume() first, so that "
                       "its history is not replaced")
    purge_after(t.prepared.run_dir, -1, t.store, files=t.is_main)  # no step of it survives
    t.history_ready = True


def restore(t: TrainerState, info: CheckpointInfo) -> None:
    """Continue from checkpoint ``info``: weights, optimiser, schedule position, bandit,
    sampler position and every RNG. Rows, events and probes after its step are deleted first
    (docs/design.md#steps), so no step is logged twice.

    Everything is verified before anything changes: a checkpoint that fails leaves the
    trainer as it was.

    Raises
    ------
    CheckpointError
        Missing, truncated or altered files, or a refused pickle.
    CheckpointMismatch
        Another vocabulary or model shape, other sources, another tokenizer, or a config whose
        refused settings (:mod:`andrea_desktop.core.config.diff`) changed since the checkpoint;
        the message names them.
    """
    meta, tensors = read_checkpoint(info, t.device)
    check_shapes(info.path / MODEL_FILE, t.model)
    changes, anchor = _check_config(t, info, meta)
    pivot = branch_pivot(t, changes)  # a branch's new curriculum, checked before anything changes
    state = _parse_state(t, info, meta, tensors)
    try:
        # validates group sizes before changing anything, then copies (moved to the
        # parameters' device, whichever device saved it)
        t.optimizer.load_state_dict(_optimizer_state_for_device(t, tensors["optimizer"]))
    except (KeyError, ValueError, TypeError, RuntimeError, IndexError) as exc:
        raise CheckpointMismatch(f"{info.path.name}: optimiser state does not fit this model ({exc})") from exc
    load_weights(info.path / MODEL_FILE, t.model, t.device)
    # from here on nothing can fail: every value was parsed and checked above
    t.step = state["step"]
    t.rows_sampled = state["rows_sampled"]
    t.weights = state["weights"]
    t.logged_weights = state["last_weights"]
    t.counts_logged_at = t.step if state["counts_logged"] else None
    if state["probe_text"] and "probe.text" not in changes.keys():  # an edited probe.text wins
        t.config = t.config.replace(probe=dataclasses.replace(t.config.probe, text=state["probe_text"]))
    if t.curriculum is not None and state["curriculum"] is not None:
        t.curriculum.load_state_dict(state["curriculum"])
    t.loss_watch = state["loss_watch"]
    random.setstate(state["python_rng"])
    np.random.set_state(state["numpy_rng"])
    torch.set_rng_state(state["torch_cpu"])
    if state["torch_cuda"] and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["torch_cuda"][: torch.cuda.device_count()])
    t.prober.probe_gen.set_state(state["probe_rng"])
    t.device_notes = []
    if state["sample_rng"] is not None:
        t.prober.sample_gen.set_state(state["sample_rng"])
    else:  # written on another kind of device: its state cannot move, so re-seed from the step
        t.prober.sample_gen.manual_seed((t.config.run.seed * 104729 + 2 + 7 * t.step) % 2**63)
        t.device_notes.append(
            f"{info.path.name} was written on {state['sample_from']}; this run continues on "
            f"{torch.device(t.device).type}. Weights, optimiser, data order and every RNG but the "
            "samples' are restored; losses match an uninterrupted run only on the same kind of device.")
    t.last_checkpoint = info
    _apply_changes(t, changes, anchor)
    apply_branch(t, changes, pivot, state["curriculum"] is not None)
    # rows, probes, the embedding and terrain results after the checkpoint: an abandoned future
    purge_after(t.prepared.run_dir, t.step, t.store, files=t.is_main)
    t.history_ready = True


MAX_REASON = 200
"""Characters of an exception's text a checkpoint's message shows at most."""


def _why(exc: BaseException) -> str:
    """``Type: text`` of an exception, its text cut (it may quote a 10 MB value of a file)."""
    text = str(exc)
    if len(text) > MAX_REASON:
        text = f"{text[: MAX_REASON - 1]}… ({len(text):,} characters)"
    return f"{type(exc).__name__}: {text}"


def _check_config(t: TrainerState, info: CheckpointInfo, meta: dict) -> tuple[ResumeChanges, Anchor | None]:
    """What changed since checkpoint ``info``: refused changes raise, applied ones are returned
    with the learning rate's anchor from the resumed step on (re-planned when the schedule
    changed). Changes nothing.

    A checkpoint written before configs were stored holds only :func:`config_hash`: it is
    compared as before (model, data, seed, batch size) and nothing is listed.

    Raises
    ------
    CheckpointMismatch
        Another tokenizer, or a refused setting changed (the message names the keys).
    CheckpointError
        The stored config or anchor is damaged.
    """
    name = info.path.name
    tok = meta.get("tokenizer_sha256")
    if tok is not None and t.tokenizer_sha256 is None:  # unreadable (a link, a FIFO...) is not "changed"
        try:
            read_small(t.prepared.run_dir / TOKENIZER, 64 << 20)
            why = "it cannot be read"
        except (OSError, ValueError) as exc:
            why = str(exc)
        raise CheckpointMismatch(f"{name}: the run's {TOKENIZER} cannot be read ({why}); put the file itself "
                                 "back in the run folder")
    if tok is not None and tok != t.tokenizer_sha256:
        raise CheckpointMismatch(
            f"{name}: the tokenizer changed since this checkpoint (the run's {TOKENIZER} is not the one it "
            f"was trained with); put the original {TOKENIZER} back, or start a new run")
    try:
        anchor = parse_anchor(meta["trainer"].get("lr_anchor"), info.step)
        stored = meta.get("config")
        if stored is None:
            if meta.get("config_hash") != config_hash(t.config):
                raise CheckpointMismatch(
                    f"{name}: the run's {CONFIG} changed since this checkpoint (model, data, seed or batch "
                    "size); put the original config back, or start a new run")
            return ResumeChanges(), anchor
        if not isinstance(stored, dict) or not all(isinstance(v, dict) for v in stored.values()):
            raise ValueError("its config is not a table of sections")
        missing = [s for s in CHECKED_SECTIONS if s not in stored]
        if missing:  # not a change of config.toml: the checkpoint lacks what it is compared on
            raise ValueError(f"its config has no [{missing[0]}] section")
        changes = resume_changes(stored, t.prepared.config, branch=starts_branch(t.prepared.run_dir, info.step))
        if changes.refused:
            curriculum = any(c.key.startswith("curriculum.") for c in changes.refused)
            raise CheckpointMismatch(
                f"{name}: {CONFIG} changed since this checkpoint in settings a resume cannot apply:\n"
                + describe_changes(changes.refused) + "\nPut the old values back"
                + (" (change the data mixture during a run with a pivot instead)" if curriculum else "")
                + ", or start a new run.")
        anchor = replanned_anchor(info.step, stored, anchor, changes, t.prepared.config)
    except CheckpointMismatch:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ConfigError, OverflowError) as exc:
        raise CheckpointError(f"{name}: {STATE_JSON} is damaged ({_why(exc)})") from exc
    return changes, anchor


def _apply_changes(t: TrainerState, changes: ResumeChanges, anchor: Anchor | None) -> None:
    """Use the applied settings from the restored step on (most already are: the trainer was
    built from the run's config; the optimiser's hyperparameters came back from the checkpoint)
    and keep the list for :func:`log_applied_changes`."""
    t.steps.lr_anchor = anchor
    keys = changes.keys()
    oc = t.config.optimizer
    if keys & {"optimizer.betas", "optimizer.eps", "optimizer.weight_decay"}:
        decay_group = True  # StepRunner's first group decays, the second does not
        for g in t.optimizer.param_groups:
            g["betas"], g["eps"] = tuple(oc.betas), oc.eps
            g["weight_decay"] = oc.weight_decay if decay_group else 0.0
            decay_group = False
    t.applied_changes = changes.applied
    for c in changes.applied:
        log.info("resume applies %s", c.describe())


def log_applied_changes(t: TrainerState) -> None:
    """The ``config_changed`` event of the settings a resume applied (once, at the step it
    resumed from), with each key's old and new value and the LR's anchor when it was re-planned."""
    applied, t.applied_changes = t.applied_changes, ()
    if not applied:
        return
    anchor = t.steps.lr_anchor
    payload = {"changes": [c.to_payload() for c in applied],
               "checkpoint": t.last_checkpoint.path.name if t.last_checkpoint is not None else None}
    if any(c.key in SCHEDULE_KEYS for c in applied) and anchor is not None:
        payload["lr_anchor"] = [int(anchor[0]), float(anchor[1])]
    t.log.event(t.step, EventKind.CONFIG_CHANGED, payload)


def _parse_state(t: TrainerState, info: CheckpointInfo, meta: dict, tensors: dict) -> dict:
    """Every value of a checkpoint's state, type- and range-checked, without touching the
    trainer (throwaway generators, curriculum and loss watch take the states first).

    Raises
    ------
    CheckpointError
        A value is missing, of the wrong type or out of range.
    CheckpointMismatch
        Other sources than the run's.
    """
    name = info.path.name
    try:
        tr = meta["trainer"]
        if list(tr["sources"]) != list(t.source_names):
            raise CheckpointMismatch(f"{name}: trained on sources {quote(tr['sources'])}, "
                                     f"this run has {quote(list(t.source_names))}")
        step = tr["step"]
        if not isinstance(step, int) or isinstance(step, bool) or step != info.step or step != meta["step"]:
            raise ValueError(f"its step {quote(step, 60)} is not the folder's {info.step}")
        n = len(t.source_names)
        rows = np.asarray(tr["rows_sampled"], dtype=np.int64)
        weights = np.asarray(tr["weights"], dtype=np.float64)
        if rows.shape != (n,) or (rows < 0).any():
            raise ValueError("rows_sampled is not one count >= 0 per source")
        if weights.shape != (n,) or not np.isfinite(weights).all() or abs(weights.sum() - 1) > 1e-6 \
                or (weights < -1e-12).any():
            raise ValueError("weights are not a mixture of the sources")
        last = tr["last_weights"]
        last = None if last is None else np.asarray(last, dtype=np.float64).reshape(n)
        # whether mix/count/* was logged at this step (kept by the resume); older checkpoints:
        # every 10 steps
        counts_logged = tr.get("counts_logged", step % 10 == 0)
        if not isinstance(counts_logged, bool):
            raise ValueError("counts_logged is not true or false")
        probe_text = tr.get("probe_text") or ""
        if not isinstance(probe_text, str):
            raise ValueError("probe_text is not text")
        cur = None
        if t.curriculum is not None and meta.get("curriculum") is not None:
            cur = meta["curriculum"]
            Curriculum(t.source_names, t.config.curriculum, t.config.run.seed).load_state_dict(cur)
        watch = LossWatch(t.config.anomaly)
        watch.load_state_dict(meta["loss_watch"])
        py = meta["rng"]["python"]
        python_rng = (int(py[0]), tuple(int(x) for x in py[1]), py[2])
        random.Random().setstate(python_rng)
        npy = meta["rng"]["numpy"]
        numpy_rng = (str(npy[0]), np.asarray(npy[1], dtype=np.uint32), int(npy[2]), int(npy[3]), float(npy[4]))
        np.random.RandomState().set_state(numpy_rng)
        rng = tensors["rng"]
        gens = {}
        for key in ("torch_cpu", "probe", "sample"):
            g = rng[key]
            if not torch.is_tensor(g) or g.dtype != torch.uint8:
                raise ValueError(f"RNG state {key} is not a byte tensor")
            gens[key] = g.cpu()
        torch.Generator().set_state(gens["torch_cpu"])
        torch.Generator().set_state(gens["probe"])
        sample_rng, sample_from = _sample_state(t, meta["rng"], gens["sample"])
        cuda = [g.cpu() for g in rng["torch_cuda"]]
    except CheckpointMismatch:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RuntimeError) as exc:
        raise CheckpointError(f"{name}: {STATE_JSON} or {STATE_PT} is damaged ({_why(exc)})") from exc
    return {"step": step, "rows_sampled": rows, "weights": weights, "last_weights": last,
            "counts_logged": counts_logged, "probe_text": probe_text, "curriculum": cur, "loss_watch": watch,
            "python_rng": python_rng,
            "numpy_rng": numpy_rng, "torch_cpu": gens["torch_cpu"], "probe_rng": gens["probe"],
            "sample_rng": sample_rng, "sample_from": sample_from, "torch_cuda": cuda}


def resume(t: TrainerState) -> CheckpointInfo | None:
    """Restore the newest valid checkpoint; None if the run has none.

    A corrupt checkpoint is skipped for the one before it (the reason is added to
    ``t.resume_messages``).

    Raises
    ------
    RunError
        The run has checkpoints but none is valid, or the newest readable one belongs to
        another configuration (nothing on disk is changed).
    """
    ckpts = list_checkpoints(t.prepared.run_dir, clean=t.is_main)
    if not ckpts:
        return None
    problems = []
    for info in reversed(ckpts):
        try:
            restore(t, info)
        except CheckpointMismatch as exc:
            raise RunError(f"Cannot resume {t.prepared.run_dir.name}: {exc}") from exc
        except CheckpointError as exc:
            problems.append(str(exc))
            log.warning("skipping checkpoint: %s", exc)
            continue
        t.resume_messages = [*problems, f"resumed from {info.path.name}"] if problems else []
        t.resume_messages += t.device_notes
        return info
    raise RunError(
        f"Cannot resume {t.prepared.run_dir.name}: no valid checkpoint.\n" + "\n".join(problems)
        + "\nMove the damaged checkpoints aside to start the run again from step 0.")
