# The Hardback bot: one process of it (python bot.py), the bundled word lists and card art inside.
#   docker build -t hardback-bot .
#   docker run --init --env-file .env -v hardback-data:/app/data hardback-bot
# compose.yaml runs it as two shard processes on PostgreSQL (docs/operations.md).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so that a change of the code alone does not reinstall them.
COPY pyproject.toml README.md LICENSE ./
COPY hardback_bot ./hardback_bot
RUN pip install --no-cache-dir . \
    && groupadd --system --gid 10001 hardback \
    && useradd --system --uid 10001 --gid hardback --home-dir /app --shell /usr/sbin/nologin hardback \
    && mkdir -p /app/data \
    && chown 10001:10001 /app/data

COPY --chown=root:root bot.py ./
COPY --chown=root:root cogs ./cogs
COPY --chown=root:root wordlists ./wordlists
COPY --chown=root:root card_art ./card_art

# Everything here is read-only for the bot; only its SQLite file (when not on PostgreSQL) is written.
ENV HARDBACK_WORDLISTS=/app/wordlists \
    HARDBACK_CARD_ART=/app/card_art \
    HARDBACK_DB=/app/data/hardback.db \
    HARDBACK_HTTP=127.0.0.1:8080 \
    HARDBACK_LOG_FORMAT=json

# Not root: the user made above, by number so that the host and Kubernetes can check it.
USER 10001:10001
VOLUME ["/app/data"]

# /health answers 200 while the gateway is connected, the database answers and the outbox drains.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "hardback_bot.ops.probe"]

STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
