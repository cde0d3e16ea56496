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

from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names below, as the type checker sees them; run time loads each on first use
    from .decisions import decisions
    from .engine import Replay, replay
    from .events import (Call, Deal, Discard, DoraReveal, Draw, Event, Game, Kan, KanDraw, NorthSetAside, NoWin, Round,
                         Win, Yaku)
    from .formats import FormatError
    from .formats.majiang import game_from_json, game_to_json
    from .loader import GameReader, LoadError, load
    from .observe import Observer, Step, walk
    from .report import report
    from .rules import Rule
    from .tiles import HandNotation, Meld, NotationError, parse_hand, parse_meld
    from .validation import Finding, findings_frame, validate
    from .view import Viewer, view
del TYPE_CHECKING

_SOURCES: dict[str, str] = {name: module for module, names in (
    ("events", ("Call", "Deal", "Discard", "DoraReveal", "Draw", "Event", "Game", "Kan", "KanDraw", "NorthSetAside",
                "NoWin", "Round", "Win", "Yaku")),
    ("formats", ("FormatError",)),
    ("formats.majiang", ("game_from_json", "game_to_json")),
    ("loader", ("GameReader", "LoadError", "load")),
    ("engine", ("Replay", "replay")),
    ("observe", ("Observer", "Step", "walk")),
    ("rules", ("Rule",)),
    ("validation", ("Finding", "findings_frame", "validate")),
    ("decisions", ("decisions",)),
    ("tiles", ("HandNotation", "Meld", "NotationError", "parse_hand", "parse_meld")),
    ("view", ("Viewer", "view")),
    ("report", ("report",)),
) for name in names}
"""The module of each name of the package: loaded when the name is first asked for
(``paipu.load``, ``from paipu import view``), so that a command loads only what it runs
(``paipu stats`` neither the rules engine nor the viewer)."""

_FUNCTIONS_OF_MODULES = frozenset({"decisions", "report", "view"})
"""The names that are both a submodule and its function: ``paipu.report`` is the function
(``paipu.report(games, player=NAME)``), though ``from paipu.report import BIG_LOSS`` reaches
the module; ``decisions`` and ``view`` as well."""


def __getattr__(name: str) -> object:
    """A name of the package, its module loaded the first time (:data:`_SOURCES`)."""
    module = _SOURCES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_SOURCES})


class _Package(_ModuleType):
    """The package, whose names :data:`_FUNCTIONS_OF_MODULES` stay its functions when their
    modules load: the import system sets a package's attribute to each submodule it loads."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _FUNCTIONS_OF_MODULES and isinstance(value, _ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickled as the name to import (as pickle and cloudpickle take a plain module):
        a function sent to a Dask worker may name the package."""
        from importlib import import_module

        return import_module, (self.__name__,)


_sys.modules[__name__].__class__ = _Package

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
