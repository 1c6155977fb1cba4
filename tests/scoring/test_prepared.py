"""Querysets compiled once and run with new arguments give what the queryset itself gives."""

from __future__ import annotations

import pytest

from scoring.public.prepared import Prepared, json_value
from tournament.events.models import Event
from tournament.players.models import Player

pytestmark = pytest.mark.django_db


def test_rows_match_the_queryset_for_every_argument(make_hall):
    h = make_hall("mcr")
    by_event = Prepared(
        lambda event, pk: (
            Player.objects.filter(event_id=event, pk__gte=pk)
            .order_by("pk")
            .values_list("pk", "name", "status")
        )
    )
    ids = list(h.event.players.order_by("pk").values_list("pk", flat=True))
    for pk in (ids[0], ids[3], ids[-1] + 1):
        expected = list(
            Player.objects.filter(event_id=h.event.pk, pk__gte=pk)
            .order_by("pk")
            .values_list("pk", "name", "status")
        )
        assert by_event(h.event.pk, pk) == expected


def test_text_arguments_and_converted_values(make_hall):
    h = make_hall("mcr")
    fields = ["pk", "slug", "is_public", "created_at", "ruleset_options"]
    by_slug = Prepared(
        lambda slug: Event.objects.filter(slug=slug).values_list(*fields), convert=True
    )
    assert by_slug(h.event.slug) == list(
        Event.objects.filter(slug=h.event.slug).values_list(*fields)
    )
    [(_pk, _slug, public, created, options)] = by_slug(h.event.slug)
    assert isinstance(public, bool) and created.tzinfo is not None and isinstance(options, dict)
    assert by_slug("no-such-event") == []


def test_json_text_is_decoded():
    assert json_value('{"a": 1}') == {"a": 1} and json_value({"a": 1}) == {"a": 1}
