"""The ``paipu`` command line: help, ``show``, and exit codes on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from paipu.cli import main

from conftest import HAND_MADE

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"


def run(*args):
    """Run the installed command as a user would."""
    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True)


def test_help_lists_commands():
    result = run("--help")
    assert result.returncode == 0 and "show" in result.stdout
    result = run("show", "--help")
    assert result.returncode == 0 and "PATH[#N]" in result.stdout


def test_convert_help_names_every_format_and_file_ending_read():
    """What ``convert`` (as every command) reads: each format of the registry, and each
    ending of the files a folder's walk reads (``.gz`` too)."""
    from paipu.formats import FORMATS
    from paipu.loader import PATTERNS

    result = run("convert", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    start = text.index("PATH[#N] a log file")
    paths = text[start:text.index("--no-recursive", start)]
    names = {"majiang": "電脳麻将", "tenhou-mjlog": "Tenhou .mjlog", "tenhou-json": "tenhou.net/6", "mjai": "mjai", "majsoul": "Mahjong Soul record"}
    assert set(names) == set(FORMATS)
    assert all(name in paths for name in names.values()), paths
    assert all(ending.removesuffix(".gz") in paths for ending in PATTERNS) and "gzip" in paths, paths
    listed = " ".join(run("--help").stdout.split())
    assert "convert convert games (電脳麻将 JSON, Tenhou mjlog, tenhou.net/6 JSON or mjai) to" in listed


def test_show_gives_the_account_of_each_sample_game():
    result = run("show", str(SAMPLES))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # Facts of the hand-made games (see sample_logs/make_samples.py), as logged:
    assert "東1局1本場  dealer East player" in out
    assert "win: North player by ron from East player: 40 fu 1 han, 1300 (翻牌 白 1)" in out
    assert "draw: 荒牌平局; hands shown: West player" in out
    assert "payments: South player +4900, West player -3900" in out
    assert "riichi: South player" in out
    assert "scores after: East player 27100, South player 24300" in out
    assert "1. West player  28000  (38.0)" in out
    assert out.count("final results:") == 5  # the three hand-made games and the two simulated ones


def test_show_one_game_of_a_file(capsys):
    assert main(["show", f"{SAMPLES / 'tsumo.json'}#0"]) == 0
    assert capsys.readouterr().out.count("final results:") == 1


@pytest.mark.parametrize("args", [["show"], ["nonsense"], ["show", "--bogus", "x"], []])
def test_bad_arguments_exit_2_with_one_line(args):
    result = run(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "error" in result.stderr


def test_unknown_path_exits_2(tmp_path):
    result = run("show", str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert result.stderr.strip() == f"paipu show: no such file or directory: '{tmp_path / 'missing.json'}'"


@pytest.mark.parametrize(
    "content, reason",
    [
        ('{"title": "x", "player": ["a", "b", "c", "d"], "qijia": 0, "log": [[{"qipai"', "invalid JSON"),
        ('{"players": 4}', "not a paipu"),
        ("UNKNOWN", "unknown event 'tsumogiri'"),
        ("M10", "not a tile: 'm10'"),
    ],
)
def test_a_bad_file_exits_2_naming_it_and_the_good_ones_still_show(tmp_path, content, reason):
    good = json.loads((SAMPLES / "tsumo.json").read_text(encoding="utf-8"))
    if content == "UNKNOWN":
        good["log"][0][3] = {"tsumogiri": {"l": 1, "p": "m1"}}
        content = json.dumps(good)
    elif content == "M10":
        good["log"][0][3]["zimo"]["p"] = "m10"
        content = json.dumps(good)
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    result = run("show", str(bad))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"paipu show: {bad}") and reason in result.stderr
    both = run("show", str(SAMPLES / "tsumo.json"), str(bad))
    assert both.returncode == 2 and "final results:" in both.stdout and reason in both.stderr


def test_score_prints_the_value_of_the_format_docs_example():
    # paipu-format.md §7 example 1: West wins by ron from North with 立直 平和 赤ドラ 裏ドラ,
    # 30 fu 4 han = 7,700; with 1 honba and 1 stick on the table West gets +9,000.
    result = run("score", "m123456p23478s05", "--ron", "p9+", "--riichi", "--dora", "z2", "--ura", "m9",
                 "--seat-wind", "W", "--honba", "1", "--sticks", "1")
    assert result.returncode == 0, result.stderr
    assert "30 fu 4 han: 7700 points, ron from North" in result.stdout
    assert "West (winner) +9000  North -8000" in result.stdout


def test_score_json_agrees_with_the_scored_hand_corpus():
    from conftest import corpus, read_json

    cases = read_json(corpus("hule-cases", "hule.json.gz"))
    for case in cases[:25]:
        param = case["in"]["param"]
        args = ["score", case["in"]["shoupai"], "--json",
                "--round-wind", "ESWN"[param["zhuangfeng"]], "--seat-wind", "ESWN"[param["menfeng"]],
                "--honba", str(param["jicun"]["changbang"]), "--sticks", str(param["jicun"]["lizhibang"])]
        if case["in"].get("rongpai"):
            args += ["--ron", case["in"]["rongpai"]]
        flags = param["hupai"]
        args += ["--riichi"] * (flags.get("lizhi") == 1) + ["--double-riichi"] * (flags.get("lizhi") == 2)
        args += ["--ippatsu"] * bool(flags.get("yifa")) + ["--last-tile"] * bool(flags.get("haidi"))
        args += ["--rinshan"] * bool(flags.get("lingshang"))
        args += ["--dora", *param["baopai"]] + (["--ura", *param["fubaopai"]] if param["fubaopai"] else [])
        out = json.loads(run(*args).stdout)
        assert (out["defen"], out["fenpei"]) == (case["out"]["defen"], case["out"]["fenpei"]), case


@pytest.mark.parametrize("args, code", [(["m123"], 1), (["m12x"], 2), (["m123", "--rule", "nonsense"], 2),
                                        (["m11p123456789z444", "--players", "3", "--north", "99999999999"], 2),
                                        (["m11p123456789z444", "--players", "3", "--north", "-1"], 2)])
def test_score_exit_codes(args, code):
    result = run("score", *args)
    assert result.returncode == code


def _sample(name: str) -> dict:
    return json.loads((SAMPLES / name).read_text(encoding="utf-8"))


def _hostile_games(folder: Path) -> dict[str, Path]:
    """Games paipu reads in one format and would refuse in another (issue 28: 4): as
    電脳麻将 paipu, a deal of 12 tiles and a ron on the winner's own discard, which the mjai
    reader refuses; as mjai, a deal of thirteen 1m, which the 電脳麻将 reader refuses."""
    folder.mkdir()
    twelve = _sample("riichi_ron.json")
    twelve["log"][0][0]["qipai"]["shoupai"][1] = "m234p56799s2346"  # its 發 taken away
    own = _sample("riichi_ron.json")
    own["log"][0][-1]["hule"]["baojia"] = own["log"][0][-1]["hule"]["l"]
    paths = {"twelve": folder / "twelve.json", "own": folder / "own.json"}
    paths["twelve"].write_text(json.dumps(twelve, ensure_ascii=False), encoding="utf-8")
    paths["own"].write_text(json.dumps(own, ensure_ascii=False), encoding="utf-8")
    lines = []
    for line in run("convert", "--to", "mjai", str(SAMPLES / "riichi_ron.json")).stdout.splitlines():
        event = json.loads(line)
        if event["type"] == "start_kyoku":
            event["tehais"][2] = ["1m"] * 13
        lines.append(json.dumps(event, ensure_ascii=False))
    paths["thirteen"] = folder / "thirteen.jsonl"
    paths["thirteen"].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


@pytest.mark.parametrize("to, game, reason", [
    ("mjai", "twelve", "tehais must be a list of 13 tiles"),
    ("mjai", "own", "names another winner or discarder"),
    ("majiang", "thirteen", "more than four m1 in hand"),
])
def test_convert_does_not_write_a_game_paipu_would_not_read_back(tmp_path, capsys, to, game, reason):
    """The game is named on one line with the reader's reason, not written, and the exit
    code says so; the good game beside it is written."""
    hostile = _hostile_games(tmp_path / "in")[game]
    out = tmp_path / "out"
    assert main(["convert", "--to", to, str(hostile), str(SAMPLES / "tsumo.json"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    # refused where it is written, or, if the reader of its own format refuses it too, where it is read
    assert err.startswith((f"paipu convert: {hostile}#0: not written: paipu would refuse it: ",
                           f"paipu convert: {hostile}")) and reason in err
    assert err.count("\n") == 1
    assert [path.name for path in out.iterdir()] == ["tsumo" + (".jsonl" if to == "mjai" else ".json")]
    # on standard output too: the JSON array holds the games that read back
    main(["convert", str(hostile), str(SAMPLES / "tsumo.json"), str(SAMPLES / "riichi_ron.json")])
    written = json.loads(capsys.readouterr().out)
    assert [paipu["title"] for paipu in written][-2:] == [_sample("tsumo.json")["title"],
                                                          _sample("riichi_ron.json")["title"]]


def test_a_game_that_would_not_read_back_is_said_so_whatever_its_source():
    """Games made in memory, as no reader need let them through: a deal of 12 tiles, a ron
    on the winner's own discard (mjai refuses both), thirteen 1m (電脳麻将 paipu refuses
    it); the game itself reads back."""
    from dataclasses import replace

    from paipu import load
    from paipu.cli import _not_read_back
    from paipu.formats import majiang, mjai
    from paipu.tiles import HandNotation, parse_hand

    game = next(iter(load(SAMPLES / "riichi_ron.json")))
    first = game.rounds[0]
    deal, win = first.events[0], first.events[-1]

    def with_events(deal, win):
        events = (deal,) + first.events[1:-1] + (win,)
        return replace(game, rounds=(replace(first, events=events),) + game.rounds[1:])

    def hands(seat, hand):
        return deal.hands[:seat] + (hand,) + deal.hands[seat + 1:]

    as_paipu = lambda game: orjson.dumps(majiang.game_to_json(game))  # noqa: E731
    assert _not_read_back("mjai", mjai.dumps(game), game) is None
    assert _not_read_back("majiang", as_paipu(game), game) is None
    twelve = with_events(replace(deal, hands=hands(1, parse_hand("m234p56799s2346"))), win)
    assert "tehais must be a list of 13 tiles" in _not_read_back("mjai", mjai.dumps(twelve), twelve)
    own = with_events(deal, replace(win, discarder=win.seat))
    assert "names another winner or discarder" in _not_read_back("mjai", mjai.dumps(own), own)
    thirteen = with_events(replace(deal, hands=hands(2, HandNotation(("m1",) * 13))), win)
    assert "more than four m1 in hand" in _not_read_back("majiang", as_paipu(thirteen), thirteen)


@pytest.mark.parametrize("to", ["majiang", "mjai"])
def test_convert_reads_back_every_real_game_it_writes(tmp_path, capsys, to):
    """Real games (Tenhou's mjlog: a limit ``""`` 電脳麻将 paipu has no place for) and the
    samples are all written: the check refuses none of them."""
    from conftest import corpus

    folder = corpus("tenhou-mjlog", "mjx-tests")
    out = tmp_path / "out"
    assert main(["convert", "--to", to, str(folder), str(SAMPLES), "-o", str(out)]) == 0
    assert "not written" not in capsys.readouterr().err
    assert len(list(out.iterdir())) == len(list(folder.iterdir())) + len(list(SAMPLES.glob("*.json")))


def test_show_bounds_the_yaku_of_a_win(tmp_path):
    """A win listing 210,000 yaku entries (issue 28: a 2 MB line) is shown with twenty and
    the count of the others, said to be more than any hand has."""
    game = _sample("riichi_ron.json")
    win = game["log"][0][-1]["hule"]
    win["hupai"] = win["hupai"] * 70_000
    path = tmp_path / "yaku.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    result = run("show", str(path))
    line = next(line for line in result.stdout.splitlines() if "win:" in line)
    assert line.count("立直 1") == 7 and "and 209,980 more entries: more than any hand has" in line
    assert max(map(len, result.stdout.splitlines())) < 1000


def test_validating_a_paipu_imports_neither_the_self_play_nor_sqlite() -> None:
    """What only some logs need is imported when one is read: validating 電脳麻将 paipu loads
    neither the self-play and the Mahjong Soul reader (for the menus a Mahjong Soul record
    logs) nor SQLite (for a database of logs), nor gzip (for a compressed tar)."""
    code = ("import sys; from paipu.cli import main; code = main(['validate', '--jobs', '1', sys.argv[1]]); "
            "print(code, *sorted(m for m in ('paipu.simulate', 'paipu.formats.majsoul_record', 'sqlite3', 'gzip') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, str(HAND_MADE[0])], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.splitlines()[-1] == "0"  # exit code 0, and none of them loaded
