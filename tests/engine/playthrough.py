"""How much random play each playthrough draws. `make test` plays every count in full; the quick
loop, `make test-fast`, sets PLAYTHROUGH_SHARE to play a share of each count (0.5: half of
each). The seeds stay the same, so a share plays the same opening games, and every event a
playthrough asserts it reached is still reached (each was checked at the quick loop's share)."""
from __future__ import annotations

import os

SHARE = float(os.environ.get("PLAYTHROUGH_SHARE", "1"))


def played(count: int) -> int:
    """``count`` hands, games, deals or matches, scaled to this run's share; at least one."""
    return max(1, round(count * SHARE))
