"""The lesson notebook: ``new_lesson(path, city, language=…)`` writes it for any town.

Cells: a papermill ``parameters`` cell (city, language, date), places, a route and a detour
(``search_along_route``), a map, hourly air quality and pollen, hourly weather, three cities
compared, a form, an expected ``NOT_FOUND`` (tagged ``raises-exception``), exercises with
solutions tagged ``solution``, and a summary of which steps had an answer. Every step runs in
``with lesson.step(…)``: a step with no answer for the town prints a sentence and the lesson
goes on. The texts come from ``texts.json`` in the lesson's language.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mapsnb.lessons._lesson import check_language, lesson_texts

__all__ = ["LESSON_NOW", "lesson_notebook", "new_lesson"]

#: The emulator's fixed clock in every lesson (the same answers every run).
LESSON_NOW = "2026-09-18T08:00:00-07:00"


def _form_labels(language: str) -> dict[str, str]:
    """Return the EnvironmentForm's button and location labels in ``language``.

    The markdown names them as the form shows them.
    """
    from importlib.resources import files

    raw = json.loads(files("mapsnb").joinpath("widgets", "words.json").read_text("utf-8"))
    base = language.replace("_", "-").split("-")[0].lower()
    return {
        "button": raw["Look up"].get(base, "Look up"),
        "location": raw["Location"].get(base, "Location"),
    }


def _literal(value: str | None) -> str:
    """``value`` as Python source, double-quoted as the formatter writes it."""
    return "None" if value is None else json.dumps(value, ensure_ascii=False)


def _code(source: str, *tags: str, hidden: bool = False) -> dict[str, Any]:
    metadata: dict[str, Any] = {"tags": list(tags)} if tags else {}
    if hidden:
        metadata["jupyter"] = {"source_hidden": True}
    return {"cell_type": "code", "execution_count": None, "metadata": metadata,
            "outputs": [], "source": source.strip("\n")}  # fmt: skip


def _markdown(source: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": source.strip("\n")}


_SETUP = """
import mapsnb

# Without GOOGLE_MAPS_API_KEY: the built-in emulator (synthetic data) with a fixed clock.
client = mapsnb.Client(now="{now}")  # `now` only affects the emulator
print(client.source)
"""

_LESSON = """
import datetime as dt

import pandas as pd

from mapsnb.charts import plot_air_quality, plot_pollen, plot_routes, plot_weather
from mapsnb.lessons import Lesson

lesson = Lesson(client, city, language=language, date=date)
print(lesson.city, "·", lesson.today)
"""

_STEPS: list[tuple[str, str, str]] = [
    (
        "places",
        "places",
        """
# NBVAL_CHECK_OUTPUT
with lesson.step("places"):
    cafes = client.search_places(lesson.text("cafe_query"), page_size=5, language_code=language)
    spots = lesson.found(cafes.to_frame(), "places")
    print(spots[["name", "lat", "lng"]].round(4).to_string())
""",
    ),
    (
        "route",
        "route",
        """
with lesson.step("route"):
    routes = client.compute_routes(
        mapsnb.PlaceId(spots.place_id.iloc[0]),
        mapsnb.PlaceId(spots.place_id.iloc[-1]),
        compute_alternative_routes=True,
        include_polyline=True,
    )
    lesson.found(routes.to_frame(), "routes")
    plot_routes(routes, names=cafes, language=language).figure.set_dpi(70)
""",
    ),
    (
        "detour",
        "detour",
        """
with lesson.step("detour"):
    along = client.search_along_route(
        lesson.text("bakery_query"), route=routes, language_code=language
    )
    bakeries = lesson.found(along.to_frame(), "places").sort_values("detour_s")
    print(bakeries[["name", "detour_s", "detour_m"]].head().to_string())
""",
    ),
    (
        "map",
        "map",
        """
# NBVAL_IGNORE_OUTPUT
with lesson.step("map"):
    display(mapsnb.show(routes, along))
""",
    ),
    (
        "air",
        "air",
        """
with lesson.step("air"):
    day = client.lookup_weather(
        city,
        capabilities=["AIR_QUALITY", "POLLEN", "WEATHER"],
        date=lesson.today,
        language_code=language,
    )
    chart = plot_air_quality(day, "all")  # one panel per index
    chart.figure.set_dpi(70)  # small on screen; for print: chart.figure.savefig("air.png", dpi=200)
""",
    ),
    (
        "pollen",
        "pollen",
        """
with lesson.step("pollen"):
    plot_pollen(day, "plant").figure.set_dpi(70)
""",
    ),
    (
        "weather",
        "weather",
        """
with lesson.step("weather"):
    hourly = client.batch.lookup_weather(
        pd.DataFrame({"hour": range(0, 24, 2)}),
        location=city,
        capabilities=["WEATHER"],
        date=lesson.today + dt.timedelta(days=1),
        hour="hour",
        table="hourly_weather",
        language_code=language,
        progress=False,
    )
    plot_weather(lesson.found(hourly[hourly.status == "ok"], "hours")).figure.set_dpi(70)
""",
    ),
    (
        "compare",
        "compare",
        """
