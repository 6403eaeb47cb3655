#!/usr/bin/env bash
# End-to-end test of scripts/cluster and the HAProxy template deploy/haproxy/haproxy.cfg, from
# outside, against the promises of docs/scaling.md ("A local cluster" and the HAProxy paragraph
# after it). Three scenarios, one cluster start each (about 25 s in all, 10 s of it the third
# start's wait for Redis):
#
#   1. A working cluster of 2 nodes in a directory that does not exist yet: start prints the
#      address and records every part in DIR/cluster.state; status shows the parts and HAProxy's
#      view; /ws/CODE and /rooms/CODE/record of one room reach one node, anything else round
#      robin; X-Forwarded-For reaches the nodes; stop --keep stops everything and keeps DIR; stop
#      removes DIR (start created it); stopping a stopped cluster succeeds.
#   2. A node that exits at once, in a directory that exists (empty): start fails, shows that
#      node's log, stops PostgreSQL and Redis and leaves DIR; stop then removes what start put in
#      DIR and leaves DIR itself. Then a start refused at once (a --dir too long for its unix
#      sockets) must leave no directory behind.
#   3. A Redis that starts but never answers PING (a redis-cli that never gets an answer is first
#      on PATH for start only), in a directory that does not exist yet: start fails after its 10 s
#      of PINGs, says that Redis does not answer, shows the end of redis.log, and stops PostgreSQL
#      and that redis-server, which cluster.state does not record (only DIR/redis.pid names it);
#      stop then leaves neither running and removes DIR.
#
#   bash tests/scripts/cluster_test.sh PATH/TO/broadside      (ctest: ClusterScript.*)
#
# Runs as root (as CI does: PostgreSQL then runs as `postgres`) or as a normal user. Everything
# it starts lives under one mktemp directory and on ports it found free, and is stopped (by pid)
# when it exits, whatever happened.
set -euo pipefail

BIN=${1:?usage: cluster_test.sh PATH/TO/broadside}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CLUSTER="$REPO/scripts/cluster"
# Debian's Python, which has the `websockets` module (a pyenv python3 on PATH may not).
PY=/usr/bin/python3
ROOM_SOCKETS=6 # WebSockets opened to one room through HAProxy
RECORD_GETS=4  # GET /rooms/CODE/record through HAProxy

WORK=$(mktemp -d /tmp/broadside-cluster-test.XXXXXX)
# initdb runs as the `postgres` user when we are root: it must be able to reach DIR/pg.
chmod 755 "$WORK"
FRESH="$WORK/fresh" # scenario 1: does not exist, so start creates it and stop removes it
GIVEN="$WORK/given" # scenario 2: exists (empty), so stop removes only what start put in it
SILENT="$WORK/silent" # scenario 3: does not exist; its Redis never answers PING
FAKE_BIN="$WORK/fake-bin" # scenario 3: the redis-cli put first on PATH for start
SEEN_REDIS="$WORK/unanswering-redis.pid" # scenario 3: the pid of the redis-server start ran
T0=$SECONDS

say() { printf 'cluster_test: %s\n' "$*"; }
fail() {
  printf 'cluster_test: FAIL: %s\n' "$*" >&2
  exit 1
}
# Runs one check (a function of this file) and says how long it took: a slow step shows.
step() {
  local t=$SECONDS
  "$@"
  say "ok $1 ($((SECONDS - t)) s)"
}
# A file's contents under a heading, for a failure message.
show() { printf -- '--- %s:\n%s\n---\n' "$1" "$(cat "$2" 2>/dev/null || echo '(missing)')"; }

# --- cleanup: whatever fails, nothing of ours keeps running ----------------------------------------
# Every process the clusters start has $WORK in its command line (PostgreSQL's -D, Redis's socket,
# the nodes' --db, HAProxy's -f); the ones scripts/cluster stop missed are killed by pid.
kill_leftovers() {
  local pid
  for pid in $(pids_mentioning "$WORK"); do kill -KILL "$pid" 2>/dev/null || true; done
}

