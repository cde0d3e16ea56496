"""The viewer without a browser: every frame of the sample games and of corpus games read
back from its HTML and compared with the engine's table and with the log's own events;
findings where ``validate`` reports them; hostile names escaped; nothing fetched."""

from __future__ import annotations

import base64
import gzip
import json
import re
from dataclasses import replace
from pathlib import Path

import orjson
import pytest

import paipu
from paipu import svg
from paipu.cli import main
from paipu.engine import Replay
from paipu.events import Call, Discard, DoraReveal, Draw, Game, Kan, NorthSetAside, Win
from paipu.formats.majiang import game_from_json, game_to_json
from paipu.shanten import shanten
from paipu.tiles import KIND_OF, KINDS
from paipu.text import event_words, tile_word
from paipu.view import Viewer

from conftest import corpus, interpreted_only

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted((ROOT / "sample_logs").glob("*.json"))
KNOWN_BAD = ("majiang", "mahjonglm", "2023102817gm-00a9-0000-3abd1803.json")

_SEAT = re.compile(r'<section class="pv-seat[^"]*" data-player="\d+" data-seat="(\d+)">(.*?)</section>')
_TILE = re.compile(r'<svg class="t( [^"]*)?" width="24" height="32"><use href="#pv-(\w+)"/></svg>')


def tiles(html: str) -> list[str]:
    return [face for _, face in _TILE.findall(html)]


def part(html: str, cls: str, tag: str = "span") -> str:
    found = re.search(f'<{tag} class="{cls}">(.*?)</{tag}>', html)
    return found.group(1) if found else ""


def river(html: str) -> list[tuple[str, set[str]]]:
    rows = re.findall(r'<div class="pv-row">(.*?)</div>', html)
    assert all(len(tiles(row)) <= 6 for row in rows) and all(len(tiles(row)) == 6 for row in rows[:-1])
    return [(face, set(cls.split())) for row in rows for cls, face in _TILE.findall(row)]


def logged_rivers(events, position: int, seats: int) -> list[list[tuple[str, set[str]]]]:
    """Each seat's discards up to ``events[position]`` as the log states them, with the
    marks the viewer must show: tsumogiri, riichi, called away (a call right after it)."""
    rivers: list[list[tuple[str, set[str]]]] = [[] for _ in range(seats)]
    last = None
    for event in events[1:position + 1]:
        if type(event) is Discard:
            marks = {"pv-tg"} if event.tsumogiri else set()
            if event.riichi:
                marks.add("pv-rc")
            rivers[event.seat].append((event.tile, marks))
            last = event.seat
        elif type(event) is Call and last is not None:
            rivers[last][-1][1].add("pv-cl")
        elif type(event) is not DoraReveal:
            last = None
    return rivers


def logged_furiten(events, position: int, seat: int, waits: set[int]) -> bool:
    """Whether a ron by ``seat`` would be furiten after ``events[position]``, read from the
    log's events: a wait in its own river, or a wait passed by another player (discarded,
    added to a kan, a North set aside) since its last discard (its riichi discard, in
    riichi); a tile passed at ``position`` itself can still be won on, and so can the
    tile a ron at ``position`` is won on (the last tile passed before it)."""
    if type(events[position]) is Win and events[position].discarder is not None:
        while not (type(events[position]) in (Discard, NorthSetAside)
                   or type(events[position]) is Kan and events[position].meld.type == "kakan"):
            position -= 1
    own = [index for index in range(1, position + 1) if type(events[index]) is Discard and events[index].seat == seat]
    if any(KIND_OF[events[index].tile] in waits for index in own):
        return True
    riichi = [index for index in own if events[index].riichi]
    start = riichi[0] if riichi else own[-1] if own else 0
    for index in range(start + 1, position):
        event = events[index]
        if getattr(event, "seat", seat) == seat:
            continue
        if type(event) is Discard and KIND_OF[event.tile] in waits:
            return True
        if type(event) is Kan and event.meld.type == "kakan" and KIND_OF[event.meld.added] in waits:
            return True
        if type(event) is NorthSetAside and KIND_OF["z4"] in waits:
            return True
    return False


