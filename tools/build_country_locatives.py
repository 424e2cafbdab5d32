"""Build ``mapsnb_sandbox/data/country_locatives.csv``: how a summary says "in <country>" in
French, Portuguese, German, Italian, Dutch, Spanish and Greek ("en France", "au Japon", "aux
États-Unis", "nos Estados Unidos", "im Iran", "negli Stati Uniti", "στη Γαλλία").

A row is ``code,lang,phrase``: the preposition, the article the name takes (contracted as the
language writes it) and the country's name as the summaries show it (CLDR via Babel, Unicode
licence). The phrase is written by each language's rule for the preposition "in" before a
country's name, from the article class of the name:

* French (Grevisse & Goosse, *Le Bon Usage*, prepositions before names of countries; the
  *Journal officiel*'s "Recommandation concernant les noms d'États" of 24 Sept. 2008, which
  gives each state's article): "en" before a feminine name and a masculine one opening with a vowel, "au" before
  another masculine, "aux" before a plural, "à" before a name without article (most island
  states); a name ending in a mute -e is feminine but for the masculine ones listed.
* Portuguese, Brazilian as CLDR "pt" writes the names (Cunha & Cintra, *Nova Gramática do
  Português Contemporâneo*, the article with names of countries): "em" + the article, "no",
  "na", "nos", "nas"; "em" alone before a name without article (Portugal, Cuba, Angola, Israel).
* German (Duden, *Die Grammatik*, names of states with the article): "in" before a neuter name
  without article, "im" before a masculine one ("im Iran"), "in der" a feminine ("in der
  Schweiz"), "in den" a plural, in its dative ("in den Vereinigten Staaten").
* Italian (Serianni, *Grammatica italiana*, and Treccani, the article with names of states):
  "in" before a singular name without article ("in Francia", "in Giappone"), the article
  joined to "in" before a plural or a name with a common noun ("negli Stati Uniti", "nel Regno
  Unito", "nella Repubblica Dominicana"), "a" before island and city states.
* Dutch (Taalunie, Taaladvies: names of countries with or without article): "in" + the name;
  "de"/"het" only for a plural or a name with a common noun ("in de Verenigde Staten", "in het
  Verenigd Koninkrijk").
* Spanish (RAE, *Diccionario panhispánico de dudas*, "artículo", and *Ortografía* 2010): a
  country's name takes no article where the article is optional ("en Estados Unidos", "en
  Perú": current use leaves it out), and its article where the name holds a common noun or is
  so named ("en el Reino Unido", "en los Países Bajos", "en la República Dominicana").
* Greek (Triantafyllides, *Νεοελληνική Γραμματική*, the article with place names): "σε" joined
  to the accusative article, "στη(ν)" (the -ν kept before a vowel and κ, π, τ, ξ, ψ, μπ, ντ,
  γκ, τσ, τζ), "στον", "στο", "στις", "στα"; a masculine name in its accusative ("στον
  Καναδά"); gender by the name's ending (-α, -η feminine; -ας masculine; -ες feminine plural;
  an indeclinable foreign ending neuter) but for the names listed.

A third column, ``from``, says "from <country>" (where a route starts), its opening written
from the locative's: French "de"/"du"/"des" ("de France", "du Portugal", "des Pays-Bas", "de
Cuba"; Grevisse, the article contracted with "de"), German "von" with the dative ("von der
Schweiz", "vom Iran", "von den Niederlanden"; Duden), Spanish "de"/"del"/"de los" (RAE, DPD
"del"), Portuguese "de"/"do"/"da"/"dos"/"das" (Cunha & Cintra), Dutch "van", Greek "από" with
the accusative article ("από την Ιταλία", "από τον Καναδά"); Italian "da" with the article
that "in" drops (Serianni, the article with names of states: "dalla Francia", "dal
Portogallo", "dall'Iran", "dallo Yemen", "dagli Stati Uniti", "da Cuba", "da Israele"), the
gender by the head word's -a (feminine) but for the masculine names listed, a name whose
article usage splits (Zambia, Guyana, Eswatini) or that holds its own (El Salvador) left out.

A second column, ``to``, says "to <country>" (the allative: where a route ends), from the same
classes and the same references: French, Italian and Greek say it as they say "in" (Grevisse:
"aller en France, au Japon, aux États-Unis, à Cuba"; Serianni: "andare in Francia, negli Stati
Uniti"; Triantafyllides: "πάω στη Γαλλία"); German "nach" before a name without article and
"in" + the accusative article before one with it ("in die Schweiz", "in den Iran", "ins
Vereinigte Königreich", "auf die Philippinen"; Duden); Spanish "a" and its article, "al"
contracted ("a Italia", "al Reino Unido", "a los Países Bajos"; RAE, DPD "a", "al"); Portuguese
"a" contracted with the article ("à Itália", "ao Canadá", "aos Estados Unidos", "a Portugal";
Cunha & Cintra, the crase); Dutch "naar" ("naar de Verenigde Staten"). A name whose allative the
references leave open (German "der/das Kosovo") has an empty ``to``.

The classes below are typed by hand from those references (no machine-readable source of every
country's article in these languages was found with a licence to ship); a name whose article
the references leave open, or whose usage differs, is left out: the summary keeps its neutral
"search area" form there, never a wrong article. German genders are checked against the
``german-nouns`` package (Wiktionary DE, CC BY-SA 4.0) when its ``nouns.csv`` is given.

Usage::

    python tools/build_country_locatives.py [--german-nouns PATH/nouns.csv]
"""

