"""The one reader of ``search_places`` / ``search_along_route`` summaries.

A live summary is light HTML: an intro ``<p>`` that cites nothing, then one ``<p>`` per place whose
first sentence starts with the place's name as its subject (usually ``<strong>Name</strong>``,
sometimes plain text), with citations ``[n]`` closing every sentence, so the text right before the
first ``[n]`` is an address, not a name (REAL_SERVER.md, last section). Shared citations are
written ``[0, 1]`` or ``[0][1]``.

:func:`parse_summary` gives, per cited number, the place's name (``None`` when it cannot be known:
a name is never a country, state, postal code or street address), the first sentence citing it and
the set of cited numbers. :func:`plain_text` and :func:`safe_html` render a summary. Every function
runs in time linear in the summary's length (``benchmarks/bench_summary.py``).
"""

from __future__ import annotations

import html
import re
from typing import Any

__all__ = ["SummaryInfo", "parse_summary", "plain_text", "safe_html"]

#: One citation group: ``[3]`` or ``[0, 1]`` (at most 6 digits per number: bounded ``int()``).
_CITE = re.compile(r"\[\s*(\d{1,6}(?:\s*,\s*\d{1,6})*)\s*\]")
_BLOCK = re.compile(r"</?(?:p|br|div|li|ul|ol|h\d|tr|table)\b[^<>]*>", re.IGNORECASE)
_PARAGRAPH = re.compile(
    r"</?(?:p|div|li|ul|ol|h\d|tr|table)\b[^<>]*>|<br\s*/?>|\n[ \t]*\n", re.IGNORECASE
)
_TAG = re.compile(r"<[^<>]*>")
#: Citation groups right after a sentence's end (spaces or tabs between them).
_TRAILING_CITES = re.compile(r"(?:[ \t]*\[\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*\])+")
_END = re.compile(r"[.!?]+(?=\s|$)")
#: The ends of :data:`_END` in a line without ``!`` or ``?``, less those that never close a
#: sentence: a lone period followed (past spaces) by an ASCII lower-case letter or a digit
#: (:func:`_is_sentence_end`). Led by a literal period, so the regex engine skips fast.
_DOT_END = re.compile(r"\.(?:\.+(?=\s|$)|(?=\s|$)(?![ \t\u00a0]*[a-z0-9]))")
_SAFE_TAG = re.compile(r"&lt;(/?)(p|strong|b|em|i|br|ul|li)\s*/?&gt;")
_ENUMERATION = re.compile(r"(?:\d{1,2}[.)]|[-*•·])\s+")
_BOLD_START = re.compile(r"<(strong|b)(?:\s[^<>]*)?>", re.IGNORECASE)
_MAX_NAME = 160  # characters: longer "names" are sentences
_MARKUP = frozenset("<>[]{}|\\")  # a name with these is a parsing accident
_LOOKBACK = 400  # characters searched for a bold run's opening tag


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Abbreviations whose period does not end a sentence (``St.``, ``No. 3``, ``Co.``).
_ABBREV = _words(
    """
    av ave blvd bros co corp dr etc ft inc jr ltd mr mrs ms mt no nr pl rd sq sr st vs
    """
)
_QUOTES = "(\"'“‘"
#: Characters that, right before a period, end a word that is no abbreviation or initial.
_NOT_A_WORD_END = frozenset("])0123456789")
_WINDOW = 12  # characters looked at before a period for its word (abbreviations are short)
#: Lower-case words that may join the words of a name.
_CONNECTORS = _words(
    """
    & 'n am and da das de del della den der des di do dos du e et im la le les of the van von
    y
    """
)
#: First words of a sentence whose subject is not a place's name.
_OPENERS = _words(
    """
    a above according across additionally address after all along also although among an and
    another around as at based because before below best between both but by check consider
    during each finally first five for found four from further here highly hours how however i
    if in it its just lastly located many most near nearby next no not note on one open
    options or other others our over overall please plus popular rating second several since
    situated some that their then there these they third this those though three to top toward
    towards try two under unless visit we what when where whether which while who whose why
    with within without yes you your
    """
)
#: Words that end a plain subject: the sentence's verb (a few languages) or a participle.
_VERBS = _words(
    """
    a adds are attracts bakes bietet boasts brings can combines comes could cuenta draws earns
    enjoys es est está features fica fue gets goes got ha had has hat have holds is ist keeps
    known lets liegt lies located makes may oferece offers offre ofrece opens operates pours
    propose provides ranks rated receives remains roasts runs se sells sert serve serves
    should shows sirve sits situated specialises specializes stands stays takes tem tiene
    trouve was welcomes will would è é
    """
)
_COUNTRIES = _words(
    """
    albania algeria america argentina australia austria bangladesh belarus belgium bolivia
    brasil brazil britain bulgaria cambodia canada chile china colombia croatia cuba czechia
    denmark deutschland ecuador egypt england espana españa estonia ethiopia finland france
    germany ghana greece hungary iceland india indonesia iran iraq ireland israel italia italy
    japan jordan kenya korea kuwait laos latvia lebanon lithuania luxembourg malaysia mexico
    morocco myanmar nepal netherlands nigeria norway pakistan paraguay peru philippines poland
    portugal qatar romania russia scotland serbia singapore slovakia slovenia spain sweden
    switzerland taiwan tanzania thailand tunisia turkey türkiye u.k. u.s. u.s.a. uae uganda uk
    ukraine uruguay us usa venezuela vietnam wales россия 中国 日本
    """
) | frozenset(
    (
        "bosnia and herzegovina",
        "czech republic",
        "great britain",
        "hong kong",
        "new zealand",
        "north korea",
        "northern ireland",
        "saudi arabia",
        "south africa",
        "south korea",
        "sri lanka",
        "the netherlands",
        "united arab emirates",
        "united kingdom",
        "united states",
        "united states of america",
    )
)
_STATES = _words(
    """
    ak al alabama alaska ar arizona arkansas az bavaria ca california catalonia co colorado
    connecticut ct dc de delaware fl florida ga georgia hawaii hi ia id idaho il illinois in
    indiana iowa kansas kentucky ks ky la louisiana ma maine maryland massachusetts md me mi
    michigan minnesota mississippi missouri mn mo montana ms mt nc nd ne nebraska nevada nh nj
    nm nv ny oh ohio ok oklahoma ontario or oregon pa pennsylvania quebec ri sc sd tennessee
    texas tn tx ut utah va vermont virginia vt wa washington wi wisconsin wv wy wyoming
    """
) | frozenset(
    (
        "british columbia",
        "district of columbia",
        "new hampshire",
        "new jersey",
        "new mexico",
        "new york state",
        "north carolina",
        "north dakota",
        "rhode island",
        "south carolina",
        "south dakota",
        "west virginia",
    )
)
_POSTAL = re.compile(
    r"^(?:[A-Z]{2}\s+)?\d{3,6}(?:[- ]\d{3,4})?$|^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$|"
    r"^[A-Z]\d[A-Z]\s*\d[A-Z]\d$",
    re.IGNORECASE,
)
_STREET_TYPES = (
    r"st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pl|place|ct|court|hwy|"
    r"highway|pkwy|parkway|sq|square|ter|terrace|cir|circle|trl|trail|aly|alley"
)
_STREET_ADDRESS = re.compile(
    rf"^\d+[A-Za-z]?(?:[-/]\d+)?\s+(?:\S+\s+){{0,5}}(?:{_STREET_TYPES})\.?(?:\s+\S+)?$|"
    r",\s*\d|"
    r"^(?:rue|calle|carrer|avenida|avenue|av\.|via|viale|rua|piazza|plaza|praça|straße|strasse|"
    r"ulitsa|улица|ул\.)\b.*\d",
    re.IGNORECASE,
)


