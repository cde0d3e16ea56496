"""The facts of the statistics, read from a game's events: each seat's row of a round, each
player's row of a game, and (following the hands tile by tile) each discard's turn.

What every column holds is declared in :data:`paipu.stats.FACTS`; this module reads the
values, in that order, with no pandas: it is compiled with the rules engine (``setup.py``,
``COMPILED``), and :mod:`paipu.stats` makes the tables of its columns. One :class:`GameFacts`
reads a pass over games, a round at a time (:meth:`GameFacts.add_round`): one loop over
the round's events, as the walk (:func:`paipu.observe.walk`) would call an observer's hooks
on them.
"""

from __future__ import annotations

from typing import Final, Sequence

from .events import (Call, Deal, Discard, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Round, Win,
                     player_name, player_rank)
from .hand import unplayable
from .limits import DECIMAL
from .shanten import Tracked, waits
from .tiles import HandNotation, kind

__all__ = ["GameFacts", "Columns", "Row", "EXHAUSTIVE_DRAWS", "VALUE_BANDS", "BIG_LOSS", "TENHOU_FIRST_SECOND", "TENHOU_LAST_PER_DAN",
           "tenhou_rank_points"]

Row = tuple[object, ...]
"""One row of a table, its values in the order of its facts (:data:`paipu.stats.FACTS`)."""

EXHAUSTIVE_DRAWS: Final = frozenset({"荒牌平局", "流局", "流し満貫"})
"""``pingju`` names of an exhaustive draw (wall exhausted; 流局 is the Tenhou spelling).
Every other ``pingju`` is an abortive draw (途中流局)."""

_DORA: Final = frozenset({"ドラ", "赤ドラ", "裏ドラ"})

VALUE_BANDS: dict[str, int] = {"small": 0, "medium": 960, "mangan": 2000, "haneman": 3000}
"""The value bands of a win or a deal-in, each from its least base points (基本点, the
value a non-dealer's ron is four times of): ``small`` below 960 (a ron below 3,900, a
dealer's below 5,800), ``medium`` from 960 (3,900 to 7,700; dealer 5,800 to 11,600: 30
fu 3 han up to 30 fu 4 han), ``mangan`` from 2,000 (満貫: 8,000; 12,000), ``haneman``
from 3,000 (跳満 or more: 12,000; 18,000). A hand's base points are its value (``hule.defen``,
honba and sticks excluded) over the shares it is paid in: 4, or 6 as dealer; a tsumo of
a three-player game under ツモ損 3, or 4 as dealer (the absent player's share is lost)."""


BIG_LOSS = 8000
"""A round is a **big loss** when the player's score change over it (payments, the riichi
deposit included: ``score_change`` of :data:`paipu.stats.ROUND_COLUMNS`) is this many
points or more below 0: 8,000 is what a non-dealer pays into a mangan (``paipu report``
lists such rounds with the deal-ins)."""


_BANDS_FROM_HIGHEST: Final[tuple[tuple[str, int], ...]] = tuple(reversed(VALUE_BANDS.items()))
""":data:`VALUE_BANDS` from the highest: compiled, ``reversed`` over a dict's items is a
call through Python at every win (12% of reading a round's facts, callgrind)."""


def _value_band(points: int, dealer: bool, tsumo_loss: bool) -> str:
    """The :data:`VALUE_BANDS` band of a hand worth ``points``; ``tsumo_loss``: a tsumo
    of a three-player game under ツモ損, paid in one share fewer than four players pay."""
    shares = (4 if dealer else 3) if tsumo_loss else (6 if dealer else 4)
    base = points / shares
    for band, least in _BANDS_FROM_HIGHEST:
        if base >= least:
            return band
    raise ValueError(f"a hand worth {points} is in no value band")


TENHOU_FIRST_SECOND: dict[str, tuple[int, int]] = {"般": (30, 15), "上": (60, 15), "特": (75, 30), "鳳": (90, 45)}
"""Tenhou's rank points (段位pt) for 1st and 2nd place in a four-player East-South game
(東南戦) of each ranked room: 一般 (般), 上級 (上), 特上 (特), 鳳凰 (鳳); 3rd place gets 0.
An East game (東風戦) gets two thirds of these. Source: Tenhou's manual
(https://tenhou.net/man/, 段位), as tabled by https://mahjong-dora2.com/game/02-07.html;
``docs/stats.md`` ("Tenhou's ranking")."""

