"""The wall (牌山) of one simulated round, shuffled from a seed.

136 tiles (a rule's red fives in place of ordinary fives, 赤牌) are shuffled by a
:class:`random.Random`. The last 14 are the dead wall (王牌): four replacement tiles for
kans (嶺上牌), five dora indicators (宝牌表示牌) and five ura indicators (裏ドラ表示牌);
the other 122 are dealt (13 to each seat) and then drawn, 70 of them (:data:`LIVE_WALL`).
Each kan takes a replacement tile and moves one tile of the live wall into the dead wall,
so the live wall ends one draw earlier (as 電脳麻将's ``Shan`` does).
"""

from __future__ import annotations

import random

from ..rules import Rule
from ..table import LIVE_WALL
from ..tiles import KINDS

__all__ = ["Wall", "tiles_of"]

DEAD_WALL = 14
REPLACEMENTS = 4


def tiles_of(rule: Rule) -> list[str]:
    """The 136 tiles of a game under ``rule``, in kind order, red fives (``m0``...) in
    place of as many ordinary fives as the rule has."""
    tiles = []
    for name in KINDS:
        red = getattr(rule.red_fives, name[0]) if name[1] == "5" and name[0] != "z" else 0
        tiles += [name[0] + "0"] * red + [name] * (4 - red)
    return tiles


class Wall:
    """A shuffled wall: :meth:`deal`, then :meth:`draw` and :meth:`kan_draw` as the round
    goes, :meth:`dora_indicator` for the n-th indicator, :meth:`ura_indicators`."""

    def __init__(self, rule: Rule, rng: random.Random) -> None:
        tiles = tiles_of(rule)
        rng.shuffle(tiles)
        self._live = tiles[:-DEAD_WALL]
        dead = tiles[-DEAD_WALL:]
        self._replacements = dead[:REPLACEMENTS]
        self._indicators = dead[REPLACEMENTS:REPLACEMENTS + 5]
        self._ura = dead[REPLACEMENTS + 5:]
        self._kans = 0

    def deal(self, seats: int = 4) -> list[list[str]]:
        """Thirteen tiles for each seat, the dealer first."""
        hands = [[self._live.pop() for _ in range(13)] for _ in range(seats)]
        assert len(self._live) == LIVE_WALL + (4 - seats) * 13
        return hands

    @property
    def left(self) -> int:
        """Tiles still to be drawn from the live wall (0: the last draw, 海底, was made)."""
        return len(self._live)

    def draw(self) -> str:
        """The next tile of the live wall."""
        return self._live.pop()

    def kan_draw(self) -> str:
        """The next replacement tile (嶺上牌); the live wall gives one tile to the dead wall."""
        tile = self._replacements[self._kans]
        self._kans += 1
        self._live.pop(0)
        return tile

    def dora_indicator(self, index: int) -> str:
        """The ``index``-th dora indicator (0 the first, 1-4 those of kans)."""
        return self._indicators[index]

    def ura_indicators(self, count: int) -> tuple[str, ...]:
        """The first ``count`` ura indicators (裏ドラ表示牌), one under each dora indicator."""
        return tuple(self._ura[:count])
