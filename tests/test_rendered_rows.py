"""referee.rendered.Rows, the lists of a view that grow with the match: a row is rendered when it
is first read and kept, so an answer that shows the newest few renders those few, and a sheet
that reads every row several times renders each once."""
from __future__ import annotations

import random

import pytest

from referee import i18n
from referee.bench import PLAYERS, _pontoon_deal
from referee.games.pontoon import view as pontoon_view
from referee.games.pontoon.engine import GAME as PONTOON
from referee.rendered import Rows
from referee.web.api import HISTORY_WINDOW, bounded
from tests.engine.table import Table


def counted(records):
    made: list[int] = []

    def render(record: int) -> str:
        made.append(record)
        return f"row {record}"

    return Rows(records, render), made


def test_a_row_is_rendered_when_first_read_and_only_then():
    rows, made = counted(range(100))
    assert len(rows) == 100 and made == []
    assert rows[-1] == "row 99" and rows[0] == "row 0"
    assert rows[-3:] == ["row 97", "row 98", "row 99"]
    assert made == [99, 0, 97, 98]


def test_reading_every_row_again_and_again_renders_each_once():
    rows, made = counted(range(50))
    for _ in range(3):
        assert list(rows) == [f"row {n}" for n in range(50)]
        assert rows[0] == "row 0" and rows[10:12] == ["row 10", "row 11"]
    assert sorted(made) == list(range(50))


def test_rows_index_and_compare_as_a_list_would():
    rows, _ = counted(range(5))
    listed = [f"row {n}" for n in range(5)]
    assert rows == listed and rows == tuple(listed) and rows != listed[:4]
    assert rows[::-2] == listed[::-2] and list(reversed(rows)) == listed[::-1]
    for index in (5, -6):
        with pytest.raises(IndexError):
            rows[index]


def test_an_answer_of_a_long_pontoon_session_renders_only_the_deals_it_shows(monkeypatch):
    players = PLAYERS + ["Eve", "Fay"]
    table = Table(PONTOON, players, {}, "quick")
    rng = random.Random(7)
    for n in range(60):
        table.do(_pontoon_deal(players, rng, n, table.view))
    deals: list[int] = []
    render = pontoon_view._history_entry

    def history_entry(state, deal):
        deals.append(deal.record.deal)
        return render(state, deal)

    monkeypatch.setattr(pontoon_view, "_history_entry", history_entry)
    answer = bounded(PONTOON.view(table.state))
    assert answer["history_count"] == 60 and answer["ledger_count"] > HISTORY_WINDOW
    assert [deal["deal"] for deal in answer["history"]] == list(range(60 - HISTORY_WINDOW, 60))
    assert sorted(deals) == list(range(60 - HISTORY_WINDOW, 60))


def test_views_of_the_same_finished_games_share_the_rows_made():
    records = tuple(range(30))
    made: list[tuple[str, int]] = []

    def render(context: str):
        def row(record: int) -> str:
            made.append((context, record))
            return f"{context} {record}"
        return row

    first = Rows(records, render("Ann"), "Ann")
    assert first[-3:] == ["Ann 27", "Ann 28", "Ann 29"]
    assert Rows(records, render("Ann"), "Ann")[-3:] == first[-3:]  # the next answer: made once
    assert made == [("Ann", 27), ("Ann", 28), ("Ann", 29)]
    assert Rows(records, render("Ben"), "Ben")[-1] == "Ben 29"  # other names: their own rows
    assert Rows(tuple(range(31)), render("Ann"), "Ann")[-2] == "Ann 29"  # a new game: new records
    with i18n.language("de"):
        assert Rows(records, render("Ann"), "Ann")[-1] == "Ann 29"  # another language: anew
    assert Rows(records, render("Ann"))[-1] == "Ann 29"  # no context: nothing shared
    assert made[3:] == [("Ben", 29), ("Ann", 29), ("Ann", 29), ("Ann", 29)]
