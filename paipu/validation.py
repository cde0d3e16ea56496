"""Validation: every disagreement between the replay engine and the log, as findings.

:func:`validate` replays a game (:class:`~paipu.engine.Replay`) and compares what the
engine derived with what the log states. Each disagreement, and each illegal event, is a
:class:`Finding` with a locator (source, round label, event index), the check's name
(the paipu field compared, e.g. ``hule.fu``, ``qipai.defen``, ``pingju.name``), the
expected and the logged value, and a one-line message.

Names are compared by meaning: other producers' spellings (役牌 白 for 翻牌 白, 流局 for
荒牌平局...) are the same yaku or draw; ``strict_names=True`` also reports spellings that
differ from the 電脳麻将 engine's, and final points written differently (Tenhou wrote
``"45"`` or ``"45.0"``; by default points are compared by value). Yaku entries worth 0 han (a 裏ドラ 0 that Tenhou
conversions keep) are ignored. A win whose log states no yaku, fu, han or yakuman (an mjai
``hora``) has its payments compared, and nothing else of its value: the engine's yaku, fu,
han and value for it are in the step's expectation (``step.expected.result``). Payments a
log does not state (mjai's optional ``deltas``) are not compared: the engine settles with
the rules' payments, and the next deal's scores, where the log states them, are checked.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Iterable, cast

from .checks import DrawExpectation, WinExpectation
from .events import Deal, Event, Game, NoWin, Win, locator
from .hand import Hand
from .loader import MAX_SIZE, GameSource, Selection, games_of, load
from .names import ALIASES, EXHAUSTIVE, WIND_NAMES, draw_name
from .menus import menu_checkers
from .observe import Observer, Step
from .records import pickle_by_fields
from .engine import Replay
from .rules import Rule, RuleSpec
from .settlement import DealExpectation, GameEnd
from .table import Problem
from .scoring import WinResult
from .tiles import HandNotation, Meld

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Finding", "FileReport", "Checker", "validate", "validate_game", "validate_file", "findings_frame"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One disagreement between the engine and the log (or an illegal event).

    ``source`` is ``path#index``; ``round`` the round's label (東1局0本場) or ``None`` for
    the whole game; ``event`` the 0-based index of the event in the round (``None`` for
    the round or game as a whole); ``check`` what was compared; ``expected`` what the rules
    give and ``logged`` what the log states (JSON-ready values)."""

    source: str
    round: str | None
    event: int | None
    check: str
    expected: Any
    logged: Any
    message: str

    def to_json(self) -> dict[str, Any]:
        """The finding as a JSON-ready dict with the keys of ``paipu validate --json``."""
        return asdict(self)

    def __str__(self) -> str:
        return f"{locator(self.source, self.round, self.event)}: {self.check}: {self.message}"


def _yaku_name(name: str) -> str:
    return ALIASES.get(name, name)


def _same_melds(mine: tuple[Meld, ...], theirs: tuple[Meld, ...]) -> bool:
    """Whether two hands' melds are the same, in any order, compared as written. The
    North tiles set aside (``b``, three players) count only when the log writes them:
    Tenhou's logs never do."""
    # The melds almost always agree in order: equal tuples answer before any formatting.
    if mine == theirs:
        return True
    mine_written, theirs_written = sorted(map(str, mine)), sorted(map(str, theirs))
    if "b" in mine_written and "b" not in theirs_written:
        mine_written = [meld for meld in mine_written if meld != "b"]
    return mine_written == theirs_written


def _same_hand(mine: HandNotation, theirs: HandNotation) -> bool:
    """Whether two hands hold the same tiles (wherever the drawn tile is written) and the
    same melds (see :func:`_same_melds`)."""
    # Checked at every win: the hands almost always agree as written, so equal fields
    # answer before any sorting.
    return _same_melds(mine.melds, theirs.melds) and (
        (mine.concealed == theirs.concealed and mine.drawn == theirs.drawn)
        or sorted(mine.tiles) == sorted(theirs.tiles))


