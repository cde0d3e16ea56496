"""Defence against riichi (守備): the danger of every discard made facing a riichi, measured.

For every discard a player makes while another player is in riichi (the riichi tile
discarded and the player itself not in riichi), this module rates against each player in
riichi, with :mod:`paipu.danger` (電脳麻将's danger values, the betaori seed):

* the **tile discarded**: its danger class (genbutsu, suji, half-suji, no-suji by group,
  honours by copies unseen), the seed's value, and the wall class (壁: no-chance,
  one-chance) from the copies the player can see;
* the **safest tile held**: the lowest seed value among the tiles of the hand before the
  discard (the value of a tile being its highest over the players in riichi, as the
  seed's fold rule takes it), and its class;
* the hand's **shanten** before the discard, and whether the discard was **ronned** by
  that riichi player.

"Seen" is what the discarding player can see: its own hand, every river, every meld and
the dora indicators. A tile in a river that was called counts once, in the meld.

Three tables follow from the replay (:func:`defence`, one pass):

* ``threats``: one row per discard and player in riichi (:data:`THREAT_COLUMNS`);
* :func:`danger_table`: over a corpus, deal-ins per danger class beside the seed's value;
* :func:`player_defence`: per player, how often the safest tile was chosen, the fold rate
  far from ready, the push rate when ready, deal-ins facing riichi.

>>> result = paipu.defence.defence("logs/")              # doctest: +SKIP
>>> paipu.defence.danger_table(result.threats)           # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import add

import numpy as np
import pandas as pd

from .danger import Rating, SafeKinds, honour_rating, kind_ratings, public_counts, update_ratings, wall
from .engine import replay, warn_past_the_end
from .events import Deal, Discard, DoraReveal, Event, Game, Win
from .loader import GameSource
from .observe import Observer, Step
from .rules import RuleSpec
from .stats import wilson_interval
from .shanten import shanten
from .tiles import KIND_OF

__all__ = [
    "push_by_shanten","Defence", "defence", "danger_table", "player_defence", "THREAT_COLUMNS", "DISCARD_COLUMNS"]

THREAT_COLUMNS: dict[str, str] = {
    "game": "0-based position of the game in this pass",
    "round": "0-based index of the round in the game",
    "discard": "0-based index of the discard facing riichi in this pass (one per discard, shared by its rows)",
    "seat": "the discarding seat",
    "name": "the discarding player's name, anything after a newline removed",
    "turn": "the discarder's own discards so far, this one included",
    "tile": "the tile discarded",
    "opponent": "the seat in riichi this row rates the tile against",
    "label": "the tile's danger class against that seat (``paipu.danger.Danger.label``)",
    "value": "the seed's danger value of the tile against that seat",
    "wall": "``no-chance``, ``one-chance`` or NA (honours, or neither), from the copies the discarder sees",
    "ronned": "that riichi player won on this discard",
}
"""Columns of :attr:`Defence.threats`: one row per discard facing riichi and player in riichi."""

DISCARD_COLUMNS: dict[str, str] = {
    "discard": "0-based index of the discard facing riichi in this pass",
    "name": "the discarding player's name",
    "riichi_players": "how many players in riichi the discard faces (a count: 1 to 3)",
    "value": "the discarded tile's value: its highest seed value over the players in riichi",
    "safest_value": "the lowest such value among the tiles of the hand before the discard",
    "safest_label": "the class of that safest tile against the riichi player it is most dangerous to",
    "shanten": "shanten of the hand before the discard (14 tiles, or 3n+2 after calls)",
    "ready": "the hand after the discard is ready (聴牌)",
    "dealt_in": "the discard was ronned (by anyone)",
}
"""Columns of :attr:`Defence.discards`: one row per discard facing riichi."""


@dataclass(frozen=True)
class Defence:
    """The tables of one pass (:func:`defence`): ``threats`` (:data:`THREAT_COLUMNS`) and
    ``discards`` (:data:`DISCARD_COLUMNS`)."""

    threats: pd.DataFrame
    discards: pd.DataFrame


class _Defence(Observer[Defence]):
    """The replay observer behind :func:`defence`. It is handed the discards from each
    round's first riichi on (:meth:`~paipu.observe.Observer.on_discard_after_riichi`), so
    the replay keeps its fast path before; what it needs of the turns before (each seat's
    genbutsu, the tiles in view) it reads from the table then, and keeps up to date after."""

    def __init__(self) -> None:
        self.threat_rows: list[tuple[object, ...]] = []  # rows of the threats table, its columns in order
        self.discard_rows: list[tuple[object, ...]] = []  # rows of the discards table
        self.game_index = -1
        self.count = 0

    def on_game_start(self, game: Game) -> None:
        self.game_index += 1
        self.names = [name.split("\n", 1)[0] for name in game.players]

    def on_deal(self, step: Step[Deal]) -> None:
        round_ = step.round
        self.seat_names = [self.names[round_.player_of(seat)] for seat in range(len(round_.deal.hands))]  # type: ignore[union-attr]
        self.safe: SafeKinds | None = None
        """The genbutsu against each seat, from the round's first riichi on."""
        self.ratings: dict[int, list[Rating | None]] = {}
        """Each kind's rating against each seat in riichi (:func:`paipu.danger.kind_ratings`):
        its keys are the seats in riichi."""
        self.public: list[int] | None = None
        """Copies of each kind anyone sees (rivers, melds, dora indicators), before the
        discard in hand; ``None`` until needed and after a call, kan, new dora or North."""
        self.open: dict[int, tuple[list[int], int]] = {}
        """Event index of each discard facing riichi -> its threat rows and discard row."""

    def _melds_or_dora(self, step: Step[Event]) -> None:
        self.public = None  # read again from the table at the next discard facing riichi

    on_call = on_kan = on_dora = on_north = _melds_or_dora

    def on_discard_after_riichi(self, step: Step[Discard]) -> None:
        event = step.event
        seat, table = event.seat, step.table
        kind = KIND_OF[event.tile]
        safe = self.safe
        if safe is None:  # the round's first riichi: the genbutsu so far are the rivers
            safe = self.safe = SafeKinds.of_rivers(table.rivers)  # type: ignore[union-attr]
        ratings = self.ratings
        if ratings and seat not in ratings and not table.unknown[seat]:  # type: ignore[union-attr]
            self._rate(step, event, kind, sorted(ratings))
        elif self.public is not None:
            self.public[kind] += 1
        fresh = [other for other in ratings if kind not in safe[other]]  # new genbutsu of a seat in riichi
        safe.discard(seat, event.tile, event.riichi)
        for other in fresh:
            update_ratings(ratings[other], kind, safe[other])
        if event.riichi and seat not in ratings:
            ratings[seat] = kind_ratings(safe[seat])

    def _rate(self, step: Step[Discard], event: Discard, kind: int, riichi: list[int]) -> None:
        seat, table = event.seat, step.table
        hand = list(table.hands[seat].counts)  # type: ignore[union-attr]
        hand[kind] += 1  # the hand before the discard
        public = self.public
        if public is None:
            public = self.public = public_counts(table)  # type: ignore[arg-type]
            public[kind] -= 1
        seen = list(map(add, hand, public))
        public[kind] += 1
        ratings = [self.ratings[opponent] for opponent in riichi]
        honour = honour_rating(seen[kind])
        name, turn, against = self.seat_names[seat], len(table.rivers[seat]), wall(event.tile, seen)  # type: ignore[union-attr]
        rows = []
        value = 0
        for opponent, row in zip(riichi, ratings):
            rating, label = row[kind] or honour
            value = max(value, rating)
            rows.append(len(self.threat_rows))
            self.threat_rows.append((self.game_index, step.round_index, self.count, seat, name, turn, event.tile,
                                     opponent, label, rating, against, False))
        held = [[row[k] or honour_rating(seen[k]) for k in compress(range(34), hand)] for row in ratings]
        safest_value, safest_label = min(held[0] if len(held) == 1 else map(max, *held))
        before = shanten(hand)
        after = table.hands[seat]  # type: ignore[union-attr]
        # a hand 1-shanten or further before the discard is not ready after it (the waits
        # of a hand of the wrong size are asked all the same: the table marks it unknown)
        ready = (before <= 0 or after.size % 3 != 1) and bool(table.waits(seat))  # type: ignore[union-attr]
        self.discard_rows.append((self.count, name, len(riichi), value, safest_value, safest_label, before, ready,
                                  False))
        self.open[step.event_index] = (rows, len(self.discard_rows) - 1)  # type: ignore[index]
        self.count += 1

    def on_win(self, step: Step[Win]) -> None:
        win = step.event
        if win.discarder is None:
            return
        events = step.round.events  # type: ignore[union-attr]
        position = step.event_index - 1  # type: ignore[operator]
        while type(events[position]) in (Win, DoraReveal):  # the wins of a multiple ron, a kan's dora
            position -= 1
        rows, index = self.open.get(position, ((), None))  # a robbed kan is no discard: not found
        for row in rows:
            if self.threat_rows[row][7] == win.seat:
                self.threat_rows[row] = (*self.threat_rows[row][:11], True)
        if index is not None:
            self.discard_rows[index] = (*self.discard_rows[index][:8], True)

    def on_game_end(self, step: Step[None]) -> None:
        warn_past_the_end(step)  # the rounds the rules would not have played are rated all the same

    def result(self) -> Defence:
        threats = pd.DataFrame(self.threat_rows, columns=list(THREAT_COLUMNS))
        discards = pd.DataFrame(self.discard_rows, columns=list(DISCARD_COLUMNS))
        return Defence(threats.astype({"wall": "object", "ronned": "bool"}),
                       discards.astype({"ready": "bool", "dealt_in": "bool"}))


