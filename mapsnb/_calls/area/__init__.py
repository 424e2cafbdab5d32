"""``search_area``: a whole area in one call — tiles, quadrants of full tiles, one deduplicated frame."""

from mapsnb._calls.area.drivers import search_area
from mapsnb._calls.area.options import AreaOptions
from mapsnb._calls.area.report import Coverage

__all__ = ["AreaOptions", "Coverage", "search_area"]
