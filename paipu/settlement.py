"""Between rounds: the standing of the game, the next deal, the end of the game, and the
final scores, ranks and points.

The **standing** (:class:`Standing`) is what carries from one round to the next: each
player's score, the honba (本場) counter, the riichi sticks (供託) on the table and which
round comes next. :meth:`Standing.settle` applies a round's payments and moves on by the
rules of renchan (連荘) and honba (``docs/rules.md`` §6, "Who deals next");
:func:`game_ends` says whether the game is over before the round the standing has reached
(トビ, the last round, overtime 延長戦, オーラス止め); :func:`final_results` gives the final
scores, ranks and points (``docs/rules.md`` §8).

These are pure functions of the standing and the rule: the replay engine
(:class:`~paipu.engine.Replay`) calls them with the standing the log states and with its
own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from mypy_extensions import mypyc_attr

from .records import pickle_by_fields
from .checks import is_tenpai
from .events import Deal, NoWin, Round, Win
from .names import EXHAUSTIVE, draw_name
from .rules import Rule
from .table import Table

__all__ = ["Standing", "DealExpectation", "GameEnd", "keeps_deal", "game_ends", "final_results", "final_points"]


@mypyc_attr(acyclic=True)
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
    :class:`~paipu.engine.Replay`): a logged value that agrees with it is consistent too.
    ``None`` when the two agree (as they do until a logged payment differs from the
    rules')."""

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, round_wind: int, hand_number: int, honba: int, riichi_sticks: int, scores: tuple[int, ...],
                 alternative: DealExpectation | None = None) -> None:
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "honba", honba)
        object.__setattr__(self, "riichi_sticks", riichi_sticks)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "alternative", alternative)

    def without_alternative(self) -> "DealExpectation":
        return replace(self, alternative=None)

    def states(self, deal: Deal) -> bool:
        """Whether ``deal`` states this round, honba, sticks and scores (not looking at
        the alternative)."""
        return (self.scores == tuple(deal.scores) and self.round_wind == deal.round_wind
                and self.hand_number == deal.hand_number and self.honba == deal.honba
                and self.riichi_sticks == deal.riichi_sticks)


FinalResults = tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]
"""Final scores, ranks and points, each by player id."""


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class GameEnd:
    """What the engine derives at the end of the log: whether the game ends after the
    last logged round (``ends``: False means rounds are missing; ``extra_from``, the index
    of the first logged round that should not have been played, if any) and the final
    ``scores``, ``ranks`` and ``points`` by player id, from the standing after the last
    logged round (the rounds after the end included, as the log states them)."""

    ends: bool
    extra_from: int | None
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    points: tuple[str, ...]
    alternative: FinalResults | None = None
    """Scores, ranks and points from the engine's own payments instead of the logged ones
    (see :class:`~paipu.engine.Replay`): a final result that agrees with these is
    consistent too. ``None`` when the two agree."""
    other_points: tuple[tuple[str, ...], ...] = ()
    """Points under each other rule the game leaves open (Tenhou's rules for a date
    outside the evidence: rounding of the final scores, rank points, the end of the game)
    that ends the game where the log does: any of them is accepted."""


pickle_by_fields(DealExpectation, GameEnd)


