"""mapsnb's map controls, small by default: collapsible boxes, the legend, the attribution line.

A box is an ``ipywidgets.HTML`` holding a ``<details>`` element: one summary line until it is
clicked (this works in a static page too: no kernel is needed to open it). Info boxes that hover
and clicks fill are hidden while empty. Credits go to Leaflet's own attribution control (its
``prefix``): one line naming the providers, expanding to every source and the synthetic-data
note. Each box is a :class:`BoxControl` that says its initial size (its ``box_size`` trait, px,
without Leaflet's margin) so that :func:`mapsnb.layers._layout.fit_view` keeps it clear of the
data; the credits line is a :class:`CreditsControl` holding its visible text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipyleaflet
import ipywidgets
import traitlets

from mapsnb import _html
from mapsnb._read.credits import SANDBOX_NOTE, credits_line_html
from mapsnb._read.wire import title_name
from mapsnb.layers._layout import LINE_PX, text_width

#: The widest a box's summary line gets before it is cut with an ellipsis, px.
SUMMARY_MAX_PX = 240
#: The widest an opened box gets, px.
BODY_MAX_PX = 320
#: The attribution line's summary: at most this many characters before "+N more".
ATTRIBUTION_CHARS = 44
_SUMMARY_STYLE = (
    "cursor:pointer;display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;"
    f"max-width:{SUMMARY_MAX_PX}px"
)
_BOX_STYLE = "font-size:12px;line-height:18px;padding:2px 6px"


class BoxControl(ipyleaflet.WidgetControl):
    """A widget control that says the size it takes at the initial view (``box_size``, px).

    For the legend, also its sections (``legend``: ``[(title, {label: colour})]``).
    """

    box_size = traitlets.Tuple(traitlets.Float(), traitlets.Float(), default_value=(0.0, 0.0))
    legend: traitlets.List[tuple[str, dict[str, str]]] = traitlets.List()


class CreditsControl(ipyleaflet.AttributionControl):
    """Leaflet's attribution line as mapsnb writes it; ``credits_text`` is its visible text.

    What the layout measures.
    """

    credits_text = traitlets.Unicode("")


def details_html(summary: str, body: str, *, open_: bool = False, color: str = "") -> str:
    """``<details>`` markup: ``summary`` (HTML, one cut line) and ``body`` (HTML) shown on click."""
    style = _BOX_STYLE + (f";color:{color}" if color else "")
    return (
        f"<div class='mapsnb-box' style='{style}'><details{' open' if open_ else ''}>"
        f"<summary style='{_SUMMARY_STYLE}'>{summary}</summary>"
        f"<div style='max-width:{BODY_MAX_PX}px;white-space:normal'>{body}</div>"
        "</details></div>"
    )


def summary_size(summary_text: str) -> tuple[float, float]:
    """Return the (width, height) px of a closed box whose summary reads ``summary_text``."""
    return min(text_width(summary_text) + 16, SUMMARY_MAX_PX + 16), float(LINE_PX)


def box_control(
    summary: str, body: str, *, position: str, summary_text: str, color: str = ""
) -> BoxControl:
    """Return a collapsed box in a map corner (see :func:`details_html`), sized for the layout."""
    widget = ipywidgets.HTML(value=details_html(summary, body, color=color))
    widget.add_class("mapsnb-box")
    return BoxControl(widget=widget, position=position, box_size=summary_size(summary_text))


def info_control(
    widget: ipywidgets.HTML, *, position: str, box_size: tuple[float, float] = (0.0, 0.0)
) -> BoxControl:
    """Return a control for an info box that hovers and clicks fill: hidden (no size) while empty.

    ``box_size`` is its size at the initial view when it starts filled.
    """

    def _toggle(_: Any = None) -> None:
        widget.layout.display = "" if widget.value else "none"

    _toggle()
    widget.observe(_toggle, names="value")
    return BoxControl(widget=widget, position=position, box_size=box_size)


def _swatch(color: str) -> str:
    return (
        # properties an exported page keeps (see mapsnb._export.safe_widget_html)
        f"<span style='display:inline-block;width:10px;height:10px;"
        f"background-color:{_html.attr(color)};margin:0 4px 0 0'></span>"
    )


def legend_control(
    sections: Sequence[tuple[str, Mapping[str, str]]], *, position: str = "topright"
) -> BoxControl:
    """One collapsed legend for every layer: ``sections`` are ``(title, {label: colour})``."""
    parts = []
    for title, entries in sections:
        rows = "".join(
            f"<div>{_swatch(color)}{_html.text(label)}</div>" for label, color in entries.items()
        )
        parts.append((f"<div><b>{_html.text(title)}</b></div>" if title else "") + rows)
    swatches = "".join(_swatch(c) for _, entries in sections for c in list(entries.values())[:4])
    control = box_control(
        f"▸ Legend {swatches}",
        "".join(parts),
        position=position,
        summary_text="▸ Legend " + "  " * min(4, sum(len(e) for _, e in sections)),
    )
    control.legend = [(t, dict(e)) for t, e in sections]
    return control


def warnings_control(messages: Iterable[str], *, position: str = "topleft") -> Any:
    """Return the warnings (WALK beta, nothing to show) as one box: the first line shown, all on click."""
    messages = list(messages)
    if not messages:
        return None
    body = "<br>".join(f"⚠ {_html.text(w)}" for w in messages)
    first = f"⚠ {messages[0]}" + (f" (+{len(messages) - 1})" if len(messages) > 1 else "")
    return box_control(
        f"▸ {_html.text(first)}",
        body,
        position=position,
        summary_text=f"▸ {first}",
        color="#b06000",
    )


def providers(credits: Iterable[Mapping[str, Any]]) -> list[str]:
    """Return the providers of ``credits``, once each: a title's part after " - " (its source)."""
    names = []
    for credit in credits:
        title = str(credit.get("title") or credit.get("url") or "")
        place = title_name(title)
        provider = title[len(place) :].lstrip(" -\u2013\u2014") if place else title
        if provider:
            names.append(provider)
    return list(dict.fromkeys(names))


def attribution_prefix(credits: Sequence[Mapping[str, Any]], synthetic: bool) -> tuple[str, str]:
    """Leaflet attribution-control prefix HTML (one expandable line) and its visible text."""
    names = providers(credits)
    line = ""
    for k, name in enumerate(names):
        more = f" +{len(names) - k - 1} more" if k < len(names) - 1 else ""
        candidate = f"{line}, {name}" if line else name
        if k and len(candidate) + len(more) > ATTRIBUTION_CHARS:
            line += f" +{len(names) - k} more"
            break
        line = candidate
    if not line:
        line = "no source given"
    if synthetic and "synthetic" not in line.lower():
        line += " · synthetic data"
    body = credits_line_html([dict(c) for c in credits], False)
    if synthetic:
        body += f"<br><b>{_html.text(SANDBOX_NOTE)}</b>"
    body += (
        "<br><a href='https://leafletjs.com' target='_blank' rel='noopener'>Leaflet</a>, "
        "<a href='https://ipyleaflet.readthedocs.io' target='_blank' rel='noopener'>ipyleaflet</a>"
    )
    text = f"▸ {line}"
    markup = (
        "<details class='mapsnb-credits' style='display:inline-block;vertical-align:bottom'>"
        "<summary style='display:inline;cursor:pointer;list-style:none'>"
        f"<span class='mapsnb-credits-line'>{_html.text(text)}</span></summary>"
        f"<div style='max-width:{BODY_MAX_PX}px;white-space:normal'>{body}</div></details>"
    )
    return markup, text
