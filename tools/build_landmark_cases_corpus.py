"""Write ``tests/data/landmark_cases_corpus.csv``: famous places asked in their cases (issue 40,
round 20), a corpus the emulator never reads, for ``bench_landmarks.py --corpus cases``.

The names are the nominatives users type in ``tests/data/landmark_queries.csv`` (ru, uk, pl, cs,
tr, el); truth is the place's point in ``tests/data/landmark_truth.csv``. Each name is put in the
case a preposition or postposition governs, inside a search ("рестораны рядом с …", "готелі
біля …", "hotele w pobliżu …", "hotely u …", "… yakın oteller", "ξενοδοχεία κοντά σ…"), by
means apart from the emulator's (``tools/build_landmark_cases.py`` reads pymorphy3, Morfeusz and
its own rule table):

- Ukrainian nouns: UniMorph's Ukrainian paradigms (https://github.com/unimorph/ukr, CC BY-SA
  3.0; ``git --git-dir=<mirror> show HEAD:ukr``, given as the first argument), GEN, INS, ESS;
- Russian: the declension tables of T. Wade, "A Comprehensive Russian Grammar" (3rd ed. 2011),
  nouns by their ending, adjectives -ый/-ий/-ой/-ая/-ое;
- Polish and Czech: each head noun's forms as the declension tables of pl.wiktionary.org and
  cs.wiktionary.org give them (typed below), adjectives by O. Swan, "A Grammar of Contemporary
  Polish" (2002) and J. Naughton, "Czech: An Essential Grammar" (2005);
- Turkish: the dative and genitive suffixes of Göksel & Kerslake (2005) with vowel harmony;
- Greek: the accusative and article after "σε" of Holton et al. (2012), typed per head noun.

Names a rule does not cover are left out (the corpus says so in its count).
``python tools/build_landmark_cases_corpus.py /path/to/unimorph-ukr.tsv``.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "tests" / "data" / "landmark_queries.csv"
OUT = ROOT / "tests" / "data" / "landmark_cases_corpus.csv"

# ----------------------------------------------------------------------------- Russian (Wade)
_RU_ADJ = {
    "ый": ("ого", "ым"),
    "ий": ("ого", "им"),
    "ой": ("ого", "ым"),
    "ая": ("ой", "ой"),
    "ое": ("ого", "ым"),
    "ва": ("вой", "вой"),
}  # fmt: skip (-ва: Эйфелева, possessive)
_RU_FEM_SOFT = {"площадь", "церковь"}


def _ru_noun(word: str) -> tuple[str, str] | None:
    """A Russian noun's genitive and instrumental singular by its ending (Wade §§ 40-80)."""
    low = word.lower()
    if low.endswith("ия"):
        return word[:-1] + "и", word[:-1] + "ей"
    if low.endswith("а"):
        gen = "и" if low[-2:-1] in "гкхжшчщ" else "ы"
        return word[:-1] + gen, word[:-1] + ("ей" if low[-2:-1] in "жшчщц" else "ой")
    if low.endswith("я"):
        return word[:-1] + "и", word[:-1] + "ей"
    if low.endswith("ь"):
        if low in _RU_FEM_SOFT:
            return word[:-1] + "и", word + "ю"
        return word[:-1] + "я", word[:-1] + "ем"
    if low.endswith("й"):
        return word[:-1] + "я", word[:-1] + "ем"
    if low.endswith("о") or low[-1] in "аеиоуыэюя":
        return None  # indeclinable or neuter: left out
    return word + "а", word + ("ем" if low[-1] in "жшчщц" else "ом")


def _ru(name: str) -> dict[str, str]:
    """A Russian name's genitive and instrumental: adjectives before the first noun agree, the
    noun's last hyphen part declines, the words after it stay."""
    words = name.split(" ")
    head = next(
        (i for i, w in enumerate(words) if w[-2:].lower() not in _RU_ADJ or i == len(words) - 1),
        None,
    )
    if head is None:
        return {}
    first, _, last = words[head].rpartition("-")
    noun = _ru_noun(last)
    if noun is None:
        return {}
    fem = last.lower().endswith(("а", "я")) or last.lower() in _RU_FEM_SOFT
    forms = {}
    for k, case in enumerate(("gen", "ins")):
        adjs = []
        for w in words[:head]:
            end = w[-2:].lower()
            if fem != (end in ("ая", "ва")):
                return {}
            made = _RU_ADJ[end][k]
            if made[:1] == "ы" and w[-3:-2] in "гкхжшщч":  # "Большим" (spelling rule)
                made = "и" + made[1:]
            adjs.append(w[:-2] + made)
        noun_form = (first + "-" if first else "") + noun[k]
        after = [
            (_ru_noun(w) or (w,))[k] if w.endswith("ия") else w for w in words[head + 1 :]
        ]  # a noun in apposition declines too ("Саграды Фамилии")
        forms[case] = " ".join([*adjs, noun_form, *after])
    return forms


# ----------------------------------------------------------------------------- Ukrainian
_UK_ADJ = {"ий": ("ого", "им"), "а": ("ої", "ою"), "е": ("ого", "им")}


