"""Score sheets, hand by hand (docs/rules/hands.md), in sub-capabilities: ``entry`` (a sheet and
its hands: entering, correcting, confirming, closing, reading; the staff's sheet page, the
players' play page and the sheet API), ``disputes`` (disputes, strikes and referee calls),
``floor`` (what the referee's tablet shows of them), ``offline`` (the play page on a phone),
``players`` (the players' door and "My page"), ``cards`` (the director's player cards and PINs)
and ``tiles`` (hands entered by their tiles, and their statistics).

The tables of all of them are in ``models``; other code calls ``services``, which names the
public functions; ``urls`` and ``api_urls`` gather the sub-capabilities' routes.
"""
