"""Blank score pads: one printable sheet per game, to be filled in by pen at the table.

``pad(game_name, page)`` returns the PDF bytes. Every pad has the same top: the title, lines
for the date, the place and the players, and the game's house rules as tick boxes (read from
the engine's ``Settings.rules()``, so a new house rule appears here by itself). Below that each
game has its own grid, planned by the ``pad.py`` of its folder (``plan(kit, title)``); a game
without one gets a row per deal and a column per player.

Layout choices, for handwriting: body rows are ``ROW`` (7.5 mm) high, grid lines are light grey
so ink stands out, structure (blocks, rounds, totals) is marked by darker lines, and column
widths are fractions of the usable width so the same grid fits A4 and Letter. Long grids run
onto a second page with the header rows repeated.

Every word is in the current language (English or German), the game's own catalog first; a
heading too wide for its column is set smaller rather than broken. Each pad is built once per
game, paper size and language.
"""
from __future__ import annotations

import contextvars
import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from referee import games, i18n
from referee.i18n import _, gettext
from referee.pdf import FONT, FONT_BOLD, MARGIN, PAGE_SIZES, Kit, para, register_fonts
from referee.settings import HouseRuleInfo

# --- Look --------------------------------------------------------------------------------
ROW = 7.5 * mm                             # a body row: room for a handwritten number
INK = colors.black                         # structure: outer box, block and total lines
LINE = colors.HexColor("#a9a59b")          # the grid itself: light, so ink stands out
HINT = colors.HexColor("#77736a")          # printed prompts inside cells (circle one)
SHADE = colors.HexColor("#e8e6e0")         # header rows
TINT = colors.HexColor("#f4f3ef")          # running-total rows and columns
BOX = "☐"                                  # DejaVu Sans U+2610, a tick box


class UnknownGame(KeyError):
    """No pad for this game name."""


# --- Styles ------------------------------------------------------------------------------
def paragraph_style(name: str, size: float, bold: bool = False, color: Any = INK, center: bool = False,
                    leading: float | None = None) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=FONT_BOLD if bold else FONT, fontSize=size,
                          leading=leading or size * 1.25, textColor=color,
                          alignment=TA_CENTER if center else 0)


HEAD = paragraph_style("pad-head", 7.5, bold=True, center=True)      # column headings
SUBHEAD = paragraph_style("pad-subhead", 6.5, center=True, leading=7.5)  # the row under the headings
LABEL = paragraph_style("pad-label", 8, bold=True)                     # row labels, rule names
CELL_HINT = paragraph_style("pad-cell-hint", 7, color=HINT, center=True)
NOTE = paragraph_style("pad-note", 7.5, color=colors.HexColor("#3d3b36"), leading=9.5)
HELP = paragraph_style("pad-help", 6.5, color=HINT, leading=8)
RULE = paragraph_style("pad-rule", 8.5, leading=13)  # fixed: a line with boxes is no taller
FILL_LABEL = paragraph_style("pad-fill", 9)


def fit(text: Any, style: ParagraphStyle, width: float) -> Paragraph:
    """A heading whose words stay whole in a narrow column: where the longest word is wider
    than ``width`` the type is made smaller to fit (German words are long), down to 5 pt."""
    text = str(text)
    widest = max((stringWidth(word, style.fontName, style.fontSize) for word in text.split()), default=0)
    if widest <= width:
        return para(text, style)
    size = max(5.0, style.fontSize * width / widest)
    smaller = ParagraphStyle(f"{style.name}-fit", parent=style, fontSize=size,
                             leading=style.leading * size / style.fontSize)
    return para(text, smaller)


