"""The decision table (paipu.decisions): hand-made rounds whose every decision and option
is listed here by hand; the choice made in the legal set on real games; the legal sets
the simulator's; the discard options' shanten and ukeire by another path; the docs'
column list the real one; the command's files."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pandas as pd
import pytest

import paipu
from paipu import cli
from paipu.decisions import DECISION_COLUMNS, DISCARD_COLUMNS, Decisions, _claim_strings, _turn_strings, choice_of
from paipu.simulate import simulate
from paipu.simulate.players import EfficiencyPlayer, Player, RandomPlayer
from paipu.events import Call, Deal, Discard, Draw, Game, KanDraw, NorthSetAside, Round
from paipu.rules import Rule
from paipu.tiles import parse_hand, parse_meld

from conftest import SHARED, corpus

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _game(hands: list[str], events: list, rule: str = "majiang", dora: str = "z7", hand_number: int = 0) -> Game:
    """One round dealt ``hands`` (by seat, seat 0 the dealer) and played ``events``."""
    seats = len(hands)
    deal = Deal(0, hand_number, 0, 0, (35000 if seats == 3 else 25000,) * seats, dora, tuple(map(parse_hand, hands)))
    return Game("hand-made", tuple(f"P{seat}" for seat in range(seats)), 0,
                (Round((deal, *events), 0, seats),), rule=Rule.get(rule).to_json(), source="hand-made#0")


def _rows(tables: Decisions) -> list[tuple]:
    frame = tables.decisions
    return [(row.event, row.seat, row.situation, list(row.options), row.choice)
            for row in frame.itertuples()]


# -- hand-made rounds ----------------------------------------------------------------------

# Seat 1 may pon s5 or chi it two ways and passes; seat 2, ready on s5-s8 with tanyao,
# passes the ron; seat 1 then discards s8, which seat 2 cannot ron (furiten: it let s5 go
# since its last discard) but may chi.
DECLINED = _game(
    ["m111999p111z1123", "p789s34556z55667", "m234567p23466s67", "m888p555s111999z4"],
    [Draw(0, "s5"), Discard(0, "s5", True, False), Draw(1, "s8"), Discard(1, "s8", True, False)],
)


def test_a_declined_ron_a_declined_pon_and_chis_and_furiten_listed_by_hand():
    tables = paipu.decisions(DECLINED)
    assert _rows(tables) == [
        (1, 0, "draw", ["m1", "m9", "p1", "s5", "z1", "z2", "z3"], "s5"),
        (2, 1, "discard", ["s555-", "s345-", "s45-6", "pass"], "pass"),
        (2, 2, "discard", ["ron", "pass"], "pass"),
        (3, 1, "draw", ["p7", "p8", "p9", "s3", "s4", "s5", "s6", "s8", "z5", "z6", "z7"], "s8"),
        (4, 2, "discard", ["s678-", "pass"], "pass"),  # no ron: furiten
    ]
    frame = tables.decisions
    assert frame["legal"].all()
    ron = frame.iloc[2]
    # ready on s5 and s8: one s5 seen (discarded), none of s8
    assert (ron.waits, ron.waits_live, ron.furiten, ron.ron, ron.shanten) == ("s5 s8", 7, False, True, 0)
    passed = frame.iloc[1]
    assert (passed.pons, passed.chis, passed.open_kans, passed.ron) == (1, 2, 0, False)
    furiten = frame.iloc[4]
    # s8 now in view once; s5 once
    assert (furiten.waits, furiten.waits_live, furiten.furiten, furiten.ron) == ("s5 s8", 6, True, False)
    assert list(frame["result"].astype(str)) == ["unfinished"] * 5


# Dealer ready on z2-z3 draws its fourth m1: a closed kan, riichi with m1, or m1 without
# riichi (dama), which it chooses.
UNDECLARED = _game(
    ["m111p234s567z2233", "p111999s111999z4", "m999z555666777z4", "m555666p666777z4"],
    [Draw(0, "m1"), Discard(0, "m1", True, False)],
)


def test_a_kan_option_and_a_riichi_not_declared_when_ready():
    tables = paipu.decisions(UNDECLARED)
    assert _rows(tables) == [
        (1, 0, "draw", ["m1", "p2", "p3", "p4", "s5", "s6", "s7", "z2", "z3", "m1*", "m1111"], "m1"),
    ]
    row = tables.decisions.iloc[0]
    assert (row.discards, row.riichi, row.kans, row.tsumo, row.kyuushu) == (9, 1, 1, False, False)
    discards = tables.discards
    assert list(discards["tile"].astype(str)) == ["m1", "p2", "p3", "p4", "s5", "s6", "s7", "z2", "z3"]
    assert list(discards["riichi"]) == [True] + [False] * 8
    assert list(discards["chosen"]) == [True] + [False] * 8
    m1 = discards.iloc[0]
    # ready on z2 and z3 (two of each held): 2 + 2 live
    assert (m1.shanten, m1.waits, m1.ukeire) == (0, "z2 z3", 4)


# Seat 1 chis s5 with s3-s4: it may not discard s5 nor s2 (喰い替え, 筋喰い替え) after.
KUIKAE = _game(
    ["m111999p222z1123", "p111999s2345z556", "m234567p456s7788", "m888p777s111999z4"],
    [Draw(0, "s5"), Discard(0, "s5", True, False), Call(1, parse_meld("s345-")), Discard(1, "z6", False, False)],
)


def test_kuikae_forbidden_discards_are_not_options():
    assert _rows(paipu.decisions(KUIKAE)) == [
        (1, 0, "draw", ["m1", "m9", "p2", "s5", "z1", "z2", "z3"], "s5"),
        (2, 1, "discard", ["s345-", "pass"], "s345-"),
        (3, 1, "call", ["p1", "p9", "z5", "z6"], "z6"),
    ]


# Three players: the dealer draws a North (set aside, or riichi on z1 or z4), sets it aside,
# draws z1 as its replacement and does not take the win (四暗刻).
NORTH = _game(
    ["m111999p111s111z1", "p999s999z222333z5", "p555s555z666777z5"],
    [Draw(0, "z4"), NorthSetAside(0, "z4"), KanDraw(0, "z1"), Discard(0, "m1", False, False)],
    rule="tenhou-sanma", dora="p2",
)


def test_three_players_with_the_north_option():
    tables = paipu.decisions(NORTH)
    assert _rows(tables) == [
        (1, 0, "draw", ["m1", "m9", "p1", "s1", "z1", "z4", "z1*", "z4*", "north"], "north"),
        (3, 0, "draw", ["m1", "m9", "p1", "s1", "z1", "m1*", "m9*", "p1*", "s1*", "z1*", "tsumo"], "m1"),
    ]
    frame = tables.decisions
    assert list(frame["north"]) == [True, False]
    assert list(frame["tsumo"]) == [False, True]
    assert frame["legal"].all()


def test_three_players_pon_from_the_seat_the_log_marks():
    """Three players, the dealer player 1: seat 0 (player 1) may pon seat 2's (player 0's)
    haku, marked as a three-player log marks player 0 from player 1 (``-``), or ron on it."""
    game = _game(["p111999s11199z55", "m111999p234s234z6", "p555s555777z777z6"],
                 [Draw(0, "z1"), Discard(0, "z1", True, False), Draw(1, "z2"), Discard(1, "z2", True, False),
                  Draw(2, "z5"), Discard(2, "z5", True, False)], rule="tenhou-sanma", dora="p2", hand_number=1)
    rows = _rows(paipu.decisions(game))
    assert [row for row in rows if row[2] == "discard"] == [(6, 0, "discard", ["ron", "z555-", "pass"], "pass")]


def test_an_illegal_choice_is_marked_not_legal():
    """A discard of a tile the kuikae rule forbids is in the table, marked."""
    game = _game(["m111999p222z1123", "p111999s2345z556", "m234567p456s7788", "m888p777s111999z4"],
                 [Draw(0, "s5"), Discard(0, "s5", True, False), Call(1, parse_meld("s345-")),
                  Discard(1, "s2", False, False)])
    frame = paipu.decisions(game).decisions
    assert list(frame["legal"]) == [True, True, False]
    assert frame.iloc[2].choice == "s2"


# -- the tables ----------------------------------------------------------------------------

def _documented(heading: str) -> dict[str, str]:
    text = (DOCS / "decisions.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    rows = {}
    for line in section.split("| column | type | definition |")[1].split("\n\n")[0].splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1].replace("&lt;", "<").replace("&gt;", ">")
    return rows


@pytest.mark.parametrize("heading, columns", [("## The columns of `decisions`", DECISION_COLUMNS),
                                              ("## The columns of `discards`", DISCARD_COLUMNS)])
def test_the_docs_list_every_column_with_its_type(heading, columns):
    documented = _documented(heading)
    assert list(documented) == list(columns)
    for name, kind in columns.items():
        assert documented[name] == re.sub(r"category\d+", "category", kind), name


def test_the_dtypes_are_pyarrow_backed_and_sized():
    tables = paipu.decisions(DECLINED)
    for frame, columns in ((tables.decisions, DECISION_COLUMNS), (tables.discards, DISCARD_COLUMNS)):
        assert list(frame.columns) == list(columns)
        for name, kind in columns.items():
            dtype = frame[name].dtype
            if kind.startswith("category"):
                assert isinstance(dtype, pd.CategoricalDtype), name
            else:
                assert isinstance(dtype, pd.ArrowDtype), name
                assert str(dtype.pyarrow_dtype).replace("item: ", "") == kind, name


# -- real games ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def real() -> Decisions:
    """The decision tables of a sample of real Tenhou games (every 25th of the 1,046
    converted four-player games, and the chosen cases), made once."""
    folder = corpus("tenhou-as-majiang")
    files = sorted(p for p in folder.rglob("*.json*") if "no-game-end" not in p.name and "no-round-end" not in p.name)
    sample = sorted({*files[::25], *(folder / "rmss-samples").glob("*.json*")})
    return paipu.decisions(sample)


def test_every_choice_of_real_games_is_in_its_legal_set(real):
    frame = real.decisions
    illegal = frame[~frame["legal"].fillna(False)]
    assert len(frame) > 20_000
    assert illegal.empty, illegal[["source", "round", "event", "seat", "options", "choice"]].head().to_string()
    assert {"draw", "call", "discard"} <= set(frame["situation"].astype(str))


def test_the_discard_options_shanten_and_ukeire_by_counting_the_hand(real):
    """Shanten and ukeire of each discard option of each round's first turn, worked out
    again from the decision's hand and dora indicator alone (nothing else is in view
    then): the shanten of the hand left (paipu.shanten.shanten), each kind drawn to it
    tried, the copies of those that lower it not in the hand nor the indicator."""
    from paipu.shanten import shanten

    decisions = real.decisions
    firsts = decisions[(decisions["situation"] == "draw") & (decisions["event"] == 1)]
    discards = real.discards.set_index(["source", "round", "event", "seat"]).sort_index()
    checked = 0
    for turn in firsts.itertuples():
        held = parse_hand(turn.hand).counts()
        indicator = paipu.tiles.kind(turn.dora_indicators)
        options = discards.loc[(turn.source, turn.round, turn.event, turn.seat)]
        assert sorted(map(str, options["tile"])) == sorted({str(t) for t in options["tile"]})
        for option in options.itertuples():
            counts = list(held)
            counts[paipu.tiles.kind(option.tile)] -= 1
            after = shanten(counts)
            lowering = [k for k in range(34) if counts[k] < 4 and _shanten_with(counts, k) < after]
            live = sum(4 - held[k] - (k == indicator) for k in lowering)
            assert (option.shanten, option.ukeire) == (after, live), (turn.source, turn.round, option.tile)
            if after == 0:
                assert option.waits == " ".join(paipu.tiles.kind_name(k) for k in lowering)
            checked += 1
    assert checked > 3000


def _shanten_with(counts: list[int], kind: int) -> int:
    from paipu.shanten import shanten

    counts[kind] += 1
    try:
        return shanten(counts)
    finally:
        counts[kind] -= 1


class _Recording(Player):
    """A player that notes each set of options it is given, as action strings, and its choice."""

    def __init__(self, inner: Player, log: list) -> None:
        self.inner, self.log, self.name = inner, log, inner.name

    def turn(self, view, options):
        choice = self.inner.turn(view, options)
        self.log.append((options.seat, _turn_strings(options, False), choice_of(choice)))
        return choice

    def claim(self, view, options):
        choice = self.inner.claim(view, options)
        self.log.append((options.seat, _claim_strings(options), "pass" if choice is None else choice_of(choice)))
        return choice


@pytest.mark.parametrize("seed", range(3))
def test_the_legal_sets_are_the_simulators(seed):
    """On a game the simulator plays (players calling, riichi, kans...), the table gives
    the decisions the simulator asked, in order, each with the options it offered and the
    choice made (but a call another seat's call took precedence over)."""
    log: list = []
    players = [_Recording(EfficiencyPlayer(random.Random(seed * 4 + n), calls=True), log) for n in range(2)]
    players += [_Recording(RandomPlayer(random.Random(seed * 4 + n)), log) for n in range(2, 4)]
    game = simulate(players, seed=seed)
    frame = paipu.decisions(game).decisions
    rows = [(row.seat, list(row.options), row.choice) for row in frame.itertuples()]
    assert [row[:2] for row in rows] == [entry[:2] for entry in log]
    # a call another seat's pon or ron overrode is not in the log: the table has a pass there
    overridden = [(made, wanted) for (_, _, made), (_, _, wanted) in zip(rows, log) if made != wanted]
    assert all(made == "pass" and wanted not in ("pass", "ron") for made, wanted in overridden)
    assert len(overridden) < len(rows) / 50
    assert (frame["situation"] == "discard").any() and frame["legal"].all()


# -- the command ---------------------------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"


def test_the_command_writes_both_tables_as_parquet_with_their_types(tmp_path):
    out = tmp_path / "out.parquet"
    assert cli.main(["decisions", str(SAMPLES), "-o", str(out)]) == 0
    expected = paipu.decisions(SAMPLES)
    for path, frame in ((out, expected.decisions), (tmp_path / "out.discards.parquet", expected.discards)):
        read = pd.read_parquet(path, dtype_backend="pyarrow")
        assert list(read.columns) == list(frame.columns) and len(read) == len(frame)
        assert read.astype(str).equals(frame.astype(str))


def test_the_command_with_jobs_writes_the_same_rows_in_the_same_order(tmp_path):
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    assert cli.main(["decisions", str(SAMPLES), "-o", str(one)]) == 0
    assert cli.main(["decisions", str(SAMPLES), "-o", str(two), "--jobs", "2"]) == 0
    assert pd.read_parquet(one).astype(str).equals(pd.read_parquet(two).astype(str))


def test_csv_writes_lists_as_items_and_a_formula_name_inert(tmp_path):
    game = _game(["m111999p222z1123", "p111999s2345z556", "m234567p456s7788", "m888p777s111999z4"],
                 [Draw(0, "s5"), Discard(0, "s5", True, False)])
    path = tmp_path / "game.json"
    raw = paipu.game_to_json(game)
    raw["player"] = ["=1+2", "B", "C", "D"]
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.csv"
    assert cli.main(["decisions", str(path), "-o", str(out), "--format", "csv"]) == 0
    read = pd.read_csv(out)
    assert read.loc[0, "player"] == "'=1+2"
    assert read.loc[0, "options"] == "m1 m9 p2 s5 z1 z2 z3"
    assert (tmp_path / "out.discards.csv").read_text().startswith("source,round,event,seat,tile,")


def test_an_unreadable_file_is_named_and_the_other_games_written(tmp_path, capsys):
    bad = tmp_path / "logs" / "bad.json"
    bad.parent.mkdir()
    bad.write_text("{not json", encoding="utf-8")
    (tmp_path / "logs" / "good.json").write_text((SAMPLES / "tsumo.json").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out.parquet"
    assert cli.main(["decisions", str(tmp_path / "logs"), "-o", str(out)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert len(pd.read_parquet(out)) > 0


def test_the_benchmark_runs(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_decisions.py"), str(SAMPLES),
                           "--first", "2", "--jobs", "1"], capture_output=True, text=True, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "decisions/s" in done.stdout


def test_on_a_dask_cluster_the_tables_are_a_parquet_dataset_of_the_same_rows(tmp_path):
    pytest.importorskip("distributed", reason="needs Dask (paipu[dask])")
    out = tmp_path / "dataset"
    assert cli.main(["decisions", str(SAMPLES), "-o", str(out), "--dask"]) == 0
    expected = paipu.decisions(SAMPLES)
    read = pd.read_parquet(out / "decisions", dtype_backend="pyarrow")
    assert read.astype(str).reset_index(drop=True).equals(expected.decisions.astype(str))
    assert len(pd.read_parquet(out / "discards")) == len(expected.discards)


def _few(folder: Path, pattern: str, count: int) -> list[str]:
    return [str(path) for path in sorted(folder.glob(pattern))[:count]]


def _every_corpus() -> list[tuple[str, list[str]]]:
    """A few games of every corpus that is not the converted Tenhou games above, each
    under its own rule: the 電脳麻将 engine's games (the first of each rule variant), its
    test scripts, the other converter's games (three players too; the known-bad game's
    wrong number is a score, not a choice), Tenhou's three-player mjlog, tenhou.net/6 JSON
    (four and three players, the Mahjong Soul export, the single-round excerpts)."""
    shared = corpus()
    generated = [f"{path}#0" for path in _few(shared / "generated", "*.json.gz", 44)]
    scripts = [f"{shared / 'majiang' / 'majiang-core-scripts' / 'script.json'}#{n}" for n in range(0, 37, 4)]
    sanma_mjlog = [path for path in _few(shared / "tenhou-mjlog" / "agony5757-mahjong-paipuxmls", "*00b9*", 3)]
    return [("generated", generated), ("majiang-core-scripts", scripts),
            ("mahjonglm", _few(shared / "majiang" / "mahjonglm", "*.json", 17)),
            ("tenhou-mjlog sanma", sanma_mjlog),
            ("tenhou-json", [str(shared / "tenhou-json")])]


@pytest.mark.parametrize("name, paths", _every_corpus() if (SHARED / "corpora").is_dir() else [],
                         ids=lambda value: value if isinstance(value, str) else "")
def test_every_corpus_choices_are_in_their_legal_sets(name, paths):
    frame = paipu.decisions(paths).decisions
    illegal = frame[~frame["legal"].fillna(False)]
    assert len(frame) > 100, name
    assert illegal.empty, illegal[["source", "round", "event", "seat", "options", "choice"]].head().to_string()
