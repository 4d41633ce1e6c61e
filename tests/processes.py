"""Real processes for the tests that need them: gunicorn and Celery workers on free loopback ports."""
import socket
import subprocess
import sys
import time
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
