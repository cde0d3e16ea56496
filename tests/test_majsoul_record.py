"""Mahjong Soul game records (issue 29): the ``{head, data}`` JSON of record downloaders,
both data versions, read and validated; the logged wall checked against the events.

The records are written here by hand, in the form Mahjong Soul's ``liqi.proto`` gives
(field names as in EndlessCheng/mahjong-helper's copy) and a downloader writes them
(Fat-pig-Cui/misc-code ``GetPaipuJSON.js``: ``data`` wrapped as ``{name, data}``);
the helper below lays out the wall from the hands and draws each test scripts, and every
number is worked out by hand in the comments.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from paipu.formats import FormatError, identify
from paipu.formats.majsoul_record import game_from_majsoul_record, level_name
from paipu.validation import validate_game

import orjson

SUITS = {"m": range(1, 10), "p": range(1, 10), "s": range(1, 10), "z": range(1, 8)}


def all_tiles(players: int) -> Counter[str]:
    """Every tile of the game, Mahjong Soul's spelling (``5m``; no red fives here)."""
    tiles: Counter[str] = Counter()
    for suit, numbers in SUITS.items():
        for number in numbers:
            if players == 3 and suit == "m" and 2 <= number <= 8:
                continue
            tiles[f"{number}{suit}"] = 4
    return tiles


def lay_wall(players: int, hands: list[list[str]], dealer: int, live: list[str], dead: dict[int, str],
             with_deal: bool) -> str:
    """A wall (paishan): with the deal (4-4-4 from the dealer, then one each, then the
    dealer's 14th, its hand's last tile), the live draws in order, whatever is left, and
    the dead wall's tiles at their places from the end (``dead[-1]`` the first
    replacement tile)."""
    left = all_tiles(players)
    for hand in hands:
        left.subtract(hand)
    left.subtract(live)
    left.subtract(dead.values())
    assert min(left.values()) >= 0, "more tiles than the game has"
    rest = sorted(left.elements())
    size = (136 if players == 4 else 108) - (0 if with_deal else 13 * players + 1)
    deal: list[str] = []
    if with_deal:
        order = [(dealer + k) % players for k in range(players)]
        taken = [0] * players
        for _ in range(3):
            for seat in order:
                deal += hands[seat][taken[seat]:taken[seat] + 4]
                taken[seat] += 4
        for seat in order:
            deal.append(hands[seat][12])
        deal.append(hands[dealer][13])
    wall: list[str | None] = [None] * (size - len(deal))
    for place, tile in dead.items():
        wall[place] = tile
    wall[:len(live)] = live
    filler = iter(rest)
    text = deal + [tile if tile is not None else next(filler) for tile in wall]
    assert next(filler, None) is None
    return "".join(text)


def split(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


# -- game A: data version 0 (records), four players, a friendly room ------------------------------
#
# Friendly room, four players, East only (mode 1), detail_rule: 1,000 points each
# (init_point), 30,000 returned (fandian), uma +5 / -5 / -15 for 2nd-4th (so +15 for the
# top), bankruptcy ends the game (can_jifei).
#
# 東1局0本場, dealer seat 0 (東家). Dora indicator 6z: the dora is 7z, held by seat 3 only.
#   seat 1: 123456789m 23p 55p, waiting 1p/4p; seat 2: 111 23456789s 56p, waiting 4p/7p.
#   The dealer discards 4p from its 14 tiles: a double ron.
#   seat 1: 123m 456m 789m 234p 55p: 一気通貫 2 + 平和 1 = 3 han, 30 fu (平和 ron):
#     a non-dealer's 30 fu 3 han = 30 * 2^5 * 4 = 3,840 -> 3,900.
#   seat 2: 11s 123s 456s 789s 456p: 一気通貫 2 + 平和 1 = 3 han, 30 fu: 3,900.
#   No honba, no sticks. The dealer pays 7,800: 1,000 - 7,800 = -6,800, below 0: the
#   game ends (bankruptcy). Seats 1 and 2: 4,900 each, seat 3: 1,000.
# Ranks: seat 1 first, seat 2 second (a tie: seat order from the first dealer), seat 3
# third, seat 0 fourth. Final points, Mahjong Soul's (score - init_point) / 1,000 + uma:
#   seat 1: 3.9 + 15 = 18.9; seat 2: 3.9 + 5 = 8.9; seat 3: 0 - 5 = -5.0;
#   seat 0: -7.8 - 15 = -22.8 (the sum is 0). total_point is that times 1,000.

A_HANDS = [
    ["2m", "3m", "4m", "6m", "7m", "8m", "2s", "3s", "4s", "6s", "7s", "6z", "6z", "4p"],
    ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "5p", "5p"],
    ["1s", "1s", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "5p", "6p"],
    ["1z", "1z", "2z", "2z", "3z", "3z", "4z", "4z", "5z", "5z", "7z", "9p", "9p"],
]


