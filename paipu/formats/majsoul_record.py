"""Mahjong Soul (雀魂) game records: the ``{head, data}`` JSON that record downloaders
write, read into a :class:`~paipu.events.Game`.

``head`` is the game's ``RecordGame`` (``uuid``, ``start_time``, ``config``,
``accounts``, ``result``); ``data`` its ``GameDetailRecords``, as the downloaders write
it: either the object itself or wrapped as ``{"name": ".lq.GameDetailRecords", "data":
{...}}``. Its records come in two versions: ``records: [{name, data}]`` (version 0),
and from July 2021 (version 210715) ``actions: [{type, result: {name, data}}]``, of
which only ``type`` 1 holds a record (the others are the players' inputs and events,
passed over). Record names are read with or without the ``.lq.`` prefix.

Field names and enumerations are those of Mahjong Soul's ``liqi.proto`` (as published
in EndlessCheng/mahjong-helper ``platform/majsoul/proto/lq/liqi.proto``) and of tensoul's
converter (Equim-chan/tensoul ``convert.js``): ``RecordChiPengGang.type`` 0 chi, 1 pon,
2 open kan; ``RecordAnGangAddGang.type`` 3 closed kan, 2 added kan; ``RecordLiuJu.type``
1 九種九牌, 2 四風連打 (tensoul), 3 四開槓, 4 四家立直, 5 三家和 (the majsoul-replay-editor's
``liuju``, Fat-pig-Cui/majsoul-replay-editor ``main.js``). Seats in a record are the table's seats from the first dealer
(seat 0, 東家 of 東1局), so the player id; a round's dealer is its ``ju``.

A win's yaku (``fans``) are named by the ids of Mahjong Soul's own table of yaku
(:data:`FANS`). What is not read (see ``docs/formats.md``): the binary protobuf form.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from typing import Any

from ..events import (Call, Deal, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Origin,
                      Round, WIND_NAMES, Win, Yaku)
from ..hand import Hand, IllegalAction
from ..rules import MAJSOUL, MAJSOUL_SANMA, RedFives, Rule
from ..tiles import KIND_OF, KINDS, HandNotation, Meld, NotationError, meld_text, parse_meld
from .errors import FormatError, bounded, final_points, shown_text
from .majsoul import majsoul_origin
from .recognise import is_majsoul_record

__all__ = ["is_majsoul_record", "game_from_majsoul_record", "MajsoulRecord", "FANS", "OPERATIONS", "Menu"]

_MARK = {1: "+", 2: "=", 3: "-"}
"""A call's direction mark by ``(discarder - caller) % 4`` (four-seat geometry, as for
three players in Tenhou's logs)."""

_LIUJU = {1: "九種九牌", 2: "四風連打", 3: "四開槓", 4: "四家立直", 5: "三家和"}

FANS: dict[int, str] = {
    1: "門前清自摸和", 2: "立直", 3: "槍槓", 4: "嶺上開花", 5: "海底摸月", 6: "河底撈魚", 7: "翻牌 白", 8: "翻牌 發",
    9: "翻牌 中", 10: "自風", 11: "場風", 12: "断幺九", 13: "一盃口", 14: "平和", 15: "混全帯幺九", 16: "一気通貫",
    17: "三色同順", 18: "ダブル立直", 19: "三色同刻", 20: "三槓子", 21: "対々和", 22: "三暗刻", 23: "小三元", 24: "混老頭",
    25: "七対子", 26: "純全帯幺九", 27: "混一色", 28: "二盃口", 29: "清一色", 30: "一発", 31: "ドラ", 32: "赤ドラ",
    33: "裏ドラ", 34: "ドラ", 35: "天和", 36: "地和", 37: "大三元", 38: "四暗刻", 39: "字一色", 40: "緑一色", 41: "清老頭",
    42: "国士無双", 43: "小四喜", 44: "四槓子", 45: "九蓮宝燈", 46: "八連荘", 47: "純正九蓮宝燈", 48: "四暗刻単騎",
    49: "国士無双十三面", 50: "大四喜", 51: "燕返し", 52: "槓振り", 53: "十二落抬", 54: "五門斉", 55: "三連刻",
    56: "一色三順", 57: "一筒摸月", 58: "九筒撈魚", 59: "人和", 60: "大車輪", 61: "大竹林", 62: "大数隣",
    63: "石の上にも三年", 64: "大七星",
}
"""The yaku of Mahjong Soul's ids (a ``RecordHule`` win's ``fans[].id``), under paipu's
names: the game's own table (``cfg.fan.fan``, as tensoul's ``data.json`` holds it,
Equim-chan/tensoul 62701d1, 2022-09-05), its ``name_jp`` written as the 電脳麻将 engine
writes the same yaku (役牌 白 as 翻牌 白, 国士無双十三面待ち as 国士無双十三面). 10 (役牌:自風牌)
and 11 (役牌:場風牌) name no wind: the winner's seat wind and the round's are added; 34
(抜きドラ, a North set aside) is counted among the ドラ, as paipu and Tenhou count it. 46
and 51-64 are the local yaku (古役) of friendly rooms, which paipu's rules do not have."""

