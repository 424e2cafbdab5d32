"""The registry of live credentials and their redaction (imports nothing from mapsnb).

Redaction replaces a credential and any run of :data:`MIN_RUN` or more of its consecutive
characters, case-insensitively, so a server echoing it lower-cased or truncated by a few
characters is caught too. :mod:`mapsnb._transport.secrets` wraps and normalises credentials.
"""

from __future__ import annotations

import bisect
import itertools
import json
import re
import threading
import weakref
from collections.abc import Mapping
from typing import Any

#: The shortest run of a credential's characters that is redacted (shorter credentials: whole).
MIN_RUN = 12
MASK = "***"

_SECRETS: weakref.WeakValueDictionary[int, _Secret] = weakref.WeakValueDictionary()
_PATTERN: tuple[tuple[str, ...], re.Pattern[str] | None] = ((), None)
_PATTERN_LOCK = threading.Lock()


class _Secret:
    """Holds a credential; its repr and str never show it, and it cannot be pickled."""

    __slots__ = ("__weakref__", "_value")

    def __init__(self, value: str) -> None:
        self._value = value
        _SECRETS[id(self)] = self

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "'***'"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a credential cannot be pickled (it would be written out in clear)")


def _values() -> list[str]:
    r"""Every live credential, also as it reads inside JSON text (``"`` and ``\`` escaped)."""
    out: list[str] = []
    for s in list(_SECRETS.values()):
        if s._value:
            out.extend(_json_forms(s._value))
    return out


#: Characters of the data a short credential must not be cut out of: encoded polylines
#: (ASCII 63-126) and place ids (base64url: letters, digits, ``-``, ``_``).
_DATA_CHARS = r"A-Za-z0-9?@\[\\\]^_`{|}~\-"


def _whole(value: str) -> str:
    """Return a regex matching a short ``value`` as a word of its own.

    Not inside a longer run of the characters of polylines and ids: "@x@" in a polyline is no
    key "x".
    """
    return rf"(?<![{_DATA_CHARS}]){re.escape(value)}(?![{_DATA_CHARS}])"


def _pattern() -> re.Pattern[str] | None:
    """One regex matching every credential and every run of ``MIN_RUN`` of its characters."""
    global _PATTERN
    values = tuple(sorted(set(_values())))
    cached_for, pattern = _PATTERN
    if values == cached_for:
        return pattern
    alternatives: set[str] = set()
    for v in values:
        if len(v) < MIN_RUN:  # a short (test) credential: only itself, exactly
            alternatives.add(f"(?-i:{_whole(v)})")
        else:
            alternatives.update(re.escape(v[i : i + MIN_RUN]) for i in range(len(v) - MIN_RUN + 1))
    pattern = re.compile("|".join(sorted(alternatives)), re.I) if alternatives else None
    with _PATTERN_LOCK:
        _PATTERN = (values, pattern)
    return pattern


def _extend(text: str, start: int, end: int, values: tuple[str, ...]) -> int:
    """How far the run matched at ``text[start:end]`` continues along one of the credentials."""
    found = text[start:end].lower()
    best = end
    for v in values:
        low = v.lower()
        i = low.find(found)
        while i >= 0:
            j, k = end, i + (end - start)
            while j < len(text) and k < len(low) and text[j].lower() == low[k]:
                j, k = j + 1, k + 1
            best = max(best, j)
            i = low.find(found, i + 1)
    return best


_ANCHOR = MIN_RUN // 2


def _runs(low: str, value: str) -> list[tuple[int, int]]:
    """Spans of the text holding ``MIN_RUN`` or more consecutive characters of ``value``.

    Every such run contains one of the key's aligned ``MIN_RUN // 2``-character anchors, so the
    text is searched (fast, in C) for those few anchors only, and each hit is extended both ways.
    ``low`` is the text lower-cased, as long as the text (so positions agree).
    """
    key = value.lower()
    spans = []
    for k in range(0, len(key) - _ANCHOR + 1, _ANCHOR):
        anchor = key[k : k + _ANCHOR]
        p = low.find(anchor)
        while p >= 0:
            a, ka = p, k
            while a > 0 and ka > 0 and low[a - 1] == key[ka - 1]:
                a, ka = a - 1, ka - 1
            b, kb = p + _ANCHOR, k + _ANCHOR
            while b < len(low) and kb < len(key) and low[b] == key[kb]:
                b, kb = b + 1, kb + 1
            if b - a >= MIN_RUN:
                spans.append((a, b))
            p = low.find(anchor, p + 1)
    return spans


