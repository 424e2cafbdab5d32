"""Build ``mapsnb_sandbox/data/category_names.tsv``: place-kind names in ~100 languages.

Source: the OpenStreetMap iD editor's presets, npm package ``@openstreetmap/id-tagging-schema``
(ISC licence, © iD contributors): ``dist/translations/<lang>.min.json`` gives each preset's
name and search terms per language. Every kind of ``data/categories.csv`` is mapped to one or
more presets (:data:`PRESETS`, else the first of ``amenity/<key>``, ``shop/<key>``, ... that
exists); its names are the presets' names, then their terms. A term that is another preset's
name in that language ("restaurant" among the café's terms) is left out, and so are terms of
fewer than 2 letters in a script without spaces (Han, kana, Hangul, Thai, ...) or 3 elsewhere
(iD's one-character terms are loose: "酒" for a restaurant, "水" for a pool); a one-character
word that is a kind's everyday name ("駅", "寺", "역", "절", as Wiktionary glosses them) comes
from the supplement only.
Where iD's translations are thin (hi, sw, ur, bn; plurals in ar, vi, he) :data:`SUPPLEMENT` adds hand-written names of
the common kinds. English rows hold only the words iD's British, Australian, New Zealand, Canadian,
Irish and Indian English give a kind beside the table's English ("bottle shop", "dairy").

Usage::

    python tools/build_category_names.py [--package DIR_OR_TGZ] [--organicmaps FILE]

Without ``--package`` it runs ``npm pack @openstreetmap/id-tagging-schema`` in a temporary
folder. The output is a small TSV (``key<TAB>lang<TAB>name|synonym|...``), committed. With
``--organicmaps`` (Organic Maps' ``data/categories.txt``, Apache-2.0) a fourth column holds the
words Organic Maps adds after iD's, by the rules of ``tools/category_names_om.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import re
import subprocess
import tarfile
import tempfile
import unicodedata
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "mapsnb_sandbox" / "data"
OUT = DATA / "category_names.tsv"
PACKAGE = "@openstreetmap/id-tagging-schema"
#: Languages of data/categories.csv's own columns: iD only adds synonyms there.
OWN = ("en", "pt", "es", "fr", "de", "it", "pl", "ru")
#: Regional translations merged into their language (the first one's names come first).
MERGE = {"zh": ("zh-CN", "zh", "zh-TW", "zh-HK"), "pt": ("pt", "pt-BR"), "ar": ("ar", "ar-AA")}
MAX_NAMES = 6
#: English of other countries whose iD words are read beside English's (not en-US: the base).
REGIONAL_EN = ("en-GB", "en-AU", "en-NZ", "en-CA", "en-IE", "en-IN")
_PREFIXES = (
    *("amenity", "shop", "tourism", "leisure", "education", "healthcare", "office", "craft"),
    "building",
)
#: Kinds whose presets are not ``<prefix>/<key>``.
#: Kinds whose presets' terms are their faith's generic words ("sanctuaire", "templo",
#: "religion": a shrine or a temple of any faith), so only the presets' names are kept.
NAMES_ONLY = frozenset({"buddhist_temple", "shinto_shrine"})
PRESETS: dict[str, tuple[str, ...]] = {
    "coffee": ("amenity/cafe", "amenity/cafe/coffee_shop"),
    "ev_charger": ("amenity/charging_station",),
    "electric_vehicle_charging_station": ("amenity/charging_station",),
    "gas_station": ("amenity/fuel",),
    "rest_stop": ("highway/rest_area", "highway/services"),
    "pizza": ("amenity/restaurant/pizza", "amenity/fast_food/pizza"),
    "bookstore": ("shop/books",),
    "book_store": ("shop/books",),
    "school": ("education/school", "amenity/school"),
    "secondary_school": ("education/school", "amenity/school"),
    "university": ("education/university", "amenity/university"),
    "preschool": ("education/kindergarten", "amenity/kindergarten"),
    "primary_school": ("education/school", "amenity/school"),
    "language_school": ("education/language_school", "amenity/language_school"),
    "doctor": ("amenity/doctors",),
    "veterinary_care": ("amenity/veterinary",),
    "train_station": ("public_transport/station_train", "railway/station"),
    "bus_stop": ("highway/bus_stop", "public_transport/platform/bus_point"),
    "bus_station": ("amenity/bus_station", "public_transport/station_bus"),
    "subway_station": ("public_transport/station_subway", "railway/station/subway"),
    "light_rail_station": ("public_transport/station_light_rail",),
    "airport": ("aeroway/aerodrome",),
    "international_airport": ("aeroway/aerodrome",),
    "ferry_terminal": ("amenity/ferry_terminal", "public_transport/station_ferry"),
    "taxi_stand": ("amenity/taxi",),
    "bicycle_rental": ("amenity/bicycle_rental",),
    "bicycle_store": ("shop/bicycle",),
    "beach": ("natural/beach", "leisure/beach_resort"),
    "hiking_area": ("highway/path",),
    "national_park": ("boundary/national_park",),
    "state_park": ("boundary/protected_area",),
    "campground": ("tourism/camp_site",),
    "bed_and_breakfast": ("tourism/guest_house",),
    "guest_house": ("tourism/guest_house",),
    "police": ("amenity/police",),
    "neighborhood_police_station": ("amenity/police",),
    "city_hall": ("amenity/townhall",),
    "local_government_office": ("office/government", "amenity/townhall"),
    "government_office": ("office/government",),
    "embassy": ("office/diplomatic/embassy",),
    "courthouse": ("amenity/courthouse",),
    "church": ("amenity/place_of_worship/christian",),
    "mosque": ("amenity/place_of_worship/muslim",),
    "synagogue": ("amenity/place_of_worship/jewish",),
    "hindu_temple": ("amenity/place_of_worship/hindu",),
    "buddhist_temple": ("amenity/place_of_worship/buddhist",),
    "shinto_shrine": ("amenity/place_of_worship/shinto",),
    "gym": ("leisure/fitness_centre",),
    "fitness_center": ("leisure/fitness_centre",),
    "swimming_pool": ("leisure/swimming_pool", "leisure/sports_centre/swimming"),
    "sports_complex": ("leisure/sports_centre",),
    "skateboard_park": ("leisure/pitch/skateboard",),
    "ice_skating_rink": ("leisure/ice_rink",),
    "movie_theater": ("amenity/cinema",),
    "performing_arts_theater": ("amenity/theatre",),
    "concert_hall": ("amenity/music_venue", "amenity/theatre"),
    "opera_house": ("amenity/theatre",),
    "art_gallery": ("tourism/gallery", "shop/art"),
    "tourist_attraction": ("tourism/attraction",),
    "tourist_information_center": ("tourism/information/office",),
    "visitor_center": ("tourism/information/visitor_centre",),
    "amusement_park": ("tourism/theme_park",),
    "night_club": ("amenity/nightclub",),
    "ice_cream_shop": ("amenity/ice_cream",),
    "fast_food_restaurant": ("amenity/fast_food",),
    "market": ("amenity/marketplace",),
    "convenience_store": ("shop/convenience",),
    "shopping_mall": ("shop/mall",),
    "clothing_store": ("shop/clothes",),
    "shoe_store": ("shop/shoes",),
    "electronics_store": ("shop/electronics",),
    "cell_phone_store": ("shop/mobile_phone",),
    "hardware_store": ("shop/hardware", "shop/doityourself"),
    "home_improvement_store": ("shop/doityourself",),
    "furniture_store": ("shop/furniture",),
    "butcher_shop": ("shop/butcher",),
    "liquor_store": ("shop/alcohol",),
    "pet_store": ("shop/pet",),
    "gift_shop": ("shop/gift",),
    "sporting_goods_store": ("shop/sports",),
    "jewelry_store": ("shop/jewelry",),
    "discount_store": ("shop/variety_store",),
    "grocery_store": ("shop/supermarket", "shop/greengrocer"),
    "food_store": ("shop/convenience",),
    "home_goods_store": ("shop/houseware",),
    "warehouse_store": ("shop/wholesale",),
    "wholesaler": ("shop/wholesale",),
    "store": ("shop",),
    "hair_salon": ("shop/hairdresser",),
    "hair_care": ("shop/hairdresser",),
    "barber_shop": ("shop/hairdresser/barber",),
    "beauty_salon": ("shop/beauty",),
    "beautician": ("shop/beauty",),
    "nail_salon": ("shop/beauty/nails",),
    "tanning_studio": ("shop/beauty/tanning",),
    "car_repair": ("shop/car_repair",),
    "car_wash": ("amenity/car_wash",),
    "car_rental": ("amenity/car_rental",),
    "car_dealer": ("shop/car",),
    "auto_parts_store": ("shop/car_parts",),
    "cemetery": ("landuse/cemetery", "amenity/grave_yard"),
    "community_center": ("amenity/community_centre",),
    "cultural_center": ("amenity/arts_centre",),
    "child_care_agency": ("amenity/childcare",),
    "coworking_space": ("office/coworking", "amenity/coworking_space"),
    "public_bathroom": ("amenity/toilets",),
    "travel_agency": ("shop/travel_agency",),
    "tour_agency": ("shop/travel_agency",),
    "real_estate_agency": ("office/estate_agent",),
    "insurance_agency": ("office/insurance",),
    "accounting": ("office/accountant",),
    "storage": ("shop/storage_rental",),
    "funeral_home": ("shop/funeral_directors",),
    "observation_deck": ("tourism/viewpoint",),
    "yoga_studio": ("leisure/fitness_centre/yoga",),
    "recycling_center": ("amenity/recycling_centre", "amenity/recycling"),
    "truck_stop": ("amenity/fuel",),
    "corporate_office": ("office/company",),
    "farm": ("landuse/farmyard", "shop/farm"),
    "body_art_service": ("shop/tattoo",),
    "catering_service": ("craft/caterer",),
    "consultant": ("office/consulting",),
    "courier_service": ("amenity/post_depot",),
    "moving_company": ("office/moving_company",),
    "roofing_contractor": ("craft/roofer",),
    "summer_camp_organizer": ("leisure/summer_camp",),
    "childrens_camp": ("leisure/summer_camp",),
    "telecommunications_service_provider": ("shop/telecommunication", "office/telecommunication"),
    "art_studio": ("amenity/studio",),
    "auditorium": ("amenity/events_venue",),
    "event_venue": ("amenity/events_venue",),
    "wedding_venue": ("amenity/events_venue",),
    "banquet_hall": ("amenity/events_venue",),
    "convention_center": ("amenity/conference_centre",),
    "cultural_landmark": ("tourism/attraction",),
    "historical_place": ("historic",),
    "historical_landmark": ("historic/monument", "historic"),
    "monument": ("historic/monument",),
    "sculpture": ("tourism/artwork/sculpture",),
    "amphitheatre": ("amenity/theatre",),
    "philharmonic_hall": ("amenity/music_venue",),
    "adventure_sports_center": ("leisure/sports_centre/climbing_adventure",),
    "amusement_center": ("leisure/amusement_arcade",),
    "video_arcade": ("leisure/amusement_arcade",),
    "dance_hall": ("leisure/dance",),
    "ferris_wheel": ("attraction/big_wheel",),
    "roller_coaster": ("attraction/roller_coaster",),
    "karaoke": ("amenity/karaoke_box",),
    "movie_rental": ("shop/video",),
    "barbecue_area": ("amenity/bbq",),
    "botanical_garden": ("leisure/garden/botanical",),
    "cycling_park": ("leisure/track/cycling",),
    "picnic_ground": ("tourism/picnic_site",),
    "plaza": ("place/square",),
    "wildlife_park": ("tourism/zoo/wildlife",),
    "wildlife_refuge": ("leisure/nature_reserve",),
    "public_bath": ("amenity/public_bath",),
    "stable": ("building/stable",),
    "apartment_building": ("building/apartments",),
    "apartment_complex": ("building/apartments",),
    "condominium_complex": ("building/apartments",),
    "housing_complex": ("landuse/residential",),
    "chiropractor": ("healthcare/alternative/chiropractic",),
    "dental_clinic": ("amenity/dentist",),
    "drugstore": ("shop/chemist", "amenity/pharmacy"),
    "medical_lab": ("healthcare/laboratory",),
    "skin_care_clinic": ("shop/beauty",),
    "spa": ("leisure/sauna", "amenity/public_bath"),
    "wellness_center": ("leisure/sauna",),
    "massage": ("shop/massage",),
    "budget_japanese_inn": ("tourism/guest_house",),
    "japanese_inn": ("tourism/guest_house",),
    "camping_cabin": ("tourism/chalet",),
    "cottage": ("tourism/chalet",),
    "extended_stay_hotel": ("tourism/apartment",),
    "farmstay": ("tourism/guest_house",),
    "inn": ("tourism/guest_house",),
    "lodging": ("tourism/hotel", "tourism/guest_house"),
    "private_guest_room": ("tourism/apartment",),
    "resort_hotel": ("leisure/resort",),
    "rv_park": ("tourism/caravan_site",),
    "mobile_home_park": ("tourism/caravan_site",),
    "asian_grocery_store": ("shop/supermarket",),
    "arena": ("leisure/stadium", "leisure/sports_hall"),
    "athletic_field": ("leisure/pitch",),
    "fishing_charter": ("leisure/fishing",),
    "fishing_pond": ("leisure/fishing",),
    "sports_activity_location": ("leisure/sports_centre",),
    "sports_club": ("club/sport",),
    "sports_coaching": ("leisure/sports_centre",),
    "airstrip": ("aeroway/airstrip", "aeroway/aerodrome"),
    "heliport": ("aeroway/heliport",),
    "park_and_ride": ("amenity/parking/park_ride",),
    "transit_depot": ("landuse/railway",),
    "transit_station": ("public_transport/station",),
    "bagel_shop": ("amenity/fast_food/bagel",),
    "cafeteria": ("amenity/fast_food/cafeteria",),
    "candy_store": ("shop/confectionery",),
    "chocolate_shop": ("shop/chocolate",),
    "chocolate_factory": ("shop/chocolate",),
    "coffee_shop": ("amenity/cafe/coffee_shop", "amenity/cafe"),
    "cafe": ("amenity/cafe",),
    "cat_cafe": ("amenity/cafe",),
    "dog_cafe": ("amenity/cafe",),
    "dessert_shop": ("shop/pastry",),
    "donut_shop": ("amenity/fast_food/donut",),
    "juice_shop": ("amenity/fast_food/juice",),
    "tea_house": ("amenity/cafe/teahouse",),
    "bar_and_grill": ("amenity/bar",),
    "wine_bar": ("amenity/bar",),
    "hamburger_restaurant": ("amenity/fast_food/burger",),
    "steak_house_restaurant": ("amenity/restaurant/steakhouse",),
    "meal_takeaway": ("amenity/fast_food",),
    "meal_delivery": ("amenity/fast_food",),
    "sandwich_shop": ("amenity/fast_food/sandwich",),
    "deli": ("shop/deli",),
    "tailor": ("shop/tailor", "craft/dressmaker"),
    "vegetarian": (),
    "vegan_restaurant": (),
    "atm": ("amenity/atm",),
}
#: Hand-written names for languages whose iD translations are thin (hi, sw, ur, bn) and plurals
#: (ar, vi, he): the common kinds only, added after any iD names.
SUPPLEMENT: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).with_name("category_names_supplement.json")).read_text(encoding="utf-8")
)
_NO_SPACE = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)


@contextlib.contextmanager
def id_presets(package: str | None) -> Iterator[tuple[Path, str]]:
    """The iD presets' ``dist`` folder (from ``--package``, else ``npm pack``, unpacked in a
    temporary folder for the ``with`` block) and the package's version."""
    with tempfile.TemporaryDirectory() as tmp:
        dist = _fetch(package, Path(tmp)) / "dist"
        yield (
            dist,
            json.loads((dist.parent / "package.json").read_text(encoding="utf-8"))["version"],
        )


