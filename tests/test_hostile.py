"""Hostile input (issue 14, point 3): every case gives one clear line naming the file,
game, round or event, and the documented exit code; never a traceback, a hang, or a good
game lost beside a bad one.

Each test writes its hostile file in ``tmp_path`` and runs the command as a user would
(a subprocess with a time limit), or the API where the case is about the API. What this
machine cannot do (an unreadable folder when running as root) is skipped with the
reason, and the same code path is also driven by a simulated failure.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from paipu import build, cli, load
from paipu.loader import MAX_SIZE
from paipu.parallel import Workers
from paipu.rules import Rule, RuleError
from paipu.scoring import Situation, score

from conftest import HAND_MADE

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
HAND = "m123456p234s34p99"
"""A closed hand waiting on s2 or s5 (平和 on a ron of s5)."""


def run(*args: str, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    """The command as a user runs it, with a time limit: a hang fails the test."""
    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True,
                          timeout=timeout, **kwargs)


def one_line(stderr: str) -> str:
    """The one line a command wrote on standard error, with no traceback."""
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def sample_game() -> dict:
    """A complete sample game as parsed JSON."""
    data = json.loads((SAMPLES / "tsumo.json").read_text(encoding="utf-8"))
    return copy.deepcopy(data[0] if isinstance(data, list) else data)


def write_game(path: Path, game: dict | list) -> Path:
    path.write_bytes(orjson.dumps(game))
    return path


def good_tree(root: Path) -> Path:
    """A folder of the three hand-made sample files (three games, four rounds)."""
    root.mkdir(parents=True, exist_ok=True)
    for sample in HAND_MADE:
        (root / sample.name).write_bytes(sample.read_bytes())
    return root


def gzip_bomb(inflated_mib: int) -> bytes:
    """Gzip data of about 1 KiB per MiB that inflates to ``inflated_mib`` MiB of zeros (one
    member repeated: made at once, where compressing that much would take seconds)."""
    member = gzip.compress(bytes(1 << 20), compresslevel=9)
    return member * inflated_mib


# -- folders: symbolic links, loops, unreadable and special files -------------------------


def test_a_symlink_loop_a_linked_folder_and_a_fifo_are_named_and_the_rest_validated(tmp_path):
    tree = good_tree(tmp_path / "tree" / "a")
    (tree / "loop").symlink_to("..")            # a loop back to tree/
    (tmp_path / "tree" / "b").symlink_to("a")   # the same folder by another name: read once
    os.mkfifo(tmp_path / "tree" / "fifo.json")  # would block any open() for ever
    result = run("validate", str(tmp_path / "tree"), timeout=30)
    assert result.returncode == cli.EXIT_LOAD_ERRORS
    assert result.stdout.startswith("3 games, ")  # tree/a's three, not again through b/ or loop/
    errors = result.stderr.strip().splitlines()
    assert errors == [
        f"paipu validate: {tree / 'loop'}: a symbolic link to a folder that holds it (a loop): not followed",
        f"paipu validate: {tmp_path / 'tree' / 'fifo.json'}: not a regular file but a FIFO: skipped, not opened",
    ]
    # The API reads the same games and records the same two errors, however often it lists.
    reader = load(tmp_path / "tree", errors="collect")
    assert len(list(reader.paths())) == 3 and len(list(reader)) == 3 and len(reader.errors) == 2


def test_symlinked_folders_are_followed_once(tmp_path):
    good_tree(tmp_path / "logs")
    elsewhere = good_tree(tmp_path / "elsewhere" / "more")
    (tmp_path / "logs" / "link").symlink_to(elsewhere)   # followed: a link out of the tree
    (tmp_path / "logs" / "again").symlink_to(elsewhere)  # the same folder again: not read twice
    reader = load(tmp_path / "logs", errors="collect")
    sources = [Path(game.source.rpartition("#")[0]).relative_to(tmp_path / "logs").parts[0] for game in reader]
    assert sources.count("again") == 3 and "link" not in sources and len(sources) == 6 and not reader.errors


def test_a_tree_deeper_than_pythons_recursion_limit_is_walked(tmp_path):
    folders = [tmp_path]
    for _ in range(sys.getrecursionlimit() + 100):  # one by one: mkdir(parents=True) recurses too
        folders.append(folders[-1] / "a")
        folders[-1].mkdir()
    deep = folders[-1] / "deep.json"
    write_game(deep, sample_game())
    try:
        reader = load(tmp_path, errors="collect")
        assert len(list(reader)) == 1 and not reader.errors
    finally:  # removed here, leaf first: pytest's own clean-up of old temporary folders recurses
        deep.unlink()
        for folder in reversed(folders[1:]):
            folder.rmdir()


def _unreadable(folder: Path) -> None:
    folder.chmod(0)
    if os.access(folder, os.R_OK):  # root reads anything: permissions cannot make it unreadable
        folder.chmod(0o755)
        pytest.skip("running as root (or with CAP_DAC_OVERRIDE): a folder cannot be made unreadable; "
                    "test_a_folder_that_cannot_be_listed_is_skipped covers the same path")


def test_an_unreadable_subfolder_is_named_and_skipped(tmp_path):
    good_tree(tmp_path / "logs")
    locked = good_tree(tmp_path / "logs" / "locked")
    _unreadable(locked)
    try:
        result = run("validate", str(tmp_path / "logs"))
    finally:
        locked.chmod(0o755)
    assert result.returncode == cli.EXIT_LOAD_ERRORS and result.stdout.startswith("3 games, ")
    assert one_line(result.stderr) == f"paipu validate: {locked}: cannot read the folder: Permission denied: skipped"


def test_a_folder_that_cannot_be_listed_is_skipped(tmp_path, monkeypatch):
    """The unreadable folder of the test above, the failure simulated (as root, too)."""
    good_tree(tmp_path / "logs")
    locked = good_tree(tmp_path / "logs" / "locked")
    real_scandir = os.scandir

    def scandir(path):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    reader = load(tmp_path / "logs", errors="collect")
    assert len(list(reader)) == 3
    assert [str(error) for error in reader.errors] == [f"{locked}: cannot read the folder: Permission denied: skipped"]


def test_an_unreadable_file_and_a_dangling_link_are_named_and_skipped(tmp_path):
    logs = good_tree(tmp_path / "logs")
    (logs / "nowhere.json").symlink_to(tmp_path / "missing.json")
    (logs / "self.json").symlink_to("self.json")  # a link to itself: too many levels of links
    reader = load(logs, errors="collect")
    assert len(list(reader)) == 3
    assert [str(error) for error in reader.errors] == [
        f"{logs / 'nowhere.json'}: a symbolic link that leads nowhere: skipped",
        f"{logs / 'self.json'}: a symbolic link that loops (to itself, or round other links): skipped",
    ]
    secret = write_game(logs / "secret.json", sample_game())
    _unreadable(secret)
    try:
        result = run("show", str(secret))
    finally:
        secret.chmod(0o644)
    assert result.returncode == cli.EXIT_LOAD_ERRORS
    assert one_line(result.stderr) == f"paipu show: {secret}: cannot read the file: Permission denied"


def test_special_files_named_on_the_command_line_are_named_as_the_walk_names_them(tmp_path):
    """A FIFO with no writer (opened without waiting: no hang), a device or a socket named
    as a path is not a regular file, said as a folder's walk says it (the devices and
    sockets not even opened); the other files are read."""
    import socket

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "socket.json"))
        result = run("validate", str(fifo), "/dev/null", str(tmp_path / "socket.json"), str(SAMPLES / "tsumo.json"),
                     timeout=30)
    finally:
        server.close()
    assert result.returncode == cli.EXIT_LOAD_ERRORS and result.stdout.startswith("1 games, ")
    assert result.stderr.splitlines() == [
        f"paipu validate: {fifo}: not a regular file but a FIFO, with nothing written and no writer: skipped",
        "paipu validate: /dev/null: not a regular file but a character device: skipped, not opened",
        f"paipu validate: {tmp_path / 'socket.json'}: not a regular file but a socket: skipped, not opened",
    ]


def test_a_pipe_named_on_the_command_line_is_read_as_its_writer_writes_it(tmp_path):
    """A shell's ``<(zcat log.gz)``: a pipe whose writer has it open is read, however long the
    writer takes (more than a pipe holds, written a piece at a time)."""
    big = tmp_path / "big.json"
    big.write_bytes(orjson.dumps([json.loads((SAMPLES / "tsumo.json").read_text())] * 100))
    assert big.stat().st_size > 1 << 16
    command = [sys.executable, "-m", "paipu", "validate", f"<(sleep 0.5; cat {big})", str(SAMPLES / "tsumo.json")]
    result = subprocess.run(["bash", "-c", " ".join(command)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("101 games, "), result.stderr


# -- sizes: gzip bombs and huge files ------------------------------------------------------


def test_a_gzip_bomb_is_refused_under_the_default_limit_without_inflating_it_all(tmp_path):
    """The issue's case: a 1 MB file that inflates to 1 GiB took 14-34 s and 4.2 GB."""
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip_bomb(1024))
    assert bomb.stat().st_size < 2 << 20 and MAX_SIZE == 256 << 20
    started = time.monotonic()
    result = run("validate", str(bomb), *map(str, HAND_MADE), timeout=60)
    assert result.returncode == cli.EXIT_LOAD_ERRORS and result.stdout.startswith("3 games, ")
    assert one_line(result.stderr) == (f"paipu validate: {bomb}: not read: inflates to more than the limit of "
                                       "256 MiB (--max-size)")
    assert time.monotonic() - started < 30


