"""Observers on the two drivers, snapshots of the table, one way to name a rule, and
engine errors kept apart from findings."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import paipu
from paipu import build
from conftest import corpus, interpreted_only, read_json
from paipu.events import Call, Discard, Draw, KanDraw, NoWin, Win
from paipu.names import Yaku
from paipu.observe import Hooks, Observer, walk
from paipu.engine import Replay, replay
from paipu.rules import Rule
from paipu.table import Table
from paipu.validation import validate_file

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"


def _state(table: Table) -> tuple:
    """Everything a table shows, as plain values."""
    return (tuple(str(hand) for hand in table.hands), tuple(map(tuple, table.rivers)), table.wall,
            tuple(table.dora_indicators), tuple(table.scores), table.honba, table.sticks, tuple(table.riichi),
            tuple(table.ippatsu), table.actor, table.phase, tuple(table.in_view.counts), tuple(table.in_view.red.items()),
            tuple(table.deposits), table.first_go_around, table.four_winds, len(table.results))


def _games():
    return list(paipu.load(corpus("majiang", "majiang-core-scripts")))[:12]


def test_snapshots_keep_each_moment_of_a_whole_game():
    """A list of snapshots over a whole game: each is the table of a fresh replay stopped
    at that step (every step of the first game, about 100 spread over each other one);
    the live tables of the same steps have moved on."""
    for number, game in enumerate(_games()[:6]):
        kept = [step.snapshot() for step in Replay(game)]
        assert len(kept) == sum(len(r.events) for r in game.rounds) + 1
        stride = 1 if number == 0 else max(1, len(kept) // 100)
        for index in [*range(0, len(kept), stride), len(kept) - 1]:
            snapshot = kept[index]
            fresh = next(s for i, s in enumerate(Replay(game)) if i == index)
            assert (snapshot.round_index, snapshot.event_index, snapshot.event) == (
                fresh.round_index, fresh.event_index, fresh.event)
            if fresh.table is None:
                assert snapshot.table is None
            else:
                assert _state(snapshot.table) == _state(fresh.table), (game.source, index)
        live = list(Replay(game))
        first_draw = next(i for i, step in enumerate(live) if type(step.event) is Draw)
        assert _state(live[first_draw].table) != _state(kept[first_draw].table)  # the live table went on


@pytest.mark.skipif(build.kind() == "compiled", reason="a compiled table has no __dict__ to list")
def test_a_snapshot_keeps_every_attribute_of_the_table():
    """Table.snapshot copies the attributes by name: none is left out (interpreted, where
    a table has a __dict__ to list them)."""
    for step in Replay(_games()[0]):
        if step.table is not None:
            assert vars(step.table.snapshot()).keys() == vars(step.table).keys()


def test_rivers_are_written_in_river_notation():
    game = next(g for g in _games() if any(type(e) is Call for r in g.rounds for e in r.events))
    for step in Replay(game):
        event = step.event
        if type(event) is Discard:
            written = step.table.rivers[event.seat][-1]
            assert written[:2] == event.tile
            assert ("_" in written) == event.tsumogiri and ("*" in written) == event.riichi
        elif type(event) is Call:  # the called tile is marked in its river, with the caller's direction
            discarder = (event.seat + "+=-".index(event.meld.direction) + 1) % 4
            called = step.table.rivers[discarder][-1]
            assert called[:2] == event.meld.claimed and called[-1] == event.meld.direction


class _EveryHook(Observer):
    """Counts each hook's calls."""

    def __init__(self) -> None:
        self.calls: Counter = Counter()

    def on_game_start(self, game):
        self.calls["game_start"] += 1

    def on_deal(self, step):
        self.calls["deal"] += 1

    def on_draw(self, step):
        self.calls["draw"] += 1

    def on_discard(self, step):
        self.calls["discard"] += 1

    def on_call(self, step):
        self.calls["call"] += 1

    def on_win(self, step):
        self.calls["win"] += 1

    def on_no_win(self, step):
        self.calls["no_win"] += 1

    def on_round_end(self, step):
        self.calls["round_end"] += 1

    def on_game_end(self, step):
        self.calls["game_end"] += 1

    def result(self):
        return self.calls


