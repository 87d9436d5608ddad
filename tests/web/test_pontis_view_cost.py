"""A long Pontis match stays cheap to open (issue 16): the view's history renders a finished
game's entry only when it is read, so an API answer, which shows the newest twenty, renders
twenty however many games were played; a page that reads them all gets them all, each as it
would have read when the view was made."""
from __future__ import annotations

import pytest

from referee.games.pontis import engine
from referee.games.pontis.engine import GAME
from referee.i18n import language
from referee.web.api import HISTORY_WINDOW, bounded
from tests.engine.test_pontis_ends import GAME_1, GAME_2, GAME_3, quick


@pytest.fixture
def rendered(monkeypatch):
    """The finished games whose history entry was rendered, by number (nothing kept before)."""
    numbers: list[int] = []
    render = engine.PontisGame._history_entry

    def counted(self, state, result):
        numbers.append(result.number)
        return render(self, state, result)

    engine.ENTRIES.clear()
    monkeypatch.setattr(engine.PontisGame, "_history_entry", counted)
    yield numbers
    engine.ENTRIES.clear()


def long_match(games: int):
    return quick(*([GAME_1, GAME_2, GAME_3] * (games // 3 + 1))[:games], games=0).state


def test_an_answer_renders_only_the_games_it_shows(rendered):
    state = long_match(90)
    answer = bounded(GAME.view(state))
    assert answer["history_count"] == 90
    assert [game["deal"] for game in answer["history"]] == list(range(90 - HISTORY_WINDOW, 90))
    assert sorted(rendered) == list(range(90 - HISTORY_WINDOW, 90))


def test_every_game_is_there_for_whoever_reads_them_all(rendered):
    state = long_match(30)
    view = GAME.view(state)
    whole = bounded(view, full=True)["history"]
    assert len(whole) == len(view["history"]) == 30
    assert whole == view["history"] == list(view["history"])
    assert [game["deal"] for game in whole] == list(range(30))
    # The match totals are the sum of every game's scores, rendered or not.
    assert view["scores"] == {name: sum(game["scores"][name] for game in whole) for name in state.players}


def test_a_row_reads_in_the_language_of_the_moment_the_view_was_made(rendered):
    state = long_match(3)
    with language("de"):
        german = GAME.view(state)
    english = GAME.view(state)
    assert german["history"][0]["headline"].startswith("Cy ist ausgegangen und gewinnt Spiel 1")
    assert english["history"][0]["headline"].startswith("Cy went out and wins game 1")
