"""The ranking's own tests check its computation: recomputes run in the writing step (as in
the embedded default) even where a broker is configured. The worker path is covered by
``tests/integration/test_ranking_worker.py``."""

import pytest


@pytest.fixture(autouse=True)
def ranking_in_step(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
