"""makemessages that also collects the rules module's sentences, written as say("...")."""
from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=say"]
