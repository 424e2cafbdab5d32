"""Row makers the names holdout builders share (``tools/build_names_holdout4.py`` to ``7``).

Each builder passes what differs: its seed, its earlier corpora, how its towns are ordered and
when a name has one answer, the keys of a town's name and country. :func:`fresh` (no earlier
query holds the names), :func:`take` (the first towns kept), :func:`ordered` (every country in turn,
in each its population bands in turn), :func:`lang_rows` (a search per language, with the bare name
and with the country), :func:`english_rows` (bare names, "Town, Country", namesakes qualified) and
:func:`region_rows` ("Town, Region", with the country, in a search).
"""

from __future__ import annotations

import collections
import csv
import functools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import LANGS, Row, _h
from tools.build_names_holdout3 import _with_country

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
#: Per language: searches with the bare name, with the country; "Town, Country" rows.
N_SEARCH, N_SEARCH_QUAL, N_COUNTRY_LANG = 12, 10, 10

Town = dict[str, Any]
Keep = Callable[[Town], bool]


class NativeSizes(NamedTuple):
    """How many rows of each native-script class :func:`native_rows` draws."""

    script: int  # the name alone
    search: int  # in a search in the language
    country: int  # with the country as the language writes it


class EnglishSizes(NamedTuple):
    """How many English rows of each class :func:`english_rows` draws."""

    bare: int
    country_each: int  # "Town, Country", at most this many a country
    homonym: int  # "Town, Country" of a name other countries' towns bear too
    search_homonym: int  # the same in a search


def earlier_corpora(n: int) -> tuple[str, ...]:
    """The names corpora before holdout ``n`` (``names_corpus.csv``, ``names_holdout.csv``,
    ``names_holdout2.csv``, ..., ``names_holdout{n - 1}.csv``)."""
    return (
        "names_corpus.csv",
        "names_holdout.csv",
        *(f"names_holdout{k}.csv" for k in range(2, n)),
    )


@functools.cache
def used_text(earlier: tuple[str, ...]) -> str:
    """Every query of the ``earlier`` corpora (files of ``tests/data``), folded, one a line."""
    got = []
    for name in earlier:
        with (DATA / name).open(encoding="utf-8") as fh:
            rows = csv.DictReader(line for line in fh if not line.startswith("#"))
            got.extend(fold_text(r["query"]) for r in rows)
    return "\n".join(got)


def fresh(names: Iterable[str], earlier: tuple[str, ...]) -> bool:
    """Whether no query of the ``earlier`` corpora holds any of ``names``."""
    used = used_text(earlier)
    return not any(fold_text(n) in used for n in names)


def _any(t: Town) -> bool:
    return True


def take(order: list[Town], keep: Keep, n: int, new: Keep = _any) -> list[Town]:
    """The first ``n`` towns of ``order`` that ``keep`` keeps and ``new`` finds fresh."""
    out: list[Town] = []
    for t in order:
        if len(out) >= n:
            break
        if keep(t) and new(t):
            out.append(t)
    return out


def ordered(towns: list[Town], *key: object, seed: str, bands: int) -> list[Town]:
    """``towns`` in an order seeded by ``seed`` and ``key``: every country in turn, in each
    country its ``bands`` population bands (``t["band"]``) in turn, each country opening on a
    band of its own."""
    by_cc: dict[str, list[list[Town]]] = collections.defaultdict(lambda: [[] for _ in range(bands)])
    for t in towns:
        by_cc[t["cc"]][t["band"]].append(t)
    queues = []
    for cc in sorted(by_cc, key=lambda c: _h(seed, *key, c)):
        in_cc = [sorted(b, key=lambda t: _h(seed, *key, t["id"])) for b in by_cc[cc]]
        first = _h(seed, *key, cc, "band") % len(in_cc)
        queues.append(_in_turn(in_cc[first:] + in_cc[:first]))
    return _in_turn(queues)


