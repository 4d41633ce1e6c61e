"""Celery shells over the stored ratings: idempotent (a refresh with nothing due does nothing)."""
from celery import shared_task


@shared_task(acks_late=True, time_limit=600)
def refresh_ratings(edition: str) -> bool:
    from people import rating_store

    rating_store.refresh_started(edition)
    return rating_store.ratings_refresh(edition)


@shared_task(acks_late=True, time_limit=900)
def refresh_all_due_ratings() -> int:
    """Celery beat's round: anything left due (the broker was down when it was marked) is rated."""
    from people import rating_store
    from people.models import RatingsDue

    editions = set(RatingsDue.objects.values_list("edition", flat=True))
    return sum(rating_store.ratings_refresh(edition) for edition in sorted(editions))
