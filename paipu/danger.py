"""Tile danger facing a riichi (危険度): 電脳麻将's danger values and the classes behind them.

電脳麻将 ver. 0.5 (the betaori seed, ``seeds/betaori-algorithm.txt``) rates each tile
against one player in riichi by what that player's discards say about it:

=============  ======  =========  =====
tile           無スジ  片スジ     スジ
=============  ======  =========  =====
1 or 9            6                 3
2 or 8            8                 4
3 or 7            8                 5
4, 5 or 6        12       8         4
=============  ======  =========  =====

- **genbutsu** (現物): a tile of a kind the riichi player discarded, or that anyone
  discarded after the riichi, is safe: 0.
- **suji** (スジ): a number tile whose partners three apart (4 for 1, 1 and 7 for 4) are
  genbutsu cannot have been waited on with a two-sided wait. 4-6 need both partners for
  suji; with one of them they are half-suji (片スジ); with none, no-suji (無スジ).
- **honours** (字牌): the number of copies the player rating the tile cannot see, at most 3
  (生牌 3, two unseen 2, one unseen 1, none unseen 0).

A player folding against riichi (ベタオリ) discards the tile of lowest danger, taking for each
tile the highest value over the players in riichi.

**Three players** (三人麻雀) play without 2m-8m: a 1m or 9m cannot be waited on with a run,
only as a pair (単騎), a triplet's pair (シャンポン) or thirteen orphans, as an honour is. Not
genbutsu, it is rated like an honour, by the copies unseen (0-3), in a class of its own
(``sanma 1m/9m 2 unseen``: a paipu extension, the seed being four-player); ``danger(...,
players=3)``. The pins and sous keep the seed's classes.

Beyond the seed, :func:`wall` gives the classes that count the copies seen of a tile's
neighbours: no-chance (ノーチャンス, 壁: every copy of a neighbour seen, so no two-sided
wait can take the tile) and one-chance (ワンチャンス: three seen).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Literal

from .tiles import KIND_OF, KINDS

if TYPE_CHECKING:
    from .table import Table

Group = Literal["honour", "1/9", "2/8", "3/7", "4-6", "sanma 1m/9m"]
Suji = Literal["genbutsu", "suji", "half-suji", "no-suji", "honour"]
Wall = Literal["no-chance", "one-chance"]

_GROUP: tuple[Group, ...] = ("1/9", "2/8", "3/7", "4-6", "4-6", "4-6", "3/7", "2/8", "1/9")
_VALUE: dict[tuple[Group, Suji], int] = {
    ("1/9", "no-suji"): 6, ("1/9", "suji"): 3,
    ("2/8", "no-suji"): 8, ("2/8", "suji"): 4,
    ("3/7", "no-suji"): 8, ("3/7", "suji"): 5,
    ("4-6", "no-suji"): 12, ("4-6", "half-suji"): 8, ("4-6", "suji"): 4,
}


@dataclass(frozen=True, slots=True)
class Danger:
    """One tile's danger against one player in riichi.

    ``group`` is the tile's place in the seed's table (``honour``, ``1/9``, ``2/8``, ``3/7``,
    ``4-6``; ``sanma 1m/9m`` for a 1m or 9m of three-player mahjong); ``suji`` its column
    (``genbutsu``, ``suji``, ``half-suji``, ``no-suji``, or ``honour`` for a tile rated by
    its copies unseen: an honour, or a three-player 1m/9m, that is not genbutsu); ``value``
    the seed's danger value (0 for genbutsu, 0-3 by copies unseen, 3-12 for number tiles)."""

    group: Group
    suji: Suji
    value: int

    @property
    def label(self) -> str:
        """``genbutsu``, ``honour 2 unseen`` or the group and column, e.g. ``4-6 half-suji``."""
        if self.suji == "genbutsu":
            return "genbutsu"
        if self.suji == "honour":
            return f"{self.group} {self.value} unseen"
        return f"{self.group} {self.suji}"


def _kind(tile: str) -> int:
    return KIND_OF[tile[:2]]


SANMA_TERMINALS = frozenset({0, 8})
"""The kinds (:data:`paipu.tiles.KIND_OF`) of 1m and 9m: with three players no run holds
them (no 2m-8m), so they are rated by their copies unseen."""


def _by_copies(kind: int, players: int) -> bool:
    """Whether a kind not genbutsu is rated by its copies unseen: an honour, or with three
    players a 1m or 9m (:data:`SANMA_TERMINALS`)."""
    return kind >= 27 or (players == 3 and kind in SANMA_TERMINALS)


