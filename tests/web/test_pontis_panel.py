"""The Pontis entry panel offers what the rulings allow: a single king for a curdle maker in
phase sum, a liar call on a named fake, and the next game's dealer in words."""
from __future__ import annotations

from tests.web.reading import text_of
from tests.web.test_pages import csrf


def scorer(client, api, players, settings=None, mode="play"):
    match = api.create(players=players, settings=settings or {}, mode=mode)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    token = csrf(client.get(f"/m/{match['id']}").get_data(as_text=True))
    return match, token


def test_a_curdle_maker_answers_an_ace_curdle_with_a_single_king_from_the_panel(client, api):
    match, token = scorer(client, api, ("Ann", "Ben"))
    for action in ({"type": "deal", "foundation_suit": "s"}, {"type": "reveal", "card": "As"},
                   {"type": "reveal", "card": "2s"}, {"type": "play", "card": "Ac"}, {"type": "miss"}):
        api.act(match, action)
    page = text_of(client.get(f"/m/{match['id']}").get_data(as_text=True))
    assert "Or one card for 13" in page and "Play the pair" in page
    answer = client.post(f"/m/{match['id']}/act", headers={"X-CSRFToken": token},
                         data={"type": "play", "card.rank": "K", "card.suit": "d", "top": "last"})
    assert answer.status_code == 200
    assert api.state(match)["banks"][1]["top"] == "Kd"


def test_a_liar_call_names_its_fake_from_the_panel(client, api):
    match, token = scorer(client, api, ("Ann", "Ben", "Cat"), settings={"liar_points": 2})
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                   {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
                   {"type": "reveal", "card": "Qh"}, {"type": "miss"}):  # entry 6: Cat misses, needing 8
        api.act(match, action)
    for card in ("7d", "3c", "9s", "2c", "Ac", "8c"):  # ... and her 8♣ proves it
        api.act(match, {"type": "play", "card": card})
    html = client.get(f"/m/{match['id']}").get_data(as_text=True)
    assert '<option value="6">' in html and "Cat's miss at entry 6" in html
    refused = client.post(f"/m/{match['id']}/act", headers={"X-CSRFToken": token},
                          data={"type": "liar", "caller": "Ann", "missed_at": "7"})
    assert refused.status_code == 422 and "PONTIS-LIAR-3" in refused.get_data(as_text=True)
    assert all(f["called_by"] is None for f in api.state(match)["fakes"])
    answer = client.post(f"/m/{match['id']}/act", headers={"X-CSRFToken": token},
                         data={"type": "liar", "caller": "Ann", "missed_at": "6"})
    assert answer.status_code == 200
    assert api.state(match)["fakes"][0]["called_by"] == "Ann"


def test_an_entry_sent_without_its_card_is_told_what_to_tap_not_a_field_name(client, api):
    match, token = scorer(client, api, ("Ann", "Ben", "Cat"))
    for action in ({"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                   {"type": "reveal", "card": "9h"}):
        api.act(match, action)
    answer = client.post(f"/m/{match['id']}/act", headers={"X-CSRFToken": token}, data={"type": "play"})
    page = text_of(answer.get_data(as_text=True))
    assert answer.status_code == 422
    assert "Something is missing: choose the card, then send again." in page and "field" not in page
    assert api.state(match)["seq"] == 3