def _in_turn(queues: list[list[Town]]) -> list[Town]:
    """The first of each queue, then the second of each, and so on."""
    out: list[Town] = []
    for k in range(max((len(q) for q in queues), default=0)):
        out.extend(q[k] for q in queues if k < len(q))
    return out


def lang_rows(
    order: Callable[[str], list[Town]],
    one_answer: Callable[[Town, str], bool],
    terr: dict[str, dict[str, str]],
    kinds: dict[str, tuple[str, ...]],
    *,
    new: Keep = _any,
    name: str = "name",
    cc: str = "cc",
    sizes: tuple[int, int, int] = (N_SEARCH, N_SEARCH_QUAL, N_COUNTRY_LANG),
) -> list[Row]:
    """Per language: the bare name in a search, the name and the country in the language in a
    search and alone ("Town, Country" as the language writes it). ``order(lang)`` is the draw's
    order of the towns for the language, ``one_answer(t, scope)`` whether the town's name has one
    answer (``"bare"``, ``"country"``), ``new`` whether no earlier corpus names it, ``sizes`` how
    many rows of each of the three classes a language draws."""
    rows: list[Row] = []
    taken: set[str] = set()
    n_search, n_qual, n_country = sizes
    for lang in LANGS:
        towns = [t for t in order(lang) if t["id"] not in taken]
        picks = take(towns, lambda t: one_answer(t, "bare"), n_search, new)
        for k, t in enumerate(picks):
            q = kinds[lang][k % 3].format(t=t[name])
            rows.append(("search_lang", lang, q, t["lat"], t["lng"], 50.0, "search"))
        taken |= {t["id"] for t in picks}
        country = take(
            [t for t in towns if t["id"] not in taken and t[cc] in terr[lang]],
            lambda t: one_answer(t, "country"),
            n_qual + n_country,
            new,
        )
        for k, t in enumerate(country):
            town = _with_country(lang, t[name], terr[lang][t[cc]])
            if k < n_qual:
                q = kinds[lang][k % 3].format(t=town)
                rows.append(("search_qualified_lang", lang, q, t["lat"], t["lng"], 50.0, "search"))
            else:
                rows.append(("country_town_lang", lang, town, t["lat"], t["lng"], 50.0, "resolve"))
            taken.add(t["id"])
    return rows


def english_rows(
    order: list[Town],
    one_answer: Callable[[Town, str], bool],
    countries: dict[str, str],
    kinds: dict[str, tuple[str, ...]],
    new: Keep,
    sizes: EnglishSizes,
) -> list[Row]:
    """Bare names, "Town, Country" (at most ``sizes.country_each`` a country), and names other
    countries' towns bear too, qualified by the country (resolved, then searched). Every town of
    ``order`` is of one of ``countries``."""
    rows: list[Row] = []
    bare = take(order, lambda t: one_answer(t, "bare"), sizes.bare, new)
    rows += [("bare", "en", t["name"], t["lat"], t["lng"], 50.0, "resolve") for t in bare]
    taken = {t["id"] for t in bare}
    by_cc: dict[str, list[Town]] = collections.defaultdict(list)
    homonyms: list[Town] = []
    for t in order:
        if t["id"] in taken or not one_answer(t, "country") or not new(t):
            continue
        if one_answer(t, "bare"):
            if len(by_cc[t["cc"]]) < sizes.country_each:
                by_cc[t["cc"]].append(t)
        elif len(homonyms) < sizes.homonym + sizes.search_homonym:
            homonyms.append(t)
    for cc in sorted(by_cc):
        for t in by_cc[cc]:
            q = f"{t['name']}, {countries[cc]}"
            rows.append(("country_town", "en", q, t["lat"], t["lng"], 50.0, "resolve"))
    for k, t in enumerate(homonyms):
        town = f"{t['name']}, {countries[t['cc']]}"
        if k < sizes.homonym:
            rows.append(("homonym_country", "en", town, t["lat"], t["lng"], 50.0, "resolve"))
        else:
            q = kinds["en"][k % 3].format(t=town)
            rows.append(("search_homonym", "en", q, t["lat"], t["lng"], 50.0, "search"))
    return rows


