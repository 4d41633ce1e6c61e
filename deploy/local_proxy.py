"""The shipped nginx site (deploy/nginx/gaininggrounds.conf) run on loopback by Debian's nginx, for
`make stack`, `make load` and tests/system/test_proxy.py. Only addresses and paths change, so what is
served here is what an operator installs; a line that moved in the site file fails loudly here.

    python deploy/local_proxy.py --upstream 127.0.0.1:8000 --public 127.0.0.1:8001 --port 8080   # until Ctrl-C
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "deploy" / "nginx" / "gaininggrounds.conf"
NGINX = "/usr/sbin/nginx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _replace(text: str, old: str, new: str) -> str:
    if old not in text:
        raise ValueError(f"{SITE.name} no longer says {old!r}: bring deploy/local_proxy.py up to date")
    return text.replace(old, new)


def _servers(upstream: str | list[str]) -> str:
    return "\n    ".join(f"server {address};" for address in ([upstream] if isinstance(upstream, str) else upstream))


def site(directory: Path, *, upstream: str | list[str], port: int, redirect_port: int, static_root: Path,
         tls: bool, public: str | list[str] | None = None) -> str:
    """The site file for this machine: `port` answers HTTPS with a certificate made here (`tls`) or
    plain HTTP, `redirect_port` plays port 80. `upstream` is gunicorn's personal pool and `public` its
    public pool (None: the same gunicorn answers both). Several addresses are several gunicorn instances
    (as on several web machines), which nginx shares the requests between."""
    text = SITE.read_text()
    text = _replace(text, "/var/cache/nginx/gaininggrounds", str(directory / "cache"))
    text = _replace(text, "server 127.0.0.1:8000;", _servers(upstream))
    text = _replace(text, "server 127.0.0.1:8001;", _servers(upstream if public is None else public))
    text = _replace(text, "/srv/gaininggrounds/var/static/", f"{static_root}/")
    text = _replace(text, "/etc/letsencrypt/live/tournaments.example.org/", f"{directory}/")
    text = _replace(text, "/var/log/nginx/gaininggrounds.access.log", str(directory / "access.log"))
    text = _replace(text, "/var/log/nginx/gaininggrounds.error.log", str(directory / "error.log"))
    text = _replace(text, "/var/www/html", str(directory))
    text = _replace(text, "    listen 80;\n    listen [::]:80;\n", f"    listen 127.0.0.1:{redirect_port};\n")
    listen = f"127.0.0.1:{port} ssl http2" if tls else f"127.0.0.1:{port}"
    return _replace(text, "    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n", f"    listen {listen};\n")


def configure(directory: Path, *, upstream: str | list[str], port: int, redirect_port: int | None = None,
              static_root: Path = ROOT / "var" / "static", tls: bool = False, workers: int = 2,
              public: str | list[str] | None = None) -> Path:
    """nginx.conf in `directory` with what Debian's main file gives a site (mime types, sendfile, gzip
    on), around the site file; a self-signed certificate for it."""
    directory.mkdir(parents=True, exist_ok=True)
    if not (directory / "fullchain.pem").exists():
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                        "/CN=localhost", "-keyout", str(directory / "privkey.pem"),
                        "-out", str(directory / "fullchain.pem")], check=True, capture_output=True)
    (directory / "site.conf").write_text(site(directory, upstream=upstream, port=port,
                                              redirect_port=redirect_port or free_port(),
                                              static_root=static_root, tls=tls, public=public))
    temp = {name: directory / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    # Started by root (a test machine), nginx would run its workers as nobody, who cannot reach a
    # private temporary folder; here they stay the starting user (Debian's own file says www-data).
    user = "user root;" if os.geteuid() == 0 else ""
    (directory / "nginx.conf").write_text(f"""
{user}
daemon off;
worker_processes {workers};
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    gzip on;
    client_body_temp_path {temp['body']};
    proxy_temp_path {temp['proxy']};
    fastcgi_temp_path {temp['fastcgi']};
    uwsgi_temp_path {temp['uwsgi']};
    scgi_temp_path {temp['scgi']};
    include {directory}/site.conf;
}}
""")
    return directory / "nginx.conf"


def check(config: Path) -> subprocess.CompletedProcess:
    """`nginx -t` on the configuration: what an operator runs before reloading."""
    return subprocess.run([NGINX, "-t", "-c", str(config), "-p", str(config.parent)], capture_output=True,
                          text=True)


def start(config: Path, port: int) -> subprocess.Popen:
    process = subprocess.Popen([NGINX, "-c", str(config), "-p", str(config.parent)])
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return process
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"nginx stopped: {(config.parent / 'error.log').read_text()[-2000:]}")
            time.sleep(0.1)
    process.terminate()
    raise RuntimeError(f"nginx does not answer on port {port}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", default="127.0.0.1:8000", help="gunicorn's personal pool's address")
    parser.add_argument("--public", help="gunicorn's public pool's address (default: the same as --upstream)")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--directory", type=Path, default=ROOT / "var" / "nginx")
    arguments = parser.parse_args()
    if not os.path.exists(NGINX):
        sys.exit("nginx is missing: `make stack` installs Debian's nginx")
    config = configure(arguments.directory, upstream=arguments.upstream, port=arguments.port,
                       public=arguments.public)
    outcome = check(config)
    if outcome.returncode:
        sys.exit(outcome.stderr)
    process = start(config, arguments.port)
    pools = f"{arguments.upstream} and {arguments.public}" if arguments.public else arguments.upstream
    print(f"nginx in front of {pools}: http://127.0.0.1:{arguments.port}/", flush=True)
    try:
        process.wait()
    except KeyboardInterrupt:
        process.terminate()


if __name__ == "__main__":
    main()
