"""The 電脳麻将 reader's fast paths read as its full checks do: same events, same errors."""

from __future__ import annotations

import gzip
import itertools
import json

import orjson
import pytest

from paipu import load
from paipu.formats import FormatError
from paipu.formats.majiang import (
    _KNOWN_ENTRIES,
    _KNOWN_MELD_EVENTS,
    _read_event,
    _read_round,
    _read_yaku,
    compact,
    game_from_json,
    games_from_compact,
)
from paipu.tiles import KINDS

from conftest import corpus

_DEAL = {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4,
                   "baopai": "z1", "shoupai": ["m123p456s789z1122", "m456p789s123z3344", "m789p123s456z5566", "m11p22s33z5567"]}}

# Events of a seat and a tile, well-formed or near it: a bool, float or out-of-range seat, a
# missing, extra or renamed field, a tile that does not exist, a discard's marks on a draw,
# a payload that is no object, an event of two keys or none, another event's key.
_PAYLOADS = [
    {"l": seat, "p": text}
    for seat, text in itertools.product(
        [0, 2, 3, 4, -1, True, False, 1.0, None, "0"],
        ["m1", "m0", "z7", "z8", "m10", "m1_", "m1*", "m1_*", "m1*_", "m1__", "", 1, None, ["m1"]],
    )
] + [{"l": 0}, {"p": "m1"}, {"l": 0, "p": "m1", "x": 1}, {"l": 0, "x": "m1"}, {"x": 0, "p": "m1"},
     {"p": "m1", "l": 0}, {}, ["l", "p"], "lp", None]
_KEYS = ["zimo", "dapai", "gangzimo", "penuki", "fulou", "gang", "kaigang", "qipai", "hule", "pingju", "tsumo"]


def _read_in_full(events: list, n: int) -> tuple | tuple[str, int]:
    """The events of a round as the full reader reads them one by one, or the first
    error's message and position."""
    read = []
    for position, raw in enumerate(events):
        try:
            read.append(_read_event(raw, n, position))
        except FormatError as error:
            return error.message, position
    return tuple(read)


def _read_fast(events: list, n: int) -> tuple | tuple[str, int]:
    try:
        return _read_round(events, n, 0, 0).events
    except FormatError as error:
        return error.message, error.event


def _deal(n: int) -> dict:
    return {"qipai": dict(_DEAL["qipai"], defen=[35000] * n, shoupai=_DEAL["qipai"]["shoupai"][:n])}


def _raw_events(n: int) -> list:
    """Events of a seat and a tile, well-formed or near it (:data:`_PAYLOADS` under each
    key), and things that are no such event."""
    raws = [{key: payload} for key in _KEYS for payload in _PAYLOADS]
    raws += [{"zimo": {"l": 0, "p": "m1"}, "dapai": {"l": 0, "p": "m1"}}, {}, [], "zimo", None, "z", 1, 1.5, True]
    # lists and strings of one or two items, which unpack like an object of one key
    raws += [[item] for item in (0, 1, -1, True, False, 5, "zimo", "l", ["zimo"], {"zimo": {"l": 0, "p": "m1"}})]
    raws += [["zimo", {"l": 0, "p": "m1"}], {"zimo": ["l", "p"]}, {"zimo": "lp"}, {"zimo": [0, "m1"]},
             {"zimo": {"l": 0, "p": {"m1": 1}}}, {"zimo": {"l": 2**70, "p": "m1"}}]
    raws += [{key: {"l": seat, "p": tile + marks}} for key in ("zimo", "dapai") for seat in range(n)
             for tile in KINDS + ("m0", "p0", "s0") for marks in ("", "_", "*", "_*")]
    return raws


@pytest.mark.parametrize("n", [3, 4])
def test_events_of_a_seat_and_a_tile_read_as_the_full_reader_reads_them(n):
    deal = _deal(n)
    accepted = refused = 0
    for raw in _raw_events(n):
        events = [deal, {"zimo": {"l": 1, "p": "m1"}}, raw, {"dapai": {"l": 1, "p": "m1_"}}]
        expected = _read_in_full(events, n)
        assert _read_fast(events, n) == expected, raw
        if isinstance(expected[-1], int):
            refused += 1
        else:
            accepted += 1
    assert accepted > 100 and refused > 1000


def _paipu(n: int, rounds: list, **extra) -> dict:
    return {"title": "t", "player": ["A", "B", "C", "D"][:n], "qijia": 0, "log": rounds, **extra}


