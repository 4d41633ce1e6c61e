"""/api/people/, /api/ratings/ and /api/series/: people across events, their merges, each edition's
leaderboard and the ranking series."""
from django.shortcuts import get_object_or_404
from django_countries import countries
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from gaininggrounds.api.openapi import conflicts, refused
from gaininggrounds.api.params import edition_known
from gaininggrounds.http_cache import PEOPLE, public_cache
from gaininggrounds.params import ID_MAX, whole_number
from people import selectors
from people import services as people
from people.models import Person, PersonRecord, Series
from people.series import may_edit, series_create, series_update
from people.series import standings as series_standings
from scoring.formats import EDITIONS, get_format


class PersonSerializer(serializers.ModelSerializer):
    country = serializers.CharField(source="country.code", help_text="ISO 3166 code; empty when not given.")
    events = serializers.IntegerField(source="played", required=False, help_text="Events entered.")

    class Meta:
        model = Person
        fields = ["id", "name", "club", "country", "hidden", "events"]


class RatingSerializer(serializers.Serializer):
    edition = serializers.CharField()
    rating = serializers.FloatField(source="shown", help_text="mu − 3·sigma: what the leaderboard ranks by.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="The rating's uncertainty.")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    faction = serializers.CharField(help_text="The faction of most rated games in the edition.")
    rpi = serializers.FloatField(help_text="Longshanks' RPI over the same games, for comparison.")


class RatingStepSerializer(serializers.Serializer):
    date = serializers.DateField(help_text="A day played.")
    rating = serializers.FloatField(help_text="mu − 3·sigma at the end of that day, as the profile page charts it.")
    games = serializers.IntegerField(help_text="Rated games by then, in the edition.")


class ProfileRatingSerializer(RatingSerializer):
    history = serializers.SerializerMethodField(help_text="The rating after each day played, oldest first: the "
                                                "figures of the profile page's chart and table.")

    @extend_schema_field(RatingStepSerializer(many=True))
    def get_history(self, rating) -> list:
        steps = self.context["steps"].get(rating.edition, [])
        return [{"date": day.isoformat(), "rating": shown, "games": games} for day, shown, games in steps]


class ProfileGameSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event_id")
    round = serializers.IntegerField()
    date = serializers.DateField()
    faction = serializers.CharField()
    leader = serializers.CharField()
    opponent = serializers.CharField(allow_null=True, help_text="null: a bye")
    opponent_faction = serializers.CharField(allow_null=True, help_text="The opponent's faction key; null: a bye")
    opponent_person = serializers.IntegerField(allow_null=True, help_text="null for a private profile or a bye")
    outcome = serializers.CharField(help_text="win, draw or loss as this person reads it; empty before a result.")
    score = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                  help_text="[own VP, opponent's VP]; null for a bye or before a result.")
    strategy = serializers.CharField()
    deployment = serializers.CharField()


class ProfileSerializer(serializers.Serializer):
    person = PersonSerializer()
    ratings = ProfileRatingSerializer(many=True)
    events = serializers.ListField(child=serializers.DictField())
    games = ProfileGameSerializer(many=True)


@public_cache(PEOPLE, params=("q",))
class PeopleSearch(APIView):
    @extend_schema(parameters=[OpenApiParameter("q", str, description="Part of a name (accents and case aside), "
                                                "two letters at least")], responses=PersonSerializer(many=True),
                   summary="Search people by name",
                   description="Public: people whose name holds `q` (accents and case aside), those who played "
                               "most first, at most 20. People who keep their profile private are left out.")
    def get(self, request):
        """People whose name holds `q`, those who played most first (at most 20)."""
        found = people.people_named(request.query_params.get("q", "")[:100], limit=20)
        return Response(PersonSerializer(found, many=True).data)


