"""The one reader of ``search_places`` / ``search_along_route`` summaries, and their display.

A live summary is light HTML (or Markdown bold): an intro, then a paragraph (or list item) per
place opening with its name, citations ``[n]`` closing its sentences (the text before the first
is an address); a place may be cited again, share a paragraph or a citation (``[0][1]``).
:func:`parse_summary` gives per cited number the place's name (``None`` when unknown: never a
country, state, postal code or street address), the first sentence citing it, the numbers cited.
In order: names, the live form (one regex pass), the general reader; the display and the sentences
are :mod:`mapsnb._read.summary_text`'s. Linear time (``benchmarks/bench_summary.py``); the word lists
are data (``summary_words.json``).
"""

from __future__ import annotations

import re

from mapsnb._read.summary_text import (
    ABBREV,
    CITE,
    DOT_END,
    END,
    GROUP,
    PARAGRAPH,
    TAG,
    WORDS,
    cite_numbers,
    find_snippets,
    is_sentence_end,
    plain_text,
    safe_html,
    sentences_at,
)
from mapsnb._read.wire import unnamed_title

__all__ = ["SummaryInfo", "bold_subject", "parse_summary", "plain_text", "safe_html"]

_CONNECTORS = frozenset(WORDS["connectors"])  # lower-case words that may join a name's words
_OPENERS = frozenset(WORDS["openers"])  # a sentence's first words whose subject is no place
_VERBS = frozenset(WORDS["verbs"])  # words that end a plain subject (a few languages)
_COUNTRIES = frozenset(WORDS["countries"])  # never a place's name, nor a state
_STATES = frozenset(WORDS["states"])
_NOT_NAMES = _COUNTRIES | _STATES


ENUMERATION = re.compile(r"(?:\d{1,2}[.)]|[-*•·])\s+")
#: A bold run holding no markup (``<strong>Name</strong>``): its text is its plain text.
_SIMPLE_BOLD = re.compile(r"<(strong|b)>([^<>&*]*)</\1\s*>", re.IGNORECASE)
#: What :func:`plain_text` changes: tags, entities, ``**``.
_MARKED = re.compile(r"[<&]|\*\*")
_BOLD_START = re.compile(r"<(strong|b)(?:\s[^<>]*)?>", re.IGNORECASE)
_MAX_NAME = 160  # characters: longer "names" are sentences
_MARKUP = frozenset("<>[]{}|\\")  # a name with these is a parsing accident
_LOOKBACK = 400  # characters searched for a bold run's opening tag
_POSTAL = re.compile(
    r"^(?:[A-Z]{2}\s+)?\d{3,6}(?:[- ]\d{3,4})?$|^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$|"
    r"^[A-Z]\d[A-Z]\s*\d[A-Z]\d$",
    re.IGNORECASE,
)
_STREET_TYPES = (
    r"st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pl|place|ct|court|hwy|"
    r"highway|pkwy|parkway|sq|square|ter|terrace|cir|circle|trl|trail|aly|alley"
)
#: A street address: a number then a street type, or a street word then a number (at the start,
#: :func:`re.match`), or a comma before a digit (anywhere: ``_COMMA_DIGIT``).
_STREET_ADDRESS = re.compile(
    rf"\d+[A-Za-z]?(?:[-/]\d+)?\s+(?:\S+\s+){{0,5}}(?:{_STREET_TYPES})\.?(?:\s+\S+)?$|"
    r"(?:rue|calle|carrer|avenida|avenue|av\.|via|viale|rua|piazza|plaza|praça|straße|strasse|"
    r"ulitsa|улица|ул\.)\b.*\d",
    re.IGNORECASE,
)
_COMMA_DIGIT = re.compile(r",\s*\d")
_STREET_INITIALS = frozenset("rcavpsuуſRCAVPSUУ")  # the first letters of its street words
#: :data:`_POSTAL` or :data:`_STREET_ADDRESS` (both hold a digit: looked for first), one match.
_POSTAL_OR_ADDRESS = re.compile(
    rf"(?=\D*\d)(?:(?:{_POSTAL.pattern})|(?:{_STREET_ADDRESS.pattern}))", re.I
)


