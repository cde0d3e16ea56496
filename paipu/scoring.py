"""Scoring one win (和了): yaku, fu, han, the hand's value and the payments.

:func:`score` takes a complete hand in 電脳麻将 notation, the winning tile, the
:class:`Situation` (winds, riichi, dora...) and a :class:`~paipu.rules.Rule`, and gives a
:class:`WinResult`, or a falsy :class:`NotAWin` saying why the hand does not win::

    >>> result = score("m123456p23478s05*", "p9+", seat_wind=2, riichi=1, ura_indicators=["m9"])
    >>> result.han, result.fu, result.points, result.payments
    (4, 30, 7700, (0, 0, 7700, -7700))
    >>> [yaku.name for yaku in result.yaku]
    ['立直', '平和', '赤ドラ', '裏ドラ']

Definitions (those of the 電脳麻将 engine, ``Majiang.Util.hule``):

* A **reading** (面子構成) of a complete hand is one way to split it into a pair (雀頭)
  and four sets (面子; the melds are sets as they are), with the winning tile placed in
  one set or the pair; seven pairs (七対子), thirteen orphans (国士無双) and nine gates
  (九蓮宝燈) are readings of their own. The result is the best reading: highest value
  (``points``), then most han, then most fu (高点法).
* **Fu** (符): 20 base; a pair of round wind, seat wind or dragon 2 each (a double wind
  pair 4, or 2 with ``double_wind_pair_2fu``); a triplet 2, doubled for terminals and
  honours, doubled when concealed (a triplet completed by a ron tile is open), times 4 for
  a kan; 2 for a single, closed or edge wait; then 平和 (pinfu) is a concealed reading
  still at 20; tsumo adds 2 unless pinfu, a concealed ron adds 10, an open ron at 20
  becomes 30; rounded up to 10. Seven pairs are 25 fu.
* **Han** (翻) add up over the yaku; dora (ドラ, 赤ドラ, 裏ドラ) count only when a yaku
  exists. A yakuman (役満) hides every other yaku; several yakuman add up
  (``yakuman_stacking``).
* **Base points** (基本点): ``fu * 2**(2 + han)``, capped at 2000 (満貫); 6-7 han 3000
  (跳満), 8-10 4000 (倍満), 11-12 6000 (三倍満), 13+ 8000 (数え役満, or 6000 without
  ``kazoe_yakuman``); 8000 per yakuman multiple. A ron pays 4 x base (6 x for the dealer),
  a tsumo 1 x base from each non-dealer and 2 x base from the dealer, each rounded up to
  100. Honba (本場) add 300 per win, sticks (供託) 1000 each to the winner.
* **Pao** (責任払い): see :attr:`~paipu.rules.Rule.pao`; the liable player pays the
  liable yakuman (or the whole hand with ``pao_covers_whole_hand``) on a tsumo, and half
  of it on a ron, the discarder paying the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter
from typing import Any, Final, Iterable, Mapping, Sequence, overload

from mypy_extensions import mypyc_attr

from .records import pickle_by_fields, quick_init
from .limits import MAX_NUMBER, clip, display_width
from .rules import MAJIANG, TENHOU_SANMA, RedFives, Rule, RuleSpec
from .tiles import (KIND_OF, KIND_OF_SLOT, KINDS, RED_SLOT, SLOT_OF, SLOT_TILES, HandNotation, Meld, NotationError,
                    dora_of, kind, parse_hand, scan_hand)
from .names import WIND_NAMES, Yaku

__all__ = ["score", "Situation", "WinResult", "NotAWin", "INCOMPLETE", "NO_YAKU", "LIMITS", "standard_readings",
           "nine_gates", "tsumo_shares"]

INCOMPLETE = "incomplete"
""":attr:`NotAWin.reason` of a hand that is not complete (和了形でない)."""
NO_YAKU = "no yaku"
""":attr:`NotAWin.reason` of a complete hand without any yaku (役なし)."""

LIMITS: dict[str, str] = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe yakuman": "数え役満",
    "yakuman": "役満",
    "double yakuman": "ダブル役満",
    "triple yakuman": "トリプル役満",
}
"""Limit hand names (see :attr:`WinResult.limit`), English → Japanese; beyond a triple
the name is ``"<n>x yakuman"``."""

_WIND_OF = {
    **{letter: wind for wind, letter in enumerate("ESWN")},
    **{letter: wind for wind, letter in enumerate("eswn")},
    **{name: wind for wind, name in enumerate(WIND_NAMES)},
}


def _wind(value: object, name: str) -> int:
    """``value``, a wind as given (0-3 or E, S, W, N), as 0-3; ValueError otherwise."""
    if type(value) is int and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value in _WIND_OF:
        return _WIND_OF[value]
    raise ValueError(f"{name} must be 0-3 or one of E, S, W, N, not {value!r}")


_TILE_NAMES: Final = frozenset((*KINDS, "m0", "p0", "s0"))
"""Every tile's name, red fives included."""


def _indicators(value: object, name: str) -> tuple[str, ...]:
    """``value``, indicators as given (any iterable of tile names but a string), as a tuple;
    NotationError otherwise."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise NotationError(f"{name} must be a list of tiles, not {value!r}")
    tiles = tuple(value)
    if not all(isinstance(tile, str) and tile in _TILE_NAMES for tile in tiles):
        raise NotationError(f"{name} must be a list of tiles, not {value!r}")
    return tiles


# A decorator, not a call after the class as for the other records: mypyc makes a class
# under a decorator it does not know a Python class, and Situation must stay one. It takes
# friendlier values than its fields' types (a wind as "E", lists for tuples) and converts
# them in __post_init__, which a native class, checking each field's type as it is set,
# would refuse before __post_init__ runs.
@quick_init
@dataclass(frozen=True, slots=True)
class Situation:
    """Everything about a win besides the hand and the rule.

    Winds are 0-3 (East, South, West, North); ``'E'``, ``'S'``, ``'W'``, ``'N'`` (or
    東南西北) are accepted too. The seat wind is the winner's seat relative to the dealer:
    0 is the dealer, and payments are indexed the same way.

    A situation that cannot happen raises ``ValueError`` saying why: 一発 without riichi,
    海底 with 嶺上開花, 天和/地和 with riichi, 一発, 海底, 嶺上開花 or 槍槓, 嶺上開花 with
    槍槓, 海底摸月 or 河底撈魚 with 槍槓; honba or riichi sticks beyond :data:`~paipu.limits.MAX_NUMBER`. (What also needs
    the hand, :func:`score` checks.)
    """

    round_wind: int = 0
    """場風 (*zhuangfeng*): the round's wind."""
    seat_wind: int = 0
    """自風 (*menfeng*): the winner's wind; 0 is the dealer (親)."""
    riichi: int = 0
    """立直 (*lizhi*): 0 none, 1 riichi, 2 double riichi (ダブル立直)."""
    ippatsu: bool = False
    """一発 (*yifa*): won within one go-around of riichi, no call in between."""
    haitei: int = 0
    """*haidi*: 1 海底摸月 (tsumo on the last wall tile), 2 河底撈魚 (ron on the last
    discard)."""
    rinshan: bool = False
    """嶺上開花 (*lingshang*): tsumo on a kan's replacement tile."""
    chankan: bool = False
    """槍槓 (*qianggang*): ron on a tile added to a kan."""
    tenhou: int = 0
    """*tianhu*: 1 天和 (dealer's first draw), 2 地和 (a non-dealer's first draw, no call
    before)."""
    dora_indicators: tuple[str, ...] = ()
    """宝牌表示牌 (*baopai*): dora indicators, kan dora included."""
    ura_indicators: tuple[str, ...] | None = None
    """裏ドラ表示牌 (*fubaopai*): ura dora indicators when the winner is in riichi, else
    ``None``."""
    honba: int = 0
    """本場 (*changbang*): 300 per honba go to the winner."""
    riichi_sticks: int = 0
    """供託 (*lizhibang*): riichi sticks on the table, 1000 each to the winner."""
    players: int = 4
    """Players at the table, 4 or 3 (三麻: see :attr:`~paipu.rules.Rule.players`). With
    three, the payments have three seats, a ron's direction mark is ``+`` (下家) or ``-``
    (上家), North tiles set aside are written ``b`` among the melds (each a dora under
    :attr:`~paipu.rules.Rule.north_dora`) and a 1m indicator shows 9m."""

    def __post_init__(self) -> None:
        # A replay makes one Situation per win, its values already as stored: ints in
        # range, bools, tuples of tile names. One pass of cheap tests recognises those;
        # only a situation that fails them is converted and checked field by field. The
        # fields are read as given (attrgetter): compiled, a read typed int takes True for 1.
        (round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba, sticks,
         players) = _GIVEN(self)
        if not _is_stored(round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba,
                          sticks, players):
            self._convert()

    def _convert(self) -> None:
        """Bring every field to its stored form (winds as 0-3, bools, tuples), or raise
        ``ValueError`` (:class:`~paipu.tiles.NotationError` for indicators). Each field
        is read as given through ``getattr`` before it is converted: compiled, a plain
        read of a field checks its declared type, which a given value need not have."""
        set_ = object.__setattr__
        set_(self, "round_wind", _wind(getattr(self, "round_wind"), "round_wind"))
        set_(self, "seat_wind", _wind(getattr(self, "seat_wind"), "seat_wind"))
        for name, top in (("riichi", 2), ("haitei", 2), ("tenhou", 2)):
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= top:
                raise ValueError(f"{name} must be 0-{top}, not {value!r}")
        for name in ("honba", "riichi_sticks"):
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= MAX_NUMBER:
                raise ValueError(f"{name} must be a count 0..{MAX_NUMBER:,}, not {clip(repr(value), 40)}")
        players = getattr(self, "players")
        if type(players) is not int or players not in (3, 4):
            raise ValueError(f"players must be 3 or 4, not {clip(repr(players), 40)}")
        if self.seat_wind >= self.players:
            raise ValueError(f"seat wind {WIND_NAMES[self.seat_wind]} at a table of {self.players} players")
        for name in ("ippatsu", "rinshan", "chankan"):
            set_(self, name, bool(getattr(self, name)))
        if self.ippatsu and not self.riichi:
            raise ValueError("一発 (ippatsu) without riichi: ippatsu is a win soon after a riichi")
        if self.haitei and self.rinshan:
            raise ValueError("海底 (haitei) with 嶺上開花 (rinshan): a kan's replacement tile is never the last tile")
        if self.rinshan and self.chankan:
            raise ValueError("嶺上開花 (rinshan, a tsumo) with 槍槓 (chankan, a ron)")
        if self.haitei and self.chankan:
            last = "海底摸月 (haitei)" if self.haitei == 1 else "河底撈魚 (houtei)"
            raise ValueError(f"{last} with 槍槓 (chankan): the last tile is never one added to a kan "
                             "(no kan is made once the wall is empty)")
        if self.tenhou and (self.riichi or self.haitei or self.rinshan or self.chankan):
            other = next(name for flag, name in ((self.riichi, "riichi"), (self.haitei, "海底 (haitei)"),
                                                 (self.rinshan, "嶺上開花 (rinshan)"), (self.chankan, "槍槓 (chankan)"))
                         if flag)
            raise ValueError(f"天和/地和 (a win on the first draw) with {other}")
        for name in ("dora_indicators", "ura_indicators"):
            given = getattr(self, name)
            if given is not None or name == "dora_indicators":
                set_(self, name, _indicators(given, name))

    @classmethod
    def from_json(cls, param: Mapping[str, Any]) -> Situation:
        """The situation of a 電脳麻将 ``Util.hule`` parameter object: ``zhuangfeng``,
        ``menfeng``, ``hupai`` {``lizhi``, ``yifa``, ``haidi``, ``lingshang``,
        ``qianggang``, ``tianhu``}, ``baopai``, ``fubaopai``, ``jicun`` {``changbang``,
        ``lizhibang``}, and paipu's ``players`` (default 4; a ``rule`` key is not read
        here)."""
        flags = param.get("hupai") or {}
        sticks = param.get("jicun") or {}
        return cls(
            round_wind=param.get("zhuangfeng", 0),
            seat_wind=param.get("menfeng", 0),
            riichi=flags.get("lizhi", 0),
            ippatsu=flags.get("yifa", False),
            haitei=flags.get("haidi", 0),
            rinshan=flags.get("lingshang", False),
            chankan=flags.get("qianggang", False),
            tenhou=flags.get("tianhu", 0),
            dora_indicators=param.get("baopai", ()),
            ura_indicators=param.get("fubaopai"),
            honba=sticks.get("changbang", 0),
            riichi_sticks=sticks.get("lizhibang", 0),
            players=param.get("players", 4),
        )

    def to_json(self) -> dict[str, Any]:
        """The 電脳麻将 parameter object (the inverse of :meth:`from_json`; ``players``
        only when 3)."""
        data = {
            "zhuangfeng": self.round_wind,
            "menfeng": self.seat_wind,
            "hupai": {
                "lizhi": self.riichi,
                "yifa": self.ippatsu,
                "qianggang": self.chankan,
                "lingshang": self.rinshan,
                "haidi": self.haitei,
                "tianhu": self.tenhou,
            },
            "baopai": list(self.dora_indicators),
            "fubaopai": None if self.ura_indicators is None else list(self.ura_indicators),
            "jicun": {"changbang": self.honba, "lizhibang": self.riichi_sticks},
        }
        if self.players != 4:
            data["players"] = self.players
        return data


