"""Regenerate ``tests/data/sandbox_corpus.csv`` (``python tools/gen_sandbox_corpus.py``).

The corpus of :mod:`tests.test_sandbox_corpus`: per town (62 towns, 40+ countries, villages to
capitals) a name, its exonym or local spelling, a station/square/landmark, a search in English
and in the town's language, weather, a walk, a drive to a neighbour, a search along it and a
Maps URL; then water-separated pairs, inflected names and everyday categories (rows marked
``depends=categories`` need the everyday kinds of places in other languages). Columns: tool, query, lang, lat, lng
(the centre of the town the query names), dest, mode, expect (``answer`` / ``none``), depends.
"""

import csv

# name, local/exonym form, lat, lng, cc, lang, landmark-or-station query, nearby town for routes
T = [
    ("Lyon", "Lyon", 45.764, 4.836, "FR", "fr", "Place Bellecour, Lyon", "Villeurbanne"),
    ("Paris", "Paris", 48.857, 2.352, "FR", "fr", "Gare du Nord, Paris", "Versailles"),
    ("Vézelay", "Vezelay", 47.466, 3.746, "FR", "fr", "Vézelay", "Avallon"),
    (
        "Marseille",
        "Marseille",
        43.296,
        5.370,
        "FR",
        "fr",
        "Vieux-Port, Marseille",
        "Aix-en-Provence",
    ),
    ("Leipzig", "Leipzig", 51.340, 12.375, "DE", "de", "Hauptbahnhof, Leipzig", "Halle"),
    ("Berlin", "Berlin", 52.520, 13.405, "DE", "de", "Alexanderplatz, Berlin", "Potsdam"),
    ("Munich", "München", 48.137, 11.575, "DE", "de", "Marienplatz, München", "Augsburg"),
    ("Vienna", "Wien", 48.208, 16.373, "AT", "de", "Stephansplatz, Wien", "Baden"),
    ("Zurich", "Zürich", 47.377, 8.541, "CH", "de", "Zürich HB", "Winterthur"),
    ("Kraków", "Cracow", 50.065, 19.945, "PL", "pl", "Kraków Główny", "Wieliczka"),
    ("Warsaw", "Warszawa", 52.230, 21.012, "PL", "pl", "Plac Zbawiciela, Warszawa", "Pruszków"),
    ("Gdańsk", "Gdansk", 54.352, 18.646, "PL", "pl", "Długi Targ, Gdańsk", "Sopot"),
    ("Lisbon", "Lisboa", 38.722, -9.139, "PT", "pt", "Rua Augusta, Lisboa", "Sintra"),
    (
        "Porto",
        "Porto",
        41.158,
        -8.629,
        "PT",
        "pt",
        "Estação de São Bento, Porto",
        "Vila Nova de Gaia",
    ),
    ("Madrid", "Madrid", 40.417, -3.704, "ES", "es", "Puerta del Sol, Madrid", "Alcalá de Henares"),
    ("Seville", "Sevilla", 37.389, -5.984, "ES", "es", "Plaza de España, Sevilla", "Dos Hermanas"),
    ("Rome", "Roma", 41.903, 12.496, "IT", "it", "Roma Termini", "Tivoli"),
    ("Bologna", "Bologna", 44.494, 11.343, "IT", "it", "Piazza Maggiore, Bologna", "Imola"),
    ("Moscow", "Москва", 55.756, 37.617, "RU", "ru", "Красная площадь, Москва", "Химки"),
    ("Kazan", "Казань", 55.796, 49.106, "RU", "ru", "Kazan Kremlin, Kazan", "Zelenodolsk"),
    (
        "Utrecht",
        "Utrecht",
        52.091,
        5.122,
        "NL",
        "en",
        "Utrecht Centraal, Netherlands",
        "Amersfoort",
    ),
    ("Amsterdam", "Amsterdam", 52.370, 4.895, "NL", "en", "Dam Square, Amsterdam", "Haarlem"),
    ("Brussels", "Bruxelles", 50.847, 4.357, "BE", "fr", "Grand-Place, Brussels", "Leuven"),
    ("Prague", "Praha", 50.088, 14.420, "CZ", "en", "Old Town Square, Prague", "Kladno"),
    ("Budapest", "Budapest", 47.498, 19.040, "HU", "en", "Budapest Keleti, Budapest", "Érd"),
    ("Copenhagen", "København", 55.676, 12.568, "DK", "en", "Nyhavn, Copenhagen", "Roskilde"),
    ("Stockholm", "Stockholm", 59.329, 18.069, "SE", "en", "Gamla stan, Stockholm", "Uppsala"),
    ("Oslo", "Oslo", 59.913, 10.752, "NO", "en", "Oslo S, Oslo", "Drammen"),
    (
        "Helsinki",
        "Helsingfors",
        60.170,
        24.938,
        "FI",
        "en",
        "Helsinki Central Station, Helsinki",
        "Espoo",
    ),
    ("Dublin", "Baile Átha Cliath", 53.350, -6.260, "IE", "en", "Temple Bar, Dublin", "Bray"),
    ("London", "London", 51.507, -0.128, "GB", "en", "King's Cross, London", "Watford"),
    (
        "Edinburgh",
        "Edinburgh",
        55.953,
        -3.188,
        "GB",
        "en",
        "Waverley Station, Edinburgh",
        "Livingston",
    ),
    ("Athens", "Athina", 37.984, 23.728, "GR", "en", "Syntagma Square, Athens", "Piraeus"),
    ("Istanbul", "İstanbul", 41.008, 28.978, "TR", "en", "Taksim Square, Istanbul", "Esenyurt"),
    ("Kyiv", "Kiev", 50.450, 30.523, "UA", "ru", "Maidan Nezalezhnosti, Kyiv", "Brovary"),
    ("Cairo", "Cairo", 30.044, 31.236, "EG", "en", "Tahrir Square, Cairo", "Giza"),
    ("Nairobi", "Nairobi", -1.286, 36.817, "KE", "en", "Nairobi Central Station, Nairobi", "Thika"),
    ("Lagos", "Lagos", 6.524, 3.379, "NG", "en", "Tafawa Balewa Square, Lagos", "Ikeja"),
    (
        "Cape Town",
        "Kaapstad",
        -33.925,
        18.424,
        "ZA",
        "en",
        "Greenmarket Square, Cape Town",
        "Stellenbosch",
    ),
    (
        "Marrakesh",
        "Marrakech",
        31.630,
        -7.998,
        "MA",
        "fr",
        "Jemaa el-Fnaa, Marrakech",
        "Tameslouht",
    ),
    ("Pune", "Pune", 18.520, 73.857, "IN", "en", "Pune Junction, Pune", "Pimpri-Chinchwad"),
    (
        "Mumbai",
        "Bombay",
        19.076,
        72.878,
        "IN",
        "en",
        "Chhatrapati Shivaji Terminus, Mumbai",
        "Thane",
    ),
    ("Tokyo", "Tokyo", 35.682, 139.759, "JP", "en", "Shibuya Station, Tokyo", "Yokohama"),
    ("Kyoto", "Kyoto", 35.012, 135.768, "JP", "en", "Kyoto Station, Kyoto", "Otsu"),
    ("Seoul", "Seoul", 37.567, 126.978, "KR", "en", "Seoul Station, Seoul", "Incheon"),
    ("Beijing", "Peking", 39.904, 116.407, "CN", "en", "Tiananmen Square, Beijing", "Langfang"),
    ("Bangkok", "Bangkok", 13.756, 100.502, "TH", "en", "Hua Lamphong, Bangkok", "Nonthaburi"),
    ("Hanoi", "Hanoi", 21.028, 105.854, "VN", "en", "Hoan Kiem Lake, Hanoi", "Bac Ninh"),
    ("Sydney", "Sydney", -33.869, 151.209, "AU", "en", "Central Station, Sydney", "Parramatta"),
    ("Auckland", "Auckland", -36.849, 174.763, "NZ", "en", "Britomart, Auckland", "Manukau City"),
    ("Denver", "Denver", 39.739, -104.990, "US", "en", "Union Station, Denver", "Boulder"),
    ("Chicago", "Chicago", 41.878, -87.630, "US", "en", "Union Station, Chicago", "Evanston"),
    (
        "Austin",
        "Austin",
        30.267,
        -97.743,
        "US",
        "en",
        "Congress Avenue Bridge, Austin",
        "Round Rock",
    ),
    ("Toronto", "Toronto", 43.653, -79.383, "CA", "en", "Union Station, Toronto", "Mississauga"),
    ("Montreal", "Montréal", 45.502, -73.567, "CA", "fr", "Gare Centrale, Montréal", "Laval"),
    (
        "Mexico City",
        "Ciudad de México",
        19.433,
        -99.133,
        "MX",
        "es",
        "Zócalo, Ciudad de México",
        "Naucalpan",
    ),
    (
        "São Paulo",
        "Sao Paulo",
        -23.551,
        -46.633,
        "BR",
        "pt",
        "Avenida Paulista, São Paulo",
        "Guarulhos",
    ),
    (
        "Rio de Janeiro",
        "Rio",
        -22.907,
        -43.173,
        "BR",
        "pt",
        "Copacabana, Rio de Janeiro",
        "Niterói",
    ),
    (
        "Buenos Aires",
        "Buenos Aires",
        -34.604,
        -58.382,
        "AR",
        "es",
        "Plaza de Mayo, Buenos Aires",
        "La Plata",
    ),
    ("Bogotá", "Bogota", 4.711, -74.072, "CO", "es", "Plaza de Bolívar, Bogotá", "Soacha"),
    (
        "Santiago",
        "Santiago de Chile",
        -33.449,
        -70.669,
        "CL",
        "es",
        "Plaza de Armas, Santiago, Chile",
        "Puente Alto",
    ),
    (
        "Reykjavík",
        "Reykjavik",
        64.147,
        -21.942,
        "IS",
        "en",
        "Hallgrímskirkja, Reykjavík",
        "Hafnarfjörður",
    ),
]
CAT = {
    "fr": "cafés à {t}",
    "de": "Cafés in {t}",
    "pl": "kawiarnie w {t}",
    "pt": "cafés em {t}",
    "es": "cafeterías en {t}",
    "it": "caffè a {t}",
    "ru": "кафе в {t}",
    "en": "coffee in {t}",
}
rows = []


