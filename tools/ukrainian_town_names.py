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


def ukrainian_name(v: dict) -> str:
    """The Ukrainian Cyrillic name of GeoNames town ``v``: the other name in Ukrainian letters
    whose older romanization is the town's own name; "" when none is."""
    from mapsnb_sandbox.world.geodata import fold_text

    own = fold_text(v["name"]).replace("'", "")
    for alt in sorted(set(v["alternatenames"])):
        if NOT_UKRAINIAN.intersection(alt.lower()) or not any("а" <= c <= "я" for c in alt.lower()):
            continue
        old = romanize(alt.replace("\u0301", ""), OLD, {})
        if old and fold_text(old) == own:
            return alt.replace("\u0301", "")
    return ""


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