def _unimorph(path: Path | None) -> dict[str, dict[str, str]]:
    """UniMorph ukr: lemma -> {"GEN": form, "INS": form} of its singular."""
    out: dict[str, dict[str, str]] = {}
    if path is None:
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        lemma, form, feats = [*line.split("\t"), "", ""][:3]
        tags = feats.split(";")
        if tags[:1] == ["N"] and "SG" in tags:
            for case in ("GEN", "INS"):
                if case in tags:
                    out.setdefault(lemma, {}).setdefault(case, form)
    return out


def _uk(name: str, paradigms: dict[str, dict[str, str]]) -> dict[str, str]:
    """A Ukrainian name's genitive and instrumental: the first word UniMorph declines is the
    noun; adjectives before or right after it agree (Pugh & Press's endings)."""
    words = name.split(" ")
    head = next((i for i, w in enumerate(words) if w.lower() in paradigms), None)
    if head is None:
        return {}
    table = paradigms[words[head].lower()]
    forms = {}
    for k, (case, tag) in enumerate((("gen", "GEN"), ("ins", "INS"))):
        if tag not in table:
            return {}
        noun = table[tag]
        noun = noun[:1].upper() + noun[1:] if words[head][:1].isupper() else noun
        made = []
        for i, w in enumerate(words):
            end = next((e for e in ("ий", "а", "е") if w.endswith(e)), None)
            agrees = i < head or (i == head + 1 and w[:1].islower())
            if i == head:
                made.append(noun)
            elif agrees and end and i < head + 2:
                made.append(w[: -len(end)] + _UK_ADJ[end][k])
            elif i < head:
                return {}
            else:
                made.append(w)
        forms[case] = " ".join(made)
    return forms


# ----------------------------------------------------------------------------- Polish, Czech
#: Head nouns' genitive and locative singular as pl.wiktionary's and cs.wiktionary's tables give.
_PL_NOUNS = {
    "wieża": ("wieży", "wieży"), "brama": ("bramy", "bramie"), "mur": ("muru", "murze"),
    "rynek": ("rynku", "rynku"), "pałac": ("pałacu", "pałacu"), "zamek": ("zamku", "zamku"),
    "kopalnia": ("kopalni", "kopalni"),
}  # fmt: skip
_CS_NOUNS = {
    "oblouk": ("oblouku", "oblouku"), "věž": ("věže", "věži"), "hrad": ("hradu", "hradě"),
    "most": ("mostu", "mostě"), "katedrála": ("katedrály", "katedrále"),
    "socha": ("sochy", "soše"), "zeď": ("zdi", "zdi"), "zámek": ("zámku", "zámku"),
    "orloj": ("orloje", "orloji"), "náměstí": ("náměstí", "náměstí"),
}  # fmt: skip
_FEMININE = {"wieża", "brama", "kopalnia", "věž", "katedrála", "socha", "zeď"}
_NEUTER = {"náměstí"}
_PL_ADJ = {"m": {"i": ("iego", "im"), "y": ("ego", "ym")}, "f": {"a": ("ej", "ej")}}
_CS_ADJ = {
    "m": {"ý": ("ého", "ém"), "ův": ("ova", "ově"), "í": ("ího", "ím")},
    "f": {"á": ("é", "é"), "ova": ("ovy", "ově"), "í": ("í", "í")},
    "n": {"é": ("ého", "ém"), "í": ("ího", "ím")},
}


_PL_POSTPOSED = ("ski", "cki", "ska", "cka", "ny", "na", "wy", "wa")


def _postposed(word: str, adjs: dict) -> bool:
    """Whether a word after a Polish noun is an adjective (by its suffix: "Brandenburska",
    "Główny"; not "Eiffla", "Kultury", genitives); any adjective's ending in Czech."""
    return adjs is not _PL_ADJ or word.endswith(_PL_POSTPOSED)


def _west(name: str, nouns: dict[str, tuple[str, str]], adjs: dict) -> dict[str, str]:
    """A Polish or Czech name's genitive and locative: the head noun of the table, adjectives
    before it or right after it agreeing, the other words kept."""
    words = name.split(" ")
    head = next((i for i, w in enumerate(words) if w.lower() in nouns), None)
    if head is None:
        return {}
    lemma = words[head].lower()
    gender = "f" if lemma in _FEMININE else "n" if lemma in _NEUTER else "m"
    forms = {}
    for k, case in enumerate(("gen", "loc")):
        noun = nouns[lemma][k]
        made = []
        for i, w in enumerate(words):
            end = next(
                (e for e in sorted(adjs[gender], key=len, reverse=True) if w.endswith(e)), ""
            )
            if i == head:
                made.append(noun[:1].upper() + noun[1:] if w[:1].isupper() else noun)
            elif end and (i < head or (i == head + 1 and _postposed(w, adjs))):
                soft = "i" if adjs is _PL_ADJ and end == "a" and w[-2:-1] in "kg" else ""
                made.append(w[: -len(end)] + soft + adjs[gender][end][k])
            elif i < head:
                return {}
            else:
                made.append(w)
        forms[case] = " ".join(made)
    return forms


