"""What the benchmark scripts measure alike: the least CPU time of some runs, and the
process's peak memory (imported by the scripts beside it, run as ``python benchmarks/…``)."""

from __future__ import annotations

import math
import resource
import time
from typing import Callable


def least_cpu_seconds(run: Callable[[], object], repeat: int = 1) -> float:
    """The least CPU time (``time.process_time``) of ``repeat`` calls of ``run()``."""
    least = math.inf
    for _ in range(repeat):
        start = time.process_time()
        run()
        least = min(least, time.process_time() - start)
    return least


def peak_memory_mib() -> float:
    """This process's peak memory so far (max RSS), in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def print_peak_memory(label: str = "peak memory (max RSS)") -> None:
    """Print :func:`peak_memory_mib` on the line scripts end with."""
    print(f"{label}: {peak_memory_mib():.0f} MiB")