def _is_stored(round_wind: object, seat_wind: object, riichi: object, ippatsu: object, haitei: object,
               rinshan: object, chankan: object, tenhou: object, dora: object, ura: object, honba: object,
               sticks: object, players: object) -> bool:
    """Whether the fields of a :class:`Situation`, in order, are as stored (ints in range,
    bools, tuples of tile names) and can go together: one pass of cheap tests, true of a
    replay's situation at each win (:func:`score_situation`); a situation that fails them
    is converted and checked field by field (:meth:`Situation._convert`)."""
    try:
        return bool(
            type(round_wind) is int and 0 <= round_wind <= 3
            and type(seat_wind) is int and 0 <= seat_wind <= 3
            and type(riichi) is int and 0 <= riichi <= 2
            and type(haitei) is int and 0 <= haitei <= 2
            and type(tenhou) is int and 0 <= tenhou <= 2
            and type(honba) is int and 0 <= honba <= MAX_NUMBER
            and type(sticks) is int and 0 <= sticks <= MAX_NUMBER
            and (players == 4 or players == 3 and seat_wind < 3)
            and type(ippatsu) is bool
            and type(rinshan) is bool
            and type(chankan) is bool
            and (riichi or not ippatsu)
            and not (haitei and rinshan)
            and not (tenhou and (riichi or haitei or rinshan or chankan))
            and not (rinshan and chankan)
            and not (haitei and chankan)
            and type(dora) is tuple
            and _TILE_NAMES.issuperset(dora)
            and (ura is None or type(ura) is tuple and _TILE_NAMES.issuperset(ura))
        )
    except TypeError:  # an unhashable indicator
        return False


_GIVEN = attrgetter("round_wind", "seat_wind", "riichi", "ippatsu", "haitei", "rinshan", "chankan", "tenhou",
                    "dora_indicators", "ura_indicators", "honba", "riichi_sticks", "players")
"""Every field of a :class:`Situation`, in order, as given."""

SituationFields = tuple[int, int, int, bool, int, bool, bool, int, tuple[str, ...], "tuple[str, ...] | None", int, int,
                        int]
"""The fields of a :class:`Situation`, in order (``Situation(*fields)``): what the replay
derives at each win (:func:`score_situation`, :class:`~paipu.checks.WinExpectation`)."""


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class NotAWin:
    """A hand that scores nothing, and why: :data:`INCOMPLETE` (not a complete hand) or
    :data:`NO_YAKU` (complete, but no yaku: dora alone do not win). Always false."""

    reason: str

    def __bool__(self) -> bool:
        return False

    def to_json(self) -> dict[str, int] | None:
        """What 電脳麻将's ``Util.hule`` returns: ``None`` for an incomplete hand,
        ``{"defen": 0}`` for a hand without yaku."""
        return None if self.reason == INCOMPLETE else {"defen": 0}

    def __str__(self) -> str:
        return "not a complete hand" if self.reason == INCOMPLETE else "no yaku"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class WinResult:
    """The value of a win and who pays it (the 電脳麻将 ``hule`` event's numbers).

    Seats are relative to the dealer (0 = dealer): ``payments[seat]`` is the score change
    of each seat (``fenpei``), honba and riichi sticks included.
    """

    yaku: tuple[Yaku, ...]
    """The yaku (``hupai``), dora last, in the 電脳麻将 engine's order."""
    fu: int
    """符: 0 for a yakuman (the engine omits it)."""
    fu_breakdown: tuple[tuple[str, int], ...]
    """What the fu are made of: (reason, fu) pairs adding up to :attr:`fu`."""
    han: int
    """翻数 (*fanshu*): total han, dora included; 0 for a yakuman."""
    yakuman: int
    """役満 multiple (*damanguan*): 0 for an ordinary hand."""
    limit: str | None
    """Limit reached (a key of :data:`LIMITS`), or ``None`` below mangan."""
    points: int
    """The hand's value (*defen*) without honba and sticks; a pao share included."""
    payments: tuple[int, ...]
    """Score change by seat (*fenpei*; 4 seats, or 3 with three players), honba, sticks
    and liability included."""
    seat: int
    """The winner's seat (its seat wind)."""
    discarder: int | None
    """Seat that dealt in (or declared the robbed kan); ``None`` for a tsumo."""
    liable: int | None
    """Seat liable for a yakuman (パオ), if any."""

    # Its own __init__ (dataclasses keeps one written in the class): compiled, mypyc makes
    # each object.__setattr__ of a field of its own class a native store, and a result is
    # made in a tenth of the time of dataclasses' __init__ (or quick_init's, which would
    # replace this one: it is left interpreted).
    def __init__(self, yaku: tuple[Yaku, ...], fu: int, fu_breakdown: tuple[tuple[str, int], ...], han: int,
                 yakuman: int, limit: str | None, points: int, payments: tuple[int, ...], seat: int,
                 discarder: int | None, liable: int | None) -> None:
        object.__setattr__(self, "yaku", yaku)
        object.__setattr__(self, "fu", fu)
        object.__setattr__(self, "fu_breakdown", fu_breakdown)
        object.__setattr__(self, "han", han)
        object.__setattr__(self, "yakuman", yakuman)
        object.__setattr__(self, "limit", limit)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "discarder", discarder)
        object.__setattr__(self, "liable", liable)

    @property
    def is_tsumo(self) -> bool:
        """Whether the win is a self-draw (ツモ)."""
        return self.discarder is None

    def to_json(self) -> dict[str, Any]:
        """The numbers of a 電脳麻将 ``hule`` event (``hupai``, ``fu``, ``fanshu``,
        ``damanguan``, ``defen``, ``fenpei``; falsy ``fu``, ``fanshu``, ``damanguan``
        left out as the engine does) plus ``limit`` and ``fu_breakdown``."""
        data: dict[str, Any] = {"hupai": [yaku.to_json() for yaku in self.yaku]}
        if self.fu:
            data["fu"] = self.fu
        if self.han:
            data["fanshu"] = self.han
        if self.yakuman:
            data["damanguan"] = self.yakuman
        data["defen"] = self.points
        data["fenpei"] = list(self.payments)
        data["limit"] = self.limit
        data["fu_breakdown"] = [list(part) for part in self.fu_breakdown]
        return data

    def __str__(self) -> str:
        labels = [f"{yaku.name} ({yaku.english})" for yaku in self.yaku]
        width = max(map(display_width, labels))
        lines = []
        for label, yaku in zip(labels, self.yaku):
            pao = (
                f", liable: {_SEAT_NAMES[self.liable]}"
                if self.liable is not None and yaku.pao
                else ""
            )
            lines.append(f"  {label}{' ' * (width - display_width(label))}  {yaku.worth:>4}{pao}")
        summary = ""
        if not self.yakuman:
            parts = " + ".join(f"{fu} {reason}" for reason, fu in self.fu_breakdown)
            lines.append(f"  fu: {parts} = {self.fu}")
            summary = f"{self.fu} fu {self.han} han"
        if self.limit:
            limit = f"{self.limit} ({LIMITS.get(self.limit, '役満')})"
            summary = f"{summary}, {limit}" if summary else limit
        how = "tsumo" if self.discarder is None else f"ron from {_SEAT_NAMES[self.discarder]}"
        lines.append(f"{summary}: {self.points} points, {how}")
        lines.append(
            "  "
            + "  ".join(
                f"{_SEAT_NAMES[seat]}{' (winner)' if seat == self.seat else ''} "
                + (f"{change:+d}" if change else "0")
                for seat, change in enumerate(self.payments)
            )
        )
        return "\n".join(lines)


