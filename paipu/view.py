"""The game viewer: a game stepped through as HTML, in Jupyter or as a page of its own.

:func:`view` replays a game through the rules engine (:class:`~paipu.engine.Replay`) and
draws a **frame** at every step (each event, and the end of the game) as a table: the
seats around a centre that holds the round, honba, riichi sticks (供託), the tiles left in
the live wall, the dora indicators (裏ドラ at a win) and, by the edge facing each seat,
its wind (自風), name, live score and riichi. The viewpoint's seat is at the bottom, the
others right (下家), top (対面) and left (上家), each turned to face the centre: its
river (河) by the centre, six to a row, ツモ切り tiles shaded, the riichi tile turned,
called tiles faded; then the shanten (向聴数) and waits (待ち) of its hand and furiten
(振聴), or of a hand with a tile to discard the discards that leave it ready (聴牌); then
the hand (手牌) at the table's edge, sorted, the drawn tile (自摸牌) apart, the melds
(副露) with the claimed tile turned towards the seat it came from. The seat whose event
it is is outlined; the event in words is above the table; a win (hand, yaku, fu, han,
value, payments), a draw (the hands shown, payments) and the end (the players by rank:
:func:`_standings`) are shown over the table, and put away with × or Escape. Beside the
table (below it on a narrow screen), at every deal, win, draw and at the end of the game
the engine's values stand beside the log's, the disagreements marked, with the findings
of :func:`paipu.validate` at the step where validation reports them (the same
:class:`~paipu.validation.Checker` makes them). The page scales the table to the width
of the viewer and the height of the window (``--z``; :data:`BOARD` pixels unscaled).

The page needs no kernel and no network: the first frame is plain HTML (it shows with
JavaScript off, in GitHub's notebook preview too); the others travel gzip-compressed in
the page and a small script shows them (buttons and keys: ←/→ a step, PgUp/PgDn a round,
Home/End, ``n``/``p`` the next/previous finding, ``1``-``4`` whose viewpoint, ``h`` hide
the other hands), with a table of contents of the rounds and the findings marked on the
timeline. Tiles are paipu's own SVG (:mod:`paipu.svg`).

>>> viewer = paipu.view("game.json#0", rule="tenhou")   # doctest: +SKIP
>>> viewer                                  # in Jupyter: the viewer itself   # doctest: +SKIP
>>> viewer.at(viewer.findings[0])           # the step of a finding           # doctest: +SKIP
>>> viewer.save("game.html")                # a page of its own, offline      # doctest: +SKIP
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import os
import re
import uuid
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, Union, overload

from . import svg
from .danger import SafeKinds, danger, public_counts
from .checks import DrawExpectation, WinExpectation, furiten, passed_tile
from .engine import Replay
from .menus import menu_checkers
from .observe import EVENT_HOOKS, Observer, Step
from .events import Deal, Discard, Game, Kan, NoWin, Round, Win, locator
from .limits import as_index, clip, printable
from .loader import GameReader, load
from .names import WIND_NAMES, draw_name, name as yaku_name
from .rules import RuleSpec
from .settlement import DealExpectation, GameEnd
from .hand import Hand
from .shanten import Tracked
from .table import Table
from .text import FOUR_OFFSETS, SEAT_NAMES, Offsets, event_words, offsets
from .tiles import KINDS, KIND_OF, HandNotation, Meld, dora_of
from .validation import Checker, Finding

__all__ = ["view", "Viewer", "Frames", "frame", "step_findings", "step_html", "round_html", "findings_panel",
           "fragment", "page_text", "file_name"]

Where = Union[int, Finding, "tuple[int, int | None]", str]
"""A step of a viewer: its index, a finding (the step it is reported at), a
``(round_index, event_index)`` pair (``(len(game.rounds), None)`` for the end) or the
page's fragment of a step (:func:`fragment`: ``"#r5"``, ``"r5e30"``, ``"#end"``)."""

_FRAGMENT = re.compile(r"#?(?:r(\d{1,4})(?:e(\d{1,4}))?|(end))")
"""A fragment of the page's address that names a step (:func:`fragment`)."""


def fragment(round_index: int, event_index: int | None, rounds: int) -> str:
    """The fragment of a page's address that names a step: ``r5`` the deal of the round
    of index 5 (rounds count from 0, as ``paipu view --round`` does), ``r5e30`` its event
    30 (events count from 0, the deal), ``end`` the end of the game."""
    if round_index >= rounds or event_index is None:
        return "end"
    return f"r{round_index}" if event_index == 0 else f"r{round_index}e{event_index}"

MAX_ROUND_EVENTS = 500
"""The most events of a round the viewer draws. A real round holds fewer than 300 (the
longest of 1,324 Tenhou games holds 158): 70 draws from the live wall and 4 from the dead
wall, a discard after each and after each of at most 16 calls, the calls, 4 kans, 4 new
dora indicators, 4 Norths in 三麻, the wins or the draw. A round of more cannot be a game's;
it is refused (ValueError) rather than drawn at a cost that grows with its length times
the size of its table."""

_SEPARATOR = "\x1e"
"""Between the frames of the compressed data: never in a frame (log text is escaped)."""


def page_text(value: object, limit: int = 80) -> str:
    """Text from a log as the page writes it: one line, control characters escaped, cut
    to ``limit`` characters, HTML-escaped."""
    return html.escape(printable(clip(str(value), limit)))


def _one_line(text: str) -> str:
    """A text of several lines (a Tenhou title: the room, then the log's id) as one."""
    return " ".join(text.splitlines())


def file_name(source: str) -> str:
    """A game's source (``/home/me/logs/game.json#3``) as a page names it: the file's name
    and the game's number, without the folders above it (a page is shared, and its
    folders are nobody else's business)."""
    return re.split(r"[\\/]", source)[-1]


# -- drawing a frame --------------------------------------------------------------------


def _tiles(tiles: Iterable[str], cls: str = "") -> str:
    return "".join(svg.tile(tile, cls) for tile in tiles)


def _meld(meld: Meld, sources: Offsets) -> str:
    """A meld as it lies on the table: the claimed tile turned, on the side of the seat
    it came from (上家 left, 対面 middle, 下家 right), the seat its mark names in
    ``sources`` (:func:`_offsets`); a closed kan with its ends face down; an added kan's
    tile turned on top of the claimed one; a North set aside (北抜き), three players, on
    its own."""
    if meld.type == "north":
        faces = svg.tile("z4")
    elif meld.type == "ankan":
        middle = sorted(meld.tiles, key=_order)[1:-1]
        faces = svg.tile(svg.BACK) + _tiles(middle) + svg.tile(svg.BACK)
    else:
        own = sorted(meld.hand_tiles, key=_order)
        if meld.type == "kakan":
            own.remove(meld.added)  # type: ignore[arg-type]
        turned = svg.tile(meld.claimed, "pv-side")
        if meld.added:  # on top of the claimed tile
            turned = f'<span class="pv-stack">{svg.tile(meld.added, "pv-side")}{turned}</span>'
        offset = dict(sources).get(meld.direction, 0) % (len(sources) + 1)  # type: ignore[arg-type]
        at = {len(sources): 0, 1: len(own)}.get(offset, 1)
        faces = _tiles(own[:at]) + turned + _tiles(own[at:])
    return f'<span class="pv-meld" data-meld="{meld}">{faces}</span>'


def _order(tile: str) -> tuple[int, bool]:
    return KIND_OF[tile], tile[1] != "0"


def _row(entries: Iterable[str]) -> str:
    """A row of a river (six tiles at most): a tsumogiri tile shaded (``pv-tg``), the
    riichi tile turned (``pv-rc``), a tile called away faded (``pv-cl``)."""
    cells = []
    for entry in entries:
        marks = entry[2:]
        cls = " ".join(name for flag, name in (("_", "pv-tg"), ("*", "pv-rc")) if flag in marks)
        if any(mark in marks for mark in "+=-"):
            cls = (cls + " pv-cl").strip()
        cells.append(svg.tile(entry[:2], cls))
    return f'<div class="pv-row">{"".join(cells)}</div>'


def _hand(concealed: Iterable[str], drawn: str | None, melds: Iterable[Meld], sources: Offsets = FOUR_OFFSETS) -> str:
    """A hand: the concealed tiles sorted, the drawn tile apart, then the melds (their
    marks' seats in ``sources``: :func:`_meld`)."""
    parts = [f'<span class="pv-con">{_tiles(concealed)}</span>']
    if drawn:
        parts.append(f'<span class="pv-drawn">{svg.tile(drawn)}</span>')
    parts += (_meld(meld, sources) for meld in melds)
    return f'<div class="pv-hand">{"".join(parts)}</div>'


_PIECE = "\x1f"
"""Around a piece's number in a frame's compact text (:class:`_Pieces`): never in a frame
(log text is escaped)."""

_PIECES_END = "\x1c"
"""Between the pieces and the frames of the compressed data."""


