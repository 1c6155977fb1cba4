"""Players: the list, one by one (add, change, drop), and importing a file with a preview."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.collation import by_name
from tournament.events.models import Event
from tournament.players import services as player_services
from tournament.players.forms import (
    PlayerEditForm,
    PlayerFileForm,
    PlayerForm,
    PlayerImportForm,
    PlayerStatusForm,
)
from tournament.players.models import Player, PlayerImport
from tournament.players.services import importing as player_import_services
from tournament.players.services.importing import FIELD_LABELS
from tournament.seating import services as seating_service

PREVIEW_LINES = 10
DRAFTS_KEPT = timedelta(days=1)


def _players_page(request: HttpRequest, event: Event, form, file_form) -> HttpResponse:
    return render(
        request,
        "director/players.html",
        {
            "event": event,
            "form": form,
            "file_form": file_form,
            "players": by_name(event.players.select_related("team")),
            "status_choices": Player.Status.choices,
            "max_rows": player_import_services.max_rows(),
        },
    )


@director_required
@require_GET_POST
def players(request: HttpRequest, event: Event) -> HttpResponse:
    """The list, the form for one player and the file upload (which leads to the preview)."""
    adding = request.method == "POST" and "add" in request.POST
    uploading = request.method == "POST" and "upload" in request.POST
    form = PlayerForm(request.POST if adding else None, event=event)
    file_form = PlayerFileForm(
        request.POST if uploading else None, request.FILES if uploading else None
    )
    if adding and form.is_valid():
        try:
            player = player_services.add_player(event, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
            return redirect("director:players", slug=event.slug)
    elif uploading and file_form.is_valid():
        upload = file_form.cleaned_data["file"]
        if upload.size > settings.PLAYER_CSV_MAX_BYTES:
            file_form.add_error(
                "file",
                _("The file is too large: at most %(size)d KB.")
                % {"size": settings.PLAYER_CSV_MAX_BYTES // 1024},
            )
        else:
            PlayerImport.objects.filter(
                event=event, created_at__lt=timezone.now() - DRAFTS_KEPT
            ).delete()
            PlayerImport.objects.filter(event=event, created_by=request.user).delete()
            draft = PlayerImport.objects.create(
                event=event,
                created_by=request.user,
                filename=(upload.name or "")[:255],
                data=upload.read(),
            )
            response = redirect("director:player-import", slug=event.slug, pk=draft.pk)
            encoding = file_form.cleaned_data.get("encoding")
            if encoding:
                response["Location"] += f"?encoding={encoding}"
            return response
    return _players_page(request, event, form, file_form)


def _prefer(request: HttpRequest) -> tuple[str, str]:
    """Central European interface languages make Windows-1250 the likelier code page."""
    language = (getattr(request, "LANGUAGE_CODE", "") or "")[:2]
    return ("cp1250", "cp1252") if language in ("cs", "pl", "sk", "hu") else ("cp1252", "cp1250")


@director_required
@require_GET_POST
def player_import(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """The preview of an uploaded file: how it reads (encoding, columns, first lines), what is
    wrong with it; then import it, read it with another encoding, or cancel."""
    draft = PlayerImport.objects.filter(event=event, created_by=request.user, pk=pk).first()
    if draft is None:
        messages.error(request, _("This upload is gone; upload the file again."))
        return redirect("director:players", slug=event.slug)
    if request.method == "POST" and "cancel" in request.POST:
        draft.delete()
        messages.success(request, _("Nothing was imported."))
        return redirect("director:players", slug=event.slug)
    form = PlayerImportForm(request.POST if request.method == "POST" else request.GET)
    encoding = form.cleaned_data.get("encoding", "") if form.is_valid() else ""
    data = bytes(draft.data)
    errors: list = []
    checked = None
    try:
        file = player_import_services.read_player_file(
            data, filename=draft.filename, encoding=encoding, prefer=_prefer(request)
        )
        checked = player_import_services.check_player_file(event, file)
        errors = checked.errors
    except player_import_services.CsvImportError as exc:
        errors = exc.errors
    if request.method == "POST" and "confirm" in request.POST and checked and checked.ok:
        try:
            created = player_import_services.import_players(
                event,
                data,
                filename=draft.filename,
                encoding=checked.file.encoding if checked.file.kind == "csv" else "",
            )
        except player_import_services.CsvImportError as exc:
            errors = exc.errors
        else:
            draft.delete()
            messages.success(
                request,
                ngettext("%(count)d player imported.", "%(count)d players imported.", len(created))
                % {"count": len(created)},
            )
            return redirect("director:players", slug=event.slug)
    if not encoding:
        detected = checked.file.encoding if checked and checked.file.kind == "csv" else ""
        form = PlayerImportForm(initial={"encoding": _encoding_choice(detected)})
    bad_lines = {e.line: e.message for e in errors}
    preview = []
    columns = []
    if checked is not None:
        columns = [c for c in player_import_services.CSV_COLUMNS if c in checked.file.header]
        index = [checked.file.header.index(c) for c in columns]
        labels = [FIELD_LABELS[c] for c in columns]
        for line, row in checked.file.rows[:PREVIEW_LINES]:
            cells = [row[i] if i < len(row) else "" for i in index]
            preview.append(
                {
                    "line": line,
                    "cells": list(zip(labels, cells, strict=True)),
                    "error": bad_lines.get(line, ""),
                }
            )
    return render(
        request,
        "director/player_import.html",
        {
            "event": event,
            "draft": draft,
            "form": form,
            "checked": checked,
            "file": checked.file if checked else None,
            "columns": [(c, FIELD_LABELS[c]) for c in columns],
            "preview": preview,
            "errors": errors,
            "more": len(checked.file.rows) - PREVIEW_LINES if checked else 0,
        },
    )


def _encoding_choice(encoding: str) -> str:
    if encoding == "utf-8-sig":
        return "utf-8"
    if encoding.startswith("utf-16"):
        return "utf-16"
    return encoding


@director_required
@require_GET_POST
def player_edit(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, event=event, pk=pk)
    initial = {
        "name": player.name,
        "country": str(player.country or ""),
        "club": player.club,
        "ema_number": player.ema_number,
        "status": player.status,
        "team": str(player.team_id or ""),
    }
    form = PlayerEditForm(request.POST or None, initial=initial, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            player_services.update_player(player, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            _warn_published_seating(request, event)
            return redirect("director:players", slug=event.slug)
    return render(
        request, "director/player_edit.html", {"event": event, "player": player, "form": form}
    )


@director_required
@require_POST
def player_status(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, event=event, pk=pk)
    form = PlayerStatusForm(request.POST)
    if form.is_valid():
        try:
            player_services.update_player(player, status=form.cleaned_data["status"])
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            messages.success(
                request,
                _("%(name)s is now %(status)s.")
                % {"name": player.name, "status": player.get_status_display()},
            )
            _warn_published_seating(request, event)
    return redirect("director:players", slug=event.slug)


def _warn_published_seating(request: HttpRequest, event: Event) -> None:
    """After a drop or a return: say which published rounds no longer fit the players."""
    affected = seating_service.affected_rounds(event)
    if affected:
        messages.warning(
            request,
            _(
                "The published seating of round(s) %(rounds)s no longer fits the players: "
                "re-draft it on the seating page."
            )
            % {"rounds": ", ".join(str(r.number) for r in affected)},
        )
