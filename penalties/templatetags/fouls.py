from django import template

from penalties.describe import foul_label, localized_description

register = template.Library()


@register.filter
def consequences(report) -> str:
    """``{{ report|consequences }}``: what the report costs, in the reader's language."""
    return localized_description(report)


@register.filter
def foul_name(code: str) -> str:
    return foul_label(code)
