"""Distances as the emulator's answers print them: units by region, separators by language.

Road distances are in miles in the United States, the United Kingdom, Liberia and Myanmar and
in metres and kilometres elsewhere. The unit follows the request's ``region_code``, else the
country the route is in, else the language's own region ("en-GB"), else the US for bare "en";
never the language alone, so a detour in Lyon reads "450 m" in English and in French and
parses to the same metres. The decimal separator follows the language.
"""

from __future__ import annotations

__all__ = ["IMPERIAL", "localized_distance", "uses_miles"]

#: Countries whose road distances are in miles.
IMPERIAL = frozenset({"US", "GB", "LR", "MM"})
_DECIMAL_COMMA = frozenset({"pt", "fr", "de", "ru", "es", "it", "pl"})


def uses_miles(language: str, region: str | None = None, country: str | None = None) -> bool:
    """Whether distances are in miles for this request (see the module docstring)."""
    parts = language.replace("_", "-").split("-")
    lang = parts[0].lower()
    where = (region or country or (parts[1] if len(parts) > 1 else "")).upper()
    if not where and lang == "en":
        where = "US"
    return where in IMPERIAL


def localized_distance(
    meters: float, language: str = "en-US", region: str | None = None, country: str | None = None
) -> str:
    """Display text for a distance: ``"1.2 mi"``, ``"850 ft"``, ``"1.9 km"``, ``"850 m"``,
    ``"1,9 km"`` (decimal comma for pt, fr, de, ru, es, it, pl). ``region`` is the request's
    region code, ``country`` the code of the country the route is in."""
    lang = language.replace("_", "-").split("-")[0].lower()
    if uses_miles(language, region, country):
        miles = meters / 1609.344
        text = f"{round(meters * 3.28084, -1):.0f} ft" if miles < 0.1 else f"{miles:.1f} mi"
    elif round(meters, -1) < 1000:  # 996 m is "1.0 km", not "1000 m"
        text = f"{round(meters, -1):.0f} m"
    else:
        text = f"{meters / 1000:.1f} km"
    return text.replace(".", ",") if lang in _DECIMAL_COMMA else text
