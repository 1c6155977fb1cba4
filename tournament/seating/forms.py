"""The director's form for drafting rounds with the seating generator."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from seating import DEFAULT_GROUP_WEIGHT
from tournament.events.models import MAX_NUMBER
from tournament.seating.services import stage_of_round


class SeatingForm(forms.Form):
    first_round = forms.IntegerField(label=_("First round"), min_value=1, max_value=MAX_NUMBER)
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=40)
    method = forms.ChoiceField(
        label=_("Method"),
        choices=[
            ("balanced", _("Fewest repeat meetings")),
            ("swiss", _("Swiss: neighbours in the standings")),
        ],
    )
    fill = forms.ChoiceField(
        label=_("When the players are not a multiple of four"),
        choices=[
            ("substitutes", _("Substitutes fill the tables")),
            ("byes", _("Byes, spread evenly")),
        ],
    )
    avoid_club_weight = forms.FloatField(
        label=_("Avoid same-club meetings (weight 0-10)"),
        min_value=0,
        max_value=10,
        required=False,
        initial=DEFAULT_GROUP_WEIGHT,
    )
    avoid_country_weight = forms.FloatField(
        label=_("Avoid same-country meetings (weight 0-10)"),
        min_value=0,
        max_value=10,
        required=False,
        initial=0,
    )
    avoid_team_weight = forms.FloatField(
        label=_("Avoid teammates meeting (weight 0-10)"),
        min_value=0,
        max_value=10,
        required=False,
        initial=DEFAULT_GROUP_WEIGHT,
    )
    seed = forms.CharField(label=_("Seed"), max_length=40, required=False, initial="1")

    REMEMBERED = (
        "method",
        "fill",
        "avoid_club_weight",
        "avoid_country_weight",
        "avoid_team_weight",
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        if not event.has_teams:
            del self.fields["avoid_team_weight"]
        seated = event.rounds.filter(seats__isnull=False).distinct()
        last_played = max((r.number for r in seated if r.status != "planned"), default=0)
        self.fields["first_round"].initial = last_played + 1
        last = event.rounds.count()
        stage = stage_of_round(event, last_played + 1)
        if stage is not None:  # a draft stays within the stage (see ``start_draft``)
            last = stage.last_round if last <= last_played else min(last, stage.last_round)
        self.fields["rounds"].initial = max(last - last_played, 1)
        last_draft = event.seating_drafts.first()
        if last_draft is not None:  # the director's last choices, not the defaults again
            for name in (*self.REMEMBERED, "seed"):
                if name in self.fields and last_draft.options.get(name) is not None:
                    self.fields[name].initial = last_draft.options[name]