def _fetch(package: str | None, tmp: Path) -> Path:
    """The unpacked package folder (from ``--package``, else ``npm pack``)."""
    if package and Path(package).is_dir():
        return Path(package)
    tgz = Path(package) if package else None
    if tgz is None:
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True)
        tgz = next(tmp.glob("*.tgz"))
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "package"


def _presets_of(key: str, known: set[str]) -> list[str]:
    if key in PRESETS:
        return [p for p in PRESETS[key] if p in known]
    if key.endswith("_restaurant"):
        cuisine = key[: -len("_restaurant")]
        hits = [f"amenity/restaurant/{cuisine}", f"amenity/fast_food/{cuisine}"]
        return [p for p in hits if p in known]
    for base in (key, key.removesuffix("_store"), key.removesuffix("_shop")):
        for prefix in _PREFIXES:
            if f"{prefix}/{base}" in known:
                return [f"{prefix}/{base}"]
    return []


def _clean(word: str) -> str:
    return " ".join(unicodedata.normalize("NFC", word).replace("\u200c", "\u200c").split())


def _long_enough(word: str) -> bool:
    letters = sum(ch.isalpha() or unicodedata.category(ch) in ("Mn", "Mc") for ch in word)
    return letters >= (2 if _NO_SPACE.search(word) else 3)


