"""The JSON action API of docs/api-curdle.md, driven through Curdle matches: every action type
(deal, open, play, end_run, draw, fluke, pass, break, blind, quick, undo), the state each leads
to, and the 422 rejections with their rule ids."""
from __future__ import annotations

PLAYERS = ("Ann", "Ben")

# A whole two-player hand the tests (and the phone test) know by heart: Ben opens and makes a
# kingfisher; Ann's starter is a fluker; Ann makes a natural curdle and breaks it; Ben draws and
# keeps, which makes it a blind curdle for Ann, who hands out bank A's top four; Ann goes out.
# Each entry: (action, what the table then shows: phase, tops, bridge, hands, stock, curdle).
HAND = [
    ({"type": "deal", "card": "Kh"}, "open", ("Kh", None), [], (10, 10), 33, None),
    ({"type": "open", "card": "Qc"}, "play", ("Kh", "Qc"), [1, 11], (10, 9), 33, None),
    ({"type": "play", "card": "Ad", "bank": "B"}, "play", ("Kh", "Ad"), [1, 12], (10, 8), 33, None),
    ({"type": "play", "card": "JK", "bank": "A"}, "play", ("JK", "Ad"), [13], (10, 7), 33, "kingfisher"),
    ({"type": "end_run"}, "play", ("JK", "Ad"), [13], (10, 7), 33, "kingfisher"),
    ({"type": "fluke", "card": "Ks", "bank": "B"}, "play", ("JK", "Ks"), [12], (10, 7), 32, None),
    ({"type": "play", "card": "Qd", "bank": "A"}, "play", ("Qd", "Ks"), [1, 11], (9, 7), 32, None),
    ({"type": "play", "card": "Jh", "bank": "B"}, "play", ("Qd", "Jh"), [1, 9], (8, 7), 32, None),
    ({"type": "play", "card": "9s", "bank": "A"}, "play", ("9s", "Jh"), [2, 6], (7, 7), 32, None),
    ({"type": "play", "card": "6c", "bank": "A"}, "play", ("6c", "Jh"), [3, 5], (6, 7), 32, None),
    ({"type": "play", "card": "3d", "bank": "B"}, "play", ("6c", "3d"), [3], (5, 7), 32, None),
    ({"type": "play", "card": "3s", "bank": "A"}, "break", ("3s", "3d"), [], (4, 7), 32, "natural"),
    ({"type": "break", "card": "9h", "bank": "B"}, "play", ("3s", "9h"), [6], (3, 7), 32, None),
    ({"type": "end_run"}, "play", ("3s", "9h"), [6], (3, 7), 32, None),
    ({"type": "draw"}, "blind", ("3s", "9h"), [6], (3, 8), 31, "blind"),
    ({"type": "blind", "bank": "A", "to": ["Ann", "Ben", "Ann", "Ann"]}, "play", ("JK", "9h"), [8], (3, 8), 35,
     None),
    ({"type": "play", "card": "8d", "bank": "B"}, "play", ("JK", "8d"), [7], (2, 8), 35, None),
    ({"type": "play", "card": "7h", "bank": "A"}, "play", ("7h", "8d"), [1], (1, 8), 35, None),
    ({"type": "play", "card": "Ac", "bank": "A"}, "over", ("Ac", "8d"), [6, 7], (0, 8), 35, None),
]


def rule_of(api, match, action) -> str:
    return api.act(match, action, status=422)["error"]["rule"]


def play_to(api, match, entries: int) -> dict:
    state = match["state"]
    for action, *_ in HAND[:entries]:
        state = api.act(match, action)["state"]
    return state


