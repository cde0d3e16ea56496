"""The event model: typed, immutable events, rounds and games.

Every log format becomes this one event stream, the vocabulary of 電脳麻将 paipu:

=============  ==========  ===========================================================
class          paipu key   meaning
=============  ==========  ===========================================================
:class:`Deal`       qipai     start of a round (配牌): scores, honba, sticks, dora, hands
:class:`Draw`       zimo      a draw from the wall (自摸)
:class:`KanDraw`    gangzimo  the replacement draw after a kan (槓自摸, 嶺上牌)
:class:`Discard`    dapai     a discard (打牌), maybe tsumogiri and/or riichi
:class:`Call`       fulou     a chi, pon or open kan on a discard (副露)
:class:`Kan`        gang      a closed or added kan on one's own turn (暗槓, 加槓)
:class:`DoraReveal` kaigang   a new dora indicator turned over after a kan (開槓)
:class:`Win`        hule      a win (和了) with its logged value and payments
:class:`NoWin`      pingju    a round that ends without a win (流局): exhaustive or abortive
:class:`NorthSetAside` penuki a North tile set aside in three-player mahjong (北抜き)
=============  ==========  ===========================================================

Two index systems are used, as in the format: a **seat** (``l``) is relative to the
round's dealer (0 = dealer/East, 1 = South, 2 = West, 3 = North) and indexes everything
inside a round; a **player** id indexes :attr:`Game.players` and the final results.
``player = (first_dealer + hand_number + seat) % players``.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any, Final, Iterable, Iterator, Mapping, Union

from mypy_extensions import mypyc_attr

from .records import pickle_by_fields
from .tiles import HandNotation, Meld
from .names import WIND_NAMES, Yaku, draw_name
from .text import account

__all__ = [
    "player_name",
    "player_rank",
    "Deal",
    "Draw",
    "KanDraw",
    "Discard",
    "Call",
    "Kan",
    "DoraReveal",
    "Yaku",
    "Win",
    "NoWin",
    "NorthSetAside",
    "Event",
    "EVENT_KEYS",
    "Round",
    "Game",
    "Origin",
    "WIND_NAMES",
    "locator",
    "takes_riichi_stick",
]


@mypyc_attr(acyclic=True)
class _Keyed:
    """What every event has: its 電脳麻将 name (:data:`EVENT_KEYS`)."""

    __slots__ = ()

    @property
    def key(self) -> str:
        """The event's name in 電脳麻将 paipu (``qipai``, ``zimo``...: :data:`EVENT_KEYS`).

        A property reading a table rather than a class attribute: mypyc, which compiles
        this module, takes a ``ClassVar`` with a value in a dataclass for a field."""
        return EVENT_KEYS[type(self)]


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Deal(_Keyed):
    """Start of a round (配牌, ``qipai``).

    ``scores`` (``defen``) and ``hands`` (``shoupai``) are by seat. ``scores`` are the
    scores at the start of the round, previous riichi deposits already taken.
    """

    round_wind: int
    """場風 (``zhuangfeng``): 0 East, 1 South, 2 West, 3 North."""
    hand_number: int
    """局数 within the wind (``jushu``, 0-3): the dealer's offset from the first dealer."""
    honba: int
    """本場 (``changbang``): repeat counter."""
    riichi_sticks: int
    """供託 (``lizhibang``): riichi sticks already on the table."""
    scores: tuple[int, ...]
    dora_indicator: str
    """The first dora indicator (宝牌表示牌, ``baopai``)."""
    hands: tuple[HandNotation, ...]

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, round_wind: int, hand_number: int, honba: int, riichi_sticks: int, scores: tuple[int, ...],
                 dora_indicator: str, hands: tuple[HandNotation, ...]) -> None:
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "hand_number", hand_number)
        object.__setattr__(self, "honba", honba)
        object.__setattr__(self, "riichi_sticks", riichi_sticks)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "dora_indicator", dora_indicator)
        object.__setattr__(self, "hands", hands)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Draw(_Keyed):
    """A draw from the live wall (自摸, ``zimo``)."""

    seat: int
    tile: str

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, seat: int, tile: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "tile", tile)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class KanDraw(_Keyed):
    """The replacement draw from the dead wall after any kan (嶺上牌, ``gangzimo``)."""

    seat: int
    tile: str

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, seat: int, tile: str) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "tile", tile)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Discard(_Keyed):
    """A discard (打牌, ``dapai``).

    ``tsumogiri``: the discarded tile is the one just drawn (ツモ切り, ``_``);
    ``riichi``: riichi (立直) is declared with this discard (``*``).
    """

    seat: int
    tile: str
    tsumogiri: bool = False
    riichi: bool = False

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, seat: int, tile: str, tsumogiri: bool = False, riichi: bool = False) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "tsumogiri", tsumogiri)
        object.__setattr__(self, "riichi", riichi)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Call(_Keyed):
    """A chi, pon or open kan (大明槓) on the previous discard (副露, ``fulou``)."""

    seat: int
    meld: Meld

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, seat: int, meld: Meld) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "meld", meld)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Kan(_Keyed):
    """A closed kan (暗槓) or added kan (加槓) on one's own turn (``gang``)."""

    seat: int
    meld: Meld


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class DoraReveal(_Keyed):
    """A new dora indicator turned over after a kan (槓ドラ, ``kaigang``)."""

    indicator: str


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Win(_Keyed):
    """A win (和了, ``hule``) with the values the log states.

    ``hand`` is the winner's full hand, the winning tile written last. ``discarder``
    (``baojia``) is the seat that dealt in (for 槍槓 the kan player), ``None`` for a
    self-draw (ツモ). ``ura_indicators`` (``fubaopai``) are given when the winner is in
    riichi. ``fu``, ``han`` (``fanshu``) and ``yakuman`` (``damanguan``, the number of
    yakuman) are ``None`` when the log omits them (a yakuman has no fu/han; an ordinary
    hand no yakuman count). ``points`` (``defen``) is the value of the hand alone;
    ``payments`` (``fenpei``, by seat) include honba and the riichi sticks collected;
    ``None`` when the log does not state them (mjai's ``deltas`` are optional): the
    engine settles with the payments the rules give, and nothing is compared. ``limit``
    is the limit the log states for the hand (Tenhou's ``AGARI``): ``""`` for
    none, else ``"mangan"``, ``"haneman"``, ``"baiman"``, ``"sanbaiman"`` or ``"yakuman"``
    (any yakuman, counted or not); ``None`` when the format does not state it (電脳麻将
    paipu has no such field).
    """

    seat: int
    hand: HandNotation
    discarder: int | None
    ura_indicators: tuple[str, ...] | None
    fu: int | None
    han: int | None
    yakuman: int | None
    points: int
    yaku: tuple[Yaku, ...]
    payments: tuple[int, ...] | None
    limit: str | None = None

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, seat: int, hand: HandNotation, discarder: int | None, ura_indicators: tuple[str, ...] | None,
                 fu: int | None, han: int | None, yakuman: int | None, points: int, yaku: tuple[Yaku, ...],
                 payments: tuple[int, ...] | None, limit: str | None = None) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "discarder", discarder)
        object.__setattr__(self, "ura_indicators", ura_indicators)
        object.__setattr__(self, "fu", fu)
        object.__setattr__(self, "han", han)
        object.__setattr__(self, "yakuman", yakuman)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "yaku", yaku)
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "limit", limit)

    @property
    def is_tsumo(self) -> bool:
        """Whether the win is by self-draw (自摸和)."""
        return self.discarder is None

    @property
    def states_value(self) -> bool:
        """Whether the log states the win's value (yaku, fu, han or yakuman): mjai's
        ``hora`` does not, and its ``points`` 0 is then no value."""
        return bool(self.yaku) or self.fu is not None or self.han is not None or self.yakuman is not None


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class NoWin(_Keyed):
    """A round that ends without a win (流局, ``pingju``).

    ``name`` is the reason as logged: 荒牌平局 or 流局 (wall exhausted), 流し満貫,
    九種九牌, 四風連打, 四家立直, 三家和/三家和了, 四開槓/四槓散了. ``hands`` (by seat)
    are the revealed hands, ``None`` for a hand not shown; ``payments`` (``fenpei``, by
    seat) are the tenpai/noten or nagashi-mangan payments, ``None`` when the log does not
    state them (as for :class:`Win`).
    """

    name: str
    hands: tuple[HandNotation | None, ...]
    payments: tuple[int, ...] | None

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, name: str, hands: tuple[HandNotation | None, ...], payments: tuple[int, ...] | None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "payments", payments)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class NorthSetAside(_Keyed):
    """A North tile set aside as dora in three-player mahjong (北抜き, ``penuki``)."""

    seat: int
    tile: str


