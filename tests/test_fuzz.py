"""Corrupted real games, many of them: every one is either refused with a
:class:`FormatError` or validated to the end, never a crash of the engine.

Each mutant is a real corpus game with one to three random corruptions of the kinds a
broken converter or a hand edit makes (an event deleted, doubled or moved, a tile, seat,
meld or number changed, a round dropped). The seeds are fixed: a failure names the seed
and mutant, and reruns the same.

The files of :func:`test_corrupted_files_beside_good_ones` are corrupted byte by byte
instead, as a disk, a transfer or a hostile hand does (bytes changed, cut, doubled, bytes
that are not UTF-8, absurd numbers, deep nesting, control characters, a gzip cut short),
in all three formats, and go through the loader and ``paipu validate`` as a user's folder
does: no traceback, a bounded time, every good game beside them validated.
"""

from __future__ import annotations

import copy
import gzip
import io
import random
import re
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import orjson
import pytest

from conftest import CORPORA, corpus, read_json
from paipu import cli
from paipu.formats import FormatError
from paipu.formats.majiang import game_from_json
from paipu.formats.tenhou_json import game_from_tenhou_json, parse
from paipu.formats.tenhou_xml import game_from_mjlog
from paipu.validation import validate_file, validate_game

_TILES = [suit + str(digit) for suit in "mps" for digit in range(10)] + [f"z{digit}" for digit in range(1, 8)]
_GAMES = 20


def _corrupt(raw: dict, rng: random.Random) -> None:
    log = raw["log"]
    index = rng.randrange(len(log))
    events = log[index]
    position = rng.randrange(1, len(events))
    key = next(iter(events[position]))
    payload = events[position][key]
    kind = rng.randrange(7)
    if kind == 0:
        del events[position]
    elif kind == 1:
        events.insert(position, copy.deepcopy(events[position]))
    elif kind == 2:
        other = rng.randrange(1, len(events))
        events[position], events[other] = events[other], events[position]
    elif kind == 3 and "p" in payload:
        payload["p"] = rng.choice(_TILES) + rng.choice(["", "", "_", "*", "_*"])
    elif kind == 4 and "l" in payload:
        payload["l"] = rng.randrange(4)
    elif kind == 5 and "m" in payload:
        payload["m"] = payload["m"][:-1] + rng.choice("-=+0123456789")
    elif kind == 6:
        end = events[-1]
        if "hule" in end:
            end["hule"][rng.choice(["fu", "fanshu", "defen"])] = rng.randrange(20000)
        elif len(log) > 1:
            del log[index]


def _refused_or_validated(mutants, read, least: int = 50, noticed: float = 0.8) -> None:
    """Each mutant (its source name and data) read with ``read``: refused with a
    :class:`FormatError`, or validated without raising; at least ``least`` load, and the
    engine notices at least the share ``noticed`` of those (not all: a swap of two like
    events, or a tile id moved to another copy of the same tile, changes nothing)."""
    validated = with_findings = 0
    for source, data in mutants:
        try:
            game = read(data, source=source)
        except FormatError:
            continue
        validated += 1
        with_findings += bool(validate_game(game))  # under the rule chosen for the game, 三麻 or not
    assert validated >= least and with_findings >= noticed * validated


@pytest.mark.parametrize("seed", range(3))
def test_corrupted_paipu_are_refused_or_validated(seed):
    folder = corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls")
    _refused_or_validated(_paipu_mutants([read_json(path) for path in sorted(folder.glob("*.json.gz"))[:_GAMES]],
                                         seed), game_from_json)


def test_corrupted_three_player_paipu_are_refused_or_validated():
    """The two three-player games (三麻) converted to 電脳麻将 JSON, corrupted the same way."""
    folder = corpus("majiang", "mahjonglm")
    games = [read_json(folder / name) for name in ("2014091101gm-00b9-0000-5ca6b487.json",
                                                  "2023010100gm-00f1-0000-caffca62.json")]
    _refused_or_validated(_paipu_mutants(games, 5), game_from_json)


def _paipu_mutants(games: list[dict], seed: int):
    """100 seeded mutants of ``games`` with one to three corruptions each (:func:`_corrupt`)."""
    rng = random.Random(seed)

    def mutants():
        for number in range(100):
            mutant = copy.deepcopy(rng.choice(games))
            for _ in range(rng.randrange(1, 4)):
                _corrupt(mutant, rng)
            yield f"seed {seed} mutant #{number}", mutant

    return mutants()


