"""The emulator answers in the asked language, with the locale's numbers (issue 21, item 6),
air quality at each city's typical level (issue 22, item 11), pollen only where it can be."""

from __future__ import annotations

import re
import statistics
from datetime import UTC, date, datetime
from typing import Any

import pytest

from mapsnb._read.summary import parse_summary, plain_text
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.languages.texts import format_distance, texts
from mapsnb_sandbox.tools.places import business_resolved
from mapsnb_sandbox.tools.weather import lookup_weather

NOW = datetime(2026, 9, 18, 15, 0, tzinfo=UTC)
CTX = Context(now=NOW)
LANGS = ("pt", "es", "fr", "de", "it", "pl", "ru")
#: A word each language's place summaries use, and English never does.
INTRO_WORD = {
    "pt": "perto de",
    "es": "cerca de",
    "fr": "près de",
    "de": "in der Nähe",
    "it": "vicino a",
    "pl": "w pobliżu",
    "ru": "рядом с",
}


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00Z")


def _weather(place: str, lang: str, **kw: Any) -> dict[str, Any]:
    args = {
        "location": {"address": place},
        "capabilities": ["WEATHER", "AIR_QUALITY", "POLLEN"],
        "language_code": lang,
        **kw,
    }
    return lookup_weather(args, CTX)


@pytest.mark.parametrize("lang", LANGS)
def test_place_summaries_and_hints_come_in_the_asked_language(sandbox: Sandbox, lang: str) -> None:
    out = sandbox.call_tool(
        "search_places",
        {"text_query": "hospitals in Lyon", "language_code": lang, "page_size": 10},
    )
    text = plain_text(out["summary"])
    assert INTRO_WORD[lang] in text and "Here are" not in text
    assert not any(w in text for w in (" located at ", " from Lyon", "opens at"))
    assert re.search(r"\d,\d\s?(km|км)", text) and not re.search(r"\d\.\d\s?km", text)
    names = parse_summary(out["summary"]).names
    assert [names[n] for n in range(10)] == [business_resolved(p["id"]).name for p in out["places"]]  # type: ignore[union-attr]
    hint = sandbox.call_tool(
        "search_places", {"text_query": "schools in Atlantisville", "language_code": lang}
    )
    assert hint["places"] == [] and "Atlantisville" in hint["summary"]
    assert "emulator knows no" not in hint["summary"]


@pytest.mark.parametrize("lang", LANGS)
def test_weather_air_quality_and_pollen_texts_come_in_the_asked_language(lang: str) -> None:
    english = _weather("Berlin", "en")
    local = _weather("Berlin", lang)
    cond = local["weather"]["currentConditions"]["weatherCondition"]
    assert cond["description"]["languageCode"] == lang
    assert (
        cond["description"]["text"]
        == texts(lang)["conditions"][cond["type"]][
            int(not local["weather"]["currentConditions"]["isDaytime"])
        ]
    )
    aq_en, aq = english["airQuality"]["hourlyResults"][0], local["airQuality"]["hourlyResults"][0]
    for index_en, index in zip(aq_en["indexes"], aq["indexes"], strict=True):
        assert index["aqi"] == index_en["aqi"] and index["category"] != index_en["category"]
    advice_en, advice = aq_en["healthRecommendations"], aq["healthRecommendations"]
    assert advice.keys() == advice_en.keys()
    assert all(advice[k] != advice_en[k] for k in advice)
    types_en = english["pollen"]["dailyInfo"][0]["pollenTypeInfo"]
    types = local["pollen"]["dailyInfo"][0]["pollenTypeInfo"]
    for t_en, t in zip(types_en, types, strict=True):
        assert t["indexInfo"]["value"] == t_en["indexInfo"]["value"]
        assert t["displayName"] != t_en["displayName"]
        assert t["indexInfo"]["category"] != t_en["indexInfo"]["category"]
        assert t["healthRecommendations"] != t_en["healthRecommendations"]


def test_daily_forecast_conditions_are_translated() -> None:
    out = _weather("Lyon", "fr", date={"year": 2026, "month": 9, "day": 20})
    day = out["weather"]["forecastDays"][0]
    for part in ("daytimeForecast", "nighttimeForecast"):
        description = day[part]["weatherCondition"]["description"]
        assert description["languageCode"] == "fr"
        assert description["text"] in {
            t for pair in texts("fr")["conditions"].values() for t in pair
        }


def test_languages_without_texts_answer_in_english_and_say_so(sandbox: Sandbox) -> None:
    out = _weather("Berlin", "cy")  # Welsh: Babel knows it, the emulator has no texts
    assert (
        out["weather"]["currentConditions"]["weatherCondition"]["description"]["languageCode"]
        == "en"
    )
    text = plain_text(
        sandbox.call_tool(
            "search_places", {"text_query": "cafes in Lisbon", "language_code": "cy"}
        )["summary"]
    )
    assert text.strip().startswith("Here are")
    assert "no texts in Welsh (cy), so this text is in English" in text


