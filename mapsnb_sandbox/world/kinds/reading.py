"""A kind and a place in a query, in any supported language and script:
:func:`split_kind_and_place` finds a kind in CJK, Thai and Hangul inside words, in Arabic and
Hebrew less their prefixes, and in inflected forms by a shared stem; what is left is the place."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from mapsnb_sandbox.world.kinds.composed import composed_code, compound_code
from mapsnb_sandbox.world.kinds.table import (
    AR_PREFIXES,
    HE_PREFIXES,
    MAX_WORDS,
    NO_SPACE,
    find_category,
    kind_heads,
    kind_key,
    kind_qualities,
    kind_table,
    quality_table,
    unprefixed,
)
from mapsnb_sandbox.world.kinds.words import (
    a_place,
    a_town,
    foreign_fold,
    glued_cuts,
    head_word,
    own_form_code,
    stem_code,
    town_then_kind,
    wide_names,
)
from mapsnb_sandbox.world.landmarks import AROUND, fold
from mapsnb_sandbox.world.named_towns import plain_line
from mapsnb_sandbox.world.names.islands import island_prepositions

__all__ = [
    "kind_and_town",
    "kind_named",
    "qualifies_kind",
    "split_kind_and_place",
    "trim_place",
    "unqualified_after",
    "unqualified_before",
]


#: Words between a kind and a place ("in", "near", "的", "में", "در" ...), stripped at the
#: place's ends once the kind is cut out of the query.
_CONNECTOR_WORDS = (
    "in near nearby around at by close to next the of en em no na a à au aux dans près de "
    "bei nahe um am zum zur beim vicino presso al alla allo alle ai agli w we koło obok przy в во около рядом с возле у біля поблизу "
    "коло на bij nabij rond nära vid på i στο στη στην στον σε κοντά în din lângă aproape "
    "v ve u poblíž blízko ở tại gần quanh khu vực trong di dekat sekitar kota katika mjini "
    "jijini nchini karibu huko ya la wa في قرب بالقرب من بجانب حول در نزدیک اطراف حوالی ها های "
    "میں کے قریب پاس में के पास नज़दीक नजदीक की का ליד באזור קרוב ใน ที่ ใกล้ แถว ย่าน 근처 "
    "주변 에서 의 近く 周辺 付近 附近 周边 周围 yakınında civarında yakını yakın içinde kaçin "
    "yakınındaki civarındaki çevresinde çevresindeki yakınlarında yakınlarındaki etrafında "
    "etrafındaki कहाँ where find best cheap"
)
#: Particles glued to a place in scripts without spaces ("北京的", "東京の", "서울에서").
_GLUED_AFTER = (
    "附近的", "周边的", "周围的", "里的", "市内的", "的", "附近", "周边", "周围", "市内",
    "近くの", "周辺の", "付近の", "にある", "の", "で", "駅前", "에서", "에", "의", "근처",
    "주변",
)  # fmt: skip
_GLUED_BEFORE = ("在", "位于", "去", "ใน", "ที่", "ใกล้", "แถว")


@functools.cache
def _connectors() -> frozenset[str]:
    """The connector words, and the words of the prepositions before an island's name
    (``data/query_words.json``'s ``island_prepositions``: "auf Mallorca", "op Texel")."""
    isle = [w for p in island_prepositions() for w in p.split()]
    return frozenset(kind_key(w) for w in [*_CONNECTOR_WORDS.split(), *isle])


def trim_place(words: list[str]) -> str | None:
    """The place in ``words`` left of a kind: without the connector words at its ends ("de Lota"
    -> "Lota", "in der Nähe von Bonn" -> "Bonn"; a name's article stays: "La Paz") and particles
    glued to it ("東京の")."""
    return _trim(words)


def _name_article(words: list[str]) -> bool:
    """Whether ``words`` open with a capitalised connector before a capitalised word: the
    article of a name ("La Paz", "Le Havre", "The Hague"), not a preposition before it."""
    return (
        len(words) > 1
        and words[0][:1].isupper()
        and words[0][1:].islower()
        and words[1][:1].isupper()
    )


#: A Hebrew or Arabic one-letter prefix (or article) glued to a name in Latin letters
#: ("בSan Felipe", "بLondon"): the prefix is no part of the name.
_GLUED_PREFIX = re.compile(
    "^(?:" + "|".join(sorted({*HE_PREFIXES, *AR_PREFIXES}, key=len, reverse=True)) + ")"
    r"(?=[A-Za-z\u00c0-\u024f])"
)


def _trim(words: list[str], *, articles: bool = True) -> str | None:
    """The place among ``words``: connectors at both ends stripped (not a name's article,
    with ``articles``: a text not in title case), a prefix glued to a Latin name cut, a
    particle glued in a script without spaces cut."""
    past = False  # past a connector, a capitalised word of a text not in title case is a
    while (  # name, whatever it folds to: "ramen in Nara" ("nära" is Swedish for "near")
        words
        and _connector(words[0], named=articles and (past or len(words) == 1))
        and not (articles and _name_article(words))
    ):
        words, past = words[1:], True
    while words and _connector(words[-1], named=articles):
        words = words[:-1]
    if words:
        words = [_GLUED_PREFIX.sub("", words[0]), *words[1:]]
    text = " ".join(words).strip(" ,?!.:;、，。？！")
    for _ in range(2):  # "プエブラの近くの": "近くの", then "の"
        text = _unglued(text)
    for before in _GLUED_BEFORE:
        if text.startswith(before) and len(text) > len(before) + 1:
            text = text[len(before) :]
    return text.strip() or None


def _unglued(text: str) -> str:
    """``text`` less the particle glued at its end ("東京の", "北京的"): none when it is a
    place's whole name ("벨기에", Belgium, whose "에" is no particle); the particle whose rest
    names a place ("马里的": "马里", Mali, not "马" of "里的")."""
    if a_place(text):
        return text
    ends = [text[: -len(a)] for a in _GLUED_AFTER if text.endswith(a) and len(text) > len(a)]
    return next((t for t in ends if a_place(t)), ends[0] if ends else text)


def _place_cut(token: str) -> tuple[int, int, int] | None:
    """The kind inside ``token`` (a script without spaces) that ends it, these scripts' nouns
    being head-final ("弗吉尼亚海滩面包店", a bakery of Virginia Beach, no beach; "北京公园酒店"),
    else whose text before it names a place ("バングラデシュのホテル": the hotel, not "バング"
    at its start; "東ティモールのホテル": not the "モール" of Timor), else the longest (the
    leftmost of the longest)."""
    cuts = glued_cuts(token)
    head = [c for c in cuts if c[2] == len(token)]  # head-final: "…海滩面包店", a bakery
    if head:
        code, start, end = max(head, key=lambda c: c[2] - c[1])
        for c in sorted(cuts, key=lambda c: -c[1]):  # a kind it overlaps is its modifier:
            if c[1] < start < c[2]:  # "常州汽车站", "汽车" + "车站": the station of "汽车站"
                start = c[1]
        return code, start, end
    placed = [c for c in cuts if c[1] and a_place(_unglued(token[: c[1]]))]
    return max(placed or cuts, key=lambda c: c[2] - c[1], default=None)


def _connector(word: str, *, named: bool) -> bool:
    """Whether ``word`` is a connector of a query's place part (not a capitalised ``named`` one)."""
    return kind_key(word) in _connectors() and not (named and word[:1].isupper())


_SEPARATORS = re.compile(r"([\s,،?!.:;、，。？！\u200c]+)")


def _tokens(text: str) -> list[str]:
    """The words of ``text``; a word before a comma keeps one ("Concepcion," of "La Concepcion,
    Panama"), so the place left of a kind keeps its qualifier."""
    parts = _SEPARATORS.split(text)
    out: list[str] = []
    for k in range(0, len(parts), 2):
        if not parts[k]:
            continue
        comma = k + 1 < len(parts) and any(c in parts[k + 1] for c in ",،，、")
        out.append(parts[k] + "," if comma else parts[k])
    return out


#: Greek and Cyrillic capitals that look like Latin ones (Unicode's confusables, UTS #39).
_LOOKALIKES = str.maketrans("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧАВЕКМНОРСТУХ", "ABEZHIKMNOPTYXABEKMHOPCTYX")


def _key(token: str) -> str:
    """``token``'s key for a kind's name; a word of Greek or Cyrillic capitals that all look
    like Latin ones is read as the Latin word where that is a kind's name ("ΑΤΜ": ATM)."""
    key = kind_key(token)
    latin = token.translate(_LOOKALIKES)
    if len(token) < 2 or not token.isupper() or not latin.isascii():
        return key
    return kind_key(latin) if kind_key(latin) in wide_names().every_phrase else key


def split_kind_and_place(text: str) -> tuple[int, str | None] | None:
    """The kind a query names in any language and what is left of it as the place:
    ``"药店 北京"``, ``"北京的药店"`` -> (pharmacy, "北京"); ``"दिल्ली में दवा की दुकान"`` ->
    (pharmacy, "दिल्ली"); ``"الصيدليات في القاهرة"`` -> (pharmacy, "القاهرة").
    ``None`` when no kind is named."""
    tokens = _tokens(text)
    keys = [_key(t) for t in tokens]
    best: tuple[int, int, int] | None = None  # (code, first, end): most words, then leftmost
    titled = all(t[:1].isupper() for t in tokens if t[:1].isalpha())  # "Hotels In X"
    joined = _joined_parts(text)
    for i in _kind_starts(tokens, titled=titled):  # whole words
        for n in range(min(MAX_WORDS, len(tokens) - i), 0, -1):
            if best is not None and n <= best[2] - best[1]:
                break
            code = _span_code(tokens, keys, (i, i + n), titled=titled, joined=joined)
            if code is None:
                continue
            start = _head_start(keys, i)  # "בית מלון": the hotel, not a place "בית"
            code, start, end = _beside_kinds(tokens, keys, (code, start, i + n))
            if _one_side(unqualified_before(tokens[:start]), unqualified_after(tokens[end:])):
                best = (code, start, end)
    if best is not None:
        code, i, j = best
        articles = not titled
        after = unqualified_after(tokens[j:])
        return code, _trim(unqualified_before(tokens[:i]), articles=articles) or _unmodified(
            after, _trim(after, articles=articles)
        )
    for i, token in enumerate(tokens):  # inside a word of a script without spaces
        if NO_SPACE.search(token) and not a_town(token):  # "マラボ" (Malabo): no "ラボ" (lab)
            cut = town_then_kind(token) or _place_cut(token)
            if cut is not None:
                code, a, b = cut
                head, tail = _glued_unqualified(token[:a]), token[b:]
                before = [*tokens[:i], head] if head else tokens[:i]
                after = [tail, *tokens[i + 1 :]] if tail else tokens[i + 1 :]
                return code, _trim(unqualified_before(before)) or _trim(unqualified_after(after))
    for i, key in enumerate(keys):  # an inflected form
        word = key if stem_code(key) is not None else unprefixed(key)  # "מוזיאונים": no מ-
        if " " not in word and len(word) >= 5 and not NO_SPACE.search(word):
            code = stem_code(word)
            before, after = unqualified_before(tokens[:i]), unqualified_after(tokens[i + 1 :])
            if code is not None and _one_side(before, after):
                return code, _trim(before) or _trim(after)
    return None


def _unmodified(after: list[str], place: str | None) -> str | None:
    """``place``, read in the words ``after`` a kind, less the lower-case words that open it
    where the capitalised rest is a town's whole name and ``place`` is none: words that qualify
    the kind after it, as head-first languages put them ("bệnh viện đa khoa Huế", a general
    hospital in Huế; "nhà thuốc tây Hà Nội"); not words after a connector, more of the kind's
    name ("agência de correios Porto": no travel agency of "correios")."""
    if not after or _connector(after[0], named=False):
        return place
    words = (place or "").split()
    k = next((n for n, w in enumerate(words) if not w.islower()), len(words))
    if not 0 < k < len(words) or a_town(" ".join(words)):
        return place
    rest = " ".join(words[k:])
    return rest if words[k][:1].isupper() and a_town(rest) else place


def _span_code(
    tokens: list[str],
    keys: list[str],
    span: tuple[int, int],
    *,
    titled: bool,
    joined: frozenset[int],
) -> int | None:
    """The kind the words of ``span`` name: a name's words, an English plural, or words of a
    kind's names put together (:func:`_composed`)."""
    a, b = span
    code = _phrase_code(keys[a:b])
    if code is None:
        code = _plural_code(tokens[a:b], keys[a:b])
    if code is None:
        code = _composed(tokens, keys, span, titled=titled, joined=joined)
    return code


def _joined_parts(text: str) -> frozenset[int]:
    """Indices of the tokens of ``text`` (:func:`_tokens`) glued to the word before them by a
    zero-width non-joiner alone: a Persian word's suffix ("سوخت‌گیری")."""
    parts = [p for p in _SEPARATORS.split(text)]
    out, k = set(), -1
    for j in range(0, len(parts), 2):
        if parts[j]:
            k += 1
            if j and parts[j - 1] == "\u200c" and k:
                out.add(k)
    return frozenset(out)


def _composed(
    tokens: list[str],
    keys: list[str],
    span: tuple[int, int],
    *,
    titled: bool,
    joined: frozenset[int],
) -> int | None:
    """The kind the words of ``span`` name put together (:mod:`.composed`: "محطة بنزين",
    "posto de abastecimento", "bensinmack"), typed in lower case (the first word of a query not
    in title case aside) and crossing no town's name ("hoteles nuevo laredo"); else less the suffixes glued
    by a zero-width non-joiner ("ایستگاه سوخت‌گیری")."""
    a, b = span
    if not _lower(tokens[a + 1 : b]) or ((a > 0 or titled) and not _lower(tokens[a : a + 1])):
        return None  # "Tha Mai", "Station Road": a name's capitals
    if b - a == 1:
        return None if a_town(tokens[a]) else compound_code(keys[a])
    if _connector(tokens[a], named=False) or _connector(tokens[b - 1], named=False):
        return None
    if any(
        _town_across(tokens, span, k) or _town_beside(tokens, keys, span, k)
        for k in range(a + 1, b)
    ):
        return None
    code = composed_code(" ".join(keys[a:b]).split())
    if code is None and not joined.isdisjoint(range(a + 1, b)):
        words = [keys[k] for k in range(a, b) if k == a or k not in joined]
        code = composed_code(" ".join(words).split())
    return code


def _town_across(tokens: list[str], span: tuple[int, int], cut: int) -> bool:
    """Whether a town's name runs from inside ``span`` at ``cut`` past its end, or from before
    it (or from its capitalised first word) to ``cut`` ("hoteles nuevo laredo": "nuevo laredo"
    is a town, no "hoteles nuevo"; "Porto parque": Porto's park, no kind "porto parque")."""
    a, b = span
    return (b < len(tokens) and a_town(" ".join(tokens[cut:]))) or (
        (a > 0 or tokens[a][:1].isupper()) and a_town(" ".join(tokens[:cut]))
    )


def _town_beside(tokens: list[str], keys: list[str], span: tuple[int, int], cut: int) -> bool:
    """Whether ``span`` cut at ``cut`` is a kind's name and a town's ("hotel porto": a hotel in
    Porto, no kind "hotel porto"), either way round."""
    a, b = span
    return (a_town(" ".join(tokens[cut:b])) and _phrase_code(keys[a:cut]) is not None) or (
        a_town(" ".join(tokens[a:cut])) and _phrase_code(keys[cut:b]) is not None
    )


def _kind_starts(tokens: list[str], *, titled: bool) -> list[int]:
    """Where a kind's words may start: not at a capitalised word after a preposition in a text
    not in title case, a name ("hotely v Číně": China, not "cine", a cinema)."""
    return [
        i for i, t in enumerate(tokens)
        if titled or not (i and t[:1].isupper() and _connector(tokens[i - 1], named=False))
    ]  # fmt: skip


def _phrase_code(keys: list[str]) -> int | None:
    """The kind the words ``keys`` name, also less a prefix of the first ("הבנק") or with
    another form of a head that opens them ("בתי מרקחת", pharmacies: "בית מרקחת";
    :func:`.words.head_word`: "σταθμοί λεωφορείων"); an
    inflected form of a name in the query's language ("museer"); not a name of another
    language whose marks were dropped (:func:`.words.foreign_fold`: Italian "gara")."""
    by_phrase = wide_names().every_phrase
    firsts = [keys[0], unprefixed(keys[0])]
    if len(keys) > 1:  # "σταθμοί λεωφορείων": the head's form in the query's language
        firsts += [*kind_heads().get(keys[0], ()), head_word(keys[0]) or keys[0]]
    for first in firsts:
        phrase = " ".join([first, *keys[1:]])
        code = by_phrase.get(phrase)
        if code is not None and not foreign_fold(phrase):
            return code
    return own_form_code(" ".join(keys))


def _english_singular(word: str) -> str | None:
    """An English plural's singular by the regular endings ("shops" -> "shop", "bakeries" ->
    "bakery", "churches" -> "church"); ``None`` for a word that is none."""
    if not word.isascii() or len(word) < 5 or not word.endswith("s") or word.endswith("ss"):
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-2] if word.endswith(("ches", "shes", "xes", "sses")) else word[:-1]


