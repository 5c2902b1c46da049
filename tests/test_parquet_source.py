"""User sources of Parquet files: the ``text`` column read in batches; pyarrow optional."""

from __future__ import annotations

import os
import sys

import pytest

from andrea_desktop.core.config import SourceSpec
from andrea_desktop.core.corpus import CorpusError, read_user_source, scan_user_source

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def write_parquet(path, columns: dict, row_group_size: int | None = None) -> None:
    pq.write_table(pa.table(columns), path, row_group_size=row_group_size)


def test_a_parquet_text_column_gives_one_document_per_row(tmp_path):
    write_parquet(tmp_path / "d.parquet", {"text": ["first row", None, "  ", "second row"], "id": [1, 2, 3, 4]})
    src = read_user_source(SourceSpec("pq", [str(tmp_path / "d.parquet")]))
    assert src.documents == ("first row", "second row")  # nulls and blank strings left out
    assert src.files == (str(tmp_path / "d.parquet"),)


def test_a_folder_gives_its_txt_jsonl_and_parquet_files(tmp_path):
    (tmp_path / "a.txt").write_text("plain text", encoding="utf-8")
    (tmp_path / "b.jsonl").write_text('{"text": "json line"}\n', encoding="utf-8")
    write_parquet(tmp_path / "c.parquet", {"text": ["parquet row"]})
    (tmp_path / "d.csv").write_text("ignored", encoding="utf-8")
    src = read_user_source(SourceSpec("mixed", [str(tmp_path)]))
    assert src.documents == ("plain text", "json line", "parquet row")
    assert [p.rsplit("/", 1)[1] for p in src.files] == ["a.txt", "b.jsonl", "c.parquet"]


def test_a_large_parquet_file_is_read_in_bounded_batches_of_its_text_column(tmp_path, monkeypatch):
    n = 5000
    write_parquet(tmp_path / "big.parquet", {"text": [f"row {i}" for i in range(n)], "other": list(range(n))},
                  row_group_size=1000)
    calls = []
    orig = pq.ParquetFile.iter_batches

    def spy(self, *a, **k):
        calls.append(k)
        for batch in orig(self, *a, **k):
            assert batch.num_rows <= 1024 and batch.schema.names == ["text"]
            yield batch

    monkeypatch.setattr(pq.ParquetFile, "iter_batches", spy)
    src = read_user_source(SourceSpec("big", [str(tmp_path / "big.parquet")]))
    assert len(src.documents) == n and src.documents[-1] == f"row {n - 1}"
    assert calls == [{"batch_size": 1024, "columns": ["text"]}]


@pytest.mark.parametrize("columns, reason", [
    ({"content": ["no text column"]}, "no 'text' column (columns: content)"),
    ({"text": [1, 2, 3]}, "the 'text' column holds int64, not strings"),
    ({"text": [None, ""]}, "no row with a non-empty 'text' string"),
])
def test_a_parquet_file_without_usable_text_is_skipped_with_the_reason(tmp_path, columns, reason):
    write_parquet(tmp_path / "bad.parquet", columns)
    (tmp_path / "ok.txt").write_text("usable", encoding="utf-8")
    src = read_user_source(SourceSpec("s", [str(tmp_path)]))
    assert src.documents == ("usable",)
    assert src.skipped == ((str(tmp_path / "bad.parquet"), reason),)
    with pytest.raises(CorpusError, match="no usable text"):
        read_user_source(SourceSpec("s", [str(tmp_path / "bad.parquet")]))


def test_a_damaged_parquet_file_is_skipped_not_a_traceback(tmp_path):
    (tmp_path / "broken.parquet").write_bytes(b"PAR1 this is not parquet")
    with pytest.raises(CorpusError, match="not a readable Parquet file"):
        read_user_source(SourceSpec("s", [str(tmp_path / "broken.parquet")]))


