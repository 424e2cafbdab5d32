""" "Near me" in the 28 languages (issue 40, round 20): a search whose text asks for a kind near
the caller ("pharmacie près de moi", "近くの薬局", "근처 약국", "yakınımdaki eczane") looks round
the request's location bias; it listed pharmacies of the towns "Moi" (Kenya) and "Mim" (Ghana),
or said that no town "meiner Nähe" is known."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

_BOX = Sandbox(now="2026-09-18T15:00:00Z")
_PARIS = {"latitude": 48.8566, "longitude": 2.3522}
_BIAS = {"circle": {"center": _PARIS, "radius": 2000}}

QUERIES = [
    ("fr", "pharmacie près de moi"),
    ("de", "Apotheke in meiner Nähe"),
    ("es", "farmacia cerca de mí"),
    ("it", "farmacia vicino a me"),
    ("pt", "farmácia perto de mim"),
    ("nl", "apotheek in de buurt"),
    ("sv", "apotek nära mig"),
    ("pl", "apteka w pobliżu"),
    ("cs", "lékárna v okolí"),
    ("ro", "farmacie lângă mine"),
    ("uk", "аптека поруч"),
    ("el", "φαρμακείο κοντά μου"),
    ("tr", "yakınımdaki eczane"),
    ("ar", "صيدلية قريبة مني"),
    ("fa", "داروخانه نزدیک من"),
    ("he", "בית מרקחת לידי"),
    ("hi", "मेरे पास फार्मेसी"),
    ("bn", "আমার কাছে ফার্মেসি"),
    ("ur", "میرے قریب فارمیسی"),
    ("vi", "nhà thuốc gần đây"),
    ("th", "ร้านขายยาใกล้ฉัน"),
    ("ja", "近くの薬局"),
    ("zh", "附近的药店"),
    ("ko", "근처 약국"),
    ("sw", "duka la dawa karibu nami"),
]


@pytest.mark.parametrize(("lang", "text"), QUERIES)
def test_near_me_looks_round_the_bias(lang: str, text: str) -> None:
    args = {"text_query": text, "language_code": lang, "location_bias": _BIAS}
    places = _BOX.call_tool("search_places", args)["places"]
    assert places, (lang, text)
    for p in places:
        loc = p["location"]
        assert haversine_m(loc["latitude"], loc["longitude"], 48.8566, 2.3522) < 5_000, (lang, text)


@pytest.mark.parametrize(
    ("lang", "text"), [("fr", "pharmacie près de moi"), ("pt", "farmácia perto de mim")]
)
def test_near_me_without_a_bias_names_no_town(lang: str, text: str) -> None:
    """Without a location bias nothing is listed (no town "Moi" or "Mim" 6,000 km away)."""
    out = _BOX.call_tool("search_places", {"text_query": text, "language_code": lang})
    assert not out.get("places"), out["summary"]


@pytest.mark.parametrize(
    ("lang", "text", "lat", "lng"),
    [
        ("ja", "東京駅近くのホテル", 35.681, 139.767),  # "near" a place stays that place's
        ("zh", "北京附近的酒店", 39.904, 116.407),
        ("ko", "서울역 근처 호텔", 37.555, 126.970),
        ("es", "hoteles cerca de Madrid", 40.417, -3.704),
        ("sw", "hoteli karibu na Nairobi", -1.286, 36.817),
        ("tr", "Ankara yakınındaki oteller", 39.93, 32.86),  # Turkish postpositions
        ("tr", "İzmir çevresindeki restoranlar", 38.42, 27.14),
        ("tr", "Antalya yakınlarındaki oteller", 36.90, 30.70),
    ],
)
def test_near_a_named_place_stays_near_it(lang: str, text: str, lat: float, lng: float) -> None:
    places = _BOX.call_tool("search_places", {"text_query": text, "language_code": lang})["places"]
    loc = places[0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], lat, lng) < 25_000, (lang, text)
