"""Shanten and waits against published cases and a brute force over the corpora's hands."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator

import pytest

from paipu.shanten import (
    TERMINALS_AND_HONOURS,
    Tracked,
    improving,
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    waits,
)
from paipu.tiles import counts, kind, kind_name, parse_hand

from conftest import corpus, read_json


def hand(text: str) -> list[int]:
    """Counts per kind of the concealed tiles of a hand string."""
    return parse_hand(text).counts()


# -- small cases worked by hand ------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("m123456789p123z11", -1),  # complete
        ("m123456789p12z11", 0),  # ready: p3
        ("m11223344556677", -1),  # seven pairs, also two 一盃口 and a pair
        ("m1111p22s33z1122z5", 2),  # four of a kind is one pair for 七対子
        ("m19p19s19z1234567", 0),  # thirteen orphans, 13-sided wait
        ("m1111p123456789", 1),  # the 5th m1 does not exist: not ready
        ("m1111", 1),  # one set and a pair from these four: no fifth m1
        ("z1", 0),  # four melds and a single tile: ready on z1
        ("m1p9z17", 2),
    ],
)
def test_shanten_small(text: str, expected: int) -> None:
    assert shanten(hand(text)) == expected


def test_forms_apart() -> None:
    c = hand("m19p19s19z12345677")
    assert (shanten_standard(c), shanten_seven_pairs(c), shanten_thirteen_orphans(c)) == (
        7,
        5,
        -1,
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        ("m123456789p12z11", ("p3",)),
        ("m2223", ("m1", "m3", "m4")),
        ("m1112345678999", tuple(f"m{n}" for n in range(1, 10))),  # 九蓮宝燈
        ("m19p19s19z1234567", tuple(kind_name(k) for k in TERMINALS_AND_HONOURS)),
        ("m1111p2233s4455z6", ()),  # m1111 is not two pairs of 七対子
        ("m1111p123456789", ()),
        ("m1234p567s789z111", ("m1", "m4")),
        ("m234p567s789z1122", ("z1", "z2")),
        ("m1122p3344s5566z7", ("z7",)),
    ],
)
def test_waits_small(text: str, expected: tuple[str, ...]) -> None:
    assert tuple(kind_name(k) for k in waits(hand(text))) == expected


def test_wrong_sizes() -> None:
    with pytest.raises(ValueError):
        shanten(hand("m123456789p123"))  # 12 tiles
    with pytest.raises(ValueError):
        shanten([4] * 4 + [0] * 30)  # 16 tiles
    with pytest.raises(ValueError):
        shanten([1] * 13)  # not 34 kinds
    with pytest.raises(ValueError):
        shanten_seven_pairs(hand("m1122334455z1"))  # 11 tiles
    with pytest.raises(ValueError):
        waits(hand("m123456789p123z11"))
    with pytest.raises(ValueError):
        is_complete(hand("m123456789p12z11"))


# -- published cases -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_xiangting_cases(number: int) -> None:
    """14-tile hands with [standard, thirteen orphans, seven pairs] shanten numbers."""
    cases = read_json(corpus("shanten-cases", f"xiangting_{number}.json.gz"))
    assert len(cases) == 10_000
    wrong = []
    for case in cases:
        c = counts(case["q"])
        got = [shanten_standard(c), shanten_thirteen_orphans(c), shanten_seven_pairs(c)]
        if got != case["x"] or shanten(c) != min(case["x"]):
            wrong.append((case, got, shanten(c)))
    assert wrong == []


def test_waits_cases() -> None:
    """Hands of the scored-hands cases minus their winning tile, melds included: the
    shanten ``x`` of the concealed tiles and the waits ``t`` by kind name (fives as 5)."""
    cases = read_json(corpus("hule-cases", "waits.json.gz"))
    assert len(cases) == 10_000
    wrong = []
    for case in cases:
        c = hand(case["shoupai"])
        got = (shanten(c), [kind_name(k) for k in waits(c)])
        if got != (case["x"], case["t"]):
            wrong.append((case, got))
    assert wrong == []


# -- brute force over every hand dealt and won in the 電脳麻将 corpora -----------------


def _sets_only(c: list[int], start: int) -> bool:
    """Whether the tiles from kind ``start`` on split into runs and triplets."""
    k = start
    while k < 34 and not c[k]:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:
        c[k] -= 3
        found = _sets_only(c, k)
        c[k] += 3
        if found:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        found = _sets_only(c, k)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        return found
    return False


def _complete_by_search(c: list[int]) -> bool:
    """Whether the tiles are sets and a pair, seven distinct pairs or thirteen orphans."""
    if sum(c) == 14:
        if c.count(2) == 7:
            return True
        if all(c[k] for k in TERMINALS_AND_HONOURS) and sum(
            c[k] for k in TERMINALS_AND_HONOURS
        ) == 14:
            return True
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            found = _sets_only(c, 0)
            c[k] += 2
            if found:
                return True
    return False


def _waits_by_search(c: list[int]) -> tuple[int, ...]:
    found = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if _complete_by_search(c):
                found.append(k)
            c[k] -= 1
    return tuple(found)


def four_player_rounds(root: Path) -> Iterator[list[dict]]:
    """The events of each round of the 4-player games in a paipu file, or in every
    ``.json``/``.json.gz`` file under a folder (a file holds one game or a list)."""
    paths = [root] if root.is_file() else [
        p for p in sorted(root.rglob("*")) if p.name.endswith((".json", ".json.gz"))
    ]
    assert paths
    for path in paths:
        data = read_json(path)
        for game in data if isinstance(data, list) else [data]:
            if len(game["player"]) == 4:
                yield from game["log"]


def _corpus_hands(root: Path) -> tuple[set[tuple[int, ...]], set[tuple[tuple[int, ...], int]]]:
    """Concealed hands of 4-player games: every deal, and every winning hand as
    (concealed tiles without the winning tile, the winning tile's kind)."""
    dealt: set[tuple[int, ...]] = set()
    won: set[tuple[tuple[int, ...], int]] = set()
    for events in four_player_rounds(root):
        for event in events:
            if "qipai" in event:
                dealt.update(tuple(hand(s)) for s in event["qipai"]["shoupai"])
            elif "hule" in event:
                notation = parse_hand(event["hule"]["shoupai"])
                won.add((tuple(counts(notation.concealed)), kind(notation.drawn)))
    return dealt, won


@pytest.mark.parametrize("folder", ["tenhou-as-majiang", "generated", "majiang"])
def test_waits_by_brute_force(folder: str) -> None:
    dealt, won = _corpus_hands(corpus(folder))
    wrong = []
    for c in dealt | {c for c, _ in won}:
        expected = _waits_by_search(list(c))
        if waits(c) != expected or (shanten(c) == 0) != bool(expected):
            wrong.append((c, waits(c), expected, shanten(c)))
    assert wrong == []
    for c, winning in won:
        assert winning in waits(c)
        full = list(c)
        full[winning] += 1
        assert is_complete(full)


# -- the fast waits and completeness against their definition by shanten ---------------


def _random_hand(rng: random.Random) -> list[int]:
    """A hand of 3n+1 tiles (n = 0-4) with at most four of a kind: a complete hand of
    sets and a pair, seven pairs or thirteen orphans less one tile, with some of its
    tiles then replaced at random; or tiles drawn at random."""
    sets = rng.choice([4, 4, 4, 3, 2, 1, 0])
    c = [0] * 34
    shape = rng.random()
    if shape < 0.1:
        tiles = rng.sample(range(34), 14) if sets == 4 else rng.choices(range(34), k=3 * sets + 2)
    elif shape < 0.15 and sets == 4:
        tiles = [k for k in rng.sample(range(34), 7) for _ in (0, 1)]
    elif shape < 0.2 and sets == 4:
        tiles = list(TERMINALS_AND_HONOURS) + [rng.choice(TERMINALS_AND_HONOURS)]
    else:
        tiles = [rng.randrange(34)] * 2
        for _ in range(sets):
            k = rng.randrange(34)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                tiles += [k, k + 1, k + 2]
            else:
                tiles += [k] * 3
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)
    tiles.pop(rng.randrange(len(tiles)))
    for k in tiles:
        c[k] += 1
    return c if max(c) <= 4 else _random_hand(rng)


