"""Long and accented names in a real browser (issue 31, item 20): on a phone (390 px) a name
wraps at its spaces and its words stay whole ("Brzęczyszczykiewi/cz" was cut where nothing
forced it); on printed player cards the accents of capitals keep clear of the line above."""

from __future__ import annotations

import pytest

from scoring.results import services as result_services
from scoring.standings.services import reconcile
from tests.e2e.conftest import PHONE
from tournament.players import services as player_services

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "Grzegorz Brzęczyszczykiewicz"
ACCENTED = "Ólafur Ástríðardóttir Ž"
TWO_LINES = "Ólafur Ástríðardóttir Žofie Šťastná Ěmil Ůrban"

# Words of ``words`` that a page shows on more than one line (cut mid-word), and the <html lang>.
BROKEN_WORDS = """(words) => {
  const out = []; const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    for (const word of words) {
      for (let i = node.data.indexOf(word); i >= 0; i = node.data.indexOf(word, i + 1)) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + word.length);
        const boxes = [...range.getClientRects()].filter(r => r.width > 0);
        const tops = new Set(boxes.map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(word + " in " + node.parentElement.tagName);
      }
    }
  }
  return out;
}"""

# Between the ink of each line of a card's name and the ink just above it (the event's name,
# then the name's previous line), in CSS pixels: accent tops against descender bottoms.
INK_GAPS = """(name) => {
  const card = [...document.querySelectorAll('.card')]
    .find(c => c.querySelector('h2').textContent.trim() === name);
  const h2 = card.querySelector('h2'), above = card.querySelector('.event');
  const canvas = document.createElement('canvas').getContext('2d');
  function lines(el) {
    const text = el.firstChild, range = document.createRange(), tops = new Map();
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i); range.setEnd(text, i + 1);
      const box = range.getBoundingClientRect(); if (box.width) tops.set(Math.round(box.top), box);
    }
    return [...tops.values()];
  }
  function metrics(el, sample) {
    const style = getComputedStyle(el);
    canvas.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
    return canvas.measureText(sample);
  }
  const inkTop = (el, box) => {
    const m = metrics(el, 'ÓÁŽŮĚŠ');
    return box.top + m.fontBoundingBoxAscent - m.actualBoundingBoxAscent;
  };
  const inkBottom = (el, box) => {
    const m = metrics(el, 'gjpqy,');
    return box.top + m.fontBoundingBoxAscent + m.actualBoundingBoxDescent;
  };
  const names = lines(h2), event = lines(above);
  const gaps = [inkTop(h2, names[0]) - inkBottom(above, event[event.length - 1])];
  for (let i = 1; i < names.length; i++) {
    gaps.push(inkTop(h2, names[i]) - inkBottom(h2, names[i - 1]));
  }
  return gaps;
}"""


@pytest.fixture
def named_hall(make_hall):
    h = make_hall("mcr")
    player_services.update_player(h.south, name=LONG)
    player_services.update_player(h.west, name=ACCENTED)
    player_services.update_player(h.north, name=TWO_LINES)
    for number in (1, 2):
        table = h.event.rounds.get(number=1).tables.get(number=number)
        result_services.enter_result(table, h.director, {"E": 30, "S": 10, "W": -10, "N": -30})
    reconcile.reconcile_event(h.event.pk)
    return h


@pytest.mark.parametrize("language", ["cs", "pl"])
def test_a_long_name_keeps_its_words_whole_on_a_phone(
    named_hall, browser, live_server, shoot, language
):
    h = named_hall
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=language, bypass_csp=True
    )
    page = context.new_page()
    for path in (f"/e/{h.event.slug}/", f"/e/{h.event.slug}/players/{h.south.pk}/"):
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == language
        assert page.evaluate(BROKEN_WORDS, ["Brzęczyszczykiewicz", "Ástríðardóttir"]) == []
        width = page.evaluate("document.documentElement.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shoot(page, f"names-{language}-{path.strip('/').replace('/', '-')}")
    context.close()


def test_printed_player_cards_leave_room_above_accented_capitals(
    named_hall, browser, live_server, shoot
):
    h = named_hall
    context = browser.new_context(viewport={"width": 794, "height": 1123}, locale="cs")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", h.director.username)
    page.fill("#id_password", "pw-" + h.director.username)
    page.click("button[type=submit]")
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/director/{h.event.slug}/player-cards/")
    page.emulate_media(media="print")
    one_line, two_lines = page.evaluate(INK_GAPS, ACCENTED), page.evaluate(INK_GAPS, TWO_LINES)
    assert len(one_line) == 1 and len(two_lines) == 2
    # At least 1.5 CSS px (0.4 mm) of white: "line-height: normal" left -1 and -2 (touching).
    assert min(one_line + two_lines) >= 1.5, (one_line, two_lines)
    shoot(page, "player-cards-print")
    context.close()
