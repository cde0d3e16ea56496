"""The defence analysis (``paipu.defence``): every discard facing riichi rated with the
seed's danger classes, checked on a hand-read game and recounted from the raw JSON of a
corpus in plain Python (the seed's table written out here again, hands and sights
tracked from the raw events), without paipu's replay, tables or danger code."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from paipu import defence
from paipu.shanten import shanten, waits

from conftest import corpus, raw_games, raw_hand_counts, raw_kind, read_json

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"


def test_the_one_discard_facing_riichi_of_a_sample_read_by_hand():
    # riichi_ron.json: South (seat 1) declares riichi discarding 中 (z5*) after 發 (z7);
    # West (seat 2) draws s8 and discards it: ronned by South (一発).
    # Against South the genbutsu are z7 and z5. s8 is a 2/8 tile whose suji partner s5 is
    # not genbutsu: 2/8 no-suji, value 8. Its two-sided shapes need s7 and s6: West sees
    # none of them, so no wall class. West held 發 z7 twice (m248p3689s13z4477 + s8): the
    # safest tile is genbutsu, value 0. West's hand before the discard is far from ready.
    result = defence.defence(SAMPLES / "riichi_ron.json")
    (threat,) = result.threats.itertuples()
    assert (threat.seat, threat.opponent, threat.tile, threat.turn) == (2, 1, "s8", 2)
    assert (threat.label, threat.value, threat.wall, threat.ronned) == ("2/8 no-suji", 8, None, True)
    (discard,) = result.discards.itertuples()
    assert (discard.value, discard.safest_value, discard.safest_label) == (8, 0, "genbutsu")
    assert discard.dealt_in and not discard.ready and discard.shanten >= 2
    table = defence.player_defence(result.discards)
    assert table.loc["West player", "safest_rate"] == 0 and table.loc["West player", "fold_rate"] == 0
    assert table.loc["West player", "deal_in_rate"] == 1 and math.isnan(table.loc["West player", "push_rate"])


# -- an independent recount from the raw paipu ----------------------------------------------

_SEED = {(1, "no"): 6, (1, "suji"): 3, (2, "no"): 8, (2, "suji"): 4, (3, "no"): 8, (3, "suji"): 5,
         (4, "no"): 12, (4, "half"): 8, (4, "suji"): 4}
_GROUP = {1: "1/9", 2: "2/8", 3: "3/7", 4: "4-6"}
_COLUMN = {"no": "no-suji", "half": "half-suji", "suji": "suji"}


_kind = raw_kind


def seed_class(kind: int, safe: set[int], unseen: int, seats: int = 4) -> tuple[str, int]:
    """The seed's class and value of a kind against one riichi player, from its text; with
    three players 1m and 9m (kinds 0 and 8: no 2m-8m, so no run holds them) by their
    copies unseen as the honours, in a class of their own."""
    if kind in safe:
        return "genbutsu", 0
    if kind >= 27 or (seats == 3 and kind in (0, 8)):
        unseen = max(0, min(unseen, 3))
        return f"{'honour' if kind >= 27 else 'sanma 1m/9m'} {unseen} unseen", unseen
    number = kind % 9 + 1
    row = min(number, 10 - number, 4)
    partners = [kind + step for step in (-3, 3) if 1 <= number + step <= 9]
    safe_partners = sum(partner in safe for partner in partners)
    column = "suji" if safe_partners == len(partners) else "half" if safe_partners else "no"
    return f"{_GROUP[row]} {_COLUMN[column]}", _SEED[row, column]


def _meld_from_hand(meld: str, kakan: bool) -> list[int]:
    digits = [(char, meld[i + 1:i + 2] in ("+", "=", "-")) for i, char in enumerate(meld) if char.isdigit()]
    if kakan:
        digits = [(digits[-1][0], False)]
    return [_kind(meld[0] + digit) for digit, marked in digits if not marked]


def raw_wall(kind: int, seen: list[int]) -> str | None:
    """No-chance / one-chance from the copies seen, as the docs define them: a number tile
    n is taken by the two-sided shapes n+1 n+2 and n-1 n-2; a shape is blocked by every
    copy of one of its tiles seen (no-chance when all are), or three (one-chance)."""
    if kind >= 27:
        return None
    number = kind % 9 + 1
    shapes = [(kind + 1, kind + 2)] if number <= 7 else []
    shapes += [(kind - 1, kind - 2)] if number >= 3 else []
    least = min(max(seen[a], seen[b]) for a, b in shapes)
    return "no-chance" if least == 4 else "one-chance" if least == 3 else None


def raw_defence(paipus: list[dict]) -> tuple[list[tuple], list[tuple]]:
    """The rows of ``threats`` and ``discards`` (:data:`paipu.defence.THREAT_COLUMNS`,
    ``DISCARD_COLUMNS``, game and discard counted the same way) recounted from the raw
    events: hands, genbutsu and the tiles in view tracked here; only shanten and waits
    are paipu's (:mod:`paipu.shanten`, on the hands tracked here). The length of a game
    (for the last round, オーラス) is read from its Tenhou title (南: East-South, else
    East only); the place at the start of a round from ``qipai.defen``, a tie to the
    player nearer ``qijia``."""
    threats: list[tuple] = []
    discards: list[tuple] = []
    for game, paipu_ in enumerate(paipus):
        seats = len(paipu_["player"])
        winds = 2 if "南" in paipu_["title"].split("\n")[0] else 1
        for number, log in enumerate(paipu_["log"]):
            qipai = log[0]["qipai"]
            hands = [raw_hand_counts(notation) for notation in qipai["shoupai"]]
            public = [0] * 34  # every discard, meld tile from a hand, dora indicator, North set aside
            public[_kind(qipai["baopai"])] += 1
            safe = [set() for _ in range(seats)]
            riichi = [False] * seats
            turns = [0] * seats
            declared: list[tuple[int, int]] = []  # (seat, turn) of each riichi tile, in order
            all_last = (qipai["zhuangfeng"], qipai["jushu"]) >= (winds - 1, seats - 1)
            players = [(paipu_["qijia"] + qipai["jushu"] + seat) % seats for seat in range(seats)]
            place = sorted(range(seats), key=lambda seat: (-qipai["defen"][seat], (players[seat] - paipu_["qijia"]) % seats))
            for position, event in enumerate(log):
                (key, body), = event.items()
                if key == "penuki":
                    hands[body["l"]][_kind("z4")] -= 1
                    public[_kind("z4")] += 1
                elif key in ("zimo", "gangzimo"):
                    hands[body["l"]][_kind(body["p"])] += 1
                elif key in ("fulou", "gang"):
                    kakan = key == "gang" and any(mark in body["m"] for mark in "+=-")
                    for kind in _meld_from_hand(body["m"], kakan):
                        hands[body["l"]][kind] -= 1
                        public[kind] += 1
                elif key == "kaigang":
                    public[_kind(body["baopai"])] += 1
                elif key == "dapai":
                    seat, kind = body["l"], _kind(body["p"])
                    turns[seat] += 1
                    against = [other for other in range(seats) if riichi[other] and other != seat]
                    chasing = body["p"].endswith("*")
                    if against and not riichi[seat]:
                        seen = [a + b for a, b in zip(hands[seat], public)]
                        wins = []
                        for later in log[position + 1:]:
                            if "hule" not in later:
                                break
                            wins.append(later["hule"]["l"])
                        ratings = []
                        for other in against:
                            label, value = seed_class(kind, safe[other], 4 - seen[kind], seats)
                            ratings.append(value)
                            threats.append((game, number, len(discards), seat, turns[seat], body["p"][:2], other,
                                            label, value, raw_wall(kind, seen), other in wins, chasing, seats))
                        safest = min(max((value, label) for label, value in
                                         (seed_class(held, safe[other], 4 - seen[held], seats) for other in against))
                                     for held in range(34) if hands[seat][held])
                        before = shanten(hands[seat])
                        hands[seat][kind] -= 1
                        discards.append((len(discards), len(against), max(ratings), *safest, before,
                                         bool(waits(hands[seat])), bool(wins), chasing, seats, 0 in against,
                                         declared[0][1], all_last, place.index(seat) + 1))
                    else:
                        hands[seat][kind] -= 1
                    public[kind] += 1
                    safe[seat].add(kind)
                    if body["p"].endswith("*"):
                        riichi[seat] = True
                        declared.append((seat, turns[seat]))
                    for other in range(seats):
                        if riichi[other]:
                            safe[other].add(kind)
    return threats, discards


def test_every_row_equals_a_raw_recount():
    """Both tables, row by row (names apart), against the raw recount over the real games
    of a corpus: what the replay's fast path before each round's first riichi must not
    change (the genbutsu, the turn and the tiles in view are read from the table there)."""
    folder = corpus("tenhou-as-majiang", "mjx-tests")
    threats, discards = raw_defence(raw_games(folder, "*.json"))
    result = defence.defence(folder)
    assert len(threats) > 1000 and len(discards) > 900
    got = result.threats.drop(columns="name")
    got["wall"] = got["wall"].astype(object).where(got["wall"].notna(), None)
    assert [tuple(row) for row in got.itertuples(index=False)] == threats
    got = result.discards.drop(columns="name")
    assert [tuple(row) for row in got.itertuples(index=False)] == discards


def test_danger_classes_and_deal_ins_equal_a_raw_recount():
    folder = corpus("tenhou-as-majiang", "mjx-tests")
    threats, _ = raw_defence(raw_games(folder, "*.json"))
    expected = Counter((label, ronned) for *_, label, _value, _wall, ronned, _chasing, _players in threats)
    result = defence.defence(folder)
    table = defence.danger_table(result.threats)
    for label, row in table.iterrows():
        assert row["discards"] == expected[label, False] + expected[label, True], label
        assert row["deal_ins"] == expected[label, True], label
    assert table["discards"].sum() == sum(expected.values())
    assert table.loc["genbutsu", "deal_ins"] == 0  # a genbutsu ron would be furiten
    assert set(table["value"]) <= {0, 1, 2, 3, 4, 5, 6, 8, 12}
    walled = defence.danger_table(result.threats, by_wall=True)
    assert walled["discards"].sum() == table["discards"].sum()
    assert list(result.discards["discard"]) == sorted(set(result.threats["discard"]))
    players = defence.player_defence(result.discards)
    assert players["discards"].sum() == len(result.discards)
    assert players["deal_ins"].sum() == result.discards["dealt_in"].sum()


def test_three_player_rows_equal_a_raw_recount():
    """The real three-player games of a corpus (1m and 9m rated by the copies unseen, a
    North set aside seen by all), row by row against the raw recount."""
    folder = corpus("majiang", "mahjonglm")
    paths = sorted(path for path in folder.glob("*.json") if len(read_json(path)["player"]) == 3)
    threats, discards = raw_defence([read_json(path) for path in paths])
    result = defence.defence(paths)
    assert len(paths) == 2 and len(discards) > 50
    assert any(label.startswith("sanma 1m/9m") for *_, label, _value, _wall, _ronned, _chasing, _players in threats)
    got = result.threats.drop(columns="name")
    got["wall"] = got["wall"].astype(object).where(got["wall"].notna(), None)
    assert [tuple(row) for row in got.itertuples(index=False)] == threats
    assert [tuple(row) for row in result.discards.drop(columns="name").itertuples(index=False)] == discards