def hule(seat: int, hand: list[str], tile: str, zimo: bool, fu: int, fans: list[tuple[int, int]],
         **points: Any) -> dict[str, Any]:
    """A ``RecordHule`` win; ``fans`` its yaku as (id, han) by Mahjong Soul's ids (1 門前清自摸和,
    2 立直, 9 役牌 中, 14 平和, 16 一気通貫, 30 一発, 33 裏ドラ), ``count`` their sum."""
    return {"hand": hand, "hu_tile": tile, "seat": seat, "zimo": zimo, "qinjia": seat == 0, "yiman": False,
            "count": sum(han for _, han in fans), "fu": fu, "fans": [{"id": id, "val": han} for id, han in fans],
            **points}


def game_a() -> dict[str, Any]:
    wall = lay_wall(4, A_HANDS, 0, [], {-5: "6z"}, with_deal=False)
    records = [
        {"name": ".lq.RecordNewRound", "data": {
            "chang": 0, "ju": 0, "ben": 0, "scores": [1000] * 4, "liqibang": 0,
            **{f"tiles{seat}": hand for seat, hand in enumerate(A_HANDS)},
            "paishan": wall, "left_tile_count": 69, "doras": ["6z"],
            # the dealer may discard or declare riichi with 4p (234m 678m 234s 67s 66z: waiting on 5s and 8s)
            "operation": {"seat": 0, "operation_list": [{"type": 1}, {"type": 7, "combination": ["4p"]}]}}},
        {"name": ".lq.RecordDiscardTile", "data": {
            "seat": 0, "tile": "4p", "is_liqi": False, "moqie": False, "is_wliqi": False,
            # seat 1 may ron or chi 4p with 2p 3p or with 3p 5p; seat 2 may ron; seat 3 nothing
            "operations": [{"seat": 1, "operation_list": [{"type": 2, "combination": ["2p|3p", "3p|5p"]}, {"type": 9}]},
                           {"seat": 2, "operation_list": [{"type": 9}]}]}},
        {"name": ".lq.RecordHule", "data": {
            "hules": [hule(1, A_HANDS[1], "4p", False, 30, [(16, 2), (14, 1)], point_rong=3900),
                      hule(2, A_HANDS[2], "4p", False, 30, [(16, 2), (14, 1)], point_rong=3900)],
            "old_scores": [1000] * 4, "delta_scores": [-7800, 3900, 3900, 0],
            "scores": [-6800, 4900, 4900, 1000]}},
    ]
    return {
        "head": {
            "uuid": "260101-00000000-0000-0000-0000-00000000000a", "start_time": 1767225600,
            "config": {"category": 1, "mode": {"mode": 1, "detail_rule": {
                "init_point": 1000, "fandian": 30000, "shunweima_2": 5, "shunweima_3": -5, "shunweima_4": -15,
                "can_jifei": True}}, "meta": {"room_id": 12345}},
            "accounts": [{"seat": seat, "nickname": name, "level": {"id": 10301, "score": 0}}
                         for seat, name in enumerate(["East", "South", "West", "North"])],
            "result": {"players": [
                {"seat": 1, "total_point": 18900, "part_point_1": 4900},
                {"seat": 2, "total_point": 8900, "part_point_1": 4900},
                {"seat": 3, "total_point": -5000, "part_point_1": 1000},
                {"seat": 0, "total_point": -22800, "part_point_1": -6800}]},
        },
        "data": {"name": ".lq.GameDetailRecords", "data": {"version": 0, "records": records}},
    }


