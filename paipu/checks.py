"""What the rules allow and expect at each event: pure functions of the table and the rule.

Each ``*_problems`` function looks at the :class:`~paipu.table.Table` *before* an event
and returns the :class:`~paipu.table.Problem`\\ s of applying it there (an empty list when
it is legal), changing nothing. :func:`expected_win` and :func:`expected_draw` derive
what a win or a draw must state. The replay engine (:mod:`paipu.engine`) asks them, then
applies the event with the table's own action. Sections (§) in the docstrings are those of
``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Final

from mypy_extensions import mypyc_attr

from .records import pickle_by_fields
from .events import Call, Discard, DoraReveal, Draw, Event, Kan, KanDraw, NorthSetAside, NoWin, Win
from .hand import Hand
from .names import draw_name
from .rules import Rule
from .scoring import (DEFAULT_SITUATION_FIELDS, NotAWin, Situation, SituationFields, WinResult, nine_gates,
                      score_situation, standard_readings, stored_fields, tsumo_shares)
from .shanten import waits as _waits
from .table import BEFORE_DISCARD, Problem, Table
from .tiles import KIND_OF, HandNotation, Meld, kind

__all__ = [
    "WinExpectation",
    "DrawExpectation",
    "draw_problems",
    "discard_problems",
    "call_problems",
    "kan_problems",
    "north_problems",
    "kan_after_riichi",
    "expected_win",
    "furiten",
    "expected_draw",
    "is_tenpai",
]

_MARK: Final = {1: "+", 2: "=", 3: "-"}
_MARK_THREE: Final = {1: "+", 2: "-"}
"""A scored ron's direction mark with three players, by (discarder - winner) % 3."""
_NONE: Final[list[Problem]] = []
"""What a check returns for a legal event (never changed: the caller adds it to its own)."""
_NORTH: Final = KIND_OF["z4"]
_ORPHAN_KINDS: Final = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
_KOKUSHI: Final = frozenset(("国士無双", "国士無双十三面"))
"""The names of thirteen orphans' yaku (the single wait, the thirteen-sided wait)."""


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class WinExpectation:
    """What the engine derives for a :class:`~paipu.events.Win`.

    ``allowed`` is ``None`` when the win is allowed, else why not (furiten, no yaku, the
    tile was not the last discard...). ``result`` is the scoring of the hand in this
    situation (a :class:`~paipu.scoring.WinResult`, or a false ``NotAWin`` with the reason
    it scores nothing); ``situation_fields`` the fields of that
    :class:`~paipu.scoring.Situation`, in order, and :attr:`situation` the situation
    (made when asked: the replay scores from the fields). ``ura_count`` is how many ura
    indicators the log should list (``None``: the field should be null). ``hand`` is the
    winner's hand as replayed, the winning tile last."""

    allowed: str | None
    result: WinResult | NotAWin
    situation_fields: SituationFields
    ura_count: int | None
    hand: HandNotation

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, allowed: str | None, result: WinResult | NotAWin, situation_fields: SituationFields,
                 ura_count: int | None, hand: HandNotation) -> None:
        object.__setattr__(self, "allowed", allowed)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "situation_fields", situation_fields)
        object.__setattr__(self, "ura_count", ura_count)
        object.__setattr__(self, "hand", hand)

    @property
    def situation(self) -> Situation:
        """The situation of the win as scored (``Situation(*situation_fields)``)."""
        return Situation(*self.situation_fields)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class DrawExpectation:
    """What the engine derives for a :class:`~paipu.events.NoWin`: the draw's ``name``
    (engine spelling; ``None`` when no draw is possible here), which seats are ``tenpai``
    (for an exhaustive draw), which hands must be ``shown`` (``None``: the player may
    choose), and the ``payments`` by seat."""

    name: str | None
    tenpai: tuple[bool, ...]
    shown: tuple[bool | None, ...]
    payments: tuple[int, ...]

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, name: str | None, tenpai: tuple[bool, ...], shown: tuple[bool | None, ...], payments: tuple[int, ...]) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "tenpai", tenpai)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "payments", payments)


