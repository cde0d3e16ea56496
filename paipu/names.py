"""Yaku (役): the scoring patterns of a win, under their 電脳麻将 names.

A **yaku** is worth a number of han (翻) or, for a yakuman (役満), a multiple of the
yakuman limit: 1, or 2 for a double yakuman (ダブル役満). Dora (ドラ, 赤ドラ, 裏ドラ) are
written as yaku too, as in a 電脳麻将 ``hupai`` list, but count only when a real yaku
exists.

Names are those the 電脳麻将 engine writes in ``hule.hupai[].name``; :data:`ENGLISH`
translates them, and :data:`ALIASES` maps the spellings of other producers (Tenhou
conversions) to them. The names of draws (流局, ``pingju.name``) are here too
(:data:`DRAW_NAMES`, :data:`DRAW_ENGLISH`): this module is paipu's one table of names.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .records import pickle_by_fields

__all__ = ["Yaku", "ENGLISH", "ALIASES", "WIND_NAMES", "DRAW_NAMES", "DRAW_ENGLISH", "EXHAUSTIVE", "name", "draw_name"]

WIND_NAMES = "東南西北"
"""Wind names as written in yaku names, indexed by wind (0 = East)."""

_ENGLISH_WINDS = ("East", "South", "West", "North")

ENGLISH: dict[str, str] = {
    "立直": "Riichi",
    "ダブル立直": "Double riichi",
    "一発": "Ippatsu",
    "海底摸月": "Haitei (win on the last tile)",
    "河底撈魚": "Houtei (win on the last discard)",
    "嶺上開花": "Rinshan kaihou (win on a kan replacement tile)",
    "槍槓": "Chankan (robbing a kan)",
    "門前清自摸和": "Menzen tsumo (concealed self-draw)",
    **{f"場風 {WIND_NAMES[w]}": f"Round wind {_ENGLISH_WINDS[w]}" for w in range(4)},
    **{f"自風 {WIND_NAMES[w]}": f"Seat wind {_ENGLISH_WINDS[w]}" for w in range(4)},
    "翻牌 白": "Dragon: white",
    "翻牌 發": "Dragon: green",
    "翻牌 中": "Dragon: red",
    "平和": "Pinfu",
    "断幺九": "Tanyao (all simples)",
    "一盃口": "Iipeikou (two identical sequences)",
    "三色同順": "Sanshoku doujun (three-colour straight)",
    "一気通貫": "Ittsu (pure straight)",
    "混全帯幺九": "Chanta (terminal or honour in each set)",
    "七対子": "Chiitoitsu (seven pairs)",
    "対々和": "Toitoi (all triplets)",
    "三暗刻": "San ankou (three concealed triplets)",
    "三槓子": "San kantsu (three kans)",
    "三色同刻": "Sanshoku doukou (three-colour triplets)",
    "混老頭": "Honroutou (all terminals and honours)",
    "小三元": "Shousangen (little three dragons)",
    "混一色": "Honitsu (half flush)",
    "純全帯幺九": "Junchan (terminal in each set)",
    "二盃口": "Ryanpeikou (two iipeikou)",
    "清一色": "Chinitsu (full flush)",
    "天和": "Tenhou (blessing of heaven)",
    "地和": "Chiihou (blessing of earth)",
    "国士無双": "Kokushi musou (thirteen orphans)",
    "国士無双十三面": "Kokushi musou, 13-sided wait",
    "四暗刻": "Suu ankou (four concealed triplets)",
    "四暗刻単騎": "Suu ankou, single wait",
    "大三元": "Daisangen (big three dragons)",
    "小四喜": "Shousuushii (little four winds)",
    "大四喜": "Daisuushii (big four winds)",
    "字一色": "Tsuuiisou (all honours)",
    "緑一色": "Ryuuiisou (all green)",
    "清老頭": "Chinroutou (all terminals)",
    "四槓子": "Suu kantsu (four kans)",
    "九蓮宝燈": "Chuuren poutou (nine gates)",
    "純正九蓮宝燈": "Junsei chuuren poutou (nine gates, 9-sided wait)",
    "ドラ": "Dora",
    "赤ドラ": "Red fives (aka dora)",
    "裏ドラ": "Ura dora",
}
"""English name of each yaku, by its 電脳麻将 name."""

ALIASES: dict[str, str] = {
    "役牌 白": "翻牌 白",
    "役牌 發": "翻牌 發",
    "役牌 中": "翻牌 中",
    "両立直": "ダブル立直",
    "国士無双１３面": "国士無双十三面",
    # Mahjong Soul's names (its game data's name_jp and name_en, as tensoul's convert.js
    # writes them into tenhou.net/6 JSON) where they differ from the 電脳麻将 names
    "国士無双十三面待ち": "国士無双十三面",
    "Fully Concealed Hand": "門前清自摸和", "Riichi": "立直", "Robbing a Kan": "槍槓",
    "After a Kan": "嶺上開花", "Under the Sea": "海底摸月", "Under the River": "河底撈魚",
    "White Dragon": "翻牌 白", "Green Dragon": "翻牌 發", "Red Dragon": "翻牌 中",
    "All Simples": "断幺九", "Pure Double Sequence": "一盃口", "Pinfu": "平和",
    "Half Outside Hand": "混全帯幺九", "Pure Straight": "一気通貫", "Mixed Triple Sequence": "三色同順",
    "Double Riichi": "ダブル立直", "Triple Triplets": "三色同刻", "Three Quads": "三槓子",
    "All Triplets": "対々和", "Three Concealed Triplets": "三暗刻", "Little Three Dragons": "小三元",
    "All Terminals and Honors": "混老頭", "Seven Pairs": "七対子", "Fully Outside Hand": "純全帯幺九",
    "Half Flush": "混一色", "Twice Pure Double Sequence": "二盃口", "Full Flush": "清一色",
    "Ippatsu": "一発", "Dora": "ドラ", "Red Five": "赤ドラ", "Ura Dora": "裏ドラ",
    "Blessing of Heaven": "天和", "Blessing of Earth": "地和", "Big Three Dragons": "大三元",
    "Four Concealed Triplets": "四暗刻", "All Honors": "字一色", "All Green": "緑一色",
    "All Terminals": "清老頭", "Thirteen Orphans": "国士無双", "Four Little Winds": "小四喜",
    "Four Quads": "四槓子", "Nine Gates": "九蓮宝燈", "True Nine Gates": "純正九蓮宝燈",
    "Single-wait Four Concealed Triplets": "四暗刻単騎",
    "Thirteen-wait Thirteen Orphans": "国士無双十三面", "Four Big Winds": "大四喜",
}
"""Other producers' spellings (Tenhou conversions, Mahjong Soul exports) → the 電脳麻将 name."""