from __future__ import annotations

import argparse
import csv
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "country_locatives.csv"
LANGS = ("fr", "pt", "de", "it", "nl", "es", "el")

#: Territories that are no state: left out unless a language's classes name them.


def _codes(text: str) -> frozenset[str]:
    return frozenset(text.split())


DEPENDENT = _codes(
    "AI AQ AS AW AX BL BM BQ BV CC CK CW CX FK FO GF GG GI GL GP GS GU HK HM IM IO JE KY MF MO "
    "MP MQ MS NC NF NU PF PM PN PR RE SH SJ SX TC TF TK UM VG VI WF YT EH PS"
)


#: Per language: article class -> the codes of that class (the rest by the language's default).
#: "x" marks names left out (an article the references leave open, or usage that differs).
CLASSES: dict[str, dict[str, frozenset[str]]] = {
    "fr": {
        "m": _codes("MX KH MZ ZW BZ SR CG"),  # masculine names in -e ("le Mexique")
        "f": _codes("KR KP ZA MK GW"),  # a feminine head before "du Sud", "-Bissau"
        "p": _codes("US NL AE PH BS MV SC KM FJ SB MH"),
        "0": _codes("CU MG MT CY SG MC MU BH ST TT SM LC KN VC AG NR DJ TW OM"),
        "0en": _codes("IL HT"),  # "en Israël", "en Haïti"
        "x": _codes("BN PW WS VA BB GD DM MM VU FM TO TV KI"),
    },
    "pt": {
        "m": _codes("KH KE LK CA PA BF"),  # masculine names in -a ("o Canadá", "o Quênia")
        "f": _codes("GN GW GQ PG CI"),  # "a Guiné", "a Costa do Marfim"
        "mp": _codes("US AE NL"),
        "fp": _codes("PH MV BS SC SB MH"),
        "0": _codes("PT CU AO MZ CV ST IL TL AD MC MT CY SG TW MG HN SV TT AG KN LC VC BB SM"),
        "x": _codes(
            "CM MA GH UG RW BW BD MM OM BH BN MU KM FJ WS TO TV NR KI PW VU GD DJ SZ LS BZ CD MW"
        ),
    },
    "de": {
        "m": _codes("IQ IR YE LB NE SD SS TD XK"),  # "der Irak"; Kosovo "der/das": "im" either way
        "f": _codes("CH TR SK MN UA CF DO MD VA"),
        "p": _codes("US NL PH MV SC KM BS SB AE"),
        "n": _codes("GB"),  # "das Vereinigte Königreich"
        "x": _codes("CI HK MO KN LC VC MH FJ CD CG SN OM GM SR"),  # GM, SR: german-nouns "der"
    },
    "it": {
        "art": _codes("US NL GB AE PH CF DO VA SB MH"),
        "0": _codes("CU MT CY SG MC SM MG MU TW CV TT"),
        "x": _codes("MV SC BS KM FJ BB HT AG KN LC VC GD DM TO NR TV KI PW WS VU CD CG HK BH ST"),
    },
    "nl": {
        "art": _codes("US GB AE PH MV SC KM BS CF DO"),
        "x": _codes("SB MH HK MO"),
    },
    "es": {
        "art": _codes("GB NL AE DO CF VA SB MH CD"),
        "x": _codes("BS MV KM HK MO CG"),
    },
    "el": {
        "m": _codes("LB MU EC CA PA NE"),
        "f": _codes("CY EG GW CI BA SL"),
        "n": _codes("LA GB CV SS XK VA ME BE LU BD"),
        "fp": _codes("US NL PH MV SC BS KM"),
        "np": _codes("AE"),
        "x": _codes("SB MH BB AG KN LC VC ST TT SM HK MO CD CG MF MM FJ"),  # "τα Φίτζι"
    },
}

