"""Property-based fuzz of the phone's forms: random bodies built from the field names and
values the real pages render, posted by a scorer with a valid CSRF token to every game's entry
form and to the timeline, through mid-game states. Never a 500; a refusal changes nothing."""
from __future__ import annotations

import os
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.test_pages import csrf
from tests.web.test_timeline import OPENING

EXAMPLES = int(os.environ.get("FORM_FUZZ_EXAMPLES", "150"))
PLAYERS = {"reverse-bridge": ["Ann", "Ben", "Cat", "Dan"], "ropebridge": ["Ann", "Ben"]}
# A few entries into each game, so the fuzz starts mid-game (it stops at the first refusal).
OPENINGS = {
    "pontis": OPENING,
    "curdle": [{"type": "deal", "card": "Kh"}, {"type": "open", "card": "Qc"},
               {"type": "play", "card": "Ad", "bank": "B"}],
    "ropebridge": [{"type": "deal", "row": ["8h", "5c", "Kd", "2s"], "discard": "3s"}],
    "pontoon": [{"type": "deal"}, {"type": "stake", "player": "Ben", "amount": 4}],
    "reverse-bridge": [{"type": "deal"}],
}
ODD = ["", " ", "²", "٤", "9" * 40, "-1", "0", "true", "false", "JK", "10h", "xyz", "Ann", "Nobody", "A", "B",
       "\u200b", "a\u0007b", "{}", "[]", "<b>", "🂡", "h", "NT", "1e9"]


class Fields(HTMLParser):
    """The names and values of every field inside the page's forms."""

    def __init__(self):
        super().__init__()
        self.values: dict[str, set[str]] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("input", "button", "select", "textarea") and attrs.get("name"):
            self.values.setdefault(attrs["name"], set()).add(attrs.get("value") or "")
        if tag == "option" and attrs.get("value") is not None and self.values:
            last = list(self.values)[-1]
            self.values[last].add(attrs["value"])


def fields_of(html: str) -> dict[str, list[str]]:
    parser = Fields()
    parser.feed(html)
    parser.values.pop("csrf_token", None)
    return {name: sorted(values) for name, values in parser.values.items()}


SHAPES = ["", "", "", ".0.rank", ".1.suit", "[Ann]", ".0", ".2.stake", ".rank"]
# One drawn field: which rendered name (by index), in which shape, with which kind of value.
picks = st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(SHAPES), st.integers(0, 10**6),
                           st.sampled_from(["seen", "odd", "text"]), st.text(max_size=12)), max_size=7)


def form_body(fields: dict[str, list[str]], drawn) -> dict[str, str]:
    """A form body from abstract picks, mapped onto the fields the page renders now (the draws
    themselves never depend on the page, so the fuzz stays reproducible)."""
    names = sorted(fields) or ["type"]
    body = {}
    for index, shape, which, kind, text in drawn:
        name = names[index % len(names)] + shape
        seen = fields.get(name) or ODD
        body[name] = {"seen": seen[which % len(seen)], "odd": ODD[which % len(ODD)], "text": text}[kind]
    return body


def state_of(client, mid: str) -> bytes:
    return client.get(f"/api/matches/{mid}").get_data()


def mid_game(client, api, game_name: str) -> tuple[str, str]:
    match = api.create(game=game_name, players=PLAYERS.get(game_name, ["Ann", "Ben", "Cat"]))
    for action in OPENINGS[game_name]:
        answer = client.post(f"/api/matches/{match['id']}/actions", json=action,
                             headers={"Authorization": f"Bearer {match['scorer_token']}"})
        if answer.status_code != 200:
            break
    client.get(f"/m/{match['id']}/join/{match['scorer_token']}")
    return match["id"], csrf(client.get(f"/m/{match['id']}").get_data(as_text=True))


@pytest.mark.parametrize("game_name", sorted(OPENINGS))
def test_random_entry_forms_never_break_a_match(client, api, game_name):
    mid, token = mid_game(client, api, game_name)
    unchanged: list[bytes] = []  # as in fuzz_form (reading the board in between changes nothing)

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(drawn=picks)
    def check(drawn):
        body = form_body(fields_of(client.get(f"/m/{mid}/board").get_data(as_text=True)), drawn)
        before = unchanged.pop() if unchanged else state_of(client, mid)
        response = client.post(f"/m/{mid}/act", data=body, headers={"X-CSRFToken": token})
        assert response.status_code < 500, (body, response.get_data(as_text=True)[:300])
        if response.status_code >= 400:
            after = state_of(client, mid)
            assert after == before, body
            unchanged.append(after)

    check()


def fuzz_form(client, mid: str, token: str, url: str, fields: dict[str, list[str]]) -> None:
    """Random bodies built from a page's fields, posted to ``url``: never a 500, and a refused
    one changes nothing; the timeline still opens after them all."""
    # The match as read just after the last request, if that one was refused (and so was checked
    # to leave the match byte for byte as it was): nothing has touched the match since, so it is
    # what a read before the next request answers. Any other outcome reads the match again.
    unchanged: list[bytes] = []

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(drawn=picks)
    def check(drawn):
        body = form_body(fields, drawn)
        before = unchanged.pop() if unchanged else state_of(client, mid)
        response = client.post(url, data={"csrf_token": token, **body})
        assert response.status_code < 500, (body, response.get_data(as_text=True)[:300])
        if response.status_code >= 400:
            after = state_of(client, mid)
            assert after == before, body
            unchanged.append(after)

    check()
    assert client.get(f"/m/{mid}/timeline").status_code == 200


@pytest.mark.parametrize("game_name", sorted(OPENINGS))
def test_random_timeline_forms_never_break_a_match(client, api, game_name):
    mid, token = mid_game(client, api, game_name)
    client.post(f"/m/{mid}/timeline", data={"csrf_token": token, "type": "dispute", "seq": "1", "note": "n"})
    fields = fields_of(client.get(f"/m/{mid}/timeline").get_data(as_text=True))
    fields["type"] = ["dispute", "correct", "drop", "ruling", "undo", "quick"]
    fields.setdefault("drop", ["2", "3 4", "²"])
    fuzz_form(client, mid, token, f"/m/{mid}/timeline", fields)


@pytest.mark.parametrize("game_name", sorted(OPENINGS))
def test_random_correction_forms_never_break_a_match(client, api, game_name):
    """The correction page's keys (the game's own, drawn for the table before the entry)."""
    mid, token = mid_game(client, api, game_name)
    fields = fields_of(client.get(f"/m/{mid}/timeline/correct/1").get_data(as_text=True))
    fields.setdefault("drop", ["2", "3 4", "²"])
    fuzz_form(client, mid, token, f"/m/{mid}/timeline/correct/1", fields)
