"""The table of one round (卓), changed only by the table's own actions.

A :class:`Table` is 電脳麻将's board: the four hands (three in 三麻), the rivers, the wall, the dora
indicators, the live scores, honba and riichi sticks, and whose turn it is. Its methods
are the table's actions — :meth:`~Table.deal`, :meth:`~Table.draw`,
:meth:`~Table.kan_draw`, :meth:`~Table.discard`, :meth:`~Table.call`, :meth:`~Table.kan`,
:meth:`~Table.reveal_dora`, :meth:`~Table.set_aside_north`, :meth:`~Table.win`,
:meth:`~Table.no_win` — and they change the state without judging it: what is legal is
asked of :mod:`paipu.checks` before an action, as python-chess asks ``is_legal`` before
``push``. :meth:`~Table.play_turns` applies a run of ordinary turns at once, the replay's
fast path.

Rivers (河) are in 電脳麻将 river notation: each discard's tile, then ``_`` when it was
the drawn tile (ツモ切り), ``*`` when it declared riichi, and the direction mark of the
player who called it away (``+`` 下家, ``=`` 対面, ``-`` 上家), e.g. ``["z1", "m9_",
"p3*", "s5-"]``.
"""

from __future__ import annotations

from typing import Final, cast

from mypy_extensions import mypyc_attr

from .events import Deal, Discard, Draw, Event, NoWin, Win, takes_riichi_stick
from .hand import Hand, IllegalAction
from .rules import Rule
from .tiles import KIND_OF_SLOT, SLOT_TILES, Meld, kind, tile_slot

__all__ = ["Table", "TilesInView", "Problem", "LIVE_WALL", "LIVE_WALL_THREE", "direction_marks", "swap_calling_kinds"]

LIVE_WALL: Final = 70
"""Tiles of the live wall after the deal: 136 - 4 x 13 dealt - 14 in the dead wall."""
LIVE_WALL_THREE: Final = 55
"""The same with three players: 108 (no 2m-8m) - 3 x 13 dealt - 14 in the dead wall."""

_NEXT_SEAT: Final = {seats: (*range(1, seats), 0) for seats in (3, 4)}
"""The seat after each seat, by number of seats."""
_TSUMOGIRI: Final = tuple(name + "_" for name in SLOT_TILES)
"""Each tile as a river writes it when it was the drawn tile, by slot (:func:`~paipu.tiles.tile_slot`)."""
_WIND_TILES: Final = ("z1", "z2", "z3", "z4")
_MARK: Final = {1: "+", 2: "=", 3: "-"}
"""A seat's direction mark seen from another, by (seat - other) % 4."""


def direction_marks(seats: int, dealer: int = 0) -> tuple[tuple[str | None, ...], ...]:
    """``marks[seat][other]``: the direction mark (``+``, ``=``, ``-``) of ``seat`` seen
    from ``other`` in a log, seats counted from the dealer (``None`` for a seat itself).

    With four players it is where ``seat`` sits from ``other`` (下家 ``+``, 対面 ``=``,
    上家 ``-``). Three-player logs (Tenhou's, and 電脳麻将 JSON converted from them) keep
    the four-seat marks of the player ids, the dealer being player ``dealer``: player 0
    calling from player 2 writes ``=``, player 1 from player 0 ``-``.
    """
    players = [(s + dealer) % seats for s in range(seats)]
    return tuple(tuple(None if s == o else _MARK[(players[s] - players[o]) % 4] for o in range(seats))
                 for s in range(seats))


_FOUR_MARKS: Final = direction_marks(4)