def _waits_by_shanten(c: list[int]) -> tuple[int, ...]:
    """Waits by their definition: the kinds held fewer than four times that bring the
    shanten number to -1."""
    found = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if shanten(c) == -1:
                found.append(k)
            c[k] -= 1
    return tuple(found)


def test_waits_and_completeness_agree_with_shanten() -> None:
    rng = random.Random(20240601)
    wrong = []
    ready = 0
    for _ in range(6000):
        c = _random_hand(rng)
        expected = _waits_by_shanten(c)
        ready += bool(expected)
        if waits(c) != expected or (shanten(c) == 0) != bool(expected):
            wrong.append((c, waits(c), expected))
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if is_complete(c) != (k in expected):
                    wrong.append((list(c), "is_complete", k in expected))
                c[k] -= 1
    assert wrong == []
    assert ready > 2000  # the hands are mostly ready, so the waits are really compared


# -- the tiles that lower the shanten (有効牌), against a recount by their definition ----


@pytest.mark.parametrize(
    "text, expected",
    [
        ("m123456789p12z11", (0, ("p3",))),  # ready on p3: only p3 completes
        ("m123456789p13z11", (0, ("p2",))),  # ready on the middle p2
        ("m123456789p1z111", (0, ("p1",))),  # single wait (単騎)
        # one away: p1 or p4 make a run (s9 or z1 left to wait on), s9 or z1 a pair (p23
        # left waiting); p2 or p3 make a pair but leave three single tiles
        ("m123456789p23s9z1", (1, ("p1", "p4", "s9", "z1"))),
        # not ready (no fifth m1), but any other kind drawn is: m111 kept and the new tile
        # waited on alone
        ("m1111p123456789", (1, tuple(kind_name(k) for k in range(1, 34)))),
        ("z1", (0, ("z1",))),  # four melds and a single tile
    ],
)
def test_improving_small(text: str, expected: tuple[int, tuple[str, ...]]) -> None:
    current, kinds = improving(hand(text))
    assert (current, tuple(kind_name(k) for k in kinds)) == expected


