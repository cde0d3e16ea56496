"""Mahjong Soul's rules (issue 29): its three-player ranked rooms recognised in a
tenhou.net/6 export and checked under the majsoul-sanma preset, and kokushi robbing a
closed kan (``kokushi_robs_closed_kan``), on in the Mahjong Soul presets only.

The games are written here by hand in the format tensoul writes; every number is worked
out in the comments from the rules docs/rules.md cites (riichi.wiki's Majsoul page), not
from paipu."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from paipu.game_rule import game_rule
from paipu.events import Game
from paipu.formats.majsoul import majsoul_origin
from paipu.formats.tenhou_json import game_from_tenhou_json
from paipu.rules import MAJSOUL, MAJSOUL_SANMA, PRESETS, RedFives, Rule
from paipu.validation import validate_game

# -- a three-player ranked game ---------------------------------------------------------------

# 三玉の間東喰赤: Jade Room, three players, East only; tensoul's red fives for three players
# (aka51 0: no red 5m). Everybody starts with 35,000.
#
# East 1 (dealer A): A draws 5s and discards it; B's first draw, 8s, completes
# m11 p234 p567 s567 s678: 地和, a yakuman tsumo by a non-dealer. ツモ損: the dealer pays
# 16,000, C 8,000, the absent North's 8,000 is lost: B +24,000.
# A 19,000, B 59,000, C 27,000.
#
# East 2 (dealer B): B draws 6z, discards 5p and waits on 7z alone for kokushi (a pair of
# 5z); C discards 7z: a dealer's yakuman ron, 48,000 from C.
# A 19,000, B 107,000, C -21,000: C is below 0, the game ends (bankruptcy).
#
# Final points (riichi.wiki, Majsoul: (score - 35,000) / 1,000 + uma +15 / 0 / -15):
# B first: 72 + 15 = 87.0; A second: -16 + 0 = -16.0; C third: -56 - 15 = -71.0 (sum 0).
# Under Tenhou's three-player rule ((score - 40,000) / 1,000, 0 for the second, -20 for the
# third, the top the rest): A -21.0, C -61 - 20 = -81.0, B 102.0.
SANMA: dict[str, Any] = {
    "title": ["三玉の間東喰赤", ""], "name": ["A", "B", "C", ""],
    "rule": {"disp": "三玉の間東喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
    "sc": [19000, -16.0, 107000, 87.0, -21000, -71.0, 0, 0],
    "log": [
        [[0, 0, 0], [35000, 35000, 35000, 0], [41], [],
         [21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34], [35], [60],
         [11, 11, 22, 23, 24, 25, 26, 27, 35, 36, 37, 36, 37], [38], [],
         [28, 28, 29, 38, 39, 39, 44, 45, 46, 47, 31, 32, 33], [], [],
         [], [], [],
         ["和了", [-16000, 24000, -8000, 0], [1, 1, 1, "役満8000-16000点", "地和(役満)"]]],
        [[1, 0, 0], [19000, 59000, 27000, 0], [42], [],
         [27, 27, 28, 28, 29, 36, 36, 37, 38, 39, 34, 34, 35], [], [],
         [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 45, 25], [46], [25],
         [47, 22, 22, 23, 23, 24, 24, 32, 33, 34, 35, 36, 37], [38], [47],
         [], [], [],
         ["和了", [0, 48000, -48000, 0], [1, 2, 1, "役満48000点", "国士無双(役満)"]]],
    ],
}


def _sanma(disp: str = "三玉の間東喰赤") -> dict[str, Any]:
    raw = copy.deepcopy(SANMA)
    raw["rule"]["disp"] = raw["title"][0] = disp
    return raw


def test_a_three_player_ranked_game_validates_clean_under_its_rooms_rule():
    game = game_from_tenhou_json(_sanma(), "sanma#0")
    assert (game.origin.platform, len(game.players)) == ("majsoul", 3)
    assert game_rule(game) == MAJSOUL_SANMA.replace(winds=1)  # no --rule: the room's
    assert validate_game(game) == []
    assert validate_game(game, "majsoul-sanma") == []


def test_under_tenhous_three_player_rule_its_final_points_are_findings():
    game = game_from_tenhou_json(_sanma(), "sanma#0")
    findings = validate_game(game, "tenhou-sanma")
    assert [(f.check, f.message) for f in findings] == [
        ("game.point", "points by player: the rules give ['-21.0', '102.0', '-81.0'], "
                       "the log says ['-16.0', '87.0', '-71.0']")]


def test_the_sanma_preset_is_the_four_player_one_for_three():
    # riichi.wiki, Majsoul: 3P 35,000 start, uma +15/0/-15, red 5p and 5s only, tsumo
    # loss by default; the game ends at 40,000 as with Tenhou's (its return).
    assert PRESETS["majsoul-sanma"] is MAJSOUL_SANMA
    assert MAJSOUL_SANMA == MAJSOUL.replace(players=3, starting_points=35000, returned_points=40000,
                                            rank_points=("20.0", "5.0", "-10.0"), red_fives=RedFives(0, 1, 1))
    assert MAJSOUL_SANMA.tsumo_loss and MAJSOUL_SANMA.north_dora and MAJSOUL_SANMA.kokushi_robs_closed_kan


ROOMS = [f"三{room}の間{length}喰赤" for room in ("銅", "銀", "金", "玉", "王座") for length in ("東", "南")]


@pytest.mark.parametrize("disp", ROOMS + ["3玉の間南喰赤", "3-Player Gold Room South", "Throne Room East"])
def test_each_three_player_room_is_recognised(disp):
    """tensoul writes 三 before a three-player room (its Japanese names), ``3`` in one
    version, ``3-Player `` in English, and in English once nothing: the log's three
    players say it."""
    game = game_from_tenhou_json(_sanma(disp), "sanma#0")
    east_only = "東" in disp or "East" in disp
    assert game.origin.platform == "majsoul" and game.origin.room == disp
    assert game_rule(game) == MAJSOUL_SANMA.replace(winds=1 if east_only else 2)


def test_a_three_player_prefix_on_four_players_is_not_a_ranked_room():
    assert majsoul_origin("tenhou-json", "3-Player Gold Room South", 4) is None
    assert dict(majsoul_origin("tenhou-json", "三金の間南喰赤", 3).rule) == {
        "winds": 2, "open_tanyao": True, "red_fives": (0, 1, 1)}
    assert dict(majsoul_origin("tenhou-json", "金の間南喰赤").rule)["red_fives"] == (1, 1, 1)


# -- kokushi robbing a closed kan ----------------------------------------------------------------

# 玉の間南喰赤, East 1: the dealer A holds three 1m, draws the fourth and declares a closed
# kan (111111a11); B is waiting for kokushi on 1m alone (9m 1p 9p 1s 9s, the seven honours,
# a pair of 7z) and robs it: a non-dealer's yakuman ron, 32,000 from A. A 25,000 - 32,000 =
# -7,000 is below 0: the game ends. Final points (riichi.wiki, Majsoul: (score - 25,000) /
# 1,000 + uma +15/+5/-5/-15; C and D tie at 25,000, C first by seat): B 32 + 15 = 47.0,
# C 0 + 5 = 5.0, D 0 - 5 = -5.0, A -32 - 15 = -47.0.
KOKUSHI = [19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 47]
# A hand of a yaku but no kokushi waiting on the same 1m: m23 p111 p999 s111 s99 (三暗刻).
OTHER = [12, 13, 21, 21, 21, 29, 29, 29, 31, 31, 31, 39, 39]


def _robbed_kan(hand: list[int], result: list[Any], final: list[float] | None) -> Game:
    raw = {
        "title": ["玉の間南喰赤", ""], "name": ["A", "B", "C", "D"],
        "rule": {"disp": "玉の間南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}, "sc": final,
        "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [18], [],
                 [11, 11, 11, 12, 13, 14, 25, 26, 27, 32, 33, 34, 38], [11], ["111111a11"],
                 hand, [], [],
                 [12, 13, 14, 22, 23, 24, 25, 26, 27, 32, 33, 34, 35], [], [],
                 [15, 16, 17, 18, 28, 36, 37, 38, 12, 13, 14, 22, 23], [], [],
                 result]],
    }
    return game_from_tenhou_json(raw, "robbed#0")


def _kokushi_robs():
    return _robbed_kan(KOKUSHI, ["和了", [-32000, 32000, 0, 0], [1, 0, 1, "役満32000点", "国士無双(役満)"]],
                       [-7000, -47.0, 57000, 47.0, 25000, 5.0, 25000, -5.0])


def _refused(findings) -> list[str]:
    return [f.message for f in findings if f.check == "hule"]


def test_kokushi_robs_a_closed_kan_under_the_majsoul_presets():
    game = _kokushi_robs()
    assert validate_game(game) == [] and validate_game(game, "majsoul") == []


@pytest.mark.parametrize("rule", ["tenhou", "majiang"])
def test_nobody_robs_a_closed_kan_under_tenhou_or_majiang(rule):
    assert _refused(validate_game(_kokushi_robs(), rule)) == [
        "the win is not allowed: a ron on a closed kan (暗槓), which nobody may rob under this rule"]


@pytest.mark.parametrize("rule, reason", [
    ("majsoul", " with a hand that is not kokushi (国士無双), the only one that may rob it"),
    ("tenhou", ", which nobody may rob under this rule"),
])
def test_no_other_hand_robs_a_closed_kan(rule, reason):
    # 60 fu (20 + 10 closed ron + 3 x 8 concealed terminal triplets = 54) 2 han, 3,900; the
    # win is refused whatever it is worth. No final results: the refused win ends nothing.
    game = _robbed_kan(OTHER, ["和了", [-3900, 3900, 0, 0], [1, 0, 1, "60符2飜3900点", "三暗刻(2飜)"]], None)
    assert _refused(validate_game(game, rule)) == [f"the win is not allowed: a ron on a closed kan (暗槓){reason}"]


def test_the_parameter_is_a_rule_key_written_only_when_set():
    rule = Rule.from_json({"国士無双暗槓槍槓あり": True})
    assert rule.kokushi_robs_closed_kan and rule.to_json()["国士無双暗槓槍槓あり"] is True
    assert "国士無双暗槓槍槓あり" not in Rule().to_json() and not PRESETS["tenhou"].kokushi_robs_closed_kan
    assert MAJSOUL.kokushi_robs_closed_kan


def test_a_mahjong_soul_game_converted_to_a_paipu_keeps_its_room_and_rule(tmp_path):
    """A paipu's title names the room as a tenhou.net/6 export's ``rule.disp`` does: the
    Mahjong Soul sample read back from 電脳麻将 JSON is a 玉の間 game under the majsoul
    preset with its room's length, as the export is (it was refused by convert, its rule
    lost, before the paipu reader knew Mahjong Soul rooms)."""
    from conftest import corpus

    import paipu
    from paipu import cli

    source = corpus("tenhou-json", "majsoul-sample")
    assert cli.main(["convert", str(source), "-o", str(tmp_path / "out")]) == cli.EXIT_OK
    [original] = list(paipu.load(source))
    [converted] = list(paipu.load(tmp_path / "out"))
    assert converted.origin.platform == original.origin.platform == "majsoul"
    assert converted.origin.room == original.origin.room
    assert game_rule(converted) == game_rule(original)
    assert game_rule(converted).red_fives == RedFives(1, 1, 1)
    assert not validate_game(converted)
