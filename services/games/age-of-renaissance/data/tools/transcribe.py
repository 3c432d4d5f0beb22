#!/usr/bin/env python3
"""One-off transcription of the map, card and advance facts into our data files.

Reads the third-party fixture ../shared/data-sources/age-of-renaissance/init_data.json
(iizs/aor, see that folder's SOURCE.md) and writes provinces.json, waters.json,
commodities.json, cards.json and advances.json next to this folder, applying the
seed corrections and rulings listed in ../README.md. The JSON files are what the crate
uses; after they were written they are the place to correct a fact (this script is kept
as the record of how the first version was made, not as a build step).

Usage (from the repository root):
    python3 services/games/age-of-renaissance/data/tools/transcribe.py ../shared
"""

import json
import os
import sys

SHARED = sys.argv[1] if len(sys.argv) > 1 else "../shared"
SRC = os.path.join(SHARED, "data-sources/age-of-renaissance/init_data.json")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

ALK = "alkemann/aor src/app/data/provinces.ts@74869d8"

raw = json.load(open(SRC, encoding="utf-8"))
by_model = {}
for r in raw:
    by_model.setdefault(r["model"], {})[r["pk"]] = r["fields"]
SPROV = by_model["rule.province"]
SWAT = by_model["rule.water"]
SADV = by_model["rule.advance"]
SCOM = by_model["rule.commodity"]
SCARD = by_model["rule.historycard"]
SLEAD = by_model["rule.leadercard"]
SCC = by_model["rule.commoditycard"]

REGION = {"1": "I", "2": "II", "3": "III", "4": "IV", "5": "V", "6": "VI", "7": "VII",
          "8": "VIII", "F": "orient", "N": "new_world"}
COMMODITY = {1: "stone", 2: "wool", 3: "timber", 4: "grain", 5: "cloth", 6: "wine",
             7: "metal", 8: "furs", 9: "silk", 10: "spices", 11: "gold", 12: "ivory"}

# Market values of the 73 non-satellite provinces in the second source (alkemann/aor),
# used as a cross-check of the first; keyed by the first source's short name.
ALK_MARKET = {
    "Acr": 5, "Ale": 4, "Alx": 5, "Alg": 2, "Ang": 2, "Bar": 3, "Bas": 3, "Bsq": 2,
    "Bel": 2, "Ber": 3, "Bor": 4, "Bru": 4, "Bud": 3, "Cai": 4, "Che": 3, "Chi": 5,
    "Col": 4, "Con": 4, "Cre": 3, "Cyp": 3, "Dan": 5, "Dij": 3, "Dub": 3, "EIn": 5,
    "Edi": 2, "Erz": 3, "Fez": 2, "Flo": 4, "Gen": 5, "Gra": 2, "Ham": 4, "Ice": 2,
    "Ind": 5, "Kie": 2, "Lis": 3, "Lon": 5, "Lub": 3, "Lyo": 4, "Mar": 5, "Mil": 3,
    "Mon": 2, "Nap": 5, "NAm": 6, "Nov": 2, "Nur": 3, "Par": 4, "Por": 5, "Pot": 2,
    "Pra": 2, "Rig": 2, "Rom": 4, "Sal": 2, "Sar": 2, "Sev": 3, "Sic": 2, "Smy": 2,
    "SAm": 6, "StM": 2, "Sto": 3, "Str": 3, "Sue": 3, "Tan": 2, "Tol": 3, "Tre": 4,
    "Tri": 2, "Tun": 4, "Val": 2, "Var": 2, "Ven": 5, "Vie": 4, "Wat": 2, "WAf": 2,
    "Yor": 3,
}

# source short name -> (our id, board name, German name or None)
NAMES = {
    "Ham": ("hamburg", "Hamburg", None), "Lub": ("lubeck", "Lubeck", None),
    "Ste": ("stettin", "Stettin", None), "Dan": ("danzig", "Danzig", None),
    "Mit": ("mitau", "Mitau", None), "Rig": ("riga", "Riga", None),
    "Nov": ("novgorod", "Novgorod", None), "Cop": ("copenhagen", "Copenhagen", None),
    "Mal": ("malmo", "Malmö", None), "Sto": ("stockholm", "Stockholm", None),
    "Whi": ("whisby", "Whisby", None), "Kon": ("kongsberg", "Kongsberg", None),
    "Ber": ("bergen", "Bergen", None), "She": ("shetland", "Shetland", None),
    "Ice": ("iceland", "Iceland", "Island"), "Edi": ("edinburg", "Edinburg", None),
    "Yor": ("york", "York", None), "Lon": ("london", "London", None),
    "Por": ("portsmouth", "Portsmouth", None), "Cor": ("cornwall", "Cornwall", None),
    "Che": ("chester", "Chester", None), "Wal": ("wales", "Wales", None),
    "Arm": ("armagh", "Armagh", None), "Wat": ("waterford", "Waterford", None),
    "Bre": ("breslau", "Breslau", None), "Pra": ("praha", "Praha", None),
    "Nur": ("nuremberg", "Nuremberg", None), "Col": ("cologne", "Cologne", None),
    "Ams": ("amsterdam", "Amsterdam", None), "Bru": ("bruegge", "Brügge", None),
    "Par": ("paris", "Paris", None), "StM": ("saint_malo", "Saint-Malo", None),
    "Dij": ("dijon", "Dijon", None), "Bas": ("basel", "Basel", None),
    "StG": ("st_gallen", "St. Gallen", None),
    "Str": ("strasbourg", "Strasbourg", "Straßburg"),
    "Slz": ("salzburg", "Salzburg", None), "Vie": ("vienna", "Vienna", None),
    "Bud": ("budapest", "Budapest", None), "Ess": ("esseg", "Esseg", None),
    "Bsq": ("san_sebastian", "San Sebastian", None),
    "Bar": ("barcelona", "Barcelona", None), "Val": ("valencia", "Valencia", None),
    "Tol": ("toledo", "Toledo", None), "Lis": ("lisboa", "Lisboa", "Lissabon"),
    "Leo": ("leon", "Leon", None), "Pal": ("palma", "Palma", None),
    "Kie": ("kiev", "Kiev", None), "Kaf": ("kaffa", "Kaffa", None),
    "Var": ("varna", "Varna", None), "Ang": ("angora", "Angora", None),
    "Tre": ("trebizond", "Trebizond", None), "Erz": ("erzerum", "Erzerum", None),
    "Pot": ("poti", "Poti", None), "Aba": ("abasigia", "Abasigia", None),
    "Tan": ("tana", "Tana", None), "Kam": ("kamishin", "Kamishin", None),
    "Sar": ("saransk", "Saransk", None), "Ada": ("adalia", "Adalia", None),
    "Tar": ("tarsus", "Tarsus", None), "Cyp": ("cyprus", "Cyprus", None),
    "Ale": ("aleppo", "Aleppo", None), "Lev": ("levant", "Levant", None),
    "Acr": ("st_jean_dacree", "St. Jean d'Acree", None),
    "Jer": ("jerusalem", "Jerusalem", None), "Sue": ("suez", "Suez", None),
    "Cai": ("cairo", "Cairo", None), "Alx": ("alexandria", "Alexandria", None),
    "Lib": ("lybia", "Lybia", None), "Bor": ("bordeaux", "Bordeaux", None),
    "Tou": ("toulouse", "Toulouse", None), "Lyo": ("lyon", "Lyon", None),
    "Mon": ("montpellier", "Montpellier", None), "Mar": ("marseille", "Marseille", None),
    "Mil": ("milano", "Milano", None), "Gen": ("genoa", "Genoa", "Genua"),
    "Ven": ("venezia", "Venezia", "Venedig"), "Flo": ("firenze", "Firenze", "Florenz"),
    "Rom": ("roma", "Roma", None), "Nap": ("napoli", "Napoli", None),
    "Cag": ("cagliari", "Cagliari", None), "Bri": ("bari", "Bari", None),
    "Sic": ("palermo", "Palermo", None), "Dub": ("dubrovnik", "Dubrovnik", None),
    "Bel": ("belgrad", "Belgrad", None),
    "WAf": ("mauritanie", "Mauritanie", "Westafrika"),
    "Sev": ("sevilla", "Sevilla", None), "Gra": ("grenada", "Grenada", None),
    "Fez": ("fez", "Fez", None), "Ora": ("oran", "Oran", None),
    "Alg": ("alger", "Alger", "Algier"), "Tun": ("tunis", "Tunis", None),
    "Tri": ("tripoli", "Tripoli", None), "Brc": ("barca", "Barca", None),
    "Cre": ("heraklion", "Heraklion", None), "Smy": ("smyrna", "Smyrna", None),
    "Con": ("constantinople", "Constantinople", None),
    "Gal": ("galipoli", "Galipoli", None), "Sal": ("saloniki", "Saloniki", None),
    "Ath": ("athina", "Athina", None), "Crf": ("corfu", "Corfu", None),
    "Dur": ("durazzo", "Durazzo", None),
    "EIn": ("east_indies", "East Indies", "Ferner Osten"), "Chi": ("china", "China", None),
    "Ind": ("india", "India", "Indien"),
    "NAm": ("northamerica", "Northamerica", "Nordamerika"),
    "SAm": ("southamerica", "Southamerica", "Südamerika"),
}
DROPPED = {"Loi": "C8"}

