"""Issue 41: every form takes ``language=``: its labels and button are in that language and its
calls ask the answers (so the charts) in it; a language without words keeps English."""

from __future__ import annotations

import datetime as dt

import pytest

import mapsnb
from mapsnb.widgets import EnvironmentForm, Explorer, PlaceSearchForm, ResolveForm, RouteForm

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(sandbox=True, now=NOW)


@pytest.mark.parametrize(
    ("form", "button", "field", "label"),
    [
        (EnvironmentForm, "Consultar", "location", "Lugar"),
        (PlaceSearchForm, "Buscar", "query", "Consulta"),
        (RouteForm, "Calcular ruta", "origin", "Origen"),
        (ResolveForm, "Resolver", "queries", "Lugares"),
    ],
)
def test_a_spanish_form_reads_spanish(client, form, button: str, field: str, label: str) -> None:
    made = form(client, language="es")
    assert made.search_button.description == button
    assert getattr(made, field).description == label
    english = form(client)
    assert english.search_button.description == form.submit_label
    assert form(client, language="sw").search_button.description == form.submit_label


def test_the_environment_form_asks_and_charts_in_its_language(client) -> None:
    form = EnvironmentForm(client, language="fr")
    form.location.value = "Lyon, France"
    form.date.value = dt.date(2026, 9, 18)
    form.submit()
    assert form.result.request["language_code"] == "fr"
    assert "Source: " in form.attribution.value and "données synthétiques" in form.attribution.value
    assert "données synthétiques, pas Google Maps" in form.status.value
    assert set(form.frame["category"].dropna()) & {"Bonne qualité de l'air", "Moyenne", "Bonne"}


def test_the_explorer_passes_its_language_to_every_tab(client) -> None:
    app = Explorer(client, language="de")
    assert [f.language_code for f in app.forms] == ["de"] * 4
    assert app.places.language.value == "de" and app.environment.search_button.description == (
        "Abfragen"
    )
