"""The resolution results: ``ResolvedNames``, ``ResolvedUrls``, their entries and shared base."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import field_validator

from mapsnb import _html
from mapsnb._read import wire as _wire
from mapsnb.results._base import ToolResult
from mapsnb.results._models import _Model
from mapsnb.results._shapes import (
    _DICT_OR_NONE,
    _STRINGS,
    _field_types,
    _plain_entity,
    _plain_resolution,
)

if TYPE_CHECKING:
    import pandas as pd


class ResolvedEntity(_Model):
    place: str | None = None


class ResolvedName(_Model):
    entity: ResolvedEntity | None = None
    confidence: str | None = None


class _Resolution(ToolResult):
    failed_requests: dict[str, Any] | None = None
    save_to_maps_url: str | None = None

    @property
    def failures(self) -> dict[int, dict[str, Any]]:
        """Failed input positions -> ``google.rpc.Status`` dicts."""
        return {
            pos: dict(status)
            if isinstance(status, Mapping)
            else ({} if status is None else {"message": _wire.text(status)})
            for pos, status in _wire.failures(self._raw).items()
        }

    @field_validator("results", "entities", mode="before", check_fields=False)
    @classmethod
    def _empty_is_failure(cls, value: Any) -> Any:
        """Return an entry that is not an object reads as a failure (``None``)."""
        if isinstance(value, list):
            return [v if isinstance(v, Mapping) else None for v in value]
        return value

    def _html_body(self) -> str:
        save = _html.link(self.save_to_maps_url, "Save these places to Google Maps")
        return f"<div>{save}</div>" if save else ""


class ResolvedNames(_Resolution):
    """Result of ``resolve_names``: one entry per query, in input order."""

    tool: ClassVar[str] = "resolve_names"
    _lazy: ClassVar[bool] = True
    results: list[ResolvedName | None] = []  # noqa: RUF012 (pydantic copies it)

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        results = data.get("results", [])
        if type(results) is not list or not _plain_resolution(data):
            return False
        found = [r for r in results if type(r) is dict]  # anything else reads as a failure
        entities = list(map(dict.get, found, repeat("entity")))
        return (
            set(map(type, entities)) <= _DICT_OR_NONE
            and _field_types(found, "confidence") <= _STRINGS
            and _field_types([e for e in entities if e], "place") <= _STRINGS
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per query (see :func:`mapsnb.frames.resolved_names_frame`)."""
        from mapsnb.frames import resolved_names_frame

        return resolved_names_frame(self._raw or {}, source=self._source, request=self._request)

    def _repr_counts(self) -> str:
        return f"results={len(self.results)} failed={len(self.failures)}"


class ResolvedUrls(_Resolution):
    """Result of ``resolve_maps_urls``: one entry per URL, in input order."""

    tool: ClassVar[str] = "resolve_maps_urls"
    _lazy: ClassVar[bool] = True
    entities: list[ResolvedEntity | None] = []  # noqa: RUF012 (pydantic copies it)

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        entities = data.get("entities", [])
        return (
            type(entities) is list
            and _plain_resolution(data)
            and all(type(e) is not dict or _plain_entity(e) for e in entities)
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per URL (see :func:`mapsnb.frames.resolved_urls_frame`)."""
        from mapsnb.frames import resolved_urls_frame

        return resolved_urls_frame(self._raw or {}, source=self._source, request=self._request)

    def _repr_counts(self) -> str:
        return f"entities={len(self.entities)} failed={len(self.failures)}"
