"""Points and money as a person reads them, on the screen and on the score sheet.

A negative number is written with the minus sign (−), as on a score pad, never with a hyphen:
one table must not show "−2" beside "-1". ``signed`` also marks a gain with a plus, for what a
game or a deal added (a bonus, a deal's winnings). Pure: no Flask."""
from __future__ import annotations

MINUS = "\u2212"


def points(n: int) -> str:
    """ "−3", "0", "4"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """ "−2", "0", "+4"."""
    return f"+{n}" if n > 0 else points(n)
