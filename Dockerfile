# syntax=docker/dockerfile:1
# Consell behind daphne. Configure with the environment variables in docs/deployment.md.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DEBUG=0 \
    SQLITE_PATH=/data/db.sqlite3

# The audit report's PDF (WeasyPrint) draws text with Pango, fontconfig and HarfBuzz; DejaVu is
# the font its stylesheet names (static/css/audit-pdf.css).
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --system consell \
    && useradd --system --gid consell --home-dir /app --no-create-home consell \
    && mkdir -p /data && chown consell:consell /data

WORKDIR /app
COPY . .
RUN pip install . \
    && SECRET_KEY=collectstatic-only python manage.py collectstatic --no-input

# Migrates and loads the default content pack at every start (docker/entrypoint.sh), unless
# CONSELL_MIGRATE=0: docker-compose.yml leaves that to its one-shot migrate service.
COPY --chmod=755 docker/entrypoint.sh /usr/local/bin/consell-entrypoint

USER consell
VOLUME ["/data"]
EXPOSE 8000
ENTRYPOINT ["consell-entrypoint"]
CMD ["daphne", "--proxy-headers", "-b", "0.0.0.0", "-p", "8000", "consell.asgi:application"]
