"""What a format accepts of a player's entry: one rule for registration, corrections and imports."""
from __future__ import annotations

import unicodedata

from scoring.formats import Format
from scoring.messages import say
from scoring.problems import Invalid, Problem

NAME_LENGTH = 100  # a player's name, as the entry stores it
# Unicode categories refused in names, clubs and Masters: control characters (a newline breaks a mail's
# subject) and invisible format characters (a right-to-left override, a zero-width space).
HIDDEN_CATEGORIES = ("Cc", "Cf")


def plain(text: str) -> str:
    """Text as people type it, stored one way: NFC (a composed "é" and "e" + accent are one name) and
    without surrounding whitespace."""
    return unicodedata.normalize("NFC", text).strip()


def name_key(name: str) -> str:
    """What makes two names the same name: the plain text, case folded ("ZOÉ" and "Zoé")."""
    return plain(name).casefold()


def hidden_characters_problem(text: str, attr: str) -> Problem | None:
    """None when `text` holds no control or invisible format character; else the problem, naming the
    first such character by its Unicode code point."""
    hidden = next((c for c in text if unicodedata.category(c) in HIDDEN_CATEGORIES), None)
    if hidden is None:
        return None
    return Problem("hidden_characters", say("This text holds an invisible or control character (U+{code}); "
                                            "type it again without it.", code=f"{ord(hidden):04X}"), attr)


def faction_problem(fmt: Format, faction: str, *, shown: str | None = None) -> Problem | None:
    """None when `faction` (a key) is one of the format's factions; else the problem, naming the
    value as the organizer wrote it (`shown`: a person's import, answered with the factions' names) and the
    factions to choose from (for the API, their keys)."""
    if fmt.faction(faction) is not None:
        return None
    choices = [f.key for f in fmt.factions] if shown is None else [f.name for f in fmt.factions]
    return Problem("unknown_faction", say('"{faction}" is not a faction of {fmt_name}; choose one of {value}.',
                                          faction=faction if shown is None else shown, fmt_name=fmt.name,
                                          value=", ".join(choices)), "faction")


def plain_masters(masters: tuple[str, str] | None) -> tuple[str, str] | None:
    """The two Masters as plain text; refused (Invalid) when either hides a character."""
    if masters is None:
        return None
    problems = [p for side, master in zip("ab", masters, strict=True)
                if (p := hidden_characters_problem(master, f"master_{side}"))]
    if problems:
        raise Invalid(*problems)
    return plain(masters[0]), plain(masters[1])


def leaders_checked(fmt: Format, factions: tuple[str, str], masters: tuple[str, str],
                    names: dict[str, str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Each side's leader as reported, against the format's list (M4E): a Master and title of the player's
    faction, matched loosely (or the Master's name alone, when the faction has them under one title only),
    is stored as the list writes it with its key; one of another faction (or another faction's Master
    named alone) is refused, and so is a Master of several titles named alone (we never guess: the
    answer names the titles to choose from); anything else stays free text with no key (a new release:
    organizers see it flagged). Returns (masters, leader keys)."""
    shown, keys, problems = list(masters), ["", ""], []
    for i, (side, faction, text) in enumerate(zip("ab", factions, masters, strict=True)):
        if not text or not fmt.leaders:
            continue
        leader = fmt.leader(faction, text)
        if leader is not None:
            shown[i], keys[i] = leader.label, leader.key
        elif (titles := unlisted_leader_notice(fmt, faction, text)) is not None:
            problems.append(Problem("leader_title_needed", titles, f"master_{side}"))
        elif (elsewhere := fmt.leader_elsewhere(faction, text)) is not None:
            problems.append(Problem("leader_not_in_faction", say(
                "{text} leads {other} crews; {who} declared {faction} for this event.", text=text,
                other=fmt.faction(elsewhere).name, who=names[side], faction=fmt.faction(faction).name
                if fmt.faction(faction) else faction), f"master_{side}"))
    if problems:
        raise Invalid(*problems)
    return (shown[0], shown[1]), (keys[0], keys[1])


def unlisted_leader_notice(fmt: Format, faction: str, text: str, faction_name: str = "") -> str | None:
    """Why a leader kept as free text was not matched, when the list knows: `text` names a Master of the
    faction alone, who leads it under several titles (we never guess which). None otherwise."""
    titled = fmt.leader(faction, text) is None and fmt.titles(faction, text)
    if not titled:
        return None
    named = fmt.faction(faction)
    return say("{name} has {count} titles in {faction}: {titles}; say which.", name=titled[0].name,
               count=len(titled), faction=faction_name or (named.name if named else faction),
               titles=", ".join(leader.title for leader in titled))


def text_problems(name: str | None, club: str | None) -> list[Problem | None]:
    """A name and a club as typed: a name is needed, and neither may hide a character."""
    problems = []
    if name is not None:
        problems.append(Problem("name_missing", say("The name is missing."), "name") if not name
                        else hidden_characters_problem(name, "name"))
    if club is not None:
        problems.append(hidden_characters_problem(club, "club"))
    return problems