def _language_files(dist: Path) -> dict[str, list[Path]]:
    files = {
        p.name.removesuffix(".min.json"): p for p in (dist / "translations").glob("*.min.json")
    }
    out: dict[str, list[Path]] = {}
    for code in sorted(files):
        lang = code.split("-")[0].split("@")[0]
        if lang in out or code in ("index",) or not lang.isalpha():
            continue
        order = MERGE.get(lang, (lang, *sorted(c for c in files if c.startswith(lang + "-"))))
        out[lang] = [files[c] for c in order if c in files]
    return out


def build(dist: Path) -> list[tuple[str, str, list[str]]]:
    """``(kind, language, names)`` rows."""
    known = set(json.loads((dist / "presets.min.json").read_text(encoding="utf-8")))
    with (DATA / "categories.csv").open(encoding="utf-8", newline="") as fh:
        keys = [row["key"] for row in csv.DictReader(fh)]
    mapping = {key: _presets_of(key, known) for key in keys}
    rows: list[tuple[str, str, list[str]]] = []
    files = _language_files(dist)
    for lang in sorted(set(files) | set(SUPPLEMENT)):
        paths = files.get(lang, [])
        if lang == "en":
            continue
        presets = _presets_in(paths)
        names_in_lang = {_clean(p.get("name", "")).casefold() for p in presets.values()}
        for key in keys:
            names: list[str] = []
            terms: list[str] = []
            for pid in mapping[key]:
                p = presets.get(pid)
                if not p:
                    continue
                names.append(_clean(p.get("name", "")))
                if key not in NAMES_ONLY:
                    terms += [_clean(t) for t in re.split(r"[,，、،]", p.get("terms", ""))]
            extra = [w for w in SUPPLEMENT.get(lang, {}).get(key, "").split("|") if w]
            names = [*_building_heads(presets, key, names), *names, *extra]  # "병원" first
            own = {n.casefold() for n in names}
            terms = [t for t in terms if t.casefold() in own or t.casefold() not in names_in_lang]
            terms = [t for t in terms if _NO_SPACE.search(t) or _long_enough(t + "x")]
            seen: set[str] = set()
            words = []
            for w in [*names, *terms]:
                kept = w in extra or _long_enough(w)  # one-character words by hand only ("駅")
                if w and kept and w.casefold() not in seen and len(w) <= 40:
                    seen.add(w.casefold())
                    words.append(w)
            words = words[: MAX_NAMES + len(extra)]
            if lang == "tr":  # "müzeler", "müzeleri": plural and its possessive, by vowel harmony
                words += [f for w in words[:3] for f in _turkish_plurals(w) if f not in words]
            if words:
                rows.append((key, lang, words))
    return rows + _regional_english(dist, keys, mapping)


