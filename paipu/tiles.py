"""Tile, meld and hand notation of 電脳麻将 (Majiang) paipu.

A **tile** (牌, *pai*) is written ``<suit><digit>``: suits ``m`` (characters, 萬子), ``p``
(circles, 筒子), ``s`` (bamboo, 索子) with digits 1-9 and ``0`` for a red five (赤牌);
suit ``z`` (honours, 字牌) with 1-7 = East, South, West, North, White (白), Green (發),
Red (中).

A **kind** is one of the 34 tile faces, numbered ``m1..m9 = 0..8``, ``p1..p9 = 9..17``,
``s1..s9 = 18..26``, ``z1..z7 = 27..33``. A red five is of the same kind as the other
fives of its suit; red fives are tracked separately where they matter (dora, removal from
a hand).

A **meld** (面子 as written after a comma in a hand string) is a chi, pon, open kan
(大明槓), closed kan (暗槓) or added kan (加槓); a direction mark ``+`` (下家, next
seat), ``=`` (対面, opposite) or ``-`` (上家, previous seat) follows the claimed tile.

A **hand string** (手牌文字列) is ``concealed("," meld)*``: concealed tiles grouped by
suit letter, the freshly drawn tile written last when the concealed count is 2 mod 3,
an optional ``*`` for riichi, then the melds in the order they were made.

This module parses and writes all three strictly: anything the 電脳麻将 engine would
silently ignore or drop (``z8``, a fifth copy of a tile, a malformed meld) raises
:class:`NotationError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Iterable, Literal, Sequence

from mypy_extensions import i64, mypyc_attr

from .records import pickle_by_fields

__all__ = [
    "NotationError",
    "tile_slot",
    "SUITS",
    "KINDS",
    "is_tile",
    "parse_tile",
    "kind",
    "kind_name",
    "is_red",
    "is_terminal_or_honour",
    "dora_of",
    "counts",
    "parse_discard",
    "format_discard",
    "Meld",
    "MeldType",
    "parse_meld",
    "meld_text",
    "NORTH",
    "HandNotation",
    "parse_hand",
]

SUITS = "mpsz"
"""Suit letters in canonical order: characters, circles, bamboo, honours."""

KINDS: tuple[str, ...] = tuple(
    f"{suit}{number}" for suit in "mps" for number in range(1, 10)
) + tuple(f"z{number}" for number in range(1, 8))
"""Names of the 34 tile kinds, indexed by kind number (a red five is named as a 5)."""

KIND_OF: dict[str, int] = {name: index for index, name in enumerate(KINDS)}
KIND_OF.update({"m0": 4, "p0": 13, "s0": 22})
"""The kind number of every tile name, red fives included (see :func:`kind`)."""
SLOT_OF: dict[str, int] = {**KIND_OF, "m0": 34, "p0": 35, "s0": 36}
"""The kind number of every tile name, but 34, 35 and 36 for the red fives ``m0``, ``p0`` and
``s0``: a tally by slot counts a hand's kinds and its red fives in one pass."""
SLOT_TILES: Final[tuple[str, ...]] = tuple(sorted(SLOT_OF, key=SLOT_OF.__getitem__))
"""The tile of each slot of :data:`SLOT_OF` (the shared strings of its keys): the 34 kinds,
then ``m0``, ``p0``, ``s0``."""
KIND_OF_SLOT: Final[tuple[int, ...]] = tuple(KIND_OF[tile] for tile in SLOT_TILES)
"""The kind of each slot (a red five's slot is of the kind of its suit's fives)."""

DIRECTION_MARKS = "+=-"
"""Direction marks: ``+`` 下家 (next seat), ``=`` 対面 (opposite), ``-`` 上家 (previous)."""


class NotationError(ValueError):
    """A tile, meld or hand string that is not valid 電脳麻将 notation."""


# -- tiles ---------------------------------------------------------------------------