pickle_by_fields(WinExpectation, DrawExpectation)


# -- draws, discards, calls, kans -----------------------------------------------------------


def draw_problems(table: Table, seat: int, replacement: bool) -> list[Problem]:
    """A draw (or a kan's ``replacement`` draw) by ``seat``: in turn, with a tile left.
    The replacement for a North set aside may be logged either way."""
    phase = table.phase
    if table.wall > 0 and seat == table.actor and (phase == ("kandraw" if replacement else "draw")
                                                   or phase == "northdraw"):
        return _NONE
    problems = []
    key = "gangzimo" if replacement else "zimo"
    if phase == "northdraw":
        if seat != table.actor:
            problems.append(Problem(key, f"seat {seat} draws, not seat {table.actor}'s replacement for its North"))
        if table.wall <= 0:
            problems.append(Problem(key, "a replacement draw with no tile left in the wall"))
    elif replacement:
        if table.phase != "kandraw" or seat != table.actor:
            problems.append(Problem("gangzimo", f"a replacement draw by seat {seat} without its kan"))
        if table.wall <= 0:
            problems.append(Problem("gangzimo", "a replacement draw with no tile left in the wall"))
    else:
        if table.phase != "draw" or seat != table.actor:
            expected = f"seat {table.actor}" if table.phase == "draw" else "no draw"
            problems.append(Problem("zimo", f"seat {seat} draws out of turn (expected {expected})"))
        if table.wall <= 0:
            problems.append(Problem("zimo", "a draw with no tile left in the wall"))
    return problems


def discard_problems(table: Table, discard: Discard, rule: Rule) -> list[Problem]:
    """A discard: in turn; not a kind swap-calling forbids right after a call (喰い替え);
    after a kan's new dora indicator that is due before it; with riichi, four tiles left
    in the wall (unless the rule allows riichi without a draw) and, under bankruptcy,
    1,000 points to pay; a tile marked as the drawn one is that tile. (Four tiles left
    means a draw of one's own still to come: three with three players.)"""
    seat, tile = discard.seat, discard.tile
    phase = table.phase
    problems = []
    if phase not in ("act", "discard") or seat != table.actor:
        problems.append(Problem("dapai", f"seat {seat} discards out of turn"))
    if table.forbidden and phase == "discard" and kind(tile) in table.forbidden:
        problems.append(Problem("dapai", f"swap-calling (喰い替え): {tile} may not be discarded right after this call"))
    if table.dora_due and BEFORE_DISCARD in table.dora_due:
        problems.append(Problem("kaigang", "a kan's new dora indicator was not revealed before this discard"))
    if discard.riichi:
        seats = len(table.hands)  # a draw of one's own left: one per player
        if table.wall < seats and not rule.riichi_without_draw:
            problems.append(Problem("dapai", f"riichi with {table.wall} tiles left in the wall (needs {seats})"))
        if rule.bankruptcy_ends and table.scores[seat] < 1000:
            problems.append(Problem("dapai", "riichi with less than 1,000 points"))
    hand = table.hands[seat]
    if discard.tsumogiri and tile != hand.drawn and not table.unknown[seat] and hand._held(tile):
        problems.append(Problem("dapai", f"{tile}_ marked as the drawn tile, which is {hand.drawn}"))
    return problems