def check_frames(game: Game, rule=None) -> int:
    """Every frame of ``game`` against the engine's table at the same step and the log's
    discards; its findings panel against ``validate``. The number of frames checked."""
    viewer = Viewer(game, rule)
    steps = [step.snapshot() for step in Replay(game, rule)]
    assert len(steps) == len(viewer.frames)
    for index, (step, frame) in enumerate(zip(steps, viewer.frames)):
        assert viewer.steps[index] == (step.round_index, step.event_index)
        if step.table is None:
            continue
        seats = dict(_SEAT.findall(frame))
        assert sorted(map(int, seats)) == list(range(len(step.table.hands)))
        rivers = logged_rivers(step.round.events, step.event_index, len(step.table.hands))
        for seat, hand in enumerate(step.table.hands):
            html = seats[str(seat)]
            notation = hand.to_notation()
            assert tiles(part(html, "pv-con")) == list(notation.concealed), (index, seat)
            assert tiles(part(html, "pv-drawn")) == ([notation.drawn] if notation.drawn else [])
            assert re.findall(r'data-meld="([^"]*)"', html) == [str(meld) for meld in hand.melds]
            assert river(html) == rivers[seat], (index, seat)
            waits = set(step.table.waits(seat) or ()) if hand.size % 3 == 1 else set()
            furiten = bool(waits) and logged_furiten(step.round.events, step.event_index, seat, waits)
            assert ("pv-furiten" in html) == furiten, (index, seat)
            if hand.size % 3 == 2:  # a tile to discard: never "tenpai" as if it waited
                info = part(html, "pv-info", "div")
                counts = list(hand.counts)
                now = shanten(counts)
                if now < 0:
                    assert info == "complete (和了形)", (index, seat)
                elif now > 0:
                    assert info == f"{now}-shanten", (index, seat)
                else:
                    ready = []
                    for kind, count in enumerate(counts):
                        counts[kind] -= 1
                        if count and shanten(counts) == 0:
                            ready.append(KINDS[kind])
                        counts[kind] += 1
                    if hand.riichi and hand.drawn:  # in riichi only the drawn tile may go
                        ready = [hand.drawn]
                    assert info.startswith("tenpai (聴牌) by discarding <svg") and tiles(info) == ready, (index, seat)
        assert tiles(part(frame, "pv-dora")) == step.table.dora_indicators
        assert f'wall <b class="pv-wall">{step.table.wall}</b>' in frame
    # the findings panel exactly at the steps validate reports, with its findings
    findings = paipu.validate(game, rule)
    assert viewer.findings == findings
    shown = {}
    for index, frame in enumerate(viewer.frames):
        checks = re.findall(r'<li data-check="([^"]*)">', frame)
        if checks:
            round_index, event = viewer.steps[index]
            label = game.rounds[round_index].label if round_index < len(game.rounds) else None
            shown[(label, event)] = checks
    reported: dict = {}
    for finding in findings:
        reported.setdefault((finding.round, finding.event), []).append(finding.check)
    assert shown == reported
    # a comparison's row is marked exactly when validation reports its check at the step
    for frame in viewer.frames:
        checks = set(re.findall(r'<li data-check="([^"]*)">', frame))
        rows = set(re.findall(r'<tr (?:class="pv-diff" )?data-check="([^"]*)">', frame))
        marked = set(re.findall(r'<tr class="pv-diff" data-check="([^"]*)">', frame))
        assert marked == {check.replace("game.incomplete", "game.rounds") for check in checks} & rows
    return len(steps)


def _dealer_info_after_draws(hand: str, turns: list[tuple[str, str]]) -> str:
    """The words on the dealer's hand (dealt ``hand``) in the frame after its last draw:
    ``turns`` are the dealer's (tile drawn, tile discarded) pairs, the others drawing and
    discarding tiles that touch nothing between them; its tiles as ``[tile]``."""
    others = [("p3", "p3_"), ("s5", "s5_"), ("z5", "z5_")]
    events: list[dict] = [{"qipai": {
        "zhuangfeng": 0, "jushu": 0, "changbang": 0, "lizhibang": 0, "defen": [25000] * 4, "baopai": "s6",
        "shoupai": [hand, "m666777888999p1", "p777888999s111p2", "s222333444p111s1"]}}]
    for number, (drawn, discarded) in enumerate(turns):
        events.append({"zimo": {"l": 0, "p": drawn}})
        if number + 1 < len(turns):
            events.append({"dapai": {"l": 0, "p": discarded}})
            for seat, (tile, thrown) in enumerate(others, 1):
                events += [{"zimo": {"l": seat, "p": tile}}, {"dapai": {"l": seat, "p": thrown}}]
    events.append({"pingju": {"name": "荒牌平局", "shoupai": [""] * 4, "fenpei": [0] * 4}})
    viewer = Viewer(game_from_json({"title": "t", "player": ["a", "b", "c", "d"], "qijia": 0, "log": [events]}))
    frame = viewer.frames[viewer.steps.index((0, len(events) - 2))]
    seat = re.search(r'data-seat="0">(.*?)</section>', frame, re.S).group(1)  # type: ignore[union-attr]
    return re.sub(_TILE, r"[\2]", part(seat, "pv-info", "div"))