def test_create_gives_the_curdle_state_keys_and_house_rule_defaults(api):
    match = api.create(game="curdle", players=PLAYERS)
    state = match["state"]
    for key in ("game", "mode", "players", "seq", "deal", "phase", "turn", "dealer", "deal_over", "match_over",
                "scores", "deal_scores", "findings", "settings", "banks", "bridge", "hands", "stock", "curdle",
                "curdler", "winner", "legal", "run", "failures", "blind_cards", "history"):
        assert key in state, key
    assert state["settings"] == {"scoring": "hands_won", "target": 100, "hands": 0}
    assert state["phase"] == "deal" and state["turn"] == "Ann" and state["legal"] == ["deal"]
    for settings in ({"scoring": "most"}, {"scoring": "cards_left", "hands": 3}, {"jokers": 1}):
        response = api.client.post("/api/matches", json={"game": "curdle", "players": list(PLAYERS),
                                                         "settings": settings})
        assert response.status_code == 422 and response.get_json()["error"]["rule"] == "SETTINGS", settings
    response = api.client.post("/api/matches", json={"game": "curdle", "players": ["Ann"]})
    assert response.status_code == 422


def test_a_whole_hand_through_every_play_action_type(api):
    match = api.create(game="curdle", players=PLAYERS)
    for seq, (action, phase, tops, bridge, hands, stock, curdle) in enumerate(HAND, 1):
        result = api.act(match, action)
        state = result["state"]
        assert result["seq"] == seq and result["findings"] == []
        assert state["phase"] == phase, (seq, action)
        assert (state["banks"]["A"]["top"], state["banks"]["B"]["top"]) == tops, (seq, action)
        assert state["bridge"] == bridge, (seq, action)
        assert (state["hands"]["Ann"], state["hands"]["Ben"]) == hands, (seq, action)
        assert state["stock"] == stock and state["curdle"] == curdle, (seq, action)
    assert state["winner"] == "Ann" and state["deal_over"] and state["scores"] == {"Ann": 1, "Ben": 0}
    assert state["next_dealer"] == "Ben" and state["turn"] == "Ben" and state["legal"] == ["deal"]
    hand = state["history"][0]
    assert hand["cards_left"] == {"Ann": 0, "Ben": 8}
    assert [(c["kind"], c["curdler"]) for c in hand["curdles"]] == [
        ("kingfisher", "Ben"), ("natural", "Ann"), ("blind", "Ann")]
    # The deal passes left: Ben deals hand 2 and Ann opens it.
    state = api.act(match, {"type": "deal", "card": "5s"})["state"]
    assert state["deal"] == 1 and state["dealer"] == "Ben" and state["turn"] == "Ann"
    assert state["hands"] == {"Ann": 10, "Ben": 10} and state["stock"] == 33 and state["winner"] is None


def test_runs_starters_and_the_views_of_each_moment(api):
    match = api.create(game="curdle", players=PLAYERS)
    state = play_to(api, match, 2)                  # bank B open: Ben needs a starter
    assert state["turn"] == "Ben" and state["legal"] == ["play", "draw", "fluke"]
    assert state["run"] == {"player": "Ben", "cards": 0, "starter": False}
    assert state["banks"]["B"]["values"] == [12, 2] and state["banks"]["A"]["values"] == [13]
    state = api.act(match, HAND[2][0])["state"]
    assert state["run"] == {"player": "Ben", "cards": 1, "starter": True} and state["legal"] == ["play", "end_run"]
    assert state["curdler"] == "Ben" and state["banks"]["B"]["cards"] == ["Qc", "Ad"]
    state = api.act(match, HAND[3][0])["state"]     # a joker on the king: a kingfisher
    assert state["curdle"] == "kingfisher" and state["bridge"] == [13]
    state = api.act(match, {"type": "end_run"})["state"]
    assert state["turn"] == "Ann" and state["run"]["cards"] == 0 and state["curdler"] == "Ben"


def test_draw_keeps_the_card_and_passes_the_turn(api):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"))
    api.act(match, {"type": "deal", "card": "9h"})
    state = api.act(match, {"type": "open", "card": "5c"})["state"]
    assert state["stock"] == 54 - 30 - 1
    state = api.act(match, {"type": "draw", "player": "Ben"})["state"]
    assert state["hands"]["Ben"] == 10 and state["stock"] == 22 and state["turn"] == "Cy"
    assert state["failures"] == 0               # the curdler's own failure does not count
    state = api.act(match, {"type": "draw"})["state"]
    assert state["turn"] == "Ann" and state["failures"] == 1 and state["phase"] == "play"


