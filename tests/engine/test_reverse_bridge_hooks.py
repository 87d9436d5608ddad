"""Reverse Bridge and the common engine hooks and view keys: the cards the phone disables, the
running totals, how things stand (leaders, outcome, match result), every entry in words in
English and German, and house rules shown in words."""
from __future__ import annotations

import random
import re

import pytest

import referee.games.reverse_bridge.engine as rb
from referee.actions import Action
from referee.engine import new_match
from referee.errors import InvalidAction
from referee.i18n import language
from tests.engine.test_reverse_bridge import (
    GAME,
    PLAYERS,
    E,
    N,
    S,
    Table,
    W,
    contract_table,
    cs,
    deal_with,
    finish_legally,
    legal_cards,
    play_from,
)


def said(table: Table, action: dict) -> dict[str, str]:
    """Enter ``action`` and say it in English and German."""
    before = table.state
    table.do(action)
    words = {}
    for code in ("en", "de"):
        with language(code):
            words[code] = GAME.describe(before, Action(action), table.state)
    return words


# --- unavailable ---------------------------------------------------------------------------

def test_unavailable_lists_the_cards_played_this_hand_with_their_trick():
    table = contract_table("1H")
    assert GAME.unavailable(table.state) == {}                     # nothing played yet
    hands = deal_with({N: cs("9s"), E: cs("Ks"), S: cs("2s"), W: cs("As")}, seed=3)
    play_from(table, hands, ["9s", "Ks", "2s", "As"])
    gone = GAME.unavailable(table.state)
    assert set(gone) == {"9s", "Ks", "2s", "As"}
    assert {str(reason) for reason in gone.values()} == {"played in trick 1"}
    # the trick in progress counts too, and the reason reads in German
    card = hands[W][0]                                         # Dan won trick 1 and leads
    play_from(table, hands, [str(card)])
    assert str(GAME.unavailable(table.state)[str(card)]) == "played in trick 2"
    with language("de"):
        assert str(GAME.unavailable(table.state)["9s"]) == "im 1. Stich gespielt"
    # once the hand is over no card is entered: nothing to disable
    finish_legally(table, hands)
    assert table.view["phase"] == "audit" and GAME.unavailable(table.state) == {}


def test_unavailable_in_the_auction_and_in_quick_mode_is_empty():
    table = Table()
    table.do({"type": "deal"})
    assert GAME.unavailable(table.state) == {}
    quick = Table(mode="quick")
    quick.do({"type": "quick", "team": "NS", "level": 2, "denomination": "C", "tricks": 3})
    assert GAME.unavailable(quick.state) == {}


# --- stage: the timeline's groups inside a hand ----------------------------------------------

def test_stage_is_the_auction_then_each_trick_and_nothing_between_hands():
    table = Table({"hands": 4})
    assert GAME.stage(table.state) is None                     # the deal starts the hand
    table.do({"type": "deal"})
    assert str(GAME.stage(table.state)) == "Auction"
    table.calls("pass", "pass", "1H", "pass", "pass")
    assert str(GAME.stage(table.state)) == "Auction"           # the last pass is still the auction's
    table.calls("pass")
    assert str(GAME.stage(table.state)) == "Trick 1"
    hands = deal_with({}, seed=5)
    seen = []
    while table.state.phase == "play":
        seen.append(str(GAME.stage(table.state)))
        seat = PLAYERS.index(table.view["turn"])
        trick = [(PLAYERS.index(p["player"]), rb.Card.parse(p["card"])) for p in table.view["trick_cards"]]
        card = legal_cards(hands[seat], trick, "h", seat)[0]
        hands[seat].remove(card)
        table.do({"type": "play", "card": str(card)})
    # the four cards of each trick share its stage, the 13th trick's last card included
    assert seen == [f"Trick {n}" for n in range(1, 14) for _ in range(4)]
    assert table.view["phase"] == "audit" and GAME.stage(table.state) is None
    with language("de"):
        assert str(GAME.stage(contract_table("2S").state)) == "Stich 1"
    quick = Table(mode="quick")
    assert GAME.stage(quick.state) is None


# --- next dealer when the match is over -----------------------------------------------------

