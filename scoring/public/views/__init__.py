"""The public pages' views, by concern: ``standings`` (event page, fragment, projector),
``rounds`` (results by round, penalties, seating), ``player``, ``mine`` (the signed-in player's
page) and ``formats`` (teams and the final ranking)."""
