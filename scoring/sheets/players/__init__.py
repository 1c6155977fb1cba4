"""The players' side of the sheets: the one door (a player card's signed link, "My page", a
table's public page: ``views``), who signs in (``access``), and what a player's page reads
from the sheets (``reading``)."""
