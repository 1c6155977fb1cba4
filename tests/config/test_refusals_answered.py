"""What a service refuses and a page did not answer itself is answered with its status and
message, as the API answers it (one mapping): never a server error."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from config.middleware import RefusalsAnsweredMiddleware
from tournament import errors


@pytest.mark.parametrize(
    ("refusal", "status"),
    [
        (ValidationError("The name is too long."), 400),
        (errors.Conflict("Somebody changed it meanwhile."), 409),
        (errors.TooMany("Too many tries.", 30), 429),
    ],
)
def test_a_refusal_a_page_let_through_is_answered_with_its_status(refusal, status):
    request = RequestFactory().get("/")
    response = RefusalsAnsweredMiddleware(lambda r: None).process_exception(request, refusal)
    assert response.status_code == status
    text = response.content.decode()
    message = refusal.messages[0] if isinstance(refusal, ValidationError) else refusal.message
    assert message in text
    if status == 429:
        assert response["Retry-After"] == "30"


def test_anything_else_is_left_to_django():
    request = RequestFactory().get("/")
    answered = RefusalsAnsweredMiddleware(lambda r: None).process_exception(request, KeyError())
    assert answered is None
