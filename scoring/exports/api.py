"""REST API of the event archive, for the event's director (it holds personal data): the whole
event as the archive download, or anonymised to share."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.exports.reading.anonymised import anonymised_archive
from scoring.exports.reading.archive import event_archive
from tournament.access.api import event_for
from tournament.access.roles import is_director


class DirectorDownloads(BasePermission):
    """The archive is the director's, reads included: it names every person of the event."""

    def has_permission(self, request, view) -> bool:
        view.event = event_for(request, view.kwargs["event"], write=False)
        if not is_director(request.user, view.event):
            raise PermissionDenied(_("Only the event's director may download its archive."))
        return True


class ArchiveView(APIView):
    """The event's archive, as the director's download (``import_event`` restores it); with
    ``anonymised=true``, every name, club, EMA number and typed text replaced (Player 1,
    Club 1, ...), to share for testing or research."""

    permission_classes = [DirectorDownloads]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "anonymised",
                OpenApiTypes.BOOL,
                description="Replace every person and typed text by a pseudonym.",
            )
        ],
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The archive (JSON)."),
            400: OpenApiResponse(description="`anonymised` is not true or false."),
            403: OpenApiResponse(description="Not the event's director."),
        },
    )
    def get(self, request, event):
        text = request.query_params.get("anonymised")
        try:
            anonymised = text is not None and serializers.BooleanField().run_validation(text)
        except serializers.ValidationError as error:
            raise ValidationError({"anonymised": error.detail}) from None
        data = anonymised_archive(self.event) if anonymised else event_archive(self.event)
        response = Response(data)
        response["Cache-Control"] = "private, no-store"
        return response
