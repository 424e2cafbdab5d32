"""Words that qualify a kind before it (found as a new user would, 2026-12-05): "24 hour
pharmacy Paris", "kid friendly restaurants Rome", "wheelchair accessible museum London",
"rooftop bar Bangkok", "dog friendly cafe Melbourne" read no kind (the words before the kind
were taken for a place); they now qualify it, as "best" and "cheap" did (`kind_qualities` of
``data/query_words.json``); a kind whose own name holds such a word keeps it ("dog park").

After a kind, as Romance, German and Slavic queries put them ("hotel barato Madrid", "Apotheke
geöffnet Berlin", "аптека круглосуточная Москва"), or at a query's end ("pharmacy London open
now"), the qualities were read as part of the town ("No hotels found: no town called 'barato
Madrid'"); glued before a kind in a script without spaces ("東京の安いホテル") they were part
of the town too. A quality word that is part of a town's name stays ("Nuevo Laredo").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

Search = Callable[[str], tuple[int, str]]  # the ``search`` fixture of conftest.py


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("24 hour pharmacy Lisbon", "pharmacies", "Lisbon"),
        ("24/7 pharmacy Warsaw", "pharmacies", "Warsaw"),
        ("family friendly restaurants Porto", "restaurants", "Porto"),
        ("wheelchair accessible museums Vienna", "museums", "Vienna"),
        ("rooftop bar Istanbul", "bars", "Istanbul"),
        ("pet friendly hotel Denver", "hotels", "Denver"),
        ("halal restaurant Seoul", "restaurants", "Seoul"),
    ],
)
def test_a_quality_before_a_kind_qualifies_it(
    search: Search, text: str, kind: str, town: str
) -> None:
    _assert_lists(search, text, kind, town)


@pytest.mark.parametrize(("text", "kind"), [("dog park Portland", "dog parks")])
def test_a_kind_named_with_such_a_word_keeps_it(search: Search, text: str, kind: str) -> None:
    _, summary = search(text)
    assert kind in summary, summary


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("hostal barato Sevilla", "hostels", "Sevilla"),
        ("farmacia de turno Valparaíso", "pharmacies", "Valparaíso"),
        ("Tankstelle geöffnet München", "gas stations", "München"),
        ("boulangerie ouverte Marseille", "bakeries", "Marseille"),
        ("ristorante economico Milano", "restaurants", "Milano"),
        ("supermercado aberto Curitiba", "supermarkets", "Curitiba"),
        ("apteka dyżurna Kraków", "pharmacies", "Kraków"),
        ("аптека дежурная Казань", "pharmacies", "Kazan"),
        ("eczane açık İzmir", "pharmacies", "İzmir"),
        ("Hamburg Apotheke geöffnet", "pharmacies", "Hamburg"),
        ("Toulouse hôtel pas cher", "hotels", "Toulouse"),
        ("bakery Leeds open now", "bakeries", "Leeds"),
        ("大阪の安いホテル", "hotels", "Osaka"),
    ],
)
def test_a_quality_after_a_kind_or_at_the_end_qualifies_it(
    search: Search, text: str, kind: str, town: str
) -> None:
    _assert_lists(search, text, kind, town)


@pytest.mark.parametrize(
    ("text", "town"),
    [("hoteles Nuevo Laredo", "Nuevo Laredo"), ("hotels New Orleans", "New Orleans"),
     ("hotel Best", "Best")],
)  # fmt: skip
def test_a_quality_word_of_a_towns_name_stays(search: Search, text: str, town: str) -> None:
    n, summary = search(text)
    assert n >= 3 and town in summary, summary


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("부산 저렴한 호텔", "hotels", "Busan"),
        ("广州 24小时 药店", "pharmacies", "Guangzhou"),
        ("मुंबई में सस्ते होटल", "hotels", "Mumbai"),
        ("Chicago cheap hotels", "hotels", "Chicago"),
        ("billigt hotell Malmö", "hotels", "Malmö"),
        ("tanio hotel Poznań", "hotels", "Poznań"),
    ],
)
def test_a_quality_between_a_town_and_its_kind_or_named_a_kind_by_id_qualifies(
    search: Search, text: str, kind: str, town: str
) -> None:
    """A quality between the town and the kind ("Seoul cheap hotel") was read as part of the
    town; a quality that iD also gives as a kind's search term ("billigt", cheap, of a discount
    store; "tanio", cheaply, of a beauty salon) was read as that kind."""
    _assert_lists(search, text, kind, town)


def _assert_lists(search: Search, text: str, kind: str, town: str) -> None:
    """The search lists three places or more and says the kind and the town."""
    n, summary = search(text)
    assert n >= 3, summary
    assert kind in summary and town in summary, summary