@pytest.mark.parametrize("driver", [walk, replay])
def test_each_hook_is_called_once_per_event_of_its_type(driver):
    games = _games()
    expected: Counter = Counter(game_start=len(games), game_end=len(games))
    names = {Draw: "draw", KanDraw: "draw", Discard: "discard", Call: "call", Win: "win", NoWin: "no_win"}
    for game in games:
        for round_ in game.rounds:
            expected["deal"] += 1
            expected["round_end"] += 1
            for event in round_.events[1:]:
                if type(event) in names:
                    expected[names[type(event)]] += 1
    assert driver(games, _EveryHook()) == expected


def test_only_overridden_hooks_are_called():
    assert Hooks((Observer(),)).by_event == {}
    hooks = Hooks((_EveryHook(),))
    assert set(hooks.by_event) == {Draw, KanDraw, Discard, Call, Win, NoWin, paipu.Deal}


def test_replay_passes_the_table_after_the_event():
    class RiverLengths(Observer):
        def __init__(self):
            self.lengths = []

        def on_discard(self, step):
            self.lengths.append(len(step.table.rivers[step.event.seat]))

        def result(self):
            return self.lengths

    game = _games()[0]
    per_seat: Counter = Counter()
    expected = []
    for round_ in game.rounds:
        per_seat.clear()
        for event in round_.events:
            if type(event) is Discard:
                per_seat[event.seat] += 1
                expected.append(per_seat[event.seat])
    assert replay(game, RiverLengths()) == expected


def test_several_observers_give_a_tuple_of_results():
    game = _games()[0]
    findings, calls = replay(game, paipu.validation.Checker(), _EveryHook())
    assert findings == paipu.validate(game) and calls["game_start"] == 1


@pytest.mark.parametrize("spec", ["tenhou", Rule.get("tenhou"), {"最大同時和了数": 2}])
def test_a_rule_is_named_the_same_way_everywhere(spec, tmp_path):
    game = next(iter(paipu.load(SAMPLES)))
    expected = Rule.get(spec)
    assert Replay(game, spec).rule == expected
    path = tmp_path / "rule.json"
    path.write_text(json.dumps(expected.to_json(), ensure_ascii=False), encoding="utf-8")
    assert Replay(game, str(path)).rule == expected
    assert paipu.validate(game, spec) == paipu.validate(game, expected)


@interpreted_only
def test_an_exception_inside_the_engine_is_an_engine_error_not_a_finding(monkeypatch, capsys):
    from paipu import checks, cli

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(checks, "expected_win", broken)
    path = str(SAMPLES / "riichi_ron.json")
    report = validate_file(path)
    assert report.findings == () and report.valid == 0 and len(report.engine_errors) == report.games == 1
    failure = report.engine_errors[0]
    assert failure["source"] == path + "#0" and failure["error"] == "ZeroDivisionError: a bug"
    assert "engine.py" in failure["traceback"] and "in broken" in failure["traceback"]
    with pytest.raises(ZeroDivisionError):
        paipu.validate(path)
    with_wins = sum(any(type(e) is Win for r in g.rounds for e in r.events) for g in paipu.load(SAMPLES))
    assert cli.main(["validate", str(SAMPLES)]) == cli.EXIT_ENGINE_ERRORS
    out, err = capsys.readouterr()
    assert f"{with_wins} engine errors" in out.splitlines()[-1] and err.count("engine error") == with_wins
    assert "Traceback" not in err
    assert cli.main(["validate", "--debug", path]) == cli.EXIT_ENGINE_ERRORS
    assert "Traceback" in capsys.readouterr().err


def test_every_yaku_name_has_an_english_name_aliases_included():
    for name in (*paipu.names.ENGLISH, *paipu.names.ALIASES):
        assert str(Yaku(name, 1)).startswith(name)


