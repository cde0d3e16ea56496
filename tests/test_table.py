"""The table completes its own transitions under the rule it was made with: the riichi
stick, kan dora timing, swap-calling. Every expected value is worked out by hand from
docs/rules.md (§ riichi, § dora timing, § 喰い替え)."""

from __future__ import annotations

from paipu.events import Deal, NoWin, Win
from paipu.rules import MAJIANG, Rule
from paipu.table import AFTER_DISCARD, AT_DISCARD, BEFORE_DISCARD, CLOSED_KAN, OPEN_KAN, Table
from paipu.tiles import parse_hand, parse_meld

HANDS = ("m123456789p14s12", "m1199p11456s789z7", "s111234567999z1", "z1122334455667")
"""Thirteen tiles each: the dealer's riichi discard is p1, which seat 1 can pon; seat 2
holds s111 (a closed kan with a fourth) and s999 (an open kan of the dealer's s9)."""


def _table(rule: Rule = MAJIANG) -> Table:
    deal = Deal(0, 0, 0, 0, (25000,) * 4, "z5", tuple(parse_hand(hand) for hand in HANDS))
    return Table(rule, deal)


def _riichi_by_dealer(table: Table) -> None:
    table.draw(0, "s3")
    table.discard(0, "p1", riichi=True)  # ready on p4 (m123 456 789 s123 p4)


def test_a_riichi_stick_goes_to_the_table_with_the_next_draw():
    table = _table()
    _riichi_by_dealer(table)
    assert (table.scores[0], table.sticks) == (25000, 0)  # declared, not yet in effect
    table.draw(1, "m1")
    assert (table.scores[0], table.sticks, table.deposits) == (24000, 1, [1000, 0, 0, 0])


def test_a_call_of_the_riichi_discard_takes_the_stick_too():
    table = _table()
    _riichi_by_dealer(table)
    table.call(1, parse_meld("p111-"))  # seat 1 pons from seat 0, its 上家 (-)
    assert (table.scores[0], table.sticks) == (24000, 1)


def test_a_ron_on_the_riichi_discard_keeps_the_stick():
    table = _table()
    _riichi_by_dealer(table)
    table.win(Win(1, parse_hand("m1199p11456s789z7"), 0, None, None, None, None, 1000, (), (-1000, 1000, 0, 0)))
    # the riichi never took effect: the dealer pays only the hand
    assert (table.scores[:2], table.sticks) == ([24000, 26000], 0)


def test_an_abortive_draw_takes_the_stick_but_the_triple_ron_draw_does_not():
    for name, scores, sticks in (("四家立直", 24000, 1), ("三家和", 25000, 0)):
        table = _table()
        _riichi_by_dealer(table)
        table.no_win(NoWin(name, (None,) * 4, (0,) * 4))
        assert (table.scores[0], table.sticks) == (scores, sticks), name


def test_swap_calling_forbids_what_the_rule_forbids():
    # seat 1 chis the dealer's p4 with p23 (kinds: p1 9, p4 12): p4 itself is forbidden
    # at levels 0 and 1, and p1 three away (筋喰い替え) at level 0 only
    hands = ("m123456789p14s12", "m1199p23456s789z7", "s111234567999z1", "z1122334455667")
    for level, forbidden in ((0, (12, 9)), (1, (12,)), (2, ())):
        deal = Deal(0, 0, 0, 0, (25000,) * 4, "z5", tuple(parse_hand(hand) for hand in hands))
        table = Table(MAJIANG.replace(swap_calling=level), deal)
        table.draw(0, "p3")
        table.discard(0, "p4")
        table.call(1, parse_meld("p234-"))
        assert table.forbidden == forbidden, level


def test_kan_dora_is_due_when_the_rule_says():
    # a closed kan: before its replacement draw, then before the next discard
    table = _table()
    table.draw(2, "s1")
    table.kan(2, parse_meld("s1111"))
    assert table.dora_due == [CLOSED_KAN] and table.dora_due_now() == 0
    table.kan_draw(2, "m5")
    assert table.dora_due == [BEFORE_DISCARD] and table.dora_due_now() == 1
    # an open kan: with the discard after the replacement draw under カンドラ後乗せ,
    # else before that discard as a closed kan's
    for delayed, due in ((True, [OPEN_KAN]), (False, [CLOSED_KAN])):
        table = _table(MAJIANG.replace(kan_dora_delayed=delayed))
        table.draw(0, "s9")
        table.discard(0, "s9")
        table.call(2, parse_meld("s9999="))
        assert table.dora_due == due, delayed
        table.kan_draw(2, "m5")
        assert table.dora_due == ([AT_DISCARD] if delayed else [BEFORE_DISCARD])
        if delayed:
            table.discard(2, "m5")
        else:
            table.reveal_dora("m4")
        assert table.dora_due == ([AFTER_DISCARD] if delayed else [])
        assert table.dora_due_now() == (1 if delayed else 0)
    # no kan dora at all under a rule without it
    table = _table(MAJIANG.replace(kan_dora=False))
    table.draw(2, "s1")
    table.kan(2, parse_meld("s1111"))
    assert table.dora_due == []