# What the seed says about a province (line: fact). Names the seed uses are cited too.
SEED = {
    "Ham": ["L98, L279 §8.2: capital, added with 6 players", "L171 §4.6: in region I",
            "C6: the source spells 'Hamburug'"],
    "Ste": ["L359 §9.4.1: coastal; Stockholm reaches it by galley along the coast"],
    "Dan": ["L359 §9.4.1: Stockholm reaches it only across the Ostsee (Astronomy)"],
    "Rig": ["L359 §9.4.1: Stockholm reaches it only across the Ostsee (Astronomy)"],
    "Cop": ["L152 §4.2: a galley is needed from Copenhagen to Malmö"],
    "Mal": ["L152 §4.2: a galley is needed from Copenhagen to Malmö"],
    "Sto": ["L359 §9.4.1: coastal, on the Ostsee"],
    "Ice": ["L144 §4.1: coastal", "L146 §4.1: reached only with galley and Astronomy [A], or Three-master [S]"],
    "Edi": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Yor": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Lon": ["L98, L278 §8.2: capital, added with 5 players", "L357 §9.4.1: coastal, Paris cannot reach it without a fleet"],
    "Por": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Cor": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Pra": ["L167 §4.5: gold province"],
    "Ams": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Bru": ["L357 §9.4.1: within London's Galley-2 reach"],
    "Par": ["L98, L277 §8.2: capital, added with 4 players", "L357 §9.4.1: coastal, within London's Galley-2 reach"],
    "StM": ["L357 §9.4.1: within London's Galley-2 reach", "L786 Strategy: market 2 (retaking it from a control token takes 4 tokens)"],
    "Dij": ["L144 §4.1: not coastal"],
    "Str": ["L321 §9.3.1: a wine province"],
    "Bsq": ["L569, L581, L589 example: wool, market 2, next to Barcelona"],
    "Bar": ["L98, L276 §8.2: capital", "L321 §9.3.1, L547 example: wine"],
    "Val": ["L581, L589 example: silk, market 2"],
    "Tol": ["L569, L581, L589 example: wool, market 3"],
    "Lis": ["L321 §9.3.1, L638 example: wine, market 3"],
    "Leo": ["L638 example: one token, no control card"],
    "Pal": ["L581 example: one token, no control card"],
    "Sar": ["L167 §4.5: gold province"],
    "Ale": ["L701 example: market 4, a step towards region V",
            "C1: region VI, not V as in the source (B.2.1 L915-931: V has 8 provinces with 1 silk, VI has 6 with 1 silk; VI's EM 24 needs Aleppo's 4)"],
    "Lev": ["L701 example: one token, no control card"],
    "Acr": ["L620 example: in region VI, spices"],
    "Jer": ["L701 example: one token, no control card"],
    "Sue": ["L167 §4.5: gold province", "L634 example: market 3, reached from St. Jean d'Acree"],
    "Cai": ["L701 example: market 4"],
    "Alx": ["L701 example: market 5"],
    "Lib": ["L707 example: one token, no control card"],
    "Bor": ["L640 example: market 4"],
    "Tou": ["L581 example: one token, no control card"],
    "Lyo": ["L583, L589 example: metal, market 4", "L705 example: metal"],
    "Mon": ["L581, L589 example: stone, market 2"],
    "Mar": ["L321 §9.3.1: wine", "L581 example: reached from Barcelona with Galley 2", "L638 example: market 5"],
    "Mil": ["L583, L589 example: stone, market 3"],
    "Gen": ["L98, L276 §8.2: capital", "L449 §9.5.2: same region as Venezia and Belgrad", "L547 example: cloth", "L644 example: market 5"],
    "Ven": ["L98, L276 §8.2: capital", "L144 §4.1: coastal", "L441, L453 §9.5.2: same region as Belgrad and Bari", "L547 example: cloth", "L585 example: borders Dubrovnik and Firenze by land"],
    "Flo": ["L583, L585 example: cloth, market 4"],
    "Rom": ["L583, L589 example: stone, market 4"],
    "Nap": ["L583 example: reached from Genoa with Galley 2", "L646 example: market 5"],
    "Cag": ["L699 example: one token, no control card"],
    "Bri": ["L453 §9.5.2: satellite in Venezia's region", "L646 example"],
    "Sic": ["L646 example: market 2"],
    "Dub": ["L585, L589 example: timber, market 3"],
    "Bel": ["L441-449 §9.5.2: market 2, in Venezia's and Genoa's region", "L711 example: grain"],
    "WAf": ["L144 §4.1: coastal", "L146 §4.1: reached only with galley and Astronomy [A], or Three-master [S]"],
    "Sev": ["L638 example: market 3",
            "C2: region VIII, not VII as in the source (B.2.1 L915-931: VIII has 1 grain and 11 provinces, VII 2 grain and 13; VIII's EM 28 needs Sevilla's 3)"],
    "Gra": ["L581, L589 example: metal, market 2, reached from Barcelona with Galley 2", "L705 example: metal"],
    "Fez": ["L439 §9.5.2: market 2, supported by the satellite Oran", "L640 example"],
    "Ora": ["L439, L457 §9.5.2: satellite supporting Fez"],
    "Alg": ["L569 strategy: wool", "L699 example: market 2"],
    "Tun": ["L437 §9.5.2: market 4"],
    "Tri": ["L648 example: market 2", "L691 example: a sea attack from Oran needs Galley 4"],
    "Brc": ["L707 example: one token, no control card"],
    "Cre": ["L705 example: market 3"],
    "Smy": ["L705 example: market 2"],
    "Con": ["L705 example: metal, market 4"],
    "Gal": ["L705 example: one token, no control card"],
    "Sal": ["L703 example: market 2"],
    "Ath": ["L705 example: one token, no control card"],
    "Dur": ["L701-707 example: satellite supporting Belgrad"],
    "EIn": ["L144 §4.1: coastal", "L146 §4.1: reached only with Ocean Navigation [T]", "L186 §4.7: several commodities"],
    "Chi": ["L146 §4.1: reached only with Ocean Navigation [T]", "L186 §4.7: silk and spices"],
    "Ind": ["L146 §4.1: reached only with Ocean Navigation [T]", "L167 §4.5: gold"],
    "NAm": ["L146 §4.1: needs New World [U] as well", "L186 §4.7: three commodity control cards"],
    "SAm": ["L146 §4.1: needs New World [U] as well", "L167 §4.5: gold", "L186 §4.7: three commodity control cards"],
}

