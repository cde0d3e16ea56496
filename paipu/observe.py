"""Observers: your analysis as a class with a hook per event, run over games.

An :class:`Observer` overrides the hooks it needs; each is called with a
:class:`~paipu.observe.Step` (the game, where the event is, the event, and under the
replay the table after it and what the rules expected there)::

    class Riichi(Observer[int]):
        def __init__(self) -> None:
            self.count = 0
        def on_discard(self, step: Step[Discard]) -> None:
            self.count += step.event.riichi
        def result(self) -> int:
            return self.count

Two drivers run observers over games, a game, a path or an iterable of either:

* :func:`walk` goes over the events alone: cheap, ``step.table`` and ``step.expected``
  are ``None``;
* :func:`paipu.engine.replay` replays each game through the rules engine: the table after
  each event, what the engine expected there, and the problems it found.

Only the hooks a class overrides cost anything: an event with no hook is passed over,
and the replay keeps its fast path for draws and discards unless ``on_draw`` or
``on_discard`` is overridden. An observer that needs only the discards made once a riichi
stands (defence, push or fold: :mod:`paipu.defence`) overrides
:meth:`~Observer.on_discard_after_riichi` instead of ``on_discard``: the replay then keeps
its fast path in each round up to the round's first riichi declaration, and leaves it for
the rest of that round only. Each driver returns the observer's :meth:`~Observer.result`
(a tuple of them for several observers).

This is the one place where events are told apart by their type: validation
(:mod:`paipu.validation`), the statistics (:mod:`paipu.stats`) and the text account of a
game (:mod:`paipu.describe`) are observers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count
from typing import Any, Callable, Generic, TypeVar, overload

from .events import Call, Deal, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Win
from .loader import GameSource, games_of, what_it_is
from .step import Expectation, Step
from .table import Problem

__all__ = ["Observer", "Step", "Expectation", "walk", "EVENT_HOOKS"]

R = TypeVar("R")
"""What an observer finds: ``Observer[R]``'s :meth:`~Observer.result`."""

R2 = TypeVar("R2")


EVENT_HOOKS: dict[type, str] = {
    Deal: "on_deal",
    Draw: "on_draw",
    KanDraw: "on_draw",
    Discard: "on_discard",
    Call: "on_call",
    Kan: "on_kan",
    DoraReveal: "on_dora",
    NorthSetAside: "on_north",
    Win: "on_win",
    NoWin: "on_no_win",
}
"""The hook called for each event type."""


class Observer(Generic[R]):
    """A hook per event; override those you need (see the module). Every hook but
    :meth:`on_game_start` gets the :class:`~paipu.observe.Step` of its event, typed by
    it (``Step[Discard]``); a step is made for the call, so keep it (or
    ``step.snapshot()`` under the replay, whose table goes on). Generic in what it finds,
    its :meth:`result` (``class Riichi(Observer[int])``), which the drivers return, as
    python-chess's ``pgn.BaseVisitor`` is."""

    def on_game_start(self, game: Game) -> None:
        """A game begins."""

    def on_deal(self, step: Step[Deal]) -> None:
        """A round is dealt (:class:`~paipu.events.Deal`, 配牌)."""

    def on_draw(self, step: Step[Draw | KanDraw]) -> None:
        """A draw from the wall or a kan's replacement draw (:class:`~paipu.events.Draw`,
        :class:`~paipu.events.KanDraw`)."""

    def on_discard(self, step: Step[Discard]) -> None:
        """A discard (:class:`~paipu.events.Discard`)."""

    def on_discard_after_riichi(self, step: Step[Discard]) -> None:
        """A discard made once a riichi is declared in the round (立直後の打牌): the discard
        declaring the round's first riichi (its riichi tile) and every discard after it in
        the round, whoever makes it; called after :meth:`on_discard`. Under the replay
        ``step.table.riichi`` shows who is in riichi, and the turns before the first
        riichi keep the fast path (see the module)."""

    def on_call(self, step: Step[Call]) -> None:
        """A chi, pon or open kan on a discard (:class:`~paipu.events.Call`)."""

    def on_kan(self, step: Step[Kan]) -> None:
        """A closed or added kan (:class:`~paipu.events.Kan`)."""

    def on_dora(self, step: Step[DoraReveal]) -> None:
        """A new dora indicator after a kan (:class:`~paipu.events.DoraReveal`)."""

    def on_north(self, step: Step[NorthSetAside]) -> None:
        """A North set aside, three players (:class:`~paipu.events.NorthSetAside`)."""

    def on_win(self, step: Step[Win]) -> None:
        """A win (:class:`~paipu.events.Win`); one call per winner of a multiple ron."""

    def on_no_win(self, step: Step[NoWin]) -> None:
        """A round that ends without a win (:class:`~paipu.events.NoWin`)."""

    def on_round_end(self, step: Step[Event]) -> None:
        """After a round's last event (the step of that event, or of the deal alone)."""

    def on_game_end(self, step: Step[None]) -> None:
        """After the last round: ``step.event`` is ``None``; under the replay
        ``step.expected`` is the :class:`~paipu.settlement.GameEnd`."""

    def on_problem(self, step: Step[Event | None], problem: Problem) -> None:
        """Under the replay, an event that is not legal where it is (each problem)."""

    def result(self) -> R:
        """What the observer found, returned by the driver: ``None`` unless overridden."""
        return None  # type: ignore[return-value]  # an observer that finds nothing is an Observer[None]


