"""Rebuild ``tests/sandbox/weather/climate_holdout.csv``: a holdout of station climate normals.

Truth for issue 40's climate class that neither the emulator nor the hand-typed corpus
(``climate_normals_monthly.csv``) reads. Build-time inputs (not shipped, not read at run time):

* **Monthly normals**: ``data/climate_world.rda`` of the CRAN package ``clidatajp`` 0.5.2
  (T. Matsumura, MIT; GitHub ``cran/clidatajp``): the Japan Meteorological Agency's world
  climate normals (JMA "nrmlist", 1991-2020 normals from the stations' CLIMAT reports): 3,444
  WMO stations x 12 months of mean temperature and precipitation, with the station's latitude,
  longitude and elevation. JMA's content is reusable with attribution (JMA website terms of
  use, compatible with CC BY 4.0): "Source: Japan Meteorological Agency".
* **English station names**: Meteostat's station list (``meteostat/weather-stations``,
  ``stations/<WMO id>.json``, CC BY 4.0), matched on the WMO id.

``pip install rdata`` then ``python tools/build_climate_holdout.py CLIDATAJP_DIR METEOSTAT_DIR``
(two checkouts). Each station is classed by the Köppen-Geiger rules of Beck et al. 2018 from
its own normals (temperature and precipitation; a station without precipitation is classed by
temperature only), as ``tropical``, ``desert``, ``steppe``, ``mediterranean``, ``temperate``,
``continental``, ``subarctic`` or ``polar``, and ``high_altitude`` at 1,500 m and above. The
holdout drops stations within 50 km of a corpus station and keeps up to ``PER_STRATUM``
stations per continent and class, spread over the stratum (every k-th by WMO id).
"""

from __future__ import annotations

import codecs
import csv
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "sandbox" / "weather" / "climate_normals_monthly.csv"
OUT = ROOT / "tests" / "sandbox" / "weather" / "climate_holdout.csv"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
PER_STRATUM = 9
#: Minimum distance (km) from every station of the hand-typed corpus.
AWAY_KM = 50.0
CONTINENTS = {
    "アジア": "Asia",
    "アフリカ": "Africa",
    "オセアニア": "Oceania",
    "ヨーロッパ": "Europe",
    "北中アメリカ": "North America",
    "南アメリカ": "South America",
    "南極": "Antarctica",
}
HEADER = (
    "# Monthly mean temperatures (°C, January..December) of WMO stations: the Japan Meteorological\n"
    "# Agency's world climate normals 1991-2020 (CLIMAT reports; 'Source: Japan Meteorological\n"
    "# Agency', via the CRAN package clidatajp 0.5.2, MIT), English names from Meteostat's station\n"
    "# list (CC BY 4.0). A holdout for issue 40's climate class: no station within 50 km of\n"
    "# climate_normals_monthly.csv; cls is the Köppen-Geiger group of the station's own normals\n"
    "# (Beck et al. 2018 rules), high_altitude from 1,500 m. Built by tools/build_climate_holdout.py.\n"
)


def koppen(temps: list[float], rain: list[float] | None, lat: float) -> str:
    """The Köppen-Geiger class of monthly normals (Beck et al. 2018 rules); without precipitation
    the arid classes and the second letters cannot be told: the group letter and ``?``."""
    hot, cold, mat = max(temps), min(temps), sum(temps) / 12.0
    if hot <= 10.0:
        return "ET" if hot > 0.0 else "EF"
    if rain is None:
        return ("A" if cold >= 18.0 else "C" if cold > 0.0 else "D") + "?"
    summer = [3, 4, 5, 6, 7, 8] if lat >= 0 else [9, 10, 11, 0, 1, 2]
    winter = [m for m in range(12) if m not in summer]
    total = sum(rain)
    p_summer = sum(rain[m] for m in summer)
    threshold = 2.0 * mat + (
        28.0 if p_summer >= 0.7 * total else 0.0 if p_summer <= 0.3 * total else 14.0
    )
    if total < 10.0 * threshold:
        return ("BW" if total < 5.0 * threshold else "BS") + ("h" if mat >= 18.0 else "k")
    if cold >= 18.0:
        dry = min(rain)
        return "Af" if dry >= 60.0 else "Am" if dry >= 100.0 - total / 25.0 else "Aw"
    s_dry, s_wet = min(rain[m] for m in summer), max(rain[m] for m in summer)
    w_dry, w_wet = min(rain[m] for m in winter), max(rain[m] for m in winter)
    second = "s" if s_dry < 40.0 and s_dry < w_wet / 3.0 else "w" if w_dry < s_wet / 10.0 else "f"
    warm = sum(t >= 10.0 for t in temps)
    third = "a" if hot >= 22.0 else "b" if warm >= 4 else "d" if cold < -38.0 else "c"
    return ("C" if cold > 0.0 else "D") + second + third