pickle_by_fields(NotAWin, WinResult)


_SEAT_NAMES: Final = ("East", "South", "West", "North")


# -- score ---------------------------------------------------------------------------

_DEFAULT_SITUATION: Final = Situation()
DEFAULT_SITUATION_FIELDS: Final[SituationFields] = _GIVEN(_DEFAULT_SITUATION)
"""The fields of ``Situation()``, in order."""
_NOT_COMPLETE: Final = NotAWin(INCOMPLETE)
_NO_YAKU: Final = NotAWin(NO_YAKU)


# The overloads say the types score takes; its own signature takes any object, so that it
# says what is wrong with an argument of another type: compiled, a declared type is checked
# before the body runs, in mypyc's words.
@overload
def score(hand: str, win_tile: str | None = None, situation: Situation | None = None,
          rule: RuleSpec | None = None, **changes: Any) -> WinResult | NotAWin: ...
@overload
def score(hand: HandNotation, win_tile: str | None = None, situation: Situation | None = None,
          rule: RuleSpec | None = None, **changes: Any) -> WinResult | NotAWin: ...
def score(
    hand: object,
    win_tile: object = None,
    situation: object = None,
    rule: RuleSpec | None = None,
    **changes: Any,
) -> WinResult | NotAWin:
    """Score a win.

    ``hand`` is the winner's hand in 電脳麻将 notation. For a tsumo, either the drawn
    tile is its last concealed tile (``m123p456s789z11m44m4``, ``win_tile`` None) or
    ``win_tile`` is that tile alone (``m4``). For a ron, ``win_tile`` is the discard with
    the direction mark of its discarder seen from the winner (``s2+`` 下家, ``s2=``
    対面, ``s2-`` 上家). A trailing ``*`` on the hand means riichi when
    ``situation.riichi`` says nothing.

    ``situation`` gives winds, riichi, dora... (default: East round, dealer, nothing
    else); keyword arguments change its fields (``riichi=1, seat_wind="S"``,
    ``players=3``). ``rule`` is a :class:`~paipu.rules.Rule`, a preset name or a JSON file
    path, for as many players as the situation (default: the majiang preset, or
    tenhou-sanma for three players). Three players (三麻), South's tsumo with two Norths
    set aside (``b``), a mangan of which the absent player's share is lost (ツモ損)::

        >>> result = score("p234567s2345z222s5,b,b", players=3, seat_wind="S", dora_indicators=["p1"])
        >>> [(yaku.name, yaku.han) for yaku in result.yaku], result.points, result.payments
        ([('門前清自摸和', 1), ('自風 南', 1), ('ドラ', 3)], 6000, (-4000, 6000, -2000))

    Returns a :class:`WinResult`, or a :class:`NotAWin` (false) for a hand that is not
    complete or has no yaku. Raises :class:`~paipu.tiles.NotationError` for bad notation
    and ``ValueError`` for a hand that does not fit the rule (more red fives than it has)
    and for a win that cannot happen (see :class:`Situation`; and riichi on an open hand,
    天和/地和 after a call or kan or on a ron, 槍槓 on a tsumo, 嶺上開花 or 海底摸月 on a
    ron, 河底撈魚 on a tsumo); ``TypeError`` for a hand, win tile or situation of another type.
    """
    if isinstance(hand, str):
        held = _scanned(hand)
        if held is None:  # not written as str(hand) writes it, or wrong: parsed in full (or refused)
            held = _held(parse_hand(hand))
    elif isinstance(hand, HandNotation):
        held = _held(hand)
    else:
        raise TypeError(f"hand must be a str of 電脳麻将 notation or a HandNotation, not {_type_name(hand)}")
    if win_tile is not None and not isinstance(win_tile, str):
        raise TypeError(f"win_tile must be a tile (a str such as 'm4' or 's2+') or None, not {_type_name(win_tile)}")
    if situation is not None and not isinstance(situation, Situation):
        raise TypeError(f"situation must be a Situation or None, not {_type_name(situation)}")
    if changes:
        situation = replace(situation or _DEFAULT_SITUATION, **changes)
    elif situation is None:
        situation = _DEFAULT_SITUATION
    (round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba, sticks,
     players) = _GIVEN(situation)
    return _score_win(held, win_tile, _Win(round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou,
                                           dora, ura, honba, sticks, players), rule)


def stored_fields(fields: SituationFields) -> SituationFields:
    """``fields`` as a :class:`Situation` stores them: as given when they are so already
    (:func:`_is_stored`), as the replay's are at each win, else as ``Situation(*fields)``
    converts them; ``ValueError`` (:class:`~paipu.tiles.NotationError` for indicators)
    as it refuses them."""
    (round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba, sticks,
     players) = fields
    if _is_stored(round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba, sticks,
                  players):
        return fields
    situation: SituationFields = _GIVEN(Situation(*fields))
    return situation


def score_situation(hand: HandNotation, win_tile: str | None, fields: SituationFields,
                    rule: Rule, tally: list[int] | None = None) -> WinResult | NotAWin:
    """``score(hand, win_tile, Situation(*fields), rule)`` for ``fields`` as stored
    (:func:`stored_fields`), without making the :class:`Situation`: the replay scores
    so at each win (:func:`~paipu.checks.expected_win`; compiled, the interpreted
    ``__init__`` of the Python class, and reading its fields back, cost about 25,000
    instructions a win). ``tally``, when given, is the hand's concealed tiles but the
    drawn one already counted (:meth:`Hand.tally <paipu.hand.Hand.tally>`, as
    :attr:`_Held.tally` counts them), not read again from the notation."""
    (round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan, tenhou, dora, ura, honba, sticks,
     players) = fields
    return _score_win(_held(hand, tally), win_tile, _Win(round_wind, seat_wind, riichi, ippatsu, haitei, rinshan, chankan,
                                                  tenhou, dora, ura, honba, sticks, players), rule)


def _score_win(held: _Held, win_tile: str | None, win: _Win, rule: RuleSpec | None) -> WinResult | NotAWin:
    """Score ``held`` in the situation read into ``win`` under ``rule`` (as :func:`score`
    takes it): the rule found, and the situation checked against the hand first."""
    if type(rule) is not Rule:
        rule = (TENHOU_SANMA if win.players == 3 else MAJIANG) if rule is None else Rule.get(rule)
    if rule.players != win.players:
        raise ValueError(f"a win among {win.players} players scored under a rule for {rule.players} players")
    if win.riichi or win.tenhou or win.haitei or win.rinshan or win.chankan:
        _check_possible(held.melds, win_tile is not None and len(win_tile) > 2, win)
    return _score(held, win_tile, win, rule)


def _type_name(value: object) -> str:
    """A value's type and the value, cut short, for a TypeError: ``int 5``."""
    return f"{type(value).__name__} {clip(repr(value), 40)}"


def _check_possible(melds: tuple[Meld, ...], ron: bool, win: _Win) -> None:
    """Nothing if the situation (read into ``win``) can happen with a hand of these
    ``melds`` and this kind of win; else ``ValueError`` saying why not."""
    if win.riichi and not all(meld.is_concealed or meld.type == "north" for meld in melds):
        raise ValueError("riichi (立直) on an open hand: only a closed hand (closed kans allowed) can riichi")
    if win.tenhou and (ron or any(meld.type != "north" for meld in melds)):
        raise ValueError("天和/地和 (a win on the first draw) " + ("on a ron: it is a tsumo" if ron
                         else "after a call or kan: it needs a first draw with no call before"))
    if ron and win.rinshan:
        raise ValueError("嶺上開花 (rinshan) on a ron: it is a tsumo on a kan's replacement tile")
    if not ron and win.chankan:
        raise ValueError("槍槓 (chankan) on a tsumo: it is a ron on a tile added to a kan")
    if win.haitei == (2 if not ron else 1):
        raise ValueError("海底摸月 (haitei) on a ron: it is a tsumo" if ron else "河底撈魚 (houtei) on a tsumo: it is a ron")


