"""Three-player games (三麻): Tenhou's three-player rules scored by hand-worked examples,
the tenhou-sanma preset chosen from the log, every three-player game of the corpora
validated with no rule, and corrupted three-player games caught at the corrupted place.

Every number of the scoring examples is worked out in the comment beside it, from the
rules (docs/rules.md, "Three players") and Tenhou's published point tables, not from
paipu."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import corpus, read_json
from paipu import load
from paipu.game_rule import game_rule
from paipu.events import NorthSetAside, NoWin, Win
from paipu.formats.majiang import game_from_json
from paipu.rules import TENHOU_SANMA, Rule, RuleError
from paipu.scoring import score, tsumo_shares
from paipu.settlement import final_points
from paipu.validation import validate_game

# -- scoring, worked by hand -----------------------------------------------------------------

# South (seat 1) holds p234 p567 s234 z222 and waits on s5 alone (s2345: s234 + s5 pair),
# two Norths set aside (b, b), dora indicator p1: dora p2.
HAND = "p234567s2345z222"
INDICATOR = ["p1"]


def test_a_non_dealer_tsumo_loses_the_absent_players_share():
    # Tsumo s5. Fu: 20 + 2 tsumo + 8 concealed honour triplet (z222) + 2 single wait = 32 → 40.
    # Han: 門前清自摸和 1 + 自風 南 1 + ドラ 3 (p2 once, two Norths) = 5: mangan, base 2,000.
    # The dealer pays 2 x 2,000 = 4,000, West 2,000; the absent North's 2,000 is lost:
    # 6,000 in all, not the 8,000 of four players (ツモ損).
    result = score(HAND + "s5,b,b", players=3, seat_wind="S", dora_indicators=INDICATOR)
    assert [(y.name, y.han) for y in result.yaku] == [("門前清自摸和", 1), ("自風 南", 1), ("ドラ", 3)]
    assert (result.fu, result.han, result.limit) == (40, 5, "mangan")
    assert result.points == 6000 and result.payments == (-4000, 6000, -2000)


def test_honba_are_100_from_each_payer():
    # The same tsumo at 2 honba: each payer adds 2 x 100, the winner gets 2 x 200 more,
    # and one riichi stick on the table: +1,000.
    result = score(HAND + "s5,b,b", players=3, seat_wind="S", dora_indicators=INDICATOR, honba=2,
                   riichi_sticks=1)
    assert result.payments == (-4200, 7400, -2200)
    # A ron at 2 honba: the discarder pays 2 x 200 on top (100 for each of the two payers).
    ron = score(HAND + ",b,b", "s5-", players=3, seat_wind="S", dora_indicators=INDICATOR, honba=2)
    assert ron.payments == (-8400, 8400, 0)


def test_a_ron_is_paid_by_the_discarder_as_with_four_players():
    # Ron on s5 from 上家 (-), the dealer. Fu: 20 + 10 concealed ron + 8 + 2 = 40. Han: 自風 南
    # 1 + ドラ 3 = 4; 40 fu 4 han is 2,560 base, a mangan: 8,000 from the dealer.
    result = score(HAND + ",b,b", "s5-", players=3, seat_wind="S", dora_indicators=INDICATOR)
    assert (result.fu, result.han, result.points) == (40, 4, 8000)
    assert result.payments == (-8000, 8000, 0) and result.discarder == 0
    # From 下家 (+), West: West pays.
    assert score(HAND + ",b,b", "s5+", players=3, seat_wind="S", dora_indicators=INDICATOR).payments == (0, 8000, -8000)


def test_a_dealer_tsumo_is_paid_by_two():
    # East (the dealer) with z111 for z222, in the East round: 門前清自摸和 1 + 場風 東 1 +
    # 自風 東 1 + ドラ 3 = 6 han, haneman, base 3,000. 2 x 3,000 from each of the two others:
    # 12,000 in all (18,000 with four players).
    result = score("p234567s2345z111s5,b,b", players=3, seat_wind="E", dora_indicators=INDICATOR)
    assert result.limit == "haneman" and result.payments == (12000, -6000, -6000)


def test_a_1m_indicator_shows_9m():
    # West tsumo on z2 (a shanpon wait, m99 / z22): 20 + 2 tsumo + 8 (z222 concealed) = 30 fu.
    # 門前清自摸和 1; the indicator m1 shows m9 (no 2m-8m), two of them: ドラ 2. 30 fu 3 han:
    # base 960: the dealer 1,920 → 2,000, South 960 → 1,000.
    result = score("m99p234567s234z22z2", players=3, seat_wind="W", dora_indicators=["m1"])
    assert [(y.name, y.han) for y in result.yaku] == [("門前清自摸和", 1), ("ドラ", 2)]
    assert result.payments == (-2000, -1000, 3000)
    # With four players the same indicator shows m2: no dora, 30 fu 1 han.
    assert score("m99p234567s234z22z2", seat_wind="W", dora_indicators=["m1"]).han == 1


def test_a_west_indicator_makes_each_north_set_aside_two_dora():
    # One North set aside, indicator z3 (West) shows North: the North counts once as 抜きドラ
    # and once as the indicated dora. 門前清自摸和 1 + 自風 南 1 + ドラ 2 = 4 han, 40 fu.
    result = score(HAND + "s5,b", players=3, seat_wind="S", dora_indicators=["z3"])
    assert [(y.name, y.han) for y in result.yaku] == [("門前清自摸和", 1), ("自風 南", 1), ("ドラ", 2)]
    assert result.han == 4


def test_without_tsumo_loss_the_absent_share_is_split():
    # 北家折半: the mangan's absent 2,000 split in two: the dealer pays 4,000 + 1,000, West
    # 2,000 + 1,000: the four-player 8,000 again. A 30 fu 1 han tsumo (base 240) has 300
    # absent: 150 each, rounded up to 200: the dealer 500 + 200, the other 300 + 200.
    rule = TENHOU_SANMA.replace(tsumo_loss=False)
    result = score(HAND + "s5,b,b", players=3, seat_wind="S", dora_indicators=INDICATOR, rule=rule)
    assert result.payments == (-5000, 8000, -3000)
    assert tsumo_shares(240, False, 3, rule) == (700, 500)
    assert tsumo_shares(240, False, 3, TENHOU_SANMA) == (500, 300)


def test_three_player_situations_that_cannot_be():
    with pytest.raises(ValueError, match="only with three players"):
        score(HAND + "s5,b")  # a North set aside at a four-player table
    with pytest.raises(ValueError, match="seat wind 北"):
        score(HAND + "s5", players=3, seat_wind="N")
    with pytest.raises(ValueError, match=r"\+ \(下家\) or - \(上家\)"):
        score(HAND, "s5=", players=3)
    with pytest.raises(ValueError, match="rule for 4 players"):
        score(HAND + "s5", players=3, rule="tenhou")


def test_the_score_command_takes_three_players_and_norths():
    command = [sys.executable, "-m", "paipu", "score", HAND + "s5", "--players", "3", "--north", "2",
               "--seat-wind", "S", "--dora", "p1"]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "40 fu 5 han, mangan (満貫): 6000 points, tsumo" in result.stdout
    assert "East -4000  South (winner) +6000  West -2000" in result.stdout
    four = subprocess.run(command[:5] + command[7:], capture_output=True, text=True)  # --north 2 alone
    assert four.returncode == 2 and "only with three players" in four.stderr


# -- the rule ------------------------------------------------------------------------------


def test_final_points_count_from_40000_with_rank_points_0_and_minus_20():
    # 2020010100gm-00b9-0000-18a1410f: 48,700 / 27,600 / 28,700, rounded to thousands
    # (the rule of 2020): the second 29,000 → -11 + 0; the third 28,000 → -12 - 20 = -32;
    # the top the rest, +43. Exact (2024): 6,800 → -33.2 - 20 = -53.2, 22,500 → -17.5.
    assert final_points([48700, 27600, 28700], [1, 3, 2], TENHOU_SANMA.rank_points, True, 40000) == (
        "43.0", "-32.0", "-11.0")
    assert final_points([75700, 6800, 22500], [1, 3, 2], TENHOU_SANMA.rank_points, False, 40000) == (
        "70.7", "-53.2", "-17.5")


def test_the_sanma_parameters_are_rule_keys():
    rule = Rule.from_json({"人数": 3, "順位点": ["15", "0", "-15"], "ツモ損あり": False, "返し点": 35000})
    assert (rule.players, rule.tsumo_loss, rule.returned_points, rule.north_dora) == (3, False, 35000, True)
    assert Rule.from_json(rule.to_json()) == rule and "人数" not in Rule().to_json()
    with pytest.raises(RuleError, match="needs 3 values for 3 players"):
        Rule.from_json({"人数": 3})
    assert Rule.preset("tenhou-sanma") is TENHOU_SANMA


def test_a_tenhou_sanma_game_gets_the_sanma_rule_of_its_date():
    old = next(iter(load(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls",
                                "2020010100gm-00b9-0000-18a1410f.mjlog"))))
    new = next(iter(load(corpus("tenhou-json", "sanma-engine", "2024010120gm-00b9-0000-e324b88a.json"))))
    for game, rounded in ((old, True), (new, False)):
        rule = game_rule(game)
        assert (rule.players, rule.starting_points, rule.returned_points) == (3, 35000, 40000)
        assert rule.red_fives == (0, 1, 1) and rule.winds == 2 and rule.final_scores_rounded is rounded
    four = validate_game(old, "tenhou")  # a four-player rule on a three-player game: refused
    assert [f.message for f in four] == ["a game of 3 players under a rule for 4 players"]


# -- the corpora ---------------------------------------------------------------------------


def _sanma_games():
    yield from load(corpus("tenhou-json", "sanma-engine"))
    folder = corpus("majiang", "mahjonglm")
    for name in ("2014091101gm-00b9-0000-5ca6b487.json", "2023010100gm-00f1-0000-caffca62.json"):
        yield from load(folder / name)


def test_the_tenhou_json_and_converted_sanma_games_are_valid():
    """The five tenhou.net/6 games and the two converted ones (the 278 mjlog are in
    test_validate_tenhou): zero findings with no rule, and they hold what three players
    do differently (Norths set aside, tsumo, draws, a noten payment of 2,000)."""
    games = list(_sanma_games())
    assert len(games) == 7
    for game in games:
        assert validate_game(game) == [], game.source
    events = [e for g in games for r in g.rounds for e in r.events]
    assert sum(type(e) is NorthSetAside for e in events) > 100
    assert any(type(e) is Win and e.discarder is None for e in events)
    assert any(type(e) is NoWin and sorted(e.payments) in ([-2000, 1000, 1000], [-1000, -1000, 2000])
               for e in events)


# -- corrupted three-player games ------------------------------------------------------------


def _raw():
    """2014091101gm-00b9-0000-5ca6b487 (三鳳南喰赤, as 電脳麻将 JSON): 11 rounds."""
    return read_json(corpus("majiang", "mahjonglm", "2014091101gm-00b9-0000-5ca6b487.json"))


def _findings(raw):
    return [(f.check, f.round, f.event) for f in validate_game(game_from_json(raw, "mutant#0"))]


def _label(raw, index):
    deal = raw["log"][index][0]["qipai"]
    return f"{'東南西北'[deal['zhuangfeng']]}{deal['jushu'] + 1}局{deal['changbang']}本場"


def test_the_unchanged_game_is_valid():
    assert _findings(_raw()) == []


@pytest.mark.parametrize("index, field, change, check", [
    (0, "fenpei", lambda v: [v[0] + 4000, v[1] - 2000, v[2] - 2000], "hule.fenpei"),  # paid as by four
    (0, "fanshu", lambda v: v - 2, "hule.fanshu"),  # the two Norths not counted
    (2, "fenpei", lambda v: [v[0] - 200, v[1] + 100, v[2] + 100], "hule.fenpei"),  # honba 300 as by four
    (10, "fenpei", lambda v: [v[0], v[1] + 100, v[2] - 100], "hule.fenpei"),
    (3, "fu", lambda v: v + 10, "hule.fu"),
])
def test_a_wrong_number_of_a_win_is_reported_once(index, field, change, check):
    raw = _raw()
    position = next(i for i, e in enumerate(raw["log"][index]) if "hule" in e)
    win = raw["log"][index][position]["hule"]
    win[field] = change(win[field])
    assert _findings(raw) == [(check, _label(raw, index), position)]


def test_noten_payments_of_four_players_are_reported_once():
    raw = _raw()
    position = len(raw["log"][8]) - 1
    raw["log"][8][position]["pingju"]["fenpei"] = [3000, -1500, -1500]  # 3,000 as by four
    assert _findings(raw) == [("pingju.fenpei", _label(raw, 8), position)]


def test_a_north_set_aside_by_the_wrong_seat_is_reported_there():
    raw = _raw()
    events = raw["log"][1]
    position = next(i for i, e in enumerate(events) if "penuki" in e)
    seat = events[position]["penuki"]["l"]
    events[position]["penuki"]["l"] = (seat + 1) % 3
    found = _findings(raw)
    assert found[0] == ("penuki", _label(raw, 1), position), found


def test_a_deal_and_the_final_results_are_checked_for_three():
    raw = _raw()
    dealt = copy.deepcopy(raw)
    deal = dealt["log"][1][0]["qipai"]
    deal["defen"] = [deal["defen"][0] + 1000, deal["defen"][1] - 1000, deal["defen"][2]]
    assert _findings(dealt) == [("qipai.defen", _label(raw, 1), 0)]
    pointed = copy.deepcopy(raw)
    pointed["point"][1] = "-36.0"
    assert _findings(pointed) == [("game.point", None, None)]
    extra = copy.deepcopy(raw)
    extra["log"].append(copy.deepcopy(raw["log"][-1]))  # 南3局 is the last hand of three players
    assert _findings(extra) == [("game.rounds", _label(extra, len(raw["log"])), 0)]


def test_three_player_games_converted_by_paipu_stay_valid(tmp_path):
    """``paipu convert`` writes three-player games as 電脳麻将 JSON (penuki, the Norths as
    b in the winning hand, the logs' direction marks); read back they validate as the
    originals, a ron on a North set aside included (2020010118gm-00b9-0000-fec27b29)."""
    mjlog = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010118gm-00b9-0000-fec27b29.mjlog")
    result = subprocess.run([sys.executable, "-m", "paipu", "convert", str(mjlog), str(corpus("tenhou-json", "sanma-engine")),
                             "--to", "majiang", "-o", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    games = list(load(tmp_path))
    assert len(games) == 6 and all(len(game.players) == 3 for game in games)
    for game in games:
        assert validate_game(game) == [], game.source


def test_a_north_set_aside_in_a_four_player_game_is_reported_there():
    """Hostile input: a penuki in a four-player game is a finding at that event (and the
    hand, which holds no North, says so), never an engine error."""
    raw = read_json(Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json")
    events = raw["log"][0]
    position = next(i for i, e in enumerate(events) if "dapai" in e)
    events.insert(position, {"penuki": {"l": events[position]["dapai"]["l"], "p": "z4"}})
    found = validate_game(game_from_json(raw, "mutant#0"))
    assert [(f.check, f.event) for f in found[:2]] == [("penuki", position)] * 2
    assert "only three players" in found[0].message and "not in hand" in found[1].message
