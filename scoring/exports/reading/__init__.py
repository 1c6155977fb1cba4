"""The exports' reads: standings and table results (``tables``), the EMA ranking file
(``ema``), the fees (``fees``), the full event archive (``archive``) and the same archive with
its persons replaced by pseudonyms (``anonymised``). Restoring an archive is ``services``."""
