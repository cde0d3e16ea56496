"""mjai logs (the protocol of Mortal, mjai-reviewer, RiichiEnv...): read into a
:class:`~paipu.events.Game`, and write back.

An mjai log is one game as JSON lines (``.json``, ``.jsonl``, ``.mjson``, maybe gzip; a
JSON array of the same objects is read too), one event per line, each an object with a
``type``: ``start_game``, then per round ``start_kyoku`` (``bakaze``, ``kyoku`` from 1,
``honba``, ``kyotaku``, ``oya``, ``scores``, ``tehais``, ``dora_marker``), ``tsumo``,
``dahai`` (``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``target``, ``pai``,
``consumed``), ``kakan``, ``ankan``, ``dora``, ``reach`` and ``reach_accepted``, then
``hora`` (one per winner: ``actor``, ``target``; optional ``deltas`` and
``ura_markers``) or ``ryukyoku`` (optional ``deltas``), ``end_kyoku``; ``end_game``.
``actor``, ``target`` and ``oya`` are player ids (the order of ``names``), not seats.

Tiles are ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``5mr``/``5pr``/``5sr`` for the red
fives (赤牌), ``E S W N`` for the winds and ``P F C`` for 白 發 中; ``?`` is a tile one
player's view does not see, which no replay can use (a load error).

What mjai leaves out is rebuilt from the events, never invented: each winner's hand (its
tiles traced through the round), the reason of a ``ryukyoku`` (the draw the round's
events make it: a 九種九牌 after a draw, 四家立直, 四風連打, 四開槓, an exhaustive draw
or 流し満貫 when the wall is empty, else 三家和) and the hands it shows. A win's yaku,
fu, han and value are not in mjai: the :class:`~paipu.events.Win` has none
(``yaku=()``, ``fu``/``han``/``yakuman`` ``None``), and validation derives them instead
of comparing. The original mjai protocol's ``reason`` of a ``ryukyoku`` and
``uradora_markers`` of a ``hora`` are read too.

mjai has no title, rule or final results. :func:`game_to_mjai` writes what paipu knows
beyond the protocol as extra keys, which Mortal's reader and mjai-reviewer pass over:
``title`` and ``rule`` (the 電脳麻将 rule object a paipu carries) in ``start_game``
beside ``names``, ``kyoku_first`` (0 East-South, 4 East-only) and ``aka_flag``; and in
each ``hora``/``ryukyoku`` the result as the 電脳麻将 event under ``paipu`` (its yaku, fu,
han, value, the hands as logged, the draw's name) and, where the log states it, the
win's ``limit`` (Tenhou's), so that reading back gives the same events. A title that names a Tenhou room or a Mahjong Soul room gives the game's origin
as for those platforms' own logs.

New dora indicators (``dora``) are read and written where they are: mjai-reviewer writes
a closed kan's before its replacement draw, Tenhou's and 電脳麻将's logs (and so paipu's
event stream, and the writer) after it; the engine accepts both, and Mortal's reader
only counts them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

import orjson

from ..events import (
    Call,
    Deal,
    Discard,
    DoraReveal,
    Draw,
    Event,
    Game,
    Kan,
    KanDraw,
    NoWin,
    Origin,
    Round,
    Win,
    takes_riichi_stick,
)
from ..hand import Hand, IllegalAction
from ..limits import clip
from ..rules import Rule, RuleError
from ..tiles import HandNotation, Meld, NotationError, kind, parse_meld
from .errors import FormatError, bounded
from .majiang import _read_event, event_to_json
from .majsoul import majsoul_origin
from .tenhou_origin import origin_of_title
from .tenhou_xml import LIMIT_NAMES, shown_hand

__all__ = ["MjaiLog", "parse", "is_mjai", "game_from_mjai", "game_to_mjai", "dumps", "TILE_OF_MJAI", "MJAI_OF_TILE"]

TILE_OF_MJAI: dict[str, str] = {f"{d}{s}": f"{s}{d}" for s in "mps" for d in range(1, 10)}
TILE_OF_MJAI.update({"5mr": "m0", "5pr": "p0", "5sr": "s0"})
TILE_OF_MJAI.update({name: f"z{i}" for i, name in enumerate("ESWNPFC", 1)})
"""paipu's tile of each mjai tile name (``5mr`` → ``m0``, ``E`` → ``z1``, ``C`` → ``z7``)."""

