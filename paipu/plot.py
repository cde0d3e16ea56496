"""Plots of player statistics, drawn with matplotlib from the tables of :mod:`paipu.stats`.

Each function takes a table of :mod:`paipu.stats` or :mod:`paipu.defence` (filter it
as you like), draws on ``ax`` (a new figure when ``None``) and returns the Axes. A ``player`` is selected as in :func:`paipu.stats.of_player`: by name or by player
index. Nothing here needs a display: under the Agg backend the figures save to PNG.

>>> tables = paipu.stats.tables("logs/")                          # doctest: +SKIP
>>> paipu.plot.rate_profile(tables.rounds, "AI-A").figure.savefig("rates.png")  # doctest: +SKIP
"""

from __future__ import annotations

import math
import os
from typing import Any

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator, PercentFormatter, StrMethodFormatter

from .stats import RATE_COLUMNS, STATS, Tables, of_player

__all__ = ["push_by", "push_by_shanten", "trend", "rating", "cjk_fonts", "CJK_FAMILIES", "rank_distribution", "rate_profile", "score_changes", "rates_by_turn", "profile", "deal_in_by_danger",
           "shanten_by_turn", "PROFILE"]

_RANKS = ("1st", "2nd", "3rd", "4th")

CJK_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "Source Han Sans JP",
                "Hiragino Sans", "Yu Gothic", "Meiryo", "MS Gothic")
"""Font families with kana and kanji, most preferred first: Debian's ``fonts-noto-cjk``
and ``fonts-ipaexfont-gothic`` (which the project's CI installs), then those of macOS and
Windows. Players' names are mostly Japanese; matplotlib's default font has neither."""


_DEBIAN_CJK_FILES = ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                     "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
                     "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf")
"""Where Debian's packages put the CJK fonts: added to matplotlib's list when its cache
was made before they were installed (matplotlib does not look again)."""


def cjk_fonts() -> list[str]:
    """The :data:`CJK_FAMILIES` installed on this machine (as matplotlib finds them, or
    at :data:`_DEBIAN_CJK_FILES`), in order of preference."""
    installed = {font.name for font in font_manager.fontManager.ttflist}
    if not installed.intersection(CJK_FAMILIES):
        for path in _DEBIAN_CJK_FILES:
            if os.path.exists(path):
                font_manager.fontManager.addfont(path)
        installed = {font.name for font in font_manager.fontManager.ttflist}
    return [family for family in CJK_FAMILIES if family in installed]


def _use_cjk_fonts() -> None:
    """Make matplotlib fall back on a CJK font for the glyphs the sans-serif font lacks:
    the installed :data:`CJK_FAMILIES` after the configured ``font.family`` (Latin text
    keeps its font; matplotlib 3.6+ takes each glyph from the first family of
    ``font.family`` whose font has it). Done once, when this module is imported; nothing when none is installed."""
    found = [family for family in cjk_fonts() if family not in matplotlib.rcParams["font.family"]]
    if found:
        matplotlib.rcParams["font.family"] = [*matplotlib.rcParams["font.family"], *found]


_use_cjk_fonts()


def _axes(ax: Axes | None) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 4.0), layout="constrained")
    return ax


def _error_bars(values: Any, low: Any, high: Any) -> list[np.ndarray]:
    """Error bars from ``values`` down to ``low`` and up to ``high`` (an interval's ends),
    as matplotlib takes them: never below 0, which it refuses (a rounding error of an
    interval's end computed apart from its value could give one); NaN (no interval) as no bar."""
    values = np.asarray(values, dtype=float)
    return [np.nan_to_num(np.clip(values - np.asarray(low, dtype=float), 0, None)),
            np.nan_to_num(np.clip(np.asarray(high, dtype=float) - values, 0, None))]


def _who(player: str | int | None) -> str:
    if player is None:
        return "all players"
    return f"player #{player}" if isinstance(player, int) else player


def _rate_label(value: float) -> str:
    return f"{value:.3f}".removeprefix("0")


