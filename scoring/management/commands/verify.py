"""Check every event (or one): the ledger against itself, the standings against a
recomputation and every sheet-derived result against its sheet; without an event, the stored
ranking across events against a fresh computation too. Exits with status 1 on any
difference, listing each."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from scoring.verify import event_differences
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Verify the penalty ledger and the standings; exit 1 on any difference."

    def add_arguments(self, parser):
        parser.add_argument("event", nargs="?", help="event slug (default: every event)")

    def handle(self, *args, event: str | None = None, **options):
        events = Event.objects.all()
        if event:
            events = events.filter(slug=event)
            if not events:
                raise CommandError(f"no event {event!r}")
        failed = 0
        for item in events.order_by("pk"):
            problems = event_differences(item)
            if problems:
                failed += 1
                self.stdout.write(self.style.ERROR(f"{item.slug}: {len(problems)} difference(s)"))
                for problem in problems:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(self.style.SUCCESS(f"{item.slug}: consistent"))
        if not event:
            from rules.ranking import FAMILIES
            from scoring.ranking.services.compute import verify as verify_ranking

            problems = [p for family in FAMILIES for p in verify_ranking(family)]
            if problems:
                failed += 1
                self.stdout.write(self.style.ERROR(f"ranking: {len(problems)} difference(s)"))
                for problem in problems:
                    self.stdout.write(f"  - {problem}")
            else:
                self.stdout.write(self.style.SUCCESS("ranking: consistent"))
        if failed:
            raise SystemExit(1)
