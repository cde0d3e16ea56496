"""The player's report (``paipu.report``, ``paipu report``), on the 36 real Tenhou games of
``thewaxmango-2009-03`` and their most frequent player, よっち (7 games):

- its deal-ins are those the raw logs state (each ``AGARI`` on よっち's discard, read from
  the XML here, not by paipu's reader), each at the round and event the raw log has it;
- its numbers are the statistics' (the win rate shown is ``paipu.stats.summary``'s) and
  one is recounted from the raw logs (the field's win rate: winners per player-round);
- in headless Chromium the page has no page error and fetches nothing (every request
  routed: only ``file:`` and ``data:`` addresses), and its first deal-in's link opens the
  viewer at that deal-in's round and event, the winner's name on the frame;
- hostile names are escaped, an unknown player is named with the closest names, and the
  command's exit codes are those of docs/cli.md.

``python tests/test_report.py`` draws ``docs/images/report.png``: the first screen (1366
wide) of the report of the most frequent player of the real Tenhou corpora, NEGITS."""

from __future__ import annotations

import dataclasses
import datetime
import gzip
import html
import re
import sys
import urllib.parse
from pathlib import Path

import pytest

import paipu
from paipu import cli, stats
from paipu.report import UnknownPlayer, files_folder, report
from paipu.view import Viewer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import CORPORA, SAMPLE_LOGS, corpus  # noqa: E402
from test_view_browser import ARGS, CHROMIUM, browser  # noqa: E402,F401  (the fixture)

FOLDER = ("tenhou-mjlog", "thewaxmango-2009-03")
PLAYER = "よっち"


