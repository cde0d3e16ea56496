"""Tenhou's end of the game by era (docs/tenhou-rules.md), on hand-made mjlog games:
the all-last dealer playing on after a tenpai draw (no テンパイ止め until 2010), in the
South extension too, an East-only game going on into the West round (March 2009), the
three-player all-last.
Under a date inside the evidence the rule of that date decides (the other outcome is a
finding); under a date outside it both outcomes are accepted and the game is counted
loose.

Every round of these games is an exhaustive draw: each player draws and discards the tile
drawn until the wall is empty; the hands are fixed, one shape tenpai (a tanki wait), one
noten. Scores, honba, final points are worked out here from Tenhou's rules: the noten
penalty is 3,000 (2,000 with three players) shared by the tenpai players and paid by the
noten ones; the deal passes when the dealer is noten; honba grow at every draw."""

from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass, replace

import pytest

from paipu import Observer
from paipu.defence import defence
from paipu.engine import PastTheEndWarning, replay
from paipu.formats.tenhou_xml import game_from_mjlog
from paipu.validation import validate_file, validate_game

TENPAI_4 = "m1 m2 m3 m4 m5 m6 m7 m8 m9 p1 p2 p3 p9"  # waits on p9
NOTEN = "m1 m9 p1 p9 s4 s6 s8 z1 z2 z3 z5 z6 z7"
TENPAI_3 = "p1 p2 p3 p4 p5 p6 p7 p8 p9 s1 s2 s3 s9"  # three players: no m2-m8; waits on s9
KINDS = [f"{suit}{number}" for suit in "mps" for number in range(1, 10)] + [f"z{number}" for number in range(1, 8)]
SANMA_GONE = {f"m{number}" for number in range(2, 9)}

EAST_ONLY = 0xA3     # 四鳳東喰 (no red fives: 0x02)
SANMA_EAST = 0xB3    # 三鳳東喰

INSIDE = datetime.date(2009, 3, 9)    # the logs of 2009-03-08..10: no tenpai stop, 東風 overtime into West
OUTSIDE = datetime.date(2010, 8, 1)   # between Tenhou's announcement (2010-05-18) and its rule in force (2011-05-11)


@dataclass(frozen=True)
class DrawnRound:
    """One round: its number (0 = 東1局, 4 = 南1局, 8 = 西1局), honba, and the player ids
    tenpai at its exhaustive draw."""

    number: int
    honba: int
    tenpai: frozenset[int]
    riichi: int | None = None
    """A tenpai player id that declares riichi with its first discard (its stick stays on
    the table: only in a game's last round, the stick then going to the top)."""


def _draws(players: int, tenpai_by_round: list[tuple[int, ...]]) -> list[DrawnRound]:
    """The rounds of a game of exhaustive draws, first dealer player 0: each round's tenpai
    players given, the next round by Tenhou's rules (the deal stays when its dealer is
    tenpai; honba grow at every draw)."""
    rounds, number, honba = [], 0, 0
    for tenpai in tenpai_by_round:
        rounds.append(DrawnRound(number, honba, frozenset(tenpai)))
        if number % 4 % players not in tenpai:  # the dealer (player id = hand number) is noten
            number += 1 if players == 4 else (1 if number % 4 < 2 else 2)  # three players: 東1-3局
        honba += 1
    return rounds


