"""Finding and reading game logs: :func:`load`.

``load(*paths)`` yields :class:`~paipu.events.Game` objects lazily, one file at a time, so
memory stays flat over directories of any size. A path may be a file, a directory (walked
in sorted order, recursively unless ``recursive=False``; files named ``*.json``,
``*.json.gz``, ``*.mjlog``, ``*.xml``, ``*.jsonl``, ``*.mjson`` (or gzip) are read:
:data:`PATTERNS`, and databases and archives) or ``FILE#N`` for the game at index ``N``
of a file. A database of Tenhou logs (phoenix-logs, houou-logs) or an archive (zip, tar)
is read as a folder, a row or member at a time (:mod:`paipu.containers`), ``DB#ID`` and
``ARCHIVE#MEMBER`` naming one, its rows chosen by :class:`Filters`. The format is
recognised by content, whatever the name, and so is gzip (the formats are those of
:data:`paipu.formats.FORMATS`):

* 電脳麻将 paipu JSON: one paipu object or an array of them;
* Tenhou mjlog XML (``<mjloggm``), one game (:mod:`paipu.formats.tenhou_xml`);
* tenhou.net/6 JSON: a game object whose ``log`` rounds are arrays, or one round per
  line (:mod:`paipu.formats.tenhou_json`);
* mjai JSON lines (or an array) whose first event is an mjai event (``start_game``, or
  a load error says it is missing), one game
  (:mod:`paipu.formats.mjai`).

A file or game that cannot be read becomes a :class:`LoadError` naming the file, the game
index, round and event where known (and the JSON position of a syntax error); loading
goes on with the next game or file. Errors are collected in :attr:`GameReader.errors`
and, by default, also reported as warnings: nothing is lost silently.

Folders are somebody else's: a walk follows a symbolic link to a folder once (a folder
reached twice is read once; a link back into a folder that holds it is a loop, named and
skipped); a folder it cannot list is named and skipped; in a folder only regular files
are read (a FIFO, socket or device named ``*.json`` is named and skipped, never opened).
A file named as a path is read whatever its name; a pipe too (``<(zcat log.gz)``, a FIFO),
as its writer writes it, but one that no writer holds open, or a device or a socket, is
named as the walk names it, never waited for. A file is read once however it is named
(``x`` and ``./x``, a link to it, a folder holding it): :meth:`GameReader.paths`. No file is read or inflated beyond ``max_size`` bytes (:data:`MAX_SIZE`): a
gzip bomb is an error, found without inflating it all.
"""

from __future__ import annotations

import errno
import gc
import os
import stat
import warnings
from pathlib import Path
from collections.abc import Mapping
from typing import Any, Iterable, Iterator, Literal, Union, cast

import orjson

from .compression import MAX_SIZE, BadCompression, TooLarge, bunzip2, gunzip, readable_size
from .containers import (ENDINGS, ContainerError, Filters, Kind, Member, Missing, Part, Unread, kind,
                         kind_of_bytes, members)
from .events import Game, locator
from .formats import FORMATS, FormatError, ReadGame, identify
from .formats.majiang import compact, games_from_compact
from .formats.errors import utf8_error_at
from .limits import clip

__all__ = ["load", "GameReader", "LoadError", "LoadWarning", "Without", "Selection", "Filters", "Part", "PATTERNS",
           "MAX_SIZE", "GameSource", "games_of", "what_it_is"]

PathLike = Union[str, "os.PathLike[str]"]

PATTERNS = (".json", ".json.gz", ".mjlog", ".xml", ".jsonl", ".jsonl.gz", ".mjson", ".mjson.gz")
"""Endings of the file names read when walking a directory."""

BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte order mark, skipped at the start of a file of any format."""


class LoadError(Exception):
    """A file or game that could not be read.

    ``path`` is the file, ``game`` the game's index in it (``None`` when the whole file
    failed), ``round``/``event`` 0-based indices inside the game where known, ``label``
    the round's name (東1局0本場), ``message`` what is wrong.
    """

    def __init__(self, path: str, message: str, game: int | None = None, round: int | None = None,
                 event: int | None = None, label: str | None = None) -> None:
        super().__init__(path, message, game, round, event, label)
        self.path = path
        self.message = message
        self.game = game
        self.round = round
        self.event = event
        self.label = label

    @property
    def source(self) -> str:
        """The locator of the file or game: ``path`` or ``path#index``."""
        return self.path if self.game is None else f"{self.path}#{self.game}"

    def __str__(self) -> str:
        return f"{locator(self.source, self.label or self.round, self.event)}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        """The error as a JSON-ready dict with the keys of a validation finding (``check``
        is ``"load"``; ``round`` the round's label, or ``round #N`` when its deal could not
        be read)."""
        return {"source": self.source, "round": locator(None, self.label or self.round, None) or None,
                "event": self.event, "check": "load",
                "expected": None, "logged": None, "message": self.message}


class Without(frozenset[Union[int, Part]]):
    """The games of a file but these (their indices; of a database or archive, the
    :class:`~paipu.containers.Part` s naming its members): a file named whole after some
    ``FILE#N`` of it, whose games ``N`` were read there."""


Selection = Union[int, None, Without, Part]
"""The games of a file to read: game ``N`` (``FILE#N``), all (``None``), all
:class:`Without` some, or of a database or archive some members
(:class:`~paipu.containers.Part`: ``FILE#NAME``, or a share of the work of ``--jobs``)."""


class LoadWarning(UserWarning):
    """Issued for each :class:`LoadError` when ``errors="warn"``."""


ErrorMode = Literal["warn", "collect", "raise"]


class _NotRegular(Exception):
    """A file named as a path that is not read: a device or socket (never opened), or a
    FIFO that no writer holds open."""


ASKED_FIRST_ABOVE = 16 * 1024 * 1024
"""A file larger than this (16 MiB; the corpora's largest log is a few MB) is asked what it
is by its first bytes (:func:`paipu.containers.kind`) before it is read whole."""


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
"""How :func:`_read` opens a file: to read, without waiting for a pipe's writer, as bytes."""


def _stat(path: str) -> os.stat_result | None:
    """``os.stat`` of the file ``path`` (through symbolic links), ``None`` if it cannot be
    made (its reading says why)."""
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def _read(path: str, max_size: int, mode: int | None = None) -> tuple[bytes, bool]:
    """The bytes of a file, at most ``max_size`` (else :class:`TooLarge`), and whether it is
    a regular file. A pipe (a FIFO, ``<(zcat log.gz)``) is read as its writer writes it; one
    with no writer, and a device or a socket, is :class:`_NotRegular`, as a folder's walk
    names them: opened without waiting, or not at all, never a hang. ``mode``: the file's
    ``st_mode`` if known (from a ``stat`` made just before), else asked here."""
    if mode is None:
        mode = os.stat(path).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISFIFO(mode)):
        raise _NotRegular(_not_regular(path))
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder")
        regular = stat.S_ISREG(info.st_mode)
        if regular and info.st_size > max_size:
            raise TooLarge(f"the file is {readable_size(info.st_size)}, more than the limit of "
                            f"{readable_size(max_size)} (--max-size)")
        parts = []
        left = max_size + 1
        if not regular:
            try:  # opened without waiting, read so too: its end at once if no writer has it open
                first = os.read(fd, 1 << 16)
            except BlockingIOError:  # a writer has it open, and has not written yet
                first = None
            if first == b"":
                raise _NotRegular(f"{_special(info.st_mode)}, with nothing written and no writer: skipped")
            if first:
                parts.append(first)
                left -= len(first)
            os.set_blocking(fd, True)  # a pipe's data comes as its writer writes it
        # A regular file in one read (and one more to see its end); anything else by pieces.
        chunk = info.st_size + 1 if regular else 1 << 16
        while left > 0:
            part = os.read(fd, min(left, chunk))
            if not part:
                break
            parts.append(part)
            left -= len(part)
            chunk = 1 << 20
    finally:
        os.close(fd)
    if left <= 0:
        raise TooLarge(f"more than the limit of {readable_size(max_size)} (--max-size)")
    return (parts[0] if len(parts) == 1 else b"".join(parts)), regular


def _decode(data: bytes, name: str) -> tuple[list[Any], ReadGame]:
    """The games of a file's bytes (uncompressed), unread, and the reader of their format."""
    format, content = identify(data)
    return format.games(content, name)