# --- The shared top of every pad --------------------------------------------------------
def fill_lines(kit: Kit, cells: list[tuple[str, float]], per_row: int) -> Table:
    """Labelled blank lines to write on: ``cells`` is (label, fraction of the width) pairs,
    laid out ``per_row`` to a row. The fractions of one row should add up to 1."""
    gap = 5 * mm
    rows: list[list[Any]] = []
    for start in range(0, len(cells), per_row):
        row: list[Any] = []
        for label, _width in cells[start:start + per_row]:
            row += [para(label, FILL_LABEL), "", ""]
        rows.append(row + [""] * (3 * per_row - len(row)))
    widths: list[float] = []
    for c in range(per_row):  # a column of labels is as wide as its longest label
        label_width = max(stringWidth(str(cells[i][0]), FONT, FILL_LABEL.fontSize)
                          for i in range(c, len(cells), per_row)) + 6
        widths += [label_width, cells[c][1] * kit.width - label_width - gap, gap]
    style = [("LINEBELOW", (c, r), (c, r), 0.6, LINE)
             for r in range(len(rows)) for c in range(1, 3 * per_row, 3) if rows[r][c - 1] != ""]
    table = Table(rows, colWidths=widths, rowHeights=[9 * mm] * len(rows), hAlign="LEFT")
    table.setStyle(TableStyle(style + [
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def numbered_players(count: int, per_row: int = 3) -> list[tuple[str, float]]:
    return [(f"{n}.", 1 / per_row) for n in range(1, count + 1)]


def pad_top(kit: Kit, title: str, players: list[tuple[Any, float]], per_row: int, players_note: Any,
            extra: Sequence[tuple[Any, float]] = ()) -> list[Flowable]:
    return [
        para(_("{game} score pad", game=title), kit.title),
        para(_("A blank pad to fill in by pen. Tick the house rules before the first deal."), NOTE),
        Spacer(1, 1 * mm),
        fill_lines(kit, [(gettext("Date"), 0.3), (gettext("Place"), 0.4), (gettext("Match"), 0.3)], 3),
        Spacer(1, 2 * mm),
        para(players_note, NOTE),
        fill_lines(kit, players, per_row),
    ] + ([fill_lines(kit, list(extra), len(extra))] if extra else [])


def _range(info: HouseRuleInfo) -> str:
    lo, hi = info.minimum, info.maximum
    if lo is not None and hi is not None and hi <= 1000:
        return f"{lo}–{hi}"
    if lo is not None:
        return str(_("at least {n}", n=lo))
    return ""


def _rule_cell(info: HouseRuleInfo) -> list[Flowable]:
    """One house rule: its label, then a box per choice, one box for an on/off rule, or a blank
    line for a number with the default printed beside it; the engine's help in small print."""
    label = f"<b>{escape(gettext(info.label))}</b>"
    hint = f'<font color="#{HINT.hexval()[2:]}" size="6.5">'
    # "default 100" and "at least 1" each stay on one line (&nbsp;); a line breaks between them.
    default = escape(str(_("default {value}", value=info.word(info.default)))).replace(" ", "&nbsp;")
    if info.choices is not None:
        boxes = "&nbsp;&nbsp; ".join(f'<font size="10.5">{BOX}</font>&nbsp;{escape(info.word(c))}'
                                     for c in info.choices)
        options = f"{boxes}&nbsp;&nbsp; {hint}{default}</font>"
    elif info.kind is bool:
        # The default's word stays with its value: "default&nbsp;off".
        tick = escape(str(_("(tick to play it; default {value})", value="\0")))
        tick = tick.replace(" \0", "&nbsp;\0").replace("\0", escape(info.word(info.default)))
        on = escape(gettext("on"))
        options = f'<font size="10.5">{BOX}</font>&nbsp;{on} {hint}{tick}</font>'
    else:
        allowed = escape(_range(info)).replace(" ", "&nbsp;")
        allowed = f", {allowed}" if allowed else ""
        options = (f'<font color="#{LINE.hexval()[2:]}">{"_" * 12}</font> '
                   f"{hint}{default}{allowed}</font>")
    # The spacer is as big as a tick box, so every rule's first line sits at the same height.
    return [Paragraph(f'{label}<font size="10.5">&nbsp;</font>&nbsp; {options}', RULE),
            para(gettext(info.help) if info.help else "", HELP)]


def house_rules(kit: Kit, rules: tuple[HouseRuleInfo, ...]) -> list[Flowable]:
    """The house rules two to a row, so a game with many (Pontoon has 16) stays compact."""
    cells = [_rule_cell(info) for info in rules]
    if len(cells) % 2:
        cells.append([])
    rows = [cells[i:i + 2] for i in range(0, len(cells), 2)]
    gap = 4 * mm
    table = Table(rows, colWidths=[(kit.width - gap) / 2 + gap / 2] * 2, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2 + 2),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 0), (-1, -2), 0.3, LINE),
        ("BOX", (0, 0), (-1, -1), 0.6, LINE),
    ]))
    return [para(gettext("House rules"), kit.heading), table]


