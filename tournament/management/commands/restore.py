"""Put a backup made by ``backup`` back in place of the current database."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from tournament.management.commands.backup import pg_env


class Command(BaseCommand):
    help = "Restore the database from a backup file (replaces the current contents)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    def handle(self, *args, file: str, yes: bool, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"no such backup: {path}")
        if not yes and input(f"Replace the database with {path}? [y/N] ").lower() != "y":
            raise CommandError("cancelled")
        if connection.vendor == "postgresql":
            connection.close()
            result = subprocess.run(
                [
                    "pg_restore",
                    "--clean",
                    "--if-exists",
                    "--no-owner",
                    "--single-transaction",
                    "--dbname",
                    pg_env()["PGDATABASE"],
                    str(path),
                ],
                env=pg_env(),
                capture_output=True,
                text=True,
            )
            if result.returncode != 0:
                raise CommandError(f"pg_restore failed: {result.stderr.strip()}")
        elif connection.vendor == "sqlite":
            source = sqlite3.connect(path)
            connection.ensure_connection()
            with source:
                source.backup(connection.connection)
            source.close()
        else:
            raise CommandError(f"restores are not supported on {connection.vendor}")
        self.stdout.write(self.style.SUCCESS(f"restored {path}"))
