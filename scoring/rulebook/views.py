"""The rulebook page (public, like the other event pages)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_safe

from scoring.public.pages import visible_event
from scoring.rulebook.reading import rulebook as rulebook_content

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def reading_language(request: HttpRequest, event) -> str:
    """``?lang=cs`` prints the rulebook in that language; else the language the reader chose
    with the site's language menu (its cookie); else the event's language, whatever the
    browser sends."""
    asked = request.GET.get("lang", "")
    if asked in LANGUAGES:
        return asked
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if chosen in LANGUAGES:
        return chosen
    return event.language if event.language in LANGUAGES else translation.get_language()


@require_safe
def rulebook(request: HttpRequest, slug: str) -> HttpResponse:
    """In the language ``reading_language`` picks."""
    event = visible_event(request, slug)
    language = reading_language(request, event)
    with translation.override(language):
        context = {"event": event, "language": language, "print_languages": LANGUAGES}
        context |= rulebook_content(event)
        response = render(request, "rulebook/rulebook.html", context)
    response["Content-Language"] = language
    return response
