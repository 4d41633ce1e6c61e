"""Every write to an event, by sub-domain; keyword-only arguments, one transaction each, domain errors out.

A rejected call raises before anything is saved, or inside the transaction so
that it rolls back whole. Each write goes through `changes.event_change`.
"""
from tournaments.services.awards import (
                                         award_ballot,
                                         award_candidates,
                                         award_choose,
                                         award_tallies,
                                         award_vote,
                                         award_winners,
                                         awards_choose,
                                         awards_vote,
                                         may_vote,
                                         voting_open,
)
from tournaments.services.events import event_create, event_finish, event_reopen, event_update, free_slug, organizer_add
from tournaments.services.players import (
                                          import_rows_checked,
                                          player_register,
                                          player_remove,
                                          player_update,
                                          players_import,
)
from tournaments.services.reports import (
                                          report_confirm,
                                          report_dispute,
                                          report_sent_once,
                                          report_submit,
                                          result_accept_version,
)
from tournaments.services.results import result_record, result_save, result_scores
from tournaments.services.roster import (
                                          player_check_in,
                                          player_check_out,
                                          player_disqualify,
                                          player_drop,
                                          player_key_rotate,
                                          player_mark_absent,
                                          player_no_show,
                                          player_reinstate,
                                          player_warn,
                                          player_warnings,
                                          players_check_in_all,
                                          tp_adjust,
                                          tp_adjustment_remove,
)
from tournaments.services.round_clock import CLOCK_ACTIONS, clock_notice_say, round_clock
from tournaments.services.rounds import (
                                          round_delete,
                                          round_generate,
                                          round_open,
                                          round_publish,
                                          round_request,
                                          round_seat_late,
                                          round_swap,
)
from tournaments.services.staff import judge_invite, judge_remove, judge_update
from tournaments.services.table_time import table_time_extend, table_time_reset

__all__ = [
    "CLOCK_ACTIONS", "award_ballot", "award_candidates", "award_choose", "award_tallies", "award_vote",
    "award_winners", "awards_choose", "awards_vote", "may_vote", "voting_open", "clock_notice_say", "event_create",
    "event_finish", "event_reopen", "event_update",
    "free_slug", "import_rows_checked",
    "organizer_add", "player_check_in", "player_check_out", "player_mark_absent", "player_no_show",
    "players_check_in_all",
    "player_disqualify", "player_drop", "player_key_rotate", "player_register",
    "player_reinstate", "player_warn", "player_warnings",
    "player_remove", "player_update", "players_import", "report_confirm", "report_dispute",
    "report_sent_once", "report_submit", "result_accept_version", "result_record", "result_save", "result_scores",
    "round_clock",
    "round_delete", "round_generate", "round_open", "round_publish", "round_request", "round_seat_late", "round_swap",
    "tp_adjust",
    "tp_adjustment_remove",
    "table_time_extend", "table_time_reset", "judge_invite", "judge_remove", "judge_update",
]
