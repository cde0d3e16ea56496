"""Work shared among processes: how many cores there are to share it (``--jobs`` of
``paipu validate``, ``simulate`` and ``stats``), the worker processes of ``--jobs``
(:class:`Workers`: the results in order, and a worker that dies said, never waited for),
the batches of files each process is given (``paipu validate --jobs``, ``paipu stats
--jobs`` and :mod:`paipu.dask`), and the statistics tables of batches made apart and
joined as one pass makes them (``paipu stats --jobs`` and :mod:`paipu.dask`)."""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence, TypeVar, cast

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.context import BaseContext

    import pandas as pd

    from . import stats
    from .events import Game
    from .containers import Filters
    from .loader import GameReader, LoadError, Selection

__all__ = ["cores", "batches", "TABLE_BATCH", "File", "Part", "Summary", "listing", "tables_of_batch", "load_errors",
           "numbered", "joined", "Workers", "WorkerDied"]

Item = TypeVar("Item")
Result = TypeVar("Result")


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

File = tuple[str, "Selection"]
"""A file to read and the games of it to read (:data:`paipu.loader.Selection`: ``FILE#N``'s
``N``, ``None`` for all, or all without some)."""


def listing(reader: GameReader) -> tuple[list[File], list[list[LoadError]]]:
    """The files ``reader`` would read (its folders walked here), a database or archive
    cut into parts of a few members (:func:`paipu.containers.parts`, by the reader's
    filters) that workers read apart, and the errors of the walk: ``errors[k]`` were met
    before file ``k``, the last entry after the last file, so that they are reported
    where one process reports them (:func:`load_errors`)."""
    files: list[File] = []
    errors: list[list[LoadError]] = []
    seen = len(reader.errors)
    for path, index in reader.paths():
        errors.append(reader.errors[seen:])
        seen = len(reader.errors)
        shares = _shares(path, index, reader.filters)
        files.append((str(path), shares[0]))
        for share in shares[1:]:
            errors.append([])
            files.append((str(path), share))
    errors.append(reader.errors[seen:])
    return files, errors


def _shares(path: Path, index: Selection, filters: Filters) -> list[Selection]:
    """What of a file a worker reads at a time: of a database or archive read whole (or
    whole without members named before), its parts (the whole, by ``filters``, if it has
    none or cannot be listed: the worker says why), else ``index`` itself."""
    from .containers import ContainerError, kind, parts
    from .loader import PATTERNS, Without, whole_container

    if not (index is None or isinstance(index, Without)):
        return [index]
    what = kind(path)
    if what is None:
        return [index]
    everything = whole_container(index, filters)
    try:
        return list(parts(path, what, everything, PATTERNS)) or [everything]
    except ContainerError:
        return [everything]


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


def numbered(part: Part, table: str, first: int) -> pd.DataFrame | None:
    """The ``rounds``, ``games`` or ``turns`` table of a part (``None`` if it has none), its
    games numbered from ``first`` (their position in the whole pass, as one process
    numbers them), and the categories of its categorical columns text even when there are
    none (pandas makes an empty set of categories of Python objects, which cannot be
    joined with text)."""
    import pandas as pd

    frame = getattr(part.tables, table)
    if frame is None:
        return None
    text = {column: pd.CategoricalDtype(dtype.categories.astype(str)) for column, dtype in frame.dtypes.items()
            if isinstance(dtype, pd.CategoricalDtype)}
    return frame.astype(text).assign(game=frame["game"] + first)


def joined(parts: Sequence[Part]) -> stats.Tables:
    """The tables of ``parts`` (one or more, the batches in file order) as one pass over
    all their files makes them: the rows in order, the games numbered across the pass,
    and each categorical column's categories those of all its rows, sorted."""
    import pandas as pd
    from pandas.api.types import union_categoricals

    from . import stats

    firsts = [0]
    for part in parts[:-1]:
        firsts.append(firsts[-1] + part.games)

    def whole(name: str) -> pd.DataFrame | None:
        tables = [numbered(part, name, first) for part, first in zip(parts, firsts)]
        if tables[0] is None:
            return None
        frames = cast("list[pd.DataFrame]", tables)  # every part has the table when the first has it
        categorical = [column for column, dtype in frames[0].dtypes.items() if isinstance(dtype, pd.CategoricalDtype)]
        frame = pd.concat([frame.drop(columns=categorical) for frame in frames], ignore_index=True)
        for column in categorical:  # the codes of each part mapped to the categories of all
            frame[column] = union_categoricals([part[column] for part in frames], sort_categories=True)
        return frame[frames[0].columns]

    return stats.Tables(*map(whole, ("rounds", "games", "turns")))


# -- worker processes ----------------------------------------------------------------------
# (``--jobs`` of ``paipu validate``, ``stats`` and ``simulate``: ``multiprocessing`` and
# ``concurrent.futures`` take a few hundredths of a second to import, so they are imported
# only when there are workers)

AHEAD = 3
"""The tasks given out per worker and not yet taken back: enough that no worker waits for
the next while its result is handed over, few enough that the results waiting to be
taken, in order, stay few whatever the number of tasks."""


