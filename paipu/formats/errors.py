"""The error every format reader raises for what is not its format, :class:`FormatError`,
and the checks of what any log may state that the readers share: numbers within
:data:`~paipu.limits.MAX_NUMBER` (:func:`bounded`), names and titles within
:data:`~paipu.limits.MAX_NAME` (:func:`shown_text`), dora indicators within
:data:`~paipu.limits.MAX_INDICATORS` (:func:`indicators`), final points written as decimals
(:func:`final_points`), a Tenhou room of the game's number of players
(:func:`room_players`), and where a text is not UTF-8 (:func:`utf8_error_at`)."""

from __future__ import annotations

from typing import Any, Iterable

from ..events import locator
from ..limits import DECIMAL, MAX_INDICATORS, MAX_NAME, MAX_NUMBER, clip

__all__ = ["FormatError", "bounded", "shown_text", "indicators", "final_points", "room_players", "utf8_error_at"]


class FormatError(ValueError):
    """A log that does not follow its format. ``round`` and ``event`` are 0-based
    indices of where the problem is (``None`` for the game's top level); ``label`` is the
    round's name (東1局0本場) where known."""

    def __init__(self, message: str, round: int | None = None, event: int | None = None,
                 label: str | None = None) -> None:
        message = clip(message)
        super().__init__(message)
        self.message = message
        self.round = round
        self.event = event
        self.label = label

    def locator(self) -> str:
        """Where in the game, as :func:`paipu.events.locator` writes it: ``東3局1本場,
        event 17`` (0-based indices, the round by its label where known)."""
        return locator(None, self.label or self.round, self.event)

    def __str__(self) -> str:
        where = self.locator()
        return f"{where}: {self.message}" if where else self.message


def bounded(values: Iterable[float], name: str) -> None:
    """Nothing if every number of ``values`` is within ±:data:`~paipu.limits.MAX_NUMBER`;
    else :class:`FormatError` naming the field ``name`` and the first that is not."""
    for value in values:
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise FormatError(f"{name}: {clip(str(value), 40)} is beyond any game (at most ±{MAX_NUMBER:,})")


def shown_text(text: str, name: str) -> str:
    """``text``, a name or title the log gives (the field ``name``), if it has at most
    :data:`~paipu.limits.MAX_NAME` characters; else :class:`FormatError` saying how long."""
    if len(text) > MAX_NAME:
        raise FormatError(f"{name} {text[:20]!r}… is {len(text):,} characters long, more than a name "
                          f"or title holds (at most {MAX_NAME:,})")
    return text


def indicators(count: int, name: str) -> None:
    """Nothing if ``count`` dora (or ura-dora) indicators, as the field ``name`` shows them,
    are no more than a round shows (:data:`~paipu.limits.MAX_INDICATORS`); else
    :class:`FormatError` saying so."""
    if count > MAX_INDICATORS:
        raise FormatError(f"{name}: {count:,} indicators, more than a round has (at most {MAX_INDICATORS}: "
                          "the first and one for each of 4 kans)")


def final_points(points: Any, n: int, name: str = "point") -> tuple[str, ...]:
    """The final points of ``n`` players as :attr:`Game.points <paipu.events.Game.points>`
    keeps them: strings of decimal numbers (``"45"``, ``"-12.3"``), each read from a
    string or a JSON number; :class:`FormatError` for anything else (``"nan"``, ``"1e999"``)."""
    if not isinstance(points, (list, tuple)) or len(points) != n:
        raise FormatError(f"{name} must be a list of {n} numbers, not {points!r}")
    texts = tuple(p if isinstance(p, str) else str(p) for p in points
                  if isinstance(p, str) or (type(p) in (int, float) and abs(p) <= MAX_NUMBER))
    if len(texts) != n or not all(DECIMAL.fullmatch(text) for text in texts):
        raise FormatError(f"{name} must be {n} decimal numbers such as \"-12.3\", not {points!r}")
    return texts


def room_players(room: str, n: int, name: str) -> None:
    """Nothing unless ``room``, the name of a Tenhou room as a log gives it (a title's
    first line, tenhou.net/6's ``rule.disp``: ``三鳳南喰赤``, 三 three players, 四 four),
    names a room of another number of players than the ``n`` the log holds; then
    :class:`FormatError` naming the field ``name``: the room's rule (its rank points, its
    tiles) is not the game's, and nothing the log states says which is wrong."""
    if room[:1] in ("三", "四") and room[:1] != "三四"[n - 3]:
        raise FormatError(f"{name} {clip(repr(room), 40)} names a {'three' if n == 4 else 'four'}-player room "
                          f"({room[:1]}), but the log holds {n} players")


def utf8_error_at(data: bytes) -> str:
    """Where the first byte of ``data`` that is not UTF-8 is, and what it is:
    ``line 3, column 7 (byte 41): invalid start byte 0xff``."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line = data.count(b"\n", 0, start) + 1
        column = len(data[line_start:start].decode("utf-8", "replace")) + 1
        return (f"line {line}, column {column} (byte {start}): "
                f"{error.reason} 0x{data[start]:02x}")
    return "a character JSON cannot hold"
