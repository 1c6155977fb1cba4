"""Change an event's ruleset or options after fouls were recorded, re-pricing every standing
foul through voids and new reports (see ``penalties.repricing.services``). Asks for confirmation."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from penalties.repricing.services import reprice_event
from tournament.events.models import Event
from tournament.events.reading.pricing import reprice


class Command(BaseCommand):
    help = "Re-price an event's fouls under another ruleset or other options (audited)."

    def add_arguments(self, parser):
        parser.add_argument("event", help="event slug")
        parser.add_argument("--ruleset", help="new ruleset key (default: unchanged)")
        parser.add_argument("--options", help="new option overrides as JSON (default: unchanged)")
        parser.add_argument("--user", required=True, help="the director who confirms it")
        parser.add_argument("--reason", required=True, help="why, recorded in every void")
        parser.add_argument("--yes", action="store_true", help="confirm without asking")

    def handle(self, *args, **opts):
        try:
            event = Event.objects.get(slug=opts["event"])
        except Event.DoesNotExist:
            raise CommandError(f"no event {opts['event']!r}") from None
        try:
            user = get_user_model().objects.get_by_natural_key(opts["user"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user {opts['user']!r}") from None
        ruleset = opts["ruleset"] or event.ruleset
        try:
            options = json.loads(opts["options"]) if opts["options"] else event.ruleset_options
        except ValueError as exc:
            raise CommandError(f"--options is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise CommandError("--options must be a JSON object")
        changed = [r for r in reprice(event, ruleset, options) if r.differs]
        self.stdout.write(
            f"{event.slug}: {event.ruleset} {event.ruleset_options} -> {ruleset} {options}; "
            f"{len(changed)} foul(s) priced differently"
        )
        if not opts["yes"] and input("Re-price? Type yes: ").strip().lower() != "yes":
            raise CommandError("not confirmed; nothing changed")
        try:
            summary = reprice_event(
                event, user, ruleset=ruleset, options=options, reason=opts["reason"]
            )
        except (ValidationError, PermissionDenied) as exc:
            raise CommandError("; ".join(getattr(exc, "messages", [str(exc)]))) from None
        for old, new in summary.repriced:
            self.stdout.write(f"  report {old} voided, re-recorded as {new}")
        self.stdout.write(self.style.SUCCESS(f"{event.slug}: re-priced"))
