"""Log databases and archives read as folders of logs (paipu/containers.py).

The databases are built here as phoenix-logs and houou-logs build theirs (their ``CREATE
TABLE`` statements, their compression: bz2 before May 2023, gzip since), and the
archives as ``zip`` and ``tar`` build theirs, from real Tenhou logs of the corpora; each
game read from them must validate exactly as its loose file does. What a row says of its
game (players, length, day) is taken here from the mjlog's own ``GO type`` and the log
id, as the tools take it, not from paipu.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import os
import re
import sqlite3
import stat
import struct
import tarfile
import zipfile
from pathlib import Path

import pytest

import paipu
from paipu.cli import main
from paipu.containers import Filters, Part, kind, parts
from paipu.loader import PATTERNS, LoadError, load
from paipu.parallel import listing
from paipu.validation import validate_file

from conftest import corpus

LOGS = (("thewaxmango-2009-03", "*.mjlog", 14), ("thewaxmango-2022-01", "*.mjlog", 6),
        ("jim137-general-lobby", "*.mjlog", 2), ("mjx-tests", "*-no-*-end.mjlog", 2),
        ("agony5757-mahjong-paipuxmls", "*gm-00b9-*.mjlog", 3))
"""The corpus folders the containers are built from, the names and how many of each
folder's logs (in sorted order): East-only games of 2009, Phoenix games of 2022, logs
named with a viewer seat (``&tw=3``), two cut short (findings), and three-player games
of 2020 (files gzip-compressed, as the members of the yearly archives are)."""


def log_files() -> list[Path]:
    files = []
    for folder, pattern, count in LOGS:
        files.extend(sorted(corpus("tenhou-mjlog", folder).glob(pattern))[:count])
    return files


def xml_of(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def log_id(path: Path) -> str:
    """The Tenhou id the tools key a row by: the file name without ``.mjlog`` and a viewer seat."""
    return re.sub(r"&tw=\d$", "", path.name.removesuffix(".mjlog"))


def game_type(path: Path) -> tuple[int, bool]:
    """Players and whether East-only, from the mjlog's ``GO type`` bits (0x10 three
    players, 0x08 East-South), as houou-logs' ``parse_type`` reads them."""
    bits = int(re.search(rb'<GO type="(\d+)"', xml_of(path))[1])
    return (3 if bits & 0x10 else 4), not bits & 0x08


def day(path: Path) -> str:
    text = log_id(path)
    return f"{text[0:4]}-{text[4:6]}-{text[6:8]}"


PHOENIX = """CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, is_sanma int,
             is_processed int, was_error int, log_content text{hash})"""
HOUOU = """CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT NOT NULL,
           num_players INTEGER NOT NULL CHECK(num_players IN (4, 3)), is_tonpu INTEGER NOT NULL,
           is_processed INTEGER NOT NULL, was_error INTEGER NOT NULL, log BLOB) WITHOUT ROWID"""
SHUFFLE = re.compile(rb"<SHUFFLE[^>]*>")


def phoenix_db(path: Path, files: list[Path], compress: str) -> Path:
    """A phoenix-logs database: ``compress`` ``gzip`` (since May 2023), ``bz2`` (before,
    with the ``log_hash`` column of then) or ``mix`` (alternate rows; every other one
    with ``<SHUFFLE>`` stripped, as ``--strip`` does); one row whose download failed and
    one not downloaded yet, as the tool leaves them."""
    connection = sqlite3.connect(path)
    connection.execute(PHOENIX.format(hash=", log_hash text" if compress == "bz2" else ""))
    connection.execute("CREATE TABLE last_downloads(name text, date int)")
    for number, file in enumerate(files):
        xml = xml_of(file)
        if compress == "mix" and number % 2:
            xml = SHUFFLE.sub(b"", xml)
        packed = gzip.compress(xml) if compress == "gzip" or compress == "mix" and number % 2 else bz2.compress(xml)
        players, east = game_type(file)
        connection.execute("INSERT INTO logs (log_id, date, is_tonpusen, is_sanma, is_processed, was_error, "
                           "log_content) VALUES (?, ?, ?, ?, 1, 0, ?)",
                           (log_id(file), f"{day(file)} 12:00", int(east), int(players == 3), packed))
    connection.execute("INSERT INTO logs VALUES ('2099010100gm-00a9-0000-failed00', '2099-01-01 00:00', 0, 0, 1, 1, "
                       "''" + (", ''" if compress == "bz2" else "") + ")")
    connection.execute("INSERT INTO logs VALUES ('2099010100gm-00a9-0000-notyet00', '2099-01-01 00:00', 0, 0, 0, 0, "
                       "NULL" + (", NULL" if compress == "bz2" else "") + ")")
    connection.commit()
    connection.close()
    return path


