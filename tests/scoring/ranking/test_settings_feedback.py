"""The ranking's settings say what was saved, by the ranking's name (issue 43, item 19): the
page named the rankings by their codes ("classical: Part B counts the best"), in English on every
language's page, and said only "Saved."; the event's ranking page put links into its title."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

URL = "/director/ranking/settings/"


@pytest.fixture
def web(director):
    def client(language: str = "en") -> Client:
        c = Client(HTTP_ACCEPT_LANGUAGE=language)
        c.force_login(director)
        return c

    return client


def test_saving_says_which_ranking_now_counts_what(web):
    answer = web().post(URL, {"family": "classical", "part_b_count": "4"}, follow=True)
    page = answer.content.decode()
    assert (
        "Classical: Part B counts the best 4 results from now on; the ranking is computed again."
        in page
    )
    assert ">classical:" not in page and "MCR: Part B counts the best" in page


def test_a_refused_value_says_why_and_saves_nothing(web):
    page = web().post(URL, {"family": "mcr", "part_b_count": "x"}, follow=True).content.decode()
    assert "Give a whole number." in page and "from now on" not in page


def test_the_rankings_names_are_in_the_pages_language(web):
    page = web("cs").get(URL).content.decode()
    assert "Klasická pravidla: část B počítá nejlepších" in page
    assert "Classical" not in page and "French classical" not in page
    answer = web("cs").post(URL, {"family": "mcr", "part_b_count": "1"}, follow=True)
    assert "MCR: část B od teď počítá nejlepší výsledek" in answer.content.decode()
    ranking = Client(HTTP_ACCEPT_LANGUAGE="cs").get("/ranking/classical/").content.decode()
    assert "Žebříček: Klasická pravidla" in ranking and ">Classical<" not in ranking


def test_the_events_ranking_page_has_a_plain_title(web, event):
    page = web().get(f"/director/{event.slug}/ranking/").content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert "<" not in title and title.startswith("Ranking – ")
