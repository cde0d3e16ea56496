"""mjai logs in and out, and Mahjong Soul games under the majsoul preset (issue 19).

Independent truth: the corpora's games, read from Tenhou's and 電脳麻将's own logs, are
written as mjai and read back (the same events), and their mjai files validate with the
findings their sources have (zero for a clean game) — also stripped to the fields Mortal
itself writes, where the winner's hand, the draw's name and the hands shown must be
rebuilt from the events. The Mahjong Soul sample is checked against the final points
Mahjong Soul gave (the export's ``sc``)."""

from __future__ import annotations

import gzip
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pandas as pd
import pytest

from paipu import load
from paipu.game_rule import game_rule
from paipu.events import Discard, NoWin, Win
from paipu.tiles import HandNotation
from paipu.formats import FormatError
from paipu.formats.majsoul import majsoul_origin
from paipu.formats.mjai import dumps, game_from_mjai, game_to_mjai, parse
from paipu.rules import MAJSOUL, TENHOU
from paipu.validation import validate_game

from conftest import corpus

FINAL_RESULTS = {"game.defen", "game.rank", "game.point"}
"""Checks of a game's final results, which mjai has no place for."""


def _read_back(game):
    return game_from_mjai(parse(dumps(game)), source=game.source)


def _mortal_lines(data: bytes) -> bytes:
    """An mjai file with only the fields Mortal's own reader knows: no title, rule or
    paipu record of the results."""
    lines = []
    for line in data.splitlines():
        event = orjson.loads(line)
        if event["type"] == "start_game":
            event = {"type": "start_game", "names": event["names"]}
        event.pop("paipu", None)
        event.pop("limit", None)
        lines.append(orjson.dumps(event))
    return b"\n".join(lines) + b"\n"


def _games(*parts: str, step: int = 1) -> list:
    """The four-player games of a corpus folder (of its files, every ``step``-th) or file
    (every ``step``-th game)."""
    path = corpus(*parts)
    if path.is_dir() and step > 1:
        return [g for g in load(*sorted(p for p in path.iterdir() if p.is_file())[::step], errors="raise")
                if len(g.players) == 4]
    return [g for g in load(path, errors="raise") if len(g.players) == 4][::step]


SOURCES = [
    (("tenhou-mjlog", "mjx-tests"), 1),
    (("tenhou-mjlog", "rmss-samples"), 1),
    (("tenhou-mjlog", "crazybbb"), 1),
    (("tenhou-mjlog", "jim137-general-lobby"), 1),
    (("tenhou-mjlog", "thewaxmango-2009-03"), 6),
    (("tenhou-mjlog", "thewaxmango-2022-01"), 16),
    (("tenhou-mjlog", "agony5757-mahjong-paipuxmls"), 40),
    (("tenhou-as-majiang", "mjx-suphnx-2022"), 12),
    (("tenhou-json",), 1),
    (("majiang",), 1),
    (("generated", "default.json.gz"), 15),
    (("generated", "kandora_immediate.json.gz"), 8),
    (("generated", "triple_ron.json.gz"), 8),
    (("generated", "tonpu_enchou3.json.gz"), 8),
]
"""Every game of the small folders, a sample of the large ones (all 4,112 four-player
games of the corpora round-trip too: ``paipu convert --to mjai`` over them, 2 minutes)."""


@pytest.mark.parametrize("parts, step", SOURCES, ids=lambda v: "/".join(v) if isinstance(v, tuple) else None)
def test_corpus_games_go_to_mjai_and_back_with_the_same_events(parts, step):
    for game in _games(*parts, step=step):
        back = _read_back(game)
        assert back.rounds == game.rounds, game.source
        assert (back.players, back.first_dealer, back.title, back.rule) == (
            game.players, game.first_dealer, game.title, game.rule)


def _findings(game, rule=None) -> list[tuple]:
    return [(f.round, f.event, f.check, f.expected, f.logged) for f in validate_game(game, rule)
            if f.check not in FINAL_RESULTS and "has no final results" not in f.message]


VALIDATED = [
    (("tenhou-mjlog", "mjx-tests"), 2),
    (("tenhou-mjlog", "rmss-samples"), 1),
    (("tenhou-json",), 1),
    (("majiang",), 1),
    (("generated", "triple_ron.json.gz"), 10),
    (("generated", "no_tochu.json.gz"), 10),
    (("generated", "no_noten_bappu.json.gz"), 4),
    (("generated", "no_noten_bappu_renchan1.json.gz"), 4),
    (("generated", "noten_declare.json.gz"), 4),
]
"""Also the rule variants where the hands shown at a draw differ (without the noten
penalty, a tenpai hand not in riichi is not shown; with the noten declaration, its
player chooses): mjai never states which hands are shown, so they are not compared."""


@pytest.mark.parametrize("parts, step", VALIDATED, ids=lambda v: "/".join(v) if isinstance(v, tuple) else None)
def test_mjai_files_validate_as_their_sources(parts, step):
    """The mjai file of a game has the findings its source has (none for a clean game),
    final results aside; so has the file of Mortal's fields alone and the length as
    mjai-reviewer states it (``kyoku_first``), checked under the game's rule (it names
    none), its yaku, fu and draws derived, never reported missing."""
    clean = 0
    for game in _games(*parts, step=step):
        expected = _findings(game)
        assert _findings(_read_back(game)) == expected, game.source
        bare = game_from_mjai(parse(_reviewer_lines(dumps(game))), source=game.source)
        assert _findings(bare, game_rule(game)) == [f for f in expected if f[2] not in (
            "hule.hupai", "hule.fanshu", "hule.fu", "hule.defen", "hule.damanguan", "hule.limit")], game.source
        clean += not expected
    assert clean  # the folder has clean games: zero findings for their mjai files


def test_mortals_fields_alone_rebuild_hands_and_draws():
    """Without paipu's record, each win's hand is the winner's tiles followed through the
    round, and each draw is named by its situation (every abortive draw of the 電脳麻将
    engine's test games)."""
    games = _games("majiang", "majiang-core-scripts", "script.json")
    names = set()
    for game in games:
        bare = game_from_mjai(parse(_mortal_lines(dumps(game))))
        for mine, theirs in zip(bare.rounds, game.rounds):
            def play(round_):
                return [e for e in round_.events if not isinstance(e, (Win, NoWin))]
            assert play(mine) == play(theirs)
            for a, b in zip(mine.results, theirs.results):
                if isinstance(b, Win):
                    assert (a.seat, a.discarder, a.payments, a.yaku, a.fu) == (b.seat, b.discarder, b.payments, (), None)
                    assert a.hand.counts() == b.hand.counts() and a.hand.melds == b.hand.melds
                else:
                    names.add(a.name)
                    assert isinstance(a, NoWin) and a.payments == b.payments
    assert {"九種九牌", "四風連打", "四家立直", "四開槓", "三家和", "流し満貫", "流局"} <= names


def test_the_original_protocols_reason_and_uradora_markers_are_read():
    (game,) = _games("tenhou-mjlog", "rmss-samples", "ron3.mjlog")  # 三家和
    lines = []
    for line in dumps(game).splitlines():
        event = orjson.loads(line)
        if event["type"] == "ryukyoku" and event["paipu"]["pingju"]["name"] in ("三家和", "三家和了"):
            event["reason"] = "ron3"
        if "ura_markers" in event:
            event["uradora_markers"] = event.pop("ura_markers")
        lines.append(orjson.dumps(event))
    original = game_from_mjai(parse(_mortal_lines(b"\n".join(lines))))
    assert original.rounds == game_from_mjai(parse(_mortal_lines(dumps(game)))).rounds
    assert any(isinstance(e, NoWin) and e.name == "三家和" for r in original.rounds for e in r.events)


def test_red_fives_and_the_protocols_tiles():
    (game,) = _games("tenhou-json", "majsoul-sample")
    lines = game_to_mjai(game)
    tehais = [t for line in lines if line["type"] == "start_kyoku" for hand in line["tehais"] for t in hand]
    assert "5mr" in tehais and {"E", "P", "F", "C"} <= set(tehais)
    assert not {"m0", "z1"} & set(tehais)
    # a riichi: reach, its discard, then reach_accepted (the stick is taken)
    types = [line["type"] for line in lines]
    at = types.index("reach")
    assert types[at + 1] == "dahai" and "reach_accepted" in types[at + 2:at + 4]


def test_mjai_files_are_found_and_read_by_content(tmp_path):
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    data = dumps(game)
    (tmp_path / "a.mjson.gz").write_bytes(gzip.compress(data))
    (tmp_path / "b.jsonl").write_bytes(data.replace(b"\n", b"\r\n"))
    (tmp_path / "c.json").write_bytes(b"[" + b",\n".join(data.splitlines()) + b"]")
    (tmp_path / "d.json").write_bytes(b"\n" + data.replace(b"\n", b"\n\n"))  # blank lines
    games = list(load(tmp_path, errors="raise"))
    assert [g.source.rpartition("/")[2] for g in games] == ["a.mjson.gz#0", "b.jsonl#0", "c.json#0", "d.json#0"]
    assert all(g.origin.format == "mjai" and g.rounds == game.rounds for g in games)


