"""Attributions ("credits") and the synthetic-data label, as HTML and text.

Google requires grounded content to show its sources right after it; the emulator's data must
say it is synthetic. Results, layers, charts and widgets all render credits through this module,
so the rule for "is this synthetic" and the wording exist once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from mapsnb import _html
from mapsnb._read.wire import collect_attributions

__all__ = [
    "SANDBOX_NOTE",
    "credit_link",
    "credits_html",
    "credits_line_html",
    "credits_text",
    "frame_credits",
    "is_synthetic",
    "payload_is_synthetic",
    "present",
    "unique_credits",
]

#: The label every piece of emulator output carries.
SANDBOX_NOTE = "synthetic data from the mapsnb sandbox, not Google Maps"
#: Sources whose data is synthetic.
SYNTHETIC_SOURCES = frozenset({"sandbox"})

Credit = dict[str, str | None]


def present(value: Any) -> bool:
    """Not None, not NaN/NA/NaT, not empty (pandas missing values are not credits)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return False
    try:
        if value != value:  # NA-likes that are not equal to themselves
            return False
    except (TypeError, ValueError):  # pd.NA raises on bool()
        return False
    return str(value) != ""


def unique_credits(items: Iterable[Any]) -> list[Credit]:
    """``{"title", "url"}`` dicts from credit-like items, once each, in order."""
    found: dict[tuple[Any, Any], Credit] = {}
    for item in items:
        if isinstance(item, Mapping):
            title, url = item.get("title"), item.get("url")
        else:
            title, url = getattr(item, "title", None), getattr(item, "url", None)
        title = str(title) if present(title) else None
        url = str(url) if present(url) else None
        if title is not None or url is not None:
            found.setdefault((title, url), {"title": title, "url": url})
    return list(found.values())


def _says_synthetic(credits: Iterable[Credit]) -> bool:
    return any("synthetic" in (c.get("title") or "").lower() for c in credits)


def is_synthetic(source: str | None, credits: Iterable[Credit]) -> bool:
    """Whether data from ``source`` with these credits is synthetic (emulator output)."""
    return source in SYNTHETIC_SOURCES or _says_synthetic(credits)


def payload_is_synthetic(payload: Any) -> bool | None:
    """Return whether a payload's own attributions say it is synthetic (a served emulator).

    ``None`` when it carries no attributions (it does not say).
    """
    credits = collect_attributions(payload)
    if not credits:
        return None
    return all("synthetic" in (c["title"] or "").lower() for c in credits)


def frame_credits(df: Any) -> tuple[list[Credit], bool]:
    """Credits of a frame (``attrs["attributions"]`` and attribution columns) and whether it is synthetic."""
    items: list[Any] = list(df.attrs.get("attributions") or [])
    if "attribution_title" in df.columns:
        cols = [c for c in ("attribution_title", "attribution_url") if c in df.columns]
        pairs = df[cols].drop_duplicates()
        urls = pairs["attribution_url"] if "attribution_url" in cols else [None] * len(pairs)
        items.extend(
            {"title": t, "url": u} for t, u in zip(pairs["attribution_title"], urls, strict=True)
        )
    credits = unique_credits(items)
    return credits, is_synthetic(df.attrs.get("source"), credits)


def credit_link(url: Any, label: str) -> str | None:
    """Return an HTML link to an http(s) ``url`` (None for any other scheme)."""
    return _html.link(url, label)


def credits_line_html(
    credits: Iterable[Credit], synthetic: bool, *, note: str | None = None
) -> str:
    """Render ``Sources: <links>`` (+ the synthetic label, + ``note``) as an HTML line."""
    links = []
    for c in credits:
        label = c.get("title") or c.get("url") or "source"
        links.append(_html.link_or_text(c.get("url"), label))
    extra = f" — <b>{SANDBOX_NOTE}</b>" if synthetic else ""
    if note:
        extra += f" — {_html.text(note)}"
    return f"Sources: {', '.join(links) or 'none given'}{extra}"


def credits_html(credits: Iterable[Credit], synthetic: bool, *, note: str | None = None) -> str:
    """:func:`credits_line_html` as one small HTML block."""
    return (
        f"<div style='font-size:smaller'>{credits_line_html(credits, synthetic, note=note)}</div>"
    )


def credits_text(credits: Iterable[Credit], synthetic: bool) -> str:
    """``"Source: <titles>"``, plus the synthetic label unless a title already says it."""
    credits = list(credits)
    titles = list(dict.fromkeys(c["title"] for c in credits if c.get("title")))
    text = "Source: " + (", ".join(t for t in titles if t) if titles else "not given")
    if synthetic and not _says_synthetic(credits):
        text += f" — {SANDBOX_NOTE}"
    return text