def _penalty(players: int, tenpai: frozenset[int]) -> list[int]:
    """The noten penalty by player id: 3,000 (2,000 with three) from the noten players to
    the tenpai ones, shared equally; nothing when all or none are tenpai."""
    total = 3000 if players == 4 else 2000
    if len(tenpai) in (0, players):
        return [0] * players
    return [total // len(tenpai) if p in tenpai else -total // (players - len(tenpai)) for p in range(players)]


def _ids(kinds: list[str], used: set[int]) -> list[int]:
    """Tenhou tile ids (4 per kind, kind order m1..m9 p1..p9 s1..s9 z1..z7) for ``kinds``,
    each the first copy not yet ``used``."""
    ids = []
    for kind in kinds:
        base = KINDS.index(kind) * 4
        tile = next(base + copy for copy in range(4) if base + copy not in used)
        used.add(tile)
        ids.append(tile)
    return ids


def _round_xml(players: int, draw: DrawnRound, scores: list[int]) -> tuple[str, list[int]]:
    """One round as mjlog tags and the scores after it. The wall: simples first (so that
    nobody's discards are all terminals and honours: no 流し満貫), Norths last (unused)."""
    used: set[int] = set()
    dealer = draw.number % 4
    hands = {p: _ids((TENPAI_4 if players == 4 else TENPAI_3).split() if p in draw.tenpai else NOTEN.split(), used)
             for p in range(players)}
    gone = SANMA_GONE if players == 3 else set()
    rest = [tile for tile in range(136) if tile not in used and KINDS[tile // 4] not in gone]
    rest.sort(key=lambda tile: (KINDS[tile // 4] == "z4", KINDS[tile // 4][0] == "z" or KINDS[tile // 4][1] in "19"))
    wall, dora = rest[:-14], rest[-1]  # the live wall; the dead wall's 14 (its last the dora indicator)
    tens = ",".join(str(score // 100) for score in scores + [0] * (4 - players))
    hai = " ".join(f'hai{p}="{",".join(map(str, hands.get(p, [])))}"' for p in range(4))
    tags = [f'<INIT seed="{draw.number},{draw.honba},0,0,0,{dora}" ten="{tens}" oya="{dealer}" {hai}/>']
    for turn, tile in enumerate(wall):
        player = (dealer + turn) % players
        declares = player == draw.riichi and turn < players  # its first discard
        tags.append(f"<{'TUVW'[player]}{tile}/>" + (f'<REACH who="{player}" step="1"/>' if declares else "")
                    + f"<{'DEFG'[player]}{tile}/>" + (f'<REACH who="{player}" step="2"/>' if declares else ""))
    if draw.riichi is not None:
        scores = [score - 1000 * (p == draw.riichi) for p, score in enumerate(scores)]
    paid = _penalty(players, draw.tenpai)
    after = [score + change for score, change in zip(scores, paid)]
    sc = ",".join(f"{score // 100},{change // 100}" for score, change in zip(scores + [0] * (4 - players),
                                                                            paid + [0] * (4 - players)))
    shown = " ".join(f'hai{p}="{",".join(map(str, hands[p]))}"' for p in sorted(draw.tenpai))
    tags.append(f'<RYUUKYOKU ba="{draw.honba},{int(draw.riichi is not None)}" sc="{sc}" {shown}/>')
    return "".join(tags), after


def _mjlog(rule_type: int, players: int, rounds: list[DrawnRound], points: list[str]) -> bytes:
    """A whole game as an mjlog, its final results (``owari``) from the scores after the
    last round and the given ``points`` (by player id)."""
    scores = [25000 if players == 4 else 35000] * players
    body = []
    for draw in rounds:
        tags, scores = _round_xml(players, draw, scores)
        body.append(tags)
    if rounds[-1].riichi is not None:  # the stick left on the table goes to the top
        scores[scores.index(max(scores))] += 1000
    owari = ",".join(f"{score // 100},{point}" for score, point in zip(scores + [0] * (4 - players),
                                                                        points + ["0"] * (4 - players)))
    body[-1] = body[-1][:-len("/>")] + f' owari="{owari}"/>'  # on the last RYUUKYOKU
    names = " ".join(f'n{p}="P{p}"' for p in range(players))
    return (f'<mjloggm ver="2.3"><GO type="{rule_type}" lobby="0"/>'
            f'<UN {names} dan="16,16,16,16" rate="2000,2000,2000,2000" sx="M,M,M,M"/>'
            f'<TAIKYOKU oya="0"/>{"".join(body)}</mjloggm>').encode()


def _game(data: bytes, day: datetime.date):
    """The game of an mjlog whose log id carries ``day``."""
    log_id = f"{day:%Y%m%d}00gm-00a1-0000-00000000"
    return game_from_mjlog(data, log_id, f"{log_id}.mjlog#0")


def _scores_after(players: int, rounds: list[DrawnRound]) -> list[int]:
    """The scores by player id after ``rounds``, from the starting points and the penalties."""
    scores = [25000 if players == 4 else 35000] * players
    for draw in rounds:
        scores = [score + change for score, change in zip(scores, _penalty(players, draw.tenpai))]
    return scores


# -- the games ---------------------------------------------------------------------------
#
# East-only, the all-last dealer tenpai and top: 東1局 p1 tenpai (p0 24,000, p1 28,000,
# p2 24,000, p3 24,000); 東2局 p3 (23, 27, 23, 27); 東3局 p3 (22, 26, 22, 30); 東4局3本場
# the dealer p3 tenpai (21, 25, 21, 33): top with 33,000. With the tenpai stop the game ends
# there (ranks p3, p1, p0, p2: ties to the seat nearer the first dealer); points by the
# rank points 20/10/-10/-20 of 2020 on (the 東風 points of 2009-03-08..2019 are
# undetermined, either accepted): p1 25 → -5 + 10 = 5, p0 21 → -9 - 10 = -19,
# p2 21 → -9 - 20 = -29, p3 takes 43. Without it the dealer plays on: 東4局4本場, p1
# tenpai (20, 28, 20, 32), the deal passes after the last hand with p3 at 32,000: the end;
# p1 -2 + 10 = 8, p0 -10 - 10 = -20, p2 -30, p3 42.
ALL_LAST_STOPS = ([(1,), (3,), (3,), (3,)], ["-19.0", "5.0", "-29.0", "43.0"])
ALL_LAST_PLAYS_ON = ([(1,), (3,), (3,), (3,), (1,)], ["-20.0", "8.0", "-30.0", "42.0"])

# The same in the South extension (every hand of it an all-last): 東1局 the dealer p0
# tenpai (28, 24, 24, 24), 東1局1本場 p1 (27, 27, 23, 23), 東2局 p0 (30, 26, 22, 22),
# 東3局 p3 (29, 25, 21, 25), 東4局 p1 (28, 28, 20, 24): nobody at 30,000, 南入. 南1局 the
# dealer p0 tenpai (31, 27, 19, 23): top with 31,000. With the tenpai stop: the end
# (ranks p0, p1, p3, p2; p1 -3 + 10 = 7, p3 -7 - 10 = -17, p2 -11 - 20 = -31, p0 41).
# Without: 南1局1本場, p1 tenpai (30, 30, 18, 22): the deal passes, p0 at 30,000 (first on
# the tie, nearer the first dealer): the end (p1 10, p3 -18, p2 -32, p0 40).
_EXTENSION = [(0,), (1,), (0,), (3,), (1,), (0,)]
EXTENSION_STOPS = (_EXTENSION, ["41.0", "7.0", "-31.0", "-17.0"])
EXTENSION_PLAYS_ON = (_EXTENSION + [(1,)], ["40.0", "10.0", "-32.0", "-18.0"])

# East-only into the West round: one non-dealer tenpai per round in turn, nobody reaches
# 30,000: after 東4局 all at 25,000 (南入), after 南4局 all at 25,000 again. Today's
# limit ends the game there (ranks by seat: p0 35, p1 -5 + 10 = 5, p2 -15, p3 -25). In
# March 2009 it went on: 西1局 p2 tenpai (24, 24, 28, 24), 西2局 p2 again (23, 23, 31,
# 23): p2 at 31,000, the end (p0 -7 + 10 = 3, p1 -17, p3 -27, p2 41).
_ROTATION = [(1,), (2,), (3,), (0,)] * 2
SOUTH_ENDS = (_ROTATION, ["35.0", "5.0", "-15.0", "-25.0"])
INTO_WEST = (_ROTATION + [(2,), (2,)], ["3.0", "-17.0", "41.0", "-27.0"])

# Three players, East-only (東1-3局, 35,000 start, 40,000 returned, 2,000 penalty, rank
# points 0 / -20): 東1局 p2 tenpai (34, 34, 37), 東2局 p2 (33, 33, 39), 東3局2本場 the
# dealer p2 tenpai (32, 32, 41): top with 41,000. With the tenpai stop: the end (p0
# -8 + 0, p1 -8 - 20 = -28, p2 36). Without: 東3局3本場, p0 tenpai (34, 31, 40): p2
# top at 40,000 after the last hand: the end (p0 -6, p1 -29, p2 35).
SANMA_STOPS = ([(2,), (2,), (2,)], ["-8.0", "-28.0", "36.0"])
SANMA_PLAYS_ON = ([(2,), (2,), (2,), (0,)], ["-6.0", "-29.0", "35.0"])

CASES = {
    # name: (GO type, players, the outcome of March 2009, the outcome of today's rule,
    #        the field, its value of March 2009, today's)
    "all-last dealer tenpai": (EAST_ONLY, 4, ALL_LAST_PLAYS_ON, ALL_LAST_STOPS, "tenpai_stop", False, True),
    "South-extension dealer tenpai": (EAST_ONLY, 4, EXTENSION_PLAYS_ON, EXTENSION_STOPS, "tenpai_stop", False, True),
    "East-only into West": (EAST_ONLY, 4, INTO_WEST, SOUTH_ENDS, "overtime_winds", 2, 1),
    "three-player all-last": (SANMA_EAST, 3, SANMA_PLAYS_ON, SANMA_STOPS, "tenpai_stop", False, True),
}


def _log(case: str, outcome: str) -> bytes:
    """The mjlog of a case with the ``outcome`` of March 2009 (``"2009"``) or today's."""
    rule_type, players, old, new = CASES[case][:4]
    tenpai, points = old if outcome == "2009" else new
    return _mjlog(rule_type, players, _draws(players, tenpai), points)


def _accepted(game, field: str) -> tuple:
    """The values of ``field`` the game's date allows (one unless undetermined)."""
    return dict(game.origin.undetermined).get(field) or (dict(game.origin.rule)[field],)


@pytest.mark.parametrize("case", CASES)
def test_the_hand_made_games_are_what_they_say(case):
    """The games read back as built: their rounds, and final scores that follow from the
    draws (worked out above)."""
    rule_type, players, old, new = CASES[case][:4]
    for outcome, (tenpai, _) in (("2009", old), ("today", new)):
        rounds = _draws(players, tenpai)
        game = _game(_log(case, outcome), INSIDE)
        assert len(game.players) == players and len(game.rounds) == len(rounds)
        assert list(game.final_scores) == _scores_after(players, rounds)
    assert [r.label for r in _game(_log("East-only into West", "2009"), INSIDE).rounds][-3:] == [
        "南4局7本場", "西1局8本場", "西2局9本場"]
    assert [r.label for r in _game(_log("all-last dealer tenpai", "2009"), INSIDE).rounds][-2:] == [
        "東4局3本場", "東4局4本場"]
    assert [r.label for r in _game(_log("South-extension dealer tenpai", "2009"), INSIDE).rounds][-2:] == [
        "南1局5本場", "南1局6本場"]
    assert [r.label for r in _game(_log("three-player all-last", "2009"), INSIDE).rounds][-2:] == [
        "東3局2本場", "東3局3本場"]


@pytest.mark.parametrize("case", CASES)
def test_inside_the_evidence_the_rule_of_the_date_decides(case):
    """On 2009-03-09 the rule of March 2009 decides: its outcome is valid, and a game that
    stops where that rule goes on is missing rounds (``game.rounds``)."""
    field, then, today = CASES[case][4:]
    kept = _game(_log(case, "2009"), INSIDE)
    assert then in _accepted(kept, field) and today not in _accepted(kept, field)
    assert [str(f) for f in validate_game(kept)] == []
    stopped = _game(_log(case, "today"), INSIDE)
    assert [(f.check, f.message) for f in validate_game(stopped)] == [
        ("game.rounds", "the game does not end here: round(s) missing")]


@pytest.mark.parametrize("case", CASES)
def test_under_todays_rule_playing_on_is_the_finding(case):
    """On 2020-01-01, inside the evidence of today's rule (the tenpai stop: 2011-2023; the
    East-only limit: 2011-2022), the game that stops is valid and the one that plays on is
    reported once, at the first round after the end: its final results are those of its
    own last round (the replay carries on from what the log states)."""
    field, then, today = CASES[case][4:]
    day = datetime.date(2020, 1, 1)
    stopped, played_on = _game(_log(case, "today"), day), _game(_log(case, "2009"), day)
    assert _accepted(stopped, field) == (today,)
    assert [str(f) for f in validate_game(stopped)] == []
    findings = validate_game(played_on)
    end = len(stopped.rounds)
    assert [(f.check, f.round, f.expected, f.logged) for f in findings] == [
        ("game.rounds", played_on.rounds[end].label, end, len(played_on.rounds))]


@pytest.mark.parametrize("case", CASES)
def test_outside_the_evidence_both_outcomes_are_accepted_and_counted_loose(case, tmp_path):
    """On 2010-08-01 (after Tenhou announced the tenpai stop, before a source shows it in
    force; after the East-only games of March 2009, before the blog of 2011) both outcomes
    are valid, and the report counts the game as checked loosely."""
    field, then, today = CASES[case][4:]
    for outcome in ("2009", "today"):
        data = _log(case, outcome)
        game = _game(data, OUTSIDE)
        assert {then, today} <= set(_accepted(game, field))
        assert [str(f) for f in validate_game(game)] == [], outcome
        path = tmp_path / f"{game.origin.id}-{outcome}.mjlog"
        path.write_bytes(data)
        report = validate_file(str(path))
        assert (report.games, report.valid, report.loose, report.findings) == (1, 1, 1, ()), outcome


class _Seen(Observer):
    """Which rounds a replay shows an observer: the deals, and the discards of each round."""

    def __init__(self) -> None:
        self.deals: list[int] = []
        self.discards: Counter[int] = Counter()

    def on_deal(self, step) -> None:
        self.deals.append(step.round_index)

    def on_discard(self, step) -> None:
        self.discards[step.round_index] += 1

    def result(self) -> tuple[list[int], Counter[int]]:
        return self.deals, self.discards


def test_the_rounds_after_the_end_the_rules_give_are_replayed_and_rated():
    """The all-last game that plays on, dated 2020 (today's rule ends it after 東4局3本場),
    with p1 declaring riichi on its first discard of 東4局4本場 (24,000 after its stick; the
    draw: p1 +3,000, the others -1,000: 20, 27, 20, 32; the stick to the top p3, 33,000;
    points p1 -3 + 10 = 7, p0 -20, p2 -30, p3 43). The end is reported once; every logged
    round reaches a replay observer, all 70 discards of each; paipu.defence rates the
    discards facing that riichi (dealer p3 first: p1 declares at turn 2, and every later
    turn but p1's own faces it), with a warning naming the game."""
    rounds = _draws(4, ALL_LAST_PLAYS_ON[0])
    rounds[-1] = replace(rounds[-1], riichi=1)
    game = _game(_mjlog(EAST_ONLY, 4, rounds, ["-20.0", "7.0", "-30.0", "43.0"]), datetime.date(2020, 1, 1))
    assert game.final_scores == (20000, 27000, 20000, 33000)
    assert [(f.check, f.round) for f in validate_game(game)] == [("game.rounds", "東4局4本場")]
    deals, discards = replay(game, _Seen())
    assert deals == [0, 1, 2, 3, 4] and [discards[index] for index in deals] == [70] * 5
    facing = sum(1 for turn in range(3, 70) if turn % 4 != 2)  # turn % 4 == 2: p1's turns
    with pytest.warns(PastTheEndWarning, match=re.escape(game.source)):
        rated = defence(game)
    assert len(rated.discards) == facing == 51
    assert set(rated.threats["round"]) == {4} and set(rated.threats["opponent"]) == {(1 - 3) % 4}
