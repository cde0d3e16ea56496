"""The replay engine: a game's events through the rules, step by step.

:class:`Replay` drives one game event by event. For each event it checks that the event
is legal in the current state of the table (a :class:`Problem` when it is not) and
derives what the rules say the log should state there:

* at each :class:`~paipu.events.Deal`, the round, honba, riichi sticks and scores that
  follow from the previous rounds (:class:`DealExpectation`);
* at each :class:`~paipu.events.Win`, whether the win was allowed and its full value and
  payments under the rule (:class:`WinExpectation`);
* at each :class:`~paipu.events.NoWin`, which kind of draw it must be, who was tenpai and
  the payments (:class:`DrawExpectation`);
* after the last event, whether the game really ends there and the final scores, ranks
  and points (:class:`GameEnd`).

It does not compare anything: :mod:`paipu.validate` does. After each round the engine
carries on from what the log states (scores, honba, sticks, round), so one wrong number
is reported once. An illegal event is applied as far as possible, and the replay goes on.

The semantics are those of ``docs/rules.md`` (the 電脳麻将 reference engine's), with the
parameters of a :class:`~paipu.rules.Rule`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Iterator, Union

from . import shanten as _shanten
from .events import Call, Deal, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Round, Win
from .hand import Hand, IllegalAction
from .rules import Rule
from .scoring import NotAWin, Situation, WinResult, score
from .tiles import KINDS, HandNotation, Meld, kind

__all__ = [
    "Replay",
    "Step",
    "Problem",
    "Table",
    "DealExpectation",
    "WinExpectation",
    "DrawExpectation",
    "GameEnd",
    "DRAW_NAMES",
    "final_points",
]

DRAW_NAMES: dict[str, str] = {
    "荒牌平局": "荒牌平局",
    "流局": "荒牌平局",
    "流し満貫": "流し満貫",
    "九種九牌": "九種九牌",
    "四風連打": "四風連打",
    "四家立直": "四家立直",
    "三家和": "三家和",
    "三家和了": "三家和",
    "四開槓": "四開槓",
    "四槓散了": "四開槓",
}
"""Every spelling of a draw's name (pingju.name) → the 電脳麻将 engine's name."""

ABORTIVE = ("九種九牌", "四風連打", "四家立直", "三家和", "四開槓")
"""The abortive draws (途中流局), by engine name."""

_LIVE_WALL = 70  # 136 tiles - 4 x 13 dealt - 14 in the dead wall
_WIND_TILES = ("z1", "z2", "z3", "z4")
_ORPHAN_KINDS = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
_MARK = {1: "+", 2: "=", 3: "-"}
_KIND = {name: kind(name) for name in (*KINDS, "m0", "p0", "s0")}
_KIND_AND_RED = {name: (k, name[0] if name[1] == "0" else "") for name, k in _KIND.items()}
"""Each tile's kind, and the suit of a red five ("" for any other tile)."""
_NOT_A_TILE = (None, "")

# Stages of a kan's dora indicator still to be revealed (rules.md §9, paipu-format §5.6)
_CLOSED_KAN = "closed kan, before its replacement draw"
_OPEN_KAN = "open kan, before its replacement draw"
_BEFORE_DISCARD = "due before the next discard"
_AT_DISCARD = "due with the next discard"
_AFTER_DISCARD = "due right after the discard"
_AFTER_REPLACEMENT = {_CLOSED_KAN: _BEFORE_DISCARD, _OPEN_KAN: _AT_DISCARD}


@dataclass(frozen=True, slots=True)
class Problem:
    """An event that is not legal in the state the replay reached (or a state the log
    cannot be in). ``check`` names what was checked, by the event's paipu key (e.g.
    ``"dapai"``, ``"fulou"``, ``"kaigang"``, ``"hule"``)."""

    check: str
    message: str


@dataclass(frozen=True, slots=True)
class DealExpectation:
    """What a round's :class:`~paipu.events.Deal` should state, by the rules and the
    previous rounds as logged. ``scores`` are by seat."""

    round_wind: int
    hand_number: int
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]
    alternative: "DealExpectation | None" = None
    """The same from the engine's own payments instead of the logged ones (see
    :class:`Replay`): a logged value that agrees with it is consistent too. ``None`` when
    the two agree (as they do until a logged payment differs from the rules')."""

    def without_alternative(self) -> "DealExpectation":
        return replace(self, alternative=None)

    def states(self, deal: Deal) -> bool:
        """Whether ``deal`` states this round, honba, sticks and scores (not looking at
        the alternative)."""
        return (self.scores == tuple(deal.scores) and self.round_wind == deal.round_wind
                and self.hand_number == deal.hand_number and self.honba == deal.honba
                and self.riichi_sticks == deal.riichi_sticks)


@dataclass(frozen=True, slots=True)
class WinExpectation:
    """What the engine derives for a :class:`~paipu.events.Win`.

    ``allowed`` is ``None`` when the win is allowed, else why not (furiten, no yaku, the
    tile was not the last discard...). ``result`` is the scoring of the hand in this
    situation (a :class:`~paipu.scoring.WinResult`, or a false ``NoWin`` with the reason
    it scores nothing). ``ura_count`` is how many ura indicators the log should list
    (``None``: the field should be null). ``hand`` is the winner's hand as replayed,
    the winning tile last."""

    allowed: str | None
    result: WinResult | NotAWin
    situation: Situation
    ura_count: int | None
    hand: HandNotation


