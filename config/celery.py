"""The Celery application.

No broker configured (``CELERY_BROKER_URL`` unset) means tasks run eagerly in-process: the
embedded default runs exactly the same task code, just synchronously.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mahjong")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Each capability keeps its tasks beside its services.
app.autodiscover_tasks(
    [
        "scoring.standings",
        "scoring.ranking",
        "tournament.health",
        "tournament.seating",
        "tournament.notify",
        "tournament.registration",
    ]
)
