"""/api/events/{id}/players/import/: the players' CSV import as the console's import page does it, through
the same services: a check first (each row with what is wrong with it, the nearest faction for a typo, the
people who played before under its name to choose from), then the good rows saved in one transaction, by a
job for a long list."""
import csv
import io

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from gaininggrounds.api.openapi import conflicts
from gaininggrounds.params import ID_MAX, whole_number
from jobs.models import Job
from scoring.formats import get_format
from tournaments.api.files import JobSerializer
from tournaments.fronts import EventScoped, players_out
from tournaments.services.imports import (
    IMPORT_MAX_ROWS,
    import_people,
    import_person_choices,
    players_import_request,
)
from tournaments.services.players import import_rows_checked

CELL_MAX = 1000  # as the console's preview: a longer cell is no name or club (the check says so)
CSV_MAX = IMPORT_MAX_ROWS * 3 * 200  # characters: far more than 200 lines of name, faction and club


class ImportInputSerializer(serializers.Serializer):
    csv = serializers.CharField(required=False, max_length=CSV_MAX, trim_whitespace=False, help_text=(
        "The list as pasted: one player a line, `name,faction,club` (a faction by key, English or French name); a "
        "first line `name,faction,club` is skipped. Lines are numbered from 1, that line included."))
    rows = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(allow_blank=True, max_length=CELL_MAX,
                                                                trim_whitespace=False), max_length=3),
        required=False, max_length=IMPORT_MAX_ROWS, help_text=(
            "Instead of `csv`: the rows as [name, faction, club], as corrected after a check (a suggested faction "
            "taken, say); no header, lines numbered from 1."))
    persons = serializers.DictField(child=serializers.IntegerField(min_value=1, max_value=ID_MAX), required=False,
                                    help_text="A row's line -> the person (`/api/people/{id}/`) its player is, one "
                                              "of the `people` the check offers for its name; a row not named "
                                              "here is a new person.")
    check = serializers.BooleanField(default=False, help_text=(
        "True: nothing is saved; the answer is every row with its problems, the faction suggested and the people "
        "to choose from. False: the good rows are imported."))

    def validate_persons(self, persons):
        lines = {key: whole_number(key) for key in persons}
        bad = sorted(key for key, line in lines.items() if not line)
        if bad:
            raise ValidationError(f"A row's line is a whole number from 1: not {', '.join(bad)}.")
        return {lines[key]: person for key, person in persons.items()}

    def validate(self, data):
        if ("csv" in data) == ("rows" in data):
            raise ValidationError("Send the list as `csv` or as `rows`, one of them.")
        if "csv" in data:
            try:
                data["read"] = list(csv.reader(io.StringIO(data["csv"])))
            except csv.Error as error:
                raise ValidationError({"csv": [f"This CSV cannot be read ({error})."]}) from None
            if not data["read"]:
                raise ValidationError({"csv": ["Paste the players to import, one a line: name,faction,club."]})
            if len(data["read"]) > IMPORT_MAX_ROWS + 1:  # and its header
                raise ValidationError({"csv": [f"At most {IMPORT_MAX_ROWS} players at a time: import the list "
                                               "in parts."]})
        elif not data["rows"]:
            raise ValidationError({"rows": ["Send at least one row."]})
        return data


class RowProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    attr = serializers.CharField(allow_null=True, help_text="The field at fault: name, faction, club or persons.")


class PersonOfferedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    label = serializers.CharField(help_text="How an organizer tells them apart (their club, the events played).")


class CheckedRowSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="The row's line, as `persons` names it.")
    name = serializers.CharField()
    faction = serializers.CharField(help_text="The faction's key, or the text as written when none matches.")
    club = serializers.CharField(allow_blank=True)
    problems = RowProblemSerializer(many=True, help_text="Empty: the row is imported.")
    suggestion = serializers.CharField(allow_null=True, help_text="An unknown faction: the nearest one's key.")
    people = PersonOfferedSerializer(many=True, help_text="Who played before under this name (never a private "
                                                          "profile): the choices for `persons`.")
    person = serializers.IntegerField(allow_null=True, help_text="The person asked in `persons` and kept.")


