"""The director's channels page (/director/<event>/channels/): the channels with their secrets
masked and how their posts went, a form to add one, a button to remove one. Thin: every write
is a ``services`` call."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.channels import reading, services
from tournament.channels.forms import ChannelForm
from tournament.channels.models import EventChannel
from tournament.events.models import Event


@director_required
@require_GET_POST
def channels_page(request: HttpRequest, event: Event) -> HttpResponse:
    form = ChannelForm(request.POST or None, initial={"service": EventChannel.Service.DISCORD})
    if request.method == "POST" and form.is_valid():
        try:
            services.add_channel(event, **form.cleaned_data, by=request.user)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Channel added."))
            return redirect("director:channels", slug=event.slug)
    return render(
        request,
        "channels/director.html",
        {"event": event, "form": form, "lines": reading.lines(event)},
        status=400 if form.errors else 200,
    )


@director_required
@require_POST
def channel_remove(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    channel = get_object_or_404(EventChannel, event=event, pk=pk, removed_at__isnull=True)
    services.remove_channel(channel)
    messages.success(request, _("Channel removed."))
    return redirect("director:channels", slug=event.slug)
