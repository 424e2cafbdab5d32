"""Text made safe for HTML: escaped text and attributes, http(s)-only URLs and links to them.

Every widget, map info box, HTML repr and page that puts text from an answer (names, zones,
sources, links, hints) into HTML goes through this module, so a ``<script>``, an event handler,
a quote that ends an attribute or a ``javascript:``/``data:`` link never reaches a page.
"""

from __future__ import annotations

import html
import math
import re
from typing import Any
from urllib.parse import urlsplit

__all__ = ["SAFE_SCHEMES", "attr", "link", "link_or_text", "safe_url", "text"]

#: The only URL schemes a link may have.
SAFE_SCHEMES = frozenset({"http", "https"})
#: Control characters: never in a real URL; browsers drop some of them, which hides a scheme.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def text(value: Any) -> str:
    """``value`` as HTML text: ``& < > " '`` escaped (``None`` and NaN are empty)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return html.escape(str(value), quote=True)


def attr(value: Any) -> str:
    """``value`` for a quoted HTML attribute (either quote): the same escaping as :func:`text`."""
    return text(value)


def safe_url(value: Any) -> str | None:
    """``value`` when it is an absolute ``http``/``https`` URL with a host, else ``None``.

    Surrounding blanks are dropped; a URL holding control characters, or of any other scheme
    (``javascript:``, ``data:``, ``vbscript:``, relative paths), is refused.
    """
    if not isinstance(value, str):
        return None
    url = value.strip()
    if not url or _CONTROL.search(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. an unbalanced IPv6 bracket
        return None
    if parts.scheme.lower() not in SAFE_SCHEMES or not parts.netloc:
        return None
    return url


def link(url: Any, label: Any) -> str | None:
    """Return an ``<a>`` to an http(s) ``url`` opening in a new tab, with ``label`` escaped.

    ``None`` when the URL is not safe (see :func:`safe_url`).
    """
    safe = safe_url(url)
    if safe is None:
        return None
    return f"<a href='{attr(safe)}' target='_blank' rel='noopener'>{text(label)}</a>"


def link_or_text(url: Any, label: Any) -> str:
    """:func:`link`, or ``label`` as plain escaped text when the URL is not safe."""
    return link(url, label) or text(label)
