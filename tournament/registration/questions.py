"""What the director is asked before the registration's steps that cannot be undone
(``tournament.access.confirm``): deleting a registrant's personal data, closing check-in and
seating round 1, seating round 1 again. Each names what will happen."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.access.confirm import Question
from tournament.events.models import Event
from tournament.players.models import Player
from tournament.registration.models import Registration
from tournament.registration.services.checkin import Closing


def erase_question(event: Event, registration: Registration) -> Question:
    return Question(
        action=f"erase:{registration.pk}",
        title=_("Delete the personal data of %(name)s?") % {"name": registration.name},
        consequences=(
            _(
                "Their e-mail address, EMA number, club and country are deleted, here and in "
                "the mails kept for them. This cannot be undone."
            ),
            _("The name stays, with the results played under it."),
        ),
        button=_("Delete personal data"),
        back=reverse("director:registration", args=[event.slug]),
    )


NAMES_LISTED = 30


def names(names: list[str]) -> str:
    """Names for a question, the first ``NAMES_LISTED`` of a long list and how many more."""
    shown = ", ".join(names[:NAMES_LISTED])
    if len(names) > NAMES_LISTED:
        more = len(names) - NAMES_LISTED
        shown += " " + ngettext("and %(count)d more", "and %(count)d more", more) % {"count": more}
    return shown


def close_question(event: Event, plan: Closing) -> Question:
    lines = []
    if plan.missing:
        lines.append(
            ngettext(
                "%(count)d player is not checked in and is marked absent: %(names)s. A late "
                "arrival can still check in.",
                "%(count)d players are not checked in and are marked absent: %(names)s. A late "
                "arrival can still check in.",
                len(plan.missing),
            )
            % {"count": len(plan.missing), "names": names([p.name for p in plan.missing])}
        )
    if plan.placed:
        lines.append(
            ngettext(
                "%(count)d registrant who is here takes a place: %(names)s.",
                "%(count)d registrants who are here take places: %(names)s.",
                len(plan.placed),
            )
            % {"count": len(plan.placed), "names": names([r.name for r in plan.placed])}
        )
    if plan.ended:
        lines.append(
            _("The places offered to %(names)s are taken back: they are not here.")
            % {"names": names([r.name for r in plan.ended])}
        )
    lines.append(
        ngettext(
            "Round 1 is seated from the %(count)d player present and published at once.",
            "Round 1 is seated from the %(count)d players present and published at once.",
            plan.present,
        )
        % {"count": plan.present}
    )
    lines.append(_("Registration closes: nobody can sign up or withdraw any more."))
    return Question(
        action="close-check-in",
        title=_("Close check-in and seat round 1?"),
        consequences=lines,
        button=_("Close check-in and seat round 1"),
        back=reverse("director:check-in", args=[event.slug]),
        about=plan.key,
    )


def reseat_question(event: Event) -> Question:
    present = event.players.filter(status=Player.Status.ACTIVE, is_substitute=False).count()
    return Question(
        action="seat-round-1",
        title=_("Seat round 1 again?"),
        consequences=(
            ngettext(
                "Round 1 is seated again from the %(count)d player present, keeping as many "
                "seats as it can, and published at once.",
                "Round 1 is seated again from the %(count)d players present, keeping as many "
                "seats as it can, and published at once.",
                present,
            )
            % {"count": present},
            _("Print the table cards again if seats change."),
        ),
        button=_("Seat round 1 again"),
        back=reverse("director:check-in", args=[event.slug]),
        about=str(present),
    )
