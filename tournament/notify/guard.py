"""What we accept from a browser before we ever POST to it: the SSRF guard and the shape of a
push subscription.

A push endpoint is a URL a browser handed us. We POST only over https to a host whose every
address is public (no loopback, private, link-local, reserved or multicast address), follow no
redirect, and send a small payload. ``NOTIFY_PUSH_ALLOWED_HOSTS`` names hosts (host or
host:port) exempt from the scheme and address checks: the test suite's local push service."""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_SUBSCRIPTION_BYTES = 4096
MAX_ENDPOINT = 1000


@dataclass(frozen=True)
class SubscriptionInfo:
    endpoint: str
    p256dh: str
    auth: str


def _allowed_host(parts) -> bool:
    allowed = settings.NOTIFY_PUSH_ALLOWED_HOSTS
    host = (parts.hostname or "").lower()
    return host in allowed or parts.netloc.lower() in allowed


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def check_endpoint(endpoint: str, *, resolve: bool = True) -> str:
    """The endpoint if we may POST to it, else a ValidationError saying why. With
    ``resolve`` the host's addresses are looked up (as before each send)."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise ValidationError(_("The push endpoint is missing or too long."))
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError as exc:
        raise ValidationError(_("The push endpoint is not a valid address.")) from exc
    if not parts.hostname or parts.username or parts.password:
        raise ValidationError(_("The push endpoint is not a valid address."))
    if _allowed_host(parts):
        if parts.scheme not in ("https", "http"):
            raise ValidationError(_("A push endpoint must use https."))
        return endpoint
    if parts.scheme != "https":
        raise ValidationError(_("A push endpoint must use https."))
    if not resolve:
        return endpoint
    try:
        infos = socket.getaddrinfo(parts.hostname, port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise ValidationError(_("The push endpoint's host is unknown.")) from exc
    if not infos or not all(_public(info[4][0]) for info in infos):
        raise ValidationError(_("A push endpoint must be a public address."))
    return endpoint


def _key(value, length: int, name: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValidationError(_("The key %(name)s is missing.") % {"name": name})
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError) as exc:
        raise ValidationError(_("The key %(name)s is not base64.") % {"name": name}) from exc
    if len(raw) != length:
        raise ValidationError(
            _("The key %(name)s has %(got)d bytes, not %(want)d.")
            % {"name": name, "got": len(raw), "want": length}
        )
    if name == "p256dh" and raw[0] != 4:
        raise ValidationError(_("The key p256dh is not an uncompressed P-256 point."))
    return value.rstrip("=")


def parse_subscription(body: bytes | str) -> SubscriptionInfo:
    """A PushSubscription's JSON (``{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}``)
    checked, or a ValidationError with a clear message."""
    if isinstance(body, bytes):
        if len(body) > MAX_SUBSCRIPTION_BYTES:
            raise ValidationError(_("The subscription is too large."))
        try:
            body = body.decode()
        except UnicodeDecodeError as exc:
            raise ValidationError(_("The subscription is not JSON.")) from exc
    try:
        data = json.loads(body)
    except (ValueError, TypeError) as exc:
        raise ValidationError(_("The subscription is not JSON.")) from exc
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise ValidationError(_("The subscription has no keys."))
    endpoint = check_endpoint(data.get("endpoint"))
    keys = data["keys"]
    return SubscriptionInfo(
        endpoint, _key(keys.get("p256dh"), 65, "p256dh"), _key(keys.get("auth"), 16, "auth")
    )