@pytest.mark.parametrize("thrown_in", [0, 1, 2])
def test_next_dealer_when_the_match_is_over_is_the_seat_after_the_last_dealer(thrown_in):
    table = Table({"hands": 4}, mode="quick")
    for _ in range(thrown_in):
        table.do({"type": "quick", "passed_out": True})
    for _ in range(4):
        table.do({"type": "quick", "team": "NS", "level": 2, "denomination": "H", "tricks": 2})
    view = table.view
    assert view["match_over"]
    assert view["dealer"] == PLAYERS[(3 + thrown_in) % 4]
    assert view["next_dealer"] == PLAYERS[thrown_in % 4]


def test_next_dealer_after_a_played_match():
    table = Table({"hands": 4})
    for number in range(4):
        table.do({"type": "deal"})
        table.calls("1C", "pass", "pass", "pass")
        finish_legally(table, deal_with({}, seed=number))
    view = table.view
    assert view["match_over"] and view["dealer"] == "Dan" and view["next_dealer"] == "Ann"


# --- running totals, leaders, outcome, match result ----------------------------------------

def test_running_totals_leaders_and_match_result_in_quick_mode():
    table = Table({"hands": 4}, mode="quick")
    view = table.view
    assert GAME.running_totals(table.state) == ()
    assert view["leaders"] == [] and view["outcome"] is None and view["match_result"] is None
    hands = [({"team": "EW"}, 7, "S", 9),           # EW 21, NS 10
             ({"bidder": "Cat"}, 9, "D", 6),        # NS 0, EW 15
             ({"bidder": "Dan"}, 1, "NT", 1),       # EW 4, NS 0
             ({"team": "NS"}, 5, "C", 7)]           # NS 10, EW 10
    for side, level, denomination, tricks in hands:
        table.do({"type": "quick", **side, "level": level, "denomination": denomination, "tricks": tricks})
    assert GAME.running_totals(table.state) == (
        {"NS": 10, "EW": 21}, {"NS": 10, "EW": 36}, {"NS": 10, "EW": 40}, {"NS": 20, "EW": 50})
    view = table.view
    assert view["leaders"] == ["EW"] and view["scores"] == {"NS": 20, "EW": 50}
    outcome = view["outcome"]
    assert outcome["unit"] == "hand" and outcome["number"] == 4
    assert outcome["winners"] == ["NS", "EW"]                   # 10 each: a tied hand
    assert outcome["headline"] == "North–South made 5♣: East–West took 7 tricks, at least the 5 bid."
    assert view["match_result"] == {"winners": ["EW"],
                                    "headline": "East–West win the match 50 to 20 after 4 hands."}
    with language("de"):
        view = table.view
        assert view["match_result"]["headline"] == "Ost–West gewinnt die Partie 50 zu 20 nach 4 Runden."
        assert view["outcome"]["headline"] == (
            "Nord–Süd hat 5♣ erfüllt: Ost–West machte 7 Stiche, mindestens die 5 gebotenen.")


def test_a_tied_match_names_both_teams():
    table = Table({"hands": 4}, mode="quick")
    for team in ("NS", "EW", "NS", "EW"):
        table.do({"type": "quick", "team": team, "level": 2, "denomination": "H", "tricks": 2})
    view = table.view
    assert view["leaders"] == ["NS", "EW"] and view["winner"] is None
    assert view["match_result"] == {"winners": ["NS", "EW"], "headline": "A tie at 12 each after 4 hands."}


