"""Whether a near spelling of a Chinese town's name is another Chinese name, not a typo.

Chinese towns are romanised syllable by syllable (Hanyu Pinyin), and one letter tells two
syllables apart: "Xiegang" (谢岗) is no misspelt "Xigang" (西岗), "Xiezhou" no "Xizhou". A text
that splits wholly into Pinyin syllables, and differs from the name of the town of China, Taiwan,
Hong Kong or Macau it is a near spelling of, names another town the index may lack: no guess is
made (NOT_FOUND), as for short names (:func:`mapsnb_sandbox.world.resolver.other_name`).

Japan's towns are romanised mora by mora (Hepburn) alike: "Takanezawa" is no misspelt Takanawa
(:func:`other_romaji_name`; a long vowel written single or double is the same name).

The syllables are those of Standard Chinese (the Pinyin table, without tones; ``v`` for ``ü``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.qualifiers import Qualifiers
from mapsnb_sandbox.world.resolved import Resolved

__all__ = [
    "common_pinyin_town",
    "county_seat",
    "letters_key",
    "other_pinyin_name",
    "other_romaji_name",
    "pinyin_words",
    "romaji_words",
    "unindexed_county",
]

#: Countries whose towns the index names in Pinyin (or Wade-Giles, whose syllables mostly read so).
PINYIN_COUNTRIES = frozenset({"CN", "TW", "HK", "MO"})
_SYLLABLES = """
a o e ai ei ao ou an en ang eng er yi ya ye yao you yan yin yang ying yong wu wa wo wai wei wan
wen wang weng yu yue yuan yun ba bo bai bei bao ban ben bang beng bi bie biao bian bin bing bu
pa po pai pei pao pou pan pen pang peng pi pie piao pian pin ping pu ma mo me mai mei mao mou man
men mang meng mi mie miao miu mian min ming mu fa fo fei fou fan fen fang feng fu da de dai dei
dao dou dan den dang deng dong di die diao diu dian ding du duo dui duan dun ta te tai tao tou tan
tang teng tong ti tie tiao tian ting tu tuo tui tuan tun na ne nai nei nao nou nan nen nang neng
nong ni nie niao niu nian nin niang ning nu nuo nuan nv nve la le lai lei lao lou lan lang leng
long li lia lie liao liu lian lin liang ling lu luo luan lun lv lve ga ge gai gei gao gou gan gen
gang geng gong gu gua guo guai gui guan gun guang ka ke kai kei kao kou kan ken kang keng kong ku
kua kuo kuai kui kuan kun kuang ha he hai hei hao hou han hen hang heng hong hu hua huo huai hui
huan hun huang ji jia jie jiao jiu jian jin jiang jing jiong ju jue juan jun qi qia qie qiao qiu
qian qin qiang qing qiong qu que quan qun xi xia xie xiao xiu xian xin xiang xing xiong xu xue
xuan xun zha zhe zhi zhai zhei zhao zhou zhan zhen zhang zheng zhong zhu zhua zhuo zhuai zhui
zhuan zhun zhuang cha che chi chai chao chou chan chen chang cheng chong chu chua chuo chuai chui
chuan chun chuang sha she shi shai shei shao shou shan shen shang sheng shu shua shuo shuai shui
shuan shun shuang re ri rao rou ran ren rang reng rong ru ruo rui ruan run za ze zi zai zei zao
zou zan zen zang zeng zong zu zuo zui zuan zun ca ce ci cai cao cou can cen cang ceng cong cu cuo
cui cuan cun sa se si sai sao sou san sen sang seng song su suo sui suan sun
"""
SYLLABLES = frozenset(_SYLLABLES.split())
_LONGEST = max(len(s) for s in SYLLABLES)


@functools.cache
def _splits(word: str) -> bool:
    """Whether ``word`` (folded letters) is a run of Pinyin syllables."""
    if not word:
        return True
    return any(
        word[:k] in SYLLABLES and _splits(word[k:]) for k in range(1, min(_LONGEST, len(word)) + 1)
    )


def pinyin_words(text: str) -> bool:
    """Whether every word of ``text`` (folded; apostrophes and hyphens part syllables) is a run
    of Pinyin syllables ("Xiegang", "Qing'an", "Dong-Xing")."""
    words = fold(text).replace("-", " ").replace("'", " ").split()
    return bool(words) and all(w.isascii() and w.isalpha() and _splits(w) for w in words)


def other_pinyin_name(text: str, town: Resolved) -> bool:
    """Whether ``text``, a near spelling of ``town``'s name, is rather another Chinese name: the
    town is Chinese, and the text, not its name, splits wholly into Pinyin syllables."""
    if town.country_code not in PINYIN_COUNTRIES or fold(text) == fold(town.name):
        return False
    return pinyin_words(text)


#: The morae of Japanese written in Hepburn romanisation (what GeoNames and road signs use for
#: Japan's towns): a vowel, a consonant and a vowel, the contracted ``kya``-rows, and syllabic
#: ``n``; a doubled consonant (``kk``, ``tt``, ``ss``, ``pp``, ``tch``) is a mora of its own.
_MORAE = frozenset(
    [*"aiueo", "n", "shi", "chi", "tsu", "fu", "ji", "wa", "wo", "ya", "yu", "yo"]
    + [
        c + v
        for c in "kgsztdnhbpmr"
        for v in "aiueo"
        if c + v not in ("si", "ti", "tu", "hu", "zi", "di", "du")
    ]
    + [c + "y" + v for c in ("k", "g", "n", "h", "b", "p", "m", "r") for v in "auo"]
    + [c + v for c in ("sh", "ch", "j") for v in "auo"]
)
_GEMINATES = frozenset({"kk", "tt", "ss", "pp", "tc"})


@functools.cache
def _morae(word: str) -> bool:
    """Whether ``word`` (folded letters) is a run of Hepburn morae."""
    if not word:
        return True
    doubled = word[:2] in _GEMINATES or (word[0] == "m" and word[1:2] in ("b", "m", "p"))
    if doubled and _morae(word[1:]):
        return True  # a doubled consonant, or syllabic n written m ("Tamba", "Semboku")
    return any(word[:k] in _MORAE and _morae(word[k:]) for k in range(1, min(3, len(word)) + 1))


def romaji_words(text: str) -> bool:
    """Whether every word of ``text`` (folded; hyphens part words) is a run of Hepburn morae
    ("Takanezawa", "Ōsaka", "Tamba"; not "Hiroshma")."""
    words = fold(text).replace("-", " ").split()
    return bool(words) and all(w.isascii() and w.isalpha() and _morae(w) for w in words)


def other_romaji_name(text: str, town: Resolved) -> bool:
    """Whether ``text``, a near spelling of Japanese town ``town``'s name, is rather another
    Japanese name: both split wholly into Hepburn morae and differ ("Takanezawa", a town of
    Tochigi, is no misspelt Takanawa, Tokyo's district), as for Pinyin (:func:`other_pinyin_name`)."""
    if town.country_code != "JP" or _plain(text) == _plain(town.name):
        return False
    return romaji_words(text) and romaji_words(town.name)


def _plain(name: str) -> str:
    """``name`` folded as Hepburn is written loosely: long vowels single ("Nigata" of Niigata,
    "Tokyo" of Tōkyō, "Oosaka"), syllabic n as n ("Nihonmatsu" of Nihommatsu)."""
    key = re.sub(r"m(?=[bmp])", "n", fold(name).replace("-", "").replace(" ", ""))
    return re.sub(r"([aiueo])\1+", r"\1", key.replace("ou", "o").replace("oh", "o"))


#: A town of China smaller than this, named in Pinyin with at most its country, is no sure
#: answer (:func:`common_pinyin_town`).
COMMON_NAME_POPULATION = 50_000


def common_pinyin_town(head: str, c: City, q: Qualifiers) -> bool:
    """Whether town ``c`` of China, of under :data:`COMMON_NAME_POPULATION` people (or of no
    known number, GeoNames' 0), is named by ``head``, a Pinyin name, with no qualifier narrower
    than the country (``q``): Pinyin drops the tones and characters that tell China's towns
    apart, and the index holds only some of them (towns of 1,000+ and seats): 29 % of its
    3,671 Chinese towns under 50,000 share their name with another Chinese town of it (US
    41 %, Germany 9 %, India 9 %), 44 % are of no known number. "Wutong, China" is one of
    several Wutongs (LOW; a search lists nothing); "Xinshi, Chongqing Shi" is sure."""
    if c.cc != "CN" or c.population >= COMMON_NAME_POPULATION:
        return False
    return not (q.states or q.cities or q.regions) and pinyin_words(head)


_COUNTIES = Path(__file__).resolve().parents[2] / "data" / "cn_counties.tsv"
#: A county's seat this near a town of its name is that town (the index holds the county).
COUNTY_KM = 50
#: A town this big is meant over a county of its name ("Taian": Shandong's Tai'an of 1.7
#: million, not Liaoning's Taian county).
COUNTY_OVER = 1_000_000
#: What a county of China weighs (people): its 1,412 million people (2020 census) in its 2,844
#: county-level divisions (National Bureau of Statistics, end of 2020), some 500,000 each.
COUNTY_PEOPLE = 500_000


@functools.cache
def _counties() -> dict[str, list[tuple[str, float, float]]]:
    """``data/cn_counties.tsv`` (``tools/build_cn_counties.py``, cpca's divisions): China's
    county-level cities, counties and banners (``"c"``) and prefecture-level cities (``"p"``),
    Pinyin name -> their levels and seats' points."""
    out: dict[str, list[tuple[str, float, float]]] = {}
    for line in _COUNTIES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, kind, lat, lng, _ = line.split("\t")
            out.setdefault(name, []).append((kind, float(lat), float(lng)))
    return out


def unindexed_county(head: str, c: City, q: Qualifiers, towns: list[City]) -> bool:
    """Whether ``head``, a Pinyin name with no qualifier narrower than a country (``q``: none,
    or China), names a county of China (:func:`_counties`) 50+ km from town ``c`` that the index
    lacks: no town of ``towns`` (those the name names) lies within :data:`COUNTY_KM` of its
    seat. Pinyin writes China's 1,678 county-level cities, counties and banners, of some
    hundred thousand people each, and ``cities1000`` names some of them only by their seat's
    town ("Yidu": Hubei's county-level city, which ``cities1000`` holds as Zhicheng; the Yidu
    it holds lies in Shandong); the town found is then no sure answer
    ("Jurong": Singapore's Jurong, or Jiangsu's; "Houma": Louisiana's, or Shanxi's)."""
    if c.population >= COUNTY_OVER or q.states or q.cities or q.regions:
        return False
    if q.ccs and q.ccs != {"CN"}:
        return False
    key = fold(head).replace("-", "").replace("'", "").replace(" ", "")
    seats = _counties().get(key, []) if pinyin_words(head) else []
    if any(kind == "p" and _km(lat, lng, c) < COUNTY_KM for kind, lat, lng in seats):
        return False  # "Suining": Sichuan's prefecture-level city, over counties of its name
    return any(
        kind == "c"
        and _km(lat, lng, c) >= COUNTY_KM
        and all(_km(lat, lng, t) >= COUNTY_KM for t in towns)
        for kind, lat, lng in seats
    )


def letters_key(name: str) -> str:
    """Folded ``name`` in its letters only, as :func:`county_seat` looks a county up
    ("Tai'an", "Tai-an": "taian")."""
    return "".join(ch for ch in fold(name) if ch.isalpha())


def county_seat(key: str, c: City) -> bool:
    """Whether town ``c`` is the seat of a county or prefecture-level city of China whose
    Pinyin name is ``key`` (:func:`letters_key`): within :data:`COUNTY_KM` of its seat."""
    return any(_km(lat, lng, c) < COUNTY_KM for _, lat, lng in _counties().get(key, []))


def _km(lat: float, lng: float, c: City) -> float:
    return haversine_m(lat, lng, c.lat, c.lng) / 1000
