"""Ropebridge through the JSON action API and the match page: every action type (deal, reveal,
draw, match, discard, end_turn, stalemate, quick, undo), rejections with their rule ids, the
phone's match pre-check, and the entry form posting the same actions.

``GAME`` is one whole game on a short row (7 cards, 2 face up) in which every event the phone
test needs happens: a draw from each pile, a discard forced by the hand limit, a rejected
same-colour pair, two-match turns, reveals and a win. The PDF and browser tests reuse it.
"""
from __future__ import annotations

import re

import pytest

from tests.web.reading import text_of

PLAYERS = ("Ann", "Ben")
SETTINGS = {"row_length": 7, "exposed": 2}

# (action, expected status). Ann deals, so Ben plays first.
GAME = [
    ({"type": "deal", "row": ["8h", "5c"], "discard": "3s"}, 200),
    ({"type": "draw", "from": "stock"}, 200),                              # Ben: 8 cards
    ({"type": "end_turn"}, 422),                                           # ROPE-TURN-3: over 7
    ({"type": "discard", "card": "Kd"}, 200),                              # forced by the limit
    ({"type": "draw", "from": "discard"}, 200),                            # Ann takes K♦
    ({"type": "match", "cards": ["3h", "5h"]}, 422),                       # both red: ROPE-MATCH-2
    ({"type": "match", "cards": ["5s", "3h"]}, 200),                       # 5♠ + 3♥ = 8♥
    ({"type": "reveal", "card": "Qd"}, 200),
    ({"type": "match", "cards": ["5d"]}, 200),                             # a second match this turn
    ({"type": "reveal", "card": "2s"}, 200),
    ({"type": "end_turn"}, 200),
    ({"type": "match", "cards": ["8c"]}, 200),                             # Ben
    ({"type": "match", "cards": ["5h"]}, 200),
    ({"type": "end_turn"}, 200),
    ({"type": "draw", "from": "stock"}, 200),                              # Ann
    ({"type": "match", "cards": ["Qs"]}, 200),
    ({"type": "reveal", "card": "6c"}, 200),
    ({"type": "match", "cards": ["2h"]}, 200),
    ({"type": "reveal", "card": "9d"}, 200),
    ({"type": "end_turn"}, 200),
    ({"type": "draw", "from": "stock"}, 200),                              # Ben
    ({"type": "match", "cards": ["JK"]}, 200),                             # a joker takes Q♦
    ({"type": "end_turn"}, 200),
    ({"type": "match", "cards": ["6h"]}, 200),                             # Ann
    ({"type": "reveal", "card": "4d"}, 200),
    ({"type": "match", "cards": ["9s"]}, 200),
    ({"type": "end_turn"}, 200),
    ({"type": "match", "cards": ["2c"]}, 200),                             # Ben
    ({"type": "end_turn"}, 200),
    ({"type": "match", "cards": ["4c"]}, 200),                             # Ann crosses: she wins
]
ROW = ["8h", "5c", "Qd", "2s", "6c", "9d", "4d"]


def new_game(api, **extra):
    return api.create(game="ropebridge", players=PLAYERS, settings=dict(SETTINGS), **extra)


def play(api, match, steps):
    result = None
    for action, status in steps:
        result = api.act(match, action, status=status)
    return result


def test_create_has_the_common_and_the_ropebridge_keys(api):
    state = new_game(api)["state"]
    for key in ("game", "mode", "players", "seq", "deal", "phase", "turn", "dealer", "deal_over", "match_over",
                "scores", "deal_scores", "findings", "settings", "row", "positions", "pending_reveals",
                "discard_top", "stock", "hands", "winner", "tie"):
        assert key in state, key
    assert state["phase"] == "deal" and state["legal"] == ["deal"] and state["row"] == [None] * 7
    assert state["settings"] == {"row_length": 7, "exposed": 2, "jokers": True, "combo": "standard",
                                 "ace_eleven": False, "courts_ten": False, "one_step": False, "target_wins": 0}


def test_bad_settings_are_refused(client):
    for settings in ({"row_length": 6}, {"exposed": 8, "row_length": 7}, {"combo": "easy"}, {"colour": True}):
        response = client.post("/api/matches", json={"game": "ropebridge", "players": list(PLAYERS),
                                                     "settings": settings})
        assert response.status_code == 422 and response.get_json()["error"]["rule"] == "SETTINGS", settings
    response = client.post("/api/matches", json={"game": "ropebridge", "players": ["Ann", "Ben", "Cat"]})
    assert response.get_json()["error"]["rule"] == "ROPE-SETUP-1"


