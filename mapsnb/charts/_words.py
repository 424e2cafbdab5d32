"""The charts' own words (axis labels, legend titles, notes) and dates in the result's language.

A result asked with ``language_code="fr"`` answers its categories in French; its chart then says
"heure locale", "plus bas = meilleur" and "ven. 18 sept. 2026" too. Words exist for the
languages the emulator speaks; any other language (or none) keeps English. Dates are written by
Babel when it is installed (imported on first use), else in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["language_of", "word"]

#: English text → {language: text}. A missing entry is written in English.
_WORDS: dict[str, dict[str, str]] = {
    "hourly": {"fr": "horaire", "es": "por hora", "pt": "por hora", "de": "stündlich",
               "it": "orario", "pl": "godzinowo"},
    "higher is better": {"fr": "plus haut = meilleur", "es": "más alto es mejor",
                         "pt": "mais alto é melhor", "de": "höher ist besser",
                         "it": "più alto è meglio", "pl": "wyżej = lepiej"},
    "lower is better": {"fr": "plus bas = meilleur", "es": "más bajo es mejor",
                        "pt": "mais baixo é melhor", "de": "niedriger ist besser",
                        "it": "più basso è meglio", "pl": "niżej = lepiej"},
    "Dot colour = category": {"fr": "Couleur du point = catégorie",
                              "es": "Color del punto = categoría",
                              "pt": "Cor do ponto = categoria", "de": "Punktfarbe = Kategorie",
                              "it": "Colore del punto = categoria",
                              "pl": "Kolor punktu = kategoria"},
    "Bar colour = category": {"fr": "Couleur de la barre = catégorie",
                              "es": "Color de la barra = categoría",
                              "pt": "Cor da barra = categoria", "de": "Balkenfarbe = Kategorie",
                              "it": "Colore della barra = categoria",
                              "pl": "Kolor słupka = kategoria"},
    "local time": {"fr": "heure locale", "es": "hora local", "pt": "hora local",
                   "de": "Ortszeit", "it": "ora locale", "pl": "czas lokalny"},
    "local date": {"fr": "date locale", "es": "fecha local", "pt": "data local",
                   "de": "Ortsdatum", "it": "data locale", "pl": "data lokalna"},
    "time": {"fr": "heure", "es": "hora", "pt": "hora", "de": "Zeit", "it": "ora",
             "pl": "czas"},
    "now": {"fr": "maintenant", "es": "ahora", "pt": "agora", "de": "jetzt", "it": "ora",
            "pl": "teraz"},
    "worst": {"fr": "pire", "es": "peor", "pt": "pior", "de": "am schlechtesten",
              "it": "peggiore", "pl": "najgorzej"},
    "at": {"fr": "à", "es": "a las", "pt": "às", "de": "um", "it": "alle", "pl": "o"},
    "temperature": {"fr": "température", "es": "temperatura", "pt": "temperatura",
                    "de": "Temperatur", "it": "temperatura", "pl": "temperatura"},
    "chance of precipitation (%)": {"fr": "probabilité de précipitations (%)",
                                    "es": "probabilidad de precipitación (%)",
                                    "pt": "probabilidade de precipitação (%)",
                                    "de": "Niederschlagswahrscheinlichkeit (%)",
                                    "it": "probabilità di precipitazioni (%)",
                                    "pl": "szansa opadów (%)"},
    "Hourly weather": {"fr": "Météo horaire", "es": "Tiempo por hora", "pt": "Tempo por hora",
                       "de": "Wetter stündlich", "it": "Meteo orario", "pl": "Pogoda godzinowa"},
    "Daily weather": {"fr": "Météo quotidienne", "es": "Tiempo diario", "pt": "Tempo diário",
                      "de": "Wetter täglich", "it": "Meteo giornaliero", "pl": "Pogoda dzienna"},
    "Current weather": {"fr": "Météo actuelle", "es": "Tiempo actual", "pt": "Tempo atual",
                        "de": "Aktuelles Wetter", "it": "Meteo attuale", "pl": "Pogoda teraz"},
    "Pollen by type": {"fr": "Pollens par type", "es": "Polen por tipo", "pt": "Pólen por tipo",
                       "de": "Pollen nach Art", "it": "Pollini per tipo",
                       "pl": "Pyłki według typu"},
    "Pollen by plant": {"fr": "Pollens par plante", "es": "Polen por planta",
                        "pt": "Pólen por planta", "de": "Pollen nach Pflanze",
                        "it": "Pollini per pianta", "pl": "Pyłki według rośliny"},
    "Universal Pollen Index (0–5)": {"fr": "Indice pollinique universel (0–5)",
                                     "es": "Índice universal de polen (0–5)",
                                     "pt": "Índice universal de pólen (0–5)",
                                     "de": "Universeller Pollenindex (0–5)",
                                     "it": "Indice pollinico universale (0–5)",
                                     "pl": "Uniwersalny indeks pyłkowy (0–5)"},
    "out of season": {"fr": "hors saison", "es": "fuera de temporada",
                      "pt": "fora de época", "de": "außerhalb der Saison",
                      "it": "fuori stagione", "pl": "poza sezonem"},
    "max": {"fr": "max.", "es": "máx.", "pt": "máx.", "de": "max.", "it": "max", "pl": "maks."},
    "min": {"fr": "min.", "es": "mín.", "pt": "mín.", "de": "min.", "it": "min", "pl": "min."},
    "min–max": {"fr": "min.–max.", "es": "mín.–máx.", "pt": "mín.–máx.", "de": "min.–max.",
                "it": "min–max", "pl": "min.–maks."},
    "no data": {"fr": "pas de données", "es": "sin datos", "pt": "sem dados",
                "de": "keine Daten", "it": "nessun dato", "pl": "brak danych"},
}  # fmt: skip


def word(text: str, language: str | None) -> str:
    """``text`` in ``language`` (its base, ``"pt-BR"`` → ``"pt"``), else as given."""
    if not language:
        return text
    return _WORDS.get(text, {}).get(base(language), text)


def category(label: str, language: str | None) -> str:
    """An air-quality category name (``"Good"``, ``"Very poor"``) in ``language``: the built-in
    emulator's words for the categories (those of the answers it gives), else as given."""
    if base(language) == "en":
        return label
    try:
        from mapsnb.sandbox.world.texts import texts
    except ImportError:  # pragma: no cover - part of the package
        return label
    try:
        table = texts(base(language))["aq_categories"]
    except (KeyError, LookupError, OSError):
        return label
    folded = {str(k).casefold(): str(v) for k, v in table.items()}
    for key in (label, f"{label} air quality", f"{label} air pollution"):
        if key.casefold() in folded:
            return folded[key.casefold()]
    return label


