"""Issue 40, natural landmarks: the world's named volcanoes (``data/volcanoes.csv``, OpenStreetMap
``natural=volcano`` nodes, ODbL; ``tools/build_volcanoes.py``) as famous places, found at their
point by their names, their own part without kind words ("Licancabur" of "Volcán Licancabur")
and that part with a kind word in the supported languages ("Licancabur volcano", "Vulkan
Licancabur", "volcán Licancabur"), always LOW (one broad source: a namesake it lacks may be
meant), while a town keeps its own name ("Osorno" stays the city; "Osorno volcano" is the
volcano) and a qualifier must hold ("Dutton, ON" is no Alaskan volcano). Rows are drawn from
the table, every one of a fixed stride."""

from __future__ import annotations

import csv

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.landmarks import VOLCANOES_CSV, fold
from mapsnb_sandbox.world.resolver import resolve
from tools.build_volcanoes import own_part

#: Every this many rows of the table is asked.
STRIDE = 60
#: An answer this near the row's point is the row.
AT_M = 1000


def _rows() -> list[dict[str, str]]:
    with VOLCANOES_CSV.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def _at(text: str, row: dict[str, str]) -> bool:
    p = resolve(text).place
    return p is not None and haversine_m(p.lat, p.lng, float(row["lat"]), float(row["lng"])) < AT_M


def test_table_is_small_cited_and_broad() -> None:
    head = VOLCANOES_CSV.read_text(encoding="utf-8")[:400]
    rows = _rows()
    assert VOLCANOES_CSV.stat().st_size < 1_000_000
    assert "OpenStreetMap" in head and "ODbL" in head
    assert len(rows) > 4000
    assert len({r["cc"] for r in rows}) > 80  # the world's, not one country's


@pytest.mark.parametrize("row", _rows()[::STRIDE], ids=lambda r: r["key"])
def test_every_name_finds_the_volcano_low(row: dict[str, str]) -> None:
    for name in row["names"].split("|"):
        place = resolve(name).place
        assert place is not None, name
        assert haversine_m(place.lat, place.lng, float(row["lat"]), float(row["lng"])) < AT_M
        assert place.confidence == "LOW", name


_OWN = [
    (r, own)
    for r in _rows()[::20]
    for own in r["names"].split("|")[1:2]
    if fold(own) == fold(own_part(r["names"].split("|")[0])) != fold(r["names"].split("|")[0])
]


@pytest.mark.parametrize("form", ["{} volcano", "Vulkan {}", "volcán {}", "Mount {}"])
def test_own_part_with_a_kind_word(form: str) -> None:
    assert len(_OWN) > 30
    missed = [own for row, own in _OWN if not _at(form.format(own), row)]
    assert not missed


def test_town_keeps_its_name() -> None:
    """Rows named "<own> volcano" because a town bears the own part: the bare part is the town's,
    the part with "volcano" the volcano's."""
    by_name = city_index().by_name
    pairs = [
        (r, n[: -len(" volcano")])
        for r in _rows()
        for n in r["names"].split("|")
        if n.endswith(" volcano") and fold(n[: -len(" volcano")]) in by_name
    ]
    assert len(pairs) > 200
    for row, own in pairs[::5]:
        assert _at(f"{own} volcano", row), own
        place = resolve(own).place
        if place is not None and place.kind == "locality":
            continue
        assert place is None or place.kind != "park", own  # a region's name ("Tigre") at most


def test_kind_words_before_and_after() -> None:
    assert own_part("Volcán de Fuego") == "Fuego"
    assert own_part("Mount St. Helens") == "St. Helens"
    assert own_part("Klyuchevskaya Sopka") == "Klyuchevskaya"
    assert own_part("Cerro La Palma") == "La Palma"  # an article stays: "La Palma"
    assert own_part("Vulkan") == "Vulkan"


def test_qualifier_must_hold() -> None:
    """A volcano's name qualified by a region that does not hold it is no answer there."""
    rows = [r for r in _rows()[::STRIDE] if r["cc"] != "CA" and " " not in r["names"]]
    assert rows
    for row in rows:
        name = row["names"].split("|")[0]
        assert not _at(f"{name}, ON", row), name


def test_no_near_spelling_of_a_volcano() -> None:
    """One broad list's names are found as written, not by a near spelling: a town the index
    lacks ("Montgey", a French village) is no volcano one letter away ("Puy de Montgy")."""
    rows = [r for r in _rows()[::STRIDE] if len(r["names"].split("|")[0]) >= 8]
    assert len(rows) > 30
    for row in rows:
        name = row["names"].split("|")[0]
        typo = name[:-1] + ("o" if name[-1] != "o" else "a")
        assert not _at(typo, row), typo
