"""The landmark tables' rows (split from ``landmarks.py``, round 25): a :class:`Landmark` each,
read from the curated ``data/landmarks.csv``, the famous places of ``data/famous_places.csv``
and the tables beside it (the UNESCO list, museums, stations, volcanoes), and the airports and stations of
``data/airports.tsv.z`` and ``data/stations.tsv.z``; ``landmarks.py`` indexes them.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import zlib
from dataclasses import dataclass
from pathlib import Path

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.contract.ids import AIRPORT, LANDMARK, tagged_id
from mapsnb_sandbox.world.index.letters import fold

__all__ = [
    "AIRPORTS_TSV",
    "FAMOUS_CSV",
    "FAMOUS_STATIONS_CSV",
    "FR_MUSEUMS_CSV",
    "HERITAGE_CSV",
    "JAPAN_MOUNTAINS_CSV",
    "LANDMARKS_CSV",
    "MOUNTAIN_KEY",
    "MUSEUM_CSVS",
    "OSM_MUSEUMS_CSV",
    "STATIONS_TSV",
    "US_MUSEUMS_CSV",
    "VOLCANOES_CSV",
    "VOLCANO_KEY",
    "WITHHOLD_ENV",
    "Landmark",
    "famous_keys",
    "folded_names",
    "held_out",
    "load_airports",
    "load_famous",
    "load_landmarks",
]

#: The package's data folder.
_DATA = Path(__file__).resolve().parents[2] / "data"
#: The curated landmarks; ``landmarks.py`` reads the path its own ``LANDMARKS_CSV`` holds,
#: which ``geocode.use_landmarks`` switches for a test.
LANDMARKS_CSV = _DATA / "landmarks.csv"
#: Airports with an IATA code (``airportsdata``, MIT), beside the packaged landmarks only.
AIRPORTS_TSV = _DATA / "airports.tsv.z"
#: Main railway stations (Trainline EU's, ODbL; datameet's, CC0), rows as the airports'.
STATIONS_TSV = AIRPORTS_TSV.with_name("stations.tsv.z")
#: Famous places of the world by their common names in the supported languages, beside the
#: packaged landmarks only (``data/famous_places.csv``; sources in ``data/SOURCES.md``).
FAMOUS_CSV = _DATA / "famous_places.csv"
#: The UNESCO World Heritage List as famous places, at the list's point
#: (``tools/build_heritage_sites.py``; CC BY-SA 3.0 IGO, see ``data/SOURCES.md``).
HERITAGE_CSV = FAMOUS_CSV.with_name("heritage_sites.csv")
#: Notable museums of the US (IMLS, public domain), France (Musées de France, Licence Ouverte),
#: Spain and Portugal (OpenStreetMap, ODbL): ``tools/build_{us,fr,osm}_museums.py``, SOURCES.md.
US_MUSEUMS_CSV, FR_MUSEUMS_CSV, OSM_MUSEUMS_CSV = MUSEUM_CSVS = tuple(
    FAMOUS_CSV.with_name(f"{land}_museums.csv") for land in ("us", "fr", "osm")
)
#: The world's named volcanoes at OpenStreetMap's point (ODbL): ``tools/build_volcanoes.py``.
VOLCANOES_CSV = FAMOUS_CSV.with_name("volcanoes.csv")
#: Japan's main mountains at the GSI's point: ``tools/build_japan_mountains.py`` (round 30).
JAPAN_MOUNTAINS_CSV = FAMOUS_CSV.with_name("japan_mountains.csv")
#: Main railway stations outside Europe and India, as famous places, by hand (SOURCES.md).
FAMOUS_STATIONS_CSV = FAMOUS_CSV.with_name("famous_stations.csv")
#: Set to ``1``, the world leaves out the properties of :func:`held_out`: the part of the
#: UNESCO holdout that measures places the emulator does not hold (``bench_landmarks.py
#: --withhold``); read once, when the landmark table is first built.
WITHHOLD_ENV = "MAPSNB_SANDBOX_WITHHOLD_THIRD"


def held_out(whc: int) -> bool:
    """Whether UNESCO property ``whc`` is in the held-out third (``id_no % 3 == 0``)."""
    return whc % 3 == 0


@dataclass(frozen=True)
class Landmark:
    """One row of ``landmarks.csv`` (or of the airports)."""

    key: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    address: str
    city: str
    region: str
    country_code: str
    lat: float
    lng: float
    given_id: str = ""  # a real place id from the table, if it has one
    keys: tuple[str, ...] = ()  # its name and aliases folded, when the table ships them
    famous: bool = False  # from ``famous_places.csv``: its names beat a town's under 100,000

    @property
    def tag(self) -> int:
        """The type tag of its id: an airport or a landmark."""
        return AIRPORT if self.key.startswith(_AIRPORT_KEY) else LANDMARK

    @property
    def number(self) -> int:
        """The number its id packs: a hash of its key."""
        return stable_int("landmark", self.key) & 0x1FFFFFF

    @property
    def whole_name_only(self) -> bool:
        """Whether it is found by a whole name only (an airport, a station of the table)."""
        return self.key.startswith(_WHOLE_NAME_KEYS)

    @property
    def one_source(self) -> bool:
        """Whether only one broad list knows it (a volcano of ``volcanoes.csv``, a mountain of
        ``japan_mountains.csv``): a namesake that list lacks may be meant ("Sumbing": Java's,
        or Sumatra's), so it is never a HIGH or MEDIUM answer."""
        return self.key.startswith((VOLCANO_KEY, MOUNTAIN_KEY))

    @functools.cached_property
    def place_id(self) -> str:
        """Its id: the table's, else a well-formed feature id (:func:`tagged_id`), made on
        first use (8,000 airports would cost a first call 0.1 s)."""
        return self.given_id or tagged_id(self.tag, self.number, self.lat, self.lng)


_AIRPORT_KEY, _STATION_KEY = "airport-", "rail-"
#: The keys of ``volcanoes.csv``'s rows open with this.
VOLCANO_KEY = "osm-volcano-"
#: The keys of ``japan_mountains.csv``'s rows open with this.
MOUNTAIN_KEY = "gsi-mountain-"
_WHOLE_NAME_KEYS = (_AIRPORT_KEY, _STATION_KEY)


def _split_aliases(value: str) -> tuple[str, ...]:
    return tuple(a.strip() for a in value.split("|") if a.strip())


def load_landmarks(path: Path) -> list[Landmark]:
    """Read a landmarks CSV (columns ``key,name,aliases,kind,address,city,region,
    country_code,lat,lng,place_id``); an empty ``place_id`` becomes a well-formed feature id
    on first use (:attr:`Landmark.place_id`)."""
    if not path.exists():
        return []
    out: list[Landmark] = []
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            key = (row.get("key") or "").strip()
            if not key:
                continue
            out.append(
                Landmark(
                    key=key,
                    name=row["name"].strip(),
                    aliases=_split_aliases(row.get("aliases") or ""),
                    kind=(row.get("kind") or "point_of_interest").strip(),
                    address=(row.get("address") or "").strip(),
                    city=(row.get("city") or "").strip(),
                    region=(row.get("region") or "").strip(),
                    country_code=(row.get("country_code") or "").strip().upper(),
                    lat=float(row["lat"]),
                    lng=float(row["lng"]),
                    given_id=(row.get("place_id") or "").strip(),
                )
            )
    return out


def load_airports(path: Path, *, kind: str = "airport") -> list[Landmark]:
    """Read ``airports.tsv.z`` (rows ``iata name aliases city cc lat lng country keys``, the
    keys folded by ``tools/build_airports.py``) as landmarks of kind ``airport``, addressed by
    their town and country; ``stations.tsv.z`` (the same rows) with ``kind="station"``."""
    if not path.exists():
        return []
    out: list[Landmark] = []
    prefix = _AIRPORT_KEY if kind == "airport" else _STATION_KEY
    for line in zlib.decompress(path.read_bytes()).decode("utf-8").splitlines():
        code, name, aliases, city, cc, lat, lng, country, keys = line.split("\t")
        address = ", ".join(p for p in (city, country) if p)
        out.append(
            Landmark(
                f"{prefix}{code.lower()}", name, _split_aliases(aliases), kind, address, city, "",
                cc, float(lat), float(lng), keys=tuple(keys.split("|")),
            )
        )  # fmt: skip
    return out


def famous_keys(key: str, names: str) -> list[str]:
    """The folded names of a ``famous_places.csv`` row (its key read as words, then its
    ``|``-separated names), each once: what its ``keys`` column ships."""
    folded = [fold(key.replace("-", " ")), *(fold(n) for n in _split_aliases(names))]
    return [k for k in dict.fromkeys(folded) if k]


def load_famous(path: Path, items: list[Landmark], *, withhold: bool = False) -> list[Landmark]:
    """``items`` with the famous places of ``path`` (columns ``key,whc,kind,city,country,cc,
    lat,lng,names,keys``, the first name English, ``keys`` the folded names of
    :func:`famous_keys`): a row whose key is already in ``items`` only adds its names to that
    landmark's aliases; the others are new landmarks addressed by their town and country.
    ``withhold``: leave out the rows of the properties of :func:`held_out`."""
    if not path.exists():
        return items
    out = list(items)
    at = {lm.key: i for i, lm in enumerate(out)}
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        for row in rows:
            if withhold and row["whc"].strip().isdigit() and held_out(int(row["whc"])):
                continue
            key, names = row["key"].strip(), _split_aliases(row["names"])
            keys = tuple((row.get("keys") or "").split("|")) if row.get("keys") else ()
            if key in at:
                old = out[at[key]]
                extra = tuple(n for n in names if n != old.name and n not in old.aliases)
                folded = tuple(folded_names(old) | set(keys)) if keys else ()
                out[at[key]] = dataclasses.replace(old, aliases=old.aliases + extra, keys=folded)
                continue
            city, country = row["city"].strip(), row["country"].strip()
            out.append(
                Landmark(
                    key=key, name=names[0], aliases=names[1:], kind=row["kind"].strip(),
                    address=", ".join(p for p in (city, country) if p), city=city, region="",
                    country_code=row["cc"].strip().upper(), lat=float(row["lat"]),
                    lng=float(row["lng"]), keys=keys, famous=True,
                )
            )  # fmt: skip
    return out


def folded_names(lm: Landmark) -> set[str]:
    """The folded names of ``lm``: its name, its key read as words (not an airport's), its
    aliases."""
    key_name = "" if lm.key.startswith(_AIRPORT_KEY) else fold(lm.key.replace("_", " "))
    return {fold(lm.name), key_name, *map(fold, lm.aliases)}
