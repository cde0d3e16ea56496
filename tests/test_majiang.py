"""The 電脳麻将 reader's fast paths read as its full checks do: same events, same errors."""

from __future__ import annotations

import itertools

import pytest

from paipu.formats import FormatError
from paipu.formats.majiang import _KNOWN_ENTRIES, _read_event, _read_round, _read_yaku
from paipu.tiles import KINDS

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


@pytest.mark.parametrize("n", [3, 4])
def test_events_of_a_seat_and_a_tile_read_as_the_full_reader_reads_them(n):
    deal = {"qipai": dict(_DEAL["qipai"], defen=[35000] * n, shoupai=_DEAL["qipai"]["shoupai"][:n])}
    raws = [{key: payload} for key in _KEYS for payload in _PAYLOADS]
    raws += [{"zimo": {"l": 0, "p": "m1"}, "dapai": {"l": 0, "p": "m1"}}, {}, [], "zimo", None, "z", 1, 1.5, True]
    # lists and strings of one or two items, which unpack like an object of one key
    raws += [[item] for item in (0, 1, -1, True, False, 5, "zimo", "l", ["zimo"], {"zimo": {"l": 0, "p": "m1"}})]
    raws += [["zimo", {"l": 0, "p": "m1"}], {"zimo": ["l", "p"]}, {"zimo": "lp"}, {"zimo": [0, "m1"]},
             {"zimo": {"l": 0, "p": {"m1": 1}}}, {"zimo": {"l": 2**70, "p": "m1"}}]
    raws += [{key: {"l": seat, "p": tile + marks}} for key in ("zimo", "dapai") for seat in range(n)
             for tile in KINDS + ("m0", "p0", "s0") for marks in ("", "_", "*", "_*")]
    accepted = refused = 0
    for raw in raws:
        events = [deal, {"zimo": {"l": 1, "p": "m1"}}, raw, {"dapai": {"l": 1, "p": "m1_"}}]
        expected = _read_in_full(events, n)
        assert _read_fast(events, n) == expected, raw
        if isinstance(expected[-1], int):
            refused += 1
        else:
            accepted += 1
    assert accepted > 100 and refused > 1000


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