def _turkish_plurals(word: str) -> list[str]:
    """The plural of a one-word Turkish name and its possessive ("müze" -> "müzeler",
    "müzeleri"; "hastane" -> "hastaneler"; "park" -> "parklar", "parkları")."""
    vowels = [ch for ch in word.casefold() if ch in "aeıioöuü"]
    if " " in word or not vowels:
        return []
    stem = word.casefold()
    return [stem + "ler", stem + "leri"] if vowels[-1] in "eiöü" else [stem + "lar", stem + "ları"]


#: The iD building preset of a kind whose own preset names its grounds or a longer phrase
#: ("학교 부지", school grounds; "기독교 교회", Christian church).
BUILDINGS = {
    "school": "building/school", "primary_school": "building/school",
    "secondary_school": "building/school", "university": "building/university",
    "college": "building/college", "preschool": "building/kindergarten",
    "hospital": "building/hospital", "church": "building/church", "mosque": "building/mosque",
    "synagogue": "building/synagogue", "hindu_temple": "building/temple",
    "train_station": "building/train_station", "hotel": "building/hotel",
    "stadium": "building/stadium", "fire_station": "building/fire_station",
}  # fmt: skip


def _building_heads(presets: dict[str, dict[str, str]], key: str, names: list[str]) -> list[str]:
    """The kind's own noun where iD names it only in a longer phrase: its building preset's
    name less the language's word for a building ("학교 건물" less "건물": "학교"), kept when it
    is a whole part of one of the kind's names ("학교 부지", "محیط بیمارستان")."""
    building = _clean(presets.get("building", {}).get("name", ""))
    preset = presets.get(BUILDINGS.get(key, ""))
    if not building or not preset:
        return []
    head = _less_word(_clean(preset.get("name", "")), building)
    article = head and re.match(r"[a-z]{1,3}\b|[a-z]'", head)  # "van …", "d'hospital"
    ok = head and not article and "/" not in head and any(_whole_part(head, n) for n in names)
    return [head] if ok else []


