"""What an event posts to its channels, received by the local fake Discord and Telegram
service: the seating once published, the round starting, an announcement posted to them, the
cut and the final ranking, each once, in the event's language; retried after 429 and 5xx;
never to a host outside the allowed ones; an unanswered post never sent twice."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.formats import services as cuts
from scoring.standings.notices import final_ranking_notices
from tests.support.playing import close, play_round
from tournament.channels import services as channels
from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.formats.services import stages
from tournament.hall import services as hall_services
from tournament.notify.models import Delivery, Message
from tournament.notify.services import sending
from tournament.rounds import services as round_services
from tournament.rounds.models import Round
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db


def _seat(event):
    round_ = round_services.create_round(event, number=1)
    ids = list(event.players.order_by("pk").values_list("pk", flat=True))
    seats.seat_round(round_, [ids[i : i + 4] for i in range(0, len(ids), 4)])
    return Round.objects.get(pk=round_.pk)


def test_the_hall_posts_each_thing_once(make_event, fake, both, django_capture_on_commit_callbacks):
    event = make_event("chan-open", players=8)
    both(event)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = _seat(event)
    with django_capture_on_commit_callbacks(execute=True):
        round_services.update_round(round_, status=Round.Status.LIVE)
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Lunch @everyone at 13:00", post=True)
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Only on the screen")
    with django_capture_on_commit_callbacks(execute=True):  # again: nothing new
        channels.seating_published(round_)
        channels.round_started(round_)
    for service in ("discord", "telegram"):
        assert fake.texts(service) == [
            "Round 1: the seating is published\n"
            "Table 1: Player 01 (East), Player 02 (South), Player 03 (West), Player 04 (North)\n"
            "Table 2: Player 05 (East), Player 06 (South), Player 07 (West), Player 08 (North)\n"
            "https://mahjong.example/e/chan-open/",
            "Round 1 starts now\nChan Open: round 1 has started. Good luck!\n"
            "https://mahjong.example/e/chan-open/",
            "Announcement: Chan Open\nLunch @everyone at 13:00\n"
            "https://mahjong.example/e/chan-open/",
        ]
    discord = [p for p in fake.posts if p.service == "discord"]
    assert all(p.body["allowed_mentions"] == {"parse": []} for p in discord)  # no pings
    telegram = [p for p in fake.posts if p.service == "telegram"]
    assert {p.body["chat_id"] for p in telegram} == {"-1001234567890"}
    assert Delivery.objects.filter(status="sent", channel__in=["discord", "telegram"]).count() == 6


def test_posts_speak_the_events_language(
    make_event, fake, both, django_capture_on_commit_callbacks
):
    event = make_event("kisat", players=4)
    Event.objects.filter(pk=event.pk).update(language="fi")
    event.refresh_from_db()
    both(event)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = _seat(event)
    with django_capture_on_commit_callbacks(execute=True):
        round_services.update_round(round_, status=Round.Status.LIVE)
    with translation.override("fi"):
        seated = _("Round %(round)d: the seating is published") % {"round": 1}
        started = _("Round %(round)d starts now") % {"round": 1}
    assert seated != "Round 1: the seating is published"
    titles = [text.split("\n", 1)[0] for text in fake.texts("telegram")]
    assert titles == [seated, started]


def test_the_cut_and_the_final_ranking(
    make_event, fake, both, director, django_capture_on_commit_callbacks
):
    event = make_event("cut-chan", players=8, ruleset="classical")
    p = list(event.players.order_by("pk"))
    stages.add_stage(event, name="Qualifying", first_round=1, last_round=1)
    final = stages.add_stage(event, name="Final", first_round=2, last_round=2, cut_size=4)
    with django_capture_on_commit_callbacks(execute=True):
        close(play_round(event, 1, [p[:4], p[4:]], [[30, 10, -20, -20], [40, -10, -10, -20]]))
    both(event)
    with django_capture_on_commit_callbacks(execute=True):
        cuts.confirm_cut(final, director, [p[6].pk])
    cut = [t for t in fake.texts("discord") if t.startswith("The cut")]
    assert len(cut) == 1
    head, body, _link = cut[0].split("\n")
    assert head == "The cut after Qualifying"
    assert body.startswith("4 players go on to Final: ")
    assert set(body.split(": ", 1)[1].split(", ")) == {x.name for x in (p[0], p[4], p[1], p[6])}
    event.refresh_from_db()
    event.status = Event.Status.FINISHED
    with django_capture_on_commit_callbacks(execute=True):
        event_services.save_event(event)
    for _twice in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            final_ranking_notices()
    finals = [t for t in fake.texts("telegram") if t.startswith("Final ranking")]
    assert len(finals) == 1
    lines = finals[0].split("\n")
    assert lines[0] == "Final ranking of Cut Chan"
    assert lines[1].startswith("1. ") and lines[-2] == "8 players ranked."


def test_retried_after_429_and_500(make_event, fake, both, django_capture_on_commit_callbacks):
    event = make_event("retry-chan", players=4)
    both(event)
    fake.fail_next, fake.fail_mode = 1, "429"
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "First", post=True)
    waiting = Delivery.objects.filter(status="pending")
    assert waiting.count() == 1 and waiting.get().error == "HTTP 429"
    fake.fail_next, fake.fail_mode = 1, "500"
    for _round in range(2):
        Delivery.objects.filter(status="pending").update(not_before=timezone.now())
        sending.dispatch_until_empty()
    assert sorted(t.split("\n")[1] for t in fake.texts()) == ["First", "First"]
    assert fake.refused == 2
    assert Delivery.objects.filter(status="sent").count() == 2


def test_a_refused_post_is_not_retried(make_event, fake, both, django_capture_on_commit_callbacks):
    event = make_event("gone-chan", players=4)
    both(event)
    fake.mode = "404"
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Nobody", post=True)
    failed = Delivery.objects.filter(status="failed")
    assert failed.count() == 2
    assert {d.error for d in failed} == {"HTTP 404: mode 404"}
    assert TOKEN_FREE(failed)


def TOKEN_FREE(deliveries) -> bool:
    from tests.tournament.channels.conftest import TOKEN

    return all(TOKEN not in d.error and "tok-" not in d.error for d in deliveries)


def test_only_the_allowed_hosts(
    make_event, fake, both, settings, django_capture_on_commit_callbacks
):
    event = make_event("ssrf-chan", players=4)
    for url in (
        "https://evil.example/api/webhooks/1/abc",
        "https://127.0.0.1/api/webhooks/1/abc",
        "https://discord.com.evil.example/api/webhooks/1/abc",
        f"{fake.base}/not/a/webhook",
        "ftp://discord.com/api/webhooks/1/abc",
    ):
        with pytest.raises(ValidationError):
            channels.add_channel(event, service="discord", webhook_url=url)
    with pytest.raises(ValidationError):
        channels.add_channel(event, service="telegram", bot_token="nope", chat_id="x y")
    both(event)
    settings.NOTIFY_CHANNEL_HOSTS = ["discord.com", "api.telegram.org"]
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Not to a local address", post=True)
    assert fake.posts == []
    assert {d.error for d in Delivery.objects.all()} == {
        "Posts go only to Discord's and Telegram's addresses."
    }


def test_the_default_hosts_are_discord_and_telegram():
    from config import settings as config

    assert config.NOTIFY_CHANNEL_HOSTS == ["discord.com", "api.telegram.org"]
    assert config.NOTIFY_TELEGRAM_API == "https://api.telegram.org"


def test_an_unanswered_post_is_not_sent_again(
    make_event, fake, both, settings, django_capture_on_commit_callbacks
):
    event = make_event("doubt-chan", players=4)
    discord, _telegram = both(event)
    channels.remove_channel(_telegram)
    settings.NOTIFY_PUSH_READ_TIMEOUT = 0.3
    fake.delay = 1.0  # recorded after a second: the sender has given up waiting
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Slow", post=True)
    delivery = Delivery.objects.get()
    assert delivery.status == "unsure"
    fake.delay = 0
    Delivery.objects.update(not_before=timezone.now())
    sending.dispatch_until_empty()
    import time

    time.sleep(1.0)
    assert len(fake.posts) == 1


def test_a_post_left_posting_by_a_dead_worker_is_not_sent_again(make_event, fake, both):
    event = make_event("dead-chan", players=4)
    both(event)
    channels.post(event, "ch_announcement", "x", {"slug": event.slug, "event": "E", "text": "t"})
    # what a worker killed between marking the post and its answer leaves behind
    Delivery.objects.filter(channel="discord").update(
        status="posting", leased_until=timezone.now() - timezone.timedelta(seconds=1)
    )
    Delivery.objects.filter(channel="telegram").update(status="pending")
    sending.dispatch_until_empty()
    assert Delivery.objects.get(channel="discord").status == "unsure"
    assert Delivery.objects.get(channel="telegram").status == "sent"
    assert [p.service for p in fake.posts] == ["telegram"]


def test_a_removed_channel_gets_nothing(make_event, fake, both, django_capture_on_commit_callbacks):
    event = make_event("removed-chan", players=4)
    discord, telegram = both(event)
    channels.remove_channel(discord)
    discord.refresh_from_db()
    assert discord.webhook_url == "" and discord.removed_at is not None
    with django_capture_on_commit_callbacks(execute=True):
        hall_services.add_announcement(event, "Only Telegram", post=True)
    assert [p.service for p in fake.posts] == ["telegram"]


def test_a_hundred_posts_to_each_none_lost_none_twice(
    make_event, fake, both, django_capture_on_commit_callbacks
):
    event = make_event("hundred-chan", players=4)
    both(event)
    fake.fail_next, fake.fail_mode = 5, "429"
    for n in range(100):
        with django_capture_on_commit_callbacks(execute=True):
            hall_services.add_announcement(event, f"Post {n:03d}", post=True)
    while Delivery.objects.filter(status="pending").exists():
        Delivery.objects.filter(status="pending").update(not_before=timezone.now())
        sending.dispatch_until_empty()
    for service in ("discord", "telegram"):
        bodies = [t.split("\n")[1] for t in fake.texts(service)]
        assert sorted(bodies) == [f"Post {n:03d}" for n in range(100)]
    assert Message.objects.filter(kind="ch_announcement").count() == 200