def call_problems(table: Table, call: Call, previous: Event) -> list[Problem]:
    """A chi, pon or open kan: on the discard just made (``previous``), of that tile,
    from the direction its meld says (:attr:`Table.marks <paipu.table.Table.marks>`),
    not on the last tile (河底), not a fifth kan; no chi with three players."""
    meld, seat = call.meld, call.seat
    problems = []
    if meld.type == "chi" and len(table.hands) == 3:
        problems.append(Problem("fulou", f"{meld}: no chi with three players"))
    if table.last_discard is None or table.phase != "draw" or type(previous) is not Discard:
        problems.append(Problem("fulou", f"{meld}: a call with no discard to call"))
    else:
        discarder, tile = table.last_discard
        mark = table.marks[discarder][seat]
        if meld.claimed != tile:
            problems.append(Problem("fulou", f"{meld} claims {meld.claimed}, but the discard was {tile}"))
        if mark != meld.direction:
            problems.append(Problem("fulou", f"{meld}: the discard came from seat {discarder}, "
                                    f"which is {mark!r} from seat {seat}, not {meld.direction!r}"))
    if table.wall <= 0:
        problems.append(Problem("fulou", f"{meld}: the last discard (河底) cannot be called"))
    if meld.type == "daiminkan" and sum(table.kans) >= 4:
        problems.append(Problem("fulou", "a fifth kan"))
    return problems


def kan_problems(table: Table, kan: Kan, rule: Rule) -> list[Problem]:
    """A closed or added kan: in turn, with a tile left, not a fifth kan, and after
    riichi only as :func:`kan_after_riichi` allows."""
    meld, seat = kan.meld, kan.seat
    problems = []
    if table.phase != "act" or seat != table.actor:
        problems.append(Problem("gang", f"{meld}: a kan out of turn"))
    if table.wall <= 0:
        problems.append(Problem("gang", f"{meld}: a kan with no tile left in the wall"))
    hand = table.hands[seat]
    if hand.riichi:
        reason = kan_after_riichi(hand, meld, rule.kan_after_riichi)
        if reason:
            problems.append(Problem("gang", f"{meld}: {reason}"))
    if sum(table.kans) >= 4:
        problems.append(Problem("gang", "a fifth kan"))
    return problems


def north_problems(table: Table, north: NorthSetAside, rule: Rule) -> list[Problem]:
    """A North set aside (北抜き): with three players under a rule with
    :attr:`~paipu.rules.Rule.north_dora`, on one's turn after a draw, with a tile left in
    the wall for its replacement (that it is a North the hand holds, the hand says:
    :meth:`~paipu.hand.Hand.set_aside_north`)."""
    seat = north.seat
    problems = []
    if len(table.hands) != 3 or not rule.north_dora:
        problems.append(Problem("penuki", "a North set aside, which only three players under a rule "
                                          "with 抜きドラ do"))
    if table.phase != "act" or seat != table.actor:
        problems.append(Problem("penuki", f"seat {seat} sets a North aside out of turn"))
    if table.wall <= 0:
        problems.append(Problem("penuki", "a North set aside with no tile left in the wall"))
    return problems


def kan_after_riichi(hand: Hand, meld: Meld, level: int) -> str | None:
    """Why a kan by a hand in riichi is not allowed at リーチ後暗槓許可レベル ``level``,
    or ``None`` (``docs/rules.md``, リーチ後暗槓許可レベル). Only a closed kan of the drawn
    tile, and at level 0 none. At level 2 the hand must stay ready with no fewer waits;
    at level 1, besides, its readings must not fall: summed over the waits, the readings
    of the complete hand (面子構成, the nine gates form counted as one more for a hand
    without melds) are no fewer after the kan than before it — the 電脳麻将 engine's test
    (``Game.get_gang_mianzi``)."""
    if meld.type != "ankan" or level == 0:
        return "no kan of this kind after riichi under this rule"
    if hand.drawn is None or kind(hand.drawn) != kind(meld.tiles[0]):
        return "after riichi only the drawn tile can make a kan"
    k = kind(hand.drawn)
    before = list(hand.counts)
    before[k] = before[k] - 1
    if sum(before) % 3 != 1 or before[k] < 3:
        return None  # a hand of the wrong size, or the kan is impossible: reported elsewhere
    after = list(before)
    after[k] = after[k] - 3
    waits_before, waits_after = _waits(before), _waits(after)
    if level == 2:
        if not waits_after or len(waits_after) < len(waits_before):
            return "the kan after riichi changes the waits"
        return None
    closed = not hand.melds
    if _readings_over(before, waits_before, closed) > _readings_over(after, waits_after, False):
        return "the kan after riichi changes the hand's shape (牌姿)"
    return None


