"""Player statistics: tidy tables of facts read from the events, and their summary.

Every number follows the definitions of ``docs/stats.md`` (Tenhou-analysis
tradition, as 電脳麻将's analysis tool majiang-analog counts them). In short:

* A **game** is one paipu; a **round** (局) one deal up to its win(s) or draw, repeats
  (本場) and abortive draws included. Players are identified **by name** across games,
  the name being the logged one with anything after a newline removed (電脳麻将 and
  Tenhou titles write ``"name\\n(rank)"``).
* Game-level stats are over the games the player finished (the log has final ``rank``,
  ``defen`` and ``point``); round-level stats over the rounds the player sat in that end
  with a win or a draw. A truncated log thus adds its finished rounds and nothing else.
* Every column is read straight from the logged events (riichi marks, calls, ``hule``
  and ``pingju`` payloads, payments): **no column needs the validating replay**, so
  this fast path reads 10,000 games at the speed of loading them.

Three tables, all built in one pass over the games by :func:`tables`:

* :func:`rounds` — one row per game, round and seat (see :data:`ROUND_COLUMNS`);
* :func:`games` — one row per game and player: rank, final score, point;
* :func:`summary` — one row per player with every stat of ``docs/stats.md`` under its name.

>>> import paipu.stats
>>> paipu.stats.summary("logs/", player="AI-A")          # doctest: +SKIP
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Literal

import pandas as pd

from .events import Discard, Game, NoWin, Round, Win
from .observe import GameSource, Observer, walk
from .engine import Step
from .limits import DECIMAL

__all__ = [
    "Tables",
    "tables",
    "rounds",
    "games",
    "summary",
    "of_player",
    "format_summary",
    "ROUND_COLUMNS",
    "GAME_COLUMNS",
    "STATS",
    "RATE_COLUMNS",
    "EXHAUSTIVE_DRAWS",
]


DoubleRon = Literal["once", "each"]

EXHAUSTIVE_DRAWS = frozenset({"荒牌平局", "流局", "流し満貫"})
"""``pingju`` names of an exhaustive draw (wall exhausted; 流局 is the Tenhou spelling).
Every other ``pingju`` is an abortive draw (途中流局)."""

_DORA = frozenset({"ドラ", "赤ドラ", "裏ドラ"})

ROUND_COLUMNS: dict[str, str] = {
    "source": "the game's locator, ``path#index``",
    "game": "0-based position of the game in this pass",
    "round": "0-based index of the round in the game",
    "label": "the round's name, e.g. 東1局0本場",
    "seat": "seat in the round, 0 = dealer",
    "player": "player index in the game (indexes ``paipu.player``)",
    "name": "the player's name, anything after a newline removed",
    "dealer": "the player is the dealer (親)",
    "riichi": "the player declared riichi (a discard marked ``*``), even if that tile was ronned",
    "riichi_turn": "own discards before the riichi discard, plus 1 (NA without riichi)",
    "calls": "number of chi, pon and open kan (``fulou``) by the player",
    "called": "at least one chi, pon or open kan (ankan and kakan do not count)",
    "win": "the player won (every winner of a double ron)",
    "win_type": "``tsumo`` or ``ron`` (槍槓 is a ron); NA without a win",
    "win_value": "``hule.defen``: the hand's value, pao share included, honba and sticks excluded",
    "win_net": "the winner's ``fenpei``: honba and sticks included, own riichi stick not subtracted",
    "win_turn": "own discards before the win, plus 1",
    "dama": "won with a closed hand (no meld but closed kans) and no riichi",
    "ippatsu": "the win has 一発",
    "ura": "the win has 裏ドラ worth more than 0 han",
    "yaku": "the win's ``hupai`` as {name: count}: 1 per yaku, a dora-type entry its han "
            "(0-han entries left out); names as logged",
    "deal_in": "the player's discard (or kakan, for 槍槓) was ronned; pao is not a deal-in",
    "deal_ins": "number of wins on that discard (2 in a double ron)",
    "deal_in_amount": "paid by the discarder: ``-fenpei`` summed over those wins, honba included",
    "draw": "the round ended in an exhaustive draw (荒牌平局/流局, 流し満貫)",
    "abort": "the round ended in an abortive draw (九種九牌, 四風連打, 四家立直, 三家和, 四開槓)",
    "draw_reason": "``pingju.name`` as logged; NA when the round was won",
    "tenpai": "at an exhaustive draw, the player's hand was shown (tenpai); NA in other rounds",
    "score_change": "the player's score change over the round: payments minus riichi deposit",
}
"""Columns of :func:`rounds` and what each holds. NA marks a fact that does not apply."""

GAME_COLUMNS: dict[str, str] = {
    "source": "the game's locator, ``path#index``",
    "game": "0-based position of the game in this pass",
    "player": "player index in the game",
    "name": "the player's name, anything after a newline removed",
    "rank": "final placing ``paipu.rank`` (1-4); NA when the log has no final results",
    "score": "final score ``paipu.defen``, leftover riichi sticks given to first place",
    "point": "``paipu.point`` as a number",
}
"""Columns of :func:`games` and what each holds."""

STATS: dict[str, str] = {
    "games": "games the player finished (the log has final results)",
    "rounds": "rounds the player sat in that end with a win or a draw",
    "rank_1": "share of games finished 1st (``paipu.rank``)",
    "rank_2": "share of games finished 2nd",
    "rank_3": "share of games finished 3rd",
    "rank_4": "share of games finished 4th",
    "avg_rank": "mean rank (平均順位)",
    "top_rate": "share of games finished 1st (トップ率)",
    "rentai_rate": "share of games finished 1st or 2nd (連対率)",
    "last_rate": "share of games finished 4th (ラス率)",
    "bust_rate": "share of games with a final score below 0 (飛び率)",
    "avg_score": "mean final score (``paipu.defen``)",
    "avg_point": "mean ``paipu.point`` as a number",
    "win_rate": "rounds won / rounds (和了率; both winners of a double ron count)",
    "deal_in_rate": "deal-ins / rounds (放銃率; a double ron is one deal-in, see double_ron)",
    "riichi_rate": "rounds with riichi declared, the ronned declaration tile included / rounds (立直率)",
    "call_rate": "rounds with a chi, pon or open kan / rounds (副露率)",
    "draw_rate": "rounds ending in an exhaustive draw (荒牌平局, 流し満貫) / rounds (流局率)",
    "abort_rate": "rounds ending in an abortive draw / rounds (途中流局率)",
    "avg_win": "mean ``hule.defen`` over wins (平均打点: pao share included, honba and sticks not)",
    "avg_win_net": "mean of the winner's ``fenpei`` over wins (honba and sticks included)",
    "avg_deal_in": "mean paid by the discarder per deal-in (平均放銃点, honba included; "
                   "a double ron is one deal-in with both payments summed)",
    "tsumo_rate": "wins by tsumo / wins (ツモ率)",
    "dama_rate": "wins with a closed hand and no riichi / wins (ダマ率)",
    "tenpai_at_draw": "exhaustive draws with the player's hand shown (tenpai) / exhaustive draws (流局時聴牌率)",
    "riichi_win": "riichi rounds won / riichi rounds",
    "riichi_deal_in": "riichi rounds dealt in / riichi rounds",
    "call_win": "call rounds won / call rounds",
    "call_deal_in": "call rounds dealt in / call rounds",
    "ippatsu_rate": "riichi wins with 一発 / riichi wins",
    "ura_rate": "riichi wins with 裏ドラ worth more than 0 han / riichi wins",
    "avg_win_turn": "mean over wins of the player's own discards before the win, plus 1",
    "avg_riichi_turn": "mean over riichi rounds of the player's own discards before the riichi discard, plus 1",
    "wins": "number of wins",
    "deal_ins": "number of deal-ins (see double_ron)",
    "riichi_rounds": "number of rounds with riichi",
    "call_rounds": "number of rounds with a chi, pon or open kan",
    "draws": "number of exhaustive draws",
    "aborts": "number of abortive draws",
    "yaku_counts": "{yaku: count} over wins: 1 per win with the yaku, dora-type entries (ドラ, "
                   "赤ドラ, 裏ドラ) their han; 場風/自風/翻牌/役牌 names merged as 翻牌",
    "draw_reasons": "{pingju name: count} over the player's rounds",
}
"""Every column of :func:`summary`, in order, with its definition (``docs/stats.md``). Rates
are fractions; a stat whose denominator is 0 is NaN."""

RATE_COLUMNS: dict[str, str] = {
    "win_rate": "win",
    "deal_in_rate": "deal_in",
    "riichi_rate": "riichi",
    "call_rate": "called",
}
"""The four headline rates (with ``double_ron="once"``) and the boolean column of
:func:`rounds` whose mean over the player's rounds each is."""


