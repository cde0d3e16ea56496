"""The mjlog reader: meld codes, the 2009 layout, disconnections, bad input, and every
four-player game of the corpora against the independent 電脳麻将 conversion."""

from __future__ import annotations

import datetime
import gzip
import re
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import corpus, read_json, without_limits
from paipu import load
from paipu.events import Call, Discard, Draw, Game, NorthSetAside, NoWin, Origin, Win
from paipu.formats import FormatError, is_mjlog
from paipu.formats.majiang import game_from_json, game_to_json
from paipu.formats.tenhou_xml import (
    TenhouDraw,
    TenhouWin,
    _meld,
    game_from_mjlog,
    log_id_of,
    rule_name,
)
from paipu.formats.tenhou_rules import implied_rule
from paipu.rules import RedFives
from paipu.tiles import parse_hand

# The worked example of tenhou-formats.md §2.10 in the 2009 layout: no SHUFFLE, GO
# without lobby, shuffle= on INIT, integer rates, REACH step 2 without ten, integer
# points; a BYE before the first round and a reconnection (UN without dan).
EXAMPLE = """<mjloggm ver="2.3"><GO type="169"/>
<UN n0="%41" n1="%E3%81%82" n2="C" n3="D" dan="16,17,0,20" rate="2100,2200,1500,2300" sx="M,F,M,M"/>
<BYE who="2"/><UN n2="C"/><TAIKYOKU oya="0"/>
<INIT seed="1,1,1,2,4,113" ten="240,240,250,260" oya="1" shuffle="mt19937ar,0,1,2,3,4,5,6,7"
 hai0="24,30,32,36,37,73,77,80,93,97,100,125,126" hai1="4,17,28,44,56,68,72,84,96,112,116,120,128"
 hai2="8,12,20,29,48,53,57,76,85,92,104,124,132" hai3="0,5,9,13,18,21,40,45,60,64,88,89,108"/>
<U133/><E133/><V19/><F124/><N who="0" m="47722" /><D24/><U101/><E112/><V69/><F69/>
<W49/><REACH who="3" step="1"/><G108/><REACH who="3" step="2"/>
<T121/><D121/><U1/><E116/><V81/><F132/><W129/><G129/><T70/><D70/>
<AGARI ba="1,2" hai="0,5,9,13,18,21,40,45,49,60,64,70,88,89" machi="70" ten="30,7700,0"
 yaku="1,1,7,1,54,1,53,1" doraHai="113" doraHaiUra="33" who="3" fromWho="0"
 sc="240,-80,240,0,250,0,250,100" owari="160,-34,240,-6,250,5,350,35" /></mjloggm>"""


def test_the_worked_example_in_the_2009_layout():
    game = game_from_mjlog(EXAMPLE.encode(), "2009010100gm-00a9-0000-00000000", "example#0")
    assert game.is_complete and game.source == "example#0"
    day = datetime.date(2009, 1, 1)
    assert game.origin == Origin(
        "tenhou-mjlog", "2009010100gm-00a9-0000-00000000", "tenhou", "四鳳南喰赤", day,
        *implied_rule(day, hanchan=True, kuitan=True, red=True), game.origin.record)
    assert dict(game.origin.rule)["red_fives"] == RedFives(1, 1, 1) and dict(game.origin.rule)["winds"] == 2
    assert game.title == "四鳳南喰赤\n2009010100gm-00a9-0000-00000000"
    assert game.players == ("A\n(七段 R2100)", "あ\n(八段 R2200)", "C\n(新人 R1500)", "D\n(天鳳位 R2300)")
    info = game.origin.record.info
    assert (info.room, info.hanchan, info.red_fives, info.kuitan, info.fast, info.lobby) == ("鳳", True, True, True, False, None)
    assert info.rates == (2100.0, 2200.0, 1500.0, 2300.0) and info.sexes == ("M", "F", "M", "M")
    assert [(c.round, c.player, c.online) for c in game.origin.record.connections] == [(-1, 2, False), (-1, 2, True)]
    (round_,) = game.rounds
    deal = round_.deal
    assert (deal.round_wind, deal.hand_number, deal.honba, deal.riichi_sticks) == (0, 1, 1, 1)
    assert deal.scores == (24000, 25000, 26000, 24000) and deal.dora_indicator == "z2"
    events = round_.events
    assert events[1:3] == (Draw(0, "z7"), Discard(0, "z7", tsumogiri=True))
    assert events[5] == Call(3, _meld(47722, True)) and str(events[5].meld) == "z555="
    assert Discard(2, "z1", riichi=True) in events
    win = events[-1]
    assert isinstance(win, Win) and str(win.hand) == "m123456p23478s05p9"
    assert (win.seat, win.discarder, win.fu, win.han, win.points, win.payments) == (2, 3, 30, 4, 7700, (0, 0, 10000, -8000))
    assert win.ura_indicators == ("m9",) and [(y.name, y.han) for y in win.yaku][-1] == ("裏ドラ", 1)
    assert win.limit == ""  # 30 fu 4 han: 7,700, no limit (AGARI ten="30,7700,0")
    assert game.final_scores == (16000, 24000, 25000, 35000) and game.points == ("-34", "-6", "5", "35")
    assert game.ranks == (4, 3, 2, 1)
    (logged,) = game.origin.record.results[0]
    assert logged == TenhouWin(3, 0, None, 30, 4, 7700, 0, (("立直", 1), ("平和", 1), ("赤ドラ", 1), ("裏ドラ", 1)), (),
                               (-8000, 0, 0, 10000), (24000, 24000, 25000, 25000))
    assert game_from_mjlog(gzip.compress(EXAMPLE.encode())).rounds == game.rounds


