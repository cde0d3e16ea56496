"""tenhou.net/6 JSON (the table format of Tenhou's web viewer) into a
:class:`~paipu.events.Game`, and a game into it (:func:`game_to_tenhou6`, the input of
mjai-reviewer; :func:`as_read_back` says what the format does not hold).

A game is an object whose ``log`` holds one array per round (局): the round's number,
honba and sticks, the start scores, dora and ura-dora indicators, and for each player the
deal, the **takes** (what came into the hand: draws and calls) and the **discards** (what
left it: discards, riichi ``r``, kans, 北抜き ``f44``), then the result. Tiles are codes
11-47, red fives 51-53; 60 in a discard list is a tsumogiri (ツモ切り). Some tools write
one round per line instead (the same ``title``/``name``/``rule`` on every line); both
are read (:func:`parse`).

Each player's sequence is stored apart, so :func:`game_from_tenhou_json` rebuilds the
order of play, replaying every hand with :class:`~paipu.hand.Hand`. Where the file does
not say which of two identical discards a player called, every possible order is tried
depth first and the one that replays legally is kept (a note says so in
:attr:`~paipu.formats.tenhou_xml.TenhouRecord.notes`, the game's ``origin.record``). The events are those of the
mjlog of the same game read by :mod:`~paipu.formats.tenhou_xml`, except what the format
does not hold: the fu of a hand of mangan and more, and yaku entries of 0 han.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

import orjson

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
    Round,
    Win,
    Yaku,
)
from ..hand import Hand, IllegalAction
from ..limits import MAX_COUNT, MAX_NUMBER, clip
from ..names import draw_name
from ..names import name as yaku_name
from ..rules import Rule, RuleError
from ..tiles import HandNotation, Meld, kind, meld_text, parse_meld
from .recognise import is_tenhou_json
from .errors import FormatError, bounded, final_points, indicators, room_players, shown_text
from .majsoul import majsoul_origin
from .tenhou_origin import tenhou_origin
from .tenhou_xml import (
    LIMIT_NAMES,
    ROOMS,
    SEATS,
    TenhouDraw,
    TenhouInfo,
    TenhouRecord,
    TenhouWin,
    ranks_of,
    shown_hand,
)

__all__ = ["dumps", "game_from_tenhou_json", "game_to_tenhou6", "is_tenhou_json", "parse", "parse_lines",
           "tile_of_code"]

_CODES = {10 * s + d: "mpsz"[s - 1] + str(d) for s in range(1, 5) for d in range(1, 10) if s < 4 or d <= 7}
_CODES.update({51: "m0", 52: "p0", 53: "s0"})

_DRAW_NAMES = {
    "流局": "流局", "全員聴牌": "流局", "全員不聴": "流局", "流し満貫": "流し満貫", "九種九牌": "九種九牌",
    "四風連打": "四風連打", "四家立直": "四家立直", "三家和了": "三家和了", "四槓散了": "四槓散了",
}
"""Names of the draws by their tenhou.net/6 text, as the mjlog conversion names them."""

_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "数え役満": 5, "役満": 5}
_POINT_TEXT = re.compile(
    r"^(?:(\d+)符)?(?:(\d+)飜)?(" + "|".join(sorted(_LIMITS, key=len, reverse=True)) + r")?(\d+)(?:-(\d+))?点(∀)?$",
    re.ASCII,  # digits are ASCII's: int() would read others ("１２")
)
_YAKU_TEXT = re.compile(r"^(.*)\((?:(\d+)飜|(役満))\)$", re.ASCII)

_RIICHI_CODES = {f"r{code}": code for code in (*_CODES, 60)}
"""The code of each riichi discard (``r`` before a tile code or 60, a tsumogiri) by its
text: any other text (``r١١``, ``r011``, ``r`` and 5,000 digits) is not a discard."""

_MARK_OF_SOURCE = {3: "-", 2: "=", 1: "+"}
"""Direction mark by ``(discarder - caller) % 4``: 上家 ``-``, 対面 ``=``, 下家 ``+``."""
_OFFSET_OF_MARK = {mark: offset for offset, mark in _MARK_OF_SOURCE.items()}


def tile_of_code(code: int) -> str:
    """The tile of a tenhou.net/6 code: 11-19 m, 21-29 p, 31-39 s, 41-47 z, 51-53 red
    fives; ``ValueError`` for any other value."""
    tile = _CODES.get(code) if type(code) is int else None
    if tile is None:
        raise ValueError(f"not a tile code: {code!r}")
    return tile


def parse(data: bytes | str) -> Any:
    """Parse tenhou.net/6 JSON text: one game object, or the one-round-per-line form (each
    non-empty line an object holding one round), whose rounds are joined into one game
    (marked by the key ``"lines"`` in the result). ``orjson.JSONDecodeError`` if neither."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as error:
        return parse_lines(data, error)


def parse_lines(data: bytes | str, error: orjson.JSONDecodeError) -> Any:
    """The one-round-per-line form of tenhou.net/6 JSON (see :func:`parse`) in ``data``,
    which is not one JSON document (``error`` says why, and is raised if it is not that
    form either). Each line is parsed once; the first that is not a game's round ends the
    attempt: what is neither form is parsed no further than its first line."""
    if error.lineno < 2:  # the first line is not a whole document: not this form
        raise error
    newline = b"\n" if isinstance(data, bytes) else "\n"
    parts = []
    start = 0
    while start < len(data):
        end = data.find(newline, start)  # type: ignore[arg-type]  # newline is of data's type
        end = len(data) if end < 0 else end
        line = data[start:end]
        start = end + 1
        if not line.strip():
            continue
        try:
            part = orjson.loads(line)
        except orjson.JSONDecodeError:
            raise error from None
        if not is_tenhou_json(part):
            raise error from None
        parts.append(part)
    if len(parts) < 2:
        raise error
    game = dict(parts[0])
    game["log"] = [round_ for part in parts for round_ in part["log"]]
    game["lines"] = len(parts)
    return game


# -- one round -------------------------------------------------------------------------


class _DeadEnd(Exception):
    """A branch of the search that cannot be the order of play; ``depth``: the number of
    events replayed before it failed."""

    depth = 0


