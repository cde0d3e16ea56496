"""The loader: files, arrays, gzip, directories, selectors, and every kind of bad input."""

from __future__ import annotations

import gc
import gzip
import json
import os
import pickle
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from paipu import LoadError, load
from paipu.loader import LoadWarning

from conftest import corpus

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
ROOT = SAMPLES.parent


def _sample_games():
    games = []
    for path in sorted(SAMPLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        games.extend(data if isinstance(data, list) else [data])
    assert len(games) >= 3
    return games


def _corrupt(game, change):
    game = json.loads(json.dumps(game))
    change(game)
    return game


def _set_event(round_index, event_index, event):
    def change(game):
        game["log"][round_index][event_index] = event
    return change


@pytest.fixture
def mixed_dir(tmp_path):
    """A directory of good files with bad ones beside them, as a user's folder might be."""
    good = _sample_games()
    (tmp_path / "a_good.json").write_text(json.dumps(good[0], ensure_ascii=False), encoding="utf-8")
    with gzip.open(tmp_path / "b_good_array.json.gz", "wt", encoding="utf-8") as f:
        json.dump(good, f, ensure_ascii=False)
    text = json.dumps(good[1], ensure_ascii=False)
    (tmp_path / "c_truncated.json").write_text(text[: len(text) // 2], encoding="utf-8")
    (tmp_path / "d_not_paipu.json").write_text('{"hello": "world", "n": 1}', encoding="utf-8")
    unknown = _corrupt(good[0], _set_event(0, 2, {"tsumogiri": {"l": 0, "p": "m1"}}))
    (tmp_path / "e_unknown_event.json").write_text(json.dumps(unknown, ensure_ascii=False), encoding="utf-8")
    impossible = _corrupt(good[0], lambda g: g["log"][0][1]["zimo"].update(p="m10"))
    # the second game of this array is bad; the first and third still load
    (tmp_path / "f_impossible_tile.json").write_text(
        json.dumps([good[1], impossible, good[2]], ensure_ascii=False), encoding="utf-8")
    (tmp_path / "g_bad.json.gz").write_bytes(gzip.compress(text.encode())[:-20])
    (tmp_path / "notes.txt").write_text("not a log, not read")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "h_good.json").write_text(json.dumps(good[2], ensure_ascii=False), encoding="utf-8")
    return tmp_path, good


def test_every_good_game_loads_and_every_bad_one_is_reported(mixed_dir):
    root, good = mixed_dir
    reader = load(root, errors="collect")
    games = list(reader)
    sources = [Path(g.source).name for g in games]
    assert sources == (["a_good.json#0"] + [f"b_good_array.json.gz#{i}" for i in range(len(good))]
                       + ["f_impossible_tile.json#0", "f_impossible_tile.json#2", "h_good.json#0"])
    assert reader.files == 8 and reader.games == len(games)
    errors = {Path(e.path).name: e for e in reader.errors}
    assert set(errors) == {"c_truncated.json", "d_not_paipu.json", "e_unknown_event.json",
                           "f_impossible_tile.json", "g_bad.json.gz"}
    assert "invalid JSON at line 1" in errors["c_truncated.json"].message
    assert errors["c_truncated.json"].game is None
    assert "not a paipu" in errors["d_not_paipu.json"].message
    unknown = errors["e_unknown_event.json"]
    assert (unknown.game, unknown.round, unknown.event) == (0, 0, 2)
    assert "unknown event 'tsumogiri'" in str(unknown)
    assert str(unknown) == f"{root / 'e_unknown_event.json'}#0, 東1局0本場, event 2: {unknown.message}"
    impossible = errors["f_impossible_tile.json"]
    assert (impossible.game, impossible.round, impossible.event) == (1, 0, 1)
    assert "'m10'" in str(impossible) and str(impossible).startswith(str(root / "f_impossible_tile.json#1"))
    assert "gzip" in errors["g_bad.json.gz"].message


def test_errors_warn_by_default_and_can_raise(mixed_dir):
    root, _ = mixed_dir
    with pytest.warns(LoadWarning) as warned:
        games = list(load(root))
    assert len(games) == 9  # a_good's one, b_good_array's five (every sample game), f's two, h_good's one
    # one warning per bad file or game, in the order read, each naming it
    named = [str(w.message).split(":")[0].split(",")[0].rsplit("/", 1)[-1] for w in warned]
    assert named == ["c_truncated.json", "d_not_paipu.json#0", "e_unknown_event.json#0",
                     "f_impossible_tile.json#1", "g_bad.json.gz"]
    assert "unknown event" in str(warned[2].message)
    with pytest.raises(LoadError, match="invalid JSON"):
        list(load(root, errors="raise"))


def test_non_recursive_and_selectors(mixed_dir):
    root, good = mixed_dir
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LoadWarning)
        assert not any("sub" in g.source for g in load(root, recursive=False))
    selected = list(load(f"{root / 'b_good_array.json.gz'}#1"))
    assert [g.title for g in selected] == [good[1]["title"]]
    reader = load(f"{root / 'a_good.json'}#5", errors="collect")
    assert list(reader) == [] and "no game #5: the file holds 1" in str(reader.errors[0])


def test_missing_path_raises_at_once(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file"):
        load(tmp_path / "nope.json")


def test_what_is_not_a_path_is_refused_with_what_to_write_instead():
    game = next(iter(load(SAMPLES / "tsumo.json")))
    said = {
        "not list: give the paths as separate arguments, paipu.load(*paths)": [str(SAMPLES)],
        "not tuple: give the paths as separate arguments": (str(SAMPLES),),
        "not Game: a Game needs no loading": game,
        "not bytes: a path in bytes is not read (os.fsdecode(path) makes it a str)": b"sample_logs",
        "not dict (a parsed 電脳麻将 paipu is made a Game by paipu.game_from_json)": {"title": ""},
        "not NoneType": None,
    }
    for message, value in said.items():
        with pytest.raises(TypeError, match=re.escape("paipu.load takes paths (str or os.PathLike), " + message)):
            load(value)  # type: ignore[arg-type]  # the wrong types under test


def test_wrong_types_name_the_field(tmp_path):
    good = _sample_games()[0]
    cases = {
        "qijia": lambda g: g.update(qijia="0"),
        "qipai.defen": lambda g: g["log"][0][0]["qipai"].update(defen=[25000, 25000, 25000]),
        "dapai.l": lambda g: g["log"][0][2]["dapai"].update(l=7),
        "rank must hold": lambda g: g.update(rank=[1, 1, 2, 3]),
        "starts with qipai": lambda g: g["log"][0].insert(0, {"zimo": {"l": 0, "p": "m1"}}),
        "more than four": lambda g: g["log"][0][0]["qipai"]["shoupai"].__setitem__(0, "m11111p123s123z11"),
    }
    for expected, change in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(_corrupt(good, change), ensure_ascii=False), encoding="utf-8")
        reader = load(path, errors="collect")
        assert list(reader) == [], expected
        assert expected in str(reader.errors[0]), (expected, str(reader.errors[0]))


def test_memory_stays_flat_over_thousands_of_files(tmp_path):
    """Games are read one file at a time: peak memory over 2,000 files is about that of
    200 files, not ten times more. Measured in a fresh interpreter: tracemalloc counts
    every thread of its process, and threads other tests leave behind (a Dask client's
    event loop) allocate while it counts."""
    text = json.dumps(_sample_games()[0], ensure_ascii=False)
    for count in (200, 2000):
        (tmp_path / str(count)).mkdir()
        for i in range(count):
            (tmp_path / str(count) / f"{i:05d}.json").write_text(text, encoding="utf-8")
    script = """
import sys, tracemalloc
from pathlib import Path
from paipu import load

folder = Path(sys.argv[1])

def peak(count):
    tracemalloc.start()
    games = sum(1 for _game in load(folder / str(count)))
    size = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert games == count
    return size

# Warm up untraced first: CPython's free lists keep up to thousands of freed small
# objects, which tracemalloc would otherwise count as growth.
for _game in load(folder):
    pass
print(peak(200), peak(2000))
"""
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    small, large = map(int, done.stdout.split())
    # What may grow: the sorted list of file names and CPython's bounded free lists
    # (at most ~2,000 small objects per size). Keeping the games would cost their size
    # (tens of kilobytes) for each of 1,800 more files: 50 MB and more.
    game_size = len(text) * 4
    assert large - small < 2_000_000 < 1800 * game_size, (small, large)


def test_collector_is_on_while_the_caller_holds_a_game(mixed_dir):
    """The loader pauses the cyclic garbage collector only while it parses and builds:
    it is on whenever a game is handed out and after the end, and a caller who turns it
    off between games keeps it off."""
    root, _ = mixed_dir
    assert gc.isenabled()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LoadWarning)
        reader = iter(load(root))
        assert gc.isenabled()
        next(reader)
        assert gc.isenabled()
        gc.disable()
        try:
            next(reader)
            assert not gc.isenabled()
        finally:
            gc.enable()
        for _game in reader:
            assert gc.isenabled()
        assert gc.isenabled()
        reader = iter(load(root, errors="raise"))
        with pytest.raises(LoadError):
            list(reader)
        assert gc.isenabled()


