"""Reverse Bridge engine: one legal and one illegal case per rule id, the end-of-hand audit on
constructed hands, scoring (with the source's own checks), house rules, quick mode, replay.

The helpers at the top (a table driver, an independent forced-capture move generator, deal
builders) are shared with test_reverse_bridge_playthrough.py.
"""
from __future__ import annotations

import json
import pickle
import random
import re

import pytest

import referee.games.reverse_bridge.engine as rb
from referee.cards import Card, standard_deck
from referee.engine import new_match
from referee.errors import InvalidAction
from referee.games.reverse_bridge.rulebook import BOOK
from tests.engine import table as shared

GAME = rb.GAME
PLAYERS = ("Ann", "Ben", "Cat", "Dan")          # North, East, South, West
N, E, S, W = range(4)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP = {"C": "c", "D": "d", "H": "h", "S": "s", "NT": None}
CARD_IN_TEXT = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def c(text: str) -> Card:
    return Card.parse(text)


def cs(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


# --- an independent model of the play rules (not the engine's code) -----------------------

def high(card: Card) -> int:
    return RANKS.index(card.rank)


def trick_winner(trick: list[tuple[int, Card]], trump: str | None) -> int:
    """Seat winning ``trick`` (list of (seat, card)): highest trump, else highest of led suit."""
    led = trick[0][1].suit
    trumps = [(s, x) for s, x in trick if trump is not None and x.suit == trump]
    pool = trumps or [(s, x) for s, x in trick if x.suit == led]
    return max(pool, key=lambda sx: high(sx[1]))[0]


def legal_cards(hand, trick, trump, seat, house="standard") -> list[Card]:
    """What ``seat`` may play from ``hand`` onto ``trick`` under RB-PLAY-1/2/4."""
    if not trick:
        return list(hand)
    led = trick[0][1].suit
    win_seat = trick_winner(trick, trump)
    win_card = dict(trick)[win_seat]
    same = [x for x in hand if x.suit == led]
    capture = house != "no_forced_capture" and (
        house == "capture_over_partner" or win_seat != (seat + 2) % 4)
    if same:
        if capture and win_card.suit == led:
            higher = [x for x in same if high(x) > high(win_card)]
            if higher:
                return higher
        return same
    if not capture or trump is None:
        return list(hand)
    trumps = [x for x in hand if x.suit == trump]
    if not trumps:
        return list(hand)
    if win_card.suit == trump:
        return [x for x in trumps if high(x) > high(win_card)] or trumps
    return trumps


HOUSE_SETTINGS = {
    "standard": {},
    "capture_over_partner": {"capture_over_partner": True},
    "no_forced_capture": {"no_forced_capture": True},
}


# --- driving the engine ---------------------------------------------------------------------

class Table(shared.Table):
    """A Reverse Bridge match as the table enters it, through the shared driver (every action
    goes through the one rules path; a refusal is proved to leave the state unchanged by value),
    with the table's own words: calls and cards."""

    def __init__(self, settings=None, mode="play", players=PLAYERS):
        super().__init__(GAME, players, settings, mode)

    def calls(self, *calls: str):
        """Enter calls like "pass", "1H", "3NT"."""
        for call in calls:
            if call == "pass":
                self.do({"type": "pass"})
            else:
                self.do({"type": "bid", "level": int(call[:-2] if call.endswith("NT") else call[:-1]),
                         "denomination": call[-2:] if call.endswith("NT") else call[-1]})

    def play(self, *cards: str):
        found = []
        for card in cards:
            found.extend(self.do({"type": "play", "card": card}))
        return found


def deal_with(fixed: dict[int, list[Card]], seed: int = 0) -> dict[int, list[Card]]:
    """A full deal where each seat holds its ``fixed`` cards and random others."""
    taken = {x for cards in fixed.values() for x in cards}
    rest = [x for x in standard_deck() if x not in taken]
    random.Random(seed).shuffle(rest)
    hands = {}
    for seat in range(4):
        mine = list(fixed.get(seat, []))
        need = 13 - len(mine)
        hands[seat], rest = mine + rest[:need], rest[need:]
    assert not rest
    return hands


def finish_legally(table: Table, hands: dict[int, list[Card]], house="standard", rng=None):
    """Play out the hand from the current position with legal cards chosen at random."""
    rng = rng or random.Random(7)
    trump = TRUMP[table.state.contract.denomination]
    while table.state.phase == "play":
        view = table.view
        seat = PLAYERS.index(view["turn"])
        trick = [(PLAYERS.index(p["player"]), c(p["card"])) for p in view["trick_cards"]]
        card = rng.choice(legal_cards(hands[seat], trick, trump, seat, house))
        hands[seat].remove(card)
        table.do({"type": "play", "card": str(card)})


def play_from(table: Table, hands, plays: list[str]):
    """Play scripted cards (removing them from the known hands); returns new findings."""
    found = []
    for text in plays:
        card = c(text)
        seat = PLAYERS.index(table.view["turn"])
        assert card in hands[seat], f"{text} is not in {PLAYERS[seat]}'s test hand"
        hands[seat].remove(card)
        found.extend(table.do({"type": "play", "card": text}))
    return found


def contract_table(contract="1H", settings=None) -> Table:
    """Ann (North) deals nothing: Ann is seat 0 and the first dealer; Dan (West) is the first to
    name the final denomination, so Ann leads (RB-AUCTION-5)."""
    table = Table(settings)
    table.do({"type": "deal"})
    table.calls("pass", "pass", contract, "pass", "pass", "pass")
    assert table.view["contract"]["leader"] == "Ann"
    return table


def audit_findings(table: Table) -> list[dict]:
    """Every breach the end-of-hand audit lists: those it found, and the revokes proved live
    that it confirmed (RB-AUDIT: one breach, one finding)."""
    return table.view["history"][-1]["findings"]


# --- settings and setup ---------------------------------------------------------------------

def test_engine_is_registered_with_team_game_flags():
    from referee.games import get

    assert get("reverse-bridge") is GAME
    assert GAME.team_game and GAME.min_players == GAME.max_players == 4
    assert GAME.rule_prefix == "RB"


@pytest.mark.parametrize("settings, ok", [
    ({}, True),
    ({"hands": 4}, True),
    ({"hands": 12, "capture_over_partner": True}, True),
    ({"no_forced_capture": True}, True),
    ({"hands": 6}, False),
    ({"hands": 0}, False),
    ({"hands": 2}, False),
    ({"capture_over_partner": True, "no_forced_capture": True}, False),
    ({"capture_over_partner": "yes"}, False),
    ({"trumps": "none"}, False),
])
def test_settings_validation(settings, ok):
    if ok:
        parsed, _ = new_match(GAME, list(PLAYERS), settings, "play")
        assert parsed.as_dict()["hands"] == settings.get("hands", 8)
    else:
        with pytest.raises(InvalidAction) as caught:
            new_match(GAME, list(PLAYERS), settings, "play")
        assert caught.value.rule == "SETTINGS"


def test_setup_needs_four_players_in_seat_order():
    with pytest.raises(InvalidAction) as caught:
        new_match(GAME, ["Ann", "Ben", "Cat"], {}, "play")
    assert caught.value.rule == "RB-SETUP-1"
    view = Table().view
    assert view["seats"] == {"North": "Ann", "East": "Ben", "South": "Cat", "West": "Dan"}
    assert view["teams"] == {"NS": ["Ann", "Cat"], "EW": ["Ben", "Dan"]}
    assert view["scores"] == {"NS": 0, "EW": 0}
    assert view["phase"] == "deal" and view["turn"] == "Ann" and view["dealer"] == "Ann"
    assert view["legal"] == ["deal"]
    assert view["settings"] == {"hands": 8, "capture_over_partner": False, "no_forced_capture": False}
    for key in ("game", "mode", "players", "deal", "phase", "turn", "dealer", "deal_over",
                "match_over", "scores", "deal_scores", "findings", "settings", "auction",
                "contract", "trick", "tricks", "history"):
        assert key in view
    json.dumps(view, default=list)  # the rows rendered where read (referee.rendered.Rows) are lists


def test_setup_card_already_played_is_refused_saying_where():
    table = contract_table()
    table.play("5s", "2s")
    table.refuse({"type": "play", "card": "5s"}, "RB-SETUP-1", "5♠", "in this trick", "Ann")
    table.play("9s", "Ks")
    table.refuse({"type": "play", "card": "2s"}, "RB-SETUP-1", "2♠", "trick 1", "Ben")
    table.refuse({"type": "play", "card": "JK"}, "RB-SETUP-1", "jokers")
    table.refuse({"type": "play", "card": "1x"}, "CARD")
    table.refuse({"type": "play"}, "ACTION", "card")


def test_setup_a_new_deal_waits_for_the_hand_in_progress():
    table = contract_table()
    table.refuse({"type": "deal"}, "RB-SETUP-1", "trick 1 of 13")
    table = Table()
    table.do({"type": "deal"})
    table.refuse({"type": "deal"}, "RB-SETUP-1", "auction")


def test_deal_rotates_clockwise_every_hand():
    table = Table()
    dealers = []
    for number in range(4):
        table.do({"type": "deal"})
        dealers.append(table.view["dealer"])
        # left of the dealer bids, three passes
        table.calls("1C", "pass", "pass", "pass")
        finish_legally(table, deal_with({}, seed=number))
        assert table.view["phase"] == "audit"
        assert table.view["next_dealer"] == PLAYERS[(number + 1) % 4]
    assert dealers == list(PLAYERS)


def test_unknown_action_and_mode_mismatch():
    # The engine base's refusals: one message for an unknown type, one for each side of the gate.
    table = Table()
    table.refuse({"type": "double"}, "ACTION", "Reverse Bridge has no action “double”", "deal", "quick")
    table.refuse({"type": "quick", "bidder": "Ann", "level": 1, "denomination": "C",
                  "tricks": 1}, "ACTION", "“quick” is for matches that keep results only")
    quick = Table(mode="quick")
    quick.refuse({"type": "deal"}, "ACTION", "this match keeps results only", "not “deal”")


# --- auction ----------------------------------------------------------------------------------

def test_auction_1_starts_left_of_dealer_and_goes_clockwise():
    table = Table()
    table.refuse({"type": "bid", "level": 1, "denomination": "C"}, "RB-AUCTION-1", "deal")
    table.do({"type": "deal"})
    assert table.view["turn"] == "Ben" and table.view["legal"] == ["bid", "pass"]
    table.refuse({"type": "pass", "player": "Ann"}, "TURN")
    table.do({"type": "pass", "player": "Ben"})
    assert table.view["turn"] == "Cat"
    table.do({"type": "bid", "level": 13, "denomination": "c"})
    assert table.view["auction"][-1] == {"player": "Cat", "call": "bid", "level": 13,
                                         "denomination": "C", "text": "13♣", "seq": 3}
    assert table.view["turn"] == "Dan"


@pytest.mark.parametrize("level", [0, 14, -1])
def test_auction_1_level_is_one_to_thirteen(level):
    table = Table()
    table.do({"type": "deal"})
    table.refuse({"type": "bid", "level": level, "denomination": "S"}, "RB-AUCTION-1", "1 to 13")


@pytest.mark.parametrize("action, words", [
    ({"type": "bid", "level": 2, "denomination": "X"}, ["denomination"]),
    ({"type": "bid", "level": 2}, ["denomination"]),
    ({"type": "bid", "level": "2", "denomination": "S"}, ["level"]),
    ({"type": "bid", "denomination": "S"}, ["level"]),
])
def test_auction_1_malformed_bids(action, words):
    table = Table()
    table.do({"type": "deal"})
    table.refuse(action, "ACTION", *words)


@pytest.mark.parametrize("first, second, ok", [
    ("1C", "1D", True), ("1S", "1NT", True), ("1NT", "2C", True), ("3H", "4C", True),
    ("2S", "2H", False), ("2H", "2H", False), ("3C", "2NT", False), ("1NT", "1S", False),
])
def test_auction_2_each_bid_beats_the_last(first, second, ok):
    table = Table()
    table.do({"type": "deal"})
    table.calls(first)
    level, denom = (int(second[:-2]), "NT") if second.endswith("NT") else (int(second[:-1]), second[-1])
    action = {"type": "bid", "level": level, "denomination": denom}
    if ok:
        table.do(action)
        assert table.view["auction"][-1]["text"] == rb.bid_text(level, denom)
    else:
        error = table.refuse(action, "RB-AUCTION-2", "not higher", "Ben's bid")
        lowest = table.view["min_bid"]
        assert rb.bid_text(lowest["level"], lowest["denomination"]) in error.message


def test_auction_2_min_bid_and_no_double():
    table = Table()
    table.do({"type": "deal"})
    assert table.view["min_bid"] == {"level": 1, "denomination": "C", "text": "1♣"}
    table.calls("4S")
    assert table.view["min_bid"] == {"level": 4, "denomination": "NT", "text": "4NT"}
    table.calls("13NT")
    assert table.view["min_bid"] is None and table.view["legal"] == ["pass"]
    table.refuse({"type": "bid", "level": 13, "denomination": "NT"}, "RB-AUCTION-2",
                 "only a pass")
    table.refuse({"type": "double"}, "ACTION")


def test_auction_3_bid_and_three_passes_ends_it():
    table = Table()
    table.do({"type": "deal"})
    table.calls("pass", "pass", "pass", "2D", "pass", "pass")
    assert table.view["phase"] == "auction"
    table.refuse({"type": "play", "card": "2c"}, "RB-AUCTION-3", "three passes")
    table.calls("pass")
    view = table.view
    assert view["phase"] == "play"
    assert view["contract"]["level"] == 2 and view["contract"]["team"] == "NS"
    assert view["contract"]["bidder"] == "Ann"
    table.refuse({"type": "pass"}, "RB-AUCTION-3", "auction is over")
    table.refuse({"type": "bid", "level": 5, "denomination": "NT"}, "RB-AUCTION-3")


def test_auction_3_four_passes_throw_the_hand_in():
    table = Table()
    table.do({"type": "deal"})
    table.calls("pass", "pass", "pass", "pass")
    view = table.view
    assert view["phase"] == "deal" and view["dealer"] == "Ben" and view["turn"] == "Ben"
    assert view["hands_played"] == 0 and view["passed_out"] == 1 and view["deal"] == 0
    assert view["history"] == [] and view["scores"] == {"NS": 0, "EW": 0}
    assert view["deal_scores"] is None and view["deal_over"] is True
    table.refuse({"type": "deal", "player": "Ann"}, "TURN")
    table.do({"type": "deal", "player": "Ben"})
    assert table.view["turn"] == "Cat"


@pytest.mark.parametrize("contract, trump", [("3H", "h"), ("5C", "c"), ("2NT", None)])
def test_auction_4_denomination_is_trumps(contract, trump):
    table = contract_table(contract)
    view = table.view
    assert view["contract"]["trump"] == trump
    assert view["contract"]["team"] == "EW" and view["contract"]["opponents"] == "NS"
    # A lone low trump beats the ace of the led suit; in no trump it does not.
    hands = deal_with({N: cs("As"), E: cs("2h 2c"), S: cs("3s"), W: cs("4s")})
    play_from(table, hands, ["As", "2h" if trump == "h" else "2c", "3s", "4s"])
    winner = table.view["tricks_played"][0]["winner"]
    assert winner == ("Ben" if trump else "Ann")
    assert table.view["turn"] == winner


@pytest.mark.parametrize("calls, text, leader", [
    # Ben first names hearts; Dan's 2H wins the auction: left of Ben leads.
    (["1H", "2C", "2H", "pass", "pass", "pass"], "2♥", "Cat"),
    # Ben (EW) first names spades, Cat (NS) wins the auction with 2S: still left of Ben.
    (["1S", "2S", "pass", "pass", "pass"], "2♠", "Cat"),
    # The final bidder was also the first to name the denomination.
    (["pass", "1NT", "pass", "pass", "pass"], "1NT", "Dan"),
    (["1C", "1D", "1H", "1S", "2C", "pass", "pass", "pass"], "2♣", "Cat"),
    (["pass", "pass", "pass", "1D", "pass", "pass", "pass"], "1♦", "Ben"),
])
def test_auction_5_first_namer_of_the_denomination_sets_the_leader(calls, text, leader):
    table = Table()
    table.do({"type": "deal"})
    table.calls(*calls)
    view = table.view
    assert view["contract"]["text"] == text
    assert view["contract"]["leader"] == leader
    assert view["turn"] == leader and view["trick_leader"] == leader
    table.refuse({"type": "play", "card": "2c", "player": "Ann" if leader != "Ann" else "Ben"}, "TURN")


# --- play: the duty of each play (pure) -----------------------------------------------------

def trick_of(*pairs):
    return tuple(rb.Play(seat=seat, card=c(card), seq=i + 1) for i, (seat, card) in enumerate(pairs))


SETTINGS = {name: rb.Settings(**values) for name, values in HOUSE_SETTINGS.items()}

# (case, house, trump, trick so far as (seat, card), seat to play, hand, allowed or None, rule)
DUTY_CASES = [
    ("lead: anything", "standard", "h", [], N, "2c 5h As", None, None),
    # following suit, an opponent winning
    ("follow, can beat", "standard", "h", [(N, "9s")], E, "2s Ks As 3c", "Ks As", "RB-PLAY-2"),
    ("follow, cannot beat", "standard", "h", [(N, "9s")], E, "2s 8s 3c", "2s 8s", "RB-PLAY-1"),
    ("follow, 4th seat must beat opponent", "standard", "h", [(N, "9s"), (E, "2s"), (S, "Js")], W,
     "10s Qs", "Qs", "RB-PLAY-2"),
    ("follow, trumped already: any of suit", "standard", "h", [(N, "9s"), (E, "2h")], S,
     "As 3s 4h", "3s As", "RB-PLAY-1"),
    ("follow, no trump", "standard", None, [(N, "9s")], E, "2s Ks 3h", "Ks", "RB-PLAY-2"),
    ("follow in trumps, must beat", "standard", "h", [(N, "9h")], E, "2h Qh 3c", "Qh", "RB-PLAY-2"),
    # following suit, partner winning: only follow suit
    ("follow, partner winning", "standard", "h", [(N, "9s"), (E, "2s")], S, "2c Ks As 3s",
     "3s Ks As", "RB-PLAY-1"),
    ("follow, partner winning, no trump", "standard", None, [(N, "9s"), (E, "2s")], S, "Ks 3s 2d",
     "3s Ks", "RB-PLAY-1"),
    ("follow, partner trumped", "standard", "h", [(N, "9s"), (E, "2h"), (S, "Ks")], W, "As 3s",
     "3s As", "RB-PLAY-1"),
    # void, an opponent winning
    ("void: must trump", "standard", "h", [(N, "9s")], E, "2h Kh 3c", "2h Kh", "RB-PLAY-2"),
    ("void: must overtrump", "standard", "h", [(N, "9s"), (E, "8h")], S, "2h 10h Ah 3c",
     "10h Ah", "RB-PLAY-2"),
    ("void: undertrump ruling", "standard", "h", [(N, "9s"), (E, "8h")], S, "2h 5h 3c",
     "2h 5h", "RB-PLAY-2"),
    ("void: no trumps held", "standard", "h", [(N, "9s")], E, "2d 3c", None, None),
    ("void: no trump contract", "standard", None, [(N, "9s")], E, "2h Ah 3c", None, None),
    ("void in led trumps", "standard", "h", [(N, "9h")], E, "2d As", None, None),
    # void, partner winning: obligations lapse
    ("void, partner winning with led suit", "standard", "h", [(N, "As"), (E, "2s")], S,
     "2h 3c", None, None),
    ("void, partner winning with a trump", "standard", "h", [(N, "9s"), (E, "8h"), (S, "2s")], W,
     "Ah 3c", None, None),
    # capture over partner
    ("over partner: follow and beat", "capture_over_partner", "h", [(N, "9s"), (E, "2s")], S,
     "3s Ks", "Ks", "RB-PLAY-2"),
    ("over partner: must trump", "capture_over_partner", "h", [(N, "As"), (E, "2s")], S,
     "2h 3c", "2h", "RB-PLAY-2"),
    ("over partner: overtrump", "capture_over_partner", "h", [(N, "9s"), (E, "8h"), (S, "2s")], W,
     "Ah 3h 3c", "Ah", "RB-PLAY-2"),
    ("over partner: undertrump", "capture_over_partner", "h", [(N, "9s"), (E, "8h"), (S, "2s")], W,
     "3h 3c", "3h", "RB-PLAY-2"),
    # no forced capture: follow suit only
    ("whist: follow any", "no_forced_capture", "h", [(N, "9s")], E, "2s Ks 3h", "2s Ks", "RB-PLAY-1"),
    ("whist: void, may discard", "no_forced_capture", "h", [(N, "9s")], E, "2h 3c", None, None),
]


@pytest.mark.parametrize("case, house, trump, so_far, seat, hand, allowed, rule", DUTY_CASES,
                         ids=[case[0] for case in DUTY_CASES])
def test_play_duty(case, house, trump, so_far, seat, hand, allowed, rule):
    owed = rb.duty(cs(hand), trick_of(*so_far), seat, trump, SETTINGS[house])
    trick = [(s, c(x)) for s, x in so_far]
    model = legal_cards(cs(hand), trick, trump, seat, house)
    if allowed is None:
        assert owed is None
        assert sorted(map(str, model)) == sorted(hand.split())
    else:
        assert owed is not None and owed.rule == rule
        assert sorted(map(str, owed.cards)) == sorted(allowed.split())
        assert sorted(map(str, model)) == sorted(allowed.split())


@pytest.mark.parametrize("trump, pairs, winner", [
    ("h", [(N, "9s"), (E, "Ks"), (S, "2s"), (W, "As")], W),     # ace high
    ("h", [(N, "9s"), (E, "2h"), (S, "As"), (W, "3h")], W),     # highest trump
    ("h", [(N, "9s"), (E, "Ac"), (S, "10s"), (W, "Kd")], S),    # off-suit never wins
    (None, [(N, "2s"), (E, "Ah"), (S, "Ac"), (W, "3s")], W),    # no trump
    ("s", [(N, "2s"), (E, "As"), (S, "Ah"), (W, "3s")], E),     # trumps led
])
def test_play_3_trick_winner(trump, pairs, winner):
    assert rb.winning_play(trick_of(*pairs), trump).seat == winner
    assert trick_winner([(s, c(x)) for s, x in pairs], trump) == winner


def test_play_3_winner_leads_next_and_counts():
    table = contract_table("1H")
    hands = deal_with({N: cs("9s"), E: cs("Ks"), S: cs("2s"), W: cs("As 3c")})
    play_from(table, hands, ["9s", "Ks", "2s", "As"])
    view = table.view
    assert view["tricks_played"][0] == {
        "number": 1, "leader": "Ann", "winner": "Dan",
        "cards": [{"player": "Ann", "card": "9s", "seq": 8}, {"player": "Ben", "card": "Ks", "seq": 9},
                  {"player": "Cat", "card": "2s", "seq": 10}, {"player": "Dan", "card": "As", "seq": 11}]}
    assert view["turn"] == "Dan" and view["trick_leader"] == "Dan" and view["trick"] == []
    assert view["tricks"] == {"NS": 0, "EW": 1}
    table.refuse({"type": "play", "card": "3c", "player": "Ann"}, "TURN")
    table.play("3c")
    assert table.view["trick_number"] == 2 and table.view["trick"] == ["3c"]


# --- play: live proof and the end-of-hand audit --------------------------------------------

def test_play_1_revoke_proved_live_by_a_later_card():
    table = contract_table("1H")
    hands = deal_with({N: cs("9s"), E: cs("Ks"), S: cs("2s"), W: cs("As 4s 2d")}, seed=3)
    # Dan holds spades but discards on the spade lead: accepted, nobody can see his hand.
    assert play_from(table, hands, ["9s", "Ks", "2s", "2d"]) == []
    assert table.view["shown_out"]["Dan"] == ["s"]
    assert table.view["findings"] == []
    # Play on legally, Dan playing a spade as soon as one is legal: that proves it.
    rng = random.Random(1)
    found = []
    while not found:
        view = table.view
        seat = PLAYERS.index(view["turn"])
        trick = [(PLAYERS.index(p["player"]), c(p["card"])) for p in view["trick_cards"]]
        legal = legal_cards(hands[seat], trick, "h", seat)
        spades = [x for x in legal if x.suit == "s"]
        card = spades[0] if seat == W and spades else rng.choice(legal)
        hands[seat].remove(card)
        found = list(table.do({"type": "play", "card": str(card)}))
        assert found == [] or card.suit == "s" and seat == W
    (finding,) = found
    assert finding.rule == "RB-PLAY-1" and finding.seq == table.seq
    assert str(finding.message).startswith("Trick 1: Dan played 2♦ on a ♠ lead")
    assert card.symbol in finding.message and "revoke" in finding.message
    assert table.view["shown_out"]["Dan"] == []
    assert table.view["findings"][-1] == finding.as_dict()
    finish_legally(table, hands)
    # the audit confirms the revoke and lists nothing else (RB-AUDIT: one breach, one finding)
    (confirmed,) = audit_findings(table)
    assert (confirmed["trick"], confirmed["player"], confirmed["card"], confirmed["rule"]) == (
        1, "Dan", "2d", "RB-PLAY-1")
    assert confirmed["source"] == "live" and confirmed["seq"] == finding.seq
    assert confirmed["confirmed"] == table.seq


def test_live_proof_never_names_unplayed_cards():
    table = contract_table("1NT")
    hands = deal_with({N: cs("9s 3s"), E: cs("Ks"), S: cs("2s"), W: cs("As 2c")}, seed=5)
    play_from(table, hands, ["9s", "Ks", "2s", "2c"])          # Dan revokes (he holds A♠)
    played = set()
    rng = random.Random(2)
    while table.state.phase == "play":
        view = table.view
        seat = PLAYERS.index(view["turn"])
        trick = [(PLAYERS.index(p["player"]), c(p["card"])) for p in view["trick_cards"]]
        card = rng.choice(legal_cards(hands[seat], trick, None, seat))
        hands[seat].remove(card)
        for finding in table.do({"type": "play", "card": str(card)}):
            played = {p["card"] for t in table.view["tricks_played"] for p in t["cards"]} | {
                p["card"] for p in table.view["trick_cards"]}
            named = {str(Card.parse(x)) for x in CARD_IN_TEXT.findall(str(finding.message))}
            assert "A♠" in finding.message and named and named <= played, (named, played)
    assert played, "Dan's A♠ must have proved the revoke during the hand"


def scripted_hand(contract, fixed, script, settings=None, house="standard", seed=0):
    """Deal ``fixed`` cards plus random ones, play the ``script`` (first tricks, from Ann's
    lead), finish legally; return the table."""
    table = contract_table(contract, settings)
    hands = deal_with(fixed, seed=seed)
    play_from(table, hands, script)
    finish_legally(table, hands, house, rng=random.Random(seed))
    assert table.view["phase"] == "audit"
    return table


CLUBS = cs("2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
DIAMONDS = cs("3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd")

AUDIT_CASES = [
    # (case, contract, fixed cards, script of trick 1 from Ann's lead, house rule,
    #  expected [(trick, player, card, rule, words in the message)])
    ("must beat with a higher card of the suit", "1H",
     {N: cs("5s"), E: cs("Ks 2s"), S: cs("3s"), W: cs("As")}, ["5s", "2s", "3s", "As"], "standard",
     [(1, "Ben", "2s", "RB-PLAY-2", "higher than 5♠")]),
    ("revoke", "1H",
     {N: cs("5s"), E: cs("Ks 2c"), S: cs("3s"), W: cs("As")}, ["5s", "2c", "3s", "As"], "standard",
     [(1, "Ben", "2c", "RB-PLAY-1", "K♠")]),
    ("void with trumps must trump", "1H",
     {N: cs("5s"), E: cs("2h") + CLUBS, S: cs("3s"), W: cs("As")}, ["5s", "2c", "3s", "As"],
     "standard", [(1, "Ben", "2c", "RB-PLAY-2", "trump with a ♥")]),
    ("must overtrump", "1H",
     {N: cs("5s"), E: cs("8h") + CLUBS, S: cs("10h 2d") + DIAMONDS, W: cs("4s")},
     ["5s", "8h", "2d", "4s"], "standard", [(1, "Cat", "2d", "RB-PLAY-2", "overtrump 8♥")]),
    ("undertrump ruling", "1H",
     {N: cs("5s"), E: cs("8h") + CLUBS, S: cs("2h 2d") + DIAMONDS, W: cs("4s")},
     ["5s", "8h", "2d", "4s"], "standard", [(1, "Cat", "2d", "RB-PLAY-2", "cannot beat 8♥")]),
    ("no trump: must beat the opponent's card", "1NT",
     {N: cs("5s"), E: cs("Qs"), S: cs("Ks 3s"), W: cs("4s")}, ["5s", "Qs", "3s", "4s"], "standard",
     [(1, "Cat", "3s", "RB-PLAY-2", "higher than Q♠")]),
    ("partner winning: ducking is allowed", "1H",
     {N: cs("Ks"), E: cs("2s"), S: cs("3s As"), W: cs("4s")}, ["Ks", "2s", "3s", "4s"], "standard",
     []),
    ("capture over partner: no ducking", "1H",
     {N: cs("Ks"), E: cs("2s"), S: cs("3s As"), W: cs("4s")}, ["Ks", "2s", "3s", "4s"],
     "capture_over_partner", [(1, "Cat", "3s", "RB-PLAY-2", "higher than K♠")]),
    ("partner winning: a void player may discard", "1H",
     {N: cs("As"), E: cs("2s"), S: cs("2h 3c") + cs("2d") + DIAMONDS[:-1], W: cs("4s")},
     ["As", "2s", "3c", "4s"], "standard", []),
    ("capture over partner: a void player must trump", "1H",
     {N: cs("As"), E: cs("2s"), S: cs("2h 3c") + cs("2d") + DIAMONDS[:-1], W: cs("4s")},
     ["As", "2s", "3c", "4s"], "capture_over_partner", [(1, "Cat", "3c", "RB-PLAY-2", "trump")]),
    ("no forced capture: need not beat", "1H",
     {N: cs("5s"), E: cs("Ks 2s"), S: cs("3s"), W: cs("As")}, ["5s", "2s", "3s", "As"],
     "no_forced_capture", []),
    ("no forced capture: void may discard", "1H",
     {N: cs("5s"), E: cs("2h") + CLUBS, S: cs("3s"), W: cs("As")}, ["5s", "2c", "3s", "As"],
     "no_forced_capture", []),
    ("no forced capture: must still follow suit", "1H",
     {N: cs("5s"), E: cs("Ks 2c"), S: cs("3s"), W: cs("As")}, ["5s", "2c", "3s", "As"],
     "no_forced_capture", [(1, "Ben", "2c", "RB-PLAY-1", "follow suit")]),
]


@pytest.mark.parametrize("case, contract, fixed, script, house, expected", AUDIT_CASES,
                         ids=[case[0] for case in AUDIT_CASES])
def test_audit_finds_the_constructed_breaches(case, contract, fixed, script, house, expected):
    table = scripted_hand(contract, fixed, script, settings=HOUSE_SETTINGS[house], house=house)
    found = audit_findings(table)
    assert [(f["trick"], f["player"], f["card"], f["rule"]) for f in found] == [
        (t, p, card, rule) for t, p, card, rule, _ in expected]
    for f, (_, player, _card, _, words) in zip(found, expected):
        assert player in f["message"] and f["obliged"]
        if f["source"] == "audit":                  # found at the end: cites the last card's entry
            assert words in f["message"] and f["obliged"] in f["message"]
            assert f["seq"] == len(table.log) and f["confirmed"] is None
        else:                                       # a revoke proved live, confirmed at the end
            assert f["rule"] == "RB-PLAY-1" and "revoke" in f["message"]
            assert f["seq"] < len(table.log) and f["confirmed"] == len(table.log)
    # the findings are in the match's list too, each once
    assert [x for x in table.view["findings"] if x["rule"].startswith("RB-PLAY")] == [
        {"rule": f["rule"], "message": f["message"], "seq": f["seq"]} for f in found]


def test_clean_hand_has_no_findings_and_history_shape():
    table = scripted_hand("3S", {}, [], seed=11)
    view = table.view
    assert view["findings"] == [] and view["phase"] == "audit"
    assert view["legal"] == ["adjust", "deal"] and view["deal_over"] is True
    record = view["history"][0]
    assert set(record) >= {"deal", "dealer", "contract", "bidding_team", "tricks", "opponents_tricks",
                           "adjusted", "scores", "findings", "tricks_record"}
    assert record["deal"] == 0 and record["dealer"] == "Ann" and record["bidding_team"] == "EW"
    assert record["adjusted"] is None
    assert record["tricks"]["NS"] + record["tricks"]["EW"] == 13
    assert record["opponents_tricks"] == record["tricks"]["NS"]
    assert record["scores"] == dict(zip(("EW", "NS"), rb.score(3, "S", record["tricks"]["NS"])))
    assert view["scores"] == record["scores"] == view["deal_scores"]
    assert len(record["tricks_record"]) == 13 and record["tricks_record"] == view["tricks_played"]
    cards = [p["card"] for t in record["tricks_record"] for p in t["cards"]]
    assert sorted(cards) == sorted(str(x) for x in standard_deck())


# --- after the audit: adjust and accept -----------------------------------------------------

def test_audit_adjust_sets_opponents_tricks_with_a_reason():
    table = scripted_hand("1H", {N: cs("5s"), E: cs("Ks 2s"), S: cs("3s"), W: cs("4s")},
                          ["5s", "2s", "3s", "4s"])
    record = table.view["history"][0]
    played = record["tricks"]["NS"]
    target = 13 - played
    table.refuse({"type": "adjust", "tricks": target, "reason": "  "}, "RB-AUDIT", "reason")
    table.refuse({"type": "adjust", "tricks": target}, "RB-AUDIT", "say why")  # as the phone sends a blank one
    table.refuse({"type": "adjust", "tricks": 14, "reason": "x"}, "ACTION", "tricks")
    table.refuse({"type": "adjust", "reason": "x"}, "ACTION", "tricks")
    found = table.do({"type": "adjust", "tricks": target, "reason": "Ben's trick 1 revoke",
                      "player": "Cat"})
    assert len(found) == 1 and found[0].rule == "RB-AUDIT"
    assert f"to {target} ({played} as played)" in found[0].message and "revoke" in found[0].message
    view = table.view
    record = view["history"][0]
    assert record["adjusted"] == {"tricks": target, "reason": "Ben's trick 1 revoke", "seq": table.seq}
    assert record["opponents_tricks"] == target and record["tricks"]["NS"] == played
    expected = dict(zip(("EW", "NS"), rb.score(1, "H", target)))
    assert record["scores"] == expected and view["scores"] == expected
    assert view["deal_scores"] == expected
    # a later adjustment replaces it; dealing accepts the result
    table.do({"type": "adjust", "tricks": 1, "reason": "second thoughts"})
    assert table.view["history"][0]["opponents_tricks"] == 1
    assert table.view["scores"] == {"EW": 3, "NS": 0}
    table.do({"type": "deal", "player": "Ben"})
    assert table.view["phase"] == "auction" and table.view["scores"] == {"EW": 3, "NS": 0}
    table.refuse({"type": "adjust", "tricks": 3, "reason": "too late"}, "RB-AUDIT", "before the next deal")


def test_adjust_needs_a_finished_hand():
    table = Table()
    table.refuse({"type": "adjust", "tricks": 3, "reason": "x"}, "RB-AUDIT")
    table.refuse({"type": "adjust", "tricks": 3, "reason": "x", "player": "Zed"}, "ACTION")


# --- scoring ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level, denom, tricks, expected", [
    (7, "S", 9, (21, 10)),      # RB-SCORE-4 checks from the source
    (9, "D", 6, (0, 15)),
    (1, "NT", 1, (4, 0)),
    (1, "C", 0, (0, 5)),
    (13, "NT", 13, (40, 0)),
    (13, "C", 13, (26, 0)),
    (5, "H", 5, (15, 0)),
    (5, "H", 4, (0, 5)),
    (1, "S", 13, (3, 60)),
    (13, "D", 0, (0, 65)),
    (6, "C", 6, (12, 0)),
    (7, "NT", 10, (22, 15)),
])
def test_score(level, denom, tricks, expected):
    assert rb.score(level, denom, tricks) == expected