MJAI_OF_TILE: dict[str, str] = {tile: name for name, tile in TILE_OF_MJAI.items()}
"""The mjai name of each paipu tile."""

_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_MARK_OF_SOURCE = {3: "-", 2: "=", 1: "+"}
"""Direction mark by ``(target - actor) % 4``: 上家 ``-``, 対面 ``=``, 下家 ``+``."""
_OFFSET_OF_MARK = {mark: offset for offset, mark in _MARK_OF_SOURCE.items()}

_ORPHANS = frozenset(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
"""The kinds of the terminals and honours (么九牌)."""

_DRAWS = 70
"""Draws in a four-player round when the wall is exhausted: 136 tiles, 14 in the dead wall
(each replacement draw after a kan is made up from the live wall), 52 dealt."""


class MjaiLog(list):
    """An mjai file as parsed: its events as ``(line, object)`` pairs, ``line`` counting
    from 1 (for a JSON array, the item's place from 1). ``error`` is the first line that
    is not JSON, ``(line, message)``, raised when the game is read."""

    error: tuple[int, str] | None = None


def _looks_like_mjai(data: bytes) -> bool:
    """Whether a file's first bytes open an mjai log: a ``start_game`` event in an object
    at the start of the text or of a JSON array."""
    head = data[:4096].lstrip()
    return head[:1] in (b"{", b"[") and b'"start_game"' in head[:4096] and b'"type"' in head[:4096]


def parse(data: bytes) -> MjaiLog | None:
    """The events of an mjai file (JSON lines, or one JSON array of events); ``None``
    for a file that is not mjai (its first line is no ``start_game`` event)."""
    if not _looks_like_mjai(data):
        return None
    log = MjaiLog()
    if data.lstrip()[:1] == b"[":
        try:
            items = orjson.loads(data)
        except orjson.JSONDecodeError:
            return None
        if not (isinstance(items, list) and items and isinstance(items[0], dict)
                and items[0].get("type") == "start_game"):
            return None
        log.extend(enumerate(items, 1))
        return log
    start = 0
    number = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        line = data[start:end]
        start = end + 1
        number += 1
        if not line.strip():
            continue
        try:
            obj = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            if not log:
                return None
            log.error = (number, f"invalid JSON at column {error.colno}: {error.msg}")
            break
        if not log and not (isinstance(obj, dict) and obj.get("type") == "start_game"):
            return None
        log.append((number, obj))
    return log


def is_mjai(content: Any) -> bool:
    """Whether parsed content (:func:`parse`) is an mjai log."""
    return isinstance(content, MjaiLog)


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
    return [_tile(item, field) for item in value]


def _int(obj: dict, field: str, low: int, high: int) -> int:
    value = obj.get(field)
    if type(value) is not int or not low <= value <= high:
        raise FormatError(f"{field} must be an integer {low}..{high}, not {clip(repr(value), 40)}")
    return value


def _player(obj: dict, field: str = "actor") -> int:
    return _int(obj, field, 0, 3)


def _numbers(value: Any, field: str) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) == 4 and all(type(x) is int for x in value)):
        raise FormatError(f"{field} must be 4 integers, not {clip(repr(value), 80)}")
    bounded(value, field)
    return tuple(value)


def _meld(kind_of_call: str, tiles: list[str], mark: str) -> Meld:
    """The meld of a chi, pon or open kan (claimed tile first) or closed kan, in
    canonical notation."""
    suit, digits = tiles[0][0], [tile[1] for tile in tiles]
    if any(tile[0] != suit for tile in tiles):
        raise FormatError(f"not a meld: {' '.join(MJAI_OF_TILE[t] for t in tiles)} (mixed suits)")
    rank = {"0": 5}
    if kind_of_call == "chi":
        ordered = sorted(digits, key=lambda d: rank.get(d, int(d)))
        at = ordered.index(digits[0]) + 1
        text = suit + "".join(ordered[:at]) + mark + "".join(ordered[at:])
    elif kind_of_call == "ankan":
        text = suit + "".join(sorted(digits, reverse=True))
    else:
        text = suit + "".join(sorted(digits[1:], reverse=True)) + digits[0] + mark
    try:
        return parse_meld(text)
    except NotationError as error:
        raise FormatError(f"{kind_of_call}: {error}") from None


