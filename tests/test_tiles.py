"""Tile, meld and hand notation: the grammar of paipu-format.md §4, strictly."""

from __future__ import annotations

import pytest

from paipu.tiles import (
    KINDS,
    SLOT_OF,
    HandNotation,
    NotationError,
    counts,
    dora_of,
    kind,
    kind_name,
    parse_discard,
    parse_hand,
    parse_meld,
    parse_tile,
    tile_slot,
)


def test_kinds_number_the_34_faces_with_red_fives_as_fives():
    assert [kind(t) for t in ("m1", "m9", "p1", "s9", "z1", "z7")] == [0, 8, 9, 26, 27, 33]
    assert kind("m0") == kind("m5") == 4 and kind("p0") == 13 and kind("s0") == 22
    assert kind_name(4) == "m5"


def test_tile_slot_is_the_slot_table_and_refuses_every_other_string() -> None:
    # the slots as the table of tiles states them, worked out from the two characters
    assert {tile: tile_slot(tile) for tile in SLOT_OF} == SLOT_OF
    others = [f"{suit}{char}" for suit in "mpsz_M0 " for char in "0123456789:/az_"]
    for text in [*others, "", "m", "m55", "z", "ｍ5", "m５", "m1_", "5m"]:
        assert tile_slot(text) == (SLOT_OF[text] if text in SLOT_OF else -1), text


@pytest.mark.parametrize("text", ["z0", "z8", "z9", "m10", "x1", "m", "", "m1_", None, 5])
def test_impossible_tiles_are_rejected(text):
    with pytest.raises(NotationError):
        parse_tile(text)


@pytest.mark.parametrize(
    "indicator, dora",
    [("m9", "m1"), ("p0", "p6"), ("s4", "s5"), ("z4", "z1"), ("z1", "z2"), ("z7", "z5"), ("z5", "z6")],
)
def test_dora_follows_the_indicator(indicator, dora):
    # paipu-format §4.1: next number (9 -> 1), winds E->S->W->N->E, dragons 白->發->中->白.
    assert dora_of(indicator) == dora


@pytest.mark.parametrize(
    "text, expected",
    [("m5", ("m5", False, False)), ("p5_", ("p5", True, False)), ("s0*", ("s0", False, True)),
     ("p5_*", ("p5", True, True))],
)
def test_discard_suffixes(text, expected):
    assert parse_discard(text) == expected


@pytest.mark.parametrize("text", ["p5*_", "p5+", "z8", "m5__"])
def test_bad_discards(text):
    with pytest.raises(NotationError):
        parse_discard(text)


@pytest.mark.parametrize(
    "text, meld_type, claimed, direction",
    [
        ("m1-23", "chi", "m1", "-"), ("m12-3", "chi", "m2", "-"), ("s406-", "chi", "s6", "-"),
        ("p340-", "chi", "p0", "-"), ("z555=", "pon", "z5", "="), ("m505=", "pon", "m5", "="),
        ("m550=", "pon", "m0", "="), ("p6666=", "daiminkan", "p6", "="), ("m5505+", "daiminkan", "m5", "+"),
        ("m5550+", "daiminkan", "m0", "+"), ("m2222", "ankan", None, None), ("m5550", "ankan", None, None),
        ("z666-6", "kakan", "z6", "-"), ("s555+0", "kakan", "s5", "+"), ("m505=5", "kakan", "m5", "="),
    ],
)
def test_canonical_melds_parse_and_write_back(text, meld_type, claimed, direction):
    meld = parse_meld(text)
    assert (meld.type, meld.claimed, meld.direction) == (meld_type, claimed, direction)
    assert str(meld) == text


@pytest.mark.parametrize("text, canonical", [("m055=", "m505="), ("m0555", "m5550"), ("m3-12", "m123-")])
def test_melds_normalise_to_the_canonical_form(text, canonical):
    # As the engine's Shoupai.valid_mianzi: pon '05' -> '50', kan digits descending, chi
    # digits ascending. The claimed tile of a chi stays the digit written before the mark
    # (the engine would move the mark and so change the claimed tile).
    assert str(parse_meld(text)) == canonical


