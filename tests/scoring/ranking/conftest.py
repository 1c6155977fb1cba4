"""The ranking's own tests check its computation: recomputes run in the writing step (as in
the embedded default) even where a broker is configured. The worker path is covered by
``tests/integration/test_ranking_worker.py``."""

import pytest


@pytest.fixture(autouse=True)
def ranking_in_step(settings):
    """The Celery app reads the setting (as ``tests/scoring/conftest.py`` relies on): nothing
    is written into the app's own configuration, so nothing outlives the test."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
