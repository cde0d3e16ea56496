"""The output side of the command line: what it writes never replaces what it reads,
is written whole or not at all, and every way it can fail (closed streams, a broken
pipe, a full disk, Ctrl-C, a path that names nothing) ends in one line and the exit code
of docs/cli.md's table."""

from __future__ import annotations

import fcntl
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from paipu import cli
from paipu.cli import main

from conftest import SAMPLE_LOGS

ROOT = Path(__file__).resolve().parents[1]
HANCHAN = SAMPLE_LOGS / "simulated_hanchan.json"


def run(*args: str, closed: tuple[int, ...] = (), timeout: float = 60, **options) -> subprocess.CompletedProcess:
    """``python -m paipu ARGS`` as a user runs it, with the file descriptors ``closed``
    closed (``>&-``, ``2>&-``)."""
    def close() -> None:
        for fd in closed:
            os.close(fd)

    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True,
                          preexec_fn=close if closed else None, timeout=timeout, cwd=ROOT, **options)


def one_line(text: str) -> str:
    assert text.count("\n") == 1, text
    return text


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """A folder of the sample logs, and beside it a symbolic and a hard link to one."""
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("tsumo.json", "riichi_ron.json"):
        (folder / name).write_bytes((SAMPLE_LOGS / name).read_bytes())
    (tmp_path / "link.json").symlink_to(folder / "tsumo.json")
    os.link(folder / "tsumo.json", tmp_path / "hard.json")
    return folder


@pytest.mark.parametrize("command", ["stats", "view", "convert"])
@pytest.mark.parametrize("read, output", [
    ("logs/tsumo.json", "logs/tsumo.json"),        # the file read
    ("logs/tsumo.json#0", "logs/tsumo.json"),      # a game of it
    ("logs/tsumo.json", "link.json"),              # a symbolic link to it
    ("logs/tsumo.json", "hard.json"),              # a hard link to it
    ("link.json", "logs/tsumo.json"),              # read through a link, written by name
    ("logs", "logs/out"),                          # inside a folder read
])
def test_output_never_over_what_is_read(logs, command, read, output, capsys, monkeypatch):
    monkeypatch.chdir(logs.parent)
    before = {path: path.read_bytes() for path in logs.parent.rglob("*") if path.is_file()}
    assert main([command, read, "-o", output]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"paipu {command}: -o {output} is ") and "which is read: nothing written" in err
    assert {path: path.read_bytes() for path in logs.parent.rglob("*") if path.is_file()} == before


def test_output_beside_what_is_read_is_written(logs, capsys, monkeypatch):
    monkeypatch.chdir(logs.parent)
    assert main(["stats", "logs", "--format", "csv", "-o", "stats.csv"]) == 0
    assert main(["view", "logs/tsumo.json", "-o", "tsumo.html"]) == 0
    assert main(["convert", "logs/tsumo.json", "-o", "out"]) == 0
    assert Path("stats.csv").read_text(encoding="utf-8").startswith("player,")
    assert Path("tsumo.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert json.loads(Path("out/tsumo.json").read_bytes())["title"]
    assert not [path for path in logs.parent.rglob(".*.part")]  # no temporary left
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", ["show", "validate", "stats", "convert"])
def test_closed_standard_output_is_a_write_error(command):
    done = run(command, "sample_logs", closed=(1,))
    assert done.returncode == 2
    assert one_line(done.stderr) == f"paipu {command}: cannot write standard output: it is closed\n"


def test_closed_standard_output_does_not_matter_to_a_file_output(tmp_path):
    done = run("stats", "sample_logs", "-o", str(tmp_path / "stats.txt"), closed=(1,))
    assert (done.returncode, done.stderr) == (0, "")
    assert "avg rank" in (tmp_path / "stats.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [["validate", "sample_logs"], ["validate", "BAD", "sample_logs"],
                                  ["validate", "--json", "BAD", "sample_logs"], ["show", "BAD", "sample_logs"]])
def test_closed_standard_error_drops_its_lines(tmp_path, args):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    args = [str(bad) if arg == "BAD" else arg for arg in args]
    shown = run(*args)
    closed = run(*args, closed=(2,))
    assert closed.returncode == shown.returncode == (2 if str(bad) in args else 0)
    assert closed.stdout == shown.stdout  # standard error's lines are not in it
    assert (str(bad) in shown.stderr) == (str(bad) in args and "--json" not in args)  # else in the JSON


