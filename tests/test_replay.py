"""The replay engine's two ways through a round agree.

Validation replays with ``steps(every=False)``, which applies the plain draws and discards
of a round in one tight loop (``Table.play_turns``); ``steps(every=True)`` sends every
event through the checks and the table's actions one by one. Both must reach the same tables, expectations and problems,
on real and generated games and on games corrupted at random.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from conftest import corpus, read_json
from paipu import load
from paipu.checks import kan_after_riichi
from paipu.formats import FormatError
from paipu.formats.majiang import game_from_json
from paipu.hand import Hand
from paipu.engine import Replay
from paipu.table import Table, TilesInView
from paipu.rules import Rule
from paipu.tiles import KINDS, parse_meld


def _table_state(table) -> tuple:
    if table is None:
        return ()
    return (tuple(str(hand) for hand in table.hands), tuple(map(tuple, table.rivers)), table.wall,
            table.actor, table.phase, tuple(table.riichi), tuple(table.ippatsu), table.first_go_around,
            table.four_winds, table.rinshan, tuple(table.in_view.counts), tuple(table.in_view.red.items()),
            tuple(table.dora_indicators), table.last_discard, tuple(table.scores), table.sticks)


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
    """``raw`` with ``changes`` random corruptions: an event dropped or repeated, an
    event given to another seat, a draw or discard given another tile, a dealt hand one
    tile short or long."""
    raw = copy.deepcopy(raw)
    for _ in range(changes):
        events = rng.choice(raw["log"])
        position = rng.randrange(1, len(events))
        (key, payload), = events[position].items()
        change = rng.randrange(5)
        if change == 0:
            del events[position]
        elif change == 1:
            events.insert(position, copy.deepcopy(events[rng.randrange(1, len(events))]))
        elif change == 2 and "l" in payload:
            payload["l"] = rng.randrange(4)
        elif change == 3 and key in ("zimo", "dapai"):
            payload["p"] = rng.choice(KINDS + ("m0", "p0", "s0")) + payload["p"][2:]
        elif change == 4:
            hands = events[0]["qipai"]["shoupai"] if "qipai" in events[0] else None
            seat = rng.randrange(4)
            hands[seat] = hands[seat][:-1] if rng.random() < 0.5 else hands[seat] + "z7"
    return raw


def _corrupted_games(name: str, count: int, seed: int) -> list:
    originals = read_json(corpus("generated", name))[:count]
    rng = random.Random(seed)
    games = []
    for i, raw in enumerate(originals):
        for changes in (1, 3, 10, 30):
            try:
                games.append(game_from_json(_corrupt(raw, rng, changes), f"corrupt#{i}.{changes}"))
            except FormatError:
                pass  # a change the reader refuses (e.g. a fifth z7): not the replay's to see
    return games


@pytest.mark.parametrize("name", ["default.json.gz", "triple_ron.json.gz", "noten_declare.json.gz"])
def test_paths_agree_on_corrupted_games_and_never_stop(name):
    games = _corrupted_games(name, 12, 20261122)
    assert len(games) >= 30  # of 48
    outcomes = [_outcome(game, None, every=False) for game in games]
    stopped = [said[-1] for said in outcomes if said and isinstance(said[-1], str)]
    assert stopped == []  # every corrupted game is replayed to its end
    assert sum(any(item[3] for item in said) for said in outcomes) >= len(games) // 2  # corruptions are seen
    assert outcomes == [_outcome(game, None, every=True) for game in games]


# the reference engine's own cases (majiang-core test/game.js, get_gang_mianzi): hand, kan,
# allowed at level 1 (shape unchanged), allowed at level 2 (waits unchanged)
@pytest.mark.parametrize("hand, kan, level1, level2", [
    ("m1112p456s789z111z1*", "z1111", True, True),
    ("m1112p456s789z111m1*", "m1111", False, False),  # the waits change (m2 m3 -> m2)
    ("m23p567s33345666s3*", "s3333", False, True),  # s33345666 also reads s33 s345 s666
    ("s1113445678999s1*", "s1111", False, True),  # with s2 it is also the nine gates
])
def test_a_closed_kan_after_riichi_keeps_waits_or_shape(hand, kan, level1, level2):
    for level, allowed in ((1, level1), (2, level2), (0, False)):
        reason = kan_after_riichi(Hand.from_notation(hand), parse_meld(kan), level)
        assert (reason is None) == allowed, (level, reason)


def test_a_deal_is_counted_as_seen_as_its_tiles_one_by_one():
    """Table.deal counts the dealt tiles in view as it makes the hands (and
    TilesInView.deal_problems the dora indicator); TilesInView.see counts tile by tile."""
    rule = Rule.get("tenhou")
    games = list(load(corpus("tenhou-as-majiang", "rmss-samples")))[:5]
    deals = [round_.deal for game in games for round_ in game.rounds]
    assert any("0" in str(hand) for deal in deals for hand in deal.hands)  # red fives among them
    for deal in deals:
        at_once, one_by_one = Table(rule, deal).in_view, TilesInView()
        assert at_once.deal_problems(deal, rule) == []
        for tile in (*(tile for hand in deal.hands for tile in hand.tiles), deal.dora_indicator):
            assert one_by_one.see(tile, rule) == []
        assert (at_once.counts, at_once.red) == (one_by_one.counts, one_by_one.red)


def test_a_fifth_copy_and_a_red_five_too_many_dealt_are_reported_at_the_deal():
    """Five 中 (z7) dealt between two hands, and two red m0 under a rule of one: each said
    once, at the deal, in both ways through the round."""
    hands = ["m340p456s789z7771", "m340p456s789z7722", "m789p123s456z3345", "m999p999s111z5566"]
    deal = {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4,
                      "baopai": "z6", "shoupai": hands}}
    game = game_from_json({"title": "t", "player": list("abcd"), "qijia": 0,
                           "log": [[deal, {"zimo": {"l": 0, "p": "m1"}}]]}, "dealt#0")
    for every in (True, False):
        first = next(iter(Replay(game, "majiang").steps(every)))
        assert first.event_index == 0
        assert sorted((p.check, p.message) for p in first.problems) == [
            ("tiles", "a fifth z7 in the round"), ("tiles", "more red fives m0 than the rule has")]
