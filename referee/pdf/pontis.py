"""Pontis score sheet: one row per game per player, running match totals."""
from __future__ import annotations

from referee.cards import SUIT_SYMBOLS
from referee.i18n import N_, _, gettext
from referee.pdf import Kit

ENDINGS = {"out": N_("went out"), "complete_curdle": N_("complete curdle"), "blocked": N_("nobody could bridge")}


def sections(view: dict, kit: Kit) -> list:
    out = [kit.para(gettext("Games"), kit.heading)]
    header = [gettext("Game"), gettext("Player"), gettext("Bank cards"), gettext("Suit points"),
              gettext("Bonus / penalty"), gettext("Liar"), gettext("Game"), gettext("Match")]
    rows, running = [], {p: 0 for p in view["players"]}
    for game in view.get("history", []):
        suit = SUIT_SYMBOLS.get(game.get("foundation_suit") or "", "")
        ending = game.get("ending")
        ending = gettext(ENDINGS[ending]) if ending in ENDINGS else ending or ""
        if game.get("ended_by"):
            ending = str(_("{ending} ({name})", ending=ending, name=game["ended_by"]))
        for i, row in enumerate(game["rows"]):
            running[row["player"]] = running.get(row["player"], 0) + row["score"]
            first = f"{game['deal'] + 1} {suit}\n{ending}" if i == 0 else ""
            bonus = f"{row['bonus']:+d}" if row["bonus"] else "0"
            rows.append([first, row["player"], row["bank_cards"], row["suit_points"], bonus,
                         row.get("liar_points", 0), row["score"], running[row["player"]]])
    if not rows:
        out.append(kit.para(gettext("No game finished yet.")))
    else:
        out.append(kit.table(header, rows, [0.15, 0.2, 0.12, 0.12, 0.15, 0.09, 0.085, 0.085]))
    totals = [[name, total] for name, total in sorted(view["scores"].items(), key=lambda kv: -kv[1])]
    out += [kit.para(gettext("Match totals"), kit.heading),
            kit.table([gettext("Player"), gettext("Total")], totals, [0.5, 0.2])]
    return out
