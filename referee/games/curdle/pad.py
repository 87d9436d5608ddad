"""The blank score pad: the top every pad shares (``referee/pdf/pads.py``), then this
game's grid."""
from __future__ import annotations

from typing import Any

from reportlab.platypus import Table

from referee.games.curdle.engine import GAME
from referee.i18n import _, gettext
from referee.pdf import Kit
from referee.pdf.pads import (
    CELL_HINT,
    INK,
    SUBHEAD,
    TINT,
    Plan,
    dark_every,
    fit,
    house_rules,
    numbered_players,
    pad_top,
    para,
    ruled_grid,
    section,
)

CURDLE_PLAYERS = 5


def plan(kit: Kit, title: str) -> Plan:
    n = CURDLE_PLAYERS
    sub = 0.82 / (2 * n)  # the width of one player's small column
    names: list[Any] = [gettext("Hand"), gettext("Dealer")]
    subs: list[Any] = ["", ""]
    for i in range(1, n + 1):
        names += [para(_("Player {n}", n=i), SUBHEAD), ""]
        subs += [fit(gettext("Won ✓ / cards left"), SUBHEAD, kit.width * sub - 4),
                 fit(gettext("Total"), SUBHEAD, kit.width * sub - 4)]
    header = [names, subs]
    style: list[tuple[Any, ...]] = [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1))]
    for i in range(n):
        c = 2 + 2 * i
        style += [("SPAN", (c, 0), (c + 1, 0)), ("BACKGROUND", (c + 1, 2), (c + 1, -1), TINT),
                  ("LINEAFTER", (c + 1, 0), (c + 1, -1), 0.9, INK)]
    fractions = [0.06, 0.12] + [sub] * (2 * n)

    def grid(count: int) -> Table:
        body = [[para(str(h), CELL_HINT)] + [""] * (1 + 2 * n) for h in range(1, count + 1)]
        return ruled_grid(kit, header, body, fractions, style + dark_every(5, count, len(header)))

    head = pad_top(kit, title, numbered_players(n, 5), 5,
                   _("Players, in seat order (player 1 deals first; the deal passes left each hand)."))
    note = _("Hands won (the usual count): tick the winner of each hand; Total counts that player's "
             "hands won. Cards left: write each loser's cards left in hand; Total is the running "
             "penalty, and when someone reaches the target the lowest total wins.")
    before = (head + house_rules(kit, GAME.settings_type.rules())
              + section(kit, gettext("Hands"), note))
    return Plan(before, grid, pages=2)
