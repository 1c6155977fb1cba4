"""The "check a hand" form: whose hand, the tiles (typed, or put together with the tile
picker, which writes the same notation), and how the hand was won."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from penalties.tablet.forms import TileRadio, seat_choices
from tournament.rounds.models import Seat

WINDS = [("0", _("East")), ("1", _("South")), ("2", _("West")), ("3", _("North"))]
FLAGS = ("ippatsu", "last_tile", "kong", "fourth_tile", "first_draw")


class HandCheckForm(forms.Form):
    notation = forms.CharField(
        label=_("Tiles"),
        max_length=200,
        help_text=_(
            "Concealed tiles with the winning tile last, melds in brackets: "
            "123m456p [789s] (1111z) 55z 5z; flowers 12f."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}
        ),
        error_messages={"required": _("Type the tiles or tap them below.")},
    )
    win = forms.CharField(label=_("Winning tile"), max_length=3, required=False)
    tsumo = forms.ChoiceField(
        label=_("Won"),
        choices=[("0", _("on a discard")), ("1", _("self-drawn"))],
        initial="0",
        widget=TileRadio,
    )
    # "As seated": the chosen player's seat wind now, from their seat and the sheet's dealer.
    seat_wind = forms.ChoiceField(
        label=_("Seat wind"), choices=[("", _("As seated")), *WINDS], initial="", required=False
    )
    prevalent_wind = forms.ChoiceField(label=_("Prevailing wind"), choices=WINDS, initial="0")
    last_tile = forms.BooleanField(label=_("On the last tile (wall or discard)"), required=False)
    kong = forms.BooleanField(
        label=_("Kong win (replacement tile, or robbing a kong)"), required=False
    )

    def __init__(
        self,
        *args: Any,
        family: str,
        seats: list[Seat],
        red_fives: bool,
        winds: dict[str, int] | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.family = family
        self.red_fives = red_fives
        self.winds = winds or {}
        self.fields["player"] = forms.ChoiceField(
            label=_("Whose hand"),
            choices=seat_choices(seats),
            widget=TileRadio,
            error_messages={"required": _("Tap the player whose hand it is.")},
        )
        if family == "mcr":
            self.fields["fourth_tile"] = forms.BooleanField(
                label=_("Fourth tile (the other three already visible)"), required=False
            )
        else:
            self.fields["riichi"] = forms.ChoiceField(
                label=_("Riichi"),
                choices=[("", _("none")), ("riichi", _("riichi")), ("double", _("double riichi"))],
                required=False,
                widget=TileRadio,
            )
            self.fields["ippatsu"] = forms.BooleanField(label=_("Ippatsu"), required=False)
            self.fields["first_draw"] = forms.BooleanField(
                label=_("Won on the first draw (tenhou, chiihou)"), required=False
            )
            self.fields["dora"] = forms.CharField(
                label=_("Dora indicators"), max_length=20, required=False
            )
            self.fields["ura"] = forms.CharField(
                label=_("Ura dora indicators"), max_length=20, required=False
            )
            self.fields["counters"] = forms.IntegerField(
                label=_("Counters (honba)"), min_value=0, max_value=100, required=False
            )
            self.fields["sticks"] = forms.IntegerField(
                label=_("Riichi sticks on the table"), min_value=0, max_value=100, required=False
            )
        self.order_fields(["player", "notation", "win", "tsumo"])

    def inputs(self) -> dict[str, Any]:
        """The check's inputs in the shape ``penalties.handcheck.services`` reads."""
        data = self.cleaned_data
        situation: dict[str, Any] = {
            "tsumo": data["tsumo"] == "1",
            "seat_wind": int(data["seat_wind"])
            if data.get("seat_wind")
            else self.winds.get(data["player"], 0),
            "prevalent_wind": int(data["prevalent_wind"]),
        }
        for name in FLAGS:
            if data.get(name):
                situation[name] = True
        for name in ("riichi", "dora", "ura"):
            if data.get(name):
                situation[name] = data[name].strip()
        return {
            "notation": data["notation"].strip(),
            "win": data["win"].strip(),
            "situation": situation,
        }