def houou_db(path: Path, files: list[Path]) -> Path:
    connection = sqlite3.connect(path)
    connection.execute(HOUOU)
    connection.execute("CREATE TABLE fetch_state (kind TEXT PRIMARY KEY, last_attempt_time REAL NOT NULL) "
                       "WITHOUT ROWID")
    connection.execute("CREATE TABLE file_index (file TEXT PRIMARY KEY, size INTEGER NOT NULL) WITHOUT ROWID")
    connection.execute("CREATE INDEX idx_logs_status_filter ON logs (is_processed, was_error, num_players, is_tonpu, id)")
    for file in files:
        players, east = game_type(file)
        connection.execute("INSERT INTO logs VALUES (?, ?, ?, ?, 1, 0, ?)",
                           (log_id(file), f"{day(file)}T12:00", players, int(east), gzip.compress(xml_of(file))))
    connection.execute("INSERT INTO logs VALUES ('2099010100gm-00a9-0000-failed00', '2099-01-01T00:00', 4, 0, 1, 1, NULL)")
    connection.commit()
    connection.close()
    return path


def archive(path: Path, files: list[Path]) -> Path:
    """A zip (deflate) or tar (plain, gzip, bzip2, xz) of the files, under ``logs/``."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as made:
            for file in files:
                made.write(file, f"logs/{file.name}")
    else:
        with tarfile.open(path, "w:" + {".gz": "gz", ".bz2": "bz2", ".xz": "xz", ".tar": ""}[path.suffix]) as made:
            for file in files:
                made.add(file, f"logs/{file.name}")
    return path


def comparable(report) -> tuple:
    """A validation report without the sources: the counts, and each finding's place and values."""
    findings = tuple((f["round"], f["event"], f["check"], f["expected"], f["logged"], f["message"])
                     for f in report.findings)
    return report.games, report.rounds, report.valid, report.loose, findings, report.engine_errors


def loose_reports(files: list[Path]) -> dict[str, tuple]:
    return {log_id(file): comparable(validate_file(str(file))) for file in files}


@pytest.fixture(scope="module")
def files() -> list[Path]:
    return log_files()


@pytest.fixture(scope="module")
def loose(files) -> dict[str, tuple]:
    return loose_reports(files)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("containers")


CONTAINERS = ("phoenix-gzip.db", "phoenix-bz2.db", "phoenix-mix.db", "houou.db", "logs.zip", "logs.tar.gz",
              "logs.tar.bz2", "logs.tar.xz", "logs.tar")


def build(name: str, folder: Path, files: list[Path]) -> Path:
    path = folder / name
    if path.exists():
        return path
    if name.startswith("phoenix"):
        return phoenix_db(path, files, name.split("-")[1].removesuffix(".db"))
    if name == "houou.db":
        return houou_db(path, files)
    return archive(path, files)


def member(container: Path, file: Path) -> str:
    return f"{container}#{log_id(file) if container.suffix == '.db' else 'logs/' + file.name}"


@pytest.mark.parametrize("name", CONTAINERS)
def test_every_game_of_a_container_validates_as_its_loose_file(name, folder, files, loose):
    container = build(name, folder, files)
    reader = load(container, errors="collect")
    games = list(reader)
    assert [game.source for game in games] == [member(container, file) + "#0" for file in
                                               (sorted(files, key=log_id) if name.endswith(".db") else files)]
    # each row or member validated by itself, named as a path names it, as the loose file validates
    for file in files:
        report = validate_file(str(container), Part(entry=member(container, file).split("#", 1)[1]))
        assert comparable(report) == loose[log_id(file)], file.name
        assert all(f["source"] == member(container, file) + "#0" for f in report.findings)
    # and the container whole, in one pass: every finding, in order, as the loose files give them
    whole = validate_file(str(container))
    expected = [loose[log_id(file)] for file in (sorted(files, key=log_id) if name.endswith(".db") else files)]
    assert whole.games == len(files)
    assert [(f["round"], f["event"], f["check"], f["expected"], f["logged"], f["message"]) for f in whole.findings] \
        == [finding for report in expected for finding in report[4]]
    assert whole.valid == sum(report[2] for report in expected)
    unread = {error["source"]: error["message"] for error in whole.errors}
    if name.startswith("phoenix"):
        assert unread == {
            f"{container}#2099010100gm-00a9-0000-failed00": "its download failed (was_error 1 in the database): "
                                                            "no log to read",
            f"{container}#2099010100gm-00a9-0000-notyet00": "not downloaded yet (is_processed 0 in the database): "
                                                            "no log to read"}
    elif name == "houou.db":
        assert list(unread) == [f"{container}#2099010100gm-00a9-0000-failed00"]
    else:
        assert unread == {}


