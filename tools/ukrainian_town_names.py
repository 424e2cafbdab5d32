"""Ukraine's towns by their official national romanization (issue 40, round 31): "Izium" of
Izyum, "Koziatyn" of Kozyatyn, "Kryvyi Rih" of Kryvyy Rih, read by ``tools/build_town_names.py``
into ``data/town_names.tsv.z``.

GeoNames writes Ukraine's towns by an older romanization (я ya, ю yu, й y); Ukraine's signs,
passports and today's English sources follow the Resolution of the Cabinet of Ministers of
Ukraine No. 55 of 27 January 2010 ("KMU-2010"), whose table :data:`KMU_2010` types. A town's
Ukrainian name is the Cyrillic other name GeoNames gives it whose older romanization
(:data:`OLD`) is the town's own name ("Ізюм" of Izyum, not the Russian "Изюм"); its KMU-2010
romanization is kept when it differs from every name of the index, the other rows of the table
and the words the emulator reads.
"""

from __future__ import annotations

#: KMU-2010 (Resolution No. 55, 27 January 2010), the letter inside a word; ь and the
#: apostrophe are dropped. "зг" is written "zgh" (not "zh", which is ж).
KMU_2010 = {
    "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie",
    "ж": "zh", "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l",
    "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u",
    "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu",
    "я": "ia", "'": "", "’": "", "ʼ": "",
}  # fmt: skip
#: KMU-2010 at the start of a word.
KMU_INITIAL = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
#: The older romanization GeoNames' Ukrainian names follow (BGN/PCGN 1965): where it differs.
OLD = {**KMU_2010, "є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
#: Letters Ukrainian does not write (Russian, Belarusian, Serbian ...).
NOT_UKRAINIAN = frozenset("ыэёъўјљњџђћ")
#: Russian word endings Ukrainian does not write (its neuter and feminine adjectives end in -е,
#: -а: "Амурське", not "Амурское"; "Верхоріччя", not "Верхоречье").
RUSSIAN_ENDINGS = ("ое", "ая", "ее", "яя", "ые", "ье", "ский", "цкий")
#: How like the town's own name (:class:`difflib.SequenceMatcher` ratio) a Ukrainian name GeoNames
#: did not romanize must be: "Amurske" of Amurskoye, not a former name ("Chervonyi Perekop").
LIKENESS = 0.75


def romanize(name: str, table: dict[str, str], initial: dict[str, str]) -> str:
    """``name`` (Cyrillic) in Latin letters by ``table``, ``initial`` at a word's start;
    capital where the Cyrillic letter is; "" when a letter is outside the table."""
    out, start, prev = [], True, ""
    for ch in name:
        low = ch.lower()
        if low in table:
            lat = initial.get(low, table[low]) if start else table[low]
            if low == "г" and prev == "з" and table is KMU_2010:
                lat = "gh"
            out.append(lat[:1].upper() + lat[1:] if ch != low and lat else lat)
            start, prev = False, low
        elif ch in " -":
            out.append(ch)
            start, prev = True, ""
        else:
            return ""
    return "".join(out)


def kmu(name: str) -> str:
    """``name`` by KMU-2010: "Ізюм" -> "Izium", "Згурівка" -> "Zghurivka"."""
    return romanize(name, KMU_2010, KMU_INITIAL)


def _ukrainian_letters(alt: str) -> bool:
    """Whether ``alt`` is written in Cyrillic letters Ukrainian writes, without stress marks
    (GeoNames marks Crimean Tatar names so) nor Russian endings (:data:`RUSSIAN_ENDINGS`)."""
    low = alt.lower()
    return (
        any("а" <= c <= "я" for c in low)
        and not NOT_UKRAINIAN.intersection(low)
        and "\u0301" not in alt
        and not any(w.endswith(RUSSIAN_ENDINGS) for w in low.replace("-", " ").split())
    )


#: Letters only Ukrainian writes.
UKRAINIAN = frozenset("іїєґ")


def _russian(alt: str) -> bool:
    """Whether ``alt`` is Cyrillic of another language: Russian letters or endings."""
    low = alt.lower()
    return any("а" <= c <= "я" for c in low) and (
        bool(NOT_UKRAINIAN.intersection(low))
        or any(w.endswith(RUSSIAN_ENDINGS) for w in low.replace("-", " ").split())
    )


def _capitalised(alt: str) -> bool:
    """Whether every word of ``alt`` starts with a capital: a name, not "... район"."""
    return all(w[:1].isupper() for w in alt.replace("-", " ").split())


def ukrainian_name(v: dict) -> str:
    """The Ukrainian Cyrillic name of GeoNames town ``v``: the other name in Ukrainian letters
    whose older romanization is the town's own name; else (a town GeoNames names by its Russian
    name, "Amurskoye", beside a Russian Cyrillic one) the one, of capitalised words, whose KMU-2010
    romanization is most like the own name, at least :data:`LIKENESS`; "" when none is."""
    from difflib import SequenceMatcher

    from mapsnb_sandbox.world.geodata import fold_text

    own = fold_text(v["name"]).replace("'", "")
    alts = sorted(a for a in set(v["alternatenames"]) if _ukrainian_letters(a))
    for alt in alts:
        old = romanize(alt, OLD, {})
        if old and fold_text(old) == own:
            return alt
    russian = any(_russian(a) for a in v["alternatenames"])
    alts = [a for a in alts if _capitalised(a) and (russian or UKRAINIAN.intersection(a.lower()))]
    own_letters = [a for a in alts if UKRAINIAN.intersection(a.lower())]
    alts = own_letters or alts  # "Іванівка" rather than the Russian "Ивановка"
    like = {a: SequenceMatcher(None, fold_text(kmu(a)), own).ratio() for a in alts if kmu(a)}
    best = max(like, key=lambda a: (like[a], a), default="")
    return best if best and like[best] >= LIKENESS else ""


def ukrainian_rows(
    idx: object, cities: dict, rows: dict[str, list[tuple[int, int]]], words: frozenset[str]
) -> dict[str, list[tuple[int, int]]]:
    """KMU-2010 names of Ukraine's towns of ``cities`` that neither the index (``by_name``),
    nor ``rows``, nor ``words`` hold, each to every town it romanizes (most populous first)."""
    from mapsnb_sandbox.world.geodata import fold_text

    by_name = idx.by_name  # type: ignore[attr-defined]
    out: dict[str, list[tuple[int, int]]] = {}
    for v in cities.values():
        if v["countrycode"] != "UA":
            continue
        key = fold_text(kmu(ukrainian_name(v)))
        if len(key) < 4 or key in by_name or key in rows or key in words:
            continue
        out.setdefault(key, []).append((-(v["population"] or 0), int(v["geonameid"])))
    return out
