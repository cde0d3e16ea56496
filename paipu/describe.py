"""A readable text account of a game: what ``paipu show`` prints and ``str(game)`` is.

Per round: its label (東1局0本場), the dealer, the riichi sticks on the table, the result
(winner, ron or tsumo and from whom, fu/han or yakuman, value, yaku, payments; or the
draw's reason and who was tenpai) and everybody's score after the round. Then the final
scores, ranks and points. Everything is as the log states it: nothing is re-derived,
except the value of a win whose log states none (an mjai ``hora``: no yaku, fu or han)
and payments a log does not state (mjai's optional ``deltas``), which the rules engine
derives and the account marks as derived; and what the log names (players, title, yaku,
draws) is written with its control
characters escaped (:func:`~paipu.limits.printable`), so that it cannot act on a terminal,
and cut to a readable length.
"""

from __future__ import annotations

from .events import Deal, Game, NoWin, Round, Win
from .limits import clip, printable
from .observe import Observer, walk
from .engine import Step, replay

__all__ = ["describe", "Account"]


def _shown(text: str, limit: int = 80) -> str:
    """A name from the log as the account writes it: escaped and cut (see the module)."""
    return printable(clip(text, limit))


def _value(win: Win) -> str:
    if win.yakuman:
        times = "" if win.yakuman == 1 else f" x{win.yakuman}"
        return f"yakuman{times}, {win.points}"
    fu = f"{win.fu} fu " if win.fu else ""
    return f"{fu}{win.han} han, {win.points}"


MAX_YAKU = 20
"""The most yaku entries of a win the account writes: no hand has more (its yaku and
yakuman, and the dora, red fives and ura dora as entries of their own, come to about a
dozen at most); the line of a log that lists more says how many it leaves out, and that
no hand has so many, instead of growing with them."""


def _yaku(win: Win) -> str:
    parts = []
    for yaku in win.yaku[:MAX_YAKU]:
        if yaku.yakuman:
            parts.append(_shown(yaku.name) + (" (double yakuman)" if yaku.yakuman == 2 else ""))
        elif yaku.han:
            parts.append(f"{_shown(yaku.name)} {yaku.han}")
    more = len(win.yaku) - MAX_YAKU
    if more > 0:
        parts.append(f"and {more:,} more entries: more than any hand has, the log is wrong")
    return ", ".join(parts)


class Account(Observer):
    """The observer of a walk that writes the text account of each game it sees (see the
    module); :meth:`result` is the text of the last game."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def on_game_start(self, game: Game) -> None:
        self.names = tuple(_shown(name.split("\n")[0]) for name in game.players)
        title = _shown(game.title.replace("\n", " "), 200)
        self.lines = [printable(game.source) or title]
        if game.source:
            self.lines.append(f"title: {title}")
        self.lines += [f"players: {', '.join(self.names)}; first dealer {self.names[game.first_dealer]}", ""]

    def _name_of(self, step: Step, seat: int) -> str:
        return self.names[step.round.player_of(seat)]  # type: ignore[union-attr]  # an event's step has its round

    def on_deal(self, step: Step) -> None:
        round_: Round = step.round  # type: ignore[assignment]  # an event's step has its round
        deal: Deal = step.event  # type: ignore[assignment]  # on_deal's event
        self.scores = [0] * len(self.names)
        for seat, score in enumerate(deal.scores):
            self.scores[round_.player_of(seat)] = score
        sticks = deal.riichi_sticks
        self.lines.append(f"{round_.label}  dealer {self._name_of(step, 0)}"
                          + (f", {sticks} riichi stick(s) on the table" if sticks else ""))

    def on_win(self, step: Step) -> None:
        win: Win = step.event  # type: ignore[assignment]  # on_win's event
        how = "tsumo" if win.is_tsumo else f"ron from {self._name_of(step, win.discarder)}"  # type: ignore[arg-type]  # a ron's
        if win.states_value:
            value = f"{_value(win)} ({_yaku(win)})"
        else:
            result = getattr(step.expected, "result", None)
            value = (f"not logged; derived {_value(result)} ({_yaku(result)})" if result
                     else "not logged")
        self.lines.append(f"  win: {self._name_of(step, win.seat)} by {how}: {value}")
        self._payments(step, win.payments, getattr(getattr(step.expected, "result", None), "payments", None))

    def on_no_win(self, step: Step) -> None:
        draw: NoWin = step.event  # type: ignore[assignment]  # on_no_win's event
        shown = [self._name_of(step, seat) for seat, hand in enumerate(draw.hands) if hand is not None]
        revealed = f"; hands shown: {', '.join(shown)}" if shown else ""
        self.lines.append(f"  draw: {_shown(draw.name)}{revealed}")
        self._payments(step, draw.payments, getattr(step.expected, "payments", None))

    def _payments(self, step: Step, payments: tuple[int, ...] | None, derived: tuple[int, ...] | None) -> None:
        """The payments as logged; when the log states none, the ``derived`` ones (the
        rules')."""
        what = "payments"
        if payments is None:
            what, payments = "payments not logged; derived", derived or ()
        if any(payments):
            round_ = step.round
            by_player = sorted((round_.player_of(seat), amount)  # type: ignore[union-attr]  # a result's step has its round
                               for seat, amount in enumerate(payments) if amount)
            self.lines.append(f"    {what}: " + ", ".join(f"{self.names[player]} {amount:+d}"
                                                           for player, amount in by_player))

    def on_round_end(self, step: Step) -> None:
        round_: Round = step.round  # type: ignore[assignment]  # a round end's step has its round
        if not round_.is_complete:
            self.lines.append("  (the log stops before the round ends)")
        riichi = [self._name_of(step, seat) for seat, paid in enumerate(round_.riichi_deposits()) if paid]
        if riichi:
            self.lines.append(f"  riichi: {', '.join(riichi)}")
        changes = round_.score_changes()
        if changes is None and step.table is not None:  # payments not logged: the table settled the rules'
            for seat, score in enumerate(step.table.scores):
                self.scores[round_.player_of(seat)] = score
        for seat, change in enumerate(changes or ()):
            self.scores[round_.player_of(seat)] += change
        self.lines.append("  scores after: " + ", ".join(f"{n} {s}" for n, s in zip(self.names, self.scores)))

    def on_game_end(self, step: Step) -> None:
        game, names = step.game, self.names
        self.lines.append("")
        if game.final_scores is None or game.ranks is None or game.points is None:
            holds_none = game.origin is not None and not game.origin.final_results
            self.lines.append("final results: not in the log " + (
                "(its format holds none)" if holds_none else "(the game is incomplete)"))
            return
        self.lines.append("final results:")
        for player in sorted(range(len(names)), key=game.ranks.__getitem__):
            self.lines.append(f"  {game.ranks[player]}. {names[player]}  {game.final_scores[player]}  "
                              f"({game.points[player]})")

    def result(self) -> str:
        return "\n".join(self.lines)


def describe(game: Game) -> str:
    """The text account of a whole game (see the module docstring): a walk of its events,
    or its replay when a win's value is to be derived."""
    derive = any(e.payments is None or (type(e) is Win and not e.states_value)
                 for r in game.rounds for e in r.results)
    text: str = replay(game, Account()) if derive else walk(game, Account())
    return text
