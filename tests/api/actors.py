"""Who the permission matrix asks as (tests/api/test_permission_matrix.py and its per-area rows), and the
answers each must get, in one place: the rows modules and the matrix import it, never each other.

The judge (issue 54) judges event E: staff with no organizer's rights. Where a row names no answer for them,
they get the stranger's (a signed-in account with no part in the row's object), which holds for every row
written before judges existed; rows about what judges may do name theirs."""

ACTORS = ("anonymous", "stranger", "player", "opponent", "other_game", "other_event", "organizer",
          "co_organizer", "staff", "judge")


def answers(anonymous, stranger, player, opponent, other_game, other_event, organizer, co_organizer, staff,
            judge=None):
    return dict(zip(ACTORS, (anonymous, stranger, player, opponent, other_game, other_event, organizer,
                             co_organizer, staff, stranger if judge is None else judge)))


EVERYONE_200 = answers(*[200] * 9)


def organizers(ok):
    """Organizer writes: anonymous 401 (asked to sign in); any other identity, key holders included, 403."""
    return answers(401, 403, 403, 403, 403, 403, ok, ok, 403)
