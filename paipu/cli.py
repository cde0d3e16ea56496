"""The ``paipu`` command line.

Exit codes: 0 success (``validate``: every game valid); 1 ``validate`` found
disagreements; 2 bad usage, a path that does not exist, a file or game that could not
be read, or output that could not be written, standard output closed included (each
named on standard error, one line each; with standard error closed, nothing said); 3
``validate`` met an engine error (a bug of paipu's, named on standard error; the other
games were validated); 4 a worker process of ``--jobs`` died (killed, e.g. by
the out-of-memory killer: the work is unfinished); 130 interrupted (Ctrl-C); 141
standard output closed early (a broken pipe, as in ``paipu show ... | head``: nothing is
printed about it).

Every line written for a person has its control characters escaped and its values cut
to a readable length (:mod:`paipu.limits`); ``--json`` escapes what JSON cannot hold.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import datetime
import errno
import os
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Iterator, Literal, Sequence, TextIO

import orjson

from . import __version__, build
from .events import Game, locator
from .facts import BIG_LOSS
from .formats import WRITERS
from .limits import clip, printable, printable_json, spreadsheet_safe
from .loader import MAX_SIZE, Filters, GameReader, LoadError, load
from .output import open_whole, write_whole
from .parallel import File, Summary, WorkerDied, Workers, batches, cores, listing
from .rules import PRESETS, Rule, RuleError, RuleSpec

if TYPE_CHECKING:  # validation loads the engine, pandas and numpy load slowly: only where a command needs them
    import pandas as pd

    from .statistics import PlayerSummary
    from .validation import FileReport

__all__ = ["main"]

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_LOAD_ERRORS = 2
EXIT_USAGE = 2
EXIT_ENGINE_ERRORS = 3
EXIT_WORKER_DIED = 4
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one clear line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{printable(clip(f'{self.prog}: error: {message}'))} (see {self.prog} --help)\n")


def _say(command: str, text: str) -> None:
    """One line on standard error for a person: ``paipu COMMAND: text``, made printable
    (what ``text`` quotes from a log is cut to a readable length where it is made);
    ``paipu: text`` before the command is known (``command`` empty)."""
    print(f"paipu {command}: {printable(text)}" if command else f"paipu: {printable(text)}", file=sys.stderr)


def _encodable(value: Any) -> Any:
    """``value`` with what JSON cannot hold made text: a string that is not UTF-8 (the
    bytes of a file name, kept by Python as lone surrogates) with those bytes escaped
    (``\\xff``), an integer beyond 64 bits as its digits."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if isinstance(value, int) and not isinstance(value, bool) and not -(1 << 63) <= value < (1 << 64):
        return str(value)
    if isinstance(value, dict):
        return {_encodable(key): _encodable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encodable(item) for item in value]
    return value


def _json(value: Any, option: int = 0) -> str:
    """``value`` as JSON text, what JSON cannot hold escaped (:func:`_encodable`), and
    what could act on a terminal (:func:`~paipu.limits.printable_json`)."""
    try:
        text = orjson.dumps(value, option=option).decode()
    except TypeError:  # orjson.JSONEncodeError: only for the rare value, so checked only then
        text = orjson.dumps(_encodable(value), option=option).decode()
    return printable_json(text)


def _report_errors(command: str, errors: list[LoadError]) -> None:
    for error in errors:
        _say(command, str(error))


def _emit(data: str | bytes) -> None:
    """Write ``data`` to standard output whole: a write that the pipe takes only part of
    (its reader gone after 64 KiB) is carried on, so that it fails (a broken pipe) rather
    than ending as if all were written."""
    sys.stdout.flush()  # what print() holds goes first
    if not hasattr(sys.stdout, "buffer"):  # a text stream alone (main() called in a notebook, io.StringIO)
        sys.stdout.write(data if isinstance(data, str) else data.decode("utf-8", "surrogateescape"))
        return
    rest = memoryview(data.encode(sys.stdout.encoding or "utf-8", sys.stdout.errors or "strict") if isinstance(data, str) else data)
    while rest:
        rest = rest[sys.stdout.buffer.write(rest) or 0:]
    sys.stdout.buffer.flush()


def _cannot_write(command: str, error: OSError, where: str | os.PathLike[str] | None = None) -> int:
    """Say that ``where`` (else the file the error names) could not be written, and why,
    in words; the exit code of output that could not be written."""
    name = error.filename if error.filename is not None else where
    reason = {errno.ENOENT: "no such folder", errno.ENOTDIR: "a part of its path is a file, not a folder",
              errno.ELOOP: "a symbolic link loop"}.get(error.errno or 0, error.strerror or str(error))
    _say(command, f"cannot write {'the output' if name is None else name}: {reason}")
    return EXIT_USAGE


def _folder(command: str, output: str) -> Path | None:
    """The folder ``-o DIR`` names, made if it is not there; ``None`` if it cannot be (said why)."""
    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        _say(command, f"{output} is a file, not a folder")
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _cannot_write(command, error, output)
        return None
    return folder


def _same_file(one: Path, other: Path) -> bool:
    """Whether ``one`` and ``other`` are one file (by a symbolic or hard link too)."""
    try:
        return os.path.samefile(one, other)
    except OSError:  # one is not there (yet)
        return False


def _over_input(output: str | os.PathLike[str], paths: Sequence[str]) -> str | None:
    """Why writing ``output`` would write over what a command reads, or ``None``: it is a
    file named among ``paths`` (FILE#N: its file), by its path, a symbolic link or a hard
    link, or it lies inside a folder named (whose walk reads it)."""
    target = Path(output).resolve()
    for text in paths:
        named = Path(text) if os.path.lexists(text) else Path(text.rpartition("#")[0] or text)
        if named.is_dir():
            if _inside(target, named.resolve()):
                return f"{output} is inside {text}, which is read"
        elif target == named.resolve() or _same_file(Path(output), named):
            return f"{output} is {text}, which is read"
    return None


def _refuse_over_input(command: str, output: str | None, paths: Sequence[str]) -> bool:
    """Whether ``-o output`` would write over what the command reads: then said (a
    command never writes over a file it reads)."""
    refusal = None if output is None else _over_input(output, paths)
    if refusal is not None:
        _say(command, f"-o {refusal}: nothing written (write outside what is read)")
    return refusal is not None


def _filters(args: argparse.Namespace) -> Filters:
    """The rows of databases (members of archives) the options choose."""
    return Filters(args.players, args.length, args.since, args.until, args.limit)


def _load(args: argparse.Namespace) -> GameReader:
    """The reader of the paths a command names, with its options."""
    return load(*args.paths, recursive=not args.no_recursive, errors="collect", max_size=args.max_size,
                filters=_filters(args))


def _no_games(command: str, games: int, errors: int, args: argparse.Namespace) -> bool:
    """Whether no game was read (``games``) and nothing said why (no ``errors``): then said."""
    if games == 0 and not errors:
        _say(command, "no games found in " + ", ".join(args.paths))
        return True
    return False


def _show(args: argparse.Namespace) -> int:
    from .describe import describe  # the rules engine: only for the commands that replay

    reader = _load(args)
    first = True
    for game in reader:
        if not first:
            print("\n" + "-" * 72 + "\n")
        first = False
        print(describe(game))
    _report_errors("show", reader.errors)
    if _no_games("show", reader.games, len(reader.errors), args):
        return EXIT_LOAD_ERRORS
    return EXIT_LOAD_ERRORS if reader.errors else EXIT_OK


