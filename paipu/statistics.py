"""The statistics: the facts read from the games and each statistic, declared once, and
their per-player summary, computed on numpy arrays alone (``paipu stats`` prints it
without importing pandas, which would take a third of its time on 2,000 games);
:mod:`paipu.stats` gives the same tables and summary as pandas DataFrames.

Every number follows the definitions of ``docs/stats.md``. Each column of a table is a
:class:`Fact` (:data:`FACTS`), each statistic a :class:`Stat` (:data:`STATISTICS`): adding
a statistic is one declaration. One walk over the games (:class:`FactCollector`) reads
the facts into :class:`FactTables` (numpy columns); :func:`summarize` makes of them a
:class:`PlayerSummary`, which prints itself (:meth:`PlayerSummary.format`).

>>> from paipu.statistics import summarize
>>> print(summarize("logs/", player="AI-A").format())   # doctest: +SKIP
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Protocol, Sequence, Union

import numpy as np

from .events import Event, Game, player_name
from .facts import Columns, GameFacts, tenhou_room
from .limits import as_index, display_width, spreadsheet_safe
from .loader import GameSource
from .observe import Observer, Step, walk

__all__ = [
    "Fact",
    "Stat",
    "FACTS",
    "STATISTICS",
    "STATS",
    "ROUND_COLUMNS",
    "GAME_COLUMNS",
    "TURN_COLUMNS",
    "RATE_COLUMNS",
    "Coded",
    "FactTable",
    "FactTables",
    "FactCollector",
    "PlayerSummary",
    "summarize",
    "format_records",
    "wilson_interval",
    "interval_columns",
    "cell_text",
    "MIN_CASES",
    "TURN_BANDS",
]

DoubleRon = Literal["once", "each"]
TableName = Literal["rounds", "games", "turns"]



# -- the declarations --------------------------------------------------------------------


Part = Literal["seat", "round", "riichi", "win", "deal_in", "draw"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One column of a table (:data:`FACTS`): its ``name``, pandas ``dtype`` and
    ``definition``; ``engine`` when it is a fact of the hands, there only in tables made
    with ``engine=True`` (see :func:`tables`). ``part``: in the rounds table, where the
    fact is read (:meth:`paipu.facts.GameFacts.round_parts`): ``seat``, in every row;
    ``round``, once per round, the same in each of its rows; ``riichi``, ``win``,
    ``deal_in`` and ``draw``, only in the rows of a seat that declared riichi, won, dealt
    in, or of a round ending in an exhaustive draw, the other rows False (a ``bool``
    fact), 0 (``int64``) or NA."""

    table: TableName
    name: str
    dtype: str
    definition: str
    engine: bool = False
    part: Part = "seat"


Term = Union[str, Callable[["_Rows"], np.ndarray]]
"""A per-row quantity of a table: a column name, or a function of the table's columns
(:class:`_Rows`: numpy arrays, NA as NaN, which no comparison holds for). NA counts 0."""


@dataclass(frozen=True, slots=True)
class Stat:
    """One summary statistic (:data:`STATISTICS`), per player over the rows of ``table``.

    ``aggregate="sum"``: the sum of ``numerator`` over the player's rows, divided by the
    sum of ``denominator`` when there is one (a rate or a mean; NaN when that sum is 0),
    over the rows where the numerator's column (a column name, or :func:`_where`'s) is
    known: an amount a log does not state is left out of a mean, not counted 0;
    else the count itself. ``"max"``: the largest ``numerator``. ``"tally"``: a
    ``{value: count}`` of the ``numerator`` column (a dict per row adds its counts).
    ``engine``: the statistic needs facts of the hands (``tables(..., engine=True)``)."""

    name: str
    definition: str
    numerator: Term
    denominator: Term | None = None
    table: TableName = "rounds"
    aggregate: Literal["sum", "max", "tally"] = "sum"
    engine: bool = False

    @property
    def kind(self) -> str:
        """``count``, ``ratio`` (a rate or a mean), ``max`` or ``tally``."""
        if self.aggregate != "sum":
            return self.aggregate
        return "count" if self.denominator is None else "ratio"

    @property
    def is_rate(self) -> bool:
        """Whether the statistic is a share: a ratio whose numerator counts rows of its
        denominator (each 0 or 1), not a mean of an amount; such a statistic has a 95%
        Wilson interval in the summary (:func:`wilson_interval`)."""
        return self.kind == "ratio" and not self.name.startswith("avg_") and self.name not in _MEANS


_MEANS = frozenset({"stable_dan", "riichi_income", "avg_score_change", "dealer_tsumo_paid", "dealer_avg_win", "dealer_score_change",
                    "non_dealer_avg_win", "non_dealer_score_change", "facing_riichi_score_change"})
"""The ratios that are means of an amount though their names do not start ``avg_``."""

WILSON_Z = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""

MIN_CASES = 30
"""Below this many cases (the rate's denominator) ``paipu stats``' table marks a rate ``*``."""


def wilson_interval(successes: Any, cases: Any, z: float = WILSON_Z) -> tuple[Any, Any]:
    """The Wilson score interval (Wilson 1927, *J. Amer. Statist. Assoc.* 22:209–212;
    Newcombe 1998's method 3, without continuity correction) of a share ``successes /
    cases``: the ``p`` whose normal test of ``successes`` against ``cases`` draws at ``p``
    is not rejected at ``z``::

        (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)

    Numbers or numpy arrays (element by element); NaN for no cases, or for more
    successes than cases (a double ron counted per winner)."""
    k, n = np.asarray(successes, dtype=float), np.asarray(cases, dtype=float)
    fits = (n > 0) & (k >= 0) & (k <= n)
    n_ = np.where(fits, n, 1.0)
    share, z2 = np.where(fits, k, 0.0) / n_, z * z
    centre = share + z2 / (2 * n_)
    spread = z * np.sqrt(share * (1 - share) / n_ + z2 / (4 * n_ * n_))
    below = 1 + z2 / n_
    # no successes: the interval starts at 0 exactly, all successes: it ends at 1 exactly
    # (the formula leaves a rounding error of about 1e-20 there)
    low = np.where(fits, np.where(k == 0, 0.0, np.clip((centre - spread) / below, 0.0, 1.0)), math.nan)
    high = np.where(fits, np.where(k == n, 1.0, np.clip((centre + spread) / below, 0.0, 1.0)), math.nan)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


TURN_BANDS: dict[str, tuple[int, int]] = {"early": (1, 6), "middle": (7, 12), "late": (13, 99)}
"""The turn bands of a deal-in, by the turn of the tile ronned (the dealer-in's own
discards before it, plus 1; ``deal_in_turn``), both ends included: early (序盤) turns
1–6, middle (中盤) 7–12, late (終盤) 13 on."""


def _tenhou_ranking(games_rows: "_Rows") -> tuple[np.ndarray, np.ndarray]:
    """Per row of the games table, over the finished games of a four-player Tenhou
    ranked room (NaN in the others): the points gained whatever the dan (1st and 2nd
    place) less 2 × the 4th place loss per dan, and that loss per dan when 4th (else 0).
    Their sums' ratio is the stable dan (``stable_dan``): the dan ``d`` at which the
    placings' rank points, gained minus (d + 2) × the loss per dan of each 4th place, sum to 0."""
    rooms = games_rows["room"]
    unranked = (math.nan, math.nan, math.nan)
    # a row per room, and a last one for an unknown room (code -1)
    per_room = np.array([tenhou_room(str(room)) or unranked for room in games_rows.categories["room"]] + [unranked],
                        dtype=float)
    first, second, per_dan = per_room[rooms].T
    rank = games_rows["rank"]
    lost = np.where(rank == 4, per_dan, 0.0)
    gained = np.where(rank == 1, first, np.where(rank == 2, second, 0.0)) - 2 * lost
    unknown = np.isnan(per_dan) | np.isnan(rank)
    return np.where(unknown, math.nan, gained), np.where(unknown, math.nan, lost)


def _round(name: str, dtype: str, definition: str, engine: bool = False, part: Part = "seat") -> Fact:
    return Fact("rounds", name, dtype, definition, engine, part)