# -- game B: data version 210715 (actions), three players, a closed kan and a riichi -------------
#
# Friendly room, three players, East only (mode 11), detail_rule: 1,000 points each, uma
# 0 (shunweima_2 left out, as protobuf leaves out a 0) / -15 for 2nd-3rd, so +15 for the top;
# otherwise the majsoul-sanma rule (40,000 returned, ツモ損, a red 5p and 5s).
# Walls with the deal (136 - 28 = 108 tiles): 4-4-4 from the dealer, one each, the
# dealer's 14th; the dead wall's last 8 tiles are replacement tiles, the dora indicators
# at the 9th, 11th... from the end, the ura indicators at the 10th, 12th...
#
# 東1局0本場: the dealer's 14 tiles hold nine kinds of terminals and honours (1z 2z 3z 5z
# 6z 7z 1m 9m 1p): 九種九牌 on its first turn. No payments; the dealer keeps the deal.
#
# 東1局1本場: the dealer holds four 7z: closed kan, the kan dora indicator turned over
# (7p: dora 8p, which nobody holds), the replacement tile 2s (the wall's last tile); it
# discards 1s declaring riichi (1,000 to the table), waiting on 2s alone. Seats 1 and 2
# draw 6z and discard it (tsumogiri); the dealer draws the other 2s: tsumo.
#   123p 456p 789s 22s + 7777z (closed): 立直 1, 一発 1, 門前清自摸和 1, 役牌 中 1 = 4 han;
#   fu 20 + tsumo 2 + closed kan of honours 32 + single wait 2 = 56 -> 60: 4 han 60 fu is a
#   mangan (60 * 2^6 = 3,840 > 2,000): a dealer's tsumo, 4,000 from each of the two others
#   (ツモ損: the absent fourth's share is lost), 100 each for the honba (three players: 100 a
#   payer), the dealer's own riichi stick back. Dora indicator 4s (dora 5s), ura 5z and
#   1z (ura 6z, 2z): none held.
#   payments: dealer +8,000 + 200 + 1,000 = +9,200; seats 1 and 2 -4,100 each.
#   Scores: dealer 1,000 - 1,000 + 9,200 = 9,200; seats 1 and 2: -3,100: bankruptcy ends it.
# Ranks: dealer first, seat 1 second, seat 2 third (tie, seat order). Final points:
#   dealer 8.2 + 15 = 23.2; seat 1 -4.1 + 0 = -4.1; seat 2 -4.1 - 15 = -19.1 (sum 0).

B1_HANDS = [
    ["1z", "2z", "3z", "5z", "6z", "7z", "1m", "9m", "1p", "2p", "3p", "2s", "3s", "4s"],
    ["1p", "1p", "1p", "9p", "9p", "9p", "1s", "1s", "1s", "9s", "9s", "9s", "4z"],
    ["2p", "2p", "3p", "3p", "4p", "4p", "5p", "5p", "6p", "6p", "7p", "7p", "8p"],
]
B2_HANDS = [
    ["7z", "7z", "7z", "7z", "1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "1s"],
    ["1m", "1m", "1m", "9m", "9m", "9m", "1z", "1z", "1z", "2z", "2z", "2z", "3z"],
    ["7p", "7p", "8p", "8p", "9p", "9p", "3s", "3s", "4s", "4s", "5s", "5s", "5z"],
]


def action(name: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"passed": 0, "type": 1, "result": {"name": f".lq.{name}", "data": data}}


def game_b() -> dict[str, Any]:
    wall1 = lay_wall(3, B1_HANDS, 0, [], {-9: "8s"}, with_deal=True)
    wall2 = lay_wall(3, B2_HANDS, 0, ["6z", "6z", "2s"],
                     {-1: "2s", -9: "4s", -10: "5z", -11: "7p", -12: "1z"}, with_deal=True)
    actions = [
        {"passed": 10, "type": 2, "user_input": {"seat": 0, "type": 7}},  # a player's input: passed over
        action("RecordNewRound", {
            "chang": 0, "ju": 0, "ben": 0, "scores": [1000] * 3, "liqibang": 0,
            **{f"tiles{seat}": hand for seat, hand in enumerate(B1_HANDS)}, "tiles3": [],
            "paishan": wall1, "left_tile_count": 54, "doras": ["8s"],
            "operation": {"seat": 0, "operation_list": [{"type": 1}, {"type": 10}]}}),
        action("RecordLiuJu", {"type": 1, "seat": 0, "tiles": B1_HANDS[0]}),
        action("RecordNewRound", {
            "chang": 0, "ju": 0, "ben": 1, "scores": [1000] * 3, "liqibang": 0,
            **{f"tiles{seat}": hand for seat, hand in enumerate(B2_HANDS)}, "tiles3": [],
            "paishan": wall2, "left_tile_count": 54, "doras": ["4s"],
            # closed kan (4) and riichi (7: discarding a 7z leaves 1s waiting alone; discarding 1s
            # leaves no wait, the four 7z all held), each 7z held listed, as real records list them
            "operation": {"seat": 0, "operation_list": [{"type": 1}, {"type": 4, "combination": ["7z|7z|7z|7z"]},
                                                        {"type": 7, "combination": ["7z", "7z", "7z", "7z"]}]}}),
        action("RecordAnGangAddGang", {"seat": 0, "type": 3, "tiles": "7z", "doras": ["4s", "7p"]}),
        action("RecordDealTile", {"seat": 0, "tile": "2s", "left_tile_count": 53, "doras": ["4s", "7p"],
                                  # riichi discarding 1s (waiting on 2s) or 2s (waiting on 1s)
                                  "operation": {"seat": 0, "operation_list": [
                                      {"type": 1}, {"type": 7, "combination": ["1s", "2s"]}]}}),
        action("RecordDiscardTile", {"seat": 0, "tile": "1s", "is_liqi": True, "moqie": False, "is_wliqi": False}),
        action("RecordDealTile", {"seat": 1, "tile": "6z", "left_tile_count": 52,
                                  "liqi": {"seat": 0, "score": 0, "liqibang": 1}}),
        action("RecordDiscardTile", {"seat": 1, "tile": "6z", "is_liqi": False, "moqie": True}),
        action("RecordDealTile", {"seat": 2, "tile": "6z", "left_tile_count": 51}),
        action("RecordDiscardTile", {"seat": 2, "tile": "6z", "is_liqi": False, "moqie": True}),
        action("RecordDealTile", {"seat": 0, "tile": "2s", "left_tile_count": 50,
                                  "operation": {"seat": 0, "operation_list": [{"type": 1}, {"type": 8}]}}),
        action("RecordHule", {
            # a riichi win lists its ura dora, 0 when none is held (as Mahjong Soul's records do)
            "hules": [{**hule(0, ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "2s"], "2s", True, 60,
                              [(2, 1), (30, 1), (1, 1), (9, 1), (33, 0)], point_zimo_xian=4000),
                       "liqi": True, "li_doras": ["5z", "1z"],
                       "ming": ["angang(7z,7z,7z,7z)"]}],
            "old_scores": [0, 1000, 1000], "delta_scores": [9200, -4100, -4100], "scores": [9200, -3100, -3100]}),
    ]
    return {
        "head": {
            "uuid": "260101-00000000-0000-0000-0000-00000000000b", "start_time": 1767225600,
            "config": {"category": 1, "mode": {"mode": 11, "detail_rule": {
                "init_point": 1000, "shunweima_3": -15, "can_jifei": True}}, "meta": {"room_id": 54321}},
            "accounts": [{"seat": seat, "nickname": name, "level3": {"id": 20301, "score": 0}}
                         for seat, name in enumerate(["East", "South", "West"])],
            "result": {"players": [
                {"seat": 0, "total_point": 23200, "part_point_1": 9200},
                {"seat": 1, "total_point": -4100, "part_point_1": -3100},
                {"seat": 2, "total_point": -19100, "part_point_1": -3100}]},
        },
        "data": {"version": 210715, "actions": actions},
    }