# -- reading the events ----------------------------------------------------------------


def _name(logged: str) -> str:
    return logged.split("\n", 1)[0]


def _yaku(win: Win) -> dict[str, int]:
    return {
        yaku.name: yaku.han if yaku.name in _DORA else 1
        for yaku in win.yaku
        if yaku.name not in _DORA or yaku.han
    }


class _Facts(Observer):
    """The observer of a walk over the games that gathers the rows of the two tables:
    per round, each seat's discards, riichi, calls, wins, deal-ins and the draw, read
    from the events as logged."""

    def __init__(self) -> None:
        self.round_rows: list[tuple] = []
        self.game_rows: list[tuple] = []
        self.chunks: list[pd.DataFrame] = []
        self.game_index = -1

    def on_game_start(self, game: Game) -> None:
        self.game_index += 1
        self.names = [_name(name) for name in game.players]

    def on_deal(self, step: Step) -> None:
        seats = range(len(step.event.hands))  # type: ignore[union-attr]
        self.discards = [0 for _ in seats]
        self.riichi_turn: list[int | None] = [None for _ in seats]
        self.calls = [0 for _ in seats]
        self.wins: dict[int, tuple[Win, int]] = {}
        self.deal_ins = [0 for _ in seats]
        self.paid = [0 for _ in seats]
        self.ending: NoWin | None = None

    def on_discard(self, step: Step) -> None:
        event: Discard = step.event  # type: ignore[assignment]
        seat = event.seat
        self.discards[seat] += 1
        if event.riichi:
            self.riichi_turn[seat] = self.discards[seat]

    def on_call(self, step: Step) -> None:
        self.calls[step.event.seat] += 1  # type: ignore[union-attr]

    def on_win(self, step: Step) -> None:
        win: Win = step.event  # type: ignore[assignment]
        self.wins[win.seat] = (win, self.discards[win.seat] + 1)
        if win.discarder is not None:
            self.deal_ins[win.discarder] += 1
            self.paid[win.discarder] -= win.payments[win.discarder]

    def on_no_win(self, step: Step) -> None:
        self.ending = step.event  # type: ignore[assignment]

    def on_round_end(self, step: Step) -> None:
        round_ = step.round
        if round_ is not None and round_.is_complete:
            self.round_rows.extend(self._rows(step.game, step.round_index, round_))

    def _rows(self, game: Game, index: int, round_: Round) -> list[tuple]:
        """The rows of :data:`ROUND_COLUMNS` for every seat of one finished round."""
        ending, names, wins, riichi_turn = self.ending, self.names, self.wins, self.riichi_turn
        draw = ending is not None and ending.name in EXHAUSTIVE_DRAWS
        abort = ending is not None and not draw
        reason = None if ending is None else ending.name
        changes = round_.score_changes()
        label = round_.label
        rows = []
        for seat in range(round_.players):
            player = round_.player_of(seat)
            riichi = riichi_turn[seat] is not None
            if seat in wins:
                win, turn = wins[seat]
                win_facts = (
                    True, "ron" if win.discarder is not None else "tsumo", win.points, win.payments[seat], turn,
                    win.hand.is_closed and not riichi,
                    any(yaku.name == "一発" for yaku in win.yaku),
                    any(yaku.name == "裏ドラ" and yaku.han for yaku in win.yaku),
                    _yaku(win),
                )
            else:
                win_facts = (False, None, None, None, None, None, None, None, None)
            rows.append((
                game.source, self.game_index, index, label, seat, player, names[player], seat == 0,
                riichi, riichi_turn[seat], self.calls[seat], self.calls[seat] > 0,
                *win_facts,
                self.deal_ins[seat] > 0, self.deal_ins[seat], self.paid[seat] if self.deal_ins[seat] else None,
                draw, abort, reason, (ending.hands[seat] is not None) if draw else None,  # type: ignore[union-attr]
                changes[seat],
            ))
        return rows

    def on_game_end(self, step: Step) -> None:
        game = step.game
        if len(self.round_rows) >= _CHUNK:
            self.chunks.append(_columns(self.round_rows))
            self.round_rows = []
        finished = game.ranks is not None and game.final_scores is not None and game.points is not None
        for player, name in enumerate(self.names):
            self.game_rows.append((
                game.source, self.game_index, player, name,
                game.ranks[player] if finished else None,  # type: ignore[index]
                game.final_scores[player] if finished else None,  # type: ignore[index]
                _point(game.points[player]) if finished else None,  # type: ignore[index]
            ))

    def result(self) -> "Tables":
        chunks = [*self.chunks, _columns(self.round_rows)]
        rounds_table = pd.concat(chunks, ignore_index=True).astype(_CATEGORIES)  # categories differ by chunk
        games_table = pd.DataFrame(self.game_rows, columns=list(GAME_COLUMNS)).astype(_GAME_DTYPES)
        return Tables(rounds_table, games_table)


