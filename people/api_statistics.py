"""/api/stats/{edition}/, /api/events/{id}/stats/ and /api/series/{slug}/stats/: the statistics of play, the
same six tables as the pages and their CSV files. The tables are built once, by `people.stats_tables`, from the
stored tallies; this module only types them (counts as integers, rates as numbers from 0 to 1)."""
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.params import edition_known
from gaininggrounds.http_cache import PEOPLE, public_cache
from people import selectors, stats_tables, tally_store
from people.models import Series
from people.series import series_events
from scoring.formats import get_format
from tournaments.models import Event

COUNTED = ("Games played out, none against the Ringer, in published rounds; a draw counts as half a win; a mirror "
           "match is counted apart. Rates run from 0 to 1; `interval` is the win rate's 95 % Wilson score interval "
           "(null with no game). Names are in the language asked for (Accept-Language); keys are the format's.")


def _last(fields: dict, names) -> dict:
    """The fields a base class declares after the subclass's own, so a row reads key and name first."""
    return {**{name: f for name, f in fields.items() if name not in names}, **{name: fields[name] for name in names}}


class IntervalSerializer(serializers.Serializer):
    """Read from the row itself: null when the row counts no game."""

    low = serializers.FloatField()
    high = serializers.FloatField()

    def get_attribute(self, instance):
        return instance if instance.get("low") is not None else None


class RateSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField(default=0)
    draws = serializers.IntegerField(default=0)
    losses = serializers.IntegerField(default=0)
    win_rate = serializers.FloatField(source="value", allow_null=True,
                                      help_text="Wins and half the draws over games, 0 to 1; null with no game.")
    interval = IntervalSerializer(source="*", allow_null=True, help_text="95 % Wilson score interval of the win "
                                  "rate, 0 to 1; null with no game.")

    def get_fields(self):
        return _last(super().get_fields(), RateSerializer._declared_fields)


class FactionRowSerializer(RateSerializer):
    key = serializers.CharField()
    name = serializers.CharField()
    entries = serializers.IntegerField(help_text="Players registered with the faction (the Ringer aside).")
    share = serializers.FloatField(source="share_value", allow_null=True, help_text="Its share of the entries, 0 "
                                   "to 1; null with no entry.")
    mirrors = serializers.IntegerField(help_text="Mirror games, counted apart from the win rate.")


class LeaderRowSerializer(RateSerializer):
    name = serializers.CharField(help_text="The leader as reported (spellings of free text counted as one).")
    faction = serializers.CharField(source="faction_key")
    faction_name = serializers.CharField(source="faction")


class MissionFactionSerializer(RateSerializer):
    """One faction's games on a strategy or deployment; the tables hold it as (faction's name, cells)."""

    faction = serializers.CharField()
    name = serializers.CharField(help_text="The faction's name.")

    def to_representation(self, pair):
        name, cells = pair
        return super().to_representation({**cells, "name": name})


class MissionRowSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    games = serializers.IntegerField(help_text="Games played on it.")
    factions = MissionFactionSerializer(many=True, help_text="Each faction's record on it.")


class SchemeRowSerializer(RateSerializer):
    key = serializers.CharField()
    name = serializers.CharField()
    chosen = serializers.IntegerField(help_text="Times chosen (`games` too).")
    scored = serializers.IntegerField(source="scored_games", help_text="Times it scored at least 1 VP.")
    scored_rate = serializers.FloatField(source="scored_value", help_text="scored over chosen, 0 to 1.")
    vp = serializers.IntegerField(help_text="VP it scored in all.")
    mean_vp = serializers.FloatField(source="mean_vp_value", help_text="VP over chosen.")


class MatchupColumnSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    short = serializers.CharField(help_text="The page's short column heading.")


class MatchupCellSerializer(RateSerializer):
    faction = serializers.CharField(help_text="The opponent's faction.")


class MatchupRowSerializer(serializers.Serializer):
    faction = serializers.CharField()
    name = serializers.CharField()
    against = MatchupCellSerializer(many=True, help_text="Against every other faction, in the order of `factions`.")


