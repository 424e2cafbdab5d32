"""Hypothesis profiles shared by the property tests (``tests/*/test_properties_*.py``).

``ci`` (the default) is derandomized — the same examples on every run, no example database —
so the suite is stable on CI; ``MAPSNB_HYPOTHESIS_PROFILE=long`` draws fresh random examples and
``MAPSNB_HYPOTHESIS_SCALE=10`` multiplies every example count (a longer fuzzing run).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = {
    "deadline": None,
    "database": None,
    "print_blob": True,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
}
settings.register_profile("ci", derandomize=True, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("long", derandomize=False, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("MAPSNB_HYPOTHESIS_PROFILE", "ci"))

SCALE = float(os.environ.get("MAPSNB_HYPOTHESIS_SCALE", "1"))


def examples(n: int) -> settings:
    """Settings running ``n`` examples (times ``MAPSNB_HYPOTHESIS_SCALE``)."""
    return settings(max_examples=max(1, int(n * SCALE)))