def _point(text: object) -> float | None:
    """A final point as a number; ``None`` (NA) for one that is not a decimal number (the
    readers refuse such a log; a game made in Python may still hold one)."""
    return float(text) if DECIMAL.fullmatch(str(text)) else None  # type: ignore[arg-type]


_ROUND_DTYPES = {
    "game": "int64", "round": "int64", "seat": "int64", "player": "int64", "dealer": "bool",
    "riichi": "bool", "riichi_turn": "Int64", "calls": "int64", "called": "bool",
    "win": "bool", "win_value": "Int64", "win_net": "Int64", "win_turn": "Int64",
    "dama": "boolean", "ippatsu": "boolean", "ura": "boolean", "yaku": "object",
    "deal_in": "bool", "deal_ins": "int64", "deal_in_amount": "Int64",
    "draw": "bool", "abort": "bool", "tenpai": "boolean", "score_change": "int64",
}
_GAME_DTYPES = {"game": "int64", "player": "int64", "rank": "Int64", "score": "Int64", "point": "Float64"}
_CATEGORIES = {column: "category" for column in ("source", "label", "name", "win_type", "draw_reason")}
_CHUNK = 1 << 16
"""Round rows are turned into columns this many at a time: rows held as tuples take
several times the memory of the same rows in columns."""


