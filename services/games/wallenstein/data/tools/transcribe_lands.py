#!/usr/bin/env python3
"""Transcribe the land facts (region, tax, grain, sites, borders) from the
normalised third-party map into our own data file `data/lands.json`, with the
seed's spellings and the corrections listed in data/README.md.

Run from the crate directory:
    python3 data/tools/transcribe_lands.py ../../../../shared/data-sources/wallenstein/laender.normalized.json
"""
import json, sys

NAMES = {
    "Altmark": "Altmark", "Anhalt": "Anhalt", "Augsburg": "Augsburg", "Baden": "Baden",
    "Boehmen": "Böhmen", "Bremen": "Bremen", "Breisgau": "Breisgau", "Burgund": "Burgund",
    "Koeln": "Erzbm. Köln", "Trier": "Erzbm. Trier", "Bayern": "Fm. Bayern", "Mark": "Gft. Mark",
    "HessenDarmstadt": "Hessen-Darmstadt", "HessenKassel": "Hessen-Kassel", "Paderborn": "Hm. Paderborn",
    "Holstein": "Holstein", "Kaernten": "Kärnten", "Konstanz": "Konstanz", "Kursachsen": "Kursachsen",
    "Lausitz": "Lausitz", "Lothringen": "Lothringen", "Lueneburg": "Lüneburg", "Luettich": "Bm. Lüttich",
    "Maehren": "Mähren", "Mecklenburg": "Mecklenburg", "Mittelmark": "Mittelmark", "Neumark": "Neumark",
    "Niederoesterreich": "Niederösterreich", "Oberoesterreich": "Oberösterreich", "Oberpfalz": "Oberpfalz",
    "Osnabrueck": "Osnabrück", "Passau": "Passau", "Regensburg": "Regensburg", "SaechsLande": "Sachs. Lande",
    "Salzburg": "Salzburg", "Schlesien": "Schlesien", "Steiermark": "Steiermark", "Strassburg": "Strassburg",
    "Tirol": "Tirol", "Vogtland": "Vogtland", "Vorpommern": "Vorpommern", "Wolfenbuettel": "Wolfenbüttel",
    "Wuerttemberg": "Württemberg", "Wuerzburg": "Würzburg", "Zweibruecken": "Bm. Zweibrücken",
}
REGIONS = {"Brandenburg": "Brandenburg", "Sachsen": "Sachsen", "Oesterreich": "Österreich",
           "Bayern": "Bayern", "Kurpfalz": "Kurpfalz"}
REGION_ORDER = ["Brandenburg", "Sachsen", "Österreich", "Bayern", "Kurpfalz"]

src = json.load(open(sys.argv[1]))["lands"]
borders = {}
for l in src:
    for n in l["neighbours"]:
        a, b = NAMES[l["name"]], NAMES[n]
        borders.setdefault(a, set()).add(b)
        # Correction: the one-sided edge Schlesien -> Neumark is made symmetric (data/README.md).
        borders.setdefault(b, set()).add(a)
lands = []
for l in src:
    name = NAMES[l["name"]]
    lands.append({
        "name": name,
        "region": REGIONS[l["region"]],
        "tax": l["taler"],
        "grain": l["getreide"],
        "sites": l["bauplaetze"],
        "out_with_3_players": l["excluded_with_3_players"],
        "borders": sorted(borders[name]),
    })
lands.sort(key=lambda x: (REGION_ORDER.index(x["region"]), x["name"]))
json.dump({"regions": REGION_ORDER, "lands": lands}, open("data/lands.json", "w"), ensure_ascii=False, indent=1)
print(len(lands), "lands written")
