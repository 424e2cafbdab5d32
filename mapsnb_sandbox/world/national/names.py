"""Names a country's own lists give its towns that the index and ``town_names.tsv.z`` lack:
Spain's co-official names ("Alcoi", "Monòver", "Sant Vicent del Raspeig", "Llodio") and
Mexico's short and official long names ("Zihuatanejo", "Heroica Ciudad de Calpulalpan") of
towns of any size (``data/national_names.tsv``, ``tools/build_national_names.py``), then
Korea's Hangul names (:mod:`.korean`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from mapsnb_sandbox.world.geodata import CityIndex
from mapsnb_sandbox.world.national.korean import hangul_ids
from mapsnb_sandbox.world.national.rows import numbered_rows

__all__ = ["coofficial_ids", "national_ids"]

_COOFFICIAL = Path(__file__).resolve().parents[2] / "data" / "national_names.tsv"
#: The table of :func:`coofficial_ids`, kept with the index it numbers.
_TABLE: list[tuple[CityIndex, dict[str, list[int]]]] = []


def coofficial_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers of the towns whose co-official or other national name is folded ``key``,
    most populous first ("alcoi": Alcoy; "zihuatanejo": Ixtapa-Zihuatanejo)."""
    if not _TABLE or _TABLE[0][0] is not idx:
        _TABLE[:] = [(idx, numbered_rows(idx, _COOFFICIAL.read_text("utf-8")))]
    return list(_TABLE[0][1].get(key, ()))


def national_ids(idx: CityIndex, key: str, script_names: Mapping[str, Sequence[int]]) -> list[int]:
    """City numbers of the towns folded ``key`` names by a country's own names: a co-official
    or other national name (:func:`coofficial_ids`), else a Korean name in Hangul (:func:`.korean.hangul_ids`,
    with ``script_names``, ``town_names.tsv.z``'s rows)."""
    return coofficial_ids(idx, key) or hangul_ids(idx, key, script_names)
