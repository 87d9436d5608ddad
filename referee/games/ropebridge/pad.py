"""The blank score pad: the top every pad shares (``referee/pdf/pads.py``), then this
game's grid."""
from __future__ import annotations

from reportlab.platypus import Table

from referee.games.ropebridge.engine import GAME
from referee.i18n import _, gettext
from referee.pdf import Kit
from referee.pdf.pads import (
    CELL_HINT,
    INK,
    TINT,
    Plan,
    dark_every,
    hint,
    house_rules,
    pad_top,
    para,
    ruled_grid,
    section,
)


def plan(kit: Kit, title: str) -> Plan:
    header = [[gettext("Game"), gettext("Dealer"), gettext("Winner or tie"), gettext("How it ended"),
               gettext("Turns"), gettext("Tally A"), gettext("Tally B"), gettext("Ties")]]
    style = [("BACKGROUND", (5, 1), (-1, -1), TINT), ("LINEBEFORE", (5, 0), (5, -1), 0.9, INK)]
    winner = "A   ·   B   ·   " + gettext("tie")
    ended = gettext("last card · unbeatable row · stalemate")

    def grid(count: int) -> Table:
        body = [[para(str(g), CELL_HINT), hint("A  ·  B"), hint(winner), hint(ended), "", "", "", ""]
                for g in range(1, count + 1)]
        return ruled_grid(kit, header, body, [0.07, 0.14, 0.17, 0.30, 0.08, 0.08, 0.08, 0.08],
                          style + dark_every(5, count, len(header)))

    head = pad_top(kit, title, [(gettext("Player A"), 0.5), (gettext("Player B"), 0.5)], 2,
                   _("Players (two). The dealer's opponent plays first."))
    note = _("Circle the winner, or tie, and how the game ended: the winner matched the last card "
             "of the row; an unbeatable row (the face-up row cannot be matched by anyone) or a "
             "stalemate (neither can move, or each holds what the other needs) is a tie and the "
             "game is dealt again. Turns: both players' turns together. Tally: wins so far.")
    before = (head + house_rules(kit, GAME.settings_type.rules())
              + section(kit, gettext("Games"), note))
    return Plan(before, grid, pages=1)
