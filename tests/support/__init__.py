"""What the tests (and the benchmarks under ``bench/``) import: real servers (gunicorn, Celery
workers), a local Web Push service and SMTP server, and builders of events. No test lives here;
a test module imports helpers from here or from a ``conftest.py``, never from another test
module."""
