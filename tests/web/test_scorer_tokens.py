"""Scorer token hygiene: the session cookie never holds a scorer token or code in clear, and is
HttpOnly, and Secure over HTTPS; pages with scorer rights and the join redirect are never
stored; logs show scorer links with the token masked."""
from __future__ import annotations

import re

from referee.web import phone
from referee.web.security import mask_scorer_tokens
from tests.web.test_limits import app_with
from tests.web.test_pages import csrf, match_id, new_match


def session_cookie(client) -> str:
    return client.get_cookie("session").value


def session_of(app, client) -> dict:
    return app.session_interface.get_signing_serializer(app).loads(session_cookie(client))


def scorer_link(page: str) -> str:
    return re.search(r'class="link scorer-link" href="([^"]+)"', page).group(1).replace("http://localhost", "")


def scorer_code(page: str) -> str:
    return re.search(r'class="code scorer-code">([A-Z0-9-]+)<', page).group(1)


def test_the_cookie_keeps_the_scorer_token_sealed_and_the_invite_still_shows_it(app, client):
    mid = match_id(new_match(client))
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    token = scorer_link(page).rsplit("/", 1)[1]
    assert len(token) >= 43
    remembered = session_of(app, client)
    assert token not in session_cookie(client) and token not in str(remembered)
    assert set(remembered[phone.SCORER_KEY]) == {mid}
    # This phone still enters, and still shows the link and code that invite another scorer.
    assert 'class="entry"' in page
    other = app.test_client()
    assert other.get(scorer_link(page)).status_code == 302
    assert 'class="entry"' in other.get(f"/m/{mid}").get_data(as_text=True)
    assert token not in session_cookie(other)


def test_a_phone_that_joins_by_scorer_code_keeps_the_code_sealed_and_can_invite(app, client):
    mid = match_id(new_match(client))
    code = scorer_code(client.get(f"/m/{mid}").get_data(as_text=True))
    joined = app.test_client()
    token = csrf(joined.get("/join").get_data(as_text=True))
    assert joined.post("/join", data={"csrf_token": token, "code": code}).status_code == 302
    page = joined.get(f"/m/{mid}").get_data(as_text=True)
    assert 'class="entry"' in page and scorer_code(page) == code
    assert (code.replace("-", "") not in session_cookie(joined)
            and code.replace("-", "") not in str(session_of(app, joined)))
    third = app.test_client()
    assert third.get(scorer_link(page)).status_code == 302  # the code in a link works as before
    assert 'class="entry"' in third.get(f"/m/{mid}").get_data(as_text=True)


def test_a_sealed_credential_opens_only_for_its_match_and_this_server(app, client, tmp_path):
    first, second = match_id(new_match(client)), match_id(new_match(client))
    thief = app.test_client()
    thief.get(f"/m/{second}")
    with thief.session_transaction() as stolen:
        stolen[phone.SCORER_KEY] = {second: session_of(app, client)[phone.SCORER_KEY][first]}
    assert 'class="entry"' not in thief.get(f"/m/{second}").get_data(as_text=True)
    # Another server (another SECRET_KEY) with the same database cannot open it either.
    elsewhere = app_with(tmp_path, SECRET_KEY="another-secret").test_client()
    with elsewhere.session_transaction() as copied:
        copied[phone.SCORER_KEY] = {first: session_of(app, client)[phone.SCORER_KEY][first]}
    assert 'class="entry"' not in elsewhere.get(f"/m/{first}").get_data(as_text=True)
    assert 'class="entry"' in client.get(f"/m/{first}").get_data(as_text=True)


def test_a_full_cookie_stays_well_under_four_kilobytes(app, client, api):
    app.config["MATCH_CREATION_LIMIT"] = 100
    made = [api.create() for _ in range(32)]
    for match in made:
        client.get(match["links"]["scorer"].replace("http://localhost", ""))
    remembered = session_of(app, client)
    assert len(remembered[phone.MATCHES_KEY]) == 30 and len(remembered[phone.SCORER_KEY]) == 20
    assert len("session=" + session_cookie(client)) < 3000  # about 2.5 kB; browsers take 4 kB
    # The newest twenty are the ones that still enter.
    assert 'class="entry"' in client.get(f"/m/{made[-1]['id']}").get_data(as_text=True)
    assert 'class="entry"' not in client.get(f"/m/{made[0]['id']}").get_data(as_text=True)


def set_cookie(response) -> str:
    (cookie,) = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("session=")]
    return cookie


def test_the_session_cookie_is_httponly_and_secure_when_served_over_https(tmp_path, app):
    plain = set_cookie(app.test_client().get("/join"))
    assert "HttpOnly" in plain and "Secure" not in plain
    over_https = set_cookie(app.test_client().get("/join", base_url="https://localhost"))
    assert "HttpOnly" in over_https and "Secure" in over_https
    # A client cannot claim HTTPS for itself; a configured proxy can.
    forwarded = {"X-Forwarded-Proto": "https"}
    assert "Secure" not in set_cookie(app.test_client().get("/join", headers=forwarded))
    proxied = app_with(tmp_path, PROXY_COUNT=1)
    assert "Secure" in set_cookie(proxied.test_client().get("/join", headers=forwarded))
    always = app_with(tmp_path, SESSION_COOKIE_SECURE=True)
    assert "Secure" in set_cookie(always.test_client().get("/join"))


def test_scorer_pages_and_the_join_redirect_are_never_stored(app, client, api):
    match = api.create()
    mid = match["id"]
    joined = client.get(f"/m/{mid}/join/{match['scorer_token']}")
    assert joined.status_code == 302 and joined.headers["Cache-Control"] == "no-store"
    for url in (f"/m/{mid}", f"/m/{mid}/timeline", f"/m/{mid}/board"):
        assert client.get(url).headers["Cache-Control"] == "no-store", url
    phone_by_code = app.test_client()
    with app.app_context():
        from referee import store

        viewer_code = store.get_match(mid).viewer_code
    token = csrf(phone_by_code.get("/join").get_data(as_text=True))
    by_code = phone_by_code.post("/join", data={"csrf_token": token, "code": viewer_code})
    assert by_code.status_code == 302 and by_code.headers["Cache-Control"] == "no-store"
    # A viewer's page holds no scorer link: it may be kept like any page.
    assert "no-store" not in phone_by_code.get(f"/m/{mid}").headers.get("Cache-Control", "")


def test_log_lines_show_scorer_links_with_the_token_masked():
    token = "Zq3-x_9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    for line in (f'"GET /m/AbCdEfGhJk/join/{token} HTTP/1.1" 302 -',
                 f"\x1b[36mGET /m/AbCdEfGhJk/join/{token} HTTP/1.1\x1b[0m",
                 f"GET /language/de?next=%2Fm%2FAbCdEfGhJk%2Fjoin%2F{token} HTTP/1.1",
                 "Exception on /m/AbCdEfGhJk/join/ABCDE23456 [GET]"):
        masked = mask_scorer_tokens(line)
        assert token not in masked and "ABCDE23456" not in masked and "join" in masked and "***" in masked
    assert mask_scorer_tokens('"GET /join HTTP/1.1" 200') == '"GET /join HTTP/1.1" 200'
