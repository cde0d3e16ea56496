"""The log formats paipu reads: one registry, :data:`FORMATS`, and the error they raise.

:mod:`~paipu.formats.majiang` reads and writes 電脳麻将 paipu JSON;
:mod:`~paipu.formats.tenhou_xml` reads Tenhou mjlog XML and :mod:`~paipu.formats.tenhou_json`
tenhou.net/6 JSON; :mod:`~paipu.formats.mjai` reads and writes mjai logs. Each is a :class:`Format` of the registry: its name, how a file of it
is recognised by content, and its reader. :func:`identify` is all the loader needs to
know a file's format, so that the Tenhou readers are imported only for Tenhou logs.
Adding a format is adding an entry to :data:`FORMATS`.

The formats paipu writes (``paipu convert --to``) are the registry :data:`WRITERS`:
電脳麻将 paipu JSON, mjai and tenhou.net/6 JSON, each a :class:`Writer`.

Every reader raises :class:`FormatError` for what is not its format, and gives each game
an :class:`~paipu.events.Origin` with the format's name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Callable

import orjson

from ..events import Event, Game, Win
from ..rules import Rule
from .errors import FormatError
from .recognise import is_majsoul_record, is_mjlog, is_tenhou_json
from .majiang import game_from_json, game_to_json

__all__ = ["FormatError", "Format", "FORMATS", "ReadGame", "Writer", "WRITERS", "identify", "is_mjlog",
           "is_tenhou_json"]

ReadGame = Callable[..., Game]
"""Reads one game of a file: ``read(item, source="path#index")``."""


@dataclass(frozen=True, slots=True)
class Format:
    """A log format paipu reads: an entry of :data:`FORMATS`."""

    name: str
    """The format's name, also :attr:`Origin.format <paipu.events.Origin.format>` of its games."""
    parse: Callable[[bytes], Any] | None
    """How the file's (uncompressed) bytes are parsed before they are sniffed and read:
    ``None`` for the bytes themselves. Formats with the same ``parse``, one after the other
    in :data:`FORMATS`, share its result."""
    sniff: Callable[[Any], bool]
    """Whether the file's content (bytes or parsed, by ``parse``) is in this format."""
    games: Callable[[Any, str], tuple[list[Any], ReadGame]]
    """The reader: ``games(content, file_name)`` gives the file's games, unread, and the
    function that reads one of them into a :class:`~paipu.events.Game`."""


def _any_json(obj: Any) -> bool:
    """Any JSON value: the 電脳麻将 reader, last, says what is wrong with one that is not a paipu."""
    return True


def _parse_json(data: bytes) -> Any:
    """JSON text, or tenhou.net/6 JSON of one round per line joined into one game
    (:func:`~paipu.formats.tenhou_json.parse_lines`: parsed no further than its first
    line if it is not that form); ``orjson.JSONDecodeError`` if neither."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as error:
        from .tenhou_json import parse_lines

        return parse_lines(data, error)


# The readers of the Tenhou formats are imported when the first log of the format comes
# (a command starts faster).

def _mjlog_games(data: bytes, file_name: str) -> tuple[list[Any], ReadGame]:
    """One game, whose Tenhou log id is the file's name."""
    from .tenhou_xml import game_from_mjlog, log_id_of

    return [data], partial(game_from_mjlog, log_id=log_id_of(file_name))


def _tenhou_json_games(obj: Any, file_name: str) -> tuple[list[Any], ReadGame]:
    """One game."""
    from .tenhou_json import game_from_tenhou_json

    return [obj], game_from_tenhou_json


def _parse_mjai(data: bytes) -> Any:
    """An mjai log's events, or ``None`` for another file (:func:`~paipu.formats.mjai.parse`:
    only a file whose first bytes hold an mjai event, a ``"type"``, is parsed)."""
    if b'"type"' not in data[:4096]:
        return None
    from .mjai import parse

    return parse(data)


def _is_mjai(content: Any) -> bool:
    """Whether :func:`_parse_mjai` found an mjai log."""
    return content is not None