TENHOU_LAST_PER_DAN: dict[str, int] = {"south": 15, "east": 10}
"""Tenhou's 4th place loss in a four-player game is this times (dan + 2) for a player of
初段 (1) to 十段 (10): 初段 −45 … 十段 −180 East-South, −30 … −120 East (the same
sources as :data:`TENHOU_FIRST_SECOND`)."""

_DAN_NUMBERS: Final = {f"{numeral}段": number for number, numeral in enumerate("初二三四五六七八九十", 1)}


def tenhou_room(room: str) -> tuple[int, int, int] | None:
    """(1st place points, 2nd place points, 4th place loss per dan + 2) of a four-player
    Tenhou ranked room (``四鳳南喰赤``...); ``None`` for any other room."""
    if len(room) < 3 or room[0] != "四" or room[1] not in TENHOU_FIRST_SECOND or room[2] not in "東南":
        return None
    first, second = TENHOU_FIRST_SECOND[room[1]]
    if room[2] == "東":
        return first * 2 // 3, second * 2 // 3, TENHOU_LAST_PER_DAN["east"]
    return first, second, TENHOU_LAST_PER_DAN["south"]


def tenhou_rank_points(room: str, rank: int, dan: str) -> int | None:
    """The rank points (段位pt) Tenhou gives a player of ``dan`` (``初段`` to ``十段``)
    placed ``rank`` in a four-player game of ``room`` (its name as logged, ``四特南喰赤``):
    :data:`TENHOU_FIRST_SECOND` for 1st and 2nd (two thirds of them in East games), 0 for
    3rd, −:data:`TENHOU_LAST_PER_DAN` × (dan + 2) for 4th. ``None`` for another room
    (three players, a lobby that is not ranked) or rank (新人, 級, 天鳳位: the tables
    cited state none).

    >>> tenhou_rank_points("四鳳南喰赤", 4, "七段"), tenhou_rank_points("四特東喰赤", 1, "五段")
    (-135, 50)
    """
    table, number = tenhou_room(room), _DAN_NUMBERS.get(dan)
    if table is None or number is None:
        return None
    first, second, per_dan = table
    return (first, second, 0, -per_dan * (number + 2))[rank - 1]


def _yaku(win: Win) -> dict[str, int]:
    """The win's yaku as {name: count}: repeated entries summed (as analog does)."""
    counts: dict[str, int] = {}
    for yaku in win.yaku:
        if yaku.name in _DORA:
            if yaku.han:
                counts[yaku.name] = counts.get(yaku.name, 0) + yaku.han
        else:
            counts[yaku.name] = counts.get(yaku.name, 0) + 1
    return counts


def _given(event: Event) -> tuple[str, ...]:
    """The concealed tiles a call, a kan or a North takes from its seat's hand (a tile
    with its red mark, as written: ``m0``)."""
    if type(event) is NorthSetAside:
        return ("z4",)
    meld = event.meld  # type: ignore[union-attr]  # a call's or a kan's
    added = meld.added
    return (added,) if meld.type == "kakan" and added is not None else meld.hand_tiles


