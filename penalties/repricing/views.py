"""The settings page's re-pricing step: a director who changes the ruleset or options after
fouls were recorded confirms, with a reason, that every affected foul is voided and recorded
again under the new rules (``penalties.repricing.services``); the rest of the form is saved
with it."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from penalties.repricing.services import reprice_event
from tournament.access.confirm import confirmed
from tournament.access.pages import director_required
from tournament.events import services as event_services
from tournament.events.forms import EventForm
from tournament.events.models import Event
from tournament.events.pages import event_form_page, repricing_question
from tournament.events.reading.pricing import repricing_preview


@require_POST
@director_required
def reprice(request: HttpRequest, event: Event) -> HttpResponse:
    """Re-price and save, confirmed for the list of fouls the settings page showed: a POST
    without that confirmation, or for another list (a foul recorded or voided meanwhile),
    changes nothing and shows the list again."""
    form = EventForm(request.POST, instance=event)
    if form.is_valid():
        stored = Event.objects.get(pk=event.pk)
        preview = repricing_preview(stored, form.instance.ruleset, form.instance.ruleset_options)
        if not confirmed(request, repricing_question(stored, form.instance.ruleset, preview)):
            messages.error(request, _("Check the fouls to re-price below, then re-price."))
            return event_form_page(request, form, event, repricing=True, status=409)
        try:
            with transaction.atomic():
                stored = Event.objects.get(pk=event.pk)  # the form changed ``event`` itself
                summary = reprice_event(
                    stored,
                    request.user,
                    ruleset=form.instance.ruleset,
                    options=form.instance.ruleset_options,
                    reason=request.POST.get("reprice_reason", ""),
                )
                form.instance.revision = stored.revision  # as re-pricing left it
                event_services.save_event(form.instance)
        except ValidationError as exc:
            form.apply_service_errors(exc)
        else:
            count = len(summary.repriced)
            messages.success(
                request,
                ngettext(
                    "Settings saved; %(count)d foul re-priced under the new rules.",
                    "Settings saved; %(count)d fouls re-priced under the new rules.",
                    count,
                )
                % {"count": count},
            )
            return redirect(event)
    return event_form_page(request, form, event, repricing=True)
