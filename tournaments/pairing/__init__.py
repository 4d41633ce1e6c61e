"""Pairing: the Swiss engine and the organizer's pairing tools (pure Python)."""
from tournaments.pairing.engine import FOLD, METHODS, RANDOM, SWISS, Contender, PairedGame, RoundPairing, pair_round

__all__ = ["FOLD", "METHODS", "RANDOM", "SWISS", "Contender", "PairedGame", "RoundPairing", "pair_round"]
