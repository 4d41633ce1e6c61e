"""Statistics of play as tables a page, a chart or a CSV shows: names in the reader's language, win
rates with their intervals, sorted by games. Built from tallies (`ratings.tallies`), never from games."""
from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from gaininggrounds.web import naming
from ratings.tallies import COUNTS, DEPLOYMENT, ENTRIES, FACTION, LEADER, MATCHUP, MIRROR, SCHEME, STRATEGY, Tally
from scoring.formats import get_format, loose

TABLES = ("factions", "leaders", "strategies", "deployments", "schemes", "matchups")


def percent(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.0f}\u202f%"  # a narrow no-break space: "21 %" never splits


def rate_cells(tally: Tally | None) -> dict:
    """A tally's games and win rate, as shown (`rate`, `interval`) and as numbers (`value`, `low`, `high`)."""
    if tally is None or not tally.games:
        return {"games": 0, "rate": "", "interval": "", "value": None, "low": None, "high": None}
    low, high = tally.interval()
    return {"games": tally.games, "rate": percent(tally.win_rate), "value": tally.win_rate,
            "interval": f"{100 * low:.0f}–{100 * high:.0f}\u202f%", "low": low, "high": high, "wins": tally.wins,
            "draws": tally.draws, "losses": tally.losses}


class Names:
    """Keys as the reader names them, from the format of the edition."""

    def __init__(self, format_key: str):
        self.format_key, self.fmt = format_key, get_format(format_key)

    def faction(self, key: str) -> str:
        return naming.faction(self.format_key, key)

    def strategy(self, key: str) -> str:
        return naming.localized(self.fmt.strategy(key)) or key

    def deployment(self, key: str) -> str:
        return naming.localized(self.fmt.deployment(key)) or key

    def scheme(self, key: str) -> str:
        return naming.localized(self.fmt.scheme(key)) or key


