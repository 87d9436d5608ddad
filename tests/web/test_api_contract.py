"""What docs/api.md promises every game alike, where a review of the contract found the app
answering otherwise: house rules that are not an object, the scheme's spelling in the
Authorization header, a ``player`` who is not in the match, and cards in the log."""
from __future__ import annotations

import io
import json

import pytest

from referee import games

PLAYERS = {"pontis": ("Ann", "Ben", "Cat"), "curdle": ("Ann", "Ben", "Cat"), "ropebridge": ("Ann", "Ben"),
           "pontoon": ("Ann", "Ben", "Cat"), "reverse-bridge": ("N", "E", "S", "W"), "shoot-pontoon": ("Ann", "Ben")}


def create(client, game, settings, **extra):
    return client.post("/api/matches", json={"game": game, "players": list(PLAYERS[game]), "settings": settings,
                                             **extra})


@pytest.mark.parametrize("game", sorted(PLAYERS))
@pytest.mark.parametrize("settings", ["abc", 5, ["jokers"], [["jokers", 1]], False, True, []])
def test_house_rules_that_are_not_an_object_are_refused(client, game, settings):
    response = create(client, game, settings)
    assert response.status_code == 422, response.get_data(as_text=True)[:200]
    error = response.get_json()["error"]
    assert error["rule"] == "SETTINGS" and "JSON object" in error["message"]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_no_house_rules_and_null_still_mean_the_defaults(client, game):
    assert create(client, game, None).status_code == 201
    assert create(client, game, {}).status_code == 201
    response = client.post("/api/matches", json={"game": game, "players": list(PLAYERS[game])})
    assert response.status_code == 201


def test_a_variant_refuses_its_fixed_house_rule_set_otherwise_and_takes_it_set_the_same(client):
    refused = create(client, "shoot-pontoon", {"shoot": False})
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["rule"] == "SETTINGS" and "Shoot Pontoon" in error["message"] and "“shoot”" in error["message"]
    german = client.post("/api/matches", json={"game": "shoot-pontoon", "players": ["Ann", "Ben"],
                                               "settings": {"shoot": False}}, headers={"Accept-Language": "de"})
    assert "legt die Hausregel „shoot“ fest" in german.get_json()["error"]["message"]
    for settings in ({"shoot": True}, {}, None):
        created = create(client, "shoot-pontoon", settings)
        assert created.status_code == 201 and created.get_json()["state"]["settings"]["shoot"] is True
    # The variant's other house rules are the table's to choose, as before.
    other = next(rule.name for rule in games.rules_of("pontoon").settings_type.rules() if rule.kind is int)
    assert create(client, "shoot-pontoon", {other: "many"}).status_code == 422


def test_the_bearer_scheme_is_read_in_any_case(api, client):
    match = api.create(game="ropebridge", players=("Ann", "Ben"), mode="quick")
    path = f"/api/matches/{match['id']}/actions"
    for scheme in ("Bearer", "bearer", "BEARER"):
        response = client.post(path, json={"type": "quick", "winner": "Ben"},
                               headers={"Authorization": f"{scheme} {match['scorer_token']}"})
        assert response.status_code == 200, (scheme, response.get_json())
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 3
    for header in ("Bearer", "Bearer ", "Basic " + match["scorer_token"], match["scorer_token"]):
        response = client.post(path, json={"type": "quick", "winner": "Ben"}, headers={"Authorization": header})
        assert response.status_code == 401 and response.get_json()["error"]["rule"] == "AUTH", header
    assert client.post(path, json={"type": "quick", "winner": "Ben"},
                       headers={"Authorization": "bearer not-the-token"}).status_code == 403
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 3


QUICK = {
    "ropebridge": {"type": "quick", "winner": "Ben"},
    "reverse-bridge": {"type": "quick", "bidder": "N", "level": 1, "denomination": "NT", "tricks": 2},
    "curdle": {"type": "quick", "winner": "Ben", "cards_left": {"Ann": 4, "Cat": 7}},
}


@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_player_who_is_not_in_the_match_is_refused_where_nobody_is_in_turn(api, client, game):
    match = api.create(game=game, players=PLAYERS[game], mode="quick")
    log = f"/api/matches/{match['id']}/log"
    error = api.act(match, {**QUICK[game], "player": "Zed"}, status=422)["error"]
    assert error["rule"] == "TURN" and "Zed" in error["message"]
    assert client.get(log).get_json() == []
    player = PLAYERS[game][1]
    api.act(match, {**QUICK[game], "player": player})
    error = api.act(match, {"type": "undo", "player": "Zed"}, status=422)["error"]
    assert error["rule"] == "TURN"
    api.act(match, {"type": "undo", "player": player})
    assert [entry["action"]["type"] for entry in client.get(log).get_json()] == ["quick", "undo"]