@public_cache(PEOPLE)
class PersonDetail(APIView):
    @extend_schema(responses=ProfileSerializer, summary="Show a person's profile",
                   description="Public: a person's ratings (each with its history: the rating after each day "
                               "played), events with place and record, and every game. A merged person answers as "
                               "the person kept (see `person.id`); a private one with the name only.")
    def get(self, request, person_id):
        """A person's profile: ratings, events with place and record, every game. A merged person answers
        as the person kept (see `person.id`); a hidden one with the name only."""
        person = people.current(get_object_or_404(Person, pk=person_id))
        if person.hidden:  # the name only
            return Response({"person": {"id": person.pk, "name": person.name, "club": "", "country": "",
                                        "hidden": True}, "ratings": [], "events": [], "games": []})
        found = selectors.profile(person)
        events = [{"event": e.entry.event_id, "name": e.entry.event.name, "date": e.entry.event.date,
                   "format": e.entry.event.format, "faction": e.entry.faction, "place": e.entry.place,
                   "players": e.players, "won": e.record["win"], "drawn": e.record["draw"],
                   "lost": e.record["loss"]} for e in found["events"]]
        return Response({"person": PersonSerializer(person).data,
                         "ratings": ProfileRatingSerializer(found["ratings"], many=True,
                                                            context={"steps": found["steps"]}).data,
                         "events": events, "games": ProfileGameSerializer(found["games"], many=True).data})


class MergeSerializer(serializers.Serializer):
    into = serializers.IntegerField(min_value=1, help_text="The person kept: this one's entries move there.")


class MergeDoneSerializer(serializers.Serializer):
    merge = serializers.IntegerField(source="pk", help_text="Undo it with POST /api/people/merges/{merge}/undo/.")
    kept = serializers.IntegerField(source="person_id")
    merged = serializers.IntegerField(source="other_id")
    entries = serializers.ListField(source="before.entries", child=serializers.IntegerField())


class MergeAskedSerializer(serializers.Serializer):
    pending = serializers.BooleanField(default=True)
    person = serializers.IntegerField(source="person_id", help_text="The account holder asked.")
    entries = serializers.ListField(source="before.entries", child=serializers.IntegerField(),
                                    help_text="The entries that join their record once they confirm each.")


class PersonMerge(APIView):
    @extend_schema(request=MergeSerializer, responses={
        201: MergeDoneSerializer, 202: MergeAskedSerializer, 404: refused(404, "No person with this id."),
        409: conflicts("person_merged", "two_accounts", "played_together", "person_registered", "link_declined")},
                   summary="Merge two people",
                   description="Staff, for anyone; an organizer, for a person without an account whose entries are "
                               "all in events they organize. This person's entries move to `into`; the merge is "
                               "recorded and answered (201) with its id, which undo/ takes back. When either has an "
                               "account (and it is not yours), nothing moves yet: the account holder is asked "
                               "(202, `pending`), and each entry joins their record when they confirm it "
                               "(`/api/people/links/`).")
    def post(self, request, person_id):
        """This person turns out to be `into`: recorded, and reversible. Staff may merge anyone; an organizer,
        a person without an account whose entries are all in events they organize."""
        _signed_in(request)
        absorb = get_object_or_404(Person, pk=person_id)
        data = MergeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        keep = Person.objects.filter(pk=data.validated_data["into"]).first()
        if keep is None:
            raise ValidationError({"into": ["No person has this id."]}, code="invalid")
        if not people.may_merge(request.user, absorb, keep):
            raise PermissionDenied("Only staff, or an organizer of every event this person played, may merge them.")
        record = people.person_merge(keep=keep, absorb=absorb, by=request.user)
        if record.action == "person_link_asked":  # an account holder's record: they are asked first
            return Response(MergeAskedSerializer(record).data, status=status.HTTP_202_ACCEPTED)
        return Response(MergeDoneSerializer(record).data, status=status.HTTP_201_CREATED)


class MergeUndo(APIView):
    @extend_schema(request=None, responses={200: MergeDoneSerializer, 404: refused(404, "No merge with this id."),
                                            409: conflicts("merge_undone", "merge_later")},
                   summary="Undo a merge of two people",
                   description="Staff, or whoever made the merge: its entries (and account, if it moved) go back "
                               "to the person merged. Answers the merge.")
    def post(self, request, merge_id):
        """Undo a merge: its entries (and account, if it moved) go back. Staff, or whoever merged."""
        _signed_in(request)
        merge = get_object_or_404(PersonRecord, pk=merge_id, action="person_merged")
        if not (request.user.is_staff or merge.by_user_id == request.user.pk):
            raise PermissionDenied("Only staff, or whoever merged them, may undo a merge.")
        people.person_merge_undo(merge=merge, by=request.user)
        return Response(MergeDoneSerializer(merge).data)