_YAKUMAN_FANS = frozenset((*range(35, 51), *range(59, 65)))
"""The ids of yakuman: a win's ``val`` for one of them is its yakuman multiple (the
game's table gives 13 han, 26 for a double yakuman)."""

Menu = dict[int, frozenset[str]]
"""A menu: each operation type offered, with its choices (see :mod:`paipu.menus`)."""

OPERATIONS = {1: "discard", 2: "chi", 3: "pon", 4: "closed kan", 5: "open kan", 6: "added kan", 7: "riichi",
              8: "tsumo", 9: "ron", 10: "九種九牌", 11: "北抜き"}
"""Mahjong Soul's operation types (Fat-pig-Cui/misc-code, 牌譜里面到底記載了什么; the
majsoul-replay-editor's ``main.js``): after a draw 1 discard, 4 closed kan, 6 added kan,
7 riichi, 8 tsumo, 10 九種九牌, 11 北抜き; after another's discard 2 chi, 3 pon, 5 open
kan, 9 ron (9 also on a kan or North to rob); after a chi or pon 1, the discard. The
event modes' types are not compared."""

_CATEGORY = {1: "friendly", 2: "ranked", 4: "tournament"}

_RANKED_ROOMS = {2: "銅", 3: "銅", 5: "銀", 6: "銀", 8: "金", 9: "金", 11: "玉", 12: "玉", 15: "王座", 16: "王座",
                 17: "銅", 18: "銅", 19: "銀", 20: "銀", 21: "金", 22: "金", 23: "玉", 24: "玉", 25: "王座", 26: "王座"}
"""The ranked room of a game's ``config.meta.mode_id`` (four players 2-16, three players
17-26; each room's East-only game, then its East-South one: the game's length is read
from ``config.mode.mode``), by the game's own table (``cfg.desktop.matchmode``, as
tensoul's ``data.json`` holds it)."""


_LEVEL_NAMES = ("初心", "雀士", "雀傑", "雀豪", "雀聖", "魂天", "魂天")
"""The major ranks (段位) of a Mahjong Soul level id ``P0MNN``: ``P`` the number of
players' kind (1 four, 2 three), ``M`` the major rank (1 初心 Novice to 5 雀聖 Saint, then
魂天 Celestial: 6 before its 2022 rework, 7 after), ``NN`` the minor rank (1–3; for 7 the
魂天 level). Read so by amae-koromo (SAPikachu/amae-koromo, ``src/data/types/level.ts``:
``realId = id % 10000``, major ``realId / 100``, minor ``realId % 100``, ranks
``初士杰豪圣魂``, ``LEVEL_KONTEN = 7``)."""


def level_name(level: int) -> str:
    """A Mahjong Soul level id as its rank's name: ``10301`` (four players) is ``雀傑1``,
    ``20402`` (three players) ``雀豪2``, ``10701`` ``魂天1``; ``""`` for an id of no rank
    (0, absent, out of range)."""
    major, minor = divmod(level % 10000, 100)
    if not 1 <= major <= len(_LEVEL_NAMES) or not 1 <= minor <= 99 or level // 10000 not in (1, 2):
        return ""
    return _LEVEL_NAMES[major - 1] + ("" if major == 6 else str(minor))


@dataclass(frozen=True, slots=True)
class MajsoulRecord:
    """What a Mahjong Soul record states beyond the events: the game's ``category``
    (``ranked``, ``friendly``, ``tournament``), its ``mode`` (1/2 four players East/South,
    11/12 three players), the ``detail_rule`` as logged, the players' ``levels`` (rank
    ids) by player id and each round's ``paishan`` (the wall as logged, ``""`` when
    absent)."""

    category: str
    mode: int
    detail_rule: dict[str, Any]
    levels: tuple[int, ...]
    walls: tuple[str, ...]
    menus: tuple[tuple[tuple[int, int, Menu], ...], ...] = ()
    """Each round's logged menus (``operation``, ``operations``): ``(event index, seat,
    the operation types offered)`` after a draw (the drawer's) and after a discard (each
    other seat's); empty for a round whose record logs no menu."""
    totals: tuple[tuple[int, ...] | None, ...] = ()
    """Each round's ``delta_scores`` of a multiple ron, by seat: the sum of its wins'
    payments (the record states no win's own); ``None`` for any other round."""

    def problems(self, game: Game) -> list[tuple[int, int, str, Any, Any, str]]:
        """Where the logged wall (``paishan``) disagrees with the events: each draw from
        the live wall, each replacement draw (after a kan or a North set aside), each
        dora and ura indicator, and, for a wall that holds the deal, each player's dealt
        tiles; and where a multiple ron's ``delta_scores`` is not the sum of its wins'
        payments (:meth:`_RoundReader.hule`, at the first win); as ``(round index, event
        index, check, expected, logged, message)``. (The menus are compared on the replay
        by :class:`paipu.menus.MenuChecker`.)"""
        found: list[tuple[int, int, str, Any, Any, str]] = []
        for index, (round_, text) in enumerate(zip(game.rounds, self.walls)):
            found += _wall_problems(index, round_, text)
        for index, (round_, total) in enumerate(zip(game.rounds, self.totals)):
            if total is not None:
                found += _total_problems(index, round_, total)
        return found


