"""The ``paipu`` command line.

Exit codes: 0 success (``validate``: every game valid); 1 ``validate`` found
disagreements; 2 bad usage, a path that does not exist, or a file or game that
could not be read (each named on standard error, one line each); 3 ``validate`` met an
engine error (a bug of paipu's, named on standard error; the other games were
validated).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Callable, Iterator, Sequence, TextIO

from . import __version__
from .describe import describe
from .events import Game, locator
from .loader import GameReader, load

__all__ = ["main"]

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_LOAD_ERRORS = 2
EXIT_USAGE = 2
EXIT_ENGINE_ERRORS = 3


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


def _convert(args: argparse.Namespace) -> int:
    import re
    from pathlib import Path

    import orjson

    from .formats.majiang import game_to_json

    reader = load(*args.paths, recursive=not args.no_recursive, errors="collect")
    out = None if args.output is None else Path(args.output)
    written: set[Path] = set()
    problems = 0
    try:
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        else:
            sys.stdout.buffer.write(b"[")
        for game in reader:
            path, _, number = game.source.rpartition("#")
            if not game.is_complete:
                print(f"paipu convert: {game.source}: incomplete game (no final results, "
                      "or a round without its end): converted as it is", file=sys.stderr)
            data = orjson.dumps(game_to_json(game))
            if out is None:
                sys.stdout.buffer.write((b"" if reader.games == 1 else b",\n") + data)
                continue
            stem = re.sub(r"(\.(json|mjlog|xml|txt|gz))+$", "", Path(path).name)
            target = out / f"{stem}{'' if number == '0' else '.' + number}.json"
            if target in written:
                print(f"paipu convert: {game.source}: not written, {target} was written from another game",
                      file=sys.stderr)
                problems += 1
                continue
            written.add(target)
            target.write_bytes(data)
        if out is None:
            sys.stdout.buffer.write(b"]\n")
    except BrokenPipeError:
        raise
    except OSError as error:
        print(f"paipu convert: cannot write {error.filename or args.output}: {error.strerror}", file=sys.stderr)
        return EXIT_USAGE
    for error in reader.errors:
        print(f"paipu convert: {error}", file=sys.stderr)
    if reader.games == 0 and not reader.errors:
        print("paipu convert: no games found in " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_LOAD_ERRORS
    return EXIT_LOAD_ERRORS if reader.errors or problems else EXIT_OK


def _progress(reader: GameReader, stream: TextIO) -> Iterator[Game]:
    """The reader's games, file by file, advancing a :class:`_Bar` on ``stream``."""
    bar = _Bar(stream, sum(1 for _ in reader.paths()) if stream.isatty() else 0)
    try:
        for path, index in reader.paths():
            yield from reader.read_file(path, index)
            bar.advance(reader.games)
    finally:
        bar.clear()