# -- the hand, as scoring reads it -------------------------------------------------------
#
# Inside, a tile is a slot number: its kind 0-33, or 34, 35, 36 for the red fives m0, p0,
# s0 (tiles.SLOT_OF); the concealed tiles are counted by kind, their red fives apart too.
# The notation is read only here, and written again only for a message.


@mypyc_attr(acyclic=True)
class _Held:
    """A hand as scoring reads it: its concealed tiles counted (the drawn tile apart), and
    what else of the notation counts."""

    __slots__ = ("tally", "size", "drawn", "riichi", "melds", "hidden", "source")

    def __init__(self, tally: list[int], size: int, drawn: str | None, riichi: bool, melds: tuple[Meld, ...],
                 hidden: int, source: HandNotation | str) -> None:
        self.tally = tally
        """The concealed tiles (the drawn one left out) as :attr:`~paipu.tiles.ScannedHand.tally`
        counts them: by kind (34 counts, red fives among the fives), then the red fives of
        each suit."""
        self.size = size
        """How many concealed tiles, the drawn one left out."""
        self.drawn = drawn
        self.riichi = riichi
        self.melds = melds
        self.hidden = hidden
        self.source = source
        """The hand as given: a HandNotation, or the string read."""

    def notation(self) -> HandNotation:
        """The hand's notation (for a message)."""
        source = self.source
        return source if isinstance(source, HandNotation) else parse_hand(source)


def _held(hand: HandNotation, tally: list[int] | None = None) -> _Held:
    """The hand as scoring reads it; its concealed tiles counted here unless ``tally``
    counts them already (:func:`score_situation`)."""
    concealed = hand.concealed
    if tally is None:
        tally = [0] * 37
        for tile in concealed:
            slot = _SLOT[tile]
            k = KIND_OF_SLOT[slot]
            tally[k] = tally[k] + 1
            if slot >= RED_SLOT:
                tally[slot] = tally[slot] + 1
    return _Held(tally, len(concealed), hand.drawn, hand.riichi, hand.melds, hand.hidden, hand)


def _scanned(text: str) -> _Held | None:
    """The hand of a string written as ``str(hand)`` writes it, read straight into counts
    (:func:`~paipu.tiles.scan_hand`); ``None`` for any other, for ``parse_hand`` to read in
    full (or refuse)."""
    scanned = scan_hand(text)
    if scanned is None:
        return None
    drawn = scanned.drawn
    return _Held(scanned.tally, scanned.size, SLOT_TILES[drawn] if drawn >= 0 else None, scanned.riichi,
                 scanned.melds, 0, text)


# -- tables ----------------------------------------------------------------------------

_KIND: Final = KIND_OF
_SLOT: Final = SLOT_OF
_DORA: Final = {name: _KIND[dora_of(name)] for name in _KIND}
_MARKS: Final = {"+": 1, "=": 2, "-": 3}
_MARKS_THREE: Final = {"+": 1, "-": 2}
"""Seats from the winner by direction mark, with three players (no 対面)."""
_DORA_THREE: Final = {**_DORA, "m1": _KIND["m9"]}
""":data:`_DORA` with three players: no 2m-8m, so a 1m indicator shows 9m."""
_YAOJIU: Final = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
"""Whether a kind is a terminal or an honour (幺九牌)."""
_RUN_YAOJIU: Final = tuple(k < 27 and k % 9 in (0, 6) for k in range(34))
"""Whether the run starting at a kind holds a terminal (123 or 789)."""
_ORPHANS: Final = tuple(k for k in range(34) if _YAOJIU[k])
"""The thirteen terminal and honour kinds (国士無双's), in order."""


def _mask(kinds: Iterable[int]) -> int:
    return sum(1 << k for k in set(kinds))


_ORPHAN_MASK: Final = _mask(_ORPHANS)
_HONOUR_MASK: Final = _mask(range(27, 34))
_TERMINAL_MASK: Final = _ORPHAN_MASK & ~_HONOUR_MASK
_M_MASK: Final = _mask(range(0, 9))
_P_MASK: Final = _mask(range(9, 18))
_S_MASK: Final = _mask(range(18, 27))
_GREEN_MASK: Final = _mask([kind(tile) for tile in ("s2", "s3", "s4", "s6", "s8", "z6")])

# -- fu --------------------------------------------------------------------------------

_FU_BASE: Final = ("base (副底)", 20)
_FU_SEVEN_PAIRS: Final = ("seven pairs (七対子)", 25)
_FU_TSUMO: Final = ("tsumo (ツモ符)", 2)
_FU_CLOSED_RON: Final = ("concealed ron (門前加符)", 10)
_FU_OPEN_PINFU: Final = ("open pinfu shape, ron (喰い平和)", 10)
_FU_SINGLE_WAIT: Final = ("single wait (単騎待ち)", 2)
_FU_CLOSED_WAIT: Final = ("closed wait (嵌張待ち)", 2)
_FU_EDGE_WAIT: Final = ("edge wait (辺張待ち)", 2)
_SET_FU: Final = tuple(
    tuple(
        tuple(
            (
                f"{'closed' if concealed else 'open'} {'kan' if kan else 'triplet'} of "
                f"{'terminals/honours' if yaojiu else 'simples'} "
                f"({'幺九' if yaojiu else '中張'}{'暗' if concealed else '明'}"
                f"{'槓' if kan else '刻'})",
                2 * (2 if yaojiu else 1) * (2 if concealed else 1) * (4 if kan else 1),
            )
            for kan in (False, True)
        )
        for concealed in (False, True)
    )
    for yaojiu in (False, True)
)
"""(reason, fu) of a triplet or kan, indexed [terminal or honour][concealed][kan]."""
_ROUNDED: Final = tuple(("rounded up (切り上げ)", up) if up else None for up in range(10))
"""(reason, fu) of rounding up, indexed by the fu added."""


def _pair_fu(pair: int, round_wind: int, seat_wind: int, two_fu: bool) -> tuple[str, int] | None:
    """(reason, fu) of a pair (雀頭) of kind ``pair``, None when it is worth nothing."""
    reasons = []
    if pair == 27 + round_wind:
        reasons.append("round wind")
    if pair == 27 + seat_wind:
        reasons.append("seat wind")
    if pair >= 31:
        reasons.append("dragon")
    if not reasons:
        return None
    fu = 2 if two_fu else 2 * len(reasons)
    return (f"pair of {' and '.join(reasons)} (役牌の雀頭)", fu)


_PAIR_FU: Final = tuple(
    _pair_fu(pair, round_wind, seat_wind, two_fu)
    for pair in range(27, 34) for round_wind in range(4) for seat_wind in range(4) for two_fu in (False, True)
)
""":func:`_pair_fu` of every honour pair, round wind, seat wind and rule, at
``32 * (pair - 27) + 8 * round_wind + 2 * seat_wind + two_fu``."""

# -- shapes ----------------------------------------------------------------------------
#
# A concealed set is a number: 2 * the kind of its lowest tile, plus 1 for a run.

_Set = tuple[int, bool]
"""A concealed set as :func:`standard_readings` gives it: (kind of its lowest tile,
whether it is a run)."""


def _split(counts: list[int], n: int, base: int) -> list[list[int]]:
    # Sets covering counts[n:], in the engine's order: at the lowest number held, first
    # a run, then a triplet (of exactly three; four make a run and a triplet).
    while n < 9 and not counts[n]:
        n += 1
    if n == 9:
        return [[]]
    found: list[list[int]] = []
    if n < 7 and counts[n + 1] and counts[n + 2]:
        counts[n] = counts[n] - 1
        counts[n + 1] = counts[n + 1] - 1
        counts[n + 2] = counts[n + 2] - 1
        for rest in _split(counts, n, base):
            found.append([2 * (base + n) + 1] + rest)
        counts[n] = counts[n] + 1
        counts[n + 1] = counts[n + 1] + 1
        counts[n + 2] = counts[n + 2] + 1
    if counts[n] == 3:
        counts[n] = 0
        for rest in _split(counts, n + 1, base):
            found.append([2 * (base + n)] + rest)
        counts[n] = 3
    return found


@mypyc_attr(acyclic=True)
class _Suit:
    """The shapes of one suit's tiles: its tiles mod 3 (:attr:`residue`); for 0, every
    split into sets (:attr:`splits`); for 2, each kind held twice or more, in order, that
    leaves a split as the pair (:attr:`pairs`), and the splits of the rest
    (:attr:`pair_splits`, the same order)."""

    __slots__ = ("residue", "splits", "pairs", "pair_splits")

    def __init__(self, suit: int, counts: list[int]) -> None:
        base = 9 * suit
        self.residue = sum(counts) % 3
        self.splits: list[list[int]] = []
        self.pairs: list[int] = []
        self.pair_splits: list[list[list[int]]] = []
        if self.residue == 0:
            self.splits = _split(counts, 0, base)
        elif self.residue == 2:
            for n in range(9):
                if counts[n] >= 2:
                    counts[n] = counts[n] - 2
                    rest_splits = _split(counts, 0, base)
                    counts[n] = counts[n] + 2
                    if rest_splits:
                        self.pairs.append(base + n)
                        self.pair_splits.append(rest_splits)


_SUITS: Final[tuple[dict[int, _Suit], ...]] = ({}, {}, {})
"""By suit, the shapes of each suit's counts met so far, by the counts as a number (3
bits a number, see :func:`_suit`)."""
_NO_TILES: Final = _Suit(0, [0] * 9)
"""The shapes of a suit with no tile."""
_SUITS_KEPT: Final = 1 << 15
"""Entries a suit's cache holds before it starts again (a bound on memory)."""