def rank_distribution(games: pd.DataFrame, player: str | int | None = None, ax: Axes | None = None) -> Axes:
    """Bars of the share of games finished 1st to 4th (``rank_1`` .. ``rank_4``), one
    group of bars per player name in the selection (all names when ``player`` is
    ``None``; filter the table first when it holds many players). Games without final
    results are left out."""
    ax = _axes(ax)
    finished = of_player(games, player).dropna(subset=["rank"])
    shares = (finished.groupby("name")["rank"].value_counts(normalize=True)
              .unstack(fill_value=0.0).reindex(columns=range(1, 5), fill_value=0.0))
    counts = finished.groupby("name").size()
    width = 0.8 / max(len(shares), 1)
    for number, (name, row) in enumerate(shares.iterrows()):
        positions = [rank - 0.4 + width * (number + 0.5) for rank in range(1, 5)]
        bars = ax.bar(positions, row.to_numpy(), width, label=f"{name} ({counts[name]:,} games)")
        ax.bar_label(bars, labels=[_rate_label(v) for v in row], fontsize=8)
    ax.set_xticks(range(1, 5), _RANKS)
    ax.set_xlabel("final rank")
    ax.set_ylabel("share of games")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.margins(y=0.3)
    ax.set_title(f"Rank distribution: {_who(player)}")
    ax.legend(fontsize=8, loc="upper center", ncols=min(len(shares), 2) or 1)
    return ax


def rate_profile(rounds: pd.DataFrame, player: str | int, ax: Axes | None = None) -> Axes:
    """The player's win, deal-in, riichi and call rates (:data:`paipu.stats.RATE_COLUMNS`,
    shares of the player's rounds; a double ron is one deal-in) beside the same rates of
    every other player-round in the table."""
    ax = _axes(ax)
    rounds = rounds.reset_index(drop=True)
    mine = rounds.index.isin(of_player(rounds, player).index)
    groups = {_who(player): rounds[mine], "rest of the games": rounds[~mine]}
    labels = [stat.removesuffix("_rate").replace("_", "-") for stat in RATE_COLUMNS]
    for number, (name, rows) in enumerate(groups.items()):
        rates = [rows[column].mean() if len(rows) else math.nan for column in RATE_COLUMNS.values()]
        positions = [index - 0.2 + 0.4 * number for index in range(len(labels))]
        bars = ax.bar(positions, rates, 0.4, label=f"{name} ({len(rows):,} rounds)")
        ax.bar_label(bars, labels=[_rate_label(rate) for rate in rates], fontsize=8)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlabel("rate per round (a double ron is one deal-in)")
    ax.set_ylabel("share of rounds")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.margins(y=0.15)
    ax.set_title(f"Rate profile: {_who(player)} against the rest")
    ax.legend(fontsize=8)
    return ax


def score_changes(rounds: pd.DataFrame, player: str | int | None = None, ax: Axes | None = None,
                  bin_width: int = 1000) -> Axes:
    """Histogram of the score change over each round (``score_change``: payments minus
    the riichi deposit), in bins of ``bin_width`` points centred on multiples of it; the
    dashed line is the mean."""
    ax = _axes(ax)
    changes = of_player(rounds, player)["score_change"].dropna()  # NA: payments not logged
    if len(changes):
        low = math.floor(changes.min() / bin_width - 0.5)
        high = math.ceil(changes.max() / bin_width + 0.5)
        ax.hist(changes, bins=[(edge + 0.5) * bin_width for edge in range(low, high)], color="tab:blue")
        mean = changes.mean()
        ax.axvline(mean, color="black", linestyle="--", linewidth=1, label=f"mean {mean:+,.0f}")
        ax.legend(fontsize=8)
    ax.set_xlabel("score change over the round (points)")
    ax.xaxis.set_major_formatter(StrMethodFormatter("{x:+,.0f}"))
    ax.set_ylabel("rounds")
    ax.set_title(f"Score change per round: {_who(player)} ({len(changes):,} rounds)")
    return ax


def rates_by_turn(rounds: pd.DataFrame, player: str | int | None = None, ax: Axes | None = None) -> Axes:
    """Share of the player's rounds with riichi declared, and with a win, by each turn
    (a turn being the player's own discards before the event plus 1: ``riichi_turn``,
    ``win_turn``). The curves are cumulative: at the last turn they reach the riichi and
    win rates."""
    ax = _axes(ax)
    rows = of_player(rounds, player)
    for column, label in (("riichi_turn", "riichi declared"), ("win_turn", "won")):
        turns = rows[column].dropna()
        if len(turns):
            counts = turns.value_counts().sort_index().reindex(range(1, int(turns.max()) + 1), fill_value=0)
            ax.plot(counts.index, counts.cumsum() / len(rows), marker="o", markersize=3, label=label)
    ax.set_xlabel("turn (own discards before the event + 1)")
    ax.set_ylabel("share of rounds, by that turn")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_title(f"Riichi and win rate by turn: {_who(player)} ({len(rows):,} rounds)")
    ax.legend(fontsize=8)
    return ax


