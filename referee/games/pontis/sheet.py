"""Pontis score sheet: one row per game per player, running match totals, and the match
result. Every number and sentence is the engine's (the view's ``history`` rows, its ending
words, ``match_result``): the sheet only lays them out, as the screen's breakdown does."""
from __future__ import annotations

from referee.cards import SUIT_SYMBOLS
from referee.games.pontis.engine import ENDING_WORDS
from referee.i18n import _, gettext
from referee.pdf import Kit, highest_wins
from referee.points import points, signed


def sections(view: dict, kit: Kit) -> list:
    out = [kit.para(gettext("Games"), kit.heading)]
    # The first column already names the game: the game's sum is headed "Score", the rules' word
    # for it (PONTIS-END-5), not "Game" a second time (the screen's breakdown has no such column).
    header = [gettext("Game"), gettext("Player"), gettext("Bank cards"), gettext("Suit points"),
              gettext("Bonus / penalty"), gettext("Liar"), gettext("Score"), gettext("Match")]
    rows, running = [], {p: 0 for p in view["players"]}
    for game in view.get("history", []):
        suit = SUIT_SYMBOLS.get(game.get("foundation_suit") or "", "")
        ending = game.get("ending")
        ending = gettext(ENDING_WORDS[ending]) if ending in ENDING_WORDS else ending or ""
        if game.get("ended_by"):
            ending = str(_("{ending} ({name})", ending=ending, name=game["ended_by"]))
        for i, row in enumerate(game["rows"]):
            running[row["player"]] = running.get(row["player"], 0) + row["score"]
            first = f"{game['deal'] + 1} {suit}\n{ending}" if i == 0 else ""
            bonus = signed(row["bonus"])
            rows.append([first, row["player"], row["bank_cards"], row["suit_points"], bonus,
                         row.get("liar_points", 0), points(row["score"]), points(running[row["player"]])])
    if not rows:
        out.append(kit.para(gettext("No game finished yet.")))
    else:
        out.append(kit.table(header, rows, [0.15, 0.2, 0.12, 0.12, 0.15, 0.09, 0.085, 0.085]))
    totals = [[name, points(total)] for name, total in sorted(view["scores"].items(), key=lambda kv: -kv[1])]
    out += [kit.para(gettext("Match totals"), kit.heading),
            kit.table([gettext("Player"), gettext("Total")], totals, [0.5, 0.2])]
    return out


def result_line(view: dict) -> str:
    """The match in one line: the engine's result once it is over, else who leads so far."""
    if view.get("match_result"):
        return view["match_result"]["headline"]

    return highest_wins(view)