def defence(source: GameSource, rule: RuleSpec | None = None) -> Defence:
    """Replay the games of ``source`` (under ``rule``, as :func:`paipu.engine.replay`) and
    rate every discard made facing riichi: :class:`Defence`. A hand the replay lost (after
    an illegal event) is left out. Every round a log holds is rated, those after the end
    the rules give too, with a :class:`~paipu.engine.PastTheEndWarning` naming the game."""
    return replay(source, _Defence(), rule=rule)


_ORDER = ["genbutsu", "1/9 suji", "2/8 suji", "3/7 suji", "4-6 suji", "4-6 half-suji",
          "1/9 no-suji", "2/8 no-suji", "3/7 no-suji", "4-6 no-suji",
          "honour 0 unseen", "honour 1 unseen", "honour 2 unseen", "honour 3 unseen"]


def danger_table(threats: pd.DataFrame, by_wall: bool = False) -> pd.DataFrame:
    """Deal-ins per danger class: one row per class (with ``by_wall``, per class and wall
    class), with the seed's ``value``, the ``discards`` rated in it (a discard facing two
    riichi counts once against each), the ``deal_ins`` (ronned by that riichi player),
    and ``rate`` = deal_ins / discards."""
    keys = ["label", "wall"] if by_wall else ["label"]
    frame = threats.assign(wall=threats["wall"].fillna("-")) if by_wall else threats
    table = frame.groupby(keys, sort=False).agg(value=("value", "max"), discards=("ronned", "size"),
                                                deal_ins=("ronned", "sum"))
    table["rate"] = table["deal_ins"] / table["discards"]
    order = {label: place for place, label in enumerate(_ORDER)}
    table = table.reset_index()
    table["_order"] = table["label"].map(order)
    return table.sort_values(["_order", *keys[1:]]).drop(columns="_order").set_index(keys)