def _plural_code(tokens: list[str], keys: list[str]) -> int | None:
    """The kind of an English name the words are the plural of, which the names lack ("bottle
    shops", "dairies"), unless the last word is a town's name ("Lagos"); a word of another
    language is no English singular ("boots": no Dutch "boot", boat)."""
    singular = _english_singular(keys[-1])
    phrase = " ".join([*keys[:-1], singular or ""])
    if singular is None or phrase not in kind_table().english or a_town(tokens[-1]):
        return None
    return _phrase_code([*keys[:-1], singular])


def _beside_kinds(
    tokens: list[str], keys: list[str], found: tuple[int, int, int]
) -> tuple[int, int, int]:
    """``found`` (code, first word, end) widened over the uncapitalised names of kinds right
    beside it, one kind named by two ("ایستگاه راه‌آهن", station + railway; "bến xe buýt"):
    the kind of the name of more words; none where both are as long ("متجر بقالة")."""
    code, start, end = found
    words = end - start
    for step in (-1, 1):
        while True:
            for n in (3, 2, 1):
                a, b = (start - n, start) if step < 0 else (end, end + n)
                if (
                    a < 0
                    or b > len(keys)
                    or not _lower(tokens[a:b])
                    or a_town(" ".join(tokens[a:b]))
                ):
                    continue
                other = _phrase_code(keys[a:b])
                if other is not None and n != words:  # two names as long: no telling which
                    code, words = (other, n) if n > words else (code, words)
                    start, end = min(start, a), max(end, b)
                    break
            else:
                break
    return code, start, end


