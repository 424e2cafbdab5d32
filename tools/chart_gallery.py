"""Render every chart of the notebooks and of README's examples to PNG, for a look as a teacher.

Usage::

    python tools/chart_gallery.py chart-gallery   # writes chart-gallery/<name>.png + index.html

(``chart-gallery/`` is git-ignored; any OUTDIR works; extra arguments pick charts by name.)

Data come from the built-in emulator with a fixed clock, so the gallery is the same on every
machine and needs no key. ``charts()`` (name → zero-argument function returning the Axes) is
also what ``tests/charts/test_chart_gallery.py`` inspects through matplotlib's objects.
"""

from __future__ import annotations

import datetime as dt
import html
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd

import mapsnb
from mapsnb.charts import plot_air_quality, plot_pollen, plot_routes, plot_weather

NOW = "2026-09-18T08:00:00-07:00"
TODAY = dt.date(2026, 9, 18)  # the local date at NOW in Europe, America and India
ALL = ["WEATHER", "AIR_QUALITY", "POLLEN"]


@cache
def client() -> mapsnb.Client:
    """The emulator client every chart of the gallery uses (clock fixed at ``NOW``)."""
    return mapsnb.Client(now=NOW)


@cache
def day(place: str, capabilities: tuple[str, ...] = ("AIR_QUALITY",)) -> Any:
    """One local day (``date`` only) of ``place``."""
    return client().lookup_weather(place, capabilities=list(capabilities), date=TODAY)


@cache
def local_today(place: str) -> dt.date:
    """Today at ``place`` (Sydney is a day ahead of Paris at ``NOW``)."""
    from zoneinfo import ZoneInfo

    zone = client().lookup_weather(place, capabilities=["WEATHER"]).zone
    return client().now().astimezone(ZoneInfo(zone or "UTC")).date()


def pollen_days(place: str, days: int = 5) -> pd.DataFrame:
    """Notebook 03 §5: ``days`` daily pollen calls stacked with ``pd.concat``."""
    first = local_today(place)
    calls = [
        client().lookup_weather(place, capabilities=["POLLEN"], date=first + dt.timedelta(days=i))
        for i in range(days)
    ]
    return pd.concat([r.pollen for r in calls], ignore_index=True)


def hourly(place: str) -> pd.DataFrame:
    """Notebook 03 §6: tomorrow every two hours, stacked with ``mapsnb.concat``."""
    tomorrow = TODAY + dt.timedelta(days=1)
    calls = [
        client().lookup_weather(place, capabilities=["WEATHER"], date=tomorrow, hour=h)
        for h in range(0, 24, 2)
    ]
    return mapsnb.concat(calls)


def daily(place: str, days: int) -> pd.DataFrame:
    """Daily forecasts for ``days`` days (one call per date), stacked with ``mapsnb.concat``."""
    calls = [
        client().lookup_weather(place, capabilities=["WEATHER"], date=TODAY + dt.timedelta(days=i))
        for i in range(days)
    ]
    return mapsnb.concat(calls)


def routes() -> Any:
    """README / notebook 02: San Francisco → Lake Tahoe with alternatives and polylines."""
    return client().compute_routes(
        "San Francisco, CA",
        "Lake Tahoe, CA",
        compute_alternative_routes=True,
        include_polyline=True,
    )


def batch_hourly(place: str) -> pd.DataFrame:
    """Notebook 07: tomorrow every two hours as one batch (the frame keeps place and units)."""
    return client().batch.lookup_weather(
        pd.DataFrame({"hour": range(0, 24, 2)}),
        location=place,
        capabilities=["WEATHER"],
        date=TODAY + dt.timedelta(days=1),
        hour="hour",
        table="hourly_weather",
        progress=False,
    )


def batch_pollen(place: str, days: int = 5) -> pd.DataFrame:
    """Notebook 03 §5 as a batch: one pollen call per local date."""
    first = local_today(place)
    return client().batch.lookup_weather(
        pd.DataFrame({"date": [first + dt.timedelta(days=i) for i in range(days)]}),
        location=place,
        capabilities=["POLLEN"],
        date="date",
        table="pollen",
        progress=False,
    )


def batch_cities(*places: str, date: dt.date | None = TODAY) -> pd.DataFrame:
    """Notebook 07: today's hourly air quality of several cities as one batch (``date=None``:
    each city's current hour, as notebook 06)."""
    return client().batch.lookup_weather(
        pd.DataFrame({"city": list(places)}),
        "city",
        capabilities=["AIR_QUALITY"],
        date=date,
        table="air_quality",
        progress=False,
    )


#: Twelve cities on five continents: the most places one printable page holds.
TWELVE = (
    "Paris, France", "London, UK", "Berlin, Germany", "Madrid, Spain", "Porto, Portugal",
    "Kraków, Poland", "Nairobi, Kenya", "Lima, Peru", "São Paulo, Brazil", "New Delhi, India",
    "Beijing, China", "Sydney, Australia",
)  # fmt: skip


def porto_walk() -> tuple[Any, Any]:
    """Notebook 07: a walk between two cafés found by ``search_places`` (ids, then names)."""
    cafes = client().search_places("cafés in Porto, Portugal", page_size=5)
    ids = cafes.to_frame()["place_id"].tolist()
    walk = client().compute_routes(
        mapsnb.PlaceId(ids[0]),
        mapsnb.PlaceId(ids[2]),
        travel_mode="WALK",
        compute_alternative_routes=True,
        include_polyline=True,
    )
    return walk, cafes


