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
"""

from __future__ import annotations

import hashlib

__all__ = ["SOURCE_PALETTE", "RUN_PALETTE", "source_colour", "run_colour", "group_colour"]

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
