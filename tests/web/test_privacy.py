"""Private by default: a phone's home page lists only the matches that phone started, joined or
opened; nothing lists every match unless a club switches its public list on; a match's pages
and sheets are kept out of search engines and never name themselves to other sites."""
from __future__ import annotations

import re

from referee import store
from tests.web.test_limits import app_with
from tests.web.test_pages import csrf, match_id, new_match

PONTIS = {"game": "pontis", "players": ["Nora", "Otto", "Pia"]}


def listed(client) -> list[str]:
    """The match ids on this client's home page, in their order."""
    return re.findall(r'<li><a href="/m/([^"]+)"', client.get("/").get_data(as_text=True))


def test_what_one_phone_creates_never_appears_on_another_phones_home_page(client, app):
    mid = match_id(new_match(client, players="Ann\nBen\nCat"))
    assert listed(client) == [mid]
    second = app.test_client()
    home = second.get("/").get_data(as_text=True)
    assert listed(second) == [] and mid not in home and "Ann" not in home
    assert "No matches on this phone yet" in home
    # Only once the second phone opens the match's link does it list it.
    assert second.get(f"/m/{mid}").status_code == 200
    assert listed(second) == [mid]
    assert "Ann, Ben, Cat" in second.get("/").get_data(as_text=True)


def test_matches_made_through_the_api_are_listed_by_no_one(client, api):
    api.create(players=PONTIS["players"])
    home = client.get("/").get_data(as_text=True)
    assert listed(client) == [] and "Nora" not in home


def test_joining_by_code_or_link_lists_the_match_newest_first(client, app, api):
    first, second = api.create(), api.create()
    phone = app.test_client()
    with app.app_context():
        viewer_code = store.get_match(first["id"]).viewer_code
    token = csrf(phone.get("/join").get_data(as_text=True))
    assert phone.post("/join", data={"csrf_token": token, "code": viewer_code}).status_code == 302
    assert listed(phone) == [first["id"]]
    assert phone.get(second["links"]["scorer"].replace("http://localhost", "")).status_code == 302
    assert listed(phone) == [second["id"], first["id"]]
    phone.get(f"/m/{first['id']}")
    assert listed(phone) == [first["id"], second["id"]]


def test_a_phone_forgets_a_match_and_its_right_to_enter_but_the_match_stays(client, app):
    kept, gone = match_id(new_match(client)), match_id(new_match(client))
    home = client.get("/").get_data(as_text=True)
    assert 'aria-label="Forget on this phone: Pontis"' in home
    assert client.post(f"/m/{gone}/forget").status_code == 400  # a form of this app only (CSRF)
    forgotten = client.post(f"/m/{gone}/forget", data={"csrf_token": csrf(home)})
    assert forgotten.status_code == 303 and forgotten.headers["Location"] == "/"
    assert listed(client) == [kept]
    page = client.get(f"/m/{gone}")
    assert page.status_code == 200 and 'class="entry"' not in page.get_data(as_text=True)
    assert 'class="entry"' in client.get(f"/m/{kept}").get_data(as_text=True)


def test_the_list_keeps_the_thirty_newest_and_skips_matches_that_are_gone(client, api, app):
    app.config["MATCH_CREATION_LIMIT"] = 100
    made = [api.create()["id"] for _ in range(31)]
    for mid in made:
        client.get(f"/m/{mid}")
    assert listed(client) == made[::-1][:30]
    with app.app_context():
        store.db.session.delete(store.get_match(made[-1]))
        store.db.session.commit()
    assert listed(client) == made[::-1][1:30]


def test_nothing_lists_every_match_unless_the_club_switches_it_on(client, api, tmp_path):
    api.create(players=PONTIS["players"])
    assert "Every match on this server" not in client.get("/").get_data(as_text=True)
    club = app_with(tmp_path, PUBLIC_MATCH_LIST=True)
    visitor = club.test_client()
    club.test_client().post("/api/matches", json=PONTIS)
    home = visitor.get("/").get_data(as_text=True)
    assert "Every match on this server" in home and "Nora, Otto, Pia" in home
    assert listed(visitor) != [] and "No matches on this phone yet" in home


def test_the_home_page_is_this_phones_own(client):
    response = client.get("/")
    assert response.headers["Cache-Control"] == "private, no-cache" and "Cookie" in response.headers["Vary"]


def test_match_pages_viewer_pages_and_sheets_stay_out_of_search_engines(client, app, api):
    match = api.create()
    mid = match["id"]
    viewer = app.test_client()
    scorer = app.test_client()
    scorer.get(match["links"]["scorer"].replace("http://localhost", ""))
    for who, url in ((scorer, f"/m/{mid}"), (viewer, f"/m/{mid}"), (viewer, f"/m/{mid}/timeline"),
                     (viewer, f"/m/{mid}/board"), (viewer, f"/api/matches/{mid}/scoresheet.pdf"),
                     (viewer, f"/api/matches/{mid}"), (viewer, f"/m/{mid}/join/{match['scorer_token']}")):
        response = who.get(url)
        assert response.status_code in (200, 302), url
        assert response.headers["X-Robots-Tag"] == "noindex", url
        assert response.headers["Referrer-Policy"] == "no-referrer", url
    # The front page and the rules are the app's own, not a table's: a club may let them be found.
    assert "X-Robots-Tag" not in client.get("/").headers
    assert "X-Robots-Tag" not in client.get("/rules/pontis").headers
