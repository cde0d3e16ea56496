"""Compressed logs inflated within a bound: gzip (the Tenhou client's mjlog files, yearly
``.mjson`` archives, phoenix-logs databases since May 2023) and bzip2 (phoenix-logs
databases before). A log is somebody else's file: nothing is inflated beyond the bound it
is given (:data:`MAX_SIZE` unless said), so a small file that would inflate to gigabytes
(a bomb) is refused after reading no more than the bound, never held in memory.
"""

from __future__ import annotations

import bz2
import zlib

__all__ = ["MAX_SIZE", "TooLarge", "BadCompression", "gunzip", "bunzip2", "readable_size"]

MAX_SIZE = 256 * 1024 * 1024
"""The default of ``max_size``: the most bytes of one file read, and the most it may
inflate to if compressed (256 MiB; the largest log of the corpora is a few MB)."""


class TooLarge(Exception):
    """A file, or what it inflates to, beyond ``max_size`` bytes."""


class BadCompression(Exception):
    """Compressed data that is not whole: its message says which compression and what is
    wrong (``corrupt gzip data: the file ends too early``)."""


def readable_size(count: int) -> str:
    """A number of bytes as a person reads it: ``256 MiB``, ``1.5 KiB``, ``300 bytes``."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            return f"{count / scale:.4g} {unit}"
    return f"{count} bytes"


def _too_large(max_size: int) -> TooLarge:
    return TooLarge(f"inflates to more than the limit of {readable_size(max_size)} (--max-size)")


def gunzip(data: bytes, max_size: int | None = None) -> bytes:
    """gzip data inflated, member after member, never beyond ``max_size`` bytes (else
    :class:`TooLarge`, found without inflating more than that; :data:`MAX_SIZE` when
    ``None``); :class:`BadCompression` for data that is not whole gzip."""
    max_size = MAX_SIZE if max_size is None else max_size
    parts = []
    left = max_size + 1
    while True:
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            part = inflater.decompress(data, left)
        except zlib.error as error:
            raise BadCompression(f"corrupt gzip data: {error}") from None
        parts.append(part)
        left -= len(part)
        if left <= 0:
            raise _too_large(max_size)
        if not inflater.eof:
            raise BadCompression("corrupt gzip data: the file ends too early")
        data = inflater.unused_data
        if data[:2] != b"\x1f\x8b":  # no other member
            if data.strip(b"\0"):
                raise BadCompression("corrupt gzip data: data after the end of the compressed stream")
            return parts[0] if len(parts) == 1 else b"".join(parts)


def bunzip2(data: bytes, max_size: int | None = None) -> bytes:
    """bzip2 data inflated, never beyond ``max_size`` bytes (else :class:`TooLarge`;
    :data:`MAX_SIZE` when ``None``); :class:`BadCompression` for data that is not whole
    bzip2."""
    max_size = MAX_SIZE if max_size is None else max_size
    inflater = bz2.BZ2Decompressor()
    try:
        inflated = inflater.decompress(data, max_size + 1)
    except OSError as error:
        raise BadCompression(f"corrupt bzip2 data: {error}") from None
    if len(inflated) > max_size:
        raise _too_large(max_size)
    if not inflater.eof:
        raise BadCompression("corrupt bzip2 data: the data ends too early")
    if inflater.unused_data.strip(b"\0"):
        raise BadCompression("corrupt bzip2 data: data after the end of the compressed stream")
    return inflated
