"""Rewinding a run folder to a step: when a run resumes from the checkpoint of step ``s``, every
per-step artefact of steps after ``s`` belongs to an abandoned future (the steps are trained
again, differently) and is removed together, here and nowhere else:

============================  =========================================================
``metrics.sqlite``            scalars, events and samples with step > s (the store's writer)
``probes/<step>.npz``         probe files of steps > s
``probes/embedding.npz``      the embedding, when it was captured after s
``terrain/<step>.npz``        terrain results of steps > s
============================  =========================================================

Checkpoints are not artefacts of this kind: the resume restores the newest that reads, so the
ones after it are damaged and are listed (and refused) as such.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Protocol

from .layout import EMBEDDING_FILE, PROBES_DIR, TERRAIN_DIR, run_subdir
from .probes import delete_probes_after, list_probes, probes_dir, read_embedding
from .terrain import list_steps, terrain_path

__all__ = ["purge_after"]

log = logging.getLogger(__name__)


class _Rows(Protocol):
    def delete_after(self, step: int) -> None: ...


def purge_after(run_dir: str | Path, step: int, store: _Rows | None = None, files: bool = True) -> list[Path]:
    """Remove every per-step artefact of ``run_dir`` after global step ``step``.

    Parameters
    ----------
    store
        The run's metrics writer (:class:`~andrea_desktop.core.rundir.store.RunStore`): its rows
        after ``step`` are deleted (queued, in order with the rows written after).
    files
        Also remove the files (False on the ranks of a distributed run other than rank 0, which
        own no files).

    Returns
    -------
    The files removed.

    Raises
    ------
    UnsafePathError
        ``probes/`` or ``terrain/`` is a link: nothing is removed through it.
    """
    if store is not None:
        store.delete_after(step)
    if not files:
        return []
    run_dir = Path(run_dir)
    for name in (PROBES_DIR, TERRAIN_DIR):
        run_subdir(run_dir, name, create=False)  # a linked folder: refused before anything is removed
    removed: list[Path] = []
    try:
        embedding = read_embedding(run_dir)
    except ValueError as exc:  # damaged: left for the reader to report, as it does today
        log.warning("embedding not checked while rewinding to step %d: %s", step, exc)
        embedding = None
    if embedding is not None and embedding[0] > step:
        path = probes_dir(run_dir) / EMBEDDING_FILE
        path.unlink(missing_ok=True)
        removed.append(path)
    removed += [p for s, p in list_probes(run_dir).items() if s > step]
    delete_probes_after(run_dir, step)
    for s in list_steps(run_dir):
        if s > step:
            path = terrain_path(run_dir, s)
            path.unlink(missing_ok=True)  # a planted link is removed, never followed
            removed.append(path)
    if removed:
        log.info("rewound %s to step %d: removed %s", run_dir, step, ", ".join(p.name for p in removed))
    return removed