_CALL = re.compile(r"((?:\d\d)*)([a-z])((?:\d\d)+)", re.ASCII)


def _split_call(text: str) -> tuple[str, int, list[str]]:
    """A call string's letter, the letter's place among the codes (0 = first), and its
    tiles, the one right after the letter first (the claimed, or for ``k`` the added one)."""
    match = _CALL.fullmatch(text)
    if match is None:
        raise _DeadEnd(f"not a call: {text!r}")
    before, letter, after = match.groups()
    codes = after + before
    try:
        tiles = [tile_of_code(int(codes[i:i + 2])) for i in range(0, len(codes), 2)]
    except ValueError as error:
        raise _DeadEnd(f"{text!r}: {error}") from None
    return letter, len(before) // 2, tiles


def _source(caller: int, place: int) -> int:
    """The player a call takes from by the letter's place: first 上家, second 対面, later
    下家 (the 4-seat geometry, kept in three-player games)."""
    return (caller + (3 if place == 0 else 2 if place == 1 else 1)) % 4


def _meld(letter: str, tiles: list[str], mark: str) -> Meld:
    """The meld of a call (``c``, ``p``, ``m``: claimed tile first) or closed kan (``a``)."""
    text = meld_text(tiles, "" if letter == "a" else mark, letter == "c")
    size = {"c": 3, "p": 3, "m": 4, "a": 4}.get(letter)
    if len(tiles) != size or any(tile[0] != tiles[0][0] for tile in tiles):
        raise _DeadEnd(f"not a meld: {letter} {' '.join(tiles)}")
    try:
        return parse_meld(text)
    except ValueError:
        raise _DeadEnd(f"not a meld: {text!r}") from None


def _act(action: Callable[..., None], *args: Any) -> None:
    try:
        action(*args)
    except IllegalAction as error:
        raise _DeadEnd(str(error)) from None


class _RoundReader:
    """One round of a tenhou.net/6 log: its deal, and :meth:`replay` of one order of play."""

    def __init__(self, data: Any, n: int) -> None:
        if not isinstance(data, list) or len(data) != 17:
            raise FormatError("a round must be an array of 17 items")
        head = data[0]
        if not (isinstance(head, list) and len(head) == 3 and all(type(x) is int and x >= 0 for x in head)):
            raise FormatError(f"a round must start with [round, honba, sticks], not {head!r}")
        bounded(head, "[round, honba, sticks]")
        if head[0] >= 16:
            raise FormatError(f"round number {head[0]} is past the last round, 北4局 (15)")
        if max(head[1:]) > MAX_COUNT:
            raise FormatError(f"honba and sticks must be 0..{MAX_COUNT:,}, not {head[1:]!r}")
        self.n = n
        self.dealer: int = head[0] % 4
        if self.dealer >= n:
            raise FormatError(f"round number {head[0]} has no dealer among {n} players")
        if n == 3 and any(data[13:16]):  # the first round decides the number of players
            raise FormatError("a fourth player's deal, takes or discards in a game of three players")
        self.takes: list[list[Any]] = [data[5 + 3 * p] for p in range(n)]
        self.discards: list[list[Any]] = [data[6 + 3 * p] for p in range(n)]
        if not all(isinstance(x, list) for x in self.takes + self.discards):
            raise FormatError("takes and discards must be arrays")
        if not all(isinstance(data[i], list) for i in (2, 3, *(4 + 3 * p for p in range(n)))):
            raise FormatError("deals and dora indicators must be arrays of tile codes")
        try:
            self.deals = [[tile_of_code(c) for c in data[4 + 3 * p]] for p in range(n)]
            self.dora = [tile_of_code(c) for c in data[2]]
            self.ura = tuple(tile_of_code(c) for c in data[3])
        except (ValueError, TypeError) as error:
            raise FormatError(f"bad deal or dora indicators: {error}") from None
        if any(len(tiles) != 13 for tiles in self.deals) or not self.dora:
            raise FormatError("every deal must hold 13 tiles, and a dora indicator must be shown")
        indicators(len(self.dora), "dora indicators")
        indicators(len(self.ura), "ura-dora indicators")
        scores = data[1]
        if not (isinstance(scores, list) and len(scores) >= n and all(type(x) is int for x in scores[:n])):
            raise FormatError(f"bad start scores {scores!r}")
        bounded(scores[:n], "start scores")
        self.result = data[16]
        self.deal = Deal(
            head[0] // 4, head[0] % 4, head[1], head[2],
            tuple(scores[self.player(seat)] for seat in range(n)),
            self.dora[0],
            tuple(HandNotation.from_tiles(self.deals[self.player(seat)]) for seat in range(n)),
        )

    def player(self, seat: int) -> int:
        return (self.dealer + seat) % self.n

    def seat(self, player: int) -> int:
        return (player - self.dealer) % self.n

    def replay(self, choose: Callable[[int], int]) -> "_Replay":
        """Follow one order of play to the end of the takes and discards; ``choose(k)``
        picks one of ``k`` ways on at a discard that some player's next take could call
        (pon and kan before chi, passing last). Raise :class:`_DeadEnd` if it fails."""
        state = _Replay(self)
        try:
            state.run(choose)
        except _DeadEnd as error:
            error.depth = len(state.events)
            raise
        return state


