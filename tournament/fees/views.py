"""The director's fee pages (under /director/<event>/fees/): the totals by method with who
still has to pay, the schedule, one person's fee and money, and the check-in desk's fee
endpoints. Thin: every write is a ``services`` call."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.access.confirm import confirm_or_ask
from tournament.access.pages import apply_errors, director_required, require_GET_POST
from tournament.events.models import Event
from tournament.fees import questions, reading, services
from tournament.fees.forms import ChoiceForm, CurrencyForm, FeeForm, MoneyForm, ReverseForm
from tournament.fees.models import Fee, Payment
from tournament.fees.reading import desk, money


@director_required
@require_GET
def fees_page(request: HttpRequest, event: Event) -> HttpResponse:
    plan = reading.schedule(event)
    everyone = reading.lines(event, plan)
    return render(
        request,
        "fees/director.html",
        {
            "event": event,
            "plan": plan,
            "currency": plan.currency,
            "totals": reading.totals(event, everyone),
            "unpaid": [line for line in everyone if line.to_pay],
            "give_back": [line for line in everyone if line.to_give_back],
            "everyone": [line for line in everyone if line.due or line.paid or line.refunded],
        },
    )


@director_required
@require_GET_POST
def settings_page(request: HttpRequest, event: Event) -> HttpResponse:
    plan = reading.schedule(event)
    currency_form = CurrencyForm(initial={"currency": plan.currency})
    add_form = FeeForm(currency=plan.currency, prefix="new")
    failed = None
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            done = _settings_post(request, event, plan, action)
        except ValidationError as exc:
            failed = exc
        else:
            if done is not None:
                return done
        form = _settings_form(request, plan, action)
        if failed is not None and form is not None:
            apply_errors(form, failed)
        elif failed is not None:
            messages.error(request, " ".join(failed.messages))
        if action == "currency" and form is not None:
            currency_form = form
        elif action == "add" and form is not None:
            add_form = form
    rows = [(fee, _row_form(fee, plan)) for fee in plan.fees]
    return render(
        request,
        "fees/settings.html",
        {
            "event": event,
            "plan": plan,
            "currency_form": currency_form,
            "add_form": add_form,
            "rows": rows,
            "paid": Payment.objects.filter(event=event).exists(),
        },
        status=400 if request.method == "POST" else 200,
    )


def _row_form(fee: Fee, plan: reading.Schedule) -> FeeForm:
    """A fee's line of the schedule: its fields belong to the line's own form."""
    form = FeeForm(
        currency=plan.currency,
        prefix=f"fee{fee.pk}",
        initial={
            "name": fee.name,
            "amount": money.typed(fee.amount, plan.currency),
            "is_default": fee.is_default,
        },
    )
    for field in form.fields.values():
        field.widget.attrs["form"] = f"fee-form-{fee.pk}"
    return form


def _settings_form(request: HttpRequest, plan: reading.Schedule, action: str):
    if action == "currency":
        return CurrencyForm(request.POST)
    if action == "add":
        return FeeForm(request.POST, currency=plan.currency, prefix="new")
    return None


def _settings_post(
    request: HttpRequest, event: Event, plan: reading.Schedule, action: str
) -> HttpResponse | None:
    """The write a settings form asks for; a redirect once done, None if its form is wrong."""
    back = redirect("director:fees-settings", slug=event.slug)
    if action == "currency":
        form = CurrencyForm(request.POST)
        if not form.is_valid():
            return None
        services.set_currency(event, form.cleaned_data["currency"])
        messages.success(request, _("Currency saved."))
        return back
    if action == "add":
        form = FeeForm(request.POST, currency=plan.currency, prefix="new")
        if not form.is_valid():
            return None
        fee = services.save_fee(event, None, **form.cleaned_data)
        messages.success(request, _("%(fee)s added.") % {"fee": fee.name})
        return back
    fee = get_object_or_404(Fee, event=event, pk=_int(request.POST.get("fee")))
    if action == "delete":
        services.delete_fee(event, fee)
        messages.success(request, _("%(fee)s deleted.") % {"fee": fee.name})
        return back
    if action == "save":
        form = FeeForm(request.POST, currency=plan.currency, prefix=f"fee{fee.pk}")
        if not form.is_valid():
            raise ValidationError(
                [f"{fee.name}: {m}" for errors in form.errors.values() for m in errors]
            )
        services.save_fee(event, fee, **form.cleaned_data)
        messages.success(request, _("%(fee)s saved.") % {"fee": form.cleaned_data["name"]})
        return back
    raise Http404


@director_required
@require_GET_POST
def person_page(request: HttpRequest, event: Event, person: str) -> HttpResponse:
    plan = reading.schedule(event)
    line = reading.line_of(event, person, plan)
    if line is None:
        raise Http404
    if line.key != person:  # a player who has a contact now
        return redirect("director:fees-person", slug=event.slug, person=line.key)
    forms = _person_forms(request, plan, line)
    if request.method == "POST":
        answer = _person_post(request, event, plan, line, forms)
        if answer is not None:
            return answer
    return render(
        request,
        "fees/person.html",
        {
            "event": event,
            "plan": plan,
            "currency": plan.currency,
            "line": line,
            **forms,
            "history": reading.history(event, line.contact_id) if line.contact_id else [],
            "choices": reading.choices_of(event, line.contact_id) if line.contact_id else [],
        },
        status=400 if request.method == "POST" else 200,
    )


def _person_forms(request: HttpRequest, plan: reading.Schedule, line: reading.Line) -> dict:
    action = request.POST.get("action") if request.method == "POST" else None
    data = request.POST if action else None
    fee = "none" if line.fee is None else str(line.fee.pk)
    return {
        "choice_form": ChoiceForm(
            data if action == "choose" else None,
            fees=list(plan.fees),
            currency=plan.currency,
            initial={"fee": fee},
        ),
        "pay_form": MoneyForm(
            data if action == "pay" else None,
            currency=plan.currency,
            prefix="pay",
            initial={
                "amount": money.typed(line.to_pay, plan.currency) if line.to_pay else "",
                "key": services.new_key(),
            },
        ),
        "refund_form": MoneyForm(
            data if action == "refund" else None,
            currency=plan.currency,
            reason_required=True,
            prefix="refund",
            initial={
                "amount": money.typed(line.to_give_back, plan.currency)
                if line.to_give_back
                else "",
                "key": services.new_key(),
            },
        ),
        "reverse_form": ReverseForm(data if action == "reverse" else None),
    }


def _person_post(request, event, plan, line, forms) -> HttpResponse | None:
    """The write asked for; a redirect (or the question) once done, None to show the errors."""
    action = request.POST.get("action")
    form = {
        "choose": forms["choice_form"],
        "pay": forms["pay_form"],
        "refund": forms["refund_form"],
        "reverse": forms["reverse_form"],
    }.get(action)
    if form is None:
        raise Http404
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        if action == "choose":
            services.choose_fee(event, line.key, data["fee"], request.user, data["reason"])
            done = _("The fee of %(name)s is saved.") % {"name": line.name}
        elif action == "reverse":
            payment = get_object_or_404(Payment, event=event, pk=data["payment"])
            question = questions.reverse_question(
                event, payment, line.name, plan.currency, data["reason"]
            )
            asked = confirm_or_ask(request, question, event=event)
            if asked is not None:
                return asked
            services.reverse(event, payment, by=request.user, reason=data["reason"])
            done = _("Reversed.")
        else:
            record = services.record_payment if action == "pay" else services.record_refund
            recorded = record(
                event,
                line.key,
                amount=data["amount"],
                method=data["method"],
                by=request.user,
                key=data["key"],
                reason=data["reason"],
            )
            done = recorded_message(recorded, plan.currency)
    except ValidationError as exc:
        apply_errors(form, exc, aliases={"key": "amount", "person": "amount"})
        return None
    messages.success(request, done)
    return redirect("director:fees-person", slug=event.slug, person=line.key)


def recorded_message(recorded: services.Recorded, currency: str) -> str:
    payment, line = recorded.payment, recorded.line
    if recorded.replayed:
        return _("This was recorded already.")
    what = {
        "name": line.name,
        "amount": money.shown(abs(payment.amount), currency),
        "method": payment.get_method_display().lower(),
    }
    if payment.kind == Payment.Kind.REFUND:
        return _("%(amount)s given back to %(name)s (%(method)s).") % what
    return _("%(name)s paid %(amount)s (%(method)s).") % what


# The check-in desk ----------------------------------------------------------------------


@director_required
@require_GET
def desk_state(request: HttpRequest, event: Event) -> JsonResponse:
    return JsonResponse(desk.state(event))


@director_required
@require_POST
def desk_pay(request: HttpRequest, event: Event) -> JsonResponse:
    """One tap at the desk: ``person`` pays ``amount`` (minor units, what the desk showed)
    by ``method``, under the tap's ``key``; or (``fee``) the fee chosen for them."""
    plan = reading.schedule(event)
    person = request.POST.get("person", "")[:20]
    try:
        if "fee" in request.POST:
            raw = request.POST["fee"]
            fee = None if raw == "none" else get_object_or_404(Fee, event=event, pk=_int(raw))
            line = services.choose_fee(event, person, fee, request.user)
            message = _("The fee of %(name)s is saved.") % {"name": line.name}
        else:
            recorded = services.record_payment(
                event,
                person,
                amount=_int(request.POST.get("amount")),
                method=request.POST.get("method", ""),
                by=request.user,
                key=request.POST.get("key", ""),
            )
            line, message = recorded.line, recorded_message(recorded, plan.currency)
    except ValidationError as exc:
        return JsonResponse({"error": " ".join(exc.messages)}, status=400)
    return JsonResponse(
        {"message": message, "fee": desk.person(line, plan.currency), **desk.state(event)}
    )


@director_required
@require_POST
def desk_pay_selected(request: HttpRequest, event: Event) -> HttpResponse:
    """The desk's list of those present who still have to pay: the ticked ones pay what the
    list showed, by one method, all of them or none."""
    plan = reading.schedule(event)
    people = []
    for value in request.POST.getlist("person")[:500]:
        person, _sep, amount = value.partition(":")
        people.append((person[:20], _int(amount)))
    try:
        recorded = services.pay_many(
            event,
            people,
            method=request.POST.get("method", ""),
            by=request.user,
            key=request.POST.get("key", ""),
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        fresh = [r for r in recorded if not r.replayed]
        if not fresh:
            messages.success(request, _("This was recorded already."))
        else:
            total = sum(r.payment.amount for r in fresh)
            messages.success(
                request,
                ngettext(
                    "%(count)d person paid, %(total)s in all: %(names)s.",
                    "%(count)d persons paid, %(total)s in all: %(names)s.",
                    len(fresh),
                )
                % {
                    "count": len(fresh),
                    "total": money.shown(total, plan.currency),
                    "names": ", ".join(r.line.name for r in fresh),
                },
            )
    return redirect("director:check-in", slug=event.slug)


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0
