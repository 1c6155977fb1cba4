"""The statistics' API operations are in the OpenAPI schema, with their answers described."""

from __future__ import annotations

import pytest
import yaml

pytestmark = pytest.mark.django_db


def test_the_schema_lists_the_statistics_operations(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    paths = schema["paths"]
    assert set(paths["/api/events/{event}/stats/"]) == {"get"}
    assert set(paths["/api/events/{event}/stats/awards/"]) == {"get", "post"}
    assert set(paths["/api/events/{event}/players/{player}/stats/"]) == {"get"}
    assert set(paths["/api/persons/{id}/stats/"]) == {"get"}
    post = paths["/api/events/{event}/stats/awards/"]["post"]
    assert "requestBody" in post and {"200", "201"} <= set(post["responses"])
    stats = schema["components"]["schemas"]["PlayerGames"]["properties"]
    for name in ("hands", "wins", "win_rate", "deal_in_rate", "dealer_retention", "best",
                 "yaku", "games_played", "chombo", "tenpai_draws"):  # fmt: skip
        assert name in stats, name
