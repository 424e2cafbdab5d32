"""The on-disk layout of the emulator's town index (see :mod:`.geodata`), the one reader
of its word tables (:func:`query_words`), of the small places it lacks (:func:`small_places`) and
of the places that share a name in their region (:func:`region_namesakes`).

A file is :data:`MAGIC`, a 4-byte header length, a JSON header (key, column layout, metadata),
the columns (:mod:`array` blocks and UTF-8 strings) and a CRC-32 of everything after the magic.
Reading checks the magic, the CRC, the key, the column types and their lengths.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import json
import os
import tempfile
import threading
import zlib
from array import array
from pathlib import Path
from typing import Any

__all__ = [
    "ARRAY_COLUMNS",
    "MAGIC",
    "TEXT_COLUMNS",
    "Unzipped",
    "dump",
    "parse",
    "query_words",
    "region_namesakes",
    "small_places",
    "write_atomically",
]

MAGIC = b"MAPSNB-CITY-INDEX\n"

ARRAY_COLUMNS = {
    "gid": "i",
    "lat": "i",
    "lng": "i",
    "pop": "q",
    "tz": "H",
    "admin1": "H",
    "name_off": "i",
    "cells": "i",
    "cell_starts": "i",
    "key_off": "i",
    "key_starts": "i",
    "key_ids": "i",
}
TEXT_COLUMNS = ("names", "keys", "cc")

_DATA = Path(__file__).resolve().parents[1] / "data"


@functools.cache
def query_words() -> dict[str, dict[str, Any]]:
    """``data/query_words.json``, read once: per table, per language, its words (a list) or its
    phrases' meanings (a mapping: ``attributes``, ``article_regions``)."""
    tables: dict[str, dict[str, Any]] = json.loads(
        (_DATA / "query_words.json").read_text(encoding="utf-8")
    )
    return tables


@functools.cache
def _small_place_lines() -> list[str]:
    """The sorted rows of ``data/small_places.tsv.z`` (``tools/build_small_places.py``: GeoNames'
    ``cities500`` places the town index lacks), unzipped once on first use (about 10 ms)."""
    text = zlib.decompress((_DATA / "small_places.tsv.z").read_bytes()).decode("utf-8")
    return text.splitlines()


def small_places(key: str) -> list[tuple[str, float, float]]:
    """(country, lat, lng) of each country's first small place whose folded own name is ``key``
    (a binary search of the sorted rows: no table is built)."""
    lines = _small_place_lines()
    at = bisect.bisect_left(lines, key + "\t")
    found: list[tuple[str, float, float]] = []
    while at < len(lines) and lines[at].startswith(key + "\t"):
        _, cc, lat, lng = lines[at].split("\t")
        found.append((cc, float(lat), float(lng)))
        at += 1
    return found


@functools.cache
def _region_namesake_lines() -> list[str]:
    """The sorted rows of ``data/region_namesakes.tsv.z`` (``tools/build_region_namesakes.py``:
    GeoNames' ``cities500`` places sharing a name with another of their region), unzipped once."""
    text = zlib.decompress((_DATA / "region_namesakes.tsv.z").read_bytes()).decode("utf-8")
    return text.splitlines()


def region_namesakes(key: str, cc: str, admin1: str) -> list[tuple[float, float, int]]:
    """(lat, lng, people) of the places of region ``admin1`` of country ``cc`` named folded
    ``key`` when two or more bear it there (a binary search of the sorted rows)."""
    lines, lead = _region_namesake_lines(), f"{key}\t{cc}\t{admin1}\t"
    at = bisect.bisect_left(lines, lead)
    found: list[tuple[float, float, int]] = []
    while at < len(lines) and lines[at].startswith(lead):
        lat, lng, people = lines[at][len(lead) :].split("\t")
        found.append((float(lat), float(lng), int(people)))
        at += 1
    return found


def dump(key: str, meta: dict[str, Any], cols: dict[str, Any]) -> bytes:
    """The bytes of an index file built for ``key``: magic, header, columns and CRC."""
    blocks: list[bytes] = []
    layout: list[list[Any]] = []
    for name, code in ARRAY_COLUMNS.items():
        data = cols[name].tobytes()
        layout.append([name, code, len(data)])
        blocks.append(data)
    for name in TEXT_COLUMNS:
        data = cols[name].encode("utf-8")
        layout.append([name, "s", len(data)])
        blocks.append(data)
    head = json.dumps({"key": key, "layout": layout, **meta}, ensure_ascii=False).encode()
    body = b"".join([len(head).to_bytes(4, "big"), head, *blocks])
    return MAGIC + body + zlib.crc32(body).to_bytes(4, "big")


def parse(data: bytes, key: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(meta, columns)`` of a cache file; ValueError when it is not a valid file for ``key``."""
    view = memoryview(data)
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + 8:
        raise ValueError("not a mapsnb city index")
    body = view[len(MAGIC) : -4]
    if zlib.crc32(body) != int.from_bytes(view[-4:], "big"):
        raise ValueError("checksum mismatch")
    n = int.from_bytes(body[:4], "big")
    meta = json.loads(bytes(body[4 : 4 + n]))
    if not isinstance(meta, dict) or meta.get("key") != key:
        raise ValueError("index built from other inputs")
    pos = 4 + n
    cols: dict[str, Any] = {}
    for name, code, size in meta["layout"]:
        chunk = body[pos : pos + size]
        if len(chunk) != size or code != ARRAY_COLUMNS.get(name, "s"):
            raise ValueError("truncated or unexpected column")
        if code == "s":
            cols[name] = str(chunk, "utf-8")
        else:
            cols[name] = array(code)
            cols[name].frombytes(chunk)
        pos += size
    if pos != len(body) or set(cols) != {*ARRAY_COLUMNS, *TEXT_COLUMNS}:
        raise ValueError("unexpected layout")
    n = len(cols["gid"])
    sizes = {len(cols[c]) for c in ("lat", "lng", "pop", "tz", "admin1")}
    if sizes != {n} or len(cols["name_off"]) != n + 1 or len(cols["cc"]) != 2 * n:
        raise ValueError("columns of different lengths")
    return meta, cols


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and :func:`os.replace`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class Unzipped:
    """A packaged zlib file read and unzipped on a thread (zlib releases the GIL), so that a
    first call's imports and other tables overlap the time it takes (60 ms for the towns)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._result: bytes | BaseException | None = None
        self._taken = False  # once the index has its bytes, later sandboxes start nothing

    def start(self) -> None:
        with self._lock:
            if self._thread is None and self._result is None and not self._taken:
                self._thread = threading.Thread(
                    target=self._run, name="mapsnb-sandbox-index", daemon=True
                )
                self._thread.start()

    def _read(self) -> bytes:
        return zlib.decompress(self.path.read_bytes())

    def _run(self) -> None:
        try:
            self._result = self._read()
        except (OSError, zlib.error) as exc:
            self._result = exc

    def take(self) -> bytes:
        """The unzipped bytes (read here when no thread was started); raises what reading
        raised. The bytes are handed over once: the index keeps what it needs."""
        with self._lock:
            thread, self._thread = self._thread, None
            self._taken = True
        if thread is not None:
            thread.join()
        result, self._result = self._result, None
        if isinstance(result, BaseException):
            raise result
        return result if result is not None else self._read()
