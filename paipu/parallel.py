"""Work shared among processes: how many cores there are to share it (``--jobs`` of
``paipu validate``, ``simulate`` and ``stats``), the batches of files each process is
given (``paipu validate --jobs``, ``paipu stats --jobs`` and :mod:`paipu.dask`), and the
statistics tables of batches made apart and joined as one pass makes them (``paipu stats
--jobs`` and :mod:`paipu.dask`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence, TypeVar

if TYPE_CHECKING:
    import pandas as pd

    from . import stats
    from .events import Game
    from .loader import GameReader, LoadError

__all__ = ["cores", "batches", "TABLE_BATCH", "File", "Part", "Summary", "listing", "tables_of_batch", "load_errors",
           "joined"]

Item = TypeVar("Item")


def cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(items: Sequence[Item], workers: int, most: int = 16) -> Iterator[Sequence[Item]]:
    """``items`` (files to read) in order, in batches for ``workers`` workers: up to
    ``most`` items while many are left (fewer round trips), then smaller and smaller,
    down to one, so that the workers run out of work at about the same time (guided
    scheduling)."""
    start = 0
    while start < len(items):
        size = max(1, min(most, (len(items) - start) // (2 * workers)))
        yield items[start:start + size]
        start += size


# -- statistics in batches -----------------------------------------------------------------
# (``paipu stats --jobs`` and :func:`paipu.dask.tables`: pandas and paipu.stats take a
# second to import, so they are imported inside the functions, not by ``paipu validate``)

TABLE_BATCH = 256
"""The most files of a partition of the statistics tables: making a table costs tens of
milliseconds whatever its size, and 256 files of one game each (Tenhou's archive) make
a partition of about 10,000 rows, a few MB."""

File = tuple[str, "int | None"]
"""A file to read and the game of it selected (``FILE#N``), or ``None`` for all."""


def listing(reader: GameReader) -> tuple[list[File], list[list[LoadError]]]:
    """The files ``reader`` would read (its folders walked here) and the errors of the
    walk: ``errors[k]`` were met before file ``k``, the last entry after the last file, so
    that they are reported where one process reports them (:func:`load_errors`)."""
    files: list[File] = []
    errors: list[list[LoadError]] = []
    seen = len(reader.errors)
    for path, index in reader.paths():
        errors.append(reader.errors[seen:])
        seen = len(reader.errors)
        files.append((str(path), index))
    errors.append(reader.errors[seen:])
    return files, errors


@dataclass(frozen=True)
class Part:
    """What a worker reads from a batch of files: their tables (games numbered from 0),
    the number of games, and each file's load errors (a list per file)."""

    tables: stats.Tables
    games: int
    errors: list[list[LoadError]]


def tables_of_batch(files: Sequence[File], max_size: int, engine: bool = False, summary: bool = False) -> Part:
    """The task of a worker: the statistics tables of a batch of files, read one file at a
    time (the loader builds a file's games together): :func:`paipu.stats.tables` (with ``engine``), or
    with ``summary=True`` only what a summary reads (:func:`paipu.stats.summary_tables`)."""
    from . import stats
    from .loader import load

    reader = load(errors="collect", max_size=max_size)
    errors: list[list[LoadError]] = []

    def games() -> Iterator[Game]:
        for path, index in files:
            seen = len(reader.errors)
            yield from reader.read_file(Path(path), index)
            errors.append(reader.errors[seen:])

    made = (stats.summary_tables if summary else stats.tables)(games(), engine)
    return Part(made, reader.games, errors)


def load_errors(walk_errors: list[list[LoadError]], parts: Iterable[Part]) -> list[LoadError]:
    """Every load error in the order one process meets them: the walk's errors before
    each file (:func:`listing`), then the file's own."""
    of_files = [errors for part in parts for errors in part.errors]
    merged = [error for before, errors in zip(walk_errors, of_files) for error in (*before, *errors)]
    return merged + walk_errors[-1]


@dataclass(frozen=True)
class Summary:
    """What ``paipu stats`` needs from one computation over many files (``--jobs``, or a
    Dask cluster): the per-player summary (:func:`paipu.stats.summary`), the load errors
    in order, and the number of games."""

    summary: pd.DataFrame
    errors: list[LoadError]
    games: int


def joined(parts: Sequence[Part]) -> stats.Tables:
    """The tables of ``parts`` (one or more, the batches in file order) as one pass over
    all their files makes them: the rows in order, the games numbered across the pass,
    and each categorical column's categories those of all its rows, sorted."""
    import numpy as np
    import pandas as pd
    from pandas.api.types import union_categoricals

    from . import stats

    firsts = np.cumsum([0] + [part.games for part in parts[:-1]])

    def whole(name: str) -> pd.DataFrame | None:
        frames = [getattr(part.tables, name) for part in parts]
        if frames[0] is None:
            return None
        categorical = [column for column, dtype in frames[0].dtypes.items() if isinstance(dtype, pd.CategoricalDtype)]
        frame = pd.concat([frame.drop(columns=categorical) for frame in frames], ignore_index=True)
        frame["game"] += np.repeat(firsts, [len(frame) for frame in frames])
        for column in categorical:  # the codes of each part mapped to the categories of all
            pieces = [part[column] for part in frames]
            named = [piece.cat.categories for piece in pieces if len(piece.cat.categories)]
            if named:  # no categories are of Python objects, which cannot be joined with text
                pieces = [piece if len(piece.cat.categories) else piece.cat.set_categories(named[0][:0])
                          for piece in pieces]
            frame[column] = union_categoricals(pieces, sort_categories=True)
        return frame[frames[0].columns]

    return stats.Tables(*map(whole, ("rounds", "games", "turns")))  # type: ignore[arg-type]