def test_without_pyarrow_a_parquet_source_is_refused_naming_the_extra(tmp_path, monkeypatch):
    write_parquet(tmp_path / "d.parquet", {"text": ["row"]})
    for mod in [m for m in sys.modules if m == "pyarrow" or m.startswith("pyarrow.")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow raises ImportError
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(CorpusError) as err:
        read_user_source(SourceSpec("pq", [str(tmp_path / "d.parquet")]))
    assert "pip install 'andrea-desktop[parquet]'" in str(err.value)
    scan = scan_user_source([str(tmp_path)])  # the dialog's sizes say the same
    assert scan.files == () and "andrea-desktop[parquet]" in scan.skipped[0][1]


def test_the_size_of_a_parquet_source_comes_from_its_metadata(tmp_path):
    rows = [f"{i:04d}" + "x" * 996 for i in range(50)]  # distinct: no dictionary shrinks them
    write_parquet(tmp_path / "d.parquet", {"text": rows, "n": list(range(50))})
    (tmp_path / "e.txt").write_text("y" * 300, encoding="utf-8")
    scan = scan_user_source([str(tmp_path)])
    assert len(scan.files) == 2 and scan.skipped == ()
    assert 50_000 + 300 <= scan.n_bytes <= 1.2 * 50_000 + 300  # the text column, uncompressed


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_parquet_path_that_is_a_fifo_or_device_is_skipped_without_blocking(tmp_path, kind):
    """A FIFO named .parquet in a source folder used to block pyarrow's open forever."""
    folder = tmp_path / "src"
    folder.mkdir()
    write_parquet(folder / "a.parquet", {"text": ["real row"]})
    odd = folder / "b.parquet"
    if kind == "fifo":
        os.mkfifo(odd)
    else:
        odd.symlink_to("/dev/zero")
    src = read_user_source(SourceSpec("s", [str(folder)]))  # would hang here
    assert src.documents == ("real row",)
    assert src.skipped == ((str(odd), "not a regular file (a folder, device or FIFO)"),)
    scan = scan_user_source([str(folder)])
    assert scan.files == (str(folder / "a.parquet"),) and scan.skipped[0][0] == str(odd)


@pytest.mark.parametrize("columns, shown", [
    ({"x" * 100_000: ["a"]}, "100,002 characters"),  # a column name of 100,000 characters
    ({"text": [{f"f{i}": 1 for i in range(3000)}]}, "struct<f0: int64"),  # a type of 40,000 characters
])
def test_a_parquet_refusal_quotes_the_files_names_cut_short(tmp_path, columns, shown):
    write_parquet(tmp_path / "odd.parquet", columns)
    with pytest.raises(CorpusError) as err:
        read_user_source(SourceSpec("s", [str(tmp_path / "odd.parquet")]))
    assert shown in str(err.value) and len(str(err.value)) < 400


def _categorical(path, rows):
    """A pandas ``Categorical`` column, as pandas writes it (read back as dictionary<string>)."""
    pd = pytest.importorskip("pandas")
    pd.DataFrame({"text": pd.Categorical(rows)}).to_parquet(path)


def _arrow_typed(kind):
    def write(path, rows):
        array = pa.array(rows, pa.string())
        pq.write_table(pa.table({"text": array.dictionary_encode() if kind == "dictionary" else array.cast(kind)}),
                       path)
    return write


@pytest.mark.parametrize("write, stored", [
    (_arrow_typed("dictionary"), "dictionary<values=string"),  # (polars#17945)
    (_categorical, "dictionary<values=string"),  # a pandas Categorical
    (_arrow_typed(getattr(pa, "string_view", pa.string)()), "string_view"),  # Polars' strings (polars#26435)
    (_arrow_typed(pa.large_string()), "large_string"),
], ids=["dictionary", "categorical", "string_view", "large_string"])
def test_a_text_column_of_any_arrow_string_type_is_read(tmp_path, write, stored):
    if stored == "string_view" and not hasattr(pa, "string_view"):
        pytest.skip("this pyarrow has no string_view")
    rows = ["a repeated row", None, "another row", "a repeated row", "  "]
    write(tmp_path / "d.parquet", rows)
    assert str(pq.ParquetFile(tmp_path / "d.parquet").schema_arrow.field("text").type).startswith(stored)
    src = read_user_source(SourceSpec("pq", [str(tmp_path / "d.parquet")]))
    assert src.documents == ("a repeated row", "another row", "a repeated row")
    assert src.skipped == ()
    scan = scan_user_source([str(tmp_path)])  # the New Run dialog's sizes take it too
    assert scan.files == (str(tmp_path / "d.parquet"),) and scan.skipped == () and scan.n_bytes > 0

