"""The expert computer player (strength 4): plans ahead by playing sampled games forward (docs/ai.md)."""