FACTS: tuple[Fact, ...] = (
    _round("source", "category", "the game's locator, ``path#index``", part="round"),
    _round("game", "int64", "0-based position of the game in this pass", part="round"),
    _round("round", "int64", "0-based index of the round in the game", part="round"),
    _round("label", "category", "the round's name, e.g. 東1局0本場", part="round"),
    _round("seat", "int64", "seat in the round, 0 = dealer"),
    _round("player", "int64", "player index in the game (indexes ``paipu.player``)"),
    _round("name", "category", "the player's name, anything after a newline removed"),
    _round("dealer", "bool", "the player is the dealer (親)"),
    _round("dealer_run", "Int64", "as dealer: the rounds in a row the player has been dealer in this game, this one "
                                  "included (1 on a first deal, 2 on the first repeat...); NA for a non-dealer"),
    _round("riichi", "bool", "the player declared riichi (a discard marked ``*``), even if that tile was ronned",
           part="riichi"),
    _round("riichi_turn", "Int64", "own discards before the riichi discard, plus 1 (NA without riichi)", part="riichi"),
    _round("riichi_first", "boolean", "the player's riichi was the round's first (先制); NA without riichi",
           part="riichi"),
    _round("riichi_chased", "boolean", "another player declared riichi after the player's (被追っかけ); NA "
                                       "without riichi", part="riichi"),
    _round("facing_riichi", "bool", "another player declared the round's first riichi"),
    _round("calls", "int64", "number of chi, pon and open kan (``fulou``) by the player"),
    _round("called", "bool", "at least one chi, pon or open kan (ankan and kakan do not count)"),
    _round("win", "bool", "the player won (every winner of a double ron)", part="win"),
    _round("win_type", "category", "``tsumo`` or ``ron`` (槍槓 is a ron); NA without a win", part="win"),
    _round("win_value", "Int64", "``hule.defen``: the hand's value, pao share included, honba and sticks excluded; "
                                 "NA when the log states none (mjai)", part="win"),
    _round("win_net", "Int64", "the winner's ``fenpei``: honba and sticks included, own riichi stick not subtracted; "
                               "NA when the log states no payments (mjai without ``deltas``)", part="win"),
    _round("win_turn", "Int64", "own discards before the win, plus 1", part="win"),
    _round("dama", "boolean", "won with a closed hand (no meld but closed kans) and no riichi", part="win"),
    _round("ippatsu", "boolean", "the win has 一発; NA when the log states no yaku (mjai)", part="win"),
    _round("ura", "boolean", "the win has 裏ドラ worth more than 0 han; NA when the log states no yaku (mjai)",
           part="win"),
    _round("yaku", "object", "the win's ``hupai`` as {name: count}: 1 per yaku entry, a dora-type entry its han "
                             "(0-han entries left out), repeated entries summed; names as logged; NA when the log "
                             "states no yaku (mjai)", part="win"),
    _round("win_class", "category", "at a win, how the hand was made (its call type): ``riichi``; ``dama`` (closed: no "
                                    "called meld, closed kans allowed; no riichi); ``chi`` (open, every called meld a chi); "
                                    "``pon`` (open, with a pon, an open kan or an added kan); NA without a win",
           part="win"),
    _round("win_band", "category", "the win's value band (``paipu.stats.VALUE_BANDS``): ``small``, ``medium``, ``mangan`` or "
                                   "``haneman`` (haneman or more), by the hand's base points; NA without a win or a value",
           part="win"),
    _round("deal_in", "bool", "the player's discard (or kakan, for 槍槓) was ronned; pao is not a deal-in",
           part="deal_in"),
    _round("deal_ins", "int64", "number of wins on that discard (2 in a double ron)", part="deal_in"),
    _round("deal_in_amount", "Int64", "paid by the discarder: ``-fenpei`` summed over those wins, honba "
                                       "included; NA when the log states no payments (mjai without ``deltas``)",
           part="deal_in"),
    _round("deal_in_state", "category", "at a deal-in, the player's own state: ``riichi`` (declared, the ronned "
                                        "riichi tile included), ``called`` (a chi, pon or open kan) or ``closed``",
           part="deal_in"),
    _round("winner_state", "category", "at a deal-in, the (first) winner's state: ``riichi``, ``called`` (an open "
                                       "meld) or ``dama`` (closed, no riichi)", part="deal_in"),
    _round("deal_in_band", "category", "at a deal-in, the value band (``paipu.stats.VALUE_BANDS``) of the (first) winner's "
                                       "hand, by its base points; NA when the log states no value (mjai)",
           part="deal_in"),
    _round("deal_in_turn", "Int64", "at a deal-in, the turn of the tile ronned: the player's own discards before it, "
                                    "plus 1 (the added kan's turn for 槍槓); NA without a deal-in", part="deal_in"),
    _round("tsumo_against", "bool", "another player won by tsumo (被ツモ)"),
    _round("tsumo_paid", "Int64", "paid on that tsumo: ``-fenpei``, honba included (the dealer's share when the "
                                  "player is dealer, 親被り); NA without, or when the log states no payments"),
    _round("sideways", "bool", "the round ended with another player's ron on a third player's discard (横移動): "
                               "the player neither won nor dealt in"),
    _round("draw", "bool", "the round ended in an exhaustive draw (荒牌平局/流局, 流し満貫)", part="round"),
    _round("abort", "bool", "the round ended in an abortive draw (九種九牌, 四風連打, 四家立直, 三家和, 四開槓)", part="round"),
    _round("draw_reason", "category", "``pingju.name`` as logged; NA when the round was won", part="round"),
    _round("tenpai", "boolean", "at an exhaustive draw, the player's hand was ready (聴牌): a hand shown is, a "
                                "hidden one by its tiles tracked from the deal through the events; NA in other rounds",
           part="draw"),
    _round("hand_shown", "boolean", "at an exhaustive draw, the log shows the player's hand; NA in other rounds",
           part="draw"),
    _round("score_change", "Int64", "the player's score change over the round: payments minus riichi deposit; "
                                    "when the log does not state the payments (mjai without ``deltas``), the next "
                                    "deal's score minus this one's, NA for the last round"),
    _round("start_shanten", "Int64", "shanten (向聴) of the dealt 13 tiles (配牌向聴)", engine=True),
    _round("riichi_waits", "Int64", "at the riichi declaration, the number of kinds of tile the hand waits on; NA "
                                    "without riichi", engine=True, part="riichi"),
    _round("riichi_good_shape", "boolean", "the riichi waits on 2 kinds or more (良形); NA without riichi",
           engine=True, part="riichi"),
    _round("riichi_furiten", "boolean", "at the riichi declaration, a wait is in the player's own river "
                                        "(振聴立直); NA without riichi", engine=True, part="riichi"),
    Fact("games", "source", "category", "the game's locator, ``path#index``"),
    Fact("games", "game", "int64", "0-based position of the game in this pass"),
    Fact("games", "player", "int64", "player index in the game"),
    Fact("games", "name", "category", "the player's name, anything after a newline removed"),
    Fact("games", "players", "int64", "number of players in the game"),
    Fact("games", "rank", "Int64", "final placing ``paipu.rank`` (1 to the number of players); NA when the log "
                                   "has no final results"),
    Fact("games", "score", "Int64", "final score ``paipu.defen``, leftover riichi sticks given to first place"),
    Fact("games", "point", "Float64", "``paipu.point`` as a number"),
    Fact("games", "platform", "category", "``tenhou``, ``majsoul`` or ``\"\"`` (unknown), as ``Game.origin`` states"),
    Fact("games", "room", "category", "the room as the log names it (``四鳳南喰赤``, a Mahjong Soul room); ``\"\"`` "
                                      "if none"),
    Fact("games", "length", "category", "``east`` (東風戦) or ``south`` (東南戦) as the log's rule states it; "
                                        "``\"\"`` if it does not"),
    Fact("games", "date", "datetime64[ns]", "the day the game was played (from its log id); NaT when not known"),
    Fact("games", "dan", "category", "the player's rank (段位) the log states, e.g. ``七段`` (Tenhou's ``UN`` "
                                     "``dan``, a title's ``(七段 R2042)``, a Mahjong Soul account's level: ``雀傑1``); "
                                     "``\"\"`` if none"),
    Fact("games", "rating", "Float64", "the player's rating the log states (Tenhou's ``R``); NA if none"),
    Fact("games", "rank_points", "Int64", "the Tenhou rank points (段位pt) the game's placing gives at the player's dan "
                                          "in its room (``paipu.stats.tenhou_rank_points``); NA but for a finished four-player "
                                          "game of a Tenhou ranked room (般上特鳳) by a player of 初段 to 十段"),
    Fact("turns", "game", "int64", "0-based position of the game in this pass (rounds that end only)",
         engine=True),
    Fact("turns", "round", "int64", "0-based index of the round in the game", engine=True),
    Fact("turns", "seat", "int64", "seat in the round, 0 = dealer", engine=True),
    Fact("turns", "player", "int64", "player index in the game", engine=True),
    Fact("turns", "name", "category", "the player's name", engine=True),
    Fact("turns", "turn", "int64", "the player's own discards so far, this one included (巡目)", engine=True),
    Fact("turns", "shanten", "Int64", "shanten of the hand after the discard; NA for a hand the events do not fit",
         engine=True),
    Fact("turns", "call", "bool", "the discard follows the player's chi, pon or open kan (the call's turn)",
         engine=True),
)
"""Every column of the three tables, declared once, in order."""


