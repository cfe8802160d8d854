"""Test collection: the font build script needs fontTools, which only its maintainers install.

Hypothesis runs without its per-example deadline (a busy machine is slow, not wrong) and
derandomized, so every property test tries the same examples on every run.
"""

from hypothesis import settings

collect_ignore = ["render/fonts/build_subset.py"]

pytest_plugins = ["pytester"]  # tests/test_wording.py runs the wording hook on a test of its own

settings.register_profile("suite", deadline=None, derandomize=True)
settings.load_profile("suite")
