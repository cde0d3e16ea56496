"""The Python examples of the README and of ``docs/``, and the docstring examples of
``paipu/``, run as doctests.

An example is a fenced block marked ``pycon`` (a Python console session: ``>>>`` prompts
and the output they print) in README.md or a page of ``docs/``. Each block runs on its own,
in a fresh namespace, from the project root (so that ``sample_logs/`` resolves), and must
print exactly what it shows. A block that reads ``../shared`` skips, saying so, when the
shared corpora are not beside the project root. A console session fenced otherwise would
not run, so every block that shows ``>>>`` prompts is marked ``pycon``.

Module docstrings: every example of ``paipu/`` that is not marked ``+SKIP`` runs, each
module in its own namespace, as ``doctest`` would.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import paipu
from paipu import build

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
SHARED = ROOT.parent / "shared"
FLAGS = doctest.ELLIPSIS

_FENCE = re.compile(r"^```pycon\n(.*?)^```$", re.S | re.M)


def _examples(page: Path) -> list[tuple[str, int, str]]:
    """Each ``pycon`` block of ``page``: the page's path from the root, the number of the
    block's first line, and its text."""
    text = page.read_text(encoding="utf-8")
    name = str(page.relative_to(ROOT))
    return [(name, text.count("\n", 0, match.start(1)) + 1, match[1]) for match in _FENCE.finditer(text)]


EXAMPLES = [example for page in PAGES for example in _examples(page)]


def _run(test: doctest.DocTest) -> None:
    """Run one doctest; fail with doctest's report of every example that differs."""
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def _blocks(page: str) -> list[str]:
    return [block for name, _, block in EXAMPLES if name == page]


def test_the_readme_runs_an_example_of_each_use():
    # validating, a player's statistics, the viewer
    readme = _blocks("README.md")
    for call in ("paipu.validate(", "paipu.stats.tables(", "paipu.view("):
        assert any(call in block for block in readme), call
    assert all(">>> " in block for _, _, block in EXAMPLES)


def test_the_python_page_runs_an_example_of_each_part_of_the_api():
    python = _blocks("docs/python.md")
    for call in ("paipu.load(", "paipu.validate(", "score(", "tiles.parse_hand(", "paipu.stats.tables(",
                 "paipu.view(", "paipu.Observer", "paipu.replay("):
        assert any(call in block for block in python), call


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_console_session_is_marked_to_run(page):
    text = page.read_text(encoding="utf-8")
    shown = [fence for fence, body in re.findall(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)
             if ">>> " in body and fence != "pycon"]
    assert not shown, f"{page.name}: a session fenced {shown} would not run: mark it pycon"


@pytest.mark.parametrize("page, line, block", EXAMPLES, ids=[f"{page}:{line}" for page, line, _ in EXAMPLES])
def test_page_example(page, line, block, monkeypatch):
    if "../shared" in block and not SHARED.exists():
        pytest.skip(f"{page}:{line} reads {SHARED} (the shared corpora beside the project root), absent")
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(block, {}, f"{page}:{line}", str(ROOT / page), line - 1)
    assert test.examples
    _run(test)


def _modules_with_examples() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(paipu.__path__, "paipu."):
        if info.name.endswith("__main__"):  # runs the command line when imported
            continue
        module = importlib.import_module(info.name)
        tests = doctest.DocTestFinder().find(module)
        if any(not example.options.get(doctest.SKIP) for test in tests for example in test.examples):
            names.append(info.name)
    return names


MODULES = _modules_with_examples()


@pytest.mark.skipif(build.kind() == "compiled", reason="doctest finds no examples in compiled functions: "
                    "CI runs this file interpreted too (PAIPU_PURE=1)")
def test_docstring_examples_are_found():
    # paipu.rules (a rule from 電脳麻将 keys) and paipu.scoring (a scored ron) at least
    assert {"paipu.rules", "paipu.scoring"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    tests = [test for test in doctest.DocTestFinder().find(module) if test.examples]
    for test in tests:
        _run(test)
