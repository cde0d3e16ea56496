"""Finding and reading game logs: :func:`load`.

``load(*paths)`` yields :class:`~paipu.events.Game` objects lazily, one file at a time, so
memory stays flat over directories of any size. A path may be a file, a directory (walked
in sorted order, recursively unless ``recursive=False``; files named ``*.json``,
``*.json.gz``, ``*.mjlog`` or ``*.xml`` are read) or ``FILE#N`` for the game at index ``N``
of a file. The format is recognised by content, whatever the name, and so is gzip (the
formats are those of :data:`paipu.formats.FORMATS`):

* 電脳麻将 paipu JSON: one paipu object or an array of them;
* Tenhou mjlog XML (``<mjloggm``), one game (:mod:`paipu.formats.tenhou_xml`);
* tenhou.net/6 JSON: a game object whose ``log`` rounds are arrays, or one round per
  line (:mod:`paipu.formats.tenhou_json`).

A file or game that cannot be read becomes a :class:`LoadError` naming the file, the game
index, round and event where known (and the JSON position of a syntax error); loading
goes on with the next game or file. Errors are collected in :attr:`GameReader.errors`
and, by default, also reported as warnings: nothing is lost silently.
"""

from __future__ import annotations

import gc
import gzip
import os
import re
import warnings
import zlib
from pathlib import Path
from typing import Iterator, Literal, Union

import orjson

from .events import Game, locator
from .formats import FormatError, ReadGame, identify

__all__ = ["load", "GameReader", "LoadError", "LoadWarning", "PATTERNS"]

PathLike = Union[str, "os.PathLike[str]"]

PATTERNS = (".json", ".json.gz", ".mjlog", ".xml")
"""Endings of the file names read when walking a directory."""

_SELECTOR = re.compile(r"^(?P<path>.*)#(?P<index>\d+)$")


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

    def to_json(self) -> dict:
        """The error as a JSON-ready dict with the keys of a validation finding (``check``
        is ``"load"``; ``round`` the round's label, or ``round #N`` when its deal could not
        be read)."""
        return {"source": self.source, "round": locator(None, self.label or self.round, None) or None,
                "event": self.event, "check": "load",
                "expected": None, "logged": None, "message": self.message}


class LoadWarning(UserWarning):
    """Issued for each :class:`LoadError` when ``errors="warn"``."""


ErrorMode = Literal["warn", "collect", "raise"]


