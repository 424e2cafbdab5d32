"""Issue 40's independent holdout: the UNESCO World Heritage List (``tests/data/landmark_holdout.csv``,
written by ``tools/build_landmark_holdout.py`` from ``whc-sites-2019.xls``, CC BY-SA 3.0 IGO),
which the emulator does not read (it reads the list's own export, ``heritage_sites.csv``: the
holdout's points and names are the same list's, so only its third withheld on request is
independent). ``bench_landmarks.py --corpus holdout [--withhold]`` prints all of it; this test
scores a fixed sample through ``resolve_names`` and ``search_places``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from mapsnb_sandbox.world.resolver import NOT_FOUND
from tests.sandbox.world.landmarks_eval import evaluate_holdout, holdout_queries
from tests.sandbox.world.withheld import WithheldWorld


@pytest.fixture(scope="module")
def withheld() -> Iterator[WithheldWorld]:
    """The emulator without the held-out third of the list (the places these tests ask for as
    landmarks it does not know), in a child process."""
    world = WithheldWorld()
    yield world
    world.close()


#: On the sample (every 17th query, 151) when this test was written, through resolve_names: 100
#: located (86 of properties in heritage_sites.csv, 14 of famous_places.csv), 50 not found (42 of
#: them held out), 1 placed elsewhere (Rila Monastery, 5 km from the list's rough point; the
#: emulator's is Wikipedia's); before this work: 27 located, 6 elsewhere. Through search_places:
#: 101 located, 2 elsewhere (Rila, and invented places of an unknown kind "Kujataa" in
#: Greenland); before: 6 elsewhere.
MIN_LOCATED = 0.6
MAX_ELSEWHERE = {"resolve": 1, "search": 2}


def test_the_holdout_is_the_whole_list_and_independent() -> None:
    items = holdout_queries()
    assert len({q.whc for q in items}) >= 1000  # every property but transboundary ones
    assert Counter(q.lang for q in items).keys() == {"en", "fr"}
    assert Counter(q.form for q in items).keys() == {"official", "short"}
    assert min(q.lat for q in items) < -40 and max(q.lat for q in items) > 60
    assert all(q.tol_km >= 2 for q in items)
    assert all(q.tol_km >= 50 for q in items if q.serial)


@pytest.mark.parametrize("via", ["resolve", "search"])
def test_a_fixed_sample_is_located_or_not_found_hardly_ever_elsewhere(via: str) -> None:
    sample = holdout_queries()[::17]
    score = evaluate_holdout(sample, via=via)
    total = score.total()
    n = sum(total.values())
    print(f"holdout sample through {via}: {dict(total)} of {n}; {score.by}")
    assert n >= 150
    assert total["located"] / n >= MIN_LOCATED
    assert len(score.elsewhere) <= MAX_ELSEWHERE[via], score.elsewhere
    if via == "resolve":
        assert score.confident_elsewhere() == []  # none 50+ km off with HIGH or MEDIUM
        held = score.by["part:held_out"]  # in the world since the whole list is (was 3 %)
        assert held["elsewhere"] == 0 and held["located"] >= 0.9 * sum(held.values())
        heritage = score.by["part:heritage"]
        assert heritage["located"] == sum(heritage.values())


def test_the_heritage_sites_hold_the_list_and_withhold_its_third_on_request() -> None:
    """``heritage_sites.csv`` (``tools/build_heritage_sites.py``): its licence said, its folded
    names up to date, the held-out third (``id_no % 3 == 0``) after the rest, and left out of the
    world when ``withhold`` is asked (what ``bench_landmarks.py --withhold`` measures)."""
    import csv

    from mapsnb_sandbox.world.landmarks import (
        FAMOUS_CSV,
        HERITAGE_CSV,
        LANDMARKS_CSV,
        famous_keys,
        held_out,
        load_famous,
        load_landmarks,
    )

    text = HERITAGE_CSV.read_text(encoding="utf-8")
    assert "CC BY-SA 3.0 IGO" in text
    rows = list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))
    third = [held_out(int(row["whc"])) for row in rows]
    assert sum(third) >= 250 and len(rows) - sum(third) >= 500
    assert third == sorted(third)  # the rest first: it keeps the names it had before
    for row in rows:
        assert row["keys"].split("|") == famous_keys(row["key"], row["names"]), row["key"]
    base = load_famous(FAMOUS_CSV, load_landmarks(LANDMARKS_CSV))
    whole = load_famous(HERITAGE_CSV, base)
    kept = load_famous(HERITAGE_CSV, base, withhold=True)
    third = {f"whc-{row['whc']}" for row in rows if held_out(int(row["whc"]))}
    assert {lm.key for lm in whole} - {lm.key for lm in kept} == third & {lm.key for lm in whole}
    assert len(third & {lm.key for lm in whole}) >= 250


@pytest.mark.parametrize(
    ("text", "name", "ok"),
    [
        ("centre historique de sienne", "centre historique de vienne", False),  # two towns
        ("vieille ville de caceres", "vieille ville dacre", False),
        ("tai national park", "tajik national park", False),  # the distinctive word differs
        ("djemaa el fna", "jemaa el fnaa", True),  # a transliteration
        ("tajmahal", "taj mahal", True),
    ],
)
def test_a_near_spelling_keeps_the_place_it_names(text: str, name: str, ok: bool) -> None:
    from mapsnb_sandbox.world.landmarks import near_spelling_ok

    assert near_spelling_ok(text, name) is ok


@pytest.mark.parametrize(
    "text",
    [
        # held-out properties (id_no % 3 == 0), withheld from the world here
        "Archaeological Site of Troy",  # was Troy, New York (8,415 km)
        "Old City of Salamanca, Spain",  # bare, was Salamanca, Mexico (8,970 km); now a LOW rival
        "Medina of Essaouira (formerly Mogador)",  # was 4,872 km away
        "Old Town Lunenburg",  # was Lunenburg, Germany (4,336 km)
        "Mesa Verde National Park",  # was 523 km away
        "Médina de Tétouan (ancienne Titawin)",
        "Historic Centre of Warsaw",  # was Warsaw's point, 4 km from the old town
    ],
)
def test_an_unknown_landmark_is_not_found_rather_than_its_town(
    withheld: WithheldWorld, text: str
) -> None:
    out = withheld.call_tool("resolve_names", {"queries": [{"text": text}]})
    assert out["results"] == [{}]
    assert out["failedRequests"]["0"]["code"] == 5  # NOT_FOUND
    if "Medina" not in text and "Médina" not in text:  # no town read: "Medina" alone is LOW
        assert "landmark the emulator does not know" in out["failedRequests"]["0"]["message"]


@pytest.mark.parametrize(
    # (Temple Bar is now a Dublin neighbourhood of data/districts.tsv.z: MEDIUM, at its point)
    "text",
    ["Gare Saint-Paul, Lyon", "Grafton Street, Dublin", "Nowhere Plaza, Paris"],
)
def test_a_street_square_or_station_in_a_named_town_is_still_placed_in_it(text: str) -> None:
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool("resolve_names", {"queries": [{"text": text}]})
    assert out["results"][0]["confidence"] == "LOW"
    assert out["results"][0]["sandboxMatch"]["note"].startswith("approximate: placed in ")


@pytest.mark.parametrize(
    "text",
    [
        "Kakadu National Park",  # was national parks near a town "Kaka" (9,440 km)
        "Pirin National Park",  # was near "Piri" (5,665 km)
        "Archaeological Site of Troy",  # was Troy, New York
        "Sanctuary of Bom Jesus do Monte in Braga",  # was Braga's point
    ],
)
def test_a_search_for_an_unknown_landmark_finds_no_place(
    withheld: WithheldWorld, text: str
) -> None:
    out = withheld.call_tool("search_places", {"text_query": text})
    assert out["places"] == []
    assert "No place or kind of place found" in out["summary"]


@pytest.mark.parametrize(
    ("text", "kind_or_town"),
    [("churches in Rome", "church"), ("national parks in Kenya", "national park")],
)
def test_a_kind_search_is_still_a_kind_search(text: str, kind_or_town: str) -> None:
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool("search_places", {"text_query": text})
    assert len(out["places"]) >= 2, out["summary"]
    assert kind_or_town in out["summary"].lower()


@pytest.mark.parametrize(
    ("text", "name"),
    [("Granada, Spain", "Granada"), ("Barcelona, Spain", "Barcelona"), ("Mexico", "Mexico City")],
)
def test_a_town_and_its_country_are_not_a_famous_place_in_it(text: str, name: str) -> None:
    """A famous place's address is its town and country: "Granada, Spain" was the Alhambra,
    "Barcelona, Spain" the Sagrada Família, and with the heritage sites "Mexico" was Sian Ka'an."""
    from mapsnb_sandbox.world.resolver import resolve

    r = resolve(text).place
    assert r is not None and r.kind == "locality" and r.name == name


