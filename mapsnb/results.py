"""Typed, tolerant results of the six tools (pydantic v2).

Models accept camelCase and snake_case, keep unknown fields, and parse Durations given as
``"3.5s"`` or ``{"seconds": ..., "nanos": ...}``. Every result keeps the payload exactly as
``.raw``, the arguments sent as ``.request``, where it came from as ``.source`` and its
attributions as ``.attributions``. ``to_frame()`` turns it into a tidy DataFrame
(:mod:`mapsnb.frames`, imported on first use).
"""

from __future__ import annotations

import datetime as dt
import html
import warnings
from collections.abc import Mapping
from itertools import chain, repeat
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import (
    AliasChoices,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
)
from pydantic.alias_generators import to_camel

from mapsnb import settings
from mapsnb._read import wire as _wire
from mapsnb._read.credits import SANDBOX_NOTE, credits_html, is_synthetic, unique_credits
from mapsnb._read.summary import plain_text, safe_html
from mapsnb._types import LatLng
from mapsnb.errors import EmptyResultWarning, PayloadShapeWarning

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "SANDBOX_NOTE",
    "AlongRouteResult",
    "Attribution",
    "EnvironmentResult",
    "PayloadShapeWarning",
    "PlaceView",
    "PlacesResult",
    "ResolvedNames",
    "ResolvedUrls",
    "Route",
    "RoutesResult",
    "ToolResult",
    "parse_duration",
]


def parse_duration(value: Any) -> float | None:
    """Seconds from a protobuf Duration: ``"3.5s"``, ``{"seconds": "3", "nanos": 5e8}`` or a number.

    None when absent; ``ValueError`` when present but unreadable (the model then warns).
    """
    if value is None or value == "" or (isinstance(value, Mapping) and not value):
        return None
    out = _wire.parse_duration(value)
    if out is None:
        raise ValueError(f"not a duration: {value!r}"[:200])
    return out


Duration = Annotated[float | None, BeforeValidator(parse_duration)]


class _Model(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, extra="allow", frozen=False
    )


class Attribution(_Model):
    """Credit that must be shown with grounded content."""

    title: str | None = None
    url: str | None = None


class WireLatLng(_Model):
    # proto3 JSON printers omit zero values: a point on the equator has no "latitude"
    latitude: float = 0.0
    longitude: float = 0.0


def _link(name: str) -> Any:
    """A link field read as ``…Url`` (the tools' reference) or ``…Uri`` (the Places API)."""
    camel = to_camel(name)
    return Field(
        None,
        validation_alias=AliasChoices(name, camel, name[:-1] + "i", camel[:-1] + "i"),
    )


class GoogleMapsLinks(_Model):
    directions_url: str | None = _link("directions_url")
    place_url: str | None = _link("place_url")
    write_a_review_url: str | None = _link("write_a_review_url")
    reviews_url: str | None = _link("reviews_url")
    photos_url: str | None = _link("photos_url")


