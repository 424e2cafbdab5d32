"""matplotlib charts of ``lookup_weather`` and ``compute_routes`` results, fit to print.

Each function takes a result or the matching DataFrame (``env.air_quality``, ``env.pollen``,
``env.hourly_weather`` / ``env.daily_weather``, ``routes.path_frame()``), draws on ``ax`` (or a new
8×4 in figure), titles the chart with the place and the local date, keeps legends outside the
data, writes the data's attribution at the bottom of the figure ("synthetic data" for sandbox
results) and returns the Axes. Air-quality charts draw the index's own category bands and colours
(:data:`mapsnb.charts._scales.SCALES`) and say whether higher or lower is better. matplotlib is
imported on first use; no backend is forced and ``plt.show()`` is never called.

Errors are ``ValueError`` naming why there is nothing to chart and what to ask instead.
"""

from mapsnb.charts._air_quality import EPA_BANDS, UAQI_BANDS, plot_air_quality
from mapsnb.charts._parts import attribution_text
from mapsnb.charts._pollen import plot_pollen
from mapsnb.charts._routes import plot_routes
from mapsnb.charts._scales import SCALES, UPI_COLORS, UPI_LABELS
from mapsnb.charts._weather import plot_weather

__all__ = [
    "EPA_BANDS",
    "SCALES",
    "UAQI_BANDS",
    "UPI_COLORS",
    "UPI_LABELS",
    "attribution_text",
    "plot_air_quality",
    "plot_pollen",
    "plot_routes",
    "plot_weather",
]
