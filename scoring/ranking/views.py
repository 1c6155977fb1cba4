"""Public pages of the ranking: the ranking (country filter, search, "as of"), the country
ranking, a person's page, and the CSV and XLSX exports. Thin: ``reading`` and ``person`` do
the work."""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from rules import ranking as rk
from scoring.files import CSV_TYPE, XLSX_TYPE, to_csv, to_xlsx
from scoring.ranking import person as person_data
from scoring.ranking import reading
from scoring.ranking.models import RankingState
from tournament.access.pages import shared_page
from tournament.access.params import bounded_int
from tournament.persons.models import Person
from tournament.players.models import Player

PAGE = 50
FAMILY_NAMES = {
    "mcr": "MCR",
    "riichi": "Riichi",
    "wsom": "WSOM",
    "classical": "Classical",
    "french": "French classical",
}


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


@require_GET
def family_page(request: HttpRequest, family: str) -> HttpResponse:
    """The ranking, a page of 50. For visitors without a session, the stored ranking's pages
    are kept by the family's state and the query (one query to know)."""
    if family not in rk.FAMILIES:
        raise Http404
    shared = shared_page(request) and not request.GET.get("as_of")
    if shared:
        key = "ranking-page:" + reading.etag(family, request.GET.urlencode(), get_language())
        if (found := _kept(key)) is not None:
            return _answer(request, *found)
        response = _render_family_page(request, family)
        if response.status_code == 200:
            PERSON_PAGES[key] = (key[-26:], response.content)
            cache.set(key, (key[-26:], response.content), 3600)
            return _answer(request, key[-26:], response.content)
        return response
    return _render_family_page(request, family)


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


# Rendered person pages for visitors without a session, by what they are made of (see
# ``_page_key``): this process keeps the last few hundred, the shared cache the rest.
PERSON_PAGES: OrderedDict[str, tuple[str, bytes]] = OrderedDict()
PERSON_PAGES_KEPT = 500
RECENT_KEYS: dict[tuple[int, str], tuple[float, str]] = {}


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


def _kept(key: str) -> tuple[str, bytes] | None:
    found = PERSON_PAGES.get(key)
    if found is None:
        found = cache.get(key)
    if found is not None:
        PERSON_PAGES[key] = found
        PERSON_PAGES.move_to_end(key)
        while len(PERSON_PAGES) > PERSON_PAGES_KEPT:
            PERSON_PAGES.popitem(last=False)
    return found


def _answer(request: HttpRequest, etag: str, content: bytes) -> HttpResponse:
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(content)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def person_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A person's page. For visitors without a session the rendered page is kept by what it
    is made of (three queries to know), as the player pages are; for about a second
    (``PUBLIC_PAGE_SECONDS``) the last key is taken as current, without a query."""
    language = get_language()
    shared = shared_page(request)
    if shared:
        recent = RECENT_KEYS.get((pk, language))
        if recent is not None and recent[0] > time.monotonic():
            found = PERSON_PAGES.get(recent[1])
            if found is not None:
                return _answer(request, *found)
    person = get_object_or_404(Person, pk=pk)
    if person.merged_into_id is not None:
        return redirect("ranking:person", pk=person.merged_into_id)
    key = _page_key(person, language) if shared else ""
    if shared:
        RECENT_KEYS[(pk, language)] = (time.monotonic() + settings.PUBLIC_PAGE_SECONDS, key)
        if len(RECENT_KEYS) > PERSON_PAGES_KEPT:
            RECENT_KEYS.clear()
    if shared and (found := _kept(key)) is not None:
        return _answer(request, *found)
    response = _render_person_page(request, person)
    if shared and response.status_code == 200:
        etag = '"' + key[-24:] + '"'
        PERSON_PAGES[key] = (etag, response.content)
        cache.set(key, (etag, response.content), 3600)
        return _answer(request, etag, response.content)
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
            "hand_stats": person_data.hand_stats(players),
            "families": families,
            "language_next": request.path,
        },
    )
