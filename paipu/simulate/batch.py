"""Many simulated games from one seed, each its own file: what ``paipu simulate`` runs.

Game ``index`` of a run with seed ``seed`` depends on nothing else: its walls and first
dealer come from the seed ``"{seed}:{index}"`` and each player's choices from
``"{seed}:{index}:{player}"``. So a run gives the same bytes however its games are shared
among processes, and any game of it can be played again alone.
"""

from __future__ import annotations

import random
from typing import Sequence

import orjson

from ..events import Game
from ..formats.majiang import game_to_json
from ..rules import Rule
from .game import simulate
from .players import PLAYERS

__all__ = ["play", "paipu_bytes", "file_name"]


def play(index: int, seed: str, players: Sequence[str], rule: Rule) -> Game:
    """Game ``index`` of the run ``seed`` of ``players`` (names of :data:`PLAYERS`, by
    player id) under ``rule``."""
    made = [PLAYERS[name](random.Random(f"{seed}:{index}:{player}")) for player, name in enumerate(players)]
    return simulate(made, rule, f"{seed}:{index}", title=f"paipu simulate --seed {seed} #{index}")


def paipu_bytes(index: int, seed: str, players: Sequence[str], rule: Rule) -> bytes:
    """:func:`play`'s game as 電脳麻将 paipu JSON (one line, its ``rule`` included)."""
    return orjson.dumps(game_to_json(play(index, seed, players, rule))) + b"\n"


def file_name(index: int, games: int) -> str:
    """The file of game ``index`` of ``games``: its number, zero-padded to sort in order."""
    return f"{index:0{len(str(max(games - 1, 0)))}d}.json"
