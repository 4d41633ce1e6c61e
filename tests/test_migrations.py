"""The audit trail, jobs and notifications moved to apps of their own keeping their tables: a database
at the schema before the move, with data in it, migrates without copying a row (run on SQLite and, in
CI's second pass, on PostgreSQL)."""
import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0007_export_jobs"), ("audit", None), ("jobs", None), ("notifications", None)]
MOVED = [("tournaments", "0008_move_audit_jobs_notifications"), ("audit", "0001_initial"), ("jobs", "0001_initial"),
         ("notifications", "0001_initial")]


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_move_keeps_its_rows():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE[:1]).apps
    user = old.get_model("auth", "User").objects.create(username="organizer")
    event = old.get_model("tournaments", "Event").objects.create(
        name="Spring Open", slug="spring-open", date=datetime.date(2017, 3, 18), format="gg2017", created_by=user)
    player = old.get_model("tournaments", "Player").objects.create(event=event, name="Ann", faction="guild",
                                                                   key="k" * 32)
    old.get_model("tournaments", "AuditRecord").objects.create(event=event, action="player_registered",
                                                                by="organizer", by_user=user, player=player,
                                                                after={"name": "Ann"})
    job = old.get_model("tournaments", "Job").objects.create(event=event, kind="export", status="done",
                                                             output="rank,name\n", created_by=user)
    old.get_model("tournaments", "Notification").objects.create(event=event, to="ann@example.org",
                                                                kind="round_published", about="round:1",
                                                                subject="Round 1", body="Table 1")
    tables_before = set(connection.introspection.table_names())

    executor = MigrationExecutor(connection)
    executor.migrate(MOVED)
    assert set(connection.introspection.table_names()) == tables_before, "the move made or dropped no table"
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # and on to today's schema, rows intact
    from audit.models import AuditRecord
    from jobs.models import Job
    from notifications.models import Notification

    record = AuditRecord.objects.get()
    assert (record.event_id, record.player_id, record.by_user_id, record.after) == (event.pk, player.pk, user.pk,
                                                                                    {"name": "Ann"})
    assert Job.objects.get().pk == job.pk and Job.objects.get().output == "rank,name\n"
    assert Notification.objects.get().about == "round:1"
    assert Notification.objects.get().event.name == "Spring Open"


@pytest.mark.django_db(transaction=True)
def test_rounds_paired_before_drafts_existed_stay_published():
    before, after = [("tournaments", "0016_player_awards")], [("tournaments", "0017_round_published_at")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="organizer")
    event = old.get_model("tournaments", "Event").objects.create(
        name="Spring Open", slug="spring-open", date=datetime.date(2017, 3, 18), format="gg2017", created_by=user)
    old.get_model("tournaments", "Round").objects.create(event=event, number=1, seed="7")
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    paired = new.get_model("tournaments", "Round").objects.get()
    assert paired.published_at == paired.created_at
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_models_and_their_migrations_agree(db):
    """A model change with no migration (even choices reordered) is caught here, not on a server."""
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
