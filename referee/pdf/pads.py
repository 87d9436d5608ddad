"""Blank score pads: one printable sheet per game, to be filled in by pen at the table.

``pad(game_name, page)`` returns the PDF bytes. Every pad has the same top: the title, lines
for the date, the place and the players, and the game's house rules as tick boxes (read from
the engine's ``Settings.rules()``, so a new house rule appears here by itself). Below that each
game has its own grid, built by one small function per game (``_pontis`` ... ``_reverse_bridge``).

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
from typing import Any, Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Spacer, Table,
                                TableStyle)

from referee import games, i18n
from referee.games import reverse_bridge as rb
from referee.i18n import N_, _, gettext
from referee.pdf import FONT, FONT_BOLD, MARGIN, PAGE_SIZES, Kit, _register_fonts
from referee.rules import HouseRuleInfo

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
def _style(name: str, size: float, bold: bool = False, color: Any = INK, center: bool = False,
           leading: float | None = None) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=FONT_BOLD if bold else FONT, fontSize=size,
                          leading=leading or size * 1.25, textColor=color,
                          alignment=TA_CENTER if center else 0)


HEAD = _style("pad-head", 7.5, bold=True, center=True)      # column headings
SUBHEAD = _style("pad-subhead", 6.5, center=True, leading=7.5)  # the row under the headings
LABEL = _style("pad-label", 8, bold=True)                     # row labels, rule names
CELL_HINT = _style("pad-cell-hint", 7, color=HINT, center=True)
NOTE = _style("pad-note", 7.5, color=colors.HexColor("#3d3b36"), leading=9.5)
HELP = _style("pad-help", 6.5, color=HINT, leading=8)
RULE = _style("pad-rule", 8.5, leading=13)  # fixed: a line with boxes is no taller
FILL_LABEL = _style("pad-fill", 9)


def _p(text: Any, style: ParagraphStyle) -> Paragraph:
    """A paragraph from plain text (escaped; a Message is shown in the current language);
    markup only where a caller builds it itself."""
    return Paragraph(escape(str(text)), style)


def _fit(text: Any, style: ParagraphStyle, width: float) -> Paragraph:
    """A heading whose words stay whole in a narrow column: where the longest word is wider
    than ``width`` the type is made smaller to fit (German words are long), down to 5 pt."""
    text = str(text)
    widest = max((stringWidth(word, style.fontName, style.fontSize) for word in text.split()), default=0)
    if widest <= width:
        return _p(text, style)
    size = max(5.0, style.fontSize * width / widest)
    smaller = ParagraphStyle(f"{style.name}-fit", parent=style, fontSize=size,
                             leading=style.leading * size / style.fontSize)
    return _p(text, smaller)


# --- The shared top of every pad --------------------------------------------------------
def _fill_lines(kit: Kit, cells: list[tuple[str, float]], per_row: int) -> Table:
    """Labelled blank lines to write on: ``cells`` is (label, fraction of the width) pairs,
    laid out ``per_row`` to a row. The fractions of one row should add up to 1."""
    gap = 5 * mm
    rows: list[list[Any]] = []
    for start in range(0, len(cells), per_row):
        row: list[Any] = []
        for label, _width in cells[start:start + per_row]:
            row += [_p(label, FILL_LABEL), "", ""]
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


def _numbered_players(count: int, per_row: int = 3) -> list[tuple[str, float]]:
    return [(f"{n}.", 1 / per_row) for n in range(1, count + 1)]


def _head(kit: Kit, title: str, players: list[tuple[Any, float]], per_row: int, players_note: Any,
          extra: list[tuple[Any, float]] = ()) -> list[Flowable]:
    return [
        _p(_("{game} score pad", game=title), kit.title),
        _p(_("A blank pad to fill in by pen. Tick the house rules before the first deal."), NOTE),
        Spacer(1, 1 * mm),
        _fill_lines(kit, [(gettext("Date"), 0.3), (gettext("Place"), 0.4), (gettext("Match"), 0.3)], 3),
        Spacer(1, 2 * mm),
        _p(players_note, NOTE),
        _fill_lines(kit, players, per_row),
    ] + ([_fill_lines(kit, list(extra), len(extra))] if extra else [])


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
        boxes = "&nbsp;&nbsp; ".join(f'<font size="10.5">{BOX}</font>&nbsp;{escape(info.word(c))}' for c in info.choices)
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
            _p(gettext(info.help) if info.help else "", HELP)]


def _house_rules(kit: Kit, rules: tuple[HouseRuleInfo, ...]) -> list[Flowable]:
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
    return [_p(gettext("House rules"), kit.heading), table]


# --- The grid helper ---------------------------------------------------------------------
def _grid(kit: Kit, header: list[list[Any]], body: list[list[Any]], fractions: list[float],
          style: list[tuple] = (), header_heights: list[float] | None = None) -> Table:
    """A writing grid: ``header`` rows (repeated on every page) over ``body`` rows of height
    ROW; strings in the header become bold headings, every other cell is used as given."""
    assert abs(sum(fractions) - 1) < 1e-6, fractions
    rows = [[_fit(c, HEAD, kit.width * fractions[i] - 4) if isinstance(c, str) and c else c
             for i, c in enumerate(row)] for row in header]
    rows += body
    heights = (header_heights or [None] * len(header)) + [ROW] * len(body)
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


def _hint(text: Any) -> Paragraph:
    """Faint prompt printed in a cell, for the writer to circle one of its words."""
    return _p(text, CELL_HINT)


def _section(kit: Kit, title: Any, note: Any) -> list[Flowable]:
    return [_p(title, kit.heading), _p(note, NOTE), Spacer(1, 1.5 * mm)]


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


def _dark_every(step: int, count: int, header_rows: int) -> list[tuple]:
    """A darker line after every ``step`` body rows, to help the eye along a long grid."""
    return [("LINEBELOW", (0, header_rows + r - 1), (-1, header_rows + r - 1), 0.7, colors.HexColor("#6f6b63"))
            for r in range(step, count, step)]


# --- Pontis ------------------------------------------------------------------------------
PONTIS_PLAYERS = 6
PONTIS_ITEMS = (N_("Bank cards"), N_("Suit points"), N_("Bonus / penalty"), N_("Game total"),
                N_("Running total"))


def _pontis(kit: Kit, title: str) -> Plan:
    n = PONTIS_PLAYERS
    header = [[gettext("Game"), gettext("Score")] + [_p(_("Player {n}", n=i), SUBHEAD) for i in range(1, n + 1)]]
    game_cell_style = _style("pontis-game", 8.5, bold=True, center=True, leading=10)

    def grid(count: int) -> Table:
        body: list[list[Any]] = []
        style: list[tuple] = []
        for g in range(1, count + 1):
            top = len(header) + len(body)
            cell = [_p(_("Game {n}", n=g), game_cell_style), Spacer(1, 1.2 * mm),
                    _hint(gettext("foundation")), Paragraph('<font size="11">♣ ♦ ♥ ♠</font>', CELL_HINT),
                    Spacer(1, 1 * mm), _hint(gettext("ended")), _hint(gettext("out · curdle · stuck"))]
            for i, item in enumerate(PONTIS_ITEMS):
                body.append([cell if i == 0 else "", _p(gettext(item), LABEL)] + [""] * n)
            last = top + len(PONTIS_ITEMS) - 1
            style += [
                ("SPAN", (0, top), (0, last)), ("NOSPLIT", (0, top), (-1, last)),
                ("LINEABOVE", (1, last - 1), (-1, last - 1), 0.7, INK),    # the game's sum
                ("BACKGROUND", (1, last), (-1, last), TINT),
                ("LINEBELOW", (0, last), (-1, last), 0.9, INK),
            ]
        return _grid(kit, header, body, [0.15, 0.19] + [0.66 / n] * n, style, header_heights=[8 * mm])

    head = _head(kit, title, _numbered_players(n), 3,
                 _("Players, in seat order (player 1 deals the first game); one column each below."))
    note = _("A game's score: the cards in your bank (foundation included) + suit points + bonus. "
             "Going out: +4. Play stuck with no complete curdle: −2 for the first player who could "
             "not bridge in the last run of misses. A complete curdle: no bonus either way. Liar "
             "points won by a proven call go in the bonus row. Highest running total wins.")
    before = (head + _house_rules(kit, games.get("pontis").settings_type.rules())
              + _section(kit, gettext("Games"), note))
    return Plan(before, grid, unit=len(PONTIS_ITEMS) * ROW, pages=2)


# --- Curdle ------------------------------------------------------------------------------
CURDLE_PLAYERS = 5


def _curdle(kit: Kit, title: str) -> Plan:
    n = CURDLE_PLAYERS
    sub = 0.82 / (2 * n)  # the width of one player's small column
    names: list[Any] = [gettext("Hand"), gettext("Dealer")]
    subs: list[Any] = ["", ""]
    for i in range(1, n + 1):
        names += [_p(_("Player {n}", n=i), SUBHEAD), ""]
        subs += [_fit(gettext("Won ✓ / cards left"), SUBHEAD, kit.width * sub - 4),
                 _fit(gettext("Total"), SUBHEAD, kit.width * sub - 4)]
    header = [names, subs]
    style = [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1))]
    for i in range(n):
        c = 2 + 2 * i
        style += [("SPAN", (c, 0), (c + 1, 0)), ("BACKGROUND", (c + 1, 2), (c + 1, -1), TINT),
                  ("LINEAFTER", (c + 1, 0), (c + 1, -1), 0.9, INK)]
    fractions = [0.06, 0.12] + [sub] * (2 * n)

    def grid(count: int) -> Table:
        body = [[_p(str(h), CELL_HINT)] + [""] * (1 + 2 * n) for h in range(1, count + 1)]
        return _grid(kit, header, body, fractions, style + _dark_every(5, count, len(header)))

    head = _head(kit, title, _numbered_players(n, 5), 5,
                 _("Players, in seat order (player 1 deals first; the deal passes left each hand)."))
    note = _("Hands won (the usual count): tick the winner of each hand; Total counts that player's "
             "hands won. Cards left: write each loser's cards left in hand; Total is the running "
             "penalty, and when someone reaches the target the lowest total wins.")
    before = (head + _house_rules(kit, games.get("curdle").settings_type.rules())
              + _section(kit, gettext("Hands"), note))
    return Plan(before, grid, pages=2)


# --- Ropebridge --------------------------------------------------------------------------
def _ropebridge(kit: Kit, title: str) -> Plan:
    header = [[gettext("Game"), gettext("Dealer"), gettext("Winner or tie"), gettext("How it ended"),
               gettext("Turns"), gettext("Tally A"), gettext("Tally B"), gettext("Ties")]]
    style = [("BACKGROUND", (5, 1), (-1, -1), TINT), ("LINEBEFORE", (5, 0), (5, -1), 0.9, INK)]
    winner = "A   ·   B   ·   " + gettext("tie")
    ended = gettext("last card · unbeatable row · stalemate")

    def grid(count: int) -> Table:
        body = [[_p(str(g), CELL_HINT), _hint("A  ·  B"), _hint(winner), _hint(ended), "", "", "", ""]
                for g in range(1, count + 1)]
        return _grid(kit, header, body, [0.07, 0.14, 0.17, 0.30, 0.08, 0.08, 0.08, 0.08],
                     style + _dark_every(5, count, len(header)))

    head = _head(kit, title, [(gettext("Player A"), 0.5), (gettext("Player B"), 0.5)], 2,
                 _("Players (two). The dealer's opponent plays first."))
    note = _("Circle the winner, or tie, and how the game ended: the winner matched the last card "
             "of the row; an unbeatable row (the face-up row cannot be matched by anyone) or a "
             "stalemate (neither can move, or each holds what the other needs) is a tie and the "
             "game is dealt again. Turns: both players' turns together. Tally: wins so far.")
    before = (head + _house_rules(kit, games.get("ropebridge").settings_type.rules())
              + _section(kit, gettext("Games"), note))
    return Plan(before, grid, pages=1)


# --- Pontoon -----------------------------------------------------------------------------
PONTOON_PLAYERS = 5
PONTOON_SUBS = (N_("Stake"), N_("Shoot"), "±", N_("Bal."))


def _pontoon(kit: Kit, title: str) -> Plan:
    n, k = PONTOON_PLAYERS, len(PONTOON_SUBS)
    sub = 0.815 / (n * k)  # the width of one player's small column
    tight = _style("pontoon-sub", 6.2, center=True, leading=7.5)
    names: list[Any] = [gettext("Deal"), gettext("Banker")]
    subs: list[Any] = ["", ""]
    for i in range(1, n + 1):
        names += [_p(_("Player {n}", n=i), SUBHEAD)] + [""] * (k - 1)
        subs += [_fit(gettext(s), tight, kit.width * sub - 0.6) for s in PONTOON_SUBS]
    names.append(gettext("Kitty"))
    subs.append("")
    header = [names, subs]
    last = 2 + n * k
    style = [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1)), ("SPAN", (last, 0), (last, 1)),
             ("LINEBEFORE", (last, 0), (last, -1), 0.9, INK), ("BACKGROUND", (last, 2), (last, -1), TINT),
             ("LEFTPADDING", (2, 1), (-1, 1), 0.3), ("RIGHTPADDING", (2, 1), (-1, 1), 0.3)]
    for i in range(n):
        c = 2 + k * i
        style += [("SPAN", (c, 0), (c + k - 1, 0)), ("LINEBEFORE", (c, 0), (c, -1), 0.9, INK),
                  ("BACKGROUND", (c + k - 1, 2), (c + k - 1, -1), TINT)]
    fractions = [0.05, 0.08] + [sub] * (n * k) + [0.055]

    def grid(count: int) -> Table:
        body = [[_p(str(d), CELL_HINT)] + [""] * last for d in range(1, count + 1)]
        return _grid(kit, header, body, fractions, style + _dark_every(5, count, len(header)))

    head = _head(kit, title, _numbered_players(6), 3,
                 _("Players, and who holds the bank first (cut for it: highest card)."),
                 extra=[(gettext("Buy-in"), 1 / 3), (gettext("First banker"), 1 / 3),
                        (gettext("First kitty"), 1 / 3)])
    note = _("Per deal and player: the stake, any shoot bets (Shoot Pontoon), ± the money won or "
             "lost this deal, and Bal. the running balance. The banker leaves Stake and Shoot blank "
             "and writes the bank's net in ±. Kitty: what is left in it after the deal. Check: a "
             "deal's ± figures and the change in the kitty add up to zero.")
    before = (head + _house_rules(kit, games.get("pontoon").settings_type.rules())
              + _section(kit, gettext("Deals"), note))
    return Plan(before, grid, pages=2)


# --- Reverse Bridge ----------------------------------------------------------------------
def _reverse_bridge_reminder(kit: Kit) -> Table:
    """The scoring rule in our own words; rates and the worked example come from the engine."""
    per = rb.POINTS_PER_LEVEL
    bidders, opponents = rb.score(4, "H", 6)
    lines = [
        "<b>" + escape(gettext("How a hand scores.")) + "</b> " + escape(gettext("L is the level of the final bid; T the tricks the bidding team's opponents "
                         "took (the bid is a forecast of T).")),
        escape(str(_("Bidders: if T is L or more, L × {low} with ♣ or ♦ trumps, L × {high} with ♥ or ♠, "
                     "L × {nt} + {bonus} at no trump; if T falls short, nothing.",
                     low=per["C"], high=per["H"], nt=per["NT"], bonus=rb.NO_TRUMP_BONUS))),
        escape(str(_("Opponents: {points} for every trick T is away from L, over or under.",
                     points=rb.POINTS_PER_TRICK_OFF))),
        escape(str(_("Example: 4♥ bid, opponents take 6 tricks: bidders {bidders}, opponents {opponents}. "
                     "A hand passed out (four passes) is dealt again by the next dealer and not written here.",
                     bidders=bidders, opponents=opponents))),
    ]
    box = Table([[[Paragraph(line, NOTE) for line in lines]]], colWidths=[kit.width], hAlign="LEFT")
    box.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.6, LINE), ("BACKGROUND", (0, 0), (-1, -1), TINT),
                             ("LEFTPADDING", (0, 0), (-1, -1), 5), ("TOPPADDING", (0, 0), (-1, -1), 3),
                             ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return box


def _reverse_bridge(kit: Kit, title: str) -> Plan:
    header = [[gettext("Hand"), gettext("Dealer"), gettext("Contract"), gettext("Bidding team"),
               gettext("Opponents' tricks"), gettext("NS score"), gettext("EW score"), gettext("NS total"),
               gettext("EW total")]]
    style = [("BACKGROUND", (7, 1), (-1, -1), TINT), ("LINEBEFORE", (5, 0), (5, -1), 0.9, INK),
             ("LINEBEFORE", (7, 0), (7, -1), 0.9, INK)]
    seats = gettext("N · E · S · W")
    teams = gettext("NS") + " · " + gettext("EW")

    def grid(count: int) -> Table:
        body = [[_p(str(h), CELL_HINT), _hint(seats), "", _hint(teams), "", "", "", "", ""]
                for h in range(1, count + 1)]
        rounds = [("LINEBELOW", (0, h), (-1, h), 0.9, INK) for h in range(4, count, 4)]  # all have dealt
        return _grid(kit, header, body, [0.06, 0.13, 0.12, 0.11, 0.12, 0.115, 0.115, 0.115, 0.115],
                     style + rounds)

    head = _head(kit, title, [(gettext("North"), 0.25), (gettext("East"), 0.25), (gettext("South"), 0.25),
                              (gettext("West"), 0.25)], 4,
                 _("Players by seat: North and South (NS) play against East and West (EW)."))
    note = _("Contract: level and trumps (♣ ♦ ♥ ♠ or NT). A heavy line marks each round of four deals.")
    before = head + _house_rules(kit, games.get("reverse-bridge").settings_type.rules()) + [
        _p(gettext("Score pad"), kit.heading), _reverse_bridge_reminder(kit), Spacer(1, 1.5 * mm),
        _p(note, NOTE), Spacer(1, 1.5 * mm)]
    return Plan(before, grid, pages=1, multiple=4)


# --- Assembly ----------------------------------------------------------------------------
BUILDERS: dict[str, Callable[[Kit, str], Plan]] = {
    "pontis": _pontis,
    "curdle": _curdle,
    "ropebridge": _ropebridge,
    "pontoon": _pontoon,
    "reverse-bridge": _reverse_bridge,
}


def pad(game_name: str, page: str = "a4") -> bytes:
    """The blank score pad of one game as PDF bytes. Raises ``UnknownGame`` for a game with no
    pad and ``ValueError`` for a page size other than ``PAGE_SIZES``' (a4, letter)."""
    if game_name not in BUILDERS or games.get(game_name) is None:
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
    _register_fonts()
    pagesize = PAGE_SIZES[page]
    kit = Kit(width=pagesize[0] - 2 * MARGIN)
    title = games.get(game_name).title

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
        plan = BUILDERS[game_name](kit, title)  # fresh flowables: a built story is spent
        if units is None:
            units = _units(plan, kit.width, frame._aH)
        doc.build(plan.before + [plan.grid(units)])
        return buffer.getvalue(), doc.page, units

    # The estimate is a little cautious (spacing between flowables is counted in full); add
    # rounds while they still fit on the plan's pages.
    shape = BUILDERS[game_name](kit, title)
    body, _pages, units = render(None)
    while True:
        more, used, _units_again = render(units + shape.multiple)
        if used > shape.pages:
            return body
        body, units = more, units + shape.multiple