class _Replay:
    """The state of one order of play of a round."""

    def __init__(self, round_: _RoundReader) -> None:
        self.round = round_
        n = round_.n
        self.hands = [Hand.from_notation(HandNotation.from_tiles(tiles)) for tiles in round_.deals]
        self.riichi = [False] * n
        self.took = [0] * n
        self.gave = [0] * n
        self.events: list[Event] = [round_.deal]
        self.last_actor = round_.dealer
        self.last_tile = ""  # the last tile that left a hand: discard, added kan, 北
        self._indicators = iter(round_.dora[1:])
        self._unturned = 0  # open kans whose new indicator is not turned over yet
        self._turned: DoraReveal | None = None  # turned over, placed after the next draw or discard

    def _turn_over(self, count: int) -> None:
        # As the mjlog records them and tenhou-log places them: an indicator turned over
        # waits for the next draw or discard, or for the next one turned over.
        for _ in range(count):
            indicator = next(self._indicators, None)
            if indicator is not None:
                self._place()
                self._turned = DoraReveal(indicator)

    def _place(self) -> None:
        if self._turned is not None:
            self.events.append(self._turned)
            self._turned = None

    def _next_take(self, player: int) -> Any:
        takes = self.round.takes[player]
        return takes[self.took[player]] if self.took[player] < len(takes) else None

    def _all_used(self) -> bool:
        return all(self.took[p] == len(self.round.takes[p]) for p in range(self.round.n))

    def _finish(self) -> None:
        round_ = self.round
        for p in range(round_.n):
            if self.took[p] != len(round_.takes[p]) or self.gave[p] != len(round_.discards[p]):
                raise _DeadEnd(f"the round ends with takes or discards of player {p} left over")

    def run(self, choose: Callable[[int], int]) -> None:
        round_, n, events = self.round, self.round.n, self.events
        actor, caller, after_kan = round_.dealer, None, False
        while True:
            take = self._next_take(actor)
            if take is None:
                raise _DeadEnd(f"player {actor} has nothing more to take")
            self.took[actor] += 1
            seat, hand, drawn = round_.seat(actor), self.hands[actor], None
            if isinstance(take, str):
                if caller != actor:
                    raise _DeadEnd(f"player {actor} calls {take} out of turn")
                letter, place, tiles = _split_call(take)
                source = _source(actor, place)
                if letter not in "cpm" or tiles[0] != self.last_tile or source != self.last_actor:
                    raise _DeadEnd(f"call {take} does not take the last discard")
                meld = _meld(letter, tiles, _MARK_OF_SOURCE[(source - actor) % 4])
                _act(hand.call, meld)
                events.append(Call(seat, meld))
                if meld.type == "daiminkan":
                    discards = round_.discards[actor]
                    if self.gave[actor] >= len(discards) or discards[self.gave[actor]] != 0:
                        raise _DeadEnd(f"no 0 in the discards after the open kan {take}")
                    self.gave[actor] += 1
                    self._unturned += 1
                    caller, after_kan = None, True
                    continue
            elif type(take) is int and take in _CODES:
                drawn = _CODES[take]
                _act(hand.draw, drawn)
                events.append(KanDraw(seat, drawn) if after_kan else Draw(seat, drawn))
                after_kan = False
                self._place()
            else:
                raise _DeadEnd(f"not a take: {take!r}")
            caller = None
            discards = round_.discards[actor]
            if self.gave[actor] >= len(discards):
                self.last_actor, self.last_tile = actor, drawn or self.last_tile
                return self._finish()  # it ends on the take: a tsumo, or 九種九牌
            given = discards[self.gave[actor]]
            self.gave[actor] += 1
            if isinstance(given, str) and given[:1] != "r":
                after_kan = self._own_turn_kan(given, actor, seat, hand)
                self.last_actor = actor
                if self._next_take(actor) is None:
                    return self._finish()  # robbed (槍槓), or a ron on the North set aside
                continue
            riichi = isinstance(given, str)
            code = _RIICHI_CODES.get(given, given) if riichi else given
            if code == 60 and drawn is not None:
                tile, tsumogiri = drawn, True
            elif type(code) is int and code in _CODES:
                tile, tsumogiri = _CODES[code], False
            else:
                raise _DeadEnd(f"not a discard here: {given!r}")
            _act(hand.discard, tile, riichi)
            self.riichi[actor] = self.riichi[actor] or riichi
            self._turn_over(self._unturned)
            self._unturned = 0
            events.append(Discard(seat, tile, tsumogiri, riichi))
            self._place()
            self.last_actor, self.last_tile = actor, tile
            if self._all_used():
                return self._finish()  # a ron on this discard, or the end of the wall
            callers = self._callers(actor, tile)
            caller = callers[choose(len(callers))] if len(callers) > 1 else None
            actor = caller if caller is not None else (actor + 1) % n

    def _own_turn_kan(self, text: str, actor: int, seat: int, hand: Hand) -> bool:
        """Declare an added kan (``k``), closed kan (``a``) or 北抜き (``f44``); whether the
        next take is a kan's replacement draw."""
        if text == "f44":
            _act(hand.discard, "z4")
            self.events.append(NorthSetAside(seat, "z4"))
            # as Tenhou turns it over: an open or added kan's indicator waits for the
            # North's replacement draw, not for the next discard
            self._turn_over(self._unturned)
            self._unturned = 0
            self.last_tile = "z4"
            return False
        if text[:1] == "f":
            raise _DeadEnd(f"only a North (f44) is set aside (北抜き), not {text!r}")
        letter, _, tiles = _split_call(text)
        added = tiles[0]
        if letter == "a":
            meld = _meld(letter, tiles, "")
        elif letter == "k":
            pon = next((m for m in hand.melds if m.type == "pon" and m.kind == kind(added)), None)
            if pon is None or len(tiles) != 4:
                raise _DeadEnd(f"added kan {text} without its pon")
            meld = pon.with_added(added)
        else:
            raise _DeadEnd(f"not a discard: {text!r}")
        _act(hand.kan, meld)
        self.events.append(Kan(seat, meld))
        # a closed kan turns its indicator over at once (and those of open kans before
        # it); an added kan those of earlier kans, its own after the next discard
        self._turn_over(self._unturned)
        self._unturned = 0
        if letter == "a":
            self._turn_over(1)
        else:
            self._unturned = 1
        self.last_tile = added
        return True

    def _callers(self, discarder: int, tile: str) -> list[int | None]:
        """Who could call this discard now (pon and kan before chi), then ``None``: nobody."""
        found = []
        for step in range(1, self.round.n):
            player = (discarder + step) % self.round.n
            take = self._next_take(player)
            if isinstance(take, str):
                try:
                    letter, place, tiles = _split_call(take)
                except _DeadEnd:
                    continue
                if letter in "cpm" and tiles[0] == tile and _source(player, place) == discarder:
                    found.append((letter == "c", step, player))
        return [player for _, _, player in sorted(found)] + [None]


