"""Validation and statistics on a Dask cluster (``pip install 'paipu[dask]'``).

One process validates a few hundred games a second; a million games (Tenhou's Phoenix
archive) take about an hour per core. This module spreads the same work over the workers
of a `Dask <https://www.dask.org>`_ cluster — a ``LocalCluster`` on one machine, or a
scheduler and workers started with Dask's own commands (``dask scheduler``, ``dask
worker``; ``docs/dask.md``) — with the same results as one process:

* :func:`reports` — the :class:`~paipu.validation.FileReport` of each file, in order,
  computed on the workers (what ``paipu validate --scheduler ADDRESS`` prints);
* :func:`validate` — the findings, load errors and engine errors as a Dask DataFrame
  (``collect=True``: as a pandas DataFrame);
* :func:`tables` — the rounds and games tables of :func:`paipu.stats.tables` (and the
  turns table, ``engine=True``) as Dask DataFrames (:class:`Tables`, ready for
  ``to_parquet``), and the per-player summary
  computed from them (what ``paipu stats --scheduler ADDRESS`` prints).

The unit of work is a **batch** of files (of a database or archive, parts of 16 rows or
members), as ``paipu validate --jobs`` makes them: up
to 16 files (:data:`~paipu.parallel.TABLE_BATCH` for the tables) while many are left,
then fewer and fewer, so that the workers finish together. A worker reads one file at a
time, so it holds the games of one file per thread (the loader builds them together),
and the rows of the tables of one batch. Only file names go to the workers and only results come back:
the client never holds the games of a folder; :func:`reports` keeps a bounded number of
batches in flight, and the summary comes back one row per player.

Every worker reads the files itself, by the names the client gives: on a cluster, the
logs must be on a file system every worker sees at the same path (give absolute paths,
or start the workers in the client's folder).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import threading
import uuid
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

import dask
from dask.delayed import Delayed, delayed
from dask.highlevelgraph import HighLevelGraph
from distributed import Client, default_client

from paipu.loader import MAX_SIZE, Filters, LoadError, PathLike, load
from paipu.parallel import (TABLE_BATCH, File, Part, Summary, batches, cores, listing, load_errors, numbered,
                            tables_of_batch)
from paipu.rules import Rule, RuleSpec
from paipu.validation import FileReport, validate_file

if TYPE_CHECKING:
    import dask.dataframe as dd
    import pandas as pd
    import pyarrow as pa

    from paipu import stats

# pandas, paipu.stats and dask.dataframe (with pyarrow) take seconds to import: they are
# imported where tables are made, so that `paipu validate --scheduler` starts without them.

__all__ = ["FINDING_COLUMNS", "Summary", "Tables", "cluster", "connect", "reports", "validate", "tables", "task_batches"]

FINDING_COLUMNS = ("source", "round", "event", "check", "expected", "logged", "message")
"""The columns of :func:`validate`'s DataFrame: the keys of ``paipu validate --json``."""

# -- the cluster ---------------------------------------------------------------------------


def connect(client: Client | str | None = None) -> Client:
    """The client to run on: ``client`` itself, a new client of the scheduler at that
    address (``tcp://host:8786``), or with ``None`` the current default client, else a
    client of a new :class:`~distributed.LocalCluster` of one single-threaded worker
    process per core (validation is pure Python: threads would share one core), shut
    down when the client is closed. A client made here becomes Dask's default client, so
    that the collections this module returns are computed on it."""
    if isinstance(client, Client):
        return client
    if client is not None:
        return Client(client)
    try:
        current: Client = default_client()
    except ValueError:  # no client yet
        return _local_client()
    return current


