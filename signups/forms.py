"""The sign-up form, as a signed-in person and as a visitor with an email address."""
from django import forms
from django.utils.translation import gettext_lazy as _

from gaininggrounds.web.naming import localized
from scoring.formats import get_format
from signups.models import EMAIL_LENGTH, LIST_LENGTH, NO_LISTS


class EntryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    email = forms.EmailField(label=_("Email (we send the confirmation link there)"), required=False,
                             max_length=EMAIL_LENGTH)
    faction = forms.ChoiceField(label=_("Faction"))
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    crew_list = forms.CharField(label=_("Crew list (text or a crew builder's link)"), required=False,
                                max_length=LIST_LENGTH, widget=forms.Textarea(attrs={"rows": 6}))

    def __init__(self, *args, format_key: str, signed_in: bool, lists: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [("", "—")] + [(f.key, localized(f)) for f in get_format(format_key).factions]
        if signed_in:
            del self.fields["email"]  # the account's address
        else:
            self.fields["email"].required = True
        if lists == NO_LISTS:
            del self.fields["crew_list"]