def _decode(data: bytes, name: str) -> tuple[list, ReadGame]:
    """The games of a file's bytes, unread, and the reader of their format."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    format, content = identify(data)
    return format.games(content, name)


def _describe_decode_error(error: Exception) -> str:
    if isinstance(error, orjson.JSONDecodeError):
        return f"invalid JSON at line {error.lineno}, column {error.colno} (char {error.pos}): {error.msg}"
    if isinstance(error, (EOFError, gzip.BadGzipFile, zlib.error)):
        return f"corrupt gzip data: {error or 'the file ends too early'}"
    return f"cannot read the file: {error}"


class GameReader:
    """An iterable over the games of some paths; see :func:`load`.

    ``errors`` lists every :class:`LoadError` met so far; ``files`` and ``games`` count
    the files read and games yielded.
    """

    def __init__(self, paths: tuple[PathLike, ...], recursive: bool = True, errors: ErrorMode = "warn") -> None:
        if errors not in ("warn", "collect", "raise"):
            raise ValueError(f"errors must be 'warn', 'collect' or 'raise', not {errors!r}")
        self._targets = [_resolve(p) for p in paths]
        self.recursive = recursive
        self.mode = errors
        self.errors: list[LoadError] = []
        self.files = 0
        self.games = 0

    def paths(self) -> Iterator[tuple[Path, int | None]]:
        """The files to read, in order, each with the selected game index or ``None``."""
        for path, index in self._targets:
            if path.is_dir():
                for file in _walk(path, self.recursive):
                    yield file, None
            else:
                yield path, index

    def __iter__(self) -> Iterator[Game]:
        for path, index in self.paths():
            yield from self.read_file(path, index)

    def read_file(self, path: Path, index: int | None = None) -> Iterator[Game]:
        """The games of one file (only game ``index`` if given); errors are recorded."""
        self.files += 1
        name = str(path)
        with _CollectorPause() as pause:
            try:
                items, reader = _decode(path.read_bytes(), name)
            except Exception as error:  # noqa: BLE001 - every failure becomes a LoadError
                self._error(LoadError(name, _describe_decode_error(error)))
                return
            if index is not None:
                if index >= len(items):
                    self._error(LoadError(name, f"no game #{index}: the file holds {len(items)}"))
                    return
                chosen = [(index, items[index])]
            else:
                chosen = list(enumerate(items))
            del items
            # Taken from the end, so that each game's parsed form is let go once the game is built.
            chosen.reverse()
            while chosen:
                number, item = chosen.pop()
                try:
                    game = reader(item, source=f"{name}#{number}")
                    del item
                except FormatError as error:
                    self._error(LoadError(name, error.message, number, error.round, error.event, error.label))
                    continue
                except Exception as error:  # noqa: BLE001 - a reader's bug must not stop the others
                    self._error(LoadError(name, f"cannot be read: {type(error).__name__}: {error}", number))
                    continue
                self.games += 1
                pause.resume()  # the caller may make garbage of any kind
                yield game
                pause.pause()

    def _error(self, error: LoadError) -> None:
        if self.mode == "raise":
            raise error
        self.errors.append(error)
        if self.mode == "warn":
            warnings.warn(str(error), LoadWarning, stacklevel=3)


class _CollectorPause:
    """The cyclic garbage collector paused (if on) while a file is parsed and its games
    built: in a ``with`` block, and between :meth:`pause` and :meth:`resume` inside it.

    Parsing makes tens of thousands of containers per game, and the collector would run
    again and again over them while none can be garbage: the parsed JSON and XML and the
    events made from them hold no reference cycles (reference counting frees them; any
    cycle made meanwhile is collected once the collector is back on). It is back on only
    while the caller holds a game: a game's parsed JSON is freed before, so that the one
    collection made when it is back on goes over the game alone, not the file's JSON too.
    """

    def __init__(self) -> None:
        self._paused = False

    def pause(self) -> None:
        """Stop the collector, if on."""
        if gc.isenabled():
            gc.disable()
            self._paused = True

    def resume(self) -> None:
        """Start the collector again if :meth:`pause` stopped it."""
        if self._paused:
            gc.enable()
            self._paused = False

    def __enter__(self) -> "_CollectorPause":
        self.pause()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.resume()


def _resolve(path: PathLike) -> tuple[Path, int | None]:
    candidate = Path(path)
    if candidate.exists():
        return candidate, None
    match = _SELECTOR.match(str(path))
    if match and Path(match["path"]).is_file():
        return Path(match["path"]), int(match["index"])
    raise FileNotFoundError(f"no such file or directory: {str(path)!r}")


def _walk(directory: Path, recursive: bool) -> Iterator[Path]:
    # Only the names of one directory are held at a time, as plain strings.
    with os.scandir(directory) as entries:
        listing = sorted((entry.name, entry.is_dir()) for entry in entries)
    for name, is_dir in listing:
        if is_dir:
            if recursive:
                yield from _walk(directory / name, recursive)
        elif name.endswith(PATTERNS):
            yield directory / name


def load(*paths: PathLike, recursive: bool = True, errors: ErrorMode = "warn") -> GameReader:
    """Games from files and directories, lazily, in order.

    ``paths``: files, directories or ``FILE#N``; a path that does not exist raises
    :class:`FileNotFoundError` at once. ``errors``: ``"warn"`` (default) collects each
    :class:`LoadError` in the reader's ``errors`` and warns; ``"collect"`` only collects;
    ``"raise"`` raises the first one.

    >>> reader = paipu.load("logs/")            # doctest: +SKIP
    >>> for game in reader: ...                 # doctest: +SKIP
    >>> reader.errors                           # doctest: +SKIP
    """
    return GameReader(paths, recursive, errors)
