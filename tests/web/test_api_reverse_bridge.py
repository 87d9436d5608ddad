"""Reverse Bridge through the JSON action API (and the match page's form, which posts the same
actions): every action type, a whole hand played card by card from a deal the test knows, the
audit with and without an injected breach, adjustments, undo, quick mode and rejections.

The helpers at the top (a known deal, an independent follow-suit/forced-capture move generator,
the score) are shared with the PDF and browser tests of this game.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from referee.cards import Card, standard_deck
from tests.engine.test_reverse_bridge import high, legal_cards, trick_winner  # the rules as the tests know them

PLAYERS = ("Ann", "Ben", "Cat", "Dan")            # North, East, South, West
TEAM = ("NS", "EW", "NS", "EW")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP = {"C": "c", "D": "d", "H": "h", "S": "s", "NT": None}
RATE = {"C": 2, "D": 2, "H": 3, "S": 3, "NT": 3}
SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

# The auction the tests use: Ann (North) deals, Ben opens. Ann's 3♥ is the final bid (NS bid
# that EW take 3 tricks); Cat was the first to name hearts, so Dan, on her left, leads.
AUCTION = [("bid", 1, "S"), ("bid", 2, "H"), ("pass",), ("bid", 3, "H"), ("pass",), ("pass",), ("pass",)]
CONTRACT = (3, "H", 0, 3)                          # level, denomination, bidder seat, leader seat (Ann deals)


# --- an independent model of the play (not the engine's code) ---------------------------------

def expected_score(level: int, denomination: str, opponents: int) -> tuple[int, int]:
    made = opponents >= level
    return (level * RATE[denomination] + (denomination == "NT")) if made else 0, 5 * abs(opponents - level)


@dataclass
class Breach:
    trick: int
    seat: int
    card: Card
    rule: str


@dataclass
class KnownHand:
    """A whole hand as the table really played it: the 52 cards in order, and what follows."""

    plays: list[tuple[int, Card]] = field(default_factory=list)     # (seat, card) in order
    tricks: list[list[tuple[int, Card]]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    taken: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    breach: Breach | None = None

    def cards(self) -> list[str]:
        return [str(card) for _, card in self.plays]


def known_deal(seed: int = 11) -> dict[int, list[Card]]:
    deck = list(standard_deck())
    random.Random(seed).shuffle(deck)
    hands = {seat: sorted(deck[seat * 13:(seat + 1) * 13], key=lambda x: ("cdhs".index(x.suit), high(x)))
             for seat in range(4)}
    assert sum(len(h) for h in hands.values()) == 52 and len(set(deck)) == 52
    return hands


def play_out(hands: dict[int, list[Card]], trump: str | None, leader: int,
             breach_from_trick: int | None = None) -> KnownHand:
    """Play a whole hand: each player the lowest legal card. With ``breach_from_trick``, the
    first player from that trick on who must win the trick with a card of the led suit plays a
    lower one of that suit instead (a forced-capture breach, RB-PLAY-2, that no later card can
    prove live)."""
    hands = {seat: list(cards) for seat, cards in hands.items()}
    known = KnownHand()
    for number in range(1, 14):
        trick: list[tuple[int, Card]] = []
        for position in range(4):
            seat = (leader + position) % 4
            legal = legal_cards(hands[seat], trick, trump, seat)
            card = legal[0]
            if breach_from_trick and known.breach is None and number >= breach_from_trick and trick:
                led = trick[0][1].suit
                lower = [x for x in hands[seat] if x.suit == led and x not in legal]
                if lower:
                    card = lower[0]
                    known.breach = Breach(number, seat, card, "RB-PLAY-2")
            hands[seat].remove(card)
            trick.append((seat, card))
            known.plays.append((seat, card))
        leader = trick_winner(trick, trump)
        known.tricks.append(trick)
        known.winners.append(leader)
        known.taken[TEAM[leader]] += 1
    assert all(not cards for cards in hands.values())
    assert not breach_from_trick or known.breach is not None
    return known


def auction_actions() -> list[dict]:
    actions = []
    for call in AUCTION:
        if call[0] == "pass":
            actions.append({"type": "pass"})
        else:
            actions.append({"type": "bid", "level": call[1], "denomination": call[2]})
    return actions


def play_hand(api, match, seed=11, breach_from_trick=None) -> tuple[KnownHand, dict]:
    """Deal, bid (AUCTION, from the left of whoever deals now) and play all 52 cards of a known
    deal through the API; returns the hand as played and the last answer."""
    dealer = PLAYERS.index(api.act(match, {"type": "deal"})["state"]["dealer"])
    for action in auction_actions():
        api.act(match, action)
    # AUCTION's final bid is its 4th call (the dealer's); the 2nd named hearts first.
    level, denomination, leader = 3, "H", (dealer + 3) % 4
    state = api.state(match)
    assert state["contract"]["bidder"] == PLAYERS[dealer] and state["contract"]["leader"] == PLAYERS[leader]
    assert (state["contract"]["level"], state["contract"]["denomination"]) == (level, denomination)
    known = play_out(known_deal(seed), TRUMP[denomination], leader, breach_from_trick)
    answer = None
    for card in known.cards():
        answer = api.act(match, {"type": "play", "card": card})
    return known, answer


# --- every action type ---------------------------------------------------------------------------

def test_create_a_match_with_four_players_in_seat_order(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    state = match["state"]
    for key in ("game", "mode", "players", "seq", "deal", "phase", "turn", "dealer", "deal_over", "match_over",
                "scores", "deal_scores", "findings", "settings", "auction", "contract", "trick", "tricks"):
        assert key in state, key
    assert state["seats"] == {"North": "Ann", "East": "Ben", "South": "Cat", "West": "Dan"}
    assert state["scores"] == {"NS": 0, "EW": 0} and state["tricks"] == {"NS": 0, "EW": 0}
    assert state["phase"] == "deal" and state["turn"] == "Ann" and state["legal"] == ["deal"]
    assert state["settings"] == {"hands": 8, "capture_over_partner": False, "no_forced_capture": False}
    for body, rule in (({"game": "reverse-bridge", "players": ["Ann", "Ben", "Cat"]}, "RB-SETUP-1"),
                       ({"game": "reverse-bridge", "players": list(PLAYERS), "settings": {"hands": 6}}, "SETTINGS"),
                       ({"game": "reverse-bridge", "players": list(PLAYERS),
                         "settings": {"capture_over_partner": True, "no_forced_capture": True}}, "SETTINGS")):
        response = client.post("/api/matches", json=body)
        assert response.status_code == 422 and response.get_json()["error"]["rule"] == rule


def test_deal_bid_and_pass_set_the_contract_and_the_leader(api):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    result = api.act(match, {"type": "deal"})
    state = result["state"]
    assert result["seq"] == 1 and state["phase"] == "auction" and state["turn"] == "Ben"
    assert state["legal"] == ["bid", "pass"] and state["min_bid"] == {"level": 1, "denomination": "C", "text": "1♣"}
    state = api.act(match, {"type": "bid", "level": 1, "denomination": "S"})["state"]
    assert state["turn"] == "Cat" and state["min_bid"] == {"level": 1, "denomination": "NT", "text": "1NT"}
    assert state["auction"][0] == {"player": "Ben", "call": "bid", "level": 1, "denomination": "S",
                                   "text": "1♠", "seq": 2}
    api.act(match, {"type": "bid", "level": 2, "denomination": "H"})
    state = api.act(match, {"type": "pass"})["state"]
    assert state["auction"][-1]["call"] == "pass" and state["turn"] == "Ann"
    api.act(match, {"type": "bid", "level": 3, "denomination": "H"})
    api.act(match, {"type": "pass"})
    state = api.act(match, {"type": "pass"})["state"]
    assert state["phase"] == "auction" and state["contract"] is None
    state = api.act(match, {"type": "pass"})["state"]
    assert state["phase"] == "play" and state["legal"] == ["play"]
    assert state["contract"] == {"level": 3, "denomination": "H", "text": "3♥", "team": "NS", "opponents": "EW",
                                 "bidder": "Ann", "first_bidder": "Cat", "leader": "Dan", "trump": "h"}
    assert state["turn"] == "Dan" and state["trick_number"] == 1 and state["trick"] == []


def test_four_passes_throw_the_hand_in(api):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    api.act(match, {"type": "deal"})
    for _ in range(4):
        state = api.act(match, {"type": "pass"})["state"]
    assert state["phase"] == "deal" and state["dealer"] == "Ben" and state["passed_out"] == 1
    assert state["hands_played"] == 0 and state["scores"] == {"NS": 0, "EW": 0}


def test_a_whole_hand_played_legally_has_a_clean_audit_and_scores(api):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    api.act(match, {"type": "deal"})
    for action in auction_actions():
        api.act(match, action)
    level, denomination, _, leader = CONTRACT
    known = play_out(known_deal(), TRUMP[denomination], leader)
    for index, card in enumerate(known.cards()):
        seat = known.plays[index][0]
        result = api.act(match, {"type": "play", "card": card, "player": PLAYERS[seat]})
        assert result["findings"] == [], (index, result["findings"])
        state = result["state"]
        number, position = divmod(index, 4)
        if index == 51:
            break
        if position < 3:
            assert state["trick"] == [str(c) for _, c in known.tricks[number][:position + 1]]
            assert state["turn"] == PLAYERS[(seat + 1) % 4]
        else:
            winner = known.winners[number]
            assert state["trick"] == [] and state["turn"] == PLAYERS[winner]
            assert state["tricks_played"][-1]["winner"] == PLAYERS[winner]
            assert sum(state["tricks"].values()) == number + 1
    state = result["state"]
    assert state["phase"] == "audit" and state["deal_over"] and state["legal"] == ["adjust", "deal"]
    assert state["tricks"] == known.taken and sum(known.taken.values()) == 13
    bidders, opponents = expected_score(level, denomination, known.taken["EW"])
    assert state["deal_scores"] == {"NS": bidders, "EW": opponents} == state["scores"]
    hand = state["history"][0]
    assert hand["findings"] == [] and hand["dealer"] == "Ann" and hand["bidding_team"] == "NS"
    assert hand["opponents_tricks"] == known.taken["EW"] and len(hand["tricks_record"]) == 13
    assert state["findings"] == []
    # The next deal accepts the result and moves the deal to Ben.
    state = api.act(match, {"type": "deal"})["state"]
    assert state["phase"] == "auction" and state["dealer"] == "Ben" and state["turn"] == "Cat"
    assert state["deal"] == 1 and state["scores"] == {"NS": bidders, "EW": opponents}


def test_the_audit_lists_an_injected_breach_and_adjust_rescores_the_hand(api):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    known, result = play_hand(api, match, breach_from_trick=4)
    breach = known.breach
    findings = result["findings"]
    assert [f["rule"] for f in findings] == ["RB-PLAY-2"]
    assert f"Trick {breach.trick}: {PLAYERS[breach.seat]} played {breach.card.symbol}" in findings[0]["message"]
    state = result["state"]
    hand = state["history"][-1]
    assert [(f["trick"], f["player"], f["card"], f["source"]) for f in hand["findings"]] == \
        [(breach.trick, PLAYERS[breach.seat], str(breach.card), "audit")]
    assert "win the trick" in hand["findings"][0]["obliged"]
    played = known.taken["EW"]
    assert state["deal_scores"] == dict(zip(("NS", "EW"), expected_score(3, "H", played)))

    # The table moves a trick: the hand is scored on the adjusted count, the play stays on record.
    moved = played + 1 if TEAM[breach.seat] == "EW" else played - 1
    result = api.act(match, {"type": "adjust", "tricks": moved, "reason": "the breach cost a trick",
                             "player": "Cat"})
    state = result["state"]
    assert [f["rule"] for f in result["findings"]] == ["RB-AUDIT"]
    assert "the breach cost a trick" in result["findings"][0]["message"]
    hand = state["history"][-1]
    assert hand["adjusted"]["tricks"] == moved and hand["tricks"] == known.taken
    assert hand["opponents_tricks"] == moved
    assert state["deal_scores"] == dict(zip(("NS", "EW"), expected_score(3, "H", moved))) == state["scores"]
    assert [f["rule"] for f in state["findings"]] == ["RB-PLAY-2", "RB-AUDIT"]
    error = api.act(match, {"type": "adjust", "tricks": 4, "reason": "  "}, status=422)["error"]
    assert error["rule"] == "RB-AUDIT" and "reason" in error["message"]
    assert api.act(match, {"type": "adjust", "tricks": 14, "reason": "x"}, status=422)["error"]["rule"] == "ACTION"


def test_undo_retracts_the_last_entry_and_keeps_it_in_the_log(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    api.act(match, {"type": "deal"})
    for action in auction_actions():
        api.act(match, action)
    known = play_out(known_deal(), "h", 3)
    first, second = known.cards()[:2]
    api.act(match, {"type": "play", "card": first})
    state = api.act(match, {"type": "play", "card": second})["state"]
    assert state["trick"] == [first, second]
    result = api.act(match, {"type": "undo"})
    state = result["state"]
    assert state["trick"] == [first] and state["turn"] == PLAYERS[known.plays[1][0]]
    log = client.get(f"/api/matches/{match['id']}/log").get_json()
    assert [e["undone"] for e in log[-3:]] == [False, True, False] and log[-1]["action"]["type"] == "undo"
    # The same card can be entered again: the undone one no longer counts.
    state = api.act(match, {"type": "play", "card": second})["state"]
    assert state["trick"] == [first, second]
    # Undo reaches back into the auction too.
    match2 = api.create(game="reverse-bridge", players=PLAYERS)
    api.act(match2, {"type": "deal"})
    api.act(match2, {"type": "bid", "level": 2, "denomination": "NT"})
    state = api.act(match2, {"type": "undo"})["state"]
    assert state["auction"] == [] and state["turn"] == "Ben" and state["min_bid"]["level"] == 1


def test_quick_mode_records_whole_hands_to_the_end_of_the_match(api):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, mode="quick")
    assert match["state"]["legal"] == ["quick"] and match["state"]["turn"] is None
    assert api.act(match, {"type": "deal"}, status=422)["error"]["rule"] == "ACTION"
    hands = [("Ben", 7, "S", 9), ("Cat", 9, "D", 6), ("Dan", 1, "NT", 1), ("Ann", 2, "C", 0)]
    totals = {"NS": 0, "EW": 0}
    for bidder, level, denomination, tricks in hands:
        state = api.act(match, {"type": "quick", "bidder": bidder, "level": level,
                                "denomination": denomination, "tricks": tricks})["state"]
        bidders, opponents = expected_score(level, denomination, tricks)
        team = TEAM[PLAYERS.index(bidder)]
        other = "EW" if team == "NS" else "NS"
        totals[team] += bidders
        totals[other] += opponents
        assert state["deal_scores"] == {team: bidders, other: opponents}
        assert state["scores"] == totals
    # the source's own checks (RB-SCORE-4): 7♠ with 9 taken: 21 and 10; 9♦ with 6: 0 and 15; 1NT with 1: 4 to 0
    assert [h["scores"] for h in state["history"][:3]] == [{"EW": 21, "NS": 10}, {"NS": 0, "EW": 15},
                                                           {"EW": 4, "NS": 0}]
    assert state["match_over"] and state["phase"] == "match_over" and state["legal"] == []
    assert state["winner"] == max(totals, key=totals.get)
    error = api.act(match, {"type": "quick", "bidder": "Ann", "level": 1, "denomination": "C", "tricks": 1},
                    status=422)["error"]
    assert error["rule"] == "RB-SCORE-5"


# The keys API.md gives every game for where the deal stands.
DEAL_KEYS = ("deal", "dealer", "next_dealer", "deal_over", "deal_scores", "hands_played", "passed_out", "scores")


def test_quick_mode_shows_the_last_hand_entered_as_play_mode_shows_a_scored_hand(api, client):
    """After each quick entry, deal, dealer, deal_over and deal_scores describe the same hand, the
    one just entered, and next_dealer deals the next: what play mode shows after the same hands
    (one scored, one thrown in, one scored) before the next deal. The turn line names that
    next dealer."""
    play = api.create(game="reverse-bridge", players=PLAYERS)
    quick = api.create(game="reverse-bridge", players=PLAYERS, mode="quick")
    assert {k: quick["state"][k] for k in DEAL_KEYS[:5]} == {
        "deal": 0, "dealer": "Ann", "next_dealer": "Ann", "deal_over": False, "deal_scores": None}

    def turn_line(match) -> str:
        page = client.get(f"/m/{match['id']}").get_data(as_text=True)
        return re.search(r'<p class="turn rb-turn"[^>]*>\s*(.*?)\s*</p>', page, re.S).group(1)

    def scored(seed: int, dealer: str) -> tuple[dict, dict]:
        # Play mode plays a known deal (the dealer bids 3♥); quick mode enters its result.
        known, answer = play_hand(api, play, seed=seed)
        opponents = "EW" if TEAM[PLAYERS.index(dealer)] == "NS" else "NS"
        entered = api.act(quick, {"type": "quick", "bidder": dealer, "level": 3, "denomination": "H",
                                  "tricks": known.taken[opponents]})
        return answer["state"], entered["state"]

    def thrown_in() -> tuple[dict, dict]:
        api.act(play, {"type": "deal"})
        for _ in range(4):
            state = api.act(play, {"type": "pass"})["state"]
        return state, api.act(quick, {"type": "quick", "passed_out": True})["state"]

    # Hand 1, dealt by Ann: shown until the next entry, Ben deals next.
    played, state = scored(11, "Ann")
    assert played["phase"] == "audit" and state["phase"] == "deal"
    assert {k: state[k] for k in DEAL_KEYS} == {k: played[k] for k in DEAL_KEYS}
    row = state["history"][-1]
    assert (state["deal"], state["dealer"], state["deal_scores"]) == (row["deal"], row["dealer"], row["scores"]) == \
        (0, "Ann", played["history"][-1]["scores"])
    assert state["deal_over"] is True and state["next_dealer"] == "Ben"
    assert turn_line(quick) == "Enter hand 2 of 8: <strong>Ben</strong> deals."

    # Ben's hand is thrown in: as play mode after four passes, nothing scored, Cat deals hand 2.
    played, state = thrown_in()
    assert played["phase"] == state["phase"] == "deal"
    assert {k: state[k] for k in DEAL_KEYS} == {k: played[k] for k in DEAL_KEYS}
    assert state["deal"] == len(state["history"]) == 1 and state["history"][-1]["dealer"] == "Ann"
    assert state["dealer"] == state["next_dealer"] == "Cat"
    assert state["deal_over"] is True and state["deal_scores"] is None and state["passed_out"] == 1
    assert turn_line(quick) == "Enter hand 2 of 8: <strong>Cat</strong> deals."

    # Hand 2, dealt by Cat (the hand thrown in is not counted): Dan deals next.
    played, state = scored(12, "Cat")
    assert {k: state[k] for k in DEAL_KEYS} == {k: played[k] for k in DEAL_KEYS}
    row = state["history"][-1]
    assert (state["deal"], state["dealer"], state["deal_scores"]) == (row["deal"], row["dealer"], row["scores"]) == \
        (1, "Cat", played["history"][-1]["scores"])
    assert state["deal_over"] is True and state["next_dealer"] == "Dan" and state["hands_played"] == 2
    assert turn_line(quick) == "Enter hand 3 of 8: <strong>Dan</strong> deals."
    assert [(r["deal"], r["dealer"]) for r in state["history"]] == [(0, "Ann"), (1, "Cat")]
    # An undo goes back to the entry before: the hand thrown in.
    state = api.act(quick, {"type": "undo"})["state"]
    assert (state["deal"], state["dealer"], state["next_dealer"], state["deal_scores"]) == (1, "Cat", "Cat", None)


def test_RB_QUICK_a_quick_hand_may_name_the_bidding_team_instead_of_the_bidder(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, mode="quick")
    answer = api.act(match, {"type": "quick", "team": "EW", "level": 7, "denomination": "S", "tricks": 9})
    state = answer["state"]
    assert answer["seq"] == 1 and state["scores"] == {"NS": 10, "EW": 21}      # RB-SCORE-4
    hand = state["history"][0]
    assert hand["bidding_team"] == "EW" and hand["contract"]["bidder"] is None
    assert hand["tricks"] == {"NS": 9, "EW": 4} and hand["opponents_tricks"] == 9
    assert state["outcome"]["headline"] == "East–West made 7♠: North–South took 9 tricks, at least the 7 bid."
    # both, or neither: 422 citing RB-QUICK, nothing appended
    for action, words in (({"type": "quick", "team": "NS", "bidder": "Ann", "level": 1, "denomination": "C",
                            "tricks": 1}, "not both"),
                          ({"type": "quick", "level": 1, "denomination": "C", "tricks": 1}, "bidding team")):
        error = api.act(match, action, status=422)["error"]
        assert error["rule"] == "RB-QUICK" and words in error["message"]
    error = api.act(match, {"type": "quick", "team": "North", "level": 1, "denomination": "C", "tricks": 1},
                    status=422)["error"]
    assert error["rule"] == "ACTION" and "team" in error["message"]
    assert api.state(match)["seq"] == 1
    # the log keeps the team as entered
    log = client.get(f"/api/matches/{match['id']}/log").get_json()
    assert log[0]["action"] == {"type": "quick", "team": "EW", "level": 7, "denomination": "S", "tricks": 9}


def test_rejections_are_422_with_the_rule_and_append_nothing(api):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    error = api.act(match, {"type": "bid", "level": 1, "denomination": "C"}, status=422)["error"]
    assert error["rule"] == "RB-AUCTION-1"
    assert api.act(match, {"type": "deal", "player": "Ben"}, status=422)["error"]["rule"] == "TURN"
    api.act(match, {"type": "deal"})
    error = api.act(match, {"type": "bid", "level": 1, "denomination": "C", "player": "Cat"}, status=422)["error"]
    assert error["rule"] == "TURN" and "Ben" in error["message"]
    api.act(match, {"type": "bid", "level": 2, "denomination": "H"})
    error = api.act(match, {"type": "bid", "level": 2, "denomination": "D"}, status=422)["error"]
    assert error["rule"] == "RB-AUCTION-2" and "2♥" in error["message"] and "2♠" in error["message"]
    error = api.act(match, {"type": "bid", "level": 14, "denomination": "C"}, status=422)["error"]
    assert error["rule"] == "RB-AUCTION-1"
    assert api.act(match, {"type": "bid", "level": 3, "denomination": "X"}, status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "play", "card": "2c"}, status=422)["error"]["rule"] == "RB-AUCTION-3"
    assert api.act(match, {"type": "double"}, status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "quick", "bidder": "Ann", "level": 1, "denomination": "C", "tricks": 1},
                   status=422)["error"]["rule"] == "ACTION"
    assert api.act(match, {"type": "adjust", "tricks": 3, "reason": "x"}, status=422)["error"]["rule"] == "RB-AUDIT"
    for _ in range(3):
        api.act(match, {"type": "pass"})
    state = api.state(match)
    assert state["phase"] == "play" and state["turn"] == "Cat"      # Ben named hearts first: Cat leads
    assert api.act(match, {"type": "pass"}, status=422)["error"]["rule"] == "RB-AUCTION-3"
    assert api.act(match, {"type": "deal"}, status=422)["error"]["rule"] == "RB-SETUP-1"
    api.act(match, {"type": "play", "card": "Qs"})
    error = api.act(match, {"type": "play", "card": "Qs"}, status=422)["error"]
    assert error["rule"] == "RB-SETUP-1" and "Q♠" in error["message"] and "Cat" in error["message"]
    assert api.act(match, {"type": "play", "card": "JK"}, status=422)["error"]["rule"] == "RB-SETUP-1"
    error = api.act(match, {"type": "play", "card": "4x"}, status=422)["error"]
    assert error["rule"] == "CARD" and "4x" in error["message"]
    assert api.act(match, {"type": "play", "card": "2s", "player": "Cat"}, status=422)["error"]["rule"] == "TURN"
    assert api.state(match)["seq"] == 6


# --- the match page posts the same actions -------------------------------------------------------

def scorer_page(client, match) -> tuple[str, dict]:
    response = client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    assert response.status_code == 302
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    return page, {"X-CSRFToken": token, "HX-Request": "true"}


def test_the_phone_form_fields_become_the_same_actions(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS)
    page, headers = scorer_page(client, match)
    assert "Ann has dealt hand 1" in page and "Scoring table" in page
    url = f"/m/{match['id']}/act"
    board = client.post(url, data={"type": "deal"}, headers=headers)
    assert board.status_code == 200
    html = board.get_data(as_text=True)
    assert 'data-picker="bid"' in html and "Ben</strong> calls" in html
    # Ben: the bidding box posts the level and the denomination the pressed button names.
    html = client.post(url, data={"type": "bid", "level": "1", "denomination": "S"},
                       headers=headers).get_data(as_text=True)
    assert "1♠" in html
    # The levels below the lowest sufficient bid are disabled, the lowest level is marked.
    assert re.search(r'id="rb-level-1"[^>]*disabled', html) is None      # 1NT still possible
    html = client.post(url, data={"type": "bid", "level": "2", "denomination": "H"},
                       headers=headers).get_data(as_text=True)
    assert re.search(r'id="rb-level-1"[^>]*disabled', html) and re.search(r'id="rb-level-2"[^>]*rb-lowest-level', html)
    assert re.search(r'value="D"[^>]*rb-below-lowest', html) and not re.search(r'value="S"[^>]*rb-below-lowest', html)
    # An insufficient bid is refused with its rule, and the picked level stays picked.
    bad = client.post(url, data={"type": "bid", "level": "2", "denomination": "C"}, headers=headers)
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "RB-AUCTION-2" in html
    assert re.search(r'id="rb-level-2"[^>]*checked', html)
    viewer = client.application.test_client().get(f"/m/{match['id']}").get_data(as_text=True)
    assert "Cat</strong> calls" not in viewer and "Dan</strong> calls" in viewer
    assert 'id="rb-pass"' not in viewer and 'data-picker="bid"' not in viewer
    for data in ({"type": "pass", "level": "5"}, {"type": "bid", "level": "3", "denomination": "H"},
                 {"type": "pass"}, {"type": "pass"}):
        assert client.post(url, data=data, headers=headers).status_code == 200
    html = client.post(url, data={"type": "pass"}, headers=headers).get_data(as_text=True)
    assert "rb-compass" in html and "3♥" in html and "Dan</strong> leads to trick 1" in html
    known = play_out(known_deal(), "h", 3, breach_from_trick=2)
    for _seat, card in known.plays:
        rank, suit = str(card)[:-1], str(card)[-1]
        response = client.post(url, data={"type": "play", "card.rank": rank, "card.suit": suit}, headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
    html = response.get_data(as_text=True)
    assert "Hand 1: audit and score" in html and "RB-PLAY-2" in html and "Adjust hand 1" in html
    assert f"Trick {known.breach.trick}</strong>: {PLAYERS[known.breach.seat]} played" in html
    # Without a reason the adjustment is refused: the refusal is drawn under the Reason box, over
    # the button that sent it, with its rule, and the box is marked as what it is about.
    refused = client.post(url, data={"type": "adjust", "tricks": "5", "reason": ""}, headers=headers)
    assert refused.status_code == 422
    adjust = refused.get_data(as_text=True).split('class="rb-adjust"', 1)[1]
    reason, said, sent = (adjust.index('name="reason"'), adjust.index('class="message error rb-adjust-refusal"'),
                          adjust.index('value="adjust"'))
    assert reason < said < sent
    assert "say why the trick count changes" in adjust[said:sent] and "#RB-AUDIT" in adjust[said:sent]
    assert re.search(r'name="reason"[^>]*aria-invalid="true" aria-describedby="rb-adjust-refusal"', adjust)
    html = client.post(url, data={"type": "adjust", "tricks": "5", "reason": "agreed at the table"},
                       headers=headers).get_data(as_text=True)
    assert "The table counts <strong>5</strong>: agreed at the table" in html
    assert "rb-adjust-refusal" not in html
    state = api.state(match)
    assert state["history"][0]["adjusted"]["tricks"] == 5 and state["auction"][2]["call"] == "pass"


def test_quick_form_and_the_board_of_a_finished_match(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4}, mode="quick")
    page, headers = scorer_page(client, match)
    assert 'data-picker="quick"' in page and "Enter the hand" in page
    # the start screen names the teams with their players
    assert ('<span data-team="NS">North–South: Ann & Cat</span> · '
            '<span data-team="EW">East–West: Ben & Dan</span>') in page
    url = f"/m/{match['id']}/act"
    bad = client.post(url, data={"type": "quick", "bidder": "Ben", "level": "7", "denomination": "S"}, headers=headers)
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "tricks" in html and re.search(r'id="rb-q-level-7"[^>]*checked', html)
    for bidder, level in (("Ben", "7"), ("Cat", "2"), ("Dan", "1"), ("Ann", "4")):
        ok = client.post(url, data={"type": "quick", "bidder": bidder, "level": level, "denomination": "S",
                                    "tricks": "3"}, headers=headers)
        assert ok.status_code == 200
    html = ok.get_data(as_text=True)
    state = api.state(match)
    assert state["match_over"] and "The match is over after 4 hands" in html
    assert html.count('<tr data-hand=') == 4
    assert f'data-team="NS">{state["scores"]["NS"]}<' in html and f'data-team="EW">{state["scores"]["EW"]}<' in html


# --- the scoring table page ----------------------------------------------------------------------

def test_scoring_table_page_is_the_whole_table(client):
    response = client.get("/rules/reverse-bridge/scoring-table")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.count('<table class="rb-score-table"') == 3
    assert html.count("<td class=") == 14 * 39
    # 7♠ with 9 opponents' tricks: 21 to 10 (RB-SCORE-4); 13NT with 13: 40 to 0
    cells = re.findall(r'<td class="(rb-made|rb-off)"><span class="rb-pts-bid">(\d+)</span>'
                       r'<span class="rb-pts-opp">(\d+)</span>', html)
    assert len(cells) == 14 * 39
    hearts = cells[14 * 13:14 * 26]                      # second table, row-major: 14 rows × 13 levels
    assert hearts[9 * 13 + 6] == ("rb-made", "21", "10")
    assert cells[-1] == ("rb-made", "40", "0")
    assert cells[0] == ("rb-off", "0", "5")              # 1♣/♦, no tricks: opponents 5
    assert client.get("/rules/reverse-bridge/scoring-table.pdf?size=a3").status_code == 400


def test_the_last_hand_can_be_adjusted_after_the_match_is_over(api, client):
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4})
    totals = {"NS": 0, "EW": 0}
    for number, seed in enumerate((11, 12, 13, 14)):
        known, result = play_hand(api, match, seed=seed)
        state = result["state"]
        bidding = TEAM[number % 4]                 # AUCTION's final bid is the dealer's
        opponents = "EW" if bidding == "NS" else "NS"
        scored = expected_score(3, "H", known.taken[opponents])
        totals[bidding] += scored[0]
        totals[opponents] += scored[1]
        assert state["history"][-1]["dealer"] == PLAYERS[number] and state["scores"] == totals
    assert state["match_over"] and state["phase"] == "match_over" and state["legal"] == ["adjust"]
    assert state["winner"] == (max(totals, key=totals.get) if totals["NS"] != totals["EW"] else None)
    assert api.act(match, {"type": "deal"}, status=422)["error"]["rule"] == "RB-SCORE-5"
    # The board has no entry form any more, but the audit still offers the adjustment.
    page, headers = scorer_page(client, match)
    assert "The match is over after 4 hands" in page and 'class="entry rb-late-adjust"' in page
    assert page.count('<tr data-hand=') == 4 and "Hand 4: audit and score" in page
    html = client.post(f"/m/{match['id']}/act", data={"type": "adjust", "tricks": "0", "reason": "scored wrongly"},
                       headers=headers).get_data(as_text=True)
    assert "The table counts <strong>0</strong>: scored wrongly" in html
    assert api.state(match)["history"][-1]["adjusted"]["tricks"] == 0


def test_an_adjustment_is_corrected_from_the_timeline_with_its_own_reason(api, client):
    """The correction page once kept every posted "reason" for a ruling it might record, so an
    adjustment corrected there lost its own reason and was always refused (RB-AUDIT)."""
    match = api.create(game="reverse-bridge", players=PLAYERS, settings={"hands": 4})
    play_hand(api, match, seed=11)
    adjusted = api.act(match, {"type": "adjust", "tricks": 2, "reason": "a trick was miscounted"})
    seq = adjusted["seq"]
    page, headers = scorer_page(client, match)
    form = client.get(f"/m/{match['id']}/timeline/correct/{seq}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    done = client.post(f"/m/{match['id']}/timeline/correct/{seq}",
                       data={"csrf_token": token, "type": "adjust", "tricks": "3", "reason": "counted again: three"})
    assert done.status_code == 302, done.get_data(as_text=True)[:500]
    state = api.state(match)
    assert state["history"][-1]["adjusted"]["tricks"] == 3
    assert state["corrections"][-1]["action"] == {"type": "adjust", "tricks": 3, "reason": "counted again: three"}


def test_RB_AUDIT_an_adjustment_to_the_count_the_hand_has_is_nothing_to_adjust(api, client):
    """The table corrects the trick count (RB-AUDIT). The count the hand already has changes
    nothing: refused as such, citing the rule, not asked for a reason. With a reason it is still
    taken, as it always was (a stored recount replays unchanged)."""
    match = api.create(game="reverse-bridge", players=PLAYERS)
    known, _result = play_hand(api, match, breach_from_trick=4)
    played = known.taken["EW"]
    error = api.act(match, {"type": "adjust", "tricks": played}, status=422)["error"]
    assert error == {"rule": "RB-AUDIT", "message": f"{played} is the count as played: nothing to adjust"}
    error = api.act(match, {"type": "adjust", "tricks": played, "reason": " "}, status=422)["error"]
    assert error["message"] == f"{played} is the count as played: nothing to adjust"
    # A different count still needs its reason.
    moved = played - 1
    error = api.act(match, {"type": "adjust", "tricks": moved}, status=422)["error"]
    assert error["rule"] == "RB-AUDIT" and error["message"].startswith("say why the trick count changes")
    seq = api.act(match, {"type": "adjust", "tricks": moved, "reason": "a trick was miscounted"})["seq"]
    # Once adjusted, that count is the one there is nothing to adjust; back to the count as played
    # is a change again, with its reason.
    error = api.act(match, {"type": "adjust", "tricks": moved}, status=422)["error"]
    assert error == {"rule": "RB-AUDIT",
                     "message": f"{moved} is already the count the table set (entry {seq}): nothing to adjust"}
    error = api.act(match, {"type": "adjust", "tricks": played}, status=422)["error"]
    assert error["message"].startswith("say why the trick count changes")
    state = api.act(match, {"type": "adjust", "tricks": played, "reason": "recounted: as played"})["state"]
    assert state["history"][-1]["adjusted"]["tricks"] == played

    # On the phone the refusal is drawn by the Tricks box, which it is about, under the new label.
    page, headers = scorer_page(client, match)
    assert "Tricks to count for East–West (0–13; " in page and "are counted as taking" not in page
    refused = client.post(f"/m/{match['id']}/act", data={"type": "adjust", "tricks": str(played), "reason": ""},
                          headers=headers)
    assert refused.status_code == 422
    adjust = refused.get_data(as_text=True).split('class="rb-adjust"', 1)[1]
    assert f"{played} is already the count the table set" in adjust and "say why" not in adjust
    assert re.search(r'name="tricks"[^>]*aria-invalid="true" aria-describedby="rb-adjust-refusal"', adjust)
    assert not re.search(r'name="reason"[^>]*aria-invalid', adjust)