def _columns_of(table: TableName) -> dict[str, str]:
    return {fact.name: fact.definition for fact in FACTS if fact.table == table}


ROUND_COLUMNS: dict[str, str] = _columns_of("rounds")
"""Columns of :func:`rounds` and what each holds. NA marks a fact that does not apply."""
GAME_COLUMNS: dict[str, str] = _columns_of("games")
"""Columns of :func:`games` and what each holds."""
TURN_COLUMNS: dict[str, str] = _columns_of("turns")
"""Columns of ``tables(..., engine=True).turns``: one row per discard."""


def _rank(k: int) -> Callable[["_Rows"], np.ndarray]:
    return lambda g: g["rank"] == k


def _both(a: str, b: str) -> Callable[["_Rows"], np.ndarray]:
    return lambda r: r.true(a) & r.true(b)


def _state(column: str, value: str) -> Callable[["_Rows"], np.ndarray]:
    return lambda r: r.equals(column, value)


def _where(value: str, condition: Term) -> Callable[["_Rows"], np.ndarray]:
    """``value`` where ``condition`` holds, else 0 (or NA, which counts 0 all the same);
    ``column`` names the column whose own NA is an amount not known, which a mean leaves
    out (see :func:`_aggregate`)."""
    def where(r: _Rows) -> np.ndarray:
        chosen: np.ndarray = r[value] * _truth(_term(condition, r))
        return chosen
    where.column = value  # type: ignore[attr-defined]  # read back with getattr(term, "column")
    where.condition = condition  # type: ignore[attr-defined]  # as above
    return where


def _known(column: str) -> Callable[["_Rows"], np.ndarray]:
    return lambda r: r.notna(column)


def _in_class(weight: str, column: str, value: str) -> Callable[["_Rows"], np.ndarray]:
    """``weight`` where ``column`` is ``value``, else 0 (or NA, as :func:`_where`'s): a
    share of the rows whose ``column`` is known (its ``column``, as :func:`_where`'s,
    names the column whose NA leaves a row out of the denominator)."""
    def share(r: _Rows) -> np.ndarray:
        shared: np.ndarray = r[weight] * r.equals(column, value)
        return shared
    share.column = column  # type: ignore[attr-defined]  # read back with getattr(term, "column")
    return share


def _turns(low: int, high: int) -> Callable[["_Rows"], np.ndarray]:
    return lambda r: (r["deal_in_turn"] >= low) & (r["deal_in_turn"] <= high)


_BAND_NAMES = {"small": "below 3,900 (5,800 as dealer)", "medium": "3,900 to 7,700 (5,800 to 11,600 as dealer)",
               "mangan": "a mangan (8,000; 12,000 as dealer)", "haneman": "a haneman or more (12,000; 18,000 as dealer)"}
_CLASS_NAMES = {"riichi": "with riichi", "dama": "closed without riichi (ダマ)", "chi": "open with chi only",
                "pon": "open with a pon or kan"}


_NON_DEALER: Callable[["_Rows"], np.ndarray] = lambda r: ~r["dealer"]  # noqa: E731
_OTHER_TSUMO_DEALER = _both("tsumo_against", "dealer")