def test_score_rejects_impossible_input():
    for args in ((0, "C", 1), (14, "C", 1), (1, "X", 1), (1, "C", 14), (1, "C", -1)):
        with pytest.raises(ValueError):
            rb.score(*args)


def test_scoring_table_matches_the_source_table():
    table = rb.scoring_table()
    assert len(table["columns"]) == 39 and len(table["rows"]) == 14
    assert [row["tricks"] for row in table["rows"]] == list(range(14))
    assert table["columns"][0] == {"level": 1, "denominations": ["C", "D"], "label": "1 ♣/♦"}
    assert table["columns"][38]["label"] == "13 NT"

    def cell(tricks, level, group):
        index = {"CD": 0, "HS": 13, "NT": 26}[group] + level - 1
        return table["rows"][tricks]["cells"][index]

    # cells readable in the source's Table 1 (bidders - opponents)
    assert cell(1, 1, "CD") == [2, 0] and cell(1, 1, "HS") == [3, 0] and cell(1, 1, "NT") == [4, 0]
    assert cell(2, 1, "CD") == [2, 5] and cell(2, 2, "CD") == [4, 0]
    assert cell(6, 6, "CD") == [12, 0] and cell(6, 7, "CD") == [0, 5]
    assert cell(7, 7, "NT") == [22, 0] and cell(9, 1, "HS") == [3, 40]
    assert cell(10, 10, "NT") == [31, 0] and cell(12, 12, "NT") == [37, 0]
    assert cell(13, 13, "HS") == [39, 0] and cell(13, 13, "NT") == [40, 0]
    assert cell(13, 1, "CD") == [2, 60]
    json.dumps(table)