def _readings_over(counts: list[int], waits: tuple[int, ...] | list[int], closed: bool) -> int:
    """The readings of ``counts`` completed by each of ``waits``, summed."""
    total = 0
    for wait in waits:
        complete = list(counts)
        complete[wait] = complete[wait] + 1
        complete_tuple = tuple(complete)
        total += len(standard_readings(complete_tuple, wait)) + (closed and nine_gates(complete_tuple, wait) > 0)
    return total


# -- wins ---------------------------------------------------------------------------------


def expected_win(table: Table, win: Win, events: tuple[Event, ...], position: int, rule: Rule) -> WinExpectation:
    """What the rules give for ``win`` at ``events[position]``: whether it is allowed
    (a tsumo right after the winner's own draw; a ron on the discard or added kan just
    made, from the seat the win names, in turn order, not furiten) and the hand's value.
    Honba and riichi sticks go to the first winner of a multiple ron."""
    seat = win.seat
    hand = table.hands[seat]
    seats = len(table.hands)
    previous = before(events, position)
    allowed = None
    if hand.size % 3 != (2 if win.discarder is None else 1):
        if table.unknown[seat]:  # lost track of at an impossible discard (reported there)
            reason = "the winner's hand is not known"
        elif win.discarder is None:
            reason = f"a tsumo by seat {seat}, who has not just drawn (a hand of {hand.size} tiles)"
        else:
            reason = f"a ron by seat {seat}, who holds a tile to discard (a hand of {hand.size} tiles)"
        return WinExpectation(reason, NotAWin("incomplete"), DEFAULT_SITUATION_FIELDS, None, hand.to_notation())
    chankan = robbed_closed_kan = False
    if win.discarder is None:  # tsumo
        if not (type(previous) is Draw or type(previous) is KanDraw) or previous.seat != seat:
            allowed = "a tsumo that does not follow the winner's own draw"
        win_tile = None
        haitei = 1 if table.wall == 0 and not table.rinshan else 0
    else:
        source = ron_source(events, position)
        tile = None
        if source is None:
            allowed = "a ron with no discard, added kan or North set aside to win on"
        else:
            discarder, tile, robbed = source
            chankan, robbed_closed_kan = robbed is not None, robbed == "ankan"
            if discarder != win.discarder:
                allowed = f"the tile came from seat {discarder}, not seat {win.discarder}"
            elif robbed_closed_kan and not rule.kokushi_robs_closed_kan:
                allowed = "a ron on a closed kan (暗槓), which nobody may rob under this rule"
        if win.discarder == seat:
            allowed = "a ron on the winner's own tile"
        if tile is None or win.discarder == seat:
            return WinExpectation(allowed, NotAWin("incomplete"), DEFAULT_SITUATION_FIELDS, None, hand.to_notation())
        win_tile = tile + (_MARK[(win.discarder - seat) % 4] if seats == 4 else _MARK_THREE[(win.discarder - seat) % 3])
        haitei = 2 if table.wall == 0 and not chankan else 0
        allowed = allowed or _ron_order_problem(events, position, win, rule, seats)
    notation = hand.to_notation()
    scored = notation if seats == 4 or not notation.melds else _scoring_melds(notation, table, seat)
    if table.riichi[seat] and rule.ura_dora:
        ura_count = len(table.dora_indicators) if rule.kan_ura else 1
    else:
        ura_count = None
    ura = win.ura_indicators if win.ura_indicators is not None and ura_count else None
    if ura is not None and ura_count is not None and len(ura) > ura_count:
        ura = ura[:ura_count]
    situation = stored_fields((  # a Situation's fields, in order (ValueError for one it refuses)
        table.dealt.round_wind,  # round_wind
        seat,  # seat_wind
        table.riichi[seat],  # riichi
        table.ippatsu[seat] and rule.ippatsu,  # ippatsu
        haitei,
        table.rinshan and win.discarder is None,  # rinshan
        win.discarder is not None and chankan,  # chankan
        (1 if seat == 0 else 2) if win.discarder is None and table.first_go_around else 0,  # tenhou
        tuple(table.dora_indicators),  # dora_indicators
        ura,  # ura_indicators
        0 if type(previous) is Win else table.honba,  # honba
        0 if type(previous) is Win else table.sticks,  # riichi_sticks
        seats,  # players
    ))
    try:
        result: WinResult | NotAWin = score_situation(scored, win_tile, situation, rule, hand.tally())
    except ValueError as error:  # e.g. more red fives than the rule has (reported as a tiles problem)
        result = NotAWin("incomplete")
        allowed = allowed or f"the hand cannot be scored: {error}"
    if robbed_closed_kan and allowed is None and isinstance(result, WinResult) and not _is_kokushi(result):
        allowed = "a ron on a closed kan (暗槓) with a hand that is not kokushi (国士無双), the only one that may rob it"
    if win.discarder is not None and allowed is None:
        allowed = furiten(table, seat, events, position)
    if allowed is None and not result:
        allowed = str(result)
    full = notation if win_tile is None else HandNotation(
        notation.concealed, win_tile[:2], notation.riichi, notation.melds)
    return WinExpectation(allowed, result, situation, ura_count, full)


