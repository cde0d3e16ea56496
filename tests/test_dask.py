"""paipu on a Dask cluster (:mod:`paipu.dask`, ``--scheduler``/``--dask``): on a
``LocalCluster`` of two worker processes, the findings, tables and statistics are those
of one process, over the generated and the real corpora, and a bad file beside good ones
is reported the same way."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="needs Dask: pip install 'paipu[dask]' (the test extra has it)")
pytest.importorskip("dask.dataframe", reason="needs Dask's dataframe: pip install 'paipu[dask]'")

import pandas as pd  # noqa: E402

import paipu  # noqa: E402
import paipu.dask  # noqa: E402
from paipu import stats  # noqa: E402
from paipu.cli import main  # noqa: E402

from conftest import corpus  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"

GENERATED = ("ikkyoku.json.gz", "tonpu.json.gz", "kiriage.json.gz")
"""Games of the reference engine under three rules (40 each; ``kiriage`` gives findings
under any rule but its own: corpora/README.md)."""

REAL = (("tenhou-mjlog", "mjx-tests"), ("tenhou-json", "mjx-tests"), ("majiang", "mahjonglm"),
        ("tenhou-mjlog", "rmss-samples"))
"""Real Tenhou games as mjlog, tenhou.net/6 JSON and 電脳麻将 JSON: two truncated logs,
a known-bad file and two sanma games among them (corpora/README.md)."""

KNOWN_BAD = "2023102817gm-00a9-0000-3abd1803.json#0, 東3局1本場, event 115: hule.fanshu"


@pytest.fixture(scope="module")
def client():
    """A client of a local cluster of two single-threaded worker processes."""
    with paipu.dask.cluster(workers=2) as client:
        assert len(client.nthreads()) == 2
        client.run(lambda: __import__("paipu.stats"))  # ready before the first test that is timed
        yield client


def generated() -> list[str]:
    return [str(corpus("generated", name)) for name in GENERATED]


def real() -> list[str]:
    return [str(corpus(*parts)) for parts in REAL]


def run(capsys, args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def as_one_process(capsys, client, args: list[str]) -> tuple[int, str, str]:
    """What the command gives on the cluster, checked to be what it gives in one process."""
    alone = run(capsys, args)
    on_cluster = run(capsys, [*args, "--scheduler", client.scheduler.address])
    assert on_cluster == alone
    return alone


@pytest.mark.parametrize("options", [[], ["--rule", "majiang", "--json"]], ids=["own-rule", "majiang-json"])
def test_validate_generated_on_the_cluster_as_in_one_process(capsys, client, options):
    code, out, _ = as_one_process(capsys, client, ["validate", *generated(), *options])
    if options:  # each game under another rule than its own: findings
        assert code == 1 and json.loads(out.splitlines()[-1])["summary"]["findings"] > 0
    else:
        assert code == 0 and out.startswith("120 games, ")


def test_validate_real_games_on_the_cluster_as_in_one_process(capsys, client):
    code, out, _ = as_one_process(capsys, client, ["validate", *real()])
    assert code == 1 and KNOWN_BAD in out and "game.incomplete" in out


@pytest.mark.parametrize("options", [["--format", "csv", "--double-ron", "each"],
                                     ["--format", "table", "--player", "ASAPIN"]], ids=["csv-each", "player"])
def test_stats_on_the_cluster_as_in_one_process(capsys, client, options):
    paths = [*generated(), *real()] if "csv" in options else real()
    code, out, _ = as_one_process(capsys, client, ["stats", *paths, *options])
    assert code == 0 and len(out.splitlines()) > 1


def test_tables_and_summary_as_in_one_process(client):
    paths = [*generated(), *real()]
    one = stats.tables(paipu.load(*paths, errors="collect"))
    distributed = paipu.dask.tables(paths, client)
    assert distributed.rounds.npartitions > 2  # the work was shared out
    rounds, games = client.compute([distributed.rounds, distributed.games], sync=True)
    # The rows, with each game's number in the whole pass; a categorical column's
    # categories come in order of appearance, not sorted as one process sorts them.
    pd.testing.assert_frame_equal(rounds.reset_index(drop=True), one.rounds, check_categorical=False)
    pd.testing.assert_frame_equal(games.reset_index(drop=True), one.games, check_categorical=False)
    result = distributed.compute()  # the summary, the errors and the number of games in one pass
    pd.testing.assert_frame_equal(result.summary, one.summary())
    assert result.games == one.games["game"].nunique() and result.errors == []


def test_findings_frame_is_what_validate_json_writes(capsys, client):
    paths = [*generated()[:1], *real()]  # every game of the first under a rule other than its own
    code, out, _ = run(capsys, ["validate", "--rule", "tenhou", "--json", *paths])
    lines = [json.loads(line) for line in out.splitlines()[:-1]]
    assert paipu.dask.validate(paths, client, rule="tenhou").npartitions > 2  # nothing computed yet
    collected = paipu.dask.validate(paths, client, rule="tenhou", collect=True)
    records = collected.astype(object).where(collected.notna(), None).to_dict("records")
    assert len(lines) > 40 and records == lines


def a_folder_with_bad_files(tmp_path: Path) -> Path:
    """The sample games with, between them, a file that is not JSON, a cut gzip file, a
    game whose tile is not one, and a symbolic link back into the folder (a loop)."""
    top = tmp_path / "logs"
    (top / "b" / "deeper").mkdir(parents=True)
    for i, sample in enumerate(sorted(SAMPLES.glob("*.json"))):
        shutil.copy(sample, top / f"a{i}.json")
        shutil.copy(sample, top / "b" / f"c{i}.json")
    (top / "b" / "bad.json").write_text('{"title": "x", "log": [[{"qipai"', encoding="utf-8")
    (top / "b" / "cut.json.gz").write_bytes(gzip.compress((SAMPLES / "tsumo.json").read_bytes())[:-20])
    game = json.loads((SAMPLES / "tsumo.json").read_text(encoding="utf-8"))
    game["log"][0][3]["zimo"]["p"] = "m10"
    (top / "b" / "tile.json").write_text(json.dumps(game), encoding="utf-8")
    os.symlink(top / "b", top / "b" / "deeper" / "loop")
    return top


@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["stats", "--format", "csv"]])
def test_a_bad_file_beside_good_ones_is_reported_the_same_way(capsys, client, tmp_path, command):
    folder = a_folder_with_bad_files(tmp_path)
    code, out, err = as_one_process(capsys, client, [*command, str(folder)])
    assert code == 2
    for name in ("bad.json", "cut.json.gz", "tile.json", "loop"):
        assert name in (err if command != ["validate", "--json"] else out)


def test_reports_keep_a_bounded_number_of_tasks_in_flight(client):
    files = [(str(path), index) for path, index in paipu.load(corpus("tenhou-mjlog", "mjx-tests")).paths()]
    in_flight = []
    reports = []
    for report in paipu.dask.reports(files, client, window=2):
        in_flight.append(len(client.futures))
        reports.append(report)
    assert [report.games for report in reports] == [paipu.validation.validate_file(*file).games for file in files]
    assert max(in_flight) <= 2 and len(client.futures) == 0


def test_tables_to_parquet(client, tmp_path):
    paths = [str(corpus("majiang", "mahjonglm")), str(corpus("tenhou-mjlog", "rmss-samples"))]
    distributed = paipu.dask.tables(paths, client)
    distributed.to_parquet(tmp_path)
    one = stats.tables(paipu.load(*paths, errors="collect"))
    rounds = pd.read_parquet(tmp_path / "rounds")
    assert rounds["yaku"].map(lambda pairs: None if pairs is None else dict(pairs)).tolist() == one.rounds[
        "yaku"].tolist()
    pd.testing.assert_frame_equal(rounds.drop(columns="yaku"), one.rounds.drop(columns="yaku"),
                                  check_categorical=False, check_dtype=False)
    games = pd.read_parquet(tmp_path / "games")
    pd.testing.assert_frame_equal(games, one.games, check_categorical=False, check_dtype=False)  # categories ordered per partition


def test_an_unreachable_scheduler_is_one_line_and_exit_2_within_seconds(capsys):
    with socket.socket() as closed:  # a port nothing listens on: connections are refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    start = time.monotonic()
    code, out, err = run(capsys, ["validate", str(SAMPLES), "--scheduler", f"tcp://127.0.0.1:{port}"])
    assert code == 2 and out == "" and time.monotonic() - start < 15  # Dask's own default waits 30 s
    assert len(err.splitlines()) == 1 and err.startswith("paipu validate: cannot reach the Dask scheduler at tcp://")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see the cluster start")
def test_ctrl_c_while_the_local_cluster_starts_stops_the_run():
    """Ctrl-C pressed (to the whole process group, as a terminal sends it) while --dask
    starts its cluster is not lost: once the cluster is up, the run stops with 130 and
    one line, its workers quiet."""
    command = [sys.executable, "-m", "paipu", "validate", str(SAMPLES), "--dask"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env={**os.environ, "PYTHONPATH": str(SAMPLES.parent)})
    try:
        deadline = time.monotonic() + 60
        # multiprocessing's resource tracker, then the cluster's worker processes
        while len(_children(process.pid)) < 2 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert process.poll() is None, process.communicate()
        os.killpg(process.pid, signal.SIGINT)  # the cluster's processes are starting
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert (process.returncode, out, err) == (130, "", "paipu validate: interrupted\n")


def test_the_local_cluster_connect_makes_is_closed_with_its_client(monkeypatch):
    def no_default():
        raise ValueError("no client")

    monkeypatch.setattr(paipu.dask, "default_client", no_default)  # then connect makes one
    client = paipu.dask.connect(None)
    cluster = client.cluster
    assert cluster is not None and cluster.status.name == "running"
    client.close()
    assert cluster.status.name == "closed"


def test_dask_flag_runs_on_a_local_cluster(capsys):
    alone = run(capsys, ["validate", str(SAMPLES)])
    assert run(capsys, ["validate", str(SAMPLES), "--dask"]) == alone and alone[0] == 0


def test_without_dask_the_options_say_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "paipu.dask", None)  # as if Dask were not installed: import fails
    for command in ("validate", "stats"):
        code, out, err = run(capsys, [command, str(SAMPLES), "--dask"])
        assert code == 2 and out == ""
        assert err.startswith(f"paipu {command}: --scheduler and --dask need Dask: pip install 'paipu[dask]'")


def test_engine_statistics_on_the_cluster_as_in_one_process(capsys, client, tmp_path):
    """``--engine`` on a cluster: the same summary as one process (every statistic, the
    hands' too), and ``tables(..., engine=True)`` with the turns table of one process,
    also as Parquet."""
    paths = real()
    code, out, _ = as_one_process(capsys, client, ["stats", *paths, "--engine", "--format", "csv"])
    assert code == 0 and "avg_call_shanten" in out.splitlines()[0].split(",")  # the hands' last statistic
    one = stats.tables(paipu.load(*paths, errors="collect"), engine=True)
    distributed = paipu.dask.tables(paths, client, engine=True)
    assert distributed.turns.npartitions > 2  # the work was shared out
    turns = client.compute(distributed.turns, sync=True)
    pd.testing.assert_frame_equal(turns.reset_index(drop=True), one.turns, check_categorical=False)
    pd.testing.assert_frame_equal(distributed.compute().summary, one.summary())
    distributed.to_parquet(tmp_path)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "turns"), one.turns, check_categorical=False,
                                  check_dtype=False)
