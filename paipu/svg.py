"""Tiles (牌) drawn as SVG by paipu itself: no font, no image file, no third-party artwork.

Every face is a ``<symbol>`` of a 30 x 40 box, drawn from circles, rounded bars and
strokes: circles (筒子) as coloured rings, bamboo (索子) as jointed sticks, characters
(萬子) as the numeral and 萬 written in strokes, winds (東南西北) and the red and green
dragons (中, 發) as characters in strokes, the white dragon (白) as its blue frame. A red
five (赤牌) is drawn in red with a red corner mark, so it differs from a plain five at
any size. The faces are meant to be read at 24-32 px wide.

:func:`symbols` is the ``<svg>`` block that defines them, once per page; :func:`tile` is
one tile that uses a face, named in 電脳麻将 notation (``m5``, ``p0``, ``z6``) or
:data:`BACK` for a face-down tile.
"""

from __future__ import annotations

from functools import lru_cache

from .tiles import KINDS

__all__ = ["symbols", "tile", "BACK", "FACES", "WIDTH", "HEIGHT"]

WIDTH, HEIGHT = 30, 40
"""The box every face is drawn in (the tile's proportions, 3:4)."""

BACK = "back"
"""The name of the face-down tile."""

FACES: tuple[str, ...] = KINDS + ("m0", "p0", "s0", BACK)
"""Every face that :func:`symbols` defines."""

_INK, _RED, _GREEN, _BLUE = "#1b1b1b", "#c8231e", "#17803d", "#1f4fa8"
_PREFIX = "pv-"

Strokes = tuple[tuple[tuple[float, float], ...], ...]
"""A character as polylines on a 10 x 10 grid."""

_NUMERALS: dict[int, Strokes] = {
    1: (((1, 5), (9, 5)),),
    2: (((2, 3), (8, 3)), ((1, 7.5), (9, 7.5))),
    3: (((2, 2), (8, 2)), ((3, 5), (7, 5)), ((1, 8.5), (9, 8.5))),
    4: (((1, 2), (1, 9), (9, 9), (9, 2), (1, 2)), ((4, 2), (4, 5.5), (2.5, 7)), ((6, 2), (6, 6), (7.5, 6.5))),
    5: (((2, 1.5), (8, 1.5)), ((4.5, 1.5), (3.5, 8.5)), ((2.5, 5), (7.5, 5), (7, 8.5)), ((1, 8.5), (9, 8.5))),
    6: (((5, 0.5), (5.5, 2)), ((1, 3), (9, 3)), ((4, 5), (2, 9)), ((6, 5), (8.5, 9))),
    7: (((1, 5), (9, 3.5)), ((4, 0.5), (4, 8), (5, 9), (9, 9), (9, 7.5))),
    8: (((4, 1.5), (3.5, 5), (1, 9)), ((6, 1.5), (6.5, 5), (9, 9))),
    9: (((1, 3.5), (6, 3.5), (6, 8), (7, 9), (9, 9), (9, 7.5)), ((4, 0.5), (4, 5), (1, 9.5))),
}
"""一 to 九, as the characters tiles (萬子) write them."""

_MAN: Strokes = (
    ((1, 1.5), (9, 1.5)), ((3.5, 0.3), (3.5, 2.6)), ((6.5, 0.3), (6.5, 2.6)),
    ((2.5, 3.3), (7.5, 3.3), (7.5, 5.6), (2.5, 5.6), (2.5, 3.3)), ((5, 3.3), (5, 5.6)), ((2.5, 4.45), (7.5, 4.45)),
    ((1.5, 9.8), (1.5, 6.6), (8.5, 6.6), (8.5, 9.5), (7.6, 9.8)), ((5, 5.6), (5, 8.2)), ((3.2, 8.8), (5, 7.4), (6.8, 8.8)),
)
"""萬, written under the numeral."""

