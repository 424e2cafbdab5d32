"""Every country's second-level units qualify a town (issue 40, round 26, h-units26): GeoNames'
admin2 of each town outside the five of ``data/admin2_towns.tsv.z`` (``data/admin2_world.tsv.z``,
``tools/build_admin2_world.py``), named also without their kind word ("Province of Palawan" ->
"Palawan"), decide between namesakes: the Philippines' provinces, Peru's provinces, Argentina's
departments, Czechia's okresy. On 80a4a1b "Roxas, Palawan" answered Isabela's Roxas (750 km),
"Concepción, Chicligasta" Chile's Concepción, "Chilca, Cañete" nothing. Truth: the towns'
Wikipedia coordinates. Türkiye's districts are not read: GeoNames' 2016 dump gives no admin2
there.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.names.provinces import units
from mapsnb_sandbox.world.names.qualifiers import regions
from mapsnb_sandbox.world.resolver import resolve
from tools.build_admin2_world import OUT, unit_names


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Roxas, Palawan", (10.3167, 119.3500)),  # not Isabela's Roxas
        ("Santa Cruz, Marinduque", (13.4667, 122.0333)),  # not Manila's district
        ("Pilar, Sorsogon", (12.9167, 123.6667)),
        ("Alcala, Cagayan", (17.9000, 121.6500)),
        ("Quezon, Bukidnon", (7.7333, 125.1000)),  # was LOW
        ("Santa Maria, Davao Occidental", (6.5500, 125.4667)),  # carved from Davao del Sur
        ("Monkayo, Compostela Valley", (7.8167, 126.0500)),
        ("San Miguel, La Mar", (-13.0167, -73.9833)),  # not El Salvador's
        ("Cocachacra, Huarochirí", (-11.9167, -76.5333)),  # not Arequipa's
        ("San Juan, Nazca, Peru", (-15.3500, -75.1667)),  # San Juan de Marcona
        ("Chilca, Cañete", (-12.5167, -76.7333)),
        ("La Unión, Dos de Mayo", (-9.8333, -76.8000)),
        ("Concepción, Chicligasta", (-27.3333, -65.5833)),  # Tucumán's, not Chile's
        ("Písek, Frýdek-Místek", (49.5500, 18.8000)),  # not the town of Písek
        ("Říčany, Brno-venkov", (49.2167, 16.4000)),  # not Prague's Říčany
    ],
)
def test_a_town_qualified_by_its_unit_is_that_town_medium(
    text: str, truth: tuple[float, float]
) -> None:
    place = resolve(text).place
    assert place is not None, text
    assert haversine_m(place.lat, place.lng, *truth) < 10_000, (place.address, text)
    assert place.confidence == "MEDIUM", (place.address, place.confidence)


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("school in Roxas, Palawan", (10.3167, 119.3500)),
        ("bank in Alcala, Cagayan", (17.9000, 121.6500)),
        ("bank in Chilca, Cañete", (-12.5167, -76.7333)),
        ("school in San Miguel, La Mar", (-13.0167, -73.9833)),
        ("school in Concepción, Chicligasta", (-27.3333, -65.5833)),
    ],
)
def test_a_search_in_a_town_of_a_unit_lists_around_that_town(
    text: str, truth: tuple[float, float]
) -> None:
    """A kind "in Town, Unit" listed nothing on 80a4a1b."""
    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    out = search_places({"text_query": text, "language_code": "en"}, ctx)
    assert out["places"], text
    loc = out["places"][0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], *truth) < 20_000, text


@pytest.mark.parametrize(
    "text",
    ["Vigan, Bohol", "Chiclayo, Huarochirí", "Tafí Viejo, Chicligasta", "Písek, Brno-venkov"],
)
def test_guard_a_unit_that_does_not_hold_the_town_confirms_none(text: str) -> None:
    """Guard (LOW on 80a4a1b, NOT_FOUND now): a unit that holds no town of the name confirms
    none: no MEDIUM answer."""
    place = resolve(text).place
    assert place is None or place.confidence == "LOW", (text, place)


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Manila, Philippines", (14.5995, 120.9842)),
        ("Lima, Peru", (-12.0464, -77.0428)),
        ("Cusco", (-13.5320, -71.9675)),
        ("Quezon City", (14.6760, 121.0437)),
        ("Kent, Washington", (47.3809, -122.2348)),
        ("Kadıköy, İstanbul", (40.9900, 29.0300)),
    ],
)
def test_guard_a_unit_named_as_a_town_leaves_the_town_its_name(
    text: str, truth: tuple[float, float]
) -> None:
    """Guard (as on 80a4a1b): the units' names without their kind word ("lima", "manila",
    "kent") take no town's or region's place."""
    place = resolve(text).place
    assert place is not None, text
    assert haversine_m(place.lat, place.lng, *truth) < 15_000, (place.address, text)


def test_units_are_named_without_their_kind_word_and_hold_their_towns() -> None:
    """Membership, not a box: Palawan's Roxas is Palawan's, Isabela's is not."""
    table = units()
    assert any(k.startswith("PH:") for k in table.names["palawan"])
    assert any(k.startswith("PE:") for k in table.names["huarochiri"])
    idx = city_index()
    roxas = [idx.cities[j] for j in idx.by_name.get("roxas", ()) if idx.cities[j].cc == "PH"]
    held = [c for c in roxas if regions().holds("palawan", c)]
    assert held and all(c.lng < 120 for c in held)
    assert any(not regions().holds("palawan", c) for c in roxas)


