import pytest
from django.test import Client

from tests.factories import make_user


@pytest.fixture
def people(db):
    """An organizer who enters packs, another organizer, and a member of the site's staff."""
    ann, ben, sue = (make_user(name)[0] for name in ("ann", "ben", "sue"))
    sue.is_staff = True
    sue.save()
    return {"ann": ann, "ben": ben, "staff": sue}


@pytest.fixture
def ann(people):
    """The organizer who enters packs, signed in to the console."""
    client = Client()
    client.force_login(people["ann"])
    return client
