"""Names round 10 (issue 40): a bare name that a small town bears and a far bigger one is called.

The resolver ranks a town's own name before another town's other name, so a bare "Marsella"
(Spanish for Marseille) was Marsella, Colombia (LOW). When the LOW town has under 100,000
people and a town twenty times bigger (the resolver's ``ALT_FACTOR``), 50+ km away, is called
so too by one of its GeoNames other names, no town is surely meant: NOT_FOUND
(:func:`mapsnb_sandbox.world.names.namesakes.bigger_namesake`). A qualifier, a bias (a route's
other end), a town of 100,000+, a bigger town's own name or a rival less than twenty times
bigger keeps the answer.

Inputs are towns outside every corpus and holdout.
"""

from __future__ import annotations

from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve


def test_small_town_named_like_a_big_city_is_not_guessed() -> None:
    got = resolve("Marsella")
    assert got.how == NOT_FOUND and got.place is None
    assert "Marseille" in got.reason


def test_a_qualifier_names_the_small_town() -> None:
    for text in ("Marsella, Colombia", "Marsella, Risaralda"):
        got = resolve(text).place
        assert got is not None and (got.name, got.country_code) == ("Marsella", "CO")


def test_the_big_city_by_its_name_and_big_own_names_stay() -> None:
    got = resolve("Marseille").place
    assert got is not None and got.country_code == "FR"
    dili = resolve("Dili").place  # 150,000 people: its own name, though Delhi is called so too
    assert dili is not None and dili.country_code == "TL"


def test_a_rival_less_than_twenty_times_bigger_does_not_weigh() -> None:
    # Venice (51,298 people in GeoNames) is not twenty times Venecia, Colombia
    got = resolve("Venecia").place
    assert got is not None and (got.country_code, got.confidence) == ("CO", "LOW")


def test_a_bias_or_the_bigger_towns_own_name_keeps_the_namesake() -> None:
    near = resolve("Marsella", bias=(4.94, -75.74)).place  # near Pereira, Risaralda
    assert near is not None and (near.name, near.country_code) == ("Marsella", "CO")
    got = resolve("Kudus").place  # Jerusalem's names fold to it, but 10.5 times is no 20
    assert got is not None and got.country_code == "ID"
