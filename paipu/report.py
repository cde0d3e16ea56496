"""A player's report: one offline page of their tendencies against the field, with each
deal-in and big loss a link into the viewer at that moment (``docs/report.md``).

:func:`report` reads the games once (:func:`paipu.stats.tables`, keeping the games the
player sat in), replays the player's games for the defence
(:func:`paipu.defence.defence`), and makes a :class:`Report`: the player's summary
beside the field's with 95% intervals, the trends over time (:func:`paipu.plot.trend`,
:func:`paipu.plot.rating`), push or fold facing riichi by the hand's shanten
(:func:`paipu.defence.push_by_shanten`, :func:`paipu.defence.player_defence`), the
danger classes of the player's discards facing riichi (:func:`paipu.defence.danger_table`),
the wins, and the list of the player's deal-ins and big losses. Every number is the
statistics' or the defence's own: nothing is counted here.

:meth:`Report.save` writes the page and, in a folder beside it (``report_files/`` for
``report.html``), a viewer page (:class:`paipu.view.Viewer`) of the rounds each linked
game holds, from the player's seat, which each row of the list opens at its step
(``game-12.html#r5e30``). In Jupyter a report draws itself (without the viewer pages:
:meth:`Report.view` opens a row's moment there). Nothing on the page is fetched: its
style is inline, the plots are SVG images in ``data:`` addresses.

>>> made = paipu.report("logs/", player="NEGITS")      # doctest: +SKIP
>>> made.save("report.html")                          # doctest: +SKIP
"""

from __future__ import annotations

import base64
import datetime
import difflib
import html
import io
import math
import os
import urllib.parse
from dataclasses import dataclass, field as dataclass_field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from .events import Game, Round, Win, player_name
from .facts import BIG_LOSS  # beside the facts it is of: the command line reads it without loading the report
from .loader import GameSource, games_of
from .rules import RuleSpec
from .view import Viewer, file_name, page_text

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from .defence import Defence
    from .stats import Tables

__all__ = ["report", "Report", "UnknownPlayer", "BIG_LOSS", "PROFILE", "WINS", "DEAL_INS", "FACING_RIICHI"]


PROFILE: tuple[str, ...] = (
    "games", "rounds", "avg_rank", "rank_1", "rank_2", "rank_3", "rank_4", "last_rate", "bust_rate", "avg_point",
    "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "tsumo_against_rate", "draw_rate", "tenpai_at_draw",
    "avg_score_change",
)
"""The statistics of the profile (``docs/stats.md`` defines each), the player's beside the field's."""

WINS: tuple[str, ...] = (
    "wins", "avg_win", "mangan_win_rate", "tsumo_rate", "dama_rate", "avg_win_turn", "riichi_win", "call_win",
    "riichi_first_rate", "riichi_chased_rate", "ippatsu_rate", "ura_rate", "riichi_income",
)
"""The statistics of the wins and riichi."""

DEAL_INS: tuple[str, ...] = (
    "deal_ins", "avg_deal_in", "riichi_deal_in", "call_deal_in", "deal_in_riichi", "deal_in_called", "deal_in_closed",
    "deal_in_to_riichi", "deal_in_to_called", "deal_in_to_dama", "avg_tsumo_paid",
)
"""The statistics of the deal-ins."""

FACING_RIICHI: tuple[str, ...] = (
    "facing_riichi_rounds", "facing_riichi_win", "facing_riichi_deal_in", "facing_riichi_draw",
    "facing_riichi_tsumo_against", "facing_riichi_sideways", "facing_riichi_score_change",
)
"""The statistics of the rounds where another player declared the round's first riichi."""