def test_a_player_who_is_not_in_the_match_is_refused_in_play_too(api):
    match = api.create(game="pontis", players=PLAYERS["pontis"])
    api.act(match, {"type": "deal", "foundation_suit": "h"})
    error = api.act(match, {"type": "reveal", "card": "5h", "player": "Zed"}, status=422)["error"]
    assert error["rule"] == "TURN" and "Zed" in error["message"]
    api.act(match, {"type": "reveal", "card": "5h", "player": "Ann"})


def test_the_log_keeps_cards_in_their_canonical_spelling(api, client):
    match = api.create(game="pontis", players=PLAYERS["pontis"])
    api.act(match, {"type": "deal", "foundation_suit": "h"})
    api.act(match, {"type": "reveal", "card": "5H"})
    api.act(match, {"type": "reveal", "card": " 9♥ "})
    api.act(match, {"type": "play", "card": "4C"})
    actions = [entry["action"] for entry in client.get(f"/api/matches/{match['id']}/log").get_json()]
    assert [action.get("card") for action in actions] == [None, "5h", "9h", "4c"]
    exported = client.get(f"/api/matches/{match['id']}/export.json").get_json()
    assert "5H" not in str(exported) and "9♥" not in str(exported)


def test_an_expect_ahead_of_the_log_is_told_where_the_match_is(api, client):
    match = api.create(game="ropebridge", players=("Ann", "Ben"), mode="quick")
    api.act(match, {"type": "quick", "winner": "Ben"})
    ahead = api.act(match, {"type": "quick", "winner": "Ann", "expect": 6}, status=409)
    assert ahead["error"]["rule"] == "EXPECT" and ahead["state"]["seq"] == 1
    assert "at entry 1, not 6" in ahead["error"]["message"]
    behind = api.act(match, {"type": "quick", "winner": "Ann", "expect": 0}, status=409)
    assert "moved on to entry 1" in behind["error"]["message"]
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 1


def test_the_score_sheet_refuses_in_json_like_the_rest_of_the_api(api, client):
    missing = client.get("/api/matches/nosuchmatch/scoresheet.pdf")
    assert missing.status_code == 404
    assert missing.get_json() == {"error": {"rule": "NOT_FOUND", "message": "no such match"}}
    match = api.create()
    wrong = client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size=a3")
    assert wrong.status_code == 400
    assert wrong.get_json() == {"error": {"rule": "PAGE", "message": "the page size is a4 or letter, not 'a3'"}}
    german = client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size=a3", headers={"Accept-Language": "de"})
    assert german.get_json()["error"]["message"] != wrong.get_json()["error"]["message"]
    assert client.get(f"/api/matches/{match['id']}/scoresheet.pdf?size=Letter").data.startswith(b"%PDF")


def test_a_retry_is_answered_as_the_first_time_however_its_cards_and_keys_are_written(api, client):
    match = api.create(game="pontis", players=PLAYERS["pontis"])
    first = api.act(match, {"type": "deal", "foundation_suit": "H", "id": "tap-1", "expect": 0})
    assert api.act(match, {"id": "tap-1", "foundation_suit": "♥", "type": "deal"}) == first
    second = api.act(match, {"type": "reveal", "card": " 5H ", "id": "tap-2", "by": "Ann"})
    api.act(match, {"type": "reveal", "card": "9h"})
    assert api.act(match, {"by": "Ann", "card": "5♥", "type": "reveal", "id": "tap-2", "expect": 1}) == second
    log = client.get(f"/api/matches/{match['id']}/log").get_json()
    assert [e["action"] for e in log] == [{"type": "deal", "foundation_suit": "h"}, {"type": "reveal", "card": "5h"},
                                          {"type": "reveal", "card": "9h"}]


def test_a_client_id_used_again_for_a_different_entry_is_a_422_that_enters_nothing(api, client):
    match = api.create(game="pontis", players=PLAYERS["pontis"])
    api.act(match, {"type": "deal", "foundation_suit": "h", "id": "tap-1"})
    api.act(match, {"type": "reveal", "card": "5h", "id": "tap-2"})
    log = client.get(f"/api/matches/{match['id']}/log").get_json()
    for other in ({"type": "reveal", "card": "9h", "id": "tap-2"},   # legal now: it would have been lost
                  {"type": "reveal", "card": "5c", "id": "tap-2"},
                  {"type": "reveal", "card": "5h", "id": "tap-2", "by": "Ben"},
                  {"type": "reveal", "card": "9h", "id": "tap-1", "expect": 0}):
        error = api.act(match, other, status=422)["error"]
        assert error["rule"] == "ID", other
        assert error["message"].startswith(f"the id “{other['id']}” was already used for a different entry (entry ")
        assert "nothing was entered" in error["message"]
    assert client.get(f"/api/matches/{match['id']}/log").get_json() == log
    german = client.post(f"/api/matches/{match['id']}/actions", json={"type": "miss", "id": "tap-2"},
                         headers={"Authorization": f"Bearer {match['scorer_token']}", "Accept-Language": "de"})
    assert german.status_code == 422
    assert "wurde schon für einen anderen Eintrag (Eintrag 2) verwendet" in german.get_json()["error"]["message"]


