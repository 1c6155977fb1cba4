"""The referee's foul form, built from the details one foul code needs under the event's ruleset.

Field names: ``offender`` (a seat), ``d_<detail>`` for each detail, ``explanation`` (public),
``note`` (private, staff only), ``reason`` (closed rounds, director only) and the hidden
``idempotency_key``. Player details are chosen by seat, like the offender. The labels of the
two texts say which one the public reads.
"""

from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from penalties.wording import choice_label, points_unit
from rules import CATALOGUE, Ruleset
from rules.catalogue import BOOL, CHOICE, INT, OBJECT_LIST, PLAYER, PLAYER_INT_MAP, PLAYER_LIST
from tournament.rounds.models import Seat

CLAIM_ROWS = 3


class TileRadio(forms.RadioSelect):
    """Options as big tappable tiles (seats, or the values of a choice)."""

    template_name = "referee/widgets/tiles.html"
    option_template_name = "referee/widgets/tile_option.html"


class TileCheckboxes(forms.CheckboxSelectMultiple):
    template_name = "referee/widgets/tiles.html"
    option_template_name = "referee/widgets/tile_option.html"


def seat_choices(seats: list[Seat]) -> list[tuple[str, str]]:
    return [(str(s.player_id), f"{s.get_wind_display()} · {s.player.name}") for s in seats]


def _label(text: str) -> str:
    return _(text)


def claim_item_field(
    item, label: str, choices: list[tuple[str, str]], ruleset: Ruleset
) -> forms.Field:
    """One item of a claim row (a wrong claim's player, yes/no, choice or number), optional."""
    if item.type == PLAYER:
        return forms.ChoiceField(label=label, choices=[("", "—"), *choices], required=False)
    if item.type == BOOL:
        return forms.BooleanField(label=label, required=False)
    if item.type == CHOICE:
        return forms.ChoiceField(
            label=label,
            required=False,
            choices=[("", "—"), *[(c, choice_label(c, ruleset)) for c in item.choices]],
        )
    return forms.IntegerField(label=label, required=False)


