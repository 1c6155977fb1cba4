"""Panels a layer above adds to the referee's pages: the tablet stays below scoring, and
scoring (the score sheets' disputes and referee calls) registers what it shows here when the
apps are ready. A panel is ``panel(request, round_, table_numbers) -> str`` (safe HTML, empty
when there is nothing to show)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from tournament.rounds.models import Round

Panel = Callable[[HttpRequest, Round, list[int]], str]
_PANELS: list[Panel] = []


def register(panel: Panel) -> None:
    if panel not in _PANELS:
        _PANELS.append(panel)


def render_panels(
    request: HttpRequest, round_: Round | None, table_numbers: list[int]
) -> SafeString:
    if round_ is None:
        return mark_safe("")
    return mark_safe("".join(panel(request, round_, table_numbers) for panel in _PANELS))  # noqa: S308
