"""A tenhou.net log by its id: from ``ONLINE_LOG_TENHOU_URL``, only from a host
of ``ONLINE_LOG_HOSTS``, over https to public addresses (``tournament.notify.reading.guard``), no
redirect followed, no proxy from the environment, within ``ONLINE_LOG_TIMEOUT`` seconds and at most
``rules.onlinelogs.parse.MAX_LOG_BYTES`` bytes. ``ONLINE_LOG_TEST_HOSTS`` (the tests' local fake
of tenhou.net) are exempt from https and the address check."""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import requests
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.onlinelogs.parse import MAX_LOG_BYTES
from tournament.notify.reading.guard import resolves_public

CHUNK = 65536


class FetchFailed(Exception):
    """tenhou.net did not give the log (HTTP 502): it is down, slow or said no."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def log_url(log_id: str) -> str:
    """Where the log is fetched from, after the host and address checks (a ValidationError
    when the configured address may not be asked)."""
    url = settings.ONLINE_LOG_TENHOU_URL.format(log_id=quote(log_id, safe="-"))
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    exempt = host in settings.ONLINE_LOG_TEST_HOSTS or parts.netloc.lower() in (
        settings.ONLINE_LOG_TEST_HOSTS
    )
    if not exempt:
        if host not in settings.ONLINE_LOG_HOSTS or parts.scheme != "https":
            raise ValidationError({"log": [_("Logs are fetched only over https from tenhou.net.")]})
        if not resolves_public(host, parts.port or 443):
            raise ValidationError(
                {"log": [_("The log's address is not a public address; nothing was fetched.")]}
            )
    return url


def fetch_tenhou_log(log_id: str) -> bytes:
    """The mjlog XML of tenhou.net's log ``log_id``."""
    url = log_url(log_id)
    session = requests.Session()
    session.trust_env = False
    try:
        with session.get(
            url,
            timeout=settings.ONLINE_LOG_TIMEOUT,
            allow_redirects=False,
            stream=True,
            headers={"User-Agent": "mahjong-tournament/1 (game log import)"},
        ) as response:
            if response.status_code != 200:
                raise FetchFailed(
                    _("tenhou.net did not give the log (HTTP %(status)s).")
                    % {"status": response.status_code}
                )
            body = bytearray()
            for chunk in response.iter_content(CHUNK):
                body += chunk
                if len(body) > MAX_LOG_BYTES:
                    raise FetchFailed(_("tenhou.net's answer is too large for a game log."))
            return bytes(body)
    except requests.Timeout:
        raise FetchFailed(_("tenhou.net did not answer in time; try again later.")) from None
    except requests.RequestException:
        raise FetchFailed(_("tenhou.net could not be reached; try again later.")) from None
    finally:
        session.close()