def _load_error(tmp_path, data: bytes):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    reader = load(path, errors="collect")
    assert list(reader) == []
    (error,) = reader.errors
    return str(error)


def test_load_errors_name_the_line_round_and_event(tmp_path):
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    lines = dumps(game).splitlines()
    second_round = [i for i, line in enumerate(lines) if b'"start_kyoku"' in line][1]
    broken = list(lines)
    broken[second_round + 3] = b'{"type":"dahai",'
    message = _load_error(tmp_path, b"\n".join(broken))
    assert f"line {second_round + 4}: invalid JSON" in message and f"{game.rounds[1].label}, event 3" in message
    hidden = list(lines)
    hidden[second_round + 1] = hidden[second_round + 1].replace(b'"pai":"', b'"pai":"?", "x":"', 1)
    message = _load_error(tmp_path, b"\n".join(hidden))
    assert f"line {second_round + 2}: pai: a hidden tile '?'" in message and "one player's view" in message
    unknown = lines[:5] + [b'{"type":"kan","actor":0}'] + lines[5:]
    assert "line 6: unknown event type 'kan'" in _load_error(tmp_path, b"\n".join(unknown))
    seat = [line.replace(b'"actor":0', b'"actor":7', 1) if b'"chi"' in line else line for line in lines]
    assert "actor must be an integer 0..3, not 7" in _load_error(tmp_path, b"\n".join(seat))


def test_a_log_cut_short_keeps_its_rounds_and_is_reported_incomplete(tmp_path):
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    lines = dumps(game).splitlines()
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b"\n".join(lines[:len(lines) // 2]))
    (cut,) = load(path, errors="raise")
    assert not cut.rounds[-1].is_complete and cut.rounds[:-1] == game.rounds[:len(cut.rounds) - 1]
    assert [f.check for f in validate_game(cut)] == ["game.incomplete"]
    # cut in the middle of a line, as a crash or a copy leaves it: the same, without that line
    half = len(lines) // 2
    path.write_bytes(b"\n".join(lines[:half]) + b"\n" + lines[half][:len(lines[half]) // 2])
    (mid,) = load(path, errors="raise")
    assert mid.rounds == cut.rounds
    # a broken line with more after it is an error, not a cut
    path.write_bytes(b"\n".join(lines[:half] + [lines[half][:5]] + lines[half + 1:]))
    assert f"line {half + 1}: invalid JSON" in _load_error(tmp_path, path.read_bytes())


def test_lines_ended_by_crlf_or_by_nothing_read_as_lines_ended_by_lf(tmp_path):
    """A file of Windows line ends (``\\r\\n``), and one without an end after its last line,
    give the game its ``\\n`` file gives; an invalid line's column counts its own text
    only (``{"type":`` stops being JSON at column 9, a line cut after its key), whatever
    ends the line."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    text = dumps(game)
    for data in (text.replace(b"\n", b"\r\n"), text.rstrip(b"\n")):
        path = tmp_path / "game.jsonl"
        path.write_bytes(data)
        (read,) = load(path, errors="raise")
        assert read.rounds == game.rounds
    lines = text.splitlines()
    for end in (b"\n", b"\r\n"):
        broken = end.join(lines[:3] + [b'{"type":'] + lines[3:]) + end
        assert "line 4: invalid JSON at column 9: unexpected end of data" in _load_error(tmp_path, broken)


def test_the_majsoul_sample_validates_under_the_majsoul_preset_chosen_by_its_room():
    """The Mahjong Soul sample (玉の間南喰) with no rule named: the majsoul preset of its
    room, and zero findings; its final points are Mahjong Soul's (start 25,000, no oka,
    uma 15/5), which Tenhou's preset does not give."""
    (game,) = _games("tenhou-json", "majsoul-sample")
    assert game.origin.platform == "majsoul"
    assert game_rule(game) == MAJSOUL.replace(winds=2)
    assert validate_game(game) == []
    assert [f.check for f in validate_game(game, TENHOU)] == ["game.point"]
    # the sc points: (score - 25000) / 1000 + 15/5/-5/-15 by rank
    assert game.points == ("-20.4", "-8.7", "26.9", "2.2")
    back = _read_back(game)  # its mjai file keeps the room in its title
    assert back.origin.platform == "majsoul" and _findings(back) == []


def test_majsoul_rooms_by_name():
    assert dict(majsoul_origin("tenhou-json", "金の間東喰").rule)["winds"] == 1
    assert dict(majsoul_origin("tenhou-json", "Gold Room South").rule)["winds"] == 2
    assert dict(majsoul_origin("mjai", "Throne Room East\nid").rule)["winds"] == 1
    for other in ("友人戦南喰", "Friendly South", "四鳳南喰赤", ""):
        assert majsoul_origin("tenhou-json", other) is None


def test_a_majsoul_export_with_english_yaku_names_validates():
    """tensoul's English names (Riichi, Dora, Ura Dora in confusing_nakis_7, a Gold Room
    South game) are the 電脳麻将 yaku."""
    (game,) = _games("tenhou-json", "mjai-reviewer-excerpts", "confusing_nakis_7.json")
    assert game.origin.platform == "majsoul"
    assert [f.check for f in validate_game(game)] == ["game.incomplete"]  # an excerpt: one round


def run(*args):
    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True)


def test_paipu_convert_to_mjai(tmp_path):
    sources = corpus("tenhou-mjlog", "rmss-samples")
    done = run("convert", str(sources), "--to", "mjai", "-o", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted(p.name.replace(".mjlog", ".jsonl") for p in sources.iterdir())
    done = run("validate", str(tmp_path / "out"))
    assert done.returncode == 0 and "7 games" in done.stdout and ": 7 valid, 0 findings" in done.stdout
    # on standard output one game, read back as it was; several are refused in one line,
    # nothing written: a file of mjai is one game, for Mortal and mjai-reviewer as for paipu
    done = run("convert", str(sources / "pao.mjlog"), "--to", "mjai")
    assert done.returncode == 0, done.stderr
    (game,) = load(sources / "pao.mjlog")
    assert game_from_mjai(parse(done.stdout.encode())).rounds == game.rounds
    done = run("convert", str(sources / "pao.mjlog"), str(sources / "yao9.mjlog"), "--to", "mjai")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        "paipu convert: mjai holds one game per file: several games cannot go to standard output; "
        "write them with -o DIR"]


def test_a_three_player_game_is_written_as_mjai(tmp_path):
    """``paipu convert --to mjai`` writes a three-player game (as RiichiEnv writes one:
    three names, scores and hands, ``kita``), and ``paipu validate`` finds it valid."""
    sanma = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010118gm-00b9-0000-fec27b29.mjlog")
    done = run("convert", str(sanma), "--to", "mjai", "-o", str(tmp_path))
    assert (done.returncode, done.stderr) == (0, "")
    (written,) = tmp_path.iterdir()
    lines = [orjson.loads(line) for line in written.read_bytes().splitlines()]
    assert len(lines[0]["names"]) == 3 and any(line["type"] == "kita" for line in lines)
    assert run("validate", str(written)).returncode == 0


def test_riichi_discards_are_marked_once():
    """``reach`` marks the next discard of its player only."""
    (game,) = _games("tenhou-json", "mjai-reviewer-excerpts", "four_reach.json")
    back = _read_back(game)
    riichi = [e.seat for r in back.rounds for e in r.events if isinstance(e, Discard) and e.riichi]
    assert sorted(riichi) == [0, 1, 2, 3]


def test_plain_draw_and_discard_lines_read_as_the_same_items_of_an_array():
    """A log's plain draw and discard lines, looked up as they come, give the events the
    same lines give as a JSON array, whose items are parsed one by one, with and without
    ``reach_accepted`` after a riichi discard, and with kans."""
    games = _games("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")[:40]
    kans = sum(type(e).__name__ in ("Kan", "KanDraw") for g in games for r in g.rounds for e in r.events)
    riichi = sum(isinstance(e, Discard) and e.riichi for g in games for r in g.rounds for e in r.events)
    assert kans > 10 and riichi > 100
    for game in games:
        lines = dumps(game).split(b"\n")
        for kept in (lines, [line for line in lines if b'"reach_accepted"' not in line]):
            as_lines, as_array = parse(b"\n".join(kept)), parse(b"[" + b",".join(filter(None, kept)) + b"]")
            assert as_lines.where == "line" and as_array.where == "item"
            events = [r.events for r in game.rounds]
            assert [r.events for r in game_from_mjai(as_lines).rounds] == events, game.source
            assert [r.events for r in game_from_mjai(as_array).rounds] == events, game.source


def test_every_draw_and_discard_line_and_its_near_misses_read_as_items_of_an_array():
    """Each draw and discard line as Mortal writes it, of every actor and tile, and lines
    one character off (another actor, a name that is no tile, a key or value spelled
    otherwise), after a deal: the lines give the events, or the error, that the same
    lines as a JSON array give, whose items are parsed one by one."""
    head = [b'{"type":"start_game","names":["a","b","c","d"]}',
            b'{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
            b'"scores":[25000,25000,25000,25000],"tehais":' + json.dumps([["1m"] * 13] * 4).replace(" ", "").encode() + b"}"]
    names = [f"{d}{s}" for s in "mps" for d in range(1, 10)] + list("ESWNPFC") + ["5mr", "5pr", "5sr"]
    near = ["0m", "5xr", "5r", "Ep", "Es", "e", "10m", "9z", "5mrr", "5sR", "m5", "?"]
    lines = []
    for actor in (0, 3, 4, 9):
        for name in names + near:
            lines += [b'{"type":"tsumo","actor":%d,"pai":"%s"}' % (actor, name.encode()),
                      b'{"type":"dahai","actor":%d,"pai":"%s","tsumogiri":true}' % (actor, name.encode()),
                      b'{"type":"dahai","actor":%d,"pai":"%s","tsumogiri":false}' % (actor, name.encode())]
    lines += [b'{"type":"tsumo","actor":1,"pai":"9s" }', b'{"type":"dahai","actor":1,"pai":"9\\u0073","tsumogiri":true}',
              b'{"type":"dahai","actor":1,"pai":"9s","tsumogirl":true}', b'{"type":"dahai","pai":"9s","actor":1,"tsumogiri":true}',
              b'{"type":"tsumo","actor":1,"paj":"9s"}', b'{"type":"dahai","actor":1,"pai":"9s","tsumogiri":1}',
              b'{"type":"tsumo","actor":1,"pai":"9s","x":"yyyyyyyyyyyy"}', b'{"type":"tsumo","actor":1}']

    def outcome(data: bytes):
        try:
            return [r.events for r in game_from_mjai(parse(data)).rounds]
        except FormatError as error:
            return re.sub(r"\b(line|item)s? ", "", error.message)

    read = 0
    for line in lines:
        as_lines = outcome(b"\n".join([*head, line]))
        assert as_lines == outcome(b"[" + b",".join([*head, line]) + b"]"), line
        read += isinstance(as_lines, list)
    assert read == 2 * 3 * len(names) + 5  # actors 0 and 3 of every tile; the space, escape, other key order, keys unknown


def test_damaged_logs_read_as_lines_as_they_read_as_arrays():
    """Lines deleted, swapped or doubled (a kan's replacement draw missing, so that a run
    of plain lines starts after a kan; lines outside a round; a riichi whose discard is
    gone): the lines read as the same array does, events or error, and never hang."""
    import random
    import signal

    def outcome(data: bytes):
        try:
            return [r.events for r in game_from_mjai(parse(data)).rounds]
        except FormatError as error:
            return re.sub(r"\b(line|item)s? ", "", error.message)

    games = _games("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")[:6]
    chance = random.Random(16)
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("reading a damaged mjai log hangs"))
    signal.alarm(60)
    try:
        for game in games:
            lines = [line for line in dumps(game).split(b"\n") if line]
            kans = [i + 1 for i, line in enumerate(lines) if b'kan"' in line and b'"tsumo"' in lines[i + 1]]
            cases = [lines[:i] + lines[i + 1:] for i in kans]  # the replacement draw gone
            for _ in range(40):
                damaged = list(lines)
                i = chance.randrange(1, len(damaged) - 1)
                action = chance.choice(("delete", "swap", "double"))
                if action == "delete":
                    del damaged[i]
                elif action == "swap":
                    damaged[i], damaged[i + 1] = damaged[i + 1], damaged[i]
                else:
                    damaged.insert(i, damaged[i])
                cases.append(damaged)
            for damaged in cases:
                assert outcome(b"\n".join(damaged)) == outcome(b"[" + b",".join(damaged) + b"]")
    finally:
        signal.alarm(0)


def test_the_mjai_benchmark_runs_on_the_samples():
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_mjai.py"), "--repeat", "1",
                           str(root / "sample_logs")], capture_output=True, text=True, cwd=root / "benchmarks",
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "5 games" in done.stdout and "mjai read:" in done.stdout and "電脳麻将 read:" in done.stdout