@dataclass(frozen=True, slots=True)
class DrawExpectation:
    """What the engine derives for a :class:`~paipu.events.NoWin`: the draw's ``name``
    (engine spelling; ``None`` when no draw is possible here), which seats are ``tenpai``
    (for an exhaustive draw), which hands must be ``shown``, and the ``payments`` by seat."""

    name: str | None
    tenpai: tuple[bool, ...]
    shown: tuple[bool, ...]
    payments: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What the engine derives at the end of the log: whether the game ends after the
    last logged round (``ends``: False means rounds are missing; ``extra_from``, the index
    of the first logged round that should not have been played, if any) and the final
    ``scores``, ``ranks`` and ``points`` by player id."""

    ends: bool
    extra_from: int | None
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    points: tuple[str, ...]
    alternative: tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]] | None = None
    """Scores, ranks and points from the engine's own payments instead of the logged ones
    (see :class:`Replay`): a final result that agrees with these is consistent too.
    ``None`` when the two agree."""
    other_points: tuple[str, ...] | None = None
    """Points under Tenhou's other rounding of final scores, for a Tenhou log whose date
    is unknown (its title has no log id): either rounding is accepted."""


Expectation = Union[DealExpectation, WinExpectation, DrawExpectation, GameEnd, None]


@dataclass(slots=True)
class Step:
    """One step of a replay: the ``event`` (``None`` for the end of the game), where it
    is (``round_index``, ``event_index``, both 0-based), the live ``table`` after it (not a
    copy: read it during the step), what the engine ``expected`` there, and the
    ``problems`` found."""

    round_index: int
    event_index: int | None
    event: Event | None
    table: "Table | None"
    expected: Expectation
    problems: list[Problem] = field(default_factory=list)

    @property
    def round(self) -> int:
        """Alias of :attr:`round_index`."""
        return self.round_index


class Table:
    """The state of one round during replay (read it from a :class:`Step`).

    ``hands`` and ``rivers`` (discarded tiles in order) are by seat; ``called_from`` marks,
    by seat, whether any of that seat's discards was called; ``wall`` is the number of live
    wall tiles left (河底/海底 at 0); ``dora_indicators`` those revealed so far; ``riichi``
    by seat 0 (none), 1 or 2 (double riichi); ``ippatsu`` by seat; ``kans`` by seat.
    """

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.hands = [Hand.from_notation(h) for h in deal.hands]
        self.rivers: list[list[str]] = [[] for _ in deal.hands]
        self.called_from = [False] * len(deal.hands)
        self.wall = _LIVE_WALL
        self.dora_indicators = [deal.dora_indicator]
        self.riichi = [0] * len(deal.hands)
        self.unknown = [False] * len(deal.hands)  # hands no longer known after an impossible discard
        self.ippatsu = [False] * len(deal.hands)
        self.kans = [0] * len(deal.hands)
        self.first_go_around = True
        self.four_winds = True
        self.riichi_index = [-1] * len(deal.hands)  # the event index of each seat's riichi
        self.actor = 0
        self.phase = "draw"  # draw | act | discard | react | kan | kandraw
        self.rinshan = False
        self.last_discard: Discard | None = None  # the discard that may be called now
        self.pending_riichi: int | None = None
        self.forbidden: tuple[int, ...] = ()  # kinds the caller may not discard (喰い替え)
        self.dora_due: list[str] = []  # the kans whose new dora indicator is still to come
        self.seen = [0] * 34  # tiles of each kind seen so far (dealt, drawn, indicators)
        self.seen_red = {"m": 0, "p": 0, "s": 0}

    def see_deal(self, rule: Rule) -> list[Problem]:
        """Count the dealt tiles and the first dora indicator as seen (:meth:`see`)."""
        # Summed by kind in one go, seat by seat (only four-player games are replayed);
        # tile by tile only to say what is wrong.
        seen = [a + b + c + d for a, b, c, d in zip(*(hand.counts for hand in self.hands))]
        red = [a + b + c + d for a, b, c, d in zip(*(hand.red for hand in self.hands))]
        limits = rule.red_fives
        if max(seen) <= 4 and red[0] <= limits.m and red[1] <= limits.p and red[2] <= limits.s:
            self.seen = seen
            self.seen_red = dict(zip("mps", red))
            problems = []
        else:
            problems = [problem for hand in self.deal.hands for tile in hand.tiles for problem in self.see(tile, rule)]
        return problems + self.see(self.deal.dora_indicator, rule)

    def waits(self, seat: int) -> set[int] | None:
        """The kinds (0-33) that complete ``seat``'s hand (待ち); ``None`` when the hand is
        not known: the replay lost track of it at an impossible discard, or it holds a
        tile to discard where a ready hand cannot (it is then marked unknown)."""
        hand = self.hands[seat]
        if hand.size % 3 != 1:
            self.unknown[seat] = True
        return None if self.unknown[seat] else set(_shanten.waits(hand.counts))

    def see(self, tile: str, rule: Rule) -> list[Problem]:
        """Count a tile coming into view; a problem when more copies appear than exist."""
        k = kind(tile)
        self.seen[k] += 1
        problems = []
        if self.seen[k] > 4:
            problems.append(Problem("tiles", f"a fifth {tile[0]}{tile[1] if tile[1] != '0' else 5} in the round"))
        if tile[1] == "0":
            self.seen_red[tile[0]] += 1
            if self.seen_red[tile[0]] > getattr(rule.red_fives, tile[0]):
                problems.append(Problem("tiles", f"more red fives {tile} than the rule has"))
        return problems


def game_rule(game: Game, rule: Rule | None = None) -> Rule:
    """The rule a game is checked under.

    No ``rule``: the game's own ``rule`` object (on top of the majiang preset) if it
    carries one, else the majiang preset. The ``tenhou`` preset (and a rule built on it)
    is adjusted to what the game's :attr:`~paipu.events.Game.origin` says its log implies
    (:attr:`~paipu.events.Origin.rule`: for a Tenhou game, its room's East-only or
    East-South, open tanyao and red fives, and the rounding of final scores of its date).
    """
    if rule is None:
        return Rule.from_json(game.rule) if game.rule else Rule()
    if not rule.pao_covers_whole_hand:  # not the tenhou preset, nor a rule built on it
        return rule
    origin = game.origin
    return rule if origin is None or not origin.rule else _implied_rule(rule, origin.rule)


@lru_cache(maxsize=64)
def _implied_rule(rule: Rule, implied: tuple[tuple[str, Any], ...]) -> Rule:
    """:func:`game_rule`'s adjustment to what a log implies, made once per kind of log (a
    Rule checks all its fields when made, and a directory of logs holds only a few)."""
    return rule.replace(**dict(implied))


@dataclass(slots=True)
class Standing:
    """The game's standing between rounds: ``scores`` by player id, ``honba``, riichi
    ``sticks`` on the table, and the next round (``round_wind``, ``hand_number``)."""

    scores: list[int]
    honba: int = 0
    sticks: int = 0
    round_wind: int = 0
    hand_number: int = 0

    def copy(self) -> "Standing":
        return Standing(list(self.scores), self.honba, self.sticks, self.round_wind, self.hand_number)

    def expected_deal(self, round_: Round, alternative: DealExpectation | None = None) -> DealExpectation:
        """The deal of ``round_`` this standing leads to (scores by seat)."""
        dealer, scores = round_.player_of(0), self.scores
        return DealExpectation(self.round_wind, self.hand_number, self.honba, self.sticks,
                               tuple(scores[dealer:] + scores[:dealer]), alternative)

    @classmethod
    def of_deal(cls, round_: Round) -> "Standing":
        deal = round_.deal
        dealer, players = round_.player_of(0), round_.players
        scores = [0] * len(deal.scores)
        for seat, points in enumerate(deal.scores):
            scores[(dealer + seat) % players] = points
        return cls(scores, deal.honba, deal.riichi_sticks, deal.round_wind, deal.hand_number)

    def settle(self, round_: Round, payments: list[tuple[int, ...]], renchan: bool, wins: bool) -> None:
        """Apply a round's payments (by seat) and move on (rules.md §3.4, §5.1, §7.1)."""
        dealer, players, scores = round_.player_of(0), round_.players, self.scores
        for paid in payments:
            for seat, amount in enumerate(paid):
                scores[(dealer + seat) % players] += amount
        if wins:
            self.sticks = 0
            self.honba = self.honba + 1 if renchan else 0
        else:
            self.honba += 1
        if not renchan:
            self.hand_number += 1
            self.round_wind += self.hand_number // 4
            self.hand_number %= 4