#: The article (with "in") of the names of ``art`` classes, per language, by code.
_ARTICLED = {
    "it": {
        "US": "negli", "NL": "nei", "GB": "nel", "AE": "negli", "PH": "nelle", "CF": "nella",
        "DO": "nella", "VA": "nella", "SB": "nelle", "MH": "nelle",
    },
    "nl": {
        "US": "in de", "GB": "in het", "AE": "in de", "PH": "op de", "MV": "op de",
        "SC": "op de", "KM": "op de", "BS": "op de", "CF": "in de", "DO": "in de",
    },
    "es": {
        "GB": "en el", "NL": "en los", "AE": "en los", "DO": "en la", "CF": "en la",
        "VA": "en la", "SB": "en las", "MH": "en las", "CD": "en la",
    },
}  # fmt: skip

#: German datives of plural and adjectival names (Duden): the name after "in den", "im".
_DE_DATIVE = {
    "US": "Vereinigten Staaten",
    "NL": "Niederlanden",
    "AE": "Vereinigten Arabischen Emiraten",
    "GB": "Vereinigten Königreich",
    "CF": "Zentralafrikanischen Republik",
    "DO": "Dominikanischen Republik",
    "KM": "Komoren",
}

#: German accusatives of plural names whose weak adjective changes after "die" (Duden).
_DE_ACCUSATIVE = {
    "US": "Vereinigten Staaten",
    "AE": "Vereinigten Arabischen Emirate",
    "GB": "Vereinigte Königreich",
}
#: German names whose gender usage splits (der/das Kosovo): no allative.
_DE_NO_ALLATIVE = frozenset({"XK"})

#: Island states named in the plural: "auf den" (Duden: "auf den Philippinen, Malediven").
_DE_ISLANDS = frozenset({"PH", "MV", "SC", "KM", "BS", "SB"})


def _bare(text: str) -> str:
    """``text`` without accents, lower case ("Équateur" -> "equateur")."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _class(lang: str, code: str, default: str) -> str | None:
    """The article class of ``code`` in ``lang``: listed, else ``default``; ``None`` when the
    name is left out (listed "x", or a territory no class names)."""
    for cls, codes in CLASSES[lang].items():
        if code in codes:
            return None if cls == "x" else cls
    return None if code in DEPENDENT else default


def _fr(code: str, name: str) -> str | None:
    default = "f" if name.endswith("e") else "m"
    cls = _class("fr", code, default)
    vowel = _bare(name)[:1].lower() in "aeiou"  # not "y": "au Yémen"
    forms = {"f": "en", "m": "en" if vowel else "au", "p": "aux", "0": "à", "0en": "en"}
    return None if cls is None else f"{forms[cls]} {name}"


def _pt(code: str, name: str) -> str | None:
    head = name.split()[0]
    feminine = head.endswith("a") or head in ("República", "Cidade", "Costa")
    cls = _class("pt", code, "f" if feminine else "m")
    forms = {"f": "na", "m": "no", "fp": "nas", "mp": "nos", "0": "em"}
    return None if cls is None else f"{forms[cls]} {name}"


def _de(code: str, name: str) -> str | None:
    cls = _class("de", code, "0")
    if cls is None:
        return None
    shown = _DE_DATIVE.get(code, name)
    forms = {"0": "in", "m": "im", "n": "im", "f": "in der", "p": "in den"}
    prep = "auf den" if code in _DE_ISLANDS else forms[cls]  # "auf den Philippinen"
    return f"{prep} {shown}"


def _de_to(code: str, name: str) -> str | None:
    """German "to <country>": "nach Italien", "in die Schweiz", "in den Iran", "ins
    Vereinigte Königreich", "auf die Philippinen"."""
    cls = _class("de", code, "0")
    if cls is None or code in _DE_NO_ALLATIVE:
        return None
    forms = {"0": "nach", "m": "in den", "n": "ins", "f": "in die", "p": "in die"}
    prep = "auf die" if code in _DE_ISLANDS else forms[cls]
    return f"{prep} {_DE_ACCUSATIVE.get(code, name)}"


