#!/usr/bin/env bash
# The commands the README quotes: verify, browse and migrate on the leaderboard example's
# table, against a private dynalite. From anywhere, after `mvn -B -q install -DskipTests` at the
# repository root (it builds examples/target/classes and tools/target/*-cli.jar).
#
# The demo's own classes (RunV2, the twelve-digit layout, and the migration RunToRunV2) are
# compiled here with the dynakeys processor, apart from the examples' Run: one compilation may not
# hold two layouts of one item collection.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

work=$(mktemp -d)
port=${DYNALITE_PORT:-8123}
node node_modules/dynalite/cli.js --host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 \
  > "$work/dynalite.log" 2>&1 &
dynalite=$!
trap 'kill "$dynalite" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

# The examples' classpath holds the processor (a test dependency) and everything it needs.
mvn -B -q -pl examples dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp.txt" >&2
cp="examples/target/classes:operations/target/classes:tools/target/classes:$(cat "$work/cp.txt")"
javac -d "$work/demo" -cp "$cp" -processorpath "$cp" tools/demo/src/io/dynakeys/tools/demo/*.java

export AWS_ACCESS_KEY_ID=dummy AWS_SECRET_ACCESS_KEY=dummy AWS_REGION=us-east-1
export AWS_ENDPOINT_URL_DYNAMODB="http://127.0.0.1:$port"
java -cp "$cp:$work/demo" io.dynakeys.tools.demo.SetUpLeaderboard leaderboard >&2

root=$(pwd)
cli="$root/tools/target/dynakeys-tools-0.1.0-SNAPSHOT-cli.jar:$root/examples/target/classes:$work/demo"
dynakeys() {
  echo "\$ dynakeys $*"
  local status=0
  java -cp "$cli" io.dynakeys.tools.Main "$@" 2>&1 || status=$?
  echo "(exit status $status)"
  echo
}

cd "$work"
dynakeys verify --table leaderboard --schema io.dynakeys.examples.leaderboard.RunKeys --no-progress
dynakeys browse --table leaderboard --schema io.dynakeys.examples.leaderboard.RunKeys --partition 2026-SPRING
dynakeys verify --table leaderboard --schema io.dynakeys.tools.demo.RunV2Keys --samples 2 --no-progress
dynakeys migrate --table leaderboard --migration io.dynakeys.tools.demo.RunToRunV2 --dry-run --samples 3 \
  --no-progress
dynakeys migrate --table leaderboard --migration io.dynakeys.tools.demo.RunToRunV2 --checkpoint migration.json \
  --no-progress
dynakeys browse --table leaderboard --schema io.dynakeys.tools.demo.RunV2Keys --partition 2026-SPRING --limit 5
