"""The frozen records made by the thousand: those with their own ``__init__`` (native stores
compiled) take and store their fields as dataclasses' ``__init__`` would; the one
:func:`paipu.records.quick_init` speeds up (``Situation``) is made as dataclasses' own makes
it; all stay frozen."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import inspect
from itertools import islice
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

import paipu
from paipu import build, checks, events, scoring, settlement, tiles
from paipu.records import quick_init

from conftest import SAMPLE_LOGS, corpus

MODULES = (tiles, events, scoring, checks, settlement)
OWN_INIT = (tiles.HandNotation, events.Deal, events.Draw, events.KanDraw, events.Discard, events.Call, events.Win, events.NoWin, events.Round,
            checks.WinExpectation, checks.DrawExpectation, settlement.DealExpectation, scoring.WinResult)
"""The records written with their own ``__init__`` (a line a field)."""


def _init_fields(cls: type) -> list[dataclasses.Field]:
    return [spec for spec in dataclasses.fields(cls) if spec.init]


@pytest.mark.parametrize("cls", OWN_INIT, ids=lambda cls: cls.__name__)
def test_an_own_init_takes_the_fields_in_order_with_their_defaults(cls):
    parameters = inspect.signature(cls).parameters.values()  # compiled, from mypyc's text signature
    assert [(p.name, p.default, p.kind) for p in parameters] == [
        (spec.name, inspect.Parameter.empty if spec.default is dataclasses.MISSING else spec.default,
         inspect.Parameter.POSITIONAL_OR_KEYWORD) for spec in _init_fields(cls)]


@pytest.mark.skipif(build.kind() == "compiled", reason="compiled, a field refuses a value not of its type")
@pytest.mark.parametrize("cls", OWN_INIT, ids=lambda cls: cls.__name__)
def test_an_own_init_stores_each_value_in_its_own_field(cls):
    values = [object() for _ in _init_fields(cls)]
    made = cls(*values)
    assert [getattr(made, spec.name) for spec in _init_fields(cls)] == values
    assert cls(**{spec.name: value for spec, value in zip(_init_fields(cls), values)}) == made


def _quick_classes() -> list[type]:
    return [value for module in MODULES for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module.__name__
            and getattr(value.__init__, "__wrapped__", None) is not None]


def test_the_hot_records_have_it_with_the_same_signature():
    classes = _quick_classes()
    names = {cls.__name__ for cls in classes}
    assert names == {"Situation"}
    for cls in classes:
        quick = inspect.signature(cls.__init__, follow_wrapped=False)
        assert quick == inspect.signature(cls.__init__.__wrapped__), cls


def _replayed(games: list[events.Game]) -> list[object]:
    """The expectations of the replay of ``games``, and the situation of each win (made
    from its fields when asked, :attr:`~paipu.checks.WinExpectation.situation`)."""
    expected = [step.expected for game in games for step in paipu.Replay(game)]
    return expected + [e.situation for e in expected if isinstance(e, checks.WinExpectation)]


def _all_records(value: object, seen: set[int]) -> list[object]:
    """Every record (dataclass instance) in ``value``, followed through fields, tuples and lists."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found.append(value)
        for spec in dataclasses.fields(value):
            found += _all_records(getattr(value, spec.name), seen)
    elif isinstance(value, (tuple, list)):
        for item in value:
            found += _all_records(item, seen)
    return found


def _records(value: object, seen: set[int]) -> list[object]:
    """Every quick-init record in ``value``."""
    return [record for record in _all_records(value, seen)
            if getattr(type(record).__init__, "__wrapped__", None) is not None]


def test_real_records_equal_what_dataclasses_makes(monkeypatch):
    """Real games (their events, hands, melds, yaku) and their replay (the engine's
    expectations and scores), made again with dataclasses' own ``__init__`` in place of
    the quick one, are equal to them field by field."""
    paths = [SAMPLE_LOGS, *islice((path for path, _ in paipu.load(
        corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")).paths()), 5)]

    def made() -> tuple[list, list]:
        games = list(paipu.load(*paths))
        return games, _replayed(games)

    quick = made()
    seen: set[int] = set()
    kinds = {type(record).__name__ for part in quick for record in _records(part, seen)}
    assert kinds == {"Situation"}
    for record in (record for part in quick for record in _all_records(part, set())):
        # each record with its own __init__ made again from its fields is the same
        if type(record) in OWN_INIT:
            again = type(record)(*(getattr(record, spec.name) for spec in _init_fields(type(record))))
            assert again == record and hash(again) == hash(record), record
    for cls in _quick_classes():
        monkeypatch.setattr(cls, "__init__", cls.__init__.__wrapped__)
    assert made() == quick


def test_records_stay_frozen_and_check_themselves():
    hand = tiles.parse_hand("m123p456s789z1122m1")
    with pytest.raises(FrozenInstanceError):
        hand.drawn = "m2"  # type: ignore[misc]
    meld = tiles.parse_meld("m5505+")
    assert meld.tiles == ("m5", "m5", "m0", "m5")  # made by __post_init__
    with pytest.raises(FrozenInstanceError):
        meld.tiles = ()  # type: ignore[misc]
    with pytest.raises(ValueError):
        scoring.Situation(riichi=3)  # __post_init__ still checks
    deal = next(iter(paipu.load(SAMPLE_LOGS / "tsumo.json"))).rounds[0].deal
    with pytest.raises(FrozenInstanceError):
        deal.honba = 1  # type: ignore[misc]
    assert dataclasses.replace(deal, honba=1).honba == 1 and dataclasses.replace(deal, honba=deal.honba) == deal
    assert scoring.Situation(honba=2) == dataclasses.replace(scoring.Situation(), honba=2)


def test_quick_init_refuses_what_it_cannot_make():
    @dataclass(slots=True)
    class Open:
        a: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class KeywordOnly:
        a: int = field(kw_only=True)

    for cls in (Open, Factory, KeywordOnly):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_records_pickle_and_copy_as_they_are():
    """Every record of real games (a 電脳麻将 paipu and a Tenhou mjlog, with its format's
    record) and of their replay pickles and copies to an equal one, in both builds
    (compiled, mypyc's own ``__setstate__`` went through the frozen ``__setattr__``)."""
    mjlog = next(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").iterdir())
    games = list(paipu.load(SAMPLE_LOGS / "riichi_ron.json", mjlog))
    made = [games, _replayed(games)]
    records = _all_records(made, set())
    kinds = {type(record).__name__ for record in records}
    assert {"Game", "Origin", "Round", "Deal", "Draw", "Discard", "Win", "HandNotation", "Yaku", "TenhouRecord",
            "WinExpectation", "WinResult", "Situation", "DealExpectation", "GameEnd"} <= kinds
    assert pickle.loads(pickle.dumps(made)) == made
    for record in records:
        assert copy.copy(record) == record and copy.deepcopy(record) == record, type(record)
