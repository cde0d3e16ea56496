"""Every decision of every game as a table: the options the rules gave, the choice made,
the state it was made in (docs/decisions.md).

A *decision* is a moment where a seat chose among legal actions:

* its turn (``situation`` ``draw``: after a draw or a kan's replacement draw; ``call``:
  after its chi or pon, a discard only): discard which tile, with riichi or not, a closed
  or added kan, tsumo, 九種九牌, a North set aside (three players);
* another seat's discard (``discard``) or added kan (``kan``, 槍槓) that it could win on
  or call: ron, chi (each way), pon, open kan, or pass. A seat with nothing but pass
  makes no decision there.

The legal set is the simulator's (:mod:`paipu.simulate.options`, the same checks the
replay makes), written as action strings in 電脳麻将 notation: a discard ``m5``, with
riichi ``m5*``; a meld as the engine writes it (``m1-23``, ``z555=``, ``m5550``,
``z666-6``); ``tsumo``, ``ron``, ``kyuushu``, ``north``, ``pass``.

:func:`decisions` returns :class:`Decisions`: ``decisions``, one row per decision, and
``discards``, one row per discard tile of each turn decision (the long table), keyed to
its decision by ``source``, ``round``, ``event`` and ``seat``. Both are built by one
:class:`DecisionRecorder` observing the replay, column by column (no state copied per
row: the hand is its notation, the scores one small list), so memory grows with the
events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from . import checks
from .danger import SafeKinds, danger, public_counts, wall
from .engine import Replay, replay
from .events import Call, Deal, Discard, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Win
from .game_rule import game_rule
from .loader import GameSource, LoadError, load
from .names import draw_name
from .observe import Observer, Step
from .parallel import File
from .rules import Rule, RuleSpec
from .shanten import improving, shanten
from .simulate.options import ClaimOptions, TurnOptions, claim_options, turn_options
from .table import Table
from .tiles import KIND_OF, KINDS

if TYPE_CHECKING:  # pandas and pyarrow load slowly: imported where the tables are made
    import pandas as pd
    import pyarrow as pa

__all__ = ["Decisions", "DecisionRecorder", "decisions", "Batch", "decisions_of_batch", "DECISION_COLUMNS", "DISCARD_COLUMNS", "choice_of",
           "to_pandas", "schema"]

_SITUATIONS = ["draw", "call", "discard", "kan"]
_RESULTS = ["win", "deal-in", "other win", "draw", "unfinished"]

DECISION_COLUMNS: dict[str, str] = {
    "source": "category32",
    "round": "int16",
    "round_label": "category16",
    "event": "int16",
    "seat": "int8",
    "player": "category32",
    "situation": "category8",
    "turn": "int8",
    "options": "list<string>",
    "choice": "string",
    "legal": "bool",
    "discards": "int8",
    "riichi": "int8",
    "kans": "int8",
    "tsumo": "bool",
    "kyuushu": "bool",
    "north": "bool",
    "ron": "bool",
    "chis": "int8",
    "pons": "int8",
    "open_kans": "int8",
    "scores": "list<int32>",
    "honba": "int8",
    "sticks": "int8",
    "dora_indicators": "string",
    "hand": "string",
    "melds": "string",
    "shanten": "int8",
    "waits": "string",
    "waits_live": "int8",
    "furiten": "bool",
    "riichi_seats": "list<int8>",
    "riichi_turns": "list<int8>",
    "wall": "int8",
    "result": "category8",
    "score_change": "int32",
}
"""The columns of :attr:`Decisions.decisions` and their types (docs/decisions.md):
``categoryN`` a categorical (an Arrow dictionary of strings, indices of N bits), ``intN`` an
integer of N bits, ``list<T>`` a list of T (Arrow types, pandas ``ArrowDtype``)."""

DISCARD_COLUMNS: dict[str, str] = {
    "source": "category32",
    "round": "int16",
    "event": "int16",
    "seat": "int8",
    "tile": "category8",
    "riichi": "bool",
    "chosen": "bool",
    "shanten": "int8",
    "waits": "string",
    "ukeire": "int16",
    "danger": "int8",
    "danger_1": "int8",
    "class_1": "category8",
    "danger_2": "int8",
    "class_2": "category8",
    "danger_3": "int8",
    "class_3": "category8",
    "wall_class": "category8",
}
"""The columns of :attr:`Decisions.discards` and their types, as :data:`DECISION_COLUMNS`."""


@dataclass(frozen=True)
class Decisions:
    """The decision table (``decisions``: one row per decision of a seat) and the long
    table of discard options (``discards``: one row per discard tile of a turn decision,
    keyed to it by ``source``, ``round``, ``event``, ``seat``); columns in
    docs/decisions.md."""

    decisions: pd.DataFrame
    discards: pd.DataFrame


def _kinds_text(kinds: Sequence[int]) -> str:
    """Kinds as tiles separated by spaces, e.g. ``m1 m4``."""
    return " ".join(KINDS[k] for k in kinds)


def choice_of(event: Event) -> str | None:
    """The action string of an event that answers a decision (see the module), or ``None``
    for an event that answers none."""
    cls = type(event)
    if cls is Discard:
        return event.tile + ("*" if event.riichi else "")  # type: ignore[union-attr]  # a Discard
    if cls is Kan or cls is Call:
        return str(event.meld)  # type: ignore[union-attr]  # a Kan or Call
    if cls is Win:
        return "tsumo" if event.discarder is None else "ron"  # type: ignore[union-attr]  # a Win
    if cls is NorthSetAside:
        return "north"
    if cls is NoWin and draw_name(event.name) == "九種九牌":  # type: ignore[union-attr]  # a NoWin
        return "kyuushu"
    return None


def _turn_strings(options: TurnOptions, north: bool) -> list[str]:
    strings = [discard.tile + ("*" if discard.riichi else "") for discard in options.discards]
    strings += [str(kan.meld) for kan in options.kans]
    if options.tsumo is not None:
        strings.append("tsumo")
    if options.nine_terminals is not None:
        strings.append("kyuushu")
    if north:
        strings.append("north")
    return strings


def _claim_strings(options: ClaimOptions) -> list[str]:
    strings = ["ron"] if options.ron is not None else []
    return strings + [str(call.meld) for call in options.calls] + ["pass"]


@dataclass
class _Open:
    """A decision whose choice is not yet known: its row, its options, and for a turn the
    rows of its discard options by tile (to mark the one chosen)."""

    row: int
    options: list[str]
    discard_rows: dict[str, int] = field(default_factory=dict)


class DecisionRecorder(Observer[Decisions]):
    """The observer that builds :class:`Decisions` over a replay (:func:`decisions`):
    at each draw and call the turn's options, at each discard and added kan the other
    seats' options; each choice is the event that follows (``pass`` when the seat did
    not act)."""

    def __init__(self, rule: RuleSpec | None = None) -> None:
        self.rule_spec = None if rule is None else Rule.get(rule)
        self.columns: dict[str, list[Any]] = {name: [] for name in DECISION_COLUMNS}
        self.discard_columns: dict[str, list[Any]] = {name: [] for name in DISCARD_COLUMNS}

    # -- the game and the round -------------------------------------------------------

    def on_game_start(self, game: Game) -> None:
        self.rule = game_rule(game, self.rule_spec)

    def on_deal(self, step: Step[Deal]) -> None:
        seats = len(step.game.players)
        self.safe = SafeKinds(seats)
        self.riichi_turn: list[int | None] = [None] * seats
        self.turn: _Open | None = None
        self.claims: dict[int, _Open] = {}
        self.round_rows: list[int] = []

    def on_round_end(self, step: Step[Event]) -> None:
        self._close_claims()
        if self.turn is not None:
            self._choose(self.turn, None)
            self.turn = None
        table = step.table
        results = [] if table is None else table.results
        seats = len(step.game.players)
        change = [0] * seats
        outcome = ["unfinished"] * seats
        for result in results:
            if result.payments is not None:
                change = [a + b for a, b in zip(change, result.payments)]
        if results and type(results[0]) is NoWin:
            outcome = ["draw"] * seats
        elif results:
            outcome = ["other win"] * seats
            for result in results:
                if type(result) is Win:
                    if result.discarder is not None:
                        outcome[result.discarder] = "deal-in"
            for result in results:
                if type(result) is Win:
                    outcome[result.seat] = "win"
        columns = self.columns
        seat_column = columns["seat"]
        for row in self.round_rows:
            seat = seat_column[row]
            columns["result"][row] = outcome[seat]
            columns["score_change"][row] = change[seat] if results else None

    # -- the choices --------------------------------------------------------------------

    def on_draw(self, step: Step[Draw | KanDraw]) -> None:
        self._close_claims()
        self._open_turn(step, "draw")

    def on_call(self, step: Step[Call]) -> None:
        event = step.event
        self._close_claims(event.seat, str(event.meld))
        if event.meld.type != "daiminkan":  # an open kan's replacement draw opens its turn
            self._open_turn(step, "call")

    def on_discard(self, step: Step[Discard]) -> None:
        event = step.event
        self._close_turn(event)
        self.safe.discard(event.seat, event.tile, event.riichi)
        table: Table = step.table  # type: ignore[assignment]  # a replay's step
        if event.riichi:
            self.riichi_turn[event.seat] = len(table.rivers[event.seat])
        self._open_claims(step, event.seat, event.tile, False)

    def on_kan(self, step: Step[Kan]) -> None:
        event = step.event
        self._close_turn(event)
        if event.meld.type == "kakan":
            self._open_claims(step, event.seat, event.meld.added, True)  # type: ignore[arg-type]  # an added kan's tile

    def on_north(self, step: Step[NorthSetAside]) -> None:
        self._close_turn(step.event)

    def on_win(self, step: Step[Win]) -> None:
        event = step.event
        if event.discarder is None:
            self._close_turn(event)
        else:
            claim = self.claims.pop(event.seat, None)
            if claim is not None:
                self._choose(claim, "ron")

    def on_no_win(self, step: Step[NoWin]) -> None:
        event = step.event
        if self.turn is not None and draw_name(event.name) == "九種九牌":  # declared by the seat on turn
            self._choose(self.turn, "kyuushu")
            self.turn = None

    def rows(self) -> tuple[int, int]:
        """How many rows the two tables have so far (for :meth:`take_back`)."""
        return len(self.columns["seat"]), len(self.discard_columns["seat"])

    def take_back(self, rows: tuple[int, int]) -> None:
        """Drop the rows made since :meth:`rows` gave ``rows`` (a game the engine failed on)."""
        for column in self.columns.values():
            del column[rows[0]:]
        for column in self.discard_columns.values():
            del column[rows[1]:]

    def arrow(self) -> tuple[pa.Table, pa.Table]:
        """The two tables so far as Arrow tables (of the types of :data:`DECISION_COLUMNS`
        and :data:`DISCARD_COLUMNS`)."""
        return _arrow(self.columns, DECISION_COLUMNS), _arrow(self.discard_columns, DISCARD_COLUMNS)

    def result(self) -> Decisions:
        decision_table, discard_table = self.arrow()
        return Decisions(to_pandas(decision_table), to_pandas(discard_table))

    # -- opening and closing decisions -----------------------------------------------

    def _choose(self, decision: _Open, choice: str | None) -> None:
        columns = self.columns
        columns["choice"][decision.row] = choice
        columns["legal"][decision.row] = choice is not None and choice in decision.options
        if choice is not None:
            chosen = decision.discard_rows.get(choice.rstrip("*"))
            if chosen is not None:
                self.discard_columns["chosen"][chosen] = True

    def _close_turn(self, event: Event) -> None:
        if self.turn is not None and getattr(event, "seat", None) == self.columns["seat"][self.turn.row]:
            self._choose(self.turn, choice_of(event))
            self.turn = None

    def _close_claims(self, seat: int | None = None, choice: str | None = None) -> None:
        for claimant, decision in self.claims.items():
            self._choose(decision, choice if claimant == seat else "pass")
        self.claims = {}

    def _open_turn(self, step: Step[Draw | KanDraw | Call], situation: str) -> None:
        table: Table = step.table  # type: ignore[assignment]  # a replay's step
        event = step.event
        seat = event.seat
        if self.turn is not None:
            self._choose(self.turn, None)
        if table.unknown[seat]:
            self.turn = None
            return
        events = step.round.events[:step.event_index + 1]  # type: ignore[union-attr, operator]  # an event's step
        options = turn_options(table, seat, events, self.rule, ())
        north = (situation == "draw" and len(table.hands) == 3 and table.hands[seat].counts[KIND_OF["z4"]] > 0
                 and not checks.north_problems(table, NorthSetAside(seat, "z4"), self.rule))
        strings = _turn_strings(options, north)
        hand = table.hands[seat]
        counts = hand.counts
        seen = public_counts(table)
        seen = [a + b for a, b in zip(seen, counts)]
        row = self._row(step, seat, situation, strings, table, shanten(counts), None, None, None)
        self.columns["discards"][row] = len({d.tile for d in options.discards})
        self.columns["riichi"][row] = sum(d.riichi for d in options.discards)
        self.columns["kans"][row] = len(options.kans)
        self.columns["tsumo"][row] = options.tsumo is not None
        self.columns["kyuushu"][row] = options.nine_terminals is not None
        self.columns["north"][row] = north
        decision = _Open(row, strings)
        riichi_tiles = {d.tile for d in options.discards if d.riichi}
        opponents = [other for other in range(len(table.hands)) if other != seat and table.riichi[other]]
        out = self.discard_columns
        for discard in options.discards:
            tile = discard.tile
            if discard.riichi or tile in decision.discard_rows:
                continue
            k = KIND_OF[tile]
            counts[k] -= 1
            try:
                after, better = improving(counts)
            finally:
                counts[k] += 1
            decision.discard_rows[tile] = len(out["tile"])
            out["source"].append(step.game.source)
            out["round"].append(step.round_index)
            out["event"].append(step.event_index)
            out["seat"].append(seat)
            out["tile"].append(tile)
            out["riichi"].append(tile in riichi_tiles)
            out["chosen"].append(False)
            out["shanten"].append(after)
            out["waits"].append(_kinds_text(better) if after == 0 else None)
            out["ukeire"].append(sum(4 - seen[kind] for kind in better))
            values: list[int] = []
            for offset in (1, 2, 3):
                other = (seat + offset) % len(table.hands)
                if offset < len(table.hands) and other in opponents:
                    rated = danger(tile, self.safe[other], 4 - seen[k], len(table.hands))
                    out[f"danger_{offset}"].append(rated.value)
                    out[f"class_{offset}"].append(rated.label)
                    values.append(rated.value)
                else:
                    out[f"danger_{offset}"].append(None)
                    out[f"class_{offset}"].append(None)
            out["danger"].append(max(values) if values else None)
            out["wall_class"].append(wall(tile, seen))
        self.turn = decision

    def _open_claims(self, step: Step[Event], discarder: int, tile: str, robbing: bool) -> None:
        table: Table = step.table  # type: ignore[assignment]  # a replay's step
        events = step.round.events[:step.event_index + 1]  # type: ignore[union-attr, operator]  # an event's step
        self.claims = {}
        seats = len(table.hands)
        for offset in range(1, seats):
            seat = (discarder + offset) % seats
            if table.unknown[seat]:
                continue
            options = claim_options(table, seat, events, self.rule, (), discarder, tile, robbing)
            if not options:
                continue
            strings = _claim_strings(options)
            counts = table.hands[seat].counts
            ready = table.waits(seat) or set()
            seen = public_counts(table)
            live = sum(4 - seen[k] - counts[k] for k in ready)
            furiten = bool(ready) and checks.furiten(table, seat, events, len(events)) is not None
            row = self._row(step, seat, "kan" if robbing else "discard", strings, table, shanten(counts),
                            _kinds_text(sorted(ready)) if ready else None, live if ready else None, furiten)
            kinds = [call.meld.type for call in options.calls]
            self.columns["ron"][row] = options.ron is not None
            self.columns["chis"][row] = kinds.count("chi")
            self.columns["pons"][row] = kinds.count("pon")
            self.columns["open_kans"][row] = kinds.count("daiminkan")
            self.claims[seat] = _Open(row, strings)

    def _row(self, step: Step[Event], seat: int, situation: str, options: list[str], table: Table, shanten_now: int,
             waits: str | None, live: int | None, furiten: bool | None) -> int:
        """Append a decision's row (its options' counts zero, its choice and outcome
        unknown yet); its number."""
        columns = self.columns
        row = len(columns["seat"])
        hand = table.hands[seat]
        concealed = str(hand.to_notation()).split(",")[0]
        riichi_seats = [other for other in range(len(table.hands)) if other != seat and table.riichi[other]]
        values: dict[str, Any] = {
            "source": step.game.source, "round": step.round_index,
            "round_label": step.round.label,  # type: ignore[union-attr]  # an event's step
            "event": step.event_index, "seat": seat, "player": step.game.players[step.round.player_of(seat)],  # type: ignore[union-attr]  # as above
            "situation": situation, "turn": len(table.rivers[seat]), "options": options, "choice": None,
            "legal": False, "discards": 0, "riichi": 0, "kans": 0, "tsumo": False, "kyuushu": False,
            "north": False, "ron": False, "chis": 0, "pons": 0, "open_kans": 0, "scores": list(table.scores),
            "honba": table.honba, "sticks": table.sticks, "dora_indicators": " ".join(table.dora_indicators),
            "hand": concealed, "melds": ",".join(map(str, hand.melds)), "shanten": shanten_now,
            "waits": waits, "waits_live": live, "furiten": furiten, "riichi_seats": riichi_seats,
            "riichi_turns": [self.riichi_turn[other] for other in riichi_seats], "wall": table.wall,
            "result": None, "score_change": None,
        }
        for name, value in values.items():
            columns[name].append(value)
        self.round_rows.append(row)
        return row


def arrow_type(name: str) -> pa.DataType:
    """The Arrow type a column type of :data:`DECISION_COLUMNS` names."""
    import pyarrow as pa

    if name.startswith("category"):
        return pa.dictionary(getattr(pa, "int" + name[8:])(), pa.string())
    if name.startswith("list<"):
        return pa.list_(arrow_type(name[5:-1]))
    return pa.bool_() if name == "bool" else getattr(pa, name)()


def schema(types: dict[str, str]) -> pa.Schema:
    """The Arrow schema of a table of ``types`` (:data:`DECISION_COLUMNS`, :data:`DISCARD_COLUMNS`)."""
    import pyarrow as pa

    return pa.schema([(name, arrow_type(kind)) for name, kind in types.items()])


def _arrow(columns: dict[str, list[Any]], types: dict[str, str]) -> pa.Table:
    """The columns as an Arrow table of ``types``."""
    import pyarrow as pa

    layout = schema(types)
    arrays = []
    for column in layout:
        values = columns[column.name]
        if pa.types.is_dictionary(column.type):
            arrays.append(pa.array(values, pa.string()).dictionary_encode().cast(column.type))
        else:
            arrays.append(pa.array(values, column.type))
    return pa.Table.from_arrays(arrays, schema=layout)


def to_pandas(table: pa.Table) -> pd.DataFrame:
    """An Arrow table as a DataFrame of pyarrow-backed dtypes, a dictionary column as a
    pandas categorical."""
    import pandas as pd
    import pyarrow as pa

    frame: pd.DataFrame = table.to_pandas(
        types_mapper=lambda kind: None if pa.types.is_dictionary(kind) else pd.ArrowDtype(kind))
    return frame


@dataclass(frozen=True)
class Batch:
    """What a worker makes of a batch of files (``paipu decisions``): their two tables
    (Arrow, as :meth:`DecisionRecorder.arrow`),
    the number of ``games``, each file's load ``errors`` (a list per file) and a line per
    game the engine failed on (``failures``: the game is left out, the others kept)."""

    decisions: pa.Table
    discards: pa.Table
    games: int
    errors: list[list[LoadError]]
    failures: list[str]


def decisions_of_batch(files: Sequence[File], max_size: int, rule: RuleSpec | None = None) -> Batch:
    """The task of ``paipu decisions``: the decision tables of a batch of files, read one
    file at a time; a game the engine fails on is named in :attr:`Batch.failures` and left
    out (its rows taken back), the others go on."""
    reader = load(errors="collect", max_size=max_size)
    recorder = DecisionRecorder(rule)
    errors: list[list[LoadError]] = []
    failures: list[str] = []
    for path, index in files:
        seen = len(reader.errors)
        for game in reader.read_file(Path(path), index):
            kept = recorder.rows()
            try:
                Replay(game, recorder.rule_spec).run(recorder)
            except Exception as error:  # a bug of paipu's: named, and the other games go on
                recorder.take_back(kept)
                failures.append(f"{game.source}: engine error (a bug of paipu's, not of the log): "
                                f"{type(error).__name__}: {error}")
        errors.append(reader.errors[seen:])
    return Batch(*recorder.arrow(), reader.games, errors, failures)


def decisions(games: GameSource, rule: RuleSpec | None = None) -> Decisions:
    """The decision table of ``games`` (a game, a path or an iterable of them) replayed
    under ``rule`` (default: each game's own, as :func:`paipu.replay`)."""
    result: Decisions = replay(games, DecisionRecorder(rule), rule=rule)
    return result
