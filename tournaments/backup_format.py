"""The event backup's file format: its name and version, and the fields of each row it carries (what
`tournaments.backup` writes and `tournaments.restore` reads)."""

# Version 2 tallies the votes; version 1 listed each vote with its voter, and such files still restore.
FORMAT, VERSION, READABLE = "gaininggrounds-event", 2, (1, 2)

EVENT_FIELDS = ("name", "date", "format", "rounds", "rematch_window", "awards", "tiebreaks", "scheme_chart",
                "scheme_pools", "deck_seed", "fresh_tables", "unavailable_tables", "self_reporting",
                "registration_open", "encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder", "cut_size",
                "cut_draws", "team_size")
# Fields a backup made before they existed may lack: restored as the model's defaults.
LATER_EVENT_FIELDS = ("encounter_size", "round_minutes", "missions", "missions_plan", "dead_mans_hand",
                      "check_in_on_the_day", "finished_at", "player_votes", "late_arrivals", "conceder", "cut_size",
                      "cut_draws", "team_size")
GAME_FIELDS = ("table", "flags", "strategy", "deployment", "scheme_pool")
LATER_FIELDS = ("strategy", "deployment", "scheme_pool", "leader_a", "leader_b", "mission", "absent", "place",
                "no_show", "stage")
# A player's `seed` is the top cut's (a round's `seed` shuffles its pairing, and no backup lacks it).
LATER_PLAYER_FIELDS = (*LATER_FIELDS, "seed")
PLAYER_FIELDS = ("name", "faction", "club", "checked_in", "absent", "status", "is_ringer", "pinned_table", "key",
                 "place", "seed")
ROUND_FIELDS = ("number", "stage", "strategy", "deployment", "scheme_pool", "seed", "flips", "report",
                "clock_started_at", "clock_left", "published_at")
RESULT_FIELDS = ("outcome", "loser", "turns", "breakdown", "vp_a", "tp_a", "diff_a", "vp_b", "tp_b", "diff_b",
                 "master_a", "master_b", "leader_a", "leader_b", "no_show")
VERSION_FIELDS = ("side", "outcome", "loser", "vp_a", "vp_b", "turns", "breakdown", "master_a", "master_b", "leader_a",
                  "leader_b", "mission")
AUDIT_FIELDS = ("at", "action", "by", "round_number", "table", "before", "after")
ADJUSTMENT_FIELDS = ("tp", "reason", "round_number", "by", "at")

# A private key kept: as long as the app's own (shorter is guessable), in their characters (it is a link).


# Sections other apps add to a backup (a team event's teams): name -> (export, read). `export(event)` gives the
# section's JSON; `read(section, event, players, rounds, games)` checks it against the restored rows (players
# and games by the file's references, rounds by number) and returns what writes it once they are saved, or
# raises ValueError saying what is wrong. The tournament calls them without knowing the apps (they register).
SECTIONS: dict[str, tuple] = {}


def register_section(name: str, export, read) -> None:
    SECTIONS[name] = (export, read)