def _columns(rows: list[tuple]) -> pd.DataFrame:
    # Column by column: a DataFrame made from the rows at once keeps a 2-D object array
    # of every column alive behind its object columns.
    columns = zip(*rows) if rows else ((),) * len(ROUND_COLUMNS)
    frame = pd.DataFrame(dict(zip(ROUND_COLUMNS, map(list, columns))))
    return frame.astype({**_ROUND_DTYPES, **_CATEGORIES})


@dataclass(frozen=True)
class Tables:
    """The tidy tables of one pass over some games (see :func:`tables`).

    ``rounds``: one row per game, round and seat (:data:`ROUND_COLUMNS`); ``games``: one
    row per game and player (:data:`GAME_COLUMNS`).
    """

    rounds: pd.DataFrame
    games: pd.DataFrame

    def summary(self, player: str | int | None = None, double_ron: DoubleRon = "once") -> pd.DataFrame:
        """The per-player summary of these tables; see :func:`summary`."""
        return _summarize(of_player(self.rounds, player), of_player(self.games, player), double_ron)


def tables(source: GameSource) -> Tables:
    """Read the games of ``source`` once into :class:`Tables`: the rounds table and the
    games table. Rounds the log stops in the middle of are left out of ``rounds``; a game
    without final results has NA rank, score and point in ``games``."""
    return walk(source, _Facts())


def rounds(games: GameSource) -> pd.DataFrame:
    """One row per game, round and seat with the player's facts of the round.

    The columns and their definitions are :data:`ROUND_COLUMNS`: identifiers (source,
    round index and label, seat, player index and name, dealer), riichi and its turn,
    calls, the win (type, value, net, turn, dama, 一発, 裏ドラ, yaku), the deal-in and its
    amount, exhaustive or abortive draw, tenpai at an exhaustive draw, the score change.
    Only finished rounds are listed. Everything is read from the logged events; nothing
    needs the validating replay.
    """
    return tables(games).rounds


def games(games: GameSource) -> pd.DataFrame:
    """One row per game and player: rank, final score and point (:data:`GAME_COLUMNS`),
    as logged (NA for a game whose log has no final results)."""
    return tables(games).games


def of_player(table: pd.DataFrame, player: str | int | None) -> pd.DataFrame:
    """The rows of a :func:`rounds` or :func:`games` table that belong to ``player``: by
    name (exact match on the name with anything after a newline removed) or, given an
    int, by player index in each game. ``None`` selects every row."""
    if player is None:
        return table
    column = "player" if isinstance(player, int) else "name"
    return table[table[column] == (player if isinstance(player, int) else _name(player))]


