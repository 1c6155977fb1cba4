"""The director's ranking pages: an event's part in the ranking (mark, publish, weight with
its parts and overrides), importing past events (EMA results file or archive) with a preview,
and the ranking's settings."""

from __future__ import annotations

import datetime as dt
import secrets

from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import ranking as rk
from scoring.ranking import services
from scoring.ranking.models import FAMILY_NAMES, RankingSetting
from scoring.ranking.reading.finals import final_places
from scoring.ranking.services import importing
from tournament.access.confirm import Question, confirm_or_ask
from tournament.access.pages import director_required, require_GET_POST
from tournament.events.models import RULESET_CHOICES, Event
from tournament.persons.access import registry_required
from tournament.rounds.reading import schedule

IMPORT_SECONDS = 3600
MAX_UPLOAD = 5 * 1024 * 1024


def _errors(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@director_required
@require_GET_POST
def event_ranking(request: HttpRequest, event: Event) -> HttpResponse:
    entry = services.ranking_event(event)
    if request.method == "POST":
        try:
            if "mark" in request.POST:
                services.mark(
                    event,
                    is_ranking="is_ranking" in request.POST,
                    needs_qualification="needs_qualification" in request.POST,
                )
                messages.success(request, _("Saved."))
            elif "publish" in request.POST:
                asked = confirm_or_ask(request, _publish_question(event, entry), event=event)
                if asked is not None:
                    return asked
                _live, unplayed = schedule.unfinished_rounds(event)
                services.publish(event, by=request.user, without=unplayed)
                messages.success(request, _("The final ranking is published for the ranking."))
            elif "override" in request.POST:
                services.override_weight(
                    event, request.POST.get("weight"), request.POST.get("reason"), by=request.user
                )
                messages.success(request, _("Weight saved."))
        except ValidationError as error:
            _errors(request, error)
        else:
            return redirect("ranking-director:event", slug=event.slug)
    entry.refresh_from_db()
    weight = services.computed_weight(entry)
    live, unplayed = schedule.unfinished_rounds(event)
    return render(
        request,
        "ranking/event.html",
        {
            "event": event,
            "entry": entry,
            "weight": weight,
            "effective": services.effective_weight(entry),
            "overrides": list(entry.overrides.select_related("created_by")),
            "results": entry.results.count(),
            "not_closed": sorted(live + unplayed),
        },
    )


def _publish_question(event: Event, entry) -> Question:
    """Publishing the final ranking: refused at once while a round is live (or the event is
    not a ranking event); else the question names the rounds never played, which the
    ranking then goes without, and how many places count."""
    if not entry.is_ranking:
        raise ValidationError(_("Mark the event as a ranking event first."))
    _live, unplayed = schedule.unfinished_rounds(event)
    services.check_finished(event, unplayed)
    count = len(final_places(event))
    rounds = ", ".join(map(str, unplayed))
    return Question(
        action=f"publish-ranking:{event.pk}",
        title=_("Publish the final ranking of %(event)s?") % {"event": event.name},
        warnings=[
            ngettext(
                "Round %(rounds)s is not closed: it was never played. The final ranking is "
                "published without it.",
                "Rounds %(rounds)s are not closed: they were never played. The final ranking "
                "is published without them.",
                len(unplayed),
            )
            % {"rounds": rounds}
        ]
        if unplayed
        else [],
        consequences=(
            ngettext(
                "The final place of %(count)d player counts in the %(family)s ranking.",
                "The final places of %(count)d players count in the %(family)s ranking.",
                count,
            )
            % {"count": count, "family": FAMILY_NAMES.get(entry.family, entry.family)},
            _("Each player is linked to a person: by EMA number, else a new person."),
            _("Publishing again later, after a correction, replaces these places."),
        ),
        button=_("Publish the final ranking"),
        back=reverse("ranking-director:event", args=[event.slug]),
        about=f"{rounds}/{count}",
    )


def _read_upload(request: HttpRequest) -> bytes:
    upload = request.FILES.get("file")
    if upload is None:
        raise ValidationError({"file": [_("Choose a file.")]})
    if upload.size > MAX_UPLOAD:
        raise ValidationError({"file": [_("The file is larger than 5 MB.")]})
    return upload.read()


def _date(text: str | None, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(str(text or "").strip())
    except ValueError:
        raise ValidationError(
            {field: [_("Give the date as YYYY-MM-DD, e.g. 2025-06-01.")]}
        ) from None


@registry_required
@require_GET_POST
def import_history(request: HttpRequest) -> HttpResponse:
    """Upload (kept for an hour under a token), preview (who each line is, what needs a
    decision), confirm (with the decisions)."""
    context: dict = {"rulesets": RULESET_CHOICES, "form": request.POST}
    token = request.POST.get("token", "")
    if request.method == "POST":
        try:
            if "upload" in request.POST:
                data = _read_upload(request)
                token = secrets.token_urlsafe(16)
                cache.set(f"ranking-import:{request.user.pk}:{token}", data, IMPORT_SECONDS)
            data = cache.get(f"ranking-import:{request.user.pk}:{token}") if token else None
            if data is None:
                raise ValidationError(
                    {"file": [_("Upload the file again (it was kept for an hour).")]}
                )
            kind = request.POST.get("kind", "ema")
            if kind == "archive":
                archive = importing.read_archive(data)
                lines = importing.archive_lines(archive)
                context["unknown_users"] = importing.unknown_users(archive)
            else:
                lines = importing.read_ema_file(data)
            matches = importing.preview(lines)
            context.update({"token": token, "kind": kind, "matches": matches})
            if "confirm" in request.POST:
                decisions = {
                    m.line.number: request.POST.get(f"decision-{m.line.number}", "")
                    for m in matches
                    if m.needs_decision
                }
                qualification = "needs_qualification" in request.POST
                if kind == "archive":
                    event = importing.import_archive(
                        data,
                        by=request.user,
                        needs_qualification=qualification,
                        decisions=decisions,
                    )
                else:
                    ruleset = request.POST.get("ruleset", "")
                    if ruleset not in dict(RULESET_CHOICES):
                        raise ValidationError({"ruleset": [_("Choose the ruleset.")]})
                    event = importing.import_ema(
                        data,
                        name=request.POST.get("name", ""),
                        ruleset=ruleset,
                        first_day=_date(request.POST.get("first_day"), "first_day"),
                        last_day=_date(request.POST.get("last_day"), "last_day"),
                        by=request.user,
                        needs_qualification=qualification,
                        decisions=decisions,
                    )
                cache.delete(f"ranking-import:{request.user.pk}:{token}")
                messages.success(request, _("%(name)s is imported.") % {"name": event.name})
                return redirect("ranking-director:event", slug=event.slug)
        except ValidationError as error:
            _errors(request, error)
    return render(request, "ranking/import.html", context)


@registry_required
@require_GET_POST
def ranking_settings(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        if not request.user.is_authenticated:
            raise PermissionDenied
        try:
            setting = services.set_part_b_count(
                request.POST.get("family", ""), request.POST.get("part_b_count")
            )
        except ValidationError as error:
            _errors(request, error)
        else:
            count = setting.part_b_count
            messages.success(
                request,
                ngettext(
                    "%(family)s: Part B counts the best result from now on; the ranking is "
                    "computed again.",
                    "%(family)s: Part B counts the best %(count)s results from now on; the "
                    "ranking is computed again.",
                    count,
                )
                % {"family": FAMILY_NAMES[setting.family], "count": count},
            )
            return redirect("ranking-director:settings")
    found = dict(RankingSetting.objects.values_list("family", "part_b_count"))
    return render(
        request,
        "ranking/settings.html",
        {"families": [(f, FAMILY_NAMES[f], found.get(f, rk.PART_B_COUNT)) for f in rk.FAMILIES]},
    )
