"""The rulebook page (public, like the other event pages)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_safe

from scoring.public.common import visible_event
from scoring.rulebook.content import rulebook as rulebook_content

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


@require_safe
def rulebook(request: HttpRequest, slug: str) -> HttpResponse:
    """``?lang=cs`` prints the rulebook in that language whatever the reader's own is."""
    event = visible_event(request, slug)
    language = request.GET.get("lang", "")
    if language not in LANGUAGES:
        language = translation.get_language()
    with translation.override(language):
        context = {"event": event, "language": language, "print_languages": LANGUAGES}
        context |= rulebook_content(event)
        response = render(request, "rulebook/rulebook.html", context)
    response["Content-Language"] = language
    return response
