"""Rows that are only ever added: the model layer's half of the rule (the other half is the
database's triggers, see ``integrity.triggers``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models


@dataclass(frozen=True)
class AppendOnlyRule:
    """What an UPDATE may still do to a row of an append-only table (DELETE is always refused).

    ``may_change``: columns that may move freely; ``set_once``: columns that may be filled while
    empty (NULL) and never changed after; ``erasable``: columns that may only be emptied (''),
    and an UPDATE must leave them empty. Every other column is kept for ever. The default rule
    refuses every UPDATE."""

    may_change: tuple[str, ...] = ()
    set_once: tuple[str, ...] = ()
    erasable: tuple[str, ...] = ()

    @property
    def refuses_every_update(self) -> bool:
        return not (self.may_change or self.set_once or self.erasable)


class AppendOnlyError(Exception):
    """Raised on any attempt to change or remove a row of an append-only table."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: no update.")

    def delete(self):
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: no delete.")

    def _raw_delete(self, using):
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: no delete.")


class AppendOnlyModel(models.Model):
    """Every append-only model of every app derives from this: the penalty ledger, score-sheet
    hands, fee payments... Its table (and its many-to-many link tables) are closed below the
    application too."""

    append_only_rule = AppendOnlyRule()
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise AppendOnlyError(f"{type(self).__name__} rows are append-only: no update.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only: no delete.")