class _Reader:
    """The state of reading one mjai game: the round being read and every hand."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.names: tuple[str, ...] = ("",) * 4
        self.title = ""
        self.rule: dict | None = None
        self.first_dealer: int | None = None
        self.rounds: list[Round] = []
        self.events: list[Event] | None = None  # the round being read
        self.ended = False

    # -- the round ------------------------------------------------------------------

    def seat(self, player: int) -> int:
        return (player - self.dealer) % 4

    def start_game(self, obj: dict) -> None:
        names = obj.get("names", ["", "", "", ""])
        if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names)):
            raise FormatError(f"names must be 4 strings, not {clip(repr(names), 80)}")
        self.names = tuple(names)
        title = obj.get("title", "")
        if not isinstance(title, str):
            raise FormatError(f"title must be a string, not {clip(repr(title), 40)}")
        self.title = title
        rule = obj.get("rule")
        if rule is not None:
            try:
                Rule.from_json(rule)
            except RuleError as error:
                raise FormatError(f"rule: {error}") from None
            self.rule = rule

    def start_kyoku(self, obj: dict) -> None:
        self.end_round()
        bakaze = obj.get("bakaze")
        if bakaze not in _WINDS:
            raise FormatError(f"bakaze must be E, S, W or N, not {clip(repr(bakaze), 40)}")
        hand_number = _int(obj, "kyoku", 1, 4) - 1
        honba, sticks = _int(obj, "honba", 0, 10**9), _int(obj, "kyotaku", 0, 10**9)
        oya = _player(obj, "oya")
        first_dealer = (oya - hand_number) % 4
        if self.first_dealer is None:
            self.first_dealer = first_dealer
        elif first_dealer != self.first_dealer:
            raise FormatError(f"oya {oya} is not the dealer of kyoku {hand_number + 1} "
                              f"(the first round's dealer was player {self.first_dealer})")
        self.dealer = oya
        scores = _numbers(obj.get("scores"), "scores")
        tehais = obj.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise FormatError(f"tehais must be 4 hands of 13 tiles, not {clip(repr(tehais), 80)}")
        dealt = [_tiles(tiles, 13, "tehais") for tiles in tehais]
        hands = tuple(HandNotation.from_tiles(dealt[(oya + seat) % 4]) for seat in range(4))
        deal = Deal(_WINDS[bakaze], hand_number, honba, sticks,
                    tuple(scores[(oya + seat) % 4] for seat in range(4)),
                    _tile(obj.get("dora_marker"), "dora_marker"), hands)
        self.events = [deal]
        self.hands = [Hand.from_notation(hands[self.seat(p)]) for p in range(4)]
        self.reach = [False] * 4
        self.after_kan = False
        self.draws = 0

    def end_round(self) -> None:
        if self.events is not None:
            self.rounds.append(Round(tuple(self.events), self.first_dealer or 0, 4))
            self.events = None

    def round_events(self, what: str) -> list[Event]:
        if self.events is None:
            raise FormatError(f"{what} outside a round (no start_kyoku before it)")
        return self.events

    def act(self, action: Any, *args: Any) -> None:
        try:
            action(*args)
        except IllegalAction as error:
            raise FormatError(f"cannot be played: {error}") from None

    # -- events ---------------------------------------------------------------------

    def read(self, kind_of_event: str, obj: dict) -> None:
        if kind_of_event in ("none", "end_game", "reach_accepted"):
            if kind_of_event == "end_game":
                self.end_round()
                self.ended = True
            return
        if kind_of_event == "start_kyoku":
            return self.start_kyoku(obj)
        if kind_of_event == "start_game":
            raise FormatError("a second start_game: an mjai file holds one game")
        events = self.round_events(kind_of_event)
        if kind_of_event == "end_kyoku":
            return self.end_round()
        if kind_of_event == "dora":
            events.append(DoraReveal(_tile(obj.get("dora_marker"), "dora_marker")))
            return
        if kind_of_event == "hora":
            return self.hora(obj, events)
        if kind_of_event == "ryukyoku":
            return self.ryukyoku(obj, events)
        actor = _player(obj)
        seat, hand = self.seat(actor), self.hands[actor]
        if kind_of_event == "tsumo":
            tile = _tile(obj.get("pai"))
            self.act(hand.draw, tile)
            events.append(KanDraw(seat, tile) if self.after_kan else Draw(seat, tile))
            self.draws += 1
            self.after_kan = False
        elif kind_of_event == "dahai":
            tile, tsumogiri = _tile(obj.get("pai")), obj.get("tsumogiri", False)
            if type(tsumogiri) is not bool:
                raise FormatError(f"tsumogiri must be true or false, not {clip(repr(tsumogiri), 40)}")
            riichi = self.reach[actor] and not hand.riichi
            self.act(hand.discard, tile, riichi)
            events.append(Discard(seat, tile, tsumogiri, riichi))
        elif kind_of_event == "reach":
            self.reach[actor] = True
        elif kind_of_event in ("chi", "pon", "daiminkan"):
            target = _player(obj, "target")
            mark = _MARK_OF_SOURCE.get((target - actor) % 4)
            if mark is None or (kind_of_event == "chi" and mark != "-"):
                raise FormatError(f"{kind_of_event}: player {actor} cannot call from player {target}")
            consumed = _tiles(obj.get("consumed"), 3 if kind_of_event == "daiminkan" else 2, "consumed")
            meld = _meld(kind_of_event, [_tile(obj.get("pai"))] + consumed, mark)
            self.act(hand.call, meld)
            events.append(Call(seat, meld))
            self.after_kan = kind_of_event == "daiminkan"
        elif kind_of_event in ("kakan", "ankan"):
            if kind_of_event == "ankan":
                meld = _meld("ankan", _tiles(obj.get("consumed"), 4, "consumed"), "")
            else:
                added = _tile(obj.get("pai"))
                _tiles(obj.get("consumed"), 3, "consumed")
                pon = next((m for m in hand.melds if m.type == "pon" and m.kind == kind(added)), None)
                if pon is None:
                    raise FormatError(f"kakan: player {actor} has no pon of {obj.get('pai')}")
                meld = pon.with_added(added)
            self.act(hand.kan, meld)
            events.append(Kan(seat, meld))
            self.after_kan = True
        else:
            raise FormatError(f"unknown event type {clip(repr(kind_of_event), 40)}")

    def _last_tile(self, events: list[Event]) -> str | None:
        """The tile a ron would take: the last discard, or the tile of an added kan."""
        for event in reversed(events):
            if type(event) is Discard:
                return event.tile
            if type(event) is Kan:
                return event.meld.added
            if type(event) not in (DoraReveal, Win):
                return None
        return None

    def hora(self, obj: dict, events: list[Event]) -> None:
        actor, target = _player(obj), _player(obj, "target")
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
            events.append(win)
            return
        hand = self.hands[actor].copy()
        if target != actor:
            tile = self._last_tile(events)
            if tile is None:
                raise FormatError(f"hora: a ron of player {actor} on no discard")
            self.act(hand.draw, tile)
        deltas = _numbers(obj["deltas"], "deltas") if obj.get("deltas") is not None else (0,) * 4
        ura = obj.get("ura_markers", obj.get("uradora_markers"))
        indicators = None
        if hand.riichi and ura is not None:
            if not isinstance(ura, list):
                raise FormatError(f"ura_markers must be a list of tiles, not {clip(repr(ura), 80)}")
            indicators = tuple(_tile(t, "ura_markers") for t in ura)
        events.append(Win(
            seat, replace(hand.to_notation(), riichi=False), None if target == actor else self.seat(target),
            indicators, None, None, None, 0, (), tuple(deltas[(self.dealer + s) % 4] for s in range(4)),
        ))

    def ryukyoku(self, obj: dict, events: list[Event]) -> None:
        recorded = obj.get("paipu")
        if recorded is not None:
            events.append(self._recorded(recorded, NoWin))
            return
        deltas = _numbers(obj["deltas"], "deltas") if obj.get("deltas") is not None else (0,) * 4
        name = _REASONS.get(obj.get("reason")) or self._draw_name(events)
        hands = []
        for seat in range(4):
            player = (self.dealer + seat) % 4
            hand = self.hands[player]
            shown = {"九種九牌": lambda: type(events[-1]) is Draw and events[-1].seat == seat,
                     "四家立直": lambda: True,
                     "三家和": lambda: seat != self._discarder(events),
                     "四風連打": lambda: False, "四開槓": lambda: False}.get(name, hand.is_tenpai)()
            notation = hand.to_notation()
            hands.append(shown_hand(list(notation.tiles), notation.melds) if shown else None)
        events.append(NoWin(name, tuple(hands), tuple(deltas[(self.dealer + s) % 4] for s in range(4))))

    @staticmethod
    def _discarder(events: list[Event]) -> int:
        return next((e.seat for e in reversed(events) if type(e) is Discard), -1)

    def _draw_name(self, events: list[Event]) -> str:
        """The draw a ``ryukyoku`` without a reason is, by the round's events."""
        last = next(e for e in reversed(events) if type(e) is not DoraReveal)
        if type(last) is Draw:
            return "九種九牌"
        if all(self.reach) and sum(type(e) is Discard and e.riichi for e in events) == 4:
            return "四家立直"
        discards = [e for e in events if type(e) is Discard]
        if (len(discards) == 4 and not any(type(e) in (Call, Kan) for e in events)
                and len({d.tile for d in discards}) == 1 and discards[0].tile in ("z1", "z2", "z3", "z4")):
            return "四風連打"
        kans = [e.seat for e in events if type(e) is Kan or (type(e) is Call and e.meld.type == "daiminkan")]
        if len(kans) == 4 and len(set(kans)) > 1:
            return "四開槓"
        if self.draws < _DRAWS:
            return "三家和"
        return "流し満貫" if self._nagashi(events) else "流局"

    @staticmethod
    def _nagashi(events: list[Event]) -> bool:
        """Whether some seat's river is all terminals and honours, none called away (流し満貫)."""
        rivers: list[list[str]] = [[], [], [], []]
        called = [False] * 4
        last = -1
        for event in events:
            if type(event) is Discard:
                rivers[event.seat].append(event.tile)
                last = event.seat
            elif type(event) is Call:
                called[last] = True
        return any(river and not called[seat] and all(kind(t) in _ORPHANS for t in river)
                   for seat, river in enumerate(rivers))

    def _recorded(self, recorded: Any, cls: type) -> Any:
        """The result a paipu writer recorded under ``paipu`` (a 電脳麻将 event)."""
        event = _read_event(recorded, 4, 1)
        if type(event) is not cls:
            raise FormatError(f"paipu: a {cls.key} event must be recorded here, not {clip(repr(recorded), 60)}")
        return event

    def game(self) -> Game:
        self.end_round()
        origin = (majsoul_origin("mjai", self.title) or origin_of_title("mjai", self.title) or Origin("mjai"))
        return Game(self.title, self.names, self.first_dealer or 0, tuple(self.rounds), rule=self.rule,
                    source=self.source, origin=replace(origin, final_results=False))


