"""Sending one message on one channel, and what the answer means.

Every function returns an ``Outcome``: sent; retry after some seconds (429, 5xx, a timeout,
a connection that failed); gone (the push subscription answered 404 or 410, or the mail server
refused the address); failed (anything else, not retried)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from email.utils import formataddr
from urllib.parse import urlsplit, urlunsplit

import requests
from django.conf import settings
from django.core import mail
from django.core.exceptions import ValidationError
from pywebpush import WebPusher
from requests.adapters import HTTPAdapter

from tournament.notify.reading import guard
from tournament.notify.reading.kinds import Text, one_line
from tournament.notify.services import vapid

MAX_PAYLOAD = 3000  # bytes of JSON before encryption (a push message holds 4096)
URGENT = {"seating", "seating_corrected", "seating_removed", "round_soon", "hand_confirm"}


@dataclass(frozen=True)
class Outcome:
    state: str  # "sent", "retry", "gone", "failed"
    detail: str = ""
    retry_after: float | None = None


SENT = Outcome("sent")


def payload(message_id: int, tag: str, text: Text) -> bytes:
    data = {"id": message_id, "tag": tag, "title": text.title, "body": text.body, "url": text.path}
    raw = json.dumps(data, ensure_ascii=False).encode()
    while len(raw) > MAX_PAYLOAD and data["body"]:
        data["body"] = data["body"][: len(data["body"]) // 2] + "…"
        raw = json.dumps(data, ensure_ascii=False).encode()
    return raw


class PinnedAdapter(HTTPAdapter):
    """Sends a request whose URL names the checked address (``pinned_url``) to that address,
    with the host's name, from the request's Host header, as the TLS server name and the name
    its certificate must bear."""

    def build_connection_pool_key_attributes(self, request, verify, cert=None):
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert
        )
        name = urlsplit("//" + request.headers.get("Host", "")).hostname
        if host_params["scheme"] == "https" and name:
            pool_kwargs["server_hostname"] = name
            pool_kwargs["assert_hostname"] = name
        return host_params, pool_kwargs


def pinned_url(endpoint: str, address: str) -> tuple[str, str]:
    """``endpoint`` with its host replaced by ``address``, and the Host header it needs."""
    parts = urlsplit(endpoint)
    host = f"[{address}]" if ":" in address else address
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit(parts._replace(netloc=netloc)), parts.netloc


def _retry_after(response: requests.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    return float(value) if value.strip().isdigit() else None


def send_push(
    session: requests.Session,
    *,
    endpoint: str,
    p256dh: str,
    auth: str,
    message_id: int,
    tag: str,
    kind: str,
    text: Text,
    checked_hosts: dict[str, tuple[str, str | None]] | None = None,
) -> Outcome:
    """Encrypt (RFC 8291, aes128gcm) and POST (RFC 8030) one message to the address the SSRF
    guard checked (``session`` mounts ``PinnedAdapter``); no redirect followed.
    ``checked_hosts`` keeps the guard's verdict per host within a batch: the address to
    connect to, or why not."""
    host = endpoint.split("/", 3)[2] if endpoint.count("/") >= 2 else endpoint
    verdict = None if checked_hosts is None else checked_hosts.get(host)
    if verdict is None:
        try:
            verdict = ("", guard.target(endpoint).address)
        except ValidationError as exc:
            verdict = ("; ".join(exc.messages), None)
        if checked_hosts is not None:
            checked_hosts[host] = verdict
    refusal, address = verdict
    if refusal:
        return Outcome("gone", refusal[:200])
    info = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
    body = WebPusher(info).encode(payload(message_id, tag, text), "aes128gcm")["body"]
    headers = {
        "TTL": str(settings.NOTIFY_PUSH_TTL),
        "Topic": tag,
        "Urgency": "high" if kind in URGENT else "normal",
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        **vapid.authorization(endpoint),
    }
    url = endpoint
    if address is not None:
        url, headers["Host"] = pinned_url(endpoint, address)
    try:
        response = session.post(
            url,
            data=body,
            headers=headers,
            timeout=(settings.NOTIFY_PUSH_CONNECT_TIMEOUT, settings.NOTIFY_PUSH_READ_TIMEOUT),
            allow_redirects=False,
        )
    except requests.Timeout:
        return Outcome("retry", "timeout")
    except requests.RequestException as exc:
        return Outcome("retry", type(exc).__name__)
    status = response.status_code
    response.close()
    if 200 <= status < 300:
        return SENT
    if status in (404, 410):
        return Outcome("gone", f"HTTP {status}")
    if status == 429 or status >= 500:
        return Outcome("retry", f"HTTP {status}", _retry_after(response))
    if 300 <= status < 400:
        return Outcome("failed", f"HTTP {status}: redirect refused")
    return Outcome("failed", f"HTTP {status}")


def message_id_header(message_id: int) -> str:
    return f"<notify.{message_id}@{settings.NOTIFY_EMAIL_DOMAIN}>"


def build_email(
    *, message_id: int, address: str, text: Text, unsubscribe: str, footer: str
) -> mail.EmailMessage:
    """The e-mail of one message. The subject is one line (no CR/LF from any name in it); the
    address was validated when stored; the Message-ID is the outbox id's, so a resend is the
    same message to the mail server and the reader."""
    body = f"{text.body}\n\n{footer}\n{unsubscribe}\n"
    link = f"{settings.SITE_URL}{text.path}" if text.path else ""
    if link:
        body = f"{text.body}\n\n{link}\n\n{footer}\n{unsubscribe}\n"
    return mail.EmailMessage(
        subject=one_line(text.title, 150),
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[formataddr(("", address))],
        headers={
            "Message-ID": message_id_header(message_id),
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )


def send_email(connection, message: mail.EmailMessage) -> Outcome:
    import smtplib

    try:
        connection.send_messages([message])
    except smtplib.SMTPRecipientsRefused as exc:
        codes = [code for code, _text in exc.recipients.values()]
        if any(400 <= code < 500 for code in codes):
            return Outcome("retry", f"SMTP {codes}")
        return Outcome("gone", f"SMTP {codes}")
    except smtplib.SMTPResponseException as exc:
        if 400 <= exc.smtp_code < 500:
            return Outcome("retry", f"SMTP {exc.smtp_code}")
        return Outcome("failed", f"SMTP {exc.smtp_code}")
    except (smtplib.SMTPException, OSError) as exc:
        return Outcome("retry", type(exc).__name__)
    return SENT