def _rule_arg(text: str) -> Rule:
    """A ``--rule`` of ``paipu view``: a preset or a JSON file (:meth:`Rule.get`)."""
    try:
        return Rule.get(text)
    except RuleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _north_arg(text: str) -> int:
    """``--north``: the Norths a hand can have set aside, 0 to 4."""
    if not (text.isdigit() and int(text) <= 4):
        raise argparse.ArgumentTypeError(f"--north takes 0 to 4 (North tiles set aside), not {text!r}")
    return int(text)


def _view(args: argparse.Namespace) -> int:
    from .view import view

    if _refuse_over_input("view", args.output, args.paths):
        return EXIT_USAGE
    reader = _load(args)
    try:
        viewer = view(reader, args.rule, round=args.round, seat=args.seat)
    except ValueError as error:  # no game, several, or a round or player the game has not
        _report_errors("view", reader.errors)
        if reader.errors and reader.games != 1:  # no game or several: the errors say why
            return EXIT_LOAD_ERRORS
        _say("view", str(error))
        return EXIT_USAGE
    _report_errors("view", reader.errors)
    if args.output is None:
        _emit(viewer.html(standalone=True))
    else:
        try:
            viewer.save(args.output)
        except OSError as error:
            return _cannot_write("view", error)
    return EXIT_LOAD_ERRORS if reader.errors else EXIT_OK


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies inside it (both resolved)."""
    return path == folder or folder in path.parents


def _not_read_back(to: str, data: bytes, game: Game) -> str | None:
    """Why ``data``, ``game`` written in the format ``to`` (a key of
    :data:`~paipu.formats.WRITERS`), would not be read by paipu as what was written, or
    ``None``: it is read as :func:`paipu.load` reads a file, and must give the game's
    players in the same order from the first dealer (tenhou.net/6 lists them from the
    first dealer), the rule it is checked under, and its events, as the format holds them
    (:attr:`Writer.read_back <paipu.formats.Writer.read_back>`). A writer writes what it is
    given; a reader refuses what cannot be played (a hand of 12 tiles, a ron on one's own
    discard), so a game read leniently from one format may be written in another that
    paipu would refuse."""
    from .game_rule import game_rules
    from .loader import _decode, _paipu_games  # the loader's own reading of a file's bytes

    try:
        games = _paipu_games(data, game.source) if to == "majiang" else None
        if games is None:
            items, read = _decode(data, game.source)
            games = [read(item, source=game.source) for item in items]
    except ValueError as error:  # FormatError, and orjson's errors
        return f"paipu would refuse it: {clip(str(error), 200)}"
    if len(games) != 1:
        return f"paipu would read {len(games)} games from it"
    back = games[0]
    if _table_order(back) != _table_order(game):
        return "paipu would read other players or another first dealer from it"
    if len(back.rounds) != len(game.rounds):
        return f"paipu would read {len(back.rounds)} rounds from it, not {len(game.rounds)}"
    rules = game_rules(game)
    if game_rules(back) != rules:
        return "paipu would check it under another rule (its room or rule is not written as paipu reads it)"
    read_back, rule = WRITERS[to].read_back, rules[0]
    for mine, theirs in zip(game.rounds, back.rounds):
        if mine == theirs:
            continue
        for event, (a, b) in enumerate(zip(mine.events, theirs.events)):
            if a != b and read_back(a, rule) != b:
                return f"paipu would read {locator(None, mine.label, event)} otherwise ({_difference(read_back(a, rule), b)})"
        if len(mine.events) != len(theirs.events):
            return f"paipu would read {mine.label} with {len(theirs.events)} events, not {len(mine.events)}"
    return None


def _difference(mine: Any, read: Any) -> str:
    """What differs between an event and the one read back in its place, by the format's
    keys: ``kaigang where the log has gangzimo``, ``hule: fubaopai, fenpei``."""
    if type(mine) is not type(read):
        return f"{read.key} where the log has {mine.key}"
    fields = [field.name for field in dataclasses.fields(mine) if getattr(mine, field.name) != getattr(read, field.name)]
    return f"{mine.key}: {', '.join(fields)}"


def _table_order(game: Game) -> tuple[str, ...]:
    """The players from the first dealer (起家) on, in turn order."""
    first = game.first_dealer
    return game.players[first:] + game.players[:first]


def _convert(args: argparse.Namespace) -> int:
    writer = WRITERS[args.to]
    write, suffix, opening, between, closing = (writer.write, writer.suffix, writer.opening, writer.between,
                                                writer.closing)

    if _refuse_over_input("convert", args.output, args.paths):
        return EXIT_USAGE
    out = None if args.output is None else _folder("convert", args.output)
    if args.output is not None and out is None:
        return EXIT_USAGE
    reader = _load(args)
    written: set[Path] = set()
    held = b""  # the one game of a format of one game per file, written once no second one comes
    emitted = False  # a game went to standard output: the next one follows ``between``
    problems = 0
    try:
        if out is None:
            _emit(opening)
        for game in reader:
            path, _, number = game.source.rpartition("#")
            try:
                data = write(game)
                refusal = _not_read_back(args.to, data, game)
            except ValueError as error:  # a game the format cannot hold
                refusal = str(error)
            if refusal is not None:
                _say("convert", f"{game.source}: not written: {refusal}")
                problems += 1
                continue
            if not (game.rounds and all(round_.is_complete for round_ in game.rounds)):
                _say("convert", f"{game.source}: incomplete game (a round without its end): converted as it is")
            elif not game.is_complete and (game.origin is None or game.origin.final_results):
                _say("convert", f"{game.source}: incomplete game (no final results): converted as it is")
            if out is None:
                if between is not None:
                    _emit((between if emitted else b"") + data)
                    emitted = True
                elif held:
                    _report_errors("convert", reader.errors)  # those of the files before, not hidden
                    _say("convert", f"{args.to} holds one game per file: several games cannot go to "
                         "standard output; write them with -o DIR")
                    return EXIT_USAGE
                else:
                    held = data
                continue
            container, inside, name = path.rpartition("#")  # a database's row, an archive's member
            stem = re.sub(r"(\.(json|jsonl|mjson|mjlog|xml|txt|gz))+$", "",
                          Path(name if inside and Path(container).is_file() else path).name)
            target = out / f"{stem}{'' if number == '0' else '.' + number}{suffix}"
            refusal = None
            try:
                if target in written:
                    refusal = f"{target} was written from another game"
                elif _over_input(target, args.paths):
                    refusal = f"{target} is a file read"
                elif target.exists() and not args.force:
                    refusal = f"{target} exists (--force overwrites it)"
                else:
                    written.add(target)
                    write_whole(target, data)
            except OSError as error:
                if error.errno != errno.ENAMETOOLONG:  # the folder's trouble (a full disk): the rest fails too
                    raise
                refusal = f"{target}: its name is longer than a folder takes"
            if refusal is not None:
                _say("convert", f"{game.source}: not written: {refusal}")
                problems += 1
        if out is None:
            _emit(held + closing)
    except OSError as error:
        if out is None:
            raise  # standard output: main says what
        return _cannot_write("convert", error, args.output)
    _report_errors("convert", reader.errors)
    if _no_games("convert", reader.games, len(reader.errors), args):
        return EXIT_LOAD_ERRORS
    return EXIT_LOAD_ERRORS if reader.errors or problems else EXIT_OK


def _progress(reader: GameReader, stream: TextIO) -> Iterator[Game]:
    """The reader's games, file by file, advancing a :class:`_Bar` on ``stream``."""
    files = list(reader.paths()) if stream.isatty() else None  # counted for the bar: listed once
    bar = _Bar(stream, len(files or ()))
    try:
        for path, index in reader.paths() if files is None else files:
            yield from reader.read_file(path, index)
            bar.advance(reader.games)
    finally:
        bar.clear()


def _processes(jobs: int) -> int:
    """The processes ``--jobs`` asks for: 0 for one per core, never more than the cores."""
    available = cores()
    return min(jobs or available, available)