def test_distances_follow_the_locale_through_babel() -> None:
    assert format_distance(1432, "en") == "1.4 km"
    assert format_distance(1432, "de") == "1,4 km"
    assert format_distance(1432, "ru") == "1,4 км"
    assert format_distance(994, "pt") == "990 m"


# --------------------------------------------------------------------------- air quality levels


def _mean_uaqi(place: str) -> float:
    values = []
    for day in (10, 11, 12):
        out = lookup_weather(
            {
                "location": {"address": place},
                "capabilities": ["AIR_QUALITY"],
                "date": {"year": 2026, "month": 9, "day": day},
            },
            CTX,
        )
        values += [h["indexes"][0]["aqi"] for h in out["airQuality"]["hourlyResults"]]
    return statistics.mean(values)


def test_a_class_ranking_of_cities_is_plausible() -> None:
    """UAQI (higher is cleaner): Delhi and Beijing rank below Helsinki and Zurich."""
    score = {city: _mean_uaqi(city) for city in ("Delhi", "Beijing", "Helsinki", "Zurich")}
    assert max(score["Delhi"], score["Beijing"]) < min(score["Helsinki"], score["Zurich"])
    assert score["Delhi"] < score["Beijing"]
    assert score["Helsinki"] - score["Delhi"] > 30, score


# --------------------------------------------------------------------------- pollen


@pytest.mark.parametrize(
    "where",
    [
        {"lat_lng": {"latitude": 89.9, "longitude": 0.0}},  # North Pole
        {"lat_lng": {"latitude": 30.0, "longitude": -40.0}},  # mid-Atlantic
        {"lat_lng": {"latitude": -75.0, "longitude": 0.0}},  # Antarctica
    ],
)
@pytest.mark.parametrize("month", [4, 7])
def test_no_pollen_off_land_or_at_the_poles(where: dict[str, Any], month: int) -> None:
    out = lookup_weather(
        {
            "location": where,
            "capabilities": ["POLLEN"],
            "date": {"year": 2026, "month": 9, "day": 19},
        },
        Context(now=datetime(2026, 9, 18, 12, tzinfo=UTC)),
    )
    del month  # the season does not matter: nothing flowers there
    info = out["pollen"]["dailyInfo"][0]
    assert all(t["indexInfo"]["value"] == 0 and "inSeason" not in t for t in info["pollenTypeInfo"])
    assert not any("inSeason" in p for p in info["plantInfo"])
    assert all("season" in " ".join(t["healthRecommendations"]) for t in info["pollenTypeInfo"])


def test_pollen_on_land_in_season_and_out_of_season() -> None:
    from mapsnb_sandbox.weather.pollen import pollen_day

    spring = pollen_day(52.52, 13.40, "DE", date(2026, 5, 10), 0.2)
    winter = pollen_day(52.52, 13.40, "DE", date(2026, 12, 10), 0.2)
    assert any(t["indexInfo"]["value"] >= 1 and t.get("inSeason") for t in spring["pollenTypeInfo"])
    assert all(t["indexInfo"]["value"] == 0 for t in winter["pollenTypeInfo"])
    assert all(
        "good day" not in " ".join(t["healthRecommendations"]) for t in winter["pollenTypeInfo"]
    )


def test_the_small_land_mask_agrees_with_known_places() -> None:
    from mapsnb_sandbox.earth.water import is_land, near_land

    assert is_land(52.52, 13.40) and is_land(-23.55, -46.63) and is_land(45.76, 4.84)
    assert not is_land(30.0, -40.0) and not is_land(89.9, 0.0) and not is_land(-40.0, -120.0)
    assert near_land(60.17, 24.94) and near_land(38.72, -9.14)  # coastal towns count as land
    assert not near_land(30.0, -40.0)


@pytest.mark.parametrize(("lang", "word"), [("pt", "Horário"), ("de", "Öffnungszeiten")])
def test_asked_details_and_kinds_of_landmarks_are_translated(
    sandbox: Sandbox, lang: str, word: str
) -> None:
    out = sandbox.call_tool(
        "search_places", {"text_query": "Louvre opening hours", "language_code": lang}
    )
    text = plain_text(out["summary"])
    assert word in text and "opening hours" not in text and " museum" not in text


@pytest.mark.parametrize(
    ("lang", "query", "words"),
    [
        ("pt-BR", "cafés", "ao longo do percurso"),
        ("es", "cafeterías", "a lo largo de la ruta"),
        ("fr", "cafés", "le long de l’itinéraire"),
        ("de", "Cafés", "entlang der Route"),
        ("it", "caffè", "lungo il percorso"),
        ("pl", "kawiarnie", "wzdłuż trasy"),
        ("ru", "кафе", "вдоль маршрута"),
    ],
)
def test_along_route_summaries_in_the_asked_language(lang: str, query: str, words: str) -> None:
    out = Sandbox(now="2026-09-18T08:00:00-07:00").call_tool(
        "search_along_route",
        {
            "text_query": query,
            "route_endpoints": {
                "origin": {"address": "Lisboa"},
                "destination": {"address": "Porto"},
            },
            "language_code": lang,
        },
    )
    assert len(out["results"]) == 5
    assert words in out["summary"] and "along the route" not in out["summary"]
