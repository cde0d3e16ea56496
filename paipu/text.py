"""The text of a game: tiles, events and yaku in words, and the account of a whole game
(what ``str(game)`` is and ``paipu show`` prints). One module, which ``str()``, the text
account (:mod:`paipu.describe`), a replay's steps and the viewer all use.

The account tells per round its label (東1局0本場), the dealer, the riichi sticks on the
table, the result (winner, ron or tsumo and from whom, fu/han or yakuman, value, yaku,
payments; or the draw's reason and who showed their hand) and everybody's score after the
round; then the final scores, ranks and points. Everything is as the log states it; what
a log leaves out (an mjai ``hora`` states no yaku, fu or han, and its ``deltas`` are
optional) is said to be not logged, or given as the rules engine derived it when the
account is given those values (:class:`Derived`, :func:`paipu.describe.describe`). What
the log names (players, title, yaku, draws) is written with its control characters
escaped (:func:`~paipu.limits.printable`), so that it cannot act on a terminal, and cut
to a readable length.

The module sits below the events (:mod:`paipu.events` uses it for ``str(game)``): it
knows an event by its paipu key (``dapai``, ``fulou``...), and imports the event types
for type checking only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from .limits import clip, printable
from .names import DRAW_ENGLISH, WIND_NAMES, draw_name

if TYPE_CHECKING:  # the events use this module: their types are named for the checker only
    from .events import Event, Game, Round, Win

__all__ = ["SEAT_NAMES", "tile_word", "event_words", "value_words", "yaku_words", "Derived", "account",
           "MAX_YAKU"]

SEAT_NAMES = ("East", "South", "West", "North")
"""A seat's wind in words, by seat (0 = the dealer, East)."""


def tile_word(tile: str) -> str:
    """A tile in words: ``5m``, ``red 5p``, ``東``, ``發``."""
    suit, digit = tile[0], tile[1]
    if suit == "z":
        return "東南西北白發中"[int(digit) - 1]
    return f"red 5{suit}" if digit == "0" else digit + suit


_CALLS = {"chi": "chi", "pon": "pon", "daiminkan": "an open kan"}

Offsets = tuple[tuple[str, int], ...]
"""The seat each direction mark of a seat's melds names, as an offset from that seat
(1 the next seat, 下家; the number of seats less one the previous, 上家): pairs of a
mark and its offset (:func:`offsets`)."""

FOUR_OFFSETS: Offsets = (("+", 1), ("=", 2), ("-", -1))
"""The marks as four players write them: where the seat sits."""


def offsets(marks: Sequence[Sequence[str | None]], seat: int) -> Offsets:
    """The offsets the direction marks of ``seat``'s melds name, from the marks of the
    round (:attr:`Table.marks <paipu.table.Table.marks>`): a log's marks are not always
    where a seat sits (three-player logs keep the four-seat marks of the player ids:
    :func:`~paipu.table.direction_marks`)."""
    seats = len(marks)
    return tuple((marks[other][seat], (other - seat) % seats)  # type: ignore[misc]  # None only for the seat itself
                 for other in range(seats) if other != seat)


def event_words(event: Event | None, players: int = 4, marks: Sequence[Sequence[str | None]] | None = None) -> str:
    """An event in words, seats by their wind: ``South discards 發, tsumogiri`` (plain
    text: what it quotes from the log is made one printable line, not HTML-escaped).
    ``marks`` the round's direction marks (:attr:`Table.marks <paipu.table.Table.marks>`),
    which name the seat a call is on; without them a mark is where the seat sits."""
    if event is None:
        return "The end of the game"
    key = event.key
    # each branch reads the fields of the event its key names
    fields: Any = event
    if key == "qipai":
        return (f"{WIND_NAMES[fields.round_wind]}{fields.hand_number + 1}局 dealt, "
                f"dora indicator {tile_word(fields.dora_indicator)}")
    if key == "kaigang":
        return f"A new dora indicator: {tile_word(fields.indicator)}"
    if key == "pingju":
        name = draw_name(fields.name)
        english = f" ({DRAW_ENGLISH[name]})" if name in DRAW_ENGLISH else ""
        return f"Draw: {printable(clip(fields.name, 80))}{english}"
    who = SEAT_NAMES[fields.seat]
    if key == "zimo":
        return f"{who} draws {tile_word(fields.tile)}"
    if key == "gangzimo":
        return f"{who} draws {tile_word(fields.tile)} from the dead wall (嶺上牌)"
    if key == "dapai":
        return (f"{who} discards {tile_word(fields.tile)}" + (", tsumogiri" if fields.tsumogiri else "")
                + (", declaring riichi" if fields.riichi else ""))
    if key == "fulou":
        meld = fields.meld
        named = dict(FOUR_OFFSETS if marks is None else offsets(marks, fields.seat))
        source = SEAT_NAMES[(fields.seat + named.get(meld.direction, 0)) % players]
        return f"{who} calls {_CALLS[meld.type]} on {tile_word(meld.claimed)} from {source}"
    if key == "gang":
        meld = fields.meld
        if meld.type == "kakan":
            return f"{who} adds {tile_word(meld.added)} to a pon (added kan, 加槓)"
        return f"{who} makes a closed kan (暗槓) of {tile_word(meld.tiles[0])}"
    if key == "penuki":
        return f"{who} sets aside a North (北抜き)"
    if fields.discarder is None:  # a win
        return f"{who} wins by tsumo"
    tile = tile_word(fields.hand.drawn) if fields.hand.drawn else "a tile"
    return f"{who} wins by ron on {tile} from {SEAT_NAMES[fields.discarder]}"


def shown(text: str, limit: int = 80) -> str:
    """A name from the log as the account writes it: escaped and cut (see the module)."""
    return printable(clip(text, limit))