def ready_at_end(round_: Round, seats: list[int]) -> dict[int, bool | None]:
    """Whether each of ``seats`` is ready (聴牌) at the end of ``round_``: its concealed
    tiles counted from the deal through the draws, discards, calls, kans and Norths set
    aside (the tiles :class:`GameFacts` follows with ``engine``, counted here in one
    loop: 3 in 20 rounds end in a draw with a hand not shown), then asked for a wait
    (:func:`paipu.shanten.waits`, as :meth:`paipu.hand.Hand.is_tenpai`). ``None`` for a
    hand the events do not fit (a tile given away that it does not hold), or not of 3n+1
    tiles up to 13."""
    deal = round_.deal
    players = len(deal.hands)
    hands: list[list[int] | None] = [None] * players  # by seat: those of ``seats`` counted
    for seat in seats:
        hands[seat] = _counts(deal.hands[seat])
    lost = [False] * players
    for event in round_.events:
        # isinstance narrows the event's type, so the compiled loop reads its fields
        # natively (type(event) does not: a generic attribute read and compare each)
        if isinstance(event, (Draw, KanDraw, Discard)):
            seat = event.seat
            hand = hands[seat] if 0 <= seat < players else None
            if hand is not None:
                k = kind(event.tile)
                if not isinstance(event, Discard):
                    hand[k] = hand[k] + 1
                elif hand[k]:
                    hand[k] = hand[k] - 1
                else:
                    lost[seat] = True
        elif isinstance(event, (Call, Kan, NorthSetAside)):
            seat = event.seat
            hand = hands[seat] if 0 <= seat < players else None
            if hand is not None:
                for tile in _given(event):
                    k = kind(tile[:2])
                    if hand[k]:
                        hand[k] = hand[k] - 1
                    else:
                        lost[seat] = True
    found: dict[int, bool | None] = {}
    for seat in seats:
        counted = hands[seat]
        if lost[seat] or counted is None:
            found[seat] = None
        else:
            size = 0
            for count in counted:
                size += count
            found[seat] = ready(counted, size)
    return found


def _counts(hand: HandNotation) -> list[int]:
    """:meth:`paipu.tiles.HandNotation.counts` of a hand, each tile's kind by
    :func:`paipu.tiles.kind`: compiled, half the cost of ``counts()``, whose look-ups of
    each tile in :data:`paipu.tiles.KIND_OF` (in C, the interpreted build's fast way)
    hash each tile string anew."""
    counts = [0] * 34
    for tile in hand.concealed:
        k = kind(tile)
        counts[k] = counts[k] + 1
    if hand.drawn:
        k = kind(hand.drawn)
        counts[k] = counts[k] + 1
    return counts


def ready(counts: list[int], size: int) -> bool | None:
    """Whether concealed tiles ``counts`` (``size`` in all) wait on a tile (聴牌); ``None``
    for a hand of another size than 3n+1 up to 13."""
    return bool(waits(counts)) if size % 3 == 1 and size <= 13 else None


def _point(text: object) -> float | None:
    """A final point as a number; ``None`` (NA) for one that is not a decimal number (the
    readers refuse such a log; a game made in Python may still hold one)."""
    written = str(text)
    return float(written) if DECIMAL.fullmatch(written) else None


def _win_class(win: Win, riichi: bool) -> str:
    """The ``win_class`` of a win: ``riichi``, ``dama``, ``chi`` or ``pon`` (see :data:`paipu.stats.FACTS`)."""
    if riichi:
        return "riichi"
    called = [meld.type for meld in win.hand.melds if meld.type not in ("ankan", "north")]
    return "dama" if not called else "chi" if all(kind == "chi" for kind in called) else "pon"


_LENGTHS: Final[dict[object, str]] = {1: "east", 2: "south"}
"""The ``length`` of a game by its rule's ``winds``."""


class Columns:
    """The columns of one part of a table (:data:`paipu.stats.FACTS`' ``part``), added to a
    row at a time: the rows' values one after the other in one list (a row's parts
    appended as they come, no tuple of the whole row made), each column sliced out of it
    when taken (appending each value to a list of its column cost 7 times as much).
    ``rows``: with a part kept only in the rows it applies to, the row of its table each
    of its rows is of; with the facts of a round, the first row of the round."""

    def __init__(self) -> None:
        self.values: list[object] = []
        self.rows: list[int] = []
        self.size = 0
        """The number of rows."""
        self.width = 0
        """The number of columns (the values of the first row)."""

    def add(self, row: Row) -> None:
        """One more row."""
        self.values.extend(row)
        self.add_row_end()

    def add_at(self, row: int, values: Row) -> None:
        """One more row, of row ``row`` of the table (see :attr:`rows`)."""
        self.rows.append(row)
        self.add(values)

    def add_part(self, values: Row) -> None:
        """Values of the row being added, after those added before (a row added in parts,
        :meth:`add_row_end` after the last)."""
        self.values.extend(values)

    def add_row_end(self) -> None:
        """The row whose parts :meth:`add_part` added is whole."""
        self.size += 1
        if not self.width:
            self.width = len(self.values)

    def take(self) -> tuple[list[list[object]], list[int]]:
        """The columns (none if no row was added) and :attr:`rows`, emptied here."""
        values, width, rows = self.values, self.width, self.rows
        if len(values) != width * self.size:
            raise ValueError(f"rows of another width than the first's ({width} values)")
        self.values, self.rows, self.size, self.width = [], [], 0, 0
        return [values[column::width] for column in range(width)], rows


