"""Forms of registration: the public sign-up (with its honeypot), the registrant's own
changes, the director's settings and actions, and self check-in."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.contacts.models import EMAIL_MAX
from tournament.players.forms import PlayerForm, country_choices
from tournament.registration.models import (
    OPTIONAL_FIELDS,
    TEXT_MAX,
    RegistrationSettings,
)

FIELD_LABELS = {
    "country": _("Country"),
    "club": _("Club"),
    "ema_number": _("EMA number"),
    "team": _("Team"),
}


def countries_in(language: str) -> list[tuple[str, str]]:
    """The country choices in ``language``, sorted by its collation; kept in the cache
    (sorting 250 translated names costs more than the rest of the page)."""
    return cache.get_or_set(f"country-choices:{language}", country_choices, 86400)


class CountrySelect(forms.Widget):
    """The country list drawn by one template with one loop (``country_select.html``), not a
    template per option: 250 of them on a page every registrant opens."""

    template_name = "registration/widgets/country_select.html"

    def __init__(self, choices=(), attrs=None) -> None:
        super().__init__(attrs)
        self.choices = list(choices)

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["choices"] = self.choices
        return context

    def format_value(self, value) -> str:
        return "" if value is None else str(value)


class SignUpForm(PlayerForm):
    """What a registrant types; ``services.sign_up`` checks it. ``website`` is a honeypot:
    hidden from people, filled by bots."""

    email = forms.CharField(
        label=_("E-mail"),
        strip=False,
        widget=forms.EmailInput(attrs={"maxlength": EMAIL_MAX, "autocomplete": "email"}),
        help_text=_(
            "Your private link comes to it; once you play, your seat and round times too (every "
            "mail has a link to stop them)."
        ),
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, required=False)
    website = forms.CharField(
        label=_("Leave this empty"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def __init__(self, *args, event=None, required=(), email_required=True, **kwargs):
        super().__init__(*args, event=event, **kwargs)
        countries = countries_in(get_language())
        self.fields["country"].widget = CountrySelect()
        self.fields["country"].choices = countries
        self.fields["email"].required = email_required
        for name in required:
            if name in self.fields:
                self.fields[name].required = True
        self.fields["name"].max_length = None  # the service says how long, with the count
        # shown to people; the honeypot is kept out of sight by CSS (.hp)

    @property
    def is_bot(self) -> bool:
        return bool(self.data.get("website"))


class RegistrationSettingsForm(forms.ModelForm):
    required_fields = forms.MultipleChoiceField(
        label=_("Required fields"),
        choices=[(f, FIELD_LABELS[f]) for f in OPTIONAL_FIELDS],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )

    class Meta:
        model = RegistrationSettings
        fields = [
            "opens_at",
            "closes_at",
            "cap",
            "needs_approval",
            "required_fields",
            "text",
            "self_check_in",
            "offer_hours",
            "offer_minutes_on_event_day",
        ]
        widgets = {
            "opens_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "closes_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "text": forms.Textarea(attrs={"rows": 3, "maxlength": TEXT_MAX}),
        }


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=500, required=False, strip=True)


class SelfCheckInForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    pin = forms.CharField(
        label=_("PIN"),
        max_length=12,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