class SummaryInfo:
    """What a summary says about the places it cites.

    Attributes
    ----------
    names
        Cited number -> the place's name, or ``None`` when the summary does not say it clearly.
    snippets
        Cited number -> the first plain-text sentence citing it (its citations included).
    cited
        Every number cited anywhere in the summary.

    Names are worked out on first use (:meth:`name` for one, :attr:`names` for all): a frame
    whose places are named by their attribution titles never pays for reading the summary's.
    """

    __slots__ = ("_candidates", "_names", "_paragraphs", "_spans", "_text", "cited", "snippets")

    def __init__(
        self,
        names: dict[int, str | None] | None = None,
        snippets: dict[int, str] | None = None,
        cited: frozenset[int] = frozenset(),
        *,
        paragraphs: list[str] | None = None,
        candidates: dict[int, list[tuple[int, int, bool]]] | None = None,
        text: str = "",
        spans: list[tuple[int, int]] | None = None,
    ) -> None:
        self._names: dict[int, str | None] = dict(names or {})
        self.snippets: dict[int, str] = snippets if snippets is not None else {}
        self.cited: frozenset[int] = cited
        self._paragraphs = paragraphs
        self._candidates = candidates
        self._text = text
        self._spans = spans or []

    def _scanned(self) -> dict[int, list[tuple[int, int, bool]]]:
        """The name candidates, found on first use (one pass over the summary)."""
        if self._candidates is None:
            if self._text:
                self._candidates, self._spans = _scan(self._text)
            else:
                self._candidates = {}
        return self._candidates

    def name(self, n: int) -> str | None:
        """The name of citation ``n`` (``None`` when unknown)."""
        if n in self._names:
            return self._names[n]
        candidates = self._scanned()
        found = None
        for at, start, subject in candidates.get(n, ()):
            if self._paragraphs is not None:
                paragraph = self._paragraphs[at]
            else:
                a, b = self._spans[at]
                paragraph = self._text[a:b]
            if subject and _is_first_sentence(paragraph[:start]):
                found = _subject(paragraph)
            found = found or _bold_before(paragraph, start)
            if found:
                break
        if n in candidates:
            self._names[n] = found
        return found

    @property
    def names(self) -> dict[int, str | None]:
        """Every cited number -> its name (``None`` when unknown), in order of first citation."""
        candidates = self._scanned()
        return {n: self.name(n) for n in candidates} if candidates else self._names

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SummaryInfo):
            return NotImplemented
        return (self.names, self.snippets, self.cited) == (other.names, other.snippets, other.cited)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"SummaryInfo(names={self.names!r}, snippets={self.snippets!r}, cited={self.cited!r})"
        )


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
    text = html.escape(html.unescape(summary))
    return _SAFE_TAG.sub(lambda m: f"<{m.group(1)}{m.group(2)}>", text)


