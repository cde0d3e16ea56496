"""A step of a replay or a walk: an event, where it is, and what the engine made of it.

:class:`Step` is what every hook of an :class:`~paipu.observe.Observer` receives (and
:mod:`paipu.observe` exports it). It lives in a module of its own so that it is compiled
with the engine, which makes one at every event of a replay iterated step by step, while
:mod:`paipu.observe`, whose :class:`~paipu.observe.Observer` users subclass, stays
interpreted: a native class with its own ``__init__`` is made in a fraction of the time a
dataclass's interpreted ``__init__`` takes (``benchmarks/README.md``, "Compiled core").
"""

from __future__ import annotations

from typing import Generic, TypeVar, Union

from .checks import DrawExpectation, WinExpectation
from .events import Event, Game, Round
from .settlement import DealExpectation, GameEnd
from .table import Problem, Table
from .text import event_words

__all__ = ["Step", "Expectation"]

Expectation = Union[DealExpectation, WinExpectation, DrawExpectation, GameEnd, None]
"""What the engine expected at a step, by the kind of event."""

E = TypeVar("E", bound=Union[Event, None], covariant=True)
"""The event of a step: ``Step[Discard]`` is the step of a discard (each hook of an
:class:`~paipu.observe.Observer` says which step it gets), ``Step[None]`` the end of the game."""


class Step(Generic[E]):
    """One step of a replay (or a walk, :func:`paipu.observe.walk`): the ``event``
    (``None`` for the end of the game) of ``game``, where it is (``round_index``,
    ``event_index``, both 0-based: ``game.rounds[round_index].events[event_index]``), the
    ``table`` after it (the live table: :meth:`snapshot` keeps the moment; ``None`` in a
    walk), what the engine ``expected`` there, and the ``problems`` found. Generic in its
    event, as the hooks receive it: ``on_discard(self, step: Step[Discard])`` reads
    ``step.event.tile`` with no narrowing. Two steps are equal when all their fields are."""

    __slots__ = ("game", "round_index", "event_index", "event", "table", "expected", "problems")

    def __init__(self, game: Game, round_index: int, event_index: int | None, event: E, table: Table | None,
                 expected: Expectation, problems: list[Problem] | None = None) -> None:
        self.game = game
        self.round_index = round_index
        self.event_index = event_index
        self.event = event
        self.table = table
        self.expected = expected
        self.problems: list[Problem] = [] if problems is None else problems

    @property
    def round(self) -> Round | None:
        """The round of the step (``None`` at the end of the game)."""
        rounds = self.game.rounds
        return rounds[self.round_index] if self.round_index < len(rounds) else None

    def snapshot(self) -> "Step[E]":
        """This step with a copy of its table, which the replay going on leaves as it is."""
        table = None if self.table is None else self.table.snapshot()
        return Step(self.game, self.round_index, self.event_index, self.event, table, self.expected,
                    list(self.problems))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return ((self.game, self.round_index, self.event_index, self.event, self.table, self.expected, self.problems)
                == (other.game, other.round_index, other.event_index, other.event, other.table, other.expected,
                    other.problems))

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        round_ = self.round
        where = "end of the game" if round_ is None else f"{round_.label}, event {self.event_index}"
        marks = None if self.table is None else self.table.marks  # three players: which seat a call names
        event = "" if self.event is None else f": {event_words(self.event, len(self.game.players), marks)}"
        found = f", {len(self.problems)} problem(s)" if self.problems else ""
        return f"<Step {where}{event}{found}>"

    def _repr_html_(self) -> str:
        """The step drawn in Jupyter: the table after it (read when displayed: keep
        :meth:`snapshot` of a replay's step), what the engine expected, the problems."""
        from .view import step_html

        return step_html(self)
