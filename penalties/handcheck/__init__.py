"""The referee's "check a hand" tool (issue 36): the tiles in, the fans or yaku out, and for an
MCR win under 8 fan one tap to a false-win report that keeps the check as evidence."""
