"""REST API of the ranking: a page of the ranking (limit/offset, country, search, "as of")
and one person's line with every result's r, w and a. Both answer with an ETag; a client
that sends it back in ``If-None-Match`` gets 304 while the ranking has not moved."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from rules import ranking as rk
from scoring.ranking import reading
from scoring.ranking.models import RankingEntry, RankingEvent
from scoring.ranking.reading.inputs import options_of, results_by_person
from tournament.persons.models import Person

DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
MAX_OFFSET = 10**9


def _bounded(request, name: str, default: int, high: int) -> int:
    text = request.query_params.get(name)
    if text in (None, ""):
        return default
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= high:
        raise ValidationError(
            {name: [_("A whole number from %(low)s to %(high)s.") % {"low": 0, "high": high}]}
        )
    return value


def _family(family: str) -> str:
    if family not in rk.FAMILIES:
        raise NotFound(_("Unknown ranking."))
    return family


def _as_of(request):
    try:
        return reading.clean_as_of(request.query_params.get("as_of"))
    except DjangoValidationError as error:
        raise ValidationError(error.message_dict) from None


def _not_modified(request, tag: str) -> Response | None:
    if tag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": tag})
    return None


def _number(value) -> str:
    return reading.shown(value)


class RankingList(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("as_of", str, description="YYYY-MM-DD; default: the stored ranking"),
            OpenApiParameter("country", str),
            OpenApiParameter("q", str, description="a part of the name"),
            OpenApiParameter("limit", int),
            OpenApiParameter("offset", int),
        ],
        responses={200: dict},
    )
    def get(self, request, family: str):
        family = _family(family)
        as_of = _as_of(request)
        limit = _bounded(request, "limit", DEFAULT_LIMIT, MAX_LIMIT)
        offset = _bounded(request, "offset", 0, MAX_OFFSET)
        country = (request.query_params.get("country") or "").strip().upper()[:2]
        search = " ".join((request.query_params.get("q") or "").split())[:60]
        tag = reading.etag(family, as_of, country, search, limit, offset)
        if as_of is None and (answer := _not_modified(request, tag)):
            return answer
        ranking = reading.read(
            family, as_of=as_of, country=country, search=search, offset=offset, limit=limit
        )
        base = request.build_absolute_uri(request.path)
        keep = {k: v for k, v in request.query_params.items() if k not in ("offset",)}

        def link(to: int) -> str:
            from urllib.parse import urlencode

            return base + "?" + urlencode({**keep, "offset": to, "limit": limit})

        body = {
            "family": family,
            "as_of": ranking.as_of.isoformat() if ranking.as_of else None,
            "updating": ranking.updating,
            "count": ranking.total,
            "next": link(offset + limit) if offset + limit < ranking.total else None,
            "previous": link(max(0, offset - limit)) if offset else None,
            "results": [
                {
                    "place": r["place"],
                    "person": r["person"],
                    "name": r["name"],
                    "country": r["country"],
                    "ranking": _number(r["ranking"]),
                    "ranking_exact": str(r["ranking"]),
                    "part_a": _number(r["part_a"]),
                    "part_b": _number(r["part_b"]),
                    "results": r["results"],
                }
                for r in ranking.rows
            ],
        }
        headers = {"Cache-Control": "no-cache"}
        if as_of is None:
            headers["ETag"] = tag
        return Response(body, headers=headers)


class PersonLine(APIView):
    """One person's ranking in a family and how it was computed."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("as_of", str)], responses={200: dict})
    def get(self, request, family: str, pk: int):
        family = _family(family)
        as_of = _as_of(request)
        person = get_object_or_404(Person, pk=pk)
        tag = reading.etag(family, "person", pk, as_of)
        if answer := _not_modified(request, tag):
            return answer
        entry = RankingEntry.objects.filter(family=family, person=person).first()
        day = as_of or reading.read(family, limit=0).as_of
        results = (
            results_by_person(family, [person.pk], until=day).get(person.pk, []) if day else []
        )
        computed = rk.person_ranking(results, day, options_of(family)) if day else None
        events = RankingEvent.objects.select_related("event").in_bulk([r.key for r in results])
        body = {
            "person": person.pk,
            "name": person.name,
            "country": str(person.country or ""),
            "ema_number": person.ema_number,
            "family": family,
            "as_of": day.isoformat() if day else None,
            "place": entry.place if entry and as_of is None else None,
            "ranking": _number(computed.value) if computed else None,
            "ranking_exact": str(computed.value) if computed else None,
            "part_a": _number(computed.part_a) if computed else None,
            "part_b": _number(computed.part_b) if computed else None,
            "lines": [
                {
                    "event": events[line.result.key].event.slug,
                    "event_name": events[line.result.key].event.name,
                    "last_day": line.result.last_day.isoformat(),
                    "place": str(line.result.place),
                    "n": line.result.n,
                    "r": str(line.r),
                    "w": str(line.w),
                    "a": str(line.a),
                    "in_part_b": line.in_b,
                }
                for line in (computed.lines if computed else ())
            ],
        }
        return Response(body, headers={"ETag": tag, "Cache-Control": "no-cache"})