def test_score_5_match_ends_after_the_set_number_of_hands():
    table = Table({"hands": 4})
    for number in range(4):
        table.do({"type": "deal"})
        table.calls("pass", "pass", "pass", "pass")       # thrown in: not a hand
        table.do({"type": "deal"})
        table.calls("2D", "pass", "pass", "pass")
        finish_legally(table, deal_with({}, seed=40 + number))
    view = table.view
    assert view["phase"] == "match_over" and view["match_over"] is True
    assert view["hands_played"] == 4 and view["passed_out"] == 4 and view["turn"] is None
    assert view["legal"] == ["adjust"] and view["deal"] == 3
    totals = {"NS": 0, "EW": 0}
    for record in view["history"]:
        for team in totals:
            totals[team] += record["scores"][team]
    assert view["scores"] == totals
    assert view["winner"] == (None if totals["NS"] == totals["EW"] else max(totals, key=totals.get))
    table.refuse({"type": "deal"}, "RB-SCORE-5", "4 hands")
    table.do({"type": "adjust", "tricks": 2, "reason": "last hand recounted"})
    assert table.view["history"][-1]["opponents_tricks"] == 2


# --- quick mode -------------------------------------------------------------------------------

def test_quick_mode_records_whole_hands():
    table = Table({"hands": 4}, mode="quick")
    view = table.view
    assert view["legal"] == ["quick"] and view["turn"] is None and view["phase"] == "deal"
    table.do({"type": "quick", "bidder": "Ben", "level": 7, "denomination": "S", "tricks": 9})
    view = table.view
    assert view["scores"] == {"NS": 10, "EW": 21} and view["deal_scores"] == {"NS": 10, "EW": 21}
    record = view["history"][0]
    assert record["bidding_team"] == "EW" and record["tricks"] == {"NS": 9, "EW": 4}
    assert record["opponents_tricks"] == 9 and record["dealer"] == "Ann" and record["quick"] is True
    assert record["tricks_record"] == [] and record["findings"] == []
    assert record["contract"]["bidder"] == "Ben" and record["contract"]["leader"] is None
    # The hand just entered, as play mode shows a scored hand before the next deal.
    assert view["deal"] == 0 and view["dealer"] == "Ann" and view["next_dealer"] == "Ben"
    assert view["deal_over"] is True
    table.do({"type": "quick", "passed_out": True})
    # Ben's hand was thrown in: as play mode after four passes, Cat deals hand 2, nothing scored.
    view = table.view
    assert view["deal"] == 1 and view["dealer"] == view["next_dealer"] == "Cat" and view["hands_played"] == 1
    assert view["deal_over"] is True and view["deal_scores"] is None
    table.do({"type": "quick", "bidder": "Cat", "level": 9, "denomination": "d", "tricks": 6})
    table.do({"type": "quick", "bidder": "Ann", "level": 1, "denomination": "NT", "tricks": 1})
    assert table.view["scores"] == {"NS": 10 + 0 + 4, "EW": 21 + 15 + 0}
    assert [r["dealer"] for r in table.view["history"]] == ["Ann", "Cat", "Dan"]
    table.do({"type": "quick", "bidder": "Dan", "level": 13, "denomination": "NT", "tricks": 0})
    view = table.view
    assert view["match_over"] and view["phase"] == "match_over" and view["legal"] == []
    assert view["winner"] == "NS" and view["scores"] == {"NS": 14 + 65, "EW": 36}
    table.refuse({"type": "quick", "bidder": "Ann", "level": 1, "denomination": "C", "tricks": 0},
                 "RB-SCORE-5")


