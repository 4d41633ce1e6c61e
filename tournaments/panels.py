"""What the apps built on the tournament add to its pages, so its pages import none of them: each app
registers, from its ready(), the panels it shows on a page (entries of the page's context, which the page's
template places), the actions it answers there (a form's `action` value), and how it pairs a round of its
own kind of event. The tournament's backup takes sections the same way (backup_format.register_section).
A leaf module, connected to at start.

Pages: "private" (the player's private page), "event", "round", "hall" (the public pages), "console-event"
(the organizer's event page), "console-round" (the organizer's preview and results board of a round),
"judge-desk" (the staff's judge desk: an entry keyed "desk_section_<name>" is a section of the desk, a dict with
the `template` to include, an `order` and a `title`, tournaments.web.console.judge_desk), "standings" (the
public standings, given the `rows`, each with the player's `id`: an entry "standing_marks", {player id: a mark
beside their TP}, and "standing_notes", the lines under the table that say what the marks mean; a judge's
penalty's effect, tournaments.web.public.standing_notes). Each
page passes what it has by keyword (request, event, player, round, ...); a panel takes what it needs and
ignores the rest."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Panel = Callable[..., dict]
_PANELS: dict[str, list[Panel]] = {}


@dataclass(frozen=True)
class Answer:
    """What an app's action on a page came to: a problem to show where the action was (the page is shown
    again), or where the page opens after it (`anchor`), or that the game's result moved (`reported`: the
    page says where the game stands)."""

    problem: str = ""
    anchor: str = ""
    reported: bool = False


@dataclass(frozen=True)
class Action:
    """An app's answer to the actions named `names` or starting with `prefix`; `on_game`: about the
    player's current game (refused without one, counted with the reports' limit)."""

    answer: Callable[..., Answer]
    names: tuple[str, ...] = ()
    prefix: str = ""
    on_game: bool = False

    def takes(self, name: str) -> bool:
        return name in self.names or bool(self.prefix) and name.startswith(self.prefix)


_ACTIONS: dict[str, list[Action]] = {}
_PAIRERS: list[tuple[Callable[[object], bool], Callable[..., object]]] = []


def register_panel(page: str, panel: Panel) -> None:
    """`panel(**what the page has)` gives entries of the page's context (an empty dict: nothing to show)."""
    if panel not in _PANELS.setdefault(page, []):
        _PANELS[page].append(panel)


def panels(page: str, **things) -> dict:
    """Every registered panel's entries for this rendering of `page`."""
    shown: dict = {}
    for panel in _PANELS.get(page, ()):
        shown.update(panel(**things))
    return shown


def register_action(page: str, action: Action) -> None:
    if action not in _ACTIONS.setdefault(page, []):
        _ACTIONS[page].append(action)


def action(page: str, name: str) -> Action | None:
    """The app's action answering `name` on `page`, if one does."""
    return next((known for known in _ACTIONS.get(page, ()) if known.takes(name)), None)


def register_pairer(applies: Callable[[object], bool], pair: Callable[..., object]) -> None:
    """`pair(event=, by=, publish=)` makes the next round of an event `applies(event)` (a team event pairs
    its teams), in place of the tournament's pairing of players."""
    if (applies, pair) not in _PAIRERS:
        _PAIRERS.append((applies, pair))


def pairer(event) -> Callable[..., object] | None:
    return next((pair for applies, pair in _PAIRERS if applies(event)), None)