def _mjlogs(pattern: str) -> list[str]:
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    return [gzip.decompress(path.read_bytes()).decode() for path in sorted(folder.glob(pattern))[:_GAMES]]


@pytest.mark.parametrize("seed", range(2))
def test_corrupted_mjlogs_are_refused_or_validated(seed):
    _refused_or_validated(_mjlog_mutants(_mjlogs("*.mjlog"), seed), game_from_mjlog)


def test_corrupted_three_player_mjlogs_are_refused_or_validated():
    """The same corruptions of three-player games (三麻, 北抜き among the tags): refused, or
    validated under Tenhou's three-player rules and noticed."""
    _refused_or_validated(_mjlog_mutants(_mjlogs("*-00b9-*.mjlog"), 7), game_from_mjlog)


def _mjlog_mutants(logs: list[str], seed: int):
    """100 seeded mutants of ``logs``: one or two tags deleted, doubled, swapped or with a
    number shifted."""
    rng = random.Random(seed)

    def mutants():
        for number in range(100):
            tags = re.findall(r"<[^>]*>", rng.choice(logs))
            for _ in range(rng.randrange(1, 3)):
                at = rng.randrange(2, len(tags) - 1)
                kind = rng.randrange(4)
                if kind == 0:
                    del tags[at]
                elif kind == 1:
                    tags.insert(at, tags[at])
                elif kind == 2:  # a number in the tag shifted: another tile, seat or score
                    tags[at] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.choice([-1, 1, 4])), tags[at], count=1)
                else:
                    other = rng.randrange(2, len(tags) - 1)
                    tags[at], tags[other] = tags[other], tags[at]
            yield f"seed {seed} mutant #{number}", "".join(tags).encode()

    return mutants()


@pytest.mark.parametrize("seed", range(2))
def test_corrupted_tenhou_json_is_refused_or_validated(seed):
    """Most of these are refused: a take or discard changed leaves no legal order of play.
    Of those that load, fewer are noticed: a take or discard changed that still replays
    legally changes nothing else the log states (its deltas only)."""
    logs = [parse(path.read_bytes()) for path in sorted(corpus("tenhou-json", "mjx-tests").iterdir())]
    _refused_or_validated(_tenhou_json_mutants(logs, seed, 300), game_from_tenhou_json, least=30, noticed=0.25)


def test_corrupted_three_player_tenhou_json_is_refused_or_validated():
    logs = [parse(path.read_bytes()) for path in sorted(corpus("tenhou-json", "sanma-engine").iterdir())]
    _refused_or_validated(_tenhou_json_mutants(logs, 3, 400), game_from_tenhou_json, least=50, noticed=0.25)


def _tenhou_json_mutants(logs: list[dict], seed: int, count: int):
    """``count`` seeded mutants of tenhou.net/6 ``logs``: one or two items of a round
    deleted, doubled, shifted or replaced."""
    rng = random.Random(seed)

    def mutants():
        for number in range(count):
            mutant = copy.deepcopy(rng.choice(logs))
            round_ = rng.choice(mutant["log"])
            for _ in range(rng.randrange(1, 3)):
                item = round_[rng.randrange(len(round_))]
                if isinstance(item, list) and item:
                    at = rng.randrange(len(item))
                    kind = rng.randrange(4)
                    if kind == 0:
                        del item[at]
                    elif kind == 1:
                        item.insert(at, item[at])
                    elif kind == 2 and type(item[at]) is int:
                        item[at] += rng.choice([-1, 1, 4, 10])
                    else:
                        item[at] = rng.choice([60, "r11", "c121314", "p121212", 0, None, "x"])
            yield f"seed {seed} mutant #{number}", mutant

    return mutants()


SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"

_SPLICES = [b"\xff", b"\xc3", b"\x00", b"\x1b[2J", b"99999999999999999999999", b"-1e999", b"NaN", b'"nan"',
            b"[" * 3000, b"{" * 3000, b"<" * 50, b"\n", b'"\\ud800"', b"18446744073709551616", b"</mjloggm>"]
"""Bytes a hostile or broken file holds: not UTF-8, terminal escapes, numbers beyond 64
bits or infinite, nesting deeper than any parser's limit, a document ended early."""