def is_first_sentence(prefix: str) -> bool:
    """Whether ``prefix`` (a paragraph up to its first citation) holds no sentence end."""
    return not _ends(plain_text(prefix) if _MARKED.search(prefix) else prefix)


def _ends(text: str) -> bool:
    """Whether ``text`` (plain, past an enumeration) holds a sentence end."""
    if "!" not in text and "?" not in text and DOT_END.search(text) is None:
        return False  # no period that may end a sentence (DOT_END finds every one that does)
    plain = text.strip()
    m = ENUMERATION.match(plain)
    plain = plain[m.end() :] if m else plain
    return any(is_sentence_end(plain, end.end()) for end in END.finditer(plain))


def clean_name(name: str) -> str | None:
    """Return ``name`` tidied, or ``None`` for no name, a country, state, postcode or address."""
    words = (CITE.sub(" ", name) if "[" in name else name).split()
    name = " ".join(words).strip(" ,:;-–—*_\"'“”‘’")
    if not name or len(name) > _MAX_NAME or (len(words) > 16 and len(name.split()) > 16):
        return None
    if name.lower().rstrip(".") in _NOT_NAMES or ("," in name and _COMMA_DIGIT.search(name)):
        return None
    if (not name[:3].isalpha() or name[0] in _STREET_INITIALS) and _POSTAL_OR_ADDRESS.match(name):
        return None  # three letters first: neither a postcode nor, but a street word, an address
    if not (name[0].isalpha() or any(map(str.isalpha, name))) or not _MARKUP.isdisjoint(name):
        return None
    return name


def paragraph_subject(paragraph: str) -> str | None:
    """Return the name at the start of a paragraph: a bold run, else a plain subject before its verb."""
    head = paragraph[:1200].lstrip()
    simple = _SIMPLE_BOLD.match(head)  # the live form: what the general reading below gives
    if simple is not None:
        text = simple.group(2).strip()
        if not text.endswith(":"):
            return clean_name(text)
    m = ENUMERATION.match(head)
    head = head[m.end() :] if m else head
    bold = _opening_bold(head)
    if bold is None:
        return _plain_subject(plain_text(head))
    text = plain_text(bold[0]).strip()
    if not text.endswith(":"):
        return clean_name(text)
    return _plain_subject(plain_text(bold[1])) or clean_name(text)  # a label: "<b>Top pick:</b> …"


def _opening_bold(head: str) -> tuple[str, str] | None:
    """Return the inside of the bold run (``<strong>``, ``<b>``, ``**``) opening ``head``, and the rest."""
    bold = _BOLD_START.match(head)
    if bold is not None:
        close = re.compile(rf"</{bold.group(1)}\s*>", re.IGNORECASE).search(head, bold.end())
        return (head[bold.end() : close.start()], head[close.end() :]) if close else None
    close_at = head.find("**", 2) if head.startswith("**") else -1
    return (head[2:close_at], head[close_at + 2 :]) if close_at > 2 else None


def first_subject(paragraph: str, start: int) -> str | None:
    """Read the live form's subject once: ``paragraph_subject`` if the cite opens the paragraph."""
    window = paragraph[:1200]
    head = window.lstrip()
    simple = _SIMPLE_BOLD.match(head)
    lead = len(window) - len(head)
    if simple is not None and lead + simple.end() <= start:
        rest = paragraph[lead + simple.end() : start]
        if "<" not in rest and "&" not in rest and "*" not in rest:  # plain text already
            if _ends(simple.group(2) + rest):  # the prefix's plain text
                return None
            text = simple.group(2).strip()
            return clean_name(text) if not text.endswith(":") else paragraph_subject(paragraph)
    return paragraph_subject(paragraph) if is_first_sentence(paragraph[:start]) else None


def _is_name_word(word: str) -> bool:
    core = word.lstrip("(\"'“‘¡¿")
    if core[:1].isupper() or core[:1].isdigit():
        return True
    return len(core) > 2 and core[0] in "dlDL" and core[1] in "'’" and core[2].isupper()