def test_a_town_s_whole_name_is_not_read_as_a_kind() -> None:
    """ "Kutná Hora" was 5 places of a kind near another town, 11,457 km away."""
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool("search_places", {"text_query": "Kutná Hora"})
    loc = out["places"][0]["location"]
    assert abs(loc["latitude"] - 49.95) < 0.1 and abs(loc["longitude"] - 15.27) < 0.1


@pytest.mark.parametrize(
    "text", ["Historic Centre of Warsaw", "Archaeological Site of Troy", "Médina de Tétouan"]
)
def test_every_tool_shares_the_rule_a_route_does_not_start_in_the_town(
    withheld: WithheldWorld, text: str
) -> None:
    """The rule lives in the one resolver (``resolver.resolve``): ``compute_routes`` no longer
    starts at Troy, New York for "Archaeological Site of Troy" (it did before: only resolve_names
    and search_places applied it)."""
    from mapsnb_sandbox.world.resolver import UNKNOWN_LANDMARK

    assert withheld.resolve(text) == {"how": UNKNOWN_LANDMARK, "name": None, "confidence": None}
    args = {"origin": {"address": text}, "destination": {"address": "Madrid"}}
    err = withheld.call_tool("compute_routes", args)["error"]
    assert err["status"] == "NOT_FOUND"
    assert "landmark the emulator does not know" in err["message"]


