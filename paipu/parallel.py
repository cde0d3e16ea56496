"""Work shared among processes: how many cores there are to share it, and the batches of
files each process is given (``paipu validate --jobs``, ``paipu simulate --jobs`` and
:mod:`paipu.dask`)."""

from __future__ import annotations

import os
from typing import Iterator, Sequence, TypeVar

__all__ = ["cores", "batches"]

Item = TypeVar("Item")


def cores() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(items: Sequence[Item], workers: int, most: int = 16) -> Iterator[Sequence[Item]]:
    """``items`` (files to read) in order, in batches for ``workers`` workers: up to
    ``most`` items while many are left (fewer round trips), then smaller and smaller,
    down to one, so that the workers run out of work at about the same time (guided
    scheduling)."""
    start = 0
    while start < len(items):
        size = max(1, min(most, (len(items) - start) // (2 * workers)))
        yield items[start:start + size]
        start += size
