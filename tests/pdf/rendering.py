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
