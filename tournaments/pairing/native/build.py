"""Builds the pairing solver: `blossom.cpp`, LEMON's blossom behind a little C glue, compiled with g++
against Debian's liblemon-dev (headers only) into `libblossom.so`, which `matching` loads with ctypes.

`make native` runs this file; the app runs it too when it finds no build or one older than the source, so
a checkout with only `pip install -r requirements.txt` done still starts. Standard library only: make
runs it with the system's Python, before any virtual environment exists."""
from __future__ import annotations

import fcntl
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
COMPILE_SECONDS = 300
MISSING = "install Debian's g++ and liblemon-dev (`make native` does), then start again"


class BuildFailed(RuntimeError):
    """The solver could not be built here: what is missing, or what the compiler said."""


def stale(library: Path = LIBRARY, source: Path = SOURCE) -> bool:
    """No build, or one older than its source."""
    return not library.exists() or library.stat().st_mtime < source.stat().st_mtime


def build(library: Path = LIBRARY, source: Path = SOURCE, *, force: bool = False) -> Path:
    """Compile `source` into `library`, once however many processes start together (a lock beside it;
    the others find it built; `force`: even so, as make asks when this file changed), into a fresh
    folder and then renamed into place: processes still running keep the library they loaded, nobody
    loads half a file, and the file has the usual permissions."""
    compiler = shutil.which(COMPILER)
    if compiler is None or not LEMON_HEADER.exists():
        raise BuildFailed(f"cannot build the pairing solver: {MISSING}")
    try:
        with open(library.with_name(library.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if force or stale(library, source):
                _compile(compiler, library, source)
    except OSError as error:
        raise BuildFailed(f"cannot build the pairing solver in {library.parent}: {error}") from None
    return library


def _compile(compiler: str, library: Path, source: Path) -> None:
    with tempfile.TemporaryDirectory(dir=library.parent, prefix=".build-") as aside:
        built = Path(aside) / library.name
        try:
            done = subprocess.run([compiler, *FLAGS, "-o", str(built), str(source)], capture_output=True,
                                  text=True, timeout=COMPILE_SECONDS)
        except subprocess.TimeoutExpired:
            raise BuildFailed(f"g++ took over {COMPILE_SECONDS} s to build the pairing solver") from None
        if done.returncode:
            raise BuildFailed(f"g++ could not build the pairing solver:\n{done.stderr.strip()}")
        os.replace(built, library)


if __name__ == "__main__":
    try:
        built = build(force=True)
    except BuildFailed as error:
        sys.exit(str(error))
    print(f"built {built}")  # noqa: T201 - what make shows
