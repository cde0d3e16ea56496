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

Method. Shanten: the tiles a complete hand keeps are counted per suit. For each suit the
best number of kept tiles for every number of sets (0-4) and pairs (0-1) laid on that suit
is found by a dynamic programme over its numbers (honours are counted directly). A suit is
worked out as its numbers 1-4 and 5-9 apart, for each number of runs crossing between
them, so that a new suit shape mostly reuses the cached tables of its halves (at most 5^4
and 5^5 shapes). The small tables are combined by max-plus convolution, with every table
and every combination interned and cached, so a hand costs a few dictionary look-ups once
the tables it needs exist.

Waits and completeness: a part of the hand (a suit, or the honours) of ``3n`` tiles is
whole when it splits into sets, one of ``3n+2`` tiles when it splits into sets and a pair.
Each part's shape is looked up once in a cache that says whether it is whole and (worked
out the first time a wait needs it) which kinds make it whole when added; a hand completes
when every part but the one the tile goes to is whole and exactly one part holds the pair.
Seven pairs and thirteen orphans are counted directly.

The caches grow with the distinct suit shapes met (tens of thousands over many games; a
few hundred distinct tables).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Final, Sequence, TypeVar

from mypy_extensions import i64, mypyc_attr

__all__ = [
    "shanten",
    "shanten_standard",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "waits",
    "improving",
    "is_complete",
    "Tracked",
]

TERMINALS_AND_HONOURS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""Kinds of the terminals and honours (幺九牌): the thirteen kinds of thirteen orphans."""

_orphan_counts: Final[Callable[[Sequence[int]], tuple[int, ...]]] = itemgetter(*TERMINALS_AND_HONOURS)
_ORPHAN_INDEX: Final = frozenset(TERMINALS_AND_HONOURS)

# A "gain table" lists, for m = 0..4 sets and p = 0..1 pairs at index 2*m + p, the most
# tiles of a hand's part that m sets and p pairs (at most four tiles of a kind in all) can
# cover. Sets and pairs that cover nothing may be put on any empty kind, so a table is
# non-decreasing in m and p and a part with no tiles has the all-zero table. (Only the
# table of a suit's right half that some runs cross into is not: see _Tables._suit_table.)
_MAX_SETS: Final = 4
_ZERO: Final = (0,) * (2 * _MAX_SETS + 2)

# For each table index, the index pairs (i, j) whose sets and pairs add up to it.
_SPLITS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
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
_SHIFTS: Final[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = {
    (s, q): tuple(
        (2 * m + p, 2 * (m - s) + p - q)
        for m in range(s, _MAX_SETS + 1)
        for p in range(q, 2)
    )
    for s in range(_MAX_SETS + 1)
    for q in range(2)
}


# Gain tables of the halves of suits and their tails (see _Tables._suit_table), by the
# counts and the runs pending at the first number: at most about 5^5 * 15 entries.
_TAILS: Final[dict[tuple[tuple[int, ...], int, int], tuple[int, ...]]] = {}

# A suit's numbers 1-4 (indices 0-3) are its left half, 5-9 its right half. Runs begun at
# the numbers 3 and 4 cross between them: a crossing state (at3, at4) with at3 + at4 <= 4
# is numbered 5 * at3 + at4.
_HALF: Final = 4
_CROSSINGS: Final = 5 * _MAX_SETS + 1
_IMPOSSIBLE: Final = -100


def _suit_gains(counts: tuple[int, ...], started1: int, started2: int) -> tuple[int, ...]:
    """Gain table of the consecutive numbers ``counts`` (a suit's half, read from either
    end, or the tail of one), given ``started1`` runs begun one number earlier and
    ``started2`` two numbers earlier (both still need a tile here; they are already
    counted as sets, not in this table)."""
    if not any(counts):
        return _ZERO
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
    _TAILS[counts, started1, started2] = table
    return table


def _combined(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Max-plus combination of the gain tables of two parts of a hand."""
    return tuple(max([x[i] + y[j] for i, j in pairs]) for pairs in _SPLITS)


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


