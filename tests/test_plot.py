"""The plots of ``paipu.plot`` render headless (Agg) to PNG files of a sane size."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import matplotlib.pyplot as plt
import pandas as pd
import pytest

from paipu import defence, plot, stats

from conftest import corpus


@pytest.fixture(scope="module")
def tables():
    return stats.tables(corpus("generated", "tonpu.json.gz"))


@pytest.fixture(scope="module")
def replayed():
    """The tables of the replay, and the defence analysis, of a few real games."""
    folder = corpus("tenhou-as-majiang", "mjx-tests")
    return stats.tables(folder, engine=True), defence.defence(folder)


PLOTS = {
    "rank_distribution": lambda t, ax=None: plot.rank_distribution(t.games, "AI-A", ax=ax),
    "all_ranks": lambda t, ax=None: plot.rank_distribution(t.games, ax=ax),
    "rate_profile": lambda t, ax=None: plot.rate_profile(t.rounds, "AI-A", ax=ax),
    "score_changes": lambda t, ax=None: plot.score_changes(t.rounds, "AI-A", ax=ax),
    "rates_by_turn": lambda t, ax=None: plot.rates_by_turn(t.rounds, 0, ax=ax),
}


@pytest.mark.parametrize("name", list(PLOTS))
def test_plot_renders_to_png(tables, tmp_path, name):
    ax = PLOTS[name](tables)
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    path = tmp_path / f"{name}.png"
    ax.figure.savefig(path, dpi=100)
    plt.close(ax.figure)
    assert path.stat().st_size > 10_000
    height, width, _ = matplotlib.image.imread(path).shape
    assert (width, height) == (640, 400)


def test_plots_draw_on_a_given_axes(tables):
    figure, axes = plt.subplots(2, 2, figsize=(12, 8))
    for ax, name in zip(axes.flat, ["rank_distribution", "rate_profile", "score_changes", "rates_by_turn"]):
        assert PLOTS[name](tables, ax=ax) is ax
        assert ax.has_data()
    plt.close(figure)


def test_the_rate_profile_shows_the_rates_of_the_summary(tables):
    ax = plot.rate_profile(tables.rounds, "AI-A")
    labels = [text.get_text() for text in ax.texts]
    row = tables.summary("AI-A").iloc[0]
    shown = [f"{row[stat]:.3f}".removeprefix("0") for stat in stats.RATE_COLUMNS]
    assert labels[:4] == shown
    plt.close(ax.figure)


def test_the_profile_shows_the_player_beside_the_pooled_field(replayed):
    tables, _ = replayed
    name = tables.rounds["name"].value_counts().index[0]
    ax = plot.profile(tables, name)
    labels = [text.get_text() for text in ax.texts]
    mine = tables.summary(name).iloc[0]
    shown = [f"{mine[stat]:.3f}".removeprefix("0") for stat in plot.PROFILE]
    assert labels[:len(plot.PROFILE)] == shown
    pooled = tables.rounds["win"].mean()  # the field's win rate: every player-round
    assert labels[len(plot.PROFILE)] == f"{pooled:.3f}".removeprefix("0")
    with pytest.raises(ValueError):
        plot.profile(tables, name, ("nonsense",))
    plt.close(ax.figure)


def test_danger_and_shanten_plots_render(replayed, tmp_path):
    tables, result = replayed
    table = defence.danger_table(result.threats)
    ax = plot.deal_in_by_danger(table)
    assert [text.get_text() for text in ax.get_xticklabels()] == list(table.index)
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == pytest.approx(list(table["rate"]))
    ax.figure.savefig(tmp_path / "danger.png", dpi=100)
    name = tables.turns["name"].value_counts().index[0]
    ax = plot.shanten_by_turn(tables.turns, name)
    (mine, everyone) = ax.get_lines()
    first = tables.turns[(tables.turns["name"] == name) & (tables.turns["turn"] == 1)]["shanten"].mean()
    assert mine.get_ydata()[0] == pytest.approx(first)
    ax.figure.savefig(tmp_path / "shanten.png", dpi=100)
    assert (tmp_path / "shanten.png").stat().st_size > 10_000
    plt.close("all")


def _missing_glyphs(figure) -> list[str]:
    """matplotlib's warnings of glyphs no font had, drawing ``figure`` to PNG."""
    import io
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure.savefig(io.BytesIO(), format="png")
    return [str(warning.message) for warning in caught if "missing from font" in str(warning.message)]


def test_a_japanese_name_is_drawn_with_every_glyph():
    if not plot.cjk_fonts():
        pytest.skip("no CJK font installed (Debian: apt-get install fonts-ipaexfont-gothic or fonts-noto-cjk; "
                    ".ci/run installs one)")
    figure, ax = plt.subplots()
    ax.set_title("天鳳位 ひっころ26 ｱｶﾞﾘ 七段 R2042")
    ax.plot([0, 1], [0, 1], label="赤城真子")
    ax.legend()
    assert _missing_glyphs(figure) == []
    plt.close(figure)


