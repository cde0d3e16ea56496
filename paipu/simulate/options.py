"""The legal choices at each decision point of a round, as the events they would be.

A player is only ever offered what the rules allow where the table is, each choice the
very event it makes: on its turn (:class:`TurnOptions`) a win by self-draw (ツモ), the
abortive draw 九種九牌, a closed or added kan, or a discard (with riichi where riichi is
allowed); on another player's discard or added kan (:class:`ClaimOptions`) a ron, a chi,
a pon or an open kan. Legality is asked of :mod:`paipu.checks` (the same checks the
replay makes), and the win's value is the engine's own (:func:`paipu.checks.expected_win`).
The choices are those 電脳麻将's engine offers (``Game.get_dapai``, ``get_chi_mianzi``,
``get_peng_mianzi``, ``get_gang_mianzi``, ``allow_lizhi``, ``allow_hule``,
``allow_pingju``), red fives apart where the engine keeps them apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .. import checks
from ..events import Call, Discard, Draw, Event, Kan, NoWin, Win
from ..hand import Hand
from ..rules import Rule
from ..scoring import WinResult
from ..shanten import is_complete, waits
from ..table import Table, swap_calling_kinds
from ..tiles import KIND_OF, KINDS, HandNotation, Meld

__all__ = ["TurnOptions", "ClaimOptions", "turn_options", "claim_options", "scored_win", "held_tiles"]

_ORPHAN_KINDS = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))
_FIVE_SUIT = {4: 0, 13: 1, 22: 2}
"""The kinds of fives, with the index of their suit among the red fives (m, p, s)."""


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """What the player whose turn it is may do: ``tsumo``, the scored win if the hand
    wins on the tile just drawn; ``nine_terminals``, the abortive draw 九種九牌 if it
    may be declared; ``kans``, the closed and added kans allowed; ``discards``, every
    allowed discard, a riichi declaration being a discard of its own (``riichi=True``)."""

    seat: int
    tsumo: Win | None
    nine_terminals: NoWin | None
    kans: tuple[Kan, ...]
    discards: tuple[Discard, ...]

    def __contains__(self, choice: object) -> bool:
        return choice is not None and (choice == self.tsumo or choice == self.nine_terminals
                                       or choice in self.kans or choice in self.discards)


@dataclass(frozen=True, slots=True)
class ClaimOptions:
    """What a player may do with another's discard (or the tile added to a kan): ``ron``,
    the scored win if it may win on it; ``calls``, the chi, pon and open kans allowed.
    Passing is always allowed."""

    seat: int
    ron: Win | None
    calls: tuple[Call, ...]

    def __bool__(self) -> bool:
        return self.ron is not None or bool(self.calls)

    def __contains__(self, choice: object) -> bool:
        return choice is None or choice == self.ron or choice in self.calls


def held_tiles(table: Table, seat: int) -> list[str]:
    """The distinct tiles ``seat`` holds concealed, in kind order, a red five before the
    ordinary fives of its suit."""
    hand = table.hands[seat]
    tiles = []
    for k, count in enumerate(hand.counts):
        if not count:
            continue
        suit = _FIVE_SUIT.get(k)
        red = hand.red[suit] if suit is not None else 0
        if red:
            tiles.append(KINDS[k][0] + "0")
        if count > red:
            tiles.append(KINDS[k])
    return tiles


def scored_win(table: Table, seat: int, discarder: int | None, events: Sequence[Event], rule: Rule,
               ura: tuple[str, ...]) -> Win | None:
    """The win of ``seat`` as the next event after ``events`` (a tsumo when ``discarder``
    is ``None``, else a ron on the last discard or added kan), with the value the rules
    give and ``ura`` as far as the rule shows ura indicators; ``None`` when the win is not
    allowed (furiten, no yaku, not a complete hand)."""
    probe = Win(seat, HandNotation(()), discarder, ura, None, None, None, 0, (), ())
    expected = checks.expected_win(table, probe, (*events, probe), len(events), rule)
    result = expected.result
    if expected.allowed is not None or not isinstance(result, WinResult):  # a NotAWin: no value
        return None
    count = expected.ura_count
    return Win(seat, expected.hand, discarder, None if count is None else ura[:count], result.fu or None,
               result.han or None, result.yakuman or None, result.points, result.yaku, result.payments)


def turn_options(table: Table, seat: int, events: Sequence[Event], rule: Rule, ura: tuple[str, ...]) -> TurnOptions:
    """The choices of ``seat`` on its turn: after a draw (``table.phase`` ``act``) or
    after a chi or pon (``discard``: a discard only)."""
    hand = table.hands[seat]
    tsumo: Win | None = None
    nine: NoWin | None = None
    kans: tuple[Kan, ...] = ()
    if table.phase == "act":
        if is_complete(hand.counts):
            tsumo = scored_win(table, seat, None, events, rule, ura)
        if (table.first_go_around and rule.abortive_draws and type(events[-1]) is Draw
                and sum(1 for k in _ORPHAN_KINDS if hand.counts[k]) >= 9):
            shown = tuple(hand.to_notation() if s == seat else None for s in range(len(table.hands)))
            nine = NoWin("九種九牌", shown, (0,) * len(table.hands))
        kans = _kans(table, seat, rule)
    return TurnOptions(seat, tsumo, nine, kans, _discards(table, seat, rule))


def _discards(table: Table, seat: int, rule: Rule) -> tuple[Discard, ...]:
    hand = table.hands[seat]
    drawn = hand.drawn
    if hand.riichi:
        return (Discard(seat, drawn, True),)  # type: ignore[arg-type]  # a hand in riichi discards after a draw
    forbidden = table.forbidden if table.phase == "discard" else ()
    plain = [Discard(seat, tile, tile == drawn) for tile in held_tiles(table, seat)
             if KIND_OF[tile] not in forbidden]
    if not (table.phase == "act" and hand.is_closed and (table.wall >= 4 or rule.riichi_without_draw)
            and (table.scores[seat] >= 1000 or not rule.bankruptcy_ends)):
        return tuple(plain)
    riichi = []
    counts = hand.counts
    for option in plain:
        k = KIND_OF[option.tile]
        counts[k] -= 1
        ready = bool(waits(counts))
        counts[k] += 1
        if ready:
            riichi.append(Discard(seat, option.tile, option.tsumogiri, True))
    return tuple(plain + riichi)


def _kans(table: Table, seat: int, rule: Rule) -> tuple[Kan, ...]:
    hand = table.hands[seat]
    if table.wall <= 0 or sum(table.kans) >= 4:
        return ()
    melds = []
    for k, count in enumerate(hand.counts):
        if count == 4:
            suit = _FIVE_SUIT.get(k)
            red = hand.red[suit] if suit is not None else 0
            name = KINDS[k]
            melds.append(Meld("ankan", name[0], name[1] * (4 - red) + "0" * red, None, None))
        elif count and not hand.riichi:
            for meld in hand.melds:
                if meld.type == "pon" and meld.kind == k:
                    suit = _FIVE_SUIT.get(k)
                    tile = KINDS[k][0] + "0" if suit is not None and hand.red[suit] else KINDS[k]
                    melds.append(meld.with_added(tile))
    kans = (Kan(seat, meld) for meld in melds)
    return tuple(kan for kan in kans if not checks.kan_problems(table, kan, rule))


def claim_options(table: Table, seat: int, events: Sequence[Event], rule: Rule, ura: tuple[str, ...],
                  discarder: int, tile: str, robbing: bool = False) -> ClaimOptions:
    """The choices of ``seat`` on ``tile`` just discarded by ``discarder`` (or added to
    a kan by it, ``robbing``: then only a ron, 槍槓)."""
    hand = table.hands[seat]
    k = KIND_OF[tile]
    ron = None
    ready = table.waits(seat)
    if ready and k in ready:
        ron = scored_win(table, seat, discarder, events, rule, ura)
    if robbing or hand.riichi or table.wall <= 0:
        return ClaimOptions(seat, ron, ())
    mark = table.marks[discarder][seat]  # as a three-player log marks it too
    melds = _pons(hand.counts[k], _red(hand, k), tile, mark)  # type: ignore[arg-type]  # None only for a seat itself
    if len(table.hands) == 4 and (seat - discarder) % 4 == 1 and k < 27:
        melds += _chis(table, seat, tile, rule)
    calls = [Call(seat, meld) for meld in melds]
    previous = checks.before(events, len(events))  # the discard, new dora indicators passed over
    return ClaimOptions(seat, ron, tuple(call for call in calls if not checks.call_problems(table, call, previous)))


def _red(hand: Hand, k: int) -> int:
    """The red fives the hand holds of kind ``k`` (0 for any kind but a five)."""
    suit = _FIVE_SUIT.get(k)
    return hand.red[suit] if suit is not None else 0


def _pons(count: int, red: int, tile: str, mark: str) -> list[Meld]:
    """The pons and the open kan on ``tile`` of a hand holding ``count`` of its kind,
    ``red`` of them red fives."""
    suit, digit = tile[0], ("5" if tile[1] == "0" else tile[1])
    normal = count - red
    pairs = [pair for pair, ok in (("00", red >= 2), ("50", red >= 1 and normal >= 1), (digit * 2, normal >= 2)) if ok]
    melds = [Meld("pon", suit, pair + tile[1], tile, mark) for pair in pairs]
    if count == 3:
        melds.append(Meld("daiminkan", suit, digit * normal + "0" * red + tile[1], tile, mark))
    return melds


def _chis(table: Table, seat: int, tile: str, rule: Rule) -> list[Meld]:
    """The chis on ``tile`` (from the seat before): each shape the hand holds, with and
    without a red five where it has both, leaving a tile it may discard after (喰い替え)."""
    hand = table.hands[seat]
    k = KIND_OF[tile]
    rank = k % 9
    melds = []
    for low in (rank - 2, rank - 1, rank):
        if low < 0 or low + 2 > 8:
            continue
        others = [k - rank + r for r in (low, low + 1, low + 2) if r != rank]
        if not all(hand.counts[o] for o in others):
            continue
        choices: list[list[str]] = []
        for o in others:
            red = _red(hand, o)
            digits = (["0"] if red else []) + ([KINDS[o][1]] if hand.counts[o] > red else [])
            choices.append(digits)
        for first in choices[0]:
            for second in choices[1]:
                meld = Meld("chi", tile[0], first + second + tile[1], tile, "-")
                forbidden = swap_calling_kinds(meld, rule)
                left = list(hand.counts)
                for o in others:
                    left[o] -= 1
                if any(count for kind, count in enumerate(left) if kind not in forbidden):
                    melds.append(meld)
    return melds