def is_tile(text: str) -> bool:
    """Whether ``text`` is exactly one tile (``m0``-``m9``, ``p0``-``p9``, ``s0``-``s9``,
    ``z1``-``z7``) with no suffix."""
    return text in KIND_OF


def parse_tile(text: object) -> str:
    """Return ``text`` if it is a valid tile, else raise :class:`NotationError`."""
    if isinstance(text, str) and text in KIND_OF:
        return text
    raise NotationError(f"not a tile: {text!r}")


def tile_slot(tile: str) -> int:
    """The slot of a tile name (:data:`SLOT_OF`: its kind 0-33, or 34, 35, 36 for the red
    fives ``m0``, ``p0``, ``s0``), or -1 for a string that is not a tile.

    Worked out from the name's two characters: compiled, two reads and a few comparisons,
    where a look-up of :data:`SLOT_OF` hashes the string (a tile of a log read is a string
    of its own, hashed at its first look-up) and compares it with the key: the replay asks
    at every draw and discard (1/7 of a replay's instructions were such look-ups). Not
    :data:`_SUIT_BYTE` and :data:`_DIGIT_SLOTS` as :func:`scan_hand`: two table reads cost
    more than these comparisons (validating 40 agony5757 games, 620.2 against 616.6 M
    instructions)."""
    if len(tile) != 2:
        return -1
    suit = ord(tile[0])
    digit = ord(tile[1]) - 48
    if suit == 122:  # z
        return 26 + digit if 1 <= digit <= 7 else -1
    if suit == 109:  # m
        first = 0
    elif suit == 112:  # p
        first = 9
    elif suit == 115:  # s
        first = 18
    else:
        return -1
    if 1 <= digit <= 9:
        return first + digit - 1
    return 34 + first // 9 if digit == 0 else -1


def kind(tile: str) -> int:
    """The kind number 0-33 of a tile (``m0`` and ``m5`` are both kind 4), worked out from
    its characters (:func:`tile_slot`): compiled, a few comparisons where a look-up of
    :data:`KIND_OF` hashes the string (a tile of a log read is a string of its own),
    about 90 instructions against 190."""
    slot = tile_slot(tile)
    if slot < 0:
        raise NotationError(f"not a tile: {tile!r}")
    return KIND_OF_SLOT[slot]


def kind_name(kind_number: int) -> str:
    """The tile name of a kind number (fives are named ``m5``, never ``m0``)."""
    return KINDS[kind_number]


def is_red(tile: str) -> bool:
    """Whether ``tile`` is a red five (``m0``, ``p0``, ``s0``)."""
    return tile[1] == "0"


def is_terminal_or_honour(tile: str) -> bool:
    """Whether ``tile`` is a 幺九牌: a 1, a 9 or an honour."""
    return tile[0] == "z" or tile[1] in "19"


def dora_of(indicator: str) -> str:
    """The dora shown by a dora indicator (宝牌表示牌): the next tile of its suit, 9 → 1,
    East → South → West → North → East, 白 → 發 → 中 → 白; a red five indicates a 6."""
    suit, digit = indicator[0], int(indicator[1]) or 5
    if suit == "z":
        following = (digit % 4 + 1) if digit <= 4 else ((digit - 4) % 3 + 5)
    else:
        following = digit % 9 + 1
    return f"{suit}{following}"


def counts(tiles: Iterable[str]) -> list[int]:
    """Count tiles per kind: a list of 34 integers (red fives count as fives);
    :class:`NotationError` for what is not a tile."""
    result = [0] * 34
    try:
        for k in map(KIND_OF.__getitem__, tiles):  # looked up in C: no Python call per tile
            result[k] = result[k] + 1
    except KeyError as error:
        raise NotationError(f"not a tile: {error.args[0]!r}") from None
    return result


# -- discards ------------------------------------------------------------------------


