"""Benchmarks (``python benchmarks/ingest.py``); not part of the installed package."""
