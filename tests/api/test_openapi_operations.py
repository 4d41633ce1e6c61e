"""Every operation of the OpenAPI schema reads as an action: a summary ("Enter or correct a game's result") and a
description (who may call it, what it does), so the Swagger page is a list of things to do, not bare paths."""
import pytest
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "put", "post", "patch", "delete", "head", "options", "trace")


@pytest.fixture(scope="module")
def operations() -> dict[str, dict]:
    """"METHOD path" -> the operation, from the schema as /api/schema/ serves it."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {f"{method.upper()} {path}": operation for path, item in schema["paths"].items()
            for method, operation in item.items() if method in METHODS}


def test_the_schema_has_operations(operations):
    assert len(operations) > 40 and "POST /api/games/{id}/result/" in operations


@pytest.mark.parametrize("field", ["summary", "description"])
def test_every_operation_has_a_summary_and_a_description(operations, field):
    missing = sorted(name for name, operation in operations.items() if not str(operation.get(field) or "").strip())
    assert not missing, f"Operations without a {field}: " + ", ".join(missing)


def test_no_two_operations_share_a_summary(operations):
    by_summary: dict[str, list[str]] = {}
    for name, operation in operations.items():
        summary = str(operation.get("summary") or "").strip()
        if summary:
            by_summary.setdefault(summary.casefold(), []).append(name)
    shared = {summary: sorted(names) for summary, names in sorted(by_summary.items()) if len(names) > 1}
    assert not shared, f"Operations sharing a summary: {shared}"