PROFILE: tuple[str, ...] = (
    "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "tsumo_rate", "dama_rate", "tenpai_at_draw",
    "riichi_first_rate", "riichi_chased_rate", "riichi_win", "call_win", "tsumo_against_rate",
    "facing_riichi_win", "facing_riichi_deal_in",
)
"""The rates :func:`profile` shows by default (each a share, definitions in :data:`paipu.stats.STATS`)."""


def profile(tables: Tables, player: str, statistics: tuple[str, ...] = PROFILE, ax: Axes | None = None) -> Axes:
    """A player's profile against the field: for each of ``statistics`` (shares, see
    :data:`paipu.stats.STATS`), the player's value beside the field's, the field being
    every player-round of ``tables`` pooled (the player included), each with its 95%
    Wilson interval as an error bar (``docs/stats.md``, Intervals)."""
    unknown = [stat for stat in statistics if stat not in STATS]
    if unknown:
        raise ValueError(f"not statistics of paipu.stats: {', '.join(unknown)}")
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 6.4), layout="constrained")
    field = Tables(tables.rounds.assign(name="the field"), tables.games.assign(name="the field"),
                   None if tables.turns is None else tables.turns.assign(name="the field"))
    rows = {player: tables.summary(player).iloc[0], "the field": field.summary().iloc[0]}
    positions = range(len(statistics))
    for number, (name, row) in enumerate(rows.items()):
        values = [row[stat] for stat in statistics]
        # a statistic that is not a share has no interval: no bar
        errors = _error_bars(values, [row.get(f"{stat}_low", value) for stat, value in zip(statistics, values)],
                             [row.get(f"{stat}_high", value) for stat, value in zip(statistics, values)])
        bars = ax.barh([index - 0.2 + 0.4 * number for index in positions], values, 0.4, xerr=errors,
                       error_kw={"elinewidth": 0.8, "capsize": 2}, label=f"{name} ({row['rounds']:,} rounds)")
        ax.bar_label(bars, labels=[_rate_label(value) for value in values], fontsize=7, padding=2)
    ax.set_yticks(list(positions), [stat.replace("_", " ") for stat in statistics])
    ax.invert_yaxis()
    ax.set_xlabel("share (definitions: paipu.stats.STATS)")
    ax.set_ylabel("statistic")
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.margins(x=0.15)
    ax.set_title(f"Profile: {player} against the field")
    ax.legend(fontsize=8, loc="lower right")
    return ax