def _head_start(keys: list[str], i: int) -> int:
    """Where a kind's name starting at word ``i`` begins with the words before it that open a
    kind's name (:func:`.table.kind_heads`): "בתי מלון" (hotels) starts at "בתי"."""
    while i > 0 and keys[i - 1] in kind_heads():
        i -= 1
    return i


@functools.cache
def _glued_qualities() -> tuple[str, ...]:
    """The qualities of scripts without spaces ("安い", "便宜的", "저렴한"), longest first: glued
    before a kind ("東京の安いホテル")."""
    glued = {w for w in quality_table() if NO_SPACE.search(w)}
    return tuple(sorted(glued, key=len, reverse=True))


#: The most words of one phrase that qualifies a kind ("24 saat açık").
_QUALITY_WORDS = 4


def _quality_at(keys: list[str], i: int) -> int:
    """How many words of ``keys`` from ``i`` one quality phrase covers (0: none)."""
    for n in range(min(_QUALITY_WORDS, len(keys) - i), 0, -1):
        if tuple(keys[i : i + n]) in kind_qualities():
            return n
    return 0


def qualifies_kind(words: list[str]) -> bool:
    """Whether ``words`` are all phrases that qualify a kind, not a town ("best", "late night",
    "pas cher")."""
    keys = kind_key(" ".join(words)).split()
    i = 0
    while i < len(keys):
        n = _quality_at(keys, i)
        if n == 0:
            return False
        i += n
    return bool(keys)