def _mutant(data: bytes, rng: random.Random) -> bytes:
    """``data`` with one to three corruptions at the byte level."""
    data = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(data))
        kind = rng.randrange(5)
        if kind == 0:
            data[at] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(_SPLICES)
        elif kind == 2:
            del data[at:at + rng.randrange(1, 200)]
        elif kind == 3:
            data[at:at] = data[at:at + rng.randrange(1, 200)]
        else:
            del data[at:]
            data += b"x"  # never empty
    return bytes(data)


def _sources() -> list[tuple[str, bytes]]:
    """Good files of each format, uncompressed: the sample paipu (always here) and the
    first of each corpus folder that is (mjlog, tenhou.net/6 JSON one round per line and
    one game object)."""
    files = [(path.name, path.read_bytes()) for path in sorted(SAMPLES.glob("*.json"))]
    for folder, pattern in (("tenhou-mjlog/mjx-tests", "*.mjlog"), ("tenhou-json/mjx-tests", "*.json"),
                            ("tenhou-json/mjai-reviewer-excerpts", "*.json"),
                            ("tenhou-as-majiang/mjx-tests", "*.json*")):
        for path in sorted((CORPORA / folder).glob(pattern))[:2]:
            data = path.read_bytes()
            files.append((path.name.replace("&", "_"), gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data))
    return files


@pytest.mark.parametrize("seed", range(3))
def test_corrupted_files_beside_good_ones(tmp_path, seed):
    rng = random.Random(seed)
    sources = _sources()
    good: dict[str, int] = {}  # file name: games in it
    for number, (name, data) in enumerate(sources):
        (tmp_path / f"good{number}_{name}").write_bytes(data)
        good[f"good{number}_{name}"] = 1
    for number in range(60):
        name, data = rng.choice(sources)
        mutant = _mutant(data, rng)
        if rng.random() < 0.3:  # compressed: mutated before, or the gzip itself after
            mutant = gzip.compress(mutant) if rng.random() < 0.5 else _mutant(gzip.compress(data), rng)
            name += ".gz"
        (tmp_path / f"mutant{number}_{name}").write_bytes(mutant)
    # One bad game between two good ones in one file: the two are read and validated.
    games = [orjson.loads((SAMPLES / "riichi_ron.json").read_bytes())] * 3
    middle = copy.deepcopy(games[1])
    middle["log"][0][-1]["hule"]["defen"] = 2**64 - 1
    (tmp_path / "good_array.json").write_bytes(orjson.dumps([games[0], middle, games[2]]))
    good["good_array.json"] = 2

    started = time.monotonic()
    for path in sorted(tmp_path.iterdir()):
        begun = time.monotonic()
        report = validate_file(str(path))  # never raises: load and engine errors are in the report
        assert time.monotonic() - begun < 30, f"seed {seed}: {path.name} took too long"
        assert not report.engine_errors, f"seed {seed}: {path.name}: {report.engine_errors[0]['traceback']}"
        if path.name in good:
            assert report.games == good[path.name], f"seed {seed}: {path.name}: {report.errors}"
            assert len(report.errors) == (path.name == "good_array.json"), f"seed {seed}: {path.name}"
        for error in report.errors:
            assert error["message"] and len(error["message"]) < 400 and error["source"].startswith(str(path))
    # And as a user runs it: one line per bad file or game, then the summary.
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["validate", "--jobs", "2", str(tmp_path)])
    assert code in (cli.EXIT_FINDINGS, cli.EXIT_LOAD_ERRORS) and "Traceback" not in err.getvalue()
    summary = next(line for line in out.getvalue().splitlines() if " games, " in line)
    assert int(summary.split()[0]) >= sum(good.values())
    assert time.monotonic() - started < 240


# -- one attribute or field of a Tenhou log changed ------------------------------------------

_VALUES = ("7", "-1", "3", "4", "0", "99999999", "99999999999999999999", "nan", "", "x", "1.5", "65536", "136")
"""What an attribute (or one of its comma-separated values) is changed to: seats beyond the
players, negative and huge numbers, what is no number."""

_PYTHON = re.compile(r"index out of range|invalid literal|unpack|not in list|object is not|could not convert|"
                     r"unhashable|NoneType|has no attribute")
"""What a message of Python's own says, never a reader's."""