class GameFacts:
    """The facts of a pass over games, into the columns of the rounds and games tables
    (:attr:`rounds`, :attr:`games`): :meth:`start` at each game, :meth:`add_round` for
    each of its rounds in order, :meth:`add_game` at its end. With ``engine``, each hand
    is followed tile by tile from the deal as the engine's table follows it (the facts of
    the hands: :data:`paipu.stats.FACTS` marked ``engine``), and each discard's turn is
    kept (:attr:`turns`); ``every_turn=False`` keeps only the discards after a call (all a
    summary reads), asking the shanten only there."""

    def __init__(self, engine: bool = False, every_turn: bool = True) -> None:
        self.engine = engine
        self.every_turn = every_turn
        self.game_index = -1
        """0-based position of the game in this pass."""
        self.names: list[str] = []
        self.tsumo_loss = False
        """Whether a tsumo is paid in one share fewer than with four players (ツモ損)."""
        self.dealer = -1
        self.dealer_run = 0
        self.rounds = Columns()
        """The rounds table's columns of its facts of each seat (:data:`paipu.stats.ROUND_COLUMNS`
        of part ``seat``): a row per seat of each round that ends; the table's rows."""
        self.round_wide = Columns()
        """The rounds table's facts of a round (part ``round``), a row per round, of the
        same value in each of its seats' rows."""
        self.riichi = Columns()
        """The rounds table's facts of a riichi (part ``riichi``), in the rows of the seats
        that declared it."""
        self.wins = Columns()
        """The rounds table's facts of a win (part ``win``), in the winners' rows."""
        self.deal_ins = Columns()
        """The rounds table's facts of a deal-in (part ``deal_in``), in the rows of the
        seats that dealt in."""
        self.draws = Columns()
        """The rounds table's facts of an exhaustive draw (part ``draw``), in each seat's row of
        a round that ends in one."""
        self.games = Columns()
        """The games table's columns (:data:`paipu.stats.GAME_COLUMNS`)."""
        self.turns = Turns()
        """The turns of the rounds read (with ``engine``): those of rounds that end."""

    def start(self, game: Game) -> None:
        """A game begins."""
        self.game_index += 1
        self.names = [player_name(name) for name in game.players]
        origin = game.origin
        self.tsumo_loss = len(game.players) == 3 and (origin is None or bool(dict(origin.rule).get("tsumo_loss", True)))
        self.dealer = -1
        self.dealer_run = 0

    def add_round(self, game: Game, index: int, round_: Round) -> None:
        """Round ``index`` of ``game``: a row per seat in :attr:`rounds` (none for a round
        the log stops in), the turns of its discards in :attr:`turns`."""
        dealer = round_.player_of(0)
        self.dealer_run = self.dealer_run + 1 if dealer == self.dealer else 1
        self.dealer = dealer
        facts = RoundFacts(round_, self.engine, self.every_turn)
        facts.read()
        if not round_.is_complete:
            return
        if facts.followed is not None:
            self.turns.keep(self, index, round_, facts.followed)
        facts.add_rows(self, game, index)

    def round_parts(self) -> dict[str, Columns]:
        """The columns of the rounds table by part (``paipu.stats.FACTS``' ``part``)."""
        return {"round": self.round_wide, "seat": self.rounds, "riichi": self.riichi, "win": self.wins,
                "deal_in": self.deal_ins, "draw": self.draws}

    def add_game(self, game: Game) -> None:
        """A game's end: a row per player in :attr:`games`."""
        ranks, scores, points = game.ranks, game.final_scores, game.points
        finished = ranks is not None and scores is not None and points is not None
        players = len(self.names)
        origin = game.origin
        winds = dict(origin.rule).get("winds") if origin is not None else None
        place: Row = (("", "", "", None) if origin is None else
                      (origin.platform, origin.room, _LENGTHS.get(winds, ""), origin.date))
        room = "" if origin is None else origin.room
        for player, name in enumerate(self.names):
            rank = ranks[player] if ranks is not None and finished else None
            dan, rating = player_rank(game.players[player])
            self.games.add((
                game.source, self.game_index, player, name, players, rank,
                scores[player] if scores is not None and finished else None,
                _point(points[player]) if points is not None and finished else None,
                *place, dan, rating, None if rank is None else tenhou_rank_points(room, rank, dan),
            ))