def unqualified_before(before: list[str]) -> list[str]:
    """The words before a kind, none if they only qualify it ("best pizza Naples"), less the
    lower-case qualities that close them ("서울 저렴한 호텔", Seoul cheap hotel; "दिल्ली में सस्ते
    होटल") unless they end a town's name."""
    if qualifies_kind(before):
        return []
    for n in range(min(_QUALITY_WORDS, len(before) - 1), 0, -1):
        tail = before[-n:]
        if _lower(tail) and qualifies_kind(tail) and not a_town(" ".join(before)):
            return before[:-n]
    return before


def unqualified_after(after: list[str]) -> list[str]:
    """The words after a kind less the qualities that open them, as Romance and German queries
    put them ("hotel barato Madrid", "farmacia de guardia Madrid", "Apotheke geöffnet Berlin"),
    and less those that close them where the rest is a town ("pharmacy London open now"). A
    quality is typed in lower case: a capital begins a name ("pekárna New Rocafuerte", "hotel
    Best"); one that opens or closes a town's name stays ("hoteles nuevo laredo", "Porto
    Novo")."""
    lead = max((n for n in range(1, min(_QUALITY_WORDS, len(after)) + 1)
                if _lower(after[:n]) and qualifies_kind(after[:n])), default=0)  # fmt: skip
    if lead and not any(a_town(" ".join(after[:k])) for k in range(lead + 1, len(after) + 1)):
        after = after[lead:]
    for n in range(min(_QUALITY_WORDS, len(after) - 1), 0, -1):
        rest, tail = after[:-n], after[-n:]
        if _lower(tail) and qualifies_kind(tail) and a_town(" ".join(rest)):
            return rest if not a_town(" ".join(after)) else after
    return after