def _spans(text: str) -> list[tuple[int, int]] | None:
    """Spans to mask in ``text`` (sorted, merged), or ``None`` to use the regex instead."""
    values = _values()
    spans: list[tuple[int, int]] = []
    low = ""
    for v in values:
        if len(v) < MIN_RUN:  # a short (test) credential: only itself, as a whole word
            spans.extend(m.span() for m in re.finditer(_whole(v), text))
            continue
        if not low:
            low = text.lower()
            if len(low) != len(text):  # a character whose lower case is longer: positions shift
                return None
        spans.extend(_runs(low, v))
    return _merged(spans)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, overlapping ones joined."""
    merged: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if merged and a < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def _regex_spans(text: str) -> list[tuple[int, int]]:
    """:func:`_spans` by the regex (for text whose lower case changes its length)."""
    pattern = _pattern()
    if pattern is None:
        return []
    values = _PATTERN[0]
    spans: list[tuple[int, int]] = []
    m = pattern.search(text, 0)
    while m is not None:
        end = _extend(text, m.start(), m.end(), values)
        spans.append((m.start(), end))
        m = pattern.search(text, end)
    return spans


#: A JSON escape of a printable ASCII character (``\u0041``, ``\/``): a credential echoed
#: with them reads as itself once decoded, so the decoded text is searched too.
_ASCII_ESCAPE = re.compile(r"\\u00[2-7][0-9a-fA-F]|\\/")
_ESCAPE_SPLIT = re.compile(r"(\\(?:u00[2-7][0-9a-fA-F]|[\\/\"]))")
#: How many levels of JSON inside JSON strings are decoded (a text block holds one more).
_ESCAPE_LEVELS = 4


def _unescaped(text: str) -> tuple[str, list[str], list[str]]:
    """``text`` with its ASCII JSON escapes decoded, with its literal runs and its escapes."""
    pieces = _ESCAPE_SPLIT.split(text)  # literal, escape, literal, ..., literal
    literals, escapes = pieces[0::2], pieces[1::2]
    parts = pieces.copy()
    parts[1::2] = [chr(int(e[2:], 16)) if e[1] == "u" else e[1] for e in escapes]
    return "".join(parts), literals, escapes


def _back(
    spans: list[tuple[int, int]], literals: list[str], escapes: list[str]
) -> list[tuple[int, int]]:
    """``spans`` of an :func:`_unescaped` view as spans of the text it was decoded from."""
    before = list(itertools.accumulate(len(x) for x in literals))  # literal chars up to each
    sizes = list(itertools.accumulate((len(e) for e in escapes), initial=0))
    views, origins = [0], [0]
    for k, escape in enumerate(escapes):  # the escape k is view[v] and text[o : o + len]
        v, o = before[k] + k, before[k] + sizes[k]
        views += [v, v + 1]
        origins += [o, o + len(escape)]

    def back(v: int) -> int:
        k = bisect.bisect_right(views, v) - 1
        return origins[k] + v - views[k]

    return [(back(a), back(b)) for a, b in spans]


_HEX = frozenset("0123456789abcdefABCDEF")


def _escape_at(text: str, i: int) -> int:
    r"""Return the length of the JSON escape starting at ``text[i]``, else 0.

    A backslash not itself escaped starts one: 6 for ``\uXXXX``, 2 for ``\n``, ``\"``, ``\\``...
    """
    if i < 0 or text[i] != "\\":
        return 0
    j = i
    while j > 0 and text[j - 1] == "\\":
        j -= 1
    if (i - j) % 2:  # an odd run of backslashes before it: it is the second of a pair
        return 0
    if text[i + 1 : i + 2] == "u" and len(text) >= i + 6 and set(text[i + 2 : i + 6]) <= _HEX:
        return 6
    return 2 if i + 1 < len(text) else 1


def _escape_start(text: str, a: int) -> int:
    """Move ``a`` back to the start of an escape it falls inside."""
    for i in range(max(0, a - 5), a):
        size = _escape_at(text, i)
        if i + size > a:
            return i
    return a


def _escape_end(text: str, b: int) -> int:
    """``b``, moved on to the end of an escape it falls inside."""
    for i in range(max(0, b - 5), b):
        size = _escape_at(text, i)
        if i + size > b:
            return i + size
    return b


def _find(text: str, level: int = 0) -> list[tuple[int, int]]:
    """Spans of ``text`` holding a credential, also where JSON escapes spell one (merged)."""
    spans = _spans(text)
    if spans is None:
        spans = _regex_spans(text)
    if level < _ESCAPE_LEVELS and "\\" in text and _ASCII_ESCAPE.search(text):
        view, literals, escapes = _unescaped(text)
        inner = _find(view, level + 1)
        if inner:  # mapped back only when found (the mapping costs more than the search)
            spans = spans + _back(inner, literals, escapes)
    if "\\" in text:  # a mask never cuts an escape in two (it would not be JSON any more)
        spans = [(_escape_start(text, a), _escape_end(text, b)) for a, b in spans]
    return _merged(spans)


#: Query parameters of a URL that carry a credential (``userProject`` and the like do not).
URL_CREDENTIAL_PARAMS = frozenset(
    {"key", "api_key", "apikey", "token", "access_token", "id_token", "refresh_token"}
)
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)([^/?#@\s\"'<>]*)@")
_URL_PARAM = re.compile(
    r"(?i)([?&;](?:" + "|".join(sorted(URL_CREDENTIAL_PARAMS)) + r")=)([^&#\s\"'<>]+)"
)


def redact_url(text: str) -> str:
    """``text`` (a URL, or any text holding URLs) with URL credentials replaced by ``***``.

    The userinfo of a URL (``user:password@``) and the values of the query parameters in
    :data:`URL_CREDENTIAL_PARAMS` (``key``, ``token``, ``access_token``, …) are masked;
    other parameters (``userProject``) stay. Used wherever a URL is shown or stored.
    """
    if not text or not isinstance(text, str):
        return text
    if "@" in text and "://" in text:
        text = _URL_USERINFO.sub(lambda m: m[1] + MASK + "@", text)
    if "=" in text:
        text = _URL_PARAM.sub(lambda m: m[1] + MASK, text)
    return text


def url_credentials(url: str) -> list[str]:
    """Return the credentials a URL carries.

    Its password (else a lone user name, often a token) and the values of its credential query
    parameters.
    """
    from urllib.parse import parse_qsl, unquote, urlsplit

    try:
        parts = urlsplit(url)
        secret_part = parts.password or parts.username
        found = [unquote(secret_part)] if secret_part else []
        found += [v for k, v in parse_qsl(parts.query) if k.lower() in URL_CREDENTIAL_PARAMS and v]
    except ValueError:
        return []
    return [v for v in found if v.strip()]


def _json_forms(value: str) -> list[str]:
    """``value`` and the forms it takes inside JSON text (escaped quotes and backslashes)."""
    escaped = json.dumps(value)[1:-1]
    ascii_only = json.dumps(value, ensure_ascii=True)[1:-1]
    return list(dict.fromkeys([value, escaped, ascii_only]))


def redact(text: str, *, urls: bool = True) -> str:
    """Replace every live credential (and every long run of one) in ``text`` by ``***``.

    With ``urls``, URL credentials (see :func:`redact_url`) are masked too, with or without
    live ones; without, only live credentials (a payload's own URLs stay whole).
    """
    if not text:
        return text
    if urls:
        text = redact_url(text)
    if not _SECRETS:
        return text
    spans = _find(text)
    if not spans:
        return text
    out, pos = [], 0
    for a, b in spans:
        out += [text[pos:a], MASK]
        pos = b
    out.append(text[pos:])
    return "".join(out)


def escapes_may_hide_secret(text: str) -> bool:
    """Tell whether JSON text, once decoded, might spell a credential its raw form does not.

    It does when the text holds escapes of ASCII characters, or a credential holds a quote or a
    backslash.
    """
    if not _SECRETS or "\\" not in text:
        return False
    if _ASCII_ESCAPE.search(text):
        return True
    return any('"' in s._value or "\\" in s._value for s in list(_SECRETS.values()))


def mentions_secret(text: str) -> bool:
    """Return True when ``text`` holds a live credential or a long run of one."""
    if not _SECRETS or not text:
        return False
    return bool(_find(text))


def redact_obj(obj: Any, _depth: int = 0) -> Any:
    """Return a copy of a JSON-like value with every live credential in its strings replaced by ``***``.

    Without live credentials the value is returned as is. Below 200 levels of nesting a value
    is replaced by ``"***"`` as a whole (it cannot be searched without exhausting the stack).
    """
    if not _SECRETS:
        return obj
    if _depth > 200:
        return MASK
    if isinstance(obj, str):
        return redact(obj)
    if isinstance(obj, Mapping):
        return {redact_obj(k, _depth + 1): redact_obj(v, _depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [redact_obj(v, _depth + 1) for v in obj]
    return obj