# --- The grid helper ---------------------------------------------------------------------
def ruled_grid(kit: Kit, header: list[list[Any]], body: list[list[Any]], fractions: list[float],
               style: Sequence[tuple[Any, ...]] = (), header_heights: list[float] | None = None) -> Table:
    """A writing grid: ``header`` rows (repeated on every page) over ``body`` rows of height
    ROW; strings in the header become bold headings, every other cell is used as given."""
    assert abs(sum(fractions) - 1) < 1e-6, fractions
    rows = [[fit(c, HEAD, kit.width * fractions[i] - 4) if isinstance(c, str) and c else c
             for i, c in enumerate(row)] for row in header]
    rows += body
    heading_heights: list[float | None] = list(header_heights) if header_heights else [None] * len(header)
    heights = heading_heights + [ROW] * len(body)
    table = Table(rows, colWidths=[kit.width * f for f in fractions], rowHeights=heights,
                  repeatRows=len(header), hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("BACKGROUND", (0, 0), (-1, len(header) - 1), SHADE),
        ("GRID", (0, 0), (-1, -1), 0.35, LINE),
        ("LINEBELOW", (0, len(header) - 1), (-1, len(header) - 1), 0.9, INK),
        ("BOX", (0, 0), (-1, -1), 0.9, INK),
        *style,
    ]))
    return table


def hint(text: Any) -> Paragraph:
    """Faint prompt printed in a cell, for the writer to circle one of its words."""
    return para(text, CELL_HINT)


def section(kit: Kit, title: Any, note: Any) -> list[Flowable]:
    return [para(title, kit.heading), para(note, NOTE), Spacer(1, 1.5 * mm)]


# --- The plan of a pad ------------------------------------------------------------------
@dataclass
class Plan:
    """What a game's builder hands back: the flowables above the grid, and the grid itself
    for a given number of units (rows, or Pontis games of five rows). ``_build`` picks the
    number of units that fills ``pages`` pages exactly at the chosen paper size."""

    before: list[Flowable]
    grid: Callable[[int], Table]
    unit: float = ROW
    pages: int = 1
    multiple: int = 1   # round the count down to this (Reverse Bridge: whole rounds of four)


def dark_every(step: int, count: int, header_rows: int) -> list[tuple]:
    """A darker line after every ``step`` body rows, to help the eye along a long grid."""
    return [("LINEBELOW", (0, header_rows + r - 1), (-1, header_rows + r - 1), 0.7, colors.HexColor("#6f6b63"))
            for r in range(step, count, step)]


# --- A game without a grid of its own ----------------------------------------------------
GENERIC_PLAYERS = 6


def generic_plan(kit: Kit, title: str, game: Any) -> Plan:
    """One row per deal (by the game's own word for it), a score and running total per player."""
    n = min(GENERIC_PLAYERS, game.max_players)
    head_rows = [[_p_unit(game)] + [para(_("Player {n}", n=i), SUBHEAD) for i in range(1, n + 1)]]
    top = (pad_top(kit, title, numbered_players(n), 3, None) + house_rules(kit, game.settings_type.rules()))

    def rows(count: int) -> Table:
        body = [[str(i)] + [""] * n for i in range(1, count + 1)]
        return ruled_grid(kit, head_rows, body, [0.1] + [0.9 / n] * n)

    return Plan(before=top, grid=rows)