# -- game C: data version 210715, four players, a pon and a kan robbed (槍槓) -----------------------
#
# Friendly room, four players, East only, the detail_rule of game A (1,000 points each, 30,000
# returned, uma +5 / -5 / -15, bankruptcy ends the game). Dora indicator 9p: the dora is 1p,
# which nobody holds. The menus are logged (every number below is what the rules offer).
#
# 東1局0本場. The dealer discards 2p (event 2): seat 2 may pon it with its 2p 2p (nobody else
# may call it: seat 1 holds no 1p, 3p or 4p; nobody waits on it) and does (event 3); after a
# pon the claimed kind may not be discarded (喰い替え): its menu is a discard, except 2p.
# Seat 2 discards 4z (event 4). Seat 3 draws 9s (event 5): 3p4p 234m 567m 678s 99s 1z,
# riichi discarding 1z (then waiting on 2p and 5p); it discards 1z without riichi (event 6).
# The dealer draws and discards 9m (events 7, 8: seat 1 holds no 7m 8m to chi it), seat 1
# draws and discards 3z (events 9, 10). Seat 2 draws the fourth 2p (event 11): it may add it
# to its pon, and does (event 12); seat 3 robs it (槍槓, event 13):
#   234p 234m 567m 678s 99s, won on 2p with 3p4p (two-sided), 9s the pair: 槍槓 1 + 平和 1 =
#   2 han, 30 fu (a pinfu ron): a non-dealer's 30 fu 2 han = 30 * 2^4 * 4 = 1,920 -> 2,000,
#   paid by the kan's player. Seat 2: 1,000 - 2,000 = -1,000: bankruptcy ends the game.
# Final scores 1,000 / 1,000 / -1,000 / 3,000. Ranks: seat 3, seat 0, seat 1 (a tie: seat
# order), seat 2. Points (score - 1,000) / 1,000 + uma: 17.0, 5.0, -5.0, -17.0.

C_HANDS = [
    ["2p", "7m", "8m", "8p", "1s", "3s", "5s", "7s", "9s", "2z", "3z", "4z", "6z", "7z"],
    ["1m", "4m", "6m", "2s", "4s", "6s", "8s", "1s", "5z", "5z", "6p", "8p", "9p"],
    ["2p", "2p", "4z", "1m", "3m", "5m", "7m", "9m", "2s", "4s", "6s", "8s", "5p"],
    ["3p", "4p", "2m", "3m", "4m", "5m", "6m", "7m", "6s", "7s", "8s", "9s", "1z"],
]


