"""Hostile input: a match's cost grows linearly, no input can break a match, no open redirect,
and bad input anywhere is a 4xx that writes nothing."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from referee import games, store
from referee.store.models import Match
from tests.web.test_pages import csrf
from tests.web.test_timeline import OPENING

ROPE = ["Dee", "Non"]


def rope_export(results: int, corrections: str) -> dict:
    """A Ropebridge quick match of ``results`` results and as many corrections: each one
    correcting the result just before it ("recent"), or each one the next result from the
    start ("from_start", which makes every correction re-judge the rest of the log)."""
    log: list[dict] = []
    winners = ROPE * results
    if corrections == "recent":
        for n in range(results):
            log.append({"type": "quick", "winner": winners[n]})
            log.append({"type": "correct", "seq": len(log), "action": {"type": "quick", "winner": winners[n + 1]}})
    else:
        log = [{"type": "quick", "winner": winners[n]} for n in range(results)]
        log += [{"type": "correct", "seq": n + 1, "action": {"type": "quick", "winner": winners[n + 1]}}
                for n in range(results)]
    return {"format": "referee-match", "version": 1, "game": "ropebridge", "title": "", "mode": "quick",
            "players": ROPE, "settings": {}, "log": [{"seq": i, "action": a} for i, a in enumerate(log, start=1)]}


@pytest.fixture
def engine_calls(monkeypatch):
    """Counts the calls into the Ropebridge engine: the work a request costs, deterministically."""
    game = games.get("ropebridge")
    real = game.apply
    calls = [0]

    def counted(state, action, seq):
        calls[0] += 1
        return real(state, action, seq)
    monkeypatch.setattr(game, "apply", counted)
    return calls


def imported_and_told(client, engine_calls, results: int) -> tuple[int, int, int]:
    engine_calls[0] = 0
    response = client.post("/api/matches/import", json=rope_export(results, "recent"))
    assert response.status_code == 201, response.get_json()
    imported = engine_calls[0]
    store.clear_cache()  # a cold worker opens the timeline
    engine_calls[0] = 0
    assert client.get(f"/m/{response.get_json()['id']}/timeline").status_code == 200
    told = engine_calls[0]
    engine_calls[0] = 0
    assert client.get(f"/m/{response.get_json()['id']}/timeline").status_code == 200
    return imported, told, engine_calls[0]


def test_import_and_timeline_cost_grows_linearly_with_the_log(client, engine_calls):
    small_import, small_timeline, _again = imported_and_told(client, engine_calls, 100)
    big_import, big_timeline, told_again = imported_and_told(client, engine_calls, 1000)
    assert big_import <= 15 * small_import
    assert big_timeline <= 15 * small_timeline
    assert told_again == 0  # the timeline is told once and kept


def test_an_import_whose_corrections_rejudge_everything_is_refused_within_its_budget(app, client, engine_calls):
    entries = 2 * 800
    with app.app_context():
        matches_before = store.db.session.scalar(select(func.count()).select_from(Match))
    response = client.post("/api/matches/import", json=rope_export(800, "from_start"))
    assert response.status_code == 422 and response.get_json()["error"]["rule"] == "IMPORT"
    with app.app_context():  # refused before anything was written
        assert store.db.session.scalar(select(func.count()).select_from(Match)) == matches_before
    budget = store.IMPORT_WORK_BASE + store.IMPORT_WORK_PER_ENTRY * entries
    assert engine_calls[0] <= budget + entries  # stopped at the budget, not at the quadratic end (320,000)


def test_a_timeline_page_holds_a_bounded_number_of_entries(app, client, counting_game):
    from referee.web import pages

    # Results only: every result is a game of its own; the page opens the newest, one line each
    # for the games before it, at most pages.SUMMARIES of them.
    response = client.post("/api/matches/import", json=rope_export(150, "recent"))
    mid = response.get_json()["id"]
    newest = client.get(f"/m/{mid}/timeline").get_data(as_text=True)
    assert newest.count('class="entry-line') == 2 and 'id="e300"' in newest
    assert newest.count('class="unit-line') == pages.SUMMARIES and "show earlier" in newest
    earlier = client.get(f"/m/{mid}/timeline?entry=40").get_data(as_text=True)
    assert 'id="e40"' in earlier and 'id="e39"' in earlier and 'id="e41"' not in earlier
    # One long stretch of play is shown a window at a time.
    with app.app_context():
        match, _token, _replay = store.create_match("counting", ["Ann", "Ben"], {"limit": 1000}, "play")
        for n in range(1, 401):
            store.append(match, {"type": "say", "n": n})
    page = client.get(f"/m/{match.id}/timeline").get_data(as_text=True)
    assert page.count('class="entry-line') == pages.UNIT_PAGE and 'id="e400"' in page and "Earlier entries" in page
    first = client.get(f"/m/{match.id}/timeline?entry=3").get_data(as_text=True)
    assert 'id="e1"' in first and f'id="e{pages.UNIT_PAGE + 1}"' not in first and "Later entries" in first


# --- no open redirect --------------------------------------------------------------------

@pytest.mark.parametrize("query", ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "/%5C%5Cevil.example",
                                   "https://evil.example", "/%0d%0aSet-Cookie:x=1", "/%0A/evil.example",
                                   "evil.example", "/%7F/x", "/%C3%A9/../x"])
def test_the_language_switch_never_leads_off_the_site(client, query):
    response = client.get("/language/de?next=" + query)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_the_language_switch_goes_back_to_a_page_on_the_site(client):
    response = client.get("/language/de?next=/rules/pontis%3Fx%3D1")
    assert response.headers["Location"] == "/rules/pontis?x=1"


# --- a stored entry can never break a match ---------------------------------------------

def test_unknown_and_deep_fields_never_reach_the_log(client, api):
    match = api.create(game="ropebridge", players=ROPE, mode="quick")
    deep: object = "x"
    for _ in range(600):
        deep = {"a": deep}
    refused = api.act(match, {"type": "quick", "winner": "Dee", "extra": deep}, status=422)
    assert "nested too deeply" in refused["error"]["message"]
    api.act(match, {"type": "quick", "winner": "Dee", "note": "an unknown field", "tally": [1, 2]})
    log = client.get(f"/api/matches/{match['id']}/log").get_json()
    assert [e["action"] for e in log] == [{"type": "quick", "winner": "Dee"}]  # kept as the engine read it
    assert client.get(f"/m/{match['id']}/timeline").status_code == 200
    assert client.get(f"/api/matches/{match['id']}/scoresheet.pdf").status_code == 200


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "1999-12-31T00:00:00",
                                    "2999-01-01T00:00:00+00:00", "not a time", 12])
def test_an_import_with_a_time_out_of_range_is_refused(client, moment):
    export = rope_export(1, "recent")
    export["log"][0]["time"] = moment
    response = client.post("/api/matches/import", json=export)
    assert response.status_code == 422 and "time" in response.get_json()["error"]["message"]


@pytest.mark.parametrize("seq", [True, 1.0, "1"])
def test_an_import_entry_number_must_be_a_whole_number(client, seq):
    export = rope_export(1, "recent")
    export["log"][0]["seq"] = seq
    assert client.post("/api/matches/import", json=export).status_code == 422


# --- 4xx, never 500 ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["de", "__init__", "en", "pdf", "..", "pontis.py"])
def test_a_rules_page_name_is_checked_before_anything_is_imported(client, name):
    assert client.get(f"/rules/{name}").status_code == 404


def scorer_on_pontis(client):
    from tests.web.test_pages import match_id, new_match

    mid = match_id(new_match(client))
    token = csrf(client.get(f"/m/{mid}").get_data(as_text=True))
    for action in OPENING:
        assert client.post(f"/m/{mid}/act", data=action, headers={"X-CSRFToken": token}).status_code == 200
    return mid, token


@pytest.mark.parametrize("form", [
    {"type": "dispute", "seq": "²", "note": "x"},
    {"type": "dispute", "seq": "9" * 5000, "note": "x"},
    {"type": "drop", "seq": "٤"},
    {"type": "ruling", "dispute": "7", "decision": "upheld", "reason": "r", "seq": "4\r\nLocation: //evil"},
    {"type": "dispute", "seq": "4", "note": "bad \x07 bell"},
    {"type": "dispute", "seq": "4 ", "note": "x"},
])
def test_timeline_forms_answer_4xx_and_write_nothing(client, form):
    mid, token = scorer_on_pontis(client)
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "4", "note": "n"})
    before = client.get(f"/api/matches/{mid}/log").get_json()
    response = client.post(f"/m/{mid}/timeline", data={"csrf_token": token, **form})
    assert 400 <= response.status_code < 500
    assert client.get(f"/api/matches/{mid}/log").get_json() == before
    assert client.get(f"/m/{mid}/timeline").status_code == 200


@pytest.mark.parametrize("path", ["/m/ab%00cd", "/m/ab%00cd/timeline", "/m/%00/board", "/api/matches/x%00y",
                                  "/api/matches/x%00y/log", "/api/matches/x%00y/scoresheet.pdf", "/m/" + "a" * 300])
def test_a_nul_or_an_impossible_match_id_in_the_path_is_a_404(client, path):
    assert client.get(path).status_code == 404


def test_lone_surrogates_and_control_characters_in_text_are_refused(client, api):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    for text in ('"\\ud800"', '"a\\u0007b"', '"\\udfff x"'):
        body = f'{{"type": "dispute", "seq": 1, "note": {text}}}'
        response = client.post(f"/api/matches/{match['id']}/actions", data=body, content_type="application/json",
                               headers={"Authorization": f"Bearer {match['scorer_token']}"})
        assert response.status_code == 422, text
    created = client.post("/api/matches", data='{"game": "pontis", "players": ["A\\ud800", "B", "C"]}',
                          content_type="application/json")
    assert created.status_code == 422
    assert "“players” holds a broken character" in created.get_json()["error"]["message"]
    assert api.state(match)["seq"] == 0
    # A new match's refusal names the field at fault.
    for body, words in (({"game": "pontis", "players": ["A\u0007", "Ben", "Cat"]}, "“players” holds a control"),
                        ({"game": "pontis", "players": ["Ann", "Ben"], "title": "x" * 2001}, "“title” is longer")):
        refused = client.post("/api/matches", json=body)
        assert refused.status_code == 422 and words in refused.get_json()["error"]["message"]


@pytest.mark.parametrize("depth", [990, 5000])
def test_json_nested_deep_is_a_422(client, api, depth):
    match = api.create(game="pontis", players=["Ann", "Ben", "Cat"])
    body = '{"type": "play", "card": ' + "[" * depth + "]" * depth + "}"
    response = client.post(f"/api/matches/{match['id']}/actions", data=body, content_type="application/json",
                           headers={"Authorization": f"Bearer {match['scorer_token']}"})
    assert response.status_code == 422
    mid, token = scorer_on_pontis(client)
    response = client.post(f"/m/{mid}/timeline/correct/1", data={"csrf_token": token, "type": "deal",
                                                                 "foundation_suit": "[" * depth + "]" * depth})
    assert 400 <= response.status_code < 500


# --- one shape per form field --------------------------------------------------------------

SHAPES = {
    "pontis": [{"type": "pair", "cards": "xyz", "cards.0.rank": "7", "cards.0.suit": "c"},
               {"type": "quick", "bank_cards": "5", "bank_cards[Ann]": "3"}],
    "curdle": [{"type": "play", "card": "7c", "card.rank": "7", "card.suit": "c", "bank": "A"}],
    "ropebridge": [{"type": "match", "cards": "7c", "cards.0.rank": "7", "cards.0.suit": "c"}],
    "pontoon": [{"type": "stake", "player": "Ben", "amount": "5", "amount[Ben]": "3"}],
    "reverse-bridge": [{"type": "quick", "bidder": "Ann", "bidder.0": "Ben", "level": "2", "denomination": "S",
                        "tricks": "4"}],
}


@pytest.mark.parametrize("game_name", list(SHAPES))
def test_a_field_posted_in_two_shapes_is_a_422_naming_it(client, api, game_name):
    players = {"reverse-bridge": ["Ann", "Ben", "Cat", "Dan"], "ropebridge": ["Ann", "Ben"]}.get(
        game_name, ["Ann", "Ben", "Cat"])
    match = api.create(game=game_name, players=players)
    mid = match["id"]
    client.get(f"/m/{mid}/join/{match['scorer_token']}")
    token = csrf(client.get(f"/m/{mid}").get_data(as_text=True))
    for form in SHAPES[game_name]:
        response = client.post(f"/m/{mid}/act", data=form, headers={"X-CSRFToken": token})
        assert response.status_code == 422, form
        field = next(key for key in form if key != "type" and any(k.startswith(key) and k != key for k in form))
        assert f"“{field}”" in response.get_data(as_text=True)
    assert client.get(f"/api/matches/{mid}").get_json()["seq"] == 0


# --- small ones ------------------------------------------------------------------------------

def test_player_names_that_differ_only_by_invisible_characters_are_one_name(client):
    for players in (["Ann", "Ann\u200b", "Ben"], ["Ann", "A\u00adnn", "Ben"], ["ﬁona", "fiona", "Ben"]):
        response = client.post("/api/matches", json={"game": "pontis", "players": players})
        assert response.status_code == 422, players
    assert client.post("/api/matches", json={"game": "pontis", "players": ["\u200b", "Ann", "Ben"]}).status_code == 422


@pytest.mark.parametrize("name", ["Ann\nLee", "Ann\tLee", "\u202eAnn", "Ann\u2066Lee\u2069", "Ann\rLee",
                                  "Ann\u2028Lee", "Ann\u2029Lee"])
def test_a_new_name_or_title_holding_a_line_break_or_a_direction_override_is_refused(client, name):
    response = client.post("/api/matches", json={"game": "pontis", "players": [name, "Ben", "Cat"]})
    assert response.status_code == 422
    assert "line break" in response.get_json()["error"]["message"]
    response = client.post("/api/matches", json={"game": "pontis", "players": ["Ann", "Ben", "Cat"], "title": name})
    assert response.status_code == 422
    assert "title" in response.get_json()["error"]["message"]
    # Right-to-left names, a mark for one letter's direction, and joined emoji are names.
    for fine in (["\u05e9\u05e8\u05d4", "Ben", "Cat"], ["Ann\u200f", "Ben", "Cat"],
                 ["\U0001f469\u200d\U0001f467", "Ben", "Cat"]):
        assert client.post("/api/matches", json={"game": "pontis", "players": fine}).status_code == 201, fine


def test_an_export_from_before_the_check_on_names_still_imports(client):
    export = {"format": "referee-match", "version": 1, "game": "ropebridge", "title": "Club\tnight",
              "mode": "quick", "players": ["Ann\u202eLee", *ROPE[1:]], "settings": {},
              "log": [{"seq": 1, "action": {"type": "quick", "winner": ROPE[0]}}]}
    response = client.post("/api/matches/import", json=export)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["players"][0] == "Ann\u202eLee"
    # Its scorer starts a rematch with the names and title it has.
    joined = client.get(response.get_json()["links"]["scorer"], follow_redirects=True).get_data(as_text=True)
    started = client.post(f"/m/{response.get_json()['id']}/rematch", data={"csrf_token": csrf(joined)})
    assert started.status_code == 302
    rematch = client.get(f"/api/matches/{started.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert "Ann\u202eLee" in rematch["players"]
