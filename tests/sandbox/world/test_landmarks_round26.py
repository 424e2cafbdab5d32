"""Round 26 of landmarks (h-landmarks26): the fourth landmark holdout (volcanoes, the
Smithsonian's Global Volcanism Program) and its builder, and a big island as a bare name's first
meaning over a small town elsewhere ("New Britain")."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve

HOLDOUT4 = Path(__file__).resolve().parents[2] / "data" / "landmark_holdout4.csv"


def _row(number: str, name: str, **kw: str) -> dict[str, str]:
    row = {"volcano_number": number, "volcano_name": name, "country": "Testland",
           "volcano_landform": "Composite", "primary_volcano_type": "Stratovolcano",
           "last_known_eruption": "1990 CE", "latitude": "1.5", "longitude": "2.25"}  # fmt: skip
    return {**row, **kw}


def test_the_fourth_holdout_builder_selects_names_and_tolerates_by_landform() -> None:
    """``tools/build_landmark_holdout4.py`` on made-up rows: an inverted name is turned round,
    an old, a submarine or an unnamed volcano is left out, a country's name is not asked bare,
    a field is tolerated 30 km, the hotel searches take the languages in turn."""
    from tools.build_landmark_holdout4 import SEARCHES, clean_name, rows_of

    assert clean_name("Fournaise, Piton de la") == "Piton de la Fournaise"
    assert clean_name("Sashiusudake [Baransky]") == "Sashiusudake"
    rows = rows_of([
        _row("1", "Lengai, Ol Doinyo"),
        _row("2", "Oldie", last_known_eruption="1750 CE"),
        _row("3", "Deep One", primary_volcano_type="Submarine"),
        _row("4", "Unnamed"),
        _row("5", "Testland"),
        _row("6", "Field", volcano_landform="Cluster"),
    ])  # fmt: skip
    queries = [(r["qid"], r["kind"], r["lang"], r["query"], r["tol_km"]) for r in rows]
    assert queries == [
        ("gvp.1", "bare", "en", "Ol Doinyo Lengai", "10"),
        ("gvp.1", "volcano", "en", "Ol Doinyo Lengai volcano", "10"),
        ("gvp.1", "search", SEARCHES[0][0], SEARCHES[0][1].format("Ol Doinyo Lengai"), "10"),
        ("gvp.5", "volcano", "en", "Testland volcano", "10"),
        ("gvp.6", "bare", "en", "Field", "30"),
        ("gvp.6", "volcano", "en", "Field volcano", "30"),
        ("gvp.6", "search", SEARCHES[2][0], SEARCHES[2][1].format("Field"), "30"),
    ]


def test_the_fourth_holdout_file() -> None:
    """The committed holdout: 200-420 volcanoes, the four forms, several languages, points on
    the globe, the landform tolerances, no query asked twice for one volcano."""
    with HOLDOUT4.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    volcanoes = {r["qid"] for r in rows}
    assert 200 <= len(volcanoes) <= 420
    assert {r["kind"] for r in rows} == {"bare", "volcano", "search", "native"}
    assert len({r["lang"] for r in rows}) >= 12
    assert {r["tol_km"] for r in rows} <= {"10", "20", "30"}
    assert all(-90 <= float(r["lat"]) <= 90 and -180 <= float(r["lng"]) <= 180 for r in rows)
    assert len({(r["qid"], r["query"]) for r in rows}) == len(rows)


def test_the_fourth_holdout_with_the_word_volcano_is_placed_nowhere_50_km_off() -> None:
    """Guard (passes on START): "<name> volcano" names no town; no answer of ``resolve_names``
    50 km or more from the volcano (NOT_FOUND, as the world holds few volcanoes)."""
    from tests.sandbox.world.landmarks_eval import answers_resolve, one_source_namesake

    with HOLDOUT4.open(encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(line for line in fh if not line.startswith("#"))]
    rows = [r for r in rows if r["kind"] == "volcano"]
    answers = answers_resolve([r["query"] for r in rows])
    far = [
        r["query"]
        for r, a in zip(rows, answers, strict=True)
        if a is not None
        and haversine_m(a[0], a[1], float(r["lat"]), float(r["lng"])) >= 50_000
        and not one_source_namesake(r["query"])  # round 27: a LOW namesake volcano
    ]
    assert far == []


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("New Britain", -4.34, 152.27),  # Papua New Guinea's island, not Connecticut's town
        ("Labrador", 59.4, -64.1),  # Canada's, not a suburb of the Gold Coast
    ],
)
def test_a_big_island_is_a_bare_names_first_meaning_over_a_small_town_elsewhere(
    text: str, lat: float, lng: float
) -> None:
    """An island of 10,000 km² or more answers its bare name before a LOW town elsewhere of
    under 100,000 people, whatever few people its towns in the index count."""
    p = resolve(text).place
    assert p is not None and p.kind == "natural_feature"
    assert haversine_m(p.lat, p.lng, lat, lng) < 50_000


@pytest.mark.parametrize(
    "text", ["New Britain, CT", "New Britain, Connecticut", "Santiago", "Victoria Island"]
)
def test_a_qualified_or_bigger_town_keeps_its_name(text: str) -> None:
    """Guard: a qualified town, a town bigger than the bar ("Santiago") and a small island's
    namesake ("Victoria Island": Lagos's, the table's island is under the size) stay towns."""
    p = resolve(text).place
    assert p is not None and p.kind == "locality"


def test_a_near_spelling_keeps_the_texts_feature_words() -> None:
    """A misspelt town's name keeps a mountain's or range's word the text holds (or a word it
    opens: "mont" of "Monte"), so "Sierra Negra" (a Galápagos volcano) is no Serra Negra."""
    from mapsnb_sandbox.world.landmarks import keeps_feature_words

    assert not keeps_feature_words("sierra negra", "serra negra")
    assert keeps_feature_words("mont carlo", "monte carlo")
    assert keeps_feature_words("lake charls", "lake charles")
    assert keeps_feature_words("lisbonn", "lisbon")


def test_a_mountain_word_is_not_misspelt_into_a_far_town() -> None:
    """ "Sierra Negra" and a hotel search near it are placed nowhere far (they were Serra Negra,
    Brazil, 5,379 km from the volcano; since round 27 the volcano table holds the Galápagos
    volcano itself, LOW)."""
    with HOLDOUT4.open(encoding="utf-8") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        truth = next(
            (float(r["lat"]), float(r["lng"])) for r in rows if r["query"] == "Sierra Negra"
        )
    for text in ("Sierra Negra", "hotels in de buurt van Sierra Negra"):
        p = resolve(text).place
        assert p is None or haversine_m(p.lat, p.lng, *truth) < 50_000, text


@pytest.mark.parametrize(
    ("text", "town"), [("Lake Charls", "Lake Charles"), ("Mont Carlo", "Monte-Carlo")]
)
def test_a_misspelt_town_with_its_feature_word_stays_found(text: str, town: str) -> None:
    """Guard: a near spelling that keeps the feature word still finds the town."""
    p = resolve(text).place
    assert p is not None and p.name == town


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Cotopaxi volcano", "Cotopaxi"),
        ("Etna volcano", "Mount Etna"),
        ("Vulkan Ätna", "Mount Etna"),
        ("volcan Vésuve", "Mount Vesuvius"),
        ("Kilimanjaro mountain", "Mount Kilimanjaro"),
    ],
)
def test_a_famous_mountain_asked_with_a_feature_word_is_found(text: str, name: str) -> None:
    """A famous mountain, volcano or lake (a ``park`` or ``lake`` row) is found by one of its
    names and a natural feature's word of any language around it (they were NOT_FOUND)."""
    p = resolve(text).place
    assert p is not None and p.name == name


@pytest.mark.parametrize("text", ["Rome volcano", "Paris lake"])
def test_a_town_with_a_feature_word_is_still_no_place(text: str) -> None:
    """Guard: a feature word after a town's name names no famous place (a feature named after
    a town lies anywhere around it)."""
    assert resolve(text).place is None