class FoulForm(forms.Form):
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    # The tiles a referee checked (penalties.handcheck), kept with the report as evidence.
    hand_check = forms.CharField(widget=forms.HiddenInput, required=False, max_length=2000)
    explanation = forms.CharField(
        label=gettext_lazy("Public explanation — shown on the public penalties page"),
        help_text=gettext_lazy("The players and the public read it beside the penalty."),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    note = forms.CharField(
        label=gettext_lazy("Private note — staff only"),
        help_text=gettext_lazy("Only the director and the referees see it."),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(
        self,
        *args,
        code: str,
        seats: list[Seat],
        ruleset: Ruleset,
        with_reason: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.code = code
        self.foul = CATALOGUE[code]
        # Only what this ruleset reads (or keeps for the record); the rest takes its default.
        self.detail_fields = ruleset.detail_fields(code)
        self.seats = seats
        self.player_fields: list[str] = []
        if not self.is_bound:
            self.initial.setdefault("idempotency_key", uuid.uuid4().hex)
        choices = seat_choices(seats)
        self.fields["offender"] = forms.ChoiceField(
            label=_("Offender"),
            choices=choices,
            widget=TileRadio,
            error_messages={
                "required": _("Tap the seat of the offender."),
                "invalid_choice": _("Nobody sits there: tap a seated player."),
            },
        )
        self.order_fields(["offender"])
        for f in self.detail_fields:
            self._add_detail(f, choices, ruleset)
        self.fields["explanation"] = self.fields.pop("explanation")
        self.fields["note"] = self.fields.pop("note")
        if with_reason:
            self.fields["reason"] = forms.CharField(
                label=_("Reason for recording outside the live round"),
                widget=forms.Textarea(attrs={"rows": 2}),
            )

    def _add_detail(self, f, choices: list[tuple[str, str]], ruleset: Ruleset) -> None:
        """The field (or fields: one per seat, one per claim row and item) of detail ``f``."""
        name = f"d_{f.name}"
        if f.type == PLAYER_INT_MAP:
            for seat in self.seats:
                self.fields[f"{name}__{seat.player_id}"] = forms.IntegerField(
                    label=f"{_label(f.label)}: {seat.get_wind_display()}",
                    required=False,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
                )
        elif f.type == OBJECT_LIST:
            for row in range(CLAIM_ROWS):
                for item in f.item_fields:
                    item_label = f"{_label(f.label)} {row + 1}: {_label(item.label)}"
                    self.fields[f"{name}__{row}__{item.name}"] = claim_item_field(
                        item, item_label, choices, ruleset
                    )
        else:
            if f.type in (PLAYER, PLAYER_LIST):
                self.player_fields.append(name)
            self.fields[name] = self._detail_field(f, choices, ruleset)

    def _detail_field(self, f, choices: list[tuple[str, str]], ruleset: Ruleset) -> forms.Field:
        """The one field of a yes/no, number, choice, player or players detail."""
        label = _label(f.label)
        if f.type == BOOL:
            return forms.BooleanField(label=label, required=False, initial=bool(f.default))
        if f.type == INT:
            attrs = {"inputmode": "numeric"}
            help_text = ""
            if self.code == "referee_decision" and f.name == "amount":
                help_text = points_unit(ruleset)
            if f.minimum is not None:
                attrs["min"] = f.minimum
            if f.maximum is not None:
                attrs["max"] = f.maximum
            return forms.IntegerField(
                label=label,
                required=f.required,
                initial=f.default,
                help_text=help_text,
                widget=forms.NumberInput(attrs=attrs),
            )
        if f.type == CHOICE:
            options = [(c, choice_label(c, ruleset)) for c in f.choices]
            if not f.required:
                options = [("", "—"), *options] if f.default is None else options
            # Sub-choices get the offender buttons' touch targets.
            return forms.ChoiceField(
                label=label,
                choices=options,
                required=f.required,
                initial=f.default or "",
                widget=TileRadio,
            )
        if f.type == PLAYER:
            # An optional player (a transfer's receiver) can be cleared again.
            return forms.ChoiceField(
                label=label,
                choices=choices if f.required else [("", "—"), *choices],
                required=f.required,
                initial="",
                widget=TileRadio,
            )
        if f.type == PLAYER_LIST:
            return forms.MultipleChoiceField(
                label=label, choices=choices, required=f.required, widget=TileCheckboxes
            )
        raise AssertionError(f.type)  # pragma: no cover - every catalogue type is handled

    def details(self) -> dict:
        """The details in the shape the rulebook validates."""
        data = self.cleaned_data
        details: dict = {}
        for f in self.detail_fields:
            name = f"d_{f.name}"
            if f.type == PLAYER_INT_MAP:
                values = {}
                for seat in self.seats:
                    value = data.get(f"{name}__{seat.player_id}")
                    if value:
                        values[seat.player_id] = value
                details[f.name] = values
            elif f.type == OBJECT_LIST:
                rows = []
                for row in range(CLAIM_ROWS):
                    item = {i.name: data.get(f"{name}__{row}__{i.name}") for i in f.item_fields}
                    if not any(v not in (None, "", False) for v in item.values()):
                        continue
                    rows.append({k: v for k, v in item.items() if v not in (None, "")})
                details[f.name] = rows
            elif f.type == PLAYER_LIST:
                details[f.name] = [int(p) for p in data.get(name) or []]
            elif f.type == PLAYER:
                if data.get(name):
                    details[f.name] = int(data[name])
            elif data.get(name) not in (None, ""):
                details[f.name] = data[name]
        return details

    def add_rule_error(self, field: str, messages: list[str]) -> None:
        """Put an error from the services next to the field it names."""
        target = None
        if field in ("offender", "reason", "idempotency_key") and field in self.fields:
            target = field
        elif field.startswith("details."):
            detail = field.split(".", 1)[1].split("[", 1)[0].split(".", 1)[0]
            candidates = [
                n for n in self.fields if n == f"d_{detail}" or n.startswith(f"d_{detail}__")
            ]
            target = candidates[0] if candidates else None
        self.add_error(target, messages)
