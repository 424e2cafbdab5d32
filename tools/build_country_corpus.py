"""Rebuild ``tests/data/country_searches.csv``: a search for a kind in a country, in 24 languages.

Every country CLDR names (Babel, Unicode licence) is asked for hotels in each language, written
as the language writes a place after its preposition or postposition: the name as it is ("hotels
in Chile", "hoteles en Chile", "Chile में होटल", "チリのホテル"), or, in the languages whose
country names take an article or an articled preposition, as a grammar reference writes it:

- English: "the" before a name of a republic, kingdom, union, states, islands or a plural name
  ("in the Netherlands");
- French: "en" before a feminine name (ending in "-e") or one opening with a vowel, "au" before a
  masculine one, "aux" before a plural one, "à" before the islands and city states that take no
  article (Grevisse, *Le Bon Usage*, § 1051, and the Office québécois de la langue française's
  "Noms de pays: prépositions");
- German: "in der" before the feminine names, "im" before the masculine ones and "in den" (a
  dative plural, "-n") before the plural ones Duden lists with their article ("in der Schweiz",
  "im Irak", "in den Niederlanden"); "in" before the rest;
- Italian: "in" before a singular name, "negli", "nei", "nelle" before a plural one, "nel" or
  "nella" before a name that opens with "Regno", "Repubblica" (Treccani, "preposizioni
  articolate");
- Dutch: "in de" before a plural name or a republic, "in het" before a kingdom;
- Greek: the article of the name's gender and number joined to "σε" ("στη Γαλλία", "στο Μεξικό",
  "στις Ηνωμένες Πολιτείες"), by its ending;
- Turkish: the locative suffix by vowel harmony and the last sound ("Fransa'da", "Mısır'da",
  "Peru'da", "Türkiye'de"); Bengali: the locative glued to the name ("ফ্রান্সে", "রাশিয়ায়").

Russian, Ukrainian, Polish and Czech, whose country names inflect, are measured by
``benchmarks/bench_town_cases.py``. The truth is the country's code; ``bench_countries.py``
checks where the listed places lie against Natural Earth's country polygons, which the emulator
does not read. ``python tools/build_country_corpus.py`` (Babel only).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from babel import Locale

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "country_searches.csv"

#: What a language asks, ``{X}`` the country as written after the preposition.
TEMPLATES = {
    "en": "hotels {X}",
    "es": "hoteles en {X}",
    "pt": "hotéis em {X}",
    "fr": "hôtels {X}",
    "de": "Hotels {X}",
    "it": "hotel {X}",
    "nl": "hotels {X}",
    "sv": "hotell i {X}",
    "ro": "hoteluri în {X}",
    "id": "hotel di {X}",
    "vi": "khách sạn ở {X}",
    "sw": "hoteli nchini {X}",
    "tr": "{X} oteller",
    "el": "ξενοδοχεία {X}",
    "ar": "فنادق في {X}",
    "fa": "هتل در {X}",
    "ur": "{X} میں ہوٹل",
    "hi": "{X} में होटल",
    "he": "מלונות ב{X}",
    "ja": "{X}のホテル",
    "zh": "{X}的酒店",
    "ko": "{X} 호텔",
    "th": "โรงแรมใน{X}",
    "bn": "{X} হোটেল",
}
#: Codes CLDR names that are no country.
NOT_COUNTRIES = {"EU", "EZ", "UN", "QO", "XA", "XB", "ZZ", "AQ", "BV", "HM", "CP", "DG", "EA", "IC"}

_EN_THE = ("Republic", "Kingdom", "States", "Emirates", "Islands", "Union")
_EN_PLURAL = {"Netherlands", "Philippines", "Bahamas", "Maldives", "Comoros", "Seychelles"}
_EN_THE_NAMES = {"Gambia", "Vatican City"}


def english(name: str) -> str:
    plural = name in _EN_PLURAL or name in _EN_THE_NAMES
    return f"in the {name}" if plural or any(w in name.split() for w in _EN_THE) else f"in {name}"


_FR_MASCULINE_E = {"Mexique", "Cambodge", "Mozambique", "Zimbabwe", "Belize", "Suriname"}
_FR_A = {
    "Cuba", "Madagascar", "Malte", "Chypre", "Singapour", "Monaco", "Haïti", "Maurice",
    "Bahreïn", "Djibouti", "Taïwan", "Sri Lanka", "Oman", "Saint-Marin", "Trinité-et-Tobago",
    "Sainte-Lucie", "Saint-Vincent-et-les-Grenadines", "Saint-Kitts-et-Nevis", "Nauru",
    "Tuvalu", "Kiribati", "Palaos", "Tonga", "Samoa", "Grenade", "Antigua-et-Barbuda",
    "Barbade", "Dominique", "Hong Kong", "Macao", "Porto Rico", "Jamaïque",
}  # fmt: skip


def french(name: str) -> str:
    if name in _FR_A or name.startswith(("La ", "Le ", "Les ", "L’", "L'")):
        return f"à {name}"
    plural = ("Pays-", "Îles", "États", "Émirats", "Territoires", "Philippines", "Comores",
              "Maldives", "Seychelles", "Bahamas")  # fmt: skip
    if name.startswith(plural):
        return f"aux {name}"
    if name[0] in "AEIOUÉÈÊÎÏÔÖÛÜaeiouéèêîïôöûüYH" and not name.startswith(("Hon", "Hongrie")):
        return f"en {name}"
    if name.endswith("e") and name not in _FR_MASCULINE_E:
        return f"en {name}"
    return f"au {name}"


#: Duden's country names with their article (feminine, masculine, plural).
_DE_FEMININE = {
    "Schweiz", "Türkei", "Ukraine", "Slowakei", "Mongolei", "Zentralafrikanische Republik",
    "Dominikanische Republik", "Elfenbeinküste", "Republik Moldau", "Demokratische Republik Kongo",
}  # fmt: skip
_DE_MASCULINE = {"Irak", "Iran", "Jemen", "Libanon", "Sudan", "Südsudan", "Tschad", "Niger",
                 "Oman", "Senegal", "Vatikanstadt", "Kosovo"}  # fmt: skip
_DE_PLURAL = {"Niederlande", "Vereinigte Staaten", "Philippinen", "Malediven", "Seychellen",
              "Bahamas", "Komoren", "Vereinigte Arabische Emirate", "Salomonen",
              "Marshallinseln"}  # fmt: skip


def _dative_plural(word: str) -> str:
    return word if word.endswith(("n", "s")) else word + "n"


def german(name: str) -> str:
    if name in _DE_FEMININE:
        return f"in der {name}"
    if name in _DE_MASCULINE:
        return f"im {name}"
    if name in _DE_PLURAL:
        return "in den " + " ".join(_dative_plural(w) for w in name.split())
    return f"in {name}"


def italian(name: str) -> str:
    words = name.split()
    if words[0] == "Stati" or words[0] == "Emirati":
        return f"negli {name}"
    if words[0] == "Paesi":
        return f"nei {name}"
    if words[0] in ("Filippine", "Maldive", "Comore", "Seychelles", "Bahamas", "Isole"):
        return f"nelle {name}"
    if words[0] == "Regno":
        return f"nel {name}"
    if words[0] == "Repubblica":
        return f"nella {name}"
    return f"in {name}"


def dutch(name: str) -> str:
    if name.startswith("Verenigd Koninkrijk"):
        return f"in het {name}"
    plural = name.endswith(("en", "'s")) and name not in ("Oman", "Jemen", "Sweden")
    if plural or "Republiek" in name or name.startswith("Verenigde"):
        return f"in de {name}"
    return f"in {name}"


def greek(name: str) -> str:
    words = name.split()
    head = words[0] if len(words) > 2 and words[1] in ("του", "της", "των") else words[-1]
    if head.endswith("ες"):
        return f"στις {name}"
    if head.endswith("οι"):
        return f"στους {name}"
    if len(words) > 1 and all(w.endswith(("α", "ά")) for w in words):
        return f"στα {name}"  # a neuter plural: "Ηνωμένα Αραβικά Εμιράτα"
    if head.endswith(("α", "η", "ά", "ή")):
        return f"στην {name}"
    if head.endswith(("ος", "ας", "ης", "ός", "άς", "ής")):
        return f"στον {name}"
    return f"στο {name}"


_TR_BACK = set("aıou")
_TR_FRONT = set("eiöü")
_TR_HARD = set("çfhkpsşt")


def turkish(name: str) -> str:
    vowels = [c for c in name.lower() if c in _TR_BACK | _TR_FRONT]
    vowel = "a" if not vowels or vowels[-1] in _TR_BACK else "e"
    d = "t" if name[-1].lower() in _TR_HARD else "d"
    return f"{name}'{d}{vowel}"


_BN_VOWEL_SIGNS = "িীুূৃেৈোৌ"


def bengali(name: str) -> str:
    """The locative glued to the last word: "-য়" after "া", "-তে" after another vowel, "-ে"
    after a consonant (ফ্রান্সে, রাশিয়ায়, ইতালিতে; any Bengali grammar's locative)."""
    if name.endswith("া"):
        return name + "য়"
    if name.endswith(tuple(_BN_VOWEL_SIGNS)) or name[-1] in "অআইঈউঊএঐওঔ":
        return name + "তে"
    return name + "ে"


WRITERS = {"en": english, "fr": french, "de": german, "it": italian, "nl": dutch,
           "el": greek, "tr": turkish, "bn": bengali}  # fmt: skip


#: Prepositions that carry no article.
_PLAIN = {"in", "en", "à", "i", "în", "di", "ở"}


def _class(written: str, name: str) -> str:
    """``"articled"`` where an article or an articled preposition stands before the name,
    ``"suffix"`` for a case ending, ``"bare"`` for a plain preposition."""
    if not written.startswith(name) and written.endswith(name):
        before = written[: -len(name)].split()
        return "bare" if len(before) == 1 and before[0] in _PLAIN else "articled"
    return "suffix" if written.startswith(name) else "articled"


def rows() -> list[tuple[str, str, str, str]]:
    """``(class, language, query, country code)`` for every country and language."""
    codes = sorted(c for c in Locale("en").territories if len(c) == 2 and c.isalpha())
    out = []
    for lang, template in TEMPLATES.items():
        names = Locale(lang).territories
        writer = WRITERS.get(lang)
        for cc in codes:
            if cc in NOT_COUNTRIES or cc not in names:
                continue
            name = names[cc]
            written = writer(name) if writer else name
            cls = "bare" if written == name else _class(written, name)
            out.append((cls, lang, template.replace("{X}", written), cc))
    return out


def write(data: list[tuple[str, str, str, str]], out: Path) -> None:
    """Write corpus rows ``(cls, lang, query, cc)`` to ``out`` (``tests/data``)."""
    with out.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["cls", "lang", "query", "cc"])
        w.writerows(data)
    print(f"{len(data)} rows -> {out.relative_to(ROOT)}", file=sys.stderr)


def main() -> None:
    write(rows(), OUT)


if __name__ == "__main__":
    main()