def _jobs_fit(command: str, args: argparse.Namespace) -> bool:
    """Whether ``--jobs`` is 0 or more and, with a Dask cluster (``--dask``,
    ``--scheduler``), left at 1: the cluster's workers share the work then (said if not)."""
    if args.jobs < 0:
        _say(command, "--jobs must be 0 (one process per core) or more")
        return False
    if args.jobs != 1 and (args.scheduler is not None or args.dask):
        _say(command, "--jobs is for one machine: on a Dask cluster (--dask, --scheduler) its workers share the work")
        return False
    return True


def _stats(args: argparse.Namespace) -> int:
    reader: GameReader | Summary
    summary: pd.DataFrame | PlayerSummary
    if not _jobs_fit("stats", args) or _refuse_over_input("stats", args.output, args.paths):
        return EXIT_USAGE
    if args.defence:
        return _stats_defence(args)
    if args.scheduler is not None or args.dask:  # on a Dask cluster: the same summary and errors
        if args.by is not None or args.last is not None:
            _say("stats", "--by and --last are for one machine: not with a Dask cluster (--dask, --scheduler)")
            return EXIT_USAGE
        with contextlib.ExitStack() as stack:
            client = _dask_client("stats", args, stack)
            if client is None:
                return EXIT_USAGE
            from .dask import tables

            reader = tables(args.paths, client, not args.no_recursive, args.max_size, args.engine,
                            _filters(args)).compute(
                args.player, args.double_ron)  # its games and errors, as a reader's
            summary = reader.summary
    elif args.jobs != 1:
        reader = _stats_in_batches(args)
        summary = reader.summary
    else:
        loaded = _load(args)
        with _collecting_less():
            summary = _summary_as_read(args, _progress(loaded, sys.stderr))
        reader = loaded
    _report_errors("stats", reader.errors)
    if _no_games("stats", reader.games, len(reader.errors), args):
        return EXIT_LOAD_ERRORS
    if summary.empty and args.player is not None:
        _say("stats", f"no games of player {args.player!r} in " + ", ".join(args.paths))
        return EXIT_USAGE
    return _write_stats(args, _summary_text(summary, args.format), bool(reader.errors))


def _summary_as_read(args: argparse.Namespace, games: Iterator[Game]) -> pd.DataFrame | PlayerSummary:
    """``paipu stats``' summary in one process: of the facts as they are read, with numpy
    alone (importing pandas would take a third of the command on 2,000 games), unless
    ``--by``, ``--since``, ``--until`` or ``--last`` chooses among the games by their
    tables (:meth:`paipu.stats.Tables.select`)."""
    if (args.by, args.since, args.until, args.last) == (None, None, None, None):
        from .statistics import summarize

        return summarize(games, args.player, args.double_ron, args.engine)
    from . import stats  # pandas loads slowly: only for these options

    return stats.summary(games, args.player, args.double_ron, args.engine, args.by, args.since, args.until, args.last)


def _summary_text(summary: pd.DataFrame | PlayerSummary, format: Literal["table", "csv", "json"]) -> str:
    """A summary as ``paipu stats --format`` writes it."""
    from .statistics import PlayerSummary

    if isinstance(summary, PlayerSummary):
        return summary.format(format)
    from .stats import format_summary

    return format_summary(summary, format)


YOUNG_COLLECTED: Final = 50_000
"""The new containers after which the cycle collector runs during ``paipu stats`` (Python's
700): each file's games are otherwise gone over two or three times as they age, while
none of them is garbage (reference counting frees them); on ``generated/`` the collector
then takes 0.03-0.05 s instead of 0.10-0.14 s of the command's 2.5 (``gc.callbacks``)."""


@contextlib.contextmanager
def _collecting_less() -> Iterator[None]:
    """The cycle collector run after :data:`YOUNG_COLLECTED` new containers, in the
    ``with`` block; as before after it."""
    import gc

    threshold = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTED, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def _write_stats(args: argparse.Namespace, text: str, errors: bool) -> int:
    """Write what ``paipu stats`` made (to ``-o FILE`` or standard output), the players'
    names made printable (in JSON as JSON escapes); the exit code, 2 after load ``errors``."""
    text = printable_json(text) if args.format == "json" else printable(text, newlines=True)
    if args.output is None:
        _emit(text)
    else:
        try:
            write_whole(Path(args.output), text.encode("utf-8", "surrogateescape"))
        except OSError as error:
            return _cannot_write("stats", error)
    return EXIT_LOAD_ERRORS if errors else EXIT_OK


def _played_between(games: Iterator[Game], since: str | None, until: str | None) -> Iterator[Game]:
    """The games played from ``since`` to ``until`` (days written ``YYYY-MM-DD``, both
    included), as ``paipu stats`` chooses them: a game of unknown date only when neither
    is given."""
    for game in games:
        played = None if game.origin is None else game.origin.date
        day = None if played is None else played.isoformat()[:10]
        if (since is None and until is None) or (
                day is not None and (since is None or day >= since) and (until is None or day <= until)):
            yield game


def _stats_defence(args: argparse.Namespace) -> int:
    """``paipu stats --defence``: the danger table of the discards facing riichi (of the
    four-player games, and of the three-player ones apart), and with ``--player`` that
    player's danger table, defence rates and push or fold by situation (:mod:`paipu.defence`)."""
    import warnings

    from . import defence
    from .engine import PastTheEndWarning

    refused = [option for option, given in (("--by", args.by), ("--last", args.last), ("--jobs", args.jobs != 1),
                                            ("--dask", args.dask), ("--scheduler", args.scheduler))
               if given not in (None, False)]
    if refused:
        _say("stats", f"{', '.join(refused)} not with --defence (one process)")
        return EXIT_USAGE
    loaded = _load(args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PastTheEndWarning)
        rated = defence.defence(_played_between(_progress(loaded, sys.stderr), args.since, args.until))
    for warning in caught:  # the games whose log plays past the end the rules give: named, rated as logged
        if issubclass(warning.category, PastTheEndWarning):
            _say("stats", str(warning.message))
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    _report_errors("stats", loaded.errors)
    if _no_games("stats", loaded.games, len(loaded.errors), args):
        return EXIT_LOAD_ERRORS
    threats, discards = rated.threats, rated.discards
    if args.without_chasing:
        threats, discards = threats[~threats["chasing"]], discards[~discards["chasing"]]
    if args.player is not None:
        threats, discards = threats[threats["name"] == args.player], discards[discards["name"] == args.player]
        if discards.empty:
            _say("stats", f"no discards facing riichi of player {args.player!r} in " + ", ".join(args.paths))
            return EXIT_USAGE
    tables: dict[str, Any] = {}
    for players, name in ((4, "danger"), (3, "danger, three players")):
        if (threats["players"] == players).any() or (players == 4 and threats.empty):
            tables[name] = defence.danger_table(threats, against=args.against, players=players)
    if args.player is not None:
        tables["defence"] = defence.player_defence(discards)
        for by in defence.PUSH_BY:
            tables[f"push by {by.replace('_', ' ')}"] = defence.push_by(discards, by)
    return _write_stats(args, defence.format_defence(tables, args.format), bool(loaded.errors))