def _less_word(name: str, word: str) -> str | None:
    """``name`` without ``word`` at its start or end (a word of a script without spaces
    anywhere; "Bina" also as "Binası"), or ``None``."""
    if _NO_SPACE.search(name):
        head = name.replace(word, "").strip(" -の的·")
        return head if len(head) >= 2 and head != name else None
    tokens, cut = name.split(), word.split()
    n = len(cut)
    if len(tokens) <= n:
        return None
    for rest, ends in ((tokens[n:], tokens[:n]), (tokens[: len(tokens) - n], tokens[-n:])):
        if all(t.casefold().startswith(w.casefold()) for t, w in zip(ends, cut, strict=True)):
            return " ".join(rest)
    return None


def _whole_part(part: str, name: str) -> bool:
    """Whether ``part`` is a whole word run of a longer ``name`` (a substring in a script
    without spaces)."""
    if _NO_SPACE.search(part):
        return part in name and part != name
    p, n = part.casefold().split(), name.casefold().split()
    return len(n) > len(p) and any(n[i : i + len(p)] == p for i in range(len(n) - len(p) + 1))


def _presets_in(paths: list[Path]) -> dict[str, dict[str, str]]:
    """Preset id -> texts of a language's translation files (the first file's texts win)."""
    presets: dict[str, dict[str, str]] = {}
    for path in reversed(paths):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for value in doc.values():
            presets.update(value.get("presets", {}).get("presets", {}))
    return presets