def test_a_gzip_bomb_given_to_game_from_mjlog_is_refused_without_inflating_it(monkeypatch):
    """Called directly, game_from_mjlog inflates no more than the loader would (its
    MAX_SIZE, here made 1 MiB): gzip data that inflates to more is a FormatError, said
    as the loader says it."""
    import zlib

    import paipu.compression

    monkeypatch.setattr(paipu.compression, "MAX_SIZE", 1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)  # gzip, made a MiB at a time
    spaces = b" " * (1 << 20)
    bomb = b"".join([packer.compress(b'<mjloggm ver="2.3">'), *(packer.compress(spaces) for _ in range(64)),
                     packer.flush()])  # inflates to 64 MiB
    with pytest.raises(FormatError, match=r"^not read: inflates to more than the limit of 1 MiB \(--max-size\)$"):
        game_from_mjlog(bomb)
    with pytest.raises(FormatError, match="corrupt gzip data"):
        game_from_mjlog(gzip.compress(EXAMPLE.encode())[:-20])


@pytest.mark.parametrize("code, meld", [
    (54431, "s406-"), (6762, "m505="), (34833, "s555+0"), (15106, "p6666="), (4608, "m5550"),
    (47722, "z555="), (30752, "b"),
])
def test_meld_codes_decode_as_tenhou_formats_md_shows(code, meld):
    assert str(_meld(code, True)) == meld


def test_rule_names_and_log_ids():
    assert [rule_name(t) for t in (1, 97, 137, 163, 167, 169, 171, 185, 225)] == [
        "四般東喰赤", "四特東喰赤速", "四上南喰赤", "四鳳東喰", "四鳳東", "四鳳南喰赤", "四鳳南喰", "三鳳南喰赤", "四鳳東喰赤速"]
    assert log_id_of("logs/2022060222gm-0001-0000-a87679bc&tw=3.mjlog") == "2022060222gm-0001-0000-a87679bc"
    assert log_id_of("x/pao.xml.gz") == "pao"
    assert is_mjlog(b'  <mjloggm ver="2.3">') and not is_mjlog(b'{"log": []}')


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace("<D70/>", "<d70/>"), "<d70/>: unknown tag"),
    (lambda s: s.replace("<T121/>", "<T136/>"), "<T136/>: no such tile id"),
    (lambda s: s.replace(' machi="70"', ""), "machi"),
    (lambda s: s.replace("<TAIKYOKU", "<U3/><TAIKYOKU"), "before the first round"),
    (lambda s: s.replace('<GO type="169"/>', ""), "no rule"),
    (lambda s: s.replace("<mjloggm", "<other"), "not an mjlog"),
    (lambda s: s.replace('seed="1,1,', 'seed="16,1,'), "round number 0..15"),  # no 東 to 北 wind
    (lambda s: s.replace('seed="1,1,1,', 'seed="1,-1,1,'), "round number 0..15"),
])
def test_bad_logs_are_one_clear_format_error(change, message):
    with pytest.raises(FormatError) as raised:
        game_from_mjlog(change(EXAMPLE))
    assert message in str(raised.value) and "\n" not in str(raised.value)


