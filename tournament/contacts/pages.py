"""What the pages of a person (the registrant's private page, the player's notification
choices) share: they speak the person's language."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation


@contextlib.contextmanager
def speaking(request: HttpRequest, language: str) -> Iterator[str | None]:
    """The person's language (from their contact) for the page being made, unless this browser
    chose one with the language menu; yields the language used (None: the request's)."""
    if not language or settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
        yield None
        return
    with translation.override(language):
        yield language
