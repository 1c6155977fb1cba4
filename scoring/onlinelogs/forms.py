"""The pages' forms: a game log (a file or a tenhou.net link), a round's logs, online names."""

from __future__ import annotations

import base64
import binascii

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.onlinelogs.parse import MAX_LOG_BYTES
from scoring.onlinelogs.reading import GivenLog

ROUND_LOGS = 4


class LogForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Game log file"),
        required=False,
        help_text=gettext_lazy(
            "tenhou.net's mjlog (XML) or a tenhou.net/6 JSON (Mahjong Soul games converted)."
        ),
    )
    link = forms.CharField(
        label=gettext_lazy("or a tenhou.net log link or id"),
        required=False,
        max_length=500,
        widget=forms.TextInput(attrs={"inputmode": "url", "autocomplete": "off"}),
    )

    def given(self) -> GivenLog:
        upload = self.cleaned_data.get("file")
        link = self.cleaned_data.get("link") or ""
        if upload is None and not link.strip():
            raise ValidationError(_("Give a game log: a file, or a tenhou.net link."))
        if upload is not None and upload.size > MAX_LOG_BYTES:
            raise ValidationError(_("The file is too large for a game log (at most 2 MB)."))
        content = upload.read() if upload is not None else b""
        return GivenLog(content=content, text=link, filename=upload.name if upload else "")


class RoundLogsForm(forms.Form):
    """Up to four logs of a round, each as a file or a link."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(1, ROUND_LOGS + 1):
            self.fields[f"file{i}"] = forms.FileField(
                label=_("Log %(number)d: file") % {"number": i}, required=False
            )
            self.fields[f"link{i}"] = forms.CharField(
                label=_("or link"), required=False, max_length=500
            )

    def pairs(self) -> list[tuple]:
        return [(self[f"file{i}"], self[f"link{i}"]) for i in range(1, ROUND_LOGS + 1)]

    def given(self) -> list[GivenLog]:
        logs = []
        for i in range(1, ROUND_LOGS + 1):
            upload = self.cleaned_data.get(f"file{i}")
            link = self.cleaned_data.get(f"link{i}") or ""
            if upload is None and not link.strip():
                continue
            if upload is not None and upload.size > MAX_LOG_BYTES:
                raise ValidationError(_("The file is too large for a game log (at most 2 MB)."))
            content = upload.read() if upload is not None else b""
            logs.append(GivenLog(content, link, upload.name if upload else ""))
        if not logs:
            raise ValidationError(_("Give a game log: a file, or a tenhou.net link."))
        return logs


def pack(content: bytes) -> str:
    """A log carried from the proposal to the confirmation inside the page."""
    return base64.b64encode(content).decode()


def unpack(values: list[str], names: list[str]) -> list[GivenLog]:
    """The logs ``pack`` put in the page, with their files' names (an mjlog's id)."""
    logs = []
    names = names + [""] * (len(values) - len(names))
    for value, name in zip(values, names, strict=False):
        try:
            content = base64.b64decode(value.encode(), validate=True)
        except (binascii.Error, ValueError):
            raise ValidationError(
                _("The logs of the proposal were damaged; give them again.")
            ) from None
        logs.append(GivenLog(content=content, filename=name[:200]))
    if not logs:
        raise ValidationError(_("Give a game log: a file, or a tenhou.net link."))
    return logs


class OnlineNamesForm(forms.Form):
    tenhou = forms.CharField(label="tenhou.net", required=False, max_length=100)
    majsoul = forms.CharField(
        label=gettext_lazy("Mahjong Soul"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("The nickname, or the account id where two players share one."),
    )
