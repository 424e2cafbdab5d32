"""A recording file read once and checked whole (pydantic), and text from it made safe to print.

A recording is a file someone may hand over, so nothing in it is trusted: its JSON is read with
a bound on nesting, its structure (every call, every recorded failure) is validated on load,
and :func:`load` refuses a bad file with a :class:`mapsnb.MapsnbError` naming the first fault
(``calls[3].error.code: ...``). After that, replay, ``recording show`` and ``recording check``
read only checked values. :func:`printable` escapes terminal controls and line breaks, so a
field cannot recolour a terminal or forge a line.
"""

from __future__ import annotations

import datetime as dt
import os
import unicodedata
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mapsnb._store.cache_file import bounded_json
from mapsnb.errors import MapsnbError

__all__ = ["FORMAT", "RecordedCall", "RecordedError", "RecordingFile", "load", "parse_time"]

FORMAT = 1
#: Deepest nesting a recording may hold (payloads are a few levels deep).
MAX_DEPTH = 64
#: How far in the future a recording's times may be (clocks drift a little; year 9999 does not).
FUTURE_SLACK = dt.timedelta(days=1)


def parse_time(value: Any) -> dt.datetime | None:
    """An aware datetime from ISO 8601 text (``Z`` allowed, naive read as UTC), else ``None``."""
    if not isinstance(value, str) or not value or len(value) > 64:
        return None
    try:
        parsed = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        parsed = parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)
        parsed.astimezone(dt.UTC)  # a time near year 1 or 9999 may not convert
    except (ValueError, OverflowError):
        return None
    return parsed


def _time(value: str | None) -> str | None:
    if value is not None and parse_time(value) is None:
        raise ValueError("is not an ISO 8601 time")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


class RecordedError(_Strict):
    """A recorded tool failure: replay raises it again as a :class:`mapsnb.ToolError`."""

    code: int = Field(2, ge=-(2**31), le=2**31 - 1)
    status: str | None = Field(None, max_length=64)
    message: str = Field("", max_length=100_000)
    details: Any = None


class RecordedCall(_Strict):
    """One recorded call: its answer (``payload``) or its failure (``error``)."""

    tool: str = Field(pattern=r"^[A-Za-z0-9_.\-]{1,128}$")
    arguments: dict[str, Any]
    recorded_at: str
    clock: str | None = None
    source: str = Field("?", max_length=200)
    payload: dict[str, Any] | None = None
    error: RecordedError | None = None

    _times = field_validator("recorded_at", "clock")(_time)

    @model_validator(mode="after")
    def _one_answer(self) -> RecordedCall:
        if (self.payload is None) == (self.error is None):
            raise ValueError("must hold either a payload or an error, and not both")
        return self


class RecordingFile(_Strict):
    """The whole file: its format, the clock when recording began, and the calls."""

    mapsnb_recording: int = FORMAT
    now: str | None = None
    calls: list[RecordedCall]

    _times = field_validator("now")(_time)

    @field_validator("mapsnb_recording")
    @classmethod
    def _format(cls, value: int) -> int:
        if value != FORMAT:
            raise ValueError(f"format {value}; this mapsnb reads format {FORMAT}")
        return value


def printable(text: Any, limit: int = 2_000) -> str:
    """``text`` safe for a terminal: controls, format characters and line breaks escaped."""
    out = []
    for char in str(text)[:limit]:
        if unicodedata.category(char)[0] in "CZ" and char != " ":
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out) + ("…" if len(str(text)) > limit else "")


def _where(error: dict[str, Any]) -> str:
    path = ""
    for part in error.get("loc", ()):
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else str(part)
    return path or "the file"


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a recording; the calls are plain dicts of checked values.

    Raises
    ------
    MapsnbError
        The file does not exist, cannot be read, is not JSON, is nested too deeply, or does not
        have a recording's structure (the message names the first faulty field and the rule).
    """
    where = printable(os.fspath(path), 500)
    file = Path(path)
    if not file.exists():
        raise MapsnbError(f"recording {where}: the file does not exist")
    try:
        data = bounded_json(file.read_bytes(), MAX_DEPTH)
    except OSError as exc:
        raise MapsnbError(f"recording {where}: cannot read it ({exc.strerror})") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, too deep, too long a number
        raise MapsnbError(f"recording {where}: not valid JSON ({printable(exc, 300)})") from None
    if not isinstance(data, dict) or not isinstance(data.get("calls"), list):
        raise MapsnbError(f"recording {where}: not a mapsnb recording (no 'calls' list)")
    try:
        RecordingFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        message = str(first.get("msg", "is malformed")).removeprefix("Value error, ")
        raise MapsnbError(
            f"recording {where}: {printable(_where(dict(first)), 200)}: {printable(message, 300)}"
            f" ({exc.error_count()} problem(s) in all)"
        ) from None
    return data
