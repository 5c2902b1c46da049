"""A trainer's state on disk: capture it into a checkpoint, verify a checkpoint, restore it, and
resume a run from its newest valid checkpoint (DESIGN §4 "Steps", §5 "Pause/resume changes
nothing").

The functions here work on a :class:`~andrea_desktop.core.training.trainer.Trainer`'s fields:
``step``, ``rows_sampled``, ``weights``, ``logged_weights``, ``config`` (its probe text),
``curriculum``, ``loss_watch``, the optimiser, the model, the prober's generators, the log and
``last_checkpoint``. The files themselves belong to :mod:`andrea_desktop.core.rundir.checkpoint`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import random
from typing import TYPE_CHECKING

import numpy as np
import torch

from ..anomaly import LossWatch
from ..config import Config, config_to_dict
from ..metrics import AnomalyKind, EventKind
from ..mixture.curriculum import Curriculum
from ..rundir.checkpoint import (
    CheckpointError,
    CheckpointInfo,
    CheckpointMismatch,
    check_shapes,
    list_checkpoints,
    load_weights,
    read_checkpoint,
    write_checkpoint,
)
from ..rundir.layout import CHECKPOINTS_DIR, CONFIG, MODEL_FILE, STATE_JSON, STATE_PT
from ..rundir.probes import delete_probes_after
from ..rundir.store import StoreError
from .errors import RunError

if TYPE_CHECKING:
    from .trainer import Trainer

__all__ = ["config_hash", "capture_state", "save_checkpoint", "checkpoint_quietly", "restore", "resume",
           "begin_history"]

log = logging.getLogger(__name__)


def config_hash(cfg: Config) -> str:
    """SHA-256 of the parts of a config that a checkpoint depends on: the model, the data
    (with the tokenizer's fingerprint), the seed and the batch size. The schedule, probes,
    curriculum and checkpoint settings may change between a checkpoint and its resume."""
    d = config_to_dict(cfg)
    # model keys added later count only when set (older checkpoints keep their hash); init_from
    # only decides the step-0 weights, which a checkpoint holds: a moved folder does not matter
    d["model"] = {k: v for k, v in d["model"].items() if k != "init_from" and (k, v) != ("gelu_approximate", "none")}
    key = {"model": d["model"], "data": d["data"], "seed": d["run"]["seed"], "batch_size": d["train"]["batch_size"]}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def capture_state(t: Trainer) -> tuple[dict, dict]:
    """Everything besides the weights that continuing the run exactly needs.

    Returns
    -------
    state
        JSON-ready: step, rows sampled per source, mixture weights, the curriculum's
        (bandit, phases, its RNG) and the loss watch's state, the Python and NumPy RNG
        states, the probe text and :func:`config_hash`.
    tensors
        The optimiser's state dict and the torch RNG states (CPU, CUDA, probe and sample
        generators), for ``torch.save`` / ``torch.load(weights_only=True)``.
    """
    np_state = np.random.get_state()
    state = {
        "config_hash": config_hash(t.config),
        "trainer": {
            "step": t.step,
            "rows_sampled": [int(x) for x in t.rows_sampled],
            "weights": [float(x) for x in t.weights],
            "last_weights": None if t.logged_weights is None else [float(x) for x in t.logged_weights],
            "probe_text": t.config.probe.text,
            "sources": list(t.source_names),
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
    return state, tensors


def save_checkpoint(t: Trainer, reason: str, marked: bool = False) -> CheckpointInfo | None:
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
    t.log.flush()  # DESIGN §4: rows land before the checkpoint that covers them
    info = write_checkpoint(t.prepared.run_dir, t.step, t.model, tensors, state,
                            marked=marked, keep_last=t.config.checkpoint.keep_last)
    t.last_checkpoint = info
    t.log.event(t.step, EventKind.CHECKPOINT,
                {"reason": reason, "path": f"{CHECKPOINTS_DIR}/{info.path.name}", "marked": marked})
    return info


def checkpoint_quietly(t: Trainer, reason: str, marked: bool = False) -> None:
    """A checkpoint whose failure (disk full, permissions...) is an ``anomaly`` event, not the
    end of training; ``t.checkpoint_failed`` says whether the latest attempt failed."""
    try:
        save_checkpoint(t, reason, marked=marked)
    except (OSError, StoreError, RuntimeError) as exc:
        t.checkpoint_failed = True
        log.error("checkpoint failed: %s", exc)
        t.log.event(t.step, EventKind.ANOMALY,
                    {"kind": AnomalyKind.CHECKPOINT.value, "message": f"checkpoint failed: {exc}"})
    else:
        t.checkpoint_failed = False


def begin_history(t: Trainer) -> None:
    """Before training: a trainer that restored no checkpoint starts at step 0, so any history
    the store holds is replaced (DESIGN §4: rows after the restored step are deleted), unless
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
    t.store.delete_after(-1)
    t.history_ready = True


