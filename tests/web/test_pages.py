"""The pages: new match, scorer and viewer, CSRF, the polled board, the rules pages."""
from __future__ import annotations

import re

import pytest

from referee import replay as replay_module
from referee import store
from referee.rulebook import book


def csrf(html: str) -> str:
    return re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)


def new_match(client, players="Ann\nBen\nCat", **rules):
    page = client.get("/new").get_data(as_text=True)
    form = {"csrf_token": csrf(page), "game": "pontis", "players": players, "mode": "play", "title": ""}
    form.update({f"rule-{k}": v for k, v in rules.items()})
    form.setdefault("rule-jokers", "2")
    form.setdefault("rule-pair_suit_points", "each")
    form.setdefault("rule-liar_points", "0")
    form.setdefault("rule-banks", "0")
    form.setdefault("rule-bank_scoring", "team")
    form.setdefault("rule-games", "0")
    return client.post("/new", data=form)


def match_id(response) -> str:
    return response.headers["Location"].rsplit("/", 1)[1]


def test_home_and_new_match_form_show_house_rules_with_help(client):
    assert client.get("/").status_code == 200
    page = client.get("/new").get_data(as_text=True)
    assert "Liar points" in page and "0 = calling is off" in page
    fragment = client.get("/new?game=pontis", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="house-rules"' in fragment and "<html" not in fragment


def test_creating_a_match_makes_this_phone_the_scorer(client):
    response = new_match(client, liar_points="2")
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "scorer" in page and 'class="entry"' in page and "<svg" in page


def test_a_bad_new_match_is_answered_on_the_form(client):
    response = new_match(client, players="Ann")
    assert response.status_code == 422
    assert "2 to 13 players" in response.get_data(as_text=True)
    assert new_match(client, players="Ann\nBen", jokers="7").status_code == 422


def entry_form(client, mid):
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    expect = re.search(r'name="expect" value="(\d+)"', page)
    return {"token": csrf(page), "expect": expect.group(1) if expect else None}


def test_entries_need_csrf_and_the_scorer(client, app):
    mid = match_id(new_match(client))
    form = entry_form(client, mid)
    body = {"type": "deal", "foundation_suit": "h", "expect": form["expect"]}
    assert client.post(f"/m/{mid}/act", data=body).status_code == 400          # no CSRF token
    ok = client.post(f"/m/{mid}/act", data=body, headers={"X-CSRFToken": form["token"], "HX-Request": "true"})
    assert ok.status_code == 200 and "turns up their foundation" in ok.get_data(as_text=True)
    viewer = app.test_client()
    viewer_token = entry_form(viewer, mid)["token"]
    denied = viewer.post(f"/m/{mid}/act", data={"type": "reveal", "card": "5h"},
                         headers={"X-CSRFToken": viewer_token})
    assert denied.status_code == 403 and "viewer link" in denied.get_data(as_text=True)
    assert 'class="entry"' not in viewer.get(f"/m/{mid}").get_data(as_text=True)


def test_rejections_and_stale_entries_keep_the_table(client):
    mid = match_id(new_match(client))
    form = entry_form(client, mid)
    headers = {"X-CSRFToken": form["token"]}
    client.post(f"/m/{mid}/act", data={"type": "deal", "foundation_suit": "h"}, headers=headers)
    bad = client.post(f"/m/{mid}/act", data={"type": "reveal", "card": "5c"}, headers=headers)
    answer = re.sub(r"<[^>]+>", "", bad.get_data(as_text=True))
    assert bad.status_code == 422 and "5♣" in answer
    stale = client.post(f"/m/{mid}/act", data={"type": "reveal", "card": "5h", "expect": "0"}, headers=headers)
    assert stale.status_code == 409 and "Another phone" in stale.get_data(as_text=True)
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 1


def test_a_double_tap_is_entered_once_and_an_id_used_again_for_another_entry_is_refused(client):
    mid = match_id(new_match(client))
    form = entry_form(client, mid)
    headers = {"X-CSRFToken": form["token"], "HX-Request": "true"}
    client.post(f"/m/{mid}/act", data={"type": "deal", "foundation_suit": "h"}, headers=headers)
    tap = {"type": "reveal", "card.rank": "5", "card.suit": "h", "id": "tap-7", "expect": "1"}
    first = client.post(f"/m/{mid}/act", data=tap, headers=headers)
    again = client.post(f"/m/{mid}/act", data=tap, headers=headers)
    resent = client.post(f"/m/{mid}/act", data={k: v for k, v in tap.items() if k != "expect"}, headers=headers)
    assert first.status_code == again.status_code == resent.status_code == 200  # the queue resends without expect
    other = client.post(f"/m/{mid}/act", data={**tap, "card.rank": "9"}, headers=headers)
    answer = re.sub(r"<[^>]+>", "", other.get_data(as_text=True))
    assert other.status_code == 422 and "already used for a different entry (entry 2): nothing was entered" in answer
    assert [e["action"] for e in client.get(f"/api/matches/{mid}/log").get_json()] == [
        {"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"}]


def test_the_polled_board_costs_nothing_until_the_log_moves(client, monkeypatch):
    mid = match_id(new_match(client))
    form = entry_form(client, mid)
    client.post(f"/m/{mid}/act", data={"type": "deal", "foundation_suit": "s"}, headers={"X-CSRFToken": form["token"]})
    calls = []
    for name in ("step", "start"):
        original = getattr(replay_module, name)
        monkeypatch.setattr(replay_module, name, lambda *a, _o=original, _n=name, **k: calls.append(_n) or _o(*a, **k))
    monkeypatch.setattr(store, "load", lambda *a, _o=store.load, **k: calls.append("load") or _o(*a, **k))
    store.clear_cache()
    polls = [client.get(f"/m/{mid}/board?since=1&scorer=1") for _ in range(100)]  # as the scorer's page polls
    assert {p.status_code for p in polls} == {304} and all(p.get_data() == b"" for p in polls)
    assert calls == []  # no replay, not even a cache lookup
    moved = client.get(f"/m/{mid}/board?since=0")
    assert moved.status_code == 200 and 'data-seq="1"' in moved.get_data(as_text=True) and calls


def test_the_api_state_answers_304_while_the_log_has_not_moved(client, api):
    match = api.create()
    first = client.get(f"/api/matches/{match['id']}")
    again = client.get(f"/api/matches/{match['id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    # A cache may send the tag back weakened (W/"..."): the comparison is weak, so still 304.
    weak = client.get(f"/api/matches/{match['id']}", headers={"If-None-Match": "W/" + first.headers["ETag"]})
    assert weak.status_code == 304
    api.act(match, {"type": "deal", "foundation_suit": "h"})
    moved = client.get(f"/api/matches/{match['id']}", headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.get_json()["seq"] == 1


def test_a_new_scorer_link_retires_the_old_one(client, app):
    mid = match_id(new_match(client))
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    old_link = re.search(r'class="link scorer-link" href="([^"]+)"', page).group(1)
    other = app.test_client()
    assert other.get(old_link.replace("http://localhost", "")).status_code == 302
    token = entry_form(client, mid)["token"]
    assert client.post(f"/m/{mid}/scorer-link", data={"csrf_token": token}).status_code == 302
    assert other.get(old_link.replace("http://localhost", "")).status_code == 403
    assert 'class="entry"' not in other.get(f"/m/{mid}").get_data(as_text=True)
    assert 'class="entry"' in client.get(f"/m/{mid}").get_data(as_text=True)


@pytest.mark.parametrize("game", ["pontis"])
def test_the_rules_page_has_an_anchor_for_every_rule_id(client, game):
    page = client.get(f"/rules/{game}").get_data(as_text=True)
    rulebook = book(game)
    for rule_id in rulebook.ids():
        assert f'id="{rule_id}"' in page
    assert client.get("/rules/chess").status_code == 404


def test_the_pontis_rulebook_covers_every_rule_id_of_the_spec():
    ids = set(book("pontis").ids())
    expected = {f"PONTIS-{section}-{n}" for section, count in
                (("SETUP", 4), ("VALUE", 3), ("TURN", 5), ("SUIT", 2), ("SUM", 5), ("CURDLE", 2), ("END", 5),
                 ("LIAR", 3), ("BANKS", 2)) for n in range(1, count + 1)}
    assert expected <= ids


def test_health_endpoint_answers_from_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"ok": True}


def test_short_codes_join_as_viewer_or_scorer_and_a_new_link_retires_the_code(client, app):
    mid = match_id(new_match(client))
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    viewer_code = re.search(r'class="code viewer-code">([A-Z0-9-]+)<', page).group(1)
    scorer_code = re.search(r'class="code scorer-code">([A-Z0-9-]+)<', page).group(1)
    assert len(viewer_code) == 7 and len(scorer_code) == 11
    phone = app.test_client()
    token = csrf(phone.get("/join").get_data(as_text=True))
    joined_as_viewer = phone.post("/join", data={"csrf_token": token, "code": viewer_code.lower()})
    assert joined_as_viewer.headers["Location"].endswith(mid)
    assert 'class="entry"' not in phone.get(f"/m/{mid}").get_data(as_text=True)
    assert phone.post("/join", data={"csrf_token": token, "code": scorer_code}).status_code == 302
    assert 'class="entry"' in phone.get(f"/m/{mid}").get_data(as_text=True)
    assert phone.post("/join", data={"csrf_token": token, "code": "ZZZZZZ"}).status_code == 422
    client.post(f"/m/{mid}/scorer-link", data={"csrf_token": csrf(page)})
    assert 'class="entry"' not in phone.get(f"/m/{mid}").get_data(as_text=True)
    assert phone.post("/join", data={"csrf_token": token, "code": scorer_code}).status_code == 422


def test_guessing_codes_is_rate_limited(client, app):
    app.config["JOIN_LIMIT"] = 3
    token = csrf(client.get("/join").get_data(as_text=True))
    answers = [client.post("/join", data={"csrf_token": token, "code": "ABCDEF"}).get_data(as_text=True)
               for _ in range(4)]
    assert "Too many tries" in answers[-1] and "Too many tries" not in answers[0]


def test_new_match_page_is_rate_limited_too(client, app):
    app.config["MATCH_CREATION_LIMIT"] = 1
    assert new_match(client).status_code == 302
    refused = new_match(client)
    assert refused.status_code == 429 and "Too many new matches" in refused.get_data(as_text=True)
