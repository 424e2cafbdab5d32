"""Every summary-named shape is read right (issue 42 item 6), and Markdown bold never shows as
literal ``**`` (issue 43 item 7).

The shapes are those of ``benchmarks/bench_frames.py`` (``SUMMARY_SHAPES``): a place cited twice
in its paragraph, two places in one paragraph, citations side by side (``[0][1]``), a list; each
answer's attribution titles are just ``"Google Maps"``, so the summary is the only source of the
names. Each is read through one answer's frame, ``mapsnb.concat`` of many answers and a batch's
absorb, and every name must be the place's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb._read.summary import parse_summary, plain_text, safe_html
from mapsnb.results import PlacesResult
from tests.servers.fault_server import FaultServer, rpc_result, tool_result

INTRO = "<p>Here are solar energy companies near Utrecht.</p>"


def name_of(i: int) -> str:
    return f"Zonne Energie {i} B.V."


def repeated(k: int, names: list[str]) -> str:
    return (
        f"<p><strong>{names[k]}</strong> installs solar panels; it is located at {k + 1} "
        f"Oudegracht, 3511 AB Utrecht [{k}]. It is 200 m from the park [{k}].</p>"
    )


def two_per_paragraph(k: int, names: list[str]) -> str:
    if k % 2:
        return ""
    second = f" Nearby, <strong>{names[k + 1]}</strong> [{k + 1}] fits heat pumps." * (
        k + 1 < len(names)
    )
    return f"<p><strong>{names[k]}</strong> is at {k + 1} Oudegracht, Utrecht [{k}].{second}</p>"


def adjacent(k: int, names: list[str]) -> str:
    shared = f" Both offer free quotes [{k}][{k + 1}]." * (k + 1 < len(names))
    return f"<p><strong>{names[k]}</strong> is at {k + 1} Oudegracht, Utrecht [{k}].{shared}</p>"


def listed(k: int, names: list[str]) -> str:
    item = f"<li><strong>{names[k]}</strong> is at {k + 1} Oudegracht, Utrecht [{k}].</li>"
    return ("<ul>" if k == 0 else "") + item + ("</ul>" if k == len(names) - 1 else "")


def markdown_list(k: int, names: list[str]) -> str:
    return f"{k + 1}. **{names[k]}** is at {k + 1} Oudegracht, Utrecht [{k}].\n\n"


SHAPES: dict[str, Callable[[int, list[str]], str]] = {
    "repeated citations": repeated,
    "two places a paragraph": two_per_paragraph,
    "adjacent citations": adjacent,
    "a list": listed,
    "a Markdown list": markdown_list,
}


def payload(shape: str, n: int, start: int = 0) -> dict[str, Any]:
    names = [name_of(start + k) for k in range(n)]
    views = [
        {
            "place": f"places/ChIJ{start + k:023d}",
            "id": f"ChIJ{start + k:023d}",
            "location": {"latitude": 52.0 + k / 1e4, "longitude": 5.0},
            "googleMapsLinks": {"placeUrl": f"https://www.google.com/maps/place//data=!{k}"},
            "attribution": {"title": "Google Maps", "url": f"https://maps.google.com/?cid={k}"},
        }
        for k in range(n)
    ]
    summary = INTRO + "".join(SHAPES[shape](k, names) for k in range(n))
    return {"places": views, "summary": summary}


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_names_every_place(shape: str) -> None:
    p = payload(shape, 12)
    info = parse_summary(p["summary"])
    assert info.names == {k: name_of(k) for k in range(12)}
    assert info.cited == frozenset(range(12))
    for k in range(12):  # each snippet is a sentence citing the place, without markup
        assert f"[{k}]" in info.snippets[k] and "<" not in info.snippets[k]
    assert "Zonne Energie 0 B.V. " in info.snippets[0]


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_names_the_rows_of_a_frame_and_of_concat(shape: str) -> None:
    one = PlacesResult.from_payload(payload(shape, 30)).to_frame()
    assert list(one["name"]) == [name_of(k) for k in range(30)]
    assert one["cited"].all()
    results = [PlacesResult.from_payload(payload(shape, 10, start)) for start in range(0, 50, 10)]
    stacked = mapsnb.concat(results)
    assert list(stacked["name"]) == [name_of(k) for k in range(50)]
    assert stacked["summary_snippet"].notna().all()


def test_a_place_first_cited_in_a_shared_citation_is_named_by_its_own_paragraph() -> None:
    summary = (
        "<p>Both <b>A</b> and its neighbour offer quotes [0][1].</p>"
        "<p><strong>Café Luna</strong> roasts its own beans [1].</p>"
    )
    info = parse_summary(summary)
    assert info.name(1) == "Café Luna"
    assert info.snippets[1] == "Both A and its neighbour offer quotes [0][1]."
    assert info.name(0) is None  # a shared citation names nobody


# ------------------------------------------------------------------ Markdown bold (issue 43)
ADDRESS_SUMMARY = (
    "**6-8 Mercury Street** in Tin Hau, Hong Kong, is a residential building near Tin Hau "
    "station [0]."
)
ADDRESS_URL = "https://www.google.com/maps/place//data=!4m2!3m1!1s0x3404015a1f1d5a2b:0x1b2a9f"


def address_payload(summary: str = ADDRESS_SUMMARY) -> dict[str, Any]:
    """A live answer for a street address: title ``" - Google Maps"``, no location."""
    view = {
        "place": "places/ChIJLU7jZClu5kcR4PcOOO6p3I0",
        "id": "ChIJLU7jZClu5kcR4PcOOO6p3I0",
        "googleMapsLinks": {"placeUrl": ADDRESS_URL},
        "attribution": {"title": " - Google Maps", "url": ADDRESS_URL},
    }
    return {"places": [view], "summary": summary}


@pytest.mark.parametrize(
    "summary",
    [
        ADDRESS_SUMMARY,
        f"<p>{ADDRESS_SUMMARY}</p>",
        "<p><strong>6-8 Mercury Street</strong> in Tin Hau, Hong Kong [0].</p>",
        "<p><b>6-8  Mercury\nStreet:</b> a building in Tin Hau, Hong Kong [0].</p>",
    ],
)
def test_an_address_result_is_named_by_its_summarys_bold_subject(summary: str) -> None:
    p = address_payload(summary)
    df = PlacesResult.from_payload(p).to_frame()
    assert df["name"].tolist() == ["6-8 Mercury Street"]
    assert df["attribution_title"].tolist() == [" - Google Maps"]  # the title kept verbatim
    assert (
        mapsnb.concat([PlacesResult.from_payload(p)] * 2)["name"].tolist()
        == ["6-8 Mercury Street"] * 2
    )


def test_only_an_unnamed_title_takes_the_unchecked_bold_subject() -> None:
    """A street address is no name when the title gives no sign (``"Google Maps"``)."""
    p = address_payload()
    p["places"][0]["attribution"]["title"] = "Google Maps"
    assert PlacesResult.from_payload(p).to_frame()["name"].isna().all()
    info = parse_summary("<p>Near the station [0].</p>")  # no bold subject: no name
    assert info.place_name(0, " - Google Maps") is None


def test_markdown_bold_shows_as_bold_never_as_asterisks() -> None:
    assert safe_html(ADDRESS_SUMMARY).startswith("<strong>6-8 Mercury Street</strong> in Tin Hau")
    assert "**" not in safe_html("a **b** c ** d")  # a ** left unpaired goes
    assert safe_html("**<script>x</script>**") == "<strong>&lt;script&gt;x&lt;/script&gt;</strong>"
    assert plain_text(ADDRESS_SUMMARY).startswith("6-8 Mercury Street in Tin Hau")
    result = PlacesResult.from_payload(address_payload())
    page = result._repr_html_()
    assert "**" not in page and "<strong>6-8 Mercury Street</strong>" in page
    assert " - Google Maps" in page  # the attribution shown
    assert "**" not in result.summary_text()
    df = result.to_frame()
    assert "**" not in df["summary_snippet"][0] and "**" not in df.to_html()


@pytest.fixture
def served() -> Iterator[mapsnb.Client]:
    """A local server answering every call with the address result."""
    with FaultServer() as fault:
        fault.on("tools/call", lambda r: rpc_result(r, tool_result(address_payload())))
        yield mapsnb.Client(api_key="test-key-123456", url=fault.url, max_retries=0)


def test_markdown_bold_never_reaches_a_form_or_an_info_box_as_asterisks(
    served: mapsnb.Client,
) -> None:
    pytest.importorskip("ipywidgets")
    from mapsnb import layers
    from mapsnb.layers._places import _place_popup
    from mapsnb.widgets import PlaceSearchForm

    form = PlaceSearchForm(served)
    form.query.value = "6-8 Mercury Street, Hong Kong"
    assert form.submit() is not None, form.error.value
    assert "<strong>6-8 Mercury Street</strong>" in form.summary.value
    for shown in (form.summary.value, form.table.value, form.attribution.value):
        assert "**" not in shown
    assert "6-8 Mercury Street" in form.table.value
    p = address_payload()
    p["places"][0]["location"] = {"latitude": 22.28, "longitude": 114.19}
    layer = layers.places_layer(PlacesResult.from_payload(p))
    props = {**layer.shared_properties, **layer.data["features"][0]["properties"]}
    popup = _place_popup(props)
    assert "6-8 Mercury Street" in popup and "**" not in popup


def test_a_long_sentence_citing_many_places_is_read_in_linear_time() -> None:
    """One sentence citing thousands of places (no sentence end): its text is cut once, not once
    per place (that was quadratic: 64 KB took 85x the time of 4 KB)."""
    import gc
    import time

    def cpu(text: str) -> float:
        best = float("inf")
        gc.disable()
        try:
            for _ in range(5):
                t0 = time.process_time()
                _ = parse_summary(text).snippets
                best = min(best, time.process_time() - t0)
        finally:
            gc.enable()
        return best

    unit = "<strong>x {i} <b [{i}] ** "
    small = "".join(unit.format(i=i) for i in range(200))
    large = "".join(unit.format(i=i) for i in range(200 * 16))
    assert len(parse_summary(large).snippets) == 200 * 16
    ratio = cpu(large) / max(cpu(small), 1e-6)
    assert ratio < 40, ratio  # 16x the text: linear ~16, quadratic ~256
