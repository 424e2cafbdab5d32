"""Latin names of Japan's volcanoes for ``tools/build_volcanoes.py``: OpenStreetMap names them in
kanji ("浅間山", "霧島山"), English in Hepburn romaji ("Asamayama", "Kirishimayama", "Mount
Kirishima"). Kanji have no reading of their own, so the reading comes from the Geospatial
Information Authority of Japan's list of the country's main mountains (国土地理院「日本の主な山岳
一覧」, 1,059 summits with their kana, as github.com/kagura2718/JapanMountain transcribes it:
``JapanMountain.json``, commit ``5bf84a03``; GSI content terms of use, compatible with CC BY 4.0;
the transcription CC0); a name in kana alone ("カムイヌプリ") is read as written. The
Smithsonian's list (the fourth landmark holdout's truth) is not read.

A kanji name takes the reading of the list's mountain of that name (its main name or the peak's
name in brackets: "霧島山<韓国岳>" is Kirishimayama and Karakunidake) within :data:`NEAR_KM` of
the volcano, unless the list holds the name at two places :data:`APART_KM` apart ("駒ヶ岳",
"焼山": which one is meant, a Latin name does not say). Romaji as English writes it
(simplified Hepburn, no long vowels: "ちょうかいざん" Chokaizan, "くじゅうさん" Kujusan), a
"-zan" end also as "-san" and the other way round (Chokaisan, Zaozan: English writes both), and a name ending in 山 or 岳 also as "Mount <stem>"
("Mount Aso", "Mount Unzen", "Mount Asama")."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

#: The farthest (km) a volcano of OSM lies from the list's summit of its name.
NEAR_KM = 15.0
#: A name the list holds at two places this far apart (km) has no one reading's place.
APART_KM = 50.0
#: Name -> the GSI list's readings (kana) and points of the mountains that bear it.
Readings = dict[str, list[tuple[str, float, float]]]

_GOJUON = dict(
    zip(
        "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
        "がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽぁぃぅぇぉゔ",
        ["a", "i", "u", "e", "o", "ka", "ki", "ku", "ke", "ko", "sa", "shi", "su", "se", "so",
         "ta", "chi", "tsu", "te", "to", "na", "ni", "nu", "ne", "no", "ha", "hi", "fu", "he",
         "ho", "ma", "mi", "mu", "me", "mo", "ya", "yu", "yo", "ra", "ri", "ru", "re", "ro", "wa",
         "o", "n", "ga", "gi", "gu", "ge", "go", "za", "ji", "zu", "ze", "zo", "da", "ji", "zu",
         "de", "do", "ba", "bi", "bu", "be", "bo", "pa", "pi", "pu", "pe", "po", "a", "i", "u",
         "e", "o", "vu"],
        strict=True,
    )
)  # fmt: skip
#: A small ya, yu, yo after an i-column kana: "ちょう" cho, "しゅ" shu, "りゅう" ryu.
_SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}
_KANA = re.compile(r"^[\u3041-\u309f\u30a1-\u30ffー・]+$")


def hiragana(text: str) -> str:
    """``text`` with its katakana as hiragana ("カムイヌプリ" かむいぬぷり)."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def romaji(kana: str) -> str:
    """Simplified Hepburn of ``kana``, capitalised: "あさまやま" Asamayama, "ちょうかいざん"
    Chokaizan (long vowels "ou", "oo", "uu" as one), "っ" doubling the next consonant."""
    out: list[str] = []
    double = False
    for c in hiragana(kana).replace("・", " "):
        if c == "っ":
            double = True
            continue
        if c in _SMALL_Y and out and out[-1].endswith("i") and len(out[-1]) > 1:
            prev = out.pop()
            head = (
                prev[:-1] if prev[-2] in "hj" or prev in ("chi", "shi", "ji") else prev[:-1] + "y"
            )
            out.append(head + _SMALL_Y[c])
        elif c in _GOJUON or c == " ":
            syl = _GOJUON.get(c, c)
            out.append(("t" if syl.startswith("ch") else syl[0]) + syl if double else syl)
        double = False
    text = re.sub(r"ou|oo", "o", re.sub(r"uu", "u", "".join(out).replace("ー", "")))
    return " ".join(w[:1].upper() + w[1:] for w in text.split())


def _split(value: str) -> tuple[str, str | None]:
    main, _, peak = value.partition("<")
    return main.strip(), (peak.rstrip(">").strip() or None)


def read_mountains(path: Path) -> Readings:
    """Name (the main one and the peak's) -> its readings and points in the GSI list."""
    out: Readings = {}
    for m in json.loads(path.read_text(encoding="utf-8"))["data"]:
        for entry in m.get("nameMap") or [{"name": m["name"], "kana": m["kana"]}]:
            names, kanas = _split(entry["name"]), _split(entry["kana"])
            for name, kana in zip(names, kanas, strict=True):
                if name and kana:
                    out.setdefault(name, []).append((kana, float(m["lat"]), float(m["lng"])))
    return out


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    dy = math.radians(b[0] - a[0])
    dx = math.radians(b[1] - a[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    return 6371.0 * math.hypot(dx, dy)


def reading(name: str, lat: float, lng: float, gsi: Readings) -> str | None:
    """The kana of ``name`` at ``lat, lng``: as written when kana, else the GSI list's (see the
    module docstring), else ``None``."""
    if _KANA.match(name):
        return name
    found = gsi.get(name, [])
    if any(_km(a[1:], b[1:]) >= APART_KM for a in found for b in found):
        return None  # "駒ヶ岳": several mountains' name
    near = [k for k, la, ln in found if _km((lat, lng), (la, ln)) <= NEAR_KM]
    return near[0] if near else None


#: Kanji ends that say "mountain" and their readings: the stem is the mountain's own name.
_MOUNT_END = re.compile(r"[山岳嶽]$")
_MOUNT_READING = re.compile(r"(さん|ざん|やま|だけ|たけ|せん)$")
#: The fewest letters of a stem read with "Mount" ("Mount Aso").
_STEM_LETTERS = 3


def japanese_forms(name: str, lat: float, lng: float, gsi: Readings) -> list[str]:
    """The Latin names of a volcano OSM names ``name`` (see the module docstring)."""
    kana = reading(name, lat, lng, gsi)
    if kana is None:
        return []
    forms = [romaji(kana)]
    for end, other in (("ざん", "さん"), ("さん", "ざん")):
        if kana.endswith(end):  # "Chokaizan", "Chokaisan"; "Zaosan", "Zaozan"
            forms.append(romaji(kana[: -len(end)] + other))
    m = _MOUNT_READING.search(kana) if _MOUNT_END.search(name) else None
    stem = romaji(kana[: m.start()]) if m else ""
    if len(stem) >= _STEM_LETTERS:
        forms.append(f"Mount {stem}")  # "Mount Aso", "Mount Kirishima"; not "Mount O" (大岳)
    return [f for f in dict.fromkeys(forms) if f]
