"""Summaries written the way the live server writes them (REAL_SERVER.md, last section).

An intro ``<p>`` that cites nothing, then one ``<p>`` per place: its first sentence starts with
the place's name as the subject (usually ``<strong>``, sometimes plain), every sentence about the
place ends with its citation ``[n]``, so the text right before the first ``[n]`` is the street
address ending in the country. Sometimes a closing paragraph shares citations (``[0][1]`` or
``[0, 1]``). The wording varies with the place id, deterministically; text is HTML-escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ._common import stable_int
from ._geo import Resolved, country_name

__all__ = ["PlaceLine", "place_paragraph", "singular", "summary_address", "summary_html"]

_DETAILS = (
    "a quiet room with plenty of seating",
    "short waits outside the lunchtime rush",
    "friendly staff and a small outdoor area",
    "a step-free entrance and an accessible restroom",
    "tables for groups; reservations are recommended",
    "a dog-friendly patio",
    "consistent service",
    "a cozy interior that suits a date night",
)


@dataclass(frozen=True)
class PlaceLine:
    """What the summary says about one cited place beyond its name and address."""

    place: Resolved
    kind: str  # "coffee place", "museum", ...
    distance: str | None = None  # "850 m from Paris"
    detour: str | None = None  # "about 4 min (1.2 km)"
    attribute: str | None = None  # "its phone number (synthetic) is +1 555-0123"
    extended: bool = False


def singular(plural: str) -> str:
    """``"pharmacies"`` -> ``"pharmacy"``, ``"coffee places"`` -> ``"coffee place"``."""
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    return plural[:-1] if plural.endswith("s") else plural


def summary_address(r: Resolved) -> str:
    """The place's address ending in its country, as live summaries write it."""
    address = r.address.strip()
    if r.country_code and address.endswith(f", {r.country_code}"):
        address = address[: -len(r.country_code)] + country_name(r.country_code)
    if r.country_code and "," not in address:
        address = f"{address}, {country_name(r.country_code)}"
    return address


def _rating(r: Resolved) -> tuple[str, int]:
    h = stable_int("rating", r.place_id)
    return f"{3.6 + h % 14 / 10:.1f}", 20 + (h >> 8) % 900


def place_paragraph(line: PlaceLine, n: int) -> str:
    """The ``<p>`` of citation ``n``."""
    r = line.place
    h = stable_int("summary-style", r.place_id)
    name = escape(r.name, quote=False)
    subject = name if h % 3 == 0 else f"<strong>{name}</strong>"
    at = escape(summary_address(r), quote=False)
    cite = f"[{n}]"
    rating, reviews = _rating(r)
    kind = escape(line.kind, quote=False)
    if line.detour:
        first = (
            f"{subject} adds {line.detour} to the trip and is located at {at} {cite}."
            if (h >> 2) % 2
            else f"{subject}, a {kind} along the route, is at {at} {cite}."
        )
    else:
        first = (
            f"{subject} has a rating of {rating} stars from {reviews} synthetic reviews "
            f"and is located at {at} {cite}.",
            f"{subject} is a {kind} located at {at} {cite}.",
            f"{subject}, a {kind}, sits at {at} {cite}.",
            f"{subject} offers {_DETAILS[(h >> 4) % len(_DETAILS)]} and is located at {at} {cite}.",
        )[(h >> 2) % 4]
    sentences = [first]
    if line.attribute:
        sentences.append(f"Its {escape(line.attribute, quote=False)} {cite}.")
    if line.detour and not (h >> 2) % 2:
        sentences.append(f"It adds {escape(line.detour, quote=False)} to the trip {cite}.")
    if line.distance:
        sentences.append(f"It is {escape(line.distance, quote=False)} {cite}.")
    elif not line.detour and not line.attribute:
        sentences.append(f"It opens at {7 + (h >> 6) % 3} AM on weekdays {cite}.")
    if line.extended:
        sentences.append(f"Visitors mention {_DETAILS[(h >> 9) % len(_DETAILS)]} {cite}.")
    return "<p>" + " ".join(sentences) + "</p>"


def summary_html(intro: str, lines: Sequence[PlaceLine], key: str = "") -> str:
    """The whole summary: the intro paragraph, one paragraph per place, maybe a shared closing."""
    parts = [f"<p>{escape(intro, quote=False)}</p>"]
    parts += [place_paragraph(line, n) for n, line in enumerate(lines)]
    if len(lines) >= 2:
        h = stable_int("summary-outro", key, *(line.place.place_id for line in lines))
        if h % 3 == 1:
            parts.append("<p>The first two are the closest options (synthetic data) [0][1].</p>")
        elif h % 3 == 2:
            parts.append("<p>Both of the first two open on weekends (synthetic data) [0, 1].</p>")
    return "".join(parts)