def _paipu_games(data: bytes, name: str) -> list[Game] | None:
    """The games of a file of 電脳麻将 paipu JSON read from its text with the draws and
    discards cut out (:func:`~paipu.formats.majiang.compact`: they are never parsed), or
    ``None`` for a file to read the ordinary way: one that is not such a text, one that
    :func:`identify` would not give to the 電脳麻将 reader (sniffed as it sniffs, the
    compact text parsed where it parses), or one with anything wrong."""
    if data[:64].lstrip()[:8] == b'{"type":':  # mjai's first line: no 電脳麻将 paipu (a tenth of reading mjai)
        return None
    compacted = compact(data)
    if compacted is None:
        return None
    text, runs = compacted
    try:
        content = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    paipu = FORMATS["majiang"]
    for format in FORMATS.values():
        if format is paipu:
            return games_from_compact(content, runs, name)
        parse = format.parse
        if format.sniff(content if parse is paipu.parse else data if parse is None else parse(data)):
            return None
    return None  # pragma: no cover - the 電脳麻将 format is in the registry


def _describe_read_error(error: Exception, data: bytes | None) -> str:
    """What is wrong with a file that could not be read, or whose content (``data``,
    uncompressed, past a byte order mark) is none of the formats."""
    if isinstance(error, orjson.JSONDecodeError) and data is not None:
        if not data.strip():
            return "the file is empty" if not data else "the file holds only white space"
        if "UTF-8" in error.msg:  # orjson says where only for the whole text
            return f"not UTF-8 text: {utf8_error_at(data)}"
        return f"invalid JSON at line {error.lineno}, column {error.colno} (char {error.pos}): {error.msg}"
    if isinstance(error, BadCompression):
        return str(error)
    if isinstance(error, TooLarge):
        return f"not read: {error}"
    if isinstance(error, _NotRegular):
        return str(error)
    if isinstance(error, OSError) and error.strerror:
        return f"cannot read the file: {error.strerror}"
    return clip(f"cannot read the file: {error}")


