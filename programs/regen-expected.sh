#!/usr/bin/env bash
# Regenerates programs/expected/<Name>.size1.txt from HotSpot (needs a JDK 17
# `javac` and `java` on PATH) and checks that every program is deterministic:
# each program is run twice at size 1 and the two outputs must be identical.
#
#   programs/regen-expected.sh            # all programs
#   programs/regen-expected.sh GCBench    # just one
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
mkdir -p "$here/expected"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in "$here"/*.java; do names+=("$(basename "$f" .java)"); done
fi
for name in "${names[@]}"; do
    javac -d "$out/$name" "$here/$name.java"
    a="$(java -XX:+UseSerialGC -Xmx16m -cp "$out/$name" "$name" 1)"
    b="$(java -XX:+UseSerialGC -Xmx16m -cp "$out/$name" "$name" 1)"
    if [ "$a" != "$b" ]; then
        echo "$name: output differs between two runs" >&2
        exit 1
    fi
    printf '%s\n' "$a" > "$here/expected/$name.size1.txt"
    echo "$name: ok ($(wc -l < "$here/expected/$name.size1.txt") lines)"
done
