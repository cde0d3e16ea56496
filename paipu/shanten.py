"""Shanten (向聴数) and waits (待ち) of a concealed hand, from tile counts per kind.

A hand is given as its **concealed** tiles counted per kind (34 integers, see
:mod:`paipu.tiles`); red fives count as fives. The number of melds (副露, closed kans
included) is implied by the tile count: a hand of 14 or 13 concealed tiles has none, one
of 11 or 10 has one, and so on down to 2 or 1 tiles and four melds.

A **complete hand** (和了形) of ``3n+2`` tiles is ``n`` sets (面子: a run 順子 of three
consecutive numbers of one suit, or three of a kind 刻子) and a pair (雀頭); with no melds,
seven pairs (七対子, seven *different* kinds twice each) and thirteen orphans (国士無双, all
thirteen terminal and honour kinds with one of them twice) are complete too.

The **shanten number** (向聴数) of a hand of ``3n+1`` or ``3n+2`` tiles is the least
number of tiles that must be replaced to reach a complete hand of ``3n+2`` tiles (drawing
the missing tiles and discarding the rest), minus one. The target hand holds at most four
tiles of a kind, so the count is exact: a hand that needs a fifth copy of a tile it
already holds four of is not one tile away. Shanten is ``-1`` for a complete hand and
``0`` for a ready hand (聴牌, tenpai) of ``3n+1`` tiles, or for a ``3n+2`` hand that one
discard makes ready.

The **waits** (待ち) of a ``3n+1`` hand are the kinds that complete it, except a kind of
which the hand itself already holds all four tiles.

Method: the tiles a complete hand keeps are counted per suit. For each suit the best
number of kept tiles for every number of sets (0-4) and pairs (0-1) laid on that suit is
found by a dynamic programme over the nine numbers and cached by the suit's counts (honours
are counted directly); those small tables are combined by max-plus convolution, with every
table and every combination interned and cached, so a hand costs a few dictionary look-ups
once the tables it needs exist. The caches grow with the distinct suit shapes met (tens of
thousands over many games; a few hundred distinct tables); waits are cached by hand shape
up to a fixed number of hands.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Sequence

__all__ = [
    "shanten",
    "shanten_standard",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "waits",
    "is_complete",
]

TERMINALS_AND_HONOURS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""Kinds of the terminals and honours (幺九牌): the thirteen kinds of thirteen orphans."""

_orphan_counts = itemgetter(*TERMINALS_AND_HONOURS)

# A "gain table" lists, for m = 0..4 sets and p = 0..1 pairs at index 2*m + p, the most
# tiles of a hand's part that m sets and p pairs (at most four tiles of a kind in all) can
# cover. Sets and pairs that cover nothing may be put on any empty kind, so a table is
# non-decreasing in m and p and a part with no tiles has the all-zero table.
_MAX_SETS = 4
_ZERO = (0,) * (2 * _MAX_SETS + 2)

# For each table index, the index pairs (i, j) whose sets and pairs add up to it.
_SPLITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (2 * a + pa, 2 * (m - a) + p - pa)
        for a in range(m + 1)
        for pa in range(p + 1)
    )
    for m in range(_MAX_SETS + 1)
    for p in range(2)
)

# For each (sets, pairs) laid at one position: the (target, source) index pairs that add
# them to a table of the rest.
_SHIFTS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (s, q): tuple(
        (2 * m + p, 2 * (m - s) + p - q)
        for m in range(s, _MAX_SETS + 1)
        for p in range(q, 2)
    )
    for s in range(_MAX_SETS + 1)
    for q in range(2)
}


# Gain tables of the last few numbers of a suit, which many suits share; the longer tails
# are rarely shared and not kept.
_TAILS: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
_TAIL_KEPT = 6