def test_show_derives_the_value_mjai_does_not_log():
    """``paipu show`` of an mjai file with Mortal's fields alone: each win's value is
    marked as not logged and derived by the rules: Tenhou's own han and value."""
    from paipu.describe import describe

    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    bare = game_from_mjai(parse(_mortal_lines(dumps(game))))
    text = describe(bare)
    wins = [e for r in game.rounds for e in r.events if isinstance(e, Win)]
    lines = [line for line in text.splitlines() if line.startswith("  win: ")]
    assert len(lines) == len(wins)
    for line, win in zip(lines, wins):
        value = f"yakuman, {win.points}" if win.yakuman else f"{win.han} han, {win.points}"
        assert "not logged; derived " in line and value in line, line
    assert text.endswith("final results: not in the log (its format holds none)")


_ODD_VALUES = [None, -1, 4, 7, 2**70, 1.5, "", "?", "5zr", "0m", "E", [], [1, 2], {}, {"a": 1}, True, "x" * 300]


def _mutant(lines: list[bytes], rng) -> bytes:
    """Up to three corruptions: a line deleted, doubled or moved, or a field given an odd
    value or taken away (with or without paipu's record)."""
    lines = list(lines)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(1, len(lines))
        kind = rng.randrange(5)
        if kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[at])
        elif kind == 2:
            lines.insert(rng.randrange(1, len(lines)), lines.pop(at))
        else:
            event = orjson.loads(lines[at])
            field = rng.choice(sorted(event))
            if kind == 3:
                event[field] = rng.choice(_ODD_VALUES)
            else:
                del event[field]
            lines[at] = json.dumps(event, ensure_ascii=False).encode()  # big integers too
    return b"\n".join(lines)


def test_corrupted_mjai_files_are_refused_or_validated_never_a_crash():
    import random

    from paipu.formats import FormatError

    sources = _games("tenhou-mjlog", "rmss-samples") + _games("majiang", "majiang-core-scripts", "script.json",
                                                               step=6)
    refused = validated = 0
    for number, game in enumerate(sources):
        for with_record in (True, False):
            data = dumps(game) if with_record else _mortal_lines(dumps(game))
            lines = data.splitlines()
            for seed in range(12):
                rng = random.Random(f"{number}-{with_record}-{seed}")
                mutant = _mutant(lines, rng)
                try:
                    log = parse(mutant)
                    read = game_from_mjai(log) if log is not None else None
                except FormatError:
                    refused += 1
                    continue
                if read is not None:
                    validate_game(read)  # never raises: a finding or an engine error, not a crash
                    validated += 1
    assert refused and validated


@pytest.mark.parametrize("kind, field, value, message", [
    ("start_kyoku", "bakaze", [], "bakaze must be E, S, W or N"),
    ("start_kyoku", "scores", [1, 2, 3, 2**40], "scores: 1099511627776 is beyond any game"),
    ("start_game", "names", [1, 2, 3, 4], "names must be 3 or 4 strings (or none: [])"),
    ("start_game", "names", ["A", "B"], "names must be 3 or 4 strings (or none: [])"),
    ("start_game", "rule", [1], "rule must be an object, not [1]"),
    ("dahai", "pai", ["x"], "pai: not an mjai tile"),
    ("hora", "paipu", [1], "an event must be an object with one key"),
    ("hora", "limit", [], "limit must be one of"),
    ("start_game", "kyoku_first", "4", "kyoku_first must be an integer, not '4'"),
])
def test_odd_values_are_load_errors(kind, field, value, message):
    (game,) = _games("tenhou-mjlog", "rmss-samples", "ron3.mjlog")
    lines = []
    for line in dumps(game).splitlines():
        event = orjson.loads(line)
        if event["type"] == kind:
            event[field] = value
        lines.append(json.dumps(event).encode())
    from paipu.formats import FormatError

    with pytest.raises(FormatError, match=re.escape(message)):
        game_from_mjai(parse(b"\n".join(lines)))


def test_a_ryukyoku_reason_that_is_not_a_name_is_passed_over():
    (game,) = _games("tenhou-mjlog", "rmss-samples", "ron3.mjlog")
    lines = []
    for line in _mortal_lines(dumps(game)).splitlines():
        event = orjson.loads(line)
        if event["type"] == "ryukyoku":
            event["reason"] = ["ron3"]
        lines.append(orjson.dumps(event))
    assert game_from_mjai(parse(b"\n".join(lines))).rounds == game_from_mjai(
        parse(_mortal_lines(dumps(game)))).rounds


def test_a_closed_kans_dora_before_the_replacement_draw_as_mjai_reviewer_writes_it():
    """mjai-reviewer writes a closed kan's new indicator before the replacement draw
    (``ankan``, ``dora``, ``tsumo``); paipu's event stream, and its writer, after it. Both
    validate alike."""
    moved = 0
    for game in _games("tenhou-mjlog", "mjx-tests"):
        lines = dumps(game).splitlines()
        types = [orjson.loads(line)["type"] for line in lines]
        for at in range(len(lines) - 2):
            if types[at:at + 3] == ["ankan", "tsumo", "dora"]:
                lines[at + 1], lines[at + 2] = lines[at + 2], lines[at + 1]
                moved += 1
        if lines != dumps(game).splitlines():
            reordered = game_from_mjai(parse(b"\n".join(lines)), source=game.source)
            assert _findings(reordered) == _findings(game), game.source
    assert moved > 10