@pytest.mark.parametrize("content, said", [(b"", "the file is empty"), (b"\xef\xbb\xbf", "the file is empty"),
                                           (b"\xef\xbb\xbf \n", "the file holds only white space"),
                                           (b" \n", "the file holds only white space")])
def test_an_empty_file_is_said_empty_after_a_byte_order_mark_too(tmp_path, content, said):
    path = tmp_path / "log.json"
    path.write_bytes(content)
    reader = load(path, errors="collect")
    assert list(reader) == [] and len(reader.errors) == 1 and reader.errors[0].message == said


def test_paipu_files_are_read_from_their_text_and_give_the_games_of_the_full_reader(monkeypatch):
    """The 電脳麻将 files of sample_logs written as paipu writes JSON (no spaces: the two
    simulated games; the hand-made ones are spaced) go the quick way (draws and discards
    found by their text, :func:`paipu.formats.majiang.compact`), and all give the games of
    the full reader: a quick path never taken would pass every other test."""
    import paipu.loader
    from paipu.formats.majiang import games_from_compact

    quick = []

    def spied(*args):
        games = games_from_compact(*args)
        quick.append(games is not None)
        return games

    monkeypatch.setattr(paipu.loader, "games_from_compact", spied)
    games = list(load(SAMPLES))
    written = [path for path in SAMPLES.glob("*.json") if b'{"zimo":{"l":' in path.read_bytes()]
    assert len(written) == 2 and quick == [True] * len(written)
    monkeypatch.setattr(paipu.loader, "_paipu_games", lambda data, name: None)  # the full reader alone
    assert list(load(SAMPLES)) == games


