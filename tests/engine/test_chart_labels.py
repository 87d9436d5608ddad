"""The names at the ends of the running-totals lines (page and score sheet)."""
from __future__ import annotations

from referee.charting import end_label
from referee.web.chart import running_totals_svg


def test_a_long_name_is_cut_with_an_ellipsis_and_a_short_one_kept_whole():
    assert end_label("Maximilian Oberhollenzer", 20) == "Maximilian Oberholl…"
    assert len(end_label("Maximilian Oberhollenzer", 20)) == 20
    assert end_label("Ann", 20) == "Ann"
    assert end_label("Twenty characters ok", 20) == "Twenty characters ok"


def test_the_page_chart_marks_a_cut_name_as_cut():
    svg = str(running_totals_svg([{"Evangeline Featherstonehaugh": 3, "Ann": 1}],
                                 ["Evangeline Featherstonehaugh", "Ann"], "Running totals"))
    assert ">Evangeline Fe…</text>" in svg and ">Ann</text>" in svg
