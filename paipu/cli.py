"""The ``paipu`` command line.

Exit codes: 0 success; 2 bad usage, a path that does not exist, or a file or game that
could not be read (each named on standard error, one line each).
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import __version__
from .describe import describe
from .loader import load

__all__ = ["main"]

EXIT_OK = 0
EXIT_LOAD_ERRORS = 2
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one clear line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _show(args: argparse.Namespace) -> int:
    reader = load(*args.paths, recursive=not args.no_recursive, errors="collect")
    first = True
    for game in reader:
        if not first:
            print("\n" + "-" * 72 + "\n")
        first = False
        print(describe(game))
    for error in reader.errors:
        print(f"paipu show: {error}", file=sys.stderr)
    if reader.games == 0 and not reader.errors:
        print("paipu show: no games found in " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_LOAD_ERRORS
    return EXIT_LOAD_ERRORS if reader.errors else EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``paipu`` command and its subcommands."""
    parser = _Parser(
        prog="paipu",
        description="Load, replay, validate and analyse Riichi mahjong game logs (牌譜).",
    )
    parser.add_argument("--version", action="version", version=f"paipu {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    show = commands.add_parser(
        "show",
        help="print a readable account of games",
        description="Print a readable account of each game: per round the label, dealer, "
        "result (winner, value, payments or the draw's reason) and the scores after it; "
        "then the final scores, ranks and points.",
    )
    show.add_argument("paths", nargs="+", metavar="PATH[#N]",
                      help="a paipu file (.json or .json.gz), a directory, or FILE#N for game N of a file")
    show.add_argument("--no-recursive", action="store_true", help="do not descend into subdirectories")
    show.set_defaults(run=_show)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except FileNotFoundError as error:
        print(f"paipu {args.command}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `paipu show ... | head`
        sys.stderr.close()
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