def _attribute(tag: str, name: str, value: str | None, text: str = EXAMPLE) -> str:
    """``text`` with attribute ``name`` of the first ``<tag ...>`` set to ``value`` (added
    if absent, removed if ``None``)."""
    start = text.index(f"<{tag} ")
    end = text.index("/>", start)
    element = re.sub(rf' {name}="[^"]*"', "", text[start:end], count=1)
    return text[:start] + element + ("" if value is None else f' {name}="{value}"') + text[end:]


PLAYERS = "GO type=169 (四鳳南喰赤): 4 players"


@pytest.mark.parametrize("tag, name, value, message", [
    # seats beyond the players: every one is refused where it is
    ("INIT", "oya", "7", f'oya="7": 7 is not one of the player ids of {PLAYERS} (0..3)'),
    ("INIT", "oya", "2", "oya=2: the dealer of round 1 is player 1"),
    ("TAIKYOKU", "oya", "4", f'oya="4": 4 is not one of the player ids of {PLAYERS} (0..3)'),
    ("AGARI", "who", "7", f'who="7": 7 is not one of the player ids of {PLAYERS} (0..3)'),
    ("AGARI", "fromWho", "-1", f'fromWho="-1": -1 is not one of the player ids of {PLAYERS} (0..3)'),
    ("AGARI", "paoWho", "4", f'paoWho="4": 4 is not one of the player ids'),
    ("N", "who", "4", f'who="4": 4 is not one of the player ids'),
    ("REACH", "who", "9", f'who="9": 9 is not one of the player ids'),
    ("BYE", "who", "5", f'who="5": 5 is not one of the player ids'),
    # counts of per-player values: Tenhou writes four, three-player games too
    ("INIT", "ten", "240,240,250", 'ten="240,240,250": must be 4 integers: the scores of 4 players in hundreds'),
    ("AGARI", "sc", "240,-80,240,0,250,0", 'sc="240,-80,240,0,250,0": must be 8 integers: the score and change'),
    ("AGARI", "owari", "160,-34,240,-6,250,5", "owari=\"160,-34,240,-6,250,5\": must be 8 values"),
    ("INIT", "hai3", "", 'hai3="": must be 13 integers: tile ids'),
    # values in the log's terms, not Python's
    ("AGARI", "yaku", "1,1,999,1", 'yaku="1,1,999,1": must be pairs of a yaku id (0..54) and its han'),
    ("AGARI", "yaku", "1,1,-1,1", 'yaku="1,1,-1,1": -1 is not one of yaku ids and their han (0..'),
    ("AGARI", "yakuman", "55", 'yakuman="55": 55 is not one of yaku ids (0..54)'),
    ("AGARI", "sc", "nan,-80,240,0,250,0,250,100", 'sc="nan,-80,240,0,250,0,250,100": must be 8 integers'),
    ("AGARI", "ten", "30,7700", 'ten="30,7700": must be 3 integers: fu, the value of the hand and the limit code'),
    ("AGARI", "ten", "-30,7700,0", 'ten="-30,7700,0": -30 is not one of fu, the value'),
    ("AGARI", "machi", "71", "machi=71: the winning tile is not one of the hand's tile ids (hai)"),
    ("AGARI", "doraHaiUra", "-1", 'doraHaiUra="-1": -1 is not one of tile ids (0..135)'),
    ("AGARI", "who", None, "missing attribute 'who'"),
    ("INIT", "ten", "240,240,250,99999999", "a number beyond any game (at most ±1,000,000,000)"),
    ("N", "m", "99999999", 'm="99999999": 99999999 is not one of meld codes (0..65535)'),
    ("N", "m", "34816", "meld code 34816: a kan of tile id 136, not one of 0..135"),
    ("N", "m", "65535", "meld code 65535: a chi (bit 2) of run 21, not one of the 21 runs (0..20)"),
    ("GO", "type", "-1", 'type="-1": -1 is not one of rule bit fields (0..65535)'),
    ("GO", "type", "x", 'type="x": must be 1 integers: rule bit fields'),
    ("REACH", "step", "01", 'step="01": must be 1 (declared) or 2 (accepted)'),
    ("RYUUKYOKU", "type", "nine", 'type="nine": not a draw type (nm, yao9, kaze4, reach4, ron3, kan4)'),
])
def test_impossible_values_are_refused_where_they_are(tag, name, value, message):
    """Each value a log cannot hold, in the worked example: one FormatError naming the tag,
    the attribute, its value and what is allowed; at the round and event where it is."""
    text = EXAMPLE.replace("<D70/>", '<D70/><RYUUKYOKU type="yao9" sc="1,2,3,4,5,6,7,8"/>') if tag == "RYUUKYOKU" else EXAMPLE
    with pytest.raises(FormatError) as raised:
        game_from_mjlog(_attribute(tag, name, value, text))
    error = raised.value
    assert message in str(error) and "\n" not in str(error)
    assert f"<{tag} " in error.message and not re.search("index out of range|invalid literal|unpack", str(error))
    if tag in ("AGARI", "N", "REACH"):
        assert error.label == "東2局1本場" and error.event is not None
    elif tag == "INIT":
        assert (error.round, error.event) == (0, 0)