def game_c() -> dict[str, Any]:
    wall = lay_wall(4, C_HANDS, 0, ["9s", "9m", "3z", "2p"], {-5: "9p"}, with_deal=True)
    discard = [{"type": 1}]
    actions = [
        action("RecordNewRound", {
            "chang": 0, "ju": 0, "ben": 0, "scores": [1000] * 4, "liqibang": 0,
            **{f"tiles{seat}": hand for seat, hand in enumerate(C_HANDS)},
            "paishan": wall, "left_tile_count": 70, "doras": ["9p"],
            "operation": {"seat": 0, "operation_list": discard}}),
        action("RecordDiscardTile", {"seat": 0, "tile": "2p", "is_liqi": False, "moqie": False, "operations": [
            {"seat": 2, "operation_list": [{"type": 3, "combination": ["2p|2p"]}]}]}),
        action("RecordChiPengGang", {"seat": 2, "type": 1, "tiles": ["2p", "2p", "2p"], "froms": [2, 2, 0],
                                     "operation": {"seat": 2, "operation_list": [{"type": 1, "combination": ["2p"]}]}}),
        action("RecordDiscardTile", {"seat": 2, "tile": "4z", "is_liqi": False, "moqie": False}),
        action("RecordDealTile", {"seat": 3, "tile": "9s", "left_tile_count": 69, "operation": {
            "seat": 3, "operation_list": [*discard, {"type": 7, "combination": ["1z"]}]}}),
        action("RecordDiscardTile", {"seat": 3, "tile": "1z", "is_liqi": False, "moqie": False}),
        action("RecordDealTile", {"seat": 0, "tile": "9m", "left_tile_count": 68,
                                  "operation": {"seat": 0, "operation_list": discard}}),
        action("RecordDiscardTile", {"seat": 0, "tile": "9m", "is_liqi": False, "moqie": True}),
        action("RecordDealTile", {"seat": 1, "tile": "3z", "left_tile_count": 67,
                                  "operation": {"seat": 1, "operation_list": discard}}),
        action("RecordDiscardTile", {"seat": 1, "tile": "3z", "is_liqi": False, "moqie": True}),
        action("RecordDealTile", {"seat": 2, "tile": "2p", "left_tile_count": 66, "operation": {
            "seat": 2, "operation_list": [*discard, {"type": 6, "combination": ["2p|2p|2p|2p"]}]}}),
        action("RecordAnGangAddGang", {"seat": 2, "type": 2, "tiles": "2p", "operations": [
            {"seat": 3, "operation_list": [{"type": 9}]}]}),
        action("RecordHule", {
            "hules": [hule(3, ["3p", "4p", "2m", "3m", "4m", "5m", "6m", "7m", "6s", "7s", "8s", "9s", "9s"], "2p",
                           False, 30, [(3, 1), (14, 1)], point_rong=2000)],
            "old_scores": [1000] * 4, "delta_scores": [0, 0, -2000, 2000], "scores": [1000, 1000, -1000, 3000]}),
    ]
    record = game_a()
    record["head"]["uuid"] = "260101-00000000-0000-0000-0000-00000000000c"
    record["head"]["result"] = {"players": [
        {"seat": 3, "total_point": 17000, "part_point_1": 3000},
        {"seat": 0, "total_point": 5000, "part_point_1": 1000},
        {"seat": 1, "total_point": -5000, "part_point_1": 1000},
        {"seat": 2, "total_point": -17000, "part_point_1": -1000}]}
    record["data"] = {"version": 210715, "actions": actions}
    return record


# -- game D: data version 210715, three players, a North set aside (北抜き) --------------------------
#
# Game B's room and rule. Dora indicator 6z (the dora 7z, which nobody holds in seat 0's hand).
# 東1局0本場: the dealer's 14 tiles, 123456789p 123s 5s 4z, may be discarded, or declare riichi
# with 4z (waiting on 5s) or 5s (waiting on 4z), or set the North aside (北抜き, 11); it sets
# it aside (event 2: nobody may rob it) and draws the replacement, the wall's last tile, 5s
# (event 3): tsumo.
#   123p 456p 789p 123s 55s: 門前清自摸和 1, 嶺上開花 1 (a North's replacement tile),
#   一気通貫 2, 抜きドラ 1 (the North, a dora) = 5 han: a mangan (fu 20 + 2 tsumo + 2 single
#   wait = 24 -> 30): a dealer's tsumo, 4,000 from each of the two others (ツモ損).
#   Scores 9,000 / -3,000 / -3,000: bankruptcy ends the game. Points: (9,000 - 1,000) /
#   1,000 + 15 = 23.0; -4.0 + 0; -4.0 - 15 = -19.0.

D_HANDS = [
    ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "5s", "4z"],
    ["1m", "1m", "9m", "9m", "1z", "1z", "2z", "2z", "3z", "3z", "5z", "7z", "7z"],
    ["2p", "3p", "6p", "7p", "2s", "3s", "4s", "6s", "7s", "8s", "9s", "9s", "5z"],
]


