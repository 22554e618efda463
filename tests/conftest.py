"""Test-wide settings: Hypothesis runs the same examples on every run (seeded, no flaky finds in
CI) and with no deadline (the CI machine's speed is not what a property test checks)."""

from hypothesis import settings

settings.register_profile("champions-mush", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("champions-mush")