def _holds(hand: Hand, shown: HandNotation) -> bool:
    """Whether ``hand`` holds the tiles and the melds of ``shown``: :func:`_same_hand` of
    the hand's notation, without writing it (the shown hands of every exhaustive draw)."""
    return _same_melds(tuple(hand.melds), shown.melds) and hand.holds(shown.tiles)


class Checker(Observer[list[Finding]]):
    """The observer of the replay that compares what the engine expected with what the
    log states: its :meth:`result` is the list of :class:`Finding`\\ s of the games it
    saw (see the module)."""

    def __init__(self, strict_names: bool = False) -> None:
        self.strict = strict_names
        self.findings: list[Finding] = []
        self.places: list[tuple[int, int | None] | None] = []
        """Where each finding is, beside :attr:`findings`: its round's index and event's (the
        event ``None`` for the round as a whole), or ``None`` for the whole game."""
        self.game: Game | None = None

    def result(self) -> list[Finding]:
        return self.findings

    def add(self, step: Step[Event | None] | None, check: str, expected: Any, logged: Any, message: str,
            round_index: int | None = None, event: int | None = None) -> None:
        game = self.game
        assert game is not None
        if step is not None:
            round_index, event = step.round_index, step.event_index
        label = None
        if round_index is not None and round_index < len(game.rounds):
            label = game.rounds[round_index].label
        self.findings.append(Finding(game.source, label, event, check, expected, logged, message))
        self.places.append(None if round_index is None else (round_index, event))

    def compare(self, step: Step[Event | None], check: str, expected: Any, logged: Any, what: str) -> None:
        if expected != logged:
            self.add(step, check, expected, logged, f"{what}: the rules give {expected}, the log says {logged}")

    # -- the hooks -------------------------------------------------------------------

    def on_game_start(self, game: Game) -> None:
        self.game = game

    def on_problem(self, step: Step[Event | None], problem: Problem) -> None:
        self.add(step, problem.check, None, None, problem.message)

    def on_deal(self, step: Step[Deal]) -> None:
        if step.expected is not None:
            self.deal(step, step.expected)  # type: ignore[arg-type]  # a deal's expectation

    def on_win(self, step: Step[Win]) -> None:
        self.win(step, step.expected)  # type: ignore[arg-type]  # a win's expectation

    def on_no_win(self, step: Step[NoWin]) -> None:
        self.draw(step, step.expected)  # type: ignore[arg-type]  # a draw's expectation

    def on_game_end(self, step: Step[None]) -> None:
        self.format_problems()
        if step.expected is not None:
            self.end(step, step.expected)  # type: ignore[arg-type]  # the game end's expectation

    def format_problems(self) -> None:
        """What the game's format states that its own record checks (a Mahjong Soul
        record's wall: :meth:`~paipu.formats.majsoul_record.MajsoulRecord.problems`),
        each a finding at its event. (A record's menus are checked on the replay, by
        the :class:`~paipu.menus.MenuChecker` of :meth:`observers`.)"""
        game = self.game
        if game is None or game.origin is None:
            return
        record = game.origin.record
        problems = getattr(record, "problems", None)
        if problems is None:
            return
        for round_index, event, check, expected, logged, message in problems(game):
            self.add(None, check, expected, logged, message, round_index, event)

    def deal(self, step: Step[Deal], expected: DealExpectation) -> None:
        deal = step.event
        other = expected.alternative or expected
        # Every round starts with this check and almost every deal agrees: one comparison
        # answers that before the checks one by one.
        if other.states(deal):
            return

        def label(value: DealExpectation) -> str:
            return f"{WIND_NAMES[value.round_wind]}{value.hand_number + 1}局"

        as_logged = DealExpectation(deal.round_wind, deal.hand_number, deal.honba, deal.riichi_sticks, deal.scores)
        for check, get, what in (
            ("qipai.round", label, "the round"),
            ("qipai.changbang", lambda value: value.honba, "honba (本場)"),
            ("qipai.lizhibang", lambda value: value.riichi_sticks, "riichi sticks (供託)"),
            ("qipai.defen", lambda value: list(value.scores), "scores by seat at the start"),
        ):
            logged = get(as_logged)
            if logged != get(other):
                self.compare(step, check, get(expected), logged, what)

    def win(self, step: Step[Win], expected: WinExpectation) -> None:
        win = step.event
        if step.table is not None and step.table.unknown[win.seat]:
            return  # the hand was lost track of at an impossible discard (reported there)
        if not _same_hand(expected.hand, win.hand):
            self.add(step, "hule.shoupai", str(expected.hand), str(win.hand),
                     f"the winning hand: replayed {expected.hand}, logged {win.hand}")
        if expected.allowed is not None:
            self.add(step, "hule", None, None, f"the win is not allowed: {expected.allowed}")
            return
        result = cast(WinResult, expected.result)  # an allowed win scores (checks.expected_win)
        ura = None if win.ura_indicators is None else len(win.ura_indicators)
        if ura != expected.ura_count:
            self.add(step, "hule.fubaopai", expected.ura_count, ura,
                     f"ura dora indicators: the rules give {expected.ura_count}, the log lists {ura}")
        if not win.states_value:
            # The log states no value (an mjai hora): nothing of it to compare; the payments are
            # compared where it states them
            if win.payments is not None:
                self.compare(step, "hule.fenpei", list(result.payments), list(win.payments), "payments by seat")
            return
        mine = [(y.name, y.han, y.yakuman) for y in result.yaku if y.han or y.yakuman]
        theirs = [(ALIASES.get(y.name, y.name), y.han, y.yakuman) for y in win.yaku if y.han or y.yakuman]
        # The same yaku in the same order is the usual case; sorted, the order is ignored.
        if mine != theirs and sorted(mine) != sorted(theirs):
            self.add(step, "hule.hupai", _yaku_list(mine), _yaku_list(theirs),
                     f"yaku: the rules give {_yaku_text(mine)}, the log says {_yaku_text(theirs)}")
        elif self.strict:
            spelled = [y.name for y in win.yaku if _yaku_name(y.name) != y.name]
            if spelled:
                self.add(step, "hule.hupai", [_yaku_name(n) for n in spelled], spelled,
                         f"yaku names spelled differently from the 電脳麻将 engine: {', '.join(spelled)}")
        if win.fu is not None or not result.limit:  # a limit hand's fu may go unrecorded (tenhou.net/6)
            self.compare(step, "hule.fu", result.fu or None, win.fu or None, "fu")
        self.compare(step, "hule.fanshu", result.han or None, win.han or None, "han")
        self.compare(step, "hule.damanguan", result.yakuman or None, win.yakuman or None, "yakuman multiple")
        self.compare(step, "hule.defen", result.points, win.points, "the hand's value")
        if win.payments is not None:
            self.compare(step, "hule.fenpei", list(result.payments), list(win.payments), "payments by seat")
        if win.limit is not None:
            self.limit(step, win, result)

    def limit(self, step: Step[Win], win: Win, result: WinResult) -> None:
        """The limit the log states (Tenhou's ``AGARI``; :attr:`~paipu.events.Win.limit`):
        ``""`` for none, the limit's name up to ``sanbaiman``, ``yakuman`` for any
        yakuman, counted (数え役満) or not."""
        limit = result.limit or ""
        if limit not in _LIMITS_BELOW_YAKUMAN:
            limit = "yakuman"
        self.compare(step, "hule.limit", limit, win.limit, "the limit")

    def draw(self, step: Step[NoWin], expected: DrawExpectation) -> None:
        draw = step.event
        name = draw_name(draw.name) or draw.name
        if expected.name is None:
            self.add(step, "pingju.name", None, draw.name, f"a draw ({draw.name}) where none can happen")
            return
        if name != expected.name:
            self.add(step, "pingju.name", expected.name, draw.name,
                     f"the draw: the rules give {expected.name}, the log says {draw.name}")
            return
        if self.strict and draw.name != name:
            self.add(step, "pingju.name", name, draw.name, f"draw name spelled {draw.name}, the engine writes {name}")
        table = step.table
        for seat, must in enumerate(expected.shown):
            logged_hand = draw.hands[seat]
            shown = logged_hand is not None
            if must is not None and must != shown and self.game.origin.shown_hands:  # type: ignore[union-attr]  # a game being checked has its origin
                what = "shown although not" if shown else "not shown although"
                self.add(step, "pingju.shoupai", must, shown,
                         f"seat {seat}'s hand is {what} tenpai" if name in EXHAUSTIVE
                         else f"seat {seat}'s hand is {what} required")
            elif logged_hand is not None and table is not None and not table.unknown[seat] and not _holds(
                    table.hands[seat], logged_hand):
                replayed = table.hands[seat].to_notation()
                self.add(step, "pingju.shoupai", str(replayed), str(logged_hand),
                         f"seat {seat}'s shown hand: replayed {replayed}, logged {logged_hand}")
        if draw.payments is not None:
            self.compare(step, "pingju.fenpei", list(expected.payments), list(draw.payments), "payments by seat")

    def end(self, step: Step[None], expected: GameEnd) -> None:
        game = self.game
        assert game is not None
        rounds = len(game.rounds)
        if expected.extra_from is not None:
            self.add(None, "game.rounds", expected.extra_from, rounds,
                     f"the game should have ended after round {expected.extra_from}; "
                     f"{rounds - expected.extra_from} more round(s) logged", expected.extra_from, 0)
        elif not expected.ends:
            last = game.rounds[-1] if game.rounds else None
            if last is not None and not last.is_complete:
                self.add(None, "game.incomplete", None, None, "the log stops in the middle of a round",
                         rounds - 1, len(last.events) - 1)
            elif game.final_scores is None:
                self.add(None, "game.incomplete", None, None,
                         "the log stops between rounds, before the game ends, with no final results")
            else:
                self.add(None, "game.rounds", None, rounds, "the game does not end here: round(s) missing")
            return  # the final results of a game that goes on cannot be checked
        if game.final_scores is None:
            if game.origin is None or game.origin.final_results:
                self.add(None, "game.incomplete", None, None,
                         "the game ends here, but the log has no final results (scores, ranks, points)")
            return
        other = expected.alternative or (expected.scores, expected.ranks, expected.points)
        logged = (game.final_scores, game.ranks, game.points)
        for i, (check, what) in enumerate((("game.defen", "final scores by player"), ("game.rank", "ranks by player"),
                                           ("game.point", "points by player"))):
            # scores and ranks are numbers, points strings
            mine: list[Any] = list((expected.scores, expected.ranks, expected.points)[i])
            theirs: list[Any] = list(logged[i] or ())
            accepted = [mine, list(other[i])]
            if check == "game.point":
                accepted += map(list, expected.other_points)
            if check == "game.point" and not self.strict:  # by value: Tenhou wrote "45", "45.0"
                same = any(_same_points(points, theirs) for points in accepted)
            else:
                same = theirs in accepted
            if not same:
                self.add(None, check, mine, theirs, f"{what}: the rules give {mine}, the log says {theirs}")


