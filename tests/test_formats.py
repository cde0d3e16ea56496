"""The format layer: the registry the loader reads files through, the origin every reader
gives its games, and what a Tenhou log implies for the rule."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import orjson
import pytest

import paipu
from paipu import load
from paipu.events import Game, Origin
from paipu.formats import FORMATS, Format, FormatError, identify
from paipu.formats.majiang import game_from_json
from paipu.formats.tenhou_rules import implied_rule
from paipu.rules import RedFives

from conftest import HAND_MADE, corpus

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json"


def test_formats_are_registered_by_name_in_sniffing_order():
    assert list(FORMATS) == ["tenhou-mjlog", "mjai", "tenhou-json", "majsoul", "majiang"]
    assert all(name == format.name for name, format in FORMATS.items())
    assert paipu.FormatError is FormatError and issubclass(FormatError, ValueError)


def test_identify_tells_the_formats_apart_by_content():
    mjlog = b'<?xml version="1.0"?><mjloggm ver="2.3"></mjloggm>'
    assert identify(mjlog) == (FORMATS["tenhou-mjlog"], mjlog)
    tenhou_json = {"name": ["A", "B", "C", "D"], "log": [[[0, 0, 0]]]}
    assert identify(orjson.dumps(tenhou_json)) == (FORMATS["tenhou-json"], tenhou_json)
    assert identify(b'[{"title": ""}]') == (FORMATS["majiang"], [{"title": ""}])
    with pytest.raises(orjson.JSONDecodeError):
        identify(b"neither XML nor JSON")


def test_a_format_is_one_registry_entry(tmp_path, monkeypatch):
    """A new format read by the loader through one entry: here a made-up one, JSON lines
    ``{"paipu": ...}`` each holding a 電脳麻将 paipu."""

    def games(data: bytes, file_name: str):
        return [orjson.loads(line)["paipu"] for line in data.splitlines()], game_from_json

    entry = Format("paipu-lines", None, lambda data: data.startswith(b'{"paipu"'), games)
    monkeypatch.setattr(paipu.formats, "FORMATS", {"paipu-lines": entry, **FORMATS})
    paipus = json.loads(SAMPLE.read_text(encoding="utf-8"))
    paipus = paipus if isinstance(paipus, list) else [paipus]
    (tmp_path / "games.json").write_text("\n".join(json.dumps({"paipu": p}) for p in paipus))
    reader = load(tmp_path, errors="raise")
    assert [game.title for game in reader] == [p["title"] for p in paipus] and reader.games == len(paipus)


def test_a_paipu_is_of_the_majiang_format_and_names_no_platform():
    games = list(load(SAMPLE.parent, errors="raise"))
    assert games and all(game.origin == Origin("majiang") for game in games)


def _paipu(title: str) -> Game:
    deal = {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4,
                      "baopai": "m1", "shoupai": ["m123456789p1234"] * 4}}
    return game_from_json({"title": title, "player": ["A", "B", "C", "D"], "qijia": 0, "log": [[deal]]})


def test_a_paipu_titled_with_a_tenhou_room_has_the_origin_of_a_tenhou_log():
    origin = _paipu("四鳳東喰\n2009030422gm-00e1-0000-34c2314d").origin
    day = datetime.date(2009, 3, 4)
    assert origin == Origin("majiang", "2009030422gm-00e1-0000-34c2314d", "tenhou", "四鳳東喰", day,
                            *implied_rule(day, hanchan=False, kuitan=True, red=False))
    assert dict(origin.rule)["winds"] == 1 and dict(origin.rule)["red_fives"] == RedFives(0, 0, 0)
    untitled = _paipu("四般南赤\nfukugou").origin  # no log id: the date is not known
    assert (untitled.id, untitled.date) == ("", None)
    assert "final_scores_rounded" in dict(untitled.undetermined)
    assert {"winds": 2, "open_tanyao": False, "red_fives": RedFives(1, 1, 1)}.items() <= dict(untitled.rule).items()
    assert _paipu("四鳳南喰赤\n2020139900gm-00a9-0000-00000000").origin.date is None  # not a date
    assert _paipu("友人戦 四鳳南喰赤").origin == Origin("majiang")


# A North set aside (北抜き) of another tile, in each format: the first North of a real
# three-player log made another tile. (file of the corpora, the North as the log writes
# it, the other tile, the round and event of the North, what the error says)
_NOT_NORTH = [
    (("majiang", "mahjonglm", "2014091101gm-00b9-0000-5ca6b487.json"), '"penuki":{"l":0,"p":"z4"}',
     '"penuki":{"l":0,"p":"m1"}', "penuki.p: only a North (z4) is set aside (北抜き), not m1"),
    (("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010100gm-00b9-0000-18a1410f.mjlog"),
     '<N who="0" m="31264" />', f'<N who="0" m="{(4 << 8) | 0x20}" />',
     'bad tag <N who="0" m="1056" />: a North set aside (抜きドラ) of m2, not of a North'),
    (("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010100gm-00b9-0000-18a1410f.mjlog"),
     '<N who="0" m="31264" />', f'<N who="0" m="{(200 << 8) | 0x20}" />',
     'a North set aside (抜きドラ) of tile id 200, not of a North'),  # no tile has that id
    (("tenhou-json", "sanma-engine", "2024010120gm-00b9-0000-e324b88a.json"), '"f44"', '"f11"',
     "only a North (f44) is set aside (北抜き), not 'f11'"),
]


@pytest.mark.parametrize("case", _NOT_NORTH, ids=["majiang", "tenhou-mjlog", "tenhou-mjlog-no-tile", "tenhou-json"])
def test_a_north_set_aside_of_another_tile_is_a_load_error(case, tmp_path):
    import gzip

    parts, north, other, message = case
    data = corpus(*parts).read_bytes()
    text = (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()
    assert north in text
    bad = tmp_path / parts[-1]
    bad.write_text(text.replace(north, other, 1), encoding="utf-8")
    reader = load(bad, errors="collect")
    assert list(reader) == [] and len(reader.errors) == 1
    error = reader.errors[0]
    assert (error.path, error.game, error.round, error.label) == (str(bad), 0, 0, "東1局0本場")
    assert message in error.message and "event 2" in str(error)  # the North's place
    good = tmp_path / "good" / parts[-1]
    good.parent.mkdir()
    good.write_text(text, encoding="utf-8")
    assert len(list(load(good, errors="raise"))) == 1


def test_a_paipu_is_recognised_without_importing_the_mahjong_soul_reader() -> None:
    """The sniff of a Mahjong Soul record is a look at the parsed JSON: loading 電脳麻将
    paipu does not import that reader, nor the engine's hand it imports (a tenth of a
    second of a short load)."""
    import subprocess
    import sys

    code = ("import sys, paipu; games = list(paipu.load(sys.argv[1])); "
            "print(len(games), 'paipu.formats.majsoul_record' in sys.modules, 'paipu.hand' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(HAND_MADE[0])], capture_output=True, text=True, check=True,
                         cwd=Path(paipu.__file__).resolve().parents[1])
    assert out.stdout.split() == ["1", "False", "False"]