class _Pieces:
    """Parts of frames drawn once and referred to, so that a page grows with what changes
    from one step to the next, not with what it shows: a frame's **compact** text holds
    ``\x1fN\x1f`` where the text of piece N goes, and a piece may refer to earlier pieces
    (a river is its last full row after a reference to the rows before). :meth:`expand`
    gives a frame's HTML; the page's script does the same."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.numbers: dict[str, int] = {}

    def refer(self, text: str) -> str:
        """A reference to a piece of ``text`` (one piece for each distinct text)."""
        number = self.numbers.get(text)
        if number is None:
            number = self.numbers[text] = len(self.texts)
            self.texts.append(text)
        return f"{_PIECE}{number}{_PIECE}"

    def expand(self, compact: str) -> str:
        """The HTML of a compact text: each reference replaced by its piece, expanded (by
        a stack of its own, not recursion: a chain of references is as long as a river)."""
        out: list[str] = []
        stack = [compact.split(_PIECE)]
        places = [0]
        while stack:
            parts, place = stack[-1], places[-1]
            if place == len(parts):
                stack.pop()
                places.pop()
                continue
            places[-1] = place + 1
            if place % 2:
                stack.append(self.texts[int(parts[place])].split(_PIECE))
                places.append(0)
            else:
                out.append(parts[place])
        return "".join(out)


class _Chain:
    """The drawing of a list that only grows at its end (a river, the dora indicators),
    kept as a reference to a piece (:class:`_Pieces`) of all its groups of ``size``
    entries but the last, each piece referring to the one before: drawing the list at
    each step costs what is new, not the whole list again. Only the last entry may change
    once added (a river's tile called away is marked when it is called)."""

    def __init__(self, pieces: _Pieces, size: int, draw: Callable[[list[str]], str]) -> None:
        self.pieces, self.size, self.draw = pieces, size, draw
        self.drawn: dict[tuple[str, ...], str] = {}  # the last group, by its entries
        self.of: list[str] | None = None
        self.groups = 0
        self.reference = ""

    def __call__(self, entries: list[str]) -> str:
        """``entries`` drawn: the reference to the groups before the last, then the last
        (drawn once for each content it has); a new list, or one that shrank, starts a
        new chain."""
        settled = max(0, (len(entries) - 1) // self.size)  # the groups before the last entry's
        if entries is not self.of or settled < self.groups:
            self.of, self.groups, self.reference = entries, 0, ""
        size = self.size
        while self.groups < settled:
            start = self.groups * size
            self.reference = self.pieces.refer(self.reference + self.draw(entries[start:start + size]))
            self.groups += 1
        rest = tuple(entries[settled * size:])
        drawn = self.drawn.get(rest)
        if drawn is None:
            drawn = self.drawn[rest] = self.draw(list(rest)) if rest else ""
        return self.reference + drawn


class _Memo:
    """What frames draw again and again, worked out once: what each seat's hand is
    (:meth:`analysis`, asked again only when the hand has changed); each hand's drawing
    and each seat's (a step changes one of them) as a piece (:class:`_Pieces`), each
    river and the dora indicators as a chain of pieces (:class:`_Chain`)."""

    def __init__(self) -> None:
        self.pieces = _Pieces()
        self.hands_followed = [Tracked([0] * 34) for _ in range(4)]  # a table seats four at most
        """Each seat's concealed tiles, following the table's (:meth:`Tracked.follow`)."""
        self.analysed: list[tuple[int, tuple[int, ...]] | None] = [None] * 4
        """What each seat's hand in :attr:`hands_followed` is (:meth:`analysis`)."""
        self.hands: dict[tuple[object, ...], str] = {}  # a hand by its counts, red fives, drawn tile, melds, call sides
        self.rivers: dict[int, _Chain] = {}
        self.dora = _Chain(self.pieces, 1, _tiles)
        self.safe_at: tuple[int, int] = (-1, -1)
        self.safe = SafeKinds()
        self.counted_at: tuple[int, int] = (-1, -1)
        self.counted: list[int] = []

    def public_counts(self, step: Step[Any]) -> list[int]:
        """The copies of each kind anyone sees at the step (:func:`paipu.danger.public_counts`),
        worked out once for its seats."""
        place = (step.round_index, step.event_index or 0)
        if self.counted_at != place:
            self.counted_at, self.counted = place, public_counts(step.table)  # type: ignore[arg-type]
        return self.counted

    def safe_kinds(self, step: Step[Any]) -> SafeKinds:
        """The genbutsu kinds against each seat after the step's event
        (:class:`paipu.danger.SafeKinds`), kept from the step before when it is the round's
        previous step (the replay's order), else worked out from the round's start."""
        round_: Round = step.round  # type: ignore[assignment]
        position = step.event_index or 0
        start = self.safe_at[1] + 1 if self.safe_at[0] == step.round_index and self.safe_at[1] <= position else 0
        if start == 0:
            self.safe = SafeKinds(len(round_.deal.hands))
        for event in round_.events[start:position + 1]:
            if type(event) is Discard:
                self.safe.discard(event.seat, event.tile, event.riichi)
        self.safe_at = (step.round_index, position)
        return self.safe

    def analysis(self, seat: int, hand: Hand) -> tuple[int, tuple[int, ...]]:
        """The shanten (向聴数) of a seat's concealed tiles (``hand``, the table's), and the
        kinds that matter to it: with ``3n+1`` tiles its waits (待ち); with a tile to
        discard (``3n+2``) and shanten 0, the discards that leave it ready (聴牌). The
        seat's hand is followed by a :class:`~paipu.shanten.Tracked`, as the statistics
        follow theirs: a step changes one hand, and only the parts of it changed are
        looked up again."""
        tracked, found = self.hands_followed[seat], self.analysed[seat]
        if not tracked.follow(hand.counts) and found is not None:
            return found
        shanten = tracked.shanten()
        if tracked.size % 3 == 1:
            kinds = tracked.waits()
        elif shanten == 0:
            kinds = tracked.ready_discards()
        else:
            kinds = ()
        found = self.analysed[seat] = (shanten, kinds)
        return found

    def hand(self, hand: Hand, sources: Offsets) -> str:
        """A reference to the drawing of a hand (:func:`_hand`)."""
        key = (tuple(hand.counts), tuple(hand.red), hand.drawn, tuple(hand.melds), sources)
        drawn = self.hands.get(key)
        if drawn is None:
            notation = hand.to_notation()
            drawn = self.hands[key] = self.pieces.refer(_hand(notation.concealed, notation.drawn, notation.melds,
                                                                       sources))
        return drawn

    def river(self, seat: int, river: list[str]) -> str:
        """A seat's river in rows of six (:func:`_row`), compact."""
        chain = self.rivers.get(seat)
        if chain is None:
            chain = self.rivers[seat] = _Chain(self.pieces, 6, _row)
        return f'<div class="pv-river">{chain(river)}</div>'


def _info(step: Step[Any], seat: int, memo: _Memo) -> str:
    """What a seat's hand is, in words: a hand of ``3n+1`` tiles its shanten, waits and
    furiten; a hand with a tile to discard (just drawn or called) complete, or the
    discards that leave it ready (聴牌), or its shanten (that of its best discard)."""
    table: Table = step.table  # type: ignore[assignment]
    hand = table.hands[seat]
    if table.unknown[seat] or hand.size % 3 == 0:
        return '<div class="pv-info">hand not known (see the problems)</div>'
    shanten, kinds = memo.analysis(seat, hand)
    waiting = hand.size % 3 == 1
    if shanten < 0:
        words = "complete (和了形)"
    elif shanten == 0 and waiting:
        words = "tenpai (聴牌)"
    elif shanten == 0 and hand.riichi and hand.drawn:  # in riichi only the drawn tile may go
        words = "tenpai (聴牌) by discarding " + _tiles([hand.drawn])
    elif shanten == 0:
        words = "tenpai (聴牌) by discarding " + _tiles(KINDS[k] for k in kinds)
    else:
        words = f"{shanten}-shanten"
    seen = [public + own for public, own in zip(memo.public_counts(step), hand.counts)]
    if kinds and waiting:
        live = '<span class="pv-more" title="copies not seen by this seat">×{}</span>'
        words += " · waits " + "".join(svg.tile(KINDS[k]) + live.format(max(0, 4 - seen[k])) for k in kinds)
        reason = _furiten(step, seat, kinds)
        if reason:
            words += f' · <b class="pv-furiten" title="{html.escape(reason)}">furiten</b>'
    return f'<div class="pv-info">{words}</div>{_danger(step, seat, seen, memo)}'


def _danger(step: Step[Any], seat: int, seen: list[int], memo: _Memo) -> str:
    """The danger (危険度: :mod:`paipu.danger`) of each kind in a seat's hand against the
    other seats in riichi, the highest over them (the value the seed's fold rule
    minimises), with its class; nothing while no other seat is in riichi."""
    safe = memo.safe_kinds(step)
    riichi = [other for other, declared in enumerate(safe.riichi) if declared and other != seat]
    if not riichi:
        return ""
    hand = step.table.hands[seat]  # type: ignore[union-attr]
    rated = []
    for kind, count in enumerate(hand.counts):
        if count:
            worst = max((danger(KINDS[kind], safe[other], 4 - seen[kind], len(safe.riichi)) for other in riichi),
                        key=lambda d: d.value)
            level = 0 if worst.value == 0 else 1 if worst.value <= 4 else 2 if worst.value <= 8 else 3
            rated.append(f'<span class="pv-danger pv-d{level}" title="{worst.label}">{svg.tile(KINDS[kind])}'
                         f'{worst.value}</span>')
    return f'<div class="pv-more pv-dangers">danger against riichi: {"".join(rated)}</div>'


def _furiten(step: Step[Any], seat: int, waits: tuple[int, ...]) -> str | None:
    """Why a ron by ``seat`` now would be furiten (振聴), or ``None``. Right after its own
    discard only its river counts: that discard ended any temporary furiten. At a ron
    the tile won on is still on offer (to the winner, and to a second winner of a double
    ron): it is not a tile passed."""
    table: Table = step.table  # type: ignore[assignment]
    round_: Round = step.round  # type: ignore[assignment]
    events, position = round_.events, step.event_index or 0
    last = next((e for e in reversed(events[:position + 1]) if type(e) in (Discard, Kan)), None)
    if type(last) is Discard and last.seat == seat:
        own = next((tile[:2] for tile in table.rivers[seat] if KIND_OF[tile[:2]] in waits), None)
        return None if own is None else f"furiten: the wait {own} is in the own river"
    # A tile just passed may still be won on; once the next event has come, it counts.
    event = events[position]
    on_offer = passed_tile(event) is not None or (type(event) is Win and event.discarder is not None)
    return furiten(table, seat, events, position + 1, on_offer, waits)


def _seat(step: Step[Any], seat: int, memo: _Memo) -> str:
    """One seat's side of the table: its river by the centre, then what its hand is
    (:func:`_info`), then the hand at the table's edge; drawn as the viewpoint's seat
    (at the bottom) and turned to its place by the page's style (:func:`_seat_style`)."""
    round_, table = step.round, step.table
    assert round_ is not None  # the end of the game has its own drawing (_standings)
    player = round_.player_of(seat)
    actor = getattr(step.event, "seat", None) == seat  # the seat that acted at this step is outlined
    opening = f'<section class="pv-seat{" pv-actor" if actor else ""}" data-player="{player}" data-seat="{seat}">'
    if table is None:
        return (f'{opening}<div class="pv-band"><div class="pv-info">not replayed (see the problems)</div></div>'
                "</section>")
    body = (memo.river(seat, table.rivers[seat]) + _info(step, seat, memo)
            + memo.hand(table.hands[seat], offsets(table.marks, seat)))
    return memo.pieces.refer(f'{opening}<div class="pv-band">{body}</div></section>')


def _labels(step: Step[Any], names: tuple[str, ...], memo: _Memo) -> str:
    """Each seat's wind, name, score and riichi by the edge of the centre that faces it
    (turned with the seat), the seat whose event the step shows outlined."""
    round_, table = step.round, step.table
    assert round_ is not None
    labels = []
    for seat in range(len(round_.deal.hands)):
        player = round_.player_of(seat)
        actor = " pv-actor" if getattr(step.event, "seat", None) == seat else ""
        riichi = ""
        if table is not None and table.riichi[seat]:
            riichi = f' <span class="pv-riichi">{"double riichi" if table.riichi[seat] == 2 else "riichi"}</span>'
        labels.append(f'<div class="pv-label{actor}" data-player="{player}"><span><span class="pv-wind">'
                      f'{WIND_NAMES[seat]}</span> <b class="pv-name">{names[player]}</b> <span class="pv-score">'
                      f'{(table.scores if table else round_.deal.scores)[seat]}</span>{riichi}</span></div>')
    return memo.pieces.refer("".join(labels))


def _standings(step: Step[Any], names: tuple[str, ...]) -> str:
    """The end of the game: the players first to last, each with final score and rank as
    logged or, where the log states none (mjai's), as the rules work them out from the
    standing after the last round (:class:`~paipu.settlement.GameEnd`, said so)."""
    game = step.game
    expected = step.expected if type(step.expected) is GameEnd else None
    scores, ranks = game.final_scores, game.ranks
    derived = ""
    if expected is not None and (scores is None or ranks is None):
        scores, ranks = scores or expected.scores, ranks or expected.ranks
        derived = ('<p class="pv-derived">The log states no final results: these are worked out by the rules '
                   "from the scores after the last round.</p>")
    players = range(len(names))
    order = sorted(players, key=lambda p: ranks[p]) if ranks else (
        sorted(players, key=lambda p: -scores[p]) if scores else players)
    seats = []
    for player in order:
        score = "" if scores is None else f'<span class="pv-score">{scores[player]}</span>'
        rank = "" if ranks is None else f" · rank {ranks[player]}"
        seats.append(f'<div class="pv-rank" data-player="{player}"><b class="pv-name">{names[player]}</b> '
                     f'{score}{rank}</div>')
    return f'<div class="pv-standings"><h4>Final standings</h4>{"".join(seats)}{derived}</div>'


def _head(step: Step[Any], memo: _Memo) -> str:
    """The middle of the table: round, honba, riichi sticks, wall, dora (and ura at a win)."""
    round_, table = step.round, step.table
    if round_ is None:
        return '<div class="pv-head"><b>Final standings</b></div>'
    deal = round_.deal
    label = f"{WIND_NAMES[deal.round_wind]}{deal.hand_number + 1}局"
    sticks = table.sticks if table else deal.riichi_sticks
    parts = [f'<b class="pv-round">{label}</b>',
             f'<span title="honba (本場) · riichi sticks (供託)">{deal.honba} 本場 · {sticks} 供託</span>']
    if table is not None:
        parts.append(f'<span title="tiles left in the live wall">wall <b class="pv-wall">{table.wall}</b></span>')
        parts.append(f'<span class="pv-dora">{memo.dora(table.dora_indicators)}</span>')
    else:
        parts.append(f'<span class="pv-dora">{svg.tile(deal.dora_indicator)}</span>')
    if type(step.event) is Win and step.event.ura_indicators:
        parts.append(f'<span class="pv-ura" title="ura dora indicators">{_tiles(step.event.ura_indicators)}</span>')
    return f'<div class="pv-head">{"".join(parts)}</div>'


def _by_seat(values: Iterable[int] | None, round_: Round, names: tuple[str, ...], signed: bool = True) -> str:
    """Numbers by seat with each seat's player name: payments signed, scores not;
    ``None`` (payments a log does not state) is "not logged"."""
    if values is None:
        return "not logged"
    return ", ".join(f"{names[round_.player_of(seat)]} {value:+d}" if signed else f"{names[round_.player_of(seat)]} {value}"
                     for seat, value in enumerate(values))


Row = tuple[str, str, Any, Any]
"""A row of a comparison: the check that compares it (the :class:`Finding`'s ``check``),
what it is, the rules' value and the log's."""

_ROW_OF = {"game.incomplete": "game.rounds"}
"""Checks reported on the row of another."""


def _compare(title: str, rows: list[Row]) -> str:
    """The engine's values beside the log's, a row each, named by its check
    (``data-check``): :func:`_marked` marks those of the step's findings."""
    body = "".join(f'<tr data-check="{check}"><th>{html.escape(what)}</th><td>{rules}</td><td>{logged}</td></tr>'
                   for check, what, rules, logged in rows)
    return (f'<table class="pv-cmp"><caption>{title}</caption><thead><tr><th></th><th>rules</th><th>log</th>'
            f'</tr></thead><tbody>{body}</tbody></table>')


def _marked(body: str, findings: Iterable[Finding]) -> str:
    """A frame's comparisons with the rows of ``findings`` marked (``pv-diff``): a row is
    marked exactly where validation reports a disagreement."""
    for check in {_ROW_OF.get(finding.check, finding.check) for finding in findings}:
        body = body.replace(f'<tr data-check="{check}">', f'<tr class="pv-diff" data-check="{check}">')
    return body


def _yaku_words(yaku: Iterable[Any], ordered: bool = True) -> str:
    """Yaku as ``name han`` by their 電脳麻将 names, those worth nothing left out; sorted
    when ``ordered`` (to compare two lists), else in their own order."""
    words = [f"{page_text(yaku_name(y.name))} {'*' * y.yakuman if y.yakuman else y.han}" for y in yaku if y.han or y.yakuman]
    return ", ".join(sorted(words) if ordered else words) or "none"


def _over(content: str) -> str:
    """What a step's result is (a win, a draw, the standings), shown over the table, with
    a button that puts it away (until the next step)."""
    return (f'<div class="pv-over"><button type="button" class="pv-close" data-act="dismiss" '
            f'title="Escape: put away">×</button>{content}</div>')


Panels = tuple[str, str]
"""What a step adds to its table: what is shown over it (:func:`_over`), and the rules'
values beside the log's (:func:`_compare`) for the side panel."""


def _win_panel(step: Step[Win], names: tuple[str, ...], expected: WinExpectation | None) -> Panels:
    win = step.event
    round_: Round = step.round  # type: ignore[assignment]
    who = f"{SEAT_NAMES[win.seat]} {names[round_.player_of(win.seat)]}"
    how = "tsumo" if win.discarder is None else (
        f"ron from {SEAT_NAMES[win.discarder]} {names[round_.player_of(win.discarder)]}")
    value = f"yakuman ×{win.yakuman}" if win.yakuman else f"{win.fu or '-'} fu {win.han} han"
    sources = FOUR_OFFSETS if step.table is None else offsets(step.table.marks, win.seat)
    def drawn(hand: HandNotation) -> str:
        return _hand(hand.concealed, hand.drawn, hand.melds, sources)

    logged = _over(f'<div class="pv-panel pv-win"><h4>{who}: {how}</h4>{drawn(win.hand)}'
                   f'<p class="pv-yaku">{_yaku_words(win.yaku, False)}</p><p>{value}: <b>{win.points}</b></p>'
                   f'<p>payments {_by_seat(win.payments, round_, names)}</p></div>')
    if expected is None:
        return logged, ""
    result = expected.result
    ura = None if win.ura_indicators is None else len(win.ura_indicators)
    rows: list[Row] = [("hule", "allowed", page_text(expected.allowed or "yes", 300), "yes"),
                       ("hule.shoupai", "hand", drawn(expected.hand), drawn(win.hand))]
    if result:
        rows += [("hule.hupai", "yaku", _yaku_words(result.yaku), _yaku_words(win.yaku)),  # type: ignore[union-attr]
                 ("hule.fu", "fu", result.fu or "-", win.fu or "-"),  # type: ignore[union-attr]
                 ("hule.fanshu", "han", result.han or "-", win.han or "-"),  # type: ignore[union-attr]
                 ("hule.damanguan", "yakuman", result.yakuman or "-", win.yakuman or "-"),  # type: ignore[union-attr]
                 ("hule.defen", "points", result.points, win.points),  # type: ignore[union-attr]
                 ("hule.fenpei", "payments", _by_seat(result.payments, round_, names),  # type: ignore[union-attr]
                  _by_seat(win.payments, round_, names)),
                 ("hule.fubaopai", "ura indicators", "-" if expected.ura_count is None else expected.ura_count,
                  "-" if ura is None else ura)]
        if win.limit is not None:
            rows.append(("hule.limit", "limit", result.limit or "-", page_text(win.limit) or "-"))  # type: ignore[union-attr]
    else:
        rows.append(("hule.defen", "points", str(result), win.points))
    return logged, f'<div class="pv-panel">{_compare("the win", rows)}</div>'


def _deal_panel(step: Step[Deal], names: tuple[str, ...], expected: DealExpectation) -> str:
    deal = step.event
    round_: Round = step.round  # type: ignore[assignment]
    if expected.alternative is not None and expected.alternative.states(deal):
        expected = expected.alternative
    rows: list[Row] = [
        ("qipai.round", "round", f"{WIND_NAMES[expected.round_wind]}{expected.hand_number + 1}局",
         f"{WIND_NAMES[deal.round_wind]}{deal.hand_number + 1}局"),
        ("qipai.changbang", "honba", expected.honba, deal.honba),
        ("qipai.lizhibang", "riichi sticks", expected.riichi_sticks, deal.riichi_sticks),
        ("qipai.defen", "scores", _by_seat(expected.scores, round_, names, False),
         _by_seat(deal.scores, round_, names, False))]
    return f'<div class="pv-panel">{_compare("the deal", rows)}</div>'


def _draw_over(step: Step[NoWin], names: tuple[str, ...]) -> str:
    """A draw as logged: its name, the hands shown, the payments."""
    draw = step.event
    round_: Round = step.round  # type: ignore[assignment]
    table = step.table
    hands = "".join(
        f'<p>{SEAT_NAMES[seat]} {names[round_.player_of(seat)]}</p>'
        + _hand(hand.concealed, hand.drawn, hand.melds, FOUR_OFFSETS if table is None else offsets(table.marks, seat))
        for seat, hand in enumerate(draw.hands) if hand is not None)
    return _over(f'<div class="pv-panel pv-draw"><h4>{html.escape(event_words(draw))}</h4>{hands}'
                 f'<p>payments {_by_seat(draw.payments, round_, names)}</p></div>')


def _draw_panel(step: Step[NoWin], names: tuple[str, ...], expected: DrawExpectation) -> str:
    draw = step.event
    round_: Round = step.round  # type: ignore[assignment]
    must = ", ".join(f"{SEAT_NAMES[seat]} {'either' if shown is None else 'shown' if shown else 'hidden'}"
                     for seat, shown in enumerate(expected.shown))
    shown = ", ".join(f"{SEAT_NAMES[seat]} {'hidden' if hand is None else 'shown'}"
                      for seat, hand in enumerate(draw.hands))
    rows: list[Row] = [("pingju.name", "draw", expected.name or "no draw here", draw_name(draw.name) or page_text(draw.name)),
                       ("pingju.shoupai", "hands", must, shown),
                       ("pingju.fenpei", "payments", _by_seat(expected.payments, round_, names),
                        _by_seat(draw.payments, round_, names))]
    return f'<div class="pv-panel">{_compare("the draw", rows)}</div>'


def _end_panel(step: Step[Any], names: tuple[str, ...], expected: GameEnd) -> str:
    game = step.game
    ends = "yes" if expected.ends else "no: rounds missing"
    if expected.extra_from is not None:
        ends = f"no: before {game.rounds[expected.extra_from].label}"

    def by_player(values: Iterable[Any] | None) -> str:
        return "-" if values is None else ", ".join(f"{name} {page_text(value)}" for name, value in zip(names, values))

    rows: list[Row] = [("game.rounds", "the game ends here", ends, "yes" if game.final_scores is not None else "-"),
                       ("game.defen", "final scores", by_player(expected.scores), by_player(game.final_scores)),
                       ("game.rank", "ranks", by_player(expected.ranks), by_player(game.ranks)),
                       ("game.point", "points", by_player(expected.points), by_player(game.points))]
    return f'<div class="pv-panel">{_compare("final scores, ranks and points", rows)}</div>'


def findings_panel(findings: Iterable[Finding]) -> str:
    """The findings of a step, each with its check and message."""
    items = "".join(f'<li data-check="{page_text(f.check)}"><code>{page_text(f.check)}</code> {page_text(f.message, 300)}</li>'
                    for f in findings)
    return f'<div class="pv-panel pv-findings"><h4>findings</h4><ul>{items}</ul></div>' if items else ""


def _body(step: Step[Any], names: tuple[str, ...], memo: _Memo, check: bool) -> str:
    """A frame without its findings and its end (:func:`frame`, :data:`_FRAME_END`): the
    event in words, the table (the seats around the centre: :func:`_seat_style` turns
    them), what the step's result is over it, and the side panel, left open for the
    findings."""
    players = len(step.game.players)
    expected = step.expected if check else None
    over, side = "", ""
    if type(step.event) is Win:
        over, side = _win_panel(step, names, expected)  # type: ignore[arg-type]
    elif type(step.event) is NoWin:
        over = _draw_over(step, names)
    if type(expected) is DealExpectation:
        side = _deal_panel(step, names, expected)
    elif type(expected) is DrawExpectation:
        side = _draw_panel(step, names, expected)
    elif type(expected) is GameEnd:
        side = _end_panel(step, names, expected)
    where = "" if step.event_index is None else f' data-event="{step.event_index}"'
    where += _marks(step)
    if step.round is None:
        seats, labels, over = "", "", _over(_standings(step, names))
    else:
        seats = "".join(_seat(step, seat, memo) for seat in range(len(step.round.deal.hands)))
        labels = _labels(step, names, memo)
    words = html.escape(event_words(step.event, players, step.table.marks if step.table else None))
    return (f'<div class="pv-frame" data-round="{step.round_index}"{where}><p class="pv-event">{words}</p>'
            f'<div class="pv-main"><div class="pv-box"><div class="pv-board">{seats}<div class="pv-centre">{labels}'
            f'{_head(step, memo)}</div></div>{over}</div><div class="pv-aside">{side}')


def _marks(step: Step[Any]) -> str:
    """What a frame marks (:data:`_MARK_STYLE`), as its attributes: the seat of the last
    discard (``data-last``), the seat that dealt into a ron (``data-in``), the dora
    (``data-dora``, kinds in 電脳麻将 notation)."""
    round_, table = step.round, step.table
    if round_ is None or table is None:
        return ""
    events = round_.events[:(step.event_index or 0) + 1]
    last = next((e for e in reversed(events) if type(e) is Discard), None)
    marks = "" if last is None else f' data-last="{last.seat}"'
    if type(step.event) is Win and step.event.discarder is not None:
        marks += f' data-in="{step.event.discarder}"'
    three = len(round_.deal.hands) == 3  # no 2m-8m: a 1m indicator shows 9m
    dora = {"m9" if three and tile == "m1" else dora_of(tile) for tile in table.dora_indicators}
    return marks + f' data-dora="{" ".join(sorted(dora))}"'


_MARK_STYLE = "".join(
    [f".pv-frame[data-last='{seat}'] .pv-seat[data-seat='{seat}'] .pv-row:last-child>.t:last-child"
     "{outline:3px solid #ffd23f;outline-offset:-1px;border-radius:3px}"
     f".pv-frame[data-in='{seat}'] .pv-seat[data-seat='{seat}'] .pv-row:last-child>.t:last-child"
     "{outline:3px solid #ff3b30;outline-offset:-1px;border-radius:3px}" for seat in range(4)]
    + [f".pv-frame[data-dora~='{kind}'] :is(.pv-con,.pv-drawn,.pv-meld) .t:has(use[href='#pv-{kind}'])"
       "{outline:2px solid #f5c518;outline-offset:-2px;border-radius:4px}" for kind in KINDS]
    + [":is(.pv-con,.pv-drawn,.pv-meld) .t:has(use[href$='0'])"
       "{outline:2px solid #f5c518;outline-offset:-2px;border-radius:4px}"])
"""The marks of a frame (:func:`_marks`): the last discard framed yellow, the tile dealt
into a ron red, each dora in a hand (a red five always) gold."""

_FRAME_END = "</div></div></div>"
"""What closes a frame after its findings: the side panel, the table and the side, the frame."""


def frame(step: Step[Any], findings: Iterable[Finding] | None = None) -> str:
    """The HTML of one step's frame (without the page around it: see :class:`Viewer`),
    with ``findings`` at the step, by default those validation makes of the step alone
    (:func:`step_findings`)."""
    names = tuple(page_text(name.split("\n")[0], 40) for name in step.game.players)
    found = step_findings(step) if findings is None else list(findings)
    memo = _Memo()
    return memo.pieces.expand(_marked(_body(step, names, memo, True), found) + findings_panel(found) + _FRAME_END)


def step_findings(step: Step[Any]) -> list[Finding]:
    """The findings validation makes at one step of a replay: its problems, and where
    the engine expected something (a deal, a win, a draw, the end) the comparison with
    the log. (A game's findings need the whole replay: :func:`paipu.validate`.)"""
    checker = Checker()
    checker.on_game_start(step.game)
    for problem in step.problems:
        checker.on_problem(step, problem)
    checked = _CHECKED.get(type(step.event))
    if checked is not None and step.expected is not None:
        checked(checker, step)
    hook = EVENT_HOOKS.get(type(step.event))
    if hook is not None:
        for menus in menu_checkers(step.game, checker.add):
            getattr(menus, hook)(step)
    return checker.findings


def step_html(step: Step[Any]) -> str:
    """One step drawn on its own (:meth:`Step._repr_html_ <paipu.observe.Step>`): the
    frame with the page's style and tiles, no script."""
    return f'<div class="pv">{_STYLE}{svg.symbols()}{frame(step)}</div>'


def round_html(round_: Round) -> str:
    """One round stepped through on its own (:meth:`Round._repr_html_
    <paipu.events.Round>`): its game is not known, so its players are unnamed and nothing
    is checked."""
    excerpt = Game("", tuple(f"player {player + 1}" for player in range(round_.players)), round_.first_dealer,
                   (round_,))
    return Viewer(excerpt, check=False).html()


# -- the replay recorded ------------------------------------------------------------------


class _Recorder(Observer[None]):
    """The observer of the replay that draws a frame at every step, after validation's
    checker (:attr:`checker`, when checking) has checked it: the checker keeps each
    finding with its place."""

    def __init__(self, game: Game, check: bool, rounds: frozenset[int] | None = None) -> None:
        self.checker = Checker() if check else None
        self.rounds = rounds
        """The indices of the rounds drawn (``None``: every round); the end is drawn always."""
        self.names = tuple(page_text(name.split("\n")[0], 40) for name in game.players)
        self.memo = _Memo()
        self.bodies: list[str] = []
        self.places: list[tuple[int, int | None]] = []

    def result(self) -> None:
        return None

    def on_game_start(self, game: Game) -> None:
        if self.checker is not None:
            self.checker.on_game_start(game)

    def record(self, step: Step[Any]) -> None:
        """Check the step as validation does, then draw its frame."""
        if self.checker is not None:
            checked = _CHECKED.get(type(step.event))
            if checked is not None:
                checked(self.checker, step)
        if self.rounds is not None and step.round is not None and step.round_index not in self.rounds:
            return
        self.places.append((step.round_index, step.event_index))
        self.bodies.append(_body(step, self.names, self.memo, self.checker is not None))

    def on_problem(self, step: Step[Any], problem: Any) -> None:
        if self.checker is not None:
            self.checker.on_problem(step, problem)

    on_deal = on_draw = on_discard = on_call = on_kan = on_dora = on_north = on_win = on_no_win = record
    on_game_end = record


_CHECKED: dict[type, Callable[[Checker, Step[Any]], None]] = {
    Deal: Checker.on_deal, Win: Checker.on_win, NoWin: Checker.on_no_win, type(None): Checker.on_game_end}
"""The hooks of validation's checker, by the type of the step's event (``None`` at the end)."""


# -- the viewer -----------------------------------------------------------------------------


class Frames(Sequence[str]):
    """The frames of a :class:`Viewer`, each one's HTML made whole when asked for: they are
    kept compact (``compact``, whose references are to ``pieces``), as the page carries
    them, so that a viewer's memory grows with the events, not with what each frame shows."""

    def __init__(self, compact: list[str], pieces: _Pieces) -> None:
        self.compact, self.pieces = compact, pieces

    def __len__(self) -> int:
        return len(self.compact)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self.pieces.expand(text) for text in self.compact[index]]
        return self.pieces.expand(self.compact[index])


class Viewer:
    """A game stepped through (see the module). ``frames`` the HTML of each step's frame
    (:class:`Frames`); ``steps`` the ``(round_index, event_index)`` of each frame, the end
    of the game last (``(len(rounds), None)``);
    ``findings`` those :func:`paipu.validate` reports for the game, ``finding_steps`` the
    step of each; ``start`` the step shown first and ``seat`` the player id whose
    viewpoint the table is drawn from (at the bottom).

    ``rounds`` (indices of rounds, from 0) draws the frames of those rounds only, and the
    end: the game is replayed whole and checked whole, but a page of a few rounds of a
    game costs and weighs what those rounds do (``paipu report`` links so into each game
    it names). The steps keep their places in the game (``#r5e30`` is the same step as in
    the whole game's page); a finding in a round not drawn is shown at the end."""

    def __init__(self, game: Game, rule: RuleSpec | None = None, *, check: bool = True,
                 rounds: Iterable[int] | None = None) -> None:
        for round_ in game.rounds:
            if len(round_.events) > MAX_ROUND_EVENTS:
                raise ValueError(f"{locator(game.source, round_.label, None)}: {len(round_.events):,} events, more "
                                 f"than a round can hold (the viewer draws at most {MAX_ROUND_EVENTS}; a real round "
                                 "holds fewer than 300): not drawn (paipu validate says what is wrong with it)")
        self.game = game
        replay = Replay(game, rule)
        self.rule = replay.rule
        self.rounds = None if rounds is None else frozenset(rounds)
        """The indices of the rounds drawn, ``None`` for every round."""
        recorder = _Recorder(game, check, self.rounds)
        checker = recorder.checker
        replay.run(recorder, *(menu_checkers(game, checker.add) if checker is not None else ()))
        self.names = recorder.names
        self.steps: list[tuple[int, int | None]] = recorder.places
        index = {place: i for i, place in enumerate(self.steps)}
        self.findings: list[Finding] = [] if checker is None else checker.findings
        places = [] if checker is None else checker.places
        self.finding_steps: list[int] = [index.get(place, len(self.steps) - 1) if place else len(self.steps) - 1
                                         for place in places]
        at_step: dict[int, list[Finding]] = {}
        for step, finding in zip(self.finding_steps, self.findings):
            at_step.setdefault(step, []).append(finding)
        self.frames = Frames([_marked(body, at_step.get(i, ())) + findings_panel(at_step.get(i, ())) + _FRAME_END
                              for i, body in enumerate(recorder.bodies)], recorder.memo.pieces)
        self.start = 0
        self.seat = 0
        self.check = check

    def __len__(self) -> int:
        return len(self.frames)

    def index(self, where: Where) -> int:
        """The index of a step: given as such, as a finding of this game, as a
        ``(round_index, event_index)`` pair or as the page's fragment (``"#r5e30"``:
        :func:`fragment`). ValueError for a step the game has not."""
        if isinstance(where, Finding):
            for finding, step in zip(self.findings, self.finding_steps):
                if finding == where:
                    return step
            raise ValueError(f"not a finding of this game: {where}")
        if isinstance(where, str):
            named = _FRAGMENT.fullmatch(where)
            if named is None:
                raise ValueError(f"no step {clip(where, 40)!r}: a step is named r5 (round 5), r5e30 (its event 30) "
                                 "or end")
            where = ((len(self.game.rounds), None) if named.group(3)
                     else (int(named.group(1)), int(named.group(2) or 0)))
        if isinstance(where, tuple):
            if where in self.steps:
                return self.steps.index(where)
            raise ValueError(f"no step at round {where[0]}, event {where[1]}")
        if isinstance(where, int) and -len(self.frames) <= where < len(self.frames):
            return where % len(self.frames)
        raise ValueError(f"no step {where!r}: the viewer has {len(self.frames)} steps")

    def at(self, where: Where) -> "Viewer":
        """The viewer shown from another step (see :meth:`index`): a finding, a step's
        index, a ``(round_index, event_index)``, a fragment (``"#r5e30"``)."""
        other = self._copy()
        other.start = self.index(where)
        return other

    def from_seat(self, player: int) -> "Viewer":
        """The viewer drawn from ``player``'s viewpoint (a player id)."""
        player = _check_index(player, "seat")
        if not 0 <= player < len(self.game.players):
            raise ValueError(f"no player {player}: the game has {len(self.game.players)}")
        other = self._copy()
        other.seat = player
        return other

    def _copy(self) -> "Viewer":
        other = Viewer.__new__(Viewer)
        other.__dict__.update(self.__dict__)
        return other

    def frame(self, where: Where | None = None) -> str:
        """The HTML of one frame (the start step's by default)."""
        return self.frames[self.start if where is None else self.index(where)]

    def link(self, where: Where) -> str:
        """The fragment of the page's address that opens a step (``#r5e30``: :func:`fragment`)."""
        round_index, event_index = self.steps[self.index(where)]
        return "#" + fragment(round_index, event_index, len(self.game.rounds))

    def round_starts(self) -> list[int]:
        """The index of each round's first step (its deal)."""
        starts: dict[int, int] = {}
        for i, (round_index, _) in enumerate(self.steps):
            starts.setdefault(round_index, i)
        return [starts[r] for r in sorted(starts) if r < len(self.game.rounds)]

    def html(self, standalone: bool = False) -> str:
        """The viewer as HTML: a fragment for a notebook, or with ``standalone`` a whole
        page (what :meth:`save` writes)."""
        ident = "pv-" + uuid.uuid4().hex[:12]
        pieces, frames = _SEPARATOR.join(self.frames.pieces.texts), _SEPARATOR.join(self.frames.compact)
        data = base64.b64encode(gzip.compress(f"{pieces}{_PIECES_END}{frames}".encode(), 6, mtime=0)).decode()
        starts = self.round_starts()
        meta = {"steps": len(self.frames), "start": self.start, "view": self.seat, "players": len(self.game.players),
                "rounds": starts, "findings": sorted(set(self.finding_steps)), "focus": standalone,
                "places": [[r, -1 if e is None else e] for r, e in self.steps], "count": len(self.game.rounds)}
        fragment = (
            # data-lm-suppress-shortcuts: JupyterLab (Lumino) leaves the keys pressed in the viewer to it
            f'<div class="pv pv-v{self.seat}" id="{ident}" tabindex="0" data-lm-suppress-shortcuts="true" '
            f'data-p-suppress-shortcuts="true">{_STYLE}<style>{_MARK_STYLE}</style>'
            f"{_seat_style(len(self.game.players))}"
            f"{svg.symbols()}{self._top()}{self._bar()}{self._timeline(starts)}"
            f'<div class="pv-stage">{self.frames[self.start]}</div>{self._contents(starts)}'
            f'<script type="text/plain" class="pv-frames">{data}</script>'
            f'<script type="application/json" class="pv-meta">{json.dumps(meta)}</script>'
            f"<script>{_SCRIPT.replace('@ID@', ident).replace('@BOARD@', str(BOARD))}</script></div>")
        if not standalone:
            return fragment
        title = page_text(file_name(self.game.source) or _one_line(self.game.title))
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title} · paipu</title>'
                f'<meta name="viewport" content="width=device-width,initial-scale=1"></head>'
                f'<body style="margin:8px;background:#eae6da">{fragment}</body></html>')

    def _top(self) -> str:
        game = self.game
        count = len(self.findings)
        found = (f'<span class="pv-bad">{_count(count, "finding")}</span>' if count
                 else "valid" if self.check else "not checked")
        drawn = "" if self.rounds is None else (
            f" · {_count(len(self.round_starts()), 'round')} of {len(game.rounds)} drawn")
        return (f'<div class="pv-top"><b>{page_text(_one_line(game.title) or "(no title)", 200)}</b> '
                f'<span>{page_text(file_name(game.source))}</span> · {found}{drawn}</div>')

    def _bar(self) -> str:
        buttons = [("first", "|◀", "Home: the first step"), ("prevround", "◀◀", "PgUp: the previous round"),
                   ("prev", "◀", "←: a step back"), ("next", "▶", "→: a step on"),
                   ("nextround", "▶▶", "PgDn: the next round"), ("last", "▶|", "End: the last step"),
                   ("prevfinding", "◀ finding", "p"), ("nextfinding", "finding ▶", "n"),
                   ("hide", "hide hands", "h: hide the other hands"),
                   ("extra", "danger", "d: each tile's danger against riichi and the live copies of each wait"),
                   ("play", "play", "space: play the steps in turn, or stop")]
        parts = [f'<button type="button" data-act="{act}" title="{tip}">{label}</button>' for act, label, tip in buttons]
        parts.append('<select class="pv-speed" title="seconds a step while playing">' + "".join(
            f'<option value="{seconds}"{" selected" * (seconds == 1)}>{seconds} s</option>'
            for seconds in (0.25, 0.5, 1, 2))
                     + "</select>")
        parts.append(f'<span class="pv-count">{self.start + 1} / {len(self.frames)}</span>')
        parts.append('<span class="pv-views">view:' + "".join(
            f'<button type="button" data-view="{player}" title="{player + 1}">{name}</button>'
            for player, name in enumerate(self.names)) + "</span>")
        parts.append('<span class="pv-keys">keys: ← → a step · PgUp PgDn a round · Home End · n p findings · '
                     '1-4 viewpoint · h hide hands · d danger · space play · Esc put away · swipe a step</span>')
        return f'<div class="pv-bar">{"".join(parts)}</div>'

    def _timeline(self, starts: list[int]) -> str:
        total = max(1, len(self.frames) - 1)
        segments = []
        for number, start in enumerate(starts):
            end = starts[number + 1] if number + 1 < len(starts) else len(self.frames) - 1
            round_ = self.game.rounds[self.steps[start][0]]
            segments.append(f'<a class="pv-seg" href="{self.link(start)}" data-go="{start}" '
                            f'style="flex-grow:{end - start}" '
                            f'title="{round_.label}: {self._result(round_)}">{_short_label(round_)}</a>')
        marks = "".join(f'<a class="pv-mark" href="{self.link(step)}" data-go="{step}" '
                        f'style="left:{100 * step / total:.2f}%" '
                        f'title="{page_text(finding.check)}"></a>'
                        for step, finding in dict(zip(self.finding_steps, self.findings)).items())
        return (f'<div class="pv-line">{"".join(segments)}{marks}'
                f'<span class="pv-pos" style="left:{100 * self.start / total:.2f}%"></span></div>')

    def _result(self, round_: Round) -> str:
        """A round's result as logged, in words."""
        results = round_.results
        if not results:
            return "the log stops in the middle of the round"
        words = []
        for result in results:
            if type(result) is NoWin:
                words.append(f"draw, {page_text(result.name)}")
            else:
                win: Win = result  # type: ignore[assignment]
                name = self.names[round_.player_of(win.seat)]
                how = "tsumo" if win.discarder is None else f"ron from {self.names[round_.player_of(win.discarder)]}"
                words.append(f"{name} {how} {win.points}")
        return "; ".join(words)

    def _contents(self, starts: list[int]) -> str:
        """The table of contents: each round with its result as logged, then the end;
        the number of findings of each."""
        counts: dict[int, int] = {}
        for step in self.finding_steps:
            round_index = self.steps[step][0]
            counts[round_index] = counts.get(round_index, 0) + 1
        entries = [(start, self.steps[start][0]) for start in starts] + [(len(self.frames) - 1, len(self.game.rounds))]
        items = []
        for start, round_index in entries:
            if round_index < len(self.game.rounds):
                round_ = self.game.rounds[round_index]
                what = f'<a href="{self.link(start)}" data-go="{start}">{round_.label}</a> {self._result(round_)}'
            else:
                what = f'<a href="#end" data-go="{start}">end of the game</a>'
            found = counts.get(round_index, 0)
            flag = f' <span class="pv-bad">{_count(found, "finding")}</span>' if found else ""
            items.append(f"<li>{what}{flag}</li>")
        return f'<details class="pv-toc" open><summary>rounds</summary><ol>{"".join(items)}</ol></details>'

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the viewer as a page of its own (offline: nothing is fetched), whole or
        not at all (:func:`paipu.output.write_whole`)."""
        from .output import write_whole

        target = Path(path)
        write_whole(target, self.html(standalone=True).encode("utf-8", "surrogateescape"))
        return target

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        place = self.steps[self.start]
        if place[0] >= len(self.game.rounds):
            where = "the end of the game"
        else:
            where = self.game.rounds[place[0]].label + ("" if place[1] is None else f", event {place[1]}")
        return (f"<Viewer {self.game.source or self.game.title!r}: {_count(len(self.game.rounds), 'round')}, "
                f"{_count(len(self.frames), 'step')}, {_count(len(self.findings), 'finding')}; "
                f"at step {self.start} ({where})>")


def _check_index(value: Any, name: str) -> int:
    """``value``, an index given as the argument ``name`` (an int, or anything that is one,
    as numpy's integers in the statistics tables: as an int); else TypeError."""
    index = as_index(value)
    if index is None:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} {clip(repr(value), 40)}")
    return index