def test_the_corpus_games_chosen_hold_findings_three_players_and_east_only_games(files, loose):
    """The comparison above is worth something: some games have findings, some are of
    three players, some East-only (else the filters below would choose nothing)."""
    assert any(report[4] for report in loose.values())
    types = {game_type(file) for file in files}
    assert (3, True) in types or (3, False) in types
    assert (4, True) in types and (4, False) in types


@pytest.mark.parametrize("name", ["phoenix-mix.db", "houou.db"])
@pytest.mark.parametrize("filters", [Filters(players=3), Filters(players=4, length="east"), Filters(length="south"),
                                     Filters(since="2022-01-01"), Filters(until="2009-03-05"),
                                     Filters(since="2009-03-05", until="2009-03-10", limit=3), Filters(limit=5),
                                     Filters(limit=0)],
                         ids=repr)
def test_filters_choose_the_rows_by_their_columns(name, filters, folder, files):
    container = build(name, folder, files)
    # every row: its id, players, East-only, day, and whether it holds a log (the two
    # rows without one are of four players, East-South, 2099-01-01, as inserted above)
    rows = [(log_id(file), *game_type(file), day(file), True) for file in files]
    rows += [(f"2099010100gm-00a9-0000-{what}", 4, False, "2099-01-01", False)
             for what in (("failed00", "notyet00") if name != "houou.db" else ("failed00",))]
    chosen = sorted(row for row in rows
                    if (filters.players is None or row[1] == filters.players)
                    and (filters.length is None or row[2] == (filters.length == "east"))
                    and (filters.since is None or row[3] >= filters.since)
                    and (filters.until is None or row[3] <= filters.until))[:filters.limit]
    reader = load(container, errors="collect", filters=filters)
    assert [game.source for game in reader] == [f"{container}#{row[0]}#0" for row in chosen if row[4]]
    assert [error.source for error in reader.errors] == [f"{container}#{row[0]}" for row in chosen if not row[4]]
    # cut into parts for workers, the same rows
    shares = list(parts(container, "database", Part(filters=filters), PATTERNS))
    assert sum(part.count for part in shares) == len(chosen)
    assert all(part.count <= 16 and part.filters == filters for part in shares)


def test_archives_are_limited_by_members(folder, files):
    container = build("logs.zip", folder, files)
    assert [game.source for game in load(container, filters=Filters(limit=2))] == [
        member(container, file) + "#0" for file in files[:2]]


