"""Builds the pairing solver: `blossom.cpp`, LEMON's blossom behind a little C glue, compiled with g++
against Debian's liblemon-dev (headers only) into `libblossom.so`, which `matching` loads with ctypes.

`make native` runs this file; the app runs it too when it finds no build or one older than the source, so
a checkout with only `pip install -r requirements.txt` done still starts. Standard library only: make
runs it with the system's Python, before any virtual environment exists."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "blossom.cpp"
LIBRARY = HERE / "libblossom.so"
COMPILER = "g++"
FLAGS = ("-O2", "-std=gnu++17", "-shared", "-fPIC", "-Wall")
LEMON_HEADER = Path("/usr/include/lemon/matching.h")
MISSING = "install Debian's g++ and liblemon-dev (`make native` does), then start again"


class BuildFailed(RuntimeError):
    """The solver could not be built here: what is missing, or what the compiler said."""


def stale(library: Path = LIBRARY, source: Path = SOURCE) -> bool:
    """No build, or one older than its source."""
    return not library.exists() or library.stat().st_mtime < source.stat().st_mtime


def build(library: Path = LIBRARY, source: Path = SOURCE) -> Path:
    """Compile `source` into `library`: aside, then renamed into place, so processes still running keep
    the library they loaded and two processes building at once never load half a file."""
    compiler = shutil.which(COMPILER)
    if compiler is None or not LEMON_HEADER.exists():
        raise BuildFailed(f"cannot build the pairing solver: {MISSING}")
    handle, aside = tempfile.mkstemp(dir=library.parent, prefix=library.name + ".", suffix=".new")
    os.close(handle)
    try:
        done = subprocess.run([compiler, *FLAGS, "-o", aside, str(source)], capture_output=True, text=True)
        if done.returncode:
            raise BuildFailed(f"g++ could not build the pairing solver:\n{done.stderr.strip()}")
        os.replace(aside, library)
    finally:
        if os.path.exists(aside):
            os.unlink(aside)
    return library


if __name__ == "__main__":
    try:
        built = build()
    except BuildFailed as error:
        sys.exit(str(error))
    print(f"built {built}")  # noqa: T201 - what make shows
