import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.exports import ArchiveError, import_event


class Command(BaseCommand):
    help = (
        "Restore an event archive written by export_event into a database where the event does "
        "not exist, keeping every id."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the archive (JSON); - reads standard input")
        parser.add_argument(
            "--user",
            action="append",
            default=[],
            metavar="NAME=EXISTING",
            help="record the archive's user NAME as the existing user EXISTING (repeatable)",
        )
        parser.add_argument(
            "--create-users",
            action="store_true",
            help="create the archive's users who have no account here, without a password",
        )

    def handle(self, *args, file, user, create_users, **options):
        users = {}
        for pair in user:
            name, sep, existing = pair.partition("=")
            if not sep or not name or not existing:
                raise CommandError(
                    _("--user takes NAME=EXISTING, not %(value)s.") % {"value": pair}
                )
            users[name] = existing
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                data = json.loads(Path(file).read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}
            ) from None
        except ValueError as error:
            raise CommandError(
                _("%(file)s is not JSON: %(error)s") % {"file": file, "error": error}
            ) from None
        try:
            event = import_event(data, users=users, create_users=create_users)
        except ArchiveError as error:
            raise CommandError(str(error)) from None
        players = len(data.get("players", []))
        self.stdout.write(
            ngettext(
                "Imported event %(slug)s (%(players)d player).",
                "Imported event %(slug)s (%(players)d players).",
                players,
            )
            % {"slug": event.slug, "players": players}
        )