def _words_of(preset: dict[str, str]) -> list[str]:
    terms = re.split(r"[,，、،]", preset.get("terms", ""))
    return [w for w in (_clean(t) for t in [preset.get("name") or "", *terms]) if w]


def _regional_english(
    dist: Path, keys: list[str], mapping: dict[str, list[str]]
) -> list[tuple[str, str, list[str]]]:
    """``(kind, "en", words)`` rows: the words iD's British, Australian, New Zealand, Canadian,
    Irish and Indian English give a kind beside its English ones ("bottle shop", "dairy",
    "taxi rank"); a display form ("Bottle Shop (Alcohol Shop)", "Convenience Store / Dairy") is
    left out, its term kept."""
    folder = dist / "translations"
    base = _presets_in([folder / "en.min.json"])
    regional = [_presets_in([folder / f"{c}.min.json"]) for c in REGIONAL_EN]
    with (DATA / "categories.csv").open(encoding="utf-8", newline="") as fh:
        table = list(csv.DictReader(fh))
    seen = {_bare(w) for r in table for w in r["en"].split("|")}  # any kind's English name,
    seen |= {_bare(r["key"].replace("_", " ")) for r in table}  # or the one its key gives
    rows = []
    for key in keys:
        pids = mapping[key]
        known = seen | {_bare(w) for pid in pids for w in _words_of(base.get(pid, {}))}
        words: list[str] = []
        for pid in pids[:1]:  # the kind's own preset ("art shop" is no gallery's)
            for w in (w for presets in regional for w in _words_of(presets.get(pid, {}))):
                if _bare(w) not in known and _long_enough(w) and not set(w) & set("/()"):
                    known.add(_bare(w))
                    seen.add(_bare(w))  # a word names the first kind only
                    words.append(w.lower())
        if words:
            rows.append((key, "en", words))
    return rows