def _lower(words: list[str]) -> bool:
    """Whether no word of ``words`` begins with a capital."""
    return not any(w[:1].isupper() for w in words)


def _glued_unqualified(text: str) -> str:
    """``text`` less a quality glued at its end in a script without spaces ("東京の安い" ->
    "東京の")."""
    for quality in _glued_qualities():
        if text.endswith(quality):
            return text[: -len(quality)]
    return text


def _one_side(before: list[str], after: list[str]) -> bool:
    """Whether the words around a kind name one place on one side of it: a kind word inside a
    name ("Victoria Station London", "Grand Central Terminal New York") names no kind."""
    first, last = _trim(before), _trim(after)
    return not (first and last) and _one_place(first or last, particles=not first)


#: Lower-case particles inside a place's name between capitalised words ("Rio de Janeiro",
#: "Santa Cruz de la Sierra", "Reggio di Calabria"), though they are connectors elsewhere.
_NAME_PARTICLES = frozenset(["de", "la", "di", "du", "des", "do", "da", "del"])
#: Words joining the parts of a country's name, on either side of its kind ("Bosnia na
#: Hezegovina", "Jamhuri ya Dominika", "Antigua ve Barbuda'da", "Bosnië en Herzegovina").
_NAME_JOINS = frozenset(
    ["na", "ya", "wa", "ve", "y", "e", "i", "и", "і", "a", "en", "und", "och", "et", "and"]
)


