"""Name tables keyed by GeoNames ids (``name<TAB>gid,gid,…``), read into the town index's
city numbers: ``town_names.tsv.z`` (:func:`..cities.script_ids`) and ``national_names.tsv``
(:func:`.names.coofficial_ids`)."""

from __future__ import annotations

from mapsnb_sandbox.world.geodata import CityIndex

__all__ = ["city_numbers", "numbered_rows"]


def city_numbers(idx: CityIndex) -> dict[int, int]:
    """GeoNames id -> city number, for every town of ``idx``."""
    return {gid: j for j, gid in enumerate(idx.cities.gids())}


def numbered_rows(idx: CityIndex, text: str) -> dict[str, list[int]]:
    """The rows ``name<TAB>gid,gid,…`` of ``text`` (``#`` lines are comments) as name -> the
    city numbers of the ids ``idx`` holds, in the row's order; a name with none is left out."""
    number = city_numbers(idx)
    rows: dict[str, list[int]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, gids = line.partition("\t")
            ids = [number[g] for g in map(int, gids.split(",")) if g in number]
            if ids:
                rows[name] = ids
    return rows
