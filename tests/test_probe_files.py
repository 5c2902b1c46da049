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


@pytest.mark.parametrize("n_vocab", [4, 6])
def test_embedding_file_whose_vocabulary_does_not_match_its_matrix_is_refused(tmp_path, n_vocab):
    from andrea_desktop.core.rundir.layout import EMBEDDING_FILE, PROBES_DIR
    from andrea_desktop.core.rundir.probes import read_embedding

    (tmp_path / PROBES_DIR).mkdir()
    np.savez(tmp_path / PROBES_DIR / EMBEDDING_FILE, step=np.int64(3), embedding=np.zeros((5, 3), np.float16),
             vocab=np.asarray([f"v{i}" for i in range(n_vocab)]))
    with pytest.raises(ValueError, match="do not match"):
        read_embedding(tmp_path)