STATISTICS: tuple[Stat, ...] = (
    Stat("games", "games the player finished (the log has final results)", "finished", table="games"),
    Stat("rounds", "rounds the player sat in that end with a win or a draw", "one"),
    *(Stat(f"rank_{k}", f"share of games finished {place}" + (" (``paipu.rank``)" if k == 1 else ""),
           _rank(k), "finished", table="games") for k, place in zip(range(1, 4), ("1st", "2nd", "3rd"))),
    Stat("rank_4", "share of four-player games finished 4th (none in three-player games)", _rank(4),
         "finished_by_four", table="games"),
    Stat("avg_rank", "mean rank (平均順位)", "rank", "finished", table="games"),
    Stat("top_rate", "share of games finished 1st (トップ率)", _rank(1), "finished", table="games"),
    Stat("rentai_rate", "share of games finished 1st or 2nd (連対率)", lambda g: g["rank"] <= 2, "finished",
         table="games"),
    Stat("last_rate", "share of games finished last (ラス率: 4th, 3rd with three players)", "last", "finished",
         table="games"),
    Stat("bust_rate", "share of games with a final score below 0 (飛び率)", lambda g: g["score"] < 0, "finished",
         table="games"),
    Stat("avg_score", "mean final score (``paipu.defen``)", "score", "finished", table="games"),
    Stat("avg_point", "mean ``paipu.point`` as a number", "point", "finished", table="games"),
    Stat("stable_dan", "Tenhou's stable dan (安定段位) over the finished games of four-player ranked rooms: the dan d "
                       "at which the rank points of the player's placings would sum to 0 (NaN without a 4th place)",
         "stable_dan_gained", "stable_dan_lost", table="games"),
    Stat("avg_rank_points", "mean Tenhou rank points per game at the dan held (期待pt), over the games with "
                            "``rank_points``", "rank_points", "finished", table="games"),
    Stat("win_rate", "rounds won / rounds (和了率; both winners of a double ron count)", "win", "one"),
    Stat("deal_in_rate", "deal-ins / rounds (放銃率; a double ron is one deal-in, see double_ron)", "dealt", "one"),
    Stat("riichi_rate", "rounds with riichi declared, the ronned declaration tile included / rounds (立直率)",
         "riichi", "one"),
    Stat("call_rate", "rounds with a chi, pon or open kan / rounds (副露率)", "called", "one"),
    Stat("draw_rate", "rounds ending in an exhaustive draw (荒牌平局, 流し満貫) / rounds (流局率 without "
                      "abortive draws; analog's 流局率 is draw_rate + abort_rate)", "draw", "one"),
    Stat("abort_rate", "rounds ending in an abortive draw / rounds (途中流局率)", "abort", "one"),
    Stat("avg_win", "mean ``hule.defen`` over wins (平均打点: pao share included, honba and sticks not)",
         "win_value", "win"),
    Stat("mangan_win_rate", "wins worth a mangan or more (``win_band`` mangan or haneman: ``hule.defen`` 8,000 or "
                            "more, 12,000 as dealer, a three-player tsumo under ツモ損 6,000 and 8,000) / wins with "
                            "the value known (満貫以上率)", "mangan", "win"),
    *(Stat(f"win_band_{band}", f"wins worth {worth} / wins with the value known", _in_class("win", "win_band", band),
           "win") for band, worth in _BAND_NAMES.items()),
    Stat("avg_win_net", "mean of the winner's ``fenpei`` over wins (honba and sticks included)", "win_net", "win"),
    Stat("avg_deal_in", "mean paid by the discarder per deal-in (平均放銃点, honba included; a double ron is one "
                        "deal-in with both payments summed)", "deal_in_amount", "dealt"),
    Stat("tsumo_rate", "wins by tsumo / wins (ツモ率)", _state("win_type", "tsumo"), "win"),
    Stat("dama_rate", "wins with a closed hand and no riichi / wins (ダマ率; the share of the class ``dama``)", "dama",
         "win"),
    *(Stat(f"win_share_{kind}", f"wins {_CLASS_NAMES[kind]} / wins", _state("win_class", kind), "win")
      for kind in ("riichi", "chi", "pon")),
    *(Stat(f"avg_win_{kind}", f"mean ``hule.defen`` over wins {name}", _where("win_value", _state("win_class", kind)),
           _state("win_class", kind)) for kind, name in _CLASS_NAMES.items()),
    Stat("tenpai_at_draw", "exhaustive draws with the player's hand ready (tracked, shown or not) / exhaustive "
                           "draws (流局時聴牌率)", "tenpai", "draw"),
    Stat("shown_at_draw", "exhaustive draws with the player's hand shown / exhaustive draws", "hand_shown", "draw"),
    Stat("riichi_win", "riichi rounds won / riichi rounds", _both("riichi", "win"), "riichi"),
    Stat("riichi_deal_in", "riichi rounds dealt in / riichi rounds", _where("dealt", "riichi"), "riichi"),
    Stat("call_win", "call rounds won / call rounds", _both("called", "win"), "called"),
    Stat("call_deal_in", "call rounds dealt in / call rounds", _where("dealt", "called"), "called"),
    Stat("ippatsu_rate", "riichi wins with 一発 / riichi wins with the yaku known", _where("ippatsu", "riichi"),
         _both("riichi", "win")),
    Stat("ura_rate", "riichi wins with 裏ドラ worth more than 0 han / riichi wins with the yaku known",
         _where("ura", "riichi"), _both("riichi", "win")),
    Stat("avg_win_turn", "mean over wins of the player's own discards before the win, plus 1", "win_turn", "win"),
    Stat("avg_riichi_turn", "mean over riichi rounds of the player's own discards before the riichi discard, plus 1",
         "riichi_turn", "riichi"),
    Stat("riichi_first_rate", "riichi rounds where the player's riichi was the round's first / riichi rounds "
                              "(先制率)", "riichi_first", "riichi"),
    Stat("riichi_chasing_rate", "riichi rounds where another player's riichi came first / riichi rounds "
                                "(追っかけ率)", lambda r: r["riichi_first"] == False, "riichi"),  # noqa: E712
    Stat("riichi_chased_rate", "riichi rounds where another player declared riichi after the player / riichi "
                               "rounds (被追っかけ率)", "riichi_chased", "riichi"),
    Stat("riichi_income", "mean score change over riichi rounds (リーチ収支, the stick paid included)",
         _where("score_change", "riichi"), "riichi"),
    Stat("riichi_draw", "riichi rounds ending in an exhaustive draw / riichi rounds", _both("riichi", "draw"),
         "riichi"),
    Stat("call_draw", "call rounds ending in an exhaustive draw / call rounds", _both("called", "draw"), "called"),
    Stat("avg_score_change", "mean score change per round (局収支)", "score_change", "one"),
    Stat("deal_in_riichi", "deal-ins while in riichi / deal-ins", _where("dealt", _state("deal_in_state", "riichi")),
         "dealt"),
    Stat("deal_in_called", "deal-ins with a call made / deal-ins", _where("dealt", _state("deal_in_state", "called")),
         "dealt"),
    Stat("deal_in_closed", "deal-ins with a closed hand and no riichi / deal-ins",
         _where("dealt", _state("deal_in_state", "closed")), "dealt"),
    Stat("deal_in_to_riichi", "deal-ins to a winner in riichi / deal-ins",
         _where("dealt", _state("winner_state", "riichi")), "dealt"),
    Stat("deal_in_to_called", "deal-ins to a winner with an open meld / deal-ins",
         _where("dealt", _state("winner_state", "called")), "dealt"),
    Stat("deal_in_to_dama", "deal-ins to a closed winner without riichi / deal-ins",
         _where("dealt", _state("winner_state", "dama")), "dealt"),
    *(Stat(f"deal_in_band_{band}", f"deal-ins to a hand worth {worth} / deal-ins with the value known",
           _in_class("dealt", "deal_in_band", band), "dealt") for band, worth in _BAND_NAMES.items()),
    *(Stat(f"deal_in_turn_{band}", f"deal-ins on a tile of turn {low} to {high} / deal-ins" if high < 99 else
           f"deal-ins on a tile of turn {low} or later / deal-ins", _where("dealt", _turns(low, high)), "dealt")
      for band, (low, high) in TURN_BANDS.items()),
    Stat("avg_deal_in_turn", "mean turn of the tile dealt in (the player's own discards before it, plus 1)",
         "deal_in_turn", "deal_in"),
    Stat("tsumo_against_rate", "rounds another player won by tsumo / rounds (被ツモ率)", "tsumo_against", "one"),
    Stat("avg_tsumo_paid", "mean paid on another player's tsumo (平均被ツモ失点, honba included)", "tsumo_paid",
         "tsumo_against"),
    Stat("dealer_tsumo_paid", "mean paid as dealer on another player's tsumo (親被り)",
         _where("tsumo_paid", "dealer"), _OTHER_TSUMO_DEALER),
    Stat("longest_dealer_run", "the most rounds in a row the player has been dealer in one game (1: never "
                               "repeated; 最大連荘 is this minus 1)", "dealer_run", aggregate="max"),
    Stat("dealer_rounds", "rounds as dealer", "dealer"),
    Stat("dealer_win_rate", "rounds won as dealer / rounds as dealer", _both("win", "dealer"), "dealer"),
    Stat("dealer_deal_in_rate", "deal-ins as dealer / rounds as dealer", _where("dealt", "dealer"), "dealer"),
    Stat("dealer_avg_win", "mean ``hule.defen`` over wins as dealer", _where("win_value", "dealer"),
         _both("win", "dealer")),
    Stat("dealer_score_change", "mean score change per round as dealer", _where("score_change", "dealer"),
         "dealer"),
    Stat("non_dealer_win_rate", "rounds won as non-dealer / rounds as non-dealer",
         lambda r: r["win"] & ~r["dealer"], _NON_DEALER),
    Stat("non_dealer_deal_in_rate", "deal-ins as non-dealer / rounds as non-dealer",
         _where("dealt", _NON_DEALER), _NON_DEALER),
    Stat("non_dealer_avg_win", "mean ``hule.defen`` over wins as non-dealer",
         _where("win_value", _NON_DEALER), lambda r: r["win"] & ~r["dealer"]),
    Stat("non_dealer_score_change", "mean score change per round as non-dealer",
         _where("score_change", _NON_DEALER), _NON_DEALER),
    Stat("facing_riichi_rounds", "rounds where another player declared the round's first riichi", "facing_riichi"),
    Stat("facing_riichi_win", "of those rounds, the share won", _both("facing_riichi", "win"), "facing_riichi"),
    Stat("facing_riichi_deal_in", "of those rounds, the share dealt in", _where("dealt", "facing_riichi"),
         "facing_riichi"),
    Stat("facing_riichi_draw", "of those rounds, the share ending in an exhaustive draw",
         _both("facing_riichi", "draw"), "facing_riichi"),
    Stat("facing_riichi_tsumo_against", "of those rounds, the share another player won by tsumo (被ツモ)",
         _both("facing_riichi", "tsumo_against"), "facing_riichi"),
    Stat("facing_riichi_sideways", "of those rounds, the share ended by another player's ron on a third "
                                   "player's discard (横移動)", _both("facing_riichi", "sideways"), "facing_riichi"),
    Stat("facing_riichi_score_change", "of those rounds, the mean score change",
         _where("score_change", "facing_riichi"), "facing_riichi"),
    Stat("wins", "number of wins", "win"),
    Stat("deal_ins", "number of deal-ins (see double_ron)", "dealt"),
    Stat("riichi_rounds", "number of rounds with riichi", "riichi"),
    Stat("call_rounds", "number of rounds with a chi, pon or open kan", "called"),
    Stat("draws", "number of exhaustive draws", "draw"),
    Stat("aborts", "number of abortive draws", "abort"),
    Stat("yaku_counts", "{yaku: count} over wins: 1 per yaku entry, dora-type entries (ドラ, 赤ドラ, 裏ドラ) "
                        "their han; 場風/自風/翻牌/役牌 names merged as 翻牌", "yaku", aggregate="tally"),
    Stat("draw_reasons", "{pingju name: count} over the player's rounds", "draw_reason", aggregate="tally"),
    Stat("avg_start_shanten", "mean shanten of the dealt hand (平均配牌向聴)", "start_shanten", "one", engine=True),
    Stat("riichi_good_shape_rate", "riichi with 2 kinds of wait or more / riichi rounds with the waits known "
                                   "(良形率)", "riichi_good_shape", _known("riichi_waits"), engine=True),
    Stat("avg_riichi_waits", "mean number of kinds waited on at riichi", "riichi_waits", _known("riichi_waits"),
         engine=True),
    Stat("riichi_furiten_rate", "furiten riichi / riichi rounds with the waits known (振聴立直率)", "riichi_furiten",
         _known("riichi_waits"), engine=True),
    Stat("good_shape_riichi_win", "good-shape riichi rounds won / good-shape riichi rounds",
         _both("riichi_good_shape", "win"), "riichi_good_shape", engine=True),
    Stat("bad_shape_riichi_win", "riichi rounds on one kind of wait won / those rounds",
         lambda r: (r["riichi_good_shape"] == False) & r["win"], lambda r: r["riichi_good_shape"] == False,  # noqa: E712
         engine=True),
    Stat("avg_call_turn", "mean turn of the player's calls (the discard after each chi, pon or open kan)",
         _where("turn", "call"), "call", table="turns", engine=True),
    Stat("avg_call_shanten", "mean shanten after each call's discard (the shanten the call reached)",
         _where("shanten", "call"), "call", table="turns", engine=True),
)
"""Every statistic of :func:`summary`, declared once, in order (``docs/stats.md``)."""

