"""Tidy pandas DataFrames from raw tool payloads, plus :func:`concat` and :func:`to_geodataframe`.

Every function takes the **raw payload dict** of one tool call (either key spelling, missing
optional fields tolerated, unknown fields kept as extra columns) and returns a DataFrame whose
``attrs`` hold ``source`` (``"live"``, ``"sandbox"`` or a host) and ``attributions`` (unique
``{"title", "url"}`` dicts found in the payload, in order). Column names are a contract relied on
by layers, charts and widgets; see each function. In every frame: texts are :data:`TEXT`
(pandas' default string dtype), flags the nullable ``boolean``, and a measure's unit is in its
name (``distance_m``, ``humidity_pct``; ``temperature_c`` or ``temperature_f`` as the answer's
units say: :func:`unit_column` finds it).

The ``lookup_weather`` frames live in :mod:`mapsnb.frames._weather`,
:mod:`mapsnb.frames._air_quality` and :mod:`mapsnb.frames._pollen` (request context and per-domain
credits in :mod:`mapsnb.frames._environment`), the places and along-route frames in
:mod:`mapsnb.frames._places` and :mod:`mapsnb.frames._along_route`, the routes frames in
:mod:`mapsnb.frames._routes`, the resolution frames in :mod:`mapsnb.frames._resolution`,
:func:`concat` in :mod:`mapsnb.frames._concat`, and geometry in :mod:`mapsnb.frames.geo`
(:func:`to_geodataframe`, :func:`to_geojson`, :func:`read_geojson`, :func:`to_geoparquet`,
:func:`read_geoparquet`, and the ``df.mapsnb`` accessor with ``__geo_interface__``, registered
on import); all are re-exported here.
"""

from mapsnb.frames._air_quality import (
    air_quality_frame,
    health_recommendations_frame,
    pollutants_frame,
)
from mapsnb.frames._along_route import ALONG_COLUMNS as ALONG_COLUMNS
from mapsnb.frames._along_route import along_route_frame, parse_distance_m
from mapsnb.frames._concat import add_credit_pairs as add_credit_pairs
from mapsnb.frames._concat import add_credits as add_credits
from mapsnb.frames._concat import align_zones as align_zones
from mapsnb.frames._concat import concat
from mapsnb.frames._concat import request_label as request_label
from mapsnb.frames._environment import environment_attributions
from mapsnb.frames._places import PLACE_COLUMNS as PLACE_COLUMNS
from mapsnb.frames._places import places_frame
from mapsnb.frames._pollen import pollen_frame
from mapsnb.frames._resolution import BATCH_COLUMNS as BATCH_COLUMNS
from mapsnb.frames._resolution import resolved_names_frame, resolved_urls_frame
from mapsnb.frames._routes import PATH_COLUMNS as PATH_COLUMNS
from mapsnb.frames._routes import ROUTE_COLUMNS as ROUTE_COLUMNS
from mapsnb.frames._routes import route_path_frame, routes_frame
from mapsnb.frames._routes import routes_lists as routes_lists
from mapsnb.frames._routes import routes_table as routes_table
from mapsnb.frames._routes import waypoint_label as waypoint_label
from mapsnb.frames._tables import TEXT as TEXT
from mapsnb.frames._weather import (
    current_weather_frame,
    daily_weather_frame,
    hourly_weather_frame,
    unit_column,
)
from mapsnb.frames.geo import MapsnbAccessor as MapsnbAccessor
from mapsnb.frames.geo import (
    read_geojson,
    read_geoparquet,
    to_geodataframe,
    to_geojson,
    to_geoparquet,
)

__all__ = [
    "air_quality_frame",
    "along_route_frame",
    "concat",
    "current_weather_frame",
    "daily_weather_frame",
    "environment_attributions",
    "health_recommendations_frame",
    "hourly_weather_frame",
    "parse_distance_m",
    "places_frame",
    "pollen_frame",
    "pollutants_frame",
    "read_geojson",
    "read_geoparquet",
    "resolved_names_frame",
    "resolved_urls_frame",
    "route_path_frame",
    "routes_frame",
    "to_geodataframe",
    "to_geojson",
    "to_geoparquet",
    "unit_column",
]