@pytest.mark.parametrize("n", [3, 4])
def test_events_cut_out_of_a_files_text_read_as_the_full_reader_reads_them(n, tmp_path):
    """The draws and discards cut out of a file's text (:func:`compact`) give the events
    the full reader gives, each event of :func:`_raw_events` between two such runs; where
    the full reader refuses one, the file is read the ordinary way, which says so."""
    deal = _deal(n)
    accepted = refused = 0
    for number, raw in enumerate(_raw_events(n)):
        events = [deal, {"zimo": {"l": 1, "p": "m1"}}, raw, {"dapai": {"l": 1, "p": "m1_"}}]
        data = json.dumps(_paipu(n, [events]), separators=(",", ":"), ensure_ascii=False).encode()  # as paipu write it
        expected = _read_in_full(orjson.loads(data)["log"][0], n)  # as parsed (2**70 is a float)
        path = tmp_path / f"{number}.json"
        path.write_bytes(data)
        compacted = compact(data)
        assert compacted is not None  # the zimo and the dapai are cut out, at least
        games = games_from_compact(orjson.loads(compacted[0]), compacted[1], str(path))
        reader = load(path, errors="collect")
        loaded = list(reader)
        if isinstance(expected[-1], int):
            refused += 1
            assert games is None and not loaded, raw
            assert [(e.message, e.event) for e in reader.errors] == [expected], raw
        else:
            accepted += 1
            assert games is not None and games[0].rounds[0].events == expected, raw
            assert loaded == games and loaded[0] == game_from_json(orjson.loads(data), str(path) + "#0"), raw
    assert accepted > 100 and refused > 1000


def test_runs_found_by_their_bytes_read_as_the_full_reader_reads_the_file():
    """The games of a file's compacted text and its runs of draws and discards, found by
    their bytes (:func:`compact`), are those the full reader reads from the file: on files of
    the corpora, with the seat first and with the tile first (``mahjonglm``), and on each
    event of :func:`_raw_events` between two runs; a file cut at any length gives no runs
    that read as games."""
    files = [path.read_bytes() for path in sorted(corpus("majiang", "mahjonglm").glob("*.json"))[:4]]
    files += [gzip.decompress(path.read_bytes())
              for path in sorted(corpus("tenhou-as-majiang", "agony5757-mahjong-paipuxmls").iterdir())[:4]]
    files += [gzip.decompress(corpus("generated", "atamahane.json.gz").read_bytes())]
    found = 0
    for number, data in enumerate(files):
        compacted = compact(data)
        assert compacted is not None
        text, runs = compacted
        assert len(text) < len(data) // 2
        found += sum(map(len, runs))
        games = games_from_compact(orjson.loads(text), runs, f"{number}.json")
        whole = orjson.loads(data)
        assert games == [game_from_json(game, f"{number}.json#{index}")
                         for index, game in enumerate(whole if isinstance(whole, list) else [whole])]
    assert found > 20_000
    events = [_deal(4), {"zimo": {"l": 1, "p": "m1"}}, {"dapai": {"l": 1, "p": "m1_"}}, {"zimo": {"l": 2, "p": "z7"}}]
    data = json.dumps(_paipu(4, [events]), separators=(",", ":"), ensure_ascii=False).encode()
    for size in range(len(data)):
        compacted = compact(data[:size])
        if compacted is not None:
            with pytest.raises(orjson.JSONDecodeError):
                orjson.loads(compacted[0])


_RUN = '{"zimo":{"l":0,"p":"m1"}},{"dapai":{"l":0,"p":"m1"}}'


@pytest.mark.parametrize("text, said", [
    # a run inside a string, which is no JSON (its quotes end the string)
    ('{"title":"a,' + _RUN + ',b"}', "invalid JSON"),
    # a run where the deal is, and a number where an event is: the placeholder's own
    ('{"title":"t","player":["A","B","C","D"],"qijia":0,"log":[[' + _RUN + ']]}', "a round starts with qipai"),
    ('{"title":"t","player":["A","B","C","D"],"qijia":0,"log":[[DEAL,-1618033988,' + _RUN + ']]}',
     "an event must be an object with one key, not -1618033988"),
    ('{"title":"t","player":["A","B","C","D"],"qijia":0,"log":[[DEAL,-1618033988]],"x":[' + _RUN + ']}',
     "an event must be an object with one key, not -1618033988"),
    # a run's text that is not one: a number after it, where a run ends an array
    ('{"title":"t","player":["A","B","C","D"],"qijia":0,"log":[[DEAL,' + _RUN + '5]]}', "invalid JSON"),
    # a seat a game of three has not
    ('{"title":"t","player":["A","B","C"],"qijia":0,"log":[[DEAL3,{"zimo":{"l":3,"p":"m1"}}]]}', "zimo.l must be"),
])
def test_a_file_that_only_looks_like_runs_of_draws_and_discards_is_refused_as_it_is(tmp_path, text, said):
    deal = orjson.dumps(_DEAL).decode()
    path = tmp_path / "log.json"
    path.write_text(text.replace("DEAL3", orjson.dumps(_deal(3)).decode()).replace("DEAL", deal))
    reader = load(path, errors="collect")
    assert list(reader) == [] and len(reader.errors) == 1 and said in reader.errors[0].message


