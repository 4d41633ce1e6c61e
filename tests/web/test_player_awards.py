"""Awards beyond the standings: best painted and best sportsmanship named by the organizer or voted by
the players (one vote each, not for oneself, while the event runs, counted when it ends, the organizer's
choice overriding), the wooden spoon, on the final results page and in the standings export."""
import csv
import io

from django.test import Client

from audit.models import AuditRecord
from tournaments.models import AwardVote, Event, Game, Player


def finish(api, running):
    for game in running.games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 6, "vp_b": 4})
    assert api.post(f"/api/events/{running.id}/finish/")[0] == 200


def vote(player, **choices):
    return Client().post(f"/p/{player.key}/", {"action": "vote", **choices}, follow=True).content.decode()


def test_players_vote_and_the_votes_are_counted_when_the_event_ends(api, running):
    api.call("patch", f"/api/events/{running.id}/", {"player_votes": True})
    event = Event.objects.get(pk=running.id)
    ann, bob, cid, dee = (Player.objects.get(event=event, name=n) for n in ("Ann", "Bob", "Cid", "Dee"))
    page = Client().get(f"/p/{ann.key}/").content.decode()
    assert "Your votes" in page and f'<option value="{ann.pk}"' not in page.split("Your votes")[1]
    assert "Your votes are saved" in vote(ann, best_painted=bob.pk)
    vote(cid, best_painted=bob.pk, best_sportsmanship=dee.pk)
    vote(dee, best_painted=ann.pk)
    refused = vote(bob, best_painted=bob.pk)
    assert "not for yourself" in refused and not AwardVote.objects.filter(voter=bob).exists()
    record = AuditRecord.objects.filter(action="award_voted").first()
    assert record.after == {"kind": "best_painted"}, "whom a player voted for stays secret"
    assert Client().get(f"/e/{event.slug}/final/").status_code == 302
    finish(api, running)
    final = Client().get(f"/e/{event.slug}/final/").content.decode()
    assert "Best painted</strong>: " in final and final.split("Best painted</strong>: ")[1].split("</li>")[0].count(
        "Bob") == 1
    assert "Best sportsmanship</strong>: " in final and "Wooden spoon" in final
    assert "Your votes" not in Client().get(f"/p/{ann.key}/").content.decode(), "votes close with the event"


def test_the_organizers_choice_overrides_the_vote_and_is_exported(api, running, organizer):
    event = Event.objects.get(pk=running.id)
    ann = Player.objects.get(event=event, name="Ann")
    console = Client()
    console.force_login(event.created_by)
    console.post(f"/console/e/{event.slug}/awards/", {"best_painted": ann.pk, "best_sportsmanship": ""})
    assert AuditRecord.objects.filter(action="award_given", player=ann).exists()
    finish(api, running)
    final = Client().get(f"/e/{event.slug}/final/").content.decode()
    assert "Best painted</strong>: " in final and "Ann" in final.split("Best painted</strong>: ")[1].split("</li>")[0]
    export = console.post(f"/console/e/{event.slug}/export/standings/").content.decode()
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(export))}
    assert "best_painted" in rows["Ann"]["awards"]
    assert any("wooden_spoon" in r["awards"] for r in rows.values())
    assert "Your votes" not in Client().get(f"/p/{ann.key}/").content.decode(), "no vote without player_votes"


def test_the_wooden_spoon_goes_to_everyone_sharing_last_place(api, running):
    finish(api, running)  # two 6-4 wins, two 4-6 losses: two players share last place
    event = Event.objects.get(pk=running.id)
    final = Client().get(f"/e/{event.slug}/final/").content.decode()
    spoon = final.split("Wooden spoon</strong>: ")[1].split("</li>")[0]
    losers = {Game.objects.select_related("player_b").get(pk=g["id"]).player_b.name for g in running.games}
    assert all(name in spoon for name in losers) and spoon.count("<a ") == 2


def test_a_backup_keeps_the_organizers_choice_and_the_votes(api, running):
    from tournaments.backup import export_event, import_event
    from tournaments.models import ChosenAward

    api.call("patch", f"/api/events/{running.id}/", {"player_votes": True})
    event = Event.objects.get(pk=running.id)
    ann, bob, cid = (Player.objects.get(event=event, name=n) for n in ("Ann", "Bob", "Cid"))
    vote(ann, best_painted=bob.pk)
    vote(cid, best_painted=bob.pk, best_sportsmanship=ann.pk)
    console = Client()
    console.force_login(event.created_by)
    console.post(f"/console/e/{event.slug}/awards/", {"best_sportsmanship": cid.pk})
    copy = import_event(export_event(event), organizer=event.created_by)
    names = dict(copy.players.values_list("id", "name"))
    assert [(a.kind, names[a.player_id]) for a in ChosenAward.objects.filter(event=copy)] == [
        ("best_sportsmanship", "Cid")]
    assert sorted((v.kind, names[v.voter_id], names[v.choice_id]) for v in AwardVote.objects.filter(event=copy)) == [
        ("best_painted", "Ann", "Bob"), ("best_painted", "Cid", "Bob"), ("best_sportsmanship", "Cid", "Ann")]


def test_the_pages_ballot_is_saved_whole_or_not_at_all(api, running):
    """Issue 53: the page and the API vote through one service, the whole ballot in one transaction: a vote
    refused (for oneself) keeps the other award's vote of the same form from being saved alone."""
    api.call("patch", f"/api/events/{running.id}/", {"player_votes": True})
    event = Event.objects.get(pk=running.id)
    ann, bob = (Player.objects.get(event=event, name=n) for n in ("Ann", "Bob"))
    refused = vote(ann, best_painted=bob.pk, best_sportsmanship=ann.pk)
    assert "not for yourself" in refused and not AwardVote.objects.filter(voter=ann).exists()
    assert "Your votes are saved" in vote(ann, best_painted=bob.pk, best_sportsmanship=bob.pk)
    assert AwardVote.objects.filter(voter=ann).count() == 2
