"""A Celery app for fault-injection tests: the same app as ``config``, but every reconcile,
once it has read its inputs, touches ``SLOW_WORKER_MARKER`` and sleeps ``SLOW_WORKER_SECONDS``
before writing, so that a test can SIGKILL the worker mid-task.

celery -A tests.scoring.slow_worker worker --pool=solo -Q <queue>
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

    from scoring.standings import snapshot

    real = snapshot.compute_rows

    def slow(*args, **kw):
        rows = real(*args, **kw)
        Path(os.environ["SLOW_WORKER_MARKER"]).write_text(str(os.getpid()))
        time.sleep(float(os.environ.get("SLOW_WORKER_SECONDS", "120")))
        return rows

    snapshot.compute_rows = slow