def parse_discard(text: object) -> tuple[str, bool, bool]:
    """Split a discard as written in a ``dapai`` event into
    ``(tile, tsumogiri, riichi)``.

    ``_`` after the tile means the tile just drawn was discarded (ツモ切り); ``*`` means
    riichi (立直) was declared with this discard. A tsumogiri riichi is ``p5_*``.
    """
    if isinstance(text, str) and 2 <= len(text) <= 4:
        tile = text[:2]
        rest = text[2:]
        if tile in KIND_OF and rest in ("", "_", "*", "_*"):
            return tile, "_" in rest, "*" in rest
    raise NotationError(f"not a discard: {text!r}")


def format_discard(tile: str, tsumogiri: bool = False, riichi: bool = False) -> str:
    """Write a discard: the inverse of :func:`parse_discard`."""
    return tile + ("_" if tsumogiri else "") + ("*" if riichi else "")


# -- melds ---------------------------------------------------------------------------

MeldType = Literal["chi", "pon", "daiminkan", "ankan", "kakan", "north"]


def _rank(digit: str) -> int:
    return 5 if digit == "0" else int(digit)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Meld:
    """A meld: chi (吃), pon (碰), open kan (大明槓), closed kan (暗槓) or added kan (加槓).

    ``tiles`` are all tiles of the meld (3 or 4), the claimed and the added tile included.
    ``claimed`` is the tile taken from another player's discard (``None`` for a closed kan)
    and ``direction`` the mark of the player it came from, seen from the meld's owner:
    ``+`` next seat (下家), ``=`` opposite (対面), ``-`` previous seat (上家).
    ``added`` is the tile added to a pon to make an added kan.

    ``str(meld)`` writes the canonical form of the 電脳麻将 engine, e.g. ``m1-23``,
    ``z555=``, ``m5505+``, ``m5550``, ``z666-6``.

    Three-player logs also write ``b`` among the melds for a North tile set aside
    (北抜き); it parses to a meld of type ``"north"`` holding that one ``z4``.
    """

    type: MeldType
    suit: str
    digits: str
    """The digits as written, without marks (e.g. ``"505"`` + added ``"5"`` → ``"5055"``)."""
    claimed: str | None
    direction: str | None
    added: str | None = None
    tiles: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Every tile of the meld, in written order (made with the meld: replays and scoring
    read it at every call, kan and win)."""
    kinds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The kind number of each of :attr:`tiles` (made with the meld: scoring and the hand
    scanner read it at every win)."""
    reds: int = field(init=False, repr=False, compare=False)
    """How many red fives the meld holds."""

    def __post_init__(self) -> None:
        tiles = tuple(map(self.suit.__add__, self.digits))
        _SET_MELD_TILES(self, tiles)
        _SET_MELD_KINDS(self, tuple([kind(tile) for tile in tiles]))  # NotationError for what is no tile
        _SET_MELD_REDS(self, self.digits.count("0"))

    @property
    def kind(self) -> int:
        """Kind number of the meld's lowest tile (the only kind, except for a chi)."""
        return min(self.kinds)

    @property
    def is_kan(self) -> bool:
        """Whether the meld is a kan (槓子) of any sort."""
        return len(self.digits) == 4

    @property
    def is_concealed(self) -> bool:
        """Whether the meld is a closed kan, the only meld that keeps a hand closed."""
        return self.type == "ankan"

    @property
    def hand_tiles(self) -> tuple[str, ...]:
        """The tiles that came from the owner's hand (all but the claimed tile)."""
        tiles = list(self.tiles)
        if self.claimed is not None:
            tiles.remove(self.claimed)
        return tuple(tiles)

    def __str__(self) -> str:
        suit, digits, mark = self.suit, self.digits, self.direction or ""
        if self.type == "north":
            return "b"
        if self.type == "chi":
            claimed = self.claimed[1]  # type: ignore[index]  # a chi has its claimed tile
            ordered = sorted(digits, key=_rank)
            at = ordered.index(claimed) + 1
            return suit + "".join(ordered[:at]) + mark + "".join(ordered[at:])
        if self.type == "ankan":
            return suit + "".join(sorted(digits, reverse=True))
        claimed = self.claimed[1]  # type: ignore[index]  # a pon or kan but a closed one has it
        body = list(digits[:4] if self.type == "daiminkan" else digits[:3])
        body.remove(claimed)
        text = suit + "".join(sorted(body, reverse=True)) + claimed + mark
        if self.type == "kakan":
            text += self.added[1]  # type: ignore[index]  # an added kan has its added tile
        return text

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Meld":
        """Parse a meld string strictly (see :func:`parse_meld`)."""
        return parse_meld(text)

    def with_added(self, tile: str) -> "Meld":
        """The added kan (加槓) made by adding ``tile`` to this pon."""
        if self.type != "pon" or _rank(tile[1]) != _rank(self.digits[0]) or tile[0] != self.suit:
            raise NotationError(f"cannot add {tile} to {self}")
        return Meld("kakan", self.suit, self.digits + tile[1], self.claimed, self.direction, tile)