def _without_deltas(data: bytes) -> bytes:
    """Mortal's fields alone (:func:`_mortal_lines`), and no ``deltas`` (optional in
    Mortal's ``hora`` and ``ryukyoku``)."""
    lines = []
    for line in _mortal_lines(data).splitlines():
        event = orjson.loads(line)
        event.pop("deltas", None)
        lines.append(orjson.dumps(event))
    return b"\n".join(lines) + b"\n"


def test_results_without_deltas_are_settled_by_the_rules_and_not_compared():
    """A ``hora``/``ryukyoku`` without ``deltas`` has payments unknown (``None``), not
    zero: a clean game validates with zero findings (the engine settles each round with
    the rules' payments, which the next ``start_kyoku``'s scores then confirm), and a
    next deal whose scores disagree with them is reported there."""
    clean = 0
    for game in _games("tenhou-mjlog", "rmss-samples"):
        if _findings(game):
            continue
        data = _without_deltas(dumps(game))
        bare = game_from_mjai(parse(data), source=game.source)
        assert all(r.payments is None for round_ in bare.rounds for r in round_.results)
        assert _findings(bare, game_rule(game)) == [], game.source
        clean += 1
        if len(game.rounds) > 1:
            lines = data.splitlines()
            at = [i for i, line in enumerate(lines) if b'"start_kyoku"' in line][1]
            deal = orjson.loads(lines[at])
            deal["scores"] = [deal["scores"][0] + 1000, deal["scores"][1] - 1000, *deal["scores"][2:]]
            lines[at] = orjson.dumps(deal)
            wrong = game_from_mjai(parse(b"\n".join(lines)), source=game.source)
            assert [f[1:3] for f in _findings(wrong, game_rule(game))] == [(0, "qipai.defen")]
    assert clean


def test_payments_not_logged_are_na_in_statistics_and_derived_in_show():
    """Statistics of a game without ``deltas`` have NA where an amount would be (never
    0) but the score changes the next deal states, and ``paipu show`` marks the payments not logged and gives the rules' (here the
    logged ones of the source, which validates clean)."""
    from paipu import stats
    from paipu.describe import describe

    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    bare = game_from_mjai(parse(_without_deltas(dumps(game))))
    rounds = stats.rounds(bare)
    won = rounds[rounds["win"]]
    assert len(won) and won["win_net"].isna().all() and won["win_value"].isna().all()
    # the score changes are the next deal's scores minus this one's, as the source's
    # payments give them; the last round's, with no deal after it, are NA
    last = rounds["round"] == rounds["round"].iloc[-1]
    assert (~last).any() and rounds.loc[last, "score_change"].isna().all()
    assert not rounds.loc[~last, "score_change"].isna().any()
    assert list(rounds.loc[~last, "score_change"]) == list(stats.rounds(game).loc[~last, "score_change"])
    assert rounds.loc[rounds["deal_in"], "deal_in_amount"].isna().all()
    assert rounds.loc[rounds["tsumo_against"], "tsumo_paid"].isna().all()
    assert stats.summary(bare)["avg_win"].isna().all()  # mjai states no value: not an average of 0
    with_deltas = stats.rounds(game_from_mjai(parse(_mortal_lines(dumps(game)))))
    expected = stats.rounds(game)
    assert list(with_deltas["win_net"]) == list(expected["win_net"]) and with_deltas["win_value"].isna().all()
    mine, theirs = stats.summary(game_from_mjai(parse(_mortal_lines(dumps(game))))), stats.summary(game)
    assert list(mine["avg_win_net"]) == list(theirs["avg_win_net"]) and mine["avg_win"].isna().all()
    text = describe(bare)
    payments = [line for line in describe(game).splitlines() if line.startswith("    payments: ")]
    derived = [line for line in text.splitlines() if line.startswith("    payments not logged; derived: ")]
    assert [line.split(": ", 1)[1] for line in derived] == [line.split(": ", 1)[1] for line in payments]
    assert [line for line in text.splitlines() if line.startswith("  scores after: ")] == [
        line for line in describe(game).splitlines() if line.startswith("  scores after: ")]


def test_payments_not_logged_are_written_as_not_logged(tmp_path):
    """The writers keep unknown payments unknown: mjai leaves ``deltas`` out, 電脳麻将
    JSON writes ``fenpei: null``; both read back the same events, and the viewer's
    page says "not logged"."""
    from paipu.formats.majiang import game_from_json, game_to_json
    from paipu.view import view

    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    bare = game_from_mjai(parse(_without_deltas(dumps(game))))
    written = dumps(bare)
    assert b'"deltas"' not in written and _read_back(bare).rounds == bare.rounds
    as_paipu = game_from_json(orjson.loads(orjson.dumps(game_to_json(bare))))
    assert as_paipu.rounds == bare.rounds  # fenpei null: not logged, read back as such
    assert _findings(bare, game_rule(game)) == _findings(as_paipu, game_rule(game)) == []  # validated alike
    viewer = view(bare)
    wins = [frame for frame in viewer.frames if 'class="pv-panel pv-win"' in frame]
    assert wins and all("payments not logged" in frame for frame in wins)


def _reviewer_lines(data: bytes) -> bytes:
    """An mjai file as mjai-reviewer writes it: Mortal's fields, and ``kyoku_first`` and
    ``aka_flag`` in ``start_game`` (no title, no rule)."""
    lines = _mortal_lines(data).splitlines()
    start = orjson.loads(data.split(b"\n", 1)[0])
    lines[0] = orjson.dumps({key: start[key] for key in ("type", "names", "kyoku_first", "aka_flag") if key in start})
    return b"\n".join(lines) + b"\n"


@pytest.mark.parametrize("name, winds, red", [("tonpu.json.gz", 1, True), ("no_red.json.gz", 2, False)])
def test_kyoku_first_and_aka_flag_give_the_length_and_red_fives(name, winds, red):
    """mjai-reviewer's ``kyoku_first`` (0 East-South, 4 East-only) and ``aka_flag`` are
    the rule of a log without a title: the 電脳麻将 engine's East-only games (and its
    games without red fives), as mjai-reviewer writes them, validate with no finding
    under the rule read from them (an East-only game checked as East-South would be
    incomplete)."""
    games = _games("generated", name, step=10)
    for game in games:
        data = dumps(game)
        assert orjson.loads(data.split(b"\n", 1)[0])["kyoku_first"] == (4 if winds == 1 else 0)
        bare = game_from_mjai(parse(_reviewer_lines(data)), source=game.source)
        rule = game_rule(bare)
        assert (rule.winds, any(rule.red_fives)) == (winds, red)
        assert _findings(bare) == _findings(game) == [], game.source
    assert games


def test_a_byte_order_mark_is_passed_over(tmp_path):
    """A UTF-8 byte order mark before ``start_game`` (a file saved by a Windows editor):
    the same game, as JSON lines and as a JSON array."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    data = dumps(game)
    lines = (tmp_path / "bom.jsonl")
    lines.write_bytes(b"\xef\xbb\xbf" + data)
    array = (tmp_path / "bom_array.json")
    array.write_bytes(b"\xef\xbb\xbf[" + b",".join(data.splitlines()) + b"]")
    for path in (lines, array):
        (read,) = load(path, errors="raise")
        assert read.rounds == game.rounds and read.origin.format == "mjai"


def test_what_follows_end_game_is_one_load_error_and_the_game_is_kept(tmp_path):
    """Two games in one file (as ``convert --to mjai A B`` once wrote them) or a stray
    line after ``end_game``: the game ``end_game`` ended is read, and what follows is one
    load error at its first line, named as the file's next item, in no round."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    lines = dumps(game).splitlines()
    path = tmp_path / "two.jsonl"
    for after, message in [
        (lines, f"line {len(lines) + 1}: start_game after end_game: an mjai file holds one game "
                f"(the game before it is read, not lines {len(lines) + 1}-{2 * len(lines)})"),
        ([lines[1]], f"line {len(lines) + 1}: start_kyoku after end_game: an mjai file holds one game "
                     f"(the game before it is read, not line {len(lines) + 1})"),
        ([b"", b"[1, 2]", b""], f"line {len(lines) + 2}: an event after end_game: an mjai file holds one game "
                                f"(the game before it is read, not line {len(lines) + 2})"),
    ]:
        path.write_bytes(b"\n".join(lines + after) + b"\n")
        reader = load(path, errors="collect")
        (read,) = list(reader)
        assert read.rounds == game.rounds
        (error,) = reader.errors
        assert (error.game, error.round, error.label) == (1, None, None)
        assert str(error) == f"{path}#1: {message}"
    # a game that cannot be read (a discard by player 9 on line 3) before its end_game and a
    # second game: each is one load error, the first at the line where reading stopped
    broken = lines[:2] + [b'{"type":"dahai","actor":9,"pai":"1m","tsumogiri":false}'] + lines[2:]
    path.write_bytes(b"\n".join(broken + lines) + b"\n")
    reader = load(path, errors="collect")
    assert list(reader) == []
    first, second = reader.errors
    assert (first.game, first.round, first.message.split(":")[0]) == (0, 0, "line 3")
    assert (second.game, str(second)) == (1, f"{path}#1: line {len(broken) + 1}: start_game after end_game: an mjai "
                                             f"file holds one game (the game before it is read, not lines "
                                             f"{len(broken) + 1}-{len(broken) + len(lines)})")
    # a game read without the loader refuses what follows its end, named as the loader names
    # it: a line cut short there too (not taken for the log's own last line, cut short)
    for after, what in [(lines[1], "start_kyoku"), (b'{"type":"start_ky', "an event")]:
        with pytest.raises(ValueError) as refused:
            game_from_mjai(parse(b"\n".join(lines + [after])))
        assert (refused.value.message, refused.value.round) == (
            f"line {len(lines) + 1}: {what} after end_game: an mjai file holds one game", None)


