"""Routes answered the same whatever was asked before: cold (a fresh process), after other
routes, in reverse order, and asked again (the emulator is sold as deterministic).

Each answer is the whole ``compute_routes`` payload (distance, duration, polyline, token)
and the steps of work the call was charged (what decides ``DEADLINE_EXCEEDED`` and the
planners' cuts): a cached result must cost a call what it cost to compute
(:func:`~mapsnb_sandbox.contract.budget.charged_cache`). Routes of every class, none of them a
benchmark corpus's or a holdout's pair: DRIVE, WALK, BICYCLE and TRANSIT, one with a waypoint,
ferries and fjords, and Edirne-Bursa, whose plans reach the half-bound cut (1.3 M steps of
work, 360,000 charged).
"""

from __future__ import annotations

import pytest

from tests.sandbox.earth.fresh_process import fresh_answer

#: Asks each route in order in one process; prints per route its payload and charged steps.
_ASK = """
import json, sys
import mapsnb_sandbox.emulator as em
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError
budgets, bounded = [], em.bounded
em.bounded = lambda b: budgets.append(b) or bounded(b)
sb = Sandbox(now="2026-09-18T15:00:00+00:00")
out = []
for a, b, mode, via in json.loads(sys.argv[1]):
    args = {"origin": {"address": a}, "destination": {"address": b}, "travel_mode": mode}
    if via:
        args["intermediate_waypoints"] = [{"address": via}]
    try:
        answer = sb.call_tool("compute_routes", args)
    except SandboxToolError as exc:
        answer = {"error": exc.status}
    out.append([json.dumps(answer, sort_keys=True), budgets[-1].used])
print(json.dumps(out))
"""

Route = tuple[str, str, str, str | None]

#: Four routes asked in every run of the suite.
FAST: list[Route] = [
    ("Izmit", "Tekirdağ", "DRIVE", None),  # over the Bosphorus: many linked plans
    ("Zadar", "Šibenik", "DRIVE", "Biograd na Moru"),
    ("La Spezia", "Lucca", "WALK", None),
    ("Tartu", "Pärnu", "TRANSIT", None),
]
#: Six more, asked in the slow run.
MORE: list[Route] = [
    ("Ghent", "Lille", "DRIVE", None),
    ("Otaru", "Asahikawa", "DRIVE", None),
    ("Coimbra", "Aveiro", "TRANSIT", None),
    ("Sopot", "Elbląg", "BICYCLE", None),
    ("Trondheim", "Molde", "DRIVE", None),  # fjords and ferries
    ("Edirne", "Bursa", "DRIVE", None),  # plans cut at half the work bound
]


def _ask(routes: list[Route]) -> list[tuple[str, int]]:
    """``(payload, steps charged)`` of each route asked in order in one fresh process."""
    return [tuple(x) for x in fresh_answer(_ASK, routes, timeout=300)]


def _same_in_any_order(routes: list[Route]) -> None:
    cold = [_ask([r])[0] for r in routes]  # each in a process of its own
    assert all('"routes"' in payload for payload, _ in cold), cold  # every one answered
    forward = _ask(routes + routes[::-1])  # warm, after the others; each asked twice
    backward = _ask(routes[::-1])
    for k, route in enumerate(routes):
        assert forward[k] == cold[k], (route, "after", routes[:k])
        assert forward[-1 - k] == cold[k], (route, "asked again")
        assert backward[-1 - k] == cold[k], (route, "after", routes[k + 1 :])


def test_routes_answer_the_same_cold_and_after_others() -> None:
    _same_in_any_order(FAST)


@pytest.mark.slow
def test_more_routes_answer_the_same_cold_and_after_others() -> None:
    _same_in_any_order(FAST + MORE)