def station_class(code: str, elev_m: float) -> str:
    """The holdout's class of a Köppen code and an elevation."""
    if elev_m >= 1500.0:
        return "high_altitude"
    if code[0] == "E":
        return "polar"
    if code[0] == "A":
        return "tropical"
    if code[0] == "B":
        return "desert" if code[1] == "W" else "steppe"
    if code[0] == "C":
        return "mediterranean" if code[1] == "s" else "temperate"
    return "subarctic" if code[-1] in "cd" else "continental"


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = (
        math.sin((la2 - la1) / 2) ** 2
        + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    )
    return 12742.0 * math.asin(math.sqrt(h))


def _unescape(text: str) -> str:
    return codecs.decode(text, "unicode_escape") if "\\u" in text else text


def _english_name(meteostat: Path, wmo: str) -> tuple[str, str]:
    """(English name, ISO country code) of a WMO station from Meteostat's list, or ("", "")."""
    path = meteostat / "stations" / f"{wmo}.json"
    if not path.exists():
        return "", ""
    data = json.loads(path.read_text(encoding="utf-8"))
    return data.get("name", {}).get("en", ""), data.get("country") or ""


def _stations(clidatajp: Path) -> list[dict[str, object]]:
    """The JMA stations with 12 temperatures, a position and an elevation."""
    import rdata  # type: ignore[import-not-found]  # build time only: pip install rdata

    frame = rdata.read_rda(str(clidatajp / "data" / "climate_world.rda"))["climate_world"]
    out = []
    for no, rows in frame.groupby("no"):
        rows = rows.sort_values("month")
        first = rows.iloc[0]
        if len(rows) != 12 or rows["temperature"].isna().any() or math.isnan(first["altitude"]):
            continue
        rain = (
            None
            if rows["precipitation"].isna().any()
            else [float(x) for x in rows["precipitation"]]
        )
        lat = float(first["latitude"]) * (1 if first["NS"] == "N" else -1)
        lng = float(first["longitude"]) * (1 if first["WE"] == "E" else -1)
        out.append(
            {
                "wmo": f"{int(no):05d}",
                "continent": CONTINENTS[_unescape(first["continent"])],
                "lat": lat,
                "lng": lng,
                "elev_m": float(first["altitude"]),
                "temps": [float(x) for x in rows["temperature"]],
                "rain": rain,
            }
        )
    return out


def main() -> None:
    clidatajp, meteostat = Path(sys.argv[1]), Path(sys.argv[2])
    with CORPUS.open(encoding="utf-8") as fh:
        corpus = [
            (float(r["lat"]), float(r["lng"]))
            for r in csv.DictReader(line for line in fh if not line.startswith("#"))
        ]
    strata: dict[tuple[str, str], list[dict[str, object]]] = {}
    for st in _stations(clidatajp):
        point = (float(st["lat"]), float(st["lng"]))  # type: ignore[arg-type]
        if any(_km(point, c) < AWAY_KM for c in corpus):
            continue
        st["koppen"] = koppen(st["temps"], st["rain"], point[0])  # type: ignore[arg-type]
        st["cls"] = station_class(str(st["koppen"]), float(st["elev_m"]))  # type: ignore[arg-type]
        strata.setdefault((str(st["continent"]), str(st["cls"])), []).append(st)
    rows = []
    for key in sorted(strata):
        group = sorted(strata[key], key=lambda s: str(s["wmo"]))
        step = max(1, len(group) // PER_STRATUM)
        for st in group[::step][:PER_STRATUM]:
            name, country = _english_name(meteostat, str(st["wmo"]))
            rows.append((st, name or f"WMO {st['wmo']}", country))
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(
            (
                "wmo",
                "name",
                "country",
                "continent",
                "cls",
                "koppen",
                "lat",
                "lng",
                "elev_m",
                *MONTHS,
            )
        )
        for st, name, country in rows:
            out.writerow(
                (
                    st["wmo"],
                    name,
                    country,
                    st["continent"],
                    st["cls"],
                    st["koppen"],
                    f"{st['lat']:.2f}",
                    f"{st['lng']:.2f}",
                    f"{st['elev_m']:.0f}",
                    *(f"{t:.1f}" for t in st["temps"]),  # type: ignore[attr-defined]
                )
            )
    print(f"wrote {OUT} ({len(rows)} stations, {OUT.stat().st_size / 1e3:.0f} kB)")


if __name__ == "__main__":
    main()