def _scoring_melds(notation: HandNotation, table: Table, seat: int) -> HandNotation:
    """A three-player hand with its melds' direction marks as scoring reads them, ``+``
    下家 and ``-`` 上家, from the marks of the log (:func:`~paipu.table.direction_marks`):
    they say who is liable for a yakuman (パオ)."""
    relative = {table.marks[other][seat]: _MARK_THREE[(other - seat) % 3] for other in range(3) if other != seat}
    melds = tuple(replace(meld, direction=relative.get(meld.direction, meld.direction)) if meld.direction else meld
                  for meld in notation.melds)
    return replace(notation, melds=melds)


def ron_source(events: tuple[Event, ...], position: int) -> tuple[int, str, str | None] | None:
    """The seat and tile a ron at ``position`` is on, and the kind of kan it robs (槍槓:
    ``"kakan"``, ``"ankan"``; ``None`` for no kan): the last discard, the tile added to
    a kan, a tile of a closed kan (which only kokushi robs, under
    :attr:`~paipu.rules.Rule.kokushi_robs_closed_kan`), or a North just set aside (three
    players: no 槍槓); ``None`` if there is none."""
    index = position - 1
    while index > 0 and type(events[index]) in (Win, DoraReveal):
        index -= 1
    event = events[index]
    if type(event) is Discard:
        return event.seat, event.tile, None
    if type(event) is Kan:
        meld = event.meld
        tile = meld.added if meld.type == "kakan" and meld.added is not None else meld.tiles[-1]
        return event.seat, tile, meld.type
    if type(event) is NorthSetAside:
        return event.seat, "z4", None
    return None


def _is_kokushi(result: WinResult) -> bool:
    """Whether a scored hand is thirteen orphans (国士無双, either wait)."""
    return any(yaku.name in _KOKUSHI for yaku in result.yaku)


def _ron_order_problem(events: tuple[Event, ...], position: int, win: Win, rule: Rule, seats: int) -> str | None:
    """Several rons on one tile come in turn order from the discarder's next seat, at
    most the rule's number of simultaneous wins (any number on an added kan)."""
    index = position
    while type(events[index - 1]) is Win:
        index -= 1
    winners = [e.seat for e in events[index:position + 1] if type(e) is Win]
    distances = [(w - win.discarder) % seats for w in winners]  # type: ignore[operator]  # rons: it has a discarder
    if distances != sorted(distances) or len(set(distances)) != len(distances):
        return "several rons not in turn order from the discarder"
    limit = rule.max_simultaneous_wins
    if len(winners) > limit and type(events[index - 1]) is not Kan:
        return f"more than {limit} simultaneous wins under this rule"
    return None