# Rulings and corrections per province (see data/README.md).
RULED = {
    "Ven": ["D2: market 5 as in the second source (the first says 4); the seed's region VII 'EM 8' reads as 48, which needs 5"],
    "Chi": ["D5: coastal like the other overseas provinces"],
    "Ind": ["D5: coastal like the other overseas provinces"],
}
IDENT = {
    "Bsq": "D1: the source's Basque is the seed's San Sebastian (wool, market 2, next to Barcelona)",
    "Sar": "D1: the source's Sarai is the seed's Saransk (the gold province of region V, L167)",
    "Acr": "D1: the source's Acre is the seed's St. Jean d'Acree (spices, region VI)",
    "Sic": "D1: the source's Sicily is the seed's Palermo (market 2, reached from Napoli, L646)",
    "Cre": "D1: the source's Crete is the seed's Heraklion (market 3, L705)",
    "WAf": "D1: the source's West Africa is the seed's Westafrika (Mauritanie), L144",
    "Alg": "D1: board name Alger (L569); the example writes the German Algier (L699)",
    "Lib": "D1: the seed spells Lybia (L707)",
    "Gal": "D1: the seed spells Galipoli (L705)",
    "Sal": "D1: the seed spells Saloniki (L703)",
    "Ath": "D1: the seed spells Athina (L705)",
    "Pra": "D1: the seed spells Praha (L167)",
    "Bel": "D1: the seed spells Belgrad",
    "StM": "D1: the seed's 'Samt-Malo' (L357) is an OCR error for Saint-Malo (L786)",
    "Mar": "D1: the seed's 'Marseile' (L581) is an OCR error for Marseille (L321)",
    "Gra": "D1: the seed spells Grenada",
    "StG": "D1: the source's 'St.Gali' is St. Gallen",
    "Edi": "D1: the seed spells Edinburg (L357)",
    "NAm": "D1: the seed spells North-/Southamerica (L146, L186)",
    "SAm": "D1: the seed spells North-/Southamerica (L146, L167)",
}


def pid(short):
    return NAMES[short][0]


def prov_records():
    short_of = {pk: f["short_name"] for pk, f in SPROV.items()}
    out = []
    for pk, f in sorted(SPROV.items()):
        s = f["short_name"]
        if s in DROPPED:
            continue
        ident, name, name_de = NAMES[s]
        region = REGION[f["area"]]
        if s == "Ale":
            region = "VI"
        if s == "Sev":
            region = "VIII"
        kind = {"C": "capital", "P": "province", "S": "satellite"}[f["province_type"]]
        market = f["market_size"]
        if s == "Ven":
            market = 5
        src = [f"iizs init_data.json rule.province pk={pk} ({f['full_name'].strip()})"]
        if s in ALK_MARKET:
            src.append(f"{ALK} ({'agrees' if ALK_MARKET[s] == market else 'differs'}: market {ALK_MARKET[s]})")
        ruled = list(RULED.get(s, []))
        if kind == "satellite":
            ruled.append("D4: the arrows are the source's satellite links (the seed names Oran -> Fez and Durazzo -> Belgrad only)")
        if region in ("orient", "new_world"):
            ruled.append("D6: the commodities of the overseas boxes as in the source (the seed gives China's, the gold of India and Southamerica, and the totals)")
        if s in IDENT:
            ruled.append(IDENT[s])
        land = sorted(pid(short_of[n]) for n in f["connected"] if short_of[n] not in DROPPED)
        rec = {
            "id": ident,
            "name": name,
        }
        if name_de:
            rec["name_de"] = name_de
        rec["name_source"] = f["full_name"].strip()
        rec["region"] = region
        rec["kind"] = kind
        rec["market"] = market
        rec["commodities"] = [COMMODITY[c] for c in f["commodities"]]
        rec["land"] = land
        if kind == "satellite":
            rec["supports"] = sorted(pid(short_of[n]) for n in f["supports"])
        prov = {}
        if s in SEED:
            prov["seed"] = SEED[s]
        prov["source"] = src
        if ruled:
            prov["ruled"] = ruled
        rec["provenance"] = prov
        out.append(rec)
    order = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "orient", "new_world"]
    out.sort(key=lambda r: (order.index(r["region"]), r["id"]))
    return out


