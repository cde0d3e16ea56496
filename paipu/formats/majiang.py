"""電脳麻将 (Majiang) paipu JSON: read into :class:`~paipu.events.Game`, write back.

The reader is strict: anything that is not the format (a missing or mistyped field, an
unknown event, a tile that does not exist, a seat out of range) raises
:class:`~paipu.formats.FormatError` naming the round and event where it is. Nothing is dropped: every
field of every event is kept, and top-level keys beyond the format (such as ``rule`` and
``oracle`` in the generated corpora) are kept in :attr:`Game.rule` and :attr:`Game.extra`.

:func:`game_to_json` writes a game back; for every file of the corpora, writing a loaded
game gives back the same JSON, hand strings in canonical notation.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Final, Union, cast

import orjson
from mypy_extensions import i64

from ..game_rule import game_rule
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
    NorthSetAside,
    NoWin,
    Origin,
    Round,
    Win,
    Yaku,
)
from ..tiles import KINDS, HandNotation, NotationError, format_discard, parse_discard, parse_hand, parse_meld, parse_tile
from ..limits import MAX_COUNT, MAX_NUMBER
from ..rules import Rule, RuleError
from .errors import FormatError, bounded, final_points, indicators, room_players, shown_text
from .majsoul import majsoul_origin
from .tenhou_origin import origin_of_title

__all__ = ["game_from_json", "game_to_json", "event_to_json", "compact", "games_from_compact"]

_ALL_TILES: Final = KINDS + ("m0", "p0", "s0")
_KNOWN_KEYS: Final = frozenset(("title", "player", "qijia", "log", "defen", "rank", "point", "rule", "shown_hands"))


# -- reading -------------------------------------------------------------------------
#
# Compiled (setup.py's COMPILED): the values orjson gives are read as ``object`` and
# narrowed where they are used, without ``Any``, so that each check is a C test.


def _int(value: object, name: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    if type(value) is int and low <= value <= high:
        return value
    bound = f"{low}..{high}" if high < MAX_NUMBER else f">= {low}"
    if type(value) is int and value > high:
        bounded((value,), name)
    raise FormatError(f"{name} must be an integer {bound}, not {value!r}")


def _ints(value: object, name: str, length: int) -> tuple[int, ...]:
    if isinstance(value, list) and len(value) == length:
        for item in value:
            if type(item) is not int:
                break
        else:
            numbers = cast("list[int]", value)
            for number in numbers:
                if number > MAX_NUMBER or number < -MAX_NUMBER:
                    bounded(numbers, name)
            return tuple(numbers)
    raise FormatError(f"{name} must be a list of {length} integers, not {value!r}")


class _Fields:
    """The fields of an object of the format found under ``key``: the ``required`` ones
    and the ``optional`` ones it may also have."""

    def __init__(self, key: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        self.key = key
        self.required = required
        self.optional = optional
        self._required_count = len(required)

    def check(self, payload: object) -> dict[str, object]:
        """``payload`` if it is an object with every required field and no other than the
        optional ones; else :class:`FormatError` saying what is wrong."""
        # Every object of a game but a draw or a discard comes here: each field named is
        # looked up in it (a string whose hash is kept), and an object with every required
        # field and as many more keys as it has optional fields has no other. (Comparing its
        # keys with frozensets, in C, took the generic set comparison: 16.4 against 8.1 M
        # instructions for the 160 games of four generated files.)
        if isinstance(payload, dict):
            for name in self.required:
                if name not in payload:
                    break
            else:
                count = self._required_count
                if len(payload) != count:
                    for name in self.optional:
                        if name in payload:
                            count += 1
                if len(payload) == count:
                    return cast("dict[str, object]", payload)
        key = self.key
        if not isinstance(payload, dict):
            raise FormatError(f"{key} must be an object, not {payload!r}")
        missing = [name for name in self.required if name not in payload]
        if missing:
            raise FormatError(f"{key} lacks {', '.join(missing)}")
        unknown = [name for name in payload if name not in self.required and name not in self.optional]
        raise FormatError(f"{key} has unknown field {', '.join(map(repr, unknown))}")


def _hand(text: object, name: str) -> HandNotation:
    try:
        return parse_hand(text)
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


def _hands(texts: list[object], name: str) -> tuple[HandNotation, ...]:
    """Every hand of a list (the first bad one a :class:`FormatError` naming ``name``)."""
    try:
        return tuple([parse_hand(text) for text in texts])
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


def _tiles(texts: list[object], name: str) -> tuple[str, ...]:
    """Every tile of a list (the first bad one a :class:`FormatError` naming ``name``)."""
    try:
        return tuple([parse_tile(text) for text in texts])
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


def _tile(text: object, name: str) -> str:
    try:
        return parse_tile(text)
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


_QIPAI: Final = _Fields("qipai", ("zhuangfeng", "jushu", "changbang", "lizhibang", "defen", "baopai", "shoupai"))


def _read_qipai(payload: object, n: int) -> Deal:
    p = _QIPAI.check(payload)
    hands = p["shoupai"]
    if not isinstance(hands, list) or len(hands) != n:
        raise FormatError(f"qipai.shoupai must be a list of {n} hand strings, not {hands!r}")
    dealt = _hands(hands, "qipai.shoupai")
    for hand in dealt:
        if hand.riichi:
            raise FormatError(f"qipai.shoupai: a hand dealt cannot be in riichi (its '*'): {str(hand)!r}")
    return Deal(
        _int(p["zhuangfeng"], "qipai.zhuangfeng", 0, 3),
        _int(p["jushu"], "qipai.jushu", 0, 3),
        _int(p["changbang"], "qipai.changbang", 0, MAX_COUNT),
        _int(p["lizhibang"], "qipai.lizhibang", 0, MAX_COUNT),
        _ints(p["defen"], "qipai.defen", n),
        _tile(p["baopai"], "qipai.baopai"),
        dealt,
    )


_SEAT_AND_TILE: Final = {key: _Fields(key, ("l", "p")) for key in ("zimo", "gangzimo", "penuki", "dapai")}


def _read_seat_and_tile(key: str, payload: object, n: int) -> Draw | KanDraw | NorthSetAside:
    """A ``zimo``, ``gangzimo`` or ``penuki``, read in full."""
    p = _SEAT_AND_TILE[key].check(payload)
    tile = _tile(p["p"], f"{key}.p")
    if key == "penuki" and tile != "z4":
        raise FormatError(f"penuki.p: only a North (z4) is set aside (北抜き), not {tile}")
    seat = _int(p["l"], f"{key}.l", 0, n - 1)
    if key == "zimo":
        return Draw(seat, tile)
    return KanDraw(seat, tile) if key == "gangzimo" else NorthSetAside(seat, tile)


def _read_dapai(payload: object, n: int) -> Discard:
    p = _SEAT_AND_TILE["dapai"].check(payload)
    try:
        tile, tsumogiri, riichi = parse_discard(p["p"])
    except NotationError as error:
        raise FormatError(f"dapai.p: {error}") from None
    return Discard(_int(p["l"], "dapai.l", 0, n - 1), tile, tsumogiri, riichi)


def _shared_events(n: int) -> dict[str, dict[str, dict[int, Event]]]:
    """Every well-formed event of a seat and a tile in an ``n``-player game, by key, ``p``
    and ``l``: events are immutable, so each is made once and shared. (Dicts of strings
    and of ints, not one of tuples: a tuple key costs a tuple per lookup, and comparing
    it item by item, where these compare the text by identity or as plain strings.)"""
    shared: dict[str, dict[str, dict[int, Event]]] = {"zimo": {}, "gangzimo": {}, "penuki": {}, "dapai": {}}
    for tile in _ALL_TILES:
        shared["zimo"][tile] = {seat: Draw(seat, tile) for seat in range(n)}
        shared["gangzimo"][tile] = {seat: KanDraw(seat, tile) for seat in range(n)}
        if tile == "z4":  # another tile set aside: read in full, refused
            shared["penuki"][tile] = {seat: NorthSetAside(seat, tile) for seat in range(n)}
        for tsumogiri in (False, True):
            for riichi in (False, True):
                text = format_discard(tile, tsumogiri, riichi)
                shared["dapai"][text] = {seat: Discard(seat, tile, tsumogiri, riichi) for seat in range(n)}
    return shared


_SHARED_EVENTS: Final = {n: _shared_events(n) for n in (3, 4)}

_MELD_FIELDS: Final = {"fulou": _Fields("fulou", ("l", "m")), "gang": _Fields("gang", ("l", "m"))}
_CALLS: Final = ("chi", "pon", "daiminkan")
_KANS: Final = ("ankan", "kakan")


_KNOWN_MELD_EVENTS: Final[dict[int, dict[str, dict[str, dict[int, Call | Kan]]]]] = {
    n: {"fulou": {}, "gang": {}} for n in (3, 4)}
"""The calls and kans read so far in games of 3 and 4 players, by key, ``m`` and ``l``:
events are immutable, and a corpus has a few thousand different ones in fifty thousand."""
_KNOWN_MELD_TEXTS_SIZE: Final = 10_000
"""The most meld texts of one key whose events :data:`_KNOWN_MELD_EVENTS` keeps."""


def _read_meld_event(key: str, payload: object, n: int) -> Call | Kan:
    """A ``fulou`` (a :class:`Call`) or a ``gang`` (a :class:`Kan`)."""
    # Most are an {"l": seat, "m": text} read before: its event, without the checks again
    # (a seat of type int only: a bool would find the event of seat 0 or 1).
    known = _KNOWN_MELD_EVENTS[n][key]
    if type(payload) is dict and len(payload) == 2:
        text, seat = payload.get("m"), payload.get("l")
        if type(text) is str and type(seat) is int:
            by_seat = known.get(text)
            if by_seat is not None:
                event = by_seat.get(seat)
                if event is not None:
                    return event
    event = _read_new_meld_event(key, payload, n)
    text = str(cast("dict[str, object]", payload)["m"])  # a str: parse_meld parses nothing else
    if text in known or len(known) < _KNOWN_MELD_TEXTS_SIZE:
        known.setdefault(text, {})[event.seat] = event
    return event


def _read_new_meld_event(key: str, payload: object, n: int) -> Call | Kan:
    """:func:`_read_meld_event`, checked in full."""
    p = _MELD_FIELDS[key].check(payload)
    try:
        meld = parse_meld(p["m"])
    except NotationError as error:
        raise FormatError(f"{key}.m: {error}") from None
    if meld.type not in (_CALLS if key == "fulou" else _KANS):
        raise FormatError(f"{key}.m: a {meld.type} {p['m']!r} cannot be a {key}")
    seat = _int(p["l"], f"{key}.l", 0, n - 1)
    return Call(seat, meld) if key == "fulou" else Kan(seat, meld)


_KAIGANG: Final = _Fields("kaigang", ("baopai",))


def _read_kaigang(payload: object) -> DoraReveal:
    p = _KAIGANG.check(payload)
    return DoraReveal(_tile(p["baopai"], "kaigang.baopai"))


_HUPAI_ENTRY: Final = _Fields("hule.hupai entry", ("name", "fanshu"), ("baojia",))

_shared_yaku: Callable[[str, int, int, str | None], Yaku] = lru_cache(maxsize=1024)(Yaku)
"""``Yaku(name, han, yakuman, pao)``, each made once and shared: yaku are immutable, and a
corpus has a few dozen different ones in tens of thousands of wins."""

_KNOWN_ENTRIES: Final[dict[str, dict[int | str, Yaku]]] = {}
"""The yaku of each entry ``{"name": name, "fanshu": han}`` read so far, by name, then han
(a dict of dicts: a tuple key cost a tuple made, hashed and compared at each entry, 1.4 k
instructions)."""
_KNOWN_ENTRIES_SIZE: Final = 10_000
"""The most names, and han of one name, :data:`_KNOWN_ENTRIES` keeps."""


def _read_yaku(entry: object) -> Yaku:
    """One entry of ``hule.hupai``."""
    # Most entries are a name and han read before: their yaku, without the checks again
    # (looked up with a han of type int or str only: a bool would find the yaku of 0 or 1).
    if type(entry) is dict and len(entry) == 2:
        name, han = entry.get("name"), entry.get("fanshu")
        if type(name) is str and (type(han) is int or type(han) is str):
            by_han = _KNOWN_ENTRIES.get(name)
            if by_han is not None:
                known = by_han.get(han)
                if known is not None:
                    return known
    fields = _HUPAI_ENTRY.check(entry)
    name, han = fields["name"], fields["fanshu"]
    if not isinstance(name, str):
        raise FormatError(f"hule.hupai name must be a string, not {name!r}")
    shown_text(name, "hule.hupai name")
    pao = fields.get("baojia")
    if pao is not None and pao not in ("+", "=", "-"):
        raise FormatError(f"hule.hupai baojia must be '+', '=' or '-', not {pao!r}")
    if isinstance(han, str):
        if not han or set(han) != {"*"}:
            raise FormatError(f"hule.hupai fanshu must be an integer or '*'s, not {han!r}")
        yaku = _shared_yaku(name, 0, len(han), pao)
        if len(fields) == 2:
            _keep_entry(name, han, yaku)
        return yaku
    number = _int(han, "hule.hupai fanshu")
    yaku = _shared_yaku(name, number, 0, pao)
    if len(fields) == 2:
        _keep_entry(name, number, yaku)
    return yaku


def _keep_entry(name: str, han: int | str, yaku: Yaku) -> None:
    """Keep ``yaku`` in :data:`_KNOWN_ENTRIES`, within its bounds."""
    by_han = _KNOWN_ENTRIES.get(name)
    if by_han is None:
        if len(_KNOWN_ENTRIES) >= _KNOWN_ENTRIES_SIZE:
            return
        by_han = _KNOWN_ENTRIES[name] = {}
    if len(by_han) < _KNOWN_ENTRIES_SIZE:
        by_han[han] = yaku


def _optional_int(value: object, name: str) -> int | None:
    """``value`` if ``None`` or an integer >= 0; else :func:`_int`'s error, naming the
    field ``name``."""
    return None if value is None else _int(value, name)


_HULE: Final = _Fields("hule", ("l", "shoupai", "baojia", "fubaopai", "defen", "hupai", "fenpei"),
                       ("fu", "fanshu", "damanguan"))


def _read_hule(payload: object, n: int) -> Win:
    p = _HULE.check(payload)
    baojia = p["baojia"]
    discarder = None if baojia is None else _int(baojia, "hule.baojia", 0, n - 1)
    fubaopai = p["fubaopai"]
    ura: tuple[str, ...] | None = None
    if fubaopai is not None:
        if not isinstance(fubaopai, list):
            raise FormatError(f"hule.fubaopai must be a list of tiles or null, not {fubaopai!r}")
        indicators(len(fubaopai), "hule.fubaopai")
        ura = _tiles(fubaopai, "hule.fubaopai")
    hupai = p["hupai"]
    if not isinstance(hupai, list):
        raise FormatError(f"hule.hupai must be a list, not {hupai!r}")
    seat = _int(p["l"], "hule.l", 0, n - 1)
    hand = _hand(p["shoupai"], "hule.shoupai")
    fu = _optional_int(p.get("fu"), "hule.fu")
    han = _optional_int(p.get("fanshu"), "hule.fanshu")
    yakuman = _optional_int(p.get("damanguan"), "hule.damanguan")
    points = _int(p["defen"], "hule.defen")
    yaku = tuple([_read_yaku(entry) for entry in hupai])
    return Win(seat, hand, discarder, ura, fu, han, yakuman, points, yaku,
               _payments(p["fenpei"], "hule.fenpei", n))


def _payments(value: object, name: str, n: int) -> tuple[int, ...] | None:
    """A result's ``fenpei``: ``n`` integers, or ``null`` for payments the log it was
    converted from does not state (mjai's optional ``deltas``)."""
    return None if value is None else _ints(value, name, n)


_PINGJU: Final = _Fields("pingju", ("name", "shoupai", "fenpei"))


def _read_pingju(payload: object, n: int) -> NoWin:
    p = _PINGJU.check(payload)
    name = p["name"]
    if not isinstance(name, str):
        raise FormatError(f"pingju.name must be a string, not {name!r}")
    shown_text(name, "pingju.name")
    hands = p["shoupai"]
    if not isinstance(hands, list) or len(hands) != n:
        raise FormatError(f"pingju.shoupai must be a list of {n} hand strings, not {hands!r}")
    shown = tuple([_hand(h, "pingju.shoupai") if h != "" else None for h in hands])
    return NoWin(name, shown, _payments(p["fenpei"], "pingju.fenpei", n))


def _read_event(raw: object, n: int, position: int) -> Event:
    """One event of a round, checked in full."""
    if type(raw) is not dict or len(raw) != 1:
        raise FormatError(f"an event must be an object with one key, not {raw!r}")
    key: object = None
    payload: object = None
    for key, payload in raw.items():
        pass
    if key not in _EVENT_KEYS:
        raise FormatError(f"unknown event {key!r}")
    if (key == "qipai") != (position == 0):
        raise FormatError("a round starts with qipai, and only there")
    if key == "dapai":
        return _read_dapai(payload, n)
    if key == "zimo" or key == "gangzimo" or key == "penuki":
        return _read_seat_and_tile(key, payload, n)
    if key == "fulou" or key == "gang":
        return _read_meld_event(key, payload, n)
    if key == "hule":
        return _read_hule(payload, n)
    if key == "pingju":
        return _read_pingju(payload, n)
    if key == "kaigang":
        return _read_kaigang(payload)
    return _read_qipai(payload, n)


_EVENT_KEYS: Final = frozenset(("qipai", "zimo", "gangzimo", "dapai", "fulou", "gang", "kaigang", "hule", "pingju",
                                "penuki"))
"""The keys of the events of a round."""


def _append_read(events: list[Event], raw: object, n: int, shown: int) -> int:
    """Read ``raw``, an event of a round after its deal, checked in full, onto ``events``;
    the number of dora indicators shown with it (``shown`` before it), a
    :class:`FormatError` past what a round shows (:data:`~paipu.limits.MAX_INDICATORS`)."""
    event = _read_event(raw, n, len(events))
    if type(event) is DoraReveal:
        shown += 1
        indicators(shown, "kaigang")
    events.append(event)
    return shown


def _shared_turn(raw: object, shared: dict[str, dict[str, dict[int, Event]]]) -> Event | None:
    """The one shared event of ``raw`` if it is a draw or discard ``{key: {"l": seat, "p":
    text}}`` of a seat and text that are the game's (a bool seat is not: True == 1), else
    ``None``: it is then read in full, which says what is wrong."""
    if type(raw) is not dict or len(raw) != 1:
        return None
    for key, payload in raw.items():
        if type(payload) is not dict or len(payload) != 2 or type(key) is not str:
            return None
        by_text = shared.get(key)
        if by_text is None:
            return None
        text, seat = payload.get("p"), payload.get("l")
        if type(text) is not str or type(seat) is not int:
            return None
        by_seat = by_text.get(text)
        return None if by_seat is None else by_seat.get(seat)
    return None


def _read_round(events: object, n: int, first_dealer: int, index: int, runs: _Runs | None = None) -> Round:
    if not isinstance(events, list) or not events:
        raise FormatError(f"a round must be a non-empty list of events, not {events!r}", index)
    try:
        deal = _read_event(events[0], n, 0)
    except FormatError as error:
        raise FormatError(error.message, index, 0) from None
    result: list[Event] = [deal]
    shown = 1  # dora indicators shown: the deal's, then one per kaigang
    count = len(events)
    if runs is not None:  # a round of a compact text: most draws and discards are in runs
        for position in range(1, count):
            raw = events[position]
            if type(raw) is int and raw == _PLACEHOLDER:
                runs.take(result, n)
            else:
                shown = _append_read(result, raw, n, shown)  # an error: read the ordinary way
        return Round(tuple(result), first_dealer, n)
    shared = _SHARED_EVENTS[n]
    for position in range(1, count):
        raw = events[position]
        # Most events are a draw or discard {key: {"l": seat, "p": text}}: the one shared
        # event of that key, text and seat if there is one; anything else is read in full.
        event = _shared_turn(raw, shared)
        if event is not None:
            result.append(event)
            continue
        at = len(result)
        try:
            shown = _append_read(result, raw, n, shown)
        except FormatError as error:
            raise FormatError(error.message, index, at, Round((deal,), first_dealer, n).label) from None
    return Round(tuple(result), first_dealer, n)


def game_from_json(obj: Any, source: str = "") -> Game:
    """Build a :class:`Game` from one parsed paipu object; raise :class:`FormatError`.

    The game's :attr:`~paipu.events.Game.origin` is format ``"majiang"``; a title that
    names a Tenhou room (a Tenhou log converted by tenhou-log, ``四鳳南喰赤\n<log id>``)
    gives the platform, room, id, date and rule a Tenhou log would
    (:func:`~paipu.formats.tenhou_origin.origin_of_title`), and one that names a ranked
    Mahjong Soul room (``玉の間南喰``) the room's (:func:`~paipu.formats.majsoul.majsoul_origin`),
    so that a Mahjong Soul game converted to a paipu is checked under its own rule."""
    return _read_game(obj, source, None)


def _read_game(obj: object, source: str, runs: _Runs | None) -> Game:
    """:func:`game_from_json`; with ``runs``, of a paipu parsed from :func:`compact` text."""
    if not isinstance(obj, dict):
        raise FormatError(f"a paipu must be a JSON object, not {type(obj).__name__}")
    missing = [key for key in ("title", "player", "qijia", "log") if key not in obj]
    if missing:
        raise FormatError(f"not a paipu: no {', '.join(missing)} (keys: {', '.join(list(obj)[:8])})")
    title, players, log = obj["title"], obj["player"], obj["log"]
    if not isinstance(title, str):
        raise FormatError(f"title must be a string, not {title!r}")
    shown_text(title, "title")
    if not isinstance(players, list) or len(players) not in (3, 4) or not all(isinstance(p, str) for p in players):
        raise FormatError(f"player must be a list of 3 or 4 names, not {players!r}")
    names: list[str] = players
    for index, name in enumerate(names):
        shown_text(name, f"player[{index}]")
    n = len(names)
    first_dealer = _int(obj["qijia"], "qijia", 0, n - 1)
    if not isinstance(log, list):
        raise FormatError(f"log must be a list of rounds, not {type(log).__name__}")
    rounds = tuple([_read_round(events, n, first_dealer, i, runs) for i, events in enumerate(log)])
    final_scores = None if obj.get("defen") is None else _ints(obj["defen"], "defen", n)
    ranks = None if obj.get("rank") is None else _ints(obj["rank"], "rank", n)
    if ranks is not None and sorted(ranks) != list(range(1, n + 1)):
        raise FormatError(f"rank must hold 1..{n} once each, not {list(ranks)!r}")
    point_texts = obj.get("point")
    points: tuple[str, ...] | None = None
    if point_texts is not None:
        if not isinstance(point_texts, list) or len(point_texts) != n or not all(
                isinstance(p, str) for p in point_texts):
            raise FormatError(f"point must be a list of {n} strings, not {point_texts!r}")
        points = final_points(point_texts, n)
    rule = obj.get("rule")
    if rule is not None:
        _check_rule(rule, runs is not None)
    shown_hands = obj.get("shown_hands", True)
    if type(shown_hands) is not bool:
        raise FormatError(f"shown_hands must be true or false, not {shown_hands!r}")
    extra = {key: value for key, value in obj.items() if key not in _KNOWN_KEYS}
    origin = majsoul_origin("majiang", title, n) or origin_of_title("majiang", title)
    if origin is None:
        origin = _ORIGIN
    else:
        room_players(origin.room, n, "title")
    if not shown_hands:
        origin = replace(origin, shown_hands=False)
    return Game(title, tuple(names), first_dealer, rounds, final_scores, ranks, points, rule, extra, source, origin)


_CHECKED_RULES: Final[set[bytes]] = set()
"""The JSON texts of the rules checked so far of paipu parsed from text: a corpus states
the same few rules in thousands of games."""
_CHECKED_RULES_SIZE: Final = 256


def _check_rule(rule: object, parsed: bool) -> None:
    """:class:`FormatError` if a paipu's ``rule`` is no rule (checked here, so that a bad
    rule is the log's error). One parsed from JSON text (``parsed``), made of nothing else,
    is the rule its JSON text says: a text checked before is not checked again."""
    if not isinstance(rule, dict):
        raise FormatError(f"rule must be an object, not {rule!r}")
    text: bytes | None = None
    if parsed:
        try:
            text = orjson.dumps(rule)
        except orjson.JSONEncodeError:  # nested deeper than orjson writes: checked every time
            text = None
        if text is not None and text in _CHECKED_RULES:
            return
    try:
        Rule.from_json(rule)
    except RuleError as error:
        raise FormatError(f"rule: {error}") from None
    if text is not None and len(_CHECKED_RULES) < _CHECKED_RULES_SIZE:
        _CHECKED_RULES.add(text)


_ORIGIN: Final = Origin("majiang")
"""The origin of a paipu whose title names no platform."""


# -- reading from the text ------------------------------------------------------------
#
# Nine events in ten are a draw or a discard, written as paipu write them:
# ``{"zimo":{"l":0,"p":"m1"}}``. Parsed, each is two dicts and a string, made and freed
# again only to find the one shared event they name: more than half of reading a file.
# :func:`compact` cuts each run of such events out of the text before it is parsed,
# leaving a number in its place; :func:`games_from_compact` reads the games with each
# run's events found by their text. A file for which anything is not as expected is
# read the ordinary way, which says what is wrong: the texts give the same games or none.

_AFTER_AN_EVENT: Final = b"}},"
"""What ends an event of a round that is an object of an object and another item after it,
as paipu write them (``{"zimo":{...}},``): a run of draws and discards starts after one."""

_PLACEHOLDER: Final = -1618033988
"""What a run of draws and discards is replaced by in the text: a number that no text of
the file holds (:func:`compact` checks), so each one read comes from a run."""
_PLACEHOLDER_TEXT: Final = str(_PLACEHOLDER).encode()
_IN_PLACE_OF_A_RUN: Final = b"}}," + _PLACEHOLDER_TEXT + b","
"""What a run's text and the cuts around it become: the ``}},`` that ends the event before,
the placeholder, and the ``,`` before what follows."""

_TURN_FORMS: Final = (("zimo", True), ("zimo", False), ("dapai", True), ("dapai", False))
"""The four ways paipu write a draw's or discard's text: its key, and the seat first (else
the tile first). Such a text's *slot* is ``((form * 4 + marks) * 40 + tile) * 4 + seat``: the
form's place here, the discard's marks (``_`` 1, ``*`` 2), the tile's number (10 × its suit's
place in ``mpsz`` + its digit) and the seat."""
_TURN_SLOTS: Final = 4 * 4 * 40 * 4

_TILE_OF_SUIT: Final = bytes([10 * "mpsz".index(chr(byte)) if chr(byte) in "mpsz" else 0 for byte in range(256)])
_TILE_OF_DIGIT: Final = bytes([byte - 48 if 48 <= byte <= 57 else 0 for byte in range(256)])
_MARKS_OF_FIRST: Final = bytes([1 if byte == 95 else 2 if byte == 42 else 0 for byte in range(256)])
_MARKS_OF_SECOND: Final = bytes([2 if byte == 42 else 0 for byte in range(256)])
"""What the byte of a tile's suit, of its digit, and the two bytes after it add to the tile's
number and to the marks of a slot (:data:`_TURN_FORMS`). Any byte adds something: the text
is then compared with the one at the slot. Bytes, whose items the compiled code reads as
integers without boxing them."""


def _turn_tables() -> tuple[list[bytes], list[Draw | Discard | None]]:
    """The text of each draw and discard of seats 0 to 3 as paipu write it, its ``}},``
    included, and its shared event, each at its slot (:data:`_TURN_FORMS`); an empty text
    and ``None`` at a slot that is none (a tile that does not exist, ``z0``, ``z8``, ``z9``;
    a draw with a discard's marks)."""
    texts = [b""] * _TURN_SLOTS
    events: list[Draw | Discard | None] = [None] * _TURN_SLOTS
    shared = _SHARED_EVENTS[4]
    for tile in _ALL_TILES:
        number = 10 * "mpsz".index(tile[0]) + int(tile[1])
        for marks in range(4):
            written = format_discard(tile, marks % 2 == 1, marks >= 2)
            for form, (key, seat_first) in enumerate(_TURN_FORMS):
                if key == "zimo" and marks:
                    continue
                for seat, event in shared[key][written].items():
                    assert isinstance(event, (Draw, Discard))
                    fields = f'"l":{seat},"p":"{written}"' if seat_first else f'"p":"{written}","l":{seat}'
                    slot = ((form * 4 + marks) * 40 + number) * 4 + seat
                    texts[slot] = f'{{"{key}":{{{fields}}}}},'.encode()
                    events[slot] = event
    return texts, events


_TURN_TABLES: Final = _turn_tables()
_TURN_TEXT_AT: Final = _TURN_TABLES[0]
_TURN_AT: Final = _TURN_TABLES[1]
_SHORTEST_TURN: Final = len('{"zimo":{"l":0,"p":"m1"}},')
"""The length of the shortest texts of :data:`_TURN_TEXT_AT`."""


def _turn_slot(data: bytes, at: i64) -> i64:
    """The slot (:data:`_TURN_FORMS`) of the draw or discard whose text starts at ``at`` in
    ``data`` (:data:`_SHORTEST_TURN` bytes or more from there), worked out from the bytes at
    the places such texts have them: the key's first letter (``z`` or ``d``, which no other
    event's key starts with), the first field's name (``l`` or ``p``), the seat, the tile's
    two characters and a discard's marks; -1 if the key is neither's or the first field's
    name is at neither place. Any other text gives a slot too: the caller compares the text
    with the one there."""
    key = data[at + 2]
    if key == 122:  # z: a draw, {"zimo":{"l"
        first = data[at + 10]
        if first == 108:  # l: the seat first, "l":0,"p":"m1"
            seat: i64 = data[at + 13]
            tile_at: i64 = at + 20
            form: i64 = 0
        elif first == 112:  # p: the tile first, "p":"m1","l":0
            tile_at = at + 14
            seat = data[at + 22]
            form = 1
        else:
            return -1
        marks: i64 = 0
    elif key == 100:  # d: a discard, {"dapai":{"l", its first field's name a byte later
        first = data[at + 11]
        if first == 108:  # the seat first
            seat = data[at + 14]
            tile_at = at + 21
            form = 2
            marks = _MARKS_OF_FIRST[data[at + 23]] | _MARKS_OF_SECOND[data[at + 24]]
        elif first == 112:  # the tile first, "p":"m1_*","l":0: the seat after its marks
            tile_at = at + 15
            form = 3
            marks = _MARKS_OF_FIRST[data[at + 17]] | _MARKS_OF_SECOND[data[at + 18]]
            seat = data[at + 23 + (marks + 1) // 2]
        else:
            return -1
    else:
        return -1
    tile = _TILE_OF_SUIT[data[tile_at]] + _TILE_OF_DIGIT[data[tile_at + 1]]
    return ((form * 4 + marks) * 40 + tile) * 4 + (seat & 3)


Runs = list[list[Union[Draw, Discard]]]
"""The runs of draws and discards cut out of a text by :func:`compact`, each as its events."""


def compact(data: bytes) -> tuple[bytes, Runs] | None:
    """A paipu file's text (UTF-8 JSON) with each run of draws and discards written as
    paipu write them replaced by :data:`_PLACEHOLDER`, and the runs cut out, in order, as
    their events (of seats 0 to 3: :func:`games_from_compact` refuses seat 3 in a game of
    three); or ``None`` for a text with no run or one that holds the placeholder's digits.

    A run is each draw or discard, after a ``}},``, whose text is one of theirs as paipu
    write them (:data:`_TURN_TEXT_AT`), compared whole: it holds exactly the events its
    text says, and any other text is left to be read the ordinary way. The runs are found by
    the bytes of each text (:func:`_runs_by_slots`), one way in both builds: compiled, of the
    766 files of ``generated/`` and agony5757, 2.0 G instructions, where cutting the text at
    each ``}},`` and looking each piece up by its bytes took 3.4 G; interpreted, reading the
    bytes costs more (agony5757: 4.9 G against 1.3 G, ``benchmarks/README.md``, session 19)."""
    kept, runs = _runs_by_slots(data)
    if not runs:
        return None
    text = _IN_PLACE_OF_A_RUN.join(kept)
    # The placeholder's digits are in the text once for each run, and more often only if the
    # file holds them: no run holds a digit but a seat's and a tile's, and the characters
    # around each placeholder put are no digits. (Counted in the text left, a fifth of the
    # file's, rather than searched for in the whole file first.)
    if text.count(_PLACEHOLDER_TEXT[1:]) != len(runs):
        return None
    return text, runs


def _runs_by_slots(data: bytes) -> tuple[list[bytes], Runs]:
    """The runs of draws and discards of a text (:func:`compact`) and the texts around
    them, less the ``}},`` before each run and its text (:data:`_IN_PLACE_OF_A_RUN` stands for
    them): each run starts after a ``}},`` (found by ``bytes.find``, in C) and is each draw
    or discard after it whose text is the one at the slot its bytes give (:func:`_turn_slot`).

    The texts of a run are compared all at once, with the text of the run's slots joined
    (no slice of the text made for each draw or discard: that was a third of the cut, a
    bytes object made and freed each time); where they differ, one by one up to the first
    that differs, which ends the run as it would have ended compared one at a time."""
    texts = _TURN_TEXT_AT
    events = _TURN_AT
    kept: list[bytes] = []
    runs: Runs = []
    # the events and texts of the run being read, in lists kept from run to run (a list
    # grown for each run reallocated its items as it grew: a fifth of the cut)
    run: list[Draw | Discard] = []
    run_texts: list[bytes] = []
    kept_from: i64 = 0
    size: i64 = len(data)
    last = size - _SHORTEST_TURN  # the last place a draw's or discard's text may start
    start: i64 = data.find(_AFTER_AN_EVENT) + 3  # where a run may start
    while start >= 3:
        # The texts at the slots the bytes give, one after the other; the last may end the
        # round (its }} followed by ], no run's), the others are compared below.
        count: i64 = 0
        at = start  # where the run's next draw or discard would start
        while at <= last:
            slot = _turn_slot(data, at)
            if slot < 0:
                break
            event = events[slot]
            if event is None:
                break
            text = texts[slot]
            if count < len(run):
                run[count] = event
                run_texts[count] = text
            else:
                run.append(event)
                run_texts.append(text)
            count += 1
            at += len(text)
        if count and (at > size or data[at - 1] != 44):  # not followed by , (or past the end)
            count -= 1
            at -= len(run_texts[count])
        if count:
            if data[start:at] != b"".join(run_texts[:count]):
                count = _compared_one_by_one(data, start, run_texts, count)
                at = start
                for text in run_texts[:count]:
                    at += len(text)
            if count:
                kept.append(data[kept_from:start - 3])
                runs.append(run[:count])
                kept_from = at
        start = data.find(_AFTER_AN_EVENT, at) + 3
    if runs:
        kept.append(data[kept_from:])
    return kept, runs


def _compared_one_by_one(data: bytes, start: i64, run_texts: list[bytes], count: i64) -> i64:
    """How many of the first ``count`` texts of ``run_texts`` are those of ``data`` from
    ``start`` on, one after the other: the events of a run compared one by one, up to the
    first whose text differs."""
    at = start
    for index in range(count):
        text = run_texts[index]
        if data[at:at + len(text)] != text:
            return index
        at += len(text)
    return count


class _Runs:
    """The runs of a :func:`compact` text, taken in order where their placeholders are read."""

    def __init__(self, runs: Runs) -> None:
        self.runs = runs
        self.taken = 0

    def take(self, events: list[Event], n: int) -> None:
        """Put the next run's events at the end of ``events`` (of a game of ``n`` players);
        :class:`FormatError` if none is left, or if it has a seat the game has not."""
        if self.taken >= len(self.runs):
            raise FormatError("more placeholders than runs")
        run = self.runs[self.taken]
        self.taken += 1
        if n < 4:
            for event in run:
                if event.seat >= n:
                    raise FormatError(f"seat {event.seat} in a game of {n}")
        events.extend(run)

    def all_taken(self) -> bool:
        return self.taken == len(self.runs)


def games_from_compact(obj: Any, runs: Runs, file_name: str) -> list[Game] | None:
    """The games of a :func:`compact` text (``obj``, parsed) and its ``runs``; ``None`` if
    any game cannot be read so, or any run is not read as the events of a round (then
    the placeholder that stood for it was not an event, and the file is not what its
    text seemed: the file is to be read the ordinary way).

    Sound because the placeholder is a number no text of the file holds: each one read is
    a run's, and when every run's is read, each stood alone as an item of a round's list
    (the characters around a run are those around its placeholder), outside any string
    (the ``"`` of a run's text would end a string: its placeholder would be in a string,
    never read). So the file parses as the compact text does with each run's events in
    its placeholder's place, and each of those is read as its text says."""
    left = _Runs(runs)
    items: list[object] = obj if isinstance(obj, list) else [obj]
    games: list[Game] = []
    try:
        for number, item in enumerate(items):
            games.append(_read_game(item, f"{file_name}#{number}", left))
    except Exception:  # noqa: BLE001 - read the ordinary way, which says what is wrong
        return None
    return games if left.all_taken() else None


# -- writing -------------------------------------------------------------------------


def _hand_text(hand: HandNotation | None) -> str:
    return "" if hand is None else str(hand)


def _payments_json(payments: tuple[int, ...] | None) -> list[int] | None:
    return None if payments is None else list(payments)


def event_to_json(event: Event) -> dict[str, Any]:
    """One event as its paipu object, e.g. ``{"dapai": {"l": 0, "p": "m5_*"}}``."""
    if isinstance(event, Discard):
        payload: dict[str, Any] = {"l": event.seat, "p": format_discard(event.tile, event.tsumogiri, event.riichi)}
    elif isinstance(event, (Draw, KanDraw, NorthSetAside)):
        payload = {"l": event.seat, "p": event.tile}
    elif isinstance(event, (Call, Kan)):
        payload = {"l": event.seat, "m": str(event.meld)}
    elif isinstance(event, Deal):
        payload = {
            "zhuangfeng": event.round_wind,
            "jushu": event.hand_number,
            "changbang": event.honba,
            "lizhibang": event.riichi_sticks,
            "defen": list(event.scores),
            "baopai": event.dora_indicator,
            "shoupai": [_hand_text(h) for h in event.hands],
        }
    elif isinstance(event, DoraReveal):
        payload = {"baopai": event.indicator}
    elif isinstance(event, Win):
        payload = {
            "l": event.seat,
            "shoupai": str(event.hand),
            "baojia": event.discarder,
            "fubaopai": None if event.ura_indicators is None else list(event.ura_indicators),
        }
        for name, value in (("fu", event.fu), ("fanshu", event.han), ("damanguan", event.yakuman)):
            if value is not None:
                payload[name] = value
        payload["defen"] = event.points
        payload["hupai"] = [y.to_json() for y in event.yaku]
        payload["fenpei"] = _payments_json(event.payments)
    elif isinstance(event, NoWin):
        payload = {
            "name": event.name,
            "shoupai": [_hand_text(h) for h in event.hands],
            "fenpei": _payments_json(event.payments),
        }
    else:  # pragma: no cover - Event is a closed union
        raise TypeError(f"not an event: {event!r}")
    return {event.key: payload}


def game_to_json(game: object) -> dict[str, Any]:
    """A game as a paipu object (keys in the format's order; ``rule`` and extra keys
    after the standard ones; final results only when known). A game without a ``rule``
    whose log states some of one without naming a platform (an mjai ``start_game``'s
    ``kyoku_first`` and ``aka_flag``) gets the rule the engine checks it under
    (:func:`~paipu.game_rule.game_rule`), which a paipu has no other place for. A game whose
    log does not state which hands its draws show (an mjai ``ryukyoku``:
    :attr:`Origin.shown_hands <paipu.events.Origin.shown_hands>` false) gets
    ``shown_hands: false``: its ``pingju.shoupai`` hold the hands rebuilt from the events
    (which the rules' settlement reads), not hands the log says were shown.

    :class:`TypeError` for anything but a :class:`Game` (``game`` is typed ``object`` so
    that the compiled module says so as the interpreted one does, rather than mypyc's own
    check of a ``Game`` argument)."""
    if not isinstance(game, Game):
        raise TypeError(f"game_to_json takes a Game, not {type(game).__name__}")
    obj: dict[str, Any] = {
        "title": game.title,
        "player": list(game.players),
        "qijia": game.first_dealer,
        "log": [[event_to_json(e) for e in round_.events] for round_ in game.rounds],
    }
    if game.final_scores is not None:
        obj["defen"] = list(game.final_scores)
    if game.ranks is not None:
        obj["rank"] = list(game.ranks)
    if game.points is not None:
        obj["point"] = list(game.points)
    if game.rule is not None:
        obj["rule"] = game.rule
    elif game.origin is not None and game.origin.rule and not game.origin.platform:
        obj["rule"] = game_rule(game).to_json()
    if game.origin is not None and not game.origin.shown_hands:
        obj["shown_hands"] = False
    obj.update(game.extra)
    return obj
