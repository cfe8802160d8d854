"""Test collection: the font build script needs fontTools, which only its maintainers install."""

collect_ignore = ["render/fonts/build_subset.py"]
