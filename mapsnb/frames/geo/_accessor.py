"""``df.mapsnb``: the toolkit's pandas accessor on every DataFrame.

Registered when :mod:`mapsnb.frames` is first imported (when a frame is first built):
geometry (``__geo_interface__``), ``to_geodataframe``, ``to_geojson``, ``to_geoparquet``.
"""

from __future__ import annotations

import os
from typing import Any

import pandas as pd

from mapsnb.frames.geo._features import feature_collection
from mapsnb.frames.geo._files import to_geojson, to_geoparquet
from mapsnb.frames.geo._geodataframe import to_geodataframe


@pd.api.extensions.register_dataframe_accessor("mapsnb")
class MapsnbAccessor:
    """Geometry and open formats of any frame of the toolkit (``df.mapsnb``).

    Examples
    --------
    >>> import geopandas  # doctest: +SKIP
    >>> gdf = geopandas.GeoDataFrame.from_features(df.mapsnb, crs=4326)  # doctest: +SKIP
    >>> df.mapsnb.to_geojson("cafes.geojson")  # doctest: +SKIP
    """

    def __init__(self, df: pd.DataFrame) -> None:
        self._df = df

    @property
    def __geo_interface__(self) -> dict[str, Any]:
        """Return the frame as a GeoJSON FeatureCollection.

        Each row a Feature (a Point from its coordinates, a LineString from ``encoded_polyline``), its
        cells, ``attribution`` and ``synthetic`` as properties, the frame's credits as the
        collection's members.
        """
        return feature_collection(self._df)

    def to_geodataframe(self, *, geometry: str = "points") -> Any:
        """Return a GeoDataFrame (EPSG:4326): see :func:`mapsnb.frames.to_geodataframe`."""
        return to_geodataframe(self._df, geometry=geometry)

    def to_geojson(self, path: str | os.PathLike[str]) -> str:
        """Write GeoJSON keeping the attribution: see :func:`mapsnb.frames.to_geojson`."""
        return to_geojson(self._df, path)

    def to_geoparquet(self, path: str | os.PathLike[str]) -> str:
        """Write GeoParquet keeping the attribution: see :func:`mapsnb.frames.to_geoparquet`."""
        return to_geoparquet(self._df, path)
