"""How a file of a Tenhou format, or a Mahjong Soul record, is recognised by its content,
apart from its reader: the registry (:data:`paipu.formats.FORMATS`) asks these before any
reader is imported (the Mahjong Soul reader imports the engine's hand: a tenth of a second
of loading a folder of 電脳麻将 paipu, which never needs it), and the tenhou.net/6 reader
asks the same of each line it reads."""

from __future__ import annotations

from typing import Any

__all__ = ["is_mjlog", "is_tenhou_json", "is_majsoul_record"]


def is_mjlog(data: bytes) -> bool:
    """Whether ``data`` (already uncompressed) looks like an mjlog: it starts with
    ``<mjloggm``, maybe after white space or an XML declaration."""
    return b"<mjloggm" in data[:200].lstrip()[:120]


def is_tenhou_json(obj: Any) -> bool:
    """Whether a parsed JSON value is a tenhou.net/6 game: an object with a ``log`` of
    rounds that are arrays beginning with ``[round, honba, sticks]``."""
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        return False
    log = obj["log"]
    if not log:
        return "name" in obj and "player" not in obj
    first = log[0]
    return isinstance(first, list) and bool(first) and isinstance(first[0], list)


def is_majsoul_record(obj: Any) -> bool:
    """Whether parsed JSON is a Mahjong Soul record: an object with a ``head`` holding a
    ``uuid`` and a ``data``."""
    return (isinstance(obj, dict) and isinstance(obj.get("head"), dict) and "uuid" in obj["head"]
            and "data" in obj)
