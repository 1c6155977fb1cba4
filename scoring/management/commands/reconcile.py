from django.core.management.base import BaseCommand, CommandError

from scoring.standings.services.reconcile import reconcile_event
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Recompute the standings snapshot now (one event by slug, or every event)."

    def add_arguments(self, parser):
        parser.add_argument("event", nargs="?", help="the event's short name (slug)")

    def handle(self, *args, event=None, **options):
        events = Event.objects.order_by("pk")
        if event:
            events = events.filter(slug=event)
            if not events.exists():
                raise CommandError(f"No event {event!r}.")
        for pk, slug in events.values_list("pk", "slug"):
            outcome = reconcile_event(pk, force=True)
            self.stdout.write(f"{slug}: revision {outcome.get('revision')} {outcome['status']}")
