"""Log databases and archives, read as folders of logs: :func:`kind`, :func:`members`
and :func:`parts`.

Researchers keep Tenhou logs by the hundred thousand, not as loose files:

* **databases** (SQLite) of `phoenix-logs <https://github.com/MahjongRepository/phoenix-logs>`_
  (table ``logs(log_id, date 'YYYY-MM-DD HH:MM', is_tonpusen, is_sanma, is_processed,
  was_error, log_content)``, the mjlog compressed with gzip, or bz2 before May 2023) and
  of `houou-logs <https://github.com/Apricot-S/houou-logs>`_ (table ``logs(id, date
  'YYYY-MM-DDTHH:MM', num_players, is_tonpu, is_processed, was_error, log)``, gzip): a
  row is a member named by its id;
* **archives**: ``.zip`` and ``.tar`` (plain, gzip, bzip2 or xz), whose members named like
  logs (:data:`paipu.loader.PATTERNS`) are read, in the archive's order; the others are
  passed over, as a folder's walk passes over files not named like logs.

Nothing is extracted or written: a member's name is only a name (``../../x`` is
harmless), and its bytes, at most ``max_size`` stored and at most ``max_size`` inflated,
go to the loader as a file's would. A database is opened read-only (``mode=ro``; where it
cannot be, as ``immutable``) and read in short queries, so that no lock is held between
them and a downloader writing to it meanwhile is not stopped. A container is never in
memory: a member or row at a time, its index (a zip's central directory, a tar's
headers, a table's keys) walked as it goes.

What cannot be read is a message naming the member (:class:`Unread`): a row not yet
downloaded or whose download failed, a member too large, a link, an archive inside an
archive (not followed: unpack it first), a corrupt or encrypted member. What stops a
container (:class:`ContainerError`): not a database of logs, a corrupt archive.
"""

from __future__ import annotations

import bz2
import os
import re
import stat
import struct
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterator, Literal, NamedTuple, Union
from urllib.parse import quote

from .compression import readable_size
from .limits import clip

if TYPE_CHECKING:
    import sqlite3

# sqlite3, gzip and lzma are imported where a database, a compressed tar or an xz stream is
# opened: every command imports this module to ask what each file is, and most read none.

__all__ = ["Filters", "Part", "Kind", "Member", "Unread", "Missing", "ContainerError", "ENDINGS", "NESTED", "kind",
           "kind_of_bytes", "members", "parts"]

Kind = Literal["database", "zip", "tar"]

ENDINGS = (".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz", ".db", ".sqlite", ".sqlite3")
"""Endings of the names of databases and archives read when walking a folder (a file
named as a path is read whatever its name); inside an archive, a member of these endings
is an archive inside an archive, not read (:data:`NESTED`)."""

PART_SIZE = 16
"""The rows or members of a :class:`Part` made by :func:`parts`: a task of ``paipu
validate --jobs`` takes up to 16 parts, a few hundred games."""

QUERY_ROWS = 64
"""The rows of one query of a database: the lock SQLite takes to read is let go after
each, and 64 rows of ~10 KB are little to hold."""

LOCK_WAIT = 2.0
"""Seconds a query waits for a database another program holds locked to write (a
downloader commits in moments) before saying it is locked."""

MAX_NAME = 4096
"""The most characters of a member's name (a row's id) read: a file's path is at most
4,096 bytes on Linux; a longer name is a load error, quoted cut short."""

MAX_HEADER = 1 << 20
"""The most bytes of a tar member's long name or extended (pax) header read: real ones
are a few hundred bytes."""


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Filters:
    """Which rows of a database to read, chosen by its columns before any is read:
    ``players`` 3 or 4, ``length`` ``"east"`` (東風戦) or ``"south"`` (東南戦), the day
    played from ``since`` to ``until`` (``YYYY-MM-DD``, both included), and at most
    ``limit`` rows of each database or members of each archive (``limit`` is the only
    filter of archives, whose members say nothing until read). ``None``: no bound."""

    players: int | None = None
    length: Literal["east", "south"] | None = None
    since: str | None = None
    until: str | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.players not in (None, 3, 4):
            raise ValueError(f"players must be 3 or 4, not {self.players!r}")
        if self.length not in (None, "east", "south"):
            raise ValueError(f"length must be 'east' or 'south', not {self.length!r}")
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None and not (isinstance(value, str) and _DATE.fullmatch(value)):
                raise ValueError(f"{name} must be a day written YYYY-MM-DD, not {value!r}")
        if self.limit is not None and (type(self.limit) is not int or self.limit < 0):
            raise ValueError(f"limit must be a number of games, 0 or more, not {self.limit!r}")


