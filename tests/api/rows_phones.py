"""Issue 53's phones operations in the shared API checks: permission-matrix rows (as in
test_permission_matrix.API; a row's setup may add fields to the world, which its path and body then name)
and the answers their views give by themselves (as in test_openapi_operations.ANSWERS)."""

API = []
ANSWERS = {}
