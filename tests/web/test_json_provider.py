"""Every answer's JSON is written by orjson (referee/web/json_provider.py) and says exactly
what Flask's own provider would: the same values, keys sorted the same, dates and dataclasses
converted by Flask, and whatever orjson does not write still written."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone

import pytest
from flask.json.provider import DefaultJSONProvider

from referee import i18n, store
from referee.games import GAMES
from referee.rendered import Kept
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


def _first_history_row(app, match_id):
    """The first finished game's row of the match's view, as an answer in English reads it."""
    with app.app_context(), i18n.speaking("en", "ropebridge"):
        replay = store.load(store.read_match(match_id))
        return replay.view()["history"][0], bounded(replay.view())


def test_a_finished_games_row_is_written_once_and_sent_as_flask_would_write_it(app, client, api):
    match = api.create(game="ropebridge", players=["Dee", "Non"], mode="quick")
    for winner in ("Dee", "Non", "Dee"):
        api.act(match, {"type": "quick", "winner": winner})
    first, _state = _first_history_row(app, match["id"])
    assert isinstance(first, Kept) and first.written is not None  # written for the last answer
    written = first.written
    response = client.post(f"/api/matches/{match['id']}/actions", json={"type": "quick", "winner": "Non"},
                           headers={"Authorization": f"Bearer {match['scorer_token']}"})
    answer = response.get_json()
    pairs = json.loads(response.get_data(), object_pairs_hook=lambda items: items)
    row_keys = [key for key, _value in dict(dict(pairs)["state"])["history"][0]]
    assert row_keys == sorted(row_keys)  # written with the answer's own options
    again, state = _first_history_row(app, match["id"])
    assert again is first and again.written is written  # the next answer copied it as written
    assert answer["state"] == json.loads(DefaultJSONProvider(app).dumps(state))
    assert answer["state"]["history"][0] == first and answer["state"]["history_count"] == 4


def test_an_indented_answer_writes_kept_rows_indented_too(app, client, api):
    match = api.create(game="ropebridge", players=["Dee", "Non"], mode="quick")
    api.act(match, {"type": "quick", "winner": "Dee"})
    app.json.compact = False
    text = client.get(f"/api/matches/{match['id']}").get_data(as_text=True)
    history = json.loads(text)["history"]
    assert len(history) == 1 and '\n  "history": [\n    {\n      "deal": 0,\n' in text


def test_a_kept_row_refuses_to_be_changed_and_copies_as_a_dict():
    row = Kept({"player": "Ann", "rows": [1, 2]})
    for change in (lambda: row.__setitem__("player", "Ben"), lambda: row.update(player="Ben"),
                   lambda: row.pop("player"), lambda: row.setdefault("x", 1), row.clear):
        with pytest.raises(TypeError, match="shared between answers"):
            change()
    assert row == {"player": "Ann", "rows": [1, 2]}
    copied = dict(row)
    copied["player"] = "Ben"
    assert copied["player"] == "Ben" and row["player"] == "Ann"


class Shouting(str):
    def __str__(self) -> str:
        return self.upper()


class Off(int):
    def __int__(self) -> int:
        return 0


def test_text_and_number_subclasses_are_written_as_flask_writes_them(app):
    with app.app_context():
        ours, flasks = both(app, {"said": Shouting("quiet"), "count": Off(7), "flag": True})
    assert json.loads(ours) == json.loads(flasks) == {"said": "quiet", "count": 7, "flag": True}
