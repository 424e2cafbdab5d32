"""Write ``mapsnb_sandbox/data/osm_museums.csv``: the notable museums of Spain and Portugal as
famous places of the emulator (issue 40), at OpenStreetMap's point, by OpenStreetMap's names in
every language its ``name:xx`` tags give.

Source: OpenStreetMap's ``tourism=museum`` of Spain and of Portugal (overpass-turbo export of
2023-12-05, **© OpenStreetMap contributors, ODbL 1.0**), as the public repository
``projetoalfobre/alfobre-gis-repository`` ships it (``Iberian_Peninsula/museums/
museums_spain.geojson`` and ``museums_portugal.geojson`` at ca4ce40; A-GeoCat's catalogue, CC BY
4.0, over OSM's ODbL). The output is a derived database under the ODbL. Not Wikidata: the points
are OSM's mapping (a building's outline or a node). Usage (needs Debian's ``wspanish``,
``wportuguese``, ``wcatalan``, ``wfrench`` and ``wamerican`` word lists)::

    python tools/build_osm_museums.py museums_spain.geojson museums_portugal.geojson

Kept (the notability bar: the files list 4,800 museums): features that OSM links to an
encyclopedia (a ``wikidata`` or ``wikipedia`` tag; only the tag's presence is read, never its
item), one per linked item (the largest outline, else the first node); not a branch of a
landmark the world holds far away (:func:`branch`: "Centre Pompidou Málaga"). Point: an outline's
area centroid. Names (:func:`names_of`): ``name``, ``name:xx``, ``official_name``,
``alt_name``, ``short_name`` (their ``;`` parts, without a parenthesis), English first. Town:
the file's ``addr:city`` when the index holds a town of that name within 30 km, else the most
populous town whose reach (2 km + 2 km x sqrt(people / 100,000)) covers the point, else the
nearest. A name is given bare when it holds its town, or when it is distinctive (a word
besides :data:`GENERIC` that no dictionary lists in lower case, or a town's name), its own
words name no other town, and no kept museum or held landmark 50 km or more away bears them;
a name in a language the dictionaries lack ("Apothekenmuseum", "国立考古博物馆") only with
its town;
every name not holding its town is also given with it after a comma ("Museo de Bellas Artes,
Sevilla"). No name is a town's or country's. A museum the world holds already (one of its
names a held landmark's within 2 km: the Prado, the Guggenheim Bilbao) is not added again: its
row only gives that landmark its other names (:func:`alias_row`). Columns as
``famous_places.csv`` (``key`` ``osm-museum-<n|w|r><id>``, ``whc`` empty).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys, fold
from tools.build_heritage_sites import write_famous
from tools.build_us_museums import NAMESAKE_KM, SAME_KM, _km, _town_or_country

OUT = FAMOUS_CSV.with_name("osm_museums.csv")
HEADER = (
    "# Notable museums of Spain and Portugal as famous places (issue 40): OpenStreetMap's\n"
    "# tourism=museum linked to an encyclopedia, at OSM's point, by OSM's names. (c) OpenStreetMap\n"
    "# contributors, ODbL 1.0: this file is a derived database under the same licence. Written by\n"
    "# tools/build_osm_museums.py; see SOURCES.md.\n"
)
COUNTRIES = {"ES": "Spain", "PT": "Portugal"}
#: Words of Iberian (and English, French) museums' names that name no one museum.
_GENERIC_WORDS = (
    "the of and museum museums gallery art arts fine national house centre center history"
    " museo museos museu museus museoa de del la las el los y e i a o as os do da dos das d l"
    " en em al ao casa centro centre nacional municipal provincial regional arte artes bellas"
    " belas historia historico historica arqueologico arqueologica arqueologia etnografico"
    " etnologico etnografica ciencias ciencia naturales natural naturais contemporaneo"
    " contemporanea contemporani contemporania moderno moderna diocesano diocesana catedral"
    " catedralicio parroquial colegiata sacro sacra tesoro palacio palau palacio castillo"
    " castell castelo torre monasterio mosteiro convento coleccion colleccio colecao"
    " interpretacion interpretacio interpretacao sala exposicion exposicao fundacion fundacio"
    " fundacao memoria patrimonio etnografic etnologic municipal local comarcal romano romana"
    " musee museum ecomuseo ecomuseu ekomuseoa ecomuseum"
)
GENERIC = frozenset(_GENERIC_WORDS.split())
#: Spelling dictionaries: their lower-case words are ordinary words, not names (Debian's
#: wordlists packages, read at build time only).
DICTS = tuple(
    Path("/usr/share/dict") / n
    for n in ("spanish", "portuguese", "catalan", "french", "american-english")
)
#: German's words, its nouns too ("Musik"): the first part of a glued name only.
GERMAN = Path("/usr/share/dict/ngerman")
#: Museum words a name may glue after another word ("Photomuseum", "Musikmuseum").
_GLUED = ("museum", "museo", "museu", "musee")
_LANG = re.compile(r"^name:[a-z]{2,3}(-[A-Za-z]{2,4})?$")
_OTHER = ("official_name", "alt_name", "short_name")
#: A tag value that is a mapper's note or handle, not a name: "museoTysen",
#: "Bellas_Artes_San_Fernando", "...，免费" (a fullwidth comma).
_NOT_A_NAME = re.compile(r"_|，|^[a-z]\S*[A-Z]\S*$")


@functools.cache
def _ordinary() -> frozenset[str]:
    words: set[str] = set()
    for path in DICTS:
        text = path.read_text(encoding="utf-8", errors="replace")
        words |= {fold(w) for w in text.split() if w.islower()}
    return frozenset(words)


@functools.cache
def _german() -> frozenset[str]:
    return frozenset(fold(w) for w in GERMAN.read_text(encoding="utf-8").split())


def _words(name: str) -> list[str]:
    """The folded words of ``name``, an elided article apart ("d'Art" -> d, art)."""
    return fold(re.sub(r"[’'·.-]", " ", name)).split()


def _ordinary_word(word: str) -> bool:
    """Whether ``word`` is in a dictionary, or an ordinary word with a museum word glued after
    it ("Musikmuseum", "Photomuseum")."""
    end = next((g for g in _GLUED if word.endswith(g) and len(word) >= len(g) + 3), "")
    head = word[: -len(end)] if end else word
    return word in _ordinary() or (bool(end) and (head in _ordinary() or head in _german()))


def own_words(name: str) -> frozenset[str]:
    """The words of ``name`` besides :data:`GENERIC` ("Museo Picasso Málaga": picasso, malaga)."""
    return frozenset(w for w in _words(name) if w not in GENERIC)


def distinctive(name: str) -> bool:
    """Whether ``name`` holds a word besides :data:`GENERIC` that no dictionary lists in lower
    case or that is a town's name ("Museo Sorolla"; not "Museo de la Ciudad")."""
    from mapsnb_sandbox.world.cities import city_index

    own = [w for w in _words(name) if w not in GENERIC]
    return any(not _ordinary_word(w) or city_index().by_name.get(w) for w in own)


