"""A French compound written with spaces reads as the hyphenated one (issue 40, round 26,
h-qualif26): a connector of France's compound names ("en", "aux", "sur", "lès" ...; French words
of ``data/name_connectors.txt`` that French town names hold more often than all others together)
between two capitalised words joins them as a hyphen does, so a town read from the words after
it is a part of a name the index lacks, no answer ("Montreuil En Caux, France" was Caux, 707 km
off; "La Chapelle Aux Saints, France" Saints, 432 km). A compound the index holds stays its town.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.names.forms import compound_joins
from mapsnb_sandbox.world.resolver import resolve


def _answer(text: str) -> tuple[str, str] | None:
    place = resolve(text).place
    return None if place is None else (place.place_id, place.confidence)


@pytest.mark.parametrize(
    ("spaced", "hyphenated"),
    [
        ("Montreuil En Caux, France", "Montreuil-en-Caux, France"),
        ("Montreuil en Caux, France", "Montreuil-en-Caux, France"),
        ("La Chapelle Aux Saints, France", "La Chapelle-aux-Saints, France"),
        ("La Chapelle aux Saints, France", "La Chapelle-aux-Saints, France"),
        ("Lixing Les Saint Avold, France", "Lixing-lès-Saint-Avold, France"),
        ("Wœlfling Les Sarreguemines, France", "Wœlfling-lès-Sarreguemines, France"),
    ],
)
def test_a_spaced_compound_reads_as_the_hyphenated_one(spaced: str, hyphenated: str) -> None:
    assert _answer(spaced) == _answer(hyphenated), spaced


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Boulogne Sur Mer, France", "Boulogne-sur-Mer"),
        ("Aix En Provence, France", "Aix-en-Provence"),
        ("Fontenay Sous Bois, France", "Fontenay-sous-Bois"),
        ("Neuville Aux Bois, France", "Neuville-aux-Bois"),
    ],
)
def test_a_compound_the_index_holds_stays_its_town(text: str, name: str) -> None:  # guard
    place = resolve(text).place
    assert place is not None and place.name == name, (text, place)


def test_the_joining_connectors_are_the_names_own() -> None:  # guard
    joins = compound_joins()
    assert {"en", "aux", "sur", "les", "sous"} <= joins
    assert not {"avec", "pour", "dans", "chez"} & joins  # French words, no name's
    assert not {"de", "la"} & joins  # Spain's, Portugal's, Italy's names hold them more
