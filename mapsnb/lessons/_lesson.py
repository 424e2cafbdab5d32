"""What a lesson notebook runs: its texts, its day, and steps that may have no answer.

A lesson written by :func:`mapsnb.lessons.new_lesson` wraps each step in
``with lesson.step("pollen"):``. A step the tools cannot answer for a town (no pollen there, no
bakery along the route, a ``NOT_FOUND``, a chart with nothing to draw, or a value an earlier
unanswered step did not make) prints one sentence in the lesson's language and the lesson goes
on: a class never sees a traceback for it. Programming errors (``TypeError``,
``AttributeError``, …) are not hidden.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from mapsnb.errors import InvalidRequest, MapsnbError

__all__ = ["LESSON_LANGUAGES", "Lesson", "NoAnswer", "lesson_texts"]

#: Cities a lesson compares its town with (the first two that are not the town itself).
PARTNERS = ("Lisbon, Portugal", "Nairobi, Kenya", "Tokyo, Japan", "São Paulo, Brazil")

#: What a step may meet when the tools have no answer for a town (never a programming error).
NO_ANSWER_ERRORS = (MapsnbError, ValueError, LookupError)
#: ... and a name an earlier step with no answer did not make.
_SKIPPED = (*NO_ANSWER_ERRORS, NameError)


class NoAnswer(MapsnbError):
    """A lesson step found nothing (no row in the answer); the lesson says so and goes on."""


@cache
def _all_texts() -> dict[str, Any]:
    from importlib.resources import files

    raw = json.loads(files("mapsnb.lessons").joinpath("texts.json").read_text("utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


#: Languages the lessons' own texts are written in (any chart language is accepted: the
#: lesson's texts are then English, its answers and charts in the language asked).
LESSON_LANGUAGES: tuple[str, ...] = tuple(_all_texts())


def lesson_texts(language: str) -> dict[str, Any]:
    """Return the lesson's texts in ``language``, English where the lessons have none.

    The language's base counts (``"pt-BR"`` → ``"pt"``).
    """
    texts = _all_texts()
    base = language.replace("_", "-").split("-")[0].lower()
    return {**texts["en"], **texts.get(base, {})}


def check_language(language: Any) -> str:
    """``language`` if charts and answers can use it; else :class:`InvalidRequest`."""
    from mapsnb.charts._words import words

    known = sorted(words()["local time"])
    base = str(language).replace("_", "-").split("-")[0].lower() if language else ""
    if not isinstance(language, str) or base not in known:
        raise InvalidRequest(
            "language",
            f"must be one of the charts' languages ({', '.join(known)}); got {language!r}",
        )
    return language


class Lesson:
    """A lesson's town, language, day and texts, and its steps.

    Parameters
    ----------
    client
        The :class:`mapsnb.Client` the lesson calls.
    city
        The town (``"Accra, Ghana"``).
    language
        The language of the texts, the answers and the charts (``"fr"``).
    date
        The lesson's day (``"2026-09-18"`` or a date); default today in the town (the client's
        clock, in the town's time zone).
    """

    def __init__(self, client: Any, city: str, *, language: str = "en", date: Any = None) -> None:
        if not isinstance(city, str) or not city.strip():
            raise InvalidRequest(
                "city", f"must be a town's name, e.g. 'Accra, Ghana'; got {city!r}"
            )
        self.client = client
        self.city = city.strip()
        self.language = check_language(language)
        self.texts = lesson_texts(self.language)
        self.outcomes: dict[str, bool] = {}
        self.today = self._day(date)
        short = self.city.split(",")[0].strip().casefold()
        self.partners = [p for p in PARTNERS if p.split(",")[0].casefold() != short][:2]

    def _day(self, date: Any) -> dt.date:
        if isinstance(date, dt.date):
            return date
        if isinstance(date, str) and date.strip():
            try:
                return dt.date.fromisoformat(date.strip())
            except ValueError:
                raise InvalidRequest(
                    "date", f"must be a date as YYYY-MM-DD (or None for today); got {date!r}"
                ) from None
        from zoneinfo import ZoneInfo

        now: dt.datetime = self.client.now()
        try:
            probe = self.client.lookup_weather(self.city, capabilities=["WEATHER"])
            return now.astimezone(ZoneInfo(probe.zone)).date() if probe.zone else now.date()
        except (MapsnbError, LookupError, ValueError):  # the weather step will say why
            return now.date()

    def text(self, key: str) -> str:
        """Return the lesson text ``key`` with the town filled in."""
        return str(self.texts[key]).format(city=self.city)

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Run a step; when the tools have no answer, print one sentence and go on."""
        try:
            yield
        except _SKIPPED as exc:
            self.outcomes[name] = False
            reason = self._reason(exc)
            print(f"— {self._sentence(name)}" + (f" ({reason})" if reason else ""))
        else:
            self.outcomes.setdefault(name, True)

    def _sentence(self, name: str) -> str:
        sentences = self.texts["no"]
        return str(sentences.get(name, sentences["map"])).format(city=self.city)

    def _reason(self, exc: BaseException) -> str:
        if isinstance(exc, NameError):
            return str(self.texts["earlier"])
        if isinstance(exc, NoAnswer):  # the sentence says it
            return ""
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return first if len(first) <= 160 else first[:157] + "…"

    def found(self, frame: Any, what: str) -> Any:
        """``frame`` when it has rows; else :class:`NoAnswer` (the step says so)."""
        if frame is None or len(frame) == 0:
            raise NoAnswer(f"0 {what}")
        return frame

    def summary(self) -> None:
        """Print which steps had an answer."""
        done = sum(self.outcomes.values())
        print(self.texts["answered"].format(done=done, total=len(self.outcomes)))
        for name, ok in self.outcomes.items():
            print(f"  {'✓' if ok else '–'} {name}" + ("" if ok else f" ({self.texts['missing']})"))