def pollen_category(value: int, english: str, language: str | None) -> str:
    """The Universal Pollen Index category ``value`` (0–5) in ``language`` (the emulator's
    words, as its answers give them), else ``english``."""
    if base(language) == "en":
        return english
    try:
        from mapsnb.sandbox.world.texts import pollen_index

        return pollen_index(base(language), value)[0] or english
    except (ImportError, KeyError, LookupError, IndexError, OSError):
        return english


def base(language: str | None) -> str:
    """``"pt"`` of ``"pt-BR"`` / ``"pt_BR"``; ``"en"`` when unknown."""
    return (language or "en").replace("_", "-").split("-")[0].lower() or "en"


def language_of(obj: Any, attrs: Mapping[str, Any]) -> str | None:
    """The language the data was asked in: the frame's ``attrs`` (a batch or ``concat`` frame
    has ``language`` only when all its calls asked one) or the result's request."""
    for key in ("language", "language_code"):
        found = attrs.get(key)
        if isinstance(found, str) and found:
            return found
    request = getattr(obj, "request", None)
    if isinstance(request, Mapping):
        found = request.get("language_code") or request.get("languageCode")
        if isinstance(found, str) and found:
            return found
    return None


def babel_date(value: Any, pattern: str, language: str | None) -> str | None:
    """``value`` (a date) written with a CLDR ``pattern`` in ``language`` by Babel; ``None``
    for English, an unknown language or without Babel (the caller writes English)."""
    if base(language) == "en":
        return None
    try:
        from babel.core import Locale, UnknownLocaleError
        from babel.dates import format_date
    except ImportError:  # pragma: no cover - babel is a dependency, but stay usable without
        return None
    try:
        locale = Locale.parse((language or "en").replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return str(format_date(value, pattern, locale=locale))