def _report(args: argparse.Namespace) -> int:
    """``paipu report``: a player's report page and the viewer pages it links to."""
    import datetime

    from .report import UnknownPlayer, files_folder, report

    output = Path(args.output)
    if _refuse_over_input("report", args.output, args.paths) or _refuse_over_input(
            "report", str(files_folder(output)), args.paths):
        return EXIT_USAGE
    if args.big_loss <= 0:
        _say("report", "--big-loss takes a number of points above 0")
        return EXIT_USAGE
    loaded = _load(args)
    since, until = (None if day is None else datetime.date.fromisoformat(day) for day in (args.since, args.until))
    try:
        made = report(_progress(loaded, sys.stderr), args.player, rule=args.rule, big_loss=args.big_loss,
                      since=since, until=until, last=args.last)
    except UnknownPlayer as error:
        _report_errors("report", loaded.errors)
        if _no_games("report", loaded.games, len(loaded.errors), args):
            return EXIT_LOAD_ERRORS
        _say("report", f"{error} (in {', '.join(args.paths)})")
        return EXIT_USAGE
    _report_errors("report", loaded.errors)
    try:
        made.save(output)
    except OSError as error:
        return _cannot_write("report", error)
    return EXIT_LOAD_ERRORS if loaded.errors else EXIT_OK


def _stats_in_batches(args: argparse.Namespace) -> Summary:
    """``paipu stats --jobs N``: the files listed here, the tables of each batch of them
    made in a worker process (what a summary reads), joined in file order and summarised
    here, as one process summarises them: the summary, the load errors in one process's
    order and the number of games."""
    from functools import partial

    from .parallel import TABLE_BATCH, joined, listing, load_errors, tables_of_batch
    from .stats import summary_tables

    jobs = _processes(args.jobs)
    files, walk_errors = listing(_load(args))
    work = partial(tables_of_batch, max_size=args.max_size, engine=args.engine, summary=True)
    bar = _Bar(sys.stderr, len(files))
    parts, games = [], 0
    with _workers(min(jobs, len(files)), bar) as workers:
        for part in workers.map(work, batches(files, jobs, TABLE_BATCH)):
            parts.append(part)
            games += part.games
            for _ in part.errors:  # a file each
                bar.advance(games)
    made = joined(parts) if parts else summary_tables([], args.engine)
    return Summary(made.summary(args.player, args.double_ron, args.by, args.since, args.until, args.last),
                   load_errors(walk_errors, parts), games)


def _decisions(args: argparse.Namespace) -> int:
    """``paipu decisions``: the decision tables of the games written as they are made,
    a batch of files at a time (memory flat in the number of games)."""
    from functools import partial

    from .decisions import decisions_of_batch

    output = Path(args.output)
    discards = _discards_path(output, args.format, args.scheduler is not None or args.dask)
    if (not _jobs_fit("decisions", args) or _refuse_over_input("decisions", args.output, args.paths)
            or _refuse_over_input("decisions", str(discards), args.paths)):
        return EXIT_USAGE
    files, walk_errors = listing(_load(args))
    work = partial(decisions_of_batch, max_size=args.max_size, rule=args.rule)
    bar = _Bar(sys.stderr, len(files))
    file_errors: list[list[LoadError]] = []
    failures: list[str] = []
    games = 0
    with contextlib.ExitStack() as stack:
        if args.scheduler is not None or args.dask:
            client = _dask_client("decisions", args, stack)
            if client is None:
                return EXIT_USAGE
            from .dask import task_batches

            # each partition's result fetched in order, then let go
            results: Iterator[Any] = (future.result() for future in
                                      client.map(work, list(task_batches(files, client)), pure=False))
        else:
            jobs = _processes(args.jobs)
            workers = stack.enter_context(_workers(min(jobs, len(files)), bar))
            results = workers.map(work, batches(files, jobs))
        try:
            writer = stack.enter_context(_DecisionWriter(output, discards, args.format,
                                                         args.scheduler is not None or args.dask))
        except OSError as error:
            return _cannot_write("decisions", error)
        for batch in results:
            writer.write(batch.decisions, batch.discards)
            games += batch.games
            failures += batch.failures
            for errors in batch.errors:  # a file each
                file_errors.append(errors)
                bar.advance(games)
    bar.clear()
    errors = [error for before, own in zip(walk_errors, file_errors) for error in (*before, *own)] + walk_errors[-1]
    _report_errors("decisions", errors)
    for failure in failures:
        _say("decisions", failure)
    if _no_games("decisions", games, len(errors), args):
        return EXIT_LOAD_ERRORS
    if failures:
        return EXIT_ENGINE_ERRORS
    return EXIT_LOAD_ERRORS if errors else EXIT_OK


def _discards_path(output: Path, format: str, dataset: bool) -> Path:
    """Where ``paipu decisions -o OUTPUT`` writes the discard options: beside the decisions,
    ``out.parquet`` → ``out.discards.parquet``; in a Parquet dataset (a Dask cluster), the
    folder ``OUTPUT/discards``."""
    if dataset and format == "parquet":
        return output / "discards"
    return output.with_name(f"{output.stem}.discards{output.suffix or '.' + format}")