def _improving_by_recount(c: list[int]) -> tuple[int, tuple[int, ...]]:
    """The shanten of a hand and the kinds held fewer than four times whose draw lowers
    it, by their definition: the whole hand's shanten asked again with each kind added."""
    current = shanten(c)
    found = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if shanten(c) < current:
                found.append(k)
            c[k] -= 1
    return current, tuple(found)


def test_improving_against_a_recount() -> None:
    """:func:`improving` looks up again only the part a drawn tile goes to, and counts
    seven pairs and thirteen orphans from what one more tile of a kind adds: a seeded
    sample of hands of every size, ready or far from it, against a recount of the whole
    hand's shanten with each kind drawn."""
    rng = random.Random(20261124)
    hands = [_random_hand(rng) for _ in range(1500)]
    for _ in range(1500):  # tiles dealt at random from a full set: mostly far from ready
        c = [0] * 34
        for k in rng.sample([k for k in range(34) for _ in range(4)], 13):
            c[k] += 1
        hands.append(c)
    wrong = [(c, improving(c), _improving_by_recount(c)) for c in hands if improving(c) != _improving_by_recount(c)]
    assert wrong == []
    shantens = {improving(c)[0] for c in hands}
    assert {0, 1, 2, 3} <= shantens  # ready hands and hands far from it are both compared


