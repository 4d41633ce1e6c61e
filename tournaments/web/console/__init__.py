"""The organizer console: the same services as the API, behind Django's sign-in and one guard."""
