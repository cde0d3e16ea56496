"""Player statistics: tidy tables of facts read from the games, and their summary.

Every number follows the definitions of ``docs/stats.md`` (Tenhou-analysis
tradition, as 電脳麻将's analysis tool majiang-analog counts them). In short:

* A **game** is one paipu; a **round** (局) one deal up to its win(s) or draw, repeats
  (本場) and abortive draws included. Players are identified **by name** across games,
  the name being the logged one with anything after a newline removed (電脳麻将 and
  Tenhou titles write ``"name\\n(rank)"``).
* Game-level stats are over the games the player finished (the log has final ``rank``,
  ``defen`` and ``point``); round-level stats over the rounds the player sat in that end
  with a win or a draw. A truncated log thus adds its finished rounds and nothing else.

Each column of a table is declared once, as a :class:`Fact` (name, type, definition), and
each statistic once, as a :class:`Stat` (name, definition, numerator and denominator over
a table): :data:`FACTS` and :data:`STATISTICS`. Adding a statistic is one declaration.

The declarations, the walk that reads the facts and the summary itself are in
:mod:`paipu.statistics` (numpy alone); this module gives them as pandas DataFrames.
One pass makes the tables: the **event walk** (:func:`paipu.observe.walk`) reads the
logged events, at the speed of loading. The engine-aware facts, those of the hands
between the deal and the end (shanten, waits, furiten), come with ``engine=True``: the
walk then also follows every hand tile by tile, as the rules engine's table does, and
fills the turns table (one row per discard, with the hand's shanten); the summary of them
costs no more than a replay of the games (``benchmarks/bench_stats.py --engine``).

>>> import paipu.stats
>>> paipu.stats.summary("logs/", player="AI-A")          # doctest: +SKIP
>>> paipu.stats.tables("logs/", engine=True).summary()   # doctest: +SKIP
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import pandas as pd

from .events import player_name
from .limits import encodable
from .loader import GameSource
from .observe import walk
from .facts import EXHAUSTIVE_DRAWS, TENHOU_FIRST_SECOND, TENHOU_LAST_PER_DAN, VALUE_BANDS, tenhou_rank_points
from .statistics import (FACTS, GAME_COLUMNS, MIN_CASES, RATE_COLUMNS, ROUND_COLUMNS, STATISTICS, STATS, TURN_BANDS,
                         TURN_COLUMNS, Coded, Column, ColumnTable, DoubleRon, Fact, FactCollector, FactTable, FactTables,
                         PlayerSummary, Stat, TableName, check_double_ron, check_player, coded, fact_tables, facts_of,
                         format_records, interval_columns, summarize, summarize_tables, wilson_interval)

__all__ = [
    "Fact",
    "Stat",
    "Tables",
    "tables",
    "rounds",
    "games",
    "summary",
    "summary_tables",
    "of_player",
    "format_summary",
    "FACTS",
    "STATISTICS",
    "ROUND_COLUMNS",
    "GAME_COLUMNS",
    "TURN_COLUMNS",
    "STATS",
    "RATE_COLUMNS",
    "BY",
    "wilson_interval",
    "interval_columns",
    "MIN_CASES",
    "EXHAUSTIVE_DRAWS",
    "VALUE_BANDS",
    "TURN_BANDS",
    "TENHOU_FIRST_SECOND",
    "TENHOU_LAST_PER_DAN",
    "tenhou_rank_points",
    "DoubleRon",
]


By = Literal["month", "year", "room", "length", "dan", "platform"]
BY: tuple[str, ...] = ("month", "year", "room", "length", "dan", "platform")
"""What ``summary(..., by=...)`` groups games by: the month (``2024-01``) or year of
their date, their room, length, the player's rank (``dan``) in that game, or platform
(columns of :data:`GAME_COLUMNS`). Games without the value are in no group."""


def _groups(games_table: pd.DataFrame, by: str) -> pd.Series:
    """Each row's group under ``by`` (:data:`BY`), NA where the game has no value."""
    if by in ("month", "year"):
        dates = games_table["date"]
        return dates.dt.strftime("%Y-%m" if by == "month" else "%Y").where(dates.notna())
    values = games_table[by].astype(object)
    return values.where(values != "")


