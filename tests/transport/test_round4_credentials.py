"""Issue 32 item 4, over a real local server that echoes what it was sent: credentials passed
as headers are live secrets (errors, tracebacks, reprs), and a key echoed with JSON ``\\u``
escapes is redacted in ``.raw``, ``to_frame()``, the reprs and errors."""

from __future__ import annotations

import json
import secrets
import traceback
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb._transport.secrets import redact, secret
from tests.hypothesis_setup import examples
from tests.servers.fault_server import FaultServer, Recorded, Reply, google_error, sse_body

ARGS = {"text_query": "pizza in New York"}
PROJECT = "my-billed-project-4242"


def _key() -> str:
    """A fresh fake key per test: no other live client's key masks a leak of this one."""
    return "AIza" + "FAKE" + secrets.token_urlsafe(24).replace("-", "x").replace("_", "y")


def _leaks(text: str, key: str) -> list[int]:
    """Positions of 12-character runs of ``key`` found in ``text`` (any case)."""
    low = text.lower()
    return [i for i in range(len(key) - 11) if key[i : i + 12].lower() in low]


def _everything(exc: BaseException) -> str:
    """str, repr, the formatted traceback and the repr of every local of mapsnb's frames."""
    out = [str(exc), repr(exc), "".join(traceback.format_exception(exc))]
    for frame, _ in traceback.walk_tb(exc.__traceback__):
        if "/mapsnb/" in frame.f_code.co_filename:
            out.extend(f"{name}={value!r}" for name, value in list(frame.f_locals.items()))
    return "\n".join(out)


def _echo_headers(req: Recorded) -> Reply:
    """A Google 403 whose message quotes every header the client sent."""
    sent = "; ".join(f"{k}={v}" for k, v in req.headers.items())
    return Reply(403, json.dumps(google_error(f"refused the request with {sent}")))


# --------------------------------------------------------------------- header credentials
@pytest.mark.parametrize(
    ("name", "form", "shown"),
    [
        ("X-Goog-Api-Key", "{key}", "headers['X-Goog-Api-Key']=***"),
        ("Authorization", "Bearer {key}", "headers['Authorization']=***"),
        ("x-goog-api-key", "{key}", "headers['x-goog-api-key']=***"),
        ("X-Partner-Token", "{key}", "headers['X-Partner-Token']=***"),
        ("X-Client-Secret", "{key}", "headers['X-Client-Secret']=***"),
    ],
)
def test_a_credential_header_is_a_secret(
    fault: FaultServer, name: str, form: str, shown: str
) -> None:
    key = _key()
    headers = {name: form.format(key=key), "X-Goog-User-Project": PROJECT}
    fault.on("tools/call", _echo_headers)
    with mapsnb.Client(url=fault.url, headers=headers, protocol="stateless") as client:
        text = repr(client)
        assert shown in text and "no credentials" not in text, text
        assert _leaks(text, key) == []
        with pytest.raises(mapsnb.AuthError) as info:
            client.call_tool("search_places", ARGS)
    # the header went out as given, the server echoed it, no output shows it
    assert fault.calls("tools/call")[0].headers[name.lower()] == form.format(key=key)
    assert "refused the request" in str(info.value)
    assert _leaks(_everything(info.value), key) == []
    assert PROJECT in str(info.value)  # X-Goog-User-Project names a project: not hidden