@pytest.mark.parametrize("name, value, message", [
    ("rate", "2100,2200,1500", 'rate="2100,2200,1500": must be 4 numbers: the players\' rates'),
    ("rate", "2100,2200,x,1", 'rate="2100,2200,x,1": must be 4 numbers'),
    ("dan", "16,17,0", 'dan="16,17,0": must be 4 integers: ranks (段位)'),
    ("dan", "99,17,0,20", 'dan="99,17,0,20": 99 is not one of ranks (段位) (0..20)'),
    ("dan", "-1,17,0,20", 'dan="-1,17,0,20": -1 is not one of ranks (段位) (0..20)'),
    ("sx", "M,F", 'sx="M,F": must be 4 letters M, F or C'),
    ("n3", None, f"n3: no fourth player in a game of {PLAYERS}"),
])
def test_impossible_players_are_refused(name, value, message):
    """The players' ranks and rates were cut to the shortest list (zip): three players left
    in a four-player game, which broke ``paipu show`` and the engine."""
    with pytest.raises(FormatError, match="^bad tag <UN>: ") as raised:
        game_from_mjlog(_attribute("UN", name, value))
    assert message in str(raised.value)


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace('<GO type="169"/>', '<GO type="185"/>'), "ten: a fourth player's values [26000] in a game of "
                                                                  "GO type=185 (三鳳南喰赤): 3 players"),
    (lambda s: s.replace('<GO type="169"/>', '<GO type="185"/>').replace("260", "0"), "hai3: a fourth player's deal"),
])
def test_the_number_of_players_must_agree_with_the_log(change, message):
    with pytest.raises(FormatError) as raised:
        game_from_mjlog(change(EXAMPLE))
    assert message in str(raised.value)


def test_three_player_logs_hold_nothing_of_a_fourth_player():
    """A three-player log (GO type bit 0x10) read as Tenhou writes it, the fourth player
    empty; each trace of a fourth player is refused, and a four-player GO type on it too."""
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    text = gzip.decompress(next(iter(sorted(folder.glob("*-00b9-*.mjlog")))).read_bytes()).decode()
    assert len(game_from_mjlog(text).players) == 3
    go = re.search(r'<GO type="(\d+)"', text)[1]
    for changed, message in [
        (_attribute("GO", "type", str(int(go) & ~0x10), text), "hai3=\"\": must be 13 integers"),
        (_attribute("INIT", "hai3", "1,2,3", text), "hai3: a fourth player's deal in a game of GO type=185"),
        (_attribute("INIT", "oya", "3", text), 'oya="3": 3 is not one of the player ids of GO type=185 (三鳳南喰赤): 3 players (0..2)'),
        (_attribute("UN", "n3", "X", text), "n3: a fourth player in a game of GO type=185"),
        (_attribute("AGARI", "who", "3", text), 'who="3": 3 is not one of the player ids'),
        (_attribute("AGARI", "sc", "350,120,350,0,350,-120,0,10", text), "sc: a fourth player's values [0, 1000]"),
        (re.sub(r"<T(\d+)/>", r"<W\1/>", text, count=1), "a draw of player 3 in a game of GO type=185"),
        (text.replace("<TAIKYOKU", '<UN n3="X"/><TAIKYOKU'), "n3: a reconnection of player 3"),
    ]:
        with pytest.raises(FormatError) as raised:
            game_from_mjlog(changed)
        assert message in str(raised.value)