def _p_unit(game: Any) -> Paragraph:
    return para(gettext(game.unit.capitalize()), HEAD)


# --- Assembly ----------------------------------------------------------------------------
def plan_of(game_name: str, kit: Kit, title: str) -> Plan:
    """The pad of a game: its folder's plan, else the generic one."""
    record = games.registration(game_name)
    module = record.part("pad") if record else None
    return module.plan(kit, title) if module else generic_plan(kit, title, games.get(game_name))


def pad(game_name: str, page: str = "a4") -> bytes:
    """The blank score pad of one game as PDF bytes. Raises ``UnknownGame`` for a game with no
    pad and ``ValueError`` for a page size other than ``PAGE_SIZES``' (a4, letter)."""
    if games.get(game_name) is None:
        raise UnknownGame(game_name)
    if page not in PAGE_SIZES:
        raise ValueError(f"page size must be one of {', '.join(PAGE_SIZES)}, not {page!r}")
    return _build(game_name, page, i18n.current())


def _height(flowable: Flowable, width: float, height: float) -> float:
    return flowable.wrap(width, height)[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()


def _units(plan: Plan, width: float, height: float) -> int:
    """How many grid units fill the plan's pages: what is left of page one under the top
    section, plus whole later pages, each less the repeated header rows."""
    slack = 3  # points kept free so rounding never pushes the last row over
    header = _height(plan.grid(1), width, height) - plan.unit
    first = int((height - sum(_height(f, width, height) for f in plan.before) - header - slack) // plan.unit)
    later = int((height - header - slack) // plan.unit)
    units = max(first, 0) + later * (plan.pages - 1)
    return units - units % plan.multiple


@lru_cache(maxsize=None)
def _build(game_name: str, page: str, language: str) -> bytes:
    # Blank pads never change while the app runs, so each (game, size, language) is built once.
    # It is built in a context of its own with the game's words first, whatever the caller set.
    return contextvars.copy_context().run(_render_pad, game_name, page, language)


def _render_pad(game_name: str, page: str, language: str) -> bytes:
    i18n.set_language(language)
    i18n.set_game(game_name)
    register_fonts()
    pagesize = PAGE_SIZES[page]
    kit = Kit(width=pagesize[0] - 2 * MARGIN)
    game = games.get(game_name)
    if game is None:  # pad() checks first; _build is reachable without it
        raise UnknownGame(game_name)
    title = game.title

    def footer(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.setFillColor(HINT)
        canvas.drawString(MARGIN, 8 * mm, str(_("{game} score pad", game=title)) + " · referee")
        canvas.drawRightString(pagesize[0] - MARGIN, 8 * mm, str(_("page {n}", n=doc.page)))
        canvas.restoreState()

    def render(units: int | None) -> tuple[bytes, int, int]:
        # A frame without inner padding, so the grid's fractions are of the real usable width.
        frame = Frame(MARGIN, MARGIN, kit.width, pagesize[1] - 2 * MARGIN, id="pad",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        buffer = io.BytesIO()
        doc = BaseDocTemplate(buffer, pagesize=pagesize, leftMargin=MARGIN, rightMargin=MARGIN,
                              topMargin=MARGIN, bottomMargin=MARGIN,
                              title=str(_("{game} — blank score pad", game=title)),
                              author="referee", pageTemplates=[PageTemplate("pad", [frame], onPage=footer)])
        plan = plan_of(game_name, kit, title)  # fresh flowables: a built story is spent
        if units is None:
            units = _units(plan, kit.width, frame._aH)
        doc.build(plan.before + [plan.grid(units)])
        return buffer.getvalue(), doc.page, units

    # The estimate is a little cautious (spacing between flowables is counted in full); add
    # rounds while they still fit on the plan's pages.
    shape = plan_of(game_name, kit, title)
    body, _pages, units = render(None)
    while True:
        more, used, _units_again = render(units + shape.multiple)
        if used > shape.pages:
            return body
        body, units = more, units + shape.multiple
