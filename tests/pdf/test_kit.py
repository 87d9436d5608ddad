"""The sheet frame's table cells: a cell that fits one line is drawn without a paragraph, and
looks exactly as its paragraph would, red suits included."""
from __future__ import annotations

from io import BytesIO

from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.platypus import Paragraph, Spacer

from referee import pdf
from referee.pdf import InkedLine, _runs, document, page_kit
from tests.pdf.rendering import page_one_png


def test_a_cell_is_plain_text_a_red_line_or_a_paragraph_by_what_it_holds():
    table = page_kit("a4").table(["Hand", "Cards", "Result"], [["Ben", "8♣ A♥", "nineteen " * 12]], [0.2, 0.3, 0.5])
    header, row = table._cellvalues
    assert header == ["Hand", "Cards", "Result"]  # headers that fit are text too
    assert row[0] == "Ben"
    assert isinstance(row[1], InkedLine) and row[1].text == "8♣ A♥"
    assert isinstance(row[2], Paragraph)  # too long for one line: it wraps


def test_runs_change_where_the_ink_does():
    assert _runs("K♥ 7♣") == ["K", "♥", " 7♣"]
    assert _runs("♦♥ 2♦") == ["♦♥", " 2", "♦"]
    assert _runs("") == []


def test_a_red_line_looks_exactly_as_its_paragraph(tmp_path):
    parts = page_kit("a4")
    rows = [["Ben", "8♣ A♥ 10♦", "19 beats 18"], ["Cy", "K♥ 4♠ 6♥ Q♠", "bust"]]
    as_lines = parts.table(["Hand", "Cards", "Result"], rows, [0.2, 0.3, 0.5])
    as_paragraphs = parts.table(["Hand", "Cards", "Result"], rows, [0.2, 0.3, 0.5])
    for line, row in zip(as_paragraphs._cellvalues[1:], rows):
        line[1] = parts.para(row[1], parts.small)
    assert isinstance(as_lines._cellvalues[1][1], InkedLine)
    drawn = [Image.open(page_one_png(document([table], "a4"), tmp_path, name, dpi=150)).convert("RGB")
             for name, table in (("lines", as_lines), ("paragraphs", as_paragraphs))]
    assert ImageChops.difference(*drawn).getbbox() is None
    red = pdf.colors.HexColor(pdf.RED_INK).rgb()
    assert any(all(abs(c - 255 * r) < 40 for c, r in zip(pixel, red))
               for _count, pixel in drawn[0].getcolors(maxcolors=1 << 24))


def test_running_totals_of_a_few_wins_are_marked_in_whole_numbers():
    from reportlab.graphics.charts.lineplots import LinePlot

    from referee.pdf.chart import running_totals_drawing

    drawing = running_totals_drawing([{"Ann": 1, "Ben": 0}, {"Ann": 1, "Ben": 1}], ["Ann", "Ben"], 400, "Helvetica")
    plot = next(c for c in drawing.contents if isinstance(c, LinePlot))
    assert plot.yValueAxis.valueSteps == [0, 1]
    wide = running_totals_drawing([{"Ann": 120, "Ben": -40}], ["Ann", "Ben"], 400, "Helvetica")
    assert getattr(next(c for c in wide.contents if isinstance(c, LinePlot)).yValueAxis, "valueSteps", None) is None


def test_a_heading_is_never_left_alone_at_the_foot_of_a_page():
    kit = page_kit("a4")
    rows = [[f"row {n}", "x"] for n in range(3)]
    # A spacer leaving room at the foot of page one for the heading, not for its table.
    story = [Spacer(1, 720), kit.para("Findings", kit.heading), kit.table(["Entry", "Rule"], rows, [0.5, 0.5])]
    pages = [page.extract_text() for page in PdfReader(BytesIO(document(story, "a4"))).pages]
    assert len(pages) == 2, pages
    assert "Findings" not in pages[0] and "Findings" in pages[1] and "row 0" in pages[1], pages


def _pages(story) -> list[list[str]]:
    """Each page's text, a cell to a line."""
    return [[line.strip() for line in page.extract_text().splitlines()]
            for page in PdfReader(BytesIO(document(story, "a4"))).pages]


def test_a_long_table_starts_under_its_heading_not_on_a_fresh_page():
    kit = page_kit("a4")
    rows = [[f"row {n}", "x"] for n in range(120)]
    story = [Spacer(1, 300), kit.para("Games", kit.heading), kit.table(["Game", "Rule"], rows, [0.5, 0.5])]
    pages = _pages(story)
    assert pages[0][:5] == ["Games", "Game", "Rule", "row 0", "x"], pages[0][:5]


def test_a_header_heads_each_page_once_and_a_game_continued_there_is_named():
    """Rows grouped under a game numbered on its first row only: the next page's first row
    carries its game's number, and no page shows the header twice (reportlab printed it again
    mid-page when it cut a row that could have gone whole onto the next)."""
    kit = page_kit("a4")
    rows = [[f"Game {g}" if p == 0 else "", f"player {g}.{p}", "lorem ipsum " * (12 if p == 3 else 1)]
            for g in range(1, 40) for p in range(4)]
    continued = 0
    for room in (100, 137, 251, 333, 420):   # the page breaks fall at different rows of a game
        pages = _pages([Spacer(1, room), kit.table(["Game", "Player", "Note"], rows, [0.2, 0.2, 0.6])])
        assert len(pages) > 2
        for lines in pages:
            assert lines.count("Player") == 1, lines
        for lines in pages[1:]:
            first = lines[lines.index("Note") + 1:][:2]
            assert first[0].startswith("Game "), (room, first)
            continued += not first[1].endswith(".0")   # a game's later row, named all the same
    assert continued >= 2


def test_a_row_taller_than_a_page_is_cut_and_its_rest_is_named_on_the_next():
    kit = page_kit("a4")
    curdles = "; ".join(f"blind curdle: Ann (entry {n})" for n in range(400))
    rows = [["1", "Ann", "short"], ["2", "Ben", curdles], ["3", "Cy", "short"]]
    pages = _pages([kit.para("Hands", kit.heading), kit.table(["Hand", "Dealer", "Curdles"], rows, [0.1, 0.2, 0.7])])
    assert len(pages) >= 2
    assert pages[0][:9] == ["Hands", "Hand", "Dealer", "Curdles", "1", "Ann", "short", "2", "Ben"], pages[0][:9]
    assert pages[1][:4] == ["Hand", "Dealer", "Curdles", "2"], pages[1][:4]   # cut at the foot, named again
    assert all(lines.count("Curdles") == 1 for lines in pages)