def _it(code: str, name: str) -> str | None:
    cls = _class("it", code, "in")
    if cls is None:
        return None
    if cls == "art":
        return f"{_ARTICLED['it'][code]} {name}"
    return f"{'a' if cls == '0' else 'in'} {name}"


def _articled(lang: str, prep: str) -> Callable[[str, str], str | None]:
    def write(code: str, name: str) -> str | None:
        cls = _class(lang, code, prep)
        if cls is None:
            return None
        return f"{_ARTICLED[lang][code] if cls == 'art' else prep} {name}"

    return write


#: Greek letters before which a feminine article keeps its -ν (besides vowels).
_EL_N = ("κ", "π", "τ", "ξ", "ψ", "μπ", "ντ", "γκ", "τσ", "τζ")


def _el_class(name: str) -> str:
    """The gender of a Greek name by its ending (the names listed apart excepted)."""
    end = _bare(name.split()[-1]).lower()
    if end.endswith("ες"):
        return "fp"
    if end.endswith("ας"):
        return "m"
    if end.endswith(("α", "η")):
        return "f"
    return "n" if not end.endswith("ς") else "x"


def _el(code: str, name: str) -> str | None:
    cls = _class("el", code, _el_class(name))
    if cls in (None, "x"):
        return None
    shown = name[:-1] if cls in ("m", "f") and name.endswith("ς") else name  # "Καναδά", "Κύπρο"
    first = _bare(name).lower()
    keeps_n = first[:1] in "αεηιουω" or first.startswith(_EL_N)
    forms = {"m": "στον", "n": "στο", "fp": "στις", "np": "στα"}
    article = forms.get(str(cls), "στην" if keeps_n else "στη")
    return f"{article} {shown}"


#: How "in <country>" opens, and how "to <country>" opens instead, where only the opening
#: changes (Spanish, Portuguese, Dutch: the article and name stay).
_TO_OPENINGS = {
    "es": {"en el": "al", "en los": "a los", "en la": "a la", "en las": "a las", "en": "a"},
    "pt": {"na": "à", "no": "ao", "nas": "às", "nos": "aos", "em": "a"},
    "nl": {"in de": "naar de", "in het": "naar het", "op de": "naar de", "in": "naar"},
}


#: How "in <country>" opens, and how "from <country>" opens instead (the article and the name
#: stay: German's dative, Greek's accusative).
_FROM_OPENINGS = {
    "fr": {"en": "de", "au": "du", "aux": "des", "à": "de"},
    "de": {"in der": "von der", "in den": "von den", "auf den": "von den", "im": "vom", "in": "von"},
    "es": {"en el": "del", "en los": "de los", "en la": "de la", "en las": "de las", "en": "de"},
    "pt": {"na": "da", "no": "do", "nas": "das", "nos": "dos", "em": "de"},
    "nl": {"in de": "van de", "in het": "van het", "op de": "van de", "in": "van"},
    "el": {
        "στην": "από την", "στη": "από τη", "στον": "από τον", "στο": "από το",
        "στις": "από τις", "στα": "από τα",
    },
}  # fmt: skip


def _opened(
    lang: str, openings: dict[str, dict[str, str]] = _TO_OPENINGS
) -> Callable[[str, str], str | None]:
    """``lang``'s allative (or ablative) from its locative, its opening replaced
    (:data:`_TO_OPENINGS`, :data:`_FROM_OPENINGS`)."""

    def write(code: str, name: str) -> str | None:
        phrase = WRITERS[lang](code, name)
        for opening, to in (openings[lang] if phrase else {}).items():
            if phrase and phrase.startswith(opening + " "):
                return to + phrase[len(opening) :]
        return None

    return write


WRITERS: dict[str, Callable[[str, str], str | None]] = {
    "fr": _fr,
    "pt": _pt,
    "de": _de,
    "it": _it,
    "nl": _articled("nl", "in"),
    "es": _articled("es", "en"),
    "el": _el,
}


#: "to <country>" per language: the locative's writer where the language says both alike.
TO_WRITERS: dict[str, Callable[[str, str], str | None]] = {
    "fr": _fr,
    "it": _it,
    "el": _el,
    "de": _de_to,
    "es": _opened("es"),
    "pt": _opened("pt"),
    "nl": _opened("nl"),
}


