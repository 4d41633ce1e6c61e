"""Error reports to a Sentry-compatible service: off without SENTRY_DSN; with it, a failing request is
reported to the service (a real HTTP receiver here) with no private key, token or password in it."""
import gzip
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import sentry_sdk

from gaininggrounds.error_reports import masked
from tests.processes import ROOT

KEY = "Kq3vPrivateKey0123456789abcdef"
PASSWORD = "hunter2-hunter2-hunter2"
TOKEN = "0123456789abcdef0123456789abcdef01234567"


def test_off_unless_a_dsn_is_set():
    assert "SENTRY_DSN" not in os.environ and not sentry_sdk.get_client().is_active()


def test_masking_reaches_every_corner_of_a_report():
    event = {"request": {"url": f"https://gg.example.org/p/{KEY}/", "query_string": f"key={KEY}",
                         "headers": {"Authorization": f"Token {TOKEN}"},
                         "data": {"password": PASSWORD, "name": "Ann"}},
             "exception": {"values": [{"value": f"no player for /p/{KEY}/", "stacktrace": {"frames": [
                 {"vars": {"key": KEY, "note": f"password={PASSWORD}"}}]}}]},
             "breadcrumbs": {"values": [{"message": f"GET /p/{KEY}/report/"}]}}
    text = json.dumps(masked(event))
    assert KEY not in text and PASSWORD not in text and TOKEN not in text and "Ann" in text


class Receiver(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        elif self.headers.get("Content-Encoding") == "br":
            import brotli

            body = brotli.decompress(body)
        Receiver.received.append(body.decode(errors="replace"))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


FAILING_REQUEST = f"""
from unittest import mock
import sentry_sdk
from django.test import Client
from tournaments.web import player_page

def broken(key):
    raise RuntimeError("lookup failed for " + key + " password={PASSWORD}")

with mock.patch.object(player_page, "player_for_key", side_effect=broken):
    answer = Client(raise_request_exception=False).post("/p/{KEY}/?token={TOKEN}", {{"password": "{PASSWORD}"}},
                                                         HTTP_AUTHORIZATION="Token {TOKEN}")
print("status", answer.status_code)
sentry_sdk.flush(10)
"""


def test_a_failing_request_reaches_the_service_without_secrets(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    Receiver.received = []
    try:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL",)}
        env.update(SENTRY_DSN=f"http://publickey@127.0.0.1:{server.server_port}/1", DEBUG="1",
                   DATABASE_URL=f"sqlite:///{tmp_path}/none.sqlite3")
        done = subprocess.run([sys.executable, "manage.py", "shell", "-c", FAILING_REQUEST], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
    finally:
        server.shutdown()
    assert "status 500" in done.stdout, done.stderr[-3000:]
    report = "".join(Receiver.received)
    assert "RuntimeError" in report and "lookup failed for" in report
    for secret in (KEY, PASSWORD, TOKEN):
        assert secret not in report, report[max(0, report.find(secret) - 100):report.find(secret) + 200]
