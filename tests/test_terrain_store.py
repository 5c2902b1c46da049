"""``terrain/<step>.npz``: written atomically, read without pickles, checked before use (its size
too, before it is decompressed)."""

import csv
import zipfile

import numpy as np
import pytest
from conftest import make_terrain_result, npz_claiming

from andrea_desktop.core.rundir.terrain import (
    TerrainFileError,
    TerrainResult,
    export_csv,
    list_steps,
    read_all,
    read_result,
    terrain_path,
    write_result,
)

make_result = make_terrain_result



def test_a_result_round_trips_and_leaves_no_temporary_file(tmp_path):
    r = make_result()
    path = write_result(tmp_path, r)
    assert path == terrain_path(tmp_path, 100) == tmp_path / "terrain" / "100.npz"
    assert [p.name for p in (tmp_path / "terrain").iterdir()] == ["100.npz"]
    back = read_result(path)
    for name, v in r.to_arrays().items():
        np.testing.assert_array_equal(back.to_arrays()[name], v, err_msg=name)
    assert back.centre_loss == 4.0 and back.centre == (2, 2)
    np.testing.assert_array_equal(back.slice_d1, 4 + np.linspace(-1, 1, 5) ** 2)
    assert back.lambda_max == 12.5 and back.gd_threshold == pytest.approx(2000.0)
    np.testing.assert_allclose(back.basin_rise, [0.01, 0.04, 0.02], atol=1e-12)
    assert back.basin_max == pytest.approx(0.04) and back.basin_mean == pytest.approx(0.07 / 3)
    write_result(tmp_path, make_result(step=100, lr=2e-3))  # the same step again: replaced
    assert read_result(path).lr == 2e-3


def test_listing_skips_temporary_and_foreign_files(tmp_path):
    write_result(tmp_path, make_result(step=20))
    write_result(tmp_path, make_result(step=3))
    folder = tmp_path / "terrain"
    (folder / ".40-123-abcd.tmp").write_bytes(b"partial")
    (folder / "notes.npz").write_bytes(b"x")
    (folder / "٣.npz").write_bytes(b"x")  # a non-ASCII digit
    assert list_steps(tmp_path) == [3, 20]
    assert list_steps(tmp_path / "nothing") == []


def test_a_steps_file_under_another_spelling_is_not_listed_as_a_second_step(tmp_path):
    from andrea_desktop.core.rundir.layout import step_name, step_of

    write_result(tmp_path, make_result(step=2))
    folder = tmp_path / "terrain"
    for other in ("00002.npz", "+2.npz", "02.npz", "2.NPZ", " 2.npz"):
        (folder / other).write_bytes((folder / "2.npz").read_bytes())
    assert list_steps(tmp_path) == [2]
    assert [r.step for r in read_all(tmp_path)[0]] == [2]
    assert step_of(step_name(0)) == 0 and step_of(step_name(123)) == 123 and step_of("0.npz") == 0
    assert [step_of(n) for n in ("00.npz", "00002.npz", "2", ".npz", "1" * 20 + ".npz")] == [None] * 5