def game_d() -> dict[str, Any]:
    wall = lay_wall(3, D_HANDS, 0, [], {-1: "5s", -9: "6z"}, with_deal=True)
    record = game_b()
    record["head"]["uuid"] = "260101-00000000-0000-0000-0000-00000000000d"
    record["head"]["result"] = {"players": [
        {"seat": 0, "total_point": 23000, "part_point_1": 9000},
        {"seat": 1, "total_point": -4000, "part_point_1": -3000},
        {"seat": 2, "total_point": -19000, "part_point_1": -3000}]}
    record["data"]["actions"] = [
        action("RecordNewRound", {
            "chang": 0, "ju": 0, "ben": 0, "scores": [1000] * 3, "liqibang": 0,
            **{f"tiles{seat}": hand for seat, hand in enumerate(D_HANDS)}, "tiles3": [],
            "paishan": wall, "left_tile_count": 54, "doras": ["6z"],
            "operation": {"seat": 0, "operation_list": [{"type": 1}, {"type": 7, "combination": ["4z", "5s"]},
                                                        {"type": 11}]}}),
        action("RecordBaBei", {"seat": 0, "moqie": False}),
        action("RecordDealTile", {"seat": 0, "tile": "5s", "left_tile_count": 53}),
        action("RecordHule", {
            "hules": [hule(0, ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s", "5s", "5s"],
                           "5s", True, 30, [(1, 1), (4, 1), (16, 2), (34, 1)], point_zimo_xian=4000)],
            "old_scores": [1000] * 3, "delta_scores": [8000, -4000, -4000], "scores": [9000, -3000, -3000]}),
    ]
    return record


def read(obj: dict[str, Any]) -> Any:
    data = orjson.dumps(obj)
    format, content = identify(data)
    assert format.name == "majsoul"
    items, reader = format.games(content, "game.json")
    return reader(items[0], source="game.json#0")


@pytest.mark.parametrize("make", [game_a, game_b, game_c, game_d])
def test_hand_written_records_validate_clean(make: Any) -> None:
    game = read(make())
    assert validate_game(game) == []


def test_game_a_is_read_as_logged() -> None:
    game = read(game_a())
    # each account's level 10301, 雀傑1 (Expert 1), on the name's second line as Tenhou's dan
    assert game.players == ("East\n(雀傑1)", "South\n(雀傑1)", "West\n(雀傑1)", "North\n(雀傑1)")
    assert game.final_scores == (-6800, 4900, 4900, 1000)
    assert game.ranks == (4, 1, 2, 3)
    assert [float(p) for p in game.points] == [-22.8, 18.9, 8.9, -5.0]
    wins = [event for event in game.rounds[0].events if type(event).__name__ == "Win"]
    assert [(w.seat, w.discarder, w.payments) for w in wins] == [
        (1, 0, (-3900, 3900, 0, 0)), (2, 0, (-3900, 0, 3900, 0))]
    # the yaku by Mahjong Soul's ids: 16 一気通貫 2 han, 14 平和 1
    assert [(w.fu, w.han, w.yakuman, w.points, [(y.name, y.han) for y in w.yaku]) for w in wins] == [
        (30, 3, None, 3900, [("一気通貫", 2), ("平和", 1)])] * 2
    origin = game.origin
    assert (origin.format, origin.platform, origin.id, str(origin.date)) == (
        "majsoul", "", "260101-00000000-0000-0000-0000-00000000000a", "2026-01-01")
    assert game.rule["配給原点"] == 1000 and game.rule["場数"] == 1


def test_game_b_is_read_as_logged() -> None:
    game = read(game_b())
    assert len(game.rounds) == 2 and game.rounds[0].events[-1].name == "九種九牌"
    assert game.ranks == (1, 2, 3) and [float(p) for p in game.points] == [23.2, -4.1, -19.1]
    assert game.rule["人数"] == 3 and game.rule["順位点"] == ["54.0", "39.0", "24.0"]
    win = game.rounds[1].events[-1]
    # 4,000 from each of the two others (ツモ損): a value of 8,000
    assert (win.fu, win.han, win.points, win.payments) == (60, 4, 8000, (9200, -4100, -4100))
    assert [(y.name, y.han) for y in win.yaku] == [
        ("立直", 1), ("一発", 1), ("門前清自摸和", 1), ("翻牌 中", 1), ("裏ドラ", 0)]


def test_a_changed_yaku_is_reported_at_its_win() -> None:
    record = game_a()
    # seat 2's 一気通貫 (16) logged as 三色同順 (17), 2 han as well
    record["data"]["data"]["records"][2]["data"]["hules"][1]["fans"][0]["id"] = 17
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", 4, "hule.hupai", [["一気通貫", 2], ["平和", 1]], [["三色同順", 2], ["平和", 1]])]


