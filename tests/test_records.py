"""paipu.records.quick_init: the records it speeds up are made exactly as dataclasses'
own ``__init__`` makes them, and stay frozen."""

from __future__ import annotations

import dataclasses
import inspect
from itertools import islice
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

import paipu
from paipu import checks, events, scoring, settlement, tiles
from paipu.records import quick_init

from conftest import SAMPLE_LOGS, corpus

MODULES = (tiles, events, scoring, checks, settlement)


def _quick_classes() -> list[type]:
    return [value for module in MODULES for value in vars(module).values()
            if isinstance(value, type) and value.__module__ == module.__name__
            and getattr(value.__init__, "__wrapped__", None) is not None]


def test_the_hot_records_have_it_with_the_same_signature():
    classes = _quick_classes()
    names = {cls.__name__ for cls in classes}
    # not scoring.WinResult: its own __init__ is quicker compiled (see the class)
    assert {"HandNotation", "Meld", "Deal", "Win", "Call", "Round", "Situation",
            "WinExpectation", "DealExpectation"} <= names
    for cls in classes:
        quick = inspect.signature(cls.__init__, follow_wrapped=False)
        assert quick == inspect.signature(cls.__init__.__wrapped__), cls


def _records(value: object, seen: set[int]) -> list[object]:
    """Every quick-init record in ``value``, followed through fields, tuples and lists."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = []
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if getattr(type(value).__init__, "__wrapped__", None) is not None:
            found.append(value)
        for spec in dataclasses.fields(value):
            found += _records(getattr(value, spec.name), seen)
    elif isinstance(value, (tuple, list)):
        for item in value:
            found += _records(item, seen)
    return found


def test_real_records_equal_what_dataclasses_makes(monkeypatch):
    """Real games (their events, hands, melds, yaku) and their replay (the engine's
    expectations and scores), made again with dataclasses' own ``__init__`` in place of
    the quick one, are equal to them field by field."""
    paths = [SAMPLE_LOGS, *islice((path for path, _ in paipu.load(
        corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")).paths()), 5)]

    def made() -> tuple[list, list]:
        games = list(paipu.load(*paths))
        return games, [step.expected for game in games for step in paipu.Replay(game)]

    quick = made()
    seen: set[int] = set()
    kinds = {type(record).__name__ for part in quick for record in _records(part, seen)}
    assert {"HandNotation", "Meld", "Deal", "Win", "Call", "Round", "WinExpectation",
            "DealExpectation", "GameEnd"} <= kinds
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