def names_of(tags: dict[str, str]) -> list[str]:
    """The names OSM gives a museum (see the module docstring), English first."""
    keys = ["name:en", "name", *sorted(k for k in tags if _LANG.match(k)), *_OTHER]
    out: list[str] = []
    for k in keys:
        for part in str(tags.get(k) or "").split(";"):
            plain = re.sub(r"\s*\([^)]*\)", "", re.sub(r"\s+", " ", part)).strip()
            if len(fold(plain)) >= 6 and plain not in out and not _NOT_A_NAME.search(plain):
                out.append(plain)
    return out


#: Languages whose common words the word lists of :data:`DICTS` hold: a name in another
#: language ("Musikmuseum", "国立考古博物馆") cannot be told distinctive by them.
DICT_LANGS = frozenset(("en", "es", "pt", "ca", "fr"))


def foreign(tags: dict[str, str]) -> frozenset[str]:
    """The names of ``tags`` only in a language outside :data:`DICT_LANGS` (not the local
    ``name``): given only with the museum's town (:func:`_given`)."""
    local = set(
        names_of({k: v for k, v in tags.items() if not _LANG.match(k) or k[5:7] in DICT_LANGS})
    )
    return frozenset(n for n in names_of(tags) if n not in local)


def _ring_centroid(ring: list[list[float]]) -> tuple[float, float, float]:
    """``(area, lat, lng)`` of a closed ring (the shoelace formula on degrees)."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(ring):
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) < 1e-14:
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        return 0.0, sum(ys) / len(ys), sum(xs) / len(xs)
    return abs(a) / 2, cy / (3 * a), cx / (3 * a)


def point_of(geom: dict[str, Any]) -> tuple[float, tuple[float, float]] | None:
    """``(area, (lat, lng))`` of a feature: a node's point, an outline's centroid (the largest
    part's), a line's middle vertex."""
    kind, coords = geom.get("type"), geom.get("coordinates")
    if kind == "Point":
        return 0.0, (coords[1], coords[0])
    if kind == "LineString":
        mid = coords[len(coords) // 2]
        return 0.0, (mid[1], mid[0])
    polys = [coords] if kind == "Polygon" else coords if kind == "MultiPolygon" else []
    best = max((_ring_centroid(p[0]) for p in polys if p and p[0]), default=None)
    return None if best is None else (best[0], (best[1], best[2]))


def linked(features: list[dict[str, Any]]) -> list[tuple[dict[str, str], tuple[float, float]]]:
    """One ``(tags, point)`` per encyclopedia item linked (see the module docstring)."""
    best: dict[str, tuple[float, dict[str, str], tuple[float, float]]] = {}
    for f in features:
        tags = f.get("properties") or {}
        item = tags.get("wikidata") or tags.get("wikipedia")
        got = point_of(f.get("geometry") or {})
        if not item or got is None or not names_of(tags):
            continue
        if item not in best or got[0] > best[item][0]:
            best[item] = (got[0], tags, got[1])
    return [(tags, at) for _, tags, at in best.values()]


@functools.cache
def _towns() -> tuple[Any, Any, Any, list[Any]]:
    import numpy as np

    from mapsnb_sandbox.world.cities import city_index

    towns = [c for c in city_index().cities if c.cc in COUNTRIES]
    lat = np.array([c.lat for c in towns])
    lng = np.array([c.lng for c in towns])
    pop = np.array([float(c.population) for c in towns])
    return lat, lng, pop, towns


def town_of(tags: dict[str, str], at: tuple[float, float]) -> tuple[str, str]:
    """``(town, country code)`` of a museum (see the module docstring)."""
    import numpy as np

    from mapsnb_sandbox.world.cities import city_index, shown_name

    idx = city_index()
    named = [idx.cities[i] for i in idx.by_name.get(fold(tags.get("addr:city", "")), ())]
    near = sorted((_km(at, (c.lat, c.lng)), c.name, c.cc) for c in named)
    if near and near[0][0] <= 30:
        return near[0][1], near[0][2]
    lat, lng, pop, towns = _towns()
    dy = (lat - at[0]) * 111.2
    dx = (lng - at[1]) * 111.2 * math.cos(math.radians(at[0]))
    km = np.hypot(dx, dy)
    reach = km <= 2 + 2 * np.sqrt(pop / 100_000)
    i = int(np.argmax(np.where(reach, pop, -1))) if reach.any() else int(np.argmin(km))
    return shown_name(towns[i].name, towns[i].cc), towns[i].cc


def _existing() -> dict[str, list[tuple[tuple[float, float], str]]]:
    """Folded names of the landmarks the emulator holds -> their points and keys."""
    from mapsnb_sandbox.world import landmarks as lm

    out: dict[str, list[tuple[tuple[float, float], str]]] = {}
    items = lm.load_famous(
        lm.HERITAGE_CSV, lm.load_famous(FAMOUS_CSV, lm.load_landmarks(lm.LANDMARKS_CSV))
    )
    items = lm.load_famous(lm.FR_MUSEUMS_CSV, lm.load_famous(lm.US_MUSEUMS_CSV, items))
    for item in items:
        for n in {fold(item.name), *map(fold, item.aliases), *item.keys}:
            for k in {n, n.removeprefix("the ")}:
                out.setdefault(k, []).append(((item.lat, item.lng), item.key))
    return out


Rivals = list[tuple[frozenset[str], tuple[float, float]]]


def _bare(name: str, at: tuple[float, float], town: set[str], rival: Rivals) -> bool:
    """Whether ``name`` is given bare: it holds its ``town``, or it is distinctive, its own
    words name no other town and no place 50+ km away bears them."""
    own = own_words(name)
    if not own or _town_or_country(fold(name)):
        return False
    if town and town <= set(_words(name)):
        return True
    return _own_name(name, at, town, rival)


def _own_name(name: str, at: tuple[float, float], town: set[str], rival: Rivals) -> bool:
    """Whether ``name`` names its museum without its town: distinctive, its own words naming
    no other town and borne by no place 50+ km away."""
    own = own_words(name)
    far = any(own <= o and _km(at, p) >= NAMESAKE_KM for o, p in rival)
    other_town = own != town and _town_or_country(" ".join(sorted(own, key=_words(name).index)))
    return distinctive(name) and not far and not other_town


def _given(
    names: list[str], at: tuple[float, float], city: str, rival: Rivals, other: frozenset[str]
) -> list[str]:
    """The names a new row gives (see the module docstring), each followed by its form with
    its town: the first is the English or local name, bare or with its town. A name of
    ``other`` (:func:`foreign`) only with its town: no word list tells whether it is a common
    name ("国立考古博物馆", National Archaeological Museum, Madrid's "of Spain" left out)."""
    town, given = set(_words(city)), []
    for n in names:
        if n not in other and _bare(n, at, town, rival):
            given.append(n)
        if own_words(n) and not town <= set(_words(n)):
            given.append(f"{n}, {city}")
    return list(dict.fromkeys(given))


def held_key(names: list[str], at: tuple[float, float], existing: dict[str, Any]) -> str | None:
    """The key of the landmark the world holds that is this museum (a name within 2 km)."""
    for n in names:
        for p, key in existing.get(fold(n), ()):
            if _km(at, p) <= SAME_KM:
                return str(key)
    return None


def alias_row(
    key: str, names: list[str], at: tuple[float, float], rival: Rivals
) -> dict[str, object]:
    """A row that only gives a held landmark the museum's other bare names."""
    joined = "|".join(n for n in names if _bare(n, at, set(), rival))
    return {"key": key, "whc": "", "names": joined, "keys": "|".join(famous_keys(key, joined))}


def branch(names: list[str], city: str, at: tuple[float, float], existing: dict[str, Any]) -> bool:
    """Whether a name without its town is a held landmark's 50 km or more away: a branch
    ("Centre Pompidou Málaga"), which would make the institution's own name (Paris's "Centre
    Pompidou") a name two places bear (``_LandmarkIndex.named_apart``)."""
    from mapsnb_sandbox.world.landmarks import AROUND
    from mapsnb_sandbox.world.names.town_words import town_head

    heads = {fold(h) for n in names if (h := town_head(n, city, AROUND))}
    return any(_km(at, p) >= NAMESAKE_KM for h in heads for p, _ in existing.get(h, ()))


def rows_of(features: list[dict[str, Any]]) -> list[dict[str, object]]:
    """The file's rows from the export's features (see the module docstring)."""
    existing = _existing()
    museums = [(t, at, names_of(t)) for t, at in linked(features)]
    rival: Rivals = [(own_words(k), p) for k, pts in existing.items() for p, _ in pts]
    rival += [(own_words(n), at) for _, at, names in museums for n in names]
    out: list[dict[str, object]] = []
    for tags, at, names in museums:
        held = held_key(names, at, existing)
        if held is not None:
            row = alias_row(held, names, at, rival)
            if row["names"]:
                out.append(row)
            continue
        city, cc = town_of(tags, at)
        if branch(names, city, at, existing):
            continue
        joined = "|".join(_given(names, at, city, rival, foreign(tags)))
        if not joined:
            continue
        key = f"osm-museum-{tags['@id'].replace('/', '-')}"
        out.append({
            "key": key, "whc": "", "kind": "museum", "city": city, "country": COUNTRIES[cc],
            "cc": cc, "lat": round(at[0], 5), "lng": round(at[1], 5), "names": joined,
            "keys": "|".join(famous_keys(key, joined)),
        })  # fmt: skip
    return out


def main(paths: list[str]) -> None:
    features: list[dict[str, Any]] = []
    for path in paths:
        features += json.loads(Path(path).read_text(encoding="utf-8"))["features"]
    rows = rows_of(features)
    write_famous(OUT, HEADER, rows)
    print(f"{len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
