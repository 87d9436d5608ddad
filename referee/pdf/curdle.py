"""Curdle score sheet: how the match is scored, one row per hand (dealer, winner, cards left in
every hand with the running totals, the curdles of that hand), the hand in progress, and the
standing with the right order for the scoring in use (hands won: most first; cards left: fewest
penalty points first). The frame prints players, house rules, result and findings."""
from __future__ import annotations

from reportlab.platypus import Flowable

from referee.cards import Card
from referee.pdf import Kit

CURDLE_NAMES = {"natural": "natural curdle", "blind": "blind curdle", "kingfisher": "kingfisher"}
IN_PLAY = ("open", "play", "break", "blind")


def _penalty(view: dict) -> bool:
    return view["settings"].get("scoring") == "cards_left"


def sections(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para("Scoring", kit.heading), kit.para(_scoring_text(view))]
    out += _hands(view, kit)
    out += _in_progress(view, kit)
    out += _standing(view, kit)
    return out


def _scoring_text(view: dict) -> str:
    settings = view["settings"]
    if _penalty(view):
        return (f"Cards left (CURDLE-SCORE-2): each loser takes one penalty point per card left in hand. "
                f"The match ends after the hand in which someone reaches {settings['target']}; the lowest "
                f"total wins.")
    if settings.get("hands"):
        return (f"Hands won (CURDLE-SCORE-1): one point for the player who goes out. The first to win "
                f"{settings['hands']} hands wins the match.")
    return "Hands won (CURDLE-SCORE-1): one point for the player who goes out; no set number of hands."


def _hands(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para("Hands", kit.heading)]
    history = view.get("history") or []
    if not history:
        return out + [kit.para("No hand finished yet.")]
    players = view["players"]
    penalty = _penalty(view)
    running = {name: 0 for name in players}
    rows = []
    for hand in history:
        cells = []
        for name in players:
            running[name] += hand["scores"].get(name, 0)
            left = None if hand["cards_left"] is None else hand["cards_left"].get(name)
            if name == hand["winner"]:
                first = "went out"
            elif left is None:
                first = "cards left not entered"
            else:
                first = f"{left} left"
            if penalty:
                second = f"+{hand['scores'][name]}, total {running[name]}"
            else:
                second = f"hands won {running[name]}"
            cells.append(f"{first}; {second}")
        curdles = [f"{CURDLE_NAMES.get(c['kind'], c['kind'])}: {c['curdler']} (entry {c['seq']})"
                   for c in hand["curdles"]]
        rows.append([hand["deal"] + 1, hand["dealer"], hand["winner"], *cells,
                     "; ".join(curdles) or "—"])
    header = ["Hand", "Dealer", "Winner", *players, "Curdles"]
    fractions = [0.07, 0.12, 0.12]
    if any(hand["curdles"] for hand in history):
        fractions += [min(0.15, 0.5 / len(players))] * len(players)
        fractions.append(1 - sum(fractions))
    else:       # results only: no curdles are known, the players get the width
        header.pop()
        rows = [row[:-1] for row in rows]
        fractions += [min(0.2, 0.69 / len(players))] * len(players)
    table = kit.table(header, rows, fractions)
    out.append(table)
    what = "penalty points so far" if penalty else "hands won so far"
    note = f"Under each player: cards left in hand when the hand ended, then {what}."
    if header[-1] == "Curdles":
        note += " Curdles give the curdler and the entry that made them."
    out.append(kit.para(note, kit.small))
    return out


def _in_progress(view: dict, kit: Kit) -> list[Flowable]:
    if view["mode"] != "play" or view["phase"] not in IN_PLAY:
        return []
    banks = view["banks"]
    tops = ", ".join(f"bank {label} {_card(banks[label]['top'])} ({_cards(banks[label]['count'])})"
                     for label in ("A", "B"))
    counts = ", ".join(f"{name} {count}" for name, count in view["hands"].items())
    return [kit.para(f"Hand {view['deal'] + 1} in progress", kit.heading),
            kit.para(f"Dealt by {view['dealer']}; {view['turn']} to enter next. Cards in hand: {counts}; "
                     f"stock {_cards(view['stock'])}; {tops}.")]


def _card(text: str | None) -> str:
    return Card.parse(text).symbol if text else "—"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _standing(view: dict, kit: Kit) -> list[Flowable]:
    players = view["players"]
    history = view.get("history") or []
    penalty = _penalty(view)
    scores = view["scores"]
    won = {name: sum(1 for hand in history if hand["winner"] == name) for name in players}
    left = {name: sum((hand["cards_left"] or {}).get(name, 0) for hand in history) for name in players}
    order = sorted(players, key=lambda name: (scores[name], -won[name]) if penalty else (-scores[name], left[name]))
    if penalty:
        header = ["Player", "Hands won", "Penalty points"]
        rows = [[name, won[name], scores[name]] for name in order]
    else:
        header = ["Player", "Hands won", "Cards left, all hands"]
        rows = [[name, won[name], left[name]] for name in order]
    out: list[Flowable] = [kit.para("Standing", kit.heading), kit.table(header, rows, [0.4, 0.2, 0.25])]
    if history:
        out.append(kit.para(_standing_line(view, order, penalty)))
    return out


def _standing_line(view: dict, order: list[str], penalty: bool) -> str:
    scores = view["scores"]
    best = scores[order[0]]
    leaders = [name for name in order if scores[name] == best]
    if view.get("match_over"):
        winners = view.get("match_winners") or leaders
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{' and '.join(winners)} {verb} the match {_with(best, penalty)}."
    verb = "leads" if len(leaders) == 1 else "share the lead"
    return f"{' and '.join(leaders)} {verb} {_with(best, penalty)}."


def _with(best: int, penalty: bool) -> str:
    if penalty:
        return f"with the fewest penalty points ({best})"
    return f"with {best} hand{'' if best == 1 else 's'} won"


def result_line(view: dict) -> str:
    """With cards-left scoring the lowest total wins; the engine names the winners."""
    scores = view.get("scores") or {}
    if not scores:
        return ""
    winners = view.get("match_winners") or []
    if view.get("match_over") and winners:
        return f"{' and '.join(winners)} won with {scores[winners[0]]}."
    best = min(scores.values()) if _penalty(view) else max(scores.values())
    leaders = [name for name, total in scores.items() if total == best]
    verb = "lead" if len(leaders) > 1 else "leads"
    unit = "penalty points" if _penalty(view) else "hands won"
    return f"{' and '.join(leaders)} {verb} with {best} {unit}."