def _mjai_games(log: Any, file_name: str) -> tuple[list[Any], ReadGame]:
    """One game, and an error for anything after its ``end_game`` (:func:`~paipu.formats.mjai.split`)."""
    from .mjai import read_part, split

    return split(log), read_part


def _majsoul_games(obj: Any, file_name: str) -> tuple[list[Any], ReadGame]:
    """One game."""
    from .majsoul_record import game_from_majsoul_record

    return [obj], game_from_majsoul_record


def _majiang_games(obj: Any, file_name: str) -> tuple[list[Any], ReadGame]:
    """One paipu object, or an array of them."""
    return (obj if isinstance(obj, list) else [obj]), game_from_json


FORMATS: dict[str, Format] = {
    f.name: f for f in (
        Format("tenhou-mjlog", None, is_mjlog, _mjlog_games),
        Format("mjai", _parse_mjai, _is_mjai, _mjai_games),
        Format("tenhou-json", _parse_json, is_tenhou_json, _tenhou_json_games),
        Format("majsoul", _parse_json, is_majsoul_record, _majsoul_games),
        Format("majiang", _parse_json, _any_json, _majiang_games),
    )
}
"""Every format paipu reads, by name, in the order they are sniffed: the first whose
``sniff`` accepts a file's content reads it (電脳麻将 paipu JSON last, for any JSON)."""


def identify(data: bytes) -> tuple[Format, Any]:
    """The format of a file's uncompressed bytes and its content as that format parses it.
    ``orjson.JSONDecodeError`` for what is none of the formats and not JSON either."""
    content: Any = data
    parsed_by = None
    for format in FORMATS.values():
        parse = format.parse
        if parse is not parsed_by:
            content, parsed_by = (data if parse is None else parse(data)), parse
        if format.sniff(content):
            return format, content
    raise FormatError("none of the formats: " + ", ".join(FORMATS))


@dataclass(frozen=True, slots=True)
class Writer:
    """A format paipu writes: an entry of :data:`WRITERS`, named as ``paipu convert --to``
    names it."""

    name: str
    write: Callable[[Game], bytes]
    """A game as a file of the format; ``ValueError`` for a game it cannot hold."""
    suffix: str
    """The ending of its files' names."""
    opening: bytes
    between: bytes | None
    """How games follow one another on standard output, after ``opening`` and before
    ``closing`` (a JSON array); ``None``: one game per file, as the tools that read the
    format take it."""
    closing: bytes
    read_back: Callable[[Event, Rule], Event]
    """An event of a game checked under a rule as paipu reads it back from what ``write``
    writes: what the format has no place for, or spells otherwise, as the reader gives it.
    A game whose events read back otherwise is not written."""


def _write_majiang(game: Game) -> bytes:
    return orjson.dumps(game_to_json(game))


def _majiang_read_back(event: Event, rule: Rule) -> Event:
    """電脳麻将 paipu states no win's limit (Tenhou's ``AGARI`` does)."""
    return replace(event, limit=None) if type(event) is Win else event


def _write_mjai(game: Game) -> bytes:
    from .mjai import dumps

    return dumps(game)


def _as_itself(event: Event, rule: Rule) -> Event:
    return event


def _write_tenhou6(game: Game) -> bytes:
    from .tenhou_json import dumps

    return dumps(game)


def _tenhou6_read_back(event: Event, rule: Rule) -> Event:
    from .tenhou_json import as_read_back

    return as_read_back(event, rule)


WRITERS: dict[str, Writer] = {
    w.name: w for w in (
        Writer("majiang", _write_majiang, ".json", b"[", b",\n", b"]\n", _majiang_read_back),
        Writer("mjai", _write_mjai, ".jsonl", b"", None, b"", _as_itself),
        Writer("tenhou6", _write_tenhou6, ".json", b"", None, b"", _tenhou6_read_back),
    )
}
"""Every format paipu writes, by the name ``paipu convert --to`` takes: 電脳麻将 paipu JSON
(an array of games on standard output), mjai (JSON lines: one game per file, as Mortal and
mjai-reviewer read it) and tenhou.net/6 JSON (one game per file, as mjai-reviewer reads it).
Adding an output format is adding an entry here."""