class GameReader:
    """An iterable over the games of some paths; see :func:`load`.

    ``named`` are the paths as given (text); ``errors`` lists every :class:`LoadError`
    met so far; ``files`` and ``games`` count the files read and games yielded.
    """

    def __init__(self, paths: tuple[PathLike, ...], recursive: bool = True, errors: ErrorMode = "warn",
                 max_size: int = MAX_SIZE, filters: Filters = Filters()) -> None:
        if errors not in ("warn", "collect", "raise"):
            raise ValueError(f"errors must be 'warn', 'collect' or 'raise', not {errors!r}")
        if type(max_size) is not int or max_size < 1:
            raise ValueError(f"max_size must be a number of bytes, 1 or more, not {max_size!r}")
        self._targets = [_resolve(p) for p in paths]
        self.named = tuple(map(str, paths))
        self.recursive = recursive
        self.mode = errors
        self.max_size = max_size
        if not isinstance(filters, Filters):
            raise ValueError(f"filters must be a paipu.loader.Filters, not {filters!r}")
        self.filters = filters
        self.errors: list[LoadError] = []
        self.files = 0
        self.games = 0
        self._walk_errors: set[tuple[str, str]] = set()

    def paths(self) -> Iterator[tuple[Path, Selection]]:
        """The files to read, in order, each with the games of it to read (:data:`Selection`).

        A folder is walked in sorted order, symbolic links followed, each folder once
        however often it is reached; what cannot be walked (a folder that cannot be
        listed, a link that loops, a special file) is recorded as a :class:`LoadError`,
        once however often the paths are listed. Each file is read once however it is
        named (the same device and inode: ``x`` and ``./x``, a symbolic or hard link, a
        file named and in a folder named), where first named; ``FILE#N`` once, and not
        at all after its whole file; a whole file after some ``FILE#N`` of it without
        those games (:class:`Without`)."""
        for path, index, _ in self._listed():
            yield path, index

    def _listed(self) -> Iterator[tuple[Path, Selection, os.stat_result | None]]:
        """:meth:`paths`, each with the ``stat`` of the file made to tell it (``None`` if
        it could not be made), which its reading uses rather than asking again."""
        entered: set[tuple[int, int]] = set()
        whole: set[tuple[int, int]] = set()
        chosen: dict[tuple[int, int], set[int | Part]] = {}
        for target, index in self._targets:
            files = self._walk(target, entered) if target.is_dir() else (target,)
            for path in files:
                info = _stat(str(path))
                key = _identity(info)
                if key is None:  # reading it says what is wrong
                    yield path, index, info
                elif key in whole:
                    continue
                elif index is None:
                    whole.add(key)
                    before = chosen.pop(key, None)
                    yield path, None if before is None else Without(before), info
                elif index not in chosen.setdefault(key, set()):
                    chosen[key].add(index)
                    yield path, index, info

    def _walk(self, top: Path, entered: set[tuple[int, int]]) -> Iterator[Path]:
        """The files of a folder to read: see :meth:`paths`. ``entered``: the folders
        walked so far, by device and inode. Depth first, with a stack of its own: a tree
        as deep as paths allow is no deeper for Python."""
        listing = self._enter(top, entered, set())
        if listing is None:
            return
        # Each folder being walked: its path, the entries left, its device and inode.
        stack = [(top, iter(listing[1]), listing[0])]
        ancestors = {listing[0]}
        while stack:
            directory, entries, key = stack[-1]
            entry = next(entries, None)
            if entry is None:
                stack.pop()
                ancestors.discard(key)
                continue
            name, is_dir, is_file = entry
            path = directory / name
            if is_dir:
                if self.recursive:
                    inner = self._enter(path, entered, ancestors)
                    if inner is not None:
                        stack.append((path, iter(inner[1]), inner[0]))
                        ancestors.add(inner[0])
            elif name.endswith(PATTERNS) or name.endswith(ENDINGS):
                if not is_file:
                    self._walk_error(path, _not_regular(path))
                elif name.endswith(PATTERNS) or kind(path) is not None:  # Windows' Thumbs.db is no database
                    yield path

    def _enter(self, directory: Path, entered: set[tuple[int, int]], ancestors: set[tuple[int, int]]
               ) -> tuple[tuple[int, int], list[tuple[str, bool, bool]]] | None:
        """A folder's device and inode, and its entries (:func:`_entry`) sorted by name;
        ``None`` for one not to walk: reached before (by a symbolic link: its games once),
        a loop back into a folder being walked, or one that cannot be listed (those two
        recorded)."""
        try:
            info = os.stat(directory)
            key = (info.st_dev, info.st_ino)
            if key in ancestors:
                self._walk_error(directory, "a symbolic link to a folder that holds it (a loop): not followed")
                return None
            if key in entered:
                return None
            entered.add(key)
            # Only the names of one directory are held at a time, as plain strings.
            with os.scandir(directory) as entries:
                return key, sorted(map(_entry, entries))
        except OSError as error:
            self._walk_error(directory, f"cannot read the folder: {error.strerror or error}: skipped")
            return None

    def _walk_error(self, path: Path, message: str) -> None:
        """A :class:`LoadError` of the walk, recorded the first time only."""
        key = (str(path), message)
        if key not in self._walk_errors:
            self._walk_errors.add(key)
            self._error(LoadError(str(path), message))

    def __iter__(self) -> Iterator[Game]:
        for path, index, info in self._listed():
            yield from self._read_file(path, index, info)

    def read_file(self, path: Path, index: Selection = None) -> Iterator[Game]:
        """The games of one file (:data:`Selection`: only game ``index`` if given); errors
        are recorded."""
        yield from self._read_file(path, index, _stat(str(path)))

    def _read_file(self, path: Path, index: Selection, info: os.stat_result | None) -> Iterator[Game]:
        """:meth:`read_file`, ``info`` the file's ``stat`` made just before (``None``: it
        could not be made; its reading says why)."""
        self.files += 1
        name = str(path)
        # Read once, then asked what it is (a database, an archive) from what was read: a
        # file that cannot be read whole (one larger than max_size, say) is asked by its path,
        # and so is one larger than a log is, first (a database or archive is not read whole
        # only to have its rows or members read again).
        read: tuple[bytes, bool] | Exception | None = None
        what: Kind | None = None
        if not isinstance(index, int) and info is not None and info.st_size > ASKED_FIRST_ABOVE:
            what = kind(path)
        if not isinstance(index, int) and what is None:
            try:
                read = _read(name, self.max_size, None if info is None else info.st_mode)
            except Exception as error:  # noqa: BLE001 - said below, unless it is a container
                read = error
                what = kind(path)
            else:
                what = kind_of_bytes(read[0]) if read[1] else None
        if what is not None:
            del read  # a database's bytes, say: its rows are read apart
            yield from self._container(path, what, cast("Without | Part | None", index))
            return
        built = self._build(name, cast("int | Without | None", index), read,  # a Part is a container's
                            None if info is None else info.st_mode)
        del read  # the file's bytes are not held while its games are handed out
        yield from self._hand_out(built)

    def _hand_out(self, built: list[Game | LoadError]) -> Iterator[Game]:
        """The games of ``built``, in order, its errors recorded where they stand; each game
        let go by the loader once handed out."""
        built.reverse()
        while built:
            outcome = built.pop()
            if isinstance(outcome, LoadError):
                self._error(outcome)
                continue
            self.games += 1
            yield outcome

    def _build(self, name: str, index: int | Without | None, read: tuple[bytes, bool] | Exception | None,
               mode: int | None) -> list[Game | LoadError]:
        """Every game of the file ``name`` selected by ``index`` (:data:`Selection`), or the
        :class:`LoadError` of each that cannot be read, in order; one error if the file
        cannot be read at all. ``read``: what :func:`_read` gave (its bytes) or raised, if
        the file was read already; ``mode``: the file's ``st_mode`` if known
        (:func:`_read`).

        Every game of the file is built before the first is handed out: the collector,
        back on, then never goes over the file's parsed form (many times the games' size).
        """
        try:
            if read is None:
                read = _read(name, self.max_size, mode)
            if isinstance(read, Exception):
                raise read
        except Exception as error:  # noqa: BLE001 - every failure becomes a LoadError
            return [LoadError(name, _describe_read_error(error, None))]
        return self._games(read[0], name, index)

    def _games(self, data: bytes, name: str, index: int | Without | None,
               member: str | None = None) -> list[Game | LoadError]:
        """The games of the bytes ``data`` of the file ``name`` (or of the ``member`` of a
        database or archive, ``name`` then ``CONTAINER#MEMBER``), gzip or bzip2 inflated,
        selected by ``index``, or their errors: see :meth:`_build`. (The file's or member's
        own name is what a format may read a game id from: a Tenhou log's.)

        The cyclic garbage collector is paused (if on) meanwhile. Parsing makes tens of
        thousands of containers per game, and the collector would run again and again over
        them while none can be garbage: the parsed JSON and XML and the events made from
        them hold no reference cycles (reference counting frees them; any cycle made
        meanwhile is collected once the collector is back on). It is back on before the
        caller gets a game: the file's parsed form is freed before, so that the collection
        made when it is back on goes over the games alone (a collection over the parsed
        JSON of a file of 46 games takes 9 ms, about 10% of reading them)."""
        paused = gc.isenabled()
        gc.disable()
        try:
            try:
                if data[:2] == b"\x1f\x8b":
                    data = gunzip(data, self.max_size)
                elif data[:3] == b"BZh":
                    data = bunzip2(data, self.max_size)
                if data[:3] == BOM:  # which some editors write first, and JSON may not hold
                    data = data[3:]
                if not isinstance(index, int):
                    games = _paipu_games(data, name)
                    if games is not None:
                        # a list of games only, which the caller empties (never adds to)
                        return cast("list[Game | LoadError]", games) if index is None else [
                            g for n, g in enumerate(games) if n not in index]
                items, reader = _decode(data, name if member is None else member)
            except Exception as error:  # noqa: BLE001 - every failure becomes a LoadError
                return [LoadError(name, _describe_read_error(error, data))]
            del data
            if not items:
                return [LoadError(name, "the file holds no game (an empty list)")]
            if isinstance(index, int):
                if index >= len(items):
                    return [LoadError(name, f"no game #{index}: the file holds {len(items)}")]
                chosen = [(index, items[index])]
            else:
                chosen = [(n, item) for n, item in enumerate(items) if index is None or n not in index]
            del items
            # Taken from the end, so that each game's parsed form is let go once the game is
            # built: the games of a file take less than their parsed form took.
            chosen.reverse()
            built: list[Game | LoadError] = []
            while chosen:
                number, item = chosen.pop()
                try:
                    built.append(reader(item, source=f"{name}#{number}"))
                    del item
                except FormatError as error:
                    built.append(LoadError(name, error.message, number, error.round, error.event, error.label))
                except Exception as error:  # noqa: BLE001 - a reader's bug must not stop the others
                    built.append(LoadError(name, clip(f"cannot be read: {type(error).__name__}: {error}"), number))
            return built
        finally:
            if paused:
                gc.enable()

    def _container(self, path: Path, what: Kind, index: Without | Part | None) -> Iterator[Game]:
        """The games of the database or archive ``path`` (:mod:`paipu.containers`) that
        ``index`` selects: all (by the reader's filters), all :class:`Without` some
        members, or a :class:`~paipu.containers.Part`; a member at a time, each as a file's
        bytes are read, named ``path#MEMBER`` (its games ``path#MEMBER#N``)."""
        part = index if isinstance(index, Part) else whole_container(index, self.filters)
        game: int | None = None
        try:
            found: Iterable[Member] = members(path, what, part, self.max_size, PATTERNS)
            if part.entry is not None:  # a member named: or, if none is so named, game N of member NAME#N
                named = list(found)
                found = named
                head, _, number = part.entry.rpartition("#")
                if isinstance(named[0][1], Missing) and head and number.isdecimal() and number.isascii():
                    found, game = members(path, what, Part(entry=head), self.max_size, PATTERNS), int(number)
            for name, data in found:
                source = f"{path}#{name}"
                if isinstance(data, Unread):
                    self._error(LoadError(source, data.message))
                    continue
                built = self._games(data, source, game, name)
                del data
                yield from self._hand_out(built)
        except ContainerError as error:
            self._error(LoadError(str(path), str(error)))

    def _error(self, error: LoadError) -> None:
        if self.mode == "raise":
            raise error
        self.errors.append(error)
        if self.mode == "warn":
            warnings.warn(str(error), LoadWarning, stacklevel=3)


