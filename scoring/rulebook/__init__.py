"""The event's rulebook page: the ruleset and its options in words, every foul of the catalogue
with what it costs under the event's options (priced as the ledger prices it), the tie-breaks,
the hand scoring and the format (stages, cut, carry-over, teams). Public like the other event
pages, printable on A4, in the event's language unless the reader chose another (the one ``?lang=``
names, or the site's language menu)."""
