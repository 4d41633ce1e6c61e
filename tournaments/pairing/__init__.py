"""Pairing: the Swiss engine and the organizer's pairing tools (no database; LEMON solves the matchings)."""
from tournaments.pairing.engine import FOLD, METHODS, RANDOM, SWISS, Contender, PairedGame, RoundPairing, pair_round

__all__ = ["FOLD", "METHODS", "RANDOM", "SWISS", "Contender", "PairedGame", "RoundPairing", "pair_round"]
