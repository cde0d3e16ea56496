"""Which build of paipu runs: its core compiled by mypyc, or interpreted.

``pip install .`` compiles the core modules (``setup.py``'s ``COMPILED``) when it finds a C
compiler, and installs their ``.py`` files beside them. Python then loads the compiled ones;
with the environment variable ``PAIPU_PURE=1`` the package loads the ``.py`` files instead
(:func:`load_sources`, installed by ``paipu/__init__.py`` before any module of it loads),
to compare the two or to debug. Both give the same results.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Sequence

__all__ = ["PURE_VARIABLE", "wants_pure", "load_sources", "kind"]

PURE_VARIABLE = "PAIPU_PURE"
"""The environment variable that forces the interpreted modules when set to a value other
than empty or ``0``."""


def wants_pure() -> bool:
    """Whether :data:`PURE_VARIABLE` asks for the interpreted modules."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class _SourcesOnly:
    """A finder of the package's modules that sees only their ``.py`` files (a meta path
    finder placed first: the path finder would take a compiled module first)."""

    def __init__(self, package: str) -> None:
        self.prefix = package + "."

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(self.prefix) or not path:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for folder in path:
            spec = importlib.machinery.FileFinder(folder, loader).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def load_sources(package: str) -> None:
    """Have every module of ``package`` imported from here on loaded from its ``.py`` file."""
    sys.meta_path.insert(0, _SourcesOnly(package))


def kind() -> str:
    """``"compiled"`` when the engine runs compiled by mypyc, else ``"interpreted"``."""
    from . import engine

    return "interpreted" if (engine.__file__ or "").endswith(".py") else "compiled"