EVENT_KEYS: dict[type, str] = {
    Deal: "qipai",
    Draw: "zimo",
    KanDraw: "gangzimo",
    Discard: "dapai",
    Call: "fulou",
    Kan: "gang",
    DoraReveal: "kaigang",
    Win: "hule",
    NoWin: "pingju",
    NorthSetAside: "penuki",
}
"""The 電脳麻将 name of each event type (``event.key``)."""


Event = Union[Deal, Draw, KanDraw, Discard, Call, Kan, DoraReveal, Win, NoWin, NorthSetAside]
"""Any event of a round."""


_HONBA_NAMED: Final = 20
_ROUND_LABELS: Final = [f"{WIND_NAMES[wind]}{hand_number + 1}局{honba}本場"
                        for wind in range(4) for hand_number in range(4) for honba in range(_HONBA_NAMED)]
""":attr:`Round.label` of the rounds of every wind and hand number with fewer than
:data:`_HONBA_NAMED` honba, made once (the statistics name every round they read)."""


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Round:
    """One round (局, a hand from deal to win or draw): its events, the :class:`Deal` first.

    ``first_dealer`` and ``players`` (the number of players) come from the game and map
    seats to player ids.
    """

    events: tuple[Event, ...]
    first_dealer: int = 0
    players: int = 4

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, events: tuple[Event, ...], first_dealer: int = 0, players: int = 4) -> None:
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "first_dealer", first_dealer)
        object.__setattr__(self, "players", players)

    @property
    def deal(self) -> Deal:
        """The round's opening :class:`Deal`."""
        return self.events[0]  # type: ignore[return-value]  # a round's first event is its deal

    @property
    def label(self) -> str:
        """The round's name as players say it, e.g. ``東1局0本場``."""
        deal = self.deal
        wind, hand_number, honba = deal.round_wind, deal.hand_number, deal.honba
        if 0 <= wind < 4 and 0 <= hand_number < 4 and 0 <= honba < _HONBA_NAMED:
            return _ROUND_LABELS[(wind * 4 + hand_number) * _HONBA_NAMED + honba]
        return f"{WIND_NAMES[wind]}{hand_number + 1}局{honba}本場"

    @property
    def dealer(self) -> int:
        """Player id of the dealer (親)."""
        return self.player_of(0)

    def player_of(self, seat: int) -> int:
        """Player id of a seat of this round."""
        return (self.first_dealer + self.deal.hand_number + seat) % self.players

    def seat_of(self, player: int) -> int:
        """Seat in this round of a player id."""
        return (player - self.first_dealer - self.deal.hand_number) % self.players

    @property
    def results(self) -> tuple[Win | NoWin, ...]:
        """The events that end the round: one or more :class:`Win` or one :class:`NoWin`
        (empty when the log stops in the middle of the round)."""
        return tuple(e for e in self.events if type(e) is Win or type(e) is NoWin)

    @property
    def is_complete(self) -> bool:
        """Whether the round ends with a win or a draw."""
        return isinstance(self.events[-1], (Win, NoWin))

    def __repr__(self) -> str:
        results = self.results
        if not results:
            how = "the log stops before the round ends"
        else:
            how = "; ".join(f"seat {r.seat} wins by {'tsumo' if r.is_tsumo else f'ron from seat {r.discarder}'}, "
                            f"{r.points}" if isinstance(r, Win) else f"a draw, {r.name!r}"
                            for r in results)
        return f"<Round {self.label}: {len(self.events)} events, {how}>"

    def _repr_html_(self) -> str:
        """The round drawn in Jupyter, step by step (:func:`paipu.view` of the round
        alone: its players unnamed, nothing checked)."""
        from .view import round_html

        return round_html(self)

    def riichi_deposits(self, riichi_at: Iterable[int] | None = None) -> tuple[int, ...]:
        """Points each seat paid as riichi deposit (供託) in this round: 1,000 for each
        riichi whose stick was taken (:func:`takes_riichi_stick`). ``riichi_at``, the
        positions of the riichi discards when the caller has noted them, spares a pass
        over the events."""
        paid = [0] * self.players
        events = self.events
        end = len(events)
        if riichi_at is None:
            riichi_at = [index for index, event in enumerate(events) if type(event) is Discard and event.riichi]
        for index in riichi_at:
            following = index + 1
            while following < end and type(events[following]) is DoraReveal:
                following += 1
            if following < end and takes_riichi_stick(events[following]):
                paid[events[index].seat] += 1000  # type: ignore[union-attr]  # a discard, riichi_at's
        return tuple(paid)

    def score_changes(self, riichi_at: Iterable[int] | None = None,
                      results: Iterable[Win | NoWin] | None = None) -> tuple[int, ...] | None:
        """Each seat's score change over the round as logged: payments of every win or
        draw minus riichi deposits; ``None`` when a result's payments are not logged.
        ``riichi_at`` (see :meth:`riichi_deposits`) and the ``results``, when the caller
        has them, spare passes over the events."""
        change = [-paid for paid in self.riichi_deposits(riichi_at)]
        for result in self.results if results is None else results:
            payments = result.payments
            if payments is None:
                return None
            # in a compiled loop: map() with operator's add called each pair through Python
            change = [before + paid for before, paid in zip(change, payments)]
        return tuple(change)

    def score_changes_until(self, following: Round) -> tuple[int, ...]:
        """Each seat's score change over the round as the ``following`` round's deal
        states it: its scores minus this deal's, by this round's seats (payments and
        riichi deposits together), for a round whose payments are not logged (an mjai
        ``hora`` or ``ryukyoku`` without ``deltas``)."""
        before, after = self.deal.scores, following.deal.scores
        return tuple(after[following.seat_of(self.player_of(seat))] - before[seat] for seat in range(self.players))


