"""The replay engine: a game's events through the rules, step by step.

:class:`Replay` drives one game event by event on a :class:`~paipu.table.Table`. Before
each event it asks :mod:`paipu.checks` whether the event is legal where the table is (a
:class:`~paipu.table.Problem` when it is not), then applies it with the table's own
action, and derives what the rules say the log should state there:

* at each :class:`~paipu.events.Deal`, the round, honba, riichi sticks and scores that
  follow from the previous rounds (:class:`~paipu.settlement.DealExpectation`);
* at each :class:`~paipu.events.Win`, whether the win was allowed and its full value and
  payments under the rule (:class:`~paipu.checks.WinExpectation`);
* at each :class:`~paipu.events.NoWin`, which kind of draw it must be, who was tenpai and
  the payments (:class:`~paipu.checks.DrawExpectation`);
* after the last event, whether the game really ends there and the final scores, ranks
  and points (:class:`~paipu.settlement.GameEnd`).

It does not compare anything: :mod:`paipu.validation` does, as an observer
(:mod:`paipu.observe`) of :func:`replay`. After each round the engine carries on from what
the log states (scores, honba, sticks, round), so one wrong number is reported once. An
illegal event is applied as far as possible, and the replay goes on.

The semantics are those of the 電脳麻将 reference engine (``docs/rules.md``), with the
parameters of a :class:`~paipu.rules.Rule`.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import Any, Callable, Iterator, TypeVar, cast, overload

from . import checks
from .checks import DrawExpectation, WinExpectation, before
from .events import (Call, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Round,
                     Win)
from .hand import IllegalAction
from .names import draw_name
from .loader import GameSource, games_of
from .observe import R2, Hooks, Observer, R
from .game_rule import game_rules
from .rules import Rule, RuleSpec
from .scoring import WinResult
from .step import Expectation, Step
from .settlement import (DealExpectation, FinalResults, GameEnd, Standing, final_points, final_results, game_ends,
                         keeps_deal)
from .tiles import KIND_OF
from .table import AFTER_DISCARD, BEFORE_DISCARD, Problem, Table

__all__ = ["Replay", "replay", "PastTheEndWarning", "warn_past_the_end"]

_Result = TypeVar("_Result", Win, NoWin)
"""A round's result: a win or a draw."""


def _last_hand(rule: Rule) -> int:
    """The last hand (局, counted from 東1局 = 0) of a game under ``rule`` before any
    overtime: 南4局 of an East-South game, 東4局 of an East-only one (of three players,
    南3局 and 東3局)."""
    return 0 if rule.winds == 0 else rule.winds * rule.players - 1