def test_deal_lays_the_row_and_the_non_dealer_opens(api):
    match = new_game(api)
    state = api.act(match, GAME[0][0])["state"]
    assert state["phase"] == "play" and state["turn"] == "Ben" and state["dealer"] == "Ann"
    assert state["row"] == ["8h", "5c", None, None, None, None, None] and state["face_up"] == 2
    assert state["discard_top"] == "3s" and state["stock"] == 54 - 7 - 14 - 1
    assert state["hands"] == {"Ann": 7, "Ben": 7} and state["positions"] == {"Ann": 0, "Ben": 0}
    assert state["legal"] == ["draw", "match", "stalemate"]


def test_draws_from_each_pile_and_the_forced_discard(api):
    match = new_game(api)
    play(api, match, GAME[:2])
    state = api.state(match)
    assert state["hands"]["Ben"] == 8 and state["stock"] == 31 and state["turn_state"]["drawn"]
    assert "end_turn" not in state["legal"] and "discard" in state["legal"] and "draw" not in state["legal"]
    error = api.act(match, {"type": "end_turn"}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-3" and "8 cards" in error["message"]
    state = api.act(match, {"type": "discard", "card": "Kd"})["state"]
    assert state["turn"] == "Ann" and state["hands"]["Ben"] == 7
    assert state["discard_pile"] == ["3s", "Kd"] and state["discard_top"] == "Kd"
    state = api.act(match, {"type": "draw", "from": "discard", "card": "Kd"})["state"]
    assert state["hands"]["Ann"] == 8 and state["discard_top"] == "3s"
    assert state["known_hand_cards"]["Ann"] == ["Kd"]


def test_match_a_pair_reveal_and_a_second_match(api):
    match = new_game(api)
    play(api, match, GAME[:5])
    error = api.act(match, {"type": "match", "cards": ["3h", "5h"]}, status=422)["error"]
    assert error["rule"] == "ROPE-MATCH-2" and "3♥ and 5♥ are both red" in error["message"]
    state = api.act(match, {"type": "match", "cards": ["5s", "3h"], "row_index": 0})["state"]
    assert state["phase"] == "reveal" and state["pending_reveals"] == 1 and state["legal"] == ["reveal"]
    assert state["matched"]["Ann"] == [[0, ["5s", "3h"]]] and state["hands"]["Ann"] == 6
    error = api.act(match, {"type": "end_turn"}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-5"
    state = api.act(match, {"type": "reveal", "card": "Qd"})["state"]
    assert state["row"][2] == "Qd" and state["phase"] == "play" and state["turn"] == "Ann"
    state = api.act(match, {"type": "match", "cards": ["5d"]})["state"]
    state = api.act(match, {"type": "reveal", "card": "2s"})["state"]
    assert state["positions"]["Ann"] == 2 and state["turn_state"] == {"drawn": True, "matches": 2}
    assert "match" not in state["legal"]
    error = api.act(match, {"type": "match", "cards": ["2h"]}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-2"
    state = api.act(match, {"type": "end_turn"})["state"]
    assert state["turn"] == "Ben" and state["turn_number"] == 3


def test_the_whole_game_to_a_win(api):
    match = new_game(api)
    result = play(api, match, GAME)
    state = result["state"]
    assert state["phase"] == "over" and state["winner"] == "Ann" and state["tie"] is None
    assert state["scores"] == {"Ann": 1, "Ben": 0} and state["deal_scores"] == {"Ann": 1, "Ben": 0}
    assert state["row"] == ROW and state["positions"] == {"Ann": 7, "Ben": 4}
    game = state["history"][0]
    assert game["winner"] == "Ann" and game["turns"] == {"Ann": 4, "Ben": 4}
    assert game["reason"] == "Ann matched the last row card"
    assert [m["cards"] for m in game["matches"] if m["player"] == "Ben"] == [["8c"], ["5h"], ["JK"], ["2c"]]
    assert state["legal"] == ["deal"] and state["next_dealer"] == "Ben"
    # The next game: Ben deals, Ann opens.
    state = api.act(match, {"type": "deal", "row": ["Ac", "Kh"], "discard": "7s"})["state"]
    assert state["deal"] == 1 and state["dealer"] == "Ben" and state["turn"] == "Ann"


def test_stalemate_ties_the_game(api):
    match = new_game(api)
    play(api, match, GAME[:2])
    result = api.act(match, {"type": "stalemate"})
    state = result["state"]
    assert state["phase"] == "over" and state["tie"] == "stalemate" and state["winner"] is None
    assert state["ties"] == 1 and state["scores"] == {"Ann": 0, "Ben": 0}
    assert [f["rule"] for f in result["findings"]] == ["ROPE-TIE-2"]
    assert state["history"][0]["rule"] == "ROPE-TIE-2"
    error = api.act(match, {"type": "draw", "from": "stock"}, status=422)["error"]
    assert error["rule"] == "ROPE-TIE-2"


def test_an_unbeatable_deal_is_a_tie_with_a_finding(api):
    match = api.create(game="ropebridge", players=PLAYERS, settings={"exposed": 4, "jokers": False})
    result = api.act(match, {"type": "deal", "row": ["Kc", "Kd", "Kh", "2s"], "discard": "3s"})
    assert result["state"]["tie"] == "unbeatable" and result["findings"][0]["rule"] == "ROPE-TIE-1"


DUG_OUT = [  # Dee deals, Non opens: K♦, K♥ and a joker end up under 7♣ on the discard pile
    {"type": "deal", "row": ["5d", "6d", "Ks", "Kc"], "discard": "2c"},
    {"type": "match", "cards": ["5c"]}, {"type": "reveal", "card": "JK"},
    {"type": "match", "cards": ["6c"]}, {"type": "reveal", "card": "9h"}, {"type": "end_turn"},
    {"type": "match", "cards": ["5s"]}, {"type": "match", "cards": ["6s"]}, {"type": "end_turn"},
    {"type": "draw", "from": "stock", "card": "Kd"}, {"type": "discard", "card": "Kd"},
    {"type": "draw", "from": "stock", "card": "Kh"}, {"type": "discard", "card": "Kh"},
    {"type": "draw", "from": "stock", "card": "JK"}, {"type": "discard", "card": "JK"},
    {"type": "draw", "from": "stock"}, {"type": "discard", "card": "7c"},
]


def test_ROPE_TIE_2_cards_under_the_discard_top_are_not_gone_while_a_player_can_dig(api):
    match = api.create(game="ropebridge", players=("Dee", "Non"))
    for action in DUG_OUT[:-1]:
        api.act(match, action)
    result = api.act(match, DUG_OUT[-1])
    state = result["state"]
    assert result["findings"] == [] and state["phase"] == "play" and state["tie"] is None
    assert state["stuck"] == {"Dee": False, "Non": False} and state["history"] == []
    assert state["discard_pile"] == ["2c", "Kd", "Kh", "JK", "7c"] and state["hands"] == {"Dee": 5, "Non": 5}
    # Non takes 7♣ and keeps it; Dee takes the joker and matches K♠.
    api.act(match, {"type": "draw", "from": "discard", "player": "Non"})
    api.act(match, {"type": "end_turn", "player": "Non"})
    state = api.act(match, {"type": "draw", "from": "discard", "player": "Dee"})["state"]
    assert state["known_hand_cards"]["Dee"] == ["JK"] and state["discard_top"] == "Kh"
    state = api.act(match, {"type": "match", "cards": ["JK"], "player": "Dee"})["state"]
    assert state["positions"] == {"Dee": 3, "Non": 2} and state["matched"]["Dee"][-1] == [2, ["JK"]]
    assert state["phase"] == "reveal"


def test_a_match_kept_under_the_first_rules_replays_with_the_tie_it_no_longer_has(client, api):
    # Under version 1 the discard that buried K♦, K♥ and a joker tied game 1, and the next
    # deal was accepted. Today game 1 goes on: that deal is kept, set aside and reported.
    match = api.create(game="ropebridge", players=("Dee", "Non"))
    for action in DUG_OUT:
        api.act(match, action)
    export = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    assert export["rules_version"] == 2
    next_deal = {"type": "deal", "row": ["2d", "3d", "4d", "5d"], "discard": "6d"}
    export["log"].append({**export["log"][-1], "seq": export["log"][-1]["seq"] + 1, "action": next_deal})
    imported = client.post("/api/matches/import", json={**export, "rules_version": 1})
    assert imported.status_code == 201, imported.get_json()
    state = imported.get_json()["state"]
    assert [(r["seq"], r["rule"]) for r in state["no_longer_accepted"]] == [(len(DUG_OUT) + 1, "ROPE-SETUP-2")]
    assert state["phase"] == "play" and state["history"] == []
    refused = client.post("/api/matches/import", json=export)
    assert refused.status_code == 422


def test_undo_retracts_the_last_entry(api):
    match = new_game(api)
    play(api, match, GAME[:2])
    state = api.act(match, {"type": "undo"})["state"]
    assert state["hands"]["Ben"] == 7 and state["stock"] == 32 and state["turn_state"]["drawn"] is False
    state = api.act(match, {"type": "draw", "from": "discard"})["state"]
    assert state["known_hand_cards"]["Ben"] == ["3s"] and state["discard_top"] is None
    log = api.client.get(f"/api/matches/{match['id']}/log").get_json()
    assert [e["undone"] for e in log] == [False, True, False, False]


def test_quick_mode_records_wins_and_ties(api):
    match = api.create(game="ropebridge", players=PLAYERS, settings={"target_wins": 2}, mode="quick")
    error = api.act(match, GAME[0][0], status=422)["error"]
    assert error["rule"] == "ACTION"
    state = api.act(match, {"type": "quick", "winner": "Ben"})["state"]
    state = api.act(match, {"type": "quick", "tie": "unbeatable"})["state"]
    assert state["scores"] == {"Ann": 0, "Ben": 1} and state["ties"] == 1 and state["phase"] == "deal"
    refused = api.act(match, {"type": "quick", "winner": "Ann", "tie": "stalemate"}, status=422)
    assert refused["error"]["rule"] == "ACTION"
    state = api.act(match, {"type": "quick", "winner": "Ben"})["state"]
    assert state["match_over"] and state["legal"] == [] and len(state["history"]) == 3
    assert api.act(match, {"type": "quick", "winner": "Ann"}, status=422)["error"]["rule"] == "ROPE-TURN-6"


GAME_END_KEYS = ("deal", "dealer", "next_dealer", "deal_over", "deal_scores", "winner", "tie", "turn")


def game_end(state: dict) -> dict:
    return {key: state[key] for key in GAME_END_KEYS}


def test_quick_mode_shows_each_recorded_game_as_play_mode_shows_a_finished_one(api):
    match = new_game(api, mode="quick")
    assert game_end(match["state"]) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ann", "deal_over": False, "deal_scores": None,
        "winner": None, "tie": None, "turn": None}
    state = api.act(match, {"type": "quick", "winner": "Ben"})["state"]
    assert game_end(state) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ben", "deal_over": True,
        "deal_scores": {"Ann": 0, "Ben": 1}, "winner": "Ben", "tie": None, "turn": None}
    state = api.act(match, {"type": "quick", "tie": "stalemate"})["state"]
    assert game_end(state) == {
        "deal": 1, "dealer": "Ben", "next_dealer": "Ann", "deal_over": True,
        "deal_scores": {"Ann": 0, "Ben": 0}, "winner": None, "tie": "stalemate", "turn": None}
    state = api.act(match, {"type": "quick", "winner": "Ann"})["state"]
    assert game_end(state) == {
        "deal": 2, "dealer": "Ann", "next_dealer": "Ben", "deal_over": True,
        "deal_scores": {"Ann": 1, "Ben": 0}, "winner": "Ann", "tie": None, "turn": None}
    # Still a results-only match: the next result is taken at once, and the totals add up.
    assert state["phase"] == "deal" and state["legal"] == ["quick"] and not state["match_over"]
    assert state["scores"] == {"Ann": 1, "Ben": 1} and state["ties"] == 1
    assert [game["deal"] for game in state["history"]] == [0, 1, 2]
    # Undo goes back to the game before, and before any game to nothing finished.
    state = api.act(match, {"type": "undo"})["state"]
    assert game_end(state)["deal"] == 1 and state["tie"] == "stalemate" and state["deal_over"]
    api.act(match, {"type": "undo"})
    state = api.act(match, {"type": "undo"})["state"]
    assert game_end(state) == game_end(match["state"])


def test_quick_mode_matches_play_mode_after_the_same_games(api):
    quick = new_game(api, mode="quick")
    played = new_game(api)
    for deal in ({"type": "deal", "row": ["8h", "5c"], "discard": "3s"},
                 {"type": "deal", "row": ["Ac", "Kh"], "discard": "7s"}):
        api.act(played, deal)
        state = api.act(played, {"type": "stalemate"})["state"]
        assert state["phase"] == "over"
        quick_state = api.act(quick, {"type": "quick", "tie": "stalemate"})["state"]
        assert game_end(quick_state) == game_end(state)
        assert quick_state["scores"] == state["scores"] and quick_state["outcome"]["number"] == state["deal"] + 1


def test_quick_mode_at_the_target_shows_the_deciding_game(api):
    match = api.create(game="ropebridge", players=PLAYERS, settings={"target_wins": 1}, mode="quick")
    state = api.act(match, {"type": "quick", "winner": "Ben"})["state"]
    assert state["match_over"] and state["phase"] == "match_over"
    assert game_end(state) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ben", "deal_over": True,
        "deal_scores": {"Ann": 0, "Ben": 1}, "winner": "Ben", "tie": None, "turn": None}