def test_the_replay_ends_every_round_a_game_logs_even_past_its_end():
    """A round logged after the game's end is not replayed, but observers still see it
    begin and end (as a walk does)."""
    raw = read_json(corpus("generated", "default.json.gz"))[3]
    raw["log"].append(raw["log"][-1])
    game = paipu.game_from_json(raw, "extra#0")
    calls = replay(game, _EveryHook())
    assert calls["deal"] == calls["round_end"] == len(game.rounds) == walk(game, _EveryHook())["round_end"]


class _AfterRiichi(Observer):
    def __init__(self):
        self.seen = []

    def on_discard_after_riichi(self, step):
        riichi = None if step.table is None else tuple(step.table.riichi)
        self.seen.append((step.round_index, step.event_index, riichi))

    def result(self):
        return self.seen


def _discards_after_riichi(game) -> list[tuple[int, int]]:
    """(round, event) of each discard from its round's first riichi declaration on."""
    found = []
    for index, round_ in enumerate(game.rounds):
        declared = False
        for position, event in enumerate(round_.events):
            if type(event) is Discard:
                declared = declared or event.riichi
                if declared:
                    found.append((index, position))
    return found


@pytest.mark.parametrize("driver", [walk, replay])
def test_discards_after_riichi_are_those_from_each_rounds_first_riichi_on(driver):
    games = _games()
    for game in games:
        seen = driver(game, _AfterRiichi())
        assert [(round_, event) for round_, event, _ in seen] == _discards_after_riichi(game)
    assert sum(len(_discards_after_riichi(game)) for game in games) > 100


class _AfterRiichiState(Observer):
    """Where each discard after riichi is and the table after it: by the new hook, or by
    ``on_discard`` (``every``), or both (each entry marked by the hook)."""

    def __init__(self, after=True, every=False):
        self.seen, self.after, self.every = [], after, every

    def _note(self, step, hook):
        self.seen.append((hook, step.round_index, step.event_index, _state(step.table)))

    def on_discard(self, step):
        if self.every and any(step.table.riichi):
            self._note(step, "on_discard")

    def on_discard_after_riichi(self, step):
        if self.after:
            self._note(step, "after_riichi")

    def result(self):
        return self.seen


def test_the_replay_hands_the_discards_after_riichi_with_the_table_after_each():
    """The same steps and tables as an observer of every discard gets from the first riichi
    on, and after ``on_discard`` when both are overridden."""
    game = max(_games(), key=lambda game: len(_discards_after_riichi(game)))
    every = replay(game, _AfterRiichiState(after=False, every=True))
    assert len(every) == len(_discards_after_riichi(game)) > 20
    after = replay(game, _AfterRiichiState())
    assert [entry[1:] for entry in after] == [entry[1:] for entry in every]
    both = replay(game, _AfterRiichiState(every=True))
    assert both[::2] == every and [entry[1:] for entry in both[1::2]] == [entry[1:] for entry in every]


@interpreted_only
def test_the_replay_keeps_its_fast_path_before_the_first_riichi(monkeypatch):
    applied = []  # (round's first event, first position, position after) of each run of plain turns
    play_turns = Table.play_turns

    def spy(table, events, position, rule):
        after = play_turns(table, events, position, rule)
        applied.append((events[0], position, after))
        return after

    monkeypatch.setattr(Table, "play_turns", spy)
    game = _games()[0]
    replay(game, _AfterRiichi())
    first_riichi = {}
    for round_ in game.rounds:
        riichi = [position for position, event in enumerate(round_.events) if type(event) is Discard and event.riichi]
        first_riichi[id(round_.events[0])] = riichi[0] if riichi else len(round_.events)
    assert any(after > start for _, start, after in applied)
    for deal, start, after in applied:
        assert after <= first_riichi[id(deal)]  # no plain turn applied from the first riichi on
    assert sum(after - start for _, start, after in applied) > sum(first_riichi.values()) // 2
