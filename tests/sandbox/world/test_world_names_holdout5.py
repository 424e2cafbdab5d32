"""The sixth holdout of names (issue 40): ``tests/data/names_holdout5.csv``, built by
``tools/build_names_holdout5.py`` from UN/LOCODE (UNECE's code list, its own points), a source
the emulator never reads. The builder's rules hold on fixed names here; the file, its classes,
languages and unseen queries are checked in ``test_names_holdouts.py`` (``[holdout5]``);
``python benchmarks/bench_names.py --holdout5`` runs all rows.
"""

from __future__ import annotations

from tools.build_names_holdout5 import _populated, _town_name


def test_builder_keeps_towns_and_leaves_facilities() -> None:
    assert _town_name("Saint-Priest-des-Champs") and _town_name("Ballia")
    for name in ("Auburn-Lewiston Apt", "Abo (Turku)", "Brooklin, Hancock", "Oil Field 2"):
        assert not _town_name(name)
    assert _populated("--3-----") and _populated("1-------")
    assert not _populated("------7-") and not _populated("0-------")
