"""Self-play throughput and peak memory: simulated hanchan per second (``paipu.simulate``).

Usage: ``python benchmarks/bench_simulate.py [--games N] [--players P[,P,P,P]] [--jobs N]``
(default: 20 hanchan of four efficiency players in this process). Each game is played and
written as paipu JSON, as ``paipu simulate`` does; the CPU time is the process's own (the
least disturbed measure on a shared machine), the wall time what a run takes. With
``--jobs N`` the games are shared among N processes, as ``paipu simulate --jobs N``.
Peak memory is the process's maximum resident set size (of the main process).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from functools import partial

import paipu
from paipu.rules import MAJIANG
from paipu.simulate.batch import paipu_bytes

from measure import print_peak_memory


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="efficiency")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    names = args.players.split(",")
    names = names * 4 if len(names) == 1 else names
    work = partial(paipu_bytes, seed="bench", players=tuple(names), rule=MAJIANG)
    print(f"paipu {paipu.__version__} simulate benchmark, Python {platform.python_version()}, {platform.machine()}")
    wall, cpu = time.perf_counter(), time.process_time()
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            written = sum(map(len, pool.imap(work, range(args.games))))
        cpu_note = "(CPU time of the workers not counted)"
    else:
        written = sum(len(work(index)) for index in range(args.games))
        cpu_note = ""
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{args.games} hanchan of {', '.join(names)} in {args.jobs} process(es): {wall:.1f} s = "
          f"{args.games / wall:.2f} hanchan/s wall; CPU {cpu:.1f} s = {args.games / max(cpu, 1e-9):.2f} hanchan/s "
          f"{cpu_note}; {written / args.games / 1024:.0f} KiB of paipu JSON per game")
    print_peak_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
