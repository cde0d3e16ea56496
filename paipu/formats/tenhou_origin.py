"""The :class:`~paipu.events.Origin` of a game played on Tenhou, from the title its log
gives: shared by the Tenhou readers and by the 電脳麻将 reader, for games converted from
Tenhou logs (whose title is kept as tenhou-log writes it).

Such a title is the room on its first line, e.g. ``四鳳南喰赤`` (三/四 players, the lobby,
東 East only or 南 East-South, 喰 open tanyao, 赤 red fives, maybe 速 fast), then Tenhou's
log id, e.g. ``四鳳南喰赤\\n2022010100gm-00a9-0000-xxxxxxxx``, whose first eight digits are
the date.
"""

from __future__ import annotations

import datetime
import re
from functools import lru_cache
from typing import Any

from ..events import Origin
from .tenhou_rules import implied_rule

__all__ = ["TENHOU_ROOM", "tenhou_origin", "origin_of_title"]

TENHOU_ROOM = re.compile(r"^[三四][般上特鳳若銀琥孔][東南](喰)?(赤)?")
"""The start of a title that names a Tenhou room: players, lobby, length; the groups are
the 喰 and 赤 flags."""

_LOG_ID = re.compile(r"(\d{8})\d\dgm-.*")
"""A Tenhou log id, as a title's second line starts; the group is its date's digits
(``YYYYMMDD``)."""


def tenhou_origin(format: str, title: str, *, hanchan: bool, kuitan: bool, red: bool,
                  record: Any = None) -> Origin:
    """The origin of a game read in ``format`` whose log states Tenhou's rule flags
    (``hanchan``: East-South; ``kuitan``: open tanyao; ``red``: red fives) and has the
    ``title`` tenhou-log writes: its room on the first line, then its log id if known.

    The platform is Tenhou when the title names a Tenhou room (:data:`TENHOU_ROOM`); the
    rule is what the flags and the log id's date imply there
    (:func:`~paipu.formats.tenhou_rules.implied_rule`). A log id whose digits are not a
    date gives no date. What a date would decide is undetermined only on Tenhou: another
    platform's log in Tenhou's format (Mahjong Soul exports tenhou.net/6 JSON) has no
    Tenhou history.
    """
    room, _, rest = title.partition("\n")
    return _origin(format, room, rest, hanchan, kuitan, red, record)


def _origin(format: str, room: str, rest: str, hanchan: bool, kuitan: bool, red: bool, record: Any) -> Origin:
    """:func:`tenhou_origin` of a title split into its ``room`` line and the ``rest``."""
    found = _LOG_ID.match(rest)
    platform, date, rule, undetermined = _room_and_day(room, found[1] if found else "", hanchan, kuitan, red)
    return Origin(format, found[0] if found else "", platform, room, date, rule, undetermined, record)


_ROOM_FIELDS = frozenset(("winds", "open_tanyao", "red_fives"))
"""The fields of :func:`~paipu.formats.tenhou_rules.implied_rule` a room's flags decide
(the others are Tenhou's history by date)."""


@lru_cache(maxsize=1024)
def _room_and_day(room: str, day: str, hanchan: bool, kuitan: bool,
                  red: bool) -> tuple[str, datetime.date | None, tuple[tuple[str, Any], ...],
                                      tuple[tuple[str, tuple[Any, ...]], ...]]:
    """:func:`tenhou_origin`'s platform, date, rule and undetermined fields for a room and
    a day (``YYYYMMDD``, ``""`` unknown), worked out once for all the games of that room
    and day: the loader reads thousands."""
    try:
        date = datetime.date(int(day[:4]), int(day[4:6]), int(day[6:])) if day else None
    except ValueError:
        date = None
    rule, undetermined = implied_rule(date, hanchan=hanchan, kuitan=kuitan, red=red,
                                      players=3 if room[:1] == "三" else 4)
    if TENHOU_ROOM.match(room) is None:  # Tenhou's format, not Tenhou: its room's flags, no Tenhou history
        return "", date, tuple(item for item in rule if item[0] in _ROOM_FIELDS), ()
    return "tenhou", date, rule, undetermined


def origin_of_title(format: str, title: str) -> Origin | None:
    """The origin of a game read in ``format`` whose title names a Tenhou room, with the
    flags the room states; ``None`` for any other title."""
    room, _, rest = title.partition("\n")
    flags = _room_flags(room)
    return None if flags is None else _origin(format, room, rest, *flags, None)


@lru_cache(maxsize=256)
def _room_flags(room: str) -> tuple[bool, bool, bool] | None:
    """The flags of a title's first line that names a Tenhou room: East-South (南), open
    tanyao (喰), red fives (赤); ``None`` for any other line. Read once per room: every
    game read from 電脳麻将 JSON asks."""
    found = TENHOU_ROOM.match(room)
    return None if found is None else (found[0][2] == "南", found[1] is not None, found[2] is not None)