def test_draws_and_discards_outside_the_rounds_are_kept_as_they_are(tmp_path):
    """A run's text elsewhere than in a round (in a key beyond the format) stays what it
    is; so does a file holding the placeholder's digits."""
    events = [_DEAL, {"zimo": {"l": 0, "p": "m1"}}, {"dapai": {"l": 0, "p": "m1"}}]
    oracle = [{"zimo": {"l": 0, "p": "m1"}}, [{"dapai": {"l": 1, "p": "m2"}}], {"x": {"zimo": {"l": 0, "p": "m1"}}}]
    for extra in ({"oracle": oracle}, {"note": "1618033988"}, {"k": -1618033988}):
        path = tmp_path / "log.json"
        path.write_bytes(orjson.dumps(_paipu(4, [events], **extra)))
        game, = load(path, errors="raise")
        assert game.extra == extra
        assert [e.key for e in game.rounds[0].events] == ["qipai", "zimo", "dapai"]


def test_yaku_entries_read_before_are_checked_as_the_first_time():
    """An entry of a name and han read before is found again without its checks: an entry
    near it (a bool or float han, another field, a name not a string) is still refused."""
    entries = [{"name": "立直", "fanshu": 1}, {"name": "役牌 中", "fanshu": 1}, {"name": "国士無双", "fanshu": "*"},
               {"name": "大三元", "fanshu": "**", "baojia": "+"}]
    near = [{"name": "立直", "fanshu": True}, {"name": "立直", "fanshu": 1.0}, {"name": "立直", "fanshu": "1"},
            {"name": "立直", "fanshu": -1}, {"name": "立直", "fanshu": 1, "x": 0}, {"name": "立直"},
            {"name": "立直", "han": 1}, {"name": ["立直"], "fanshu": 1}, {"name": "国士無双", "fanshu": "*+"},
            {"name": "国士無双", "fanshu": ""}, {"name": "大三元", "fanshu": "**", "baojia": "x"},
            {"name": "立直", "fanshu": 1, "baojia": None}, ["立直", 1], None] + entries

    def read(entry):
        try:
            return _read_yaku(entry)
        except FormatError as error:
            return error.message

    _KNOWN_ENTRIES.clear()
    first = [read(entry) for entry in near]  # each as if the first: the two-field ones are kept after
    _KNOWN_ENTRIES.clear()
    for entry in entries:
        read(entry)
    assert [read(entry) for entry in near] == first
    assert sum(isinstance(result, str) for result in first) == 13


@pytest.mark.parametrize("n", [3, 4])
def test_calls_and_kans_read_before_are_checked_as_the_first_time(n):
    """A call or kan of a seat and meld read before is found again without its checks: one
    near it (a bool, float or out-of-range seat, another field, a meld of the other key,
    in a game of fewer players) is still refused, as the first time."""
    events = [{key: {"l": seat, "m": meld}} for key, meld in (("fulou", "m1-23"), ("fulou", "z111="),
                                                             ("gang", "p5550"), ("gang", "s777-7"))
              for seat in range(4)]
    near = [{"fulou": {"l": True, "m": "m1-23"}}, {"fulou": {"l": 1.0, "m": "m1-23"}}, {"fulou": {"l": 4, "m": "m1-23"}},
            {"fulou": {"l": -1, "m": "m1-23"}}, {"fulou": {"l": 0, "m": "m1-23", "x": 0}}, {"fulou": {"m": "m1-23"}},
            {"gang": {"l": 0, "m": "m1-23"}}, {"fulou": {"l": 0, "m": "p5550"}}, {"fulou": {"l": 0, "p": "m1-23"}},
            {"fulou": {"l": 0, "m": ["m1-23"]}}, {"fulou": ["l", "m"]}] + events

    def read(raw):
        try:
            return _read_event(raw, n, 1)
        except FormatError as error:
            return error.message

    for table in _KNOWN_MELD_EVENTS.values():
        for known in table.values():
            known.clear()
    first = [read(raw) for raw in near]  # each as if the first: the well-formed ones are kept after
    for raw in events:  # in games of three and four: seat 3 read in a game of four too
        for players in (3, 4):
            try:
                _read_event(raw, players, 1)
            except FormatError:
                pass
    assert [read(raw) for raw in near] == first
    assert sum(isinstance(result, str) for result in first) == 11 + (4 if n == 3 else 0)


def test_rules_read_before_are_checked_as_the_first_time(tmp_path):
    """A rule whose JSON text was checked before is not checked again: one near it (a
    bool's 1, an integer's 2.0 or true) is still the error of its game, in the file that
    stated the rule first or the next."""
    events = [_DEAL, {"zimo": {"l": 0, "p": "m1"}}, {"dapai": {"l": 0, "p": "m1"}}]
    good = {"クイタンあり": True, "場数": 2}
    near = [{"クイタンあり": 1, "場数": 2}, {"クイタンあり": True, "場数": 2.0}, {"クイタンあり": True, "場数": True}]
    said = ["rule: クイタンあり (open_tanyao) must be true or false, not 1",
            "rule: 場数 (winds) must be an integer, not 2.0", "rule: 場数 (winds) must be an integer, not True"]
    for rules, games, errors in (([good], 1, []), ([good, *near, good], 2, said), (near, 0, said)):
        path = tmp_path / f"{len(rules)}.json"
        path.write_bytes(orjson.dumps([_paipu(4, [events], rule=rule) for rule in rules]))
        reader = load(path, errors="collect")
        assert [game.rule for game in reader] == [good] * games
        assert [error.message for error in reader.errors] == errors
