"""Sign-ups for a popular event (loopback only, bounded): 2000 registrants arrive within 60 s
for an event capped at 200, against gunicorn + PostgreSQL + Redis + a Celery worker that mails
each registrant through a local SMTP server (aiosmtpd, ``tests/mailserver.py``).

    python bench/registration.py [--signups 2000] [--seconds 60] [--cap 200] [--database-url ...]

Each registrant opens the sign-up page (a GET: the form and its CSRF cookie) and posts it, as
a phone would, at a moment drawn at random within the period; a pool of threads sends them
when due, a connection per request. ``p95_ms`` is over the posts. All clients come from the
loopback address, so the per-address brake is lifted for the run
(``REGISTRATION_SIGNUPS_PER_ADDRESS``, ``REGISTRATION_BURST_PER_ADDRESS``); it is tested on its
own. Eight sync gunicorn workers by
default: a worker waiting for the event's row lock serves nobody meanwhile.

Last line: ``signups=<n> accepted=<n> waitlisted=<n> duplicates=0 over_cap=0 p95_ms=<ms>
mails=<n>``. Goal: accepted = cap, the places taken by the first arrivals (as the database
ordered them), over_cap 0, one mail per registrant, p95 < 200 ms. The run fails on an error
answer.
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.build import fresh_database, setup_django  # noqa: E402
from tests.support.servers import celery_worker, gunicorn, server_env  # noqa: E402

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def sign_up(host: str, port: int, slug: str, n: int) -> tuple[int, float]:
    """One registrant: the form, then the post. (status of the post, its milliseconds)"""
    path = f"/e/{slug}/register/"
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        cookies = [
            v.split(";", 1)[0] for k, v in response.getheaders() if k.lower() == "set-cookie"
        ]
        token = TOKEN.search(body).group(1).decode()
    finally:
        conn.close()
    form = urllib.parse.urlencode(
        {
            "csrfmiddlewaretoken": token,
            "name": f"Registrant {n:05d}",
            "country": "FI",
            "club": f"Club {n % 40}",
            "email": f"registrant{n}@example.org",
            "language": "en",
        }
    )
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        started = time.perf_counter()
        conn.request(
            "POST",
            path,
            body=form,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": "; ".join(cookies),
                "Referer": f"http://{host}:{port}{path}",
            },
        )
        response = conn.getresponse()
        response.read()
        return response.status, (time.perf_counter() - started) * 1000
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--signups", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--cap", type=int, default=200)
    parser.add_argument("--threads", type=int, default=48)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/bench_registration"
    )
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/15")
    args = parser.parse_args()

    from tests.support.mailserver import MailServer

    smtp = MailServer().start()
    url, drop = fresh_database(args.database_url, "bench_registration")
    try:
        env = server_env(
            url,
            args.broker_url,
            EMAIL_HOST=smtp.host,
            EMAIL_PORT=str(smtp.port),
            REGISTRATION_SIGNUPS_PER_ADDRESS=str(10**9),
            REGISTRATION_BURST_PER_ADDRESS=str(10**9),
        )
        setup_django(url, SECRET_KEY=env["SECRET_KEY"])
        from datetime import timedelta

        from django.contrib.auth import get_user_model
        from django.utils import timezone

        from tournament.events.models import Event
        from tournament.registration import services
        from tournament.registration.models import Registration

        director = get_user_model().objects.create_user("bench-director", password="x")
        event = Event.objects.create(
            name="Bench Open",
            slug="bench-open",
            ruleset="riichi_ema",
            is_public=True,
            director=director,
        )
        services.update_settings(event, opens_at=timezone.now() - timedelta(hours=1), cap=args.cap)
        rng = random.Random(1)
        moments = sorted(rng.uniform(0, args.seconds) for _ in range(args.signups))
        results: list[tuple[int, float]] = []
        errors: list[str] = []
        lock = threading.Lock()
        queue = list(enumerate(moments, 1))
        with celery_worker(env), gunicorn(env, workers=args.workers, preload=True) as base:
            host, port = base.replace("http://", "").split(":")
            port = int(port)
            started = time.monotonic()

            def work() -> None:
                while True:
                    with lock:
                        if not queue:
                            return
                        n, at = queue.pop(0)
                    delay = started + at - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                    try:
                        status, ms = sign_up(host, port, event.slug, n)
                    except (OSError, AttributeError) as exc:
                        status, ms = 0, 0.0
                        errors.append(f"{n}: {exc}")
                    with lock:
                        results.append((status, ms))
                        if status != 302:
                            errors.append(f"{n}: HTTP {status}")

            threads = [threading.Thread(target=work) for _ in range(args.threads)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.monotonic() - started
            deadline = time.monotonic() + 120
            while len(smtp.messages) < args.signups and time.monotonic() < deadline:
                time.sleep(0.5)
            time.sleep(2)  # a late duplicate would show now
        rows = list(event.registrations.order_by("pk").values_list("status", "contact__email"))
        accepted = sum(1 for s, _ in rows if s == Registration.Status.ACCEPTED)
        waitlisted = sum(1 for s, _ in rows if s == Registration.Status.WAITLISTED)
        in_order = all(s == Registration.Status.ACCEPTED for s, _ in rows[: args.cap])
        duplicates = len(rows) - len({e for _, e in rows})
        over_cap = max(0, accepted - args.cap)
        mails = len(smtp.messages)
        print(
            f"elapsed_s={elapsed:.1f} in_order={in_order} errors={len(errors)} "
            f"mail_recipients={len({str(m['To']) for m in smtp.messages})}",
            file=sys.stderr,
        )
        for error in errors[:10]:
            print(error, file=sys.stderr)
        print(
            f"signups={len(rows)} accepted={accepted} waitlisted={waitlisted} "
            f"duplicates={duplicates} over_cap={over_cap} "
            f"p95_ms={p95([ms for status, ms in results if status == 302]):.0f} mails={mails}"
        )
        if errors or not in_order or over_cap:
            sys.exit(1)
    finally:
        smtp.stop()
        drop()


if __name__ == "__main__":
    main()