class Replay:
    """Replay a game under a rule; iterate it for :class:`Step`\\ s.

    ``rule`` defaults to the game's own ``rule`` (a paipu may carry one) on top of the
    majiang preset, else the majiang preset.

    Two standings are kept between rounds: the log's (each round starts from what its
    deal states, then the logged payments) and the engine's own (the payments the rules
    give). A logged number that agrees with either is taken as consistent, so one wrong
    number is reported once, not again in every later round.
    """

    def __init__(self, game: Game, rule: Rule | None = None) -> None:
        self.game = game
        self.rule = rule = game_rule(game, rule)
        self.standing = Standing([rule.starting_points] * len(game.players))
        self.own = self.standing.copy()
        self.max_hand = 0 if rule.winds == 0 else rule.winds * 4 - 1
        self.ended_after: int | None = None
        self.final: tuple | None = None  # final results of both standings when the game ended

    @property
    def scores(self) -> list[int]:
        """Scores by player id, as logged so far."""
        return self.standing.scores

    @property
    def honba(self) -> int:
        """Honba (本場) as logged so far."""
        return self.standing.honba

    @property
    def sticks(self) -> int:
        """Riichi sticks (供託) on the table as logged so far."""
        return self.standing.sticks

    # -- the game ----------------------------------------------------------------------

    def __iter__(self) -> Iterator[Step]:
        return self.steps()

    def steps(self, every: bool = True) -> Iterator[Step]:
        """The replay's steps: one per event and one for the end of the game; with
        ``every=False`` only the steps where the engine expected something or found a
        problem (what validation needs, at a fraction of the cost)."""
        game = self.game
        if len(game.players) != 4:
            yield Step(0, None, None, None, None,
                       [Problem("game", "three-player games are not supported for validation yet")])
            return
        for index, round_ in enumerate(game.rounds):
            yield from self._round(index, round_, every)
        yield self._end()

    def _round(self, index: int, round_: Round, every: bool) -> Iterator[Step]:
        deal = round_.deal
        if self.ended_after is not None:  # a round after the end: reported once, at the end
            self.standing = self.own = Standing.of_deal(round_)
            yield Step(index, 0, deal, None, None, [])
            return
        # The engine's own standing has an expectation of its own only where it differs
        # from the log's (after a logged payment the rules do not give).
        own = None if self.own == self.standing else self.own.expected_deal(round_)
        expected: Expectation = self.standing.expected_deal(round_, own)
        if (index == 0 and self.game.final_scores is None
                and (deal.round_wind, deal.hand_number, deal.honba, deal.riichi_sticks) != (0, 0, 0, 0)):
            expected = None  # an excerpt that starts in the middle of a game: its standing is as given
        logged = Standing.of_deal(round_)
        if expected is None or expected.states(deal) or (own is not None and own.states(deal)):
            self.own = logged.copy()
        self.standing = logged
        problems: list[Problem] = []
        try:
            table = Table(deal)
        except ValueError as error:
            yield Step(index, 0, deal, None, expected, [Problem("qipai", str(error))])
            return
        for hand in table.hands:
            if hand.size != 13:
                problems.append(Problem("qipai", f"a deal of {hand.size} tiles: {hand}"))
        problems += table.see_deal(self.rule)
        yield Step(index, 0, deal, table, expected, problems)
        results: list[Win | NoWin] = []
        derived: list[tuple[int, ...]] = []
        events = round_.events
        problems = []
        handlers = _HANDLERS
        position, end = 1, len(events)
        while position < end:
            if not every:
                position = self._plain_turns(table, events, position)
                if position == end:
                    break
            event = events[position]
            cls = type(event)
            if table.dora_due and _AFTER_DISCARD in table.dora_due and cls is not DoraReveal:
                problems.append(Problem("kaigang", "a kan's new dora indicator was not revealed after the discard"))
                table.dora_due = [due for due in table.dora_due if due != _AFTER_DISCARD]
            expected = None
            try:
                expected = handlers[cls](self, table, event, position, events, problems, round_)
            except IllegalAction as error:
                problems.append(Problem(event.key, str(error)))
            if expected is not None:
                if isinstance(event, (Win, NoWin)):
                    results.append(event)
                    derived.append(_derived_payments(event, expected))
                yield Step(index, position, event, table, expected, problems)
                problems = []
            elif every or problems:
                yield Step(index, position, event, table, None, problems)
                problems = []
            position += 1
        if results:
            self._settle(index, round_, table, results, derived)

    def _plain_turns(self, table: Table, events: tuple[Event, ...], position: int) -> int:
        """Apply the plain turns from ``position`` on and return the position of the first
        event not applied: what :meth:`_draw` and :meth:`_discard` would do, without a step.

        A plain turn is a draw in turn, with tiles left, of a tile that is not a fifth of
        its kind (nor a red five beyond the rule's), then a discard in turn of a held tile,
        without riichi, marked as the drawn tile only if it is; or such a discard after a
        chi or pon, of a tile swap-calling allows. They are almost all the events of a
        game, and nothing is expected or found at them, so validation
        (``steps(every=False)``) runs them here with the table's state in local variables;
        a draw followed by its discard is applied as one (:meth:`Hand.play_turn`). Only
        with no riichi stick to pay and no kan dora due: neither can change during plain
        turns. Anything else is left to the event handlers, which also report what is
        wrong.
        """
        if table.pending_riichi is not None or table.dora_due:
            return position
        start, end = position, len(events)
        hands, seen, rivers, ippatsu = table.hands, table.seen, table.rivers, table.ippatsu
        actor, phase, wall, forbidden = table.actor, table.phase, table.wall, table.forbidden
        first_go_around, four_winds = table.first_go_around, table.four_winds
        seen_red, red_fives = table.seen_red, self.rule.red_fives
        last_discard = None
        while position < end:
            event = events[position]
            cls = type(event)
            if cls is Draw:
                tile = event.tile
                k, red = _KIND_AND_RED.get(tile, _NOT_A_TILE)
                if phase != "draw" or event.seat != actor or wall <= 0 or k is None or seen[k] >= 4:
                    break
                if red:
                    if seen_red[red] >= getattr(red_fives, red):
                        break
                    seen_red[red] += 1
                following = events[position + 1] if position + 1 < end else None
                if (type(following) is Discard and following.seat == actor and not following.riichi
                        and (following.tile == tile or not following.tsumogiri)):
                    # the usual turn, a draw and a discard: applied as one
                    if not hands[actor].play_turn(tile, following.tile):
                        if red:
                            seen_red[red] -= 1
                        break
                    seen[k] += 1
                    wall -= 1
                    event = following
                    position += 1
                else:
                    try:
                        hands[actor].draw(tile)
                    except IllegalAction:
                        if red:
                            seen_red[red] -= 1
                        break
                    seen[k] += 1
                    wall -= 1
                    phase = "act"
                    position += 1
                    continue
            elif cls is Discard:
                hand = hands[actor]
                tile = event.tile
                if (event.seat != actor or event.riichi or (event.tsumogiri and tile != hand.drawn)
                        or not (phase == "act" or (phase == "discard" and _KIND[tile] not in forbidden))):
                    break
                try:
                    hand.discard(tile)
                except IllegalAction:
                    break
                forbidden = ()
            else:
                break
            # a discard applied
            tile = event.tile
            ippatsu[actor] = False
            rivers[actor].append(tile)
            last_discard = event
            if first_go_around:
                four_winds = four_winds and _same_wind(rivers[0], tile)
                first_go_around = actor != 3
            else:
                four_winds = False
            actor = (actor + 1) % 4
            phase = "draw"
            position += 1
        if position != start:
            if wall != table.wall:  # a draw was applied
                table.rinshan = False
            if last_discard is not None:
                table.last_discard = last_discard
            table.actor, table.phase, table.wall, table.forbidden = actor, phase, wall, forbidden
            table.first_go_around, table.four_winds = first_go_around, four_winds
        return position

    # -- one event ----------------------------------------------------------------------

    def _pay_riichi(self, table: Table, round_: Round) -> None:
        if table.pending_riichi is not None:
            player = round_.player_of(table.pending_riichi)
            for standing in (self.standing, self.own):
                standing.scores[player] -= 1000
                standing.sticks += 1
            table.pending_riichi = None

    def _draw(self, table, event, position, events, problems, round_) -> Expectation:
        seat, tile = event.seat, event.tile
        if type(event) is Draw:
            if table.phase != "draw" or seat != table.actor:
                problems.append(Problem("zimo", f"seat {seat} draws out of turn"
                                        f" (expected {'seat ' + str(table.actor) if table.phase == 'draw' else 'no draw'})"))
            if table.wall <= 0:
                problems.append(Problem("zimo", "a draw with no tile left in the wall"))
            table.rinshan = False
        else:
            if table.phase != "kandraw" or seat != table.actor:
                problems.append(Problem("gangzimo", f"a replacement draw by seat {seat} without its kan"))
            table.rinshan = True
            # the kan is complete (not robbed): it ends ippatsu and the first go-around
            table.ippatsu = [False] * 4
            table.first_go_around = False
            if table.wall <= 0:
                problems.append(Problem("gangzimo", "a replacement draw with no tile left in the wall"))
            if table.dora_due:
                table.dora_due = [_AFTER_REPLACEMENT.get(due, due) for due in table.dora_due]
        if table.pending_riichi is not None:
            self._pay_riichi(table, round_)
        table.wall -= 1
        table.actor, table.phase = seat, "act"
        seen = table.seen
        k = _KIND[tile]
        if seen[k] < 4 and tile[1] != "0":  # the common case of Table.see, written out
            seen[k] += 1
        else:
            problems += table.see(tile, self.rule)
        table.hands[seat].draw(tile)
        return None

    def _discard(self, table, event, position, events, problems, round_) -> Expectation:
        seat, tile, riichi = event.seat, event.tile, event.riichi
        phase = table.phase
        if phase not in ("act", "discard") or seat != table.actor:
            problems.append(Problem("dapai", f"seat {seat} discards out of turn"))
        if table.forbidden and kind(tile) in table.forbidden and phase == "discard":
            problems.append(Problem("dapai", f"swap-calling (喰い替え): {tile} may not be discarded right after this call"))
        if table.dora_due and _BEFORE_DISCARD in table.dora_due:
            problems.append(Problem("kaigang", "a kan's new dora indicator was not revealed before this discard"))
            table.dora_due = [due for due in table.dora_due if due != _BEFORE_DISCARD]
        if riichi:
            self._check_riichi(table, seat, problems, round_)
        self._discard_tile(table, event, problems)
        table.forbidden = ()
        if riichi:
            table.riichi[seat] = 2 if table.first_go_around else 1
            table.ippatsu[seat] = self.rule.ippatsu
            table.riichi_index[seat] = position
            table.pending_riichi = seat
        if table.first_go_around:
            table.four_winds = table.four_winds and _same_wind(table.rivers[0], tile)
            table.first_go_around = seat != 3
        else:
            table.four_winds = False
        if table.dora_due:
            table.dora_due = [_AFTER_DISCARD if due == _AT_DISCARD else due for due in table.dora_due]
        return None

    def _discard_tile(self, table: Table, event: Discard, problems: list[Problem]) -> None:
        """A discard's own effect: the tile leaves the hand (recovering from an impossible
        discard) for the river, ippatsu ends, and the turn passes to the next seat."""
        seat, tile = event.seat, event.tile
        hand = table.hands[seat]
        drawn = hand.drawn
        table.ippatsu[seat] = False
        try:
            hand.discard(tile, event.riichi)
        except IllegalAction as error:
            problems.append(Problem("dapai", str(error)))
            self._recover_discard(table, hand, event)
        else:
            if event.tsumogiri and tile != drawn:
                problems.append(Problem("dapai", f"{tile}_ marked as the drawn tile, which is {drawn}"))
        table.rivers[seat].append(tile)
        table.last_discard = event
        table.actor, table.phase = (seat + 1) % 4, "draw"

    def _recover_discard(self, table: Table, hand: Hand, event: Discard) -> None:
        """Keep replaying after an impossible discard: a tile marked as the drawn one (or
        the other five of a red/ordinary pair) leaves in its place; otherwise the hand is
        no longer known and is not checked again this round."""
        fives = (event.tile[0] + "5", event.tile[0] + "0") if event.tile[0] != "z" else ()
        same_kind = [t for t in (hand.drawn, *fives) if t and kind(t) == kind(event.tile) and hand._held(t)]
        if event.tsumogiri and hand.drawn:
            stand_in = hand.drawn
        elif same_kind:
            stand_in = same_kind[0]
        else:
            table.unknown[event.seat] = True
            stand_in = hand.drawn or next(t for t in hand.to_notation().tiles)
        hand.riichi = hand.riichi or event.riichi
        hand.discard(stand_in)

    def _check_riichi(self, table: Table, seat: int, problems: list[Problem], round_: Round) -> None:
        if table.wall < 4 and not self.rule.riichi_without_draw:
            problems.append(Problem("dapai", f"riichi with {table.wall} tiles left in the wall (needs 4)"))
        if self.rule.bankruptcy_ends and self.scores[round_.player_of(seat)] < 1000:
            problems.append(Problem("dapai", "riichi with less than 1,000 points"))

    def _call(self, table, event, position, events, problems, round_) -> Expectation:
        meld: Meld = event.meld
        seat = event.seat
        if table.last_discard is None or table.phase != "draw" or not isinstance(_before(events, position), Discard):
            problems.append(Problem("fulou", f"{meld}: a call with no discard to call"))
        else:
            discarder, tile = table.last_discard.seat, table.last_discard.tile
            mark = _MARK.get((discarder - seat) % 4)
            if meld.claimed != tile:
                problems.append(Problem("fulou", f"{meld} claims {meld.claimed}, but the discard was {tile}"))
            if mark != meld.direction:
                problems.append(Problem("fulou", f"{meld}: the discard came from seat {discarder}, "
                                        f"which is {mark!r} from seat {seat}, not {meld.direction!r}"))
            table.called_from[discarder] = True
        if table.wall <= 0:
            problems.append(Problem("fulou", f"{meld}: the last discard (河底) cannot be called"))
        if meld.type == "daiminkan":
            self._count_kan(table, seat, problems, "fulou")
        self._pay_riichi(table, round_)
        table.hands[seat].call(meld)
        table.first_go_around = False
        table.four_winds = False
        table.ippatsu = [False] * 4
        table.last_discard = None
        if meld.type == "daiminkan":
            table.actor, table.phase = seat, "kandraw"
            self._kan_dora(table, open_kan=True)
        else:
            table.actor, table.phase = seat, "discard"
            table.forbidden = self._swap_kinds(meld)
        return None

    def _swap_kinds(self, meld: Meld) -> tuple[int, ...]:
        level = self.rule.swap_calling
        if level == 2:
            return ()
        claimed = _KIND[meld.claimed]  # type: ignore[index]
        if meld.type == "chi" and level == 0:
            ranks = sorted(meld.digits.replace("0", "5"))  # one suit: its digits order its kinds
            rank = meld.claimed[1].replace("0", "5")  # type: ignore[index]
            if rank == ranks[0] and claimed % 9 <= 5:
                return claimed, claimed + 3
            if rank == ranks[2] and claimed % 9 >= 3:
                return claimed, claimed - 3
        return (claimed,)

    def _count_kan(self, table: Table, seat: int, problems: list[Problem], key: str) -> None:
        if sum(table.kans) >= 4:
            problems.append(Problem(key, "a fifth kan"))
        table.kans[seat] += 1

    def _kan(self, table, event, position, events, problems, round_) -> Expectation:
        meld: Meld = event.meld
        seat = event.seat
        if table.phase != "act" or seat != table.actor:
            problems.append(Problem("gang", f"{meld}: a kan out of turn"))
        if table.wall <= 0:
            problems.append(Problem("gang", f"{meld}: a kan with no tile left in the wall"))
        hand = table.hands[seat]
        if hand.riichi:
            self._check_kan_after_riichi(hand, meld, problems)
        self._count_kan(table, seat, problems, "gang")
        # a kan dora waiting for a discard is due before the next discard once another kan comes
        table.dora_due = [_BEFORE_DISCARD if due == _AT_DISCARD else due for due in table.dora_due]
        hand.kan(meld)
        table.four_winds = False
        table.actor, table.phase = seat, "kandraw"
        self._kan_dora(table, open_kan=meld.type == "kakan")
        return None

    def _kan_dora(self, table: Table, open_kan: bool) -> None:
        """A kan's dora indicator is due: a closed kan's (or any, without カンドラ後乗せ)
        right after the replacement draw, an open or added kan's after the next discard."""
        if self.rule.kan_dora:
            table.dora_due.append(_OPEN_KAN if open_kan and self.rule.kan_dora_delayed else _CLOSED_KAN)

    def _check_kan_after_riichi(self, hand: Hand, meld: Meld, problems: list[Problem]) -> None:
        """A closed kan after riichi (rules.md, リーチ後暗槓許可レベル): of the drawn tile
        only; at level 2 only if the waits stay the same; at level 1 only if, besides, the
        hand's shape (牌姿) stays the same: every reading of the hand completed by each
        wait holds the three tiles as a triplet. (The reference engine counts the readings
        before and after the kan, the nine gates (九蓮宝燈) form as one more reading of a
        hand without melds; a reading without the triplet makes the count fall.)"""
        level = self.rule.kan_after_riichi
        if meld.type != "ankan" or level == 0:
            problems.append(Problem("gang", f"{meld}: no kan of this kind after riichi under this rule"))
            return
        if hand.drawn is None or kind(hand.drawn) != kind(meld.tiles[0]):
            problems.append(Problem("gang", f"{meld}: after riichi only the drawn tile can make a kan"))
            return
        k = kind(hand.drawn)
        before = list(hand.counts)
        before[k] -= 1
        if sum(before) % 3 != 1 or before[k] < 3:
            return  # a hand of the wrong size, or the kan is impossible: reported elsewhere
        after = list(before)
        after[k] -= 3
        waits = _shanten.waits(before)
        if waits != _shanten.waits(after):
            problems.append(Problem("gang", f"{meld}: the kan after riichi changes the waits"))
        elif level == 1 and any(_readings(_plus(before, w)) + (not hand.melds and _nine_gates(_plus(before, w)))
                                != _readings(_plus(after, w)) for w in waits):
            problems.append(Problem("gang", f"{meld}: the kan after riichi changes the hand's shape (牌姿)"))

    def _reveal(self, table, event, position, events, problems, round_) -> Expectation:
        if not self.rule.kan_dora:
            problems.append(Problem("kaigang", "a kan dora under a rule without kan dora"))
        if not table.dora_due:
            problems.append(Problem("kaigang", "a new dora indicator with no kan to reveal it for"))
        else:
            del table.dora_due[0]
        table.dora_indicators.append(event.indicator)
        problems.extend(table.see(event.indicator, self.rule))
        return None

    def _north(self, table, event, position, events, problems, round_) -> Expectation:
        problems.append(Problem("penuki", "a North tile set aside: three-player mahjong is not supported"))
        return None

    # -- wins -----------------------------------------------------------------------------

    def _win(self, table, event: Win, position, events, problems, round_) -> Expectation:
        seat = event.seat
        hand = table.hands[seat]
        previous = _before(events, position)
        first_winner = not isinstance(previous, Win)
        rule = self.rule
        allowed = None
        if hand.size % 3 != (2 if event.discarder is None else 1):
            # a hand of the wrong size for this win (what made it so was reported): unknown
            table.unknown[seat] = True
            return WinExpectation("the winner's hand is not known", NotAWin("incomplete"), Situation(), None,
                                  hand.to_notation())
        if event.discarder is None:  # tsumo
            if not isinstance(previous, (Draw, KanDraw)) or previous.seat != seat:
                allowed = "a tsumo that does not follow the winner's own draw"
            win_tile = None
            notation = hand.to_notation()
            situation_haitei = 1 if table.wall == 0 and not table.rinshan else 0
            chankan = False
        else:
            source = self._ron_source(table, events, position)
            if source is None:
                allowed = "a ron with no discard or added kan to win on"
                tile = None
            else:
                discarder, tile, chankan = source
                if discarder != event.discarder:
                    allowed = f"the tile came from seat {discarder}, not seat {event.discarder}"
            if event.discarder == seat:
                allowed = "a ron on the winner's own tile"
            if tile is None or event.discarder == seat:
                return WinExpectation(allowed, NotAWin("incomplete"), Situation(), None, hand.to_notation())
            mark = _MARK[(event.discarder - seat) % 4]
            win_tile = tile + mark
            notation = hand.to_notation()
            situation_haitei = 2 if table.wall == 0 and not chankan else 0
            order = self._ron_order_problem(events, position, event)
            if order:
                allowed = allowed or order
        if table.riichi[seat] and rule.ura_dora:
            ura_count = len(table.dora_indicators) if rule.kan_ura else 1
        else:
            ura_count = None
        ura = event.ura_indicators if event.ura_indicators is not None and ura_count else None
        if ura is not None and ura_count is not None and len(ura) > ura_count:
            ura = ura[:ura_count]
        situation = Situation(
            round_wind=table.deal.round_wind,
            seat_wind=seat,
            riichi=table.riichi[seat],
            ippatsu=table.ippatsu[seat],
            haitei=situation_haitei,
            rinshan=table.rinshan and event.discarder is None,
            chankan=event.discarder is not None and chankan,
            tenhou=(1 if seat == 0 else 2) if event.discarder is None and table.first_go_around else 0,
            dora_indicators=tuple(table.dora_indicators),
            ura_indicators=ura,
            honba=self.honba if first_winner else 0,
            riichi_sticks=self.sticks if first_winner else 0,
        )
        try:
            result: WinResult | NotAWin = score(notation, win_tile, situation, rule)
        except ValueError as error:  # e.g. more red fives than the rule has (reported as a tiles problem)
            result = NotAWin("incomplete")
            allowed = allowed or f"the hand cannot be scored: {error}"
        if event.discarder is not None and allowed is None:
            allowed = self._furiten(table, seat, events, position)
        if allowed is None and not result:
            allowed = str(result)
        full = notation if win_tile is None else HandNotation(
            notation.concealed, win_tile[:2], notation.riichi, notation.melds)
        return WinExpectation(allowed, result, situation, ura_count, full)

    def _ron_source(self, table: Table, events, position: int) -> tuple[int, str, bool] | None:
        """The seat and tile a ron is on: the last discard, or the tile added to a kan."""
        index = position - 1
        while index > 0 and isinstance(events[index], (Win, DoraReveal)):
            index -= 1
        event = events[index]
        if isinstance(event, Discard):
            return event.seat, event.tile, False
        if isinstance(event, Kan) and event.meld.type == "kakan":
            return event.seat, event.meld.added, True  # type: ignore[return-value]
        return None

    def _ron_order_problem(self, events, position: int, event: Win) -> str | None:
        """Several rons on one tile come in turn order from the discarder's next seat, at
        most the rule's number of simultaneous wins."""
        index = position
        while isinstance(events[index - 1], Win):
            index -= 1
        winners = [e.seat for e in events[index:position + 1] if isinstance(e, Win)]
        discarder = event.discarder
        distances = [(w - discarder) % 4 for w in winners]  # type: ignore[operator]
        if distances != sorted(distances) or len(set(distances)) != len(distances):
            return "several rons not in turn order from the discarder"
        limit = self.rule.max_simultaneous_wins
        is_kakan = isinstance(events[index - 1], Kan)
        if len(winners) > limit and not is_kakan:
            return f"more than {limit} simultaneous wins under this rule"
        return None

    def _furiten(self, table: Table, seat: int, events: tuple[Event, ...], position: int) -> str | None:
        """Why a ron by ``seat`` at ``position`` is furiten (振聴), or ``None``: a wait in its
        own river, or a winning tile another player passed (discarded or added to a kan)
        since the winner's last discard (since riichi, if in riichi)."""
        waits = table.waits(seat)
        if not waits:
            return None
        for tile in table.rivers[seat]:
            if kind(tile) in waits:
                return f"furiten: the wait {tile} is in the winner's own river"
        current = position - 1  # the tile won on: the last one passed
        while current > 0 and _passed_tile(events[current]) is None:
            current -= 1
        if table.riichi[seat]:
            start = table.riichi_index[seat]
        else:
            start = current - 1
            while start > 0 and not (type(events[start]) is Discard and events[start].seat == seat):
                start -= 1
        for index in range(start + 1, current):
            event = events[index]
            tile = _passed_tile(event)
            if tile is not None and event.seat != seat and kind(tile) in waits:
                return f"furiten: the winner passed {tile} since its last discard"
        return None

    # -- draws ----------------------------------------------------------------------------

    def _no_win(self, table, event: NoWin, position, events, problems, round_) -> Expectation:
        rule = self.rule
        name = DRAW_NAMES.get(event.name)
        if name is None:
            problems.append(Problem("pingju", f"unknown draw name {event.name!r}"))
        previous = _before(events, position)
        zeros = (0, 0, 0, 0)
        no = (False,) * 4
        if name != "三家和":
            self._pay_riichi(table, round_)
        if name == "九種九牌" or (name is None and isinstance(previous, Draw)):
            seat = previous.seat if isinstance(previous, (Draw, KanDraw)) else -1
            ok = (isinstance(previous, Draw) and table.first_go_around and rule.abortive_draws
                  and seat >= 0 and sum(1 for k in _ORPHAN_KINDS if table.hands[seat].counts[k]) >= 9)
            shown = tuple(s == seat for s in range(4))
            return DrawExpectation("九種九牌" if ok else None, no, shown, zeros)
        if name == "三家和":
            ok = isinstance(previous, Discard) and rule.max_simultaneous_wins == 2 and self._three_rons(table, previous)
            return DrawExpectation("三家和" if ok else None, no, tuple(s != previous.seat for s in range(4))
                                   if isinstance(previous, Discard) else no, zeros)
        if not isinstance(previous, Discard):
            return DrawExpectation(None, no, no, zeros)
        # after a discard nobody ronned, in the engine's order of checks
        if rule.abortive_draws and all(table.riichi):
            return DrawExpectation("四家立直", no, (True,) * 4, zeros)
        if rule.abortive_draws and table.four_winds and previous.seat == 3 and len(table.rivers[3]) == 1:
            return DrawExpectation("四風連打", no, no, zeros)
        if rule.abortive_draws and sum(table.kans) == 4 and max(table.kans) < 4:
            return DrawExpectation("四開槓", no, no, zeros)
        if table.wall == 0:
            return self._exhaustive(table, event)
        return DrawExpectation(None, no, no, zeros)

    def _three_rons(self, table: Table, discard: Discard) -> bool:
        claimants = 0
        for seat in range(4):
            if seat != discard.seat:
                waits = table.waits(seat)
                if waits is not None and kind(discard.tile) in waits:
                    claimants += 1
        return claimants == 3

    def _exhaustive(self, table: Table, draw: NoWin) -> DrawExpectation:
        """荒牌平局 / 流し満貫 (rules.md §4). A hand the replay does not know is taken as
        tenpai when the log shows it."""
        rule = self.rule
        tenpai = []
        shown = []
        for seat, hand in enumerate(table.hands):
            evaluated = True
            if rule.noten_declaration and not hand.riichi:
                evaluated = None  # the player may decline to show: not checked
            elif not rule.noten_penalty and not hand.riichi and not (rule.renchan == 2 and seat == 0):
                evaluated = False
            ready = evaluated is not False and _is_tenpai(table, seat, draw)
            tenpai.append(ready)
            shown.append(ready if evaluated is not None else None)
        payments = [0, 0, 0, 0]
        name = "荒牌平局"
        if rule.nagashi_mangan:
            for seat in range(4):
                river = table.rivers[seat]
                if river and not table.called_from[seat] and all(
                        t[0] == "z" or t[1] in "19" for t in river):
                    name = "流し満貫"
                    for other in range(4):
                        if other == seat:
                            payments[other] += 12000 if seat == 0 else 8000
                        else:
                            payments[other] -= 4000 if (seat == 0 or other == 0) else 2000
        if name == "荒牌平局" and rule.noten_penalty:
            ready = sum(tenpai)
            if 0 < ready < 4:
                for seat in range(4):
                    payments[seat] = 3000 // ready if tenpai[seat] else -3000 // (4 - ready)
        return DrawExpectation(name, tuple(tenpai), tuple(shown), tuple(payments))  # type: ignore[arg-type]

    # -- between rounds ---------------------------------------------------------------------

    def _settle(self, index: int, round_: Round, table: Table, results: list[Win | NoWin],
                derived: list[tuple[int, ...]]) -> None:
        """Apply the settlement (the logged one to the log's standing, the derived one to
        the engine's own) and decide the next round (rules.md §3.4-§7)."""
        rule = self.rule
        wins = [r for r in results if isinstance(r, Win)]
        no_game = False
        if wins:
            renchan = rule.renchan > 0 and any(w.seat == 0 for w in wins) and rule.winds != 0
        else:
            draw: NoWin = results[0]  # type: ignore[assignment]
            name = DRAW_NAMES.get(draw.name, draw.name)
            if name in ABORTIVE:
                renchan, no_game = True, True
            elif rule.renchan == 3 or rule.winds == 0:
                renchan = True
            elif rule.renchan == 2:
                renchan = _is_tenpai(table, 0, draw) and (draw.hands[0] is not None or not rule.noten_declaration)
            else:
                renchan = False
        self.standing.settle(round_, [r.payments for r in results], renchan, bool(wins))
        self.own.settle(round_, derived, renchan, bool(wins))
        if self.ended_after is None and self._game_ends(round_, renchan, no_game):
            self.ended_after = index
            self.final = self._finals()

    def _game_ends(self, round_: Round, renchan: bool, no_game: bool) -> bool:
        """rules.md §7: whether the game ends before the round the standing is at."""
        rule = self.rule
        scores = self.standing.scores
        order = [(self.game.first_dealer + i) % 4 for i in range(4)]
        busted = rule.bankruptcy_ends and any(scores[p] < 0 for p in order)
        top = -1
        best = 29999
        for player in order:
            if scores[player] > best:
                top, best = player, scores[player]
        next_index = self.standing.round_wind * 4 + self.standing.hand_number
        if busted:
            return True
        if next_index > 15:
            return True
        if next_index > (rule.winds + 1) * 4 - 1:
            return True
        if next_index > self.max_hand:
            if rule.overtime == 0 or rule.winds == 0 or top >= 0:
                return True
            self.max_hand += {3: 4, 2: 1, 1: 0}[rule.overtime]
            return False
        if next_index == self.max_hand:
            dealer = round_.player_of(0)
            return rule.all_last_stop and top == dealer and renchan and not no_game
        return False

    def _end(self) -> Step:
        game = self.game
        rounds = len(game.rounds)
        complete = bool(game.rounds) and game.rounds[-1].is_complete
        ends = self.ended_after is not None and complete
        extra = self.ended_after + 1 if self.ended_after is not None and self.ended_after + 1 < rounds else None
        final, alternative = self.final or self._finals()
        other = None
        origin = game.origin
        if self.rule.pao_covers_whole_hand and origin is not None and "final_scores_rounded" in origin.undetermined:
            other = final_points(list(final[0]), list(final[1]), self.rule.rank_points,
                                 not self.rule.final_scores_rounded)
        return Step(rounds, None, None, None, GameEnd(ends, extra, *final, alternative, other))

    def _finals(self) -> tuple[tuple, tuple | None]:
        """The final results of the log's standing, and of the engine's own where it
        differs (else ``None``)."""
        return self._final(self.standing), None if self.own == self.standing else self._final(self.own)

    def _final(self, standing: Standing) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
        """Final scores, ranks and points of a standing (rules.md §8)."""
        scores = list(standing.scores)
        order = [(self.game.first_dealer + i) % 4 for i in range(4)]
        ranking: list[int] = []
        for player in order:
            place = next((i for i, other in enumerate(ranking) if scores[player] > scores[other]), len(ranking))
            ranking.insert(place, player)
        scores[ranking[0]] += standing.sticks * 1000
        ranks = [0] * 4
        for place, player in enumerate(ranking):
            ranks[player] = place + 1
        return tuple(scores), tuple(ranks), final_points(scores, ranks, self.rule.rank_points,
                                                         self.rule.final_scores_rounded)


