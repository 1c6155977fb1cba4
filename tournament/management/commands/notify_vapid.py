"""Show the VAPID application server key of web push, or ``--rotate`` it (a new key pair;
players' pages subscribe again)."""

from django.core.management.base import BaseCommand

from tournament.notify.services import vapid


class Command(BaseCommand):
    help = "Show (or --rotate) the VAPID key that signs web pushes."

    def add_arguments(self, parser):
        parser.add_argument("--rotate", action="store_true", help="write a new key pair")

    def handle(self, *args, rotate: bool = False, **options):
        if rotate:
            path = vapid.generate()
            self.stdout.write(f"New key written to {path}")
        self.stdout.write(vapid.public_key())