def test_a_tracked_hand_has_the_shanten_of_its_counts() -> None:
    """:class:`Tracked` follows a hand tile by tile and looks up only the parts changed:
    at every step of seeded random games of draws and discards (and tiles taken away for
    melds, down to four melds), its shanten is that of the counts asked afresh."""
    rng = random.Random(1124)
    steps = 0
    for _ in range(300):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        start = [0] * 34
        for k in wall[:13]:
            start[k] += 1
        del wall[:13]
        tracked = Tracked(start)
        assert tracked.shanten() == shanten(start)
        while len(wall) > 0 and tracked.size > 1:
            tracked.add(wall.pop())
            assert tracked.shanten() == shanten(tracked.counts)
            held = [k for k in range(34) if tracked.counts[k]]
            assert tracked.remove(rng.choice(held))
            if tracked.size > 4 and rng.random() < 0.05:  # a meld: three held tiles taken
                for _ in range(3):
                    assert tracked.remove(rng.choice([k for k in range(34) if tracked.counts[k]]))
            assert tracked.shanten() == shanten(tracked.counts)
            steps += 1
        missing = next(k for k in range(34) if not tracked.counts[k])
        assert not tracked.remove(missing) and tracked.counts[missing] == 0
    assert steps > 10_000


def test_a_tracked_hand_follows_another_holder_of_it() -> None:
    """:meth:`Tracked.follow` brings a tracked hand to the counts another holder of it has
    (the replay's hand, changed by a draw, a discard, a call or a new deal): afterwards its
    counts, size, shanten and waits are those of the counts asked afresh, and it says
    whether anything changed."""
    rng = random.Random(1128)
    tracked = Tracked([0] * 33 + [1])
    changes = 0
    for _ in range(3000):
        target = _random_hand(rng)
        if rng.random() < 0.5:  # one more tile: a hand with a tile to discard
            target[rng.choice([k for k in range(34) if target[k] < 4])] += 1
        before = list(tracked.counts)
        changed = tracked.follow(target)
        assert changed == (before != target)
        assert tracked.counts == target and tracked.size == sum(target)
        assert tracked.shanten() == shanten(target)
        if tracked.size % 3 == 1:
            assert tracked.waits() == waits(target)
        assert not tracked.follow(list(target))
        changes += changed
    assert changes > 2900


def _ready_discards_by_search(c: list[int]) -> tuple[int, ...]:
    """The kinds whose discard leaves a hand waiting on some tile, by search."""
    found = []
    for k in range(34):
        if c[k]:
            c[k] -= 1
            if _waits_by_search(c):
                found.append(k)
            c[k] += 1
    return tuple(found)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("m123789p456s789z12", ("z1", "z2")),  # either honour: a single wait on the other
        ("m135p456s789z11122", ("m1", "m5")),  # m35 waiting on m4, or m13 on m2
        ("m1122p3344s5566z12", ("z1", "z2")),  # seven pairs
        ("m23456", ("m2", "m3", "m5", "m6")),  # three melds: m2356 waits on nothing
        # complete: any discard leaves it ready
        ("m22345p456s789z111", ("m2", "m3", "m4", "m5", "p4", "p5", "p6", "s7", "s8", "s9", "z1")),
        ("m159p159s159z12345", ()),  # two from thirteen orphans, whatever goes
    ],
)
def test_ready_discards_small(text: str, expected: tuple[str, ...]) -> None:
    tracked = Tracked(hand(text))
    assert tuple(kind_name(k) for k in tracked.ready_discards()) == expected
    assert tracked.counts == hand(text) and tracked.shanten() == shanten(hand(text))  # tried, and put back


def test_ready_discards_against_a_search() -> None:
    """:meth:`Tracked.ready_discards` of seeded random hands with a tile to discard, most
    near ready, against a search for the discards after which some tile completes the
    hand; a hand of another size is refused."""
    rng = random.Random(20261128)
    ready = 0
    for _ in range(1500):
        c = _random_hand(rng)
        c[rng.choice([k for k in range(34) if c[k] < 4])] += 1
        found = Tracked(c).ready_discards()
        assert found == _ready_discards_by_search(c), c
        ready += bool(found)
    assert ready > 500
    with pytest.raises(ValueError):
        Tracked(hand("m123456789p123z1")).ready_discards()
