"""The judges' pages (namespace "judges"): the staff's queue of calls, the event's rulings and its penalties."""
from django.urls import path

from judges import web, web_penalties

app_name = "judges"

urlpatterns = [
    path("console/e/<slug:slug>/calls/", web.queue_page, name="queue"),
    path("console/e/<slug:slug>/rulings/", web.rulings_page, name="rulings"),
    path("console/e/<slug:slug>/penalties/", web_penalties.penalties_page, name="penalties"),
]
