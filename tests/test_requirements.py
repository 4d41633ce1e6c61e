"""`pip install -r requirements.txt` gives the runtime: the top-level file is the pinned runtime list
(requirements/base.txt) and nothing of its own, so the two can never disagree; every package there is
pinned to one version."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lines(path: Path) -> list[str]:
    return [line.split("#")[0].strip() for line in path.read_text().splitlines() if line.split("#")[0].strip()]


def test_the_top_level_file_is_the_runtime_list_and_nothing_else():
    assert lines(ROOT / "requirements.txt") == ["-r requirements/base.txt"]


def test_every_runtime_package_is_pinned():
    unpinned = [line for line in lines(ROOT / "requirements" / "base.txt")
                if not re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[A-Za-z0-9_.+\-]+", line)]
    assert not unpinned, unpinned