@dataclass(frozen=True, slots=True)
class Game:
    """A game (半荘, 東風戦...) as logged.

    ``players`` are the names by player id; ``first_dealer`` (起家, ``qijia``) the player
    id of the first dealer. ``final_scores`` (``defen``, sticks left at the end already given
    to first place), ``ranks`` (1-4) and ``points`` (as logged, strings like ``"45.0"``)
    are by player id and ``None`` when the log is incomplete. ``rule`` is the rule object
    a paipu may carry (電脳麻将 keys), ``extra`` any other top-level keys kept as they
    were. ``source`` locates the game: ``path#index``. ``origin`` says which format the
    game was read from and what its log states about where it was played (``None`` for a
    game not read from a file).
    """

    title: str
    players: tuple[str, ...]
    first_dealer: int
    rounds: tuple[Round, ...]
    final_scores: tuple[int, ...] | None = None
    ranks: tuple[int, ...] | None = None
    points: tuple[str, ...] | None = None
    rule: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""
    origin: Origin | None = None

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, title: str, players: tuple[str, ...], first_dealer: int, rounds: tuple[Round, ...],
                 final_scores: tuple[int, ...] | None = None, ranks: tuple[int, ...] | None = None,
                 points: tuple[str, ...] | None = None, rule: Mapping[str, Any] | None = None,
                 extra: Mapping[str, Any] | None = None, source: str = "", origin: Origin | None = None) -> None:
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "first_dealer", first_dealer)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "final_scores", final_scores)
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "extra", {} if extra is None else extra)  # a new dict each, as the field's default
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "origin", origin)

    @property
    def is_complete(self) -> bool:
        """Whether the log has its final results and every round ends."""
        return (
            self.final_scores is not None
            and self.ranks is not None
            and self.points is not None
            and bool(self.rounds)
            and all(round_.is_complete for round_ in self.rounds)
        )

    def __iter__(self) -> Iterator[Round]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    def __str__(self) -> str:
        """The text account of the game as its log states it (:func:`paipu.text.account`;
        ``paipu show`` adds what the engine derives where the log states nothing)."""
        return account(self)

    def _repr_html_(self) -> str:
        """The game drawn in Jupyter, step by step (:func:`paipu.view`)."""
        from .view import view

        return view(self).html()

    def __repr__(self) -> str:
        title = self.title.replace("\n", " ")
        return f"<Game {self.source or title!r}: {len(self.rounds)} rounds, {', '.join(self.players)}>"


