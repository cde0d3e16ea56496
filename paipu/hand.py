"""One player's hand (手牌) during a replay, changed by the game's own actions.

A :class:`Hand` holds the **concealed tiles** (純手牌) counted per kind, with the red fives
(赤牌) of each suit counted apart, the **melds** (副露, closed kans included) in the order
they were made, the **drawn tile** (自摸牌) while the hand holds one, and whether the player
has declared **riichi** (立直). Its methods are named after the actions of the game:
:meth:`~Hand.draw`, :meth:`~Hand.discard`, :meth:`~Hand.call` (chi, pon, open kan on a
discard) and :meth:`~Hand.kan` (closed or added kan on one's own turn). An action the
hand cannot take raises :class:`IllegalAction`, saying what was impossible; the hand is
then unchanged. :meth:`~Hand.play_turn` is a draw and a discard in one call, for replays:
it answers whether both were legal instead of raising.

A red five and an ordinary five are different tiles when taken out of a hand (discarding
``m0`` needs a red five in the hand) and the same kind for the hand's shape.

The concealed tile count tells whose turn it is: ``3n+1`` tiles wait for a draw or a call,
``3n+2`` tiles (after a draw or a chi or pon) must discard or kan.
"""

from __future__ import annotations

from typing import Final, NoReturn, Sequence

from . import shanten as _shanten
from .tiles import (KIND_OF_SLOT, KINDS, NORTH, RED_SLOT, SLOT_TILES, HandNotation, Meld, kind, kind_name, parse_hand,
                    tile_slot)

__all__ = ["IllegalAction", "Hand", "unplayable"]

_RED_FIVES: Final = ("m0", "p0", "s0")
_ORDINARY_FIVES: Final = ("m5", "p5", "s5")
_REPEATED: Final = tuple(tuple((name,) * count for count in range(15)) for name in KINDS)
"""``_REPEATED[k][n]``: the tile of kind ``k`` ``n`` times (a hand written out adds these), up
to 14, all a hand can hold (five or more of a kind in a corrupt log's hand included)."""


