"""Build ``mapsnb_sandbox/data/province_names.csv``: the second-level units of Spain (provinces),
Italy (provinces, metropolitan cities), France (departments) and Belgium (provinces) by every
name a user types after their region word ("provincia de Gipuzkoa", "provincia de Guipúzcoa",
"la provincia de La Coruña", "provincia di Savona", "province de Liège"), each with the box of
its towns (``python tools/build_province_names.py PYCOUNTRY_DIR``).

Names: ISO 3166-2's second-level entries as Debian's iso-codes ships them (LGPL-2.1), read from
an unpacked ``pycountry`` 26.2.16 wheel (``pip download pycountry``): the name, its bracketed
other official form ("A Coruña [La Coruña]", "Girona [Gerona]"), its "/" forms, and its
translations in the languages of the country and its neighbours (``locales/*/iso3166-2.mo``:
es "Vizcaya", "Guipúzcoa"; fr "Liège", de "Lüttich"); plus :data:`OFFICIAL_FORMS`, the
co-official forms Spain's INE lists beside the Castilian ones (INE, "Relación de provincias",
names as in the Real Decreto 1/2019 list; typed). The box is the emulator's own box of the
second-level unit of that name (``data/regions.tsv.z``, GeoNames' names): this file only says
which names a unit goes by.
"""

from __future__ import annotations

import csv
import gettext
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.qualifiers import regions

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "province_names.csv"
#: ISO 3166-2 types that are second-level units, per country.
TYPES = {
    "ES": {"Province"},
    "IT": {
        "Province",
        "Metropolitan city",
        "Free municipal consortium",
        "Decentralized regional entity",
        "Autonomous province",
    },
    "FR": {"Metropolitan department"},
    "BE": {"Province"},
}
#: Languages whose translations of the names are read, per country.
LANGS = {
    "ES": ("es", "ca", "eu", "en"),
    "IT": ("it", "de", "fr", "en"),
    "FR": ("fr", "en"),
    "BE": ("nl", "fr", "de", "en"),
}
#: How GeoNames' second-level names begin before the unit's own name.
PREFIXES = (
    "",
    "provincia de ",
    "provincia da ",
    "province of ",
    "provincia di ",
    "provincia del ",
    "provincia della ",
    "provincia dell ",
    "citta metropolitana di ",
    "libero consorzio comunale di ",
    "provincia autonoma di ",
    "provincia ",
    "departement de la ",
    "departement de l",
    "departement du ",
    "departement des ",
    "departement de ",
    "departement d",
    "province de ",
    "province du ",
    "provincie ",
)
#: Co-official forms INE writes with the Castilian ones (ISO gives one of each pair).
OFFICIAL_FORMS = {
    "ES-A": ("Alacant",),
    "ES-CS": ("Castelló", "Castellón de la Plana"),
    "ES-V": ("València",),
    "ES-VI": ("Araba", "Araba/Álava"),
    "ES-PM": ("Baleares", "Islas Baleares"),
    "ES-C": ("La Coruña",),
    "ES-BI": ("Vizcaya",),
    "ES-SS": ("Guipúzcoa",),
}
#: ISO's name where GeoNames writes another.
GEONAMES_NAMES = {
    "bolzano": ("alto adige", "bolzano"),
    "monza e brianza": ("monza e della brianza", "monza e brianza"),
    "laquila": ("aquila", "l aquila"),
    "reggio nell emilia": ("reggio emilia",),
    "forli cesena": ("forli cesena", "forli"),
    "pesaro e urbino": ("pesaro e urbino", "pesaro urbino"),
    "massa carrara": ("massa carrara", "massa e carrara"),
    "sud sardegna": ("sud sardegna", "carbonia iglesias"),
    "roma": ("roma", "roma capitale"),
    "l aquila": ("aquila", "l aquila"),
    "a coruna": ("coruna",),
    "alava": ("alava",),
    "castellon": ("castello",),
    "illes balears": ("illes balears",),
    "asturias": ("asturias",),
    "cordoba": ("cordoba",),
    "toledo": ("toledo",),
    "cote d or": ("cote dor",),
    "cotes d armor": ("cotes darmor",),
    "val d oise": ("val doise",),
    "luxembourg": ("luxembourg",),
    "brabant wallon": ("brabant wallon",),
}


def _names(s: dict[str, str], tr: dict[str, gettext.GNUTranslations], cc: str) -> list[str]:
    """Every name of subdivision ``s``: ISO's forms, their translations, INE's other forms."""
    out = [s["name"], *OFFICIAL_FORMS.get(s["code"], ())]
    out += [tr[lang].gettext(s["name"]) for lang in LANGS[cc] if lang in tr]
    seen: dict[str, str] = {}
    for name in out:
        for part in name.replace("]", "").replace("[", "/").split("/"):
            if part.strip():
                seen.setdefault(fold(part), part.strip())
    return list(seen.values())


def _box(cc: str, names: list[str]) -> tuple[float, float, float, float] | None:
    """The box of ``cc``'s second-level unit GeoNames calls one of ``names``."""
    admin2 = regions().admin2
    for name in names:
        key = fold(name)
        for n in GEONAMES_NAMES.get(key, (key,)):
            for prefix in PREFIXES:
                for c, la0, lo0, la1, lo1 in admin2.get(prefix + n, ()):
                    if c == cc:
                        return la0, lo0, la1, lo1
    return None


def main(root: str) -> None:
    base = Path(root) / "pycountry"
    subdivisions = json.loads((base / "databases" / "iso3166-2.json").read_text("utf-8"))
    tr = {}
    for lang in {lang for langs in LANGS.values() for lang in langs}:
        mo = base / "locales" / lang / "LC_MESSAGES" / "iso3166-2.mo"
        if mo.exists():
            with mo.open("rb") as fh:
                tr[lang] = gettext.GNUTranslations(fh)
    rows, missing = [], []
    for s in subdivisions["3166-2"]:
        cc = s["code"][:2]
        if s["type"] not in TYPES.get(cc, ()):
            continue
        names = _names(s, tr, cc)
        box = _box(cc, names)
        if box is None:
            missing.append(f"{s['code']} {s['name']}")
            continue
        rows.append([cc, s["code"], "|".join(names), *(f"{v:.2f}" for v in box)])
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write("# ISO 3166-2 second-level units of ES, IT, FR, BE and their names (Debian\n")
        fh.write("# iso-codes, LGPL-2.1, via pycountry 26.2.16; INE's co-official forms);\n")
        fh.write(
            "# boxes: the emulator's GeoNames second-level regions; tools/build_province_names.py\n"
        )
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["cc", "code", "names", "lat0", "lng0", "lat1", "lng1"])
        w.writerows(sorted(rows))
    print(f"{len(rows)} units written; no box for {len(missing)}: {', '.join(missing)}")


if __name__ == "__main__":
    main(sys.argv[1])
