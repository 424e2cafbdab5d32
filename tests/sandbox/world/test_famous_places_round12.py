"""Issue 40, famous places rounds 12 and 13 (h-famous18, h-towers18): the world's second-tier
landmarks (royal palaces, parliaments, cathedrals, castles, squares, museums, waterfalls) and its
skyscrapers, TV and observation towers by their common names in the supported languages. Truth: the places' Wikipedia coordinates, typed here from the articles'
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

#: ``(query, lat, lng)``: Wikipedia's point of the building (km tolerance :data:`TOL_KM`).
_TOWERS = [
    ("Shanghai World Financial Center", 31.2367, 121.5025),  # en: 31°14′12″N 121°30′09″E
    ("金茂大厦", 31.2353, 121.5014),  # zh: Jin Mao Tower
    ("平安金融中心", 22.5364, 114.0500),  # zh: Ping An Finance Centre, Shenzhen
    ("中银大厦", 22.2792, 114.1617),  # zh: Bank of China Tower, Hong Kong
    ("International Commerce Centre", 22.3033, 114.1601),  # en: Hong Kong
    ("Merdeka 118", 3.1419, 101.7006),  # en/ms
    ("Landmark 81", 10.7950, 106.7219),  # vi
    ("คิง เพาเวอร์ มหานคร", 13.7240, 100.5283),  # th: MahaNakhon
    ("あべのハルカス", 34.6459, 135.5138),  # ja
    ("横浜ランドマークタワー", 35.4548, 139.6313),  # ja
    ("63빌딩", 37.5197, 126.9402),  # ko
    ("Лахта-центр", 59.9872, 30.1775),  # ru
    ("Останкинская телебашня", 55.8197, 37.6117),  # ru
    ("Київська телевежа", 50.4717, 30.4511),  # uk
    ("برج الساعة", 21.4189, 39.8264),  # ar: Makkah Royal Clock Tower
    ("Aspire Tower", 25.2636, 51.4469),  # en: Doha
    ("Etihad Towers", 24.4586, 54.3219),  # en: Abu Dhabi
    ("מגדלי עזריאלי", 32.0744, 34.7920),  # he: Azrieli Center
    ("Çamlıca Kulesi", 41.0281, 29.0693),  # tr
    ("Torre Agbar", 41.4034, 2.1895),  # es/ca
    ("Torre de Cristal", 40.4764, -3.6875),  # es: Madrid
    ("Grattacielo Pirelli", 45.4850, 9.2017),  # it
    ("Commerzbank Tower", 50.1110, 8.6744),  # de
    ("Žižkovská televizní věž", 50.0810, 14.4510),  # cs
    ("Euromast", 51.9054, 4.4666),  # nl
    ("Kaknästornet", 59.3350, 18.1272),  # sv
    ("30 St Mary Axe", 51.5145, -0.0803),  # en: the Gherkin
    ("Крайслер-билдинг", 40.7516, -73.9755),  # ru: names added to the Chrysler Building
    ("432 Park Avenue", 40.7616, -73.9720),  # en
    ("Trump Tower", 40.7625, -73.9739),  # en: New York's, as usage has it
    ("Torre Latinoamericana", 19.4339, -99.1406),  # es
    ("Edifício Itália", -23.5457, -46.6433),  # pt
    ("Eureka Tower", -37.8217, 144.9646),  # en: Melbourne
    ("Lotus Tower", 6.9271, 79.8582),  # en: Colombo
    ("Palais Royale", 19.0006, 72.8186),  # en: Mumbai, 19°00′02″N 72°49′07″E
]

#: The landmark benchmarks' tolerance for a building.
TOL_KM = 2.0


@pytest.mark.parametrize(("text", "lat", "lng"), _PLACES + _TOWERS)
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
        "Emirates Towers",  # Dubai's and others': only with its town
        "Landmark Tower",  # Yokohama's, and many others'
        "Central Plaza",  # Hong Kong's, and many others'
        "Aon Center",  # Chicago's and Los Angeles'
        "Bank of America Plaza",  # Atlanta's, Dallas', Los Angeles'...
        "JPMorgan Chase Tower",  # Houston's, Dallas'...
        "The Center",
        "Comcast Center",
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
        ("Doha", "QA"),
        ("Dubai", "AE"),
        ("Frankfurt", "DE"),
        ("Benidorm", "ES"),
        ("Blackpool", "GB"),
        ("Rotterdam", "NL"),
        ("Kaohsiung", "TW"),
        ("Busan", "KR"),
        ("Calgary", "CA"),
        ("Lisboa", "PT"),  # not the Grand Lisboa in Macau
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
        ("Emirates Towers, Dubai", 25.2175, 55.2825),
        ("Central Plaza, Hong Kong", 22.2800, 114.1736),
        ("Aon Center, Chicago", 41.8853, -87.6214),
        ("Bank of America Plaza, Atlanta", 33.7707, -84.3866),
    ):
        found = resolve(text)
        assert found.place is not None and found.how != NOT_FOUND, text
        assert haversine_m(found.place.lat, found.place.lng, lat, lng) <= 2000, text


def test_a_building_is_shown_by_a_name_not_an_address() -> None:
    """A summary's reader (``mapsnb``'s) takes a bold "8 Spruce Street" for an address, as the
    live server bolds an address it answers: a famous place is shown by a name of it that reads
    as a name ("New York by Gehry", "The Walkie-Talkie"), its address-like name kept as an alias."""
    import csv

    from mapsnb._read.summary import clean_name
    from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, FAMOUS_STATIONS_CSV

    for path in (FAMOUS_CSV, FAMOUS_STATIONS_CSV):
        with path.open(encoding="utf-8") as fh:
            rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
        shown = [r["names"].split("|")[0] for r in rows if r["lat"]]
        assert [n for n in shown if clean_name(n) is None] == [], path.name
