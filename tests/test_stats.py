"""Player statistics (``paipu.stats``, ``paipu stats``) against the definitions of stats.md.

Expected values come from outside the code under test: counted by hand from the events
of short games (the reasoning is in the comments), or recounted here in plain Python
from the raw JSON of the corpora, without paipu's loader or stats code.
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import json
import math
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import paipu
from paipu import statistics, stats
from paipu.cli import _progress
from paipu.formats.majiang import game_from_json
from paipu.shanten import shanten, waits

from conftest import HAND_MADE, corpus, raw_games, raw_hand_counts, raw_kind, read_json

SAMPLES = Path(__file__).resolve().parents[1] / "sample_logs"
NAN = math.nan


def ikkyoku(*indices: int) -> list[paipu.Game]:
    """Games of the generated 一局戦 corpus, by index in the file."""
    path = corpus("generated", "ikkyoku.json.gz")
    return [game for index, game in enumerate(paipu.load(path)) if index in indices]


def assert_stats(row, expected: dict) -> None:
    for stat, value in expected.items():
        assert row[stat] == pytest.approx(value, nan_ok=True), stat


# -- every stat of one short game, counted by hand ----------------------------------------


def test_every_stat_of_a_short_game_counted_by_hand():
    # ikkyoku.json.gz game #8: qijia 1, both rounds 東1局 (jushu 0), so seat -> player is
    # (1 + seat) % 4: seat 0 = AI-B (dealer), seat 1 = AI-C, seat 2 = AI-D, seat 3 = AI-A.
    #
    # Round 1, 東1局0本場, ends in 荒牌平局 with no call at all.
    #   AI-D (seat 2) declares riichi with its 9th discard (m5 z6 p1 p1 s9 z6 p6 s8 m3*);
    #   AI-C (seat 1) with its 12th (z4 z6 s1 s9 p3 z1 p6 z2 z6 p3 m8 s4*).
    #   pingju.shoupai shows only seats 1 and 2 (both tenpai); fenpei [-1500,1500,1500,-1500].
    # Round 2, 東1局1本場, 2 sticks on the table.
    #   AI-D pons s2 (s222=) and 發 (z666-), later adds the fourth 發 (kakan: not a call);
    #   AI-B pons 白 (z333+).
    #   AI-C declares riichi with its 8th discard (s1 m9 z6 s2 m1 z3 s1 m3*); the stick
    #   is paid (draws follow).
    #   AI-A declares riichi with its 8th discard (p5 m9 z2 z7 p2 z7 s9 m6*) and AI-D rons
    #   that very tile: AI-A's riichi counts as a riichi round and as a deal-in.
    #   hule: AI-D, baojia 3 (AI-A), 翻牌 發 1 + ドラ 2, defen 5200,
    #   fenpei [0, 0, 8500, -5500] = 5200 + 300 honba from AI-A, + 3 sticks to AI-D.
    #   AI-D discarded 8 tiles before the win (z3 m1 s1 p4 m2 m4 m7 z1): win turn 9.
    # Final: defen by player [18000, 23500, 24500, 34000], rank [4, 3, 2, 1],
    #   point ['-32.0', '-16.5', '4.5', '44.0'].
    summary = stats.summary(ikkyoku(8))
    assert list(summary.index) == ["AI-A", "AI-B", "AI-C", "AI-D"]  # 1 game, 2 rounds each: by name
    common = dict(games=1, rounds=2, bust_rate=0, draw_rate=1 / 2, abort_rate=0, draws=1, aborts=0,
                  draw_reasons={"荒牌平局": 1})
    assert_stats(summary.loc["AI-A"], dict(
        common,
        rank_1=0, rank_2=0, rank_3=0, rank_4=1, avg_rank=4, top_rate=0, rentai_rate=0, last_rate=1,
        avg_score=18000, avg_point=-32.0,
        win_rate=0, deal_in_rate=1 / 2, riichi_rate=1 / 2, call_rate=0,
        avg_win=NAN, avg_win_net=NAN, avg_deal_in=5500, tsumo_rate=NAN, dama_rate=NAN,
        tenpai_at_draw=0,                      # hand not shown in round 1
        riichi_win=0, riichi_deal_in=1,        # its one riichi round is the deal-in
        call_win=NAN, call_deal_in=NAN, ippatsu_rate=NAN, ura_rate=NAN,
        avg_win_turn=NAN, avg_riichi_turn=8,
        wins=0, deal_ins=1, riichi_rounds=1, call_rounds=0, yaku_counts={},
    ))
    assert_stats(summary.loc["AI-B"], dict(
        common,
        rank_1=0, rank_2=0, rank_3=1, rank_4=0, avg_rank=3, top_rate=0, rentai_rate=0, last_rate=0,
        avg_score=23500, avg_point=-16.5,
        win_rate=0, deal_in_rate=0, riichi_rate=0, call_rate=1 / 2,   # the 白 pon in round 2
        avg_win=NAN, avg_win_net=NAN, avg_deal_in=NAN, tsumo_rate=NAN, dama_rate=NAN,
        tenpai_at_draw=0, riichi_win=NAN, riichi_deal_in=NAN, call_win=0, call_deal_in=0,
        ippatsu_rate=NAN, ura_rate=NAN, avg_win_turn=NAN, avg_riichi_turn=NAN,
        wins=0, deal_ins=0, riichi_rounds=0, call_rounds=1, yaku_counts={},
    ))
    assert_stats(summary.loc["AI-C"], dict(
        common,
        rank_1=0, rank_2=1, rank_3=0, rank_4=0, avg_rank=2, top_rate=0, rentai_rate=1, last_rate=0,
        avg_score=24500, avg_point=4.5,
        win_rate=0, deal_in_rate=0, riichi_rate=1, call_rate=0,       # riichi in both rounds
        avg_win=NAN, avg_win_net=NAN, avg_deal_in=NAN, tsumo_rate=NAN, dama_rate=NAN,
        tenpai_at_draw=1, riichi_win=0, riichi_deal_in=0, call_win=NAN, call_deal_in=NAN,
        ippatsu_rate=NAN, ura_rate=NAN, avg_win_turn=NAN, avg_riichi_turn=(12 + 8) / 2,
        wins=0, deal_ins=0, riichi_rounds=2, call_rounds=0, yaku_counts={},
    ))
    assert_stats(summary.loc["AI-D"], dict(
        common,
        rank_1=1, rank_2=0, rank_3=0, rank_4=0, avg_rank=1, top_rate=1, rentai_rate=1, last_rate=0,
        avg_score=34000, avg_point=44.0,
        win_rate=1 / 2, deal_in_rate=0, riichi_rate=1 / 2, call_rate=1 / 2,
        avg_win=5200, avg_win_net=8500, avg_deal_in=NAN,
        tsumo_rate=0, dama_rate=0,             # a ron with an open hand
        tenpai_at_draw=1,
        riichi_win=0, riichi_deal_in=0,        # the riichi round (1) was drawn
        call_win=1, call_deal_in=0,            # the call round (2) was won
        ippatsu_rate=NAN, ura_rate=NAN,        # no riichi win
        avg_win_turn=9, avg_riichi_turn=9,
        wins=1, deal_ins=0, riichi_rounds=1, call_rounds=1,
        yaku_counts={"翻牌": 1, "ドラ": 2},    # 翻牌 發 merged as 翻牌; dora count their han
    ))


def test_riichi_order_deal_in_states_dealer_and_facing_riichi_counted_by_hand():
    # The game of the test above. Round 1: AI-D's riichi (9th go-around) comes before
    # AI-C's (12th): AI-D first and chased, AI-C chasing. Round 2: AI-C (seat 1, 8th
    # discard) before AI-A (seat 3, 8th discard, ronned): AI-C first and chased, AI-A
    # chasing. Facing the first riichi: round 1 everyone but AI-D, round 2 everyone but
    # AI-C. AI-A deals in while in riichi to AI-D's open hand (pons). AI-B is dealer in
    # both rounds (東1局0本場, 1本場): a run of 2. Score changes (see above): round 1
    # AI-B -1500, AI-C 500, AI-D 500, AI-A -1500; round 2 AI-B 0, AI-C -1000, AI-D 8500,
    # AI-A -5500. Nobody wins by tsumo.
    summary = stats.summary(ikkyoku(8))
    none = dict(tsumo_against_rate=0, avg_tsumo_paid=NAN, dealer_tsumo_paid=NAN)
    assert_stats(summary.loc["AI-A"], dict(
        none, riichi_first_rate=0, riichi_chasing_rate=1, riichi_chased_rate=0, riichi_income=-5500,
        riichi_draw=0, avg_score_change=-3500, deal_in_riichi=1, deal_in_called=0, deal_in_closed=0,
        deal_in_to_riichi=0, deal_in_to_called=1, deal_in_to_dama=0,
        longest_dealer_run=NAN, dealer_rounds=0, dealer_win_rate=NAN, non_dealer_win_rate=0,
        non_dealer_deal_in_rate=1 / 2, non_dealer_score_change=-3500,
        facing_riichi_rounds=2, facing_riichi_win=0, facing_riichi_deal_in=1 / 2, facing_riichi_draw=1 / 2,
        facing_riichi_score_change=-3500,
    ))
    assert_stats(summary.loc["AI-B"], dict(
        none, riichi_first_rate=NAN, riichi_income=NAN, call_draw=0, deal_in_riichi=NAN,
        longest_dealer_run=2, dealer_rounds=2, dealer_win_rate=0, dealer_deal_in_rate=0,
        dealer_avg_win=NAN, dealer_score_change=-750, non_dealer_win_rate=NAN,
        facing_riichi_rounds=2, facing_riichi_draw=1 / 2, facing_riichi_score_change=-750,
    ))
    assert_stats(summary.loc["AI-C"], dict(
        riichi_first_rate=1 / 2, riichi_chasing_rate=1 / 2, riichi_chased_rate=1 / 2,
        riichi_income=(500 - 1000) / 2, riichi_draw=1 / 2, avg_score_change=-250,
        facing_riichi_rounds=1, facing_riichi_draw=1, facing_riichi_score_change=500,
    ))
    assert_stats(summary.loc["AI-D"], dict(
        riichi_first_rate=1, riichi_chasing_rate=0, riichi_chased_rate=1, riichi_income=500, riichi_draw=1,
        call_draw=0, avg_score_change=4500, non_dealer_avg_win=5200, non_dealer_score_change=4500,
        facing_riichi_rounds=1, facing_riichi_win=1, facing_riichi_deal_in=0, facing_riichi_score_change=8500,
    ))


def test_tsumo_against_and_the_dealers_share_counted_by_hand():
    # Game #23 (see below): AI-D tsumo, fenpei [-2000, -1000, 5000, -1000] by seat, AI-B
    # the dealer pays 2,000 (親被り), AI-C and AI-A 1,000. Game #5: AI-B, with 白 pon
    # (z777-), deals in to AI-D's riichi; AI-D is dealer in both rounds (the abortive
    # draw repeats the deal): a run of 2. AI-B sits 3 rounds, AI-A 3.
    summary = stats.summary(ikkyoku(5, 23))
    assert_stats(summary.loc["AI-B"], dict(tsumo_against_rate=1 / 3, avg_tsumo_paid=2000, dealer_tsumo_paid=2000,
                                           deal_in_called=1, deal_in_to_riichi=1, longest_dealer_run=1))
    assert_stats(summary.loc["AI-A"], dict(tsumo_against_rate=1 / 3, avg_tsumo_paid=1000, dealer_tsumo_paid=NAN))
    assert_stats(summary.loc["AI-D"], dict(tsumo_against_rate=0, longest_dealer_run=2, dealer_rounds=2))


@pytest.mark.parametrize("engine", [False, True])
def test_tenpai_at_a_draw_is_the_tracked_hand_not_the_hand_shown(engine):
    # The count: without the noten penalty a ready hand may stay hidden; 37 such
    # hands in generated/no_noten_bappu*, and AI-A shows .308 of its hands in
    # no_noten_bappu.json.gz where .385 were ready. With the engine, the hidden hands are
    # those it followed, not counted again: the same answer.
    paths = [corpus("generated", "no_noten_bappu.json.gz"), corpus("generated", "no_noten_bappu_renchan1.json.gz")]
    table = stats.tables(paths, engine=engine).rounds
    assert ((table["tenpai"] == True) & (table["hand_shown"] == False)).sum() == 37  # noqa: E712
    assert not ((table["tenpai"] == False) & (table["hand_shown"] == True)).any()  # noqa: E712
    row = stats.summary(paths[0], engine=engine).loc["AI-A"]
    assert f"{row['shown_at_draw']:.3f}" == "0.308" and f"{row['tenpai_at_draw']:.3f}" == "0.385"


def test_repeated_yaku_entries_are_summed():
    # riichi_ron.json with its hupai written twice over and two ドラ entries (1 and 2 han):
    # analog sums repeated entries; so do the rounds table and yaku_counts.
    game = read_json(SAMPLES / "riichi_ron.json")
    hule = game["log"][0][-1]["hule"]
    hule["hupai"] = [*hule["hupai"], {"name": "立直", "fanshu": 1}, {"name": "ドラ", "fanshu": 1},
                     {"name": "ドラ", "fanshu": 2}]
    rows = stats.rounds(game_from_json(game, "repeated"))
    assert rows[rows["win"]].iloc[0]["yaku"] == {"立直": 2, "一発": 1, "平和": 1, "ドラ": 3}
    summary = stats.summary([game_from_json(game, "repeated")])
    assert summary.loc["South player", "yaku_counts"] == {"立直": 2, "ドラ": 3, "一発": 1, "平和": 1}


def test_round_facts_of_the_same_game():
    table = stats.rounds(ikkyoku(8))
    assert list(table.columns) == [fact.name for fact in stats.FACTS if fact.table == "rounds" and not fact.engine]
    assert len(table) == 2 * 4
    second = table[table["round"] == 1].set_index("name")
    assert list(second["label"].unique()) == ["東1局1本場"]
    assert list(second["seat"]) == [0, 1, 2, 3] and list(second.index) == ["AI-B", "AI-C", "AI-D", "AI-A"]
    assert second.loc["AI-B", "dealer"] and not second.loc["AI-A", "dealer"]
    assert second.loc["AI-D", "calls"] == 2             # s222= and z666-; the kakan is not a call
    assert second.loc["AI-D", "win_type"] == "ron"
    assert second.loc["AI-D", "yaku"] == {"翻牌 發": 1, "ドラ": 2}
    assert second.loc["AI-A", "deal_in_amount"] == 5500
    # score changes: payments minus riichi sticks paid (AI-A's ronned riichi never paid)
    assert dict(second["score_change"]) == {"AI-B": 0, "AI-C": -1000, "AI-D": 8500, "AI-A": -5500}
    first = table[table["round"] == 0].set_index("name")
    assert dict(first["tenpai"]) == {"AI-B": False, "AI-C": True, "AI-D": True, "AI-A": False}
    assert dict(first["score_change"]) == {"AI-B": -1500, "AI-C": 500, "AI-D": 500, "AI-A": -1500}
    assert first["win_type"].isna().all() and first["tenpai"].notna().all()
    assert second["tenpai"].isna().all()


def test_tsumo_ura_and_an_abortive_draw_counted_by_hand():
    # Game #23: qijia 1, one round, seat 0 = AI-B ... seat 3 = AI-A as above.
    #   AI-B pons 南 (z222-). AI-D declares riichi with its 6th discard (p7 p3 m1 m1 z2 s3*),
    #   discards m6 (no 一発), then wins by tsumo on m7 after 7 discards: win turn 8.
    #   立直 1 + 門前清自摸和 1 + 裏ドラ 1, defen 4000, fenpei [-2000,-1000,5000,-1000]
    #   (its own riichi stick comes back: net 5000).
    #   Final defen by player [24000, 23000, 24000, 29000]: AI-A and AI-C tie, AI-C first
    #   in seat order from qijia, rank [3, 4, 2, 1].
    # Game #5: qijia 3: seat 0 = AI-D (dealer), 1 = AI-A, 2 = AI-B, 3 = AI-C.
    #   Round 1: everyone discards 北 first: 四風連打 (abortive).
    #   Round 2: AI-A calls 3 times, AI-B once (z777-). AI-D declares riichi with its 10th
    #   discard and rons AI-B's m7 after 17 discards (win turn 18): 立直 + ドラ, defen 3900,
    #   ura indicator z3 shows nothing (no 裏ドラ entry). fenpei [5200, 0, -4200, 0]:
    #   3900 + 300 honba from AI-B, + AI-D's own stick.
    #   Final defen [25000, 20800, 25000, 29200], rank [2, 4, 3, 1].
    summary = stats.summary(ikkyoku(5, 23))
    assert_stats(summary.loc["AI-D"], dict(
        games=2, rounds=3, rank_1=1, avg_rank=1, avg_score=(29000 + 29200) / 2, avg_point=(39.0 + 39.2) / 2,
        win_rate=2 / 3, deal_in_rate=0, riichi_rate=2 / 3, call_rate=0, draw_rate=0, abort_rate=1 / 3,
        avg_win=(4000 + 3900) / 2, avg_win_net=(5000 + 5200) / 2, tsumo_rate=1 / 2, dama_rate=0,
        tenpai_at_draw=NAN, riichi_win=1, ippatsu_rate=0, ura_rate=1 / 2,
        avg_win_turn=(8 + 18) / 2, avg_riichi_turn=(6 + 10) / 2,
        yaku_counts={"立直": 2, "門前清自摸和": 1, "裏ドラ": 1, "ドラ": 1},
        draw_reasons={"四風連打": 1},
    ))
    assert_stats(summary.loc["AI-B"], dict(
        games=2, rank_4=1, last_rate=1, avg_rank=4, avg_score=(23000 + 20800) / 2,
        deal_in_rate=1 / 3, avg_deal_in=4200, call_rate=2 / 3, call_win=0, call_deal_in=1 / 2,
        riichi_rate=0, riichi_deal_in=NAN,
    ))
    assert_stats(summary.loc["AI-A"], dict(rank_2=1 / 2, rank_3=1 / 2, rentai_rate=1 / 2, call_rate=1 / 3))


def test_ippatsu_and_dama_in_the_sample_games():
    # sample_logs (make_samples.py): riichi_ron.json: South riichi, ippatsu ron off West
    # (立直 一発 平和); tsumo.json: East, the dealer, wins closed without riichi by tsumo.
    summary = stats.summary([SAMPLES / "riichi_ron.json", SAMPLES / "tsumo.json"])
    assert_stats(summary.loc["South player"], dict(riichi_win=1, ippatsu_rate=1, ura_rate=0, dama_rate=0))
    assert_stats(summary.loc["East player"], dict(tsumo_rate=1, dama_rate=1, riichi_rate=0))


def test_double_ron_once_or_each():
    # riichi_ron.json with a second winner made up: West (seat 2) discards s8; North
    # (seat 3, West's shimocha, so first in turn order) rons it too for 2,000, then South
    # as logged for 3,900. West pays 2,000 + 3,900 = 5,900 in one round.
    game = read_json(SAMPLES / "riichi_ron.json")
    south = game["log"][0][-1]["hule"]
    north = dict(south, l=3, fenpei=[0, 0, -2000, 2000])
    game["log"][0][-1:] = [{"hule": north}, {"hule": south}]
    double = game_from_json(game, "double")
    once = stats.summary([double]).loc["West player"]
    each = stats.summary([double], double_ron="each").loc["West player"]
    assert (once["deal_ins"], once["deal_in_rate"], once["avg_deal_in"]) == (1, 1.0, 5900)
    assert (each["deal_ins"], each["deal_in_rate"], each["avg_deal_in"]) == (2, 2.0, 2950)
    assert stats.summary([double])["wins"].sum() == 2
    with pytest.raises(ValueError):
        stats.summary([double], double_ron="twice")


def test_sources_and_player_selection():
    by_path = stats.summary(SAMPLES)
    by_reader = stats.summary(paipu.load(SAMPLES))
    by_list = stats.summary(list(paipu.load(SAMPLES)))
    assert by_path.equals(by_reader) and by_path.equals(by_list)
    one = stats.summary(SAMPLES, player="South player")
    assert list(one.index) == ["South player"] and one.iloc[0].equals(by_path.loc["South player"])
    assert one.equals(stats.summary(SAMPLES, player="South player\n(rank)"))  # as titles carry it
    by_index = stats.summary(SAMPLES, player=1)  # player index 1 of each game: South in every hand-made sample
    assert list(by_index.index) == ["South player", "betaori-push"] and by_index.loc[["South player"]].equals(one)
    assert by_index.loc["betaori-push"].equals(by_path.loc["betaori-push"])
    assert stats.summary(HAND_MADE, player=1).equals(one)
    assert stats.summary(SAMPLES, player="nobody").empty
    plain = [stat for stat in stats.STATISTICS if not stat.engine]
    assert list(stats.summary([]).columns) == [stat.name for stat in plain] + stats.interval_columns(plain)
    with pytest.raises(TypeError):
        stats.summary([42])


def test_a_truncated_log_adds_its_finished_rounds_only():
    whole = read_json(corpus("tenhou-as-majiang", "mjx-tests", "2011020401gm-00a9-0000-f6eff225.json"))
    path = corpus("tenhou-as-majiang", "mjx-tests", "2011020401gm-00a9-0000-f6eff225-no-round-end.json")
    truncated = read_json(path)
    assert "rank" not in truncated
    finished = sum("hule" in log[-1] or "pingju" in log[-1] for log in truncated["log"])
    assert finished == len(truncated["log"]) - 1 < len(whole["log"])
    summary = stats.summary(path)
    assert (summary["games"] == 0).all() and (summary["rounds"] == finished).all()
    table = stats.games(path)
    assert len(table) == 4 and table["rank"].isna().all()


# -- the corpora: cross-checks and an independent recount ------------------------------------

EXHAUSTIVE = ("荒牌平局", "流局", "流し満貫")




def _kind(suit: str, digit: str) -> int:
    return raw_kind(suit + digit)


def raw_hands(log: list[dict]):
    """Each event of a raw 電脳麻将 round with every seat's concealed tile counts after it:
    counted from the qipai notation through zimo, dapai, fulou and gang (a meld's tile
    marked + = - came from another player; a kakan adds its last digit)."""
    hands = []
    for notation in log[0]["qipai"]["shoupai"]:
        hands.append(raw_hand_counts(notation))
    for event in log:
        (key, body), = event.items()
        if key in ("zimo", "gangzimo"):
            hands[body["l"]][_kind(body["p"][0], body["p"][1])] += 1
        elif key == "dapai":
            hands[body["l"]][_kind(body["p"][0], body["p"][1])] -= 1
        elif key in ("fulou", "gang"):
            meld = body["m"]
            digits = [(char, meld[i + 1:i + 2] in ("+", "=", "-")) for i, char in enumerate(meld) if char.isdigit()]
            if key == "gang" and any(marked for _, marked in digits):  # kakan: its last digit is added
                digits = [(digits[-1][0], False)]
            for digit, marked in digits:
                if not marked:
                    hands[body["l"]][_kind(meld[0], digit)] -= 1
        yield key, body, hands


def raw_ready(log: list[dict]) -> list[bool]:
    """Whether each seat is ready at the end of a raw round (:func:`raw_hands`)."""
    for _, _, hands in raw_hands(log):
        pass
    return [bool(waits(hand)) for hand in hands]


def raw_band(value: int, dealer: bool) -> str:
    """The value band of a four-player hand worth ``value`` (hule.defen), by the values
    of docs/stats.md: below 3,900 / 8,000 / 12,000, a dealer's below 5,800 / 12,000 / 18,000."""
    limits = (5800, 12000, 18000) if dealer else (3900, 8000, 12000)
    return ("small", "medium", "mangan", "haneman")[sum(value >= limit for limit in limits)]