def _attribute_mutants(text: str, rng: random.Random, count: int):
    """``count`` mutants of an mjlog, each one attribute of one tag removed, set to one of
    :data:`_VALUES`, or with one of its values changed or dropped, or one added."""
    tags = [m for m in re.finditer(r"<([A-Z]+) ([^>]*?)/?>", text) if m[1] != "SHUFFLE"]
    for _ in range(count):
        tag = rng.choice(tags)
        name, value = rng.choice(re.findall(r'(\w+)="([^"]*)"', tag[2]))
        parts = value.split(",")
        kind = rng.randrange(5)
        if kind == 0:
            changed = None
        elif kind == 1:
            changed = rng.choice(_VALUES)
        elif kind == 2:
            parts[rng.randrange(len(parts))] = rng.choice(_VALUES)
            changed = ",".join(parts)
        else:
            changed = ",".join(parts[:-1] if kind == 3 else parts + [rng.choice(_VALUES)])
        new = tag[0].replace(f' {name}="{value}"', "" if changed is None else f' {name}="{changed}"', 1)
        yield f"<{tag[1]} {name}> to {changed!r}", text[:tag.start()] + new + text[tag.end():]


def _field_mutants(log: dict, rng: random.Random, count: int):
    """``count`` mutants of a tenhou.net/6 game, each one field of its metadata or one
    item of a round's first five (numbers, scores, indicators, a deal) removed or replaced."""
    places = [(key,) for key in log if key != "log"] + [
        ("log", r, i) for r in range(len(log["log"])) for i in range(5)]
    for _ in range(count):
        mutant = copy.deepcopy(log)
        *path, last = rng.choice(places)
        parent = mutant
        for key in path:
            parent = parent[key]
        if rng.random() < 0.2:
            parent[last] = None if isinstance(parent, list) else parent.pop(last)
        else:
            item = parent[last]
            if isinstance(item, list) and item and rng.random() < 0.5:
                item.pop() if rng.random() < 0.5 else item.append(item[-1])
            else:
                parent[last] = rng.choice([7, -1, 3, 2**70, "x", "", [], {}, 1.5, True, [1, 2, 3],
                                           "三鳳南喰赤", "四鳳南喰赤", {"disp": "三鳳南喰赤"}, {"disp": "四般東"}])
        yield f"{'.'.join(map(str, (*path, last)))} changed", mutant


def _through_every_command(mutants, read) -> int:
    """Each mutant read with ``read``: refused with a :class:`FormatError` in the log's
    terms, or through everything the commands do without raising: validate, show,
    stats, convert (and the 電脳麻将 JSON written read back). How many loaded."""
    from paipu import stats
    from paipu.describe import describe
    from paipu.formats.majiang import game_to_json
    from paipu.formats.mjai import game_to_mjai

    loaded = 0
    for what, data in mutants:
        try:
            game = read(data)
        except FormatError as error:
            assert not _PYTHON.search(str(error)), f"{what}: {error}"
            continue
        loaded += 1
        validate_game(game)
        describe(game)
        stats.summary([game])
        game_from_json(orjson.loads(orjson.dumps(game_to_json(game))))
        if len(game.players) == 4:
            game_to_mjai(game)
    return loaded


def test_tenhou_logs_with_one_attribute_changed_are_refused_or_go_through_every_command():
    """An audit found a seat of 7, three rates for four players or a three-player GO type
    read into games that broke ``paipu show``, ``convert`` and the engine. Two mjlogs (four
    and three players) and two tenhou.net/6 games (the same), changed one value at a time."""
    rng = random.Random(11)
    four = corpus("tenhou-mjlog", "crazybbb", "test.mjlog").read_text()
    three = _mjlogs("*-00b9-*.mjlog")[0]
    loaded = sum(_through_every_command(_attribute_mutants(text, rng, 150), game_from_mjlog) for text in (four, three))
    assert loaded >= 30  # some changes leave a readable game: a dice roll, a rate, a han of a yaku
    logs = [parse(corpus("tenhou-json", *path).read_bytes()) for path in (
        ("mjai-reviewer-excerpts", "ranked_game.json"), ("sanma-engine", "2024010120gm-00b9-0000-e324b88a.json"))]
    loaded = sum(_through_every_command(_field_mutants(log, rng, 100), game_from_tenhou_json) for log in logs)
    assert loaded >= 20