_MOST_HANDS: Final = 1 << 20
"""How many whole hands :class:`Tracked` keeps the combined table of (about 110 MiB), so
that a run over hundreds of thousands of games does not grow without bound."""


_Key = TypeVar("_Key")


class _Computed(dict[_Key, int]):
    """A dictionary that works out a missing value with ``compute`` and keeps it: at most
    ``limit`` values (emptied when full), so that a cache does not grow without bound.
    Looked up by subscript, in C, with no call of Python but for a missing key."""

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[_Key], int], limit: int | None = None) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: _Key) -> int:
        if self.limit is not None and len(self) >= self.limit:
            self.clear()
        value = self[key] = self.compute(key)
        return value


class _Tables:
    """Interned gain tables, with the table of each suit's counts and of each combination.

    Tables are numbered in order of first appearance; a suit's counts map to the number of
    its table, and a pair of table numbers to the number of their max-plus combination.
    The halves' tables of :meth:`_suit_table` are interned here too.
    """

    __slots__ = ("tables", "numbers", "suits", "honours", "combined", "hands", "lefts", "rights")

    def __init__(self) -> None:
        self.tables: list[tuple[int, ...]] = []
        self.numbers: dict[tuple[int, ...], int] = {}
        # a suit's nine counts (the honours' seven) to the number of its table
        self.suits: _Computed[tuple[int, ...]] = _Computed(lambda counts: self._intern(self._suit_table(counts)))
        self.honours: _Computed[tuple[int, ...]] = _Computed(lambda counts: self._intern(_honour_gains(counts)))
        self.combined: dict[tuple[int, int], int] = {}
        # the four parts' table numbers of a whole hand to the number of their combination
        self.hands: _Computed[tuple[int, int, int, int]] = _Computed(
            lambda parts: self.combine(self.combine(parts[0], parts[1]), self.combine(parts[2], parts[3])), _MOST_HANDS)
        # A half's counts to the table number of each crossing state, filled as needed.
        self.lefts: dict[tuple[int, ...], list[int | None]] = {}
        self.rights: dict[tuple[int, ...], list[int | None]] = {}

    def _intern(self, table: tuple[int, ...]) -> int:
        number = self.numbers.get(table)
        if number is None:
            number = self.numbers[table] = len(self.tables)
            self.tables.append(table)
        return number

    def suit(self, counts: tuple[int, ...]) -> int:
        """Table number of one suit's nine counts."""
        return self.suits[counts]

    def _suit_table(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """Gain table of one suit's nine counts, from its two halves.

        For each number of runs begun at 3 and at 4, which cross from the left half into
        the right one (bounded as in :func:`_suit_gains`), the left half is worked from
        the number 4 down: those runs then lie on its first two numbers as runs begun
        before them, at 4 as if two numbers earlier and at 3 as if one. The right half is
        worked from 5 up, its table shifted by the crossing runs (sets of neither half's
        own table); the two are combined, and the best over the crossings kept.
        """
        left_counts = counts[:_HALF]
        right_counts = counts[_HALF:]
        left = self.lefts.get(left_counts)
        if left is None:
            left = self.lefts[left_counts] = [None] * _CROSSINGS
        right = self.rights.get(right_counts)
        if right is None:
            right = self.rights[right_counts] = [None] * _CROSSINGS
        tables = self.tables
        found = []
        for at3 in range(min(_MAX_SETS, max(counts[2:5])) + 1):
            for at4 in range(min(_MAX_SETS - at3, max(counts[3:6])) + 1):
                crossing = 5 * at3 + at4
                first = left[crossing]
                if first is None:
                    first = left[crossing] = self._intern(
                        _suit_gains(left_counts[::-1], at3, at4)
                    )
                second = right[crossing]
                if second is None:
                    # Fewer sets than crossing runs are impossible: far below any gain,
                    # so that no combination takes them (the best over the crossings is
                    # never below 0, from the table with none).
                    shift = 2 * (at3 + at4)
                    table = _suit_gains(right_counts, at4, at3)
                    second = right[crossing] = self._intern(
                        (_IMPOSSIBLE,) * shift + table[: len(_ZERO) - shift]
                    )
                found.append(tables[self.combine(first, second)])
        return found[0] if len(found) == 1 else tuple(map(max, *found))

    def honour(self, counts: tuple[int, ...]) -> int:
        """Table number of the seven honour counts."""
        return self.honours[counts]

    def combine(self, first: int, second: int) -> int:
        """Table number of two parts of a hand taken together."""
        number = self.combined.get((first, second))
        if number is None:
            table = _combined(self.tables[first], self.tables[second])
            number = self.combined[first, second] = self._intern(table)
        return number


_TABLES: Final = _Tables()


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


_ORPHAN_KINDS: Final = tuple(k in _ORPHAN_INDEX for k in range(34))
_PART_OF: Final = tuple(k // 9 for k in range(34))  # 0 m, 1 p, 2 s, 3 honours


class Tracked:
    """A concealed hand changed a tile at a time (drawn, discarded, melded) whose shanten
    is asked again and again, as after every discard of a game: :meth:`shanten` is
    :func:`shanten` of :attr:`counts`, and looks up again only the parts (suits, honours)
    changed since it was last asked; seven pairs and thirteen orphans are counted as the
    tiles come and go. The statistics follow each hand through a round's events with
    :meth:`add` and :meth:`remove`; the viewer follows the replay's hands with
    :meth:`follow`, and asks :meth:`waits` and :meth:`ready_discards` too."""

    __slots__ = ("counts", "size", "_parts", "_pairs", "_kinds", "_orphan_kinds", "_orphan_pairs")

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = tiles = list(counts)
        """The tiles per kind (34 counts)."""
        self.size = sum(tiles)
        self._parts: list[int | None] = [None] * 4  # table numbers, None when to be looked up
        # kinds held, and held twice or more, counted in C
        self._kinds = 34 - tiles.count(0)
        self._pairs = self._kinds - tiles.count(1)
        orphans = _orphan_counts(tiles)
        self._orphan_kinds = 13 - orphans.count(0)
        self._orphan_pairs = self._orphan_kinds - orphans.count(1)

    def add(self, kind: int) -> None:
        """One more tile of ``kind``."""
        count = self.counts[kind] = self.counts[kind] + 1
        self.size += 1
        self._parts[_PART_OF[kind]] = None
        if count <= 2:
            orphan = _ORPHAN_KINDS[kind]
            if count == 1:
                self._kinds += 1
                self._orphan_kinds += orphan
            else:
                self._pairs += 1
                self._orphan_pairs += orphan

    def remove(self, kind: int) -> bool:
        """One tile of ``kind`` less; ``False`` (and nothing changed) when there is none."""
        count = self.counts[kind] - 1
        if count < 0:
            return False
        self.counts[kind] = count
        self.size -= 1
        self._parts[_PART_OF[kind]] = None
        if count <= 1:
            orphan = _ORPHAN_KINDS[kind]
            if count == 0:
                self._kinds -= 1
                self._orphan_kinds -= orphan
            else:
                self._pairs -= 1
                self._orphan_pairs -= orphan
        return True

    def shanten(self) -> int:
        """Shanten number (向聴数) of the hand, as :func:`shanten`; ValueError if its size
        is not a hand's."""
        size = self.size
        if size % 3 == 0 or size > 14:
            _sets_needed(self.counts)  # raises: not a hand
        t, parts = _TABLES, self._parts
        m, p, s, z = parts
        if m is None or p is None or s is None or z is None:
            counts, suits = self.counts, t.suits
            if m is None:
                m = parts[0] = suits[tuple(counts[0:9])]
            if p is None:
                p = parts[1] = suits[tuple(counts[9:18])]
            if s is None:
                s = parts[2] = suits[tuple(counts[18:27])]
            if z is None:
                z = parts[3] = t.honours[tuple(counts[27:34])]
        whole = t.hands[m, p, s, z]
        sets = (size - 1) // 3
        best = 3 * sets + 1 - t.tables[whole][2 * sets + 1]
        if sets < 4:
            return best
        # (written out, with no call of min or max: this runs after every discard of a game)
        seven_pairs = 6 - self._pairs
        if self._kinds < 7:
            seven_pairs += 7 - self._kinds
        if seven_pairs < best:
            best = seven_pairs
        thirteen_orphans = 13 - self._orphan_kinds - (self._orphan_pairs > 0)
        return thirteen_orphans if thirteen_orphans < best else best

    def follow(self, counts: list[int]) -> bool:
        """Change the hand, a tile at a time, into ``counts`` (34 counts: the same hand as
        another holder of it has it now, e.g. the replay's :class:`~paipu.hand.Hand`);
        whether anything changed. Only the parts changed are looked up again."""
        held = self.counts
        if held == counts:
            return False
        for kind in range(34):
            have, want = held[kind], counts[kind]
            while have < want:
                self.add(kind)
                have += 1
            while have > want:
                self.remove(kind)
                have -= 1
        return True

    def waits(self) -> tuple[int, ...]:
        """:func:`waits` of the hand (``3n+1`` tiles; ValueError otherwise)."""
        return waits(self.counts)

    def ready_discards(self) -> tuple[int, ...]:
        """The kinds (ascending) whose discard leaves a hand of ``3n+2`` tiles ready
        (shanten 0), none when no discard does; ValueError for another size. A discard
        changes one part of the hand: only that part is looked up again for each."""
        if self.size % 3 != 2:
            raise ValueError(f"a hand discards with 3n+2 tiles, not {self.size}")
        counts, parts = self.counts, self._parts
        found = []
        for kind in range(34):
            if counts[kind]:
                part = _PART_OF[kind]
                kept = parts[part]
                self.remove(kind)
                if self.shanten() == 0:
                    found.append(kind)
                self.add(kind)
                parts[part] = kept
        return tuple(found)


def improving(counts: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The shanten of a hand of ``3n+1`` tiles and the kinds (ascending) whose draw lowers
    it (有効牌, the tiles that count for 受け入れ), a kind of which the hand holds all four
    left out. Drawing a tile changes one part of the hand, so only that part's table is
    looked up again."""
    total = sum(counts)
    if total % 3 != 1:
        raise ValueError(f"a hand before its draw has 3n+1 tiles, not {total}")
    sets = _sets_needed(counts)
    t = _TABLES
    tables, combine = t.tables, t.combine
    parts = [tuple(counts[start:end]) for start, end in zip(_PART_STARTS, _PART_ENDS)]
    numbers = [t.suit(parts[0]), t.suit(parts[1]), t.suit(parts[2]), t.honour(parts[3])]
    closed = sets == 4
    current = shanten(counts)
    if closed:  # seven pairs and thirteen orphans, by what one more tile of a kind adds
        pairs = sum(1 for count in counts if count >= 2)
        kinds = sum(1 for count in counts if count)
        orphans = _orphan_counts(counts)
        orphan_kinds = sum(1 for count in orphans if count)
        orphan_pair = max(orphans) >= 2
    found = []
    column = 2 * sets + 1
    for part, (start, held) in enumerate(zip(_PART_STARTS, parts)):
        others = [n for i, n in enumerate(numbers) if i != part]
        rest = combine(combine(others[0], others[1]), others[2])
        lookup = t.honour if part == 3 else t.suit
        for offset, count in enumerate(held):
            if count >= 4:
                continue
            grown = held[:offset] + (count + 1,) + held[offset + 1:]
            after = 3 * sets + 1 - tables[combine(lookup(grown), rest)][column]
            if after >= current and closed:
                k = start + offset
                more_pairs = pairs + (count == 1)
                after = min(after, 6 - more_pairs + max(0, 7 - kinds - (count == 0)))
                if k in _ORPHAN_INDEX:
                    after = min(after, 13 - orphan_kinds - (count == 0) - (orphan_pair or count >= 1))
            if after < current:
                found.append(start + offset)
    return current, tuple(found)


# -- completeness and waits, part by part ----------------------------------------------
#
# A part is a suit's nine counts or the seven honour counts; its entry (:class:`_Part`)
# says its tiles mod 3, whether it is whole, and the kinds, in order, that make it whole
# when added (None while they are not yet worked out). The completing kinds are the costly
# part (a test of wholeness per kind) and only the part a waiting hand's tile goes to needs
# them: they are worked out the first time a part is that one, which most parts met never
# are.

_SHAPES: Final[dict[tuple[int, ...], tuple[int, bool]]] = {}
"""(tiles mod 3, whether whole) of each part's counts met so far; the suits share it."""
_COMPLETING: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
"""The completing kinds of each part's counts worked out so far, numbered from the part's
first kind (0-8); the suits share it."""
_PART_STARTS: Final = (0, 9, 18, 27)  # the first kind of each part
_PART_ENDS: Final = (9, 18, 27, 34)  # past the last kind of each part


@mypyc_attr(acyclic=True)
class _Part:
    """The entry of a part's counts: ``residue``, its tiles mod 3; ``whole``, whether it
    splits into sets (and a pair, at residue 2); ``completing``, the kinds that make it
    whole when added, numbered as kinds of the hand (``None`` until a wait needs them);
    ``start``, the part's first kind; ``counts``, the counts."""

    __slots__ = ("residue", "whole", "completing", "start", "counts")

    def __init__(self, residue: int, whole: bool, completing: tuple[int, ...] | None, start: int,
                 counts: tuple[int, ...]) -> None:
        self.residue = residue
        self.whole = whole
        self.completing = completing
        self.start = start
        self.counts = counts


_PARTS: Final[tuple[dict[object, _Part], ...]] = ({}, {}, {}, {})
"""By part (m, p, s, honours), the entry of each of its counts met so far, by the key
:func:`_part` looks it up with."""


def _sets_only(counts: list[int], runs: bool, pair: int = -1) -> bool:
    """Whether the counts, less two tiles at index ``pair`` if one is given, split into
    sets: runs and triplets of consecutive numbers of one suit if ``runs``, triplets only
    (honours) if not."""
    one = two = 0  # runs begun one and two numbers earlier, still needing a tile here
    for i, have in enumerate(counts):
        have -= one + two + (2 if i == pair else 0)
        if have < 0:
            return False
        # Three runs begun on one number hold the tiles of three triplets, so the runs
        # begun here are the tiles that triplets leave over.
        begun = have % 3
        if begun and not runs:
            return False
        one, two = begun, one
    return not (one or two)


def _is_whole(counts: list[int], runs: bool) -> bool:
    """Whether a part of ``3n`` tiles splits into sets, one of ``3n+2`` tiles into sets
    and a pair (with ``runs`` as in :func:`_sets_only`). (Compiled, loops over a list of
    native reads: sum() and any() of a generator were most of the cost of a new part.)"""
    total = weighted = 0
    for i, have in enumerate(counts):
        total += have
        weighted += i * have
    if total % 3 != 2:
        return total % 3 == 0 and _sets_only(counts, runs)
    # Weighted by index, a triplet on i adds 3i and a run from i 3i+3, both 0 mod 3, and a
    # pair on i adds 2i: so the pair lies on an i with 2i = the weighted sum (mod 3), that
    # is i = twice that sum (mod 3).
    for i in range(2 * weighted % 3, len(counts), 3):
        if counts[i] >= 2 and _sets_only(counts, runs, i):
            return True
    return False


def _size_and_most(counts: tuple[int, ...]) -> tuple[int, int]:
    """The sum of a part's counts and the largest of them (at least 0). (A loop: compiled,
    native reads and adds, where sum() and max() were calls through Python's protocol.)"""
    total = most = 0
    for have in counts:
        total += have
        if have > most:
            most = have
    return total, most


def _shape(counts: tuple[int, ...]) -> tuple[int, bool]:
    """(tiles mod 3, whether whole) of a part's counts (nine of a suit or seven of the
    honours), worked out once and kept in :data:`_SHAPES`."""
    shape = _SHAPES.get(counts)
    if shape is None:
        total, most = _size_and_most(counts)
        # A part with a fifth tile of a kind is not a hand's: no set or pair holds it.
        whole = most <= 4 and _is_whole(list(counts), len(counts) == 9)
        shape = _SHAPES[counts] = (total % 3, whole)
    return shape


def _completing(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds (numbered from 0) that make a part's counts whole when added, worked out
    once and kept in :data:`_COMPLETING`."""
    found = _COMPLETING.get(counts)
    if found is not None:
        return found
    runs = len(counts) == 9
    completing = []
    total, most = _size_and_most(counts)
    if total % 3 and most <= 4:
        grown = list(counts)
        for i, have in enumerate(counts):
            # A kind with no tile held within two numbers of it (of its own, for honours)
            # would be alone in any set or pair; a kind held four times gets no fifth.
            if have == 4 or not (_any_near(grown, i) if runs else have):
                continue
            grown[i] = grown[i] + 1
            if _is_whole(grown, runs):
                completing.append(i)
            grown[i] = grown[i] - 1
    found = _COMPLETING[counts] = tuple(completing)
    return found


def _any_near(counts: list[int], i: int) -> bool:
    """Whether a suit's ``counts`` hold a tile within two numbers of number ``i``."""
    for j in range(max(0, i - 2), min(9, i + 3)):
        if counts[j]:
            return True
    return False


def _part(part: int, hand: tuple[int, ...]) -> _Part:
    """The entry of part ``part`` (0 m, 1 p, 2 s, 3 honours) of ``hand`` (34 counts),
    made and kept in :data:`_PARTS` the first time its counts are met; its completing kinds
    only if another part already needed them.

    Looked up by the counts written as the digits of an integer, three bits each: one
    integer hashed and compared, where a tuple of nine was sliced, hashed and compared item
    by item (a look-up at every riichi, ron and exhaustive draw). Counts that are not all
    0-7 (no hand's) are their own key, as a tuple. (The part's bounds are worked out:
    compiled, an item of a constant tuple of four ints makes the tuple anew.)"""
    start = 9 * part
    end = start + (7 if part == 3 else 9)
    code: i64 = 0
    for k in range(start, end):
        have = hand[k]
        if have < 0 or have > 7:
            key: object = hand[start:end]
            break
        code = code << 3 | have
    else:
        key = code
    entries = _PARTS[part]
    entry = entries.get(key)
    if entry is None:
        counts = hand[start:end]
        residue, whole = _shape(counts)
        completing = _COMPLETING.get(counts)
        entry = entries[key] = _Part(residue, whole, None if completing is None else tuple(
            start + i for i in completing), start, counts)
    return entry


def _part_completing(entry: _Part) -> tuple[int, ...]:
    """The completing kinds of a part, numbered as kinds of the hand; kept in its entry."""
    start = entry.start
    completing = entry.completing = tuple(start + i for i in _completing(entry.counts))
    return completing


def _parts(hand: tuple[int, ...]) -> tuple[_Part, ...]:
    """The entries of the three suits and the honours of a hand (34 counts). (A tuple of
    any length: compiled, one of four entries would be a C struct, made a tuple anew at each
    loop over it.)"""
    return _part(0, hand), _part(1, hand), _part(2, hand), _part(3, hand)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether a hand of ``3n+2`` tiles is complete (和了形) in any form: every part
    whole with exactly one pair among them, or seven pairs, or thirteen orphans."""
    total = sum(counts)
    if total % 3 != 2:
        raise ValueError(f"a complete hand has 3n+2 tiles, not {total}")
    _sets_needed(counts)
    parts = _parts(tuple(counts))
    if all(part.whole for part in parts) and [part.residue for part in parts].count(2) == 1:
        return True
    if total != 14:
        return False
    held = _orphan_counts(counts)
    return counts.count(2) == 7 or (sum(held) == 14 and 0 not in held)


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Kinds (ascending) that complete a hand of ``3n+1`` tiles in any form (待ち),
    leaving out a kind of which the hand holds all four tiles; empty if not ready."""
    hand = tuple(counts)
    if len(hand) == 34:
        m, p, s, z = _part_sizes(hand)
        total = m + p + s + z
    else:  # not a hand: said below
        m = p = s = z = 0
        total = sum(hand)
    if total % 3 != 1:
        raise ValueError(f"a hand waits with 3n+1 tiles, not {total}")
    if len(hand) != 34 or total > 13:
        _sets_needed(hand)  # raises: not a hand
    found = _standard_waits(_parts(hand)) if _residues_may_wait(m, p, s, z) else []
    if total == 13:
        closed = _closed_waits(hand)
        if closed:
            found = sorted(set(found).union(closed))
    return tuple(found)


def _part_sizes(hand: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The tiles of each part of a hand (34 counts): the three suits and the honours.
    (Added up in loops: compiled, native adds, where sum() of slices was 3% of a replay.)"""
    m = p = s = z = 0
    for k in range(9):
        m += hand[k]
    for k in range(9, 18):
        p += hand[k]
    for k in range(18, 27):
        s += hand[k]
    for k in range(27, 34):
        z += hand[k]
    return m, p, s, z


def _residues_may_wait(m: int, p: int, s: int, z: int) -> bool:
    """Whether the parts of a ``3n+1`` hand, of ``m``, ``p``, ``s`` and ``z`` tiles, taken
    mod 3, let one tile more make every part sets with one pair among them: the tile goes
    to a part at 1 (which then holds the pair) with the others at 0, or to one of two
    parts at 2. A hand whose parts are otherwise (two at 1, say: most hands far from
    ready) waits on nothing of the standard form, found without looking its parts up (a
    part's shape met for the first time is worked out: most of the cost of the waits of
    the first hands of a run)."""
    zeros = (m % 3 == 0) + (p % 3 == 0) + (s % 3 == 0) + (z % 3 == 0)
    twos = (m % 3 == 2) + (p % 3 == 2) + (s % 3 == 2) + (z % 3 == 2)
    return zeros == 3 or (zeros == 2 and twos == 2)


def _standard_waits(parts: tuple[_Part, ...]) -> list[int]:
    """Kinds that complete a ``3n+1`` hand with these part entries as sets and a pair.
    (Counted in a loop: compiled, native reads of the entries' fields.)"""
    broken: _Part | None = None  # the part that is not whole, if one only
    pairs = 0
    for part in parts:
        if not part.whole:
            if broken is not None:
                return []
            broken = part
        if part.residue == 2:
            pairs += 1
    # The tile goes to the one part that is not whole or, if all are, to any; afterwards
    # exactly one part must hold the pair (3n+2 tiles).
    found: list[int] = []
    candidates = parts if broken is None else (broken,)
    for part in candidates:
        residue = part.residue
        if residue and pairs - (residue == 2) + (residue == 1) == 1:
            completing = part.completing
            found.extend(_part_completing(part) if completing is None else completing)
    return found


def _closed_waits(hand: tuple[int, ...]) -> list[int]:
    """Kinds that complete a hand of 13 concealed tiles (34 counts) as seven pairs or
    thirteen orphans. (Counted in loops: compiled, native reads, where the tuple's count()
    and an itemgetter were 2% of a replay.)"""
    found = []
    pairs = 0
    single = -1  # the first kind held once
    for k in range(34):
        count = hand[k]
        if count == 2:
            pairs += 1
        elif count == 1 and single < 0:
            single = k
    if pairs == 6:  # the 13th tile is a kind of its own
        found.append(single)
    held = missing = 0
    first_missing = -1  # the first terminal or honour kind not held
    for k in TERMINALS_AND_HONOURS:
        count = hand[k]
        held += count
        if count == 0:
            missing += 1
            if first_missing < 0:
                first_missing = k
    if held == 13 and missing <= 1:
        found += [first_missing] if missing else TERMINALS_AND_HONOURS
    return found
