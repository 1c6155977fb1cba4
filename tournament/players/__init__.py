"""Players of an event: ``models`` (``Player``, ``Team``, file imports), ``services``
(adding and changing one), ``importing`` (CSV and XLSX files with a preview), ``pins`` (the
score sheet PINs and the cards' sign-in), the director's ``forms`` and ``views``, and the
``api``.
"""