def _search(round_: _RoundReader, limit: int = 4096) -> tuple[_Replay, int]:
    """The first order of play, depth first, that replays legally; and how many orders
    were tried. :class:`FormatError` naming the deepest failure if none does."""
    forced: list[int] = []
    deepest: tuple[int, str] = (-1, "")
    for tries in range(1, limit + 1):
        trail: list[tuple[int, int]] = []

        def choose(options: int) -> int:
            choice = forced[len(trail)] if len(trail) < len(forced) else 0
            trail.append((choice, options))
            return choice

        try:
            return round_.replay(choose), tries
        except _DeadEnd as error:
            if error.depth >= deepest[0]:
                deepest = (error.depth, str(error))
        while trail and trail[-1][0] == trail[-1][1] - 1:
            trail.pop()
        if not trail:
            break
        forced = [choice for choice, _ in trail]
        forced[-1] += 1
    raise FormatError(f"no order of play replays the takes and discards legally "
                      f"(furthest: event {deepest[0]}: {deepest[1]})")


# -- results and the game ------------------------------------------------------------------


def _points(text: Any, players: int) -> tuple[int | None, int, int]:
    """Fu (``None`` if not stated), value of the hand and limit of a point text such as
    ``30符4飜7700点``, ``満貫2000-4000点`` (non-dealer tsumo) or ``役満16000点∀`` (dealer tsumo)."""
    match = _POINT_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise FormatError(f"not a point text: {text!r}")
    fu, _, limit, first, second, everybody = match.groups()
    if max(len(first), len(second or ""), len(fu or "")) > 9:
        raise FormatError(f"not a point text: {text!r}: a number beyond any game")
    if second is not None:
        value = (players - 2) * int(first) + int(second)
    else:
        value = int(first) * (players - 1 if everybody else 1)
    return (int(fu) if fu else None), value, _LIMITS.get(limit, 0)


def _yaku(text: Any) -> tuple[str, int | None]:
    """A yaku text ``name(n飜)`` or ``name(役満)`` as ``(name, n)`` or ``(name, None)``."""
    match = _YAKU_TEXT.match(text) if isinstance(text, str) else None
    if match is None or len(match[2] or "") > 9:
        raise FormatError(f"not a yaku text: {clip(repr(text), 60)}")
    shown_text(match[1], "a yaku's name")
    return match[1], (None if match[3] else int(match[2]))


def _deltas(value: Any, n: int) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) >= n and all(type(x) is int for x in value)):
        raise FormatError(f"score changes must be {n} integers, not {value!r}")
    bounded(value[:n], "score changes")
    return tuple(value[:n])


def _win(round_: _RoundReader, state: _Replay, deltas: tuple[int, ...], detail: Any) -> tuple[Win, TenhouWin]:
    n = round_.n
    if not (isinstance(detail, list) and len(detail) >= 3 and all(type(x) is int and 0 <= x < n for x in detail[:3])):
        raise FormatError(f"a win must be detailed as [who, from, pao, points, yaku...], not {detail!r}")
    who, from_who, pao = detail[:3]
    hand = state.hands[who]
    if from_who != who:
        try:
            hand.draw(state.last_tile)
        except IllegalAction as error:
            raise FormatError(f"player {who} cannot win on {state.last_tile}: {error}") from None
    fu, points, limit = _points(detail[3], n) if len(detail) > 3 else (None, 0, 0)
    logged = [_yaku(text) for text in detail[4:]]
    yaku_han = tuple((name, han) for name, han in logged if han is not None)
    yakuman = tuple(name for name, han in logged if han is None)
    if yakuman:
        limit = 5
    han = sum(h for _, h in yaku_han) if len(detail) > 3 else None  # no value stated (written from mjai)
    by_seat = tuple(deltas[round_.player(seat)] for seat in range(n))
    event = Win(
        round_.seat(who),
        replace(hand.to_notation(), riichi=False),
        None if from_who == who else round_.seat(from_who),
        round_.ura if state.riichi[who] and round_.ura else None,  # none shown: a rule without ura-dora
        None if yakuman else fu,
        None if yakuman else han,
        len(yakuman) if yakuman else None,
        points,
        tuple(Yaku(name, 0, 1) for name in yakuman) + tuple(Yaku(name, h) for name, h in yaku_han),
        by_seat,
        LIMIT_NAMES[limit],
    )
    record = TenhouWin(who, from_who, None if pao == who else pao, None if yakuman else fu, None if yakuman else han,
                       points, limit, yaku_han, yakuman, deltas)
    return event, record


def _no_win(round_: _RoundReader, state: _Replay, result: list[Any]) -> tuple[NoWin, TenhouDraw]:
    n, text = round_.n, result[0]
    name = _DRAW_NAMES.get(text)
    if name is None:
        raise FormatError(f"unknown result {text!r}")
    deltas = _deltas(result[1], n) if len(result) > 1 else (0,) * n
    if text == "流局":
        shown = [deltas[p] > 0 for p in range(n)]
    elif text == "流し満貫":
        shown = [hand.is_tenpai() for hand in state.hands]
    elif text in ("全員聴牌", "四家立直"):
        shown = [True] * n
    elif text == "九種九牌":
        shown = [p == state.last_actor for p in range(n)]
    elif text == "三家和了":
        shown = [p != state.last_actor for p in range(n)]
    else:
        shown = [False] * n
    hands = []
    for seat in range(n):
        player = round_.player(seat)
        notation = state.hands[player].to_notation()
        hands.append(shown_hand(list(notation.tiles), notation.melds) if shown[player] else None)
    by_seat = tuple(deltas[round_.player(seat)] for seat in range(n))
    return NoWin(name, tuple(hands), by_seat), TenhouDraw(name, deltas)


