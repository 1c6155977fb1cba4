"""The append-only triggers, one definition for both databases.

PostgreSQL: one function, ``integrity_append_only()``, behind a row trigger
``<table>_append_only`` (BEFORE UPDATE OR DELETE) and a statement trigger ``<table>_no_truncate``.
A table whose rule lets a few columns move passes them to the function as three arguments
(may change, set once, erasable; comma-separated). A test database is still wiped: the wipe
sets ``session_replication_role = replica`` for its transaction, which only a superuser may do.

SQLite: ``<table>_no_update`` and ``<table>_no_delete`` (BEFORE, ``RAISE(ABORT, ...)``), silent
while ``integrity_maintenance`` holds a row (a test database being wiped). SQLite has no row
value to compare, so a partial rule's trigger names the kept columns, read from the table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.apps import apps as global_apps
from django.db import connections

from integrity.models import AppendOnlyRule

FUNCTION = "integrity_append_only"
MAINTENANCE = "CREATE TABLE IF NOT EXISTS integrity_maintenance (id INTEGER PRIMARY KEY)"
# Trigger functions of the migrations written before this mechanism; replaced, then dropped.
LEGACY_FUNCTIONS = (
    "penalties_append_only",
    "scoring_hands_append_only",
    "scoring_result_versions",
    "notify_append_only",
    "registration_append_only",
    "registration_mail_erase_only",
    "fees_append_only",
    "tournament_person_changes",
)
PG_FUNCTION = f"""
CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger AS $$
DECLARE
    loose text[];
    once text[];
    erasable text[];
    old_row jsonb;
    new_row jsonb;
BEGIN
    IF TG_OP = 'UPDATE' AND TG_NARGS = 3 THEN
        loose := string_to_array(TG_ARGV[0], ',');
        once := string_to_array(TG_ARGV[1], ',');
        erasable := string_to_array(TG_ARGV[2], ',');
        old_row := to_jsonb(OLD);
        new_row := to_jsonb(NEW);
        IF (new_row - (loose || once || erasable)) = (old_row - (loose || once || erasable))
           AND NOT EXISTS (
               SELECT 1 FROM unnest(once) AS c
               WHERE old_row -> c <> 'null'::jsonb AND new_row -> c IS DISTINCT FROM old_row -> c)
           AND NOT EXISTS (SELECT 1 FROM unnest(erasable) AS c WHERE new_row ->> c <> '')
        THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""


def _pg_arguments(rule: AppendOnlyRule) -> tuple[str, ...]:
    if rule.refuses_every_update:
        return ()
    return tuple(",".join(columns) for columns in (rule.may_change, rule.set_once, rule.erasable))


def _pg_triggers(table: str, rule: AppendOnlyRule) -> dict[str, tuple[tuple[str, ...], str]]:
    """Trigger name -> (function arguments, CREATE statement)."""
    arguments = _pg_arguments(rule)
    quoted = ", ".join(f"'{argument}'" for argument in arguments)
    return {
        f"{table}_append_only": (
            arguments,
            f'CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON "{table}" '
            f"FOR EACH ROW EXECUTE FUNCTION {FUNCTION}({quoted})",
        ),
        f"{table}_no_truncate": (
            (),
            f'CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON "{table}" '
            f"FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()",
        ),
    }


def _sqlite_trigger(table: str, operation: str, condition: str = "") -> str:
    when = "NOT EXISTS (SELECT 1 FROM integrity_maintenance)"
    if condition:
        when = f"{when} AND ({condition})"
    return (
        f'CREATE TRIGGER {table}_no_{operation.lower()} BEFORE {operation} ON "{table}" '
        f"WHEN {when} BEGIN SELECT RAISE(ABORT, '{table} is append-only: {operation} refused'); "
        "END"
    )


def _sqlite_update_condition(columns: Iterable[str], rule: AppendOnlyRule) -> str:
    if rule.refuses_every_update:
        return ""
    moving = {*rule.may_change, *rule.set_once, *rule.erasable}
    kept = [f'NEW."{c}" IS NOT OLD."{c}"' for c in columns if c not in moving]
    once = [f'(OLD."{c}" IS NOT NULL AND NEW."{c}" IS NOT OLD."{c}")' for c in rule.set_once]
    erased = [f"NEW.\"{c}\" != ''" for c in rule.erasable]
    return " OR ".join([*kept, *once, *erased])