SEAS = {
    "Bal": ("baltic_sea", "Ostsee", "Baltic Sea", ["L359 §9.4.1: a sea area (Meer) crossed with Astronomy"]),
    "Adr": ("adriatic_sea", "Adria", "Adriatic Sea", ["L154 §4.2: a sea area (Meer)"]),
    "Gre": ("greenland_sea", "Greenland Sea", "Greenland Sea", []),
    "Nor": ("north_sea", "North Sea", "North Sea", []),
    "Now": ("norwegian_sea", "Norwegian Sea", "Norwegian Sea", []),
    "Bis": ("bay_of_biscay", "Bay of Biscay", "Bay of Biscay", []),
    "Bla": ("black_sea", "Black Sea", "Black Sea", []),
    "EMS": ("eastern_mediterranean", "Eastern Mediterranean Sea", "Eastern Mediterranean Sea", []),
    "CMS": ("central_mediterranean", "Central Mediterranean Sea", "Central Mediterranean Sea", []),
    "WMS": ("western_mediterranean", "Western Mediterranean Sea", "Western Mediterranean Sea", []),
    "Aeg": ("aegean_sea", "Aegean Sea", "Aegea Sea", []),
    "Can": ("canary_basin", "Canary Basin", "Canary Basin", []),
}
SPLIT = {"ChN": "n", "ChS": "s", "PoN": "n", "PoS": "s", "RoW": "w", "RoE": "e", "NaW": "w", "NaE": "e"}


def water_records():
    short_prov = {pk: f["short_name"] for pk, f in SPROV.items()}
    ids = {}
    names = {}
    for pk, f in SWAT.items():
        s = f["short_name"]
        if f["water_type"] == "S":
            ids[pk], names[pk] = SEAS[s][0], SEAS[s][1]
        else:
            owner = short_prov[f["coast_of"]]
            base, pname, _ = NAMES[owner]
            if s in SPLIT:
                ids[pk] = f"{base}_coast_{SPLIT[s]}"
                names[pk] = f"{pname} ({SPLIT[s].upper()})"
            else:
                ids[pk] = f"{base}_coast"
                names[pk] = f"{pname}"
    out = []
    for pk, f in sorted(SWAT.items()):
        rec = {"id": ids[pk], "name": names[pk]}
        seed = []
        ruled = []
        src = f"iizs init_data.json rule.water pk={pk} ({f['full_name'].strip()})"
        if f["water_type"] == "S":
            rec["kind"] = "sea"
            seed = SEAS[f["short_name"]][3]
            ruled.append("D16: a sea area (Meer): galleys cross it only with Astronomy; the dark-blue ocean is not a space")
            ruled.append("D13: a sea area counts as one step of a galley's reach, like a coastal province")
            if f["short_name"] in ("Bal", "Adr"):
                ruled.append("D1: sea name as the seed writes it")
            if f["short_name"] == "Aeg":
                ruled.append("D1: the source spells 'Aegea Sea'")
        else:
            rec["kind"] = "coast"
            rec["coast_of"] = pid(short_prov[f["coast_of"]])
        rec["neighbours"] = sorted(ids[n] for n in f["connected"])
        prov = {}
        if seed:
            prov["seed"] = seed
        prov["source"] = [src]
        if ruled:
            prov["ruled"] = ruled
        rec["provenance"] = prov
        out.append(rec)
    out.sort(key=lambda r: (r["kind"] != "coast", r["id"]))
    return out


# ---------------------------------------------------------------- commodities (seed A.1)
# id: (German name, A.1 row line, printed payout track with OCR damage as None)
COMMODITIES = [
    ("stone", "Stein", 803, [1, 4, 9, 16, 25, 36, None, 64, 81, 100]),
    ("wool", "Wolle", 804, [2, 8, 18, 32, 50, 72, None, 128, 162, 200, 242]),
    ("timber", "Holz", 805, [3, 12, 27, 48, 75, 108, 147, 192, 243]),
    ("grain", "Getreide", 806, [4, 16, 36, 64, 100, 144, 196, 256, 324, 400]),
    ("cloth", "Stoffe", 807, [5, 20, 45, 80, 125, 180, 245, 320, 405, 500]),
    ("wine", "Wein", 808, [5, 20, 45, 80, 125, 180, 245, 320]),
    ("metal", "Metall", 810, [6, 24, 54, 96, 150, 216, 294, 384, 486]),
    ("furs", "Pelze", 811, [7, 28, 63, 112, 175, 252, 343]),
    ("silk", "Seide", 812, [8, 32, 72, 128, 200, 288, 392, 512]),
    ("spices", "Gewürze", 813, [9, 36, 81, 144, 225, 324, 441, 576, 729]),
    ("gold", "Gold", 814, [10, 40, 90, 160, 250, 360, 490]),
    ("ivory", "Elfenbein", 815, [10, 40, 90, 160, 250, 360]),
]
SS_LINE = {2: 1109, 3: 1110, 4: 1111, 5: 1112, 6: 1113, 7: 1114, 8: 1115, 9: 1116, 10: 1117, 11: 1118, 12: 1119}


def commodity_records():
    src_by_pk = {pk: f for pk, f in SCOM.items()}
    out = []
    for i, (cid, de, line, printed) in enumerate(COMMODITIES):
        pk = i + 1
        f = src_by_pk[pk]
        assert COMMODITY[pk] == cid
        base = printed[0]
        roll = f["dice_roll"]
        track = [v if v is not None else base * (k + 1) ** 2 for k, v in enumerate(printed)]
        seed = [f"L{line} A.1: base value (first payout box) and payout track",
                f"L{SS_LINE[roll]} shortage/surplus table: 2d6 = {roll}"]
        ruled = []
        if None in printed:
            k = printed.index(None)
            ruled.append(f"D11: payout box {k + 1} is OCR damage in the seed; base x {k + 1}^2 = {track[k]}")
        if cid == "ivory":
            seed.append("L815 A.1: the Elfenbein/Gold row prints the ivory track")
        rec = {"id": cid, "name_de": de, "name_source": f["full_name"], "base": base,
               "ss_roll": roll, "payout_track": track,
               "provenance": {"seed": seed,
                              "source": [f"iizs init_data.json rule.commodity pk={pk} ({f['full_name']}: price {f['unit_price']}, roll {f['dice_roll']})"]}}
        assert f["unit_price"] == base
        if ruled:
            rec["provenance"]["ruled"] = ruled
        out.append(rec)
    return out


