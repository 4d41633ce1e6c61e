"""The organizer console, under /console/ (each event's view behind tournaments.fronts.organizer_view)."""
from django.urls import path

from tournaments.web.console import events, files, judge_desk, rounds, score_sheets, staff, table_time

app_name = "console"

EVENT = "e/<slug:slug>/"
ROUND = f"{EVENT}rounds/<int:number>/"

urlpatterns = [
    path("", events.events, name="events"),
    path(EVENT, events.event, name="event"),
    path(f"{EVENT}import/", events.import_players, name="import"),
    path(f"{EVENT}desk/", events.desk, name="desk"),
    path(f"{EVENT}awards/", events.awards, name="awards"),
    path(f"{EVENT}<str:action>-event/", events.finish_event, name="finish"),
    path(f"{EVENT}desk/check-in-all/", events.desk_check_in_all, name="desk-check-in-all"),
    path(f"{EVENT}settings/", events.settings_page, name="settings"),
    path(f"{EVENT}audit/", events.audit_page, name="audit"),
    path(f"{EVENT}judge/", judge_desk.judge_desk, name="judge-desk"),
    path(f"{EVENT}judges/", staff.judges, name="judges"),
    path(f"{EVENT}players/<int:player_id>/edit/", events.player_edit, name="player-edit"),
    path(f"{EVENT}players/<int:player_id>/adjust/", events.player_adjust, name="player-adjust"),
    path(f"{EVENT}players/<int:player_id>/<str:action>/", events.player_action, name="player"),
    path(f"{EVENT}rounds/", rounds.pair_round, name="pair"),
    path(ROUND, rounds.round_console, name="round"),
    path(f"{ROUND}redo/", rounds.redo_round, name="redo"),
    path(f"{ROUND}publish/", rounds.publish_round, name="publish"),
    path(f"{ROUND}late/", rounds.seat_late, name="seat-late"),
    path(f"{ROUND}clock/<str:action>/", rounds.round_clock, name="clock"),
    path(f"{ROUND}print/", rounds.print_round, name="print"),
    path(f"{ROUND}sheets/", rounds.print_sheets, name="sheets"),
    path(f"{EVENT}games/<int:game_id>/sheet/", score_sheets.score_sheet, name="sheet"),
    path(f"{EVENT}games/<int:game_id>/result/", rounds.result_entry, name="result"),
    path(f"{EVENT}games/<int:game_id>/accept/<str:side>/", rounds.accept_version, name="accept"),
    path(f"{ROUND}swap/", rounds.swap_seats, name="swap"),
    path(f"{EVENT}export/<str:what>/", files.export_file, name="export"),
    path("jobs/<uuid:job_id>/", files.job_page, name="job"),
    path("jobs/<uuid:job_id>/download/", files.job_download, name="job-download"),
    path(f"{EVENT}games/<int:game_id>/time/", table_time.table_time, name="table-time"),
]
