"""Director forms of rounds: creating them, their times, their status, the clock, seating a
round by hand or by method."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.rounds.models import Round


class RoundForm(forms.Form):
    number = forms.IntegerField(label=_("Number"), min_value=1, required=False)
    count = forms.IntegerField(
        label=_("How many rounds"),
        min_value=1,
        max_value=40,
        initial=1,
        required=False,
        help_text=_("Numbered on from the number above, e.g. 12 rounds from 1: rounds 1 to 12."),
    )
    starts_at = forms.DateTimeField(
        label=_("Scheduled start"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    length_minutes = forms.IntegerField(label=_("Length (minutes)"), min_value=1, initial=120)
    break_minutes = forms.IntegerField(
        label=_("Break between rounds (minutes)"),
        min_value=0,
        initial=30,
        required=False,
        help_text=_(
            "With several rounds and a start: each round starts after the one before, its "
            "length and this break (2 hours, a break of 30 minutes: 9:00, 11:30, 14:00)."
        ),
    )


class RoundTimeForm(forms.Form):
    starts_at = forms.DateTimeField(
        label=_("Scheduled start"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    length_minutes = forms.IntegerField(label=_("Length (minutes)"), min_value=1)


class RoundStatusForm(forms.Form):
    status = forms.ChoiceField(label=_("Status"), choices=Round.Status.choices)
    reason = forms.CharField(label=_("Reason (to move a round back)"), required=False)


class RoundClockForm(forms.Form):
    action = forms.ChoiceField(
        choices=[("start", "start"), ("pause", "pause"), ("resume", "resume"), ("extend", "extend")]
    )
    minutes = forms.IntegerField(required=False, min_value=-600, max_value=600)


class SeatRoundForm(forms.Form):
    """One select per seat: ``t<table>_<wind>``. Built for a given number of tables."""

    WINDS = ("E", "S", "W", "N")

    def __init__(self, *args, players, table_count: int, initial_tables=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        self.table_count = table_count
        for t in range(1, table_count + 1):
            for i, wind in enumerate(self.WINDS):
                field = forms.ChoiceField(
                    label=f"{_('Table')} {t} {wind}", choices=choices, required=False
                )
                if initial_tables and t <= len(initial_tables) and i < len(initial_tables[t - 1]):
                    pid = initial_tables[t - 1][i]
                    field.initial = str(pid) if pid else ""
                self.fields[f"t{t}_{wind}"] = field

    def tables(self) -> list[list[int | None]]:
        result = []
        for t in range(1, self.table_count + 1):
            row = [self.cleaned_data.get(f"t{t}_{w}") or None for w in self.WINDS]
            result.append([int(p) if p else None for p in row])
        while result and all(p is None for p in result[-1]):
            result.pop()
        return result

    def table_rows(self):
        return [
            (t, [self[f"t{t}_{w}"] for w in self.WINDS]) for t in range(1, self.table_count + 1)
        ]

    def clean(self):
        cleaned = super().clean()
        seen: dict[str, str] = {}
        for name, value in list(cleaned.items()):
            if not value:
                continue
            if value in seen:
                self.add_error(
                    name,
                    _("This player is already seated (%(seat)s).")
                    % {"seat": self.fields[seen[value]].label},
                )
            else:
                seen[value] = name
        return cleaned