def test_deltas_beside_a_paipu_record_are_the_payments_checked():
    """A ``hora``/``ryukyoku`` with paipu's record and ``deltas`` that disagree with it
    (a tool rewrote the deltas): the deltas are the payments, and validation reports
    them where they differ from the rules'."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "ron3.mjlog")
    assert _findings(game) == []
    lines, changed = [], []
    for line in dumps(game).splitlines():
        event = orjson.loads(line)
        if event["type"] in ("hora", "ryukyoku") and any(event["deltas"]):
            event["deltas"] = [event["deltas"][0] + 100, event["deltas"][1] - 100, *event["deltas"][2:]]
            changed.append(event["type"])
        lines.append(orjson.dumps(event))
    assert {"hora", "ryukyoku"} <= set(changed)
    read = game_from_mjai(parse(b"\n".join(lines)))
    checks = [f[2] for f in _findings(read)]
    assert set(checks) == {"hule.fenpei", "pingju.fenpei"}
    assert checks.count("hule.fenpei") == changed.count("hora")
    assert checks.count("pingju.fenpei") == changed.count("ryukyoku")


def test_meld_text_as_both_readers_build_it():
    """:func:`paipu.tiles.meld_text`, which the mjai and tenhou.net/6 readers share:
    the claimed tile first, in 電脳麻将 notation (hand-worked)."""
    from paipu.tiles import meld_text

    assert meld_text(["m3", "m4", "m5"], "-", sequence=True) == "m3-45"
    assert meld_text(["p0", "p4", "p6"], "-", sequence=True) == "p40-6"
    assert meld_text(["s7", "s5", "s6"], "-", sequence=True) == "s567-"
    assert meld_text(["z1", "z1", "z1"], "=") == "z111="
    assert meld_text(["p5", "p0", "p5"], "+") == "p505+"
    assert meld_text(["m5", "m0", "m5", "m5"], "-") == "m5505-"
    assert meld_text(["m5", "m0", "m5", "m5"], "") == "m5550"


REVIEWER_LOG = Path(__file__).parent / "data" / "mjai_reviewer_tonpu.jsonl"
"""A log written by hand as mjai-reviewer and Mortal write them (no title, ``kyoku_first``
4: East-only, ``aka_flag``, ``5mr``, ``reach_accepted`` with the original protocol's
``deltas``/``scores``, ``hora`` with ``deltas`` and ``ura_markers``, ``ryukyoku`` with
``deltas``): the last round of a game, 東4局, dealer Dan (player 3), from 30100, 22400,
25500, 22000. 東4局0本場: Dan's first draw makes ten kinds of terminals and honours, and he
stops the round (九種九牌, no payments); he keeps the deal. 東4局1本場: Ben (player 1,
West) draws 5p to 234m 5(red)67m 345p 99p 67s, riichi on his next draw (1s), and Chie
(North) discards 8s before Ben draws again: riichi 1, ippatsu 1, pinfu 1, the red five 1
(dora E, ura S: none) = 4 han 30 fu (pinfu ron: 20 + 10 closed ron), 7,700, plus 300 for
the honba from Chie, plus Ben's own riichi stick: Ben +9,000, Chie -8,000. A non-dealer's
win in the last round of an East-only game ends it."""


def test_a_hand_written_reviewer_log_reads_and_validates_as_worked_out():
    from paipu.engine import Replay

    (game,) = load(REVIEWER_LOG, errors="raise")
    assert game.players == ("Aoi", "Ben", "Chie", "Dan") and game.first_dealer == 0 and game.title == ""
    rule = game_rule(game)
    assert (rule.winds, tuple(rule.red_fives)) == (1, (1, 1, 1))
    first, second = game.rounds
    # seats from the dealer, Dan: Dan 0, Aoi 1, Ben 2, Chie 3
    assert (first.label, first.dealer, first.deal.scores) == ("東4局0本場", 3, (22000, 30100, 22400, 25500))
    assert first.deal.hands[0].counts() == HandNotation.from_tiles(
        ["m1", "m9", "p1", "p9", "s1", "z1", "z2", "z3", "z4", "m2", "m3", "p4", "s6"]).counts()
    (draw,) = first.results
    assert (draw.name, draw.payments, [hand is not None for hand in draw.hands]) == (
        "九種九牌", (0, 0, 0, 0), [True, False, False, False])
    assert (second.label, second.deal.dora_indicator, second.deal.hands[2].tiles.count("m0")) == ("東4局1本場", "z4", 1)
    riichi = [e for e in second.events if isinstance(e, Discard) and e.riichi]
    assert [(e.seat, e.tile, e.tsumogiri) for e in riichi] == [(2, "s1", True)]
    (win,) = second.results
    assert (win.seat, win.discarder, win.payments, win.ura_indicators) == (2, 3, (0, 0, 9000, -8000), ("z1",))
    assert win.hand.counts() == HandNotation.from_tiles(
        ["m2", "m3", "m4", "m0", "m6", "m7", "p3", "p4", "p5", "p9", "p9", "s6", "s7", "s8"]).counts()
    result = next(step.expected.result for step in Replay(game) if step.event is win)
    assert (result.fu, result.han, result.points, result.payments) == (30, 4, 7700, (0, 0, 9000, -8000))
    assert sorted(y.name for y in result.yaku if y.han) == sorted(["立直", "一発", "平和", "赤ドラ"])
    assert validate_game(game) == []


def _reviewer_variant(change) -> bytes:
    lines = [orjson.loads(line) for line in REVIEWER_LOG.read_bytes().splitlines()]
    for number, event in enumerate(lines, 1):
        change(number, event)
    return b"\n".join(orjson.dumps(event) for event in lines) + b"\n"


def test_variants_of_the_hand_written_log(tmp_path):
    """Without ``deltas`` the same verdict (payments unknown, settled by the rules); the
    honba left out of the ron's deltas is a ``hule.fenpei`` finding with the worked-out
    payments; without ``kyoku_first`` the length is not stated: the game, which ends where
    an East-only game ends, is valid and checked loosely (East-South, the majiang preset's,
    would have it stop before its end), and so with a ``kyoku_first`` that states no length
    (1); a ``?`` in another seat's draw (a player's view) is a load error at its line."""
    def no_deltas(number, event):
        if event["type"] in ("hora", "ryukyoku"):
            del event["deltas"]
    read = game_from_mjai(parse(_reviewer_variant(no_deltas)))
    assert [r.payments for round_ in read.rounds for r in round_.results] == [None, None]
    assert validate_game(read) == []

    def no_honba(number, event):
        if event["type"] == "hora":
            event["deltas"] = [0, 8700, -7700, 0]
    (finding,) = validate_game(game_from_mjai(parse(_reviewer_variant(no_honba))))
    assert (finding.check, finding.expected, finding.logged) == ("hule.fenpei", [0, 0, 9000, -8000], [0, 0, 8700, -7700])

    def no_length(number, event):
        event.pop("kyoku_first", None)

    def other_first_round(number, event):  # akochan's first round index other than 東1 or 南1
        if event["type"] == "start_game":
            event["kyoku_first"] = 1
    for change in (no_length, other_first_round):
        read = game_from_mjai(parse(_reviewer_variant(change)))
        assert read.rounds == game_from_mjai(parse(REVIEWER_LOG.read_bytes())).rounds
        assert read.origin.undetermined == (("winds", (2, 1)),)
        assert game_rule(read).winds == 2  # the majiang preset's, East-only accepted too
        assert validate_game(read) == []
        assert [f.check for f in validate_game(read, "majiang")] == ["game.incomplete"]  # a rule named: its length

    def hidden(number, event):
        if number == 9:  # Aoi's first draw, as Ben's view of the game shows it
            assert event == {"type": "tsumo", "actor": 0, "pai": "3m"}
            event["pai"] = "?"
    message = _load_error(tmp_path, _reviewer_variant(hidden))
    assert "line 9: pai: a hidden tile '?'" in message and "one player's view" in message


def test_a_reviewer_log_converted_to_majiang_json_keeps_its_rule():
    """mjai → 電脳麻将 JSON → mjai: the rule ``kyoku_first`` and ``aka_flag`` state
    (East-only, red fives) is written as the paipu's ``rule``, so the converted game
    validates with no finding but its missing final results (checked as East-South it
    would stop before its end) and goes back to
    mjai with the same ``kyoku_first`` and ``aka_flag``."""
    from paipu.formats.majiang import game_from_json, game_to_json

    (game,) = load(REVIEWER_LOG, errors="raise")
    converted = game_from_json(orjson.loads(orjson.dumps(game_to_json(game))))
    assert converted.rounds == game.rounds
    assert (game_rule(converted).winds, tuple(game_rule(converted).red_fives)) == (1, (1, 1, 1))
    # the game ends where the rule ends it; its final results, which mjai does not state
    # and a paipu has a place for, are missing (paipu does not invent them)
    assert [(f.check, f.message) for f in validate_game(converted)] == [
        ("game.incomplete", "the game ends here, but the log has no final results (scores, ranks, points)")]
    start = game_to_mjai(converted)[0]
    assert (start["kyoku_first"], start["aka_flag"]) == (4, True)


def test_convert_reports_load_errors_before_refusing_and_warns_only_of_unfinished_games(tmp_path):
    """``paipu convert --to mjai`` of two games to standard output is refused, after the
    load errors of what was read before (they were hidden); an mjai game, which has no
    place for final results, is not called incomplete when its rounds end, and is when
    its log stops in a round."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    lines = dumps(game).splitlines()
    broken, whole, cut = tmp_path / "a_broken.jsonl", tmp_path / "b_whole.jsonl", tmp_path / "c_cut.jsonl"
    broken.write_bytes(b"\n".join(lines[:3] + [b"{"] + lines[3:]))
    whole.write_bytes(dumps(game))
    cut.write_bytes(b"\n".join(lines[:len(lines) // 2]) + b"\n")
    done = run("convert", str(broken), str(whole), str(cut), "--to", "mjai")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        f"paipu convert: {cut}#0: incomplete game (a round without its end): converted as it is",
        f"paipu convert: {broken}#0, {game.rounds[0].label}, event 2: line 4: invalid JSON at column 2: "
        "unexpected end of data",
        "paipu convert: mjai holds one game per file: several games cannot go to standard output; "
        "write them with -o DIR"]
    done = run("convert", str(whole), "--to", "mjai")
    assert (done.returncode, done.stderr) == (0, "")


def test_statistics_of_a_log_that_states_no_yaku_leave_them_unknown():
    """mjai's ``hora`` states no yaku: Ben's riichi ippatsu ron of the hand-written log has
    NA 一発, 裏ドラ and yaku, and the ippatsu and ura rates have no riichi win to count
    (NaN), where False would have made them 0."""
    from paipu import stats

    rounds = stats.tables(REVIEWER_LOG).rounds
    (won,) = rounds[rounds["win"]].itertuples()
    assert (won.name, won.riichi) == ("Ben", True)
    assert won.ippatsu is pd.NA and won.ura is pd.NA and won.yaku is None
    summary = stats.summary(REVIEWER_LOG)
    assert summary.loc["Ben", "riichi_win"] == 1.0
    assert math.isnan(summary.loc["Ben", "ippatsu_rate"]) and math.isnan(summary.loc["Ben", "ura_rate"])
    assert summary.loc["Ben", "yaku_counts"] == {}


def test_hands_a_draw_does_not_state_stay_not_stated_when_converted():
    """An mjai ``ryukyoku`` states no hands: the game read has them rebuilt (every tenpai
    hand shown) and ``origin.shown_hands`` false. Written as mjai or as 電脳麻将 JSON and
    read back, it still says so (paipu's ``shown_hands: false``) and validates exactly as
    the game read, under a rule without the noten penalty (where a tenpai hand not in
    riichi stays hidden, and the 電脳麻将 engine's games hide them) and with it."""
    from dataclasses import replace

    from paipu.formats.majiang import game_from_json, game_to_json

    drawn = hidden = 0
    for parts, step in [(("generated", "no_noten_bappu.json.gz"), 4), (("generated", "noten_declare.json.gz"), 8),
                        (("tenhou-mjlog", "rmss-samples"), 1)]:
        for game in _games(*parts, step=step):
            bare = game_from_mjai(parse(_mortal_lines(dumps(game))), source=game.source)
            draws = [(mine, theirs) for a, b in zip(bare.rounds, game.rounds)
                     for mine, theirs in zip(a.results, b.results) if isinstance(theirs, NoWin)]
            assert bare.origin.shown_hands is not draws
            drawn += bool(draws)
            hidden += sum(mine is not None and theirs is None for a, b in draws for mine, theirs in zip(a.hands, b.hands))
            as_mjai = _read_back(bare)
            as_majiang = game_from_json(orjson.loads(orjson.dumps(game_to_json(bare))), source=game.source)
            for back in (as_mjai, as_majiang):
                assert back.origin.shown_hands is bare.origin.shown_hands and back.rounds == bare.rounds
            for penalty in (False, True):
                rule = replace(game_rule(game), noten_penalty=penalty)
                expected = _findings(bare, rule)
                assert _findings(as_mjai, rule) == expected and _findings(as_majiang, rule) == expected, game.source
    assert drawn > 10 and hidden  # games with draws, some with tenpai hands their source hid
    paipu = game_to_json(bare)
    lines = dumps(bare).splitlines()
    assert paipu["shown_hands"] is False and b'"shown_hands":false' in lines[0]
    with pytest.raises(ValueError, match="shown_hands must be true or false, not 'no'"):
        game_from_json({**paipu, "shown_hands": "no"})
    with pytest.raises(ValueError, match="shown_hands must be true or false, not 0"):
        game_from_mjai(parse(lines[0].replace(b"\"shown_hands\":false", b"\"shown_hands\":0") + b"\n" + b"\n".join(lines[1:])))


@pytest.mark.parametrize("before, after, message", [
    (b'', b'{"type":"foo"}', "line 2: unknown event type 'foo'"),  # no actor: not 'actor must be...'
    (b'', b'{"type":"foo","actor":0}', "line 2: unknown event type 'foo'"),
    (b'{"type":"tsumo","actor":0,"pai":"1m"}', b'', "line 1: tsumo before start_game: an mjai log starts with start_game"),
    (b'{"type":"none"}', b'', "line 1: none before start_game: an mjai log starts with start_game"),
])
def test_an_unknown_type_and_an_event_before_start_game_are_said_so(tmp_path, before, after, message):
    """What is wrong is said first: an event of no mjai type (before its actor is read), an
    event before ``start_game`` (a file of mjai lines, not 'invalid JSON')."""
    lines = dumps(next(iter(load(Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json")))).splitlines()
    lines = [line for line in (before, lines[0], after, *lines[1:]) if line]
    assert _load_error(tmp_path, b"\n".join(lines)).endswith(message)
    array = b"[" + b",".join(lines) + b"]"
    assert _load_error(tmp_path, array).endswith(message.replace("line", "item"))


def test_a_log_that_lost_its_start_game_is_said_so(tmp_path):
    """A file of mjai lines without start_game at all (its first line lost) is mjai that
    the reader refuses as such, not 'invalid JSON'."""
    lines = dumps(next(iter(load(Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json")))).splitlines()
    assert b'"start_game"' in lines[0] and b'"start_kyoku"' in lines[1]
    assert _load_error(tmp_path, b"\n".join(lines[1:])).endswith(
        "line 1: start_kyoku before start_game: an mjai log starts with start_game")


# -- mjai as akochan, libriichi3p and RiichiEnv write it (issue 29) --------------------------


def _lines_of(events: list[dict]) -> bytes:
    return b"".join(orjson.dumps(event) + b"\n" for event in events)


def _tsumo(actor: int, tile: str) -> dict:
    return {"type": "tsumo", "actor": actor, "pai": tile}


def _dahai(actor: int, tile: str, tsumogiri: bool) -> dict:
    return {"type": "dahai", "actor": actor, "pai": tile, "tsumogiri": tsumogiri}


def _akochan_kyoku(kyoku: int, dora: str, scores: list[int], *hands: str) -> dict:
    """An East round's ``start_kyoku`` of a game whose first dealer is player 0, as
    akochan writes it (keys sorted), each hand given as its tiles with spaces between."""
    return {"bakaze": "E", "dora_marker": dora, "honba": 0, "kyoku": kyoku, "kyotaku": 0, "oya": kyoku - 1,
            "scores": scores, "tehais": [hand.split() for hand in hands], "type": "start_kyoku"}


def _akochan_log() -> list[dict]:
    """An East-only game's last two hands as akochan writes a log (its keys sorted, as
    akochan's json11 writes them; ``names: []``; ``hora`` with ``pai``, ``hora_tehais``,
    ``fan``, ``fu``, the ``scores`` after it and the ura indicators as ``uradora_marker``;
    no ``deltas``; ``end_game`` with the final ``scores``). Worked out by hand:

    東3局0本場, dealer player 2, everyone at 25,000, dora indicator E (dora S). Player 0 is
    dealt 123m 456m 789p 234s 9s, waiting on 9s alone; it draws and discards N on its first
    turn, declares riichi on its second (W drawn and discarded: no double riichi), draws and
    discards 1s, and player 1 discards 9s after that (no ippatsu). The ura indicator 8s
    makes 9s the ura dora, two of them in the winning hand: riichi 1 + ura 2 = 3 han;
    20 fu + 10 closed ron + 2 single wait = 32, 40 fu; 40 × 2^(3+2) × 4 = 5,120, 5,200.
    Player 0 gets 5,200 and its riichi stick back: 30,200; player 1 19,800. (Without the ura
    dora: 1 han 40 fu, 1,300.)

    東4局0本場, dealer player 3 (30,200, 19,800, 25,000, 25,000), dora indicator N (dora
    W): the dealer draws 6s and discards it, and player 0 (234m 567m 234p 45s 66p) wins on
    it: tanyao 1 + pinfu 1 = 2 han 30 fu, 30 × 2^4 × 4 = 1,920, 2,000; player 0 ends with
    32,200, over the 30,000 that ends the game after the last hand of an East-only game."""
    return [
        {"aka_flag": True, "kyoku_first": 4, "names": [], "type": "start_game"},
        _akochan_kyoku(3, "E", [25000, 25000, 25000, 25000], "1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 3s 4s 9s",
                       "9s 1p 2p 4p 6m 7m 8m 1s 5s 6s E S W", "2m 3m 7m 8m 3p 5p 6p 7s 8s E S P F",
                       "1m 4m 9m 2p 4p 6p 1s 6s 7s W N P C"),
        _tsumo(2, "F"), _dahai(2, "F", True), _tsumo(3, "C"), _dahai(3, "N", False),
        _tsumo(0, "N"), _dahai(0, "N", True), _tsumo(1, "1p"), _dahai(1, "W", False),
        _tsumo(2, "9m"), _dahai(2, "9m", True), _tsumo(3, "5p"), _dahai(3, "5p", True),
        _tsumo(0, "W"), {"actor": 0, "type": "reach"}, _dahai(0, "W", True), {"actor": 0, "type": "reach_accepted"},
        _tsumo(1, "3m"), _dahai(1, "3m", True), _tsumo(2, "S"), _dahai(2, "S", True),
        _tsumo(3, "4m"), _dahai(3, "4m", True), _tsumo(0, "1s"), _dahai(0, "1s", True),
        _tsumo(1, "7p"), _dahai(1, "9s", False),
        {"actor": 0, "fan": 3, "fu": 40, "hora_tehais": "1m 2m 3m 4m 5m 6m 7p 8p 9p 2s 3s 4s 9s".split(),
         "pai": "9s", "scores": [30200, 19800, 25000, 25000], "target": 1, "type": "hora", "uradora_marker": ["8s"]},
        {"type": "end_kyoku"},
        _akochan_kyoku(4, "N", [30200, 19800, 25000, 25000], "2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 6p 4s 5s",
                       "1m 1m 8m 9m 1p 9p 7s 8s 9s E E P P", "2m 3m 4m 7p 8p 9p 2s 3s 7s S S F F",
                       "5p 5p 7p 1s 2s 9s W W N C C 6m 8p"),
        _tsumo(3, "6s"), _dahai(3, "6s", True),
        {"actor": 0, "fan": 2, "fu": 30, "hora_tehais": "2m 3m 4m 5m 6m 7m 2p 3p 4p 6p 6p 4s 5s".split(),
         "pai": "6s", "scores": [32200, 19800, 25000, 23000], "target": 3, "type": "hora"},
        {"type": "end_kyoku"},
        {"scores": [32200, 19800, 25000, 23000], "type": "end_game"},
    ]


def _akochan_variant(change) -> bytes:
    events = _akochan_log()
    for event in events:
        change(event)
    return _lines_of(events)


def test_an_akochan_log_reads_its_uradora_marker_and_unnamed_players():
    """akochan's ``uradora_marker`` are the ura indicators (read as any other spelling:
    the win's value counts its two ura dora, worked out above), and its ``names: []`` are
    four unnamed players (named ``""``, as a log without ``names``): the game is valid.
    Read otherwise, the riichi win would lack its ura indicators (``hule.fubaopai``) and
    be worth 1,300, which the next deal's scores contradict (``qipai.defen``)."""
    from paipu.engine import Replay

    game = game_from_mjai(parse(_lines_of(_akochan_log())))
    assert game.players == ("", "", "", "") and len(game.rounds) == 2
    assert (game_rule(game).winds, game.origin.undetermined) == (1, ())
    win = game.rounds[0].results[0]
    assert (win.seat, win.discarder, win.ura_indicators, win.payments) == (2, 3, ("s8",), None)
    result = next(step.expected.result for step in Replay(game) if step.event is win)
    assert (result.han, result.fu, result.points, result.payments) == (3, 40, 5200, (0, 0, 6200, -5200))
    assert sorted((y.name, y.han) for y in result.yaku if y.han) == [("立直", 1), ("裏ドラ", 2)]
    last = game.rounds[1].results[0]
    last_result = next(step.expected.result for step in Replay(game) if step.event is last)
    assert (last_result.han, last_result.fu, last_result.payments) == (2, 30, (-2000, 2000, 0, 0))
    assert validate_game(game) == []

    def unread(event):
        if "uradora_marker" in event:
            event["uradora"] = event.pop("uradora_marker")
    assert [(f.check, f.round) for f in validate_game(game_from_mjai(parse(_akochan_variant(unread))))] == [
        ("hule.fubaopai", "東3局0本場"), ("qipai.defen", "東4局0本場")]

    def no_names(event):
        event.pop("names", None)
    assert game_from_mjai(parse(_akochan_variant(no_names))).players == game.players
    back = _read_back(game)
    assert (back.players, back.rounds) == (game.players, game.rounds)


def test_a_log_that_states_no_length_is_checked_loosely(tmp_path):
    """Without ``kyoku_first`` (or a rule, or a title naming a room) a log does not state
    its length: an East-only game ending after East 4 and an East-South game ending after
    South 4 are both valid, each counted as checked loosely (as a Tenhou log of an
    undetermined date: ``paipu validate``'s ``loose``); a game that stops where neither
    length ends it is still incomplete. Written back, the length stays unstated."""
    from paipu.validation import validate_file

    def no_length(event):
        event.pop("kyoku_first", None)
    path = tmp_path / "east_only.jsonl"
    path.write_bytes(_akochan_variant(no_length))
    (game,) = load(path, errors="raise")
    assert game.origin.undetermined == (("winds", (2, 1)),)
    assert validate_game(game) == []
    report = validate_file(str(path))
    assert (report.games, report.valid, report.loose, report.findings) == (1, 1, 1, ())
    assert "kyoku_first" not in game_to_mjai(game)[0]
    assert _read_back(game).origin.undetermined == game.origin.undetermined

    events = orjson.loads(b"[" + b",".join(_akochan_variant(no_length).splitlines()) + b"]")
    cut = events[:next(i for i, e in enumerate(events) if e["type"] == "end_kyoku") + 1] + [events[-1]]
    assert [f.check for f in validate_game(game_from_mjai(parse(_lines_of(cut))))] == ["game.incomplete"]

    for name, step in (("tonpu.json.gz", 10), ("default.json.gz", 30)):  # East-only, East-South
        for source in _games("generated", name, step=step):
            read = game_from_mjai(parse(_mortal_lines(dumps(source))), source=source.source)
            assert read.origin.undetermined == (("winds", (2, 1)),)
            assert _findings(read) == _findings(source) == [], source.source


def _sanma_log(kita: str = "kita") -> list[dict]:
    """A three-player game's last hand as RiichiEnv writes a log (``start_game`` without
    names or length, three ``scores`` and ``tehais``, ``kita`` with the North; the
    original protocol's ``reason`` of nothing here), worked out by hand under the
    tenhou-sanma preset (chosen for three players): 東3局0本場, dealer player 2, scores
    38,000, 35,000, 32,000, dora indicator 1s (dora 2s). Player 0 is dealt 234567p 34s 678s
    8p C; it draws a North, sets it aside, draws 8p for it and discards C: 234p 567p 34s
    678s 88p, waiting on 2s-5s. Player 1 discards 5s: tanyao 1 + pinfu 1 + the North
    (抜きドラ) 1 = 3 han 30 fu, 30 × 2^5 × 4 = 3,840, 3,900 from player 1. Player 0 ends
    with 41,900: past the 40,000 returned, the game ends after the last hand of an
    East-only game (East-South would go on: the length is not stated)."""
    return [
        {"type": "start_game"},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 3, "honba": 0, "kyotaku": 0, "oya": 2,
         "scores": [38000, 35000, 32000], "dora_marker": "1s", "tehais": [
             ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "6s", "7s", "8s", "8p", "C"],
             ["1m", "1m", "9m", "1p", "9p", "1s", "2s", "E", "S", "W", "P", "F", "F"],
             ["9m", "9m", "1p", "2p", "3p", "9p", "2s", "3s", "9s", "E", "S", "C", "C"]]},
        _tsumo(2, "W"), _dahai(2, "W", True),
        _tsumo(0, "N"), {"type": kita, "actor": 0, "pai": "N"}, _tsumo(0, "8p"), _dahai(0, "C", False),
        _tsumo(1, "5s"), _dahai(1, "5s", True),
        {"type": "hora", "actor": 0, "target": 1, "deltas": [3900, -3900, 0], "ura_markers": []},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]


def _libriichi3p(events: list[dict]) -> list[dict]:
    """A three-player log in the shape of Mortal's three-player build (libriichi3p), as
    Akagi's bridges write it for it: four of each per-player field, the fourth player's
    hand hidden (13 ``?``) and score (and payment) 0, and the North set aside as
    ``nukidora``."""
    shaped = []
    for event in events:
        event = dict(event)
        if event["type"] == "start_kyoku":
            event["scores"] = [*event["scores"], 0]
            event["tehais"] = [*event["tehais"], ["?"] * 13]
        elif event["type"] == "hora":
            event["deltas"] = [*event["deltas"], 0]
        elif event["type"] == "kita":
            event["type"] = "nukidora"
        shaped.append(event)
    return shaped


def test_a_three_player_log_with_a_north_set_aside_is_read_validated_and_written():
    """The hand-made three-player log (RiichiEnv's ``kita``; libriichi3p's ``nukidora``
    and four-wide fields, the same game) reads as three players, a ``NorthSetAside`` and
    the plain draw of its replacement; the win is worth what was worked out and the game
    is valid (loosely: its length is not stated); written (as RiichiEnv writes three
    players) and read back it has the same events."""
    from paipu.engine import Replay
    from paipu.events import Draw, NorthSetAside

    game = game_from_mjai(parse(_lines_of(_sanma_log())))
    assert game.players == ("", "", "") and game.first_dealer == 0
    (round_,) = game.rounds
    assert (round_.label, round_.players, round_.dealer, round_.deal.scores) == (
        "東3局0本場", 3, 2, (32000, 38000, 35000))
    north = next(i for i, e in enumerate(round_.events) if isinstance(e, NorthSetAside))
    assert round_.events[north - 1:north + 2] == (Draw(1, "z4"), NorthSetAside(1, "z4"), Draw(1, "p8"))
    (win,) = round_.results
    assert (win.seat, win.discarder, win.payments) == (1, 2, (0, 3900, -3900))
    result = next(step.expected.result for step in Replay(game) if step.event is win)
    assert (result.han, result.fu, result.points, result.payments) == (3, 30, 3900, (0, 3900, -3900))
    assert validate_game(game) == []
    assert game_from_mjai(parse(_lines_of(_libriichi3p(_sanma_log())))).rounds == game.rounds

    written = game_to_mjai(game)
    assert written[0] == {"type": "start_game", "names": ["", "", ""], "aka_flag": True}
    assert {"type": "kita", "actor": 0, "pai": "N"} in written
    assert [len(line["scores"]) for line in written if line["type"] == "start_kyoku"] == [3]
    back = _read_back(game)
    assert (back.players, back.first_dealer, back.rounds) == (game.players, game.first_dealer, game.rounds)
    assert validate_game(back) == []


@pytest.mark.parametrize("change, message", [
    (lambda events: events[0].update(names=["A", "B", "C", "D"]),
     "line 2: tehais: 3 players' hands, but names name 4 players"),
    (lambda events: events[1]["scores"].append(35000), "line 2: scores must be 3 integers"),
    (lambda events: events[5].update(pai="1m"), "line 6: kita: only a North (N) is set aside (北抜き), not 1m"),
    (lambda events: events[8].update(actor=3), "line 9: actor must be an integer 0..2, not 3"),
    (lambda events: events[-3].update(deltas=[3900, -3900, 0, 0]), "deltas must be 3 integers"),
])
def test_three_player_logs_that_do_not_hold_together_are_load_errors(tmp_path, change, message):
    """Names of four players over hands of three, a fourth score, a tile other than North
    set aside, a fourth player's draw or a fourth payment: one load error at its line."""
    events = _sanma_log()
    change(events)
    assert message in _load_error(tmp_path, _lines_of(events))


def test_a_padded_three_player_log_must_keep_its_shape(tmp_path):
    """In libriichi3p's shape the fourth score and payment are 0, and every round hides the
    fourth hand as the first does."""
    events = _libriichi3p(_sanma_log())
    events[-3]["deltas"][3] = 100
    message = _load_error(tmp_path, _lines_of(events))
    assert "deltas: the fourth value of a three-player log must be 0, not 100" in message


def test_a_north_set_aside_in_a_four_player_log_is_reported_there(tmp_path):
    """A ``nukidora`` in a four-player game is read, and the replay reports it at its event
    (only three players set a North aside), as for 電脳麻将's ``penuki``; never an engine
    error."""
    game = game_from_mjai(parse(_lines_of(_akochan_log())))
    events = _akochan_log()
    at = next(i for i, e in enumerate(events) if e == _tsumo(0, "N")) + 1
    assert events[at] == _dahai(0, "N", True)
    events[at:at + 1] = [{"type": "nukidora", "actor": 0, "pai": "N"}, _tsumo(0, "P"), _dahai(0, "P", True)]
    read = game_from_mjai(parse(_lines_of(events)))
    found = validate_game(read)
    position = next(i for i, e in enumerate(read.rounds[0].events) if type(e).__name__ == "NorthSetAside")
    assert (found[0].check, found[0].round, found[0].event) == ("penuki", "東3局0本場", position)
    assert "only three players" in found[0].message and len(game.rounds[0].events) + 2 == len(read.rounds[0].events)


THREE_PLAYER_SOURCES = [
    (("tenhou-mjlog", "agony5757-mahjong-paipuxmls"), "*-00b9-*", 278),
    (("tenhou-json", "sanma-engine"), "*", 5),
    (("majiang", "mahjonglm"), "*", 2),
]
"""Every three-player game of the corpora, by folder: the pattern of its files and the
number of three-player games among them (7 s together)."""


@pytest.mark.parametrize("parts, pattern, count", THREE_PLAYER_SOURCES,
                         ids=lambda v: "/".join(v) if isinstance(v, tuple) else None)
def test_three_player_corpus_games_go_to_mjai_and_back_and_validate_as_their_sources(parts, pattern, count):
    """Each three-player game of the corpora, written as mjai (RiichiEnv's shape), reads
    back with the same events and validates as its source (zero findings, final results
    aside); so does the file of mjai-reviewer's fields alone, the hands of its wins and
    draws and the value of its wins rebuilt from the events."""
    games = [g for g in load(*sorted(corpus(*parts).glob(pattern)), errors="raise") if len(g.players) == 3]
    assert len(games) == count
    for game in games:
        data = dumps(game)
        back = game_from_mjai(parse(data), source=game.source)
        assert (back.players, back.first_dealer, back.title, back.rounds) == (
            game.players, game.first_dealer, game.title, game.rounds), game.source
        expected = _findings(game)
        assert _findings(back) == expected == [], game.source
        bare = game_from_mjai(parse(_reviewer_lines(data)), source=game.source)
        assert _findings(bare, game_rule(game)) == expected, game.source


def test_a_calls_line_read_before_is_still_checked_against_the_games_players(tmp_path):
    """A chi, pon or kan line is read once and looked up by its bytes after that: the same
    line in another game gives that game's event (its seat from that game's dealer), and
    player 3's call, read in a four-player game, is still refused in a three-player one."""
    sanma = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010118gm-00b9-0000-fec27b29.mjlog")
    (three,) = load(sanma, errors="raise")
    lines = dumps(three).split(b"\n")
    call = next(i for i, line in enumerate(lines) if b'"type":"pon"' in line)
    pon = orjson.loads(lines[call])
    # the same pon by player 3 (from player 2), in a four-player game first: read there
    pon.update(actor=3, target=2)
    line = orjson.dumps(pon)
    (four,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    four_lines = dumps(four).split(b"\n")
    first_round = next(i for i, text in enumerate(four_lines) if b'"start_kyoku"' in text)
    start = orjson.loads(four_lines[first_round])
    dealer = start["oya"]
    # after player 3's discard, so that the line is read where the log allows it
    discard = next(i for i in range(first_round, len(four_lines))
                   if b'"dahai"' in four_lines[i] and orjson.loads(four_lines[i])["actor"] == 2)
    for _ in range(2):  # read, then looked up: the same event, seat by the dealer
        game = _game_of(tmp_path, b"\n".join(four_lines[:discard + 1] + [line]))
        events = game.rounds[0].events
        assert type(events[-1]).__name__ == "Call" and events[-1].seat == (3 - dealer) % 4
    lines[call] = line
    assert "actor must be an integer 0..2, not 3" in _load_error(tmp_path, b"\n".join(lines))


def _game_of(tmp_path, data: bytes):
    """The one game of an mjai file of ``data`` (a log cut short: its last round open)."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    (game,) = load(path, errors="raise")
    return game
