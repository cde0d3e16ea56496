"""The menus a log states (the legal actions a client offered after a draw or a discard,
Mahjong Soul's ``operation`` and ``operations``: :class:`~paipu.formats.majsoul_record.MajsoulRecord`'s
``menus``) compared with the choices the rules give at that moment: the self-play's own
options (:mod:`paipu.simulate.options`) on the replay's table. Validation reports each
difference (``majsoul.operations``)."""

from __future__ import annotations

from typing import Any

from .engine import Replay
from .events import Discard, Draw, Game, KanDraw
from .simulate.options import claim_options, turn_options

__all__ = ["menu_problems"]

_OPERATIONS = {2: "chi", 3: "pon", 4: "closed kan", 5: "open kan", 6: "added kan", 7: "riichi", 8: "tsumo",
               9: "ron", 10: "九種九牌"}
"""The operation types of a menu that are compared (Fat-pig-Cui/misc-code, 牌譜里面到底記載了什么):
after another's discard 2 chi, 3 pon, 5 open kan, 9 ron; on one's turn 4 closed kan, 6
added kan, 7 riichi, 8 tsumo, 10 九種九牌 (1 discard, 11 北抜き and the event modes' types
are not)."""


def menu_problems(game: Game, menus: tuple[tuple[tuple[int, int, frozenset[int]], ...], ...]
                   ) -> list[tuple[int, int, str, Any, Any, str]]:
    """Where a logged menu differs from the choices the rules give at that moment
    (:mod:`paipu.simulate.options`, on the replay's table)."""
    wanted: dict[tuple[int, int], dict[int, frozenset[int]]] = {}
    for index, round_menus in enumerate(menus):
        for at, seat, types in round_menus:
            wanted.setdefault((index, at), {})[seat] = types
    replay = Replay(game)
    found: list[tuple[int, int, str, Any, Any, str]] = []
    for step in replay.steps():
        event, table, position = step.event, step.table, step.event_index
        if position is None or (step.round_index, position) not in wanted or table is None or event is None:
            continue
        events = game.rounds[step.round_index].events[:position + 1]
        logged = wanted[(step.round_index, position)]
        offered: dict[int, frozenset[int]] = {}
        if isinstance(event, (Draw, KanDraw)):
            seat = event.seat
            turn = turn_options(table, seat, events, replay.rule, ())
            offered[seat] = frozenset(
                code for code, present in ((8, turn.tsumo is not None), (10, turn.nine_terminals is not None),
                                           (7, any(d.riichi for d in turn.discards)),
                                           (4, any(k.meld.type == "ankan" for k in turn.kans)),
                                           (6, any(k.meld.type == "kakan" for k in turn.kans))) if present)
            seats = [seat]
        elif isinstance(event, Discard):
            seats = [s for s in range(len(table.hands)) if s != event.seat]
            for seat in seats:
                claim = claim_options(table, seat, events, replay.rule, (), event.seat, event.tile)
                offered[seat] = frozenset(
                    code for code, present in ((9, claim.ron is not None),
                                               (2, any(c.meld.type == "chi" for c in claim.calls)),
                                               (3, any(c.meld.type == "pon" for c in claim.calls)),
                                               (5, any(c.meld.type == "daiminkan" for c in claim.calls))) if present)
        else:
            continue
        for seat in seats:
            mine = sorted(_OPERATIONS[c] for c in offered.get(seat, frozenset()))
            theirs = sorted(_OPERATIONS[c] for c in logged.get(seat, frozenset()) if c in _OPERATIONS)
            if mine != theirs:
                found.append((step.round_index, position, "majsoul.operations", mine, theirs,
                              f"seat {seat}'s menu: the rules offer {', '.join(mine) or 'nothing'}, "
                              f"the client offered {', '.join(theirs) or 'nothing'}"))
    return found