_LIMITS_BELOW_YAKUMAN = frozenset(("", "mangan", "haneman", "baiman", "sanbaiman"))
"""The limits of :attr:`~paipu.scoring.WinResult.limit` that :attr:`~paipu.events.Win.limit`
names as they are; every other is a yakuman."""


def _same_points(mine: list[str], theirs: list[str]) -> bool:
    try:
        return len(mine) == len(theirs) and all(float(a) == float(b) for a, b in zip(mine, theirs))
    except ValueError:
        return False


def _yaku_list(entries: list[tuple[str, int, int]]) -> list[list[str | int]]:
    return sorted([name, "*" * yakuman if yakuman else han] for (name, han, yakuman) in entries)


def _yaku_text(entries: list[tuple[str, int, int]]) -> str:
    return ", ".join(f"{name} {value}" for name, value in _yaku_list(entries)) or "none"


def validate_game(game: Game, rule: RuleSpec | None = None, strict_names: bool = False) -> list[Finding]:
    """Every finding for one game under ``rule`` (named as :meth:`Rule.get` takes it;
    default: the game's own ``rule`` if it carries one, else the majiang preset).

    An exception inside the engine is not a finding: it propagates (an engine error,
    which :func:`validate_file` reports apart)."""
    return checked(Replay(game, rule), strict_names)


