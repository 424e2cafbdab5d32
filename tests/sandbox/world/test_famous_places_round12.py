"""Issue 40, famous places round 12 (h-famous18): the world's second-tier landmarks (royal
palaces, parliaments, cathedrals, castles, squares, museums, waterfalls) by their common names in
the supported languages. Truth: the places' Wikipedia coordinates, typed here from the articles'
degrees-minutes-seconds (not read from ``famous_places.csv``); a shared name without its town
names no place, and a town keeps its own name."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve

#: ``(query, lat, lng)``: Wikipedia's point of the place (km tolerance :data:`TOL_KM`).
_PLACES = [
    ("Dresdner Zwinger", 51.0530, 13.7339),  # de: 51°03′11″N 13°44′02″E
    ("הגנים הבהאיים", 32.8144, 34.9869),  # he: Bahá'í Gardens, Haifa
    ("Castillo de Chapultepec", 19.4206, -99.1817),  # es
    ("Palacio de La Moneda", -33.4429, -70.6539),  # es
    ("Kungliga slottet", 59.3268, 18.0717),  # sv: Stockholm Palace
    ("Stockholms stadshus", 59.3275, 18.0544),  # sv
    ("Hallgrímskirkja", 64.1419, -21.9267),  # en
    ("Андріївська церква", 50.4589, 30.5176),  # uk: St Andrew's Church, Kyiv
    ("Castelul Peleș", 45.3600, 25.5426),  # ro
    ("Cetatea Sighișoara", 46.2192, 24.7925),  # ro
    ("Arena di Verona", 45.4391, 10.9944),  # it
    ("Reggia di Caserta", 41.0731, 14.3267),  # it
    ("Anne Frankhuis", 52.3752, 4.8840),  # nl
    ("Zamek Królewski w Warszawie", 52.2478, 21.0147),  # pl
    ("Te Papa", -41.2906, 174.7820),  # en: Wellington's museum, not Pápa, Hungary
    ("Peleș Castle", 45.3600, 25.5426),  # en
    ("ペレシュ城", 45.3600, 25.5426),  # ja
    ("Петропавловская крепость", 59.9500, 30.3167),  # ru
    ("Katedrála svatého Víta", 50.0908, 14.4006),  # cs
    ("Václavské náměstí", 50.0811, 14.4278),  # cs
    ("Anıtkabir", 39.9250, 32.8369),  # tr
    ("Yerebatan Sarnıcı", 41.0084, 28.9779),  # tr: Basilica Cistern
    ("Πλατεία Συντάγματος", 37.9755, 23.7348),  # el: Syntagma Square
    ("Μουσείο Ακρόπολης", 37.9684, 23.7285),  # el
    ("الجامع الأموي", 33.5117, 36.3064),  # ar: Umayyad Mosque
    ("مسجد نصیرالملک", 29.6083, 52.5483),  # fa: Nasir al-Mulk Mosque
    ("राष्ट्रपति भवन", 28.6143, 77.1996),  # hi
    ("জাতীয় স্মৃতিসৌধ", 23.9114, 90.2550),  # bn: National Martyrs' Memorial
    ("مسجد وزیر خان", 31.5831, 74.3236),  # ur: Wazir Khan Mosque
    ("วัดเบญจมบพิตร", 13.7666, 100.5143),  # th: Marble Temple
    ("Chùa Thiên Mụ", 16.4536, 107.5450),  # vi
    ("Tegallalang Rice Terrace", -8.4312, 115.2792),  # id
    ("雍和宫", 39.9475, 116.4172),  # zh: Lama Temple
    ("カゼルタ宮殿", 41.0731, 14.3267),  # ja
    ("덕수궁", 37.5658, 126.9751),  # ko
    ("Cataratas del Rin", 47.6779, 8.6154),  # es: Rhine Falls
    ("Rheinfall", 47.6779, 8.6154),  # de
    ("Gullfoss", 64.3261, -20.1211),  # en
    ("Diocletian's Palace", 43.5083, 16.4400),  # en
    ("Museu do Amanhã", -22.8944, -43.1797),  # pt
    ("Jefferson Memorial", 38.8814, -77.0366),  # en
]

#: The landmark benchmarks' tolerance for a building.
TOL_KM = 2.0


@pytest.mark.parametrize(("text", "lat", "lng"), _PLACES)
def test_second_tier_landmarks_are_at_their_point(text: str, lat: float, lng: float) -> None:
    found = resolve(text)
    assert found.place is not None, (text, found.how)
    km = haversine_m(found.place.lat, found.place.lng, lat, lng) / 1000
    assert km <= TOL_KM, (text, found.place.name, round(km, 1))


@pytest.mark.parametrize(
    "text",
    [
        "Frauenkirche",  # Dresden's and Munich's: only with the town
        "Royal Palace",  # a kind word of many
        "Roman Baths",  # Bath's, and many others': "Roman Baths, Bath" names it
        "Kazan Cathedral, Moscow",  # not Saint Petersburg's
    ],
)
def test_a_shared_name_without_its_town_is_no_far_landmark(text: str) -> None:
    found = resolve(text)
    assert found.place is None or found.place.kind == "locality", (text, found.place)


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("Carcassonne", "FR"),  # the town, not its Cité
        ("Sighișoara", "RO"),
        ("Caserta", "IT"),
        ("Verona", "IT"),
        ("Sinaia", "RO"),  # Peleș Castle's town
        ("Haifa", "IL"),
        ("Kutná Hora", "CZ"),
    ],
)
def test_a_town_keeps_its_name(text: str, cc: str) -> None:
    found = resolve(text)
    assert found.place is not None and found.place.kind == "locality", (text, found.place)
    assert found.place.country_code == cc


def test_the_shared_names_with_their_town_are_found() -> None:
    """A shared name with its town after a comma names that town's place."""
    for text, lat, lng in (
        ("Frauenkirche Dresden", 51.0519, 13.7415),
        ("Frauenkirche München", 48.1386, 11.5736),
        ("Roman Baths, Bath", 51.3811, -2.3597),
    ):
        found = resolve(text)
        assert found.place is not None and found.how != NOT_FOUND, text
        assert haversine_m(found.place.lat, found.place.lng, lat, lng) <= 2000, text
