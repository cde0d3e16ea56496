"""The reference pages of ``docs/`` say what the code does: every rule parameter of
``docs/rules.md`` with its 電脳麻将 key, values and preset defaults, every column of
``docs/stats.md`` with its definition in ``paipu.stats``, and every link between pages
leads to a file and a heading that exist."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from paipu.formats.tenhou_rules import ERAS, SANMA_ERAS
from paipu.rules import MAJIANG, TENHOU, RedFives, Rule
from paipu.stats import GAME_COLUMNS, ROUND_COLUMNS, STATS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _table(text: str, first_header: str) -> dict[str, list[str]]:
    """The rows of the Markdown table whose header starts with ``first_header``, by their
    first cell without backticks."""
    rows: dict[str, list[str]] = {}
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def _shown(value) -> str:
    """A parameter's value as the rules table writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, RedFives):
        return ", ".join(map(str, value))
    if isinstance(value, tuple):
        return "`(" + ", ".join(f'"{item}"' for item in value) + ")`"
    return str(value)


RULES = _table((DOCS / "rules.md").read_text(encoding="utf-8"), "Python name")
ROOM = {"red_fives", "open_tanyao", "winds"}
"""Parameters the tenhou preset takes from each game's Tenhou room."""
DATED = {name for name, _ in (*ERAS, *SANMA_ERAS)}
"""Parameters the tenhou presets take from each game's date (Tenhou's eras)."""


def test_the_rules_table_lists_every_parameter_once():
    assert list(RULES) == [spec.name for spec in dataclasses.fields(Rule)]


@pytest.mark.parametrize("spec", dataclasses.fields(Rule), ids=lambda spec: spec.name)
def test_a_parameters_row_gives_its_key_values_and_defaults(spec):
    key, values, majiang, tenhou, meaning = RULES[spec.name]
    assert key == spec.metadata["key"]
    assert majiang == _shown(getattr(MAJIANG, spec.name))
    if spec.metadata["choices"] is not None:
        assert values == ", ".join(map(str, spec.metadata["choices"]))
    if spec.name in ROOM:
        assert tenhou == "by room"
    elif spec.name in DATED:
        assert tenhou == "by log date"
    elif getattr(TENHOU, spec.name) == getattr(MAJIANG, spec.name):
        assert tenhou == ""
    else:
        assert tenhou == _shown(getattr(TENHOU, spec.name))
    assert meaning


def _section(page: str, start: str, end: str) -> str:
    text = (DOCS / page).read_text(encoding="utf-8")
    return text[text.index(start):text.index(end)]


@pytest.mark.parametrize("start, end, columns", [
    ("## The rounds table", "## The games table", ROUND_COLUMNS),
    ("## The games table", "## The summary", GAME_COLUMNS),
], ids=["rounds", "games"])
def test_the_stats_tables_give_each_column_its_definition(start, end, columns):
    rows = _table(_section("stats.md", start, end), "column")
    assert list(rows) == list(columns)
    for column, definition in columns.items():
        assert rows[column][-1] == definition.replace("``", "`")


def test_the_summary_tables_give_every_statistic_in_order():
    section = _section("stats.md", "## The summary", "## What `paipu stats` prints")
    rows = [(cells[0].strip("`"), cells[-1]) for cells in (
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section.splitlines() if line.startswith("| `"))]
    assert [name for name, _ in rows] == list(STATS)
    for name, definition in rows:
        assert definition == STATS[name].replace("``", "`")


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


PAGES = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_links_lead_to_files_and_headings_that_exist(page):
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target}: no such file"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", linked.read_text(encoding="utf-8"), re.M)
            assert anchor in {_anchor(h) for h in headings}, f"{page.name}: {target}: no such heading"


def test_the_readmes_rule_option_names_every_preset():
    """The README's ``--rule`` gives every preset of :data:`paipu.rules.PRESETS`, as the
    CLI takes them (a new preset added to the code and not to the README fails here)."""
    from paipu.rules import PRESETS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    option = next(line for line in readme.split("\n- ") if line.startswith("`--rule`: a preset"))
    named = re.findall(r"`([a-z-]+)`", option.split(":", 2)[1])
    assert set(named) == set(PRESETS), named
