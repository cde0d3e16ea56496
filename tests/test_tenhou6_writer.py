"""The tenhou.net/6 writer (``paipu convert --to tenhou6``): a small game whose file was
worked out by hand, Tenhou's own files written back as Tenhou wrote them, and the corpora's
games of three and four players written and read back with the same events and the same
findings (or refused, with the reason, where tenhou.net/6 cannot hold them)."""

from __future__ import annotations

import re
from collections import Counter

import orjson
import pytest

from conftest import corpus

from paipu import load
from paipu.cli import _not_read_back, main
from paipu.events import Game, NoWin, Win
from paipu.formats import mjai
from paipu.formats.majiang import game_from_json
from paipu.formats.tenhou_json import dumps, game_from_tenhou_json, game_to_tenhou6, parse
from paipu.names import draw_name, name
from paipu.validation import validate_game

SMALL_GAME = {
    "title": "pon and riichi", "player": ["A", "B", "C", "D"], "qijia": 1,
    "log": [[
        {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0,
                   "defen": [25000, 25000, 25000, 25000], "baopai": "m9",
                   "shoupai": ["m123p456s789z1122", "m345p234s2345z355", "m567p1567s678z666", "m111p111s111z4477"]}},
        {"zimo": {"l": 0, "p": "z5"}}, {"dapai": {"l": 0, "p": "z5_"}},
        {"fulou": {"l": 1, "m": "z555-"}}, {"dapai": {"l": 1, "p": "z3"}},
        {"zimo": {"l": 2, "p": "p9"}}, {"dapai": {"l": 2, "p": "p9_*"}},
        {"zimo": {"l": 3, "p": "m8"}}, {"dapai": {"l": 3, "p": "m8_"}},
        {"zimo": {"l": 0, "p": "m9"}}, {"dapai": {"l": 0, "p": "m9_"}},
        {"zimo": {"l": 1, "p": "s5"}},
        {"hule": {"l": 1, "shoupai": "m345p234s2345s5,z555-", "baojia": None, "fubaopai": None, "fu": 30,
                  "fanshu": 1, "defen": 1100, "hupai": [{"name": "翻牌 白", "fanshu": 1}],
                  "fenpei": [-500, 2100, -300, -300]}},
    ]],
    "defen": [24700, 24500, 27100, 23700], "rank": [2, 3, 1, 4], "point": ["4.7", "-15.5", "37.1", "-26.3"],
    "rule": {"場数": 0},
}
"""One round of one hand, every number worked out by hand (it validates clean): B (player
1) is the first dealer and discards the 白 he draws (tsumogiri); C, to his left, pons it
and discards 西; D declares riichi on the 9p he draws (tsumogiri); A and B discard what
they draw; C draws 5s and wins by tsumo: 役牌 白, 1 han, 30 fu (20 + 2 tsumo + 4 open
pon of 白 + 2 single wait: s5 pairs s5 of s2345), a non-dealer's 1,100: 300 from
each non-dealer, 500 from the dealer, and D's riichi stick. One round (場数 0): C 27,100
(37.1 with the 20 of first place and the 20 of oka), A 24,700 (4.7), B 24,500 (−15.5),
D 23,700 (−26.3)."""

SMALL_GAME_AS_TENHOU = {
    "title": ["pon and riichi", ""],
    "name": ["B", "C", "D", "A"],  # from the first dealer on, as Tenhou lists the players
    "rule": {"disp": "", "aka": 1, "aka51": 1, "aka52": 1, "aka53": 1},  # the majiang rule: a red five a suit
    "paipu_rule": {"場数": 0},  # no platform: the game's own rule
    "log": [[
        [0, 0, 0], [25000, 25000, 25000, 25000], [19], [],  # 東1局, dora indicator 9m, no ura (no riichi win)
        [11, 12, 13, 24, 25, 26, 37, 38, 39, 41, 41, 42, 42], [45, 19], [60, 60],  # B: two tsumogiri
        [13, 14, 15, 22, 23, 24, 32, 33, 34, 35, 43, 45, 45], ["p454545", 35], [43],  # C: pon from 上家, p first
        [15, 16, 17, 21, 25, 26, 27, 36, 37, 38, 46, 46, 46], [29], ["r60"],  # D: riichi on a tsumogiri
        [11, 11, 11, 21, 21, 21, 31, 31, 31, 44, 44, 47, 47], [18], [60],
        ["和了", [-500, 2100, -300, -300], [1, 1, 1, "30符1飜300-500点", "役牌 白(1飜)"]],  # C wins, no pao
    ]],
    "sc": [24500, -15.5, 27100, 37.1, 23700, -26.3, 24700, 4.7],
}
""":data:`SMALL_GAME` as tenhou.net/6 writes it, by hand: codes 11-19 m, 21-29 p, 31-39 s,
41-47 z; every list from the first dealer (B) on; 60 a tsumogiri; ``r`` a riichi; a pon's
letter before the claimed tile, first when it comes from 上家; a non-dealer's tsumo
written as what each non-dealer and the dealer pay; 翻牌 as Tenhou names it, 役牌."""