def _suit(counts: list[int], suit: int) -> _Suit:
    """The shapes of suit ``suit`` (0 m, 1 p, 2 s) of a hand's 34 ``counts``, made once."""
    base = 9 * suit
    key = 0
    for n in range(base + 8, base - 1, -1):
        key = key << 3 | counts[n]
    if not key:
        return _NO_TILES
    cache = _SUITS[suit]
    shapes = cache.get(key)
    if shapes is None:
        if len(cache) >= _SUITS_KEPT:
            cache.clear()
        shapes = cache[key] = _Suit(suit, counts[base:base + 9])
    return shapes


@mypyc_attr(acyclic=True)
class _Shape:
    """One standard reading of a hand's concealed tiles: its ``pair`` (a kind), its
    ``sets`` (numbers, see above) and ``at``, where the winning tile is (0 the pair, i
    ``sets[i - 1]``)."""

    __slots__ = ("pair", "sets", "at")

    def __init__(self, pair: int, sets: list[int], at: int) -> None:
        self.pair = pair
        self.sets = sets
        self.at = at


def _shapes(counts: list[int], win: int) -> list[_Shape]:
    """The standard readings of :func:`standard_readings`, as :class:`_Shape`."""
    honour_pairs = 0
    honour_pair = 0
    tail: list[int] = []
    for k in range(27, 34):
        n = counts[k]
        if n == 2:
            honour_pairs += 1
            honour_pair = k
        elif n == 3:
            tail.append(2 * k)
        elif n:
            return []  # one or four of an honour: in no set or pair
    # Run at every win: each suit's splits are one look-up by its counts, and the winning
    # tile is only looked for among the sets of its own suit (or the honours), which are
    # at the same places in every combination of splits.
    m = _suit(counts, 0)
    p = _suit(counts, 1)
    s = _suit(counts, 2)
    groups: list[tuple[int, list[list[int]], list[list[int]], list[list[int]]]] = []
    if honour_pairs:
        if honour_pairs > 1 or m.residue or p.residue or s.residue:
            return []
        groups.append((honour_pair, m.splits, p.splits, s.splits))
    else:
        residues = m.residue + 4 * p.residue + 16 * s.residue
        if residues == 2:
            for pair, splits in zip(m.pairs, m.pair_splits):
                groups.append((pair, splits, p.splits, s.splits))
        elif residues == 8:
            for pair, splits in zip(p.pairs, p.pair_splits):
                groups.append((pair, m.splits, splits, s.splits))
        elif residues == 32:
            for pair, splits in zip(s.pairs, s.pair_splits):
                groups.append((pair, m.splits, p.splits, splits))
        else:
            return []
    suit = win // 9 if win < 27 else 3
    readings = []
    for pair, m_splits, p_splits, s_splits in groups:
        if not (m_splits and p_splits and s_splits):
            continue
        m_size = len(m_splits[0])
        p_size = len(p_splits[0])
        s_size = len(s_splits[0])
        if suit == 0:
            start, end = 0, m_size
        elif suit == 1:
            start, end = m_size, m_size + p_size
        elif suit == 2:
            start, end = m_size + p_size, m_size + p_size + s_size
        else:
            start = m_size + p_size + s_size
            end = start + len(tail)
        for a in m_splits:
            for b in p_splits:
                for c in s_splits:
                    sets = a + b + c + tail
                    if pair == win:
                        readings.append(_Shape(pair, sets, 0))
                    for i in range(start, end):
                        code = sets[i]
                        low = code >> 1
                        if (low <= win <= low + 2 if code & 1 else low == win) and (
                            i == start or sets[i - 1] != code
                        ):
                            readings.append(_Shape(pair, sets, i + 1))
    return readings


def standard_readings(
    counts: tuple[int, ...], win: int
) -> list[tuple[int, tuple[_Set, ...], int]]:
    """Every standard reading of concealed tiles ``counts`` (winning tile ``win``
    included) as (pair, sets, where the winning tile is: 0 the pair, i ``sets[i - 1]``),
    in the engine's order: pairs by kind, splits of the suits m x p x s, then honour
    triplets; the winning tile in the pair, then in each set holding it except a set
    equal to the one before."""
    return [
        (shape.pair, tuple([(code >> 1, bool(code & 1)) for code in shape.sets]), shape.at)
        for shape in _shapes(list(counts), win)
    ]


def nine_gates(counts: Sequence[int], win: int) -> int:
    """1 for 九蓮宝燈 (1112345678999 of one suit, plus one), 2 for 純正九蓮宝燈 (the 13
    tiles before the winning tile are exactly 1112345678999), else 0."""
    if win >= 27:
        return 0
    base = win - win % 9
    if counts[base] < 3 or counts[base + 8] < 3:
        return 0
    suit = counts[base : base + 9]
    if sum(suit) != 14 or min(suit) == 0 or suit[0] < 3 or suit[8] < 3:
        return 0
    # The one tile over 1112345678999 is the winning tile: 純正.
    return 2 if suit[win - base] == (4 if win - base in (0, 8) else 2) else 1