# ---------------------------------------------------------------- advances (seed C, sheet)
CATEGORY = {"S": "science", "R": "religion", "C": "commerce", "M": "culture", "E": "exploration", "V": "civics"}
# letter: (key, German name, C line, sheet line, phases, effects)
ADV = {
    "A": ("astronomy", "Sternenkunde", 1015, 1470, [5], ["cross_sea_area", "mysticism_relief"]),
    "B": ("anatomy", "Anatomie", 1020, 1471, [3], ["mysticism_relief"]),
    "C": ("laws_of_matter", "Materialkunde", 1025, 1472, [3], ["alchemy_immunity", "mysticism_relief"]),
    "D": ("enlightenment", "Aufklärung", 1028, 1473, [6], ["misery_relief_each_income", "mysticism_relief"]),
    "E": ("patronage", "Patronatsrecht", 1037, 1484, [3], ["patronage"]),
    "F": ("holy_indulgence", "Heilige Absolution", 1042, 1485, [5], ["holy_indulgence"]),
    "G": ("faith", "Gottvertrauen", 1047, 1486, [5], ["green_die_at_least_rank"]),
    "H": ("cathedral", "Kathedrale", 1050, 1487, [5], ["cathedral_auto_win"]),
    "I": ("caravan", "Karawane", 960, 1498, [5], ["caravan_land_reach"]),
    "J": ("mills", "Mühlen", 961, 1499, [5], ["mills_shift_shortage_surplus"]),
    "K": ("agriculture", "Landwirtschaft", 965, 1500, [3], ["famine_relief"]),
    "L": ("banking", "Bankwesen", 970, 1501, [6], ["banking_double_cash"]),
    "M": ("manufacturing", "Manufakturen", 975, 1502, [3], ["manufacturing_extra_province"]),
    "N": ("written_record", "Schriftliche Aufzeichnungen", 984, 1477, [4], ["written_record_card_swap"]),
    "O": ("printing_press", "Buchdruck", 989, 1478, [3], ["printing_press_cash_back"]),
    "P": ("art_and_technology", "Kunst & Technik", 994, 1479, [2], ["discard_card"]),
    "Q": ("renaissance", "Renaissance", 999, 1480, [7], ["swap_turn_order"]),
    "R": ("silk_road", "Seidenstraße", 1059, 1491, [5], ["enter_region_v"]),
    "S": ("three_master", "Dreimaster", 1064, 1492, [5], ["three_master_fleet"]),
    "T": ("ocean_navigation", "Hochseenavigation", 1069, 1493, [5], ["ocean_going_fleet"]),
    "U": ("new_world", "Neue Welt", 1074, 1494, [5], ["enter_new_world"]),
    "V": ("urban_ascendancy", "Städtevorherrschaft", 1083, 1506, [2], ["buy_extra_card"]),
    "W": ("nationalism", "Nationalismus", 1088, 1507, [5], ["nationalism_home_region"]),
    "X": ("institutional_research", "Institutsforschung", 1091, 1508, [4], ["institutional_credit"]),
    "Y": ("cosmopolitanism", "Weltbürgertum", 1096, 1509, [5], ["satellite_support_plus_one"]),
    "Z": ("middle_class", "Mittelstand", 1101, 1510, [4, 6], ["middle_class_income", "stabilization_halved", "banking_cap_plus_ten"]),
}
# the seed's own values where C and the sheet agree (credit None = none printed)
ADV_SEED = {
    "A": (30, 20, []), "B": (60, 20, []), "C": (90, 20, []), "D": (120, 20, []),
    "E": (30, 20, []), "F": (60, 20, []), "G": (90, 20, []), "H": (120, 20, ["F"]),
    "I": (20, 10, []), "J": (40, 10, ["I"]), "K": (50, 10, ["J"]), "L": (80, 10, ["K"]),
    "M": (110, None, ["L"]), "N": (30, 30, []), "O": (60, 20, ["N"]), "P": (90, 10, ["O"]),
    "Q": (120, None, ["P"]), "R": (40, 20, []), "S": (80, 20, []), "T": (120, 20, ["A", "S"]),
    "U": (160, None, ["V", "T"]), "V": (20, 20, []), "W": (60, 30, []), "X": (100, 40, []),
    "Y": (150, 50, ["R"]), "Z": (170, 60, ["K"]),
}
ADV_NOTES = {
    "F": ["D9: cost 60 as on the record sheet (L1485) and in the source; §C prints 80 (L1042), but only 60 gives the Religion total of 300 (L1033)"],
    "N": ["D9: credit 30 as in §C (L984) and the source; the record sheet prints 20 (L1477)"],
    "P": ["D9: prerequisite O: §C prints '0' (L994), the record sheet 'D' (L1479), the source O"],
    "Y": ["D9: prerequisite R as on the record sheet (L1509) and in the source; §C prints 'H' (L1096)"],
    "Z": ["D9: prerequisite K as on the record sheet (L1510) and in the source; §C prints 'X' (L1101)"],
}
ADV_SEED_EXTRA = {
    "B": ["L379 §9.4.3: misery one step down at once on purchase"],
    "K": ["L379 §9.4.3: misery one step down at once on purchase", "L837 A.2: reduces Famine by one step"],
    "J": ["L301 §9.1: the first owner in turn order may shift grain, cloth, wine or metal one box"],
    "E": ["L1033-1035 §C: every Religion advance raises misery one step on purchase (EEI)"],
    "F": ["L1033-1035 §C: every Religion advance raises misery one step on purchase (EEI)"],
    "G": ["L1033-1035 §C: every Religion advance raises misery one step on purchase (EEI)"],
    "H": ["L1033-1035 §C: every Religion advance raises misery one step on purchase (EEI)"],
}
CORRECT_ADV = {
    "E": "C3: credit 20 (L1037, L1484); the source says 10",
    "G": "C3: credit 20 (L1047, L1486); the source says 30",
    "J": "C4: the source swaps the names of J and K; J is Mühlen (Mills), 40, prerequisite I (L961, L1499)",
    "K": "C4: the source swaps the names of J and K; K is Landwirtschaft (Agriculture), 50, prerequisite J (L965, L1500)",
}
CAT_LINE = {"science": 1011, "religion": 1033, "commerce": 956, "culture": 980, "exploration": 1055, "civics": 1079}


def advance_records():
    letter_of = {pk: f["short_name"] for pk, f in SADV.items()}
    out = []
    for pk, f in sorted(SADV.items()):
        L = f["short_name"]
        key, de, cline, sline, phases, effects = ADV[L]
        cost, credit, prereq = ADV_SEED[L]
        cat = CATEGORY[f["category"]]
        misery = 1 if cat == "religion" else (-1 if L in ("B", "K") else 0)
        src_prereq = [letter_of[x] for x in f["prerequisites"]]
        seed = [f"L{cline} §C", f"L{sline} record sheet", f"L{CAT_LINE[cat]} §C: category"]
        seed += ADV_SEED_EXTRA.get(L, [])
        if L in CORRECT_ADV:
            seed.append(CORRECT_ADV[L])
        src = f"iizs init_data.json rule.advance pk={pk} ({f['full_name']}: {f['points']}, credit {f['credits']}, prerequisites {'/'.join(src_prereq) or '-'})"
        rec = {"id": L, "key": key, "name_de": de, "name_source": f["full_name"], "category": cat,
               "cost": cost, "credit": credit, "prerequisites": prereq,
               "misery_on_purchase": misery, "phases": phases, "effects": effects,
               "provenance": {"seed": seed, "source": [src]}}
        if L in ADV_NOTES:
            rec["provenance"]["ruled"] = ADV_NOTES[L]
        out.append(rec)
    return out


