"""Corrupted real games, many of them: every one is either refused with a
:class:`FormatError` or validated to the end, never a crash of the engine.

Each mutant is a real corpus game with one to three random corruptions of the kinds a
broken converter or a hand edit makes (an event deleted, doubled or moved, a tile, seat,
meld or number changed, a round dropped). The seeds are fixed: a failure names the seed
and mutant, and reruns the same.
"""

from __future__ import annotations

import copy
import gzip
import random
import re

import pytest

from conftest import corpus, read_json
from paipu.formats import FormatError
from paipu.formats.majiang import game_from_json
from paipu.formats.tenhou_json import game_from_tenhou_json, parse
from paipu.formats.tenhou_xml import game_from_mjlog
from paipu.validation import validate_game

_TILES = [suit + str(digit) for suit in "mps" for digit in range(10)] + [f"z{digit}" for digit in range(1, 8)]
_GAMES = 20


def _corrupt(raw: dict, rng: random.Random) -> None:
    log = raw["log"]
    index = rng.randrange(len(log))
    events = log[index]
    position = rng.randrange(1, len(events))
    key = next(iter(events[position]))
    payload = events[position][key]
    kind = rng.randrange(7)
    if kind == 0:
        del events[position]
    elif kind == 1:
        events.insert(position, copy.deepcopy(events[position]))
    elif kind == 2:
        other = rng.randrange(1, len(events))
        events[position], events[other] = events[other], events[position]
    elif kind == 3 and "p" in payload:
        payload["p"] = rng.choice(_TILES) + rng.choice(["", "", "_", "*", "_*"])
    elif kind == 4 and "l" in payload:
        payload["l"] = rng.randrange(4)
    elif kind == 5 and "m" in payload:
        payload["m"] = payload["m"][:-1] + rng.choice("-=+0123456789")
    elif kind == 6:
        end = events[-1]
        if "hule" in end:
            end["hule"][rng.choice(["fu", "fanshu", "defen"])] = rng.randrange(20000)
        elif len(log) > 1:
            del log[index]


def _refused_or_validated(mutants, read, least: int = 50, noticed: float = 0.8) -> None:
    """Each mutant (its source name and data) read with ``read``: refused with a
    :class:`FormatError`, or validated without raising; at least ``least`` load, and the
    engine notices at least the share ``noticed`` of those (not all: a swap of two like
    events, or a tile id moved to another copy of the same tile, changes nothing)."""
    validated = with_findings = 0
    for source, data in mutants:
        try:
            game = read(data, source=source)
        except FormatError:
            continue
        validated += 1
        with_findings += bool(validate_game(game, "tenhou"))
    assert validated >= least and with_findings >= noticed * validated


@pytest.mark.parametrize("seed", range(3))
def test_corrupted_paipu_are_refused_or_validated(seed):
    folder = corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")
    games = [read_json(path) for path in sorted(folder.glob("*.json.gz"))[:_GAMES]]
    rng = random.Random(seed)

    def mutants():
        for number in range(100):
            mutant = copy.deepcopy(rng.choice(games))
            for _ in range(rng.randrange(1, 4)):
                _corrupt(mutant, rng)
            yield f"seed {seed} mutant #{number}", mutant

    _refused_or_validated(mutants(), game_from_json)


@pytest.mark.parametrize("seed", range(2))
def test_corrupted_mjlogs_are_refused_or_validated(seed):
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    logs = [gzip.decompress(path.read_bytes()).decode() for path in sorted(folder.glob("*.mjlog"))[:_GAMES]]
    rng = random.Random(seed)

    def mutants():
        for number in range(100):
            tags = re.findall(r"<[^>]*>", rng.choice(logs))
            for _ in range(rng.randrange(1, 3)):
                at = rng.randrange(2, len(tags) - 1)
                kind = rng.randrange(4)
                if kind == 0:
                    del tags[at]
                elif kind == 1:
                    tags.insert(at, tags[at])
                elif kind == 2:  # a number in the tag shifted: another tile, seat or score
                    tags[at] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice([-1, 1, 4])), tags[at], count=1)
                else:
                    other = rng.randrange(2, len(tags) - 1)
                    tags[at], tags[other] = tags[other], tags[at]
            yield f"seed {seed} mutant #{number}", "".join(tags).encode()

    _refused_or_validated(mutants(), game_from_mjlog)


@pytest.mark.parametrize("seed", range(2))
def test_corrupted_tenhou_json_is_refused_or_validated(seed):
    """Most of these are refused: a take or discard changed leaves no legal order of play.
    Of those that load, fewer are noticed: a take or discard changed that still replays
    legally changes nothing else the log states (its deltas only)."""
    logs = [parse(path.read_bytes()) for path in sorted(corpus("tenhou-json", "mjx-tests").iterdir())]
    rng = random.Random(seed)

    def mutants():
        for number in range(300):
            mutant = copy.deepcopy(rng.choice(logs))
            round_ = rng.choice(mutant["log"])
            for _ in range(rng.randrange(1, 3)):
                item = round_[rng.randrange(len(round_))]
                if isinstance(item, list) and item:
                    at = rng.randrange(len(item))
                    kind = rng.randrange(4)
                    if kind == 0:
                        del item[at]
                    elif kind == 1:
                        item.insert(at, item[at])
                    elif kind == 2 and type(item[at]) is int:
                        item[at] += rng.choice([-1, 1, 4, 10])
                    else:
                        item[at] = rng.choice([60, "r11", "c121314", "p121212", 0, None, "x"])
            yield f"seed {seed} mutant #{number}", mutant

    _refused_or_validated(mutants(), game_from_tenhou_json, least=30, noticed=0.25)