def add(tool, query, lang, lat, lng, dest="", mode="", expect="answer", depends=""):
    rows.append(
        dict(
            tool=tool,
            query=query,
            lang=lang,
            lat=lat,
            lng=lng,
            dest=dest,
            mode=mode,
            expect=expect,
            depends=depends,
        )
    )


for name, alt, lat, lng, _cc, lang, spot, near in T:
    add("resolve_names", name, "en", lat, lng)
    if alt != name:
        add("resolve_names", alt, lang, lat, lng)
    add("resolve_names", spot, lang, lat, lng)
    add("search_places", f"restaurants in {name}", "en", lat, lng)
    add(
        "search_places",
        CAT[lang].format(t=alt),
        lang,
        lat,
        lng,
        depends="categories" if lang != "en" else "",
    )
    add("lookup_weather", alt, lang, lat, lng)
    add("compute_routes", spot, lang, lat, lng, dest=name, mode="WALK")
    add("compute_routes", name, lang, lat, lng, dest=near, mode="DRIVE")
    add("search_along_route", "coffee", lang, lat, lng, dest=f"{name}|{near}", mode="DRIVE")
    add(
        "resolve_maps_urls",
        f"https://www.google.com/maps/search/?api=1&query={name}",
        "en",
        lat,
        lng,
    )
