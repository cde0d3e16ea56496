"""The viewer's table in a real headless Chromium (Debian's ``chromium``, Playwright) at a
laptop's 1366×768 and a phone's 390×844, on a game with a double ron and kans, a
three-player game and the known-bad mahjonglm game: one page load per viewport and game,
opened at a win by its fragment.

At each: no page error; no element wider than the screen; at 1366×768 the controls and
the whole table on the first screen; the win shown over the table without scrolling; the
fragment opens its step and a step on changes it; autoplay advances and stops.
``python tests/test_view_table.py`` redraws the screenshots of docs/viewer.md,
``docs/images/viewer-laptop.png`` and ``viewer-phone.png``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import paipu
from paipu.events import Win

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import corpus  # noqa: E402
from test_view import steps_at_events  # noqa: E402
from test_view_browser import ARGS, CHROMIUM, KNOWN_BAD, browser  # noqa: E402,F401  (the fixture)

GAMES = {
    "double ron and kans": ("tenhou-mjlog", "mjx-tests", "2020052700gm-00a9-0000-75a4695c.mjlog"),
    "three players": ("tenhou-json", "sanma-engine"),
    "known bad": KNOWN_BAD,
}
SCREENS = {"laptop": (1366, 768), "phone": (390, 844)}
IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"

WIDER_THAN_SCREEN = """() => [...document.querySelectorAll('body *')].filter(e => {
  const box = e.getBoundingClientRect();
  return box.width > 0 && (box.left < -1 || box.right > innerWidth + 1);
}).map(e => e.tagName + '.' + e.className.baseVal === undefined ? e.className : e.className.baseVal).slice(0, 5)"""


def game_path(name: str) -> Path:
    path = corpus(*GAMES[name])
    return sorted(path.iterdir())[0] if path.is_dir() else path


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Each game's viewer (the known-bad one under the tenhou rule, the others under
    their own), its page and its last win's step (the
    double ron's first win)."""
    made = {}
    folder = tmp_path_factory.mktemp("table")
    for name in GAMES:
        viewer = paipu.view(game_path(name), rule="tenhou" if name == "known bad" else None)
        wins = [index for index, events in steps_at_events(viewer) if type(events[-1]) is Win]
        doubles = [step for step in wins if step - 1 in wins]
        win = doubles[0] - 1 if doubles else wins[-1]
        made[name] = viewer, viewer.save(folder / f"{name}.html"), win
    return made


def opened(browser, path: Path, fragment: str, screen: str):
    width, height = SCREENS[screen]
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(path.as_uri() + fragment)
    page.wait_for_selector(".pv[data-ready]")
    return page, errors


def at(page) -> int:
    return int(page.get_attribute(".pv", "data-at"))


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("name", GAMES)
def test_table_on_screen(browser, pages, name, screen):
    viewer, path, win = pages[name]
    width, height = SCREENS[screen]
    page, errors = opened(browser, path, viewer.link(win), screen)
    assert at(page) == win  # the fragment opens its step
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(WIDER_THAN_SCREEN) == []
    assert len(page.query_selector_all(".pv-stage .pv-seat")) == len(viewer.game.players)
    if screen == "laptop":  # the controls and the whole table on the first screen
        for part in (".pv-bar", ".pv-line", ".pv-stage .pv-board"):
            box = page.query_selector(part).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, part
        board = page.query_selector(".pv-stage .pv-board").bounding_box()
        assert board["height"] > 0.7 * height  # scaled to the screen, not shrunk to nothing
    # the win over the table: who won, the value and the payments on the first screen
    for part in (".pv-over .pv-win h4", ".pv-over .pv-win p:last-child"):
        box = page.query_selector(part).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, part
    page.keyboard.press("Escape")
    assert not page.query_selector(".pv-over").is_visible()
    # a step on: the address follows
    page.keyboard.press("ArrowRight")
    assert at(page) == win + 1 and page.evaluate("location.hash") == viewer.link(win + 1)
    if name == "double ron and kans":  # the second win of the double ron, shown again over the table
        assert page.query_selector(".pv-over .pv-win").is_visible()
    # autoplay: a step every quarter second until space stops it
    page.select_option(".pv-speed", "0.25")
    page.focus(".pv")
    page.keyboard.press("Home")
    page.keyboard.press(" ")
    page.wait_for_function("+document.querySelector('.pv').getAttribute('data-at') >= 2", timeout=5000)
    page.keyboard.press(" ")
    stopped = at(page)
    page.wait_for_timeout(600)
    assert at(page) == stopped and page.get_attribute(".pv", "data-playing") is None
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert errors == []
    page.close()


def screenshots(chromium, pages_made) -> None:
    """The known-bad game's win at a laptop's and a phone's screen (its step in ``pages_made``)."""
    viewer, path, win = pages_made["known bad"]
    for screen in SCREENS:
        page, errors = opened(chromium, path, viewer.link(win), screen)
        target = IMAGES / f"viewer-{screen}.png"
        page.screenshot(path=str(target))
        assert errors == []
        page.close()
        from PIL import Image  # 128 colours: a few tens of KB instead of 200

        Image.open(target).convert("RGB").quantize(128, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
            target, optimize=True)


if __name__ == "__main__":  # redraw the screenshots
    import os
    from playwright.sync_api import sync_playwright

    os.chdir(IMAGES.parents[1])
    made = {}
    viewer = paipu.view(Path("..", "shared", "corpora", *KNOWN_BAD), rule="tenhou")
    win = viewer.finding_steps[1]  # the win whose han the log overstates: its comparison beside
    made["known bad"] = viewer, viewer.save(Path("/tmp") / "paipu-viewer.html"), win
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        screenshots(chromium, made)
        chromium.close()
    print("wrote", *(IMAGES / f"viewer-{screen}.png" for screen in SCREENS))
