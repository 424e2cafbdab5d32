"""Issue 22 ("a lesson from start to print"): batch frames keep place and units, several places
per chart, the "now" line from the client's clock, pollen "out of season", batch traps."""

from __future__ import annotations

import datetime as dt
import html

import matplotlib
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb.charts import plot_air_quality, plot_pollen, plot_weather
from tests.hypothesis_setup import examples

matplotlib.use("Agg")

NOW = "2026-09-18T08:00:00-07:00"
DAY = dt.date(2026, 9, 18)


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


@pytest.fixture(autouse=True)
def _close() -> object:
    yield None
    import matplotlib.pyplot as plt

    plt.close("all")


# ------------------------------------------------------------------ item 2: place and units
def test_a_batch_weather_chart_keeps_place_and_units(client: mapsnb.Client) -> None:
    hourly = client.batch.lookup_weather(
        pd.DataFrame({"hour": range(0, 24, 4)}),
        location="Porto, Portugal",
        capabilities=["WEATHER"],
        date=DAY + dt.timedelta(days=1),
        hour="hour",
        table="hourly_weather",
        progress=False,
    )
    assert hourly.attrs["units"]["temperature_c"] == "°C"
    assert hourly.attrs["place"] == "Porto, Portugal"
    assert hourly["place"].eq("Porto, Portugal").all()
    ax = plot_weather(hourly)
    assert "Porto, Portugal" in ax.get_title()
    assert ax.get_ylabel() == "temperature (°C)"


def test_a_batch_pollen_chart_names_the_place(client: mapsnb.Client) -> None:
    pollen = client.batch.lookup_weather(
        pd.DataFrame({"date": [DAY + dt.timedelta(days=i) for i in range(3)]}),
        location="Porto, Portugal",
        capabilities=["POLLEN"],
        date="date",
        table="pollen",
        progress=False,
    )
    assert "Porto, Portugal" in plot_pollen(pollen).get_title()


def test_resume_keeps_places_and_units(client: mapsnb.Client) -> None:
    cities = pd.DataFrame({"city": ["Lyon", "Kraków"]})
    first = client.batch.lookup_weather(
        cities, "city", capabilities=["WEATHER"], table="current_weather", progress=False
    )
    again = client.batch.lookup_weather(
        cities, "city", capabilities=["WEATHER"], table="current_weather", progress=False,
        resume=first,
    )  # fmt: skip
    assert again["place"].tolist() == ["Lyon", "Kraków"]
    assert again.attrs["units"]["temperature_c"] == "°C"
    assert again.attrs["time_zones"] == {"Lyon": "Europe/Paris", "Kraków": "Europe/Warsaw"}


# ------------------------------------------------------------- item 3: several places
def _three(client: mapsnb.Client) -> list[mapsnb.results.EnvironmentResult]:
    return [
        client.lookup_weather(p, capabilities=["AIR_QUALITY"], date=DAY)
        for p in ("Lyon", "São Paulo", "Kraków")
    ]


def test_concat_of_three_places_draws_one_local_panel_each(client: mapsnb.Client) -> None:
    ax = plot_air_quality(mapsnb.concat(_three(client)), "uaqi")
    panels = [a for a in ax.figure.axes if a.get_title()]
    assert [p.get_title().split(" — ")[1].split(",")[0] for p in panels] == [
        "Lyon",
        "São Paulo",
        "Kraków",
    ]
    assert "America/Sao_Paulo" in panels[1].get_xlabel()
    assert "UTC," not in " ".join(p.get_xlabel() for p in panels)
    for panel in panels:  # each day starts at its local midnight
        assert pd.Timestamp(panel.get_lines()[0].get_xdata()[0]).hour == 0


def test_batch_over_cities_draws_one_panel_per_place(client: mapsnb.Client) -> None:
    aq = client.batch.lookup_weather(
        pd.DataFrame({"city": ["Lyon", "São Paulo"]}),
        location="city",
        capabilities=["AIR_QUALITY"],
        date=DAY,
        table="air_quality",
        progress=False,
    )
    ax = plot_air_quality(aq)
    titles = [a.get_title() for a in ax.figure.axes if a.get_title()]
    assert len(titles) == 2 and "Lyon" in titles[0] and "São Paulo" in titles[1]
    # issue 41: plot_weather draws several places too (one panel each), like plot_air_quality
    weather = plot_weather(aq.assign(temperature_c=1.0))
    assert len(weather) == 2 and "Lyon" in weather[0].get_title()
    with pytest.raises(ValueError, match="pass ax=None"):
        plot_air_quality(aq, ax=ax)