def _local_client(workers: int | None = None) -> Client:
    """A client of a new cluster of ``workers`` single-threaded worker processes on this
    machine (default: one per core), its dashboard on a free port, saying only its
    errors; the client shuts the cluster down when it is closed.

    While the cluster starts, Ctrl-C is held back (blocked, not ignored), in the main
    thread: its processes and threads start with it blocked and keep it so (Ctrl-C is for
    this process, which stops them), and a Ctrl-C pressed meanwhile comes once the cluster
    is up: the client is closed and :class:`KeyboardInterrupt` raised (``paipu validate
    --dask`` says it was interrupted, and nothing else)."""
    with contextlib.ExitStack() as stack:
        with _interrupts_held():
            client: Client = stack.enter_context(Client(n_workers=workers or cores(), threads_per_worker=1, processes=True,
                                                dashboard_address=":0", silence_logs=logging.ERROR))
        stack.pop_all()  # no Ctrl-C came: the client stays open
    return client


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C (SIGINT) blocked in a ``with`` block, and in the threads and processes
    started there, when this is the main thread of a system that blocks signals (not
    Windows); one that came meanwhile is delivered at the end of the block."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # multiprocessing's resource tracker, started with the first process, unblocks SIGINT
    # in this thread once it is up (CPython's resource_tracker.py): started before the
    # block, so that Ctrl-C stays held for the worker processes started after it
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


CONNECT_TIMEOUT = 5.0
"""Seconds :func:`cluster` tries to reach a scheduler at a ``tcp://`` or ``tls://``
address before making its client (Dask's own connect timeout, 30 s, is long to wait for a
command to say that nothing listens there; it is left as it is for the client, which also
waits that long to reconnect after losing the scheduler during a run)."""


def _reachable(address: str) -> None:
    """Nothing if something accepts connections at ``address`` within
    :data:`CONNECT_TIMEOUT` (or its scheme is not a TCP one); else :class:`OSError`."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme in ("tcp", "tls"):
        with socket.create_connection(parse_host_port(location), timeout=CONNECT_TIMEOUT):
            pass


@contextlib.contextmanager
def cluster(address: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client for the length of a ``with`` block, closed after it: of the scheduler at
    ``address`` (reached within :data:`CONNECT_TIMEOUT`, else :class:`OSError`), or with
    ``None`` of a local cluster of ``workers`` processes (default: one per core), shut
    down after the block (``paipu validate --dask``)."""
    if address is not None:
        _reachable(address)
        with Client(address) as client:
            yield client
    else:
        with _local_client(workers) as client:
            yield client


# -- files and batches ---------------------------------------------------------------------


def task_batches(files: list[File], client: Client, most: int = 16) -> Iterator[list[File]]:
    """``files`` in order, in the batches ``paipu validate --jobs`` makes for as many
    processes as the cluster has worker threads, of at most ``most`` files."""
    return batches(files, max(1, sum(client.nthreads().values())), most)  # type: ignore[return-value]  # batches of files are lists of them


def _listing(paths: PathLike | Iterable[PathLike], recursive: bool, max_size: int,
             filters: Filters) -> tuple[list[File], list[list[LoadError]]]:
    """The files of ``paths`` (walked on the client, as :func:`paipu.load` walks them;
    databases and archives cut into parts of a few members, chosen by ``filters``) and
    the errors of the walk before each (:func:`paipu.parallel.listing`)."""
    return listing(load(*_path_list(paths), recursive=recursive, errors="collect", max_size=max_size,
                        filters=filters))


# -- validation ----------------------------------------------------------------------------


def _validate_batch(files: list[File], rule: Rule | None, strict_names: bool, max_size: int) -> list[FileReport]:
    """The task of a worker: :func:`~paipu.validation.validate_file` of each file."""
    return [validate_file(path, index, rule, strict_names, max_size) for path, index in files]


def reports(files: list[File], client: Client | str | None = None, rule: RuleSpec | None = None,
            strict_names: bool = False, max_size: int = MAX_SIZE, window: int | None = None) -> Iterator[FileReport]:
    """The :class:`~paipu.validation.FileReport` of each of ``files`` (``(path, index)``
    pairs as :meth:`paipu.loader.GameReader.paths` lists them, paths as text), in order,
    validated on the cluster of ``client`` (see :func:`connect`) a batch of files a task.

    At most ``window`` tasks are in flight (default: two per worker thread), so the
    client holds the reports of that many batches at most (16 files each), whatever the
    number of files. Stopping early (an exception, Ctrl-C) cancels the tasks in flight."""
    client = connect(client)
    chosen = None if rule is None else Rule.get(rule)
    if window is None:
        window = 2 * max(1, sum(client.nthreads().values()))
    pending: deque[Any] = deque()
    try:
        for files_of_task in task_batches(files, client):
            pending.append(client.submit(_validate_batch, files_of_task, chosen, strict_names, max_size,
                                         pure=False))
            if len(pending) >= window:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        if pending:
            client.cancel(list(pending))