def furiten(table: Table, seat: int, events: tuple[Event, ...], position: int,
            on_passed_tile: bool = True, waits: Collection[int] | None = None) -> str | None:
    """Why a ron by ``seat`` at ``events[position]`` is furiten (振聴), or ``None``: a
    wait in its own river, or a winning tile another player passed (discarded or added
    to a kan) since the winner's last discard (since its riichi, if in riichi).

    The ron is on the last tile passed before ``position``, which does not count; with
    ``on_passed_tile`` false, the question is asked between turns (no tile to win on)
    and every tile passed before ``position`` counts. ``waits``: the hand's waits
    (kinds) when the caller has them already (else :meth:`Table.waits`)."""
    if waits is None:
        waits = table.waits(seat)
    if not waits:
        return None
    for tile in table.rivers[seat]:
        if kind(tile[:2]) in waits:
            return f"furiten: the wait {tile[:2]} is in the winner's own river"
    current = position
    if on_passed_tile:
        current -= 1  # the tile won on: the last one passed
        while current > 0 and passed_tile(events[current]) is None:
            current -= 1
    since_riichi = bool(table.riichi[seat])
    north = _NORTH in waits
    index = current - 1
    while index > 0:  # back to the winner's last discard (its riichi discard, in riichi)
        event = events[index]
        if type(event) is Discard:
            if event.seat == seat:
                if event.riichi or not since_riichi:
                    break
            elif kind(event.tile) in waits:
                return f"furiten: the winner passed {event.tile} since its last discard"
        elif type(event) is Kan and event.seat != seat and event.meld.type == "kakan":
            added = event.meld.added
            if kind(added) in waits:  # type: ignore[arg-type]  # a kakan has its added tile
                return f"furiten: the winner passed {added} since its last discard"
        elif north and type(event) is NorthSetAside and event.seat != seat:
            return "furiten: the winner passed a North set aside since its last discard"
        index -= 1
    return None


def passed_tile(event: Event) -> str | None:
    """The tile an event offers the other players to win on: a discard's, the tile
    added to a kan (加槓, robbable), a closed kan's (暗槓, which kokushi robs under
    :attr:`~paipu.rules.Rule.kokushi_robs_closed_kan`), a North set aside; else
    ``None``."""
    if type(event) is Discard:
        return event.tile
    if type(event) is Kan:
        meld = event.meld
        return meld.added if meld.type == "kakan" else meld.tiles[-1]
    if type(event) is NorthSetAside:
        return "z4"
    return None


# -- draws --------------------------------------------------------------------------------


