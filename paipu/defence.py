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
  that riichi player;
* whether the discard is a **chasing riichi**'s declaration tile (追っかけリーチ: the
  discarder declares riichi with it while another player is in riichi), which a user may
  leave out (:func:`danger_table`'s ``chasing``);
* the **threat** (a dealer in riichi, the turn of the first riichi, how many) and the
  discarder's **placement** by the scores, for push or fold by situation (:func:`push_by`).

A three-player game rates 1m and 9m by their copies unseen (no run holds them: class
``sanma 1m/9m``, :mod:`paipu.danger`); :func:`danger_table` keeps three- and four-player
games apart (``players``).

"Seen" is what the discarding player can see: its own hand, every river, every meld and
the dora indicators. A tile in a river that was called counts once, in the meld.

Tables follow from the replay (:func:`defence`, one pass):

* ``threats``: one row per discard and player in riichi (:data:`THREAT_COLUMNS`);
  ``discards``: one row per discard (:data:`DISCARD_COLUMNS`);
* :func:`danger_table`: over a corpus, deal-ins per danger class beside the seed's value,
  rated against each riichi player or by the highest over them (``against``);
* :func:`player_defence`: per player, how often the safest tile was chosen, the fold rate
  far from ready, the push rate when ready, deal-ins facing riichi;
* :func:`push_by`: the push rate by own shanten, by threat or by placement in the last
  round; every rate with its 95% Wilson interval (:func:`paipu.stats.wilson_interval`).

>>> result = paipu.defence.defence("logs/")              # doctest: +SKIP
>>> paipu.defence.danger_table(result.threats)           # doctest: +SKIP
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from itertools import compress
from operator import add
from typing import Any, Literal

import pandas as pd

from .danger import Rating, SafeKinds, kind_ratings, public_counts, unseen_rating, update_ratings, wall
from .engine import replay, warn_past_the_end
from .events import Deal, Discard, DoraReveal, Event, Game, Win
from .game_rule import game_rule
from .loader import GameSource
from .observe import Observer, Step
from .rules import Rule, RuleSpec
from .limits import display_width, spreadsheet_safe
from .statistics import MIN_CASES, cell_text, wilson_interval
from .shanten import Tracked
from .tiles import KIND_OF

__all__ = ["Defence", "defence", "danger_table", "player_defence", "push_by", "push_by_shanten", "format_defence",
           "THREAT_COLUMNS", "DISCARD_COLUMNS", "AGAINST", "PUSH_BY", "TURN_BANDS"]

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
    "chasing": "the discard declares riichi while another player is in riichi (追っかけリーチ's declaration tile)",
    "players": "players at the table: 4, or 3 (三人麻雀)",
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
    "chasing": "the discard declares riichi while another player is in riichi (追っかけリーチ's declaration tile)",
    "players": "players at the table: 4, or 3 (三人麻雀)",
    "dealer_riichi": "a player in riichi the discard faces is the dealer (親リーチ)",
    "riichi_turn": "the turn of the first riichi the discard faces: that player's own discards up to its riichi "
                   "tile, the riichi tile included",
    "all_last": "the round is the last the game's length schedules (オーラス: East 4 of an East-only game, South 4 "
                "of an East-South one, the last dealer of the last wind; every honba of it) or one of overtime after it",
    "placement": "the discarder's place at the start of the round (1 to players) by the scores, a tie to the seat "
                 "nearer the first dealer (起家), as Tenhou ranks",
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

    def __init__(self, rule: Rule | None) -> None:
        self.rule = rule
        self.threat_rows: list[tuple[object, ...]] = []  # rows of the threats table, its columns in order
        self.discard_rows: list[tuple[object, ...]] = []  # rows of the discards table
        self.game_index = -1
        self.count = 0
        self.hands = [Tracked([0] * 34) for _ in range(4)]  # a table seats four at most
        """Each seat's concealed tiles before its discard facing riichi, following the table's
        (:meth:`~paipu.shanten.Tracked.follow`): its shanten is looked up again only for the
        parts changed since the seat's last such discard."""

    def on_game_start(self, game: Game) -> None:
        self.game_index += 1
        self.names = [name.split("\n", 1)[0] for name in game.players]
        self.players = len(game.players)
        winds = game_rule(game, self.rule).winds
        self.all_last_from = (max(winds, 1) - 1, 0 if winds == 0 else self.players - 1)
        """The round wind and hand number of the game's last scheduled round (オーラス)."""

    def on_deal(self, step: Step[Deal]) -> None:
        round_ = step.round
        deal = step.event
        seats = len(deal.hands)
        self.seat_names = [self.names[round_.player_of(seat)] for seat in range(seats)]  # type: ignore[union-attr]
        self.all_last = (deal.round_wind, deal.hand_number) >= self.all_last_from
        # the place by the scores, a tie to the seat nearer the first dealer ((hand number + seat) % seats from it)
        order = sorted(range(seats), key=lambda seat: (-deal.scores[seat], (deal.hand_number + seat) % seats))
        self.placements = [order.index(seat) + 1 for seat in range(seats)]
        self.riichi_turns: dict[int, int] = {}
        """The turn of each seat's riichi tile (its own discards, that one included)."""
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
            update_ratings(ratings[other], kind, safe[other], self.players)
        if event.riichi and seat not in ratings:
            ratings[seat] = kind_ratings(safe[seat], self.players)
            self.riichi_turns[seat] = len(table.rivers[seat])  # type: ignore[union-attr]

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
        by_copies = unseen_rating(kind, seen[kind])
        name, turn, against = self.seat_names[seat], len(table.rivers[seat]), wall(event.tile, seen)  # type: ignore[union-attr]
        chasing, players = event.riichi, self.players
        rows = []
        value = 0
        for opponent, row in zip(riichi, ratings):
            rating, label = row[kind] or by_copies
            value = max(value, rating)
            rows.append(len(self.threat_rows))
            self.threat_rows.append((self.game_index, step.round_index, self.count, seat, name, turn, event.tile,
                                     opponent, label, rating, against, False, chasing, players))
        held = [[row[k] or unseen_rating(k, seen[k]) for k in compress(range(34), hand)] for row in ratings]
        safest_value, safest_label = min(held[0] if len(held) == 1 else map(max, *held))
        tracked = self.hands[seat]
        tracked.follow(hand)
        before = tracked.shanten()
        after = table.hands[seat]  # type: ignore[union-attr]
        # a hand 1-shanten or further before the discard is not ready after it (the waits
        # of a hand of the wrong size are asked all the same: the table marks it unknown)
        ready = (before <= 0 or after.size % 3 != 1) and bool(table.waits(seat))  # type: ignore[union-attr]
        first = next(iter(self.ratings))  # the seats in riichi in the order they declared
        self.discard_rows.append((self.count, name, len(riichi), value, safest_value, safest_label, before, ready,
                                  False, chasing, players, 0 in riichi, self.riichi_turns[first], self.all_last,
                                  self.placements[seat]))
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
            threat = self.threat_rows[row]
            if threat[7] == win.seat:
                self.threat_rows[row] = (*threat[:11], True, *threat[12:])
        if index is not None:
            discard = self.discard_rows[index]
            self.discard_rows[index] = (*discard[:8], True, *discard[9:])

    def on_game_end(self, step: Step[None]) -> None:
        warn_past_the_end(step)  # the rounds the rules would not have played are rated all the same

    def result(self) -> Defence:
        threats = pd.DataFrame(self.threat_rows, columns=list(THREAT_COLUMNS))
        discards = pd.DataFrame(self.discard_rows, columns=list(DISCARD_COLUMNS))
        flags = {"ready": "bool", "dealt_in": "bool", "chasing": "bool", "dealer_riichi": "bool", "all_last": "bool"}
        return Defence(threats.astype({"wall": "object", "ronned": "bool", "chasing": "bool"}), discards.astype(flags))


def defence(source: GameSource, rule: RuleSpec | None = None) -> Defence:
    """Replay the games of ``source`` (under ``rule``, as :func:`paipu.engine.replay`) and
    rate every discard made facing riichi: :class:`Defence`. A hand the replay lost (after
    an illegal event) is left out. Every round a log holds is rated, those after the end
    the rules give too, with a :class:`~paipu.engine.PastTheEndWarning` naming the game."""
    return replay(source, _Defence(None if rule is None else Rule.get(rule)), rule=rule)


Against = Literal["each", "highest"]
AGAINST: tuple[Against, ...] = ("each", "highest")
"""How :func:`danger_table` rates a discard facing several players in riichi: ``each``,
once against each of them (a row of ``threats`` each; a deal-in when that player ronned);
``highest``, once, by its highest rating over them as the seed's fold rule takes it (the
highest value, then label), a deal-in when any of them ronned."""

_ORDER = ["genbutsu", "1/9 suji", "2/8 suji", "3/7 suji", "4-6 suji", "4-6 half-suji",
          "1/9 no-suji", "2/8 no-suji", "3/7 no-suji", "4-6 no-suji",
          *(f"{group} {unseen} unseen" for group in ("honour", "sanma 1m/9m") for unseen in range(4))]


def _rated(threats: pd.DataFrame, against: Against) -> pd.DataFrame:
    """The rows of ``threats`` :func:`danger_table` counts (:data:`AGAINST`)."""
    if against == "each":
        return threats
    if against != "highest":
        raise ValueError(f"against must be one of {', '.join(AGAINST)}, not {against!r}")
    highest = threats.sort_values(["discard", "value", "label"]).drop_duplicates("discard", keep="last")
    by_anyone = threats.groupby("discard")["ronned"].any()
    return highest.assign(ronned=highest["discard"].map(by_anyone).to_numpy(bool))


def _with_interval(table: pd.DataFrame, rate: str, successes: str, cases: str) -> None:
    """Add ``rate`` = ``successes / cases`` and its 95% Wilson interval (``<rate>_low``,
    ``<rate>_high``) to ``table``, NaN without cases."""
    low, high = wilson_interval(table[successes].to_numpy(), table[cases].to_numpy())
    below = table[cases]
    table[rate] = table[successes] / below.where(below > 0)
    table[f"{rate}_low"], table[f"{rate}_high"] = low, high


def danger_table(threats: pd.DataFrame, by_wall: bool = False, chasing: bool = True, against: Against = "each",
                 players: int = 4) -> pd.DataFrame:
    """Deal-ins per danger class over the games of ``players`` players (4: the seed's
    four-player classes; 3: three-player games, kept apart): one row per class (with
    ``by_wall``, per class and wall class), with the seed's ``value``, the ``discards``
    rated in it, the ``deal_ins``, ``rate`` = deal_ins / discards and its 95% Wilson
    interval (``rate_low``, ``rate_high``). ``against`` (:data:`AGAINST`): ``each``
    rates a discard facing two riichi once against each, a deal-in being a ron by that
    player; ``highest`` once, by its highest rating. ``chasing=False`` leaves out the
    declaration tiles of chasing riichi (``threats["chasing"]``)."""
    rows = threats[threats["players"] == players]
    if not chasing:
        rows = rows[~rows["chasing"]]
    rows = _rated(rows, against)
    keys = ["label", "wall"] if by_wall else ["label"]
    frame = rows.assign(wall=rows["wall"].fillna("-")) if by_wall else rows
    table = frame.groupby(keys, sort=False).agg(value=("value", "max"), discards=("ronned", "size"),
                                                deal_ins=("ronned", "sum"))
    _with_interval(table, "rate", "deal_ins", "discards")
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
      value of the tiles discarded.

    Each rate has its cases (``<rate>_cases``, the denominator) and 95% Wilson interval
    (``<rate>_low``, ``<rate>_high``)."""
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
    table = pd.DataFrame({"discards": sums["discards"]})
    rates = {"safest_rate": ("safest", "discards"), "fold_rate": ("far_safest", "far"),
             "push_rate": ("pushed", "ready"), "deal_in_rate": ("dealt_in", "discards")}
    for rate, (successes, cases) in rates.items():
        _with_interval(sums, rate, successes, cases)
        table[rate] = sums[rate]
    table["avg_value"] = sums["value"] / sums["discards"]
    table["deal_ins"] = sums["dealt_in"]
    for rate, (_, cases) in rates.items():
        table[f"{rate}_cases"], table[f"{rate}_low"], table[f"{rate}_high"] = (
            sums[cases], sums[f"{rate}_low"], sums[f"{rate}_high"])
    return table.sort_values("discards", ascending=False)


PushBy = Literal["shanten", "dealer", "riichi_turn", "riichi_players", "placement"]
PUSH_BY: tuple[PushBy, ...] = ("shanten", "dealer", "riichi_turn", "riichi_players", "placement")
"""The situations :func:`push_by` splits the discards facing riichi by."""

TURN_BANDS: tuple[tuple[str, int, int], ...] = (("early (1-6)", 1, 6), ("middle (7-12)", 7, 12),
                                                 ("late (13+)", 13, 99))
"""The bands of the turn of a riichi (its declarer's own discards up to the riichi tile,
that included): early 1-6 (序盤), middle 7-12 (中盤), late 13 and after (終盤), six
discards a band as a row of the river holds."""


def push_by(discards: pd.DataFrame, by: PushBy, player: str | None = None, most: int = 3) -> pd.DataFrame:
    """Push or fold facing riichi by situation: over the discards facing riichi
    (:attr:`Defence.discards`, of ``player`` when given), split ``by`` (:data:`PUSH_BY`):

    * ``shanten``: the hand's shanten before the discard, 0 to ``most`` (``most`` standing
      for that many or more; discards of a hand the events do not fit, NA, left out);
    * ``dealer``: whether a player in riichi the discard faces is the dealer (``dealer``,
      ``non-dealer``);
    * ``riichi_turn``: the turn of the first riichi faced, in :data:`TURN_BANDS`;
    * ``riichi_players``: how many players in riichi it faces (``1``, ``2+``);
    * ``placement``: in the last round of the game only (オーラス, ``all_last``), the
      discarder's place by the scores at the start of the round (1 to 4, or 3).

    Per group: the ``discards``, the ``pushes`` (a tile more dangerous than the safest
    held: ``value`` above ``safest_value``), their share ``push_rate`` and its 95% Wilson
    interval (``push_rate_low``, ``push_rate_high``); a group without discards is kept
    (NaN rate)."""
    rows = discards if player is None else discards[discards["name"] == player]
    if by == "shanten":
        rows = rows[rows["shanten"].notna()]
        groups: Any = rows["shanten"].astype(int).clip(upper=most)
        order: list[Any] = list(range(most + 1))
    elif by == "dealer":
        groups = rows["dealer_riichi"].map({True: "dealer", False: "non-dealer"})
        order = ["dealer", "non-dealer"]
    elif by == "riichi_turn":
        order = [band for band, _, _ in TURN_BANDS]
        groups = pd.cut(rows["riichi_turn"], [0, *(last for _, _, last in TURN_BANDS)], labels=order).astype(object)
    elif by == "riichi_players":
        groups = rows["riichi_players"].clip(upper=2).map({1: "1", 2: "2+"})
        order = ["1", "2+"]
    elif by == "placement":
        rows = rows[rows["all_last"]]
        groups = rows["placement"]
        order = list(range(1, int(rows["players"].max()) + 1 if len(rows) else 5))
    else:
        raise ValueError(f"by must be one of {', '.join(PUSH_BY)}, not {by!r}")
    pushed = (rows["value"] > rows["safest_value"]).rename("pushes")
    sums = pushed.groupby(groups.rename(by)).agg(["size", "sum"]).reindex(order, fill_value=0)
    table = pd.DataFrame({"discards": sums["size"].astype(int), "pushes": sums["sum"].astype(int)},
                         index=sums.index.rename(by))
    _with_interval(table, "push_rate", "pushes", "discards")
    return table


def push_by_shanten(discards: pd.DataFrame, player: str | None = None, most: int = 3) -> pd.DataFrame:
    """:func:`push_by` the hand's own shanten (``by="shanten"``)."""
    return push_by(discards, "shanten", player, most)


