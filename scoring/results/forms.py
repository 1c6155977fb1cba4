"""The tablet's result form: four seats' scores, a reason, the version it is based on and the
idempotency key the offline queue resends."""

from __future__ import annotations

import re
import uuid

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.results.services import MAX_REASON, MAX_SCORE, WINDS
from tournament.rounds.models import Seat

# Digit groups people type: "30 000", "30 000" (no-break or thin space), "30'000".
_GROUPING = re.compile(r"[\s\u00a0\u202f'_]")


def score_field_name(wind: str) -> str:
    return f"score_{wind}"


class ResultForm(forms.Form):
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    based_on_version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=2**31 - 1
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        required=False,
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, seats: list[Seat], **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("idempotency_key", uuid.uuid4().hex)
        by_wind = {s.wind: s for s in seats}
        self.seat_fields: list[tuple[str, Seat | None]] = []
        for wind in WINDS:
            seat = by_wind.get(wind)
            name = score_field_name(wind)
            label = dict(Seat._meta.get_field("wind").choices)[wind]
            self.fields[name] = forms.CharField(
                label=f"{label} · {seat.player.name}" if seat else label,
                required=False,
                max_length=20,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "data-score": wind,
                        "pattern": r"-?[0-9 ]*",
                    }
                ),
            )
            self.seat_fields.append((name, seat))
        self.order_fields([n for n, _s in self.seat_fields] + ["reason"])

    def _clean_score(self, wind: str) -> int | None:
        raw = (self.cleaned_data.get(score_field_name(wind)) or "").strip()
        if not raw:
            self.add_error(
                score_field_name(wind), _("Enter the score of this seat (0 if it is zero).")
            )
            return None
        text = _GROUPING.sub("", raw).replace("\u2212", "-")
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            self.add_error(
                score_field_name(wind),
                _("%(value)s is not a whole number.") % {"value": raw},
            )
            return None
        value = int(text)
        if abs(value) > MAX_SCORE:
            self.add_error(
                score_field_name(wind),
                _("Out of range (at most %(max)d either way).") % {"max": MAX_SCORE},
            )
            return None
        return value

    def clean(self):
        data = super().clean()
        if "\x00" in (data.get("reason") or ""):
            self.add_error("reason", _("The reason contains a NUL character."))
        scores = {}
        for wind in WINDS:
            value = self._clean_score(wind)
            if value is not None:
                scores[wind] = value
        data["scores"] = scores
        return data

    def total(self) -> int | None:
        """The sum of what was typed, when every seat holds a whole number."""
        values = []
        for wind in WINDS:
            raw = _GROUPING.sub("", str(self[score_field_name(wind)].value() or ""))
            if not re.fullmatch(r"[+-]?[0-9]+", raw):
                return None
            values.append(int(raw))
        return sum(values)


class ConfirmForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)
