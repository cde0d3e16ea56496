"""The tenhou.net/6 JSON reader against the mjlog of the same games, the excerpts with
ambiguous calls, three-player and Mahjong Soul files; the loader on mixed folders; and
``paipu convert``."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import orjson
import pytest

from conftest import corpus, read_json, without_limits
from paipu import load
from paipu.cli import main
from paipu.events import Call, NorthSetAside, NoWin, Win
from paipu.formats import FormatError
from paipu.formats.majiang import game_to_json
from paipu.formats.tenhou_json import game_from_tenhou_json, parse, tile_of_code
from paipu.formats.tenhou_xml import TenhouRecord, TenhouWin, game_from_mjlog, log_id_of

# tenhou-formats.md §2.10: the same hand as tests/test_tenhou_xml.py's EXAMPLE.
EXAMPLE = {
    "title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", "aka": 1},
    "log": [[[1, 1, 1], [24000, 24000, 25000, 26000], [42], [19],
             [17, 18, 19, 21, 21, 31, 32, 33, 36, 37, 38, 45, 45], ["45p4545", 44, 29], [17, 60, 60],
             [12, 15, 18, 23, 26, 29, 31, 34, 37, 42, 43, 44, 46], [47, 38, 11], [60, 42, 43],
             [13, 14, 16, 18, 24, 25, 26, 32, 34, 36, 39, 45, 47], [15, 29, 33], [45, 60, 47],
             [11, 12, 13, 14, 15, 16, 22, 23, 27, 28, 35, 53, 41], [24, 46], ["r41", 60],
             ["和了", [-8000, 0, 0, 10000], [3, 0, 3, "30符4飜7700点", "立直(1飜)", "平和(1飜)", "赤ドラ(1飜)", "裏ドラ(1飜)"]]]],
}


def test_the_worked_example():
    game = game_from_tenhou_json(EXAMPLE, "example#0")
    assert game.title == "四鳳南喰赤" and game.players == ("A", "B", "C", "D")
    assert isinstance(game.origin.record, TenhouRecord) and game.origin.format == "tenhou-json"
    # a Tenhou room without log id: whether final scores were rounded cannot be told
    assert (game.origin.platform, game.origin.id) == ("tenhou", "") and "final_scores_rounded" in dict(game.origin.undetermined)
    assert not game.is_complete  # no final scores in the file
    (round_,) = game.rounds
    assert round_.events[5] == Call(3, round_.events[5].meld) and str(round_.events[5].meld) == "z555="
    win = round_.events[-1]
    assert isinstance(win, Win) and str(win.hand) == "m123456p23478s05p9"
    assert (win.seat, win.discarder, win.fu, win.han, win.points, win.payments) == (2, 3, 30, 4, 7700, (0, 0, 10000, -8000))
    assert win.ura_indicators == ("m9",)
    (logged,) = game.origin.record.results[0]
    assert logged == TenhouWin(3, 0, None, 30, 4, 7700, 0, (("立直", 1), ("平和", 1), ("赤ドラ", 1), ("裏ドラ", 1)), (),
                               (-8000, 0, 0, 10000))


def test_tile_codes():
    assert [tile_of_code(c) for c in (11, 19, 25, 39, 41, 47, 51, 52, 53)] == [
        "m1", "m9", "p5", "s9", "z1", "z7", "m0", "p0", "s0"]
    for bad in (0, 10, 48, 50, 54, 60, "11"):
        with pytest.raises(ValueError):
            tile_of_code(bad)


@pytest.mark.parametrize("change, message", [
    (lambda r: r.__setitem__(5, ["45p4545", 44, 29, 11]), "no order of play"),
    (lambda r: r.__setitem__(6, [17, 60, 15]), "no order of play"),
    (lambda r: r.__setitem__(16, ["和了", [0, 0, 0, 0], [3, 0, 3, "many points"]]), "not a point text"),
    (lambda r: r.__setitem__(16, ["流局みたいな"]), "unknown result"),
    (lambda r: r.__setitem__(4, [17, 18]), "13 tiles"),
    (lambda r: r.pop(), "17 items"),
])
def test_bad_rounds_are_one_clear_format_error(change, message):
    bad = json.loads(json.dumps(EXAMPLE))
    change(bad["log"][0])
    with pytest.raises(FormatError) as raised:
        game_from_tenhou_json(bad)
    text = str(raised.value)
    assert message in text and text.startswith("東2局1本場: ") and "\n" not in text


@pytest.mark.parametrize("key, value, message", [
    # were dropped: four names "", which paipu stats merged into one player ""
    ("name", ["A", "B", "C"], "name must be a list of 4 names (one per player), not ['A', 'B', 'C']"),
    ("name", ["A", "B", "C", 4], "name must be a list of 4 names"),
    ("dan", ["七段", "八段"], "dan must be a list of 4 ranks"),
    ("rate", [1500, 1500, "x", 1500], "rate must be a list of 4 rates"),
    ("rate", [1500, 1500, 1e300, 1500], "rate: 1e+300 is beyond any game"),
    ("sx", "MMMM", "sx must be a list of 4 sexes"),
    # was read as a game without final results
    ("sc", ["x", -34, 24000, -6, 25000, 5, 35000, 35], "sc (final results) must be a list of each player's final "
                                                       "score and points, 8 numbers, not ['x', -34,"),
    ("sc", [16000, -34, 24000, -6, 25000, 5], "sc (final results) must be a list"),
    # was an engine error (RuleError: a three-player rule for four players), exit 3
    ("rule", {"disp": "三鳳南喰赤"}, "rule.disp '三鳳南喰赤' names a three-player room (三), but the log holds 4 players"),
])
def test_malformed_metadata_is_one_clear_format_error(key, value, message):
    bad = json.loads(json.dumps(EXAMPLE))
    bad[key] = value
    with pytest.raises(FormatError) as raised:
        game_from_tenhou_json(bad)
    assert message in str(raised.value) and raised.value.round is None


def test_metadata_absent_or_as_tenhou_writes_it_for_three_players_loads():
    """Absent (or null) metadata is not malformed: names ``""``; four entries in a
    three-player game, the fourth empty, are Tenhou's layout (``sanma-engine/``)."""
    bare = json.loads(json.dumps(EXAMPLE))
    for key in ("name", "rule"):
        del bare[key]
    bare["sc"] = None
    game = game_from_tenhou_json(bare)
    assert game.players == ("", "", "", "") and game.final_scores is None
    (path, *_) = sorted(corpus("tenhou-json", "sanma-engine").iterdir())
    sanma = parse(path.read_bytes())
    assert len(sanma["name"]) == 4 and sanma["name"][3] == "" and len(sanma["sc"]) == 8
    assert len(game_from_tenhou_json(sanma).players) == 3
    four = dict(sanma, rule=dict(sanma["rule"], disp="四鳳南喰赤"))
    with pytest.raises(FormatError, match="names a four-player room .四., but the log holds 3 players"):
        game_from_tenhou_json(four)
    extra = json.loads(json.dumps(sanma))
    extra["log"][1][13] = list(extra["log"][1][4])  # a deal for a fourth player in a later round
    with pytest.raises(FormatError, match="a fourth player's deal, takes or discards in a game of three players"):
        game_from_tenhou_json(extra)


