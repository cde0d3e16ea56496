"""Hand: the actions, what each refuses, and a replay of real games against their results."""

from __future__ import annotations

from collections import Counter

import pytest

from paipu.hand import Hand, IllegalAction
from paipu.shanten import is_complete
from paipu.tiles import KINDS, HandNotation, kind, parse_discard, parse_hand, parse_meld

from conftest import corpus
from test_shanten import four_player_rounds


_TILE_NAMES = {*KINDS, "m0", "p0", "s0"}


def refused(hand: Hand, action: str, *args: object, match: str) -> None:
    """Check that ``hand.action(*args)`` raises IllegalAction matching ``match`` and
    leaves the hand as it was."""
    before = str(hand), hand.counts[:], hand.red[:], hand.melds[:], hand.drawn, hand.riichi, hand.size
    with pytest.raises(IllegalAction, match=match):
        getattr(hand, action)(*args)
    assert (str(hand), hand.counts, hand.red, hand.melds, hand.drawn, hand.riichi, hand.size) == before


# -- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "m055p2468s2468z11",
        "m123456p23478s05p9*",
        "p34406s33366,m555+",
        "m5550p123z111,m1111",
        "z1,m1-23,p505=,s5555,z666-6",
    ],
)
def test_notation_round_trip(text: str) -> None:
    hand = Hand.from_notation(text)
    assert str(hand) == str(parse_hand(text))
    assert Hand.from_notation(hand.to_notation()) == hand


def test_from_notation() -> None:
    hand = Hand.from_notation("m123456p23478s05p0*")
    assert hand.counts[kind("p5")] == 1 and hand.counts[kind("s5")] == 2
    assert hand.red == [0, 1, 1]
    assert hand.drawn == "p0" and hand.riichi and hand.melds == []
    hand = Hand.from_notation(parse_hand("m12345p567s789,z111=,"))
    assert hand.drawn is None and str(hand) == "m12345p567s789,z111=,"
    with pytest.raises(ValueError, match="face-down"):
        Hand.from_notation("m123___")
    with pytest.raises(ValueError, match="12 concealed tiles and 0 melds"):
        Hand.from_notation("m123456789p123")


# -- draw and discard ----------------------------------------------------------------------


def test_draw_and_discard() -> None:
    hand = Hand.from_notation("m123456789p12z11")
    hand.draw("p3")
    assert hand.drawn == "p3" and str(hand) == "m123456789p12z11p3"
    assert hand.shanten() == -1
    hand.discard("m1")
    assert hand.drawn is None and str(hand) == "m23456789p123z11"
    assert hand.waits() == ("m1", "m4", "m7") and hand.is_tenpai()


def test_draw_refused() -> None:
    hand = Hand.from_notation("m123456789p12z11")
    refused(hand, "draw", "z8", match=r"draw 'z8': not a tile")
    hand.draw("z1")
    refused(hand, "draw", "z2", match=r"draw z2: the hand must discard first")
    hand.discard("z1")
    hand = Hand.from_notation("m1111p2233s4455z6")
    refused(hand, "draw", "m1", match=r"draw m1: a fifth m1")
    hand = Hand.from_notation("m1p2233s4455z6,m111=")
    refused(hand, "draw", "m1", match=r"draw m1: a fifth m1")


def test_discard_refused() -> None:
    hand = Hand.from_notation("m123456789p12z11")
    refused(hand, "discard", "m1", match=r"discard m1: nothing to discard")
    hand.draw("p3")
    refused(hand, "discard", "s3", match=r"discard s3: not in hand \(hand m123456789p12z11p3\)")
    refused(hand, "discard", "m0", match=r"discard m0: not in hand")


def test_red_fives() -> None:
    hand = Hand.from_notation("m0589p0s5z1234567")
    hand.draw("m0")
    assert hand.red == [2, 1, 0] and hand.counts[kind("m5")] == 3
    hand.discard("m5")
    assert hand.red == [2, 1, 0] and str(hand) == "m0089p0s5z1234567"
    hand.draw("s0")
    hand.discard("m0")
    assert hand.red == [1, 1, 1] and str(hand) == "m089p0s05z1234567"
    hand.draw("m4")
    refused(hand, "discard", "m5", match=r"discard m5: not in hand")
    refused(hand, "discard", "p5", match=r"discard p5: not in hand")
    hand.discard("s0")
    assert hand.red == [1, 1, 0] and str(hand) == "m4089p0s5z1234567"