def _one_place(place: str | None, *, particles: bool = False) -> bool:
    """Whether what is left names one place, not more of a query ("energy companies in Lyon");
    with ``particles`` (a place after its kind), a name's particles between its capitalised
    words do not count ("hotels in Rio de Janeiro"; not "Cueva de las Manos, Río Pinturas")."""
    words = plain_line(place or "").split()  # "centro de Sevilla": Sevilla, its centre
    named = len(words) > 2 and words[0][:1].isupper() and words[-1][:1].isupper()
    allowed = (_NAME_PARTICLES | _NAME_JOINS if particles else _NAME_JOINS) if named else ()
    return not any(kind_key(w) in _connectors() and w not in allowed for w in words[1:-1])


def _as_typed(text: str, words: list[str], picked: list[str]) -> list[str]:
    """The words of ``text`` as typed whose folded forms ``picked`` are, where its words and
    their folded forms ``words`` align (a capital is a name's: "Thành phố San Marino" names no
    kind of "thanh pho san"); else ``picked``."""
    typed = text.replace(",", " ").split()
    if len(typed) != len(words):
        return picked
    left = list(picked)
    out = []
    for raw, key in zip(typed, words, strict=True):
        if left and key == left[0]:
            out.append(raw)
            left.pop(0)
    return out if not left else picked