class Turns:
    """The turns table's columns (:data:`paipu.stats.TURN_COLUMNS`), one value per discard
    kept."""

    def __init__(self) -> None:
        self.game: list[int] = []
        self.round: list[int] = []
        self.seat: list[int] = []
        self.player: list[int] = []
        self.name: list[str] = []
        self.turn: list[int] = []
        self.shanten: list[int | None] = []
        self.call: list[bool] = []

    def columns(self) -> dict[str, Sequence[object]]:
        """The columns by name."""
        return {"game": self.game, "round": self.round, "seat": self.seat, "player": self.player, "name": self.name,
                "turn": self.turn, "shanten": self.shanten, "call": self.call}

    def keep(self, game: GameFacts, index: int, round_: Round, facts: FollowedHands) -> None:
        """The turns of round ``index`` that ``facts`` kept."""
        count = len(facts.turn_seats)
        players = [round_.player_of(seat) for seat in range(round_.players)]
        self.game.extend([game.game_index] * count)
        self.round.extend([index] * count)
        self.seat.extend(facts.turn_seats)
        for seat in facts.turn_seats:
            player = players[seat]
            self.player.append(player)
            self.name.append(game.names[player])
        self.turn.extend(facts.turn_numbers)
        self.shanten.extend(facts.turn_shanten)
        self.call.extend(facts.turn_calls)


