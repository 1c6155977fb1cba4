"""Public pages of the ranking: the ranking (country filter, search, "as of"), the country
ranking, a person's page, and the CSV and XLSX exports. Thin: ``reading`` and ``person`` do
the work."""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET

from rules import ranking as rk
from scoring.files import CSV_TYPE, XLSX_TYPE, to_csv, to_xlsx
from scoring.ranking import reading
from scoring.ranking.models import FAMILY_NAMES, RankingState
from scoring.ranking.reading import person as person_data
from tournament.access.pages import shared_page, viewer
from tournament.access.params import bounded_int
from tournament.persons.models import Person
from tournament.players.models import Player

PAGE = 50


def _query(request: HttpRequest) -> tuple[dict, list[str]]:
    errors = []
    try:
        as_of = reading.clean_as_of(request.GET.get("as_of"))
    except ValidationError as error:
        errors += error.messages
        as_of = None
    country = (request.GET.get("country") or "").strip().upper()[:2]
    search = " ".join((request.GET.get("q") or "").split())[:60]
    return {"as_of": as_of, "country": country, "search": search}, errors


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return redirect("ranking:family", family="mcr")


def _family_etag(request: HttpRequest, family: str) -> str | None:
    """The ranking page's ETag: the family's stored state, the query, the language and who it
    is for; none for a ranking as of another date (computed afresh)."""
    if family not in rk.FAMILIES or request.GET.get("as_of"):
        return None
    tag = reading.etag(family, request.GET.urlencode(), get_language()).strip('"')
    request.ranking_key = f"ranking-page:{tag}"
    return f"{tag}-{viewer(request)}"


@require_GET
@condition(etag_func=_family_etag)
def family_page(request: HttpRequest, family: str) -> HttpResponse:
    """The ranking, a page of 50, answered 304 while the stored ranking stays. For visitors
    without a session, the stored ranking's pages are rendered once and kept in the cache."""
    if family not in rk.FAMILIES:
        raise Http404
    key = getattr(request, "ranking_key", None)
    if not (shared_page(request) and key):
        response = _render_family_page(request, family)
    else:
        content = cache.get(key)
        if content is None:
            response = _render_family_page(request, family)
            if response.status_code == 200:
                cache.set(key, response.content, 3600)
        else:
            response = HttpResponse(content)
    response["Cache-Control"] = "no-cache"
    return response