def test_outcome_of_a_played_hand_names_the_contract_tricks_and_scoring_table_cell():
    table = contract_table("3NT")                        # Dan's 3NT: EW bid that NS take 3
    finish_legally(table, deal_with({}, seed=4))
    record = table.view["history"][0]
    taken = record["tricks"]
    bidders, opponents = rb.score(3, "NT", taken["NS"])
    outcome = table.view["outcome"]
    made = "made" if taken["NS"] >= 3 else "missed"
    how = "at least" if made == "made" else "fewer than"
    assert outcome["headline"] == (
        f"East–West {made} 3NT: North–South took {taken['NS']} tricks, {how} the 3 bid.")
    cell = f"Bids in NT: level 3, opp. tricks {taken['NS']}"
    assert outcome["breakdown"] == {
        "columns": ["Contract", "Tricks", "Scoring table", "Points"],
        "rows": [{"who": "EW", "cells": ["bid 3NT", str(taken["EW"]), cell, bidders]},
                 {"who": "NS", "cells": ["against 3NT", str(taken["NS"]), cell, opponents]}]}
    assert outcome["winners"] == [t for t in ("NS", "EW") if record["scores"][t] == max(record["scores"].values())]
    # the cell is the scoring table's own: that column's row holds these points
    table_ = rb.scoring_table()
    column = next(i for i, c in enumerate(table_["columns"]) if c["level"] == 3 and c["denominations"] == ["NT"])
    assert table_["rows"][taken["NS"]]["cells"][column] == [bidders, opponents]
    # an adjustment is shown as counted, with the tricks as played
    counted = 13 - taken["NS"] if taken["NS"] != 6 else 5
    table.do({"type": "adjust", "tricks": counted, "reason": "recount"})
    outcome = table.view["outcome"]
    assert f"North–South are counted with {counted} tricks ({taken['NS']} as played)" in outcome["headline"]
    assert outcome["breakdown"]["rows"][1]["cells"][1] == f"{counted} counted ({taken['NS']} played)"
    assert outcome["breakdown"]["rows"][1]["cells"][3] == rb.score(3, "NT", counted)[1]
    assert GAME.running_totals(table.state) == (table.view["scores"],)
    with language("de"):
        outcome = table.view["outcome"]
        assert outcome["breakdown"]["columns"] == ["Kontrakt", "Stiche", "Wertungstabelle", "Punkte"]
        assert outcome["breakdown"]["rows"][0]["cells"][0] == "3SA geboten"
        assert outcome["breakdown"]["rows"][0]["cells"][2] == f"Gebote in SA: Stufe 3, Gegnerstiche {counted}"
        assert "Ost–West hat 3SA" in outcome["headline"] and "wird mit" in outcome["headline"]


# --- every entry in words --------------------------------------------------------------------

def test_every_play_mode_entry_in_words_in_english_and_german():
    table = Table()
    words = said(table, {"type": "deal"})
    assert words == {"en": "Ann deals hand 1", "de": "Ann gibt Runde 1"}
    assert said(table, {"type": "bid", "level": 2, "denomination": "D"}) == {
        "en": "Ben bids 2♦", "de": "Ben bietet 2♦"}
    assert said(table, {"type": "bid", "level": 3, "denomination": "NT"}) == {
        "en": "Cat bids 3 no trumps", "de": "Cat bietet 3 Sans Atout"}
    assert said(table, {"type": "bid", "level": 4, "denomination": "NT"})["en"] == "Dan bids 4 no trumps"
    assert said(table, {"type": "pass"}) == {"en": "Ann passes", "de": "Ann passt"}
    said(table, {"type": "pass"})
    assert said(table, {"type": "pass"}) == {
        "en": "Cat passes: Dan's 4 no trumps is the final bid, Dan leads",
        "de": "Cat passt: 4 Sans Atout von Dan ist das Endgebot, Dan spielt aus"}
    # Cat named no trump first, so Dan leads (RB-AUCTION-5)
    hands = deal_with({W: cs("5s"), N: cs("2s"), E: cs("Ks"), S: cs("3s")}, seed=8)
    assert said_play(table, hands, "5s") == {"en": "Dan plays 5♠", "de": "Dan spielt 5♠"}
    said_play(table, hands, "2s")
    said_play(table, hands, "Ks")
    assert said_play(table, hands, "3s") == {"en": "Cat plays 3♠; Ben wins trick 1",
                                             "de": "Cat spielt 3♠; Ben gewinnt den 1. Stich"}
    rng = random.Random(3)
    last = None
    while table.state.phase == "play":
        view = table.view
        seat = PLAYERS.index(view["turn"])
        card = str(rng.choice(hands[seat]))
        trick = view["trick_cards"]
        led = rb.Card.parse(trick[0]["card"]).suit if trick else None
        follow = [x for x in hands[seat] if x.suit == led]
        card = str(follow[0]) if follow else card
        last = said_play(table, hands, card)
        if len(trick) == 3:
            winner, number = table.view["tricks_played"][-1]["winner"], table.view["tricks_played"][-1]["number"]
            player = PLAYERS[seat]
            expected = (f"{player} plays {rb.Card.parse(card).symbol} and wins trick {number}" if winner == player
                        else f"{player} plays {rb.Card.parse(card).symbol}; {winner} wins trick {number}")
            assert last["en"].startswith(expected)
    taken = table.view["history"][0]["tricks"]
    assert last["en"].endswith(f". Hand 1 is over: North–South {taken['NS']}, East–West {taken['EW']} tricks")
    assert f"Runde 1 ist zu Ende: Nord–Süd {taken['NS']}, Ost–West {taken['EW']} Stiche" in last["de"]
    words = said(table, {"type": "adjust", "tricks": 1, "reason": "recount"})
    assert words == {
        "en": f"The table counts 1 trick for North–South in hand 1 ({taken['NS']} as played): recount",
        "de": f"Der Tisch wertet 1 Stich für Nord–Süd in Runde 1 ({taken['NS']} wie gespielt): recount"}
    assert said(table, {"type": "deal"})["en"] == "Ben deals hand 2"
    for _ in range(4):
        words = said(table, {"type": "pass"})
    assert words == {"en": "Ben passes: all four passed, the hand is thrown in and Cat deals",
                     "de": "Ben passt: alle vier haben gepasst, die Runde wird eingeworfen und Cat gibt"}