def after_scripts(
    pool: list[Town],
    script_rows: list[Row],
    order: Callable[..., list[Town]],
    one_answer: Callable[[Town, str], bool],
    terr: dict[str, dict[str, str]],
    kinds: dict[str, tuple[str, ...]],
    new: Keep,
    sizes: EnglishSizes,
    lang_sizes: tuple[int, int, int] = (N_SEARCH, N_SEARCH_QUAL, N_COUNTRY_LANG),
) -> list[Row]:
    """A corpus whose script rows are drawn first: the towns of ``pool`` with a Latin name
    (``t["name"]``) at no script row's point per language (:func:`lang_rows`, ``lang_sizes`` rows
    of its classes a language), the rest in English (:func:`english_rows`), then the script rows.
    ``order(towns, *key)`` is the seeded order."""
    used = {(r[3], r[4]) for r in script_rows}
    latin = [t for t in pool if t["name"] and (t["lat"], t["lng"]) not in used]
    per_lang = lang_rows(
        lambda lang: order(latin, lang), one_answer, terr, kinds, new=new, sizes=lang_sizes
    )
    used |= {(r[3], r[4]) for r in per_lang}
    rest = [t for t in latin if (t["lat"], t["lng"]) not in used]
    english = english_rows(order(rest, "en-rows"), one_answer, terr["en"], kinds, new, sizes)
    return per_lang + english + script_rows


def region_rows(
    named: list[tuple[str, str, float, float]],
    counts: tuple[int, int, int],
    countries: dict[str, str],
    kinds: dict[str, tuple[str, ...]],
) -> list[Row]:
    """From ``named`` ("Town, Region", country, lat, lng), in order: ``counts[0]`` rows of
    "Town, Region", then ``counts[1]`` of "Town, Region, Country" (those whose country has a
    name), then ``counts[2]`` searches of "Town, Region"."""
    rows: list[Row] = []
    cut = (counts[0], counts[0] + counts[1], sum(counts))
    for k, (town, cc, *pt) in enumerate(named[: cut[2]]):
        if k < cut[0]:
            rows.append(("region_town", "en", town, *pt, 50.0, "resolve"))
        elif k < cut[1] and cc in countries:
            q = f"{town}, {countries[cc]}"
            rows.append(("region_country_town", "en", q, *pt, 50.0, "resolve"))
        elif k >= cut[1]:
            q = kinds["en"][k % 3].format(t=town)
            rows.append(("search_region", "en", q, *pt, 50.0, "search"))
    return rows


def native_rows(
    order: list[Town],
    one_answer: Callable[[Town, str, str], bool],
    new: Keep,
    lang: str,
    kinds: dict[str, tuple[str, ...]],
    country: str,
    sizes: NativeSizes,
) -> list[Row]:
    """A country's towns by their names in its own script (``t["native"]``), in ``lang``: the
    name alone (``script``), in a search (``search_script``), with the country's name ``country``
    as the language writes it (``script_country``); the first towns of ``order`` whose native name
    has one answer (``one_answer(t, name, "bare")``) and that ``new`` finds fresh."""
    picks = take(
        [t for t in order if t["native"]],
        lambda t: one_answer(t, t["native"], "bare"),
        sum(sizes),
        new,
    )
    rows: list[Row] = []
    for k, t in enumerate(picks):
        pt = (t["lat"], t["lng"])
        if k < sizes.script:
            rows.append(("script", lang, t["native"], *pt, 50.0, "resolve"))
        elif k < sizes.script + sizes.search:
            q = kinds[lang][k % 3].format(t=t["native"])
            rows.append(("search_script", lang, q, *pt, 50.0, "search"))
        else:
            q = _with_country(lang, t["native"], country)
            rows.append(("script_country", lang, q, *pt, 50.0, "resolve"))
    return rows
