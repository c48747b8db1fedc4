#!/usr/bin/env bash
# Records demo-site.warc.gz with an independent WARC writer, GNU Wget (Debian 12: wget 1.21.3):
# each demo site is served on its own loopback port by Python's http.server and crawled from its
# index page, one link deep. Run from the repository's top folder.
set -euo pipefail
site=src/main/resources/demo-site
out=src/test/resources/warc
work=$(mktemp -d)
port=18941
urls=()
pids=()
for s in news-a news-b blog-c world-d mirror-e; do
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site/$s" >/dev/null 2>&1 &
  pids+=($!)
  urls+=("http://127.0.0.1:$port/index.html")
  port=$((port + 1))
done
trap 'kill "${pids[@]}"; rm -rf "$work"' EXIT
sleep 1
wget -q -r -l 1 --no-parent -e robots=off --warc-file="$work/demo-site" --no-warc-keep-log -P "$work/files" "${urls[@]}"
cp "$work/demo-site.warc.gz" "$out/demo-site.warc.gz"
