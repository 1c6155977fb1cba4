"""The one migration operation that closes a table: ``AppendOnly("ledgerentry")``."""

from __future__ import annotations

from django.db.migrations.operations.base import Operation

from integrity.models import AppendOnlyRule
from integrity.triggers import close_table, open_table, tables_of


class AppendOnly(Operation):
    """Install the append-only triggers of ``model_name`` (and of its many-to-many link tables)
    on PostgreSQL and SQLite; unapplied, drop them. ``may_change``, ``set_once`` and
    ``erasable`` name the columns an UPDATE may still touch (see ``AppendOnlyRule``); they
    repeat what the model's ``append_only_rule`` says, as a migration must not read the live
    model. Other databases are left alone."""

    reversible = True
    reduces_to_sql = False

    def __init__(
        self,
        model_name: str,
        may_change: tuple[str, ...] = (),
        set_once: tuple[str, ...] = (),
        erasable: tuple[str, ...] = (),
    ) -> None:
        self.model_name = model_name
        self.rule = AppendOnlyRule(tuple(may_change), tuple(set_once), tuple(erasable))

    def deconstruct(self):
        kwargs = {
            name: value
            for name, value in (
                ("may_change", self.rule.may_change),
                ("set_once", self.rule.set_once),
                ("erasable", self.rule.erasable),
            )
            if value
        }
        return (self.__class__.__qualname__, [self.model_name], kwargs)

    @property
    def model_name_lower(self) -> str:
        return self.model_name.lower()

    def state_forwards(self, app_label, state) -> None:
        pass

    def _tables(self, app_label, state, schema_editor) -> dict[str, AppendOnlyRule]:
        model = state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return {}
        return tables_of(model, self.rule)

    def database_forwards(self, app_label, schema_editor, from_state, to_state) -> None:
        for table, rule in self._tables(app_label, to_state, schema_editor).items():
            close_table(schema_editor.connection, table, rule)

    def database_backwards(self, app_label, schema_editor, from_state, to_state) -> None:
        for table in self._tables(app_label, from_state, schema_editor):
            open_table(schema_editor.connection, table)

    def references_model(self, name, app_label) -> bool:
        return name.lower() == self.model_name_lower

    def describe(self) -> str:
        return f"Close {self.model_name} (append-only)"

    @property
    def migration_name_fragment(self) -> str:
        return f"{self.model_name_lower}_append_only"
