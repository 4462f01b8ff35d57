#!/bin/sh
# Plays a conversion set against HaChu with the match kit's referee:
#   tools/engine/conversion-match.sh KIT BUILD NAME OPENINGS OUT [MAX_PLIES] [MOVETIME_MS]
# KIT is the match kit's directory (see its tools/match/README.md: the referee and HaChu), BUILD a
# directory holding quarkus-run.jar, NAME our engine's name in the games, OPENINGS a file of openings
# (USI moves from the start position, one a line), each ending in a comment that says "we are sente" or
# "we are gote": the colour our engine plays from there (the side that was ahead when the opening was
# cut from a game). Every opening is played once, our engine on its colour (the referee plays each
# opening with both colours, so HaChu is the referee's engine A when we are gote). OUT gets one NDJSON
# line per game, as the referee writes it; the per-game files go to OUT.d/.
set -e
if [ $# -lt 5 ]; then
    echo "usage: $0 KIT BUILD NAME OPENINGS OUT [MAX_PLIES] [MOVETIME_MS]" >&2
    exit 2
fi
kit=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
name=$3
openings=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
out=$(cd "$(dirname "$5")" && pwd)/$(basename "$5")
max=${6:-700}
movetime=${7:-1000}
ours="usi:java -jar $build/quarkus-run.jar usi"
hachu="xboard:$kit/engines/hachu/hachu"
mkdir -p "$out.d"
: > "$out"
i=0
grep -v '^#' "$openings" | grep -v '^ *$' | while read -r line; do
    i=$((i + 1))
    echo "$line" > "$out.d/opening-$i.txt"
    case "$line" in
        *"we are sente"*) a=$ours; b=$hachu; named="--a-name" ;;
        *"we are gote"*) a=$hachu; b=$ours; named="--b-name" ;;
        *) echo "$0: opening $i says neither 'we are sente' nor 'we are gote'" >&2; exit 2 ;;
    esac
    # The name goes to whichever of A and B is ours; HaChu keeps the name it reports.
    (cd "$kit/tools/match" && node referee.mjs --a "$a" --b "$b" $named "$name" --games 1 --movetime "$movetime" \
        --openings "$out.d/opening-$i.txt" --max-plies "$max" --out "$out.d/game-$i.ndjson" > "$out.d/game-$i.out" 2>&1)
    head -1 "$out.d/game-$i.ndjson" >> "$out"
    echo "opening $i: $(head -1 "$out.d/game-$i.ndjson" | cut -c1-200)"
done
