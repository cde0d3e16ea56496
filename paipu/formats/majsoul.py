"""The :class:`~paipu.events.Origin` of a Mahjong Soul (雀魂) game, from the room its
log names.

Mahjong Soul exports no log of its own that paipu reads; community converters write its
games as tenhou.net/6 JSON (e.g. tensoul, whose ``rule.disp`` is the ranked room's name
from the game's own data, ``room_name_jp`` or ``room_name_en``, then ``東喰``/``南喰`` or
`` East``/`` South``, and ``赤``: ``玉の間南喰``, ``Gold Room South``; a three-player game's
name starts with ``三`` (``三玉の間南喰赤``), ``3`` or ``3-Player ``). A game of a ranked room
(段位戦: 銅の間, 銀の間, 金の間, 玉の間, 王座の間, for four or three players) is played under
Mahjong Soul's ranked rule, the ``majsoul`` preset (:data:`~paipu.rules.MAJSOUL`) or
``majsoul-sanma`` (:data:`~paipu.rules.MAJSOUL_SANMA`; ``docs/rules.md``), East-only or
East-South as the room says. A friendly or tournament room (友人戦, 大会戦) has rules its
host chose, which the export does not state: such a game is not placed on Mahjong Soul's
rule.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..events import Origin
from ..rules import RedFives

__all__ = ["MAJSOUL_ROOM", "majsoul_origin"]

MAJSOUL_ROOM = re.compile(
    r"^(三|3-Player |3)?(?:(?:銅|銀|金|玉|王座)の間\s*(東|南)|(?:Bronze|Silver|Gold|Jade|Throne) Room\s+(East|South))"
)
"""A title's first line that names a ranked Mahjong Soul room, in Japanese or English;
the groups are the three-player prefix (``三``, ``3``, ``3-Player ``: absent for four
players, and in some exports for three) and the room's length (東 or East: East-only; 南
or South: East-South)."""


def majsoul_origin(format: str, title: str, players: int = 4) -> Origin | None:
    """The origin of a game of ``players`` players read in ``format`` whose title (its
    first line: the room) names a ranked Mahjong Soul room: platform ``"majsoul"``, the
    room, and the rule the room implies (its length; ranked rooms have open tanyao and
    one red five per suit, none in characters with three players); ``None`` for any other
    title, and for a title whose three-player prefix ``players`` contradicts."""
    room = title.partition("\n")[0]
    rule = _room_rule(room, players)
    return None if rule is None else Origin(format, "", "majsoul", room, None, rule)


@lru_cache(maxsize=64)
def _room_rule(room: str, players: int) -> tuple[tuple[str, object], ...] | None:
    found = MAJSOUL_ROOM.match(room)
    if found is None or (found[1] is not None and players != 3):
        return None
    east_only = (found[2] or found[3]) in ("東", "East")
    red_fives = RedFives(1, 1, 1) if players == 4 else RedFives(0, 1, 1)
    return (("winds", 1 if east_only else 2), ("open_tanyao", True), ("red_fives", red_fives))