STATS: dict[str, str] = {stat.name: stat.definition for stat in STATISTICS}
"""Every column of :func:`summary`, in order, with its definition (``docs/stats.md``). Rates
are fractions; a stat whose denominator is 0 is NaN. Those of :data:`STATISTICS` marked
``engine`` are there only for tables made with ``engine=True``."""

RATE_COLUMNS: dict[str, str] = {
    "win_rate": "win",
    "deal_in_rate": "deal_in",
    "riichi_rate": "riichi",
    "call_rate": "called",
}
"""The four headline rates (with ``double_ron="once"``) and the boolean column of
:func:`rounds` whose mean over the player's rounds each is."""


# -- the tables of facts -----------------------------------------------------------------


_name = player_name


@dataclass(frozen=True, slots=True)
class Coded:
    """A column of text as codes: each row's position in ``values`` (-1 for NA), the
    ``values`` in the order first met (a category column of :data:`FACTS`)."""

    codes: np.ndarray
    values: list[Any]


Column = Union[np.ndarray, Coded]
"""One column of a :class:`FactTable`, by its fact's ``dtype``: ``bool`` and ``int64`` as
such numpy arrays; ``Int64``, ``boolean`` and ``Float64`` as float64, NA as NaN;
``category`` as :class:`Coded`; ``object`` as an array of objects, NA as ``None``;
``datetime64[ns]`` as such, NA as NaT."""


@dataclass(frozen=True)
class FactTable:
    """One table of facts (:data:`FACTS` of the table ``name``) as numpy ``columns``
    (:data:`Column`), each of ``size`` rows, in the order of :data:`FACTS`."""

    name: TableName
    columns: dict[str, Column]
    size: int

    def __contains__(self, name: object) -> bool:
        return name in self.columns

    def column(self, name: str) -> Column:
        """The column ``name``."""
        return self.columns[name]


@dataclass(frozen=True)
class FactTables:
    """The tables of one walk over some games (see :func:`paipu.stats.tables`): ``rounds``,
    one row per game, round and seat; ``games``, one per game and player; ``turns``, one
    per discard, only with ``engine`` (``None`` otherwise)."""

    rounds: FactTable
    games: FactTable
    turns: FactTable | None = None

    def summary(self, player: str | int | None = None, double_ron: DoubleRon = "once") -> PlayerSummary:
        """The per-player summary of these tables (see :func:`summarize`)."""
        tables: dict[TableName, ColumnTable] = {"games": self.games, "rounds": self.rounds}
        if self.turns is not None:
            tables["turns"] = self.turns
        return summarize_tables(tables, player, double_ron)


class FactCollector(Observer[FactTables]):
    """The observer of a walk over the games that gathers the rows of the tables, each
    round's read by :class:`paipu.facts.GameFacts` (compiled) in one loop over its events
    into the columns of the tables:
    per round, each seat's discards, riichi, calls, wins, deal-ins and the draw, read from
    the events as logged; with ``engine``, the facts of the hands (:data:`FACTS` marked
    ``engine``) in each round row, and the turns table (see :class:`~paipu.facts.GameFacts`);
    ``every_turn=False`` keeps only the turns a summary reads."""

    def __init__(self, engine: bool = False, every_turn: bool = True) -> None:
        self.engine = engine
        self.reader = GameFacts(engine, every_turn)
        self.round_facts = tuple(fact for fact in facts_of("rounds") if engine or not fact.engine)
        self.chunks: list[dict[str, Column]] = []

    def on_game_start(self, game: Game) -> None:
        self.reader.start(game)

    def on_round_end(self, step: Step[Event]) -> None:
        round_ = step.round
        if round_ is not None:
            self.reader.add_round(step.game, step.round_index, round_)

    def on_game_end(self, step: Step[None]) -> None:
        if self.reader.rounds.size >= _CHUNK:
            self.chunks.append(_round_columns(self.reader, self.round_facts))
        self.reader.add_game(step.game)

    def result(self) -> FactTables:
        rounds_table = _table("rounds", _joined([*self.chunks, _round_columns(self.reader, self.round_facts)]))
        games_table = _table("games", _columns(self.reader.games, facts_of("games")))
        if not self.engine:
            return FactTables(rounds_table, games_table)
        columns = self.reader.turns.columns()
        turns = {fact.name: _column(columns[fact.name], fact.dtype) for fact in facts_of("turns")}
        return FactTables(rounds_table, games_table, _table("turns", turns))


def facts_of(table: TableName) -> tuple[Fact, ...]:
    """The facts of ``table``, in order."""
    return tuple(fact for fact in FACTS if fact.table == table)


_CHUNK = 1 << 16
"""Round rows are turned into the table's columns this many at a time: values held in
lists of objects take several times the memory of the same values in numpy's columns."""


def _length(column: Column) -> int:
    return len(column.codes if isinstance(column, Coded) else column)


def _table(name: TableName, columns: dict[str, Column]) -> FactTable:
    return FactTable(name, columns, _length(next(iter(columns.values()))) if columns else 0)


def _joined(chunks: list[dict[str, Column]]) -> dict[str, Column]:
    """The rows of ``chunks`` (columns of the same facts) one after the other, the values
    of a :class:`Coded` column those of every chunk in the order first met."""
    if len(chunks) == 1:
        return chunks[0]
    joined: dict[str, Column] = {}
    for name, first in chunks[0].items():
        if isinstance(first, Coded):
            position: dict[Any, int] = {}
            recoded = []
            for chunk in chunks:
                part = chunk[name]
                assert isinstance(part, Coded)  # every chunk's column is of the same fact
                # each value's position among every chunk's values, then -1 (NA's code, read at -1)
                positions = [position.setdefault(value, len(position)) for value in part.values]
                recoded.append(np.array([*positions, -1], dtype=np.int32)[part.codes])
            joined[name] = Coded(np.concatenate(recoded), list(position))
        else:
            joined[name] = np.concatenate([chunk[name] for chunk in chunks])
    return joined


def _column(values: Sequence[object], dtype: str) -> Column:
    """One column of rows as :data:`Column` of its ``dtype``, made at once (``None`` as NA)."""
    if dtype in ("int64", "bool"):
        try:  # numbers 0 to 255 (True and False among them) are read into bytes in C, where
            # numpy would convert each value on its own (3 times the instructions)
            small = np.frombuffer(bytes(values), np.uint8)  # type: ignore[arg-type]  # ints, else TypeError
        except (ValueError, TypeError):
            return np.fromiter(values, dtype, len(values))
        return small.astype(dtype)
    if dtype == "category":
        return coded(values)
    if dtype == "object":
        return _objects(values)
    if dtype.startswith("datetime64"):  # each day converted once (a few days of many games), None as NaT
        days = coded(values)
        return np.array([*days.values, None], dtype=dtype).take(days.codes)
    if dtype == "Int64":
        try:  # integers alone: read in C without a Python float made of each
            return np.fromiter(values, np.int64, len(values)).astype(float)
        except TypeError:  # NA (None) among them
            pass
    return _objects(values).astype(float)  # Int64, boolean, Float64: None as NaN (as np.array(values, float), faster)


def _objects(values: Sequence[object]) -> np.ndarray:
    """``values`` in an array of objects, each as it is: ``np.array(values, dtype=object)``
    would look into each value for a sequence to make dimensions of (5 times slower: 4.9
    against 1.0 ms for a column of 83,560 rows)."""
    return np.fromiter(values, object, len(values))


def coded(values: Sequence[Any]) -> Coded:
    """``values`` as :class:`Coded` (``None`` as NA), each value found in a dict in C."""
    seen = dict.fromkeys(values)
    seen.pop(None, None)
    position: dict[Any, int] = {value: index for index, value in enumerate(seen)}
    position[None] = -1
    return Coded(np.fromiter(map(position.__getitem__, values), np.int32, len(values)), list(seen))


def _columns(columns: Columns, facts: tuple[Fact, ...]) -> dict[str, Column]:
    """The columns of ``columns`` (taken from them) of ``facts`` in order."""
    lists = columns.take()[0] or [[] for _ in facts]
    return {fact.name: _column(values, fact.dtype) for fact, values in zip(facts, lists)}


