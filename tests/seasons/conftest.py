import pytest

from tests.factories import make_user


@pytest.fixture
def people(db):
    """An organizer who enters packs, another organizer, and a member of the site's staff."""
    ann, ben, sue = (make_user(name)[0] for name in ("ann", "ben", "sue"))
    sue.is_staff = True
    sue.save()
    return {"ann": ann, "ben": ben, "staff": sue}
