"""The tournament's API addresses; the site (gaininggrounds/urls.py) serves them under /api/ with the other
apps', reversed by name under the "api" namespace (e.g. "api:job-download")."""
from django.urls import path

from tournaments.api import (
    awards,
    events,
    feed,
    files,
    formats,
    games,
    importing,
    players,
    rounds,
    standings,
)
from tournaments.api.signin import SignInToken

EVENT = "events/<int:event_id>/"

urlpatterns = [
    path("auth/token/", SignInToken.as_view(), name="token"),
    path("formats/", formats.FormatList.as_view(), name="format-list"),
    path("formats/<slug:key>/", formats.FormatDetail.as_view(), name="format-detail"),
    path("events/", events.EventList.as_view(), name="event-list"),
    path(EVENT, events.EventDetail.as_view(), name="event-detail"),
    path(f"{EVENT}organizers/", events.EventOrganizers.as_view(), name="event-organizers"),
    path(f"{EVENT}audit/", events.EventAudit.as_view(), name="event-audit"),
    path(f"{EVENT}finish/", events.EventFinish.as_view(action="finish"), name="event-finish"),
    path(f"{EVENT}reopen/", events.EventFinish.as_view(action="reopen"), name="event-reopen"),
    path(f"{EVENT}players/", players.EventPlayers.as_view(), name="event-players"),
    path(f"{EVENT}players/import/", importing.PlayersImport.as_view(), name="players-import"),
    path(f"{EVENT}players/check-in-all/", players.PlayersCheckInAll.as_view(), name="players-check-in-all"),
    path(f"{EVENT}players/<int:player_id>/", players.PlayerDetail.as_view(), name="player-detail"),
    *[path(f"{EVENT}players/<int:player_id>/{action}/", players.PlayerAction.as_view(action=action),
           name=f"player-{action}") for action in players.PlayerAction.ACTIONS],
    path(f"{EVENT}players/<int:player_id>/reinstate/", players.PlayerReinstate.as_view(), name="player-reinstate"),
    path(f"{EVENT}players/<int:player_id>/warnings/", players.PlayerWarnings.as_view(), name="player-warnings"),
    path(f"{EVENT}players/<int:player_id>/adjustments/", players.PlayerAdjustments.as_view(),
         name="player-adjustments"),
    path(f"{EVENT}players/<int:player_id>/adjustments/<int:adjustment_id>/", players.AdjustmentDetail.as_view(),
         name="adjustment-detail"),
    path(f"{EVENT}rounds/", rounds.EventRounds.as_view(), name="event-rounds"),
    path(f"{EVENT}rounds/<int:number>/", rounds.RoundDetail.as_view(), name="round-detail"),
    path(f"{EVENT}rounds/<int:number>/swap/", rounds.RoundSwap.as_view(), name="round-swap"),
    path(f"{EVENT}rounds/<int:number>/publish/", rounds.RoundPublish.as_view(), name="round-publish"),
    path(f"{EVENT}rounds/<int:number>/clock/", rounds.RoundClock.as_view(), name="round-clock"),
    path(f"{EVENT}rounds/<int:number>/late/", rounds.RoundLate.as_view(), name="round-late"),
    path(f"{EVENT}awards/", awards.EventAwards.as_view(), name="event-awards"),
    path(f"{EVENT}votes/", awards.PlayerBallot.as_view(), name="event-votes"),
    path(f"{EVENT}standings/", standings.Standings.as_view(), name="event-standings"),
    path(f"{EVENT}bracket/", standings.Bracket.as_view(), name="event-bracket"),
    path(f"{EVENT}feed/", feed.EventFeed.as_view(), name="event-feed"),
    path(f"{EVENT}exports/", files.EventExports.as_view(), name="event-exports"),
    path("jobs/<uuid:pk>/", files.JobDetail.as_view(), name="job-detail"),
    path("jobs/<uuid:pk>/download/", files.JobDownload.as_view(), name="job-download"),
    path("games/<int:pk>/", games.GameDetail.as_view(), name="game-detail"),
    path("games/<int:pk>/result/", games.GameResult.as_view(), name="game-result"),
    path("games/<int:pk>/accept/", games.GameAccept.as_view(), name="game-accept"),
    path("games/<int:pk>/report/", games.GamePlayerAnswer.as_view(action="report"), name="game-report"),
    path("games/<int:pk>/confirm/", games.GameConfirm.as_view(action="confirm"), name="game-confirm"),
    path("games/<int:pk>/dispute/", games.GamePlayerAnswer.as_view(action="dispute"), name="game-dispute"),
]
