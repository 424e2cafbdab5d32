"""Issue 40, round 8 of famous places: a bare name that opens a famous place's name ("San Pedro"
of "San Pedro de la Roca Castle") and is otherwise only a small town's, LOW, far from the place,
names no place (NOT_FOUND), not the town 50+ km off. The famous places here are made up (a table
of the test's own); the towns are real ones outside the landmark holdouts and the names corpora."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from mapsnb_sandbox.world.landmark_names import leads as landmark_leads
from mapsnb_sandbox.world.landmark_names.leads import leads
from mapsnb_sandbox.world.landmarks import fold, load_famous
from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve

#: Made-up famous places: far from the US towns their names open with, but Marathon's, which
#: lies in Marathon, Florida.
_FAMOUS = """key,whc,kind,city,country,cc,lat,lng,names,keys
sparta-vines,,landmark,Siena,Italy,IT,43.3200,11.3300,"Sparta: Vineyards of the Crete Senesi|Vignes de Sparta",
vernon-lodge,,landmark,Cusco,Peru,PE,-13.5300,-71.9700,Mount Vernon of the Andes Lodge,
valhalla-hall,,landmark,Bergen,Norway,NO,60.3900,5.3200,"Valhalla (Old Feast Hall), Bergen",
marathon-turtles,,landmark,Marathon,United States,US,24.7140,-81.0800,"Marathon, Turtle Hospital of the Keys",
eden-abbey,,landmark,Kyoto,Japan,JP,35.0100,135.7600,"Abbey, Eden Gardens of Kyoto",
"""


@pytest.fixture
def famous(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lead rule reads the test's own famous places; towns stay the emulator's."""
    path = tmp_path / "famous.csv"
    path.write_text(_FAMOUS, encoding="utf-8")
    table = types.SimpleNamespace(items=load_famous(path, []))
    monkeypatch.setattr(landmark_leads, "landmark_index", lambda: table)
    yield


@pytest.mark.parametrize(
    ("name", "lead", "read"),
    [
        ("Sparta: Vineyards of the Crete Senesi", "sparta", True),  # before a colon
        ("Valhalla (Old Feast Hall), Bergen", "valhalla", True),  # before a parenthesis
        ("Mount Vernon of the Andes Lodge", "mount vernon", True),  # "X of Y", X of two words
        ("Medina of Fez", "medina", False),  # one word before "of": a kind, not a name
        ("Abbey, Eden Gardens of Kyoto", "abbey", True),  # a kind before a comma
        ("Abbey, Eden Gardens of Kyoto", "eden", False),  # no lead inside the name
        ("Fes Old Town", "fes", False),  # too short
    ],
)
def test_the_leads_of_a_name(name: str, lead: str, read: bool) -> None:
    assert (lead in leads(name)) is read
    assert fold(name) in leads(name)  # the whole name is its own lead


@pytest.mark.usefixtures("famous")
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Sparta", "Sparta: Vineyards"),  # Sparta, New Jersey, LOW, 6,800 km from Siena
        ("sparta", "Sparta: Vineyards"),
        ("Valhalla", "Valhalla (Old Feast Hall)"),  # Valhalla, New York, LOW
        ("Mount Vernon", "Mount Vernon of the Andes"),  # Mount Vernon, New York, LOW
    ],
)
def test_a_bare_name_opening_a_far_famous_place_names_no_town(text: str, place: str) -> None:
    found = resolve(text)
    assert found.place is None and found.how == NOT_FOUND
    assert "names a town and, far from it" in found.reason and place in found.reason


