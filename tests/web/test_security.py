"""Security basics every page and API answer has."""
from __future__ import annotations

import re

from tests.web.test_pages import match_id, new_match

XSS = "<script>alert(1)</script>"
SQL = "' OR 1=1 --"


def test_pages_carry_the_security_headers_and_no_inline_script(client):
    mid = match_id(new_match(client))
    for url in ("/", "/new", f"/m/{mid}", "/rules/pontis", f"/api/matches/{mid}"):
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        html = response.get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert not re.search(r"\son[a-z]+=", html), url


def test_hostile_names_are_shown_literally(client, api):
    match = api.create(players=[XSS, SQL, "Cat"], title=XSS)
    page = client.get(f"/m/{match['id']}").get_data(as_text=True)
    assert XSS not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&#39; OR 1=1 --" in page
    assert api.state(match)["players"] == [XSS, SQL, "Cat"]


def test_match_creation_is_rate_limited_per_client(app, client):
    app.config["MATCH_CREATION_LIMIT"] = 3
    body = {"game": "pontis", "players": ["Ann", "Ben"]}
    assert [client.post("/api/matches", json=body).status_code for _ in range(4)] == [201, 201, 201, 429]
    assert client.post("/api/matches", json=body).get_json()["error"]["rule"] == "RATE"


def test_oversized_bodies_are_refused(client, api):
    match = api.create()
    response = client.post(f"/api/matches/{match['id']}/actions", data="x" * 70_000,
                           headers={"Authorization": f"Bearer {match['scorer_token']}",
                                    "Content-Type": "application/json"})
    assert response.status_code == 413 and response.get_json()["error"]["rule"] == "SIZE"
    assert api.state(match)["seq"] == 0


def test_every_write_route_refuses_a_viewer_and_a_missing_token(client, api, app):
    match = api.create()
    mid = match["id"]
    viewer = app.test_client()
    page = viewer.get(f"/m/{mid}").get_data(as_text=True)
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    headers = {"X-CSRFToken": token}
    form = {"csrf_token": token, "type": "deal", "foundation_suit": "h"}
    assert viewer.post(f"/m/{mid}/act", data=form, headers=headers).status_code == 403
    dispute = {**form, "type": "dispute", "seq": "1", "note": "x"}
    assert viewer.post(f"/m/{mid}/timeline", data=dispute).status_code == 403
    assert viewer.post(f"/m/{mid}/scorer-link", data=form).status_code == 403
    assert viewer.get(f"/m/{mid}/join/not-the-token").status_code == 403
    assert viewer.post(f"/api/matches/{mid}/actions", json={"type": "deal", "foundation_suit": "h"}).status_code == 401
    assert viewer.post(f"/api/matches/{mid}/actions", json={"type": "deal", "foundation_suit": "h"},
                       headers={"Authorization": "Bearer " + "x" * 43}).status_code == 403
    assert api.state(match)["seq"] == 0


def test_forms_without_the_csrf_token_are_refused(client, api):
    from tests.web.test_pages import match_id, new_match

    mid = match_id(new_match(client))
    assert client.post(f"/m/{mid}/act", data={"type": "deal", "foundation_suit": "h"}).status_code == 400
    assert client.post(f"/m/{mid}/act", data={"type": "deal", "foundation_suit": "h"},
                       headers={"X-CSRFToken": "forged"}).status_code == 400
    assert client.post(f"/m/{mid}/timeline", data={"type": "dispute", "seq": "1", "note": "x"}).status_code == 400
    assert client.post("/new", data={"game": "pontis", "players": "A\nB"}).status_code in (400, 422)
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 0


def test_tokens_are_long_random_and_stored_only_hashed(api, app):
    from referee import store

    first, second = api.create(), api.create()
    assert len(first["scorer_token"]) >= 43 and first["scorer_token"] != second["scorer_token"]
    with app.app_context():
        row = store.get_match(first["id"])
        assert first["scorer_token"] not in (row.scorer_token_hash, row.scorer_code_hash)
        assert row.scorer_token_ok(first["scorer_token"]) and not row.scorer_token_ok(second["scorer_token"])


def test_hostile_names_print_literally_on_the_score_sheet(client, api):
    import io

    from pypdf import PdfReader

    match = api.create(players=[XSS, SQL, "Cat"], title=XSS)
    pdf = client.get(f"/api/matches/{match['id']}/scoresheet.pdf")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert XSS in text and SQL in text


def test_text_with_nul_characters_is_refused_everywhere(client, api):
    match = api.create()
    for action in ({"type": "deal", "id": "\x00"}, {"type": "deal", "foundation_suit": "h\x00"},
                   {"type": "dispute", "seq": 1, "note": "a\x00b"}, {"type": "deal", "by": "\x00"}):
        body = api.act(match, action, status=422)
        assert body["error"]["rule"] == "ACTION"
    response = client.post("/api/matches", json={"game": "pontis", "players": ["Ann\x00", "Ben"]})
    assert response.status_code == 422
    assert api.state(match)["seq"] == 0