def _rows(report: FileReport) -> list[dict[str, Any]]:
    """A report's findings, load errors and engine errors, as ``paipu validate --json``
    writes them (an engine error: check ``engine``, the exception as the message)."""
    engine = [{"source": failure["source"], "round": None, "event": None, "check": "engine",
               "expected": None, "logged": None, "message": failure["error"]} for failure in report.engine_errors]
    return [*report.findings, *report.errors, *engine]


def _findings_frame(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """Rows of :data:`FINDING_COLUMNS` as a DataFrame of fixed types: ``event`` a nullable
    integer, every other column Python objects (``expected`` and ``logged`` hold JSON
    values of any type)."""
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=list(FINDING_COLUMNS), dtype=object)  # None stays None
    return frame.astype({"event": "Int64"})


def _findings_of_batch(files: list[File], rule: Rule | None, strict_names: bool, max_size: int) -> pd.DataFrame:
    return _findings_frame(row for report in _validate_batch(files, rule, strict_names, max_size)
                           for row in _rows(report))


def validate(paths: PathLike | Iterable[PathLike], client: Client | str | None = None, rule: RuleSpec | None = None,
             strict_names: bool = False, recursive: bool = True, max_size: int = MAX_SIZE,
             collect: bool = False, filters: Filters = Filters()) -> dd.DataFrame | pd.DataFrame:
    """The findings of the games of ``paths`` (files, folders, ``FILE#N``), validated on
    the cluster of ``client`` (:func:`connect`), as a Dask DataFrame of one partition per
    batch of files, columns :data:`FINDING_COLUMNS`: one row per finding, load error
    (check ``load``) and engine error (check ``engine``), in the order ``paipu validate
    --json`` writes them (the errors of the folder walk first). ``collect=True`` computes
    it on the cluster and returns the pandas DataFrame. ``filters`` choose the rows of
    databases (:class:`paipu.loader.Filters`).

    The Dask DataFrame is lazy: each computation validates the files again (``persist``
    it to keep it on the workers)."""
    import dask.dataframe as dd

    client = connect(client)
    chosen = None if rule is None else Rule.get(rule)
    files, walk_errors = _listing(paths, recursive, max_size, filters)
    walked = _findings_frame(error.to_json() for errors in walk_errors for error in errors)
    parts = [delayed(_findings_of_batch, pure=False)(part, chosen, strict_names, max_size)
             for part in task_batches(files, client)]
    with _plain_columns():
        frame = dd.from_delayed([delayed(walked), *parts], meta=walked.iloc[:0], verify_meta=False)
    if collect:
        return client.compute(frame, sync=True).reset_index(drop=True)
    return frame


def _path_list(paths: PathLike | Iterable[PathLike]) -> list[PathLike]:
    return [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)  # a PathLike has __fspath__


@contextlib.contextmanager
def _plain_columns() -> Iterator[None]:
    """Dask's option to turn object columns into Arrow strings off: paipu's object
    columns hold dicts and JSON values, which must stay as they are."""
    with dask.config.set({"dataframe.convert-string": False}):
        yield


# -- statistics ----------------------------------------------------------------------------


def _after(first: int, part: Part) -> int:
    """The number of the first game after a part whose first game is ``first``."""
    return first + part.games