def whole_container(index: None | Without, filters: Filters) -> Part:
    """A database or archive read whole (``index`` ``None``) or whole :class:`Without`
    the members named as paths before, its rows chosen by ``filters``, as a
    :class:`~paipu.containers.Part`."""
    named = () if index is None else (part.entry for part in index if isinstance(part, Part) and part.entry)
    return Part(filters=filters, without=frozenset(named))


def _resolve(path: PathLike) -> tuple[Path, int | Part | None]:
    """The file a path names and the games of it to read: the path itself whole, or of
    ``FILE#N`` game ``N`` of ``FILE``, of ``FILE#NAME`` (``FILE`` a database or archive)
    its member ``NAME`` (a row's id, a member's name, maybe ending ``#N``). TypeError for
    anything but a ``str`` or an ``os.PathLike`` of one."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(os.fspath(path), bytes):
        raise TypeError(_not_a_path(path))
    text = str(path)
    if text == "":
        raise FileNotFoundError("an empty path names nothing (write . for the current folder)")
    candidate = Path(path)
    if candidate.exists():
        return candidate, None
    at = len(text)
    while (at := text.rfind("#", 0, at)) > 0:
        file, index = Path(text[:at]), text[at + 1:]
        if not file.is_file():
            continue
        if kind(file) is not None:
            return file, Part(entry=index)
        if index.isdecimal() and index.isascii() and len(index) <= 18:
            return file, int(index)
        raise FileNotFoundError(f"{clip(repr(text), 100)}: {clip(repr(index), 40)} is not a game number: "
                                "FILE#N reads game N of FILE, counting from 0")
    raise FileNotFoundError(f"no such file or directory: {clip(repr(text))}")


def _not_a_path(value: object) -> str:
    """Why :func:`load` refuses ``value``: not a path (what it is, and what to write)."""
    said = f"paipu.load takes paths (str or os.PathLike), not {what_it_is(value)}"
    if isinstance(value, Game):
        return f"{said}: a Game needs no loading (paipu.validate and the others take games)"
    if isinstance(value, (bytes, bytearray, os.PathLike)):
        return f"{said}: a path in bytes is not read (os.fsdecode(path) makes it a str)"
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        return f"{said}: give the paths as separate arguments, paipu.load(*paths)"
    return said


def _identity(info: os.stat_result | None) -> tuple[int, int] | None:
    """The device and inode of a file by its ``stat`` (through symbolic links: :func:`_stat`),
    which tell the same file however named; ``None`` if it could not be looked at, or if its
    file system gives no inode (0: some FAT and network file systems), so that it is read
    whatever else is named."""
    return (info.st_dev, info.st_ino) if info is not None and info.st_ino else None


def _entry(entry: os.DirEntry[str]) -> tuple[str, bool, bool]:
    """The name of a folder's entry, whether it is a folder and whether a regular file,
    maybe through symbolic links (neither for a link that loops or leads nowhere)."""
    try:
        return entry.name, entry.is_dir(), entry.is_file()
    except OSError:  # a link to itself, say: :func:`_not_regular` says what
        return entry.name, False, False


_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"))


def _not_regular(path: PathLike) -> str:
    """Why a walk skips a file named like a log that is not a regular file."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "a symbolic link that loops (to itself, or round other links): skipped"
        if os.path.islink(path):
            return "a symbolic link that leads nowhere: skipped"
        return f"cannot read the file: {error.strerror or error}: skipped"
    return f"{_special(mode)}: skipped, not opened"