def summary(games: GameSource, player: str | int | None = None, double_ron: DoubleRon = "once") -> pd.DataFrame:
    """One row per player (indexed by name) with every stat of ``docs/stats.md`` (:data:`STATS`).

    ``player`` keeps one player, by name or by player index (the rows of whoever sat at
    that index, still one row per name). ``double_ron="once"`` (default, Tenhou
    tradition and majiang-analog) counts a double ron as one deal-in for the discarder
    with both payments summed; ``"each"`` (Mortal, mjai) counts one deal-in per winner,
    which changes ``deal_in_rate``, ``riichi_deal_in``, ``call_deal_in``, ``deal_ins`` and
    ``avg_deal_in`` (then the mean per winner's payment).

    Rows are sorted by games, then rounds (most first), then name. Everything is read
    from the logged events; no stat needs the validating replay.
    """
    return tables(games).summary(player, double_ron)


# -- summarising -------------------------------------------------------------------------


def _ratio(numerator: pd.Series, denominator: pd.Series) -> pd.Series:
    return numerator.astype(float) / denominator.where(denominator > 0).astype(float)


def _merged_yaku(name: str) -> str:
    return "翻牌" if name.startswith(("場風", "自風", "翻牌", "役牌")) else name


def _counts_by_player(names: Iterable[str], items: Iterable[dict[str, int] | str]) -> dict[str, dict[str, int]]:
    counts: dict[str, Counter] = {}
    for name, item in zip(names, items):
        counter = counts.setdefault(name, Counter())
        if isinstance(item, dict):
            for yaku, count in item.items():
                counter[_merged_yaku(yaku)] += count
        else:
            counter[item] += 1
    return {name: dict(counter.most_common()) for name, counter in counts.items()}


def _summarize(rounds_table: pd.DataFrame, games_table: pd.DataFrame, double_ron: DoubleRon) -> pd.DataFrame:
    if double_ron not in ("once", "each"):
        raise ValueError(f"double_ron must be 'once' or 'each', not {double_ron!r}")
    r = rounds_table
    deal = (r["deal_in"] if double_ron == "once" else r["deal_ins"]).astype(int)
    win, riichi, called = r["win"], r["riichi"], r["called"]
    won = win.to_numpy()
    facts = pd.DataFrame({  # booleans sum to counts
        "name": r["name"],
        "rounds": 1,
        "wins": win,
        "deal_ins": deal,
        "riichi_rounds": riichi,
        "call_rounds": called,
        "draws": r["draw"],
        "aborts": r["abort"],
        "tsumo": r["win_type"] == "tsumo",
        "dama": r["dama"].fillna(False),
        "tenpai": r["tenpai"].fillna(False),
        "riichi_won": riichi & win,
        "riichi_dealt": deal.where(riichi, 0),
        "call_won": called & win,
        "call_dealt": deal.where(called, 0),
        "ippatsu": r["ippatsu"].fillna(False) & riichi,
        "ura": r["ura"].fillna(False) & riichi,
        "win_value": r["win_value"].fillna(0),
        "win_net": r["win_net"].fillna(0),
        "deal_in_amount": r["deal_in_amount"].fillna(0),
        "win_turn": r["win_turn"].fillna(0),
        "riichi_turn": r["riichi_turn"].fillna(0),
    })
    s = facts.groupby("name", sort=False, observed=True).sum()
    by_round = pd.DataFrame({
        "rounds": s["rounds"],
        "win_rate": _ratio(s["wins"], s["rounds"]),
        "deal_in_rate": _ratio(s["deal_ins"], s["rounds"]),
        "riichi_rate": _ratio(s["riichi_rounds"], s["rounds"]),
        "call_rate": _ratio(s["call_rounds"], s["rounds"]),
        "draw_rate": _ratio(s["draws"], s["rounds"]),
        "abort_rate": _ratio(s["aborts"], s["rounds"]),
        "avg_win": _ratio(s["win_value"], s["wins"]),
        "avg_win_net": _ratio(s["win_net"], s["wins"]),
        "avg_deal_in": _ratio(s["deal_in_amount"], s["deal_ins"]),
        "tsumo_rate": _ratio(s["tsumo"], s["wins"]),
        "dama_rate": _ratio(s["dama"], s["wins"]),
        "tenpai_at_draw": _ratio(s["tenpai"], s["draws"]),
        "riichi_win": _ratio(s["riichi_won"], s["riichi_rounds"]),
        "riichi_deal_in": _ratio(s["riichi_dealt"], s["riichi_rounds"]),
        "call_win": _ratio(s["call_won"], s["call_rounds"]),
        "call_deal_in": _ratio(s["call_dealt"], s["call_rounds"]),
        "ippatsu_rate": _ratio(s["ippatsu"], s["riichi_won"]),
        "ura_rate": _ratio(s["ura"], s["riichi_won"]),
        "avg_win_turn": _ratio(s["win_turn"], s["wins"]),
        "avg_riichi_turn": _ratio(s["riichi_turn"], s["riichi_rounds"]),
        "wins": s["wins"],
        "deal_ins": s["deal_ins"],
        "riichi_rounds": s["riichi_rounds"],
        "call_rounds": s["call_rounds"],
        "draws": s["draws"],
        "aborts": s["aborts"],
    })
    yaku = _counts_by_player(r["name"].to_numpy()[won], r["yaku"].to_numpy()[won])
    ended = r["draw_reason"].notna().to_numpy()
    reasons = _counts_by_player(r["name"].to_numpy()[ended], r["draw_reason"].to_numpy()[ended])

    g = games_table.dropna(subset=["rank"])
    ranks = g["rank"].astype(int)
    places = pd.DataFrame({"name": g["name"], "games": 1, "rank": ranks, "bust": g["score"] < 0,
                           "score": g["score"], "point": g["point"],
                           **{f"rank_{k}": ranks == k for k in range(1, 5)}})
    t = places.groupby("name", sort=False).sum()
    by_game = pd.DataFrame({
        "games": t["games"],
        **{f"rank_{k}": _ratio(t[f"rank_{k}"], t["games"]) for k in range(1, 5)},
        "avg_rank": _ratio(t["rank"], t["games"]),
        "top_rate": _ratio(t["rank_1"], t["games"]),
        "rentai_rate": _ratio(t["rank_1"] + t["rank_2"], t["games"]),
        "last_rate": _ratio(t["rank_4"], t["games"]),
        "bust_rate": _ratio(t["bust"], t["games"]),
        "avg_score": _ratio(t["score"], t["games"]),
        "avg_point": _ratio(t["point"], t["games"]),
    })
    result = by_game.join(by_round, how="outer")
    result[["games", "rounds"]] = result[["games", "rounds"]].fillna(0).astype(int)
    counts = ["wins", "deal_ins", "riichi_rounds", "call_rounds", "draws", "aborts"]
    result[counts] = result[counts].fillna(0).astype(int)
    result["yaku_counts"] = [yaku.get(name, {}) for name in result.index]
    result["draw_reasons"] = [reasons.get(name, {}) for name in result.index]
    result.index.name = "player"
    result = result.reset_index().sort_values(["games", "rounds", "player"], ascending=[False, False, True])
    return result.set_index("player")[list(STATS)]


