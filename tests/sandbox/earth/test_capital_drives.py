"""Drives that must exist: towns the emulator cut off from their country's capital (round 30).

``benchmarks/bench_capital_drives.py`` asks a route from towns to their capital; on 575a90b
these had none though a road joins them:

- Bandar-e Emam Khomeyni (Iran): the town stands on land between the khors of Khor Musa that
  the grid cut (GSHHG has the khors' heads as water, the planners read land within half a
  1/240° cell of water as wet). ``data/neck_cells.bin`` now holds the land GSHHG and
  OpenStreetMap share round it (``tools/build_neck_land.py``'s ``CHECKED``). Truth: the road to
  Mahshahr, Ahvaz and Tehran (Wikipedia, "Bandar Imam Khomeini"); Mahshahr and Ahvaz were not
  tuned on (only Tehran was asked while building).
- Takamatsu and the rest of Shikoku (Japan): the Great Seto Bridge (Kojima–Sakaide, no footway)
  was missing from ``data/links.csv``. Truth: the Seto-Chūō Expressway over the bridge
  (Wikipedia, "Great Seto Bridge"); Tokushima-Okayama was not tuned on.
- Kotka (Finland): its centre on Kotkansaari is joined to Hovinsaari and the mainland by three
  road bridges over the Kivisalmi sound, about 15 m wide (kanaler.arnholm.nu, "Kivisalmi
  sund"); the grid reads the sound's banks as water, ``links.csv`` now lists the crossing.
  Truth: road 15 to Kouvola and the E18 to Helsinki; Kouvola was not tuned on.
- Link ends on land the grid cuts from the land they serve: the Confederation Bridge's New
  Brunswick end on Cape Jourimain's spit (every drive off Prince Edward Island was no route)
  and the Ketapang–Gilimanuk ferry's Bali end (Singaraja's drive to Jakarta) now lie on the
  land the roads run on. Truth: the Trans-Canada Highway over the bridge (Wikipedia,
  "Confederation Bridge"); the ferry and Bali's west road (Wikipedia, "Gilimanuk");
  Summerside-Halifax and Negara-Surabaya were not tuned on (Charlottetown and Singaraja were).
- Mindanao (round 31): the Liloan–Lipata ferry's Mindanao end lay on an island off Surigao
  (in GSHHG and OSM alike), so no drive left Mindanao. It now lies at Lipata, Surigao City
  (GeoNames 1706077, the barangay whose port the ferry uses: Philippine Ports Authority
  notices via PIA, MindaNews). Truth: the Maharlika (Pan-Philippine) Highway over the ferry to
  Leyte; Butuan-Tacloban was not tuned on (Surigao-Tacloban was). Mindanao's drives north
  then stopped on Leyte: the San Juanico Strait (Leyte-Samar) had no link, and the grid stepped
  over it only on shorter legs. ``links.csv`` now lists the San Juanico Bridge (Wikipedia's
  point and length). Truth: the Maharlika Highway over the bridge, the Matnog–Allen ferry and on
  to Manila; Tacloban-Catbalogan on foot (the bridge has a footway) was not tuned on.
- Islands with a car ferry ``links.csv`` lacked (round 31): Phú Quốc (Vietnam), Thạnh Thới's
  car ferry from Hà Tiên to Bãi Vòng port, Hàm Ninh (Thanh Niên, 2025-02-21; Báo Cần Thơ);
  Nias (Indonesia), ASDP's KMP Jatra II from Sibolga to Gunungsitoli (since 2025-06-13, cars
  and trucks: Ungkap Fakta, 2025-07-14; Energi News). Ends at the towns' GeoNames points.
  Truth: the ferries and the roads beyond; Phú Quốc-Ho Chi Minh City and Gunungsitoli-Medan
  were not tuned on (Phú Quốc-Hanoi and Gunungsitoli-Jakarta were).

Lengths are bounded by the great circle (a road is no shorter) and by 1.6 times it plus 40 km.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import decode, haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.earth.crossings import crossings, open_water_beyond_links

NOW = "2026-09-18T15:00:00+00:00"
Point = tuple[float, float]
BANDAR_IMAM = (30.43698, 49.10288)
MAHSHAHR = (30.55552, 49.19822)
AHVAZ = (31.31901, 48.6842)
TEHRAN = (35.69439, 51.42151)
KOTKA = (60.4664, 26.94582)
KOUVOLA = (60.8679, 26.7042)
HELSINKI = (60.16952, 24.93545)
SUMMERSIDE = (46.3959, -63.7876)
HALIFAX = (44.6488, -63.5752)
NEGARA = (-8.3581, 114.6186)
SURABAYA = (-7.2492, 112.7508)
SURIGAO = (9.789, 125.495)
BUTUAN = (8.94917, 125.54361)
TACLOBAN = (11.24333, 125.00472)
CATBALOGAN = (11.775, 124.886)
MANILA = (14.6042, 120.9822)
PHU_QUOC = (10.28715, 104.01047)
HO_CHI_MINH = (10.82302, 106.62965)
GUNUNGSITOLI = (1.2888, 97.6143)
MEDAN = (3.58333, 98.66667)
TAKAMATSU = (34.3333, 134.05)
TOKUSHIMA = (34.0657, 134.5594)
OKAYAMA = (34.6551, 133.9195)


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now=NOW)


def _route(box: Sandbox, a: Point, b: Point, mode: str) -> tuple[float, list[Point]] | None:
    """``(km, path)`` of the first ``mode`` route, ``None`` when there is none."""
    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in (a, b)]
    out = box.call_tool(
        "compute_routes",
        {"origin": ll[0], "destination": ll[1], "travel_mode": mode, "include_polyline": True},
    )
    routes = out.get("routes") or []
    if not routes:
        return None
    return routes[0]["distanceMeters"] / 1000, decode(routes[0]["encodedPolyline"])


@pytest.mark.parametrize(
    ("a", "b", "mode"),
    [
        (BANDAR_IMAM, MAHSHAHR, "DRIVE"),
        (BANDAR_IMAM, MAHSHAHR, "WALK"),
        (BANDAR_IMAM, AHVAZ, "DRIVE"),
        (AHVAZ, BANDAR_IMAM, "WALK"),
        (BANDAR_IMAM, TEHRAN, "DRIVE"),
        (TAKAMATSU, OKAYAMA, "DRIVE"),
        (TOKUSHIMA, OKAYAMA, "DRIVE"),
        (KOTKA, KOUVOLA, "DRIVE"),
        (KOUVOLA, KOTKA, "WALK"),
        (KOTKA, HELSINKI, "DRIVE"),
        (SUMMERSIDE, HALIFAX, "DRIVE"),
        (NEGARA, SURABAYA, "DRIVE"),
        (SURIGAO, TACLOBAN, "DRIVE"),
        (BUTUAN, TACLOBAN, "DRIVE"),
        (TACLOBAN, CATBALOGAN, "DRIVE"),
        (TACLOBAN, CATBALOGAN, "WALK"),
        (SURIGAO, MANILA, "DRIVE"),
        (PHU_QUOC, HO_CHI_MINH, "DRIVE"),
        (GUNUNGSITOLI, MEDAN, "DRIVE"),
    ],
)
def test_a_town_cut_off_before_has_a_route(box: Sandbox, a: Point, b: Point, mode: str) -> None:
    found = _route(box, a, b, mode)
    line = haversine_m(*a, *b) / 1000
    assert found is not None, (a, b, mode)
    assert line <= found[0] <= 1.6 * line + 40, (a, b, mode, found[0], line)


def test_shikoku_to_honshu_crosses_on_the_great_seto_bridge(box: Sandbox) -> None:
    """The drive leaves Shikoku on the bridge's ends, not across the Seto Inland Sea."""
    seto = next(x for x in crossings() if x.name == "Great Seto Bridge")
    found = _route(box, TAKAMATSU, OKAYAMA, "DRIVE")
    assert found is not None
    for end in (seto.a, seto.b):
        assert min(haversine_m(*p, *end) for p in found[1]) < 300, end


