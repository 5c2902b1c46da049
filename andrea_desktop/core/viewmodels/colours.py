"""The colour of a data source and of a run: a pure function of its name.

A colour that depends on the order in which sources or runs were met (the i-th source, the
n-th run opened) changes between the live, reopened and continued views of one run and after
every restart. Here the name alone chooses: the same source is the same colour in every panel,
window, session and machine.

The palettes are colour-blind safe and readable on the light plot background: Okabe & Ito's
(2008, "Color Universal Design") colours without black and yellow, then Paul Tol's muted scheme (2021,
"Colour schemes", SRON/EPS/TN/09-002). The index is the name's BLAKE2s digest modulo the
palette's length, so two names can share a colour (the demo's sources do not: a test checks
it); a run's legend names each curve, so a shared colour is never the only way to tell them.
Runs drawn together in a comparison never share one while the palette lasts
(:func:`distinct_run_colours`: a run whose own colour another compared run has takes the next
free one, the same for the same set of runs).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping, Sequence

__all__ = ["SOURCE_PALETTE", "RUN_PALETTE", "source_colour", "run_colour", "distinct_run_colours", "group_colour"]

SOURCE_PALETTE: tuple[str, ...] = (
    "#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00",  # Okabe-Ito (not its yellow)
    "#882255", "#44AA99", "#999933", "#AA4499", "#661100", "#332288", "#117733",  # Tol muted
)
"""The colours of data sources (hex ``#RRGGBB``). Okabe-Ito's yellow is left out: it does not
read on the light plot background."""

_SOURCE_SALT = "source39"
"""Mixed into a source name's digest: the first salt (counting up from ``source``) that gives the
demo's three sources three different Okabe-Ito colours."""

RUN_PALETTE: tuple[str, ...] = (
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
    "#882255", "#44AA99", "#999933", "#AA4499", "#661100",
)
"""The colours of runs in a comparison (hex ``#RRGGBB``)."""


def _index(name: str, n: int, salt: str) -> int:
    digest = hashlib.blake2s(f"{salt}\0{name}".encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % n


def source_colour(name: str) -> str:
    """The colour of the data source ``name`` (``#RRGGBB``), the same wherever it is drawn."""
    return SOURCE_PALETTE[_index(str(name), len(SOURCE_PALETTE), _SOURCE_SALT)]


def run_colour(name: str) -> str:
    """The colour of the run whose folder is called ``name`` (``#RRGGBB``), the same in every
    view and after a restart."""
    return RUN_PALETTE[_index(str(name), len(RUN_PALETTE), "run")]


def group_colour(key: str) -> str:
    """The colour of a seed group (``#RRGGBB``) from its key
    (:class:`~andrea_desktop.core.viewmodels.groups.RunGroup`: the digest of its runs' shared
    settings, or the setting and value it groups by), the same in every view and after a restart;
    from the runs' palette, salted apart from the runs' own choice."""
    return RUN_PALETTE[_index(str(key), len(RUN_PALETTE), "group")]


def distinct_run_colours(runs: Sequence[tuple[Hashable, str]], chosen: Mapping[Hashable, str] | None = None
                         ) -> dict[Hashable, str]:
    """Colours of runs drawn together (a comparison), all different while the palette lasts.

    Each run keeps :func:`run_colour` of its name unless another run drawn with it has that
    colour too: a colour the user chose (``chosen``) stays; then the runs whose own colour is
    still free keep it, in the order of their names; a run whose own colour is taken gets the
    next free colour of :data:`RUN_PALETTE` after its own. The result depends on which runs are
    drawn, never on the order they were checked or met in; with more runs than colours, the runs
    past the palette keep their own colour.

    Parameters
    ----------
    runs
        ``(key, folder name)`` of each run drawn (a key is e.g. its path: two folders of one name
        are two runs).
    chosen
        The colours (``#RRGGBB``) users chose, by key.
    """
    chosen = chosen or {}
    out: dict[Hashable, str] = {k: chosen[k] for k, _name in runs if chosen.get(k)}
    used = {c.lower() for c in out.values()}
    pending = []
    for key, name in sorted(((k, n) for k, n in runs if k not in out), key=lambda kn: (kn[1], str(kn[0]))):
        own = run_colour(name)
        if own.lower() in used:
            pending.append((key, name))
        else:
            out[key] = own
            used.add(own.lower())
    for key, name in pending:
        start = RUN_PALETTE.index(run_colour(name))
        free = [c for c in (RUN_PALETTE[(start + i) % len(RUN_PALETTE)] for i in range(1, len(RUN_PALETTE)))
                if c.lower() not in used]
        out[key] = free[0] if free else run_colour(name)
        used.add(out[key].lower())
    return out
