"""Turn a run folder (new or existing) into a :class:`PreparedRun`: config, tokenizer and
tokenised data, checked against each other (docs/design.md#the-run-folder, docs/design.md#data)."""

from __future__ import annotations

import dataclasses
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout
from tokenizers import Tokenizer

from ..config import Config, SourceSpec, load_config, load_preset, save_config
from ..corpus import ProgressFn
from ..data import (
    Dataset,
    check_vocab,
    load_sources,
    parse_tokenizer,
    tokenize_sources,
    train_tokenizer,
)
from ..hf.init_from import MAX_TOKENIZER_BYTES, apply_init_from
from ..mixture.curriculum import constraints_from_config
from ..rundir.layout import (
    CHECKPOINTS_DIR,
    CONFIG,
    CREATED_FILES,
    LOCK,
    TOKENIZER,
    WRITE_TEST,
    check_file,
    check_no_links,
    check_single_name,
    is_run_dir,
    trainer_alive,
)
from ..small_files import read_small
from .errors import RunError
from .placement import check_memory

__all__ = ["PreparedRun", "prepare_run", "remove_new_run", "check_trainable", "lock_run", "MAX_TOKENIZER_BYTES"]

log = logging.getLogger(__name__)


@dataclass
class PreparedRun:
    """A run directory with its config, tokenizer and tokenised data, checked to match.

    Attributes
    ----------
    run_dir
        The run directory (holds ``config.toml``, ``tokenizer.json``, ``metrics.sqlite``).
    config
        The run's configuration, with ``model.vocab_size`` and ``data.fingerprint`` filled in.
    dataset
        Tokenised sources and the tokenizer.
    created
        True if this call created the run.
    gui
        Whether the GUI drives the run (with ``run.torch_threads = 0`` torch starts with one core
        fewer: :func:`~andrea_desktop.core.training.placement.default_threads`).
    lock
        The run's lock (``.andrea.lock``), held since before the run's first file was written,
        for a run this call created with ``hold_lock``: the :class:`Trainer` takes it over (no
        other process can slip in between the creation and the training), and
        :meth:`discard` removes the run under it. None otherwise.
    """

    run_dir: Path
    config: Config
    dataset: Dataset
    created: bool
    gui: bool = False
    lock: FileLock | None = None

    @property
    def tokenizer(self) -> Tokenizer:
        return self.dataset.tokenizer

    def discard(self) -> None:
        """Undo the creation of a run that could not be trained (only if this call created it):
        a cancelled or failed start leaves nothing behind. The files are removed under the run's
        lock only: when another process holds it now (it trains the run), nothing is removed."""
        if not self.created:
            return
        lock, self.lock = self.lock, None
        if lock is None:
            try:
                lock = lock_run(self.run_dir)
            except RunError as exc:
                log.warning("the failed start of %s is not undone: %s", self.run_dir, exc)
                return
        remove_new_run(self.run_dir, remove_folder=True, lock=lock)


