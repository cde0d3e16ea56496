"""The ``paipu`` command line: help, ``show``, and exit codes on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from paipu.cli import main

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
    names = {"majiang": "電脳麻将", "tenhou-mjlog": "Tenhou .mjlog", "tenhou-json": "tenhou.net/6", "mjai": "mjai"}
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
