"""A pivot payload's values are taken only in their own type: ``keep_stats: "no"`` is refused,
not read as true, and a ``params`` that is not a table is refused, not read as none."""

from __future__ import annotations

import pytest

from andrea_desktop.core.mixture.curriculum import Pivot
from andrea_desktop.core.mixture.simplex import ConstraintError

NAMES = ("a", "b", "c")


@pytest.mark.parametrize("value", ["no", "false", 0, 1, None, [], {}])
def test_keep_stats_that_is_not_true_or_false_is_refused(value):
    with pytest.raises(ConstraintError, match="keep_stats must be true or false"):
        Pivot.from_dict(NAMES, {"constraints": {}, "keep_stats": value})


@pytest.mark.parametrize("value", ["", 0, False, []])
def test_params_that_is_not_a_table_is_refused(value):
    with pytest.raises(ConstraintError, match="params must be a table"):
        Pivot.from_dict(NAMES, {"constraints": {}, "params": value})


def test_true_false_and_no_keep_stats_are_taken():
    assert Pivot.from_dict(NAMES, {"constraints": {}, "keep_stats": False}).keep_stats is False
    assert Pivot.from_dict(NAMES, {"constraints": {}, "keep_stats": True}).keep_stats is True
    assert Pivot.from_dict(NAMES, {"constraints": {}}).keep_stats is True