def _derived_payments(event: Win | NoWin, expected: Expectation) -> tuple[int, ...]:
    """The payments the rules give for a round's result, or the logged ones when the
    engine could not derive them."""
    if isinstance(expected, WinExpectation) and expected.result and expected.allowed is None:
        return expected.result.payments  # type: ignore[union-attr]
    if isinstance(expected, DrawExpectation) and expected.name is not None:
        return expected.payments
    return event.payments


def _plus(counts: list[int], k: int) -> list[int]:
    """``counts`` with one more tile of kind ``k``."""
    more = list(counts)
    more[k] += 1
    return more


def _readings(counts: list[int], pair: bool = False) -> int:
    """How many ways ``counts`` split into sets (runs and triplets) and, unless ``pair``
    (one is taken already), one pair: the standard readings (面子分解) of a complete hand."""
    k = next((i for i, count in enumerate(counts) if count), None)
    if k is None:
        return 1 if pair else 0
    ways = 0
    if counts[k] >= 3:
        counts[k] -= 3
        ways += _readings(counts, pair)
        counts[k] += 3
    if not pair and counts[k] >= 2:
        counts[k] -= 2
        ways += _readings(counts, True)
        counts[k] += 2
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for i in (k, k + 1, k + 2):
            counts[i] -= 1
        ways += _readings(counts, pair)
        for i in (k, k + 1, k + 2):
            counts[i] += 1
    return ways


