"""What a service refuses besides invalid input (Django's ``ValidationError``, 400) and
missing rights (``PermissionDenied``, 403): a write the current state forbids (``Conflict``,
409) and too many tries lately (``TooMany``, 429). The API answers each the same way
everywhere (``tournament.access.api.exception_handler``); pages say them in their forms."""

from __future__ import annotations

from typing import Any


class Conflict(Exception):
    """A write the current state forbids (HTTP 409). ``answer()`` is what the API says: by
    default the message under ``field`` (or as ``detail``)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def answer(self) -> dict[str, Any]:
        if self.field:
            return {self.field: [self.message]}
        return {"detail": self.message}


class TooMany(Exception):
    """Too many tries lately (HTTP 429): try again in ``seconds``."""

    def __init__(self, message: str, seconds: int):
        super().__init__(message)
        self.message = message
        self.seconds = seconds