# The slots (native fields compiled) of the fields made with a meld: Meld is frozen.
_SET_MELD_TILES = vars(Meld)["tiles"].__set__
_SET_MELD_KINDS = vars(Meld)["kinds"].__set__
_SET_MELD_REDS = vars(Meld)["reds"].__set__

NORTH = Meld("north", "z", "4", None, None)
"""A North tile set aside in a three-player game (北抜き), written ``b`` in a hand."""


def parse_meld(text: object) -> Meld:
    """Parse a meld string (面子) strictly; raise :class:`NotationError` if invalid.

    Accepts the forms the 電脳麻将 engine accepts (it normalises e.g. ``m055=`` to
    ``m505=``); ``str()`` of the result is the canonical form.
    """
    meld = _MELDS.get(text) if type(text) is str else None
    if meld is None:
        meld = _parse_meld(text)
        if len(_MELDS) < _MELD_CACHE_SIZE:
            _MELDS[text] = meld  # type: ignore[index]  # a str: _parse_meld parses nothing else
    return meld


def meld_text(tiles: Sequence[str], mark: str, sequence: bool = False) -> str:
    """The notation of a meld (for :func:`parse_meld`) from its tiles of one suit as a
    call lists them, the claimed tile first and ``mark`` its direction (``-``, ``=``,
    ``+``): a sequence (チー, ``sequence``) in order with the mark after the claimed
    digit, a pon or open kan (ポン, 大明槓) with the claimed digit and mark last; with
    ``mark`` ``""``, a closed kan (暗槓), no tile claimed."""
    suit, digits = tiles[0][0], [tile[1] for tile in tiles]
    if sequence:
        ordered = sorted(digits, key=lambda digit: int(digit) or 5)
        at = ordered.index(digits[0]) + 1
        return suit + "".join(ordered[:at]) + mark + "".join(ordered[at:])
    if not mark:
        return suit + "".join(sorted(digits, reverse=True))
    return suit + "".join(sorted(digits[1:], reverse=True)) + digits[0] + mark


_MELDS: dict[str, Meld] = {}
"""Melds already parsed, by their text (the corpora hold fewer than 500 different ones)."""
_MELD_CACHE_SIZE = 50_000


