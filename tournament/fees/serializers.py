"""What the fee API reads and writes. Amounts are integers in the currency's minor units
(cents for EUR; ``exponent`` says how many decimals the currency has), never floats."""

from __future__ import annotations

from rest_framework import serializers

from tournament.fees.models import (
    AMOUNT_MAX,
    FEE_NAME_MAX,
    KEY_MAX,
    REASON_MAX,
    Fee,
    Payment,
)


class FeeSerializer(serializers.ModelSerializer):
    amount = serializers.IntegerField(min_value=0, max_value=AMOUNT_MAX)
    name = serializers.CharField(max_length=FEE_NAME_MAX)
    is_default = serializers.BooleanField(required=False, default=False)

    class Meta:
        model = Fee
        fields = ["id", "name", "amount", "is_default"]
        read_only_fields = ["id"]
        validators = []


class MethodTotalSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=Payment.Method.choices)
    received = serializers.IntegerField()
    refunded = serializers.IntegerField()
    net = serializers.IntegerField()


class TotalsSerializer(serializers.Serializer):
    methods = MethodTotalSerializer(many=True)
    received = serializers.IntegerField()
    refunded = serializers.IntegerField()
    net = serializers.IntegerField()
    due = serializers.IntegerField()
    to_pay = serializers.IntegerField()
    to_give_back = serializers.IntegerField()
    unpaid = serializers.IntegerField(help_text="Persons with something left to pay.")
    paid_up = serializers.IntegerField(help_text="Persons who owe a fee and paid all of it.")


class FeesSerializer(serializers.Serializer):
    currency = serializers.CharField()
    exponent = serializers.IntegerField(help_text="Decimals of the currency: 2 for EUR.")
    fees = FeeSerializer(many=True)
    totals = TotalsSerializer()


class CurrencySerializer(serializers.Serializer):
    currency = serializers.CharField(max_length=3, help_text="ISO 4217 code, e.g. EUR.")


class PersonSerializer(serializers.Serializer):
    key = serializers.CharField(help_text='"c<contact id>", or "p<player id>" without one.')
    contact = serializers.IntegerField(source="contact_id", allow_null=True)
    player = serializers.IntegerField(source="player_id", allow_null=True)
    registration = serializers.IntegerField(source="registration_id", allow_null=True)
    name = serializers.CharField()
    state = serializers.CharField()
    owes = serializers.BooleanField(help_text="Plays or holds a place: the fee applies.")
    fee = serializers.IntegerField(source="fee.pk", allow_null=True, default=None)
    chosen = serializers.BooleanField(help_text="A fee was chosen for them (else the default).")
    checked_in = serializers.BooleanField()
    due = serializers.IntegerField()
    paid = serializers.IntegerField()
    refunded = serializers.IntegerField()
    balance = serializers.IntegerField(help_text="Positive: to pay; negative: to give back.")


class ChoiceSerializer(serializers.Serializer):
    fee = serializers.IntegerField(allow_null=True, help_text="A fee's id; null: no fee.")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=REASON_MAX)


class PaymentSerializer(serializers.ModelSerializer):
    person = serializers.CharField(max_length=20, write_only=True)
    key = serializers.CharField(max_length=KEY_MAX, help_text="Sent twice, recorded once.")
    amount = serializers.IntegerField(min_value=1, max_value=AMOUNT_MAX)
    contact = serializers.IntegerField(source="contact_id", read_only=True)
    reverses = serializers.IntegerField(source="reverses_id", read_only=True, allow_null=True)
    by = serializers.CharField(source="by.get_username", read_only=True)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=REASON_MAX)

    class Meta:
        model = Payment
        fields = [
            "id",
            "person",
            "contact",
            "kind",
            "amount",
            "method",
            "reason",
            "reverses",
            "by",
            "key",
            "created_at",
        ]
        read_only_fields = ["id", "created_at"]
        validators = []


class PaymentRowSerializer(PaymentSerializer):
    """A payment as read back: a reversal's amount is negative."""

    amount = serializers.IntegerField()


class ReverseSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=REASON_MAX)
    key = serializers.CharField(required=False, max_length=KEY_MAX)
