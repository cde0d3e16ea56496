"""Tenhou mjlog XML (天鳳の牌譜) into a :class:`~paipu.events.Game`.

An **mjlog** is the record Tenhou keeps of a game: one line of XML, ``<mjloggm ver="2.3">``
holding empty elements in game order, plain or gzip-compressed (told apart by content).
Tiles are ids 0-135 (``kind = id // 4``; copy 0 of each five is the red five when the rule
has them); seats are absolute, seat 0 the first dealer. :func:`game_from_mjlog` turns it
into the event stream of 電脳麻将 paipu exactly as ``@kobalab/tenhou-log`` converts it
(title, player strings, meld strings, where a kan's new dora indicator is placed, names
of draws and yaku), so that writing the game with
:func:`~paipu.formats.majiang.game_to_json` gives that converter's JSON.

The game's :attr:`~paipu.events.Game.origin` (format ``"tenhou-mjlog"``) gives Tenhou's
log id, its date, the room and the rule they imply. What the events do not carry is kept
in a :class:`TenhouRecord` as the origin's ``record``: the game's rule and players
(:class:`TenhouInfo`), Tenhou's own result of every round (:class:`TenhouWin`,
:class:`TenhouDraw`: limit, yaku as logged, the scores ``sc`` before the settlement), and
disconnections (``BYE``) and reconnections. The limit of each win is also the event's
:attr:`~paipu.events.Win.limit`.

Three-player games (三麻) load with 3 players (北抜き as
:class:`~paipu.events.NorthSetAside`, although tenhou-log refuses them) and validate
under Tenhou's three-player rules (the ``tenhou-sanma`` preset). A log that stops
early gives a game that is not :attr:`~paipu.events.Game.is_complete`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Mapping
from urllib.parse import unquote

from ..events import (
    Call,
    Deal,
    Discard,
    DoraReveal,
    Draw,
    Event,
    Game,
    Kan,
    KanDraw,
    NorthSetAside,
    NoWin,
    Round,
    Win,
    Yaku,
)
from ..records import pickle_by_fields
from ..tiles import NORTH, HandNotation, Meld, parse_meld
from ..compression import BadCompression, TooLarge, gunzip
from ..limits import MAX_COUNT, MAX_NAME, MAX_NUMBER, clip
from .errors import FormatError, final_points, indicators, shown_text, utf8_error_at
from .tenhou_origin import tenhou_origin

__all__ = [
    "TenhouInfo",
    "TenhouWin",
    "TenhouDraw",
    "Connection",
    "TenhouRecord",
    "game_from_mjlog",
    "log_id_of",
    "YAKU_NAMES",
    "DAN_NAMES",
    "DRAW_NAMES",
    "LIMIT_NAMES",
]

YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順",
    "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色",
    "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭",
    "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)
"""Yaku names by Tenhou yaku id (``AGARI yaku``/``yakuman``), as tenhou-log writes them."""

DAN_NAMES = (
    "新人", "9級", "8級", "7級", "6級", "5級", "4級", "3級", "2級", "1級",
    "初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位",
)
"""Tenhou ranks (段位) by the index ``UN dan`` gives."""

DRAW_NAMES = {
    "": "流局", "nm": "流し満貫", "yao9": "九種九牌", "kaze4": "四風連打",
    "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了",
}
"""Names of the draws (流局) by ``RYUUKYOKU type``, as tenhou-log writes them."""

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""The limit of a win (:attr:`~paipu.events.Win.limit`) by Tenhou's limit code (the third
value of ``AGARI ten``): 0 none, 1 満貫, 2 跳満, 3 倍満, 4 三倍満, 5 役満 (counted or not)."""

ROOMS = "般上特鳳"
"""Lobby levels: 一般 general, 上級 upper, 特上 expert, 鳳凰 phoenix."""


# -- the record of what Tenhou logged ------------------------------------------------


@dataclass(frozen=True, slots=True)
class TenhouInfo:
    """A Tenhou game's rule and players.

    ``players``: 3 (三麻) or 4. ``room``: the lobby level 般/上/特/鳳 (``""`` unknown);
    ``hanchan``: an East-South game (東南戦) rather than East only (東風戦); ``red_fives``
    (赤), ``kuitan`` (喰断, open tanyao), ``fast`` (速). ``rule_type`` is the ``GO type``
    bit field and ``lobby`` the lobby number (``None`` when not logged). ``names`` are
    decoded, ``dan`` rank names (段位), ``rates`` (レート) and ``sexes`` (``M``/``F``/``C``)
    as logged, all by player id. ``log_id`` is Tenhou's game id (from the file name).
    """

    log_id: str = ""
    players: int = 4
    room: str = ""
    hanchan: bool = True
    red_fives: bool = True
    kuitan: bool = True
    fast: bool = False
    rule_type: int | None = None
    lobby: int | None = None
    names: tuple[str, ...] = ()
    dan: tuple[str, ...] = ()
    rates: tuple[float, ...] = ()
    sexes: tuple[str, ...] = ()
    rule_text: str = ""
    """The rule as tenhou-log names it, e.g. ``四鳳南喰赤`` (see :func:`rule_name`)."""


