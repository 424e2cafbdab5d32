"""The language a result was asked in reaches its frames and their concat (issue 30, item 6):
``attrs["language"]`` is the one ``language_code`` asked; a mix leaves it unset."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mapsnb

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(sandbox=True, now=NOW) as c:
        yield c


def _weather(client: mapsnb.Client, place: str, language: str | None) -> object:
    extra = {"language_code": language} if language else {}
    return client.lookup_weather(place, capabilities=["WEATHER", "AIR_QUALITY"], **extra)


def test_a_single_results_frames_record_the_language_asked(client: mapsnb.Client) -> None:
    env = _weather(client, "Lisboa, Portugal", "pt")
    for frame in (env.current_weather, env.air_quality, env.to_frame()):
        assert frame.attrs["language"] == "pt"
    assert "language" not in _weather(client, "Lisboa, Portugal", None).current_weather.attrs


def test_concat_of_one_language_records_it(client: mapsnb.Client) -> None:
    calls = [_weather(client, p, "pt-BR") for p in ("São Paulo, Brazil", "Rio de Janeiro")]
    stacked = mapsnb.concat(calls)
    assert stacked.attrs["language"] == "pt-BR"
    assert stacked["request"].tolist()[:1] == ["São Paulo, Brazil"]


@pytest.mark.parametrize("second", ["fr", None])
def test_concat_of_mixed_languages_leaves_it_unset(
    client: mapsnb.Client, second: str | None
) -> None:
    calls = [_weather(client, "Lisboa, Portugal", "pt"), _weather(client, "Paris", second)]
    stacked = mapsnb.concat(calls)
    assert "language" not in stacked.attrs
    assert stacked.attrs["source"]  # the other attrs are still there


def test_concat_of_places_records_the_language(client: mapsnb.Client) -> None:
    cafes = [
        client.search_places(q, language_code="pt") for q in ("café em Lisboa", "café no Porto")
    ]
    stacked = mapsnb.concat(cafes)
    assert len(stacked) and stacked.attrs["language"] == "pt"
    mixed = mapsnb.concat([cafes[0], client.search_places("café à Paris", language_code="fr")])
    assert len(mixed) and "language" not in mixed.attrs
