"""Geometry of the frames, and open geo files that keep the attribution.

``__geo_interface__`` (the ``df.mapsnb`` accessor), :func:`to_geodataframe`, and GeoJSON and
GeoParquet files.
"""

from mapsnb.frames.geo._accessor import MapsnbAccessor
from mapsnb.frames.geo._features import feature_collection, geometries, point_columns
from mapsnb.frames.geo._files import read_geojson, read_geoparquet, to_geojson, to_geoparquet
from mapsnb.frames.geo._geodataframe import CRS, to_geodataframe

__all__ = [
    "CRS",
    "MapsnbAccessor",
    "feature_collection",
    "geometries",
    "point_columns",
    "read_geojson",
    "read_geoparquet",
    "to_geodataframe",
    "to_geojson",
    "to_geoparquet",
]
