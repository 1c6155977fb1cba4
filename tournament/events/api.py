"""REST API of events: the list (and creating one) and an event's settings. Reads follow
the event's visibility; writes need the event's director."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _
from rest_framework import generics
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly

from tournament.access.api import event_for
from tournament.access.roles import can_create_events
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.events.serializers import EventSerializer


class EventList(generics.ListCreateAPIView):
    serializer_class = EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        user = self.request.user
        visible = Q(is_public=True)
        if user.is_authenticated:
            if user.is_superuser:
                return Event.objects.select_related("director")
            visible |= Q(director=user) | Q(referees__user=user)
        return Event.objects.filter(visible).distinct().select_related("director")

    def create(self, request, *args, **kwargs):
        # Refused before the body is validated: a 400 "slug taken" would tell anybody which
        # (private) event slugs exist.
        if not can_create_events(request.user):
            raise PermissionDenied(_("Only directors may create events."))
        return super().create(request, *args, **kwargs)

    def perform_create(self, serializer):
        if not can_create_events(self.request.user):
            raise PermissionDenied(_("Only directors may create events."))
        data = dict(serializer.validated_data)
        data.pop("round_times", None)  # a new event has no rounds to move
        event = Event(director=self.request.user, **data)
        serializer.instance = event_services.save_event(event)


class EventDetail(generics.RetrieveUpdateAPIView):
    serializer_class = EventSerializer
    lookup_url_kwarg = "event"

    def get_object(self):
        return event_for(
            self.request,
            self.kwargs["event"],
            write=self.request.method not in ("GET", "HEAD", "OPTIONS"),
        )

    def perform_update(self, serializer):
        event = serializer.instance
        data = dict(serializer.validated_data)
        round_times = data.pop("round_times", None)
        for key, value in data.items():
            setattr(event, key, value)
        serializer.instance = event_services.save_event(event, round_times=round_times)
