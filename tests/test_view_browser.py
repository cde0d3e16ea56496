"""The viewer in a real headless Chromium (Debian's ``chromium`` driven by Playwright's
Python package): the keys step through the known-bad game and reach its findings, no
page error, and with JavaScript off the first frame is there.

Skipped, with the reason, without ``/usr/bin/chromium`` or the ``playwright`` package
(``.ci/run`` installs Chromium with apt-get). The README's screenshots are
``tests/test_view_table.py``'s."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import paipu

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import corpus  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
KNOWN_BAD = ("majiang", "mahjonglm", "2023102817gm-00a9-0000-3abd1803.json")


@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"needs Debian's chromium at {CHROMIUM} (apt-get install chromium; .ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs the playwright package (the test extra)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def known_bad(tmp_path_factory):
    viewer = paipu.view(corpus(*KNOWN_BAD), rule="tenhou")
    return viewer, viewer.save(tmp_path_factory.mktemp("view") / "game.html")


def opened(browser, path: Path, **options):
    """A page of ``path`` once its frames are unpacked, and the list of its errors."""
    page = browser.new_page(viewport={"width": 1100, "height": 900}, **options)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("request", lambda request: request.url.startswith("file:") or errors.append(f"fetched {request.url}"))
    page.goto(path.as_uri())
    return page, errors


def at(page) -> int:
    return int(page.get_attribute(".pv", "data-at"))


def test_keys_step_through_the_known_bad_game(browser, known_bad):
    viewer, path = known_bad
    page, errors = opened(browser, path)
    page.wait_for_selector(".pv[data-ready]")
    assert page.evaluate("document.activeElement.classList.contains('pv')")
    last = len(viewer) - 1
    page.keyboard.press("End")
    assert at(page) == last and "The end of the game" in page.inner_text(".pv-event")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert at(page) == 2  # the frame Python drew, as the browser reads it
    faces = re.compile(r'href="#pv-(\w+)"')
    assert faces.findall(page.inner_html(".pv-stage")) == faces.findall(viewer.frames[2])
    assert page.inner_text(".pv-event") == "East discards 白"
    page.keyboard.press("ArrowLeft")
    assert at(page) == 1
    page.keyboard.press("PageDown")
    assert at(page) == viewer.round_starts()[1]
    page.keyboard.press("PageUp")
    assert at(page) == 0
    # n: the next finding, until the one of hule.fanshu: 3 han by the rules, 4 in the log
    seen = []
    for _ in range(5):
        page.keyboard.press("n")
        seen.append(at(page))
        if page.query_selector('.pv-findings li[data-check="hule.fanshu"]'):
            break
    assert seen == [418, 442]
    row = page.query_selector('.pv-cmp tr.pv-diff[data-check="hule.fanshu"]')
    assert row is not None and [cell.inner_text() for cell in row.query_selector_all("td")] == ["3", "4"]
    assert "han: the rules give 3, the log says 4" in page.inner_text(".pv-findings")
    page.keyboard.press("p")
    assert at(page) == 418
    # the viewpoint (1-4) and hiding the other hands (h)
    page.keyboard.press("3")
    assert "pv-v2" in page.get_attribute(".pv", "class")
    bottom = page.query_selector(".pv-seat[data-player='2'] .pv-hand").bounding_box()
    assert all(bottom["y"] > hand.bounding_box()["y"] for hand in page.query_selector_all(".pv-seat:not([data-player='2']) .pv-hand"))
    page.keyboard.press("h")
    hidden = page.eval_on_selector(".pv-seat[data-player='0'] .pv-con use", "e => getComputedStyle(e).visibility")
    mine = page.eval_on_selector(".pv-seat[data-player='2'] .pv-con use", "e => getComputedStyle(e).visibility")
    assert (hidden, mine) == ("hidden", "visible")
    # the table of contents and the timeline's marks go to their steps
    page.click(".pv-toc li:nth-child(2) a")
    assert at(page) == viewer.round_starts()[1]
    page.click(".pv-mark")
    assert at(page) == 418
    assert errors == []
    page.close()


def test_first_frame_without_javascript(browser, known_bad):
    _, path = known_bad
    page, errors = opened(browser, path, java_script_enabled=False)
    tiles = [box for box in (tile.bounding_box() for tile in page.query_selector_all(".pv-stage .pv-con svg.t"))
             if box and min(box["width"], box["height"]) >= 20 and max(box["width"], box["height"]) >= 26]  # turned or not
    assert len(tiles) >= 52
    assert page.get_attribute(".pv", "data-ready") is None and errors == []
    page.close()


def test_an_added_kan_lies_on_its_pon(browser, tmp_path):
    """The known-bad game's added kan s888=8 (東3局1本場, event 86): the added tile lies
    turned on top of the turned tile of the pon, as on a table, not beside it; no tile of
    the meld overlaps another."""
    viewer = paipu.view(corpus(*KNOWN_BAD), rule="tenhou").at((3, 86))
    page, errors = opened(browser, viewer.save(tmp_path / "kan.html"))
    page.wait_for_selector(".pv[data-ready]")
    player = page.get_attribute('.pv-stage .pv-seat:has([data-meld="s888=8"])', "data-player")
    page.keyboard.press(str(int(player) + 1))  # from its seat, at the bottom (others are turned to face the centre)
    boxes = [tile.bounding_box() for tile in page.query_selector_all('.pv-stage [data-meld="s888=8"] svg.t')]
    added, claimed = [box for box in boxes if box["width"] > box["height"]]  # the two turned ones
    assert abs(added["x"] - claimed["x"]) < 1 and abs(added["y"] + added["height"] - claimed["y"]) < 1
    for number, one in enumerate(boxes):
        for other in boxes[number + 1:]:
            assert (one["x"] + one["width"] <= other["x"] + 0.5 or other["x"] + other["width"] <= one["x"] + 0.5
                    or one["y"] + one["height"] <= other["y"] + 0.5 or other["y"] + other["height"] <= one["y"] + 0.5)
    assert len(boxes) == 4 and errors == []
    page.close()


def test_notebook_exported_with_nbconvert(browser, tmp_path):
    """A notebook that displays a game, run by a kernel and exported to HTML by nbconvert:
    the viewer in the export steps through the game as the page of its own does."""
    nbformat = pytest.importorskip("nbformat", reason="needs nbformat (the test extra)")
    nbclient = pytest.importorskip("nbclient", reason="needs nbclient (the test extra)")
    nbconvert = pytest.importorskip("nbconvert", reason="needs nbconvert (the test extra)")
    game = Path(__file__).resolve().parents[1] / "sample_logs" / "draw_then_ron.json"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        f"import paipu\nnext(iter(paipu.load({str(game)!r})))")])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    body, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    exported = tmp_path / "exported.html"
    exported.write_text(body, encoding="utf-8")
    viewer = paipu.view(game)
    page, errors = opened(browser, exported)
    page.wait_for_selector(".pv[data-ready]")
    page.click(".pv [data-act='last']")
    assert at(page) == len(viewer) - 1
    page.keyboard.press("PageUp")
    assert at(page) == viewer.round_starts()[-1]
    # what nbconvert's template fetches is its own (its scripts from a CDN, offline here); ours, nothing
    assert [error for error in errors if not error.startswith(("fetched http", "Failed to load"))] == []
    page.close()
