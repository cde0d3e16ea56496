"""The :class:`~paipu.events.Origin` of a Mahjong Soul (雀魂) game, from the room its
log names.

Mahjong Soul exports no log of its own that paipu reads; community converters write its
games as tenhou.net/6 JSON (e.g. tensoul, whose ``rule.disp`` is the ranked room's name
from the game's own data, ``room_name_jp`` or ``room_name_en``, then ``東喰``/``南喰`` or
`` East``/`` South``: ``玉の間南喰``, ``Gold Room South``). A game of a ranked room
(段位戦: 銅の間, 銀の間, 金の間, 玉の間, 王座の間) is played under Mahjong Soul's ranked
rule, the ``majsoul`` preset (:data:`~paipu.rules.MAJSOUL`, ``docs/rules.md``), East-only
or East-South as the room says. A friendly or tournament room (友人戦, 大会戦) has rules
its host chose, which the export does not state: such a game is not placed on Mahjong
Soul's rule.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..events import Origin
from ..rules import RedFives

__all__ = ["MAJSOUL_ROOM", "majsoul_origin"]

MAJSOUL_ROOM = re.compile(
    r"^(?:(?:銅|銀|金|玉|王座)の間\s*(東|南)|(?:Bronze|Silver|Gold|Jade|Throne) Room\s+(East|South))"
)
"""A title's first line that names a ranked Mahjong Soul room, in Japanese or English;
the groups are its length (東 or East: East-only; 南 or South: East-South)."""


def majsoul_origin(format: str, title: str) -> Origin | None:
    """The origin of a game read in ``format`` whose title (its first line: the room)
    names a ranked Mahjong Soul room: platform ``"majsoul"``, the room, and the rule the
    room implies (its length; ranked rooms have open tanyao and one red five per suit);
    ``None`` for any other title."""
    room = title.partition("\n")[0]
    rule = _room_rule(room)
    return None if rule is None else Origin(format, "", "majsoul", room, None, rule)


@lru_cache(maxsize=64)
def _room_rule(room: str) -> tuple[tuple[str, object], ...] | None:
    found = MAJSOUL_ROOM.match(room)
    if found is None:
        return None
    east_only = (found[1] or found[2]) in ("東", "East")
    return (("winds", 1 if east_only else 2), ("open_tanyao", True), ("red_fives", RedFives(1, 1, 1)))