def checked(replay: Replay, strict_names: bool = False) -> list[Finding]:
    """The findings of ``replay``'s game: its :class:`Checker` run on the replay, with
    the :class:`~paipu.menus.MenuChecker` of a game whose record logs menus."""
    checker = Checker(strict_names)
    replay.run(checker, *menu_checkers(replay.game, checker.add))
    return checker.findings


def validate(games: GameSource, rule: RuleSpec | None = None, strict_names: bool = False) -> list[Finding]:
    """Findings for a game, a path (file, directory, ``FILE#N``) or any iterable of games
    and paths (:data:`~paipu.loader.GameSource`, as :func:`paipu.stats.summary` takes).

    A path is loaded with :func:`paipu.load` (errors raise); TypeError for what is none
    of those. Returns the findings of all games in order; an empty list means every game
    is valid.
    """
    chosen = None if rule is None else Rule.get(rule)
    findings: list[Finding] = []
    for game in games_of(games, errors="raise"):
        findings.extend(validate_game(game, chosen, strict_names))
    return findings


def findings_frame(findings: Iterable[Finding]) -> pd.DataFrame:
    """Findings as a pandas DataFrame, one row each, columns as :class:`Finding`'s fields."""
    import pandas as pd

    columns = ["source", "round", "event", "check", "expected", "logged", "message"]
    return pd.DataFrame([f.to_json() for f in findings], columns=columns)


