"""Reading a page as a person does: its text, with the red suit marks (inline spans) read as
the symbols they wrap."""
from __future__ import annotations

import re

_SUIT = re.compile(r'<span class="suit-[cdhs]">([♣♦♥♠])</span>')


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", _SUIT.sub(r"\1", html))).replace("&amp;", "&")
