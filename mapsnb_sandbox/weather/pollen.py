"""Synthetic daily pollen (Universal Pollen Index 0–5) for the emulator.

Seasons follow the hemisphere (north: trees Feb–May, grass May–Aug, weeds Aug–Oct; the south is
shifted six months); the tropics have mild, year-round grass and tree pollen. The plants are those
of the place's biogeographic region (``_REGIONS``: Europe, the Mediterranean, North America,
Japan, East Asia, the rest of Eurasia, the southern continents, the tropics: no birch in Accra),
named in the asked language (``data/pollen_plant_names.csv``). Land cover follows
the Köppen class (:mod:`climate`): no trees in tundra, ice or hot desert, only sparse grass and weeds
there; a plant flowers only in a month warm enough for it (monthly mean ≥ 5 °C for trees, ≥ 8 °C
for grass and weeds). An out-of-season type or plant has no ``inSeason`` key; an out-of-season
plant has no ``indexInfo`` either.
"""

from __future__ import annotations

import csv
import functools
import math
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from mapsnb_sandbox.earth.water import near_land
from mapsnb_sandbox.languages.texts import pollen_advice, pollen_index, pollen_type_name
from mapsnb_sandbox.weather.climate import normals
from mapsnb_sandbox.weather.model import unit01

#: Universal Pollen Index colours of the values 0..5 (names and texts: ``data/texts``).
#: The UPI colours per value (0-5), as fractions: #bfbfbf #009e3a #84cf33 #ffd600 #ff8c00 #ff0000
#: (the colours the charts draw the index in).
_UPI_RGB = tuple(
    (r / 255, g / 255, b / 255)
    for r, g, b in (
        (191, 191, 191),
        (0, 158, 58),
        (132, 207, 51),
        (255, 214, 0),
        (255, 140, 0),
        (255, 0, 0),
    )
)
_TYPES = ("TREE", "GRASS", "WEED")
#: Beyond these latitudes nothing flowers (ice, polar desert): no pollen season at all.
_POLAR_LAT = 72.0


@dataclass(frozen=True)
class Plant:
    """A pollen plant: code, name, type, family, northern season (day-of-year window), text."""

    code: str
    name: str
    type: str
    family: str
    start: int
    end: int
    season: str
    colors: str
    shapes: str
    cross: str
    strength: float


PLANTS_CSV = Path(__file__).resolve().parents[1] / "data" / "pollen_plants.csv"


@functools.cache
def _plants() -> dict[str, Plant]:
    """The plants of ``data/pollen_plants.csv`` by code (read on first use)."""
    out: dict[str, Plant] = {}
    with PLANTS_CSV.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            out[row["code"]] = Plant(
                row["code"],
                row["name"],
                row["type"],
                row["family"],
                int(row["start"]),
                int(row["end"]),
                row["season"],
                row["colors"],
                row["shapes"],
                row["cross"],
                float(row["strength"]),
            )
    return out