_NAMES = {
    "games": "games", "rounds": "rounds", "avg_rank": "average rank", "rank_1": "1st", "rank_2": "2nd",
    "rank_3": "3rd", "rank_4": "4th", "last_rate": "last", "bust_rate": "bust (below 0)", "avg_point": "average point",
    "win_rate": "win", "deal_in_rate": "deal-in", "riichi_rate": "riichi", "call_rate": "call",
    "tsumo_against_rate": "tsumo against (被ツモ)", "draw_rate": "exhaustive draw", "tenpai_at_draw": "tenpai at a draw",
    "avg_score_change": "score change per round", "wins": "wins", "avg_win": "average win",
    "mangan_win_rate": "mangan or more", "tsumo_rate": "by tsumo", "dama_rate": "dama (closed, no riichi)",
    "avg_win_turn": "turn of the win", "riichi_win": "riichi rounds won", "call_win": "call rounds won",
    "riichi_first_rate": "riichi first (先制)", "riichi_chased_rate": "riichi chased (被追っかけ)",
    "ippatsu_rate": "ippatsu", "ura_rate": "ura dora", "riichi_income": "riichi income", "deal_ins": "deal-ins",
    "avg_deal_in": "average deal-in", "riichi_deal_in": "riichi rounds dealt in", "call_deal_in": "call rounds dealt in",
    "deal_in_riichi": "in riichi", "deal_in_called": "with a call", "deal_in_closed": "closed, no riichi",
    "deal_in_to_riichi": "to a riichi", "deal_in_to_called": "to an open hand", "deal_in_to_dama": "to a dama hand",
    "avg_tsumo_paid": "paid on a tsumo against", "facing_riichi_rounds": "rounds facing riichi",
    "facing_riichi_win": "won", "facing_riichi_deal_in": "dealt in", "facing_riichi_draw": "exhaustive draw",
    "facing_riichi_tsumo_against": "another's tsumo (被ツモ)", "facing_riichi_sideways": "ron between others (横移動)",
    "facing_riichi_score_change": "score change",
}
"""The words the page heads each statistic's row with (its definition on hover)."""


class UnknownPlayer(ValueError):
    """The games read hold no game of the player: the message names the closest names."""

    def __init__(self, player: str, names: Iterable[str]) -> None:
        self.player = player
        self.closest = _closest(player, names)
        near = f"; the closest names: {', '.join(self.closest)}" if self.closest else "; no player's name is near it"
        super().__init__(f"no games of player {_quoted(player)}{near}")


def _quoted(name: str) -> str:
    from .limits import clip, printable

    return repr(printable(clip(name, 40)))


def _closest(player: str, names: Iterable[str], count: int = 5) -> list[str]:
    """The names most like ``player``'s: the same but for case first, then by
    :func:`difflib.get_close_matches`."""
    known = sorted(set(names))
    folded = player.casefold()
    same = [name for name in known if name.casefold() == folded]
    like = difflib.get_close_matches(player, known, count, 0.5)
    found = list(dict.fromkeys([*same, *like]))[:count]
    return [_quoted(name) for name in found]


@dataclass(frozen=True)
class Moment:
    """A deal-in or big loss of the player, and the step of the viewer that shows it: for a
    deal-in the ron on the player's discard (its first winner's, in a double ron), for
    another loss the round's first win (another's tsumo), else the round's last event."""

    game: int
    """The game's position in the pass (the tables' ``game``)."""
    round: int
    """The round's index in the game, from 0."""
    event: int
    """The event's index in the round, from 0 (the deal)."""
    label: str
    """The round's label, e.g. 東2局1本場."""
    player: int
    """The player's index in the game (the viewpoint of the viewer page)."""
    what: str
    """The moment in words (plain text): who won, how, and the player's state."""
    deal_in: bool
    score_change: int | None
    paid: int | None
    """Paid into the deal-in (``deal_in_amount``), ``None`` for another loss."""


