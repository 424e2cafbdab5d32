"""Sun and moon for the weather emulator: NOAA solar equations and a low-precision lunar model.

Accuracy is a minute or two for the sun and a few minutes for the moon, which is plenty for
synthetic forecasts. All instants are aware UTC datetimes.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

_J2000 = datetime(2000, 1, 1, 12, tzinfo=UTC)
_RAD = math.pi / 180.0
_SYNODIC_DAYS = 29.530588853
#: A reference new moon (2000-01-06 18:14 UTC).
_NEW_MOON_REF = datetime(2000, 1, 6, 18, 14, tzinfo=UTC)


def _centuries(t: datetime) -> float:
    """Julian centuries since J2000.0."""
    return (t - _J2000).total_seconds() / 86400.0 / 36525.0


def solar_terms(t: datetime) -> tuple[float, float]:
    """Declination (degrees) and equation of time (minutes) at ``t`` (NOAA spreadsheet)."""
    jc = _centuries(t)
    l0 = (280.46646 + jc * (36000.76983 + jc * 0.0003032)) % 360.0
    m = 357.52911 + jc * (35999.05029 - 0.0001537 * jc)
    e = 0.016708634 - jc * (0.000042037 + 0.0000001267 * jc)
    mr = m * _RAD
    c = (
        math.sin(mr) * (1.914602 - jc * (0.004817 + 0.000014 * jc))
        + math.sin(2 * mr) * (0.019993 - 0.000101 * jc)
        + math.sin(3 * mr) * 0.000289
    )
    app = l0 + c - 0.00569 - 0.00478 * math.sin((125.04 - 1934.136 * jc) * _RAD)
    eps0 = 23.0 + (26.0 + (21.448 - jc * (46.815 + jc * (0.00059 - jc * 0.001813))) / 60.0) / 60.0
    eps = eps0 + 0.00256 * math.cos((125.04 - 1934.136 * jc) * _RAD)
    decl = math.asin(math.sin(eps * _RAD) * math.sin(app * _RAD)) / _RAD
    y = math.tan(eps * _RAD / 2) ** 2
    l0r = l0 * _RAD
    eqt = (
        4.0
        * (
            y * math.sin(2 * l0r)
            - 2 * e * math.sin(mr)
            + 4 * e * y * math.sin(mr) * math.cos(2 * l0r)
            - 0.5 * y * y * math.sin(4 * l0r)
            - 1.25 * e * e * math.sin(2 * mr)
        )
        / _RAD
    )
    return decl, eqt


def solar_elevation(lat: float, lng: float, t: datetime) -> float:
    """Geometric solar elevation in degrees at instant ``t`` (UTC)."""
    decl, eqt = solar_terms(t)
    minutes = t.hour * 60 + t.minute + t.second / 60.0
    tst = (minutes + eqt + 4.0 * lng) % 1440.0
    ha = tst / 4.0 - 180.0
    cos_z = math.sin(lat * _RAD) * math.sin(decl * _RAD) + math.cos(lat * _RAD) * math.cos(
        decl * _RAD
    ) * math.cos(ha * _RAD)
    return 90.0 - math.acos(max(-1.0, min(1.0, cos_z))) / _RAD


def solar_noon(lng: float, near: datetime) -> datetime:
    """The solar noon (UTC) closest to ``near``."""
    best: datetime | None = None
    for shift in (-1, 0, 1):
        day = datetime(near.year, near.month, near.day, tzinfo=UTC) + timedelta(shift)
        _, eqt = solar_terms(day + timedelta(hours=12))
        cand = day + timedelta(minutes=720.0 - 4.0 * lng - eqt)
        if best is None or abs(cand - near) < abs(best - near):
            best = cand
    assert best is not None
    return best


def sun_events(
    lat: float, lng: float, local_noon: datetime
) -> tuple[datetime | None, datetime | None]:
    """Sunrise and sunset (UTC) of the local day whose civil noon is ``local_noon``.

    Returns ``None`` for an event that does not happen (polar day or polar night).
    """
    noon = solar_noon(lng, local_noon)
    decl, _ = solar_terms(noon)
    cos_ha = math.cos(90.833 * _RAD) / (
        math.cos(lat * _RAD) * math.cos(decl * _RAD) + 1e-12
    ) - math.tan(lat * _RAD) * math.tan(decl * _RAD)
    if abs(cos_ha) > 1.0:
        return None, None
    ha_minutes = 4.0 * math.acos(cos_ha) / _RAD
    return noon - timedelta(minutes=ha_minutes), noon + timedelta(minutes=ha_minutes)


# --------------------------------------------------------------------------- moon


def moon_age_fraction(t: datetime) -> float:
    """Fraction of the synodic month elapsed at ``t`` (0 = new, 0.5 = full)."""
    days = (t - _NEW_MOON_REF).total_seconds() / 86400.0
    return (days / _SYNODIC_DAYS) % 1.0


_PRINCIPAL = (
    (0.0, "NEW_MOON"),
    (0.25, "FIRST_QUARTER"),
    (0.5, "FULL_MOON"),
    (0.75, "LAST_QUARTER"),
)


def moon_phase(start: datetime, end: datetime) -> str:
    """Moon phase name of the day [start, end): a principal phase if it happens that day."""
    f0 = moon_age_fraction(start)
    span = (end - start).total_seconds() / 86400.0 / _SYNODIC_DAYS
    for target, name in _PRINCIPAL:
        if (target - f0) % 1.0 < span:
            return name
    mid = (f0 + span / 2) % 1.0
    if mid < 0.25:
        return "WAXING_CRESCENT"
    if mid < 0.5:
        return "WAXING_GIBBOUS"
    if mid < 0.75:
        return "WANING_GIBBOUS"
    return "WANING_CRESCENT"


def _moon_altitude(lat: float, lng: float, t: datetime) -> float:
    """Topocentric-corrected lunar altitude minus the rise/set threshold, in degrees."""
    jc = _centuries(t)

    def s(a: float, b: float) -> float:
        return math.sin((a + b * jc) * _RAD)

    lam = (
        218.32
        + 481267.881 * jc
        + 6.29 * s(135.0, 477198.87)
        - 1.27 * s(259.3, -413335.36)
        + 0.66 * s(235.7, 890534.22)
        + 0.21 * s(269.9, 954397.74)
        - 0.19 * s(357.5, 35999.05)
        - 0.11 * s(186.5, 966404.03)
    )
    beta = (
        5.13 * s(93.3, 483202.02)
        + 0.28 * s(228.2, 960400.89)
        - 0.28 * s(318.3, 6003.15)
        - 0.17 * s(217.6, -407332.21)
    )
    parallax = 0.9508 + 0.0518 * math.cos((135.0 + 477198.87 * jc) * _RAD)
    eps = 23.439 * _RAD
    lr, br = lam * _RAD, beta * _RAD
    x = math.cos(br) * math.cos(lr)
    y = math.cos(eps) * math.cos(br) * math.sin(lr) - math.sin(eps) * math.sin(br)
    z = math.sin(eps) * math.cos(br) * math.sin(lr) + math.cos(eps) * math.sin(br)
    ra = math.atan2(y, x)
    dec = math.asin(z)
    days = (t - _J2000).total_seconds() / 86400.0
    gmst = (280.46061837 + 360.98564736629 * days) % 360.0
    ha = (gmst + lng) * _RAD - ra
    alt = math.asin(
        math.sin(lat * _RAD) * math.sin(dec) + math.cos(lat * _RAD) * math.cos(dec) * math.cos(ha)
    )
    return alt / _RAD - (0.7275 * parallax - 0.5667)


def moon_events(
    lat: float, lng: float, start: datetime, end: datetime
) -> tuple[list[datetime], list[datetime]]:
    """Moonrise and moonset instants (UTC) within [start, end), found by hourly sampling."""
    rises: list[datetime] = []
    sets: list[datetime] = []
    steps = max(1, round((end - start).total_seconds() / 3600.0))
    step = (end - start) / steps
    t0, a0 = start, _moon_altitude(lat, lng, start)
    for i in range(1, steps + 1):
        t1 = start + step * i
        a1 = _moon_altitude(lat, lng, t1)
        if (a0 < 0) != (a1 < 0):
            lo, hi, alo, ahi = t0, t1, a0, a1
            for _ in range(2):  # regula falsi refinement
                mid = lo + (hi - lo) * (alo / (alo - ahi))
                amid = _moon_altitude(lat, lng, mid)
                if (amid < 0) == (alo < 0):
                    lo, alo = mid, amid
                else:
                    hi, ahi = mid, amid
            when = lo + (hi - lo) * (alo / (alo - ahi))
            if start <= when < end:
                (rises if a0 < 0 else sets).append(when)
        t0, a0 = t1, a1
    return rises, sets