class Replay:
    """Replay a game under a rule; iterate it for :class:`Step`\\ s, or :meth:`run`
    observers over it.

    ``rule`` is named as anywhere in paipu (:meth:`Rule.get`: a preset name, a mapping of
    電脳麻将 rule keys, a JSON file or a :class:`Rule`); by default the game's own
    ``rule`` (a paipu may carry one), else for a Tenhou game the tenhou preset, else the
    majiang preset (see :func:`game_rule`). ``other_rules`` are the rules the game's origin
    leaves open (:func:`game_rules`): the game may end where any of them ends it, and its
    final points are accepted under each of them that ends it there.

    Every round of the log is replayed, those after the end the rules give too (the end
    is reported once, at the end of the game, :class:`~paipu.settlement.GameEnd`), so
    that every observer sees every round.

    Two standings are kept between rounds: the log's (each round starts from what its
    deal states, then the logged payments) and the engine's own (the payments the rules
    give). A logged number that agrees with either is taken as consistent, so one wrong
    number is reported once, not again in every later round.
    """

    def __init__(self, game: Game, rule: RuleSpec | None = None) -> None:
        if not isinstance(game, Game):
            # (compiled, mypyc's check of the declared type comes first: "paipu.events.Game
            # object expected; got str"; an overloaded __init__, which would let this line
            # speak, makes mypyc 2.4.1 write C that does not compile)
            raise TypeError(f"a Replay is of a Game, not {type(game).__name__}")
        self.game = game
        self.rule, self.other_rules = game_rules(game, None if rule is None else Rule.get(rule))
        rule = self.rule
        self.standing = Standing([rule.starting_points] * len(game.players))
        self.own = self.standing.copy()
        self.last_hand = _last_hand(rule)
        self.ended_after: int | None = None
        # under each of the other rules: the last hand so far, and the round the game ended after
        self.other_last_hands = [_last_hand(other) for other in self.other_rules]
        self.other_ended_after: list[int | None] = [None] * len(self.other_rules)

    def __iter__(self) -> Iterator[Step[Event | None]]:
        return self.steps()

    def steps(self, every: bool = True) -> Iterator[Step[Event | None]]:
        """The replay's steps: one per event and one for the end of the game; with
        ``every=False`` only the steps where the engine expected something or found a
        problem (what validation needs, at a fraction of the cost)."""
        return self._steps(every, frozenset(), None, False)

    def run(self, *observers: Observer[Any]) -> Any:
        """Run ``observers`` over the replay of the game; their results (see
        :class:`~paipu.observe.Observer`)."""
        hooks = Hooks(observers)
        self._observe(hooks)
        return hooks.result()

    def _observe(self, hooks: Hooks) -> None:
        for hook in hooks.game_start:
            hook(self.game)
        by_event, problem_hooks, after_riichi = hooks.by_event, hooks.problem, hooks.after_riichi
        round_end = None
        if hooks.round_end:
            def round_end(step: Step[Event]) -> None:
                for hook in hooks.round_end:
                    hook(step)
        for step in self._steps(False, frozenset(by_event), round_end, bool(after_riichi)):
            if step.problems and problem_hooks:
                for problem in step.problems:
                    for hook in problem_hooks:
                        hook(step, problem)
            if step.event is None:
                for hook in hooks.game_end:
                    hook(step)
            else:
                for hook in by_event.get(type(step.event), ()):
                    hook(step)
                # a replay's step has its table at a discard
                if after_riichi and type(step.event) is Discard and any(step.table.riichi):  # type: ignore[union-attr]  # a replay's step has its table
                    for hook in after_riichi:
                        hook(step)

    # -- the game ----------------------------------------------------------------------

    def _steps(self, every: bool, wanted: frozenset[type], round_end: Callable[[Step[Event]], None] | None,
               after_riichi: bool) -> Iterator[Step[Event | None]]:
        """The steps of the game: at every event if ``every``, else where the engine
        expected something or found a problem, at the events of a ``wanted`` type and, if
        ``after_riichi``, at each discard from the round's first riichi declaration on;
        ``round_end`` is called after each round's last event."""
        game = self.game
        if len(game.players) != self.rule.players:
            yield Step(game, 0, None, None, None, None,
                       [Problem("game", f"a game of {len(game.players)} players under a rule for "
                                        f"{self.rule.players} players")])
            return
        plain = not every and Draw not in wanted and Discard not in wanted
        for index, round_ in enumerate(game.rounds):
            yield from self._round(index, round_, every, wanted, plain, round_end, after_riichi)
        yield self._end()

    def _round(self, index: int, round_: Round, every: bool, wanted: frozenset[type], plain: bool,
               round_end: Callable[[Step[Event]], None] | None, after_riichi: bool) -> Iterator[Step[Event | None]]:
        game, deal = self.game, round_.deal
        # A round after the end the rules give is the log's all the same: replayed as any
        # other (the end is reported once, at the end of the game). The engine's own
        # standing has an expectation of its own only where it differs from the log's
        # (after a logged payment the rules do not give).
        own = None if self.own == self.standing else self.own.expected_deal(round_)
        expected_deal: DealExpectation | None = self.standing.expected_deal(round_, own)
        if (index == 0 and game.final_scores is None
                and (deal.round_wind, deal.hand_number, deal.honba, deal.riichi_sticks) != (0, 0, 0, 0)):
            expected_deal = None  # an excerpt that starts in the middle of a game: its standing is as given
        elif self.ended_after is not None and None not in self.other_ended_after:
            expected_deal = None  # no rule the game may be under has this round (reported at the end)
        logged = Standing.of_deal(round_)
        if expected_deal is None or expected_deal.states(deal) or (own is not None and own.states(deal)):
            self.own = logged.copy()
        self.standing = logged
        problems: list[Problem] = []
        try:
            table = Table(self.rule, deal, 0 if len(deal.hands) == 4 else round_.player_of(0))
        except ValueError as error:
            yield Step(game, index, 0, deal, None, expected_deal, [Problem("qipai", str(error))])
            if round_end is not None:
                round_end(Step(game, index, len(round_.events) - 1, round_.events[-1], None, None, []))
            return
        for hand in table.hands:
            if hand.size != 13:
                problems.append(Problem("qipai", f"a deal of {hand.size} tiles: {hand}"))
        rule = self.rule
        problems += table.in_view.deal_problems(deal, rule)
        yield Step(game, index, 0, deal, table, expected_deal, problems)
        derived: list[tuple[int, ...]] = []
        doubtful = False  # a win the events before it do not allow: who won is not known
        events = round_.events
        problems = []
        position, end = 1, len(events)
        while position < end:
            if plain:
                position = table.play_turns(events, position, rule)
                if position == end:
                    break
            event = events[position]
            cls = type(event)
            if table.dora_due and AFTER_DISCARD in table.dora_due and cls is not DoraReveal:
                problems.append(Problem("kaigang", "a kan's new dora indicator was not revealed after the discard"))
                table.drop_due_dora(AFTER_DISCARD)
            expected: Expectation = None
            lost = False  # a hand the table lost track of (before the event)
            try:  # the event's check and action, by its type
                if type(event) is Draw or type(event) is KanDraw:
                    lost = table.unknown[event.seat]
                    self._draw(table, event.seat, event.tile, cls is KanDraw, problems)
                elif type(event) is Discard:
                    lost = table.unknown[event.seat]
                    self._discard(table, event, problems)
                elif type(event) is Call:
                    lost = table.unknown[event.seat]
                    problems += checks.call_problems(table, event, before(events, position))
                    table.call(event.seat, event.meld)
                elif type(event) is Kan:
                    lost = table.unknown[event.seat]
                    problems += checks.kan_problems(table, event, rule)
                    table.kan(event.seat, event.meld)
                elif type(event) is DoraReveal:
                    self._reveal(table, event, problems)
                elif type(event) is Win:
                    lost = table.unknown[event.seat]
                    expected = self._win(table, event, position, events)
                elif type(event) is NoWin:
                    expected = self._no_win(table, event, position, events, problems)
                elif type(event) is NorthSetAside:
                    lost = table.unknown[event.seat]
                    problems += checks.north_problems(table, event, rule)
                    table.set_aside_north(event.seat, event.tile)
                else:
                    raise KeyError(cls)  # a Deal within a round: no table action takes it
            except IllegalAction as error:
                if not lost:  # what such a hand cannot do was said where it was lost
                    problems.append(Problem(event.key, str(error)))
            if after_riichi and type(event) is Discard and event.riichi:  # every discard wanted from here on
                plain, wanted = False, wanted | {Discard}
            if expected is not None:
                # the engine expects something at a win or a draw only
                derived.append(_derived_payments(cast("Win | NoWin", event), expected, len(table.scores)))
                doubtful = doubtful or (type(expected) is WinExpectation and expected.allowed is not None)
            if every or expected is not None or problems or cls in wanted:
                step = Step(game, index, position, event, table, expected, problems)
                yield step
                problems = []
            position += 1
        if round_end is not None:
            round_end(Step(game, index, end - 1, events[-1], table, None, []))
        if table.results:
            self._settle(index, round_, table, derived, doubtful)

    # -- one event ----------------------------------------------------------------------

    def _draw(self, table: Table, seat: int, tile: str, replacement: bool, problems: list[Problem]) -> None:
        problems += checks.draw_problems(table, seat, replacement)
        in_view, k = table.in_view, KIND_OF[tile]
        if in_view.counts[k] < 4 and tile[1] != "0":  # the common case of TilesInView.see, written out
            in_view.counts[k] = in_view.counts[k] + 1
        else:
            problems += in_view.see(tile, self.rule)
        if replacement:
            table.kan_draw(seat, tile)
        else:
            table.draw(seat, tile)

    def _discard(self, table: Table, event: Discard, problems: list[Problem]) -> None:
        problems += checks.discard_problems(table, event, self.rule)
        if table.dora_due and BEFORE_DISCARD in table.dora_due:
            table.drop_due_dora(BEFORE_DISCARD)
        table.discard(event.seat, event.tile, event.tsumogiri, event.riichi)

    def _reveal(self, table: Table, event: DoraReveal, problems: list[Problem]) -> None:
        if not self.rule.kan_dora:
            problems.append(Problem("kaigang", "a kan dora under a rule without kan dora"))
        if not table.dora_due:
            problems.append(Problem("kaigang", "a new dora indicator with no kan to reveal it for"))
        table.reveal_dora(event.indicator)
        problems += table.in_view.see(event.indicator, self.rule)

    def _win(self, table: Table, event: Win, position: int, events: tuple[Event, ...]) -> WinExpectation:
        expected = checks.expected_win(table, event, events, position, self.rule)
        table.win(_settled(event, expected, len(table.scores)))
        return expected

    def _no_win(self, table: Table, event: NoWin, position: int, events: tuple[Event, ...],
                problems: list[Problem]) -> DrawExpectation:
        if draw_name(event.name) is None:
            problems.append(Problem("pingju", f"unknown draw name {event.name!r}"))
        expected = checks.expected_draw(table, event, before(events, position), self.rule)
        table.no_win(_settled(event, expected, len(table.scores)))
        return expected

    # -- between rounds ---------------------------------------------------------------------

    def _settle(self, index: int, round_: Round, table: Table, derived: list[tuple[int, ...]],
                doubtful: bool) -> None:
        """Apply the settlement (the logged one to the log's standing, the rules' one where
        the log states no payments, see :func:`_settled`; the derived one to the engine's
        own) and decide the next round. After a ``doubtful`` win (one the
        events do not allow, reported there) the dealer may or may not have won: the
        engine's own standing takes the other way, so either next deal is consistent (``docs/rules.md`` §3.4-§7)."""
        rule, results = self.rule, table.results
        wins = [r for r in results if type(r) is Win]
        renchan, no_game = keeps_deal(rule, table)
        deposits = tuple(table.deposits)
        # the table settles results with payments only (the rules' where the log states none, _settled)
        payments = cast("list[tuple[int, ...]]", [r.payments for r in results])
        self.standing.settle(round_, deposits, payments, renchan, bool(wins))
        self.own.settle(round_, deposits, derived, renchan != doubtful, bool(wins))
        first, dealer, won = self.game.first_dealer, round_.player_of(0), bool(wins)
        if self.ended_after is None:
            ends, self.last_hand = game_ends(rule, self.standing, first, dealer, self.last_hand, renchan, no_game,
                                             won)
            if ends:
                self.ended_after = index
        for number, other in enumerate(self.other_rules):
            if self.other_ended_after[number] is None:
                ends, self.other_last_hands[number] = game_ends(other, self.standing, first, dealer,
                                                                self.other_last_hands[number], renchan, no_game, won)
                if ends:
                    self.other_ended_after[number] = index

    def _end(self) -> Step[None]:
        """The end of the game as the rule gives it, or as another rule the game's origin
        leaves open gives it when that one ends the game where the log does (the first
        such); the points under the other rules that end it there too are accepted."""
        game = self.game
        rounds = len(game.rounds)
        complete = bool(game.rounds) and game.rounds[-1].is_complete
        rules = (self.rule, *self.other_rules)
        ended = (self.ended_after, *self.other_ended_after)
        as_logged = [rule for rule, after in zip(rules, ended) if complete and after == rounds - 1]
        rule = as_logged[0] if as_logged else self.rule
        ended_after = ended[rules.index(rule)]
        extra = ended_after + 1 if ended_after is not None and ended_after + 1 < rounds else None
        # the final results of the log's last standing: after rounds the rules would not have
        # played too, the engine carries on from what the log states
        final, alternative = self._finals(rule)
        others = as_logged[1:] if as_logged else self.other_rules
        points = tuple(final_points(list(final[0]), list(final[1]), other.rank_points, other.final_scores_rounded,
                                    other.returned_points)
                       for other in others)
        ends = ended_after is not None and complete
        return Step(game, rounds, None, None, None, GameEnd(ends, extra, *final, alternative, points))

    def _finals(self, rule: Rule) -> tuple[FinalResults, FinalResults | None]:
        """The final results under ``rule`` of the log's standing, and of the engine's own
        where it differs (else ``None``)."""
        first = self.game.first_dealer
        return (final_results(rule, self.standing, first),
                None if self.own == self.standing else final_results(rule, self.own, first))


