"""The one brake on what a client does in a window of time: counters in the cache that every
web process shares (Redis in production), a fixed window each, opened by the first count. The
login, PIN, sign-up and dispute/call brakes are made of these (each decides its own limits)."""

from __future__ import annotations

import contextlib
import hashlib

from django.core.cache import cache


def key(*parts: str) -> str:
    """A cache key for ``parts`` (an address, an e-mail) that does not keep them readable."""
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()[:32]


def hit(name: str, seconds: int) -> int:
    """Count one more under ``name`` in a window of ``seconds`` opened by the first; the count
    so far. Atomic: parallel requests cannot slip past a limit between a read and a write."""
    if cache.add(name, 1, seconds):
        return 1
    try:
        return cache.incr(name)
    except ValueError:  # the window closed in between
        cache.add(name, 1, seconds)
        return 1


def count(name: str) -> int:
    """The count under ``name`` in its open window (0 once it closed)."""
    return cache.get(name, 0)


def take_back(name: str) -> None:
    """One count fewer under ``name`` (an attempt that turned out right)."""
    with contextlib.suppress(ValueError):
        cache.decr(name)


def forget(name: str) -> None:
    """Close the window of ``name``."""
    cache.delete(name)