@pytest.mark.parametrize("hand, turns, words", [
    ("m123789p456s789z1", [("z2", "")], "tenpai (聴牌) by discarding [z1][z2]"),  # either honour: a single wait
    ("m13p456s789z11122", [("m5", "")], "tenpai (聴牌) by discarding [m1][m5]"),  # 13-5 or 1-35 kanchan
    ("m2234p456s789z111", [("m5", "")], "complete (和了形)"),
    ("m1122p3344s5566z1", [("z2", "")], "tenpai (聴牌) by discarding [z1][z2]"),  # seven pairs
    ("m123p456s789z1357", [("z6", "")], "2-shanten"),  # a pair and a set short
    # in riichi only the drawn tile may go, though discarding z2 would leave it ready too
    ("m123789p456s789z1", [("z2", "z1*"), ("m1", "")], "tenpai (聴牌) by discarding [m1]"),
])
def test_hand_words_of_hand_written_hands(hand, turns, words):
    """The words on a hand with a tile to discard, worked out by hand for each hand."""
    assert _dealer_info_after_draws(hand, turns) == words


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_frames(path):
    for game in paipu.load(path):
        assert check_frames(game) > 10


def test_sample_frames_with_findings():
    game = next(iter(paipu.load(ROOT / "sample_logs" / "riichi_ron.json")))
    rule = paipu.Rule(winds=0, ippatsu=False)
    check_frames(game, rule)
    viewer = paipu.view(game, rule)
    assert len(viewer.findings) == 4
    frame = viewer.at(viewer.findings[1]).frame()
    assert '<tr class="pv-diff" data-check="hule.fanshu"><th>han</th><td>2</td><td>3</td></tr>' in frame


def test_corpus_frames():
    """The known-bad mahjonglm game under tenhou (findings, kans, calls), a Tenhou mjlog
    hanchan and a game of the 電脳麻将 engine: every frame."""
    checked = check_frames(next(iter(paipu.load(corpus(*KNOWN_BAD)))), "tenhou")
    folder = corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls")
    checked += check_frames(next(iter(paipu.load(sorted(folder.iterdir())[0]))))
    generated = sorted(corpus("generated").rglob("*.json*"))[0]
    checked += check_frames(next(iter(paipu.load(f"{generated}#0"))))
    assert checked > 2000


def test_three_player_frames():
    """A three-player Tenhou game (三麻): three seats at every frame, each North set aside
    (北抜き) drawn beside the hand as the engine holds it."""
    game = next(iter(paipu.load(sorted(corpus("tenhou-json", "sanma-engine").iterdir())[0])))
    assert check_frames(game) > 300
    frames = paipu.view(game).frames
    assert all(len(_SEAT.findall(frame)) == 3 for frame in frames[:-1])
    assert frames[-1].count('<div class="pv-rank"') == 3  # the end: names, scores and ranks
    assert any('data-meld="b"' in frame for frame in frames)


def test_known_bad_game_finding():
    viewer = paipu.view(corpus(*KNOWN_BAD), rule="tenhou")
    assert [f.check for f in viewer.findings] == ["kaigang", "hule.hupai", "hule.fanshu", "hule.defen", "hule.fenpei"]
    fanshu = viewer.findings[2]
    at = viewer.at(fanshu)
    assert at.steps[at.start] == (3, 115)
    assert '<tr class="pv-diff" data-check="hule.fanshu"><th>han</th><td>3</td><td>4</td></tr>' in at.frame()
    marked = re.findall(r'<tr class="pv-diff" data-check="([^"]*)">', at.frame())
    assert marked == ["hule.hupai", "hule.fanshu", "hule.defen", "hule.fenpei"]  # the findings' rows, in table order
    assert "&lt;" not in at.frame() and repr(at).endswith("at step 442 (東3局1本場, event 115)>")


def test_page_is_offline_and_holds_every_frame():
    viewer = paipu.view(ROOT / "sample_logs" / "draw_then_ron.json")
    page = viewer.html(standalone=True)
    assert not re.search(r"https?:|url\(", page, re.I)
    assert 'tabindex="0" data-lm-suppress-shortcuts="true"' in page  # its keys are its own in JupyterLab
    assert "<link" not in page and " src=" not in page and not re.search(r'href="(?!#pv-|#r\d|#end")', page)
    assert page_frames(page) == list(viewer.frames)
    # without script the first frame is there: 52 dealt tiles, the dora indicator
    stage = re.search(r'<div class="pv-stage">(.*?)<details', page, re.S).group(1)
    assert stage == viewer.frames[0] + "</div>"
    assert sum(len(tiles(part(seat, "pv-con"))) for _, seat in _SEAT.findall(stage)) == 52
    # every face the frames use is defined in the page
    assert set(re.findall(r'href="#pv-(\w+)"', page)) <= set(re.findall(r'<symbol id="pv-(\w+)"', page))


