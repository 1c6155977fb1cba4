"""What a channel post says: one kind of message per thing the event posts, rendered at send
time from the outbox row's plain parameters in the event's language (the post is read by
everybody in the chat)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.notify.reading.kinds import Text, register
from tournament.rounds.models import Wind

KINDS = ("ch_seating", "ch_round", "ch_announcement", "ch_cut", "ch_final")


def _wind(code: str) -> str:
    return str(dict(Wind.choices).get(code, code))


def _seating(params: dict) -> Text:
    lines = [
        _("Table %(table)d: %(seats)s")
        % {
            "table": number,
            "seats": ", ".join(f"{name} ({_wind(wind)})" for wind, name in seats),
        }
        for number, seats in params.get("tables", [])
    ]
    return Text(
        _("Round %(round)d: the seating is published") % params,
        "\n".join(lines),
        f"/e/{params.get('slug', '')}/",
    )


def _round(params: dict) -> Text:
    return Text(
        _("Round %(round)d starts now") % params,
        _("%(event)s: round %(round)d has started. Good luck!") % params,
        f"/e/{params.get('slug', '')}/",
    )


def _announcement(params: dict) -> Text:
    return Text(
        _("Announcement: %(event)s") % params,
        str(params.get("text", "")),
        f"/e/{params.get('slug', '')}/",
    )


def _cut(params: dict) -> Text:
    names = params.get("qualified", [])
    body = ngettext(
        "%(count)d player goes on to %(next)s: %(names)s",
        "%(count)d players go on to %(next)s: %(names)s",
        len(names),
    ) % {"count": len(names), "next": params.get("next", ""), "names": ", ".join(names)}
    return Text(
        _("The cut after %(stage)s") % {"stage": params.get("stage", "")},
        body,
        f"/e/{params.get('slug', '')}/",
    )


def _final(params: dict) -> Text:
    lines = [f"{place}. {name}" for place, name in params.get("top", [])]
    count = int(params.get("count", 0))
    lines.append(
        ngettext("%(count)d player ranked.", "%(count)d players ranked.", count) % {"count": count}
    )
    return Text(
        _("Final ranking of %(event)s") % params, "\n".join(lines), f"/e/{params.get('slug', '')}/"
    )


register("ch_seating", gettext_lazy("Channel: seating published"), _seating)
register("ch_round", gettext_lazy("Channel: round starting"), _round)
register("ch_announcement", gettext_lazy("Channel: announcement"), _announcement)
register("ch_cut", gettext_lazy("Channel: the cut"), _cut)
register("ch_final", gettext_lazy("Channel: final ranking"), _final)
