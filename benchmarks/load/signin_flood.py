"""Does the site stay responsive while someone hammers the sign-in with wrong passwords?

Each wrong password costs the server a deliberately slow hash (Django's PBKDF2, about 0.4 s of a core).
The failed-sign-in limit (settings.RATE_LIMITS: per account and per client address) refuses before
hashing once an account or address has failed too often. In one run, on the stack of `make load`
(gunicorn with 4 workers, PostgreSQL, Redis, the production hasher):

- quiet: a probe sends an organizer's GET /api/events/{id}/ one after another, and times each;
- flood, limit on: the same probe while 6 processes send wrong passwords to POST /api/auth/token/;
- flood, limit off: the same, against a server whose limits are set out of reach (today's behaviour
  without the limit), for the ratio.

    .venv/bin/python benchmarks/load/signin_flood.py [--seconds 10] [--flooders 6]
"""
import argparse
import json
import multiprocessing
import os
import statistics
import time
import urllib.error
import urllib.request

from stack import prepare, web_server  # noqa: E402

OUT_OF_REACH = {"THROTTLE_SIGNIN_ACCOUNT": "1000000/hour", "THROTTLE_SIGNIN_ADDRESS": "1000000/hour",
                "THROTTLE_SIGNIN_BURST": "1000000/minute"}


def probe(url: str, token: str, seconds: float) -> list[float]:
    """Milliseconds of each request, sent one after another for `seconds`."""
    request = urllib.request.Request(url, headers={"Authorization": f"Token {token}"})
    times, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        with urllib.request.urlopen(request, timeout=60) as answer:
            answer.read()
            assert answer.status == 200
        times.append((time.perf_counter() - start) * 1000)
    return times


def flood(url: str, username: str, seconds: float, counts) -> None:
    """Wrong passwords as fast as the server answers; counts answers by status. At the lowest CPU
    priority: an attacker's own work is done on their machine, not the server's."""
    os.nice(19)
    body = json.dumps({"username": username, "password": "not-the-password"}).encode()
    seen, end = {}, time.monotonic() + seconds
    while time.monotonic() < end:
        request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        seen[status] = seen.get(status, 0) + 1
    counts.put(seen)


def phase(port: int, event: dict, seconds: float, flooders: int) -> dict:
    base = f"http://127.0.0.1:{port}"
    counts = multiprocessing.Queue()
    attackers = [multiprocessing.Process(target=flood, args=(f"{base}/api/auth/token/",
                                                             "load-organizer" if n % 2 else f"nobody-{n}",
                                                             seconds + 1, counts))
                 for n in range(flooders)]
    for process in attackers:
        process.start()
    if attackers:
        time.sleep(1)  # the flood is under way before the probe starts
    latencies = probe(f"{base}/api/events/{event['id']}/", event["token"], seconds)
    answers: dict[int, int] = {}
    for process in attackers:
        for status, n in counts.get().items():
            answers[status] = answers.get(status, 0) + n
        process.join()
    cut = statistics.quantiles(latencies, n=100)
    return {"p50": statistics.median(latencies), "p99": cut[98], "probes": len(latencies), "answers": answers}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--flooders", type=int, default=6)
    args = parser.parse_args()
    event = prepare()
    figures = {}
    for name, extra, flooders in (("quiet", None, 0), ("flood, limit on", None, args.flooders),
                                  ("flood, limit off", OUT_OF_REACH, args.flooders)):
        web, port = web_server(extra)
        try:
            figures[name] = phase(port, event, args.seconds, flooders)
        finally:
            web.terminate()
            web.wait(20)
    print(f"Organizer GET /api/events/{{id}}/ one at a time for {args.seconds:.0f} s, while {args.flooders} "
          f"processes send wrong passwords to POST /api/auth/token/; gunicorn 4 workers, {os.cpu_count()} cores")
    print(f"{'':18} {'probes':>7} {'p50 ms':>8} {'p99 ms':>8}   wrong-password answers (status: count)")
    for name, f in figures.items():
        answers = ", ".join(f"{status}: {n}" for status, n in sorted(f["answers"].items())) or "-"
        print(f"{name:18} {f['probes']:7d} {f['p50']:8.1f} {f['p99']:8.1f}   {answers}")
    quiet, on, off = (figures[k]["p50"] for k in figures)
    print(f"p50 under flood / quiet: limit on {on / quiet:.1f}x, limit off {off / quiet:.1f}x")
    met = on <= 2 * quiet and off >= 10 * on
    print(f"target (p50 under flood with the limit <= 2x quiet and >= 10x better than without it): "
          f"{'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
