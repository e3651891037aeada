#!/bin/sh
# Start-up of the Consell container: bring the database up to date and install the default
# content pack (a new deployment can then deal a game at once), then run the command given
# (daphne by default). Loading is all or nothing, and the image's own pack loads the same
# content at every start, as `./dev serve` does. CONSELL_PACK names another pack directory;
# set it to an empty value to load none. CONSELL_MIGRATE=0 skips both steps: with several
# replicas docker-compose.yml runs them once, in its one-shot `migrate` service, before any
# replica starts, rather than in every replica at once.
set -eu

APP="${CONSELL_APP:-/app}"
PACK="${CONSELL_PACK-$APP/consell/content/packs/default}"

if [ "${CONSELL_MIGRATE:-1}" != 0 ]; then
  python "$APP/manage.py" migrate --no-input
  if [ -n "$PACK" ]; then
    python "$APP/manage.py" load_content "$PACK"
  fi
fi
exec "$@"