def _pairs(table: pd.DataFrame) -> pd.MultiIndex:
    """The (game, player name) of each row of a table."""
    return pd.MultiIndex.from_arrays([table["game"], table["name"].astype(object)])


@dataclass(frozen=True)
class Tables:
    """The tidy tables of one pass over some games (see :func:`tables`).

    ``rounds``: one row per game, round and seat (:data:`ROUND_COLUMNS`, the ``engine``
    facts only with ``engine=True``); ``games``: one row per game and player
    (:data:`GAME_COLUMNS`); ``turns``: one row per discard (:data:`TURN_COLUMNS`), only
    with ``engine=True`` (``None`` otherwise).
    """

    rounds: pd.DataFrame
    games: pd.DataFrame
    turns: pd.DataFrame | None = None

    def summary(self, player: str | int | None = None, double_ron: DoubleRon = "once", by: By | None = None,
                since: datetime.date | None = None, until: datetime.date | None = None,
                last: int | None = None) -> pd.DataFrame:
        """The per-player summary of these tables; see :func:`summary`."""
        chosen = self.select(since, until, last) if (since, until, last) != (None, None, None) else self
        if by is not None:
            return chosen._summary_by(player, double_ron, by)
        tables_: dict[TableName, ColumnTable] = {"games": _FrameColumns(chosen.games),
                                                 "rounds": _FrameColumns(chosen.rounds)}
        if chosen.turns is not None:
            tables_["turns"] = _FrameColumns(chosen.turns)
        return _summary_frame(summarize_tables(tables_, player, double_ron))

    def select(self, since: datetime.date | None = None, until: datetime.date | None = None,
               last: int | None = None) -> "Tables":
        """The rows of the games played from ``since`` to ``until`` (both days included;
        a game of unknown date is in only when neither is given), and of those, each
        player's rows of their ``last`` games (by date, then in the order read)."""
        games_table = self.games
        dates = games_table["date"]
        keep = pd.Series(True, index=games_table.index)
        if since is not None:
            keep &= dates >= pd.Timestamp(since)
        if until is not None:
            keep &= dates < pd.Timestamp(until) + pd.Timedelta(days=1)
        games_table = games_table[keep]
        if last is not None:
            if last < 1:
                raise ValueError(f"last must be 1 or more games, not {last!r}")
            ordered = games_table.assign(_day=dates[keep].fillna(pd.Timestamp.min)).sort_values(
                ["_day", "game"], kind="stable")
            games_table = ordered.groupby("name", observed=True, sort=False).tail(last).drop(columns="_day")
            games_table = games_table.sort_index()
        return self._of(games_table)

    def _of(self, games_table: pd.DataFrame) -> "Tables":
        """These tables' rows of the (game, player name) pairs of some rows of ``games``."""
        pairs = _pairs(games_table)

        def kept(table: pd.DataFrame) -> pd.DataFrame:
            return table[_pairs(table).isin(pairs)]

        return Tables(kept(self.rounds), games_table, None if self.turns is None else kept(self.turns))

    def _summary_by(self, player: str | int | None, double_ron: DoubleRon, by: By) -> pd.DataFrame:
        """:meth:`summary` of each group of games (:data:`BY`), one row per group and player,
        indexed by (group, player); groups in order."""
        if by not in BY:
            raise ValueError(f"by must be one of {', '.join(BY)}, not {by!r}")
        groups = _groups(self.games, by)
        parts = {}
        for group in sorted(groups.dropna().unique()):
            parts[group] = self._of(self.games[(groups == group).to_numpy()]).summary(player, double_ron)
        if not parts:
            empty = Tables(self.rounds[:0], self.games[:0], None if self.turns is None else self.turns[:0])
            return empty.summary(player, double_ron).set_index(pd.Index([], name=by), append=True).swaplevel()
        return pd.concat(parts, names=[by, "player"])


def tables(source: GameSource, engine: bool = False) -> Tables:
    """Read the games of ``source`` once into :class:`Tables`: the rounds table and the
    games table. Rounds the log stops in the middle of are left out of ``rounds``; a game
    without final results has NA rank, score and point in ``games``.

    ``engine=True`` adds the engine-aware facts, those of the hands between the deal and
    the end: the ``engine`` columns of :data:`ROUND_COLUMNS`, and the turns table (one row
    per discard, with the shanten of the hand after it). Each hand is followed tile by
    tile from the deal through the draws, discards, calls, kans and Norths set aside, on
    the same walk: the tiles the rules engine's table would hold, without its checks
    (:func:`paipu.validate` reports those), which would tell these facts no better and
    cost more than they do. A hand the events do not fit (a tile given away that it does
    not hold) has NA facts from there on; a deal with a hand that cannot be played (which
    the replay refuses) has no starting shanten. Every round of the log is read, those the
    replay would pass over too (after the game's end; a game of another number of
    players than its rule's)."""
    made: FactTables = walk(source, FactCollector(engine))
    return _tables_of(made)


