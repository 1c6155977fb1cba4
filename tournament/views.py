"""Director pages: thin views over ``tournament.services``."""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import seating_service, services
from .forms import (
    EventForm,
    PlayerCsvForm,
    PlayerForm,
    PlayerStatusForm,
    RefereeForm,
    RoundForm,
    RoundStatusForm,
    SeatingForm,
    SeatRoundForm,
)
from .models import Announcement, Event, Player, RefereeAssignment, Round, Seat, SeatingDraft
from .roles import can_create_events, can_view, is_director

require_GET_POST = require_http_methods(["GET", "POST"])


def _apply_errors(form, exc: ValidationError) -> None:
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)


def director_required(view):
    """Load ``slug`` as ``event``: 404 if the user cannot see it, 403 unless they direct it."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args, **kwargs):
        event = get_object_or_404(Event, slug=slug)
        if not can_view(request.user, event):
            raise Http404
        if not is_director(request.user, event):
            raise PermissionDenied
        return view(request, event, *args, **kwargs)

    return wrapper


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    visible = Q(is_public=True)
    if request.user.is_authenticated:
        visible |= Q(director=request.user) | Q(referees__user=request.user)
    events = Event.objects.filter(visible).distinct().annotate(player_count=Count("players"))
    return render(
        request,
        "home.html",
        {"events": events, "can_create": can_create_events(request.user)},
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
            services.save_event(event)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Event created."))
            return redirect(event)
    return render(request, "director/event_form.html", {"form": form})


@director_required
@require_GET_POST
def event_edit(request: HttpRequest, event: Event) -> HttpResponse:
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        try:
            services.save_event(form.instance)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Event saved."))
            return redirect(event)
    return render(request, "director/event_form.html", {"form": form, "event": event})


@director_required
@require_GET
def event_dashboard(request: HttpRequest, event: Event) -> HttpResponse:
    rounds = event.rounds.annotate(table_count=Count("tables", distinct=True))
    return render(
        request,
        "director/event.html",
        {
            "event": event,
            "rounds": rounds,
            "player_count": event.players.count(),
            "active_count": event.players.filter(status=Player.Status.ACTIVE).count(),
            "referees": event.referees.select_related("user"),
        },
    )


@director_required
@require_GET_POST
def players(request: HttpRequest, event: Event) -> HttpResponse:
    form = PlayerForm(request.POST if request.method == "POST" and "add" in request.POST else None)
    csv_form = PlayerCsvForm()
    csv_errors = []
    if request.method == "POST" and "add" in request.POST and form.is_valid():
        try:
            player = services.add_player(event, **form.cleaned_data)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
            return redirect("director:players", slug=event.slug)
    elif request.method == "POST" and "import" in request.POST:
        csv_form = PlayerCsvForm(request.POST, request.FILES)
        if csv_form.is_valid():
            upload = csv_form.cleaned_data["file"]
            if upload.size > settings.PLAYER_CSV_MAX_BYTES:
                csv_form.add_error("file", _("The file is too large."))
            else:
                try:
                    created = services.import_players_csv(event, upload.read())
                except services.CsvImportError as exc:
                    csv_errors = exc.errors
                    csv_form.add_error("file", _("Nothing was imported: fix the lines below."))
                else:
                    messages.success(
                        request, _("%(count)d players imported.") % {"count": len(created)}
                    )
                    return redirect("director:players", slug=event.slug)
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "form": form,
            "csv_form": csv_form,
            "csv_errors": csv_errors,
            "players": event.players.all(),
            "status_choices": Player.Status.choices,
        },
    )


@director_required
@require_POST
def player_status(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, event=event, pk=pk)
    form = PlayerStatusForm(request.POST)
    if form.is_valid():
        services.update_player(player, status=form.cleaned_data["status"])
        messages.success(
            request,
            _("%(name)s is now %(status)s.")
            % {"name": player.name, "status": player.get_status_display()},
        )
    return redirect("director:players", slug=event.slug)


@director_required
@require_GET_POST
def rounds(request: HttpRequest, event: Event) -> HttpResponse:
    form = RoundForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if v is not None}
        try:
            round_ = services.create_round(event, **data)
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Round %(number)d created.") % {"number": round_.number})
            return redirect("director:rounds", slug=event.slug)
    return render(
        request,
        "director/rounds.html",
        {
            "event": event,
            "form": form,
            "rounds": event.rounds.annotate(
                table_count=Count("tables", distinct=True), seat_count=Count("seats", distinct=True)
            ),
            "status_choices": Round.Status.choices,
        },
    )


@director_required
@require_POST
def round_status(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundStatusForm(request.POST)
    if form.is_valid():
        try:
            services.update_round(round_, status=form.cleaned_data["status"])
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(
                request,
                _("Round %(number)d is now %(status)s.")
                % {"number": round_.number, "status": round_.get_status_display()},
            )
    return redirect("director:rounds", slug=event.slug)


@director_required
@require_GET_POST
def seat_round(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    roster = list(event.players.filter(status=Player.Status.ACTIVE))
    current: dict[int, list[int | None]] = {}
    for seat in Seat.objects.filter(round=round_).select_related("table"):
        row = current.setdefault(seat.table.number, [None] * 4)
        row["ESWN".index(seat.wind)] = seat.player_id
    seated_ids = {pid for row in current.values() for pid in row if pid}
    roster += list(event.players.filter(pk__in=seated_ids).exclude(status=Player.Status.ACTIVE))
    initial_tables = [current.get(n, [None] * 4) for n in range(1, max(current, default=0) + 1)]
    table_count = max(len(initial_tables), (len(roster) + 3) // 4, 1)
    form = SeatRoundForm(
        request.POST or None,
        players=roster,
        table_count=table_count,
        initial_tables=initial_tables,
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.seat_round(round_, form.tables())
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Round %(number)d seated.") % {"number": round_.number})
            return redirect("director:rounds", slug=event.slug)
    return render(
        request,
        "director/seat_round.html",
        {"event": event, "round": round_, "form": form, "closed": round_.is_closed},
    )


@director_required
@require_GET
def table_cards(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """One printable page of A6 table cards: number, seats and a QR code that opens the
    table's referee page."""
    import segno
    from django.urls import reverse

    round_ = get_object_or_404(Round, event=event, number=number)
    cards = []
    for table in round_.tables.prefetch_related("seats__player"):
        url = request.build_absolute_uri(
            reverse("referee:table", args=[event.slug, round_.number, table.number])
        )
        qr = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
        cards.append({"table": table, "seats": list(table.seats.all()), "url": url, "qr": qr})
    return render(
        request, "director/table_cards.html", {"event": event, "round": round_, "cards": cards}
    )