def parse_summary(summary: str | None) -> SummaryInfo:
    """Names, snippets and cited numbers of a summary (see the module docstring).

    Never raises; anything that is not a string is an empty summary.
    """
    if not isinstance(summary, str) or not summary:
        return SummaryInfo()
    return SummaryInfo(snippets=_snippets(plain_text(summary)), cited=_cited(summary), text=summary)


def _cited(summary: str) -> frozenset[int]:
    """Every number of the citations inside a paragraph (what :func:`_scan` keys), read by
    the regex engine. A citation can only be split by a blank line in it or sit inside a
    (block) tag; when no citation may, every one counts, else the paragraphs are split."""
    if "[" not in summary:
        return frozenset()
    if _MAYBE_IN_TAG.search(summary) is None and _MAYBE_SPLIT.search(summary) is None:
        groups = _CITE.findall(summary)
    else:
        paragraphs = _PARAGRAPH.split(summary)
        groups = _CITE.findall("\0".join(p for p in paragraphs if "[" in p))
    if not any("," in g for g in groups):
        return frozenset(map(int, groups))
    return frozenset(n for g in groups for n in _numbers(g))


#: A ``[`` after a ``<`` with no ``>`` between: maybe a citation inside a tag.
_MAYBE_IN_TAG = re.compile(r"<[^<>]*\[")
#: A ``[`` then digits, commas, spaces and a line break: maybe a citation across a blank line.
_MAYBE_SPLIT = re.compile(r"\[[\d,\s]*\n")


