"""The rule tests run twice (issue 55): against each season as its shipped file holds it, and as an organizer
re-entered it through the console's pack editor (tests/seasons/reentry.py), so a form that loses or changes
anything a rule reads fails here. Tests about the shipped file itself use scoring.formats directly."""
import pytest

from scoring.formats import FORMATS, Format
from tests.seasons.reentry import reentered

ENTERED = ("shipped", "console")


@pytest.fixture(scope="session", params=ENTERED)
def entered(request) -> str:
    """How the seasons under test were entered: "shipped" (the files) or "console" (the editor's forms)."""
    return request.param


@pytest.fixture(scope="session")
def formats(entered) -> dict[str, Format]:
    """Every shipped season by its file's key, read from the file or re-entered through the forms."""
    return dict(FORMATS) if entered == "shipped" else {key: reentered(key) for key in FORMATS}


@pytest.fixture(scope="session")
def gg2017(formats) -> Format:
    return formats["gg2017"]


@pytest.fixture(scope="session")
def m3e(formats) -> Format:
    return formats["m3e"]


@pytest.fixture(scope="session")
def gg0(formats) -> Format:
    return formats["m4e-gg0"]

