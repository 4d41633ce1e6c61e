"""The API tests' shared reading of the OpenAPI schema."""
import pytest
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "put", "post", "patch", "delete", "head", "options", "trace")


@pytest.fixture(scope="module")
def operations() -> dict[str, dict]:
    """"METHOD path" -> the operation, from the schema as /api/schema/ serves it."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {f"{method.upper()} {path}": operation for path, item in schema["paths"].items()
            for method, operation in item.items() if method in METHODS}