def _signed_in(request) -> None:
    if not request.user.is_authenticated:
        raise NotAuthenticated()


class LeaderboardRowSerializer(RatingSerializer):
    person = serializers.IntegerField(source="person_id")
    name = serializers.CharField(source="person.name")
    country = serializers.CharField(source="person.country.code")


class LeaderboardSerializer(serializers.Serializer):
    edition = serializers.CharField()
    listed = serializers.IntegerField(help_text="People listed with these filters, on every page.")
    page = serializers.IntegerField()
    rows = LeaderboardRowSerializer(many=True)


@public_cache(PEOPLE, params=("faction", "country", "min", "page"))
class Leaderboard(APIView):
    @extend_schema(parameters=[
        OpenApiParameter("faction", str, description="Only people whose most played faction this is"),
        OpenApiParameter("country", str, description="ISO 3166 code"),
        OpenApiParameter("min", int, description=f"At least this many rated games (default {selectors.MIN_GAMES})"),
        OpenApiParameter("page", int, description=f"{selectors.LEADERBOARD_PAGE} a page")],
        responses=LeaderboardSerializer, summary="Show an edition's rating leaderboard",
        description="Public: an edition's ratings (M2E, M3E, M4E), best first and a page at a time, narrowed by "
                    "most played `faction`, `country` and a `min` number of rated games. Private profiles are not "
                    "listed.")
    def get(self, request, edition):
        """An edition's ratings, best first (M2E, M3E, M4E)."""
        edition_known(edition)
        query = request.query_params
        min_games = whole_number(query.get("min", str(selectors.MIN_GAMES)), most=100_000)
        page = whole_number(query.get("page", "1"), most=100_000)
        if min_games is None or not page:
            raise ValidationError({"min": ["A whole number."]} if min_games is None else
                                  {"page": ["A whole number from 1."]}, code="invalid")
        faction, country = query.get("faction", ""), query.get("country", "").upper()
        if faction and faction not in {f.key for f in get_format(selectors.edition_format(edition)).factions}:
            raise ValidationError({"faction": ["A faction key of the edition (see /api/formats/)."]}, code="invalid")
        if country and country not in countries:
            raise ValidationError({"country": ["An ISO 3166 country code, such as GB."]}, code="invalid")
        rows, listed = selectors.leaderboard(edition, faction=faction, country=country, min_games=min_games,
                                             page=page)
        return Response(LeaderboardSerializer({"edition": edition, "listed": listed, "page": page,
                                               "rows": rows}).data)


class SeriesInSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    edition = serializers.ChoiceField(choices=EDITIONS)
    starts = serializers.DateField(required=False, allow_null=True, default=None)
    ends = serializers.DateField(required=False, allow_null=True, default=None)
    best_of = serializers.IntegerField(required=False, default=5, min_value=1, max_value=100)
    rolling_days = serializers.IntegerField(required=False, allow_null=True, default=365, min_value=1,
                                            max_value=3660, help_text="null: every result in the dates counts")
    points = serializers.JSONField(required=False, help_text='Default the UK scheme: {"by_rounds": {"3": 100, '
                                   '"4": 110, "5": 120}, "minimum": 5, "full_field": 16, "min_players": 8}')
    events = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=ID_MAX), required=False,
                                   max_length=1000,
                                   help_text="Only these events (ids) count, admitted by the series' organizers; "
                                             "empty: every finished event of the edition in the dates run by the "
                                             "series' organizers or by those in `trusted`.")
    trusted = serializers.ListField(child=serializers.CharField(max_length=150), required=False, max_length=100,
                                    help_text="Usernames of organizers whose finished events count too (without a "
                                              "list of events).")


class SeriesOutSerializer(serializers.ModelSerializer):
    events = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    trusted = serializers.SlugRelatedField(many=True, read_only=True, slug_field="username")

    class Meta:
        model = Series
        fields = ["slug", "name", "edition", "starts", "ends", "best_of", "rolling_days", "points", "events",
                  "trusted"]


