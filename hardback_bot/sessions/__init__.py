"""Game sessions: the layer between the engine/store and the Discord cogs (no Discord imports)."""

from .manager import Loaded, Notifier, SessionError, Sessions

__all__ = ["Loaded", "Notifier", "SessionError", "Sessions"]
