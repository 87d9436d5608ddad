"""The dispute view: every entry in words, disputes and rulings, corrections from the phone."""
from __future__ import annotations

import io
import re
from datetime import datetime, timezone

from pypdf import PdfReader
from sqlalchemy import insert

from referee import store
from tests.web.reading import text_of
from tests.web.test_pages import csrf, match_id, new_match

OPENING = [{"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
           {"type": "reveal", "card": "9h"}, {"type": "play", "card": "4c"},
           {"type": "reveal", "card": "Qh"}, {"type": "play", "card": "8s"}]


def scorer_match(client):
    mid = match_id(new_match(client))
    token = csrf(client.get(f"/m/{mid}").get_data(as_text=True))
    for action in OPENING:
        assert client.post(f"/m/{mid}/act", data=action, headers={"X-CSRFToken": token}).status_code == 200
    return mid, token


def test_every_entry_in_words(client):
    mid, _ = scorer_match(client)
    page = text_of(client.get(f"/m/{mid}/timeline").get_data(as_text=True))
    assert "Ann deals game 1: foundation suit ♥" in page
    assert "Ben played 4♣ — bridge 4" in page
    assert "Cat played 8♠ — bridge 8" in page


def test_a_dispute_is_raised_ruled_shown_and_printed(client):
    mid, token = scorer_match(client)
    raised = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "4",
                                                     "note": "Ben put down 4♠, not 4♣"})
    assert raised.status_code == 302
    page = client.get(f"/m/{mid}/timeline").get_data(as_text=True)
    assert "Ben put down 4♠, not 4♣" in page and "Record the ruling" in page
    ruled = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "7",
                                                    "decision": "overruled", "reason": "all saw the club", "seq": "4"})
    assert ruled.status_code == 302
    page = text_of(client.get(f"/m/{mid}/timeline").get_data(as_text=True))
    assert "Ruling: overruled — all saw the club" in page
    sheet = PdfReader(io.BytesIO(client.get(f"/api/matches/{mid}/scoresheet.pdf").data))
    text = "\n".join(p.extract_text() for p in sheet.pages)
    assert "Disputes and corrections" in text and "all saw the club" in text and "overruled" in text


def test_a_correction_page_has_the_live_keys_set_to_the_entry(client):
    mid, _token = scorer_match(client)
    page = client.get(f"/m/{mid}/timeline/correct/6").get_data(as_text=True)
    # Drawn for the table before entry 6 (Cat to play, needing 8), with 8♠ picked.
    assert "Cat needs" in text_of(page)
    assert re.search(r'name="card\.rank" value="8" checked', page)
    assert re.search(r'name="card\.suit" value="s" checked', page)
    assert 'value="play"' in page


def test_a_correction_that_holds_is_applied_and_the_original_stays_visible(client):
    mid, token = scorer_match(client)
    response = client.post(f"/m/{mid}/timeline/correct/6", data={"csrf_token": token, "type": "play",
                                                                 "card.rank": "8", "card.suit": "c"})
    assert response.status_code == 302
    page = text_of(client.get(f"/m/{mid}/timeline").get_data(as_text=True))
    assert "Cat played 8♠ — bridge 8" in page and "corrected at entry 7" in page
    assert "Now: Cat played 8♣ — bridge 8" in page
    assert "Correction of entry 6: Cat played 8♣ — bridge 8" in page
    assert client.get(f"/api/matches/{mid}").get_json()["banks"][2]["top"] == "8c"


def test_a_correction_that_breaks_later_entries_is_listed_and_changes_nothing(client):
    mid, token = scorer_match(client)
    form = {"csrf_token": token, "type": "reveal", "card": "Jh"}
    refused = client.post(f"/m/{mid}/timeline/correct/5", data=form)
    assert refused.status_code == 422
    page = text_of(refused.get_data(as_text=True))
    assert "Entry 6 : 8♠ is not a bridge: Cat needs 7" in page and "Correct and set these aside" in page
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 6
    applied = client.post(f"/m/{mid}/timeline/correct/5", data={**form, "drop": "6"})
    assert applied.status_code == 302
    state = client.get(f"/api/matches/{mid}").get_json()
    assert state["banks"][2]["top"] == "Jh" and state["turn"] == "Cat"


def test_an_adjusted_ruling_is_carried_out_by_a_correction(client):
    mid, token = scorer_match(client)
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "6", "note": "a club"})
    ruled = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "7",
                                                   "decision": "adjusted", "reason": "it was the club", "seq": "6"})
    assert ruled.status_code == 302 and "/timeline/correct/6" in ruled.headers["Location"]
    form = client.get(ruled.headers["Location"]).get_data(as_text=True)
    assert "Carrying out the ruling on the dispute at entry 7" in text_of(form)
    done = client.post(ruled.headers["Location"], data={"csrf_token": token, "dispute": "7",
                                                        "ruling_reason": "it was the club", "type": "play",
                                                        "card.rank": "8", "card.suit": "c"})
    assert done.status_code == 302
    state = client.get(f"/api/matches/{mid}").get_json()
    assert state["banks"][2]["top"] == "8c"
    assert state["disputes"][0]["ruling"] == {"seq": 9, "decision": "adjusted", "reason": "it was the club",
                                              "carried_out_by": 8}
    page = text_of(client.get(f"/m/{mid}/timeline?entry=6").get_data(as_text=True))
    assert "carried out at entry 8" in page


