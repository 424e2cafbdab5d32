"""Hostile strings and the check that markup holding them injects nothing (issue 32, item 3).

:data:`ATTACKS` are the classes tried: tags and event handlers, quotes that end an attribute,
``javascript:``/``data:``/``vbscript:`` URLs in their disguises, entities that decode to markup,
comments and control characters. Every one carries the marker ``pwn``: a tag, attribute or
link holding it in rendered markup is an injection. :func:`assert_safe` parses markup as a
browser would (``html.parser``) and checks every tag, attribute and ``href``.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from hypothesis import strategies as st

ATTACKS = (
    "<script>window.pwn=1</script>",
    '<img src=x onerror="window.pwn=1">',
    "<svg onload=pwn()>",
    '"><img src=x onerror=pwn()>',
    "'><b onclick=pwn()>x</b>",
    "</div></td></table><iframe src=javascript:pwn()>",
    "javascript:pwn()",
    "JaVaScRiPt:pwn()",
    "  javascript:pwn()",
    "java\tscript:pwn()",
    "java\nscript:pwn()",
    "\x01javascript:pwn()",
    "data:text/html,<script>pwn()</script>",
    "vbscript:pwn",
    'https://ok.example/"onmouseover="pwn()',
    "https://ok.example/'><script>pwn()</script>",
    "https://ok.example/x?a=1&b=<pwn>",
    "//pwn.example/x",
    "&lt;script&gt;pwn()&lt;/script&gt;",
    "&#60;img src=x onerror=pwn()&#62;",
    "<!-- pwn -->",
    "<a href='javascript:pwn()'>pwn</a>",
    "<p onclick=pwn()>pwn</p>",
    "<strong style='background:url(javascript:pwn)'>pwn</strong>",
    "Bar $\\x$ & <pwn>",
    "\u2028<pwn>\u0000",
)
#: Hostile strings: the attacks, any text of the characters that matter, and mixes of both.
HOSTILE_TEXT = st.one_of(
    st.sampled_from(ATTACKS),
    st.text(alphabet=st.sampled_from(list("<>&\"'=/ ;:#apwnjs\\$\t\n")), min_size=1, max_size=24),
    st.builds(lambda a, b: a + b, st.sampled_from(ATTACKS), st.sampled_from(ATTACKS)),
)

#: The tags and attributes mapsnb's own HTML uses; anything else is an injection.
TAGS = frozenset(
    [
        "a",
        "b",
        "br",
        "code",
        "details",
        "div",
        "em",
        "i",
        "li",
        "ol",
        "p",
        "pre",
        "small",
        "span",
        "strong",
        "summary",
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
        "ul",
    ]
)
ATTRIBUTES = frozenset({"style", "class", "href", "target", "rel"})


class _Scan(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.tags.append(("!--", [("comment", data)]))


def scan(markup: str) -> _Scan:
    """The tags, attributes and text of ``markup`` as a browser parses them."""
    parser = _Scan()
    parser.feed(markup)
    parser.close()
    return parser


def shown(markup: str) -> str:
    """What a reader sees of ``markup`` (tags dropped, entities decoded once)."""
    return "".join(scan(markup).text)


def assert_safe(markup: Any, where: str, tags: frozenset[str] = TAGS) -> None:
    """``markup`` injects nothing: only mapsnb's ``tags`` and attributes, links only to http(s)."""
    assert isinstance(markup, str), (where, type(markup))
    for tag, attrs in scan(markup).tags:
        assert tag in tags, f"{where}: injected <{tag}> in {markup[:400]!r}"
        for name, value in attrs:
            assert name in ATTRIBUTES, f"{where}: injected {name}= on <{tag}> in {markup[:400]!r}"
            text = value or ""
            if name != "href":  # an http(s) URL may hold anything, escaped
                assert "pwn" not in text.lower(), f"{where}: {name}={text!r} on <{tag}>"
            else:
                low = text.lower()
                assert low.startswith(("http://", "https://")), f"{where}: href={text!r}"
                assert not any(c in text for c in "\x00\t\n\r"), f"{where}: href={text!r}"
