"""The event settings form: every ruleset option as a field of its own.

The form carries the option fields of every ruleset (named ``option_<ruleset>_<option>``) in
one fieldset per ruleset; a script shows the chosen ruleset's fieldset only. A field left empty
means the ruleset's default (or, for a derived amount, its share of the base amount), and only
the options the director sets are stored (``Event.ruleset_options``). The API keeps taking the
options as a JSON object.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules import RULESETS
from rules.onlinelogs.presets import PRESETS
from rules.options import BOOL, CHOICE, INT, INT_LIST, OPTIONAL_INT, ROUNDING_RULE, Option
from tournament.events.models import Event, current_time_zone, current_time_zones, default_language

SCOPE_LABELS = {
    "table": gettext_lazy("Table score (changes the placing at the table)"),
    "overall": gettext_lazy("Standings total (after the table's conversion)"),
    "first_place": gettext_lazy("To the first-placed player"),
    "lost": gettext_lazy("Lost (nobody gets them)"),
    "all": gettext_lazy("Every winner is paid"),
    "head_bump": gettext_lazy("Only the winner nearest the discarder (head bump)"),
    "hanchan": gettext_lazy("East and South rounds (hanchan)"),
    "tonpuusen": gettext_lazy("East round only (tonpuusen)"),
    "two": gettext_lazy("At most two winners; a triple ron is an abortive draw"),
    "none": gettext_lazy("None"),
    "whole": gettext_lazy("The liable player answers for the whole win (tenhou.net)"),
    "yakuman": gettext_lazy("Only for the yakuman that made them liable (Mahjong Soul)"),
    "win": gettext_lazy("On a win"),
    "win_or_tenpai": gettext_lazy("On a win, or tenpai at a draw"),
}
PRESET_CHOICES = [
    ("", gettext_lazy("None: set the options below")),
    *((key, gettext_lazy(preset.name)) for key, preset in PRESETS.items()),
]
BOOL_LABELS = {True: gettext_lazy("Yes"), False: gettext_lazy("No")}


def time_zone_choices() -> list:
    """UTC first, then every zone under its current name, grouped by region (Europe,
    America, ...)."""
    names = sorted(n for n in current_time_zones() if "/" in n)
    groups = [
        (region, [(name, name.split("/", 1)[1].replace("_", " ")) for name in members])
        for region, members in groupby(names, key=lambda n: n.split("/", 1)[0])
    ]
    return [("UTC", "UTC"), *groups]


def field_name(ruleset: str, option: str) -> str:
    return f"option_{ruleset}_{option}"


def _fraction(fraction: Fraction) -> str:
    return f"{fraction.numerator}/{fraction.denominator}"


def option_help(ruleset_key: str, spec: Option) -> str:
    parts = [_(spec.help)] if spec.help else []
    if spec.derived is not None:
        base = RULESETS[ruleset_key].option_specs[spec.derived.base]
        parts.append(
            _("Empty: %(fraction)s of the base amount (%(base)s), rounded down, at least 1.")
            % {"fraction": _fraction(spec.derived.fraction), "base": _(base.label)}
        )
    elif spec.type == INT_LIST:
        parts.append(
            _("Empty: %(default)s.") % {"default": ", ".join(str(v) for v in spec.default)}
        )
    elif spec.type in (INT, OPTIONAL_INT) and spec.default is not None:
        parts.append(_("Empty: %(default)s.") % {"default": spec.default})
    return " ".join(parts)


class IntListField(forms.CharField):
    def __init__(self, *, length: int | None, **kwargs):
        self.length = length
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[int] | None:
        value = super().clean(value)
        if not value:
            return None
        try:
            numbers = [int(part) for part in value.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise ValidationError(_("Write whole numbers separated by commas.")) from None
        if self.length is not None and len(numbers) != self.length:
            raise ValidationError(
                ngettext(
                    "Write exactly %(length)d number.",
                    "Write exactly %(length)d numbers.",
                    self.length,
                )
                % {"length": self.length}
            )
        return numbers


def option_field(ruleset_key: str, spec: Option) -> forms.Field:
    common = {
        "label": _(spec.label),
        "required": False,
        "help_text": option_help(ruleset_key, spec),
    }
    if spec.type in (INT, OPTIONAL_INT):
        attrs = {"inputmode": "numeric"}
        if spec.default is not None:
            attrs["placeholder"] = str(spec.default)
        if spec.derived is not None:
            attrs["data-base"] = field_name(ruleset_key, spec.derived.base)
            attrs["data-fraction"] = _fraction(spec.derived.fraction)
        return forms.IntegerField(
            min_value=spec.minimum, max_value=10**9, widget=forms.NumberInput(attrs), **common
        )
    if spec.type == BOOL:
        return forms.TypedChoiceField(
            choices=[("", _("Default: %(value)s") % {"value": BOOL_LABELS[bool(spec.default)]})]
            + [("true", BOOL_LABELS[True]), ("false", BOOL_LABELS[False])],
            coerce=lambda value: value == "true",
            empty_value=None,
            **common,
        )
    if spec.type == CHOICE:
        default = SCOPE_LABELS.get(spec.default, spec.default)
        return forms.ChoiceField(
            choices=[("", _("Default: %(value)s") % {"value": default})]
            + [(c, SCOPE_LABELS.get(c, c)) for c in spec.choices],
            **common,
        )
    if spec.type == INT_LIST:
        return IntListField(
            length=spec.length,
            widget=forms.TextInput(attrs={"placeholder": ", ".join(str(v) for v in spec.default)}),
            **common,
        )
    raise AssertionError(spec.type)  # pragma: no cover


class EventForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"),
        required=False,
        help_text=gettext_lazy(
            "Round times on every page about this event (director, referees, public) are "
            "shown and entered in this time zone."
        ),
    )

    round_times = forms.ChoiceField(
        label=gettext_lazy("When the time zone changes, the rounds' start times"),
        required=False,
        widget=forms.RadioSelect,
        choices=[
            ("local", gettext_lazy("keep their local times (11:30 stays 11:30)")),
            ("moments", gettext_lazy("keep the same moments (shown at the new zone's time)")),
        ],
    )

    online_rules = forms.ChoiceField(
        label=gettext_lazy("Riichi score sheets: the rules of an online platform"),
        required=False,
        choices=PRESET_CHOICES,
        help_text=gettext_lazy(
            "Sets the score-sheet options below to what the platform plays (starting points, "
            "abortive draws, nagashi mangan, liability, the end of the game), so that imported "
            "game logs score as they did online. Options you set yourself are kept."
        ),
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "slug",
            "ruleset",
            "status",
            "start_date",
            "end_date",
            "time_zone",
            "language",
            "venue",
            "is_public",
            "floor_referees_enter_results",
            "results_need_confirmation",
            "keeps_score_sheets",
            "players_enter_hands",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices()
        # A form sent without a language keeps the event's (a new event: the site's).
        self.fields["language"].required = False
        # An event stored under an old name ("Europe/Kiev") shows it under the current one.
        self.initial["time_zone"] = current_time_zone(
            self.initial.get("time_zone") or self.instance.time_zone
        )
        if not self.instance.pk:
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _("Empty: made from the name.")
        stored = self.instance.ruleset_options or {}
        self.option_names: dict[str, list[tuple[str, str]]] = {}
        for key, ruleset in RULESETS.items():
            own = stored if key == self.instance.ruleset else {}
            try:
                effective = ruleset.options(own)
            except ValueError:
                effective = ruleset.default_options
            names = []
            for name, spec in ruleset.option_specs.items():
                field = option_field(key, spec)
                if name in own:
                    value = own[name]
                    if spec.type == INT_LIST:
                        value = ", ".join(map(str, value))
                    elif spec.type == BOOL:
                        value = "true" if value else "false"
                    field.initial = value
                if spec.derived is not None:
                    field.widget.attrs["placeholder"] = str(effective[name])
                self.fields[field_name(key, name)] = field
                names.append((name, field_name(key, name)))
            self.option_names[key] = names

    def clean_language(self) -> str:
        chosen = self.cleaned_data.get("language")
        return chosen or self.instance.language or default_language()

    def main_fields(self) -> list:
        fields = [self[name] for name in self.Meta.fields]
        fields.insert(self.Meta.fields.index("ruleset") + 1, self["online_rules"])
        if self.instance.pk and self.instance.rounds.exclude(starts_at=None).exists():
            at = self.Meta.fields.index("time_zone") + 1
            fields.insert(at, self["round_times"])
        return fields

    def option_groups(self) -> list[dict]:
        """One fieldset per ruleset: its key, name and fields."""
        labels = dict(self.fields["ruleset"].choices)
        chosen = self["ruleset"].value() or self.instance.ruleset
        return [
            {
                "key": key,
                "label": labels.get(key, key),
                "chosen": key == chosen,
                "fields": [self[f] for _name, f in names],
            }
            for key, names in self.option_names.items()
        ]

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("time_zone"):
            cleaned["time_zone"] = self.instance.time_zone
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        key = cleaned.get("ruleset")
        if key in self.option_names:
            chosen = {
                name: cleaned[f]
                for name, f in self.option_names[key]
                if cleaned.get(f) is not None and cleaned.get(f) != ""
            }
            preset = cleaned.get("online_rules")
            if preset:
                if not key.startswith("riichi"):
                    self.add_error(
                        "online_rules", _("The online platforms' rules are riichi rules.")
                    )
                else:
                    options = {
                        k: v for k, v in PRESETS[preset].options.items() if k != "game_length"
                    }
                    chosen = options | chosen
            self.instance.ruleset_options = chosen
        return cleaned

    def apply_service_errors(self, exc: ValidationError) -> None:
        """A service's errors next to their fields; an option's next to its own field."""
        if not hasattr(exc, "error_dict"):
            self.add_error(None, exc.messages)
            return
        key = self.cleaned_data.get("ruleset") or self.instance.ruleset
        for field, errors in exc.error_dict.items():
            for error in errors:
                target = field if field in self.fields else None
                option = (error.params or {}).get("option") if field == "ruleset_options" else None
                if option and field_name(key, option) in self.fields:
                    target = field_name(key, option)
                self.add_error(target, error.messages)


def options_in_force(event: Event) -> list[dict]:
    """Each option of the event's ruleset with the value in force and where it comes from:
    set for the event, the ruleset's default, or derived from a base amount."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset is None:
        return []
    try:
        values = ruleset.options(event.ruleset_options or {})
    except ValueError:
        return []
    stored = event.ruleset_options or {}
    rows = []
    for name, spec in ruleset.option_specs.items():
        value = values[name]
        if name in stored and stored[name] is not None:
            source = _("set for this event")
        elif spec.derived is not None:
            base = ruleset.option_specs[spec.derived.base]
            source = _("%(fraction)s of the base amount (%(base)s), rounded down") % {
                "fraction": _fraction(spec.derived.fraction),
                "base": _(base.label),
            }
        else:
            source = _("default")
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        elif spec.type == BOOL:
            value = BOOL_LABELS[bool(value)]
        elif spec.type == CHOICE:
            value = SCOPE_LABELS.get(value, value)
        elif value is None:
            value = "–"
        rows.append({"label": _(spec.label), "value": value, "source": source})
    return rows


ROUNDING_RULE_TEXT = gettext_lazy(ROUNDING_RULE)
