"""The one audited way to change an event's ruleset or options after fouls were recorded.

``save_event`` refuses such a change once a result or a foul exists. A director who confirms a
re-pricing gets, in one transaction:

- the event's new ruleset and options (revision moved);
- for every standing report that the new rules price differently: a void whose reason names
  the re-pricing, who confirmed it and why, then a new report with the same observation
  (code, offender, details, private note, public explanation) priced under the new rules,
  whose reason names the report it replaces, and a ``Replacement`` row linking the two (what
  pointed at the voided report, a sheet's hand, now resolves to the new one).

Nothing is updated or deleted, so the archive (voids, reports, ledger entries, each with its
ruleset key and version) records the re-pricing. Table results cannot be re-priced into another
ruleset (their scores mean something else there): with a result stored, only the options of
the same ruleset can be re-priced.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from penalties.models import FoulReport, Replacement
from penalties.services import FoulInput, record_foul, void_report
from rules import RuleError, get_ruleset
from tournament.access.roles import is_director
from tournament.events.models import RULESET_CHOICES, Event
from tournament.events.reading.pricing import MAX_REPRICING_REASON, repricing_preview
from tournament.events.services import save_event


@dataclass(frozen=True)
class RepricingSummary:
    old_ruleset: str
    new_ruleset: str
    repriced: list[tuple[int, int]]  # (voided report, its replacement)


def _value_in_words(value: Any) -> str:
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def rules_in_words(ruleset: str, options: Mapping[str, Any]) -> str:
    """A ruleset and its option overrides as people read them (the void of a re-priced report
    shows it on public pages): the ruleset's name, each option's label and value."""
    name = str(dict(RULESET_CHOICES).get(ruleset, ruleset))
    try:
        specs = get_ruleset(ruleset).option_specs
    except RuleError:
        specs = {}
    parts = [
        f"{specs[key].label if key in specs and specs[key].label else key}: "
        f"{_value_in_words(value)}"
        for key, value in sorted(options.items())
    ]
    if not parts:
        return _("%(rules)s with their default options") % {"rules": name}
    return _("%(rules)s with %(options)s") % {"rules": name, "options": "; ".join(parts)}


def checked_reason(reason: str | None) -> str:
    """The director's reason, stripped: required, at most ``MAX_REPRICING_REASON`` long."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": [_("Say why the fouls are re-priced.")]})
    if len(reason) > MAX_REPRICING_REASON:
        raise ValidationError(
            {
                "reason": [
                    ngettext(
                        "A re-pricing reason has at most %(max)d character.",
                        "A re-pricing reason has at most %(max)d characters.",
                        MAX_REPRICING_REASON,
                    )
                    % {"max": MAX_REPRICING_REASON}
                ]
            }
        )
    return reason


def record_again(
    event: Event, user: AbstractBaseUser, report: FoulReport, before: str, after: str, reason: str
) -> FoulReport:
    """Void ``report`` saying why, and record it again under ``event``'s rules (as set)."""
    void_report(
        report,
        user,
        _("Re-priced from %(old)s to %(new)s, confirmed by %(user)s: %(reason)s")
        % {"old": before, "new": after, "user": user.get_username(), "reason": reason},
    )
    replacement, _created = record_foul(
        event,
        user,
        FoulInput(
            round=report.round.number,
            table=report.table.number,
            offender=report.offender_id,
            code=report.code,
            details=dict(report.details or {}),
            note=report.note,
            explanation=report.explanation,
            reason=_("Re-priced report #%(id)s: %(reason)s") % {"id": report.pk, "reason": reason},
            idempotency_key=f"reprice-{report.pk}-{event.pk}",
        ),
    )
    return replacement


def reprice_event(
    event: Event,
    user: AbstractBaseUser,
    *,
    ruleset: str,
    options: dict | None,
    reason: str,
) -> RepricingSummary:
    """Change ``event``'s ruleset and options and re-price its standing fouls (see above)."""
    if not is_director(user, event):
        raise PermissionDenied(_("Only the director may re-price the event's fouls."))
    reason = checked_reason(reason)
    try:
        get_ruleset(ruleset)
    except RuleError:
        raise ValidationError({"ruleset": [_("Unknown ruleset %(r)s.") % {"r": ruleset}]}) from None
    with transaction.atomic():
        locked = Event.objects.select_for_update().get(pk=event.pk)
        old = f"{locked.ruleset} {locked.ruleset_options or {}}"
        old_rules = (locked.ruleset, dict(locked.ruleset_options or {}))
        if ruleset != locked.ruleset and locked.table_results.exists():
            raise ValidationError(
                {
                    "ruleset": [
                        _(
                            "Table results cannot be re-priced into another ruleset: their "
                            "scores mean something else there."
                        )
                    ]
                }
            )
        priced = repricing_preview(locked, ruleset, options)
        for item in priced:
            if item.lines is None:
                raise ValidationError(
                    {
                        "ruleset": [
                            _("Report #%(id)s cannot be priced under the new rules: %(why)s.")
                            % {"id": item.report.pk, "why": item.problem}
                        ]
                    }
                )
        locked.ruleset = ruleset
        locked.ruleset_options = options or {}
        save_event(locked, repricing=True)
        new = f"{ruleset} {options or {}}"
        before, after = rules_in_words(*old_rules), rules_in_words(ruleset, options or {})
        repriced: list[tuple[int, int]] = []
        for item in priced:
            report: FoulReport = item.report
            replacement = record_again(locked, user, report, before, after, reason)
            Replacement.objects.create(replaced=report, replacement=replacement)
            repriced.append((report.pk, replacement.pk))
    event.refresh_from_db()
    return RepricingSummary(old, new, repriced)
