"""Entry fees (issue 46, item 3): what an event charges and what each person paid, recorded at
the check-in desk or by the director; no payment is processed here, only recorded.

- ``models``: the event's currency and fee schedule (``FeeSettings``, ``Fee``), and two
  append-only tables: the fee chosen for a person (``FeeChoice``) and the money that moved
  (``Payment``: payments and refunds, and the rows that reverse a mistaken one).
- ``money``: amounts in the currency's minor units (cents) read from and written as text.
- ``reading``: who owes what (one line per person, whatever the number of rows) and the
  totals by method; ``services``: every write, checked under the person's lock.
- ``desk`` (the check-in desk's part), ``mine`` (a person's own pages), ``views``, ``forms``
  and ``questions`` (the director's pages; a reversal asks first), ``api``, ``serializers``.
  The CSV and XLSX files are ``scoring.exports.reading.fees``.
"""
