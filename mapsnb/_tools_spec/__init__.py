"""The six tools described once: arguments, limits, billing, batches, result type, frames.

Each tool is a frozen :class:`Tool`: its Python arguments (what the client's method takes, in
its order, the main one first: a batch's list or Series values), their types as the methods
annotate them and their limits; the top-level wire parameters of the reference (``mapsnb
doctor`` compares a live ``tools/list`` with them); its billing tier and the options that make
a call Pro; how a batch packs its rows; its result type; and the columns of its frames.

Everything that needs a tool's shape reads it here: the input limits (:mod:`mapsnb._limits`,
which the argument checks and the emulator read), the known tools, billing, the batches'
arguments, packing and tables, ``RESULT_TYPES``, the frames' column lists and the tool tables
of README.md and docs/TOOLS.md (``tools/describe_tools.py`` writes them). The public methods
stay written out; ``tests/calls/test_tools_spec.py`` holds them to this description.
"""

from mapsnb._tools_spec._model import Argument, Frame, Param, ProOption, Tool
from mapsnb._tools_spec._tools import (
    CAPABILITIES,
    ESSENTIALS,
    FIELD_LENGTHS,
    FREE,
    MAX_BATCH,
    MAX_PAGE_SIZE,
    MAX_WAYPOINTS,
    PRO,
    PRO_PAGE_SIZE,
    PRO_WAYPOINTS,
    ROUTING_PREFERENCES,
    TIERS,
    TOOLS,
    TRAVEL_MODES,
    UNITS,
    described,
    frame_columns,
)

__all__ = [
    "CAPABILITIES",
    "ESSENTIALS",
    "FIELD_LENGTHS",
    "FREE",
    "MAX_BATCH",
    "MAX_PAGE_SIZE",
    "MAX_WAYPOINTS",
    "PRO",
    "PRO_PAGE_SIZE",
    "PRO_WAYPOINTS",
    "ROUTING_PREFERENCES",
    "TIERS",
    "TOOLS",
    "TRAVEL_MODES",
    "UNITS",
    "Argument",
    "Frame",
    "Param",
    "ProOption",
    "Tool",
    "described",
    "frame_columns",
]
