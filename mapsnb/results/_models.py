"""The wire models the results share: Durations, attributions, coordinates, links and places."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AliasChoices, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.alias_generators import to_camel

from mapsnb._read import wire as _wire


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
    """Return a link field read as ``…Url`` (the tools' reference) or ``…Uri`` (the Places API)."""
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
    def __geo_interface__(self) -> dict[str, Any]:
        """The place as a GeoJSON Point (``shapely.geometry.shape(place)``).

        An empty GeometryCollection when the answer gave no location.
        """
        if self.location is None:
            return {"type": "GeometryCollection", "geometries": []}
        return {"type": "Point", "coordinates": [self.location.longitude, self.location.latitude]}

    @property
    def place_id(self) -> str | None:
        """The place id (from ``id``, else from ``places/ID``)."""
        return _wire.place_ids({"id": self.id, "place": self.place})[0]
