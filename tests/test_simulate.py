"""Self-play (paipu.simulate): seeded walls, legal options, players, the driver and the
command, checked against hand-worked positions, paipu's own validation and the reference
engine (the oracle of ``../shared/tools/oracle``, run when Node is on the machine)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from paipu.danger import SafeKinds
from paipu.events import Deal, Discard, Draw
from paipu.formats.majiang import game_from_json, game_to_json
from paipu.rules import MAJIANG, Rule
from paipu.simulate import (PLAYERS, BetaoriPlayer, Player, PushingBetaoriPlayer, RandomPlayer,
                            SimulationError, View, simulate)
from paipu.simulate.batch import paipu_bytes
from paipu.simulate.options import claim_options, turn_options
from paipu.simulate.wall import Wall, tiles_of
from paipu.table import Table
from paipu.tiles import parse_hand
from paipu.validation import validate_game

from conftest import SHARED

ONE_HAND = Rule(winds=0)
"""一局戦: the quickest whole games."""


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True, timeout=300)


# -- the wall ---------------------------------------------------------------------------


def test_the_wall_holds_every_tile_once_and_the_rules_red_fives():
    rule = MAJIANG.replace(red_fives=(0, 2, 1))
    tiles = tiles_of(rule)
    assert len(tiles) == 136 and Counter(tiles)["p0"] == 2 and Counter(tiles)["s0"] == 1 and "m0" not in tiles
    wall = Wall(rule, random.Random(1))
    hands = wall.deal()
    assert [len(hand) for hand in hands] == [13] * 4 and wall.left == 70
    drawn = [wall.draw() for _ in range(69)] + [wall.kan_draw()]
    assert wall.left == 0  # a kan's replacement shortens the live wall by one
    dead = [wall.dora_indicator(i) for i in range(5)] + list(wall.ura_indicators(5))
    assert not Counter(sum(hands, []) + drawn + dead) - Counter(tiles)  # nothing made up, nothing twice


# -- the options, on hand-worked positions ----------------------------------------------


def _table(hands: list[str], rule: Rule = MAJIANG) -> Table:
    deal = Deal(0, 0, 0, 0, (25000,) * 4, "z5", tuple(parse_hand(hand) for hand in hands))
    return Table(rule, deal)


def test_chi_and_pon_offer_the_engines_red_five_variants():
    # Seat 1 holds m2 m3 m0 m5 m6 m6 and p0 p5 p5. The dealer's m4 can be called with
    # 2-3, 3-0, 3-5, 0-6 and 5-6 (電脳麻将's get_chi_mianzi writes m234-, m34-0, m34-5,
    # m4-06, m4-56); the dealer's p5 with p0 p5 or p5 p5 (p505-, p555-) or as an open kan
    # (p5505-), and not by seat 3, which holds no p5.
    hands = ["m4p111999s999z111", "m230566p055s11z22", "s2233445566z556", "m777888s777888z7"]
    table = _table(hands)
    table.draw(0, "p2")
    table.discard(0, "m4")
    events = [table.dealt, Draw(0, "p2"), Discard(0, "m4")]
    options = claim_options(table, 1, events, MAJIANG, (), 0, "m4")
    assert sorted(str(call.meld) for call in options.calls) == ["m234-", "m34-0", "m34-5", "m4-06", "m4-56"]
    assert options.ron is None
    table = _table(hands)
    table.draw(0, "p5")
    table.discard(0, "p5", tsumogiri=True)
    events = [table.dealt, Draw(0, "p5"), Discard(0, "p5", True)]
    assert sorted(str(c.meld) for c in claim_options(table, 1, events, MAJIANG, (), 0, "p5").calls) == [
        "p505-", "p5505-", "p555-"]
    assert not claim_options(table, 3, events, MAJIANG, (), 0, "p5")


def test_riichi_is_offered_only_with_the_discards_that_leave_the_hand_ready():
    # m123456789 p12 s11 waits on p3; with z1 drawn only discarding z1 keeps it ready.
    table = _table(["m123456789p12s11", "m999p999s999z5556", "p333444s333444z7", "m777888z2223334"])
    table.draw(0, "z1")
    events = [table.dealt, Draw(0, "z1")]
    options = turn_options(table, 0, events, MAJIANG, ())
    assert [d.tile for d in options.discards if d.riichi] == ["z1"]
    assert Discard(0, "z1", True, True) in options and Discard(0, "z1", True) in options
    assert options.tsumo is None and options.kans == () and options.nine_terminals is None
    table.wall = 3  # three tiles left: no riichi (電脳麻将: ツモ番なしリーチ not allowed)
    assert not any(d.riichi for d in turn_options(table, 0, events, MAJIANG, ()).discards)


def test_a_betaori_player_discards_the_tile_of_lowest_danger():
    # Seat 1 declared riichi with m4 and s6 was discarded after it. For the folder (seat 0,
    # m1 m5 m7 m9 p5 p5 p9 p9 p9 s6 z1 z1 z1 z1) s6 is genbutsu (0) and z1 has no copy
    # unseen (0); m1 is suji of m4 (3), m7 suji (5), m9 no-suji (6), m5 no-suji (12). On
    # the tie at 0 the seed's loop keeps the first in hand order: s6.
    table = _table(["m1579p5599s6z1111", "m222333p222333s2", "m444666p444666s3", "m888p777888s777z2"])
    safe = SafeKinds(4)
    safe.discard(1, "m4", riichi=True)
    safe.discard(2, "s6")
    table.draw(0, "p9")
    view = View(0, table, safe, MAJIANG)
    options = turn_options(table, 0, [table.dealt, Draw(0, "p9")], MAJIANG, ())
    assert BetaoriPlayer().turn(view, options) == Discard(0, "s6")
    assert [safe.worst(tile, 3, 0) for tile in ("m1", "m7", "m9", "m5", "s6")] == [3, 5, 6, 12, 0]
    assert safe.worst("z1", 0, 0) == 0 and safe.worst("m1", 3, 1) == 0  # the rater's own riichi does not count


# -- whole games ------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    players = ("efficiency", "betaori", "betaori-push", "efficiency+calls")
    first = paipu_bytes(3, "s", players, ONE_HAND)
    assert paipu_bytes(3, "s", players, ONE_HAND) == first
    assert paipu_bytes(4, "s", players, ONE_HAND) != first and paipu_bytes(3, "t", players, ONE_HAND) != first


def test_a_choice_not_offered_is_refused():
    class Cheat(Player):
        name = "cheat"

        def turn(self, view, options):
            return Draw(options.seat, "m1")  # a draw is never a choice

        def claim(self, view, options):
            return None

    with pytest.raises(SimulationError, match="cheat chose"):
        simulate([Cheat(), Cheat(), Cheat(), Cheat()], ONE_HAND, seed=0)
    with pytest.raises(ValueError, match="four-player"):
        simulate([RandomPlayer(random.Random(0))] * 3)


RULES = [
    # (rule keys, players by player id, games): several rules, mostly one-hand games (一局戦,
    # quick), random players beside efficient ones (random players reach odd calls and kans;
    # alone they hardly ever win, and a one-hand game goes on until somebody does).
    ({"場数": 0}, "efficiency+calls,betaori,betaori-push,efficiency", 80),
    ({"場数": 0, "最大同時和了数": 3, "カンドラ後乗せ": False, "喰い替え許可レベル": 1},
     "random,efficiency+calls,random,efficiency", 80),
    ({"場数": 0, "赤牌": {"m": 0, "p": 2, "s": 0}, "途中流局あり": False, "喰い替え許可レベル": 2,
      "リーチ後暗槓許可レベル": 1, "ノーテン宣言あり": True}, "random,efficiency+calls,random,efficiency", 70),
    ({"場数": 0, "最大同時和了数": 1, "ノーテン罰あり": False, "連荘方式": 1, "カン裏あり": False},
     "efficiency+calls,random,efficiency,random", 70),
    ({"場数": 1, "トビ終了あり": False, "延長戦方式": 3}, "efficiency+calls,betaori-push,efficiency+calls,betaori", 6),
    ({}, "betaori,efficiency,efficiency,efficiency", 1),
]


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> list[tuple[Path, list[dict]]]:
    """The games of :data:`RULES`, one file per rule, each game read back from its JSON."""
    folder = tmp_path_factory.mktemp("simulated")
    files = []
    for number, (keys, players, games) in enumerate(RULES):
        rule = Rule.from_json(keys)
        names = players.split(",")
        paipu = [json.loads(paipu_bytes(index, f"rules{number}", names, rule)) for index in range(games)]
        path = folder / f"rule{number}.json"
        path.write_text(json.dumps(paipu, ensure_ascii=False), encoding="utf-8")
        files.append((path, paipu))
    return files


def test_simulated_games_validate_with_zero_findings(simulated):
    seen: Counter = Counter()
    for path, paipu in simulated:
        for index, obj in enumerate(paipu):
            game = game_from_json(obj, f"{path}#{index}")
            assert game.is_complete
            assert validate_game(game) == [], game.source
            assert game_to_json(game) == obj  # written as the format reads it
            for round_ in game.rounds:
                keys = [next(iter(event)) for event in game_to_json(game)["log"][game.rounds.index(round_)]]
                seen.update(keys)
                seen["multiple ron"] += keys.count("hule") > 1
                for event in round_.events:
                    seen[getattr(event, "name", None)] += 1
                    seen["riichi"] += getattr(event, "riichi", False)
    # the games reach every kind of event and the draws a simulator must get right
    for what in ("fulou", "gang", "gangzimo", "kaigang", "hule", "pingju", "riichi", "multiple ron", "荒牌平局"):
        assert seen[what] > 0, what


def _oracle() -> Path:
    """A folder holding the oracle ready to run: verify.js beside @kobalab/majiang-core,
    installed once in a cache outside the project; skip when Node, npm or the package
    cannot be had."""
    source = SHARED / "tools" / "oracle"
    if not (source / "verify.js").exists():
        pytest.skip(f"needs {source} (the shared tools beside the project root)")
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("needs Node and npm to run the reference engine (../shared/tools/oracle)")
    cache = Path(os.environ.get("PAIPU_ORACLE_CACHE", Path.home() / ".cache" / "paipu-oracle"))
    package = cache / "node_modules" / "@kobalab" / "majiang-core"
    if not package.exists():
        cache.mkdir(parents=True, exist_ok=True)
        (cache / "package.json").write_text('{"private": true}', encoding="utf-8")
        installed = subprocess.run([npm, "install", "--no-audit", "--no-fund", "@kobalab/majiang-core@1.4.1"],
                                   cwd=cache, capture_output=True, text=True, timeout=300)
        if installed.returncode != 0 or not package.exists():
            pytest.skip(f"npm could not install @kobalab/majiang-core@1.4.1: {installed.stderr[-300:]}")
    for name in ("verify.js", "memo_shanten.js"):
        shutil.copyfile(source / name, cache / name)
    return cache


def test_the_reference_engine_plays_the_simulated_games_the_same(simulated):
    oracle = _oracle()
    result = subprocess.run(["node", "verify.js", "--memo", *(str(path) for path, _ in simulated)],
                            cwd=oracle, capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    total = lines[-1]
    assert total["games"] == sum(games for _, _, games in RULES) and total["bad"] == 0, lines
    assert result.returncode == 0


# -- the command ------------------------------------------------------------------------


def test_the_command_writes_the_same_bytes_with_any_jobs(tmp_path):
    rule = tmp_path / "rule.json"
    rule.write_text('{"場数": 0}', encoding="utf-8")
    common = ["simulate", "--games", "6", "--players", "betaori,efficiency,efficiency+calls,random",
              "--seed", "42", "--rule", str(rule)]
    one = _run(*common, "-o", str(tmp_path / "one"))
    two = _run(*common, "--jobs", "2", "-o", str(tmp_path / "two"))
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert "6 games of betaori, efficiency, efficiency+calls, random (seed 42)" in one.stdout
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == [f"{i}.json" for i in range(6)]
    assert all((tmp_path / "one" / n).read_bytes() == (tmp_path / "two" / n).read_bytes() for n in names)
    again = _run(*common, "-o", str(tmp_path / "one"))
    assert again.returncode == 2 and "exists" in again.stderr and "--force" in again.stderr
    assert _run(*common, "-o", str(tmp_path / "one"), "--force").returncode == 0
    wrong = _run("simulate", "--players", "efficiency,nobody", "-o", str(tmp_path / "x"))
    assert wrong.returncode == 2 and "nobody" in wrong.stderr
    validated = _run("validate", str(tmp_path / "one"))
    assert validated.returncode == 0 and "6 games" in validated.stdout and "0 findings" in validated.stdout


def test_every_player_name_makes_a_player():
    for name, make in PLAYERS.items():
        player = make(random.Random(0))
        assert isinstance(player, Player) and player.name == name
    assert isinstance(PLAYERS["betaori-push"](random.Random(0)), PushingBetaoriPlayer)


def test_the_benchmark_prints_hanchan_per_second_and_peak_memory():
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_simulate.py"
    done = subprocess.run([sys.executable, str(script), "--games", "1"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "1 hanchan of efficiency, efficiency, efficiency, efficiency" in done.stdout
    assert "hanchan/s" in done.stdout and "peak memory" in done.stdout


def test_a_rule_for_three_players_is_refused_in_one_line(tmp_path):
    with pytest.raises(ValueError, match="four-player rules"):
        simulate([RandomPlayer(random.Random(0))] * 4, "tenhou-sanma")
    done = _run("simulate", "--rule", "tenhou-sanma", "-o", str(tmp_path / "x"))
    assert done.returncode == 2 and done.stderr == "paipu simulate: the simulator plays four-player rules, not a rule for 3 players\n"


def test_a_run_never_mixes_with_other_logs_nor_leaves_a_file_cut_short(tmp_path, monkeypatch):
    from paipu.cli import main
    from paipu import output

    common = ["simulate", "--seed", "7", "--players", "random"]
    folder = tmp_path / "run"
    assert main([*common, "--games", "2", "-o", str(folder)]) == 0
    # another number of games: the first run's files would be counted with the second's
    for games in ("1", "11"):
        before = {path.name: path.read_bytes() for path in folder.iterdir()}
        done = _run(*common, "--games", games, "-o", str(folder), "--force")
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert done.stderr.startswith(f"paipu simulate: {folder}/") and done.stderr.count("\n") == 1
        assert "is not a file of this run of" in done.stderr and "nothing written" in done.stderr
        assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    (folder / "notes.txt").write_text("not a log", encoding="utf-8")  # not read by paipu: no matter
    assert main([*common, "--games", "3", "-o", str(folder), "--force"]) == 0  # 0.json, 1.json are its own
    assert sorted(path.name for path in folder.iterdir()) == ["0.json", "1.json", "2.json", "notes.txt"]
    # a write cut short (here: a full disk) leaves the file it replaces whole, and no part
    monkeypatch.setattr(output.os, "replace", lambda *paths: (_ for _ in ()).throw(OSError(28, "No space left")))
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    with pytest.raises(OSError) as error:
        output.write_whole(folder / "0.json", b"{")
    assert error.value.filename == str(folder / "0.json")  # the file meant, not the hidden temporary one
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