def test_an_adjustment_of_a_dispute_no_correction_can_reach_is_refused_on_the_timeline(app, client):
    # A dispute about a table entry (here, about another dispute) cannot be carried out by a
    # correction: the ruling form says so where it was sent, instead of leading to a 404. Such
    # a dispute is refused as a new entry now; a log stored before that may still hold one.
    mid, token = scorer_match(client)
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "6", "note": "a club"})
    with app.app_context():
        store.db.session.execute(insert(store.Event).values(
            match_id=mid, seq=8, action={"type": "dispute", "seq": 7, "note": "too late"},
            time=datetime.now(timezone.utc)))
        store.db.session.commit()
    refused = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "8",
                                                     "decision": "adjusted", "reason": "fair", "seq": "7"})
    assert refused.status_code == 422
    assert "entry 7 is not an entry of play in force" in text_of(refused.get_data(as_text=True))
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 8
    # The same dispute ruled overruled is recorded.
    ruled = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "8",
                                                   "decision": "overruled", "reason": "fair", "seq": "7"})
    assert ruled.status_code == 302 and client.get(f"/api/matches/{mid}").get_json()["seq"] == 9
    # An adjustment of a dispute that is not there, or was ruled already, is refused on the
    # timeline with the ruling's own reason, not sent on to a correction.
    for dispute, reason in (("9", "entry 9 is not a dispute"), ("8", "already ruled (overruled)")):
        refused = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": dispute,
                                                         "decision": "adjusted", "reason": "fair", "seq": "7"})
        assert refused.status_code == 422 and reason in text_of(refused.get_data(as_text=True))
    # A dispute about an entry since undone: no correction reaches it either.
    client.post(f"/m/{mid}/act", data={"type": "miss"}, headers={"X-CSRFToken": token})
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "10", "note": "no"})
    client.post(f"/m/{mid}/act", data={"type": "undo"}, headers={"X-CSRFToken": token})
    refused = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "11",
                                                     "decision": "adjusted", "reason": "fair", "seq": "10"})
    assert refused.status_code == 422
    assert "entry 10 is not an entry of play in force" in text_of(refused.get_data(as_text=True))
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 12


def test_an_adjustment_whose_ruling_is_refused_stores_neither(client):
    # The page asked for the correction of an "adjusted" ruling, and meanwhile another phone
    # ruled the dispute overruled: the correction is refused with the ruling's reason, and
    # nothing is stored, however often it is sent.
    mid, token = scorer_match(client)
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "6", "note": "a club"})
    page = client.get(f"/m/{mid}/timeline/correct/6?dispute=7&ruling_reason=it+was+the+club").get_data(as_text=True)
    seen = re.search(r'name="seen" value="(\d+)"', page).group(1)
    assert seen == "7"
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "ruling", "dispute": "7",
                                            "decision": "overruled", "reason": "no", "seq": "6"})
    form = {"csrf_token": token, "dispute": "7", "ruling_reason": "it was the club", "type": "play",
            "card.rank": "8", "card.suit": "c"}
    for _ in range(2):
        refused = client.post(f"/m/{mid}/timeline/correct/6", data=form)
        assert refused.status_code == 422
        assert "already ruled (overruled)" in text_of(refused.get_data(as_text=True))
    state = client.get(f"/api/matches/{mid}").get_json()
    assert state["seq"] == 8 and state["corrections"] == [] and state["banks"][2]["top"] == "8s"
    # A ruling number that is no dispute: refused the same way, nothing stored.
    assert client.post(f"/m/{mid}/timeline/correct/6", data={**form, "dispute": "99"}).status_code == 422
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 8


def test_a_correction_sent_again_after_a_lost_answer_is_made_once(client):
    mid, token = scorer_match(client)
    page = client.get(f"/m/{mid}/timeline/correct/6").get_data(as_text=True)
    seen = re.search(r'name="seen" value="(\d+)"', page).group(1)
    form = {"csrf_token": token, "seen": seen, "type": "play", "card.rank": "8", "card.suit": "c"}
    assert client.post(f"/m/{mid}/timeline/correct/6", data=form).status_code == 302
    again = client.post(f"/m/{mid}/timeline/correct/6", data=form)
    assert again.status_code == 409
    assert "Another phone entered something first" in text_of(again.get_data(as_text=True))
    state = client.get(f"/api/matches/{mid}").get_json()
    assert state["seq"] == 7 and len(state["corrections"]) == 1


def test_only_the_scorer_can_write_on_the_timeline(client, app):
    mid, _ = scorer_match(client)
    viewer = app.test_client()
    token = csrf(viewer.get(f"/m/{mid}/timeline").get_data(as_text=True))
    assert "Raise a dispute" not in viewer.get(f"/m/{mid}/timeline").get_data(as_text=True)
    assert viewer.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "4",
                                                   "note": "x"}).status_code == 403