def tables(counted: dict, names: Names) -> dict:
    """Every table of the statistics page."""
    of = lambda kind: {(key, other): tally for (k, key, other), tally in counted.items() if k == kind}  # noqa: E731
    entries = {key: t.games for (key, _o), t in of(ENTRIES).items()}
    played, mirrors = of(FACTION), of(MIRROR)
    everyone = sum(entries.values())
    factions = sorted({key for key, _o in played} | {key for key, _o in mirrors} | set(entries),
                      key=lambda f: (-entries.get(f, 0), names.faction(f)))
    shares = {f: entries.get(f, 0) / everyone if everyone else None for f in factions}
    faction_rows = [{"key": f, "name": names.faction(f), "entries": entries.get(f, 0),
                     "share": percent(shares[f]), "share_value": shares[f], **rate_cells(played.get((f, ""))),
                     "mirrors": mirrors[(f, "")].games // 2 if (f, "") in mirrors else 0} for f in factions]
    leaders = sorted(leaders_grouped(of(LEADER), names).items(), key=lambda item: (-item[1].games, item[0][0]))
    matchups = of(MATCHUP)
    schemes = sorted(of(SCHEME).items(), key=lambda item: (-item[1].games, item[0][0]))
    return {
        "factions": faction_rows,
        "leaders": [{"key": key, "name": key, "faction": names.faction(faction), "faction_key": faction,
                     **rate_cells(t)}
                    for (key, faction), t in leaders],
        "strategies": _by_mission(of(STRATEGY), names.strategy, names, factions),
        "deployments": _by_mission(of(DEPLOYMENT), names.deployment, names, factions),
        "schemes": [_scheme_row(key, t, names) for (key, _o), t in schemes],
        "matchups": {"factions": [(f, names.faction(f)) for f in factions],
                     "columns": list(zip(short_names([names.faction(f) for f in factions]),
                                         [names.faction(f) for f in factions], strict=True)),
                     "rows": [(names.faction(f), [rate_cells(matchups.get((f, o))) if f != o else None
                                                  for o in factions]) for f in factions]},
    }


def _scheme_row(key: str, t: Tally, names: Names) -> dict:
    """A scheme's row: its share of games scored and mean VP as shown, and as numbers."""
    scored, mean_vp = t.scored / t.games, t.vp / t.games
    return {"key": key, "name": names.scheme(key), "chosen": t.games, "scored": percent(scored),
            "mean_vp": f"{mean_vp:.1f}", "scored_games": t.scored, "scored_value": scored, "vp": t.vp,
            "mean_vp_value": mean_vp, **rate_cells(t)}


def short_names(names: list[str]) -> list[str]:
    """A short form of each name, all different, for a narrow column's heading: the initials of a name of
    several capitalised words ("Ten Thunders": "TT", "Société des Explorateurs": "SE"), else its first three
    letters ("Résurrectionnistes": "Rés"); longer where two would read the same."""
    def short(name: str, length: int) -> str:
        words = [word for word in re.findall(r"[^\W\d_]+", name) if word[0].isupper()]
        if len(words) > 1 and length == 3:
            return "".join(word[0] for word in words)
        return re.sub(r"[\W_]", "", name)[:length] or name

    shorts = [short(name, 3) for name in names]
    for length in range(4, max(map(len, names), default=0) + 1):
        alike = {s for s in shorts if shorts.count(s) > 1}
        if not alike:
            break
        shorts = [short(name, length) if s in alike else s for name, s in zip(names, shorts, strict=True)]
    return shorts


def leaders_grouped(counted: dict[tuple[str, str], Tally], names: Names) -> dict[tuple[str, str], Tally]:
    """Leaders typed as free text (earlier editions, or unlisted) counted once however they were spelt:
    "Lady Justice", "lady justice" and "Lady  Justice " are one row, with the counts summed, named by its
    most played spelling. A leader of the format's list (M4E, stored as the list writes it) stays its own row."""
    listed = {(leader.label, faction) for faction, leaders in names.fmt.leaders.items() for leader in leaders}
    groups: dict[tuple[bool, str, str], list[tuple[str, Tally]]] = {}
    for (spelling, faction), tally in counted.items():
        is_listed = (spelling, faction) in listed
        same = spelling if is_listed else loose(spelling) or spelling.strip()
        groups.setdefault((is_listed, same, faction), []).append((spelling, tally))
    grouped = {}
    for (_listed, _same, faction), spellings in groups.items():
        name = min(spellings, key=lambda pair: (-pair[1].games, pair[0]))[0]
        grouped[(name, faction)] = Tally(*(sum(getattr(t, field) for _s, t in spellings) for field in COUNTS))
    return grouped


def _by_mission(counted: dict, name, names: Names, factions: list[str]) -> list[dict]:
    """A strategy's (or deployment's) games and each faction's win rate on it; every game has a winner and a
    loser, so only the split by faction says something."""
    keys = sorted({key for key, _f in counted}, key=name)
    return [{"key": key, "name": name(key), "games": sum(t.games for (k, _f), t in counted.items() if k == key) // 2,
             "factions": [(names.faction(f), {"faction": f, **rate_cells(counted.get((key, f)))}) for f in factions
                          if (key, f) in counted]} for key in keys]


def csv_rows(table: str, built: dict) -> list[list]:
    """One table as CSV rows, a header first."""
    # "statistics": the game's Leaders and Schemes under their French names (Meneur, Combine), as elsewhere.
    rate = [_("games"), _("wins"), _("draws"), _("losses"), _("win rate"), _("confidence interval (95 in 100)")]

    def cells(row):
        return [row["games"], row.get("wins", 0), row.get("draws", 0), row.get("losses", 0), row["rate"],
                row["interval"]]

    if table == "factions":
        return [[_("faction"), _("players"), _("share"), *rate, _("mirror games")]] + [
            [r["name"], r["entries"], r["share"], *cells(r), r["mirrors"]] for r in built["factions"]]
    if table == "leaders":
        return [[pgettext("statistics", "leader"), _("faction"), *rate]] + [
            [r["name"], r["faction"], *cells(r)] for r in built["leaders"]]
    if table in ("strategies", "deployments"):
        return [[_("mission"), _("faction"), *rate]] + [
            [r["name"], faction, *cells(c)] for r in built[table] for faction, c in r["factions"]]
    if table == "schemes":
        return [[pgettext("statistics", "scheme"), pgettext("statistics", "chosen"), pgettext("statistics", "scored"),
                 _("mean VP"), *rate]] + [
            [r["name"], r["chosen"], r["scored"], r["mean_vp"], *cells(r)] for r in built["schemes"]]
    header = [_("faction"), *[name for _key, name in built["matchups"]["factions"]]]
    return [header] + [[name, *[c["rate"] if c else "" for c in row]] for name, row in built["matchups"]["rows"]]