def test_a_file_is_read_once_however_it_is_named(tmp_path):
    """A file named twice (``x`` and ``./x``, a symbolic or hard link, the file and its
    folder) gives its games once, where first named; ``FILE#N`` named twice, or after its
    file, its game once; the file after some ``FILE#N`` the other games, in the file's order."""
    two = tmp_path / "two.json"
    games = _sample_games()[:2]
    two.write_bytes(json.dumps(games).encode())
    (tmp_path / "link.json").symlink_to(two)
    os.link(two, tmp_path / "hard.json")
    folder = tmp_path / "dir"
    folder.mkdir()
    (folder / "inside.json").symlink_to(two)

    def sources(*paths):
        return [game.source.rpartition("/")[2] for game in load(*paths, errors="raise")]

    assert sources(two, tmp_path / "." / "two.json", tmp_path / "link.json", tmp_path / "hard.json",
                   folder) == ["two.json#0", "two.json#1"]
    assert sources(folder, two) == ["inside.json#0", "inside.json#1"]
    assert sources(f"{two}#1", f"{two}#1", two) == ["two.json#1", "two.json#0"]
    assert sources(two, f"{tmp_path / 'link.json'}#1") == ["two.json#0", "two.json#1"]
    assert sources(f"{two}#1", tmp_path) == ["two.json#1", "inside.json#0"]  # the walk: dir/inside, hard, link, two
    # Every caller reads what the listing says, in other processes too (validate --jobs).
    listed = list(load(f"{two}#0", tmp_path).paths())
    assert [(path.name, index) for path, index in listed] == [("two.json", 0), ("inside.json", {0})]
    assert pickle.loads(pickle.dumps(listed)) == listed


def test_validate_counts_a_file_named_twice_once():
    out = subprocess.run([sys.executable, "-m", "paipu", "validate", "--json", str(SAMPLES / "tsumo.json"),
                          str(SAMPLES), "--jobs", "2"], capture_output=True, text=True, cwd=ROOT)
    summary = json.loads(out.stdout.splitlines()[-1])["summary"]
    assert summary["games"] == len(list(SAMPLES.glob("*.json"))), out.stderr


def test_a_byte_order_mark_is_skipped_in_every_format(tmp_path):
    """A UTF-8 byte order mark before 電脳麻将 JSON (as paipu writes it, read the quick
    way, and spaced), tenhou.net/6 JSON, mjai lines or an mjlog, plain or gzip, is
    skipped: the games read as without it."""
    from paipu.formats.mjai import dumps

    sources = [SAMPLES / "simulated_hanchan.json", SAMPLES / "tsumo.json",
               corpus("tenhou-json", "mjx-tests", "2010081709gm-00a9-0000-fe3371ad.json"),
               corpus("tenhou-mjlog", "mjx-tests", "2010081709gm-00a9-0000-fe3371ad.mjlog")]
    mjai = tmp_path / "game.jsonl"
    mjai.write_bytes(dumps(next(iter(load(SAMPLES / "tsumo.json")))))
    for source in (*sources, mjai):
        (plain,) = load(source, errors="raise")
        for name, data in ((source.name, b"\xef\xbb\xbf" + source.read_bytes()),
                           (source.name + ".gz", gzip.compress(b"\xef\xbb\xbf" + source.read_bytes()))):
            marked = tmp_path / "bom" / name
            marked.parent.mkdir(exist_ok=True)
            marked.write_bytes(data)
            (game,) = load(marked, errors="raise")
            assert game.rounds == plain.rounds and game.players == plain.players, marked