@pytest.mark.parametrize("text", ["m0589p0s5z1234567", "m123456789p12z11*", "m055p05s0578z1,z222=",
                                  "m1112345678999", "m4p234s067z556677"])
def test_play_turn_is_draw_then_discard(text: str) -> None:
    """Every draw and discard: play_turn agrees with draw() then discard(), and when they
    refuse it returns False with the hand unchanged."""
    tiles = [t for t in (f"{s}{d}" for s in "mpsz" for d in "0123456789") if t in _TILE_NAMES]
    tiles += ["z8", "m10", ""]  # no tiles: refused
    for drawn in tiles:
        for discarded in tiles:
            one, two = Hand.from_notation(text), Hand.from_notation(text)
            before = (one.counts[:], one.red[:], one.drawn, one.riichi)
            try:
                two.draw(drawn)
                two.discard(discarded)
                legal = True
            except IllegalAction:
                legal = False
            assert one.play_turn(drawn, discarded) is legal, (text, drawn, discarded)
            if legal:
                assert one == two
            else:
                assert (one.counts, one.red, one.drawn, one.riichi) == before


# -- riichi ----------------------------------------------------------------------------------


def test_riichi() -> None:
    hand = Hand.from_notation("m123456789p12z11")
    hand.draw("s9")
    hand.discard("s9", riichi=True)
    assert hand.riichi and str(hand) == "m123456789p12z11*"
    hand.draw("m1")
    refused(hand, "discard", "m2", match=r"discard m2: in riichi, only the drawn m1 may go")
    refused(hand, "discard", "m1", True, match=r"riichi with m1: riichi already declared")
    hand.discard("m1")
    assert hand.riichi


def test_waits_follow_the_tiles() -> None:
    # The waits worked out once are kept while the tiles stay (a hand in riichi): after
    # a turn that changes the tiles, or a kan, they are the new tiles' (worked by hand).
    hand = Hand.from_notation("m123p456s789z1122")
    assert hand.waits() == ("z1", "z2")  # 双碰
    hand.draw("z1")
    hand.discard("z2")  # z111 and a single z2
    assert hand.waits() == ("z2",)
    hand = Hand.from_notation("m22234p456s789z11")
    hand.draw("s1")
    hand.discard("s1", riichi=True)  # asked at the declaration
    assert hand.waits() == ("m2", "m5", "z1") and hand.is_tenpai()  # m222+m34 or m22+m234
    hand.draw("m2")
    hand.kan(parse_meld("m2222"))  # m34 p456 s789 z11 left: no more z1
    assert hand.waits() == ("m2", "m5")


def test_riichi_refused() -> None:
    hand = Hand.from_notation("m123456789p19z12")
    hand.draw("s9")
    refused(hand, "discard", "s9", True, match=r"riichi with s9: not ready")
    hand = Hand.from_notation("m456789p12z11,m1-23")
    hand.draw("s9")
    refused(hand, "discard", "s9", True, match=r"riichi with s9: the hand has called a meld")
    hand = Hand.from_notation("m456789p12z11,m1111")
    hand.draw("s9")
    hand.discard("s9", True)  # a closed kan keeps the hand closed
    assert hand.riichi


# -- calls ---------------------------------------------------------------------------------


def test_chi_pon_daiminkan() -> None:
    hand = Hand.from_notation("m23p055s777z11223")
    hand.call(parse_meld("m1-23"))
    assert str(hand) == "p055s777z11223,m1-23," and hand.drawn is None
    hand.discard("z1")
    hand.call(parse_meld("p505="))
    assert str(hand) == "p5s777z1223,m1-23,p505=,"
    hand.discard("z1")
    hand.call(parse_meld("s7777+"))
    assert str(hand) == "p5z223,m1-23,p505=,s7777+"
    assert hand.shanten() == 1 and hand.waits() == () and not hand.is_tenpai()
    hand.draw("z3")
    assert hand.shanten() == 0


