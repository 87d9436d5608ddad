"""Page 1 of a PDF as a PNG (pdftoppm, from Debian's poppler-utils), for tests that check a
sheet renders as a page with something on it, and for a person to look at."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def page_one_png(pdf: bytes, folder: Path, name: str = "page", dpi: int = 60) -> Path:
    assert shutil.which("pdftoppm"), "poppler-utils is installed by make test"
    source = folder / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(source),
                    str(folder / name)], check=True)
    return folder / f"{name}.png"


def laid_out(paragraph) -> tuple[list[list[str]], set[str]]:
    """A laid-out paragraph's lines as words, and the words of its text: a line that holds a
    word its text does not was cut mid-word. (Lines with marked-up words, such as a red ♥,
    are reportlab FragLines; plain ones are (width, words) pairs.)"""
    import re

    lines = [list(line[1]) if isinstance(line, tuple) else
             "".join(getattr(frag, "text", "") for frag in line.words).split() for line in paragraph.blPara.lines]
    words = set(re.sub(r"<[^>]+>", "", paragraph.text).replace("&amp;", "&").split())
    return lines, words