def swap_calling_kinds(meld: Meld, rule: Rule) -> tuple[int, ...]:
    """The kinds the caller may not discard right after ``meld`` (喰い替え) at
    喰い替え許可レベル: 0, the claimed kind and, for a chi claimed at an end, the kind
    three away (筋喰い替え); 1, the claimed kind; 2, none."""
    level = rule.swap_calling
    if level == 2:
        return ()
    claimed = kind(meld.claimed)  # type: ignore[arg-type]  # a call's meld: it has its claimed tile
    if meld.type == "chi" and level == 0:
        # the chi's lowest and highest kinds (one suit), in a loop of native reads and
        # compares (sorting its digits was two thirds of a call's cost here)
        lowest = highest = claimed
        for other in meld.kinds:
            if other < lowest:
                lowest = other
            elif other > highest:
                highest = other
        if claimed == lowest and claimed % 9 <= 5:
            return claimed, claimed + 3
        if claimed == highest and claimed % 9 >= 3:
            return claimed, claimed - 3
    return (claimed,)

# Stages of a kan's dora indicator still to be revealed (docs/rules.md §9, "Dora timing")
CLOSED_KAN: Final = "closed kan, before its replacement draw"
OPEN_KAN: Final = "open kan, before its replacement draw"
BEFORE_DISCARD: Final = "due before the next discard"
AT_DISCARD: Final = "due with the next discard"
AFTER_DISCARD: Final = "due right after the discard"
_AFTER_REPLACEMENT: Final = {CLOSED_KAN: BEFORE_DISCARD, OPEN_KAN: AT_DISCARD}


@mypyc_attr(acyclic=True)
class Problem:
    """An event that is not legal in the state the table is in (or a state the log
    cannot be in). ``check`` names what was checked, by the event's paipu key (e.g.
    ``"dapai"``, ``"fulou"``, ``"kaigang"``, ``"hule"``)."""

    __slots__ = ("check", "message")

    def __init__(self, check: str, message: str) -> None:
        self.check = check
        self.message = message

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and (self.check, self.message) == (other.check, other.message)

    def __hash__(self) -> int:
        return hash((self.check, self.message))

    def __repr__(self) -> str:
        return f"Problem({self.check!r}, {self.message!r})"


@mypyc_attr(acyclic=True)
class TilesInView:
    """The tiles of each kind in view in a round (見えている牌: dealt, drawn, turned as
    dora indicators): ``counts`` by kind (a red five as a five), ``red`` the red fives
    by suit. A fifth copy of a kind, or more red fives than the rule has, cannot be: each
    is a problem once in a round."""

    __slots__ = ("counts", "red")

    def __init__(self) -> None:
        self.counts = [0] * 34
        self.red = {"m": 0, "p": 0, "s": 0}

    def copy(self) -> "TilesInView":
        other = TilesInView()
        other.counts, other.red = list(self.counts), dict(self.red)
        return other

    def see(self, tile: str, rule: Rule) -> list[Problem]:
        """Count a tile coming into view; a problem when more copies appear than exist."""
        k = kind(tile)
        self.counts[k] = self.counts[k] + 1
        problems = []
        if self.counts[k] == 5:  # said once: the copies after it are the same impossibility
            problems.append(Problem("tiles", f"a fifth {tile[0]}{tile[1] if tile[1] != '0' else 5} in the round"))
        if tile[1] == "0":
            self.red[tile[0]] += 1
            if self.red[tile[0]] == getattr(rule.red_fives, tile[0]) + 1:
                problems.append(Problem("tiles", f"more red fives {tile} than the rule has"))
        return problems

    def deal_problems(self, deal: Deal, rule: Rule) -> list[Problem]:
        """The problems of the tiles of ``deal``'s hands, counted in view as the table
        dealt them (:meth:`Table.deal`), as :meth:`see` says them tile by tile; then count
        the first dora indicator (:meth:`see`)."""
        limits, red = rule.red_fives, self.red
        fifth = False
        for count in self.counts:  # (compiled, a loop of native reads)
            if count > 4:
                fifth = True
        if fifth or red["m"] > limits.m or red["p"] > limits.p or red["s"] > limits.s:
            # counted again tile by tile, to say what is wrong where see says it
            self.counts, self.red = [0] * 34, {"m": 0, "p": 0, "s": 0}
            problems = [problem for hand in deal.hands for tile in hand.tiles for problem in self.see(tile, rule)]
        else:
            problems = []
        return problems + self.see(deal.dora_indicator, rule)