@dataclass(frozen=True, slots=True)
class FileReport:
    """What validating one file gave: counts, findings, load errors and engine errors
    (as JSON-ready dicts, so that reports travel between processes).

    An **engine error** is an exception raised inside paipu while it replayed a game: a
    bug of paipu's, not a problem of the log. It is kept apart from the findings, with
    the game's locator, the exception and its traceback; the game is not counted valid."""

    games: int
    rounds: int
    valid: int
    findings: tuple[dict[str, Any], ...]
    errors: tuple[dict[str, Any], ...]
    engine_errors: tuple[dict[str, Any], ...] = ()
    loose: int = 0
    """Games checked loosely: their origin leaves part of their rule open (e.g. Tenhou's
    final-points rules for a date outside the evidence), and every value it allows was
    accepted (``docs/tenhou-rules.md``)."""


pickle_by_fields(Finding, FileReport)  # compiled frozen records; reports travel between --jobs processes


def validate_file(path: str, index: Selection = None, rule: RuleSpec | None = None,
                  strict_names: bool = False, max_size: int = MAX_SIZE) -> FileReport:
    """Validate every game of one file (or the games ``index`` selects, the file read up to
    ``max_size`` bytes as :func:`~paipu.loader.load` reads it); load errors and engine
    errors are kept in the report, never raised. The unit of work of ``paipu validate
    --jobs``."""
    import traceback
    from pathlib import Path

    reader = load(errors="collect", max_size=max_size)
    games = rounds = valid = loose = 0
    findings: list[dict[str, Any]] = []
    engine_errors: list[dict[str, Any]] = []
    chosen = None if rule is None else Rule.get(rule)
    for game in reader.read_file(Path(path), index):
        games += 1
        rounds += len(game.rounds)
        try:
            replay = Replay(game, chosen)
            found = checked(replay, strict_names)
            loose += bool(replay.other_rules)
        except Exception as error:  # a bug of paipu's: reported apart, and the run goes on
            engine_errors.append({"source": game.source, "error": f"{type(error).__name__}: {error}",
                                  "traceback": traceback.format_exc()})
            continue
        valid += not found
        findings.extend(f.to_json() for f in found)
    errors = tuple(error.to_json() for error in reader.errors)
    return FileReport(games, rounds, valid, tuple(findings), errors, tuple(engine_errors), loose)