def raw_win_class(shoupai: str, riichi: bool) -> str:
    """riichi, dama, chi (every called meld a run) or pon, from a hule's shoupai: a
    called meld has a + = - mark; a run's digits differ."""
    if riichi:
        return "riichi"
    called = [meld for meld in shoupai.split(",")[1:] if any(mark in meld for mark in "+=-")]
    if not called:
        return "dama"
    runs = [len({digit.replace("0", "5") for digit in meld if digit.isdigit()}) == 3 for meld in called]
    return "chi" if all(runs) else "pon"


TENHOU_POINTS = {"般": (30, 15), "上": (60, 15), "特": (75, 30), "鳳": (90, 45)}  # 東南: 1st, 2nd (docs/stats.md)
KANJI_DAN = "初二三四五六七八九十"


def raw_rank_points(title: str, logged_name: str, rank: int):
    """(points gained at 1st/2nd, loss per dan + 2 at 4th, the points at the dan held or
    None) of a four-player Tenhou ranked game, or None: East games two thirds of East-South."""
    room = title.split("\n")[0]
    if len(room) < 3 or room[0] != "四" or room[1] not in TENHOU_POINTS or room[2] not in "東南":
        return None
    scale = 1 if room[2] == "南" else 2 / 3
    first, second = TENHOU_POINTS[room[1]]
    gained = {1: first * scale, 2: second * scale}.get(rank, 0)
    per_dan = 15 * scale if rank == 4 else 0
    line = logged_name.split("\n")[1] if "\n" in logged_name else ""
    dan = next((number for number, kanji in enumerate(KANJI_DAN, 1) if line.startswith(f"({kanji}段")), None)
    points = None if dan is None else gained - per_dan * (dan + 2)
    return gained, per_dan, points


