"""The forms of the fee pages. Amounts are typed as a person writes them ("40", "40,50") and
read into minor units by ``money.parse``; the services check everything again."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.fees.models import FEE_NAME_MAX, KEY_MAX, REASON_MAX, Fee, Payment
from tournament.fees.reading import money


class AmountField(forms.CharField):
    """An amount in the currency given to the form; ``cleaned_data`` holds minor units."""

    def __init__(self, *args, currency: str = "EUR", **kwargs):
        super().__init__(*args, **kwargs)
        self.currency = currency
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off", "maxlength": 20})

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        return money.parse(value[:40], self.currency)


class CurrencyForm(forms.Form):
    currency = forms.ChoiceField(label=_("Currency"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["currency"].choices = money.currency_choices()


class FeeForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=FEE_NAME_MAX)
    amount = AmountField(label=_("Amount"))
    is_default = forms.BooleanField(
        label=_("Default"),
        required=False,
        help_text=_("What everybody owes unless another fee is chosen for them."),
    )

    def __init__(self, *args, currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount"].currency = currency


class ChoiceForm(forms.Form):
    fee = forms.ChoiceField(label=_("Fee"))
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)

    def __init__(self, *args, fees: list[Fee], currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fees = {str(f.pk): f for f in fees}
        self.fields["fee"].choices = [
            (str(f.pk), f"{f.name} ({money.shown(f.amount, currency)})") for f in fees
        ] + [("none", _("No fee"))]

    def clean_fee(self) -> Fee | None:
        return self.fees.get(self.cleaned_data["fee"])


class MoneyForm(forms.Form):
    """A payment (or, with a required reason, a refund): amount, method and the form's key."""

    amount = AmountField(label=_("Amount"))
    method = forms.ChoiceField(
        label=pgettext_lazy("payment", "Method"),
        choices=Payment.Method.choices,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)
    key = forms.CharField(max_length=KEY_MAX, widget=forms.HiddenInput)

    def __init__(self, *args, currency: str, reason_required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount"].currency = currency
        self.fields["reason"].required = reason_required


class ReverseForm(forms.Form):
    payment = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX)