@pytest.mark.parametrize("text", ["m1+23", "z123-", "m124-", "z888=", "m12", "m5556=", "m55=5", "m1-2-3", "b1"])
def test_bad_melds(text):
    with pytest.raises(NotationError):
        parse_meld(text)


def test_hand_string_parts():
    hand = parse_hand("m123456p23478s05p9*")
    assert hand.drawn == "p9" and hand.riichi and not hand.melds
    assert hand.concealed == ("m1", "m2", "m3", "m4", "m5", "m6", "p2", "p3", "p4", "p7", "p8", "s0", "s5")
    hand = parse_hand("m234p567s3458s8,z666-6")
    assert hand.drawn == "s8" and [str(m) for m in hand.melds] == ["z666-6"] and not hand.is_closed
    assert sum(hand.counts()) == 11


def test_a_hand_counts_its_tiles_as_counts_does():
    """Counted by kind, red fives as fives, the drawn tile too (worked out by hand); a
    hand built of something that is not a tile is refused as ``counts`` refuses it."""
    hand = parse_hand("m055p19s9z77m4")
    expected = [0] * 34
    for k in (4, 4, 4, 9, 17, 26, 33, 33, 3):  # m5 m5 m5 p1 p9 s9 z7 z7, drawn m4
        expected[k] += 1
    assert hand.counts() == counts(hand.tiles) == expected
    for tiles in (("m1", "x9"), ("m1", "m5", None)):
        with pytest.raises(NotationError, match="not a tile: "):
            counts(tiles)
        with pytest.raises(NotationError, match="not a tile: "):
            HandNotation(tiles).counts()


def test_hand_is_written_canonically():
    # Suits m, p, s, z; a red five before the other fives; drawn tile last; a suit letter
    # may be repeated in the input (m78z11m6).
    assert str(parse_hand("m78z11m6p111s222z3")) == "m678p111s222z113"
    assert str(parse_hand("m5055p123s123z11")) == "m0555p123s123z11"
    assert str(parse_hand("m123p456s789z1122,")) == "m123p456s789z1122,"


@pytest.mark.parametrize(
    "text",
    ["m123z8", "m11111", "m1234567891234567", "m123,m5555,m5555=", "m1,z777=,z7777", "m123p", "m12x3", "m123,z8888"],
)
def test_impossible_hands_are_rejected(text):
    with pytest.raises(NotationError):
        parse_hand(text)


def test_three_player_north_tiles_are_kept_in_place():
    text = "p3477s678p5,b,z222=,s9999-"
    hand = parse_hand(text)
    assert [m.type for m in hand.melds] == ["north", "pon", "daiminkan"]
    assert str(hand) == text


def _parsed(parse, text):
    try:
        return parse(text)
    except NotationError as error:
        return str(error)


def test_the_scanner_of_canonical_hands_reads_as_the_full_parser():
    """parse_hand reads a hand written as str() writes it by scan_hand; on
    hands near that form (a tile out of order, five of a kind across the drawn tile or a
    meld, a drawn tile not written apart, red fives, too many tiles) it must give the
    full parser's hand or error."""
    import random

    from paipu.tiles import _parse_hand_in_full

    rng = random.Random(1)
    tiles = [suit + digit for suit in "mps" for digit in "0123456789"] + [f"z{d}" for d in range(1, 8)]
    melds = ["m1-23", "p555=", "s5505+", "z1111", "z666-6", "m406-", "b", "p0-55", "m5550"]
    checked = set()
    for _ in range(20_000):
        hand = [rng.choice(tiles if rng.random() < 0.3 else tiles[:6] + ["m5", "z1"]) for _ in range(rng.randint(0, 15))]
        drawn = hand.pop() if hand and rng.random() < 0.5 else None
        hand.sort(key=lambda tile: (tile[0], "1234056789".index(tile[1])))  # canonical order
        if len(hand) > 1 and rng.random() < 0.1:
            i, j = rng.sample(range(len(hand)), 2)
            hand[i], hand[j] = hand[j], hand[i]
        text, suit = "", ""
        for tile in hand:
            if tile[0] != suit or rng.random() < 0.05:
                suit = tile[0]
                text += suit
            text += tile[1]
        if drawn:
            text += drawn if rng.random() < 0.9 else drawn[1]
        text += "*" * (rng.random() < 0.2) + "".join("," + rng.choice(melds) for _ in range(rng.choice([0, 0, 1, 2, 4])))
        checked.add(type(_parsed(parse_hand, text)))
        assert _parsed(parse_hand, text) == _parsed(_parse_hand_in_full, text), text
    assert len(checked) == 2  # hands and errors both met