class FollowedHands:
    """Each seat's concealed tiles followed through a round's events (the facts of the
    hands, with ``engine``), and a turn for each discard with the shanten of the hand
    after it (looked up again only when the hand is not as it was after the seat's last
    discard); ``every_turn=False`` keeps only the discards after a call."""

    def __init__(self, deal: Deal, every_turn: bool) -> None:
        self.every_turn = every_turn
        seats = len(deal.hands)
        tracked = [Tracked(hand.counts()) for hand in deal.hands]
        self.hands: list[Tracked | None] = list(tracked)
        """Each seat's concealed tiles but the one it drew and has not yet discarded (or
        ``None``: a hand the events do not fit, a tile given away that it does not hold,
        followed no more)."""
        self.drawn: list[str | None] = [None] * seats
        """The tile each seat drew, not in :attr:`hands` yet: discarding it leaves the hand
        as it was, and its shanten with it."""
        self.start_shanten: list[int | None]
        self.shanten_after: list[int | None]
        """The shanten of each seat's hand after its last discard (at first, the deal's),
        to be looked up again where :attr:`changed`."""
        self.changed: list[bool]
        """Whether anything has changed each seat's hand since :attr:`shanten_after` (a
        discard of another tile than the one drawn, a second draw, a call, a kan, a North)."""
        # not when a hand cannot be played: the replay refuses the deal, no shanten
        if not any([unplayable(hand) is not None for hand in deal.hands]):
            self.start_shanten = [hand.shanten() for hand in tracked]
            self.shanten_after = list(self.start_shanten)
            self.changed = [False] * seats
        else:
            self.start_shanten = [None] * seats
            self.shanten_after = [None] * seats
            self.changed = [True] * seats
        self.riichi_waits: list[tuple[int | None, bool | None]] = [(None, None)] * seats
        """Each seat's number of waits at its riichi, and whether it had discarded one of them."""
        self.rivers: list[list[str]] = [[] for _ in range(seats)]
        """The tiles each seat discarded."""
        self.turn_seats: list[int] = []
        self.turn_numbers: list[int] = []
        self.turn_shanten: list[int | None] = []
        self.turn_calls: list[bool] = []

    def draw(self, seat: int, tile: str) -> None:
        """``seat`` draws ``tile``."""
        held, hand = self.drawn[seat], self.hands[seat]
        if held is not None and hand is not None:  # a second draw, no discard between
            hand.add(kind(held))
            self.changed[seat] = True
        self.drawn[seat] = tile

    def discard(self, seat: int, tile: str, turn: int, after_call: bool) -> None:
        """``seat`` discards ``tile``, its ``turn``-th discard (``after_call``: the first
        after its call)."""
        held = self.drawn[seat]
        self.drawn[seat] = None
        self.rivers[seat].append(tile)
        hand = self.hands[seat]
        if hand is not None and held != tile:  # the hand has changed: not the tile drawn discarded
            if held is not None:
                hand.add(kind(held))
            if hand.remove(kind(tile)):
                self.changed[seat] = True
            else:
                hand = self.hands[seat] = None
        if self.every_turn or after_call:
            self.turn_seats.append(seat)
            self.turn_numbers.append(turn)
            self.turn_shanten.append(self._shanten_after(seat, hand))
            self.turn_calls.append(after_call)

    def riichi(self, seat: int) -> None:
        """``seat`` has declared riichi with its discard: its waits, and whether it
        discarded one of them."""
        hand = self.hands[seat]
        if hand is not None and hand.size % 3 == 1 and hand.size <= 13:  # else no waits
            found = waits(hand.counts)
            river = {kind(tile) for tile in self.rivers[seat]}
            self.riichi_waits[seat] = (len(found), not river.isdisjoint(found))

    def _shanten_after(self, seat: int, hand: Tracked | None) -> int | None:
        """The shanten of ``seat``'s hand after its discard (``None``: not known)."""
        if hand is None:
            return None
        if self.changed[seat]:
            try:
                self.shanten_after[seat] = hand.shanten()
            except ValueError:  # not a hand's size: the events do not fit it
                self.shanten_after[seat] = None
            self.changed[seat] = False
        return self.shanten_after[seat]

    def give(self, seat: int, given: tuple[str, ...]) -> None:
        """``seat`` gives ``given`` from its hand (a call, a kan, a North), the tile drawn
        joining the hand first."""
        hand, held = self.hands[seat], self.drawn[seat]
        self.drawn[seat] = None
        if hand is not None:
            if held is not None:
                hand.add(kind(held))
            self.changed[seat] = True
            if not all([hand.remove(kind(tile[:2])) for tile in given]):
                self.hands[seat] = None

    def ready_at_end(self, seats: list[int]) -> dict[int, bool | None]:
        """:func:`ready_at_end` from the hands followed to the round's end (with the tile
        drawn and not discarded): not counted a second time."""
        found: dict[int, bool | None] = {}
        for seat in seats:
            hand, held = self.hands[seat], self.drawn[seat]
            if hand is None:
                found[seat] = None
                continue
            counts = list(hand.counts)
            if held is not None:
                k = kind(held)
                counts[k] = counts[k] + 1
            found[seat] = ready(counts, hand.size + (held is not None))
        return found


class DealIn:
    """A seat's deal-ins (放銃) of a round: how many wins its discard gave (two in a double
    ron), the points it paid for them (``None`` once a payment is not logged), the turn of
    the tile ronned, and the first of those wins (:attr:`winner`)."""

    def __init__(self, turn: int, winner: Win) -> None:
        self.count = 0
        self.paid: int | None = 0
        self.turn = turn
        self.winner = winner