def test_the_size_limit_is_an_option_and_a_parameter(tmp_path):
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip_bomb(8))
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * (3 << 20) + b"]")
    result = run("show", "--max-size", "1M", str(bomb), str(big), str(SAMPLES / "tsumo.json"))
    assert result.returncode == cli.EXIT_LOAD_ERRORS and "final results:" in result.stdout
    assert result.stderr.splitlines() == [
        f"paipu show: {bomb}: not read: inflates to more than the limit of 1 MiB (--max-size)",
        f"paipu show: {big}: not read: the file is 3 MiB, more than the limit of 1 MiB (--max-size)",
    ]
    reader = load(bomb, errors="collect", max_size=16 << 20)
    assert list(reader) == [] and "invalid JSON" in reader.errors[0].message  # inflated: zeros
    with pytest.raises(ValueError, match="max_size"):
        load(bomb, max_size=0)
    assert [cli._size_arg(text) for text in ("500000", "64K", "256M", "1G", "2GiB")] == [
        500000, 64 << 10, 256 << 20, 1 << 30, 2 << 30]
    result = run("show", "--max-size", "lots", str(big))
    assert result.returncode == cli.EXIT_USAGE and "not a size: 'lots'" in one_line(result.stderr)


def test_text_that_is_not_one_document_is_parsed_once(tmp_path, monkeypatch):
    """Broken JSON is not parsed again as one round per line beyond its first line."""
    data = orjson.dumps(sample_game(), option=orjson.OPT_INDENT_2)[:-3] + b"!]}"
    (tmp_path / "broken.json").write_bytes(data)
    parsed = []
    real_loads = orjson.loads

    def loads(text):
        parsed.append(len(text))
        return real_loads(text)

    monkeypatch.setattr(orjson, "loads", loads)
    reader = load(tmp_path / "broken.json", errors="collect")
    assert list(reader) == [] and "invalid JSON at line" in reader.errors[0].message
    assert sum(parsed) < len(data) + 10


# -- numbers beyond any game ----------------------------------------------------------------


@pytest.mark.parametrize("points", [["-inf", "10", "-10", "-20"], ["nan", "10", "-10", "-20"],
                                    ["1e999", "10", "-10", "-20"]])
