"""The front-end kit every app's API builds on: the OpenAPI schema's own words, the error answers, the
JSON parser, permissions over an object's rights. It imports no app (tests/test_layers.py), only Django,
DRF and the rules module."""
