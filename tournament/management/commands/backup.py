"""Copy the whole database to a file: ``pg_dump`` custom format on PostgreSQL, SQLite's online
backup API on SQLite. ``restore`` puts such a file back."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone


def pg_env() -> dict[str, str]:
    db = settings.DATABASES["default"]
    env = dict(os.environ)
    for key, name in (
        ("HOST", "PGHOST"),
        ("PORT", "PGPORT"),
        ("USER", "PGUSER"),
        ("PASSWORD", "PGPASSWORD"),
        ("NAME", "PGDATABASE"),
    ):
        if db.get(key):
            env[name] = str(db[key])
    return env


class Command(BaseCommand):
    help = "Back up the database to a file (default: var/backups/<timestamp>.<ext>)."

    def add_arguments(self, parser):
        parser.add_argument("-o", "--output", help="file to write")

    def handle(self, *args, output: str | None = None, **options):
        vendor = connection.vendor
        ext = {"postgresql": "pgdump", "sqlite": "sqlite3"}.get(vendor)
        if ext is None:
            raise CommandError(f"backups are not supported on {vendor}")
        stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
        path = Path(output or settings.VAR_DIR / "backups" / f"{stamp}.{ext}")
        path.parent.mkdir(parents=True, exist_ok=True)
        if vendor == "postgresql":
            result = subprocess.run(
                ["pg_dump", "--format=custom", "--no-owner", "--file", str(path)],
                env=pg_env(),
                capture_output=True,
                text=True,
            )
            if result.returncode != 0:
                raise CommandError(f"pg_dump failed: {result.stderr.strip()}")
        else:
            connection.ensure_connection()
            target = sqlite3.connect(path)
            with target:
                connection.connection.backup(target)
            target.close()
        self.stdout.write(str(path))
