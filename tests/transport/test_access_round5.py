"""Authentication words (issue 43, class 7; REAL_SERVER.md "Evidence round 4"), over the local
fault server: a 403 whose only explanation is the ``WWW-Authenticate: Bearer
error="insufficient_scope", scope=…`` header names the scope; an IAM permission refusal names
the MCP Tool User role (``roles/mcp.toolUser``) beside serviceUsageConsumer; a Pro call past both
budgets is refused by ``max_pro_calls``."""

from __future__ import annotations

import asyncio

import pytest

import mapsnb
from mapsnb._transport import access as access
from mapsnb.errors import BudgetExceeded
from tests.servers.fault_server import FaultServer, refusal, rpc_result

pytestmark = pytest.mark.usefixtures("fast_backoff")

TOKEN = "FAKE-mapsnb-oauth-token-0123456789abcdefghijklmno"
SCOPE = "https://www.googleapis.com/auth/maps-platform.mapstools"
CHALLENGE = f'Bearer error="insufficient_scope", scope="{SCOPE}"'
ARGS = {"text_query": "pizza in New York"}


def _refused(fault: FaultServer, **client: object) -> mapsnb.AuthError:
    with (
        mapsnb.Client(token=TOKEN, url=fault.url, protocol="stateless", **client) as c,  # type: ignore[arg-type]
        pytest.raises(mapsnb.AuthError) as info,
    ):
        c.call_tool("search_places", ARGS)
    return info.value


@pytest.mark.parametrize("shape", ["empty", "text", "html", "google"])
def test_a_403_explained_only_by_its_bearer_challenge(fault: FaultServer, shape: str) -> None:
    message = "Forbidden" if shape != "google" else "The caller does not have permission"
    if shape == "google":  # a body whose words would say IAM: the challenge is not needed then
        fault.on("tools/call", refusal(shape, message, www_authenticate=CHALLENGE))
        assert _refused(fault).cause == "iam_permission"
        return
    fault.on("tools/call", refusal(shape, message, www_authenticate=CHALLENGE))
    exc = _refused(fault)
    assert exc.cause == "insufficient_scopes", (exc.cause, str(exc))
    assert SCOPE in exc.fix and "--scopes=" in exc.fix
    assert "insufficient" in str(exc)
    assert TOKEN not in str(exc) + repr(exc) + exc.fix


def test_the_scope_the_challenge_names_is_the_one_in_the_fix(fault: FaultServer) -> None:
    other = "https://www.googleapis.com/auth/other.scope"
    fault.on(
        "tools/call",
        refusal(
            "empty",
            "",
            www_authenticate=f'Bearer realm="x", error=insufficient_scope, scope="{other} {SCOPE}"',
        ),
    )
    exc = _refused(fault)
    assert exc.cause == "insufficient_scopes"
    assert other in exc.fix and f"--scopes={other},{SCOPE}," in exc.fix


def test_an_invalid_token_challenge(fault: FaultServer) -> None:
    fault.on(
        "tools/call",
        refusal(
            "empty",
            "",
            http_status=401,
            www_authenticate='Bearer error="invalid_token", error_description="The access token expired"',
        ),
    )
    exc = _refused(fault)
    assert exc.cause == "invalid_token" and "expired" in str(exc)


def test_the_async_client_reads_the_challenge_too(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("empty", "", www_authenticate=CHALLENGE))

    async def run() -> mapsnb.AuthError:
        async with mapsnb.AsyncClient(token=TOKEN, url=fault.url, protocol="stateless") as c:
            with pytest.raises(mapsnb.AuthError) as info:
                await c.call_tool("search_places", ARGS)
            return info.value

    assert asyncio.run(run()).cause == "insufficient_scopes"


@pytest.mark.parametrize(
    "text",
    ["Bearer", "Basic realm=x", 'Bearer error="', "Bearer " + "a=" * 5000, '", Bearer =,,'],
)
def test_odd_challenges_read_as_nothing_or_their_words(text: str) -> None:
    found = access.bearer_challenge(text)
    assert isinstance(found, dict) and all(len(v) <= 500 for v in found.values())


@pytest.mark.parametrize("shape", ["google", "rpc_result", "rpc_error"])
def test_a_permission_refusal_names_the_mcp_tool_user_role(fault: FaultServer, shape: str) -> None:
    fault.on(
        "tools/call",
        refusal(shape, "The caller does not have permission", reason="IAM_PERMISSION_DENIED"),
    )
    exc = _refused(fault)
    assert exc.cause == "iam_permission"
    assert "roles/mcp.toolUser" in exc.fix and "MCP Tool User" in exc.fix
    assert "serviceUsageConsumer" in exc.fix


# ------------------------------------------------------------------------------- budgets
def _pro_answer(fault: FaultServer) -> None:
    result = {"content": [{"type": "text", "text": '{"places": []}'}]}
    fault.on("tools/call", lambda req: rpc_result(req, result))


@pytest.mark.parametrize("limits", [(1, 1), (1, 0), (2, 1), (0, 0)])
def test_a_pro_call_past_both_budgets_is_refused_by_max_pro_calls(
    fault: FaultServer, limits: tuple[int, int]
) -> None:
    _pro_answer(fault)
    max_calls, max_pro = limits
    with mapsnb.Client(
        "FAKE-key-0123456789abcdef",
        url=fault.url,
        protocol="stateless",
        max_calls=max_calls,
        max_pro_calls=max_pro,
    ) as client:
        for _ in range(max_pro):
            client.search_places("pizza in New York", page_size=8)  # a Pro call
        with pytest.raises(BudgetExceeded) as info:
            client.search_places("pizza in New York", page_size=8)
    assert info.value.limit_name == "max_pro_calls", str(info.value)
    assert "max_pro_calls=" in str(info.value) and "Pro calls" in str(info.value)