@pytest.mark.parametrize("name", ["houou.db", "logs.zip", "logs.tar", "logs.tar.gz"])
def test_parts_for_workers_read_every_game_once_in_order(name, folder, files):
    container = build(name, folder, files)
    listed, _ = listing(load(container))
    whole = [game.source for game in load(container, errors="collect")]
    reader = load(errors="collect")
    assert [game.source for path, part in listed for game in reader.read_file(Path(path), part)] == whole
    if name == "logs.tar.gz":  # cannot be entered in the middle: one part
        assert listed == [(str(container), Part())]
    else:
        assert len(listed) == -(-len(files) // 16) and len(files) > 16


def test_jobs_and_one_process_say_the_same(capsys, folder, files):
    paths = [str(build(name, folder, files)) for name in ("phoenix-bz2.db", "logs.zip", "logs.tar")]
    outputs = []
    for jobs in ("1", "2"):
        code = main(["validate", *paths, "--jobs", jobs, "--json"])
        outputs.append((code, capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 2 and f'"games":{3 * len(files)},' in outputs[0][1].replace(" ", "")
    code = main(["stats", paths[0], "--players", "4", "--jobs", "2", "--format", "csv"])
    by_jobs = capsys.readouterr().out
    assert code == 2 and main(["stats", paths[0], "--players", "4", "--format", "csv"]) == 2  # rows without logs
    assert capsys.readouterr().out == by_jobs


def test_a_row_or_member_named_as_a_path(capsys, folder, files):
    database, archived = build("houou.db", folder, files), build("logs.tar.xz", folder, files)
    first = files[0]
    games = list(load(f"{database}#{log_id(first)}", f"{database}#{log_id(files[1])}#0",
                      f"{archived}#logs/{first.name}", errors="raise"))
    assert [game.source for game in games] == [f"{database}#{log_id(first)}#0", f"{database}#{log_id(files[1])}#0",
                                               f"{archived}#logs/{first.name}#0"]
    # named, then whole: each row once
    assert len(list(load(f"{database}#{log_id(first)}", database, errors="collect"))) == len(files)
    code = main(["show", f"{database}#nothing-such"])
    assert code == 2 and f"{database}#nothing-such: no such row in the database" in capsys.readouterr().err


def test_a_row_named_then_its_database_filtered_is_read_once_by_workers_too(capsys, folder, files):
    database = build("phoenix-gzip.db", folder, files)
    three = sorted(log_id(file) for file in files if game_type(file)[0] == 3)
    named = f"{database}#{three[0]}"
    for jobs in ("1", "2"):
        assert main(["show", named, str(database), "--players", "3"]) == 0
        shown = re.findall(r"^(/.*#\d+)$", capsys.readouterr().out, re.MULTILINE)
        assert shown == [f"{database}#{key}#0" for key in three], jobs
        assert main(["validate", named, str(database), "--players", "3", "--jobs", jobs]) == 0
        assert capsys.readouterr().out.startswith(f"{len(three)} games, "), jobs


def test_a_folder_holding_a_database_and_an_archive_reads_them(tmp_path, files):
    build("houou.db", tmp_path, files[:2])
    build("logs.zip", tmp_path, files[2:3])
    (tmp_path / "notes.txt").write_text("not read")
    reader = load(tmp_path, errors="collect")
    assert [game.source for game in reader] == [f"{tmp_path / 'houou.db'}#{log_id(f)}#0" for f in sorted(
        files[:2], key=log_id)] + [f"{tmp_path / 'logs.zip'}#logs/{files[2].name}#0"]
    assert [error.source for error in reader.errors] == [f"{tmp_path / 'houou.db'}#2099010100gm-00a9-0000-failed00"]


def test_reading_a_database_never_writes_nor_leaves_it_locked(tmp_path, files):
    database = houou_db(tmp_path / "houou.db", files[:3])
    before = (hashlib.sha256(database.read_bytes()).hexdigest(), database.stat().st_mtime_ns, sorted(os.listdir(tmp_path)))
    database.chmod(stat.S_IRUSR)  # a database one may only read is read
    try:
        reader = load(database, errors="collect")
        games = iter(reader)
        next(games)
        # half read: another program writes meanwhile (no lock is held between queries)
        database.chmod(stat.S_IRUSR | stat.S_IWUSR)
        with sqlite3.connect(database, timeout=0) as writer:
            writer.execute("UPDATE fetch_state SET kind = kind")
        database.chmod(stat.S_IRUSR)
        assert len([*games]) == 2
    finally:
        database.chmod(stat.S_IRUSR | stat.S_IWUSR)
    after = (hashlib.sha256(database.read_bytes()).hexdigest(), database.stat().st_mtime_ns, sorted(os.listdir(tmp_path)))
    assert after[0] == before[0] and after[2] == before[2]


def test_a_database_in_wal_mode_is_read_without_files_made_beside_it(tmp_path, files):
    database = houou_db(tmp_path / "wal.db", files[:2])
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA journal_mode=wal")
    connection.close()
    assert sorted(os.listdir(tmp_path)) == ["wal.db"]
    assert len(list(load(database, errors="collect"))) == 2
    assert sorted(os.listdir(tmp_path)) == ["wal.db"]  # no -wal, no -shm left by the reading
    # a program writing to it: what it has committed, still in its -wal file, is read
    writer = sqlite3.connect(database)
    writer.execute("INSERT INTO logs VALUES (?, '2099-03-03T00:00', 4, 0, 1, 0, ?)",
                   ("2099030300gm-00a9-0000-written0", gzip.compress(xml_of(files[2]))))
    writer.commit()
    try:
        assert (tmp_path / "wal.db-wal").exists()
        assert [game.source for game in load(database, errors="collect")][-1] == \
            f"{database}#2099030300gm-00a9-0000-written0#0"
    finally:
        writer.close()


# -- hostile containers ----------------------------------------------------------------------


def one_log(files: list[Path]) -> bytes:
    return xml_of(files[0])


def errors_of(*paths: Path | str, max_size: int = 1 << 20) -> tuple[list[str], list[str]]:
    reader = load(*paths, errors="collect", max_size=max_size)
    return [game.source for game in reader], [str(error) for error in reader.errors]


def test_a_zip_bomb_member_is_stopped_at_the_limit_and_the_others_read(tmp_path, files):
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as made:
        made.writestr("zeros.mjlog", b"\0" * (64 << 20))  # 64 MiB in some 64 KB
        made.writestr("log.mjlog", one_log(files))
    assert bomb.stat().st_size < 200_000
    games, errors = errors_of(bomb)
    assert games == [f"{bomb}#log.mjlog#0"]
    assert errors == [f"{bomb}#zeros.mjlog: not read: inflates to more than the limit of 1 MiB (--max-size)"]


def test_zip_members_that_overlap_stop_the_archive(tmp_path, files):
    """The zip bomb of overlapping members: a second directory entry pointing at the
    first member's data."""
    plain = tmp_path / "plain.zip"
    with zipfile.ZipFile(plain, "w", zipfile.ZIP_DEFLATED) as made:
        made.writestr("a.mjlog", one_log(files))
    data = plain.read_bytes()
    end = data.rindex(b"PK\x05\x06")
    size, offset = struct.unpack_from("<2L", data, end + 12)
    entry = data[offset:offset + size]
    twin = entry.replace(b"a.mjlog", b"b.mjlog")
    tail = bytearray(data[end:])
    struct.pack_into("<2H2L", tail, 8, 2, 2, 2 * size, offset)
    overlapping = tmp_path / "overlap.zip"
    overlapping.write_bytes(data[:offset] + entry + twin + bytes(tail))
    games, errors = errors_of(overlapping)
    assert games == [f"{overlapping}#a.mjlog#0"]
    assert errors == [f"{overlapping}: member 'b.mjlog' overlaps the one before it (a zip bomb's trick): "
                      "the rest not read"]


def test_names_that_climb_out_are_only_names(tmp_path, files):
    inside = tmp_path / "inside"
    inside.mkdir()
    zipped, tarred = inside / "climb.zip", inside / "climb.tar.gz"
    with zipfile.ZipFile(zipped, "w") as made:
        made.writestr("../../escaped.mjlog", one_log(files))
    with tarfile.open(tarred, "w:gz") as made:
        info = tarfile.TarInfo("/tmp/escaped-absolute.mjlog")
        info.size = len(one_log(files))
        made.addfile(info, io.BytesIO(one_log(files)))
    before = sorted(p for p in tmp_path.rglob("*"))
    games, errors = errors_of(zipped, tarred)
    assert games == [f"{zipped}#../../escaped.mjlog#0", f"{tarred}#/tmp/escaped-absolute.mjlog#0"] and not errors
    assert sorted(p for p in tmp_path.rglob("*")) == before and not Path("/tmp/escaped-absolute.mjlog").exists()


def test_a_name_longer_than_a_path_is_cut_short_and_not_read(tmp_path, files):
    long_tar = tmp_path / "long.tar"
    with tarfile.open(long_tar, "w", format=tarfile.PAX_FORMAT) as made:
        for name in ("x" * 100_000 + ".mjlog", "log.mjlog"):
            info = tarfile.TarInfo(name)
            info.size = len(one_log(files))
            made.addfile(info, io.BytesIO(one_log(files)))
    database = houou_db(tmp_path / "long.db", [])
    with sqlite3.connect(database) as connection:
        connection.execute("INSERT INTO logs VALUES (?, '2099-01-01T00:00', 4, 0, 1, 0, ?)",
                           ("9" * 100_000, gzip.compress(one_log(files))))
    connection.close()
    games, errors = errors_of(long_tar, database)
    assert games == [f"{long_tar}#log.mjlog#0"]
    assert errors == [
        f"{long_tar}#{'x' * 100}… (99,906 more characters): a name of 100,006 characters, longer than a path can be: "
        "not read",
        f"{database}#2099010100gm-00a9-0000-failed00: its download failed (was_error 1 in the database): no log to read",
        f"{database}#{'9' * 100}… (99,900 more characters): a name of 100,000 characters, longer than a path can be: "
        "not read"]


def test_archives_inside_archives_and_links_are_named_not_followed(tmp_path, files):
    inner = tmp_path / "inner.zip"
    archive(inner, files[:1])
    outer_zip, outer_tar = tmp_path / "outer.zip", tmp_path / "outer.tar"
    with zipfile.ZipFile(outer_zip, "w") as made:
        made.write(inner, "inner.zip")
        link = zipfile.ZipInfo("link.mjlog")
        link.create_system = 3
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        made.writestr(link, "/etc/passwd")
        made.writestr("readme.txt", "passed over, as a folder's walk passes over it")
        made.writestr("log.mjlog", one_log(files))
    with tarfile.open(outer_tar, "w") as made:
        made.add(inner, "nested/inner.zip")
        symbolic = tarfile.TarInfo("link.mjlog")
        symbolic.type, symbolic.linkname = tarfile.SYMTYPE, "/etc/passwd"
        made.addfile(symbolic)
        hard = tarfile.TarInfo("hard.mjlog")
        hard.type, hard.linkname = tarfile.LNKTYPE, "nested/inner.zip"
        made.addfile(hard)
        fifo = tarfile.TarInfo("fifo.mjlog")
        fifo.type = tarfile.FIFOTYPE
        made.addfile(fifo)
    games, errors = errors_of(outer_zip, outer_tar)
    assert games == [f"{outer_zip}#log.mjlog#0"]
    assert errors == [f"{outer_zip}#inner.zip: an archive (or database) inside an archive: not read "
                      "(unpack it first)",
                      f"{outer_zip}#link.mjlog: a symbolic link in the archive: not followed",
                      f"{outer_tar}#nested/inner.zip: an archive (or database) inside an archive: not read "
                      "(unpack it first)",
                      f"{outer_tar}#link.mjlog: a link in the archive: not followed",
                      f"{outer_tar}#hard.mjlog: a link in the archive: not followed",
                      f"{outer_tar}#fifo.mjlog: not a regular file in the archive: not read"]


def test_an_archive_of_many_members_is_read_in_flat_memory(tmp_path, files):
    import tracemalloc

    many = tmp_path / "many.zip"
    with zipfile.ZipFile(many, "w") as made:
        for number in range(70_000):  # more than 65,535: a zip64 end of central directory
            made.writestr(f"other/{number:05d}.txt", b"")
        made.writestr("log.mjlog", one_log(files))
    tracemalloc.start()
    try:
        games, errors = errors_of(many)
        listed, _ = listing(load(many))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert games == [f"{many}#log.mjlog#0"] and not errors and listed == [(str(many), Part(start=listed[0][1].start,
                                                                                              count=1))]
    assert peak < 8 << 20, peak  # zipfile's directory of these members alone takes several times more


def test_members_beyond_the_limit(tmp_path, files):
    stored, packed = tmp_path / "stored.zip", tmp_path / "big.tar.gz"
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as made:
        made.writestr("big.mjlog", b"<mjloggm " + b"x" * (2 << 20))
        made.writestr("log.mjlog", one_log(files))
    with tarfile.open(packed, "w:gz") as made:
        for name, data in (("log.mjlog", one_log(files)), ("big.mjlog", b"\0" * (2 << 20)),
                           ("after.mjlog", one_log(files))):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            made.addfile(info, io.BytesIO(data))
    games, errors = errors_of(stored, packed)
    assert games == [f"{stored}#log.mjlog#0", f"{packed}#log.mjlog#0"]
    # a compressed tar cannot be passed through without inflating what it passes: it stops there
    assert errors == [f"{stored}#big.mjlog: not read: the member is 2 MiB compressed, more than the limit of 1 MiB "
                      "(--max-size)",
                      f"{packed}#big.mjlog: not read: the member is 2 MiB, more than the limit of 1 MiB (--max-size)",
                      f"{packed}: a member of more than 1 MiB (--max-size): the rest of a compressed archive is not "
                      "read (passing it would inflate it)"]


def test_a_database_row_beyond_the_limit_is_not_fetched(tmp_path, files):
    database = houou_db(tmp_path / "h.db", files[:2])
    with sqlite3.connect(database) as connection:
        connection.execute("INSERT INTO logs VALUES ('2099020200gm-00a9-0000-big00000', '2099-02-02T00:00', 4, 0, 1, 0, "
                           "zeroblob(2097152))")
    connection.close()
    games, errors = errors_of(database)
    assert len(games) == 2
    assert errors == [f"{database}#2099010100gm-00a9-0000-failed00: its download failed (was_error 1 in the "
                      "database): no log to read",
                      f"{database}#2099020200gm-00a9-0000-big00000: not read: the log is 2 MiB, more than the "
                      "limit of 1 MiB (--max-size)"]


def test_broken_databases_and_archives_are_one_line_each_and_the_other_games_run(tmp_path, files, capsys):
    good = tmp_path / "good.mjlog"
    good.write_bytes(one_log(files))
    not_sqlite = tmp_path / "named.db"
    not_sqlite.write_bytes(b"\xd0\xcf\x11\xe0 not SQLite at all")
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "Thumbs.db").write_bytes(b"\xd0\xcf\x11\xe0 Windows' thumbnails, found by the walk")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE photos(id, data)")
    connection.close()
    corrupt = houou_db(tmp_path / "corrupt.db", files[:3])
    data = bytearray(corrupt.read_bytes())
    data[4096:] = b"\xff" * (len(data) - 4096)
    corrupt.write_bytes(bytes(data))
    truncated = archive(tmp_path / "truncated.zip", files[:2])
    truncated.write_bytes(truncated.read_bytes()[:-40])
    cut_tar = archive(tmp_path / "cut.tar.xz", files[:2])
    cut_tar.write_bytes(cut_tar.read_bytes()[:len(cut_tar.read_bytes()) // 2])
    code = main(["validate", str(tmp_path), str(not_sqlite)])  # a file named .db, named: read whatever it is
    out, err = capsys.readouterr()
    assert out.startswith("1 games, ") and code == 2  # the good file (the cut tar.xz ends inside its first member)
    lines = err.splitlines()
    assert "Traceback" not in err and len(lines) == 5, err
    said = dict(line.removeprefix("paipu validate: ").split(": ", 1) for line in lines)
    assert said[str(other)].startswith("an SQLite database, but not one of logs")
    assert said[str(corrupt)].startswith("a corrupt SQLite database")
    assert said[str(truncated)] == "a corrupt zip archive: no end of central directory"
    assert said[str(cut_tar)].startswith("cannot read on: ")
    assert said[str(not_sqlite)].startswith("invalid JSON") or said[str(not_sqlite)].startswith("not UTF-8")


@pytest.mark.parametrize("made", [
    "CREATE VIEW logs AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
    "SELECT 'x' || i AS id, '2020-01-01T00:00' AS date, 4 AS num_players, 0 AS is_tonpu, 1 AS is_processed, "
    "0 AS was_error, randomblob(100) AS log FROM n",
    "CREATE TABLE logs (id TEXT PRIMARY KEY, date TEXT, num_players INT, is_tonpu INT, is_processed INT, "
    "was_error INT, log BLOB AS (zeroblob(500000000) || id) VIRTUAL)"], ids=["endless-view", "computed-log"])
def test_a_database_whose_logs_are_computed_is_not_read(tmp_path, made):
    database = tmp_path / "made.db"
    with sqlite3.connect(database) as connection:
        connection.execute(made)
        if "TABLE" in made:
            connection.execute("INSERT INTO logs (id, date, num_players, is_tonpu, is_processed, was_error) "
                               "VALUES ('a', '2020-01-01T00:00', 4, 0, 1, 0)")
    connection.close()
    games, errors = errors_of(database)
    assert games == [] and errors == [f"{database}: a database whose logs are not a plain table (a view, a virtual "
                                      "table or computed columns): not read"]


def test_a_locked_database_is_said_within_seconds(tmp_path, files):
    database = houou_db(tmp_path / "locked.db", files[:1])
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")
    try:
        games, errors = errors_of(database)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert games == [] and len(errors) == 1
    assert errors[0].startswith(f"{database}: the database is locked by another program")


def test_kind_is_by_content_whatever_the_name(tmp_path, files):
    zipped = archive(tmp_path / "logs.zip", files[:1])
    renamed = tmp_path / "logs.mjlog"
    renamed.write_bytes(zipped.read_bytes())
    assert kind(renamed) == "zip" and kind(files[0]) is None
    plain_gzip = tmp_path / "log.mjlog.gz"
    plain_gzip.write_bytes(gzip.compress(one_log(files)))
    assert kind(plain_gzip) is None and len(list(load(plain_gzip, renamed))) == 2


def test_load_of_an_empty_path_is_refused_as_the_command_line_refuses_it(capsys):
    with pytest.raises(FileNotFoundError, match="an empty path names nothing"):
        paipu.load("")
    assert main(["validate", ""]) == 2
    assert "an empty path names nothing (write . for the current folder)" in capsys.readouterr().err


def test_the_options_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for said in ("--players", "--length", "--since", "--until", "--limit", "phoenix-logs", "houou-logs", ".zip",
                 ".tar.xz", "DB#ID", "ARCHIVE#MEMBER"):
        assert said in text, said


def test_a_bad_day_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["validate", ".", "--since", "2024/01/01"])
    assert stop.value.code == 2 and "not a day written YYYY-MM-DD" in capsys.readouterr().err
    for no_day in ("2024-13-45", "2023-02-29"):  # written as a day, yet none
        with pytest.raises(SystemExit) as stop:
            main(["validate", ".", "--until", no_day])
        assert stop.value.code == 2 and f"not a day written YYYY-MM-DD: '{no_day}'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="players must be 3 or 4"):
        Filters(players=2)


def test_load_error_is_named_for_the_row():
    error = LoadError("2024.db#2024010100gm-00a9-0000-xxxxxxxx", "not downloaded yet")
    assert error.to_json()["source"] == "2024.db#2024010100gm-00a9-0000-xxxxxxxx"


def test_a_database_and_an_archive_on_a_dask_cluster_as_in_one_process(capsys, folder, files):
    pytest.importorskip("distributed", reason="needs Dask: pip install 'paipu[dask]'")
    import paipu.dask

    paths = [str(build(name, folder, files)) for name in ("houou.db", "logs.tar")]
    alone = (main(["validate", *paths, "--json", "--players", "4"]), capsys.readouterr().out)
    with paipu.dask.cluster(workers=2) as client:
        on_cluster = (main(["validate", *paths, "--json", "--players", "4", "--scheduler", client.scheduler.address]),
                      capsys.readouterr().out)
        counted = paipu.dask.tables(paths[0], client, filters=Filters(players=3, limit=2)).count.compute()
    assert on_cluster == alone and alone[0] == 2
    assert counted == min(2, sum(game_type(file)[0] == 3 for file in files)) == 2


def test_the_benchmark_runs_on_a_few_logs(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    logs = corpus("tenhou-mjlog", "thewaxmango-2022-01")
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "bench_containers.py"), "--logs", str(logs),
                           "--games", "3", "--rows", "7", "--load-only", "--keep", str(tmp_path)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(root)}, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "the large database 7 rows" in lines[0]
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["loose files", "database of 3 rows",
                                                                  "database of 7 rows"]
    assert all("peak memory (max RSS)" in line and "load errors" not in line for line in lines[1:])
    assert " 7 games in " in lines[3]


def test_convert_names_each_row_of_a_database_by_its_log_id(tmp_path, folder, files):
    """``paipu convert DB -o DIR`` writes one file per row, named by the row's log id (a
    member of an archive by its own name): never ``DB#ID.json``, whose ``#`` a path
    would read as a selection."""
    database = build("houou.db", folder, files)
    assert main(["convert", str(database), "-o", str(tmp_path / "out")]) == 2  # the rows without a log
    names = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert names == sorted(f"{log_id(file)}.json" for file in files)


def test_a_file_is_opened_once_to_say_what_it_is_however_often_asked(tmp_path, monkeypatch):
    """``paipu validate`` asks :func:`kind` of each file when it lists the paths and again
    when it reads the file: the file is opened once. A file changed since (another
    size) is looked at again: a log written over with an archive is read as one."""
    import paipu.containers

    opened = []
    read = paipu.containers._kind_of_file
    monkeypatch.setattr(paipu.containers, "_kind_of_file", lambda path: opened.append(path) or read(path))
    path = tmp_path / "log.json"
    path.write_bytes(b'{"title": "not an archive"}')
    assert [kind(path) for _ in range(3)] == [None] * 3 and len(opened) == 1
    with zipfile.ZipFile(path, "w") as made:
        made.writestr("a.json", "{}")
    assert kind(path) == "zip" and len(opened) == 2


@pytest.mark.parametrize("name", ("phoenix-gzip.db", "logs.tar.gz"))
def test_a_container_larger_than_a_log_is_not_read_whole_before_its_members(name, folder, files, monkeypatch):
    # every file counts as larger than a log: the container must be known by its first bytes
    # and its members streamed, the whole file never read into memory first
    import paipu.loader as loader

    read_whole = []

    def read(path, max_size):
        read_whole.append(path)
        return loader_read(path, max_size)

    loader_read = loader._read
    monkeypatch.setattr(loader, "ASKED_FIRST_ABOVE", 0)
    monkeypatch.setattr(loader, "_read", read)
    games = list(load(build(name, folder, files)))
    assert len(games) == len(files) and read_whole == []
