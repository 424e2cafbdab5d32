"""Batches: a DataFrame in, one call per row within quota and budget, a DataFrame out.

``client.batch.<tool>(data, main, *, <the tool's other arguments>, <options>)`` (written out in
:mod:`mapsnb._calls.batch.methods`) plans every call before sending any (invalid rows are kept
as rows with their error, never sent), checks the plan against the client's budget, then
runs the calls concurrently on the async client (``max_concurrency`` in flight, a per-tool rate
limiter, a shared backoff after a 429) and returns the tool's tidy frame for every input row,
keyed by the input's index, with ``status`` and ``error`` columns. How arguments name columns:
see :mod:`mapsnb._calls.batch.planning`; the output frame: :mod:`mapsnb._calls.batch.assembly`.

``status`` is one of ``"ok"``, ``"empty"`` (the call succeeded with no rows), ``"not_found"``,
``"invalid"`` (refused before sending), ``"error"`` (the call failed) or ``"cancelled"`` (not
run: the batch was interrupted; only in ``.partial`` frames).
"""