def prepare_run(
    run_dir: str | Path,
    preset: str | None = None,
    config: Config | None = None,
    progress: ProgressFn | None = None,
    gui: bool = False,
    hold_lock: bool = False,
) -> PreparedRun:
    """Create a new run in ``run_dir`` or open the run it holds.

    A new run is made under the run's lock (``.andrea.lock``), taken before anything else is
    written in the folder: of two processes creating a run in one folder at once, the second is
    refused and writes (and removes) nothing there.

    Parameters
    ----------
    run_dir
        Folder of the run. Missing or empty: a new run of ``config`` (or ``preset``) is
        created. Holding a ``config.toml``: that run is opened, and a ``preset`` given too
        must match it.
    preset, config
        What a new run is made of (``config`` wins); ignored when opening, but for the check.
    progress
        ``progress(stage, done, total)`` for corpus build, tokenizer training, tokenisation.
    gui
        Whether the GUI drives the run (decides the automatic torch thread count; ``run.torch_threads``
        stays as given, 0 meaning automatic).
    hold_lock
        For a new run: keep its lock (:attr:`PreparedRun.lock`) for the trainer that takes it
        over; False releases it when the run is made.

    Raises
    ------
    RunError
        The folder is not empty but holds no run, another process is creating or training a run
        in it, the preset differs from the run's, the tokenizer is missing or does not match the
        model, or the data no longer match ``data.fingerprint``.
    UnsafePathError
        One of the run's files or folders is a link (an ``OSError``; nothing was read or written).
    ConfigError, DataError, CorpusError, ConstraintError
        Bad configuration (an ``InitFromError`` for a ``model.init_from`` folder that cannot start
        a run), data or curriculum constraints (messages name the key, source or
        file).
    """
    run_dir = Path(run_dir)
    if is_run_dir(run_dir):
        return dataclasses.replace(_open_run(run_dir, preset, progress), gui=gui)
    _check_empty(run_dir)
    if config is None:
        config = load_preset(preset or "andrea-tiny")
    init_tok = None
    if config.model.init_from:  # a Hugging Face GPT-2 folder gives the shape and the tokenizer
        config, init_tok = apply_init_from(config)
    # user sources are recorded with absolute paths: the run must not depend on the cwd
    config = config.replace(data=dataclasses.replace(config.data, sources=[
        SourceSpec(s.name, [str(Path(p).expanduser().resolve()) for p in s.paths]) for s in config.data.sources
    ]))
    # make the folder and take its lock first: a place we cannot write fails now, not after the
    # slow steps, and another process creating a run here is refused before either writes a file
    made = not run_dir.exists()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RunError(f"cannot create the run folder {run_dir}: {exc.strerror or exc}") from exc
    try:
        lock = lock_run(run_dir, creating=True)
    except BaseException:
        if made:  # nothing of ours or anybody else's is in it: the folder only
            _remove_empty(run_dir)
        raise
    try:
        _check_empty(run_dir)  # again, under the lock: a run made meanwhile is not ours to touch
    except BaseException:
        lock.release()
        raise
    try:
        probe = run_dir / WRITE_TEST
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        remove_new_run(run_dir, made, lock)
        raise RunError(f"cannot create the run folder {run_dir}: {exc.strerror or exc}") from exc
    try:
        sources = load_sources(config.data, progress)
        if config.curriculum.enabled:  # before the slow steps: bad constraints fail at once
            constraints_from_config([s.name for s in sources], config.curriculum)
        tok = train_tokenizer(sources, config.data.tokenizer_vocab_size, progress) if init_tok is None else init_tok
        ds = tokenize_sources(sources, tok, config.data.val_fraction, config.model.block_size + 1, progress)
        cfg = config.replace(
            run=dataclasses.replace(config.run, origin="trainer"),  # made from a script's run: the trainer's now
            model=dataclasses.replace(config.model, vocab_size=tok.get_vocab_size()),
            data=dataclasses.replace(config.data, fingerprint=ds.fingerprint),
        )
        check_memory(cfg)
        tok.save(str(run_dir / TOKENIZER))
        save_config(cfg, run_dir / CONFIG)  # last: a folder with config.toml is a run
    except BaseException:
        remove_new_run(run_dir, made, lock)
        raise
    log.info("created run %s (preset %s)", run_dir, cfg.run.preset)
    if not hold_lock:
        lock.release()
        lock = None
    return PreparedRun(run_dir, cfg, ds, created=True, gui=gui, lock=lock)


def _check_empty(run_dir: Path) -> None:
    """Refuse a place for a new run that is a file, holds a run or holds anything but a lock file.

    Raises
    ------
    RunError
        Saying which (and that another process is at work there when it holds the lock).
    """
    if run_dir.exists() and not run_dir.is_dir():
        raise RunError(f"{run_dir} is a file, not a folder; choose a folder for the run")
    if not run_dir.exists():
        return
    if is_run_dir(run_dir):
        raise RunError(f"{run_dir} already holds a run (another process made it meanwhile); "
                       "choose another folder, or resume it")
    if any(p.name != LOCK for p in run_dir.iterdir()):
        if trainer_alive(run_dir):
            raise RunError(f"another process is creating a run in {run_dir}; choose another folder")
        raise RunError(f"{run_dir} is not empty and holds no run (no {CONFIG}); choose an empty folder")


def _remove_empty(run_dir: Path) -> None:
    """Remove a folder this call made, if it is still empty."""
    try:
        run_dir.rmdir()
    except OSError:
        pass