class PastTheEndWarning(UserWarning):
    """Issued by an analysis of replayed games (:mod:`paipu.defence`) for each game whose
    log plays rounds after the one the rules end the game with: those rounds are the
    log's and are counted as it states them; validation reports the end (``game.rounds``)."""


def warn_past_the_end(step: Step[None]) -> None:
    """At a replay's end-of-game step: a :class:`PastTheEndWarning` naming the game when
    the log holds rounds after the end the rules give (:attr:`GameEnd.extra_from
    <paipu.settlement.GameEnd.extra_from>`), nothing otherwise."""
    end = step.expected
    if type(end) is GameEnd and end.extra_from is not None:
        rounds = step.game.rounds
        warnings.warn(f"{step.game.source}: the rules end the game after {rounds[end.extra_from - 1].label}; "
                      f"the {len(rounds) - end.extra_from} round(s) the log plays after it are counted as logged",
                      PastTheEndWarning, stacklevel=2)


@overload
def replay(source: GameSource, observer: Observer[R], /, *, rule: RuleSpec | None = None) -> R: ...
@overload
def replay(source: GameSource, observer: Observer[R], other: Observer[R2], /, *,
           rule: RuleSpec | None = None) -> tuple[R, R2]: ...
@overload
def replay(source: GameSource, *observers: Observer[Any], rule: RuleSpec | None = None) -> Any: ...


