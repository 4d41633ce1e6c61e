"""The admin's sign-in shares the site's limit on failed passwords (people.forms.SignInLimit)."""
from django.contrib import admin

from people.forms import AdminSignInForm

admin.site.login_form = AdminSignInForm