# ---------------------------------------------------------------- history cards (seed A.1-A.3)
COMMODITY_CARDS = [
    # id, German name, commodities, epoch, source pk, note
    ("stone_1a", "Stein", ["stone"], 1, 44, None),
    ("stone_1b", "Stein", ["stone"], 1, 45, None),
    ("wool_1a", "Wolle", ["wool"], 1, 47, None),
    ("wool_1b", "Wolle", ["wool"], 1, 48, None),
    ("timber_1", "Holz", ["timber"], 1, 46, None),
    ("wine_cloth_1", "Wein/Stoffe", ["wine", "cloth"], 1, 38, None),
    ("metal_1", "Metall", ["metal"], 1, 41, None),
    ("furs_1", "Pelze", ["furs"], 1, 39, None),
    ("silk_1", "Seide", ["silk"], 1, 42, None),
    ("spices_1", "Gewürze", ["spices"], 1, 43, None),
    ("timber_2a", "Holz", ["timber"], 2, 55, "C5: epoch 2 (A.1 L805: timber 1/2/0); the source puts this card in epoch 1"),
    ("timber_2b", "Holz", ["timber"], 2, 56, None),
    ("grain_2a", "Getreide", ["grain"], 2, 50, None),
    ("grain_2b", "Getreide", ["grain"], 2, 51, None),
    ("cloth_2", "Stoffe", ["cloth"], 2, 49, None),
    ("wine_2", "Wein", ["wine"], 2, 57, None),
    ("metal_2", "Metall", ["metal"], 2, 52, None),
    ("silk_2", "Seide", ["silk"], 2, 53, None),
    ("spices_2", "Gewürze", ["spices"], 2, 54, None),
    ("cloth_3", "Stoffe", ["cloth"], 3, 58, None),
    ("wine_3", "Wein", ["wine"], 3, 64, None),
    ("metal_3", "Metall", ["metal"], 3, 61, None),
    ("furs_3", "Pelze", ["furs"], 3, 59, None),
    ("silk_3", "Seide", ["silk"], 3, 62, None),
    ("spices_3", "Gewürze", ["spices"], 3, 63, None),
    ("gold_3", "Gold", ["gold"], 3, 60, None),
    ("ivory_gold_3", "Elfenbein/Gold", ["ivory", "gold"], 3, 40, "C5: epoch 3 (A.1 L815: Elfenbein/Gold 0/0/1); the source puts this card in epoch 1"),
]
A1_LINE = {"stone": 803, "wool": 804, "timber": 805, "grain": 806, "cloth": 807, "wine": 808,
           "wine_cloth": 809, "metal": 810, "furs": 811, "silk": 812, "spices": 813, "gold": 814,
           "ivory_gold": 815}
# key, German name, English name, epoch, recycled, military advantage, source pk, seed line
EVENTS = [
    ("enlightened_monarch", "Aufgeklärter Monarch", "Enlightened Monarch", 1, True, False, 6, 821),
    ("alchemy", "Alchimie", "Alchemy", 1, True, False, 1, 823),
    ("civil_war", "Bürgerkrieg", "Civil War", 1, True, False, 4, 825),
    ("crusades", "Kreuzzüge", "Crusades", 1, True, False, 5, 827),
    ("rebellion", "Rebellion", "Rebellion", 1, True, False, 14, 829),
    ("papal_decree", "Päpstliches Dekret", "Papal Decree", 1, True, False, 12, 831),
    ("pirates_vikings", "Piraten/Wikinger", "Pirates/Vikings", 1, True, False, 13, 833),
    ("uprisings", "Aufstände", "Uprisings", 1, True, False, 16, 835),
    ("famine", "Hungersnot", "Famine", 1, True, False, 7, 837),
    ("mysticism", "Mystizismus", "Mysticism", 1, True, False, 10, 839),
    ("war", "Krieg", "War", 1, True, False, 18, 841),
    ("stirrups", "Steigbügel", "Stirrups", 1, True, True, 17, 845),
    ("armor", "Rüstung", "Armor", 1, True, True, 2, 847),
    ("black_death", "Schwarzer Tod", "Black Death", 2, True, False, 3, 849),
    ("religious_war", "Religionskrieg", "Religious War", 2, True, False, 15, 851),
    ("mongol_invasion", "Einfall der Mongolen", "Mongol Invasion", 2, False, False, 11, 853),
    ("longbow", "Langbogen", "Longbow", 2, False, True, 9, 855),
    ("gunpowder", "Schießpulver", "Gunpowder", 2, False, True, 8, 857),
]
# key, German name (as the seed prints it), English name, epoch, credits, event bonus, source pk, line
PERSONALITIES = [
    ("charlemagne", "Karl der Große", "Charlemagne", 1, [("W", 20)], None, 19, 862),
    ("dionysius_exiguus", "Dionysus Exiguus", "Dionysius Exiguus", 1, [("N", 20)], None, 20, 863),
    ("rashid_ed_din", "Rashid-ed-Din", "Rashid ad-Din", 1, [("R", 10), ("N", 10)], None, 21, 864),
    ("st_benedict", "St. Benedikt", "St. Benedict", 1, [("E", 10), ("N", 10)], None, 22, 865),
    ("walter_the_penniless", "Walter ohne Geld", "Walter the Penniless", 1, [("R", 20)], ("crusades", 30), 23, 866),
    ("christopher_columbus", "Christoph Columbus", "Christopher Columbus", 2, [("U", 30), ("T", 30)], None, 24, 867),
    ("desiderius_erasmus", "Desiderius Erasmus", "Desiderius Erasmus", 2, [("O", 20), ("Q", 20)], None, 25, 868),
    ("ibn_majid", "Ahmed Ibn Madjid", "Ahmad ibn Majid", 2, [("T", 20), ("Y", 20)], None, 26, 869),
    ("johannes_gutenberg", "Johannes Gutenberg", "Johannes Gutenberg", 2, [("O", 30)], None, 27, 870),
    ("marco_polo", "Marco Polo", "Marco Polo", 2, [("R", 20), ("Y", 20)], ("mongol_invasion", 40), 28, 871),
    ("nicolaus_copernicus", "Nikolaus Copernicus", "Nicolaus Copernicus", 2, [("A", 20), ("X", 20)], None, 29, 872),
    ("henry_the_navigator", "Heinrich der Seefahrer", "Henry the Navigator", 2, [("T", 20), ("X", 20)], None, 30, 873),
    ("william_caxton", "William Craxton", "William Caxton", 2, [("O", 20)], None, 31, 874),
    ("andreas_vesalius", "Andreas Vesalius", "Andreas Vesalius", 3, [("B", 20), ("D", 20)], None, 32, 875),
    ("bartolome_de_las_casas", "Bartolome de Las Casas", "Bartolomé de las Casas", 3, [("Y", 30)], None, 33, 876),
    ("galileo_galilei", "Galileo Galilei", "Galileo Galilei", 3, [("A", 20), ("Q", 20)], None, 34, 877),
    ("henry_oldenburg", "Heinrich von Oldenburg", "Henry Oldenburg", 3, [("D", 30)], None, 35, 878),
    ("leonardo_da_vinci", "Leonardo da Vinci", "Leonardo da Vinci", 3, [("P", 20), ("B", 20), ("Q", 20)], None, 36, 879),
    ("isaac_newton", "Isaac Newton", "Isaac Newton", 3, [("C", 20), ("D", 20)], None, 37, 880),
]
HELD_BACK = {"crusades", "walter_the_penniless", "rashid_ed_din", "spices_1", "silk_1"}