@dataclass(frozen=True)
class Part:
    """Some of a container's members (rows): the one named ``entry`` (``2024.db#ID``,
    ``logs.zip#a/b.mjlog``, maybe ending ``#N`` for its game ``N``), or those from
    position ``start`` on (a key, or an offset into the archive's index; ``None`` for its
    beginning), ``count`` of them (``None``: to the end), chosen by ``filters``, but
    those named in ``without`` (read before, named as paths)."""

    entry: str | None = None
    start: int | str | None = None
    count: int | None = None
    filters: Filters = Filters()
    without: frozenset[str] = frozenset()


class Unread:
    """A member that is not read, and why (``message``)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class Missing(Unread):
    """A member named (``FILE#NAME``) that the container does not hold."""


class ContainerError(Exception):
    """A container that cannot be read, or not past some point: the message says."""


Member = tuple[str, Union[bytes, Unread]]
"""A member's name (a row's id) and its bytes (stored compression removed, the
member's own gzip or bz2 left for the loader), or why it is not read."""


# -- what a file is ----------------------------------------------------------------------------

_SQLITE = b"SQLite format 3\0"
_ZIP = (b"PK\x03\x04", b"PK\x05\x06")


def _opener(head: bytes) -> Callable[..., Any] | None:
    """The function that opens a compressed stream starting with ``head``, ``None`` if plain."""
    if head.startswith(b"\x1f\x8b"):
        import gzip

        return gzip.open
    if head.startswith(b"BZh"):
        return bz2.open
    if head.startswith(b"\xfd7zXZ\x00"):
        import lzma

        return lzma.open
    return None


def _inflater(head: bytes) -> Any:
    """A decompressor (zlib's, bz2's or lzma's: each has ``decompress(data, max_length)``
    and ``eof``) of the stream starting with ``head`` (gzip, bzip2 or xz), ``None`` if plain."""
    if head.startswith(b"\x1f\x8b"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if head.startswith(b"BZh"):
        return bz2.BZ2Decompressor()
    if head.startswith(b"\xfd7zXZ\x00"):
        import lzma

        return lzma.LZMADecompressor()
    return None


def _read_errors() -> tuple[type[Exception], ...]:
    """What reading a container, or a file's first bytes, may raise that stops it: the
    file's errors, a compressed stream's (zlib's, lzma's), a short record's (struct's),
    ``ValueError``. Named in ``except`` clauses, so asked for only once something is
    raised: lzma, imported here, is not imported at start-up."""
    import lzma

    return (OSError, EOFError, lzma.LZMAError, zlib.error, struct.error, ValueError)


def _is_tar_header(block: bytes) -> bool:
    """Whether ``block`` starts as a POSIX or GNU tar header does (``ustar`` at 257)."""
    return len(block) >= 263 and block[257:262] == b"ustar"


_KINDS_SEEN: dict[tuple[str, int, int, int, int], Kind | None] = {}
"""What :func:`kind` found of each file lately, by its path, device, inode, size and time
of change: a file is asked about twice on its way (when the paths are listed, and when
it is read), and is opened once."""
_KINDS_SEEN_SIZE = 4096


def kind(path: Path) -> Kind | None:
    """What the regular file ``path`` is by its first bytes: an SQLite ``"database"``, a
    ``"zip"`` or a ``"tar"`` (plain, gzip, bzip2 or xz), else ``None`` (a log, or a
    file that cannot be read: its reading says what is wrong). Pipes and devices are not
    looked at (``None``): reading would take their bytes."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return None
        key = (os.fspath(path), info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
        if key in _KINDS_SEEN:
            return _KINDS_SEEN[key]
        found = _kind_of_file(path)
        if len(_KINDS_SEEN) >= _KINDS_SEEN_SIZE:
            _KINDS_SEEN.clear()
        _KINDS_SEEN[key] = found
        return found
    except _read_errors():
        return None


def _kind_of_file(path: Path) -> Kind | None:
    """:func:`kind` of a regular file, read: its first 512 bytes, inflated if compressed."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        return _kind_of_head(os.read(fd, 512), lambda: os.read(fd, 1 << 14))
    finally:
        os.close(fd)


def kind_of_bytes(data: bytes) -> Kind | None:
    """:func:`kind` of a regular file read whole, ``data`` its bytes: the loader reads a
    file once, and asks what it is of what it read (a database or archive larger than the
    loader reads is asked about by its path, :func:`kind`)."""
    pieces = (data[at:at + (1 << 14)] for at in range(512, len(data), 1 << 14))
    try:
        return _kind_of_head(data[:512], lambda: next(pieces, b""))
    except _read_errors():  # a corrupt compressed file: no container (its reading says what is wrong)
        return None


def _kind_of_head(head: bytes, more: Callable[[], bytes]) -> Kind | None:
    """:func:`kind` of a file whose first 512 bytes are ``head``, ``more()`` giving the bytes
    after, a piece at a time (``b""`` at the end): inflated if compressed."""
    if head.startswith(_SQLITE):
        return "database"
    if head.startswith(_ZIP):
        return "zip"
    if _is_tar_header(head):
        return "tar"
    inflater = _inflater(head)
    if inflater is None:
        return None
    # inflated by pieces until its first block is out (bzip2 gives nothing before a
    # whole block of up to 900 KB is in; gzip and xz, at once)
    data, inflated = head, b""
    for _ in range(64):
        inflated += inflater.decompress(data, 512 - len(inflated))
        if len(inflated) >= 512 or inflater.eof:
            break
        data = more()
        if not data:
            break
    return "tar" if _is_tar_header(inflated) else None


def _wanted(name: str, patterns: tuple[str, ...]) -> bool:
    """Whether an archive's member is one to read, named like a log (``patterns``), or to
    say something of, named like an archive or a database (:data:`ENDINGS`)."""
    return name.endswith(patterns) or name.endswith(ENDINGS)


NESTED = "an archive (or database) inside an archive: not read (unpack it first)"
"""What a member named like an archive or a database is: not followed, so that an
archive's bounds hold for what it holds."""


# -- members -------------------------------------------------------------------------------


def members(path: Path, what: Kind, part: Part | None, max_size: int, patterns: tuple[str, ...]
            ) -> Iterator[Member]:
    """The members of the container ``path`` of kind ``what`` chosen by ``part`` (all,
    ``None``), in its order, each at most ``max_size`` bytes stored and inflated; those of
    an archive named like a log (``patterns``) or like an archive (:data:`ENDINGS`:
    :class:`Unread`). :class:`ContainerError` for what stops the reading."""
    part = part or Part()
    if what == "database":
        read = _Database(path).rows(part, max_size)
    else:
        read = (_zip_members if what == "zip" else _tar_members)(path, part, max_size, patterns)
    with _stopping():
        yield from read


def parts(path: Path, what: Kind, whole: Part, patterns: tuple[str, ...]) -> Iterator[Part]:
    """The members of the container ``path`` that ``whole`` chooses (its filters, but
    those it names ``without``), cut into :class:`Part` s of :data:`PART_SIZE` members for
    workers to read apart (``--jobs``, Dask), in order, at most ``filters.limit`` members
    in all; a compressed tar, which cannot be entered in the middle, whole.
    :class:`ContainerError` for a container that cannot be listed."""
    with _stopping():
        for part in _parts(path, what, whole.filters, patterns):
            yield replace(part, without=whole.without)


def _parts(path: Path, what: Kind, filters: Filters, patterns: tuple[str, ...]) -> Iterator[Part]:
    if what == "database":
        yield from _Database(path).parts(filters)
        return
    if what == "tar":
        with open(path, "rb") as file:
            compressed = _opener(file.read(8)) is not None
        if compressed:
            yield Part(filters=filters)
            return
        positions = (offset for offset, header in _Tar(path, 0, 1 << 62).headers() if _wanted(header.name, patterns))
    else:
        positions = (offset for offset, entry in _zip_entries(path, None) if _wanted(entry.name, patterns))
    yield from _cut(positions, filters)


@contextmanager
def _stopping() -> Iterator[None]:
    """What stops the reading of a container (the file's own errors, a compressed
    stream's) as a :class:`ContainerError` saying so."""
    try:
        yield
    except _read_errors() as error:
        what = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise ContainerError(f"cannot read on: {what}: the rest not read") from None


def _cut(positions: Iterator[int | str], filters: Filters) -> Iterator[Part]:
    """Parts of :data:`PART_SIZE` members from the positions of the members to read,
    at most ``filters.limit`` in all; a part's ``count`` counts members to read."""
    start, count, total = None, 0, 0
    for position in positions:
        if filters.limit is not None and total >= filters.limit:
            break
        if count == 0:
            start = position
        count += 1
        total += 1
        if count == PART_SIZE:
            yield Part(start=start, count=count, filters=filters)
            count = 0
    if count:
        yield Part(start=start, count=count, filters=filters)


def _selected(entries: Iterator[tuple[str, bool, Callable[[], bytes | Unread]]], part: Part
              ) -> Iterator[Member]:
    """The members of an archive that ``part`` chooses, from its entries: each one's name, whether named like a log or an archive, and how
    its bytes are read (then and there: before the next entry)."""
    wanted = 0
    limit = part.filters.limit
    for name, named_like, read in entries:
        if part.count is not None and wanted >= part.count or limit is not None and wanted >= limit:
            return
        if not _chosen(name, named_like, part):
            continue
        wanted += 1
        if len(name) > MAX_NAME:
            yield _long_name(name)
        elif name not in part.without:
            yield name, Unread(NESTED) if name.endswith(ENDINGS) else read()
        if part.entry is not None:
            return
    if part.entry is not None:
        yield part.entry, Missing("no such member in the archive")


def _long_name(name: str) -> Member:
    """A member whose name is longer than :data:`MAX_NAME`: named cut short, not read."""
    return clip(name, 100), Unread(f"a name of {len(name):,} characters, longer than a path can be: not read")


def _offset(part: Part) -> int | None:
    """Where in an archive ``part`` starts (an offset; ``None``: at the start)."""
    if part.start is not None and type(part.start) is not int:
        raise ContainerError(f"no member at {part.start!r}: an archive's parts start at offsets")
    return part.start


def _chosen(name: str, wanted: bool, part: Part) -> bool:
    """Whether a member named ``name`` is one ``part`` chooses: the one it names (read
    whatever its name, as a file named as a path is), else each ``wanted`` (named like a
    log or an archive)."""
    return wanted if part.entry is None else name == part.entry


# -- databases -------------------------------------------------------------------------------
#
# The records of this module's own (a schema, a zip's entry, a tar's header) are named
# tuples, not frozen dataclasses: a frozen dataclass compiles six methods when the module is
# imported, which every command does.


class _Schema(NamedTuple):
    """The columns of a log database's ``logs`` table, as one tool names them: the
    key (the log id), the log, the number of players (or whether three) and whether
    East-only."""

    key: str
    content: str
    players: str
    east: str

    def players_value(self, players: int) -> int:
        return players if self.players == "num_players" else int(players == 3)


_SCHEMAS = (_Schema("log_id", "log_content", "is_sanma", "is_tonpusen"),  # phoenix-logs
            _Schema("id", "log", "num_players", "is_tonpu"))  # houou-logs


class _Database:
    """A phoenix-logs or houou-logs database, opened read-only for each query."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._schema: _Schema | None = None

    def _connect(self) -> sqlite3.Connection:
        """A read-only connection (``mode=ro``), or ``immutable`` where reading so would
        write files beside the database or cannot be done: a database in WAL mode that no
        program has open to write (no ``-wal`` file: SQLite would make one, and a
        ``-shm``), or one in a folder that cannot be written (SQLite could not make them)."""
        import sqlite3

        uri = f"file:{quote(os.path.abspath(self.path))}"
        if not self._wal_unopened():
            try:
                connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=LOCK_WAIT)
                connection.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
                return connection
            except sqlite3.OperationalError as error:
                if "unable to open" not in str(error) and "readonly" not in str(error):
                    raise ContainerError(self._problem(error)) from None
        try:
            return sqlite3.connect(f"{uri}?immutable=1", uri=True)
        except sqlite3.Error as error:
            raise ContainerError(self._problem(error)) from None

    def _wal_unopened(self) -> bool:
        """Whether the database is in WAL mode (its header's versions 2) with no ``-wal``
        file beside it."""
        try:
            with open(self.path, "rb") as file:
                header = file.read(20)
        except OSError:
            return False
        return header[18:20] == b"\2\2" and not os.path.exists(f"{self.path}-wal")

    @staticmethod
    def _problem(error: Exception) -> str:
        text = str(error)
        if "locked" in text or "busy" in text:
            return f"the database is locked by another program ({text}): try again when it is done"
        if "malformed" in text or "not a database" in text:
            return f"a corrupt SQLite database ({text})"
        return f"cannot read the database: {text}"

    def _query(self, sql: str, values: tuple[object, ...]) -> list[tuple[Any, ...]]:
        """The rows of one query, in a connection of its own (no lock kept after it)."""
        import sqlite3

        connection = self._connect()
        try:
            return connection.execute(sql, values).fetchall()
        except sqlite3.Error as error:
            raise ContainerError(self._problem(error)) from None
        finally:
            connection.close()

    def schema(self) -> _Schema:
        """The columns of the database's ``logs`` table (:class:`ContainerError` if it has
        none such). A database is somebody else's file: ``logs`` must be a plain table,
        and the columns read stored values, never computed ones (a view, or a generated
        column, could make each query run for ever or take a gigabyte)."""
        if self._schema is None:
            made = self._query("SELECT type, sql FROM sqlite_master WHERE name = 'logs'", ())
            columns = {row[1]: row[6] for row in self._query("PRAGMA table_xinfo(logs)", ())}
            for schema in _SCHEMAS:
                needed = {schema.key, schema.content, schema.players, schema.east, "date", "is_processed",
                          "was_error"}
                if needed <= columns.keys():
                    break
            else:
                raise ContainerError("an SQLite database, but not one of logs: no table logs with the columns of "
                                     "phoenix-logs (log_id, log_content, ...) or houou-logs (id, log, ...)")
            plain = len(made) == 1 and made[0][0] == "table" and not str(made[0][1]).upper().startswith(
                "CREATE VIRTUAL")
            if not plain or any(columns[name] for name in needed):
                raise ContainerError("a database whose logs are not a plain table (a view, a virtual table or "
                                     "computed columns): not read")
            self._schema = schema
        return self._schema

    def _where(self, filters: Filters) -> tuple[list[str], list[object]]:
        """The conditions of SQL that ``filters`` make, and their values."""
        schema = self.schema()
        conditions: list[str] = []
        values: list[object] = []
        if filters.players is not None:
            conditions.append(f"{schema.players} = ?")
            values.append(schema.players_value(filters.players))
        if filters.length is not None:
            conditions.append(f"{schema.east} = ?")
            values.append(int(filters.length == "east"))
        if filters.since is not None:
            conditions.append("substr(date, 1, 10) >= ?")
            values.append(filters.since)
        if filters.until is not None:
            conditions.append("substr(date, 1, 10) <= ?")
            values.append(filters.until)
        return conditions, values

    def _pages(self, columns: str, filters: Filters, start: int | str | None, count: int | None,
               entry: str | None = None) -> Iterator[tuple[Any, ...]]:
        """The rows of ``columns`` (the key first) in key order, from key ``start`` on (or
        the one row ``entry``), at most ``count`` and ``filters.limit``, a query of
        :data:`QUERY_ROWS` rows at a time."""
        key = self.schema().key
        conditions, values = self._where(filters) if entry is None else ([f"{key} = ?"], [entry])
        most = min(bound for bound in (count, filters.limit, 1 << 62) if bound is not None)
        after, inclusive = start, True
        while most > 0:
            bound = [] if after is None else [f"{key} {'>=' if inclusive else '>'} ?"]
            sql = (f"SELECT {key}, {columns} FROM logs WHERE {' AND '.join(conditions + bound) or '1'} "
                   f"ORDER BY {key} LIMIT ?")
            rows = self._query(sql, (*values, *([] if after is None else [after]), min(most, QUERY_ROWS)))
            yield from rows
            if len(rows) < min(most, QUERY_ROWS):
                return
            most -= len(rows)
            after, inclusive = rows[-1][0], False

    def rows(self, part: Part, max_size: int) -> Iterator[Member]:
        """The rows ``part`` chooses: a log larger than
        ``max_size`` is not fetched."""
        content = self.schema().content
        columns = (f"is_processed, was_error, CASE WHEN length({content}) > {int(max_size)} THEN NULL "
                   f"ELSE {content} END, length({content})")
        found = False
        for key, processed, error, data, length in self._pages(columns, part.filters, part.start, part.count,
                                                               part.entry):
            found = True
            name = str(key)
            if name in part.without:
                continue
            if len(name) > MAX_NAME:
                yield _long_name(name)
            elif error:
                yield name, Unread("its download failed (was_error 1 in the database): no log to read")
            elif not processed:
                yield name, Unread("not downloaded yet (is_processed 0 in the database): no log to read")
            elif length is not None and length > max_size:
                yield name, Unread(f"not read: the log is {readable_size(length)}, more than the limit of "
                                   f"{readable_size(max_size)} (--max-size)")
            elif not data:
                yield name, Unread(f"no log in the row ({content} is empty)")
            else:
                yield name, data.encode("utf-8", "surrogateescape") if isinstance(data, str) else bytes(data)
        if part.entry is not None and not found:
            yield part.entry, Missing("no such row in the database")

    def parts(self, filters: Filters) -> Iterator[Part]:
        """The rows ``filters`` choose, in parts (:func:`parts`), by their keys alone."""
        keys = (row[0] for row in self._pages("1", filters, None, None))
        return _cut(keys, filters)


# -- zip archives ----------------------------------------------------------------------------

_END = struct.Struct("<4s4H2LH")
_END64_LOCATOR = struct.Struct("<4sLQL")
_END64 = struct.Struct("<4sQ2H2L4Q")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_LOCAL = struct.Struct("<4s2B4HL2L2H")


class _ZipEntry(NamedTuple):
    """What a zip's central directory says of a member."""

    name: str
    method: int
    flags: int
    crc: int
    stored: int
    size: int
    offset: int
    link: bool



def _zip_directory(file: BinaryIO) -> tuple[int, int]:
    """Where a zip's central directory is: its offset and size."""
    end = file.seek(0, os.SEEK_END)
    tail_start = max(0, end - (1 << 16) - _END.size)
    file.seek(tail_start)
    tail = file.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < _END.size:
        raise ContainerError("a corrupt zip archive: no end of central directory")
    _, _, _, _, entries, size, offset, _ = _END.unpack_from(tail, at)  # entries: 0xFFFF says zip64
    if 0xFFFFFFFF in (size, offset) or entries == 0xFFFF:  # zip64
        locator = tail_start + at - _END64_LOCATOR.size
        file.seek(max(0, locator))
        sign, _, end64, _ = _END64_LOCATOR.unpack(file.read(_END64_LOCATOR.size).ljust(_END64_LOCATOR.size, b"\0"))
        if sign != b"PK\x06\x07":
            raise ContainerError("a corrupt zip archive: no zip64 end of central directory")
        file.seek(end64)
        record = file.read(_END64.size)
        if len(record) < _END64.size or record[:4] != b"PK\x06\x06":
            raise ContainerError("a corrupt zip archive: no zip64 end of central directory")
        *_, size, offset = _END64.unpack(record)
    if offset + size > end:
        raise ContainerError("a corrupt zip archive: its central directory lies beyond its end")
    return offset, size


def _zip_entries(path: Path, start: int | None) -> Iterator[tuple[int, _ZipEntry]]:
    """The entries of a zip's central directory from offset ``start`` (its first entry:
    ``None``) to its end, each with its offset there; an entry whose data overlaps the
    one before, the trick of zip bombs of few bytes, stops the reading."""
    with open(path, "rb") as file:
        offset, size = _zip_directory(file)
        position = offset if start is None else start
        end = offset + size
        file.seek(position)
        previous_end = 0
        while position < end:
            fixed = file.read(_CENTRAL.size)
            if len(fixed) < _CENTRAL.size or fixed[:4] != b"PK\x01\x02":
                raise ContainerError("a corrupt zip archive: a damaged central directory")
            (_, _, system, _, _, flags, method, _, _, crc, stored, inflated, name_length, extra_length,
             comment_length, _, _, attributes, local) = _CENTRAL.unpack(fixed)
            raw_name = file.read(name_length)
            extra = file.read(extra_length)
            file.seek(comment_length, os.SEEK_CUR)
            stored, inflated, local = _zip64_values(extra, stored, inflated, local)
            name = raw_name.decode("utf-8" if flags & 0x800 else "cp437", "replace")
            if local < previous_end:
                raise ContainerError(f"member {name!r} overlaps the one before it (a zip bomb's trick): "
                                     "the rest not read")
            previous_end = local + _LOCAL.size + name_length + stored
            yield position, _ZipEntry(name, method, flags, crc, stored, inflated, local,
                                      system == 3 and stat.S_ISLNK(attributes >> 16))
            position += _CENTRAL.size + name_length + extra_length + comment_length


def _zip64_values(extra: bytes, stored: int, size: int, offset: int) -> tuple[int, int, int]:
    """The sizes and offset of an entry, from its zip64 extra field where they are too
    large for the fixed fields (written 0xFFFFFFFF there)."""
    at = 0
    while at + 4 <= len(extra):
        tag, length = struct.unpack_from("<2H", extra, at)
        if tag == 1:
            values = extra[at + 4:at + 4 + length]
            fields = []
            if size == 0xFFFFFFFF:
                fields.append("size")
            if stored == 0xFFFFFFFF:
                fields.append("stored")
            if offset == 0xFFFFFFFF:
                fields.append("offset")
            found = dict(zip(fields, struct.unpack_from(f"<{len(values) // 8}Q", values)))
            return found.get("stored", stored), found.get("size", size), found.get("offset", offset)
        at += 4 + length
    return stored, size, offset


def _zip_members(path: Path, part: Part, max_size: int, patterns: tuple[str, ...]) -> Iterator[Member]:
    with open(path, "rb") as file:
        yield from _selected(((entry.name, _wanted(entry.name, patterns), partial(_zip_data, file, entry, max_size))
                              for _, entry in _zip_entries(path, _offset(part))), part)


def _zip_data(file: BinaryIO, entry: _ZipEntry, max_size: int) -> bytes | Unread:
    """A zip member's bytes, inflated, at most ``max_size`` stored and inflated."""
    if entry.link:
        return Unread("a symbolic link in the archive: not followed")
    if entry.flags & 1:
        return Unread("encrypted: not read")
    if entry.stored > max_size:
        return Unread(f"not read: the member is {readable_size(entry.stored)} compressed, more than the limit of "
                      f"{readable_size(max_size)} (--max-size)")
    file.seek(entry.offset)
    local = file.read(_LOCAL.size)
    if len(local) < _LOCAL.size or local[:4] != b"PK\x03\x04":
        return Unread("a corrupt member: no local header where the central directory says")
    name_length, extra_length = _LOCAL.unpack(local)[-2:]
    file.seek(name_length + extra_length, os.SEEK_CUR)
    data = file.read(entry.stored)
    if len(data) < entry.stored:
        return Unread("a corrupt member: the archive ends inside it")
    too_large = Unread(f"not read: inflates to more than the limit of {readable_size(max_size)} (--max-size)")
    if entry.method == 0:
        inflated = data
    elif entry.method in (8, 12):
        inflater = zlib.decompressobj(-zlib.MAX_WBITS) if entry.method == 8 else bz2.BZ2Decompressor()
        try:
            inflated = inflater.decompress(data, max_size + 1)
        except (zlib.error, OSError, ValueError) as error:
            return Unread(f"a corrupt member: {error}")
        if len(inflated) > max_size:
            return too_large
        if not inflater.eof:
            return Unread("a corrupt member: its compressed data ends too early")
    else:
        return Unread(f"compressed by a method paipu does not read (zip method {entry.method}; 0, 8 and 12 are "
                      "read: stored, deflate and bzip2)")
    if len(inflated) > max_size:
        return too_large
    if zlib.crc32(inflated) != entry.crc:
        return Unread("a corrupt member: its CRC does not match")
    return inflated


# -- tar archives ----------------------------------------------------------------------------


class _TarHeader(NamedTuple):
    """What a tar header says of a member: its name, type (``0`` a file...) and size."""

    name: str
    type: bytes
    size: int


    @property
    def regular(self) -> bool:
        """Whether a regular file (type ``0``, old ``\\0``, contiguous ``7``)."""
        return self.type in (b"0", b"\0", b"7")


def _tar_number(field: bytes) -> int:
    """A number of a tar header: octal text, or base 256 when the first byte has its top bit."""
    if field[:1] and field[0] & 0x80:
        value = int.from_bytes(field[1:], "big")
        return -value if field[0] & 0x40 else value
    text = field.split(b"\0", 1)[0].strip()
    try:
        return int(text or b"0", 8)
    except ValueError:
        raise ContainerError(f"a corrupt tar archive: {text[:20]!r} is not a number") from None


def _checksum_fits(block: bytes) -> bool:
    """Whether a tar header's checksum is its bytes' sum (the checksum field as spaces),
    as unsigned or, as old tars wrote it, signed bytes."""
    stated = _tar_number(block[148:156])
    unsigned = sum(block[:148]) + 8 * 32 + sum(block[156:])
    signed = unsigned - sum(b for b in block[:148] + block[156:] if b > 127) * 256
    return stated in (unsigned, signed)


def _pax_path(data: bytes) -> str | None:
    """The ``path`` of a pax extended header's records (``LEN key=value\\n``)."""
    for record in data.split(b"\n"):
        _, _, pair = record.partition(b" ")
        key, equals, value = pair.partition(b"=")
        if equals and key == b"path":
            return value.decode("utf-8", "replace")
    return None


class _Tar:
    """A tar archive read from its start (or, plain, from a header's offset), header
    after header; a member's data read by :meth:`data` before the next header is asked
    for, else passed over (by a seek in a plain tar, by inflating it in a compressed one,
    where a member beyond ``max_size`` stops the reading instead: passing it would
    inflate it)."""

    def __init__(self, path: Path, start: int, max_size: int) -> None:
        self.path = path
        self.start = start
        self.max_size = max_size
        self.at = 0

    def headers(self) -> Iterator[tuple[int, _TarHeader]]:
        """Each member's header, with the offset of its first header block. A long name
        (GNU ``L``) or pax ``path`` names the member after it."""
        with open(self.path, "rb") as raw:
            opener = _opener(raw.read(8))
            raw.seek(0)
            with (opener(raw) if opener else raw) as file:
                self.file = file
                self.seekable = opener is None
                if self.start:
                    file.seek(self.start)
                self.at = self.start
                long_name: str | None = None
                first = self.start
                while True:
                    block = self._read(512)
                    if len(block) < 512 or not block.strip(b"\0"):
                        return
                    if not _checksum_fits(block):
                        raise ContainerError("a corrupt tar archive: a header's checksum does not match")
                    size = _tar_number(block[124:136])
                    type_ = block[156:157]
                    if size < 0:
                        raise ContainerError("a corrupt tar archive: a member of negative size")
                    end = self.at + -(-size // 512) * 512
                    if type_ in (b"L", b"x", b"g"):
                        if size > MAX_HEADER:
                            raise ContainerError(f"a tar header of {readable_size(size)}: the rest not read")
                        data = self._read(size)
                        self._pass(end)
                        if type_ == b"L":
                            long_name = data.split(b"\0", 1)[0].decode("utf-8", "replace")
                        elif type_ == b"x":
                            long_name = _pax_path(data) or long_name
                        if type_ == b"g":
                            first = self.at
                        continue
                    name = long_name
                    long_name = None
                    if name is None:
                        prefix = block[345:500].split(b"\0", 1)[0] if block[257:262] == b"ustar" else b""
                        plain = block[:100].split(b"\0", 1)[0]
                        name = (prefix + b"/" + plain if prefix else plain).decode("utf-8", "replace")
                    if type_ in (b"1", b"2", b"5"):  # links and folders have no data
                        end = self.at
                        size = 0
                    yield first, _TarHeader(name, type_, size)
                    self._pass(end)
                    first = self.at

    def data(self, header: _TarHeader) -> bytes:
        """The data of the member whose header was the last one given."""
        return self._read(header.size)

    def _read(self, count: int) -> bytes:
        data = self.file.read(count)
        self.at += len(data)
        return data

    def _pass(self, end: int) -> None:
        """On to offset ``end``, past what is left of a member."""
        if self.seekable:
            self.file.seek(end)
            self.at = end
            return
        if end - self.at > self.max_size:
            raise ContainerError(f"a member of more than {readable_size(self.max_size)} (--max-size): the rest of a "
                                 "compressed archive is not read (passing it would inflate it)")
        while self.at < end:
            if not self._read(min(end - self.at, 1 << 20)):
                raise ContainerError("a corrupt tar archive: it ends inside a member")


def _tar_members(path: Path, part: Part, max_size: int, patterns: tuple[str, ...]) -> Iterator[Member]:
    tar = _Tar(path, _offset(part) or 0, max_size)
    yield from _selected(((header.name, _wanted(header.name, patterns), partial(_tar_data, tar, header, max_size))
                          for _, header in tar.headers()), part)


def _tar_data(tar: _Tar, header: _TarHeader, max_size: int) -> bytes | Unread:
    """The bytes of the tar member whose header ``tar`` gave last, at most ``max_size``."""
    if header.type in (b"1", b"2"):
        return Unread("a link in the archive: not followed")
    if not header.regular:
        return Unread("not a regular file in the archive: not read")
    if header.size > max_size:
        return Unread(f"not read: the member is {readable_size(header.size)}, more than the limit of "
                      f"{readable_size(max_size)} (--max-size)")
    data = tar.data(header)
    return data if len(data) == header.size else Unread("a corrupt member: the archive ends inside it")