Candidates = dict[int, list[tuple[int, int, bool]]]


def _scan(summary: str) -> tuple[Candidates, list[tuple[int, int]]]:
    """Per cited number, where its name may be read, in the order a reader meets them: its
    first citation when that opens a paragraph (the paragraph's subject, else the bold run
    before it), then every citation of it alone (the bold run before it). Multi-number
    citations name nobody. One pass over the citations and the paragraph breaks of the
    summary (a citation across a break, or inside a block tag, is none); also the spans of the
    paragraphs that cite. The names themselves are read on first use (SummaryInfo.name)."""
    candidates: Candidates = {}
    spans: list[tuple[int, int]] = []
    breaks = _PARAGRAPH.finditer(summary)
    brk = next(breaks, None)
    start = 0  # of the current paragraph
    clusters: list[list[Any]] = []  # of the current paragraph: [start, end, numbers]
    for m in _CITE.finditer(summary):
        at, end = m.span()
        while brk is not None and brk.end() <= at:
            if clusters:
                _opened(clusters, start, brk.start(), spans, candidates)
                clusters = []
            start = brk.end()
            brk = next(breaks, None)
        if brk is not None and brk.start() < end:
            continue  # split by a paragraph break: not a citation
        group = m.group(1)
        numbers = (int(group),) if "," not in group else tuple(_numbers(group))
        if clusters and not summary[clusters[-1][1] : at].strip():
            last = clusters[-1]
            last[1] = end
            last[2] = last[2] + tuple(n for n in numbers if n not in last[2])
        else:
            clusters.append([at, end, numbers])
    if clusters:
        _opened(clusters, start, brk.start() if brk else len(summary), spans, candidates)
    return candidates, spans


def _opened(
    clusters: list[list[Any]],
    start: int,
    stop: int,
    spans: list[tuple[int, int]],
    candidates: Candidates,
) -> None:
    """Record the name candidates of one paragraph's citation clusters."""
    at = len(spans)
    spans.append((start, stop))
    first_start, _, first = clusters[0]
    opened = len(first) == 1 and first[0] not in candidates
    if opened:
        candidates[first[0]] = [(at, first_start - start, True)]
    for k, (begin, _, numbers) in enumerate(clusters):
        if k == 0 and opened:
            continue
        single = len(numbers) == 1
        for n in numbers:
            found = candidates.get(n)
            if found is None:
                candidates[n] = [(at, begin - start, False)] if single else []
            elif single:
                found.append((at, begin - start, False))


# ----------------------------------------------------------------------------- citations


def _numbers(group: str) -> list[int]:
    if "," not in group:
        return [int(group)]
    return [int(x) for x in group.split(",")]


def _clusters(text: str) -> list[tuple[int, int, tuple[int, ...]]]:
    """Citation groups of ``text`` as ``(start, end, numbers)``; adjacent groups (``[0][1]``,
    ``[0] [1]``) are merged into one."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for m in _CITE.finditer(text):
        group = m.group(1)
        numbers = (int(group),) if "," not in group else tuple(_numbers(group))
        if out and not text[out[-1][1] : m.start()].strip():
            start, _, before = out[-1]
            out[-1] = (start, m.end(), before + tuple(n for n in numbers if n not in before))
        else:
            out.append((m.start(), m.end(), numbers))
    return out


def _is_sentence_end(text: str, end: int) -> bool:
    """Whether the period run ending at ``end`` closes a sentence (not ``St.``, ``J.``, ``No. 3``)."""
    i = end
    while i > 0 and text[i - 1] in ".!?":
        i -= 1
    if text[i:end] != ".":
        return True
    window = text[max(0, i - _WINDOW) : i]
    tokens = window.split()
    if window[-1:].isspace() or not tokens:
        word = ""
    elif len(tokens) > 1 or window[0].isspace() or i <= _WINDOW:
        word = tokens[-1]
    elif any(c in _QUOTES for c in window):  # one long token: find where it starts
        j = i
        while j > 0 and not text[j - 1].isspace():
            j -= 1
        word = text[j:i]
    else:  # a token longer than the window: not an abbreviation, not an initial
        word = window
    word = word.lstrip(_QUOTES).lower()
    if word in _ABBREV or (len(word) == 1 and word.isalpha()):
        return False
    k = end
    while k < len(text) and text[k] in " \t\u00a0":
        k += 1
    nxt = text[k : k + 1]
    return not (nxt.islower() or nxt.isdigit())


def _sentences(plain: str) -> list[str]:
    """Sentences of plain text; the citations after a sentence's period stay with it."""
    out: list[str] = []
    for line in plain.split("\n"):
        start = 0
        for m in _END.finditer(line):
            if not _is_sentence_end(line, m.end()):
                continue
            stop = m.end()
            while True:  # keep trailing citations: "... USA. [3]" or "... USA [3]."
                k = stop
                while k < len(line) and line[k] in " \t":
                    k += 1
                c = _CITE.match(line, k)
                if c is None:
                    break
                stop = c.end()
            out.append(line[start:stop].strip())
            start = stop
        out.append(line[start:].strip())
    return [s for s in out if s]


