"""Tenhou's rules by date and room (paipu.formats.tenhou_rules): the eras at their
boundaries, the real logs that bound them, and the two corpus folders that need them."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from conftest import corpus
from paipu import load
from paipu.formats.tenhou_rules import ERAS, SANMA_ERAS, accepted_values, implied_rule, log_date
from paipu.game_rule import game_rule
from paipu.settlement import final_points
from paipu.rules import RedFives, Rule
from paipu.validation import validate_game

DAY = datetime.date
DECIMAL = ("20.0", "10.0", "-10.0", "-20.0")
EAST_2009 = ("10", "5", "-5", "-10")
SOUTH_2009 = ("20", "10", "-10", "-20")


FINAL_POINTS = {"final_scores_rounded", "rank_points"}
"""The fields of the final points (the end of the game's fields are tested below)."""


def _dated(date, hanchan):
    values, undetermined = implied_rule(date, hanchan=hanchan, kuitan=True, red=True)
    values = dict(values)
    return values["final_scores_rounded"], values["rank_points"], set(dict(undetermined)) & FINAL_POINTS


def _final_points_accepted(date, hanchan):
    return {name: values for name, values in accepted_values(date, hanchan=hanchan) if name in FINAL_POINTS}


def test_the_room_sets_length_kuitan_and_red_fives():
    values, _ = implied_rule(DAY(2020, 1, 1), hanchan=False, kuitan=False, red=False)
    assert dict(values) == {"winds": 1, "open_tanyao": False, "red_fives": RedFives(0, 0, 0),
                            "final_scores_rounded": True, "rank_points": DECIMAL,
                            "tenpai_stop": True, "overtime_winds": 1}
    values, _ = implied_rule(DAY(2020, 1, 1), hanchan=True, kuitan=True, red=True)
    assert dict(values)["winds"] == 2 and dict(values)["open_tanyao"]
    assert dict(values)["red_fives"] == RedFives(1, 1, 1)


@pytest.mark.parametrize("date, rounded, undetermined", [
    (DAY(2009, 3, 4), True, set()),                      # first log with rounded scores
    (DAY(2022, 1, 1), True, set()),                      # last one
    (DAY(2022, 1, 2), False, {"final_scores_rounded"}),  # the gap: either is accepted
    (DAY(2022, 5, 31), False, {"final_scores_rounded"}),
    (DAY(2022, 6, 1), False, set()),                     # first log with exact scores
    (DAY(2023, 11, 26), False, set()),                   # last one
])
def test_rounding_of_final_scores_by_date(date, rounded, undetermined):
    for hanchan in (False, True):
        assert _dated(date, hanchan)[0] is rounded
        assert _dated(date, hanchan)[2] & {"final_scores_rounded"} == undetermined


@pytest.mark.parametrize("date, rank_points, undetermined", [
    (DAY(2009, 3, 4), EAST_2009, set()),
    (DAY(2009, 3, 7), EAST_2009, set()),
    (DAY(2009, 3, 8), DECIMAL, {"rank_points"}),   # no 東風 log until 2020: either uma
    (DAY(2019, 12, 31), DECIMAL, {"rank_points"}),
    (DAY(2020, 1, 1), DECIMAL, set()),
])
def test_east_only_rank_points_by_date(date, rank_points, undetermined):
    _, points, names = _dated(date, False)
    assert points == rank_points and names == undetermined


def test_east_south_rank_points_by_date():
    assert _dated(DAY(2009, 3, 7), True)[1:] == (SOUTH_2009, set())
    assert _dated(DAY(2010, 1, 1), True)[1:] == (DECIMAL, {"rank_points"})
    assert _dated(DAY(2010, 8, 17), True)[1:] == (DECIMAL, set())


def test_outside_the_evidence_every_era_is_accepted():
    for date in (None, DAY(2008, 12, 31), DAY(2023, 11, 27)):
        assert _dated(date, False)[2] == {"final_scores_rounded", "rank_points"}
    assert _final_points_accepted(DAY(2008, 12, 31), False) == {
        "final_scores_rounded": (True, False), "rank_points": (EAST_2009, DECIMAL)}
    assert _final_points_accepted(None, False) == {
        "final_scores_rounded": (False, True), "rank_points": (DECIMAL, EAST_2009)}
    assert _final_points_accepted(DAY(2022, 3, 1), True) == {
        "final_scores_rounded": (False, True), "rank_points": (DECIMAL,)}


def test_log_date_reads_the_log_id():
    assert log_date("四鳳東喰赤速\n2009030422gm-00e1-0000-34c2314d") == DAY(2009, 3, 4)
    assert log_date("2022060400gm-0001-0000-d6c5c8e7&tw=3.mjlog") == DAY(2022, 6, 4)
    assert log_date("四鳳南喰赤") is None
    assert log_date("2022139900gm-00a9-0000-00000000") is None  # month 13
    assert log_date("12022010100gm-00a9") is None  # not a log id: eleven digits


# The logs that bound each era (ERAS) in ../shared/corpora, by (field, hanchan, era index):
# the first and the last. The date of each is the era's first or last date, its points are
# Tenhou's under the era's value (exactly, as written), and under any other era's value
# they are not — except the first rounded log (UNTELLING): with the integer rank points of
# 2009, rounding each score first or only the point (halves up) differ for a negative
# score ending in 500 alone, and no 2009 log has one.
MJLOG = "tenhou-mjlog/"
BOUNDS = {
    ("rank_points", False, 0): (MJLOG + "thewaxmango-2009-03/2009030422gm-00e1-0000-34c2314d.mjlog",
                                MJLOG + "thewaxmango-2009-03/2009030721gm-00e1-0000-7d2e4245.mjlog"),
    ("rank_points", False, 1): (MJLOG + "agony5757-mahjong-paipuxmls/2020010100gm-00e1-0000-09a090c4.mjlog",
                                "majiang/mahjonglm/2023012721gm-00e1-0000-72b6b9d6.json"),
    ("rank_points", True, 0): (MJLOG + "thewaxmango-2009-03/2009030701gm-00a9-0000-0dfd07b3.mjlog",) * 2,
    ("rank_points", True, 1): (MJLOG + "mjx-tests/2010081709gm-00a9-0000-fe3371ad.mjlog",
                               "majiang/mahjonglm/2023112600gm-00a9-0000-1bc26cca.json"),
    ("final_scores_rounded", False, 0): (MJLOG + "thewaxmango-2009-03/2009030422gm-00e1-0000-34c2314d.mjlog",
                                         MJLOG + "thewaxmango-2022-01/2022010121gm-00a9-0000-de3e8657.mjlog"),
    ("final_scores_rounded", True, 1): (MJLOG + "mjx-suphnx-2022/2022060100gm-00a9-0000-01481d95.mjlog",
                                        "majiang/mahjonglm/2023112600gm-00a9-0000-1bc26cca.json"),
}
UNTELLING = {("final_scores_rounded", MJLOG + "thewaxmango-2009-03/2009030422gm-00e1-0000-34c2314d.mjlog")}


@pytest.mark.parametrize("era, end, path", [(era, end, path) for era, paths in BOUNDS.items()
                                             for end, path in zip(("first", "last"), paths)])
def test_each_era_is_bounded_by_a_real_log(era, end, path):
    name, hanchan, index = era
    (game,) = list(load(corpus(*path.split("/"))))
    eras = ERAS[(name, hanchan)]
    assert log_date(path) == getattr(eras[index], end)
    values = dict(implied_rule(log_date(path), hanchan=hanchan, kuitan=True, red=True)[0])

    def points(value):
        rule = values | {name: value}
        return final_points(list(game.final_scores), list(game.ranks), rule["rank_points"],
                            rule["final_scores_rounded"])

    assert points(eras[index].value) == game.points
    others = [points(other.value) for other in eras if other is not eras[index]]
    assert all(other != game.points for other in others) is ((name, path) not in UNTELLING)


def test_thirty_three_thousand_five_hundred_counted_as_thirty_four_in_2009():
    # 2009030701gm-00a9-0000-0dfd07b3: second place 33,500 → "14" (34 - 30 + 10): halves
    # away from zero, as in 2020-2022, not halves towards 30,000 ("13").
    (game,) = list(load(corpus("tenhou-mjlog", "thewaxmango-2009-03", "2009030701gm-00a9-0000-0dfd07b3.mjlog")))
    second = game.ranks.index(2)
    assert (game.final_scores[second], game.points[second]) == (33500, "14")


@pytest.mark.parametrize("folder", ["tenhou-mjlog", "tenhou-as-majiang"])
@pytest.mark.parametrize("source, count", [("thewaxmango-2009-03", 36), ("thewaxmango-2022-01", 129)])
def test_the_new_phoenix_folders_validate_under_the_rules_of_their_date(folder, source, count):
    games = list(load(corpus(folder, source)))
    assert len(games) == count
    assert [str(f) for game in games for f in validate_game(game, "tenhou")] == []


def test_a_2009_east_only_game_is_checked_with_the_uma_of_2009():
    (game,) = list(load(corpus("tenhou-as-majiang", "thewaxmango-2009-03", "2009030422gm-00e1-0000-34c2314d.json.gz")))
    rule = game_rule(game, Rule.preset("tenhou"))
    assert (rule.winds, rule.rank_points, rule.final_scores_rounded) == (1, EAST_2009, True)


# Real logs that show today's end of the game (docs/tenhou-rules.md): a game of each ends
# where the other value would have it go on. By (path, field, the other value).
END_OF_GAME = [
    # 東風, 南4局 won by a non-dealer, the top at 28,500: the end (the last evidence of the limit)
    (MJLOG + "thewaxmango-2022-01/2022010107gm-00e1-0000-2153c673.mjlog", "overtime_winds", 2),
    # 南4局, the dealer tenpai and top at 54,300: the end by the tenpai stop
    (MJLOG + "agony5757-mahjong-paipuxmls/2020010100gm-00a9-0000-45ea0ff1.mjlog", "tenpai_stop", False),
    # three players, 南3局, the dealer tenpai and top at 47,200
    (MJLOG + "agony5757-mahjong-paipuxmls/2020010115gm-00b9-0000-610cb431.mjlog", "tenpai_stop", False),
]


@pytest.mark.parametrize("path, field, other", END_OF_GAME, ids=[field for _, field, _ in END_OF_GAME])
def test_real_logs_end_by_the_rule_of_their_date(path, field, other):
    (game,) = list(load(corpus(*path.split("/"))))
    eras = (ERAS if len(game.players) == 4 else SANMA_ERAS)[(field, dict(game.origin.rule)["winds"] == 2)]
    era = next(era for era in eras if era.first <= log_date(path) <= era.last)
    assert era.values == (dict(game.origin.rule)[field],) and other not in era.values
    assert [str(f) for f in validate_game(game)] == []
    # the same log read as if the date gave the other value: it ends too early
    pinned = dataclasses.replace(game, origin=dataclasses.replace(
        game.origin, rule=tuple((name, other if name == field else value) for name, value in game.origin.rule)))
    assert [f.check for f in validate_game(pinned)] == ["game.rounds"]