def test_damaged_or_inconsistent_files_are_refused_with_a_reason(tmp_path):
    path = write_result(tmp_path, make_result(step=5))
    good = path.read_bytes()
    path.write_bytes(good[: len(good) // 2])  # truncated
    with pytest.raises(TerrainFileError, match="5.npz"):
        read_result(path)
    arrays = make_result(step=5).to_arrays()
    cases = {
        "surface is": {**arrays, "surface": arrays["surface"][:, :3]},
        "newer": {**arrays, "format": np.int64(99)},
        "increasing": {**arrays, "alphas": arrays["alphas"][::-1].copy()},
        "path_xy": {**arrays, "path_xy": np.full((3, 2), np.nan)},
        "step -1": {**arrays, "step": np.int64(-1)},
        "eigenvalues is": {**arrays, "eigenvalues": np.array(["a"])},
        "last snapshot": {**arrays, "path_steps": np.array([1, 2, 3])},
        # finite but extreme values (a breaker's files): denormal gaps crashed the paint, 1e308
        # overflowed the basin's curvature, -1e308 the axes' range
        "increasing by at least": {**arrays, "alphas": np.arange(len(arrays["alphas"])) * 5e-324},
        "basin_radius": {**arrays, "basin_radius": np.float64(1e308)},
        "loss holds": {**arrays, "loss": np.float64(-1e308)},
        "eigenvalues holds": {**arrays, "eigenvalues": np.array([np.inf])},
        "basin_norm2 must be positive": {**arrays, "basin_norm2": -np.ones(len(arrays["basin_plus"]))},
        # finite numbers no job can give: a negative spread, a spread of one sample, a negative time or count
        "trace_stderr is negative": {**arrays, "trace_stderr": np.float64(-2.0)},
        "needs two samples": {**arrays, "trace_samples": np.int64(1)},
        "timing_s holds a negative": {**arrays, "timing_s": np.array([1.5, -2.5])},
        "trace_samples is negative": {**arrays, "trace_samples": np.int64(-1)},
    }
    for message, bad in cases.items():
        np.savez(path, **bad)
        with pytest.raises(TerrainFileError, match=message):
            read_result(path)
    np.savez(path, **{**arrays, "sources": np.array([{"a": 1}, None], dtype=object)})  # a pickle
    with pytest.raises(TerrainFileError):
        read_result(path)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("nothing.txt", "x")
    with pytest.raises(TerrainFileError, match="missing"):
        read_result(path)
    write_result(tmp_path, make_result(step=9))
    results, problems = read_all(tmp_path)
    assert [r.step for r in results] == [9] and len(problems) == 1


def test_an_inconsistent_result_is_not_written(tmp_path):
    r = make_result()
    bad = TerrainResult(**{**r.__dict__, "surface_by_source": r.surface_by_source[:1, :2]})
    with pytest.raises(TerrainFileError, match="surface_by_source"):
        write_result(tmp_path, bad)
    assert list_steps(tmp_path) == []


def test_terrain_tables_export_as_csv(tmp_path):
    results = [make_result(step=10), make_result(step=30, lr=5e-4)]
    rows = list(csv.reader(export_csv(results, tmp_path / "s.csv", "over_steps").open()))
    assert rows[0][:4] == ["step", "lr", "gd_threshold_2_over_lr", "lambda_max"]
    assert [r[0] for r in rows[1:]] == ["10", "30"] and float(rows[2][2]) == pytest.approx(4000)
    rows = list(csv.reader(export_csv(results, tmp_path / "g.csv", "surface", step=10).open()))
    assert rows[0] == ["alpha", "beta", "loss", "loss/alpha", "loss/beta"] and len(rows) == 1 + 25
    assert float(rows[1][2]) == pytest.approx(4 + 1 + 2)
    rows = list(csv.reader(export_csv(results, tmp_path / "t.csv", "trajectory").open()))
    assert rows[1][:2] == ["path", "10"] and sum(r[0] == "plane" for r in rows) == 25
    with pytest.raises(ValueError):
        export_csv(results, tmp_path / "x.csv", "surface", step=11)
    with pytest.raises(ValueError):
        export_csv([], tmp_path / "x.csv", "over_steps")


@pytest.mark.parametrize("stem", ["²", "٣"])
def test_a_result_file_named_in_digits_other_than_ascii_is_read_without_a_step_check(tmp_path, stem):
    path = write_result(tmp_path, make_result(step=5))
    renamed = path.with_name(f"{stem}.npz")
    path.rename(renamed)
    assert read_result(renamed).step == 5  # int('²') raised ValueError


@pytest.mark.parametrize("name", ["².npz", "12.npz"])
def test_terrain_file_that_would_decompress_to_gigabytes_or_is_named_in_other_digits_is_refused(tmp_path, name):
    from andrea_desktop.core.rundir.terrain import TerrainFileError, read_result

    npz_claiming(tmp_path / name, "loss", (2**40,))
    with pytest.raises(TerrainFileError, match=r"bytes \(at most"):
        read_result(tmp_path / name)


def test_a_terrain_file_of_allowed_shapes_too_large_together_is_refused_from_its_headers(tmp_path):
    from andrea_desktop.core.rundir.terrain import MAX_FILE_BYTES

    write_result(tmp_path, make_result(step=5))
    # 1,024 sources of a 401 x 401 surface: each shape allowed, ~660 MB together (headers only here)
    npz_claiming(terrain_path(tmp_path, 7), "surface_by_source", (1024, 401, 401))
    with pytest.raises(TerrainFileError, match=r"7\.npz: its arrays would take 628 MiB .*at most 128 MiB per terrain"):
        read_result(terrain_path(tmp_path, 7))
    assert 1024 * 401 * 401 * 4 > MAX_FILE_BYTES
    results, problems = read_all(tmp_path)
    assert [r.step for r in results] == [5] and len(problems) == 1 and "per terrain file" in problems[0]


def test_a_runs_terrain_files_are_bounded_together(tmp_path, monkeypatch):
    from andrea_desktop.core.rundir import terrain_files

    for step in (10, 20, 30):
        write_result(tmp_path, make_result(step=step))
    one = read_result(terrain_path(tmp_path, 10)).nbytes
    monkeypatch.setattr(terrain_files, "MAX_RUN_BYTES", 2 * one + one // 2)  # room for two of the three
    results, problems = read_all(tmp_path)
    assert [r.step for r in results] == [10, 20]
    assert len(problems) == 1 and problems[0].startswith("30.npz") and "a run's terrain may take together" in problems[0]


def _npy(arr=None, **header) -> bytes:
    """A ``.npy`` member: ``arr`` written, or a bare header (``shape``, ``descr``) with no data."""
    import io

    buf = io.BytesIO()
    if arr is not None:
        np.lib.format.write_array(buf, arr, allow_pickle=False)
    else:
        np.lib.format.write_array_header_1_0(buf, {"descr": "<f8", "fortran_order": False, **header})
    return buf.getvalue()


def _write_members(path, members, compression=zipfile.ZIP_DEFLATED):
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", compression) as z:
        for name, data in members:
            z.writestr(name, data)


def _valid_members(step):
    return [(f"{k}.npy", _npy(v)) for k, v in make_result(step=step).to_arrays().items()]


@pytest.mark.parametrize("member", ["surface", "surface.npy", "loss", "sources"])
def test_a_member_claiming_terabytes_is_refused_whatever_its_name_and_the_rest_of_the_run_read(tmp_path, member):
    # np.load reads a member named without ".npy" as an array too, allocating what its header claims
    write_result(tmp_path, make_result(step=5))
    members = [(n, b) for n, b in _valid_members(7) if n != member]
    _write_members(terrain_path(tmp_path, 7), [*members, (member, _npy(shape=(2**45,)))])
    with pytest.raises(TerrainFileError, match=r"7\.npz"):
        read_result(terrain_path(tmp_path, 7))
    results, problems = read_all(tmp_path)
    assert [r.step for r in results] == [5] and len(problems) == 1 and problems[0].startswith("7.npz")


@pytest.mark.parametrize("member", ["junk", "notes.npy"])
def test_a_member_of_another_name_is_not_read(tmp_path, member):
    # before, "junk" counted its few bytes in the zip, then np.load allocated the 256 TiB its header claims
    _write_members(terrain_path(tmp_path, 7), [*_valid_members(7), (member, _npy(shape=(2**45,)))])
    assert read_result(terrain_path(tmp_path, 7)).step == 7


def test_whatever_reading_a_terrain_file_raises_is_that_files_problem_not_the_runs(tmp_path, monkeypatch):
    from andrea_desktop.core.viewmodels.run_model import RunModel
    from andrea_desktop.core.viewmodels.sources import TerrainFiles

    write_result(tmp_path, make_result(step=5))
    write_result(tmp_path, make_result(step=7))
    real = TerrainResult.from_arrays.__func__

    def from_arrays(cls, arrays, origin="terrain result"):  # step 7's arrays ask for more memory than there is
        if origin == "7.npz":
            raise MemoryError("Unable to allocate 256. TiB")
        return real(cls, arrays, origin)

    monkeypatch.setattr(TerrainResult, "from_arrays", classmethod(from_arrays))
    with pytest.raises(TerrainFileError, match=r"7\.npz: .*MemoryError"):
        read_result(terrain_path(tmp_path, 7))
    results, problems = read_all(tmp_path)
    assert [r.step for r in results] == [5] and len(problems) == 1 and "MemoryError" in problems[0]
    model = RunModel(tmp_path)
    TerrainFiles(tmp_path).read_into(model)  # the window's reader: the run shown, the file named
    assert list(model.terrain) == [5] and "MemoryError" in model.terrain_problems[7]


def test_a_negative_dimension_is_refused_before_anything_is_decompressed(tmp_path, monkeypatch):
    # (-1, 4 GiB) made a negative size that cancelled the others' in the file's sum: every other
    # array (3 GiB of them in a 3 MB file) was decompressed before the file was refused
    members = [(n, b) for n, b in _valid_members(7) if n != "surface_by_source.npy"]
    members.append(("surface_by_source.npy", _npy(descr="|u1", shape=(-1, 4 << 30, 1))))
    _write_members(terrain_path(tmp_path, 7), members)
    read = []
    real = np.lib.format.read_array
    monkeypatch.setattr(np.lib.format, "read_array", lambda *a, **k: read.append(1) or real(*a, **k))
    with pytest.raises(TerrainFileError, match="surface_by_source.npy has a negative dimension"):
        read_result(terrain_path(tmp_path, 7))
    assert read == []


def test_the_file_bound_counts_the_bytes_an_array_takes_once_converted(tmp_path):
    from andrea_desktop.core.rundir.terrain import MAX_FILE_BYTES

    # 820 sources of a 401 x 401 uint8 surface: 126 MiB stored, 503 MiB once converted to float32
    members = [(n, b) for n, b in _valid_members(7) if n not in ("surface_by_source.npy", "sources.npy")]
    members += [("sources.npy", _npy(np.array([f"s{i}" for i in range(820)]))),
                ("surface_by_source.npy", _npy(descr="|u1", shape=(820, 401, 401)))]
    _write_members(terrain_path(tmp_path, 7), members)
    assert 820 * 401 * 401 < MAX_FILE_BYTES < 820 * 401 * 401 * 4
    with pytest.raises(TerrainFileError, match=r"would take 50\d MiB once loaded .*at most 128 MiB per terrain"):
        read_result(terrain_path(tmp_path, 7))


def test_a_file_of_too_many_members_is_refused_before_any_is_read(tmp_path, monkeypatch):
    from andrea_desktop.core.rundir.probes import MAX_MEMBERS

    tiny = _npy(np.zeros(0))
    extra = [(f"m{i}.npy", tiny) for i in range(MAX_MEMBERS)]
    _write_members(terrain_path(tmp_path, 7), [*_valid_members(7), *extra], zipfile.ZIP_STORED)
    opened = []
    real_open = zipfile.ZipFile.open
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda self, *a, **k: opened.append(a[0]) or real_open(self, *a, **k))
    with pytest.raises(TerrainFileError, match=rf"{MAX_MEMBERS + 32} arrays in the file.*at most {MAX_MEMBERS}"):
        read_result(terrain_path(tmp_path, 7))
    assert opened == []
    # a zip's end record that tells fewer members than its directory lists: the directory's size refuses it
    path = terrain_path(tmp_path, 8)
    _write_members(path, [*_valid_members(8), *[(f"m{i}.npy", tiny) for i in range(2000)]], zipfile.ZIP_STORED)
    data = bytearray(path.read_bytes())
    at = data.rfind(b"PK\x05\x06")
    data[at + 8:at + 12] = (5).to_bytes(2, "little") * 2
    path.write_bytes(bytes(data))
    opened.clear()
    with pytest.raises(TerrainFileError, match=r"a directory of [\d,]+ bytes"):
        read_result(path)
    assert opened == []
    assert len(_valid_members(7)) <= MAX_MEMBERS // 2  # room for the format to grow


@pytest.mark.filterwarnings("ignore:Duplicate name")
def test_a_name_twice_in_a_file_is_refused(tmp_path):
    _write_members(terrain_path(tmp_path, 7), [*_valid_members(7), ("surface.npy", _npy(shape=(3,)))])
    with pytest.raises(TerrainFileError, match="twice"):
        read_result(terrain_path(tmp_path, 7))