def _suit_gains(counts: tuple[int, ...], started1: int, started2: int) -> tuple[int, ...]:
    """Gain table of the numbers ``counts`` (the tail of a suit, from some number on),
    given ``started1`` runs begun one number earlier and ``started2`` two numbers earlier
    (both still need a tile here; they are already counted as sets)."""
    if not any(counts):
        return _ZERO
    short = len(counts) <= _TAIL_KEPT
    if short:
        known = _TAILS.get((counts, started1, started2))
        if known is not None:
            return known
    have = counts[0]
    rest = counts[1:]
    pending = started1 + started2
    best = list(_ZERO)
    # Runs begun here: beyond the most tiles held at any of their three numbers, one more
    # run covers nothing new, so it is never needed.
    most_runs = min(_MAX_SETS - pending, max(counts[:3])) if len(counts) >= 3 else 0
    for runs in range(most_runs + 1):
        used = pending + runs
        tail = _suit_gains(rest, runs, started1)
        # Nothing more here, a triplet (刻子) or a pair (雀頭): the last two only when
        # they cover a tile the runs do not.
        for sets, pairs, extra in ((runs, 0, 0), (runs + 1, 0, 3), (runs, 1, 2)):
            if extra and (used + extra > 4 or have <= used or sets > _MAX_SETS):
                continue
            gain = min(used + extra, have)
            for target, source in _SHIFTS[sets, pairs]:
                value = tail[source] + gain
                if value > best[target]:
                    best[target] = value
    table = tuple(best)
    if short:
        _TAILS[counts, started1, started2] = table
    return table


