"""A run model's terrain results as tables: what the Terrain panel exports, without the panel
knowing the run folder's file formats."""

from __future__ import annotations

from pathlib import Path

from ..rundir.terrain import TerrainResult
from ..rundir.terrain_csv import CSV_TABLES, export_csv

__all__ = ["TerrainResult", "TERRAIN_TABLES", "export_terrain_csv"]

TERRAIN_TABLES = CSV_TABLES
"""The tables :func:`export_terrain_csv` writes."""


def export_terrain_csv(results, path: str | Path, table: str, step: int | None = None) -> Path:
    """Write one table of terrain results as CSV: ``surface`` (the G x G grid of ``step``, loss in
    nats/token on every source and on each), ``trajectory`` (the path's snapshots of ``step``) or
    ``over_steps`` (sharpness, trace and basin width of every result, by step): the columns of
    :func:`~andrea_desktop.core.rundir.terrain_csv.export_csv`.

    Parameters
    ----------
    results
        The results: a run model's ``terrain`` dict (``{step: TerrainResult}``) or an iterable of
        :class:`~andrea_desktop.core.rundir.terrain.TerrainResult`.
    path
        The CSV file to write.
    table
        One of :data:`TERRAIN_TABLES`.
    step
        The result of ``surface`` and ``trajectory`` (None: the newest).

    Returns
    -------
    The path written.

    Raises
    ------
    ValueError
        An unknown table, no results, or no result at ``step``.
    OSError
        The file cannot be written.
    """
    if isinstance(results, dict):
        results = results.values()
    return export_csv(list(results), path, table, step=step)
