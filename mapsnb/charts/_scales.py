"""Category bands, colours and direction of the air-quality indexes and the pollen index.

One :class:`IndexScale` per index code the Air Quality API (and the built-in emulator) returns,
with the category ranges and colours published for that index. Charts draw the bands, colour the
dots and say which way is better from here; an index not listed falls back to the categories and
colours the data itself carries (:func:`scale_from_frame`). Pure data, no matplotlib.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SCALES", "UPI_COLORS", "UPI_LABELS", "Band", "IndexScale", "color_or", "scale_for"]

#: A colour as the frames write it (``#rrggbb``, optionally with alpha).
_HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?")
UNKNOWN_COLOR = "#9e9e9e"


def color_or(value: Any, fallback: str = UNKNOWN_COLOR) -> str:
    """``value`` when it is a ``#rrggbb`` colour, else ``fallback`` (an answer's odd colour)."""
    return value if isinstance(value, str) and _HEX_COLOR.fullmatch(value) else fallback


@dataclass(frozen=True)
class Band:
    """One category: values in ``[low, high]`` are ``label``, drawn in ``color``."""

    low: float
    high: float
    label: str
    color: str


@dataclass(frozen=True)
class IndexScale:
    """An index's categories, colours and direction.

    ``categorical`` scales take integer category numbers (ATMO 1–6, DAQI 1–10, …): their bands
    are centred on the integers and their ticks are integers. ``higher_is_better`` is ``None``
    when the direction is unknown.
    """

    code: str
    name: str
    bands: tuple[Band, ...]
    higher_is_better: bool | None = False
    categorical: bool = False

    @property
    def low(self) -> float:
        """The lowest value of the scale."""
        return min(b.low for b in self.bands)

    @property
    def high(self) -> float:
        """The highest value of the scale."""
        return max(b.high for b in self.bands)

    @property
    def direction(self) -> str:
        """``"higher is better"``, ``"lower is better"`` or ``""`` when unknown."""
        if self.higher_is_better is None:
            return ""
        return "higher is better" if self.higher_is_better else "lower is better"

    def band_of(self, value: float) -> Band | None:
        """Return the band a value falls in (None for NaN or a value off the scale)."""
        if value != value:  # NaN
            return None
        for band in self.bands:
            if band.low <= value <= band.high:
                return band
        edge = max(self.bands, key=lambda b: b.high)
        return edge if value > edge.high else None


def _continuous(*edges: tuple[float, float, str, str]) -> tuple[Band, ...]:
    return tuple(Band(lo, hi, label, color) for lo, hi, label, color in edges)


def _categories(*items: tuple[str, str], start: int = 1) -> tuple[Band, ...]:
    """Bands centred on the integers ``start, start+1, …``."""
    return tuple(
        Band(k - 0.5, k + 0.5, label, color) for k, (label, color) in enumerate(items, start)
    )


_EPA = _continuous(
    (0, 50, "Good", "#00e400"),
    (50, 100, "Moderate", "#ffff00"),
    (100, 150, "Unhealthy for sensitive groups", "#ff7e00"),
    (150, 200, "Unhealthy", "#ff0000"),
    (200, 300, "Very unhealthy", "#8f3f97"),
    (300, 500, "Hazardous", "#7e0023"),
)
_EEA = (
    ("#50f0e6", "Good"),
    ("#50ccaa", "Fair"),
    ("#f0e641", "Moderate"),
    ("#ff5050", "Poor"),
    ("#960032", "Very poor"),
    ("#7d2181", "Extremely poor"),
)
_DAQI_COLORS = (
    "#9cff9c", "#31ff00", "#31cf00", "#ffff00", "#ffcf00",
    "#ff9a00", "#ff6464", "#ff0000", "#990000", "#ce30ff",
)  # fmt: skip
_DAQI_LABELS = ("Low",) * 3 + ("Moderate",) * 3 + ("High",) * 3 + ("Very high",)
_AQHI_COLORS = (
    "#00ccff", "#0099cc", "#006699", "#ffff00", "#ffcc00",
    "#ff9933", "#ff6666", "#ff0000", "#cc0000", "#990000", "#660000",
)  # fmt: skip
_AQHI_LABELS = ("Low risk",) * 3 + ("Moderate risk",) * 3 + ("High risk",) * 4 + ("Very high risk",)

