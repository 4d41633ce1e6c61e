"""Real processes for the tests that need them: gunicorn and Celery workers on free loopback ports."""
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, tries: int = 150) -> None:
    for _ in range(tries):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


def postgres_url(settings_dict, port=None) -> str:
    """The test database as a DATABASE_URL, optionally through another port (a relay)."""
    return (f"postgres://{settings_dict['USER']}@{settings_dict['HOST'] or '127.0.0.1'}:"
            f"{port or settings_dict['PORT'] or 5432}/{settings_dict['NAME']}")


def gunicorn(env: dict, workers: int = 1, threads: int = 1) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "gaininggrounds.wsgi", "--bind",
                                f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
                                "--log-level", "warning"], cwd=ROOT, env=env)
    wait_for_port(port)
    return process, f"http://127.0.0.1:{port}"


def gunicorn_pool(env: dict, pool: str, log: Path, workers: int = 1) -> tuple[subprocess.Popen, str]:
    """One of gunicorn's pools as production starts it (deploy/gunicorn.conf.py), its output in `log`."""
    port = free_port()
    prefix = "GUNICORN_PUBLIC_" if pool == "public" else "GUNICORN_"
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py"),
                                "gaininggrounds.wsgi", "--log-level", "warning"], cwd=ROOT,
                               env={**env, "GUNICORN_POOL": pool, f"{prefix}BIND": f"127.0.0.1:{port}",
                                    f"{prefix}WORKERS": str(workers)},
                               stdout=log.open("w"), stderr=subprocess.STDOUT)
    wait_for_port(port)
    return process, f"http://127.0.0.1:{port}"


def celery_worker(env: dict, beat_schedule: Path | None = None) -> subprocess.Popen:
    """A worker; with `beat_schedule` (a file for beat's state) it also runs Celery beat."""
    beat = ["--beat", "--schedule", str(beat_schedule)] if beat_schedule else []
    return subprocess.Popen([sys.executable, "-m", "celery", "-A", "gaininggrounds", "worker", "--pool=solo",
                             "--loglevel=WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat",
                             *beat], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def redis_server(port: int) -> subprocess.Popen:
    """A Redis server of the test's own (Debian's redis-server), without persistence: stopping it
    loses its queue, as a crashed Redis would."""
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port)
    return process


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(20)


class PostgresCluster:
    """A PostgreSQL server of the test's own (Debian's binaries, initdb in a fresh directory), so a test
    can stop and start a real server without touching the machine's. Run as the `postgres` user when
    the tests run as root (PostgreSQL refuses root)."""

    def __init__(self):
        import glob
        import os
        import shutil
        import tempfile

        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            raise FileNotFoundError("no PostgreSQL server binaries under /usr/lib/postgresql")
        self.bin = Path(found[-1]).parent
        self.directory = Path(tempfile.mkdtemp(prefix="gg-pg-"))
        self.as_owner = []
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
            self.as_owner = ["runuser", "-u", "postgres", "--"]
        self.data = self.directory / "data"
        self.port = free_port()
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_owner, str(self.bin / tool), *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.directory / "log"), "-w", "start")
        for _ in range(100):  # accepting connections over TCP, past "the database system is starting up"
            ready = subprocess.run([str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)])
            if ready.returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError(f"PostgreSQL did not start: {(self.directory / 'log').read_text()[-2000:]}")

    def stop(self, mode: str = "fast") -> None:
        """`fast` rolls back open transactions and drops every connection, as a restart does."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def remove(self) -> None:
        import shutil

        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(self.directory, ignore_errors=True)


def fetch(url, method="GET", body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.status, dict(response.headers), response.read().decode()


def emails_in(outbox: Path) -> list[str]:
    """The messages Django's file backend wrote, one string each. Count these, not files: the backend names
    a file by the second and its own address in memory, so two sends in one second can share a file."""
    if not outbox.exists():
        return []
    return [part for path in sorted(outbox.iterdir()) for part in path.read_text().split("-" * 79 + "\n")
            if part.strip()]