def _stats(args: argparse.Namespace) -> int:
    from . import stats  # pandas loads slowly: only for this command

    reader = load(*args.paths, recursive=not args.no_recursive, errors="collect")
    summary = stats.summary(_progress(reader, sys.stderr), args.player, args.double_ron)
    for error in reader.errors:
        print(f"paipu stats: {error}", file=sys.stderr)
    if reader.games == 0 and not reader.errors:
        print("paipu stats: no games found in " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_LOAD_ERRORS
    if summary.empty and args.player is not None:
        print(f"paipu stats: no games of player {args.player!r} in " + ", ".join(args.paths), file=sys.stderr)
        return EXIT_USAGE
    text = stats.format_summary(summary, args.format)
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8", newline="") as file:
                file.write(text)
        except OSError as error:
            print(f"paipu stats: cannot write {args.output}: {error.strerror}", file=sys.stderr)
            return EXIT_USAGE
    return EXIT_LOAD_ERRORS if reader.errors else EXIT_OK


_STATS_EPILOG = """\
The table shows, per player (by name, anything after a newline removed):
  games     games the player finished (the log has final ranks)
  rounds    rounds the player sat in that ended in a win or a draw
  1st..4th  share of those games finished in that rank (paipu.rank)
  avg rank  mean rank
  win       share of rounds won (both winners of a double ron)
  deal-in   share of rounds whose ronned discard (or robbed kan) was the player's;
            a double ron counts once (--double-ron each: once per winner)
  riichi    share of rounds with a riichi declaration, a ronned declaration tile included
  call      share of rounds with a chi, pon or open kan (closed and added kans do not count)
  avg win   mean hand value of the player's wins (hule.defen: no honba, no sticks)
Rates are fractions of 1. csv and json hold every statistic of paipu.stats.STATS under its
name (json: one object per player, "player" first). Everything is read from the logged
events; no replay is needed.
"""


def _files(paths: Sequence[str], recursive: bool) -> list[tuple[str, int | None]]:
    reader = load(*paths, recursive=recursive, errors="collect")
    return [(str(path), index) for path, index in reader.paths()]


def _validate(args: argparse.Namespace) -> int:
    from collections import Counter
    from functools import partial

    import orjson

    from .rules import Rule, RuleError

    try:
        rule = None if args.rule is None else Rule.get(args.rule)
    except RuleError as error:
        print(f"paipu validate: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs < 0:
        print("paipu validate: --jobs must be 0 (one process per core) or more", file=sys.stderr)
        return EXIT_USAGE
    jobs = args.jobs or os.cpu_count() or 1
    files = _files(args.paths, not args.no_recursive)
    work = partial(_validate_one, rule=rule, strict_names=args.strict_names)
    totals = Counter()
    checks: Counter = Counter()
    out = sys.stdout
    bar = _Bar(sys.stderr, len(files))
    pool = None
    if jobs > 1 and len(files) > 1:
        import multiprocessing

        pool = multiprocessing.Pool(min(jobs, len(files)))  # no idle worker for a few files
    try:
        if pool:
            batches = pool.imap(partial(_validate_batch, work=work), _batches(files, jobs))
            reports = (report for batch in batches for report in batch)
        else:
            reports = map(work, files)
        for report in reports:
            totals.update(games=report.games, rounds=report.rounds, valid=report.valid,
                          findings=len(report.findings), errors=len(report.errors),
                          engine_errors=len(report.engine_errors))
            for item in report.findings:
                checks[item["check"]] += 1
            for item in report.findings + report.errors:
                if args.json:
                    out.write(orjson.dumps(item).decode() + "\n")
                elif item["check"] == "load":
                    print(f"paipu validate: {locator(item['source'], item['round'], item['event'])}: "
                          f"{item['message']}", file=sys.stderr)
                else:
                    out.write(f"{locator(item['source'], item['round'], item['event'])}: "
                              f"{item['check']}: {item['message']}\n")
            for failure in report.engine_errors:
                if args.json:
                    out.write(orjson.dumps({"source": failure["source"], "check": "engine",
                                            "message": failure["error"]}).decode() + "\n")
                print(f"paipu validate: {failure['source']}: engine error (a bug of paipu's, not of the log): "
                      f"{failure['error']}" + ("" if args.debug else " (--debug shows where)"), file=sys.stderr)
                if args.debug:
                    print(failure["traceback"], file=sys.stderr, end="")
            bar.advance(totals["games"])
    finally:
        bar.clear()
        if pool:
            pool.close()
    summary = {key: totals[key] for key in ("games", "rounds", "valid", "findings", "errors", "engine_errors")}
    if args.json:
        out.write(orjson.dumps({"summary": summary}).decode() + "\n")
    else:
        out.write(f"{summary['games']} games, {summary['rounds']} rounds: {summary['valid']} valid, "
                  f"{summary['findings']} findings, {summary['errors']} load errors"
                  + (f", {summary['engine_errors']} engine errors" if summary["engine_errors"] else "") + "\n")
        for check, count in sorted(checks.items(), key=lambda item: (-item[1], item[0])):
            out.write(f"  {count:6d}  {check}\n")
    if summary["engine_errors"]:
        return EXIT_ENGINE_ERRORS
    if summary["errors"] or (summary["games"] == 0):
        return EXIT_LOAD_ERRORS
    return EXIT_FINDINGS if summary["findings"] else EXIT_OK


def _validate_one(file: tuple[str, int | None], rule, strict_names: bool):
    from .validation import validate_file

    return validate_file(file[0], file[1], rule, strict_names)


def _validate_batch(files: list[tuple[str, int | None]], work: Callable) -> list:
    return [work(file) for file in files]


def _batches(files: list[tuple[str, int | None]], jobs: int) -> Iterator[list[tuple[str, int | None]]]:
    """The files in order, in batches for ``jobs`` workers: up to 16 files while many are
    left (fewer round trips), then smaller and smaller, down to one, so that the workers
    run out of work at about the same time (guided scheduling)."""
    start = 0
    while start < len(files):
        size = max(1, min(16, (len(files) - start) // (2 * jobs)))
        yield files[start:start + size]
        start += size


class _Bar:
    """A progress bar over games on standard error, only on a terminal and only for runs
    longer than a second."""

    def __init__(self, stream: TextIO, files: int) -> None:
        self.stream, self.files, self.done = stream, files, 0
        self.start = self.drawn = time.monotonic()
        self.line = ""
        self.active = stream.isatty()

    def advance(self, games: int) -> None:
        self.done += 1
        now = time.monotonic()
        if self.active and now - self.start >= 1 and (now - self.drawn >= 0.1 or self.done == self.files):
            self.drawn = now
            filled = 30 * self.done // max(self.files, 1)
            self.line = f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.files} files, {games:,} games"
            self.stream.write("\r" + self.line)
            self.stream.flush()

    def clear(self) -> None:
        if self.line:
            self.stream.write("\r" + " " * len(self.line) + "\r")
            self.stream.flush()


def _score(args: argparse.Namespace) -> int:
    import orjson

    from .rules import RuleError
    from .scoring import score
    from .tiles import NotationError

    ron = args.ron
    if ron is not None and ron[-1:] not in ("+", "=", "-"):
        ron += "-"  # a ron from the previous player (上家) unless the mark says otherwise
    try:
        result = score(
            args.hand, ron, rule=args.rule,
            round_wind=args.round_wind, seat_wind=args.seat_wind,
            riichi=2 if args.double_riichi else int(args.riichi), ippatsu=args.ippatsu,
            haitei=(2 if ron else 1) if args.last_tile else 0, rinshan=args.rinshan, chankan=args.chankan,
            tenhou=(1 if args.seat_wind in ("E", "0", 0) else 2) if args.first_draw else 0,
            dora_indicators=tuple(args.dora), ura_indicators=tuple(args.ura) if args.ura else None,
            honba=args.honba, riichi_sticks=args.sticks,
        )
    except (NotationError, RuleError, ValueError) as error:
        print(f"paipu score: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        data = result.to_json() if result else {"win": False, "reason": str(result)}
        sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        print(result if result else f"not a win: {result}")
    return EXIT_OK if result else EXIT_FINDINGS


def _add_paths(command: argparse.ArgumentParser) -> None:
    """The arguments every command that reads logs shares: the paths and --no-recursive."""
    command.add_argument("paths", nargs="+", metavar="PATH[#N]",
                         help="a log file (電脳麻将 .json/.json.gz, Tenhou .mjlog/.xml or tenhou.net/6 .json; "
                         "plain or gzip), a directory, or FILE#N for game N of a file")
    command.add_argument("--no-recursive", action="store_true", help="do not descend into subdirectories")


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
    _add_paths(show)
    show.set_defaults(run=_show)

    convert = commands.add_parser(
        "convert",
        help="convert games (Tenhou mjlog or tenhou.net/6 JSON...) to 電脳麻将 paipu JSON",
        description="Write every game as 電脳麻将 paipu JSON, as @kobalab/tenhou-log converts "
        "Tenhou logs: to standard output as one JSON array, or with -o one file per game "
        "into a directory (named after the source file: NAME.json, NAME.N.json for game N>0 "
        "of a file). An incomplete game is converted as it is and named on standard error.",
        epilog="Exit codes: 0 converted; 2 bad usage, or a file or game that could not be read or written.",
    )
    _add_paths(convert)
    convert.add_argument("--to", choices=("majiang",), default="majiang",
                         help="the output format: majiang (電脳麻将 paipu JSON, the default)")
    convert.add_argument("-o", "--output", metavar="DIR", help="write one file per game into DIR (created if needed)")
    convert.set_defaults(run=_convert)

    score = commands.add_parser(
        "score",
        help="score a winning hand: yaku, fu, han, value and payments",
        description="Score a winning hand written in 電脳麻将 notation, e.g. m123456p2378s05p9 "
        "(a tsumo: the drawn tile last) or m123456p2378s05 with --ron p9. Prints the yaku with "
        "their han, the fu and what they are made of, the limit, the value and each seat's "
        "payment (seats from the dealer: East, South, West, North).",
        epilog="Exit codes: 0 a win; 1 not a win (incomplete hand, or no yaku); 2 bad notation or usage.",
    )
    score.add_argument("hand", metavar="HAND", help="the hand: concealed tiles, then ,meld for each meld")
    how = score.add_mutually_exclusive_group()
    how.add_argument("--ron", metavar="TILE[+=-]",
                     help="won by ron on TILE; the mark says from whom (+ next seat, = opposite, "
                     "- previous seat; default -)")
    how.add_argument("--tsumo", action="store_true", help="won by self-draw: the last tile of HAND (the default)")
    score.add_argument("--riichi", action="store_true", help="riichi (立直)")
    score.add_argument("--double-riichi", action="store_true", help="double riichi (ダブル立直)")
    score.add_argument("--ippatsu", action="store_true", help="ippatsu (一発)")
    score.add_argument("--last-tile", action="store_true", help="on the last tile: 海底摸月 (tsumo) or 河底撈魚 (ron)")
    score.add_argument("--rinshan", action="store_true", help="on a kan's replacement tile (嶺上開花)")
    score.add_argument("--chankan", action="store_true", help="robbing a kan (槍槓)")
    score.add_argument("--first-draw", action="store_true", help="on the first draw, no call before: 天和/地和")
    score.add_argument("--dora", nargs="*", default=[], metavar="TILE", help="dora indicators (宝牌表示牌)")
    score.add_argument("--ura", nargs="*", default=[], metavar="TILE", help="ura dora indicators (裏ドラ表示牌)")
    score.add_argument("--round-wind", default="E", metavar="W", help="round wind: E, S, W or N (default E)")
    score.add_argument("--seat-wind", default="E", metavar="W",
                       help="the winner's seat wind: E (the dealer), S, W or N (default E)")
    score.add_argument("--honba", type=int, default=0, metavar="N", help="honba (本場)")
    score.add_argument("--sticks", type=int, default=0, metavar="N", help="riichi sticks on the table (供託)")
    score.add_argument("--rule", default="majiang", metavar="R",
                       help="a preset (majiang, tenhou) or a JSON file of 電脳麻将 rule keys")
    score.add_argument("--json", action="store_true", help="the result as JSON (電脳麻将 hule keys)")
    score.set_defaults(run=_score)

    validate = commands.add_parser(
        "validate",
        help="replay games through the rules and report every disagreement",
        description="Replay each game through the rules engine and report every number or "
        "decision the log states that the rules do not give, and every illegal event: one "
        "line per finding (source, round, event, check, message), then a summary. A game "
        "that cannot be read gets one line on standard error, located the same way. Events "
        "count from 0 in each round (the deal is event 0).",
        epilog="Exit codes: 0 every game valid; 1 findings; 2 load errors or bad usage; "
        "3 engine errors (a bug of paipu's: please report it with --debug's traceback).",
    )
    _add_paths(validate)
    validate.add_argument("--rule", metavar="R",
                          help="a preset (majiang, tenhou) or a JSON file of 電脳麻将 rule keys; "
                          "default: the rule a paipu carries, else tenhou for a Tenhou game (of its room and date), else majiang")
    validate.add_argument("--debug", action="store_true",
                          help="print the traceback of each engine error (an exception inside paipu)")
    validate.add_argument("--json", action="store_true",
                          help="one JSON object per finding or load error per line (keys source, round, event, "
                          "check, expected, logged, message), then {\"summary\": {...}}")
    validate.add_argument("--jobs", type=int, default=1, metavar="N",
                          help="validate files in N processes, 0 for one per core (same output as one)")
    validate.add_argument("--strict-names", action="store_true",
                          help="also report yaku and draw names spelled differently from the 電脳麻将 engine, "
                          "and final points written differently (45 for 45.0)")
    validate.set_defaults(run=_validate)

    stats = commands.add_parser(
        "stats",
        help="player statistics: ranks, win, deal-in, riichi and call rates...",
        description="Per-player statistics of the games: a table of the headline numbers, or\n"
        "every statistic as CSV or JSON (definitions: paipu.stats, README 'Statistics').",
        epilog=_STATS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_paths(stats)
    stats.add_argument("--player", metavar="NAME", help="only this player (exact name, without what follows a newline)")
    stats.add_argument("--format", choices=("table", "csv", "json"), default="table",
                       help="table (default): the headline numbers; csv, json: every statistic")
    stats.add_argument("--double-ron", choices=("once", "each"), default="once",
                       help="a double ron is one deal-in for the discarder (once, default) or one per winner (each)")
    stats.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    stats.set_defaults(run=_stats)
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