def test_pass_on_an_empty_stock_and_the_blind_curdle_it_makes(api):
    # Five players leave a stock of 3 cards.
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy", "Dee", "Eve"))
    api.act(match, {"type": "deal", "card": "9h"})
    assert api.act(match, {"type": "open", "card": "5c"})["state"]["stock"] == 3
    assert rule_of(api, match, {"type": "pass"}) == "CURDLE-TURN-3"        # cards still in the stock
    for _ in range(3):                                                     # Ben, Cy, Dee draw
        state = api.act(match, {"type": "draw"})["state"]
    assert state["stock"] == 0 and state["turn"] == "Eve" and state["legal"] == ["play", "pass"]
    assert rule_of(api, match, {"type": "draw"}) == "CURDLE-TURN-3"        # nothing to draw
    state = api.act(match, {"type": "pass"})["state"]
    assert state["turn"] == "Ann" and state["failures"] == 3 and state["hands"]["Eve"] == 10
    state = api.act(match, {"type": "pass"})["state"]
    assert state["phase"] == "blind" and state["curdle"] == "blind" and state["turn"] == "Ben"
    # Bank A holds one card and the stock none: only that card is taken, and bank A must restart.
    cards = state["blind_cards"]
    assert cards["A"] == ["9h"] and cards["from_stock"] == {"A": 0, "B": 0}
    assert cards["restart"] == {"A": True, "B": True}
    state = api.act(match, {"type": "blind", "bank": "A", "to": ["Cy"], "restart": "7d"})["state"]
    assert state["phase"] == "play" and state["banks"]["A"]["cards"] == ["7d"] and state["stock"] == 0
    assert state["turn"] == "Ben" and state["hands"]["Cy"] == 11 and state["failures"] == 0


def test_a_fluker_is_drawn_and_played_and_the_run_goes_on(api):
    match = api.create(game="curdle", players=PLAYERS)
    play_to(api, match, 5)
    assert rule_of(api, match, {"type": "fluke", "card": "Qs", "bank": "B"}) == "CURDLE-TURN-3"  # no king
    result = api.act(match, {"type": "fluke", "card": "Ks", "bank": "B"})
    state = result["state"]
    assert state["hands"]["Ann"] == 10 and state["stock"] == 32 and state["curdler"] == "Ann"
    assert state["run"] == {"player": "Ann", "cards": 1, "starter": True}
    assert state["legal"] == ["play", "end_run"]
    assert rule_of(api, match, {"type": "draw"}) == "CURDLE-TURN-3"        # a starter is down


def test_a_natural_curdle_is_broken_by_the_curdler_with_another_rank(api):
    match = api.create(game="curdle", players=PLAYERS)
    state = play_to(api, match, 12)
    assert state["phase"] == "break" and state["curdler"] == "Ann"
    assert state["bridge"] == []
    assert rule_of(api, match, {"type": "break", "card": "3c", "bank": "B"}) == "CURDLE-CURDLE-2"
    assert rule_of(api, match, {"type": "play", "card": "9h", "bank": "B"}) == "CURDLE-CURDLE-2"
    # Only the curdler breaks: the API's TURN, citing the game's rule that says so.
    error = api.act(match, {"type": "break", "card": "9h", "bank": "B", "player": "Ben"}, status=422)["error"]
    assert (error["rule"], error["cites"]) == ("TURN", "CURDLE-CURDLE-1")
    # Ann holds 4 cards and only two threes are unseen: she surely holds another rank.
    assert state["legal"] == ["break"] and state["hands"]["Ann"] == 4
    assert rule_of(api, match, {"type": "draw"}) == "CURDLE-CURDLE-2"
    state = api.act(match, {"type": "break", "card": "9h", "bank": "B"})["state"]
    assert state["phase"] == "play" and state["turn"] == "Ann" and state["run"]["cards"] == 8
    assert state["legal"] == ["play", "end_run"]       # her fluker was the starter