def test_call_refused() -> None:
    hand = Hand.from_notation("m23p055s777z11223")
    refused(hand, "call", parse_meld("m2222"), match=r"call m2222: ankan is not a call on a discard")
    refused(hand, "call", parse_meld("m3-45"), match=r"call m3-45: needs 1 m4 from the hand, wh")
    refused(hand, "call", parse_meld("p000+"), match=r"call p000\+: needs 2 p0 from the hand, ")
    refused(hand, "call", parse_meld("z1111+"), match="needs 3 z1 from the hand, which holds 2")
    refused(hand, "call", parse_meld("z333-"), match="needs 2 z3 from the hand, which holds 1")
    hand.draw("m4")
    refused(hand, "call", parse_meld("z111="), match=r"call z111=: the hand must discard first")
    hand = Hand.from_notation("m123456789p12z11*")
    refused(hand, "call", parse_meld("z111="), match=r"call z111=: the hand is in riichi")


# -- kans -------------------------------------------------------------------------------------


def test_ankan() -> None:
    hand = Hand.from_notation("m055p2468s2468z11")
    hand.draw("m5")
    hand.kan(parse_meld("m5550"))
    assert str(hand) == "p2468s2468z11,m5550" and hand.drawn is None and hand.is_closed
    hand.draw("p9")
    hand.discard("p9")


def test_kakan_replaces_its_pon() -> None:
    hand = Hand.from_notation("m234p678s3,z666-,p505=")
    hand.draw("p5")
    hand.kan(parse_meld("p505=5"))
    assert [str(m) for m in hand.melds] == ["z666-", "p505=5"]
    hand.draw("z1")
    hand.discard("z1")
    hand.draw("z6")
    hand.kan(parse_meld("z666-6"))
    assert [str(m) for m in hand.melds] == ["z666-6", "p505=5"]
    assert str(hand) == "m234p678s3,z666-6,p505=5" and not hand.is_closed


def test_kan_refused() -> None:
    hand = Hand.from_notation("m1112p567z666,p555=")
    refused(hand, "kan", parse_meld("m1111"), match=r"kan m1111: a kan needs a drawn tile")
    hand.draw("z6")
    refused(hand, "kan", parse_meld("z666+6"), match=r"kan z666\+6: no pon z666\+ to add to")
    refused(hand, "kan", parse_meld("p555-5"), match=r"kan p555-5: no pon p555- to add to")
    refused(hand, "kan", parse_meld("p555=0"), match=r"kan p555=0: needs 1 p0 from the hand, ")
    refused(hand, "kan", parse_meld("m1111"), match=r"kan m1111: needs 4 m1 .* which holds 3")
    refused(hand, "kan", parse_meld("z666-"), match=r"kan z666-: pon is not a kan of one's own turn")
    hand.kan(parse_meld("z6666"))
    assert str(hand) == "m1112p567,p555=,z6666"


def test_size_follows_every_action() -> None:
    hand = Hand.from_notation("m1112p567z666,p444=")
    sizes = [hand.size]
    hand.draw("z6")
    sizes.append(hand.size)
    hand.kan(parse_meld("z6666"))
    sizes.append(hand.size)
    hand.draw("p4")
    hand.kan(parse_meld("p444=4"))
    sizes.append(hand.size)
    hand.draw("m3")
    hand.discard("m1")
    sizes.append(hand.size)
    hand.call(parse_meld("m1-23"))
    sizes.append(hand.size)
    assert hand.play_turn("z1", "z1") is False and hand.size == sum(hand.counts)
    hand.discard("p5")
    assert hand.play_turn("z1", "m1") and hand.size == sum(hand.counts) == 4
    assert sizes == [10, 11, 7, 7, 7, 5]


def test_waits_need_no_drawn_tile() -> None:
    hand = Hand.from_notation("m123456789p123z11")
    with pytest.raises(ValueError):
        hand.waits()


# -- replay of real games ----------------------------------------------------------------------

REPLAYED = [
    ("tenhou-as-majiang", "rmss-samples"),
    ("tenhou-as-majiang", "mjx-tests"),
    ("majiang", "majiang-core-scripts"),
    ("majiang", "mahjonglm"),
    ("generated", "red_p2.json.gz"),
]