class PlaceView(_Model):
    """A place as the search tools return it."""

    place: str | None = None
    id: str | None = None
    google_maps_links: GoogleMapsLinks | None = None
    attribution: Attribution | None = None
    location: WireLatLng | None = None

    @property
    def place_id(self) -> str | None:
        """The place id (from ``id``, else from ``places/ID``)."""
        return _wire.place_ids({"id": self.id, "place": self.place})[0]


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
        """A result with no typed attributes yet (they appear on first access)."""
        template = _PRIVATE.get(cls)
        if template is None:
            template = _PRIVATE[cls] = dict(cls.model_construct().__pydantic_private__ or {})
        obj = cls.__new__(cls)
        object.__setattr__(obj, "__dict__", {})
        object.__setattr__(obj, "__pydantic_fields_set__", set())
        object.__setattr__(obj, "__pydantic_extra__", {})
        private = {**template, "_parse_errors": [], "_pending": True}
        object.__setattr__(obj, "__pydantic_private__", private)
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
        self.__dict__.update(parsed.__dict__)
        object.__setattr__(self, "__pydantic_fields_set__", set(parsed.__pydantic_fields_set__))
        object.__setattr__(self, "__pydantic_extra__", parsed.__pydantic_extra__)
        self._parse_errors = parsed._parse_errors

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
        self._materialize()
        return self.__pydantic_fields_set__

    @property
    def model_extra(self) -> dict[str, Any] | None:
        self._materialize()
        return self.__pydantic_extra__

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
        """The client's clock when the call was made (the emulator's or the recording's clock
        offline); charts mark "now" with it. ``None`` for a result built from a payload."""
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
            f"<div class='mapsnb-result'><b>{type(self).__name__}</b> ({html.escape(self.tool)})"
        ]
        summary = getattr(self, "summary", None)
        if summary:
            parts.append(f"<div>{safe_html(summary)}</div>")
        parts.append(self._html_body())
        parts.extend(
            f"<div class='mapsnb-hint' style='color:#8a5a00'>ⓘ {html.escape(h)}</div>"
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
        """The result's own names (frames, ``raw``, ``attributions``, ``hints``, fields, methods)
        for tab completion, without pydantic's ``model_*`` and deprecated methods (they still
        work)."""
        own = {
            name
            for klass in type(self).__mro__
            if klass.__module__ == __name__
            for name in vars(klass)
            if not name.startswith(("_", "model_"))
        }
        fields = set(type(self).model_fields) | set(self.model_extra or {})
        return sorted(own | fields)

    def _repr_counts(self) -> str:
        return ""

    def to_frame(self) -> pd.DataFrame:  # pragma: no cover - overridden
        raise NotImplementedError


_MAX_REPAIRS = 20
#: Per result class: the defaults of its private attributes (see ToolResult._unvalidated).
_PRIVATE: dict[type, dict[str, Any]] = {}


def _drop_fields(data: Any, locs: list[tuple[Any, ...]]) -> Any:
    """A copy of ``data`` without the fields at ``locs`` (containers copied along the path only)."""
    for loc in locs:
        data = _without(data, tuple(loc))
    return data


def _without(node: Any, loc: tuple[Any, ...]) -> Any:
    if not loc:
        return None
    key, rest = loc[0], loc[1:]
    if isinstance(node, Mapping) and key in node:
        copied = dict(node)
        if rest and isinstance(node[key], (Mapping, list)):
            copied[key] = _without(node[key], rest)
        else:
            del copied[key]
        return copied
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        items = list(node)
        if rest and isinstance(items[key], (Mapping, list)):
            items[key] = _without(items[key], rest)
        else:  # an element of the wrong shape: an empty one, else none
            items[key] = None if items[key] == {} else {}
        return items
    return node


def _warn_shapes(model: str, problems: list[Any]) -> None:
    """One PayloadShapeWarning per field path (list positions folded: ``routes.*.duration``)."""
    by_field: dict[str, tuple[str, Any, int]] = {}
    for problem in problems:
        loc = [str(part) for part in problem.get("loc", ())]
        folded = ".".join("*" if part.isdigit() else part for part in loc)
        first, msg, count = by_field.get(folded, (".".join(loc), problem.get("msg"), 0))
        by_field[folded] = (first, msg, count + 1)
    for where, msg, count in by_field.values():
        more = f" (and {count - 1} more like it)" if count > 1 else ""
        warnings.warn(
            f"{model}: field {where or '<payload>'}{more} has an unforeseen shape ({msg}); "
            "its typed attribute is left empty, .raw and the frames keep it",
            PayloadShapeWarning,
            stacklevel=4,
        )


# ----------------------------------------------------------------------------- plain shapes
# A payload whose fields all have these shapes validates without a problem: its result can be
# built without validating (see ToolResult.from_payload). Anything else is validated at once.


def _opt_str(value: Any) -> bool:
    return value is None or type(value) is str


_STRINGS = frozenset({str, type(None)})
_NUMBERS = frozenset({int, float})
_DICT_OR_NONE = frozenset({dict, type(None)})


def _field_types(views: list[dict[str, Any]], key: str, default: Any = None) -> set[type]:
    return set(map(type, map(dict.get, views, repeat(key), repeat(default))))


_LINKS = ("placeUrl", "directionsUrl", "writeAReviewUrl", "reviewsUrl", "photosUrl")
_PLAIN_LINKS = frozenset(_LINKS)
_PLAIN_CREDIT = frozenset({"title", "url"})
_PLAIN_LOCATION = frozenset({"latitude", "longitude"})
_LIVE_VIEW = {"place", "id", "location", "googleMapsLinks", "attribution"}


def _boxes(views: list[dict[str, Any]], key: str, keys: frozenset[str]) -> list[Any] | None:
    """The ``key`` dicts of ``views`` (absent ones left out) when each holds only ``keys``."""
    found = list(map(dict.get, views, repeat(key)))
    if not set(map(type, found)) <= _DICT_OR_NONE:
        return None
    boxes = list(filter(None, found))
    return boxes if all(map(keys.issuperset, boxes)) else None


def _plain_view(view: Any) -> bool:
    """Whether one PlaceView validates as is (for short lists: no per-column set-up)."""
    if type(view) is not dict:
        return False
    get = view.get
    links, credit, where = get("googleMapsLinks"), get("attribution"), get("location")
    if (  # the live shape, checked without building sets of types
        view.keys() == _LIVE_VIEW
        and type(get("place")) is str
        and type(get("id")) is str
        and type(links) is dict
        and type(credit) is dict
        and type(where) is dict
        and links.keys() <= _PLAIN_LINKS
        and _STRINGS.issuperset(map(type, links.values()))
        and credit.keys() <= _PLAIN_CREDIT
        and _STRINGS.issuperset(map(type, credit.values()))
        and where.keys() <= _PLAIN_LOCATION
        and _NUMBERS.issuperset(map(type, where.values()))
    ):
        return True
    if not (
        {type(get("place")), type(get("id")), type(get("google_maps_links"))} <= _STRINGS
        and get("google_maps_links") is None
        and {type(links), type(credit), type(where)} <= _DICT_OR_NONE
    ):
        return False
    if links is not None and not (
        links.keys() <= _PLAIN_LINKS and set(map(type, links.values())) <= _STRINGS
    ):
        return False
    if credit is not None and not (
        credit.keys() <= _PLAIN_CREDIT and set(map(type, credit.values())) <= _STRINGS
    ):
        return False
    return where is None or (
        where.keys() <= _PLAIN_LOCATION and set(map(type, where.values())) <= _NUMBERS
    )


def _plain_views(views: list[Any]) -> bool:
    """Whether every PlaceView of ``views`` validates as is (column by column, in C loops)."""
    if len(views) < 32:
        return all(map(_plain_view, views))
    if set(map(type, views)) != {dict}:
        return False
    if not (_field_types(views, "place") | _field_types(views, "id")) <= _STRINGS:
        return False
    if not _field_types(views, "google_maps_links") <= {type(None)}:
        return False
    links = _boxes(views, "googleMapsLinks", _PLAIN_LINKS)
    credits = _boxes(views, "attribution", _PLAIN_CREDIT)
    where = _boxes(views, "location", _PLAIN_LOCATION)
    if links is None or credits is None or where is None:
        return False
    # the boxes hold only their keys (an absent one reads as None, or 0.0 for a coordinate,
    # both allowed): the types of their values are what a pass per key would find
    texts = set(map(type, chain.from_iterable(map(dict.values, links))))
    texts |= set(map(type, chain.from_iterable(map(dict.values, credits))))
    numbers = set(map(type, chain.from_iterable(map(dict.values, where))))
    return texts <= _STRINGS and numbers <= _NUMBERS


def _plain_text_fields(data: dict[str, Any], *keys: str) -> bool:
    return all(_opt_str(data.get(key)) for key in keys)


def _plain_items(items: list[Any]) -> bool:
    """Whether every along-route result of ``items`` validates as is (column by column)."""
    if not items:
        return True
    if set(map(type, items)) != {dict}:
        return False
    places = list(map(dict.get, items, repeat("place")))
    if not set(map(type, places)) <= _DICT_OR_NONE or not _plain_views(list(filter(None, places))):
        return False
    for key in ("detourSummary", "detour_summary"):
        detours = list(map(dict.get, items, repeat(key)))
        if not set(map(type, detours)) <= _DICT_OR_NONE:
            return False
        found = list(filter(None, detours))
        texts = ("localizedDetourDistance", "localized_detour_distance")
        if not (_field_types(found, texts[0]) | _field_types(found, texts[1])) <= _STRINGS:
            return False
        durations = list(map(dict.get, found, repeat("detourDuration")))
        durations += map(dict.get, found, repeat("detour_duration"))
        if not set(map(type, durations)) <= _STRINGS:
            return False
        if not all(_wire.duration_ns(d) is not None for d in set(durations) - {None, ""}):
            return False
    return True


def _plain_entity(entity: Any) -> bool:
    return entity is None or (type(entity) is dict and _opt_str(entity.get("place")))


def _plain_resolution(data: dict[str, Any]) -> bool:
    for key in ("failedRequests", "failed_requests"):
        failed = data.get(key)
        if failed is not None and (
            type(failed) is not dict or not all(type(k) is str for k in failed)
        ):
            return False
    return _plain_text_fields(data, "saveToMapsUrl", "save_to_maps_url")


# ----------------------------------------------------------------------------- places
class PlacesResult(ToolResult):
    """Result of ``search_places``."""

    tool: ClassVar[str] = "search_places"
    _lazy: ClassVar[bool] = True
    places: list[PlaceView] = []
    summary: str | None = None
    content_token: str | None = None

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        places = data.get("places", [])
        return (
            type(places) is list
            and _plain_text_fields(data, "summary", "contentToken", "content_token")
            and _plain_views(places)
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per place, indexed by citation number (see :func:`mapsnb.frames.places_frame`)."""
        from mapsnb.frames import places_frame

        df = places_frame(self._raw or {}, source=self._source, request=self._request)
        df.attrs["hints"] = self.hints
        return df

    def to_geodataframe(self) -> Any:
        """Points in EPSG:4326 (needs the ``geo`` extra)."""
        from mapsnb.frames import to_geodataframe

        return to_geodataframe(self.to_frame())

    @property
    def hints(self) -> list[str]:
        """Why no place was found, and what to try."""
        if self._pending and _wire.g(self._raw, "places"):
            return []  # a plain payload with places: nothing to explain, nothing to validate
        if self.places or self._parse_errors:
            return []
        explained = " ".join(plain_text(self.summary).split())
        if explained:  # the server's own reason (unknown town, empty area, unknown phrase)
            return [f"no places found: {explained}"]
        if not (self._request.get("location_bias") or self._request.get("locationBias")):
            return [
                "no places found: name a place in the query (e.g. 'coffee in Paris') or pass "
                "location_bias=mapsnb.Circle((lat, lng), radius_m)"
            ]
        return [
            "no places found for this query near the location bias: widen the bias or the query"
        ]

    def _repr_counts(self) -> str:
        return f"places={len(self.places)}"


# ----------------------------------------------------------------------------- routes
class Route(_Model):
    """One route of ``compute_routes``."""

    distance_meters: float | None = None
    duration: Duration = None
    encoded_polyline: str | None = None
    retrieval_token: str | None = None
    attribution: Attribution | None = None

    def path(self) -> list[tuple[float, float]]:
        """The decoded ``(lat, lng)`` vertices (empty without a polyline)."""
        from mapsnb.polyline import decode

        return decode(self.encoded_polyline) if self.encoded_polyline else []


class RoutesResult(ToolResult):
    """Result of ``compute_routes``; ``routes[0]`` is the recommended route."""

    tool: ClassVar[str] = "compute_routes"
    routes: list[Route] = []
    _issued_at: dt.datetime | None = PrivateAttr(default=None)

    @property
    def issued_at(self) -> dt.datetime | None:
        """When the result arrived (UTC); retrieval tokens expire 10 minutes later."""
        return self._issued_at

    @property
    def token_expires_at(self) -> dt.datetime | None:
        """When the retrieval tokens of this result stop working."""
        if self._issued_at is None:
            return None
        return self._issued_at + dt.timedelta(minutes=settings.retrieval_token_minutes)

    @property
    def travel_mode(self) -> str:
        return str(self._request.get("travel_mode", "DRIVE"))

    @property
    def warnings(self) -> list[str]:
        """Warnings the app must show with these routes (the WALK beta warning)."""
        if self.travel_mode == "WALK":
            return [WALK_WARNING]
        return []

    def to_frame(self) -> pd.DataFrame:
        """One row per route (see :func:`mapsnb.frames.routes_frame`)."""
        from mapsnb.frames import routes_frame

        df = routes_frame(
            self._raw or {}, source=self._source, request=self._request, issued_at=self._issued_at
        )
        df.attrs["hints"] = self.hints
        return df

    def path_frame(self) -> pd.DataFrame:
        """One row per vertex of every route (see :func:`mapsnb.frames.route_path_frame`).

        Warns (:class:`~mapsnb.errors.EmptyResultWarning`) when the routes carry no polyline.
        """
        from mapsnb.frames import route_path_frame

        df = route_path_frame(self._raw or {}, source=self._source)
        if self.routes and df.empty:
            warnings.warn(
                "these routes carry no polyline, so the path frame is empty: call "
                "compute_routes(..., include_polyline=True)",
                EmptyResultWarning,
                stacklevel=2,
            )
        return df

    @property
    def hints(self) -> list[str]:
        """Why no route was found, and what to try."""
        if self.routes or self._parse_errors:
            return []
        mode = self.travel_mode
        return [
            f"no {mode} route found between these places: they may not be connected for "
            f"{mode} (a sea between them, or too far for this mode); try another travel_mode "
            "or split the trip"
        ]

    def to_geodataframe(self) -> Any:
        """LineStrings in EPSG:4326 (needs the ``geo`` extra)."""
        from mapsnb.frames import to_geodataframe

        return to_geodataframe(self.to_frame())

    def _repr_counts(self) -> str:
        return f"routes={len(self.routes)}"


WALK_WARNING = (
    "Walking directions are in beta: this route may be missing clear sidewalks or pedestrian paths."
)


# ------------------------------------------------------------------------ along route
class DetourSummary(_Model):
    detour_duration: Duration = None
    localized_detour_distance: str | None = None


class AlongRouteItem(_Model):
    place: PlaceView | None = None
    detour_summary: DetourSummary | None = None


class AlongRouteResult(ToolResult):
    """Result of ``search_along_route``: ranked places with their detours."""

    tool: ClassVar[str] = "search_along_route"
    _lazy: ClassVar[bool] = True
    results: list[AlongRouteItem] = []
    summary: str | None = None
    content_token: str | None = None

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        results = data.get("results", [])
        return (
            type(results) is list
            and _plain_text_fields(data, "summary", "contentToken", "content_token")
            and _plain_items(results)
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per result in rank order (see :func:`mapsnb.frames.along_route_frame`)."""
        from mapsnb.frames import along_route_frame

        return along_route_frame(self._raw or {}, source=self._source, request=self._request)

    def to_geodataframe(self) -> Any:
        """Points in EPSG:4326 (needs the ``geo`` extra)."""
        from mapsnb.frames import to_geodataframe

        return to_geodataframe(self.to_frame())

    def _repr_counts(self) -> str:
        return f"results={len(self.results)}"


# ------------------------------------------------------------------------ environment
class AttributionList(list[Attribution]):
    """A list of :class:`Attribution` that can also be indexed by domain
    (``result.attributions["air_quality"]``)."""

    def __init__(self, items: list[Attribution], by_domain: dict[str, list[Attribution]]) -> None:
        super().__init__(items)
        self.by_domain = by_domain

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.by_domain.get(key, [])
        return super().__getitem__(key)


class EnvironmentResult(ToolResult):
    """Result of ``lookup_weather``: weather, air quality and pollen (either response mode).

    The containers stay available as dicts (``weather_data``, ``air_quality_data``,
    ``pollen_data``); the attributes ``current_weather``, ``hourly_weather``, ``daily_weather``,
    ``air_quality``, ``pollutants``, ``health_recommendations`` and ``pollen`` are DataFrames.
    """

    tool: ClassVar[str] = "lookup_weather"
    time_zone: Any = None
    weather_data: dict[str, Any] | None = Field(None, validation_alias=AliasChoices("weather"))
    air_quality_data: dict[str, Any] | None = Field(
        None, validation_alias=AliasChoices("airQuality", "air_quality")
    )
    pollen_data: dict[str, Any] | None = Field(None, validation_alias=AliasChoices("pollen"))

    @property
    def zone(self) -> str | None:
        """The location's IANA time zone."""
        tz = self.time_zone
        if isinstance(tz, Mapping):
            tz = tz.get("id")
        return tz if isinstance(tz, str) else None

    @property
    def domains(self) -> list[str]:
        """The domains present in the response (``weather``, ``air_quality``, ``pollen``)."""
        found = [
            name
            for name, value in (
                ("weather", self.weather_data),
                ("air_quality", self.air_quality_data),
                ("pollen", self.pollen_data),
            )
            if value is not None
        ]
        if not found and self.is_legacy:
            found.append("weather")
        return found

    @property
    def returned_location(self) -> LatLng | None:
        """The location the server says the weather is for (``returnedLocation``), or ``None``."""
        for where in (self._raw, _wire.g(self._raw, "weather")):
            loc = _wire.g(where, "returnedLocation") if isinstance(where, Mapping) else None
            if isinstance(loc, Mapping):
                lat, lng = _wire.lat_lng(loc)
                return None if lat != lat or lng != lng else LatLng(lat, lng)
        return None

    @property
    def is_legacy(self) -> bool:
        """True for the legacy flat response mode (REAL_SERVER.md)."""
        return _wire.is_legacy_weather(self._raw)

    def _frame(self, name: str) -> pd.DataFrame:
        from mapsnb import frames
        from mapsnb.frames._environment import request_context

        df = getattr(frames, name)(self._raw or {}, source=self._source)
        for key, value in request_context(self.request, self.zone).items():
            df.attrs.setdefault(key, value)  # place, mode, capabilities: for titles and errors
        if self._asked_at is not None:
            df.attrs.setdefault("now", self._asked_at)  # the client's clock: the "now" line
        return df

    @property
    def current_weather(self) -> pd.DataFrame:
        """Current conditions, one row (local time)."""
        return self._frame("current_weather_frame")

    @property
    def hourly_weather(self) -> pd.DataFrame:
        """Hourly weather records (local time)."""
        return self._frame("hourly_weather_frame")

    @property
    def daily_weather(self) -> pd.DataFrame:
        """Daily forecasts."""
        return self._frame("daily_weather_frame")

    @property
    def air_quality(self) -> pd.DataFrame:
        """Air quality, one row per hour × index (long; see ``air_quality_wide`` to plot)."""
        return self._frame("air_quality_frame")

    @property
    def air_quality_wide(self) -> pd.DataFrame:
        """Air quality wide: one row per hour, one column per index code holding its AQI.

        ``env.air_quality`` is long (one row per hour × index), so
        ``env.air_quality.plot(x="time", y="aqi")`` zig-zags between the indexes. Plot the wide
        view instead — ``env.air_quality_wide.plot()``, one line per index — or one index with
        its category bands: ``mapsnb.charts.plot_air_quality(env, "uaqi")``. Indexes have
        different scales (UAQI 0–100, higher is better; ATMO 1–6, lower is better).
        """
        from mapsnb.frames._environment import air_quality_wide

        return air_quality_wide(self.air_quality)

    @property
    def pollutants(self) -> pd.DataFrame:
        """Pollutant concentrations, one row per hour × pollutant."""
        return self._frame("pollutants_frame")

    @property
    def health_recommendations(self) -> pd.DataFrame:
        """Health recommendations, one row per hour × group."""
        return self._frame("health_recommendations_frame")

    @property
    def pollen(self) -> pd.DataFrame:
        """Pollen, one row per day × type or plant."""
        return self._frame("pollen_frame")

    @property
    def attributions(self) -> AttributionList:
        """All attributions; index by domain name for one domain's."""
        by_domain = {
            domain: [Attribution(**c) for c in credits]
            for domain, credits in _wire.domain_attributions(self._raw).items()
            if credits
        }
        return AttributionList(super().attributions, by_domain)

    def to_frame(self) -> pd.DataFrame:
        """The richest table the response has: air quality, else weather, else pollen."""
        for name in (
            "air_quality_frame",
            "hourly_weather_frame",
            "current_weather_frame",
            "daily_weather_frame",
            "pollen_frame",
        ):
            df = self._frame(name)
            if len(df):
                return df
        return self._frame("air_quality_frame")

    def _repr_counts(self) -> str:
        return f"domains={self.domains} time_zone={self.zone!r}"


# ------------------------------------------------------------------------- resolution
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

    def _html_body(self) -> str:
        if not self.save_to_maps_url:
            return ""
        if not self.save_to_maps_url.lower().startswith(("https://", "http://")):
            return ""
        url = html.escape(self.save_to_maps_url)
        return (
            f"<div><a href='{url}' target='_blank' rel='noopener'>"
            "Save these places to Google Maps</a></div>"
        )


class ResolvedNames(_Resolution):
    """Result of ``resolve_names``: one entry per query, in input order."""

    tool: ClassVar[str] = "resolve_names"
    _lazy: ClassVar[bool] = True
    results: list[ResolvedName | None] = []

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

    @field_validator("results", mode="before")
    @classmethod
    def _empty_is_failure(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [v if isinstance(v, Mapping) else None for v in value]
        return value

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
    entities: list[ResolvedEntity | None] = []

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        entities = data.get("entities", [])
        return (
            type(entities) is list
            and _plain_resolution(data)
            and all(type(e) is not dict or _plain_entity(e) for e in entities)
        )

    @field_validator("entities", mode="before")
    @classmethod
    def _empty_is_failure(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [v if isinstance(v, Mapping) else None for v in value]
        return value

    def to_frame(self) -> pd.DataFrame:
        """One row per URL (see :func:`mapsnb.frames.resolved_urls_frame`)."""
        from mapsnb.frames import resolved_urls_frame

        return resolved_urls_frame(self._raw or {}, source=self._source, request=self._request)

    def _repr_counts(self) -> str:
        return f"entities={len(self.entities)} failed={len(self.failures)}"


RESULT_TYPES: dict[str, type[ToolResult]] = {
    cls.tool: cls
    for cls in (
        PlacesResult,
        RoutesResult,
        AlongRouteResult,
        EnvironmentResult,
        ResolvedNames,
        ResolvedUrls,
    )
}
