"""The calls' pages (namespace "judges"): the staff's queue of calls and the event's rulings."""
from django.urls import path

from judges import web

app_name = "judges"

urlpatterns = [
    path("console/e/<slug:slug>/calls/", web.queue_page, name="queue"),
    path("console/e/<slug:slug>/rulings/", web.rulings_page, name="rulings"),
]