# Hand-worked: the tiles of each string as parse_hand must read them (written out by hand,
# not by the code), and whether the scanner reads it itself (None: left to the full parser).
SCANNED = [
    ("m123p406s555z1122*", ("m1 m2 m3 p4 p0 p6 s5 s5 s5 z1 z1 z2 z2", None, True, 0, False)),  # riichi, a red five
    ("m0555p123s789z111z1", ("m0 m5 m5 m5 p1 p2 p3 s7 s8 s9 z1 z1 z1", "z1", False, 0, False)),  # drawn written apart
    ("m123p456s789z1122m0", ("m1 m2 m3 p4 p5 p6 s7 s8 s9 z1 z1 z2 z2", "m0", False, 0, False)),  # drawn red five
    ("m123p456z1122m1,", ("m1 m2 m3 p4 p5 p6 z1 z1 z2 z2", "m1", False, 0, True)),  # awaiting a discard
    ("m11p456s789z1,m1-23,", ("m1 m1 p4 p5 p6 s7 s8 s9 z1", None, False, 1, True)),
    ("p3477s678p5,b,z222=,s9999-", ("p3 p4 p7 p7 s6 s7 s8", "p5", False, 3, False)),
    ("s1111m1,s111=", None),  # five of a kind across a meld
    ("m11115", None),  # five of a kind in a group
    ("m05555", None),  # five fives, a red among them
    ("m5055p123s123z11", None),  # a red five after a five: out of order
    ("m213", None),  # digits out of order
    ("m1234p5", None),  # a later suit's group: not a drawn tile, so 2 mod 3 with none
    ("m12z0", None), ("m12z8", None), ("z08z", None),  # no such honour
    ("m12_", None),  # a face-down tile
    ("m123p", None),  # a suit letter without digits
    ("m1p,m1p", None),  # a bad meld
    ("p12m345", None),  # suits out of order
    ("m１23", None),  # not ASCII
    ("m1\ud80023", None),  # a lone surrogate: no UTF-8 for it
]


@pytest.mark.parametrize("text, expected", SCANNED)
def test_the_scanner_reads_canonical_hands_and_leaves_the_rest(text, expected):
    """scan_hand reads a hand written as str() writes it into counts by kind and red fives
    by suit; parse_hand builds the same hand from them (the shared tile strings); any other
    string it leaves to the full parser, which reads it or refuses it as parse_hand does."""
    from paipu.tiles import SLOT_TILES, _parse_hand_in_full, scan_hand

    concealed: list[str] = []
    scanned = scan_hand(text, concealed)
    if expected is None:
        assert scanned is None
        assert _parsed(parse_hand, text) == _parsed(_parse_hand_in_full, text)
        return
    tiles, drawn, riichi, melds, awaiting = expected
    assert scanned is not None
    assert concealed == tiles.split()
    assert scanned.size == len(tiles.split())
    by_kind = [tile.replace("0", "5") for tile in tiles.split()]
    assert scanned.tally == [by_kind.count(name) for name in KINDS] + [tiles.split().count(red) for red in ("m0", "p0", "s0")]
    assert (SLOT_TILES[scanned.drawn] if scanned.drawn >= 0 else None, scanned.riichi, len(scanned.melds),
            scanned.awaiting_discard) == (drawn, riichi, melds, awaiting)
    hand = parse_hand(text)
    assert (hand.concealed, hand.drawn, hand.riichi, len(hand.melds), hand.awaiting_discard) == (
        tuple(tiles.split()), drawn, riichi, melds, awaiting)
    shared = {tile: tile for tile in SLOT_OF}
    assert all(tile is shared[tile] for tile in hand.tiles)  # the shared strings, none made per hand
    assert hand == _parse_hand_in_full(text)