def player_defence(discards: pd.DataFrame, far: int = 2) -> pd.DataFrame:
    """Per player, over the discards facing riichi (:attr:`Defence.discards`):

    * ``discards``: how many; ``safest_rate``: the share where the tile discarded was as
      safe as the safest held (value equal to ``safest_value``);
    * ``fold_rate``: the same share over the discards with the hand ``far`` or more from
      ready (shanten before the discard, default 2: 二向聴以上, where the simulator's
      ``betaori-push`` always folds; the seed's ``betaori`` folds at any shanten);
    * ``push_rate``: over the discards leaving the hand ready, the share of a tile more
      dangerous than the safest held (押し);
    * ``deal_in_rate``: the share of those discards ronned; ``avg_value``: the mean seed
      value of the tiles discarded."""
    frame = discards.assign(
        safest=discards["value"] <= discards["safest_value"],
        far=discards["shanten"] >= far,
        pushed=(discards["value"] > discards["safest_value"]) & discards["ready"],
    )
    frame = frame.assign(far_safest=frame["far"] & frame["safest"])
    sums = frame.groupby("name").agg(discards=("safest", "size"), safest=("safest", "sum"), far=("far", "sum"),
                                     far_safest=("far_safest", "sum"), ready=("ready", "sum"),
                                     pushed=("pushed", "sum"), dealt_in=("dealt_in", "sum"),
                                     value=("value", "sum"))

    def ratio(numerator: str, denominator: str) -> pd.Series:
        below = sums[denominator]
        return sums[numerator] / below.where(below > 0)

    return pd.DataFrame({
        "discards": sums["discards"],
        "safest_rate": ratio("safest", "discards"),
        "fold_rate": ratio("far_safest", "far"),
        "push_rate": ratio("pushed", "ready"),
        "deal_in_rate": ratio("dealt_in", "discards"),
        "avg_value": ratio("value", "discards"),
        "deal_ins": sums["dealt_in"],
    }).sort_values("discards", ascending=False)


def push_by_shanten(discards: pd.DataFrame, player: str | None = None, most: int = 3) -> pd.DataFrame:
    """Push or fold facing riichi by the hand's own shanten: over the discards facing
    riichi (:attr:`Defence.discards`, of ``player`` when given), by the shanten before the
    discard (0 to ``most``, ``most`` standing for that many or more), the ``discards``,
    the ``pushes`` (a tile more dangerous than the safest held: ``value`` above
    ``safest_value``), their share ``push_rate`` and its 95% Wilson interval
    (``push_rate_low``, ``push_rate_high``; :func:`paipu.stats.wilson_interval`).
    Discards of a hand the events do not fit (NA shanten) are left out."""
    rows = discards if player is None else discards[discards["name"] == player]
    rows = rows[rows["shanten"].notna()]
    shanten = rows["shanten"].astype(int).clip(upper=most).rename("shanten")
    pushed = (rows["value"] > rows["safest_value"]).rename("pushes")
    sums = pushed.groupby(shanten).agg(["size", "sum"]).reindex(range(most + 1), fill_value=0)
    low, high = wilson_interval(sums["sum"].to_numpy(), sums["size"].to_numpy())
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = sums["sum"].to_numpy(float) / sums["size"].to_numpy(float)
    return pd.DataFrame({"discards": sums["size"].astype(int), "pushes": sums["sum"].astype(int), "push_rate": rate,
                         "push_rate_low": low, "push_rate_high": high}, index=sums.index.rename("shanten"))
