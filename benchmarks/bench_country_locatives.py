"""Measure how many ``search_places`` summaries in a country name it as the language writes
"in <country>" (issue 40; README "Countries in their locative").

Sample: every state the emulator's towns lie in (CLDR names it; dependent territories left
out), asked as "hotels in <English name>" in French, Portuguese, German, Italian, Dutch,
Spanish, Greek, Romanian and Swedish. Only queries answered as a search in the country count
(a name that is also a town's, "Mexico", "Panama", is answered as the town). The intro's first
line is sorted by the language's texts into:

* ``locative``: the country after its preposition and article ("en France", "im Iran"): the
  language's ``intro_in_at`` text, or, in Spanish, Romanian and Swedish, whose ``intro_in``
  writes "en/în/i <name>", that text;
* ``neutral``: the name as a label ("dans la zone de recherche « Brunei »", "στη χώρα X").

Which article a locative writes is not judged here (the tests' phrases, typed from grammar
references, are): a locative in Spanish, Romanian or Swedish before this work wrote the bare
name ("en Reino Unido").

``python benchmarks/bench_country_locatives.py [LANG...]`` prints per language: countries
answered in the country, with a locative, share.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.cities import city_index, country_name

LANGS = ("fr", "pt", "de", "it", "nl", "es", "el", "ro", "sv")
TEXTS = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "texts"
#: What the neutral intro names the country by, per language; Spanish, Romanian and Swedish
#: have none: their ``intro_in`` writes "en", "în", "i" + the name.
NEUTRAL = {
    "fr": "zone de recherche",
    "pt": "área de pesquisa",
    "de": "Suchgebiet",
    "it": "area di ricerca",
    "nl": "zoekgebied",
    "el": "στη χώρα ",
}
_DEPENDENT = (
    "AI AQ AS AW AX BL BM BQ BV CC CK CW CX FK FO GF GG GI GL GP GS GU HK HM IM IO JE KY MF MO "
    "MP MQ MS NC NF NU PF PM PN PR RE SH SJ SX TC TF TK UM VG VI WF YT EH PS AN CS"
)
#: Territories that are no state (as ``tools/build_country_locatives.py`` leaves them out).
DEPENDENT = frozenset(_DEPENDENT.split())


#: The suffix of the intro texts that name a country by its locative ("intro_in_at").
AT = ("", "_at")
#: The intro texts of a search around a town.
NEAR = ("intro_nearby", "intro_nearby_one", "intro_free")


def _pattern(lang: str, key: str) -> re.Pattern[str] | None:
    text = json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8")).get(key)
    if text is None:
        return None
    forms = text.values() if isinstance(text, dict) else [text]
    escaped = (re.escape(t).replace(r"\{", "{").replace(r"\}", "}") for t in forms)
    return re.compile("|".join(re.sub(r"\{[^{}]*\}", ".+", t) for t in escaped))


def measure(sandbox: Sandbox, lang: str) -> tuple[int, int]:
    """(answered in the country, with a locative) over the sample's states."""
    keys = [f"{key}{at}" for key in ("intro_in", "intro_in_one", "intro_free_in") for at in AT]
    patterns = [p for p in (_pattern(lang, key) for key in keys) if p is not None]
    near = [_pattern(lang, key) or re.compile("") for key in NEAR]
    answered = located = 0
    for cc in sorted(set(city_index().country_names) - DEPENDENT):
        query = {"text_query": f"hotels in {country_name(cc)}", "language_code": lang}
        out = sandbox.call_tool("search_places", query)
        if not out.get("places"):
            continue
        line = plain_text(out["summary"]).strip().splitlines()[0]
        if "-v" in sys.argv:
            print(cc, line)
        if any(p.fullmatch(line) for p in patterns) and not any(
            p.fullmatch(line) for p in near
        ):  # a name also a town's is answered as the town ("near Mexico")
            answered += 1
            located += NEUTRAL.get(lang, "\0") not in line
    return answered, located


def main() -> None:
    sandbox = Sandbox(now="2026-09-18T15:00:00+00:00")
    total = [0, 0]
    for lang in [a for a in sys.argv[1:] if a != "-v"] or LANGS:
        answered, located = measure(sandbox, lang)
        total[0] += answered
        total[1] += located
        print(f"{lang}: {answered} answered in the country, {located} with a locative "
              f"({located / max(answered, 1):.1%})")  # fmt: skip
    print(f"all: {total[1]}/{total[0]} ({total[1] / max(total[0], 1):.1%})")


if __name__ == "__main__":
    main()
