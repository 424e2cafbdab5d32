"""Batches keep answers as column lists and build one frame at the end (issue 24 item 4):
the rows equal the single calls' frames stacked, for every tool assembled that way."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

import mapsnb

OWN = ["status", "error", "input_row"]
#: Route tokens and their expiry differ from call to call.
VOLATILE = ["retrieval_token", "token_expires_at"]


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client() as sandbox:  # the in-process emulator
        yield sandbox


def stacked(frames: list[pd.DataFrame]) -> pd.DataFrame:
    return pd.concat(frames, ignore_index=True)


def body(out: pd.DataFrame, kept: str | None = None) -> pd.DataFrame:
    """The tool's columns: without the batch's own, nor the input a list batch keeps."""
    return out.drop(columns=[*OWN, *([kept] if kept else [])]).reset_index(drop=True)


def test_places_batch_equals_the_single_frames(client: mapsnb.Client) -> None:
    queries = ["coffee in Utrecht", "bakery in Lyon", "museum in Porto"]
    out = client.batch.search_places(queries, progress=False)
    singles = [client.search_places(q).to_frame() for q in queries]
    assert out["text_query"].tolist() == [
        q for q, df in zip(queries, singles, strict=True) for _ in range(len(df))
    ]
    pd.testing.assert_frame_equal(body(out, "text_query"), stacked(singles))
    assert out.index.names == ["input", "citation"]
    assert out.index.get_level_values("citation").tolist() == [
        n for df in singles for n in range(len(df))
    ]
    assert out["status"].eq("ok").all() and out.attrs["attributions"]


def test_along_route_batch_equals_the_single_frames(client: mapsnb.Client) -> None:
    queries = ["coffee", "gas station"]
    out = client.batch.search_along_route(
        queries, origin="Utrecht", destination="Amsterdam", progress=False
    )
    singles = [
        client.search_along_route(q, origin="Utrecht", destination="Amsterdam").to_frame()
        for q in queries
    ]
    assert set(out["text_query"]) == set(queries)  # the list's items are kept as a column
    pd.testing.assert_frame_equal(body(out, "text_query"), stacked(singles))
    assert str(out["detour"].dtype) == "timedelta64[ns]"


def test_routes_batch_equals_the_single_frames(client: mapsnb.Client) -> None:
    pairs = pd.DataFrame({"o": ["Paris", "Lyon"], "d": ["Lyon", "Marseille"]})
    out = client.batch.compute_routes(
        pairs, origin="o", destination="d", compute_alternative_routes=True, progress=False
    )
    singles = [
        client.compute_routes(o, d, compute_alternative_routes=True).to_frame()
        for o, d in zip(pairs["o"], pairs["d"], strict=True)
    ]
    got = body(out).drop(columns=VOLATILE)
    pd.testing.assert_frame_equal(got, stacked(singles).drop(columns=VOLATILE))
    assert out.index.names == ["input", "route"]
    assert str(out["token_expires_at"].dtype) == "datetime64[ns, UTC]"
    assert out["token_expires_at"].notna().all()


def test_credits_are_kept_once_each_in_linear_time() -> None:
    """A batch of 10,000 live answers carries ~100,000 distinct credits ("<name> - Google
    Maps"): keeping them once each must not scan the kept list per credit (that was
    quadratic: minutes for a 100,000-row batch)."""
    from mapsnb._calls.batch.parts import Parts

    class Scanned(list):
        scans = 0

        def __contains__(self, item: object) -> bool:
            Scanned.scans += 1
            return super().__contains__(item)

    parts = Parts()
    parts.attributions = Scanned()
    items = [{"title": f"Shop {i} - Google Maps", "url": f"https://m/{i}"} for i in range(5000)]
    parts.credit_items(items)
    parts.credit_items(items[::-1])
    parts.credit_items([{"url": "https://m/0", "title": "Shop 0 - Google Maps"}])  # equal dict
    assert list(parts.attributions) == items
    assert Scanned.scans == 0
    resumed = Parts(attributions=[*items[:2], items[0]])  # a resumed batch's credits
    assert resumed.attributions == items[:2]
