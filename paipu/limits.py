"""Bounds on what paipu reads and safe text for what it writes.

A log or a rule is somebody else's file: a number in it may be absurd (a score of 10^30,
a rank bonus of ``"-inf"``) and a text may hold anything (a terminal's escape sequences in
a player's name, a 2 MB value). Numbers beyond :data:`MAX_NUMBER`, names and titles longer
than :data:`MAX_NAME` and more dora indicators than :data:`MAX_INDICATORS` are refused where
they are read; :func:`clip` bounds a message, :func:`printable` makes a text one safe line.
"""

from __future__ import annotations

import operator
import re
from unicodedata import east_asian_width

__all__ = ["MAX_NUMBER", "MAX_COUNT", "MAX_NAME", "MAX_INDICATORS", "MAX_MESSAGE", "DECIMAL", "clip", "printable",
           "encodable", "printable_json", "as_index", "display_width", "spreadsheet_safe"]

MAX_NUMBER = 1_000_000_000
"""The largest absolute value of a number a log or rule may state (scores, payments,
hand values, fu, han, honba, riichi sticks, final points, starting points): a billion
points is far beyond any game, and keeps every sum of them within 64 bits."""

MAX_COUNT = 1_000_000
"""The most honba (本場) and riichi sticks (供託) a log may state at a round's start: a
million, where real games hold a few (each grows by one a round, or by a riichi). Far
below :data:`MAX_NUMBER`, so that the sticks the round adds (4 riichi at most) and the
points they and the honba pay stay within what the engine scores
(:class:`paipu.scoring.Situation`)."""

MAX_NAME = 1_000
"""The most characters of a text a log gives to be shown as it is: a player's name (with
the rank and rate a Tenhou conversion writes after it), a game's title, a yaku's or a
draw's name. Real logs hold a few dozen (Tenhou's names have at most 8); a longer one is a
load error naming the field, never cut (a game is read as its log states it, or not at
all), so that one name cannot make every table, page and conversion of a run grow with it."""

MAX_INDICATORS = 5
"""The most dora indicators a round shows, and so the most ura-dora indicators a win
reveals: the first, and one for each kan (a round has four at most: four by one player
is 四槓子, by more than one the round ends, 四槓散了). A log that shows more is a load
error."""

MAX_MESSAGE = 300
"""The most characters of a message kept by :func:`clip`."""

DECIMAL = re.compile(r"[+-]?[0-9]{1,10}(\.[0-9]{1,10})?")
"""A decimal number as logs and rules write final points and rank bonuses (``"45"``,
``"-12.3"``, ``"+20.0"``); ``fullmatch`` it. Neither ``inf``, ``nan``, exponents nor digits
other than ASCII's (``"١٢"``, ``"１２"``, which Python's ``float`` reads)."""


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text``, cut after ``limit`` characters with a note of how many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


_UNPRINTABLE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\\ud800-\\udfff]")
"""What must not reach a terminal raw: control characters (C0 but the newline, DEL,
C1), line and paragraph separators, bidirectional overrides and isolates, and lone
surrogates (the bytes of a file name that is not UTF-8, as Python decodes it)."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, kept by surrogateescape
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


_LONE_SURROGATE = re.compile("[\\ud800-\\udfff]")


def encodable(text: str) -> str:
    """``text`` as UTF-8 can encode it: each lone surrogate (a byte of a file name that is
    not UTF-8, as Python decodes it) written as :func:`printable` writes it, ``\\xff``."""
    return _LONE_SURROGATE.sub(_escape, text)


def printable_json(text: str) -> str:
    """JSON text (as ``json`` and ``orjson`` write it: no tab or carriage return between
    values) with every character :func:`printable` escapes written as a JSON escape
    (``\\u009b``): the same JSON, safe on a terminal. JSON escapes C0 controls itself,
    but not DEL, C1 controls (U+009B, CSI, starts an escape sequence as ESC ``[`` does),
    bidirectional overrides or lone surrogates."""
    if not _UNPRINTABLE.search(text):
        return text
    return _UNPRINTABLE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def as_index(value: object) -> int | None:
    """``value`` as an int if it is an index (an int, or anything that is one, as numpy's
    integers; not a bool); else ``None``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def printable(text: str, newlines: bool = False) -> str:
    """``text`` with every character that could act on a terminal written as an escape
    (``\\x1b``, ``\\u202e``; the byte ``\\xff`` of a file name that is not UTF-8), the
    newline too unless ``newlines``: what every line paipu writes for a person is made of."""
    if not newlines and "\n" in text:
        text = text.replace("\n", "\\n")
    return _UNPRINTABLE.sub(_escape, text) if _UNPRINTABLE.search(text) else text


def display_width(text: str) -> int:
    """Columns a text takes in a terminal (wide East Asian characters take two)."""
    return sum(2 if east_asian_width(char) in "WF" else 1 for char in text)


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""How a cell that a spreadsheet runs as a formula begins (OWASP, *CSV Injection*):
``=cmd|' /C calc'!A0`` as a player's name would run on the machine that opens the CSV."""


def spreadsheet_safe(cell: object) -> object:
    """A CSV cell as a spreadsheet shows it without running it: a text that begins as a
    formula (:data:`FORMULA_START`) with ``'`` before it, as OWASP advises (``'=1+2``);
    anything else, a number (``-3``) included, as it is."""
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA_START) else cell