cleanup() {
  local rc=$? d pid
  trap - EXIT
  for d in "$FRESH" "$GIVEN" "$SILENT"; do
    [ -f "$d/cluster.state" ] && bash "$CLUSTER" stop --dir "$d" >/dev/null 2>&1 || true
  done
  # Scenario 3's redis-server, which stop may have missed, by the pid its redis-cli saw.
  pid=$(cat "$SEEN_REDIS" 2>/dev/null || true)
  if alive_as "$pid" redis-server; then kill -KILL "$pid" 2>/dev/null || true; fi
  kill_leftovers
  rm -rf "$WORK"
  if [ "$rc" -eq 0 ]; then say "PASS in $((SECONDS - T0)) s"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- helpers ----------------------------------------------------------------------------------------
port_free() { [ -z "$(ss -Htln "sport = :$1" 2>/dev/null)" ]; }

# A port P with P..P+3 free, for HAProxy (P) and the nodes (the script takes the next free ones).
# 20000-28999 is below Linux's ephemeral range, where other tests' servers (port 0) land.
pick_port() {
  local try p k ok
  for ((try = 0; try < 100; try++)); do
    p=$((20000 + RANDOM % 9000))
    ok=1
    for ((k = 0; k < 4; k++)); do port_free $((p + k)) || ok=0; done
    [ "$ok" -eq 1 ] && { echo "$p"; return 0; }
  done
  fail "found no 4 free ports in a row between 20000 and 29000"
}

# The value(s) of a key of DIR/cluster.state, like the script's own state_get.
state_get() { awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$1/cluster.state"; }

# True when pid is alive and its command line contains word (a reused pid does not count).
alive_as() {
  local cmd
  [ -n "$1" ] && [ -r "/proc/$1/cmdline" ] || return 1
  cmd=$(tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline") || return 1
  [[ "$cmd" == *"$2"* ]]
}

# Pids of processes whose command line mentions dir/ (none once a cluster in dir is stopped).
pids_mentioning() {
  local cmdline pid cmd
  for cmdline in /proc/[0-9]*/cmdline; do
    pid=${cmdline#/proc/}
    pid=${pid%/cmdline}
    [ "$pid" != $$ ] && [ "$pid" != "$BASHPID" ] || continue
    cmd=$(tr '\0' ' ' 2>/dev/null <"$cmdline") || continue
    if [[ "$cmd" == *"$1/"* ]]; then echo "$pid"; fi
  done
}

http_code() { curl -s -o /dev/null -m 5 -w '%{http_code}' "$1" || true; }

# One counter of a node's /metrics, read on the node's own port (not through HAProxy). Called as
# `v=$(metric ...)`, so that a failure stops the test (set -e).
metric() {
  local text value
  text=$(curl -s -m 5 "http://127.0.0.1:$1/metrics") || fail "GET /metrics on port $1 failed"
  value=$(awk -v m="$2" '$1 == m { printf "%d", $2 }' <<<"$text")
  [ -n "$value" ] || fail "no $2 in /metrics of port $1"
  echo "$value"
}

# Sessions HAProxy has sent to backend/server so far (column 8, stot, of `show stat`), through
# the script's own admin command. Called as `v=$(haproxy_sessions ...)`, like metric.
haproxy_sessions() {
  local stat value
  stat=$(bash "$CLUSTER" admin --dir "$1" "show stat") || fail "scripts/cluster admin \"show stat\" failed"
  value=$(awk -F, -v b="$2" -v s="$3" '$1 == b && $2 == s { print $8 }' <<<"$stat")
  [ -n "$value" ] || fail "HAProxy's show stat has no $2/$3:"$'\n'"$stat"
  echo "$value"
}

# Creates a classic room in the lobby through HAProxy, connecting from 127.0.0.2 so that the
# address HAProxy forwards (X-Forwarded-For) differs from its own; prints the room's code.
create_room_from_127_0_0_2() {
  "$PY" - "$1" <<'EOF'
import asyncio, json, sys, websockets
async def main(port):
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws", local_addr=("127.0.0.2", 0)) as ws:
        await ws.send(json.dumps({"cmd": "hello", "protocol": 2, "id": 1}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        await ws.send(json.dumps({"cmd": "create", "game": "classic", "options": {}, "id": 2}))
        answer = json.loads(await ws.recv())
        assert answer.get("type") == "room_created", answer
        print(answer["room"])
asyncio.run(main(int(sys.argv[1])))
EOF
}

# Opens N WebSockets to /ws/CODE through HAProxy, alternately in upper and lower case (the code
# is read in any case; HAProxy hashes it upper-cased), all open at once, each answered with the
# room's welcome; then closes them.
open_room_sockets() {
  "$PY" - "$1" "$2" "$3" <<'EOF'
import asyncio, json, sys, websockets
async def main(port, code, n):
    sockets = []
    for i in range(n):
        path = code if i % 2 == 0 else code.lower()
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/{path}")
        sockets.append(ws)
        await ws.send(json.dumps({"cmd": "hello", "protocol": 2, "id": 1}))
        welcome = json.loads(await ws.recv())
        assert welcome.get("type") == "welcome", welcome
    for ws in sockets:
        await ws.close()
asyncio.run(main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
EOF
}

# --- scenario 1: a working cluster -------------------------------------------------------------------
start_fresh_cluster() {
  PORT=$(pick_port)
  say "start --nodes 2 --port $PORT --dir $FRESH -- --room-ttl 7200"
  # `-- --room-ttl 7200`: flags after -- go to every node (harmless here; seen in their command lines).
  bash "$CLUSTER" start --nodes 2 --port "$PORT" --dir "$FRESH" --bin "$BIN" -- --room-ttl 7200 \
    >"$WORK/start.out" 2>"$WORK/start.err" ||
    fail "start exited $?; $(show stdout "$WORK/start.out"; show stderr "$WORK/start.err")"
  [ -d "$FRESH" ] && [ -f "$FRESH/cluster.state" ] || fail "start left no $FRESH/cluster.state"
}

check_start_prints_the_address() {
  grep -qF "http://127.0.0.1:$PORT/" "$WORK/start.out" ||
    fail "start did not print the address http://127.0.0.1:$PORT/; $(show stdout "$WORK/start.out")"
  [ "$(http_code "http://127.0.0.1:$PORT/healthz")" = 200 ] ||
    fail "GET /healthz through HAProxy at http://127.0.0.1:$PORT/ did not answer 200"
}

# cluster.state records every part with a pid that is alive and is that part.
check_state_records_the_parts() {
  local s="$FRESH" pid name port n=0
  [ "$(state_get "$s" created_dir)" = 1 ] || fail "cluster.state lacks 'created_dir 1' for a directory start created; $(show cluster.state "$s/cluster.state")"
  [ "$(state_get "$s" haproxy_port)" = "$PORT" ] || fail "cluster.state does not record haproxy_port $PORT; $(show cluster.state "$s/cluster.state")"
  alive_as "$(state_get "$s" pg_pid)" postgres || fail "cluster.state's pg_pid is not a running postgres; $(show cluster.state "$s/cluster.state")"
  alive_as "$(state_get "$s" redis_pid)" redis || fail "cluster.state's redis_pid is not a running redis-server; $(show cluster.state "$s/cluster.state")"
  alive_as "$(state_get "$s" haproxy_pid)" haproxy || fail "cluster.state's haproxy_pid is not a running haproxy; $(show cluster.state "$s/cluster.state")"
  while read -r name pid port; do
    n=$((n + 1))
    [ "$name" = "node$n" ] || fail "cluster.state's node $n is named '$name', not node$n"
    alive_as "$pid" serve || fail "cluster.state's $name pid $pid is not a running broadside serve"
    [ "$(http_code "http://127.0.0.1:$port/healthz")" = 200 ] || fail "$name's own port $port (cluster.state) does not answer /healthz"
  done < <(state_get "$s" node)
  [ "$n" -eq 2 ] || fail "cluster.state records $n nodes, not 2; $(show cluster.state "$s/cluster.state")"
}

# The doc's details of each part that are cheap to see from outside: every node started with the
# documented flags (and those after --) and, like HAProxy, with `ulimit -n` 16384; PostgreSQL and
# Redis on no TCP port (unix sockets in DIR).
check_parts_as_documented() {
  local s="$FRESH" pid name port what listening cmd flag
  while read -r name pid port; do
    cmd=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || fail "$name (pid $pid) is gone"
    for flag in "serve --db postgresql:///broadside?host=$s/pg" "--port $port " \
      "--public-url http://127.0.0.1:$PORT " "--trusted-proxy 127.0.0.1 " "--node $name " \
      "--advertise http://127.0.0.1:$port " "--redis unix:$s/redis.sock " "--room-ttl 7200 "; do
      [[ "$cmd" == *"$flag"* ]] || fail "$name was not started with '$flag': $cmd"
    done
    grep -Eq '^Max open files +16384 ' "/proc/$pid/limits" || fail "$name does not run with ulimit -n 16384"
  done < <(state_get "$s" node)
  pid=$(state_get "$s" haproxy_pid)
  grep -Eq '^Max open files +16384 ' "/proc/$pid/limits" || fail "HAProxy does not run with ulimit -n 16384"
  for what in pg_pid redis_pid; do
    pid=$(state_get "$s" "$what")
    listening=$(ss -Htlnp 2>/dev/null) || fail "ss -tlnp failed"
    if [[ "$listening" == *"pid=$pid,"* ]]; then
      fail "${what%_pid} (pid $pid) listens on a TCP port:"$'\n'"$listening"
    fi
  done
  [ -S "$s/redis.sock" ] || fail "no Redis socket at $s/redis.sock"
  compgen -G "$s/pg/.s.PGSQL.*" >/dev/null || fail "no PostgreSQL socket in $s/pg"
  [ -S "$s/haproxy.sock" ] || fail "no HAProxy admin socket at $s/haproxy.sock"
}

check_status_shows_everything_up() {
  local out part
  out=$(bash "$CLUSTER" status --dir "$FRESH" 2>&1) || fail "status exited non-zero with every part up:"$'\n'"$out"
  for part in postgresql redis node1 node2 haproxy; do
    grep -Eq "^ +$part +up " <<<"$out" || fail "status does not show $part up:"$'\n'"$out"
  done
  for part in be_any/node1 be_any/node2 be_room/node1 be_room/node2; do
    grep -Eq "^ +$part: UP$" <<<"$out" || fail "status does not show HAProxy's view '$part: UP':"$'\n'"$out"
  done
}

# Anything but a room's paths goes round robin: /healthz through HAProxy names the node that
# answered, and four in a row alternate between the two nodes.
check_round_robin() {
  local i body names=()
  for ((i = 0; i < 4; i++)); do
    body=$(curl -s -m 5 "http://127.0.0.1:$PORT/healthz") || fail "GET /healthz through HAProxy failed"
    names+=("$(sed -n 's/.*"node":"\([^"]*\)".*/\1/p' <<<"$body")")
  done
  [ -n "${names[0]}" ] || fail "/healthz through HAProxy names no node: $body"
  for ((i = 1; i < 4; i++)); do
    [ "${names[$i]}" != "${names[$((i - 1))]}" ] ||
      fail "GET /healthz through HAProxy is not round robin: four in a row reached ${names[*]}"
  done
}

# X-Forwarded-For reaches the nodes and is believed from HAProxy: a room created by a client on
# 127.0.0.2 is logged by its node as created from 127.0.0.2, not from HAProxy's 127.0.0.1.
# Sets CODE and OWNER (the node that created, and so owns, the room).
create_room_and_check_forwarded_for() {
  local line
  CODE=$(create_room_from_127_0_0_2 "$PORT") || fail "could not create a room in the lobby through HAProxy"
  line=$(grep -h "room $CODE created" "$FRESH"/node*.log || true)
  [ -n "$line" ] || fail "no node logged 'room $CODE created'"
  [[ "$line" == *"from 127.0.0.2"* ]] ||
    fail "X-Forwarded-For does not reach the nodes: a room created from 127.0.0.2 is logged as '$line'"
  OWNER=$(grep -l "room $CODE created" "$FRESH"/node*.log)
  OWNER=$(basename "$OWNER" .log)
}

# /ws/CODE and /rooms/CODE/record go to the one node the code hashes to. Seen twice:
# - by the nodes: a WebSocket reaching the owner is a session there (broadside_connections_total);
#   one reaching another node is relayed by it to the owner (broadside_relayed_connections_total
#   there, and a session at the owner). So node K was reached by its relayed count plus its
#   sessions minus those the other node relayed to it;
# - by HAProxy: the sessions of backend be_room per server (stot).
# Both must put all of them on the same single node.
check_room_paths_reach_one_node() {
  local s="$FRESH" name pid port k other v hits=() sess0=() relay0=() stot0=() d_sess=() d_relay=() stot=() i code
  local -a names=() ports=()
  while read -r name pid port; do
    names+=("$name")
    ports+=("$port")
  done < <(state_get "$s" node)
  for k in 0 1; do
    sess0[k]=$(metric "${ports[$k]}" broadside_connections_total)
    relay0[k]=$(metric "${ports[$k]}" broadside_relayed_connections_total)
    stot0[k]=$(haproxy_sessions "$s" be_room "${names[$k]}")
  done
  open_room_sockets "$PORT" "$CODE" "$ROOM_SOCKETS" ||
    fail "could not open $ROOM_SOCKETS WebSockets to /ws/$CODE through HAProxy"
  for ((i = 0; i < RECORD_GETS; i++)); do
    code=$CODE
    [ $((i % 2)) -eq 1 ] && code=${CODE,,}
    # Not over, so no record: 404 no_record (docs/server.md) whichever node answers.
    [ "$(http_code "http://127.0.0.1:$PORT/rooms/$code/record")" = 404 ] ||
      fail "GET /rooms/$code/record through HAProxy did not answer 404 (no record yet)"
  done
  for k in 0 1; do
    v=$(metric "${ports[$k]}" broadside_connections_total)
    d_sess[k]=$((v - sess0[k]))
    v=$(metric "${ports[$k]}" broadside_relayed_connections_total)
    d_relay[k]=$((v - relay0[k]))
    v=$(haproxy_sessions "$s" be_room "${names[$k]}")
    stot[k]=$((v - stot0[k]))
  done
  for k in 0 1; do
    other=$((1 - k))
    hits[k]=$((d_relay[k] + d_sess[k] - d_relay[other]))
  done
  local seen="node-side: ${names[0]} reached by ${hits[0]} (sessions +${d_sess[0]}, relayed +${d_relay[0]}), ${names[1]} by ${hits[1]} (sessions +${d_sess[1]}, relayed +${d_relay[1]}); HAProxy be_room sessions: ${names[0]} +${stot[0]}, ${names[1]} +${stot[1]}; room $CODE owned by $OWNER"
  [ $((d_sess[0] + d_sess[1])) -eq "$ROOM_SOCKETS" ] ||
    fail "the $ROOM_SOCKETS WebSockets to /ws/$CODE did not all become sessions of the room ($seen)"
  for k in 0 1; do
    other=$((1 - k))
    if [ "${hits[$k]}" -eq "$ROOM_SOCKETS" ]; then
      [ "${hits[$other]}" -eq 0 ] || fail "the WebSockets of room $CODE reached both nodes ($seen)"
      [ "${stot[$k]}" -eq $((ROOM_SOCKETS + RECORD_GETS)) ] && [ "${stot[$other]}" -eq 0 ] ||
        fail "HAProxy did not send all $ROOM_SOCKETS WebSockets and $RECORD_GETS record downloads of room $CODE (both cases) to ${names[$k]} ($seen)"
      say "room $CODE: all $ROOM_SOCKETS WebSockets and $RECORD_GETS record downloads went to ${names[$k]} ($seen)"
      return 0
    fi
  done
  fail "the $ROOM_SOCKETS WebSockets to /ws/$CODE (both cases) did not all reach one node ($seen)"
}

# stop --keep: every part recorded is stopped the documented way, its sockets and ports are
# gone, and DIR stays with the logs.
stop_keep_and_check_everything_stopped() {
  local s="$FRESH" out what pid name port left
  out=$(bash "$CLUSTER" stop --keep --dir "$s" 2>&1) || fail "stop --keep exited non-zero:"$'\n'"$out"
  for what in pg_pid:postgres redis_pid:redis haproxy_pid:haproxy; do
    pid=$(state_get "$s" "${what%%:*}")
    ! alive_as "$pid" "${what#*:}" || fail "${what#*:} (pid $pid) still runs after stop --keep:"$'\n'"$out"
  done
  while read -r name pid port; do
    ! alive_as "$pid" serve || fail "$name (pid $pid) still runs after stop --keep:"$'\n'"$out"
    port_free "$port" || fail "$name's port $port is still listened on after stop --keep"
    # SIGTERM drains a node (docs/server.md): it says so in its log, and that it stopped cleanly.
    grep -q 'signal 15: draining' "$s/$name.log" && grep -q 'Broadside server stopped' "$s/$name.log" ||
      fail "$name was not drained by SIGTERM (its log lacks 'signal 15: draining' or 'Broadside server stopped'); $(show "$name.log" "$s/$name.log")"
  done < <(state_get "$s" node)
  port_free "$PORT" || fail "HAProxy's port $PORT is still listened on after stop --keep"
  left=$(pids_mentioning "$s")
  [ -z "$left" ] || fail "processes of the cluster still run after stop --keep: $(for pid in $left; do tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline"; echo; done)"
  [ ! -e "$s/redis.sock" ] || fail "$s/redis.sock is still there after stop --keep"
  ! compgen -G "$s/pg/.s.PGSQL.*" >/dev/null || fail "PostgreSQL's socket in $s/pg is still there after stop --keep"
  if [ -S "$s/haproxy.sock" ] && "$PY" -c 'import socket, sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])' "$s/haproxy.sock" 2>/dev/null; then
    fail "HAProxy's admin socket $s/haproxy.sock still answers after stop --keep"
  fi
  grep -q 'fast shutdown request' "$s/pg/postgres.log" || fail "PostgreSQL was not stopped with pg_ctl stop -m fast; $(show postgres.log "$s/pg/postgres.log")"
  [ -f "$s/cluster.state" ] && [ -f "$s/node1.log" ] && [ -f "$s/node2.log" ] ||
    fail "stop --keep did not keep $s with its state and logs: $(ls -A "$s" 2>&1)"
}

# status of a stopped (kept) cluster: non-zero, every part DOWN.
check_status_shows_everything_down() {
  local out rc=0 part
  out=$(bash "$CLUSTER" status --dir "$FRESH" 2>&1) || rc=$?
  [ "$rc" -ne 0 ] || fail "status exited 0 for a stopped cluster:"$'\n'"$out"
  for part in postgresql redis node1 node2 haproxy; do
    grep -Eq "^ +$part +DOWN " <<<"$out" || fail "status does not show $part DOWN after stop:"$'\n'"$out"
  done
}

# stop of the stopped cluster removes DIR, which start created; a third stop still succeeds.
stop_again_removes_the_directory() {
  local out
  out=$(bash "$CLUSTER" stop --dir "$FRESH" 2>&1) || fail "stop of a stopped cluster exited non-zero:"$'\n'"$out"
  [ ! -e "$FRESH" ] || fail "stop did not remove $FRESH, which start created; it holds: $(ls -A "$FRESH" 2>&1 | tr "\n" " ")"$'\n'"$out"
  out=$(bash "$CLUSTER" stop --dir "$FRESH" 2>&1) || fail "stop with the cluster already stopped and removed exited non-zero:"$'\n'"$out"
}

# --- scenario 2: a part that fails to start -----------------------------------------------------------
# A "broadside" that answers `serve --help` as the real one does (start checks it for --db) and
# otherwise exits at once, as a node that cannot start would.
write_failing_binary() {
  cat >"$WORK/failing-broadside" <<EOF
#!/usr/bin/env bash
if [ "\$*" = "serve --help" ]; then exec "$BIN" serve --help; fi
echo "failing-broadside: this node refuses to start (on purpose)" >&2
exit 3
EOF
  chmod +x "$WORK/failing-broadside"
}

start_with_a_failing_node() {
  local rc=0
  mkdir "$GIVEN"
  say "start --nodes 1 --dir $GIVEN (an existing directory) with a node that exits"
  bash "$CLUSTER" start --nodes 1 --dir "$GIVEN" --bin "$WORK/failing-broadside" \
    >"$WORK/fail.out" 2>"$WORK/fail.err" || rc=$?
  [ "$rc" -ne 0 ] || fail "start succeeded with a node that exits; $(show stdout "$WORK/fail.out")"
  grep -qF -- "--- last lines of $GIVEN/node1.log" "$WORK/fail.err" &&
    grep -qF "this node refuses to start (on purpose)" "$WORK/fail.err" ||
    fail "start did not show the end of node1's log; $(show stderr "$WORK/fail.err")"
}

# What start had started (PostgreSQL, Redis) is stopped; DIR is left for stop.
check_failed_start_stopped_what_it_started() {
  local s="$GIVEN" pid left
  [ -f "$s/cluster.state" ] || fail "the failed start did not leave $s/cluster.state for stop"
  [ -n "$(state_get "$s" pg_pid)" ] && [ -n "$(state_get "$s" redis_pid)" ] ||
    fail "PostgreSQL and Redis were not started before the node (the test needs them running when it fails); $(show cluster.state "$s/cluster.state")"
  pid=$(state_get "$s" pg_pid)
  ! alive_as "$pid" postgres || fail "PostgreSQL (pid $pid) still runs after the failed start"
  pid=$(state_get "$s" redis_pid)
  ! alive_as "$pid" redis || fail "Redis (pid $pid) still runs after the failed start"
  left=$(pids_mentioning "$s")
  [ -z "$left" ] || fail "processes from $s still run after the failed start: $(for pid in $left; do tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline"; echo; done)"
  [ -f "$s/node1.log" ] || fail "the failed start did not keep node1's log"
}

# DIR existed before start: stop removes what start put in it and leaves DIR, empty.
stop_removes_only_what_start_created() {
  local out
  out=$(bash "$CLUSTER" stop --dir "$GIVEN" 2>&1) || fail "stop after the failed start exited non-zero:"$'\n'"$out"
  [ -d "$GIVEN" ] || fail "stop removed $GIVEN, which existed before start"
  [ -z "$(ls -A "$GIVEN")" ] || fail "stop left in $GIVEN what start put there: $(ls -A "$GIVEN")"
}

# A start refused before anything runs (a --dir too long for the unix sockets in it) leaves no
# directory behind (it used to make DIR first, which no stop would then remove).
check_refused_start_leaves_no_directory() {
  local long out rc=0
  long="$WORK/$(printf 'd%.0s' {1..120})"
  out=$(bash "$CLUSTER" start --nodes 1 --dir "$long" --bin "$BIN" 2>&1) || rc=$?
  [ "$rc" -ne 0 ] || fail "start accepted a --dir of ${#long} characters:"$'\n'"$out"
  [ ! -e "$long" ] || fail "a refused start (--dir too long) left $long behind:"$'\n'"$out"
}

# --- scenario 3: a Redis that never answers PING -----------------------------------------------------
# A redis-cli that never gets an answer, so the real redis-server starts (and is ready) but start's
# PING fails. Each call also reads DIR/redis.pid, which redis-server writes once it runs: the
# first time it names a running redis-server, that pid is kept in $SEEN_REDIS for the checks
# (Redis removes its pid file when it stops, so after the failed start nothing else names it).
write_unanswering_redis_cli() {
  mkdir "$FAKE_BIN"
  cat >"$FAKE_BIN/redis-cli" <<EOF
#!/usr/bin/env bash
if [ ! -s "$SEEN_REDIS" ] && [ -s "$SILENT/redis.pid" ]; then
  pid=\$(cat "$SILENT/redis.pid")
  if tr '\\0' ' ' 2>/dev/null <"/proc/\$pid/cmdline" | grep -q redis-server; then echo "\$pid" >"$SEEN_REDIS"; fi
fi
echo "Could not connect to Redis (cluster_test.sh's redis-cli: no answer, on purpose)" >&2
exit 1
EOF
  chmod +x "$FAKE_BIN/redis-cli"
}

# start PINGs 100 times, 0.1 s apart, then gives up: about 10 s.
start_with_an_unanswering_redis() {
  local rc=0
  say "start --nodes 1 --dir $SILENT with a redis-cli that never gets an answer (start PINGs for 10 s)"
  PATH="$FAKE_BIN:$PATH" bash "$CLUSTER" start --nodes 1 --dir "$SILENT" --bin "$BIN" \
    >"$WORK/silent.out" 2>"$WORK/silent.err" || rc=$?
  [ "$rc" -ne 0 ] || fail "start succeeded though Redis never answered PING; $(show stdout "$WORK/silent.out")"
  grep -qF "Redis does not answer on $SILENT/redis.sock" "$WORK/silent.err" ||
    fail "start did not say that Redis does not answer on $SILENT/redis.sock; $(show stderr "$WORK/silent.err")"
  # The end of redis.log, which shows that redis-server itself was up ("The server is now ready
  # to accept connections at DIR/redis.sock" in Redis 7, "Ready to accept connections" before).
  grep -qF -- "--- last lines of $SILENT/redis.log" "$WORK/silent.err" &&
    grep -qiF "ready to accept connections" "$WORK/silent.err" ||
    fail "start did not show the end of Redis's log (where redis-server says it is ready to accept connections); $(show stderr "$WORK/silent.err")"
}

# The failed start stopped PostgreSQL and the redis-server, though cluster.state records no
# redis_pid. Sets PG_PID and REDIS_PID for the next step.
check_failed_start_stopped_the_unanswering_redis() {
  local s="$SILENT" pid left
  [ -f "$s/cluster.state" ] || fail "the failed start did not leave $s/cluster.state for stop"
  REDIS_PID=$(cat "$SEEN_REDIS" 2>/dev/null || true)
  [ -n "$REDIS_PID" ] ||
    fail "$s/redis.pid never named a running redis-server while start PINGed (the test needs Redis started and silent); $(show stderr "$WORK/silent.err")"
  [ -z "$(state_get "$s" redis_pid)" ] ||
    fail "cluster.state records a redis_pid though Redis never answered PING (the test needs it unrecorded); $(show cluster.state "$s/cluster.state")"
  PG_PID=$(state_get "$s" pg_pid)
  [ -n "$PG_PID" ] || fail "PostgreSQL was not started before Redis; $(show cluster.state "$s/cluster.state")"
  ! alive_as "$PG_PID" postgres || fail "PostgreSQL (pid $PG_PID) still runs after the failed start"
  ! alive_as "$REDIS_PID" redis-server ||
    fail "the redis-server that never answered PING (pid $REDIS_PID, named only by $s/redis.pid) still runs after the failed start; $(show stderr "$WORK/silent.err")"
  [ ! -e "$s/redis.sock" ] || fail "$s/redis.sock is still there after the failed start"
  left=$(pids_mentioning "$s")
  [ -z "$left" ] || fail "processes from $s still run after the failed start: $(for pid in $left; do tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline"; echo; done)"
}

# stop, with the real redis-cli on PATH again, leaves neither running nor the socket listened on,
# and removes DIR, which start created.
stop_after_the_unanswering_redis() {
  local s="$SILENT" out pid left
  out=$(bash "$CLUSTER" stop --dir "$s" 2>&1) || fail "stop after the failed start exited non-zero:"$'\n'"$out"
  ! alive_as "$REDIS_PID" redis-server ||
    fail "the redis-server that never answered PING (pid $REDIS_PID, named only by $s/redis.pid) still runs after stop:"$'\n'"$out"
  ! alive_as "$PG_PID" postgres || fail "PostgreSQL (pid $PG_PID) still runs after stop:"$'\n'"$out"
  ! ss -Hxl 2>/dev/null | grep -qF "$s/redis.sock" || fail "$s/redis.sock is still listened on after stop (ss -xl)"
  left=$(pids_mentioning "$s")
  [ -z "$left" ] || fail "processes from $s still run after stop: $(for pid in $left; do tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline"; echo; done)"
  [ ! -e "$s" ] || fail "stop did not remove $s, which start created; it holds: $(ls -A "$s" 2>&1 | tr "\n" " ")"$'\n'"$out"
}

# --- main -------------------------------------------------------------------------------------------
[ -x "$BIN" ] || fail "no broadside binary at $BIN"
"$PY" -c 'import websockets' 2>/dev/null || fail "$PY has no websockets module (apt-get install python3-websockets)"

step start_fresh_cluster
step check_start_prints_the_address
step check_state_records_the_parts
step check_parts_as_documented
step check_status_shows_everything_up
step check_round_robin
step create_room_and_check_forwarded_for
step check_room_paths_reach_one_node
step stop_keep_and_check_everything_stopped
step check_status_shows_everything_down
step stop_again_removes_the_directory
say "scenario 1 (a working cluster) passed after $((SECONDS - T0)) s"

step write_failing_binary
step start_with_a_failing_node
step check_failed_start_stopped_what_it_started
step stop_removes_only_what_start_created
step check_refused_start_leaves_no_directory
say "scenario 2 (a node that fails to start) passed"

step write_unanswering_redis_cli
step start_with_an_unanswering_redis
step check_failed_start_stopped_the_unanswering_redis
step stop_after_the_unanswering_redis
say "scenario 3 (a Redis that never answers PING) passed"