def _honour_gains(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Gain table of the seven honour kinds: triplets and a pair only, each on its own
    kind; the triplets go on the most-held kinds and the pair on the next."""
    ordered = sorted(counts, reverse=True) + [0] * _MAX_SETS
    table = []
    covered = 0
    for m in range(_MAX_SETS + 1):
        table += [covered, covered + min(ordered[m], 2)]
        covered += min(ordered[m], 3)
    return tuple(table)


class _Tables:
    """Interned gain tables, with the table of each suit's counts and of each combination.

    Tables are numbered in order of first appearance; a suit's counts map to the number of
    its table, and a pair of table numbers to the number of their max-plus combination.
    """

    __slots__ = ("tables", "numbers", "suits", "honours", "combined")

    def __init__(self) -> None:
        self.tables: list[tuple[int, ...]] = []
        self.numbers: dict[tuple[int, ...], int] = {}
        self.suits: dict[tuple[int, ...], int] = {}
        self.honours: dict[tuple[int, ...], int] = {}
        self.combined: dict[tuple[int, int], int] = {}

    def _intern(self, table: tuple[int, ...]) -> int:
        number = self.numbers.get(table)
        if number is None:
            number = self.numbers[table] = len(self.tables)
            self.tables.append(table)
        return number

    def suit(self, counts: tuple[int, ...]) -> int:
        """Table number of one suit's nine counts."""
        number = self.suits.get(counts)
        if number is None:
            number = self.suits[counts] = self._intern(_suit_gains(counts, 0, 0))
        return number

    def honour(self, counts: tuple[int, ...]) -> int:
        """Table number of the seven honour counts."""
        number = self.honours.get(counts)
        if number is None:
            number = self.honours[counts] = self._intern(_honour_gains(counts))
        return number

    def combine(self, first: int, second: int) -> int:
        """Table number of two parts of a hand taken together."""
        number = self.combined.get((first, second))
        if number is None:
            x, y = self.tables[first], self.tables[second]
            table = tuple(max([x[i] + y[j] for i, j in pairs]) for pairs in _SPLITS)
            number = self.combined[first, second] = self._intern(table)
        return number


_TABLES = _Tables()


def _sets_needed(counts: Sequence[int]) -> int:
    """The number of sets a complete hand of this size has; ValueError if the size is
    not that of a hand (``3n+1`` or ``3n+2`` tiles, at most 14)."""
    total = sum(counts)
    if len(counts) != 34 or total % 3 == 0 or total > 14:
        raise ValueError(
            f"not a hand: {total} tiles in {len(counts)} kinds "
            "(need 34 kinds and 1, 2, 4, 5, ... 13 or 14 tiles)"
        )
    return (total - 1) // 3


def _standard_gain(counts: Sequence[int], sets: int) -> int:
    """The most tiles of the hand that ``sets`` sets and a pair can keep."""
    t = _TABLES
    mp = t.combine(t.suit(tuple(counts[0:9])), t.suit(tuple(counts[9:18])))
    sz = t.combine(t.suit(tuple(counts[18:27])), t.honour(tuple(counts[27:34])))
    return t.tables[t.combine(mp, sz)][2 * sets + 1]


def shanten_standard(counts: Sequence[int]) -> int:
    """Shanten number (向聴数) of the standard form: sets and one pair (一般形)."""
    sets = _sets_needed(counts)
    return 3 * sets + 1 - _standard_gain(counts, sets)


def _closed_hand(counts: Sequence[int], form: str) -> None:
    total = sum(counts)
    if len(counts) != 34 or total not in (13, 14):
        raise ValueError(f"{form} needs a hand of 13 or 14 concealed tiles, not {total}")


def _seven_pairs(counts: Sequence[int]) -> int:
    pairs = counts.count(2) + counts.count(3) + counts.count(4)
    kinds = 34 - counts.count(0)
    return 6 - pairs + max(0, 7 - kinds)


def _thirteen_orphans(counts: Sequence[int]) -> int:
    held = _orphan_counts(counts)
    return held.count(0) - (max(held) >= 2)


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten number of seven pairs (七対子): seven different kinds twice each.

    Four of a kind is one pair and two spare tiles. Only for a hand of 13 or 14 concealed
    tiles (ValueError otherwise).
    """
    _closed_hand(counts, "seven pairs")
    return _seven_pairs(counts)


def shanten_thirteen_orphans(counts: Sequence[int]) -> int:
    """Shanten number of thirteen orphans (国士無双): one of each terminal and honour
    kind (幺九牌) and a second of one of them.

    Only for a hand of 13 or 14 concealed tiles (ValueError otherwise).
    """
    _closed_hand(counts, "thirteen orphans")
    return _thirteen_orphans(counts)


def shanten(counts: Sequence[int]) -> int:
    """Shanten number (向聴数) of a hand: the least over the standard form and, for a hand
    of 13 or 14 concealed tiles, seven pairs and thirteen orphans. ``-1`` means complete
    (和了形), ``0`` ready (聴牌)."""
    sets = _sets_needed(counts)
    standard = 3 * sets + 1 - _standard_gain(counts, sets)
    if sets < 4:
        return standard
    return min(standard, _seven_pairs(counts), _thirteen_orphans(counts))


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a hand of ``3n+2`` tiles is complete (和了形) in any form."""
    if sum(counts) % 3 != 2:
        raise ValueError(f"a complete hand has 3n+2 tiles, not {sum(counts)}")
    return shanten(counts) == -1


# Waits by hand shape; emptied when full, so that memory stays bounded.
_WAITS: dict[tuple[int, ...], tuple[int, ...]] = {}
_WAITS_KEPT = 1 << 16


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds (ascending) that complete a hand of ``3n+1`` tiles in any form (待ち),
    leaving out a kind of which the hand holds all four tiles; empty if not ready."""
    if sum(counts) % 3 != 1:
        raise ValueError(f"a hand waits with 3n+1 tiles, not {sum(counts)}")
    key = tuple(counts)
    found = _WAITS.get(key)
    if found is None:
        if len(_WAITS) >= _WAITS_KEPT:
            _WAITS.clear()
        found = _WAITS[key] = _find_waits(list(key)) if shanten(key) == 0 else ()
    return found


def _find_waits(counts: list[int]) -> tuple[int, ...]:
    # A tile completes the hand only beside or on a held tile of its suit (sets and
    # pairs), or as a terminal or honour (thirteen orphans).
    found = []
    for k in range(34):
        if counts[k] == 4:
            continue
        if k < 27:
            low, number = k - k % 9, k % 9
            near = counts[max(low, k - 2) : min(low + 9, k + 3)]
            if not any(near) and number not in (0, 8):
                continue
        counts[k] += 1
        if shanten(counts) == -1:
            found.append(k)
        counts[k] -= 1
    return tuple(found)