def _short_label(round_: Round) -> str:
    """A round's label as the timeline writes it: ``東2`` for 東2局0本場, ``東2-1`` for
    東2局1本場 (a round played again is told from the first)."""
    deal = round_.deal
    label = f"{WIND_NAMES[deal.round_wind]}{deal.hand_number + 1}"
    return f"{label}-{deal.honba}" if deal.honba else label


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'s' * (number != 1)}"


def view(game_or_path: Game | GameReader | str | os.PathLike[str], rule: RuleSpec | None = None, *,
         round: int | None = None, seat: int | None = None, start: Where | None = None) -> Viewer:
    """A :class:`Viewer` of one game: a :class:`~paipu.events.Game`, a path to a file of
    one game or ``FILE#N`` (:func:`paipu.load`, its first load error raised), or a reader
    of :func:`paipu.load` made with options of its own (its load errors are left in it:
    ``paipu view`` reports them). ValueError for paths of no game or of several (name one
    as ``FILE#N``). ``rule`` as :func:`paipu.validate` takes it; ``round`` the index of
    the round to show first (its deal), ``start`` the step (see :meth:`Viewer.index`: a
    step's index, a finding, ``(round_index, event_index)``); ``seat`` the player id
    whose viewpoint the table is drawn from (default 0); ValueError for a round, step or
    player the game has not, or a round of more events than a game can hold
    (:data:`MAX_ROUND_EVENTS`), TypeError for a round or seat that is not an integer."""
    if isinstance(game_or_path, Game):
        game = game_or_path
    elif not isinstance(game_or_path, (GameReader, str, os.PathLike)):
        raise TypeError(f"view takes a Game, a path or a reader of paipu.load, not {type(game_or_path).__name__}")
    else:
        reader = game_or_path if isinstance(game_or_path, GameReader) else load(game_or_path, errors="raise")
        games = list(islice(reader, 2))  # a second game is enough to refuse: the rest is not read
        if len(games) != 1:
            named = ", ".join(reader.named)
            raise ValueError(f"{named} holds no game" if not games
                             else f"{named} holds several games: name one as PATH#N")
        game = games[0]
    if round is not None:
        round = _check_index(round, "round")
    if round is not None and not 0 <= round < len(game.rounds):
        raise ValueError(f"no round {round}: the game has {len(game.rounds)} (rounds count from 0)")
    viewer = Viewer(game, rule)
    if round is not None:
        viewer = viewer.at((round, 0))
    if start is not None:
        viewer = viewer.at(start)
    if seat is not None:
        viewer = viewer.from_seat(seat)
    return viewer


