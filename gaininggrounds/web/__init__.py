"""The front-end kit every app's pages build on: the game's names in the reader's language, form helpers,
guards, the download response. It imports no app (tests/test_layers.py), only Django and the rules module."""