def _render_family_page(request: HttpRequest, family: str) -> HttpResponse:
    query, errors = _query(request)
    page = max(1, bounded_int(request.GET.get("page")) or 1)
    ranking = reading.read(family, offset=(page - 1) * PAGE, limit=PAGE, **query)
    for row in ranking.rows:
        row["shown"] = reading.shown(row["ranking"])
        row["shown_a"] = reading.shown(row["part_a"])
        row["shown_b"] = reading.shown(row["part_b"])
    pages = max(1, -(-ranking.total // PAGE))
    keep = {k: v for k, v in request.GET.items() if k in ("as_of", "country", "q") and v}
    return render(
        request,
        "ranking/ranking.html",
        {
            "family": family,
            "family_name": FAMILY_NAMES[family],
            "families": [(f, FAMILY_NAMES[f]) for f in rk.FAMILIES],
            "ranking": ranking,
            "query": query,
            "errors": errors,
            "page": page,
            "pages": pages,
            "previous": urlencode({**keep, "page": page - 1}) if page > 1 else "",
            "next": urlencode({**keep, "page": page + 1}) if page < pages else "",
            "export_query": urlencode(keep),
            "language_next": request.path,
        },
    )


@require_GET
def countries_page(request: HttpRequest, family: str) -> HttpResponse:
    if family not in rk.FAMILIES:
        raise Http404
    query, errors = _query(request)
    rows = [
        {"place": p, "country": c, "shown": reading.shown(v), "counted": n}
        for p, c, v, n in reading.countries(family, query["as_of"])
    ]
    return render(
        request,
        "ranking/countries.html",
        {
            "family": family,
            "family_name": FAMILY_NAMES[family],
            "rows": rows,
            "errors": errors,
            "query": query,
            "language_next": request.path,
        },
    )


def _table(family: str, query: dict) -> tuple[list[str], list[list]]:
    ranking = reading.read(family, limit=None, **query)
    header = [
        _("Place"),
        _("Name"),
        _("Country"),
        _("Ranking"),
        _("Part A"),
        _("Part B"),
        _("Results"),
    ]
    body = [
        [
            r["place"],
            r["name"],
            r["country"],
            float(reading.shown(r["ranking"])),
            float(reading.shown(r["part_a"])),
            float(reading.shown(r["part_b"])),
            r["results"],
        ]
        for r in ranking.rows
    ]
    return header, body


@require_GET
def export(request: HttpRequest, family: str, kind: str) -> HttpResponse:
    if family not in rk.FAMILIES or kind not in ("csv", "xlsx"):
        raise Http404
    query, errors = _query(request)
    if errors:
        return HttpResponse("\n".join(errors), status=400, content_type="text/plain")
    header, body = _table(family, query)
    name = f"ranking-{family}-{query['as_of'] or 'now'}"
    if kind == "xlsx":
        response = HttpResponse(to_xlsx(_("Ranking"), header, body), content_type=XLSX_TYPE)
    else:
        response = HttpResponse(to_csv(header, body), content_type=CSV_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
    return response


def _page_key(person: Person, language: str) -> str:
    """What a person's page shows moves one of these: the stored rankings (state rows), the
    person's players (a merge or split), their events' revisions (results, fouls, names) and
    standings snapshots. Two queries."""
    states = list(
        RankingState.objects.order_by("family").values_list(
            "family", "computed_revision", "computed_at", "as_of"
        )
    )
    players = list(
        Player.objects.filter(person=person)
        .order_by("pk")
        .values_list("pk", "event__revision", "event__standings_snapshot__revision")
    )
    text = repr(
        (person.pk, person.name, str(person.country), person.ema_number, language, states, players)
    )
    return "person-page:" + hashlib.sha1(text.encode()).hexdigest()


def _person_etag(request: HttpRequest, pk: int) -> str | None:
    """The person page's ETag: what it is made of (``_page_key``) and who it is for."""
    person = Person.objects.filter(pk=pk).first()
    if person is None or person.merged_into_id is not None:
        return None
    request.person = person
    request.person_key = _page_key(person, get_language())
    return f"{request.person_key[-24:]}-{viewer(request)}"


@require_GET
@condition(etag_func=_person_etag)
def person_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A person's page, answered 304 while nothing on it moved; for visitors without a
    session it is rendered once per what it is made of and kept in the cache."""
    person = getattr(request, "person", None) or get_object_or_404(Person, pk=pk)
    if person.merged_into_id is not None:
        return redirect("ranking:person", pk=person.merged_into_id)
    if not shared_page(request):
        response = _render_person_page(request, person)
    else:
        key = request.person_key
        content = cache.get(key)
        if content is None:
            response = _render_person_page(request, person)
            if response.status_code == 200:
                cache.set(key, response.content, 3600)
        else:
            response = HttpResponse(content)
    response["Cache-Control"] = "no-cache"
    return response


def _render_person_page(request: HttpRequest, person: Person) -> HttpResponse:
    played = person_data.events_played(person)
    played = [p for p in played if p.player.event.is_public]
    players = [p.player for p in played]
    rounds = person_data.round_results(players)
    for p in played:
        p.rounds = rounds.get(p.player.event_id, [])
    families = person_data.rankings(person)
    for f in families:
        f.name = FAMILY_NAMES[f.family]
        f.shown = reading.shown(f.entry.exact) if f.entry else ""
        if f.computed:
            f.shown_a = reading.shown(f.computed.part_a)
            f.shown_b = reading.shown(f.computed.part_b)
            f.lines = [
                {
                    "event": f.events[line.result.key].event,
                    "place": line.result.place,
                    "n": line.result.n,
                    "r": reading.shown(line.r),
                    "w": reading.shown(line.w),
                    "a": reading.shown(line.a),
                    "wa": reading.shown(line.w * line.a),
                    "in_b": line.in_b,
                }
                for line in f.computed.lines
            ]
    return render(
        request,
        "ranking/person.html",
        {
            "person": person,
            "played": played,
            "penalties": person_data.penalties(players),
            "sheet_events": any(p.event.keeps_score_sheets for p in players),
            "families": families,
            "language_next": request.path,
        },
    )
