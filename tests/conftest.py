"""Shared test helpers: where the corpora in ``../shared`` are, and skipping without them."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPORA = SHARED / "corpora"


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
