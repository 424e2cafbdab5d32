"""Rebuild ``mapsnb_sandbox/data/land_runs.bin`` from ``global-land-mask``.

``python tools/build_land_mask.py`` (needs ``pip install global-land-mask``; about 1 GB of
memory and ten seconds: the package inflates its 1 km GLOBE grid, 21,600 x 43,200 cells, when
imported). The emulator cannot afford that at run time, so it ships the grid as row-wise
run boundaries: for each of the 21,600 rows (90°N southwards, 1/120° each), the sorted columns
(180°W eastwards, 1/120° each) where land and sea swap, starting from land: a column is at
sea when an odd number of boundaries lie at or before it. About 800,000
boundaries, 1.2 MB compressed; :mod:`mapsnb_sandbox.earth.water` reads it with the standard library.

File layout (zlib-compressed): ``b"MAPSNB-LAND-RUNS-1\\n"``, rows (uint32 big-endian), columns
(uint32), then ``rows + 1`` uint32 offsets and the uint16 boundaries, both little-endian.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "land_runs.bin"
MAGIC = b"MAPSNB-LAND-RUNS-1\n"


def main() -> None:
    from global_land_mask import globe

    mask = globe._mask
    rows, cols = mask.shape
    offsets = array("I", [0])
    bounds = array("H")
    for i in range(rows):
        row = mask[i].astype(np.int8)
        change = np.flatnonzero(np.diff(row)) + 1
        if row[0]:
            change = np.concatenate([[0], change])
        bounds.extend(change.astype(np.uint16).tolist())
        offsets.append(len(bounds))
    if sys.byteorder != "little":  # pragma: no cover
        offsets.byteswap()
        bounds.byteswap()
    body = rows.to_bytes(4, "big") + cols.to_bytes(4, "big") + offsets.tobytes() + bounds.tobytes()
    OUT.write_bytes(MAGIC + zlib.compress(body, 9))
    print(f"{OUT}: {len(bounds):,} boundaries, {OUT.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