@pytest.mark.parametrize("method", ["GET", "HEAD", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"])
def test_the_import_answers_another_method_with_a_405_in_json(client, method):
    response = client.open("/api/matches/import", method=method)
    # What Flask names for a path that takes only POST: "/matches/<match_id>"'s GET is not the import's.
    assert response.status_code == 405 and response.headers["Allow"] == "OPTIONS, POST"
    if method != "HEAD":
        message = f"{method} is not allowed here: use POST"
        assert response.get_json() == {"error": {"rule": "METHOD", "message": message}}


def test_options_on_the_import_names_what_its_405s_name(client):
    response = client.options("/api/matches/import")
    assert response.status_code == 200 and response.headers["Allow"] == "OPTIONS, POST"
    # As for a path that takes only POST (Flask lists those in no fixed order).
    assert set(client.options("/api/matches").headers["Allow"].split(", ")) == {"OPTIONS", "POST"}
    assert client.get("/api/matches/import").headers["Allow"] == response.headers["Allow"]


def test_every_api_path_answers_a_method_it_does_not_take_with_a_405_in_json(api, client):
    match_id = api.create()["id"]
    for method, path, allowed in (("GET", "/api/matches", "POST"), ("GET", f"/api/matches/{match_id}/actions", "POST"),
                                  ("DELETE", f"/api/matches/{match_id}", "GET"),
                                  ("POST", f"/api/matches/{match_id}/log", "GET"),
                                  ("PUT", f"/api/matches/{match_id}/export.json", "GET"),
                                  ("POST", f"/api/matches/{match_id}/scoresheet.pdf", "GET")):
        response = client.open(path, method=method, json={})
        assert response.status_code == 405, (method, path)
        message = f"{method} is not allowed here: use {allowed}"
        assert response.get_json()["error"] == {"rule": "METHOD", "message": message}
        assert allowed in response.headers["Allow"]
    german = client.get("/api/matches/import", headers={"Accept-Language": "de"})
    assert german.get_json()["error"]["message"] == "GET ist hier nicht erlaubt: verwende POST"
    page = client.get(f"/m/{match_id}/act")  # not the API: answered as before
    assert page.status_code == 405 and page.mimetype == "text/html"


def test_a_path_under_the_api_that_nothing_answers_is_a_404_in_json(api, client):
    for path in ("/api/nothing", "/api/matches/x/y/z", "/api/", "/api"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.get_json()["error"] == {"rule": "NOT_FOUND", "message": "no such path in the API"}
    # A match that is not there is still named as such; a page off the API is answered as before.
    assert client.get("/api/matches/nosuchmatch").get_json()["error"]["message"] == "no such match"
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.mimetype == "text/html"


def test_a_body_sent_in_chunks_is_read_whole_or_refused_as_too_large(client):
    def chunked(path: str, body: bytes):
        # As a server hands on a chunked body: no length, the stream ending where the body does.
        return client.post(path, input_stream=io.BytesIO(body), environ_overrides={"wsgi.input_terminated": True},
                           headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"})
    small = json.dumps({"game": "pontis", "players": ["Ann", "Ben", "Cat"]}).encode()
    assert chunked("/api/matches", small).status_code == 201
    large = json.dumps({"game": "pontis", "players": ["Ann", "Ben", "Cat"], "title": "x" * 70_000}).encode()
    refused = chunked("/api/matches", large)
    assert refused.status_code == 413
    assert refused.get_json()["error"] == {"rule": "SIZE", "message": "the request is too large"}


def test_a_body_sent_under_another_content_type_is_told_to_send_json(api, client):
    match = api.create()
    body = json.dumps({"type": "deal", "foundation_suit": "h"})
    for path, headers in ((f"/api/matches/{match['id']}/actions", {"Authorization": f"Bearer {match['scorer_token']}"}),
                          ("/api/matches", {}), ("/api/matches/import", {})):
        for content_type in ("text/plain", "application/x-www-form-urlencoded"):
            response = client.post(path, data=body, headers={**headers, "Content-Type": content_type})
            assert response.status_code == 422, (path, content_type)
            told = f"the body was sent as “{content_type}”: send it as JSON, with Content-Type: application/json"
            assert response.get_json()["error"] == {"rule": "ACTION", "message": told}
    assert client.get(f"/api/matches/{match['id']}").get_json()["seq"] == 0