@pytest.mark.usefixtures("famous")
def test_the_town_without_the_famous_place_is_the_town(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same texts without the made-up table: the LOW town, as before this round."""
    empty = types.SimpleNamespace(items=[])
    monkeypatch.setattr(landmark_leads, "landmark_index", lambda: empty)
    for text, cc in (("Sparta", "US"), ("Valhalla", "US"), ("Mount Vernon", "US")):
        found = resolve(text)
        assert found.place is not None and found.place.country_code == cc
        assert found.confidence == "LOW"


@pytest.mark.usefixtures("famous")
@pytest.mark.parametrize(
    "text",
    [
        "Marathon",  # the famous place lies in the town: the town
        "Eden",  # opens no lead ("Abbey, Eden Gardens of Kyoto")
        "Sparta, New Jersey",  # a qualified town
        "Monticello",  # no famous place by that name
    ],
)
def test_towns_stay_towns(text: str) -> None:
    found = resolve(text)
    assert found.place is not None and found.place.kind == "locality"


@pytest.mark.usefixtures("famous")
def test_a_town_asked_for_a_kind_stays_a_town() -> None:
    """ "pharmacy in Sparta" reads its town with ``role="town"``: still the town."""
    found = resolve("Sparta", role="town")
    assert found.place is not None and found.place.name == "Sparta"


@pytest.mark.usefixtures("famous")
def test_a_town_as_big_as_the_bar_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A LOW town of :data:`LEAD_TOWN_POPULATION` or more is what its bare name means."""
    monkeypatch.setattr(landmark_leads, "LEAD_TOWN_POPULATION", 10_000)  # Sparta, NJ: 19,722
    found = resolve("Sparta")
    assert found.place is not None and found.place.name == "Sparta"


def test_shipped_leads_near_their_town_or_of_one_word_before_of_keep_it() -> None:
    """With the shipped tables: "Tipasa" (a property's name, the town at the site) and
    "Medina" ("Medina of Fez": one word before "of") stay towns."""
    found = resolve("Tipasa")
    assert found.place is not None and found.place.kind == "locality"
    assert resolve("Medina").place is not None  # "Medina of Fez": one word before "of"


def test_the_third_holdout_builder_keeps_open_museums_and_adds_their_town() -> None:
    """``tools/build_landmark_holdout3.py`` on made-up rows: a closed museum is left out, "nr "
    is dropped from a town, a town inside the museum's name is not asked again."""
    from tools.build_landmark_holdout3 import rows_of

    def row(mid: str, name: str, town: str, closed: str = "9999:9999") -> dict[str, str]:
        return {"museum_id": mid, "Name_of_museum": name, "Village,_Town_or_City": town,
                "Latitude": "52.0", "Longitude": "-1.0", "Size": "small", "Year_closed": closed}  # fmt: skip

    rows = rows_of([
        row("a", "Quarry Lane Museum", "nr Ashby"),
        row("b", "Ashby Town Museum", "Ashby"),
        row("c", "Old Mill Gallery", "Ashby", closed="1999:1999"),
    ])  # fmt: skip
    assert [r["query"] for r in rows] == [
        "Quarry Lane Museum",
        "Quarry Lane Museum, Ashby",
        "Ashby Town Museum",
    ]
    assert {r["tol_km"] for r in rows} == {"2"}


def test_the_third_holdout_is_answered_nowhere_50_km_off() -> None:
    """Issue 40 on UK museums the emulator never read (Mapping Museums' points, CC BY): no answer
    of ``resolve_names`` 50 km or more from the museum (most are NOT_FOUND: the world does not
    hold them; a LOW town the text names may be a few km off)."""
    import csv

    from mapsnb.polyline import haversine_m
    from tests.sandbox.world.landmarks_eval import answers_resolve, one_source_namesake

    path = Path(__file__).resolve().parents[2] / "data" / "landmark_holdout3.csv"
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    assert len(rows) >= 100
    answers = answers_resolve([r["query"] for r in rows])
    far = [
        r["query"]
        for r, a in zip(rows, answers, strict=True)
        if a is not None
        and haversine_m(a[0], a[1], float(r["lat"]), float(r["lng"])) >= 50_000
        and not one_source_namesake(r["query"])  # round 27: a LOW namesake volcano
    ]
    assert far == []