def said_play(table: Table, hands, card: str) -> dict[str, str]:
    seat = PLAYERS.index(table.view["turn"])
    hands[seat].remove(rb.Card.parse(card))
    return said(table, {"type": "play", "card": card})


def test_every_quick_entry_in_words_in_english_and_german():
    table = Table({"hands": 4}, mode="quick")
    assert said(table, {"type": "quick", "team": "EW", "level": 7, "denomination": "S", "tricks": 9}) == {
        "en": "Hand 1: East–West bid 7♠; North–South took 9 tricks",
        "de": "Runde 1: Ost–West bot 7♠; Nord–Süd machte 9 Stiche"}
    assert said(table, {"type": "quick", "bidder": "Ann", "level": 1, "denomination": "NT", "tricks": 1}) == {
        "en": "Hand 2: Ann (North–South) bid 1 no trump; East–West took 1 trick",
        "de": "Runde 2: Ann (Nord–Süd) bot 1 Sans Atout; Ost–West machte 1 Stich"}
    assert said(table, {"type": "quick", "passed_out": True}) == {
        "en": "A hand thrown in after four passes; Dan deals next",
        "de": "Eine Runde nach vier Pässen eingeworfen; als Nächstes gibt Dan"}


@pytest.mark.parametrize("code", ["en", "de"])
def test_no_entry_in_words_shows_a_field_name(code):
    table = Table({"hands": 4})
    entries = [{"type": "deal"}, {"type": "bid", "level": 1, "denomination": "NT"}, {"type": "pass"},
               {"type": "pass"}, {"type": "pass"}]
    texts = [said(table, action)[code] for action in entries]
    hands = deal_with({}, seed=5)
    while table.state.phase == "play":
        seat = PLAYERS.index(table.view["turn"])
        trick = table.view["trick_cards"]
        led = rb.Card.parse(trick[0]["card"]).suit if trick else None
        card = next((x for x in hands[seat] if x.suit == led), hands[seat][0])
        texts.append(said_play(table, hands, str(card))[code])
    texts.append(said(table, {"type": "adjust", "tricks": 2, "reason": "agreed"})[code])
    quick = Table(mode="quick")
    texts.append(said(quick, {"type": "quick", "team": "NS", "level": 2, "denomination": "H", "tricks": 4})[code])
    for text in texts:
        assert text and not re.search(r"\b[a-z]+_[a-z]+\b", text), text
        for name in ("denomination", "level", "bidder", "passed_out", "NT", " — "):
            assert name not in text, text


# --- house rules in words ----------------------------------------------------------------------

@pytest.mark.parametrize("code", ["en", "de"])
def test_house_rules_show_words_not_identifiers(code):
    from referee.i18n import gettext

    shown = []
    with language(code):
        for info in rb.Settings.rules():
            shown += [gettext(info.label), gettext(info.help), info.word(info.default)]
            if info.kind is bool:
                shown += [info.word(True), info.word(False)]
        for settings in ({"hands": 6}, {"capture_over_partner": True, "no_forced_capture": True}):
            with pytest.raises(InvalidAction) as caught:
                new_match(GAME, list(PLAYERS), settings, "play")
            shown.append(str(caught.value.message))
    for text in shown:
        assert text and not re.search(r"\b[a-z]+_[a-z]+\b", text), text
        assert not re.search(r"\bhouse rule hands\b", text), text
    if code == "de":
        assert "Stichzwang auch über den Partner" in shown and "aus" in shown and "Kein Stichzwang" in shown