def _parse_meld(text: object) -> Meld:
    if text == "b":
        return NORTH
    if not isinstance(text, str) or len(text) < 4:
        raise NotationError(f"not a meld: {text!r}")
    suit, body = text[0], text[1:]
    if suit not in SUITS:
        raise NotationError(f"not a meld: {text!r} (unknown suit)")
    digits = ""
    mark: str | None = None
    mark_after = -1  # index in digits of the digit the mark follows
    for position, char in enumerate(body):
        if char.isdigit():
            digits += char
        elif char in DIRECTION_MARKS and mark is None and digits:
            mark, mark_after = char, len(digits) - 1
        else:
            raise NotationError(f"not a meld: {text!r} (unexpected {char!r})")
    if suit == "z" and any(d in "089" for d in digits):
        raise NotationError(f"not a meld: {text!r} (honours are 1-7)")
    ranks = [_rank(d) for d in digits]
    n = len(digits)
    if n == 3 and mark is not None and len(set(ranks)) == 3:
        if suit == "z" or mark != "-":
            raise NotationError(f"not a meld: {text!r} (a chi is only of suits, from 上家 '-')")
        if sorted(ranks) != list(range(min(ranks), min(ranks) + 3)):
            raise NotationError(f"not a meld: {text!r} (a chi needs 3 consecutive numbers)")
        return Meld("chi", suit, digits, suit + digits[mark_after], mark)
    if len(set(ranks)) != 1:
        raise NotationError(f"not a meld: {text!r}")
    if n == 3 and mark is not None and mark_after == 2:
        return Meld("pon", suit, digits, suit + digits[2], mark)
    if n == 4 and mark is None:
        return Meld("ankan", suit, digits, None, None)
    if n == 4 and mark_after == 3:
        return Meld("daiminkan", suit, digits, suit + digits[3], mark)
    if n == 4 and mark_after == 2:
        return Meld("kakan", suit, digits, suit + digits[2], mark, suit + digits[3])
    raise NotationError(f"not a meld: {text!r}")


# -- hands ---------------------------------------------------------------------------


_ORDER: dict[str, int] = {tile: 2 * k + (tile[1] != "0") for tile, k in KIND_OF.items()}
"""Each tile's sort key for the canonical order: by kind; a red five before the ordinary
fives of its suit (a looked-up key sorts without a Python call per tile)."""


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class HandNotation:
    """A hand as written in 電脳麻将 notation (手牌, *shoupai*).

    ``concealed`` holds the concealed tiles in canonical order **without** the drawn tile;
    ``drawn`` is the tile just drawn (or won), written last, when the hand holds one;
    ``riichi`` is the trailing ``*``; ``melds`` the called and kan melds in the order made;
    ``hidden`` counts face-down ``_`` tiles (only in a player's view, never in a stored
    paipu); ``awaiting_discard`` is a trailing ``,`` (just called, must discard).

    ``str(hand)`` writes the canonical form (suits m, p, s, z; digits ascending with a red
    five in front of the ordinary fives; then the drawn tile; ``*``; ``,meld``...).
    """

    concealed: tuple[str, ...]
    drawn: str | None = None
    riichi: bool = False
    melds: tuple[Meld, ...] = ()
    hidden: int = 0
    awaiting_discard: bool = False

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, concealed: tuple[str, ...], drawn: str | None = None, riichi: bool = False,
                 melds: tuple[Meld, ...] = (), hidden: int = 0, awaiting_discard: bool = False) -> None:
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "riichi", riichi)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "hidden", hidden)
        object.__setattr__(self, "awaiting_discard", awaiting_discard)

    @property
    def tiles(self) -> tuple[str, ...]:
        """All concealed tiles, the drawn tile last."""
        return self.concealed + ((self.drawn,) if self.drawn else ())

    def counts(self) -> list[int]:
        """Concealed tiles (drawn tile included) per kind: 34 integers (:func:`counts`)."""
        return counts(self.tiles)

    @property
    def is_closed(self) -> bool:
        """Whether the hand has no called meld (門前); closed kans (and North tiles set
        aside) keep it closed."""
        return all(meld.type in ("ankan", "north") for meld in self.melds)

    def __str__(self) -> str:
        parts = ["_" * self.hidden]
        suit = ""
        for tile in self.concealed:
            if tile[0] != suit:
                suit = tile[0]
                parts.append(suit)
            parts.append(tile[1])
        if self.drawn:
            parts.append(self.drawn)
        if self.riichi:
            parts.append("*")
        for meld in self.melds:
            parts.append("," + str(meld))
        if self.awaiting_discard:
            parts.append(",")
        return "".join(parts)

    def __repr__(self) -> str:
        return f"HandNotation({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "HandNotation":
        """Parse a hand string strictly (see :func:`parse_hand`)."""
        return parse_hand(text)

    @classmethod
    def from_tiles(
        cls,
        tiles: Sequence[str],
        drawn: str | None = None,
        riichi: bool = False,
        melds: Sequence[Meld] = (),
    ) -> "HandNotation":
        """Build a hand from concealed tiles in any order (``drawn`` kept apart)."""
        return cls(tuple(sorted(tiles, key=_ORDER.__getitem__)), drawn, riichi, tuple(melds))