def test_play_mode_game_end_is_unchanged(api):
    match = new_game(api)
    state = api.state(match)
    assert game_end(state) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ann", "deal_over": False, "deal_scores": None,
        "winner": None, "tie": None, "turn": None}
    state = play(api, match, GAME[:1])["state"]
    assert game_end(state) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ann", "deal_over": False, "deal_scores": None,
        "winner": None, "tie": None, "turn": "Ben"}
    state = play(api, match, GAME[1:])["state"]
    assert game_end(state) == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ben", "deal_over": True,
        "deal_scores": {"Ann": 1, "Ben": 0}, "winner": "Ann", "tie": None, "turn": None}
    state = api.act(match, {"type": "deal", "row": ["Ac", "Kh"], "discard": "7s"})["state"]
    assert game_end(state) == {
        "deal": 1, "dealer": "Ben", "next_dealer": "Ben", "deal_over": False, "deal_scores": None,
        "winner": None, "tie": None, "turn": "Ann"}


def test_rejections_name_the_rule(api):
    match = new_game(api)
    assert api.act(match, {"type": "draw", "from": "stock"}, status=422)["error"]["rule"] == "ROPE-SETUP-2"
    error = api.act(match, {"type": "deal", "row": ["8h"], "discard": "3s"}, status=422)["error"]
    assert error["rule"] == "ROPE-SETUP-3"
    error = api.act(match, {"type": "deal", "row": ["8h", "8x"], "discard": "3s"}, status=422)["error"]
    assert error["rule"] == "CARD" and "8x" in error["message"]
    api.act(match, GAME[0][0])
    error = api.act(match, {"type": "draw", "from": "stock", "player": "Ann"}, status=422)["error"]
    assert (error["rule"], error["cites"]) == ("TURN", "ROPE-SETUP-4")  # the dealer does not open
    api.act(match, {"type": "draw", "from": "stock"})
    api.act(match, {"type": "discard", "card": "Kd"})
    error = api.act(match, {"type": "match", "cards": ["8c"], "player": "Ben"}, status=422)["error"]
    assert error["rule"] == "TURN" and "Ann" in error["message"]
    assert api.act(match, {"type": "shuffle"}, status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "draw"}, status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "draw", "from": "table"}, status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "match", "cards": []}, status=422)["error"]["rule"] == "ACTION"
    error = api.act(match, {"type": "match", "cards": ["8h"]}, status=422)["error"]
    assert error["rule"] == "ROPE-SETUP-1" and "row" in error["message"]      # 8♥ lies in the row
    error = api.act(match, {"type": "match", "cards": ["Kd"]}, status=422)["error"]
    assert error["rule"] == "ROPE-SETUP-1" and "discard" in error["message"]
    error = api.act(match, {"type": "match", "cards": ["7c"]}, status=422)["error"]
    assert error["rule"] == "ROPE-MATCH-2"
    error = api.act(match, {"type": "match", "cards": ["Qs", "8c"]}, status=422)["error"]
    assert error["rule"] == "ROPE-MATCH-5"
    error = api.act(match, {"type": "discard", "card": "8c"}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-3"                      # no draw this turn
    error = api.act(match, {"type": "end_turn"}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-1"                      # neither drew nor matched
    error = api.act(match, {"type": "reveal", "card": "2s"}, status=422)["error"]
    assert error["rule"] == "ROPE-TURN-5"
    assert api.act(match, {"type": "end_turn"}, token="not-the-token", status=403)["error"]["rule"] == "AUTH"
    assert api.state(match)["seq"] == 3                        # nothing refused was appended


# --- the phone's pre-check ---------------------------------------------------------------------

def check(client, match, **fields):
    query = {k.replace("_", "."): v for k, v in fields.items()}
    response = client.get(f"/m/{match['id']}/ropebridge/check", query_string=query)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_pre_check_says_whether_the_picked_cards_make_the_row_card(api, client):
    match = new_game(api)
    assert "Nothing to match now" in check(client, match)
    play(api, match, GAME[:5])                                 # Ann needs 8♥
    assert "Pick one card" in check(client, match) and "8♥" in check(client, match)
    html = check(client, match, cards_0_rank="3", cards_0_suit="h", cards_1_rank="5", cards_1_suit="h")
    assert "rope-check-bad" in html and "3♥ and 5♥ are both red" in html and "ROPE-MATCH-2" in html
    html = check(client, match, cards_0_rank="5", cards_0_suit="s", cards_1_rank="3", cards_1_suit="h")
    assert "rope-check-ok" in html and "5♠ and 3♥ match 8♥" in html
    html = check(client, match, cards_0_rank="8", cards_0_suit="c")
    assert "rope-check-ok" in html and "8♣ matches 8♥" in html
    html = check(client, match, cards_0_rank="JK")
    assert "rope-check-ok" in html and "Joker matches 8♥" in html
    html = check(client, match, cards_0_rank="7", cards_0_suit="c")
    assert "rope-check-bad" in html and "7♣ is worth 7 but 8♥ needs 8" in html
    html = check(client, match, cards_0_rank="5")
    assert "rope-check-hint" in html and "suit of the card (5)" in html
    html = check(client, match, cards_0_rank="5", cards_0_suit="s", cards_1_suit="h")
    assert "rope-check-hint" in html and "rank of the second card" in html
    # Nothing was entered by checking.
    assert api.state(match)["seq"] == 4
    assert client.get("/m/nope/ropebridge/check").status_code == 404
    pontis = api.create(game="pontis")
    assert client.get(f"/m/{pontis['id']}/ropebridge/check").status_code == 404


def test_clear_picks_answers_an_empty_match_picker(api, client):
    match = new_game(api)
    url = f"/m/{match['id']}/ropebridge/match-picker"
    assert client.get(url).status_code == 204                  # nothing to match before the deal
    play(api, match, GAME[:5])
    html = client.get(url).get_data(as_text=True)
    assert html.startswith("<fieldset class=\"rope-match\">") and "Match row card 1" in html and "8♥" in html
    assert 'data-picker="cards.0"' in html and 'data-picker="cards.1"' in html and " checked" not in html
    assert "rope-check-hint" in html
    assert '<input type="checkbox" id="rope-pair-on" class="rope-pair-on visually-hidden">' in html  # one card again
    play(api, match, GAME[6:7])                                # a reveal is due: no match now
    assert client.get(url).status_code == 204


def test_the_pre_check_follows_the_house_rules(api, client):
    match = api.create(game="ropebridge", players=PLAYERS, settings={"exposed": 2, "combo": "simpler"})
    api.act(match, {"type": "deal", "row": ["8h", "5c"], "discard": "3s"})
    html = check(client, match, cards_0_rank="3", cards_0_suit="h", cards_1_rank="5", cards_1_suit="h")
    assert "rope-check-ok" in html and "3♥ and 5♥ match 8♥" in html


# --- the match page posts the same actions -----------------------------------------------------

def scorer_page(client, match) -> tuple[str, dict]:
    assert client.get(f"/m/{match['id']}/join/{match['scorer_token']}").status_code == 302
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    return page, {"X-CSRFToken": token, "HX-Request": "true"}


def form_fields(action: dict) -> dict:
    """An action as the phone's form posts it: the deal's row from a tray (``row.0=8h``), other
    cards from pickers (rank and suit)."""
    data = {}
    for key, value in action.items():
        if key == "row":
            data.update((f"row.{i}", card) for i, card in enumerate(value))
        elif key == "cards":
            for i, card in enumerate(value):
                data[f"{key}.{i}.rank"], data[f"{key}.{i}.suit"] = split(card)
        elif key in ("card", "discard"):
            data[f"{key}.rank"], data[f"{key}.suit"] = split(value)
        else:
            data[key] = value
    return data


def split(card: str) -> tuple[str, str]:
    return ("JK", "") if card == "JK" else (card[:-1], card[-1])


def test_the_phone_form_plays_the_same_game(api, client):
    match = new_game(api)
    page, headers = scorer_page(client, match)
    assert "Ann</strong> deals game 1: enter the 2 face-up row cards" in page
    assert 'data-tray="row" data-max="2"' in page and 'data-picker="discard"' in page
    url = f"/m/{match['id']}/act"
    html = ""
    for action, status in GAME:
        response = client.post(url, data=form_fields(action), headers=headers)
        assert response.status_code == status, (action, response.get_data(as_text=True)[:300])
        html = response.get_data(as_text=True)
        if action == {"type": "end_turn"} and status == 422:
            assert "ROPE-TURN-3" in html and "Ben holds 8 cards" in html
        if action["type"] == "match" and status == 422:
            # The rejected pair comes back picked, with the pre-check's verdict beside it.
            assert "3♥ and 5♥ are both red" in text_of(html)
            assert re.search(r'id="cards-0-r-3"[^>]*checked', html) and re.search(r'id="cards-1-s-h"[^>]*checked', html)
            assert 'id="rope-pair-on" class="rope-pair-on visually-hidden" checked' in html
    assert "Ann</strong> is across and wins" in html and "Ben</strong> deals game 2" in html
    assert api.state(match) == api.state(match) and api.state(match)["winner"] == "Ann"


def test_the_play_screen_shows_only_legal_moves(api, client):
    match = new_game(api)
    play(api, match, GAME[:2])                                 # Ben drew: 8 cards
    page, _ = scorer_page(client, match)
    assert "Ben holds 8 cards" in page and 'value="discard"' in page
    assert 'value="end_turn"' not in page and 'name="from"' not in page
    # The discard waits folded beside the match picker: the player may match instead.
    assert '<details class="rope-discard">' in page and 'data-picker="cards.0"' in page
    play(api, match, GAME[3:5])                                # Ann drew K♦ from the discard
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    assert 'aria-label="king of diamonds"' in page and "incl." in page   # a known card in Ann's hand
    play(api, match, GAME[6:7])                                # a match reaches row card 3
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    assert "turn up <strong>row card 3</strong>" in page and 'data-picker="card"' in page
    assert 'value="match"' not in page
    # A viewer sees the row, with face-down backs and the markers, but no entry form.
    viewer = client.application.test_client()
    page = viewer.get(f"/m/{match['id']}").get_data(as_text=True)
    assert page.count('aria-label="face down"') == 5 and "form class=\"entry\"" not in page
    assert re.search(r'data-index="1">.*?rope-marker rope-seat-0', page, re.S)       # Ann on row card 2
    assert re.search(r'data-index="0">.*?rope-marker rope-seat-1', page, re.S)       # Ben on row card 1


def test_quick_mode_form(api, client):
    match = new_game(api, mode="quick")
    page, headers = scorer_page(client, match)
    assert "Result of game 1" in page and 'name="winner" value="Ben"' in page
    html = client.post(f"/m/{match['id']}/act", data={"type": "quick", "winner": "Ben"},
                       headers=headers).get_data(as_text=True)
    assert re.search(r"Game 1:</strong>\s+Ben won\.", html) and "Result of game 2" in html
    html = client.post(f"/m/{match['id']}/act", data={"type": "quick", "tie": "stalemate"},
                       headers=headers).get_data(as_text=True)
    assert "a tie (stalemate)." in html and "ties 1" in html


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_the_sheet_downloads(api, client, size):
    match = new_game(api)
    play(api, match, GAME)
    response = client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size={size}")
    assert response.status_code == 200 and response.data[:5] == b"%PDF-"


def test_the_panel_links_the_game_rule_a_turn_refusal_cites(api, client):
    match = new_game(api)
    api.act(match, GAME[0][0])
    _page, headers = scorer_page(client, match)
    answer = client.post(f"/m/{match['id']}/act", data={"type": "draw", "from": "stock", "player": "Ann"},
                         headers=headers).get_data(as_text=True)
    assert "Ann dealt, so Ben plays first" in answer
    assert re.search(r'<a href="/rules/ropebridge#ROPE-SETUP-4"[^>]*>Rule ROPE-SETUP-4</a>', answer)
