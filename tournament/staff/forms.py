"""Forms of the staff pages: roles for known staff, invitation links, and the invitee's
account."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.events.models import MAX_NUMBER
from tournament.staff.models import RefereeAssignment

RANGE = re.compile(r"^(\d+)-(\d+)$")
MAX_LISTED = 500


class TableNumbersField(forms.CharField):
    """Table numbers as people write them: "1, 2, 5-8"; empty for every table."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Tables"))
        kwargs.setdefault("required", False)
        kwargs.setdefault(
            "help_text", _("For example 1, 2, 5-8. Empty: every table. Head referees cover all.")
        )
        super().__init__(**kwargs)

    def clean(self, value):
        value = super().clean(value)
        numbers: list[int] = []
        for part in re.split(r"[,;\s]+", re.sub(r"\s*-\s*", "-", value or "")):
            if not part:
                continue
            match = RANGE.match(part)
            try:
                if match:
                    low, high = int(match.group(1)), int(match.group(2))
                    if low > high or high - low >= MAX_LISTED:
                        raise ValueError
                    numbers.extend(range(low, high + 1))
                else:
                    numbers.append(int(part))
            except ValueError:
                raise forms.ValidationError(_("Write table numbers like 1, 2, 5-8.")) from None
        if any(not 1 <= n <= MAX_NUMBER for n in numbers):
            raise forms.ValidationError(_("Table numbers start at 1."))
        if len(numbers) > MAX_LISTED:
            raise forms.ValidationError(_("Too many table numbers."))
        return sorted(set(numbers))


class RolesField(forms.MultipleChoiceField):
    def __init__(self, **kwargs):
        super().__init__(
            label=_("Roles"),
            choices=RefereeAssignment.Role.choices,
            widget=forms.CheckboxSelectMultiple,
            error_messages={"required": _("Choose at least one role.")},
            **kwargs,
        )


class StaffRolesForm(forms.Form):
    """More roles for a person who is already staff of one of the director's events."""

    person = forms.ChoiceField(label=_("Person"))
    roles = RolesField()
    table_numbers = TableNumbersField()

    def __init__(self, *args, people, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["person"].choices = [("", "—")] + [
            (str(user.pk), user.get_username()) for user in people
        ]
        self.people = {str(user.pk): user for user in people}

    def clean_person(self):
        return self.people[self.cleaned_data["person"]]


class InvitationForm(forms.Form):
    roles = RolesField()
    table_numbers = TableNumbersField()
    note = forms.CharField(
        label=_("For whom"),
        required=False,
        max_length=120,
        help_text=_("A note for you, e.g. the person's name; they do not see it."),
    )


class AccountForm(forms.Form):
    """The invitee's new account."""

    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
        help_text=_("Letters, digits and @ . + - _ only."),
    )
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
