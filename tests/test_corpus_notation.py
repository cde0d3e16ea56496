"""Every hand, meld and discard string and every game of the 電脳麻将 corpora.

The corpora README lists 1,046 converted Tenhou files (722 + 111 + 36 + 7 + 4 + 1 + 36 +
129), 44 generated variant files with 2,020 games, the engine's 37 test games in one file
and 17 MahjongLM files: 1,108 files, 3,120 games. Reading fewer is a failure, not a skip.
"""

from __future__ import annotations

import pytest

from conftest import corpus, read_json
from paipu import load
from paipu.formats.majiang import game_to_json
from paipu.tiles import parse_discard, parse_hand, parse_meld

FOLDERS = {
    # folder: (files, games) at least, from the corpora README
    "tenhou-as-majiang": (1046, 1046),
    "generated": (44, 2020),
    "majiang/majiang-core-scripts": (1, 37),
    "majiang/mahjonglm": (17, 17),
}


def _paipu_files(folder):
    root = corpus(*folder.split("/"))
    return sorted(p for p in root.rglob("*") if p.name.endswith((".json", ".json.gz")))


def _games(path):
    data = read_json(path)
    return data if isinstance(data, list) else [data]


def _naive_tiles(text):
    tiles, suit = [], ""
    for char in text:
        if char.isalpha():
            suit = char
        else:
            tiles.append(suit + char)
    return tiles


def _is_nine_terminals_sorted(text):
    # 九種九牌 hands of 14 tiles whose converter wrote the drawn tile in sorted place
    # (the engine writes it last): the only strings that differ from canonical notation.
    return sum(c.isdigit() for c in text) == 14 and "," not in text


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_string_round_trips(folder):
    files = _paipu_files(folder)
    hands = melds = discards = games = 0
    unsorted = []
    for path in files:
        for game in _games(path):
            games += 1
            for round_ in game["log"]:
                for event in round_:
                    ((key, p),) = event.items()
                    if key == "qipai":
                        for text in p["shoupai"]:
                            assert str(parse_hand(text)) == text, (path, text)
                            hands += 1
                    elif key == "hule":
                        assert str(parse_hand(p["shoupai"])) == p["shoupai"], (path, p)
                        hands += 1
                    elif key == "pingju":
                        for text in filter(None, p["shoupai"]):
                            hands += 1
                            if str(parse_hand(text)) != text:
                                assert p["name"] == "九種九牌" and _is_nine_terminals_sorted(text), (path, text)
                                unsorted.append(text)
                                assert sorted(parse_hand(text).tiles) == sorted(_naive_tiles(text))
                    elif key in ("fulou", "gang"):
                        assert str(parse_meld(p["m"])) == p["m"], (path, p)
                        melds += 1
                    elif key == "dapai":
                        tile, tsumogiri, riichi = parse_discard(p["p"])
                        assert tile + "_" * tsumogiri + "*" * riichi == p["p"]
                        discards += 1
    least_files, least_games = FOLDERS[folder]
    assert len(files) >= least_files and games >= least_games
    assert hands > 4 * games and discards > 0
    if folder == "generated":  # the engine's own output is canonical throughout
        assert not unsorted


@pytest.mark.parametrize("folder", FOLDERS)
def test_loading_and_writing_back_gives_the_same_json(folder):
    files = _paipu_files(folder)
    reader = load(*files, errors="collect")
    loaded = {game.source: game for game in reader}
    assert not reader.errors
    count = 0
    for path in files:
        for index, original in enumerate(_games(path)):
            written = game_to_json(loaded[f"{path}#{index}"])
            if written != original:
                # The one representational change: a 14-tile 九種九牌 hand written fully
                # sorted by a converter is written back with its last tile as the drawn
                # tile, set apart as the engine writes it. Same tiles, same meaning.
                _normalise_nine_terminals(original)
            assert written == original, f"{path}#{index}"
            count += 1
    assert count == reader.games >= FOLDERS[folder][1]


def _normalise_nine_terminals(game):
    for round_ in game["log"]:
        for event in round_:
            if "pingju" in event and event["pingju"]["name"] == "九種九牌":
                hands = event["pingju"]["shoupai"]
                event["pingju"]["shoupai"] = [str(parse_hand(h)) if h else h for h in hands]