class ImportCheckSerializer(serializers.Serializer):
    rows = CheckedRowSerializer(many=True)
    good = serializers.IntegerField(help_text="How many rows would be imported.")
    left_out = serializers.IntegerField(help_text="How many rows have a problem and would be left out.")


class ImportedSerializer(serializers.Serializer):
    imported = serializers.IntegerField()
    left_out = serializers.IntegerField()
    players = serializers.ListField(child=serializers.DictField(), help_text="The entries made, as "
                                    "/api/events/{id}/players/ answers them (with their private keys).")


def problem_out(problem) -> dict:
    return {"code": problem.code, "detail": problem.detail, "attr": problem.attr}


def checked_out(event, rows, header, persons) -> dict:
    checked = import_rows_checked(event=event, rows=rows, header=header)
    if len(checked) > IMPORT_MAX_ROWS:
        raise ValidationError({"rows": [f"At most {IMPORT_MAX_ROWS} players at a time: import the list in parts."]})
    fmt = get_format(event.format)
    known = import_people(event, checked)
    choices = import_person_choices(checked, persons, known)
    out = []
    for entry, problems in checked:
        person, refused = choices.get(entry["line"], (None, None))
        out.append({"line": entry["line"], "name": entry["name"], "club": entry["club"],
                    "faction": entry["faction"] if fmt.faction(entry["faction"]) else entry["faction_typed"],
                    "problems": [problem_out(p) for p in [*problems, *([refused] if refused else [])]],
                    "suggestion": entry["suggestion"],
                    "people": [{"id": p.pk, "label": p.label} for p in known.get(entry["name"], [])],
                    "person": person})
    good = sum(1 for row in out if not row["problems"])
    return {"rows": out, "good": good, "left_out": len(out) - good}


class PlayersImport(EventScoped):
    @extend_schema(request=ImportInputSerializer, responses={
                       200: ImportCheckSerializer, 201: ImportedSerializer, 202: JobSerializer,
                       409: conflicts("event_finished", "person_registered", "person_private", "jobs_busy")},
                   summary="Import players from a CSV list",
                   description="Organizers of the event only, as the console's import page: with `\"check\": true`, "
                               "every row with what is wrong with it, the faction suggested for a typo and the "
                               "people who played before under its name (200, nothing saved). Without it, the good "
                               "rows are registered in one transaction, each linked to the person chosen for its "
                               "line in `persons` or a new person, the others left out (201); more than 100 rows to "
                               "save, a job to follow instead (202, its address in Location). At most 200 rows at a "
                               "time. A person not offered for a row's name or chosen twice, or no good row, "
                               "answers 400 and saves nothing.")
    def post(self, request, event_id):
        event = self.event()
        data = ImportInputSerializer(data=request.data if isinstance(request.data, dict) else {})
        data.is_valid(raise_exception=True)
        body = data.validated_data
        header = "csv" in body
        rows = body["read"] if header else body["rows"]
        persons = body.get("persons", {})
        if body["check"]:
            return Response(checked_out(event, rows, header, persons))
        made, read = players_import_request(event=event, rows=rows, by=request.user, header=header, persons=persons)
        if isinstance(made, Job):
            made.refresh_from_db()
            return Response(JobSerializer(made, context={"request": request}).data, status=status.HTTP_202_ACCEPTED,
                            headers={"Location": request.build_absolute_uri(reverse("api:job-detail",
                                                                                    args=[made.pk]))})
        return Response({"imported": len(made), "left_out": read - len(made),
                         "players": players_out(request, event, made, organizer=True, many=True)},
                        status=status.HTTP_201_CREATED)
