"""The API's addresses the apps built on the tournament add (people's profiles, ratings and series, an
account's own registration): each app registers its module of `urlpatterns` from its ready(), by name,
and the API's URL configuration reads them when it loads, before its catch-all. So the tournament's API
imports none of those apps."""
from __future__ import annotations

from importlib import import_module

MODULES: list[str] = []


def register(module: str) -> None:
    """`module` (a dotted name) holds `urlpatterns` to serve under /api/, in the "api" namespace."""
    if module not in MODULES:
        MODULES.append(module)


def registered() -> list:
    return [pattern for module in MODULES for pattern in import_module(module).urlpatterns]