@mypyc_attr(acyclic=True)
@dataclass(slots=True)
class Standing:
    """The game's standing between rounds: ``scores`` by player id, ``honba``, riichi
    ``sticks`` on the table, and the next round (``round_wind``, ``hand_number``)."""

    scores: list[int]
    honba: int = 0
    sticks: int = 0
    round_wind: int = 0
    hand_number: int = 0

    # Its own __init__ and __eq__: compiled, they run natively (the dataclass's are
    # interpreted code: ~16,000 standings made and ~8,000 compared in validating 722 games).
    def __init__(self, scores: list[int], honba: int = 0, sticks: int = 0, round_wind: int = 0,
                 hand_number: int = 0) -> None:
        self.scores = scores
        self.honba = honba
        self.sticks = sticks
        self.round_wind = round_wind
        self.hand_number = hand_number

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Standing):
            return False
        return (self.scores == other.scores and self.honba == other.honba and self.sticks == other.sticks
                and self.round_wind == other.round_wind and self.hand_number == other.hand_number)

    def copy(self) -> "Standing":
        return Standing(list(self.scores), self.honba, self.sticks, self.round_wind, self.hand_number)

    def expected_deal(self, round_: Round, alternative: DealExpectation | None = None) -> DealExpectation:
        """The deal of ``round_`` this standing leads to (scores by seat)."""
        dealer, scores = round_.player_of(0), self.scores
        return DealExpectation(self.round_wind, self.hand_number, self.honba, self.sticks,
                               tuple(scores[dealer:] + scores[:dealer]), alternative)

    @classmethod
    def of_deal(cls, round_: Round) -> "Standing":
        """The standing a round's deal states."""
        deal = round_.deal
        dealer, players = round_.player_of(0), round_.players
        scores = [0] * len(deal.scores)
        for seat, points in enumerate(deal.scores):
            scores[(dealer + seat) % players] = points
        return cls(scores, deal.honba, deal.riichi_sticks, deal.round_wind, deal.hand_number)

    def settle(self, round_: Round, deposits: tuple[int, ...], payments: list[tuple[int, ...]],
               renchan: bool, wins: bool) -> None:
        """Apply a round's riichi ``deposits`` and ``payments`` (by seat) and move on: the
        sticks go to the winner (the payments include them), honba grow on a draw or a
        dealer's win, the deal passes unless ``renchan`` (``docs/rules.md`` §3.4, §5.1, §6)."""
        players = round_.players
        first = (players - round_.player_of(0)) % players  # the seat of player 0
        # (compiled, a comprehension over zip is a loop of native adds; map(add) called
        # operator.add per seat; any() and sum() of the tuple were generic calls, about
        # 800 instructions each)
        deposited, any_deposit = 0, False
        for deposit in deposits:
            deposited += deposit
            any_deposit = any_deposit or deposit != 0
        if any_deposit:
            self.scores = [score - paid for score, paid in zip(self.scores, deposits[first:] + deposits[:first])]
            self.sticks += deposited // 1000
        for payment in payments:
            self.scores = [score + paid for score, paid in zip(self.scores, payment[first:] + payment[:first])]
        if wins:
            self.sticks = 0
            self.honba = self.honba + 1 if renchan else 0
        else:
            self.honba += 1
        if not renchan:  # a wind has a hand per player
            self.hand_number += 1
            self.round_wind += self.hand_number // players
            self.hand_number %= players


def keeps_deal(rule: Rule, table: Table) -> tuple[bool, bool]:
    """Whether the dealer keeps the deal (連荘) after the round ``table`` has ended, and
    whether the round was an abortive draw (``docs/rules.md`` §6): by a dealer's win; at
    an exhaustive draw by the rule's 連荘方式 (under 2, when the dealer is tenpai and, if
    the rule lets players hide a tenpai hand, shows it); always at an abortive draw."""
    results = table.results
    wins = [result for result in results if type(result) is Win]
    if wins:
        return rule.renchan > 0 and any(win.seat == 0 for win in wins) and rule.winds != 0, False
    draw: NoWin = results[0]  # type: ignore[assignment]
    if (draw_name(draw.name) or draw.name) not in EXHAUSTIVE:
        return True, True
    if rule.renchan == 3 or rule.winds == 0:
        return True, False
    return (rule.renchan == 2 and is_tenpai(table, 0, draw)
            and (draw.hands[0] is not None or not rule.noten_declaration)), False


def seat_order(first_dealer: int, players: int) -> list[int]:
    """Player ids from the first dealer (起家) on: the order that breaks ties."""
    return [(first_dealer + i) % players for i in range(players)]


