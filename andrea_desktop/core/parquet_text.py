"""Text from Parquet files: the ``text`` column of the form Hugging Face datasets come in.

pyarrow is an optional extra (``pip install 'andrea-desktop[parquet]'``): without it a
``.parquet`` file is refused with that message, never a traceback. Files are read in bounded
batches of rows (:meth:`pyarrow.parquet.ParquetFile.iter_batches`, the ``text`` column only), so
a large file is never loaded whole next to its decoded strings.

The column may hold any of Arrow's string types: ``string``, ``large_string``, ``string_view``
(Polars writes it) or a ``dictionary`` of one of them (a pandas ``Categorical``): each batch is
cast to ``large_string`` (:meth:`pyarrow.Array.cast`) before its strings are taken.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from .errors import quote

__all__ = ["PARQUET_SUFFIX", "PARQUET_EXTRA", "TEXT_COLUMN", "parquet_texts", "parquet_text_bytes",
           "have_pyarrow"]

log = logging.getLogger(__name__)

PARQUET_SUFFIX = ".parquet"
TEXT_COLUMN = "text"
"""The column a Parquet source is read from (Hugging Face text datasets name it so)."""
PARQUET_EXTRA = "pip install 'andrea-desktop[parquet]'"
"""How to get pyarrow, named in every refusal for its absence."""
BATCH_ROWS = 1024
"""Rows per batch read (bounded memory for files of any size)."""


def have_pyarrow() -> bool:
    """True when pyarrow (and its Parquet reader) can be imported."""
    try:
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        return False
    return True


def _shown(name: str) -> str:
    """A column name for a message: as it is when short and printable, else quoted cut short
    (the names are the file's, untrusted)."""
    return name if len(name) <= 40 and name.isprintable() else quote(name, 40)


def _is_text(kind) -> bool:
    """True for an Arrow string type, or a dictionary whose values are one."""
    import pyarrow as pa

    if pa.types.is_dictionary(kind):
        return _is_text(kind.value_type)
    is_view = getattr(pa.types, "is_string_view", None)  # pyarrow >= 16
    return pa.types.is_string(kind) or pa.types.is_large_string(kind) or bool(is_view and is_view(kind))


def _open(path: Path):
    """``pyarrow.parquet.ParquetFile`` of ``path`` and the index of its ``text`` column.

    Raises
    ------
    ValueError
        pyarrow is missing, the file is not Parquet, or it has no ``text`` column of one of
        Arrow's string types (the message says which, for the list of skipped files).
    """
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ValueError(f"reading .parquet files needs pyarrow: {PARQUET_EXTRA}") from None
    try:  # a FIFO would block the open, a device never end: only a regular file is opened
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ValueError("not a regular file (a folder, device or FIFO)")
        pf = pq.ParquetFile(path)
    except (OSError, pa.ArrowException) as exc:
        raise ValueError(f"not a readable Parquet file ({str(exc)[:200]})") from exc
    schema = pf.schema_arrow
    index = schema.get_field_index(TEXT_COLUMN)
    if index < 0:
        cols = ", ".join(_shown(n) for n in schema.names[:10]) or "none"
        more = f" and {len(schema.names) - 10:,} more" if len(schema.names) > 10 else ""
        raise ValueError(f"no '{TEXT_COLUMN}' column (columns: {cols}{more})")
    kind = schema.field(index).type
    if not _is_text(kind):
        name = str(kind) if len(str(kind)) <= 60 else f"{str(kind)[:59]}…"  # a struct of 3,000 fields: cut
        raise ValueError(f"the '{TEXT_COLUMN}' column holds {name}, not strings")
    return pf, index


def parquet_texts(path: str | Path) -> list[str]:
    """The non-empty strings of the ``text`` column of a Parquet file, one document each, in row
    order (nulls and blank strings are left out).

    Raises
    ------
    ValueError
        pyarrow is missing (the message names the extra), the file is not Parquet, has no
        ``text`` column of strings (``string``, ``large_string``, ``string_view`` or a
        dictionary of them), or has no non-empty text.
    """
    pf, _ = _open(Path(path))  # first: without pyarrow it names the extra
    import pyarrow as pa

    docs: list[str] = []
    try:
        for batch in pf.iter_batches(batch_size=BATCH_ROWS, columns=[TEXT_COLUMN]):
            texts = batch.column(0).cast(pa.large_string())  # string_view, dictionary<string>: plain strings
            docs.extend(t for t in texts.to_pylist() if isinstance(t, str) and t.strip())
    except (OSError, pa.ArrowException) as exc:
        raise ValueError(f"damaged Parquet file ({str(exc)[:200]})") from exc
    if not docs:
        raise ValueError(f"no row with a non-empty '{TEXT_COLUMN}' string")
    return docs


def parquet_text_bytes(path: str | Path) -> int:
    """Uncompressed bytes of the ``text`` column from the file's metadata alone (Parquet's
    ``total_uncompressed_size`` per column chunk; a few bytes a row more than the UTF-8 text).

    Raises
    ------
    ValueError
        As :func:`parquet_texts`, before any row is read.
    """
    pf, index = _open(Path(path))
    meta = pf.metadata
    total = 0
    for g in range(meta.num_row_groups):
        group = meta.row_group(g)
        for c in range(group.num_columns):
            col = group.column(c)
            if col.path_in_schema == TEXT_COLUMN:
                total += int(col.total_uncompressed_size)
    return total
