"""Ratings of people across events, pure: games in, ratings out, no database and no request.

`skill` rates with openskill's Weng-Lin (Plackett-Luce) model; `longshanks` computes the RPI formula the
community knows from Longshanks, for comparison. docs/ratings.md says which and why.
"""