def game_ends(rule: Rule, standing: Standing, first_dealer: int, dealer: int, last_hand: int,
              renchan: bool, no_game: bool, won: bool) -> tuple[bool, int]:
    """Whether the game ends before the round ``standing`` has reached, and the last
    hand (局, counted from 東1局 = 0, a hand per player in each wind) the game may go to
    from there, which overtime (延長戦) may push back (``docs/rules.md`` §7). ``dealer`` is
    the player id of the round just played, ``last_hand`` the last hand so far; the round
    kept the deal (``renchan``) or not, was an abortive draw (``no_game``) or not, and
    ended in a win (``won``) or a draw."""
    scores = standing.scores
    players = len(scores)
    order = seat_order(first_dealer, players)
    if rule.bankruptcy_ends and any(scores[p] < 0 for p in order):
        return True, last_hand
    top = -1
    best = rule.returned_points - 1
    for player in order:
        if scores[player] > best:
            top, best = player, scores[player]
    next_hand = standing.round_wind * players + standing.hand_number
    if next_hand >= 4 * players or next_hand > (rule.winds + rule.overtime_winds) * players - 1:
        return True, last_hand
    if next_hand > last_hand:
        if rule.overtime == 0 or rule.winds == 0 or top >= 0:
            return True, last_hand
        return False, last_hand + {3: players, 2: 1, 1: 0}[rule.overtime]
    if next_hand == last_hand:
        stops = rule.all_last_stop and renchan and not no_game and (won or rule.tenpai_stop)
        return stops and top == dealer, last_hand
    return False, last_hand


def final_results(rule: Rule, standing: Standing, first_dealer: int,
                  rounded: bool | None = None) -> FinalResults:
    """Final scores, ranks and points of a standing (``docs/rules.md`` §8): ties go to the player nearer the first dealer; the sticks left on the table
    go to first place. ``rounded`` overrides :attr:`~paipu.rules.Rule.final_scores_rounded`."""
    scores = list(standing.scores)
    ranking: list[int] = []
    for player in seat_order(first_dealer, len(scores)):
        place = next((i for i, other in enumerate(ranking) if scores[player] > scores[other]), len(ranking))
        ranking.insert(place, player)
    scores[ranking[0]] += standing.sticks * 1000
    ranks = [0] * len(scores)
    for place, player in enumerate(ranking):
        ranks[player] = place + 1
    if rounded is None:
        rounded = rule.final_scores_rounded
    return tuple(scores), tuple(ranks), final_points(scores, ranks, rule.rank_points, rounded, rule.returned_points)


def final_points(scores: list[int], ranks: list[int], rank_points: tuple[str, ...],
                 rounded_scores: bool = False, returned: int = 30000) -> tuple[str, ...]:
    """Final points (``docs/rules.md`` §8): ``(score - returned) / 1000 + rank
    point`` (返し点, 30000 unless the rule says otherwise) for ranks 2-4 (2-3 with three
    players), the top taking minus the sum of the others; one decimal when
    any rank point string has exactly one decimal, else rounded to integers (halves up,
    as JavaScript's Math.round). With ``rounded_scores`` (Tenhou up to 2020) each score
    is first rounded to the nearest 1,000, halves away from zero."""
    one_decimal = any(_has_one_decimal(text) for text in rank_points)
    points: list[float] = [0.0] * len(scores)
    total = 0.0
    for player in sorted(range(len(scores)), key=lambda p: ranks[p])[1:]:
        score = scores[player]
        if rounded_scores:
            score = (abs(score) + 500) // 1000 * 1000 * (1 if score >= 0 else -1)
        value = (score - returned) / 1000 + float(rank_points[ranks[player] - 1])
        if not one_decimal:
            value = float(math.floor(value + 0.5))  # JavaScript's Math.round
        points[player] = value
        total += value
    top = ranks.index(1)
    points[top] = -total
    return tuple(_fixed(p, 1 if one_decimal else 0) for p in points)


def _has_one_decimal(text: str) -> bool:
    head, dot, tail = text.rpartition(".")
    return bool(dot) and len(tail) == 1 and tail.isdigit()


def _fixed(value: float, digits: int) -> str:
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text