def recount(paipus: list[dict], double_ron: str = "once") -> dict[str, dict]:
    """Every stat of stats.md per player name, counted from raw paipu JSON."""
    n = defaultdict(Counter)  # name -> counts and sums
    longest = defaultdict(int)
    yaku = defaultdict(Counter)
    reasons = defaultdict(Counter)
    for paipu_ in paipus:
        names = [name.split("\n")[0] for name in paipu_["player"]]
        if "rank" in paipu_:
            for player, name in enumerate(names):
                rank, score = paipu_["rank"][player], paipu_["defen"][player]
                n[name].update(games=1, rank_sum=rank, score=score, bust=score < 0, **{f"rank{rank}": 1})
                n[name]["point"] += float(paipu_["point"][player])
                tenhou = raw_rank_points(paipu_.get("title", ""), paipu_["player"][player], rank)
                if tenhou is not None:
                    gained, per_dan, points = tenhou
                    n[name].update(ranked_games=1, gained=gained, per_dan_lost=per_dan)
                    if points is not None:
                        n[name].update(rank_points=points, rank_points_games=1)
        run, last_dealer = 0, None
        for log in paipu_["log"]:
            jushu = log[0]["qipai"]["jushu"]
            name_of = [names[(paipu_["qijia"] + jushu + seat) % 4] for seat in range(4)]
            run = run + 1 if name_of[0] == last_dealer else 1
            last_dealer = name_of[0]
            if not ("hule" in log[-1] or "pingju" in log[-1]):
                continue  # the log stops inside this round
            longest[name_of[0]] = max(longest[name_of[0]], run)
            discards = [0, 0, 0, 0]
            riichi = [None] * 4
            order = []
            called = [False] * 4
            stick = [0] * 4
            change = [0] * 4
            won, dealt, first_winner, dealt_turn = {}, Counter(), {}, {}
            tsumo = None
            for position, event in enumerate(log):
                if "dapai" in event:
                    seat = event["dapai"]["l"]
                    discards[seat] += 1
                    if event["dapai"]["p"].endswith("*"):
                        riichi[seat] = discards[seat]
                        order.append(seat)
                        # no stick when the declaration tile is ronned (三家和: by three)
                        after = log[position + 1]
                        ronned = "hule" in after or after.get("pingju", {}).get("name", "").startswith("三家和")
                        stick[seat] = 0 if ronned else 1000
                elif "fulou" in event:
                    called[event["fulou"]["l"]] = True
                elif "hule" in event:
                    hule = event["hule"]
                    won[hule["l"]] = (hule, discards[hule["l"]] + 1)
                    change = [a + b for a, b in zip(change, hule["fenpei"])]
                    if hule["baojia"] is not None:
                        if hule["baojia"] not in first_winner:  # the tile ronned: the last discard, or a kakan
                            before = next(other for other in reversed(log[:position]) if "hule" not in other)
                            dealt_turn[hule["baojia"]] = discards[hule["baojia"]] + ("gang" in before)
                        first_winner.setdefault(hule["baojia"], hule)
                        dealt[hule["baojia"]] += 1
                        n[name_of[hule["baojia"]]]["paid"] -= hule["fenpei"][hule["baojia"]]
                    else:
                        tsumo = hule
            ending = log[-1].get("pingju")
            if ending:
                change = [a + b for a, b in zip(change, ending["fenpei"])]
            ready = raw_ready(log) if ending and ending["name"] in EXHAUSTIVE and "" in ending["shoupai"] else None
            for seat, name in enumerate(name_of):
                c = n[name]
                deal = min(dealt[seat], 1) if double_ron == "once" else dealt[seat]
                score_change = change[seat] - stick[seat]
                dealer = seat == 0
                draw = bool(ending) and ending["name"] in EXHAUSTIVE
                facing = bool(order) and order[0] != seat
                c.update(rounds=1, deal_ins=deal, riichi_rounds=riichi[seat] is not None,
                         call_rounds=called[seat], score_change=score_change, dealer=dealer,
                         dealer_won=dealer and seat in won, dealer_dealt=deal if dealer else 0,
                         dealer_change=score_change if dealer else 0,
                         other_won=not dealer and seat in won, other_dealt=0 if dealer else deal,
                         other_change=0 if dealer else score_change,
                         facing=facing)
                if facing:
                    c.update(facing_won=seat in won, facing_dealt=deal, facing_draw=draw,
                             facing_change=score_change, facing_tsumo=tsumo is not None and tsumo["l"] != seat,
                             facing_sideways=bool(first_winner) and seat not in won and not dealt[seat])
                if tsumo is not None and tsumo["l"] != seat:
                    c.update(tsumo_against=1, tsumo_paid=-tsumo["fenpei"][seat])
                    if dealer:
                        c.update(dealer_tsumo=1, dealer_tsumo_paid=-tsumo["fenpei"][seat])
                if riichi[seat] is not None:
                    c.update(riichi_turns=riichi[seat], riichi_dealt=deal, riichi_first=order[0] == seat,
                             riichi_chased=order[-1] != seat, riichi_change=score_change, riichi_draw=draw)
                if called[seat]:
                    c.update(call_dealt=deal, call_draw=draw)
                if deal:
                    own = "riichi" if riichi[seat] is not None else "called" if called[seat] else "closed"
                    winner = first_winner[seat]
                    melds = winner["shoupai"].split(",")[1:]
                    shape = ("riichi" if riichi[winner["l"]] is not None
                             else "called" if any(mark in meld for meld in melds for mark in "+=-") else "dama")
                    c.update({f"deal_in_{own}": deal, f"deal_in_to_{shape}": deal,
                              f"deal_in_band_{raw_band(winner['defen'], winner['l'] == 0)}": deal,
                              "deal_in_turns": dealt_turn[seat], "deal_in_rounds": 1})
                    turn = dealt_turn[seat]
                    c[f"deal_in_turn_{'early' if turn <= 6 else 'middle' if turn <= 12 else 'late'}"] += deal
                if ending:
                    reasons[name][ending["name"]] += 1
                    if draw:
                        shown = ending["shoupai"][seat] != ""
                        c.update(draws=1, shown=shown,
                                 tenpai=shown or ready[seat])
                    else:
                        c.update(aborts=1)
                if seat in won:
                    hule, turn = won[seat]
                    hupai = {entry["name"]: entry["fanshu"] for entry in hule["hupai"]}
                    kind = raw_win_class(hule["shoupai"], riichi[seat] is not None)
                    c.update({f"win_band_{raw_band(hule['defen'], dealer)}": 1, f"class_{kind}": 1,
                              f"value_{kind}": hule["defen"]})
                    c.update(wins=1, value=hule["defen"], mangan=hule["defen"] >= (12000 if dealer else 8000), net=hule["fenpei"][seat], win_turns=turn,
                             tsumo=hule["baojia"] is None,
                             dama=riichi[seat] is None and not called[seat],
                             riichi_won=riichi[seat] is not None, call_won=called[seat],
                             dealer_value=hule["defen"] if dealer else 0,
                             other_value=0 if dealer else hule["defen"])
                    if riichi[seat] is not None:
                        c.update(ippatsu="一発" in hupai, ura=hupai.get("裏ドラ", 0) > 0)
                    for entry in hule["hupai"]:
                        label = entry["name"]
                        if label.startswith(("場風", "自風", "翻牌", "役牌")):
                            label = "翻牌"
                        if label in ("ドラ", "赤ドラ", "裏ドラ"):
                            if entry["fanshu"]:
                                yaku[name][label] += entry["fanshu"]
                        else:
                            yaku[name][label] += 1

    def ratio(a, b):
        return a / b if b else NAN

    result = {}
    for name, c in n.items():
        g, r, w = c["games"], c["rounds"], c["wins"]
        result[name] = {
            "games": g, "rounds": r,
            **{f"rank_{k}": ratio(c[f"rank{k}"], g) for k in range(1, 5)},
            "avg_rank": ratio(c["rank_sum"], g), "top_rate": ratio(c["rank1"], g),
            "rentai_rate": ratio(c["rank1"] + c["rank2"], g), "last_rate": ratio(c["rank4"], g),
            "bust_rate": ratio(c["bust"], g), "avg_score": ratio(c["score"], g), "avg_point": ratio(c["point"], g),
            "win_rate": ratio(w, r), "deal_in_rate": ratio(c["deal_ins"], r),
            "riichi_rate": ratio(c["riichi_rounds"], r), "call_rate": ratio(c["call_rounds"], r),
            "draw_rate": ratio(c["draws"], r), "abort_rate": ratio(c["aborts"], r),
            "avg_win": ratio(c["value"], w), "mangan_win_rate": ratio(c["mangan"], c["wins"]),
            **{f"win_band_{band}": ratio(c[f"win_band_{band}"], w) for band in BANDS},
            **{f"win_share_{kind}": ratio(c[f"class_{kind}"], w) for kind in ("riichi", "chi", "pon")},
            **{f"avg_win_{kind}": ratio(c[f"value_{kind}"], c[f"class_{kind}"]) for kind in CLASSES},
            **{f"deal_in_band_{band}": ratio(c[f"deal_in_band_{band}"], c["deal_ins"]) for band in BANDS},
            **{f"deal_in_turn_{band}": ratio(c[f"deal_in_turn_{band}"], c["deal_ins"])
               for band in ("early", "middle", "late")},
            "avg_deal_in_turn": ratio(c["deal_in_turns"], c["deal_in_rounds"]),
            "stable_dan": ratio(c["gained"], c["per_dan_lost"]) - 2 if c["per_dan_lost"] else NAN,
            "avg_rank_points": ratio(c["rank_points"], c["rank_points_games"]),
            "avg_win": ratio(c["value"], w), "avg_win_net": ratio(c["net"], w),
            "avg_deal_in": ratio(c["paid"], c["deal_ins"]),
            "tsumo_rate": ratio(c["tsumo"], w), "dama_rate": ratio(c["dama"], w),
            "tenpai_at_draw": ratio(c["tenpai"], c["draws"]),
            "riichi_win": ratio(c["riichi_won"], c["riichi_rounds"]),
            "riichi_deal_in": ratio(c["riichi_dealt"], c["riichi_rounds"]),
            "call_win": ratio(c["call_won"], c["call_rounds"]),
            "call_deal_in": ratio(c["call_dealt"], c["call_rounds"]),
            "ippatsu_rate": ratio(c["ippatsu"], c["riichi_won"]), "ura_rate": ratio(c["ura"], c["riichi_won"]),
            "avg_win_turn": ratio(c["win_turns"], w), "avg_riichi_turn": ratio(c["riichi_turns"], c["riichi_rounds"]),
            "wins": w, "deal_ins": c["deal_ins"], "riichi_rounds": c["riichi_rounds"],
            "call_rounds": c["call_rounds"], "draws": c["draws"], "aborts": c["aborts"],
            "yaku_counts": dict(yaku[name]), "draw_reasons": dict(reasons[name]),
            "shown_at_draw": ratio(c["shown"], c["draws"]),
            "riichi_first_rate": ratio(c["riichi_first"], c["riichi_rounds"]),
            "riichi_chasing_rate": ratio(c["riichi_rounds"] - c["riichi_first"], c["riichi_rounds"]),
            "riichi_chased_rate": ratio(c["riichi_chased"], c["riichi_rounds"]),
            "riichi_income": ratio(c["riichi_change"], c["riichi_rounds"]),
            "riichi_draw": ratio(c["riichi_draw"], c["riichi_rounds"]),
            "call_draw": ratio(c["call_draw"], c["call_rounds"]),
            "avg_score_change": ratio(c["score_change"], r),
            **{f"deal_in_{state}": ratio(c[f"deal_in_{state}"], c["deal_ins"]) for state in ("riichi", "called", "closed")},
            **{f"deal_in_to_{state}": ratio(c[f"deal_in_to_{state}"], c["deal_ins"]) for state in ("riichi", "called", "dama")},
            "tsumo_against_rate": ratio(c["tsumo_against"], r),
            "avg_tsumo_paid": ratio(c["tsumo_paid"], c["tsumo_against"]),
            "dealer_tsumo_paid": ratio(c["dealer_tsumo_paid"], c["dealer_tsumo"]),
            "longest_dealer_run": longest[name] or NAN,
            "dealer_rounds": c["dealer"],
            "dealer_win_rate": ratio(c["dealer_won"], c["dealer"]),
            "dealer_deal_in_rate": ratio(c["dealer_dealt"], c["dealer"]),
            "dealer_avg_win": ratio(c["dealer_value"], c["dealer_won"]),
            "dealer_score_change": ratio(c["dealer_change"], c["dealer"]),
            "non_dealer_win_rate": ratio(c["other_won"], r - c["dealer"]),
            "non_dealer_deal_in_rate": ratio(c["other_dealt"], r - c["dealer"]),
            "non_dealer_avg_win": ratio(c["other_value"], c["other_won"]),
            "non_dealer_score_change": ratio(c["other_change"], r - c["dealer"]),
            "facing_riichi_rounds": c["facing"],
            "facing_riichi_win": ratio(c["facing_won"], c["facing"]),
            "facing_riichi_deal_in": ratio(c["facing_dealt"], c["facing"]),
            "facing_riichi_draw": ratio(c["facing_draw"], c["facing"]),
            "facing_riichi_tsumo_against": ratio(c["facing_tsumo"], c["facing"]),
            "facing_riichi_sideways": ratio(c["facing_sideways"], c["facing"]),
            "facing_riichi_score_change": ratio(c["facing_change"], c["facing"]),
        }
    return result


