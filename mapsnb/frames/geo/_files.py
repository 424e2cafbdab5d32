"""Open geo formats that keep the attribution, written and read back with their credits.

GeoJSON (no dependency) and GeoParquet (geopandas and pyarrow, the ``geo`` extra).
"""

from __future__ import annotations

import io
import json
import os
from typing import TYPE_CHECKING, Any

import pandas as pd

from mapsnb.errors import InvalidRequest
from mapsnb.frames.geo._features import credit_members, feature_collection, jsonable
from mapsnb.frames.geo._geodataframe import CRS, geopandas_module, to_geodataframe

if TYPE_CHECKING:
    import geopandas

#: The key of the toolkit's metadata in a GeoParquet file's schema (JSON: the credits, see
#: :func:`~mapsnb.frames.geo._features.credit_members`, and the frame's JSON-able ``attrs``).
PARQUET_KEY = b"mapsnb"
#: ``attrs`` that :func:`read_geojson` and :func:`read_geoparquet` restore beside the credits.
_KEPT = ("attributions", "source", "synthetic", "attribution", "units", "tool", "time_zone")


def as_frame(data: Any, purpose: str) -> pd.DataFrame:
    """Return a DataFrame of ``data``: a frame as it is, a typed result's ``to_frame()``.

    Raises
    ------
    InvalidRequest
        ``data`` is neither (its type named).
    """
    if isinstance(data, pd.DataFrame):
        return data
    to_frame = getattr(data, "to_frame", None)
    if callable(to_frame):
        frame = to_frame()
        if isinstance(frame, pd.DataFrame):
            return frame
    raise InvalidRequest(
        "data", f"{purpose} takes a frame or a result of the toolkit, got {type(data).__name__}"
    )


def _path(path: Any) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidRequest("path", f"must be a file path, got {type(path).__name__}")
    return os.fspath(path)


def to_geojson(data: Any, path: str | os.PathLike[str]) -> str:
    """Write a frame or result as a GeoJSON FeatureCollection (UTF-8); returns the path.

    The collection's foreign members say ``attribution`` (the line to show), ``attributions``
    (``{"title", "url"}``), ``synthetic`` (emulator data) and ``source``; each Feature's
    properties repeat ``attribution`` and ``synthetic`` (a feature copied alone keeps them).
    Also ``df.mapsnb.to_geojson(path)``; :func:`read_geojson` reads it back.

    Raises
    ------
    NothingToDraw
        The frame has no coordinate columns nor ``encoded_polyline``.
    """
    target = _path(path)
    collection = feature_collection(as_frame(data, "to_geojson"))
    with open(target, "w", encoding="utf-8") as out:
        json.dump(collection, out, ensure_ascii=False, allow_nan=False)
    return target


def _restored(frame: Any, members: dict[str, Any]) -> Any:
    frame.attrs = {k: members[k] for k in _KEPT if k in members}
    return frame


def read_geojson(path: str | os.PathLike[str]) -> geopandas.GeoDataFrame:
    """Return a GeoDataFrame (EPSG:4326) of a GeoJSON FeatureCollection, its credits in ``attrs``.

    ``attributions``, ``attribution``, ``synthetic``, ``source`` from the collection's members, as
    :func:`to_geojson` writes them. Needs the ``geo`` extra.

    Raises
    ------
    InvalidRequest
        The file is not a GeoJSON FeatureCollection.
    """
    gpd = geopandas_module("read_geojson")
    with open(_path(path), encoding="utf-8") as source:
        collection = json.load(source)
    if not isinstance(collection, dict) or collection.get("type") != "FeatureCollection":
        raise InvalidRequest("path", "the file is not a GeoJSON FeatureCollection")
    features = collection.get("features") or []
    frame = gpd.GeoDataFrame.from_features(features, crs=CRS)
    if "geometry" not in frame.columns:  # no features at all
        frame = gpd.GeoDataFrame(frame, geometry=[], crs=CRS)
    return _restored(frame, collection)


def to_geoparquet(data: Any, path: str | os.PathLike[str]) -> str:
    """Write a frame or result as GeoParquet through geopandas; return the path.

    Needs the ``geo`` extra, which brings pyarrow.

    The geometry is :func:`to_geodataframe`'s (EPSG:4326); the file's schema metadata holds
    the GeoParquet ``geo`` key and ``mapsnb`` (JSON: ``attribution``, ``attributions``,
    ``synthetic``, ``source`` and the frame's ``units``, ``tool``, ``time_zone``). Also
    ``df.mapsnb.to_geoparquet(path)``; :func:`read_geoparquet` reads it back.
    """
    target = _path(path)
    frame = as_frame(data, "to_geoparquet")
    gdf = to_geodataframe(frame)
    if any(n is not None for n in gdf.index.names):
        gdf = gdf.reset_index()
    pq = _parquet("to_geoparquet")
    gdf.attrs = {}  # geopandas would write them as JSON (a Timestamp, a Coverage do not fit)
    buffer = io.BytesIO()
    gdf.to_parquet(buffer, index=False)
    buffer.seek(0)
    table = pq.read_table(buffer)
    members = {**credit_members(frame)}
    for key in ("units", "tool", "time_zone"):
        if key in frame.attrs:
            members[key] = jsonable(frame.attrs[key])
    text = json.dumps(members, ensure_ascii=False).encode("utf-8")
    table = table.replace_schema_metadata({**(table.schema.metadata or {}), PARQUET_KEY: text})
    pq.write_table(table, target)
    return target


def read_geoparquet(path: str | os.PathLike[str]) -> geopandas.GeoDataFrame:
    """Read a GeoParquet file as a GeoDataFrame, with the credits :func:`to_geoparquet` wrote.

    The credits go to ``attrs`` (a file written elsewhere has none). Needs the ``geo`` extra.
    """
    gpd = geopandas_module("read_geoparquet")
    pq = _parquet("read_geoparquet")
    target = _path(path)
    frame = gpd.read_parquet(target)
    metadata = pq.read_schema(target).metadata or {}
    members = json.loads(metadata[PARQUET_KEY]) if PARQUET_KEY in metadata else {}
    return _restored(frame, members if isinstance(members, dict) else {})


def _parquet(purpose: str) -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError(f"{purpose} needs pyarrow: pip install 'mapsnb[geo]'") from exc
    return pq