class WorkerDied(Exception):
    """A worker process ended before its work was done, so the results are incomplete.
    ``exitcode`` is that process's: minus the signal that killed it (``-9`` for SIGKILL,
    which the kernel's out-of-memory killer sends), its exit status, or ``None`` if
    unknown."""

    def __init__(self, exitcode: int | None) -> None:
        super().__init__(exitcode)
        self.exitcode = exitcode

    def __str__(self) -> str:
        import signal

        if self.exitcode is None:
            how = "cause unknown"
        elif self.exitcode < 0:
            try:
                how = f"killed by signal {-self.exitcode}, {signal.Signals(-self.exitcode).name}"
            except ValueError:  # no signal of this system's
                how = f"killed by signal {-self.exitcode}"
        else:
            how = f"exit status {self.exitcode}"
        return f"a worker process died ({how})"


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C ignored, also where the worker does not inherit it held back
    from the main process (:func:`_interrupts_held`: a ``forkserver`` started before)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C held back in the ``with`` block (SIGINT blocked), and so in every process
    started in it (a fork or a spawned interpreter inherits that), for good: from the start
    of a run the terminal sends Ctrl-C to the whole process group, and the main process
    stops the workers itself. A Ctrl-C pressed in the block reaches this process at its
    end. (Where signals cannot be blocked, ignored instead.)"""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # not on a POSIX system
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Context:
    """The default multiprocessing context, each process it makes kept in ``started`` (to
    stop them, and to tell how one died)."""

    def __init__(self) -> None:
        self.started: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        import multiprocessing

        return getattr(multiprocessing.get_context(), name)

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 (named as the context's)
        import multiprocessing

        process = multiprocessing.get_context().Process(*args, **kwargs)
        self.started.append(process)
        return process


def _batch_task(items: Sequence[Item], function: Callable[[Item], Result]) -> list[Result]:
    """The task of a batch (:meth:`Workers.each`): ``function`` of each item, in order."""
    return [function(item) for item in items]


class Workers:
    """``processes`` worker processes for a ``with`` block (for one or fewer, none: the
    work is done in this process). Leaving the block normally lets them finish; leaving it
    by an exception (Ctrl-C, output that cannot be written) stops them at once and leaves
    no process behind. A worker that dies (killed by SIGKILL or the out-of-memory killer,
    a crash in C code) ends the block with :class:`WorkerDied`, the other workers stopped,
    where the results in order reach a task it did not finish: never a wait for ever."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._context = _Context()
        self._executor: ProcessPoolExecutor | None = None
        if processes > 1:
            from concurrent.futures import ProcessPoolExecutor

            # _Context is the default multiprocessing context, which keeps the processes it starts
            self._executor = ProcessPoolExecutor(processes, mp_context=cast("BaseContext", self._context),
                                                 initializer=_ignore_interrupts)

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        if self._executor is None:
            return
        from concurrent.futures.process import BrokenProcessPool

        if kind is not None:
            for process in self._context.started:
                process.terminate()  # the workers have no handler of SIGTERM: they end
        self._executor.shutdown(wait=True, cancel_futures=True)
        if kind is not None and issubclass(kind, BrokenProcessPool):
            raise WorkerDied(self._exitcode()) from None

    def _exitcode(self) -> int | None:
        """The exit code of the worker that died, once all have ended: the pool stops
        the others with SIGTERM, so the first code of another kind; SIGTERM's if all are
        that (someone sent it)."""
        import signal

        codes = [process.exitcode for process in self._context.started]
        return next((code for code in codes if code not in (None, -signal.SIGTERM)),
                    -signal.SIGTERM if -signal.SIGTERM in codes else None)

    def map(self, function: Callable[[Item], Result], items: Iterable[Item]) -> Iterator[Result]:
        """``function`` of each item, a task each, in the order of ``items``; at most
        :data:`AHEAD` tasks per worker are given out and not yet taken back."""
        if self._executor is None:
            return map(function, items)
        return self._ordered(function, iter(items))

    def each(self, function: Callable[[Item], Result], items: Sequence[Item], most: int = 16) -> Iterator[Result]:
        """``function`` of each item, in order, the items given to the workers in
        :func:`batches` of up to ``most``."""
        if self._executor is None:
            return map(function, items)
        from functools import partial
        from itertools import chain

        tasks = batches(items, self.processes, most)
        return chain.from_iterable(self._ordered(partial(_batch_task, function=function), tasks))

    def _ordered(self, function: Callable[[Item], Result], items: Iterator[Item]) -> Iterator[Result]:
        from collections import deque
        from itertools import islice

        executor = self._executor
        assert executor is not None
        pending: deque[Future[Result]] = deque()

        def submit(item: Item) -> None:
            if len(self._context.started) < self.processes:  # this call may start a worker
                with _interrupts_held():
                    pending.append(executor.submit(function, item))
            else:
                pending.append(executor.submit(function, item))

        for item in islice(items, AHEAD * self.processes):
            submit(item)
        while pending:
            future = pending.popleft()
            for item in islice(items, 1):
                submit(item)
            yield future.result()
