"""Access refusals (401/403) in every body shape the live server sends: the message kept, the fix said.

Each cause of REAL_SERVER.md (last section) is served by the fault server in each body shape
(JSON-RPC result with ``isError``, JSON-RPC ``error``, Google error, OAuth error, HTML, plain
text, SSE) and must come out as an :class:`mapsnb.AuthError` with the right ``cause`` and ``fix``.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass

import pytest

import mapsnb
from mapsnb._transport import access as access
from tests.servers.fault_server import (
    REFUSAL_SHAPES,
    FaultServer,
    Reply,
    google_error,
    refusal,
    rpc_error,
    rpc_result,
)

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "FAKE-mapsnb-access-key-0123456789abcdefghijklmno"
ARGS = {"text_query": "pizza in New York"}
SCOPE = "https://www.googleapis.com/auth/maps-platform.mapstools"


@dataclass(frozen=True)
class Case:
    cause: str
    message: str
    fix: str
    http_status: int = 403
    status: str = "PERMISSION_DENIED"
    reason: str | None = None
    project: str | None = None


CASES = {
    "mcp_policy": Case(
        "mcp_policy",
        "MCP policy is not enabled for project 123456789012. To enable it, run: "
        "gcloud beta services mcp enable mapstools.googleapis.com --project=123456789012",
        "gcloud beta services mcp enable mapstools.googleapis.com --project=123456789012",
        project="123456789012",
    ),
    "mcp_policy_number_only": Case(
        "mcp_policy",
        "The MCP policy of project 987654321098 does not allow calls to this MCP server.",
        "gcloud beta services mcp enable mapstools.googleapis.com --project=987654321098",
        project="987654321098",
    ),
    "unregistered": Case(
        "missing_credentials",
        "Method doesn't allow unregistered callers (callers without established identity). "
        "Please use API Key or other form of API consumer identity to call this API.",
        "GOOGLE_MAPS_API_KEY",
        reason="CREDENTIALS_MISSING",
    ),
    "scopes": Case(
        "insufficient_scopes",
        "Request had insufficient authentication scopes.",
        SCOPE,
        reason="ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    ),
    "adc_quota_project": Case(
        "quota_project",
        "Your application is authenticating by using local Application Default Credentials. "
        "The mapstools.googleapis.com API requires a quota project, which is not set by default.",
        "X-Goog-User-Project",
        reason="SERVICE_DISABLED",
    ),
    "key_of_another_project": Case(
        "quota_project",
        "The API key belongs to another project; name the project to bill with the "
        "X-Goog-User-Project header.",
        "quota_project=",
    ),
    "billing": Case(
        "billing_disabled",
        "This API method requires billing to be enabled. Please enable billing on project "
        "#24680135 by visiting https://console.developers.google.com/billing/enable?project="
        "24680135 then retry.",
        "billing/linkedaccount?project=24680135",
        reason="BILLING_DISABLED",
        project="24680135",
    ),
    "key_api_restriction": Case(
        "key_restricted",
        "Requests to this API mapstools.googleapis.com method "
        "google.maps.mapstools.v1.MapsTools.SearchText are blocked.",
        "API restrictions",
        reason="API_KEY_SERVICE_BLOCKED",
    ),
    "key_referrer_restriction": Case(
        "key_restricted",
        "Requests from referer <empty> are blocked.",
        "HTTP referrers",
        reason="API_KEY_HTTP_REFERRER_BLOCKED",
    ),
    "key_ip_restriction": Case(
        "key_restricted",
        "The provided API key has an IP address restriction. The originating IP address of the "
        "call (203.0.113.7) violates this restriction.",
        "IP restrictions",
        reason="API_KEY_IP_ADDRESS_BLOCKED",
    ),
    "service_disabled": Case(
        "service_disabled",
        "Maps Tools API has not been used in project 555000111 before or it is disabled. "
        "Enable it by visiting the console then retry.",
        "gcloud beta services enable mapstools.googleapis.com --project=555000111",
        reason="SERVICE_DISABLED",
        project="555000111",
    ),
    "invalid_key": Case(
        "invalid_key",
        "API key not valid. Please pass a valid API key.",
        "GOOGLE_MAPS_API_KEY",
        http_status=400,
        status="INVALID_ARGUMENT",
        reason="API_KEY_INVALID",
    ),
    "expired_token": Case(
        "invalid_token",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
        "cookie or other valid authentication credential.",
        "print-access-token",
        http_status=401,
        status="UNAUTHENTICATED",
        reason="ACCESS_TOKEN_EXPIRED",
    ),
}
#: Shapes that carry the ErrorInfo reason (the others carry only the message).
WITH_DETAILS = {"rpc_result_google", "rpc_error", "google", "google_list"}
TEXT_SHAPES = [s for s in REFUSAL_SHAPES if s != "empty"]


def _refuse(fault: FaultServer, case: Case, shape: str, **client: object) -> mapsnb.AuthError:
    status = case.http_status if case.http_status in (401, 403) else 403
    fault.on(
        "tools/call",
        refusal(shape, case.message, http_status=status, status=case.status, reason=case.reason),
    )
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless", **client) as c,  # type: ignore[arg-type]
        pytest.raises(mapsnb.AuthError) as info,
    ):
        c.call_tool("search_places", ARGS)
    return info.value


def _check_secret_free(exc: BaseException) -> None:
    for text in (str(exc), repr(exc), repr(exc.args), repr(vars(exc))):
        assert KEY not in text


@pytest.mark.parametrize("shape", TEXT_SHAPES)
@pytest.mark.parametrize("name", list(CASES))
def test_each_cause_in_each_shape(fault: FaultServer, name: str, shape: str) -> None:
    case = CASES[name]
    exc = _refuse(fault, case, shape)
    _check_secret_free(exc)
    assert exc.cause == case.cause, (exc.cause, exc.server_message)
    assert case.message in exc.server_message  # the server's own words, whatever the wrapping
    assert exc.message == exc.server_message
    assert case.fix in exc.fix
    assert case.fix in str(exc) and case.message in str(exc)
    assert exc.status_code == (case.http_status if case.http_status in (401, 403) else 403)
    if case.project:
        assert exc.project == case.project
    if shape in WITH_DETAILS and case.reason:
        assert exc.reason == case.reason
        assert exc.status == case.status
    assert len(fault.calls("tools/call")) == 1  # a refusal is not retried


def test_html_page_keeps_text_not_markup(fault: FaultServer) -> None:
    exc = _refuse(fault, CASES["key_referrer_restriction"], "html")
    assert "<p>" not in exc.server_message and "<title>" not in exc.server_message
    assert "margin" not in exc.server_message  # style sheets are not text
    assert "Requests from referer <empty> are blocked." in exc.server_message
    assert "Error 403 (Forbidden)" in exc.server_message


@pytest.mark.parametrize(("status", "cause"), [(401, "unauthenticated"), (403, "unknown")])
def test_empty_body(fault: FaultServer, status: int, cause: str) -> None:
    fault.on("tools/call", refusal("empty", "", http_status=status))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    exc = info.value
    assert exc.status_code == status
    assert exc.cause == cause
    assert exc.server_message in ("Unauthorized", "Forbidden")
    assert "GOOGLE_MAPS_API_KEY" in exc.fix


def test_policy_without_project_number_gives_a_placeholder(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("google", "MCP policy denies access to this server"))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.project is None
    assert "mcp enable mapstools.googleapis.com --project=PROJECT" in info.value.fix


def test_project_from_error_info_metadata(fault: FaultServer) -> None:
    fault.on(
        "tools/call",
        refusal(
            "google",
            "Maps Tools API is disabled.",
            reason="SERVICE_DISABLED",
            metadata={"consumer": "projects/31415926"},
        ),
    )
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.cause == "service_disabled"
    assert "--project=31415926" in info.value.fix


def test_gcloud_project_means_no_quota_project(fault: FaultServer) -> None:
    # user credentials without a quota project are billed to gcloud's own project, where the
    # API is "not enabled": the fix is a quota project, not enabling the API in Google's project
    message = "Maps Tools API has not been used in project 764086051850 before or it is disabled."
    fault.on("tools/call", refusal("google", message, reason="SERVICE_DISABLED"))
    with (
        mapsnb.Client(token="ya29.fake", url=fault.url) as c,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        c.call_tool("search_places", ARGS)
    assert info.value.cause == "quota_project"
    assert "764086051850" not in info.value.fix


# ------------------------------------------------------------------- refusals inside a 200
@pytest.mark.parametrize("status", ["PERMISSION_DENIED", "UNAUTHENTICATED"])
def test_200_result_is_error_with_access_status(fault: FaultServer, status: str) -> None:
    text = f"{status}: {CASES['mcp_policy'].message}"
    result = {"content": [{"type": "text", "text": text}], "isError": True}
    fault.on("tools/call", lambda r: rpc_result(r, result))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.cause == "mcp_policy"
    assert info.value.status == status
    assert info.value.status_code == (401 if status == "UNAUTHENTICATED" else 403)
    assert "--project=123456789012" in info.value.fix


def test_200_result_google_error_text(fault: FaultServer) -> None:
    body = google_error("Request had insufficient authentication scopes.")
    result = {"content": [{"type": "text", "text": json.dumps(body)}], "isError": True}
    fault.on("tools/call", lambda r: rpc_result(r, result))
    with (
        mapsnb.Client(token="ya29.fake", url=fault.url) as c,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        c.resolve_names(["Eiffel Tower"])  # the typed path maps it too
    assert info.value.cause == "insufficient_scopes"
    assert SCOPE in info.value.fix


def test_200_sdk_prefixed_text(fault: FaultServer) -> None:
    text = "Error executing tool search_places: PERMISSION_DENIED: Requests from referer x are blocked."
    result = {"content": [{"type": "text", "text": text}], "isError": True}
    fault.on("tools/call", lambda r: rpc_result(r, result))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.cause == "key_restricted"
    assert info.value.server_message == "Requests from referer x are blocked."


def test_200_jsonrpc_error_with_access_status(fault: FaultServer) -> None:
    data = google_error("Method doesn't allow unregistered callers.", "UNAUTHENTICATED", 401)
    fault.on("tools/call", lambda r: rpc_error(r, -32603, "internal", data, status=200))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.cause == "missing_credentials"
    assert info.value.status_code == 401


def test_other_tool_errors_stay_tool_errors(fault: FaultServer) -> None:
    result = {"content": [{"type": "text", "text": "NOT_FOUND: no such place"}], "isError": True}
    fault.on("tools/call", lambda r: rpc_result(r, result))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.ToolError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.status == "NOT_FOUND"
    assert not isinstance(info.value, mapsnb.AuthError)


# -------------------------------------------------------------------------- other paths
def test_refused_initialize_in_session_mode(fault: FaultServer) -> None:
    fault.on("initialize", refusal("rpc_result", CASES["scopes"].message))
    with (
        mapsnb.Client(token="ya29.fake", url=fault.url, protocol="session") as c,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        c.list_tools()
    assert info.value.cause == "insufficient_scopes"


def test_async_client_maps_the_same(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("rpc_result_sse", CASES["billing"].message))

    async def run() -> mapsnb.AuthError:
        async with mapsnb.AsyncClient(KEY, url=fault.url) as c:
            with pytest.raises(mapsnb.AuthError) as info:
                await c.call_tool("search_places", ARGS)
            return info.value

    exc = asyncio.run(run())
    assert exc.cause == "billing_disabled"
    assert exc.project == "24680135"


@pytest.mark.parametrize("shape", TEXT_SHAPES)
def test_key_echoed_in_refusal_is_redacted(fault: FaultServer, shape: str) -> None:
    message = f"API key not valid: {KEY}. Please pass a valid API key."
    fault.on("tools/call", refusal(shape, message, reason="API_KEY_INVALID"))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    _check_secret_free(info.value)
    assert "***" in info.value.server_message
    assert info.value.cause == "invalid_key"


def test_long_body_is_cut(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(403, "denied " * 500, content_type="text/plain"))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert len(info.value.server_message) < 700
    assert info.value.server_message.endswith("…")


@pytest.mark.parametrize(
    "body",
    [
        "[]",
        "null",
        '{"error": null}',
        '{"result": "x"}',
        '{"jsonrpc": "2.0", "id": 1, "result": {"content": "nope", "isError": true}}',
        '{"error": {"details": "not a list", "code": "x"}}',
        '[{"error": {"message": 5, "status": 7}}]',
        "<html><script>alert(1)</script></html>",
        "\x00\xff",
        "[" * 100_000 + "]" * 100_000,
        '{"error": ' * 50_000 + "1" + "}" * 50_000,
        json.dumps({"result": {"isError": True, "content": [{"text": "[" * 50_000}]}}),
    ],
    ids=range(12),
)
def test_hostile_refusal_bodies_give_auth_error(fault: FaultServer, body: str) -> None:
    fault.on("tools/call", Reply(403, body))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.server_message
    assert "alert" not in info.value.server_message


def test_read_refusal_is_sans_io() -> None:
    found = access.read_refusal(None, "", "", "Forbidden")
    assert found.message == "Forbidden"
    found = access.read_refusal({"error": "invalid_token", "error_description": "expired"}, "")
    assert found.message == "invalid_token: expired"
    assert access.classify(found, 401)[0] == "invalid_token"


def test_400_google_error_for_an_invalid_key(fault: FaultServer) -> None:
    # Google's front end answers a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID
    body = google_error(
        "API key not valid. Please pass a valid API key.",
        "INVALID_ARGUMENT",
        400,
        reason="API_KEY_INVALID",
    )
    fault.on("tools/call", Reply(400, json.dumps(body)))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.AuthError) as info:
        c.call_tool("search_places", ARGS)
    assert info.value.status_code == 400
    assert info.value.cause == "invalid_key"


def test_400_google_error_of_another_kind_is_not_an_auth_error(fault: FaultServer) -> None:
    body = google_error("Invalid JSON payload received.", "INVALID_ARGUMENT", 400)
    fault.on("tools/call", Reply(400, json.dumps(body)))
    with mapsnb.Client(KEY, url=fault.url) as c, pytest.raises(mapsnb.MapsnbError) as info:
        c.call_tool("search_places", ARGS)
    assert not isinstance(info.value, mapsnb.AuthError)


def test_auth_error_pickles_with_its_cause() -> None:
    import pickle

    refusal_ = access.read_refusal({"error": {"message": CASES["billing"].message}}, "")
    exc = access.access_error(refusal_, 403)
    back = pickle.loads(pickle.dumps(exc))
    assert (back.cause, back.fix, back.project, str(back)) == (
        exc.cause,
        exc.fix,
        exc.project,
        str(exc),
    )
