"""REST API of the seating generator: drafting rounds, swapping two players in a draft,
publishing it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.api import EventScoped
from tournament.access.roles import is_director
from tournament.seating.serializers import (
    SeatingDraftSerializer,
    SeatingRequestSerializer,
    SeatingSwapSerializer,
)


class SeatingView(APIView):
    """Generate a seating draft for some rounds (POST) or read the latest draft and its quality
    report (GET). Reads need the event's director, like every seating write."""

    permission_classes = [EventScoped]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not is_director(request.user, self.event):
            raise PermissionDenied(_("Only the event's director seats the event."))

    @extend_schema(responses={200: SeatingDraftSerializer})
    def get(self, request, event):
        draft = get_object_or_404(self.event.seating_drafts.all()[:1])
        return Response(SeatingDraftSerializer(draft).data)

    @extend_schema(request=SeatingRequestSerializer, responses={201: SeatingDraftSerializer})
    def post(self, request, event):
        from django.db import transaction

        from tournament.seating import services as seating_service
        from tournament.seating.tasks import generate_seating

        incoming = SeatingRequestSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = dict(incoming.validated_data)
        with transaction.atomic():
            draft = seating_service.start_draft(
                self.event,
                request.user,
                first_round=data.pop("first_round"),
                rounds=data.pop("rounds"),
                **data,
            )
            transaction.on_commit(lambda: generate_seating.delay(draft.pk))
        draft.refresh_from_db()
        return Response(SeatingDraftSerializer(draft).data, status=status.HTTP_201_CREATED)


class SeatingDraftAction(APIView):
    permission_classes = [EventScoped]
    action = ""

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not is_director(request.user, self.event):
            raise PermissionDenied(_("Only the event's director seats the event."))

    def draft(self, pk):
        return get_object_or_404(self.event.seating_drafts.all(), pk=pk)


class SeatingSwap(SeatingDraftAction):
    @extend_schema(request=SeatingSwapSerializer, responses={200: SeatingDraftSerializer})
    def post(self, request, event, pk):
        from tournament.seating import services as seating_service

        incoming = SeatingSwapSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        draft = seating_service.swap(self.draft(pk), data["round"], data["a"], data["b"])
        return Response(SeatingDraftSerializer(draft).data)


class SeatingPublish(SeatingDraftAction):
    @extend_schema(request=None, responses={200: SeatingDraftSerializer})
    def post(self, request, event, pk):
        from tournament.seating import services as seating_service

        draft = self.draft(pk)
        seating_service.publish(draft)
        draft.refresh_from_db()
        return Response(SeatingDraftSerializer(draft).data)