def expected_draw(table: Table, draw: NoWin, previous: Event, rule: Rule) -> DrawExpectation:
    """Which draw (流局) the rules give at ``draw``, after ``previous``, and its payments
    (``docs/rules.md`` §4, §5): 九種九牌 right after a first draw, 三家和 on a discard
    three players can win on, then in the engine's order after a discard nobody won on:
    四家立直, 四風連打, 四開槓, and an exhaustive draw when the wall is empty. With three
    players only 九種九牌, 四開槓 and the exhaustive draw exist."""
    seats = len(table.hands)
    name = draw_name(draw.name)
    zeros = (0,) * seats
    no = (False,) * seats
    if name == "九種九牌" or (name is None and type(previous) is Draw):
        seat = previous.seat if type(previous) is Draw or type(previous) is KanDraw else -1
        ok = (type(previous) is Draw and table.first_go_around and rule.abortive_draws and seat >= 0
              and sum(1 for k in _ORPHAN_KINDS if table.hands[seat].counts[k]) >= 9)
        return DrawExpectation("九種九牌" if ok else None, no, tuple(s == seat for s in range(seats)), zeros)
    four = seats == 4
    if name == "三家和":
        if type(previous) is not Discard or not four:
            return DrawExpectation(None, no, no, zeros)
        ok = rule.max_simultaneous_wins == 2 and _three_rons(table, previous)
        return DrawExpectation("三家和" if ok else None, no,
                               tuple(s != previous.seat for s in range(seats)), zeros)
    if type(previous) is not Discard:
        return DrawExpectation(None, no, no, zeros)
    if rule.abortive_draws and four and all(table.riichi):
        return DrawExpectation("四家立直", no, (True,) * seats, zeros)
    if rule.abortive_draws and four and table.four_winds and previous.seat == 3 and len(table.rivers[3]) == 1:
        return DrawExpectation("四風連打", no, no, zeros)
    if rule.abortive_draws and sum(table.kans) == 4 and max(table.kans) < 4:
        return DrawExpectation("四開槓", no, no, zeros)
    if table.wall == 0:
        return _exhaustive(table, draw, rule)
    return DrawExpectation(None, no, no, zeros)


def _three_rons(table: Table, discard: Discard) -> bool:
    claimants = 0
    for seat in range(len(table.hands)):
        if seat != discard.seat:
            waits = table.waits(seat)
            if waits is not None and kind(discard.tile) in waits:
                claimants += 1
    return claimants == 3


def _exhaustive(table: Table, draw: NoWin, rule: Rule) -> DrawExpectation:
    """荒牌平局 / 流し満貫 (``docs/rules.md`` §4). A hand the table does
    not know is taken as tenpai when the log shows it."""
    seats = len(table.hands)
    tenpai = []
    shown: list[bool | None] = []
    for seat, hand in enumerate(table.hands):
        evaluated: bool | None = True
        if rule.noten_declaration and not hand.riichi:
            evaluated = None  # the player may decline to show: not checked
        elif not rule.noten_penalty and not hand.riichi and not (rule.renchan == 2 and seat == 0):
            evaluated = False
        ready = evaluated is not False and is_tenpai(table, seat, draw)
        tenpai.append(ready)
        shown.append(ready if evaluated is not None else None)
    payments = [0] * seats
    name = "荒牌平局"
    if rule.nagashi_mangan:
        for seat in range(seats):
            river = table.rivers[seat]
            if river and all(t[0] == "z" or t[1] in "19" for t in river) and not table.called_away(seat):
                name = "流し満貫"
                from_dealer, from_others = tsumo_shares(2000, seat == 0, seats, rule)  # paid as a mangan tsumo
                for other in range(seats):
                    if other != seat:
                        share = from_dealer if other == 0 else from_others
                        payments[other] = payments[other] - share
                        payments[seat] = payments[seat] + share
    if name == "荒牌平局" and rule.noten_penalty:
        tenpai_seats = sum(tenpai)
        if 0 < tenpai_seats < seats:
            penalty = 1000 * (seats - 1)  # 3,000 among four players, 2,000 among three
            for seat in range(seats):
                payments[seat] = penalty // tenpai_seats if tenpai[seat] else -penalty // (seats - tenpai_seats)
    return DrawExpectation(name, tuple(tenpai), tuple(shown), tuple(payments))


def is_tenpai(table: Table, seat: int, draw: NoWin) -> bool:
    """Whether ``seat`` is ready (聴牌) at ``draw``: by its hand, or, for a hand the table
    does not know, by whether the log shows it."""
    waits = table.waits(seat)
    return bool(waits) if waits is not None else draw.hands[seat] is not None


def before(events: Sequence[Event], position: int) -> Event:
    """The event before ``position``, passing over new dora indicators."""
    index = position - 1
    while index > 0 and type(events[index]) is DoraReveal:
        index -= 1
    return events[index]
