"""Integrity below the application: the one append-only mechanism.

A table is append-only when its model derives from ``AppendOnlyModel`` (the model layer refuses
updates and deletes) or declares an ``append_only_rule`` (``AppendOnlyRule``: a few columns that
may still move, be set once, or be erased). Below the model layer, the database refuses the same
changes whoever sends them:

- a migration closes a table with the one operation ``integrity.operations.AppendOnly``;
- after every ``migrate``, ``integrity.triggers.ensure_append_only`` makes every registered
  table's triggers what its rule says (SQLite drops a table's triggers when a migration rebuilds
  it; databases made before this mechanism carry older trigger functions, replaced here).

This app sits below ``tournament`` and imports nothing of the project."""