def _plain_subject(text: str) -> str | None:
    """Return the leading run of name words of ``text`` when a verb, comma or dash follows it."""
    words = text.split(None, 40)[:40]
    if not words or words[0].lower().strip(",:;") in _OPENERS:
        return None
    run: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if CITE.fullmatch(word):
            i += 1
            continue
        if word.startswith("(") and run:  # "Name (synthetic) has": keep when the verb follows
            j = i
            while j < len(words) and not words[j].rstrip(",;:").endswith(")"):
                j += 1
            if j < len(words) and words[j].endswith((",", ";", ":")):  # "Name (x), a …"
                run.extend(words[i : j + 1])
                return clean_name(" ".join(run).rstrip(",;:"))
            if j + 1 < len(words) and words[j + 1].lower().strip(",") in _VERBS:
                run.extend(words[i : j + 1])
                return clean_name(" ".join(run))
            return clean_name(" ".join(run))
        bare = word.rstrip(",;:")
        if bare in ("—", "–", "-") and run:
            return clean_name(" ".join(run))
        lowered = bare.lower()
        if _is_name_word(bare) or (run and lowered in _CONNECTORS):
            if bare.endswith(".") and not _abbreviation(bare, words, i):
                return None  # the sentence ends inside the "name": no verb, not a subject
            run.append(bare)
            if word.endswith((",", ";", ":")):  # "Name, a …" / "Name: …"
                return clean_name(_trim(run))
            i += 1
            continue
        if run and lowered.strip(".") in _VERBS:
            return clean_name(_trim(run))
        return None
    return None


def _abbreviation(word: str, words: list[str], i: int) -> bool:
    core = word.rstrip(".").lower()
    if core in ABBREV or len(core) == 1:
        return True
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return bool(nxt) and (nxt[0].islower() or nxt[0].isdigit())


def _trim(run: list[str]) -> str:
    while run and run[-1].lower() in _CONNECTORS:
        run = run[:-1]
    return " ".join(run)


def bold_before(text: str, at: int) -> str | None:
    """Return the bold run (``<strong>``, ``<b>``, ``**``) ending right before position ``at``."""
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
            return clean_name(plain_text(inner))
    if text[max(0, i - 2) : i] == "**":
        window = text[low : i - 2]
        opening = window.rfind("**")
        return clean_name(plain_text(window[opening + 2 :])) if opening >= 0 else None
    return None


#: A part of a live paragraph: no markup, entity, bold, citation bracket or line break.
_PART = r"[^<>&*\[\]\n]"
#: A place's paragraph (or list item): a bold name, text, its citation, then text, citations and
#: second places (a bold name right before its lone citation: ``… [4]. Nearby, <b>B</b> [5] …``).
_PLACE = (
    rf"<(p|li)><(strong|b)>({_PART}{{0,200}})</\2>({_PART}*)\[(\d{{1,6}})\](?!(?:\s*\[\5\])*+\s*\[)"
    rf"((?:{_PART}++|\[\d{{1,6}}\]|<(strong|b)>{_PART}{{0,200}}</\7>[ \t]*\[\d{{1,6}}\](?!\s*\[))*+)</\1>"
)
_CITED = re.compile(r"\[(\d{1,6})\]")
_SUB_PLACE = re.compile(rf"<(strong|b)>({_PART}{{0,200}})</\1>[ \t]*\[(\d{{1,6}})\]")
#: The live form's pieces: a place, a paragraph or list item citing none, a list's tag; else the
#: rest (group 8: the summary is not of the form).
_LIVE = re.compile(rf"{_PLACE}|<p>{_PART}*</p>|<li>{_PART}*</li>|</?(?:ul|ol)>|([\s\S]+)")

#: Per named number: its paragraph's ``_LIVE`` groups (block tag, bold tag, bold text, text up to
#: the citation, its digits, the text after); a second place (``_SUB_PLACE``): its bold text.
LivePlace = tuple[str, ...]


