"""tenhou.net log ids, from what a player pastes: the id itself, or a viewer or log link
(``https://tenhou.net/0/?log=<id>&tw=2``, ``https://tenhou.net/0/log/?<id>``)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from rules.i18n import gettext_noop as _
from rules.onlinelogs.model import LogError

LOG_ID = re.compile(r"^\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}$")
HOSTS = ("tenhou.net", "www.tenhou.net")
MAX_TEXT = 500


def log_id_from_text(text: str) -> str:
    """The log id in ``text``, or a ``LogError`` saying why there is none."""
    text = (text or "").strip()
    if not text or len(text) > MAX_TEXT:
        raise LogError(_("give a tenhou.net log id or link"), reason="id")
    if LOG_ID.match(text):
        return text
    try:
        parts = urlsplit(text if "://" in text else f"https://{text}")
        host = (parts.hostname or "").lower()
    except ValueError:
        raise LogError(_("give a tenhou.net log id or link"), reason="id") from None
    if host not in HOSTS:
        raise LogError(
            _("only tenhou.net logs are fetched by link; upload other logs as a file"),
            reason="host",
        )
    candidates = parse_qs(parts.query).get("log", []) + [parts.query]
    for candidate in candidates:
        if LOG_ID.match(candidate):
            return candidate
        if re.match(r"^\d{10}gm-[0-9a-f]{4}-\d{4,5}-x", candidate):
            raise LogError(
                _(
                    "this link hides the log id (it starts with x after the last dash): open "
                    "the game in tenhou.net's viewer and copy the log link, or upload the file"
                ),
                reason="id",
            )
    raise LogError(_("the link names no tenhou.net log"), reason="id")