# ----------------------------------------------------------------- item 13: now and pollen
def test_the_now_line_follows_the_clients_clock(client: mapsnb.Client) -> None:
    day = client.lookup_weather("Kraków", capabilities=["AIR_QUALITY"], date=DAY)
    assert day.asked_at == client.now()
    ax = plot_air_quality(day, "uaqi")
    lines = [line for line in ax.get_lines() if line.get_gid() == "now"]
    assert len(lines) == 1
    local = client.now().astimezone(dt.timezone(dt.timedelta(hours=2)))  # Kraków, September
    assert pd.Timestamp(lines[0].get_xdata()[0]).hour == local.hour


def test_pollen_out_of_season_is_not_no_data() -> None:
    frame = pd.DataFrame(
        {
            "date": [pd.Timestamp("2026-12-01")] * 2,
            "kind": ["plant", "plant"],
            "code": ["BIRCH", "OLIVE"],
            "name": ["Birch", "Olive"],
            "upi": pd.array([pd.NA, pd.NA], dtype="Int64"),
            "in_season": [False, False],
            "category": [None, None],
            "color": [None, None],
        }
    )
    ax = plot_pollen(frame, "plant")
    notes = [t.get_text() for t in ax.texts if t.get_gid() == "out-of-season"]
    assert notes == ["out of season", "out of season"]


# -------------------------------------------------------------------- item 7: batch traps
@pytest.mark.parametrize(
    ("arguments", "wrong"),
    [
        ({"location": "place"}, "'place'"),  # the case: an identifier, far from 'city'
        ({"location": "cty"}, "'cty'"),  # close to the column
        ({"location": "City"}, "'City'"),  # the column in another case
    ],
)
def test_a_misspelled_column_is_refused_with_a_suggestion(
    client: mapsnb.Client, arguments: dict[str, str], wrong: str
) -> None:
    cities = pd.DataFrame({"n": [1, 2], "city": ["Lyon", "Porto"]})
    with pytest.raises(mapsnb.InvalidRequest, match="did you mean 'city'") as info:
        client.batch.lookup_weather(
            cities, capabilities=["WEATHER"], progress=False, dry_run=True, **arguments
        )
    assert info.value.field == "location" and wrong in info.value.rule
    assert "df.assign(location=" in info.value.rule  # how to send it as a literal


def test_literals_that_do_not_look_like_columns_still_go_to_every_row(
    client: mapsnb.Client,
) -> None:
    pairs = pd.DataFrame({"from": ["Porto"], "to": ["Braga"]})
    plan = client.batch.search_along_route(
        pairs, text_query="coffee", origin="from", destination="to", dry_run=True, progress=False
    )
    assert plan["arguments"][0]["text_query"] == "coffee"
    with pytest.raises(mapsnb.InvalidRequest, match="did you mean"):
        client.batch.search_along_route(
            pairs, text_query="coffee_shop", origin="from", destination="to", dry_run=True
        )
    literal = client.batch.lookup_weather(
        pd.DataFrame({"city": ["Lyon"]}).assign(location="Porto, Portugal"),
        capabilities=["WEATHER"], dry_run=True, progress=False,
    )  # fmt: skip
    assert literal["arguments"][0]["location"] == {"address": "Porto, Portugal"}


@pytest.mark.parametrize("as_series", [False, True])
def test_a_batch_over_a_list_keeps_the_input_as_a_column(
    client: mapsnb.Client, as_series: bool
) -> None:
    queries = ["coffee in Porto", "bakery in Kraków"]
    data = pd.Series(queries) if as_series else queries
    out = client.batch.search_places(data, progress=False)
    assert list(out.columns[:4]) == ["status", "error", "input_row", "text_query"]
    assert out.groupby("input_row")["text_query"].first().tolist() == queries
    routes = client.batch.compute_routes(["Porto"], destination="Braga", progress=False)
    assert routes["origin"].eq("Porto").all()