def test_unit_names_drop_kind_words_but_keep_no_ordinary_word() -> None:
    assert unit_names("province of palawan", set()) == {"province of palawan", "palawan"}
    assert unit_names("north district", set()) == {"north district"}
    assert unit_names("provincia de peru", {"peru"}) == {"provincia de peru"}
    assert "kent" in unit_names("kent county", set())


def test_the_table_stays_small() -> None:
    assert OUT.stat().st_size < 1_000_000


def test_guard_every_unit_table_is_what_the_one_row_encoder_writes() -> None:
    """Guard (round 27, h-units27: the three builders' row code made one, ``unit_row``): every
    row of ``admin2_towns``, ``admin2_world`` and ``de_at_districts`` decodes, as
    ``provinces.units`` reads it, to towns of the index whose box and base-36 gids
    ``build_admin2_towns.unit_row`` writes back to the same row."""
    import zlib

    from tools.build_admin2_towns import unit_row

    where = {c.geonameid: (c.lat, c.lng) for c in city_index().cities}
    for name in ("admin2_towns", "admin2_world", "de_at_districts"):
        table = zlib.decompress((OUT.parent / f"{name}.tsv.z").read_bytes()).decode("utf-8")
        for line in table.splitlines():
            key, names, *_, towns = line.split("\t")
            gids, gid = [], 0
            for delta in towns.split():
                gid += int(delta, 36)
                gids.append(gid)
            pts = [(g, *where[g]) for g in gids]
            assert unit_row(key, names.split("|") if names else (), pts) == line, (name, key)


def test_the_builder_reads_its_declared_towns_not_every_appended_table() -> None:
    """``tools/build_admin2_world.py`` lists the GeoNames index's towns and the rows of the
    tables it declares (districts, South Korea's seats), not Türkiye's seats appended since round
    27: on 5e4698b it read the live index, and a rebuild put six seats into six Turkish units,
    no longer byte-identical to the committed table."""
    from mapsnb_sandbox.world.names.districts import TR_SEATS, is_added
    from tools.build_admin2_world import APPENDED, index_towns

    tr = {
        int(x.split("\t", 1)[0])
        for x in TR_SEATS.read_text("utf-8").splitlines()
        if x[:1].isdigit()
    }
    towns = {c.geonameid for c in index_towns()}
    assert tr and not towns & tr
    assert TR_SEATS not in APPENDED
    added = {c.geonameid for c in city_index().cities if is_added(c.geonameid)}
    assert len(towns & added) > 4000  # the districts and seats it was built with stay
