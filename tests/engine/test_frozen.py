"""``referee.frozen.replace`` gives what ``dataclasses.replace`` gives."""
from __future__ import annotations

import dataclasses

import pytest

from referee.cards import Card
from referee.frozen import replace


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_a_plain_frozen_state_is_copied_with_the_changes_and_stays_frozen():
    before = Plain(1, (2,))
    after = replace(before, a=5)
    assert after == Plain(5, (2,)) == dataclasses.replace(before, a=5)
    assert before == Plain(1, (2,)) and after is not before and type(after) is Plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 3  # type: ignore[misc]
    assert replace(before) == before and replace(before) is not before


def test_a_name_that_is_not_a_field_is_refused():
    with pytest.raises(TypeError, match="no field c"):
        replace(Plain(1), c=2)


def test_classes_with_checks_or_slots_go_through_dataclasses_replace():
    with pytest.raises(ValueError):
        replace(Checked(1), a=-1)  # its __post_init__ still runs
    card = Card.parse("Kh")
    assert replace(card) == card  # slots=True
