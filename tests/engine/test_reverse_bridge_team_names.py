"""Reverse Bridge: a new match refuses a player named like a team (RB-SETUP-1), in English or
German, in any case and with any dash; a match stored or imported earlier keeps its names."""
from __future__ import annotations

import pytest

from referee import replay as replay_module
from referee.engine import new_match
from referee.errors import IllegalAction
from referee.games.reverse_bridge.engine import GAME, Settings
from referee.i18n import language, speaking


@pytest.mark.parametrize("name, team", [
    ("NS", "North–South"), ("ns", "North–South"), ("  Ew ", "East–West"), ("OW", "East–West"),
    ("North–South", "North–South"), ("north-south", "North–South"), ("North South", "North–South"),
    ("N/S", "North–South"), ("EAST–WEST", "East–West"), ("Nord–Süd", "North–South"),
    ("ost-west", "East–West"),
])
def test_a_new_match_refuses_a_player_named_like_a_team(name, team):
    with pytest.raises(IllegalAction) as refused:
        GAME.check_new_players(("Ann", name, "Cat", "Dan"))
    assert refused.value.rule == "RB-SETUP-1"
    message = refused.value.message
    assert f"“{name.strip()}” cannot be a player's name" in str(message) and team in str(message)
    with speaking("de", GAME.name):
        assert "kann kein Spielername sein" in str(message) and name.strip() in str(message)


def test_names_of_their_own_pass_even_a_seat_or_a_near_miss():
    GAME.check_new_players(("Ann", "Ben", "Cat", "Dan"))
    GAME.check_new_players(("North", "East", "South", "West"))
    GAME.check_new_players(("Nora", "Owen", "Ned", "Ewa"))


def test_a_stored_or_imported_match_keeps_a_player_named_like_a_team():
    names = ("NS", "Ben", "east–west", "Dan")
    with pytest.raises(IllegalAction):
        GAME.check_new_players(names)
    # An import builds its match through engine.new_match and replays the log: both still take
    # the names the match was stored with.
    settings, state = new_match(GAME, list(names), {"hands": 4}, "quick")
    assert state.players == names
    # Read back from the store: started and replayed as it was entered.
    replay = replay_module.start(GAME, Settings(hands=4), "quick", names)
    replay, _found = replay_module.step(
        replay, {"type": "quick", "bidder": "Ben", "level": 7, "denomination": "S", "tricks": 9}, 1, stored=True)
    assert replay.broken == ()
    view = replay.view()
    assert view["players"] == list(names) and view["teams"] == {"NS": ["NS", "east–west"], "EW": ["Ben", "Dan"]}
    assert view["scores"] == {"NS": 10, "EW": 21}
    with language("de"):
        assert GAME.view(replay.state)["team_names"] == {"NS": "Nord–Süd", "EW": "Ost–West"}
