"""The hall during a round, with locust (headless): 500 phones polling the round and standings pages
every 20 s, 30 players reporting, the organizer entering the rest and pairing the next round, against
gunicorn on loopback with PostgreSQL and Redis. Prints p50 / p95 / p99 latency and errors per request
kind, whether the cached pages' p99 meets the target (100 ms), then the database queries each page
costs (cached and rendered; that they stay the same at any field size is a test of the suite).

    .venv/bin/python benchmarks/load/scenario.py [--seconds 60]
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from stack import ROOT, prepare, web_server

HERE = Path(__file__).resolve().parent


def queries(url: str, headers: dict | None = None) -> int:
    """Queries of the second of two identical requests (the first may fill the cache)."""
    for _ in range(2):
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as response:
            count = int(response.headers["X-DB-Queries"])
    return count


def warm_up(host: str, event: dict) -> None:
    """A server in a hall has been up for a while: let every worker load its code and templates and
    open its database connection before the measured minute."""
    for _ in range(10):
        for path in (f"/e/{event['slug']}/rounds/2/", f"/e/{event['slug']}/standings/"):
            for headers in ({}, {"HX-Request": "true"}, {"Authorization": f"Token {event['token']}"}):
                urllib.request.urlopen(urllib.request.Request(host + path, headers=headers)).read()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=60)
    seconds = parser.parse_args().seconds
    event = prepare()
    web, port = web_server({"GG_QUERY_COUNT": "1"})
    host = f"http://127.0.0.1:{port}"
    try:
        warm_up(host, event)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "locust", "-f", str(HERE / "locustfile.py"), "--headless",
                            "--users", "531", "--spawn-rate", "100", "--run-time", f"{seconds}s", "--host", host,
                            "--csv", f"{tmp}/hall", "--only-summary", "--loglevel", "WARNING"],
                           cwd=ROOT, env={**os.environ, "LOAD_EVENT": json.dumps(event)}, check=False,
                           capture_output=True)
            rows = list(csv.DictReader(open(f"{tmp}/hall_stats.csv")))
        token = {"Authorization": f"Token {event['token']}"}
        pages = {"round page": f"/e/{event['slug']}/rounds/2/", "standings page": f"/e/{event['slug']}/standings/",
                 "standings API": f"/api/events/{event['id']}/standings/"}
        counted = {name: (queries(host + path), queries(host + path, token)) for name, path in pages.items()}
    finally:
        web.terminate()
        web.wait(10)
    print(f"locust: 500 phones every 20 s, 30 reporters, 1 organizer; {seconds} s; gunicorn 4 workers, "
          f"{os.cpu_count()} cores")
    print(f"{'request':36} {'count':>7} {'errors':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for row in rows:
        print(f"{row['Name'][:36]:36} {row['Request Count']:>7} {row['Failure Count']:>7} "
              f"{row['50%']:>8} {row['95%']:>8} {row['99%']:>8}")
    pages_p99 = [int(float(row["99%"])) for row in rows if " page" in row["Name"]]
    errors = sum(int(row["Failure Count"]) for row in rows if row["Name"] == "Aggregated")
    met = pages_p99 and max(pages_p99) <= 100 and errors == 0
    print(f"targets (0 errors, p99 <= 100 ms on the public pages): {'met' if met else 'NOT met'} "
          f"(worst page p99 {max(pages_p99, default=0)} ms, {errors} errors)")
    print("database queries per page (cached anonymous / rendered for a signed-in client):")
    for name, (cached, rendered) in counted.items():
        print(f"  {name:18} {cached} / {rendered}")


if __name__ == "__main__":
    main()