def _open_run(run_dir: Path, preset: str | None, progress: ProgressFn | None) -> PreparedRun:
    """The existing run in ``run_dir``, checked (:func:`prepare_run`)."""
    check_no_links(run_dir, writing=True)  # before anything is read or written: UnsafePathError names the link
    cfg = load_config(run_dir / CONFIG)
    if cfg.run.origin != "trainer":  # written by the user's own script (andrea_desktop.track)
        raise RunError(f"{run_dir} is a run of your own training script (run.origin = {cfg.run.origin!r} in "
                       f"{CONFIG}): only that script trains it; open it in the window to view or follow it")
    if preset is not None and preset != cfg.run.preset:
        raise RunError(
            f"{run_dir} is a run of preset {cfg.run.preset!r}, not {preset!r}; "
            "leave out --preset or choose another folder"
        )
    tok_path = run_dir / TOKENIZER
    try:  # the run's own file: never a link, a FIFO (which would block) or a device, and bounded
        tok = parse_tokenizer(read_small(tok_path, MAX_TOKENIZER_BYTES).decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise RunError(f"{tok_path}: cannot read the run's tokenizer ({exc})") from exc
    except Exception as exc:  # the tokenizers library raises plain Exception  # noqa: BLE001
        raise RunError(f"{tok_path}: cannot read the run's tokenizer ({exc})") from exc
    check_vocab(tok, cfg.model.vocab_size)
    sources = load_sources(cfg.data, progress)
    ds = tokenize_sources(sources, tok, cfg.data.val_fraction, cfg.model.block_size + 1, progress)
    if cfg.curriculum.enabled:
        constraints_from_config(ds.names, cfg.curriculum)  # ConstraintError names the problem
    if ds.fingerprint != cfg.data.fingerprint:
        raise RunError(
            f"the training data of {run_dir} no longer match the run (fingerprint "
            f"{ds.fingerprint[:12]} != {cfg.data.fingerprint[:12]} in {CONFIG}). Possible "
            f"causes: a source file was edited or moved; the [data] settings or {TOKENIZER} "
            "were edited; the embedded corpus comes from another Python version. Restore "
            "them, or start a new run."
        )
    return PreparedRun(run_dir, cfg, ds, created=False)


def remove_new_run(run_dir: Path, remove_folder: bool, lock: FileLock) -> None:
    """Undo a run creation that failed: the files it writes, and the folder if it made it.

    Only the holder of the run's lock removes them (``lock``, held, is released here): whoever
    else would delete the files of the process that trains the run now. The lock file goes last,
    while still held (a process that opened it before then finds it removed and takes a new one).
    """
    try:
        for name in CREATED_FILES:
            if name == LOCK:
                continue
            try:
                (run_dir / name).unlink()
            except OSError:
                pass
        try:
            (run_dir / LOCK).unlink()
        except OSError:
            pass
    finally:
        lock.release()
    if remove_folder:
        _remove_empty(run_dir)


def check_trainable(run_dir: Path) -> None:
    """Refuse to train a run whose folder (or ``checkpoints/``) cannot be written: its history
    would be replaced and no checkpoint could land.

    Raises
    ------
    RunError
        ``checkpoints`` is a file, or a folder is read-only.
    """
    ck = run_dir / CHECKPOINTS_DIR
    if ck.exists() and not ck.is_dir():
        raise RunError(f"{ck} is a file, so no checkpoint can be written; move it aside")
    for folder in (run_dir, ck):
        if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
            raise RunError(f"{folder} is read-only: training needs to write there. Make it writable, "
                           "or open the run in ANDREA Desktop to view it")


def lock_run(run_dir: Path, creating: bool = False) -> FileLock:
    """Take the run's lock (``.andrea.lock``) for the trainer, or for the creation of a run
    (``creating``): one trainer per run directory, since a second would interleave two
    histories, and one creator, who alone may remove what it wrote. Release it with
    ``.release()``.

    Raises
    ------
    RunError
        Another process holds it, or this user may not write it (another user's run: the
        read-only message of :func:`check_trainable`).
    UnsafePathError
        ``.andrea.lock`` is a link (opening it would truncate its target).
    """
    lock = FileLock(str(check_single_name(check_file(run_dir / LOCK))))  # a linked lock file is refused, never opened
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if creating:
            raise RunError(f"another process is creating or training a run in {run_dir}; choose another "
                           "folder, or wait for it and resume the run") from None
        raise RunError(f"another process is training {run_dir}; stop it first, or follow the run") from None
    except PermissionError:  # another user's run: its lock file (or folder) is not ours to write
        raise RunError(f"{run_dir} is read-only: training needs to write there. Make it writable, "
                       "or open the run in ANDREA Desktop to view it") from None
    return lock
