"""Every answer's JSON is written by orjson (referee/web/json_provider.py) and says exactly
what Flask's own provider would: the same values, keys sorted the same, dates and dataclasses
converted by Flask, and whatever orjson does not write still written."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone

from flask.json.provider import DefaultJSONProvider

from referee import store
from referee.games import GAMES
from referee.web.api import bounded


def both(app, value) -> tuple[str, str]:
    return app.json.dumps(value), DefaultJSONProvider(app).dumps(value)


def test_every_games_state_reads_the_same_as_flasks_json(app):
    for name, game in GAMES.items():
        players = ["Ann", "Ben", "Cat", "Dan"][:max(game.min_players, 2)]
        with app.app_context():
            _match, _token, replay = store.create_match(name, players, {})
            ours, flasks = both(app, bounded(replay.view()))
        assert json.loads(ours) == json.loads(flasks), name
        assert list(json.loads(ours)) == sorted(json.loads(ours)), name


def test_an_answer_is_utf8_with_sorted_keys(client, api):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    refused = client.post(f"/api/matches/{match['id']}/actions", json={"type": "miss"},
                          headers={"Authorization": f"Bearer {match['scorer_token']}"})
    assert refused.status_code == 422 and refused.mimetype == "application/json"
    text = refused.get_data(as_text=True)
    assert "“deal”" in text and "\\u201c" not in text  # sent as UTF-8, not escaped
    assert text.index('"message"') < text.index('"rule"')


@dataclass(frozen=True)
class Point:
    x: int
    y: int


def test_dates_dataclasses_and_named_tuples_as_flask_writes_them(app):
    from collections import namedtuple

    Pair = namedtuple("Pair", "a b")
    value = {"when": datetime(2026, 11, 27, 5, 0, tzinfo=timezone.utc), "at": Point(1, 2), "pair": Pair(3, 4),
             "b": 1, "a": [1.5, None, True]}
    with app.app_context():
        ours, flasks = both(app, value)
    assert json.loads(ours) == json.loads(flasks)
    assert json.loads(ours)["when"] == "Fri, 27 Nov 2026 05:00:00 GMT"


def test_what_orjson_refuses_is_still_written(app):
    deep: object = "x"
    for _ in range(600):
        deep = {"a": deep}
    with app.app_context():
        for value in (deep, {"big": 2**80}):
            ours, flasks = both(app, value)
            assert json.loads(ours) == json.loads(flasks) == value