def danger(tile: str, safe: frozenset[int] | set[int], unseen: int, players: int = 4) -> Danger:
    """The danger of ``tile`` against a player in riichi whose genbutsu kinds are ``safe``,
    at a table of ``players`` (3: 1m and 9m are rated like honours, class ``sanma 1m/9m``).

    ``safe`` holds kind numbers (:data:`paipu.tiles.KIND_OF`); ``unseen`` is the number of
    copies of the tile the rating player cannot see (their own hand, every river, melds and
    dora indicators count as seen); it matters only for the tiles rated by copies."""
    kind = _kind(tile)
    if _by_copies(kind, players):
        group: Group = "honour" if kind >= 27 else "sanma 1m/9m"
        if kind in safe:
            return Danger(group, "genbutsu", 0)
        return Danger(group, "honour", max(0, min(unseen, 3)))
    if kind in safe:
        return Danger(_GROUP[kind % 9], "genbutsu", 0)
    rank = kind % 9
    group = _GROUP[rank]
    partners = [kind + step for step in (-3, 3) if 0 <= rank + step <= 8]
    safe_partners = sum(partner in safe for partner in partners)
    if safe_partners == len(partners):
        suji: Suji = "suji"
    elif safe_partners:
        suji = "half-suji"
    else:
        suji = "no-suji"
    return Danger(group, suji, _VALUE[group, suji])


Rating = tuple[int, str]
"""A tile's danger as ``(value, label)`` (:attr:`Danger.value`, :attr:`Danger.label`): ordered
by value, then label, as the fold rule takes the highest over the players in riichi."""

_UNSEEN_RATINGS: dict[str, tuple[Rating, ...]] = {
    group: tuple((value, f"{group} {value} unseen") for value in (3, 3, 2, 1, 0)) for group in ("honour", "sanma 1m/9m")}


AFFECTED: tuple[tuple[int, ...], ...] = tuple(
    (kind,) if kind >= 27 else (kind, *(kind + step for step in (-3, 3) if 0 <= kind % 9 + step <= 8))
    for kind in range(34)
)
"""The kinds on whose being genbutsu a kind's danger depends, and whose danger changes
when it becomes genbutsu: itself and its suji partners (three apart, same suit)."""


def _ratings_by_genbutsu(kind: int, players: int) -> tuple[Rating | None, ...]:
    """The :data:`Rating` of ``kind`` for each subset of :data:`AFFECTED` genbutsu (bit
    ``i`` of the index set when ``AFFECTED[kind][i]`` is), as :func:`danger` gives it at a
    table of ``players``."""
    affected = AFFECTED[kind]
    ratings: list[Rating | None] = []
    for code in range(1 << len(affected)):
        safe = {other for bit, other in enumerate(affected) if code >> bit & 1}
        rated = danger(KINDS[kind], safe, 0, players)
        ratings.append(None if rated.suji == "honour" else (rated.value, rated.label))
    return tuple(ratings)


_RATINGS = {players: tuple(_ratings_by_genbutsu(kind, players) for kind in range(34)) for players in (3, 4)}


def _rating(kind: int, safe: frozenset[int] | set[int], ratings: tuple[tuple[Rating | None, ...], ...]) -> Rating | None:
    """The rating of ``kind`` in ``ratings`` (:data:`_RATINGS` of a number of players)."""
    code = 0
    for bit, other in enumerate(AFFECTED[kind]):
        if other in safe:
            code |= 1 << bit
    return ratings[kind][code]


def kind_ratings(safe: frozenset[int] | set[int], players: int = 4) -> list[Rating | None]:
    """The :data:`Rating` of each kind (0-33) against a player in riichi whose genbutsu
    kinds are ``safe``, at a table of ``players``, as :func:`danger` gives it; ``None`` for
    a tile rated by its copies seen (an honour, or a three-player 1m/9m, not genbutsu:
    :func:`unseen_rating`)."""
    ratings = _RATINGS[3 if players == 3 else 4]
    return [_rating(kind, safe, ratings) for kind in range(34)]


def update_ratings(ratings: list[Rating | None], kind: int, safe: frozenset[int] | set[int],
                   players: int = 4) -> None:
    """Bring ``ratings`` (:func:`kind_ratings` of an earlier ``safe``) up to date after
    ``kind`` joined ``safe``."""
    table = _RATINGS[3 if players == 3 else 4]
    for affected in AFFECTED[kind]:
        ratings[affected] = _rating(affected, safe, table)


