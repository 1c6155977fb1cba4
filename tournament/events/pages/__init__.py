"""The event's settings page as its views render it (``tournament.events.views``) and as the
re-pricing step shows it again (``penalties.repricing.views``): the form, the options in
force, and the fouls a new ruleset would price again with the question that confirms them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.access.confirm import Question, token
from tournament.events.forms import ROUNDING_RULE_TEXT, EventForm, options_in_force
from tournament.events.models import Event
from tournament.events.reading.pricing import MAX_REPRICING_REASON, repricing_preview


def event_form_page(
    request: HttpRequest,
    form: EventForm,
    event: Event | None,
    *,
    repricing: bool = False,
    zone_effect: list[dict] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The settings form; with ``repricing``, the fouls the form's ruleset and options would
    price again, and the step that re-prices them (``penalties.repricing.views``); with
    ``zone_effect``, what a new time zone does to the rounds' starts either way."""
    context = {
        "form": form,
        "event": event,
        "rounding_rule": ROUNDING_RULE_TEXT,
        "zone_effect": zone_effect,
    }
    if event is not None:
        context["in_force"] = options_in_force(Event.objects.get(pk=event.pk))
    if event is not None and repricing:
        preview = repricing_preview(event, form.instance.ruleset, form.instance.ruleset_options)
        context["repricing"] = preview
        context["reprice_reason_max"] = MAX_REPRICING_REASON
        context["reprice_confirm"] = token(
            request, repricing_question(event, form.instance.ruleset, preview)
        )
    return render(request, "director/event_form.html", context, status=status)


def repricing_question(event: Event, ruleset: str, preview: list) -> Question:
    """Re-pricing as the director confirms it: the list of fouls on the settings page is the
    question; the confirmation counts for exactly those fouls and their new prices."""
    return Question(
        action=f"reprice:{event.pk}",
        title=ngettext(
            "Re-price %(count)d foul and save the settings?",
            "Re-price %(count)d fouls and save the settings?",
            len(preview),
        )
        % {"count": len(preview)},
        button=_("Re-price and save"),
        back=reverse("director:event-edit", args=[event.slug]),
        about=ruleset + "|" + ";".join(f"{item.report.pk}={item.lines}" for item in preview),
    )