class MatchupsSerializer(serializers.Serializer):
    """The page's grid (rows and cells by position) as objects keyed by faction; the mirror cell left out."""

    factions = MatchupColumnSerializer(many=True)
    rows = MatchupRowSerializer(many=True)

    def to_representation(self, grid):
        keys = [key for key, _name in grid["factions"]]
        return super().to_representation({
            "factions": [{"key": key, "name": name, "short": short}
                         for key, (short, name) in zip(keys, grid["columns"], strict=True)],
            "rows": [{"faction": key, "name": name, "against": [{**cell, "faction": other}
                                                                for other, cell in zip(keys, cells, strict=True)
                                                                if cell is not None]}
                     for key, (name, cells) in zip(keys, grid["rows"], strict=True)]})


class StatisticsSerializer(serializers.Serializer):
    edition = serializers.CharField()
    factions = FactionRowSerializer(many=True, help_text="Most entered first.")
    leaders = LeaderRowSerializer(many=True, help_text="Most played first.")
    strategies = MissionRowSerializer(many=True)
    deployments = MissionRowSerializer(many=True)
    schemes = SchemeRowSerializer(many=True, help_text="Most chosen first.")
    matchups = MatchupsSerializer(help_text="Each row's faction against each other faction.")

    def get_fields(self):
        return _last(super().get_fields(), stats_tables.TABLES)


class EventStatisticsSerializer(StatisticsSerializer):
    event = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.CharField()


class SeriesStatisticsSerializer(StatisticsSerializer):
    series = serializers.CharField(help_text="The series' slug.")
    name = serializers.CharField()


def _answer(serializer, counted: dict, format_key: str, **about) -> Response:
    """The tables the page shows, built by the same call, typed."""
    built = stats_tables.tables(counted, stats_tables.Names(format_key))
    return Response(serializer({**built, **about}).data)


@public_cache(PEOPLE)
class EditionStatistics(APIView):
    @extend_schema(responses=StatisticsSerializer, summary="Show an edition's statistics of play",
                   description="Public: an edition's games (M2E, M3E, M4E) counted by faction, leader, strategy, "
                               "deployment, scheme and matchup: the figures of /stats/{edition}/ and its CSV files. "
                               f"{COUNTED} An unknown edition answers 400.")
    def get(self, request, edition):
        """An edition's six tables, as its statistics page."""
        edition_known(edition)
        return _answer(StatisticsSerializer, tally_store.edition_tallies(edition), selectors.edition_format(edition),
                       edition=edition)


@public_cache(PEOPLE)
class EventStatistics(APIView):
    @extend_schema(responses=EventStatisticsSerializer, summary="Show an event's statistics of play",
                   description="Public: the event's games counted by faction, leader, strategy, deployment, scheme "
                               f"and matchup, as on /e/{{slug}}/stats/ and its CSV files. {COUNTED} They are counted "
                               "again by the ratings' refresh, shortly after a result.")
    def get(self, request, event_id):
        """An event's six tables, as its statistics page."""
        event = get_object_or_404(Event, pk=event_id)
        return _answer(EventStatisticsSerializer, tally_store.event_tallies(event), event.format, event=event.pk,
                       name=event.name, format=event.format, edition=get_format(event.format).edition)


@public_cache(PEOPLE)
class SeriesStatistics(APIView):
    @extend_schema(responses=SeriesStatisticsSerializer, summary="Show a series' statistics of play",
                   description="Public: the games of a ranking series' finished events counted by faction, leader, "
                               "strategy, deployment, scheme and matchup, as on /series/{slug}/stats/ and its CSV "
                               f"files. {COUNTED}")
    def get(self, request, slug):
        """A series' six tables, as its statistics page."""
        series = get_object_or_404(Series, slug=slug)
        events = list(series_events(series).values_list("pk", flat=True))
        return _answer(SeriesStatisticsSerializer, tally_store.events_tallies(events),
                       selectors.edition_format(series.edition), series=series.slug, name=series.name,
                       edition=series.edition)
