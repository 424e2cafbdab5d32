"""``AreaOptions``: the arguments of ``client.search_area``, by name, as the method was given them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class AreaOptions:
    """The arguments of ``client.search_area``, as given; :class:`AreaSearch` checks them.

    See :meth:`ToolMethods.search_area <mapsnb._calls.tools.ToolMethods.search_area>`.
    """

    text_query: str
    area: Any
    page_size: int | None
    max_depth: int | None
    tile_m: float | None
    radius_m: float
    language_code: str | None
    region_code: str | None
    include_extended_details: bool | None
    max_calls: int | None
    dry_run: bool
    progress: bool
    resume: pd.DataFrame | None
