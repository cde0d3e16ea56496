"""RiichiEnv's side (docs/decisions.md, "Against RiichiEnv"): its legal actions after each mjai event
of the games export.py wrote, against paipu's summaries; the differences counted by kind, with
examples. Run with a Python that has riichienv 0.4.11 (pip install riichienv in a private venv)."""
import json, collections, sys
from pathlib import Path
from riichienv import RiichiEnv

HONOURS = {"E": "z1", "S": "z2", "W": "z3", "N": "z4", "P": "z5", "F": "z6", "C": "z7"}
def tile(pai):
    if pai in HONOURS: return HONOURS[pai]
    return pai[1] + ("0" if pai.endswith("r") else pai[0])

ours = json.load(open("/tmp/renv/paipu_side.json"))
differences = collections.Counter()
examples = collections.defaultdict(list)
compared = errors = 0
for name, summary in sorted(ours.items()):
    lines = [json.loads(l) for l in open(f"/tmp/renv/mjai/{name}.jsonl")]
    env = RiichiEnv(game_mode="4p-red-half")
    theirs = {}
    rnd, turns, discards = -1, collections.Counter(), 0
    try:
        for i, ev in enumerate(lines):
            if ev["type"] == "start_kyoku":
                rnd += 1; turns = collections.Counter(); discards = 0; oya = ev["oya"]
            env.apply_event(ev)
            t = ev["type"]
            if t not in ("tsumo", "dahai", "chi", "pon"):
                continue
            for p in range(4):
                obs = env.get_observation(p)
                acts = obs.legal_actions() if obs is not None else []
                if not acts:
                    continue
                tiles, kinds, tiles_seen = set(), collections.Counter(), set()
                for a in acts:
                    m = a.to_mjai(); m = json.loads(m) if isinstance(m, str) else m
                    if m["type"] == "dahai": tiles.add(tile(m["pai"]))
                    elif m["type"] in ("chi", "pon", "daiminkan"):
                        shape = (m["type"], tuple(sorted(m.get("consumed", ()))))
                        if shape not in tiles_seen:
                            tiles_seen.add(shape); kinds[m["type"]] += 1
                    else: kinds[m["type"]] += 1
                if t in ("tsumo", "chi", "pon") and p == ev["actor"]:
                    key = f"T {rnd} {(p - oya) % 4} {turns[p]}"; turns[p] += 1
                elif t == "dahai" and p != ev["actor"]:
                    key = f"C {rnd} {(p - oya) % 4} {discards}"
                else:
                    continue
                theirs[key] = (sorted(tiles), dict(kinds))
            if t == "dahai":
                discards += 1
    except Exception as error:
        errors += 1
        examples["replay error"].append((name, i, str(error)[:100]))
        continue
    for key in set(summary) | set(theirs):
        compared += 1
        a = summary.get(key); b = theirs.get(key)
        if a is None or b is None:
            what = ("only RiichiEnv " if a is None else "only paipu ") + key[0]
            differences[what] += 1; examples[what].append((name, key, a and a[2], b)); continue
        if a[0] != b[0]:
            differences[key[0] + " discards"] += 1; examples[key[0] + " discards"].append((name, key, a[2], b))
        ka, kb = dict(a[1]), dict(b[1])
        # paipu counts each way to chi or pon; RiichiEnv each too: compare kinds present and counts
        for kind in set(ka) | set(kb):
            if ka.get(kind, 0) != kb.get(kind, 0):
                differences[f"{key[0]} {kind} {ka.get(kind, 0)} vs {kb.get(kind, 0)}"] += 1
                examples[f"{key[0]} {kind}"].append((name, key, a[2], b))
print("games", len(ours), "replay errors", errors, "decisions compared", compared)
for what, n in differences.most_common(40): print(n, what)
for what, ex in examples.items(): print(what, ex[:3])
# every ron difference, for explain.py
json.dump([[name, key] for what, ex in examples.items() if "hora" in what or "only" in what for name, key, *_ in ex],
          open("/tmp/renv/rons.json", "w"))