def rounds(games: GameSource) -> pd.DataFrame:
    """One row per game, round and seat with the player's facts of the round.

    The columns and their definitions are :data:`ROUND_COLUMNS` but the ``engine`` ones:
    identifiers (source, round index and label, seat, player index and name, dealer and
    dealer run), riichi, its turn and order, calls, the win (type, value, net, turn, dama,
    一発, 裏ドラ, yaku), the deal-in, its amount and both players' states, another's tsumo,
    exhaustive or abortive draw, tenpai at an exhaustive draw, the score change. Only
    finished rounds are listed. Everything is read from the logged events.
    """
    return tables(games).rounds


def games(games: GameSource) -> pd.DataFrame:
    """One row per game and player: rank, final score and point (:data:`GAME_COLUMNS`),
    as logged (NA for a game whose log has no final results)."""
    return tables(games).games


def of_player(table: pd.DataFrame, player: str | int | None) -> pd.DataFrame:
    """The rows of a :func:`rounds`, :func:`games` or turns table that belong to
    ``player``: by name (exact match on the name with anything after a newline removed)
    or, given an int, by player index in each game. ``None`` selects every row."""
    if player is None:
        return table
    player = check_player(player)
    if type(player) is str:
        return table[table["name"] == player_name(player)]
    return table[table["player"] == player]


def summary(games: GameSource, player: str | int | None = None, double_ron: DoubleRon = "once",
            engine: bool = False, by: By | None = None, since: datetime.date | None = None,
            until: datetime.date | None = None, last: int | None = None) -> pd.DataFrame:
    """One row per player (indexed by name) with every stat of ``docs/stats.md`` (:data:`STATS`).

    ``player`` keeps one player, by name or by player index (the rows of whoever sat at
    that index, still one row per name). ``double_ron="once"`` (default, Tenhou
    tradition and majiang-analog) counts a double ron as one deal-in for the discarder
    with both payments summed; ``"each"`` (Mortal, mjai) counts one deal-in per winner,
    which changes every statistic over deal-ins (``deal_in_rate``, ``riichi_deal_in``,
    ``avg_deal_in``, then the mean per winner's payment, ...).

    Rows are sorted by games, then rounds (most first), then name. ``engine=True`` adds
    the statistics marked ``engine``: those of the hands (see :func:`tables`).

    ``since`` and ``until`` keep the games played on those days and between
    (:meth:`Tables.select`), ``last`` each player's last ``last`` of them; ``by`` (one of
    :data:`BY`) makes one summary per group of games, indexed by (group, player).
    """
    check_player(player)  # before the pass over the games
    check_double_ron(double_ron)
    if (by, since, until, last) == (None, None, None, None):  # summarised as read, no DataFrame of the tables
        return _summary_frame(summarize(games, player, double_ron, engine))
    return summary_tables(games, engine).summary(player, double_ron, by, since, until, last)


def summary_tables(source: GameSource, engine: bool = False) -> Tables:
    """:func:`tables` as far as :func:`summary` reads them: with ``engine=True``, the
    turns table holds only the turns a summary reads (``paipu stats --jobs``' workers)."""
    return _tables_of(fact_tables(source, engine, summarised=True))


# -- the tables as DataFrames ----------------------------------------------------------


def _tables_of(made: FactTables) -> Tables:
    return Tables(_frame(made.rounds), _frame(made.games), None if made.turns is None else _frame(made.turns))


def _frame(table: FactTable) -> pd.DataFrame:
    """The DataFrame of a table of facts, each column of its fact's dtype."""
    dtypes = {fact.name: fact.dtype for fact in facts_of(table.name)}
    return pd.DataFrame({name: _array(column, dtypes[name]) for name, column in table.columns.items()}, copy=False)


