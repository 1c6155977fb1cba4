"""The VAPID key pair (RFC 8292) that signs our pushes.

Generated once and kept outside the repository: ``NOTIFY_VAPID_KEY_FILE`` (default
``VAR_DIR/vapid_private.pem``). ``manage.py notify_vapid --rotate`` writes a new one; the
players' pages see the new application server key and subscribe again, and subscriptions made
with the old key are no longer used. Every web and worker process must read the same file."""

from __future__ import annotations

import base64
import time
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02


def key_file() -> Path:
    return Path(settings.NOTIFY_VAPID_KEY_FILE)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def generate(path: Path | None = None) -> Path:
    path = path or key_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    vapid = Vapid02()
    vapid.generate_keys()
    tmp = path.with_suffix(".tmp")
    vapid.save_key(str(tmp))
    tmp.chmod(0o600)
    tmp.replace(path)
    _load.cache_clear()
    _headers.cache_clear()
    return path


@lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> tuple[Vapid02, str]:
    vapid = Vapid02.from_file(path)
    public = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return vapid, _b64(public)


def keys() -> tuple[Vapid02, str]:
    """The signing key and the application server key (URL-safe base64), made on first use."""
    path = key_file()
    if not path.exists():
        generate(path)
    return _load(str(path), path.stat().st_mtime)


def public_key() -> str:
    return keys()[1]


@lru_cache(maxsize=256)
def _headers(audience: str, public: str, hour: int) -> dict[str, str]:
    vapid, _public = keys()
    claims = {"aud": audience, "sub": settings.NOTIFY_VAPID_SUBJECT, "exp": hour * 3600 + 12 * 3600}
    return dict(vapid.sign(claims))


def authorization(endpoint: str) -> dict[str, str]:
    """The Authorization header for a push to ``endpoint``: one signature per push service and
    hour (valid 12 hours), not one per message."""
    parts = urlsplit(endpoint)
    return _headers(f"{parts.scheme}://{parts.netloc}", public_key(), int(time.time()) // 3600)
