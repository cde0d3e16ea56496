"""mjai logs (the protocol of Mortal, mjai-reviewer, akochan, mjai.app, RiichiEnv...):
read into a :class:`~paipu.events.Game`, and write back.

An mjai log is one game as JSON lines (``.json``, ``.jsonl``, ``.mjson``, maybe gzip; a
JSON array of the same objects is read too), one event per line, each an object with a
``type``: ``start_game``, then per round ``start_kyoku`` (``bakaze``, ``kyoku`` from 1,
``honba``, ``kyotaku``, ``oya``, ``scores``, ``tehais``, ``dora_marker``), ``tsumo``,
``dahai`` (``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``target``, ``pai``,
``consumed``), ``kakan``, ``ankan``, ``dora``, ``reach`` and ``reach_accepted``, then
``hora`` (one per winner: ``actor``, ``target``; optional ``deltas`` and
``ura_markers``) or ``ryukyoku`` (optional ``deltas``), ``end_kyoku``; ``end_game``.
A result without ``deltas`` has its payments unknown (``None``), never zero.
``actor``, ``target`` and ``oya`` are player ids (the order of ``names``), not seats;
``names: []`` (akochan's), as no ``names``, leaves the players unnamed (``""``).

Three-player mahjong is read in two shapes: RiichiEnv's (three ``names``, ``scores``,
``tehais`` and ``deltas``; the North set aside as ``kita``) and that of Mortal's
three-player build, libriichi3p, as Akagi's bridges write it (four of each, the fourth
hand 13 ``?`` and its score and payment 0; ``nukidora``). A North set aside
(:class:`~paipu.events.NorthSetAside`) is followed by the plain ``tsumo`` of its
replacement. The writer writes RiichiEnv's shape.

Tiles are ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``5mr``/``5pr``/``5sr`` for the red
fives (赤牌), ``E S W N`` for the winds and ``P F C`` for 白 發 中; ``?`` is a tile one
player's view does not see, which no replay can use (a load error).

What mjai leaves out is rebuilt from the events, never invented: each winner's hand (its
tiles traced through the round), the reason of a ``ryukyoku`` (the draw the round's
events make it: a 九種九牌 after a draw, 四家立直, 四風連打, 四開槓, an exhaustive draw
or 流し満貫 when the wall is empty, else 三家和) and the hands it shows: every tenpai
hand of an exhaustive draw, which mjai never says were shown, so that the game's
``origin.shown_hands`` is false and validation does not compare them with the rule's
(without the noten penalty, a tenpai hand not in riichi is not shown). A win's yaku,
fu, han and value are not in mjai: the :class:`~paipu.events.Win` has none
(``yaku=()``, ``fu``/``han``/``yakuman`` ``None``), and validation derives them instead
of comparing. The original mjai protocol's ``reason`` of a ``ryukyoku`` (and
RiichiEnv's) and ``uradora_markers`` of a ``hora`` are read too, and akochan's
``uradora_marker``.

mjai has no title, rule or final results; mjai-reviewer's ``start_game`` has
``kyoku_first`` (0 East-South, 4 East-only) and ``aka_flag`` (red fives or not), the
origin's implied rule (over a room's, where a title names one). A log that states no
length (no ``kyoku_first``, rule or room) leaves it open
(:attr:`Origin.undetermined <paipu.events.Origin.undetermined>`): the game is checked
loosely, ending where an East-South or an East-only game ends. :func:`game_to_mjai`
writes what paipu knows beyond the protocol as extra keys, which Mortal's reader and
mjai-reviewer pass over: ``title`` and ``rule`` (the 電脳麻将 rule object a paipu
carries) in ``start_game`` beside ``names``, ``kyoku_first`` and ``aka_flag``, and there
``shown_hands: false`` for a game whose log does not state which hands its draws show
(:attr:`Origin.shown_hands <paipu.events.Origin.shown_hands>`); and in
each ``hora``/``ryukyoku`` the result as the 電脳麻将 event under ``paipu`` (its yaku, fu,
han, value, the hands as logged, the draw's name) and, where the log states it, the win's
``limit`` (Tenhou's), so that reading back gives the same events. ``deltas`` beside such
a record are the result's payments (checked by validation like any logged payments). A
title that names a Tenhou room or a Mahjong Soul room gives the game's origin
as for those platforms' own logs.

New dora indicators (``dora``) are read and written where they are: mjai-reviewer writes
a closed kan's before its replacement draw, Tenhou's and 電脳麻将's logs (and so paipu's
event stream, and the writer) after it; the engine accepts both, and Mortal's reader
only counts them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Final, Iterable, TypeVar

import io

import orjson
from mypy_extensions import mypyc_attr

from ..game_rule import game_rule
from ..events import (
    Call,
    Deal,
    Discard,
    DoraReveal,
    Draw,
    EVENT_KEYS,
    Event,
    Game,
    Kan,
    KanDraw,
    NorthSetAside,
    NoWin,
    Origin,
    Round,
    Win,
    takes_riichi_stick,
)
from ..hand import Hand, IllegalAction
from ..limits import MAX_COUNT, MAX_NUMBER, clip
from ..rules import RedFives
from ..tiles import HandNotation, Meld, NotationError, kind, meld_text, parse_meld
from .errors import FormatError, bounded, indicators, room_players, shown_text
from .majiang import _check_rule, _read_event, event_to_json
from .majsoul import majsoul_origin
from .tenhou_origin import origin_of_title
from .tenhou_xml import LIMIT_NAMES, shown_hand

__all__ = ["MjaiLog", "parse", "game_from_mjai", "game_to_mjai", "dumps", "TILE_OF_MJAI", "MJAI_OF_TILE"]

TILE_OF_MJAI: dict[str, str] = {f"{d}{s}": f"{s}{d}" for s in "mps" for d in range(1, 10)}
TILE_OF_MJAI.update({"5mr": "m0", "5pr": "p0", "5sr": "s0"})
TILE_OF_MJAI.update({name: f"z{i}" for i, name in enumerate("ESWNPFC", 1)})
"""paipu's tile of each mjai tile name (``5mr`` → ``m0``, ``E`` → ``z1``, ``C`` → ``z7``)."""

MJAI_OF_TILE: dict[str, str] = {tile: name for name, tile in TILE_OF_MJAI.items()}
"""The mjai name of each paipu tile."""

_TILES_IN_ORDER: Final = HandNotation.from_tiles(tuple(TILE_OF_MJAI.values())).concealed
"""Every tile once, in the order of a hand's concealed tiles (:class:`~paipu.tiles.HandNotation`)."""


_WINDS: Final = {"E": 0, "S": 1, "W": 2, "N": 3}
_WINDS_OF_KYOKU_FIRST: Final = {0: 2, 4: 1}
"""The length (:attr:`~paipu.rules.Rule.winds`) by ``kyoku_first``, the index of the
first round (東1局 0, 南1局 4) of akochan's and mjai-reviewer's ``start_game``: 0 for an
East-South game (半荘), 4 for an East-only one (東風), as mjai-reviewer's converter
writes it from a Tenhou room's 東 (``GameLength::Tonpuu = 4``, ``Hanchan = 0``). Any
other index (akochan allows any round to start from) states no length."""