def test_CURDLE_2_a_curdler_whose_hand_count_proves_a_break_may_not_draw_or_pass(api):
    # Both jokers are on the banks: none of Ben's 9 cards can be a joker.
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy", "Dee", "Eve"))
    api.act(match, {"type": "deal", "card": "JK"})
    state = api.act(match, {"type": "open", "card": "JK"})["state"]
    assert state["phase"] == "break" and state["legal"] == ["break"] and state["stock"] == 3
    for kind in ("draw", "pass"):
        error = api.act(match, {"type": kind}, status=422)["error"]
        assert error["rule"] == "CURDLE-CURDLE-2", kind
        assert "Ben holds 9 cards and every card of the curdled rank (joker) is accounted for" in error["message"]
    state = api.act(match, {"type": "break", "card": "8c", "bank": "B"})["state"]
    assert state["phase"] == "play" and state["curdle"] is None and state["hands"]["Ben"] == 8
    assert state["legal"] == ["play", "draw", "fluke"]


def test_CURDLE_TURN_3_after_a_break_the_curdler_still_needs_a_starter(api):
    match = api.create(game="curdle", players=PLAYERS)
    for action in ({"type": "deal", "card": "7h"}, {"type": "open", "card": "7c"},
                   {"type": "break", "card": "9d", "bank": "A"}):
        state = api.act(match, action)["state"]
    assert state["run"] == {"player": "Ben", "cards": 1, "starter": False}
    assert state["legal"] == ["play", "draw", "fluke"]
    error = api.act(match, {"type": "end_run"}, status=422)["error"]
    assert error["rule"] == "CURDLE-TURN-3" and "a break card is not a bridge" in error["message"]
    state = api.act(match, {"type": "draw"})["state"]
    assert state["turn"] == "Ann" and state["hands"] == {"Ann": 10, "Ben": 9} and state["stock"] == 32


def test_a_numeric_as_sent_as_text_is_told_to_send_a_number(api):
    match = api.create(game="curdle", players=PLAYERS)
    play_to(api, match, 2)                          # tops K, Q: bridge 1 or 11
    error = api.act(match, {"type": "play", "card": "Jd", "bank": "B", "as": "11"}, status=422)["error"]
    assert error["rule"] == "ACTION"
    assert error["message"] == '"as" is a number, not text: send 11 without quotes (J♦ counts 11 or 3)'
    state = api.act(match, {"type": "play", "card": "Jd", "bank": "B", "as": 11})["state"]
    assert state["banks"]["B"]["top"] == "Jd"


def test_a_match_kept_under_the_first_rules_replays_with_the_draw_it_no_longer_has(client, api):
    # Under version 1 Ben drew in a curdle of jokers; today he surely holds a card that breaks
    # it. The match still opens; the draw is set aside and reported.
    match = api.create(game="curdle", players=PLAYERS)
    api.act(match, {"type": "deal", "card": "JK"})
    api.act(match, {"type": "open", "card": "JK"})
    export = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    assert export["rules_version"] == 2
    export["log"].append({**export["log"][-1], "seq": export["log"][-1]["seq"] + 1, "action": {"type": "draw"}})
    imported = client.post("/api/matches/import", json={**export, "rules_version": 1})
    assert imported.status_code == 201, imported.get_json()
    state = imported.get_json()["state"]
    assert [(r["seq"], r["rule"]) for r in state["no_longer_accepted"]] == [(3, "CURDLE-CURDLE-2")]
    assert state["phase"] == "break" and state["hands"]["Ben"] == 9 and state["legal"] == ["break"]
    match_id = imported.get_json()["id"]
    for path in (f"/m/{match_id}", f"/m/{match_id}/timeline", f"/api/matches/{match_id}",
                 f"/api/matches/{match_id}/export.json", f"/api/matches/{match_id}/scoresheet.pdf"):
        assert client.get(path).status_code == 200, path
    refused = client.post("/api/matches/import", json=export)
    assert refused.status_code == 422


