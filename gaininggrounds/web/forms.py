"""Form helpers every app's pages share: the rules' problems beside the fields they name, a range as a
field's limits, a wait in whole minutes."""
from django import forms

from scoring.problems import DomainError


def bounded(low_high: tuple[int, int]) -> dict:
    """An inclusive range from scoring.awards as a form field's limits."""
    return {"min_value": low_high[0], "max_value": low_high[1]}


def show_problems(form: forms.Form, error: DomainError) -> None:
    """Each problem beside the field it names (a score sheet maps the rules module's paths to its fields)."""
    field_for = getattr(form, "field_for", lambda attr: attr if attr in form.fields else None)
    for problem in error.problems:
        name = field_for(problem.attr)
        form.add_error(name if name in form.fields else None, problem.detail)


def minutes(wait: float) -> int:
    """A wait told in minutes: never "0 minutes" while the wait lasts."""
    return max(1, round(wait / 60))
