"""Issue 40: France's "Musées de France" (the Ministry of Culture's list, ``data/fr_museums.csv``,
``tools/build_fr_museums.py``) are found by their own names at their real point; a name of
common words only ("Musée des Beaux-Arts") or one that museums far apart bear ("Musée
Picasso": Antibes' and Paris's) names none of them unless its town is given, and a town's name
stays the town. The museums here are outside the landmark holdouts
(``tests/data/landmark_holdout*.csv``) and our landmark corpus; their truth is each one's
Wikipedia article's coordinates (rounded to 4 decimals, typed for this test), not the National
Address Base's point of its address that the emulator reads."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.landmarks import FR_MUSEUMS_CSV
from mapsnb_sandbox.world.resolver import resolve

#: name -> (lat, lng) from the museum's Wikipedia article.
_WIKIPEDIA = {
    "Musée Fabre": (43.6117, 3.8817),
    "Musée d'Unterlinden": (48.0797, 7.3556),
    "Musée Rolin": (46.9458, 4.2994),
    "Musée Bonnat-Helleu": (43.4917, -1.4733),
    "Palais des Beaux-Arts de Lille": (50.6306, 3.0628),
}
_TOWNS = {"Musée Fabre": "Montpellier", "Musée d'Unterlinden": "Colmar", "Musée Rolin": "Autun"}
_TOWNS |= {"Palais des Beaux-Arts de Lille": "Lille"}
_TOLERANCE_M = 2_000


@pytest.mark.parametrize(("name", "truth"), list(_WIKIPEDIA.items()))
def test_a_musee_de_france_is_found_at_its_point(name: str, truth: tuple[float, float]) -> None:
    """The museum by its name, HIGH; its town's name stays the town."""
    found = resolve(name)
    assert found.place is not None, found.reason
    assert found.confidence == "HIGH"
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M
    town = resolve(_TOWNS.get(name, "Bayonne")).place
    assert town is not None and town.kind == "locality"


def test_a_search_lists_the_museum_first() -> None:
    out = Sandbox().call_tool("search_places", {"text_query": "Musée Fabre"})
    loc = out["places"][0]["location"]  # type: ignore[index]
    assert haversine_m(loc["latitude"], loc["longitude"], *_WIKIPEDIA["Musée Fabre"]) < 2_000


@pytest.mark.parametrize(
    ("bare", "qualified", "truth"),
    [
        ("Musée des Beaux-Arts", "Musée des Beaux-Arts de Lyon", (45.7669, 4.8336)),
        ("Musée des Beaux-Arts", "Musée des Beaux-Arts, Rouen", (49.4453, 1.0942)),
        ("Musée Picasso", "Musée Picasso, Antibes", (43.5808, 7.1286)),  # and Paris's
    ],
)
def test_a_shared_name_is_found_only_with_its_town(
    bare: str, qualified: str, truth: tuple[float, float]
) -> None:
    """A bare name of common words, or one museums far apart bear, names no museum:
    NOT_FOUND, never one far off."""
    assert not resolve(bare).found
    found = resolve(qualified)
    assert found.place is not None, found.reason
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M


def test_a_part_of_a_name_that_names_a_town_stays_the_town() -> None:
    """ "Sèvres - Cité de la Céramique": "Sèvres" alone is the town, the museum is "Cité de la
    Céramique, Sèvres" (Sèvres' Wikipedia point, the museum in the town)."""
    town = resolve("Sèvres").place
    assert town is not None and town.kind == "locality"
    found = resolve("Cité de la Céramique, Sèvres").place
    assert found is not None and found.kind != "locality"
    assert haversine_m(found.lat, found.lng, 48.8239, 2.2117) < _TOLERANCE_M


def test_the_file_says_its_source_and_stays_small() -> None:
    text = FR_MUSEUMS_CSV.read_text(encoding="utf-8")
    assert "Musées de France" in text.splitlines()[0] and "Licence Ouverte" in text
    assert 500 < text.count("\nfr-museum-") < 2_000
    assert len(text.encode()) < 1_000_000