def test_travel_mode_values_are_documented() -> None:
    doc = mapsnb.Client.compute_routes.__doc__ or ""
    for value in ("DRIVE", "WALK", "BICYCLE", "TRANSIT", "TRAFFIC_AWARE_OPTIMAL"):
        assert value in doc
    assert "BICYCLE" in (mapsnb.Client.search_along_route.__doc__ or "")


# ----------------------------------------------------------------- item 4: plot_routes
def test_plot_routes_names_place_id_endpoints_and_tells_lengths_apart(
    client: mapsnb.Client,
) -> None:
    from mapsnb.charts import plot_routes

    cafes = client.search_places("cafes in Porto, Portugal")
    ids = cafes.to_frame()["place_id"].tolist()
    names = cafes.to_frame()["name"].tolist()
    routes = client.compute_routes(
        mapsnb.PlaceId(ids[0]), mapsnb.PlaceId(ids[2]), travel_mode="WALK",
        compute_alternative_routes=True, include_polyline=True,
    )  # fmt: skip
    ax = plot_routes(routes, names=cafes)
    assert ax.get_title() == f"Routes: {names[0]} → {names[2]} (walk)"
    assert "place_id:" not in " ".join(t.get_text() for t in ax.get_legend().get_texts())
    bare = plot_routes(routes)  # the client has seen the cafés: their names, never ids
    assert bare.get_title() == ax.get_title() and "ChIJ" not in bare.get_title()


@pytest.mark.parametrize(
    ("metres", "expected"),
    [
        ([1182.0, 1294.0], ["1.18 km", "1.29 km"]),
        ([1182.0, 1184.0], ["1.182 km", "1.184 km"]),
        ([1182.0, 1182.2], ["1.18 km", "1.18 km"]),  # the same to the metre: no more digits
        ([850.0, 12_345.0, 168_400.0], ["850 m", "12.3 km", "168 km"]),
        ([168_400.0, 168_300.0], ["168.4 km", "168.3 km"]),
    ],
)
def test_route_lengths_are_precise_enough_to_differ(
    metres: list[float], expected: list[str]
) -> None:
    from mapsnb.charts._routes import _length_labels

    assert _length_labels(metres) == expected


# ----------------------------------------------------------------- item 5: show(empty)
def test_show_of_an_empty_result_warns_and_centres_on_the_bias(client: mapsnb.Client) -> None:
    # bakeries in the open Atlantic, far from any town: nothing (every kind exists near towns)
    empty = client.search_places("bakeries", location_bias=mapsnb.Circle(35.0, -40.0, 2000))
    assert empty.to_frame().empty
    with pytest.warns(mapsnb.EmptyResultWarning, match="Nothing to show.*location bias"):
        m = mapsnb.show(empty)
    assert tuple(m.center) == pytest.approx((35.0, -40.0), abs=0.05)  # room for controls
    assert "mapsnb:bias" in [layer.name for layer in m.layers]
    with pytest.warns(mapsnb.EmptyResultWarning, match="cannot centre on what was asked"):
        mapsnb.show(client.search_places("unicorn stables zzqx"))


# ------------------------------------------------------------------ item 13: tab completion
def test_tab_completion_lists_the_results_own_names(client: mapsnb.Client) -> None:
    env = client.lookup_weather("Porto", capabilities=["AIR_QUALITY"])
    names = dir(env)
    for name in ("air_quality", "pollen", "hourly_weather", "raw", "attributions", "hints"):
        assert name in names
    assert not [n for n in names if n.startswith("model_") or n in ("dict", "json", "copy")]
    assert env.model_dump()  # pydantic's methods still work
    assert "places" in dir(client.search_places("coffee in Porto"))


# ------------------------------------------------------------------------ item 10: the CLI
def test_cli_version_and_help_texts(capsys: pytest.CaptureFixture[str]) -> None:
    from mapsnb._version import __version__
    from mapsnb.cli import main

    def helped(*command: str) -> str:
        with pytest.raises(SystemExit) as done:
            main([*command, "--help"])
        assert done.value.code == 0
        return " ".join(capsys.readouterr().out.split())

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"mapsnb {__version__}"
    export = helped("export-notebooks")
    assert export.count("(default:") == 4  # notebooks, timeout, kernel, title: once each
    assert "(default: ./notebooks)" in export and "(default: 120)" in export
    serve = helped("sandbox", "serve")
    for text in (export, serve):
        assert "(default: None)" not in text and "(default: False)" not in text
    assert "(default: 8765)" in serve
    show, check = helped("recording", "show"), helped("recording", "check")
    assert "Describe a recording" in show and "no key or token" in check
    assert "the recording (a .json file)" in show and "the recording (a .json file)" in check


