"""Ropebridge score sheet: for each game its row, who matched each row card with what and on
which turn, how many turns each player took, the winner or the tie and why; then the tally of
the match (wins and ties). The frame prints the house rules, the result and the findings."""
from __future__ import annotations

from reportlab.platypus import KeepTogether, Spacer

from referee.cards import Card
from referee.i18n import N_, _, all_of, gettext, n_
from referee.pdf import Kit

TIES = {"unbeatable": N_("unbeatable row"), "stalemate": N_("stalemate")}


def _sym(card: str | None) -> str:
    return Card.parse(card).symbol if card else "—"


def _turns(n: int) -> str:
    return str(n_("{n} turn", "{n} turns", n, n=n))


def _outcome(game: dict, players: list[str], row_length: int) -> str:
    turns = ", ".join(f"{name} {_turns(game['turns'].get(name, 0))}" for name in players)
    quick = not game["row"]
    if game["winner"]:
        line = (_("Winner: {player}", player=game["winner"]) if quick else
                _("Winner: {player} ({reason})", player=game["winner"], reason=game["reason"]))
    elif quick:
        line = _("Tie ({kind})", kind=gettext(TIES.get(game["tie"], game["tie"])))
    elif game.get("rule"):
        line = _("Tie — {reason} ({rule})", reason=game["reason"], rule=game["rule"])
    else:
        line = _("Tie — {reason}", reason=game["reason"])
    parts = [str(line)]
    if any(game["turns"].values()):
        parts.append(str(_("Turns: {turns}", turns=turns)))
    if game["row"]:
        # Out of the whole row: a game can end before every row card is face up.
        reached = ", ".join(str(_("{player} {n} of {total}", player=name, n=game["positions"].get(name, 0),
                                  total=row_length)) for name in players)
        parts.append(str(_("Row cards matched: {reached}", reached=reached)))
    return ". ".join(parts) + "."


def _game_block(game: dict, players: list[str], row_length: int, kit: Kit) -> list:
    head = _("Game {n} · dealt by {dealer}", n=game["deal"] + 1, dealer=game["dealer"])
    block = [kit.para(head, kit.heading)]
    if game["row"]:
        block.append(kit.para(_("Row: {cards}", cards=" ".join(_sym(c) for c in game["row"]))))
        by_card: dict[tuple[int, str], str] = {}
        for m in game["matches"]:
            by_card[(m["row_index"], m["player"])] = str(_(
                "{cards} (turn {n})", cards=" + ".join(_sym(c) for c in m["cards"]), n=m["turn"]))
        rows = [[f"{i + 1}. {_sym(card)}"] + [by_card.get((i, name), "") for name in players]
                for i, card in enumerate(game["row"])]
        if game["matches"]:
            header = [gettext("Row card")] + [str(_("{player} matched with", player=name)) for name in players]
            block.append(kit.table(header, rows, [0.2, 0.4, 0.4]))
    else:
        block.append(kit.para(gettext("Result entered without the cards (quick mode)."), kit.small))
    block.append(Spacer(1, 3))
    block.append(kit.para(_outcome(game, players, row_length)))
    return block


def _quick_games(games: list[dict], players: list[str], row_length: int, kit: Kit) -> list:
    """Games entered as results only: a line each, so a long evening of them is a table, not
    a page per handful of games."""
    rows = [[game["deal"] + 1, game["dealer"], _outcome(game, players, row_length)] for game in games]
    return [kit.para(gettext("Results entered without the cards (quick mode)"), kit.heading),
            kit.table([gettext("Game"), gettext("Dealt by"), gettext("Result")], rows, [0.12, 0.2, 0.68])]


def _in_play(view: dict, kit: Kit) -> list:
    if view["mode"] != "play" or view["phase"] not in ("play", "reveal"):
        return []
    players = view["players"]
    where = "; ".join(
        str(n_("{player} on row card {row}, {n} card in hand", "{player} on row card {row}, {n} cards in hand",
               view["hands"][name], player=name, row=view["positions"][name] + 1, n=view["hands"][name]))
        for name in players)
    row = " ".join(_sym(c) for c in view["row"] if c)
    down = view["row"].count(None)
    if down:
        row = str(_("{cards}, {n} face down", cards=row, n=down))
    return [kit.para(_("Game {n} in play", n=view["deal"] + 1), kit.heading),
            kit.para(_("Row so far: {cards}", cards=row)),
            kit.para(_("{where}; {player} to play; stock {stock}, discard top {card}.",
                       where=where, player=view["turn"], stock=view["stock"], card=_sym(view["discard_top"])))]


def sections(view: dict, kit: Kit) -> list:
    players = view["players"]
    history = view.get("history") or []
    out: list = []
    if not history:
        out += [kit.para(gettext("Games"), kit.heading), kit.para(gettext("No game finished yet."))]
    row_length = view["settings"]["row_length"]
    quick: list[dict] = []
    for game in [*history, None]:
        if game is not None and not game["row"]:
            quick.append(game)
            continue
        if quick:  # results entered without the cards: one line each, in one table
            out += _quick_games(quick, players, row_length, kit)
            quick = []
        if game is not None:
            out.append(KeepTogether(_game_block(game, players, row_length, kit)))
    out += _in_play(view, kit)

    tally = [[name, view["wins"].get(name, 0)] for name in players]
    tally.append([gettext("Tied games"), view.get("ties", 0)])
    tally.append([gettext("Games played"), len(history)])
    out += [kit.para(gettext("Match tally"), kit.heading),
            kit.table(["", gettext("Wins")], tally, [0.5, 0.2], bold_last_row=True)]
    target = view["settings"].get("target_wins") or 0
    if target:
        out.append(kit.para(n_("The first player to {n} win takes the match.",
                               "The first player to {n} wins takes the match.", target, n=target), kit.small))
    return out


def result_line(view: dict) -> str:
    """The match in one line, counted in wins: who took it, who leads, or nobody yet."""
    if view.get("match_result"):
        return view["match_result"]["headline"] + "."
    leaders = view.get("leaders") or []
    if not leaders:
        return gettext("No game won yet.")
    wins = view["wins"][leaders[0]]
    if len(leaders) == 1:
        return str(n_("{player} leads with {n} win.", "{player} leads with {n} wins.", wins,
                      player=leaders[0], n=wins))
    return str(n_("{players} are level with {n} win each.", "{players} are level with {n} wins each.",
                  wins, players=all_of(leaders), n=wins))
