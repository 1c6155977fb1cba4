"""Reading what a person gave (a file, or a tenhou.net id or link) into a ``GameLog``, with
the log's problems as form and API errors in the reader's language."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.i18n import Plural
from rules.onlinelogs import GameLog, LogError, log_id_from_text, parse_log
from rules.onlinelogs.ids import LOG_ID
from rules.onlinelogs.parse import MAX_LOG_BYTES
from scoring.onlinelogs.reading.fetch import fetch_tenhou_log

# A tenhou.net file is often saved under its id: "2023101214gm-00a9-0000-8cb902d4&tw=0.mjlog".
FILE_ID = re.compile(LOG_ID.pattern.strip("^$"))


@dataclass(frozen=True)
class GivenLog:
    """A log as given: the file's bytes (``content``) or a tenhou.net id or link (``text``),
    and the uploaded file's name."""

    content: bytes = b""
    text: str = ""
    filename: str = ""


@dataclass(frozen=True)
class ReadLog:
    log: GameLog
    content: bytes
    filename: str = ""

    @property
    def label(self) -> str:
        """What the pages call the log: its id, else the uploaded file's name."""
        return self.log.log_id or self.filename or _("uploaded file")

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.content).hexdigest()

    @property
    def log_id(self) -> str:
        """The log's id; an mjlog file that does not say it is named by its digest."""
        return self.log.log_id or f"sha256:{self.digest[:40]}"


def log_message(error: LogError) -> str:
    """The log's problem in the reader's language."""
    params = dict(error.params)
    for key in ("wind", "our_wind"):
        if key in params:
            params[key] = _(params[key])
    if error.cause is not None:
        params["problem"] = error.cause.translated(_, ngettext)
    template = error.template
    if isinstance(template, Plural):
        text = template.translated(params[template.count], ngettext) % params
    else:
        text = _(template) % params if params else _(template)
    return text[:1].upper() + text[1:]


def log_error(error: LogError) -> ValidationError:
    return ValidationError({"log": [log_message(error)]}, code=error.reason)


def read_log(given: GivenLog) -> ReadLog:
    """The log read and checked for its shape (a ``ValidationError`` under ``log`` says
    what is wrong); a tenhou.net id or link is fetched (``FetchFailed`` when tenhou.net does
    not give it)."""
    if given.content and given.text.strip():
        raise ValidationError({"log": [_("Give a file or a tenhou.net link, not both.")]})
    if len(given.content) > MAX_LOG_BYTES:
        raise ValidationError(
            {"log": [_("The file is too large for a game log (at most 2 MB).")]}, code="too_large"
        )
    try:
        if given.content:
            found = FILE_ID.search(given.filename or "")
            log_id = found.group(0) if found else ""
            content = given.content
        elif given.text.strip():
            log_id = log_id_from_text(given.text)
            content = fetch_tenhou_log(log_id)
        else:
            raise ValidationError({"log": [_("Give a game log: a file, or a tenhou.net link.")]})
        return ReadLog(parse_log(content, log_id=log_id), content, given.filename[:200])
    except LogError as error:
        raise log_error(error) from None
