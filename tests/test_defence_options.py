"""The defence's options (issue 32): a chasing riichi's declaration tile, per riichi player
or the highest over them, three-player 1m/9m, push or fold by situation, the logged rounds
past the end, and ``paipu stats --defence``. Small games written here and counted by hand;
a recount of the chasing declarations from the raw events of a corpus."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pandas as pd
import pytest

from paipu import defence
from paipu.cli import main
from paipu.danger import danger
from paipu.engine import PastTheEndWarning

from conftest import corpus, raw_games


def _event(kind: str, **body: object) -> dict:
    return {kind: body}


def _deal(scores: list[int], hands: list[str], jushu: int = 0, wind: int = 0) -> dict:
    return _event("qipai", zhuangfeng=wind, jushu=jushu, changbang=0, lizhibang=0, defen=scores, baopai="s9",
                  shoupai=hands)


def _win(seat: int, hand: str, discarder: int, yaku: list[tuple[str, int]], value: int, payments: list[int]) -> dict:
    return _event("hule", l=seat, shoupai=hand, baojia=discarder, fubaopai=["s9"], fu=30,
                  fanshu=sum(han for _, han in yaku), defen=value,
                  hupai=[{"name": name, "fanshu": han} for name, han in yaku], fenpei=payments)


# Game A, 東1 of an East-South game, everyone at 25,000. Dealer seat 0 declares a double
# riichi on z1 (waits p6/p9); seat 1 discards p3; seat 2 chases: riichi on z3; seat 3
# discards p6, ronned by seat 0 (double riichi, ippatsu, pinfu, ittsu: 18,000).
CHASE = {"title": "chasing riichi", "player": ["A0", "A1", "A2", "A3"], "qijia": 0, "log": [[
    _deal([25000] * 4, ["m123456789p5578", "m1199p13s1357z567", "s123456789z1122", "p2244668s2468z44"]),
    _event("zimo", l=0, p="z1"), _event("dapai", l=0, p="z1*"),
    _event("zimo", l=1, p="p4"), _event("dapai", l=1, p="p3"),
    _event("zimo", l=2, p="z3"), _event("dapai", l=2, p="z3*"),
    _event("zimo", l=3, p="p6"), _event("dapai", l=3, p="p6"),
    _win(0, "m123456789p5578p6", 3, [("ダブル立直", 2), ("一発", 1), ("平和", 1), ("一気通貫", 2)], 18000,
         [20000, 0, 0, -18000]),
]]}

# Game B, 東4 of an East-only game (オーラス), scores by seat 25,000 20,000 30,000 25,000:
# seat 2 first, then seats 3 and 0 tied, seat 3 nearer the first dealer ((3 + seat) % 4:
# 2 against 3), seat 1 last (in 東4 seat s is player B(3 + s) % 4). Seat 1 (not the dealer) declares riichi at its first discard;
# seats 2, 3 and 0 discard facing it, seat 0's p6 ronned.
LAST_ROUND = {"title": "last round", "player": ["B0", "B1", "B2", "B3"], "qijia": 0, "rule": {"場数": 1}, "log": [[
    _deal([25000, 20000, 30000, 25000],
          ["m1199p19s19z12345", "m123456789p5578", "s123456789z6677", "p2244668s2468z44"], jushu=3),
    _event("zimo", l=0, p="z5"), _event("dapai", l=0, p="z5_"),
    _event("zimo", l=1, p="z1"), _event("dapai", l=1, p="z1*"),
    _event("zimo", l=2, p="z6"), _event("dapai", l=2, p="z6_"),
    _event("zimo", l=3, p="z4"), _event("dapai", l=3, p="z4_"),
    _event("zimo", l=0, p="p6"), _event("dapai", l=0, p="p6_"),
    _win(1, "m123456789p5578p6", 0, [("ダブル立直", 2), ("一発", 1), ("平和", 1), ("一気通貫", 2)], 12000,
         [-12000, 13000, 0, 0]),
]]}

# Game C, three players: seat 0 in riichi on z1; seat 1 discards its third m1 (one copy
# unseen), seat 2 sets a North aside and discards its second m9 (two unseen: seat 1's two
# m9 are not in its view), seat 1 then p1 (a pin keeps the seed's class: 1/9 no-suji),
# seat 2 its last North (its own and the one set aside seen: two unseen).
SANMA = {"title": "sanma", "player": ["C0", "C1", "C2"], "qijia": 0, "log": [[
    _deal([35000] * 3, ["p123456789s1155", "m1199p1s2468z5567", "m9p1199s3579z2234"]),
    _event("zimo", l=0, p="z1"), _event("dapai", l=0, p="z1*"),
    _event("zimo", l=1, p="m1"), _event("dapai", l=1, p="m1_"),
    _event("zimo", l=2, p="z4"), _event("penuki", l=2, p="z4"), _event("zimo", l=2, p="m9"),
    _event("dapai", l=2, p="m9_"),
    _event("zimo", l=0, p="z7"), _event("dapai", l=0, p="z7_"),
    _event("zimo", l=1, p="z6"), _event("dapai", l=1, p="p1"),
    _event("zimo", l=2, p="s8"), _event("dapai", l=2, p="z4"),
]]}

# Game D: game B, then game A's round as 南1, which the East-only rule would not play.
PAST_THE_END = dict(LAST_ROUND, title="past the end", log=[
    LAST_ROUND["log"][0],
    [_event("qipai", **dict(CHASE["log"][0][0]["qipai"], zhuangfeng=1, defen=[13000, 33000, 30000, 24000])),
     *CHASE["log"][0][1:]]])


def _write(folder: Path, name: str, paipu_: dict) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(paipu_, ensure_ascii=False), encoding="utf-8")
    return path


def _rows(table: pd.DataFrame, *columns: str) -> list[tuple]:
    return [tuple(row) for row in table[list(columns)].itertuples(index=False)]


def test_a_chasing_riichi_and_two_riichi_players_counted_by_hand(tmp_path):
    result = defence.defence(_write(tmp_path, "chase", CHASE))
    # against dealer seat 0 (genbutsu z1, then p3 and z3 discarded after its riichi):
    # p3 3/7 no-suji (p6 not genbutsu); z3 seen once by seat 2, in its hand: 3 unseen;
    # p6 half-suji (p3 genbutsu, p9 not). Against seat 2 (genbutsu z3 only): p6 no-suji.
    assert _rows(result.threats, "seat", "tile", "opponent", "label", "value", "ronned", "chasing") == [
        (1, "p3", 0, "3/7 no-suji", 8, False, False),
        (2, "z3", 0, "honour 3 unseen", 3, False, True),
        (3, "p6", 0, "4-6 half-suji", 8, True, False),
        (3, "p6", 2, "4-6 no-suji", 12, False, False),
    ]
    # the dealer's riichi at its first discard (early); seat 3 faces two riichi
    assert _rows(result.discards, "name", "riichi_players", "chasing", "dealer_riichi", "riichi_turn", "all_last",
                 "placement", "dealt_in") == [
        ("A1", 1, False, True, 1, False, 2, False), ("A2", 1, True, True, 1, False, 3, False),
        ("A3", 2, False, True, 1, False, 4, True)]

    each = defence.danger_table(result.threats)
    assert each["discards"].to_dict() == {"3/7 no-suji": 1, "4-6 half-suji": 1, "4-6 no-suji": 1,
                                          "honour 3 unseen": 1}
    assert each["deal_ins"].to_dict() == {"3/7 no-suji": 0, "4-6 half-suji": 1, "4-6 no-suji": 0,
                                          "honour 3 unseen": 0}
    # the highest over the riichi players: p6 once, as 4-6 no-suji (12), dealt in (by seat 0)
    highest = defence.danger_table(result.threats, against="highest")
    assert highest["discards"].to_dict() == {"3/7 no-suji": 1, "4-6 no-suji": 1, "honour 3 unseen": 1}
    assert highest.loc["4-6 no-suji", "deal_ins"] == 1 and highest.loc["4-6 no-suji", "value"] == 12
    # without the chasing declaration tile z3
    assert "honour 3 unseen" not in defence.danger_table(result.threats, chasing=False).index
    assert defence.danger_table(result.threats, chasing=False, against="highest")["discards"].sum() == 2
    with pytest.raises(ValueError, match="against"):
        defence.danger_table(result.threats, against="most")  # type: ignore[arg-type]


def test_placement_in_the_last_round_ties_to_the_seat_nearer_the_first_dealer(tmp_path):
    result = defence.defence(_write(tmp_path, "last", LAST_ROUND))
    assert _rows(result.discards, "name", "placement", "all_last", "dealer_riichi", "riichi_turn", "dealt_in") == [
        ("B1", 1, True, False, 1, False), ("B2", 2, True, False, 1, False), ("B3", 3, True, False, 1, True)]
    # z6 (seat 2 holds three: one unseen, 1) and z4 (seat 3 holds three: 1) are the safest
    # held; seat 0's p6 (4-6 no-suji, 12) is above its genbutsu z1... a push
    by_place = defence.push_by(result.discards, "placement")
    assert by_place["discards"].tolist() == [1, 1, 1, 0] and by_place["pushes"].tolist() == [0, 0, 1, 0]
    assert math.isnan(by_place.loc[4, "push_rate"])
    # game A is not a last round: no placement row from it
    both = defence.defence([_write(tmp_path, "last", LAST_ROUND), _write(tmp_path, "chase", CHASE)])
    assert defence.push_by(both.discards, "placement")["discards"].sum() == 3
    assert defence.push_by(both.discards, "dealer")["discards"].to_dict() == {"dealer": 3, "non-dealer": 3}
    assert defence.push_by(both.discards, "riichi_players")["discards"].to_dict() == {"1": 5, "2+": 1}


def test_three_player_1m_and_9m_are_rated_by_their_copies_unseen(tmp_path):
    result = defence.defence(_write(tmp_path, "sanma", SANMA))
    assert _rows(result.threats, "seat", "tile", "label", "value", "wall", "players") == [
        (1, "m1", "sanma 1m/9m 1 unseen", 1, None, 3), (2, "m9", "sanma 1m/9m 2 unseen", 2, None, 3),
        (1, "p1", "1/9 no-suji", 6, None, 3), (2, "z4", "honour 2 unseen", 2, None, 3)]
    # seat 1's safest held was its m1 (1), below its two z5 (two seen: 2)
    assert result.discards.loc[0, ["safest_value", "safest_label"]].tolist() == [1, "sanma 1m/9m 1 unseen"]
    # four players: a 1m with no 4m genbutsu is the seed's 1/9 no-suji (6), and 1/9 suji with it
    assert (danger("m1", set(), 1).label, danger("m1", {3}, 1).value) == ("1/9 no-suji", 3)
    assert (danger("m1", {3}, 1, players=3).label, danger("m9", {8}, 2, players=3).label) == (
        "sanma 1m/9m 1 unseen", "genbutsu")
    # the four-player table has none of them; the three-player one all
    assert defence.danger_table(result.threats).empty
    assert defence.danger_table(result.threats, players=3)["discards"].sum() == 4


def test_push_by_turn_bands_and_shanten_counted_by_hand():
    discards = pd.DataFrame({
        "name": ["x"] * 7 + ["y"], "value": [8, 0, 12, 3, 0, 6, 4, 12], "safest_value": [0, 0, 3, 3, 0, 0, 4, 0],
        "riichi_turn": [1, 6, 7, 12, 13, 18, 6, 7], "shanten": [0, 1, 2, 3, 4, pd.NA, 0, 0],
    })
    by_turn = defence.push_by(discards, "riichi_turn", player="x")
    # x's: early turns 1, 6, 6 (8 > 0 pushed; 0 = 0 and 4 = 4 not); middle 7 (pushed), 12;
    # late 13, 18 (pushed); y's turn 7 left out
    assert by_turn["discards"].to_dict() == {"early (1-6)": 3, "middle (7-12)": 2, "late (13+)": 2}
    assert by_turn["pushes"].to_dict() == {"early (1-6)": 1, "middle (7-12)": 1, "late (13+)": 1}
    by_shanten = defence.push_by(discards, "shanten", most=2)  # 2 stands for 2 or more; NA left out
    assert by_shanten["discards"].tolist() == [3, 1, 3] and by_shanten["pushes"].tolist() == [2, 0, 1]
    # 1 of 2: the Wilson interval (z = 1.96) is 0.0945-0.9055
    assert by_turn.loc["late (13+)", ["push_rate", "push_rate_low", "push_rate_high"]].round(4).tolist() == [
        0.5, 0.0945, 0.9055]
    with pytest.raises(ValueError, match="by must be"):
        defence.push_by(discards, "wind")  # type: ignore[arg-type]


def test_the_rounds_past_the_end_are_rated_and_the_command_names_the_game(tmp_path, capsys):
    path = _write(tmp_path, "past", PAST_THE_END)
    with pytest.warns(PastTheEndWarning, match="past.json#0"):
        result = defence.defence(path)
    assert sorted(set(result.discards.index.map(lambda index: result.threats.loc[
        result.threats["discard"] == index, "round"].iloc[0]))) == [0, 1]
    assert len(result.discards) == 3 + 3  # game B's three, game A's three as 南1
    assert main(["stats", "--defence", "--format", "json", str(path)]) == 0
    captured = capsys.readouterr()
    assert "paipu stats: " in captured.err and "past.json#0" in captured.err and "Warning" not in captured.err
    tables = json.loads(captured.out)
    assert sum(row["discards"] for row in tables["danger"]) == 7  # 3 + 4 rated against a riichi player


def test_stats_defence_prints_the_tables_with_intervals(tmp_path, capsys):
    paths = [str(_write(tmp_path, name, game)) for name, game in
             (("chase", CHASE), ("last", LAST_ROUND), ("sanma", SANMA))]
    assert main(["stats", "--defence", *paths]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "danger:" and "danger, three players:" in lines
    # 4-6 half-suji: 1 of 1 dealt in, the Wilson interval .207-1.000; from fewer than 30
    assert any(line.split() == ["4-6", "half-suji", "8", "1", "1", "1.000*", ".207-1.000"] for line in lines)
    assert lines[-1] == "* from fewer than 30 cases"
    assert main(["stats", "--defence", "--against", "highest", "--without-chasing", "--format", "json",
                 *paths]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert {row["label"]: row["discards"] for row in tables["danger"]} == {
        "3/7 no-suji": 1, "4-6 no-suji": 2, "honour 1 unseen": 2}
    assert tables["danger"][0]["rate_low"] == 0.0 and round(tables["danger"][0]["rate_high"], 4) == 0.7935
    assert main(["stats", "--defence", "--player", "A3", "--format", "csv", *paths]) == 0
    frame = pd.read_csv(io.StringIO(capsys.readouterr().out))
    assert set(frame["table"]) == {"danger", "defence", *(f"push by {by.replace('_', ' ')}" for by in defence.PUSH_BY)}
    assert frame.loc[frame["table"] == "defence", ["name", "discards", "deal_ins"]].values.tolist() == [["A3", 1, 1]]
    assert main(["stats", "--defence", "--player", "nobody", *paths]) == 2
    assert main(["stats", "--defence", "--last", "3", *paths]) == 2
    assert "--last not with --defence" in capsys.readouterr().err


def test_chasing_declarations_equal_a_count_from_the_raw_events():
    """A discard with ``*`` (riichi) while another player has declared riichi that round,
    counted from the raw JSON of real games, against the defence's ``chasing`` column."""
    folder = corpus("tenhou-as-majiang", "mjx-suphnx-2022")
    expected = 0
    for paipu_ in raw_games(folder):
        for log in paipu_["log"]:
            declared: set[int] = set()
            for event in log:
                body = event.get("dapai")
                if body is not None and body["p"].endswith("*"):
                    expected += bool(declared - {body["l"]})
                    declared.add(body["l"])
    result = defence.defence(folder)
    assert expected > 50
    assert result.discards["chasing"].sum() == expected
    assert result.threats.drop_duplicates("discard")["chasing"].sum() == expected