# ----------------------------------------------------------------------------- Turkish
def _tr(name: str) -> dict[str, str]:
    """A Turkish name's dative and genitive after an apostrophe (Göksel & Kerslake § 8.1, § 14:
    y/n buffers, the pronominal n after a compound's -(s)I, two- and four-way harmony)."""
    low = name.replace("İ", "i").replace("I", "ı").lower()
    vowels = [c for c in low if c in "aıoueiöüâ"]
    if not vowels:
        return {}
    last = vowels[-1].replace("â", "a")
    a = "a" if last in "aıou" else "e"
    i = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[last]
    vowel_end = low[-1] in "aıoueiöüâ"
    compound = " " in low and low[-1] in "ıiuü"  # "Sarayı", "Kulesi", "Camii", "Kenti"
    if compound:
        return {"dat": f"{name}'n{a}", "gen": f"{name}'n{i}n"}
    if vowel_end:
        return {"dat": f"{name}'y{a}", "gen": f"{name}'n{i}n"}
    return {"dat": f"{name}'{a}", "gen": f"{name}'{i}n"}


# ----------------------------------------------------------------------------- Greek
#: Each Greek name's accusative with "σε"'s article (Holton et al. § 2, § 4.1: "στην" before a
#: vowel or a plosive, "στη" else), typed per head noun's gender and number.
_EL = {
    "Ακρόπολη": "στην Ακρόπολη", "Παρθενώνας": "στον Παρθενώνα", "Μετέωρα": "στα Μετέωρα",
    "Δελφοί": "στους Δελφούς", "Πύργος του Άιφελ": "στον Πύργο του Άιφελ",
    "Κολοσσαίο": "στο Κολοσσαίο", "Πυραμίδες της Γκίζας": "στις Πυραμίδες της Γκίζας",
    "Όρος Όλυμπος": "στο Όρος Όλυμπος", "Σαντορίνη": "στη Σαντορίνη",
    "Σαγκράδα Φαμίλια": "στη Σαγκράδα Φαμίλια",
}  # fmt: skip

#: Sentences per language and case: a search whose preposition governs that case.
_SENTENCES = {
    ("ru", "gen"): "отели около {}", ("ru", "ins"): "рестораны рядом с {}",
    ("uk", "gen"): "готелі біля {}",
    ("pl", "gen"): "hotele w pobliżu {}", ("pl", "loc"): "restauracje przy {}",
    ("cs", "gen"): "hotely u {}", ("cs", "loc"): "restaurace na {}",
    ("tr", "dat"): "{} yakın oteller", ("tr", "gen"): "{} yakınında restoranlar",
    ("el", "acc"): "ξενοδοχεία κοντά {}",
}  # fmt: skip


def _cases(lang: str, name: str, paradigms: dict[str, dict[str, str]]) -> dict[str, str]:
    if lang == "ru":
        return _ru(name)
    if lang == "uk":
        return _uk(name, paradigms)
    if lang in ("pl", "cs"):
        nouns, adjs = (_PL_NOUNS, _PL_ADJ) if lang == "pl" else (_CS_NOUNS, _CS_ADJ)
        return _west(name, nouns, adjs)
    if lang == "tr":
        return _tr(name)
    return {"acc": _EL[name]} if lang == "el" and name in _EL else {}


def _truth() -> dict[str, list[str]]:
    """``landmark_truth.csv``: key -> [lat, lng, tol_km]."""
    with (QUERIES.with_name("landmark_truth.csv")).open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        return {r["key"]: [r["lat"], r["lng"], r["tol_km"]] for r in rows}


def main() -> None:
    paradigms = _unimorph(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
    truth = _truth()
    with QUERIES.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    out, left = [], 0
    for row in rows:
        key, lang, name = row["key"], row["lang"], row["query"]
        if lang not in ("ru", "uk", "pl", "cs", "tr", "el") or key not in truth:
            continue
        made = {c: f for c, f in _cases(lang, name, paradigms).items() if f != name}
        left += not made
        for case, form in made.items():
            if (lang, case) in _SENTENCES:
                query = _SENTENCES[lang, case].format(form)
                out.append((key, f"search-{case}", lang, query, *truth[key]))
            if lang != "el":  # (Greek's form holds its article: a search's words)
                out.append((key, f"bare-{case}", lang, form, *truth[key]))
    head = (
        "# Famous places in their cases (issue 40, round 20), written by "
        "tools/build_landmark_cases_corpus.py:\n# names from landmark_queries.csv, case forms "
        "from UniMorph ukr (CC BY-SA 3.0) and the grammars cited there,\n# truth "
        "landmark_truth.csv's point (qid: its key; kind: a search or the bare form, and the case).\n"
    )
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(head)
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(("qid", "kind", "lang", "query", "lat", "lng", "tol_km"))
        writer.writerows(out)
    print(f"{OUT}: {len(out)} queries; {left} names no rule covers left out")


if __name__ == "__main__":
    main()