def page_frames(page: str) -> list[str]:
    """The frames a page carries, made whole as its script makes them: the compressed data
    is the pieces, then ``\x1c``, then the frames, each list joined by ``\x1e``; ``\x1fN\x1f``
    in a frame or a piece stands for piece N."""
    data = re.search(r'<script type="text/plain" class="pv-frames">([^<]*)</script>', page).group(1)
    pieces, frames = gzip.decompress(base64.b64decode(data)).decode().split("\x1c")
    texts = pieces.split("\x1e")
    reference = re.compile("\x1f(\\d+)\x1f")

    def whole(text: str) -> str:
        while reference.search(text):
            text = reference.sub(lambda found: texts[int(found.group(1))], text)
        return text

    return [whole(frame) for frame in frames.split("\x1e")]


def test_hostile_names_are_escaped():
    game = next(iter(paipu.load(ROOT / "sample_logs" / "riichi_ron.json")))
    hostile = replace(game, title='</script><script>alert("t")</script>',
                      players=("<script>alert(1)</script>", 'x" onmouseover="alert(2)', "\x1e\x1b[31m", "<b>&amp;"))
    page = paipu.view(hostile).html(standalone=True)
    assert "<script>alert" not in page and 'x" onmouseover' not in page and "\x1b" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;&amp;amp;" in page
    viewer = paipu.view(hostile)
    assert all("\x1e" not in frame for frame in viewer.frames)
    assert page.count("<script") == 3  # the frames, the steps' data, the script: nothing from the log


def test_view_api(tmp_path):
    path = ROOT / "sample_logs" / "draw_then_ron.json"
    with pytest.raises(ValueError, match="holds several games"):
        paipu.view(ROOT / "sample_logs")
    viewer = paipu.view(path, round=1, seat=2)
    assert viewer.steps[viewer.start] == (1, 0) and viewer.seat == 2
    assert 'class="pv pv-v2"' in viewer.html()
    assert viewer.at(-1).frame().count("The end of the game") == 1  # the words, not the head too
    with pytest.raises(ValueError):
        viewer.at((7, 0))
    with pytest.raises(ValueError):
        paipu.view(path, seat=4)
    saved = viewer.save(tmp_path / "game.html")
    assert saved.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert re.fullmatch(r"<Viewer '.*draw_then_ron.json#0': 2 rounds, \d+ steps, 0 findings; at step \d+ "
                        r"\(東1局1本場, event 0\)>", repr(viewer))


def test_objects_display_themselves():
    game = next(iter(paipu.load(ROOT / "sample_logs" / "riichi_ron.json")))
    assert 'class="pv pv-v0"' in game._repr_html_()
    round_ = game.rounds[0]
    assert repr(round_) == "<Round 東1局0本場: 16 events, seat 1 wins by ron from seat 2, 3900>"
    shown = round_._repr_html_()
    assert "player 1" in shown and "pv-panel pv-findings" not in shown and "<table class=\"pv-cmp\">" not in shown
    steps = [step.snapshot() for step in Replay(game)]
    assert repr(steps[2]) == "<Step 東1局0本場, event 2: East discards 3m, tsumogiri>"
    assert repr(steps[-1]) == "<Step end of the game>"
    win = steps[-2]._repr_html_()
    assert "South wins by ron on 8s from West" in win and "立直 1, 一発 1, 平和 1" in win and "class=\"pv-diff\"" not in win
    # a step on its own shows what validation finds there: without ippatsu, 2 han, not 3
    strict = [step.snapshot() for step in Replay(game, paipu.Rule(winds=0, ippatsu=False))][-2]
    assert '<tr class="pv-diff" data-check="hule.fanshu"><th>han</th><td>2</td><td>3</td>' in strict._repr_html_()
    assert re.match(r"<Table 東1局0本場: \d+ tiles left, seat \d to \w+, scores \[", repr(steps[5].table))


def test_words():
    assert tile_word("z6") == "發" and tile_word("p0") == "red 5p" and tile_word("s7") == "7s"
    assert event_words(Discard(1, "z6", True)) == "South discards 發, tsumogiri"
    assert event_words(Discard(3, "m0", False, True)) == "North discards red 5m, declaring riichi"
    assert event_words(Call(2, paipu.parse_meld("z666="))) == "West calls pon on 發 from East"
    assert event_words(None) == "The end of the game"


def test_every_face_is_drawn():
    faces = dict(re.findall(r'<symbol id="pv-(\w+)" viewBox="0 0 30 40">(.*?)</symbol>', svg.symbols()))
    assert set(faces) == set(svg.FACES) and len(set(faces.values())) == len(faces)
    assert "<text" not in svg.symbols()  # no font: strokes and shapes only
    for five in ("m", "p", "s"):  # a red five differs from a five, and is red
        assert faces[f"{five}0"] != faces[f"{five}5"] and "#c8231e" in faces[f"{five}0"]
    with pytest.raises(ValueError):
        svg.tile("z8")


