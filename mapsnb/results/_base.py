"""``ToolResult``, the base of every typed result: tolerant, lazy validation and the display.

It keeps ``.raw``, ``.request``, ``.source``, the attributions and hints.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import PrivateAttr, ValidationError

from mapsnb import _html
from mapsnb._read import wire as _wire
from mapsnb._read.credits import credits_html, is_synthetic, unique_credits
from mapsnb._read.summary import plain_text, safe_html
from mapsnb.results._models import Attribution, _Model
from mapsnb.results._repair import _drop_fields, _warn_shapes

if TYPE_CHECKING:
    import pandas as pd

#: The package every result class is defined in (their own names are listed by ``dir()``).
_PACKAGE = __name__.rpartition(".")[0]


class ToolResult(_Model):
    """Base of every tool result."""

    tool: ClassVar[str] = ""
    _raw: Any = PrivateAttr(default=None)
    # plain empty defaults (pydantic copies them cheaply); a default_factory costs an
    # inspect.signature() per result
    _request: dict[str, Any] = PrivateAttr(default={})
    _source: str = PrivateAttr(default="live")
    _parse_errors: list[Any] = PrivateAttr(default=[])
    _recorded_at: dt.datetime | None = PrivateAttr(default=None)
    _asked_at: dt.datetime | None = PrivateAttr(default=None)

    _pending: bool = PrivateAttr(default=False)
    #: A payload of the plain shape (see :meth:`_plain`) is validated on first typed access.
    _lazy: ClassVar[bool] = False

    @classmethod
    def from_payload(
        cls, payload: Any, *, request: Mapping[str, Any] | None = None, source: str = "live"
    ) -> ToolResult:
        """Build the result from a tool payload, keeping it as ``.raw``.

        Parsed tolerantly: a field of an unforeseen shape is left empty in the typed attributes
        (one :class:`PayloadShapeWarning` per field, naming its path) while ``.raw`` and the
        frames (built from ``.raw``) keep everything. A payload of the expected shape (checked
        in one cheap pass over plain dicts) is validated on first access to a typed attribute,
        so that ``.to_frame()`` of many places never builds one object per place.
        """
        data: Any = payload if isinstance(payload, Mapping) else {}
        if cls._lazy and type(data) is dict and cls._plain(data):
            obj = cls._unvalidated()
        else:
            obj = cls._validated(data)
        obj._raw = payload
        obj._request = dict(request or {})
        obj._source = source
        return obj

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        """Whether ``data`` surely validates without a problem (then validation can wait)."""
        return False

    @classmethod
    def _unvalidated(cls) -> ToolResult:
        """Return a result with no typed attributes yet: its fields are deleted until first access."""
        obj = cls.model_construct()
        for name in cls.model_fields:
            delattr(obj, name)
        obj._pending = True
        return obj

    @classmethod
    def _validated(cls, data: Any) -> ToolResult:
        problems: list[Any] = []
        obj: ToolResult | None = None
        for _ in range(_MAX_REPAIRS):
            try:
                obj = cls.model_validate(data)
                break
            except ValidationError as exc:
                errors = exc.errors(include_url=False, include_input=False)
                problems.extend(errors)
                data = _drop_fields(data, [e["loc"] for e in errors])
            except (RecursionError, ValueError, TypeError, OverflowError) as exc:
                problems.append({"loc": (), "msg": f"{type(exc).__name__}: {exc}"[:200]})
                break
        if obj is None:
            obj = cls.model_construct()
        if problems:
            _warn_shapes(cls.__name__, problems)
        obj._parse_errors = problems
        return obj

    def _materialize(self) -> None:
        """Validate a result built lazily (its typed attributes appear now)."""
        if not self._pending:
            return
        self._pending = False
        raw = self._raw
        parsed = type(self)._validated(raw if isinstance(raw, Mapping) else {})
        for name in type(self).__private_attributes__.keys() - {"_parse_errors", "_pending"}:
            setattr(parsed, name, getattr(self, name))  # ``.raw``, ``.request``, ``.source`` …
        # pydantic's copy protocol: the validated fields, extras, fields set and privates
        self.__setstate__(parsed.__getstate__())

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            if not name.startswith("_") and self._pending:
                self._materialize()
                return getattr(self, name)
            return super().__getattr__(name)

        def __setattr__(self, name: str, value: Any) -> None:
            if not name.startswith("_") and self._pending:
                self._materialize()
            super().__setattr__(name, value)

    def __eq__(self, other: object) -> bool:
        self._materialize()
        if isinstance(other, ToolResult):
            other._materialize()
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __iter__(self) -> Any:
        self._materialize()
        return super().__iter__()

    def __getstate__(self) -> dict[Any, Any]:
        self._materialize()
        return super().__getstate__()

    def __copy__(self) -> Any:
        self._materialize()
        return super().__copy__()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        self._materialize()
        return super().__deepcopy__(memo)

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        """As :meth:`pydantic.BaseModel.model_dump` (validates a lazily built result first)."""
        self._materialize()
        return super().model_dump(**kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        """As :meth:`pydantic.BaseModel.model_dump_json`."""
        self._materialize()
        return super().model_dump_json(**kwargs)

    def model_copy(self, **kwargs: Any) -> Any:
        """As :meth:`pydantic.BaseModel.model_copy`."""
        self._materialize()
        return super().model_copy(**kwargs)

    @property
    def model_fields_set(self) -> set[str]:
        """As :attr:`pydantic.BaseModel.model_fields_set`."""
        self._materialize()
        return super().model_fields_set

    @property
    def model_extra(self) -> dict[str, Any] | None:
        """As :attr:`pydantic.BaseModel.model_extra`."""
        self._materialize()
        return super().model_extra

    def __repr_args__(self) -> Any:
        self._materialize()
        return super().__repr_args__()

    @property
    def raw(self) -> Any:
        """The payload exactly as received."""
        return self._raw

    @property
    def parse_errors(self) -> list[Any]:
        """Where the payload did not match the expected shape (empty when it did)."""
        self._materialize()
        return self._parse_errors

    @property
    def request(self) -> dict[str, Any]:
        """The wire arguments that were sent."""
        return self._request

    @property
    def source(self) -> str:
        """``"live"``, ``"sandbox"`` or the server's host."""
        return self._source

    @property
    def recorded_at(self) -> dt.datetime | None:
        """When the server answered, for a result replayed or read from the cache (else None)."""
        return self._recorded_at

    @property
    def asked_at(self) -> dt.datetime | None:
        """The client's clock when the call was made; charts mark "now" with it.

        The emulator's or the recording's clock offline; ``None`` for a result built from a payload.
        """
        return self._asked_at

    @property
    def recorded_note(self) -> str | None:
        """``"recorded on <date>"`` (replayed) or ``"cached on <date>"``; ``None`` when fresh."""
        if self._recorded_at is None:
            return None
        how = "recorded" if self._source == "replay" else "cached"
        return f"{how} on {self._recorded_at.date()}"

    @property
    def attributions(self) -> list[Attribution]:
        """Unique attributions found anywhere in the payload, in order."""
        return [Attribution(**c) for c in _wire.collect_attributions(self._raw)]

    @property
    def is_synthetic(self) -> bool:
        """True when the data came from the sandbox emulator."""
        return is_synthetic(self._source, unique_credits(self.attributions))

    def summary_text(self) -> str:
        """Plain-text summary (HTML stripped), if the tool returns one."""
        return plain_text(getattr(self, "summary", None)).strip()

    def _repr_html_(self) -> str:
        parts = [
            f"<div class='mapsnb-result'><b>{_html.text(type(self).__name__)}</b> ({_html.text(self.tool)})"
        ]
        summary = getattr(self, "summary", None)
        if summary:
            parts.append(f"<div>{safe_html(summary)}</div>")
        parts.append(self._html_body())
        parts.extend(
            f"<div class='mapsnb-hint' style='color:#8a5a00'>ⓘ {_html.text(h)}</div>"
            for h in self.hints
        )
        parts.append(
            credits_html(
                unique_credits(self.attributions), self.is_synthetic, note=self.recorded_note
            )
        )
        parts.append("</div>")
        return "".join(parts)

    def _html_body(self) -> str:
        return ""

    @property
    def hints(self) -> list[str]:
        """Why the result is empty (or less than asked) and what to do, in plain words."""
        return []

    def __repr__(self) -> str:
        hint = f" hint={self.hints[0].split(':')[0]!r} (see .hints)" if self.hints else ""
        return f"<{type(self).__name__} source={self._source!r} {self._repr_counts()}{hint}>"

    __str__ = __repr__

    def __dir__(self) -> list[str]:
        """List the result's own names for tab completion, without pydantic's ``model_*``.

        Frames, ``raw``, ``attributions``, ``hints``, fields and methods; pydantic's deprecated methods
        are left out too (they still work).
        """
        own = {
            name
            for klass in type(self).__mro__
            if klass.__module__.rpartition(".")[0] == _PACKAGE
            for name in vars(klass)
            if not name.startswith(("_", "model_"))
        }
        fields = set(type(self).model_fields) | set(self.model_extra or {})
        return sorted(own | fields)

    def _repr_counts(self) -> str:
        return ""

    def to_frame(self) -> pd.DataFrame:  # pragma: no cover - overridden
        raise NotImplementedError

    def _geo_frame(self) -> pd.DataFrame:
        """Return the frame whose rows are the result's features (``to_frame()``)."""
        return self.to_frame()

    @property
    def __geo_interface__(self) -> dict[str, Any]:
        """The result as a GeoJSON FeatureCollection (EPSG:4326).

        Places and along-route results one Point per place, routes one LineString per route, weather
        one Point (the answer's) per row; each Feature's properties are its row of ``to_frame()``
        with ``attribution`` and ``synthetic``, the collection's members the credits. Read by
        ``geopandas.GeoDataFrame.from_features``, lonboard and folium.
        """
        from mapsnb.frames.geo import feature_collection

        return feature_collection(self._geo_frame())

    def to_geodataframe(self, *, geometry: str = "points") -> Any:
        """Return a GeoDataFrame (EPSG:4326) of ``to_frame()``.

        Points, or a routes result's LineStrings (needs the ``geo`` extra; see
        :func:`mapsnb.frames.to_geodataframe`).
        """
        from mapsnb.frames import to_geodataframe

        return to_geodataframe(self._geo_frame(), geometry=geometry)

    def to_geojson(self, path: Any) -> str:
        """Write a GeoJSON file keeping the attribution (:func:`mapsnb.frames.to_geojson`)."""
        from mapsnb.frames import to_geojson

        return to_geojson(self._geo_frame(), path)

    def to_geoparquet(self, path: Any) -> str:
        """Write GeoParquet keeping the attribution (:func:`mapsnb.frames.to_geoparquet`)."""
        from mapsnb.frames import to_geoparquet

        return to_geoparquet(self._geo_frame(), path)


_MAX_REPAIRS = 20
