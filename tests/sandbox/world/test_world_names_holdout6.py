"""The seventh holdout of names (issue 40): ``tests/data/names_holdout6.csv``, built by
``tools/build_names_holdout6.py`` from OpenStreetMap's place nodes, which the emulator never
reads as towns. The builder's rules hold on fixed names here; the file, its classes, languages
and unseen queries are checked in ``test_names_holdouts.py`` (``[holdout6]``);
``python benchmarks/bench_names.py --holdout6`` runs all rows.
"""

from __future__ import annotations

from tools.build_names_holdout6 import (
    _band,
    _far,
    _key,
    _latin,
    _named,
    _one_file_each,
)


def test_builder_keeps_named_towns_and_leaves_placeholders_and_camps() -> None:
    assert _named("Campo Grande", None, None) and _named("Σέρρες", "Serres", "Serres")
    assert not _named("noname", None, None) and not _named("Milé", None, "Flüchtlingslager Milé")
    assert not _named("مخيم ميلي", None, None) and not _named("Mile Camp", None, None)
    assert _latin("Mosfellsbær") == "Mosfellsbær" and _latin("Σέρρες") == ""
    assert _latin("Balniai 2") == "" and _latin("Ab") == ""


def test_builder_bands_by_population_else_by_place_type() -> None:
    assert _band("village", "120000") == 2 and _band("city", "1,200") == 0
    assert _band("town", None) == 1 and _band("village", "approx. 300") == 0


def test_namesakes_meet_across_punctuation_and_at_30_km() -> None:
    assert _key("Grand' Anse") == _key("Grand Anse") == _key("grand-anse")
    assert _far((-4.62, 55.44), (-4.32, 55.76)) and not _far((0.0, 0.0), (0.2, 0.0))


def test_a_node_two_countries_files_hold_is_left_out() -> None:
    nodes = [
        {"id": "n1", "want": "GA"},
        {"id": "n1", "want": "GQ"},
        {"id": "n2", "want": ""},
        {"id": "n2", "want": ""},
        {"id": "n3", "want": "TG"},
    ]
    assert [t["id"] for t in _one_file_each(nodes)] == ["n2", "n3"]
