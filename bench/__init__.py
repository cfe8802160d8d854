"""Benchmarks: ``python -m bench --json`` runs them all and prints one flat JSON object.

Each benchmark is a function in :data:`BENCHMARKS` returning a dict of
figures; ``python -m bench NAME`` runs one.
"""