def _snippets(plain: str) -> dict[int, str]:
    """Cited number -> the first sentence citing it (only lines that cite are split; the
    sentences are those of :func:`_sentences`)."""
    out: dict[int, str] = {}
    for line in plain.split("\n"):
        if "[" not in line:
            continue
        size = len(line)
        start = 0
        ends = _END if "!" in line or "?" in line else _DOT_END
        for m in ends.finditer(line):
            stop = m.end()
            if (
                m.start() == stop - 1
                and line[stop - 2 : stop - 1] in _NOT_A_WORD_END
                and line[stop - 1] == "."
            ):
                # "…[3]." or "…7." : a single period after a citation, a digit or a bracket
                # ends no abbreviation or initial; only what follows can say "not an end"
                if stop < size:
                    k = stop
                    while k < size and line[k] in " \t\u00a0":
                        k += 1
                    nxt = line[k : k + 1]
                    if nxt.islower() or nxt.isdigit():
                        continue
            elif not _is_sentence_end(line, stop):
                continue
            if stop < size:
                trailing = _TRAILING_CITES.match(line, stop)  # "... USA. [3]" keeps its [3]
                if trailing is not None:
                    stop = trailing.end()
            _cite_sentence(line, start, stop, out)
            start = stop
        if start < size:
            _cite_sentence(line, start, size, out)
    return out


def _cite_sentence(line: str, start: int, stop: int, out: dict[int, str]) -> None:
    """Record ``line[start:stop]`` (stripped) for the numbers it cites first."""
    sentence = None
    for group in _CITE.findall(line, start, stop):
        for n in (int(group),) if "," not in group else _numbers(group):
            if n not in out:
                if sentence is None:
                    sentence = line[start:stop].strip()
                out[n] = sentence


# ----------------------------------------------------------------------------- names


def _is_first_sentence(prefix: str) -> bool:
    """Whether ``prefix`` (a paragraph up to its first citation) holds no sentence end."""
    plain = plain_text(prefix).strip()
    m = _ENUMERATION.match(plain)
    plain = plain[m.end() :] if m else plain
    return not any(_is_sentence_end(plain, m.end()) for m in _END.finditer(plain))


def _clean(name: str) -> str | None:
    """``name`` tidied and checked: ``None`` when it is empty, too long, a country, a state,
    a postal code or a street address."""
    name = " ".join(_CITE.sub(" ", name).split()).strip(" ,:;-–—*_\"'“”‘’")
    if not name or len(name) > _MAX_NAME or len(name.split()) > 16:
        return None
    folded = name.lower().rstrip(".")
    if folded in _COUNTRIES or folded in _STATES or _POSTAL.match(name):
        return None
    if _STREET_ADDRESS.search(name):
        return None
    if not any(c.isalpha() for c in name) or any(c in _MARKUP for c in name):
        return None
    return name


