"""Public pages of the ranking: the ranking (country filter, search, "as of"), the country
ranking, a person's page, and the CSV and XLSX exports. Thin: ``reading`` and ``person`` do
the work."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from rules import ranking as rk
from scoring.files import CSV_TYPE, XLSX_TYPE, to_csv, to_xlsx
from scoring.ranking import person as person_data
from scoring.ranking import reading
from tournament.access.params import bounded_int
from tournament.persons.models import Person

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


def index(request: HttpRequest) -> HttpResponse:
    return redirect("ranking:family", family="mcr")


def family_page(request: HttpRequest, family: str) -> HttpResponse:
    if family not in rk.FAMILIES:
        raise Http404
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


def person_page(request: HttpRequest, pk: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=pk)
    if person.merged_into_id is not None:
        return redirect("ranking:person", pk=person.merged_into_id)
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
