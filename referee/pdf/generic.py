"""Score-sheet section for a game without its own layout: one row per deal, totals last."""
from __future__ import annotations

from referee.i18n import gettext
from referee.pdf import Kit
from referee.points import points


def sections(view: dict, kit: Kit) -> list:
    players = list(view["scores"])
    rows, running = [], {p: 0 for p in players}
    for entry in view.get("history", []):
        for p in players:
            running[p] += entry["scores"].get(p, 0)
        rows.append([entry["deal"] + 1]
                    + [f"{points(entry['scores'].get(p, 0))} ({points(running[p])})" for p in players])
    rows.append([gettext("Total")] + [points(view["scores"][p]) for p in players])
    fractions = [0.12] + [0.88 / max(1, len(players))] * len(players)
    return [kit.para(gettext("Deals (score, running total)"), kit.heading),
            kit.table([gettext("Deal")] + players, rows, fractions, bold_last_row=True)]
