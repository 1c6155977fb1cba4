"""The online logs API: a log of another table, a player not of the table, a truncated or
malformed file, a 50 MB upload, a link to a private address each get a clear 4xx and store
nothing; a log the sheet disagrees with is refused naming the first differing hand; a player
imports their own table's log with their PIN; tenhou.net ids are fetched from the local fake."""

from __future__ import annotations

import contextlib
import http.server
import threading
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.onlinelogs.models import LogImport, OnlineName
from scoring.sheets import services as sheets
from scoring.sheets.models import ScoreSheet, SheetHand
from tests.scoring.onlinelogs.conftest import log_bytes, name_table, table
from tests.support.players import player_client

LOG = "usual.xml"
LOG_ID = "2023101214gm-00a9-0000-8cb902d4"


def url(hall, number=1) -> str:
    return f"/api/events/{hall.event.slug}/rounds/1/tables/{number}/online-log/"


def stored() -> tuple[int, int, int]:
    return SheetHand.objects.count(), LogImport.objects.count(), ScoreSheet.objects.count()


@pytest.fixture
def hall(online_event):
    hall = online_event()
    name_table(hall.event, LOG)
    return hall


def post_file(client, address, content: bytes, name="game.xml"):
    return client.post(address, {"file": SimpleUploadedFile(name, content)}, format="multipart")


def test_the_director_imports_a_file(hall):
    answer = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert answer.status_code == 201, answer.json()
    assert answer.json()["hands_added"] == 16 and answer.json()["created"]
    again = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert again.status_code == 200 and again.json()["hands_added"] == 0
    assert stored() == (16, 1, 1)


def test_a_log_of_another_table_is_refused(hall):
    name_table(hall.event, "format6/usual.json", number=2)
    other = log_bytes("format6/usual.json")
    answer = post_file(hall.client(hall.director), url(hall, 1), other, "usual.json")
    assert answer.status_code == 400
    assert "the game of table 2, not table 1" in answer.json()["log"][0]
    assert stored() == (0, 0, 0)


def test_a_player_not_of_the_table_is_refused(hall):
    outsider = table(hall.event, 2).seats.get(wind="E").player
    east = table(hall.event).seats.get(wind="E").player
    OnlineName.objects.filter(player=east).delete()
    answer = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert answer.status_code == 400
    assert "No player of this event has the tenhou.net name player1" in answer.json()["log"][0]
    OnlineName.objects.create(event=hall.event, player=outsider, platform="tenhou", name="player1")
    answer = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert answer.status_code == 400
    assert f"Not seated at table 1 in this round: {outsider.name}" in answer.json()["log"][0]
    assert stored() == (0, 0, 0)


def test_seats_other_than_the_seating_are_refused(hall):
    seats = {s.wind: s.player for s in table(hall.event).seats.all()}
    OnlineName.objects.filter(player__in=seats.values()).delete()
    for wind, online in zip("ESWN", ["player2", "player1", "player3", "player4"], strict=True):
        OnlineName.objects.create(
            event=hall.event, player=seats[wind], platform="tenhou", name=online
        )
    answer = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert answer.status_code == 400
    assert "The seats differ from the seating" in answer.json()["log"][0]
    assert stored() == (0, 0, 0)


