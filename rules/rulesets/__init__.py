"""One module per ruleset; ``rules.registry`` maps keys to them."""
