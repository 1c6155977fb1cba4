"""What we accept from a browser before we ever POST to it: the SSRF guard and the shape of a
push subscription.

A push endpoint is a URL a browser handed us. We POST only over https to a host whose every
address is public (no loopback, private, link-local, reserved or multicast address, nor an IPv6
address that carries such an IPv4 one: IPv4-compatible, -mapped or -translated, NAT64, 6to4,
Teredo), follow no redirect, and send a small payload. The send connects to the address that
was checked (``Target.address``; the host's name still goes in the TLS handshake and the Host
header): a second lookup, which a rebinding DNS could answer with a private address, is never
made. ``NOTIFY_PUSH_ALLOWED_HOSTS`` names hosts (host or host:port) exempt from the scheme and
address checks: the test suite's local push service."""

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
class Target:
    """Where a checked endpoint is sent: ``address``, the checked address to connect to
    (``None`` for an allowed test host, connected as named)."""

    endpoint: str
    address: str | None


@dataclass(frozen=True)
class SubscriptionInfo:
    endpoint: str
    p256dh: str
    auth: str


def _allowed_host(parts) -> bool:
    allowed = settings.NOTIFY_PUSH_ALLOWED_HOSTS
    host = (parts.hostname or "").lower()
    return host in allowed or parts.netloc.lower() in allowed


# IPv6 prefixes whose last 32 bits are an IPv4 address a gateway or the host itself reaches:
# IPv4-compatible (::/96), IPv4-mapped, IPv4-translated (SIIT), NAT64 (well-known and local).
_CARRYING_IPV4 = tuple(
    ipaddress.ip_network(n)
    for n in ("::/96", "::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48")
)


def _carried_ipv4(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses ``ip`` carries (see ``_CARRYING_IPV4``, 6to4 and Teredo)."""
    carried = []
    if any(ip in network for network in _CARRYING_IPV4):
        carried.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    if ip.sixtofour:
        carried.append(ip.sixtofour)
    if ip.teredo:
        carried.extend(ip.teredo)
    return carried


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if not ip.is_global or ip.is_multicast:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        return all(v4.is_global and not v4.is_multicast for v4 in _carried_ipv4(ip))
    return True


def resolves_public(hostname: str, port: int) -> bool:
    """Whether every address ``hostname`` resolves to is public (False when it resolves to
    none): the check before any request to a host someone else named."""
    try:
        infos = socket.getaddrinfo(hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    return bool(infos) and all(_public(info[4][0]) for info in infos)


def check_endpoint(endpoint: str, *, resolve: bool = True) -> str:
    """The endpoint if we may POST to it, else a ValidationError saying why. With
    ``resolve`` the host's addresses are looked up (see ``target``)."""
    return target(endpoint, resolve=resolve).endpoint


def target(endpoint: str, *, resolve: bool = True) -> Target:
    """Where to send ``endpoint`` if we may POST to it, else a ValidationError saying why.
    With ``resolve`` the host's addresses are looked up once and every one must be public
    (as before each send); the first is the one to connect to."""
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
        return Target(endpoint, None)
    if parts.scheme != "https":
        raise ValidationError(_("A push endpoint must use https."))
    if not resolve:
        return Target(endpoint, None)
    try:
        infos = socket.getaddrinfo(parts.hostname, port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise ValidationError(_("The push endpoint's host is unknown.")) from exc
    if not infos or not all(_public(info[4][0]) for info in infos):
        raise ValidationError(_("A push endpoint must be a public address."))
    return Target(endpoint, infos[0][4][0].split("%", 1)[0])


def channel_host_allowed(url: str) -> bool:
    """Whether ``url``'s host (or host:port) is one an event's channel may post to."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        netloc = parts.netloc.lower()
    except ValueError:
        return False
    allowed = settings.NOTIFY_CHANNEL_HOSTS
    return bool(host) and (host in allowed or netloc in allowed)


def channel_target(url: str) -> Target:
    """Where to send a channel's post: only to ``NOTIFY_CHANNEL_HOSTS``, then as ``target``
    checks any endpoint (https, every address public, the checked one connected to)."""
    if not channel_host_allowed(url):
        raise ValidationError(_("Posts go only to Discord's and Telegram's addresses."))
    return target(url)


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