def test_non_finite_rank_points_are_refused_where_the_rule_is_read(tmp_path, points):
    with pytest.raises(RuleError, match="is not a number written as a decimal"):
        Rule.from_json({"順位点": points})
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps({"順位点": points}))
    result = run("validate", "--rule", str(rule), str(SAMPLES))
    assert result.returncode == cli.EXIT_USAGE and not result.stdout
    assert "順位点 (rank_points)" in one_line(result.stderr)
    # A paipu carrying such a rule is a load error of that game; the others are validated.
    game = sample_game()
    game["rule"] = {"順位点": points}
    logs = good_tree(tmp_path / "logs")
    bad = write_game(logs / "z_bad_rule.json", game)
    for jobs in ("1", "2"):
        result = run("validate", "--jobs", jobs, str(logs))
        assert result.returncode == cli.EXIT_LOAD_ERRORS and result.stdout.startswith("3 games, 4 rounds: 3 valid")
        assert one_line(result.stderr).startswith(f"paipu validate: {bad}#0: rule: 順位点 (rank_points): ")


@pytest.mark.parametrize("change, message", [
    (lambda g: g["log"][0][-1]["hule"].update(defen=2**64 - 1), "hule.defen: 18446744073709551615 is beyond any game"),
    (lambda g: g.update(defen=[10**12, 0, 0, 0]), "defen: 1000000000000 is beyond any game"),
    (lambda g: g.update(point=["x", "1", "2", "3"]), "point must be 4 decimal numbers"),
    (lambda g: g.update(point=["nan", "1", "2", "3"]), "point must be 4 decimal numbers"),
    (lambda g: g["log"][0][0]["qipai"].update(changbang=10**15), "qipai.changbang: 1000000000000000 is beyond"),
    (lambda g: g["rule"].update({"配給原点": 10**15}), "配給原点 (starting_points) must be 0..1,000,000,000"),
])
def test_absurd_numbers_are_refused_and_stats_keep_the_good_games(tmp_path, change, message):
    game = sample_game()
    game["rule"] = {}
    change(game)
    logs = good_tree(tmp_path / "logs")
    bad = write_game(logs / "z_bad.json", game)
    result = run("stats", "--format", "csv", str(logs))
    assert result.returncode == cli.EXIT_LOAD_ERRORS
    line = one_line(result.stderr)
    assert line.startswith(f"paipu stats: {bad}#0") and message in line
    assert result.stdout.count("\n") == 5  # the header and the four players of the good games


def test_absurd_numbers_in_tenhou_logs_are_refused(tmp_path):
    mjlog = ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D" dan="1,1,1,1" '
             'rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,3" '
             'ten="99999999999999999999999,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
             'hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
             'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/></mjloggm>')
    (tmp_path / "big.mjlog").write_text(mjlog)
    (tmp_path / "rate.mjlog").write_text(mjlog.replace("99999999999999999999999", "250")
                                         .replace('rate="1500', 'rate="1e999'))
    reader = load(tmp_path, errors="collect")
    assert list(reader) == []
    messages = [error.message for error in reader.errors]
    assert "a number beyond any game" in messages[0] and "<INIT" in messages[0]
    assert messages[1] == "bad tag <UN>: a player's dan or rate: rate '1e999,1500,1500,1500': a number beyond any game"


# -- interruptions and output that cannot be written ---------------------------------------


