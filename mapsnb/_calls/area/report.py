"""What ``search_area`` gives back: the places of every tile in one deduplicated frame, and its coverage.

:class:`Coverage` (the frame's ``attrs["coverage"]``) says what the search did and what it may
have missed: the tiles asked, those full at the deepest level or left unsplit (where places may
be missing), failed tiles, calls by billing tier, and the share of the area covered by tiles
that answered with fewer places than a page (their answer holds every place in them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

#: A tile's status in :attr:`Coverage.tiles`.
COMPLETE, SPLIT, FULL, FAILED = "complete", "split", "full", "failed"
_SHOWN = 8  # tile ids shown in the report
TILE_COLUMNS = [
    "level", "lat", "lng", "radius_m", "status", "returned", "inside", "new", "reason", "error",
]  # fmt: skip


@dataclass(eq=False)  # its tiles are a DataFrame: pandas compares attrs when it combines frames
class Coverage:
    """How ``search_area`` covered its area (``df.attrs["coverage"]``).

    Attributes
    ----------
    tiles
        One row per tile asked, indexed by tile id: ``level``, the bias circle (``lat``,
        ``lng``, ``radius_m``), ``status`` (``"complete"``: fewer than ``page_size`` places,
        so every place of the tile; ``"split"``: full, asked again as four quadrants;
        ``"full"``: full and not split — at ``max_depth`` or stopped by ``max_calls`` — so
        places may be missing there; ``"failed"``), ``returned`` (places in the answer),
        ``inside`` (of them, inside the area), ``new`` (not found by an earlier tile),
        ``reason`` (why a full tile was not split) and ``error``. :attr:`still_full` lists
        the ids of the full tiles (the report prints them).
    calls, sent, cache_hits
        Tool calls of the search (a name's resolution included), those sent to the server and
        those answered by the cache or a recording (not billed).
    calls_by_tier
        Calls by billing tier.
    covered_share
        The share of the area inside ``"complete"`` tiles (0–1).
    """

    text_query: str
    area: str
    area_km2: float
    page_size: int
    max_depth: int
    tile_m: float
    tier: str
    tiles: pd.DataFrame
    calls: int
    sent: int
    cache_hits: int
    calls_by_tier: dict[str, int]
    covered_share: float
    places: int
    outside: int
    duplicates: int
    unlocated: int
    stopped_by: str | None = None
    resumed_tiles: int = 0
    signature: dict[str, Any] = field(default_factory=dict)

    @property
    def tiles_asked(self) -> int:
        """Tiles answered (by a call now or by a resumed search)."""
        return len(self.tiles)

    @property
    def tiles_full(self) -> int:
        """Full tiles that were not split: places may be missing there."""
        return int((self.tiles["status"] == FULL).sum())

    @property
    def still_full(self) -> list[str]:
        """The ids of the full tiles that were not split: places may be missing there.

        Tiles at ``max_depth`` or stopped by the budget; a resumed search with more budget splits
        them.
        """
        return [str(t) for t in self.tiles.index[self.tiles["status"] == FULL]]

    @property
    def tiles_failed(self) -> int:
        """Tiles whose call failed."""
        return int((self.tiles["status"] == FAILED).sum())

    @property
    def complete(self) -> bool:
        """Whether every part of the area was in a tile that answered with less than a page."""
        return self.tiles_full == 0 and self.tiles_failed == 0 and self.stopped_by is None

    def __repr__(self) -> str:
        levels = self.tiles["level"]
        deepest = int(levels.max()) if len(levels) else 0
        first = int((levels == 0).sum())
        full_at = self.tiles.loc[self.tiles["status"] == FULL, "reason"].value_counts()
        lines = [
            f"search_area({self.text_query!r}, {self.area})"
            + ("" if self.complete else "  [places may be missing]"),
            f"  tiles asked   {self.tiles_asked} (levels 0–{deepest} of max_depth={self.max_depth};"
            f" {first} first-level tiles of {self.tile_m:,.0f} m)",
            f"  full tiles    {self.tiles_full} not split"
            + (
                " ("
                + ", ".join(f"{n} at {why}" for why, n in full_at.items())
                + "): places may be missing there"
                if self.tiles_full
                else ""
            ),
            f"  calls         {self.calls} ({self.sent} sent, {self.cache_hits} from the cache or"
            f" a recording); by tier: "
            + ", ".join(f"{t} {n}" for t, n in self.calls_by_tier.items()),
            f"  places        {self.places} inside the area ({self.duplicates} found again by"
            f" other tiles, {self.outside} outside dropped"
            + (f", {self.unlocated} without a location dropped" if self.unlocated else "")
            + ")",
            f"  covered       {self.covered_share:.1%} of {self.area_km2:,.2f} km² (tiles that"
            f" answered with fewer than {self.page_size} places)",
        ]
        if self.tiles_full:
            ids = self.still_full
            shown = ", ".join(ids[:_SHOWN]) + (
                f", … ({len(ids) - _SHOWN} more)" if len(ids) > _SHOWN else ""
            )
            lines.append(f"  still full    {shown} (.still_full)")
        if self.tiles_failed:
            lines.append(f"  failed tiles  {self.tiles_failed} (see .tiles['error'])")
        if self.resumed_tiles:
            lines.append(f"  resumed       {self.resumed_tiles} tiles from resume=")
        if self.stopped_by:
            lines.append(f"  stopped       {self.stopped_by}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(repr(self))}</pre>"


def tiles_frame(rows: Iterable[Mapping[str, Any]], ids: list[str]) -> pd.DataFrame:
    """Return the :attr:`Coverage.tiles` table."""
    rows = list(rows)

    def column(name: str) -> list[Any]:
        return [row.get(name) for row in rows]

    data: dict[str, Any] = {}
    for name in TILE_COLUMNS:
        values = column(name)
        if name in ("lat", "lng"):
            data[name] = pd.array(values, dtype="float64")
        elif name in ("status", "reason", "error"):
            data[name] = pd.array(values, dtype="string")
        else:
            data[name] = pd.array(values, dtype="Int64")
    return pd.DataFrame(data, index=pd.Index(ids, name="tile", dtype=object))


def places_table(
    parts: list[tuple[str, pd.DataFrame]], empty: pd.DataFrame
) -> tuple[pd.DataFrame, int, list[int]]:
    """One row per place id, first found first, with the ``tiles`` that found it.

    ``parts`` are ``(tile id, rows inside the area)`` in the order the tiles were asked.
    Returns the frame, the number of places found again, and the new places of each part.
    """
    seen: dict[str, list[str]] = {}
    kept: list[pd.DataFrame] = []
    tiles: list[list[str]] = []
    new_counts: list[int] = []
    duplicates = 0
    for tile, rows in parts:
        ids = rows["place_id"].tolist() if "place_id" in rows.columns else [None] * len(rows)
        mask = []
        for pid in ids:
            if pid is None or pd.isna(pid):  # no id: nothing to deduplicate it by
                tiles.append([tile])
                mask.append(True)
            elif pid in seen:
                seen[pid].append(tile)
                duplicates += 1
                mask.append(False)
            else:
                seen[pid] = [tile]
                tiles.append(seen[pid])
                mask.append(True)
        new_counts.append(sum(mask))
        if any(mask):
            kept.append(rows[mask])
    frames = [f for f in kept if len(f)]
    if frames:
        df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0].copy()
    else:
        df = empty.iloc[0:0].copy()
    df = df.reset_index(drop=True)
    df.index = pd.RangeIndex(len(df), name="place")
    df["tiles"] = pd.Series([list(t) for t in tiles], index=df.index, dtype=object)
    df.attrs = {}
    return df, duplicates, new_counts


def merged_credits(frames: Iterable[pd.DataFrame]) -> list[Any]:
    """Return the attributions of every tile's frame, each once, in order."""
    out: list[Any] = []
    seen: set[str] = set()
    for frame in frames:
        for credit in frame.attrs.get("attributions") or []:
            key = repr(credit)
            if key not in seen:
                seen.add(key)
                out.append(credit)
    return out