def _total_problems(index: int, round_: Round, total: tuple[int, ...]) -> list[tuple[int, int, str, Any, Any, str]]:
    """Whether a multiple ron's logged ``delta_scores`` (``total``, by seat) is the sum of
    its wins' payments; if not, a problem at the first win, saying whether the total
    gives each winner the honba (as tensoul's converter reckons a double ron)."""
    wins = [(position, event) for position, event in enumerate(round_.events) if type(event) is Win]
    paid = [sum(column) for column in zip(*(win.payments or () for _, win in wins))]
    if paid == list(total):
        return []
    honba = round_.deal.honba * 100 * (round_.players - 1)
    each = list(paid)
    for _, win in wins[1:]:
        each[win.seat] += honba
        each[win.discarder] -= honba  # type: ignore[index]  # a multiple ron's wins are rons
    reading = " (honba to each winner, as tensoul reckons a double ron)" if each == list(total) and honba else ""
    return [(index, wins[0][0], "majsoul.delta_scores", paid, list(total),
             f"a multiple ron's delta_scores: its wins pay {paid}, the record says {list(total)}{reading}")]


def _wall_problems(index: int, round_: Round, text: str) -> list[tuple[int, int, str, Any, Any, str]]:
    """:meth:`MajsoulRecord.problems` of one round whose logged wall is ``text``."""
    n = round_.players
    if not text or len(text) % 2:
        return []
    try:
        wall = [_tile(text[i:i + 2]) for i in range(0, len(text), 2)]
    except FormatError:
        return [(index, 0, "majsoul.paishan", None, text[:40], "the wall (paishan) is not a string of tiles")]
    dealt = 53 if n == 4 else 40
    size = 136 if n == 4 else 108
    found: list[tuple[int, int, str, Any, Any, str]] = []
    events = round_.events
    deal = round_.deal
    first_draw = events[1] if len(events) > 1 and type(events[1]) is Draw else None
    if len(wall) == size:  # the deal in the wall (records from May 2023 on): 4-4-4-1 from the dealer, then its 14th
        hands: list[list[str]] = [[] for _ in range(n)]
        position = 0
        for _ in range(3):
            for seat in range(n):
                hands[seat] += wall[position:position + 4]
                position += 4
        for seat in range(n):
            hands[seat].append(wall[position])
            position += 1
        hands[0].append(wall[position])
        for seat in range(n):
            logged = list(deal.hands[seat].tiles) + ([first_draw.tile] if seat == 0 and first_draw else [])
            if sorted(hands[seat]) != sorted(logged):
                found.append((index, 0, "majsoul.paishan", sorted(hands[seat]), sorted(logged),
                              f"seat {seat}'s dealt tiles: the wall gives {' '.join(sorted(hands[seat]))}, "
                              f"the log deals {' '.join(sorted(logged))}"))
        live = wall[dealt:]
        skip_first = True
    elif len(wall) == size - dealt:
        live = wall
        skip_first = True
    else:
        return [(index, 0, "majsoul.paishan", size, len(wall),
                 f"the wall (paishan) holds {len(wall)} tiles, neither {size} nor {size - dealt}")]
    rinshan = 4 if n == 4 else 8
    dora_at = [-(rinshan + 1 + 2 * i) for i in range(5)]
    ura_at = [-(rinshan + 2 + 2 * i) for i in range(5)]

    def compare(event: int, expected: str, logged: str, what: str) -> None:
        if expected != logged:
            found.append((index, event, "majsoul.paishan", expected, logged,
                          f"{what}: the wall gives {expected}, the log says {logged}"))

    compare(0, wall[dora_at[0]], deal.dora_indicator, "the dora indicator")
    draws = replacements = reveals = 0
    previous: Event = deal
    for position, event in enumerate(events):
        cls = type(event)
        if position == 1 and skip_first and cls is Draw:
            pass  # the dealer's 14th tile: dealt, not drawn
        elif cls is KanDraw or (cls is Draw and type(previous) is NorthSetAside):
            replacements += 1
            if replacements <= rinshan:
                compare(position, wall[-replacements], event.tile, f"replacement draw {replacements}")  # type: ignore[union-attr]  # a draw
        elif cls is Draw:
            if draws < len(live) - 14 - (rinshan - 4):
                compare(position, live[draws], event.tile, f"draw {draws + 1} from the live wall")  # type: ignore[union-attr]  # a draw
            draws += 1
        elif cls is DoraReveal:
            reveals += 1
            if reveals < len(dora_at):
                compare(position, wall[dora_at[reveals]], event.indicator, f"kan dora indicator {reveals}")  # type: ignore[union-attr]  # a reveal
        elif cls is Win and event.ura_indicators:  # type: ignore[union-attr]  # a win
            for number, tile in enumerate(event.ura_indicators[:5]):  # type: ignore[union-attr]  # a win
                compare(position, wall[ura_at[number]], tile, f"ura dora indicator {number + 1}")
        if cls is not DoraReveal:
            previous = event
    return found