pickle_by_fields(Meld, HandNotation)


_DIGIT_SLOTS: Final[tuple[int, ...]] = tuple(SLOT_OF.get(f"{suit}{digit}", -1) for suit in SUITS for digit in range(10))
"""The slot of each suit's digit, at 10 * suit + digit (suits m, p, s, z); -1 for z0, z8, z9."""
_SUIT_BYTE: Final[tuple[int, ...]] = tuple(SUITS.find(chr(byte)) if chr(byte) in SUITS else -1 for byte in range(256))
"""The suit (0 m, 1 p, 2 s, 3 z) of each byte that is a suit letter, else -1."""
RED_SLOT: Final = 34
"""The slot of the red five m0; p0 and s0 follow."""


@mypyc_attr(acyclic=True)
class ScannedHand:
    """A hand string written as ``str(hand)`` writes it, read by :func:`scan_hand`: its
    concealed tiles counted by kind."""

    __slots__ = ("tally", "size", "drawn", "riichi", "melds", "awaiting_discard")

    def __init__(self, tally: list[int], size: int, drawn: int, riichi: bool, melds: tuple[Meld, ...],
                 awaiting_discard: bool) -> None:
        self.tally = tally
        """The concealed tiles but the drawn one: 37 counts, those of the 34 kinds (red fives
        among the fives), then the red fives of each suit, at ``RED_SLOT + suit``."""
        self.size = size
        """How many concealed tiles, the drawn one left out."""
        self.drawn = drawn
        """The drawn tile's slot (:data:`SLOT_OF`), or -1 for none."""
        self.riichi = riichi
        self.melds = melds
        self.awaiting_discard = awaiting_discard


def scan_hand(text: str, tiles: list[str] | None = None) -> ScannedHand | None:
    """The hand of a string written as ``str(hand)`` writes it (as paipu store hands) that
    breaks no rule of :func:`parse_hand`, read byte by byte; ``None`` for any other string,
    right or wrong, for :func:`_parse_hand_in_full` to read (or refuse). The concealed tiles
    but the drawn one are added to ``tiles``, if given, in written (canonical) order: the
    shared strings of :data:`SLOT_TILES`.

    Written so: the concealed tiles as :func:`_scan_concealed` reads them; then the melds,
    and a trailing ``,`` when awaiting a discard. No face-down tile."""
    melds: tuple[Meld, ...] = ()
    awaiting_discard = False
    first = text
    comma = text.find(",")
    if comma >= 0:
        first = text[:comma]
        meld_texts = text[comma + 1:].split(",")
        if meld_texts[-1] == "":
            awaiting_discard = True
            meld_texts.pop()
        try:
            melds = tuple([parse_meld(meld_text) for meld_text in meld_texts])
        except NotationError:
            return None
    tally = [0] * 37
    size, drawn, riichi = _scan_concealed(first, tiles, tally)
    if size < 0:
        return None
    if melds:  # no fifth tile of a kind with those of the groups
        sets = 0
        kinds = tally[:34]
        if drawn >= 0:
            k = KIND_OF_SLOT[drawn]
            kinds[k] = kinds[k] + 1
        for meld in melds:
            sets += meld.type != "north"
            for k in meld.kinds:
                kinds[k] = kinds[k] + 1
                if kinds[k] > 4:
                    return None
        if size + (drawn >= 0) > 14 - 3 * sets:
            return None
    return ScannedHand(tally, size, drawn, riichi, melds, awaiting_discard)


