"""Write the five sample games of ``sample_logs/`` (run: ``python sample_logs/make_samples.py``).

Two whole games played by the simulator (``paipu simulate``, four players: two efficiency
players that pon their value honours, the betaori seed's folding player and its variant that
pushes a little), as the command writes them:

* ``simulated_hanchan.json`` — an East-South game (半荘) cut short when a player goes below
  zero (トビ): riichi, calls, a double ron, exhaustive draws, the dealer keeping the deal
  four rounds in a row (game 29 of ``paipu simulate --seed sample --games 30 --players
  efficiency+calls,betaori-push,efficiency+calls,betaori``).
* ``simulated_tonpuu.json`` — an East-only game (東風戦): riichi, calls, exhaustive draws,
  a dealer's run of three rounds (game 7 of the same with ``--rule`` ``{"場数": 1}``).

Three hand-made short one-round games (一局戦, rule ``{"場数": 0}``) stay beside them because
their every number was worked out by hand from the rules (docs/rules.md §3-§8), a truth that
does not come from the engine the tests check; the README's examples and many tests lean on
them (``HAND_MADE`` in tests/conftest.py). Each is written with paipu's own writer:

* ``tsumo.json`` — the dealer wins by self-draw on the second draw: 門前清自摸和 + 平和,
  20 fu 2 han, 700 from each other player.
* ``riichi_ron.json`` — South declares riichi and wins by ron on West's next discard:
  立直 + 一発 + 平和, 30 fu 3 han = 3,900, plus the own riichi stick back.
* ``draw_then_ron.json`` — the wall runs out with only West tenpai (+3,000 / -1,000
  each), the dealer keeps the deal (一局戦 repeats East 1 after a draw), then North wins
  by ron with 翻牌 白: 40 fu 1 han = 1,300 + 300 for the honba.

Tiles not fixed by the story come from a shuffled wall (fixed seed), everybody else
discards what they draw (ツモ切り). Wait tiles that must never show up are kept in the
dead wall.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import orjson

from paipu.events import Deal, Discard, Draw, Game, NoWin, Round, Win, Yaku
from paipu.formats.majiang import game_to_json
from paipu.tiles import KINDS, parse_hand

HERE = Path(__file__).resolve().parent
PLAYERS = ("East player", "South player", "West player", "North player")
RULE = {"場数": 0}
LIVE_WALL = 70  # 136 tiles - 4 x 13 dealt - 14 in the dead wall


def full_set() -> Counter:
    """All 136 tiles, one red five per suit."""
    tiles = Counter({name: 4 for name in KINDS})
    for suit in "mps":
        tiles[suit + "5"] -= 1
        tiles[suit + "0"] += 1
    return tiles


def take(pool: Counter, tiles) -> None:
    for tile in tiles:
        if pool[tile] <= 0:
            raise ValueError(f"no {tile} left")
        pool[tile] -= 1


def play(deal_hands, fixed_draws, keep_out, seed, stop=None) -> list:
    """Deal ``deal_hands``; draw in turn order, draw ``i`` being ``fixed_draws[i]`` when
    given, else a tile from the shuffled rest (``keep_out`` tiles stay in the dead wall);
    everyone discards what they draw except where ``stop(i, seat, tile)`` returns the
    events that end the round or a different discard. Returns the events after the deal
    and the tiles still unseen."""
    pool = full_set()
    for hand in deal_hands:
        take(pool, parse_hand(hand).tiles)
    take(pool, [t for t in fixed_draws.values()])
    take(pool, keep_out)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    events = []
    for i in range(LIVE_WALL):
        seat = i % 4
        tile = fixed_draws[i] if i in fixed_draws else rest.pop()
        events.append(Draw(seat, tile))
        special = stop(i, seat, tile) if stop else None
        if special:
            events.extend(special)
            if isinstance(special[-1], (Win, NoWin)):
                return events
        else:
            events.append(Discard(seat, tile, tsumogiri=True))
    return events


def deal(hands, honba=0, scores=(25000,) * 4):
    return Deal(0, 0, honba, 0, tuple(scores), "z3", tuple(parse_hand(h) for h in hands))


def check_no_abortive_draw(events) -> None:
    """The random tsumogiri must not make a four-winds draw (四風連打), nor, in a round
    that ends in an exhaustive draw, a nagashi mangan (流し満貫) the story ignores."""
    discards = [e for e in events if isinstance(e, Discard)]
    first = [d.tile for d in discards[:4]]
    assert not (len(set(first)) == 1 and first[0] in ("z1", "z2", "z3", "z4")), first
    for seat in range(4 if isinstance(events[-1], NoWin) else 0):
        mine = [d.tile for d in discards if d.seat == seat]
        assert not all(t[0] == "z" or t[1] in "19" for t in mine), (seat, mine)


def game(name, rounds, final_scores, ranks, points):
    for events in rounds:
        check_no_abortive_draw(events)
    return Game(f"paipu sample: {name}", PLAYERS, 0, tuple(Round(tuple(r)) for r in rounds),
                tuple(final_scores), tuple(ranks), tuple(points), RULE)


NOTEN = ["m159p37s2468z2356", "m248p3689s13z4477", "m1469p1148s57z456"]


def tsumo_game() -> Game:
    """East draws p3, discards z1 (East), then draws p4: m123 m55 p234 p456 s789."""
    hands = ["m12355p2456s789z1"] + NOTEN

    def story(i, seat, tile):
        if i == 0:
            return [Discard(0, "z1")]
        if i == 4:  # dealer tsumo 20 fu 2 han: 700 from each
            return [Win(0, parse_hand("m12355p23456s789p4"), None, None, 20, 2, None, 2100,
                        (Yaku("門前清自摸和", 1), Yaku("平和", 1)), (2100, -700, -700, -700))]
        return None

    events = [deal(hands)] + play(hands, {0: "p3", 4: "p4"}, [], seed=1, stop=story)
    return game("dealer tsumo", [events], (27100, 24300, 24300, 24300), (1, 2, 3, 4),
                ("37.1", "4.3", "-15.7", "-25.7"))


def riichi_ron_game() -> Game:
    """South riichis on its second turn (not double riichi) waiting s5/s8; West draws and
    discards s8 at once: ron with 立直 一発 平和, 30 fu 3 han = 3,900 + the stick."""
    hands = [NOTEN[0], "m234p56799s2346z5", NOTEN[1], NOTEN[2]]

    def story(i, seat, tile):
        if i == 5:
            return [Discard(1, "z5", riichi=True)]
        if i == 6:
            return [Discard(2, "s8", tsumogiri=True),
                    Win(1, parse_hand("m234p56799s23467s8"), 2, ("z1",), 30, 3, None, 3900,
                        (Yaku("立直", 1), Yaku("一発", 1), Yaku("平和", 1)), (0, 4900, -3900, 0))]
        return None

    events = [deal(hands)] + play(hands, {1: "z7", 5: "s7", 6: "s8"}, ["z1"], seed=2, stop=story)
    return game("riichi, ippatsu, ron", [events], (25000, 28900, 21100, 25000), (2, 1, 4, 3),
                ("5.0", "38.9", "-28.9", "-15.0"))


def draw_then_ron_game() -> Game:
    """East 1: the wall runs out, West alone tenpai on m3/m6 (all of them in the dead
    wall). East 1, 1 honba: East discards s6 and North wins with 翻牌 白."""
    first = ["m147p258s369z1234", "m258p369s147z5567", "m12345p456s789z11", "m178p147s258z1567"]
    tenpai = (-1000, -1000, 3000, -1000)
    events = [deal(first)] + play(first, {}, ["m3"] * 3 + ["m6"] * 4, seed=3)
    events.append(NoWin("荒牌平局", (None, None, parse_hand(first[2]), None), tenpai))
    second = [NOTEN[0], NOTEN[1], "m1469p1148s57z466", "m234p678s3345z555"]

    def story(i, seat, tile):
        if i == 4:  # 40 fu (20 + 10 closed ron + 8 concealed honour triplet) 1 han: 1,300
            return [Discard(0, "s6", tsumogiri=True),
                    Win(3, parse_hand("m234p678s3345z555s6"), 0, None, 40, 1, None, 1300,
                        (Yaku("翻牌 白", 1),), (-1600, 0, 0, 1600))]
        return None

    scores = tuple(25000 + change for change in tenpai)
    events2 = [deal(second, honba=1, scores=scores)] + play(second, {4: "s6"}, ["s3", "s6", "s6"], seed=4,
                                                            stop=story)
    return game("exhaustive draw, then ron", [events, events2], (22400, 24000, 28000, 25600), (4, 3, 1, 2),
                ("-27.6", "-16.0", "38.0", "5.6"))


SIMULATED = ("efficiency+calls", "betaori-push", "efficiency+calls", "betaori")


def main() -> None:
    from paipu.rules import Rule
    from paipu.simulate.batch import paipu_bytes

    for name, index, winds in (("simulated_hanchan.json", 29, 2), ("simulated_tonpuu.json", 7, 1)):
        (HERE / name).write_bytes(paipu_bytes(index, "sample", SIMULATED, Rule(winds=winds)))
    for name, make in [("tsumo.json", tsumo_game), ("riichi_ron.json", riichi_ron_game),
                       ("draw_then_ron.json", draw_then_ron_game)]:
        data = orjson.dumps(game_to_json(make()), option=orjson.OPT_INDENT_2)
        (HERE / name).write_bytes(data + b"\n")


if __name__ == "__main__":
    main()
