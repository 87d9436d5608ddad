"""Which language a phone sees: the switch's cookie first, then the browser's Accept-Language,
else English; and Flask-Babel, asked, names the same language the app speaks."""
from __future__ import annotations

import pytest
from flask_babel import get_locale

from referee import i18n


def spoken(client, **headers) -> str:
    page = client.get("/", headers=headers).get_data(as_text=True)
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_browser_language_is_spoken_when_nothing_was_chosen(client):
    assert spoken(client) == "en"
    assert spoken(client, **{"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}) == "de"
    assert spoken(client, **{"Accept-Language": "fr, en;q=0.4"}) == "en"


def test_the_switch_beats_the_browser_and_goes_back(client):
    client.get("/language/de")
    assert spoken(client, **{"Accept-Language": "en"}) == "de"
    client.get("/language/en")
    assert spoken(client, **{"Accept-Language": "de"}) == "en"


def test_a_cookie_naming_no_language_of_ours_is_ignored(client):
    client.set_cookie("language", "xx")
    assert spoken(client, **{"Accept-Language": "de"}) == "de"


@pytest.mark.parametrize("headers, code", [({}, "en"), ({"Accept-Language": "de"}, "de")])
def test_flask_babel_names_the_language_the_app_speaks(app, headers, code):
    with app.test_request_context("/", headers=headers):
        app.preprocess_request()
        assert i18n.current() == code
        assert str(get_locale()) == code