def _array(column: Column, dtype: str) -> np.ndarray | pd.api.extensions.ExtensionArray:
    """A column of a :class:`~paipu.statistics.FactTable` as an array of pandas' ``dtype``."""
    if isinstance(column, Coded):
        try:
            return _categorical(column)
        except UnicodeEncodeError:  # a text UTF-8 cannot hold: a file name that is not UTF-8
            texts = coded([encodable(value) if type(value) is str else value for value in column.values])
            return _categorical(Coded(np.append(texts.codes, np.int32(-1))[column.codes], texts.values))
    if dtype in ("Int64", "boolean", "Float64"):
        missing = np.isnan(column)
        if dtype == "Int64":
            return pd.arrays.IntegerArray(np.where(missing, 0.0, column).astype(np.int64), missing)
        if dtype == "boolean":
            return pd.arrays.BooleanArray(column == 1.0, missing)
        return pd.arrays.FloatingArray(np.where(missing, 0.0, column), missing)
    return column


def _categorical(column: Coded) -> pd.Categorical:
    """A :class:`~paipu.statistics.Coded` column as ``pd.Categorical`` of its values
    sorted, as ``pd.Categorical(values)`` makes them."""
    order = sorted(range(len(column.values)), key=column.values.__getitem__)
    rank = np.empty(len(order) + 1, dtype=np.int32)
    rank[order] = np.arange(len(order), dtype=np.int32)
    rank[-1] = -1  # NA, read at -1
    categories = pd.Index([column.values[position] for position in order])
    return pd.Categorical.from_codes(rank[column.codes], dtype=pd.CategoricalDtype(categories))


class _FrameColumns:
    """A DataFrame as a summary reads it (:class:`~paipu.statistics.ColumnTable`): a
    category column, or one of text, as :class:`~paipu.statistics.Coded`; a bool, int64 or
    datetime64 column as it is, one of objects with ``None`` for NA; an Int64, boolean or
    Float64 one as float64, NA as NaN."""

    def __init__(self, frame: pd.DataFrame) -> None:
        self.frame = frame
        self.size = len(frame)

    def __contains__(self, name: object) -> bool:
        return name in self.frame

    def column(self, name: str) -> Column:
        """The column ``name``."""
        column = self.frame[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            return Coded(column.cat.codes.to_numpy(), column.cat.categories.tolist())
        if isinstance(column.dtype, pd.StringDtype):  # text not made a category: coded here
            codes, values = pd.factorize(column)
            return Coded(codes, list(values))
        if column.dtype == object:
            array: np.ndarray = column.to_numpy()
            missing = pd.isna(array)
            if missing.any():
                array = array.copy()
                array[missing] = None
            return array
        array = column.to_numpy() if isinstance(column.dtype, np.dtype) else column.to_numpy(float, na_value=math.nan)
        return array


def _summary_frame(made: PlayerSummary) -> pd.DataFrame:
    """A :class:`~paipu.statistics.PlayerSummary` as a DataFrame indexed by player."""
    return pd.DataFrame(made.columns, index=pd.Index(made.players, name="player"))


# -- presentation ----------------------------------------------------------------------


def _keys(summary_table: pd.DataFrame) -> list[str]:
    """The columns that name a row of a summary: ``player``, after the group's if by one."""
    return [summary_table.index.names[0], "player"] if summary_table.index.nlevels == 2 else ["player"]


def _records(summary_table: pd.DataFrame) -> list[dict[str, Any]]:
    """One record per row: the group (a summary ``by`` something) and the player, then
    every statistic."""
    records = []
    grouped = summary_table.index.nlevels == 2
    for key, row in summary_table.iterrows():
        record: dict[str, Any] = ({summary_table.index.names[0]: key[0], "player": key[1]} if grouped
                                  else {"player": key})
        for stat, value in row.items():
            if isinstance(value, dict):
                record[stat] = value
            elif isinstance(value, float) and math.isnan(value):
                record[stat] = None
            else:
                record[stat] = value.item() if hasattr(value, "item") else value
        records.append(record)
    return records



def format_summary(summary_table: pd.DataFrame, format: Literal["table", "csv", "json"] = "table") -> str:
    """A :func:`summary` as text (see :func:`paipu.statistics.format_records`)."""
    return format_records(_records(summary_table), _keys(summary_table), list(summary_table.columns), format)
