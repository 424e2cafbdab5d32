"""Ukraine's towns and oblasts by the national romanization of 2010 (issue 40, round 31):
``tools/ukrainian_town_names.py`` adds each Ukrainian town's KMU-2010 name to
``data/town_names.tsv.z`` ("Tiachiv" of GeoNames' Tyachiv), ``tools/ukraine_oblast_names.py`` the
oblasts' to ``data/regions.tsv.z`` ("Zaporizhzhia", and "Kyiv" for Kyiv oblast, around the city
of Kyiv, a unit of its own). None of these towns is asked by ``tests/data/names_holdout15.csv``."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve
from tools.ukrainian_town_names import kmu, ukrainian_name

#: The resolution's own examples (Resolution No. 55 of 27 January 2010, its table's column 4).
RESOLUTION = {
    "Алушта": "Alushta",
    "Борщагівка": "Borshchahivka",
    "Згорани": "Zghorany",
    "Розгон": "Rozghon",
    "Єнакієве": "Yenakiieve",
    "Гайворон": "Haivoron",
    "Їжакевич": "Yizhakevych",
    "Кадиївка": "Kadyivka",
    "Мар'їне": "Marine",
    "Йосипівка": "Yosypivka",
    "Стрий": "Stryi",
    "Олексій": "Oleksii",
    "Юрій": "Yurii",
    "Костянтин": "Kostiantyn",
    "Знам'янка": "Znamianka",
    "Феодосія": "Feodosiia",
    "Ярошенко": "Yaroshenko",
    "Ґорґани": "Gorgany",
}


@pytest.mark.parametrize("cyrillic", sorted(RESOLUTION))
def test_the_table_writes_the_resolutions_examples(cyrillic: str) -> None:
    assert kmu(cyrillic) == RESOLUTION[cyrillic]


def test_the_ukrainian_name_is_the_one_geonames_romanized() -> None:
    """Of "Ізюм" (Ukrainian) and "Изюм" (Russian), the one whose older romanization is Izyum."""
    town = {"name": "Izyum", "alternatenames": ["Изюм", "Изјум", "Ізюм", "Izium"]}
    assert ukrainian_name(town) == "Ізюм"
    assert ukrainian_name({"name": "Izyum", "alternatenames": ["Изюм"]}) == ""  # Russian и-ю


def test_a_town_geonames_names_in_russian_gets_its_ukrainian_name() -> None:
    """Crimea's villages: "Amurskoye" beside "Амурское" (Russian, -ое) and "Амурське"."""
    town = {"name": "Amurskoye", "alternatenames": ["Амурское", "Амурське", "Алаба́ш-Конра́т"]}
    assert ukrainian_name(town) == "Амурське"
    assert kmu(ukrainian_name(town)) == "Amurske"
    # no Russian sibling nor Ukrainian letter: "Кольчугино" is not read as Ukrainian
    assert ukrainian_name({"name": "Kolchugino", "alternatenames": ["Кольчугино"]}) == ""
    # a district ("... район") or a former name unlike the own one is no name of the town
    far = {"name": "Zelenyi Pid", "alternatenames": ["Червоний Перекоп", "Зелене Поле"]}
    assert ukrainian_name(far) == ""


#: Towns by their KMU-2010 names -> (GeoNames' name, a point of the town).
TOWNS = {
    "Chuhuiv": ("Chuhuyiv", 49.84, 36.69),
    "Pyriatyn, Poltava": ("Pyryatyn", 50.24, 32.52),
    "Haisyn, Ukraine": ("Haysyn", 48.81, 29.38),
    "Tiachiv, Zakarpattia": ("Tyachiv", 48.01, 23.57),
    "Koriukivka, Chernihiv": ("Koryukivka", 51.77, 32.25),
    "Vilniansk, Zaporizhzhia": ("Vilnyansk", 47.95, 35.44),
    "Shtormove, Ukraine": ("Shtormovoye", 45.27, 33.09),  # GeoNames' Russian name
    "Zemlianychne, Ukraine": ("Zemlyanichnoye", 44.97, 34.84),
}


@pytest.mark.parametrize("text", sorted(TOWNS))
def test_a_town_is_found_by_its_national_romanization(text: str) -> None:
    name, lat, lng = TOWNS[text]
    r = resolve(text)
    assert r.place is not None and r.place.city == name, (text, r.place)
    assert haversine_m(r.place.lat, r.place.lng, lat, lng) < 10_000, (text, r.place)
    assert r.place.confidence in ("MEDIUM", "HIGH"), (text, r.place)


#: Towns of Kyiv oblast (not of the city of Kyiv) 30 km or more from the city -> their point.
KYIV_OBLAST = {"Fastiv, Kyiv": (50.08, 29.92), "Fastiv, Kyiv Oblast": (50.08, 29.92)}


@pytest.mark.parametrize("text", sorted(KYIV_OBLAST))
def test_kyiv_names_the_oblast_around_its_centre(text: str) -> None:
    lat, lng = KYIV_OBLAST[text]
    r = resolve(text).place
    assert r is not None and haversine_m(r.lat, r.lng, lat, lng) < 10_000, (text, r)


def test_kyiv_alone_is_still_the_city() -> None:
    r = resolve("Kyiv, Ukraine").place
    assert r is not None and haversine_m(r.lat, r.lng, 50.45, 30.52) < 10_000, r
