"""Rule: every parameter of rules.md, 電脳麻将 keys in JSON, presets, loud errors."""

from __future__ import annotations

import dataclasses
import json

import orjson
import pytest

from conftest import CORPORA, corpus, read_json
from paipu.rules import MAJIANG, PRESETS, TENHOU, RedFives, Rule, RuleError

# The parameter table of rules.md, verbatim: key and default.
RULES_MD_DEFAULTS = {
    "配給原点": 25000,
    "順位点": ["20.0", "10.0", "-10.0", "-20.0"],
    "連風牌は2符": False,
    "赤牌": {"m": 1, "p": 1, "s": 1},
    "クイタンあり": True,
    "喰い替え許可レベル": 0,
    "場数": 2,
    "途中流局あり": True,
    "流し満貫あり": True,
    "ノーテン宣言あり": False,
    "ノーテン罰あり": True,
    "最大同時和了数": 2,
    "連荘方式": 2,
    "トビ終了あり": True,
    "オーラス止めあり": True,
    "延長戦方式": 1,
    "一発あり": True,
    "裏ドラあり": True,
    "カンドラあり": True,
    "カン裏あり": True,
    "カンドラ後乗せ": True,
    "ツモ番なしリーチあり": False,
    "リーチ後暗槓許可レベル": 2,
    "役満の複合あり": True,
    "ダブル役満あり": True,
    "数え役満あり": True,
    "役満パオあり": True,
    "切り上げ満貫あり": False,
}


def test_the_default_rule_is_the_table_of_rules_md():
    assert Rule().to_json() == RULES_MD_DEFAULTS
    assert list(Rule().to_json()) == list(RULES_MD_DEFAULTS)
    assert Rule() == MAJIANG == Rule.preset("majiang")


def generated_rules():
    folder = CORPORA / "generated"
    return sorted(folder.glob("*.json.gz")) if folder.exists() else []


@pytest.mark.parametrize("path", generated_rules(), ids=lambda path: path.name)
def test_every_generated_games_rule_round_trips(path):
    games = read_json(corpus("generated", path.name))
    rules = {orjson.dumps(game["rule"]) for game in games}
    for text in rules:
        data = orjson.loads(text)
        rule = Rule.from_json(data)
        assert rule.to_json() == data
        assert list(rule.to_json()) == list(data)


def test_generated_rule_variants_read_as_english_names():
    # README of the corpora: kiriage.json.gz changes only 切り上げ満貫あり, red_p2 only 赤牌.
    kiriage = Rule.from_json(read_json(corpus("generated", "kiriage.json.gz"))[0]["rule"])
    assert (
        kiriage.kiriage_mangan
        and kiriage.replace(kiriage_mangan=False).rank_points == kiriage.rank_points
    )
    red = Rule.from_json(read_json(corpus("generated", "red_p2.json.gz"))[0]["rule"])
    assert red.red_fives.p == 2


def test_english_names_and_replace():
    rule = Rule(red_fives=RedFives(0, 2, 0), open_tanyao=False, winds=1)
    assert rule.to_json()["赤牌"] == {"m": 0, "p": 2, "s": 0}
    assert rule.to_json()["クイタンあり"] is False and rule.to_json()["場数"] == 1
    assert rule.replace(open_tanyao=True).open_tanyao and not rule.open_tanyao
    assert Rule(red_fives={"m": 0, "p": 0, "s": 0}).red_fives == RedFives(0, 0, 0)
    assert repr(rule) == "Rule(red_fives=RedFives(m=0, p=2, s=0), open_tanyao=False, winds=1)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rule.winds = 2  # type: ignore[misc]
    assert len({Rule(), Rule(), TENHOU}) == 2


def test_from_json_keeps_missing_keys_at_the_base():
    rule = Rule.from_json({"切り上げ満貫あり": True})
    assert rule == Rule(kiriage_mangan=True)
    assert Rule.from_json({"赤牌": {"m": 0, "p": 0, "s": 0}}, base=TENHOU).double_yakuman is False