_HOOKS = (*dict.fromkeys(EVENT_HOOKS.values()), "on_discard_after_riichi", "on_game_start", "on_round_end",
          "on_game_end", "on_problem")


@lru_cache(maxsize=None)
def overridden(cls: type) -> frozenset[str]:
    """The hooks an observer class overrides (worked out once per class)."""
    return frozenset(hook for hook in _HOOKS if getattr(cls, hook) is not getattr(Observer, hook))


class Hooks:
    """The hooks a set of observers override, gathered once for a run: by event type,
    for the discards after a riichi, and for the round end, game start and end and
    problems."""

    def __init__(self, observers: tuple[Observer[Any], ...]) -> None:
        for observer in observers:
            if not isinstance(observer, Observer):
                raise TypeError(f"observers must be instances of paipu.Observer, not {_what(observer)}")
        self.observers = observers
        # Each observer's overridden hooks bound, in the order of the observers (made for
        # every game a replay runs: only the hooks overridden are looked up).
        bound: dict[str, list[Callable[..., None]]] = {}
        for observer in observers:
            # a class is hashable: mypy checks its instances' __hash__ instead
            for hook in overridden(type(observer)):  # type: ignore[arg-type]
                bound.setdefault(hook, []).append(getattr(observer, hook))
        self.by_event: dict[type, list[Callable[[Step[Any]], None]]] = {
            cls: bound[hook] for cls, hook in EVENT_HOOKS.items() if hook in bound}
        self.after_riichi = bound.get("on_discard_after_riichi", [])
        self.game_start = bound.get("on_game_start", [])
        self.round_end = bound.get("on_round_end", [])
        self.game_end = bound.get("on_game_end", [])
        self.problem = bound.get("on_problem", [])

    def result(self) -> Any:
        results = tuple(observer.result() for observer in self.observers)
        return results[0] if len(results) == 1 else results


def _what(value: object) -> str:
    """What ``value`` is, for a TypeError (:func:`~paipu.loader.what_it_is`), with what was
    likely meant for an Observer class given for an instance (``the class Calls: call it,
    Calls()``)."""
    if isinstance(value, type) and issubclass(value, Observer):
        return f"the class {value.__name__}: call it, {value.__name__}()"
    return what_it_is(value)


@overload
def walk(source: GameSource, observer: Observer[R], /) -> R: ...
@overload
def walk(source: GameSource, observer: Observer[R], other: Observer[R2], /) -> tuple[R, R2]: ...
@overload
def walk(source: GameSource, *observers: Observer[Any]) -> Any: ...


def walk(source: GameSource, *observers: Observer[Any]) -> Any:
    """Run ``observers`` over the events of the games of ``source``, without the rules
    engine (cheap: ``step.table`` and ``step.expected`` are ``None``); return their
    results: one observer's :meth:`~Observer.result`, or a tuple of them (typed by each
    observer's result type, as python-chess's ``read_game`` returns its visitor's)."""
    hooks = Hooks(observers)
    by_event, round_end = hooks.by_event, hooks.round_end
    if hooks.after_riichi:
        by_event = {**by_event, Discard: [*by_event.get(Discard, ()), _after_riichi_of_walk(hooks.after_riichi)]}
    single = None
    if by_event and all(len(called) == 1 for called in by_event.values()):
        single = {cls: called[0] for cls, called in by_event.items()}.get
    for game in games_of(source):
        for hook in hooks.game_start:
            hook(game)
        for index, round_ in enumerate(game.rounds):
            events = round_.events
            # One step per round, moved from event to event: a walk is over the events
            # alone, and most of its cost would otherwise be making steps.
            step: Step[Any] = Step(game, index, 0, None, None, None, [])
            if single is not None:  # one hook per event type, called straight
                # the hook of each event looked up by map, and the events with one picked
                # out by compress, in C: most events (the draws) have none
                hooked = list(map(single, map(type, events)))
                for position in compress(count(), hooked):
                    step.event_index = position
                    step.event = events[position]
                    hooked[position](step)  # type: ignore[misc]  # compress picks the events with a hook
            elif by_event:
                for position, event in enumerate(events):
                    called = by_event.get(type(event))
                    if called:
                        step.event_index, step.event = position, event
                        for hook in called:
                            hook(step)
            if round_end:
                step.event_index, step.event = len(events) - 1, events[-1]
                for hook in round_end:
                    hook(step)
        if hooks.game_end:
            step = Step(game, len(game.rounds), None, None, None, None, [])
            for hook in hooks.game_end:
                hook(step)
    return hooks.result()


def _after_riichi_of_walk(hooks: list[Callable[[Step[Any]], None]]) -> Callable[[Step[Discard]], None]:
    """A walk's hook for every discard that calls ``hooks`` for those from the round's
    first riichi declaration on (:meth:`Observer.on_discard_after_riichi`)."""
    riichi_step: Step[Discard] | None = None  # the walk's step of the round in which a riichi was declared

    def discarded(step: Step[Discard]) -> None:
        nonlocal riichi_step
        if step.event.riichi:
            riichi_step = step
        if step is riichi_step:  # the walk makes one step per round
            for hook in hooks:
                hook(step)

    return discarded