def _object(value: Any) -> dict[str, Any]:
    """``value`` if it is a JSON object, else an empty one (a field left out)."""
    return value if isinstance(value, dict) else {}


def _name(record: Any) -> str:
    name = record.get("name") if isinstance(record, dict) else None
    return name.rpartition(".")[2] if isinstance(name, str) else ""


def _detail(obj: Any) -> Any:
    """The ``GameDetailRecords`` of a record's ``data``, unwrapped."""
    if isinstance(obj, dict) and "records" not in obj and "actions" not in obj and isinstance(obj.get("data"), dict):
        return obj["data"]
    return obj


def _records(obj: Any) -> list[tuple[str, dict[str, Any]]]:
    detail = _detail(obj.get("data"))
    if isinstance(detail, str):
        raise FormatError("data is the binary protobuf form (base64), which paipu does not read: "
                          "download the record as JSON (records decoded)")
    if not isinstance(detail, dict):
        raise FormatError("data must hold the game's records or actions")
    out: list[tuple[str, dict[str, Any]]] = []
    if isinstance(detail.get("actions"), list):
        for action in detail["actions"]:
            if isinstance(action, dict) and action.get("type") == 1:
                result = action.get("result")
                if not isinstance(result, dict) or not isinstance(result.get("data"), dict):
                    raise FormatError("an action of type 1 without its record (result: {name, data})")
                out.append((_name(result), result["data"]))
    elif isinstance(detail.get("records"), list):
        for record in detail["records"]:
            if not isinstance(record, dict) or not isinstance(record.get("data"), dict):
                raise FormatError("a record must be {name, data}")
            out.append((_name(record), record["data"]))
    else:
        raise FormatError("data holds neither records nor actions")
    return out


def _tile(text: Any) -> str:
    """A Mahjong Soul tile (``5m``, red ``0p``, honours ``1z``-``7z``) in paipu's notation."""
    if not (isinstance(text, str) and len(text) == 2 and text[1] in "mpsz" and text[0] in "0123456789"
            and (text[1] != "z" or "1" <= text[0] <= "7")):
        raise FormatError(f"not a tile: {text!r}")
    return text[1] + text[0]


def _tiles(value: Any, name: str) -> list[str]:
    if not isinstance(value, list):
        raise FormatError(f"{name} must be a list of tiles, not {value!r}")
    return [_tile(t) for t in value]


def _int(data: dict[str, Any], key: str, default: int | None = 0) -> int:
    value = data.get(key, default)
    if type(value) is not int:
        raise FormatError(f"{key} must be an integer, not {value!r}")
    bounded((value,), key)
    return value