class RoundFacts:
    """Each seat's facts of one round, read from its events in one loop (:meth:`read`):
    its discards, riichi, calls, wins, deal-ins and the draw, as logged; with ``engine``,
    its concealed tiles followed too (:attr:`followed`)."""

    def __init__(self, round_: Round, engine: bool, every_turn: bool) -> None:
        self.round = round_
        deal = round_.deal
        seats = len(deal.hands)
        self.discards = [0] * seats
        self.riichi_turn: list[int | None] = [None] * seats
        self.riichi_order: list[int] = []
        self.riichi_at: list[int] = []
        self.calls = [0] * seats
        self.wins: dict[int, tuple[Win, int]] = {}
        self.deal_ins: dict[int, DealIn] = {}
        """The deal-ins of the seats that dealt in."""
        self.ending: NoWin | None = None
        self.followed = FollowedHands(deal, every_turn) if engine else None
        """The hands followed, with ``engine`` (none made without: a statistics of 2,020
        games reads a round's facts 20,890 times)."""

    def read(self) -> None:
        """Read the round's events."""
        events = self.round.events
        followed, discards, calls = self.followed, self.discards, self.calls
        after_call = -1  # the seat whose call the next discard follows
        # isinstance narrows the event's type, so the compiled loop reads its fields
        # natively (type(event) does not: a generic attribute read and compare each)
        for position in range(1, len(events)):
            event = events[position]
            if isinstance(event, Discard):
                seat = event.seat
                turn = discards[seat] + 1
                discards[seat] = turn
                if followed is not None:
                    followed.discard(seat, event.tile, turn, after_call == seat)
                if event.riichi:
                    self.riichi_turn[seat] = turn
                    self.riichi_order.append(seat)
                    self.riichi_at.append(position)
                    if followed is not None:
                        followed.riichi(seat)
                after_call = -1
            elif isinstance(event, (Draw, KanDraw)):
                if followed is not None:
                    followed.draw(event.seat, event.tile)
            elif isinstance(event, (Call, Kan, NorthSetAside)):
                seat = event.seat
                if isinstance(event, Call):
                    calls[seat] = calls[seat] + 1
                    after_call = seat
                if followed is not None:
                    followed.give(seat, _given(event))
            elif isinstance(event, Win):
                self._win(event, events, position)
            elif isinstance(event, NoWin):
                self.ending = event

    def _win(self, win: Win, events: tuple[Event, ...], position: int) -> None:
        self.wins[win.seat] = (win, self.discards[win.seat] + 1)
        discarder = win.discarder
        if discarder is not None:
            deal_in = self.deal_ins.get(discarder)
            if deal_in is None:  # the turn of the tile ronned: discarded, or added to a kan (槍槓)
                before = position - 1
                while isinstance(events[before], Win):  # a double ron's first winner
                    before -= 1
                turn = self.discards[discarder] + isinstance(events[before], Kan)
                deal_in = self.deal_ins[discarder] = DealIn(turn, win)
            deal_in.count = deal_in.count + 1
            paid, payments = deal_in.paid, win.payments
            deal_in.paid = None if paid is None or payments is None else paid - payments[discarder]

    def _ready_at_end(self, seats: list[int]) -> dict[int, bool | None]:
        """:func:`ready_at_end`, from the hands followed where they are."""
        if self.followed is None:
            return ready_at_end(self.round, seats)
        return self.followed.ready_at_end(seats)

    def _band(self, win: Win, tsumo_loss: bool) -> str:
        """The :data:`VALUE_BANDS` band of a win whose value the log states."""
        return _value_band(win.points, win.seat == 0, tsumo_loss and win.discarder is None)

    def _state(self, seat: int) -> str:
        return "riichi" if self.riichi_turn[seat] is not None else "called" if self.calls[seat] else "closed"

    def add_rows(self, game_facts: GameFacts, game: Game, index: int) -> None:
        """Add to ``game_facts``' columns the facts of :data:`paipu.stats.ROUND_COLUMNS` for
        every seat of the round, round ``index`` of ``game``, which ends, each in its part
        (:meth:`GameFacts.round_parts`): the facts of the round once, and those of a riichi,
        a win, a deal-in or an exhaustive draw only in the rows they apply to."""
        round_ = self.round
        ending, names, wins, riichi_turn, order = self.ending, game_facts.names, self.wins, self.riichi_turn, self.riichi_order
        deal_ins = self.deal_ins
        tsumo_loss, followed, rows = game_facts.tsumo_loss, self.followed, game_facts.rounds
        draw = ending is not None and ending.name in EXHAUSTIVE_DRAWS
        results: list[Win] = [win for win, _ in wins.values()]
        endings: list[Win | NoWin] = [*results, ending] if ending is not None else list(results)
        changes: tuple[int | None, ...] | None = round_.score_changes(self.riichi_at, endings)
        if changes is None and index + 1 < len(game.rounds):
            changes = round_.score_changes_until(game.rounds[index + 1])
        if not changes:
            changes = (None,) * round_.players
        tsumo: Win | None = None
        ron = False
        for win in results:
            if win.discarder is None:
                if tsumo is None:
                    tsumo = win
            else:
                ron = True
        shown: list[bool] = []
        ready_: dict[int, bool | None] = {}
        if draw and ending is not None:
            shown = [hand is not None for hand in ending.hands]
            hidden = [seat for seat, hand_shown in enumerate(shown) if not hand_shown]
            if hidden:
                ready_ = self._ready_at_end(hidden)
        game_facts.round_wide.add_at(rows.size, (game.source, game_facts.game_index, index, round_.label, draw,
                                                 ending is not None and not draw, None if ending is None else ending.name))
        first_riichi = order[0] if order else None
        players = round_.players
        first_player = round_.player_of(0)
        for seat in range(players):
            row = rows.size
            player = (first_player + seat) % players
            turn = riichi_turn[seat]
            riichi = turn is not None
            if riichi:
                riichi_facts: Row = (True, turn, first_riichi == seat, order[-1] != seat)
                if followed is not None:
                    waits_, furiten = followed.riichi_waits[seat]
                    riichi_facts = (*riichi_facts, waits_, None if waits_ is None else waits_ >= 2, furiten)
                game_facts.riichi.add_at(row, riichi_facts)
            won_turn = wins.get(seat)
            won = won_turn is not None
            if won_turn is not None:
                win, win_turn = won_turn
                if win.states_value:  # mjai's hora does not: no value, no yaku
                    tally = _yaku(win)  # 裏ドラ in it only worth some han
                    game_facts.wins.add_at(row, (
                        True, "tsumo" if win.discarder is None else "ron", win.points,
                        None if win.payments is None else win.payments[seat], win_turn, not riichi and win.hand.is_closed,
                        "一発" in tally, "裏ドラ" in tally, tally, _win_class(win, riichi), self._band(win, tsumo_loss),
                    ))
                else:
                    game_facts.wins.add_at(row, (
                        True, "tsumo" if win.discarder is None else "ron", None,
                        None if win.payments is None else win.payments[seat], win_turn, not riichi and win.hand.is_closed,
                        None, None, None, _win_class(win, riichi), None,
                    ))
            deal_in = deal_ins.get(seat) if deal_ins else None
            if deal_in is not None:
                winner = deal_in.winner
                winner_state = ("riichi" if riichi_turn[winner.seat] is not None
                                else "dama" if winner.hand.is_closed else "called")
                game_facts.deal_ins.add_at(row, (True, deal_in.count, deal_in.paid, self._state(seat), winner_state,
                                                 self._band(winner, tsumo_loss) if winner.states_value else None,
                                                 deal_in.turn))
            if draw:
                hand_shown = shown[seat]
                game_facts.draws.add_at(row, (True if hand_shown else ready_[seat], hand_shown))
            tsumo_against = tsumo is not None and tsumo.seat != seat
            tsumo_paid: int | None = None
            if tsumo is not None and tsumo_against and tsumo.payments is not None:
                tsumo_paid = -tsumo.payments[seat]
            calls = self.calls[seat]
            rows.add_part((seat, player, names[player], seat == 0, game_facts.dealer_run if seat == 0 else None,
                           first_riichi is not None and first_riichi != seat, calls, calls > 0,
                           tsumo_against, tsumo_paid, ron and not won and deal_in is None, changes[seat]))
            if followed is not None:
                rows.add_part((followed.start_shanten[seat],))
            rows.add_row_end()
