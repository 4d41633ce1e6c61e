"""How many examples a property test draws: its own count under the default profile, scaled with the
profile in use (tests/conftest.py registers them; `wide` draws ten times as many)."""
from hypothesis import settings

BASE_EXAMPLES = 60  # the default profile's max_examples


def examples(count: int) -> int:
    """`count` under the default profile; as many times more as the loaded profile draws (read when the
    test module is collected, after pytest has loaded the profile asked for)."""
    return max(1, count * settings.default.max_examples // BASE_EXAMPLES)
