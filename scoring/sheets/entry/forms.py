"""The hand form of the sheet pages (staff tablet and the players' phones): one form for every
ruleset, showing the fields its family needs; it only reshapes what was typed into the hand the
services check (``rules.hands.parse_hand`` reads it)."""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from penalties.describe import foul_label
from penalties.models import FoulReport
from tournament.players.models import Player
from tournament.rounds.models import Seat

WIND_LABELS = (_("East"), _("South"), _("West"), _("North"))
LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
KIND_LABELS = {
    "win": _("Win"),
    "draw": _("Draw"),
    "aborted": _("Aborted hand (re-dealt)"),
    "points": _("Points per seat"),
    "adjustment": _("Referee adjustment"),
}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) else None


class HandForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    kind = forms.ChoiceField(label=_("Hand"))
    winner = forms.TypedChoiceField(label=_("Winner"), required=False, coerce=int, empty_value=None)
    discarder = forms.TypedChoiceField(
        label=_("Discarded by"), required=False, coerce=int, empty_value=None
    )
    fan = forms.IntegerField(label=_("Fan (without bonus tiles)"), required=False, min_value=0)
    bonus = forms.IntegerField(label=_("Bonus tiles"), required=False, min_value=0, initial=0)
    han = forms.IntegerField(label=_("Han"), required=False, min_value=0)
    fu = forms.IntegerField(label=_("Fu"), required=False, min_value=0)
    limit = forms.ChoiceField(label=_("Limit hand"), required=False)
    riichi = forms.TypedMultipleChoiceField(
        label=_("Riichi declared by"),
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
    )
    tenpai = forms.TypedMultipleChoiceField(
        label=_("Tenpai at the draw"),
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
    )
    points_0 = forms.IntegerField(label=_("East"), required=False)
    points_1 = forms.IntegerField(label=_("South"), required=False)
    points_2 = forms.IntegerField(label=_("West"), required=False)
    points_3 = forms.IntegerField(label=_("North"), required=False)
    foul_report = forms.TypedChoiceField(
        label=_("Foul report (chombo, false win)"), required=False, coerce=int, empty_value=None
    )
    # Hidden until the services refuse a hand identical to the previous one (``ask_same_again``).
    same_again = forms.BooleanField(
        label=_("Yes, the same again"), required=False, widget=forms.HiddenInput
    )

    def __init__(
        self,
        *args,
        family: str,
        kinds: tuple[str, ...],
        seats: list[Seat],
        reports: list[FoulReport] = (),
        staff: bool = False,
        tiles: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.family = family
        self.with_tiles = tiles
        names = {WINDS_INDEX[s.wind]: s.player.name for s in seats}
        seat_choices = [(i, f"{WIND_LABELS[i]} – {names.get(i, '')}") for i in range(4)]
        offered = (*kinds, "adjustment") if staff else kinds
        self.fields["kind"].choices = [(k, KIND_LABELS[k]) for k in offered]
        self.fields["winner"].choices = [("", "—"), *seat_choices]
        self.fields["discarder"].choices = [("", _("Self-drawn")), *seat_choices]
        self.fields["limit"].choices = [("", _("none: han and fu")), *((x, x) for x in LIMITS)]
        self.fields["riichi"].choices = seat_choices
        self.fields["tenpai"].choices = seat_choices
        self.fields["foul_report"].choices = [
            ("", "—"),
            *((r.pk, f"#{r.pk} {foul_label(r.code)} – {r.offender.name}") for r in reports),
        ]
        for i in range(4):
            self.fields[f"points_{i}"].label = seat_choices[i][1]
        if not self.is_bound:
            self.initial.setdefault("idempotency_key", uuid.uuid4().hex)
        elif self.data.get("same_again") not in (None, "", "false", "False", "0"):
            self.fields["same_again"].widget = forms.CheckboxInput()
        drop: tuple[str, ...] = ()
        if family == "mcr":
            drop = ("han", "fu", "limit", "riichi", "tenpai")
        elif family == "riichi":
            drop = ("fan", "bonus")
        elif family == "points":
            drop = ("winner", "discarder", "fan", "bonus", "han", "fu", "limit", "riichi", "tenpai")
        if family != "points" and not staff:
            drop = (*drop, "points_0", "points_1", "points_2", "points_3")
        for name in drop:
            del self.fields[name]
        if tiles:
            self._add_tile_fields(family)

    def _add_tile_fields(self, family: str) -> None:
        """The tiles instead of the count (``scoring.sheets.tiles.services``): the notation and what
        the sheet cannot know by itself."""
        self.fields["tiles"] = forms.CharField(
            label=_("Tiles (instead of the count)"),
            required=False,
            max_length=200,
            help_text=_(
                "The winner's concealed tiles with the winning tile last, melds in brackets: "
                "123m456p [789s] (1111z) 55z 5z; flowers 12f. Leave empty to enter the count."
            ),
            widget=forms.TextInput(
                attrs={"autocapitalize": "off", "spellcheck": "false", "data-tiles": ""}
            ),
        )
        flags = [("last_tile", _("On the last tile")), ("kong", _("Kong win"))]
        if family == "mcr":
            flags.append(("fourth_tile", _("Fourth tile")))
        else:
            flags[:0] = [("ippatsu", _("Ippatsu")), ("double", _("Double riichi"))]
            flags.append(("first_draw", _("First draw (tenhou, chiihou)")))
            self.fields["dora"] = forms.CharField(
                label=_("Dora indicators"), required=False, max_length=20
            )
            self.fields["ura"] = forms.CharField(
                label=_("Ura dora indicators"), required=False, max_length=20
            )
        self.fields["tile_flags"] = forms.MultipleChoiceField(
            label=_("How the tiles won"),
            choices=flags,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        order = [n for n in self.fields if n not in ("tiles", "tile_flags", "dora", "ura")]
        at = order.index("discarder") + 1 if "discarder" in order else len(order)
        extra = [n for n in ("tiles", "tile_flags", "dora", "ura") if n in self.fields]
        self.order_fields([*order[:at], *extra, *order[at:]])

    def ask_same_again(self, errors: list[str]) -> None:
        """Show the "Yes, the same again" box with the services' reason for asking."""
        self.fields["same_again"].widget = forms.CheckboxInput()
        self.add_error("same_again", errors)

    def hand(self) -> dict[str, Any]:
        """The hand as the services take it (after ``is_valid``)."""
        data = self.cleaned_data
        kind = data["kind"]
        hand: dict[str, Any] = {"kind": kind}
        if kind == "win":
            win: dict[str, Any] = {"winner": data.get("winner")}
            if win["winner"] is None:
                del win["winner"]
            for name in ("fan", "bonus", "han", "fu"):
                if _int(data.get(name)) is not None:
                    win[name] = data[name]
            if data.get("limit"):
                win["limit"] = data["limit"]
            hand.update(win)
            hand["discarder"] = data.get("discarder")
        if kind == "win" and (data.get("tiles") or "").strip():
            for name in ("fan", "bonus", "han", "fu", "limit"):
                hand.pop(name, None)
            situation: dict[str, Any] = {flag: True for flag in data.get("tile_flags") or ()}
            for name in ("dora", "ura"):
                if (data.get(name) or "").strip():
                    situation[name] = data[name].strip()
            hand["tiles"] = {"notation": data["tiles"].strip(), "situation": situation}
        if kind in ("points", "adjustment"):
            hand["points"] = [data.get(f"points_{i}") or 0 for i in range(4)]
        if data.get("riichi"):
            hand["riichi"] = list(data["riichi"])
        if kind == "draw" and data.get("tenpai"):
            hand["tenpai"] = list(data["tenpai"])
        return hand


def hand_initial(data: dict[str, Any], foul_report_id: int | None) -> dict[str, Any]:
    """A stored hand as ``HandForm``'s initial values (the inverse of ``HandForm.hand``), so
    that a correction starts from what was entered."""
    initial: dict[str, Any] = {"kind": data.get("kind")}
    wins = data.get("wins") or []
    if wins:
        win = wins[0]
        for name in ("winner", "fan", "bonus", "han", "fu", "limit"):
            if name in win:
                initial[name] = win[name]
    if data.get("kind") == "win":
        discarder = data.get("discarder")
        initial["discarder"] = "" if discarder is None else discarder
    for i, points in enumerate(data.get("points") or []):
        initial[f"points_{i}"] = points
    for name in ("riichi", "tenpai"):
        if data.get(name):
            initial[name] = list(data[name])
    tiles = data.get("tiles")
    if isinstance(tiles, dict):
        initial["tiles"] = tiles.get("notation", "")
        situation = tiles.get("situation") or {}
        initial["tile_flags"] = [k for k, v in situation.items() if v is True]
        for name in ("dora", "ura"):
            if situation.get(name):
                initial[name] = situation[name]
    if foul_report_id:
        initial["foul_report"] = foul_report_id
    return initial


WINDS_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}


class CorrectionForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the correction"), max_length=500)
    based_on_version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class TableNumberForm(forms.Form):
    """The first step of signing in: the player's table in the live round."""

    table = forms.IntegerField(
        label=_("Your table number"),
        min_value=1,
        max_value=10_000,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "autofocus": True}),
    )


class PinForm(forms.Form):
    """The player names themselves (among their table's four, or from their card's link), then
    gives their PIN: a guess aims at one player."""

    player = forms.ModelChoiceField(
        label=_("Your name"),
        queryset=Player.objects.none(),
        widget=forms.RadioSelect,
        empty_label=None,
        error_messages={"invalid_choice": _("Choose your name.")},
    )
    pin = forms.CharField(
        label=_("Your PIN"),
        max_length=12,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "one-time-code"}),
    )

    def __init__(self, *args, choices, event, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        # Shown: the names to choose from; accepted: any player of the event.
        field.queryset = Player.objects.filter(event=event)
        field.choices = [(p.pk, p.name) for p in choices]
        if len(choices) == 1:
            self.initial.setdefault("player", choices[0].pk)
