"""Pontoon's ends (issue 12): at the end of each deal the board says who won the most and shows
every player's result, balance and part in the settle-up; the leader is marked; the match is
drawn as running totals; at the end of the session the settle-up is the headline, and a rematch
starts with the same players and house rules and the bank where it now is."""
from __future__ import annotations

import io
import re

from pypdf import PdfReader

from tests.web.reading import chart_of, text_of
from tests.web.test_api_pontoon import AFTER, FINAL, PLAYERS, SHOOT, SHOOT_SESSION, a, play_session


def scorer_on(client, api, deals, end=False):
    match = api.create(game="pontoon", players=list(PLAYERS), settings=SHOOT)
    play_session(api, match, deals, end=end)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    return match


def test_each_settled_deal_reads_as_who_won_with_balances_and_the_settle_up(client, api):
    match = scorer_on(client, api, SHOOT_SESSION[:1])
    state = api.state(match)
    outcome = state["outcome"]
    assert outcome["unit"] == "deal" and outcome["number"] == 1
    # Deal 1: Dee's five card trick paid double (+6) is the most anyone won.
    assert outcome["winners"] == ["Dee"]
    assert outcome["headline"] == "Deal 1: Dee wins the most, 6, against Ann's bank."
    assert outcome["breakdown"]["columns"] == ["This deal", "Balance now", "Settle-up now"]
    rows = {row["who"]: row["cells"] for row in outcome["breakdown"]["rows"]}
    assert rows["Dee"][:2] == ["+6", "+6"] and rows["Ann"][:2] == ["+2", "−38"]   # Ann's kitty is on the table
    assert rows["Cy"][2] == "pays Dee 5" and rows["Dee"][2] == "gets 5 from Cy; gets 1 from Ben"
    # Leaders by the settle-up's measure (the kitty counts as the banker's): Dee.
    assert state["leaders"] == ["Dee"] and state["match_result"] is None
    assert state["running_totals"] == [{**AFTER[0]["balances"], "Ann": AFTER[0]["balances"]["Ann"] + 40}]
    html = client.get(f"/m/{match['id']}/board").get_data(as_text=True)
    page = text_of(html).replace("&#39;", "'")
    assert outcome["headline"] in page and "Settle-up now" in page and "gets 5 from Cy" in page
    assert re.search(r'<tr class="leader"><td>Dee', html)


def test_money_moved_between_deals_shows_at_once_in_the_last_deals_outcome(client, api):
    """The outcome of deal 1 is kept between answers; a kitty top-up before deal 2 still shows
    in its "Balance now" and "Settle-up now" columns at once."""
    match = scorer_on(client, api, SHOOT_SESSION[:1])
    before = api.state(match)["outcome"]
    after = api.act(match, SHOOT_SESSION[1][0])["state"]  # Ann puts 12 more in the kitty
    assert SHOOT_SESSION[1][0] == {"type": "kitty", "amount": 12}
    outcome = after["outcome"]
    assert outcome["number"] == before["number"] == 1 and outcome["headline"] == before["headline"]
    rows = {row["who"]: row["cells"] for row in outcome["breakdown"]["rows"]}
    was = {row["who"]: row["cells"] for row in before["breakdown"]["rows"]}
    assert was["Ann"][:2] == ["+2", "−38"] and rows["Ann"][:2] == ["+2", "−50"]
    assert rows["Ann"][2] == _settle_words_of(after, "Ann")


def _settle_words_of(state, name):
    parts = [f"pays {t['to']} {t['amount']}" if t["from"] == name else f"gets {t['amount']} from {t['from']}"
             for t in state["settle_up"] if name in (t["from"], t["to"])]
    return "; ".join(parts) or "square"


def test_the_match_is_drawn_and_the_session_ends_with_the_settle_up(client, api):
    match = scorer_on(client, api, SHOOT_SESSION, end=True)
    state = api.state(match)
    assert len(state["running_totals"]) == 3
    ben = AFTER[2]["balances"]["Ben"] + AFTER[2]["kitty"]
    assert state["running_totals"][-1] == AFTER[2]["balances"] | {"Ben": ben}
    assert state["match_result"]["winners"] == ["Dee"]
    assert state["match_result"]["headline"] == (
        "After 3 deals, Dee finishes furthest ahead: +17. Settle-up: Ben pays Dee 17 and Cy pays Ann 7.")
    assert state["leaders"] == ["Dee"] and state["balances"] == FINAL["balances"]
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    chart, _series = chart_of(page)
    assert chart.count("<polyline") == 4
    words = text_of(page).replace("&#39;", "'")
    assert state["match_result"]["headline"] in words and "Rematch" in words


