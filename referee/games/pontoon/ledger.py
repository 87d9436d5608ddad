"""The money ledger of a Pontoon session (PONTOON-LEDGER).

Every movement of money is one ``Line`` from one party to another: a player's name or the
kitty. Balances are always added up from the lines (LEDGER-1); nothing else holds money. The
settle-up at the end (LEDGER-3) is a pure function of the players' net positions.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Mapping

from referee.errors import IllegalAction
from referee.i18n import Message, _

KITTY = "kitty"
# Exact search for the fewest transfers is exponential; below this many parties it is instant.
EXACT_LIMIT = 12


@dataclass(frozen=True)
class Line:
    frm: str
    to: str
    amount: int
    reason: Message | str     # why the money moved, translated when shown
    deal: int
    kind: str                 # stake, shoot, kitty, sale
    seq: int
    player: str | None = None  # the hand this line settles, if any
    hand: int | None = None

    def as_dict(self) -> dict:
        return {"from": self.frm, "to": self.to, "amount": self.amount, "reason": str(self.reason),
                "deal": self.deal, "kind": self.kind, "seq": self.seq,
                "player": self.player, "hand": self.hand}


def make_line(frm: str, to: str, amount: int, reason: Message | str, *, deal: int, kind: str, seq: int,
              parties: Iterable[str], player: str | None = None, hand: int | None = None) -> Line:
    """A ledger line, checked: whole units, a positive amount, two different known parties."""
    known = set(parties) | {KITTY}
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise IllegalAction(_("a ledger line needs a positive whole amount, not {amount}", amount=repr(amount)),
                            rule="PONTOON-LEDGER-1")
    if frm not in known or to not in known:
        raise IllegalAction(_("a ledger line runs between players and the kitty, not {frm} and {to}",
                              frm=repr(frm), to=repr(to)), rule="PONTOON-LEDGER-1")
    if frm == to:
        raise IllegalAction(_("a ledger line cannot run from {frm} to themselves", frm=frm), rule="PONTOON-LEDGER-1")
    return Line(frm, to, amount, reason, deal, kind, seq, player, hand)


def balances(lines: Iterable[Line], players: Iterable[str], buy_in: int) -> dict[str, int]:
    """Each player's money: the buy-in plus everything received, less everything paid."""
    result = {name: buy_in for name in players}
    for line in lines:
        if line.frm != KITTY:
            result[line.frm] -= line.amount
        if line.to != KITTY:
            result[line.to] += line.amount
    return result


def kitty(lines: Iterable[Line]) -> int:
    total = 0
    for line in lines:
        if line.to == KITTY:
            total += line.amount
        if line.frm == KITTY:
            total -= line.amount
    return total


def bankers_own(lines: Iterable[Line]) -> int:
    """The part of the kitty that is the banker's own money (SHOOT-8): what the banker put up
    and added, less what was paid out of it. Lost shoot bets swell the kitty without counting
    here, and shoot bets won are paid out of that swelling first."""
    own = swelling = 0
    for line in lines:
        if line.to == KITTY:
            if line.kind == "shoot":
                swelling += line.amount
            else:
                own += line.amount
        elif line.frm == KITTY:
            from_swelling = min(swelling, line.amount)
            swelling -= from_swelling
            own -= line.amount - from_swelling
    return own


def check_balanced(lines: tuple[Line, ...] | list[Line], players: tuple[str, ...], buy_in: int) -> None:
    """LEDGER-2: the players' balances and the kitty always add up to the buy-ins."""
    held = sum(balances(lines, players, buy_in).values()) + kitty(lines)
    expected = buy_in * len(players)
    if held != expected:
        raise IllegalAction(_("the ledger holds {held} but the buy-ins were {expected}", held=held,
                              expected=expected), rule="PONTOON-LEDGER-2")
    if kitty(lines) < 0:
        raise IllegalAction(_("the kitty cannot hold less than nothing"), rule="PONTOON-LEDGER-2")


def settle_up(net: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom so that every net position comes to zero (LEDGER-3).

    With up to EXACT_LIMIT parties owed or owing money this finds the fewest transfers there
    can be: n parties need n minus (the most groups the parties split into whose positions sum
    to zero) transfers, and each group settles with one transfer fewer than its size. Above the
    limit it falls back to pairing the largest creditor with the largest debtor, which needs at
    most one transfer fewer than the number of parties. Ties are broken by name, so the proposal
    is deterministic.
    """
    if sum(net.values()) != 0:
        raise IllegalAction(_("the positions to settle do not add up to zero"), rule="PONTOON-LEDGER-2")
    return list(_transfers(frozenset((name, amount) for name, amount in net.items() if amount)))


@lru_cache(maxsize=256)
def _transfers(positions: frozenset[tuple[str, int]]) -> tuple[tuple[str, str, int], ...]:
    # Every view of a session asks again, and the positions change only when money moves.
    net = dict(positions)
    parties = sorted(net, key=lambda n: (-abs(net[n]), n))
    if len(parties) <= EXACT_LIMIT:
        groups = _zero_sum_groups(parties, net)
    else:
        groups = [parties]
    transfers: list[tuple[str, str, int]] = []
    for group in groups:
        transfers.extend(_greedy({name: net[name] for name in group}))
    return tuple(transfers)


def _greedy(net: dict[str, int]) -> list[tuple[str, str, int]]:
    left = dict(net)
    transfers = []
    while any(left.values()):
        creditor = max(left, key=lambda n: (left[n], _desc(n)))
        debtor = min(left, key=lambda n: (left[n], n))
        amount = min(left[creditor], -left[debtor])
        transfers.append((debtor, creditor, amount))
        left[creditor] -= amount
        left[debtor] += amount
    return transfers


def _desc(name: str) -> tuple[int, ...]:
    # max() with names sorted ascending on ties: invert the characters.
    return tuple(-ord(ch) for ch in name)


def _zero_sum_groups(parties: list[str], net: Mapping[str, int]) -> list[list[str]]:
    """Split the parties into as many groups summing to zero as possible (exact, memoised)."""
    n = len(parties)
    amounts = [net[p] for p in parties]
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    best: dict[int, tuple[int, int]] = {0: (0, 0)}

    def solve(mask: int) -> int:
        if mask in best:
            return best[mask][0]
        low = mask & -mask
        rest = mask ^ low
        chosen, count = mask, 1
        # Try every zero-sum group holding the lowest party; the rest must also sum to zero.
        sub = rest
        while True:
            group = sub | low
            if group != mask and sums[group] == 0:
                value = 1 + solve(mask ^ group)
                if value > count:
                    chosen, count = group, value
            if sub == 0:
                break
            sub = (sub - 1) & rest
        best[mask] = (count, chosen)
        return count

    full = (1 << n) - 1
    solve(full)
    groups = []
    mask = full
    while mask:
        group = best[mask][1]
        groups.append([parties[i] for i in range(n) if group >> i & 1])
        mask ^= group
    return groups
