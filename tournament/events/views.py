"""The event list, creating an event, its settings, its overview and its downloads."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from tournament.access.confirm import Question, confirm_or_ask
from tournament.access.pages import director_required, require_GET_POST
from tournament.access.roles import can_create_events
from tournament.events import services as event_services
from tournament.events.forms import EventForm, options_in_force
from tournament.events.models import Event
from tournament.events.pages import event_form_page
from tournament.events.reading.ordering import latest_first
from tournament.players.models import Player
from tournament.rounds.reading import schedule
from tournament.staff import services as staff_services
from tournament.staff.models import RefereeAssignment

# (URL name in the ``exports`` namespace, file name, what it is)
EXPORTS = (
    ("standings-csv", "standings.csv", gettext_lazy("Standings, for spreadsheets (CSV)")),
    ("standings-xlsx", "standings.xlsx", gettext_lazy("Standings, Excel workbook")),
    ("results-csv", "results.csv", gettext_lazy("Every counting table result, seat by seat (CSV)")),
    ("results-xlsx", "results.xlsx", gettext_lazy("Every counting table result, Excel workbook")),
    ("ema-csv", "ema.csv", gettext_lazy("Ranking file for the EMA (CSV)")),
    ("hands-csv", "hands.csv", gettext_lazy("Every hand of the score sheets (CSV)")),
    ("hands-xlsx", "hands.xlsx", gettext_lazy("Every hand of the score sheets, Excel workbook")),
    ("fees-people-csv", "fees.csv", gettext_lazy("Fees: who owes what, paid and given back (CSV)")),
    ("fees-people-xlsx", "fees.xlsx", gettext_lazy("Fees: who owes what, Excel workbook")),
    ("fees-payments-csv", "payments.csv", gettext_lazy("Every fee payment and refund (CSV)")),
    (
        "fees-payments-xlsx",
        "payments.xlsx",
        gettext_lazy("Every fee payment and refund, Excel workbook"),
    ),
    (
        "archive-json",
        "archive.json",
        gettext_lazy("The whole event, to keep or to restore elsewhere (JSON)"),
    ),
    (
        "anonymised-archive-json",
        "archive.json",
        gettext_lazy(
            "The whole event with every name, club, EMA number and typed text replaced "
            "(Player 1, Club 1, ...), to share for testing or research (JSON)"
        ),
    ),
)
# A file to share does not carry the event's short name: it is named as the event is inside it
# (``scoring.exports.anonymised_slug``), by its id.
SHARED_EXPORTS = {"anonymised-archive-json": "anonymised-{id}"}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The events the visitor may see, with their player counts: one query, whatever the
    number of events, players and referees (visibility is a subquery, so the referee join
    cannot multiply the count)."""
    user = request.user
    visible = Q(is_public=True)
    if user.is_authenticated:
        visible |= Q(director=user) | Q(referees__user=user)
    events = Event.objects.filter(pk__in=Event.objects.filter(visible).values("pk")).annotate(
        player_count=Count("players"),
        signup_opens=F("registration__opens_at"),
        signup_closes=F("registration__closes_at"),
        check_in_closed=F("registration__check_in_closed_at"),
        check_in_opened=F("registration__check_in_opened_at"),
        self_check_in=F("registration__self_check_in"),
    )
    now = timezone.now()
    events = latest_first(events)
    for event in events:
        # The sign-up page while registration is open (docs/rules/registration.md), else its list.
        event.signup_open = bool(
            event.signup_opens
            and event.signup_opens <= now
            and (event.signup_closes is None or now < event.signup_closes)
            and event.check_in_closed is None
        )
        # Players check in on their own phone while the desk is open, if the event allows it;
        # once check-in is closed, a late arrival goes to the desk.
        event.check_in_here = bool(
            event.self_check_in and event.check_in_opened and event.check_in_closed is None
        )
    new_roles = (
        RefereeAssignment.objects.filter(user=user, seen_at__isnull=True).count()
        if user.is_authenticated
        else 0
    )
    return render(
        request,
        "home.html",
        {"events": events, "can_create": can_create_events(user), "new_roles": new_roles},
    )


def finishing_question(event: Event) -> Question:
    """Marking the event finished tells every player their final place: asked first, naming
    the rounds that are not closed."""
    live, unplayed = schedule.unfinished_rounds(event)
    open_rounds = sorted(live + unplayed)
    return Question(
        action=f"finish:{event.pk}",
        title=_("Mark %(event)s as finished?") % {"event": event.name},
        warnings=[
            ngettext(
                "Round %(rounds)s is not closed.",
                "Rounds %(rounds)s are not closed.",
                len(open_rounds),
            )
            % {"rounds": ", ".join(map(str, open_rounds))}
        ]
        if open_rounds
        else [],
        consequences=(
            _(
                "Each player who gets notifications is told their final place, once the "
                "standings are up to date. This message goes once."
            ),
            _("The rest of the settings is saved with it."),
        ),
        button=_("Mark as finished and save"),
        back=reverse("director:event-edit", args=[event.slug]),
        about=",".join(map(str, open_rounds)),
    )


@login_required
@require_GET_POST
def event_create(request: HttpRequest) -> HttpResponse:
    if not can_create_events(request.user):
        raise PermissionDenied
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.director = request.user
        try:
            event_services.save_event(event)
        except ValidationError as exc:
            form.apply_service_errors(exc)
        else:
            messages.success(request, _("Event created."))
            return redirect(event)
    return event_form_page(request, form, None)


@director_required
@require_GET_POST
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    stored_status = event.status
    form = EventForm(request.POST or None, instance=event)
    repricing = False
    zone_effect = None
    if request.method == "POST" and form.is_valid():
        if form.instance.status == Event.Status.FINISHED != stored_status:
            asked = confirm_or_ask(request, finishing_question(event), event=event)
            if asked is not None:
                return asked
        try:
            event_services.save_event(
                form.instance, round_times=form.cleaned_data.get("round_times") or None
            )
        except ValidationError as exc:
            form.apply_service_errors(exc)
            repricing = event_services.needs_repricing(exc)
            if "round_times" in getattr(exc, "error_dict", {}):
                stored = Event.objects.values_list("time_zone", flat=True).get(pk=event.pk)
                zone_effect = event_services.zone_change_effect(
                    event, stored, form.instance.time_zone
                )
        else:
            messages.success(request, _("Event saved."))
            return redirect(event)
    return event_form_page(request, form, event, repricing=repricing, zone_effect=zone_effect)


def _file_name(name: str, file: str, event: Event) -> str:
    prefix = SHARED_EXPORTS.get(name, "{slug}").format(slug=event.slug, id=event.pk)
    return f"{prefix}-{file}"


def _exports(event: Event) -> list[dict]:
    return [
        {
            "url": reverse(f"exports:{name}", args=[event.slug]),
            "file": _file_name(name, file, event),
            "what": what,
        }
        for name, file, what in EXPORTS
    ]


@director_required
@require_GET
def event_dashboard(request: HttpRequest, event: Event) -> HttpResponse:
    rounds = event.rounds.annotate(table_count=Count("tables", distinct=True))
    counts = event.players.aggregate(
        total=Count("pk"), active=Count("pk", filter=Q(status=Player.Status.ACTIVE))
    )
    return render(
        request,
        "director/event.html",
        {
            "event": event,
            "rounds": rounds,
            "player_count": counts["total"],
            "active_count": counts["active"],
            "staff": staff_services.staff_of(event),
            "exports": _exports(event),
            "in_force": options_in_force(event),
        },
    )


@director_required
@require_GET
def exports_page(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, "director/exports.html", {"event": event, "exports": _exports(event)})
