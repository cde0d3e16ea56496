"""The reference pages of ``docs/`` say what the code does: every rule parameter of
``docs/rules.md`` with its 電脳麻将 key, values and preset defaults, every column of
``docs/stats.md`` with its definition in ``paipu.stats``, the danger classes of its
measured table with the seed's values, every command of ``docs/cli.md`` with exactly the
options the command takes and the exit codes it names, and every link between pages
leads to a file and a heading that exist."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import re
from pathlib import Path

import pytest

from paipu import cli, danger, defence
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


def _cli_section(command: str) -> str:
    """The section of ``docs/cli.md`` about one command, up to the next section."""
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    start = text.index(f"## `paipu {command}`")
    end = text.find("\n## ", start + 1)
    return text[start:] if end == -1 else text[start:end]


COMMANDS = next(action for action in cli.build_parser()._actions
                if isinstance(action, argparse._SubParsersAction)).choices
"""Each command's parser, by name, as ``paipu`` builds it."""


def test_the_readme_and_the_cli_page_name_every_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f"paipu {command} " in readme, command
        assert f"## `paipu {command}`" in page, command


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_commands_options_table_gives_exactly_its_options(command):
    """The options table of each command in ``docs/cli.md`` names every option the command
    takes, and no other (an option added to the code and not to the page fails here)."""
    section = _cli_section(command)
    rows = section[section.index("| option | meaning |"):].split("\n\n")[0].splitlines()[2:]
    documented = {option for row in rows
                  for option in re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", row.split(" | ")[0])}
    taken = {option for action in COMMANDS[command]._actions for option in action.option_strings} - {"-h", "--help"}
    assert documented == taken


EXIT_CODES = {value for name, value in vars(cli).items() if name.startswith("EXIT_")}


def test_the_exit_codes_table_gives_every_code_and_the_commands_that_use_it():
    """Every exit code of ``paipu.cli`` has a row, and each code a command's ``--help``
    names is in the row for that command."""
    rows = _table((DOCS / "cli.md").read_text(encoding="utf-8"), "code")
    assert {int(code) for code in rows} == EXIT_CODES
    users = {int(code): set(COMMANDS) if commands == "every command" else set(re.findall(r"`(\w+)`", commands))
             for code, (commands, _meaning) in rows.items()}
    for command, parser in COMMANDS.items():
        named = re.findall(r"(?:Exit codes: |; )(\d+) ", parser.epilog or "")
        for code in map(int, named):
            assert command in users[code], (command, code)


def test_the_cli_pages_rule_option_names_every_preset():
    """``docs/cli.md``'s ``--rule`` gives every preset of :data:`paipu.rules.PRESETS`, as
    the CLI takes them (a new preset added to the code and not to the page fails here)."""
    from paipu.rules import PRESETS

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    option = next(paragraph for paragraph in page.split("\n\n") if paragraph.startswith("`--rule`: a preset"))
    named = re.findall(r"`([a-z-]+)`", option.split(":", 2)[1])
    assert set(named) == set(PRESETS), named


def _danger_classes(players: int = 4) -> dict[str, int]:
    """Every danger class of :func:`paipu.danger.danger` with the seed's value at a table
    of ``players``: each number tile of one suit with each set of its suji partners
    genbutsu (and itself), each honour (and with three players, each 1m and 9m) with 0 to
    3 copies unseen."""
    classes: dict[str, int] = {}
    for suit, rank in itertools.product("mp", range(1, 10)):
        kind = rank - 1
        partners = [kind + step for step in (-3, 3) if 0 <= kind + step <= 8]
        for size in range(len(partners) + 1):
            for safe in itertools.combinations(partners, size):
                for unseen in range(4):
                    rated = danger.danger(f"{suit}{rank}", {9 * (suit == "p") + k for k in safe}, unseen, players)
                    classes[rated.label] = rated.value
        rated = danger.danger(f"{suit}{rank}", {9 * (suit == "p") + kind}, 0, players)
        classes[rated.label] = rated.value
    for unseen in range(4):
        rated = danger.danger("z1", set(), unseen)
        classes[rated.label] = rated.value
    return classes


@pytest.mark.parametrize("players, header", [(4, "class (against one riichi player)"),
                                             (3, "class (three players, against one riichi player)")])
def test_the_measured_danger_table_gives_each_class_its_seed_value_and_rate(players, header):
    section = _section("stats.md", "### The danger table on real Tenhou games", "## Plots")
    rows = _table(section, header)
    classes = _danger_classes(players)
    assert set(rows) == set(classes)
    for label, (value, discards, deal_ins, rate) in rows.items():
        assert int(value) == classes[label], label
        discards_, deal_ins_ = int(discards.replace(",", "")), int(deal_ins.replace(",", ""))
        assert rate == f"{100 * deal_ins_ / discards_:.1f}%", label


@pytest.mark.parametrize("first, columns", [("`threats`: one row", defence.THREAT_COLUMNS),
                                            ("`discards`: one row", defence.DISCARD_COLUMNS)],
                         ids=["threats", "discards"])
def test_the_defence_tables_give_each_column_its_definition(first, columns):
    rows = _table(_section("stats.md", first, "`danger_table("), "column")
    assert list(rows) == list(columns)
    for column, definition in columns.items():
        assert rows[column][-1] == definition.replace("``", "`")


def test_the_push_table_gives_each_rate_and_interval_from_its_counts():
    from paipu.stats import wilson_interval

    rows = _table(_section("stats.md", "### Push or fold by situation", "### The danger table"), "situation")
    assert len(rows) == 15
    for situation, (discards, pushes, rate, interval) in rows.items():
        cases, successes = int(discards.replace(",", "")), int(pushes.replace(",", ""))
        assert rate == f"{100 * successes / cases:.1f}%", situation
        low, high = wilson_interval(successes, cases)
        assert interval == f"{100 * low:.1f}-{100 * high:.1f}%", situation