@mypyc_attr(acyclic=True)
class _Melds:
    """What scoring needs of a hand's melds."""

    __slots__ = (
        "sets",
        "north",
        "closed",
        "runs",
        "n_runs",
        "triplets",
        "n_triplets",
        "kans",
        "closed_kans",
        "yaojiu",
        "fu",
        "mask",
        "kinds",
        "reds",
        "uncounted",
        "dragon_pao",
        "wind_pao",
    )

    def __init__(self, melds: tuple[Meld, ...]) -> None:
        self.sets = 0
        self.north = 0
        """North tiles set aside (北抜き, ``b``): no sets, counted apart, as dora."""
        self.closed = True
        self.runs = 0
        """A bit per kind of a run's lowest tile."""
        self.n_runs = 0
        self.triplets = 0
        """A bit per kind of a triplet or kan."""
        self.n_triplets = 0
        self.kans = 0
        self.closed_kans = 0
        self.yaojiu = 0
        """Sets holding a terminal or honour."""
        self.fu: list[tuple[str, int]] = []
        self.mask = 0
        """A bit per kind held."""
        self.kinds: list[int] | None = None
        """Tiles per kind (34 counts), ``None`` for no set."""
        self.reds = [0, 0, 0]
        """Red fives by suit (m, p, s)."""
        self.uncounted = [0, 0, 0]
        """Red fives by suit that are no dora (see :func:`_uncounted_reds`)."""
        self.dragon_pao: str | None = None
        """The mark of the 3rd dragon set among the melds (none if it is a closed kan)."""
        self.wind_pao: str | None = None
        """The mark of the 4th wind set among the melds (none if it is a closed kan)."""
        dragons = winds = 0
        for meld in melds:
            meld_type = meld.type
            if meld_type == "north":
                self.north += 1
                continue
            if self.kinds is None:
                self.kinds = [0] * 34
            kinds = self.kinds
            self.sets += 1
            low = 34
            for k in meld.kinds:
                kinds[k] = kinds[k] + 1
                self.mask |= 1 << k
                if k < low:
                    low = k
            reds = meld.reds
            if reds:
                self.reds[low // 9] += reds
                self.uncounted[low // 9] += reds - 1
            concealed = meld_type == "ankan"
            self.closed_kans += concealed
            self.closed = self.closed and concealed
            if meld_type == "chi":
                self.runs |= 1 << low
                self.n_runs += 1
                self.yaojiu += _RUN_YAOJIU[low]
                continue
            kan = len(meld.tiles) == 4
            self.triplets |= 1 << low
            self.n_triplets += 1
            self.kans += kan
            self.yaojiu += _YAOJIU[low]
            self.fu.append(_SET_FU[_YAOJIU[low]][concealed][kan])
            if low >= 31:
                dragons += 1
                if dragons == 3:
                    self.dragon_pao = meld.direction
            elif low >= 27:
                winds += 1
                if winds == 4:
                    self.wind_pao = meld.direction


_NO_MELDS: Final = _Melds(())


# -- yaku ------------------------------------------------------------------------------

_intern = lru_cache(maxsize=None)(Yaku)
"""``Yaku(...)``, made once per distinct value."""


def _open_closed(name: str, closed_han: int) -> tuple[Yaku, Yaku]:
    # (open, closed) forms of a yaku worth one han less when open (喰い下がり).
    return Yaku(name, closed_han - 1), Yaku(name, closed_han)


_MENZEN_TSUMO: Final = Yaku("門前清自摸和", 1)
_PINFU: Final = Yaku("平和", 1)
_TANYAO: Final = Yaku("断幺九", 1)
_IIPEIKOU: Final = Yaku("一盃口", 1)
_SANSHOKU: Final = _open_closed("三色同順", 2)
_ITTSU: Final = _open_closed("一気通貫", 2)
_CHANTA: Final = _open_closed("混全帯幺九", 2)
_SEVEN_PAIRS: Final = Yaku("七対子", 2)
_TOITOI: Final = Yaku("対々和", 2)
_SANANKOU: Final = Yaku("三暗刻", 2)
_SANKANTSU: Final = Yaku("三槓子", 2)
_SANSHOKU_TRIPLETS: Final = Yaku("三色同刻", 2)
_HONROUTOU: Final = Yaku("混老頭", 2)
_SHOUSANGEN: Final = Yaku("小三元", 2)
_HONITSU: Final = _open_closed("混一色", 3)
_JUNCHAN: Final = _open_closed("純全帯幺九", 3)
_RYANPEIKOU: Final = Yaku("二盃口", 3)
_CHINITSU: Final = _open_closed("清一色", 6)
_DRAGONS: Final = (Yaku("翻牌 白", 1), Yaku("翻牌 發", 1), Yaku("翻牌 中", 1))
_ROUND_WIND: Final = tuple(Yaku(f"場風 {WIND_NAMES[w]}", 1) for w in range(4))
_SEAT_WIND: Final = tuple(Yaku(f"自風 {WIND_NAMES[w]}", 1) for w in range(4))
_DORA_KEPT: Final = 64
"""Dora counts up to which the dora yaku are made once (beyond, made each time)."""
_DORA_YAKU: Final = tuple(Yaku("ドラ", han) for han in range(_DORA_KEPT))
_RED_YAKU: Final = tuple(Yaku("赤ドラ", han) for han in range(_DORA_KEPT))
_URA_YAKU: Final = tuple(Yaku("裏ドラ", han) for han in range(_DORA_KEPT))
"""ドラ, 赤ドラ and 裏ドラ worth each number of han."""


def _dora_yaku(made: tuple[Yaku, ...], han: int) -> Yaku:
    """The dora yaku of ``made`` worth ``han``."""
    return made[han] if han < _DORA_KEPT else Yaku(made[0].name, han)


def _situational(
    riichi: int, ippatsu: bool, haitei: int, rinshan: bool, chankan: bool, tenhou: int
) -> tuple[Yaku, ...]:
    """Yaku of the situation (立直, 一発, 海底摸月, 嶺上開花, 槍槓...), or 天和 / 地和."""
    if tenhou:
        return (Yaku("天和" if tenhou == 1 else "地和", 0, 1),)
    found = []
    if riichi:
        found.append(Yaku("立直", 1) if riichi == 1 else Yaku("ダブル立直", 2))
    if ippatsu:
        found.append(Yaku("一発", 1))
    if haitei:
        found.append(Yaku("海底摸月" if haitei == 1 else "河底撈魚", 1))
    if rinshan:
        found.append(Yaku("嶺上開花", 1))
    if chankan:
        found.append(Yaku("槍槓", 1))
    return tuple(found)


_SITUATIONAL: Final = tuple(
    _situational(riichi, ippatsu, haitei, rinshan, chankan, tenhou)
    for riichi in range(3) for ippatsu in (False, True) for haitei in range(3) for rinshan in (False, True)
    for chankan in (False, True) for tenhou in range(3)
)
""":func:`_situational` of every situation, at
``72 * riichi + 36 * ippatsu + 12 * haitei + 6 * rinshan + 3 * chankan + tenhou``."""


def _dora(
    counts: list[int], melds: _Melds, reds: int, win: _Win, rule: _Options, uncounted: list[int] | None
) -> tuple[Yaku, ...]:
    """ドラ, 赤ドラ and 裏ドラ. Only the first indicator counts without kan dora; ura
    dora only in riichi under a rule with ura dora, kan ura only with kan ura. With
    three players each North set aside is one more ドラ (抜きドラ, under
    :attr:`~paipu.rules.Rule.north_dora`), and a North among the tiles an indicator
    shows."""
    indicators = win.dora_indicators
    found = []
    shows = _DORA if win.players == 4 else _DORA_THREE
    if not rule.kan_dora:
        indicators = indicators[:1]
    dora = _shown(indicators, counts, melds, uncounted, shows)
    north = melds.north
    if north:  # 抜きドラ (Tenhou counts them among the ドラ), and West indicators show North
        dora += north * (rule.north_dora + indicators.count("z3"))
    if dora:
        found.append(_dora_yaku(_DORA_YAKU, dora))
    if reds:
        found.append(_dora_yaku(_RED_YAKU, reds))
    ura = win.ura_indicators
    if ura and win.riichi and rule.ura_dora:
        ura = ura if rule.kan_ura and rule.kan_dora else ura[:1]
        dora = _shown(ura, counts, melds, uncounted, shows) + north * ura.count("z3")
        if dora:
            found.append(_dora_yaku(_URA_YAKU, dora))
    return tuple(found)


def _shown(indicators: tuple[str, ...], counts: list[int], melds: _Melds, uncounted: list[int] | None,
           shows: dict[str, int]) -> int:
    """How many tiles of the hand the dora indicators point at, ``shows`` giving the kind
    each indicator shows (the North tiles set aside are counted by :func:`_dora`)."""
    found = 0
    kinds = melds.kinds
    for tile in indicators:
        k = shows[tile]
        found += counts[k]
        if kinds is not None:
            found += kinds[k]
        if uncounted is not None and k < 27 and k % 9 == 4:
            found -= uncounted[k // 9]
    return found


def _uncounted_reds(tally: list[int], ron_red: int, melds: _Melds) -> list[int] | None:
    """Red fives the 電脳麻将 engine does not count as dora, by suit, or ``None``.

    The engine counts dora in the hand string, one group at a time (the concealed tiles
    of a suit, the drawn tile, each meld), turning only the group's first ``0`` into a
    5: with two red fives of a suit in one group (赤牌 2 or more) the second is not a
    dora, though it is still a 赤ドラ. Matching that keeps the logs it wrote valid.
    ``ron_red`` is the slot of a red five won by ron (one of the concealed group), else -1.
    """
    missed = melds.uncounted[:]
    for suit in range(3):
        reds = tally[RED_SLOT + suit] + (ron_red == RED_SLOT + suit)
        if reds > 1:
            missed[suit] = missed[suit] + reds - 1
    return missed if missed[0] or missed[1] or missed[2] else None


def _check_red_fives(held: _Held, tally: list[int], win: int, melds: _Melds, red_fives: RedFives) -> None:
    """``ValueError`` if the hand has more red fives of a suit than the rule (``red_fives``)."""
    for suit, allowed in zip("mps", red_fives):
        slot = RED_SLOT + "mps".index(suit)
        found = tally[slot] + (win == slot) + melds.reds["mps".index(suit)]
        if found > allowed:
            raise ValueError(f"{found} red {suit}5 in hand {held.notation()}, but the rule has {allowed}")


# -- readings' values ------------------------------------------------------------------


@mypyc_attr(acyclic=True)
class _Options:
    """The options of a :class:`~paipu.rules.Rule` that scoring reads, read from it once
    (a Rule is an interpreted class: each of its fields read is a look-up by name)."""

    __slots__ = ("rule", "red_fives", "fewest_red_fives", "ippatsu", "double_wind_pair_2fu", "open_tanyao",
                 "kazoe_yakuman", "kiriage_mangan", "double_yakuman", "pao", "pao_covers_whole_hand",
                 "yakuman_stacking", "kan_dora", "north_dora", "ura_dora", "kan_ura", "tsumo_loss")

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.red_fives: RedFives = rule.red_fives
        self.fewest_red_fives = min(rule.red_fives)
        self.ippatsu = rule.ippatsu
        self.double_wind_pair_2fu = rule.double_wind_pair_2fu
        self.open_tanyao = rule.open_tanyao
        self.kazoe_yakuman = rule.kazoe_yakuman
        self.kiriage_mangan = rule.kiriage_mangan
        self.double_yakuman = rule.double_yakuman
        self.pao = rule.pao
        self.pao_covers_whole_hand = rule.pao_covers_whole_hand
        self.yakuman_stacking = rule.yakuman_stacking
        self.kan_dora = rule.kan_dora
        self.north_dora = rule.north_dora
        self.ura_dora = rule.ura_dora
        self.kan_ura = rule.kan_ura
        self.tsumo_loss = rule.tsumo_loss


_OPTIONS: Final[dict[int, _Options]] = {}
"""The options of each rule scored under, by the rule's id (each holds its rule, which
therefore lives on: no other object takes its id); rules are frozen."""


_LAST_OPTIONS: Final = [_Options(MAJIANG)]
"""The options looked up last (a replay scores every win under one rule)."""


def _options(rule: Rule) -> _Options:
    options = _LAST_OPTIONS[0]
    if options.rule is rule:
        return options
    found = _OPTIONS.get(id(rule))
    if found is None or found.rule is not rule:
        if len(_OPTIONS) >= 256:
            _OPTIONS.clear()
        found = _OPTIONS[id(rule)] = _Options(rule)
    _LAST_OPTIONS[0] = found
    return found


@mypyc_attr(acyclic=True)
class _Win:
    """What every reading of one win shares: first the :class:`Situation`'s fields, read
    once (it is an interpreted class: each of its fields read is a look-up by name)."""

    __slots__ = (
        "riichi",
        "ippatsu",
        "haitei",
        "rinshan",
        "chankan",
        "tenhou",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "riichi_sticks",
        "players",
        "win",
        "ron",
        "melds",
        "closed",
        "dealer",
        "round_wind",
        "seat_wind",
        "situational",
        "yakuman_situational",
        "dora",
        "simples",
        "honours",
        "suits",
        "green",
        "terminals",
        "rule",
    )
    riichi: int
    ippatsu: bool
    haitei: int
    rinshan: bool
    chankan: bool
    tenhou: int
    dora_indicators: tuple[str, ...]
    ura_indicators: tuple[str, ...] | None
    honba: int
    riichi_sticks: int
    players: int
    win: int
    """The winning tile's kind."""
    ron: str | None
    """The discarder's direction mark, None for a tsumo."""
    melds: _Melds
    closed: bool
    dealer: bool
    round_wind: int
    seat_wind: int
    situational: tuple[Yaku, ...]
    """The situation's yaku (none for 天和/地和)."""
    yakuman_situational: tuple[Yaku, ...]
    """天和 or 地和, or none."""
    dora: tuple[Yaku, ...]
    simples: bool
    """Only simples (2-8) held."""
    honours: bool
    """An honour held."""
    suits: int
    """How many suits are held (0-3)."""
    green: bool
    """Only green tiles held."""
    terminals: bool
    """Only terminals held."""
    rule: _Options

    def __init__(self, round_wind: int, seat_wind: int, riichi: int, ippatsu: bool, haitei: int, rinshan: bool,
                 chankan: bool, tenhou: int, dora_indicators: tuple[str, ...], ura_indicators: tuple[str, ...] | None,
                 honba: int, riichi_sticks: int, players: int) -> None:
        self.round_wind = round_wind
        self.seat_wind = seat_wind
        self.riichi = riichi
        self.ippatsu = ippatsu
        self.haitei = haitei
        self.rinshan = rinshan
        self.chankan = chankan
        self.tenhou = tenhou
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.honba = honba
        self.riichi_sticks = riichi_sticks
        self.players = players

    def situation(self) -> Situation:
        """The :class:`Situation` of the fields read (for a check that needs one)."""
        return Situation(self.round_wind, self.seat_wind, self.riichi, self.ippatsu, self.haitei, self.rinshan,
                         self.chankan, self.tenhou, self.dora_indicators, self.ura_indicators, self.honba,
                         self.riichi_sticks, self.players)


@mypyc_attr(acyclic=True)
class _Reading:
    """One reading's yaku, fu, han and value before payments (基本点 ``base``,
    ``points``)."""

    __slots__ = ("yaku", "fu", "fu_breakdown", "han", "yakuman", "base", "points")

    def __init__(
        self, win: _Win, yaku: tuple[Yaku, ...], fu: int, fu_breakdown: list[tuple[str, int]], yakuman: int
    ) -> None:
        self.yaku = yaku
        self.fu = fu
        self.fu_breakdown = fu_breakdown
        self.yakuman = yakuman
        han = 0
        for y in yaku:
            han += y.han
        self.han = han
        if not yaku:
            base = 0
        elif yakuman:
            base = 8000 * yakuman
        elif han >= 13 and win.rule.kazoe_yakuman:
            base = 8000
        elif han >= 11:
            base = 6000
        elif han >= 8:
            base = 4000
        elif han >= 6:
            base = 3000
        else:
            base = fu << (2 + han)
            if base > 2000 or (base == 1920 and win.rule.kiriage_mangan):
                base = 2000
        self.base = base
        if win.ron:
            self.points = _ceil100(base * (6 if win.dealer else 4))
        elif win.dealer:
            self.points = 3 * _ceil100(2 * base)
        else:
            self.points = _ceil100(2 * base) + 2 * _ceil100(base)

    def beats(self, other: _Reading) -> bool:
        """Whether this reading is chosen over ``other`` met before it (高点法): more
        points; then a yakuman wins a tie; then more han; then more fu."""
        if self.points != other.points:
            return self.points > other.points
        if self.yakuman or other.yakuman:
            return bool(self.yakuman)
        if self.han != other.han:
            return self.han > other.han
        return self.fu > other.fu


def _ceil100(points: int) -> int:
    return -(-points // 100) * 100


def _yakuman(win: _Win, found: list[Yaku]) -> _Reading:
    """A yakuman reading: 天和/地和 and the yakuman ``found``, under the rule (no double
    yakuman: every multiple is 1; no pao: no liability; no stacking: 1 in all)."""
    yaku = win.yakuman_situational + tuple(
        _intern(
            y.name,
            0,
            1 if y.yakuman == 2 and not win.rule.double_yakuman else y.yakuman,
            y.pao if win.rule.pao else None,
        )
        for y in found
    )
    total = sum(y.yakuman for y in yaku) if win.rule.yakuman_stacking else 1
    return _Reading(win, yaku, 0, [], total)


def _ordinary(win: _Win, yaku: list[Yaku], fu: int, fu_breakdown: list[tuple[str, int]]) -> _Reading:
    """An ordinary reading: dora count only when a yaku exists."""
    if yaku:
        yaku += win.dora
    return _Reading(win, tuple(yaku), fu, fu_breakdown, 0)


def _standard(win: _Win, shape: _Shape) -> _Reading:
    """Yaku, fu and value of a standard reading (see :func:`standard_readings`).

    Sets are tracked as bit masks of kinds: ``runs`` of the runs' lowest tiles,
    ``triplets`` of the triplets' and kans' kinds."""
    melds = win.melds
    ron = win.ron is not None
    pair = shape.pair
    sets = shape.sets
    at = shape.at
    fu_breakdown = [_FU_BASE]
    fu = 20
    runs = melds.runs
    triplets = melds.triplets
    n_runs = melds.n_runs
    n_triplets = melds.n_triplets
    closed_triplets = melds.closed_kans
    yaojiu = melds.yaojiu + _YAOJIU[pair]
    wait = _FU_SINGLE_WAIT if at == 0 else None
    peikou = 0
    closed = win.closed
    for i in range(len(sets)):
        code = sets[i]
        k = code >> 1
        if code & 1:
            runs |= 1 << k
            n_runs += 1
            yaojiu += _RUN_YAOJIU[k]
            if i + 1 == at:
                tile = win.win
                if tile == k + 1:
                    wait = _FU_CLOSED_WAIT
                elif (tile == k + 2 and k % 9 == 0) or (tile == k and k % 9 == 6):
                    wait = _FU_EDGE_WAIT
            if closed and i and sets[i - 1] == code:  # a run twice (一盃口); four times, two 一盃口
                peikou += 1
                if i > 1 and sets[i - 2] == code and (i < 3 or sets[i - 3] != code):
                    peikou -= 1  # three times: one 一盃口
        else:
            triplets |= 1 << k
            n_triplets += 1
            yaojiu += _YAOJIU[k]
            concealed = not (ron and i + 1 == at)  # a ron completes an open triplet
            closed_triplets += concealed
            part = _SET_FU[_YAOJIU[k]][concealed][False]
            fu_breakdown.append(part)
            fu += part[1]
    for part in melds.fu:
        fu_breakdown.append(part)
        fu += part[1]
    if pair >= 27:
        pair_part = _PAIR_FU[32 * (pair - 27) + 8 * win.round_wind + 2 * win.seat_wind + win.rule.double_wind_pair_2fu]
        if pair_part is not None:
            fu_breakdown.append(pair_part)
            fu += pair_part[1]
    if wait is not None:
        fu_breakdown.append(wait)
        fu += 2
    pinfu = closed and fu == 20
    if not ron:
        if not pinfu:
            fu_breakdown.append(_FU_TSUMO)
            fu += 2
    elif closed:
        fu_breakdown.append(_FU_CLOSED_RON)
        fu += 10
    elif fu == 20:
        fu_breakdown.append(_FU_OPEN_PINFU)
        fu = 30
    rounding = _ROUNDED[-fu % 10]
    if rounding is not None:
        fu_breakdown.append(rounding)
        fu += rounding[1]

    dragons = (triplets >> 31 & 1) + (triplets >> 32 & 1) + (triplets >> 33)
    winds = (triplets >> 27 & 1) + (triplets >> 28 & 1) + (triplets >> 29 & 1) + (triplets >> 30 & 1)
    found = []
    if closed_triplets == 4:
        found.append(_intern("四暗刻単騎", 0, 2) if at == 0 else _intern("四暗刻", 0, 1))
    if dragons == 3:
        found.append(_intern("大三元", 0, 1, melds.dragon_pao))
    if winds == 4:
        found.append(_intern("大四喜", 0, 2, melds.wind_pao))
    elif winds == 3 and 27 <= pair <= 30:
        found.append(_intern("小四喜", 0, 1))
    if not win.suits:
        found.append(_intern("字一色", 0, 1))
    if win.green:
        found.append(_intern("緑一色", 0, 1))
    if win.terminals:
        found.append(_intern("清老頭", 0, 1))
    if melds.kans == 4:
        found.append(_intern("四槓子", 0, 1))
    if found or win.yakuman_situational:
        return _yakuman(win, found)

    yaku = list(win.situational)
    if closed and not ron:
        yaku.append(_MENZEN_TSUMO)
    if triplets >> 27:
        if triplets >> (27 + win.round_wind) & 1:
            yaku.append(_ROUND_WIND[win.round_wind])
        if triplets >> (27 + win.seat_wind) & 1:
            yaku.append(_SEAT_WIND[win.seat_wind])
        if dragons:
            for dragon in range(3):
                if triplets >> (31 + dragon) & 1:
                    yaku.append(_DRAGONS[dragon])
    if pinfu:
        yaku.append(_PINFU)
    if win.simples and (closed or win.rule.open_tanyao):
        yaku.append(_TANYAO)
    if peikou == 1:
        yaku.append(_IIPEIKOU)
    if n_runs >= 3:
        if runs & runs >> 9 & runs >> 18 & 0x1FF:
            yaku.append(_SANSHOKU[closed])
        if runs & runs >> 3 & runs >> 6 & _STRAIGHT_STARTS:
            yaku.append(_ITTSU[closed])
    if yaojiu == 5 and n_runs and win.honours:
        yaku.append(_CHANTA[closed])
    if n_triplets == 4:
        yaku.append(_TOITOI)
    if closed_triplets == 3:
        yaku.append(_SANANKOU)
    if melds.kans == 3:
        yaku.append(_SANKANTSU)
    if n_triplets >= 3 and triplets & triplets >> 9 & triplets >> 18 & 0x1FF:
        yaku.append(_SANSHOKU_TRIPLETS)
    if yaojiu == 5 and not n_runs and win.honours:
        yaku.append(_HONROUTOU)
    if dragons == 2 and pair >= 31:
        yaku.append(_SHOUSANGEN)
    if win.suits == 1 and win.honours:
        yaku.append(_HONITSU[closed])
    if yaojiu == 5 and n_runs and not win.honours:
        yaku.append(_JUNCHAN[closed])
    if peikou == 2:
        yaku.append(_RYANPEIKOU)
    if win.suits == 1 and not win.honours:
        yaku.append(_CHINITSU[closed])
    return _ordinary(win, yaku, fu, fu_breakdown)


_STRAIGHT_STARTS: Final = 1 | 1 << 9 | 1 << 18
"""Bits of the runs 1-2-3 of each suit: 一気通貫 is one of them with the runs 3 and 6
kinds on (4-5-6 and 7-8-9 of the same suit)."""


def _seven_pairs(win: _Win, all_yaojiu: bool) -> _Reading:
    """Yaku and value of the seven pairs reading (七対子), 25 fu."""
    if not win.suits:
        return _yakuman(win, [_intern("字一色", 0, 1)])
    if win.yakuman_situational:
        return _yakuman(win, [])
    yaku = list(win.situational)
    if win.ron is None:
        yaku.append(_MENZEN_TSUMO)
    if win.simples:
        yaku.append(_TANYAO)
    yaku.append(_SEVEN_PAIRS)
    if all_yaojiu and win.honours:
        yaku.append(_HONROUTOU)
    if win.suits == 1:
        yaku.append(_HONITSU[True] if win.honours else _CHINITSU[True])
    return _ordinary(win, yaku, 25, [_FU_SEVEN_PAIRS])


# -- the call --------------------------------------------------------------------------


def _score(held: _Held, win_tile: str | None, win: _Win, rule: Rule) -> WinResult | NotAWin:
    """Score ``held`` in the situation read into ``win`` under ``rule``."""
    if win_tile is None:
        tile = held.drawn
        if tile is None:
            return _NOT_COMPLETE
        ron = None
    else:
        tile, ron = win_tile[:2], win_tile[2:] or None
        if tile not in _KIND or (ron is not None and ron not in _MARKS):
            raise NotationError(
                "a winning tile is a tile, with the direction mark (+, =, -) of its "
                f"discarder for a ron: e.g. 's2+' (ron) or 's2' (tsumo), not {win_tile!r}"
            )
        if held.drawn is not None:
            raise ValueError(f"hand {held.notation()} already holds its winning tile; and {win_tile}?")
        if ron == "=" and win.players == 3:
            raise ValueError(f"{win_tile}: with three players a ron comes from + (下家) or - (上家)")
    melds = _Melds(held.melds) if held.melds else _NO_MELDS
    if melds.north and win.players == 4:
        raise ValueError(f"hand {held.notation()}: North tiles are set aside (b) only with three players")
    if held.hidden or held.size + 3 * melds.sets != 13:
        return _NOT_COMPLETE
    # Tiles per kind with the winning tile (the hand's own counts, added to), red fives
    # apart after them; a bit per kind held, and the pairs.
    counts = tally = held.tally
    win_slot = _SLOT[tile]
    win_kind = KIND_OF_SLOT[win_slot]
    counts[win_kind] = counts[win_kind] + 1
    reds = tally[RED_SLOT] + tally[RED_SLOT + 1] + tally[RED_SLOT + 2] + (win_slot >= RED_SLOT)
    meld_reds = melds.reds
    reds += meld_reds[0] + meld_reds[1] + meld_reds[2]
    mask = melds.mask
    pairs = 0
    for k in range(34):
        held_k = counts[k]
        if held_k:
            mask |= 1 << k
            if held_k == 2:
                pairs += 1
    shapes = _shapes(counts, win_kind)
    # Seven pairs, thirteen orphans and nine gates hold 14 concealed tiles: no meld.
    seven_pairs = orphans = False
    nine_gates_form = 0
    if not melds.sets:
        seven_pairs = pairs == 7
        if shapes:
            nine_gates_form = nine_gates(counts, win_kind)
        elif not seven_pairs:
            orphans = True
            held_orphans = 0
            for k in _ORPHANS:
                if not counts[k]:
                    orphans = False
                held_orphans += counts[k]
            orphans = orphans and held_orphans == 14
    if not (shapes or seven_pairs or orphans):
        return _NOT_COMPLETE

    options = _options(rule)
    if reds > options.fewest_red_fives:
        _check_red_fives(held, tally, win_slot, melds, options.red_fives)
    if held.riichi and not win.riichi:
        replace(win.situation(), riichi=1)  # ValueError if riichi cannot go with the situation
        win.riichi = 1
    win.win = win_kind
    win.ron = ron
    win.melds = melds
    win.closed = melds.closed
    win.dealer = win.seat_wind == 0
    win.rule = options
    tenhou = win.tenhou
    situational = _SITUATIONAL[
        72 * win.riichi + 36 * (win.ippatsu and options.ippatsu) + 12 * win.haitei + 6 * win.rinshan
        + 3 * win.chankan + tenhou
    ]
    win.yakuman_situational = situational if tenhou else ()
    win.situational = () if tenhou else situational
    ron_red = win_slot if ron is not None else -1
    uncounted = _uncounted_reds(tally, ron_red, melds) if reds > 1 else None
    win.dora = _dora(counts, melds, reds, win, options, uncounted)
    win.simples = not mask & _ORPHAN_MASK
    win.honours = bool(mask & _HONOUR_MASK)
    win.suits = (mask & _M_MASK != 0) + (mask & _P_MASK != 0) + (mask & _S_MASK != 0)
    win.green = not mask & ~_GREEN_MASK
    win.terminals = not mask & ~_TERMINAL_MASK

    best: _Reading | None = None
    for shape in shapes:
        reading = _standard(win, shape)
        if best is None or reading.beats(best):
            best = reading
    if seven_pairs:
        reading = _seven_pairs(win, not mask & ~_ORPHAN_MASK)
        if best is None or reading.beats(best):
            best = reading
    if orphans:
        found = (
            _intern("国士無双十三面", 0, 2) if counts[win_kind] == 2 else _intern("国士無双", 0, 1)
        )
        best = _yakuman(win, [found])
    elif nine_gates_form:
        found = (
            _intern("純正九蓮宝燈", 0, 2) if nine_gates_form == 2 else _intern("九蓮宝燈", 0, 1)
        )
        reading = _yakuman(win, [found])
        if best is None or reading.beats(best):
            best = reading
    assert best is not None, "a complete hand has a reading"
    if not best.yaku:
        return _NO_YAKU
    return _result(win, best)


def _result(win: _Win, best: _Reading) -> WinResult:
    """The result of the chosen reading, with the payments of 電脳麻将's ``get_defen``:
    the liable player's share first, the rest from the discarder (or from the liable
    player when nothing is left) or split by a tsumo; honba and sticks on top."""
    seat = win.seat_wind
    dealer = win.dealer
    honba = win.honba
    base = best.base
    players = win.players
    marks = _MARKS if players == 4 else _MARKS_THREE
    payments = [0] * players
    liable = None
    liable_points = 0
    pao = None
    if best.yakuman:
        for yaku in best.yaku:
            if yaku.pao:
                pao = yaku.pao
                pao_yakuman = yaku.yakuman
                break
    if pao is not None:
        liable = (seat + marks[pao]) % players
        share = base if win.rule.pao_covers_whole_hand else 8000 * min(pao_yakuman, best.yakuman)
        if win.ron:
            share //= 2
        base -= share
        liable_points = share * (6 if dealer else 4)
        payments[seat] = payments[seat] + liable_points
        payments[liable] = payments[liable] - liable_points
    discarder = None if win.ron is None else (seat + marks[win.ron]) % players
    honba_points = 100 * (players - 1) * honba  # 100 from each payer
    if discarder is not None or base == 0:
        payer = liable if base == 0 else discarder
        points = _ceil100(base * (6 if dealer else 4))
        payments[seat] = payments[seat] + points + honba_points + 1000 * win.riichi_sticks
        # base is 0 only when the liable player paid it all (liable is set); else a ron
        payments[payer] = payments[payer] - (points + honba_points)  # type: ignore[index]  # payer is set: see above
    else:
        from_dealer, from_others = _tsumo_shares(base, dealer, players, win.rule.tsumo_loss)
        points = 0
        for other in range(players):
            if other != seat:
                share = from_dealer if other == 0 else from_others
                payments[other] = payments[other] - (share + 100 * honba)
                points += share
        payments[seat] = payments[seat] + points + honba_points + 1000 * win.riichi_sticks
    return WinResult(
        best.yaku,  # yaku
        best.fu,  # fu
        tuple(best.fu_breakdown),  # fu_breakdown
        best.han,  # han
        best.yakuman,  # yakuman
        _limit(best),  # limit
        points + liable_points,  # points
        tuple(payments),  # payments
        seat,  # seat
        discarder,  # discarder
        liable,  # liable
    )


def tsumo_shares(base: int, dealer: bool, players: int, rule: Rule) -> tuple[int, int]:
    """What the dealer and what each non-dealer pays for a tsumo of ``base`` points
    (基本点) by the dealer or not (``dealer``): 2 x and 1 x base, a dealer's tsumo 2 x
    from everyone, each rounded up to 100. With three players the absent player's share
    is lost (ツモ損), or with :attr:`~paipu.rules.Rule.tsumo_loss` false split between the
    two payers, each half rounded up to 100 (北家折半)."""
    return _tsumo_shares(base, dealer, players, rule.tsumo_loss)


def _tsumo_shares(base: int, dealer: bool, players: int, tsumo_loss: bool) -> tuple[int, int]:
    from_dealer = _ceil100(2 * base)
    from_others = from_dealer if dealer else _ceil100(base)
    if players == 3 and not tsumo_loss:
        half = _ceil100(-(-from_others // 2))
        from_dealer, from_others = from_dealer + half, from_others + half
    return from_dealer, from_others


_LIMIT_OF_BASE: Final = {
    8000: "kazoe yakuman",
    6000: "sanbaiman",
    4000: "baiman",
    3000: "haneman",
    2000: "mangan",
}
_YAKUMAN_LIMITS: Final = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


def _limit(reading: _Reading) -> str | None:
    if reading.yakuman:
        return _YAKUMAN_LIMITS.get(reading.yakuman, f"{reading.yakuman}x yakuman")
    return _LIMIT_OF_BASE[reading.base] if reading.base >= 2000 else None