def restore(t: Trainer, info: CheckpointInfo) -> None:
    """Continue from checkpoint ``info``: weights, optimiser, schedule position, bandit,
    sampler position and every RNG. Rows, events and probes after its step are deleted first
    (DESIGN §4), so no step is logged twice.

    Everything is verified before anything changes: a checkpoint that fails leaves the
    trainer as it was.

    Raises
    ------
    CheckpointError
        Missing, truncated or altered files, or a refused pickle.
    CheckpointMismatch
        Another vocabulary or model shape, other sources, or a config whose model, data,
        seed or batch changed since the checkpoint.
    """
    meta, tensors = read_checkpoint(info, t.device)
    check_shapes(info.path / MODEL_FILE, t.model)
    if meta.get("config_hash") != config_hash(t.config):
        raise CheckpointMismatch(
            f"{info.path.name}: the run's {CONFIG} changed since this checkpoint (model, data, "
            "seed or batch size); put the original config back, or start a new run")
    state = _parse_state(t, info, meta, tensors)
    try:
        # validates group sizes before changing anything, then copies (moved to the
        # parameters' device, whichever device saved it)
        t.optimizer.load_state_dict(tensors["optimizer"])
    except (KeyError, ValueError, TypeError, RuntimeError, IndexError) as exc:
        raise CheckpointMismatch(f"{info.path.name}: optimiser state does not fit this model ({exc})") from exc
    load_weights(info.path / MODEL_FILE, t.model, t.device)
    # from here on nothing can fail: every value was parsed and checked above
    t.step = state["step"]
    t.rows_sampled = state["rows_sampled"]
    t.weights = state["weights"]
    t.logged_weights = state["last_weights"]
    if state["probe_text"]:
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
    t.prober.sample_gen.set_state(state["sample_rng"])
    t.last_checkpoint = info
    t.store.delete_after(t.step)
    if t.is_main:  # probes after the checkpoint belong to the abandoned future too
        delete_probes_after(t.prepared.run_dir, t.step)
    t.history_ready = True


def _parse_state(t: Trainer, info: CheckpointInfo, meta: dict, tensors: dict) -> dict:
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
            raise CheckpointMismatch(f"{name}: trained on sources {tr['sources']}, "
                                     f"this run has {list(t.source_names)}")
        step = tr["step"]
        if not isinstance(step, int) or isinstance(step, bool) or step != info.step or step != meta["step"]:
            raise ValueError(f"its step {step!r} is not the folder's {info.step}")
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
        torch.Generator(device=t.device).set_state(gens["sample"])
        cuda = [g.cpu() for g in rng["torch_cuda"]]
    except CheckpointMismatch:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RuntimeError) as exc:
        raise CheckpointError(f"{name}: {STATE_JSON} or {STATE_PT} is damaged ({type(exc).__name__}: {exc})") from exc
    return {"step": step, "rows_sampled": rows, "weights": weights, "last_weights": last,
            "probe_text": probe_text, "curriculum": cur, "loss_watch": watch, "python_rng": python_rng,
            "numpy_rng": numpy_rng, "torch_cpu": gens["torch_cpu"], "probe_rng": gens["probe"],
            "sample_rng": gens["sample"], "torch_cuda": cuda}


def resume(t: Trainer) -> CheckpointInfo | None:
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
        return info
    raise RunError(
        f"Cannot resume {t.prepared.run_dir.name}: no valid checkpoint.\n" + "\n".join(problems)
        + "\nMove the damaged checkpoints aside to start the run again from step 0.")
