"""A run's probe files (``probes/<step>.npz`` and the embedding file), read from its folder as
untrusted data: a probe with more heads or tokens than the attention grid draws, arrays that
would decompress to gigabytes and an embedding whose vocabulary does not match its matrix are
refused with a reason, unread."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import npz_claiming, uniform_probe


@pytest.mark.parametrize("shape", [(65, 64, 1, 1), (1, 1, 4097, 4097)])
def test_probe_with_more_heads_or_tokens_than_the_grid_draws_is_refused(shape):
    from andrea_desktop.core.rundir.probes import check_probe

    p = uniform_probe(T=1, L=1, H=1)
    p["attention"] = np.broadcast_to(np.float32(0), shape)
    p["token_text"] = np.broadcast_to(np.asarray("t", dtype=object), shape[2:3])
    for k in ("entropy", "previous_token", "sink", "induction", "roles"):
        p[k] = np.broadcast_to(p[k].reshape(-1)[0], shape[:2])
    with pytest.raises(ValueError, match="more than"):
        check_probe(p)


@pytest.mark.parametrize("shape", [(1, 1, 40_000, 40_000), (2**40,)])
def test_probe_file_whose_arrays_would_decompress_to_gigabytes_is_refused_unread(tmp_path, shape):
    from andrea_desktop.core.rundir.probes import read_probe

    npz_claiming(tmp_path / "5.npz", "attention", shape)
    with pytest.raises(ValueError, match=r"bytes \(at most"):
        read_probe(tmp_path / "5.npz")


@pytest.mark.parametrize("name", ["entropy", "token_text"])
def test_the_head_entropy_reader_refuses_a_gigabyte_array_unread_and_a_probe_missing_it(tmp_path, name):
    from andrea_desktop.core.rundir.probes import read_head_entropy

    npz_claiming(tmp_path / "5.npz", name, (2**40,))
    with pytest.raises(ValueError, match=r"bytes \(at most"):
        read_head_entropy(tmp_path / "5.npz")
    np.savez(tmp_path / "6.npz", entropy=np.zeros((2, 3)))  # no token_text
    with pytest.raises(ValueError, match="6.npz"):
        read_head_entropy(tmp_path / "6.npz")
    np.savez(tmp_path / "7.npz", entropy=np.full((2, 3), 0.5), token_text=np.array(["a", "b", "c"]))
    entropy, T = read_head_entropy(tmp_path / "7.npz")
    assert entropy.shape == (2, 3) and T == 3


@pytest.mark.parametrize("value", [np.nan, np.inf, -5.0, 3e38, 1.2, 1 + 1j])
def test_a_head_entropy_no_head_can_have_is_refused_not_shown(tmp_path, value):
    """A head's mean entropy over T tokens lies in [0, ln T]: NaN, inf, a negative value, one past
    ln 3 = 1.10 or a complex number was shown as the run's attention entropy."""
    from andrea_desktop.core.rundir.probes import read_head_entropy

    entropy = np.full((2, 3), 0.5, dtype=complex if isinstance(value, complex) else float)
    entropy[1, 2] = value
    np.savez(tmp_path / "8.npz", entropy=entropy, token_text=np.array(["a", "b", "c"]))
    with pytest.raises(ValueError, match="entropy"):
        read_head_entropy(tmp_path / "8.npz")


@pytest.mark.parametrize("n_vocab", [4, 6])
def test_embedding_file_whose_vocabulary_does_not_match_its_matrix_is_refused(tmp_path, n_vocab):
    from andrea_desktop.core.rundir.layout import EMBEDDING_FILE, PROBES_DIR
    from andrea_desktop.core.rundir.probes import read_embedding

    (tmp_path / PROBES_DIR).mkdir()
    np.savez(tmp_path / PROBES_DIR / EMBEDDING_FILE, step=np.int64(3), embedding=np.zeros((5, 3), np.float16),
             vocab=np.asarray([f"v{i}" for i in range(n_vocab)]))
    with pytest.raises(ValueError, match="do not match"):
        read_embedding(tmp_path)