@director_required
@require_GET_POST
def referees(request: HttpRequest, event: Event) -> HttpResponse:
    form = RefereeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.assign_referee(
                event,
                form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                table_numbers=form.cleaned_data["table_numbers"],
            )
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Referee assigned."))
            return redirect("director:referees", slug=event.slug)
    return render(
        request,
        "director/referees.html",
        {"event": event, "form": form, "referees": event.referees.select_related("user")},
    )


@director_required
@require_POST
def referee_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    assignment = get_object_or_404(RefereeAssignment, event=event, pk=pk)
    assignment.delete()
    messages.success(request, _("Referee removed."))
    return redirect("director:referees", slug=event.slug)


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness: the database answers; with ``?worker=1`` also a Celery round trip."""
    from django.db import connection
    from django.http import JsonResponse

    from .tasks import health_check

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    body: dict[str, object] = {"database": "ok"}
    if request.GET.get("worker"):
        try:
            body["worker"] = health_check.delay().get(timeout=5)
        except Exception as exc:  # any broker/worker failure is reported, not raised
            body["worker"] = f"unavailable: {exc.__class__.__name__}"
            return JsonResponse(body, status=503)
    return JsonResponse(body)


@director_required
@require_GET_POST
def hall(request: HttpRequest, event: Event) -> HttpResponse:
    """Announcements for the hall screen and extra time for tables of the live round."""
    live = event.rounds.filter(status=Round.Status.LIVE).order_by("-number").first()
    if request.method == "POST":
        try:
            if "announce" in request.POST:
                services.add_announcement(event, request.POST.get("text", ""))
                messages.success(request, _("Announcement shown."))
            elif "toggle" in request.POST:
                announcement = get_object_or_404(
                    Announcement, event=event, pk=request.POST.get("toggle")
                )
                services.set_announcement_shown(announcement, not announcement.is_active)
            elif "extra" in request.POST and live:
                table = get_object_or_404(live.tables, number=request.POST.get("table"))
                try:
                    minutes = int(request.POST.get("minutes", ""))
                except ValueError:
                    minutes = -1
                services.grant_extra_time(table, minutes)
                messages.success(request, _("Extra time saved."))
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("director:hall", slug=event.slug)
    return render(
        request,
        "director/hall.html",
        {
            "event": event,
            "live": live,
            "tables": live.tables.all() if live else [],
            "announcements": event.announcements.all()[:20],
        },
    )


@require_GET
def ping(request: HttpRequest) -> HttpResponse:
    """A constant answer: liveness for load balancers; the baseline of bench/standings_http.py."""
    return HttpResponse("ok", content_type="text/plain")


def _queue_draft(draft) -> None:
    """Generate through the task queue: eager (in-process) without a broker, so the draft is
    ready on return; with a broker the page shows "generating" and refreshes."""
    from .tasks import generate_seating

    transaction.on_commit(lambda: generate_seating.delay(draft.pk))


@director_required
@require_GET_POST
def seating_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Generate a seating draft, see its quality and each player's opponents, swap two
    players, publish."""
    draft = event.seating_drafts.first()
    form = SeatingForm(request.POST if "generate" in request.POST else None, event=event)
    if request.method == "POST":
        try:
            if "generate" in request.POST:
                if form.is_valid():
                    data = form.cleaned_data
                    with transaction.atomic():
                        draft = seating_service.start_draft(
                            event,
                            request.user,
                            first_round=data["first_round"],
                            rounds=data["rounds"],
                            method=data["method"],
                            fill=data["fill"],
                            avoid_club_weight=data["avoid_club_weight"] or 0,
                            avoid_country_weight=data["avoid_country_weight"] or 0,
                            seed=data["seed"] or 0,
                        )
                        _queue_draft(draft)
                    return redirect("director:seating", slug=event.slug)
            elif "swap" in request.POST and draft:
                seating_service.swap(
                    draft,
                    int(request.POST.get("round", 0)),
                    int(request.POST.get("a", 0)),
                    int(request.POST.get("b", 0)),
                )
                messages.success(request, _("Players swapped; the report is updated."))
                return redirect("director:seating", slug=event.slug)
            elif "publish" in request.POST and draft:
                rounds = seating_service.publish(draft)
                messages.success(
                    request, _("Seating published for %(count)d round(s).") % {"count": len(rounds)}
                )
                return redirect("director:rounds", slug=event.slug)
        except (ValidationError, ValueError) as exc:
            for message in getattr(exc, "messages", [str(exc)]):
                messages.error(request, message)
            if "generate" not in request.POST:
                return redirect("director:seating", slug=event.slug)
    names = {p.pk: p.name for p in event.players.all()}
    context = {"event": event, "form": form, "draft": draft, "names": names}
    if draft and draft.status == SeatingDraft.Status.READY:
        met = seating_service.opponents(draft)
        context["rounds"] = [
            (
                draft.first_round + i,
                [[(p, names.get(p, _("Substitute"))) for p in t] for t in tables],
            )
            for i, tables in enumerate(draft.schedule)
        ]
        context["opponents"] = sorted(
            (
                (
                    names.get(p, _("Substitute")),
                    sorted((names.get(q, _("Substitute")), n) for q, n in others.items()),
                )
                for p, others in met.items()
                if p > 0
            ),
        )
    return render(request, "director/seating.html", context)


@director_required
@require_GET
def seating_print(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A printable seating list of one round, by table and by player name."""
    round_ = get_object_or_404(Round, event=event, number=number)
    tables = list(round_.tables.prefetch_related("seats__player"))
    by_name = sorted(
        (
            (seat.player.name, table.number, seat.get_wind_display())
            for table in tables
            for seat in table.seats.all()
        ),
        key=lambda item: item[0].casefold(),
    )
    return render(
        request,
        "director/seating_print.html",
        {"event": event, "round": round_, "tables": tables, "by_name": by_name},
    )
