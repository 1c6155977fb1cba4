"""Answering a confirmation (``tournament.access.confirm``) as a browser does: read the form
the 409 page shows and send it, with every field it holds."""

from __future__ import annotations

from html.parser import HTMLParser


class _ConfirmForm(HTMLParser):
    """The action and hidden fields of the page's ``data-confirm-form``, and its texts."""

    def __init__(self):
        super().__init__()
        self.action: str | None = None
        self.fields: list[tuple[str, str]] = []
        self._inside = False

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "form" and "data-confirm-form" in found:
            self.action = found.get("action") or ""
            self._inside = True
        elif tag == "input" and self._inside and found.get("name"):
            self.fields.append((found["name"], found.get("value") or ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._inside = False


def confirm_form(answer) -> tuple[str, dict[str, list[str]]]:
    """The confirmation form of a page asking: (its action, its fields)."""
    assert answer.status_code == 409, answer.status_code
    parser = _ConfirmForm()
    parser.feed(answer.content.decode())
    assert parser.action is not None, "the page asks no question"
    fields: dict[str, list[str]] = {}
    for name, value in parser.fields:
        if name != "csrfmiddlewaretoken":
            fields.setdefault(name, []).append(value)
    return parser.action, fields


def post_confirmed(client, url: str, data: dict | None = None, **extra):
    """POST ``data`` to ``url``; the page asks (409); answer yes. Returns the second answer."""
    action, fields = confirm_form(client.post(url, data or {}, **extra))
    return client.post(action, fields, **extra)