@pytest.mark.parametrize("index, value", [(4, 5), (2, None), (3, 1.5), (7, True)])
def test_deals_and_indicators_that_are_not_arrays_are_refused_in_the_formats_terms(index, value):
    bad = json.loads(json.dumps(EXAMPLE))
    bad["log"][0][index] = value
    with pytest.raises(FormatError) as raised:
        game_from_tenhou_json(bad)
    assert str(raised.value) == "東2局1本場: deals and dora indicators must be arrays of tile codes"


def test_a_round_number_past_the_last_round_is_refused():
    bad = json.loads(json.dumps(EXAMPLE))
    bad["log"][0][0] = [16, 0, 0]  # a fifth wind: the round has no name, only its index
    with pytest.raises(FormatError) as raised:
        game_from_tenhou_json(bad)
    assert str(raised.value) == "round #0: round number 16 is past the last round, 北4局 (15)"


def test_one_round_per_line():
    line = json.dumps(EXAMPLE, ensure_ascii=False)
    game = game_from_tenhou_json(parse((line + "\n\n" + line + "\n").encode()))
    assert len(game.rounds) == 2 and game.rounds[0] == game.rounds[1]
    assert "no final scores" in game.origin.record.notes[-1]
    with pytest.raises(orjson.JSONDecodeError):
        parse(b'{"log": [[]]}\n{"other": 1}')


def _win_as_json_states_it(win: Win, json_win: Win) -> Win:
    """The mjlog's win as far as tenhou.net/6 JSON can state it: no fu for a limit hand
    (the point text names only the limit, e.g. 満貫2000-4000点) and no yaku of 0 han
    (Tenhou's JSON leaves out 裏ドラ(0飜))."""
    return Win(win.seat, win.hand, win.discarder, win.ura_indicators, win.fu if json_win.fu is not None else None,
               win.han, win.yakuman, win.points, tuple(y for y in win.yaku if y.han or y.yakuman), win.payments,
               win.limit)


