"""What an event stores. Rules live in `scoring/` and the pure modules; the
database guards what must never happen with constraints. One module per part of
the event, all of it importable from here."""
from tournaments.models.awards import (
    BEST_PAINTED,
    BEST_SPORTSMANSHIP,
    CHOSEN_AWARDS,
    AwardVote,
    ChosenAward,
    TPAdjustment,
)
from tournaments.models.event import (
    LATE_ARRIVAL_CHOICES,
    MISSION_CHOICES,
    TEAM_SIZES,
    Event,
    Player,
    default_tiebreaks,
    new_player_key,
    new_seed,
)
from tournaments.models.reports import PlayerReport, SentOnce
from tournaments.models.rounds import (
    AWAITING,
    BY_TABLE,
    CONFIRMED,
    CUT_STAGE,
    DISPUTED,
    GAME_STATUSES,
    SWISS_STAGE,
    UNREPORTED,
    Game,
    Result,
    Round,
    Seat,
    status_of,
)
from tournaments.models.staff import EventJudge

__all__ = [
    "AWAITING", "BEST_PAINTED", "BEST_SPORTSMANSHIP", "BY_TABLE", "CHOSEN_AWARDS", "CONFIRMED", "CUT_STAGE",
    "DISPUTED", "GAME_STATUSES", "LATE_ARRIVAL_CHOICES", "MISSION_CHOICES", "SWISS_STAGE", "TEAM_SIZES", "UNREPORTED",
    "AwardVote", "ChosenAward", "Event", "EventJudge", "Game", "Player", "PlayerReport", "Result", "Round", "Seat",
    "SentOnce", "TPAdjustment", "default_tiebreaks", "new_player_key", "new_seed", "status_of",
]
