#!/usr/bin/env python3
"""One-off transcription of development-card FACTS (names, numbers, costs, effects)
from the third-party reference data into our own format (data/cards.json).
Corrections are applied here and listed in data/README.md. Run:
  python3 data/tools/transcribe_cards.py ../../../../shared/data-sources/lorenzo-il-magnifico > data/cards.json
"""
import json, sys
src = sys.argv[1] + "/GiovanniBozzano/"
KEY = {"WOOD": "wood", "STONE": "stone", "SERVANT": "servants", "COIN": "coins",
       "VICTORY_POINT": "vp", "MILITARY_POINT": "mp", "FAITH_POINT": "fp",
       "COUNCIL_PRIVILEGE": "privileges"}
TYPES = {"TERRITORY": "territory", "BUILDING": "building", "CHARACTER": "character", "VENTURE": "venture"}
# German names (Yucata) where the seed's examples name the card.
GERMAN = {"Forest": "Nutzwald", "Manor House": "Herrenhaus", "Marble Pit": "Marmorsteinbruch",
          "Monastery": "Kloster", "Treasury": "Schatzkammer", "Carpenter's Shop": "Schreinerei",
          "Fortress": "Feste", "Farmer": "Bauer", "Peasant": "Kleinbauer", "Artisan": "Künstler",
          "Scholar": "Gelehrter"}

def bag(items):
    out, per = {}, None
    for x in items or []:
        if x["type"] == "STANDARD":
            k = KEY[x["resourceType"]]
            out[k] = out.get(k, 0) + x["amount"]
        elif x["type"] == "MULTIPLIER_CARD":
            per = {"per_card": TYPES[x["cardTypeMultiplier"]], "gain": {KEY[x["resourceType"]]: x["amount"]}}
        elif x["type"] == "MULTIPLIER_RESOURCE":
            per = {"per_mp": x["amountDivider"], "gain": {KEY[x["resourceType"]]: x["amount"]}}
        else:
            raise SystemExit("unknown " + x["type"])
    return out, per

cards = []
cid = 0
for f in ["territory", "building", "character", "venture"]:
    d = json.load(open(src + "development_cards_%s.json" % f))
    for period, key in enumerate(["FIRST", "SECOND", "THIRD"], 1):
        for c in d[key]:
            name = c["displayName"]
            if name == "Buildings the Walls":
                name = "Building the Walls"  # typo in the source
            card = {"id": cid, "name": name, "type": f, "period": period}
            if name in GERMAN:
                card["de"] = GERMAN[name]
            costs = []
            for o in c["resourceCostOptions"]:
                need, _ = bag(o["requiredResources"])
                pay, _ = bag(o["spentResources"])
                opt = {"pay": pay}
                if need:
                    opt["need_mp"] = need["mp"]
                costs.append(opt)
            if name == "Knight":
                costs = [{"pay": {"coins": 2}}]  # source says 4; the printed card costs 2
            if costs:
                card["cost"] = costs
            imm, per = bag(c["reward"]["resourceAmounts"])
            if imm:
                card["now"] = imm
            if per:
                card["now_per"] = per
            ar = c["reward"].get("actionReward")
            if ar:
                req = ar.get("requestedAction") or ""
                if "HARVEST" in req:
                    card["now_action"] = {"harvest": ar["value"]}
                elif "PRODUCTION" in req:
                    card["now_action"] = {"production": ar["value"]}
                else:
                    types = sorted(TYPES[t] for t in ar["cardTypes"])
                    act = {"take": "any" if len(types) == 4 else types[0], "value": ar["value"]}
                    disc = ar.get("instantDiscountChoices") or []
                    if disc:
                        assert len(disc) == 1
                        act["discount"] = bag(disc[0])[0]
                    card["now_action"] = act
            if f == "territory":
                card["activation"] = c.get("activationValue", c.get("activationCost"))  # Commercial Hub key
                card["harvest"] = bag(c["harvestResources"])[0]
            if f == "building":
                card["activation"] = c["activationValue"]
                prod = {}
                ex = []
                for o in c["resourceTradeOptions"]:
                    pay, _ = bag(o["employedResources"])
                    gain, per = bag(o["producedResources"])
                    if pay:
                        ex.append({"pay": pay, "gain": gain})
                    else:
                        if gain:
                            prod["gain"] = gain
                        if per:
                            prod["per"] = per
                if ex:
                    prod["exchange"] = ex
                card["production"] = prod
            if f == "character" and c.get("modifier"):
                m = c["modifier"]
                if m["type"] == "CARD":
                    p = {"take_bonus": TYPES[m["cardType"]], "value": m["value"]}
                    if m["discountChoices"]:
                        p["discount_any_of"] = [bag(x)[0] for x in m["discountChoices"]]
                    card["permanent"] = p
                elif m["type"] == "HARVEST":
                    card["permanent"] = {"harvest_bonus": m["value"]}
                elif m["type"] == "PRODUCTION":
                    card["permanent"] = {"production_bonus": m["value"]}
                elif m["type"] == "MALUS":
                    card["permanent"] = {"no_floor_bonus": True}
            if f == "venture":
                card["end_vp"] = c["victoryValue"]
            cards.append(card)
            cid += 1
print("[")
print(",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cards))
print("]")