def _sqlite_triggers(connection, table: str, rule: AppendOnlyRule) -> dict[str, str]:
    with connection.cursor() as cursor:
        columns = [c.name for c in connection.introspection.get_table_description(cursor, table)]
    return {
        f"{table}_no_update": _sqlite_trigger(
            table, "UPDATE", _sqlite_update_condition(columns, rule)
        ),
        f"{table}_no_delete": _sqlite_trigger(table, "DELETE"),
    }


def _same(a: str | None, b: str) -> bool:
    def squeeze(sql: str) -> str:
        return re.sub(r"\s+", " ", sql).strip().rstrip(";")

    return a is not None and squeeze(a) == squeeze(b)


def close_table(connection, table: str, rule: AppendOnlyRule) -> None:
    """Give ``table`` the triggers ``rule`` asks for, replacing any that differ (an older
    mechanism's, or a partial rule's written for other columns)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(PG_FUNCTION)
            present = _pg_present(cursor, table)
            for name, (arguments, create) in _pg_triggers(table, rule).items():
                if present.pop(name, None) != (FUNCTION, arguments):
                    cursor.execute(f'DROP TRIGGER IF EXISTS {name} ON "{table}"')
                    cursor.execute(create)
            for name, (function, _) in present.items():
                if function in (FUNCTION, *LEGACY_FUNCTIONS):
                    cursor.execute(f'DROP TRIGGER IF EXISTS {name} ON "{table}"')
        elif connection.vendor == "sqlite":
            cursor.execute(MAINTENANCE)
            cursor.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
                [table],
            )
            present = dict(cursor.fetchall())
            for name, create in _sqlite_triggers(connection, table, rule).items():
                if not _same(present.get(name), create):
                    cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
                    cursor.execute(create)


def open_table(connection, table: str) -> None:
    """Drop ``table``'s append-only triggers (a migration unapplied)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for name in (f"{table}_append_only", f"{table}_no_truncate"):
                cursor.execute(f'DROP TRIGGER IF EXISTS {name} ON "{table}"')
        elif connection.vendor == "sqlite":
            for name in (f"{table}_no_update", f"{table}_no_delete"):
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")


def _pg_present(cursor, table: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The table's own triggers: name -> (function, arguments)."""
    cursor.execute(
        """
        SELECT t.tgname, p.proname, t.tgargs FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal AND c.relname = %s AND pg_table_is_visible(c.oid)
        """,
        [table],
    )
    return {
        name: (function, tuple(a.decode() for a in bytes(arguments).split(b"\0")[:-1]))
        for name, function, arguments in cursor.fetchall()
    }


def tables_of(model, rule: AppendOnlyRule | None = None) -> dict[str, AppendOnlyRule]:
    """The tables an append-only model closes: its own, and its many-to-many link tables
    (rows of a link are added with the row and never changed after it)."""
    rule = rule or model.append_only_rule
    tables = {model._meta.db_table: rule}
    for field in model._meta.local_many_to_many:
        through = field.remote_field.through
        if through._meta.auto_created:
            tables[through._meta.db_table] = AppendOnlyRule()
    return tables


def registered_tables(apps=global_apps) -> dict[str, AppendOnlyRule]:
    """Every append-only table of the project: models deriving from ``AppendOnlyModel`` or
    declaring an ``append_only_rule``."""
    tables: dict[str, AppendOnlyRule] = {}
    for model in apps.get_models():
        rule = getattr(model, "append_only_rule", None)
        if isinstance(rule, AppendOnlyRule) and model._meta.managed and not model._meta.proxy:
            tables.update(tables_of(model, rule))
    return tables


def ensure_append_only(sender=None, using: str = "default", **kwargs) -> None:
    """After ``migrate``: every registered table that exists gets the triggers its rule asks
    for (created where missing, replaced where they differ), and the trigger functions of the
    older migrations are dropped once nothing uses them."""
    connection = connections[using]
    if connection.vendor not in ("postgresql", "sqlite"):
        return
    existing = set(connection.introspection.table_names())
    for table, rule in registered_tables().items():
        if table in existing:
            close_table(connection, table, rule)
    if connection.vendor == "postgresql":
        _drop_unused_legacy_functions(connection)


def _drop_unused_legacy_functions(connection) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT p.proname FROM pg_proc p
            WHERE p.proname = ANY(%s) AND pg_function_is_visible(p.oid)
              AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgfoid = p.oid)
            """,
            [list(LEGACY_FUNCTIONS)],
        )
        for (name,) in cursor.fetchall():
            cursor.execute(f"DROP FUNCTION IF EXISTS {name}()")