# ------------------------------------------------------------------ head-role arrays
def _probe_with_roles(step=7, L=2, H=3, half=4):
    from andrea_desktop.core.head_roles import measure_roles
    from andrea_desktop.core.rundir.probes import Probe

    T = 2 * half + 1
    att = np.tril(np.ones((T, T), np.float32))
    att = np.broadcast_to(att / att.sum(-1, keepdims=True), (L, H, T, T)).copy()
    att[1, 2] = np.eye(T, k=-1) + np.eye(T) * (np.arange(T) == 0)[:, None]  # a previous-token head
    roles = measure_roles(att, half)
    z = np.zeros((L, H), np.float32)
    return Probe(step=step, tokens=np.arange(T), token_text=np.asarray([f"t{i}" for i in range(T)]),
                 attention=att.astype(np.float16), entropy=z, previous_token=z, sink=z, induction=z,
                 roles=roles.labels.astype(str), watch=np.zeros(0, str), watch_ids=np.zeros(0, np.int64),
                 neighbours=np.zeros((0, 3), np.int64), role_names=np.asarray(roles.names),
                 role_scores=roles.scores.astype(np.float32), role_baselines=roles.baselines.astype(np.float32),
                 role_thresholds=roles.thresholds.astype(np.float32))


def test_a_probe_file_under_another_spelling_of_its_step_is_not_listed(tmp_path):
    import shutil

    from andrea_desktop.core.rundir.probes import list_probes, write_probe

    path = write_probe(tmp_path, _probe_with_roles(step=2))
    assert path.name == "2.npz"
    for other in ("00002.npz", "02.npz", "+2.npz"):
        shutil.copy(path, path.with_name(other))
    assert list_probes(tmp_path) == {2: path}


def test_probe_file_keeps_the_head_role_scores_and_the_heads_over_time_read_them_alone(tmp_path):
    from andrea_desktop.core.head_roles import ROLES
    from andrea_desktop.core.rundir.probes import list_probes, read_probe, role_arrays, write_probe
    from andrea_desktop.core.viewmodels.probe_set import ProbeSet

    probe = _probe_with_roles()
    write_probe(tmp_path, probe)
    back = read_probe(tmp_path / "probes" / "7.npz")
    names, scores, base, thr = role_arrays(back)
    assert names == ROLES and back["roles"][1, 2] == "previous-token" and back["roles"][0, 0] == ""
    np.testing.assert_allclose(scores, probe.role_scores, rtol=1e-6)
    np.testing.assert_allclose(base, probe.role_baselines)
    np.testing.assert_allclose(thr, probe.role_thresholds)
    write_probe(tmp_path, _probe_with_roles(step=9))
    ps = ProbeSet()
    ps.add_files(list_probes(tmp_path))
    h = ps.role_history()
    np.testing.assert_array_equal(h.steps, [7, 9])
    assert h.best.shape == (len(ROLES), 2, 2)
    assert h.best[ROLES.index("previous-token"), 0, 1] == pytest.approx(1.0, abs=1e-3)


def test_probe_file_of_an_earlier_version_opens_without_role_scores(tmp_path):
    from andrea_desktop.core.rundir.probes import ROLE_KEYS, read_probe, role_arrays
    from andrea_desktop.core.viewmodels.probe_set import ProbeSet

    old = {k: v for k, v in _probe_with_roles().arrays().items() if k not in ROLE_KEYS}
    old["roles"] = np.full((2, 3), "sink")
    (tmp_path / "probes").mkdir()
    np.savez_compressed(tmp_path / "probes" / "7.npz", **old)
    back = read_probe(tmp_path / "probes" / "7.npz")
    assert role_arrays(back) is None and back["roles"][0, 0] == "sink"
    ps = ProbeSet()
    ps.add_files({7: tmp_path / "probes" / "7.npz"})
    assert ps.role_history() is None and ps.get(7) is not None