_TURNS = {"b": 0, "r": -90, "t": 180, "l": 90}
"""How far each place at the table turns a seat drawn at the bottom (degrees clockwise)."""


def _seat_style(players: int) -> str:
    """Where each player's seat is drawn from each viewpoint: the viewpoint at the bottom,
    the others counter-clockwise in turn order (下家 right, 対面 top, 上家 left), each
    seat and its label in the centre turned to face the centre."""
    places = {4: "brtl", 3: "brl", 2: "bt"}.get(players, "b" * players)
    rules = [f".pv-v{view} [data-player='{player}']:is(.pv-seat,.pv-label)"
             f"{{transform:rotate({_TURNS[places[(player - view) % players]]}deg)}}"
             for view in range(players) for player in range(players)]
    rules += [f".pv-hide.pv-v{view} .pv-seat:not([data-player='{view}']) :is(.pv-con,.pv-drawn) use{{visibility:hidden}}"
              f".pv-hide.pv-v{view} .pv-seat:not([data-player='{view}']) :is(.pv-con,.pv-drawn) .t{{background:#d9782d;"
              f"border-radius:3px}}.pv-hide.pv-v{view} .pv-seat:not([data-player='{view}']) :is(.pv-info,.pv-dangers)"
              "{visibility:hidden}"
              f".pv-v{view} .pv-views [data-view='{view}']{{background:#333;color:#fff}}" for view in range(players)]
    return f"<style>{''.join(rules)}</style>"


