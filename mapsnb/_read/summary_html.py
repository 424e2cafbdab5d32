"""Summaries rendered: :func:`plain_text` and :func:`safe_html`, and the paragraph breaks."""

from __future__ import annotations

import html
import re

from mapsnb import _html

__all__ = ["plain_text", "safe_html"]

_BLOCK = re.compile(r"</?(?:p|br|div|li|ul|ol|h\d|tr|table)\b[^<>]*>", re.IGNORECASE)
PARAGRAPH = re.compile(
    r"</?(?:p|div|li|ul|ol|h\d|tr|table)\b[^<>]*>|<br\s*/?>|\n[ \t]*\n", re.IGNORECASE
)
_TAG = re.compile(r"<[^<>]*>")
_SAFE_TAG = re.compile(r"&lt;(/?)(p|strong|b|em|i|br|ul|li)\s*/?&gt;")


def plain_text(summary: str | None) -> str:
    """The summary as plain text: block tags become line breaks; tags, entities, ``**`` go."""
    if not isinstance(summary, str):
        return ""
    return html.unescape(_TAG.sub("", _BLOCK.sub("\n", summary))).replace("**", "")


def safe_html(summary: str | None) -> str:
    """The summary as HTML safe to display: the server's light formatting (``<p>``,
    ``<strong>``, ``<b>``, ``<em>``, ``<i>``, ``<br>``, ``<ul>``, ``<li>``) kept, the rest
    escaped once (the summary is HTML: its entities such as ``&amp;`` are read, not re-escaped)."""
    if not isinstance(summary, str):
        return ""
    text = _html.text(html.unescape(summary))
    return _SAFE_TAG.sub(lambda m: f"<{m.group(1)}{m.group(2)}>", text)
