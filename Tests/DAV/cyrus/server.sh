#!/usr/bin/env bash
# Cyrus IMAP's CalDAV/CardDAV (Debian's `cyrus-imapd` and `cyrus-caldav`) for one test: the test runs
# Cyrus's `master` itself (`master -C FOLDER/imapd.conf -M FOLDER/cyrus.conf`); this script makes its
# configuration, creates alice's mailbox once it runs, and removes the folder. User alice, password
# secret (SASL's sasldb); HTTP on PORT, IMAP on IMAP_PORT (only for creating the mailbox).
#
#   server.sh setup PORT IMAP_PORT   make a new folder with the configuration, print the folder
#   server.sh mailbox IMAP_PORT      create alice's mailbox (waits for the IMAP service, at most 20 s)
#   server.sh remove FOLDER          remove the folder
set -euo pipefail
case $1 in
setup)
  port=$2
  imap_port=$3
  work=$(mktemp -d /tmp/bdconvert-cyrus-XXXXXX)
  mkdir -p "$work/conf" "$work/spool" "$work/run"
  cat >"$work/imapd.conf" <<CONF
configdirectory: $work/conf
defaultpartition: default
partition-default: $work/spool
servername: 127.0.0.1
admins: admin
allowplaintext: yes
unixhierarchysep: yes
httpmodules: caldav carddav
httpallowcompress: no
caldav_allowscheduling: off
sasl_pwcheck_method: auxprop
sasl_auxprop_plugin: sasldb
sasl_sasldb_path: $work/sasldb2
sasl_mech_list: PLAIN
lmtpsocket: $work/run/lmtp
idlesocket: $work/run/idle
notifysocket: $work/run/notify
mboxname_lockpath: $work/run/lock
proc_path: $work/run/proc
statuscache: 0
CONF
  cat >"$work/cyrus.conf" <<CONF
START {
  recover cmd="ctl_cyrusdb -C $work/imapd.conf -r"
}
SERVICES {
  imap cmd="imapd -C $work/imapd.conf" listen="127.0.0.1:$imap_port" prefork=0
  http cmd="httpd -C $work/imapd.conf" listen="127.0.0.1:$port" prefork=0
}
EVENTS {
}
DAEMON {
}
CONF
  for user in alice admin; do
    echo secret | saslpasswd2 -c -p -f "$work/sasldb2" -u 127.0.0.1 "$user"
  done
  chown -R cyrus:mail "$work"
  echo "$work"
  ;;
mailbox)
  python3 - "$2" <<'PY'
import imaplib, sys, time
for attempt in range(200):
    try:
        imap = imaplib.IMAP4("127.0.0.1", int(sys.argv[1]))
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("cyrus: no IMAP service")
imap.login("admin", "secret")
status, answer = imap.create("user/alice")
if status != "OK":
    sys.exit(f"cyrus: cannot create alice's mailbox: {answer}")
imap.logout()
PY
  ;;
remove)
  rm -rf "$2"
  ;;
*)
  echo "usage: server.sh setup|mailbox|remove ..." >&2
  exit 64
  ;;
esac
