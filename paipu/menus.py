"""The menus a log states (the legal actions a client offered after a draw, a discard, a
call, a kan or a North set aside: Mahjong Soul's ``operation`` and ``operations``,
:class:`~paipu.formats.majsoul_record.MajsoulRecord`'s ``menus``) compared with the
choices the rules give at that moment: the self-play's own options
(:mod:`paipu.simulate.options`) on the replay's table. :class:`MenuChecker` is an
observer of the replay; validation runs it beside its checker on a game whose record
logs menus, and reports each difference (``majsoul.operations``).

A menu is a :data:`~paipu.formats.majsoul_record.Menu`: the operation types offered, each with its choices as Mahjong
Soul lists them (``combination``), written in paipu's notation: the tiles a chi, pon or
open kan takes from the hand (``p5p6``, red fives apart), the kind of a closed or added
kan (``z7``), the tiles whose discard declares riichi (``m7``), the kinds a discard after
a chi or pon may not be (喰い替え); nothing for a tsumo, ron, 九種九牌 or North.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from .events import Call, Discard, Draw, Event, Kan, KanDraw, NorthSetAside
from .observe import Observer, Step
from .table import Table
from .checks import north_problems
from .tiles import KIND_OF, KINDS

if TYPE_CHECKING:
    from .formats.majsoul_record import Menu

# The Mahjong Soul reader (for OPERATIONS) and the self-play's options are imported where a
# menu is compared: validation imports this module for every game, and only a record that
# logs menus needs them (simulate's package loads the whole self-play).

__all__ = ["MenuChecker", "menu_checkers", "offered"]

Report = Callable[[Step[Any], str, Any, Any, str], None]
"""Where a checker reports a difference: ``(step, check, expected, logged, message)``,
as :meth:`paipu.validation.Checker.add` takes it."""


def menu_checkers(game: Any, report: Report) -> list[MenuChecker]:
    """A :class:`MenuChecker` for ``game`` if its record logs menus (its origin's
    ``record.menus``, as a Mahjong Soul record has them), else none."""
    record = None if game.origin is None else game.origin.record
    menus = getattr(record, "menus", None)
    return [MenuChecker(menus, report)] if menus and any(menus) else []


class MenuChecker(Observer[None]):
    """The observer of the replay that compares each logged menu with the choices the
    rules give after the same event (see the module), reporting each seat whose menu
    differs. ``menus`` are a record's, by round: ``(event index, seat, menu)``, seat -1
    saying that the event's menus are all logged (a seat with none was offered nothing)."""

    def __init__(self, menus: Iterable[Iterable[tuple[int, int, Menu]]], report: Report) -> None:
        self.report = report
        self.logged: dict[tuple[int, int], dict[int, Menu]] = {}
        for index, round_menus in enumerate(menus):
            for at, seat, menu in round_menus:
                self.logged.setdefault((index, at), {})[seat] = menu

    def on_draw(self, step: Step[Draw | KanDraw]) -> None:
        self._check(step)

    def on_discard(self, step: Step[Discard]) -> None:
        self._check(step)

    def on_call(self, step: Step[Call]) -> None:
        self._check(step)

    def on_kan(self, step: Step[Kan]) -> None:
        self._check(step)

    def on_north(self, step: Step[NorthSetAside]) -> None:
        self._check(step)

    def _check(self, step: Step[Event]) -> None:
        logged = self.logged.get((step.round_index, step.event_index))  # type: ignore[arg-type]  # an event's step
        table = step.table
        if logged is None or table is None or any(table.unknown):
            return
        events = step.game.rounds[step.round_index].events[:step.event_index + 1]  # type: ignore[operator]  # as above
        for seat, mine in offered(step.event, table, events).items():
            if seat not in logged and -1 not in logged:
                continue  # a menu the record does not log
            theirs = logged.get(seat, {})
            if 1 in mine and mine[1] == _OPTIONAL:
                mine = {k: v for k, v in mine.items() if k != 1}
                theirs = {k: v for k, v in theirs.items() if k != 1}
            if mine != theirs:
                expected, stated = _words(mine), _words(theirs)
                self.report(step, "majsoul.operations", expected, stated,
                            f"seat {seat}'s menu: the rules offer {', '.join(expected) or 'nothing'}, "
                            f"the client offered {', '.join(stated) or 'nothing'}")


