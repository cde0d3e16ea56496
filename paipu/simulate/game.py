"""The driver: whole games played by four :class:`~paipu.simulate.players.Player`\\ s on
paipu's own engine.

Each round is dealt from a seeded :class:`~paipu.simulate.wall.Wall` and played on a
:class:`~paipu.table.Table` through its actions, in the order of 電脳麻将's game engine
(``Majiang.Game``): a draw, the player's turn (a win by self-draw, 九種九牌, kans with
their replacement draws, then a discard), the other players' answers to the discard
(rons first, in turn order from the discarder, as many as the rule's 最大同時和了数 — three
are 三家和 under 2 — then the abortive draws 四家立直, 四風連打, 四開槓 and the exhaustive
draw, then a pon or open kan before a chi). A kan's new dora indicator is turned when the
engine turns it (a closed kan, or any kan without カンドラ後乗せ, right after the
replacement draw; an open or added kan with the next discard, or at the next kan). Wins
are scored and draws settled by :mod:`paipu.checks`; the standing, the next deal and the
end of the game come from :mod:`paipu.settlement`. What comes out is a
:class:`~paipu.events.Game` carrying its rule, which :mod:`paipu.formats.majiang` writes as
電脳麻将 paipu JSON.

The same seed gives the same game: the walls and the first dealer come from one
:class:`random.Random` seeded with it, and a player's own choices from the generator it
was made with.
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from .. import checks
from ..danger import SafeKinds
from ..events import Call, Deal, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NoWin, Round, Win
from ..rules import MAJIANG, Rule, RuleSpec
from ..settlement import Standing, final_results, game_ends, keeps_deal
from ..table import Table
from ..tiles import HandNotation
from .options import claim_options, scored_win, turn_options
from .players import Player, View
from .wall import Wall

__all__ = ["simulate", "SimulationError"]


class SimulationError(RuntimeError):
    """A player chose something it was not offered."""


def simulate(players: Sequence[Player], rule: RuleSpec = MAJIANG, seed: int | str = 0,
             title: str | None = None) -> Game:
    """One whole game of ``players`` (by player id; the first dealer is drawn) under
    ``rule`` (a :class:`~paipu.rules.Rule` or anything :meth:`Rule.get` takes), its walls
    shuffled from ``seed``."""
    if len(players) != 4:
        raise ValueError(f"the simulator plays four-player games, not {len(players)} players")
    rule = Rule.get(rule)
    if rule.players != 4:
        raise ValueError(f"the simulator plays four-player rules, not a rule for {rule.players} players")
    rng = random.Random(f"paipu.simulate {seed}")
    first_dealer = rng.randrange(4)
    standing = Standing([rule.starting_points] * 4)
    last_hand = 0 if rule.winds == 0 else rule.winds * 4 - 1
    rounds: list[Round] = []
    while True:
        dealer = (first_dealer + standing.hand_number) % 4
        wall = Wall(rule, rng)
        hands = wall.deal()
        deal = Deal(standing.round_wind, standing.hand_number, standing.honba, standing.sticks,
                    tuple(standing.scores[(dealer + seat) % 4] for seat in range(4)), wall.dora_indicator(0),
                    tuple(HandNotation.from_tiles(hand) for hand in hands))
        play = _Round(rule, deal, wall, [players[(dealer + seat) % 4] for seat in range(4)])
        table = play.play()
        round_ = Round(tuple(play.events), first_dealer, 4)
        rounds.append(round_)
        renchan, no_game = keeps_deal(rule, table)
        payments = cast("list[tuple[int, ...]]", [result.payments for result in table.results])  # the rules' own
        standing.settle(round_, tuple(table.deposits), payments, renchan, type(table.results[0]) is Win)
        ends, last_hand = game_ends(rule, standing, first_dealer, dealer, last_hand, renchan, no_game,
                                    type(table.results[0]) is Win)
        if ends:
            break
    scores, ranks, points = final_results(rule, standing, first_dealer)
    return Game(title if title is not None else f"paipu simulate {seed}", tuple(p.name for p in players),
                first_dealer, tuple(rounds), scores, ranks, points, rule=rule.to_json())


class _Round:
    """One round being played: the table, the events so far, the wall, the players by seat."""

    def __init__(self, rule: Rule, deal: Deal, wall: Wall, players: list[Player]) -> None:
        self.rule = rule
        self.table = Table(rule, deal)
        self.events: list[Event] = [deal]
        self.wall = wall
        self.players = players
        self.safe = SafeKinds(4)
        self.views = [View(seat, self.table, self.safe, rule) for seat in range(4)]
        self.calls: list[Call] = []  # the calls answered to the last discard

    def play(self) -> Table:
        """Play the round to its end; the table, its ``results`` set."""
        seat: int | None = 0
        draw = True
        while seat is not None:
            if draw:
                tile = self.wall.draw()
                self._push(Draw(seat, tile))
                self.table.draw(seat, tile)
            seat, draw = self._turn(seat)
        return self.table

    # -- events ------------------------------------------------------------------------

    def _push(self, event: Event) -> None:
        """Log ``event``."""
        self.events.append(event)

    def _ura(self) -> tuple[str, ...]:
        return self.wall.ura_indicators(len(self.table.dora_indicators))

    def _reveal(self) -> None:
        """Turn the kan dora indicators due now (開槓, :meth:`Table.dora_due_now`)."""
        for _ in range(self.table.dora_due_now()):
            indicator = self.wall.dora_indicator(len(self.table.dora_indicators))
            self._push(DoraReveal(indicator))
            self.table.reveal_dora(indicator)

    def _end(self, draw: NoWin, previous: Event) -> None:
        """End the round with ``draw``, which must be the draw the rules give here."""
        expected = checks.expected_draw(self.table, draw, previous, self.rule)
        if expected.name != draw.name:  # pragma: no cover - the options offer only legal draws
            raise SimulationError(f"{draw.name} is not a draw here (the rules give {expected.name})")
        self._push(draw)
        self.table.no_win(draw)

    def _draw_after(self, discard: Discard) -> NoWin | None:
        """The draw that ends the round after ``discard`` nobody won on, if any: an abortive
        draw or the exhaustive draw, tenpai hands shown."""
        table = self.table
        seats = range(len(table.hands))
        probe = NoWin("", (None,) * len(table.hands), (0,) * len(table.hands))
        expected = checks.expected_draw(table, probe, discard, self.rule)
        if expected.name is None:
            return None
        shown = tuple(table.hands[seat].to_notation()
                      if expected.shown[seat] or (expected.shown[seat] is None and expected.tenpai[seat]) else None
                      for seat in seats)
        return NoWin(expected.name, shown, expected.payments)

    # -- a turn ----------------------------------------------------------------------------

    def _turn(self, seat: int) -> tuple[int | None, bool]:
        """``seat``'s turn, from its draw (or call) to its discard and the answers to it:
        the next seat to play and whether it draws first, or ``None`` at the round's end."""
        table, rule = self.table, self.rule
        while True:
            options = turn_options(table, seat, self.events, rule, self._ura())
            player = self.players[seat]
            choice = player.turn(self.views[seat], options)
            if choice not in options:
                raise SimulationError(f"{player.name} chose {choice!r}, which was not offered")
            if type(choice) is Win:
                self._push(choice)
                table.win(choice)
                return None, False
            if type(choice) is NoWin:
                self._end(choice, self.events[-1])
                return None, False
            if type(choice) is Kan:
                if self._kan(choice):
                    return None, False
                continue
            return self._discard(choice)  # type: ignore[arg-type]  # what is left of a turn's choices

    def _kan(self, kan: Kan) -> bool:
        """A closed or added kan, the rons on an added one (槍槓), the replacement draw;
        whether the round ended."""
        table, meld = self.table, kan.meld
        self._push(kan)
        table.kan(kan.seat, meld)
        self._reveal()  # a previous kan's indicator waiting for a discard is due at this kan
        # an added kan has its added tile
        if meld.type == "kakan" and self._answers(kan.seat, meld.added, robbing=True):  # type: ignore[arg-type]  # see the line above
            return True
        self._kan_draw(kan.seat)
        return False

    def _kan_draw(self, seat: int) -> None:
        tile = self.wall.kan_draw()
        self._push(KanDraw(seat, tile))
        self.table.kan_draw(seat, tile)
        self._reveal()

    def _discard(self, discard: Discard) -> tuple[int | None, bool]:
        table, seat = self.table, discard.seat
        self._push(discard)
        table.discard(seat, discard.tile, discard.tsumogiri, discard.riichi)
        self.safe.discard(seat, discard.tile, discard.riichi)
        self._reveal()
        if self._answers(seat, discard.tile):
            return None, False
        draw = self._draw_after(discard)
        if draw is not None:
            self._end(draw, discard)
            return None, False
        call = next((c for c in self.calls if c.meld.type != "chi"), None) or next(iter(self.calls), None)
        if call is None:
            return (seat + 1) % 4, True
        self._push(call)
        table.call(call.seat, call.meld)
        if call.meld.type == "daiminkan":
            self._kan_draw(call.seat)
        return call.seat, False

    def _answers(self, discarder: int, tile: str, robbing: bool = False) -> bool:
        """Ask the other players about ``tile`` (a discard, or added to a kan when
        ``robbing``) and settle the rons, keeping the calls for later; whether the round
        ended."""
        table, rule = self.table, self.rule
        ura = self._ura()
        answers: list[Win | Call] = []
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            options = claim_options(table, seat, self.events, rule, ura, discarder, tile, robbing)
            if not options:
                continue
            player = self.players[seat]
            choice = player.claim(self.views[seat], options)
            if choice not in options:
                raise SimulationError(f"{player.name} chose {choice!r}, which was not offered")
            if choice is not None:
                answers.append(choice)
        rons = [answer for answer in answers if type(answer) is Win]
        self.calls = [answer for answer in answers if type(answer) is Call]
        if not rons:
            return False
        if len(rons) == 3 and rule.max_simultaneous_wins == 2 and not robbing:
            winners = {ron.seat for ron in rons}
            shown = tuple(hand.to_notation() if seat in winners else None for seat, hand in enumerate(table.hands))
            last = checks.before(self.events, len(self.events))
            self._end(NoWin("三家和", shown, (0,) * 4), last)
            return True
        if rule.max_simultaneous_wins == 1:
            rons = rons[:1]
        for index, ron in enumerate(rons):
            win = ron if index == 0 else scored_win(table, ron.seat, discarder, self.events, rule, ura)
            # a ron offered scores: scored_win gives it again after the first
            self._push(win)  # type: ignore[arg-type]  # see the line above
            table.win(win)  # type: ignore[arg-type]  # as above
        return True
