"""matplotlib charts of ``lookup_weather`` and ``compute_routes`` results, fit to print.

Each function takes a result or the matching DataFrame (``env.air_quality``, ``env.pollen``,
``env.hourly_weather`` / ``env.daily_weather``, ``routes.path_frame()``), draws on ``ax`` (or a new
8×4 in figure), titles the chart with the place and the local date, keeps legends outside the
data, writes the data's attribution (wrapped, in a margin the layout reserves) at the bottom of
the figure ("synthetic data" for sandbox results) and returns a :class:`Chart`: every panel's Axes
(a sequence; other attributes are the first panel's), shown once as a cell's last line. Air-quality charts draw the index's own category bands and colours
(:data:`mapsnb.charts._scales.SCALES`) and say whether higher or lower is better. matplotlib is
imported on first use; no backend is forced and ``plt.show()`` is never called. Labels, dates
(Babel) and category names follow the language the data was asked in: a frame's
``attrs["language"]`` (set on a result's frames, and on batch and ``mapsnb.concat`` frames whose
calls all asked one ``language_code``), else the result's request; mixed languages draw English.

Errors are ``ValueError`` naming why there is nothing to chart and what to ask instead.
"""

from mapsnb.charts._air_quality import EPA_BANDS, UAQI_BANDS, plot_air_quality
from mapsnb.charts._chart import Chart, precip_axes
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
    "Chart",
    "attribution_text",
    "plot_air_quality",
    "plot_pollen",
    "plot_routes",
    "plot_weather",
    "precip_axes",
]
