#!/usr/bin/env bash
# DAViCal (Debian's `davical`) for one test, over its own PostgreSQL cluster: the test runs the PHP
# built-in server itself (`php -S 127.0.0.1:PORT -t /usr/share/davical/htdocs` with PGHOST=FOLDER);
# this script makes and removes what it needs. User alice, password secret.
#
#   server.sh template TEMPLATE   make the database once per test run (about 10 s)
#   server.sh start TEMPLATE      copy it into a new folder, start PostgreSQL there, print the folder
#   server.sh stop FOLDER         stop that PostgreSQL and remove the folder
set -euo pipefail
pg=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_postgres() { setpriv --reuid=postgres --regid=postgres --clear-groups "$@"; }
# The socket in the folder, no TCP; no fsync (a test's database is thrown away).
options() { echo "-k $1 -h '' -c fsync=off -c full_page_writes=off"; }

case $1 in
template)
  template=$2
  mkdir -p "$template"
  chown postgres "$template"
  as_postgres "$pg/initdb" -D "$template/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_postgres "$pg/pg_ctl" -D "$template/data" -o "$(options "$template")" -l "$template/log" -w start >/dev/null
  export PGHOST=$template PGUSER=postgres
  /usr/share/davical/dba/create-database.sh davical adminpw >"$template/create.log" 2>&1
  psql -qXAt davical >/dev/null <<'SQL'
INSERT INTO usr (active, username, password, fullname, email)
  VALUES (TRUE, 'alice', '**secret', 'Alice', 'alice@example.net');
INSERT INTO principal (type_id, user_no, displayname, default_privileges)
  SELECT 1, user_no, 'Alice', 0::BIT(24) FROM usr WHERE username = 'alice';
SQL
  as_postgres "$pg/pg_ctl" -D "$template/data" -m fast -w stop >/dev/null
  ;;
start)
  work=$(mktemp -d /tmp/bdconvert-davical-XXXXXX)
  chown postgres "$work"
  cp -a "$2/data" "$work/data"
  as_postgres "$pg/pg_ctl" -D "$work/data" -o "$(options "$work")" -l "$work/log" -w start >/dev/null
  echo "$work"
  ;;
stop)
  as_postgres "$pg/pg_ctl" -D "$2/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$2"
  ;;
*)
  echo "usage: server.sh template|start|stop FOLDER" >&2
  exit 64
  ;;
esac
