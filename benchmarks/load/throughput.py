"""Raw throughput of a 256-player event's round page, in one run on this machine:

- cached: anonymous GETs, served from Redis by the page cache;
- uncached: the same page with an organizer's token, so every request renders from PostgreSQL;
- static: the same HTML as a file served by nginx (the ceiling for any dynamic page here).

gunicorn on loopback with PostgreSQL and Redis, wrk as the client. Prints requests per second,
latency percentiles and the ratios (the machines are shared and noisy: compare ratios, not runs).

    .venv/bin/python benchmarks/load/throughput.py [--seconds 10]
Needs PostgreSQL and Redis (DATABASE_URL / REDIS_URL, default the local ones; a database
`gg_load` is created) and Debian's wrk and nginx (`make load` installs them).
"""
import argparse
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from stack import PLAYERS, free_port, prepare, wait_for, web_server  # noqa: E402


def wrk(url: str, seconds: int, headers: dict | None = None) -> dict:
    command = ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency", url]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", text, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {"rps": rps, "p50": latency.get("50"), "p99": latency.get("99"),
            "errors": int(errors.group(1)) if errors else 0}


def nginx_serving(html: str, tmp: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    tmp.chmod(0o755)  # nginx's workers run as another user
    (tmp / "www").mkdir()
    (tmp / "www" / "round.html").write_text(html)
    (tmp / "nginx.conf").write_text(f"""
daemon off; worker_processes 2; pid {tmp}/nginx.pid; error_log {tmp}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; server {{ listen 127.0.0.1:{port}; root {tmp}/www; }} }}
""")
    process = subprocess.Popen(["nginx", "-c", str(tmp / "nginx.conf"), "-p", str(tmp)])
    wait_for(port)
    return process, port


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    seconds = parser.parse_args().seconds
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: `make load` installs Debian's wrk and nginx")
    event = prepare()
    slug, token = event["slug"], event["token"]
    web, port = web_server()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            page = f"http://127.0.0.1:{port}/e/{slug}/rounds/2/"
            import urllib.request
            html = urllib.request.urlopen(page).read().decode()
            static, static_port = nginx_serving(html, Path(tmp))
            try:
                figures = {
                    "cached (anonymous, Redis)": wrk(page, seconds),
                    "uncached (token, PostgreSQL)": wrk(page, seconds, {"Authorization": f"Token {token}"}),
                    "static file (nginx)": wrk(f"http://127.0.0.1:{static_port}/round.html", seconds),
                }
            finally:
                static.terminate()
        finally:
            web.terminate()
            web.wait(10)
    print(f"Round page of a {PLAYERS}-player event, {len(html) // 1024} KB, wrk -t2 -c32 -d{seconds}s, "
          f"gunicorn 4 workers, {os.cpu_count()} cores")
    print(f"{'':32} {'req/s':>9} {'p50':>9} {'p99':>9} {'errors':>7}")
    for name, f in figures.items():
        print(f"{name:32} {f['rps']:9.0f} {f['p50']:>9} {f['p99']:>9} {f['errors']:7d}")
    cached, uncached, static = (figures[k]["rps"] for k in figures)
    print(f"cached / uncached: {cached / uncached:.1f}x   cached / static nginx: {cached / static:.2f}")
    met = cached >= 800 and cached >= 10 * uncached
    print(f"targets (cached >= 800 req/s and >= 10x uncached): {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
