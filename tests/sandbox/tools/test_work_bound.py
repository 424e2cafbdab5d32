"""Issue 43, class 1: every emulator call has a work bound, checked in the planners' hot loops.

A call needing more work than its budget stops with ``DEADLINE_EXCEEDED`` saying the emulator's
work bound was hit (a tool error, answered as an MCP ``isError`` result); a cancelled budget stops
the work at its next check with ``WorkCancelled``. Random waypoints (hypothesis) under a tiny
budget: every call returns or raises a named error, and within the bound.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.budget import (
    Budget,
    WorkBoundExceeded,
    WorkCancelled,
    bounded,
    check,
    current,
)
from mapsnb_sandbox.contract.common import SandboxToolError
from mapsnb_sandbox.serve.endpoint import McpEndpoint, call_result
from tests.hypothesis_setup import examples
from tests.sandbox.pathological import wire_arguments

NOW = "2026-09-18T08:00:00-07:00"
#: A tiny budget: what one hypothesis example may spend (an ordinary call spends less).
TINY_STEPS = 4_000
#: Seconds any call under the tiny budget must end within, on a loaded 2-core machine (the
#: work itself is a fraction of a second).
GENEROUS_S = 20.0
NAMED = {"INVALID_ARGUMENT", "NOT_FOUND", "FAILED_PRECONDITION", "DEADLINE_EXCEEDED"}


# ---------------------------------------------------------------------------- the budget


def test_a_step_budget_stops_the_work_with_a_named_error() -> None:
    budget = Budget(steps=100, seconds=None, what="compute_routes")
    with bounded(budget), pytest.raises(WorkBoundExceeded) as caught:
        for _ in range(1000):
            check()
    assert caught.value.status == "DEADLINE_EXCEEDED"
    assert "work bound was hit" in str(caught.value) and "compute_routes" in str(caught.value)
    assert budget.used == 101  # stopped at the first step over the budget


def test_a_deadline_stops_the_work_with_a_named_error() -> None:
    budget = Budget(steps=None, seconds=0.05)
    start = time.monotonic()
    with bounded(budget), pytest.raises(WorkBoundExceeded, match="work bound was hit"):
        while True:
            check()
    assert time.monotonic() - start < GENEROUS_S


def test_a_cancelled_budget_or_its_cancelled_parent_stops_the_work() -> None:
    parent = Budget(steps=None, seconds=None)
    child = Budget(parent=parent)
    with bounded(child):
        check()
        parent.cancel()  # the caller gave up: the child sees it at its next look
        with pytest.raises(WorkCancelled):
            for _ in range(1000):
                check()


def test_outside_a_call_checks_bound_nothing_and_calls_do_not_share_budgets() -> None:
    for _ in range(10_000):
        check()  # no budget open: free
    seen: list[Budget] = []

    def worker() -> None:
        with bounded(Budget(steps=10)):
            seen.append(current())

    thread = threading.Thread(target=worker)
    with bounded(Budget(steps=5)) as mine:
        thread.start()
        thread.join()
        assert current() is mine
    assert seen and seen[0] is not mine and seen[0].steps == 10


# ------------------------------------------------------------- the pathological call


def test_the_pathological_route_hits_the_work_bound_by_name() -> None:
    sandbox = Sandbox(now=NOW, work_steps=20_000, work_seconds=None)
    start = time.monotonic()
    with pytest.raises(SandboxToolError) as caught:
        sandbox.call_tool("compute_routes", wire_arguments())
    assert time.monotonic() - start < GENEROUS_S
    assert caught.value.status == "DEADLINE_EXCEEDED"
    assert "work bound was hit" in caught.value.message


def test_the_work_bound_is_an_mcp_error_result_naming_it() -> None:
    sandbox = Sandbox(now=NOW, work_steps=20_000)
    result = call_result(sandbox, "compute_routes", wire_arguments())
    assert result["isError"] is True
    text = result["content"][0]["text"]
    assert text.startswith("DEADLINE_EXCEEDED: ") and "work bound was hit" in text


def test_a_caller_budget_cancels_the_call_in_progress() -> None:
    """The in-process link and the served emulator open a budget around the call: cancelling
    it (the caller's timeout, a disconnection) stops the work at its next check. No step
    bound: once earlier tests cached the walk's legs, it is charged them at once and hits its
    bound (the same answer as cold) before the caller gives up."""
    sandbox = Sandbox(now=NOW, work_steps=None)
    caller = Budget(steps=None, seconds=None)
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            with bounded(caller):
                sandbox.call_tool("compute_routes", wire_arguments())
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(0.5)
    caller.cancel()
    thread.join(GENEROUS_S)
    assert not thread.is_alive(), "the cancelled call kept running"
    assert outcome and isinstance(outcome[0], WorkCancelled)


def test_the_in_process_endpoint_answers_the_work_bound_as_a_tool_error() -> None:
    sandbox = Sandbox(now=NOW, work_steps=20_000)
    body = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": "compute_routes", "arguments": wire_arguments()},
    }
    status, _, content = McpEndpoint(sandbox).handle(
        "POST", {"content-type": "application/json"}, json.dumps(body).encode()
    )
    reply = json.loads(content)
    assert status == 200 and reply["result"]["isError"] is True
    assert "work bound was hit" in reply["result"]["content"][0]["text"]


# ------------------------------------------------------------- random waypoints

_POINT = st.tuples(st.floats(25.0, 60.0), st.floats(-125.0, -65.0))
_SANDBOX = Sandbox(now=NOW, work_steps=TINY_STEPS, work_seconds=GENEROUS_S)


def _wire(points: list[tuple[float, float]], mode: str) -> dict[str, Any]:
    ends = [{"latLng": {"latitude": lat, "longitude": lng}} for lat, lng in points]
    args: dict[str, Any] = {"origin": ends[0], "destination": ends[-1], "travelMode": mode}
    if len(ends) > 2:
        args["intermediateWaypoints"] = ends[1:-1]
    return args


@given(
    st.lists(_POINT, min_size=2, max_size=25),
    st.sampled_from(["WALK", "BICYCLE", "DRIVE", "TWO_WHEELER"]),
)
@examples(20)
def test_random_waypoints_return_or_raise_a_named_error_within_the_bound(
    points: list[tuple[float, float]], mode: str
) -> None:
    start = time.monotonic()
    try:
        payload = _SANDBOX.call_tool("compute_routes", _wire(points, mode))
    except SandboxToolError as exc:
        event(f"tool error {exc.status}")
        assert exc.status in NAMED, exc
        if exc.status == "DEADLINE_EXCEEDED":
            assert "work bound was hit" in exc.message
    else:
        event("answered")
        assert isinstance(payload.get("routes"), list)
    assert time.monotonic() - start < GENEROUS_S
