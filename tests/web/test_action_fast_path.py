"""The accepted action answered before Flask's routing (referee.web.action_fast_path): the same
answer as the view's, and every other answer left to the view."""
import json

import pytest
from flask import got_request_exception, request
from sqlalchemy.exc import OperationalError
from werkzeug.test import Client, EnvironBuilder, run_wsgi_app

from referee import create_app, store
from referee.bench import pontis_cycle
from referee.store import snapshots
from referee.store.snapshots import BrokenSnapshot
from referee.web.action_fast_path import ActionFastPath

PLAYERS = ["Ann", "Ben", "Cat"]
ENTRIES = pontis_cycle(PLAYERS)[:12]  # a game played to its end (blocked), and the next deal
DEAL = ENTRIES[0]
ENTRIES_FOREVER = pontis_cycle(PLAYERS)  # a cycle of entries that is legal again and again


def twins(client):
    return [client.post("/api/matches", json={"game": "pontis", "players": PLAYERS}).get_json()
            for _twin in range(2)]


def post(target, match, action, **headers):
    return target.post(f"/api/matches/{match['id']}/actions", json=action,
                       headers={"Authorization": f"Bearer {match['scorer_token']}", **headers})


@pytest.mark.parametrize("language", [None, "browser", "switch"])
def test_an_accepted_action_is_answered_as_the_view_answers_it(app, client, language):
    fast_path = app.wsgi_app
    assert isinstance(fast_path, ActionFastPath)
    view = Client(fast_path.inner)  # the Flask app itself, without the fast path in front
    headers = {"Accept-Language": "de-DE,de;q=0.9"} if language == "browser" else {}
    if language == "switch":
        for phone in (client, view):
            phone.set_cookie("language", "de")
    fast, slow = twins(client)
    for action in ENTRIES:
        by_fast, by_view = post(client, fast, action, **headers), post(view, slow, action, **headers)
        assert by_fast.status_code == by_view.status_code == 200
        assert by_fast.headers.to_wsgi_list() == by_view.headers.to_wsgi_list()
        assert by_fast.get_data() == by_view.get_data()
    # The finished game's headline, in the language asked for.
    assert ("Summenrecht" in by_fast.get_data(as_text=True)) == (language is not None)


def test_the_fast_path_answers_accepted_actions_and_the_view_everything_else(app, client, monkeypatch):
    reached = []

    def view(match_id):
        reached.append(request.get_data())  # the body as sent, whatever the fast path read of it
        return {"by": "view"}, 299

    monkeypatch.setitem(app.view_functions, "api.act", view)
    match, _twin = twins(client)
    assert post(client, match, DEAL).get_json()["seq"] == 1
    assert reached == []
    token = {"Authorization": f"Bearer {match['scorer_token']}"}
    path = f"/api/matches/{match['id']}/actions"
    answers = [
        post(client, match, DEAL),  # refused: a game is in play already
        post(client, {**match, "scorer_token": "not-the-token"}, {"type": "miss"}),
        client.post(path, data=b'{"type": "miss"}', headers={**token, "Content-Type": "text/plain"}),
        client.post(path, data=b'{"type": "miss"}', headers={**token, "Content-Type": "application/json",
                                                             "Content-Length": "200"}),  # cut short
        client.post(path, data=b'{"type": "miss"', headers=token, content_type="application/json"),
    ]
    assert [answer.status_code for answer in answers] == [299] * 5
    assert reached == [b'{"foundation_suit":"h","type":"deal"}', b'{"type":"miss"}', b'{"type": "miss"}',
                       b'{"type": "miss"}', b'{"type": "miss"']
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 1  # nothing else was stored


def test_a_refusal_is_answered_by_the_view_in_its_own_words(client, api):
    match, _twin = twins(client)
    api.act(match, DEAL)
    answer = api.act(match, DEAL, status=422)
    assert answer["error"]["rule"] == "PONTIS-END-1"
    assert api.act(match, {**ENTRIES[1], "expect": 0}, status=409)["error"]["rule"] == "EXPECT"


def play(client, match, entries: int) -> None:
    # Each answer read whole, as a server sends it: a snapshot due is written after the answer.
    for seq in range(1, entries + 1):
        assert post(client, match, ENTRIES_FOREVER[(seq - 1) % len(ENTRIES_FOREVER)]).get_json()["seq"] == seq


def test_an_answer_that_reaches_a_broken_snapshot_part_drops_the_snapshots_and_keeps_the_entry(
        app, client, monkeypatch):
    match, _twin = twins(client)
    due = 100 + snapshots.phase(match["id"])
    play(client, match, due)
    assert stored_snapshots(app, match) == [due]

    def broken(appended):
        raise BrokenSnapshot(match["id"], "rows")

    monkeypatch.setattr("referee.web.api.accepted", broken)
    answer = post(client, match, ENTRIES_FOREVER[due % len(ENTRIES_FOREVER)])
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert stored_snapshots(app, match) == []  # as the app's own handler: the next read uses the log
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == due + 1


@pytest.mark.parametrize("testing, propagate", [(False, None), (True, False)])
def test_an_error_after_the_entry_is_stored_is_answered_as_flask_answers_it(app, client, monkeypatch, caplog,
                                                                               testing, propagate):
    app.testing = testing
    app.config["PROPAGATE_EXCEPTIONS"] = propagate
    match, _twin = twins(client)
    signalled = []
    got_request_exception.connect(lambda sender, exception, **_: signalled.append(exception), app, weak=False)

    def failing(appended):
        raise RuntimeError("the answer could not be written")

    monkeypatch.setattr("referee.web.api.accepted", failing)
    answer = post(client, match, DEAL)
    assert answer.status_code == 500 and answer.headers["X-Content-Type-Options"] == "nosniff"
    assert f"Exception on /api/matches/{match['id']}/actions [POST]" in caplog.text
    assert [str(error) for error in signalled] == ["the answer could not be written"]
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 1  # never appended twice