def charts() -> dict[str, Callable[[], Any]]:
    """Every chart of the gallery: name → function drawing it (returns a ``Chart``)."""
    now = client().now()
    readme = ("AIR_QUALITY", "POLLEN")
    return {
        # README "At a glance"
        "readme_air_quality_paris": lambda: plot_air_quality(day("Paris, France", readme)),
        "readme_pollen_paris": lambda: plot_pollen(day("Paris, France", readme)),
        # notebook 02 (the route chart; plot_routes replaces its hand-made vertex chart)
        "nb02_routes_sf_tahoe": lambda: plot_routes(routes()),
        # notebook 03
        "nb03_uaqi_paris": lambda: plot_air_quality(
            day("Paris, France", ("WEATHER", "AIR_QUALITY")), "uaqi", now=now
        ),
        "nb03_local_index_paris": lambda: plot_air_quality(
            day("Paris, France", ("WEATHER", "AIR_QUALITY")), now=now
        ),
        "nb03_pollen_5_days_paris": lambda: plot_pollen(pollen_days("Paris, France")),
        "nb03_hourly_weather_paris": lambda: plot_weather(hourly("Paris, France")),
        "nb03_daily_weather_paris": lambda: plot_weather(
            day("Paris, France", ("WEATHER", "AIR_QUALITY"))
        ),
        "daily_weather_10_days_paris": lambda: plot_weather(daily("Paris, France", 10)),
        # one chart per index the emulator emits, and the brief's places
        "aq_all_indexes_paris": lambda: plot_air_quality(day("Paris, France"), "all", now=now),
        "aq_usa_epa_san_francisco": lambda: plot_air_quality(day("San Francisco, CA"), now=now),
        "aq_ind_cpcb_delhi": lambda: plot_air_quality(day("New Delhi, India"), now=now),
        "aq_uaqi_delhi": lambda: plot_air_quality(day("New Delhi, India"), "uaqi", now=now),
        "aq_gbr_defra_london": lambda: plot_air_quality(day("London, UK")),
        "aq_deu_uba_berlin": lambda: plot_air_quality(day("Berlin, Germany")),
        "aq_eaqi_madrid": lambda: plot_air_quality(day("Madrid, Spain")),
        "aq_chn_mee_beijing": lambda: plot_air_quality(day("Beijing, China")),
        "pollen_plants_sydney": lambda: plot_pollen(pollen_days("Sydney, Australia", 3), "plant"),
        "pollen_types_sydney": lambda: plot_pollen(pollen_days("Sydney, Australia")),
        "current_weather_sydney": lambda: plot_weather(
            client().lookup_weather("Sydney, Australia", capabilities=["WEATHER"])
        ),
        # notebook 07: a lesson outside the showcase (Porto), batch results, several places
        "nb07_routes_porto": lambda: plot_routes(
            client().compute_routes(
                (41.1456, -8.6106),
                (41.1588, -8.6307),
                compute_alternative_routes=True,
                include_polyline=True,
            ),
            names={"41.1456,-8.6106": "São Bento", "41.1588,-8.6307": "Casa da Música"},
        ),
        "nb07_walk_named_porto": lambda: plot_routes(porto_walk()[0], names=porto_walk()[1]),
        "nb07_batch_hourly_weather_porto": lambda: plot_weather(batch_hourly("Porto, Portugal")),
        "nb07_batch_pollen_krakow": lambda: plot_pollen(batch_pollen("Kraków, Poland")),
        "nb07_batch_uaqi_three_cities": lambda: plot_air_quality(
            batch_cities("Porto, Portugal", "Kraków, Poland", "São Paulo, Brazil"),
            "uaqi",
            now=now,
        ),
        "batch_twelve_cities_now": lambda: plot_air_quality(batch_cities(*TWELVE, date=None)),
        "batch_twelve_cities_day": lambda: plot_air_quality(batch_cities(*TWELVE), now=now),
        "multi_place_concat_local_index": lambda: plot_air_quality(
            mapsnb.concat([day("Lyon, France"), day("São Paulo, Brazil"), day("Kraków, Poland")])
        ),
    }


def render(outdir: Path, names: list[str] | None = None) -> list[Path]:
    """Write each chart to ``outdir/<name>.png`` (100 dpi) and an ``index.html``; return PNGs."""
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, draw in charts().items():
        if names and name not in names:
            continue
        ax = draw()
        target = outdir / f"{name}.png"
        ax.figure.savefig(target, dpi=100)
        plt.close(ax.figure)
        written.append(target)
    items = "\n".join(
        f'<figure><img src="{html.escape(p.name)}"><figcaption>{html.escape(p.stem)}'
        "</figcaption></figure>"
        for p in written
    )
    (outdir / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>mapsnb chart gallery</title>\n{items}\n",
        encoding="utf-8",
    )
    return written


def main(argv: list[str] | None = None) -> int:
    """``chart_gallery.py OUTDIR [NAME ...]``."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    for path in render(Path(args[0]), args[1:] or None):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
