"""A recording file read once and checked whole (pydantic), and text from it made safe to print.

A recording is a file someone may hand over, so nothing in it is trusted: its JSON is read with
a bound on nesting, its structure is validated on load, and :func:`load` refuses a file that is
not a recording with a :class:`mapsnb.MapsnbError` naming the fault. One bad call does not
spoil the others: it is skipped with a :class:`RecordingEntryWarning` naming it
(``calls[3].error.code: ...``) and the rest replays. The bound on nesting (:data:`MAX_DEPTH`) is
the one checked when a call is recorded (:func:`entry_problem`), so mapsnb never writes a call
it cannot read. After that, replay, ``recording show`` and ``recording check`` read only
checked values. :func:`printable` escapes terminal controls and line breaks, so a
field cannot recolour a terminal or forge a line.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import re
import stat
import unicodedata
import uuid
import warnings
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from mapsnb import settings
from mapsnb._store.cache_file import MAX_DEPTH, MAX_INT_DIGITS, depth, json_text
from mapsnb._store.call_key import call_key
from mapsnb._transport.protocol import may_hold_surrogates, whole_text
from mapsnb.errors import MapsnbError

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "RecordedCall",
    "RecordedError",
    "RecordingEntryWarning",
    "RecordingFile",
    "RecordingTooLarge",
    "entry_problem",
    "load",
    "parse_time",
]

FORMAT = 1
#: Levels of a file around a call's values: the file, its ``calls`` list, the call.
_AROUND = 3
_ANSWERS = ("payload", "error")
#: How far in the future a recording's times may be (clocks drift a little; year 9999 does not).
FUTURE_SLACK = dt.timedelta(days=1)


class RecordingEntryWarning(UserWarning):
    """A recording holds calls that cannot be read: they are skipped, the others replay."""


class RecordingTooLarge(MapsnbError):
    """A recording file is larger than ``settings.max_recording_bytes``: refused unread."""


def parse_time(value: Any) -> dt.datetime | None:
    """Return an aware datetime from ISO 8601 text (``Z`` allowed, naive read as UTC), else ``None``."""
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
    #: Who recorded it: the notebook or script and its process (``"lesson1.ipynb (pid 42)"``).
    writer: str | None = Field(None, max_length=300)
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


def entry_problem(entry: dict[str, Any]) -> str | None:
    """Return what makes a call unfit to record or replay (nesting past :data:`MAX_DEPTH`), else None."""
    for field, value in entry.items():
        if depth(value, MAX_DEPTH) > MAX_DEPTH:
            name = printable(field, 100)
            return f"{name}: nested more than {MAX_DEPTH} levels deep (the most a recording holds)"
    return None


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _cut_deep(text: str, limit: int, marker: str) -> str:
    """``text`` with every value below ``limit`` levels replaced by the string ``marker``."""
    out, level, last, cut = [], 0, 0, -1
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token[0] == '"':
            continue
        if token in "[{":
            level += 1
            if level == limit + 1:
                cut = match.start()
        else:
            if level == limit + 1 and cut >= 0:
                out += [text[last:cut], json.dumps(marker)]
                last, cut = match.end(), -1
            level -= 1
    return "".join([*out, text[last:]])


def _parse(raw: bytes, marker: str) -> Any:
    """Return the file's JSON; a value nested too deep or an integer too long becomes ``marker``.

    Lone surrogates in the answers (payloads, errors, ``tools``) are replaced by U+FFFD, as when a
    server's answer is decoded; arguments are kept as asked (calls are matched by them).
    """

    def number(digits: str) -> Any:
        return int(digits) if len(digits.lstrip("-")) <= MAX_INT_DIGITS else marker

    try:
        value = json.loads(raw, parse_int=number)
    except RecursionError:
        text = raw.decode(json.detect_encoding(raw))
        value = json.loads(_cut_deep(text, MAX_DEPTH + _AROUND, marker), parse_int=number)
    if may_hold_surrogates(raw) and isinstance(value, dict):  # answers, not the arguments
        calls = value.get("calls")
        for call in calls if isinstance(calls, list) else []:
            for field in _ANSWERS:
                if isinstance(call, dict) and isinstance(call.get(field), (dict, list, str)):
                    call[field] = whole_text(call[field])
        if isinstance(value.get("tools"), list):
            whole_text(value["tools"])
    return value


#: How a recording file ends: its ``calls`` list, the last key, closed. A new call is written
#: over it (``,`` + the call + the trailer again), so recording N calls writes O(N) bytes.
TRAILER = "\n]}\n"


def file_text(header: dict[str, Any], calls: list[dict[str, Any]]) -> str:
    """Return the text of a whole recording: its ``header``, then ``"calls"`` last.

    The header (format, ``now``, ``tools``) indented and sorted, then one indented call after
    another, each closed by ``}`` at column 0.

    It is one JSON object (any JSON reader reads it, as it read older recordings, whose keys were
    all sorted); only its layout lets :func:`append_calls` add a call without rewriting it.

    Raises
    ------
    ValueError
        A value nested too deep or an integer too long (nothing is written).
    """
    head = json_text(header, MAX_DEPTH + 3, indent=1, sort_keys=True)[:-2]  # without "\n}"
    chunks = [call_text(call, first=i == 0) for i, call in enumerate(calls)]
    return head + ',\n "calls": [' + "".join(chunks) + TRAILER


def call_text(call: dict[str, Any], *, first: bool) -> str:
    """One call as it is written in the ``calls`` list (after ``[`` or after another call)."""
    return ("\n" if first else ",\n") + json_text(call, MAX_DEPTH + 1, indent=1, sort_keys=True)


def append_calls(path: Path, texts: list[str], *, empty: bool) -> bool:
    """Write calls (:func:`call_text` of each) over the file's trailer.

    ``False`` (nothing written) when the file does not end as :func:`file_text` ends it (an older
    layout: rewrite it).

    ``empty`` says whether the file holds no call yet (``texts`` were made to follow ``[``).
    """
    tail = TRAILER.encode()
    with open(path, "r+b") as fh:
        size = fh.seek(0, os.SEEK_END)
        if size < len(tail) + 1:
            return False
        fh.seek(size - len(tail) - 1)
        end = fh.read()
        if end[1:] != tail or end[:1] != (b"[" if empty else b"}"):
            return False
        fh.seek(size - len(tail))
        fh.write(("".join(texts) + TRAILER).encode("utf-8"))
    return True


def write_whole(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` at once (a temporary file renamed over it).

    A new file is created as the user's umask says (``mkstemp`` would force 0600); an existing
    file keeps its mode.
    """
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        with contextlib.suppress(OSError):
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _bounded_bytes(file: Path, where: str) -> bytes:
    """Return the file's bytes, refused unread past ``settings.max_recording_bytes``."""
    size = file.stat().st_size
    if size > settings.max_recording_bytes:
        raise RecordingTooLarge(
            f"recording {where}: {size:,} bytes is more than settings.max_recording_bytes "
            f"({settings.max_recording_bytes:,}); it is not read (split it, or raise the bound)"
        )
    return file.read_bytes()


def _repaired(raw: bytes) -> bytes | None:
    """Return a recording cut short mid-append, closed after its last whole call.

    ``None`` when the text does not look like a recording a crash cut while a call was written.
    """
    for _ in range(3):
        cut = raw.rfind(b"\n}")
        if cut < 0 or b'\n "calls": [' not in raw[:cut]:
            return None
        raw = raw[: cut + 2]
        try:
            json.loads(raw + TRAILER.encode())
        except (ValueError, RecursionError):
            continue
        return raw + TRAILER.encode()
    return None


def latest(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each call once, in the place it was first recorded.

    A later entry of the same call (an append records a call again) replaces it, but an error never
    replaces a success.
    """
    out: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    for call in calls:
        key = call_key(call["tool"], call["arguments"])
        i = index.get(key)
        if i is None:
            index[key] = len(out)
            out.append(call)
        elif "error" not in call or "error" in out[i]:
            out[i] = call
    return out


def _holds(value: Any, marker: str) -> bool:
    level = [value]
    while level:
        if any(v == marker for v in level if isinstance(v, str)):
            return True
        level = [
            x
            for v in level
            if isinstance(v, (dict, list))
            for x in (list(v.values()) + list(v) if isinstance(v, dict) else v)
        ]
    return False


def _first_fault(exc: ValidationError) -> str:
    first = exc.errors(include_url=False, include_input=False)[0]
    message = str(first.get("msg", "is malformed")).removeprefix("Value error, ")
    return f"{printable(_where(dict(first)), 200)}: {printable(message, 300)}"


def _read_json(file: Path, where: str, marker: str) -> Any:
    """Return the JSON of ``file`` (a file cut short mid-call repaired).

    ``marker`` marks what cannot be read (see :func:`_parse`).
    """
    try:
        raw = _bounded_bytes(file, where)
    except OSError as exc:
        raise MapsnbError(f"recording {where}: cannot read it ({exc.strerror})") from None
    try:
        return _parse(raw, marker)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError
        fixed = _repaired(raw)
        if fixed is None:
            raise MapsnbError(
                f"recording {where}: not valid JSON ({printable(exc, 300)})"
            ) from None
        return _parse(fixed, marker)


def _check_top(top: dict[str, Any], where: str, marker: str) -> None:
    """Refuse a recording whose fields outside its calls cannot be read or break a rule."""
    if _holds(top, marker) or depth(top, MAX_DEPTH + 1) > MAX_DEPTH + 1:
        raise MapsnbError(
            f"recording {where}: not valid JSON (nested more than {MAX_DEPTH} levels deep or an "
            f"integer longer than {MAX_INT_DIGITS} digits outside its calls)"
        )
    try:
        RecordingFile.model_validate({**top, "calls": []})
    except ValidationError as exc:
        raise MapsnbError(
            f"recording {where}: {_first_fault(exc)} ({exc.error_count()} problem(s) in all)"
        ) from None


def _call_problem(call: Any, marker: str) -> str | None:
    """Why a recorded call cannot be read (``".field: rule"`` or ``"rule"``), ``None`` if it can."""
    if _holds(call, marker):
        return (
            f"nested more than {MAX_DEPTH} levels deep or holds an integer longer than "
            f"{MAX_INT_DIGITS} digits"
        )
    if not isinstance(call, dict):
        return "must be an object"
    problem = entry_problem(call)
    if problem is not None:
        return problem
    try:
        RecordedCall.model_validate(call)
    except ValidationError as exc:
        fault = _first_fault(exc)
        return fault[10:] if fault.startswith("the file: ") else f".{fault}"
    return None


def load(path: str | os.PathLike[str], *, warn: bool = True) -> dict[str, Any]:
    """Read and validate a recording; the calls are plain dicts of checked values.

    Calls that cannot be read (a wrong field, nesting past :data:`MAX_DEPTH`, an integer too
    long) are left out, listed in the result's ``"skipped"`` (``"calls[3].tool: ..."``) and,
    when ``warn``, named by one :class:`RecordingEntryWarning`.

    A call recorded again (appended later) replaces its earlier entry (``"entries"`` counts
    them all); a file cut short while a call was appended reads up to its last whole call.

    Raises
    ------
    RecordingTooLarge
        The file is larger than ``settings.max_recording_bytes`` (it is not read).
    MapsnbError
        The file does not exist, cannot be read, is not JSON, or is not a recording (the message
        names the faulty field and the rule).
    """
    where = printable(os.fspath(path), 500)
    file = Path(path)
    if not file.exists():
        raise MapsnbError(f"recording {where}: the file does not exist")
    marker = f"mapsnb-unreadable-{uuid.uuid4().hex}"
    data = _read_json(file, where, marker)
    if not isinstance(data, dict) or not isinstance(data.get("calls"), list):
        raise MapsnbError(f"recording {where}: not a mapsnb recording (no 'calls' list)")
    top = {k: v for k, v in data.items() if k != "calls"}
    _check_top(top, where, marker)
    calls, skipped = [], []
    for i, call in enumerate(data["calls"]):
        problem = _call_problem(call, marker)
        if problem is None:  # a null answer or failure is no answer or failure
            calls.append({k: v for k, v in call.items() if v is not None or k not in _ANSWERS})
        else:
            skipped.append(f"calls[{i}]" + ("" if problem[:1] == "." else ": ") + problem)
    if skipped and warn:
        warnings.warn(
            f"recording {where}: {len(skipped)} of {len(data['calls'])} call(s) cannot be read "
            f"and are skipped (the others replay): {'; '.join(skipped[:3])}"
            + ("; …" if len(skipped) > 3 else ""),
            RecordingEntryWarning,
            stacklevel=3,
        )
    return {**top, "calls": latest(calls), "entries": len(calls), "skipped": skipped}
