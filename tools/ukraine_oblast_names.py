"""Add Ukraine's oblasts by their official national romanization to
``mapsnb_sandbox/data/regions.tsv.z`` (issue 40, round 31): "Zaporizhzhia" and "Zaporizhzhia
Oblast" (GeoNames: "Zaporizhia"), "Vinnytsia", and "Kyiv" for Kyiv oblast, whose centre is the
city of Kyiv, a first-level unit of its own that alone had the name ("Bila Tserkva, Kyiv").

An oblast is named after its centre (Article 133 of the Constitution of Ukraine lists them; Volyn
and Zakarpattia after their lands); :data:`OBLASTS` types each name in Ukrainian, by GeoNames'
admin1 code, and :func:`tools.ukrainian_town_names.kmu` writes it by the Resolution of the Cabinet
of Ministers of Ukraine No. 55 of 27 January 2010. A name is added as ``A UA <code> <name>`` and
with "oblast" after it, when the oblast does not have it yet. ``python tools/ukraine_oblast_names.py``
(after ``tools/build_regions.py``, which rebuilds the table without them).
"""

from __future__ import annotations

import zlib

#: GeoNames' admin1 code of each oblast -> the Ukrainian name it is named after (Constitution of
#: Ukraine, Article 133; the oblasts' own names, not their centres' new ones: Dnipropetrovsk,
#: Kirovohrad).
OBLASTS = {
    "01": "Черкаси", "02": "Чернігів", "03": "Чернівці", "04": "Дніпропетровськ",
    "05": "Донецьк", "06": "Івано-Франківськ", "07": "Харків", "08": "Херсон",
    "09": "Хмельницький", "10": "Кіровоград", "13": "Київ", "14": "Луганськ", "15": "Львів",
    "16": "Миколаїв", "17": "Одеса", "18": "Полтава", "19": "Рівне", "21": "Суми",
    "22": "Тернопіль", "23": "Вінниця", "24": "Волинь", "25": "Закарпаття", "26": "Запоріжжя",
    "27": "Житомир",
}  # fmt: skip


def oblast_rows(rows: set[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The ``A`` rows of :data:`OBLASTS`' KMU-2010 names, bare and with "oblast", not in ``rows``."""
    from mapsnb_sandbox.world.geodata import fold_text
    from tools.ukrainian_town_names import kmu

    out: set[tuple[str, ...]] = set()
    for code, name in OBLASTS.items():
        key = fold_text(kmu(name))
        for form in (key, f"{key} oblast"):
            if ("A", "UA", code, form) not in rows:
                out.add(("A", "UA", code, form))
    return out


def main() -> None:
    from tools.build_regions import OUT, _write

    text = zlib.decompress(OUT.read_bytes()).decode("utf-8")
    rows = {tuple(r.split("\t")) for r in text.splitlines()}
    _write(rows | oblast_rows(rows))


if __name__ == "__main__":
    main()
