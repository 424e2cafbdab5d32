"""The pollen frame of ``lookup_weather``: one row per day x (pollen type or plant)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd

from mapsnb._read.wire import domain_attributions, g, has, hex_color, num, records, rounded
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._tables import _listed, civil_dates, finish, flags, frame

#: The columns of a pollen frame (the tools' description).
POLLEN_COLUMNS = frame_columns("lookup_weather", "pollen")
_POLLEN_DAY_KEYS = ("dailyInfo", "daily", "days", "dailyForecasts", "forecastDays")


def _pollen_days(payload: Any) -> list[Mapping[str, Any]]:
    pollen = g(payload, "pollen")
    if not isinstance(pollen, Mapping):
        return []
    days = _listed(pollen, _POLLEN_DAY_KEYS)
    if not days and (has(pollen, "pollenTypeInfo") or has(pollen, "plantInfo")):
        days = [pollen]
    return days


def pollen_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Pollen, one row per day x (pollen type or plant): ``kind`` is ``"type"`` or ``"plant"``.

    ``upi`` is ``Int64`` 0–5 (NA without ``indexInfo``); a missing ``inSeason`` reads False.
    """
    cols: dict[str, Any] = {c: [] for c in POLLEN_COLUMNS}
    for day in _pollen_days(payload):
        when = g(day, "date")
        for kind, key in (("type", "pollenTypeInfo"), ("plant", "plantInfo")):
            for item in records(g(day, key)):
                info = g(item, "indexInfo")
                if info is None:
                    info = g(item, "index")
                value = num(info, "value")
                cols["date"].append(when)
                cols["kind"].append(kind)
                cols["code"].append(g(item, "code"))
                cols["name"].append(g(item, "displayName"))
                cols["upi"].append(rounded(value))
                cols["category"].append(g(info, "category"))
                cols["in_season"].append(g(item, "inSeason") is True)
                cols["index_description"].append(g(info, "indexDescription"))
                cols["color"].append(hex_color(g(info, "color")))
    cols["date"] = civil_dates(cols["date"])
    cols["upi"] = pd.array(cols["upi"], dtype="Int64")
    cols["in_season"] = flags(cols["in_season"])
    df = frame(cols, POLLEN_COLUMNS)
    return finish(df, source, domain_attributions(payload)["pollen"], kind="pollen")
