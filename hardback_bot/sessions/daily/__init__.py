"""The Hardback Daily: one deal per UTC day for everyone (``deal``), one attempt per player and the day's par
computed once (``service``), and what it says: the share line, the result card, the boards (``card``)."""