_FILL: dict[str, object] = {"bool": False, "int64": 0, "object": None, "datetime64[ns]": np.datetime64("NaT")}
"""What a row a part does not apply to holds (:attr:`Fact.part`), by the fact's dtype: NaN
(NA) when not here, -1 (NA) in a :class:`Coded` column."""


def _round_columns(reader: GameFacts, facts: tuple[Fact, ...]) -> dict[str, Column]:
    """The rounds table's columns of ``reader`` (taken from them), of ``facts`` in order:
    each part's columns (:attr:`Fact.part`) made arrays, and those of a part not read in
    every row placed in the rows they are of (the rows of each round, or the rows a riichi,
    win, deal-in or draw applies to; the other rows False, 0 or NA)."""
    size = reader.rounds.size
    made: dict[str, Column] = {}
    for part, columns in reader.round_parts().items():
        of_part = [fact for fact in facts if fact.part == part]
        lists, rows = columns.take()
        lists = lists or [[] for _ in of_part]
        if part == "seat":
            made.update((fact.name, _column(values, fact.dtype)) for fact, values in zip(of_part, lists))
            continue
        if part == "round":  # each round's value in each of its rows, from its first row to the next round's
            bounds = np.array([*rows, size], dtype=np.intp)
            taken = np.repeat(np.arange(len(rows)), bounds[1:] - bounds[:-1])
        else:  # the position of each row's value in the part's columns, -1 in a row without
            taken = np.full(size, -1, dtype=np.intp)
            taken[rows] = np.arange(len(rows))
        for fact, values in zip(of_part, lists):
            # the fill value put last, where -1 takes it
            column = _column(values, fact.dtype)
            if isinstance(column, Coded):
                made[fact.name] = Coded(np.append(column.codes, np.int32(-1)).take(taken), column.values)
            else:
                made[fact.name] = np.append(column, np.array([_FILL.get(fact.dtype, math.nan)],
                                                             column.dtype)).take(taken)
    return {fact.name: made[fact.name] for fact in facts}



def check_player(player: object) -> str | int | None:
    """``player`` if it is a name (str) or ``None``, as an int if it is a player index (an
    int, or one of numpy's); else TypeError."""
    if player is None or type(player) is str:
        return player
    index = as_index(player)
    if index is None:
        raise TypeError(f"player must be a name (str), a player index (int) or None, not {player!r}")
    return index


def check_double_ron(double_ron: object) -> None:
    if double_ron not in ("once", "each"):
        raise ValueError(f"double_ron must be 'once' or 'each', not {double_ron!r}")


def _after_calls_only(stat: Stat) -> bool:
    """Whether a statistic of the turns table reads only the turns after a call."""
    return stat.denominator == "call" and getattr(stat.numerator, "condition", None) == "call"


_EVERY_TURN_SUMMARISED = not all(_after_calls_only(stat) for stat in STATISTICS if stat.table == "turns")
"""Whether :func:`summary` reads turns other than those after a call (not so far: it then
asks the shanten of the hand only after a call, a tenth of the cost of every discard's)."""


# -- summarising -------------------------------------------------------------------------


class ColumnTable(Protocol):
    """A table as a summary reads it (a :class:`FactTable`, or a DataFrame seen through
    :mod:`paipu.stats`): its number of rows, whether it has a column, and a column as a
    :data:`Column`."""

    @property
    def size(self) -> int: ...

    def __contains__(self, name: object) -> bool: ...

    def column(self, name: str) -> Column: ...


class _Rows:
    """The columns of one table as a summary reads them (:data:`Column`: NA as NaN, which
    no comparison holds for and which counts 0; a :class:`Coded` column as its codes, -1 for
    NA, its values in :attr:`categories`), each taken when first read in ``order`` (the rows
    of the summary, each player's together in the table's order; ``None``: every row,
    already so). Columns a summary makes of others are put in :attr:`arrays` (in that
    order) under their own names."""

    def __init__(self, table: ColumnTable, order: np.ndarray | None) -> None:
        self.table = table
        self.order = order
        self.size = table.size if order is None else len(order)
        self.arrays: dict[str, np.ndarray] = {}
        self.categories: dict[str, list[Any]] = {}

    def __getitem__(self, name: str) -> np.ndarray:
        array = self.arrays.get(name)
        if array is None:
            column = self.table.column(name)
            if isinstance(column, Coded):
                self.categories[name] = column.values
                column = column.codes
            array = self.arrays[name] = column if self.order is None else column.take(self.order)
        return array

    def true(self, name: str) -> np.ndarray:
        """Where the column is True (NA: False)."""
        return _truth(self[name])

    def equals(self, name: str, value: str) -> np.ndarray:
        """Where the category column is ``value`` (NA: False)."""
        codes = self[name]
        categories = self.categories[name]
        equal: np.ndarray = codes == (categories.index(value) if value in categories else -2)
        return equal

    def notna(self, name: str) -> np.ndarray:
        """Where the column is not NA."""
        array = self[name]
        if name in self.categories:
            known: np.ndarray = array >= 0
        elif array.dtype.kind == "f":
            known = ~np.isnan(array)
        elif array.dtype.kind == "M":
            known = ~np.isnat(array)
        elif array.dtype == object:
            known = array != None  # noqa: E711  (elementwise)
        else:
            known = np.ones(len(array), dtype=bool)
        return known


def _truth(values: np.ndarray) -> np.ndarray:
    """Where ``values`` (bool, or numbers with NaN for NA) are true: not 0 and not NA."""
    if values.dtype == bool:
        return values
    true: np.ndarray = (values != 0) & (values == values)
    return true


def _term(term: Term, rows: _Rows) -> np.ndarray:
    return rows[term] if isinstance(term, str) else term(rows)


_ROWS_PER_COUNT = 512
"""The rows per player above which a player's True values are counted by ``np.count_nonzero``
of its rows (a call each, ~2,000 instructions) rather than all players' by ``np.add.reduceat``
(~4 instructions a row)."""


@dataclass(frozen=True)
class _Groups:
    """The rows of one table grouped by player (:class:`_Rows`' ``order``): the players
    ``present`` (their positions among the summary's ``size`` players), where each one's
    rows ``start`` in that order, and each row's group (0 to ``len(present) - 1``)."""

    order: np.ndarray | None
    present: np.ndarray
    starts: np.ndarray
    groups: np.ndarray
    size: int

    def sums(self, values: np.ndarray) -> np.ndarray:
        """Each player's sum of ``values`` (bool or numbers, NA as 0), as float64: of
        integers, added in any order, exact (as long as the player's sum of their sizes
        stays below 2**53); of other numbers, added one row after another in the table's
        order (as ``np.bincount`` does), so that a player's sum does not depend on who else
        is in the table."""
        if not len(values):
            return np.zeros(self.size)
        if values.dtype == bool:
            if len(self.present) * _ROWS_PER_COUNT <= len(values):  # few players: count each one's rows
                ends = [*self.starts[1:].tolist(), len(values)]
                return self._spread(np.array([np.count_nonzero(values[start:end])
                                              for start, end in zip(self.starts.tolist(), ends)], dtype=float), 0.0)
            return self._spread(np.add.reduceat(values.view(np.uint8), self.starts, dtype=np.int64), 0.0)
        if values.dtype.kind == "f":
            values = np.fmax(values, 0.0) + np.fmin(values, 0.0)  # NA (NaN) as 0
            if len(values) * max(values.max(), -values.min()) >= 2.0 ** 53 or \
                    not np.array_equal(np.trunc(values), values):
                return self._spread(np.bincount(self.groups, values, len(self.present)), 0.0)
        # -0.0 + 0.0 is 0.0: the sum bincount, which starts at 0.0, gives
        return self._spread(np.add.reduceat(values, self.starts) + 0.0, 0.0)

    def largest(self, values: np.ndarray) -> np.ndarray:
        """Each player's largest of ``values`` (float64 with NaN for NA): NaN when all
        are NA, or the player has no rows."""
        return self._spread(np.fmax.reduceat(values, self.starts), math.nan) if len(values) else \
            np.full(self.size, math.nan)

    def _spread(self, of_present: np.ndarray, missing: float) -> np.ndarray:
        """A value per present player as one per player of the summary, ``missing`` for the others."""
        spread = np.full(self.size, missing)
        spread[self.present] = of_present
        return spread


