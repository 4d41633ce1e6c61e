"""Who the permission matrix asks as (tests/api/test_permission_matrix.py and its per-area rows), and the
answers each must get, in one place: the rows modules and the matrix import it, never each other."""

ACTORS = ("anonymous", "stranger", "player", "opponent", "other_game", "other_event", "organizer",
          "co_organizer", "staff")


def answers(anonymous, stranger, player, opponent, other_game, other_event, organizer, co_organizer, staff):
    return dict(zip(ACTORS, (anonymous, stranger, player, opponent, other_game, other_event, organizer,
                             co_organizer, staff)))


EVERYONE_200 = answers(*[200] * 9)


def organizers(ok):
    """Organizer writes: anonymous 401 (asked to sign in); any other identity, key holders included, 403."""
    return answers(401, 403, 403, 403, 403, 403, ok, ok, 403)
