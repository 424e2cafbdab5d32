"""Write ``mapsnb_sandbox/data/famous_stations_osm.csv``: the OpenStreetMap point of each
hand-typed station of ``famous_stations.csv`` that this file lists, the second source its
Wikipedia coordinates are checked against (issue 40, class 3; helper h-stations19).

``python tools/build_station_osm_points.py EXTRACT_DIR``. ``EXTRACT_DIR`` holds the per-country
OpenStreetMap extracts ``XX.geojson`` of github.com/lemnis/railway-to-wikidata
(``geojson/stations/``, commit ``5acc8af``, 2023-06-13: the ``railway=station`` nodes of each
European country with their tags). The points are **© OpenStreetMap contributors, Open Database
License (ODbL) 1.0**; the file is a derived database under the ODbL. China's four (Jinan West,
Nanchang West, Lanzhou West, Ürümqi: :data:`CARRIED`) are the OpenStreetMap points a public
repository's generated high-speed network file carries (``RAIL_ROUTE_DATA``, its nodes of
``"source": "osm"``, from Geofabrik's China extract of 2026-09-04; read through the code search,
which names no repository for that file), typed here. The emulator does not read the output:
``tests/sandbox/world/test_railway_stations.py`` checks that each listed station's typed point
lies within 500 m of its OpenStreetMap point.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "famous_stations_osm.csv"

#: ``famous_stations.csv`` key -> (country extract, OpenStreetMap element of the station).
ELEMENTS: dict[str, tuple[str, str]] = {
    "rail-oslo-sentralstasjon": ("NO", "node/660921"),
    "rail-bergen-stasjon": ("NO", "node/4919366664"),
    "rail-trondheim-sentralstasjon": ("NO", "node/5526332028"),
    "rail-helsinki-central-station": ("FI", "node/25474663"),
    "rail-tampere-station": ("FI", "node/34943548"),
    "rail-tallinn-balti-jaam": ("EE", "node/6572486484"),
    "rail-riga-central-station": ("LV", "node/7799405223"),
    "rail-vilnius-station": ("LT", "node/6624987344"),
    "rail-kaunas-station": ("LT", "node/6629286841"),
    "rail-bucharest-nord": ("RO", "node/137481922"),
    "rail-cluj-napoca-station": ("RO", "node/258987961"),
    "rail-belgrade-centre": ("RS", "node/6140811391"),
    "rail-ljubljana-station": ("SI", "node/617483683"),
    "rail-athens-station": ("GR", "node/2872124552"),
    "rail-thessaloniki-station": ("GR", "node/4925130296"),
    "rail-skopje-station": ("MK", "node/9947846021"),
    "rail-iasi-station": ("RO", "node/247416268"),
    "rail-timisoara-nord": ("RO", "node/1149733730"),
    "rail-plovdiv-central": ("BG", "node/6012618021"),
    "rail-varna-station": ("BG", "node/6066507712"),
    "rail-turku-central": ("FI", "node/612493471"),
}

#: ``famous_stations.csv`` key -> (what carries the point, lat, lng): OpenStreetMap points of
#: stations outside the extracts, as ``RAIL_ROUTE_DATA`` gives them ([lng, lat] there).
CARRIED: dict[str, tuple[str, float, float]] = {
    "rail-jinan-west-station": ("RAIL_ROUTE_DATA ji-nan-xi", 36.6688, 116.886),
    "rail-nanchang-west-station": ("RAIL_ROUTE_DATA nan-chang-xi", 28.62573, 115.78771),
    "rail-lanzhou-west-station": ("RAIL_ROUTE_DATA lan-zhou-xi", 36.06758, 103.74928),
    "rail-urumqi-station": ("RAIL_ROUTE_DATA wu-lu-mu-qi", 43.83941, 87.52621),
}


def points(extract_dir: Path, country: str) -> dict[str, tuple[float, float]]:
    """The (lat, lng) of each point element of ``country``'s extract, by element id."""
    data = json.loads((extract_dir / f"{country}.geojson").read_text(encoding="utf-8"))
    out: dict[str, tuple[float, float]] = {}
    for feature in data["features"]:
        geometry = feature.get("geometry") or {}
        if geometry.get("type") == "Point":
            lng, lat = geometry["coordinates"][:2]
            out[feature["id"]] = (float(lat), float(lng))
    return out


def main(extract_dir: Path) -> None:
    """Write :data:`OUT`, one row per station of :data:`ELEMENTS` and :data:`CARRIED`."""
    cache: dict[str, dict[str, tuple[float, float]]] = {}
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write("# OpenStreetMap points of hand-typed stations; (c) OpenStreetMap contributors,")
        fh.write(" ODbL 1.0. Written by tools/build_station_osm_points.py.\n")
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["key", "osm", "lat", "lng"])
        for key, (country, element) in ELEMENTS.items():
            if country not in cache:
                cache[country] = points(extract_dir=extract_dir, country=country)
            lat, lng = cache[country][element]
            writer.writerow([key, element, f"{lat:.5f}", f"{lng:.5f}"])
        for key, (carrier, lat, lng) in CARRIED.items():
            writer.writerow([key, carrier, f"{lat:.5f}", f"{lng:.5f}"])
    print(f"{len(ELEMENTS) + len(CARRIED)} stations -> {OUT}")


if __name__ == "__main__":
    main(extract_dir=Path(sys.argv[1]))
