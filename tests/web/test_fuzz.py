"""Property-based fuzz of the action API for every game: whatever arrives — random JSON,
wrong types, huge numbers, unknown cards, out-of-turn players, non-UTF-8 or oversized bodies —
the answer is never a 500, a rejection is a 4xx with a message, and a rejected request leaves
the match byte-for-byte as it was."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import games
from tests.golden.common import example

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "2000"))


def action_types(game_name: str) -> list[str]:
    """Every action type the game declares, and the table's undo."""
    return [*games.get(game_name).moves, "undo"]


FIELDS = ["card", "cards", "as", "top", "caller", "player", "amount", "hand", "bank", "to", "from", "row",
          "discard", "level", "denomination", "tricks", "reason", "bidder", "foundation_suit", "restart",
          "price", "ending", "ended_by", "bank_cards", "suit_points", "id", "expect", "by", "hands", "winner"]

card_text = st.one_of(
    st.sampled_from(["7c", "10h", "Th", "qS", "A♠", "JK", "joker", "**", "Kd", "2c", "As", "9h", "5h"]),
    st.text(max_size=6))
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                      st.floats(allow_nan=False), st.text(max_size=12), card_text)
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                             st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                          max_leaves=12)


def field_value(players):
    return st.one_of(json_value, card_text, st.lists(card_text, max_size=5), st.sampled_from(players + ["Nobody"]),
                     st.sampled_from(["A", "B", "discard", "stock", "NT", "S", "h", "out", "blocked"]),
                     st.integers(min_value=-5, max_value=60),
                     st.dictionaries(st.sampled_from(players), st.integers(-3, 60)))


def action_for(game_name):
    players = example(game_name)["players"]
    typed = st.fixed_dictionaries({"type": st.sampled_from(action_types(game_name))},
                                  optional={f: field_value(players) for f in FIELDS})
    return st.one_of(typed, json_value)


def fuzz_game(client, api, game_name):
    match = api.create(game=game_name, players=example(game_name)["players"])
    url = f"/api/matches/{match['id']}/actions"
    auth = {"Authorization": f"Bearer {match['scorer_token']}"}
    accepted = 0
    # The match as read just after the last request, if that one was refused (and so was checked
    # to leave the match byte for byte as it was): nothing has touched the match since, so it is
    # what a read before the next request answers. Any other outcome reads the match again.
    unchanged: list[bytes] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(body=st.one_of(
        action_for(game_name).map(lambda a: json.dumps(a).encode()),
        st.binary(max_size=64),                                  # not JSON, often not UTF-8
        st.just(b'{"type": "play", "card": "' + b"x" * 70_000 + b'"}'),  # oversized
    ))
    def check(body):
        nonlocal accepted
        before = unchanged.pop() if unchanged else client.get(f"/api/matches/{match['id']}").get_data()
        response = client.post(url, data=body, headers={**auth, "Content-Type": "application/json"})
        assert response.status_code < 500, (body[:200], response.get_data()[:300])
        if response.status_code >= 400:
            error = response.get_json()["error"]
            assert error["message"] and error["rule"]
            after = client.get(f"/api/matches/{match['id']}").get_data()
            assert after == before
            unchanged.append(after)
        else:
            accepted += 1

    check()
    return accepted


@pytest.mark.parametrize("game_name", games.PRODUCT)
def test_fuzzing_the_action_api_never_breaks_a_match(client, api, game_name):
    fuzz_game(client, api, game_name)