def test_an_impossible_seat_is_a_load_error_of_its_game_and_place(tmp_path):
    """The audit's cases, each one attribute of the crazybbb game changed: ``paipu show``
    raised IndexError, ``convert`` wrote ``"qijia":7``, ``validate`` met an engine error,
    a GO type of three players dropped the fourth's events. Now each is one load error
    naming the file, the game, the round and the event."""
    text = corpus("tenhou-mjlog", "crazybbb", "test.mjlog").read_text()
    cases = {
        "go": (_attribute("GO", "type", "113", text), ", round #0, event 0: bad tag <INIT"),
        "oya": (_attribute("INIT", "oya", "7", text), ", round #0, event 0: bad tag <INIT"),
        "rate": (_attribute("UN", "rate", "1996.64,2001.66,1844.69", text), ": bad tag <UN>: rate="),
        "who": (_attribute("AGARI", "who", "7", text), ", 東1局0本場, event 145: bad tag <AGARI"),
    }
    for name, (changed, _) in cases.items():
        (tmp_path / f"{name}.mjlog").write_text(changed)
    reader = load(tmp_path, errors="collect")
    assert list(reader) == []
    for error, (name, (_, where)) in zip(reader.errors, sorted(cases.items())):
        assert str(error).startswith(f"{tmp_path / name}.mjlog#0{where}") and error.game == 0


def test_a_log_cut_short_is_incomplete():
    cut = EXAMPLE[:EXAMPLE.index("<T70/>")] + "</mjloggm>"
    game = game_from_mjlog(cut)
    assert not game.is_complete and game.final_scores is None and not game.rounds[0].is_complete
    assert game.origin.record.results == ((),)


# -- the corpora ---------------------------------------------------------------------

FOUR_PLAYER_FILES = {  # folder: 4p mjlog files (corpora README), all converted
    "agony5757-mahjong-paipuxmls": 722, "mjx-suphnx-2022": 111, "mjx-tests": 36,
    "rmss-samples": 7, "jim137-general-lobby": 4, "crazybbb": 1,
    "thewaxmango-2009-03": 36, "thewaxmango-2022-01": 129,
}
SANMA_FILES = 278


def _read_log(path: Path) -> Game:
    return game_from_mjlog(path.read_bytes(), log_id_of(path.name), str(path))


def _differences(got, expected, path=()):
    if type(got) is not type(expected):
        return [(path, got, expected)]
    if isinstance(got, dict):
        return [d for key in got.keys() | expected.keys() for d in _differences(got.get(key), expected.get(key), path + (key,))]
    if isinstance(got, list) and len(got) == len(expected):
        return [d for i, (a, b) in enumerate(zip(got, expected)) for d in _differences(a, b, path + (i,))]
    return [] if got == expected else [(path, got, expected)]


def test_every_four_player_mjlog_converts_to_the_independent_conversion():
    """``game_to_json`` of each mjlog is the JSON of ``tenhou-as-majiang/`` (same relative
    path and stem), compared as parsed JSON (key order is not meaningful).

    One representational difference, and only it: the hand shown at 九種九牌 (14 tiles).
    tenhou-log writes the 14 tiles in one sorted run (``m12399p269s19z1567``); written in
    the canonical notation the hand's last tile, read as the drawn tile, gets its own suit
    letter (``m12399p269s19z156z7``), as the 電脳麻将 engine writes hands. Both strings
    are the same hand: the test parses them and compares.
    """
    logs, converted = corpus("tenhou-mjlog"), corpus("tenhou-as-majiang")
    counts = dict.fromkeys(FOUR_PLAYER_FILES, 0)
    sanma = 0
    shown_14 = 0
    for path in sorted(logs.rglob("*.mjlog")):
        folder, stem = path.relative_to(logs).parts[0], path.relative_to(logs).with_suffix("")
        game = _read_log(path)
        if game.origin.record.info.players == 3:
            sanma += 1
            assert not any((converted / stem).with_suffix(s).exists() for s in (".json", ".json.gz"))
            continue
        counts[folder] += 1
        expected_path = next(p for p in (converted / f"{stem}.json.gz", converted / f"{stem}.json") if p.exists())
        expected = read_json(expected_path)
        got = game_to_json(game)
        if got == expected:
            continue
        for where, mine, theirs in _differences(got, expected):
            round_ = expected["log"][where[1]]
            assert where[3:5] == ("pingju", "shoupai") and round_[where[2]]["pingju"]["name"] == "九種九牌", (path, where)
            assert parse_hand(mine) == parse_hand(theirs) and len(parse_hand(mine).tiles) == 14
            shown_14 += 1
        read = game_from_json(expected)
        assert read.rounds == without_limits(game.rounds), path
        # the conversion keeps the title, and with it what the log says of its origin
        assert read.origin == replace(game.origin, format="majiang", record=None), path
    for name in ("2011020401gm-00a9-0000-f6eff225-no-game-end", "2011020401gm-00a9-0000-f6eff225-no-round-end"):
        assert not _read_log(logs / "mjx-tests" / f"{name}.mjlog").is_complete
    assert counts == FOUR_PLAYER_FILES and sanma == SANMA_FILES
    assert shown_14 == 115  # 97 in the first six folders, 18 in the two thewaxmango ones


