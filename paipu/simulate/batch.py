"""Many simulated games from one seed, each its own file: what ``paipu simulate`` runs.

Game ``index`` of a run with seed ``seed`` depends on nothing else: its walls and first
dealer come from the seed ``"{seed}:{index}"`` and each player's choices from
``"{seed}:{index}:{player}"``. So a run gives the same bytes however its games are shared
among processes, and any game of it can be played again alone.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Sequence

import orjson

from ..events import Game
from ..formats.majiang import game_to_json
from ..loader import load
from ..rules import Rule
from .game import simulate
from .players import PLAYERS

__all__ = ["play", "paipu_bytes", "file_name", "refusal"]


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


def _of_run(path: Path, folder: Path, games: int) -> bool:
    """Whether ``path`` is one of the files a run of ``games`` games writes in ``folder``."""
    stem = path.name[:-len(".json")]
    return (path.parent == folder and path.name.endswith(".json") and stem.isdigit() and stem.isascii()
            and int(stem) < games and file_name(int(stem), games) == path.name)


def refusal(folder: Path, games: int, force: bool) -> str | None:
    """Why a run of ``games`` games must not write into ``folder`` (which exists), or
    ``None``: a log there that is not a file of the run (``paipu stats`` of the folder
    would count it with the run's games: another run's, of another number of games), or
    without ``force`` a file of the run that exists. The folder is walked as the loader
    walks it, one file at a time."""
    existing = 0
    first = None
    for path, _ in load(folder, errors="collect").paths():
        if not _of_run(path, folder, games):
            return (f"{path} is not a file of this run of {games} games: nothing written (paipu stats would "
                    "count it with them: write the run into a folder of its own)")
        existing += 1
        first = first or path
    if existing and not force:
        return f"{first} exists ({existing} of the files to write do): nothing written (--force overwrites)"
    return None
