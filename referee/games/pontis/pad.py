"""The blank score pad: the top every pad shares (``referee/pdf/pads.py``), then this
game's grid."""
from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from referee.games.pontis.engine import GAME
from referee.i18n import N_, _, gettext
from referee.pdf import Kit
from referee.pdf.pads import (
    CELL_HINT,
    INK,
    LABEL,
    ROW,
    SUBHEAD,
    TINT,
    Plan,
    hint,
    house_rules,
    numbered_players,
    pad_top,
    para,
    paragraph_style,
    ruled_grid,
    section,
)

PONTIS_PLAYERS = 6
PONTIS_ITEMS = (N_("Bank cards"), N_("Suit points"), N_("Bonus / penalty"), N_("Game total"),
                N_("Running total"))


def plan(kit: Kit, title: str) -> Plan:
    n = PONTIS_PLAYERS
    header = [[gettext("Game"), gettext("Score")] + [para(_("Player {n}", n=i), SUBHEAD) for i in range(1, n + 1)]]
    game_cell_style = paragraph_style("pontis-game", 8.5, bold=True, center=True, leading=10)

    def grid(count: int) -> Table:
        body: list[list[Any]] = []
        style: list[tuple] = []
        for g in range(1, count + 1):
            top = len(header) + len(body)
            cell = [para(_("Game {n}", n=g), game_cell_style), Spacer(1, 1.2 * mm),
                    hint(gettext("foundation")), Paragraph('<font size="11">♣ ♦ ♥ ♠</font>', CELL_HINT),
                    Spacer(1, 1 * mm), hint(gettext("ended")), hint(gettext("out · curdle · stuck"))]
            for i, item in enumerate(PONTIS_ITEMS):
                body.append([cell if i == 0 else "", para(gettext(item), LABEL)] + [""] * n)
            last = top + len(PONTIS_ITEMS) - 1
            style += [
                ("SPAN", (0, top), (0, last)), ("NOSPLIT", (0, top), (-1, last)),
                ("LINEABOVE", (1, last - 1), (-1, last - 1), 0.7, INK),    # the game's sum
                ("BACKGROUND", (1, last), (-1, last), TINT),
                ("LINEBELOW", (0, last), (-1, last), 0.9, INK),
            ]
        return ruled_grid(kit, header, body, [0.15, 0.19] + [0.66 / n] * n, style, header_heights=[8 * mm])

    head = pad_top(kit, title, numbered_players(n), 3,
                   _("Players, in seat order (player 1 deals the first game); one column each below."))
    note = _("A game's score: the cards in your bank (foundation included) + suit points + bonus. "
             "Going out: +4. Play stuck with no complete curdle: −2 for the first player who could "
             "not bridge in the last run of misses. A complete curdle: no bonus either way. Liar "
             "points won by a proven call go in the bonus row. Highest running total wins.")
    before = (head + house_rules(kit, GAME.settings_type.rules())
              + section(kit, gettext("Games"), note))
    return Plan(before, grid, unit=len(PONTIS_ITEMS) * ROW, pages=2)