def _scan_concealed(text: str, tiles: list[str] | None, tally: list[int] | None) -> tuple[i64, i64, bool]:
    """The concealed tiles of a hand string (``text``: its part before any comma), read byte
    by byte as :func:`scan_hand` reads them: how many there are, the drawn one left out (-1
    for a text not written so), the drawn tile's slot (:data:`SLOT_OF`; -1 for none), and
    whether the hand is in riichi. The tiles but the drawn one are added to ``tiles``, if
    given, as the shared strings of :data:`SLOT_TILES`, and counted in ``tally``, if given
    (:attr:`ScannedHand.tally`).

    Written so: suit groups m, p, s, z at most once each and in that order, each digit a
    tile of the group's suit, ascending with red fives before the fives, no more than four
    of a kind; the drawn tile, when the count is 2 mod 3, written apart last (its suit
    letter again, or a letter of a suit before the last group's), not a fifth of its kind;
    no more than 14 tiles; ``*`` riichi. No face-down tile."""
    try:
        data = text.encode()  # bytes: each read a small int (what is not ASCII is no suit letter or digit)
    except UnicodeEncodeError:  # a lone surrogate
        return -1, -1, False
    # The numbers are i64: compiled, native integers (no tagged int's checks at each step).
    end: i64 = len(data)
    riichi = end > 0 and data[end - 1] == 42  # *
    if riichi:
        end -= 1
    size: i64 = 0
    suit: i64 = -1
    order: i64 = 0
    last: i64 = -1  # the kind read last
    same: i64 = 0  # tiles of that kind in a row (a group in order holds each kind in a row)
    fours: i64 = 0  # the kinds of which four were read, a bit each (1 << kind)
    drawn: i64 = -1
    i: i64 = 0
    while i < end:
        byte: i64 = data[i]
        digit: i64 = byte - 48
        if 0 <= digit <= 9:  # a tile of the group's suit (worked out here: no table look-up per tile)
            if suit < 0 or suit == 3 and not 1 <= digit <= 7:
                return -1, -1, False
            if digit:
                slot: i64 = 9 * suit + digit - 1
                kind_read: i64 = slot
                rank: i64 = 2 * digit
            else:  # a red five, written before the fives (rank 9: between 4s and 5s)
                slot = RED_SLOT + suit
                kind_read = 9 * suit + 4
                rank = 9
                if tally is not None:
                    tally[slot] = tally[slot] + 1
            if rank < order:
                return -1, -1, False
            same = same + 1 if kind_read == last else 1
            if same == 4:
                fours |= 1 << kind_read
            elif same > 4:
                return -1, -1, False
            last = kind_read
            order = rank
            if tally is not None:
                tally[kind_read] = same
            size += 1
            if tiles is not None:
                tiles.append(SLOT_TILES[slot])
            i += 1
            continue
        letter: i64 = _SUIT_BYTE[byte]
        if letter < 0:
            return -1, -1, False
        if letter <= suit:  # the drawn tile, written apart: a suit letter and a digit, last
            if i + 2 != end:
                return -1, -1, False
            digit = data[i + 1] - 48
            if not 0 <= digit <= 9:
                return -1, -1, False
            drawn = _DIGIT_SLOTS[10 * letter + digit]
            if drawn < 0 or fours >> KIND_OF_SLOT[drawn] & 1:
                return -1, -1, False
            break
        if i + 1 == end or _SUIT_BYTE[data[i + 1]] >= 0:
            return -1, -1, False  # a suit letter with no digit (or the drawn tile's place, taken by a group)
        suit = letter
        order = 0
        i += 1
    total = size + (drawn >= 0)
    if (total % 3 == 2) != (drawn >= 0) or total > 14:
        return -1, -1, False  # a tile written apart that is not a drawn one, or a drawn one not apart
    return size, drawn, riichi


