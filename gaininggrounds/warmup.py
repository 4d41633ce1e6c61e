"""What a web worker's first requests would otherwise load, loaded once by gunicorn's master before it forks
(deploy/gunicorn.conf.py): every view, our templates compiled, the form widgets' templates, both languages'
catalogues and tables of addresses. Measured under gunicorn: a worker's first private page took 150-175 ms
against 25-35 ms for the next, and 105-150 ms with this (the rest is the worker's own connections and first
queries, which the master must not open: its children would share them). Each new worker (four after every
release) pays that on a player's request; a template that no longer compiles now stops the release instead."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.template import engines
from django.urls import get_resolver
from django.utils import translation


class _EveryWidget(forms.Form):
    """Rendered once so the widget templates the site's forms use are compiled."""

    number = forms.IntegerField()
    text = forms.CharField()
    choice = forms.ChoiceField(choices=[("a", "a")])
    ticked = forms.BooleanField()
    chosen = forms.MultipleChoiceField(choices=[("a", "a")])
    when = forms.DateField()
    notes = forms.CharField(widget=forms.Textarea)
    upload = forms.FileField()


def warm() -> list[str]:
    """Load it all; the names of our templates compiled (a template that no longer compiles fails here, in
    the master, before any worker starts)."""
    get_resolver().url_patterns  # noqa: B018 - importing the URL configuration imports every view
    compiled = []
    for engine in engines.all():
        for folder in engine.dirs:
            for path in sorted(folder.rglob("*.html")):
                name = path.relative_to(folder).as_posix()
                engine.get_template(name)
                compiled.append(name)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            get_resolver().reverse_dict  # noqa: B018 - the table {% url %} reads, built once per language
            str(_EveryWidget())
    return compiled
