"""Ropebridge score sheet: for each game its row, who matched each row card with what and on
which turn, how many turns each player took, the winner or the tie and why; then the tally of
the match (wins and ties). The frame prints the house rules, the result and the findings."""
from __future__ import annotations

from reportlab.platypus import KeepTogether, Spacer

from referee.cards import Card
from referee.pdf import Kit

TIES = {"unbeatable": "unbeatable row", "stalemate": "stalemate"}


def _sym(card: str | None) -> str:
    return Card.parse(card).symbol if card else "—"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _outcome(game: dict, players: list[str]) -> str:
    turns = ", ".join(f"{name} {_plural(game['turns'].get(name, 0), 'turn')}" for name in players)
    quick = not game["row"]
    if game["winner"]:
        line = f"Winner: {game['winner']}" + ("" if quick else f" ({game['reason']})")
    elif quick:
        line = f"Tie ({TIES.get(game['tie'], game['tie'])})"
    else:
        line = f"Tie: {game['reason']}"
        if game.get("rule"):
            line += f" ({game['rule']})"
    if any(game["turns"].values()):
        line += f". Turns: {turns}"
    if game["row"]:
        reached = ", ".join(f"{name} {game['positions'].get(name, 0)} of {len(game['row'])}" for name in players)
        line += f". Row cards matched: {reached}"
    return line + "."


def _game_block(game: dict, players: list[str], kit: Kit) -> list:
    head = f"Game {game['deal'] + 1} · dealt by {game['dealer']}"
    block = [kit.para(head, kit.heading)]
    if game["row"]:
        block.append(kit.para("Row: " + " ".join(_sym(c) for c in game["row"])))
        by_card: dict[tuple[int, str], str] = {}
        for m in game["matches"]:
            by_card[(m["row_index"], m["player"])] = f"{' + '.join(_sym(c) for c in m['cards'])} (turn {m['turn']})"
        rows = [[f"{i + 1}. {_sym(card)}"] + [by_card.get((i, name), "") for name in players]
                for i, card in enumerate(game["row"])]
        if game["matches"]:
            block.append(kit.table(["Row card"] + [f"{name} matched with" for name in players], rows, [0.2, 0.4, 0.4]))
    else:
        block.append(kit.para("Result entered without the cards (quick mode).", kit.small))
    block.append(Spacer(1, 3))
    block.append(kit.para(_outcome(game, players)))
    return block


def _in_play(view: dict, kit: Kit) -> list:
    if view["mode"] != "play" or view["phase"] not in ("play", "reveal"):
        return []
    players = view["players"]
    where = "; ".join(
        f"{name} on row card {view['positions'][name] + 1}, {_plural(view['hands'][name], 'card')} in hand"
        for name in players)
    row = " ".join(_sym(c) for c in view["row"] if c)
    down = view["row"].count(None)
    if down:
        row += f", {down} face down"
    return [kit.para(f"Game {view['deal'] + 1} in play", kit.heading),
            kit.para(f"Row so far: {row}"),
            kit.para(f"{where}; {view['turn']} to play; stock {view['stock']}, discard top "
                     f"{_sym(view['discard_top'])}.")]


def sections(view: dict, kit: Kit) -> list:
    players = view["players"]
    history = view.get("history") or []
    out: list = []
    if not history:
        out += [kit.para("Games", kit.heading), kit.para("No game finished yet.")]
    for game in history:
        out.append(KeepTogether(_game_block(game, players, kit)))
    out += _in_play(view, kit)

    tally = [[name, view["wins"].get(name, 0)] for name in players]
    tally.append(["Tied games", view.get("ties", 0)])
    tally.append(["Games played", len(history)])
    out += [kit.para("Match tally", kit.heading),
            kit.table(["", "Wins"], tally, [0.5, 0.2], bold_last_row=True)]
    target = view["settings"].get("target_wins") or 0
    if target:
        out.append(kit.para(f"The first player to {_plural(target, 'win')} takes the match.", kit.small))
    return out
