"""The terrain's on-disk format: ``terrain/<step>.npz`` in the run directory (one owner).

Every terrain job (:mod:`andrea_desktop.core.terrain`) leaves one file per step, so a reopened
or followed run shows the terrain it had, and ``andrea-terrain`` adds files to a finished run.
This module is the only one that names, writes, lists or parses those files.

A file is a NumPy ``.npz`` archive of plain arrays (no pickles; strings are fixed-width
unicode arrays). It is written to a temporary file with a unique name created exclusively
(``O_CREAT | O_EXCL``), fsynced and renamed into place, so a reader never sees half a file
and two writers never share a temporary file. Reading uses ``allow_pickle=False`` and checks
every array's shape, dtype and bounds (:func:`check_arrays`) before anything is drawn.

Arrays (G = grid points per axis, S = sources, P = path snapshots, K = basin directions,
k = Hessian eigenvalues; losses in nats/token, coordinates in the units given)::

    format            ()      int64   FORMAT
    step              ()      int64   optimiser step of the weights
    lr                ()      float64 learning rate of that step (the reference 2/lr)
    wall_time         ()      float64 Unix time the job finished, s
    n_params          ()      int64   parameters (the tied embedding once)
    n_rows            ()      int64   held-out rows the loss was evaluated on
    seed              ()      int64   seed of the random directions
    sources           (S,)    str     source names
    alphas, betas     (G,)    float64 surface coordinates along d1, d2 (filter-normalised units)
    surface           (G, G)  float32 surface[i, j] = L(w + alphas[j] d1 + betas[i] d2)
    surface_by_source (S,G,G) float32 the same on each source's rows
    path_steps        (P,)    int64   steps of the trajectory snapshots (the last is ``step``)
    path_xy           (P, 2)  float64 (w_i - w_last) projected on the two components (L2 units)
    path_explained    (2,)    float64 share of the path's squared length each component holds
    plane_alphas      (Gp,)   float64 plane coordinates (L2 units); empty when P < 3
    plane_betas       (Gp,)   float64
    plane_surface     (Gp,Gp) float32 L(w + a e1 + b e2) on the trajectory plane
    eigenvalues       (k,)    float64 top Hessian eigenvalues, largest first (see below)
    eig_matvecs       ()      int64   Hessian-vector products the eigensolver used
    eig_converged     ()      bool
    trace             ()      float64 Hutchinson estimate of tr(H)
    trace_stderr      ()      float64 its standard error (sample std / sqrt(m))
    trace_samples     ()      int64   m
    basin_radius      ()      float64 rho, filter-normalised units
    basin_plus        (K,)    float64 L(w + rho d_k)
    basin_minus       (K,)    float64 L(w - rho d_k)
    timing_names      (J,)    str     parts of the job
    timing_s          (J,)    float64 seconds each took
    part              ()      int64   how much of the job the file holds (optional: 3)
    loss              ()      float64 L(w) on the fixed rows (optional: the surface's centre)
    basin_norm2       (K,)    float64 ||d_k||² of each basin direction (optional: unknown)

A job is stored part by part (:mod:`andrea_desktop.core.terrain.job`), each file replacing the
last: part 1 (:data:`PART_SHARPNESS`) holds the loss, the eigenvalues and the basin width, with
empty ``alphas``/``betas``/``surface`` (G = 0), a path of the step alone and no trace
(``trace_samples`` 0); part 2 (:data:`PART_COARSE`) adds a coarse surface; part 3
(:data:`PART_FULL`) is the whole job. Files written before parts existed are part 3.

The Hessian is that of the mean loss (nats/token) with respect to the parameters, so its
eigenvalues are in nats/token per unit squared weight, comparable with 2/lr.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

import numpy as np

from .layout import MAX_STEP, TERRAIN_DIR

__all__ = [
    "TERRAIN_DIR",
    "FORMAT",
    "TerrainFileError",
    "TerrainResult",
    "terrain_path",
    "write_result",
    "read_result",
    "list_steps",
    "read_all",
    "check_arrays",
    "PART_SHARPNESS",
    "PART_COARSE",
    "PART_FULL",
    "MAX_FILE_BYTES",
    "MAX_RUN_BYTES",
    "export_csv",
    "CSV_TABLES",
]

log = logging.getLogger(__name__)

FORMAT = 1
"""Version of the ``terrain/<step>.npz`` format this code writes and reads (parts added optional
fields only: older readers never see a part-1 file as valid, which is what they should do)."""

PART_SHARPNESS, PART_COARSE, PART_FULL = 1, 2, 3
"""The parts of a job a file can hold: sharpness and basin width; a coarse surface too; all."""

MAX_GRID = 401
MAX_PATH = 100_000
MAX_SOURCES = 1024
MAX_COORD = 1e6
"""Largest |coordinate| (alphas, betas, plane coordinates) and basin radius a file may hold."""
MIN_SPACING = 1e-9
"""Least gap between neighbouring coordinates: denormal gaps (5e-324 apart) passed as
"increasing" and crashed the plot's paint (a division by zero in pyqtgraph's axis)."""
MAX_VALUE = 1e15
"""Largest |value| of a loss, eigenvalue, basin loss or other float a file may hold (NaN, a
value not measured, is allowed; a finite 1e308 overflowed the basin's curvature and the axes)."""
MAX_DIRECTIONS = 100_000
MAX_EIGENVALUES = 256
MAX_FILE_BYTES = 128 << 20
"""Bytes one ``terrain/<step>.npz`` file's arrays may take once loaded, at most (from the arrays'
headers, before anything is decompressed: 1,024 sources of a 401 x 401 surface are ~660 MB)."""
MAX_RUN_BYTES = 512 << 20
"""Bytes the terrain results of one run may take together once loaded, at most (a file that
would pass it is refused, as an unreadable one is)."""


class TerrainFileError(ValueError):
    """A ``terrain/<step>.npz`` file cannot be used: unreadable, truncated, from a newer
    version, or with arrays of the wrong shape, dtype or range (the message says which)."""


@dataclass(frozen=True, eq=False)
class TerrainResult:
    """One terrain job's numbers (the in-memory form of ``terrain/<step>.npz``).

    See the module docstring for every array's shape, dtype and unit.
    """

    step: int
    lr: float
    n_params: int
    n_rows: int
    seed: int
    sources: np.ndarray
    alphas: np.ndarray
    betas: np.ndarray
    surface: np.ndarray
    surface_by_source: np.ndarray
    path_steps: np.ndarray
    path_xy: np.ndarray
    path_explained: np.ndarray
    plane_alphas: np.ndarray
    plane_betas: np.ndarray
    plane_surface: np.ndarray
    eigenvalues: np.ndarray
    eig_matvecs: int
    eig_converged: bool
    trace: float
    trace_stderr: float
    trace_samples: int
    basin_radius: float
    basin_plus: np.ndarray
    basin_minus: np.ndarray
    timing_names: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype="<U1"))
    timing_s: np.ndarray = field(default_factory=lambda: np.zeros(0))
    wall_time: float = 0.0
    format: int = FORMAT
    part: int = PART_FULL
    loss: float = math.nan
    basin_norm2: np.ndarray = field(default_factory=lambda: np.zeros(0))

    # ---------------------------------------------------------------- derived numbers
    @property
    def centre(self) -> tuple[int, int]:
        """(row, column) of the weights themselves in ``surface`` (alpha = beta = 0)."""
        return int(np.argmin(np.abs(self.betas))), int(np.argmin(np.abs(self.alphas)))

    @property
    def has_surface(self) -> bool:
        """Whether the file holds a surface (part 2 or 3)."""
        return self.surface.size > 0

    @property
    def complete(self) -> bool:
        """Whether every part of the job is in (a file of part 3)."""
        return self.part >= PART_FULL

    @property
    def centre_loss(self) -> float:
        """L(w) on the fixed rows, nats/token (the stored loss, else the surface's centre)."""
        if math.isfinite(self.loss) or not self.has_surface:
            return float(self.loss)
        i, j = self.centre
        return float(self.surface[i, j])

    @property
    def slice_d1(self) -> np.ndarray:
        """(G,) the 1-D slice L(w + alpha d1) over ``alphas`` (the centre row of the surface)."""
        return self.surface[self.centre[0], :]

    @property
    def slice_d2(self) -> np.ndarray:
        """(G,) the 1-D slice L(w + beta d2) over ``betas`` (the centre column)."""
        return self.surface[:, self.centre[1]]

    @property
    def lambda_max(self) -> float:
        """Top Hessian eigenvalue (NaN if none was computed)."""
        return float(self.eigenvalues[0]) if self.eigenvalues.size else math.nan

    @property
    def gd_threshold(self) -> float:
        """2 / lr: the edge-of-stability threshold of plain gradient descent (Cohen et al.,
        2021); AdamW's differs (see :mod:`andrea_desktop.core.terrain`). inf when lr = 0."""
        return 2.0 / self.lr if self.lr > 0 else math.inf

    @property
    def basin_rise(self) -> np.ndarray:
        """(K,) ½ (L(w + rho d_k) + L(w - rho d_k)) - L(w): the symmetric loss rise at radius
        rho along each direction (the first-order slope cancels; ≈ rho²/2 d_kᵀ H d_k)."""
        return 0.5 * (self.basin_plus + self.basin_minus) - self.centre_loss

    @property
    def basin_mean(self) -> float:
        """Mean of :attr:`basin_rise` (small: a wide basin), nats/token."""
        r = self.basin_rise
        return float(np.mean(r)) if r.size else math.nan

    @property
    def basin_max(self) -> float:
        """Largest :attr:`basin_rise` (the narrowest of the K directions), nats/token."""
        r = self.basin_rise
        return float(np.max(r)) if r.size else math.nan

    @property
    def basin_curvature(self) -> np.ndarray:
        """(K,) the curvature each basin rise implies along its direction, ``2 rise / (rho² ||d_k||²)``
        ≈ ``d_kᵀ H d_k / ||d_k||²``, in the units of lambda_max (nats/token per squared weight
        unit); all NaN for a file without the directions' lengths. A Rayleigh quotient: between
        the smallest and the largest eigenvalue of H (for the loss's quadratic part), so at most
        lambda_max, and near tr(H) / n_params along random directions."""
        r = self.basin_rise
        if self.basin_norm2.shape != r.shape or self.basin_radius <= 0:
            return np.full(r.shape, np.nan)
        with np.errstate(divide="ignore", invalid="ignore"):
            return 2.0 * r / (self.basin_radius**2 * self.basin_norm2)

    @property
    def basin_curvature_mean(self) -> float:
        """Mean of :attr:`basin_curvature` (NaN when unknown)."""
        c = self.basin_curvature
        return float(np.mean(c)) if c.size and np.isfinite(c).all() else math.nan

    @property
    def mean_curvature(self) -> float:
        """tr(H) / n_params: the mean eigenvalue, what a random direction sees on average."""
        return self.trace / self.n_params if self.n_params > 0 and self.trace_samples > 0 else math.nan

    @property
    def nbytes(self) -> int:
        """Bytes the result's arrays take in memory (what :data:`MAX_RUN_BYTES` bounds)."""
        return sum(getattr(self, f.name).nbytes for f in fields(self) if isinstance(getattr(self, f.name), np.ndarray))

    @property
    def has_plane(self) -> bool:
        """Whether the trajectory plane was computed (at least 3 path snapshots)."""
        return self.plane_surface.size > 0

    # ---------------------------------------------------------------- arrays
    def to_arrays(self) -> dict[str, np.ndarray]:
        """Every field as a NumPy array, the dtypes of the module docstring."""
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            kind = _SPEC[f.name][0]
            out[f.name] = np.asarray(v, dtype=_DTYPES[kind]) if kind != "U" else np.asarray(v, dtype=str)
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], origin: str = "terrain result") -> TerrainResult:
        """Build a result from arrays after :func:`check_arrays`.

        Raises
        ------
        TerrainFileError
            A missing key, or a shape, dtype or value out of bounds.
        """
        a = check_arrays(arrays, origin)
        kw = {}
        for f in fields(cls):
            if f.name not in a:
                continue
            v = a[f.name]
            if v.ndim == 0:
                kind = _SPEC[f.name][0]
                v = bool(v) if kind == "b" else int(v) if kind == "i" else float(v)
            kw[f.name] = v
        return cls(**kw)