def card_records():
    out = []
    for cid, de, coms, epoch, pk, note in COMMODITY_CARDS:
        f = SCARD[pk]
        row = cid.rsplit("_", 1)[0]
        seed = [f"L{A1_LINE[row]} A.1: {de}, epoch {epoch}",
                "L249 §7.1: a played commodity card goes to the pile reused in the next epoch (circle)"]
        if note:
            seed.append(note)
        if cid in HELD_BACK:
            seed.append("L269 §8.1: set aside at the start (held back)")
        ruled = []
        if cid in ("spices_1", "silk_1"):
            ruled.append("D14: the held-back 'Gewürze' and 'Seide' are the only epoch-1 spices and silk cards")
        if row == "spices":
            ruled.append("D17: one spices card per epoch as A.1 prints it; §7.1 (L249) says epoch 3 has three")
        rec = {"id": cid, "kind": "commodity", "name_de": de, "epoch": epoch, "recycled": True,
               "held_back": cid in HELD_BACK, "commodities": coms,
               "provenance": {"seed": seed,
                              "source": [f"iizs init_data.json rule.historycard pk={pk} ({f['full_name']}, epoch {f['epoch']})"]}}
        if ruled:
            rec["provenance"]["ruled"] = ruled
        out.append(rec)
    for key, de, en, epoch, recycled, mil, pk, line in EVENTS:
        f = SCARD[pk]
        seed = [f"L{line} A.2: epoch {epoch} in a {'circle' if recycled else 'square'}"]
        if key in ("armor", "stirrups"):
            seed.append("C7: recycled (circle, L%d); the source marks it as removed after play" % line)
        if key == "crusades":
            seed.append("L269 §8.1: set aside at the start (held back)")
        rec = {"id": key, "kind": "event", "name_de": de, "name_en": en, "epoch": epoch,
               "recycled": recycled, "held_back": key in HELD_BACK, "military_advantage": mil,
               "provenance": {"seed": seed,
                              "source": [f"iizs init_data.json rule.historycard pk={pk} ({f['full_name']}, epoch {f['epoch']}, recycles {f['recycles']})"]}}
        out.append(rec)
    for key, de, en, epoch, credits, bonus, pk, line in PERSONALITIES:
        f = SCARD[pk]
        lead = SLEAD[pk]
        seed = [f"L{line} A.3", "L263 §7.3: removed from the game after the round (square)"]
        ruled = []
        if key in ("walter_the_penniless", "rashid_ed_din"):
            seed.append("L269 §8.1: set aside at the start (held back)")
        if key == "marco_polo":
            seed.append("L853 A.2: Marco Polo's credit doubles in a round with Einfall der Mongolen")
        if key == "walter_the_penniless":
            seed.append("L866 A.3: 30 in a round with the Crusades (L827)")
        if key == "christopher_columbus":
            ruled.append("D10: 30 as in the card list A.3 (L867) and the source; §C (L1077) and the record sheet (L1494) print 20")
        if key == "rashid_ed_din":
            ruled.append("D1: name as §8.1 and the example write it (L269, L555, L675); A.3 prints 'Rashiid-ed-Diin'")
        rec = {"id": key, "kind": "personality", "name_de": de, "name_en": en, "epoch": epoch,
               "recycled": False, "held_back": key in HELD_BACK,
               "credits": [{"advance": a, "amount": n} for a, n in credits]}
        if bonus:
            rec["event_bonus"] = {"event": bonus[0], "amount": bonus[1]}
        src = (f"iizs init_data.json rule.historycard/leadercard pk={pk} ({f['full_name'].strip()}, epoch {f['epoch']}, "
               f"credit {lead['discount']}{', ' + str(lead['discount_on_event']) + ' with its event' if lead['discount_on_event'] else ''})")
        rec["provenance"] = {"seed": seed, "source": [src]}
        if ruled:
            rec["provenance"]["ruled"] = ruled
        out.append(rec)
    return out


# ---------------------------------------------------------------- regions, setup, tables (seed only)
def region_records():
    pc = "L271-279 §8.2: regions in play by player count"
    b21 = "L915-931 B.2.1: region values"
    b22 = "L935-952 B.2.2: the province counts 48/59/67/73 include the Orient and the New World for every player count"
    out = []
    for rid, name, frm, req, extra_seed in [
        ("I", "I", 6, [], ["L171 §4.6: contains Hamburg"]),
        ("II", "II", 5, [], []),
        ("III", "III", 4, [], []),
        ("IV", "IV", 3, [], []),
        ("V", "V", 3, ["R"], ["L1059-1062 §C: region V only with Seidenstraße [R], by land, sea or war"]),
        ("VI", "VI", 3, [], ["L827 A.2: the Crusades target region VI"]),
        ("VII", "VII", 3, [], []),
        ("VIII", "VIII", 3, [], []),
        ("orient", "Orient", 3, ["T"], ["L146 §4.1: China, East Indies and India only with Hochseenavigation [T]", b22]),
        ("new_world", "Neue Welt", 3, ["T", "U"], ["L146 §4.1: North- and Southamerica need Neue Welt [U] as well", "L1074 §C: U requires T", b22]),
    ]:
        seed = [b21] + ([pc] if rid not in ("orient", "new_world") else []) + extra_seed
        ruled = []
        if rid == "III":
            seed.append("C8: 11 provinces with one wine province (Strasbourg, L321): the source's extra wine province Loire is not on the board")
        if rid == "I":
            ruled.append("D3: B.2.1 prints EM 18, the markets of both sources sum to 19; kept as the sources give them")
        if rid == "VII":
            ruled.append("D2: B.2.1 prints EM '8', read as 48 (a lost digit), which Venezia's market 5 gives")
        rec = {"id": rid, "name": name, "in_play_from": frm, "requires": req, "provenance": {"seed": seed}}
        if ruled:
            rec["provenance"]["ruled"] = ruled
        out.append(rec)
    return out


