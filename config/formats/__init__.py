"""Date and number formats that replace Django's for a language (``FORMAT_MODULE_PATH``).

Pages show a date as ``DATE_FORMAT``, a moment as ``DATETIME_FORMAT`` and a time of day as
``TIME_FORMAT``, in the event's time zone. Django's formats for cs, fr, fi and pl already
write 24-hour times and the language's decimal comma; only English needs its own: Django's
"Nov. 26, 2026" and "11:31 a.m." (US order, and a sentence that ends after a time ends
"a.m..") become "26 Nov 2026" and "11:31". Exports do not use these: they stay ISO 8601.
"""