def _same_hand(hand: Hand, shown: str, extra: str | None = None) -> None:
    """Check ``hand`` (plus a ron tile ``extra``) against a hand string of the log: the
    same tiles (a red five apart), the same melds in order; riichi if marked."""
    expected = parse_hand(shown)
    assert hand.size == sum(hand.counts), (str(hand), shown)
    tiles = Counter(hand.to_notation().tiles)
    if extra:
        tiles[extra] += 1
    assert tiles == Counter(expected.tiles), (str(hand), extra, shown)
    assert hand.melds == list(expected.melds), (str(hand), shown)
    assert hand.riichi or not expected.riichi, (str(hand), shown)


@pytest.mark.parametrize("parts", REPLAYED, ids=["/".join(p) for p in REPLAYED])
def test_replay(parts: tuple[str, ...]) -> None:
    """Apply every draw, discard, call and kan of each 4-player game to four hands; every
    hand shown at a win or a draw must be the replayed one, and ready where a draw says
    so (tenpai hands at an exhaustive draw)."""
    shown = 0
    for events in four_player_rounds(corpus(*parts)):
        hands: list[Hand] = []
        claimable = None  # the last discard, or the tile added by a kakan
        for event in events:
            (name, body), = event.items()
            if name == "qipai":
                hands = [Hand.from_notation(s) for s in body["shoupai"]]
            elif name in ("zimo", "gangzimo"):
                hands[body["l"]].draw(body["p"])
            elif name == "dapai":
                tile, tsumogiri, riichi = parse_discard(body["p"])
                hand = hands[body["l"]]
                assert not tsumogiri or tile == hand.drawn, (hand, body)
                hand.discard(tile, riichi)
                claimable = tile
            elif name == "fulou":
                hands[body["l"]].call(parse_meld(body["m"]))
            elif name == "gang":
                meld = parse_meld(body["m"])
                hands[body["l"]].kan(meld)
                claimable = meld.added
            elif name == "hule":
                hand = hands[body["l"]]
                ron = None if body["baojia"] is None else claimable
                _same_hand(hand, body["shoupai"], ron)
                counts = hand.counts[:]
                if ron:
                    counts[kind(ron)] += 1
                assert is_complete(counts)
                shown += 1
            elif name == "pingju":
                for hand, text in zip(hands, body["shoupai"]):
                    if text:
                        _same_hand(hand, text)
                        shown += 1
                        if body["name"] in ("荒牌平局", "流局", "流し満貫"):
                            assert hand.is_tenpai(), (str(hand), body)
    assert shown > 0


def test_holds_compares_concealed_tiles_in_any_order_red_fives_apart():
    hand = Hand.from_notation("m340p456s789z1122")
    assert hand.holds(("z2", "z1", "m4", "m3", "m0", "p4", "p5", "p6", "s7", "s8", "s9", "z1", "z2"))
    assert not hand.holds(("z2", "z1", "m4", "m3", "m5", "p4", "p5", "p6", "s7", "s8", "s9", "z1", "z2"))
    assert not hand.holds(("z2", "z1", "m4", "m3", "m0", "p4", "p5", "p6", "s7", "s8", "s9", "z1"))


def test_a_hand_of_five_of_a_kind_is_written_out():
    """A corrupt log can deal five copies of a tile (the replay reports the fifth); the hand
    still reads back and writes itself out."""
    tiles = ("m1",) * 5 + ("m2", "m3", "m4", "p1", "p2", "p3", "s1", "s2")
    hand = Hand.from_notation(HandNotation(tiles))  # as a reader makes it: parse_hand refuses it
    assert hand.counts[kind("m1")] == 5 and hand.size == 13
    assert hand.to_notation().concealed == tiles


def test_tally_counts_the_concealed_tiles_but_the_drawn_one_red_fives_also_apart():
    """Worked by hand: m0 m5 m5 p1 p2 p3 s4 s5 s6 z1 z1 z1 z2, then a red m0 drawn."""
    expected = [0] * 37
    for k, count in ((4, 3), (9, 1), (10, 1), (11, 1), (21, 1), (22, 1), (23, 1), (27, 3), (28, 1), (34, 1)):
        expected[k] = count
    hand = Hand.from_notation("m055p123s456z1112")
    assert hand.tally() == expected
    hand.draw("m0")
    assert hand.tally() == expected  # the drawn tile left out
    hand.discard("m5")
    expected[4], expected[34] = 3, 2  # m0 m0 m5 now, none drawn
    assert hand.tally() == expected