def test_truncated_games_load_as_incomplete():
    folder = corpus("tenhou-mjlog", "mjx-tests")
    no_end = _read_log(folder / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog")
    assert no_end.final_scores is None and all(r.is_complete for r in no_end.rounds) and not no_end.is_complete
    no_round_end = _read_log(folder / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert not no_round_end.rounds[-1].is_complete and no_round_end.origin.record.results[-1] == ()
    complete = _read_log(folder / "2011020401gm-00a9-0000-f6eff225.mjlog")
    assert complete.rounds[:-1] == no_round_end.rounds[:-1]


def test_sanma_logs_load_as_three_player_games():
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    reader = load(*sorted(folder.glob("*-00b9-*.mjlog")), errors="raise")
    north = 0
    for game in reader:
        assert len(game.players) == 3 and game.title.startswith("三鳳南喰赤\n") and game.is_complete
        assert sum(game.final_scores) == 105000
        for round_ in game.rounds:
            assert len(round_.deal.hands) == 3 and round_.players == 3
            north += sum(isinstance(e, NorthSetAside) for e in round_.events)
            for result in round_.results:
                assert len(result.payments) == 3
    assert reader.games == SANMA_FILES and north > 1000


def test_tenhou_results_are_kept():
    folder = corpus("tenhou-mjlog")
    pao = _read_log(folder / "rmss-samples" / "pao.mjlog")
    wins = [r for results in pao.origin.record.results for r in results if isinstance(r, TenhouWin) and r.pao_who is not None]
    assert len(wins) == 1 and wins[0].limit == 5 and wins[0].yakuman and wins[0].han is None
    limits = [event.limit for round_ in pao.rounds for event in round_.results if isinstance(event, Win)]
    assert limits == ["haneman", "haneman", "", "yakuman"]  # the Win events carry AGARI's limit too
    ron3 = _read_log(folder / "rmss-samples" / "ron3.mjlog")
    draws = [r for results in ron3.origin.record.results for r in results if isinstance(r, TenhouDraw)]
    assert "三家和了" in [d.name for d in draws]
    triple = next(e for r in ron3.rounds for e in r.events if isinstance(e, NoWin) and e.name == "三家和了")
    assert sum(hand is not None for hand in triple.hands) == 3
    double = _read_log(folder / "mjx-tests" / "double-ron.mjlog")
    assert any(len(results) == 2 for results in double.origin.record.results)
    for round_, results in zip(double.rounds, double.origin.record.results):
        for event, logged in zip(round_.results, results):
            assert event.payments == tuple(logged.deltas[round_.player_of(s)] for s in range(4))


def test_statistics_of_three_player_games_only_have_no_fourth_place_column():
    """paipu stats as CSV or JSON of Tenhou sanma games leaves rank_4 out (no player
    has a game with a 4th place); beside a four-player game it is there."""
    import csv
    import io
    import json

    from paipu import stats

    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    sanma = sorted(folder.glob("*-00b9-*.mjlog"))[:2]
    yonma = sorted(folder.glob("*-00a9-*.mjlog"))[:1]
    for paths, fourth in ((sanma, False), ([*sanma, *yonma], True)):
        summary = stats.summary(load(*paths, errors="raise"))
        header = next(csv.reader(io.StringIO(stats.format_summary(summary, "csv"))))
        records = json.loads(stats.format_summary(summary, "json"))
        assert "rank_3" in header and all("rank_3" in record for record in records)
        assert ("rank_4" in header) == fourth and all(("rank_4" in record) == fourth for record in records)
    assert "4th" in stats.format_summary(summary, "table")