class Table:
    """The state of one round (see the module). Read it; change it through the actions.

    By seat (0 = the dealer): ``hands``; ``rivers`` (river notation); ``riichi`` 0 none,
    1 riichi, 2 double riichi; ``ippatsu``; ``kans`` made; ``unknown``, hands the table
    lost track of at an impossible discard; ``scores`` live, after the riichi sticks
    taken; ``deposits``, riichi sticks paid this round (points); ``north``, North tiles
    set aside (three players). ``marks[seat][other]`` is the direction mark of ``seat``
    seen from ``other`` (:func:`direction_marks`). ``wall`` is the number of live wall
    tiles left (海底/河底 at 0);
    ``dora_indicators`` those revealed; ``honba`` and ``sticks`` (供託) as on the table;
    ``in_view`` the tiles in view (:class:`TilesInView`: the dealt ones counted by
    :meth:`deal`, whose problems :meth:`TilesInView.deal_problems` says);
    ``actor`` and ``phase`` whose turn it is and what they may do next (``draw``, ``act``
    after a draw, ``discard`` after a chi or pon, ``kandraw`` after a kan, ``northdraw``
    after a North set aside, ``end``);
    ``last_discard`` the ``(seat, tile)`` of the discard that may be called now; ``results`` the round's wins or draw so far.

    The table plays by its ``rule``, and its actions complete what the rule makes of them:
    a riichi's stick goes to the table with the event after the riichi discard, unless
    that event keeps it (a ron on that discard, 三家和: :func:`~paipu.events.takes_riichi_stick`);
    a kan under kan dora makes its new indicator due, at the moment the rule says
    (``dora_due``, :meth:`dora_due_now`); a chi or pon forbids the discards swap-calling
    forbids (``forbidden``, :func:`swap_calling_kinds`).
    """

    def __init__(self, rule: Rule, deal: Deal | None = None, dealer: int = 0) -> None:
        """A table playing by ``rule``; dealt at once when ``deal`` is given (see :meth:`deal`)."""
        self.rule = rule
        if deal is not None:
            self.deal(deal, dealer)

    # -- the actions -------------------------------------------------------------------

    def deal(self, deal: Deal, dealer: int = 0) -> None:
        """Deal a round (配牌): the hands, the first dora indicator, the scores, honba
        and sticks the deal states; ``dealer`` is the dealer's player id (it places the
        direction marks of a three-player log, :func:`direction_marks`). ValueError for a
        hand that cannot be played (see :meth:`Hand.from_notation`)."""
        seats = len(deal.hands)
        self.dealt = deal
        # the dealt tiles are counted in view as the hands are made (one pass over the tiles)
        in_view = self.in_view = TilesInView()
        seen = in_view.counts
        hands = self.hands = [Hand.from_notation(h, seen) for h in deal.hands]
        red_m = red_p = red_s = 0  # (added up so, a loop of native adds: sum() of lists was 1% of a replay)
        for hand in hands:
            held = hand.red
            red_m, red_p, red_s = red_m + held[0], red_p + held[1], red_s + held[2]
        red = in_view.red
        red["m"], red["p"], red["s"] = red_m, red_p, red_s
        self.rivers: list[list[str]] = [[] for _ in range(seats)]
        if seats == 4:
            self.wall, self.marks = LIVE_WALL, _FOUR_MARKS
        else:
            self.wall, self.marks = LIVE_WALL_THREE, direction_marks(seats, dealer)
        self.dora_indicators = [deal.dora_indicator]
        self.scores = list(deal.scores)
        self.honba, self.sticks = deal.honba, deal.riichi_sticks
        self.deposits = [0] * seats
        self.riichi = [0] * seats
        self.unknown = [False] * seats
        self.ippatsu = [False] * seats
        self.kans = [0] * seats
        self.north = [0] * seats
        self.first_go_around = True
        self.four_winds = True
        self.actor = 0
        self.phase = "draw"
        self.rinshan = False
        self.last_discard: tuple[int, str] | None = None
        self.pending_riichi: int | None = None  # the seat whose riichi stick is not yet taken
        self.forbidden: tuple[int, ...] = ()  # kinds the caller may not discard (喰い替え)
        self.dora_due: list[str] = []  # the kans whose new dora indicator is still to come
        self.results: list[Win | NoWin] = []

    def draw(self, seat: int, tile: str) -> None:
        """``seat`` draws ``tile`` from the live wall (自摸), or the replacement for a North
        just set aside (a 嶺上牌, as logs write it: a plain draw). A replacement, as a
        kan's, means the North stands (nobody won on it): it ends every ippatsu and the
        first go-around (Tenhou's logs: no 一発 and no ダブル立直 after one, but 一発 for
        a ron on the North itself)."""
        self._riichi_takes_effect()
        self.rinshan = self.phase == "northdraw"
        if self.rinshan:
            self.ippatsu = [False] * len(self.hands)
            self.first_go_around = self.four_winds = False
        self._take(seat, tile)

    def kan_draw(self, seat: int, tile: str) -> None:
        """``seat`` draws the replacement tile after a kan (嶺上牌): the kan stands (it was
        not robbed), which ends every ippatsu and the first go-around. After a North set
        aside it is that North's replacement (:meth:`draw`)."""
        if self.phase == "northdraw":
            self.draw(seat, tile)
            return
        self.rinshan = True
        self.ippatsu = [False] * len(self.hands)
        self.first_go_around = False
        if self.dora_due:
            self.dora_due = [_AFTER_REPLACEMENT.get(due, due) for due in self.dora_due]
        self._take(seat, tile)

    def _take(self, seat: int, tile: str) -> None:
        self.last_discard = None
        self.wall -= 1
        self.actor, self.phase = seat, "act"
        self.hands[seat].draw(tile)

    def discard(self, seat: int, tile: str, tsumogiri: bool = False, riichi: bool = False) -> None:
        """``seat`` discards ``tile`` (打牌), the drawn tile if ``tsumogiri``, declaring
        riichi if ``riichi``; the turn passes to the next seat.

        A tile the hand does not hold is applied as far as it can be: a tile of the same
        kind (the drawn tile, for a tsumogiri) leaves in its place, or else the hand is
        no longer known (``unknown``); then :class:`IllegalAction` says what was
        impossible."""
        self._riichi_takes_effect()  # only in a log with two discards in a row
        hand = self.hands[seat]
        self.ippatsu[seat] = False
        error = None
        try:
            hand.discard(tile, riichi)
        except IllegalAction as illegal:
            error = illegal
            self.unknown[seat] = self.unknown[seat] or not hand.discard_in_place_of(tile, tsumogiri, riichi)
        self.forbidden = ()
        slot = tile_slot(tile) if tsumogiri else -1
        written = (_TSUMOGIRI[slot] if slot >= 0 else tile + "_") if tsumogiri else tile
        self.rivers[seat].append(written + "*" if riichi else written)
        if riichi:
            self.riichi[seat] = 2 if self.first_go_around else 1
            self.ippatsu[seat] = True
            self.pending_riichi = seat
        if self.first_go_around:
            self.four_winds = self.four_winds and _same_wind(self.rivers[0], tile)
            self.first_go_around = seat != len(self.hands) - 1
        else:
            self.four_winds = False
        self.actor, self.phase = (seat + 1) % len(self.hands), "draw"
        self.last_discard = (seat, tile)
        if self.dora_due:
            self.dora_due = [AFTER_DISCARD if due == AT_DISCARD else due for due in self.dora_due]
        if error is not None:
            raise error

    def call(self, seat: int, meld: Meld) -> None:
        """``seat`` calls the last discard into ``meld`` (chi, pon or open kan, 副露): the
        tile is marked in its river as called away; no ippatsu, no first go-around any
        more. After a chi or pon the caller discards, not a kind swap-calling forbids
        (喰い替え, :func:`swap_calling_kinds`); after an open kan, whose new dora
        indicator is due (:meth:`expect_kan_dora`), the replacement draw."""
        self._riichi_takes_effect()
        if self.last_discard is not None and self.last_discard[0] != seat:
            discarder = self.last_discard[0]
            mark = self.marks[discarder][seat]
            self.rivers[discarder][-1] += mark  # type: ignore[operator]  # None only for a seat's own mark
        self.hands[seat].call(meld)
        self.first_go_around = self.four_winds = False
        self.ippatsu = [False] * len(self.hands)
        self.last_discard = None
        if meld.type == "daiminkan":
            self.kans[seat] = self.kans[seat] + 1
            self.actor, self.phase = seat, "kandraw"
            self._expect_kan_dora(meld)
        else:
            self.actor, self.phase = seat, "discard"
            self.forbidden = swap_calling_kinds(meld, self.rule)

    def kan(self, seat: int, meld: Meld) -> None:
        """``seat`` makes a closed or added kan (暗槓, 加槓) on its turn, whose new dora
        indicator is due (:meth:`expect_kan_dora`), then the replacement draw."""
        self._riichi_takes_effect()  # only in a log with a kan right after a discard
        self.kans[seat] = self.kans[seat] + 1
        # a kan dora waiting for a discard is due before the next discard once another kan comes
        self.dora_due = [BEFORE_DISCARD if due == AT_DISCARD else due for due in self.dora_due]
        self.hands[seat].kan(meld)
        self.four_winds = False
        self.actor, self.phase = seat, "kandraw"
        self._expect_kan_dora(meld)

    def _expect_kan_dora(self, meld: Meld) -> None:
        """Under kan dora, the new indicator of the kan ``meld`` is due: before its
        replacement draw for a closed kan, or any kan without カンドラ後乗せ; with the next
        discard for an open or added kan (:data:`OPEN_KAN`)."""
        rule = self.rule
        if rule.kan_dora:
            self.dora_due.append(OPEN_KAN if meld.type != "ankan" and rule.kan_dora_delayed else CLOSED_KAN)

    def dora_due_now(self) -> int:
        """How many kan dora indicators are due now, before anything else happens: those
        of a kan whose replacement was drawn (due before the next discard) and those due
        right after the discard just made. The replay reports one not revealed in time;
        the simulator turns them over here."""
        return sum(due in (BEFORE_DISCARD, AFTER_DISCARD) for due in self.dora_due)

    def drop_due_dora(self, stage: str) -> None:
        """Stop waiting for the new dora indicators due at ``stage``, whose moment passed
        (the replay reports that they were not revealed)."""
        self.dora_due = [due for due in self.dora_due if due != stage]

    def reveal_dora(self, indicator: str) -> None:
        """Turn over a kan's new dora indicator (開槓)."""
        if self.dora_due:
            del self.dora_due[0]
        self.dora_indicators.append(indicator)

    def set_aside_north(self, seat: int, tile: str = "z4") -> None:
        """``seat`` sets a North aside as a dora (北抜き, three players), then draws a
        replacement tile (phase ``northdraw``, :meth:`draw`). The others may win on it,
        as on a tile added to a kan (no 槍槓)."""
        self._riichi_takes_effect()
        self.actor, self.phase = seat, "northdraw"
        self.last_discard = None
        self.north[seat] = self.north[seat] + 1
        self.hands[seat].set_aside_north(tile)

    def _riichi_takes_effect(self, event: Event | None = None) -> None:
        """The riichi just declared takes effect with the action after its discard: its
        1,000 points go to the table, unless ``event`` keeps them
        (:func:`paipu.events.takes_riichi_stick`)."""
        seat = self.pending_riichi
        if seat is not None and (event is None or takes_riichi_stick(event)):
            self.scores[seat] = self.scores[seat] - 1000
            self.deposits[seat] = self.deposits[seat] + 1000
            self.sticks += 1
            self.pending_riichi = None

    def win(self, win: Win) -> None:
        """A win (和了), settled with its payments (as logged; the engine passes the rules'
        where the log states none); the sticks go with the first. A ron on a riichi
        discard keeps its stick."""
        self._settle(win)
        self.sticks = 0

    def no_win(self, draw: NoWin) -> None:
        """The round ends without a win (流局), settled with the draw's payments (as for
        :meth:`win`); a riichi just declared takes effect first, but at 三家和."""
        self._riichi_takes_effect(draw)
        self._settle(draw)

    def _settle(self, result: Win | NoWin) -> None:
        self.results.append(result)
        # the engine settles a result whose log states no payments with the rules' (engine._settled)
        self.scores = [score + paid for score, paid in zip(self.scores, cast("tuple[int, ...]", result.payments))]
        self.phase = "end"

    # -- reading the state ---------------------------------------------------------------

    def waits(self, seat: int) -> set[int] | None:
        """The kinds (0-33) that complete ``seat``'s hand (待ち); ``None`` when the hand is
        not known: the table lost track of it at an impossible discard, or it holds a
        tile to discard where a ready hand cannot (it is then marked unknown)."""
        hand = self.hands[seat]
        if hand.size % 3 != 1:
            self.unknown[seat] = True
        return None if self.unknown[seat] else set(hand.wait_kinds())

    def called_away(self, seat: int) -> bool:
        """Whether any of ``seat``'s discards was called (its river has a direction mark)."""
        return any(tile[-1] in "+=-" for tile in self.rivers[seat])

    def snapshot(self) -> "Table":
        """An independent copy of the table as it is now (a moment kept while the replay
        goes on)."""
        kept = Table(self.rule)
        if not hasattr(self, "dealt"):
            return kept
        # every attribute deal() sets, by name (a native class, compiled, has no __dict__),
        # the lists an action changes in place or replaces copied
        kept.dealt, kept.wall, kept.marks = self.dealt, self.wall, self.marks
        kept.honba, kept.sticks = self.honba, self.sticks
        kept.first_go_around, kept.four_winds, kept.rinshan = self.first_go_around, self.four_winds, self.rinshan
        kept.actor, kept.phase, kept.last_discard = self.actor, self.phase, self.last_discard
        kept.pending_riichi, kept.forbidden = self.pending_riichi, self.forbidden
        kept.hands = [hand.copy() for hand in self.hands]
        kept.rivers = [list(river) for river in self.rivers]
        kept.dora_indicators, kept.dora_due = list(self.dora_indicators), list(self.dora_due)
        kept.scores, kept.deposits, kept.riichi = list(self.scores), list(self.deposits), list(self.riichi)
        kept.unknown, kept.ippatsu = list(self.unknown), list(self.ippatsu)
        kept.kans, kept.north = list(self.kans), list(self.north)
        kept.in_view, kept.results = self.in_view.copy(), list(self.results)
        return kept

    def __repr__(self) -> str:
        return (f"<Table {_label(self.dealt)}: {self.wall} tiles left, seat {self.actor} to "
                f"{self.phase}, scores {self.scores}>")

    # -- the fast path ----------------------------------------------------------------------

    def play_turns(self, events: tuple[Event, ...], position: int, rule: Rule) -> int:
        """Apply the plain turns from ``position`` on and return the position of the first
        event not applied: what :meth:`draw` and :meth:`discard` would do.

        A plain turn is a draw in turn, with tiles left, of a tile that is not a fifth of
        its kind (nor a red five beyond the rule's), then a discard in turn of a held tile,
        without riichi, marked as the drawn tile only if it is; or such a discard after a
        chi or pon, of a tile swap-calling allows. They are almost all the events of a
        game and nothing can be wrong with them, so the replay runs them here with the
        table's state in local variables; a draw followed by its discard is applied as one
        (:meth:`Hand.play_turn`). Only with no riichi stick to take and no kan dora due:
        neither can change during plain turns. Anything else is left to the actions, after
        the checks.
        """
        if self.pending_riichi is not None or self.dora_due:
            return position
        start, end = position, len(events)
        hands, rivers, ippatsu = self.hands, self.rivers, self.ippatsu
        seen, seen_red = self.in_view.counts, self.in_view.red
        actor, phase, wall, forbidden = self.actor, self.phase, self.wall, self.forbidden
        first_go_around, four_winds = self.first_go_around, self.four_winds
        red_fives, seats = rule.red_fives, len(hands)
        last_seat, after = seats - 1, _NEXT_SEAT.get(seats) or (*range(1, seats), 0)
        while position < end:
            event = events[position]
            if type(event) is Draw:
                tile = event.tile
                slot = tile_slot(tile)
                if slot < 0:  # not a tile
                    break
                k = KIND_OF_SLOT[slot]
                red = tile[0] if slot >= 34 else ""  # a red five's suit
                if phase != "draw" or event.seat != actor or wall <= 0 or seen[k] >= 4:
                    break
                if red:
                    if seen_red[red] >= getattr(red_fives, red):
                        break
                    seen_red[red] = seen_red[red] + 1
                try:
                    following = events[position + 1]
                except IndexError:
                    following = None
                discard = (following if type(following) is Discard and following.seat == actor
                           and not following.riichi else None)
                out = -1 if discard is None else tile_slot(discard.tile)  # the same slot, the same tile
                if discard is not None and (out == slot or not discard.tsumogiri):
                    # the usual turn, a draw and a discard: applied as one (a hand that
                    # discards the tile it drew is as it was, if it could draw it: 3n+1
                    # tiles, at most three of its kind; the tiles in view miss a tile a
                    # hand the table lost track of discarded, and another hand called)
                    hand = hands[actor]
                    if out == slot and hand.size % 3 == 1 and hand.counts[k] + hand.meld_counts[k] < 4:
                        pass
                    elif not hand.play_turn_of_slots(slot, out):
                        if red:
                            seen_red[red] = seen_red[red] - 1
                        break
                    seen[k] = seen[k] + 1
                    wall -= 1
                    event = discard
                    position += 1
                else:
                    try:
                        hands[actor].draw(tile)
                    except IllegalAction:
                        if red:
                            seen_red[red] = seen_red[red] - 1
                        break
                    seen[k] = seen[k] + 1
                    wall -= 1
                    phase = "act"
                    position += 1
                    continue
            elif type(event) is Discard:
                hand = hands[actor]
                tile = event.tile
                slot = tile_slot(tile)
                if (slot < 0 or event.seat != actor or event.riichi or (event.tsumogiri and tile != hand.drawn)
                        or not (phase == "act" or (phase == "discard" and KIND_OF_SLOT[slot] not in forbidden))):
                    break
                try:
                    hand.discard(tile)
                except IllegalAction:
                    break
                forbidden = ()
            else:
                break
            # a discard applied (a tsumogiri of the tile of slot ``slot``, the one drawn)
            tile = event.tile
            ippatsu[actor] = False
            rivers[actor].append(_TSUMOGIRI[slot] if event.tsumogiri else tile)
            if first_go_around:
                four_winds = four_winds and _same_wind(rivers[0], tile)
                first_go_around = actor != last_seat
            else:
                four_winds = False
            actor = after[actor]
            phase = "draw"
            position += 1
        if position != start:
            if wall != self.wall:  # a draw was applied
                self.rinshan = False
            # a discard applied last may be called; after a draw, none may
            if phase == "draw":
                self.last_discard = ((actor - 1) % seats, events[position - 1].tile)  # type: ignore[union-attr]  # the last applied, a discard
            else:
                self.last_discard = None
            self.actor, self.phase, self.wall, self.forbidden = actor, phase, wall, forbidden
            self.first_go_around, self.four_winds = first_go_around, four_winds
        return position


def _same_wind(dealer_river: list[str], tile: str) -> bool:
    """Whether ``tile`` is a wind, the same as the dealer's first discard (so far, 四風連打)."""
    return bool(dealer_river) and dealer_river[0][:2] == tile and tile in _WIND_TILES


def _label(deal: Deal) -> str:
    return f"{'東南西北'[deal.round_wind]}{deal.hand_number + 1}局{deal.honba}本場"
