"""paipu's side of the RiichiEnv comparison (docs/decisions.md, "Against RiichiEnv"): each of the
722 agony5757 games written as mjai into /tmp/renv/mjai, and its decisions from the table
`benchmarks/bench_decisions.py --keep /tmp/decbench/full` wrote, summarised by key into
/tmp/renv/paipu_side.json. Run from the project root with the project's Python; then
`compare.py` with a Python that has riichienv (a private venv)."""
import json, re, collections
from pathlib import Path
import pandas as pd
import paipu
from paipu.events import Discard
from paipu.formats.mjai import dumps
from paipu.tiles import parse_meld

rows = pd.read_parquet("/tmp/decbench/full/decisions.parquet", columns=["source", "round", "event", "seat", "situation", "options"])
folder = Path("../shared/corpora/tenhou-as-majiang/agony5757-mahjong-paipuxmls")
names = {p.name for p in folder.iterdir()}
rows["file"] = rows["source"].astype(str).str.replace(r"^.*/\d{5}-", "", regex=True).str.replace("#0", "")
rows = rows[rows["file"].isin(names)]
groups = dict(tuple(rows.groupby("file")))
out = {}
for game in paipu.load(folder):
    name = Path(game.source.split("#")[0]).name
    (Path("/tmp/renv/mjai") / (name + ".jsonl")).write_bytes(dumps(game))
    ordinal = {}
    for r, round_ in enumerate(game.rounds):
        n = 0
        for e, event in enumerate(round_.events):
            if type(event) is Discard:
                ordinal[(r, e)] = n
                n += 1
    summary = {}
    turns = collections.Counter()
    for row in groups[name].itertuples():
        options = list(row.options)
        kinds = collections.Counter()
        tiles = set()
        for o in options:
            if re.fullmatch(r"[mpsz]\d", o):
                tiles.add(o)
            elif o.endswith("*"):
                kinds["reach"] = 1
            elif o in ("tsumo", "ron"):
                kinds["hora"] += 1
            elif o == "kyuushu":
                kinds["ryukyoku"] += 1
            elif o == "pass":
                kinds["none"] += 1
            elif o != "north":
                kinds[parse_meld(o).type] += 1
        if row.situation in ("draw", "call"):
            key = f"T {row.round} {row.seat} {turns[(row.round, row.seat)]}"
            turns[(row.round, row.seat)] += 1
        elif row.situation == "discard":
            key = f"C {row.round} {row.seat} {ordinal[(row.round, row.event)]}"
        else:
            continue
        summary[key] = [sorted(tiles), dict(kinds), options]
    out[name] = summary
json.dump(out, open("/tmp/renv/paipu_side.json", "w"))
print(len(out), sum(map(len, out.values())))