_ALL: tuple[IndexScale, ...] = (
    IndexScale(
        "uaqi",
        "Universal AQI",
        _continuous(
            (0, 20, "Poor", "#ff0000"),
            (20, 40, "Low", "#ff8c00"),
            (40, 60, "Moderate", "#ffff00"),
            (60, 80, "Good", "#84cf33"),
            (80, 100, "Excellent", "#009e3a"),
        ),
        higher_is_better=True,
    ),
    IndexScale("usa_epa", "AQI (US)", _EPA),
    IndexScale("usa_epa_nowcast", "AQI (US, NowCast)", _EPA),
    IndexScale(
        "fra_atmo",
        "ATMO (FR)",
        _categories(
            ("Good", "#50f0e6"),
            ("Medium", "#50ccaa"),
            ("Degraded", "#f0e641"),
            ("Bad", "#ff5050"),
            ("Very bad", "#960032"),
            ("Extremely bad", "#872181"),
        ),
        categorical=True,
    ),
    IndexScale(
        "eaqi",
        "European AQI",
        _categories(*((label, color) for color, label in _EEA)),
        categorical=True,
    ),
    IndexScale(
        "caqi",
        "CAQI (Europe)",
        _continuous(
            (0, 25, "Very low", "#79bc6a"),
            (25, 50, "Low", "#bbcf4c"),
            (50, 75, "Medium", "#eec20b"),
            (75, 100, "High", "#f29305"),
            (100, 150, "Very high", "#e8416f"),
        ),
    ),
    IndexScale(
        "gbr_defra",
        "DAQI (UK)",
        _categories(*zip(_DAQI_LABELS, _DAQI_COLORS, strict=True)),
        categorical=True,
    ),
    IndexScale(
        "deu_uba",
        "LQI (DE)",
        _categories(
            ("Very good", "#50ccaa"),
            ("Good", "#99e699"),
            ("Moderate", "#ffff66"),
            ("Poor", "#cc3333"),
            ("Very poor", "#990033"),
        ),
        categorical=True,
    ),
    IndexScale(
        "ind_cpcb",
        "AQI (IN)",
        _continuous(
            (0, 50, "Good", "#009900"),
            (50, 100, "Satisfactory", "#99cc00"),
            (100, 200, "Moderate", "#ffff00"),
            (200, 300, "Poor", "#ff9900"),
            (300, 400, "Very poor", "#ff0000"),
            (400, 500, "Severe", "#990000"),
        ),
    ),
    IndexScale(
        "chn_mee",
        "AQI (CN)",
        _continuous(
            (0, 50, "Excellent", "#00e400"),
            (50, 100, "Good", "#ffff00"),
            (100, 150, "Lightly polluted", "#ff7e00"),
            (150, 200, "Moderately polluted", "#ff0000"),
            (200, 300, "Heavily polluted", "#99004c"),
            (300, 500, "Severely polluted", "#7e0023"),
        ),
    ),
    IndexScale(
        "can_ec",
        "AQHI (CA)",
        _categories(*zip(_AQHI_LABELS, _AQHI_COLORS, strict=True)),
        categorical=True,
    ),
    IndexScale(
        "aus_combined",
        "AQI (AU)",
        _continuous(
            (0, 33, "Very good", "#338ce7"),
            (33, 66, "Good", "#37b13c"),
            (66, 99, "Fair", "#e8dd28"),
            (99, 149, "Poor", "#f06520"),
            (149, 199, "Very poor", "#8e1b66"),
            (199, 300, "Hazardous", "#c51515"),
        ),
    ),
    IndexScale(
        "and_aire",
        "IQA (AD)",
        _categories(
            ("Excellent", "#46ede3"),
            ("Good", "#47c5a0"),
            ("Fair", "#eee238"),
            ("Poor", "#fe4646"),
            ("Bad", "#990000"),
        ),
        categorical=True,
    ),
)

#: Every index scale mapsnb knows, by index code.
SCALES: dict[str, IndexScale] = {s.code: s for s in _ALL}

#: Universal Pollen Index category per value 0–5, and its colours.
UPI_LABELS = ("None", "Very low", "Low", "Moderate", "High", "Very high")
UPI_COLORS = ("#bfbfbf", "#009e3a", "#84cf33", "#ffd600", "#ff8c00", "#ff0000")


def scale_from_frame(code: str, rows: pd.DataFrame) -> IndexScale:
    """Return a scale for an index mapsnb does not know, from the categories and colours in the data.

    Each category seen becomes a band from its lowest to its highest value; the direction is
    unknown.
    """
    names = rows["index_name"].dropna() if "index_name" in rows else rows.iloc[:0, :0]
    name = str(names.iloc[0]) if len(names) else code
    bands: list[Band] = []
    if {"category", "aqi"} <= set(rows.columns):
        seen = rows.dropna(subset=["category", "aqi"])
        for label, group in seen.groupby("category", sort=False):
            colors = group["color"].dropna() if "color" in group else group["aqi"].iloc[:0]
            color = color_or(colors.iloc[0]) if len(colors) else UNKNOWN_COLOR
            lo, hi = float(group["aqi"].min()), float(group["aqi"].max())
            bands.append(Band(lo - 0.5, hi + 0.5, str(label), color))
    if not bands:
        bands.append(Band(0.0, 1.0, "unknown", "#9e9e9e"))
    bands.sort(key=lambda b: b.low)
    return IndexScale(code, name, tuple(bands), higher_is_better=None)


def scale_for(code: str, rows: pd.DataFrame | None = None) -> IndexScale:
    """Return the scale of an index code; unknown codes are described from ``rows`` (their data)."""
    known = SCALES.get(code.lower())
    if known is not None:
        return known
    if rows is None or rows.empty:
        return IndexScale(code, code, (Band(0.0, 1.0, "unknown", "#9e9e9e"),), None)
    return scale_from_frame(code, rows)
