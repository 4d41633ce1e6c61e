from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "people"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        """People build on the tournament and hear of its changes through its one hook. Only the leaf
        module with the signal is imported at start: what hears it (people.receivers, which needs the
        tournament's services) is imported on the first change, so starting Django imports no service and
        tests/test_imports.py still imports each of them first, on its own. People also tell the tournament's
        console who an entry may be (tournaments.readers), and the private page a link waiting for its
        holder's answer (tournaments.panels)."""
        from tournaments import panels, readers
        from tournaments.signals import tournament_changed

        tournament_changed.connect(hear, dispatch_uid="people-hear-the-tournament")
        readers.register_people(namesakes=namesakes, chosen=chosen)
        panels.register_panel("private", private_panel)


def hear(sender, **change) -> None:
    from people.receivers import heard

    heard(**change)


def namesakes(names: list[str], *, event) -> dict:
    """For the players' import: by typed name, the people who played before under it (people.services)."""
    from people.console import described
    from people.names import search_key
    from people.services import namesakes as found
    from tournaments.readers import Namesake

    known = found(names, event=event)
    return {name: [Namesake(person.pk, person.name, described(person)) for person in known.get(search_key(name), [])]
            for name in names}


def chosen(person_id: int):
    """The person picked while registering, followed through merges (a suggestion merged since it was
    offered names the person kept)."""
    from people.models import Person
    from people.services import current
    from tournaments.readers import Chosen

    person = Person.objects.filter(pk=person_id).first()
    if person is None:
        return None
    person = current(person)
    return Chosen(person.pk, person.name, person.club)


def private_panel(*, player, **page) -> dict:
    """A person the entry was said to be, waiting for the holder's answer."""
    from people.models import PendingLink

    return {"link_pending": PendingLink.objects.filter(entry=player).select_related("person").first()}
