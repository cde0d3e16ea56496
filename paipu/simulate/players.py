"""Players for the simulator: objects that choose among the legal options they are given.

A player has a ``name`` and two methods: :meth:`Player.turn` (on its own turn: a win by
self-draw, 九種九牌, a kan, or a discard, riichi being a discard of its own) and
:meth:`Player.claim` (on another's discard: a ron, a call, or ``None`` to pass). Each
returns one of the options offered (:mod:`paipu.simulate.options`). What a player may look
at is its :class:`View`: its own hand and what is in view at the table (rivers, melds, dora
indicators, scores, who is in riichi); the other hands on the table are not for reading.

- :class:`RandomPlayer`: any legal choice, uniformly (for tests: it reaches every corner
  of the rules).
- :class:`EfficiencyPlayer` (牌効率): the discard leaving the lowest shanten (向聴数), then
  the most tiles that lower it (受け入れ, counted over the copies it cannot see); riichi
  whenever it can; every win; a kan when it costs no shanten; no calls (as the betaori
  seed's players), or, with ``calls=True``, pons of its value honours (役牌).
- :class:`BetaoriPlayer` (ベタオリ, the seed ``betaori-algorithm.txt``): the efficiency
  player, but when another player is in riichi it discards the tile of lowest danger
  (:mod:`paipu.danger`, the highest value over the players in riichi; the first in hand
  order on a tie) and neither declares riichi nor calls.
- :class:`PushingBetaoriPlayer` (回し打ち): the seed's variant that pushes a little. The
  seed leaves its rule out but for "never a 無スジ tile"; the rule here: against riichi it
  keeps playing its efficient discard when that leaves its hand ready or one tile from
  ready (shanten 1 or less) and the tile is not 無スジ against any player in riichi
  (genbutsu, suji, half-suji and honours may be pushed), declaring riichi with it when
  it can; otherwise it folds as :class:`BetaoriPlayer`.
"""

from __future__ import annotations

import random
from operator import add
from dataclasses import dataclass
from typing import Union

from ..danger import SafeKinds, danger, public_counts
from ..events import Call, Discard, Kan, NoWin, Win
from ..hand import Hand
from ..rules import Rule
from ..shanten import improving, shanten
from ..table import Table
from ..tiles import KIND_OF
from .options import ClaimOptions, TurnOptions

__all__ = ["View", "Player", "RandomPlayer", "EfficiencyPlayer", "BetaoriPlayer", "PushingBetaoriPlayer",
           "PLAYERS", "TurnChoice"]

TurnChoice = Union[Win, NoWin, Kan, Discard]
"""What a player may do on its turn: one of :class:`~paipu.simulate.options.TurnOptions`."""


@dataclass(slots=True)
class View:
    """What ``seat`` sees of the round: its own hand, and in ``table`` the rivers, melds,
    dora indicators, scores and riichi of all; ``safe`` the genbutsu against each seat
    (:class:`~paipu.danger.SafeKinds`); ``rule`` the game's rule."""

    seat: int
    table: Table
    safe: SafeKinds
    rule: Rule

    @property
    def hand(self) -> Hand:
        return self.table.hands[self.seat]

    def seen(self) -> list[int]:
        """The copies of each kind (34) this seat can see: its own concealed tiles, every
        river (a called tile once, in its meld), every meld, the dora indicators."""
        return list(map(add, self.hand.counts, public_counts(self.table)))

    def others_in_riichi(self) -> list[int]:
        """The other seats whose riichi is declared."""
        return [seat for seat, riichi in enumerate(self.safe.riichi) if riichi and seat != self.seat]


class Player:
    """A player: :meth:`turn` and :meth:`claim` choose among the options given."""

    name = "player"

    def turn(self, view: View, options: TurnOptions) -> TurnChoice:
        """One of ``options`` on this player's turn."""
        raise NotImplementedError

    def claim(self, view: View, options: ClaimOptions) -> Win | Call | None:
        """``options.ron``, one of ``options.calls``, or ``None`` to pass."""
        raise NotImplementedError


class RandomPlayer(Player):
    """Any legal choice, uniformly, drawn from ``rng``."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def turn(self, view: View, options: TurnOptions) -> TurnChoice:
        choices: list[TurnChoice] = [c for c in (options.tsumo, options.nine_terminals) if c is not None]
        return self.rng.choice(choices + list(options.kans) + list(options.discards))

    def claim(self, view: View, options: ClaimOptions) -> Win | Call | None:
        return self.rng.choice([None, options.ron, *options.calls] if options.ron else [None, *options.calls])


def _value_honours(view: View) -> set[int]:
    """The honour kinds that make a yaku as a set for this seat (役牌): dragons, the round's
    wind, the seat's wind."""
    return {31, 32, 33, 27 + view.table.dealt.round_wind, 27 + view.seat}


