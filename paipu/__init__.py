"""paipu: load, replay, validate and analyse Riichi mahjong game logs (牌譜).

The names most users need::

    import paipu
    for game in paipu.load("logs/"):       # 電脳麻将 paipu JSON (.json, .json.gz), dirs
        print(game)                        # a readable account of the game

See the README for the command line (``paipu show``).
"""

from .events import (
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
from .formats.majiang import FormatError, game_from_json, game_to_json
from .loader import GameReader, LoadError, load
from .tiles import HandNotation, Meld, NotationError, parse_hand, parse_meld

__version__ = "0.1.0"

__all__ = [
    "load",
    "GameReader",
    "LoadError",
    "FormatError",
    "NotationError",
    "game_from_json",
    "game_to_json",
    "Game",
    "Round",
    "Event",
    "Deal",
    "Draw",
    "KanDraw",
    "Discard",
    "Call",
    "Kan",
    "DoraReveal",
    "Win",
    "NoWin",
    "NorthSetAside",
    "Yaku",
    "HandNotation",
    "Meld",
    "parse_hand",
    "parse_meld",
]
