"""The player's notifications on a phone at 390 px in a real browser (issue 33): the page asks
for the browser's permission only once "Notify me" is tapped, hands the subscription to the
server, and saves a language and a kind turned off. Chromium's own push service needs the
internet, so its PushManager answers with a subscription at the test suite's local push
service (``tests/support/push.py``); the seating published afterwards arrives there, decrypted, in
the chosen language."""

from __future__ import annotations

import json

import pytest

from tests.support.push import PushService
from tournament.contacts.models import Contact
from tournament.events.models import Event
from tournament.notify.models import PushSubscription, Recipient
from tournament.players.access import pins
from tournament.players.models import Player
from tournament.rounds import services as round_services
from tournament.rounds.services import seats

pytestmark = pytest.mark.django_db(transaction=True)

FAKE_PUSH = """
(() => {
  window.__permissionAsked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = function () {
    window.__permissionAsked += 1;
    return ask();
  };
  const info = %s;
  let current = null;
  PushManager.prototype.getSubscription = function () { return Promise.resolve(current); };
  PushManager.prototype.subscribe = function (options) {
    window.__subscribeKey = options.applicationServerKey.byteLength;
    current = {
      endpoint: info.endpoint,
      options: { applicationServerKey: options.applicationServerKey },
      toJSON: () => info,
      unsubscribe: () => { current = null; return Promise.resolve(true); },
    };
    return Promise.resolve(current);
  };
})();
"""


def test_opt_in_language_and_one_kind_off(
    make_hall, live_server, browser, shoot, settings, tmp_path
):
    service = PushService().start()
    settings.NOTIFY_PUSH_ALLOWED_HOSTS = [service.netloc]
    settings.NOTIFY_VAPID_KEY_FILE = str(tmp_path / "vapid.pem")
    try:
        hall = make_hall("mcr")
        Event.objects.filter(pk=hall.event.pk).update(
            keeps_score_sheets=True, players_enter_hands=True
        )
        south = Player.objects.get(pk=hall.south.pk)
        sub = service.subscribe()
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en",
            bypass_csp=True,
        )  # fmt: skip
        context.grant_permissions(["notifications"], origin=live_server.url)
        context.add_init_script(FAKE_PUSH % json.dumps(sub.info()))
        page = context.new_page()
        page.goto(f"{live_server.url}/e/{hall.event.slug}/card/{pins.card_token(south)}/")
        page.click("[data-testid=notify-link]")
        page.wait_for_selector("[data-notify-me]")
        assert page.evaluate("window.__permissionAsked") == 0  # no prompt before the tap
        page.tap("[data-notify-me]")
        page.wait_for_function(
            "document.querySelector('[data-notify-status]').textContent.includes('on for this')"
        )
        assert page.evaluate("window.__permissionAsked") == 1
        assert page.evaluate("window.__subscribeKey") == 65
        stored = PushSubscription.objects.get()
        assert stored.player_id == south.pk and stored.endpoint == sub.endpoint
        assert page.is_visible("[data-notify-stop]")

        page.select_option("#n-language", "cs")
        page.uncheck("input[name=on][value='push:penalty']")
        shoot(page, "notify-phone-390")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.click("form.notify-choices button[type=submit]")
        page.wait_for_selector(".messages")
        recipient = Recipient.objects.get(player=south)
        assert Contact.objects.get(player=south).language == "cs"
        assert "push:penalty" in recipient.muted and "push:seating" not in recipient.muted
        assert page.is_checked("input[name=on][value='push:seating']")
        assert not page.is_checked("input[name=on][value='push:penalty']")

        # the next round's seating reaches the phone's push service, in Czech
        round_ = round_services.create_round(hall.event, number=2)
        ids = list(hall.event.players.order_by("pk").values_list("pk", flat=True))
        seats.seat_round(round_, [ids[:4], ids[4:]])
        payloads = service.payloads(sub)
        assert [p["title"] for p in payloads] == ["Kolo 2: stůl 1"]
        context.close()
    finally:
        service.stop()