def _subject(paragraph: str) -> str | None:
    """The name at the start of a paragraph: a bold run, else a plain subject before its verb."""
    head = paragraph[:1200].lstrip()
    m = _ENUMERATION.match(head)
    if m:
        head = head[m.end() :]
    bold = _BOLD_START.match(head)
    inner = rest = None
    if bold:
        close = re.compile(rf"</{bold.group(1)}\s*>", re.IGNORECASE).search(head, bold.end())
        if close:
            inner, rest = head[bold.end() : close.start()], head[close.end() :]
    elif head.startswith("**"):
        close_at = head.find("**", 2)
        if close_at > 2:
            inner, rest = head[2:close_at], head[close_at + 2 :]
    if inner is not None and rest is not None:
        text = plain_text(inner).strip()
        if not text.endswith(":"):
            return _clean(text)
        return _plain_subject(plain_text(rest)) or _clean(text)  # a label: "<b>Top pick:</b> …"
    return _plain_subject(plain_text(head))


def _is_name_word(word: str) -> bool:
    core = word.lstrip("(\"'“‘¡¿")
    if not core:
        return False
    if core[0].isupper() or core[0].isdigit():
        return True
    return len(core) > 2 and core[0] in "dlDL" and core[1] in "'’" and core[2].isupper()


def _plain_subject(text: str) -> str | None:
    """The leading run of name words of ``text`` when a verb, comma or dash follows it."""
    words = text.split(None, 40)[:40]
    if not words or words[0].lower().strip(",:;") in _OPENERS:
        return None
    run: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if _CITE.fullmatch(word):
            i += 1
            continue
        if word.startswith("(") and run:  # "Name (synthetic) has": keep when the verb follows
            j = i
            while j < len(words) and not words[j].rstrip(",;:").endswith(")"):
                j += 1
            if j < len(words) and words[j].endswith((",", ";", ":")):  # "Name (x), a …"
                run.extend(words[i : j + 1])
                return _clean(" ".join(run).rstrip(",;:"))
            if j + 1 < len(words) and words[j + 1].lower().strip(",") in _VERBS:
                run.extend(words[i : j + 1])
                return _clean(" ".join(run))
            return _clean(" ".join(run))
        bare = word.rstrip(",;:")
        if bare in ("—", "–", "-") and run:
            return _clean(" ".join(run))
        lowered = bare.lower()
        if _is_name_word(bare) or (run and lowered in _CONNECTORS):
            if bare.endswith(".") and not _abbreviation(bare, words, i):
                return None  # the sentence ends inside the "name": no verb, not a subject
            run.append(bare)
            if word.endswith((",", ";", ":")):  # "Name, a …" / "Name: …"
                return _clean(_trim(run))
            i += 1
            continue
        if run and lowered.strip(".") in _VERBS:
            return _clean(_trim(run))
        return None
    return None


def _abbreviation(word: str, words: list[str], i: int) -> bool:
    core = word.rstrip(".").lower()
    if core in _ABBREV or len(core) == 1:
        return True
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return bool(nxt) and (nxt[0].islower() or nxt[0].isdigit())


def _trim(run: list[str]) -> str:
    while run and run[-1].lower() in _CONNECTORS:
        run = run[:-1]
    return " ".join(run)


def _bold_before(text: str, at: int) -> str | None:
    """The bold run (``<strong>``, ``<b>``, ``**``) ending right before position ``at``."""
    i = at
    while i > 0 and text[i - 1].isspace():
        i -= 1
    low = max(0, i - _LOOKBACK)
    for tag in ("strong", "b"):
        close = f"</{tag}>"
        if text[max(0, i - len(close)) : i].lower() == close:
            window = text[low : i - len(close)]
            opening = max(window.lower().rfind(f"<{tag}>"), window.lower().rfind(f"<{tag} "))
            if opening < 0:
                return None
            inner = window[opening:]
            inner = inner[inner.find(">") + 1 :]
            return _clean(plain_text(inner))
    if text[max(0, i - 2) : i] == "**":
        window = text[low : i - 2]
        opening = window.rfind("**")
        return _clean(plain_text(window[opening + 2 :])) if opening >= 0 else None
    return None