def test_a_short_bearer_token_is_hidden_with_and_without_its_scheme(fault: FaultServer) -> None:
    token = "tok" + secrets.token_hex(3)  # shorter than a redacted run: masked whole
    fault.on("tools/call", _echo_headers)
    with (
        mapsnb.Client(
            url=fault.url, headers={"Authorization": f"Bearer {token}"}, protocol="stateless"
        ) as client,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        client.call_tool("search_places", ARGS)
    assert token not in _everything(info.value)


def test_a_credential_header_alone_means_a_live_client() -> None:
    client = mapsnb.Client(headers={"X-Goog-Api-Key": _key()})
    try:
        assert not client.is_sandbox and client.source == "live"
    finally:
        client.close()


def test_the_doctor_names_header_credentials_without_their_value(fault: FaultServer) -> None:
    from mapsnb._calls.doctor import _credentials

    key = _key()
    with mapsnb.Client(url=fault.url, headers={"X-Goog-Api-Key": key}) as client:
        text = _credentials(client)
    assert "X-Goog-Api-Key" in text and "hidden" in text and _leaks(text, key) == []


# ------------------------------------------------------------------ JSON-escaped echoes
def _first_escaped(key: str) -> str:
    return f"\\u{ord(key[0]):04X}" + key[1:]


def _all_escaped(key: str) -> str:
    return "".join(f"\\u{ord(ch):04x}" for ch in key)


def _every_other(key: str) -> str:
    return "".join(f"\\u{ord(ch):04x}" if i % 2 else ch for i, ch in enumerate(key))


ESCAPES = {"first": _first_escaped, "all": _all_escaped, "every_other": _every_other}


def _places_body(req: Recorded, spelled: str, *, sse: bool, in_text: bool) -> Reply:
    """A search_places answer with the key (spelled with escapes) in names, address, summary.

    ``in_text``: only as the JSON text block (no structuredContent), so the escapes sit one
    level deeper (``\\\\u0041``) in the body.
    """
    place = (
        f'{{"id": "ChIJecho", "place": "places/ChIJecho", "displayName": {{"text": "Caf\\u00e9 {spelled}"}},'
        f' "formattedAddress": "{spelled} Street", "location": {{"latitude": 1.5, "longitude": 2.5}}}}'
    )
    payload = f'{{"places": [{place}], "summary": "Found for {spelled}"}}'
    if in_text:
        result = f'{{"content": [{{"type": "text", "text": {json.dumps(payload)}}}]}}'
    else:
        result = f'{{"content": [], "structuredContent": {payload}}}'
    message = f'{{"jsonrpc": "2.0", "id": {req.rpc_id}, "result": {result}}}'
    if sse:
        return Reply(200, f"event: message\ndata: {message}\n\n", content_type="text/event-stream")
    return Reply(200, message)


@pytest.mark.parametrize("escape", sorted(ESCAPES))
@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("in_text", [False, True], ids=["structured", "text_block"])
def test_a_key_echoed_with_json_escapes_is_redacted_everywhere(
    fault: FaultServer, escape: str, sse: bool, in_text: bool
) -> None:
    key = _key()
    spelled = ESCAPES[escape](key)
    fault.on("tools/call", lambda req: _places_body(req, spelled, sse=sse, in_text=in_text))
    with mapsnb.Client(key, url=fault.url, protocol="stateless") as client:
        result = client.search_places("pizza in New York")
    frame = result.to_frame()
    outputs = {
        "raw": json.dumps(result.raw, ensure_ascii=False),
        "raw_ascii": json.dumps(result.raw),
        "frame": frame.to_json(force_ascii=False) + frame.to_string(),
        "repr": repr(result),
        "html": result._repr_html_(),
    }
    for where, text in outputs.items():
        assert _leaks(text, key) == [], f"the key leaked in {where}"
    assert "Café" in outputs["raw"] and "Street" in outputs["raw"]  # the rest is read


def test_a_key_escaped_in_an_error_message_is_redacted(fault: FaultServer) -> None:
    key = _key()

    def refuse(req: Recorded) -> Reply:
        message = f"API key {_all_escaped(key)} is not valid"
        body = f'{{"error": {{"code": 400, "message": "{message}", "status": "INVALID_ARGUMENT",'
        body += ' "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",'
        body += f' "reason": "API_KEY_INVALID", "metadata": {{"key": "{_all_escaped(key)}"}}}}]}}}}'
        return Reply(400, body)

    fault.on("tools/call", refuse)
    with (
        mapsnb.Client(key, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        client.call_tool("search_places", ARGS)
    assert info.value.cause == "invalid_key"
    assert _leaks(_everything(info.value) + repr(info.value.details), key) == []


def test_a_key_escaped_in_a_body_that_is_not_json_rpc_is_redacted(fault: FaultServer) -> None:
    key = _key()
    body: Any = f'{{"echo": "{_every_other(key)}", "hello": "world"}}'
    fault.on("tools/call", Reply(200, body), Reply(200, sse_body({"echo": key})))
    with mapsnb.Client(key, url=fault.url, protocol="stateless") as client:
        for _ in range(2):
            with pytest.raises(mapsnb.ProtocolError) as info:
                client.call_tool("search_places", ARGS)
            assert _leaks(_everything(info.value), key) == []


# ------------------------------------------------------------- the class, by properties
KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@examples(300)
@given(
    key=st.text(KEY_CHARS, min_size=20, max_size=45),
    others=st.lists(st.text("u00e9nrt\\" + KEY_CHARS[:6], min_size=12, max_size=30), max_size=2),
    mask=st.lists(st.booleans(), min_size=45, max_size=45),
    levels=st.integers(0, 3),
    upper=st.booleans(),
    around=st.sampled_from(["", "x", " ", "é", "\\n", '\\"', "\\u00e9", "\\\\"]),
)
def test_redaction_sees_through_json_escapes_at_any_level(
    key: str, others: list[str], mask: list[bool], levels: int, upper: bool, around: str
) -> None:
    """The key, spelled with escapes, is masked at every level of JSON inside JSON, and the
    masks (of it and of other live credentials that look like escapes) leave valid JSON."""
    spelled = "".join(
        ("\\u%04X" if upper else "\\u%04x") % ord(ch) if flag else ch
        for ch, flag in zip(key, mask, strict=False)
    )
    text = f'{{"echo": "{around}{spelled}{around}", "other": "kept"}}'
    for _ in range(levels):  # JSON inside a JSON string, as in a text block
        text = json.dumps({"text": text, "n": 1})
    holders = [secret(k) for k in [key, *others]]
    clean = redact(text)
    value: Any = json.loads(clean)  # still JSON
    for _ in range(levels):
        value = json.loads(value["text"])
    assert _leaks(json.dumps(value, ensure_ascii=False), key) == []
    assert value["other"] == "kept"
    del holders


@examples(200)
@given(
    key=st.text("ABCxyz019-_", min_size=1, max_size=11),
    left=st.text("?@[\\]^_`{|}~ACgx09-", min_size=1, max_size=6),
    right=st.text("?@[\\]^_`{|}~ACgx09-", min_size=1, max_size=6),
)
def test_a_short_credential_is_not_cut_out_of_polylines_or_ids(
    key: str, left: str, right: str
) -> None:
    """A credential shorter than a redacted run is masked as a word of its own ("key=x",
    "Bearer x", '"x"'), never inside a run of the characters encoded polylines and place ids
    are made of: a fake key "x" once turned "@x@" in a route's polyline into "@***@"."""
    holder = secret(key)
    data = left + key + right  # a polyline or id holding the key's letters
    assert redact(data) == data
    assert redact(json.dumps({"encodedPolyline": data})) == json.dumps({"encodedPolyline": data})
    for said in ("key={}&", "Bearer {}", '{{"echo": "{}"}}', "({})"):
        assert redact(said.format(key)) == said.format("***")
    del holder
