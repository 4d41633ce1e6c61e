"""The rules of Malifaux tournament play, as data and small pure functions.

Nothing here imports Django: the tournament shell calls in with plain values.
"""