def takes_riichi_stick(event: Event) -> bool:
    """Whether ``event``, the first after a riichi discard (new dora indicators passed
    over), makes the riichi take effect, its 1,000 points going to the table: any event
    but a win on that discard or the triple-ron draw 三家和 (then the riichi never took
    effect)."""
    cls = type(event)
    # cls is type(event): a NoWin's name
    return not (cls is Win or (cls is NoWin and draw_name(event.name) == "三家和"))  # type: ignore[union-attr]  # see the line above


def locator(source: str | None, round: str | int | None, event: int | None) -> str:
    """A place in the logs as every message of paipu writes it: ``path#2, 東3局1本場,
    event 17``. ``source`` is the file, with ``#N`` the index of its game; ``round`` the
    round's label, or its 0-based index in the game (written ``round #N``) when the label
    is not known; ``event`` the 0-based index of the event in the round (the deal is event
    0: ``game.rounds[r].events[17]``). Parts given as ``None`` are left out."""
    if isinstance(round, int):
        round = f"round #{round}"
    return ", ".join(filter(None, (source, round, None if event is None else f"event {event}")))


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a game comes from, as its log states it: the format read and, where the log
    says, the platform, room, game id and date, and what these imply for the rule.

    The same for every format: a reader fills what its log states and leaves the rest
    empty, and what is particular to a format is in ``record``. The engine reads only
    ``rule`` and ``undetermined``, never the format.
    """

    format: str
    """The name of the format read, as registered in :data:`paipu.formats.FORMATS`
    (``"majiang"``, ``"tenhou-mjlog"``, ``"tenhou-json"``, ``"mjai"``)."""
    id: str = ""
    """The platform's id of the game (a Tenhou log id such as
    ``2022010100gm-00a9-0000-xxxxxxxx``), ``""`` if not stated."""
    platform: str = ""
    """``"tenhou"`` for a game played on Tenhou (a Tenhou log, or a converted log whose
    title names a Tenhou room), ``"majsoul"`` for one of Mahjong Soul's ranked rooms (an
    export whose room names one, :mod:`paipu.formats.majsoul`), ``""`` when unknown. The
    preset of that name is the game's rule when none is named."""
    room: str = ""
    """The room (lobby and rule) as the log names it, e.g. ``四鳳東喰赤``; ``""`` if none."""
    date: datetime.date | None = None
    """The day the game was played, from its id; ``None`` when not known."""
    rule: tuple[tuple[str, Any], ...] = ()
    """The values of :class:`~paipu.rules.Rule` fields (by their Python names) that the
    log implies on its platform, e.g. ``(("winds", 1), ("open_tanyao", True))``: the rule
    a game is checked under when checked under that platform's preset."""
    undetermined: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    """:class:`~paipu.rules.Rule` fields the log cannot decide, each with every value
    accepted for it (any is taken as consistent), e.g. ``(("final_scores_rounded",
    (False, True)),)`` for a Tenhou game of unknown date."""
    record: Any = None
    """The format's own record of what the log states beyond the events (a
    :class:`~paipu.formats.tenhou_xml.TenhouRecord` for a Tenhou log), ``None`` if none."""
    final_results: bool = True
    """Whether the log has a place for the game's final results: ``False`` for a file of
    one round per line (tenhou.net/6 lines), which cannot hold them. A game whose log
    could hold them and does not is incomplete."""
    shown_hands: bool = True
    """Whether the log states which hands a draw (流局) shows: ``False`` for an mjai
    log whose ``ryukyoku`` has no paipu record (mjai never states them: the hands read
    as shown are every tenpai hand, rebuilt from the events), and for a game converted
    from one (paipu's writers write ``shown_hands: false``), so that validation does not
    compare which hands the rule has shown, only what they hold."""

    # Its own __init__: compiled, each store is a native one (docs/architecture.md, "The compiled core").
    def __init__(self, format: str, id: str = "", platform: str = "", room: str = "",
                 date: datetime.date | None = None, rule: tuple[tuple[str, Any], ...] = (),
                 undetermined: tuple[tuple[str, tuple[Any, ...]], ...] = (), record: Any = None,
                 final_results: bool = True, shown_hands: bool = True) -> None:
        object.__setattr__(self, "format", format)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "platform", platform)
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "date", date)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "undetermined", undetermined)
        object.__setattr__(self, "record", record)
        object.__setattr__(self, "final_results", final_results)
        object.__setattr__(self, "shown_hands", shown_hands)