def _many_games(root: Path, files: int) -> Path:
    root.mkdir()
    (root / "0_bad.json").write_text("{")  # reported first: the run has started when it shows
    game = (SAMPLES / "riichi_ron.json").read_bytes()
    for number in range(files):
        (root / f"{number:05d}.json").write_bytes(game)
    return root


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_with_one_line(tmp_path, jobs):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    slow = tmp_path / "slow.json"  # a pipe whose writer never writes: the run waits there
    os.mkfifo(slow)
    writer = os.open(slow, os.O_RDWR)
    try:
        process = subprocess.Popen([sys.executable, "-m", "paipu", "validate", "--jobs", jobs, str(bad), str(slow)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        first = process.stderr.readline()  # the bad file's line: the run is under way
        time.sleep(0.5)  # and waits for the pipe
        os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group, workers too
        rest = process.stderr.read()
        process.wait(timeout=60)
        process.stdout.close()
        process.stderr.close()
    finally:
        os.close(writer)
    assert "bad.json: invalid JSON" in first
    assert process.returncode == cli.EXIT_INTERRUPTED, rest
    assert one_line(rest) == "paipu validate: interrupted"


def test_a_broken_pipe_ends_quietly(tmp_path):
    logs = _many_games(tmp_path / "logs", 300)
    process = subprocess.Popen([sys.executable, "-m", "paipu", "show", str(logs)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline()  # like `| head -1`
    process.stdout.close()
    errors = process.stderr.read()
    process.wait(timeout=60)
    process.stderr.close()
    assert process.returncode == cli.EXIT_BROKEN_PIPE
    assert "Traceback" not in errors and "BrokenPipe" not in errors


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full to fill the disk (Linux)")
@pytest.mark.parametrize("args", [["show"], ["validate", "--json", "--jobs", "2"], ["convert"],
                                  ["stats", "--format", "csv"]])
def test_a_full_disk_on_standard_output_gives_one_line(tmp_path, args):
    logs = _many_games(tmp_path / "logs", 200)
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "paipu", *args, str(logs)], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == cli.EXIT_USAGE
    assert result.stderr.strip().splitlines()[-1] == f"paipu {args[0]}: cannot write the output: No space left on device"
    assert "Traceback" not in result.stderr


# -- --json, convert -o, --jobs -------------------------------------------------------------


def test_json_escapes_file_names_that_are_not_utf8(tmp_path):
    name = os.fsdecode(b"bad\xff.json")
    (tmp_path / name).write_text("{")
    result = subprocess.run([sys.executable, "-m", "paipu", "validate", "--json", os.fsencode(tmp_path / name)],
                            capture_output=True, timeout=60)
    assert result.returncode == cli.EXIT_LOAD_ERRORS and b"Traceback" not in result.stderr
    first, summary = result.stdout.decode("utf-8").splitlines()  # valid UTF-8, valid JSON
    assert json.loads(first)["source"].endswith("bad\\xff.json") and json.loads(summary)["summary"]["errors"] == 1
    assert json.loads(cli._json({"big": 2**70, "name": name, "list": [-(2**64)]})) == {
        "big": str(2**70), "name": "bad\\xff.json", "list": [str(-(2**64))]}


def test_convert_never_overwrites_without_force_nor_writes_into_what_it_reads(tmp_path):
    logs = good_tree(tmp_path / "logs")
    before = {path.name: path.read_bytes() for path in logs.iterdir()}
    for output in (logs, logs / "converted"):
        result = run("convert", str(logs), "-o", str(output))
        assert result.returncode == cli.EXIT_USAGE
        assert one_line(result.stderr) == (f"paipu convert: -o {output} is inside {logs}, which is read: "
                                           "nothing written (write outside what is read)")
    assert {path.name: path.read_bytes() for path in logs.iterdir()} == before  # untouched
    out = tmp_path / "out"
    assert run("convert", str(logs), "-o", str(out)).returncode == cli.EXIT_OK
    (out / "tsumo.json").write_text("mine")
    result = run("convert", str(logs), "-o", str(out))
    assert result.returncode == cli.EXIT_USAGE and (out / "tsumo.json").read_text() == "mine"
    assert f"not written: {out / 'tsumo.json'} exists (--force overwrites it)" in result.stderr
    assert run("convert", str(logs), "-o", str(out), "--force").returncode == cli.EXIT_OK
    assert (out / "tsumo.json").read_text() != "mine"
    # A file read is never a file written, even with --force.
    result = run("convert", str(logs / "tsumo.json"), "-o", str(logs), "--force")
    assert result.returncode == cli.EXIT_USAGE and "is a file read" in result.stderr
    assert (logs / "tsumo.json").read_bytes() == before["tsumo.json"]


def test_jobs_are_capped_at_the_cores(tmp_path, monkeypatch):
    logs = good_tree(tmp_path / "logs")
    started = []
    monkeypatch.setattr(cli, "cores", lambda: 2)
    monkeypatch.setattr(cli, "Workers", lambda processes: started.append(processes) or Workers(1))  # then no workers
    assert cli.main(["validate", "--jobs", "1000", str(logs)]) == cli.EXIT_OK
    assert started == [2]


# -- what reaches the terminal --------------------------------------------------------------


def test_control_characters_are_escaped_in_text_output(tmp_path):
    game = sample_game()
    game["title"] = "evil\x07title\x1b]0;pwned\x07"
    game["player"][0] = "\x1b[31mred\x1b[0m\u202eevil"
    path = write_game(tmp_path / "ansi.json", game)
    result = run("show", str(path))
    assert result.returncode == cli.EXIT_OK
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout and "\u202e" not in result.stdout
    assert "title: evil\\x07title\\x1b]0;pwned\\x07" in result.stdout and "\\x1b[31mred\\x1b[0m\\u202eevil" in result.stdout
    result = run("stats", str(path))
    assert "\x1b" not in result.stdout and "\\x1b[31mred" in result.stdout
    newline = tmp_path / "two\nlines\x1b.json"
    newline.write_text("{")
    result = run("validate", str(newline))
    assert one_line(result.stderr).startswith(f"paipu validate: {tmp_path}/two\\nlines\\x1b.json: invalid JSON")


def test_values_are_cut_in_messages(tmp_path):
    game = sample_game()
    game["player"] = ["x" * 2_000_000] * 5
    write_game(tmp_path / "a_huge.json", game)
    game = sample_game()
    game["log"][0][-1]["hule"]["hupai"][0]["name"] = "y" * 2_000_000
    write_game(tmp_path / "b_huge_yaku.json", game)
    for args in (["validate"], ["show"]):
        result = run(*args, str(tmp_path))
        assert max(map(len, (result.stdout + result.stderr).splitlines())) < 1000, args
        assert "more characters)" in result.stderr
    # --json keeps the values as logged (data for a program), but cuts the messages.
    result = run("validate", "--json", str(tmp_path))
    assert max(len(json.loads(line).get("message", "")) for line in result.stdout.splitlines()) < 1000


# -- misleading messages made right --------------------------------------------------------


def test_messages_say_what_is_wrong(tmp_path):
    (tmp_path / "utf8.json").write_bytes(b'[1,\n 2,\n "\xc3\xa9\xff"]')
    (tmp_path / "empty.json").write_text("[]")
    game = tmp_path / "game.json"
    game.write_bytes((SAMPLES / "tsumo.json").read_bytes())
    for path, expected in [
        (tmp_path / "utf8.json", f"{tmp_path / 'utf8.json'}: not UTF-8 text: line 3, column 4 (byte 12): "
                                 "invalid start byte 0xff"),
        (tmp_path / "empty.json", f"{tmp_path / 'empty.json'}: the file holds no game (an empty list)"),
        (f"{game}#-1", f"'{game}#-1': '-1' is not a game number: FILE#N reads game N of FILE, counting from 0"),
        (f"{game}#abc", f"'{game}#abc': 'abc' is not a game number: FILE#N reads game N of FILE, counting from 0"),
        (f"{game}#3", f"{game}: no game #3: the file holds 1"),
    ]:
        result = run("validate", str(path))
        assert result.returncode == cli.EXIT_LOAD_ERRORS
        assert one_line(result.stderr) == f"paipu validate: {expected}"


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs /proc/self/mem, a file nobody can read")
def test_a_rule_file_that_cannot_be_read_gives_one_line():
    result = run("validate", "--rule", "/proc/self/mem", str(SAMPLES))
    assert result.returncode == cli.EXIT_USAGE
    assert one_line(result.stderr) == "paipu validate: '/proc/self/mem': cannot read the rule file: Input/output error"


@pytest.mark.parametrize("option", ["--honba", "--sticks"])
def test_score_refuses_absurd_counts(option):
    result = run("score", HAND, "--ron", "s5", option, "99999999999999999999", "--json")
    assert result.returncode == cli.EXIT_USAGE and not result.stdout
    assert "must be a count 0..1,000,000,000, not 99999999999999999999" in one_line(result.stderr)


# -- paipu score: situations that cannot happen ---------------------------------------------


@pytest.mark.parametrize("args, message", [
    ([HAND, "--ron", "s5", "--ippatsu"], "一発 (ippatsu) without riichi"),
    (["m123456s34p99,p234-", "--ron", "s5", "--riichi"], "riichi (立直) on an open hand"),
    ([HAND, "--ron", "s5", "--first-draw"], "天和/地和 (a win on the first draw) on a ron"),
    (["m123456s34p99s5,p2222", "--first-draw"], "天和/地和 (a win on the first draw) after a call or kan"),
    (["m123456s34p99s5,p222=", "--first-draw", "--seat-wind", "S"], "after a call or kan"),
    ([HAND + "s5", "--chankan"], "槍槓 (chankan) on a tsumo"),
    ([HAND, "--ron", "s5", "--rinshan"], "嶺上開花 (rinshan) on a ron"),
    ([HAND + "s5", "--last-tile", "--rinshan"], "海底 (haitei) with 嶺上開花 (rinshan)"),
    ([HAND + "s5", "--first-draw", "--riichi"], "天和/地和 (a win on the first draw) with riichi"),
])
def test_score_refuses_situations_that_cannot_happen(args, message):
    result = run("score", *args)
    assert result.returncode == cli.EXIT_USAGE and not result.stdout
    assert message in one_line(result.stderr)


def test_the_api_raises_for_situations_that_cannot_happen():
    with pytest.raises(ValueError, match="without riichi"):
        Situation(ippatsu=True)
    with pytest.raises(ValueError, match="on a ron"):
        score(HAND, "s5-", rinshan=True)
    with pytest.raises(ValueError, match="open hand"):
        score("m123456s34p99,p234-", "s5-", riichi=1)
    with pytest.raises(ValueError, match="on a tsumo"):
        score(HAND + "s5", haitei=2)
    assert score(HAND + "s5", riichi=1, ippatsu=True, haitei=1)  # what can happen still scores


def test_seat_wind_takes_0_to_3_as_the_help_says():
    numbered = run("score", HAND, "--ron", "s5", "--seat-wind", "0", "--round-wind", "1")
    lettered = run("score", HAND, "--ron", "s5", "--seat-wind", "E", "--round-wind", "S")
    assert numbered.returncode == cli.EXIT_OK and numbered.stdout == lettered.stdout
    assert "0-3" in run("score", "--help").stdout


def _every_round(game: dict, **qipai) -> dict:
    for round_ in game["log"]:
        round_[0]["qipai"].update(qipai)
    return game


def test_the_engine_takes_every_honba_stick_and_score_the_loader_takes(tmp_path):
    """Honba and riichi sticks up to MAX_COUNT and scores up to ±MAX_NUMBER at every round's
    start (with the riichi the rounds declare on top) are validated, counted and drawn;
    one more honba or stick is a load error naming the field, in 電脳麻将 JSON and mjai,
    not an engine error blamed on paipu (a billion sticks plus a riichi was one)."""
    from paipu import stats
    from paipu.validation import validate_file
    from paipu.formats.mjai import dumps
    from paipu.limits import MAX_COUNT, MAX_NUMBER

    game = json.loads((SAMPLES / "simulated_hanchan.json").read_text(encoding="utf-8"))
    assert '*"}}' in json.dumps(game, separators=(",", ":"))  # riichi discards: sticks grow within a round
    scores = [MAX_NUMBER, -MAX_NUMBER, MAX_NUMBER, -MAX_NUMBER]
    edge = write_game(tmp_path / "edge.json", _every_round(copy.deepcopy(game), changbang=MAX_COUNT,
                                                           lizhibang=MAX_COUNT, defen=scores))
    (loaded,) = load(edge, errors="raise")
    mjai = tmp_path / "edge.jsonl"
    mjai.write_bytes(dumps(loaded))
    for path in (edge, mjai):
        report = validate_file(str(path))
        assert report.errors == () and report.engine_errors == () and report.findings, path
        assert stats.summary(str(path))["rounds"].sum() == 4 * len(loaded.rounds)  # counted for each seat
        (again,) = load(path, errors="raise")
        assert "pv-seat" in again._repr_html_()
    for field, mjai_field in (("changbang", "honba"), ("lizhibang", "kyotaku")):
        beyond = write_game(tmp_path / f"{field}.json", _every_round(copy.deepcopy(game), **{field: MAX_COUNT + 1}))
        lines = [json.loads(line) for line in mjai.read_text().splitlines()]
        for line in lines:
            if line["type"] == "start_kyoku":
                line[mjai_field] = MAX_COUNT + 1
        (tmp_path / f"{mjai_field}.jsonl").write_text("\n".join(map(json.dumps, lines)))
        for path, name in ((beyond, f"qipai.{field}"), (tmp_path / f"{mjai_field}.jsonl", mjai_field)):
            result = run("validate", str(path))
            assert result.returncode == cli.EXIT_LOAD_ERRORS, result.stderr
            assert one_line(result.stderr).endswith(f": {name} must be an integer 0..{MAX_COUNT}, not {MAX_COUNT + 1}")


def test_the_api_refuses_arguments_of_other_types_naming_them():
    """score, validate, Replay and view say which argument is of a wrong type, not an
    AttributeError or TypeError from deep inside; validate takes what the statistics take
    (games and paths, in any iterable)."""
    import paipu
    from paipu.engine import Replay
    from paipu.stats import summary

    for hand in (None, 123, ["m1"]):
        with pytest.raises(TypeError, match=f"^hand must be a str of 電脳麻将 notation or a HandNotation, not {type(hand).__name__}"):
            score(hand)
    with pytest.raises(TypeError, match="^win_tile must be a tile .* not int 5"):
        score(HAND + "s5", 5)
    with pytest.raises(TypeError, match="^situation must be a Situation or None, not int 5"):
        score(HAND + "s5", None, 5)
    path = str(SAMPLES / "tsumo.json")
    (game,) = load(path)
    assert paipu.validate([path, game]) == paipu.validate(path) * 2
    assert len(summary([path, game])) == len(summary(path))
    for games, what in (([game, None], "expected a Game or a path, not NoneType"), (5, "not int"),
                        (None, "not NoneType")):
        with pytest.raises(TypeError, match=what):
            paipu.validate(games)
    # compiled, mypyc checks the declared type before Replay's own check (paipu/engine.py)
    refused = "^a Replay is of a Game, not str" if build.kind() == "interpreted" else "Game object expected; got str"
    with pytest.raises(TypeError, match=refused):
        Replay(path)
    for arguments, what in (({"round": "a"}, "^round must be an integer, not str 'a'"),
                            ({"seat": 1.5}, "^seat must be an integer, not float 1.5")):
        with pytest.raises(TypeError, match=what):
            paipu.view(game, **arguments)
    with pytest.raises(TypeError, match="^view takes a Game, a path or a reader of paipu.load, not NoneType"):
        paipu.view(None)


@pytest.mark.parametrize("corpus_file, before, after", [
    (("tenhou-json", "mjx-tests", "2010081709gm-00a9-0000-fe3371ad.json"), b'"log":[[[0,0,0]', b'"log":[[[0,0,%d]'),
    (("tenhou-mjlog", "crazybbb", "test.mjlog"), b'<INIT seed="0,0,0,', b'<INIT seed="0,0,%d,'),
])
def test_tenhou_logs_with_more_sticks_than_any_game_are_load_errors(tmp_path, corpus_file, before, after):
    """The Tenhou readers bound honba and riichi sticks as the 電脳麻将 and mjai readers do
    (MAX_COUNT): one more is a load error, not an engine error blamed on paipu."""
    from conftest import corpus
    from paipu.limits import MAX_COUNT

    data = corpus(*corpus_file).read_bytes()
    assert data.count(before) == 1
    for sticks, code in ((MAX_COUNT, cli.EXIT_OK), (MAX_COUNT + 1, cli.EXIT_LOAD_ERRORS)):
        path = tmp_path / f"{sticks}{corpus_file[-1][-5:]}"
        path.write_bytes(data.replace(before, after % sticks))
        result = run("validate", str(path))
        assert "Traceback" not in result.stderr and "engine" not in result.stderr + result.stdout
        assert (result.returncode == cli.EXIT_LOAD_ERRORS) == (code == cli.EXIT_LOAD_ERRORS), result.stderr


# -- issue 28, adversarial findings 8b and 8c ------------------------------------------------


@pytest.mark.parametrize("args, message", [
    ([HAND, "--ron", "s5", "--last-tile", "--chankan"], "河底撈魚 (houtei) with 槍槓 (chankan)"),
    ([HAND + "s5", "--last-tile", "--chankan"], "海底摸月 (haitei) with 槍槓 (chankan)"),
])
def test_score_refuses_the_last_tile_robbed_from_a_kan(args, message):
    """河底 with 槍槓 cannot happen: the last discard is a discard, a robbed kan's tile is
    not, and no kan is made once the wall is empty. Refused as the other impossible
    situations are, by the command and the API."""
    result = run("score", *args)
    assert result.returncode == cli.EXIT_USAGE and not result.stdout
    assert message in one_line(result.stderr)
    with pytest.raises(ValueError, match="with 槍槓"):
        Situation(haitei=2, chankan=True)
    assert score(HAND, "s5-", chankan=True) and score(HAND, "s5-", haitei=2)  # each alone still scores


def test_the_api_names_what_it_was_given_instead_of_a_game_or_an_observer():
    """A parsed paipu (a dict) given to validate is not taken for paths (its keys); replay
    and walk given None or an Observer class, and game_to_json given None, say so as a
    TypeError, not an AttributeError from inside."""
    import paipu

    path = str(SAMPLES / "tsumo.json")
    (game,) = load(path)
    parsed = sample_game()
    for source in (parsed, [parsed]):
        with pytest.raises(TypeError, match=r"not dict \(a parsed 電脳麻将 paipu is made a Game by paipu.game_from_json\)"):
            paipu.validate(source)
    with pytest.raises(TypeError, match="^expected a Game, a path or an iterable of them, not bytes$"):
        paipu.validate(path.encode())
    for driver in (paipu.replay, paipu.walk):
        with pytest.raises(TypeError, match="^observers must be instances of paipu.Observer, not NoneType$"):
            driver(game, None)
        with pytest.raises(TypeError, match=r"^observers must be instances of paipu.Observer, not the class Observer: "
                                            r"call it, Observer\(\)$"):
            driver(game, paipu.Observer)
    with pytest.raises(TypeError, match="^game_to_json takes a Game, not NoneType$"):
        paipu.game_to_json(None)
    assert paipu.replay(game, paipu.Observer()) is None  # what is right still runs


# -- issue 28's adversarial pass: what a hostile log makes the readers do ---------------------

MJLOG_HEAD = '<mjloggm ver="2.3">'


@pytest.mark.parametrize("name, text", [
    ("letters.mjlog", MJLOG_HEAD + "<GO" + "a" * 300_000),
    ("opened.xml", MJLOG_HEAD + "<a" * 150_000),
    ("attribute.json", MJLOG_HEAD + '<GO type="169" ' + "a" * 300_000 + "/>"),
    ("unclosed.mjson", MJLOG_HEAD + '<UN n0="' + "b" * 300_000 + "/>"),
])
def test_a_hostile_mjlog_is_read_in_time_that_grows_with_its_length(tmp_path, name, text):
    """Text that is no tag (a run of letters in a tag or its attributes, '<' after '<'
    without '>') in a file read as an mjlog (by its content, whatever its name): each of
    these 300 KB files took minutes to tokenize (a time that grew with the square of its
    length), stalling the whole run; now one load error and the other games validated."""
    logs = good_tree(tmp_path / "logs")
    (logs / name).write_text(text)
    result = run("validate", str(logs), timeout=120)  # generous: each took minutes before
    assert result.returncode == cli.EXIT_LOAD_ERRORS, result.stderr
    assert f"{logs / name}" in one_line(result.stderr)
    assert "3 games" in result.stdout


def test_a_title_naming_a_tenhou_room_of_the_other_player_count_is_a_load_error(tmp_path):
    """A 電脳麻将 paipu or mjai log whose title names a Tenhou room of three players (三) on
    a game of four, or of four (四) on three, as tenhou.net/6's rule.disp already was: a
    load error naming the title, where the room's rule (rank points of three players for
    four) made validate an engine error (exit 3) and view and convert fail."""
    from conftest import corpus, read_json

    logs = tmp_path / "logs"
    logs.mkdir()
    four = sample_game()
    del four["rule"]  # the room's rule is the game's
    four["title"] = "三鳳南喰赤\n2022010100gm-00b9-0000-aaaaaaaa"
    write_game(logs / "four.json", four)
    three = read_json(corpus("majiang", "mahjonglm", "2014091101gm-00b9-0000-5ca6b487.json"))
    assert three["title"] == "三鳳南喰赤" and len(three["player"]) == 3 and "rule" not in three
    three["title"] = "四" + three["title"][1:]
    write_game(logs / "three.json", three)
    lines = (Path(__file__).parent / "data" / "mjai_reviewer_tonpu.jsonl").read_bytes().splitlines()
    start = orjson.loads(lines[0])
    start["title"] = "三鳳東喰赤"
    (logs / "mjai.mjson").write_bytes(b"\n".join([orjson.dumps(start), *lines[1:]]) + b"\n")
    result = run("validate", str(logs))
    assert result.returncode == cli.EXIT_LOAD_ERRORS
    assert result.stderr.splitlines() == [
        f"paipu validate: {logs / 'four.json'}#0: title '三鳳南喰赤' names a three-player room (三), "
        "but the log holds 4 players",
        f"paipu validate: {logs / 'mjai.mjson'}#0: title '三鳳東喰赤' names a three-player room (三), "
        "but the log holds 4 players",
        f"paipu validate: {logs / 'three.json'}#0: title '四鳳南喰赤' names a four-player room (四), "
        "but the log holds 3 players",
    ]
    for command in (("convert", "--to", "mjai", "-o", str(tmp_path / "out")), ("view", "-o", str(tmp_path / "v.html"))):
        result = run(*command, str(logs / "four.json"))
        assert result.returncode == cli.EXIT_LOAD_ERRORS
        assert "names a three-player room (三), but the log holds 4 players" in one_line(result.stderr)


LONG_NAME = "A" * 1_001
"""A name one character longer than any a log may give (paipu.limits.MAX_NAME)."""
SANMA_JSON = ("tenhou-json", "sanma-engine", "2024010120gm-00b9-0000-e324b88a.json")
MJLOG = ("tenhou-mjlog", "crazybbb", "test.mjlog")
MJAI = Path(__file__).parent / "data" / "mjai_reviewer_tonpu.jsonl"
TSUMO = SAMPLES / "tsumo.json"
N2 = 'n2="%E3%81%98%E3%83%BC%E3%82%86%E3%83%BC%E3%81%9F"'
"""The third player's name in the mjlog MJLOG."""
KANJI_NAME = "%F0%A0%80%8B" * 1_000
"""A name of MAX_NAME characters of four UTF-8 bytes (𠀋), percent-encoded as an mjlog
writes it: the longest text of a name an mjlog may hold (12,000 characters)."""


@pytest.mark.parametrize("source, before, after, message", [
    (TSUMO, '"West player"', f'"{LONG_NAME}"', "player[2] 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
    (TSUMO, '"paipu sample: dealer tsumo"', f'"{LONG_NAME}"', "title 'AAAAAAAAAAAAAAAAAAAA'… is 1,001"),
    (TSUMO, '"平和"', f'"{LONG_NAME}"', "東1局0本場, event 10: hule.hupai name 'AAAAAAAAAAAAAAAAAAAA'…"),
    (MJLOG, N2, 'n2="' + "%41" * 1_001 + '"',
     "bad tag <UN>: n2 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
    (MJLOG, N2, 'n2="%41' + KANJI_NAME + '"',
     "bad tag <UN>: n2: 12,003 characters percent-encoded, more than a name holds (at most 1,000 characters"),
    (MJLOG, 'sx="M,F,M,F"', f'sx="M,{LONG_NAME},M,F"', "bad tag <UN>: sx 'AAAAAAAAAAAAAAAAAAAA'… is 1,001"),
    (SANMA_JSON, '"れすこ"', f'"{LONG_NAME}"', "name[2] 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
    (SANMA_JSON, '"七段"', f'"{LONG_NAME}"', "dan[2] 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
    (SANMA_JSON, '"三鳳南喰赤"', f'"{LONG_NAME}"', "rule.disp 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters"),
    (SANMA_JSON, '"ref":"2024010120gm-00b9-0000-e324b88a"', f'"ref":"{LONG_NAME}"', "ref 'AAAAAAAAAAAAAAAAAAAA'…"),
    (SANMA_JSON, '"立直(1飜)"', f'"{LONG_NAME}(1飜)"', "a yaku's name 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters"),
    (MJAI, '"Dan"', f'"{LONG_NAME}"', "names[3] 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
    (MJAI, '"names"', f'"title":"{LONG_NAME}","names"', "title 'AAAAAAAAAAAAAAAAAAAA'… is 1,001 characters long"),
])
def test_names_and_titles_longer_than_any_log_gives_are_load_errors(tmp_path, source, before, after, message):
    """A player's name, a title, a rank, a yaku's name of more than paipu.limits.MAX_NAME
    characters, in every reader, is a load error naming the field (a 9 MB name made stats
    take 1.1 GB and print a 45 MB table); one of MAX_NAME characters is read as it is."""
    from conftest import corpus

    text = (source if isinstance(source, Path) else corpus(*source)).read_text(encoding="utf-8")
    assert before in text
    path = tmp_path / (source.name if isinstance(source, Path) else source[-1]).replace(".jsonl", ".mjson")
    path.write_text(text.replace(before, after))
    reader = load(path, errors="collect")
    assert list(reader) == []
    (error,) = reader.errors
    assert message in str(error) and "more than a name" in str(error)
    longest = after.replace(LONG_NAME, LONG_NAME[1:]).replace("%41" * 1_001, "%41" * 1_000).replace("%41%F0", "%F0")
    path.write_text(text.replace(before, longest))
    (game,) = load(path)
    name = "𠀋" * 1_000 if "%F0" in longest else "A" * 1_000
    assert name in game.title + "".join(game.players) + repr([r.events for r in game.rounds]) + repr(game.origin)


def test_a_percent_encoded_name_too_long_is_refused_before_it_is_decoded(tmp_path):
    """An mjlog name of 3 MB of %41 ('A'): refused by the length of its text, where
    decoding it took 235 MB (9 MB took 750 MB); reading the file takes a few times its size."""
    import tracemalloc

    from conftest import corpus

    text = corpus(*MJLOG).read_text(encoding="utf-8")
    path = tmp_path / "name.mjlog"
    path.write_text(text.replace(N2, 'n2="' + "%41" * 1_000_000 + '"'))
    tracemalloc.start()
    try:
        reader = load(path, errors="collect")
        games = list(reader)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert games == [] and "n2: 3,000,000 characters percent-encoded" in str(reader.errors[0])
    assert peak < 40_000_000


SIX_INDICATORS = '"E","E","E","E","E","E"'
KAN_INDICATOR = '{"kaigang":{"baopai":"s2"}}'  # the one of simulated_tonpuu.json
MJAI_DORA = '{"type":"dora","dora_marker":"E"}\n'


@pytest.mark.parametrize("source, before, after, message", [
    # a number in digits Python reads and Tenhou never writes: other scripts' (١٢), fullwidth (１２), 5,000 of them
    (SANMA_JSON, '"r27"', '"r' + "2" * 5_000 + '"', "not a discard here: 'r222222"),
    (SANMA_JSON, '"r27"', '"r２７"', "not a discard here: 'r２７'"),
    (SANMA_JSON, '"30符2飜2000点"', '"30符2飜２000点"', "not a point text: '30符2飜２000点'"),
    (SANMA_JSON, '"立直(1飜)"', '"立直(１飜)"', "not a yaku text: '立直(１飜)'"),
    (MJLOG, 'sc="250,-26,250,0,250,26,250,0"', 'sc="250,-26,250,0,250,٢٦,250,0"',
     'bad tag <AGARI ba="0,0" hai="11,12,18,93,94,132,134,135"'),
    (MJLOG, 'owari="319,42.0,', 'owari="319,٤٢.0,', "owari points must be 4 decimal numbers"),
    (MJLOG, 'rate="1996.64,', 'rate="١996.64,', 'bad tag <UN>: rate="١996.64,'),
    (TSUMO, '"37.1"', '"３７.1"', "point must be 4 decimal numbers such as \"-12.3\", not ['３７.1',"),
    # a deal in riichi
    (TSUMO, '"m159p37s2468z2356"', '"m159p37s2468z2356*"',
     "round #0, event 0: qipai.shoupai: a hand dealt cannot be in riichi (its '*'): 'm159p37s2468z2356*'"),
    # more dora or ura-dora indicators than a round shows (1 + 4 kans)
    (SAMPLES / "simulated_tonpuu.json", KAN_INDICATOR, ",".join([KAN_INDICATOR] * 6),
     "kaigang: 6 indicators, more than a round has"),
    (SAMPLES / "simulated_hanchan.json", '"fubaopai":["m3"]', '"fubaopai":["m3","m3","m3","m3","m3","m3"]',
     "hule.fubaopai: 6 indicators, more than a round has (at most 5: the first and one for each of 4 kans)"),
    (MJLOG, '<DORA hai="75" />', '<DORA hai="75" />' * 5, 'bad tag <DORA hai="75" />: DORA: 6 indicators'),
    (MJLOG, 'doraHaiUra="54"', 'doraHaiUra="54,54,54,54,54,54"', "doraHaiUra: 6 indicators"),
    (SANMA_JSON, '[[0,0,0],[35000,35000,35000,0],[22]', '[[0,0,0],[35000,35000,35000,0],[22,22,22,22,22,22]',
     "東1局0本場: dora indicators: 6 indicators"),
    (MJAI, '{"type":"tsumo","actor":3,"pai":"P"}\n', MJAI_DORA * 5 + '{"type":"tsumo","actor":3,"pai":"P"}\n',
     "line 7: dora: 6 indicators"),
    (MJAI, '"ura_markers":["E"]', f'"ura_markers":[{SIX_INDICATORS}]', "ura_markers: 6 indicators"),
])
def test_what_no_log_holds_is_a_load_error_said_in_the_logs_terms(tmp_path, source, before, after, message):
    """Issue 28's lesser findings in the readers: Python's "Exceeds the limit (4300
    digits)" reached a load error; digits of other scripts were read as numbers (as int()
    and float() read them); a deal could carry the riichi mark; any number of dora
    indicators was read. Each is now a load error naming the field, in the log's terms."""
    from conftest import corpus

    text = (source if isinstance(source, Path) else corpus(*source)).read_text(encoding="utf-8")
    assert before in text
    path = tmp_path / (source.name if isinstance(source, Path) else source[-1]).replace(".jsonl", ".mjson")
    path.write_text(text.replace(before, after, 1))
    reader = load(path, errors="collect")
    assert list(reader) == []
    (error,) = reader.errors
    assert message in str(error) and "Exceeds" not in str(error) and len(str(error)) < 600


@pytest.mark.parametrize("source, before, after", [
    (SAMPLES / "simulated_tonpuu.json", KAN_INDICATOR, ",".join([KAN_INDICATOR] * 4)),
    (SAMPLES / "simulated_hanchan.json", '"fubaopai":["m3"]', '"fubaopai":["m3","m3","m3","m3","m3"]'),
    (SANMA_JSON, '[[0,0,0],[35000,35000,35000,0],[22]', '[[0,0,0],[35000,35000,35000,0],[22,22,22,22,22]'),
    (MJAI, '{"type":"tsumo","actor":3,"pai":"P"}\n', MJAI_DORA * 4 + '{"type":"tsumo","actor":3,"pai":"P"}\n'),
    (MJAI, '"ura_markers":["E"]', '"ura_markers":["E","E","E","E","E"]'),
])
def test_five_dora_indicators_are_read(tmp_path, source, before, after):
    """As many dora and ura-dora indicators as a round shows, 5, are read (whether the
    kans that turned them over were made is the replay's to say)."""
    from conftest import corpus

    text = (source if isinstance(source, Path) else corpus(*source)).read_text(encoding="utf-8")
    path = tmp_path / (source.name if isinstance(source, Path) else source[-1]).replace(".jsonl", ".mjson")
    path.write_text(text.replace(before, after, 1))
    reader = load(path, errors="collect")
    assert len(list(reader)) == 1 and reader.errors == []
