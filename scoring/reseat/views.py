"""The staff page "Correct the seats" of one table, reached from the referee's table page: a
thin view over ``scoring.reseat.services``. A correction is asked for first (the question names
what will happen), then made; the same form sent twice stores it once."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from penalties.describe import foul_label
from scoring.reseat import services
from scoring.reseat.forms import SeatsForm, SwapForm
from scoring.reseat.models import SeatCorrection
from tournament.access import confirm
from tournament.access.roles import can_view, is_director
from tournament.events.models import Event
from tournament.events.pages.timezones import activate_event_time_zone
from tournament.numbers import shown
from tournament.rounds.models import WIND_ORDER, Round, Seat, Table


def _points(value: int) -> str:
    return shown(value, group=True)


def _names(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _hands(plan: services.Plan) -> list[str]:
    sheet = plan.sheet
    if sheet is None:
        return [_("The table has no hands on a score sheet.")]
    lines = [
        ngettext(
            "%(count)d hand gets a new version with each player at their real seat; what it "
            "pays is computed again.",
            "%(count)d hands get a new version with each player at their real seat; what they "
            "pay is computed again.",
            len(sheet.hands),
        )
        % {"count": len(sheet.hands)}
    ]
    changes = [
        _("%(player)s %(before)s → %(after)s")
        % {"player": plan.names[p], "before": _points(old), "after": _points(new)}
        for p, (old, new) in plan.totals.items()
    ]
    lines.append(_("Sheet totals: %(changes)s.") % {"changes": "; ".join(changes)})
    carried = []
    if sheet.confirmations:
        carried.append(
            ngettext("%(n)d confirmation", "%(n)d confirmations", sheet.confirmations)
            % {"n": sheet.confirmations}
        )
    if sheet.disputes:
        carried.append(
            ngettext("%(n)d open dispute", "%(n)d open disputes", sheet.disputes)
            % {"n": sheet.disputes}
        )
    if carried:
        lines.append(
            _("Carried over to the new versions: %(what)s.") % {"what": ", ".join(carried)}
        )
    return lines


def _fouls(plan: services.Plan) -> list[str]:
    lines = [
        _(
            "Report #%(id)s (%(foul)s, %(player)s) is voided and recorded again: "
            "%(before)s → %(after)s."
        )
        % {
            "id": item.report.pk,
            "foul": foul_label(item.report.code),
            "player": item.report.offender.name,
            "before": item.before,
            "after": item.after,
        }
        for item in plan.fouls
    ]
    if plan.kept:
        lines.append(
            _("Foul reports that cost the same at the real seats stay as they are: %(count)d.")
            % {"count": plan.kept}
        )
    return lines


def _result(plan: services.Plan) -> list[str]:
    if plan.result is None:
        return [_("The table has no result yet.")]
    changes = [
        _("%(player)s %(before)s → %(after)s")
        % {"player": plan.names[p], "before": _points(old), "after": _points(new)}
        for p, (old, new) in plan.scores.items()
    ]
    return [
        _("The result gets version %(version)d: %(changes)s.")
        % {"version": plan.result.version + 1, "changes": "; ".join(changes)}
    ]


def question(request: HttpRequest, plan: services.Plan, back: str) -> confirm.Question:
    """What the correction will do, one sentence each."""
    players = _names([plan.names[plan.after[w.value]] for w in WIND_ORDER])
    return confirm.Question(
        action=f"reseat:{plan.table.pk}",
        title=_("Correct the seats of table %(table)d: %(seats)s?")
        % {"table": plan.table.number, "seats": plan.seats_in_words()},
        button=_("Correct the seats"),
        back=back,
        consequences=[
            *_hands(plan),
            *_fouls(plan),
            *_result(plan),
            _("The standings are computed again."),
            _("%(players)s are told.") % {"players": players},
        ],
        warnings=[
            _(
                "Nothing recorded is changed or deleted: every hand, report and result keeps "
                "its earlier versions. A further correction is a new correction."
            )
        ],
        about=plan.state,
    )


def _table(request: HttpRequest, slug: str, round_number: int, table_number: int) -> Table:
    event = get_object_or_404(Event, slug=slug)
    if not can_view(request.user, event):
        raise Http404
    activate_event_time_zone(event)
    return get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )


def _forms(request: HttpRequest, seats: list[Seat]) -> tuple[SwapForm, SeatsForm, str]:
    action = request.POST.get("action", "") if request.method == "POST" else ""
    data = request.POST if action else None
    return (
        SwapForm(data if action == "swap" else None, seats=seats, prefix="swap"),
        SeatsForm(data if action == "seats" else None, seats=seats, prefix="seats"),
        action,
    )


def _forbidden(request: HttpRequest, slug: str, message: str) -> HttpResponse:
    return render(request, "referee/forbidden.html", {"slug": slug, "message": message}, status=403)


def _correct(
    request: HttpRequest, table: Table, form: SwapForm | SeatsForm, table_page: str
) -> tuple[HttpResponse | None, confirm.Question | None, int]:
    """A valid form: the question (409), or, once confirmed, the correction and the way back
    to the table page; the same form again only leads back. Errors go onto the form."""
    key = form.cleaned_data["idempotency_key"]
    if SeatCorrection.objects.filter(table=table, idempotency_key=key).exists():
        messages.info(request, _("This correction is already recorded: it is made once."))
        return redirect(table_page), None, 302
    try:
        plan = services.plan_correction(table, request.user, **form.choice())
        asked = question(request, plan, request.path)
        if not confirm.confirmed(request, asked):
            return None, asked, 409
        services.correct_seats(
            table,
            request.user,
            reason=form.cleaned_data["reason"],
            idempotency_key=key,
            based_on=plan.before,
            **form.choice(),
        )
    except ValidationError as exc:
        errors = exc.message_dict if hasattr(exc, "error_dict") else {None: exc.messages}
        for field, messages_ in errors.items():
            form.add_error(field if field in form.fields else None, messages_)
        return None, None, 400
    except services.SeatConflict as exc:
        form.add_error(None, exc.message)
        return None, None, 409
    messages.success(request, _("Seats corrected: %(seats)s.") % {"seats": plan.seats_in_words()})
    return redirect(table_page), None, 302


@login_required
@require_http_methods(["GET", "POST"])
def seats_page(
    request: HttpRequest, slug: str, round_number: int, table_number: int
) -> HttpResponse:
    table = _table(request, slug, round_number, table_number)
    event = table.round.event
    table_page = reverse("referee:table", args=[slug, round_number, table_number])
    closed = table.round.status == Round.Status.CLOSED
    try:
        if not closed:
            services.check_corrector(request.user, table)
        elif not is_director(request.user, event):
            raise PermissionDenied(_("Only the director corrects the seats of a closed round."))
    except PermissionDenied as exc:
        return _forbidden(request, slug, str(exc))
    seats = list(Seat.objects.filter(table=table).select_related("player"))
    seats.sort(key=lambda s: "ESWN".index(s.wind))
    names = {s.player_id: s.player.name for s in seats}
    swap_form, seats_form, action = _forms(request, seats)
    status, asked = 200, None
    form = swap_form if action == "swap" else seats_form
    if action and closed:
        status = 409
    elif action and form.is_valid():
        done, asked, status = _correct(request, table, form, table_page)
        if done is not None:
            return done
    elif action:
        status = 400
    return render(
        request,
        "reseat/seats.html",
        {
            "event": event,
            "round": table.round,
            "table": table,
            "seats": [
                (w.label, next((s for s in seats if s.wind == w.value), None)) for w in WIND_ORDER
            ],
            "swap_form": swap_form,
            "seats_form": seats_form,
            "closed": closed,
            "question": asked,
            **(
                confirm.question_context(request, asked)
                if asked
                else {"confirm_token": "", "confirm_fields": []}
            ),
            "corrections": [
                {
                    "correction": c,
                    "who": c.made_by.get_full_name() or c.made_by.get_username(),
                    "seats": services.seats_in_words(c.before, c.after, names),
                }
                for c in services.corrections_of(table)
            ],
            "table_page": table_page,
        },
        status=status,
    )