@dataclass
class Report:
    """A player's report (see the module): ``player`` the name; ``tables`` the statistics'
    tables of every game read; ``games`` the player's games by their position in the
    pass; ``defence`` the defence tables of the player's games (every seat's discards
    facing riichi); ``moments`` the deal-ins and big losses, in the order played;
    ``big_loss`` the points of a big loss; ``rule`` the rule the games were replayed under
    (``None``: each game's own)."""

    player: str
    tables: Tables
    games: dict[int, Game]
    defence: Defence
    moments: list[Moment]
    big_loss: int
    rule: RuleSpec | None = None
    _body: str | None = dataclass_field(default=None, init=False, repr=False)
    _unviewable: set[int] = dataclass_field(default_factory=set, init=False, repr=False)
    """The games whose viewer page could not be drawn (see :meth:`viewer_pages`)."""

    # -- the numbers -----------------------------------------------------------------

    @cached_property
    def summary(self) -> pd.Series:
        """The player's summary (:func:`paipu.stats.summary`'s row)."""
        return self.tables.summary(self.player).iloc[0]

    @cached_property
    def field_tables(self) -> Tables:
        """The tables of the field: the games read that have as many players as a game of
        the player's (four-player games for a player of four-player games), the player's
        own included."""
        from .stats import Tables

        tables = self.tables
        counts = tables.games.loc[tables.games["name"] == self.player, "players"].unique()
        kept = tables.games.loc[tables.games["players"].isin(counts), "game"].unique()
        return Tables(tables.rounds[tables.rounds["game"].isin(kept)], tables.games[tables.games["game"].isin(kept)])

    @cached_property
    def field(self) -> pd.Series:
        """The field's summary: every player-round and player-game of :attr:`field_tables`
        pooled as one player's."""
        from .stats import Tables

        field = self.field_tables
        return Tables(field.rounds.assign(name="the field"), field.games.assign(name="the field")).summary().iloc[0]

    def opponents(self) -> pd.DataFrame:
        """The discards facing riichi (:attr:`Defence.discards`) of the other players at
        the player's tables."""
        discards = self.defence.discards
        return discards[discards["name"] != self.player]

    def view(self, moment: int | Moment) -> Viewer:
        """The viewer of a moment's whole game at its step, from the player's seat (in
        Jupyter: the viewer itself); ``moment`` a :class:`Moment` or its index in
        :attr:`moments`."""
        chosen = self.moments[moment] if isinstance(moment, int) else moment
        viewer = Viewer(self.games[chosen.game], self.rule).from_seat(chosen.player)
        return viewer.at((chosen.round, chosen.event))

    # -- the page --------------------------------------------------------------------

    def html(self, files: str | None = None) -> str:
        """The report as a whole page; ``files`` the folder (relative to the page) of the
        viewer pages its rows link to, ``None`` for none (rows without links)."""
        title = f"{page_text(self.player, 40)} · paipu report"
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
                '<meta name="viewport" content="width=device-width,initial-scale=1"></head>'
                f'<body style="margin:0;background:#f6f4ee">{self._page(files)}</body></html>')

    def _repr_html_(self) -> str:
        return self._page(None)

    def __repr__(self) -> str:
        return (f"<Report of {self.player!r}: {len(self.games)} games, {len(self.moments)} deal-ins and big losses "
                f"(save(path) writes the page)>")

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to ``path`` and the viewer pages of the games it links to into the
        folder beside it named after it (``report_files/`` for ``report.html``), each
        whole or not at all (:func:`paipu.output.write_whole`); the folder is made if it is
        not there, and its pages of the same names are replaced. The page's path."""
        from .output import write_whole

        target = Path(path)
        folder = files_folder(target)
        folder.mkdir(exist_ok=True)
        for game, page in self.viewer_pages():
            write_whole(folder / page_name(game), page.encode("utf-8", "surrogateescape"))
        write_whole(target, self.html(folder.name).encode("utf-8", "surrogateescape"))
        return target

    def viewer_pages(self) -> Iterator[tuple[int, str]]:
        """The viewer page (:meth:`paipu.view.Viewer.html`) of each game a moment is in,
        with the rounds of its moments drawn, from the player's seat, not checked against
        the rules (``paipu validate`` does that; a page costs a third less): ``(game,
        page)``. A game the viewer refuses (a round of more events than a game can hold)
        has none."""
        rounds: dict[int, set[int]] = {}
        seats: dict[int, int] = {}
        for moment in self.moments:
            rounds.setdefault(moment.game, set()).add(moment.round)
            seats[moment.game] = moment.player
        for game, drawn in rounds.items():
            try:
                viewer = Viewer(self.games[game], self.rule, check=False, rounds=drawn).from_seat(seats[game])
            except ValueError:  # a round too long to draw: the row names its step without a link
                self._unviewable.add(game)
                continue
            yield game, viewer.html(standalone=True)

    def _page(self, files: str | None) -> str:
        if self._body is None:
            self._body = self._sections()
        return (f'<div class="prp">{_STYLE}{self._head()}{self._body}'
                f'{self._moments_section(files)}{_FOOT}</div>')

    def _head(self) -> str:
        games = self._player_games()
        dates = games["date"].dropna()
        when = ("" if dates.empty else f" · {dates.min():%Y-%m-%d} to {dates.max():%Y-%m-%d}")
        rooms = games["room"].astype(str).replace("", "(no room)").value_counts()
        where = ", ".join(f"{page_text(room, 40)} {count:,}" for room, count in rooms.head(4).items())
        ranks = games.dropna(subset=["rating"])
        rated = ""
        if not ranks.empty:
            first, last = ranks.iloc[0], ranks.iloc[-1]
            rated = (f" · {page_text(first['dan'], 20)} R{first['rating']:.0f} → {page_text(last['dan'], 20)} "
                     f"R{last['rating']:.0f}")
        return (f'<header><h1>{page_text(self.player, 80)}</h1><p>{len(games):,} games of the player{when} · {where}{rated} · '
                f'the field: {self._field_words()}</p>'
                '<nav><a href="#profile">profile</a> <a href="#trends">over time</a> '
                '<a href="#push">push or fold</a> <a href="#defence">defence</a> <a href="#wins">wins</a> '
                '<a href="#deal-ins">deal-ins</a> <a href="#moments">deal-ins and big losses</a></nav></header>')

    def _field_words(self) -> str:
        return f"{int(self.field['games']):,} player-games, {int(self.field['rounds']):,} player-rounds"

    def _player_games(self) -> pd.DataFrame:
        """The player's rows of the games table, in the order played."""
        games = self.tables.games
        mine = games[games["name"] == self.player]
        order = mine.assign(_day=mine["date"].fillna(mine["date"].min())).sort_values(["_day", "game"], kind="stable")
        return order.drop(columns="_day")

    def _sections(self) -> str:
        from . import defence, plot

        mine, field = self.summary, self.field
        opponents = self.opponents()
        push_mine = defence.push_by_shanten(self.defence.discards, self.player)
        push_field = defence.push_by_shanten(opponents)
        danger_mine = defence.danger_table(self.defence.threats[self.defence.threats["name"] == self.player])
        danger_field = defence.danger_table(self.defence.threats[self.defence.threats["name"] != self.player])
        return "".join([
            _section("profile", "Profile against the field",
                     "The player's statistics beside the field's (every player of the games read with as many "
                     "players at the table, pooled), each rate with its 95% Wilson interval. ▲ or ▼: the field's "
                     "rate lies outside the player's interval.",
                     _side_by_side(_compare(PROFILE, mine, field),
                                   _image(plot.profile(self.field_tables, self.player),
                                          "the player's rates beside the field's"))),
            _section("trends", "Over time", "", self._trends()),
            _section("push", "Push or fold facing riichi",
                     "Each discard the player made while another player was in riichi (the player not in riichi), "
                     "by the shanten of the hand before it: pushed when the tile discarded was more dangerous than "
                     "the safest tile held (the seed's danger values, paipu.danger). The others: every other "
                     "player at the player's tables.",
                     _side_by_side(_push_table(push_mine, push_field)
                                   + _defence_table(self.defence.discards, self.player),
                                   _image(plot.push_by_shanten(push_mine), "push rate by shanten"))
                     + "<h3>Rounds facing the first riichi</h3>" + _compare(FACING_RIICHI, mine, field)),
            _section("defence", "Defence: the danger of the discards facing riichi",
                     "The player's discards facing riichi by danger class against each player in riichi, the "
                     "deal-ins (a ron by that player on that discard) and their rate with its 95% Wilson interval, "
                     "beside the other players at the player's tables.",
                     _side_by_side(_danger_rows(danger_mine, danger_field),
                                   _image(plot.deal_in_by_danger(danger_mine), "deal-in rate by danger class")
                                   if len(danger_mine) else "")),
            _section("wins", "Wins and riichi", "", _compare(WINS, mine, field) + _yaku(mine["yaku_counts"])),
            _section("deal-ins", "Deal-ins", "", _compare(DEAL_INS, mine, field)),
        ])

    def _trends(self) -> str:
        """By month when the player's games fall in two months or more; the rating game
        after game where the logs state it."""
        from . import plot

        games = self._player_games()
        months = games["date"].dropna().dt.strftime("%Y-%m").unique()
        images, table, note = [], "", ""
        if len(months) >= 2:
            by = self.tables.summary(self.player, by="month")
            images.append(_image(plot.trend(by, self.player, ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")),
                                 "rates by month"))
            images.append(_image(plot.trend(by, self.player, ("top_rate", "last_rate")), "ranks by month"))
            table = _periods(by.xs(self.player, level="player"))
        else:
            note = (f"<p>All the player's games {'were played in ' + months[0] if len(months) else 'are of no known date'}"
                    ": no trend by month.</p>")
        if games["rating"].notna().any():
            images.append(_image(plot.rating(self.tables.games, self.player), "rating game after game"))
        return note + _side_by_side(*images) + table

    def _moments_section(self, files: str | None) -> str:
        rows = []
        sources = self.tables.games.drop_duplicates("game").set_index("game")
        for number, moment in enumerate(self.moments):
            game = sources.loc[moment.game]
            day = "" if game["date"] != game["date"] else f"{game['date']:%Y-%m-%d}"  # NaT: no day known
            step = f"#r{moment.round}e{moment.event}" if moment.event else f"#r{moment.round}"
            if files is None:
                link = f"<code>report.view({number})</code>"
            elif moment.game in self._unviewable:
                link = "(a round too long to draw)"
            else:
                address = f"{urllib.parse.quote(files)}/{page_name(moment.game)}{step}"  # a folder named a#b.html too
                link = f'<a href="{html.escape(address)}">{step}</a>'
            change = "" if moment.score_change is None else f"{moment.score_change:+,}"
            rows.append(f'<tr data-game="{moment.game}" data-round="{moment.round}" data-event="{moment.event}"'
                        f'{" data-deal-in" if moment.deal_in else ""}><td>{number}</td><td>{day}</td>'
                        f"<td>{page_text(file_name(str(game['source'])), 60)}</td><td>{page_text(moment.label, 20)}</td>"
                        f"<td>{page_text(moment.what, 200)}</td><td class=n>{change}</td><td>{link}</td></tr>")
        deal_ins = sum(moment.deal_in for moment in self.moments)
        words = (f"{deal_ins:,} deal-ins and {len(self.moments) - deal_ins:,} other big losses (a round the player "
                 f"lost {self.big_loss:,} points or more in, the riichi deposit included), in the order played. "
                 "Each link opens the game's viewer page at the ron on the player's discard (for another loss, at the "
                 "round's first win), from the player's seat: ← steps back to the discard.")
        if files is None:
            words += " In a notebook, report.view(N) shows row N there."
        table = ('<table class="moments"><thead><tr><th>#</th><th>day</th><th>game</th><th>round</th><th>what</th>'
                 f'<th>score change</th><th>viewer</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
        return _section("moments", "Deal-ins and big losses", html.escape(words), table)


def files_folder(page: Path) -> Path:
    """The folder of the viewer pages of a report page: ``report_files`` beside ``report.html``."""
    return page.with_name(page.stem + "_files")


def page_name(game: int) -> str:
    """The name of a game's viewer page in the folder of a report: ``game-12.html``, by
    the game's position in the pass (a file's own name may be anything)."""
    return f"game-{game}.html"


# -- the parts of the page -------------------------------------------------------------------


def _known(value: Any) -> bool:
    """Whether a number is there (not None, NaN or NA)."""
    return value is not None and value == value


def _percent(value: Any) -> str:
    """A share as the page writes it: ``21.2%``; ``–`` for none."""
    return f"{100 * value:.1f}%" if _known(value) else "–"


def _span(low: Any, high: Any) -> str:
    """A 95% interval as the page writes it: ``18.9–23.6%``; nothing for none."""
    return f"{100 * low:.1f}–{100 * high:.1f}%" if _known(low) else ""


def _exact(value: Any) -> str:
    """The ``data-value`` attribute of a number the page shows rounded: its exact value."""
    return f' data-value="{float(value)!r}"' if _known(value) else ""


def _number(value: Any, stat: str) -> str:
    """A statistic's value as the page writes it: a rate as a percentage, a count with
    thousands, a mean of points as points, a rank or turn with two decimals."""
    if not _known(value):
        return "–"
    if _is_rate(stat):
        return _percent(value)
    if stat in ("avg_rank", "avg_win_turn", "avg_point"):
        return f"{value:.2f}"
    return f"{value:,.0f}"


def _is_rate(stat: str) -> bool:
    from .stats import STATISTICS

    return any(candidate.name == stat and candidate.is_rate for candidate in STATISTICS)


def _cell(row: pd.Series, stat: str, who: str) -> str:
    """A statistic's cells of a row of a summary: value, interval (a rate's), cases."""
    value = row[stat]
    rate = _is_rate(stat)
    interval = _span(row[f"{stat}_low"], row[f"{stat}_high"]) if rate else ""
    cases = f"{int(row[f'{stat}_cases']):,}" if rate else ""
    return (f'<td class=n data-who="{who}" data-stat="{stat}"{_exact(value)}>{_number(value, stat)}</td>'
            f"<td class=i>{interval}</td><td class=c>{cases}</td>")


def _mark(mine: pd.Series, field: pd.Series, stat: str) -> str:
    """▲ or ▼ where the field's rate lies below or above the player's 95% interval."""
    if not _is_rate(stat) or not _known(field[stat]) or not _known(mine[f"{stat}_low"]):
        return ""
    if field[stat] < mine[f"{stat}_low"]:
        return '<span class=up title="the field\'s rate lies below the player\'s interval">▲</span>'
    if field[stat] > mine[f"{stat}_high"]:
        return '<span class=down title="the field\'s rate lies above the player\'s interval">▼</span>'
    return ""


def _compare(stats: Iterable[str], mine: pd.Series, field: pd.Series) -> str:
    """A table of ``stats``: the player's value, interval and cases beside the field's."""
    from .stats import STATS

    rows = []
    for stat in stats:
        if not _known(mine[stat]) and not _known(field[stat]):
            continue  # of no game here (4th in three-player games)
        rows.append(f'<tr><th title="{html.escape(STATS[stat])}">{html.escape(_NAMES[stat])}'
                    f"{_mark(mine, field, stat)}</th>{_cell(mine, stat, 'player')}{_cell(field, stat, 'field')}</tr>")
    return ('<table><thead><tr><th></th><th>player</th><th>95% interval</th><th>cases</th><th>field</th>'
            f'<th>95% interval</th><th>cases</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _periods(by: pd.DataFrame) -> str:
    """The table of a summary by month: games, average rank, win and deal-in rates."""
    rows = "".join(
        f"<tr><th>{page_text(period, 20)}</th><td class=n>{int(row['games']):,}</td>"
        f"<td class=n>{_number(row['avg_rank'], 'avg_rank')}</td>"
        + "".join(f"<td class=n>{_percent(row[stat])}</td><td class=i>{_span(row[f'{stat}_low'], row[f'{stat}_high'])}</td>"
                  for stat in ("win_rate", "deal_in_rate"))
        + "</tr>" for period, row in by.iterrows())
    return ('<table><thead><tr><th>month</th><th>games</th><th>average rank</th><th>win</th><th>95% interval</th>'
            f'<th>deal-in</th><th>95% interval</th></tr></thead><tbody>{rows}</tbody></table>')


def _push_table(mine: pd.DataFrame, others: pd.DataFrame) -> str:
    """Two :func:`paipu.defence.push_by_shanten` tables side by side: the player's, the others'."""
    most = int(mine.index.max())
    rows = []
    for shanten in mine.index:
        label = f"{shanten}+" if shanten == most else str(shanten)
        cells = []
        for who, table in (("player", mine), ("others", others)):
            row = table.loc[shanten]
            cells.append(f'<td class=c>{int(row["pushes"]):,} / {int(row["discards"]):,}</td>'
                         f'<td class=n data-who="{who}" data-stat="push_rate"{_exact(row["push_rate"])}>'
                         f'{_percent(row["push_rate"])}</td>'
                         f"<td class=i>{_span(row['push_rate_low'], row['push_rate_high'])}</td>")
        rows.append(f"<tr><th>{label}</th>{''.join(cells)}</tr>")
    return ('<table><thead><tr><th>shanten</th><th>pushed / discards</th><th>player</th><th>95% interval</th>'
            '<th>pushed / discards</th><th>others</th><th>95% interval</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


_DEFENCE_WORDS = {
    "discards": ("discards facing riichi", "{:,.0f}"),
    "safest_rate": ("the safest tile held", None),
    "fold_rate": ("the safest, 2 or more shanten from ready", None),
    "push_rate": ("pushed, the hand ready after the discard", None),
    "deal_in_rate": ("dealt in", None),
    "avg_value": ("mean danger value of the tile", "{:.2f}"),
}
"""The columns of :func:`paipu.defence.player_defence` the page shows, with their words and
format (``None``: a share)."""

_OTHERS = "\n"
"""The name the others' discards are pooled under: no player's (a name ends at a newline)."""


def _defence_table(discards: pd.DataFrame, player: str) -> str:
    """:func:`paipu.defence.player_defence` of the player beside that of the other players
    at the player's tables, their discards pooled as one player's."""
    from .defence import player_defence

    pooled = player_defence(discards.assign(name=discards["name"].where(discards["name"] == player, _OTHERS)))
    if player not in pooled.index:
        return ""
    rows = []
    for column, (words, style) in _DEFENCE_WORDS.items():
        cells = [pooled.loc[who, column] if who in pooled.index else math.nan for who in (player, _OTHERS)]
        shown = [_percent(value) if style is None else style.format(value) if _known(value) else "–"
                 for value in cells]
        rows.append(f'<tr><th>{words}</th><td class=n data-stat="{column}"{_exact(cells[0])}>{shown[0]}</td>'
                    f"<td class=n>{shown[1]}</td></tr>")
    return ("<h3>Choices facing riichi</h3><table><thead><tr><th></th><th>player</th><th>others</th></tr></thead>"
            f'<tbody>{"".join(rows)}</tbody></table>')


def _danger_rows(mine: pd.DataFrame, others: pd.DataFrame) -> str:
    """The player's :func:`paipu.defence.danger_table` with each rate's 95% interval,
    beside the others' rates."""
    from .stats import wilson_interval

    rows = []
    for label, row in mine.iterrows():
        low, high = wilson_interval(int(row["deal_ins"]), int(row["discards"]))
        theirs = others.loc[label] if label in others.index else None
        their_rate = "–" if theirs is None else f"{_percent(theirs['rate'])} of {int(theirs['discards']):,}"
        rows.append(f"<tr><th>{page_text(label, 40)}</th><td class=n>{row['value']:.0f}</td>"
                    f"<td class=n>{int(row['deal_ins']):,} / {int(row['discards']):,}</td>"
                    f'<td class=n data-stat="danger"{_exact(row["rate"])}>{_percent(row["rate"])}</td>'
                    f"<td class=i>{_span(low, high)}</td><td class=n>{their_rate}</td></tr>")
    if not rows:
        return "<p>No discard of the player's faced a riichi.</p>"
    return ("<table><thead><tr><th>class</th><th>seed's value</th><th>deal-ins / discards</th><th>player</th>"
            f'<th>95% interval</th><th>others</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _yaku(counts: dict[str, int], most: int = 12) -> str:
    if not counts:
        return ""
    items = "".join(f"<li>{page_text(name, 30)} <b>{count:,}</b></li>" for name, count in list(counts.items())[:most])
    return f"<h3>Yaku of the player's wins (dora by han)</h3><ul class=yaku>{items}</ul>"


def _side_by_side(*parts: str) -> str:
    """Parts of a section side by side where the page is wide enough, else one under another."""
    return '<div class="side">' + "".join(f"<div>{part}</div>" for part in parts if part) + "</div>"


def _section(anchor: str, title: str, words: str, content: str) -> str:
    said = f"<p>{words}</p>" if words else ""
    return f'<section id="{anchor}"><h2>{title}</h2>{said}{content}</section>'


def _image(ax: Axes, alt: str) -> str:
    """A plot as an SVG image in a ``data:`` address (its text drawn as paths: no font is
    needed to show it, and nothing in it runs); its figure closed."""
    import matplotlib.pyplot as plt

    figure = ax.figure
    buffer = io.BytesIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})  # type: ignore[union-attr]  # an Axes' figure
    plt.close(figure)  # type: ignore[arg-type]  # as above
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img class=plot alt="{html.escape(alt)}" src="data:image/svg+xml;base64,{data}">'


_STYLE = """<style>
.prp{font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK JP","Hiragino Sans",sans-serif;color:#222;
max-width:1240px;margin:0 auto;padding:10px 18px 40px;background:#f6f4ee}
.prp header{border-bottom:2px solid #b8b09a;margin-bottom:8px}.prp h1{font-size:26px;margin:4px 0}
.prp h2{font-size:20px;margin:26px 0 6px;border-bottom:1px solid #d4ccb6}.prp h3{font-size:16px;margin:14px 0 4px}
.prp nav a{margin-right:12px}.prp p{margin:4px 0 8px;max-width:75em}
.prp table{border-collapse:collapse;margin:6px 0 10px;background:#fff;font-size:14px}
.prp th,.prp td{padding:2px 9px;border-bottom:1px solid #e6e0cf;text-align:left;vertical-align:top}
.prp thead th{background:#ebe5d3;font-weight:600}.prp td.n{text-align:right;font-variant-numeric:tabular-nums}
.prp td.i,.prp td.c{color:#666;text-align:right;font-size:13px;font-variant-numeric:tabular-nums}
.prp tbody th{font-weight:500}.prp .up{color:#1d7d32;margin-left:5px}.prp .down{color:#b3261e;margin-left:5px}
.prp img.plot{max-width:640px;width:100%;display:block;margin:6px 0;background:#fff}
.prp .side{display:flex;flex-wrap:wrap;gap:0 22px;align-items:flex-start}.prp .side>div{min-width:0}
.prp .side img.plot{width:500px;max-width:100%}
.prp ul.yaku{columns:3;max-width:720px}.prp table.moments td:nth-child(5){max-width:460px}
.prp footer{margin-top:30px;color:#666;font-size:13px}
</style>"""

_FOOT = ("<footer>Made by paipu (paipu report). Definitions: docs/report.md and docs/stats.md; rates are shares "
         "of the cases counted, with their 95% Wilson intervals.</footer>")


# -- making a report ----------------------------------------------------------------------


def report(source: GameSource, player: str, *, rule: RuleSpec | None = None, big_loss: int = BIG_LOSS,
           since: datetime.date | None = None, until: datetime.date | None = None,
           last: int | None = None) -> Report:
    """The :class:`Report` of ``player`` (a name as :func:`paipu.stats.of_player` takes
    it) over the games of ``source`` (a path, a game, a list of them, a reader of
    :func:`paipu.load`), read once; ``rule`` the rule their replay for the defence and the
    viewer is under (as :func:`paipu.replay`, default each game's own); ``big_loss`` the
    points of a big loss (:data:`BIG_LOSS`). ``since``, ``until`` and ``last`` choose the
    games as :meth:`paipu.stats.Tables.select` does: ``since``/``until`` every game by
    its date, ``last`` the player's last N of them (the other players' rows of every game
    chosen by date stay in the field). :class:`UnknownPlayer` (a ValueError naming the closest names) when no game
    chosen is the player's."""
    from .defence import defence
    from .stats import Tables, tables as make_tables

    name = player_name(player)
    kept: dict[int, Game] = {}
    read = make_tables(_keeping(games_of(source), name, kept))
    if (since, until) != (None, None):
        read = read.select(since, until)
    mine = read.select(last=last) if last is not None else read
    chosen = mine.games.loc[mine.games["name"] == name, "game"].unique()
    if not len(chosen):
        raise UnknownPlayer(name, read.games["name"].astype(str).unique())
    if last is not None:  # the player's last games; the others' rows as they were chosen by date
        others = read.games["name"] != name
        read = Tables(
            read.rounds[(read.rounds["name"] != name) | read.rounds["game"].isin(chosen)],
            read.games[others | read.games["game"].isin(chosen)])
    games = {index: kept[index] for index in sorted(chosen)}
    return Report(name, read, games, defence(list(games.values()), rule), _moments(read, games, name, big_loss),
                  big_loss, rule)


def _keeping(games: Iterator[Game], name: str, kept: dict[int, Game]) -> Iterator[Game]:
    """``games``, each one ``name`` sat in kept in ``kept`` by its position."""
    for index, game in enumerate(games):
        if any(player_name(logged) == name for logged in game.players):
            kept[index] = game
        yield game


def _moments(tables: Tables, games: dict[int, Game], name: str, big_loss: int) -> list[Moment]:
    """The player's deal-ins and big losses (rounds of a score change of ``-big_loss`` or
    less), in the order of the games (by date, then read) and rounds."""
    rounds = tables.rounds
    mine = rounds[(rounds["name"] == name) & rounds["game"].isin(list(games))]
    lost = mine["deal_in"] | (mine["score_change"] <= -big_loss).fillna(False)
    dates = tables.games.drop_duplicates("game").set_index("game")["date"]
    rows = mine[lost.to_numpy(bool)]
    rows = rows.assign(_day=rows["game"].map(dates).fillna(dates.min())).sort_values(["_day", "game", "round"],
                                                                                     kind="stable")
    found = []
    for row in rows.itertuples(index=False):
        game = games[int(row.game)]
        round_ = game.rounds[int(row.round)]
        event, what = _step(game, round_, int(row.seat), bool(row.deal_in))
        change = None if row.score_change is None or row.score_change != row.score_change else int(row.score_change)
        paid = None if not row.deal_in or row.deal_in_amount != row.deal_in_amount else int(row.deal_in_amount)
        if row.deal_in:
            what += f" (the player {_STATES[row.deal_in_state]}, the winner {_STATES[row.winner_state]})"
        found.append(Moment(int(row.game), int(row.round), event, str(row.label), int(row.player), what,
                            bool(row.deal_in), change, paid))
    return found


_STATES = {"riichi": "in riichi", "called": "with a call", "closed": "closed", "dama": "closed without riichi"}
"""A player's state at a deal-in (``deal_in_state``, ``winner_state``) in words."""


def _step(game: Game, round_: Round, seat: int, deal_in: bool) -> tuple[int, str]:
    """The event of a round that shows the player's loss (see :class:`Moment`) and the
    loss in words."""
    def named(win: Win) -> str:
        return player_name(game.players[round_.player_of(win.seat)])

    wins = [(index, event) for index, event in enumerate(round_.events) if type(event) is Win]
    for index, win in wins:
        if deal_in and win.discarder == seat:
            winners = [named(other) for _, other in wins if other.discarder == seat]
            return index, f"ron by {' and '.join(winners)}{_points(win)}"
    if wins:
        index, win = wins[0]
        return index, f"{'tsumo' if win.discarder is None else 'ron'} by {named(win)}{_points(win)}"
    return len(round_.events) - 1, "the round's end"


def _points(win: Win) -> str:
    """``, 8,000``: a win's value as the log states it (nothing where it states none)."""
    return f", {win.points:,}" if win.states_value else ""