_HONOURS: dict[int, tuple[str, Strokes]] = {
    1: (_INK, (((1, 2.5), (9, 2.5)), ((5, 0.5), (5, 9.8)), ((2, 4), (8, 4), (8, 7), (2, 7), (2, 4)),
               ((2, 5.5), (8, 5.5)), ((5, 7), (1.5, 9.5)), ((5, 7), (8.5, 9.5)))),  # 東
    2: (_INK, (((1, 1.8), (9, 1.8)), ((5, 0.3), (5, 3.3)), ((1.8, 9.8), (1.8, 3.3), (8.2, 3.3), (8.2, 9.3), (7.2, 9.6)),
               ((3.8, 4.2), (4.3, 5.3)), ((6.2, 4.2), (5.7, 5.3)), ((3, 5.8), (7, 5.8)), ((3.2, 7.6), (6.8, 7.6)),
               ((5, 5.8), (5, 9.8)))),  # 南
    3: (_INK, (((1, 1.2), (9, 1.2)), ((1.8, 9.6), (1.8, 3.5), (8.2, 3.5), (8.2, 9.6)), ((1.8, 9), (8.2, 9)),
               ((4, 1.2), (4, 5), (2.5, 6.8)), ((6, 1.2), (6, 6.2), (8.2, 6.2)))),  # 西
    4: (_INK, (((3.8, 0.5), (3.8, 9.5)), ((1, 3.8), (3.8, 3.8)), ((0.8, 8.2), (3.8, 6.8)),
               ((6.2, 0.5), (6.2, 8.5), (7, 9.3), (9.2, 9.3), (9.2, 8)), ((6.2, 4.5), (8.8, 3)))),  # 北
    6: (_GREEN, (((1, 1), (3, 1), (1.5, 3.5)), ((2.2, 2.3), (4, 3.6)), ((6.5, 0.8), (6, 2.5), (9, 3.5)), ((7, 1.8), (8.5, 1)),
                 ((2, 4.5), (8, 4.5)), ((1.5, 5.8), (4, 5.8), (4, 7), (1.8, 7), (1.8, 8.3), (4.3, 8.3), (4, 9.8), (3, 9.5)),
                 ((6, 5.5), (6, 7), (5.5, 7.5)), ((5.8, 5.5), (8, 5.5), (8, 6.8), (9, 7)),
                 ((5.5, 8), (8.5, 8), (5.5, 9.8)), ((6.2, 8.2), (9, 9.8)))),  # 發
    7: (_RED, (((1.5, 3), (8.5, 3), (8.5, 7), (1.5, 7), (1.5, 3)), ((5, 0.3), (5, 9.8)))),  # 中
}
"""The honours written in strokes, with their colour (白, 5, is a frame: see :func:`_face`)."""

_CIRCLES: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    1: (9.0, ((15, 20, _RED),)),
    2: (5.5, ((15, 11, _BLUE), (15, 29, _GREEN))),
    3: (4.8, ((8, 9, _BLUE), (15, 20, _RED), (22, 31, _GREEN))),
    4: (5.0, ((9, 11, _BLUE), (21, 11, _GREEN), (9, 29, _GREEN), (21, 29, _BLUE))),
    5: (4.5, ((9, 10, _BLUE), (21, 10, _GREEN), (15, 20, _RED), (9, 30, _GREEN), (21, 30, _BLUE))),
    6: (4.3, ((10, 8, _GREEN), (20, 8, _GREEN), (10, 20, _RED), (20, 20, _RED), (10, 32, _RED), (20, 32, _RED))),
    7: (3.8, ((7, 7, _GREEN), (15, 10, _GREEN), (23, 13, _GREEN), (10, 23, _RED), (20, 23, _RED),
              (10, 33, _RED), (20, 33, _RED))),
    8: (3.8, tuple((x, y, _BLUE) for y in (7, 15.5, 24.5, 33) for x in (10, 20))),
    9: (3.8, tuple((x, y, (_BLUE, _RED, _GREEN)[row]) for row, y in enumerate((9, 20, 31)) for x in (7, 15, 23))),
}
"""Circles (筒子): radius and (x, y, colour) of each circle."""

_STICKS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    2: (11, ((15, 12, _GREEN), (15, 28, _GREEN))),
    3: (11, ((15, 12, _GREEN), (10, 28, _GREEN), (20, 28, _GREEN))),
    4: (11, ((10, 12, _GREEN), (20, 12, _GREEN), (10, 28, _GREEN), (20, 28, _GREEN))),
    5: (11, ((9, 12, _GREEN), (21, 12, _GREEN), (15, 20, _RED), (9, 28, _GREEN), (21, 28, _GREEN))),
    6: (11, tuple((x, y, _GREEN) for y in (12, 28) for x in (8, 15, 22))),
    7: (8.5, ((15, 8, _RED),) + tuple((x, y, _GREEN) for y in (20, 31) for x in (8, 15, 22))),
    8: (11, tuple((x, y, _GREEN) for y in (12, 28) for x in (6.5, 12, 18, 23.5))),
    9: (8.5, tuple((x, y, _RED if x == 15 else _GREEN) for y in (8.5, 20, 31.5) for x in (8, 15, 22))),
}
"""Bamboo (索子) 2-9: stick length and (x, y, colour) of each stick's centre."""


