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

    def handle(self, *args, file, **options):
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
            event = import_event(data)
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