@dataclass(frozen=True)
class Tables:
    """The tables of :func:`paipu.stats.tables` over many files, as Dask DataFrames of
    one partition per batch of files, computed on the workers when asked.

    ``rounds`` and ``games`` (and ``turns``, made with ``engine=True``) have the columns,
    types and rows of the one-process tables (games numbered across the whole pass),
    except that a categorical column's categories are those of the rows, in order of
    appearance. ``errors`` (a Dask ``Delayed``) gives the load errors, ``count`` the
    number of games."""

    rounds: dd.DataFrame
    games: dd.DataFrame
    errors: Any
    count: Any
    client: Client
    turns: dd.DataFrame | None = None

    def summary(self, player: str | int | None = None, double_ron: stats.DoubleRon = "once") -> pd.DataFrame:
        """The per-player summary, as :meth:`paipu.stats.Tables.summary` gives it."""
        return self.compute(player, double_ron).summary

    def compute(self, player: str | int | None = None, double_ron: stats.DoubleRon = "once") -> Summary:
        """The summary, the load errors and the number of games in one pass over the files.

        The rows are shuffled by player name across the workers, each worker summarises
        the players it holds (:meth:`paipu.stats.Tables.summary` of their rows, in the
        one-process order), and the client joins the rows, one per player, sorted as
        :func:`paipu.stats.summary` sorts them."""
        from paipu import stats

        frames = [frame for frame in (self.rounds, self.games, self.turns) if frame is not None]
        if player is not None:
            frames = [stats.of_player(frame, player) for frame in frames]
        with _plain_columns():
            parts = self.shuffled_partitions()
            by_player = zip(*(frame.shuffle("name", npartitions=parts, shuffle_method="tasks").to_delayed()
                              for frame in frames))
            summaries = [delayed(_summary_of)(*held, double_ron=double_ron) for held in by_player]
        *summaries, errors, count = self.client.compute([*summaries, self.errors, self.count], sync=True)
        return Summary(_joined(summaries, double_ron), errors, count)

    def shuffled_partitions(self) -> int:
        """The partitions of the rows shuffled by player name: one per worker thread, or
        one per 16 partitions of the tables if more (the rows of some 4,000 files each),
        so that a worker holds the rows of a bounded number of games however many there
        are."""
        partitions: int = max(sum(self.client.nthreads().values()), -(-self.rounds.npartitions // 16))
        return partitions

    def to_parquet(self, folder: PathLike, **options: Any) -> None:
        """Write ``rounds`` and ``games`` (and ``turns``, if made) as Parquet datasets into
        ``folder``/rounds, ``folder``/games (``folder``/turns), partition by partition on the workers (nothing comes to the
        client), one file per partition named so that their sorted names give the rows in
        order (``part.000000.parquet``...). Categorical columns are Arrow dictionaries; an object column (``yaku``:
        ``{name: count}``) is an Arrow map from text to integer, read back by pandas as a
        list of (name, count) pairs. ``options`` go to ``DataFrame.to_parquet``."""
        folder = Path(folder)
        options = {"write_index": False, "name_function": _part_name, **options}
        writes = [frame.to_parquet(folder / name, schema=_arrow_schema(frame), compute=False, **options)
                  for name, frame in (("rounds", self.rounds), ("games", self.games), ("turns", self.turns))
                  if frame is not None]
        self.client.compute(writes, sync=True)


def _part_name(index: int) -> str:
    return f"part.{index:06d}.parquet"


def _summary_of(rounds: pd.DataFrame, games: pd.DataFrame, turns: pd.DataFrame | None = None, *,
                double_ron: stats.DoubleRon) -> pd.DataFrame:
    """The summary of the players whose rows these are (all their rows), put back in
    the order of one pass first (the order decides ties in the dict columns; the turns'
    statistics are sums, whatever their order)."""
    from paipu import stats

    return stats.Tables(rounds.sort_values(["game", "round", "seat"]),
                        games.sort_values(["game", "player"]), turns).summary(None, double_ron)


def _joined(summaries: list[pd.DataFrame], double_ron: stats.DoubleRon) -> pd.DataFrame:
    """The summaries of disjoint sets of players as one, sorted as
    :func:`paipu.stats.summary` sorts: by games, then rounds (most first), then name."""
    import pandas as pd

    from paipu import stats

    filled = [summary for summary in summaries if not summary.empty]
    if not filled:
        return stats.tables([]).summary(None, double_ron)
    joined = pd.concat(filled).reset_index()
    joined = joined.sort_values(["games", "rounds", "player"], ascending=[False, False, True])
    return joined.set_index("player")


_COUNT_COLUMNS = frozenset({"yaku"})
"""The columns of the tables that hold ``{name: count}`` dicts (:data:`paipu.stats.ROUND_COLUMNS`);
every other column of Python objects holds text."""


def _arrow_schema(frame: dd.DataFrame) -> pa.Schema:
    """The Arrow schema of a table for Parquet: a categorical column a dictionary of
    text, a column of :data:`_COUNT_COLUMNS` a map from text to integer, any other column
    of Python objects text."""
    import pandas as pd
    import pyarrow as pa

    def arrow_type(column: str, dtype: Any) -> pa.DataType:
        if isinstance(dtype, pd.CategoricalDtype):
            return pa.dictionary(pa.int32(), pa.string())
        if column in _COUNT_COLUMNS:
            return pa.map_(pa.string(), pa.int64())
        if dtype == object:
            return pa.string()
        return pa.from_numpy_dtype(getattr(dtype, "numpy_dtype", dtype))

    return pa.schema([pa.field(column, arrow_type(column, dtype)) for column, dtype in frame.dtypes.items()])


def tables(paths: PathLike | Iterable[PathLike], client: Client | str | None = None, recursive: bool = True,
           max_size: int = MAX_SIZE, engine: bool = False, filters: Filters = Filters()) -> Tables:
    """The statistics tables of the games of ``paths`` (files, folders, ``FILE#N``; the
    folders walked here, on the client), read on the cluster of ``client``
    (:func:`connect`) a batch of files a task: see :class:`Tables`; with ``engine=True``
    the engine-aware facts and the turns table too (:func:`paipu.stats.tables`); ``filters``
    choose the rows of databases (:class:`paipu.loader.Filters`). Nothing is read until
    something is computed."""
    import dask.dataframe as dd
    from dask.dataframe.utils import clear_known_categories

    from paipu import stats

    client = connect(client)
    files, walk_errors = _listing(paths, recursive, max_size, filters)
    batches = list(task_batches(files, client, TABLE_BATCH))
    # One graph for the whole pass, written out (one Delayed per task would merge the
    # graphs of a chain of sums again and again: quadratic in the number of batches).
    # Each batch is read once (read); its games are numbered from first, a chain of sums
    # of the batches' counts, known once the batches before it are read; the two tables
    # of each batch are the partitions of the two Dask DataFrames.
    token = uuid.uuid4().hex
    read, first, errors = f"paipu-read-{token}", f"paipu-first-{token}", f"paipu-errors-{token}"
    tables_keys = {name: f"paipu-{name}-{token}" for name in ("rounds", "games", "turns")[:3 if engine else 2]}
    graph: dict[Any, Any] = {(first, 0): 0}
    for i, batch in enumerate(batches):
        graph[(read, i)] = (tables_of_batch, batch, max_size, engine)
        graph[(first, i + 1)] = (_after, (first, i), (read, i))
        for name, key in tables_keys.items():
            graph[(key, i)] = (numbered, (read, i), name, (first, i))
    graph[errors] = (load_errors, walk_errors, [(read, i) for i in range(len(batches))])
    layer = f"paipu-tables-{token}"
    whole = HighLevelGraph.from_collections(layer, graph)
    empty = stats.tables([], engine)
    frames = {}
    with _plain_columns():
        for name, key in tables_keys.items():
            meta = clear_known_categories(getattr(empty, name))
            pieces = [Delayed((key, i), whole, layer=layer) for i in range(len(batches))]
            frames[name] = (dd.from_delayed(pieces, meta=meta, verify_meta=False) if pieces
                            else dd.from_pandas(meta, npartitions=1))
    return Tables(frames["rounds"], frames["games"], Delayed(errors, whole, layer=layer),
                  Delayed((first, len(batches)), whole, layer=layer), client, frames.get("turns"))