#: Italian names of states in -a that are masculine ("il Canada", "il Kenya", "lo Sri Lanka",
#: "il Sudafrica"), names without article ("Israele"), names whose article usage splits.
_IT_MASCULINE_A = _codes("CA KE BW GH GT NI VE PA RW UG LK ZA BF")
_IT_BARE = _codes("IL")
_IT_SPLIT = _codes("ZM GY SZ HN SV")  # "l'Honduras" (h), "El Salvador" (its own article)
#: Italian "da" joined to the articles of the ``art`` class's "in" forms.
_IT_FROM_ART = {"negli": "dagli", "nei": "dai", "nel": "dal", "nella": "dalla", "nelle": "dalle"}


def _it_from(code: str, name: str) -> str | None:
    """Italian "from <country>": "dalla Svizzera", "dal Portogallo", "dall'Iran", "dallo
    Yemen", "dagli Stati Uniti", "da Cuba"."""
    cls = _class("it", code, "in")
    if cls is None or code in _IT_SPLIT:
        return None
    if cls == "art":
        return f"{_IT_FROM_ART[_ARTICLED['it'][code]]} {name}"
    if cls == "0" or code in _IT_BARE:
        return f"da {name}"
    if _bare(name)[:1].lower() in "aeiou":
        return f"dall’{name}"  # CLDR's apostrophe ("Costa d’Avorio")
    masculine = not re.split(r"[ -]", name)[0].endswith("a") or code in _IT_MASCULINE_A
    low = _bare(name).lower()
    lo = (
        low[:1] in "zyx"
        or low.startswith(("gn", "ps"))
        or (low[:1] == "s" and low[1:2] not in "aeiou")
    )
    return f"{'dallo' if lo else 'dal'} {name}" if masculine else f"dalla {name}"


#: "from <country>" per language.
FROM_WRITERS = {lang: _opened(lang, _FROM_OPENINGS) for lang in _FROM_OPENINGS}
FROM_WRITERS["it"] = _it_from


def country_codes() -> list[str]:
    """The codes of the countries the emulator's towns lie in that CLDR names."""
    from babel import Locale

    from mapsnb_sandbox.world.cities import city_index

    known = Locale.parse("en").territories
    return sorted(c for c in city_index().country_names if c in known)


def build() -> list[tuple[str, str, str, str, str]]:
    """Every row: (code, lang, phrase, to, from)."""
    from babel import Locale

    rows = []
    for lang in LANGS:
        names = Locale.parse(lang).territories
        for code in country_codes():
            phrase = WRITERS[lang](code, str(names[code]))
            if phrase:
                to = TO_WRITERS[lang](code, str(names[code])) or ""
                away = FROM_WRITERS[lang](code, str(names[code])) if lang in FROM_WRITERS else ""
                rows.append((code, lang, phrase, to, away or ""))
    return rows


def check_german(nouns_csv: Path) -> list[str]:
    """Names whose German class disagrees with ``german-nouns``' genus (Wiktionary DE)."""
    from babel import Locale

    genus: dict[str, set[str]] = {}
    with nouns_csv.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if "Toponym" in row["pos"] and row["genus"]:
                genus.setdefault(row["lemma"], set()).add(row["genus"])
    names = Locale.parse("de").territories
    out = []
    for code in country_codes():
        cls = _class("de", code, "0")
        known = genus.get(str(names[code]), set())
        if cls in ("m", "f") and known and cls not in known:
            out.append(f"{code} {names[code]}: {cls} here, {sorted(known)} in german-nouns")
        if cls == "0" and known & {"m", "f"}:
            out.append(f"{code} {names[code]}: no article here, {sorted(known)} in german-nouns")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--german-nouns", type=Path, help="german-nouns' nouns.csv, to check")
    args = parser.parse_args()
    rows = build()
    with OUT.open("w", encoding="utf-8", newline="") as f:
        f.write("# how a summary says 'in <country>', 'to <country>', 'from <country>': ")
        f.write("tools/build_country_locatives.py\n")
        csv.writer(f, lineterminator="\n").writerows(
            [("code", "lang", "phrase", "to", "from"), *rows]
        )
    print(f"{len(rows)} rows -> {OUT}")
    if args.german_nouns:
        for line in check_german(args.german_nouns):
            print("german-nouns:", line)


if __name__ == "__main__":
    main()
