"""The blank score pad: the top every pad shares (``referee/pdf/pads.py``), then this
game's grid."""
from __future__ import annotations

from typing import Any

from reportlab.platypus import Table

from referee.games.pontoon.engine import GAME
from referee.i18n import N_, _, gettext
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
    paragraph_style,
    ruled_grid,
    section,
)

PONTOON_PLAYERS = 5
PONTOON_SUBS = (N_("Stake"), N_("Shoot"), "±", N_("Bal."))


def plan(kit: Kit, title: str) -> Plan:
    n, k = PONTOON_PLAYERS, len(PONTOON_SUBS)
    sub = 0.815 / (n * k)  # the width of one player's small column
    tight = paragraph_style("pontoon-sub", 6.2, center=True, leading=7.5)
    names: list[Any] = [gettext("Deal"), gettext("Banker")]
    subs: list[Any] = ["", ""]
    for i in range(1, n + 1):
        names += [para(_("Player {n}", n=i), SUBHEAD)] + [""] * (k - 1)
        subs += [fit(gettext(s), tight, kit.width * sub - 0.6) for s in PONTOON_SUBS]
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
        body = [[para(str(d), CELL_HINT)] + [""] * last for d in range(1, count + 1)]
        return ruled_grid(kit, header, body, fractions, style + dark_every(5, count, len(header)))

    head = pad_top(kit, title, numbered_players(PONTOON_PLAYERS), 3,
                   _("Players, and who holds the bank first (cut for it: highest card)."),
                   extra=[(gettext("Buy-in"), 1 / 3), (gettext("First banker"), 1 / 3),
                   (gettext("First kitty"), 1 / 3)])
    note = _("Per deal and player: the stake, any shoot bets (Shoot Pontoon), ± the money won or "
             "lost this deal, and Bal. the running balance. The banker leaves Stake and Shoot blank "
             "and writes the bank's net in ±. Kitty: what is left in it after the deal. Check: a "
             "deal's ± figures and the change in the kitty add up to zero.")
    before = (head + house_rules(kit, GAME.settings_type.rules())
              + section(kit, gettext("Deals"), note))
    return Plan(before, grid, pages=2)