# -- presentation ----------------------------------------------------------------------

def _rates(table: pd.DataFrame) -> list[str]:
    """The rates of a table of this module: the columns with a Wilson interval beside."""
    return [column for column in table.columns if f"{column}_low" in table.columns]


def _cases(table: pd.DataFrame, rate: str) -> str:
    """The column of a rate's cases: ``<rate>_cases``, or ``discards`` when the table has none."""
    return f"{rate}_cases" if f"{rate}_cases" in table.columns else "discards"


def _json_value(value: Any) -> Any:
    if isinstance(value, float) and math.isnan(value):
        return None
    return value.item() if hasattr(value, "item") else value


def _text_table(table: pd.DataFrame) -> tuple[list[str], bool]:
    """The lines of one table as ``paipu stats`` prints its own: the index, then each
    column; a rate as ``.064`` with ``*`` when from fewer than :data:`MIN_CASES` cases and
    its 95% interval beside it; the cases and interval columns folded into that. And
    whether a rate was marked."""
    rates = _rates(table)
    folded = {f"{rate}_{part}" for rate in rates for part in ("low", "high", "cases")}
    columns = [column for column in table.columns if column not in folded]
    header = [str(name) for name in table.index.names]
    for column in columns:
        header += [column, "95% interval"] if column in rates else [column]
    lines = [header]
    few = False
    for key, row in zip(table.index, table.to_dict("records")):
        line = [str(part) for part in (key if isinstance(key, tuple) else (key,))]
        for column in columns:
            value = row[column]
            if column in rates:
                cases = row[_cases(table, column)]
                mark = "*" if 0 < cases < MIN_CASES else ""
                few = few or bool(mark)
                line += [cell_text(value, "rate") + mark,
                         "-" if math.isnan(row[f"{column}_low"]) else
                         f"{cell_text(row[f'{column}_low'], 'rate')}-{cell_text(row[f'{column}_high'], 'rate')}"]
            elif isinstance(value, float) and not float(value).is_integer():
                line.append(cell_text(value, "{:.2f}"))
            else:
                line.append(cell_text(value, "{:,.0f}") if isinstance(value, (int, float)) else str(value))
        lines.append(line)
    named = table.index.nlevels
    widths = [max(display_width(line[column]) for line in lines) for column in range(len(header))]
    return ["  ".join([*(text + " " * (width - display_width(text)) for text, width in zip(line[:named], widths)),
                       *(cell.rjust(width) for cell, width in zip(line[named:], widths[named:]))])
            for line in lines], few


