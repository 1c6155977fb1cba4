"""A Celery app for fault-injection tests: the same app as ``config``, but every reconcile,
once it has read its inputs, touches ``SLOW_WORKER_MARKER`` and sleeps ``SLOW_WORKER_SECONDS``
before writing, so that a test can SIGKILL the worker mid-task.

celery -A tests.support.slow_worker worker --pool=solo -Q <queue>
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery.signals import worker_ready

from config.celery import app

__all__ = ["app"]


@worker_ready.connect
def _slow_down(**kwargs) -> None:

    from scoring.standings.services import reconcile

    real = reconcile.compute_event

    def slow(*args, **kw):
        computed = real(*args, **kw)
        Path(os.environ["SLOW_WORKER_MARKER"]).write_text(str(os.getpid()))
        time.sleep(float(os.environ.get("SLOW_WORKER_SECONDS", "120")))
        return computed

    reconcile.compute_event = slow
