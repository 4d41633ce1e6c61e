from hypothesis import settings

# Shared machines are noisy: judge properties by their examples, never by a deadline.
settings.register_profile("gaininggrounds", deadline=None, max_examples=60)
settings.load_profile("gaininggrounds")