def kind_and_town(text: str, town: str | None, *, is_town: Callable[[str], bool]) -> bool:
    """Whether ``text`` is a name of town ``town`` (its own, or the place part a kind search
    reads: "Москвы", the kind then typed in lower case) and, before or after it, only a kind of
    place in any supported language ("museum Paris", "Berlin museum", "Museo Madrid", "art
    gallery London", "музеи Москвы"): a search for that kind in the town, not a landmark's name
    ("Museum of Fine Arts, Houston", "Art Gallery of Ontario", "Fitzwilliam Museum").
    ``is_town``: whether a text is a town's whole name or case form."""
    words = fold(text.replace(",", " ")).split()
    split = split_kind_and_place(text)
    if split is not None and split[1] is not None:
        typed = text.replace(split[1], "")  # the kind in lower case or an uncased script
        if not any(ch.isupper() for ch in typed) and is_town(split[1]):
            return True  # "музеи Москвы", "متحف في بغداد", "伦敦博物馆"; not "Лос-Лагос"
    own = fold(town or "").split()
    n = len(own)
    if not own or len(words) <= n:
        return False
    rest = words[n:] if words[:n] == own else words[:-n] if words[-n:] == own else None
    if rest is None:
        return False
    lower = all(not w[:1].isupper() for w in text.split() if fold(w) in rest)
    if not (lower or AROUND.isdisjoint(rest)):
        return False  # "Art Gallery of Ontario": a name, not galleries in Ontario
    kinds = [w for w in rest if w not in AROUND]  # "museo de Madrid"
    hit = find_category(" ".join(kinds))
    kind = split_kind_and_place(" ".join(_as_typed(text, words, kinds)))
    return (hit is not None and hit[2] - hit[1] == len(kinds)) or (
        kind is not None and kind[1] is None
    )


def kind_named(text: str) -> int | None:
    """Code of the kind ``text`` names in any supported language and script: the table's
    phrases (:func:`detect_category`), else :func:`split_kind_and_place` ("nhà hàng",
    "ガソリンスタンド", "benzin istasyonu"); what ``search_places`` and ``search_along_route``
    share."""
    hit = find_category(text)
    if hit is not None and hit[2] - hit[1] == len(fold(text).split()):
        return hit[0]  # the whole text is a kind of the table ("coffee shops")
    split = split_kind_and_place(text)  # the longest kind of any language ("trạm xăng")
    if split is not None:
        return split[0]
    return hit[0] if hit else None
