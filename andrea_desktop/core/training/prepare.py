"""Turn a run folder (new or existing) into a :class:`PreparedRun`: config, tokenizer and
tokenised data, checked against each other (DESIGN §4 "Run directory", "Data")."""

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
from ..data import Dataset, check_vocab, load_sources, tokenize_sources, train_tokenizer
from ..hf.init_from import apply_init_from
from ..mixture.curriculum import constraints_from_config
from ..rundir.layout import (
    CHECKPOINTS_DIR,
    CONFIG,
    CREATED_FILES,
    LOCK,
    TOKENIZER,
    WRITE_TEST,
    is_run_dir,
)
from .errors import RunError
from .placement import check_memory

__all__ = ["PreparedRun", "prepare_run", "remove_new_run", "check_trainable", "lock_run"]

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
    """

    run_dir: Path
    config: Config
    dataset: Dataset
    created: bool
    gui: bool = False

    @property
    def tokenizer(self) -> Tokenizer:
        return self.dataset.tokenizer

    def discard(self) -> None:
        """Undo the creation of a run that could not be trained (only if this call created it):
        a cancelled or failed start leaves nothing behind."""
        if self.created:
            remove_new_run(self.run_dir, remove_folder=True)


def prepare_run(
    run_dir: str | Path,
    preset: str | None = None,
    config: Config | None = None,
    progress: ProgressFn | None = None,
    gui: bool = False,
) -> PreparedRun:
    """Create a new run in ``run_dir`` or open the run it holds.

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

    Raises
    ------
    RunError
        The folder is not empty but holds no run, the preset differs from the run's, the
        tokenizer is missing or does not match the model, or the data no longer match
        ``data.fingerprint``.
    ConfigError, DataError, CorpusError, ConstraintError
        Bad configuration (an ``InitFromError`` for a ``model.init_from`` folder that cannot start
        a run), data or curriculum constraints (messages name the key, source or
        file).
    """
    run_dir = Path(run_dir)
    if is_run_dir(run_dir):
        return dataclasses.replace(_open_run(run_dir, preset, progress), gui=gui)
    if run_dir.exists() and not run_dir.is_dir():
        raise RunError(f"{run_dir} is a file, not a folder; choose a folder for the run")
    if run_dir.exists() and any(run_dir.iterdir()):
        raise RunError(f"{run_dir} is not empty and holds no run (no {CONFIG}); choose an empty folder")
    if config is None:
        config = load_preset(preset or "andrea-tiny")
    init_tok = None
    if config.model.init_from:  # a Hugging Face GPT-2 folder gives the shape and the tokenizer
        config, init_tok = apply_init_from(config)
    # user sources are recorded with absolute paths: the run must not depend on the cwd
    config = config.replace(data=dataclasses.replace(config.data, sources=[
        SourceSpec(s.name, [str(Path(p).expanduser().resolve()) for p in s.paths]) for s in config.data.sources
    ]))
    # make the folder first: a place we cannot write fails now, not after the slow steps
    made = not run_dir.exists()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        probe = run_dir / WRITE_TEST
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise RunError(f"cannot create the run folder {run_dir}: {exc.strerror or exc}") from exc
    try:
        sources = load_sources(config.data, progress)
        if config.curriculum.enabled:  # before the slow steps: bad constraints fail at once
            constraints_from_config([s.name for s in sources], config.curriculum)
        tok = train_tokenizer(sources, config.data.tokenizer_vocab_size, progress) if init_tok is None else init_tok
        ds = tokenize_sources(sources, tok, config.data.val_fraction, config.model.block_size + 1, progress)
        cfg = config.replace(
            model=dataclasses.replace(config.model, vocab_size=tok.get_vocab_size()),
            data=dataclasses.replace(config.data, fingerprint=ds.fingerprint),
        )
        check_memory(cfg)
        tok.save(str(run_dir / TOKENIZER))
        save_config(cfg, run_dir / CONFIG)  # last: a folder with config.toml is a run
    except BaseException:
        remove_new_run(run_dir, made)
        raise
    log.info("created run %s (preset %s)", run_dir, cfg.run.preset)
    return PreparedRun(run_dir, cfg, ds, created=True, gui=gui)


def _open_run(run_dir: Path, preset: str | None, progress: ProgressFn | None) -> PreparedRun:
    """The existing run in ``run_dir``, checked (:func:`prepare_run`)."""
    cfg = load_config(run_dir / CONFIG)
    if preset is not None and preset != cfg.run.preset:
        raise RunError(
            f"{run_dir} is a run of preset {cfg.run.preset!r}, not {preset!r}; "
            "leave out --preset or choose another folder"
        )
    tok_path = run_dir / TOKENIZER
    try:
        tok = Tokenizer.from_file(str(tok_path))
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


def remove_new_run(run_dir: Path, remove_folder: bool) -> None:
    """Undo a run creation that failed: the files it writes, and the folder if it made it."""
    for name in CREATED_FILES:
        try:
            (run_dir / name).unlink()
        except OSError:
            pass
    if remove_folder:
        try:
            run_dir.rmdir()
        except OSError:
            pass


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


def lock_run(run_dir: Path) -> FileLock:
    """Take the run's lock (``.andrea.lock``) for the trainer: one trainer per run directory,
    since a second would interleave two histories. Release it with ``.release()``.

    Raises
    ------
    RunError
        Another process holds it.
    """
    lock = FileLock(str(run_dir / LOCK))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise RunError(f"another process is training {run_dir}; stop it first, or follow the run") from None
    return lock