def _special(mode: int) -> str:
    """What a file of ``mode`` (``st_mode``) is that is not a regular file."""
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return f"not a regular file but {kind}"


def load(*paths: PathLike, recursive: bool = True, errors: ErrorMode = "warn",
         max_size: int = MAX_SIZE, filters: Filters = Filters()) -> GameReader:
    """Games from files and directories, lazily, in order.

    ``paths``: files, directories, databases and archives of logs, ``FILE#N``,
    ``DB#ID`` or ``ARCHIVE#MEMBER``; a path that does not exist, or an empty one, raises
    :class:`FileNotFoundError` at once. ``errors``: ``"warn"`` (default) collects each
    :class:`LoadError` in the reader's ``errors`` and warns; ``"collect"`` only collects;
    ``"raise"`` raises the first one. ``max_size``: the most bytes a file may hold, or
    inflate to if gzip-compressed (:data:`MAX_SIZE`, 256 MiB); a larger one is a
    :class:`LoadError`. ``filters``: the rows of databases to read (players, length,
    days) and at most how many of each database or archive (:class:`Filters`).

    >>> reader = paipu.load("logs/")            # doctest: +SKIP
    >>> for game in reader: ...                 # doctest: +SKIP
    >>> reader.errors                           # doctest: +SKIP
    """
    return GameReader(paths, recursive, errors, max_size, filters)


