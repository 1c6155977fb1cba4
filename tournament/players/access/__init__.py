"""Who may act as a player: the players' personal PINs, their cards' signed links and the
sessions they sign in (``pins``)."""
