"""The text account of a game with what the rules engine derives where its log states
nothing: what ``paipu show`` prints.

The account itself is :func:`paipu.text.account` (``str(game)``: the game as its log states
it). A log that leaves out a win's value (an mjai ``hora``: no yaku, fu or han) or a
result's payments (mjai's optional ``deltas``) is replayed, and the account gives the
values the rules engine derives there, marked as derived.
"""

from __future__ import annotations

from .engine import replay
from .events import Game, NoWin, Win
from .observe import Observer, Step
from .text import Derived, account

__all__ = ["describe", "Derivations"]


class Derivations(Observer):
    """The observer of a replay that collects what the engine derived where the log
    states nothing (:class:`~paipu.text.Derived`); :meth:`result` is that of the last game."""

    def __init__(self) -> None:
        self.derived = Derived()

    def on_game_start(self, game: Game) -> None:
        self.derived = Derived()

    def on_win(self, step: Step) -> None:
        win: Win = step.event  # type: ignore[assignment]  # on_win's event
        result = getattr(step.expected, "result", None)
        where = (step.round_index, step.event_index or 0)
        if not win.states_value and result:
            self.derived.wins[where] = result
        if win.payments is None and result:
            self.derived.payments[where] = result.payments

    def on_no_win(self, step: Step) -> None:
        draw: NoWin = step.event  # type: ignore[assignment]  # on_no_win's event
        payments = getattr(step.expected, "payments", None)
        if draw.payments is None and payments is not None:
            self.derived.payments[(step.round_index, step.event_index or 0)] = payments

    def on_round_end(self, step: Step) -> None:
        if step.table is not None and step.round is not None and step.round.score_changes() is None:
            self.derived.scores[step.round_index] = list(step.table.scores)

    def result(self) -> Derived:
        return self.derived


def describe(game: Game) -> str:
    """The text account of a whole game (see the module): as its log states it, with the
    engine's values where the log states none."""
    derive = any(e.payments is None or (type(e) is Win and not e.states_value)
                 for r in game.rounds for e in r.results)
    return account(game, replay(game, Derivations()) if derive else None)
