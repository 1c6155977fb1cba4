"""The score sheet API, gathered from the sub-capabilities, included under ``api/``."""

from scoring.sheets.disputes import api_urls as disputes
from scoring.sheets.entry import api_urls as entry

urlpatterns = [*entry.urlpatterns, *disputes.urlpatterns]
