"""Running the bot in production: the optional HTTP listener (health, shard states, Prometheus metrics),
the metrics themselves, JSON logs and the container health probe (docs/operations.md).

Below every other layer: the store, the sessions and the bot report into it, and it learns about them only
through the small interfaces it declares (a gateway callback, a store that can ping). This module imports
nothing, so the health probe (``python -m hardback_bot.ops.probe``) starts quickly.
"""