_REGIONS = {
    "europe": ("ALDER", "HAZEL", "BIRCH", "ASH", "OAK", "PINE", "GRAMINALES", "MUGWORT", "RAGWEED"),
    "mediterranean": (
        "CYPRESS_PINE",
        "OLIVE",
        "OAK",
        "PINE",
        "ASH",
        "GRAMINALES",
        "MUGWORT",
        "RAGWEED",
    ),
    "america": (
        "ALDER",
        "BIRCH",
        "ELM",
        "MAPLE",
        "COTTONWOOD",
        "OAK",
        "ASH",
        "PINE",
        "JUNIPER",
        "GRAMINALES",
        "RAGWEED",
    ),
    "japan": (
        "JAPANESE_CEDAR",
        "JAPANESE_CYPRESS",
        "BIRCH",
        "ALDER",
        "OAK",
        "PINE",
        "GRAMINALES",
        "RAGWEED",
        "MUGWORT",
    ),
    "east_asia": ("BIRCH", "PINE", "OAK", "ELM", "JUNIPER", "GRAMINALES", "MUGWORT", "RAGWEED"),
    "eurasia": ("BIRCH", "ALDER", "PINE", "OAK", "GRAMINALES", "MUGWORT"),
    "south_america": ("PINE", "COTTONWOOD", "ASH", "GRAMINALES"),
    "southern_africa": ("PINE", "CYPRESS_PINE", "OLIVE", "GRAMINALES"),
    "oceania": ("CYPRESS_PINE", "OLIVE", "PINE", "GRAMINALES"),
    # the tropics: grasses everywhere; the neotropics' pines, and their highland oaks and alders
    "neotropics": ("PINE", "GRAMINALES"),
    "neotropic_highlands": ("PINE", "OAK", "ALDER", "GRAMINALES"),
    "tropics": ("GRAMINALES",),
}
_TROPICS = frozenset({"tropics", "neotropics", "neotropic_highlands"})
_EAST_ASIA = frozenset({"CN", "KR", "KP", "MN", "TW", "HK", "MO"})
#: Northern type seasons (day of year), per the brief: trees Feb–May, grass May–Aug, weed Aug–Oct.
_TYPE_SEASON = {"TREE": (32, 151), "GRASS": (121, 243), "WEED": (213, 304)}


def _region(lat: float, lng: float, country: str) -> str:
    """The biogeographic region whose pollen plants grow here (the plant codes of the Pollen
    API are temperate northern trees: the tropics get grasses, the neotropics also pines)."""
    if abs(lat) < 23.5:
        if -120.0 <= lng <= -30.0:
            high = normals(lat, lng).elevation_m >= 1500.0
            return "neotropic_highlands" if high else "neotropics"
        return "tropics"
    if lat < 0:
        if lng < -30.0:
            return "south_america"
        return "southern_africa" if lng < 60.0 else "oceania"
    if country == "JP":
        return "japan"
    if country in _EAST_ASIA:
        return "east_asia"
    if -170.0 <= lng <= -50.0:
        return "america"
    if -25.0 <= lng <= 45.0 and 30.0 <= lat <= 72.0:
        return "mediterranean" if lat < 44.5 else "europe"
    return "eurasia"


NAMES_CSV = PLANTS_CSV.with_name("pollen_plant_names.csv")


@functools.cache
def _names() -> dict[tuple[str, str], str]:
    """Plant names by (code, language) from ``data/pollen_plant_names.csv`` (empty cells left out)."""
    out: dict[tuple[str, str], str] = {}
    with NAMES_CSV.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            code = row.pop("code")
            out.update({(code, lang): name for lang, name in row.items() if name})
    return out


def plant_name(code: str, lang: str) -> str:
    """The plant's name in ``lang`` (English where the table has none)."""
    return _names().get((code, lang)) or _plants()[code].name


def _in_window(doy: int, start: int, end: int, lat: float) -> float | None:
    """Position 0..1 inside the (hemisphere-shifted) window, or None outside it."""
    if lat < 0:
        doy = (doy + 182) % 365 or 365
    if start <= doy <= end:
        return (doy - start) / max(1, end - start)
    return None


def _index_info(value: int, lang: str) -> dict[str, Any]:
    name, text = pollen_index(lang, value)
    rgb = _UPI_RGB[value]
    return {
        "code": "UPI",
        "displayName": "Universal Pollen Index",
        "value": value,
        "category": name,
        "indexDescription": text,
        "color": {"red": rgb[0], "green": rgb[1], "blue": rgb[2]},
    }


def _level(pos: float, strength: float, noise: float, wet: float) -> int:
    """UPI from the position in the season (peak mid-season), strength and daily noise."""
    peak = math.sin(math.pi * pos)
    return max(
        1, min(5, round(0.6 + 3.8 * peak * strength * (0.7 + 0.5 * noise) * (1 - 0.4 * wet)))
    )