def value_words(win: Any) -> str:
    """A win's value in words, from a :class:`~paipu.events.Win` or a
    :class:`~paipu.scoring.WinResult`: ``30 fu 3 han, 3900``, ``yakuman x2, 64000``."""
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


def yaku_words(win: Any) -> str:
    """A win's yaku in words, from a :class:`~paipu.events.Win` or a
    :class:`~paipu.scoring.WinResult`: ``立直 1, 門前清自摸和 1, ドラ 2`` (entries of no han
    left out; at most :data:`MAX_YAKU`)."""
    parts = []
    for yaku in win.yaku[:MAX_YAKU]:
        if yaku.yakuman:
            parts.append(shown(yaku.name) + (" (double yakuman)" if yaku.yakuman == 2 else ""))
        elif yaku.han:
            parts.append(f"{shown(yaku.name)} {yaku.han}")
    more = len(win.yaku) - MAX_YAKU
    if more > 0:
        parts.append(f"and {more:,} more entries: more than any hand has, the log is wrong")
    return ", ".join(parts)


@dataclass
class Derived:
    """What the rules engine derived where a log states nothing, for :func:`account`:
    by ``(round_index, event_index)``, the value of a win whose log states none
    (``wins``: a :class:`~paipu.scoring.WinResult`) and the payments of a result whose
    log states none (``payments``); by round index, everybody's score after a round
    whose payments are not logged (``scores``, by seat)."""

    wins: dict[tuple[int, int], Any] = field(default_factory=dict)
    payments: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    scores: dict[int, list[int]] = field(default_factory=dict)


def account(game: Game, derived: Derived | None = None) -> str:
    """The text account of ``game`` (see the module), with what the engine ``derived``
    where the log states nothing, if given."""
    derived = derived or Derived()
    names = tuple(shown(name.split("\n")[0]) for name in game.players)
    title = shown(game.title.replace("\n", " "), 200)
    lines = [printable(game.source) or title]
    if game.source:
        lines.append(f"title: {title}")
    lines += [f"players: {', '.join(names)}; first dealer {names[game.first_dealer]}", ""]
    scores = [0] * len(names)
    for index, round_ in enumerate(game.rounds):
        _round(lines, index, round_, names, scores, derived)
    lines.append("")
    if game.final_scores is None or game.ranks is None or game.points is None:
        holds_none = game.origin is not None and not game.origin.final_results
        lines.append("final results: not in the log " + (
            "(its format holds none)" if holds_none else "(the game is incomplete)"))
    else:
        lines.append("final results:")
        for player in sorted(range(len(names)), key=lambda p: game.ranks[p]):  # type: ignore[index]  # checked above
            lines.append(f"  {game.ranks[player]}. {names[player]}  {game.final_scores[player]}  "
                         f"({game.points[player]})")
    return "\n".join(lines)


def _round(lines: list[str], index: int, round_: Round, names: tuple[str, ...], scores: list[int],
           derived: Derived) -> None:
    """The lines of one round, ``scores`` (by player) brought to the round's end."""
    deal = round_.deal
    for seat, score in enumerate(deal.scores):
        scores[round_.player_of(seat)] = score
    sticks = deal.riichi_sticks
    lines.append(f"{round_.label}  dealer {names[round_.player_of(0)]}"
                 + (f", {sticks} riichi stick(s) on the table" if sticks else ""))
    for position, event in enumerate(round_.events):
        if event.key == "hule":
            win: Win = event  # type: ignore[assignment]  # the event its key names
            how = "tsumo" if win.is_tsumo else f"ron from {names[round_.player_of(win.discarder)]}"  # type: ignore[arg-type]  # a ron's
            result = derived.wins.get((index, position))
            if win.states_value:
                value = f"{value_words(win)} ({yaku_words(win)})"
            else:
                value = f"not logged; derived {value_words(result)} ({yaku_words(result)})" if result else "not logged"
            lines.append(f"  win: {names[round_.player_of(win.seat)]} by {how}: {value}")
            _payments(lines, round_, names, win.payments, derived.payments.get((index, position)))
        elif event.key == "pingju":
            draw: Any = event
            revealed = [names[round_.player_of(seat)] for seat, hand in enumerate(draw.hands) if hand is not None]
            lines.append(f"  draw: {shown(draw.name)}" + (f"; hands shown: {', '.join(revealed)}" if revealed else ""))
            _payments(lines, round_, names, draw.payments, derived.payments.get((index, position)))
    if not round_.is_complete:
        lines.append("  (the log stops before the round ends)")
    riichi = [names[round_.player_of(seat)] for seat, paid in enumerate(round_.riichi_deposits()) if paid]
    if riichi:
        lines.append(f"  riichi: {', '.join(riichi)}")
    changes = round_.score_changes()
    settled = derived.scores.get(index)
    if changes is None and settled is not None:  # payments not logged: the table settled the rules'
        for seat, score in enumerate(settled):
            scores[round_.player_of(seat)] = score
    for seat, change in enumerate(changes or ()):
        scores[round_.player_of(seat)] += change
    lines.append("  scores after: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores)))


def _payments(lines: list[str], round_: Round, names: tuple[str, ...], payments: tuple[int, ...] | None,
              derived: tuple[int, ...] | None) -> None:
    """The payments as logged; when the log states none, the ``derived`` ones (the
    rules')."""
    what = "payments"
    if payments is None:
        what, payments = "payments not logged; derived", derived or ()
    if any(payments):
        by_player = sorted((round_.player_of(seat), amount) for seat, amount in enumerate(payments) if amount)
        lines.append(f"    {what}: " + ", ".join(f"{names[player]} {amount:+d}" for player, amount in by_player))
