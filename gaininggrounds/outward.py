"""Every request the site makes outward (web push, Discord, anything added later) goes through here, because
their addresses come from outside: a browser's push subscription, an organizer's webhook. The rules:

- an address is read once, by the parser that sends it (requests prepares it, urllib3 splits it: a check
  with another parser can read another host, as `https://127.0.0.1\\.push.example/` shows);
- only a plain `https://host[:443]/path` on a host of the caller's list is taken: no user or password, no
  other port, no fragment, only the characters an address may carry;
- at connection time the host's addresses are resolved and every one must be public (no private,
  loopback, link-local, reserved or multicast address: DNS can change after the check), and the
  connection goes to the address so checked, never to a second lookup;
- a redirect is never followed (it could point anywhere).

Hand-written: the libraries that did this for requests (advocate) are unmaintained and do not run on
urllib3 2; this is the one seam of urllib3 they used, the connection's `_new_conn`.

`settings.OUTWARD_LOCAL` (off, and never read from the environment) lets the tests' local stand-ins on
127.0.0.1 through, over plain http on any port."""
from __future__ import annotations

import ipaddress
import re
import socket

import requests
from django.conf import settings
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

# RFC 3986's unreserved and reserved characters and percent escapes: nothing else (no backslash, space,
# control character or non-ASCII letter) is in a plain address.
ADDRESS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]{1,1000}")
HOST_NAME = re.compile(r"(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")


class Refused(Exception):
    """The site will not send there: not a plain https address of an allowed service, or one whose name
    resolves to an address of this server or its network. Not a requests error, so nobody retries it."""


def destination(url: object, hosts: tuple[str, ...]) -> str | None:
    """The address exactly as requests will send it, when it is a plain https address on one of `hosts`
    (or a subdomain of one); else None."""
    if not isinstance(url, str) or not ADDRESS.fullmatch(url):
        return None
    try:
        prepared = requests.Request("POST", url).prepare().url
        parts = parse_url(prepared)
    except (requests.RequestException, LocationParseError, ValueError, UnicodeError):
        return None
    host = parts.host or ""
    if len(prepared) > 1000:  # requoting can lengthen it past what is kept
        return None
    if getattr(settings, "OUTWARD_LOCAL", False):
        return prepared if parts.scheme in ("http", "https") and host and parts.auth is None else None
    plain = (parts.scheme == "https" and parts.auth is None and parts.port in (None, 443) and parts.fragment is None
             and (parts.path or "/").startswith("/") and HOST_NAME.fullmatch(host))
    if plain and any(host == known or host.endswith("." + known) for known in hosts):
        return prepared
    return None


def public_address(host: str, port: int) -> str:
    """The address to connect to: the name resolved here, refused unless every address it has is public
    (one private address among public ones is enough to refuse: the connection could take it). A name
    that does not resolve now is a connection error (retried later), not a refusal."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise requests.ConnectionError(f"{host} does not resolve now") from error
    addresses = [info[4][0] for info in found]
    if not addresses:
        raise requests.ConnectionError(f"{host} does not resolve now")
    if not getattr(settings, "OUTWARD_LOCAL", False):
        for address in addresses:
            if not _public(ipaddress.ip_address(address.split("%", 1)[0])):
                raise Refused(f"{host} resolves to {address}, an address of this network")
    return addresses[0]


# IPv6 prefixes that carry an IPv4 address a gateway may reach (NAT64, 6to4, Teredo, the old
# IPv4-compatible form): never taken, whatever the IPv4 inside.
CARRIERS = [ipaddress.ip_network(n) for n in ("64:ff9b::/96", "64:ff9b:1::/48", "2002::/16", "2001::/32", "::/96")]


def _public(ip) -> bool:
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return _public(ip.ipv4_mapped)
        if any(ip in network for network in CARRIERS):
            return False
    return ip.is_global and not ip.is_multicast


class _Checked:
    """A connection that connects only to the public address it checked (the name stays the one the
    certificate is verified against and the Host header carries)."""

    def _new_conn(self):
        checked = public_address(self._dns_host.rstrip("."), self.port)
        name, self._dns_host = self._dns_host, checked
        try:
            return super()._new_conn()
        finally:
            self._dns_host = name


class _CheckedHTTPS(_Checked, HTTPSConnection):
    pass


class _CheckedHTTP(_Checked, HTTPConnection):
    pass


class _CheckedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _CheckedHTTPS


class _CheckedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _CheckedHTTP


class _CheckedAdapter(HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _CheckedHTTPPool, "https": _CheckedHTTPSPool}

    def proxy_manager_for(self, *args, **kwargs):  # a proxy would connect for us, unchecked
        raise Refused("outward requests go direct, never through a proxy")


class Session(requests.Session):
    """requests as the site sends outward: every address checked against `hosts` before it leaves and at
    connection time, no redirects, no proxies or .netrc from the environment."""

    def __init__(self, hosts: tuple[str, ...]):
        super().__init__()
        self.hosts, self.trust_env = hosts, False
        checked = _CheckedAdapter()
        self.mount("https://", checked)
        self.mount("http://", checked)

    def request(self, method, url, *args, **kwargs):
        if destination(url, self.hosts) is None:
            raise Refused("not an address this site sends to")
        kwargs["allow_redirects"] = False
        return super().request(method, url, *args, **kwargs)