def test_mjx_json_games_give_the_events_of_their_mjlog():
    folder, logs = corpus("tenhou-json", "mjx-tests"), corpus("tenhou-mjlog", "mjx-tests")
    files = sorted(folder.glob("*.json"))
    assert len(files) == 31
    rounds = limits = zero_han = 0
    for path in files:
        from_json = game_from_tenhou_json(parse(path.read_bytes()))
        from_xml = game_from_mjlog((logs / f"{path.stem}.mjlog").read_bytes())
        assert len(from_json.rounds) == len(from_xml.rounds), path
        assert from_json.origin.record.info.rule_text == from_xml.origin.record.info.rule_text == "四鳳南喰赤"
        for mine, theirs, results in zip(from_json.rounds, from_xml.rounds, from_xml.origin.record.results):
            rounds += 1
            assert len(mine.events) == len(theirs.events), (path, mine.label)
            for a, b in zip(mine.events, theirs.events):
                if isinstance(b, Win):
                    limits += a.fu is None and b.fu is not None
                    zero_han += any(y.han == 0 and not y.yakuman for y in b.yaku)
                    b = _win_as_json_states_it(b, a)
                assert a == b, (path, mine.label)
        for json_results, xml_results in zip(from_json.origin.record.results, from_xml.origin.record.results):
            for a, b in zip(json_results, xml_results):
                assert (type(a), a.deltas) == (type(b), b.deltas)
                if isinstance(a, TenhouWin):
                    assert (a.who, a.from_who, a.points, a.limit, a.han, a.yakuman) == \
                           (b.who, b.from_who, b.points, b.limit, b.han, b.yakuman)
    assert rounds == 326 and limits == 78 and zero_han > 0


CONFUSING = {f"confusing_nakis_{i}.json" for i in range(8)}


def test_excerpts_load_and_replay():
    folder = corpus("tenhou-json", "mjai-reviewer-excerpts")
    files = sorted(folder.glob("*.json"))
    assert len(files) == 20
    resolved = []
    for path in files:
        game = game_from_tenhou_json(parse(path.read_bytes()), path.name)
        assert game.rounds and all(r.is_complete for r in game.rounds), path
        if game.origin.record.notes:
            resolved.append(path.name)
    # tenhou-formats.md §2.8: claiming at the first match fails on 6 of the 8
    assert len(resolved) == 6 and set(resolved) <= CONFUSING
    chankan = game_from_tenhou_json(parse((folder / "chankan.json").read_bytes()))
    win = chankan.rounds[0].events[-1]
    assert isinstance(win, Win) and any(y.name == "槍槓" for y in win.yaku)
    kyushu = game_from_tenhou_json(parse((folder / "kyushukyuhai.json").read_bytes()))
    draw = kyushu.rounds[0].events[-1]
    assert isinstance(draw, NoWin) and draw.name == "九種九牌"
    assert [len(h.tiles) for h in draw.hands if h is not None] == [14]


def test_sanma_json_loads_as_three_player_games():
    folder = corpus("tenhou-json", "sanma-engine")
    reader = load(folder, errors="raise")
    for game in reader:
        assert len(game.players) == 3 and game.title.startswith("三鳳南喰赤\n") and game.is_complete
        assert sum(game.final_scores) == 105000
        assert any(isinstance(e, NorthSetAside) for r in game.rounds for e in r.events)
    assert reader.games == 5


def test_majsoul_sample_loads():
    """A Mahjong Soul game exported as tenhou.net/6 JSON: its own room name, rank names
    and rates, red fives from ``aka51..53``; its ranked room (玉の間) places it on Mahjong
    Soul, whose rules differ from Tenhou's (test_mjai checks it under them)."""
    (game,) = load(corpus("tenhou-json", "majsoul-sample"), errors="raise")
    info = game.origin.record.info
    assert game.title == "玉の間南喰\n000000-00000000-0000-0000-0000-000000000000"
    assert info.red_fives and info.kuitan and info.hanchan and info.room == ""
    # not Tenhou: no Tenhou log id nor date, and nothing left to Tenhou's history
    origin = game.origin
    assert (origin.format, origin.platform, origin.id, origin.room, origin.date) == (
        "tenhou-json", "majsoul", "", "玉の間南喰", None)
    assert dict(origin.rule) == {"winds": 2, "open_tanyao": True, "red_fives": (1, 1, 1)} and origin.undetermined == ()
    assert game.players[0] == "A\n(雀聖★1 R1911)" and game.is_complete and len(game.rounds) == 9