def unseen_rating(kind: int, seen: int) -> Rating:
    """The :data:`Rating` of a tile of ``kind`` rated by its copies (an honour, or a
    three-player 1m/9m: the ``None`` of :func:`kind_ratings`) of which the rating player
    sees ``seen`` copies (:func:`danger` with ``4 - seen`` unseen)."""
    return _UNSEEN_RATINGS["honour" if kind >= 27 else "sanma 1m/9m"][min(seen, 4)]


def wall(tile: str, seen: list[int]) -> Wall | None:
    """``no-chance`` when no two-sided wait can take ``tile`` because every copy of a tile it
    needs is seen (壁), ``one-chance`` when at worst three copies are seen, else ``None``.

    A two-sided wait takes a number tile *n* from the shapes *n+1 n+2* and *n-1 n-2*; a shape
    is blocked when all copies of one of its tiles are seen. ``seen`` counts the copies seen
    of each kind (34 numbers). Honours get ``None``."""
    least = min([max(seen[a], seen[b]) for a, b in _SHAPES[_kind(tile)]], default=0)  # the least blocked shape
    return "no-chance" if least >= 4 else "one-chance" if least >= 3 else None


_SHAPES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    () if kind >= 27 else
    ((kind + 1, kind + 2),) * (kind % 9 <= 6) + ((kind - 1, kind - 2),) * (kind % 9 >= 2)
    for kind in range(34)
)
"""The two-sided shapes that take each kind (none for honours), as pairs of kinds."""


class SafeKinds:
    """The genbutsu kinds against each seat, kept as discards are made (電脳麻将's
    ``SuanPai._dapai``): a seat's own discards, and once it is in riichi every later
    discard at the table.

    >>> safe = SafeKinds(4)
    >>> safe.discard(1, "m4", riichi=True)
    >>> safe.discard(2, "m0")
    >>> danger("m1", safe[1], 3).label, danger("m5", safe[1], 3).value
    ('1/9 suji', 0)
    """

    __slots__ = ("_safe", "riichi")

    def __init__(self, players: int = 4) -> None:
        self._safe: list[set[int]] = [set() for _ in range(players)]
        self.riichi: list[bool] = [False] * players
        """Which seats have declared riichi (their riichi tile discarded)."""

    @classmethod
    def of_rivers(cls, rivers: list[list[str]]) -> "SafeKinds":
        """The genbutsu kinds while nobody is in riichi: each seat's own river (in river
        notation, :mod:`paipu.table`; a tile called away counts)."""
        safe = cls(len(rivers))
        safe._safe = [{KIND_OF[tile[:2]] for tile in river} for river in rivers]
        return safe

    def __getitem__(self, seat: int) -> set[int]:
        return self._safe[seat]

    def discard(self, seat: int, tile: str, riichi: bool = False) -> None:
        """Note ``tile`` discarded by ``seat`` (``riichi`` when it is the riichi tile)."""
        kind = KIND_OF[tile[:2]]
        self._safe[seat].add(kind)
        if riichi:
            self.riichi[seat] = True
        for safe in compress(self._safe, self.riichi):  # the seats in riichi
            safe.add(kind)

    def worst(self, tile: str, unseen: int, rater: int | None = None) -> int:
        """The highest danger value of ``tile`` over the seats in riichi other than
        ``rater`` (0 when nobody is in riichi): the value the seed's fold rule minimises."""
        return max(
            (danger(tile, self._safe[seat], unseen, len(self._safe)).value
             for seat, in_riichi in enumerate(self.riichi) if in_riichi and seat != rater),
            default=0,
        )


def public_counts(table: Table) -> list[int]:
    """Copies of each kind (34) anyone at ``table`` sees: every river (a tile called away
    counted once, in its meld), every meld, the dora indicators. What one seat sees adds
    its own concealed tiles."""
    seen = [0] * 34
    for river in table.rivers:
        for tile in river:
            if tile[-1] not in "+=-":
                seen[KIND_OF[tile[:2]]] += 1
    for hand in table.hands:
        for meld in hand.melds:
            for tile in meld.tiles:
                seen[KIND_OF[tile]] += 1
    for indicator in table.dora_indicators:
        seen[KIND_OF[indicator]] += 1
    return seen
