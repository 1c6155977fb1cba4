from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from scoring.exports import anonymised_archive_json, archive_json
from tournament.events.models import Event


class Command(BaseCommand):
    help = (
        "Write an event's full archive (JSON) to a file or to standard output; with "
        "--anonymised, every person and typed text replaced by a pseudonym, to share."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name (slug)")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument(
            "--anonymised",
            action="store_true",
            help="replace names, clubs, EMA numbers, usernames and typed texts by pseudonyms",
        )

    def handle(self, *args, slug, output=None, anonymised=False, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(_("No event %(slug)s.") % {"slug": slug})
        text = anonymised_archive_json(event) if anonymised else archive_json(event)
        if output and output != "-":
            Path(output).write_text(text, encoding="utf-8")
            self.stderr.write(
                _("Archive of %(slug)s written to %(file)s.") % {"slug": slug, "file": output}
            )
        else:
            self.stdout.write(text, ending="")
