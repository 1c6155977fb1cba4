"""The floor referee's tablet: my tables, a table's page (QR codes on the table cards), the
foul forms with their offline queue, receipts, the head referee's foul list and voids
(``views``, ``forms``, ``urls``). Every write goes through ``penalties.services``.
"""