def test_what_fails_before_anything_is_stored_goes_on_to_the_view(app, client, monkeypatch):
    match, _twin = twins(client)
    reads = []
    read_match = store.read_match

    def failing_once(match_id):
        reads.append(match_id)
        if len(reads) == 1:
            raise OperationalError("SELECT", {}, Exception("the database went away for a moment"))
        return read_match(match_id)

    monkeypatch.setattr(store, "read_match", failing_once)
    answer = post(client, match, DEAL)
    assert answer.status_code == 200 and len(reads) == 2  # the fast path's read failed; the view's did not
    assert len(client.get(f"/api/matches/{match['id']}/log").get_json()) == 1


@pytest.mark.parametrize("environ", [
    {"CONTENT_LENGTH": "\u00b2"},  # a digit to str.isdigit, not a length
    {"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True},  # the length is ignored
    {"HTTP_HOST": "elsewhere.example"},  # not a trusted host
], ids=["odd-length", "chunked", "untrusted-host"])
def test_a_request_flask_would_read_otherwise_is_the_views(app, client, environ):
    app.config["TRUSTED_HOSTS"] = ["localhost"]
    fast_path = app.wsgi_app
    fast, slow = twins(client)
    answers = []
    for target, match in ((fast_path, fast), (fast_path.inner, slow)):
        body = json.dumps(DEAL).encode()
        built = EnvironBuilder(path=f"/api/matches/{match['id']}/actions", method="POST",
                               data=body + b" and more", content_type="application/json",
                               headers={"Authorization": f"Bearer {match['scorer_token']}"}).get_environ()
        built.update({"CONTENT_LENGTH": str(len(body)), **environ})
        answer, status, _headers = run_wsgi_app(target, built, buffered=True)
        answers.append((status, b"".join(answer)))
    assert answers[0] == answers[1] and not answers[0][0].startswith("200")
    assert client.get(f"/api/matches/{fast['id']}/log").get_json() == []


def test_where_every_route_is_rate_limited_flask_answers_every_action(tmp_path):
    limited = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limited.sqlite3'}",
                          "SECRET_KEY": "test-secret", "RATELIMIT_DEFAULT": "2 per minute"})
    assert not isinstance(limited.wsgi_app, ActionFastPath)
    assert isinstance(create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'free.sqlite3'}",
                                  "SECRET_KEY": "test-secret"}).wsgi_app, ActionFastPath)


def test_the_snapshot_an_entry_is_due_is_written_after_its_answer_is_sent(app, client):
    # The match's first snapshot is due at entry 100 + its phase. That entry's answer is the first
    # thing the fast path hands the server; the snapshot is written only when the server asks
    # for more, the answer sent.
    match, _twin = twins(client)
    due = 100 + snapshots.phase(match["id"])
    play(client, match, due - 1)
    assert stored_snapshots(app, match) == []
    body = json.dumps(ENTRIES_FOREVER[(due - 1) % len(ENTRIES_FOREVER)]).encode()
    environ = EnvironBuilder(path=f"/api/matches/{match['id']}/actions", method="POST", data=body,
                             headers={"Authorization": f"Bearer {match['scorer_token']}"},
                             content_type="application/json").get_environ()
    started = []
    answer = iter(app.wsgi_app(environ, lambda status, headers: started.append(status)))
    assert json.loads(next(answer))["seq"] == due and started == ["200 OK"]
    assert stored_snapshots(app, match) == []  # the answer is out; the snapshot is not written yet
    assert list(answer) == []
    assert stored_snapshots(app, match) == [due]


def stored_snapshots(app, match) -> list[int]:
    with app.app_context():
        return [snapshot.seq for snapshot in snapshots.stored(match["id"])]


def test_an_action_binds_the_app_and_closes_a_session_it_opened(app, client, monkeypatch):
    # Nothing listens to the app context's signals here: the fast path only makes the context
    # current, and closes an ORM session opened within it as the context's teardown would.
    from flask import current_app

    from referee.store.models import db

    seen, reading = [], store.read_match

    def read_match(match_id):
        seen.append((current_app.name, db.session.registry.has()))
        db.session.get(store.Match, match_id)  # opens the ORM session (and its connection)
        return reading(match_id)

    monkeypatch.setattr(store, "read_match", read_match)
    match, _twin = twins(client)
    for action in ENTRIES[:3]:
        assert post(client, match, action).status_code == 200
    assert seen == [(app.name, False)] * 3
    with app.app_context():
        assert db.session.registry.registry == {}  # no session left open, under any context's key


def test_where_the_app_context_is_listened_to_it_is_pushed_and_popped(app, client):
    from flask import appcontext_popped, appcontext_pushed

    heard = []

    def pushed(sender, **_extra):
        heard.append("pushed")

    def popped(sender, **_extra):
        heard.append("popped")

    match, _twin = twins(client)
    with appcontext_pushed.connected_to(pushed, app), appcontext_popped.connected_to(popped, app):
        heard.clear()
        answer = app.wsgi_app(EnvironBuilder(
            path=f"/api/matches/{match['id']}/actions", method="POST", json=DEAL,
            headers={"Authorization": f"Bearer {match['scorer_token']}"}).get_environ(), lambda *args: None)
        assert json.loads(b"".join(answer))["seq"] == 1
    assert heard == ["pushed", "popped"]  # one context, the fast path's (the view was not reached)