def test_the_notebooks_extra_includes_the_server() -> None:
    """``mapsnb sandbox serve`` works after the README's open command (``.[notebooks]``)."""
    import re
    from pathlib import Path

    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    block = re.search(r"^notebooks = \[(.*?)\]$", pyproject, flags=re.S | re.M)
    assert block is not None and '"mapsnb[server]"' in block.group(1)


# -------------------------------------------------------------- item 12: the README's plots
def test_every_readme_chart_labels_its_axis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 22: ``env.air_quality_wide.plot()`` put UAQI (higher is better) and ATMO (lower is
    better) on one unlabelled axis."""
    from pathlib import Path

    import matplotlib.pyplot as plt

    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    code = readme.split("## At a glance", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    plt.close("all")
    exec(compile(code, "README.md", "exec"), {})
    drawn = [ax for n in plt.get_fignums() for ax in plt.figure(n).axes if ax.get_lines()]
    assert drawn
    for ax in drawn:
        assert "better" in ax.get_ylabel(), (ax.get_title(), ax.get_ylabel())


# ----------------------------------------------------- done when: the lesson, end to end
def test_the_porto_lesson_exports_cleanly(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson runs top to bottom in a fresh kernel and its page shows no garbled name, no
    error and every chart; its saved outputs are clean too."""
    import re
    from pathlib import Path

    from mapsnb._export import export_notebooks

    root = Path(__file__).resolve().parents[2]
    lesson = root / "notebooks" / "07-lesson-porto.ipynb"
    saved = lesson.read_text(encoding="utf-8")
    assert "&amp;amp;" not in saved and "place_id:" not in saved
    monkeypatch.setenv("PYTHONPATH", str(root))
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "test-key-must-not-be-used-0000")
    pages = export_notebooks(tmp_path, [lesson], kernel_name="python3", timeout=300)
    page = pages[0].path.read_text(encoding="utf-8")
    assert pages[0].title.startswith("Porto, Portugal: places")  # new_lesson's (issue 41)
    cafes = mapsnb.Client(sandbox=True, now=NOW).search_places(
        "cafés in Porto, Portugal", page_size=5
    )
    names = cafes.to_frame()["name"].tolist()
    assert names and all(html.escape(name) in page for name in names), names  # escaped once
    assert "&amp;amp;" not in page
    assert "Traceback" not in page and "test-key-must-not-be-used" not in page
    assert len(re.findall(r"<img[^>]+data:image/png;base64", page)) >= 5  # the five charts
    assert "Error shown in the form: True" in page and "charts left: 0" in page
    assert pages[0].widgets >= 2  # the map and the form, with their state


# ---------------------------------------------------------------- hostile input, properties
@examples(150)
@given(
    value=st.text(max_size=30),
    columns=st.lists(st.one_of(st.text(max_size=12), st.integers()), max_size=4, unique=True),
    key=st.sampled_from(["location", "text_query", "language_code", "travel_mode"]),
)
def test_any_string_for_any_columns_is_a_column_a_literal_or_a_named_refusal(
    value: str, columns: list, key: str
) -> None:
    from mapsnb._calls.batch.planning import _column_or_literal

    df = pd.DataFrame({c: ["x"] for c in columns})
    try:
        _column_or_literal(key, value, df)
    except mapsnb.InvalidRequest as err:
        assert err.field == key and repr(value) in err.rule


@examples(100)
@given(names=st.one_of(st.none(), st.dictionaries(st.text(max_size=20), st.text(max_size=20))))
def test_plot_routes_names_never_break_a_label(names: dict | None) -> None:
    from mapsnb.charts._routes import _display, _names

    known = _names(names)
    for label in ("place_id:ChIJAbc", "41.1,-8.6", "Porto", None, ""):
        shown = _display(label, known)
        assert shown == label if not label else isinstance(shown, str) and shown
