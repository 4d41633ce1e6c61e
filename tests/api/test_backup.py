"""export_event / import_event: the round trip gives the same players, rounds, games, results,
pending versions, standings and audit trail, as a new event beside the original; the players' votes
travel as tallies, never as who voted for whom. (What a restore refuses: test_backup_checks.py.)"""
import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from audit.models import AuditRecord
from tests.factories import Api
from tests.profiles import examples
from tournaments import selectors
from tournaments.backup import BackupError, export_event, import_event
from tournaments.models import AwardVote, Event
from tournaments.restore import _paired


def comparable(data):
    """A backup without what must differ between two copies: references, slug and private keys."""
    refs = {p["ref"]: p["name"] for p in data["players"]}
    text = json.dumps(data, sort_keys=True)
    data = json.loads(text)
    data["event"].pop("slug")
    for p in data["players"]:
        p.pop("ref"), p.pop("key"), p.pop("person")  # a copy beside its original is other people (see backup)
    for r in data["rounds"]:
        for g in r["games"]:
            g.pop("ref")
            g["player_a"], g["player_b"] = refs[g["player_a"]], refs.get(g["player_b"])
    for a in data["audit"]:
        for k in ("player", "other_player", "by_player"):
            a[k] = refs.get(a[k])
    for a in data.get("adjustments", []):
        a["player"] = refs[a["player"]]
    return data


def test_the_round_trip_gives_an_identical_event(running, tmp_path):  # noqa: F811
    gid, reporter = running.side(0, "a")
    _, opponent = running.side(0, "b")
    reporter.post(f"/api/games/{gid}/report/", {"vp_a": 7, "vp_b": 4, "master_a": "Perdita"})
    opponent.post(f"/api/games/{gid}/confirm/")
    gid2, reporter2 = running.side(1, "a")
    reporter2.post(f"/api/games/{gid2}/report/", {"vp_a": 2, "vp_b": 2})  # still awaiting confirmation
    running.organizer.post(f"/api/events/{running.id}/players/{running.games[1]['player_b']}/rotate-key/")
    file = tmp_path / "event.json"
    call_command("export_event", running.id, "--output", str(file))
    out = StringIO()
    call_command("import_event", str(file), stdout=out)
    copy = Event.objects.get(pk=int(out.getvalue()))
    original = Event.objects.get(pk=running.id)
    assert copy.pk != original.pk and copy.slug != original.slug
    assert comparable(export_event(copy)) == comparable(export_event(original))
    def table(event):
        return [(s.entrant.name, s.rank, s.totals.tp, s.totals.diff, s.totals.vp, s.totals.played, s.totals.sos)
                for s in selectors.event_standings(event)]
    assert table(copy) == table(original)
    assert AuditRecord.objects.filter(event=copy).count() == AuditRecord.objects.filter(event=original).count() > 5
    # Keys already in use on this server were replaced: the copy's players have links of their own.
    assert not set(copy.players.values_list("key", flat=True)) & set(original.players.values_list("key", flat=True))
    # The restored event carries on: the pending report can be confirmed there.
    game = copy.round_set.get().games.filter(result__isnull=True).exclude(player_b=None).get()
    other = game.player_b if game.reports.get().side == "a" else game.player_a
    status, body = Api(APIClient(), key=other.key).post(f"/api/games/{game.pk}/confirm/")
    assert status == 200 and body["status"] == "confirmed"


def test_a_bad_file_is_refused_and_restores_nothing(tmp_path, db):
    file = tmp_path / "bad.json"
    file.write_text('{"format": "something-else"}')
    with pytest.raises(CommandError, match="not a gaininggrounds-event backup"):
        call_command("import_event", str(file))
    file.write_text("not json")
    with pytest.raises(CommandError):
        call_command("import_event", str(file))
    assert not Event.objects.exists()


def test_a_creator_unknown_here_needs_an_organizer(running, tmp_path):  # noqa: F811
    data = export_event(Event.objects.get(pk=running.id))
    data["event"]["created_by"] = "someone-elsewhere"
    file = tmp_path / "elsewhere.json"
    file.write_text(json.dumps(data))
    before = Event.objects.count()
    with pytest.raises(CommandError, match="name an organizer"):
        call_command("import_event", str(file))
    assert Event.objects.count() == before
    out = StringIO()
    call_command("import_event", str(file), "--organizer", "organizer", stdout=out)
    assert Event.objects.get(pk=int(out.getvalue())).created_by.username == "organizer"


