#!/usr/bin/env python3
"""Writes our data files (../cards.json, ../empires.json, ../map.json) from the
facts in the third-party extract (a 2nd-edition implementation), applying the
1st-edition corrections listed in ../README.md. Only facts are taken (ids, ops,
agents, locations, prestige, one-shots, suitors, city symbols, routes); every
name of a corrected card, every ability and every description is ours.

Usage: python3 transcribe.py [path/to/pax-renaissance.bga-extract.json]
players.json and victories.json are hand-written (seed facts only).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
SRC = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data-sources/pax-renaissance/pax-renaissance.bga-extract.json"

EMPIRE = {
    "ENGLAND": "england", "FRANCE": "france", "HOLY_ROMAN_EMIRE": "holy_roman_empire",
    "HUNGARY": "hungary", "BYZANTIUM": "byzantium", "PORTUGAL": "portugal", "ARAGON": "aragon",
    "PAPAL_STATES": "papal_states", "OTTOMAN": "ottoman", "MAMLUK": "mamluk",
}
LOCATION = dict(EMPIRE, EAST="the_east", WEST="the_west")
RELIGION = {"CATHOLIC": "catholic", "ISLAMIC": "islamic", "REFORMIST": "reformist"}
PRESTIGE = {"CATHOLIC": "catholic", "ISLAMIC": "islamic", "REFORMIST": "reformist",
            "LAW": "law", "DISCOVERY": "discovery", "PATRON": "patron"}
AGENT = {"BISHOP": "bishop", "KNIGHT": "knight", "ROOK": "rook", "PIRATE": "pirate", "PAWN": "pawn"}
ONE_SHOT = {
    "CRUSADE_ONE_SHOT": {"one_shot": "crusade"},
    "REFORMATION_ONE_SHOT": {"one_shot": "reformation_war"},
    "JIHAD_ONE_SHOT": {"one_shot": "jihad"},
    "CONSPIRACY_ONE_SHOT": {"one_shot": "conspiracy"},
    "PEASANT_REVOLT_ONE_SHOT": {"one_shot": "peasant_revolt"},
    "TRADE_SHIFT_SPICE_ISLAND_ONE_SHOT": {"one_shot": "trade_shift", "opens": "spice_islands"},
    "TRADE_SHIFT_NOVGOROD_ONE_SHOT": {"one_shot": "trade_shift", "opens": "novgorod"},
    "TRADE_SHIFT_TIMBUKTU_ONE_SHOT": {"one_shot": "trade_shift", "opens": "timbuktu"},
}
TOKEN = {"PAWN": "pawn", "ROOK": "rook", "KNIGHT": "knight"}


def op(o):
    i = o["id"]
    if i.startswith("INQUISITOR_OP_"):
        return {"op": "inquisitor", "religion": RELIGION[i[len("INQUISITOR_OP_"):]]}
    if i.startswith("CORSAIR_OP_"):
        return {"op": "corsair", "religion": RELIGION[i[len("CORSAIR_OP_"):]]}
    if i.startswith("COMMERCE_OP_"):
        return {"op": "commerce", "market": i[len("COMMERCE_OP_"):].lower()}
    if i.startswith("VOTE_OP_"):
        return {"op": "vote", "side": i[len("VOTE_OP_"):].lower()}
    if i.startswith("REPRESS_OP_"):
        return {"op": "repress", "targets": [TOKEN[t] for t in i[len("REPRESS_OP_"):].split("_")]}
    return {"BEHEAD_OP": {"op": "behead"}, "TAX_OP": {"op": "tax"}, "SIEGE_OP": {"op": "siege"},
            "CAMPAIGN_OP": {"op": "campaign"}}[i]


def slug(name):
    s = name.lower().replace("&", "and").replace("ü", "u").replace("ö", "o").replace("é", "e")
    s = s.replace("ç", "c").replace("ā", "a").replace("î", "i").replace("ä", "a")
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


# --- 1st-edition corrections (each one is explained in ../README.md) -------------------------

# Card names: the seed's spelling where it names a card differently from the source.
NAME = {
    "PREN036_FlandersGuild": "Flanders Guilds",
    "PREN008_Jesuits": "The Jesuits",
    "PREN063_OttomanNavy": "The Ottoman Navy",
    "PREN061_Qizilbash": "Qizilbash",
}
# Exact spelling in the seed (with its line numbers in the fixture tests/fixtures/seed_facts.txt).
SEED_NAME = {
    "PREN036_FlandersGuild": "Flanders Guilds",
    "PREN009_HouseOfBorgia": "House of Borgia",
    "PREN008_Jesuits": "The Jesuits",
    "PREN029_HolyLandCrusade": "Holy Land Crusade",
    "PREN021_Conquistadors": "Conquistadors",
    "PREN061_Qizilbash": "Qizibash",
    "PREN058_TheGrim": "The Grim",
    "PREN071_TheHandsome": "The Handsome",
    "PREN040_SindicatRemenca": "Sindicat Remenca",
    "PREN044_IsabellaOfCastille": "Isabella",
    "PREN052_Luther": "Luther",
    "PREN063_OttomanNavy": "The Ottoman Navy",
    "PREN012_KnightsHospitaller": "Knights Hospitaller",
    "PREN014_IndiaArmada": "India Armada",
    "PREN018_AlmeidaArmada": "Almeida Armada",
    "PREN042_HochstetterBank": "Höchstetter Bank",
    "PREN043_Gutenberg": "Gutenberg",
    "PREN055_DuchyOfFerrara": "Duchy of Ferrara",
    "PREN088_CemAntiHostage": "Cem Anti-Hostage",
}
# The only abilities of the 1st-edition base game: the seed's glossary list (FÄHIGKEIT).
ABILITY = {
    "PREN012_KnightsHospitaller": {
        "name": "Knights of Rhodes", "name_de": "Ritter von Rhodos",
        "effect": {"effect": "crusade_rooks_as_knights", "religion": "catholic", "empires": ["ottoman", "papal_states"]},
        "description": "In a crusade, white rooks in the Ottoman Empire or the Papal States may serve as knights.",
    },
    "PREN014_IndiaArmada": {
        "name": "Cape of Good Hope", "name_de": "Kap der guten Hoffnung",
        "effect": {"effect": "double_concessions_on_route", "centre": "spice_islands"},
        "description": "The owner's concessions count twice in trade fairs on the Spice Islands route.",
    },
    "PREN018_AlmeidaArmada": {
        "name": "Cape of Good Hope", "name_de": "Kap der guten Hoffnung",
        "effect": {"effect": "double_concessions_on_route", "centre": "spice_islands"},
        "description": "The owner's concessions count twice in trade fairs on the Spice Islands route.",
    },
    "PREN021_Conquistadors": {
        "name": "Aztec Gold", "name_de": "Azteken Gold",
        "effect": {"effect": "sell_for", "florins": 4},
        "description": "Selling this card earns 4 florins instead of 2.",
    },
    "PREN042_HochstetterBank": {
        "name": "Letters of Credit", "name_de": "Stadtwechsel",
        "effect": {"effect": "no_hand_limit"},
        "description": "The owner has no hand limit.",
    },
    "PREN043_Gutenberg": {
        "name": "Printing Press", "name_de": "Druckerpresse",
        "effect": {"effect": "no_hand_limit"},
        "description": "The owner has no hand limit.",
    },
    "PREN055_DuchyOfFerrara": {
        "name": "Urbanization", "name_de": "Urbanisierung",
        "effect": {"effect": "double_in_battle", "city": "venice", "religion": "catholic"},
        "description": "A white token in Venice counts twice in battles.",
    },
    "PREN088_CemAntiHostage": {
        "name": "Ransom", "name_de": "Lösegeld",
        "effect": {"effect": "sell_for", "florins": 4},
        "description": "Selling this card earns 4 florins instead of 2.",
    },
}
DROPPED_ABILITY_NOTE = {
    "PREN001_InquistionPope": "The 2nd-edition source gives this card a behead restriction ability; the seed's ability list (Glossar FÄHIGKEIT) does not, so it has none here.",
    "PREN006_StarChamber": "The 2nd-edition source gives this card an ability letting its coronation claim married kings; not in the seed's ability list, so none here.",
    "PREN024_Gonfalonier": "The 2nd-edition source gives this card a Venice capacity ability; not in the seed's ability list, so none here.",
    "PREN074_TheKremlin": "The 2nd-edition source gives this card an immunity to bishop silencing; not in the seed's ability list, so none here.",
}
LOCATION_FIX = {
    # Seed F8 example: "Conquistador", "die in Aragon verORTet ist", with a Siege op.
    "PREN021_Conquistadors": ("aragon", "Location Aragon per the seed's F8 example; the 2nd-edition source says Portugal."),
}
OP_NOTE = {
    "PREN044_IsabellaOfCastille": "Its Repress op (pawn or rook) is titled 'Alhambra Decree' [seed F5].",
}
ABILITY_NOTE = {
    "PREN012_KnightsHospitaller": "Ability as the seed words it (white rooks in the Ottoman Empire or Papal States); the 2nd-edition source has no region limit.",
    "PREN055_DuchyOfFerrara": "Ability as the seed words it (white token in Venice counts double in battles); the 2nd-edition source lets Venice hold two tokens instead.",
}
# Comets: printed numbers inferred (West deck = 29..85, East deck = 86..120).
COMET = {
    "COMET3_Halley": (84, "Halley's Comet Excommunication", "Kirchenbann des Halleyschen Kometen", "Kirchenbann des Halleyschen Kometen"),
    "COMET4_Regiomontanus": (85, "Regiomontanus", "Regiomontanus", "Regiomantus"),
    "COMET1_Copernicus": (119, "Copernicus", "Kopernikus", "Kopernikus"),
    "COMET2_Nostradamus": (120, "Nostradamus", "Nostradamus", "Nostradamus"),
}


def piece(c):
    if c.get("suitors"):
        return "queen"
    kinds = {a["type"] for a in c.get("agents", [])}
    assert len(kinds) == 1, c["id"]
    return AGENT[kinds.pop()]


def card(c):
    cid = c["id"]
    if cid in COMET:
        number, name, name_de, seed = COMET[cid]
        return {"id": slug(name), "number": number, "name": name, "name_de": name_de, "seed_name": seed,
                "deck": c["region"].lower(), "kind": "comet",
                "note": "Which comet lies in which deck and its number are inferred (see data/README.md)."}
    number = int(cid[4:7]) + 28
    name = NAME.get(cid, c["name"])
    out = {"id": slug(name), "number": number, "number_in_seed": cid in ABILITY, "name": name}
    if cid in SEED_NAME:
        out["seed_name"] = SEED_NAME[cid]
    out["deck"] = c["region"].lower()
    out["kind"] = "tableau"
    out["piece"] = piece(c)
    notes = []
    if "empire" in c:
        out["location"] = LOCATION[c["empire"]]
    if cid in LOCATION_FIX:
        out["location"], n = LOCATION_FIX[cid]
        notes.append(n)
    if c.get("agents"):
        out["agents"] = [{"kind": AGENT[a["type"]], **({"religion": RELIGION[a["separator"]]} if a["separator"] else {})}
                         for a in c["agents"]]
    if c.get("prestige"):
        out["prestige"] = [PRESTIGE[p] for p in c["prestige"]]
    if c.get("ops"):
        out["ops"] = [op(o) for o in c["ops"]]
    if cid in ABILITY:
        out["ability"] = ABILITY[cid]
    one = c.get("oneShot")
    if one == "CORONATION_ONE_SHOT":
        out["one_shot"] = {"one_shot": "coronation", "suitors": [EMPIRE[e] for e in c["suitors"]]}
    elif one and one.startswith("APOSTASY_"):
        notes.append("The 2nd-edition source gives this card an Apostasy one-shot, an expansion-only one-shot in the 1st edition [seed M2]; no base one-shot here.")
    elif one:
        out["one_shot"] = ONE_SHOT[one]
    notes += [n for n in (DROPPED_ABILITY_NOTE.get(cid), ABILITY_NOTE.get(cid), OP_NOTE.get(cid)) if n]
    if notes:
        out["note"] = " ".join(notes)
    return out


def cards(src):
    core = [c for c in src["tableau_cards"].values() if not c.get("expansionCard") and not c.get("ageOfReformationPromo")]
    out = sorted((card(c) for c in core), key=lambda c: c["number"])
    return out


def side(v, s):
    return v.get("default", v)[s] if isinstance(v, dict) else []


def empires(src):
    out = []
    for e in EMPIRE:
        sq = next(x for x in src["empire_cards"].values() if x["empire"] == e)
        entry = {"empire": EMPIRE[e]}
        for s, key in (("KING", "king"), ("REPUBLIC", "republic")):
            names = sq["name"].get("default", sq["name"])
            d = {"name": names[s], "ops": [op(o) for o in side(sq["ops"], s)]}
            pres = side(sq.get("prestige", {}), s) if sq.get("prestige") else []
            if pres:
                d["prestige"] = [PRESTIGE[p] for p in pres]
            entry[key] = d
        out.append(entry)
    return out


# Map: grid and names [seed C1]; faces (front per seed B5/C1, backs inferred, see README).
GRID = [
    ("england", "England", "England", "north", 0, "medieval", "reformist", False),
    ("france", "France", "Frankreich", "north", 1, "medieval", "reformist", False),
    ("holy_roman_empire", "Holy Roman Empire", "Heiliges Römisches Reich", "north", 2, "medieval", "reformist", False),
    ("hungary", "Hungary", "Ungarn", "north", 3, "medieval", "reformist", False),
    ("byzantium", "Byzantium", "Byzanz", "north", 4, "medieval", "islamic", False),
    ("portugal", "Portugal", "Portugal", "south", 0, "medieval", "catholic", False),
    ("aragon", "Aragon", "Aragon", "south", 1, "medieval", "catholic", True),
    ("papal_states", "Papal States", "Vatikanstaat", "south", 2, "catholic", "reformist", False),
    ("ottoman", "Ottoman Empire", "Osmanisches Reich", "south", 3, "medieval", "islamic", False),
    ("mamluk", "Mamluk State", "Mamlukenstaat", "south", 4, "islamic", "catholic", False),
]
CENTRE = {"TREBIZOND": "trebizond", "SPICE_ISLANDS": "spice_islands", "TANA": "tana",
          "NOVGOROD": "novgorod", "TIMBUKTU": "timbuktu"}
CITY_DE = {"CONSTANTINOPLE": "Konstantinopel", "CAIRO": "Kairo", "TREBIZOND": "Trapezunt", "CAFFA": "Kaffa",
           "NOVGOROD": "Nowgorod", "SPICE_ISLANDS": "Gewürzinseln", "VENICE": "Venedig", "LISBON": "Lissabon",
           "ALGIERS": "Algier"}
# Routes: map cards in voyage order [seed G2, G5]; borders follow from consecutive cards.
ROUTES = {
    "trebizond": ("white", ["byzantium", "hungary", "ottoman", "papal_states", "aragon", "portugal", "england", "france", "holy_roman_empire"]),
    "spice_islands": ("white", ["portugal", "england", "france", "holy_roman_empire"]),
    "tana": ("black", ["byzantium", "hungary", "ottoman", "mamluk"]),
    "novgorod": ("black", ["holy_roman_empire", "france", "england", "portugal", "aragon", "papal_states", "ottoman", "mamluk"]),
    "timbuktu": ("black", ["aragon", "papal_states", "ottoman", "mamluk"]),
}


def sym(levy):
    return {"shape": levy["levyIcon"].lower(), "religion": RELIGION[levy["separator"].get("default") if isinstance(levy["separator"], dict) else levy["separator"]]}


def city_name(raw, cid):
    return raw if raw != raw.upper() else raw.title().replace("Of", "of")


def border_id(a, b):
    order = [g[0] for g in GRID]
    a, b = sorted((a, b), key=order.index)
    return f"{a}_{b}"


def map_(src):
    faces = {g[0]: (g[5], g[6]) for g in GRID}
    cities = []
    for raw in src["cities"].values():
        cid = raw["id"]
        if cid in ("KVIV", "VENICE_2", "CONSTANTINOPLE_2", "CONSTANTINOPLE_3"):
            continue  # map-variant cities of the source; Constantinople's slots are merged below
        emp = EMPIRE[raw["empire"]]
        front, back = faces[emp]
        key = lambda f: "MEDIEVAL" if f == "medieval" else f.upper()
        slots = [raw] if cid != "CONSTANTINOPLE_1" else [src["cities"][f"CONSTANTINOPLE_{i}"] for i in (1, 2, 3)]
        base = cid.split("_")[0] if cid.startswith("CONSTANTINOPLE") else cid
        c = {"id": base.lower(), "name": city_name(raw["name"], cid).replace("Spice Islands", "Spice Islands")}
        if base in CITY_DE:
            c["name_de"] = CITY_DE[base]
        c["empire"] = emp
        if raw.get("capital"):
            c["capital"] = True
        if base in CENTRE:
            c["trade_centre"] = CENTRE[base]
        c["front"] = [sym(s["levy"][key(front)]) for s in slots]
        c["back"] = [sym(s["levy"][key(back)]) for s in slots]
        cities.append(c)
    order = [g[0] for g in GRID]
    cities.sort(key=lambda c: (order.index(c["empire"]), not c.get("capital", False), c["id"]))
    map_cards = []
    for emp, name, name_de, row, col, front, back, back_in_seed in GRID:
        m = {"empire": emp, "name": name, "name_de": name_de, "row": row, "column": col, "front": front, "back": back}
        if back_in_seed:
            m["back_in_seed"] = True
        m["cities"] = [c["id"] for c in cities if c["empire"] == emp]
        map_cards.append(m)
    borders = []
    for raw in src["borders"].values():
        a, b = (EMPIRE[e] for e in raw["adjacentEmpires"])
        a, b = sorted((a, b), key=order.index)
        borders.append({"id": border_id(a, b), "between": [a, b], "sea": bool(raw.get("seaBorder"))})
    borders.sort(key=lambda b: (order.index(b["between"][0]), order.index(b["between"][1])))
    centres = [
        {"centre": "trebizond", "city": "trebizond", "colour": "white", "active_at_start": True},
        {"centre": "spice_islands", "city": "spice_islands", "colour": "white", "active_at_start": False},
        {"centre": "tana", "city": "tana", "colour": "black", "active_at_start": True},
        {"centre": "novgorod", "city": "novgorod", "colour": "black", "active_at_start": False},
        {"centre": "timbuktu", "city": "timbuktu", "colour": "black", "active_at_start": False},
    ]
    routes = []
    for centre, (colour, emps) in ROUTES.items():
        routes.append({"centre": centre, "colour": colour, "empires": emps,
                       "borders": [border_id(a, b) for a, b in zip(emps, emps[1:])]})
    return {"map_cards": map_cards, "cities": cities, "borders": borders, "trade_centres": centres, "routes": routes}


def dump(name, value):
    with open(os.path.join(DATA, name), "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    src = json.load(open(SRC, encoding="utf-8"))
    dump("cards.json", cards(src))
    dump("empires.json", empires(src))
    dump("map.json", map_(src))


if __name__ == "__main__":
    main()
