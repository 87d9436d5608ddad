"""The money ledger of a Pontoon session (PONTOON-LEDGER).

Every movement of money is one ``Line`` from one party to another: a player's name or the
kitty. Balances are always added up from the lines (LEDGER-1); nothing else holds money. The
settle-up at the end (LEDGER-3) is a pure function of the players' net positions.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, overload

from referee.archive import Archive
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


# Where a deal's lines begin, with the money before them: (deal, index of its first line, money
# moved by party, kitty). A deal that moved no money has none.
_Start = tuple[int, int, tuple[tuple[str, int], ...], int]


class Ledger(Sequence[Line]):
    """Every line of a session, oldest first, read like a tuple, with what the lines add up to
    carried along: each party's money moved, the kitty, and the banker's own part of it
    (SHOOT-8). ``ledger + (line,)`` gives a new ledger and leaves this one as it was.

    Every entry checks the balance (LEDGER-2) and every view shows it: carried, neither reads
    every line of a long session again. The lines are kept in an ``Archive``, so a session read
    back from a snapshot builds its newest lines, not all of them."""

    __slots__ = ("_lines", "_starts", "_moved", "_kitty", "_own", "_swelling")

    def __init__(self, lines: Iterable[Line] = ()) -> None:
        self._lines: Archive[Line] = Archive()
        self._starts: Archive[_Start] = Archive()
        self._moved: dict[str, int] = {}
        self._kitty = self._own = self._swelling = 0
        self._add(tuple(lines))

    def _add(self, lines: tuple[Line, ...]) -> None:
        moved = dict(self._moved)
        pot, own, swelling = self._kitty, self._own, self._swelling
        starts: tuple[_Start, ...] = ()
        newest = self._starts[-1][0] if self._starts else None
        for at, line in enumerate(lines, len(self._lines)):
            if line.deal != newest:
                starts += ((line.deal, at, tuple(sorted(moved.items())), pot),)
                newest = line.deal
            if line.frm == KITTY:
                pot -= line.amount
                from_swelling = min(swelling, line.amount)  # shoot bets won are paid from it first
                swelling -= from_swelling
                own -= line.amount - from_swelling
            else:
                moved[line.frm] = moved.get(line.frm, 0) - line.amount
            if line.to == KITTY:
                pot += line.amount
                if line.kind == "shoot":
                    swelling += line.amount
                else:
                    own += line.amount
            else:
                moved[line.to] = moved.get(line.to, 0) + line.amount
        self._lines = self._lines + lines
        if starts:
            self._starts = self._starts + starts
        self._moved, self._kitty, self._own, self._swelling = moved, pot, own, swelling

    def __add__(self, lines: tuple[Line, ...]) -> Ledger:
        grown = Ledger.__new__(Ledger)
        grown._lines, grown._starts, grown._moved = self._lines, self._starts, self._moved
        grown._kitty, grown._own, grown._swelling = self._kitty, self._own, self._swelling
        grown._add(tuple(lines))
        return grown

    def _first_from(self, deal: int) -> int:
        """The index in ``_starts`` of the first deal numbered ``deal`` or later."""
        newest = self._starts[-1][0] if self._starts else deal - 1
        if newest <= deal:  # what views ask most: the deal in play, the one just settled
            return len(self._starts) - (newest == deal)
        return bisect_left(self._starts, deal, key=lambda start: start[0])

    def of_deal(self, deal: int) -> tuple[Line, ...]:
        """The lines of one deal (lines are written deal by deal)."""
        k = self._first_from(deal)
        if k == len(self._starts) or self._starts[k][0] != deal:
            return ()
        end = self._starts[k + 1][1] if k + 1 < len(self._starts) else len(self._lines)
        return self._lines[self._starts[k][1]:end]

    def before_deal(self, deal: int) -> tuple[dict[str, int], int]:
        """The money moved by party, and the kitty, once every line of the deals before
        ``deal`` is written and none of its own."""
        k = self._first_from(deal)
        if k == len(self._starts):
            return dict(self._moved), self._kitty
        _deal, _at, moved, pot = self._starts[k]
        return dict(moved), pot

    def balances(self, players: Iterable[str], buy_in: int) -> dict[str, int]:
        """Each player's money: the buy-in plus everything received, less everything paid."""
        return {name: buy_in + self._moved.get(name, 0) for name in players}

    @property
    def kitty(self) -> int:
        return self._kitty

    @property
    def bankers_own(self) -> int:
        """The part of the kitty that is the banker's own money (SHOOT-8): what the banker put
        up and added, less what was paid out of it. Lost shoot bets swell the kitty without
        counting here, and shoot bets won are paid out of that swelling first."""
        return self._own

    def __len__(self) -> int:
        return len(self._lines)

    @overload
    def __getitem__(self, index: int) -> Line: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Line, ...]: ...
    def __getitem__(self, index: int | slice) -> Line | tuple[Line, ...]:
        return self._lines[index]

    def __iter__(self) -> Iterator[Line]:
        return iter(self._lines)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ledger):
            return self._lines == other._lines
        if isinstance(other, tuple):
            return self._lines == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._lines)

    def __repr__(self) -> str:
        return f"Ledger({list(self._lines)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Ledger, (), (self._lines, self._starts, self._moved, self._kitty, self._own, self._swelling)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self._lines, self._starts, self._moved, self._kitty, self._own, self._swelling = state
        if not (isinstance(self._lines, Archive) and isinstance(self._starts, Archive)):
            raise ValueError("a ledger's lines must be an archive")


def _ledger(lines: Iterable[Line]) -> Ledger:
    return lines if isinstance(lines, Ledger) else Ledger(lines)


def balances(lines: Iterable[Line], players: Iterable[str], buy_in: int) -> dict[str, int]:
    """Each player's money from these lines: the buy-in plus everything received, less
    everything paid."""
    return _ledger(lines).balances(players, buy_in)


def kitty(lines: Iterable[Line]) -> int:
    return _ledger(lines).kitty


def bankers_own(lines: Iterable[Line]) -> int:
    """The banker's own part of the kitty these lines leave (``Ledger.bankers_own``)."""
    return _ledger(lines).bankers_own


def check_balanced(lines: Iterable[Line], players: tuple[str, ...], buy_in: int) -> None:
    """LEDGER-2: the players' balances and the kitty always add up to the buy-ins."""
    ledger = _ledger(lines)
    held = sum(ledger.balances(players, buy_in).values()) + ledger.kitty
    expected = buy_in * len(players)
    if held != expected:
        raise IllegalAction(_("the ledger holds {held} but the buy-ins were {expected}", held=held,
                              expected=expected), rule="PONTOON-LEDGER-2")
    if ledger.kitty < 0:
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