def format_defence(tables: dict[str, pd.DataFrame], format: Literal["table", "csv", "json"] = "table") -> str:
    """Tables of this module (:func:`danger_table`, :func:`player_defence`, :func:`push_by`)
    as text, each under its name in ``tables``, as ``paipu stats --defence`` prints them:

    * ``"table"``: each table under its name, a rate with ``*`` when from fewer than
      :data:`~paipu.stats.MIN_CASES` cases and its 95% Wilson interval beside it;
    * ``"csv"``: one CSV, ``table`` (the name) in the first column, then each table's
      index and columns (the union of them; empty where a table has none), names that
      a spreadsheet would run as formulas made inert (as ``paipu stats``' CSV);
    * ``"json"``: an object with a list of records under each name, NaN as ``null``."""
    records: dict[str, list[dict[str, Any]]] = {
        name: [{key: _json_value(value) for key, value in record.items()}
               for record in table.reset_index().to_dict("records")]
        for name, table in tables.items()}
    if format == "json":
        return json.dumps(records, ensure_ascii=False, indent=1) + "\n"
    if format == "csv":
        rows = [{"table": name, **{key: spreadsheet_safe(value) for key, value in record.items()}}
                for name, table_records in records.items() for record in table_records]
        columns = ["table", *dict.fromkeys(column for table in tables.values()
                                           for column in table.reset_index().columns)]
        text: str = pd.DataFrame(rows, columns=columns, dtype=object).to_csv(index=False)  # 7, not 7.0
        return text
    if format != "table":
        raise ValueError(f"format must be 'table', 'csv' or 'json', not {format!r}")
    lines: list[str] = []
    few = False
    for name, table in tables.items():
        laid_out, from_few = _text_table(table)
        lines += [*([""] if lines else []), f"{name}:", *laid_out]
        few = few or from_few
    if few:
        lines.append(f"* from fewer than {MIN_CASES} cases")
    return "\n".join(lines) + "\n"
