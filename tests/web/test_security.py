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
    app.extensions["match_creation_limit"].limit = 3
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