def test_no_walk_over_the_great_seto_bridge(box: Sandbox) -> None:
    """The bridge has no footway: a walk from Shikoku to Honshu has no route."""
    assert _route(box, TAKAMATSU, OKAYAMA, "WALK") is None


def test_mindanao_to_leyte_crosses_on_the_lipata_ferry(box: Sandbox) -> None:
    """The drive leaves Mindanao at Lipata's pier and lands at Liloan's, on land either side."""
    ferry = next(x for x in crossings() if x.name == "Liloan–Lipata ferry")
    found = _route(box, SURIGAO, TACLOBAN, "DRIVE")
    assert found is not None
    for end in (ferry.a, ferry.b):
        assert min(haversine_m(*p, *end) for p in found[1]) < 300, end
    assert open_water_beyond_links(found[1]) == 0.0


def test_leyte_to_samar_crosses_on_the_san_juanico_bridge(box: Sandbox) -> None:
    """The drive from Tacloban to Samar takes the bridge's ends, and no other water."""
    bridge = next(x for x in crossings() if x.name == "San Juanico Bridge")
    found = _route(box, TACLOBAN, CATBALOGAN, "DRIVE")
    assert found is not None
    for end in (bridge.a, bridge.b):
        assert min(haversine_m(*p, *end) for p in found[1]) < 300, end
    assert open_water_beyond_links(found[1]) == 0.0
