"""Shared test helpers: where the corpora in ``../shared`` are, and skipping without them;
the hand-made sample games."""

from __future__ import annotations

import gzip
from dataclasses import replace
from pathlib import Path

import orjson
import pytest

from paipu import build
from paipu.events import Round, Win

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPORA = SHARED / "corpora"
SAMPLE_LOGS = Path(__file__).resolve().parents[1] / "sample_logs"
HAND_MADE = tuple(SAMPLE_LOGS / name for name in ("draw_then_ron.json", "riichi_ron.json", "tsumo.json"))
"""The three hand-made games of ``sample_logs/`` (three games, four rounds), in the folder's
order: their every number was worked out by hand from the rules (``make_samples.py``), so a
test of those numbers names them rather than the folder, which also holds simulated games."""


interpreted_only = pytest.mark.skipif(
    build.kind() == "compiled",
    reason="spies on a function the engine calls: the compiled modules call each other directly, "
           "past a function patched on a module or class")
"""For a test that patches a function of the compiled modules to see it called."""


def corpus(*parts: str) -> Path:
    """Path of a file or folder under ``../shared/corpora``; skip the test when absent."""
    path = CORPORA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"needs {path} (the shared corpora beside the project root)")
    return path


def read_json(path: Path):
    """Read a ``.json`` or ``.json.gz`` file of the corpora with orjson."""
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return orjson.loads(data)


def raw_games(folder: Path, pattern: str = "*.json*") -> list:
    """The raw paipu objects of every file of ``folder`` matching ``pattern`` (recursively,
    in sorted order), a file of one game or of an array of games: read without paipu's
    loader, for recounts that must not share its code."""
    games: list = []
    for path in sorted(folder.rglob(pattern)):
        data = read_json(path)
        games.extend(data if isinstance(data, list) else [data])
    return games


def raw_kind(tile: str) -> int:
    """The kind number (0-33: m1-m9, p1-p9, s1-s9, z1-z7) of a tile such as ``m5`` or
    ``m0`` (a red five), worked out here rather than by paipu, for recounts."""
    return "mpsz".index(tile[0]) * 9 + (5 if tile[1] == "0" else int(tile[1])) - 1


def raw_hand_counts(notation: str) -> list[int]:
    """The count of each kind in a 電脳麻将 hand string, every digit after its suit letter
    (melds included), read here rather than by paipu, for recounts."""
    counts = [0] * 34
    suit = ""
    for char in notation:
        if char in "mpsz":
            suit = char
        elif char.isdigit():
            counts[raw_kind(suit + char)] += 1
    return counts


def without_limits(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    """``rounds`` as a 電脳麻将 paipu states them: a Tenhou log also states each win's
    limit (:attr:`~paipu.events.Win.limit`), the paipu format does not (``None``)."""
    return tuple(replace(r, events=tuple(replace(e, limit=None) if isinstance(e, Win) else e for e in r.events))
                 for r in rounds)
