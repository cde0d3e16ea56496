"""Build paipu with its core compiled by mypyc from the same Python source, when it can be.

Everything else of the build is in ``pyproject.toml``. The modules in :data:`COMPILED` are
compiled to C extensions beside their ``.py`` files when mypyc (a build requirement) and a
C compiler are at hand; when compiling fails, or ``PAIPU_PURE=1`` is set while installing,
the package is installed interpreted, with the same results (``paipu --version`` says which
runs; ``PAIPU_PURE=1`` at run time loads the ``.py`` files of a compiled install).
``benchmarks/README.md``, "Compiled core", has the measurements and the choice of mypyc.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = ("events", "tiles", "records", "checks", "settlement", "scoring", "shanten", "hand", "table", "step",
            "engine", "limits", "game_rule", "compression", "names", "text", "facts", "formats/mjai",
            "formats/majiang", "formats/tenhou_xml", "validation")
"""The modules compiled: the engine, what it reads and makes at every event, and the readers
(a module of a subpackage named by its path in ``paipu/``, ``formats/majiang``). Not ``rules``
(its ``Rule`` takes JSON values its fields' types do not say and converts them, which a
native class refuses), nor the modules whose classes users subclass (``observe``; its
``Step``, made at every event, is compiled in ``step``). ``validation``'s ``Checker`` is
compiled (its hooks run at every deal, win and draw: 1.30 against 1.24 s CPU for the 722
agony5757 games): an interpreted class cannot subclass it, so the viewer holds one."""

HERE = Path(__file__).resolve().parent


def _warn(message: str) -> None:
    print(f"paipu: {message}; installing the interpreted modules", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """``build_ext`` whose failure (no C compiler, a compiler error) leaves the package
    interpreted instead of failing the install: every extension built is removed, for a
    compiled module without mypyc's shared library beside it would not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # whatever stops the compiler, the .py files remain
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            _warn(f"the compiled core could not be built ({error})")


def compiled_extensions() -> list[Any]:
    """mypyc's extensions for :data:`COMPILED`, or none when ``PAIPU_PURE`` is set or mypyc
    is missing or fails."""
    if os.environ.get("PAIPU_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not installed")
        return []
    # A configuration of its own: the project's [tool.mypy] (strict, warn_unused_configs
    # with overrides for modules not compiled here) makes mypyc stop when given some modules.
    arguments = ["--config-file", str(HERE / "mypyc.ini"), *(f"paipu/{name}.py" for name in COMPILED)]
    try:
        return list(mypycify(arguments, opt_level="3"))
    except BaseException as error:  # mypyc exits through SystemExit on a type error
        _warn(f"mypyc failed ({error!r})")
        return []


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": OptionalBuildExt})