_UNSTATED_LENGTH = ("winds", (2, 1))
"""The length of a game whose log states none (no ``kyoku_first``, no rule, no title naming
a room), as its origin leaves it open (:attr:`Origin.undetermined
<paipu.events.Origin.undetermined>`): East-South or East-only, either accepted where the
log ends the game (the game is counted as checked loosely)."""
_MARK_OF_SOURCE: Final = {3: "-", 2: "=", 1: "+"}
"""Direction mark by ``(target - actor) % 4``: 上家 ``-``, 対面 ``=``, 下家 ``+``."""
_OFFSET_OF_MARK = {mark: offset for offset, mark in _MARK_OF_SOURCE.items()}

_ORPHANS = frozenset(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
"""The kinds of the terminals and honours (么九牌)."""

_WALL = {4: 70, 3: 55}
"""Draws in a round when the wall is exhausted, by the number of players: 136 tiles, 52
dealt (108, no 2m-8m, 39 dealt with three players), 14 in the dead wall (each replacement
draw after a kan or a North set aside is made up from the live wall)."""

_ABSENT_HAND: Final = ["?"] * 13
"""The fourth hand of a three-player ``start_kyoku`` as Mortal's three-player build
(libriichi3p) takes it: four of each per-player field, the fourth player's hand hidden
and score 0."""

_URA_FIELDS: Final = ("ura_markers", "uradora_markers", "uradora_marker")
"""The names of a ``hora``'s ura-dora indicators: Mortal's, mjai-reviewer's and
RiichiEnv's; the original mjai protocol's; akochan's (the first the line has is read)."""


class MjaiLog:
    """An mjai file as parsed: ``items``, one per line of JSON lines (the line's bytes with
    its ``\\n``, parsed when read; the first, ``start_game``, already parsed), or the parsed items of a
    JSON array. ``where`` names an item's place: ``line`` or ``item``, counting from 1."""

    __slots__ = ("items", "where")

    def __init__(self, items: list[Any], where: str = "line") -> None:
        self.items = items
        self.where = where


_EVENT_TYPES: Final = frozenset(("start_game", "end_game", "start_kyoku", "end_kyoku", "tsumo", "dahai", "reach",
                          "reach_accepted", "chi", "pon", "daiminkan", "kakan", "ankan", "dora", "hora",
                          "ryukyoku", "nukidora", "kita", "none"))
"""The ``type`` of every mjai event (three players' North set aside: ``nukidora``, and
RiichiEnv's ``kita``)."""


def _opens_a_game(obj: Any) -> bool:
    return isinstance(obj, dict) and obj.get("type") == "start_game"


def _is_event(obj: Any) -> bool:
    """Whether ``obj`` is an object of an mjai event type: an mjai file begins with one
    (``start_game``, or it is said to be missing)."""
    return isinstance(obj, dict) and type(obj.get("type")) is str and obj["type"] in _EVENT_TYPES


_BOM = b"\xef\xbb\xbf"
"""The UTF-8 byte order mark."""


def parse(data: bytes) -> MjaiLog | None:
    """An mjai file (JSON lines, or one JSON array of events), or ``None`` for a file
    that is not mjai (its first line, or first item, is no mjai event; one that is not
    ``start_game`` is mjai, which the reader refuses as such). Only the
    first line is parsed here: the others as they are read. A UTF-8 byte order mark
    before it (as Windows editors save a file) is passed over."""
    if data[:3] == _BOM:
        data = data[3:]
    head = data[:4096].lstrip()
    if not (head[:1] in (b"{", b"[") and b'"type"' in head):
        return None
    if head[:1] == b"[":
        try:
            items = orjson.loads(data)
        except orjson.JSONDecodeError:
            return None
        return MjaiLog(items, "item") if isinstance(items, list) and items and _is_event(items[0]) else None
    # each a line's bytes with its end (found by memchr: a third of the time of split's
    # byte-by-byte loop), the first parsed
    lines: list[Any] = io.BytesIO(data).readlines()
    first = next(i for i, line in enumerate(lines) if line.strip())
    try:
        lines[first] = orjson.loads(lines[first])
    except orjson.JSONDecodeError:
        return None
    return MjaiLog(lines) if _is_event(lines[first]) else None


def _invalid_line(line: bytes, error: orjson.JSONDecodeError) -> FormatError:
    """What is wrong with a line that is no JSON: where its text (without the line's end,
    ``\\n`` or ``\\r\\n``) stops being JSON, its column (just past the text if it stops too
    soon, which orjson places after the line's end), and why."""
    past_the_text = len(line.rstrip(b"\r\n")) + 1
    column = min(error.colno, past_the_text) if error.lineno == 1 else past_the_text
    return FormatError(f"invalid JSON at column {column}: {error.msg}")


def _is_end_game(item: Any) -> bool:
    """Whether an item of an :class:`MjaiLog` (a line's bytes, or parsed) is ``end_game``."""
    if type(item) is bytes:
        if b"end_game" not in item:
            return False
        try:
            item = orjson.loads(item)
        except orjson.JSONDecodeError:
            return False
    return isinstance(item, dict) and item.get("type") == "end_game"


def _after_end_game(log: MjaiLog) -> list[int]:
    """The indices of the items after the first that is ``end_game`` (none if none is)
    that are not blank lines."""
    end = next((index for index, item in enumerate(log.items) if _is_end_game(item)), None)
    return [] if end is None else _not_blank(log, end + 1)


def _not_blank(log: MjaiLog, start: int) -> list[int]:
    """The indices of the items of ``log`` from ``start`` on that are not blank lines."""
    items = log.items
    return [index for index in range(start, len(items)) if not (type(items[index]) is bytes and not items[index].strip())]


def _read_to_end_game(log: MjaiLog) -> tuple[_Reader | Exception, list[int]]:
    """The game of ``log`` read up to its first ``end_game`` (a reader whose game is made
    once its source is known: :meth:`_Reader.game`), or what reading it raised; and the
    indices of the items after that ``end_game`` that are not blank lines (:func:`_after_end_game`).
    The reader finds the ``end_game`` as it reads (the file's text is not searched for it
    first) unless it stops before."""
    reader = _Reader("")
    try:
        end = reader.read_all(log)
    except Exception as error:  # noqa: BLE001 - raised when its game is asked for (read_part), as it was read then
        return error, _after_end_game(log)
    return reader, [] if end is None else _not_blank(log, end)


def _refused_after_end_game(log: MjaiLog, after: int) -> str:
    """What is wrong with item ``after``, after the ``end_game`` (named by its type)."""
    item = log.items[after]
    if type(item) is bytes:
        try:
            item = orjson.loads(item)
        except orjson.JSONDecodeError:
            pass
    kind_of_event = item.get("type") if isinstance(item, dict) else None
    what = kind_of_event if isinstance(kind_of_event, str) else "an event"
    return f"{log.where} {after + 1}: {clip(what, 40)} after end_game: an mjai file holds one game"


def split(log: MjaiLog) -> list[_Reader | Exception]:
    """The parts of an mjai file as the loader reads them: the game, up to its
    ``end_game`` (read: :func:`_read_to_end_game`); then, if anything but blank lines
    follows it (a second game, a stray line), one :class:`~paipu.formats.FormatError` at
    its first line, so that the game ``end_game`` ended is kept and what follows reported,
    not read."""
    read, rest = _read_to_end_game(log)
    if not rest:
        return [read]
    unread = f"{log.where} {rest[0] + 1}" if len(rest) == 1 else f"{log.where}s {rest[0] + 1}-{rest[-1] + 1}"
    return [read, FormatError(f"{_refused_after_end_game(log, rest[0])} (the game before it is read, not {unread})")]


def read_part(part: _Reader | Exception, source: str = "") -> Game:
    """A part of an mjai file (:func:`split`): its game, or its error raised."""
    if isinstance(part, Exception):
        raise part
    part.source = source
    return part.game()


# -- reading -------------------------------------------------------------------------


def _tile(value: Any, field: str = "pai") -> str:
    tile = TILE_OF_MJAI.get(value) if type(value) is str else None
    if tile is None:
        if value == "?":
            raise FormatError(f"{field}: a hidden tile '?': this log is one player's view, "
                              "and a replay needs every tile")
        raise FormatError(f"{field}: not an mjai tile: {clip(repr(value), 40)}")
    return tile


def _tiles(value: Any, count: int, field: str) -> list[str]:
    if not isinstance(value, list) or len(value) != count:
        raise FormatError(f"{field} must be a list of {count} tiles, not {clip(repr(value), 80)}")
    tile_of = TILE_OF_MJAI
    try:
        return [tile_of[name] for name in value]
    except (KeyError, TypeError):  # an item that is no tile, or no key: a list, a dict
        return [_tile(item, field) for item in value]  # which item is wrong


_MJAI_NAMES: Final = tuple([f"{d}{s}" for s in "mps" for d in range(1, 10)] + list("ESWNPFC") + ["5mr", "5pr", "5sr"])
"""Every mjai tile name once, each at its *index*: the numbered tiles by suit then number
(``1m`` 0 … ``9s`` 26), the honours ``E``-``C`` (27-33), the red fives (34-36)."""

_RANK_OF_INDEX: Final = [_TILES_IN_ORDER.index(TILE_OF_MJAI[name]) for name in _MJAI_NAMES]
"""The place in :data:`_TILES_IN_ORDER` of each mjai tile by its index: a hand sorts by it."""

_INDEX_OF_FIRST: Final = bytes([(ord(c) - ord("1") if c in "123456789" else 27 + "ESWNPFC".index(c) if c in "ESWNPFC" else 0)
                                for c in map(chr, range(256))])
_INDEX_OF_SECOND: Final = bytes([9 * "mps".index(chr(c)) if chr(c) in "mps" else 0 for c in range(256)])
_RED_OF_SECOND: Final = bytes([34 + "mps".index(chr(c)) if chr(c) in "mps" else 34 for c in range(256)])
"""What the first and the second character (codes below 256) of an mjai tile name add
to its index (:data:`_MJAI_NAMES`); with a third, ``r``, the second says which red five
it is. Bytes, whose items the compiled code reads as integers without boxing them."""


def _index_of_chars(first: int, second: int, third: int) -> int:
    """The index (:data:`_MJAI_NAMES`) of the tile whose mjai name has these character
    codes (each below 256; past the name's end any code but ``r``'s), if they are one:
    any codes give an index, which the caller checks by comparing the name there."""
    if third == 114:  # r: a red five
        return _RED_OF_SECOND[second]
    index = _INDEX_OF_FIRST[first] + _INDEX_OF_SECOND[second]
    return index if index < 37 else 0  # an honour's letter and a suit's: no tile


def _mjai_index(name: str) -> int:
    """The index (:data:`_MJAI_NAMES`) of an mjai tile name, or -1 for a string that is
    none: found from its characters, not by hashing it (a hand's 13 names, fresh strings
    of the parsed line each, cost a third of reading a ``start_kyoku`` hashed)."""
    size = len(name)
    if not 1 <= size <= 3:
        return -1
    first = ord(name[0])
    second = ord(name[1]) if size > 1 else 0
    third = ord(name[2]) if size > 2 else 0
    if first > 255 or second > 255 or third > 255:
        return -1
    index = _index_of_chars(first, second, third)
    return index if _MJAI_NAMES[index] == name else -1


def _dealt_hand(value: Any) -> HandNotation:
    """A hand of a ``start_kyoku``'s ``tehais``: 13 mjai tiles, sorted by their places in
    the concealed tiles' order (as :meth:`HandNotation.from_tiles <paipu.tiles.HandNotation.from_tiles>`
    sorts them)."""
    if type(value) is list and len(value) == 13:
        rank_of = _RANK_OF_INDEX
        ranks: list[int] = []
        for name in value:
            index = _mjai_index(name) if type(name) is str else -1
            if index < 0:
                break  # not a tile: said below
            ranks.append(rank_of[index])
        else:
            ranks.sort()
            tiles = _TILES_IN_ORDER
            return HandNotation(tuple([tiles[rank] for rank in ranks]))
    return HandNotation.from_tiles(_tiles(value, 13, "tehais"))  # raises: what is wrong


def _int(obj: dict[str, Any], field: str, low: int, high: int) -> int:
    value = obj.get(field)
    if type(value) is not int or not low <= value <= high:
        raise FormatError(f"{field} must be an integer {low}..{high}, not {clip(repr(value), 40)}")
    return value


def _numbers(value: Any, count: int, field: str) -> tuple[int, ...]:
    """``count`` integers, each within ±:data:`~paipu.limits.MAX_NUMBER` (checked here,
    compiled, before :func:`~paipu.formats.errors.bounded` is asked to say which is not:
    asking it of every ``scores`` and ``deltas`` was a tenth of reading a ``start_kyoku``)."""
    if isinstance(value, list) and len(value) == count:
        bound = MAX_NUMBER
        if all([type(x) is int and -bound <= x <= bound for x in value]):
            return tuple(value)
        if all([type(x) is int for x in value]):
            bounded(value, field)  # raises: the first number beyond any game
    raise FormatError(f"{field} must be {count} integers, not {clip(repr(value), 80)}")


def _meld(kind_of_call: str, tiles: list[str], mark: str) -> Meld:
    """The meld of a chi, pon or open kan (claimed tile first) or closed kan, in
    canonical notation."""
    if any(tile[0] != tiles[0][0] for tile in tiles):
        raise FormatError(f"not a meld: {' '.join(MJAI_OF_TILE[t] for t in tiles)} (mixed suits)")
    try:
        return parse_meld(meld_text(tiles, mark, kind_of_call == "chi"))
    except NotationError as error:
        raise FormatError(f"{kind_of_call}: {error}") from None


_DRAWS: Final = {(seat, name): Draw(seat, tile) for seat in range(4) for name, tile in TILE_OF_MJAI.items()}
_KAN_DRAWS: Final = {(seat, name): KanDraw(seat, tile) for seat in range(4) for name, tile in TILE_OF_MJAI.items()}
_DISCARDS: Final = {(seat, name, tsumogiri, riichi): Discard(seat, tile, tsumogiri, riichi)
             for seat in range(4) for name, tile in TILE_OF_MJAI.items()
             for tsumogiri in (False, True) for riichi in (False, True)}
"""The draws, replacement draws and discards, one shared object each, by seat and mjai
tile (and the discard's flags): almost every event of a log is one of them."""

_SEATS: Final = {players: tuple([(player - dealer) % players for player in range(players)]
                                for dealer in range(players))
                  for players in (3, 4)}
"""The seat of each player id, by the number of players and the dealer's player id."""

_PlainLine = tuple[bool, int, str, bool]
"""What a plain line is: (a discard or a draw, actor, mjai tile, tsumogiri)."""

_TSUMO: Final = 0
_DAHAI: Final = 1
_TSUMOGIRI: Final = 2
"""What a plain line is: a draw, a discard, a discard of the tile just drawn."""
_PLAIN_SLOTS: Final = 3 * 4 * 37


def _plain_line(what: int, actor: int, name: str) -> bytes:
    """The line of a draw (``_TSUMO``) or discard (``_DAHAI``, ``_TSUMOGIRI``) as Mortal
    (serde) and paipu write it: compact, the keys in the protocol's order, ``\\n`` after."""
    if what == _TSUMO:
        return orjson.dumps({"type": "tsumo", "actor": actor, "pai": name}, option=orjson.OPT_APPEND_NEWLINE)
    return orjson.dumps({"type": "dahai", "actor": actor, "pai": name, "tsumogiri": what == _TSUMOGIRI},
                        option=orjson.OPT_APPEND_NEWLINE)


def _plain_slot(line: bytes) -> int:
    """Where :data:`_PLAIN_LINE_AT` holds ``line`` if it is a plain line (the draw's or
    discard's line :func:`_plain_line` writes): ``(what * 4 + actor) * 37 + index`` (the
    tile's, :data:`_MJAI_NAMES`), found from the bytes at the places those lines have
    them (the type's first letter, the actor, the tile's name, the last letter of
    ``tsumogiri``'s value); -1 for a line too short to be one. Any other line gives a slot
    too: the caller compares the line with the one there. (Looking each line up by its
    bytes, hashing them, cost a sixth of reading a log.)"""
    size = len(line)
    if size < 37:
        return -1
    if line[9] == 116:  # t: tsumo
        what = _TSUMO
    else:
        what = _TSUMOGIRI if line[size - 4] == 117 else _DAHAI  # u: true}\n
    return (what * 4 + (line[24] & 3)) * 37 + _index_of_chars(line[33], line[34], line[35])


_PLAIN_LINE_AT: Final = [_plain_line(slot // 148, slot // 37 % 4, _MJAI_NAMES[slot % 37]) for slot in range(_PLAIN_SLOTS)]
"""The plain lines, each at its slot (:func:`_plain_slot`)."""

_PLAIN_AT: Final = {players: [(slot // 148 != _TSUMO, slot // 37 % 4, _MJAI_NAMES[slot % 37], slot // 148 == _TSUMOGIRI)
                              if slot // 37 % 4 < players else None for slot in range(_PLAIN_SLOTS)]
                    for players in (3, 4)}
"""What each plain line is (by its slot), by the number of players: none for a line of
player 3 in a three-player game (read in full, and refused)."""

_PLAIN_EVENTS: Final = {
    players: tuple([None if plain is None else
                    _DISCARDS[seats[plain[1]], plain[2], plain[3], False] if plain[0] else _DRAWS[seats[plain[1]], plain[2]]
                    for plain in _PLAIN_AT[players]]
                   for seats in _SEATS[players])
    for players in (3, 4)}
"""Each plain line's event (by its slot), by the number of players and the dealer's
player id: what the line is when no kan was just declared and no riichi declared without
its discard."""

_NO_EVENTS: Final[list[Draw | Discard | None]] = [None] * _PLAIN_SLOTS
"""No plain line's event known without following the round: outside a round, and while a
kan or riichi declared just before makes a plain line another event than
:data:`_PLAIN_EVENTS` says."""

_REACH: Final = 0
_ACCEPTED: Final = 1
_END: Final = 2
_MARK_LINES: Final = {orjson.dumps({"type": "reach", "actor": actor}, option=orjson.OPT_APPEND_NEWLINE): (_REACH, actor)
                      for actor in range(4)}
_MARK_LINES.update({orjson.dumps({"type": "reach_accepted", "actor": actor}, option=orjson.OPT_APPEND_NEWLINE):
                    (_ACCEPTED, actor) for actor in range(4)})
_MARK_LINES[orjson.dumps({"type": "end_kyoku"}, option=orjson.OPT_APPEND_NEWLINE)] = (_END, 0)
"""The lines of the riichi declarations, their acceptances and the rounds' ends as Mortal
and paipu write them: ``(what, actor)`` by the line's bytes (with its ``\\n``)."""

_MARK_LINES_OF: Final = {4: _MARK_LINES, 3: {line: mark for line, mark in _MARK_LINES.items() if mark[1] < 3}}
""":data:`_MARK_LINES` of the players of a game, by their number (as :data:`_PLAIN_AT`)."""


@mypyc_attr(acyclic=True)
class _CallLine:
    """A chi, pon, open kan (``daiminkan``) or closed kan (``ankan``) as its line says it:
    who calls, the meld, whether a replacement draw follows, and its event by seat, each
    made once (:data:`_CALL_LINES`)."""

    __slots__ = ("actor", "meld", "closed", "after_kan", "by_seat")

    def __init__(self, actor: int, meld: Meld, closed: bool, after_kan: bool) -> None:
        self.actor = actor
        self.meld = meld
        self.closed = closed
        """A closed kan: a :class:`~paipu.events.Kan`, else a :class:`~paipu.events.Call`."""
        self.after_kan = after_kan
        self.by_seat: list[Call | Kan | None] = [None, None, None, None]

    def event(self, seat: int) -> Call | Kan:
        """The call's event when the caller sits at ``seat``."""
        event = self.by_seat[seat]
        if event is None:
            event = self.by_seat[seat] = Kan(seat, self.meld) if self.closed else Call(seat, self.meld)
        return event


_CALL_LINES: Final[dict[int, dict[bytes, _CallLine]]] = {3: {}, 4: {}}
"""The lines of the calls read so far, by the number of players, each by its bytes: the
same call's line (Mortal and paipu write them alike) recurs across games, and is read
once. Emptied when it holds :data:`_CALL_LINES_KEPT`."""
_CALL_LINES_KEPT: Final = 1 << 14


_Result = TypeVar("_Result", Win, NoWin)
"""A round's result: a win or a draw."""


class _Reader:
    """The state of reading one mjai game: the round being read, who declared riichi."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.names: tuple[str, ...] = ()  # none: the players unnamed (their names "")
        self.players = 4  # 3 or 4, as the names or the first start_kyoku say (mjai's four until they do)
        self.counted = False  # whether they have said
        self.padded = False  # per-player fields of four for three players (libriichi3p's shape)
        self.title = ""
        self.rule: dict[str, Any] | None = None
        self.first_dealer: int | None = None
        self.rounds: list[Round] = []
        self.events: list[Event] | None = None  # the round being read
        self.dealer = 0
        self.aka: bool | None = None  # start_game's aka_flag: red fives or not
        self.winds: int | None = None  # start_game's kyoku_first: 1 East-only, 2 East-South
        self.shown_hands = True  # no ryukyoku read without a paipu record (which states its shown hands),
        # nor start_game's shown_hands false (paipu's: a game whose log did not state them)
        self.ended = False  # whether the item read last was end_game

    # -- the round ------------------------------------------------------------------

    def seat(self, player: int) -> int:
        return (player - self.dealer) % self.players

    def player(self, obj: dict[str, Any], field: str = "actor") -> int:
        """The player id ``obj[field]`` names: one of the game's players."""
        return _int(obj, field, 0, self.players - 1)

    def per_player(self, value: Any, field: str) -> tuple[int, ...]:
        """The integers of a per-player field (``scores``, ``deltas``), one per player;
        four in a three-player log of libriichi3p's shape, the fourth 0."""
        numbers = _numbers(value, 4 if self.padded else self.players, field)
        if self.padded:
            if numbers[3]:
                raise FormatError(f"{field}: the fourth value of a three-player log must be 0, not {numbers[3]}")
            return numbers[:3]
        return numbers

    def start_game(self, obj: dict[str, Any]) -> None:
        names = obj.get("names", [])
        if not (isinstance(names, list) and len(names) in (0, 3, 4) and all(isinstance(n, str) for n in names)):
            raise FormatError(f"names must be 3 or 4 strings (or none: []), not {clip(repr(names), 80)}")
        self.names = tuple(shown_text(name, f"names[{index}]") for index, name in enumerate(names))
        if names:
            self.players, self.counted = len(names), True
        title = obj.get("title", "")
        if not isinstance(title, str):
            raise FormatError(f"title must be a string, not {clip(repr(title), 40)}")
        self.title = shown_text(title, "title")
        aka = obj.get("aka_flag")
        if aka is not None and type(aka) is not bool:
            raise FormatError(f"aka_flag must be true or false, not {clip(repr(aka), 40)}")
        self.aka = aka
        first = obj.get("kyoku_first")
        if first is not None and type(first) is not int:
            raise FormatError(f"kyoku_first must be an integer, not {clip(repr(first), 40)}")
        self.winds = _WINDS_OF_KYOKU_FIRST.get(first)  # type: ignore[arg-type]  # another: the length not stated
        rule = obj.get("rule")
        if rule is not None:
            _check_rule(rule, True)  # parsed JSON, as every item of an MjaiLog
            self.rule = rule
        shown_hands = obj.get("shown_hands", True)
        if type(shown_hands) is not bool:
            raise FormatError(f"shown_hands must be true or false, not {clip(repr(shown_hands), 40)}")
        self.shown_hands = shown_hands

    def start_kyoku(self, obj: dict[str, Any]) -> None:
        self.end_round()
        bakaze = obj.get("bakaze")
        if type(bakaze) is not str or bakaze not in _WINDS:
            raise FormatError(f"bakaze must be E, S, W or N, not {clip(repr(bakaze), 40)}")
        tehais: Any = obj.get("tehais")
        players = self.count_players(tehais, obj.get("scores"))
        hand_number = _int(obj, "kyoku", 1, players) - 1
        honba, sticks = _int(obj, "honba", 0, MAX_COUNT), _int(obj, "kyotaku", 0, MAX_COUNT)
        oya = self.player(obj, "oya")
        first_dealer = (oya - hand_number) % players
        if self.first_dealer is None:
            self.first_dealer = first_dealer
        elif first_dealer != self.first_dealer:
            raise FormatError(f"oya {oya} is not the dealer of kyoku {hand_number + 1} "
                              f"(the first round's dealer was player {self.first_dealer})")
        self.dealer = oya
        scores = self.per_player(obj.get("scores"), "scores")
        dealt = [_dealt_hand(tiles) for tiles in tehais[:players]]
        hands = tuple([dealt[(oya + seat) % players] for seat in range(players)])
        deal = Deal(_WINDS[bakaze], hand_number, honba, sticks,
                    tuple([scores[(oya + seat) % players] for seat in range(players)]),
                    _tile(obj.get("dora_marker"), "dora_marker"), hands)
        self.events = [deal]
        self.reach = [False] * players  # declared (reach), by seat
        self.riichi = [False] * players  # the declaration's discard made, by seat
        self.after_kan = False
        self.indicators_shown = 1  # dora indicators shown: dora_marker's, then one per dora
        self.hands: list[Hand] | None = None  # every hand at the round's end, once asked for

    def count_players(self, tehais: Any, scores: Any) -> int:
        """The number of players a ``start_kyoku``'s ``tehais`` (and ``scores``) deal to:
        four hands, or three; or four with the fourth hidden and its score 0, libriichi3p's
        shape of three players (:data:`_ABSENT_HAND`). The first round's must be the
        ``names``' number, and every round's the first's."""
        if not isinstance(tehais, list) or len(tehais) not in (3, 4):
            raise FormatError(f"tehais must be 3 or 4 hands of 13 tiles, not {clip(repr(tehais), 80)}")
        padded = (len(tehais) == 4 and tehais[3] == _ABSENT_HAND
                  and isinstance(scores, list) and len(scores) == 4 and scores[3] == 0)
        players = 3 if padded else len(tehais)
        if self.counted and players != self.players:
            said = "the first round deals to" if self.rounds else "names name"
            raise FormatError(f"tehais: {players} players' hands, but {said} {self.players} players")
        if self.rounds and padded != self.padded:
            raise FormatError("tehais: a fourth hand hidden in one round and not in the first")
        self.players, self.padded, self.counted = players, padded, True
        return players

    def end_round(self) -> None:
        if self.events is not None:
            self.rounds.append(Round(tuple(self.events), self.first_dealer or 0, self.players))
            self.events = None

    def round_events(self, what: str) -> list[Event]:
        if self.events is None:
            raise FormatError(f"{what} outside a round (no start_kyoku before it)")
        return self.events

    def final_hands(self, events: list[Event]) -> list[Hand]:
        """Every seat's hand after the round's events (before its result): the deal, then
        each draw, discard, call and kan, followed once per round."""
        if self.hands is None:
            deal: Deal = events[0]  # type: ignore[assignment]  # a round's first event is its deal
            hands = [Hand.from_notation(hand) for hand in deal.hands]
            for index, event in enumerate(events):
                try:
                    if type(event) is Draw or type(event) is KanDraw:
                        hands[event.seat].draw(event.tile)
                    elif type(event) is Discard:
                        hands[event.seat].discard(event.tile, event.riichi)
                    elif type(event) is Call:
                        hands[event.seat].call(event.meld)
                    elif type(event) is Kan:
                        hands[event.seat].kan(event.meld)
                    elif type(event) is NorthSetAside:
                        hands[event.seat].set_aside_north(event.tile)
                except IllegalAction as error:
                    raise FormatError(f"event {index} cannot be played: {error}") from None
            self.hands = hands
        return self.hands

    # -- events ---------------------------------------------------------------------

    def read_all(self, log: MjaiLog) -> int | None:
        """Read the events of ``log`` up to its first ``end_game`` (as :func:`_is_end_game`
        finds it), or all: the plain draws and discards, riichi declarations
        and acceptances and rounds' ends here (their lines as Mortal and paipu write them are
        recognised, not parsed: a draw's or discard's line (:func:`_plain_slot`) as its
        shared event while no kan or riichi declared just before makes it another), the
        rest by :meth:`read`. The index of the item after that ``end_game``, ``None`` if
        none was read."""
        items = log.items
        index = 0
        plain: list[_PlainLine | None] = _PLAIN_AT[4]
        marks: dict[bytes, tuple[int, int]] = _MARK_LINES
        calls: dict[bytes, _CallLine] = _CALL_LINES[4]
        line_events: list[Draw | Discard | None] = _NO_EVENTS  # the plain lines' events in this round
        quick = line_events  # the same, or none while a kan or riichi declared just before changes them
        current: list[Event] | None = None  # the round being read (self.events)
        events: list[Event] = []  # the same, or none outside a round
        seats: list[int] = []
        reach = riichi = self.reach = self.riichi = [False] * 4
        after_kan = started = False
        try:
            while index < len(items):
                item = items[index]
                index += 1
                line = item
                if type(item) is bytes:
                    text: bytes = item
                    slot = _plain_slot(text)
                    if slot >= 0 and text == _PLAIN_LINE_AT[slot]:
                        event = quick[slot]
                        if event is not None:
                            events.append(event)
                            continue
                        found = plain[slot] if current is not None else None
                        if found is not None:
                            discard, actor, name, tsumogiri = found
                            seat = seats[actor]
                            if discard:
                                declared = reach[seat] and not riichi[seat]
                                events.append(_DISCARDS[seat, name, tsumogiri, declared])
                                if declared:
                                    riichi[seat] = True
                            else:
                                events.append((_KAN_DRAWS if after_kan else _DRAWS)[seat, name])
                                after_kan = False
                            quick = _NO_EVENTS if after_kan or reach != riichi else line_events
                            continue
                    elif current is not None:
                        called = calls.get(text)
                        if called is not None:  # a call's line read before: its event
                            events.append(called.event(seats[called.actor]))
                            after_kan = called.after_kan
                            quick = _NO_EVENTS if after_kan or reach != riichi else line_events
                            continue
                        mark = marks.get(text)
                        if mark is not None:
                            what, actor = mark
                            if what == _REACH:
                                reach[seats[actor]] = True
                                quick = _NO_EVENTS if after_kan or reach != riichi else line_events
                            elif what == _END:
                                self.end_round()
                                current, events, line_events, quick = None, [], _NO_EVENTS, _NO_EVENTS
                            continue
                    if not item.strip():
                        continue
                    try:
                        item = orjson.loads(item)
                    except orjson.JSONDecodeError as error:
                        if started and all(type(rest) is bytes and not rest.strip() for rest in items[index:]):
                            break  # the last line cut short (a crash, a copy): the log stops before it
                        raise _invalid_line(text, error) from None
                if not started:
                    if not _opens_a_game(item):
                        what_type = item.get("type") if isinstance(item, dict) else None
                        before = f"{clip(what_type, 40)} before start_game: " if isinstance(what_type, str) else ""
                        raise FormatError(f"{before}an mjai log starts with start_game")
                    self.start_game(item)
                    started = True
                    continue
                self.after_kan = after_kan
                called = self.read(item)
                after_kan = self.after_kan
                if self.ended:
                    if type(line) is not bytes or b"end_game" in line:
                        return index
                    self.ended = False  # spelt with escapes: not where the file is cut (_is_end_game)
                if called is not None and type(line) is bytes:
                    if len(calls) >= _CALL_LINES_KEPT:
                        calls.clear()
                    calls[line] = called
                if self.events is not current:
                    current = self.events
                    if current is None:
                        events, line_events = [], _NO_EVENTS
                    else:
                        players = self.players
                        events, plain, marks = current, _PLAIN_AT[players], _MARK_LINES_OF[players]
                        calls = _CALL_LINES[players]
                        seats, line_events = _SEATS[players][self.dealer], _PLAIN_EVENTS[players][self.dealer]
                        reach, riichi = self.reach, self.riichi
                quick = _NO_EVENTS if after_kan or reach != riichi else line_events
        except FormatError as error:
            raise self._located(f"{log.where} {index}: {error.message}") from None
        return None

    def _located(self, message: str) -> FormatError:
        """An error at the event being read: its round and event index where known."""
        if self.events is None:
            return FormatError(message, len(self.rounds) if self.rounds else None)
        return FormatError(message, len(self.rounds), len(self.events), Round((self.events[0],)).label)

    def read(self, obj: Any) -> _CallLine | None:
        """Read one event object (any but the first, ``start_game``), checked in full; a
        chi, pon or kan but an added one (which depends on the pon before it) is returned
        as read, for :meth:`read_all` to know its line when it comes again."""
        kind_of_event = obj.get("type") if isinstance(obj, dict) else None
        if not isinstance(kind_of_event, str):
            raise FormatError(f"not an mjai event: {clip(repr(obj), 80)}")
        if kind_of_event not in _EVENT_TYPES:
            raise FormatError(f"unknown event type {clip(repr(kind_of_event), 40)}")
        if kind_of_event in ("none", "reach_accepted"):
            return None
        if kind_of_event == "end_game":  # the last item read (read_all)
            self.end_round()
            self.ended = True
            return None
        if kind_of_event == "start_kyoku":
            self.start_kyoku(obj)
            return None
        if kind_of_event == "start_game":
            raise FormatError("a second start_game: an mjai file holds one game")
        events = self.round_events(kind_of_event)
        if kind_of_event == "end_kyoku":
            self.end_round()
            return None
        if kind_of_event == "dora":
            events.append(DoraReveal(_tile(obj.get("dora_marker"), "dora_marker")))
            self.indicators_shown += 1
            indicators(self.indicators_shown, "dora")
            return None
        if kind_of_event == "hora":
            self.hora(obj, events)
            return None
        if kind_of_event == "ryukyoku":
            self.ryukyoku(obj, events)
            return None
        actor = self.player(obj)
        seat = self.seat(actor)
        if kind_of_event == "tsumo":
            tile = _tile(obj.get("pai"))
            events.append(KanDraw(seat, tile) if self.after_kan else Draw(seat, tile))
            self.after_kan = False
        elif kind_of_event == "dahai":
            tile, tsumogiri = _tile(obj.get("pai")), obj.get("tsumogiri", False)
            if type(tsumogiri) is not bool:
                raise FormatError(f"tsumogiri must be true or false, not {clip(repr(tsumogiri), 40)}")
            riichi = self.reach[seat] and not self.riichi[seat]
            self.riichi[seat] = self.riichi[seat] or riichi
            events.append(Discard(seat, tile, tsumogiri, riichi))
        elif kind_of_event == "reach":
            self.reach[seat] = True
        elif kind_of_event in ("chi", "pon", "daiminkan"):
            target = self.player(obj, "target")
            mark = _MARK_OF_SOURCE.get((target - actor) % 4)
            if mark is None or (kind_of_event == "chi" and mark != "-"):
                raise FormatError(f"{kind_of_event}: player {actor} cannot call from player {target}")
            consumed = _tiles(obj.get("consumed"), 3 if kind_of_event == "daiminkan" else 2, "consumed")
            return self.call(_CallLine(actor, _meld(kind_of_event, [_tile(obj.get("pai"))] + consumed, mark),
                                       False, kind_of_event == "daiminkan"), events)
        elif kind_of_event == "ankan":
            return self.call(_CallLine(actor, _meld("ankan", _tiles(obj.get("consumed"), 4, "consumed"), ""), True, True),
                             events)
        elif kind_of_event == "kakan":
            added = _tile(obj.get("pai"))
            _tiles(obj.get("consumed"), 3, "consumed")
            pon = next((e.meld for e in events if type(e) is Call and e.seat == seat
                        and e.meld.type == "pon" and e.meld.kind == kind(added)), None)
            if pon is None:
                raise FormatError(f"kakan: player {actor} has no pon of {obj.get('pai')}")
            events.append(Kan(seat, pon.with_added(added)))
            self.after_kan = True
        else:  # nukidora, kita: a North set aside; its replacement is the tsumo after it, a plain draw
            tile = _tile(obj.get("pai", "N"))
            if tile != "z4":
                raise FormatError(f"{kind_of_event}: only a North (N) is set aside (北抜き), not {obj['pai']}")
            events.append(NorthSetAside(seat, tile))
        return None

    def call(self, called: _CallLine, events: list[Event]) -> _CallLine:
        """Play a call read from its line: its event, and whether a replacement draw follows."""
        events.append(called.event(self.seat(called.actor)))
        self.after_kan = called.after_kan
        return called

    @staticmethod
    def _last_tile(events: list[Event]) -> str | None:
        """The tile a ron would take: the last discard, the tile of an added kan, or a
        North set aside."""
        for event in reversed(events):
            if type(event) is Discard or type(event) is NorthSetAside:
                return event.tile
            if type(event) is Kan:
                return event.meld.added
            if type(event) not in (DoraReveal, Win):
                return None
        return None

    def hora(self, obj: dict[str, Any], events: list[Event]) -> None:
        actor, target = self.player(obj), self.player(obj, "target")
        seat = self.seat(actor)
        recorded = obj.get("paipu")
        if recorded is not None:
            win = self._recorded(recorded, Win)
            if "limit" in obj:
                if obj["limit"] not in LIMIT_NAMES:
                    raise FormatError(f"limit must be one of {', '.join(map(repr, LIMIT_NAMES))}, "
                                      f"not {clip(repr(obj['limit']), 40)}")
                win = replace(win, limit=obj["limit"])
            if win.seat != seat or win.discarder != (None if target == actor else self.seat(target)):
                raise FormatError("hora: its paipu record names another winner or discarder")
            events.append(self._stated(win, obj))
            return
        hand = self.final_hands(events)[seat].copy()
        if target != actor:
            tile = self._last_tile(events)
            if tile is None:
                raise FormatError(f"hora: a ron of player {actor} on no discard")
            try:
                hand.draw(tile)
            except IllegalAction as error:
                raise FormatError(f"hora: player {actor} cannot win on {tile}: {error}") from None
        deltas = self.deltas(obj)
        field = next((name for name in _URA_FIELDS if name in obj), None)
        ura_indicators = None
        if hand.riichi and field is not None:
            ura = obj[field]
            if not isinstance(ura, list):
                raise FormatError(f"{field} must be a list of tiles, not {clip(repr(ura), 80)}")
            indicators(len(ura), field)
            ura_indicators = tuple(_tile(t, field) for t in ura)
        events.append(Win(
            seat, replace(hand.to_notation(), riichi=False), None if target == actor else self.seat(target),
            ura_indicators, None, None, None, 0, (), deltas,
        ))

    def ryukyoku(self, obj: dict[str, Any], events: list[Event]) -> None:
        recorded = obj.get("paipu")
        if recorded is not None:
            events.append(self._stated(self._recorded(recorded, NoWin), obj))
            return
        deltas = self.deltas(obj)
        reason = obj.get("reason")
        name = (_REASONS.get(reason) if type(reason) is str else None) or self._draw_name(events)
        last = next(e for e in reversed(events) if type(e) is not DoraReveal)
        hands = []
        for seat, hand in enumerate(self.final_hands(events)):
            if name == "九種九牌":
                shown = type(last) is Draw and last.seat == seat
            elif name == "三家和":
                shown = type(last) is Discard and last.seat != seat
            else:
                shown = name == "四家立直" or (name in ("流局", "流し満貫") and hand.is_tenpai())
            notation = hand.to_notation()
            hands.append(shown_hand(list(notation.tiles), notation.melds) if shown else None)
        self.shown_hands = False
        events.append(NoWin(name, tuple(hands), deltas))

    def _stated(self, result: Win | NoWin, obj: dict[str, Any]) -> Win | NoWin:
        """A result recorded under ``paipu`` with the payments the line's ``deltas``
        state, where they state them: the protocol's field is the log's word, which
        validation checks (paipu's writer writes both the same)."""
        deltas = self.deltas(obj)
        return result if deltas is None or deltas == result.payments else replace(result, payments=deltas)

    def deltas(self, obj: dict[str, Any]) -> tuple[int, ...] | None:
        """A result's ``deltas`` (by player id) as payments by seat; ``None`` when the
        line has none (they are optional: Mortal's ``hora`` and ``ryukyoku`` may leave
        them out)."""
        if obj.get("deltas") is None:
            return None
        deltas = self.per_player(obj["deltas"], "deltas")
        players = len(deltas)
        return tuple([deltas[(self.dealer + seat) % players] for seat in range(players)])

    def _draw_name(self, events: list[Event]) -> str:
        """The draw a ``ryukyoku`` without a reason is, by the round's events (in the
        order the rules try them, ``docs/rules.md`` §5)."""
        last = next(e for e in reversed(events) if type(e) is not DoraReveal)
        if type(last) is Draw:
            return "九種九牌"
        four = self.players == 4  # 四家立直 and 四風連打 are of four players
        if four and all(self.riichi):
            return "四家立直"
        discards = [e for e in events if type(e) is Discard]
        if (four and len(discards) == 4 and not any(type(e) in (Call, Kan) for e in events)
                and len({d.tile for d in discards}) == 1 and discards[0].tile in ("z1", "z2", "z3", "z4")):
            return "四風連打"
        kans = [e.seat for e in events if type(e) is Kan or (type(e) is Call and e.meld.type == "daiminkan")]
        if len(kans) == 4 and len(set(kans)) > 1:
            return "四開槓"
        if sum(type(e) is Draw or type(e) is KanDraw for e in events) < _WALL[self.players]:
            return "三家和"
        return "流し満貫" if self._nagashi(events) else "流局"

    def _nagashi(self, events: list[Event]) -> bool:
        """Whether some seat's river is all terminals and honours, none called away (流し満貫)."""
        rivers: list[list[str]] = [[] for _ in range(self.players)]
        called = [False] * self.players
        last = -1
        for event in events:
            if type(event) is Discard:
                rivers[event.seat].append(event.tile)
                last = event.seat
            elif type(event) is Call:
                called[last] = True
        return any(river and not called[seat] and all(kind(t) in _ORPHANS for t in river)
                   for seat, river in enumerate(rivers))

    def _recorded(self, recorded: object, cls: type[_Result]) -> _Result:
        """The result a paipu writer recorded under ``paipu`` (a 電脳麻将 event)."""
        event = _read_event(recorded, self.players, 1)
        if type(event) is not cls:
            raise FormatError(f"paipu: a {EVENT_KEYS[cls]} event must be recorded here, not {clip(repr(recorded), 60)}")
        return event

    def game(self) -> Game:
        self.end_round()
        players = self.players
        origin = (majsoul_origin("mjai", self.title) or origin_of_title("mjai", self.title) or Origin("mjai"))
        if origin.platform == "tenhou":
            room_players(origin.room, players, "title")
        stated: dict[str, object] = {}  # what start_game states of the rule, over a title's
        if self.winds is not None:
            stated["winds"] = self.winds
        if self.aka is not None:
            stated["red_fives"] = RedFives(int(players == 4), 1, 1) if self.aka else RedFives(0, 0, 0)
        rule = origin.rule
        if not origin.platform:
            rule = tuple(stated.items())
        elif stated:  # a title names the room: its rule, as stated where start_game states it
            rule = tuple((name, stated.get(name, value)) for name, value in rule)
        undetermined = origin.undetermined
        if self.rule is None and all(name != "winds" for name, _ in rule):
            undetermined = (*undetermined, _UNSTATED_LENGTH)
        return Game(self.title, self.names or ("",) * players, self.first_dealer or 0, tuple(self.rounds),
                    rule=self.rule, source=self.source,
                    origin=replace(origin, rule=rule, undetermined=undetermined, final_results=False,
                                   shown_hands=self.shown_hands))


_REASONS = {
    "fanpai": "流局", "ryukyoku": "流局", "kyushukyuhai": "九種九牌", "yao9": "九種九牌", "kaze4": "四風連打",
    "sufonrenda": "四風連打", "reach4": "四家立直", "suchareach": "四家立直", "kan4": "四開槓",
    "sukaikan": "四開槓", "ron3": "三家和", "sanchaho": "三家和", "nagashimangan": "流し満貫",
    "exhaustive_draw": "流局", "kyushu_kyuhai": "九種九牌", "sufuurenta": "四風連打", "suucha_riichi": "四家立直",
    "suukansansen": "四開槓",
}
"""The draws by the ``reason`` of the original mjai protocol's ``ryukyoku`` (and its
other spellings in the wild)."""


def game_from_mjai(log: MjaiLog, source: str = "") -> Game:
    """Build a :class:`~paipu.events.Game` from a parsed mjai log (:func:`parse`); raise
    :class:`~paipu.formats.FormatError` naming the line, round and event of what is not
    mjai or cannot be played. A log cut short (no ``end_kyoku`` or ``end_game``) gives
    the rounds it holds, the last one incomplete; anything but blank lines after its
    ``end_game`` is an error (the loader reads the game and reports that: :func:`split`)."""
    read, rest = _read_to_end_game(log)
    if rest:
        raise FormatError(_refused_after_end_game(log, rest[0]))
    return read_part(read, source)


# -- writing -------------------------------------------------------------------------


def _mjai_meld(event: Call | Kan, player_of: Callable[[int], int]) -> dict[str, Any]:
    meld = event.meld
    actor = player_of(event.seat)
    if meld.type == "ankan":
        return {"type": "ankan", "actor": actor, "consumed": [MJAI_OF_TILE[t] for t in meld.tiles]}
    if meld.type == "kakan":
        pon = list(meld.tiles)
        pon.remove(meld.added)  # type: ignore[arg-type]  # a kakan has its added tile
        return {"type": "kakan", "actor": actor, "pai": MJAI_OF_TILE[meld.added],  # type: ignore[index]  # as above
                "consumed": [MJAI_OF_TILE[t] for t in pon]}
    target = (actor + _OFFSET_OF_MARK[meld.direction]) % 4  # type: ignore[index]  # marks between player ids
    return {"type": meld.type, "actor": actor, "target": target, "pai": MJAI_OF_TILE[meld.claimed],  # type: ignore[index]  # a call's
            "consumed": [MJAI_OF_TILE[t] for t in meld.hand_tiles]}


def _by_player(values: tuple[int, ...], dealer: int) -> list[int]:
    """Values by seat (a deal's scores, a result's payments) by player id, as mjai's
    ``scores`` and ``deltas``."""
    players = len(values)
    return [values[(player - dealer) % players] for player in range(players)]


def _round_to_mjai(round_: Round) -> Iterable[dict[str, Any]]:
    deal = round_.deal
    player_of = round_.player_of
    dealer = round_.dealer
    yield {
        "type": "start_kyoku", "bakaze": "ESWN"[deal.round_wind], "dora_marker": MJAI_OF_TILE[deal.dora_indicator],
        "kyoku": deal.hand_number + 1, "honba": deal.honba, "kyotaku": deal.riichi_sticks, "oya": dealer,
        "scores": _by_player(deal.scores, dealer),
        "tehais": [[MJAI_OF_TILE[t] for t in deal.hands[round_.seat_of(p)].tiles] for p in range(round_.players)],
    }
    events = round_.events
    accepting = -1  # the player whose riichi discard was just made
    for index, event in enumerate(events[1:], 1):
        if accepting >= 0 and type(event) is not DoraReveal:
            if takes_riichi_stick(event):
                yield {"type": "reach_accepted", "actor": accepting}
            accepting = -1
        if type(event) is Draw or type(event) is KanDraw:
            yield {"type": "tsumo", "actor": player_of(event.seat), "pai": MJAI_OF_TILE[event.tile]}
        elif type(event) is Discard:
            actor = player_of(event.seat)
            if event.riichi:
                yield {"type": "reach", "actor": actor}
                accepting = actor
            yield {"type": "dahai", "actor": actor, "pai": MJAI_OF_TILE[event.tile], "tsumogiri": event.tsumogiri}
        elif type(event) is Call or type(event) is Kan:
            yield _mjai_meld(event, player_of)
        elif type(event) is DoraReveal:
            yield {"type": "dora", "dora_marker": MJAI_OF_TILE[event.indicator]}
        elif type(event) is Win:
            line: dict[str, Any] = {"type": "hora", "actor": player_of(event.seat),
                                    "target": player_of(event.seat if event.discarder is None else event.discarder)}
            if event.payments is not None:
                line["deltas"] = _by_player(event.payments, dealer)
            if event.ura_indicators is not None:
                line["ura_markers"] = [MJAI_OF_TILE[t] for t in event.ura_indicators]
            line["paipu"] = event_to_json(event)
            if event.limit is not None:
                line["limit"] = event.limit
            yield line
        elif type(event) is NoWin:
            line = {"type": "ryukyoku"}
            if event.payments is not None:
                line["deltas"] = _by_player(event.payments, dealer)
            line["paipu"] = event_to_json(event)
            yield line
        else:  # a North set aside, as RiichiEnv writes it
            yield {"type": "kita", "actor": player_of(event.seat), "pai": "N"}  # type: ignore[union-attr]  # the one kind left (the deal is events[0])
    if round_.is_complete:
        yield {"type": "end_kyoku"}


def game_to_mjai(game: Game) -> list[dict[str, Any]]:
    """A game as mjai events (see the module for the keys beyond the protocol; a
    three-player game as RiichiEnv writes one). ``kyoku_first`` states the length of the
    rule the game is checked under, unless the game's log left it open."""
    rule = game_rule(game)
    start: dict[str, Any] = {"type": "start_game", "names": list(game.players)}
    kyoku_first = next((first for first, winds in _WINDS_OF_KYOKU_FIRST.items() if winds == rule.winds), None)
    unstated = game.origin is not None and any(name == "winds" for name, _ in game.origin.undetermined)
    if kyoku_first is not None and not unstated:  # none for a game of one round, or of East to North
        start["kyoku_first"] = kyoku_first
    start["aka_flag"] = any(rule.red_fives)
    if game.title:
        start["title"] = game.title
    if game.rule is not None:
        start["rule"] = game.rule
    if game.origin is not None and not game.origin.shown_hands:
        start["shown_hands"] = False
    lines = [start]
    for round_ in game.rounds:
        lines.extend(_round_to_mjai(round_))
    lines.append({"type": "end_game"})
    return lines


def dumps(game: Game) -> bytes:
    """A game as an mjai file: JSON lines, one event each (see :func:`game_to_mjai`)."""
    return b"".join(orjson.dumps(line) + b"\n" for line in game_to_mjai(game))