def test_stats_defence_chooses_the_games_by_date(capsys):
    """--since/--until: the discards of the games of 2016-2018 (named by their date, Tenhou
    log ids) and of no other game of the folder."""
    folder = corpus("tenhou-mjlog", "mjx-tests")
    chosen = sorted(path for path in folder.glob("201[678]*.mjlog"))
    expected = len(defence.defence(chosen).threats)
    assert main(["stats", "--defence", "--since", "2016-01-01", "--until", "2018-12-31", "--format", "json",
                 str(folder)]) == 0
    assert len(chosen) == 8 and sum(row["discards"] for row in json.loads(capsys.readouterr().out)["danger"]) == expected


def test_the_decisions_table_rates_a_three_player_1m_as_the_defence_does(tmp_path):
    """paipu.decisions' danger of each discard option, on game C: seat 1's option m1 (its
    third) against seat 0 in riichi (the seat two after it of three) is 1 copy unseen."""
    import paipu

    table = paipu.decisions(_write(tmp_path, "sanma", SANMA)).discards
    option = table[(table["seat"] == 1) & (table["tile"] == "m1")].iloc[0]
    assert (option["class_2"], option["danger_2"]) == ("sanma 1m/9m 1 unseen", 1)


def test_stats_defence_names_an_unreadable_file_and_rates_the_others(tmp_path, capsys):
    good = _write(tmp_path, "chase", CHASE)
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    out = tmp_path / "danger.csv"
    assert main(["stats", "--defence", "--format", "csv", "-o", str(out), str(good), str(bad)]) == 2
    assert "broken.json" in capsys.readouterr().err
    assert pd.read_csv(out)["discards"].sum() == 4  # game A's four rows against a riichi player
