"""Sentences for people, in their language.

The rules module stays free of Django: it writes `say("template {x}", x=...)`, and the
application installs a translator (Django's gettext) when it starts; without one the
English template is used as it is.
"""
from collections.abc import Callable

_translate: Callable[[str], str] = str


def install_translator(translate: Callable[[str], str]) -> None:
    global _translate
    _translate = translate


def say(template: str, **params) -> str:
    return _translate(template).format(**params)
