"""Liveness: ``/healthz`` and ``/ping`` (``views``) and the worker round trip (``tasks``)."""
