"""paipu: load, replay, validate and analyse Riichi mahjong game logs (牌譜).

The names most users need::

    import paipu
    for game in paipu.load("logs/"):       # 電脳麻将 paipu JSON (.json, .json.gz), dirs
        print(game)                        # a readable account of the game

    findings = paipu.validate("logs/", rule="tenhou")   # every disagreement with the rules

    class Riichi(paipu.Observer):          # your own analysis: a hook per event
        def on_discard(self, step): ...
    paipu.replay("logs/", Riichi())        # through the rules engine (paipu.walk: events only)

    paipu.view("game.json", rule="tenhou") # a game stepped through: Jupyter, or .save("game.html")
    paipu.report("logs/", player="NAME")   # a player against the field: Jupyter, or .save("report.html")

See docs/cli.md for the command line (``paipu show``, ``paipu validate``...).
"""

import sys as _sys

_COMMAND = _sys.argv[:1] == ["-m"]  # run as `python -m paipu` (argv[0] is "-m" while it is found)
if _COMMAND:  # a Ctrl-C while the library loads ends as the command's does (paipu_main)
    from paipu_main import exit_on_interrupt as _exit_on_interrupt

    _exit_on_interrupt(True)

from .build import load_sources as _load_sources, wants_pure as _wants_pure

if _wants_pure():  # PAIPU_PURE=1: the .py files, even where compiled modules are installed
    _load_sources(__name__)

from .events import (
    Call,
    Deal,
    Discard,
    DoraReveal,
    Draw,
    Event,
    Game,
    Kan,
    KanDraw,
    NorthSetAside,
    NoWin,
    Round,
    Win,
    Yaku,
)
from .formats import FormatError
from .formats.majiang import game_from_json, game_to_json
from .loader import GameReader, LoadError, load
from .engine import Replay, replay
from .observe import Observer, Step, walk
from .rules import Rule
from .validation import Finding, findings_frame, validate
from . import decisions as _decisions_module  # light: pandas and pyarrow load where its tables are made
from .tiles import HandNotation, Meld, NotationError, parse_hand, parse_meld
from .view import Viewer, view
from . import report as _report_module  # light: the statistics, the defence and the plots load where a report is made

decisions = _decisions_module.decisions
"""``paipu.decisions(games, rule=None)``: the decision table (:mod:`paipu.decisions`; the
function takes the module's name here: ``from paipu.decisions import Decisions`` reaches
the module)."""

report = _report_module.report
"""``paipu.report(games, player=NAME)``: a player's report page (:mod:`paipu.report`,
``docs/report.md``); it draws itself in Jupyter and ``.save("report.html")`` writes it
(the function takes the module's name here, as :func:`decisions` does)."""

__version__ = "0.1.0"

__all__ = [
    "load",
    "validate",
    "decisions",
    "report",
    "findings_frame",
    "view",
    "Viewer",
    "Finding",
    "Replay",
    "Step",
    "replay",
    "Observer",
    "walk",
    "Rule",
    "GameReader",
    "LoadError",
    "FormatError",
    "NotationError",
    "game_from_json",
    "game_to_json",
    "Game",
    "Round",
    "Event",
    "Deal",
    "Draw",
    "KanDraw",
    "Discard",
    "Call",
    "Kan",
    "DoraReveal",
    "Win",
    "NoWin",
    "NorthSetAside",
    "Yaku",
    "HandNotation",
    "Meld",
    "parse_hand",
    "parse_meld",
]

if _COMMAND:
    _exit_on_interrupt(False)  # from here paipu.cli.main catches it