def test_a_small_game_is_written_as_worked_out_by_hand():
    game = game_from_json(SMALL_GAME, "small.json#0")
    assert orjson.loads(dumps(game)) == SMALL_GAME_AS_TENHOU


def test_convert_writes_a_game_that_reads_back_and_validates_clean(tmp_path, capsys):
    source = tmp_path / "small.json"
    source.write_bytes(orjson.dumps(SMALL_GAME))
    assert main(["validate", str(source)]) == 0
    assert main(["convert", str(source), "--to", "tenhou6", "-o", str(tmp_path / "out")]) == 0
    written = tmp_path / "out" / "small.json"
    assert orjson.loads(written.read_bytes()) == SMALL_GAME_AS_TENHOU
    back = next(iter(load(written)))
    assert back.origin.format == "tenhou-json"
    assert back.players == ("B", "C", "D", "A") and back.final_scores == (24500, 27100, 23700, 24700)
    assert main(["validate", str(written)]) == 0
    capsys.readouterr()


def test_several_games_need_a_folder_and_a_game_tenhou_cannot_hold_is_named(tmp_path, capsys):
    scripts = corpus("majiang", "majiang-core-scripts", "script.json")
    assert main(["convert", f"{scripts}#0", "--to", "tenhou6"]) == 0
    assert orjson.loads(capsys.readouterr().out)["log"]
    assert main(["convert", str(scripts), "--to", "tenhou6"]) == 2
    assert "tenhou6 holds one game per file" in capsys.readouterr().err
    # 電脳麻将 turns a closed kan's indicator over before the replacement draw, Tenhou after it
    assert main(["convert", f"{scripts}#17", "--to", "tenhou6", "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"paipu convert: {scripts}#17: not written: paipu would read 東1局0本場, event 67 otherwise "
        "(gangzimo where the log has kaigang)\n")
    assert not list(tmp_path.iterdir())


# -- Tenhou's own files ------------------------------------------------------------------


@pytest.mark.parametrize("folder", ["sanma-engine", "mjx-tests"])
def test_tenhou_s_own_files_are_written_back_as_tenhou_wrote_them(folder):
    """Files Tenhou wrote (three players with 北抜き, four players, one round per line):
    every round is written again exactly, and the players, ranks, rates and final results."""
    paths = sorted(corpus("tenhou-json", folder).glob("*.json"))
    assert paths
    for path in paths:
        original = parse(path.read_bytes())
        (game,) = load(path)
        mine = orjson.loads(dumps(game))
        n = len(game.players)
        assert mine["log"] == original["log"], path.name
        for key in ("name", "dan", "rate", "sx"):
            assert mine.get(key, [])[:n] == original.get(key, [])[:n], (path.name, key)
        assert mine.get("sc") == original.get("sc"), path.name
        assert mine.get("ref") == original.get("ref") and mine["rule"]["disp"] == original["rule"]["disp"]


# -- the corpora ---------------------------------------------------------------------------

REFUSED = re.compile(r"\((kaigang where the log has \w+|\w+ where the log has kaigang|pingju: hands)\)$")
"""What the corpora hold that tenhou.net/6 cannot: a kan's new dora indicator turned over
at another time than Tenhou turns it (a reader places it, the file holds no order: 電脳麻将
turns a closed kan's over before the replacement draw, and under カンドラ後乗せ false an open
kan's at once), and an exhaustive draw with tenpai hands shown and no payments (without
ノーテン罰符 the file's 流局 says who was tenpai only by the payments)."""


def _table(game: Game, values: object) -> object:
    """Values by player id, from the first dealer on (as tenhou.net/6 lists them)."""
    n, first = len(game.players), game.first_dealer
    return values[first:] + values[:first] if isinstance(values, list) and len(values) == n else values


def _meaning(event: object) -> object:
    """An event as both formats say it: names by meaning (paipu's one alias table), a
    win's fu only where stated (Tenhou states none for a limit hand), hands as tiles and
    melds (no riichi mark, no North set aside, wherever the drawn tile is written)."""
    if isinstance(event, Win):
        return ("hule", event.seat, _tiles(event.hand), event.discarder, event.ura_indicators, event.han,
                event.yakuman, event.points, event.payments,
                tuple((name(y.name), y.han, y.yakuman) for y in event.yaku))
    if isinstance(event, NoWin):
        return ("pingju", draw_name(event.name), tuple(None if h is None else _tiles(h) for h in event.hands),
                event.payments)
    return event


def _tiles(hand) -> tuple:
    return tuple(sorted(hand.tiles)), tuple(sorted(str(m) for m in hand.melds if m.type != "north"))


def _fu(game: Game) -> list:
    return [event.fu for round_ in game.rounds for event in round_.events if isinstance(event, Win)]


def _findings(game: Game, rotate: bool) -> set:
    return {(f.round, f.event, f.check, repr(_table(game, f.expected) if rotate else f.expected),
             repr(_table(game, f.logged) if rotate else f.logged)) for f in validate_game(game)}


def _written_and_read_back(game: Game, outcome: Counter) -> None:
    """``game`` written as tenhou.net/6: read back with the same events and the same
    findings, or refused by convert's check for what the format cannot hold."""
    try:
        data = dumps(game)
    except ValueError as error:  # a round without its end
        assert not all(round_.is_complete for round_ in game.rounds), (game.source, error)
        outcome["incomplete"] += 1
        return
    refusal = _not_read_back("tenhou6", data, game)
    if refusal is not None:
        assert REFUSED.search(refusal), (game.source, refusal)
        outcome["refused"] += 1
        return
    back = game_from_tenhou_json(orjson.loads(data), game.source)
    n, first = len(game.players), game.first_dealer
    assert back.players == game.players[first:] + game.players[:first], game.source
    assert len(back.rounds) == len(game.rounds), game.source
    for mine, read in zip(game.rounds, back.rounds):
        assert [_meaning(e) for e in read.events] == [_meaning(e) for e in mine.events], (game.source, mine.label)
    assert all(read is None or read == mine for mine, read in zip(_fu(game), _fu(back))), game.source
    if game.final_scores is not None:
        assert list(back.final_scores) == _table(game, list(game.final_scores)), game.source
    mine_found, read_found = _findings(game, True), _findings(back, False)
    flagged = {(f[0], f[1]) for f in mine_found}
    extra = read_found - mine_found
    # a win whose logged value is wrong gets the limit its logged han and fu give, stated
    assert mine_found <= read_found and all(
        (f[0], f[1]) in flagged and f[2] in ("hule.limit", "hule.fu") for f in extra), (game.source, extra)
    outcome["written"] += 1


@pytest.mark.parametrize("folder", [
    "tenhou-json",  # Tenhou's and Mahjong Soul's exports, three and four players
    "majiang",  # 電脳麻将's scripts, three and four players
    "tenhou-mjlog",  # Phoenix four and three players, 2009 to 2022
    "tenhou-as-majiang",
    "generated",  # every rule variant
])
def test_every_corpus_game_converts_to_tenhou6_and_back(folder):
    """Every game of the corpora: written and read back with the same events and findings,
    or refused for what tenhou.net/6 cannot hold (a rule it has no field for), said."""
    outcome: Counter = Counter()
    for game in load(corpus(folder)):
        _written_and_read_back(game, outcome)
    assert outcome["written"] > 0.9 * sum(outcome.values()), outcome


def test_three_player_games_of_every_source_are_written():
    """Tenhou's mjlog, 電脳麻将 JSON converted from it, and Tenhou's tenhou.net/6: 北抜き, the
    calls of a table of three, the tsumo of three payers."""
    outcome: Counter = Counter()
    sanma = sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").glob("*-00b9-*"))  # an open kan, then 北
    paths = [*sanma, corpus("majiang", "mahjonglm"), corpus("tenhou-json", "sanma-engine")]
    for game in load(*paths):
        if len(game.players) == 3:
            _written_and_read_back(game, outcome)
    assert outcome == Counter(written=len(sanma) + 2 + 5)


def test_a_game_with_a_round_without_its_end_is_not_written_and_said_so_once(tmp_path, capsys):
    cut = corpus("tenhou-mjlog", "mjx-tests", "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert main(["convert", str(cut), "--to", "tenhou6", "-o", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"paipu convert: {cut}#0: not written: 南4局0本場 has no end: "
                                       "tenhou.net/6 writes a result for every round\n")
    assert not list(tmp_path.iterdir())


def test_mjai_as_its_tools_write_it_goes_to_tenhou6(tmp_path):
    """An mjai log without paipu's keys (no yaku, han or hands shown: Mortal's, mjai.app's):
    no final results and no value of a win to write, no shown hands stated; read back, the
    same events and the same findings (none)."""
    outcome: Counter = Counter()
    for index in range(3):
        (game,) = load(f"{corpus('generated', 'default.json.gz')}#{index}")
        lines = [orjson.loads(line) for line in mjai.dumps(game).splitlines()]
        plain = tmp_path / f"plain{index}.jsonl"
        plain.write_bytes(b"".join(orjson.dumps({k: v for k, v in line.items() if k not in ("paipu", "limit")}) + b"\n"
                                   for line in lines))
        (from_mjai,) = load(plain)
        assert not from_mjai.origin.final_results and not validate_game(from_mjai)
        assert b'"final_results":false' in dumps(from_mjai)
        _written_and_read_back(from_mjai, outcome)
    assert outcome == Counter(written=3)