def replay(source: GameSource, *observers: Observer[Any], rule: RuleSpec | None = None) -> Any:
    """Run ``observers`` over the replay of each game of ``source`` (a game, a path or
    an iterable of them) under ``rule`` (see :class:`Replay`); return their results, as
    :func:`~paipu.observe.walk` does."""
    hooks = Hooks(observers)
    chosen = None if rule is None else Rule.get(rule)
    for game in games_of(source):
        Replay(game, chosen)._observe(hooks)
    return hooks.result()


def _derived_payments(event: Win | NoWin, expected: Expectation, seats: int) -> tuple[int, ...]:
    """The payments the rules give for a round's result, or the logged ones when the
    engine could not derive them (zeros when the log states none either: the win or draw
    the rules do not allow is reported where it is)."""
    if type(expected) is WinExpectation and type(expected.result) is WinResult and expected.allowed is None:
        return expected.result.payments
    if type(expected) is DrawExpectation and expected.name is not None:
        return expected.payments
    return (0,) * seats if event.payments is None else event.payments


def _settled(event: _Result, expected: Expectation, seats: int) -> _Result:
    """A round's result as the table settles it: as logged, or with the payments the
    rules give when the log states none (mjai's optional ``deltas``)."""
    if event.payments is not None:
        return event
    return replace(event, payments=_derived_payments(event, expected, seats))