def test_a_rule_read_again_is_read_by_its_content():
    """Rules are cached by their JSON text: what the text does not tell apart (a tuple
    from a list, 1 from True, a dict changed after it was read) is read anew."""
    data = {"赤牌": {"m": 0, "p": 2, "s": 0}, "クイタンあり": False}
    rule = Rule.from_json(data)
    assert Rule.from_json(dict(data)) is rule  # the same content: the same rule
    data["クイタンあり"] = True
    assert Rule.from_json(data).open_tanyao is True
    assert Rule.from_json({"赤牌": (0, 2, 0)}).red_fives == RedFives(0, 2, 0)
    with pytest.raises(RuleError, match="赤牌"):
        Rule.from_json({"赤牌": [0, 2, 0]})  # a list is no red-five count, though its JSON is the tuple's
    assert Rule.from_json({"クイタンあり": False}).open_tanyao is False
    with pytest.raises(RuleError, match="クイタンあり"):
        Rule.from_json({"クイタンあり": 0})
    base = MAJIANG.replace(open_tanyao=False)
    assert Rule.from_json({"途中流局あり": False}, base).open_tanyao is False
    assert Rule.from_json({"途中流局あり": False}).open_tanyao is True


def test_a_rule_orjson_cannot_write_is_still_refused_as_a_rule():
    """The rules read are kept by their JSON text; one that orjson cannot write as text (a
    nesting deeper than it writes, a lone surrogate, which json.loads lets through) is
    refused with a RuleError all the same, not an encoder's TypeError."""
    deep: object = "1"
    for _ in range(300):
        deep = [deep]
    with pytest.raises(RuleError, match="順位点"):
        Rule.from_json({"順位点": deep})
    with pytest.raises(RuleError, match="unknown rule key"):
        Rule.from_json(json.loads('{"\\ud800": 1}'))


def test_tenhou_preset():
    # rules.md, Presets: as majiang except no double yakuman, overtime 2 and liability
    # with a composite yakuman covering the whole hand.
    assert Rule.preset("tenhou") is TENHOU is PRESETS["tenhou"]
    changed = {
        key: value for key, value in TENHOU.to_json().items() if RULES_MD_DEFAULTS.get(key) != value
    }
    assert changed == {"ダブル役満あり": False, "延長戦方式": 2, "複合役満パオ全額": True}
    assert TENHOU.pao_covers_whole_hand and not MAJIANG.pao_covers_whole_hand
    assert Rule.from_json(TENHOU.to_json()) == TENHOU


def test_unknown_preset_names_the_known_ones():
    with pytest.raises(RuleError, match=r"'mleague'.*majiang, tenhou"):
        Rule.preset("mleague")


@pytest.mark.parametrize(
    "data, message",
    [
        ({"赤ドラ": 1}, "unknown rule key '赤ドラ'"),
        ({"kiriage_mangan": True}, "unknown rule key 'kiriage_mangan'"),
        ({"一発あり": 1}, "一発あり .*true or false"),
        ({"場数": "2"}, "場数 .*integer"),
        ({"場数": 3}, r"場数 .*one of \[0, 1, 2, 4\]"),
        ({"最大同時和了数": True}, "最大同時和了数 .*integer"),
        ({"赤牌": {"m": 1, "p": 1}}, "赤牌 .*m, p, s"),
        ({"赤牌": {"m": 5, "p": 1, "s": 1}}, "赤牌 .*0-4"),
        ({"赤牌": 1}, "赤牌"),
        ({"順位点": [20, 10, -10, -20]}, "順位点 .*4 strings"),
        ({"順位点": ["20", "10", "-10"]}, "順位点 .*4 values for 4 players"),
        ({"順位点": ["a", "10", "-10", "-20"]}, "順位点 .*'a' is not a number"),
        (["配給原点"], "JSON object"),
    ],
)
def test_bad_keys_and_types_name_the_key(data, message):
    with pytest.raises(RuleError, match=message):
        Rule.from_json(data)


def test_bad_values_by_english_name_name_the_key_too():
    with pytest.raises(RuleError, match="連荘方式 \\(renchan\\)"):
        Rule(renchan=7)
    with pytest.raises(RuleError, match="unknown rule parameter 'kuitan'"):
        MAJIANG.replace(kuitan=False)


def test_load_and_get_from_a_file(tmp_path):
    path = tmp_path / "rule.json"
    path.write_text('{"数え役満あり": false, "赤牌": {"m": 0, "p": 2, "s": 0}}', encoding="utf-8")
    rule = Rule.load(path)
    assert rule == Rule(kazoe_yakuman=False, red_fives=RedFives(0, 2, 0))
    assert Rule.get(str(path)) == rule and Rule.get(path) == rule
    assert Rule.get("tenhou") is TENHOU and Rule.get(rule) is rule
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(RuleError, match="not JSON"):
        Rule.load(tmp_path / "bad.json")
    with pytest.raises(RuleError, match="neither a rule preset"):
        Rule.get(str(tmp_path / "missing.json"))
