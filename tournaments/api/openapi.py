"""The OpenAPI summary and description of a view class that serves several URLs, one for each `action` it is
built with (`as_view(action=...)`): a decorator on its method would give them all the same text."""
from rest_framework.settings import api_settings


class PerAction(api_settings.DEFAULT_SCHEMA_CLASS):
    """Reads the view's `OPERATIONS`: action -> (summary, description). Set as the view's `schema`; an
    `extend_schema` on its method (request, responses) still applies."""

    def get_summary(self):
        return self.view.OPERATIONS[self.view.action][0]

    def get_description(self):
        return self.view.OPERATIONS[self.view.action][1]
