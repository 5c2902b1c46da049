"""A step axis on a log scale (the LR panel's "log step axis" box and the compared runs' LR plot
that follows it), with readable labels."""

from __future__ import annotations

import math

import pyqtgraph as pg

__all__ = ["set_log_steps"]


def _one_two_five(value: float) -> bool:
    """A log-axis tick at 1, 2 or 5 times a power of ten (``value`` in decades)."""
    mantissa = 10 ** (value - math.floor(value + 1e-9))
    return any(abs(mantissa - m) < 1e-6 * m for m in (1, 2, 5))


def set_log_steps(plot_item: pg.PlotItem, on: bool) -> None:
    """Steps on a log axis (``on``) or a linear one. The log axis labels its ticks at 1, 2 and 5
    times a power of ten only: pyqtgraph labels every one of 2·10¹ … 9·10¹, and on a plot a dock
    wide they run into one another."""
    plot_item.setLogMode(x=on)  # every item follows (step 0: left out)
    axis = plot_item.getAxis("bottom")
    if not getattr(axis, "_labels_one_two_five", False):
        strings = axis.logTickStrings

        def labels(values, scale, spacing):
            return [s if _one_two_five(v) else "" for v, s in zip(values, strings(values, scale, spacing), strict=True)]

        axis.logTickStrings = labels
        axis._labels_one_two_five = True