class _RoundReader:
    """One round's records into events, following each hand with :class:`~paipu.hand.Hand`."""

    def __init__(self, data: dict[str, Any], n: int, later: list[tuple[str, dict[str, Any]]],
                 tsumo_loss: bool) -> None:
        self.n = n
        self.tsumo_loss = tsumo_loss
        self.ju = _int(data, "ju")
        chang = _int(data, "chang")
        if self.ju >= n or chang > 3:
            raise FormatError(f"no round chang {chang}, ju {self.ju} with {n} players")
        scores = data.get("scores")
        if not (isinstance(scores, list) and len(scores) == n and all(type(s) is int for s in scores)):
            raise FormatError(f"scores must be {n} integers, not {scores!r}")
        bounded(scores, "scores")
        dealt = [_tiles(data.get(f"tiles{p}"), f"tiles{p}") for p in range(n)]
        if any(len(tiles) != (14 if p == self.ju else 13) for p, tiles in enumerate(dealt)):
            raise FormatError("the dealer is dealt 14 tiles and every other player 13")
        first = next((d for name, d in later if name == "RecordDiscardTile"), None)
        dealer_tiles = dealt[self.ju]
        drawn = dealer_tiles[-1]
        if first is not None and first.get("seat") == self.ju and first.get("moqie"):
            tile = _tile(first.get("tile"))
            if tile in dealer_tiles:
                drawn = tile
        dealer_tiles.remove(drawn)
        doras = data.get("doras") if "doras" in data else ([data["dora"]] if "dora" in data else None)
        if not doras:
            raise FormatError("a round must show its dora indicator (doras)")
        self.doras = [_tile(t) for t in doras]
        self.hands = [Hand.from_notation(HandNotation.from_tiles(tiles)) for tiles in dealt]
        self.riichi = [False] * n
        self.deal = Deal(chang, self.ju, _int(data, "ben"), _int(data, "liqibang"),
                         tuple(scores[self.player(s)] for s in range(n)), self.doras[0],
                         tuple(self.hands[self.player(s)].to_notation() for s in range(n)))
        self.events: list[Event] = [self.deal]
        self.shown = 1
        self.last: tuple[int, str] | None = None  # the last tile passed: (player, tile)
        self.after_kan = False
        self.deferred: Any = None  # a kan's new indicators, shown after its replacement draw
        wall = data.get("paishan")
        self.wall: str = wall if isinstance(wall, str) else ""
        self._act(self.hands[self.ju].draw, drawn)
        self.events.append(Draw(0, drawn))
        self.menus: list[tuple[int, int, Menu]] = []
        self.total: tuple[int, ...] | None = None  # a multiple ron's delta_scores, by seat
        self.logs_menus = isinstance(data.get("operation"), dict)
        self._menu(1, data.get("operation"))

    def player(self, seat: int) -> int:
        return (self.ju + seat) % self.n

    def seat(self, player: int) -> int:
        return (player - self.ju) % self.n

    def _who(self, data: dict[str, Any]) -> int:
        seat = _int(data, "seat")
        if seat >= self.n:
            raise FormatError(f"seat {seat} is not one of the {self.n} players")
        return seat

    @staticmethod
    def _act(action: Any, *args: Any) -> None:
        try:
            action(*args)
        except IllegalAction as error:
            raise FormatError(str(error)) from None

    def _menu(self, event: int, menu: Any) -> None:
        """Keep a logged menu (an ``OptionalOperationList``) offered at ``event``: each
        operation type of :data:`OPERATIONS` with its ``combination`` in
        paipu's notation (see :mod:`paipu.menus`)."""
        if not isinstance(menu, dict) or type(menu.get("seat", 0)) is not int or not 0 <= menu.get("seat", 0) < self.n:
            return
        choices = menu.get("operation_list")
        kept: Menu = {}
        for choice in choices if isinstance(choices, list) else ():
            code = choice.get("type") if isinstance(choice, dict) else None
            if type(code) is not int or code not in OPERATIONS:
                continue
            combination = choice.get("combination")
            found = []
            for text in combination if isinstance(combination, list) else ():
                tiles = [_tile(tile) for tile in text.split("|")] if isinstance(text, str) else [_tile(text)]
                if code in (1, 4, 6):  # kinds: a discard after a call may not be one; a closed or added kan's
                    found.append(KINDS[KIND_OF[tiles[0]]])
                else:
                    found.append("".join(sorted(tiles)))
            kept[code] = frozenset(found)
        self.menus.append((event, self.seat(menu.get("seat", 0)), kept))

    def _claims(self, data: dict[str, Any]) -> None:
        """Keep the menus the others are offered on the event just read (a discard's,
        a kan's or a North's ``operations``), a seat with none offered nothing."""
        at = len(self.events) - 1
        self.menus.append((at, -1, {}))
        operations = data.get("operations")
        for menu in operations if isinstance(operations, list) else ():
            self._menu(at, menu)

    def _reveal(self, data: dict[str, Any]) -> None:
        doras = data.get("doras")
        if isinstance(doras, list) and len(doras) > self.shown:
            for tile in doras[self.shown:]:
                self.events.append(DoraReveal(_tile(tile)))
            self.shown = len(doras)

    def read(self, name: str, data: dict[str, Any]) -> None:
        if name == "RecordDealTile":
            who = self._who(data)
            tile = _tile(data.get("tile"))
            self._act(self.hands[who].draw, tile)
            self.events.append(KanDraw(self.seat(who), tile) if self.after_kan else Draw(self.seat(who), tile))
            self._menu(len(self.events) - 1, data.get("operation"))
            self.logs_menus = self.logs_menus or isinstance(data.get("operation"), dict)
            self.after_kan = False
            self._reveal(data)
            self._reveal({"doras": self.deferred})
            self.deferred = None
        elif name == "RecordDiscardTile":
            who = self._who(data)
            tile = _tile(data.get("tile"))
            riichi = bool(data.get("is_liqi") or data.get("is_wliqi"))
            hand = self.hands[who]
            tsumogiri = bool(data.get("moqie")) and hand.drawn == tile
            self._act(hand.discard, tile, riichi)
            self.riichi[who] = self.riichi[who] or riichi
            self.events.append(Discard(self.seat(who), tile, tsumogiri, riichi))
            self._claims(data)
            self.last = (who, tile)
            self._reveal(data)
        elif name == "RecordChiPengGang":
            self._call(data)
        elif name == "RecordAnGangAddGang":
            self._kan(data)
        elif name == "RecordBaBei":
            who = self._who(data)
            self._act(self.hands[who].discard, "z4")
            self.events.append(NorthSetAside(self.seat(who), "z4"))
            self._claims(data)
            self.last = (who, "z4")
            self._reveal(data)
        else:
            raise FormatError(f"unknown record {name!r}")

    def _call(self, data: dict[str, Any]) -> None:
        who = self._who(data)
        kind = _int(data, "type")
        tiles = _tiles(data.get("tiles"), "tiles")
        froms = data.get("froms")
        if self.last is None or kind not in (0, 1, 2) or len(tiles) != (4 if kind == 2 else 3):
            raise FormatError(f"not a call: type {kind}, tiles {data.get('tiles')!r}")
        discarder = self.last[0]
        if isinstance(froms, list) and len(froms) == len(tiles):
            index = next((i for i, f in enumerate(froms) if f != who), len(tiles) - 1)
        else:
            index = len(tiles) - 1
        ordered = [tiles[index]] + tiles[:index] + tiles[index + 1:]
        try:
            meld = parse_meld(meld_text(ordered, _MARK.get((discarder - who) % 4, "-"), kind == 0))
        except (NotationError, ValueError, KeyError):
            raise FormatError(f"not a meld: {data.get('tiles')!r}") from None
        self._act(self.hands[who].call, meld)
        self.events.append(Call(self.seat(who), meld))
        self._menu(len(self.events) - 1, data.get("operation"))
        self.after_kan = kind == 2

    def _kan(self, data: dict[str, Any]) -> None:
        who = self._who(data)
        kind = _int(data, "type")
        tile = _tile(data.get("tiles"))
        hand = self.hands[who]
        if kind == 3:
            base = tile.replace("0", "5")
            red = hand.red["mps".index(base[0])] if base[0] in "mps" and base[1] == "5" else 0
            meld = Meld("ankan", base[0], base[1] * (4 - red) + "0" * red, None, None)
        elif kind == 2:
            pon = next((m for m in hand.melds if m.type == "pon" and m.suit == tile[0]
                        and m.digits[0].replace("0", "5") == tile[1].replace("0", "5")), None)
            if pon is None:
                raise FormatError(f"an added kan of {tile} without its pon")
            meld = pon.with_added(tile)
        else:
            raise FormatError(f"not a kan type: {kind}")
        self._act(hand.kan, meld)
        self.events.append(Kan(self.seat(who), meld))
        self._claims(data)
        self.last = (who, tile)
        self.after_kan = True
        # the new indicator goes after the replacement draw, where Tenhou's and 電脳麻将's
        # logs place it (the draw's record repeats it)
        self.deferred = data.get("doras")

    def hule(self, data: dict[str, Any]) -> None:
        hules = data.get("hules")
        if not isinstance(hules, list) or not hules:
            raise FormatError("RecordHule must list its hules")
        deltas = data.get("delta_scores")
        n = self.n
        if isinstance(deltas, list) and len(deltas) == n:
            bounded(deltas, "delta_scores")
            if len(hules) > 1:
                self.total = tuple(deltas[self.player(s)] for s in range(n))
        for number, hule in enumerate(hules):
            if not isinstance(hule, dict):
                raise FormatError("a hule must be an object")
            who = self._who(hule)
            zimo = bool(hule.get("zimo"))
            hand = self.hands[who]
            if not zimo:
                if self.last is None:
                    raise FormatError("a ron with no tile to win on")
                discarder, tile = self.last
                self._act(hand.draw, tile)
            dealer = who == self.ju
            if zimo:
                xian, qin = _int(hule, "point_zimo_xian"), _int(hule, "point_zimo_qin")
                if n == 3 and not self.tsumo_loss:  # the absent player's share split (北家折半), each half rounded up
                    half = -(-xian // 200) * 100
                    xian, qin = xian + half, qin + half
                points = xian * (n - 1) if dealer else qin + xian * (n - 2)
            else:
                points = _int(hule, "point_rong")
            if len(hules) == 1 and isinstance(deltas, list) and len(deltas) == n:
                payments = tuple(deltas[self.player(s)] for s in range(n))
            else:
                payments = self._ron_payments(who, discarder if not zimo else who, points, number == 0)
            li = hule.get("li_doras")
            ura = tuple(_tile(t) for t in li) if self.riichi[who] and isinstance(li, list) and li else None
            yiman = bool(hule.get("yiman"))
            yaku = self._yaku(hule.get("fans"), who)
            self.events.append(Win(self.seat(who), replace(hand.to_notation(), riichi=False),
                                   None if zimo else self.seat(discarder), ura,
                                   None if yiman else _int(hule, "fu"), None if yiman else _int(hule, "count"),
                                   sum(y.yakuman for y in yaku) if yiman else None, points, yaku, payments))

    def _yaku(self, fans: Any, who: int) -> tuple[Yaku, ...]:
        """A win's ``fans`` (``[{id, val}]``) as paipu's yaku (:data:`FANS`), in the
        record's order; 抜きドラ added to the ドラ."""
        if not isinstance(fans, list):
            raise FormatError(f"a hule's fans must be a list of {{id, val}}, not {fans!r}")
        found: dict[str, Yaku] = {}
        for fan in fans:
            if not isinstance(fan, dict):
                raise FormatError(f"not a fan: {fan!r}")
            id, val = _int(fan, "id"), _int(fan, "val")
            name = FANS.get(id)
            if name is None:
                raise FormatError(f"unknown yaku id {id} (fans)")
            if id == 10:
                name = f"自風 {WIND_NAMES[self.seat(who)]}"
            elif id == 11:
                name = f"場風 {WIND_NAMES[self.deal.round_wind]}"
            before = found.get(name, Yaku(name))
            found[name] = replace(before, yakuman=before.yakuman + val) if id in _YAKUMAN_FANS else \
                replace(before, han=before.han + val)
        return tuple(found.values())

    def _ron_payments(self, who: int, discarder: int, points: int, first: bool) -> tuple[int, ...]:
        """A ron's payments in a multiple ron: the hand's value from the discarder, the
        honba and the sticks to the first winner."""
        extra = (self.deal.honba * 100 * (self.n - 1) + self.deal.riichi_sticks * 1000) if first else 0
        paid = [0] * self.n
        paid[self.seat(discarder)] -= points + (self.deal.honba * 100 * (self.n - 1) if first else 0)
        paid[self.seat(who)] += points + extra
        return tuple(paid)

    def no_tile(self, data: dict[str, Any]) -> None:
        n = self.n
        players = data.get("players")
        shown: list[bool] = [False] * n
        if isinstance(players, list) and len(players) == n:
            shown = [bool(isinstance(p, dict) and p.get("tingpai")) for p in players]
        delta = [0] * n
        scores = data.get("scores")
        if isinstance(scores, list):
            for score in scores:
                change = score.get("delta_scores") if isinstance(score, dict) else None
                if isinstance(change, list) and len(change) == n:
                    bounded(change, "delta_scores")
                    delta = [a + b for a, b in zip(delta, change)]
        name = "流し満貫" if data.get("liujumanguan") else "荒牌平局"
        self.events.append(NoWin(name, tuple(self.hands[self.player(s)].to_notation() if shown[self.player(s)]
                                             else None for s in range(n)),
                                 tuple(delta[self.player(s)] for s in range(n))))

    def liu_ju(self, data: dict[str, Any]) -> None:
        kind = _int(data, "type")
        name = _LIUJU.get(kind)
        if name is None:
            raise FormatError(f"unknown RecordLiuJu type {kind}")
        n = self.n
        if name == "九種九牌":
            who = self._who(data) if "seat" in data else self.ju
            hands = tuple(self.hands[who].to_notation() if self.player(s) == who else None for s in range(n))
        elif name == "四家立直":
            hands = tuple(self.hands[self.player(s)].to_notation() for s in range(n))
        else:
            hands = (None,) * n
        self.events.append(NoWin(name, hands, (0,) * n))


def _rule(head: dict[str, Any], n: int, ranked: bool) -> tuple[Rule | None, int]:
    """The rule of a game that is not ranked (its ``detail_rule`` on the majsoul
    preset), ``None`` for a ranked game; and the game's length (winds)."""
    config = _object(head.get("config"))
    mode_obj = _object(config.get("mode"))
    mode = mode_obj.get("mode", 2 if n == 4 else 12)
    winds = 1 if mode in (1, 11) else 2
    if ranked:
        return None, winds
    detail = _object(mode_obj.get("detail_rule"))
    rule: Rule = (MAJSOUL if n == 4 else MAJSOUL_SANMA).replace(winds=winds)
    changes: dict[str, Any] = {}
    start = detail.get("init_point") or rule.starting_points
    changes["starting_points"] = start
    returned = detail.get("fandian") or rule.returned_points
    changes["returned_points"] = returned
    uma_keys = [f"shunweima_{i}" for i in range(2, n + 1)]
    if any(key in detail for key in uma_keys):
        uma = [detail.get(key, 0) for key in uma_keys]
        shift = (returned - start) / 1000
        others = [u + shift for u in uma]
        top = -sum(uma) + shift
        changes["rank_points"] = tuple(f"{p:.1f}" for p in [top, *others])
    if "can_jifei" in detail:
        changes["bankruptcy_ends"] = bool(detail["can_jifei"])
    if "have_qieshangmanguan" in detail:
        changes["kiriage_mangan"] = bool(detail["have_qieshangmanguan"])
    if n == 3 and "have_zimosun" in detail:
        changes["tsumo_loss"] = bool(detail["have_zimosun"])
    if "dora_count" in detail:
        count = detail["dora_count"]
        changes["red_fives"] = RedFives(0, 1, 1) if n == 3 and count else RedFives(1, 1, 1) if count == 3 else \
            RedFives(1, 2, 1) if count == 4 else RedFives(0, 0, 0)
    try:
        return rule.replace(**changes), winds
    except ValueError as error:
        raise FormatError(f"config.mode.detail_rule: {error}") from None


def game_from_majsoul_record(obj: Any, source: str = "") -> Game:
    """A Mahjong Soul record (see the module) as a :class:`~paipu.events.Game`;
    :class:`~paipu.formats.FormatError` naming the round and event for what is not
    read."""
    if not is_majsoul_record(obj):
        raise FormatError("not a Mahjong Soul record: no head with a uuid")
    head = obj["head"]
    records = _records(obj)
    accounts = head.get("accounts") if isinstance(head.get("accounts"), list) else []
    first = next((d for name, d in records if name == "RecordNewRound"), None)
    if first is None:
        raise FormatError("no round (RecordNewRound)")
    scores = first.get("scores")
    n = len(scores) if isinstance(scores, list) else 0
    if n not in (3, 4):
        raise FormatError(f"a game of 3 or 4 players, not {n}")
    names = [""] * n
    levels = [0] * n
    for account in accounts:
        if isinstance(account, dict) and type(account.get("seat", 0)) is int and account.get("seat", 0) < n:
            seat = account.get("seat", 0)
            names[seat] = shown_text(str(account.get("nickname", "")), "nickname")
            level = account.get("level3" if n == 3 else "level")
            levels[seat] = level.get("id", 0) if isinstance(level, dict) else 0
    config = _object(head.get("config"))
    category = _CATEGORY.get(config.get("category", 0), "")
    meta = _object(config.get("meta"))
    ranked = category == "ranked" or bool(meta.get("mode_id"))
    own_rule, winds = _rule(head, n, ranked)
    tsumo_loss = own_rule is None or own_rule.tsumo_loss
    rounds: list[Round] = []
    walls: list[str] = []
    ron_totals: list[tuple[int, ...] | None] = []
    menus: list[tuple[tuple[int, int, Menu], ...]] = []
    reader: _RoundReader | None = None

    def finish(reader: _RoundReader) -> None:
        """Keep the round read and what its record states beyond the events."""
        rounds.append(Round(tuple(reader.events), 0, n))
        walls.append(reader.wall)
        ron_totals.append(reader.total)
        menus.append(tuple(reader.menus) if reader.logs_menus else ())

    for position, (name, data) in enumerate(records):
        try:
            if name == "RecordNewRound":
                if reader is not None:
                    raise FormatError("a round that does not end")
                reader = _RoundReader(data, n, records[position + 1:position + 200], tsumo_loss)
            elif reader is None:
                raise FormatError(f"{name} before the round's RecordNewRound")
            elif name in ("RecordHule", "RecordNoTile", "RecordLiuJu"):
                getattr(reader, {"RecordHule": "hule", "RecordNoTile": "no_tile", "RecordLiuJu": "liu_ju"}[name])(data)
                finish(reader)
                reader = None
            else:
                reader.read(name, data)
        except FormatError as error:
            label = None
            if reader is not None:
                label = Round((reader.deal,), 0, n).label
            raise FormatError(f"{name}: {error.message}", len(rounds), None if reader is None else len(reader.events),
                              label) from None
    if reader is not None:
        finish(reader)
    final_scores = ranks = points = None
    result = head.get("result")
    players = result.get("players") if isinstance(result, dict) else None
    if isinstance(players, list) and len(players) == n:
        final = [0] * n
        totals: list[Any] = [0] * n
        order = [0] * n
        for place, item in enumerate(players):
            if not isinstance(item, dict) or type(item.get("seat", 0)) is not int or not 0 <= item.get("seat", 0) < n:
                raise FormatError(f"head.result.players: not a player's result: {item!r}")
            seat = item.get("seat", 0)
            final[seat] = item.get("part_point_1", 0)
            totals[seat] = f"{item.get('total_point', 0) / 1000:.1f}"
            order[seat] = place + 1
        bounded(final, "part_point_1")
        final_scores, ranks = tuple(final), tuple(order)
        points = final_points(totals, n, "total_point")
    uuid = shown_text(str(head.get("uuid", "")), "uuid")
    start = head.get("start_time")
    date = datetime.datetime.fromtimestamp(start, datetime.timezone.utc).date() if type(start) is int and 0 < start < 1 << 40 else None
    mode = _object(config.get("mode")).get("mode", 0)
    ranked_room = _RANKED_ROOMS.get(meta.get("mode_id", 0), "")
    if ranked and ranked_room:  # as tensoul names it in a tenhou.net/6 export, which gives the same origin
        room = f"{'三' if n == 3 else ''}{ranked_room}の間{'東' if winds == 1 else '南'}喰赤"
    else:
        room = {"friendly": "友人戦", "tournament": "大会戦"}.get(category, "")
        room += f" {meta.get('room_id') or meta.get('contest_uid') or ''}".rstrip()
    record = MajsoulRecord(category, mode if type(mode) is int else 0,
                           dict(_object(_object(config.get("mode")).get("detail_rule"))), tuple(levels), tuple(walls),
                           tuple(menus), tuple(ron_totals))
    origin = Origin("majsoul", uuid, "majsoul" if ranked else "", room, date,
                    (("winds", winds),) if ranked else (), record=record)
    if ranked and ranked_room:
        origin = replace(majsoul_origin("majsoul", room, n) or origin, id=uuid, date=date, record=record)
    # the rank on the name's second line, as Tenhou's readers write a dan (paipu.events.player_rank)
    players_text = tuple(f"{name}\n({level_name(level)})" if level_name(level) else name
                         for name, level in zip(names, levels))
    return Game(f"{room}\n{uuid}".lstrip(), players_text, 0, tuple(rounds), final_scores, ranks, points,
                None if own_rule is None else own_rule.to_json(),
                source=source, origin=origin)