def raw_log(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


def raw_deal_ins(folder: Path, player: str) -> list[tuple[str, int, int, list[str]]]:
    """Each deal-in of ``player`` as the raw mjlog XML states it: (file name, round index,
    event index, the winners' names), read here from the tags. A round is an ``INIT``;
    its events, from 0 at the deal, are the draws (``T``-``W``), the discards (``D``-``G``),
    the calls and kans (``N``), the new dora indicators (``DORA``) and the wins (``AGARI``);
    a deal-in is an ``AGARI`` whose ``fromWho`` is the player's seat and ``who`` another's,
    a double ron one deal-in (at its first ``AGARI``)."""
    found = []
    for path in sorted(folder.iterdir()):
        text = raw_log(path)
        names_tag = re.search(r"<UN ([^>]*)>", text)[1]
        names = [urllib.parse.unquote(re.search(rf'n{seat}="([^"]*)"', names_tag)[1]) for seat in range(4)]
        if player not in names:
            continue
        seat = names.index(player)
        round_index, event = -1, 0
        for tag in re.finditer(r"<(INIT|[TUVW]\d+|[DEFG]\d+|N |DORA |AGARI |RYUUKYOKU)([^>]*)>", text):
            kind = tag[1]
            if kind == "INIT":
                round_index, event, dealt_in = round_index + 1, 0, None
                continue
            if kind == "RYUUKYOKU":
                continue
            event += 1
            if kind == "AGARI ":
                who = int(re.search(r'\bwho="(\d)"', tag[2])[1])
                discarder = int(re.search(r'fromWho="(\d)"', tag[2])[1])
                if discarder == seat and who != seat:
                    if dealt_in is None:
                        dealt_in = (path.name, round_index, event, [names[who]])
                        found.append(dealt_in)
                    else:
                        dealt_in[3].append(names[who])
    return found


def raw_field_win_rate(folder: Path) -> tuple[int, int]:
    """Winners and player-rounds of the four-player games of ``folder``, from the raw
    XML: each ``AGARI`` is a winning player-round (both winners of a double ron), and each
    round that ends (an ``AGARI`` or a ``RYUUKYOKU``) four player-rounds."""
    winners = rounds = 0
    for path in sorted(folder.iterdir()):
        text = raw_log(path)
        for part in text.split("<INIT")[1:]:
            wins = part.count("<AGARI ")
            winners += wins
            rounds += 4 if wins or "<RYUUKYOKU" in part else 0
    return winners, rounds


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The report of よっち over the folder, saved: (report, page's path)."""
    made = report(corpus(*FOLDER), PLAYER)
    return made, made.save(tmp_path_factory.mktemp("report") / "report.html")


def test_the_deal_ins_listed_are_the_raw_logs(made):
    made, path = made
    raw = raw_deal_ins(corpus(*FOLDER), PLAYER)
    assert len(raw) == 5  # by hand from the logs: five AGARI on よっち's discards
    listed = [moment for moment in made.moments if moment.deal_in]
    sources = made.tables.games.drop_duplicates("game").set_index("game")["source"]
    assert [(Path(str(sources[m.game]).split("#")[0]).name, m.round, m.event) for m in listed] == \
        [(name, round_index, event) for name, round_index, event, _ in raw]
    page = path.read_text(encoding="utf-8")
    assert page.count(" data-deal-in>") == len(raw)
    for moment, (_, _, _, winners) in zip(listed, raw):
        assert moment.what.startswith(f"ron by {' and '.join(winners)}")


def test_the_numbers_shown_are_the_statistics(made):
    made, path = made
    page = path.read_text(encoding="utf-8")
    mine = stats.summary(corpus(*FOLDER), PLAYER).iloc[0]

    def shown(who: str, stat: str) -> float:
        return float(re.search(rf'data-who="{who}" data-stat="{stat}" data-value="([^"]*)"', page)[1])

    assert shown("player", "win_rate") == mine["win_rate"]
    assert shown("player", "deal_in_rate") == mine["deal_in_rate"]
    winners, rounds = raw_field_win_rate(corpus(*FOLDER))
    assert shown("field", "win_rate") == pytest.approx(winners / rounds, abs=1e-12)
    assert f">{int(mine['rounds']):,}</td>" in page and mine["deal_ins"] == 5


def test_the_page_fetches_nothing_and_its_deal_in_links_open_the_viewer_there(browser, made):
    made, path = made
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    fetched: list[str] = []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(("file:", "data:")):
            request_route.continue_()
        else:
            fetched.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(path.as_uri())
    assert page.locator("section#profile table").count() == 1
    assert page.evaluate("[...document.images].every(image => image.complete && image.naturalWidth > 0)")
    name, round_index, event, winners = raw_deal_ins(corpus(*FOLDER), PLAYER)[0]
    page.locator("tr[data-deal-in] a").first.click()
    page.wait_for_selector(".pv[data-ready]")
    shown = page.locator(".pv-stage .pv-frame")
    assert (int(shown.get_attribute("data-round")), int(shown.get_attribute("data-event"))) == (round_index, event)
    assert page.url.endswith(f"#r{round_index}e{event}")
    assert name in page.locator(".pv-top").inner_text()
    assert winners[0] in shown.inner_text()
    assert errors == [] and fetched == []
    context.close()


def test_the_viewer_pages_draw_the_linked_rounds_from_the_players_seat(made):
    made, path = made
    folder = files_folder(path)
    linked = {moment.game for moment in made.moments}
    assert sorted(page.name for page in folder.iterdir()) == sorted(f"game-{game}.html" for game in linked)
    moment = made.moments[0]
    whole = Viewer(made.games[moment.game])
    drawn = Viewer(made.games[moment.game], rounds={moment.round})
    assert {place[0] for place in drawn.steps} == {moment.round, len(made.games[moment.game].rounds)}
    assert drawn.link((moment.round, moment.event)) == whole.link((moment.round, moment.event))
    assert drawn.frame((moment.round, moment.event)) == whole.frame((moment.round, moment.event))
    players = made.games[moment.game].players
    assert paipu.events.player_name(players[moment.player]) == PLAYER


def test_in_jupyter_a_report_draws_itself_and_views_a_moment(made):
    made, _ = made
    fragment = made._repr_html_()
    assert "report.view(0)" in fragment and "game-" not in fragment and "<script" not in fragment
    moment = made.moments[0]
    viewer = made.view(0)
    assert viewer.steps[viewer.start] == (moment.round, moment.event) and viewer.seat == moment.player


def test_hostile_names_are_escaped(tmp_path):
    hostile = '<script>alert("x")</script>\'&'
    games = [dataclasses.replace(game, players=tuple(hostile if name.split("\n")[0] == PLAYER else name
                                                     for name in game.players))
             for game in paipu.load(corpus(*FOLDER))]
    path = report(games, hostile).save(tmp_path / "a report #1?.html")
    page = path.read_text(encoding="utf-8")
    assert "<script" not in page and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#x27;&amp;" in page
    addresses = re.findall(r'<a href="([^"#]+)#r\d+e\d+">', page)  # the folder's name as an address
    assert addresses and all((tmp_path / urllib.parse.unquote(html.unescape(address))).is_file()
                             for address in addresses)
    for viewer_page in files_folder(path).iterdir():
        assert "<script>alert" not in viewer_page.read_text(encoding="utf-8")


def test_games_of_two_months_are_drawn_month_by_month():
    """よっち's games moved, every other one, to the month before: two months, whose
    games add up to the seven."""
    games = []
    for number, game in enumerate(paipu.load(corpus(*FOLDER))):
        if number % 2:
            game = dataclasses.replace(game, origin=dataclasses.replace(game.origin, date=datetime.date(2009, 2, 27)))
        games.append(game)
    page = report(games, PLAYER)._repr_html_()
    trends = page[page.index('<section id="trends">'):page.index('<section id="push">')]
    assert trends.count("<img") == 3  # rates and ranks by month, the rating
    months = re.findall(r"<tr><th>(2009-0\d)</th><td class=n>(\d+)</td>", trends)
    assert [month for month, _ in months] == ["2009-02", "2009-03"]
    assert sum(int(count) for _, count in months) == 7


def test_a_report_of_a_few_games_draws_its_rates_of_none(tmp_path):
    """Over two games some of the player's rates are 0, whose Wilson interval starts at
    0: the plots draw them with error bars of no length below (matplotlib refuses a
    negative one)."""
    made = report(SAMPLE_LOGS, "efficiency+calls")
    assert made.summary["dama_rate"] == 0 and made.summary["dama_rate_low"] == 0  # in PROFILE, drawn by plot.profile
    assert "<section" in made.save(tmp_path / "report.html").read_text(encoding="utf-8")


def test_an_unknown_player_is_named_with_the_closest_names():
    with pytest.raises(UnknownPlayer, match="no games of player 'よっちx'; the closest names: 'よっち'"):
        report(corpus(*FOLDER), "よっちx")


def test_the_command_writes_the_page_and_says_what_went_wrong(tmp_path, capsys):
    folder = str(corpus(*FOLDER))
    page = tmp_path / "out.html"
    assert cli.main(["report", "--player", PLAYER, folder, "-o", str(page)]) == cli.EXIT_OK
    assert page.exists() and (tmp_path / "out_files").is_dir()
    capsys.readouterr()
    assert cli.main(["report", "--player", "よっちx", folder, "-o", str(page)]) == cli.EXIT_USAGE
    error = capsys.readouterr().err.splitlines()
    assert len(error) == 1 and "the closest names: 'よっち'" in error[0]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.main(["report", "--player", PLAYER, str(empty), "-o", str(page)]) == cli.EXIT_LOAD_ERRORS
    assert capsys.readouterr().err.strip() == f"paipu report: no games found in {empty}"
    inside = Path(folder) / "report.html"
    assert cli.main(["report", "--player", PLAYER, folder, "-o", str(inside)]) == cli.EXIT_USAGE
    assert not inside.exists()


def _screenshot() -> None:
    """The first screen of NEGITS's report over the Tenhou Phoenix games of 2020-01-01/02
    (all 52 of their games), 1366 wide, as ``docs/images/report.png``."""
    import tempfile

    from playwright.sync_api import sync_playwright

    folder = CORPORA / "tenhou-mjlog" / "agony5757-mahjong-paipuxmls"
    with tempfile.TemporaryDirectory() as scratch:
        path = report(folder, "NEGITS").save(Path(scratch) / "report.html")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = chromium.new_page(viewport={"width": 1366, "height": 768})
            page.goto(path.as_uri())
            image = Path(__file__).resolve().parents[1] / "docs" / "images" / "report.png"
            page.screenshot(path=str(image))
            chromium.close()


if __name__ == "__main__":
    _screenshot()