class EfficiencyPlayer(Player):
    """Tile efficiency (牌効率): see the module."""

    name = "efficiency"

    def __init__(self, rng: random.Random | None = None, calls: bool = False) -> None:
        self.calls = calls
        if calls:
            self.name = "efficiency+calls"

    # -- the turn ---------------------------------------------------------------------

    def turn(self, view: View, options: TurnOptions) -> TurnChoice:
        if options.tsumo is not None:
            return options.tsumo
        if options.nine_terminals is not None:
            return options.nine_terminals
        seen = view.seen()
        best, best_shanten = self.efficient(options.discards, view.hand.counts, seen)
        for kan in options.kans:
            if view.hand.riichi or _after_kan(view.hand.counts, kan) <= best_shanten:
                return kan
        return self.riichi_or(best, options)

    @staticmethod
    def riichi_or(discard: Discard, options: TurnOptions) -> Discard:
        """The riichi declaration with ``discard``'s tile when it is allowed, else ``discard``."""
        declared = Discard(discard.seat, discard.tile, discard.tsumogiri, True)
        return declared if declared in options.discards else discard

    @staticmethod
    def efficient(discards: tuple[Discard, ...], counts: list[int], seen: list[int]) -> tuple[Discard, int]:
        """The discard (not declaring riichi) leaving the lowest shanten, then the most
        unseen tiles that lower it (the first in hand order on a tie); and that shanten."""
        plain = [d for d in discards if not d.riichi]
        if len(plain) == 1:
            k = KIND_OF[plain[0].tile]
            counts[k] -= 1
            after = shanten(counts)
            counts[k] += 1
            return plain[0], after
        by_shanten: dict[int, list[Discard]] = {}
        tried: dict[int, int] = {}
        for discard in plain:
            k = KIND_OF[discard.tile]
            if k not in tried:
                counts[k] -= 1
                tried[k] = shanten(counts)
                counts[k] += 1
            by_shanten.setdefault(tried[k], []).append(discard)
        lowest = min(by_shanten)
        candidates = by_shanten[lowest]
        if len(candidates) == 1:
            return candidates[0], lowest
        best, most = candidates[0], -1
        done: set[int] = set()
        for discard in candidates:
            k = KIND_OF[discard.tile]
            if k in done:
                continue
            done.add(k)
            counts[k] -= 1
            improving = _improving(counts, seen)
            counts[k] += 1
            if improving > most:
                best, most = discard, improving
        return best, lowest

    # -- claims -----------------------------------------------------------------------

    def claim(self, view: View, options: ClaimOptions) -> Win | Call | None:
        if options.ron is not None:
            return options.ron
        if self.calls:
            honours = _value_honours(view)
            for call in options.calls:
                if call.meld.type == "pon" and call.meld.kind in honours:
                    return call
        return None


def _after_kan(counts: list[int], kan: Kan) -> int:
    """The shanten of the concealed tiles once ``kan`` is made."""
    left = list(counts)
    k = kan.meld.kind
    left[k] -= 4 if kan.meld.type == "ankan" else 1
    return shanten(left)


_IMPROVING: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The kinds that improve each hand met lately (a hand that discards the tile it drew is
the same hand again)."""


def _improving(counts: list[int], seen: list[int]) -> int:
    """The copies not seen of the kinds whose draw lowers the shanten of ``counts`` (受け入れ)."""
    key = tuple(counts)
    kinds = _IMPROVING.get(key)
    if kinds is None:
        if len(_IMPROVING) > 50000:
            _IMPROVING.clear()
        kinds = _IMPROVING[key] = improving(counts)[1]
    return sum(4 - seen[k] for k in kinds)


class BetaoriPlayer(EfficiencyPlayer):
    """The seed's betaori player: see the module."""

    name = "betaori"

    def turn(self, view: View, options: TurnOptions) -> TurnChoice:
        if options.tsumo is not None or view.hand.riichi or not view.others_in_riichi():
            return super().turn(view, options)
        return self.fold_or_push(view, options)

    def fold_or_push(self, view: View, options: TurnOptions) -> Discard:
        """Against riichi: the safest discard (ベタオリ)."""
        return self.safest(view, options.discards, view.seen())

    @staticmethod
    def safest(view: View, discards: tuple[Discard, ...], seen: list[int]) -> Discard:
        """The discard of lowest danger against the players in riichi, the first on a tie."""
        best, lowest = None, None
        for discard in discards:
            if discard.riichi:
                continue
            value = view.safe.worst(discard.tile, 4 - seen[KIND_OF[discard.tile]], view.seat)
            if lowest is None or value < lowest:
                best, lowest = discard, value
        return best  # type: ignore[return-value]  # a turn offers a discard without riichi

    def claim(self, view: View, options: ClaimOptions) -> Win | Call | None:
        if options.ron is not None or not view.others_in_riichi():
            return super().claim(view, options)
        return None


class PushingBetaoriPlayer(BetaoriPlayer):
    """The seed's variant that pushes a little (回し打ち): see the module."""

    name = "betaori-push"

    def fold_or_push(self, view: View, options: TurnOptions) -> Discard:
        seen = view.seen()
        best, after = self.efficient(options.discards, view.hand.counts, seen)
        unseen = 4 - seen[KIND_OF[best.tile]]
        no_suji = any(danger(best.tile, view.safe[seat], unseen).suji == "no-suji" for seat in view.others_in_riichi())
        if after <= 1 and not no_suji:
            return self.riichi_or(best, options)
        return self.safest(view, options.discards, seen)


PLAYERS = {
    "efficiency": EfficiencyPlayer,
    "efficiency+calls": lambda rng: EfficiencyPlayer(rng, calls=True),
    "betaori": lambda rng: BetaoriPlayer(rng),
    "betaori-push": lambda rng: PushingBetaoriPlayer(rng),
    "random": RandomPlayer,
}
"""The players by the names the command line takes; each is made from a
:class:`random.Random` of its own."""