def test_a_changed_fu_is_reported_at_its_win() -> None:
    record = game_b()
    record["data"]["actions"][-1]["result"]["data"]["hules"][0]["fu"] = 50  # 56 fu round up to 60
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局1本場", 11, "hule.fu", 60, 50)]


def test_a_seat_wind_is_the_winners_and_north_dora_counts_as_dora() -> None:
    record = game_b()
    # 10 (役牌:自風牌) names no wind: the dealer's is East; 34 (抜きドラ) is a dora
    record["data"]["actions"][-1]["result"]["data"]["hules"][0]["fans"] += [
        {"id": 10, "val": 1}, {"id": 31, "val": 1}, {"id": 34, "val": 2}]
    win = read(record).rounds[1].events[-1]
    assert [(y.name, y.han) for y in win.yaku][-2:] == [("自風 東", 1), ("ドラ", 3)]


def test_an_unknown_yaku_id_is_a_located_error() -> None:
    record = game_b()
    record["data"]["actions"][-1]["result"]["data"]["hules"][0]["fans"][0]["id"] = 1003  # a Sichuan-mode id
    with pytest.raises(FormatError, match="東1局1本場, event 11: RecordHule: unknown yaku id 1003"):
        read(record)


def test_a_changed_wall_is_reported_at_its_event() -> None:
    record = game_b()
    new_round = record["data"]["actions"][3]["result"]["data"]
    tiles = split(new_round["paishan"])
    tiles[-1] = "9p"  # the replacement tile: the log draws 2s
    new_round["paishan"] = "".join(tiles)
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局1本場", 3, "majsoul.paishan", "p9", "s2")]


def test_a_changed_dora_indicator_in_the_wall_is_reported() -> None:
    record = game_a()
    new_round = record["data"]["data"]["records"][0]["data"]
    tiles = split(new_round["paishan"])
    tiles[-5], tiles[-6] = tiles[-6], tiles[-5]
    new_round["paishan"] = "".join(tiles)
    findings = validate_game(read(record))
    assert [(f.event, f.check, f.logged) for f in findings] == [(0, "majsoul.paishan", "z6")]


def test_a_changed_operations_menu_is_reported_at_its_event() -> None:
    record = game_b()
    # the dealer's last draw completes its hand: the client offered tsumo (8); say it did not,
    # and offered riichi (7), which a hand in riichi cannot declare
    record["data"]["actions"][11]["result"]["data"]["operation"]["operation_list"] = [{"type": 1}, {"type": 7}]
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局1本場", 10, "majsoul.operations", ["tsumo"], ["riichi"])]


def test_a_discard_without_its_menu_is_reported() -> None:
    record = game_b()
    # 九種九牌's round: the dealer's menu without 九種九牌 (10)
    record["data"]["actions"][1]["result"]["data"]["operation"]["operation_list"] = [{"type": 1}]
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", 1, "majsoul.operations", ["discard", "九種九牌"], ["discard"])]


def test_a_changed_menu_tile_is_reported_at_its_event() -> None:
    record = game_b()
    # the riichi discards after the kan: 1s and 2s; say the client offered 1s alone
    record["data"]["actions"][5]["result"]["data"]["operation"]["operation_list"][1]["combination"] = ["1s"]
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局1本場", 3, "majsoul.operations", ["discard", "riichi s1", "riichi s2"], ["discard", "riichi s1"])]


def test_a_changed_chi_is_reported_at_its_discard() -> None:
    record = game_a()
    record["data"]["data"]["records"][1]["data"]["operations"][0]["operation_list"][0]["combination"] = ["2p|3p"]
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", 2, "majsoul.operations", ["chi p2p3", "chi p3p5", "ron"], ["chi p2p3", "ron"])]


def test_a_changed_delta_is_reported_at_the_win() -> None:
    record = game_b()
    record["data"]["actions"][-1]["result"]["data"]["delta_scores"] = [9300, -4200, -4100]
    findings = validate_game(read(record))
    assert ("東1局1本場", 11, "hule.fenpei") in [(f.round, f.event, f.check) for f in findings]


def test_a_changed_delta_of_a_double_ron_is_reported_at_its_first_win() -> None:
    record = game_a()
    # the record states the two wins' payments summed only: 100 more to seat 1 from the dealer
    record["data"]["data"]["records"][2]["data"]["delta_scores"] = [-7900, 4000, 3900, 0]
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", 3, "majsoul.delta_scores", [-7800, 3900, 3900, 0], [-7900, 4000, 3900, 0])]


