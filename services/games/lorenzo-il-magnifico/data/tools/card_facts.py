#!/usr/bin/env python3
"""Write tests/fixtures/card_facts.txt: one line of facts per development card,
read ONLY from the third-party sources (never from data/cards.json), with the
corrections listed in data/README.md. tests/data_facts.rs compares our loaded
data against that file, so an edit of cards.json that changes a fact fails a
test. Card ids are luca-grella's printed numbers - 1; effects come from
GiovanniBozzano; the printed costs are cross-checked against luca-grella here.
  python3 data/tools/card_facts.py ../../../../shared/data-sources/lorenzo-il-magnifico > tests/fixtures/card_facts.txt
"""
import json, sys
S = sys.argv[1] + "/"
KEYS = ["wood", "stone", "servants", "coins", "vp", "mp", "fp", "privileges"]
GB = {"WOOD": "wood", "STONE": "stone", "SERVANT": "servants", "COIN": "coins", "VICTORY_POINT": "vp",
      "MILITARY_POINT": "mp", "FAITH_POINT": "fp", "COUNCIL_PRIVILEGE": "privileges"}
TYPES = {"TERRITORY": "territory", "BUILDING": "building", "CHARACTER": "character", "VENTURE": "venture"}
LGV = ["wood", "stone", "coins", "servants", "vp", "mp", "fp", "privileges"]

def bag(items):
    d, per = {}, ""
    for x in items or []:
        if x["type"] == "STANDARD":
            d[GB[x["resourceType"]]] = d.get(GB[x["resourceType"]], 0) + x["amount"]
        elif x["type"] == "MULTIPLIER_CARD":
            per = "%d %s per %s" % (x["amount"], GB[x["resourceType"]], TYPES[x["cardTypeMultiplier"]])
        elif x["type"] == "MULTIPLIER_RESOURCE":
            per = "%d %s per %d mp" % (x["amount"], GB[x["resourceType"]], x["amountDivider"])
        else:
            raise SystemExit(x)
    return d, per

def fmt(d):
    return " + ".join("%d %s" % (d[k], k) for k in KEYS if d.get(k))

def join(*parts):
    return " + ".join(p for p in parts if p)

number = {}
for f in ["GreenC", "YellowC", "BlueC", "PurpleC"]:
    for c in json.load(open(S + "luca-grella/%s.json" % f)).values():
        number[c["name"].strip()] = (c["number"], c)

lines = []
for t in ["territory", "building", "character", "venture"]:
    d = json.load(open(S + "GiovanniBozzano/development_cards_%s.json" % t))
    for period, key in enumerate(["FIRST", "SECOND", "THIRD"], 1):
        for c in d[key]:
            name = c["displayName"].strip()
            if name == "Buildings the Walls":
                name = "Building the Walls"  # typo in GiovanniBozzano
            n, lg = number[name]
            f = ["%02d %s" % (n - 1, name), "%s %d" % (t, period)]
            costs = []
            for o in c["resourceCostOptions"]:
                need, _ = bag(o["requiredResources"])
                s = fmt(bag(o["spentResources"])[0])
                if need:
                    s += " (need %d mp)" % need["mp"]
                costs.append(s)
            if name == "Knight":
                costs = ["2 coins"]  # GiovanniBozzano 4; luca-grella, federicoBetti, printed card: 2
            # cross-check: luca-grella gives the sum of the options' payments
            tot = {}
            for o in c["resourceCostOptions"] if name != "Knight" else []:
                for k, v in bag(o["spentResources"])[0].items():
                    tot[k] = tot.get(k, 0) + v
            lgc = lg.get("CardCost") or lg.get("PurpleCardCost")
            if name != "Knight" and {LGV[i]: v for i, v in enumerate(lgc or []) if v} != tot:
                raise SystemExit("cost differs from luca-grella: " + name)
            if costs:
                f.append("cost " + " or ".join(costs))
            now, per = bag(c["reward"]["resourceAmounts"])
            if now or per:
                f.append("now " + join(fmt(now), per))
            ar = c["reward"].get("actionReward")
            if ar:
                req = ar.get("requestedAction") or ""
                if "HARVEST" in req:
                    f.append("action harvest @%d" % ar["value"])
                elif "PRODUCTION" in req:
                    f.append("action production @%d" % ar["value"])
                else:
                    kinds = sorted(TYPES[x] for x in ar["cardTypes"])
                    s = "action take %s @%d" % ("any" if len(kinds) == 4 else kinds[0], ar["value"])
                    disc = " or ".join(fmt(bag(x)[0]) for x in ar.get("instantDiscountChoices") or [])
                    if disc:
                        s += " discount " + disc
                    f.append(s)
            if t == "territory":
                f.append("act %d" % c.get("activationValue", c.get("activationCost")))  # Commercial Hub key typo
                f.append("harvest " + fmt(bag(c["harvestResources"])[0]))
            if t == "building":
                f.append("act %d" % c["activationValue"])
                fixed, ex = "", []
                for o in c["resourceTradeOptions"]:
                    pay, _ = bag(o["employedResources"])
                    gain, gper = bag(o["producedResources"])
                    if pay:
                        ex.append("%s -> %s" % (fmt(pay), fmt(gain)))
                    else:
                        fixed = join(fmt(gain), gper)
                if fixed:
                    f.append("production " + fixed)
                if ex:
                    f.append("exchange " + " / ".join(ex))
            m = c.get("modifier") if t == "character" else None
            if m:
                if m["type"] == "CARD":
                    s = "permanent take %s +%d" % (TYPES[m["cardType"]], m["value"])
                    if m["discountChoices"]:
                        s += " discount " + " or ".join(fmt(bag(x)[0]) for x in m["discountChoices"])
                    f.append(s)
                elif m["type"] in ("HARVEST", "PRODUCTION"):
                    f.append("permanent %s +%d" % (m["type"].lower(), m["value"]))
                elif m["type"] == "MALUS":
                    assert m["rows"] == ["THIRD", "FOURTH"]
                    f.append("permanent no floor bonus")
            if t == "venture":
                f.append("end %d vp" % c["victoryValue"])
            lines.append((n, " | ".join(f)))
print("# Development-card facts from the third-party sources (see data/tools/card_facts.py),")
print("# one card per line: id name | type period | cost | now | action | act | harvest |")
print("# production | exchange | permanent | end VP (empty fields left out). Corrections: data/README.md.")
for _, l in sorted(lines):
    print(l)
