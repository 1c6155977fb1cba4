"""Forms of registration: the public sign-up (with its honeypot), the registrant's own
changes, the director's settings and actions, and self check-in."""

from __future__ import annotations

import functools

from django import forms
from django.conf import settings
from django.forms.utils import flatatt
from django.utils.choices import BaseChoiceIterator
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from tournament.players.forms import PlayerForm, country_choices
from tournament.registration.models import (
    EMAIL_MAX,
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


class Normalised(BaseChoiceIterator):
    """Choices already in Django's normal form: a field given them skips normalising them
    again, which for 250 countries cost more than a millisecond per form."""

    def __init__(self, items: list[tuple[str, str]]) -> None:
        self.items = tuple(items)

    def __iter__(self):
        return iter(self.items)


@functools.lru_cache(maxsize=16)
def countries_in(language: str) -> Normalised:
    """The country choices in ``language``, sorted once per process (sorting 250 translated
    names by collation takes longer than the rest of the page)."""
    return Normalised(country_choices())


class QuickSelect(forms.Select):
    """A select rendered in one pass of Python: Django's template per option costs about
    0.5 ms, and the country list has 250 of them on a page a popular event's registrants
    all open in the same minutes."""

    def render(self, name, value, attrs=None, renderer=None):
        final = self.build_attrs(self.attrs, attrs)
        choices = self.choices
        options = _options(choices.items if isinstance(choices, Normalised) else tuple(choices))
        chosen = "" if value is None else str(value)
        if chosen:
            marker = format_html('<option value="{}">', chosen)
            options = options.replace(marker, marker[:-1] + " selected>", 1)
        return format_html(
            '<select name="{}"{}>{}</select>', name, flatatt(final), mark_safe(options)
        )


@functools.lru_cache(maxsize=32)
def _options(choices: tuple) -> str:
    return "".join(
        format_html('<option value="{}">{}</option>', key, label) for key, label in choices
    )


class SignUpForm(PlayerForm):
    """What a registrant types; ``services.sign_up`` checks it. ``website`` is a honeypot:
    hidden from people, filled by bots."""

    email = forms.CharField(
        label=_("E-mail"),
        strip=False,
        widget=forms.EmailInput(attrs={"maxlength": EMAIL_MAX, "autocomplete": "email"}),
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
        self.fields["country"].choices = countries
        self.fields["country"].widget = QuickSelect(choices=countries)
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