class _DecisionWriter:
    """The two tables of ``paipu decisions`` written a batch at a time, each file whole or
    not at all (:func:`~paipu.output.open_whole`): Parquet (a row group per batch), CSV
    (lists as their items separated by spaces, a cell a spreadsheet would run as a formula
    written after a ``'``), or with ``dataset`` a Parquet dataset: a folder of one file per
    partition, ``part.NNNNN.parquet`` in file order, under ``OUTPUT/decisions`` and ``OUTPUT/discards``."""

    def __init__(self, output: Path, discards: Path, format: str, dataset: bool) -> None:
        self.format = format
        self.dataset = dataset and format == "parquet"
        self.parts = 0
        self.stack = contextlib.ExitStack()
        if self.dataset:
            self.folders = (output / "decisions", discards)
            for folder in self.folders:
                folder.mkdir(parents=True, exist_ok=True)
        else:
            self.files = [self.stack.enter_context(open_whole(path)) for path in (output, discards)]
            self.writers: list[Any] = [None, None]

    def __enter__(self) -> _DecisionWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        if self.dataset:
            return
        try:
            if kind is None:
                if self.parts == 0:  # no games: the tables empty, with their columns
                    from .decisions import DECISION_COLUMNS, DISCARD_COLUMNS, schema

                    for index, columns in enumerate((DECISION_COLUMNS, DISCARD_COLUMNS)):
                        self._write(index, schema(columns).empty_table())
                self._close_writers(kind)
            else:  # the files are not renamed into place: the writers only let go
                self._close_writers(kind)
        except BaseException as failure:
            if not self.stack.__exit__(type(failure), failure, failure.__traceback__):
                raise
            return
        self.stack.__exit__(kind, error, trace)

    def _close_writers(self, kind: type[BaseException] | None) -> None:
        for writer in self.writers:
            if writer is not None and self.format == "parquet":
                if kind is None:
                    writer.close()
                else:
                    with contextlib.suppress(Exception):
                        writer.close()

    def write(self, decisions: Any, discards: Any) -> None:
        """Write one batch's tables (Arrow)."""
        if self.dataset:
            import pyarrow.parquet as pq

            for folder, table in zip(self.folders, (decisions, discards)):
                temporary = folder / f".part.{self.parts:05d}.parquet.part"
                pq.write_table(table, temporary)
                os.replace(temporary, folder / f"part.{self.parts:05d}.parquet")
        else:
            self._write(0, decisions)
            self._write(1, discards)
        self.parts += 1

    def _write(self, index: int, table: Any) -> None:
        if self.format == "parquet":
            import pyarrow.parquet as pq

            if self.writers[index] is None:
                self.writers[index] = pq.ParquetWriter(self.files[index], table.schema)
            self.writers[index].write_table(table)
            return
        from .decisions import to_pandas

        frame = to_pandas(table)
        for name, column in frame.items():
            kind = str(column.dtype)
            if kind.startswith("list<"):
                frame[name] = [None if value is None else " ".join(map(str, value)) for value in column]
            elif kind in ("category", "string[pyarrow]"):
                frame[name] = [spreadsheet_safe(value) for value in column]
        header = self.writers[index] is None
        self.writers[index] = True
        self.files[index].write(frame.to_csv(index=False, header=header).encode("utf-8", "surrogateescape"))


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
name (json: one object per player, "player" first; csv: a name a spreadsheet would run as
a formula, beginning with = + - @, a tab or a carriage return, written after a ', as
'=1+2, so that it is shown, not run). Control characters in names are escaped (\\x1b) in
every format (json: as JSON escapes, \\u001b). Everything is read from the logged
events, with no replay; --engine also follows every hand tile by tile for the statistics
of the hands (shanten, waits and furiten at riichi, calls by turn).
"""


@contextlib.contextmanager
def _workers(processes: int, bar: "_Bar") -> Iterator[Workers]:
    """:class:`~paipu.parallel.Workers` of ``processes`` for the ``with`` block (none for
    one: the work runs here); then ``bar`` is cleared, also when a worker died or Ctrl-C
    stopped them."""
    try:
        with Workers(processes) as workers:
            yield workers
    finally:
        bar.clear()


def _dask_client(command: str, args: argparse.Namespace, stack: contextlib.ExitStack) -> Any:
    """The Dask client of ``--scheduler ADDRESS``, or of a local cluster for ``--dask``,
    open until ``stack`` closes; ``None`` when there is none to have (said why)."""
    try:
        from .dask import cluster
    except ImportError as error:
        _say(command, f"--scheduler and --dask need Dask: pip install 'paipu[dask]' ({error})")
        return None
    try:
        return stack.enter_context(cluster(args.scheduler))
    except (OSError, TimeoutError, ValueError) as error:
        _say(command, f"cannot reach the Dask scheduler at {args.scheduler}: {error}")
        return None


def _validate(args: argparse.Namespace) -> int:
    from collections import Counter
    from functools import partial

    from .rules import Rule, RuleError

    try:
        rule = None if args.rule is None else Rule.get(args.rule)
    except RuleError as error:
        _say("validate", str(error))
        return EXIT_USAGE
    if not _jobs_fit("validate", args):
        return EXIT_USAGE
    from .parallel import listing

    jobs = _processes(args.jobs)
    reader = _load(args)
    files = listing(reader)[0]  # databases and archives in parts, each read by the filters
    work = partial(_validate_one, rule=rule, strict_names=args.strict_names, max_size=args.max_size)
    totals: Counter[str] = Counter(errors=len(reader.errors))  # what the walk could not read
    checks: Counter[str] = Counter()
    out = sys.stdout

    def write(item: dict[str, Any]) -> None:
        """One finding or load error, as the options say."""
        if args.json:
            out.write(_json(dict(item, message=clip(item["message"]))) + "\n")
        elif item["check"] == "load":
            _say("validate", f"{locator(item['source'], item['round'], item['event'])}: {item['message']}")
        else:
            out.write(printable(f"{locator(item['source'], item['round'], item['event'])}: "
                                f"{item['check']}: {clip(item['message'])}") + "\n")

    stack = contextlib.ExitStack()
    client = None
    if args.scheduler is not None or args.dask:
        client = _dask_client("validate", args, stack)
        if client is None:
            return EXIT_USAGE
    for load_error in reader.errors:
        write(load_error.to_json())
    bar = _Bar(sys.stderr, len(files))
    processes = 1 if client else min(jobs, len(files))  # no idle worker
    with stack, _workers(processes, bar) as workers:
        if client:  # on a Dask cluster
            from .dask import reports as on_cluster

            reports = on_cluster(files, client, rule, args.strict_names, args.max_size)
        else:
            reports = workers.each(work, files)
        for report in reports:
            totals.update(games=report.games, rounds=report.rounds, valid=report.valid,
                          findings=len(report.findings), errors=len(report.errors),
                          engine_errors=len(report.engine_errors), loose=report.loose)
            for item in report.findings:
                checks[item["check"]] += 1
            for item in report.findings + report.errors:
                write(item)
            for failure in report.engine_errors:
                if args.json:
                    out.write(_json({"source": failure["source"], "check": "engine",
                                     "message": clip(failure["error"])}) + "\n")
                _say("validate", f"{failure['source']}: engine error (a bug of paipu's, not of the log): "
                     f"{clip(failure['error'])}" + ("" if args.debug else " (--debug shows where)"))
                if args.debug:
                    print(failure["traceback"], file=sys.stderr, end="")
            bar.advance(totals["games"])
    summary = {key: totals[key] for key in ("games", "rounds", "valid", "findings", "errors", "engine_errors",
                                            "loose")}
    if args.json:
        out.write(_json({"summary": summary}) + "\n")
    else:
        out.write(f"{summary['games']} games, {summary['rounds']} rounds: {summary['valid']} valid, "
                  f"{summary['findings']} findings, {summary['errors']} load errors"
                  + (f", {summary['engine_errors']} engine errors" if summary["engine_errors"] else "") + "\n")
        if summary["loose"]:
            out.write(f"  {summary['loose']} game(s) checked loosely: their log leaves part of the rule open "
                      "(a Tenhou log's date: its final points; an mjai log without kyoku_first: its length), "
                      "and every value it allows was accepted; see docs/tenhou-rules.md, docs/formats.md#mjai\n")
        for check, count in sorted(checks.items(), key=lambda item: (-item[1], item[0])):
            out.write(f"  {count:6d}  {check}\n")
    if summary["engine_errors"]:
        return EXIT_ENGINE_ERRORS
    if summary["errors"] or _no_games("validate", summary["games"], summary["errors"], args):
        return EXIT_LOAD_ERRORS
    return EXIT_FINDINGS if summary["findings"] else EXIT_OK


def _validate_one(file: File, rule: RuleSpec | None, strict_names: bool, max_size: int) -> FileReport:
    from .validation import validate_file

    return validate_file(file[0], file[1], rule, strict_names, max_size)


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


def _simulate(args: argparse.Namespace) -> int:
    from functools import partial

    from .rules import Rule, RuleError
    from .simulate import PLAYERS
    from .simulate.batch import file_name, paipu_bytes, refusal

    names = args.players.split(",")
    names = names * 4 if len(names) == 1 else names
    unknown = [name for name in names if name not in PLAYERS]
    if len(names) != 4 or unknown:
        _say("simulate", f"--players takes one player or four, of {', '.join(PLAYERS)}"
             + (f" (not {', '.join(unknown)})" if unknown else f" (not {len(names)})"))
        return EXIT_USAGE
    if args.games < 0 or args.jobs < 0:
        _say("simulate", "--games and --jobs take 0 or more")
        return EXIT_USAGE
    try:
        rule = Rule.get(args.rule)
    except RuleError as error:
        _say("simulate", str(error))
        return EXIT_USAGE
    if rule.players != 4:
        _say("simulate", f"the simulator plays four-player rules, not a rule for {rule.players} players")
        return EXIT_USAGE
    folder = _folder("simulate", args.output)
    if folder is None:
        return EXIT_USAGE
    refused = refusal(folder, args.games, args.force)
    if refused is not None:
        _say("simulate", refused)
        return EXIT_USAGE
    jobs = min(_processes(args.jobs), max(args.games, 1))
    work = partial(paipu_bytes, seed=args.seed, players=tuple(names), rule=rule)
    bar = _Bar(sys.stderr, args.games)
    with _workers(jobs, bar) as workers:
        for index, data in enumerate(workers.each(work, range(args.games), most=8)):
            write_whole(folder / file_name(index, args.games), data)
            bar.advance(index + 1)
    print(f"{args.games} games of {', '.join(names)} (seed {args.seed}) written to {folder}")
    return EXIT_OK


def _wind_arg(text: str) -> int | str:
    """A wind as the command line gives it: 0-3 as the number, a letter or kanji as it is."""
    return int(text) if text in ("0", "1", "2", "3") else text


def _score(args: argparse.Namespace) -> int:
    from .rules import RuleError
    from .scoring import score
    from .tiles import NotationError

    refusal = (
        "no hand given" if not args.hand.strip()
        else "--ron takes a tile, not ''" if args.ron is not None and not args.ron.strip()
        else "--ura needs --riichi or --double-riichi: ura dora count only for a riichi hand"
        if args.ura and not (args.riichi or args.double_riichi)
        else "--north needs --players 3: North is set aside (北抜き) only with three players"
        if args.north and args.players != 3
        else None)
    if refusal is not None:
        _say("score", refusal)
        return EXIT_USAGE
    ron = args.ron
    if ron is not None and ron[-1:] not in ("+", "=", "-"):
        ron += "-"  # a ron from the previous player (上家) unless the mark says otherwise
    dealer = args.seat_wind in (0, "E", "e", "東")
    hand = args.hand + ",b" * args.north  # North tiles set aside (三麻) are written b
    try:
        result = score(
            hand, ron, rule=args.rule, players=args.players,
            round_wind=args.round_wind, seat_wind=args.seat_wind,
            riichi=2 if args.double_riichi else int(args.riichi), ippatsu=args.ippatsu,
            haitei=(2 if ron else 1) if args.last_tile else 0, rinshan=args.rinshan, chankan=args.chankan,
            tenhou=(1 if dealer else 2) if args.first_draw else 0,
            dora_indicators=tuple(args.dora), ura_indicators=tuple(args.ura) if args.ura else None,
            honba=args.honba, riichi_sticks=args.sticks,
        )
    except (NotationError, RuleError, ValueError) as error:
        _say("score", str(error))
        return EXIT_USAGE
    if args.json:
        data = result.to_json() if result else {"win": False, "reason": str(result)}
        sys.stdout.write(_json(data, orjson.OPT_INDENT_2) + "\n")
    else:
        print(result if result else f"not a win: {result}")
    return EXIT_OK if result else EXIT_FINDINGS


_SIZE = re.compile(r"(\d{1,15})\s*([KMGT]?)(?:i?B)?", re.IGNORECASE)


def _size_arg(text: str) -> int:
    """A number of bytes as ``--max-size`` takes it: ``1000``, ``64K``, ``256M``, ``1G``,
    ``2GiB`` (K, M, G, T are powers of 1024)."""
    match = _SIZE.fullmatch(text.strip())
    if match is None or int(match[1]) == 0:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 256M, 1G, 500000)")
    return int(match[1]) << (10 * " KMGT".index(match[2].upper() or " "))


def _add_cluster(command: argparse.ArgumentParser) -> None:
    """--scheduler ADDRESS and --dask: the work done on a Dask cluster (docs/dask.md)."""
    where = command.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="work on the Dask cluster of the scheduler at ADDRESS (tcp://host:8786; "
                       "needs paipu[dask], and the logs at the same paths on every worker): same output as one process")
    where.add_argument("--dask", action="store_true",
                       help="work on a local Dask cluster of one worker process per core (needs paipu[dask])")


def _date_arg(text: str) -> str:
    """A day as ``--since`` and ``--until`` take it: ``2024-01-31``."""
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError(text)
        datetime.date.fromisoformat(text)  # a month 13 or a 31 February is no day
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a day written YYYY-MM-DD: {text!r}") from None
    return text


def _count_arg(text: str) -> int:
    """A number of games, 0 or more (``--limit``)."""
    if not (text.isdecimal() and text.isascii() and len(text) <= 18):
        raise argparse.ArgumentTypeError(f"not a number of games: {text!r}")
    return int(text)


def _presets(players: int | None = None) -> str:
    """The names of the rule presets (of ``players``), as ``--rule``'s help lists them."""
    return ", ".join(name for name, rule in PRESETS.items() if players in (None, rule.players))


def _add_paths(command: argparse.ArgumentParser) -> None:
    """The arguments every command that reads logs shares: the paths, --no-recursive,
    --max-size and the filters of databases and archives."""
    command.add_argument("paths", nargs="+", metavar="PATH[#N]",
                         help="a log file, its format known by its content: 電脳麻将 .json, Tenhou .mjlog/.xml, "
                         "tenhou.net/6 .json, a Mahjong Soul record .json or mjai .jsonl/.json/.mjson, plain or gzip (.gz); "
                         "a directory "
                         "(its files of those endings), or FILE#N for game N of a file; a database of "
                         "phoenix-logs or houou-logs (SQLite .db), or an archive (.zip, .tar, .tar.gz, .tar.bz2, "
                         ".tar.xz) of log files, and DB#ID for its row ID, ARCHIVE#MEMBER for its member")
    command.add_argument("--no-recursive", action="store_true", help="do not descend into subdirectories")
    command.add_argument("--max-size", type=_size_arg, default=MAX_SIZE, metavar="SIZE",
                         help="read no file (database row, archive member) larger than SIZE, nor one that "
                         "inflates (gzip, bzip2, zip) to more: a load error instead (default 256M; K, M, G: "
                         "KiB, MiB, GiB)")
    chosen = command.add_argument_group("choosing the games of databases (read from their columns, before the logs)")
    chosen.add_argument("--players", type=int, choices=(3, 4), help="only games of 3 (三麻) or 4 players")
    chosen.add_argument("--length", choices=("east", "south"),
                        help="only East-only games (東風戦: east) or East-South games (東南戦: south)")
    chosen.add_argument("--since", type=_date_arg, metavar="YYYY-MM-DD", help="only games played on that day or later")
    chosen.add_argument("--until", type=_date_arg, metavar="YYYY-MM-DD",
                        help="only games played on that day or earlier")
    chosen.add_argument("--limit", type=_count_arg, metavar="N",
                        help="at most N rows of each database (members of each archive), the first in its order "
                        "(a database's: by id)")


class _Version(argparse.Action):
    """``--version``: paipu's version and which build runs, compiled or interpreted
    (:func:`paipu.build.kind`, which loads the engine to tell: only when asked)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"paipu {__version__} ({build.kind()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``paipu`` command and its subcommands."""
    parser = _Parser(
        prog="paipu",
        description="Load, replay, validate and analyse Riichi mahjong game logs (牌譜).",
    )
    parser.add_argument("--version", action=_Version, help="show the version and which build runs, and exit")
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
        help="convert games (電脳麻将 JSON, Tenhou mjlog, tenhou.net/6 JSON or mjai) to 電脳麻将 paipu JSON, "
        "mjai or tenhou.net/6 JSON",
        description="Write every game read (電脳麻将 JSON, Tenhou mjlog, tenhou.net/6 JSON or mjai: see PATH) "
        "as 電脳麻将 paipu JSON, as @kobalab/tenhou-log converts "
        "Tenhou logs: to standard output as one JSON array, or with -o one file per game "
        "into a directory (named after the source file: NAME.json, NAME.N.json for game N>0 "
        "of a file). With --to mjai, as mjai JSON lines (NAME.jsonl; one game per file, so one "
        "game only on standard output); with --to tenhou6, as tenhou.net/6 JSON (NAME.json, one game per file), "
        "the input of mjai-reviewer. An incomplete game is converted as it is and named on standard error. "
        "Each game written is read back as paipu reads that format: a game that would not read back as the "
        "same game (one paipu reads from a lenient format but refuses in the other, e.g. a ron on one's own "
        "discard written as mjai) is not written, and named with the reason on standard error; the others are.",
        epilog="Exit codes: 0 converted; 2 bad usage, or a file or game that could not be read or written "
        "(a file that exists is not overwritten without --force; a game that would not read back as itself).",
    )
    _add_paths(convert)
    convert.add_argument("--to", choices=tuple(WRITERS), default="majiang",
                         help="the output format: majiang (電脳麻将 paipu JSON, the default), mjai "
                         "(JSON lines for Mortal and mjai-reviewer; four-player games, one game per file, "
                         "named .jsonl: several need -o DIR) or tenhou6 (tenhou.net/6 JSON for mjai-reviewer "
                         "and Tenhou's viewer; three or four players, one game per file, named .json: several "
                         "need -o DIR)")
    convert.add_argument("-o", "--output", metavar="DIR",
                         help="write one file per game into DIR (created if needed; not inside a folder read)")
    convert.add_argument("--force", action="store_true",
                         help="with -o, overwrite files that exist (never a file read)")
    convert.set_defaults(run=_convert)

    score = commands.add_parser(
        "score",
        help="score a winning hand: yaku, fu, han, value and payments",
        description="Score a winning hand written in 電脳麻将 notation, e.g. m123456p2378s05p9 "
        "(a tsumo: the drawn tile last) or m123456p2378s05 with --ron p9. Prints the yaku with "
        "their han, the fu and what they are made of, the limit, the value and each seat's "
        "payment (seats from the dealer: East, South, West, North; three seats with --players 3).",
        epilog="Exit codes: 0 a win; 1 not a win (incomplete hand, or no yaku); 2 bad notation or usage, "
        "or a situation that cannot happen (e.g. --ippatsu or --ura without --riichi, --north without --players 3, "
        "--rinshan with --ron, --chankan with --last-tile).",
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
    score.add_argument("--round-wind", default="E", type=_wind_arg, metavar="W",
                       help="round wind: E, S, W or N, or 0-3 (default E)")
    score.add_argument("--seat-wind", default="E", type=_wind_arg, metavar="W",
                       help="the winner's seat wind: E (the dealer), S, W or N, or 0-3 (0 the dealer; default E)")
    score.add_argument("--honba", type=int, default=0, metavar="N", help="honba (本場)")
    score.add_argument("--sticks", type=int, default=0, metavar="N", help="riichi sticks on the table (供託)")
    score.add_argument("--players", type=int, choices=(3, 4), default=4,
                       help="players at the table: 4, or 3 (三麻: no 2m-8m, 北抜き, three payers' seats)")
    score.add_argument("--north", type=_north_arg, default=0, metavar="N",
                       help="North tiles the winner set aside (北抜き, with --players 3): N more dora")
    score.add_argument("--rule", default=None, metavar="R",
                       help=f"a preset ({_presets()}) or a JSON file of 電脳麻将 rule keys "
                       "(default majiang, or tenhou-sanma with --players 3)")
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
        "3 engine errors (a bug of paipu's: please report it with --debug's traceback); 4 a worker process "
        "of --jobs died (e.g. out of memory: fewer --jobs); 130 interrupted.",
    )
    _add_paths(validate)
    validate.add_argument("--rule", metavar="R",
                          help=f"a preset ({_presets()}) or a JSON file of 電脳麻将 rule "
                          "keys; default: the rule a paipu carries, else tenhou (tenhou-sanma for three players) for a "
                          "Tenhou game (of its room and date), majsoul (majsoul-sanma) for a Mahjong Soul ranked game "
                          "(of its room), else majiang (tenhou-sanma for three players)")
    validate.add_argument("--debug", action="store_true",
                          help="print the traceback of each engine error (an exception inside paipu)")
    validate.add_argument("--json", action="store_true",
                          help="one JSON object per finding or load error per line (keys source, round, event, "
                          "check, expected, logged, message), then {\"summary\": {...}}")
    validate.add_argument("--jobs", type=int, default=1, metavar="N",
                          help="validate files in N processes, 0 for one per core, never more than the cores "
                          "(same output as one; not with a Dask cluster)")
    _add_cluster(validate)
    validate.add_argument("--strict-names", action="store_true",
                          help="also report yaku and draw names spelled differently from the 電脳麻将 engine, "
                          "and final points written differently (45 for 45.0)")
    validate.set_defaults(run=_validate)

    view = commands.add_parser(
        "view",
        help="write a game as an HTML page that steps through it",
        description="Write one game as a page of its own that steps through it (offline, no kernel): "
        "the table at every event, what the rules expected beside what the log says, and every "
        "finding of validate where it is reported. Keys: left/right a step, PgUp/PgDn a round, "
        "Home/End, n/p the next/previous finding, 1-4 whose viewpoint, h hide the other hands, "
        "d danger against riichi, space play. PAGE.html#r5 opens at round 5 (as --round 5), "
        "#r5e30 at its event 30, #end at the end.",
        epilog="Exit codes: 0 written; 2 bad usage, paths of no game or of several (name one as FILE#N), "
        "a game that could not be read, a page that could not be written, or -o naming a file read.",
    )
    _add_paths(view)
    view.add_argument("-o", "--output", metavar="FILE", help="write the page to FILE instead of standard output "
                      "(whole or not at all; never a file read)")
    view.add_argument("--rule", type=_rule_arg, metavar="R", help="the rule to check the game under, as for validate")
    view.add_argument("--round", type=int, metavar="N", help="show round N (0-based) first, as the page's #rN does")
    view.add_argument("--seat", type=int, metavar="P", help="draw the table from player P's viewpoint (0-based)")
    view.set_defaults(run=_view)

    simulate = commands.add_parser(
        "simulate",
        help="self-play: simulate whole games and write them as 電脳麻将 paipu JSON",
        description="Play N whole games between four simulated players on paipu's own engine, from "
        "a seeded wall, and write each as 電脳麻将 paipu JSON (with its rule) into DIR: 0.json, "
        "1.json... The same seed writes the same bytes, whatever --jobs. Players: efficiency "
        "(lowest shanten, most improving tiles; no calls), efficiency+calls (also pons its value "
        "honours), betaori (folds against riichi: the tile of lowest danger), betaori-push (pushes "
        "a little: never a 無スジ tile), random (any legal choice).",
        epilog="Exit codes: 0 written; 2 bad usage, files that exist (without --force), or logs in DIR that are "
        "not files of this run (another run's: paipu stats DIR would count them too); 4 a worker process of "
        "--jobs died (e.g. out of memory: fewer --jobs).",
    )
    simulate.add_argument("--games", type=int, default=1, metavar="N", help="how many games (default 1)")
    simulate.add_argument("--players", default="efficiency", metavar="P[,P,P,P]",
                          help="one player for all four seats, or four by player id (default efficiency)")
    simulate.add_argument("--seed", default="0", metavar="S", help="the seed of the run (any text; default 0)")
    simulate.add_argument("--rule", default="majiang", metavar="R",
                          help=f"a four-player preset ({_presets(4)}) or a JSON file of 電脳麻将 rule keys "
                          "(default majiang)")
    simulate.add_argument("--jobs", type=int, default=1, metavar="N",
                          help="play in N processes, 0 for one per core (same output as one)")
    simulate.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write the games into")
    simulate.add_argument("--force", action="store_true", help="overwrite files that exist")
    simulate.set_defaults(run=_simulate)

    stats = commands.add_parser(
        "stats",
        help="player statistics: ranks, win, deal-in, riichi and call rates...",
        description="Per-player statistics of the games: a table of the headline numbers, or\n"
        "every statistic as CSV or JSON (definitions: paipu.stats, docs/stats.md).",
        epilog=_STATS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_paths(stats)
    stats.add_argument("--player", metavar="NAME", help="only this player (exact name, without what follows a newline)")
    stats.add_argument("--format", choices=("table", "csv", "json"), default="table",
                       help="table (default): the headline numbers; csv, json: every statistic")
    stats.add_argument("--double-ron", choices=("once", "each"), default="once",
                       help="a double ron is one deal-in for the discarder (once, default) or one per winner (each)")
    stats.add_argument("--engine", action="store_true",
                       help="follow every hand too, for the statistics that need the hands (slower)")
    stats.add_argument("--by", choices=("month", "year", "room", "length", "dan", "platform"),
                       help="one summary per month, year, room, length (east, south), the player's rank (dan) in "
                       "the game or platform: games whose log does not state it are left out")
    stats.add_argument("--last", type=_count_arg, metavar="N",
                       help="each player's last N games (by date, then in the order read), after --since/--until")
    stats.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output "
                      "(whole or not at all; never a file read)")
    stats.add_argument("--defence", action="store_true",
                       help="the defence against riichi instead: deal-ins per danger class of the discards facing "
                       "riichi (three-player games apart); with --player, that player's, their defence rates and "
                       "push or fold by shanten, threat and placement in the last round (docs/stats.md)")
    stats.add_argument("--against", choices=("each", "highest"), default="each",  # paipu.defence.AGAINST
                       help="with --defence: rate a discard facing two riichi against each (default) or once, by "
                       "its highest danger over them (highest: the seed's fold rule; a deal-in if any ronned)")
    stats.add_argument("--without-chasing", action="store_true",
                       help="with --defence: leave out the declaration tiles of chasing riichi (追っかけリーチ)")
    stats.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="read the files in N processes, 0 for one per core, never more than the cores "
                       "(same output as one; not with a Dask cluster)")
    _add_cluster(stats)
    stats.set_defaults(run=_stats)

    report = commands.add_parser(
        "report",
        help="a player's report: one offline HTML page of their tendencies against the field",
        description="Write one offline page of a player's tendencies against the field of the games read "
        "(docs/report.md): the profile with 95%% intervals, trends over time, push or fold facing riichi by "
        "shanten, the danger of the discards facing riichi, wins, and every deal-in and big loss with a link "
        "into the viewer at that step. The viewer pages of the games linked are written into the folder "
        "beside the page named after it (report_files/ for report.html).",
        epilog="Exit codes: 0 written; 2 bad usage, paths of no game, a file or game that could not be read (the "
        "others reported), a player of no game read (the closest names said), a page that could not be written, "
        "or -o naming a file read; 130 interrupted.",
    )
    _add_paths(report)
    report.add_argument("--player", required=True, metavar="NAME",
                        help="the player (exact name, without what follows a newline)")
    report.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="the page to write (whole or not at all; never a file read); the viewer pages go into "
                        "FILE's name with _files instead of its ending")
    report.add_argument("--rule", type=_rule_arg, metavar="R",
                        help="the rule to replay the player's games under, as for validate (default: each game's own)")
    report.add_argument("--big-loss", type=int, default=BIG_LOSS, metavar="POINTS",
                        help=f"a round the player lost POINTS or more in is listed with the deal-ins (default {BIG_LOSS})")
    report.add_argument("--last", type=_count_arg, metavar="N",
                        help="only the player's last N games (by date, then in the order read), after --since/--until")
    report.set_defaults(run=_report)

    decisions = commands.add_parser(
        "decisions",
        help="every decision of every game as a table: the legal options, the choice, the state",
        description="One row per decision of a seat (after each draw or call, and on each discard or added\n"
        "kan another seat could win on or call): the legal options, the choice made, the state before\n"
        "it and the round's outcome; and one row per discard tile of each turn (shanten, ukeire,\n"
        "danger). Columns: docs/decisions.md.",
        epilog="Writes OUTPUT (the decisions) and OUTPUT's name with .discards before its ending (the "
        "discard options); on a Dask cluster, Parquet as a dataset: OUTPUT/decisions/part.NNNNN.parquet and "
        "OUTPUT/discards/part.NNNNN.parquet. Exit codes: 0 done; 2 load errors (the other games written) or bad "
        "usage; 3 engine errors (the game left out, named); 4 a worker process of --jobs died; 130 interrupted.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_paths(decisions)
    decisions.add_argument("-o", "--output", metavar="OUTPUT", required=True,
                           help="the file to write (whole or not at all; never a file read)")
    decisions.add_argument("--format", choices=("parquet", "csv"), default="parquet",
                           help="parquet (default; pyarrow types) or csv (lists as items separated by spaces)")
    decisions.add_argument("--rule", type=_rule_arg, metavar="R",
                           help="the rule to replay under, as for validate (default: each game's own)")
    decisions.add_argument("--jobs", type=int, default=1, metavar="N",
                           help="read the files in N processes, 0 for one per core, never more than the cores "
                           "(same output as one; not with a Dask cluster)")
    _add_cluster(decisions)
    decisions.set_defaults(run=_decisions)
    return parser


class _ClosedOutput:
    """Standard output when the command was started with it closed (``>&-``): every
    write fails, as a write to a full disk does, so the command ends saying so."""

    encoding, errors = "utf-8", "strict"

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, "it is closed", "standard output")

    buffer = property(lambda self: self)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "it is closed", "standard output")