BOARD = 760
"""The table's side in CSS pixels before the page scales it to the screen (``--z``)."""

_STYLE = """<style>
.pv{--w:24px;--h:32px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#222;background:#f3efe4;
border:1px solid #cfc8b4;border-radius:6px;padding:6px 8px;max-width:1500px;box-sizing:border-box;outline:none;overflow-wrap:anywhere}
.pv:focus-visible{box-shadow:0 0 0 2px #d9782d}
.pv .t{width:var(--w);height:var(--h);flex:none;display:inline-block;vertical-align:bottom}
.pv button{font:inherit;font-size:13px;padding:1px 7px;border:1px solid #b9b09a;border-radius:4px;background:#fff;cursor:pointer}
.pv-top{margin-bottom:3px}.pv-top span{color:#555}
.pv-bad{color:#b3261e;font-weight:600}
.pv-bar{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.pv-count{margin:0 8px;font-variant-numeric:tabular-nums}.pv-keys{font-size:11px;color:#777;margin-left:6px}.pv-views button{margin-left:3px}
.pv-line{position:relative;display:flex;height:18px;margin:8px 0 4px}
.pv .pv-seg{flex:1 1 0;min-width:0;border-radius:0;border:0;border-right:1px solid #f3efe4;background:#d8d0ba;
font-size:10px;line-height:18px;overflow:hidden;white-space:nowrap;padding:0;color:inherit;text-decoration:none;text-align:center}
.pv .pv-mark{position:absolute;top:-4px;width:5px;height:26px;margin-left:-2px;background:#c8231e;border:0;border-radius:2px;padding:0}
.pv-pos{position:absolute;top:-5px;bottom:-5px;width:3px;margin-left:-1px;background:#222;pointer-events:none}
.pv-event{font-weight:600;margin:2px 0 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pv-main{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.pv-box{position:relative;flex:none;max-width:100%}
.pv-board{position:relative;width:760px;height:760px;zoom:var(--z,1);background:#2d6446;border-radius:10px;color:#eef3ef}
.pv-seat{position:absolute;inset:0;display:flex;flex-direction:column;justify-content:flex-end;pointer-events:none}
.pv-band{height:270px;display:flex;flex-direction:column;align-items:center}
.pv-band .pv-hand{margin:auto 0 2px;flex-wrap:nowrap;justify-content:center}
.pv-river{width:160px;margin-top:2px}.pv-row{min-height:var(--h)}
.pv-seat.pv-actor .pv-hand{box-shadow:0 0 0 2px #f0a040;border-radius:3px}
.pv-centre{position:absolute;left:270px;top:270px;width:220px;height:220px;background:#1f4a33;border-radius:8px}
.pv-label{position:absolute;inset:0;display:flex;align-items:flex-end;justify-content:center;padding:3px;font-size:12px;
pointer-events:none}
.pv-label>span{max-width:212px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;border-radius:4px;padding:0 3px}
.pv-label.pv-actor>span{background:#d9782d}
.pv-head{position:absolute;inset:42px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:3px;font-size:13px;text-align:center}
.pv-round{font-size:18px}.pv-head .t{--w:20px;--h:27px}.pv-dora,.pv-ura{display:flex;gap:1px}
.pv-wind{display:inline-block;background:#eee;color:#222;border-radius:3px;padding:0 3px}
.pv-score{font-variant-numeric:tabular-nums;margin-left:4px}
.pv-riichi{background:#c8231e;color:#fff;border-radius:8px;padding:0 5px;font-size:11px;margin-left:4px}
.pv-hand{display:flex;flex-wrap:wrap;align-items:flex-end;gap:2px 8px;margin:3px 0}
.pv-con,.pv-meld,.pv-drawn,.pv-row{display:flex;align-items:flex-end}
.pv .pv-side,.pv .pv-rc{transform:rotate(-90deg);margin:0 4px}
.pv .pv-stack{display:flex;flex-direction:column}
.pv .pv-stack .t{margin:calc((var(--w) - var(--h)) / 2) calc((var(--h) - var(--w)) / 2)}
.pv-info{font-size:12px;display:flex;align-items:center;justify-content:center;gap:3px;flex-wrap:wrap;max-width:560px;
pointer-events:auto;min-height:18px}
.pv-info .t{--w:15px;--h:20px}.pv-furiten{color:#ffb4a8}
.pv-more{display:none}.pv-extra .pv-more{display:inline-flex;align-items:center;gap:2px}
.pv-dangers{font-size:12px}.pv-dangers .t{--w:15px;--h:20px}.pv-danger{display:inline-flex;align-items:center;border-radius:3px;padding:0 2px 0 0;margin-left:2px;color:#111}
.pv-d0{background:#8fd19e}.pv-d1{background:#f3e38a}.pv-d2{background:#f6b26b}.pv-d3{background:#ef6b5e}
.pv .pv-speed{font-size:13px}.pv-extra [data-act=extra],.pv-hide [data-act=hide],.pv[data-playing] [data-act=play]{background:#333;color:#fff}
.pv .pv-tg{filter:brightness(.8) saturate(.7)}.pv .pv-cl{opacity:.3}
.pv-over{position:absolute;top:6%;left:4%;right:4%;max-height:88%;overflow:auto;background:rgba(255,255,255,.96);
border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.35);padding:4px 10px;z-index:2;box-sizing:border-box}
.pv-over .pv-panel{border:0;margin:0;padding:0}.pv-over .t{--w:min(24px,5.6vw);--h:calc(var(--w) * 4 / 3)}
:is(.pv-over,.pv-cmp) .pv-con{flex-wrap:wrap}.pv .pv-close{float:right;margin:2px 0 0 6px}
.pv-dismissed .pv-over{display:none}
.pv-aside{flex:1 1 300px;min-width:0;max-width:100%}.pv-aside:empty{display:none}
.pv-standings{display:flex;flex-direction:column;gap:4px}.pv-rank{padding:2px 0;border-bottom:1px solid #e2dccb}
.pv-derived{font-size:12px;color:#555}
.pv-panel{background:#fff;border:1px solid #ddd5c0;border-radius:5px;padding:4px 8px;margin:0 0 6px}
.pv-panel h4{margin:2px 0}.pv-panel p{margin:3px 0}
.pv-findings{border-color:#c8231e;background:#fff6f4}.pv-findings ul{margin:2px 0;padding-left:20px}
.pv-cmp{border-collapse:collapse;margin:4px 0;font-size:13px;width:100%;table-layout:fixed}.pv-cmp caption{text-align:left;font-weight:600}
.pv-cmp th,.pv-cmp td{border:1px solid #e2dccb;padding:1px 6px;text-align:left;vertical-align:top}.pv-cmp thead th:first-child{width:22%}
.pv-cmp tr.pv-diff td{background:#fbd9d2;font-weight:600}.pv-cmp .t{--w:18px;--h:24px}.pv-cmp .pv-hand{margin:1px 0;gap:2px 4px}
.pv-toc{margin-top:6px;font-size:13px}.pv-toc ol{margin:2px 0;padding-left:24px;columns:2 340px}
.pv-toc a{color:#1f4fa8}.pv-toc li.pv-here{font-weight:600}
</style>"""