def deal_in_by_danger(table: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Deal-in rate per danger class (a :func:`paipu.defence.danger_table`: bars, with the
    number of discards under each) beside the seed's danger value of the class (dots, right
    axis)."""
    ax = _axes(ax)
    labels = [" ".join(map(str, key)) if isinstance(key, tuple) else str(key) for key in table.index]
    positions = range(len(labels))
    bars = ax.bar(positions, table["rate"].to_numpy(), 0.7, color="tab:red", label="deal-in rate (measured)")
    ax.bar_label(bars, labels=[f"{count:,}" for count in table["discards"]], fontsize=6, rotation=90, padding=2)
    ax.set_xticks(list(positions), labels, rotation=60, ha="right", fontsize=7)
    ax.set_xlabel("danger class against the riichi player (seed: betaori-algorithm)")
    ax.set_ylabel("deal-ins / discards in the class")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.margins(y=0.2)
    seed = ax.twinx()
    seed.plot(list(positions), table["value"].to_numpy(), "o", color="black", markersize=4, label="seed's value")
    seed.set_ylabel("seed's danger value")
    seed.set_ylim(0, max(13, float(table["value"].max()) + 1) if len(table) else 13)
    ax.set_title(f"Deal-in by danger class ({int(table['discards'].sum()):,} discards rated against a riichi)")
    handles = ax.get_legend_handles_labels()[0] + seed.get_legend_handles_labels()[0]
    ax.legend(handles=handles, fontsize=8, loc="upper left")
    return ax


def shanten_by_turn(turns: pd.DataFrame, player: str | int | None = None, ax: Axes | None = None,
                    last_turn: int = 18) -> Axes:
    """Mean shanten of the hand after each discard, by turn (a turns table of
    ``paipu.stats.tables(..., engine=True)``), for the player beside every player of the
    table; turns up to ``last_turn``."""
    ax = _axes(ax)
    groups = {"everyone": turns} if player is None else {_who(player): of_player(turns, player), "everyone": turns}
    for name, rows in groups.items():
        rows = rows[rows["turn"] <= last_turn].dropna(subset=["shanten"])
        means = rows.groupby("turn")["shanten"].mean()
        ax.plot(means.index, means.to_numpy(), marker="o", markersize=3, label=f"{name} ({len(rows):,} discards)")
    ax.set_xlabel("turn (own discards so far)")
    ax.set_ylabel("mean shanten after the discard")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"Shanten by turn: {_who(player)}")
    ax.legend(fontsize=8)
    return ax


def trend(summary_by_period: pd.DataFrame, player: str, statistics: tuple[str, ...] = ("win_rate", "deal_in_rate"),
          ax: Axes | None = None) -> Axes:
    """Each rate of ``statistics`` for ``player`` over time, from a summary by month or
    year (``paipu.stats.summary(..., by="month")``), with its 95% Wilson interval as error
    bars (``<rate>_low``, ``<rate>_high``; ``docs/stats.md``, Intervals). Periods without
    a case of a rate are left out of its line."""
    ax = _axes(ax)
    mine = summary_by_period.xs(player, level="player")
    period = mine.index.name
    for statistic in statistics:
        rows = mine[mine[f"{statistic}_cases"] > 0]
        values = rows[statistic].to_numpy(float)
        errors = _error_bars(values, rows[f"{statistic}_low"], rows[f"{statistic}_high"])
        ax.errorbar(list(rows.index), values, yerr=errors, marker="o", capsize=3, label=statistic)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel(period)
    ax.set_ylabel("share (95% Wilson interval)")
    ax.tick_params(axis="x", labelrotation=45)
    ax.set_title(f"{player} by {period}")
    ax.legend(fontsize=8)
    return ax


_PUSH_BY_AXIS = {
    "shanten": "shanten before the discard",
    "dealer": "a dealer in riichi",
    "riichi_turn": "turn of the first riichi",
    "riichi_players": "players in riichi",
    "placement": "own place at the start of the last round (オーラス)",
}
"""The x-axis of :func:`push_by` for each situation of :func:`paipu.defence.push_by`."""


def push_by(table: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """Bars of the share of discards facing riichi that pushed a tile more dangerous
    than the safest held, by the situation of a :func:`paipu.defence.push_by` table
    (shanten, dealer, riichi turn, riichi players or placement), with their 95% Wilson
    intervals as error bars and the number of discards on each bar."""
    ax = _axes(ax)
    situation = str(table.index.name)
    labels = [str(key) for key in table.index]
    if situation == "shanten":  # its last group stands for that many or more
        labels[-1] += "+"
    rates = table["push_rate"].to_numpy(float)
    errors = _error_bars(rates, table["push_rate_low"], table["push_rate_high"])
    bars = ax.bar(labels, rates, yerr=errors, capsize=4)
    ax.set_xlim(-0.6, len(labels) - 0.4)  # every group in view: the scaling leaves out a bar of no discards (NaN)
    ax.bar_label(bars, labels=[f"{count:,}" for count in table["discards"]], fontsize=8, label_type="center")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    axis = _PUSH_BY_AXIS.get(situation, situation)
    ax.set_xlabel(f"{axis} (bars: discards facing riichi)")
    ax.set_ylabel("pushed: more dangerous than the safest held")
    ax.set_title(f"Push or fold facing riichi by {axis.split(' (')[0]}")
    return ax


def push_by_shanten(table: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """:func:`push_by` of a :func:`paipu.defence.push_by_shanten` table."""
    return push_by(table, ax)


def rating(games: pd.DataFrame, player: str, ax: Axes | None = None) -> Axes:
    """The player's rating (Tenhou's R: the games table's ``rating``) in each of their games
    whose log states it, game after game in the order played (by date, then in the order
    read), each point coloured by the game's final rank."""
    ax = _axes(ax)
    rows = of_player(games, player).dropna(subset=["rating"])
    rows = rows.assign(_day=rows["date"].fillna(pd.Timestamp.min)).sort_values(["_day", "game"], kind="stable")
    numbers = range(1, len(rows) + 1)
    ax.plot(numbers, rows["rating"].to_numpy(float), color="0.6", linewidth=1)
    for rank, colour in zip(range(1, 5), ("tab:blue", "tab:green", "tab:orange", "tab:red")):
        placed = (rows["rank"] == rank).fillna(False).to_numpy(bool)
        if placed.any():
            ax.plot([number for number, kept in zip(numbers, placed) if kept], rows["rating"].to_numpy(float)[placed],
                    "o", color=colour, markersize=4, label=_RANKS[rank - 1])
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("the player's games with a rating, in the order played")
    ax.set_ylabel("rating (R) the log states")
    ax.set_title(f"Rating: {player} ({len(rows):,} games)")
    if len(rows):
        ax.legend(fontsize=8, title="final rank", title_fontsize=8)
    return ax
