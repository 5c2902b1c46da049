"""Terrain results as CSV tables (the Terrain panel's and a notebook's export):
the random-direction surface, the trajectory and its plane, and the figures over steps."""

from __future__ import annotations

import csv
from pathlib import Path

from .terrain import TerrainResult

__all__ = ["export_csv", "CSV_TABLES"]

CSV_TABLES = ("surface", "trajectory", "over_steps")


def export_csv(results: list[TerrainResult], path: str | Path, table: str, step: int | None = None) -> Path:
    """Write one terrain table as CSV (UTF-8, a header row).

    Parameters
    ----------
    results
        Terrain results, any order.
    table
        ``surface``: alpha, beta, loss and the loss per source of one result's random-direction
        surface; ``trajectory``: the path (step, x, y) and then the plane's grid (a, b, loss)
        of one result; ``over_steps``: one row per result (step, lr, 2/lr, lambda_max, trace,
        its standard error, basin mean and max rise, rho, centre loss).
    step
        The result of ``surface`` and ``trajectory`` (default: the newest).

    Raises
    ------
    ValueError
        An unknown table, no results, or no result at ``step``.
    OSError
        The file cannot be written.
    """
    if table not in CSV_TABLES:
        raise ValueError(f"unknown terrain table {table!r} (one of {', '.join(CSV_TABLES)})")
    if not results:
        raise ValueError("there is no terrain result to export")
    results = sorted(results, key=lambda r: r.step)
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        if table == "over_steps":
            w.writerow(["step", "lr", "gd_threshold_2_over_lr", "lambda_max", "trace", "trace_stderr",
                        "basin_mean_rise", "basin_max_rise", "basin_radius", "centre_loss"])
            for r in results:
                w.writerow([r.step, r.lr, r.gd_threshold, r.lambda_max, r.trace, r.trace_stderr,
                            r.basin_mean, r.basin_max, r.basin_radius, r.centre_loss])
            return path
        chosen = results[-1] if step is None else next((r for r in results if r.step == step), None)
        if chosen is None:
            raise ValueError(f"no terrain result at step {step}")
        if table == "surface":
            w.writerow(["alpha", "beta", "loss", *(f"loss/{s}" for s in chosen.sources)])
            for i, b in enumerate(chosen.betas):
                for j, a in enumerate(chosen.alphas):
                    w.writerow([a, b, chosen.surface[i, j], *chosen.surface_by_source[:, i, j]])
        else:
            w.writerow(["kind", "step", "x", "y", "loss"])
            for s, (x, y) in zip(chosen.path_steps, chosen.path_xy, strict=True):
                w.writerow(["path", int(s), x, y, ""])
            for i, b in enumerate(chosen.plane_betas):
                for j, a in enumerate(chosen.plane_alphas):
                    w.writerow(["plane", chosen.step, a, b, chosen.plane_surface[i, j]])
    return path
