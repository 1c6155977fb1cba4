"""The ranking across events: ``ranking --full`` recomputes every family (or ``--family``) as
of today, after any result whose copy of its player's person differs takes it again
(``storing.follow_players``); ``ranking verify`` checks the stored ranking against a fresh
computation and exits 1 on any difference."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from rules.ranking import FAMILIES
from scoring.ranking.services import compute, storing


class Command(BaseCommand):
    help = "Recompute (--full) or verify the stored ranking across events."

    def add_arguments(self, parser):
        parser.add_argument("action", nargs="?", choices=["verify"], help="verify only")
        parser.add_argument("--full", action="store_true", help="recompute every person")
        parser.add_argument("--family", choices=FAMILIES, help="one ranking (default: all)")

    def handle(self, *args, action=None, full=False, family=None, **options):
        families = [family] if family else list(FAMILIES)
        if action == "verify":
            problems = [p for f in families for p in compute.verify(f)]
            for problem in problems:
                self.stdout.write(f"  - {problem}")
            if problems:
                self.stdout.write(self.style.ERROR(f"{len(problems)} difference(s)"))
                raise SystemExit(1)
            self.stdout.write(self.style.SUCCESS("ranking: consistent"))
            return
        if not full:
            raise CommandError("say --full to recompute, or verify")
        moved = storing.follow_players()
        if moved:
            self.stdout.write(f"{moved} result(s) now name their player's person")
        for name in families:
            started = time.perf_counter()
            outcome = compute.recompute(name)
            self.stdout.write(
                f"{name}: {outcome.listed} listed of {outcome.persons} persons as of "
                f"{outcome.as_of} in {time.perf_counter() - started:.2f} s"
            )
