"""One extension per feature: ``table`` (playing), more with later issues."""
