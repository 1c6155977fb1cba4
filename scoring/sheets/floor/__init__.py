"""What the score sheets add to the referee's pages, registered by ``scoring.apps``: the tablet's
panel of open disputes and calls (``views``) and the game's state for "check a hand"
(``reading``)."""
