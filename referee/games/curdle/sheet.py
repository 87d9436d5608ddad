"""Curdle score sheet: how the match is scored, one row per hand (dealer, winner, cards left in
every hand with the running totals, the curdles of that hand), the hand in progress, and the
standing with the right order for the scoring in use (hands won: most first; cards left: fewest
penalty points first). The frame prints players, house rules, result and findings."""
from __future__ import annotations

from reportlab.platypus import Flowable

from referee.cards import Card
from referee.i18n import N_, _, all_of, gettext, n_
from referee.pdf import Kit

CURDLE_NAMES = {"natural": N_("natural curdle"), "blind": N_("blind curdle"), "kingfisher": N_("kingfisher")}
IN_PLAY = ("open", "play", "break", "blind")


def _curdle_name(kind: str) -> str:
    return gettext(CURDLE_NAMES[kind]) if kind in CURDLE_NAMES else kind


def _penalty(view: dict) -> bool:
    return view["settings"].get("scoring") == "cards_left"


def sections(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Scoring"), kit.heading), kit.para(_scoring_text(view))]
    out += _hands(view, kit)
    out += _in_progress(view, kit)
    out += _standing(view, kit)
    return out


def _scoring_text(view: dict) -> str:
    settings = view["settings"]
    if _penalty(view):
        return str(_("Cards left (CURDLE-SCORE-2): each loser takes one penalty point per card left in hand. "
                     "The match ends after the hand in which someone reaches {target}; the lowest "
                     "total wins.", target=settings["target"]))
    if settings.get("hands"):
        return str(_("Hands won (CURDLE-SCORE-1): one point for the player who goes out. The first to win "
                     "{hands} hands wins the match.", hands=settings["hands"]))
    return gettext("Hands won (CURDLE-SCORE-1): one point for the player who goes out; no set number of hands.")


def _hands(view: dict, kit: Kit) -> list[Flowable]:
    out: list[Flowable] = [kit.para(gettext("Hands"), kit.heading)]
    history = view.get("history") or []
    if not history:
        return out + [kit.para(gettext("No hand finished yet."))]
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
                first = gettext("went out")
            elif left is None:
                first = gettext("cards left not entered")
            else:
                first = str(_("{n} left", n=left))
            if penalty:
                second = str(_("+{points}, total {total}", points=hand["scores"][name], total=running[name]))
            else:
                second = str(n_("{n} hand won", "{n} hands won", running[name], n=running[name]))
            cells.append(f"{first}; {second}")
        curdles = [str(_("{kind}: {curdler} (entry {seq})", kind=_curdle_name(c["kind"]),
                         curdler=c["curdler"], seq=c["seq"]))
                   for c in hand["curdles"]]
        rows.append([hand["deal"] + 1, hand["dealer"], hand["winner"], *cells,
                     "; ".join(curdles) or "—"])
    header = [gettext("Hand"), gettext("Dealer"), gettext("Winner"), *players, gettext("Curdles")]
    fractions = [0.07, 0.12, 0.12]
    with_curdles = any(hand["curdles"] for hand in history)
    if with_curdles:
        fractions += [min(0.15, 0.5 / len(players))] * len(players)
        fractions.append(1 - sum(fractions))
    else:       # results only: no curdles are known, the players get the width
        header.pop()
        rows = [row[:-1] for row in rows]
        fractions += [min(0.2, 0.69 / len(players))] * len(players)
    table = kit.table(header, rows, fractions)
    out.append(table)
    if penalty:
        note = gettext("Under each player: cards left in hand when the hand ended, then penalty points so far.")
    else:
        note = gettext("Under each player: cards left in hand when the hand ended, then hands won so far.")
    if with_curdles:
        note += " " + gettext("Curdles give the curdler and the entry that made them.")
    out.append(kit.para(note, kit.small))
    return out


def _in_progress(view: dict, kit: Kit) -> list[Flowable]:
    if view["mode"] != "play" or view["phase"] not in IN_PLAY:
        return []
    banks = view["banks"]
    tops = ", ".join(str(_("bank {bank} {top} ({cards})", bank=label, top=_card(banks[label]["top"]),
                           cards=_cards(banks[label]["count"])))
                     for label in ("A", "B"))
    counts = ", ".join(f"{name} {count}" for name, count in view["hands"].items())
    return [kit.para(str(_("Hand {n} in progress", n=view["deal"] + 1)), kit.heading),
            kit.para(str(_("Dealt by {dealer}; {player} to enter next. Cards in hand: {counts}; "
                           "stock {stock}; {tops}.", dealer=view["dealer"], player=view["turn"],
                           counts=counts, stock=_cards(view["stock"]), tops=tops)))]


def _card(text: str | None) -> str:
    return Card.parse(text).symbol if text else "—"


def _cards(n: int) -> str:
    return str(n_("{n} card", "{n} cards", n, n=n))


def _tallies(view: dict) -> tuple[dict[str, int], dict[str, int]]:
    """Hands won and cards left over every finished hand, by player."""
    history = view.get("history") or []
    players = view["players"]
    won = {name: sum(1 for hand in history if hand["winner"] == name) for name in players}
    left = {name: sum((hand["cards_left"] or {}).get(name, 0) for hand in history) for name in players}
    return won, left


def _order(view: dict) -> list[str]:
    """The standing's order, shared by its table and the result line so both name players
    alike: fewest penalty points first (then most hands won), or most hands won first (then
    fewest cards left)."""
    scores = view["scores"]
    won, left = _tallies(view)
    if _penalty(view):
        return sorted(view["players"], key=lambda name: (scores[name], -won[name]))
    return sorted(view["players"], key=lambda name: (-scores[name], left[name]))


def _standing(view: dict, kit: Kit) -> list[Flowable]:
    scores = view["scores"]
    won, left = _tallies(view)
    order = _order(view)
    if _penalty(view):
        header = [gettext("Player"), gettext("Hands won"), gettext("Penalty points")]
        rows = [[name, won[name], scores[name]] for name in order]
    else:
        header = [gettext("Player"), gettext("Hands won"), gettext("Cards left, all hands")]
        rows = [[name, won[name], left[name]] for name in order]
    # The table only: who won or leads is said once, by the frame's result line just below it.
    return [kit.para(gettext("Standing"), kit.heading), kit.table(header, rows, [0.4, 0.2, 0.25])]


def result_line(view: dict) -> str:
    """Who won the match or leads it, with the count and its unit (hands won, or penalty points,
    where the lowest total wins), names in the standing's order. The standing table above it
    says nothing more, so the sheet says this once."""
    if not view.get("history"):
        return ""  # nobody has gone out yet: the table of zeros says all there is
    scores = view["scores"]
    order = _order(view)
    if view.get("match_over") and view.get("match_winners"):
        names = [name for name in order if name in view["match_winners"]]
        best = scores[names[0]]
        if _penalty(view):
            line = (n_("{players} wins the match with {best} penalty point.",
                       "{players} wins the match with {best} penalty points.",
                       best, players=all_of(names), best=best) if len(names) == 1 else
                    n_("{players} share the win with {best} penalty point each.",
                       "{players} share the win with {best} penalty points each.",
                       best, players=all_of(names), best=best))
        else:
            line = (n_("{players} wins the match with {best} hand won.",
                       "{players} wins the match with {best} hands won.",
                       best, players=all_of(names), best=best) if len(names) == 1 else
                    n_("{players} share the win with {best} hand won each.",
                       "{players} share the win with {best} hands won each.",
                       best, players=all_of(names), best=best))
        return str(line)
    best = scores[order[0]]
    names = [name for name in order if scores[name] == best]
    if _penalty(view):
        line = (n_("{players} leads with {best} penalty point.", "{players} leads with {best} penalty points.",
                   best, players=all_of(names), best=best) if len(names) == 1 else
                n_("{players} lead with {best} penalty point each.", "{players} lead with {best} penalty points each.",
                   best, players=all_of(names), best=best))
    else:
        line = (n_("{players} leads with {best} hand won.", "{players} leads with {best} hands won.",
                   best, players=all_of(names), best=best) if len(names) == 1 else
                n_("{players} lead with {best} hand won each.", "{players} lead with {best} hands won each.",
                   best, players=all_of(names), best=best))
    return str(line)