@pytest.mark.parametrize("action, rule", [
    ({"type": "quick", "bidder": "Zed", "level": 1, "denomination": "C", "tricks": 0}, "ACTION"),
    ({"type": "quick", "bidder": "Ann", "level": 0, "denomination": "C", "tricks": 0}, "RB-AUCTION-1"),
    ({"type": "quick", "bidder": "Ann", "level": 14, "denomination": "C", "tricks": 0}, "RB-AUCTION-1"),
    ({"type": "quick", "bidder": "Ann", "level": 2, "denomination": "Z", "tricks": 0}, "ACTION"),
    ({"type": "quick", "bidder": "Ann", "level": 2, "denomination": "C", "tricks": 14}, "ACTION"),
    ({"type": "quick", "bidder": "Ann", "level": 2, "denomination": "C"}, "ACTION"),
    ({"type": "quick", "passed_out": "yes"}, "ACTION"),
    ({"type": "adjust", "tricks": 2, "reason": "x"}, "ACTION"),
    ({"type": "play", "card": "2c"}, "ACTION"),
])
def test_quick_mode_refusals(action, rule):
    Table(mode="quick").refuse(action, rule)


# --- replay, purity, rulebook ---------------------------------------------------------------

def test_replay_gives_the_same_view_and_apply_never_mutates():
    rng = random.Random(99)
    table = Table({"hands": 4})
    for number in range(4):
        table.do({"type": "deal"})
        table.calls("pass", "1H", "pass", "2S", "pass", "pass", "pass")
        hands = deal_with({}, seed=200 + number)
        finish_legally(table, hands, rng=rng)
        table.do({"type": "adjust", "tricks": number, "reason": f"note {number}"})
    assert len(table.view["findings"]) == 4
    replay = Table({"hands": 4})
    for action in table.log:
        before_view = GAME.view(replay.state)
        before_bytes = pickle.dumps(replay.state)
        state_before = replay.state
        replay.do(action)
        assert GAME.view(state_before) == before_view
        assert pickle.dumps(state_before) == before_bytes
    assert GAME.view(replay.state) == GAME.view(table.state)
    copy = pickle.loads(pickle.dumps(table.state))
    assert copy == table.state and GAME.view(copy) == GAME.view(table.state)


def test_rulebook_covers_every_rule_id_the_engine_cites():
    ids = set(BOOK.ids())
    expected = {"RB-SETUP-1", "RB-AUDIT", "RB-QUICK"} | {f"RB-AUCTION-{i}" for i in range(1, 6)} | {
        f"RB-PLAY-{i}" for i in range(1, 5)} | {f"RB-SCORE-{i}" for i in range(1, 6)}
    assert ids == expected
    source = open(rb.__file__, encoding="utf-8").read()
    cited = set(re.findall(r'"(RB-[A-Z]+(?:-\d)?)"', source))
    assert cited <= ids, cited - ids
    assert BOOK.game == GAME.name and BOOK.decisions
