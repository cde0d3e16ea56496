"""The worker processes of ``--jobs`` (``paipu.parallel.Workers``): a worker that dies
(SIGKILL, as the kernel's out-of-memory killer sends it) ends ``paipu validate``, ``stats``
and ``simulate`` with one line and exit code 4, never a wait for ever; Ctrl-C ends them
with 130; and neither leaves a worker process behind.

Each command runs as a user runs it (a subprocess in a session of its own, with a time
limit: a hang fails the test). A worker is made to wait on a FIFO whose writer never
writes (opened read-write here, so that the reader's ``open`` returns and its ``read``
waits), found by the FIFO among its open files, and killed; ``simulate`` reads no file:
its first worker is killed as soon as it is seen, a thousand games from the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

from paipu import cli
from paipu.parallel import WorkerDied, Workers

from conftest import HAND_MADE

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").exists(),
                                reason="finds the workers in /proc (Linux)")

DIED = ("a worker process died (killed by signal 9, SIGKILL), so the work is unfinished: "
        "if memory ran out, use fewer --jobs (--jobs 1 works in one process)")


def _children(pid: int) -> list[int]:
    """The child processes of ``pid``."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended and not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _reads(fifo: Path) -> Callable[[int], bool]:
    """Whether a process has ``fifo`` open: the worker waiting on it."""
    def opened(pid: int) -> bool:
        try:
            return any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(fifo) for fd in os.listdir(f"/proc/{pid}/fd"))
        except OSError:  # ended, or the file closed meanwhile
            return False
    return opened


def _stop(args: list[str], victim: Callable[[int], bool], interrupt: bool = False) -> tuple[int, str, float]:
    """Run ``paipu ARGS``; once one of its workers is ``victim``, kill it with SIGKILL (or
    with ``interrupt``, press Ctrl-C: SIGINT to the whole process group); the exit code,
    standard error and the seconds from the signal to the end. Every worker seen must be
    gone by then."""
    process = subprocess.Popen([sys.executable, "-m", "paipu", *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        workers: set[int] = set()
        chosen = None
        deadline = time.monotonic() + 60
        while chosen is None and process.poll() is None and time.monotonic() < deadline:
            workers.update(_children(process.pid))
            chosen = next((pid for pid in sorted(workers) if victim(pid)), None)
            time.sleep(0.02)
        assert chosen is not None, "no worker to stop"
        if interrupt:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(chosen, signal.SIGKILL)
        start = time.monotonic()
        _, errors = process.communicate(timeout=60)
        took = time.monotonic() - start
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert "Traceback" not in errors
    time.sleep(0.2)  # a worker stopped by the command is reaped by init once the command ends
    assert [pid for pid in workers if _running(pid)] == [], "workers left behind"
    return process.returncode, errors, took


def _waiting(tmp_path: Path) -> tuple[list[str], Path, int]:
    """Paths to read (the hand-made games, then a FIFO that is never written), the FIFO,
    and the descriptor of its writer (to close)."""
    fifo = tmp_path / "slow.json"
    os.mkfifo(fifo)
    return [*map(str, HAND_MADE), str(fifo)], fifo, os.open(fifo, os.O_RDWR)


@pytest.mark.parametrize("command", ["validate", "stats"])
def test_a_killed_worker_ends_the_command_with_one_line(tmp_path, command):
    paths, fifo, writer = _waiting(tmp_path)
    try:
        code, errors, took = _stop([command, "--jobs", "2", *paths], _reads(fifo))
    finally:
        os.close(writer)
    assert code == cli.EXIT_WORKER_DIED == 4
    assert errors == f"paipu {command}: {DIED}\n"
    assert took < 10


def test_a_killed_worker_ends_simulate_with_one_line(tmp_path):
    code, errors, took = _stop(["simulate", "--games", "1000", "--jobs", "2", "-o", str(tmp_path)],
                               lambda pid: True)
    assert code == cli.EXIT_WORKER_DIED
    assert errors == f"paipu simulate: {DIED}\n"
    assert took < 10


@pytest.mark.parametrize("command", ["validate", "stats", "simulate"])
def test_ctrl_c_stops_every_worker(tmp_path, command):
    """Ctrl-C while a worker waits on a FIFO (simulate: while the workers play): exit code
    130, one line, and no worker left running."""
    paths, fifo, writer = _waiting(tmp_path)
    try:
        if command == "simulate":
            args, victim = ["simulate", "--games", "1000", "-o", str(tmp_path / "games")], lambda pid: True
        else:
            args, victim = [command, *paths], _reads(fifo)
        code, errors, _ = _stop([*args, "--jobs", "2"], victim, interrupt=True)
    finally:
        os.close(writer)
    assert code == cli.EXIT_INTERRUPTED
    assert errors == f"paipu {command}: interrupted\n"


def _square(number: int) -> int:
    return number * number


def _exit(number: int) -> int:
    if number == 5:
        os._exit(7)
    return number


def test_workers_give_results_in_order_with_few_tasks_out():
    """Results in the order of the items however the workers finish, the items drawn only
    as results are taken (a bounded number out), and the same in one process."""
    drawn = []

    def items():
        for number in range(200):
            drawn.append(number)
            yield number

    with Workers(2) as workers:
        results = workers.map(_square, items())
        assert [next(results) for _ in range(3)] == [0, 1, 4]
        assert len(drawn) <= 3 + 3 * 2  # taken, and at most three per worker out
        assert list(results) == [number * number for number in range(3, 200)]
    with Workers(2) as workers:
        assert list(workers.each(_square, range(100), most=7)) == [number * number for number in range(100)]
    with Workers(1) as workers:
        assert list(workers.each(_square, range(10))) == list(map(_square, range(10)))


def test_a_worker_that_exits_is_named_with_its_status():
    with pytest.raises(WorkerDied) as died:
        with Workers(2) as workers:
            list(workers.map(_exit, range(10)))
    assert died.value.exitcode == 7
    assert str(died.value) == "a worker process died (exit status 7)"
    assert str(WorkerDied(-11)) == "a worker process died (killed by signal 11, SIGSEGV)"
