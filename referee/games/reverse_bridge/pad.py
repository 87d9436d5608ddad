"""The blank score pad: the top every pad shares (``referee/pdf/pads.py``), then this
game's grid."""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from referee.games.reverse_bridge import engine as rb
from referee.games.reverse_bridge.engine import GAME
from referee.i18n import _, gettext
from referee.pdf import Kit
from referee.pdf.pads import (
    CELL_HINT,
    INK,
    LINE,
    NOTE,
    TINT,
    Plan,
    hint,
    house_rules,
    pad_top,
    para,
    ruled_grid,
)


def _reverse_bridge_reminder(kit: Kit) -> Table:
    """The scoring rule in our own words; rates and the worked example come from the engine."""
    per = rb.POINTS_PER_LEVEL
    bidders, opponents = rb.score(4, "H", 6)
    lines = [
        "<b>" + escape(gettext("How a hand scores.")) + "</b> "
        + escape(gettext("L is the level of the final bid; T the tricks the bidding team's opponents "
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


def plan(kit: Kit, title: str) -> Plan:
    header = [[gettext("Hand"), gettext("Dealer"), gettext("Contract"), gettext("Bidding team"),
               gettext("Opponents' tricks"), gettext("NS score"), gettext("EW score"), gettext("NS total"),
               gettext("EW total")]]
    style = [("BACKGROUND", (7, 1), (-1, -1), TINT), ("LINEBEFORE", (5, 0), (5, -1), 0.9, INK),
             ("LINEBEFORE", (7, 0), (7, -1), 0.9, INK)]
    seats = gettext("N · E · S · W")
    teams = gettext("NS") + " · " + gettext("EW")

    def grid(count: int) -> Table:
        body = [[para(str(h), CELL_HINT), hint(seats), "", hint(teams), "", "", "", "", ""]
                for h in range(1, count + 1)]
        rounds = [("LINEBELOW", (0, h), (-1, h), 0.9, INK) for h in range(4, count, 4)]  # all have dealt
        return ruled_grid(kit, header, body, [0.06, 0.13, 0.12, 0.11, 0.12, 0.115, 0.115, 0.115, 0.115],
                          style + rounds)

    head = pad_top(kit, title, [(gettext("North"), 0.25), (gettext("East"), 0.25), (gettext("South"), 0.25),
                   (gettext("West"), 0.25)], 4,
                   _("Players by seat: North and South (NS) play against East and West (EW)."))
    # No trump written short by the engine, as the sheet and the bid box show it (German SA).
    note = _("Contract: level and trumps (♣ ♦ ♥ ♠ or {no_trump}). A heavy line marks each round of four deals.",
             no_trump=rb.denomination_text("NT"))
    before = head + house_rules(kit, GAME.settings_type.rules()) + [
        para(gettext("Score pad"), kit.heading), _reverse_bridge_reminder(kit), Spacer(1, 1.5 * mm),
        para(note, NOTE), Spacer(1, 1.5 * mm)]
    return Plan(before, grid, pages=1, multiple=4)
