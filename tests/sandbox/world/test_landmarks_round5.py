"""Issue 40, round 5 of famous places: museums and galleries the emulator does not know are
neither their town nor a kind search around a town read in their name; a kind and a town stay a
kind search; a word built on a town's name is no near spelling of it. Inputs are made up or real
places outside both landmark holdouts (``landmark_holdout.csv``, ``landmark_holdout2.csv``)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.kinds.reading import kind_and_town
from mapsnb_sandbox.world.landmarks import derived_word
from mapsnb_sandbox.world.resolver import UNKNOWN_LANDMARK, resolve


def _search(text: str) -> dict[str, object]:
    return Sandbox().call_tool("search_places", {"text_query": text})


@pytest.mark.parametrize(
    "text",
    [
        "Museum of Tin Soldiers, Brno",  # was Brno's point, LOW ("Museum of Fine Arts, Houston")
        "Museu Nacional de Belas Artes, Rio de Janeiro",  # Porto's Soares dos Reis is held now
        "Музей янтаря, Калининград",
    ],
)
def test_an_unknown_museum_in_a_town_is_not_its_town(text: str) -> None:
    assert resolve(text).how == UNKNOWN_LANDMARK


@pytest.mark.parametrize("text", ["Art Gallery of Manitoba", "Zorbelwick Museum"])
def test_a_search_for_an_unknown_museum_lists_no_kind_around_a_word_of_it(text: str) -> None:
    """ "Art Gallery of Ontario" was five galleries in Ontario, California (3,443 km);
    "Fitzwilliam Museum" museums in a Yorkshire village (185 km)."""
    out = _search(text)
    assert out["places"] == [], out["summary"]


@pytest.mark.parametrize(
    ("text", "kind"),
    [("museum Vienna", "museum"), ("Museo Sevilla", "museum"), ("art gallery Leeds", "galler"),
     ("музеи Казани", "museum")],
)  # fmt: skip
def test_a_kind_and_a_town_stay_a_kind_search(text: str, kind: str) -> None:
    out = _search(text)
    assert len(out["places"]) >= 2, out["summary"]  # type: ignore[arg-type]
    assert kind in str(out["summary"]).lower()


def test_kind_and_town_reads_only_a_kind_beside_the_town() -> None:
    def town(text: str) -> bool:
        return resolve(text, role="town").how in ("city", "form")

    assert kind_and_town("museum Vienna", "Vienna", is_town=town)
    assert kind_and_town("музеи Казани", None, is_town=town)
    assert not kind_and_town("Museum of Fine Arts, Vienna", "Vienna", is_town=town)
    assert not kind_and_town("Art Gallery of Manitoba", "Manitoba", is_town=town)


def test_a_word_built_on_a_town_name_is_no_misspelling_of_it() -> None:
    """ "Vittoriano" (Rome's monument) was Vittoria, Sicily, 577 km off."""
    assert derived_word("Wellingtonia", "Wellington")
    assert not derived_word("Lisbonn", "Lisbon")
    assert resolve("Wellingtonia").how == UNKNOWN_LANDMARK
    found = resolve("Lisbonn")
    assert found.place is not None and found.place.name == "Lisbon"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("متحف في القاهرة", "ar"),  # scripts without capitals: no "typed in lower case" test
        ("موزه در شیراز", "fa"),
        ("מוזיאון בתל אביב", "he"),
        ("巴黎博物馆", "zh"),  # glued: no words to strip the town from
        ("музеи Казани", "ru"),
    ],
)
def test_a_museum_kind_in_a_town_is_a_search_in_every_script(text: str, lang: str) -> None:
    """Museum words make unknown landmarks; a kind and a town in any script stay a search."""
    out = Sandbox().call_tool("search_places", {"text_query": text, "language_code": lang})
    assert len(out["places"]) >= 3, out["summary"]