_NOTHING: frozenset[str] = frozenset()
_OPTIONAL = frozenset({"?"})
"""The discard (1) of a hand in riichi that has another choice: the evidence (one real
record) shows a hand in riichi offered no discard (its draw goes out by itself) when it
has nothing else, and says nothing of a hand that may also kan or win: not compared."""


def offered(event: Event, table: Table, events: tuple[Event, ...]) -> dict[int, Menu]:
    """The menus the rules give after ``event`` (``table`` after it, ``events`` the
    round's up to it), by seat: a draw's to the drawer, a chi's or pon's to the caller,
    a discard's, kan's or North's to each other seat."""
    from .simulate.options import claim_options, turn_options

    rule = table.rule
    seats = range(len(table.hands))
    if type(event) is Draw or type(event) is KanDraw:
        seat = event.seat
        turn = turn_options(table, seat, events, rule, ())
        menu: Menu = {}
        if turn.tsumo is not None:
            menu[8] = _NOTHING
        if turn.nine_terminals is not None:
            menu[10] = _NOTHING
        riichi = frozenset(d.tile for d in turn.discards if d.riichi)
        if riichi:
            menu[7] = riichi
        for code, kind in ((4, "ankan"), (6, "kakan")):
            kans = frozenset(KINDS[k.meld.kind] for k in turn.kans if k.meld.type == kind)
            if kans:
                menu[code] = kans
        if table.hands[seat].counts[_NORTH] and not north_problems(table, NorthSetAside(seat, "z4"), rule):
            menu[11] = _NOTHING
        if not table.riichi[seat]:
            menu[1] = _NOTHING
        elif menu:
            menu[1] = _OPTIONAL
        return {seat: menu}
    if type(event) is Call:
        if event.meld.type == "daiminkan":
            return {event.seat: {}}
        return {event.seat: {1: frozenset(KINDS[k] for k in table.forbidden)}}
    if type(event) is Discard:
        found = {}
        for seat in seats:
            if seat != event.seat:
                claim = claim_options(table, seat, events, rule, (), event.seat, event.tile)
                menu = {9: _NOTHING} if claim.ron is not None else {}
                for code, kind in ((2, "chi"), (3, "pon"), (5, "daiminkan")):
                    taken = frozenset(_taken(c.meld.tiles, c.meld.claimed) for c in claim.calls if c.meld.type == kind)
                    if taken:
                        menu[code] = taken
                found[seat] = menu
        return found
    if type(event) is Kan or type(event) is NorthSetAside:
        tile = "z4" if type(event) is NorthSetAside else (event.meld.added or event.meld.tiles[0])  # type: ignore[union-attr]  # a kan
        return {seat: ({9: _NOTHING} if claim_options(table, seat, events, rule, (), event.seat, tile,
                                                       robbing=True).ron is not None else {})
                for seat in seats if seat != event.seat}
    return {}


_NORTH = KIND_OF["z4"]


def _taken(tiles: tuple[str, ...], claimed: str | None) -> str:
    """The tiles a call takes from the hand (its tiles but the claimed one), sorted."""
    rest = list(tiles)
    rest.remove(claimed)  # type: ignore[arg-type]  # a call's meld has its claimed tile
    return "".join(sorted(rest))


def _words(menu: Menu) -> list[str]:
    """A menu as sorted words: ``tsumo``, ``chi p5p6``, ``discard except p4 p7``."""
    from .formats.majsoul_record import OPERATIONS

    words = []
    for code, choices in menu.items():
        name = OPERATIONS.get(code, str(code))
        if code == 1:
            words.append(f"{name} except {' '.join(sorted(choices))}" if choices else name)
        elif choices:
            words += [f"{name} {choice}" for choice in sorted(choices)]
        else:
            words.append(name)
    return sorted(words)