def voted(api, running):
    """The running event with players' votes: Ann and Cid for Bob (best painted), Cid for Ann (best
    sportsmanship)."""
    from tournaments.models import Player

    api.call("patch", f"/api/events/{running.id}/", {"player_votes": True})
    event = Event.objects.get(pk=running.id)
    ann, bob, cid = (Player.objects.get(event=event, name=n) for n in ("Ann", "Bob", "Cid"))
    for voter, choices in ((ann, {"best_painted": bob.pk}), (cid, {"best_painted": bob.pk,
                                                                     "best_sportsmanship": ann.pk})):
        Client().post(f"/p/{voter.key}/", {"action": "vote", **choices})
    assert AwardVote.objects.filter(event=event).count() == 3
    return event, {p.pk: p.name for p in (ann, bob, cid)}


def test_a_backup_tallies_the_votes_without_who_voted_for_whom(api, running):
    event, names = voted(api, running)
    ids = {name: pk for pk, name in names.items()}
    votes = json.loads(json.dumps(export_event(event)))["votes"]
    assert votes == [
        {"kind": "best_painted", "voters": sorted([ids["Ann"], ids["Cid"]]), "tally": [{"choice": ids["Bob"],
                                                                                       "votes": 2}]},
        {"kind": "best_sportsmanship", "voters": [ids["Cid"]], "tally": [{"choice": ids["Ann"], "votes": 1}]}]
    copy = import_event(json.loads(json.dumps(export_event(event))), organizer=event.created_by)

    def ballots(e):
        names = dict(e.players.values_list("id", "name"))
        rows = list(AwardVote.objects.filter(event=e).values_list("kind", "voter", "choice"))
        return (sorted((kind, names[voter]) for kind, voter, _ in rows),
                sorted((kind, names[choice]) for kind, _, choice in rows))
    assert ballots(copy) == ballots(event)


def test_a_restore_pairs_voters_and_votes_again_never_for_oneself(running):
    """Three voters, two votes for the first of them: the sorted pairing would have them vote for
    themselves; the restore moves that vote."""
    event = Event.objects.get(pk=running.id)
    data = export_event(event)
    refs = sorted(p["ref"] for p in data["players"])
    data["votes"] = [{"kind": "best_painted", "voters": refs[:3],
                      "tally": [{"choice": refs[0], "votes": 2}, {"choice": refs[3], "votes": 1}]}]
    copy = import_event(data)
    names = dict(copy.players.values_list("id", "name"))
    original = {p["ref"]: p["name"] for p in data["players"]}
    rows = [(names[v], names[c]) for v, c in AwardVote.objects.filter(event=copy).values_list("voter", "choice")]
    assert all(voter != choice for voter, choice in rows)
    assert sorted(v for v, _ in rows) == sorted(original[r] for r in refs[:3])
    assert sorted(c for _, c in rows) == sorted([original[refs[0]]] * 2 + [original[refs[3]]])


def test_a_version_1_backup_with_each_vote_still_restores_as_it_was(api, running):
    event, names = voted(api, running)
    data = export_event(event)
    data["version"] = 1
    data["votes"] = [{"kind": v.kind, "voter": v.voter_id, "choice": v.choice_id}
                     for v in AwardVote.objects.filter(event=event)]
    copy = import_event(data)
    copied = dict(copy.players.values_list("id", "name"))
    assert sorted((v.kind, copied[v.voter_id], copied[v.choice_id]) for v in AwardVote.objects.filter(event=copy)) \
        == [("best_painted", "Ann", "Bob"), ("best_painted", "Cid", "Bob"), ("best_sportsmanship", "Cid", "Ann")]


@settings(max_examples=examples(200))
@given(data=st.data())
def test_paired_keeps_voters_and_counts_and_nobody_votes_for_themselves(data):
    """Any voters and counts a real event can have (not every vote for one of the voters)."""
    voters = data.draw(st.lists(st.integers(1, 12), min_size=1, max_size=12, unique=True))
    choices = data.draw(st.lists(st.integers(1, 12), min_size=len(voters), max_size=len(voters)))
    tally = sorted(Counter(choices).items())
    if len(tally) == 1 and tally[0][0] in voters:
        with pytest.raises(BackupError, match="nobody votes for themselves"):
            _paired(voters, tally, "votes[0]")
        return
    pairs = _paired(voters, tally, "votes[0]")
    assert sorted(v for v, _ in pairs) == sorted(voters)
    assert Counter(c for _, c in pairs) == Counter(choices)
    assert all(v != c for v, c in pairs)
    assert pairs == _paired(list(reversed(voters)), list(reversed(tally)), "votes[0]"), "one answer, whatever order"