@pytest.mark.parametrize(
    "content",
    [
        log_bytes(LOG)[: len(log_bytes(LOG)) // 2],
        log_bytes(LOG).replace(b"owari=", b"nowari="),
        b"<mjloggm><GO type='169'/></mjloggm>",
        b'{"ref": "2023101214gm-00a9-0000-8cb902d4", "log": "x"}',
        b"\x00\x01binary",
    ],
    ids=["half", "no-end", "no-hands", "bad-json", "binary"],
)
def test_truncated_and_malformed_files_are_refused(hall, content):
    answer = post_file(hall.client(hall.director), url(hall), content)
    assert answer.status_code == 400
    assert answer.json()["log"][0]
    assert stored() == (0, 0, 0)


def test_a_50_mb_upload_is_refused_before_it_is_read(hall):
    big = SimpleUploadedFile("big.xml", b"<" + b"a" * (50 * 1024 * 1024))
    answer = hall.client(hall.director).post(url(hall), {"file": big}, format="multipart")
    assert answer.status_code == 413
    assert "too large" in answer.json()["detail"]
    assert stored() == (0, 0, 0)


@pytest.mark.parametrize(
    "link",
    [
        f"http://192.168.1.10/0/?log={LOG_ID}",
        f"http://127.0.0.1:8000/0/log/?{LOG_ID}",
        f"https://10.0.0.1/0/?log={LOG_ID}",
        f"https://evil.example/0/?log={LOG_ID}",
    ],
)
def test_a_link_to_another_host_or_a_private_address_is_refused(hall, link):
    answer = hall.client(hall.director).post(url(hall), {"log": link}, format="json")
    assert answer.status_code == 400
    assert "Only tenhou.net logs" in answer.json()["log"][0]
    assert stored() == (0, 0, 0)


def test_a_configured_address_that_is_private_is_never_asked(hall, settings):
    settings.ONLINE_LOG_TENHOU_URL = "https://10.0.0.1/0/log/?{log_id}"
    settings.ONLINE_LOG_HOSTS = ["10.0.0.1"]
    answer = hall.client(hall.director).post(url(hall), {"log": LOG_ID}, format="json")
    assert answer.status_code == 400
    assert "not a public address" in answer.json()["log"][0]
    assert stored() == (0, 0, 0)


def test_a_log_the_sheet_disagrees_with_is_refused_naming_the_hand(hall):
    target = table(hall.event)
    author = sheets.Author(user=hall.director)
    first = {"kind": "win", "wins": [{"winner": 2, "han": 4, "fu": 30}], "discarder": 3}
    sheets.add_hand(target, first | {"riichi": [0]}, author=author, number=1, idempotency_key="a")
    sheets.add_hand(target, {"kind": "draw"}, author=author, number=2, idempotency_key="b")
    answer = post_file(hall.client(hall.director), url(hall), log_bytes(LOG))
    assert answer.status_code == 409
    body = answer.json()
    assert body["hand"] == 2 and "Hand 2 on the sheet differs from the log" in body["detail"]
    assert body["sheet_hand"]["kind"] == "draw" and body["log_hand"]["kind"] == "win"
    assert stored() == (2, 0, 1)


def test_a_player_imports_their_tables_log_and_the_others_confirm(hall):
    east = table(hall.event).seats.get(wind="E").player
    client = player_client(hall, east)
    answer = client.post(url(hall), {"file": SimpleUploadedFile("g.xml", log_bytes(LOG))})
    assert answer.status_code == 201, answer.content
    view = sheets.read_sheet(table(hall.event))
    assert len(view.hands) == 16 and not any(h.counts for h in view.hands)
    assert not view.is_closed
    other = player_client(hall, table(hall.event, 2).seats.get(wind="E").player)
    refused = other.post(url(hall), {"file": SimpleUploadedFile("g.xml", log_bytes(LOG))})
    assert refused.status_code == 403


def test_online_names_through_the_api(hall):
    east = table(hall.event).seats.get(wind="E").player
    address = f"/api/events/{hall.event.slug}/players/{east.pk}/online-names/"
    assert hall.client(hall.director).get(address).json() == {"tenhou": "player1", "majsoul": ""}
    answer = hall.client(hall.director).put(
        address, {"tenhou": "player2", "majsoul": "Someone"}, format="json"
    )
    assert answer.status_code == 400 and "already the online name" in answer.json()["tenhou"][0]
    answer = player_client(hall, east).put(
        address, '{"majsoul": "Someone"}', content_type="application/json"
    )
    assert answer.status_code == 200 and answer.json()["majsoul"] == "Someone"
    assert hall.client(hall.floor).put(address, {"tenhou": "x"}, format="json").status_code == 403


class FakeTenhou(http.server.BaseHTTPRequestHandler):
    delay = 0.0

    def do_GET(self):  # noqa: N802
        time.sleep(self.delay)
        if LOG_ID not in self.path:
            self.send_response(404)
            self.end_headers()
            return
        body = log_bytes(LOG)
        self.send_response(200)
        self.send_header("Content-Type", "text/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with contextlib.suppress(OSError):  # the client gave up waiting
            self.wfile.write(body)

    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that gave up waiting is what the timeout test does


@pytest.fixture
def fake_tenhou(settings):
    server = QuietServer(("127.0.0.1", 0), FakeTenhou)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]
    settings.ONLINE_LOG_TENHOU_URL = f"http://127.0.0.1:{port}/0/log/?{{log_id}}"
    settings.ONLINE_LOG_TEST_HOSTS = ["127.0.0.1"]
    settings.ONLINE_LOG_TIMEOUT = 1
    yield FakeTenhou
    FakeTenhou.delay = 0.0
    server.shutdown()
    server.server_close()


def test_a_tenhou_link_is_fetched_from_the_fake(hall, fake_tenhou):
    link = f"https://tenhou.net/0/?log={LOG_ID}&tw=2"
    answer = hall.client(hall.director).post(url(hall), {"log": link}, format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["log_id"] == LOG_ID
    assert LogImport.objects.get().log_id == LOG_ID


def test_a_missing_or_slow_log_is_a_502_and_stores_nothing(hall, fake_tenhou):
    missing = "2023101214gm-00a9-0000-00000000"
    answer = hall.client(hall.director).post(url(hall), {"log": missing}, format="json")
    assert answer.status_code == 502 and "HTTP 404" in answer.json()["detail"]
    fake_tenhou.delay = 1.5
    answer = hall.client(hall.director).post(url(hall), {"log": LOG_ID}, format="json")
    assert answer.status_code == 502 and "in time" in answer.json()["detail"]
    assert stored() == (0, 0, 0)