def test_the_loader_reads_mixed_folders_by_content(tmp_path):
    logs = corpus("tenhou-mjlog")
    gz = logs / "agony5757-mahjong-paipuxmls" / "2020010100gm-00a9-0000-03aa14b0.mjlog"
    sanma = next((logs / "agony5757-mahjong-paipuxmls").glob("*-00b9-*.mjlog"))
    plain = logs / "rmss-samples" / "pao.mjlog"
    shutil.copy(gz, tmp_path / "a.mjlog")
    shutil.copy(sanma, tmp_path / "b.mjlog")
    shutil.copy(plain, tmp_path / "c.xml")
    (tmp_path / "d.xml").write_bytes(gzip.compress(plain.read_bytes()))  # gzip whatever the name
    shutil.copy(corpus("tenhou-json", "mjx-tests") / "2010081709gm-00a9-0000-fe3371ad.json", tmp_path / "e.json")
    shutil.copy(corpus("tenhou-json", "sanma-engine") / "2024010120gm-00b9-0000-e324b88a.json", tmp_path / "f.json")
    converted = corpus("tenhou-as-majiang", "rmss-samples", "pao.json")
    (tmp_path / "g.json.gz").write_bytes(gzip.compress(converted.read_bytes()))
    (tmp_path / "h.json").write_bytes(plain.read_bytes())  # an mjlog by content
    (tmp_path / "notes.txt").write_bytes(plain.read_bytes())  # not a log's name: not read
    reader = load(tmp_path, errors="collect")
    games = {Path(g.source).name: g for g in reader}
    assert not reader.errors and reader.files == 8
    assert sorted(games) == [f"{name}#0" for name in ("a.mjlog", "b.mjlog", "c.xml", "d.xml", "e.json", "f.json",
                                                      "g.json.gz", "h.json")]
    assert [len(games[f"{c}#0"].players) for c in ("a.mjlog", "b.mjlog", "e.json", "f.json")] == [4, 3, 4, 3]
    pao = game_from_mjlog(plain.read_bytes(), "pao")
    assert games["c.xml#0"].rounds == games["d.xml#0"].rounds == games["h.json#0"].rounds
    assert without_limits(games["c.xml#0"].rounds) == games["g.json.gz#0"].rounds
    formats = {name: game.origin.format for name, game in games.items()}
    assert formats == {"a.mjlog#0": "tenhou-mjlog", "b.mjlog#0": "tenhou-mjlog", "c.xml#0": "tenhou-mjlog",
                       "d.xml#0": "tenhou-mjlog", "h.json#0": "tenhou-mjlog", "e.json#0": "tenhou-json",
                       "f.json#0": "tenhou-json", "g.json.gz#0": "majiang"}
    assert game_to_json(games["g.json.gz#0"]) == game_to_json(pao) == read_json(converted)
    assert games["c.xml#0"].title == "四鳳南喰赤\nc"  # the log id is taken from the file name


def test_convert_writes_the_independent_conversion(tmp_path, capsys):
    logs = corpus("tenhou-mjlog", "mjx-tests")
    names = ["2010091009gm-00a9-0000-83af2648&tw=2", "2011020401gm-00a9-0000-f6eff225-no-round-end"]
    assert main(["convert", *(str(logs / f"{n}.mjlog") for n in names), "--to", "majiang", "-o", str(tmp_path)]) == 0
    for name in names:
        written = orjson.loads((tmp_path / f"{name}.json").read_bytes())
        assert written == read_json(corpus("tenhou-as-majiang", "mjx-tests", f"{name}.json"))
    assert "incomplete game" in capsys.readouterr().err
    assert main(["convert", str(logs / "double-ron.mjlog")]) == 0
    (game,) = orjson.loads(capsys.readouterr().out)
    assert game["title"] == "四鳳南喰赤\ndouble-ron"
    bad = tmp_path / "bad.mjlog"
    bad.write_text('<mjloggm ver="2.3"><GO type="169"/><T1/></mjloggm>')
    assert main(["convert", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "before the first round" in err[0]
    with pytest.raises(SystemExit) as usage:
        main(["convert", str(bad), "--to", "tenhou"])
    assert usage.value.code == 2