def live_places(summary: str) -> tuple[dict[int, LivePlace], dict[int, str]] | None:
    """Read a live-form summary naming each number at most once, else return ``None``.

    Per named number its paragraph's pieces, per cited number (in order) its first sentence.
    """
    named: dict[int, LivePlace] = {}
    snippets: dict[int, str] = {}
    count = 0
    found = _LIVE.findall(summary)
    if found[-1][7]:  # the rest is not of the form (the last piece: it takes the rest)
        return None
    for p in found:
        inner, rest, digits, tail = p[2:6]
        if not digits:  # no place: a paragraph citing none, a list's tag
            continue
        n = int(digits)
        named[n] = p
        count += 1
        if "<" in tail:  # second places, named by the bold run right before their citation
            for _, text, cited_at in _SUB_PLACE.findall(tail):
                named[int(cited_at)] = ("", "", text, "", "", "")
                count += 1
            tail = TAG.sub("", tail)  # its plain text (no entity, ``*`` or block tag)
        line = f"{inner}{rest}[{digits}]{tail}"  # the paragraph's plain text
        at = len(inner) + len(rest)  # where its citation starts
        cited = _CITED.findall(tail) if "[" in tail else []  # a tail's "[" opens a citation
        if cited.count(digits) == len(cited):  # its own number only
            if n not in snippets:
                snippets[n] = sentences_at(line, (at,))[0]
            continue
        first = {} if n in snippets else {n: at}  # numbers cited first here -> where
        for d in cited:
            if (m := int(d)) not in snippets and m not in first:
                first[m] = line.find(f"[{d}]", at)
        if len(first) == 1:  # one new number (side by side with others): its sentence
            ((m, at),) = first.items()
            snippets[m] = sentences_at(line, (at,))[0]
        elif first:
            snippets.update(zip(first, sentences_at(line, first.values()), strict=True))
    return (named, snippets) if len(named) == count else None


def live_name(place: LivePlace) -> str | None:
    """Return the name of a live paragraph's place (``first_subject`` or ``bold_before``, read once)."""
    tag, inner, rest, digits, tail = place[1], place[2], place[3], place[4], place[5]
    if not tag:  # a second place of its paragraph: its bold run
        return clean_name(inner)
    ended = _ends(inner + rest)
    text = inner.strip()
    if not ended and not text.endswith(":"):
        return clean_name(text)
    paragraph = f"<{tag}>{inner}</{tag}>{rest}[{digits}]{tail}"
    start = len(paragraph) - len(tail) - len(digits) - 2
    found = None if ended else paragraph_subject(paragraph)
    return found or bold_before(paragraph, start)


#: Citation groups side by side (``[0][1]``, ``[0] [1]``): one cluster.
_CLUSTER = re.compile(rf"{GROUP}(?:\s*{GROUP})*")
#: Per cited number, where its name may be read: (paragraph, start of its cluster) when the
#: cluster opens the paragraph, else (paragraph, ``-1 - start``).
Candidates = dict[int, list[tuple[int, int]]]