def test_a_blind_curdle_hands_out_the_chosen_banks_top_four(api):
    match = api.create(game="curdle", players=PLAYERS)
    state = play_to(api, match, 14)
    assert rule_of(api, match, {"type": "blind", "bank": "A", "to": ["Ann"] * 4}) == "CURDLE-CURDLE-4"
    state = api.act(match, {"type": "draw"})["state"]
    assert state["phase"] == "blind" and state["turn"] == "Ann" and state["legal"] == ["blind"]
    assert state["blind_cards"]["A"] == ["3s", "6c", "9s", "Qd"]
    assert state["blind_cards"]["B"] == ["9h", "3d", "Jh", "Ks"]
    assert state["blind_cards"]["restart"] == {"A": False, "B": False}
    for action in ({"type": "blind", "bank": "A", "to": ["Ann", "Ben", "Ann"]},
                   {"type": "blind", "bank": "A", "to": ["Ben", "Ben", "Ann", "Ann"]},
                   {"type": "blind", "bank": "A", "to": ["Ann", "Ben", "Ann", "Ann"], "restart": "5d"},
                   {"type": "draw"}):
        assert rule_of(api, match, action) == "CURDLE-CURDLE-5", action
    assert rule_of(api, match, {"type": "blind", "bank": "A", "to": ["Ann", "Ben", "Ann", "Zed"]}) == "ACTION"
    assert rule_of(api, match, {"type": "blind", "bank": "C", "to": ["Ann"] * 4}) == "ACTION"
    state = api.act(match, {"type": "blind", "bank": "B", "to": ["Ben", "Ann", "Ann", "Ann"]})["state"]
    assert state["banks"]["B"]["cards"] == ["Qc", "Ad"] and state["bridge"] == [2, 11]   # 3♠ against A♦
    assert state["hands"] == {"Ann": 3, "Ben": 8} and state["stock"] == 35 and state["blind_cards"] is None
    # 9♥ went to Ben: it is in his hand or under the stock, so Ann cannot play it.
    assert rule_of(api, match, {"type": "play", "card": "9h", "bank": "A"}) == "CURDLE-TURN-5"


def test_a_blind_curdle_from_a_short_bank_takes_from_the_stock_and_restarts_it(api):
    match = api.create(game="curdle", players=PLAYERS)
    api.act(match, {"type": "deal", "card": "Kh"})
    api.act(match, {"type": "open", "card": "Qc"})
    api.act(match, {"type": "draw"})                # Ben, the curdler: his own failure does not count
    state = api.act(match, {"type": "draw"})["state"]
    assert state["phase"] == "blind" and state["curdler"] == "Ben"
    assert state["blind_cards"]["A"] == ["Kh"] and state["blind_cards"]["from_stock"] == {"A": 3, "B": 3}
    assert state["blind_cards"]["restart"] == {"A": True, "B": True}
    assert rule_of(api, match, {"type": "blind", "bank": "A", "to": ["Ben", "Ann", "Ben", "Ben"]}) == \
        "CURDLE-CURDLE-5"                           # the empty bank needs a restart card
    state = api.act(match, {"type": "blind", "bank": "A", "to": ["Ben", "Ann", "Ben", "Ben"],
                            "restart": "5d"})["state"]
    assert state["banks"]["A"]["cards"] == ["5d"] and state["bridge"] == [3, 7]
    assert state["stock"] == 31 - 3 + 4 - 1 and state["hands"] == {"Ann": 11, "Ben": 10}
    assert state["turn"] == "Ben" and state["run"]["cards"] == 0


def test_a_false_end_of_run_is_a_finding(api):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"))
    for action in ({"type": "deal", "card": "9h"}, {"type": "open", "card": "5c"},
                   {"type": "play", "card": "4s", "bank": "A"},      # Ben: bridge now 1
                   {"type": "end_run"},                               # Ben says he holds no 1 (entry 4)
                   {"type": "play", "card": "JK", "bank": "A"}, {"type": "end_run"},        # Cy
                   {"type": "play", "card": "4d", "bank": "A"}, {"type": "end_run"}):       # Ann: 1 again
        assert api.act(match, action)["findings"] == []
    result = api.act(match, {"type": "play", "card": "Ah", "bank": "A"})
    assert [f["rule"] for f in result["findings"]] == ["CURDLE-TURN-2"]
    assert "At entry 4 Ben ended the run" in result["findings"][0]["message"]
    assert result["state"]["findings"][0]["seq"] == 9


