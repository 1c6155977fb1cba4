"""Which format a log is in, read accordingly."""

from __future__ import annotations

from rules.i18n import gettext_noop as _
from rules.onlinelogs.ids import LOG_ID
from rules.onlinelogs.model import GameLog, LogError
from rules.onlinelogs.tenhou6 import parse_json
from rules.onlinelogs.tenhou_xml import parse_xml

MAX_LOG_BYTES = 2_000_000


def parse_log(content: bytes, *, log_id: str = "") -> GameLog:
    """A ``GameLog`` from an mjlog XML or a tenhou.net/6 JSON. ``log_id`` names an XML log
    (mjlog files do not say their id); a JSON log names itself."""
    if len(content) > MAX_LOG_BYTES:
        raise LogError(
            _("the file is too large for a game log (at most %(size)s bytes)"),
            {"size": MAX_LOG_BYTES},
            reason="too_large",
        )
    start = content.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if start == b"<":
        if log_id and not LOG_ID.match(log_id):
            raise LogError(_("give a tenhou.net log id or link"), reason="id")
        return parse_xml(content, log_id)
    if start == b"{":
        return parse_json(content)
    raise LogError(
        _("the file is neither a tenhou.net mjlog (XML) nor a tenhou.net/6 JSON log"),
        reason="malformed",
    )