def _nine_gates(counts: list[int]) -> bool:
    """Whether 14 tiles are the nine gates (九蓮宝燈) form: 1112345678999 of one suit and
    one more of that suit."""
    for start in (0, 9, 18):
        suit = counts[start:start + 9]
        if sum(suit) == 14 and suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8]):
            return True
    return False


def _is_tenpai(table: Table, seat: int, draw: NoWin) -> bool:
    """Whether ``seat`` is ready (聴牌) at ``draw``: by its hand, or, for a hand the replay
    does not know, by whether the log shows it."""
    waits = table.waits(seat)
    return bool(waits) if waits is not None else draw.hands[seat] is not None


def _same_wind(dealer_river: list[str], tile: str) -> bool:
    """Whether ``tile`` is a wind, the same as the dealer's first discard (so far, 四風連打)."""
    return bool(dealer_river) and dealer_river[0] == tile and tile in _WIND_TILES


def _passed_tile(event: Event) -> str | None:
    """The tile an event offers the other players to win on: a discard's, or the tile
    added to a kan (加槓, robbable); else ``None``."""
    if type(event) is Discard:
        return event.tile
    if type(event) is Kan and event.meld.type == "kakan":
        return event.meld.added
    return None


def _before(events: tuple[Event, ...], position: int) -> Event:
    """The event before ``position``, passing over new dora indicators."""
    index = position - 1
    while index > 0 and isinstance(events[index], DoraReveal):
        index -= 1
    return events[index]