def test_cli_view(tmp_path, capsys):
    out = tmp_path / "game.html"
    assert main(["view", f"{corpus(*KNOWN_BAD)}#0", "--rule", "tenhou", "--round", "3", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    meta = json.loads(re.search(r'<script type="application/json" class="pv-meta">([^<]*)</script>', page).group(1))
    assert meta["start"] == meta["rounds"][3] and meta["findings"] == [418, 442] and "5 findings" in page
    assert main(["view", str(ROOT / "sample_logs")]) == 2
    assert "holds several games: name one as PATH#N" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main(["view", str(ROOT / "sample_logs" / "tsumo.json"), "--rule", "nope"])
    assert usage.value.code == 2 and "'nope' is neither a rule preset" in capsys.readouterr().err
    # the command says what paipu.view says, in one line
    tsumo = ROOT / "sample_logs" / "tsumo.json"
    for option, value in (("round", 9), ("seat", 4)):
        with pytest.raises(ValueError) as refused:
            paipu.view(tsumo, **{option: value})
        assert main(["view", str(tsumo), f"--{option}", str(value)]) == 2
        assert capsys.readouterr().err == f"paipu view: {refused.value}\n"
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["view", str(bad)]) == 2
    assert str(bad) in capsys.readouterr().err
    # one game beside a file that cannot be read: its page is written, and the exit says so
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    (mixed / "a.json").write_bytes((ROOT / "sample_logs" / "tsumo.json").read_bytes())
    (mixed / "b.json").write_text("[{", encoding="utf-8")
    assert main(["view", str(mixed), "-o", str(tmp_path / "mixed.html")]) == 2
    assert "b.json" in capsys.readouterr().err and (tmp_path / "mixed.html").stat().st_size > 1000


def test_bench_view_runs_on_the_samples():
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_view.py"), str(ROOT / "sample_logs")],
                          capture_output=True, text=True, cwd=ROOT / "benchmarks", timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    # its numbers, not its verdict on the time: a loaded host may take longer than the budget
    assert re.search(r"view \d+\.\d\d s \+ page \d+\.\d\d s = \d+\.\d\d s \([\d,]+ frames/s; budget 2 s: ", done.stdout)
    assert "budget 400 KB: ok" in done.stdout and "pages of 5 games" in done.stdout


@interpreted_only
def test_waits_are_worked_out_once(monkeypatch):
    """The viewer asks the table for a hand's waits no more often than validation does:
    it works out each shape's waits once and gives them to the furiten check."""
    from paipu.table import Table

    game = next(iter(paipu.load(corpus(*KNOWN_BAD))))
    asked = []
    waits = Table.waits
    monkeypatch.setattr(Table, "waits", lambda table, seat: asked.append(seat) or waits(table, seat))
    paipu.validate(game, "tenhou")
    by_validation = len(asked)
    asked.clear()
    Viewer(game, "tenhou")
    assert by_validation > 0 and len(asked) == by_validation


def test_cli_view_of_a_file_that_cannot_be_read_says_it_once(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"bad', encoding="utf-8")
    assert main(["view", str(bad), "-o", str(tmp_path / "page.html")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "bad.json" in err and "invalid JSON" in err
    assert not (tmp_path / "page.html").exists()


def long_round(turns: int = 0, reveals: int = 0) -> Game:
    """The sample game draw_then_ron.json with its first round made a hostile one, built
    as events (a reader may refuse so many dora indicators): ``turns`` draws and tsumogiri
    discards of 中 in turn, then ``reveals`` new dora indicators, then its draw (流局)."""
    game = next(iter(paipu.load(ROOT / "sample_logs" / "draw_then_ron.json")))
    first = game.rounds[0]
    events = [first.deal]
    for turn in range(turns):
        events += [Draw(turn % 4, "z7"), Discard(turn % 4, "z7", True)]
    events += [DoraReveal("m1")] * reveals
    events.append(first.events[-1])
    return replace(game, source="long.json#0", rounds=(replace(first, events=tuple(events)),))


@pytest.mark.parametrize("turns, reveals", [(1, 0), (0, 2)], ids=["rivers", "dora"])
def test_a_page_grows_with_the_events_not_with_their_square(turns, reveals):
    """Frame after frame a river or the dora indicators grow by a tile: the page carries
    each tile once, not once a frame (issue 28: 4,000 turns took over 4 GB). Twice the
    events make at most a little over twice the page's data (the square: four times)."""
    sizes = []
    for n in (100, 200):
        page = paipu.view(long_round(turns * n, reveals * n)).html(standalone=True)
        data = re.search(r'<script type="text/plain" class="pv-frames">([^<]*)</script>', page).group(1)
        sizes.append(len(gzip.decompress(base64.b64decode(data))))
        last = page_frames(page)[-2]  # the draw: what the page shows there, every tile of it
        assert sum(len(river(seat)) for _, seat in _SEAT.findall(last)) == turns * n
        assert len(tiles(part(last, "pv-dora"))) == 1 + reveals * n
    assert sizes[1] < 2.3 * sizes[0]


def test_a_round_longer_than_any_game_holds_is_refused_in_one_line(tmp_path, capsys):
    with pytest.raises(ValueError, match=r"long\.json#0, 東1局0本場: 4,002 events, more than a round can hold"):
        paipu.view(long_round(turns=2000))
    path = tmp_path / "long.json"
    path.write_bytes(orjson.dumps(game_to_json(long_round(turns=2000))))
    page = tmp_path / "long.html"
    assert main(["view", str(path), "-o", str(page)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"paipu view: {path}#0, 東1局0本場: 4,002 events") and err.count("\n") == 1
    assert not page.exists()
    # the longest round a game can hold is drawn
    assert len(paipu.view(long_round(turns=120))) == 243


# -- the bugs of issue 30, each against the log or hand-work ------------------------------


def seat_of(frame: str, seat: int) -> str:
    """The HTML of one seat of a frame (by its seat number in the round)."""
    return dict(_SEAT.findall(frame))[str(seat)]


def test_a_ron_winner_is_not_furiten_at_the_step_of_the_win():
    """The tile a ron is won on is not a tile the winner passed: at the step of the win
    (each of a double ron) no winner of these valid games is labelled furiten."""
    paths = [ROOT / "sample_logs" / "riichi_ron.json", ROOT / "sample_logs" / "draw_then_ron.json",
             *sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").iterdir())[:4]]
    rons = 0
    for path in paths:
        game = next(iter(paipu.load(path)))
        viewer = paipu.view(game)
        for index, (round_index, event) in enumerate(viewer.steps):
            if event is None or round_index >= len(game.rounds):
                continue
            win = game.rounds[round_index].events[event]
            if type(win) is Win and win.discarder is not None:
                rons += 1
                assert "pv-furiten" not in seat_of(viewer.frames[index], win.seat), (path.name, round_index, event)
    assert rons >= 5


def test_three_player_calls_are_drawn_from_the_side_they_came_from():
    """三麻 has no 対面: a call on the previous player's discard (上家) has its tile turned
    on the left, on the next player's (下家) on the right, whatever mark the log writes
    (Tenhou's four-seat marks of the player ids: ``=`` is the previous player of player
    0 and the next of player 2). The discarder is the seat of the discard called."""
    game = next(iter(paipu.load(sorted(corpus("tenhou-json", "sanma-engine").iterdir())[0])))
    viewer = paipu.view(game)
    sides = set()
    for round_index, round_ in enumerate(game.rounds):
        for event, call in enumerate(round_.events):
            if type(call) is not Call:
                continue
            discard = round_.events[event - 1]
            assert type(discard) is Discard
            previous = (discard.seat - call.seat) % 3 == 2
            frame = viewer.frame((round_index, event))
            meld = re.search(f'<span class="pv-meld" data-meld="{re.escape(str(call.meld))}">(.*?)</span>',
                             seat_of(frame, call.seat)).group(1)
            turned = ["pv-side" in cls for cls, _ in _TILE.findall(meld)]
            assert turned.index(True) == (0 if previous else len(turned) - 1), (round_index, event, str(call.meld))
            assert f"from {('East', 'South', 'West')[discard.seat]}" in frame
            sides.add((previous, call.meld.direction))
    assert (True, "=") in sides and (True, "-") in sides and (False, "+") in sides  # the marks seen


def test_a_replay_step_names_the_seat_a_three_player_call_came_from():
    """A step's ``repr`` names the discarder of a 三麻 call as the viewer does, by the
    seat of the discard called (not the seat the four-seat mark would name)."""
    seen = 0
    for game in paipu.load(corpus("tenhou-json", "sanma-engine")):
        for step in paipu.Replay(game):
            if type(step.event) is Call:
                discard = step.round.events[step.event_index - 1]
                assert f"from {('East', 'South', 'West')[discard.seat]}" in repr(step), repr(step)
                seen += 1
    assert seen > 20


def mjai_game(tmp_path: Path, game: Game) -> Game:
    """``game`` written as mjai by paipu's converter, then read back (mjai's end_game
    holds no final scores)."""
    from paipu.formats.mjai import game_to_mjai

    path = tmp_path / "game.mjson"
    path.write_bytes(b"\n".join(orjson.dumps(event) for event in game_to_mjai(game)))
    return next(iter(paipu.load(path)))


def end_standings(frame: str) -> list[tuple[str, str]]:
    """The end frame's seats in the order shown: each name and score."""
    return re.findall(r'<b class="pv-name">([^<]*)</b> <span class="pv-score">(-?\d+)</span>', frame)


def test_the_end_of_a_game_read_from_mjai_shows_the_final_scores(tmp_path):
    """mjai states no final scores: the end frame shows those after the last round's
    payments, the ones the original log (電脳麻将 JSON) states, by rank."""
    original = next(iter(paipu.load(ROOT / "sample_logs" / "draw_then_ron.json")))
    assert original.final_scores == (22400, 24000, 28000, 25600)
    game = mjai_game(tmp_path, original)
    assert game.final_scores is None
    end = paipu.view(game).frames[-1]
    assert end_standings(end) == [("West player", "28000"), ("North player", "25600"), ("South player", "24000"),
                                  ("East player", "22400")]


def test_the_end_of_the_game_is_said_once_and_the_standings_go_by_rank():
    """draw_then_ron.json ends 22400, 24000, 28000, 25600: West first, East last. A Tenhou
    game of final ranks 2, 4, 3, 1 lists its players 4th, 1st, 3rd, 2nd."""
    viewer = paipu.view(ROOT / "sample_logs" / "draw_then_ron.json")
    end = viewer.frames[-1]
    assert end.count("The end of the game") == 1
    assert [name for name, _ in end_standings(end)] == ["West player", "North player", "South player", "East player"]
    path = sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").iterdir())[1]
    game = next(iter(paipu.load(path)))
    assert game.ranks == (2, 4, 3, 1)
    names = tuple(name.split("\n")[0] for name in game.players)
    assert [name for name, _ in end_standings(paipu.view(game).frames[-1])] == [names[3], names[0], names[2], names[1]]


def steps_at_events(viewer):
    """Each step of an event (not the end) as its index and its round's events up to it."""
    for index, (round_index, event) in enumerate(viewer.steps):
        if event is not None and round_index < len(viewer.game.rounds):
            yield index, viewer.game.rounds[round_index].events[:event + 1]


def test_the_outlined_seat_is_the_one_that_acted():
    """At a discard the discarder is outlined, at a call the caller, at a draw the drawer."""
    game = next(iter(paipu.load(ROOT / "sample_logs" / "riichi_ron.json")))
    viewer = paipu.view(game)
    checked = 0
    for index, events in steps_at_events(viewer):
        acted = events[-1]
        if type(acted) in (Discard, Draw, Call, Win):
            outlined = re.findall(r'<section class="pv-seat pv-actor" data-player="\d+" data-seat="(\d+)">',
                                  viewer.frames[index])
            assert outlined == [str(acted.seat)], (index, acted)
            checked += 1
    assert checked > 10


def test_a_title_of_two_lines_is_one_line_without_an_escape():
    """Tenhou mjlog titles are the room and the log's id on two lines."""
    path = sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").iterdir())[0]
    game = next(iter(paipu.load(path)))
    assert "\n" in game.title
    page = paipu.view(game).html(standalone=True)
    assert "\\n" not in page
    assert "四鳳南喰赤 2020010100gm-00a9-0000-03aa14b0" in page


def test_the_page_holds_no_path_above_the_file_name(tmp_path):
    """A page travels: it names its file, not the folders the file was in."""
    folder = tmp_path / "private folder" / "games"
    folder.mkdir(parents=True)
    path = folder / "draw_then_ron.json"
    path.write_bytes((ROOT / "sample_logs" / "draw_then_ron.json").read_bytes())
    viewer = paipu.view(path, rule=paipu.Rule(winds=0, ippatsu=False))
    page = viewer.html(standalone=True)
    whole = page + "".join(page_frames(page))
    assert "draw_then_ron.json#0" in page
    assert str(tmp_path) not in whole and "private folder" not in whole
    save = viewer.save(tmp_path / "page.html").read_text(encoding="utf-8")
    assert "private folder" not in save


def test_timeline_labels_name_the_honba():
    """draw_then_ron.json: 東1局0本場 drawn, then 東1局1本場; the timeline says 東1 and
    東1-1, not 東1 twice."""
    page = paipu.view(ROOT / "sample_logs" / "draw_then_ron.json").html()
    labels = re.findall(r'<a class="pv-seg"[^>]*>([^<]*)</a>', page)
    assert labels == ["東1", "東1-1"]


def test_the_comparison_draws_the_hands_as_tiles():
    """The win's hand row shows tiles, not notation: the hand of riichi_ron.json's win,
    m234567p234s67 s8 won (its log), in both columns."""
    viewer = paipu.view(ROOT / "sample_logs" / "riichi_ron.json")
    game = viewer.game
    win = game.rounds[0].events[-1]
    frame = viewer.frame((0, len(game.rounds[0].events) - 1))
    row = re.search(r'<tr data-check="hule.shoupai">(.*?)</tr>', frame).group(1)
    rules, logged = re.findall(r"<td>(.*?)</td>", row)
    assert "," not in re.sub(r"<[^>]*>", "", row)  # no notation left
    hand = list(win.hand.concealed) + [win.hand.drawn]
    assert tiles(rules) == tiles(logged) == hand and len(hand) == 14


def test_an_added_kan_is_stacked():
    """An added kan (加槓) lies as the pon's turned tile with the added one on top of it:
    both in one stack, in the known-bad game's 東3局1本場 (s888=8) and in a Tenhou
    game's z111-1."""
    for path, where, meld in ((corpus(*KNOWN_BAD), (3, 86), "s888=8"),
                              (sorted(corpus("tenhou-mjlog", "agony5757-mahjong-paipuxmls").iterdir())[1], (8, 50),
                               "z111-1")):
        game = next(iter(paipu.load(path)))
        kan = game.rounds[where[0]].events[where[1]]
        assert str(kan.meld) == meld
        frame = seat_of(paipu.view(game).frame(where), kan.seat)
        drawn = re.search(f'<span class="pv-meld" data-meld="{re.escape(meld)}">(.*?)</div>', frame).group(1)
        drawn = drawn.split('<span class="pv-meld"')[0]
        stack = re.search(r'<span class="pv-stack">(.*?)</span>', drawn).group(1)
        assert [(cls.strip(), face) for cls, face in _TILE.findall(stack)] == [("pv-side", kan.meld.added),
                                                                              ("pv-side", kan.meld.claimed)]
        assert len(tiles(drawn)) == 4


def test_fragments_name_the_steps_round_and_start_do():
    """A page's fragment names a step as --round and (round, event) do: #r1 is the deal of
    round 1 (0-based, as --round), #r1e5 its event 5, #end the end; every link of the
    table of contents and the timeline is one of them."""
    path = ROOT / "sample_logs" / "draw_then_ron.json"
    viewer = paipu.view(path)
    assert viewer.index("#r1") == paipu.view(path, round=1).start == viewer.round_starts()[1]
    assert viewer.steps[viewer.index("r1e5")] == (1, 5) and viewer.link((1, 5)) == "#r1e5"
    assert viewer.index("#end") == len(viewer) - 1 and viewer.link(-1) == "#end"
    assert paipu.view(path, start="#r1e5").start == viewer.index((1, 5))
    for wrong in ("#r9", "#x", "r1e999"):
        with pytest.raises(ValueError):
            viewer.index(wrong)
    links = re.findall(r'href="(#[^"]*)" data-go="(\d+)"', viewer.html())
    assert len(links) >= 2 * len(viewer.round_starts()) + 1
    assert all(viewer.link(int(step)) == link for link, step in links)


def test_danger_marks_and_live_waits():
    """After a riichi every other seat's hand has each kind rated against it, a kind the
    riichi player discarded (現物) at 0; before it nobody's is. A ron's frame marks the
    seat that dealt in; each frame names the seat of the last discard and the dora."""
    game = next(iter(paipu.load(ROOT / "sample_logs" / "riichi_ron.json")))
    viewer = paipu.view(game)
    rated = 0
    for index, events in steps_at_events(viewer):
        riichi = {e.seat: i for i, e in enumerate(events) if type(e) is Discard and e.riichi}
        frame = viewer.frames[index]
        seats = dict(_SEAT.findall(frame))
        for seat, body in seats.items():
            against = [other for other in riichi if other != int(seat)]
            values = re.findall(r'<span class="pv-danger pv-d\d" title="[^"]*">.*?#pv-(\w+)".*?</svg>(\d+)</span>', body)
            assert bool(values) == bool(against), (index, seat)
            for face, value in values:
                safe = {e.tile[:2].replace("0", "5") for e in events if type(e) is Discard
                        and all(e.seat == other or i > riichi[other] for other in against for i in [events.index(e)])}
                if face.replace("0", "5") in safe:
                    assert value == "0", (index, seat, face)
                    rated += 1
        last = next((e for e in reversed(events) if type(e) is Discard), None)
        assert last is None or f'data-last="{last.seat}"' in frame
        if type(events[-1]) is Win and events[-1].discarder is not None:
            assert f'data-in="{events[-1].discarder}"' in frame
    assert rated > 0
