#!/bin/sh
# The independent validators `npm test` runs the XML writers and the feeds against, from Debian's
# packages: xmllint (libxml2-utils) checks that every XML document written is well-formed,
# Python's feedparser reads the feeds as a feed reader does, and jing checks Atom against the
# RFC 4287 RELAX NG schema; Chromium (driven by playwright-core) opens the service's API reference
# page at /docs as a visitor's browser does; the store tests start a PostgreSQL server of their own
# (Debian puts its binaries in /usr/lib/postgresql/<version>/bin, not on PATH); Varnish runs the
# repository's VCL in front of two instances of the service (varnishd is in /usr/sbin, on root's
# PATH only). Installed only when
# missing (so a second run does nothing), as root.
set -eu
missing=''
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
command -v jing >/dev/null 2>&1 || missing="$missing jing"
command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
command -v varnishd >/dev/null 2>&1 || [ -x /usr/sbin/varnishd ] || missing="$missing varnish"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
python3 -c 'import feedparser' >/dev/null 2>&1 || /usr/bin/python3 -c 'import feedparser' >/dev/null 2>&1 || missing="$missing python3-feedparser"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "test-tools: missing Debian packages:$missing (run as root, or install them)" >&2
  exit 1
fi
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