@pytest.mark.parametrize("args", [["view", str(HANCHAN)], ["convert", "--to", "mjai", str(HANCHAN)]])
def test_broken_pipe_in_one_large_write(args):
    """The pipe takes part of one write (its reader gone): 141, nothing said, as for many."""
    read, write = os.pipe()
    fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 4096)  # so that one game's page or log is larger
    process = subprocess.Popen([sys.executable, "-m", "paipu", *args], stdout=write, stderr=subprocess.PIPE,
                               cwd=ROOT)
    os.close(write)
    try:
        assert len(os.read(read, 10)) == 10
        time.sleep(0.5)  # the write now waits on the full pipe
    finally:
        os.close(read)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (141, b"")


@pytest.fixture
def small_disk(tmp_path: Path):
    """A folder on a file system of 40 KiB (a tmpfs), unmounted after."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=40k", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs to fill (needs root): {mounted.stderr.strip()}")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def test_full_disk_leaves_no_file_cut_short(small_disk, capsys):
    # one game's page is larger than the disk: nothing of it stays
    page = small_disk / "game.html"
    assert main(["view", str(HANCHAN), "-o", str(page)]) == 2
    assert one_line(capsys.readouterr().err) == f"paipu view: cannot write {page}: No space left on device\n"
    assert list(small_disk.iterdir()) == []
    # the games that fit are written whole; the one that does not is named and not there
    folder = small_disk / "games"
    assert main(["convert", str(SAMPLE_LOGS), "-o", str(folder)]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"paipu convert: cannot write {folder}/") and err.endswith(": No space left on device\n")
    missing = Path(err.split("cannot write ")[1].split(":")[0])
    written = sorted(folder.iterdir())
    assert missing not in written and written
    for path in written:
        assert json.loads(path.read_bytes())["rule"]  # each whole
    # a table on a disk with no room left: no empty file
    filler = os.open(small_disk / "filler", os.O_WRONLY | os.O_CREAT)
    with pytest.raises(OSError):  # as much as fits
        while True:
            os.write(filler, b"x" * 512)
    os.close(filler)
    table = small_disk / "stats.txt"
    assert main(["stats", str(SAMPLE_LOGS), "-o", str(table)]) == 2
    assert one_line(capsys.readouterr().err) == f"paipu stats: cannot write {table}: No space left on device\n"
    assert not table.exists() and not list(small_disk.glob(".*"))


@pytest.mark.parametrize("loaded", ["paipu.events", "paipu.loader"])
@pytest.mark.parametrize("entry", [["-m", "paipu"], ["-c", "import sys, paipu_main; sys.exit(paipu_main.main())"]])
def test_ctrl_c_while_loading(entry, loaded, tmp_path):
    """Ctrl-C while the library is imported (the first ~0.1 s): 130 and one line, by
    ``python -m paipu`` and by the ``paipu`` command's entry point. The signal is sent
    once Python says (``PYTHONVERBOSE``) that it imported ``loaded``, a module that
    the command line loads before it runs (``import paipu`` itself loads its modules as
    their names are first used). The log read is a FIFO this test holds open and never writes:
    on a loaded machine the command may be past its imports when the signal comes, and
    then it is still loading, never done."""
    fifo = tmp_path / "log.json"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # a writer that never writes: the command's read waits
    process = subprocess.Popen([sys.executable, *entry, "show", str(fifo)], cwd=ROOT, text=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=dict(os.environ, PYTHONVERBOSE="1"))
    try:
        for line in process.stderr:
            if line.startswith(f"import '{loaded}'"):
                break
        process.send_signal(signal.SIGINT)
        err = process.stderr.read()
    finally:
        process.wait(timeout=60)
        os.close(writer)
    said = [line for line in err.splitlines() if not line.startswith(("#", "import "))]
    assert (process.returncode, said) == (130, ["paipu: interrupted"]), err[-2000:]


def test_ctrl_c_before_the_command_is_known_says_paipu_interrupted(monkeypatch, capsys):
    """Ctrl-C after the imports but before the arguments are read (the window
    test_ctrl_c_while_loading's signal may land in on a fast machine): the same one line."""
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["show", "sample_logs/tsumo.json"]) == 130
    assert capsys.readouterr().err == "paipu: interrupted\n"


