"""The replay engine's two ways through a round agree.

Validation replays with ``steps(every=False)``, which applies the plain draws and discards
of a round in one tight loop (``Replay._plain_turns``); ``steps(every=True)`` sends every
event through its handler. Both must reach the same tables, expectations and problems,
on real and generated games and on games corrupted at random.
"""

from __future__ import annotations

import copy
import random

import pytest

from conftest import corpus, read_json
from paipu import load
from paipu.formats.majiang import game_from_json
from paipu.replay import Replay
from paipu.rules import Rule
from paipu.tiles import KINDS


def _table_state(table) -> tuple:
    if table is None:
        return ()
    return (tuple(str(hand) for hand in table.hands), tuple(map(tuple, table.rivers)), table.wall,
            table.actor, table.phase, tuple(table.riichi), tuple(table.ippatsu), table.first_go_around,
            table.four_winds, table.rinshan, tuple(table.called_from), tuple(table.seen),
            tuple(table.dora_indicators), table.last_discard)


def _outcome(game, rule, every: bool) -> list:
    """What a replay says where it expects something or finds a problem, with the table
    as it is there; the error that stops it, if any."""
    said = []
    try:
        for step in Replay(game, rule).steps(every=every):
            if step.expected is not None or step.problems:
                said.append((step.round_index, step.event_index, step.expected, list(step.problems),
                             _table_state(step.table)))
    except (ValueError, KeyError, IndexError) as error:
        said.append(f"{type(error).__name__}: {error}")
    return said


def _assert_paths_agree(games, rule=None) -> int:
    checked = 0
    for game in games:
        assert _outcome(game, rule, every=False) == _outcome(game, rule, every=True), game.source
        checked += 1
    return checked


def test_paths_agree_on_real_games():
    games = list(load(corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")))[:60]
    assert _assert_paths_agree(games, Rule.get("tenhou")) == 60


@pytest.mark.parametrize("name", ["default.json.gz", "no_tochu.json.gz", "ankan_after_lizhi0.json.gz", "kandora_immediate.json.gz", "lizhi_no_tsumo.json.gz"])
def test_paths_agree_on_generated_games(name):
    path = corpus("generated", name)
    assert _assert_paths_agree(load(path)) > 0


def test_paths_agree_on_the_engine_scripts():
    # special situations: abortive draws, rinshan, chankan, multiple rons...
    games = list(load(corpus("majiang", "majiang-core-scripts", "script.json")))
    assert _assert_paths_agree(games, Rule(rank_points=("20", "10", "-10", "-20"))) == 37


def _corrupt(raw: dict, rng: random.Random, changes: int) -> dict:
    """``raw`` with ``changes`` draws and discards given another tile or seat."""
    raw = copy.deepcopy(raw)
    spots = [(r, e) for r, events in enumerate(raw["log"]) for e, event in enumerate(events)
             if "zimo" in event or "dapai" in event]
    for r, e in rng.sample(spots, changes):
        (key, payload), = raw["log"][r][e].items()
        if rng.random() < 0.3:
            payload["l"] = rng.randrange(4)
        else:
            suffix = payload["p"][2:] if key == "dapai" else ""
            payload["p"] = rng.choice(KINDS + ("m0", "p0", "s0")) + suffix
    return raw


def test_paths_agree_on_corrupted_games():
    originals = read_json(corpus("generated", "default.json.gz"))[:10]
    rng = random.Random(20261122)
    games = [game_from_json(_corrupt(raw, rng, changes), f"corrupt#{i}")
             for i, raw in enumerate(originals) for changes in (1, 3, 10)]
    assert _assert_paths_agree(games) == 30
    # the corruptions are seen: most corrupted games have problems
    with_problems = sum(any(step.problems for step in Replay(game).steps(every=False)) for game in games)
    assert with_problems >= 20
