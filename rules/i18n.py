"""Translation markers that keep the rulebook free of Django.

``gettext_noop`` only marks a string for extraction (``makemessages`` knows the name); the
string itself stays English here and is translated at the edge (templates, API, forms).
"""


def gettext_noop(message: str) -> str:
    return message