#: Monthly mean temperature (°C) a pollen type needs to flower.
_WARM_ENOUGH = {"TREE": 5.0, "GRASS": 8.0, "WEED": 8.0}


def land_cover(lat: float, lng: float) -> frozenset[str]:
    """The pollen types whose plants grow here, from the Köppen class: none on ice (EF), grass and
    weeds only in tundra (ET) and hot or cold desert (BW), everything elsewhere."""
    kg = normals(lat, lng).koppen
    if kg == "EF":
        return frozenset()
    if kg == "ET" or kg.startswith("BW"):
        return frozenset({"GRASS", "WEED"})
    return frozenset(_TYPES)


def _warm_enough(lat: float, lng: float, day: date, kind: str) -> bool:
    return normals(lat, lng).month_mean(day.month, lat) >= _WARM_ENOUGH[kind]


def has_vegetation(lat: float, lng: float) -> bool:
    """Whether pollen can occur here at all: land within ~11 km (``global-land-mask``), not polar."""
    if abs(lat) >= _POLAR_LAT or lat <= -60.0:
        return False
    return near_land(lat, lng)


def pollen_day(
    lat: float, lng: float, country: str, day: date, wetness: float, lang: str = "en"
) -> dict[str, Any]:
    """One ``dailyInfo`` entry for the local ``day``; ``wetness`` (0..1) damps the levels.

    Over water or ice nothing is in season (every index 0); texts are in ``lang``.
    """
    la, lo = round(lat, 2), round(lng, 2)
    doy = day.timetuple().tm_yday
    region = _region(lat, lng, country) if has_vegetation(lat, lng) else "barren"
    cover = land_cover(lat, lng) if region != "barren" else frozenset()
    growing = {k for k in cover if _warm_enough(lat, lng, day, k)}
    plants: list[dict[str, Any]] = []
    by_type: dict[str, int] = {}
    for code in _REGIONS.get(region, ()):
        p = _plants()[code]
        noise = unit01("pollen", la, lo, day.isoformat(), code)
        if region == "barren" or p.type not in growing:
            pos: float | None = None
            value = 0
        elif region in _TROPICS:
            pos = 0.5
            value = 1 + round(noise * (2.0 if p.type == "GRASS" else 1.0) * (1 - 0.5 * wetness))
        else:
            pos = _in_window(doy, p.start, p.end, lat)
            value = _level(pos, p.strength, noise, wetness) if pos is not None else 0
        entry: dict[str, Any] = {"code": code, "displayName": plant_name(code, lang)}
        if pos is not None:
            entry["inSeason"] = True
            entry["indexInfo"] = _index_info(value, lang)
            by_type[p.type] = max(by_type.get(p.type, 0), value)
        entry["plantDescription"] = {
            "type": p.type,
            "family": p.family,
            "season": p.season,
            "specialColors": p.colors,
            "specialShapes": p.shapes,
            "crossReaction": p.cross,
            "picture": "",
            "pictureCloseup": "",
        }
        plants.append(entry)
    types = [
        _type_info(code, doy, lat, region if code in growing else "barren", by_type, lang)
        for code in _TYPES
    ]
    return {
        "date": {"year": day.year, "month": day.month, "day": day.day},
        "pollenTypeInfo": types,
        "plantInfo": plants,
    }


def _type_info(
    code: str, doy: int, lat: float, region: str, by_type: dict[str, int], lang: str
) -> dict[str, Any]:
    start, end = _TYPE_SEASON[code]
    in_season = region != "barren" and (
        region in _TROPICS or code in by_type or _in_window(doy, start, end, lat) is not None
    )
    value = by_type.get(code, 1 if in_season else 0)
    out: dict[str, Any] = {"code": code, "displayName": pollen_type_name(lang, code)}
    if in_season:
        out["inSeason"] = True
    out["indexInfo"] = _index_info(value, lang)
    advice = "off" if not in_season else "low" if value <= 2 else "mid" if value == 3 else "high"
    out["healthRecommendations"] = pollen_advice(lang, advice)
    return out