# water-separated pairs
W = [
    ("Manhattan", "Hoboken", 40.78, -73.97, "answer"),
    ("Istanbul", "Üsküdar", 41.01, 28.98, "none"),
    ("Lisbon", "Almada", 38.72, -9.14, "none"),
    ("San Francisco", "Oakland", 37.77, -122.42, "none"),
    ("Helsinki", "Tallinn", 60.17, 24.94, "answer"),
    ("Copenhagen", "Malmö", 55.68, 12.57, "none"),
    ("Brooklyn", "Manhattan", 40.65, -73.95, "answer"),
    ("Lyon", "Villeurbanne", 45.76, 4.84, "answer"),
    ("Budapest", "Pest", 47.50, 19.04, "answer"),
    ("Cologne", "Deutz, Cologne", 50.94, 6.96, "answer"),
]
for a, b, lat, lng, exp in W:
    for mode in ("WALK", "BICYCLE"):
        add("compute_routes", a, "en", lat, lng, dest=b, mode=mode, expect=exp)
    add("compute_routes", a, "en", lat, lng, dest=b, mode="DRIVE")
# inflected / everyday categories
for q, lat, lng, lang in [
    ("w Krakowie", 50.065, 19.945, "pl"),
    ("в Казани", 55.796, 49.106, "ru"),
    ("Lisbonn", 38.722, -9.139, "en"),
    ("Moskva", 55.756, 37.617, "en"),
]:
    add("resolve_names", q, lang, lat, lng)
for q, lat, lng, lang in [
    ("schools in Lyon", 45.764, 4.836, "en"),
    ("hospitals in Pune", 18.520, 73.857, "en"),
    ("escolas em Lisboa", 38.722, -9.139, "pt"),
    ("школы в Казани", 55.796, 49.106, "ru"),
    ("écoles à Lyon", 45.764, 4.836, "fr"),
    ("Schulen in Leipzig", 51.340, 12.375, "de"),
    ("universities in Denver", 39.739, -104.990, "en"),
    ("bus stops in Utrecht", 52.091, 5.122, "en"),
    ("playgrounds in Warsaw", 52.230, 21.012, "en"),
    ("post offices in Dublin", 53.350, -6.260, "en"),
]:
    add("search_places", q, lang, lat, lng, depends="categories")
with open("tests/data/sandbox_corpus.csv", "w", newline="", encoding="utf-8") as fh:
    w = csv.DictWriter(fh, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
print(len(rows), len({r["lang"] for r in rows}), len(T))