_REASONS = {
    "fanpai": "流局", "ryukyoku": "流局", "kyushukyuhai": "九種九牌", "yao9": "九種九牌", "kaze4": "四風連打",
    "sufonrenda": "四風連打", "reach4": "四家立直", "suchareach": "四家立直", "kan4": "四開槓",
    "sukaikan": "四開槓", "ron3": "三家和", "sanchaho": "三家和", "nagashimangan": "流し満貫",
}
"""The draws by the ``reason`` of the original mjai protocol's ``ryukyoku`` (and its
other spellings in the wild)."""


def game_from_mjai(log: MjaiLog, source: str = "") -> Game:
    """Build a :class:`~paipu.events.Game` from a parsed mjai log (:func:`parse`); raise
    :class:`~paipu.formats.FormatError` naming the line, round and event of what is not
    mjai or cannot be played. A log cut short (no ``end_kyoku`` or ``end_game``) gives
    the rounds it holds, the last one incomplete."""
    reader = _Reader(source)
    for line, obj in log:
        kind_of_event = obj.get("type") if isinstance(obj, dict) else None
        try:
            if not isinstance(kind_of_event, str):
                raise FormatError(f"not an mjai event: {clip(repr(obj), 80)}")
            if reader.ended:
                raise FormatError(f"{kind_of_event} after end_game")
            if kind_of_event == "start_game" and line == log[0][0]:
                reader.start_game(obj)
            else:
                reader.read(kind_of_event, obj)
        except FormatError as error:
            raise _located(reader, f"line {line}: {error.message}") from None
    if log.error is not None:
        raise _located(reader, f"line {log.error[0]}: {log.error[1]}")
    return reader.game()


