""":func:`~mapsnb_sandbox.contract.budget.charged_cache`: a cached result costs a call the steps
it cost to compute, once a call, whatever earlier calls left in the cache (a bound hit cold is
hit warm, and a planner's cut by work done falls at the same place)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox.contract.budget import (
    Budget,
    WorkBoundExceeded,
    bounded,
    charged_cache,
    check,
)


@charged_cache(maxsize=64)
def _leaf(n: int) -> int:
    for _ in range(n):
        check()
    return n


@charged_cache(maxsize=64)
def _tree(n: int) -> int:
    check(7)
    return _leaf(n) + _leaf(n) + _leaf(n + 1)  # the same leaf twice: paid for once


def _steps(*calls: tuple[object, int]) -> tuple[int, int]:
    """``(used, work)`` of one call doing ``calls`` in order."""
    with bounded(Budget(steps=None, seconds=None)) as budget:
        for fn, n in calls:
            fn(n)  # type: ignore[operator]
    return budget.used, budget.work


def test_a_call_pays_the_same_cold_warm_and_after_its_parts() -> None:
    for f in (_leaf, _tree):
        f.cache_clear()  # type: ignore[attr-defined]
    cold = _steps((_tree, 100))
    assert cold == (7 + 100 + 101, 7 + 100 + 100 + 101)
    assert _steps((_tree, 100)) == cold  # warm: the whole result cached
    _tree.cache_clear()  # type: ignore[attr-defined]
    assert _steps((_tree, 100)) == cold  # its leaves cached, itself not
    # in one call, a part paid for before is not paid again, cold or warm
    after_leaf = _steps((_leaf, 100), (_tree, 100))
    _leaf.cache_clear()  # type: ignore[attr-defined]
    _tree.cache_clear()  # type: ignore[attr-defined]
    assert _steps((_leaf, 100), (_tree, 100)) == after_leaf == (208, 408)


def test_a_bound_is_hit_warm_as_cold() -> None:
    _leaf.cache_clear()  # type: ignore[attr-defined]
    _leaf(5000)  # cached outside any call
    with bounded(Budget(steps=4000, seconds=None)) as budget, pytest.raises(WorkBoundExceeded):
        _leaf(5000)
    assert budget.used == 5000
