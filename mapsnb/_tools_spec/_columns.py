"""The columns of the six tools' frames, in order.

Metric names for weather: an imperial answer names its measures in its units.
"""

from __future__ import annotations

__all__ = [
    "AIR_QUALITY_COLUMNS",
    "ALONG_COLUMNS",
    "DAILY_COLUMNS",
    "PATH_COLUMNS",
    "PLACE_COLUMNS",
    "POLLEN_COLUMNS",
    "RESOLVED_COLUMNS",
    "ROUTE_COLUMNS",
    "WEATHER_COLUMNS",
]

PLACE_COLUMNS = (
    "place_id",
    "resource_name",
    "name",
    "lat",
    "lng",
    "place_url",
    "directions_url",
    "reviews_url",
    "photos_url",
    "write_a_review_url",
    "attribution_title",
    "attribution_url",
    "cited",
    "summary_snippet",
)
ALONG_COLUMNS = (
    *PLACE_COLUMNS,
    "rank",
    "detour_s",
    "detour",
    "detour_distance_text",
    "detour_m",
)
ROUTE_COLUMNS = (
    "route_index",
    "distance_m",
    "duration_s",
    "duration",
    "encoded_polyline",
    "retrieval_token",
    "token_expires_at",
    "attribution_title",
    "attribution_url",
    "travel_mode",
    "origin",
    "destination",
    "origin_name",
    "destination_name",
)
PATH_COLUMNS = ("route_index", "seq", "lat", "lng", "cum_distance_m")
RESOLVED_COLUMNS = (
    "ok",
    "place_id",
    "resource_name",
    "confidence",
    "error_code",
    "error_status",
    "error_message",
    "matched_name",  # what the emulator matched (its "sandboxMatch"); NA for live answers
    "matched_lat",
    "matched_lng",
)
WEATHER_COLUMNS = (
    "time",
    "temperature_c",
    "feels_like_c",
    "dew_point_c",
    "heat_index_c",
    "humidity_pct",
    "precip_probability_pct",
    "precip_type",
    "precip_amount_mm",
    "thunderstorm_probability_pct",
    "pressure_mb",
    "wind_speed_kph",
    "wind_gust_kph",
    "wind_direction_deg",
    "wind_cardinal",
    "visibility_km",
    "uv_index",
    "cloud_cover_pct",
    "condition",
    "condition_type",
    "is_daytime",
)
DAILY_COLUMNS = (
    "date",
    "temperature_max_c",
    "temperature_min_c",
    "feels_like_max_c",
    "feels_like_min_c",
    "condition",
    "condition_type",
    "precip_probability_pct",
    "precip_amount_mm",
    "thunderstorm_probability_pct",
    "wind_speed_kph",
    "wind_gust_kph",
    "wind_direction_deg",
    "uv_index",
    "humidity_pct",
    "cloud_cover_pct",
    "night_condition",
    "night_precip_probability_pct",
    "sunrise",
    "sunset",
    "moon_phase",
)
AIR_QUALITY_COLUMNS = (
    "time",
    "index_code",
    "index_name",
    "aqi",
    "aqi_display",
    "category",
    "dominant_pollutant",
    "color",
)
POLLEN_COLUMNS = (
    "date",
    "kind",
    "code",
    "name",
    "upi",
    "category",
    "in_season",
    "index_description",
    "color",
)