@pytest.mark.parametrize(
    "text",
    [
        "Замок Любарта, Луцьк",  # uk; was Lutsk's point
        "Mănăstirea Putna, Suceava",  # ro
        "Rüstem Paşa Camii, İstanbul",  # tr (Süleymaniye Camii is held since landmarks round 12)
        "Candi Sewu, Klaten",  # id
        "Ngome ya Yesu, Mombasa",  # sw
        "Μονή Αρκαδίου, Ρέθυμνο",  # el
        "Läckö slott, Lidköping",  # sv
        "מבצר אנטוניה, ירושלים",  # he
        "Chùa Từ Hiếu, Huế",  # vi (Chùa Thiên Mụ is held since landmarks round 12)
        "ارگ کریم خان، شیراز",  # fa
        "晋祠寺, 太原",  # zh: a word's end names the kind
    ],
)
def test_landmark_words_of_other_languages_make_an_unknown_landmark(text: str) -> None:
    """``data/landmark_words.json``: a landmark's kind in a language beyond the first ten, before
    a town's comma, makes the text an unknown landmark, not the town's point (a street, square
    or station in a town stays placed: test above)."""
    from mapsnb_sandbox.world.resolver import UNKNOWN_LANDMARK, resolve

    found = resolve(text)
    assert (found.how, found.place) == (UNKNOWN_LANDMARK, None)


def test_the_landmark_words_are_data_for_every_supported_language() -> None:
    import json
    from pathlib import Path

    from mapsnb_sandbox.languages.texts import SUPPORTED
    from mapsnb_sandbox.world import landmarks

    table = json.loads(landmarks.LANDMARK_WORDS_JSON.read_text(encoding="utf-8"))
    assert "_source" in table
    assert set(SUPPORTED) <= set(table["words"]) | set(table["parts"])
    assert all(len(ws) >= 3 for ws in (*table["words"].values(), *table["parts"].values()))
    assert "temple" not in table["words"]["en"]  # "Temple Bar, Dublin" is a street
    code = Path(landmarks.__file__).read_text(encoding="utf-8")
    assert "_LANDMARK_SHAPE" not in code and "cathedrale" not in code


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Susa", "Sousse"),  # Sousse's other name, and a town of Piedmont (and Iran's Shush)
        ("San Cristóbal", "San Cristóbal"),  # Venezuela, the Dominican Republic
    ],
)
def test_a_bare_name_a_rival_town_abroad_bears_is_low(text: str, town: str) -> None:
    """Class (a) of the holdout: a bare name another country's town bears as its own name, at
    least half as big (or 1 % when the name is only another name of the town picked), is not a
    confident answer: "Susa" (UNESCO's Susa is in Iran) was Sousse, MEDIUM, 3,470 km off."""
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool("resolve_names", {"queries": [{"text": text}]})
    assert out["results"][0]["sandboxMatch"]["name"] == town
    assert out["results"][0]["confidence"] == "LOW"


def test_a_bare_name_opening_a_far_famous_place_is_no_low_town() -> None:
    """Round 8: "San Pedro" was San-Pédro, Côte d'Ivoire, LOW (round 3, above), 7,659 km from
    the castle of Santiago de Cuba whose name it opens (``heritage_sites.csv``): a small town's
    whole name that opens a far famous place's name names neither (NOT_FOUND)."""
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool("resolve_names", {"queries": [{"text": "San Pedro"}]})
    assert out["results"] == [{}] and out["failedRequests"]["0"]["code"] == 5  # NOT_FOUND


@pytest.mark.parametrize("text", ["Assise", "Suse"])
def test_a_bare_name_read_only_by_another_form_of_a_town_is_no_town(
    withheld: WithheldWorld, text: str
) -> None:
    """ "Assise" (French for Assisi) was Assis, Brazil, MEDIUM, 9,736 km off, then LOW (round
    3); "Suse" Sousse, LOW: a bare word read only by a form of a town's name (no town is called
    so) is no town (round 7: NOT_FOUND; with the whole list, "Assise" is Assisi's basilica,
    "Suse" Susa in Iran: the next test)."""
    found = withheld.resolve(text)
    assert (found["how"], found["name"]) == (NOT_FOUND, None)