def final_points(scores: list[int], ranks: list[int], rank_points: tuple[str, ...],
                 rounded_scores: bool = False) -> tuple[str, ...]:
    """Final points (rules.md §8): ``(score - 30000) / 1000 + rank point`` for ranks 2-4,
    the top taking minus the sum of the others; one decimal when any rank point string has
    exactly one decimal, else rounded to integers (halves up, as JavaScript's Math.round).
    With ``rounded_scores`` (Tenhou up to 2020) each score is first rounded to the nearest
    1,000, halves away from zero."""
    one_decimal = any(_has_one_decimal(text) for text in rank_points)
    points: list[float] = [0.0] * 4
    total = 0.0
    for player in sorted(range(4), key=lambda p: ranks[p])[1:]:
        score = scores[player]
        if rounded_scores:
            score = (abs(score) + 500) // 1000 * 1000 * (1 if score >= 0 else -1)
        value = (score - 30000) / 1000 + float(rank_points[ranks[player] - 1])
        if not one_decimal:
            value = float(_js_round(value))
        points[player] = value
        total += value
    top = next(p for p in range(4) if ranks[p] == 1)
    points[top] = -total
    return tuple(_fixed(p, 1 if one_decimal else 0) for p in points)


def _has_one_decimal(text: str) -> bool:
    head, dot, tail = text.rpartition(".")
    return bool(dot) and len(tail) == 1 and tail.isdigit()


def _js_round(value: float) -> int:
    import math

    return math.floor(value + 0.5)


def _fixed(value: float, digits: int) -> str:
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


_HANDLERS = {
    Draw: Replay._draw,
    KanDraw: Replay._draw,
    Discard: Replay._discard,
    Call: Replay._call,
    Kan: Replay._kan,
    DoraReveal: Replay._reveal,
    Win: Replay._win,
    NoWin: Replay._no_win,
    NorthSetAside: Replay._north,
}