@pytest.mark.parametrize("args, said", [
    (["view", "sample_logs/tsumo.json", "-o", "/nonexistent/x.html"],
     "paipu view: cannot write /nonexistent/x.html: no such folder"),
    (["simulate", "-o", "/proc/x"], "paipu simulate: cannot write /proc/x: no such folder"),
    (["simulate", "-o", "sample_logs/tsumo.json"], "paipu simulate: sample_logs/tsumo.json is a file, not a folder"),
    (["convert", "sample_logs/riichi_ron.json", "-o", "README.md"], "paipu convert: README.md is a file, not a folder"),
    (["validate", "EMPTY"], "paipu validate: no games found in EMPTY"),
    (["show", "LOOP"], "paipu show: LOOP: a symbolic link loop"),
    (["show", ""], "paipu show: an empty path names nothing (write . for the current folder)"),
    (["stats", "sample_logs", "-o", ""], "paipu stats: an empty path names nothing (write . for the current folder)"),
    (["convert", "sample_logs", "-o", ""],
     "paipu convert: an empty path names nothing (write . for the current folder)"),
])
def test_messages_say_what_is_wrong(tmp_path, args, said, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    (tmp_path / "empty").mkdir()
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    places = {"EMPTY": str(tmp_path / "empty"), "LOOP": str(tmp_path / "loop")}
    args = [places.get(arg, arg) for arg in args]
    for placeholder, place in places.items():
        said = said.replace(placeholder, place)
    assert main(args) == 2
    assert one_line(capsys.readouterr().err) == said + "\n"


@pytest.mark.parametrize("args, said", [
    (["m123456p23478s05p9", "--ura", "m9"], "--ura needs --riichi or --double-riichi"),
    ([""], "no hand given"),
    (["m123456p23478s05", "--ron", ""], "--ron takes a tile, not ''"),
    (["p123456789s23z11s4", "--north", "2"], "--north needs --players 3"),
])
def test_score_refuses_what_cannot_be(args, said, capsys):
    assert main(["score", *args]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"paipu score: {said}") and ",b" not in err


@pytest.mark.parametrize("args", [["m123456p23478s05p9", "--riichi", "--ura", "m9"],
                                  ["p123456789s23z11s4", "--north", "2", "--players", "3"]])
def test_score_takes_them_where_they_can_be(args, capsys):
    assert main(["score", *args]) == 0
    out = capsys.readouterr().out
    assert ("裏ドラ" in out) == ("--ura" in args)
    assert re.search(r"^  ドラ \(Dora\) +2 han$", out, re.MULTILINE) or "--north" not in args  # the two Norths


def test_output_to_a_text_stream_without_bytes(monkeypatch):
    """main() called where standard output is text alone (a notebook's stream, StringIO)
    writes there, as it did before output went through bytes."""
    import io

    from paipu import cli

    text = io.StringIO()
    monkeypatch.setattr(sys, "stdout", text)
    assert cli.main(["stats", str(Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json")]) == 0
    assert "East player" in text.getvalue()


# -- the temporary file of an output (issue 28, adversarial findings 6 and 8) ---------------


def test_links_planted_for_the_temporary_file_write_nothing_through(tmp_path, capsys, monkeypatch):
    """A folder others can write, with symbolic links planted under the names the
    temporary file of ``-o shared/stats.csv`` once had (``.stats.csv.PID.part``, for this
    process's id and the next ones): the file the links point to stays as it was, and
    ``stats.csv`` is a file of its own, not a link."""
    monkeypatch.chdir(tmp_path)
    shared = tmp_path / "shared"
    shared.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n", encoding="utf-8")
    for pid in range(os.getpid(), os.getpid() + 50):
        (shared / f".stats.csv.{pid}.part").symlink_to(victim)
    assert main(["stats", str(SAMPLE_LOGS), "--format", "csv", "-o", "shared/stats.csv"]) == 0
    assert victim.read_text(encoding="utf-8") == "mine\n"
    written = shared / "stats.csv"
    assert not written.is_symlink() and written.read_text(encoding="utf-8").startswith("player,")
    assert capsys.readouterr().err == ""


def test_a_temporary_name_taken_is_never_written_through(tmp_path, monkeypatch):
    """Whatever its random letters, a temporary name someone took first (a link to their
    victim) is passed over for another: nothing is written through it."""
    from paipu import output

    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n", encoding="utf-8")
    (tmp_path / ".out.csv.taken.part").symlink_to(victim)
    (tmp_path / ".out.csv.taken2.part").write_text("theirs\n", encoding="utf-8")
    letters = iter(["taken", "taken2", "free"])
    monkeypatch.setattr(output, "_random_letters", lambda: next(letters))
    output.write_whole(tmp_path / "out.csv", b"a,b\n")
    assert (tmp_path / "out.csv").read_bytes() == b"a,b\n"
    assert victim.read_text(encoding="utf-8") == "mine\n"
    assert (tmp_path / ".out.csv.taken2.part").read_text(encoding="utf-8") == "theirs\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        ".out.csv.taken.part", ".out.csv.taken2.part", "out.csv", "victim.txt"]


@pytest.fixture
def umask():
    """The process's umask set to ``027`` for the test, then restored."""
    before = os.umask(0o027)
    yield 0o027
    os.umask(before)


def test_an_output_file_has_the_permissions_a_plain_open_gives(tmp_path, umask):
    """A new file: rw-rw-rw- less the umask (027: rw-r-----), not a temporary file's
    rw-------; a file written over keeps its own permissions, as ``open(path, "wb")`` keeps
    them."""
    from paipu.output import write_whole

    new = tmp_path / "new.csv"
    write_whole(new, b"new\n")
    assert stat_mode(new) == 0o640 == 0o666 & ~umask
    kept = tmp_path / "kept.csv"
    kept.write_bytes(b"old\n")
    for mode in (0o600, 0o664):
        kept.chmod(mode)
        write_whole(kept, b"new\n")
        assert (stat_mode(kept), kept.read_bytes()) == (mode, b"new\n")


def stat_mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return path.stat().st_mode & 0o777


@pytest.mark.parametrize("failure", ["rename", "write"])
def test_a_failed_write_leaves_no_temporary_file(tmp_path, failure, monkeypatch):
    """A write or rename that fails part way: the file meant is named, its old content
    stays whole, no temporary file is left."""
    from paipu import output

    target = tmp_path / "out.csv"
    target.write_bytes(b"old\n")

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    if failure == "rename":
        monkeypatch.setattr(output.os, "replace", refuse)
        with pytest.raises(OSError, match=f"No space left on device: '{target}'"):
            output.write_whole(target, b"new\n")
    else:
        with pytest.raises(TypeError):
            output.write_whole(target, "not bytes")  # type: ignore[arg-type]
    assert [path.name for path in tmp_path.iterdir()] == ["out.csv"]
    assert target.read_bytes() == b"old\n"


@pytest.mark.parametrize("length", [245, 255])
def test_a_long_file_name_is_written(tmp_path, length, capsys, monkeypatch):
    """File names up to the 255 bytes a folder takes (NAME_MAX) are written by stats,
    view and convert: the temporary file's name fits beside them."""
    monkeypatch.chdir(tmp_path)
    table = "s" * (length - 4) + ".txt"
    page = "v" * (length - 5) + ".html"
    log = tmp_path / ("g" * (length - 5) + ".json")
    log.write_bytes((SAMPLE_LOGS / "tsumo.json").read_bytes())
    assert main(["stats", str(SAMPLE_LOGS), "-o", table]) == 0
    assert main(["view", str(log), "-o", page]) == 0
    assert main(["convert", str(log), "-o", "out"]) == 0
    assert capsys.readouterr().err == ""
    assert "avg rank" in Path(table).read_text(encoding="utf-8")
    assert Path(page).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert json.loads((tmp_path / "out" / log.name).read_bytes())["title"]
    assert not list(tmp_path.rglob(".*.part"))


# -- names in the statistics' CSV (issue 28, adversarial finding 7) -------------------------


@pytest.fixture
def hostile_names(tmp_path: Path) -> Path:
    """Two copies of the sample game ``tsumo.json`` (final points 37.1, 4.3, -15.7,
    -25.7), their players named as formulas, with a terminal's escape sequences, and one
    plainly."""
    game = json.loads((SAMPLE_LOGS / "tsumo.json").read_text(encoding="utf-8"))
    game = game[0] if isinstance(game, list) else game
    names = (["=HYPERLINK(\"http://x\")", "+1", "-3", "@SUM(A1)"],
             ["\t=1+2", "\r=1+2", "\x1b]0;owned\x07bell\u009b31m", "safe name"])
    folder = tmp_path / "hostile"
    folder.mkdir()
    for number, players in enumerate(names):
        (folder / f"{number}.json").write_text(json.dumps(dict(game, player=players)), encoding="utf-8")
    return folder


def test_csv_names_are_shown_not_run_and_escape_nothing(hostile_names, tmp_path):
    """A name a spreadsheet would run (beginning with = + - @, a tab or a carriage
    return: OWASP's list) is written after a ``'``; control characters are escaped as the
    table escapes them; numbers, negative ones too, stay numbers. Standard output and
    ``-o`` write the same."""
    import csv
    import io

    done = run("stats", str(hostile_names), "--format", "csv")
    assert (done.returncode, done.stderr) == (0, "")
    written = tmp_path / "stats.csv"
    assert run("stats", str(hostile_names), "--format", "csv", "-o", str(written)).returncode == 0
    assert written.read_text(encoding="utf-8") == done.stdout
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", done.stdout)
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(done.stdout))}
    assert set(rows) == {"'=HYPERLINK(\"http://x\")", "'+1", "'-3", "'@SUM(A1)", "'\\x09=1+2", "'\\x0d=1+2",
                         "\\x1b]0;owned\\x07bell\\x9b31m", "safe name"}
    # each name's final points, as the log states them (first to fourth seat): numbers
    assert [rows[name]["avg_point"] for name in ("'=HYPERLINK(\"http://x\")", "'+1", "'-3", "'@SUM(A1)")] == [
        "37.1", "4.3", "-15.7", "-25.7"]


def test_json_names_escape_what_could_act_on_a_terminal(hostile_names):
    """JSON escapes C0 controls itself; the C1 CSI (U+009B) and DEL too are written as
    JSON escapes, the names read back as they were."""
    done = run("stats", str(hostile_names), "--format", "json")
    assert (done.returncode, done.stderr) == (0, "")
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]", done.stdout)
    assert "\x1b]0;owned\x07bell\u009b31m" in {record["player"] for record in json.loads(done.stdout)}


def test_format_summary_csv_writes_formulas_as_text():
    """The API's CSV writes the ``'`` as the command does (the escaping of control
    characters is the printing's)."""
    import pandas as pd

    from paipu.stats import format_summary, summary

    table = summary(str(SAMPLE_LOGS / "tsumo.json"))
    table.index = pd.Index(["=1+2", "-3", "@A1", "plain"][: len(table)], name="player")
    players = [line.split(",")[0] for line in format_summary(table, "csv").splitlines()[1:]]
    assert sorted(players) == sorted(["'=1+2", "'-3", "'@A1", "plain"][: len(table)])


def test_json_lines_escape_a_c1_control_in_a_file_name(tmp_path):
    """``validate --json`` names an unreadable file whose name holds the C1 CSI (U+009B,
    an escape sequence's start as ESC [ is): written as a JSON escape, read back as it is."""
    bad = tmp_path / "x\u009b31m.json"
    bad.write_text("{not json", encoding="utf-8")
    done = run("validate", "--json", str(tmp_path))
    assert done.returncode == 2
    assert "\u009b" not in done.stdout and "\\u009b31m" in done.stdout
    assert json.loads(done.stdout.splitlines()[0])["source"] == str(bad)


def test_convert_writes_the_other_games_when_one_name_is_too_long(tmp_path, capsys):
    """A log whose name is already the longest a folder takes (255 bytes) gets a longer one
    as mjai (``.jsonl``): that game is named as not written, and the games after it are
    still written (exit 2)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    long = logs / ("g" * 250 + ".json")
    for path in (long, logs / "h.json"):
        path.write_bytes((SAMPLE_LOGS / "tsumo.json").read_bytes())
    out = tmp_path / "out"
    assert main(["convert", "--to", "mjai", str(logs), "-o", str(out)]) == 2
    target = out / ("g" * 250 + ".jsonl")
    assert one_line(capsys.readouterr().err) == (
        f"paipu convert: {long}#0: not written: {target}: its name is longer than a folder takes\n")
    assert [path.name for path in out.iterdir()] == ["h.jsonl"]
    assert '"type":"start_game"' in (out / "h.jsonl").read_text(encoding="utf-8")