class SummaryInfo:
    """What a summary says about the places it cites: names, snippets, cited numbers.

    ``names``: cited number -> name (``None`` where unclear), read on first use (:meth:`name`), so
    frames named by attribution titles never pay for them; ``snippets``: cited number -> the
    first sentence citing it, plain text.
    """

    __slots__ = ("_candidates", "_live", "_names", "_paragraphs", "cited", "snippets")

    def __init__(
        self,
        snippets: dict[int, str] | None = None,
        *,
        candidates: Candidates | None = None,
        paragraphs: list[str] | None = None,
        live: dict[int, LivePlace] | None = None,
    ) -> None:
        self.snippets: dict[int, str] = snippets if snippets is not None else {}
        self._candidates: Candidates = candidates if candidates is not None else {}
        self._paragraphs = paragraphs or []
        self._live = live
        self.cited: frozenset[int] = frozenset(
            self.snippets if live is not None else candidates or ()
        )
        self._names: dict[int, str | None] = {}

    def name(self, n: int) -> str | None:
        """Return the name of citation ``n`` (``None`` when unknown)."""
        if n in self._names:
            return self._names[n]
        if self._live is not None:
            place = self._live.get(n)
            found = live_name(place) if place is not None else None
        else:
            found = None
            for at, start in self._candidates.get(n, ()):
                paragraph = self._paragraphs[at]
                if start >= 0:  # the paragraph's first cluster
                    found = first_subject(paragraph, start) or bold_before(paragraph, start)
                else:
                    found = bold_before(paragraph, -1 - start)
                if found:
                    break
        if n in self.cited:
            self._names[n] = found
        return found

    def place_name(self, n: int, title: object = None) -> str | None:
        """Return the name of place ``[n]`` whose attribution ``title`` names none.

        :meth:`name`, else, when the title is a credit without a name (``" - Google Maps"``: an
        address result), the bold run opening its paragraph, unchecked (``**6-8 Mercury Street** in
        Tin Hau …``).
        """
        found = self.name(n)
        if found is not None or not unnamed_title(title):
            return found
        place = self._live.get(n) if self._live is not None else None
        if place is not None:
            return _tidy(place[2]) if place[1] else None
        for at, start in self._candidates.get(n, ()):
            if start >= 0:
                return bold_subject(self._paragraphs[at])
        return None

    @property
    def names(self) -> dict[int, str | None]:
        """Every cited number -> its name (``None`` when unknown), in order of first citation."""
        return {n: self.name(n) for n in (self.snippets if self._live else self._candidates)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SummaryInfo):
            return NotImplemented
        return (self.names, self.snippets, self.cited) == (other.names, other.snippets, other.cited)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"SummaryInfo(names={self.names!r}, snippets={self.snippets!r}, cited={self.cited!r})"
        )


def parse_summary(summary: str | None) -> SummaryInfo:
    """Read the names, snippets and cited numbers of a summary; never raise (see the module)."""
    if not isinstance(summary, str) or not summary:
        return SummaryInfo()
    live = live_places(summary) if summary.startswith(("<p>", "<ul>", "<ol>")) else None
    if live is not None:  # the live form: names from its paragraphs' pieces
        return SummaryInfo(live[1], live=live[0])
    candidates, paragraphs = _scan(summary)
    snippets = find_snippets(plain_text(summary)) if candidates else {}
    return SummaryInfo(snippets, candidates=candidates, paragraphs=paragraphs)


def _scan(summary: str) -> tuple[Candidates, list[str]]:
    """Return, per cited number, where its name may be read, and the paragraphs that cite."""
    candidates: Candidates = {}
    paragraphs: list[str] = []
    for paragraph in PARAGRAPH.split(summary):
        if "[" not in paragraph:
            continue
        clusters = _CLUSTER.findall(paragraph)
        if not clusters:
            continue
        at = len(paragraphs)
        paragraphs.append(paragraph)
        start = 0
        for k, cluster in enumerate(clusters):
            start = paragraph.find(cluster, start)  # the leftmost match: where the text is
            simple = "," not in cluster and cluster.count("[") == 1  # "[3]": the common case
            numbers = [int(cluster[1:-1])] if simple else _cluster_numbers(cluster)
            for n in numbers:
                candidates.setdefault(n, [])
            if len(numbers) == 1:
                candidates[numbers[0]].append((at, start if k == 0 else -1 - start))
            start += len(cluster)
    return candidates, paragraphs


def _cluster_numbers(cluster: str) -> list[int]:
    """Return the numbers of a cluster of citation groups, each new group's numbers added once."""
    out: list[int] = []
    for group in CITE.findall(cluster):
        numbers = cite_numbers(group)
        out += [n for n in numbers if n not in out] if out else numbers
    return out


def bold_subject(paragraph: str) -> str | None:
    """Return the tidied text of the bold run opening ``paragraph``, or ``None``."""
    head = paragraph[:1200].lstrip()
    m = ENUMERATION.match(head)
    bold = _opening_bold(head[m.end() :] if m else head)
    return _tidy(plain_text(bold[0])) if bold is not None else None


def _tidy(text: str) -> str | None:
    """``text`` on one line, without the spaces and ``:`` around it; ``None`` when empty."""
    return " ".join(text.split()).strip(" :*") or None