pickle_by_fields(Deal, Draw, KanDraw, Discard, Call, Kan, DoraReveal, Win, NoWin, NorthSetAside, Round, Game, Origin)


_RANK = re.compile(r"\((?P<rank>[^()\sR][^()\s]*)?\s*(?:R(?P<rating>\d+(?:\.\d+)?))?\)")
"""The rank line of a logged name: ``(七段 R2042)``, ``(七段)``, ``(R1500)``."""


def player_name(logged: str) -> str:
    """The player's name in a name as logged: anything after a newline removed. Tenhou's
    readers and tenhou-log's 電脳麻将 titles write the player's rank and rating there
    (``"名前\n(七段 R2042)"``, from Tenhou's ``UN`` ``dan`` and ``rate``), so that the
    same player is one name across games whatever their rank (:func:`player_rank`)."""
    return logged.split("\n", 1)[0]


def player_rank(logged: str) -> tuple[str, float | None]:
    """The rank (段位, e.g. ``七段``; ``""`` when not stated) and rating (``R2042`` as
    2042.0; ``None`` when not stated) a logged name states on its second line, as
    Tenhou's readers and tenhou-log's titles write it: ``"名前\n(七段 R2042)"``."""
    _, newline, rest = logged.partition("\n")
    found = _RANK.fullmatch(rest.strip()) if newline else None
    if found is None:
        return "", None
    return found["rank"] or "", None if found["rating"] is None else float(found["rating"])