BANDS = ("small", "medium", "mangan", "haneman")
CLASSES = ("riichi", "dama", "chi", "pon")

CORPORA = {
    "generated": ("generated",),
    "tenhou-as-majiang": ("tenhou-as-majiang",),
    "majiang-core-scripts": ("majiang", "majiang-core-scripts"),
}


@pytest.fixture(scope="module", params=list(CORPORA))
def loaded(request):
    """(raw paipu objects, the stats tables) of one corpus, read once for the module."""
    folder = corpus(*CORPORA[request.param])
    raw = raw_games(folder)
    return raw, stats.tables(paipu.load(folder, errors="raise"))


def test_cross_checks_of_stats_md(loaded):
    raw, tables = loaded
    summary = tables.summary()
    finished = summary[summary["games"] > 0]
    shares = finished[["rank_1", "rank_2", "rank_3", "rank_4"]].sum(axis=1)
    assert shares.to_numpy() == pytest.approx(1.0)
    hule_events = sum("hule" in event for paipu_ in raw for log in paipu_["log"] for event in log)
    ron_rounds = sum("hule" in log[-1] and log[-1]["hule"]["baojia"] is not None
                     for paipu_ in raw for log in paipu_["log"])
    ron_wins = sum("hule" in event and event["hule"]["baojia"] is not None
                   for paipu_ in raw for log in paipu_["log"] for event in log)
    assert summary["wins"].sum() == hule_events
    assert summary["deal_ins"].sum() == ron_rounds
    assert tables.summary(double_ron="each")["deal_ins"].sum() == ron_wins


@pytest.mark.parametrize("double_ron", ["once", "each"])
def test_summary_equals_an_independent_recount(loaded, double_ron):
    raw, tables = loaded
    assert_recounted(tables.summary(double_ron=double_ron), recount(raw, double_ron))


@pytest.mark.parametrize("name", list(CORPORA))
def test_the_summary_as_read_with_numpy_alone_equals_an_independent_recount(name):
    """``paipu stats``' summary in one process: the facts summarised as read, no DataFrame made."""
    folder = corpus(*CORPORA[name])
    made = statistics.summarize(paipu.load(folder, errors="raise"))
    assert_recounted(pd.DataFrame(made.columns, index=made.players), recount(raw_games(folder), "once"))


