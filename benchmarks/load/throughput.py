"""Raw throughput of a 256-player event's round page, in one run on this machine:

- proxy: anonymous GETs through nginx with the shipped site (deploy/nginx/), answered from its cache;
- cached: anonymous GETs straight to gunicorn, served from Redis by the page cache;
- uncached: the same page with an organizer's token, so every request renders from PostgreSQL;
- static: the same HTML as a file served by nginx (the ceiling for any answer here).

Then a checked run through the proxy: one request in ten carries the organizer's session, and every
answer's headers and body are checked (signed_in_mix.lua): no personal request may be answered from the
proxy's cache, no anonymous one may get a signed-in page.

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
import urllib.request
from pathlib import Path

from stack import PLAYERS, free_port, nginx_in_front, prepare, wait_for, web_server  # noqa: E402

HERE = Path(__file__).resolve().parent


def wrk(url: str, seconds: int, headers: dict | None = None, *, threads: int = 2, connections: int = 32,
        script: Path | None = None, env: dict | None = None) -> dict:
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", str(script)]
    text = subprocess.run(command, check=True, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", text, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    checked = re.search(r"CHECKED (\d+) PERSONAL (\d+) WRONG (\d+) LEAKED (\d+)", text)
    return {"rps": rps, "p50": latency.get("50"), "p99": latency.get("99"),
            "errors": int(errors.group(1)) if errors else 0,
            "checked": dict(zip(("checked", "personal", "wrong", "leaked"), map(int, checked.groups())))
            if checked else None}


def static_nginx(html: str, tmp: Path):
    port = free_port()
    (tmp / "www").mkdir()
    (tmp / "www" / "round.html").write_text(html)
    user = "user root;" if os.geteuid() == 0 else ""
    (tmp / "nginx.conf").write_text(f"""{user}
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
    path = f"/e/{slug}/rounds/2/"
    with tempfile.TemporaryDirectory() as tmp:
        started = []
        try:
            html = urllib.request.urlopen(f"http://127.0.0.1:{port}{path}").read().decode()
            static, static_port = static_nginx(html, Path(tmp))
            started.append(static)
            proxy, proxy_port = nginx_in_front(port, Path(tmp) / "proxy")
            started.append(proxy)
            # A site that has been up: the proxy holds the page before the measured seconds (a cold miss
            # makes the requests that wait on its lock check again only every 500 ms).
            for _ in range(3):
                urllib.request.urlopen(f"http://127.0.0.1:{proxy_port}{path}").read()
            figures = {
                "through nginx's cache": wrk(f"http://127.0.0.1:{proxy_port}{path}", seconds),
                "cached (gunicorn, Redis)": wrk(f"http://127.0.0.1:{port}{path}", seconds),
                "uncached (token, PostgreSQL)": wrk(f"http://127.0.0.1:{port}{path}", seconds,
                                                    {"Authorization": f"Token {token}"}),
                "static file (nginx)": wrk(f"http://127.0.0.1:{static_port}/round.html", seconds),
            }
            mixed = wrk(f"http://127.0.0.1:{proxy_port}{path}", seconds, threads=8, connections=8,
                        script=HERE / "signed_in_mix.lua", env={"GG_SESSION": event["session"]})
        finally:
            for process in started:
                process.terminate()
            web.terminate()
            web.wait(10)
    print(f"Round page of a {PLAYERS}-player event, {len(html) // 1024} KB, wrk -t2 -c32 -d{seconds}s, "
          f"gunicorn 4 workers, nginx 2 workers, {os.cpu_count()} cores")
    print(f"{'':32} {'req/s':>9} {'p50':>9} {'p99':>9} {'errors':>7}")
    for name, f in figures.items():
        print(f"{name:32} {f['rps']:9.0f} {f['p50']:>9} {f['p99']:>9} {f['errors']:7d}")
    proxied, cached, uncached, static = (figures[k]["rps"] for k in figures)
    print(f"proxy / static: {proxied / static:.2f}   cached / static: {cached / static:.2f}   "
          f"cached / uncached: {cached / uncached:.1f}x   proxy / cached: {proxied / cached:.1f}x")
    c = mixed["checked"]
    print(f"checked run through the proxy (1 in 10 signed in, wrk -t8 -c8): {c['checked']} answers, "
          f"{c['personal']} personal; personal answers wrong or from the cache: {c['wrong']}; "
          f"signed-in pages given to anonymous requests: {c['leaked']}; errors: {mixed['errors']}")
    targets = {
        "proxy >= 50% of the static file": proxied >= 0.5 * static,
        "cached >= 800 req/s and >= 10x uncached": cached >= 800 and cached >= 10 * uncached,
        "no personal answer from the proxy's cache, none leaked": c["checked"] > 0 and c["personal"] > 0
        and c["wrong"] == 0 and c["leaked"] == 0 and mixed["errors"] == 0,
    }
    for name, met in targets.items():
        print(f"target ({name}): {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