def test_quick_mode_records_a_whole_hand(api):
    match = api.create(game="curdle", players=("Ann", "Ben", "Cy"), mode="quick",
                       settings={"scoring": "cards_left", "target": 20})
    assert rule_of(api, match, {"type": "deal", "card": "9h"}) == "ACTION"
    assert rule_of(api, match, {"type": "quick", "winner": "Ben"}) == "ACTION"          # cards left needed
    assert rule_of(api, match, {"type": "quick", "winner": "Ben", "cards_left": {"Ann": 4, "Cy": 0}}) == \
        "CURDLE-SCORE-2"
    state = api.act(match, {"type": "quick", "winner": "Ben", "cards_left": {"Ann": 4, "Cy": 7}})["state"]
    # The hand just recorded, hand 0, dealt by Ann (not the next one): see the test below.
    assert state["scores"] == {"Ann": 4, "Ben": 0, "Cy": 7} and state["deal"] == 0 and state["phase"] == "quick"
    assert state["history"][0]["cards_left"] == {"Ann": 4, "Ben": 0, "Cy": 7}
    state = api.act(match, {"type": "quick", "winner": "Ann", "cards_left": {"Ben": 9, "Cy": 13}})["state"]
    assert state["match_over"] and state["match_winners"] == ["Ann"]     # lowest total wins
    assert state["scores"] == {"Ann": 4, "Ben": 9, "Cy": 20}
    assert rule_of(api, match, {"type": "quick", "winner": "Ann", "cards_left": {"Ben": 1, "Cy": 1}}) == \
        "CURDLE-SCORE-2"
    assert rule_of(api, api.create(game="curdle", players=PLAYERS), {"type": "quick", "winner": "Ann"}) == "ACTION"


DEAL_KEYS = ("deal", "dealer", "next_dealer", "deal_over", "deal_scores")


def deal_keys(state: dict) -> dict:
    return {key: state[key] for key in DEAL_KEYS}


def test_quick_mode_shows_each_recorded_hand_as_play_mode_shows_a_hand_won(api):
    # Each "quick" entry is a whole hand; between entries the state shows the last recorded hand
    # as play mode shows a hand won before the next deal: its number, its dealer (the deal
    # passes left: Ann, Ben, Cy), deal_over, its scores, and who deals the next hand.
    players = ("Ann", "Ben", "Cy")
    match = api.create(game="curdle", players=players, mode="quick",
                       settings={"scoring": "cards_left", "target": 100})
    assert deal_keys(match["state"]) == {"deal": 0, "dealer": "Ann", "next_dealer": None,
                                         "deal_over": False, "deal_scores": None}
    hands = (
        ({"winner": "Ben", "cards_left": {"Ann": 4, "Cy": 7}}, {"Ann": 4, "Ben": 0, "Cy": 7}),
        ({"winner": "Cy", "cards_left": {"Ann": 2, "Ben": 9}}, {"Ann": 2, "Ben": 9, "Cy": 0}),
        ({"winner": "Ann", "cards_left": {"Ben": 3, "Cy": 5}}, {"Ann": 0, "Ben": 3, "Cy": 5}),
    )
    for number, (hand, scores) in enumerate(hands):
        state = api.act(match, {"type": "quick", **hand})["state"]
        assert deal_keys(state) == {"deal": number, "dealer": players[number],
                                    "next_dealer": players[(number + 1) % 3],
                                    "deal_over": True, "deal_scores": scores}, number
        row = state["history"][-1]
        assert len(state["history"]) == number + 1
        assert (row["deal"], row["dealer"], row["winner"], row["scores"]) == (
            state["deal"], state["dealer"], state["winner"], state["deal_scores"]), number
        assert state["outcome"]["number"] == state["deal"] + 1
        assert state["phase"] == "quick" and state["turn"] is None and state["legal"] == ["quick"]
    # An undo goes back to the hand before.
    state = api.act(match, {"type": "undo"})["state"]
    assert deal_keys(state) == {"deal": 1, "dealer": "Ben", "next_dealer": "Cy", "deal_over": True,
                                "deal_scores": hands[1][1]}


def test_a_quick_hand_shows_the_deal_keys_play_mode_shows_after_the_same_hand(api):
    match = api.create(game="curdle", players=PLAYERS)
    played = deal_keys(play_to(api, match, len(HAND)))          # Ann goes out, Ben kept 8
    assert played == {"deal": 0, "dealer": "Ann", "next_dealer": "Ben", "deal_over": True,
                      "deal_scores": {"Ann": 1, "Ben": 0}}
    quick = api.create(game="curdle", players=PLAYERS, mode="quick")
    state = api.act(quick, {"type": "quick", "winner": "Ann", "cards_left": {"Ben": 8}})["state"]
    assert deal_keys(state) == played