def _player_groups(codes: np.ndarray, size: int) -> _Groups:
    """The :class:`_Groups` of rows whose players are ``codes`` (positions among ``size``)."""
    ordered = len(codes) < 2 or bool((codes[1:] >= codes[:-1]).all())
    # a stable sort of numbers of one or two bytes is a radix sort, in linear time
    order = None if ordered else np.argsort(codes.astype(np.uint8 if size <= 256 else np.uint16 if size <= 1 << 16
                                                         else np.intp), kind="stable")
    grouped = codes if order is None else codes[order]
    starts = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]]) if len(codes) else np.zeros(0, np.intp)
    groups = np.cumsum(np.r_[False, grouped[1:] != grouped[:-1]]) if len(codes) else np.zeros(0, np.intp)
    return _Groups(order, grouped[starts], starts, groups, size)


def _merged_yaku(name: str) -> str:
    return "翻牌" if name.startswith(("場風", "自風", "翻牌", "役牌")) else name


def _tally(groups: _Groups, players: np.ndarray, values: np.ndarray, labels: Sequence[str]) -> list[dict[str, int]]:
    """Per player of the summary, a ``{label: count}`` of items of its rows (``players``:
    each item's group, 0 to ``len(groups.present) - 1``; ``values``: its label's position
    in ``labels``; items in the rows' order), each item counting 1; most first, equal
    counts in the order first met (as ``Counter.most_common``)."""
    kinds = len(labels)
    pairs = players.astype(np.int64) * kinds + values
    unique, first, inverse = np.unique(pairs, return_index=True, return_inverse=True)
    counts = np.bincount(inverse, minlength=len(unique))
    ordered = np.lexsort((first, -counts, unique // kinds))  # by player, most first, then first met
    tallies: list[dict[str, int]] = [{} for _ in range(groups.size)]
    present = groups.present.tolist()
    for pair, count in zip(unique[ordered].tolist(), counts[ordered].tolist()):
        tallies[present[pair // kinds]][labels[pair % kinds]] = count
    return tallies


def _tally_column(rows: _Rows, groups: _Groups, name: str) -> list[dict[str, int]]:
    """:func:`_tally` of a column: of a category column (``draw_reason``), its values;
    of one of ``{name: count}`` (``yaku``), each name its count, 場風/自風/翻牌/役牌
    names merged as 翻牌 (:func:`_merged_yaku`); NA adds nothing."""
    values = rows[name]
    present = rows.notna(name)
    players = groups.groups[present]
    if name in rows.categories:
        return _tally(groups, players, values[present], rows.categories[name])
    # a dict per player, each {name: count} added in the rows' order (one loop: the dicts of
    # the rows lie apart in memory, which numpy would read through several times)
    of_players: list[dict[str, int]] = [{} for _ in range(len(groups.present))]
    for player, counter in zip(players.tolist(), values[present].tolist()):
        tally = of_players[player]
        for yaku, count in counter.items():
            tally[yaku] = tally.get(yaku, 0) + count
    tallies: list[dict[str, int]] = [{} for _ in range(groups.size)]
    for position, tally in zip(groups.present.tolist(), of_players):
        merged: dict[str, int] = {}
        for yaku, count in tally.items():
            yaku = _merged_yaku(yaku)
            merged[yaku] = merged.get(yaku, 0) + count
        tallies[position] = dict(sorted(merged.items(), key=_fewer))  # most first, equal counts as first met
    return tallies


def _fewer(item: tuple[str, int]) -> int:
    return -item[1]


def _aggregate(rows: _Rows, groups: _Groups, stats: list[Stat]) -> dict[str, np.ndarray | list[dict[str, int]]]:
    """The ``stats`` of one table, a column of one value per player of the summary each
    (:class:`_Groups`): each numerator and denominator summed (or the numerator's largest,
    or tallied) per player; a rate's cases and 95% interval after every stat."""
    sums: dict[str, np.ndarray] = {}
    known: dict[str, np.ndarray | None] = {}  # where a quantity is not NA; None: everywhere

    def key(term: Term) -> str:
        label = term if isinstance(term, str) else f"#{id(term)}"
        if label not in sums:
            sums[label] = groups.sums(_term(term, rows))
            column = term if isinstance(term, str) else getattr(term, "column", None)
            mask = None if column is None else rows.notna(column)
            known[label] = None if mask is None or mask.all() else mask
        return label

    def over_known(denominator: Term, numerator: str) -> np.ndarray:
        """The sums of the denominator over the rows where the numerator's column is known."""
        below = key(denominator)
        mask = known[numerator]
        if mask is None:
            return sums[below]
        label = f"{below} where {numerator}"
        if label not in sums:
            sums[label] = groups.sums(_term(denominator, rows) * mask)
        return sums[label]

    columns: dict[str, np.ndarray | list[dict[str, int]]] = {}
    intervals: dict[str, np.ndarray] = {}  # each rate's cases and 95% interval, after every stat
    for stat in stats:
        if stat.aggregate == "max":
            columns[stat.name] = groups.largest(_term(stat.numerator, rows).astype(float))
        elif stat.aggregate == "tally":
            assert isinstance(stat.numerator, str)  # a column
            columns[stat.name] = _tally_column(rows, groups, stat.numerator)
        elif stat.denominator is None:
            columns[stat.name] = sums[key(stat.numerator)].astype(int)
        else:
            numerator = sums[key(stat.numerator)]
            below = over_known(stat.denominator, key(stat.numerator))
            columns[stat.name] = np.divide(numerator, below, out=np.full(groups.size, math.nan), where=below > 0)
            if stat.is_rate:
                intervals[f"{stat.name}_cases"] = below.astype(int)
                intervals[f"{stat.name}_low"], intervals[f"{stat.name}_high"] = wilson_interval(numerator, below)
    return columns | intervals


def _names(table: ColumnTable) -> Coded:
    """Each row's name as a code, and the names of the codes (some perhaps held by no row)."""
    column = table.column("name")
    return column if isinstance(column, Coded) else coded(column.tolist())


def _kept(table: ColumnTable, names: Coded, player: str | int | None) -> np.ndarray | None:
    """The rows of ``table`` that belong to ``player`` (see :func:`summarize`); ``None``: every row."""
    if player is None:
        return None
    if isinstance(player, str):
        name = _name(player)
        return np.flatnonzero(names.codes == (names.values.index(name) if name in names.values else -2))
    return np.flatnonzero(table.column("player") == player)


def _made_columns(table: TableName, rows: _Rows, double_ron: DoubleRon) -> None:
    """The columns of ``table`` that its statistics read but the table does not hold."""
    made = rows.arrays
    if table == "rounds":
        made["one"] = np.ones(rows.size, dtype=np.int64)
        made["dealt"] = rows["deal_in" if double_ron == "once" else "deal_ins"]
        made["mangan"] = np.where(rows.notna("win_band"),
                                  rows.equals("win_band", "mangan") | rows.equals("win_band", "haneman"), math.nan)
    elif table == "games":
        rank = rows["rank"]
        made["finished"] = ~np.isnan(rank)
        made["stable_dan_gained"], made["stable_dan_lost"] = _tenhou_ranking(rows)
        made["finished_by_four"] = made["finished"] & (rows["players"] == 4)
        made["last"] = np.where(made["finished"], rank == rows["players"], math.nan)


def summarize_tables(tables: dict[TableName, ColumnTable], player: str | int | None = None,
               double_ron: DoubleRon = "once") -> PlayerSummary:
    """The summary of ``tables`` (``rounds``, ``games`` and perhaps ``turns``), or of their
    rows of ``player`` (see :func:`summarize`): every statistic per player of any table
    (their names sorted), in rows sorted by games, then rounds (most first), then name."""
    player = check_player(player)
    check_double_ron(double_ron)
    engine = "start_shanten" in tables["rounds"]
    chosen = [stat for stat in STATISTICS if engine or not stat.engine]
    names = {name: _names(table) for name, table in tables.items()}
    kept = {name: _kept(table, names[name], player) for name, table in tables.items()}
    codes = {name: names[name].codes if kept[name] is None else names[name].codes[kept[name]] for name in tables}
    players = sorted({name for table, coded in names.items()
                      for name in np.asarray(coded.values, dtype=object)[
                          np.bincount(codes[table][codes[table] >= 0], minlength=len(coded.values)) > 0].tolist()})
    position = {name: index for index, name in enumerate(players)}
    columns: dict[str, np.ndarray | list[dict[str, int]]] = {}
    for table_name, table in tables.items():
        of_codes = np.array([position.get(name, -1) for name in names[table_name].values] + [-1], dtype=np.intp)
        groups = _player_groups(of_codes[codes[table_name]], len(players))
        of_player = kept[table_name]
        order = groups.order if of_player is None else of_player if groups.order is None else of_player[groups.order]
        rows = _Rows(table, order)
        _made_columns(table_name, rows, double_ron)
        columns.update(_aggregate(rows, groups, [stat for stat in chosen if stat.table == table_name]))
    order = np.lexsort((np.arange(len(players)), -np.asarray(columns["rounds"]), -np.asarray(columns["games"])))
    ordered = order.tolist()
    return PlayerSummary([players[row] for row in ordered], {
        column: [values[row] for row in ordered] if isinstance(values, list) else values[order]
        for column in [stat.name for stat in chosen] + interval_columns(chosen) for values in (columns[column],)})


def summarize(source: GameSource, player: str | int | None = None, double_ron: DoubleRon = "once",
              engine: bool = False) -> PlayerSummary:
    """The per-player summary of the games of ``source`` (what :func:`paipu.stats.summary`
    gives as a DataFrame, without pandas): one walk over the games, its facts summarised.
    ``player`` keeps one player, by name or by player index (the rows of whoever sat at
    that index, still one row per name); ``double_ron`` and ``engine`` as
    :func:`paipu.stats.summary`'s."""
    check_player(player)  # before the walk over the games
    check_double_ron(double_ron)
    return fact_tables(source, engine, summarised=True).summary(player, double_ron)


def fact_tables(source: GameSource, engine: bool = False, summarised: bool = False) -> FactTables:
    """The tables of facts of the games of ``source`` (see :func:`paipu.stats.tables`);
    ``summarised``: with ``engine``, the turns table only as far as a summary reads it."""
    made: FactTables = walk(source, FactCollector(engine, not summarised or _EVERY_TURN_SUMMARISED))
    return made


@dataclass(frozen=True)
class PlayerSummary:
    """The per-player summary (``docs/stats.md``): ``players``, their names in the
    summary's order (by games, then rounds, most first, then name), and ``columns``: every
    statistic (:data:`STATS`), then each rate's cases and interval
    (:func:`interval_columns`), each with one value per player (a tally a list of dicts)."""

    players: list[str]
    columns: dict[str, np.ndarray | list[dict[str, int]]]

    @property
    def empty(self) -> bool:
        """Whether the summary has no player."""
        return not self.players

    def records(self) -> list[dict[str, Any]]:
        """One record per player: ``player`` (the name), then every column, NaN as ``None``."""
        lists = [(name, values if isinstance(values, list) else
                  [None if value != value else value for value in values.tolist()] if values.dtype.kind == "f"
                  else values.tolist()) for name, values in self.columns.items()]
        return [{"player": player, **{name: values[row] for name, values in lists}}
                for row, player in enumerate(self.players)]

    def format(self, format: Literal["table", "csv", "json"] = "table") -> str:
        """The summary as text (see :func:`format_records`)."""
        return format_records(self.records(), ["player"], list(self.columns), format)

    def _repr_html_(self) -> str:
        """The table :meth:`format` prints, as an HTML table (for Jupyter)."""
        return _html_table(self.records(), ["player"])


def interval_columns(chosen: Iterable[Stat] = STATISTICS) -> list[str]:
    """The columns a summary has after its statistics: for each rate (:attr:`Stat.is_rate`)
    of ``chosen``, ``<rate>_cases`` (its denominator: the rounds, games, wins... it is a
    share of), ``<rate>_low`` and ``<rate>_high`` (its 95% Wilson interval,
    :func:`wilson_interval`; NaN without cases)."""
    return [f"{stat.name}_{part}" for stat in chosen if stat.is_rate for part in ("cases", "low", "high")]


# -- presentation ----------------------------------------------------------------------

_TALLIES = tuple(stat.name for stat in STATISTICS if stat.kind == "tally")

_SEED = (
    ("games", "games", "{:,.0f}"),
    ("rounds", "rounds", "{:,.0f}"),
    ("1st", "rank_1", "rate"),
    ("2nd", "rank_2", "rate"),
    ("3rd", "rank_3", "rate"),
    ("4th", "rank_4", "rate"),
    ("avg rank", "avg_rank", "{:.2f}"),
    ("win", "win_rate", "rate"),
    ("deal-in", "deal_in_rate", "rate"),
    ("riichi", "riichi_rate", "rate"),
    ("call", "call_rate", "rate"),
    ("avg win", "avg_win", "{:,.0f}"),
)
"""The table ``paipu stats`` prints (``docs/stats.md``): (header, stat, format); rates print as ``.191``."""


def cell_text(value: float, style: str) -> str:
    """A number as the text tables print it in ``style``: ``"rate"`` as ``.191``, else a
    format (``"{:,.0f}"``); ``-`` for none (NaN)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if style == "rate":
        return f"{value:.3f}".removeprefix("0")
    return style.format(value)


def _few(record: dict[str, Any], stat: str, style: str) -> str:
    """``*`` after a rate of the table from fewer than :data:`MIN_CASES` cases, else ``""``."""
    cases = record.get(f"{stat}_cases")
    return "*" if style == "rate" and cases is not None and 0 < cases < MIN_CASES else ""


def _lines(records: list[dict[str, Any]], keys: list[str]) -> list[list[str]]:
    """The table ``paipu stats`` prints (:data:`_SEED`) as cells: a header, then a line per record."""
    return [[*keys, *(title for title, _, _ in _SEED)]] + [
        [*(record[key] for key in keys),
         *(cell_text(record[stat], style) + _few(record, stat, style) for _, stat, style in _SEED)]
        for record in records
    ]


def _few_note(lines: list[list[str]]) -> list[str]:
    """The note under a table that marks a rate from few cases, if one does."""
    few = any(cell.endswith("*") for line in lines for cell in line[1:])
    return [f"* from fewer than {MIN_CASES} cases"] if few else []


def _html_table(records: list[dict[str, Any]], keys: list[str]) -> str:
    """The table ``paipu stats`` prints as HTML, the names escaped."""
    header, *body = _lines(records, keys)
    cells = [f"<tr>{''.join(f'<th>{html.escape(str(cell))}</th>' for cell in header)}</tr>"] + [
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in line) + "</tr>" for line in body]
    return f"<table>{''.join(cells)}</table>" + "".join(f"<p>{note}</p>" for note in _few_note(body))


def format_records(records: list[dict[str, Any]], keys: list[str], columns: list[str],
                   format: Literal["table", "csv", "json"] = "table") -> str:
    """A summary's records (``keys``, the columns naming a row: ``player``, after a group's
    if by one; then ``columns``, every statistic) as text.

    ``"table"``: the table of ``docs/stats.md`` ("What paipu stats prints"), one line per player (games, rounds, rank
    shares, average rank, win, deal-in, riichi and call rates, average win); ``"csv"``:
    every stat, ``player`` first, ``yaku_counts`` and ``draw_reasons`` as JSON text, a text
    that a spreadsheet would run as a formula (a name ``=1+2``, ``-3``, ``@SUM(A1)``) with
    ``'`` before it (``'=1+2``: shown, not run);
    ``"json"``: a list with one object per player, ``player`` (the name) and every stat
    under its name, rates as fractions, NaN as ``null``. CSV and JSON of three-player
    games only leave ``rank_4`` out (no player has a four-player game).
    """
    if format not in ("table", "csv", "json"):
        raise ValueError(f"format must be 'table', 'csv' or 'json', not {format!r}")
    if format != "table" and all(record["rank_4"] is None for record in records) and any(
            record["rank_1"] is not None for record in records):
        left_out = {column for column in columns if column == "rank_4" or column.startswith("rank_4_")}
        columns = [column for column in columns if column not in left_out]
        records = [{key: value for key, value in record.items() if key not in left_out} for record in records]
    if format == "json":
        return json.dumps(records, ensure_ascii=False, indent=1) + "\n"
    if format == "csv":
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow([*keys, *columns])
        for record in records:
            writer.writerow([spreadsheet_safe(json.dumps(record[column], ensure_ascii=False) if column in _TALLIES
                                              else record[column]) for column in [*keys, *columns]])
        return text.getvalue()
    lines = _lines(records, keys)
    widths = [max(display_width(line[column]) for line in lines) for column in range(len(lines[0]))]
    named = len(keys)

    def layout(line: list[str]) -> str:
        names = [text + " " * (width - display_width(text)) for text, width in zip(line[:named], widths)]
        return "  ".join([*names, *(cell.rjust(width) for cell, width in zip(line[named:], widths[named:]))])

    return "\n".join([*(layout(line) for line in lines), *_few_note(lines)]) + "\n"