def test_a_trend_by_month_has_an_interval_per_month(tmp_path):
    folder = corpus("tenhou-mjlog", "thewaxmango-2022-01")
    by_month = stats.summary(folder, by="month")
    player = by_month.xs("2022-01", level="month")["games"].idxmax()
    ax = plot.trend(by_month, player)
    months = by_month.xs(player, level="player")
    bars = [container for container in ax.containers]
    assert len(bars) == 2  # win_rate, deal_in_rate
    for container, statistic in zip(bars, ("win_rate", "deal_in_rate")):
        line, _, (bar_lines,) = container.lines[0], container.lines[1], container.lines[2]
        assert list(line.get_ydata()) == pytest.approx(list(months[statistic]))
        segments = bar_lines.get_segments()
        assert [segment[0][1] for segment in segments] == pytest.approx(list(months[f"{statistic}_low"]))
        assert [segment[1][1] for segment in segments] == pytest.approx(list(months[f"{statistic}_high"]))
    if plot.cjk_fonts():
        assert _missing_glyphs(ax.figure) == []
    ax.figure.savefig(tmp_path / "trend.png")
    plt.close(ax.figure)


def test_push_by_shanten_counts_the_discards_one_by_one(replayed, tmp_path):
    _, rated = replayed
    table = defence.push_by_shanten(rated.discards)
    # recounted row by row, a tuple per discard, without pandas' grouping
    counted = {shanten: [0, 0] for shanten in range(4)}
    for shanten, value, safest in zip(rated.discards["shanten"], rated.discards["value"],
                                      rated.discards["safest_value"]):
        if shanten is None or shanten != shanten:  # NA
            continue
        cell = counted[min(int(shanten), 3)]
        cell[0] += 1
        cell[1] += value > safest
    assert {shanten: [row.discards, row.pushes] for shanten, row in table.iterrows()} == counted
    assert (table["push_rate_low"] <= table["push_rate"]).all() and (table["push_rate"] <= table["push_rate_high"]).all()
    ax = plot.push_by_shanten(table)
    (bars,) = [container for container in ax.containers if hasattr(container, "patches")]
    assert [bar.get_height() for bar in bars.patches] == pytest.approx(list(table["push_rate"]))
    ax.figure.savefig(tmp_path / "push.png")
    plt.close(ax.figure)


def _situation(row: dict) -> object:
    """The group of :func:`paipu.defence.push_by` a discard falls in, by situation,
    written out here again from the definitions of docs/stats.md."""
    turn = row["riichi_turn"]
    return {
        "dealer": "dealer" if row["dealer_riichi"] else "non-dealer",
        "riichi_turn": "early (1-6)" if turn <= 6 else "middle (7-12)" if turn <= 12 else "late (13+)",
        "riichi_players": "1" if row["riichi_players"] == 1 else "2+",
        "placement": row["placement"] if row["all_last"] else None,
    }


@pytest.mark.parametrize("by", ["dealer", "riichi_turn", "riichi_players", "placement"])
def test_push_by_situation_counts_the_discards_one_by_one(replayed, tmp_path, by, recwarn):
    _, rated = replayed
    table = defence.push_by(rated.discards, by)
    counted: dict[object, list[int]] = {}
    for row in rated.discards.to_dict("records"):
        group = _situation(row)[by]
        if group is not None:
            cell = counted.setdefault(group, [0, 0])
            cell[0] += 1
            cell[1] += row["value"] > row["safest_value"]
    assert {group: [row.discards, row.pushes] for group, row in table.iterrows()} == counted
    ax = plot.push_by(table)
    (bars,) = [container for container in ax.containers if hasattr(container, "patches")]
    assert [bar.get_height() for bar in bars.patches] == pytest.approx(list(table["push_rate"]))
    (_error_bars,) = [container for container in ax.containers if not hasattr(container, "patches")]  # one set
    ax.figure.savefig(tmp_path / f"push_{by}.png")
    plt.close(ax.figure)
    if plot.cjk_fonts():  # the placement axis says オーラス
        assert not [warning for warning in recwarn if "missing" in str(warning.message)]


def test_push_by_keeps_a_group_without_discards_in_view():
    # as in a corpus where no player in first place faced a riichi in the last round
    table = pd.DataFrame({"discards": [0, 12, 30, 9], "pushes": [0, 5, 17, 8],
                          "push_rate": [math.nan, 5 / 12, 17 / 30, 8 / 9],
                          "push_rate_low": [math.nan, 0.19, 0.39, 0.57], "push_rate_high": [math.nan, 0.68, 0.73, 0.98]},
                         index=pd.Index([1, 2, 3, 4], name="placement"))
    ax = plot.push_by(table)
    low, high = ax.get_xlim()
    assert [label.get_text() for label in ax.get_xticklabels()] == ["1", "2", "3", "4"]
    assert low < 0 and high > 3  # the first group's place (0) and the last's (3) both shown
    plt.close(ax.figure)
