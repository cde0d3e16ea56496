"""Rules (ルール): every parameter a game is played and validated under, and presets.

A :class:`Rule` holds the parameters of the 電脳麻将 engine under English names; each
attribute's docstring gives its 電脳麻将 key. JSON speaks the 電脳麻将 keys::

    >>> rule = Rule.from_json({"赤牌": {"m": 0, "p": 2, "s": 0}, "クイタンあり": False})
    >>> rule.red_fives, rule.open_tanyao
    (RedFives(m=0, p=2, s=0), False)
    >>> rule.to_json()["赤牌"]
    {'m': 0, 'p': 2, 's': 0}

Python speaks the English names: ``Rule(kiriage_mangan=True)``,
``rule.replace(double_yakuman=False)``. A missing key takes the default (the
``majiang`` preset); an unknown key or a value of the wrong type raises
:class:`RuleError` naming the key.

Presets are named rules in :data:`PRESETS` (``Rule.preset("tenhou")``); a new preset is
one more entry there.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Union

import orjson

from .limits import DECIMAL, MAX_NUMBER, clip

__all__ = ["Rule", "RuleError", "RuleSpec", "RedFives", "MAJIANG", "TENHOU", "TENHOU_SANMA", "MAJSOUL",
           "MAJSOUL_SANMA", "PRESETS", "platform_preset"]


class RuleError(ValueError):
    """A rule parameter that does not exist or has a value it cannot take."""


class RedFives(NamedTuple):
    """Number of red fives (赤牌) per suit, each 0-4."""

    m: int = 1
    p: int = 1
    s: int = 1


def _parameter(
    key: str, default: Any, choices: tuple[int, ...] | None = None, extension: bool = False
) -> Any:
    # The JSON key of a parameter; for an integer level, the values it can take; whether
    # it is paipu's own (not a 電脳麻将 key: written only when not at its default).
    return field(default=default, metadata={"key": key, "choices": choices, "extension": extension})


@dataclass(frozen=True, slots=True, repr=False)
class Rule:
    """Every rule parameter, with the defaults of the 電脳麻将 engine (preset ``majiang``).

    Build one by English name (``Rule(red_fives=RedFives(0, 0, 0))``), from 電脳麻将 keys
    (:meth:`from_json`), from a file (:meth:`load`) or by preset name (:meth:`preset`).
    ``repr`` lists only the parameters that differ from the defaults.
    """

    starting_points: int = _parameter("配給原点", 25000)
    """配給原点: starting score of each player."""

    rank_points: tuple[str, ...] = _parameter(
        "順位点", ("20.0", "10.0", "-10.0", "-20.0")
    )
    """順位点: rank bonus (uma) for ranks 1-4 (1-3 with three :attr:`players`), as decimal
    strings (``"-10.0"``; no exponent, ``inf`` or ``nan``); final points have one decimal
    when any of them ends in a dot and one digit, else they are integers."""

    double_wind_pair_2fu: bool = _parameter("連風牌は2符", False)
    """連風牌は2符: a pair of a tile that is both round and seat wind scores 2 fu, not 4."""

    red_fives: RedFives = _parameter("赤牌", RedFives())
    """赤牌: red fives per suit, 0-4 each (JSON ``{"m": 1, "p": 1, "s": 1}``)."""

    open_tanyao: bool = _parameter("クイタンあり", True)
    """クイタンあり: all simples (断幺九) counts in an open hand (喰いタン)."""

    swap_calling: int = _parameter("喰い替え許可レベル", 0, (0, 1, 2))
    """喰い替え許可レベル: swap-calling (喰い替え): 0 never; 1 the suji tile may be
    discarded after a chi; 2 the same tile too."""

    winds: int = _parameter("場数", 2, (0, 1, 2, 4))
    """場数: length of the game: 0 one hand (一局戦), 1 East only (東風戦), 2 East-South
    (東南戦), 4 all four winds (一荘戦)."""

    abortive_draws: bool = _parameter("途中流局あり", True)
    """途中流局あり: the abortive draws 九種九牌, 四風連打, 四家立直 and 四開槓 exist."""

    nagashi_mangan: bool = _parameter("流し満貫あり", True)
    """流し満貫あり: nagashi mangan exists."""

    noten_declaration: bool = _parameter("ノーテン宣言あり", False)
    """ノーテン宣言あり: a player may decline to show a tenpai hand at an exhaustive draw."""

    noten_penalty: bool = _parameter("ノーテン罰あり", True)
    """ノーテン罰あり: tenpai players receive 3000 from noten players at an exhaustive
    draw (ノーテン罰符)."""

    max_simultaneous_wins: int = _parameter("最大同時和了数", 2, (1, 2, 3))
    """最大同時和了数: 1 head bump (頭ハネ: only the first claimant after the discarder
    wins); 2 double ron, three claims are the abortive draw 三家和; 3 triple ron."""

    renchan: int = _parameter("連荘方式", 2, (0, 1, 2, 3))
    """連荘方式: when the dealer keeps the deal (連荘): 0 never; 1 on a dealer win; 2 also
    when the dealer is tenpai at an exhaustive draw; 3 also when noten."""

    bankruptcy_ends: bool = _parameter("トビ終了あり", True)
    """トビ終了あり: the game ends as soon as a score is below 0 (トビ)."""

    all_last_stop: bool = _parameter("オーラス止めあり", True)
    """オーラス止めあり: the game ends when the dealer of the last hand keeps the deal
    (not by an abortive draw; by a win alone without :attr:`tenpai_stop`) while top with
    at least 30000 (アガリ止め, テンパイ止め)."""

    overtime: int = _parameter("延長戦方式", 1, (0, 1, 2, 3))
    """延長戦方式: overtime (延長戦) when nobody has 30000 after the last hand: 0 none;
    1 sudden death; 2 sudden death where every hand is an all-last (a top dealer's renchan
    ends it); 3 one whole extra wind. Never more winds than :attr:`overtime_winds` (one by
    default), never past North 4."""

    ippatsu: bool = _parameter("一発あり", True)
    """一発あり: ippatsu (一発) exists."""

    ura_dora: bool = _parameter("裏ドラあり", True)
    """裏ドラあり: ura dora (裏ドラ) exist."""

    kan_dora: bool = _parameter("カンドラあり", True)
    """カンドラあり: a kan reveals a new dora indicator (カンドラ)."""

    kan_ura: bool = _parameter("カン裏あり", True)
    """カン裏あり: kan dora have ura indicators too (カン裏; only with ura and kan dora)."""

    kan_dora_delayed: bool = _parameter("カンドラ後乗せ", True)
    """カンドラ後乗せ: an open or added kan reveals its dora at the next discard or kan,
    not right after the replacement draw (a closed kan always reveals at once)."""

    riichi_without_draw: bool = _parameter("ツモ番なしリーチあり", False)
    """ツモ番なしリーチあり: riichi may be declared with fewer than 4 tiles left in the
    wall (no draw of one's own left)."""

    kan_after_riichi: int = _parameter("リーチ後暗槓許可レベル", 2, (0, 1, 2))
    """リーチ後暗槓許可レベル: closed kan after riichi: 0 never; 1 only if the hand's shape
    is unchanged; 2 only if the waits are unchanged."""

    yakuman_stacking: bool = _parameter("役満の複合あり", True)
    """役満の複合あり: several yakuman in one hand add up (役満の複合)."""

    double_yakuman: bool = _parameter("ダブル役満あり", True)
    """ダブル役満あり: 国士無双十三面, 四暗刻単騎, 大四喜 and 純正九蓮宝燈 count double."""

    kazoe_yakuman: bool = _parameter("数え役満あり", True)
    """数え役満あり: 13 han or more is a yakuman (数え役満), else a sanbaiman."""

    pao: bool = _parameter("役満パオあり", True)
    """役満パオあり: the player who fed the third dragon set (大三元) or the fourth wind set
    (大四喜) is liable for it (責任払い, パオ)."""

    kiriage_mangan: bool = _parameter("切り上げ満貫あり", False)
    """切り上げ満貫あり: 30 fu 4 han and 60 fu 3 han round up to mangan (切り上げ満貫)."""

    pao_covers_whole_hand: bool = _parameter("複合役満パオ全額", False, extension=True)
    """複合役満パオ全額 (a paipu extension, not a 電脳麻将 key): with pao and another
    yakuman in the same hand, the liable player's share is the whole hand, not only the
    liable yakuman's (Tenhou). Written to JSON only when set."""

    final_scores_rounded: bool = _parameter("終局点千点丸め", False, extension=True)
    """終局点千点丸め (a paipu extension): final points are computed from each final score
    rounded to the nearest 1,000, halves away from zero (Tenhou's owari up to January 2022,
    see :mod:`paipu.formats.tenhou_rules`: 7,500 counts as 8,000, -500 as -1,000);
    otherwise from the exact score. Written to JSON only when set."""

    players: int = _parameter("人数", 4, (3, 4), extension=True)
    """人数 (a paipu extension): the players the rule is for, 4 or 3 (三人麻雀, 三麻).
    With three: the characters 2-8 (二萬-八萬) are not used, so the dora after a 1m
    indicator is 9m; there is no chi; a wind has three hands (東1-3局); honba are 100
    points from each payer (200 a honba) and the penalty of an exhaustive draw is
    2,000 in all (1,000 from each payer, :attr:`noten_penalty`); the abortive draws are
    九種九牌 and 四開槓 (no 四風連打, 四家立直 or 三家和); :attr:`north_dora` and
    :attr:`tsumo_loss` apply. Written to JSON only when 3."""

    returned_points: int = _parameter("返し点", 30000, extension=True)
    """返し点 (a paipu extension): the score final points count from, ``(score -
    返し点) / 1000 + 順位点`` (the 電脳麻将 engine: 30000 whatever 配給原点). Written to
    JSON only when not 30000."""

    north_dora: bool = _parameter("抜きドラあり", True, extension=True)
    """抜きドラあり (a paipu extension; three players only): a North may be set aside on
    one's turn (北抜き), counted as a dora (抜きドラ, in the ドラ of the win) and replaced by
    a draw from the dead wall; otherwise North is an ordinary honour. Written to JSON only
    when false."""

    tsumo_loss: bool = _parameter("ツモ損あり", True, extension=True)
    """ツモ損あり (a paipu extension; three players only): a tsumo is paid by the two
    other players as in a four-player game, the absent player's share lost (ツモ損);
    otherwise that share is split between the two payers (北家折半), each half rounded up
    to 100. Written to JSON only when false."""

    tenpai_stop: bool = _parameter("聴牌止めあり", True, extension=True)
    """聴牌止めあり (a paipu extension): the all-last stop (:attr:`all_last_stop`) ends the
    game when its dealer keeps the deal by being tenpai at an exhaustive draw too (テンパイ
    止め); otherwise only after a win of the dealer's (アガリ止め: Tenhou up to May 2010,
    ``docs/tenhou-rules.md``). Written to JSON only when false."""

    overtime_winds: int = _parameter("延長戦最大場数", 1, (1, 2, 3), extension=True)
    """延長戦最大場数 (a paipu extension): how many winds past the game's length
    (:attr:`winds`) overtime (:attr:`overtime`) may go on into: 1, an East-only game to
    South 4 and an East-South game to West 4; 2 or 3, a wind or two further (Tenhou's
    East-only games of March 2009 went on into the West round); never past North 4.
    Written to JSON only when not 1."""

    kokushi_robs_closed_kan: bool = _parameter("国士無双暗槓槍槓あり", False, extension=True)
    """国士無双暗槓槍槓あり (a paipu extension): a hand waiting for kokushi (国士無双) may
    ron on the tile of another player's closed kan (暗槓), as on an added kan (槍槓);
    no other hand may (Mahjong Soul, ``docs/rules.md``). Otherwise nobody robs a closed
    kan (Tenhou; the 電脳麻将 engine). Written to JSON only when set."""

    def __post_init__(self) -> None:
        for spec in dataclasses.fields(self):
            value = _checked(spec, getattr(self, spec.name))
            object.__setattr__(self, spec.name, value)
        if len(self.rank_points) != self.players:
            raise RuleError(f"順位点 (rank_points) needs {self.players} values for {self.players} players, "
                            f"not {clip(repr(list(self.rank_points)))}")

    # -- construction ---------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any], base: Rule | None = None) -> Rule:
        """A rule from 電脳麻将 keys (a parsed JSON object); missing keys keep the values
        of ``base`` (default: the ``majiang`` preset)."""
        if not isinstance(data, Mapping):
            raise RuleError(f"a rule is a JSON object of 電脳麻将 keys, not {data!r}")
        # A corpus states the same few rules in thousands of games: each is checked once,
        # by its content as JSON text (for parsed JSON only: a tuple, say, would give the
        # text of a list that means something else).
        content = _text(data) if base is None and _is_parsed_json(data) else None
        rule = _RULES.get(content) if content is not None else None
        if rule is not None:
            return rule
        changes = {}
        for key, value in data.items():
            name = _NAME_OF_KEY.get(key)
            if name is None:
                raise RuleError(f"unknown rule key {clip(repr(key), 60)}")
            changes[name] = value
        rule = dataclasses.replace(base or MAJIANG, **changes)
        if content is not None and len(_RULES) < _RULES_SIZE:
            _RULES[content] = rule
        return rule

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Rule:
        """A rule from a JSON file holding an object of 電脳麻将 keys; :class:`RuleError`
        for a file that cannot be read or is not such an object."""
        try:
            with open(path, "rb") as file:
                data = orjson.loads(file.read())
        except OSError as error:
            raise RuleError(f"{os.fspath(path)!r}: cannot read the rule file: {error.strerror or error}") from None
        except orjson.JSONDecodeError as error:
            raise RuleError(f"{os.fspath(path)!r}: not JSON: {error}") from None
        return cls.from_json(data)

    @classmethod
    def preset(cls, name: str) -> Rule:
        """The preset called ``name`` (see :data:`PRESETS`)."""
        try:
            return PRESETS[name]
        except KeyError:
            raise RuleError(f"unknown rule preset {name!r} (known: {', '.join(PRESETS)})") from None

    @classmethod
    def get(cls, spec: RuleSpec) -> Rule:
        """A rule from what a user names, everywhere paipu takes a rule: a :class:`Rule`,
        a preset name (:data:`PRESETS`), a mapping of 電脳麻将 rule keys (on top of the
        majiang preset) or the path of a JSON file of them."""
        if isinstance(spec, Rule):
            return spec
        if isinstance(spec, Mapping):
            return cls.from_json(spec)
        if isinstance(spec, str) and spec in PRESETS:
            return PRESETS[spec]
        if isinstance(spec, (str, os.PathLike)) and os.path.isfile(spec):
            return cls.load(spec)
        raise RuleError(f"{clip(repr(spec))} is neither a rule preset ({', '.join(PRESETS)}), "
                        "a mapping of rule keys nor a file")

    def replace(self, **changes: Any) -> Rule:
        """A copy with some parameters changed, by English name."""
        unknown = set(changes) - _NAMES
        if unknown:
            raise RuleError(f"unknown rule parameter {sorted(unknown)[0]!r}")
        return dataclasses.replace(self, **changes)

    # -- output ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The 電脳麻将 keys and values, in the engine's order (extensions only when set)."""
        data: dict[str, Any] = {}
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            if spec.metadata["extension"] and value == spec.default:
                continue
            if isinstance(value, tuple):
                value = value._asdict() if isinstance(value, RedFives) else list(value)
            data[spec.metadata["key"]] = value
        return data

    def __repr__(self) -> str:
        changed = ", ".join(
            f"{spec.name}={getattr(self, spec.name)!r}"
            for spec in dataclasses.fields(self)
            if getattr(self, spec.name) != spec.default
        )
        return f"Rule({changed})"


def _checked(spec: dataclasses.Field[Any], value: Any) -> Any:
    """The value of a parameter in its stored form; :class:`RuleError` if invalid."""
    name = f"{spec.metadata['key']} ({spec.name})"
    default = spec.default
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RuleError(f"{name} must be true or false, not {clip(repr(value))}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"{name} must be an integer, not {clip(repr(value))}")
        choices = spec.metadata["choices"]
        if choices is not None and value not in choices:
            raise RuleError(f"{name} must be one of {list(choices)}, not {clip(repr(value))}")
        if not 0 <= value <= MAX_NUMBER:
            raise RuleError(f"{name} must be 0..{MAX_NUMBER:,}, not {clip(repr(value))}")
    elif isinstance(default, RedFives):
        given = value
        if isinstance(value, Mapping):
            if set(value) != {"m", "p", "s"}:
                raise RuleError(f"{name} needs exactly the suits m, p, s, not {clip(repr(given))}")
            value = tuple(value[suit] for suit in "mps")
        if (
            not isinstance(value, tuple)
            or len(value) != 3
            or not all(type(n) is int and 0 <= n <= 4 for n in value)
        ):
            raise RuleError(f"{name} must give 0-4 red fives for each of m, p, s, not {clip(repr(given))}")
        value = RedFives(*value)
    else:  # rank points
        if isinstance(value, str) or not isinstance(value, (list, tuple)) or len(value) not in (3, 4):
            raise RuleError(f"{name} must be a list of 4 strings (3 for three players), not {clip(repr(value))}")
        for point in value:
            if not isinstance(point, str):
                raise RuleError(f"{name} must be a list of 4 strings (3 for three players), not {clip(repr(value))}")
            if not DECIMAL.fullmatch(point):
                raise RuleError(f"{name}: {clip(repr(point), 40)} is not a number written as a decimal "
                                "such as '-10.0'")
        value = tuple(value)
    return value


_RULES: dict[bytes, Rule] = {}
"""Each rule read by :meth:`Rule.from_json` without a ``base``, by its JSON text."""
_RULES_SIZE = 1_000

_PARSED_SCALARS = frozenset((str, int, bool, type(None)))


def _text(data: Mapping[str, Any]) -> bytes | None:
    """A rule's content as JSON text, the key of the rules read; ``None`` for one orjson
    cannot write (nested deeper than it writes, a string that is not Unicode text): such
    a rule is read every time, and refused as it would be."""
    try:
        return orjson.dumps(data)
    except orjson.JSONEncodeError:
        return None


def _is_parsed_json(value: Any) -> bool:
    """Whether ``value`` is made of nothing but what parsed JSON is made of: ``dict`` (of
    ``str`` keys), ``list``, ``str``, ``int`` within 64 bits, ``bool`` and ``None``, no
    subclass of them; floats too are left out (no parameter takes one): their JSON
    text says one value each."""
    kind = type(value)
    if kind is dict:
        return all(type(key) is str for key in value) and all(map(_is_parsed_json, value.values()))
    if kind is list:
        return all(map(_is_parsed_json, value))
    return kind in _PARSED_SCALARS and (kind is not int or -(1 << 63) <= value < 1 << 64)


_NAMES = {spec.name for spec in dataclasses.fields(Rule)}
_NAME_OF_KEY = {spec.metadata["key"]: spec.name for spec in dataclasses.fields(Rule)}

MAJIANG = Rule()
"""The 電脳麻将 engine's default rule."""

TENHOU = Rule(double_yakuman=False, overtime=2, pao_covers_whole_hand=True)
"""4-player Tenhou rooms: no double yakuman (different yakuman still add up); overtime 2
(every overtime hand is an all-last: a dealer's renchan goes on even when a non-dealer
has 30000); pao with a composite yakuman covers the whole hand. Red fives, open tanyao
and the game length follow the log's room flags (``TENHOU.replace(...)``)."""

TENHOU_SANMA = TENHOU.replace(players=3, starting_points=35000, returned_points=40000,
                              rank_points=("20.0", "0.0", "-20.0"), red_fives=RedFives(0, 1, 1))
"""3-player Tenhou rooms (三麻, ``docs/tenhou-rules.md``): the tenhou preset for three
:attr:`~Rule.players`: 35,000 start, 40,000 returned, rank points 0 for the second and
-20 for the third (the top takes the rest), a red 5p and a red 5s (no 5m), 北抜き as a
dora and ツモ損. Chosen for a three-player game that carries no rule of its own."""

MAJSOUL = Rule(rank_points=("20.0", "10.0", "0.0", "-10.0"), max_simultaneous_wins=3, kokushi_robs_closed_kan=True)
"""Mahjong Soul's (雀魂) ranked rooms (段位戦), 4 players: final points are the score's
difference to the 25,000 start in thousands plus the rank bonus +15/+5/-5/-15, no oka;
written as paipu's final points, ``(score - 30000) / 1000`` plus a rank point, those are
the rank points 20/10/0/-10 (the top's is what the others leave). A triple ron is three
wins, not the abortive draw 三家和; kokushi may rob a closed kan. Otherwise as the
電脳麻将 defaults: double yakuman, pao for the liable yakuman alone, no kiriage mangan,
sudden-death West round (延長戦 1), the other abortive draws. East-only or East-South
follow the room (``MAJSOUL.replace(...)``). Evidence in ``docs/rules.md``."""

MAJSOUL_SANMA = MAJSOUL.replace(players=3, starting_points=35000, returned_points=40000,
                                rank_points=("20.0", "5.0", "-10.0"), red_fives=RedFives(0, 1, 1))
"""Mahjong Soul's three-player ranked rooms (三人麻雀 段位戦): the majsoul preset for three
:attr:`~Rule.players`: 35,000 start; final points ``(score - 35000) / 1000`` plus the
rank bonus +15/0/-15, written as paipu's ``(score - 40000) / 1000`` plus the rank points
20/5/-10 (40,000, the top's score that ends the game, is the return; the top's point is
what the others leave); a red 5p and a red 5s (no 5m); 北抜き as a dora and ツモ損.
Evidence in ``docs/rules.md``."""

PRESETS: dict[str, Rule] = {"majiang": MAJIANG, "tenhou": TENHOU, "tenhou-sanma": TENHOU_SANMA, "majsoul": MAJSOUL,
                            "majsoul-sanma": MAJSOUL_SANMA}
"""Named rules; add an entry for a new preset. A platform's three-player preset is named
as its four-player one with ``-sanma`` (:func:`platform_preset`)."""


def platform_preset(platform: str, players: int) -> Rule:
    """The preset of a game of ``players`` players played on ``platform`` (an
    :attr:`~paipu.events.Origin.platform`: ``"tenhou"``, ``"majsoul"``, ``""`` when
    unknown): the preset named as the platform, with ``-sanma`` for three players; for a
    platform without one, tenhou-sanma for three players (the common three-player rule)
    and majiang for four."""
    if players == 3:
        return PRESETS.get(f"{platform}-sanma", TENHOU_SANMA)
    return PRESETS.get(platform, MAJIANG)


RuleSpec = Union[Rule, str, "os.PathLike[str]", Mapping[str, Any]]
"""How a rule is named anywhere in paipu (see :meth:`Rule.get`)."""