GameSource = Union[Game, str, "os.PathLike[str]", Iterable[Union[Game, str, "os.PathLike[str]"]]]
"""What the drivers read: a :class:`~paipu.events.Game`, a path (file, directory or
``FILE#N``, read with :func:`paipu.load`), or any iterable of games and paths (a
:class:`~paipu.loader.GameReader`, a list...)."""


def what_it_is(value: object) -> str:
    """What ``value`` is, for a TypeError: its type; a class named as one; a mapping said
    to be what it likely is, a parsed paipu."""
    if isinstance(value, type):
        return f"the class {value.__name__}"
    if isinstance(value, Mapping):
        return f"{type(value).__name__} (a parsed 電脳麻将 paipu is made a Game by paipu.game_from_json)"
    return type(value).__name__


def games_of(source: GameSource, errors: str = "warn") -> Iterator[Game]:
    """The games of a :data:`GameSource`, read as they are needed (paths with
    :func:`paipu.load` and its ``errors``); TypeError for anything else (a dict too, a
    parsed log whose keys would be taken for paths, and bytes)."""
    if isinstance(source, Game):
        yield source
    elif isinstance(source, (str, os.PathLike)):
        yield from load(source, errors=errors)  # type: ignore[arg-type]  # errors is load's ErrorMode
    elif isinstance(source, Iterable) and not isinstance(source, (Mapping, bytes, bytearray)):
        for item in source:
            if isinstance(item, Game):
                yield item
            elif isinstance(item, (str, os.PathLike)):
                yield from load(item, errors=errors)  # type: ignore[arg-type]  # as above
            else:
                raise TypeError(f"expected a Game or a path, not {what_it_is(item)}")
    else:
        raise TypeError(f"expected a Game, a path or an iterable of them, not {what_it_is(source)}")
