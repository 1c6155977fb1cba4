from django.core.management.base import BaseCommand

from scoring.demo import load_full_demo


class Command(BaseCommand):
    help = "Load the demo event (idempotent) and print the demo logins."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=32)
        parser.add_argument("--rounds", type=int, default=4)

    def handle(self, *args, players: int, rounds: int, **options):
        event, logins = load_full_demo(players, rounds)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo event: {event.name} ({event.players.count()} players, "
                f"{event.rounds.count()} rounds, {event.foul_reports.count()} foul reports)"
            )
        )
        self.stdout.write(f"  public page:   /e/{event.slug}/")
        self.stdout.write(f"  director page: /director/{event.slug}/")
        self.stdout.write(f"  referee page:  /referee/{event.slug}/")
        for login in logins:
            self.stdout.write(
                f"  {login.role:14} login: {login.username:10} password: {login.password}"
            )