def _read_round(data: Any, n: int) -> tuple[Round, tuple[TenhouWin | TenhouDraw, ...], int]:
    """A round's events, Tenhou's results and how many orders of play were tried."""
    round_ = _RoundReader(data, n)
    state, tries = _search(round_)
    result = round_.result
    if not (isinstance(result, list) and result and isinstance(result[0], str)):
        raise FormatError(f"a round must end with its result, not {result!r}")
    records: list[TenhouWin | TenhouDraw] = []
    if result[0] == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise FormatError("a win must give score changes and details for each winner")
        for i in range(1, len(result), 2):
            win, record = _win(round_, state, _deltas(result[i], n), result[i + 1])
            state.events.append(win)
            records.append(record)
    else:
        no_win, draw = _no_win(round_, state, result)
        state.events.append(no_win)
        records.append(draw)
    return Round(tuple(state.events), 0, n), tuple(records), tries


def _label(data: Any) -> str | None:
    """The name of a round (東1局0本場) from its first item, if that is readable."""
    try:
        number, honba, _ = data[0]
        return Round((Deal(number // 4, number % 4, honba, 0, (), "", ()),)).label
    except (TypeError, ValueError, IndexError, KeyError):
        return None


def _rule_text(rule: dict[str, Any], players: int) -> str:
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        return ""
    return ("三" if players == 3 else "四") + disp if disp[:1] in ROOMS else disp


def _per_player(obj: dict[str, Any], key: str, n: int, kind: type | tuple[type, ...], what: str) -> tuple[Any, ...]:
    """The ``n`` players' entries of the list ``obj[key]`` (``what`` they are), which holds
    ``n`` or :data:`~paipu.formats.tenhou_xml.SEATS` of them (Tenhou writes four in a
    three-player game too, the fourth empty); ``()`` if the key is absent or null.
    :class:`FormatError` for anything else: one missing would leave the others unplaced."""
    value = obj.get(key)
    if value is None:
        return ()
    if not (isinstance(value, list) and n <= len(value) <= SEATS
            and all(type(x) in (kind if isinstance(kind, tuple) else (kind,)) for x in value)):
        raise FormatError(f"{key} must be a list of {n} {what} (one per player), not {clip(repr(value), 80)}")
    if kind is str:
        for index, text in enumerate(value):
            shown_text(text, f"{key}[{index}]")
    return tuple(value[:n])


def game_from_tenhou_json(obj: Any, source: str = "") -> Game:
    """Build a :class:`~paipu.events.Game` from a parsed tenhou.net/6 game (see
    :func:`parse`); raise :class:`~paipu.formats.FormatError`, with the round where it is,
    for what is not the format or does not replay.

    The game's :attr:`~paipu.events.Game.origin` (format ``"tenhou-json"``) holds the
    log's :class:`~paipu.formats.tenhou_xml.TenhouRecord` as ``record``; its platform is
    Tenhou when the rule's ``disp`` names a Tenhou room, and its id and date come from
    ``ref`` when that is a Tenhou log id; Mahjong Soul when ``disp`` names one of its ranked
    rooms (:func:`~paipu.formats.majsoul.majsoul_origin`: ``玉の間南喰``, ``Gold Room
    South``, ``三玉の間南喰赤`` for three players), whose length the room's name gives.

    A game of the one-round-per-line form, or an excerpt, has no final results and so is
    not :attr:`~paipu.events.Game.is_complete`.

    What paipu's writer adds (:func:`game_to_tenhou6`; other tools ignore it) is read:
    ``paipu_rule``, the game's :attr:`~paipu.events.Game.rule`; ``final_results: false``
    and ``shown_hands: false``, the :class:`~paipu.events.Origin`'s flags of a log that has
    no place for final results or does not state the hands a draw shows.
    """
    if not is_tenhou_json(obj):
        raise FormatError("not a tenhou.net/6 game: no log of rounds")
    log = obj["log"]
    n = 3 if log and len(log[0]) == 17 and log[0][13] == [] else 4
    rule = obj.get("rule") if isinstance(obj.get("rule"), dict) else {}
    rule_text = shown_text(_rule_text(rule, n), "rule.disp")
    room_players(rule_text, n, "rule.disp")
    names = _per_player(obj, "name", n, str, "names") or ("",) * n
    dan = _per_player(obj, "dan", n, str, "ranks")
    rates = tuple(float(r) for r in _per_player(obj, "rate", n, (int, float), "rates"))
    bounded(rates, "rate")
    log_id = shown_text(obj.get("ref"), "ref") if isinstance(obj.get("ref"), str) else ""
    red_keys = [rule[key] for key in ("aka", "aka51", "aka52", "aka53") if key in rule]
    room = rule_text[1:2]
    info = TenhouInfo(
        log_id, n, room if room and room in ROOMS else "",
        "南" in rule_text, any(red_keys) if red_keys else "赤" in rule_text, "喰" in rule_text, "速" in rule_text,
        None, obj.get("lobby") if type(obj.get("lobby")) is int else None, names, dan, rates,
        _per_player(obj, "sx", n, str, "sexes"), rule_text,
    )
    majsoul = majsoul_origin("tenhou-json", rule_text, n)
    if majsoul is not None:  # a Mahjong Soul export: East-only or East-South as its room says
        info = replace(info, hanchan=dict(majsoul.rule)["winds"] == 2)
    rounds, results, notes = [], [], []
    for index, data in enumerate(log):
        try:
            round_, records, tries = _read_round(data, n)
        except FormatError as error:
            raise FormatError(error.message, index, None, _label(data)) from None
        if tries > 1:
            notes.append(f"{round_.label}: which of two identical discards was called is "
                         f"not written; {tries} orders of play tried, the one that replays legally kept")
        rounds.append(round_)
        results.append(records)
    if "lines" in obj:
        notes.append(f"read from {obj['lines']} lines of one round each: no final scores")
    final_scores = ranks = points = None
    sc = obj.get("sc")
    if sc is not None:
        if not (isinstance(sc, list) and 2 * n <= len(sc) <= 2 * SEATS and all(type(x) in (int, float) for x in sc)):
            raise FormatError(f"sc (final results) must be a list of each player's final score and points, "
                              f"{2 * n} numbers, not {clip(repr(sc), 80)}")
        final_scores = tuple(int(x) for x in sc[0:2 * n:2] if abs(x) <= MAX_NUMBER)
        if len(final_scores) != n:
            raise FormatError(f"sc (final results): a score beyond any game (at most ±{MAX_NUMBER:,}): {sc!r}")
        points = final_points(sc[1:2 * n:2], n, "sc (final results) points")
        ranks = ranks_of(final_scores, 0)
    if dan and rates:
        players = tuple(f"{name}\n({d} R{int(rate // 1)})" for name, d, rate in zip(names, dan, rates))
    elif dan:  # a rank without a rating (a Mahjong Soul player's, as paipu writes it)
        players = tuple(f"{name}\n({d})" if d else name for name, d in zip(names, dan))
    else:
        players = names
    record = TenhouRecord(info, tuple(results), (), tuple(notes))
    title = rule_text + (f"\n{log_id}" if log_id else "")
    if majsoul is not None:
        origin = replace(majsoul, record=record)
    else:
        origin = tenhou_origin("tenhou-json", title, hanchan=info.hanchan, kuitan=info.kuitan,
                               red=info.red_fives, record=record)
    if "lines" in obj or obj.get("final_results") is False:  # no place for the final results
        origin = replace(origin, final_results=False)
    if obj.get("shown_hands") is False:
        origin = replace(origin, shown_hands=False)
    return Game(title, players, 0, tuple(rounds), final_scores, ranks, points, _paipu_rule(obj),
                source=source, origin=origin)


def _paipu_rule(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The rule paipu's writer keeps for a game of no platform (``paipu_rule``: 電脳麻将
    keys, see :func:`game_to_tenhou6`), ``None`` if absent; :class:`FormatError` for one
    that is not a rule."""
    rule: dict[str, Any] | None = obj.get("paipu_rule")
    if rule is None:
        return None
    try:
        Rule.from_json(rule)
    except RuleError as error:
        raise FormatError(f"paipu_rule: {error}") from None
    return rule


# -- writing ---------------------------------------------------------------------------

_CODE_OF_TILE = {tile: code for code, tile in _CODES.items()}

_TENHOU_YAKU = {"翻牌 白": "役牌 白", "翻牌 發": "役牌 發", "翻牌 中": "役牌 中", "ダブル立直": "両立直",
                "国士無双十三面": "国士無双１３面"}
"""The 電脳麻将 names of yaku that Tenhou spells otherwise (:data:`YAKU_NAMES`), and Tenhou's."""

_TENHOU_DRAWS = {"荒牌平局": "流局", "三家和": "三家和了", "四開槓": "四槓散了"}
"""The 電脳麻将 names of draws that Tenhou spells otherwise, and Tenhou's."""

_LIMIT_TEXT = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満"}
"""A win's :attr:`~paipu.events.Win.limit` as a tenhou.net/6 point text names it."""

_PLACE_OF_MARK = {"-": 0, "=": 1, "+": 2}
"""Where a call's letter goes among its tile codes by the direction it was called from
(上家, 対面, 下家: the reverse of :func:`_source`); an open kan from 下家 puts it last."""

_PLAYER_TEXT = re.compile(r"(.*)\n\(([^()\s]*)(?: R(-?\d+))?\)", re.DOTALL)
"""A player as the readers write one whose rank (and rate) the log gives:
``name\\n(dan Rrate)`` (Tenhou's), ``name\\n(dan)`` (a Mahjong Soul record's)."""


def _code(tile: str) -> int:
    return _CODE_OF_TILE[tile]


def _call_text(letter: str, first: str, others: tuple[str, ...] | list[str], place: int) -> str:
    """A call's text: the letter and the ``first`` tile's code (the claimed or added one),
    after ``place`` of the ``others`` codes, in Tenhou's order (a red five after the other
    fives)."""
    codes = "".join(map(str, _in_order(map(_code, others))))
    return codes[:2 * place] + letter + str(_code(first)) + codes[2 * place:]


def _meld_text(meld: Meld) -> str:
    """A call (chi ``c``, pon ``p``, open kan ``m``), closed kan (``a``) or added kan
    (``k``) in tenhou.net/6's notation: the tile codes, the claimed (or added) tile right
    after the letter, the letter first for a call from 上家, after one code from 対面, after
    two from 下家 (after three for an open kan, and for a closed kan): ``c131415``,
    ``43p4343``, ``393939m39``, ``424242a42``; an added kan's ``k`` where its pon's ``p`` was."""
    if meld.type == "ankan":
        *others, last = _in_order(map(_code, meld.tiles))
        return "".join(map(str, others)) + f"a{last}"
    if meld.type == "kakan":
        pon = list(meld.tiles)
        pon.remove(meld.added)  # type: ignore[arg-type]  # a kakan has its added tile
        return _call_text("k", meld.added, pon, _PLACE_OF_MARK[meld.direction])  # type: ignore[arg-type, index]  # and its pon's direction
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[meld.type]
    place = _PLACE_OF_MARK[meld.direction]  # type: ignore[index]  # a call has its direction
    if meld.type == "daiminkan" and place == 2:
        place = 3
    return _call_text(letter, meld.claimed, meld.hand_tiles, place)  # type: ignore[arg-type]  # and its claimed tile


def _limit_of(win: Win, rule: Rule) -> str:
    """The limit of a win whose log does not state it (:attr:`~paipu.events.Win.limit`
    ``None``: 電脳麻将 paipu), from its yakuman, han and fu under ``rule``."""
    if win.yakuman:
        return "yakuman"
    han, fu = win.han or 0, win.fu or 0
    if han >= 13 and rule.kazoe_yakuman:
        return "yakuman"
    for least, limit in ((11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return limit
    base = fu << (2 + han)
    return "mangan" if base > 2000 or (base == 1920 and rule.kiriage_mangan) else ""


def _point_text(win: Win, n: int, limit: str, payments: tuple[int, ...]) -> str:
    """A win's point text (:func:`_points` reads it back): ``30符4飜7700点`` (ron),
    ``満貫2000-4000点`` (a non-dealer's tsumo: what each non-dealer and the dealer pay),
    ``役満16000点∀`` (the dealer's tsumo: what each pays); a limit hand's fu and han
    are not written, as Tenhou writes none."""
    head = _LIMIT_TEXT[limit] if limit else f"{'' if win.fu is None else f'{win.fu}符'}{win.han or 0}飜"
    points = win.points
    if win.discarder is not None:
        return f"{head}{points}点"
    if win.seat == 0:
        return f"{head}{points // (n - 1)}点∀"
    # What the dealer and another non-dealer paid, each less an equal share of the honba;
    # if that does not give the value (a pao), each non-dealer's share rounded up to 100.
    each = -payments[next(seat for seat in range(1, n) if seat != win.seat)]
    dealer = -payments[0]
    honba, uneven = divmod((n - 2) * each + dealer - points, n - 1)
    each, dealer = each - honba, dealer - honba
    if uneven or each <= 0 or dealer <= 0:
        each = -(-points // (100 * n)) * 100
        dealer = points - (n - 2) * each
    return f"{head}{each}-{dealer}点"


def _in_order(codes: Iterable[int]) -> list[int]:
    """Tile codes in Tenhou's order: by kind, a red five after the other fives."""
    return sorted(codes, key=lambda code: 10 * (code - 50) + 5.5 if code > 50 else code)


def _by_index(values: tuple[int, ...], first: int, n: int) -> list[int]:
    """Values by seat (or player id) as tenhou.net/6 lists them, by table place from the
    first dealer (``first``: the seat or player id of the first dealer), four of them:
    a three-player game's fourth is 0, as Tenhou writes it."""
    return [values[(first + index) % n] for index in range(n)] + [0] * (SEATS - n)


def _yaku_text(yaku: Yaku) -> str:
    tenhou = _TENHOU_YAKU.get(yaku_name(yaku.name), yaku.name)
    return f"{tenhou}(役満)" if yaku.yakuman else f"{tenhou}({yaku.han}飜)"


def _result(round_: Round, n: int, rule: Rule) -> list[object]:
    """A round's result: ``["和了", deltas, [who, from, pao, point text, yaku...], ...]``
    or a draw's name and deltas."""
    first = -round_.deal.hand_number % n  # the seat of the first dealer
    index = [(seat + round_.deal.hand_number) % n for seat in range(n)]  # table place by seat
    wins = [event for event in round_.events if isinstance(event, Win)]
    if wins:
        result: list[object] = ["和了"]
        for win in wins:
            payments = win.payments or (0,) * n
            who = index[win.seat]
            liable = next((yaku.pao for yaku in win.yaku if yaku.pao), None)
            pao = who if liable is None else index[(win.seat + _OFFSET_OF_MARK[liable]) % n]
            detail: list[int | str] = [who, who if win.discarder is None else index[win.discarder], pao]
            if win.states_value:
                limit = _limit_of(win, rule) if win.limit is None else win.limit
                detail += [_point_text(win, n, limit, payments), *map(_yaku_text, win.yaku)]
            result += [_by_index(payments, first, n), detail]
        return result
    no_win = next((event for event in round_.events if isinstance(event, NoWin)), None)
    if no_win is None:
        raise ValueError(f"{round_.label} has no end: tenhou.net/6 writes a result for every round")
    name = draw_name(no_win.name) or no_win.name
    text = _TENHOU_DRAWS.get(name, name)
    payments = no_win.payments or (0,) * n
    if text == "流局" and not any(payments):
        shown = sum(hand is not None for hand in no_win.hands)
        text = "全員聴牌" if shown == n else "全員不聴" if shown == 0 else text
    return [text, _by_index(payments, first, n)] if any(payments) or text == "流局" else [text]


def _round_to_tenhou6(round_: Round, rule: Rule) -> list[object]:
    """One round as tenhou.net/6's array of 17 (see the module)."""
    n, deal = round_.players, round_.deal
    first = -deal.hand_number % n
    index = [(seat + deal.hand_number) % n for seat in range(n)]
    takes: list[list[int | str]] = [[] for _ in range(SEATS)]
    discards: list[list[int | str]] = [[] for _ in range(SEATS)]
    dora = [_code(deal.dora_indicator)]
    ura: list[int] = []
    for event in round_.events[1:]:
        if isinstance(event, (Draw, KanDraw)):
            takes[index[event.seat]].append(_code(event.tile))
        elif isinstance(event, Discard):
            code = 60 if event.tsumogiri else _code(event.tile)
            discards[index[event.seat]].append(f"r{code}" if event.riichi else code)
        elif isinstance(event, Call):
            takes[index[event.seat]].append(_meld_text(event.meld))
            if event.meld.type == "daiminkan":
                discards[index[event.seat]].append(0)
        elif isinstance(event, Kan):
            discards[index[event.seat]].append(_meld_text(event.meld))
        elif isinstance(event, NorthSetAside):
            discards[index[event.seat]].append(f"f{_code(event.tile)}")
        elif isinstance(event, DoraReveal):
            dora.append(_code(event.indicator))
        elif isinstance(event, Win) and event.ura_indicators and not ura:
            ura = [_code(tile) for tile in event.ura_indicators]
    data: list[object] = [[4 * deal.round_wind + deal.hand_number, deal.honba, deal.riichi_sticks],
                  _by_index(deal.scores, first, n), dora, ura]
    for place in range(SEATS):
        seat = (place - deal.hand_number) % n
        data += [_in_order(map(_code, deal.hands[seat].tiles)) if place < n else [], takes[place], discards[place]]
    data.append(_result(round_, n, rule))
    return data


def _number(text: str) -> int | float:
    """Final points as a JSON number that reads back as the same text (``"45"``, ``"-12.3"``)."""
    return float(text) if "." in text else int(text)


def _players(game: Game) -> dict[str, Sequence[str | float]]:
    """``name``, and ``dan``, ``rate`` and ``sx`` where the log gives them, by table place
    from the first dealer: a player written ``name\\n(dan Rrate)`` (a Tenhou log's) as
    its parts, which the reader joins again."""
    n = len(game.players)
    order = [(game.first_dealer + place) % n for place in range(n)]
    parts = [_PLAYER_TEXT.fullmatch(player) for player in game.players]
    record = game.origin.record if game.origin is not None else None
    info = record.info if isinstance(record, TenhouRecord) else None
    pad = [""] * (SEATS - n)
    if not all(parts):
        return {"name": [game.players[p] for p in order] + pad}
    fields: dict[str, Sequence[str | float]] = {
        "name": [parts[p][1] for p in order] + pad,  # type: ignore[index]  # all matched (above)
        "dan": [parts[p][2] for p in order] + pad,  # type: ignore[index]  # as above
    }
    if any(parts[p][3] is None for p in order):  # type: ignore[index]  # as above
        if not all(parts[p][3] is None for p in order):  # type: ignore[index]  # as above
            return {"name": [game.players[p] for p in order] + pad}  # some rated, some not: as they are
        return fields  # ranks without ratings (a Mahjong Soul record's)
    fields["rate"] = [int(parts[p][3]) for p in order] + [0] * (SEATS - n)  # type: ignore[index]  # as above
    if info is not None and len(info.rates) == n and all(int(info.rates[p] // 1) == fields["rate"][place]
                                                          for place, p in enumerate(order)):
        fields["rate"] = [info.rates[p] for p in order] + [0] * (SEATS - n)  # as logged, with decimals
    if info is not None and len(info.sexes) == n:
        fields["sx"] = [info.sexes[p] for p in order] + pad
    return fields


def game_to_tenhou6(game: Game) -> dict[str, Any]:
    """A game of three or four players as a tenhou.net/6 object (what
    :func:`game_from_tenhou_json` reads, and mjai-reviewer); ``ValueError`` for another
    number of players.

    The players are listed from the first dealer, as Tenhou lists them. ``rule.disp`` is
    the room of a Tenhou or Mahjong Soul game (``鳳南喰赤``, ``三鳳南喰赤``, ``玉の間南喰``),
    which gives the rule the game is checked under, with its log id as ``ref`` (so its
    date); the red fives are ``aka51``-``aka53`` (and ``aka``: any). A game of no platform
    (電脳麻将, mjai) keeps the rule paipu checks it under as ``paipu_rule`` (電脳麻将 keys,
    as :attr:`Game.rule <paipu.events.Game.rule>`), and a game that carries its own rule
    keeps that. Yaku and draws are named as Tenhou
    names them (``役牌 白``, ``流局``, ``全員聴牌``); a limit hand's fu is not written. A game
    whose log has no place for final results (one round per line, mjai) is written with
    ``final_results: false``, and one whose log does not state the hands a draw shows
    (mjai) with ``shown_hands: false``, as paipu's other writers mark them, for the game
    read back to be checked as its source is."""
    n = len(game.players)
    if n not in (3, 4):
        raise ValueError(f"tenhou.net/6 holds games of three or four players, not {n}")
    rule = game_rule(game)
    origin = game.origin
    platform = origin.platform if origin is not None else ""
    room = origin.room if origin is not None and platform in ("tenhou", "majsoul") else ""
    obj: dict[str, Any] = {"title": (game.title.split("\n", 1) + [""])[:2]}
    if platform == "tenhou" and origin is not None and origin.id:
        obj["ref"] = origin.id
    obj.update(_players(game))
    disp = room[1:] if room[:1] == "四" else room or ("三" if n == 3 else "")
    reds = rule.red_fives
    obj["rule"] = {"disp": disp, "aka": int(any(reds)), "aka51": reds[0], "aka52": reds[1], "aka53": reds[2]}
    if game.rule is not None:  # the game's own rule, whatever its room
        obj["paipu_rule"] = dict(game.rule)
    elif not room:
        obj["paipu_rule"] = rule.to_json()
    obj["log"] = [_round_to_tenhou6(round_, rule) for round_ in game.rounds]
    if origin is not None and not origin.final_results:
        obj["final_results"] = False
    if origin is not None and not origin.shown_hands:
        obj["shown_hands"] = False
    if game.final_scores is not None and game.points is not None:
        order = [(game.first_dealer + place) % n for place in range(n)]
        obj["sc"] = [x for p in order for x in (game.final_scores[p], _number(game.points[p]))] + [0] * (2 * (SEATS - n))
    return obj


def dumps(game: Game) -> bytes:
    """A game as a tenhou.net/6 file: one JSON object (see :func:`game_to_tenhou6`)."""
    return orjson.dumps(game_to_tenhou6(game))


def as_read_back(event: Event, rule: Rule) -> Event:
    """``event`` of a game checked under ``rule`` as :func:`game_from_tenhou_json` reads
    it back from what :func:`game_to_tenhou6` writes: a win's yaku under Tenhou's names
    and without the liable player's mark (the win's third number says who is liable), its
    limit stated (worked out under ``rule`` where the log states none) and its fu not, for
    a limit hand; a draw under the name the reader gives Tenhou's text, the hands it shows
    sorted, the drawn tile last; the hands a win or draw shows without the riichi mark ``*`` and the Norths set aside ``b`` (the takes and
    discards hold them). Anything else that differs, tenhou.net/6 cannot hold (a double
    yakuman: Tenhou counts each yakuman once)."""
    if isinstance(event, Win):
        limit = _limit_of(event, rule) if event.limit is None else event.limit
        if not event.states_value:
            limit = ""
        return replace(event, hand=_as_shown(event.hand), fu=None if limit else event.fu, limit=limit, yaku=tuple(
            Yaku(_TENHOU_YAKU.get(yaku_name(y.name), y.name), y.han, y.yakuman) for y in event.yaku))
    if isinstance(event, NoWin):
        name = draw_name(event.name) or event.name
        return replace(event, name=_DRAW_NAMES.get(_TENHOU_DRAWS.get(name, name), event.name),
                       hands=tuple(None if hand is None else shown_hand(list(hand.tiles), _as_shown(hand).melds)
                                   for hand in event.hands))
    return event


def _as_shown(hand: HandNotation) -> HandNotation:
    """A hand shown at the end of a round as the tenhou.net/6 reader writes it: no riichi
    mark, no North set aside among the melds."""
    if not hand.riichi and all(meld.type != "north" for meld in hand.melds):
        return hand
    return replace(hand, riichi=False, melds=tuple(meld for meld in hand.melds if meld.type != "north"))
