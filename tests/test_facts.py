"""The facts of the statistics read round by round (``paipu.facts``), against the corpora.

Whether a hand is ready at an exhaustive draw is told by the reference engine that played
the generated games: at 荒牌平局 its log shows the hand of every player who is ready (聴牌)
and only those (``pingju.shoupai``, empty for the others). The facts count each hand
from the deal through the round's events and ask for a wait; counted from the logged
events (``ready_at_end``) and followed tile by tile (``engine``), every hand shown must be
ready and every hand not shown not.
"""

from __future__ import annotations

import paipu
from paipu.events import NoWin
from paipu.facts import RoundFacts, ready_at_end

from conftest import corpus


def test_ready_at_end_is_whether_the_reference_engine_shows_the_hand() -> None:
    draws = 0
    for name in ("default.json.gz", "ikkyoku.json.gz", "no_kandora.json.gz"):
        for game in paipu.load(corpus("generated", name)):
            for round_ in game.rounds:
                ending = round_.events[-1]
                if not isinstance(ending, NoWin) or ending.name != "荒牌平局":
                    continue
                draws += 1
                shown = {seat: hand is not None for seat, hand in enumerate(ending.hands)}
                seats = list(shown)
                assert ready_at_end(round_, seats) == shown, (game.source, round_.label)
                followed = RoundFacts(round_, engine=True, every_turn=False)
                followed.read()
                assert followed.followed is not None
                assert followed.followed.ready_at_end(seats) == shown, (game.source, round_.label)
    assert draws > 100
