"""One post to a Discord webhook or a Telegram chat, behind the outbox's SSRF guard.

``post`` answers an ``Outcome`` as the outbox's other channels do: sent; retry (429 with its
wait, 5xx, no connection made); failed (refused: a removed webhook, a wrong token or chat);
or ``unsure``: the request went out and no answer came back (the read timed out, the connection
broke mid-way). Neither service takes an idempotency key, so an unsure post is not sent again:
it most likely arrived, and a second one would be a duplicate in the chat. The director sees
it counted apart."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import requests
from django.conf import settings
from django.core.exceptions import ValidationError

from tournament.channels import notices  # noqa: F401 (registers the channels' kinds)
from tournament.channels.models import EventChannel
from tournament.notify.reading import guard
from tournament.notify.reading.kinds import Text
from tournament.notify.services.channels import SENT, Outcome, pinned_url

LIMITS = {EventChannel.Service.DISCORD: 2000, EventChannel.Service.TELEGRAM: 4096}


def content(text: Text, limit: int) -> str:
    """The post's plain text: title, body and the page's address, within the service's
    limit (the body is cut, never the address)."""
    link = f"{settings.SITE_URL}{text.path}" if text.path else ""
    head, tail = text.title, f"\n{link}" if link else ""
    room = limit - len(head) - len(tail) - 1
    body = text.body if len(text.body) <= room else text.body[: max(0, room - 1)] + "…"
    return f"{head}\n{body}{tail}" if body else f"{head}{tail}"


def request_of(channel: EventChannel, text: Text) -> tuple[str, dict]:
    """The URL and the JSON body of ``channel``'s post of ``text``."""
    words = content(text, LIMITS[channel.service])
    if channel.service == EventChannel.Service.DISCORD:
        parts = urlsplit(channel.webhook_url)
        query = urlencode([*parse_qsl(parts.query), ("wait", "true")])
        url = urlunsplit(parts._replace(query=query))
        # No @everyone, role or user pings from a player's name or an announcement.
        return url, {"content": words, "allowed_mentions": {"parse": []}}
    url = f"{settings.NOTIFY_TELEGRAM_API.rstrip('/')}/bot{channel.bot_token}/sendMessage"
    return url, {"chat_id": channel.chat_id, "text": words, "disable_web_page_preview": True}


def _wait_hint(response: requests.Response) -> float | None:
    """Seconds the service asks us to wait: Retry-After, Discord's ``retry_after`` or
    Telegram's ``parameters.retry_after``."""
    value = response.headers.get("Retry-After", "").strip()
    try:
        if value:
            return float(value)
        data = response.json()
    except (ValueError, requests.JSONDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    hint = data.get("retry_after", (data.get("parameters") or {}).get("retry_after"))
    return float(hint) if isinstance(hint, int | float) else None


def _pause_after(response: requests.Response) -> float | None:
    """Discord's bucket is empty: the seconds until it refills."""
    if response.headers.get("X-RateLimit-Remaining") == "0":
        try:
            return float(response.headers.get("X-RateLimit-Reset-After", ""))
        except ValueError:
            return None
    return None


def _refusal(response: requests.Response) -> str:
    try:
        data = response.json()
    except (ValueError, requests.JSONDecodeError):
        data = {}
    said = data.get("description") or data.get("message") if isinstance(data, dict) else ""
    return f"HTTP {response.status_code}: {str(said or '')[:120]}".rstrip(": ")


def post(session: requests.Session, channel: EventChannel, text: Text) -> Outcome:
    """POST ``text`` to ``channel`` (``session`` mounts the outbox's ``PinnedAdapter``); no
    redirect followed. The URL, which holds the secret, is never in the outcome."""
    url, body = request_of(channel, text)
    try:
        checked = guard.channel_target(url)
    except ValidationError as exc:
        return Outcome("failed", "; ".join(exc.messages)[:200])
    headers = {"Content-Type": "application/json"}
    if checked.address is not None:
        url, headers["Host"] = pinned_url(url, checked.address)
    try:
        response = session.post(
            url,
            data=json.dumps(body, ensure_ascii=False).encode(),
            headers=headers,
            timeout=(settings.NOTIFY_PUSH_CONNECT_TIMEOUT, settings.NOTIFY_PUSH_READ_TIMEOUT),
            allow_redirects=False,
        )
    except requests.ConnectTimeout:
        return Outcome("retry", "connect timeout")
    except requests.ReadTimeout:
        return Outcome("unsure", "no answer in time")
    except requests.ConnectionError as exc:
        if "NewConnectionError" in repr(exc) or "NameResolutionError" in repr(exc):
            return Outcome("retry", "no connection")
        return Outcome("unsure", "connection broken while posting")
    except requests.RequestException as exc:
        return Outcome("retry", type(exc).__name__)
    status = response.status_code
    try:
        if 200 <= status < 300:
            pause = _pause_after(response)
            return SENT if pause is None else Outcome("sent", "", pause)
        if status == 429 or status >= 500:
            return Outcome("retry", f"HTTP {status}", _wait_hint(response))
        if 300 <= status < 400:
            return Outcome("failed", f"HTTP {status}: redirect refused")
        return Outcome("failed", _refusal(response))
    finally:
        response.close()