def _closed_streams() -> None:
    """Standard output or error closed when the command started: its file descriptor
    held by ``/dev/null`` (so no file opened later takes its number), standard error's
    lines dropped (never sent to standard output) and standard output's writes failing
    (:class:`_ClosedOutput`)."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)  # open again since, by a file of another's: left to it
        except OSError:
            null = os.open(os.devnull, os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        setattr(sys, name, _ClosedOutput() if fd == 1 else open(os.devnull, "w", encoding="utf-8"))


def _paths_fit(command: str, args: argparse.Namespace) -> bool:
    """Whether the paths and ``-o`` name something: an empty one (which Python reads as
    the current folder) and a symbolic link loop are said to be what they are."""
    output = getattr(args, "output", None)
    for path in [*getattr(args, "paths", ()), *([] if output is None else [output])]:
        if path == "":
            _say(command, "an empty path names nothing (write . for the current folder)")
            return False
        if os.path.islink(path):
            try:
                os.stat(path)
            except OSError as error:
                if error.errno == errno.ELOOP:
                    _say(command, f"{path}: a symbolic link loop")
                    return False
    return True


def _one_blas_thread() -> None:
    """numpy's linear algebra (OpenBLAS) in one thread, unless ``OPENBLAS_NUM_THREADS``
    says otherwise: paipu multiplies no matrices, and the threads OpenBLAS starts as numpy
    loads wait for work by spinning (3.5% of the CPU time of ``paipu stats`` on two cores,
    by ``perf``). Only while numpy is not loaded (it reads the setting then): the command's
    own process, and the worker processes it starts, which inherit it."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    _closed_streams()
    _one_blas_thread()
    command = ""  # not known before the arguments are read
    try:
        args = build_parser().parse_args(argv)
        command = args.command
        if not _paths_fit(command, args):
            return EXIT_USAGE
        code: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not at exit
        return code
    except FileNotFoundError as error:
        _say(command, str(error))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _say(command, "interrupted")
        return EXIT_INTERRUPTED
    except WorkerDied as error:
        _say(command, f"{error}, so the work is unfinished: if memory ran out, use fewer --jobs "
             "(--jobs 1 works in one process)")
        return EXIT_WORKER_DIED
    except OSError as error:
        _drop_output()
        if error.errno == errno.EPIPE:
            return EXIT_BROKEN_PIPE  # e.g. `paipu show ... | head`: the reader has all it wants
        return _cannot_write(command, error)


def _drop_output() -> None:
    """Standard output sent to nowhere, after it failed: what is still buffered must not
    fail again, with a traceback, when Python exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no standard output at all
        pass


if __name__ == "__main__":
    sys.exit(main())