def setup_record():
    def fact(value, seed=None, ruled=None, source=None):
        prov = {}
        if seed:
            prov["seed"] = seed
        if source:
            prov["source"] = source
        if ruled:
            prov["ruled"] = ruled
        return {"value": value, "provenance": prov}
    capitals = []
    for prov_id, frm, colour, seed in [
        ("venezia", 3, "yellow", ["L276 §8.2", "L547 example: yellow"]),
        ("genoa", 3, "violet", ["L276 §8.2", "L547 example: violet"]),
        ("barcelona", 3, "blue", ["L276 §8.2", "L547 example: blue"]),
        ("paris", 4, None, ["L277 §8.2"]),
        ("london", 5, None, ["L278 §8.2"]),
        ("hamburg", 6, None, ["L279 §8.2"]),
    ]:
        c = {"province": prov_id, "from_players": frm}
        if colour:
            c["colour"] = colour
        c["provenance"] = {"seed": seed + ["L281-283 §8.3: each player puts a control token on his capital"]}
        capitals.append(c)
    players = []
    for n, boxes, join, slots in [
        (3, [2, 4, 6], "setup", 2), (4, [2, 3, 5, 6], "setup", 2),
        (5, [2, 3, 4, 5, 6], "round_2", 3), (6, [1, 2, 3, 4, 5, 6], "round_2", 3)]:
        seed = ["L269 §8.1: the five held-back cards join at setup with 3 or 4 players, at the start of round 2 with 5 or 6",
                "L333, L339 §9.3.3: three personality slots, two protected with 3 or 4 players",
                "L471 §9.6: income 15 + controlled provinces x number of players"]
        ruled = []
        if n == 3:
            seed.append("L124 §2: with three players only boxes 2, 4 and 6 of the turn-order track")
        elif n == 6:
            seed.append("L124 §2: all six boxes with six players")
        else:
            ruled.append("D7: turn-order boxes ceil(6i/N) for the i-th player, the rule that gives the seed's 2, 4, 6 for three players and 1-6 for six")
        rec = {"players": n, "turn_order_boxes": boxes, "held_back_join": join,
               "personality_slots": slots, "income_per_province": n,
               "provenance": {"seed": seed}}
        if ruled:
            rec["provenance"]["ruled"] = ruled
        players.append(rec)
    return {
        "starting_cash": fact(40, ["L269 §8.1: 40 ducats each"]),
        "setup_deal": fact(3, ["L269 §8.1: three cards dealt to each player"]),
        "setup_keep": fact(2, ["L269 §8.1: two of them kept, the third returned to the epoch-1 cards"]),
        "expansion_tokens": fact(36, ["L129 §3, L198 §5.2: 36 expansion tokens per player"]),
        "control_tokens": fact(25, ["L198 §5.2: 25 control tokens", "L1123-1410 player mats: income boxes x0-x25"],
                               ["D12: §3 (L129) prints '5'; §5.2 and the mats' x0-x25 track say 25"]),
        "shortage_counters": fact(3, ["L134 §3: three shortage/surplus counters"]),
        "capitals": capitals,
        "players": players,
    }


def tables_record():
    def table(values, seed=None, ruled=None, source=None):
        prov = {}
        if seed:
            prov["seed"] = seed
        if source:
            prov["source"] = source
        if ruled:
            prov["ruled"] = ruled
        return {"values": values, "provenance": prov}
    misery = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450,
              500, 600, 700, 800, 900, 1000]
    return {
        "misery_track": table(misery,
            ["L287 §8.4: start on box 0", "L385 §9.4.3 example: boxes 90, 100, 125 follow each other",
             "L620 example: one step from 0 is 10", "L387 §9.4.3: passing box 1000 eliminates"],
            ["D8: the boxes the seed does not print (20-80 and above 125) as in the second source; 1000 is the last box"],
            ["alkemann/aor src/app/models/misery.ts@0158e81 (levels 10 ... 1000)"]),
        "galley_capacity": table([2, 4, 6, 8], ["L353-355 §9.4.1: galley 2, 4, 6, 8"]),
        "three_master_capacity": table([10, 12, 14, 16], ["L1064-1067 §C S: three-master 10, 12, 14, 16"]),
        "ocean_going_capacity": table([1, 2, 3, 4], ["L1069-1072 §C T: ocean-going 1 to 4 overseas provinces"]),
        "fleet_upgrade_cost": table([10], ["L353 §9.4.1: 10 ducats per box, one box per round"]),
        "token_card_prices": table([3, 6, 9, 12, 15, 18], ["L1300 and L1441 player mats: 3, 6, 9, 12, 15, 18 expansion tokens", "L407 §9.5.1 (OCR lost 6, 9, 15)"]),
        "shortage_green_max": table([3], ["L1121 table: green 1-3 shortage, 4-6 surplus", "L483 §9.6.1"]),
        "stabilization_printed": table([1, 3, 6, 10, 15], ["L1299, L1437 player mats: 1, 3, 6, 10, 15 ducats for 1-5 cards", "L381 §9.4.3: n(n+1)/2"]),
        "combat_win_percent": table([
            [90.28, 100.0, 93.06, 100.0], [80.56, 90.28, 86.11, 93.06], [70.83, 80.56, 79.17, 86.11],
            [61.11, 70.83, 72.22, 79.17], [51.39, 61.11, 65.28, 72.22], [41.67, 51.39, 58.33, 65.28]],
            ["L905-911 B.1: rank 1-6; columns S>W or G>P, S>W or G>=P, S>=W or G>P, S>=W or G>=P"]),
        "income_base": table([15], ["L471 §9.6: 15 + provinces x players", "L1123-1410 player mats: box x0 = 15"]),
        "middle_class_income": table([10], ["L477 §9.6, L1101 §C Z: +10 ducats per income phase"]),
        "urban_card_price": table([10], ["L309 §9.2, L1083 §C V: 10 ducats"]),
        "holy_indulgence_tokens": table([2], ["L403 §9.5: two tokens per player without the advance"]),
        "institutional_credit": table([10], ["L1091-1094 §C X: +10 credit outside Religion and Civics"]),
        "mongol_cash": table([10], ["L853 A.2: 10 ducats from the bank"]),
    }


def dump(value, indent=0):
    """JSON with one key per line and short scalar arrays kept on one line."""
    pad = "  " * indent
    if isinstance(value, dict):
        items = [f'{pad}  {json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 1).lstrip()}'
                 for k, v in value.items()]
        return pad + "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            line = pad + json.dumps(value, ensure_ascii=False)
            if len(line) <= 100 or all(not isinstance(v, str) for v in value):
                return line
        items = [dump(v, indent + 1) for v in value]
        return pad + "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return pad + json.dumps(value, ensure_ascii=False)


def write(name, value):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write(dump(value) + "\n")


def main():
    provinces = prov_records()
    waters = water_records()
    write("provinces.json", {"provinces": provinces})
    write("waters.json", {"waters": waters})
    write("commodities.json", {"commodities": commodity_records()})
    write("advances.json", {"advances": advance_records()})
    write("cards.json", {"cards": card_records()})
    write("regions.json", {"regions": region_records()})
    write("setup.json", setup_record())
    write("tables.json", tables_record())
    print(len(provinces), "provinces,", len(waters), "waters")


if __name__ == "__main__":
    main()
