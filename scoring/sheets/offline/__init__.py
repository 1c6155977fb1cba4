"""The play page on a phone: installable and readable offline (``views``: the web app manifests
and the player's service worker), polled with ETag and 304 (``pages``: the play page's ETag and
the name of its offline cache, which the play page in ``scoring.sheets.entry.views`` uses)."""
