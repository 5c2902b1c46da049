"""Checkpoints of a run: written atomically, verified on load, never unpickled.

Layout (docs/design.md#the-run-folder), inside the run directory::

    checkpoints/
      step-00000200/
        model.safetensors   weights under every state-dict name (the tied embedding under both;
                            :mod:`.weights`); older ones stored it once and still load
        state.pt            optimiser state and RNG states: tensors, numbers and strings only,
                            read with ``torch.load(weights_only=True)``
        state.json          step, trainer / bandit / sampler state, config hash, file hashes

A checkpoint is written into ``checkpoints/.tmp-*`` and renamed into place, so a process killed
during the write leaves the previous checkpoints intact (a leftover ``.tmp-*`` folder is removed
the next time checkpoints are listed). ``state.json`` records the SHA-256 of the two other files,
so a truncated or altered checkpoint is detected before anything is loaded from it.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import torch
from safetensors import SafetensorError, safe_open

from ..small_files import read_small
from .layout import (
    CHECKPOINTS_DIR,
    MODEL_FILE,
    STATE_JSON,
    STATE_PT,
    checkpoint_name,
    checkpoint_step,
    follow_umask,
    run_subdir,
    unique_temp,
)
from .manage import remove_atomically
from .weights import read_weights, save_weights

__all__ = [
    "CHECKPOINTS_DIR",
    "CHECKPOINT_FORMAT",
    "CheckpointError",
    "CheckpointMismatch",
    "CheckpointInfo",
    "list_checkpoints",
    "write_checkpoint",
    "read_checkpoint",
    "check_shapes",
    "mark_checkpoint",
    "export_weights",
    "read_state_json",
    "MAX_STATE_JSON",
    "load_weights",
    "CheckpointWriteError",
    "CheckpointLimitError",
    "MAX_MARKED",
    "describe_write_failure",
]

log = logging.getLogger(__name__)

CHECKPOINT_FORMAT = 2  # 2: model.safetensors holds every state-dict name (1: the tied embedding once)
MAX_STATE_JSON = 1 << 26
"""Bytes of a checkpoint's ``state.json`` at most (it holds the config, checksums and the bandit: KBs)."""
_TMP = ".tmp-"
MAX_MARKED = 20
"""Marked (never-pruned) checkpoints a run holds at most: a further marked checkpoint is refused
(:class:`CheckpointLimitError`), so whoever can send ``checkpoint`` commands cannot fill the disk."""
LOW_SPACE_BYTES = 64 << 20
"""Free bytes under which a failed write is reported as a full disk (torch and safetensors
report one as their own errors, without ``ENOSPC``)."""


class CheckpointError(RuntimeError):
    """A checkpoint cannot be read: missing, truncated or altered files (the message says which)."""


class CheckpointMismatch(CheckpointError):
    """A readable checkpoint that does not belong to this run's configuration (other vocabulary,
    other shapes, other data): it is refused before any training step."""


class CheckpointWriteError(OSError):
    """A checkpoint could not be written (disk full, permission denied...); the previous ones
    are intact."""


class CheckpointLimitError(CheckpointWriteError):
    """A marked checkpoint refused: the run already holds :data:`MAX_MARKED` of them."""


def describe_write_failure(folder: Path, exc: BaseException) -> str:
    """Why writing into ``folder`` failed, in plain words: a full disk (``ENOSPC``, or less than
    :data:`LOW_SPACE_BYTES` free after a library's own error) is said to be one, with the free
    space; otherwise the error's own text."""
    text = (exc.strerror if isinstance(exc, OSError) and exc.strerror else None) or str(exc)
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        free = None
    if (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or (free is not None and free < LOW_SPACE_BYTES):
        where = f" ({free / 2**20:,.1f} MiB free)" if free is not None else ""
        return f"no space left on the disk{where}; free some space and the next checkpoint is written ({text})"
    return text


@dataclass(frozen=True)
class CheckpointInfo:
    """A checkpoint folder on disk.

    Attributes
    ----------
    damaged
        Why its ``state.json`` cannot be read, or None; a damaged checkpoint is listed (it is
        never mistaken for no checkpoint) and refused when loaded.
    """

    path: Path
    step: int
    marked: bool
    wall_time: float
    damaged: str | None = None


def _meta_digest(meta: dict) -> str:
    """SHA-256 of ``state.json``'s content without its own digest (canonical JSON)."""
    body = {k: v for k, v in meta.items() if k != "state_sha256"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, allow_nan=False).encode()).hexdigest()


