"""Round 27, lead: a capitalised article before a town's name names another place.

"La Miranda, Colombia" (a village) was Miranda, Colombia, MEDIUM, 366 km off; "La Granada,
Colombia" Granada, 460 km (the twelfth holdout, DANE's points). The article was read as a filler
word beside the town. Now the town is at most LOW. Cases are drawn from the index: towns of
Spanish-, French- and Italian-speaking countries whose name has one word and that no town is
called with the article. Guards: towns whose own name opens with the article stay confident.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.resolver import resolve
from mapsnb_sandbox.world.towns import named_ids

#: Country, its name in the query, its article.
COUNTRIES = {"CO": ("Colombia", "La"), "MX": ("Mexico", "El"), "FR": ("France", "Le"),
             "IT": ("Italy", "La"), "ES": ("Spain", "Los")}  # fmt: skip


def _drawn(cc: str, article: str, n: int = 6) -> list[str]:
    """``n`` one-word towns of ``cc`` with 20,000+ people that no town names with ``article``."""
    idx = city_index()
    towns = sorted(
        (c for c in idx.cities if c.cc == cc and c.population >= 20_000 and " " not in c.name
         and c.name.isalpha() and not named_ids(idx, f"{article} {c.name}".lower())),
        key=lambda c: -c.population,
    )  # fmt: skip
    return [c.name for c in towns[3 : 3 + 4 * n : 4]]


CASES = [(cc, name) for cc, (_, art) in COUNTRIES.items() for name in _drawn(cc, art)]


@pytest.mark.parametrize(("cc", "name"), CASES)
def test_an_article_before_a_towns_name_is_no_confident_town(cc: str, name: str) -> None:
    country, article = COUNTRIES[cc]
    text = f"{article} {name}, {country}"
    place = resolve(text).place
    confident = place is not None and place.confidence in ("MEDIUM", "HIGH")
    assert not confident or place.name != name, (text, place)


@pytest.mark.parametrize(
    "text", ["La Rochelle, France", "Le Havre, France", "La Plata, Argentina", "Los Mochis, Mexico",
             "El Tigre, Venezuela", "La Paz, Mexico", "Le Mans", "the Hague"],
)  # fmt: skip
def test_guard_a_name_that_opens_with_its_article_stays_confident(text: str) -> None:
    place = resolve(text).place
    assert place is not None and place.confidence in ("MEDIUM", "HIGH"), (text, place)