def rule_name(rule_type: int) -> str:
    """The rule name tenhou-log builds from a ``GO type`` bit field, e.g. 169 → ``四鳳南喰赤``:
    三/四 players, room, 東/南, 喰 (kuitan), 赤 (red fives), 光 or 速 (fast), ``－`` when
    bit 0 (a game against people) is clear."""
    level = (2 if rule_type & 0x20 else 0) + (1 if rule_type & 0x80 else 0)
    return (
        ("三" if rule_type & 0x10 else "四")
        + ROOMS[level]
        + ("南" if rule_type & 0x08 else "東")
        + ("" if rule_type & 0x04 else "喰")
        + ("" if rule_type & 0x02 else "赤")
        + ("光" if rule_type & 0x1000 else "速" if rule_type & 0x40 else "")
        + ("" if rule_type & 0x01 else "－")
    )


@dataclass(frozen=True, slots=True)
class TenhouWin:
    """A win as Tenhou logged it (``AGARI``; in tenhou.net/6 JSON, one winner's entry).

    Seats are player ids. ``from_who`` equals ``who`` for a self-draw; ``pao_who`` is the
    player liable for the hand (包, 責任払い), ``None`` if none. ``fu`` and ``han`` are
    ``None`` for a yakuman (``fu`` also where the log does not state it); ``points`` is
    the value of the hand alone; ``limit`` 0 none, 1 満貫, 2 跳満, 3 倍満, 4 三倍満, 5 役満.
    ``yaku`` are ``(name, han)`` pairs and ``yakuman`` names, in the logged order.
    ``scores`` (``sc``) are the scores before the settlement (``None`` where not logged) and
    ``deltas`` the settlement, honba and sticks included, both by player id in points.
    """

    who: int
    from_who: int
    pao_who: int | None
    fu: int | None
    han: int | None
    points: int
    limit: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[str, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class TenhouDraw:
    """A round ended without a win as Tenhou logged it (``RYUUKYOKU``): ``name`` as in
    :data:`DRAW_NAMES`, ``scores`` before and ``deltas`` of the settlement by player id
    (``scores`` ``None`` where not logged)."""

    name: str
    deltas: tuple[int, ...]
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Connection:
    """A player leaving (``BYE``, 切断) or coming back (再接続) during the game.
    ``round`` is the index of the round being played (-1 before the first)."""

    round: int
    player: int
    online: bool


@dataclass(frozen=True, slots=True)
class TenhouRecord:
    """What a Tenhou log states beyond the event stream: the game's :class:`TenhouInfo`,
    Tenhou's result of each round (one :class:`TenhouWin` per winner or one
    :class:`TenhouDraw`; empty for a round cut short), :class:`Connection` changes, and
    ``notes`` on how the log was read."""

    info: TenhouInfo
    results: tuple[tuple[TenhouWin | TenhouDraw, ...], ...]
    connections: tuple[Connection, ...] = ()
    notes: tuple[str, ...] = ()


pickle_by_fields(TenhouInfo, TenhouWin, TenhouDraw, Connection, TenhouRecord)


# -- tiles, melds, hands -------------------------------------------------------------


def _tile_names(red: bool) -> tuple[str, ...]:
    names = []
    for tile_id in range(136):
        k = tile_id // 4
        if k >= 27:
            names.append(f"z{k - 26}")
        else:
            number = k % 9 + 1
            names.append("mps"[k // 9] + ("0" if red and number == 5 and tile_id % 4 == 0 else str(number)))
    return tuple(names)


_TILES = (_tile_names(False), _tile_names(True))
"""Tile name by id, without and with red fives."""


def _event_tables(red: bool) -> tuple[list[dict[str, Draw]], list[dict[str, KanDraw]],
                                     list[dict[str, tuple[Discard, ...]]]]:
    # Events are immutable: each draw, kan draw and discard (by seat and tile id, keyed by
    # the id as written) is made once and shared, so reading a game makes no per-tile
    # objects. A discard's four forms are indexed by 2 * tsumogiri + riichi.
    names = _TILES[red]
    draws = [{str(i): Draw(seat, names[i]) for i in range(136)} for seat in range(4)]
    kan_draws = [{str(i): KanDraw(seat, names[i]) for i in range(136)} for seat in range(4)]
    discards = [
        {str(i): tuple(Discard(seat, names[i], bool(f & 2), bool(f & 1)) for f in range(4)) for i in range(136)}
        for seat in range(4)
    ]
    return draws, kan_draws, discards


_EVENTS = (_event_tables(False), _event_tables(True))

_MARKS = ("", "+", "=", "-")

MELD_CODES = 1 << 16
"""``N m`` is a 16-bit field (tenhou-formats.md): codes are 0..65535."""


@lru_cache(maxsize=4096)
def _meld(code: int, red: bool) -> Meld:
    """Decode an ``N m`` code (0..65535) into its meld (``NORTH`` for 北抜き); ``ValueError``
    saying why for a code that is no meld."""
    names = _TILES[red]
    if not 0 <= code < MELD_CODES:
        raise ValueError(f"meld code {code} is not one of 0..{MELD_CODES - 1}")
    mark = _MARKS[code & 3]
    if code & 0x04:  # chi
        t = code >> 10
        called, base = t % 3, t // 3
        if base >= 21:
            raise ValueError(f"meld code {code}: a chi (bit 2) of run {base}, not one of the 21 runs (0..20)")
        first = (base // 7) * 9 + base % 7
        ids = [(first + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        digits = [names[i][1] for i in ids]
        digits[called] += mark
        return parse_meld(names[ids[0]][0] + "".join(digits))
    if code & 0x18:  # pon, or kakan (the pon and the added copy)
        t = code >> 9
        called, k, other = t % 3, t // 3, (code >> 5) & 3
        if k >= 34:
            raise ValueError(f"meld code {code}: a pon or added kan of tile kind {k}, not one of 0..33")
        ids = [k * 4 + c for c in range(4) if c != other]
        claimed = ids.pop(called)
        text = _kan_or_pon(names, ids, claimed, mark)
        if code & 0x10:
            text += names[k * 4 + other][1]
        return parse_meld(text)
    if code & 0x20:  # kita: a North set aside (抜きドラ), its tile id above the flags
        if code >> 10 != 30:
            tile = names[code >> 8] if code >> 8 < len(names) else f"tile id {code >> 8}"
            raise ValueError(f"a North set aside (抜きドラ) of {tile}, not of a North")
        return NORTH
    t = code >> 8  # ankan, daiminkan: all four copies
    if t >= 136:
        raise ValueError(f"meld code {code}: a kan of tile id {t}, not one of 0..135")
    ids = [(t // 4) * 4 + c for c in range(4)]
    if not mark:
        return parse_meld(_kan_or_pon(names, ids, None, ""))
    ids.remove(t)
    return parse_meld(_kan_or_pon(names, ids, t, mark))


def _kan_or_pon(names: tuple[str, ...], ids: list[int], claimed: int | None, mark: str) -> str:
    # Hand digits descending (an ordinary 5 before the red 0), then claimed digit and mark.
    digits = sorted((names[i][1] for i in ids), reverse=True)
    if claimed is not None:
        digits.append(names[claimed][1])
    return names[ids[0]][0] + "".join(digits) + mark


def shown_hand(tiles: list[str], melds: list[Meld] | tuple[Meld, ...]) -> HandNotation:
    """A hand shown at a draw as tenhou-log writes it: concealed tiles sorted, the last
    one the drawn tile when their count is 2 mod 3 (as the hand string reads)."""
    hand = HandNotation.from_tiles(tiles, None, False, melds)
    if len(tiles) % 3 != 2:
        return hand
    return HandNotation(hand.concealed[:-1], hand.concealed[-1], False, hand.melds)


def ranks_of(scores: tuple[int, ...], first_dealer: int) -> tuple[int, ...]:
    """Final placings (順位) by player id; equal scores rank in seat order from the first
    dealer (起家), as Tenhou and tenhou-log rank them."""
    n = len(scores)
    order = sorted(range(n), key=lambda p: (-scores[p], (p - first_dealer) % n))
    ranks = [0] * n
    for place, player in enumerate(order):
        ranks[player] = place + 1
    return tuple(ranks)


# -- reading -------------------------------------------------------------------------

_TAG = re.compile(r"<(/?[A-Za-z]++)(\d*+)([^>]*+)>")
"""A tag: its letters, the digits after them (a draw or discard's tile id) and the text of
its attributes, up to the next ``>``. Each part is taken whole, never given back
(possessive): searched only up to a text's last ``>`` (:meth:`_Reader.read`), every ``<``
and letter starts a tag that ends at the next ``>``, and a text that is no tag (a run of
letters, ``<`` after ``<``) is passed over in time that grows with its length, not with
its square."""
_ATTR = re.compile(r'\b(\w++)="([^"]*+)"')
"""An attribute ``name="value"``: a name is tried from its first letter only (``\\b``), and
taken whole, so that a run of letters is passed over once, not once from each letter."""
_DRAW_SEAT = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_SEAT = {"D": 0, "E": 1, "F": 2, "G": 3}
_IGNORED = frozenset(("mjloggm", "/mjloggm", "SHUFFLE"))
_SEATS = {n: {str(seat): seat for seat in range(n)} for n in (3, 4)}
"""The player ids of a game of 3 or 4 players by the text that writes them."""


def log_id_of(file_name: str) -> str:
    """Tenhou's game id from a log's file name: the name without its directory, its
    ``.mjlog``/``.xml``/``.txt``/``.gz`` endings and the viewer seat ``&tw=N``."""
    name = file_name.replace("\\", "/").rsplit("/", 1)[-1]
    name = re.sub(r"(\.(mjlog|xml|txt|json|gz))+$", "", name)
    return re.sub(r"&tw=\d+$", "", name)


SEATS = 4
"""The players every per-player attribute of an mjlog lists (``ten``, ``sc``, ``owari``,
``dan``, ``rate``, ``sx``, ``n0``-``n3``, ``hai0``-``hai3``): three-player games too, whose
fourth is empty (``n3=""``, ``hai3=""``) or 0, as all 278 three-player logs of the corpora
write them."""

def _ints(attrs: dict[str, str], key: str, what: str, count: int | None = None,
          low: int = -MAX_NUMBER, high: int = MAX_NUMBER, required: bool = True, scale: int = 1) -> list[int]:
    """The comma-separated integers (in ASCII digits) of attribute ``key`` (``what`` they
    are, for messages), each times ``scale`` (100 for scores written in hundreds):
    ``count`` of them if given, each ``low..high`` and within
    ±:data:`~paipu.limits.MAX_NUMBER`. ``KeyError`` if it is ``required`` and absent (an
    absent optional one has none); ``ValueError`` naming the attribute, its value and what
    is allowed for anything else."""
    text = attrs[key] if required else attrs.get(key, "")
    values: list[int] | None = None
    if text.isascii():  # int() reads other scripts' digits too ("١٢", "１２")
        try:
            values = [int(x) * scale for x in text.split(",")] if text else []
        except ValueError:  # not integers, or one of more digits than Python reads (4,300)
            pass
    if values is None or (count is not None and len(values) != count):
        raise ValueError(f'{key}="{clip(text, 40)}": must be {count or "comma-separated"} integers: {what}')
    if values and not (low <= min(values) and max(values) <= high and low >= -MAX_NUMBER and high <= MAX_NUMBER):
        for value in values:
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise ValueError(f'{key}="{clip(text, 40)}": a number beyond any game (at most ±{MAX_NUMBER:,})')
            if not low <= value <= high:
                raise ValueError(f'{key}="{clip(text, 40)}": {value} is not one of {what} ({low}..{high})')
    return values


_ENCODED_NAME = 12 * MAX_NAME
"""The most characters a name of :data:`~paipu.limits.MAX_NAME` characters takes written
as an mjlog writes it, each of its UTF-8 bytes (4 at most) as ``%XX``."""


def _name(encoded: str, key: str) -> str:
    """A player's name from the percent-encoded UTF-8 of attribute ``key`` (``n0``-``n3``),
    within :data:`~paipu.limits.MAX_NAME` characters; ``ValueError`` saying how long for a
    longer one. A text longer than any such name's is refused before it is decoded
    (decoding 9 MB of ``%41`` took 750 MB)."""
    if len(encoded) > _ENCODED_NAME:
        raise ValueError(f"{key}: {len(encoded):,} characters percent-encoded, more than a name holds "
                         f"(at most {MAX_NAME:,} characters, {_ENCODED_NAME:,} encoded)")
    return shown_text(unquote(encoded), key)


def _tile_ids(attrs: dict[str, str], key: str, count: int | None = None, required: bool = True) -> list[int]:
    """The tile ids (0..135) of attribute ``key``, as :func:`_ints` reads them."""
    return _ints(attrs, key, "tile ids", count, 0, 135, required)


class _Reader:
    """The state of one pass over an mjlog's tags."""

    def __init__(self, log_id: str) -> None:
        self.log_id = log_id
        self.rule_type: int | None = None
        self.lobby: int | None = None
        self.players: dict[str, str] | None = None
        self.n = 4
        self.red = True
        self.first_dealer = 0
        self.rounds: list[list[Event]] = []
        self.results: list[list[TenhouWin | TenhouDraw]] = []
        self.connections: list[Connection] = []
        self.owari: tuple[tuple[int, ...], tuple[str, ...]] | None = None
        # the round being read
        self.oya = 0
        self.melds: list[list[Meld]] = [[], [], [], []]

    def _count(self) -> str:
        """Where the number of players comes from, for messages: ``GO type=185 (三鳳南喰赤):
        3 players``."""
        if self.rule_type is None:
            return f"{self.n} players (no GO tag before)"
        return f"GO type={self.rule_type} ({rule_name(self.rule_type)}): {self.n} players"

    def _seat(self, attrs: dict[str, str], key: str) -> int:
        """The player id (0 .. players - 1) of attribute ``key``."""
        seat = _SEATS[self.n].get(attrs[key])
        return seat if seat is not None else _ints(attrs, key, f"the player ids of {self._count()}", 1, 0, self.n - 1)[0]

    def _no_fourth(self, key: str, values: list[int], step: int = 1) -> None:
        """In a three-player game, the fourth player's values of a per-player attribute
        (every ``step``-th from player 3's) must be 0."""
        if self.n == 3 and any(values[3 * step:]):
            raise ValueError(f"{key}: a fourth player's values {values[3 * step:]} in a game of {self._count()}")

    @staticmethod
    def _fits(key: str, tiles: int, melds: list[Meld]) -> None:
        """A hand of ``tiles`` concealed tiles (attribute ``key``) beside ``melds`` must
        be no more than a hand holds: 14 tiles, a meld (北 set aside apart) counting 3."""
        held = 14 - 3 * sum(meld.type != "north" for meld in melds)
        if tiles > held:
            raise ValueError(f"{key}: {tiles} tiles beside {len(melds)} melds, more than a hand holds ({held})")

    def go(self, attrs: dict[str, str]) -> None:
        self.rule_type = _ints(attrs, "type", "rule bit fields", 1, 0, 0xFFFF)[0]
        self.lobby = _ints(attrs, "lobby", "lobby numbers", 1, 0)[0] if "lobby" in attrs else None
        self.n = 3 if self.rule_type & 0x10 else 4
        self.red = not self.rule_type & 0x02

    def un(self, attrs: dict[str, str]) -> None:
        if "dan" in attrs:
            if self.players is None:
                self.players = attrs
            return
        for player in range(SEATS):  # a reconnection names only the player coming back
            if f"n{player}" in attrs:
                if player >= self.n:
                    raise ValueError(f"n{player}: a reconnection of player {player} in a game of {self._count()}")
                self.connections.append(Connection(len(self.rounds) - 1, player, True))

    def deal(self, attrs: dict[str, str]) -> Deal:
        n, names = self.n, _TILES[self.red]
        seed = _ints(attrs, "seed", "round number 0..15, honba, sticks, two dice and the dora indicator", 6)
        if not 0 <= seed[0] < 16 or min(seed[1:3]) < 0 or max(seed[1:3]) > MAX_COUNT or not 0 <= seed[5] <= 135:
            raise ValueError("seed must be a round number 0..15, honba, sticks, two dice and the dora indicator")
        if seed[0] % 4 >= n:
            raise ValueError(f"seed: round number {seed[0]} has no dealer in a game of {self._count()}")
        oya = self.oya = self._seat(attrs, "oya")
        if oya != (self.first_dealer + seed[0] % 4) % n:
            raise ValueError(f"oya={oya}: the dealer of round {seed[0]} is player {(self.first_dealer + seed[0] % 4) % n}"
                             f" (seed's round number after TAIKYOKU oya={self.first_dealer}, {self._count()})")
        ten = _ints(attrs, "ten", f"the scores of {SEATS} players in hundreds", SEATS, scale=100)
        self._no_fourth("ten", ten)
        if n == 3 and attrs.get("hai3"):
            raise ValueError(f"hai3: a fourth player's deal in a game of {self._count()}")
        self.melds = [[], [], [], []]
        hands = []
        scores = []
        for seat in range(n):
            who = (oya + seat) % n
            ids = sorted(_tile_ids(attrs, f"hai{who}", 13))
            hands.append(HandNotation(tuple(map(names.__getitem__, ids))))
            scores.append(ten[who])
        return Deal(seed[0] // 4, seed[0] % 4, seed[1], seed[2], tuple(scores), names[seed[5]], tuple(hands))

    def win(self, attrs: dict[str, str]) -> tuple[Win, TenhouWin]:
        names, n, oya = _TILES[self.red], self.n, self.oya
        who, from_who = self._seat(attrs, "who"), self._seat(attrs, "fromWho")
        pao = self._seat(attrs, "paoWho") if "paoWho" in attrs else None
        fu, points, limit = _ints(attrs, "ten", "fu, the value of the hand and the limit code", 3, 0)
        if not 0 <= limit < len(LIMIT_NAMES):
            raise ValueError(f"the limit code must be 0..{len(LIMIT_NAMES) - 1}, not {limit}")
        machi = _tile_ids(attrs, "machi", 1)[0]
        ids = _tile_ids(attrs, "hai")
        if machi not in ids:
            raise ValueError(f"machi={machi}: the winning tile is not one of the hand's tile ids (hai)")
        ids.remove(machi)
        codes = _ints(attrs, "m", "meld codes", None, 0, MELD_CODES - 1, required=False)
        melds = [_meld(code, self.red) for code in reversed(codes)]
        self._fits("hai", len(ids) + 1, melds)
        hand = HandNotation(tuple(names[i] for i in ids), names[machi], False, tuple(melds))
        yaku_pairs = _ints(attrs, "yaku", "yaku ids and their han", None, 0, required=False)
        if len(yaku_pairs) % 2 or any(i >= len(YAKU_NAMES) for i in yaku_pairs[::2]):
            raise ValueError(f'yaku="{clip(attrs["yaku"], 40)}": must be pairs of a yaku id '
                             f'(0..{len(YAKU_NAMES) - 1}) and its han')
        logged_yaku = tuple((YAKU_NAMES[yaku_pairs[i]], yaku_pairs[i + 1]) for i in range(0, len(yaku_pairs), 2))
        yakuman = tuple(YAKU_NAMES[i] for i in _ints(attrs, "yakuman", "yaku ids", None, 0, len(YAKU_NAMES) - 1,
                                                     required=False))
        yaku = tuple(Yaku(name, 0, 1) for name in yakuman) + tuple(Yaku(name, han) for name, han in logged_yaku)
        scores, deltas = self._settlement(attrs)
        ura = _tile_ids(attrs, "doraHaiUra", required=False)
        indicators(len(ura), "doraHaiUra")
        han = sum(h for _, h in logged_yaku)
        event = Win(
            (who - oya) % n,
            hand,
            None if from_who == who else (from_who - oya) % n,
            tuple(names[i] for i in ura) if "doraHaiUra" in attrs else None,
            None if yakuman else fu,
            None if yakuman else han,
            len(yakuman) if yakuman else None,
            points,
            yaku,
            self._by_seat(deltas),
            LIMIT_NAMES[limit],
        )
        logged = TenhouWin(who, from_who, pao, None if yakuman else fu,
                           None if yakuman else han, points, limit, logged_yaku, yakuman, deltas, scores)
        return event, logged

    def no_win(self, attrs: dict[str, str]) -> tuple[NoWin, TenhouDraw]:
        names, n = _TILES[self.red], self.n
        name = DRAW_NAMES.get(attrs.get("type", ""))
        if name is None:
            raise ValueError(f'type="{clip(attrs["type"], 40)}": not a draw type ({", ".join(DRAW_NAMES)[2:]})')
        if n == 3 and attrs.get("hai3"):
            raise ValueError(f"hai3: a fourth player's hand in a game of {self._count()}")
        hands: list[HandNotation | None] = []
        for seat in range(n):
            who = (self.oya + seat) % n
            shown = _tile_ids(attrs, f"hai{who}", required=False)
            self._fits(f"hai{who}", len(shown), self.melds[who])
            hands.append(shown_hand([names[i] for i in shown], self.melds[who]) if shown else None)
        scores, deltas = self._settlement(attrs)
        return NoWin(name, tuple(hands), self._by_seat(deltas)), TenhouDraw(name, deltas, scores)

    def _settlement(self, attrs: dict[str, str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``sc``: each player's score before the settlement and its change, in hundreds."""
        values = _ints(attrs, "sc", f"the score and change of {SEATS} players in hundreds", 2 * SEATS, scale=100)
        self._no_fourth("sc", values, 2)
        return tuple(values[0:2 * self.n:2]), tuple(values[1:2 * self.n:2])

    def _owari(self, text: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """``owari``, the final results: each player's final score (in hundreds) and points."""
        values = text.split(",")
        if len(values) != 2 * SEATS:
            raise ValueError(f'owari="{clip(text, 40)}": must be {2 * SEATS} values: '
                             f"the final score (in hundreds) and points of {SEATS} players")
        scores = _ints({"owari": ",".join(values[0::2])}, "owari", "final scores", SEATS, scale=100)
        self._no_fourth("owari", scores)
        return tuple(scores[:self.n]), final_points(values[1:2 * self.n:2], self.n, "owari points")

    def _by_seat(self, by_player: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(by_player[(self.oya + seat) % self.n] for seat in range(self.n))

    def read(self, text: str) -> None:
        events: list[Event] = []
        append = events.append
        results: list[TenhouWin | TenhouDraw] = []
        # per round, the events of each tag letter by the id as written
        # the draws of a tag letter, None for any other tag
        no_rows: dict[str, Mapping[str, Draw | KanDraw]] = {}
        draw_row: Callable[[str], Mapping[str, Draw | KanDraw] | None] = no_rows.get
        kan_rows: dict[str, dict[str, KanDraw]] = {}
        discard_rows: dict[str, dict[str, tuple[Discard, ...]]] = {}
        seat_of = [0, 1, 2, 3]
        last_draw = ""  # id of the tile just drawn, "" after a chi or pon
        after_kan = False  # the next draw is a kan's replacement draw
        dora: DoraReveal | None = None  # a kan's new indicator, waiting to be placed
        riichi = 0  # 1 when the next discard declares riichi
        indicators_shown = 1  # dora indicators shown in the round: INIT's, then one per DORA
        # up to the last '>': past it no tag ends, and a search for one from each '<' there
        # would go to the end of the text each time
        for tag, number, attr_text in _TAG.findall(text, 0, text.rfind(">") + 1):
            try:
                if number:  # the hot path: a draw or discard
                    row = draw_row(tag)
                    if row is not None:
                        if after_kan:
                            row, after_kan = kan_rows[tag], False
                        append(row[number])
                        last_draw = number
                    else:
                        append(discard_rows[tag][number][(2 if number == last_draw else 0) + riichi])
                        riichi = 0
                    if dora is not None:
                        append(dora)
                        dora = None
                    continue
                if tag in _IGNORED:
                    continue
                attrs = dict(_ATTR.findall(attr_text))
                if tag == "N":
                    who = self._seat(attrs, "who")
                    meld = _meld(_ints(attrs, "m", "meld codes", 1, 0, MELD_CODES - 1)[0], self.red)
                    kind = meld.type
                    if kind == "north":
                        append(NorthSetAside(seat_of[who], "z4"))
                        continue
                    if kind in ("ankan", "kakan"):
                        append(Kan(seat_of[who], meld))
                    else:
                        append(Call(seat_of[who], meld))
                    if kind in ("chi", "pon"):
                        last_draw = ""
                    else:
                        after_kan = True
                    own = self.melds[who]
                    if kind == "kakan":
                        pon = str(meld)[:-1]
                        own[:] = [meld if str(m) == pon else m for m in own]
                    else:
                        own.append(meld)
                elif tag == "REACH":
                    self._seat(attrs, "who")
                    step = attrs["step"]
                    if step not in ("1", "2"):
                        raise ValueError(f'step="{clip(step, 20)}": must be 1 (declared) or 2 (accepted)')
                    riichi = 1 if step == "1" else 0
                elif tag == "DORA":
                    if dora is not None:
                        append(dora)
                    dora = DoraReveal(_TILES[self.red][_tile_ids(attrs, "hai", 1)[0]])
                    indicators_shown += 1
                    indicators(indicators_shown, "DORA")
                elif tag == "INIT":
                    deal = self.deal(attrs)
                    events, results = [deal], []
                    append = events.append
                    self.rounds.append(events)
                    self.results.append(results)
                    seat_of = [(who - self.oya) % self.n for who in range(self.n)]
                    draws, kan_draws, discards = _EVENTS[self.red]
                    # the tag letters of the game's players only: another's is an error (see _fail)
                    draw_row = {letter: draws[seat_of[who]] for letter, who in _DRAW_SEAT.items() if who < self.n}.get
                    kan_rows = {letter: kan_draws[seat_of[who]] for letter, who in _DRAW_SEAT.items() if who < self.n}
                    discard_rows = {letter: discards[seat_of[who]]
                                    for letter, who in _DISCARD_SEAT.items() if who < self.n}
                    last_draw, after_kan, dora, riichi, indicators_shown = "", False, None, 0, 1
                elif tag == "AGARI":
                    win, logged_win = self.win(attrs)
                    append(win)
                    results.append(logged_win)
                elif tag == "RYUUKYOKU":
                    no_win, logged_draw = self.no_win(attrs)
                    append(no_win)
                    results.append(logged_draw)
                elif tag == "GO":
                    self.go(attrs)
                elif tag == "UN":
                    self.un(attrs)
                elif tag == "TAIKYOKU":
                    self.first_dealer = self._seat(attrs, "oya") if "oya" in attrs else 0
                elif tag == "BYE":
                    self.connections.append(Connection(len(self.rounds) - 1, self._seat(attrs, "who"), False))
                else:
                    raise ValueError(f"unknown tag <{tag}{number}>")
                if "owari" in attrs:
                    self.owari = self._owari(attrs["owari"])
            except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
                self._fail(f"<{tag}{number}{attr_text}>", error)

    def _fail(self, tag: str, error: Exception) -> None:
        letter, number = re.match(r"<(/?[A-Za-z]*)(\d*)", tag).groups()  # type: ignore[union-attr]  # the tag was matched so
        seat = _DRAW_SEAT.get(letter, _DISCARD_SEAT.get(letter))
        if number and seat is None:
            what = "unknown tag"
        elif number and not self.rounds:
            what = "a draw or discard before the first round (INIT)"
        elif number and seat is not None and seat >= self.n:
            what = f"a {'draw' if letter in _DRAW_SEAT else 'discard'} of player {seat} in a game of {self._count()}"
        elif number:
            what = "no such tile id"
        elif isinstance(error, KeyError):
            what = f"missing attribute {error}"
        else:
            what = str(error)
        where: int | None
        label: str | None
        event: int | None
        if letter == "INIT":  # the deal of the next round: its event 0
            where, label, event = len(self.rounds), None, 0
        elif self.rounds:
            where = len(self.rounds) - 1
            label, event = Round((self.rounds[where][0],)).label, len(self.rounds[where])
        else:
            where = label = event = None
        raise FormatError(f"bad tag {' '.join(tag.split())[:80]}: {what}", where, event, label) from None

    def _players(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[float, ...], tuple[str, ...]]:
        """The players' names, ranks (段位), rates and sexes, by the first ``UN`` that gives
        ranks: :data:`SEATS` of each, the fourth empty in a three-player game."""
        attrs, n = self.players, self.n
        if attrs is None:
            raise FormatError("no players (UN tag)")
        try:
            if (n == 4) != bool(attrs.get("n3")):
                raise ValueError(f"n3: {'no' if n == 4 else 'a'} fourth player in a game of {self._count()}")
            names = tuple(_name(attrs.get(f"n{p}", ""), f"n{p}") for p in range(n))
            dan = tuple(DAN_NAMES[d] for d in _ints(attrs, "dan", "ranks (段位)", SEATS, 0, len(DAN_NAMES) - 1)[:n])
            rate_texts = attrs["rate"].split(",", SEATS)
            try:  # float() reads other scripts' digits too ("١٢", "１２"): ASCII text only
                rates = tuple(float(r) for r in rate_texts[:n]) if attrs["rate"].isascii() else ()
            except ValueError:
                rates = ()
            if len(rate_texts) != SEATS or len(rates) != n:
                raise ValueError(f'rate="{clip(attrs["rate"], 40)}": must be {SEATS} numbers: the players\' rates')
            if not all(abs(rate) <= MAX_NUMBER for rate in rates):  # nan and inf too
                raise ValueError(f"a player's dan or rate: rate {attrs['rate'][:40]!r}: a number beyond any game")
            sexes = attrs.get("sx", "").split(",", SEATS)
            if "sx" in attrs and len(sexes) != SEATS:
                raise ValueError(f'sx="{clip(attrs["sx"], 40)}": must be {SEATS} letters M, F or C: the players\' sexes')
            for sex in sexes:
                shown_text(sex, "sx")
        except (KeyError, ValueError) as error:
            what = f"missing attribute {error}" if isinstance(error, KeyError) else str(error)
            raise FormatError(f"bad tag <UN>: {what}") from None
        return names, dan, rates, tuple(sexes[:n])

    def game(self, source: str) -> Game:
        n = self.n
        if self.rule_type is None:
            raise FormatError("no rule (GO tag)")
        names, dan, rates, sexes = self._players()
        players = tuple(f"{name}\n({d} R{int(rate // 1)})" for name, d, rate in zip(names, dan, rates))
        rule_type = self.rule_type
        rule_text = rule_name(rule_type)
        info = TenhouInfo(
            self.log_id, n, ROOMS[(2 if rule_type & 0x20 else 0) + (1 if rule_type & 0x80 else 0)],
            bool(rule_type & 0x08), self.red, not rule_type & 0x04, bool(rule_type & 0x40),
            rule_type, self.lobby, names, dan, rates, sexes, rule_text,
        )
        final_scores, points = self.owari or (None, None)
        ranks = None if final_scores is None else ranks_of(final_scores, self.first_dealer)
        rounds = tuple(Round(tuple(events), self.first_dealer, n) for events in self.rounds)
        record = TenhouRecord(info, tuple(map(tuple, self.results)), tuple(self.connections))
        title = rule_text + (f"\n{self.log_id}" if self.log_id else "")
        origin = tenhou_origin("tenhou-mjlog", title, hanchan=info.hanchan, kuitan=info.kuitan,
                               red=info.red_fives, record=record)
        return Game(title, players, self.first_dealer, rounds, final_scores, ranks, points,
                    source=source, origin=origin)


def game_from_mjlog(data: bytes | str, log_id: str = "", source: str = "") -> Game:
    """Read an mjlog (XML text, or its bytes plain or gzip-compressed) into a
    :class:`~paipu.events.Game` whose ``origin.record`` is the log's :class:`TenhouRecord`;
    raise :class:`~paipu.formats.FormatError` (with the round and event where it is) for
    what is not an mjlog.

    ``log_id`` is Tenhou's game id, written into the title as tenhou-log does (the loader
    takes it from the file name, see :func:`log_id_of`); ``source`` locates the game.
    """
    if isinstance(data, bytes):
        raw = data
        if raw[:2] == b"\x1f\x8b":
            try:  # inflated as the loader inflates a file: never beyond its limit (a gzip bomb)
                raw = gunzip(raw)
            except BadCompression as error:
                raise FormatError(str(error)) from None
            except TooLarge as too_large:  # a name of its own: compiled, a name holds one type
                raise FormatError(f"not read: {too_large}") from None
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError(f"not UTF-8 text: {utf8_error_at(raw)}") from None
    if "<mjloggm" not in data[:200]:
        raise FormatError("not an mjlog: no <mjloggm> element at the start")
    reader = _Reader(log_id)
    reader.read(data)
    return reader.game(source)
