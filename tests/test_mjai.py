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
from paipu.engine import game_rule
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
    final results aside; so has the file of Mortal's fields alone, checked under the
    game's rule (it names none), its yaku, fu and draws derived, never reported missing."""
    clean = 0
    for game in _games(*parts, step=step):
        expected = _findings(game)
        assert _findings(_read_back(game)) == expected, game.source
        bare = game_from_mjai(parse(_mortal_lines(dumps(game))), source=game.source)
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


def test_a_three_player_game_is_not_written_as_mjai(tmp_path):
    sanma = next(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").glob("*-00b9-*.mjlog"))
    done = run("convert", str(sanma), "--to", "mjai", "-o", str(tmp_path))
    assert done.returncode == 2 and "mjai holds four-player games only" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_riichi_discards_are_marked_once():
    """``reach`` marks the next discard of its player only."""
    (game,) = _games("tenhou-json", "mjai-reviewer-excerpts", "four_reach.json")
    back = _read_back(game)
    riichi = [e.seat for r in back.rounds for e in r.events if isinstance(e, Discard) and e.riichi]
    assert sorted(riichi) == [0, 1, 2, 3]


def test_runs_of_draws_and_discards_read_as_each_line_alone():
    """A log's runs of plain draw and discard lines, read at once, give the events each
    line gives read alone (the same events as a JSON array, whose items are read one by
    one), with and without ``reach_accepted`` after a riichi discard, and with kans."""
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
    ("start_game", "names", [1, 2, 3, 4], "names must be 4 strings"),
    ("start_game", "rule", [1], "rule: a rule is a JSON object"),
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


@pytest.mark.parametrize("tile", ["N", "1m"])
def test_nukidora_is_a_load_error_naming_its_line(tmp_path, tile):
    """Three-player mjai (a ``nukidora``, of North or any other tile) is not read: one
    load error at its line, never findings of the engine."""
    (game,) = _games("tenhou-mjlog", "rmss-samples", "pao.mjlog")
    lines = dumps(game).splitlines()
    at = next(i for i, line in enumerate(lines) if b'"dahai"' in line)
    lines.insert(at, orjson.dumps({"type": "nukidora", "actor": 0, "pai": tile}))
    message = _load_error(tmp_path, b"\n".join(lines))
    assert f"line {at + 1}: nukidora (a North set aside): three-player mahjong" in message, message


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
    payments; without ``kyoku_first`` (East-South under the majiang preset) the game
    stops before its end, and so with a ``kyoku_first`` that states no length (1: the
    game is read, its length not stated); a ``?`` in another seat's draw (a player's view) is a load error
    at its line."""
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

    def east_south(number, event):
        event.pop("kyoku_first", None)
    assert [f.check for f in validate_game(game_from_mjai(parse(_reviewer_variant(east_south))))] == ["game.incomplete"]

    def other_first_round(number, event):  # akochan's first round index other than 東1 or 南1
        if event["type"] == "start_game":
            event["kyoku_first"] = 1
    read = game_from_mjai(parse(_reviewer_variant(other_first_round)))
    assert read.rounds == game_from_mjai(parse(_reviewer_variant(east_south))).rounds
    assert game_rule(read).winds == 2  # no length stated: the majiang preset's
    assert [f.check for f in validate_game(read)] == ["game.incomplete"]

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
