"""Place names in a summary: a paragraph's subject or the bold run before a citation.

A name is never a country, state, postal code or street address (:func:`_clean`).
"""

from __future__ import annotations

import re

from mapsnb._read.summary_html import plain_text
from mapsnb._read.summary_sentences import (
    ABBREV,
    CITE,
    DOT_END,
    END,
    is_sentence_end,
    word_set,
)

ENUMERATION = re.compile(r"(?:\d{1,2}[.)]|[-*•·])\s+")
#: A paragraph opening with a bold run holding no markup (``<strong>Name</strong>``): its
#: inner text is its plain text (no tag, entity nor ``**``).
_SIMPLE_BOLD = re.compile(r"<(strong|b)>([^<>&*]*)</\1\s*>", re.IGNORECASE)
#: What :func:`~mapsnb._read.summary_html.plain_text` changes: tags, entities, ``**``.
_MARKED = re.compile(r"[<&]|\*\*")
_BOLD_START = re.compile(r"<(strong|b)(?:\s[^<>]*)?>", re.IGNORECASE)
_MAX_NAME = 160  # characters: longer "names" are sentences
_MARKUP = frozenset("<>[]{}|\\")  # a name with these is a parsing accident
_LOOKBACK = 400  # characters searched for a bold run's opening tag
#: Lower-case words that may join the words of a name.
_CONNECTORS = word_set(
    """
    & 'n am and da das de del della den der des di do dos du e et im la le les of the van von
    y
    """
)
#: First words of a sentence whose subject is not a place's name.
_OPENERS = word_set(
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
_VERBS = word_set(
    """
    a adds are attracts bakes bietet boasts brings can combines comes could cuenta draws earns
    enjoys es est está features fica fue gets goes got ha had has hat have holds is ist keeps
    known lets liegt lies located makes may oferece offers offre ofrece opens operates pours
    propose provides ranks rated receives remains roasts runs se sells sert serve serves
    should shows sirve sits situated specialises specializes stands stays takes tem tiene
    trouve was welcomes will would è é
    """
)
_COUNTRIES = word_set(
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
_STATES = word_set(
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
#: A street address: a number then a street type, or a street word then a number (at the start,
#: :func:`re.match`), or a comma before a digit (anywhere: ``_COMMA_DIGIT``).
_STREET_ADDRESS = re.compile(
    rf"\d+[A-Za-z]?(?:[-/]\d+)?\s+(?:\S+\s+){{0,5}}(?:{_STREET_TYPES})\.?(?:\s+\S+)?$|"
    r"(?:rue|calle|carrer|avenida|avenue|av\.|via|viale|rua|piazza|plaza|praça|straße|strasse|"
    r"ulitsa|улица|ул\.)\b.*\d",
    re.IGNORECASE,
)
_COMMA_DIGIT = re.compile(r",\s*\d")
_HAS_DIGIT = re.compile(r"\d")
#: :data:`_POSTAL` or :data:`_STREET_ADDRESS`, in one match.
_POSTAL_OR_ADDRESS = re.compile(
    f"(?:{_POSTAL.pattern})|(?:{_STREET_ADDRESS.pattern})", re.IGNORECASE
)


def is_first_sentence(prefix: str) -> bool:
    """Whether ``prefix`` (a paragraph up to its first citation) holds no sentence end."""
    plain = (plain_text(prefix) if _MARKED.search(prefix) else prefix).strip()
    m = ENUMERATION.match(plain)
    plain = plain[m.end() :] if m else plain
    if "!" not in plain and "?" not in plain and DOT_END.search(plain) is None:
        return True  # no period that may end a sentence (DOT_END finds every one that does)
    return not any(is_sentence_end(plain, end.end()) for end in END.finditer(plain))


def clean_name(name: str) -> str | None:
    """``name`` tidied and checked: ``None`` when it is empty, too long, a country, a state,
    a postal code or a street address."""
    words = (CITE.sub(" ", name) if "[" in name else name).split()
    name = " ".join(words).strip(" ,:;-–—*_\"'“”‘’")
    if not name or len(name) > _MAX_NAME or (len(words) > 16 and len(name.split()) > 16):
        return None
    folded = name.lower().rstrip(".")
    if folded in _COUNTRIES or folded in _STATES:
        return None
    if _HAS_DIGIT.search(name) is not None and (  # postal codes and addresses hold digits
        _POSTAL_OR_ADDRESS.match(name) or ("," in name and _COMMA_DIGIT.search(name))
    ):
        return None
    if not any(map(str.isalpha, name)) or not _MARKUP.isdisjoint(name):
        return None
    return name


def paragraph_subject(paragraph: str) -> str | None:
    """The name at the start of a paragraph: a bold run, else a plain subject before its verb."""
    head = paragraph[:1200].lstrip()
    simple = _SIMPLE_BOLD.match(head)  # the live form: what the general reading below gives
    if simple is not None:
        text = simple.group(2).strip()
        if not text.endswith(":"):
            return clean_name(text)
    m = ENUMERATION.match(head)
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
            return clean_name(text)
        return _plain_subject(plain_text(rest)) or clean_name(text)  # a label: "<b>Top pick:</b> …"
    return _plain_subject(plain_text(head))


def first_subject(paragraph: str, start: int) -> str | None:
    """``paragraph_subject(paragraph)`` when ``is_first_sentence(paragraph[:start])``, else
    ``None``: the live form (a plain ``<strong>Name</strong>`` opening, then text with no markup
    up to the citation at ``start``) read once for both, anything else by the two functions."""
    window = paragraph[:1200]
    head = window.lstrip()
    simple = _SIMPLE_BOLD.match(head)
    lead = len(window) - len(head)
    if simple is not None and lead + simple.end() <= start:
        rest = paragraph[lead + simple.end() : start]
        if "<" not in rest and "&" not in rest and "*" not in rest:  # plain text already
            inner = simple.group(2)
            plain = (inner + rest).strip()  # the prefix's plain text, stripped
            m = ENUMERATION.match(plain)
            plain = plain[m.end() :] if m else plain
            maybe_ends = "!" in plain or "?" in plain or DOT_END.search(plain) is not None
            if maybe_ends and any(is_sentence_end(plain, e.end()) for e in END.finditer(plain)):
                return None
            text = inner.strip()
            return clean_name(text) if not text.endswith(":") else paragraph_subject(paragraph)
    return paragraph_subject(paragraph) if is_first_sentence(paragraph[:start]) else None


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
            return clean_name(plain_text(inner))
    if text[max(0, i - 2) : i] == "**":
        window = text[low : i - 2]
        opening = window.rfind("**")
        return clean_name(plain_text(window[opening + 2 :])) if opening >= 0 else None
    return None