def _bare(word: str) -> str:
    """``word`` folded and without accents ("Café" -> "cafe")."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", help="unpacked package folder or .tgz (default: npm pack)")
    parser.add_argument("--organicmaps", help="Organic Maps data/categories.txt (second source)")
    ns = parser.parse_args()
    with id_presets(ns.package) as (dist, version):
        rows = build(dist)
        known = set(json.loads((dist / "presets.min.json").read_text(encoding="utf-8")))
        english = _presets_in([dist / "translations" / "en.min.json"])
    merged = (
        _with_organicmaps(rows, Path(ns.organicmaps), known, english) if ns.organicmaps else None
    )
    with OUT.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(
            f"# Place-kind names per language from the OpenStreetMap iD presets: npm {PACKAGE} "
            f"{version}, ISC licence, (c) iD contributors. Built by tools/build_category_names.py.\n"
        )
        if merged is None:
            for key, lang, words in rows:
                fh.write(f"{key}\t{lang}\t{_joined(words)}\n")
        else:
            fh.write(OM_NOTE)
            for key, lang, words, extra in merged:
                fh.write(
                    f"{key}\t{lang}\t{_joined(words)}{chr(9) + _joined(extra) if extra else ''}\n"
                )
    count = len(merged if merged is not None else rows)
    print(f"{OUT.relative_to(ROOT)}: {count} rows, {OUT.stat().st_size:,} bytes")


#: The tsv's second comment line when Organic Maps' words are added (a fourth column).
OM_NOTE = (
    "# Fourth column: words from Organic Maps data/categories.txt (github organicmaps/organicmaps, "
    "Apache-2.0, (c) Organic Maps contributors), after iD's; rules in tools/category_names_om.py.\n"
)


def _joined(words: list[str]) -> str:
    return "|".join(w.replace("|", " ") for w in words)


def _with_organicmaps(
    rows: list[tuple[str, str, list[str]]],
    path: Path,
    known: set[str],
    english: dict[str, dict[str, str]],
) -> list[tuple[str, str, list[str], list[str]]]:
    """The rows with Organic Maps' words of each kind and language (:mod:`category_names_om`),
    iD's display name checked against Organic Maps' where iD's English names the kind's preset
    with a qualifier (``english``: iD's English presets)."""
    import category_names_om as om

    with (DATA / "categories.csv").open(encoding="utf-8", newline="") as fh:
        table = list(csv.DictReader(fh))
    keys = [row["key"] for row in table]
    own_en = {r["key"]: [r["key"].replace("_", " "), *r["en"].split("|")] for r in table}
    id_en = {
        k: english.get(next(iter(_presets_of(k, known)), ""), {}).get("name", "") for k in keys
    }
    groups, blocks = om.parse(path)
    kinds = om.kinds_of_blocks(blocks, keys, _presets_of, known)
    words = om.unshared(*om.own_words(groups, blocks, kinds), kinds)
    words = {k: ws for k, ws in words.items() if not k[0] & NAMES_ONLY}  # generic: "Santuario"
    merged = om.merge(rows, words, DATA / "categories.csv", _long_enough)
    qualified = om.qualified_kinds(id_en, own_en)
    vote = om.votes(groups, blocks, kinds)
    return om.display_first(merged, vote, qualified, frozenset({*OWN, "en"}), SUPPLEMENT)


if __name__ == "__main__":
    main()