def test_paipu_stats_in_one_process_does_not_import_pandas():
    code = ("import sys; from paipu.cli import main; code = main(['stats', *sys.argv[1:]]); "
            "assert 'pandas' not in sys.modules, 'pandas imported'; sys.exit(code)")
    result = subprocess.run([sys.executable, "-c", code, *map(str, HAND_MADE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("player ")


def test_a_summary_draws_itself_in_jupyter_as_the_table_paipu_stats_prints():
    made = statistics.summarize(HAND_MADE)
    page = made._repr_html_()
    assert page.count("<tr>") == 1 + len(made.players)
    assert "<td>South player</td><td>3</td><td>4</td><td>.333*</td>" in page  # as the text table: see above
    assert page.endswith("<p>* from fewer than 30 cases</p>")
    renamed = dataclasses.replace(made, players=["<script>alert(1)</script>", *made.players[1:]])
    assert "<script>" not in renamed._repr_html_() and "&lt;script&gt;" in renamed._repr_html_()


def assert_recounted(summary: pd.DataFrame, expected: dict) -> None:
    assert sorted(summary.index) == sorted(expected)
    summary = summary[[column for column in summary.columns if column in stats.STATS]]  # the intervals: test_every_rate_has_its_cases_and_interval
    want = pd.DataFrame.from_dict(expected, orient="index").loc[summary.index, summary.columns]
    for stat in summary.columns:
        if stat in ("yaku_counts", "draw_reasons"):
            assert list(summary[stat]) == list(want[stat]), stat
        else:
            np.testing.assert_allclose(summary[stat].astype(float), want[stat].astype(float), rtol=1e-12,
                                       err_msg=stat)


def test_engine_statistics_of_a_sample_read_by_hand():
    # riichi_ron.json: South holds m234p56799s2346z5, draws s7 and declares riichi on 中:
    # m234 p567 p99 s234 s67 waits on s5 and s8 (2 kinds: good shape); its river 發 中
    # holds neither (no furiten); it wins on s8.
    summary = stats.tables(SAMPLES / "riichi_ron.json", engine=True).summary()
    assert_stats(summary.loc["South player"], dict(riichi_good_shape_rate=1, avg_riichi_waits=2,
                                                   riichi_furiten_rate=0, good_shape_riichi_win=1,
                                                   bad_shape_riichi_win=NAN))


def engine_recount(paipus: list[dict]) -> dict[str, dict]:
    """The engine statistics per player name, from raw paipu JSON (:func:`raw_hands`)."""
    n = defaultdict(Counter)
    for paipu_ in paipus:
        names = [name.split("\n")[0] for name in paipu_["player"]]
        for log in paipu_["log"]:
            if not ("hule" in log[-1] or "pingju" in log[-1]):
                continue
            name_of = [names[(paipu_["qijia"] + log[0]["qipai"]["jushu"] + seat) % 4] for seat in range(4)]
            winners = {event["hule"]["l"] for event in log if "hule" in event}
            turn, called, river = [0] * 4, [False] * 4, [set() for _ in range(4)]
            for key, body, hands in raw_hands(log):
                if key == "qipai":
                    for seat, name in enumerate(name_of):
                        n[name].update(rounds=1, start=shanten(hands[seat]))
                elif key == "fulou":
                    called[body["l"]] = True
                elif key == "dapai":
                    seat, c = body["l"], n[name_of[body["l"]]]
                    turn[seat] += 1
                    river[seat].add(_kind(body["p"][0], body["p"][1]))
                    if called[seat]:
                        c.update(calls=1, call_turns=turn[seat], call_shanten=shanten(hands[seat]))
                        called[seat] = False
                    if body["p"].endswith("*"):
                        kinds = set(waits(hands[seat]))
                        good = len(kinds) >= 2
                        c.update(riichi=1, waits=len(kinds), good=good, furiten=bool(kinds & river[seat]),
                                 good_won=good and seat in winners, bad=not good,
                                 bad_won=not good and seat in winners)

    def ratio(a, b):
        return a / b if b else NAN

    return {name: {
        "avg_start_shanten": ratio(c["start"], c["rounds"]),
        "riichi_good_shape_rate": ratio(c["good"], c["riichi"]),
        "avg_riichi_waits": ratio(c["waits"], c["riichi"]),
        "riichi_furiten_rate": ratio(c["furiten"], c["riichi"]),
        "good_shape_riichi_win": ratio(c["good_won"], c["good"]),
        "bad_shape_riichi_win": ratio(c["bad_won"], c["bad"]),
        "avg_call_turn": ratio(c["call_turns"], c["calls"]),
        "avg_call_shanten": ratio(c["call_shanten"], c["calls"]),
    } for name, c in n.items()}


def test_engine_statistics_equal_a_raw_recount():
    folder = corpus("tenhou-as-majiang", "mjx-tests")
    raw = raw_games(folder, "*.json")
    expected = engine_recount(raw)
    tables = stats.tables(folder, engine=True)
    summary = tables.summary()
    assert sorted(summary.index) == sorted(expected)
    for name, row in summary.iterrows():
        for stat, want in expected[name].items():
            assert row[stat] == pytest.approx(want, nan_ok=True, rel=1e-12), (name, stat)
    walked = stats.summary(folder)
    assert walked.equals(summary[walked.columns])  # the hands add columns, change none
    # summary() keeps of the turns only those its statistics read: the same numbers
    pd.testing.assert_frame_equal(stats.summary(folder, engine=True), summary)
    finished = sum("hule" in log[-1] or "pingju" in log[-1] for paipu_ in raw for log in paipu_["log"])
    assert len(tables.rounds) == 4 * finished


# -- the command line --------------------------------------------------------------------------


def run(*args):
    return subprocess.run([sys.executable, "-m", "paipu", *args], capture_output=True, text=True)


def test_cli_table_prints_the_seed_summary_per_player():
    result = run("stats", *map(str, HAND_MADE))
    assert result.returncode == 0, result.stderr
    header, *rows, note = result.stdout.splitlines()
    assert note == "* from fewer than 30 cases"
    assert header.split() == ["player", "games", "rounds", "1st", "2nd", "3rd", "4th", "avg", "rank",
                              "win", "deal-in", "riichi", "call", "avg", "win"]
    # South player: 3 games (1st, 2nd, 3rd once each), 4 rounds, one riichi-ippatsu ron for 3,900.
    assert rows[2].split() == ["South", "player", "3", "4", ".333*", ".333*", ".333*", ".000*", "2.00",
                               ".250*", ".000*", ".250*", ".000*", "3,900"]
    assert rows[3].split()[-1] == "-"  # West player never won: no average


def test_cli_json_and_csv_hold_every_stat(tmp_path):
    result = run("stats", *map(str, HAND_MADE), "--format", "json", "--player", "South player")
    assert result.returncode == 0, result.stderr
    (record,) = json.loads(result.stdout)
    walked = [stat.name for stat in stats.STATISTICS if not stat.engine]
    intervals = stats.interval_columns(stat for stat in stats.STATISTICS if not stat.engine)
    assert list(record) == ["player", *walked, *intervals]
    # 1 riichi in 4 rounds: Wilson's interval, Newcombe 1998's formula worked by hand
    assert record["riichi_rate_cases"] == 4
    assert record["riichi_rate_low"] == pytest.approx(0.04559, abs=1e-5)
    assert record["riichi_rate_high"] == pytest.approx(0.69936, abs=1e-5)
    assert record["player"] == "South player" and record["riichi_rate"] == 0.25 and record["call_win"] is None
    assert record["yaku_counts"] == {"立直": 1, "一発": 1, "平和": 1}
    out = tmp_path / "stats.csv"
    result = run("stats", *map(str, HAND_MADE), "--format", "csv", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == ",".join(["player", *walked, *intervals]) and len(lines) == 5  # the header and the four players
    result = run("stats", *map(str, HAND_MADE), "--format", "json", "--engine")
    assert result.returncode == 0, result.stderr
    assert list(json.loads(result.stdout)[0]) == ["player", *stats.STATS, *stats.interval_columns()]


def test_cli_bad_input_exits_2_naming_it(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    result = run("stats", str(SAMPLES), str(bad))
    assert result.returncode == 2
    assert result.stderr.startswith(f"paipu stats: {bad}: invalid JSON")
    assert "South player" in result.stdout  # the readable games are still counted
    result = run("stats", str(tmp_path / "missing"))
    assert result.returncode == 2 and "no such file or directory" in result.stderr
    result = run("stats", str(SAMPLES), "--player", "nobody")
    assert result.returncode == 2 and "no games of player 'nobody'" in result.stderr
    result = run("stats", str(SAMPLES), "--format", "xml")
    assert result.returncode == 2 and "invalid choice" in result.stderr


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch):
    clock = iter(range(0, 1000, 2))  # every reading 2 s later: the bar draws at each file
    monkeypatch.setattr("paipu.cli.time.monotonic", lambda: next(clock))
    quiet = io.StringIO()
    assert len(list(_progress(paipu.load(SAMPLES), quiet))) == 5
    assert quiet.getvalue() == ""
    terminal = Terminal()
    assert len(list(_progress(paipu.load(SAMPLES), terminal))) == 5
    drawn = terminal.getvalue()
    assert "5/5 files, 5 games" in drawn and drawn.endswith("\r")


def test_three_player_games_with_norths_set_aside_give_statistics():
    """Hidden hands at a draw are followed through the Norths set aside (北抜き): a hand
    that set aside three Norths made the recount 16 tiles, and the statistics failed."""
    game = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls", "2020010102gm-00b9-0000-26faabb6.mjlog")
    tables = stats.tables(game)
    assert len(tables.rounds) == 3 * len(next(iter(paipu.load(game))).rounds)
    draws = tables.rounds[tables.rounds["draw"]]
    # every hand at an exhaustive draw is ready or not: shown, or followed from the deal
    assert len(draws) == 3 and draws["tenpai"].notna().all() and (draws["tenpai"] | ~draws["hand_shown"]).all()


def test_engine_statistics_of_a_deal_the_replay_refuses():
    """A deal of a 12-tile hand: the replay refuses it (validation reports it) and the
    engine statistics give its round no starting shanten instead of stopping."""
    deal = {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4,
                      "baopai": "z6", "shoupai": ["m123p456s789z112", "m456p789s123z1123", "m789p123s456z3345",
                                                  "m999p999s999z5566"]}}
    events = [deal, {"zimo": {"l": 0, "p": "m1"}}, {"dapai": {"l": 0, "p": "m1_"}},
              {"pingju": {"name": "九種九牌", "shoupai": ["", "", "", ""], "fenpei": [0, 0, 0, 0]}}]
    game = game_from_json({"title": "t", "player": list("abcd"), "qijia": 0, "log": [events]}, "refused#0")
    assert any(finding.check == "qipai" for finding in paipu.validate(game))
    rounds = stats.tables([game], engine=True).rounds
    assert len(rounds) == 4 and rounds["start_shanten"].isna().all()
    assert len(stats.summary([game], engine=True)) == 4


# -- paipu stats --jobs ----------------------------------------------------------------------


def _jobs_folder(root: Path, files: int = 14) -> Path:
    """A folder of real games from two sources (different players in each batch), with
    what one process reports along the way: an unreadable file, a file of no game, and a
    FIFO named like a log (a walk error, named where the walk meets it)."""
    import os

    source = corpus("tenhou-as-majiang")
    chosen = sorted(source.rglob("*.json*"))
    chosen = chosen[:files // 2] + chosen[-(files - files // 2):]
    for number, path in enumerate(chosen):
        folder = root / ("a" if number < len(chosen) // 2 else "b")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{number:02d}-{path.name}").write_bytes(path.read_bytes())
    (root / "a" / "03-broken.json").write_text("{", encoding="utf-8")
    (root / "b" / "99-empty.json").write_text("[]", encoding="utf-8")
    os.mkfifo(root / "a" / "05-pipe.json")
    return root


def test_batches_joined_make_the_tables_of_one_pass(tmp_path):
    """The tables of batches of files made apart (as --jobs and Dask's workers make them)
    and joined are those of one pass: rows, dtypes, games numbered across the pass, and the
    categories of the categorical columns; the load errors in one process's order."""
    from paipu.parallel import batches, joined, listing, load_errors, tables_of_batch

    folder = _jobs_folder(tmp_path)
    reader = paipu.load(folder, errors="collect")
    whole = {False: stats.tables(reader), True: stats.tables(paipu.load(folder, errors="collect"), engine=True)}
    files, walk_errors = listing(paipu.load(folder, errors="collect"))
    assert len(files) == 16 and len(walk_errors) == 17
    for engine, one in whole.items():
        parts = [tables_of_batch(batch, 1 << 28, engine) for batch in batches(files, 2, 4)]
        assert len(parts) > 3 and sum(part.games for part in parts) == reader.games == 14
        assert [str(e) for e in load_errors(walk_errors, parts)] == [str(e) for e in reader.errors]
        made = joined(parts)
        assert one.rounds["name"].nunique() > len(parts[0].tables.rounds["name"].cat.categories)
        for name in ("rounds", "games", "turns"):
            if getattr(one, name) is None:
                assert getattr(made, name) is None
            else:
                pd.testing.assert_frame_equal(getattr(made, name), getattr(one, name))
    summarised = joined([tables_of_batch(batch, 1 << 28, True, summary=True) for batch in batches(files, 2, 4)])
    pd.testing.assert_frame_equal(summarised.turns, stats.summary_tables(paipu.load(folder, errors="collect"),
                                                                         engine=True).turns)


@pytest.mark.parametrize("options", [["--format", "table"], ["--format", "csv", "--engine"],
                                     ["--format", "json", "--double-ron", "each", "--engine"]])
def test_cli_jobs_print_what_one_process_prints(tmp_path, capsys, options):
    """paipu stats --jobs 2 (and 0: a process per core) writes the same bytes as --jobs 1,
    with the same load errors in the same order and the same exit code, for every player
    and for one."""
    from paipu.cli import main

    folder = str(_jobs_folder(tmp_path))

    def output(*args: str) -> tuple[int, str, str]:
        code = main(["stats", folder, *options, *args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    one = output("--jobs", "1")
    assert one[0] == 2 and one[1] and one[2].count("paipu stats: ") == 3
    assert one[2].index("03-broken.json") < one[2].index("05-pipe.json") < one[2].index("99-empty.json")
    assert output("--jobs", "2") == one
    assert output("--jobs", "0") == one
    player = stats.summary(paipu.load(folder, errors="collect")).index[0]
    alone = output("--jobs", "1", "--player", player)
    assert player in alone[1] and alone == output("--jobs", "2", "--player", player)


def test_cli_jobs_refuses_a_negative_count():
    result = run("stats", str(SAMPLES), "--jobs", "-1")
    assert result.returncode == 2 and "--jobs must be 0" in result.stderr


@pytest.mark.parametrize("command", ["stats", "validate"])
def test_cli_jobs_are_not_taken_with_a_dask_cluster(command):
    """``--jobs`` shares the work among this machine's processes; with ``--dask`` or
    ``--scheduler`` the cluster's workers do: a count asked for both is said, not ignored."""
    for cluster in (["--dask"], ["--scheduler", "tcp://127.0.0.1:1"]):
        result = run(command, str(SAMPLES), "--jobs", "2", *cluster)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr == (f"paipu {command}: --jobs is for one machine: on a Dask cluster (--dask, "
                                 "--scheduler) its workers share the work\n")


def test_cli_jobs_ctrl_c_exits_130_with_one_line(tmp_path):
    """Ctrl-C while the workers read (one of them waits on a pipe that is never written)
    stops them all: exit code 130 and one line, as validate --jobs."""
    import os
    import signal
    import time

    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    slow = tmp_path / "slow.json"  # named on the command line: opened, and waited on
    os.mkfifo(slow)
    writer = os.open(slow, os.O_RDWR)
    try:
        process = subprocess.Popen([sys.executable, "-m", "paipu", "stats", "--jobs", "2", str(bad), str(slow)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=True)
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:  # the workers are up
            if children.exists() and len(children.read_text().split()) >= 2:
                break
            time.sleep(0.05)
        time.sleep(0.5)  # and one waits on the pipe
        os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group, workers too
        out, err = process.communicate(timeout=60)
    finally:
        os.close(writer)
    assert process.returncode == 130, err
    assert err == "paipu stats: interrupted\n" and out == ""


def test_the_shanten_after_every_discard_equals_a_raw_recount():
    """The turns table (one row per discard) against the hands counted from the raw JSON
    (:func:`raw_hands`) and :func:`paipu.shanten.shanten` of the counts after each discard:
    the statistics follow the hands by a path of their own (a tile drawn kept apart, the
    shanten looked up again only when the hand changed)."""
    paths = sorted(corpus("tenhou-as-majiang", "mjx-tests").glob("*.json"))
    expected = []
    for number, paipu_ in enumerate(raw_games(paths[0].parent, "*.json")):
        for index, log in enumerate(paipu_["log"]):
            if not ("hule" in log[-1] or "pingju" in log[-1]):
                continue
            turn = [0] * 4
            for key, body, hands in raw_hands(log):
                if key == "dapai":
                    turn[body["l"]] += 1
                    expected.append((number, index, body["l"], turn[body["l"]], shanten(hands[body["l"]])))
    turns = stats.tables(paths, engine=True).turns
    assert list(turns[["game", "round", "seat", "turn", "shanten"]].itertuples(index=False, name=None)) == expected
    assert turns["call"].sum() > 0 and turns["shanten"].min() == 0  # calls met, and ready hands


def test_two_draws_in_a_row_change_the_hand_the_shanten_is_asked_of():
    """A log that lost a discard: seat 0 draws m1, then z7, and discards z7. Its hand is then
    the 14 tiles m123p456s789z11223 (shanten 0), not the dealt hand (shanten 1), whose
    shanten a discard of the tile just drawn would otherwise keep."""
    deal = {"qipai": {"zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4,
                      "baopai": "z6", "shoupai": ["m23p456s789z11223", "m456p789s123z1123", "m789p123s456z3345",
                                                  "m999p999s99z55667"]}}
    events = [deal, {"zimo": {"l": 0, "p": "m1"}}, {"zimo": {"l": 0, "p": "z7"}}, {"dapai": {"l": 0, "p": "z7_"}},
              {"pingju": {"name": "九種九牌", "shoupai": ["", "", "", ""], "fenpei": [0, 0, 0, 0]}}]
    game = game_from_json({"title": "t", "player": list("abcd"), "qijia": 0, "log": [events]}, "double-draw#0")
    (row,) = stats.tables([game], engine=True).turns.itertuples()
    assert (row.seat, row.turn) == (0, 1)
    assert row.shanten == shanten(raw_hand_counts("m123p456s789z11223")) != shanten(raw_hand_counts("m23p456s789z11223"))


@pytest.mark.parametrize("options", [[], ["--engine"], ["--jobs", "2"], ["--format", "csv"]])
def test_statistics_of_a_file_whose_name_is_not_utf8(tmp_path, capsys, options):
    """A file name that is not UTF-8 (its byte kept by Python as a lone surrogate, which
    pandas' text cannot hold) is in the tables as paipu prints it, ``\\xff``; the summary
    is that of the same game under a plain name."""
    from paipu.cli import main

    sample = Path(__file__).resolve().parents[1] / "sample_logs" / "tsumo.json"
    (tmp_path / "odd").mkdir()
    (tmp_path / "plain").mkdir()
    (tmp_path / "odd" / os.fsdecode(b"bad\xffname.json")).write_bytes(sample.read_bytes())
    (tmp_path / "plain" / "name.json").write_bytes(sample.read_bytes())
    assert list(stats.tables(tmp_path / "odd").rounds["source"].unique()) == [f"{tmp_path}/odd/bad\\xffname.json#0"]
    printed = []
    for folder in ("odd", "plain"):
        assert main(["stats", str(tmp_path / folder), *options]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1] and "East player" in printed[0]


@pytest.mark.parametrize("arguments, error, message", [
    (dict(player=1.5), TypeError, "player must be a name (str), a player index (int) or None, not 1.5"),
    (dict(player=True), TypeError, "not True"),
    (dict(double_ron="both"), ValueError, "double_ron must be 'once' or 'each', not 'both'"),
])
def test_a_summary_of_wrong_arguments_says_which_before_reading_the_games(arguments, error, message):
    read = []

    def games():
        read.append(True)
        yield from paipu.load(Path(__file__).resolve().parents[1] / "sample_logs")

    with pytest.raises(error) as raised:
        stats.summary(games(), **arguments)
    assert message in str(raised.value) and not read
    with pytest.raises(error):
        stats.tables(Path(__file__).resolve().parents[1] / "sample_logs").summary(**arguments)


def test_numbers_from_the_tables_choose_a_player_and_a_round_to_view():
    """A player index and a round taken from the tables (numpy integers) are indices to
    summary and to the viewer, as ints are."""
    from paipu import view

    game = next(iter(paipu.load(Path(__file__).resolve().parents[1] / "sample_logs" / "draw_then_ron.json")))
    rounds = stats.tables([game]).rounds
    player, round_ = rounds["player"].iloc[1], rounds["round"].iloc[-1]
    assert isinstance(player, np.integer) and isinstance(round_, np.integer)
    assert list(stats.summary([game], player=player).index) == list(stats.summary([game], player=int(player)).index)
    viewer = view(game, round=round_, seat=player)
    assert viewer.steps[viewer.start] == (int(round_), 0) and viewer.seat == int(player)


@pytest.mark.parametrize("successes, cases, low, high", [
    # Newcombe, R. G. (1998), "Two-sided confidence intervals for the single proportion:
    # comparison of seven methods", Statistics in Medicine 17:857-872, Table I, method 3
    # (Wilson's score interval without continuity correction), to 4 decimals
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_of_published_examples(successes, cases, low, high):
    assert [round(bound, 4) for bound in stats.wilson_interval(successes, cases)] == [low, high]


def test_wilson_interval_of_none_or_all_ends_exactly_at_0_or_1():
    # the formula's rounding leaves about 1e-20 there, which a JSON reader would see
    assert stats.wilson_interval(0, 7)[0] == 0.0 and stats.wilson_interval(7, 7)[1] == 1.0
    low, high = stats.wilson_interval(np.array([0, 3, 5]), np.array([5, 5, 5]))
    assert low[0] == 0.0 and high[2] == 1.0 and 0 < low[1] < high[1] < 1


def test_wilson_interval_without_cases_or_with_more_successes_is_nan():
    assert all(math.isnan(bound) for bound in stats.wilson_interval(0, 0))
    assert all(math.isnan(bound) for bound in stats.wilson_interval(3, 2))  # a double ron counted per winner


def test_every_rate_has_its_cases_and_interval(loaded):
    raw, tables = loaded
    summary = tables.summary()
    rates = [stat for stat in stats.STATISTICS if stat.is_rate and stat.name in summary]
    assert {"win_rate", "deal_in_rate", "rank_1", "facing_riichi_deal_in"} <= {stat.name for stat in rates}
    assert not any(stat.name.startswith("avg_") or stat.name.endswith("score_change") for stat in rates)
    # the cases of the round rates are the rounds, of the game rates the games finished
    assert (summary["win_rate_cases"] == summary["rounds"]).all()
    assert (summary["rank_1_cases"] == summary["games"]).all()
    assert (summary["tsumo_rate_cases"] == summary["wins"]).all()
    for stat in rates:
        known = summary[f"{stat.name}_cases"] > 0
        rate, low, high = (summary.loc[known, f"{stat.name}{part}"] for part in ("", "_low", "_high"))
        assert ((low <= rate + 1e-12) & (rate <= high + 1e-12)).all(), stat.name
        assert summary.loc[~known, f"{stat.name}_low"].isna().all(), stat.name


def test_the_table_marks_rates_from_few_cases():
    table = stats.format_summary(stats.summary(HAND_MADE))
    lines = table.splitlines()
    assert lines[-1] == "* from fewer than 30 cases"
    # hand-made games have a few rounds each: every rate of the table is marked, counts not
    assert all(cell.endswith("*") for line in lines[1:-1] for cell in line.split()[-5:-1])
    cases = {f"{stat}_cases": 30 for stat in ("rank_1", "rank_2", "rank_3", "rank_4", "win_rate", "deal_in_rate",
                                              "riichi_rate", "call_rate")}
    many = stats.format_summary(stats.summary(HAND_MADE).assign(**cases))
    assert "*" not in many


# -- game metadata, groups and choices of games -------------------------------------------


def _un_tag(path: Path) -> dict:
    """The first ``UN`` tag of a gzipped mjlog with its names unquoted: the log's own text."""
    import gzip
    import re
    from urllib.parse import unquote
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    attributes = dict(re.findall(r'(\w+)="([^"]*)"', re.search(r"<UN [^>]*>", text)[0]))
    return {"names": [unquote(attributes[f"n{i}"]) for i in range(4)], "dan": attributes["dan"].split(","),
            "rate": [float(rate) for rate in attributes["rate"].split(",")],
            "go": re.search(r'<GO type="(\d+)"', text)[1]}


DANS = ("新人", "9級", "8級", "7級", "6級", "5級", "4級", "3級", "2級", "1級", "初段", "二段", "三段", "四段", "五段",
        "六段", "七段", "八段", "九段", "十段", "天鳳")
"""Tenhou's ranks by the number its ``UN`` ``dan`` gives (tenhou.net's client's table)."""


@pytest.mark.parametrize("folder", ["tenhou-mjlog", "tenhou-as-majiang"])
def test_the_games_table_holds_what_the_log_states_of_the_game_and_players(folder):
    name = "2020010100gm-00a9-0000-03aa14b0"
    mjlog = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls", f"{name}.mjlog")
    logged = _un_tag(mjlog)
    path = mjlog if folder == "tenhou-mjlog" else corpus(folder, "agony5757-mahjong-paipuxmls", f"{name}.json.gz")
    table = stats.games(path)
    assert list(table["name"]) == logged["names"]
    assert list(table["dan"]) == [DANS[int(dan)] for dan in logged["dan"]]
    assert list(table["rating"]) == [float(int(rate)) for rate in logged["rate"]]  # titles write R as a whole
    assert set(table["room"]) == {"四鳳南喰赤"} and set(table["length"]) == {"south"}
    assert set(table["platform"]) == {"tenhou"} and set(table["date"]) == {pd.Timestamp("2020-01-01")}


def test_a_name_without_a_rank_line_has_none():
    from paipu.events import player_name, player_rank
    assert player_rank("名前\n(七段 R2042)") == ("七段", 2042.0) and player_name("名前\n(七段 R2042)") == "名前"
    assert player_rank("名前") == ("", None) and player_rank("名前\n(R1500)") == ("", 1500.0)
    table = stats.games(HAND_MADE[0])  # hand-made: no room, no date, no ranks
    assert set(table["dan"]) == {""} and table["rating"].isna().all() and table["date"].isna().all()


@pytest.fixture(scope="module")
def dated():
    """The Tenhou logs of the corpora whose files are named by their log id (and so by day)."""
    return stats.tables([corpus("tenhou-mjlog", folder) for folder in (
        "agony5757-mahjong-paipuxmls", "jim137-general-lobby", "mjx-suphnx-2022", "thewaxmango-2009-03",
        "thewaxmango-2022-01")])


def _day_of(source: str) -> str:
    """A Tenhou game's day from its file name (its log id): ``2020-01-01``."""
    digits = Path(source.rsplit("#", 1)[0]).name[:8]
    return f"{digits[:4]}-{digits[4:6]}-{digits[6:]}"


def test_by_month_sums_back_to_the_totals(dated):
    whole = dated.summary()
    by_month = dated.summary(by="month")
    assert by_month.index.names == ["month", "player"]
    # months as the file names say, every game in one
    months = {_day_of(source)[:7] for source in dated.games["source"].astype(str)}
    assert set(by_month.index.get_level_values("month")) == months
    counts = ["games", "rounds", "wins", "deal_ins", "riichi_rounds", "call_rounds", "draws"]
    totals = by_month[counts].groupby(level="player").sum()
    for count in counts:
        assert (totals[count] == whole[count].loc[totals.index]).all(), count
    assert (by_month["win_rate"] * by_month["rounds"]).groupby(level="player").sum().round().astype(int).equals(
        whole["wins"].loc[totals.index])
    assert set(totals.index) == set(whole.index)


def test_since_until_and_last_choose_games_by_the_day_of_their_log_id(dated):
    days = pd.Series([_day_of(source) for source in dated.games["source"].astype(str)])
    chosen = dated.summary(since=datetime.date(2020, 1, 1), until=datetime.date(2020, 12, 31))
    assert chosen["games"].sum() == ((days >= "2020-01-01") & (days <= "2020-12-31")).sum()
    last = dated.summary(last=2)
    assert last["games"].max() == 2
    # a player's last 2 games: their two latest days (ties in the order read)
    games = dated.games.assign(day=days.to_numpy())
    name = games["name"].value_counts().index[0]
    mine = games[games["name"] == name].sort_values(["day", "game"], kind="stable").tail(2)
    rounds = dated.rounds[dated.rounds["name"] == name]
    assert last.loc[name, "rounds"] == rounds["game"].isin(mine["game"]).sum()
    with pytest.raises(ValueError):
        dated.summary(by="weather")


def test_cli_stats_by_year_and_last(tmp_path):
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    result = run("stats", str(folder), "--by", "year", "--format", "json", "--last", "1")
    assert result.returncode == 0, result.stderr
    records = json.loads(result.stdout)
    assert {record["year"] for record in records} == {"2020"}
    assert {record["games"] for record in records} == {1}
    header = run("stats", str(folder), "--by", "room").stdout.splitlines()[0].split()
    assert header[:2] == ["room", "player"]


# -- wins by call type and value, deal-ins by value and turn, Tenhou's ranking (issue 32) --


def rows_of(table: pd.DataFrame, source: str, round_: int) -> pd.DataFrame:
    return table[(table["source"].astype(str).str.contains(source, regex=False)) & (table["round"] == round_)]


def test_win_class_value_band_and_deal_in_turn_read_by_hand():
    rounds = stats.rounds(HAND_MADE + (corpus("tenhou-as-majiang", "mjx-tests", "2010081709gm-00a9-0000-fe3371ad.json"),
                                       *ikkyoku(8)))
    # draw_then_ron.json, round 1: North (seat 3) rons East's 2nd discard (s6) with
    # m234p678s3345z555, no meld, no riichi: dama; 1,300 as a non-dealer is below 3,900:
    # small, for the winner and for East's deal-in, on East's turn 2 (early).
    round_ = rows_of(rounds, "draw_then_ron", 1).set_index("seat")
    assert (round_.loc[3, "win_class"], round_.loc[3, "win_band"]) == ("dama", "small")
    assert (round_.loc[0, "deal_in_band"], round_.loc[0, "deal_in_turn"]) == ("small", 2)
    # riichi_ron.json: South rons West's 2nd discard after riichi: 3,900 exactly, the
    # least of the medium band (30 fu 3 han).
    round_ = rows_of(rounds, "riichi_ron", 0).set_index("seat")
    assert (round_.loc[1, "win_class"], round_.loc[1, "win_band"]) == ("riichi", "medium")
    assert (round_.loc[2, "deal_in_band"], round_.loc[2, "deal_in_turn"]) == ("medium", 2)
    # tsumo.json: the dealer's closed tsumo of 700 all (2,100; below 5,800 as dealer): small.
    round_ = rows_of(rounds, "tsumo.json", 0).set_index("seat")
    assert (round_.loc[0, "win_class"], round_.loc[0, "win_band"]) == ("dama", "small")
    # 2010081709gm-00a9-0000-fe3371ad, round 8: seat 1 tsumo with two chi (p2-34, p5-67),
    # 断幺九 1,100: chi, small. Round 0: seat 1 rons seat 2 with m3-45 (a chi) and two pons
    # (z333-, z222-): pon; 7,700 as a non-dealer: medium, for seat 2's deal-in too.
    round_ = rows_of(rounds, "fe3371ad", 8).set_index("seat")
    assert (round_.loc[1, "win_class"], round_.loc[1, "win_band"]) == ("chi", "small")
    round_ = rows_of(rounds, "fe3371ad", 0).set_index("seat")
    assert (round_.loc[1, "win_class"], round_.loc[1, "win_band"], round_.loc[2, "deal_in_band"]) == (
        "pon", "medium", "medium")
    # ikkyoku #8, round 2 (see the first test): AI-D (seat 2) rons AI-A's riichi tile,
    # its 8th discard (middle), with two pons, one made an added kan: pon; 5,200: medium.
    round_ = rounds[rounds["source"].astype(str).str.contains("ikkyoku") & (rounds["round"] == 1)].set_index("seat")
    assert (round_.loc[2, "win_class"], round_.loc[2, "win_band"]) == ("pon", "medium")
    assert (round_.loc[3, "deal_in_band"], round_.loc[3, "deal_in_turn"]) == ("medium", 8)
    summary = stats.summary(ikkyoku(8))
    assert_stats(summary.loc["AI-D"], dict(win_share_pon=1, win_share_riichi=0, win_share_chi=0, avg_win_pon=5200,
                                           avg_win_riichi=NAN, win_band_medium=1, win_band_mangan=0))
    assert_stats(summary.loc["AI-A"], dict(deal_in_band_medium=1, deal_in_band_small=0, deal_in_turn_middle=1,
                                           deal_in_turn_early=0, avg_deal_in_turn=8))


TENHOU_LIMIT_BANDS = {"mangan": "mangan", "haneman": "haneman", "baiman": "haneman", "sanbaiman": "haneman",
                      "yakuman": "haneman"}


@pytest.mark.parametrize("pattern", ["*00a9*", "*00b9*"], ids=["four players", "three players"])
def test_value_bands_agree_with_the_limit_tenhou_states(pattern):
    # Tenhou's AGARI states the limit of each win (Win.limit) and its fu and han: a band
    # from mangan up is that limit's, and below it the hand's base points fu * 2^(han + 2)
    # decide small (below 960) or medium. Three-player tsumo are paid under ツモ損 (a
    # non-dealer's mangan tsumo is 6,000), which the bands count as the same mangan.
    files = sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").glob(pattern))[:60]
    games = [game for path in files for game in paipu.load(path)]
    wins = [(event, index) for index, game in enumerate(games) for round_ in game.rounds if round_.is_complete
            for event in round_.events if isinstance(event, paipu.events.Win)]
    rounds = stats.rounds(games)
    bands = rounds[rounds["win"]]
    expected = Counter()
    for win, _ in wins:
        if win.limit:
            expected[TENHOU_LIMIT_BANDS[win.limit]] += 1
        else:
            expected["small" if win.fu * 2 ** (win.han + 2) < 960 else "medium"] += 1
    assert Counter(bands["win_band"]) == expected
    assert expected["small"] and expected["medium"] and expected["mangan"] and expected["haneman"]
    tsumo_mangan = bands[(bands["win_type"] == "tsumo") & (bands["win_band"] == "mangan") & ~bands["dealer"]]
    assert set(tsumo_mangan["win_value"]) == ({6000} if pattern == "*00b9*" else {8000})


def test_new_counts_by_month_sum_back_to_the_totals(dated):
    whole, by_month = dated.summary(), dated.summary(by="month")
    shares = ([f"win_band_{band}" for band in BANDS] + [f"deal_in_band_{band}" for band in BANDS]
              + [f"deal_in_turn_{band}" for band in stats.TURN_BANDS]
              + [f"win_share_{kind}" for kind in ("riichi", "chi", "pon")] + ["mangan_win_rate"])
    for share in shares:
        counted = (by_month[share].fillna(0) * by_month[f"{share}_cases"]).groupby(level="player").sum().round()
        assert (counted == (whole[share].fillna(0) * whole[f"{share}_cases"]).loc[counted.index].round()).all(), share
        cases = by_month[f"{share}_cases"].groupby(level="player").sum()
        assert (cases == whole[f"{share}_cases"].loc[cases.index]).all(), share
    # each band's count over the months adds to the rounds table's
    wins = (whole["win_band_mangan"].fillna(0) * whole["win_band_mangan_cases"]).sum()
    assert round(wins) == (dated.rounds["win_band"] == "mangan").sum()
    # the rank points over the months add up to the games table's
    months = dated.games.assign(month=dated.games["date"].dt.strftime("%Y-%m"))
    known = months[months["rank_points"].notna()].groupby(["month", "name"], observed=True)["rank_points"]
    totals = known.sum()
    means = by_month["avg_rank_points"].dropna()
    assert means.to_numpy() == pytest.approx((totals / known.count()).loc[means.index].to_numpy())
    assert totals.sum() == dated.games["rank_points"].sum()


def ranked_games(placings: dict[str, list[int]], dan: str = "七段") -> stats.Tables:
    """Tables of one player, "X", with the placings given per room and no rounds."""
    template = stats.tables(HAND_MADE[0])
    rows = [(room, rank) for room, ranks in placings.items() for rank in ranks]
    games_table = pd.DataFrame({
        "source": pd.Categorical([f"made#{i}" for i in range(len(rows))]), "game": range(len(rows)), "player": 0,
        "name": pd.Categorical(["X"] * len(rows)), "players": 4, "rank": pd.array([r for _, r in rows], "Int64"),
        "score": pd.array([25000] * len(rows), "Int64"), "point": pd.array([0.0] * len(rows), "Float64"),
        "platform": pd.Categorical(["tenhou"] * len(rows)), "room": pd.Categorical([room for room, _ in rows]),
        "length": pd.Categorical(["south" if room[2] == "南" else "east" for room, _ in rows]),
        "date": pd.NaT, "dan": pd.Categorical([dan] * len(rows)), "rating": pd.array([None] * len(rows), "Float64"),
        "rank_points": pd.array([stats.tenhou_rank_points(room, rank, dan) for room, rank in rows], "Int64"),
    })
    assert list(games_table.columns) == list(stats.GAME_COLUMNS)
    return stats.Tables(template.rounds[:0], games_table)


def test_stable_dan_of_a_published_example():
    # mahjong-dora2.com/game/02-10.html: in the Phoenix room, 3 firsts, 4 seconds, 3
    # thirds and 3 fourths give ((3 × 60 + 4 × 30) / 3 − 20) / 10 = 8 (東風 points; the
    # same placings in 東南 give the same dan: every point is 1.5 times as many).
    placings = [1] * 3 + [2] * 4 + [3] * 3 + [4] * 3
    for room in ("四鳳東喰赤速", "四鳳南喰赤"):
        assert ranked_games({room: placings}).summary().loc["X", "stable_dan"] == pytest.approx(8)


def test_stable_dan_and_expected_points_worked_by_hand():
    # 特上東南 (四特南喰赤): 1st +75, 2nd +30, 3rd 0, 4th −15 × (dan + 2). Placings 3, 3, 2,
    # 2 in 10 games: 3 × 75 + 3 × 30 = 315 gained = 2 × 15 × (d + 2) lost → d = 315 / 30 − 2
    # = 8.5, as the usual 特上 formula (5 × .3 + 2 × .3) / .2 − 2 = 8.5. At 七段 (4th −135)
    # the same games give (315 − 2 × 135) / 10 = 4.5 points a game.
    summary = ranked_games({"四特南喰赤": [1, 1, 1, 2, 2, 2, 3, 3, 4, 4]}).summary().loc["X"]
    assert summary["stable_dan"] == pytest.approx(8.5)
    assert summary["avg_rank_points"] == pytest.approx(4.5)
    # Rooms mixed: 鳳凰東風 (1st +60, 2nd +30, 4th −10 × (d + 2)) 1st, 4th; 上級東南 (1st
    # +60, 2nd +15, 4th −15 × (d + 2)) 2nd, 4th. Sum 0 at (60 + 15) − (10 + 15)(d + 2) = 0:
    # d = 75 / 25 − 2 = 1. At 七段: 60 − 90 + 15 − 135 = −150 over 4 games: −37.5.
    summary = ranked_games({"四鳳東喰赤速": [1, 4], "四上南喰赤": [2, 4]}).summary().loc["X"]
    assert summary["stable_dan"] == pytest.approx(1)
    assert summary["avg_rank_points"] == pytest.approx(-37.5)
    # no 4th place: no finite stable dan
    assert math.isnan(ranked_games({"四鳳南喰赤": [1, 2, 3]}).summary().loc["X", "stable_dan"])


def test_tenhou_rank_points_only_for_ranked_four_player_rooms_and_dans():
    assert stats.tenhou_rank_points("四鳳南喰赤", 4, "十段") == -180
    assert stats.tenhou_rank_points("四般東喰赤", 1, "初段") == 20
    assert stats.tenhou_rank_points("四上東喰赤", 2, "三段") == 10
    assert stats.tenhou_rank_points("四特南喰赤", 3, "五段") == 0
    assert stats.tenhou_rank_points("三鳳南喰赤", 1, "七段") is None   # three players: no table cited
    assert stats.tenhou_rank_points("四鳳南喰赤", 1, "1級") is None    # below 初段: none cited
    assert stats.tenhou_rank_points("四鳳南喰赤", 1, "天鳳位") is None
    assert stats.tenhou_rank_points("", 1, "七段") is None             # no room (another platform)
    table = stats.games(corpus("tenhou-mjlog", "mjx-tests"))
    finished = table[table["rank"].notna()]
    # every one a Phoenix game, by a player of 七段 to 十段 or 天鳳位 (who has no points)
    assert (finished["rank_points"].isna() == (finished["dan"] == "天鳳位")).all()
    assert (finished["dan"] == "天鳳位").sum() == 4
    assert set(finished.loc[finished["rank"] == 1, "rank_points"]) == {90}


def test_stable_dan_of_every_player_of_a_room_pooled_is_the_rooms_even_share(dated):
    # Every game of a room has one 1st, one 2nd and one 4th: pooled over its players,
    # n₁ = n₂ = n₄, so the stable dan is (P₁ + P₂) / L − 2, 7 in both Phoenix rooms
    # ((90 + 45) / 15 − 2 East-South, (60 + 30) / 10 − 2 East) and 1 in 一般's
    # ((20 + 10) / 10 − 2 East).
    games_table = dated.games[dated.games["rank"].notna()]
    for room, dan in (("四鳳南喰赤", 7), ("四鳳東喰赤速", 7), ("四般東喰赤", 1)):
        rows = games_table[games_table["room"] == room]
        assert len(rows) >= 16, room
        pooled = stats.Tables(dated.rounds[:0], rows.assign(name="everyone")).summary()
        assert pooled.loc["everyone", "stable_dan"] == pytest.approx(dan), room


def test_a_win_of_unknown_value_has_a_class_but_no_band():
    # mjai's hora states no value: Ben's riichi win is a riichi win of no band, and the
    # band shares leave it out (0 cases) rather than count it in none of them; the
    # deal-in on Chie's 2nd discard has its turn but no band. No room: no rank points.
    table = stats.tables(Path(__file__).parent / "data" / "mjai_reviewer_tonpu.jsonl")
    won = table.rounds[table.rounds["win"]].iloc[0]
    assert won["win_class"] == "riichi" and pd.isna(won["win_band"])
    dealt = table.rounds[table.rounds["deal_in"]].iloc[0]
    assert pd.isna(dealt["deal_in_band"]) and dealt["deal_in_turn"] == 2
    summary = table.summary()
    assert summary.loc["Ben", "win_share_riichi"] == 1 and summary.loc["Ben", "win_band_small_cases"] == 0
    assert math.isnan(summary.loc["Ben", "mangan_win_rate"])
    assert summary["deal_in_band_small_cases"].sum() == 0 and summary["deal_in_turn_early"].sum() == 1
    assert table.games["rank_points"].isna().all() and summary["stable_dan"].isna().all()


def test_a_summary_reads_the_names_however_typed() -> None:
    """The per-player statistics group rows by name whether the name column is a
    category (the tables as made), one whose categories include names no row holds (rows
    selected), or plain text (``paipu.report``'s "the field"), and whatever the order of
    the rows: the same summary, players sorted by games, rounds, then name."""
    tables = stats.tables(SAMPLES)
    expected = tables.summary()
    assert len(expected) > 2 and expected.index.is_unique

    def named(table: pd.DataFrame, how: str) -> pd.DataFrame:
        names = table["name"]
        if how == "text":
            return table.assign(name=names.astype(object))
        if how == "unheld categories":
            return table.assign(name=names.cat.add_categories(["nobody", "Aaa"]))
        return table.iloc[::-1]  # rows in another order: the same sums (the samples' amounts are integers)

    for how in ("text", "unheld categories", "reversed"):
        other = stats.Tables(named(tables.rounds, how), named(tables.games, how))
        pd.testing.assert_frame_equal(other.summary(), expected, check_index_type=False)
