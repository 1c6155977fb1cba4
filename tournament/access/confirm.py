"""Asking before an irreversible action, the one way every page does it: erasing a
registrant's personal data, publishing the final ranking, closing check-in and seating round 1,
closing a round, re-pricing fouls, merging persons.

The action's button posts to the action's view as before. The view describes what would happen
as a ``Question`` and calls ``confirm_or_ask``: unless the POST carries the right ``confirm``
field, nothing is done and the answer (409) is a page that names what will happen, posts the
same fields again with ``confirm``, and offers a way back (``ask``). A page that shows the
consequences itself (the round board, the re-pricing list) puts the question in place with
``question_context`` and the ``access/_confirm.html`` fragment.

``confirm`` is a keyed hash of the user, the action and ``about``, the state the question
described (the tables still without a result, the fouls to re-price, the players to be marked
absent), so:

- the first form sent twice (a double tap) or replayed only asks again;
- a confirmation given for another state (a table lost its result meanwhile) asks again;
- no page carries a ready-made confirmation: the value exists only once the question was put
  to that user.

Only pages ask. The API answers as documented: its clients decide on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.crypto import constant_time_compare, salted_hmac

FIELD = "confirm"
SALT = "tournament.access.confirm"
# The fields a confirmation page does not post again: the form's own token, and the answer.
NOT_REPEATED = {"csrfmiddlewaretoken", FIELD}


@dataclass(frozen=True)
class Question:
    """What the director is asked: ``title`` (the question, naming the action and its object),
    ``consequences`` (what will happen, one sentence each), ``warnings`` (what they may not
    expect, shown first), the ``button`` that does it and where ``back`` leads without doing
    it. ``action`` names the action and its object ("erase:12"); ``about`` the state the
    question describes: a confirmation counts only for the same action, object and state."""

    action: str
    title: str
    button: str
    back: str
    consequences: Sequence[str] = ()
    warnings: Sequence[str] = ()
    about: str = ""


def token(request: HttpRequest, question: Question) -> str:
    """The ``confirm`` value that confirms ``question`` for the request's user."""
    user = getattr(request, "user", None)
    who = user.pk if user is not None and user.is_authenticated else ""
    return salted_hmac(
        SALT, f"{who}\x1f{question.action}\x1f{question.about}", algorithm="sha256"
    ).hexdigest()


def confirmed(request: HttpRequest, question: Question) -> bool:
    given = request.POST.get(FIELD, "")
    return bool(given) and constant_time_compare(given, token(request, question))


def question_context(request: HttpRequest, question: Question) -> dict:
    """What ``_confirm.html`` shows: the question, and the fields its form posts again."""
    fields = [
        (name, value)
        for name in request.POST
        if name not in NOT_REPEATED
        for value in request.POST.getlist(name)
    ]
    return {
        "question": question,
        "confirm_fields": fields,
        "confirm_token": token(request, question),
        "confirm_action": request.get_full_path(),
    }


def ask(request: HttpRequest, question: Question, *, event=None) -> HttpResponse:
    """The confirmation page (409: nothing was done)."""
    return render(
        request,
        "access/confirm.html",
        {"event": event, **question_context(request, question)},
        status=409,
    )


def confirm_or_ask(request: HttpRequest, question: Question, *, event=None) -> HttpResponse | None:
    """None when the POST confirms ``question``; else the page that asks."""
    if confirmed(request, question):
        return None
    return ask(request, question, event=event)
