"""Forms of the director's format pages: teams, the team option, stages and the cut."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.formats.models import Stage
from tournament.players.models import PLAYER_CLUB_MAX


class TeamForm(forms.Form):
    name = forms.CharField(
        label=_("Team name"), widget=forms.TextInput(attrs={"maxlength": PLAYER_CLUB_MAX})
    )


class TeamBestForm(forms.Form):
    team_best = forms.CharField(
        label=_("Team standings count the best"),
        required=False,
        help_text=_("Members per team whose totals count; empty: every member."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4}),
    )


class StageForm(forms.Form):
    """What a director types for a stage; ``tournament.formats.services.stages`` checks it."""

    name = forms.CharField(label=_("Name"), max_length=80)
    first_round = forms.CharField(
        label=_("First round"), widget=forms.TextInput(attrs={"inputmode": "numeric"})
    )
    last_round = forms.CharField(
        label=_("Last round"), widget=forms.TextInput(attrs={"inputmode": "numeric"})
    )
    cut_size = forms.CharField(
        label=_("Cut to"),
        required=False,
        help_text=_("The top players of the previous stage who go on; empty: everybody."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    carry = forms.ChoiceField(label=_("Carried over"), choices=Stage.Carry.choices)
    seed_points = forms.CharField(
        label=_("Seed points by place"),
        required=False,
        help_text=_("Only for fixed seed points: numbers, best place first, e.g. 8 4 2 1."),
    )
    rest = forms.ChoiceField(label=_("Players who are not qualified"), choices=Stage.Rest.choices)
    seating = forms.ChoiceField(label=_("Seating"), choices=Stage.Seating.choices)
    allow_byes = forms.BooleanField(
        label=_("Substitutes or byes allowed"),
        required=False,
        help_text=_("Allows a cut that is not a multiple of four."),
    )

    @classmethod
    def initial_of(cls, stage: Stage) -> dict:
        return {
            "name": stage.name,
            "first_round": stage.first_round,
            "last_round": stage.last_round,
            "cut_size": stage.cut_size or "",
            "carry": stage.carry,
            "seed_points": " ".join(stage.seed_points or []),
            "rest": stage.rest,
            "seating": stage.seating,
            "allow_byes": stage.allow_byes,
        }
