"""Persons and the record of every change to who is whom."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

from integrity.models import AppendOnlyRule
from tournament.collation import match_key
from tournament.players.models import EMA_NUMBER_REGEX, PLAYER_NAME_KEY_MAX, PLAYER_NAME_MAX


def person_match_key(name: str) -> str:
    return match_key(name)[:PLAYER_NAME_KEY_MAX]


class PersonQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for person in objs:
            person.match_key = person_match_key(person.name)
        return super().bulk_create(objs, *args, **kwargs)


class Person(models.Model):
    """One human across events. ``merged_into`` is set when a merge absorbed this person (its
    players moved to that one); an undo clears it. A person is never deleted."""

    name = models.CharField(_("name"), max_length=PLAYER_NAME_MAX)
    # ``tournament.collation.match_key(name)``, kept by ``save`` and ``bulk_create``: what every
    # search and the persons a name may be (suggestions, an import's candidates) match.
    match_key = models.CharField(max_length=PLAYER_NAME_KEY_MAX, editable=False)
    country = CountryField(_("country"), blank=True)
    ema_number = models.CharField(_("EMA number"), max_length=8, blank=True)
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="absorbed"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("person")
        verbose_name_plural = _("persons")
        constraints = [
            models.UniqueConstraint(
                fields=["ema_number"],
                condition=~Q(ema_number=""),
                name="person_ema_number_unique",
                violation_error_message=_("This EMA number is already held by another person."),
            ),
            models.CheckConstraint(
                condition=Q(ema_number="") | Q(ema_number__regex=EMA_NUMBER_REGEX),
                name="person_ema_number_format",
            ),
        ]
        indexes = [models.Index(fields=["match_key", "country"], name="person_match_country")]

    def __str__(self) -> str:
        return self.name

    def save_base(self, *args, **kwargs) -> None:
        self.match_key = person_match_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "match_key"}
        super().save_base(*args, **kwargs)


class PersonChange(models.Model):
    """Append-only: who linked, merged, split or undid what, when and why (database triggers
    refuse UPDATE and DELETE). ``players`` are the player ids the change moved; an undo names
    the change it reverses (``undoes``, at most once)."""

    append_only_rule = AppendOnlyRule()

    class Kind(models.TextChoices):
        LINK = "link", _("Linked")
        MERGE = "merge", _("Merged")
        SPLIT = "split", _("Split")
        UNDO = "undo", _("Undone")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="changes")
    other = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    players = models.JSONField(default=list)
    ema_moved = models.BooleanField(default=False)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undoes = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="undone_by"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("person change")
        verbose_name_plural = _("person changes")

    def __str__(self) -> str:
        return f"{self.kind} {self.person_id}"