def read_state_json(folder: str | Path) -> object:
    """A checkpoint folder's ``state.json``, parsed (not checked): never through a link, a FIFO
    or a device, and at most :data:`MAX_STATE_JSON` bytes.

    Raises
    ------
    OSError
        Missing, unreadable, a link or not a regular file.
    ValueError
        Larger than :data:`MAX_STATE_JSON`, not UTF-8 or not JSON.
    RecursionError
        Nested thousands deep.
    """
    return json.loads(read_small(Path(folder) / STATE_JSON, MAX_STATE_JSON).decode("utf-8"))


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def list_checkpoints(run_dir: str | Path, clean: bool = False) -> list[CheckpointInfo]:
    """The run's checkpoints with a readable ``state.json``, oldest first.

    ``clean`` removes leftovers of interrupted writes (``.tmp-*`` folders); only the process
    that owns the run (holds its lock) should pass it.
    """
    folder = Path(run_dir) / CHECKPOINTS_DIR
    out = []
    if not folder.is_dir():
        return out
    run_subdir(run_dir, CHECKPOINTS_DIR, create=False)  # UnsafePathError for a linked folder
    for d in folder.iterdir():
        if d.is_symlink():  # not a checkpoint of this run: never read, written or deleted
            continue
        if d.name.startswith(_TMP):
            if clean:  # an interrupted write or prune: finish removing it
                shutil.rmtree(d, ignore_errors=True)
            continue
        step = checkpoint_step(d.name)  # a step's one name: step-2 beside step-00000002 is no second one
        if step is None or not d.is_dir():
            continue
        try:
            meta = read_state_json(d)
            if not isinstance(meta, dict) or meta.get("step") != step:
                raise ValueError(f"its step {meta.get('step') if isinstance(meta, dict) else '?'} "
                                 f"is not the folder's {step}")
            out.append(CheckpointInfo(d, step, meta.get("marked") is True, float(meta.get("wall_time", 0.0))))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:  # nested 100k deep
            log.warning("damaged checkpoint %s: %s", d, exc)
            out.append(CheckpointInfo(d, step, False, 0.0, f"{d.name}: state.json cannot be read ({exc})"))
    return sorted(out, key=lambda c: c.step)


