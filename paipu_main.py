"""The ``paipu`` command's entry point, outside the package so that it runs first.

Importing :mod:`paipu.cli` and what a command runs takes a while (numpy for the
statistics, pandas for their DataFrames: up to half a second), and a Ctrl-C pressed then would end in a traceback: this
module catches it from the very start, as :func:`paipu.cli.main` does once running, with
exit code 130 and one line (``python -m paipu``, which imports the package before any
module of it runs, has the package turn Ctrl-C into that exit while it loads:
:func:`exit_on_interrupt`).
"""

from __future__ import annotations  # the annotations below are never evaluated: no import at startup

import os
import signal
import sys
TYPE_CHECKING = False  # as typing's, without importing typing before Ctrl-C is caught
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, Callable

EXIT_INTERRUPTED = 130  # as paipu.cli's, which cannot be imported before the catch


def _interrupted() -> int:
    """Say that the command was interrupted; the exit code of it."""
    if sys.stderr is not None:
        print("paipu: interrupted", file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def _exit_interrupted(signum: int, frame: object) -> None:
    os._exit(_interrupted())  # in the middle of an import: nothing to finish


_held: list[Callable[[int, FrameType | None], Any] | int | None] = []  # the handler of Ctrl-C that exit_on_interrupt(True) replaced


def exit_on_interrupt(on: bool) -> None:
    """Make Ctrl-C end the process at once, with exit code 130 and one line (``on``), or
    do again what it did before (``on`` false: as Python does, raise
    :class:`KeyboardInterrupt`, unless it was ignored)."""
    if on:
        _held.append(signal.signal(signal.SIGINT, _exit_interrupted))
    elif _held:
        signal.signal(signal.SIGINT, _held.pop())


def main() -> int:
    """Import and run :func:`paipu.cli.main`; its exit code, or 130 on Ctrl-C before it runs."""
    try:
        from paipu.cli import main as run
    except KeyboardInterrupt:
        return _interrupted()
    return run()


if __name__ == "__main__":
    sys.exit(main())