DRAW_NAMES: dict[str, str] = {
    "荒牌平局": "荒牌平局",
    "流局": "荒牌平局",
    "流し満貫": "流し満貫",
    "九種九牌": "九種九牌",
    "四風連打": "四風連打",
    "四家立直": "四家立直",
    "三家和": "三家和",
    "三家和了": "三家和",
    "四開槓": "四開槓",
    "四槓散了": "四開槓",
}
"""Every spelling of a draw's name (``pingju.name``) → the 電脳麻将 engine's name."""

DRAW_ENGLISH: dict[str, str] = {
    "荒牌平局": "Exhaustive draw",
    "流し満貫": "Nagashi mangan",
    "九種九牌": "Nine different terminals and honours",
    "四風連打": "Four of the same wind discarded",
    "四家立直": "Four riichi",
    "三家和": "Triple ron",
    "四開槓": "Four kans by several players",
}
"""English name of each draw, by its 電脳麻将 name."""

EXHAUSTIVE = frozenset({"荒牌平局", "流し満貫"})
"""The draws of an exhausted wall (流局), by engine name; every other draw is abortive
(途中流局)."""


def name(logged: str) -> str:
    """The 電脳麻将 name of a yaku logged as ``logged`` (its :data:`ALIASES` entry)."""
    return ALIASES.get(logged, logged)


def draw_name(logged: str) -> str | None:
    """The 電脳麻将 name of a draw logged as ``logged``; ``None`` for an unknown name."""
    return DRAW_NAMES.get(logged)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Yaku:
    """One entry of a win's yaku list (``hupai``).

    ``han`` is the han it is worth (翻数; 0 for a yakuman), ``yakuman`` its yakuman
    multiple (0 for an ordinary yaku, 2 for a double yakuman). ``pao`` is the direction
    mark (``+`` 下家, ``=`` 対面, ``-`` 上家, seen from the winner) of the player liable
    for it (責任払い, パオ), only ever set on 大三元 and 大四喜.
    """

    name: str
    han: int = 0
    yakuman: int = 0
    pao: str | None = None

    @property
    def english(self) -> str:
        """The English name (see :data:`ENGLISH`)."""
        return ENGLISH[name(self.name)]

    def to_json(self) -> dict[str, object]:
        """The ``hupai`` entry as 電脳麻将 writes it: ``fanshu`` is the han, or ``"*"``
        per yakuman multiple; ``baojia`` is the pao direction when there is one."""
        entry: dict[str, object] = {
            "name": self.name,
            "fanshu": "*" * self.yakuman if self.yakuman else self.han,
        }
        if self.pao:
            entry["baojia"] = self.pao
        return entry

    @property
    def worth(self) -> str:
        """What it is worth, as read out: ``"1 han"``, ``"yakuman"``, ``"double yakuman"``."""
        if self.yakuman:
            return ("double " if self.yakuman == 2 else "") + "yakuman"
        return f"{self.han} han"

    def __str__(self) -> str:
        pao = f", liability {self.pao}" if self.pao else ""
        return f"{self.name} ({self.english}): {self.worth}{pao}"


pickle_by_fields(Yaku)
