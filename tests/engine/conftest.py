"""The engine tests import their helpers from enginekit.py (see there)."""