_FIVE_SUIT: Final = tuple(slot // 9 if slot < 27 and slot % 9 == 4 else -1 for slot in range(len(SLOT_TILES)))
"""By slot (:func:`~paipu.tiles.tile_slot`): for an ordinary five, the index of its suit
(whose red fives are not it), else -1."""


def _slot(tile: str) -> int:
    """A tile's slot (:func:`~paipu.tiles.tile_slot`: its kind, or 34-36 for a red five,
    whose suit index 0-2 is the slot less 34; its kind :data:`~paipu.tiles.KIND_OF_SLOT`);
    KeyError for a string that is not a tile. (An int, not a tuple of the kind and suits:
    compiled, a tuple made and its integers boxed per tile were a tenth of the hands' work.)"""
    slot = tile_slot(tile)
    if slot < 0:
        raise KeyError(tile)
    return slot


_NORTH: Final = kind("z4")


def unplayable(notation: HandNotation) -> str | None:
    """Why a hand so written cannot be played, or ``None``: face-down tiles (``_``), or
    concealed tiles and melds (Norths set aside apart) that do not add up to 13 or 14."""
    if notation.hidden:
        return f"hand {notation} has face-down tiles"
    melds = sum(meld.type != "north" for meld in notation.melds) if notation.melds else 0
    if len(notation.tiles) + 3 * melds not in (13, 14):
        return f"hand {notation} has {len(notation.tiles)} concealed tiles and {melds} melds"
    return None


class IllegalAction(ValueError):
    """An action a hand cannot take, e.g. discarding a tile it does not hold."""


class Hand:
    """One player's hand: concealed tiles, melds, the drawn tile and riichi (see module).

    ``counts`` are the concealed tiles per kind (34 integers, the drawn tile included, a
    red five counted as a five); ``red`` the red fives among them per suit (m, p, s);
    ``melds`` the melds in the order made, ``meld_counts`` their tiles per kind; ``size``
    how many concealed tiles the hand holds, the drawn tile included (the sum of
    ``counts``); ``drawn`` the tile just drawn, or ``None``; ``riichi`` whether riichi has
    been declared. Change them only through the actions.
    """

    __slots__ = ("counts", "red", "melds", "drawn", "riichi", "meld_counts", "size", "_waited", "_waits")

    def __init__(self) -> None:
        """A hand with no tiles yet; hands to play with come from :meth:`from_notation`."""
        self.counts: list[int] = [0] * 34
        self.red: list[int] = [0, 0, 0]
        self.melds: list[Meld] = []
        self.drawn: str | None = None
        self.riichi = False
        self.meld_counts = [0] * 34  # tiles per kind in the melds
        self.size = 0  # sum(counts), kept by _add and _remove: the turn is read from it
        # the last waits worked out (wait_kinds) and the counts they are of: a hand in
        # riichi keeps its tiles, and its waits are asked again at a ron and a draw
        self._waited: list[int] | None = None
        self._waits: tuple[int, ...] = ()

    @staticmethod
    def from_notation(notation: HandNotation | str, seen: list[int] | None = None) -> "Hand":
        """The hand written by a hand string (手牌文字列) or its parsed form; its concealed
        tiles are also added to ``seen``, counts by kind, if given (the tiles in view of a
        deal, :meth:`Table.deal <paipu.table.Table.deal>`).

        A trailing ``,`` (a call just made) means no drawn tile. ValueError for a hand
        with face-down tiles (``_``), or with concealed tiles and melds that do not add up
        to 13 or 14 tiles.
        """
        if isinstance(notation, str):
            notation = parse_hand(notation)
        problem = unplayable(notation)
        if problem is not None:
            raise ValueError(problem)
        hand = Hand()
        hand._add(notation.concealed, seen)
        if notation.drawn:
            hand._add((notation.drawn,), seen)
        for meld in notation.melds:
            hand._add_meld(meld)
        hand.drawn = None if notation.awaiting_discard else notation.drawn
        hand.riichi = notation.riichi
        return hand

    def to_notation(self) -> HandNotation:
        """The hand in 電脳麻将 notation; a hand that has just called and must discard is
        written with a trailing ``,``."""
        concealed: list[str] = []
        counts = self.counts
        for k in range(34):  # compiled, a loop of native reads (a filter calls counts.__getitem__ per kind)
            if counts[k]:
                concealed += _REPEATED[k][counts[k]]
        for suit, red in enumerate(self.red):
            if red:  # the first fives of the suit are its red ones
                first = concealed.index(_ORDINARY_FIVES[suit])
                concealed[first:first + red] = _RED_FIVES[suit:suit + 1] * red
        if self.drawn is not None:
            concealed.remove(self.drawn)
        awaiting_discard = self.drawn is None and len(concealed) % 3 == 2
        return HandNotation(
            tuple(concealed), self.drawn, self.riichi, tuple(self.melds), 0, awaiting_discard
        )

    def tally(self) -> list[int]:
        """The concealed tiles but the drawn one, counted as scoring counts them: by kind
        (34 counts, a red five as a five), then the red fives of each suit (m, p, s); the
        tiles of :meth:`to_notation`'s ``concealed``, without writing them out."""
        tally = self.counts + self.red
        drawn = self.drawn
        if drawn is not None:
            slot = _slot(drawn)
            k = KIND_OF_SLOT[slot]
            tally[k] = tally[k] - 1
            if slot >= RED_SLOT:
                tally[slot] = tally[slot] - 1
        return tally

    def copy(self) -> "Hand":
        """An independent copy of the hand (for a snapshot of the table)."""
        other = Hand()
        other.counts, other.red, other.melds = list(self.counts), list(self.red), list(self.melds)
        other.drawn, other.riichi = self.drawn, self.riichi
        other.meld_counts, other.size = list(self.meld_counts), self.size
        return other

    def __str__(self) -> str:
        return str(self.to_notation())

    def __repr__(self) -> str:
        return f"Hand.from_notation({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.counts, self.red, self.melds, self.drawn, self.riichi) == (
            other.counts, other.red, other.melds, other.drawn, other.riichi
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- the actions -----------------------------------------------------------------

    def draw(self, tile: str) -> None:
        """Draw ``tile`` (自摸), from the wall or as a kan's replacement (嶺上牌).

        Needs ``3n+1`` concealed tiles and no fifth tile of a kind in the hand.
        """
        # The hot path of a replay: _add written out.
        slot = tile_slot(tile)
        if slot < 0:
            self._illegal(f"draw {tile!r}", "not a tile")
        k = KIND_OF_SLOT[slot]
        if self.size % 3 != 1:
            self._illegal(f"draw {tile}", "the hand must discard first")
        counts = self.counts
        if counts[k] + self.meld_counts[k] >= 4:
            self._illegal(f"draw {tile}", f"a fifth {kind_name(k)} in hand")
        counts[k] = counts[k] + 1
        if slot >= RED_SLOT:
            suit = slot - RED_SLOT
            self.red[suit] = self.red[suit] + 1
        self.size += 1
        self.drawn = tile

    def discard(self, tile: str, riichi: bool = False) -> None:
        """Discard ``tile`` (打牌), declaring riichi (立直) with it if ``riichi``.

        Needs ``3n+2`` concealed tiles holding ``tile`` (a red five is not a five). After
        riichi only the drawn tile may be discarded. Declaring riichi needs a hand not yet
        in riichi, with no called meld (門前), and ready (聴牌) after the discard.
        """
        # The hot path of a replay: _remove written out.
        slot = tile_slot(tile)
        if slot < 0:
            self._illegal(f"discard {tile!r}", "not a tile")
        if self.size % 3 != 2:
            self._illegal(f"discard {tile}", "nothing to discard before a draw or call")
        if not self._held_of(slot):
            self._illegal(f"discard {tile}", "not in hand")
        if self.riichi and tile != self.drawn:
            self._illegal(f"discard {tile}", f"in riichi, only the drawn {self.drawn} may go")
        if riichi:
            if self.riichi:
                self._illegal(f"riichi with {tile}", "riichi already declared")
            if not self.is_closed:
                self._illegal(f"riichi with {tile}", "the hand has called a meld")
        k = KIND_OF_SLOT[slot]
        self.counts[k] = self.counts[k] - 1
        if slot >= RED_SLOT:
            suit = slot - RED_SLOT
            self.red[suit] = self.red[suit] - 1
        self.size -= 1
        if riichi and not self.wait_kinds():
            self._add((tile,))
            self._illegal(f"riichi with {tile}", "not ready (聴牌) after the discard")
        self.drawn = None
        self.riichi = self.riichi or riichi

    def discard_in_place_of(self, tile: str, tsumogiri: bool, riichi: bool) -> bool:
        """After an impossible discard of ``tile``, take out what the player must have
        discarded: the drawn tile for a ``tsumogiri``, else a tile of the same kind (the
        other five of a red/ordinary pair), else some tile; never raises. Whether the hand
        is still known (False when some tile had to be taken)."""
        fives = (tile[0] + "5", tile[0] + "0") if tile[0] != "z" else ()
        same_kind = [t for t in (self.drawn, *fives) if t and kind(t) == kind(tile) and self._held(t)]
        known = True
        if tsumogiri and self.drawn:
            stand_in = self.drawn
        elif same_kind:
            stand_in = same_kind[0]
        else:
            known = False
            stand_in = self.drawn or next(t for t in self.to_notation().tiles)
        if self.size % 3 == 2:  # a tile to discard (a hand that has none keeps its tiles)
            if self.riichi and stand_in != self.drawn:
                known = False  # in riichi only the drawn tile could go: the hand is not what the log says
            self._remove(stand_in)
            self.drawn = None
        self.riichi = self.riichi or riichi
        return known

    def play_turn(self, drawn: str, discarded: str) -> bool:
        """Draw ``drawn`` and discard ``discarded`` (a turn with no call, kan or riichi
        declaration) if both are legal, and say whether they were: when not, the hand is
        unchanged, and :meth:`draw` and :meth:`discard` say what is wrong.

        The same as ``draw(drawn)`` then ``discard(discarded)``, in one call: most turns
        of a game are such turns, and most of those change at most two counts (a discarded
        drawn tile none).
        """
        return self.play_turn_of_slots(tile_slot(drawn), tile_slot(discarded))

    def play_turn_of_slots(self, slot: int, out: int) -> bool:
        """:meth:`play_turn` of the tiles of slots ``slot`` (drawn) and ``out`` (discarded)
        (:func:`~paipu.tiles.tile_slot`: -1 for a string that is not a tile), for a caller
        that has the slots already (:meth:`Table.play_turns <paipu.table.Table.play_turns>`)."""
        if slot < 0 or out < 0:
            return False  # not a tile
        k = KIND_OF_SLOT[slot]
        counts = self.counts
        if self.size % 3 != 1 or counts[k] + self.meld_counts[k] >= 4:
            return False
        if out != slot:  # another tile than the drawn one (a tile's name is its slot's)
            # held before the draw: the drawn tile is another (a red five is not a five)
            if self.riichi or not self._held_of(out):
                return False
            counts[k] = counts[k] + 1
            out_kind = KIND_OF_SLOT[out]
            counts[out_kind] = counts[out_kind] - 1
            red = self.red
            if slot >= RED_SLOT:
                red[slot - RED_SLOT] = red[slot - RED_SLOT] + 1
            if out >= RED_SLOT:
                red[out - RED_SLOT] = red[out - RED_SLOT] - 1
        self.drawn = None
        return True

    def call(self, meld: Meld) -> None:
        """Call another player's discard into ``meld`` (副露): a chi (吃), pon (碰) or open
        kan (大明槓); the meld's other tiles leave the concealed tiles.

        Needs ``3n+1`` concealed tiles holding those tiles, and no riichi.
        """
        if meld.type not in ("chi", "pon", "daiminkan"):
            self._illegal(f"call {meld}", f"{meld.type} is not a call on a discard")
        if self.size % 3 != 1:
            self._illegal(f"call {meld}", "the hand must discard first")
        if self.riichi:
            self._illegal(f"call {meld}", "the hand is in riichi")
        self._take(meld.hand_tiles, "call", meld)
        self._add_meld(meld)
        self.drawn = None

    def kan(self, meld: Meld) -> None:
        """Declare a kan on one's own turn: a closed kan (暗槓) of four concealed tiles, or
        an added kan (加槓) that adds a concealed tile to a pon.

        An added kan replaces the pon whose string is its own first five characters
        (``z666-6`` replaces ``z666-``). Needs ``3n+2`` concealed tiles.
        """
        if meld.type not in ("ankan", "kakan"):
            self._illegal(f"kan {meld}", f"{meld.type} is not a kan of one's own turn")
        if self.size % 3 != 2:
            self._illegal(f"kan {meld}", "a kan needs a drawn tile")
        if meld.type == "ankan":
            self._take(meld.tiles, "kan", meld)
            self._add_meld(meld)
        else:
            pon = str(meld)[:5]
            place = next((i for i, m in enumerate(self.melds) if str(m) == pon), None)
            if place is None:
                self._illegal(f"kan {meld}", f"no pon {pon} to add to")
            self._take((meld.added,), "kan", meld)  # type: ignore[arg-type]  # an added kan has its added tile
            self.melds[place] = meld
            self.meld_counts[kind(meld.added)] += 1  # type: ignore[arg-type]  # as above
        self.drawn = None

    def set_aside_north(self, tile: str = "z4") -> None:
        """Set ``tile``, a North, aside (北抜き, three players): it leaves the concealed
        tiles for the melds (written ``b``), and the hand draws a replacement next.

        Needs ``3n+2`` concealed tiles holding a North; in riichi only a drawn North.
        """
        if tile != "z4":
            self._illegal(f"set aside {tile}", "only a North (z4) is set aside")
        if self.size % 3 != 2:
            self._illegal("set aside z4", "nothing to set aside before a draw")
        if not self.counts[_NORTH]:
            self._illegal("set aside z4", "not in hand")
        if self.riichi and self.drawn != "z4":
            self._illegal("set aside z4", f"in riichi, only a drawn North may be set aside (drawn {self.drawn})")
        self._remove("z4")
        self._add_meld(NORTH)
        self.drawn = None

    # -- what the hand is ---------------------------------------------------------------

    def holds(self, tiles: Sequence[str]) -> bool:
        """Whether the concealed tiles are exactly ``tiles``, in any order (a red five is
        not a five)."""
        held = Hand()
        held._add(tuple(tiles))
        return held.counts == self.counts and held.red == self.red

    @property
    def is_closed(self) -> bool:
        """Whether the hand has called no meld (門前); closed kans keep it closed."""
        return all(meld.type in ("ankan", "north") for meld in self.melds)

    def shanten(self) -> int:
        """Shanten number (向聴数) of the concealed tiles (see :mod:`paipu.shanten`)."""
        return _shanten.shanten(self.counts)

    def waits(self) -> tuple[str, ...]:
        """Tiles that complete a hand of ``3n+1`` concealed tiles (待ち), by kind name
        (``m5`` for any five), leaving out a kind of which the concealed tiles hold all
        four. ValueError for a hand that holds a tile to discard."""
        return tuple(KINDS[k] for k in self.wait_kinds())

    def wait_kinds(self) -> tuple[int, ...]:
        """The kinds (0-33, ascending) of :meth:`waits`: :func:`paipu.shanten.waits` of
        the concealed tiles, worked out again only when they changed since last asked
        (a hand in riichi is asked at its declaration, then at a ron or a draw)."""
        counts = self.counts
        if self._waited != counts:
            self._waits = _shanten.waits(counts)
            self._waited = list(counts)
        return self._waits

    def is_tenpai(self) -> bool:
        """Whether a hand of ``3n+1`` concealed tiles is ready (聴牌): it has a wait."""
        return bool(self.wait_kinds())

    # -- helpers -------------------------------------------------------------------------

    def _illegal(self, action: str, reason: str) -> NoReturn:
        raise IllegalAction(f"{action}: {reason} (hand {self})")

    def _held(self, tile: str) -> int:
        """How many of exactly ``tile`` the concealed tiles hold (a red five apart)."""
        return self._held_of(_slot(tile))

    def _held_of(self, slot: int) -> int:
        """How many of exactly the tile of ``slot`` the concealed tiles hold (a red five apart)."""
        if slot >= RED_SLOT:
            return self.red[slot - RED_SLOT]
        five = _FIVE_SUIT[slot]
        if five >= 0:
            return self.counts[slot] - self.red[five]
        return self.counts[slot]

    def _add(self, tiles: tuple[str, ...], seen: list[int] | None = None) -> None:
        """Add ``tiles`` to the concealed tiles, and to ``seen`` (counts by kind) if given
        (KeyError for a string that is not a tile). (Compiled, one call for a hand's tiles,
        a loop over a tuple: a call per tile was half the cost of making a deal's hands.)"""
        counts, red = self.counts, self.red
        for tile in tiles:
            slot = tile_slot(tile)
            if slot < 0:
                raise KeyError(tile)
            k = KIND_OF_SLOT[slot]
            counts[k] = counts[k] + 1
            if seen is not None:
                seen[k] = seen[k] + 1
            self.size += 1
            if slot >= RED_SLOT:
                suit = slot - RED_SLOT
                red[suit] = red[suit] + 1

    def _remove(self, tile: str) -> None:
        self._remove_of(_slot(tile))

    def _remove_of(self, slot: int) -> None:
        """Take a tile of ``slot`` out of the concealed tiles."""
        k = KIND_OF_SLOT[slot]
        self.counts[k] = self.counts[k] - 1
        self.size -= 1
        if slot >= RED_SLOT:
            suit = slot - RED_SLOT
            self.red[suit] = self.red[suit] - 1

    def _take(self, tiles: tuple[str, ...], verb: str, meld: Meld) -> None:
        """Remove ``tiles`` from the concealed tiles to ``verb`` (call, kan) ``meld``, or
        raise with the hand unchanged. (A tuple: compiled, a native loop over it; each
        tile's slot worked out once.)"""
        for taken, tile in enumerate(tiles):
            slot = _slot(tile)
            if not self._held_of(slot):
                self._add(tiles[:taken])
                needed, held = tiles.count(tile), self._held_of(slot)
                self._illegal(f"{verb} {meld}", f"needs {needed} {tile} from the hand, which holds {held}")
            self._remove_of(slot)

    def _add_meld(self, meld: Meld) -> None:
        self.melds.append(meld)
        meld_counts = self.meld_counts
        for tile in meld.tiles:
            k = KIND_OF_SLOT[_slot(tile)]
            meld_counts[k] = meld_counts[k] + 1