# name -> (dtype kind, rank); kinds: i int64, f float64, g float32, b bool, U str
_SPEC: dict[str, tuple[str, int]] = {
    "format": ("i", 0), "step": ("i", 0), "lr": ("f", 0), "wall_time": ("f", 0),
    "n_params": ("i", 0), "n_rows": ("i", 0), "seed": ("i", 0), "sources": ("U", 1),
    "alphas": ("f", 1), "betas": ("f", 1), "surface": ("g", 2), "surface_by_source": ("g", 3),
    "path_steps": ("i", 1), "path_xy": ("f", 2), "path_explained": ("f", 1),
    "plane_alphas": ("f", 1), "plane_betas": ("f", 1), "plane_surface": ("g", 2),
    "eigenvalues": ("f", 1), "eig_matvecs": ("i", 0), "eig_converged": ("b", 0),
    "trace": ("f", 0), "trace_stderr": ("f", 0), "trace_samples": ("i", 0),
    "basin_radius": ("f", 0), "basin_plus": ("f", 1), "basin_minus": ("f", 1),
    "timing_names": ("U", 1), "timing_s": ("f", 1),
    "part": ("i", 0), "loss": ("f", 0), "basin_norm2": ("f", 1),
}
_DTYPES = {"i": np.int64, "f": np.float64, "g": np.float32, "b": np.bool_}
_OPTIONAL = {"timing_names", "timing_s", "wall_time", "part", "loss", "basin_norm2"}
_NUMERIC_KINDS = {"i": "iu", "f": "fiu", "g": "fiu", "b": "b"}
HELD_ITEMSIZE = {name: np.dtype(_DTYPES[kind]).itemsize for name, (kind, _rank) in _SPEC.items() if kind != "U"}
"""Bytes an element of each number array takes once :func:`check_arrays` converted it (a file's
uint8 surface is held as float32: 4 x its stored size), what the read bounds measure."""