KITTY_NOTE = "The chart counts the kitty as the banker's money, as the settle-up does."


def test_the_chart_starts_at_the_buy_in_and_says_it_counts_the_kitty_as_the_bankers(client, api):
    """The chart's measure is the settle-up's (the kitty is the banker's money), which the
    balances leave out: the page and the sheet say so under it, and every line starts at the
    buy-in, on the level line, not at nought."""
    match = api.create(game="pontoon", players=list(PLAYERS), settings={**SHOOT, "buy_in": 100})
    play_session(api, match, SHOOT_SESSION[:2], end=False)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    state = api.state(match)
    first = state["history"][0]["balances"]
    assert state["running_totals"][0] == {**first, "Ann": first["Ann"] + 40}
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    chart, series = chart_of(page)
    level = re.search(r'<line class="axis" x1="[\d.]+" y1="([\d.]+)"', chart).group(1)
    assert {points[0].split(",")[1] for points in series} == {level}   # each line starts at 100
    high, low = (int(t) for t in re.findall(r'<text class="tick"[^>]*text-anchor="end">(\d+)</text>', chart)[:2])
    drawn = [v for totals in state["running_totals"] for v in totals.values()] + [100]
    assert (high, low) == (max(drawn), min(drawn)) and low > 0   # from the buy-in, not from nought
    assert KITTY_NOTE in text_of(page).replace("&#39;", "'")
    sheet = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages).split())
    assert KITTY_NOTE in text.replace("’", "'")
    # The game is named as the table chose it, on the page and the sheet.
    assert "Shoot Pontoon · Ann, Ben, Cy, Dee" in text_of(page) and text.startswith("Shoot Pontoon score sheet")
    # The result names the lead as the board does, against the buy-in: not "leads with 112".
    assert state["balances"]["Dee"] == 112 and state["leaders"] == ["Dee"]
    assert "Result As things stand, Dee is furthest ahead: +12." in text and "leads with" not in text


PLAIN_DEAL = [
    a("deal"),
    a("stake", player="Ben", amount=2), a("stake", player="Cy", amount=3), a("stake", player="Dee", amount=4),
    a("second_card"), a("stick"), a("stick"), a("stick"),
    a("banker_reveal", cards=["10c", "8h"]),
    a("reveal", player="Ben", hand=1, cards=["10s", "9h"]),
    a("reveal", player="Cy", hand=1, cards=["Kd", "7s"]),
    a("reveal", player="Dee", hand=1, cards=["9c", "8d"]),
    a("banker_stick"),
]


def test_without_a_kitty_the_chart_is_the_balances_and_needs_no_note(client, api):
    match = api.create(game="pontoon", players=list(PLAYERS), settings={"buy_in": 50})
    play_session(api, match, [PLAIN_DEAL], end=False)
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    state = api.state(match)
    assert state["running_totals"] == [state["balances"]] and state["balances"]["Ben"] == 52
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    assert chart_of(page)[0] and "kitty as the banker" not in page
    assert "Pontoon · Ann, Ben, Cy, Dee" in text_of(page) and "Shoot Pontoon" not in page


def test_a_rematch_starts_with_the_bank_where_it_ended(client, api):
    match = scorer_on(client, api, SHOOT_SESSION, end=True)
    state = api.state(match)
    assert state["next_dealer"] == "Ben" == state["next_banker"]    # Ben's pontoon took the bank
    token = re.search(r'"X-CSRFToken": "([^"]+)"', client.get(f"/m/{match['id']}").get_data(as_text=True)).group(1)
    started = client.post(f"/m/{match['id']}/rematch", data={"csrf_token": token})
    assert started.status_code == 302
    new = client.get(f"/api/matches/{started.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert new["players"] == ["Ben", "Cy", "Dee", "Ann"] and new["banker"] == "Ben"
    assert new["settings"] == state["settings"] and new["phase"] == "kitty"
    page = client.get(started.headers["Location"]).get_data(as_text=True)
    assert f'<a href="/m/{match["id"]}">Rematch of the previous match</a>' in page