def test_undo_retracts_the_last_entry_and_the_log_marks_it(api):
    match = api.create(game="curdle", players=PLAYERS)
    play_to(api, match, 12)                                  # the natural curdle
    state = api.act(match, {"type": "undo"})["state"]
    assert state["phase"] == "play" and state["banks"]["A"]["top"] == "6c" and state["hands"]["Ann"] == 5
    state = api.act(match, {"type": "play", "card": "3s", "bank": "A"})["state"]
    assert state["curdle"] == "natural"
    log = api.client.get(f"/api/matches/{match['id']}/log").get_json()
    assert [(e["action"]["type"], e["undone"]) for e in log[-3:]] == [("play", True), ("undo", False),
                                                                      ("play", False)]


def test_rejections_name_the_rule(api):
    match = api.create(game="curdle", players=PLAYERS)
    assert rule_of(api, match, {"type": "play", "card": "4s", "bank": "A"}) == "CURDLE-SETUP-2"
    assert rule_of(api, match, {"type": "deal", "card": "9x"}) == "CARD"
    assert rule_of(api, match, {"type": "deal"}) == "ACTION"
    assert rule_of(api, match, {"type": "shuffle"}) == "ACTION"
    assert rule_of(api, match, {"type": "deal", "card": "9h", "player": "Ben"}) == "TURN"
    api.act(match, {"type": "deal", "card": "Kh"})
    assert rule_of(api, match, {"type": "play", "card": "4s", "bank": "A"}) == "CURDLE-SETUP-3"
    assert rule_of(api, match, {"type": "open", "card": "Kh"}) == "CURDLE-TURN-5"           # on bank A
    api.act(match, {"type": "open", "card": "Qc"})
    assert rule_of(api, match, {"type": "deal", "card": "9h"}) == "CURDLE-TURN-4"           # mid-hand
    assert rule_of(api, match, {"type": "end_run"}) == "CURDLE-TURN-3"                      # no card yet
    error = api.act(match, {"type": "play", "card": "7c", "bank": "A"}, status=422)["error"]
    assert error["rule"] == "CURDLE-TURN-1" and "7♣" in error["message"] and "1 or 11" in error["message"]
    assert rule_of(api, match, {"type": "play", "card": "Ad", "bank": "C"}) == "ACTION"
    assert rule_of(api, match, {"type": "play", "card": "Ad", "bank": "B", "player": "Ann"}) == "TURN"
    assert rule_of(api, match, {"type": "play", "card": "Jd", "bank": "B", "as": 3}) == "CURDLE-VALUE-2"
    assert rule_of(api, match, {"type": "break", "card": "9h", "bank": "B"}) == "CURDLE-CURDLE-2"
    assert rule_of(api, match, {"type": "blind", "bank": "A", "to": ["Ben"] * 4}) == "CURDLE-CURDLE-4"
    api.act(match, {"type": "play", "card": "Ad", "bank": "B"})
    api.act(match, {"type": "play", "card": "JK", "bank": "A"})
    error = api.act(match, {"type": "play", "card": "Qs", "bank": "A"}, status=422)["error"]
    assert error["rule"] == "CURDLE-CURDLE-3" and "king" in error["message"]
    error = api.act(match, {"type": "play", "card": "Ad", "bank": "A"}, status=422)["error"]
    assert error["rule"] == "CURDLE-TURN-5" and "bank B" in error["message"]
    assert api.state(match)["seq"] == 4


def test_the_match_ends_at_the_hands_house_rule(api):
    match = api.create(game="curdle", players=PLAYERS, settings={"hands": 1})
    state = play_to(api, match, len(HAND))
    assert state["match_over"] and state["phase"] == "match_over" and state["match_winners"] == ["Ann"]
    assert state["legal"] == [] and state["turn"] is None
    assert rule_of(api, match, {"type": "deal", "card": "9h"}) == "CURDLE-SCORE-1"
