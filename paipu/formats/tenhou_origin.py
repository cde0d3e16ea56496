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
from typing import Any

from ..events import Origin
from .tenhou_rules import implied_rule

__all__ = ["TENHOU_ROOM", "tenhou_origin", "origin_of_title"]

TENHOU_ROOM = re.compile(r"^[三四][般上特鳳若銀琥孔][東南](喰)?(赤)?")
"""The start of a title that names a Tenhou room: players, lobby, length; the groups are
the 喰 and 赤 flags."""

_LOG_ID = re.compile(r"\n((\d{4})(\d\d)(\d\d)\d\dgm-.*)")
"""A Tenhou log id on a line of a title after the first; the groups are the id, and the
year, month and day."""


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
    found = _LOG_ID.search(title)
    date = None
    if found:
        try:
            date = datetime.date(int(found[2]), int(found[3]), int(found[4]))
        except ValueError:
            pass
    rule, undetermined = implied_rule(date, hanchan=hanchan, kuitan=kuitan, red=red)
    on_tenhou = TENHOU_ROOM.match(title) is not None
    return Origin(format, found[1] if found else "", "tenhou" if on_tenhou else "", title.partition("\n")[0],
                  date, rule, undetermined if on_tenhou else (), record)


def origin_of_title(format: str, title: str) -> Origin | None:
    """The origin of a game read in ``format`` whose title names a Tenhou room, with the
    flags the room states; ``None`` for any other title."""
    room = TENHOU_ROOM.match(title)
    if room is None:
        return None
    return tenhou_origin(format, title, hanchan=room[0][2] == "南", kuitan=bool(room[1]), red=bool(room[2]))
