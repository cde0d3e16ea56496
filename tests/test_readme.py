"""The README's Python examples, and the docstring examples of ``paipu/``, run as doctests.

An example of README.md is a fenced block marked ``pycon`` (a Python console session:
``>>>`` prompts and the output they print). Each block runs on its own, in a fresh
namespace, from the project root (so that ``sample_logs/`` resolves), and must print
exactly what it shows. A block that reads ``../shared`` skips, saying so, when the shared
corpora are not beside the project root. Blocks marked ``python`` are shown, not run
(the observer example waits for ``paipu.Observer``; marking it ``pycon`` makes it run).

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

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHARED = ROOT.parent / "shared"
FLAGS = doctest.ELLIPSIS

_FENCE = re.compile(r"^```pycon\n(.*?)^```$", re.S | re.M)


def _readme_examples() -> list[tuple[int, str]]:
    """Each ``pycon`` block of the README: its first line's number and its text."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, match.start(1)) + 1, match[1]) for match in _FENCE.finditer(text)]


EXAMPLES = _readme_examples()


def _run(test: doctest.DocTest) -> None:
    """Run one doctest; fail with doctest's report of every example that differs."""
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_every_console_example_of_the_readme_runs():
    # the API examples: loading, validating (samples and shared corpora), scoring, stats
    assert len(EXAMPLES) >= 5
    assert all(">>> " in block for _, block in EXAMPLES)
    # a session fenced otherwise would not run: only the observer example may wait
    text = README.read_text(encoding="utf-8")
    shown = [body for fence, body in re.findall(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)
             if ">>> " in body and fence != "pycon"]
    assert all("paipu.Observer" in body for body in shown)


@pytest.mark.parametrize("line, block", EXAMPLES, ids=[f"README.md:{line}" for line, _ in EXAMPLES])
def test_readme_example(line, block, monkeypatch):
    if "../shared" in block and not SHARED.exists():
        pytest.skip(f"README.md:{line} reads {SHARED} (the shared corpora beside the project root), absent")
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(block, {}, f"README.md:{line}", str(README), line - 1)
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
