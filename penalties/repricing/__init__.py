"""Re-pricing an event's fouls after a change of ruleset or options, audited: ``services``
voids every foul the new rules price differently and records it again; the director's page
(``views``, ``urls``), the API (``api``, ``api_urls``) and ``manage.py reprice_event`` call it.
"""
