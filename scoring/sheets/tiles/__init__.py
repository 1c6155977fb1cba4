"""Hands on the score sheet entered by their tiles (issue 36): reading the tiles into a hand
(``services``), the event's statistics of them (``reading``) and their page (``views``)."""
