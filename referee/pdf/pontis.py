"""Pontis score sheet: one row per game per player, running match totals."""
from __future__ import annotations

from referee.cards import SUIT_SYMBOLS
from referee.pdf import Kit

ENDINGS = {"out": "went out", "complete_curdle": "complete curdle", "blocked": "nobody could bridge"}


def sections(view: dict, kit: Kit) -> list:
    out = [kit.para("Games", kit.heading)]
    header = ["Game", "Player", "Bank cards", "Suit points", "Bonus / penalty", "Liar", "Game", "Match"]
    rows, running = [], {p: 0 for p in view["players"]}
    for game in view.get("history", []):
        suit = SUIT_SYMBOLS.get(game.get("foundation_suit") or "", "")
        ending = ENDINGS.get(game.get("ending"), game.get("ending") or "")
        if game.get("ended_by"):
            ending += f" ({game['ended_by']})"
        for i, row in enumerate(game["rows"]):
            running[row["player"]] = running.get(row["player"], 0) + row["score"]
            first = f"{game['deal'] + 1} {suit}\n{ending}" if i == 0 else ""
            bonus = f"{row['bonus']:+d}" if row["bonus"] else "0"
            rows.append([first, row["player"], row["bank_cards"], row["suit_points"], bonus,
                         row.get("liar_points", 0), row["score"], running[row["player"]]])
    if not rows:
        out.append(kit.para("No game finished yet."))
    else:
        out.append(kit.table(header, rows, [0.16, 0.2, 0.1, 0.1, 0.13, 0.07, 0.1, 0.14]))
    totals = [[name, total] for name, total in sorted(view["scores"].items(), key=lambda kv: -kv[1])]
    out += [kit.para("Match totals", kit.heading), kit.table(["Player", "Total"], totals, [0.5, 0.2])]
    return out
