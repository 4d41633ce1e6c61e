"""The Celery app; with no REDIS_URL the settings make every task run eagerly in-process."""
import os
from importlib import import_module

from celery import Celery, signals

from gaininggrounds.metrics import task_timing

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gaininggrounds.settings")

app = Celery("gaininggrounds")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
task_timing(signals)


def queue(task_name: str, *args, eta=None) -> None:
    """Hand a task to the workers by its name, so services queue work without importing the tasks
    that call them (with no broker configured, the task runs here and now, as every task does)."""
    if task_name not in app.tasks:
        # autodiscover_tasks() registers the apps' tasks when a worker starts; a web process loads the
        # module of a task it queues the first time it does.
        import_module(task_name.rsplit(".", 1)[0])
    app.tasks[task_name].apply_async(args=args, eta=eta)


def runs_later() -> bool:
    """Whether queued tasks wait for their moment on a broker (False in the embedded, eager mode)."""
    return not app.conf.task_always_eager
