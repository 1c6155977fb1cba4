"""Forms of the players pages: one player (add, change) and the import of a file."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from tournament.collation import by_name
from tournament.players.models import PLAYER_CLUB_MAX, PLAYER_NAME_MAX, Player
from tournament.players.services.importing import ENCODINGS


def country_choices() -> list[tuple[str, str]]:
    return [("", "—")] + [(code, f"{name} ({code})") for code, name in countries]


class PlayerForm(forms.Form):
    """What a director types for one player; ``tournament.players.services`` checks it (the
    same checks as the API and the file import)."""

    name = forms.CharField(
        label=_("Name"),
        strip=False,
        widget=forms.TextInput(attrs={"maxlength": PLAYER_NAME_MAX, "autocomplete": "off"}),
    )
    country = forms.ChoiceField(label=_("Country"), choices=country_choices, required=False)
    club = forms.CharField(
        label=_("Club"),
        required=False,
        strip=False,
        widget=forms.TextInput(attrs={"maxlength": PLAYER_CLUB_MAX}),
    )
    ema_number = forms.CharField(
        label=_("EMA number"),
        required=False,
        help_text=_("8 digits"),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "maxlength": 8}),
    )
    team = forms.ChoiceField(label=_("Team"), required=False, choices=[("", "—")])

    def __init__(self, *args, event=None, **kwargs):
        """``event``: its teams are the choices; without teams the field is left out
        (``Event.has_teams`` says so without a query)."""
        super().__init__(*args, **kwargs)
        teams = (
            event.teams.values_list("pk", "name") if event is not None and event.has_teams else []
        )
        teams = by_name(teams, key=lambda team: team[1])
        if teams:
            self.fields["team"].choices = [("", "—"), *((str(pk), n) for pk, n in teams)]
        else:
            del self.fields["team"]


class PlayerEditForm(PlayerForm):
    status = forms.ChoiceField(
        label=_("Status"),
        choices=Player.Status.choices,
        help_text=_("A dropped player keeps their results and stays in the standings, marked."),
    )


class PlayerStatusForm(forms.Form):
    status = forms.ChoiceField(label=_("Status"), choices=Player.Status.choices)


ENCODING_CHOICES = [("", _("Detect automatically"))] + [(k, v) for k, v in ENCODINGS]


class PlayerFileForm(forms.Form):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "CSV (any usual encoding) or Excel .xlsx. First line: the column names, at least "
            "name; also country (ISO code such as CZ), club, ema_number (8 digits; leading "
            "zeros a spreadsheet dropped are put back) and team (created by name if new)."
        ),
        widget=forms.ClearableFileInput(
            attrs={
                "accept": ".csv,.txt,.tsv,.xlsx,text/csv,text/plain,"
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        ),
    )
    encoding = forms.ChoiceField(
        label=_("Text encoding (CSV)"), choices=ENCODING_CHOICES, required=False
    )


class PlayerImportForm(forms.Form):
    """The preview step: read the same upload again with another encoding, or confirm."""

    encoding = forms.ChoiceField(
        label=_("Read the file as"), choices=ENCODING_CHOICES, required=False
    )
