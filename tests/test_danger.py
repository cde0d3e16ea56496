"""Tile danger against riichi: the seed's table (``seeds/betaori-algorithm.txt``), cell by
cell, worked out by hand from the rivers in each case."""

from __future__ import annotations

import doctest

import pytest

from paipu import danger as danger_module
from paipu.danger import SafeKinds, danger, wall
from paipu.tiles import KIND_OF


def kinds(*tiles: str) -> set[int]:
    return {KIND_OF[t] for t in tiles}


@pytest.mark.parametrize(
    "tile, river, value, label",
    [
        # the seed's table: rows 1/9, 2/8, 3/7, 4-6; columns 無スジ, 片スジ, スジ
        ("m1", (), 6, "1/9 no-suji"), ("m1", ("m4",), 3, "1/9 suji"),
        ("p9", ("p6",), 3, "1/9 suji"), ("p9", ("p3",), 6, "1/9 no-suji"),
        ("s2", (), 8, "2/8 no-suji"), ("s2", ("s5",), 4, "2/8 suji"),
        ("s8", ("s0",), 4, "2/8 suji"),  # a red five makes the same suji
        ("m3", ("m6",), 5, "3/7 suji"), ("m7", ("m4",), 5, "3/7 suji"), ("m7", ("m1",), 8, "3/7 no-suji"),
        ("p4", (), 12, "4-6 no-suji"), ("p4", ("p1",), 8, "4-6 half-suji"),
        ("p4", ("p7",), 8, "4-6 half-suji"), ("p4", ("p1", "p7"), 4, "4-6 suji"),
        ("p0", ("p2", "p8"), 4, "4-6 suji"), ("s6", ("s3", "s9"), 4, "4-6 suji"),
        # genbutsu beats everything, red fives included
        ("m5", ("m0",), 0, "genbutsu"), ("z1", ("z1",), 0, "genbutsu"),
        # another suit's tile is no suji
        ("m4", ("p1", "s7"), 12, "4-6 no-suji"),
    ],
)
def test_number_tiles_follow_the_seeds_table(tile, river, value, label):
    rated = danger(tile, kinds(*river), 3)
    assert (rated.value, rated.label) == (value, label)


@pytest.mark.parametrize("unseen, value", [(4, 3), (3, 3), (2, 2), (1, 1), (0, 0)])
def test_honours_count_the_copies_unseen(unseen, value):
    assert danger("z5", set(), unseen).value == value


def test_discards_after_a_riichi_are_safe_against_it_and_earlier_ones_are_not():
    safe = SafeKinds(4)
    safe.discard(0, "m2")  # before anyone's riichi: safe against seat 0 only
    safe.discard(1, "p3", riichi=True)
    safe.discard(2, "s4")  # after seat 1's riichi
    assert safe[1] == kinds("p3", "s4")
    assert safe[0] == kinds("m2")
    assert safe.riichi == [False, True, False, False]
    assert safe.worst("m2", 3) == 8  # 2/8 no-suji against seat 1
    assert safe.worst("s4", 3) == 0
    assert safe.worst("s1", 3) == 3  # suji of s4
    assert safe.worst("m2", 3, rater=1) == 0  # nobody else in riichi


def test_the_worst_value_over_two_riichi_is_taken():
    safe = SafeKinds(4)
    safe.discard(1, "m4", riichi=True)
    safe.discard(2, "m7", riichi=True)  # m7 is safe against both; m1 suji against 1 only
    assert danger("m1", safe[1], 3).value == 3
    assert danger("m1", safe[2], 3).value == 6
    assert safe.worst("m1", 3) == 6
    assert safe.worst("m7", 3) == 0


def test_wall_classes_count_the_neighbours_seen():
    seen = [0] * 34
    assert wall("m1", seen) is None
    seen[KIND_OF["m2"]] = 4
    assert wall("m1", seen) == "no-chance"  # 23 cannot exist
    assert wall("m4", seen) is None  # 56 still can
    seen[KIND_OF["m6"]] = 3
    assert wall("m4", seen) == "one-chance"
    seen[KIND_OF["m6"]] = 4
    assert wall("m4", seen) == "no-chance"
    seen[KIND_OF["m8"]] = 3
    assert wall("m9", seen) == "one-chance"
    assert wall("z1", seen) is None


def test_docstring_examples():
    assert doctest.testmod(danger_module).failed == 0