# -- presentation ----------------------------------------------------------------------

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


def _cell(value: float, style: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if style == "rate":
        return f"{value:.3f}".removeprefix("0")
    return style.format(value)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _records(summary_table: pd.DataFrame) -> list[dict]:
    records = []
    for player, row in summary_table.iterrows():
        record: dict = {"player": player}
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
    """A :func:`summary` as text.

    ``"table"``: the table of ``docs/stats.md`` ("What paipu stats prints"), one line per player (games, rounds, rank
    shares, average rank, win, deal-in, riichi and call rates, average win); ``"csv"``:
    every stat, ``player`` first, ``yaku_counts`` and ``draw_reasons`` as JSON text;
    ``"json"``: a list with one object per player, ``player`` (the name) and every stat
    under its name, rates as fractions, NaN as ``null``.
    """
    records = _records(summary_table)
    if format == "json":
        return json.dumps(records, ensure_ascii=False, indent=1) + "\n"
    if format == "csv":
        for record in records:
            for stat in ("yaku_counts", "draw_reasons"):
                record[stat] = json.dumps(record[stat], ensure_ascii=False)
        return pd.DataFrame(records, columns=["player", *STATS]).to_csv(index=False)
    if format != "table":
        raise ValueError(f"format must be 'table', 'csv' or 'json', not {format!r}")
    header = ["player", *(title for title, _, _ in _SEED)]
    lines = [header] + [
        [record["player"], *(_cell(record[stat], style) for _, stat, style in _SEED)] for record in records
    ]
    widths = [max(_width(line[column]) for line in lines) for column in range(len(header))]

    def layout(line: list[str]) -> str:
        name = line[0] + " " * (widths[0] - _width(line[0]))
        return "  ".join([name, *(cell.rjust(width) for cell, width in zip(line[1:], widths[1:]))])

    return "\n".join(layout(line) for line in lines) + "\n"