def write_checkpoint(
    run_dir: str | Path,
    step: int,
    model: torch.nn.Module,
    tensors: dict,
    state: dict,
    marked: bool = False,
    keep_last: int = 3,
) -> CheckpointInfo:
    """Write a checkpoint of ``step`` atomically and prune old ones.

    Parameters
    ----------
    model
        Saved under every state-dict name, tied ones too (:func:`.weights.save_weights`).
    tensors
        Optimiser state and RNG tensors: anything ``torch.load(weights_only=True)`` reads back.
    state
        JSON-ready trainer state; ``step``, ``format``, ``marked``, ``wall_time`` and the file
        hashes are added.
    keep_last
        Unmarked checkpoints kept (the newest ones); marked ones are never pruned.

    Raises
    ------
    OSError
        The disk is full or the folder not writable; the previous checkpoints are untouched.
    """
    folder = run_subdir(run_dir, CHECKPOINTS_DIR)
    final = folder / checkpoint_name(step)
    if marked:
        held = [c for c in list_checkpoints(run_dir) if c.marked and c.path != final]
        if len(held) >= MAX_MARKED:
            raise CheckpointLimitError(
                f"no marked checkpoint written: the run already holds {len(held)} marked checkpoints, "
                f"the most it keeps ({MAX_MARKED}); delete some from {folder} to mark more")
    tmp = folder / f"{_TMP}{step}-{os.getpid()}-{time.monotonic_ns()}"
    try:
        tmp.mkdir()
    except OSError as exc:
        raise CheckpointWriteError(f"cannot write a checkpoint in {folder}: {describe_write_failure(folder, exc)}") from exc
    try:
        try:
            save_weights(model, tmp / MODEL_FILE)
            torch.save(tensors, tmp / STATE_PT)
        except Exception as exc:  # safetensors and torch report a full disk as their own errors
            raise CheckpointWriteError(f"cannot write a checkpoint in {folder}: "
                                       f"{describe_write_failure(folder, exc)}") from exc
        meta = dict(state)
        meta.update({
            "format": CHECKPOINT_FORMAT, "step": int(step), "marked": bool(marked), "wall_time": time.time(),
            "files": {name: _sha256(tmp / name) for name in (MODEL_FILE, STATE_PT)},
        })
        meta["state_sha256"] = _meta_digest(meta)
        (tmp / STATE_JSON).write_text(json.dumps(meta, allow_nan=False), encoding="utf-8")
        for name in (MODEL_FILE, STATE_PT, STATE_JSON):
            follow_umask(tmp / name)  # all files alike, as the user's umask says
            _fsync(tmp / name)
        if final.is_symlink():  # not a checkpoint this app wrote: the link goes, never its target
            log.warning("replacing %s, a link to %s, by the checkpoint of step %d (the link's target is left "
                        "as it is)", final, os.path.realpath(final), step)
            final.unlink()
        if final.exists():  # the same step again (e.g. Ctrl+S after an automatic checkpoint)
            old = folder / f"{_TMP}old-{step}-{time.monotonic_ns()}"
            final.rename(old)
            tmp.rename(final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(final)
        _fsync(folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    info = CheckpointInfo(final, int(step), bool(marked), meta["wall_time"])
    _prune(folder, keep_last)
    return info


def _prune(folder: Path, keep_last: int) -> None:
    """Remove all but the newest ``keep_last`` unmarked checkpoints, each renamed out of the
    listing first (``.tmp-del-*``) so a kill mid-delete never leaves half a checkpoint that
    reads as damaged; leftovers are removed by the next ``list_checkpoints(clean=True)``."""
    ckpts = list_checkpoints(folder.parent)
    unmarked = [c for c in ckpts if not c.marked]
    for c in unmarked[: max(0, len(unmarked) - keep_last)]:
        doomed = folder / f"{_TMP}del-{c.step}-{time.monotonic_ns()}"
        try:
            remove_atomically(c.path, doomed)
        except OSError as exc:  # not renamed: kept; renamed but not removed: the next clean removes it
            log.warning("cannot prune %s: %s", c.path, exc)


def mark_checkpoint(info: CheckpointInfo) -> None:
    """Keep ``info`` whatever ``keep_last`` says.

    Raises
    ------
    CheckpointLimitError
        The run already holds :data:`MAX_MARKED` marked checkpoints.
    """
    held = [c for c in list_checkpoints(info.path.parent.parent) if c.marked and c.path != info.path]
    if len(held) >= MAX_MARKED:
        raise CheckpointLimitError(f"{info.path.name} not marked: the run already holds {len(held)} marked "
                                   f"checkpoints, the most it keeps ({MAX_MARKED})")
    path = info.path / STATE_JSON
    meta = json.loads(path.read_text(encoding="utf-8"))
    meta["marked"] = True
    meta["state_sha256"] = _meta_digest(meta)
    tmp = unique_temp(path.parent, f".{STATE_JSON}-")
    try:
        tmp.write_text(json.dumps(meta, allow_nan=False), encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def read_checkpoint(info: CheckpointInfo | str | Path, device: torch.device | str = "cpu") -> tuple[dict, dict]:
    """Verify a checkpoint's files and read its state (not its weights: :func:`load_weights`).

    Returns
    -------
    state
        ``state.json`` as a dict.
    tensors
        ``state.pt`` read with ``weights_only=True`` and mapped to ``device``.

    Raises
    ------
    CheckpointError
        A file is missing, truncated or altered (hash mismatch), ``state.json`` is not JSON,
        or ``state.pt`` holds anything but tensors and plain values (a pickle that would run
        code is refused, not executed).
    CheckpointMismatch
        The checkpoint format is newer than this version (not skipped for an older one).
    """
    path = info.path if isinstance(info, CheckpointInfo) else Path(info)
    if isinstance(info, CheckpointInfo) and info.damaged:
        raise CheckpointError(info.damaged)
    try:
        meta = read_state_json(path)
    except (OSError, ValueError, RecursionError) as exc:
        raise CheckpointError(f"{path.name}: cannot read state.json ({exc})") from exc
    if not isinstance(meta, dict) or not isinstance(meta.get("files"), dict) or "step" not in meta:
        raise CheckpointError(f"{path.name}: state.json is incomplete")
    fmt = meta.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise CheckpointError(f"{path.name}: state.json has no valid format number")
    if fmt > CHECKPOINT_FORMAT:
        raise CheckpointMismatch(f"{path.name}: written by a newer ANDREA Desktop (checkpoint format "
                              f"{meta.get('format')}, {CHECKPOINT_FORMAT} here); update the app")
    try:
        digest = _meta_digest(meta)
    except (ValueError, TypeError, RecursionError) as exc:  # NaN or other values JSON should not hold
        raise CheckpointError(f"{path.name}: state.json is damaged ({exc})") from exc
    if meta.get("state_sha256") != digest:
        raise CheckpointError(f"{path.name}: state.json is altered (its checksum differs from the one "
                              "recorded when it was written)")
    for name in (MODEL_FILE, STATE_PT):
        f = path / name
        if f.is_symlink():  # another run's (or any) file: never read as this run's
            raise CheckpointError(f"{path.name}: {name} is a link to {os.path.realpath(f)}; a checkpoint's "
                                  "files must be inside it (the checkpoint was not loaded)")
        if not f.is_file():
            raise CheckpointError(f"{path.name}: {name} is missing")
        if _sha256(f) != meta["files"].get(name):
            raise CheckpointError(f"{path.name}: {name} is truncated or altered (its checksum differs "
                                  "from the one recorded when it was written)")
    try:
        tensors = torch.load(path / STATE_PT, map_location=device, weights_only=True)
    except Exception as exc:  # weights_only refuses any object that would run code
        raise CheckpointError(f"{path.name}: state.pt is not a plain tensor file (it holds objects that "
                              f"could run code when unpickled, or is damaged); it was not loaded "
                              f"({type(exc).__name__})") from exc
    if not isinstance(tensors, dict):
        raise CheckpointError(f"{path.name}: state.pt does not hold a dict")
    return meta, tensors


def check_shapes(path: str | Path, model: torch.nn.Module) -> None:
    """Refuse weights whose names or shapes differ from ``model``'s, before loading any.

    Raises
    ------
    CheckpointMismatch
        Another vocabulary size, model shape or layer set (the message names the first).
    CheckpointError
        The file is not a safetensors file.
    """
    path = Path(path)
    expected = {k: tuple(v.shape) for k, v in model.state_dict().items()}
    try:
        with safe_open(str(path), framework="pt") as f:
            found = {k: tuple(f.get_slice(k).get_shape()) for k in f.keys()}  # noqa: SIM118
    except (SafetensorError, OSError) as exc:
        raise CheckpointError(f"{path.parent.name}: {path.name} is not readable ({exc})") from exc
    emb, head = "wte.weight", "lm_head.weight"  # tied: safetensors stores one of the two names
    if emb in expected and head in expected:
        if head in found and emb not in found:
            found[emb] = found[head]
        elif emb in found and head not in found:
            found[head] = found[emb]
    if emb in found and emb in expected and found[emb] != expected[emb]:
        raise CheckpointMismatch(
            f"{path.parent.name}: its vocabulary has {found[emb][0]} tokens x d_model {found[emb][1]}, "
            f"this run's config {expected[emb][0]} x {expected[emb][1]}: it belongs to another run")
    for k, shape in expected.items():
        if k not in found:
            raise CheckpointMismatch(f"{path.parent.name}: no weight {k!r}: another model shape")
        if k in found and found[k] != shape:
            raise CheckpointMismatch(f"{path.parent.name}: weight {k!r} is {found[k]}, the config needs {shape}")
    extra = sorted(set(found) - set(expected))
    if extra:
        raise CheckpointMismatch(f"{path.parent.name}: weights not in this model ({extra[0]!r}, ...)")


def load_weights(path: str | Path, model: torch.nn.Module, device: torch.device | str) -> None:
    """Load ``model.safetensors`` into ``model`` after :func:`check_shapes` (``load_file`` +
    ``load_state_dict(strict=True)``; a file that stored the tied embedding once still loads)."""
    check_shapes(path, model)
    model.load_state_dict(read_weights(path, device=str(device)), strict=True)


def export_weights(model: torch.nn.Module, path: str | Path) -> Path:
    """Write ``model``'s weights to a safetensors file (atomically: a temporary file of a random
    name beside ``path``, created exclusively, then renamed onto it; a planted link is replaced,
    never written through)."""
    path = Path(path)
    tmp = unique_temp(path.parent, f".{path.name}-")  # a random name, created exclusively
    try:
        save_weights(model, tmp)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path

