"""The hall's capabilities (issue 46) are operations of the published API schema, with their
answers: a table's extra time, fees and payments, the event's channels and language, the
anonymised archive."""

from __future__ import annotations

import pytest
import yaml
from django.test import Client

pytestmark = pytest.mark.django_db

OPERATIONS = {
    "/api/events/{event}/rounds/{number}/tables/{table}/extensions/": {"get", "post"},
    "/api/events/{event}/fees/": {"get"},
    "/api/events/{event}/fees/schedule/": {"post"},
    "/api/events/{event}/fees/payments/": {"get", "post"},
    "/api/events/{event}/fees/payments/{id}/reverse/": {"post"},
    "/api/events/{event}/channels/": {"get", "post"},
    "/api/events/{event}/channels/{id}/": {"delete"},
    "/api/events/{event}/archive/": {"get"},
}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return yaml.safe_load(Client().get("/api/schema/").content)


@pytest.mark.parametrize("path", sorted(OPERATIONS))
def test_each_operation_is_in_the_schema(schema, path):
    assert OPERATIONS[path] <= set(schema["paths"][path])


@pytest.mark.parametrize(
    "path",
    ["/api/events/{event}/fees/payments/", "/api/events/{event}/fees/payments/{id}/reverse/"],
)
def test_the_payment_answers_say_what_a_resend_and_a_refusal_get(schema, path):
    assert {"200", "201", "400"} <= set(schema["paths"][path]["post"]["responses"])


def test_the_events_language_and_the_anonymised_archive(schema):
    fields = schema["components"]["schemas"]["PatchedEventRequest"]["properties"]
    assert "language" in fields
    archive = schema["paths"]["/api/events/{event}/archive/"]["get"]
    assert "anonymised" in {p["name"] for p in archive["parameters"]}