def _located(reader: _Reader, message: str) -> FormatError:
    """An error at the event being read: its round and event index where known."""
    if reader.events is None:
        return FormatError(message, len(reader.rounds) if reader.rounds else None)
    round_ = Round((reader.events[0],))
    return FormatError(message, len(reader.rounds), len(reader.events), round_.label)


# -- writing -------------------------------------------------------------------------


def _mjai_meld(event: Call | Kan, player_of: Any) -> dict[str, Any]:
    meld = event.meld
    actor = player_of(event.seat)
    if meld.type == "ankan":
        return {"type": "ankan", "actor": actor, "consumed": [MJAI_OF_TILE[t] for t in meld.tiles]}
    if meld.type == "kakan":
        pon = list(meld.tiles)
        pon.remove(meld.added)  # type: ignore[arg-type]
        return {"type": "kakan", "actor": actor, "pai": MJAI_OF_TILE[meld.added],  # type: ignore[index]
                "consumed": [MJAI_OF_TILE[t] for t in pon]}
    target = player_of((event.seat + _OFFSET_OF_MARK[meld.direction]) % 4)  # type: ignore[index]
    return {"type": meld.type, "actor": actor, "target": target, "pai": MJAI_OF_TILE[meld.claimed],  # type: ignore[index]
            "consumed": [MJAI_OF_TILE[t] for t in meld.hand_tiles]}