@pytest.mark.parametrize(("key", "value", "match"), [
    ("role_scores", np.full((6, 2, 2), 0.5, np.float32), "not"),  # another layer x head shape
    ("role_scores", np.full((6, 2, 3), 7.0, np.float32), r"outside \[0, 1\]"),
    ("role_scores", np.full((6, 2, 3), "x"), "not"),
    ("role_baselines", np.full(5, 0.1, np.float32), "not"),
    ("role_thresholds", np.full(6, -1.0, np.float32), r"outside \[0, 1\]"),
    ("role_names", np.asarray([f"r{i}" for i in range(17)]), "at most"),
    ("role_names", np.asarray(["r" * 33] * 6), "at most"),
    ("role_baselines", None, "incomplete"),
])
def test_a_damaged_probe_files_role_arrays_are_refused(tmp_path, key, value, match):
    from andrea_desktop.core.rundir.probes import read_probe, read_role_arrays

    arrays = _probe_with_roles().arrays()
    if value is None:
        del arrays[key]
    else:
        arrays[key] = value
    (tmp_path / "probes").mkdir()
    path = tmp_path / "probes" / "7.npz"
    np.savez_compressed(path, **arrays)
    with pytest.raises(ValueError, match=match):
        read_probe(path)
    with pytest.raises(ValueError, match=match):
        read_role_arrays(path)


def _npz_with(path, arrays: dict, extra: list[tuple[str, bytes]] = ()) -> None:
    """``arrays`` as ``.npy`` members of a zip at ``path``, then the raw ``extra`` members."""
    import zipfile

    np.savez(path, **arrays)
    with zipfile.ZipFile(path, "a") as z:
        for name, data in extra:
            z.writestr(name, data)


def _header(shape, descr="<f8") -> bytes:
    import io

    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": descr, "fortran_order": False, "shape": shape})
    return buf.getvalue()


READERS = ["read_probe", "read_watch_sets", "read_role_arrays", "read_head_entropy"]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("member", ["junk", "attention"])
def test_a_probe_member_claiming_terabytes_is_refused_whatever_its_name(tmp_path, reader, member):
    # np.load reads a member named without ".npy" as an array: its zip size was counted, then
    # 256 TiB allocated (MemoryError out of the reader, the run's view blank)
    from andrea_desktop.core.rundir import probes

    _npz_with(tmp_path / "5.npz", uniform_probe(), [(member, _header((2**45,)))])
    with pytest.raises(ValueError, match="5.npz"):
        getattr(probes, reader)(tmp_path / "5.npz")


@pytest.mark.parametrize("reader", READERS)
def test_a_probe_file_of_a_negative_dimension_or_too_many_members_is_refused_unread(tmp_path, reader, monkeypatch):
    from andrea_desktop.core.rundir import probes

    read = []
    real = np.lib.format.read_array
    monkeypatch.setattr(np.lib.format, "read_array", lambda *a, **k: read.append(1) or real(*a, **k))
    p = uniform_probe()
    del p["entropy"]
    _npz_with(tmp_path / "5.npz", p, [("entropy.npy", _header((-1, 1 << 32), "|u1"))])
    with pytest.raises(ValueError, match="negative dimension"):
        getattr(probes, reader)(tmp_path / "5.npz")
    tiny = _header((0,))
    _npz_with(tmp_path / "6.npz", uniform_probe(), [(f"m{i}.npy", tiny) for i in range(probes.MAX_MEMBERS)])
    with pytest.raises(ValueError, match=rf"arrays in the file.*at most {probes.MAX_MEMBERS}"):
        getattr(probes, reader)(tmp_path / "6.npz")
    assert read == []


def test_the_embedding_is_bounded_at_the_float32_it_is_held_as(tmp_path):
    from andrea_desktop.core.rundir.probes import MAX_ARRAY_BYTES, read_embedding

    n = MAX_ARRAY_BYTES // 16 + 1  # (n, 4) float16 within the bound, float32 past it
    (tmp_path / "probes").mkdir()
    _npz_with(tmp_path / "probes" / "embedding.npz", {"step": np.int64(5), "vocab": np.array(["a"])},
              [("embedding.npy", _header((n, 4), "<f2"))])
    with pytest.raises(ValueError, match=r"embedding.npy would take [\d,]+ bytes \(at most"):
        read_embedding(tmp_path)


def test_whatever_reading_a_probe_file_raises_is_told_as_its_problem(tmp_path, monkeypatch):
    from andrea_desktop.core.rundir import probes

    _npz_with(tmp_path / "5.npz", uniform_probe())

    def no_memory(*a, **k):
        raise MemoryError("Unable to allocate 256. TiB")

    monkeypatch.setattr(np.lib.format, "read_array", no_memory)
    for reader in READERS:
        with pytest.raises(ValueError, match=r"5\.npz.*MemoryError"):
            getattr(probes, reader)(tmp_path / "5.npz")