_SCRIPT = r"""(function(){
var root=document.getElementById("@ID@");if(!root||root.getAttribute("data-live"))return;root.setAttribute("data-live","1");
var meta=JSON.parse(root.querySelector(".pv-meta").textContent),n=meta.steps,at=meta.start,view=meta.view,frames=null,pieces;
var stage=root.querySelector(".pv-stage"),count=root.querySelector(".pv-count"),pos=root.querySelector(".pv-pos");
var toc=root.querySelectorAll(".pv-toc li");
function roundOf(i){var r=-1;for(var k=0;k<meta.rounds.length;k++)if(meta.rounds[k]<=i)r=k;return r;}
function after(list){for(var k=0;k<list.length;k++)if(list[k]>at)return list[k];return at;}
function before(list){for(var k=list.length-1;k>=0;k--)if(list[k]<at)return list[k];return at;}
var acts={first:function(){return 0},last:function(){return n-1},prev:function(){return at-1},next:function(){return at+1},
prevround:function(){return before(meta.rounds)},nextround:function(){var i=after(meta.rounds);return i==at?n-1:i},
prevfinding:function(){return before(meta.findings)},nextfinding:function(){return after(meta.findings)}};
function expand(text){var out=[],stack=[text.split("\u001f")],places=[0];
while(stack.length){var parts=stack[stack.length-1],k=places[places.length-1];if(k==parts.length){stack.pop();places.pop();continue;}
places[places.length-1]=k+1;if(k%2){var p=+parts[k];if(typeof pieces[p]=="string")pieces[p]=pieces[p].split("\u001f");
stack.push(pieces[p]);places.push(0);}else out.push(parts[k]);}
return out.join("");}
function fit(){var box=stage.querySelector(".pv-box");if(!box)return;var top=box.getBoundingClientRect().top-root.getBoundingClientRect().top;
var z=Math.min((root.clientWidth-18)/@BOARD@,(window.innerHeight-top-14)/@BOARD@);root.style.setProperty("--z",Math.max(.3,Math.min(1.3,z)).toFixed(3));}
function show(i){if(!frames)return;at=Math.max(0,Math.min(n-1,i));stage.innerHTML=expand(frames[at]);stage.classList.remove("pv-dismissed");fit();
count.textContent=(at+1)+" / "+n;pos.style.left=(100*at/Math.max(1,n-1))+"%";
var r=at==n-1?toc.length-1:roundOf(at);for(var k=0;k<toc.length;k++)toc[k].classList.toggle("pv-here",k==r);
root.setAttribute("data-at",at);
if(meta.focus&&location.hash!="#"+frag(at))history.replaceState(null,"","#"+frag(at));}
function frag(i){var p=meta.places[i];return p[0]>=meta.count||p[1]<0?"end":"r"+p[0]+(p[1]?"e"+p[1]:"");}
function named(h){var m=/^#?(?:r(\d+)(?:e(\d+))?|(end))$/.exec(h);if(!m)return null;if(m[3])return n-1;
var r=+m[1],e=+(m[2]||0);for(var k=0;k<n;k++){var p=meta.places[k];if(p[0]==r&&p[1]>=e||p[0]>r)return k;}return n-1;}
var timer=null,speed=root.querySelector(".pv-speed"),playing=root.querySelector("[data-act=play]");
function tick(){if(at>=n-1){play();return;}show(at+1);timer=setTimeout(tick,1000*speed.value);}
function play(){if(timer){clearTimeout(timer);timer=null;root.removeAttribute("data-playing");playing.textContent="play";}
else{root.setAttribute("data-playing","1");playing.textContent="stop";timer=setTimeout(tick,1000*speed.value);}}
var touch=null;stage.addEventListener("touchstart",function(e){if(e.touches.length==1)touch=[e.touches[0].clientX,e.touches[0].clientY];},{passive:true});
stage.addEventListener("touchend",function(e){if(!touch)return;var t=e.changedTouches[0],dx=t.clientX-touch[0],dy=t.clientY-touch[1];touch=null;
if(Math.abs(dx)>40&&Math.abs(dx)>2*Math.abs(dy))show(dx<0?at+1:at-1);});
function look(v){root.classList.remove("pv-v"+view);view=v;root.classList.add("pv-v"+view);}
root.addEventListener("click",function(e){var b=e.target.closest("[data-go],[data-act],[data-view]");if(!b)return;e.preventDefault();
if(b.hasAttribute("data-go"))show(+b.getAttribute("data-go"));else if(b.hasAttribute("data-view"))look(+b.getAttribute("data-view"));
else if(b.getAttribute("data-act")=="hide")root.classList.toggle("pv-hide");
else if(b.getAttribute("data-act")=="dismiss")stage.classList.add("pv-dismissed");
else if(b.getAttribute("data-act")=="extra")root.classList.toggle("pv-extra");else if(b.getAttribute("data-act")=="play")play();else show(acts[b.getAttribute("data-act")]());
root.focus({preventScroll:true});});
var keys={ArrowLeft:"prev",ArrowRight:"next",PageUp:"prevround",PageDown:"nextround",Home:"first",End:"last",n:"nextfinding",p:"prevfinding"};
root.addEventListener("keydown",function(e){if(e.ctrlKey||e.metaKey||e.altKey)return;var k=e.key;
if(keys[k])show(acts[keys[k]]());else if(k>="1"&&k<="9"&&+k<=meta.players)look(+k-1);
else if(k=="h")root.classList.toggle("pv-hide");else if(k=="d")root.classList.toggle("pv-extra");
else if(k==" ")play();else if(k=="Escape")stage.classList.add("pv-dismissed");else return;e.preventDefault();e.stopPropagation();});
if(meta.focus){var h=named(location.hash);if(h!=null)at=h;
window.addEventListener("hashchange",function(){var h=named(location.hash);if(h!=null&&h!=at)show(h);});}
var raw=atob(root.querySelector(".pv-frames").textContent.trim()),bytes=new Uint8Array(raw.length);
for(var k=0;k<raw.length;k++)bytes[k]=raw.charCodeAt(k);
new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text().then(function(text){
var halves=text.split("\u001c");pieces=halves[0].split("\u001e");frames=halves[1].split("\u001e");
root.setAttribute("data-ready","1");show(at);if(meta.focus)root.focus();});
fit();window.addEventListener("resize",fit);
})();"""