def parse_hand(text: object) -> HandNotation:
    """Parse a hand string (手牌文字列) strictly; raise :class:`NotationError` if invalid.

    Rules (those of the 電脳麻将 engine, made strict): the first comma-separated part is
    the concealed tiles, each digit after a suit letter one tile of that suit; ``_`` is a
    face-down tile; a trailing ``*`` is riichi. When the concealed count is 2 mod 3 the
    last tile written is the drawn tile. No more than ``14 - 3 * melds`` concealed tiles,
    no more than four of a kind in the whole hand.
    """
    # A hand written as str(hand) writes it (as paipu store them) is scanned: one with no
    # meld (every hand dealt) by _scan_concealed alone, without the counts by kind that a
    # meld's tiles are checked with; anything else is read, or said what is wrong with, by
    # _parse_hand_in_full.
    if isinstance(text, str):
        concealed: list[str] = []
        if "," not in text:
            size, drawn, riichi = _scan_concealed(text, concealed, None)
            if size >= 0:
                return HandNotation(tuple(concealed), SLOT_TILES[drawn] if drawn >= 0 else None, riichi)
        else:
            scanned = scan_hand(text, concealed)
            if scanned is not None:
                drawn = scanned.drawn
                return HandNotation(tuple(concealed), SLOT_TILES[drawn] if drawn >= 0 else None, scanned.riichi,
                                    scanned.melds, 0, scanned.awaiting_discard)
    return _parse_hand_in_full(text)


def _parse_hand_in_full(text: object) -> HandNotation:
    """:func:`parse_hand` tile by tile: any hand string, and the error of a wrong one."""
    if not isinstance(text, str):
        raise NotationError(f"not a hand string: {text!r}")
    first, *meld_texts = text.split(",")
    awaiting_discard = bool(meld_texts) and meld_texts[-1] == ""
    if awaiting_discard:
        meld_texts.pop()
    try:
        melds = tuple(parse_meld(m) for m in meld_texts)
    except NotationError as error:
        raise NotationError(f"bad meld in hand {text!r}: {error}") from None
    riichi = first.endswith("*")
    if riichi:
        first = first[:-1]
    tiles: list[str] = []
    hidden = 0
    suit = ""
    for char in first:
        if char in SUITS:
            suit = char
        elif char == "_":
            hidden += 1
        elif char.isdigit() and suit:
            tile = suit + char
            if tile not in KIND_OF:
                raise NotationError(f"impossible tile {tile!r} in hand {text!r}")
            tiles.append(tile)
        else:
            raise NotationError(f"unexpected {char!r} in hand {text!r}")
    if suit and first[-1] in SUITS:
        raise NotationError(f"suit letter without tiles in hand {text!r}")
    total = len(tiles) + hidden
    if total > 14 - 3 * sum(meld.type != "north" for meld in melds):
        raise NotationError(f"too many concealed tiles ({total}) in hand {text!r}")
    all_counts = counts(tiles)
    for meld in melds:
        for tile in meld.tiles:
            k = KIND_OF[tile]
            all_counts[k] = all_counts[k] + 1
    if max(all_counts) > 4:
        over = KINDS[all_counts.index(max(all_counts))]
        raise NotationError(f"more than four {over} in hand {text!r}")
    drawn = None
    if total % 3 == 2 and tiles:
        drawn = tiles.pop()
    concealed = tuple(sorted(tiles, key=_ORDER.__getitem__))
    return HandNotation(concealed, drawn, riichi, melds, hidden, awaiting_discard)
