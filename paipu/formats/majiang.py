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

import re
from dataclasses import replace
from functools import lru_cache
from itertools import islice
from typing import Any, Callable, TypeVar

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

_T = TypeVar("_T")

_ALL_TILES = KINDS + ("m0", "p0", "s0")
_KNOWN_KEYS = frozenset(("title", "player", "qijia", "log", "defen", "rank", "point", "rule", "shown_hands"))


# -- reading -------------------------------------------------------------------------


def _int(value: Any, name: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    if type(value) is not int or value < low or value > high:
        bound = f"{low}..{high}" if high < MAX_NUMBER else f">= {low}"
        if type(value) is int and value > high:
            bounded((value,), name)
        raise FormatError(f"{name} must be an integer {bound}, not {value!r}")
    return value


_INT_TYPE = frozenset((int,))


def _ints(value: Any, name: str, length: int) -> tuple[int, ...]:
    # The types of the items as a set, made in C: no Python step per item.
    if not isinstance(value, list) or len(value) != length or not set(map(type, value)) <= _INT_TYPE:
        raise FormatError(f"{name} must be a list of {length} integers, not {value!r}")
    if max(value) > MAX_NUMBER or min(value) < -MAX_NUMBER:
        bounded(value, name)
    return tuple(value)


class _Fields:
    """The fields of an object of the format found under ``key``: the ``required`` ones
    and the ``optional`` ones it may also have."""

    __slots__ = ("key", "required", "optional", "_required", "_allowed")

    def __init__(self, key: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        self.key = key
        self.required = required
        self.optional = optional
        self._required = frozenset(required)
        self._allowed = self._required | frozenset(optional)

    def check(self, payload: Any) -> dict[str, Any]:
        """``payload`` if it is an object with every required field and no other than the
        optional ones; else :class:`FormatError` saying what is wrong."""
        # Every object of a game but a draw or a discard comes here: the keys are compared
        # as sets first, two calls in C, and looked at one by one only to say what is wrong.
        if isinstance(payload, dict):
            keys = payload.keys()
            if keys >= self._required and keys <= self._allowed:
                return payload
        key = self.key
        if not isinstance(payload, dict):
            raise FormatError(f"{key} must be an object, not {payload!r}")
        missing = [name for name in self.required if name not in payload]
        if missing:
            raise FormatError(f"{key} lacks {', '.join(missing)}")
        unknown = [name for name in payload if name not in self.required and name not in self.optional]
        raise FormatError(f"{key} has unknown field {', '.join(map(repr, unknown))}")


def _hand(text: Any, name: str) -> HandNotation:
    try:
        return parse_hand(text)
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


def _each(parse: Callable[[str], _T], texts: list[Any], name: str) -> tuple[_T, ...]:
    """Every hand or tile of a list read by ``parse`` (the first bad one a
    :class:`FormatError`), without a call of :func:`_hand` or :func:`_tile` each: a corpus
    has tens of thousands."""
    try:
        return tuple(map(parse, texts))
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


def _tile(text: Any, name: str) -> str:
    try:
        return parse_tile(text)
    except NotationError as error:
        raise FormatError(f"{name}: {error}") from None


_QIPAI = _Fields("qipai", ("zhuangfeng", "jushu", "changbang", "lizhibang", "defen", "baopai", "shoupai"))


def _read_qipai(p: Any, n: int) -> Deal:
    p = _QIPAI.check(p)
    hands = p["shoupai"]
    if not isinstance(hands, list) or len(hands) != n:
        raise FormatError(f"qipai.shoupai must be a list of {n} hand strings, not {hands!r}")
    dealt = _each(parse_hand, hands, "qipai.shoupai")
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


def _seat_and_tile(key: str) -> Callable[[Any, int], Event]:
    classes: dict[str, type[Draw | KanDraw | NorthSetAside]] = {"zimo": Draw, "gangzimo": KanDraw,
                                                                 "penuki": NorthSetAside}
    cls = classes[key]
    fields = _Fields(key, ("l", "p"))

    def read(p: Any, n: int) -> Event:
        p = fields.check(p)
        tile = _tile(p["p"], f"{key}.p")
        if cls is NorthSetAside and tile != "z4":
            raise FormatError(f"penuki.p: only a North (z4) is set aside (北抜き), not {tile}")
        return cls(_int(p["l"], f"{key}.l", 0, n - 1), tile)

    return read


_DAPAI = _Fields("dapai", ("l", "p"))


def _read_dapai(p: Any, n: int) -> Discard:
    p = _DAPAI.check(p)
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
        for key, cls in (("zimo", Draw), ("gangzimo", KanDraw), ("penuki", NorthSetAside)):
            if key != "penuki" or tile == "z4":  # another tile set aside: read in full, refused
                shared[key][tile] = {seat: cls(seat, tile) for seat in range(n)}
        for tsumogiri in (False, True):
            for riichi in (False, True):
                text = format_discard(tile, tsumogiri, riichi)
                shared["dapai"][text] = {seat: Discard(seat, tile, tsumogiri, riichi) for seat in range(n)}
    return shared


_SHARED_EVENTS = {n: _shared_events(n) for n in (3, 4)}


def _meld_event(key: str) -> Callable[[Any, int], Event]:
    kinds: dict[str, tuple[type[Call | Kan], tuple[str, ...]]] = {"fulou": (Call, ("chi", "pon", "daiminkan")),
                                                                  "gang": (Kan, ("ankan", "kakan"))}
    cls, allowed = kinds[key]
    fields = _Fields(key, ("l", "m"))
    seat_name = f"{key}.l"

    def read(p: Any, n: int) -> Event:
        p = fields.check(p)
        try:
            meld = parse_meld(p["m"])
        except NotationError as error:
            raise FormatError(f"{key}.m: {error}") from None
        if meld.type not in allowed:
            raise FormatError(f"{key}.m: a {meld.type} {p['m']!r} cannot be a {key}")
        return cls(_int(p["l"], seat_name, 0, n - 1), meld)

    return read


_KAIGANG = _Fields("kaigang", ("baopai",))


def _read_kaigang(p: Any, n: int) -> DoraReveal:
    p = _KAIGANG.check(p)
    return DoraReveal(_tile(p["baopai"], "kaigang.baopai"))


_HUPAI_ENTRY = _Fields("hule.hupai entry", ("name", "fanshu"), ("baojia",))

_shared_yaku: Callable[[str, int, int, str | None], Yaku] = lru_cache(maxsize=1024)(Yaku)
"""``Yaku(name, han, yakuman, pao)``, each made once and shared: yaku are immutable, and a
corpus has a few dozen different ones in tens of thousands of wins."""

_KNOWN_ENTRIES: dict[tuple[str, int | str], Yaku] = {}
"""The yaku of each entry ``{"name": name, "fanshu": han}`` read so far, by name and han."""
_KNOWN_ENTRIES_SIZE = 10_000


def _read_yaku(entry: Any) -> Yaku:
    """One entry of ``hule.hupai``."""
    # Most entries are a name and han read before: their yaku, without the checks again
    # (looked up with a han of type int or str only: a bool would find the yaku of 0 or 1).
    if type(entry) is dict and len(entry) == 2:
        name, han = entry.get("name"), entry.get("fanshu")
        if type(name) is str and (type(han) is int or type(han) is str):
            known = _KNOWN_ENTRIES.get((name, han))
            if known is not None:
                return known
    entry = _HUPAI_ENTRY.check(entry)
    name, han = entry["name"], entry["fanshu"]
    if not isinstance(name, str):
        raise FormatError(f"hule.hupai name must be a string, not {name!r}")
    shown_text(name, "hule.hupai name")
    pao = entry.get("baojia")
    if pao is not None and pao not in ("+", "=", "-"):
        raise FormatError(f"hule.hupai baojia must be '+', '=' or '-', not {pao!r}")
    if isinstance(han, str):
        if not han or set(han) != {"*"}:
            raise FormatError(f"hule.hupai fanshu must be an integer or '*'s, not {han!r}")
        yaku = _shared_yaku(name, 0, len(han), pao)
    else:
        yaku = _shared_yaku(name, _int(han, "hule.hupai fanshu"), 0, pao)
    if len(entry) == 2 and type(name) is str and len(_KNOWN_ENTRIES) < _KNOWN_ENTRIES_SIZE:
        _KNOWN_ENTRIES[name, han] = yaku
    return yaku


def _optional_int(value: Any, name: str) -> int | None:
    """``value`` if ``None`` or an integer >= 0 (checked here, without a call of
    :func:`_int`: three per win); else :func:`_int`'s error, naming the field ``name``."""
    return value if value is None or (type(value) is int and 0 <= value <= MAX_NUMBER) else _int(value, name)


_HULE = _Fields("hule", ("l", "shoupai", "baojia", "fubaopai", "defen", "hupai", "fenpei"), ("fu", "fanshu", "damanguan"))


def _read_hule(p: Any, n: int) -> Win:
    p = _HULE.check(p)
    discarder = p["baojia"]
    if discarder is not None:
        discarder = _int(discarder, "hule.baojia", 0, n - 1)
    ura = p["fubaopai"]
    if ura is not None:
        if not isinstance(ura, list):
            raise FormatError(f"hule.fubaopai must be a list of tiles or null, not {ura!r}")
        indicators(len(ura), "hule.fubaopai")
        ura = _each(parse_tile, ura, "hule.fubaopai")
    yaku = p["hupai"]
    if not isinstance(yaku, list):
        raise FormatError(f"hule.hupai must be a list, not {yaku!r}")
    return Win(
        _int(p["l"], "hule.l", 0, n - 1),
        _hand(p["shoupai"], "hule.shoupai"),
        discarder,
        ura,
        _optional_int(p.get("fu"), "hule.fu"),
        _optional_int(p.get("fanshu"), "hule.fanshu"),
        _optional_int(p.get("damanguan"), "hule.damanguan"),
        _int(p["defen"], "hule.defen"),
        tuple(map(_read_yaku, yaku)),
        _payments(p["fenpei"], "hule.fenpei", n),
    )


def _payments(value: Any, name: str, n: int) -> tuple[int, ...] | None:
    """A result's ``fenpei``: ``n`` integers, or ``null`` for payments the log it was
    converted from does not state (mjai's optional ``deltas``)."""
    return None if value is None else _ints(value, name, n)


_PINGJU = _Fields("pingju", ("name", "shoupai", "fenpei"))


def _read_pingju(p: Any, n: int) -> NoWin:
    p = _PINGJU.check(p)
    if not isinstance(p["name"], str):
        raise FormatError(f"pingju.name must be a string, not {p['name']!r}")
    shown_text(p["name"], "pingju.name")
    hands = p["shoupai"]
    if not isinstance(hands, list) or len(hands) != n:
        raise FormatError(f"pingju.shoupai must be a list of {n} hand strings, not {hands!r}")
    return NoWin(
        p["name"],
        tuple(_hand(h, "pingju.shoupai") if h != "" else None for h in hands),
        _payments(p["fenpei"], "pingju.fenpei", n),
    )


_READERS: dict[str, Callable[[Any, int], Event]] = {
    "qipai": _read_qipai,
    "zimo": _seat_and_tile("zimo"),
    "gangzimo": _seat_and_tile("gangzimo"),
    "dapai": _read_dapai,
    "fulou": _meld_event("fulou"),
    "gang": _meld_event("gang"),
    "kaigang": _read_kaigang,
    "hule": _read_hule,
    "pingju": _read_pingju,
    "penuki": _seat_and_tile("penuki"),
}


def _read_event(raw: Any, n: int, position: int) -> Event:
    """One event of a round, checked in full."""
    if type(raw) is not dict or len(raw) != 1:
        raise FormatError(f"an event must be an object with one key, not {raw!r}")
    (key, payload), = raw.items()
    reader = _READERS.get(key)
    if reader is None:
        raise FormatError(f"unknown event {key!r}")
    if (key == "qipai") != (position == 0):
        raise FormatError("a round starts with qipai, and only there")
    return reader(payload, n)


def _append_read(events: list[Event], raw: Any, n: int, shown: int) -> int:
    """Read ``raw``, an event of a round after its deal, checked in full, onto ``events``;
    the number of dora indicators shown with it (``shown`` before it), a
    :class:`FormatError` past what a round shows (:data:`~paipu.limits.MAX_INDICATORS`)."""
    event = _read_event(raw, n, len(events))
    if type(event) is DoraReveal:
        shown += 1
        indicators(shown, "kaigang")
    events.append(event)
    return shown


RunsOfTurns = Callable[[list[Event], int], None]
"""Puts the events of the next run of draws and discards cut out of a file's text
(:func:`compact`) at the end of a list, given the number of players; an exception for
one that is not such events."""


def _read_round(events: Any, n: int, first_dealer: int, index: int, runs: RunsOfTurns | None = None) -> Round:
    if not isinstance(events, list) or not events:
        raise FormatError(f"a round must be a non-empty list of events, not {events!r}", index)
    try:
        deal = _read_event(events[0], n, 0)
    except FormatError as error:
        raise FormatError(error.message, index, 0) from None
    result: list[Event] = [deal]
    append = result.append
    shown = 1  # dora indicators shown: the deal's, then one per kaigang
    if runs is not None:  # a round of a compact text: most draws and discards are in runs
        for raw in islice(events, 1, None):
            if type(raw) is int and raw == _PLACEHOLDER:
                runs(result, n)
            else:
                shown = _append_read(result, raw, n, shown)  # an error: read the ordinary way
        return Round(tuple(result), first_dealer, n)
    shared = _SHARED_EVENTS[n]
    for raw in events[1:]:
        # Most events are a draw or discard {key: {"l": seat, "p": text}}: the one shared
        # event of that key, text and seat if there is one. Only a bool seat would find
        # one wrongly (True == 1); anything else that is not such an event fails a step
        # below: an object of more or fewer keys than one or two, a list or string where
        # an object is (indexed by a string, or a list of one by its item), an unknown
        # key, field, text or seat, a text that cannot be a key. It is then read in full.
        try:
            key, = raw
            payload = raw[key]
            if len(payload) == 2:
                seat = payload["l"]
                if type(seat) is int:
                    append(shared[key][payload["p"]][seat])
                    continue
        except (ValueError, LookupError, TypeError):
            pass
        position = len(result)  # one event per position so far, counted only when needed
        try:
            shown = _append_read(result, raw, n, shown)
        except FormatError as error:
            raise FormatError(error.message, index, position, Round((deal,), first_dealer, n).label) from None
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


def _read_game(obj: Any, source: str, runs: RunsOfTurns | None) -> Game:
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
    for index, name in enumerate(players):
        shown_text(name, f"player[{index}]")
    n = len(players)
    first_dealer = _int(obj["qijia"], "qijia", 0, n - 1)
    if not isinstance(log, list):
        raise FormatError(f"log must be a list of rounds, not {type(log).__name__}")
    rounds = tuple(_read_round(events, n, first_dealer, i, runs) for i, events in enumerate(log))
    final_scores = None if obj.get("defen") is None else _ints(obj["defen"], "defen", n)
    ranks = None if obj.get("rank") is None else _ints(obj["rank"], "rank", n)
    if ranks is not None and sorted(ranks) != list(range(1, n + 1)):
        raise FormatError(f"rank must hold 1..{n} once each, not {list(ranks)!r}")
    points = obj.get("point")
    if points is not None:
        if not isinstance(points, list) or len(points) != n or not all(isinstance(p, str) for p in points):
            raise FormatError(f"point must be a list of {n} strings, not {points!r}")
        points = final_points(points, n)
    rule = obj.get("rule")
    if rule is not None:
        if not isinstance(rule, dict):
            raise FormatError(f"rule must be an object, not {rule!r}")
        try:
            Rule.from_json(rule)  # checked here, so that a bad rule is the log's error
        except RuleError as error:
            raise FormatError(f"rule: {error}") from None
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
    return Game(title, tuple(players), first_dealer, rounds, final_scores, ranks, points, rule, extra, source, origin)


_ORIGIN = Origin("majiang")
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

_TURN = rb'\{"(?:zimo|dapai)":\{(?>"l":[0-9],"p":"[0-9mpsz_*]{2,4}+"|"p":"[0-9mpsz_*]{2,4}+","l":[0-9])\}\}'
_RUN_OF_TURNS = re.compile(b"(" + _TURN + b"(?:," + _TURN + b")*+)")
"""One or more draws and discards, as paipu write them (the seat first, or the tile),
one after the other. (Possessive and atomic: nothing a part matches could end another
way, and the split is a sixth faster without the regular expression engine's notes
for giving it back.)"""

_PLACEHOLDER = -1618033988
"""What a run of draws and discards is replaced by in the text: a number that no text of
the file holds (:func:`compact` checks), so each one read comes from a run."""
_PLACEHOLDER_TEXT = str(_PLACEHOLDER).encode()


@lru_cache(maxsize=None)
def _turn_events(n: int) -> dict[bytes, Event]:
    """Each draw and discard of an ``n``-player game by its text (the seat first, or the
    tile), less the closing ``}}``: made when first needed (a few milliseconds)."""
    table: dict[bytes, Event] = {}
    for key in ("zimo", "dapai"):
        for text, by_seat in _SHARED_EVENTS[n][key].items():
            for seat, event in by_seat.items():
                table[b'{"%s":{"l":%d,"p":"%s"' % (key.encode(), seat, text.encode())] = event
                table[b'{"%s":{"p":"%s","l":%d' % (key.encode(), text.encode(), seat)] = event
    return table


def compact(data: bytes) -> tuple[bytes, list[bytes]] | None:
    """A paipu file's text (UTF-8 JSON) with each run of draws and discards written as
    paipu write them replaced by :data:`_PLACEHOLDER`, and the runs cut out, in order; or
    ``None`` for a text with no run or one that holds the placeholder's digits."""
    if _PLACEHOLDER_TEXT[1:] in data:
        return None
    pieces = _RUN_OF_TURNS.split(data)
    return None if len(pieces) == 1 else (_PLACEHOLDER_TEXT.join(pieces[0::2]), pieces[1::2])


def games_from_compact(obj: Any, runs: list[bytes], file_name: str) -> list[Game] | None:
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
    left = iter(runs)

    def run_events(events: list[Event], n: int) -> None:
        events += map(_turn_events(n).__getitem__, next(left)[:-2].split(b"}},"))

    try:
        games = [_read_game(item, f"{file_name}#{number}", run_events)
                 for number, item in enumerate(obj if isinstance(obj, list) else [obj])]
    except Exception:  # noqa: BLE001 - read the ordinary way, which says what is wrong
        return None
    return games if next(left, None) is None else None


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


def game_to_json(game: Game) -> dict[str, Any]:
    """A game as a paipu object (keys in the format's order; ``rule`` and extra keys
    after the standard ones; final results only when known). A game without a ``rule``
    whose log states some of one without naming a platform (an mjai ``start_game``'s
    ``kyoku_first`` and ``aka_flag``) gets the rule the engine checks it under
    (:func:`~paipu.game_rule.game_rule`), which a paipu has no other place for. A game whose
    log does not state which hands its draws show (an mjai ``ryukyoku``:
    :attr:`Origin.shown_hands <paipu.events.Origin.shown_hands>` false) gets
    ``shown_hands: false``: its ``pingju.shoupai`` hold the hands rebuilt from the events
    (which the rules' settlement reads), not hands the log says were shown."""
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