@pytest.mark.parametrize("event, menu, expected, logged", [
    # after the pon: 2p may not be discarded; say 5p may not either
    (3, {"operation": {"seat": 2, "operation_list": [{"type": 1, "combination": ["2p", "5p"]}]}},
     ["discard except p2"], ["discard except p2 p5"]),
    # the kan robbed: seat 3 was offered the ron (槍槓); say it was not
    (12, {"operations": []}, ["ron"], []),
    # the fourth 2p drawn: an added kan of 2p; say of 4p
    (11, {"operation": {"seat": 2, "operation_list": [{"type": 1}, {"type": 6, "combination": ["4p|4p|4p|4p"]}]}},
     ["added kan p2", "discard"], ["added kan p4", "discard"]),
])
def test_a_changed_menu_after_a_call_or_a_kan_is_reported(event, menu, expected, logged) -> None:
    record = game_c()
    record["data"]["actions"][event - 1]["result"]["data"].update(menu)  # event n's record is action n - 1
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", event, "majsoul.operations", expected, logged)]


def test_a_changed_north_menu_is_reported() -> None:
    record = game_d()
    del record["data"]["actions"][0]["result"]["data"]["operation"]["operation_list"][2]  # 北抜き not offered
    findings = validate_game(read(record))
    assert [(f.round, f.event, f.check, f.expected, f.logged) for f in findings] == [
        ("東1局0本場", 1, "majsoul.operations", ["discard", "riichi s5", "riichi z4", "北抜き"],
         ["discard", "riichi s5", "riichi z4"])]


def test_a_robbed_kan_is_scored_with_chankan() -> None:
    win = read(game_c()).rounds[0].events[-1]
    assert (win.seat, win.discarder, win.fu, win.han, win.points, win.payments) == (3, 2, 30, 2, 2000,
                                                                                   (0, 0, -2000, 2000))
    assert [(y.name, y.han) for y in win.yaku] == [("槍槓", 1), ("平和", 1)]


def test_malformed_record_is_one_located_error() -> None:
    record = game_b()
    broken = copy.deepcopy(record)
    broken["data"]["actions"][8]["result"]["data"]["tile"] = "8z"
    with pytest.raises(FormatError) as error:
        read(broken)
    assert str(error.value) == "東1局1本場, event 7: RecordDiscardTile: not a tile: '8z'"


def test_a_ranked_game_is_checked_under_its_room() -> None:
    record = game_a()
    record["head"]["config"] = {"category": 2, "mode": {"mode": 1, "detail_rule": {}}, "meta": {"mode_id": 11}}
    game = read(record)
    assert game.rule is None and game.origin.platform == "majsoul" and game.origin.room == "玉の間東喰赤"
    assert dict(game.origin.rule)["winds"] == 1


def test_binary_data_is_refused_saying_what_to_do() -> None:
    record = game_a()
    record["data"] = "CgdyZWNvcmRz"
    with pytest.raises(FormatError, match="binary protobuf"):
        read(record)


@pytest.mark.parametrize("level, name", [
    (10101, "初心1"), (10203, "雀士3"), (10301, "雀傑1"), (20402, "雀豪2"), (10503, "雀聖3"),
    (10601, "魂天"), (10701, "魂天1"), (20712, "魂天12"), (0, ""), (10001, ""), (30301, ""), (10800, "")])
def test_level_ids_name_their_ranks(level: int, name: str) -> None:
    # amae-koromo's reading of a level id (src/data/types/level.ts): players' kind, major, minor
    assert level_name(level) == name


def test_the_games_table_states_platform_room_and_rank() -> None:
    from paipu.stats import tables

    games = tables([read(game_a()), read(game_b())]).games
    assert set(games["platform"]) == {""}  # friendly rooms: no ranked platform rule
    assert list(games["room"].unique()) == ["友人戦 12345", "友人戦 54321"]
    assert list(games["name"][:4]) == ["East", "South", "West", "North"]  # the rank apart
    assert list(games["dan"]) == ["雀傑1"] * 4 + ["雀傑1"] * 3  # 10301 four players, 20301 three
    assert games["rating"].isna().all()  # Mahjong Soul states no rating
    record = game_a()  # the same game in a ranked room, 玉の間 East (mode_id 11)
    record["head"]["config"] = {"category": 2, "mode": {"mode": 1, "detail_rule": {}}, "meta": {"mode_id": 11}}
    ranked = tables([read(record)]).games
    assert set(ranked["platform"]) == {"majsoul"} and set(ranked["room"]) == {"玉の間東喰赤"}
    assert set(ranked["length"]) == {"east"}


def test_the_ranks_go_to_tenhou6_as_its_dan_without_a_rating() -> None:
    # mjai-reviewer shows tenhou.net/6's name and dan apart: the rank is not part of the name
    from paipu.formats.tenhou_json import game_from_tenhou_json, game_to_tenhou6

    game = read(game_a())
    written = game_to_tenhou6(game)
    assert written["name"] == ["East", "South", "West", "North"] and written["dan"] == ["雀傑1"] * 4
    assert "rate" not in written
    assert game_from_tenhou_json(orjson.loads(orjson.dumps(written))).players == game.players