def _round_to_mjai(round_: Round) -> Iterable[dict[str, Any]]:
    deal = round_.deal
    player_of = round_.player_of
    dealer = round_.dealer
    yield {
        "type": "start_kyoku", "bakaze": "ESWN"[deal.round_wind], "dora_marker": MJAI_OF_TILE[deal.dora_indicator],
        "kyoku": deal.hand_number + 1, "honba": deal.honba, "kyotaku": deal.riichi_sticks, "oya": dealer,
        "scores": [deal.scores[(p - dealer) % 4] for p in range(4)],
        "tehais": [[MJAI_OF_TILE[t] for t in deal.hands[(p - dealer) % 4].tiles] for p in range(4)],
    }
    events = round_.events
    accepting = -1  # the player whose riichi discard was just made
    for index, event in enumerate(events[1:], 1):
        cls = type(event)
        if accepting >= 0 and cls is not DoraReveal:
            if takes_riichi_stick(event):
                yield {"type": "reach_accepted", "actor": accepting}
            accepting = -1
        if cls is Draw or cls is KanDraw:
            yield {"type": "tsumo", "actor": player_of(event.seat), "pai": MJAI_OF_TILE[event.tile]}
        elif cls is Discard:
            actor = player_of(event.seat)
            if event.riichi:
                yield {"type": "reach", "actor": actor}
                accepting = actor
            yield {"type": "dahai", "actor": actor, "pai": MJAI_OF_TILE[event.tile], "tsumogiri": event.tsumogiri}
        elif cls is Call or cls is Kan:
            yield _mjai_meld(event, player_of)
        elif cls is DoraReveal:
            yield {"type": "dora", "dora_marker": MJAI_OF_TILE[event.indicator]}
        elif cls is Win:
            deltas = [event.payments[(p - dealer) % 4] for p in range(4)]
            line: dict[str, Any] = {"type": "hora", "actor": player_of(event.seat),
                                    "target": player_of(event.seat if event.discarder is None else event.discarder),
                                    "deltas": deltas}
            if event.ura_indicators is not None:
                line["ura_markers"] = [MJAI_OF_TILE[t] for t in event.ura_indicators]
            line["paipu"] = event_to_json(event)
            if event.limit is not None:
                line["limit"] = event.limit
            yield line
        elif cls is NoWin:
            yield {"type": "ryukyoku", "deltas": [event.payments[(p - dealer) % 4] for p in range(4)],
                   "paipu": event_to_json(event)}
        else:
            raise ValueError(f"mjai has no event for {event!r} (three-player mahjong)")
    if round_.is_complete:
        yield {"type": "end_kyoku"}


def game_to_mjai(game: Game) -> list[dict[str, Any]]:
    """A four-player game as mjai events (see the module for the keys beyond the
    protocol); ``ValueError`` for a game mjai cannot hold (three players)."""
    from ..engine import game_rule

    if len(game.players) != 4:
        raise ValueError(f"mjai holds four-player games only, not {len(game.players)} players")
    rule = game_rule(game)
    start: dict[str, Any] = {"type": "start_game", "names": list(game.players),
                             "kyoku_first": 4 if rule.winds == 1 else 0, "aka_flag": any(rule.red_fives)}
    if game.title:
        start["title"] = game.title
    if game.rule is not None:
        start["rule"] = game.rule
    lines = [start]
    for round_ in game.rounds:
        lines.extend(_round_to_mjai(round_))
    lines.append({"type": "end_game"})
    return lines


def dumps(game: Game) -> bytes:
    """A game as an mjai file: JSON lines, one event each (see :func:`game_to_mjai`)."""
    return b"".join(orjson.dumps(line) + b"\n" for line in game_to_mjai(game))