def check_arrays(arrays: dict[str, np.ndarray], origin: str = "terrain result") -> dict[str, np.ndarray]:
    """Check a terrain file's arrays and return them converted to the documented dtypes.

    Every problem is collected and reported at once.

    Raises
    ------
    TerrainFileError
        Missing keys, an unknown newer format, wrong ranks, dtypes or shapes, coordinates that
        are not finite and increasing, sizes out of bounds (grid <= 401 per axis, path <=
        100000 snapshots, ...), a negative step, size, count or duration, or a value no job
        can give (a negative standard error, or one from fewer than two samples).
    """
    problems: list[str] = []
    out: dict[str, np.ndarray] = {}
    for name, (kind, rank) in _SPEC.items():
        if name not in arrays:
            if name not in _OPTIONAL:
                problems.append(f"{name} is missing")
            continue
        v = np.asarray(arrays[name])
        if v.ndim != rank:
            problems.append(f"{name} has {v.ndim} dimensions, not {rank}")
            continue
        if kind == "U":
            if v.dtype.kind != "U":
                problems.append(f"{name} is {v.dtype}, not text")
                continue
            out[name] = v
            continue
        if v.dtype.kind not in _NUMERIC_KINDS[kind]:
            problems.append(f"{name} is {v.dtype}, not {_DTYPES[kind].__name__}")
            continue
        out[name] = v.astype(_DTYPES[kind], copy=False)
    if problems:
        raise TerrainFileError(f"{origin}: " + "; ".join(problems))

    def bad(msg: str) -> None:
        problems.append(msg)

    fmt = int(out["format"])
    if fmt > FORMAT:
        raise TerrainFileError(f"{origin}: written by a newer ANDREA Desktop (terrain format {fmt}, "
                               f"{FORMAT} here); update the app")
    if fmt < 1:
        bad(f"format {fmt} is not a format number")
    step = int(out["step"])
    if not 0 <= step < MAX_STEP:
        bad(f"step {step} is out of range")
    for name in ("n_params", "n_rows", "trace_samples", "eig_matvecs"):
        if int(out[name]) < 0:
            bad(f"{name} is negative")
    if not (math.isfinite(float(out["lr"])) and float(out["lr"]) >= 0):
        bad("lr is not a finite number >= 0")
    if not (math.isfinite(float(out["basin_radius"])) and 0 <= float(out["basin_radius"]) <= MAX_COORD):
        bad(f"basin_radius is not a finite number in [0, {MAX_COORD:g}]")
    for name, v in out.items():  # every float: NaN (not measured) or finite and bounded
        if v.dtype.kind == "f" and name not in ("wall_time",):
            finite = v[~np.isnan(v)]
            if finite.size and not (np.isfinite(finite).all() and float(np.abs(finite).max()) <= MAX_VALUE):
                bad(f"{name} holds a value that is infinite or beyond ±{MAX_VALUE:g}")
    stderr, samples = float(out["trace_stderr"]), int(out["trace_samples"])
    if stderr < 0:  # NaN (not measured, or one sample) compares False
        bad("trace_stderr is negative (a standard error is >= 0)")
    elif math.isfinite(stderr) and samples < 2:
        bad(f"trace_stderr is a number but trace_samples is {samples} (a standard error needs two samples)")
    if "timing_s" in out and (out["timing_s"] < 0).any():
        bad("timing_s holds a negative duration")
    if "basin_norm2" in out and out["basin_norm2"].size and not (out["basin_norm2"] > 0).all():
        bad("basin_norm2 must be positive (squared lengths of the basin directions)")
    part = int(out.get("part", PART_FULL))
    if not PART_SHARPNESS <= part <= PART_FULL:
        bad(f"part {part} is not 1, 2 or 3")
    S = out["sources"].shape[0]
    if not 1 <= S <= MAX_SOURCES:
        bad(f"{S} sources (1 to {MAX_SOURCES})")
    for a, b, grid in (("alphas", "betas", "surface"), ("plane_alphas", "plane_betas", "plane_surface")):
        ga, gb = out[a].shape[0], out[b].shape[0]
        empty_ok = (grid == "plane_surface" or part == PART_SHARPNESS) and ga == gb == 0
        if not empty_ok:
            if not (2 <= ga <= MAX_GRID and 2 <= gb <= MAX_GRID):
                bad(f"{a} and {b} have {ga} and {gb} points (2 to {MAX_GRID})")
            elif not (np.isfinite(out[a]).all() and np.isfinite(out[b]).all()
                      and (np.diff(out[a]) >= MIN_SPACING).all() and (np.diff(out[b]) >= MIN_SPACING).all()
                      and float(np.abs(out[a]).max()) <= MAX_COORD and float(np.abs(out[b]).max()) <= MAX_COORD):
                bad(f"{a} and {b} must be finite, within ±{MAX_COORD:g} and increasing by at least {MIN_SPACING:g}")
        if out[grid].shape != (gb, ga):
            bad(f"{grid} is {out[grid].shape}, not ({gb}, {ga}) as {b} x {a}")
    if out["surface_by_source"].shape != (S, *out["surface"].shape):
        bad(f"surface_by_source is {out['surface_by_source'].shape}, not ({S}, "
            f"{out['surface'].shape[0]}, {out['surface'].shape[1]}) as sources x surface")
    P = out["path_steps"].shape[0]
    if not 1 <= P <= MAX_PATH:
        bad(f"{P} path snapshots (1 to {MAX_PATH})")
    elif int(out["path_steps"][-1]) != step:
        bad("the path's last snapshot is not the result's step")
    if out["path_xy"].shape != (P, 2) or not np.isfinite(out["path_xy"]).all():
        bad(f"path_xy is {out['path_xy'].shape} (must be ({P}, 2), finite)")
    ex = out["path_explained"]
    if ex.shape != (2,) or not ((ex >= 0) & (ex <= 1 + 1e-9) | np.isnan(ex)).all():
        bad("path_explained must be two shares in [0, 1] (or NaN)")
    if out["plane_surface"].size and P < 3:
        bad("a trajectory plane needs at least 3 path snapshots")
    if out["eigenvalues"].shape[0] > MAX_EIGENVALUES:
        bad(f"{out['eigenvalues'].shape[0]} eigenvalues (at most {MAX_EIGENVALUES})")
    K = out["basin_plus"].shape[0]
    if K > MAX_DIRECTIONS or out["basin_minus"].shape != (K,):
        bad(f"basin_plus and basin_minus must have the same length (at most {MAX_DIRECTIONS})")
    if "basin_norm2" in out and out["basin_norm2"].shape[0] not in (0, K):
        bad("basin_norm2 must have one length per basin direction")
    if ("timing_names" in out) != ("timing_s" in out) or (
            "timing_s" in out and out["timing_names"].shape != out["timing_s"].shape):
        bad("timing_names and timing_s differ in length")
    if problems:
        raise TerrainFileError(f"{origin}: " + "; ".join(problems))
    return out


_LAZY = {"export_csv": "terrain_csv", "CSV_TABLES": "terrain_csv", "terrain_path": "terrain_files",
         "write_result": "terrain_files", "read_result": "terrain_files", "list_steps": "terrain_files",
         "read_all": "terrain_files"}
"""The files (write, read, list) and the CSV export live beside this module, which callers import
them from as before: looked up on first use (PEP 562), since both modules import this one (an
import at the end of this module failed when either was imported first: a circular import)."""


if TYPE_CHECKING:  # what the lazy look-up gives, for type checkers and linters
    from .terrain_csv import CSV_TABLES, export_csv
    from .terrain_files import list_steps, read_all, read_result, terrain_path, write_result


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __package__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
