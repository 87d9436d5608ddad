"""What may be written (referee.store.inputs): an entry as phones send it is let through at a
glance, and the glance never lets through what the whole walk refuses."""
from __future__ import annotations

import pytest

from referee.errors import InvalidAction
from referee.store import inputs
from referee.store.inputs import check_input

VALUES = ["miss", "5h", "", "x" * inputs.MAX_TEXT, "x" * (inputs.MAX_TEXT + 1), "a\tb", "a\nb", "a\x00b",
          "a\x07b", "\x7f", "\x9f", "é", "\ud800", "♣", 3, -1, 2**70, 1.5, float("nan"), True, None,
          [1], {"a": 1}, (1, 2), object()]
KEYS = ["type", "card", "k" * inputs.MAX_KEY, "k" * (inputs.MAX_KEY + 1), "a\tb", "a\x01", "\ud800", "é", 1]


def outcome(data) -> str | None:
    try:
        check_input(data)
    except InvalidAction as refused:
        return str(refused.message)
    return None


@pytest.mark.parametrize("key", KEYS)
def test_the_glance_at_a_flat_entry_says_what_the_whole_walk_says(key):
    for value in VALUES:
        entry = {"type": "reveal", key: value}
        # In a list the entry is walked whole; the walk's word on it is the same there.
        assert outcome(entry) == outcome([entry]), (key, value)


def test_an_entry_as_phones_send_it_is_let_through_at_a_glance(monkeypatch):
    walked = []
    monkeypatch.setattr(inputs, "_check_text", lambda text, where: walked.append(text))
    check_input({"type": "reveal", "card": "5h", "expect": 7, "id": "p1-42", "by": "Ann"})
    assert walked == []
    check_input({"type": "note", "text": "two\nlines"})  # allowed, but not at a glance
    assert "two\nlines" in walked
