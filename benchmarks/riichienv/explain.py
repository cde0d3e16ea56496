"""Each ron RiichiEnv offers and paipu does not (docs/decisions.md, "Against RiichiEnv"), as
paipu sees it: whether the discard completes the seat's hand and why the ron is furiten
(`paipu.checks.furiten`). Reads the cases compare.py wrote to /tmp/renv/rons.json; run from
the project root with the project's Python."""
import json

from paipu import load
from paipu.checks import furiten
from paipu.engine import Replay
from paipu.events import Discard
from paipu.tiles import KIND_OF

FOLDER = "../shared/corpora/tenhou-as-majiang/agony5757-mahjong-paipuxmls/"
for name, key in json.load(open("/tmp/renv/rons.json")):
    _, rnd, seat, ordinal = key.split()  # a claim: round, seat from the dealer, the round's discard number
    (game,) = load(FOLDER + name)
    discards = (step for step in Replay(game, "tenhou").steps()
                if step.round_index == int(rnd) and type(step.event) is Discard)
    for number, step in enumerate(discards):
        if number == int(ordinal):
            table, tile = step.table, step.event.tile
            waits = table.waits(int(seat))
            completes = waits is not None and KIND_OF[tile] in waits
            reason = furiten(table, int(seat), game.rounds[int(rnd)].events, step.event_index + 1) if completes else None
            print(name, key, "discard", tile, "| completes the hand:", completes, "|", reason or "not furiten")
            break
