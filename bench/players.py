"""The players' own pages during a live round (loopback only, bounded), held to the hall's
budget: every player of a riichi event (1000 players at 250 tables by default) keeps their
page (/e/<event>/play/) open on their phone, which reloads it every 5 s, while a tablet per
table enters the hanchan hand by hand (``bench/hands.py``'s tablets), against gunicorn +
PostgreSQL + Redis + a Celery worker. ``/ping`` is sampled in the same run, twice a second,
as the yardstick of the machine's load.

    python bench/players.py [--players 1000] [--poll 5] [--seconds 120] [--database-url ...]

Each player's phone signs in once with its card's link (``/e/<event>/card/<token>/``), as the QR
code on the card does, and keeps that session; its page is open before the run (it knows its
live part's tag: untimed). A tablet enters a hand every one to two minutes (``--pause``), two to
four times a real hall's pace. Every 5 s the open page asks for its live part
(``static/js/live.js``, ``X-Requested-With: live``: my seat, the clock, my table's totals and
state, what waits for me) with its last ETag, answered 304 while nothing in it moved; when it
moved, the page also asks for its sheet (``static/js/play.js``, ``X-Requested-With: sheet``: the
hands), conditional on that part's own tag. ``page_p95_ms`` is over both. Polls are spread over
the 5 s at random; a pool of threads sends them when due, a connection per request, as a phone
on the venue Wi-Fi would. Beside them, a whole page (a player opening or reloading it) once a
second: ``full_page_p95_ms``. The server is the one of ``bench/hands.py`` (four sync workers,
preloaded).

The budget: the polls' p95 within 300 ms and, in the same run, ``/ping``'s p95 within 100 ms
(the server is not saturated). Last line: ``players=<n> page_p95_ms=<ms> budget_page_p95_ms=300
ping_p95_ms=<ms> budget_ping_p95_ms=100 hands=<n> stored=<n> duplicates=0
budget_ok=True|False``; the exit status is 1 over budget, on an error answer, a player page
without the player's seat, stored != hands or a duplicate hand.
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import queue
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.hands import Tablet, build  # noqa: E402
from tests.support.build import fresh_database, setup_django  # noqa: E402
from tests.support.servers import celery_worker, gunicorn, server_env  # noqa: E402

PAGE_BUDGET_MS = 300
PING_BUDGET_MS = 100


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("nan")


def request(
    host: str, port: int, path: str, cookie: str = "", headers: dict | None = None
) -> tuple[int | None, bytes, list]:
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        sent = dict(headers or {})
        if cookie:
            sent["Cookie"] = cookie
        conn.request("GET", path, headers=sent)
        response = conn.getresponse()
        return response.status, response.read(), response.getheaders()
    except OSError:
        return None, b"", []
    finally:
        conn.close()


def sign_in(host: str, port: int, slug: str, token: str) -> str:
    """The card's link: its answer's session cookie."""
    status, _body, headers = request(host, port, f"/e/{slug}/card/{token}/")
    cookies = [v.split(";", 1)[0] for k, v in headers if k.lower() == "set-cookie"]
    if status != 302 or not any(c.startswith("sessionid=") for c in cookies):
        raise RuntimeError(f"the card link answered {status} without a session")
    return "; ".join(cookies)


class Phones:
    """The players' phones: each polls its page every ``poll`` seconds (first at a random
    moment of the period), sent by ``threads`` threads."""

    def __init__(self, host, port, slug, sessions, poll, threads, seed=1):
        self.host, self.port, self.slug = host, port, slug
        self.sessions, self.poll = sessions, poll
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.polls = 0
        self.unchanged = 0
        self.etags: dict[tuple[int, str], str] = {}
        self.due: queue.Queue = queue.Queue()
        self.stop = threading.Event()
        self.workers = [threading.Thread(target=self._work) for _ in range(threads)]
        self.clock = threading.Thread(target=self._schedule)

    def open_pages(self, threads: int = 8) -> None:
        """Each phone's page is open before the run: it knows its live part's tag (the page
        carries it, the same as the live part's own), as a phone that opened its page earlier
        does. Untimed."""

        def open_some(whos: list[int]) -> None:
            for who in whos:
                name, cookie = self.sessions[who]
                status, _body, answer = request(
                    self.host, self.port, f"/e/{self.slug}/play/", cookie,
                    {"X-Requested-With": "live"},
                )  # fmt: skip
                if status != 200:
                    self.errors.append(f"{name}: the open page's live part answered {status}")
                    continue
                self.etags[who, "live"] = next(v for k, v in answer if k.lower() == "etag")

        everyone = list(range(len(self.sessions)))
        openers = [
            threading.Thread(target=open_some, args=(everyone[i::threads],)) for i in range(threads)
        ]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join()

    def start(self) -> None:
        for worker in self.workers:
            worker.start()
        self.clock.start()

    def finish(self) -> None:
        self.stop.set()
        self.clock.join()
        for _ in self.workers:
            self.due.put(None)
        for worker in self.workers:
            worker.join()

    def _schedule(self) -> None:
        start = time.monotonic()
        heap = [(start + self.rng.uniform(0, self.poll), i) for i in range(len(self.sessions))]
        heapq.heapify(heap)
        while not self.stop.is_set():
            at, who = heap[0]
            wait = at - time.monotonic()
            if wait > 0:
                self.stop.wait(min(wait, 0.05))
                continue
            heapq.heapreplace(heap, (at + self.poll, who))
            self.due.put((who, at))

    def _work(self) -> None:
        while True:
            item = self.due.get()
            if item is None:
                return
            if self.stop.is_set():
                continue  # the run is over: polls still waiting are not sent
            who, due = item
            name, cookie = self.sessions[who]
            # As the page does: the live part every period; the sheet only when the live part
            # moved (static/js/play.js follows static/js/live.js's answers).
            if self._poll(who, name, cookie, "live", due) == 200:
                self._poll(who, name, cookie, "sheet", time.monotonic())

    def _poll(self, who: int, name: str, cookie: str, kind: str, due: float) -> int:
        """One of the page's requests, conditional on its last tag: ``live`` as
        static/js/live.js asks (my seat, the clock, what waits), ``sheet`` as static/js/play.js
        asks (the sheet's hands and totals). Its status. Its time counts from when it was due
        (``due``, monotonic): a poll that waited for a free sender waited on the phone too."""
        headers = {"X-Requested-With": kind}
        if (who, kind) in self.etags:
            headers["If-None-Match"] = self.etags[who, kind]
        status, body, answer = request(
            self.host, self.port, f"/e/{self.slug}/play/", cookie, headers
        )
        elapsed = (time.monotonic() - due) * 1000
        expected = b'data-testid="my-seat"' if kind == "live" else b"data-play-live"
        with self.lock:
            self.latencies.append(elapsed)
            self.polls += 1
            if status == 304:
                self.unchanged += 1
            elif status != 200:
                self.errors.append(f"{name}: status {status}")
            elif expected not in body or name.encode() not in body:
                self.errors.append(f"{name}: a {kind} poll without the player's page")
            else:
                self.etags[who, kind] = next(v for k, v in answer if k.lower() == "etag")
        return status


def ping(host: str, port: int, stop: threading.Event, latencies: list[float]) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        status, _body, _headers = request(host, port, "/ping")
        if status == 200:
            latencies.append((time.perf_counter() - started) * 1000)
        stop.wait(0.5)


def full_pages(host, port, slug, sessions, stop, latencies, errors) -> None:
    """A whole page (a player opening it, or reloading it) once a second, for a random
    player: what the page costs beside its 5 s refreshes."""
    rng = random.Random(2)
    while not stop.is_set():
        name, cookie = rng.choice(sessions)
        started = time.perf_counter()
        status, body, _headers = request(host, port, f"/e/{slug}/play/", cookie)
        latencies.append((time.perf_counter() - started) * 1000)
        if status != 200 or b'data-testid="my-seat"' not in body:
            errors.append(f"{name}: the whole page answered {status}")
        stop.wait(1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000, help="four to a table")
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between two polls")
    parser.add_argument("--seconds", type=float, default=120.0, help="the longest run")
    parser.add_argument(
        "--pause",
        default="60,120",
        help=(
            "seconds between two hands, 'min,max': a real hand takes three to eight minutes "
            "(a 90-minute hanchan holds about twelve), so one to two minutes at every table "
            "is two to four times the hall's pace"
        ),
    )
    parser.add_argument("--threads", type=int, default=48, help="threads sending the polls")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--database-url", default="postgres://postgres@127.0.0.1:5432/bench_players"
    )
    parser.add_argument("--broker-url", default="redis://127.0.0.1:6379/15")
    args = parser.parse_args()
    args.tables = args.players // 4
    low, _, high = args.pause.partition(",")
    pause = (float(low), float(high or low))

    url, drop = fresh_database(args.database_url, "bench_players")
    try:
        env = server_env(url, args.broker_url)
        setup_django(url, SECRET_KEY=env["SECRET_KEY"])
        from scoring.sheets.models import SheetHand
        from tournament.events.models import Event
        from tournament.players.access import pins
        from tournament.players.models import Player
        from tournament.rounds.models import Seat

        slug, tablets = build(args.tables)
        tablets.pop()  # the spare table of ``build``: no tablet, and no phones either
        Event.objects.filter(slug=slug).update(players_enter_hands=True)
        event = Event.objects.get(slug=slug)
        seated = set(
            Seat.objects.filter(
                table__round__event=event, table__number__lte=args.tables
            ).values_list("player_id", flat=True)
        )
        players = [p for p in Player.objects.filter(event=event).order_by("pk") if p.pk in seated]
        with (
            celery_worker(env),
            gunicorn(env, workers=args.workers, preload=True) as base,
        ):
            host, port = base.replace("http://", "").split(":")
            port = int(port)
            sessions = [(p.name, sign_in(host, port, slug, pins.card_token(p))) for p in players]
            phones = Phones(host, port, slug, sessions, args.poll, args.threads)
            phones.open_pages()
            pings: list[float] = []
            stop = threading.Event()
            pinger = threading.Thread(target=ping, args=(host, port, stop, pings))
            full: list[float] = []
            full_errors: list[str] = []
            opener = threading.Thread(
                target=full_pages, args=(host, port, slug, sessions, stop, full, full_errors)
            )
            latencies: list[float] = []
            lock = threading.Lock()
            threads = [
                Tablet(base, slug, token, table, pause, seed, latencies, lock)
                for seed, (token, table) in enumerate(tablets)
            ]
            started = time.perf_counter()
            phones.start()
            pinger.start()
            opener.start()
            for t in threads:
                t.start()
            deadline = time.monotonic() + args.seconds
            for t in threads:
                t.join(timeout=max(deadline - time.monotonic(), 0.1))
            # Polls go on to the end of the period, even after every game ended.
            time.sleep(max(deadline - time.monotonic(), 0))
            phones.finish()
            polling = time.perf_counter() - started
            for t in threads:
                t.pause = (0.0, 0.0)  # the games end at once, unwatched
            stop.set()
            pinger.join()
            opener.join()
            for t in threads:
                t.join()  # bounded: a tablet stops at MAX_HANDS
            elapsed = time.perf_counter() - started

        from django.db.models import Count

        hands = sum(t.numbers for t in threads)
        stored = SheetHand.objects.count()
        duplicates = sum(
            row["n"] - 1
            for row in SheetHand.objects.values("sheet_id", "number").annotate(n=Count("pk"))
            if row["n"] > 1
        )
        errors = phones.errors + full_errors + [e for t in threads for e in t.errors]
        page, yardstick = p95(phones.latencies), p95(pings)
        print(
            f"seconds={elapsed:.1f} polls={phones.polls} "
            f"polls_per_s={phones.polls / polling:.1f} pings={len(pings)} "
            f"page_p50_ms={statistics.median(phones.latencies):.1f} "
            f"ping_p50_ms={statistics.median(pings):.1f} "
            f"unchanged_304={phones.unchanged} full_pages={len(full)} "
            f"full_page_p50_ms={statistics.median(full):.1f} full_page_p95_ms={p95(full):.1f} "
            f"hand_p95_ms={p95(latencies):.1f} games_finished={sum(t.finished for t in threads)} "
            f"errors={len(errors)}"
        )
        for error in errors[:10]:
            print("  " + error)
        ok = (
            page <= PAGE_BUDGET_MS
            and yardstick <= PING_BUDGET_MS
            and not errors
            and stored == hands
            and not duplicates
        )
        print(
            f"players={len(sessions)} page_p95_ms={page:.1f} budget_page_p95_ms={PAGE_BUDGET_MS} "
            f"ping_p95_ms={yardstick:.1f} budget_ping_p95_ms={PING_BUDGET_MS} hands={hands} "
            f"stored={stored} duplicates={duplicates} budget_ok={ok}"
        )
        if not ok:
            sys.exit(1)
    finally:
        drop()


if __name__ == "__main__":
    main()
