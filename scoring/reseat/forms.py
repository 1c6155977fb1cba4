"""The staff page's two ways to say who really sat where: two players in each other's seats,
or the four winds."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.reseat.services import MAX_REASON
from tournament.rounds.models import WIND_ORDER, Seat


def _reason() -> forms.CharField:
    return forms.CharField(
        label=_("Reason"),
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Shown with the correction in the table's history."),
    )


class _CorrectionForm(forms.Form):
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args: Any, seats: list[Seat], **kwargs: Any):
        kwargs.setdefault("initial", {}).setdefault("idempotency_key", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.choices = [("", "—")] + [(str(s.player_id), s.player.name) for s in seats]


class SwapForm(_CorrectionForm):
    """Two players sat in each other's seats."""

    first = forms.ChoiceField(label=_("One player"))
    second = forms.ChoiceField(label=_("sat in the seat of"))
    reason = _reason()

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].choices = self.choices
        self.fields["reason"].initial = ""

    def clean(self) -> dict:
        data = super().clean()
        if data.get("first") and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different players."))
        return data

    def choice(self) -> dict:
        return {"swap": [int(self.cleaned_data["first"]), int(self.cleaned_data["second"])]}


class SeatsForm(_CorrectionForm):
    """The four winds as the players really sat."""

    reason = _reason()

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        current = {s.wind: str(s.player_id) for s in self.seats}
        for wind in WIND_ORDER:
            self.fields[f"wind_{wind.value}"] = forms.ChoiceField(
                label=wind.label, choices=self.choices, initial=current.get(wind.value, "")
            )
        self.order_fields(["idempotency_key", *(f"wind_{w.value}" for w in WIND_ORDER)])

    def wind_fields(self) -> list:
        return [self[f"wind_{w.value}"] for w in WIND_ORDER]

    def choice(self) -> dict:
        return {"seats": {w.value: int(self.cleaned_data[f"wind_{w.value}"]) for w in WIND_ORDER}}