with lesson.step("compare"):
    cities = pd.DataFrame({"city": [city, *lesson.partners]})
    air = client.batch.lookup_weather(
        cities,
        "city",
        capabilities=["AIR_QUALITY"],
        date=lesson.today,
        table="air_quality",
        language_code=language,
        progress=False,
    )
    plot_air_quality(lesson.found(air[air.status == "ok"], "cities"), "uaqi").figure.set_dpi(55)
    weather = client.batch.lookup_weather(
        cities,
        "city",
        capabilities=["WEATHER"],
        date=lesson.today,
        table="daily_weather",
        language_code=language,
        progress=False,
    )
    plot_weather(lesson.found(weather[weather.status == "ok"], "cities")).figure.set_dpi(55)
""",
    ),
    (
        "form",
        "form",
        """
# NBVAL_IGNORE_OUTPUT
from mapsnb.widgets import EnvironmentForm

with lesson.step("form"):
    form = EnvironmentForm(client, language=language)
    form.location.value = city
    form.submit()
    display(form)
""",
    ),
]

_FORM_FAILS = """
with lesson.step("form"):
    form.location.value = "Atlantisville"
    form.submit()  # the form shows the error in its error line, not as a traceback
    print(lesson.texts["form_error"] + ":", bool(form.error.value))
    print(lesson.texts["charts_left"] + ":", len(form.output.outputs))
"""

_ERROR = """
client.lookup_weather("Atlantisville", capabilities=["WEATHER"])
"""

_SOLUTIONS = [
    """
# Exercise 1
with lesson.step("solution"):
    best = bakeries.iloc[0]
    print(best["name"], round(best["detour_s"] / 60, 1), "min")
""",
    """
# Exercise 2
with lesson.step("solution"):
    aq = lesson.found(day.air_quality, "hours")
    first = aq[aq.index_code == aq.index_code.iloc[0]].dropna(subset=["aqi"])
    worst = first.loc[
        first.aqi.idxmin() if first.index_code.iloc[0] == "uaqi" else first.aqi.idxmax()
    ]
    print(worst.time, worst.index_code, worst.aqi, worst.category)
""",
    """
# Exercise 3
with lesson.step("solution"):
    uaqi = air[air.index_code == "uaqi"]
    print(uaqi.groupby("place").aqi.mean().round(1).sort_values(ascending=False))
""",
]


def lesson_notebook(city: str, language: str = "en", date: str | None = None) -> dict[str, Any]:
    """Return the lesson notebook for ``city`` in ``language`` (an nbformat 4 dict).

    Raises
    ------
    mapsnb.InvalidRequest
        ``city`` is empty, or ``language`` is not one the charts speak.
    """
    from mapsnb.errors import InvalidRequest

    if not isinstance(city, str) or not city.strip():
        raise InvalidRequest("city", f"must be a town's name, e.g. 'Accra, Ghana'; got {city!r}")
    language = check_language(language)
    texts = lesson_texts(language)
    words = {"city": city.strip(), **_form_labels(language)}

    def say(key: str) -> dict[str, Any]:
        return _markdown(str(texts[key]).format(**words))

    title = f"# {str(texts['title']).format(**words)}\n\n{str(texts['intro']).format(**words)}"
    if texts.get("language_note") and language.split("-")[0] not in ("en",):
        title += f"\n\n*{texts['language_note']}*"
    cells = [
        _markdown(title),
        say("setup"),
        _code(_SETUP.replace("{now}", LESSON_NOW)),
        say("key"),
        _code(
            f"# {texts['parameters']}\ncity = {_literal(city.strip())}\n"
            f"language = {_literal(language)}\ndate = {_literal(date)}",
            "parameters",
        ),
        _code(_LESSON),
    ]
    for name, key, source in _STEPS:
        cells += [say(key), _code(source)]
        if name == "form":
            cells += [say("form_fails"), _code(_FORM_FAILS)]
    cells += [say("error"), _code(_ERROR, "raises-exception"), say("exercises"), say("solutions")]
    cells += [_code(source, "solution", hidden=True) for source in _SOLUTIONS]
    cells += [say("summary"), _code("# NBVAL_CHECK_OUTPUT\nlesson.summary()")]
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
            "mapsnb": {"lesson": {"city": city.strip(), "language": language, "date": date}},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def new_lesson(
    path: str | os.PathLike[str], city: str, *, language: str = "en", date: str | None = None
) -> Path:
    """Write the lesson for ``city`` in ``language`` to ``path`` (a ``.ipynb``); its path.

    Parameters
    ----------
    path
        The notebook to write (its folder is created if needed; an existing file is replaced).
    city
        Any town the tools resolve (``"Accra, Ghana"``).
    language
        The language of the lesson's texts, answers and charts: any language the charts speak
        (``"fr"``, ``"ja"``, …); the texts are English where the lessons have none yet.
    date
        The lesson's day (``"YYYY-MM-DD"``); default today in the town, by the client's clock.

    Raises
    ------
    mapsnb.InvalidRequest
        An empty ``city``, an unknown ``language``, or a ``path`` not ending in ``.ipynb``.
    """
    import uuid

    from mapsnb.errors import InvalidRequest

    out = Path(path)
    if out.suffix != ".ipynb":
        raise InvalidRequest("path", f"must end in .ipynb; got {str(out)!r}")
    nb = lesson_notebook(city, language, date)
    for cell in nb["cells"]:  # stable ids: a regenerated lesson differs only where it changed
        cell["id"] = uuid.uuid5(uuid.NAMESPACE_URL, f"{city}|{cell['source']}").hex[:8]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return out
