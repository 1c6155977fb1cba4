"""The ranking's own tests check its computation: recomputes run in the writing step (as in
the embedded default) even where a broker is configured. The worker path is covered by
``tests/integration/test_ranking_worker.py``."""

import pytest


@pytest.fixture(autouse=True)
def ranking_in_step(settings):
    from config.celery import app

    before = app.conf.task_always_eager  # read before the settings change: the app reads them
    settings.CELERY_TASK_ALWAYS_EAGER = True
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before