class SeriesRowSerializer(serializers.Serializer):
    person = serializers.IntegerField(allow_null=True, help_text="Null for someone who keeps their profile private "
                                      "(their name and points only, as on the series page).")
    name = serializers.CharField()
    points = serializers.IntegerField()
    counted = serializers.ListField(child=serializers.DictField(), help_text="The results that count: event and "
                                    "points, best first (the event null for a private profile).")
    events = serializers.IntegerField(help_text="Results in the window.")


class SeriesEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    slug = serializers.CharField()
    date = serializers.DateField()
    players = serializers.IntegerField(source="size", help_text="Those ranked: entries with a place, the Ringer "
                                       "aside.")
    rounds = serializers.IntegerField(source="played", help_text="Rounds played (published).")
    winner_points = serializers.IntegerField(allow_null=True, help_text="The winner's points; null: too few players "
                                             "or rounds to count.")


class SeriesList(APIView):
    @extend_schema(responses=SeriesOutSerializer(many=True), summary="List ranking series",
                   description="Public: every ranking series with its edition, dates, how results count "
                               "(`best_of`, `rolling_days`, `points`) and its events.")
    def get(self, request):
        return Response(SeriesOutSerializer(Series.objects.prefetch_related("events", "trusted"), many=True).data)

    @extend_schema(request=SeriesInSerializer, responses={201: SeriesOutSerializer,
                                                         409: conflicts("series_name_taken")},
                   summary="Create a ranking series",
                   description="Any signed-in user: defines a ranking series for an edition and keeps it; the "
                               "points table defaults to the UK scheme. Answers 201 with the series.")
    def post(self, request):
        """Define a series; the signed-in user keeps it."""
        data = SeriesInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        series = series_create(by=request.user, **data.validated_data)
        return Response(SeriesOutSerializer(series).data, status=status.HTTP_201_CREATED)


@public_cache(PEOPLE)
class SeriesDetail(APIView):
    @extend_schema(responses={200: inline_serializer("SeriesStandings", {
        "series": SeriesOutSerializer(), "on": serializers.DateField(), "standings": SeriesRowSerializer(many=True),
        "events": SeriesEventSerializer(many=True, help_text="The events whose results can count as of `on` (in "
                                        "the window, not after `on`), newest first, as the series page lists them.")})},
        summary="Show a series' standings",
        description="Public: a ranking series and its standings from its finished events: each person's points "
                    "from the results that count, best first; and every event counted with its winner's points.")
    def get(self, request, slug):
        """A series' standings from its finished events."""
        series = get_object_or_404(Series, slug=slug)
        read = series_standings(series)
        # A private profile shows its name and points only, here as on the series page: no id, no events.
        rows = [{"person": None if person.hidden else row.person, "name": person.name, "points": row.total,
                 "events": row.events,
                 "counted": [{"event": None if person.hidden else p.event, "points": p.points} for p in row.counted]}
                for row, person in read["rows"]]
        events = [{"pk": event.pk, "name": event.name, "slug": event.slug, "date": event.date, "size": event.size,
                   "played": event.played, "winner_points": winner} for event, winner in read["events"]]
        return Response({"series": SeriesOutSerializer(series).data, "on": read["on"],
                         "standings": SeriesRowSerializer(rows, many=True).data,
                         "events": SeriesEventSerializer(events, many=True).data})

    @extend_schema(request=SeriesInSerializer(partial=True), responses={
        200: SeriesOutSerializer, 403: refused(403, "Only staff, or one of the series' organizers, may change it."),
        404: refused(404, "No series at this address.")},
        summary="Change a ranking series",
        description="Staff, or one of the series' organizers (as the console's series page): change any of its "
                    "settings (the fields sent; the others stay); checked as on creation, a refused change changes "
                    "nothing. Answers the series.")
    def patch(self, request, slug):
        """What the console's series page saves: the fields sent, checked by the same service."""
        _signed_in(request)
        series = get_object_or_404(Series, slug=slug)
        if not may_edit(request.user, series):
            raise PermissionDenied("Only staff, or one of the series' organizers, may change it.")
        data = SeriesInSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        series = series_update(series=series, **data.validated_data)
        return Response(SeriesOutSerializer(Series.objects.prefetch_related("events", "trusted").get(
            pk=series.pk)).data)
