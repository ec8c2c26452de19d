"""Game sessions: the layer between the engine/store and the Discord cogs (no Discord imports)."""

from .loaded import Loaded, Notifier
from .manager import PennyWouldWin, Sessions
from .messages import Said, SessionError, SpellingError

__all__ = ["Loaded", "Notifier", "PennyWouldWin", "Said", "SessionError", "Sessions", "SpellingError"]