def _strokes(strokes: Strokes, colour: str, x: float, y: float, width: float, height: float, pen: float) -> str:
    """``strokes`` drawn into the box at (x, y) of ``width`` x ``height``."""
    sx, sy = width / 10, height / 10
    path = "".join("M" + "L".join(f"{x + px * sx:.1f} {y + py * sy:.1f}" for px, py in line) for line in strokes)
    return (f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="{pen}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def _circle(x: float, y: float, r: float, colour: str) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.55:.2f}" fill="none" stroke="#fff" stroke-width="{r * 0.22:.2f}"/>')


def _stick(x: float, y: float, length: float, colour: str) -> str:
    top = y - length / 2
    return (f'<rect x="{x - 1.7}" y="{top}" width="3.4" height="{length}" rx="1.6" fill="{colour}"/>'
            f'<path d="M{x - 1.7} {y}h3.4" stroke="#fff" stroke-width="0.8"/>')


def _face(name: str) -> str:
    """The drawing of one face inside the 30 x 40 box (background included)."""
    if name == BACK:
        return ('<rect x="0.5" y="0.5" width="29" height="39" rx="3.5" fill="#d9782d" stroke="#7a4a1e"/>'
                '<rect x="4" y="4" width="22" height="32" rx="2" fill="none" stroke="#f1b57a" stroke-width="1.2"/>')
    body = '<rect x="0.5" y="0.5" width="29" height="39" rx="3.5" fill="#fbf8ef" stroke="#8c8472"/>'
    suit, digit = name[0], name[1]
    red = digit == "0"
    number = 5 if red else int(digit)
    if suit == "m":
        body += _strokes(_NUMERALS[number], _RED if red else _INK, 7, 3.5, 16, 14, 1.9)
        body += _strokes(_MAN, _RED, 7, 20, 16, 16.5, 1.5)
    elif suit == "p":
        radius, circles = _CIRCLES[number]
        body += "".join(_circle(x, y, radius, _RED if red else colour) for x, y, colour in circles)
    elif suit == "s":
        if number == 1:  # 一索: one tall stick crowned with red
            body += _stick(15, 22, 24, _GREEN) + '<circle cx="15" cy="8" r="3.6" fill="#c8231e"/>'
        else:
            length, sticks = _STICKS[number]
            body += "".join(_stick(x, y, length, _RED if red else colour) for x, y, colour in sticks)
    elif number == 5:  # 白: a blue frame
        body += f'<rect x="7" y="8" width="16" height="24" rx="2" fill="none" stroke="{_BLUE}" stroke-width="1.8"/>'
    else:
        colour, strokes = _HONOURS[number]
        body += _strokes(strokes, colour, 5, 8, 20, 24, 2.3)
    if red:  # 赤: a red corner, so that a red five differs from a five at a glance
        body += '<path d="M20 1h6.5a3 3 0 0 1 3 3v6.5z" fill="#c8231e"/>'
    return body


def symbols() -> str:
    """The hidden ``<svg>`` that defines every face (:data:`FACES`), to put once in a
    page before the tiles that use them."""
    return _symbols()


@lru_cache(maxsize=1)
def _symbols() -> str:
    defs = "".join(f'<symbol id="{_PREFIX}{name}" viewBox="0 0 {WIDTH} {HEIGHT}">{_face(name)}</symbol>'
                   for name in FACES)
    return f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">{defs}</svg>'


@lru_cache(maxsize=None)
def tile(name: str, cls: str = "") -> str:
    """One tile: an inline ``<svg>`` of class ``t`` (and ``cls``) using the face ``name``
    (a tile in 電脳麻将 notation or :data:`BACK`); 24 x 32 px unless a style says
    otherwise. Its face is read back from the ``href`` (``#pv-m5``)."""
    if name not in _FACE_SET:
        raise ValueError(f"no tile face {name!r}")
    return (f'<svg class="t{" " + cls if cls else ""}" width="24" height="32">'
            f'<use href="#{_PREFIX}{name}"/></svg>')


_FACE_SET = frozenset(FACES)
