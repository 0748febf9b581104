#!/bin/sh
# Regenerates the rows of the table of optima in docs/optima.md: every game
# of at most 10,000 codes with 3..8 positions and 2..10 colours, repeats
# allowed or distinct, smallest first.
#
#   go build -o /tmp/mastermind ./cmd/mastermind
#   MM=/tmp/mastermind docs/optima.sh [BUDGET] > /tmp/rows.md
#   docs/optima.sh --list      # the games, smallest first
#   FROM=5000 docs/optima.sh   # only the games of at least 5000 codes
#   GAMES='5x6,4 of 10 distinct' docs/optima.sh   # only these, in the table's order
#   TREES=optimal/optima docs/optima.sh   # also keep the trees of more than 1000 codes
#   DEPTH=no docs/optima.sh            # without the searches within max-1 guesses
#   RULE=black docs/optima.sh          # under the answer rule black (or slots)
#
# With TREES=DIR, the tree of every game of more than 1000 codes that
# finishes is written to DIR/NAME.json.gz (NAME as 5x6 or 5of8), replayed
# by go test ./optimal (TestOptimaTrees).
#
# For each game: `optimal --out` (within BUDGET seconds, 600 by default),
# then `eval --tree` replays the tree over every secret and must reproduce
# the total; then `optimal --max-depth M-1` (M the optimum's most guesses)
# for the best total that never needs M guesses. Seconds and peak memory
# come from /usr/bin/time (GNU). A search that does not finish within the
# budget is stopped with SIGINT and its row says so. Every game done one
# after the other, with the default budget: about three hours on 2 cores.
#
# With RULE=black or RULE=slots, every search takes --feedback RULE, each
# game's name is followed by the rule in brackets ("4x6 (black)"), the
# trees (of more than 400 codes) are DIR/NAME-RULE.json.gz (and
# DIR/NAME-RULE-dD.json.gz within D = max-1 guesses, if any), and a last
# column gives the fewest guesses any
# strategy needs: --max-depth one fewer each time until no strategy fits
# (a search stopped at the budget there leaves it as "<= D").
set -u
MM=${MM:-mastermind}
BUDGET=${1:-600}
FROM=${FROM:-0}
GAMES=${GAMES:-}
TREES=${TREES:-}
DEPTH=${DEPTH:-yes}
RULE=${RULE:-}
# The trees of the games of more than TREEMIN codes are kept: 1000, and
# under a rule 400 (the tests search the smaller rows again).
TREEMIN=1000
[ -n "$RULE" ] && TREEMIN=400
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p" "$2"; }

# run NAME ARGS...: optimal within the budget; sets total, average, max,
# secs, mb, ok.
run() {
	/usr/bin/time -f '%e %M' -o "$TMP/time" timeout -s INT "$BUDGET" "$MM" optimal "$@" --json >"$TMP/out" 2>"$TMP/err"
	status=$?
	secs=$(cut -d' ' -f1 "$TMP/time" | tail -1)
	mb=$(( $(cut -d' ' -f2 "$TMP/time" | tail -1) / 1024 ))
	total=$(field total "$TMP/out")
	average=$(field average "$TMP/out")
	max=$(field max "$TMP/out")
	ok=$status
}

games() {
	for p in 3 4 5 6 7 8; do
		for c in 2 3 4 5 6 7 8 9 10; do
			n=1; i=0
			while [ $i -lt $p ]; do n=$((n * c)); i=$((i + 1)); done
			[ $n -le 10000 ] && echo "$n $p $c repeats"
			if [ $c -ge $p ]; then
				n=1; i=0
				while [ $i -lt $p ]; do n=$((n * (c - i))); i=$((i + 1)); done
				[ $n -le 10000 ] && echo "$n $p $c distinct"
			fi
		done
	done | awk -v from="$FROM" '$1 >= from' | sort -n -k1,1 -k2,2
}

if [ "$BUDGET" = --list ]; then
	games | while read -r n p c kind; do
		if [ "$kind" = distinct ]; then echo "$p of $c distinct ($n codes)"; else echo "${p}x$c ($n codes)"; fi
	done
	exit 0
fi

if [ -n "$RULE" ]; then
	echo "| game | codes | optimal total | average | max | best total within max-1 | seconds | MB | checked | fewest guesses |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
else
	echo "| game | codes | optimal total | average | max | best total within max-1 | seconds | MB | checked |"
	echo "|---|---|---|---|---|---|---|---|---|"
fi
games | while read -r n p c kind; do
	args="-p $p -c $c"
	name="${p}x$c"
	if [ "$kind" = distinct ]; then
		args="$args --distinct"
		name="$p of $c distinct"
	fi
	suffix=""
	if [ -n "$RULE" ]; then
		args="$args --feedback $RULE"
		suffix="-$RULE"
	fi
	if [ -n "$GAMES" ]; then
		case ",$GAMES," in
		*",$name,"*) ;;
		*) continue ;;
		esac
	fi
	# shellcheck disable=SC2086
	run $args --out "$TMP/tree.json"
	if [ $ok -ne 0 ] || [ -z "$total" ]; then
		# Bounds: the search's proven lower bound, and the best heuristic's
		# total (or the search's, if it proved one).
		lower=$(sed -n 's/.*at least \([0-9]*\).*/\1/p' "$TMP/err")
		upper=$(sed -n 's/.*at most \([0-9]*\).*/\1/p' "$TMP/err")
		# shellcheck disable=SC2086
		heur=$("$MM" eval $args --strategy expected,entropy,parts,minimax --json 2>/dev/null |
			grep -o '"total":[0-9]*' | cut -d: -f2 | sort -n | head -1)
		if [ -z "$upper" ] || { [ -n "$heur" ] && [ "$heur" -lt "$upper" ]; }; then
			upper=$heur
		fi
		row="| $name | $n | bounds: ${lower:-?} .. ${upper:-?} (search stopped at ${BUDGET} s) | | | | >${BUDGET} | $mb | |"
		[ -n "$RULE" ] && row="$row |"
		echo "$row" | sed "s/^| $name |/| $name${RULE:+ ($RULE)} |/"
		continue
	fi
	t_secs=$secs t_mb=$mb t_total=$total t_avg=$average t_max=$max
	file=${p}x$c
	[ "$kind" = distinct ] && file=${p}of$c
	file=$file$suffix
	if [ -n "$TREES" ] && [ "$n" -gt $TREEMIN ]; then
		gzip -n -9 <"$TMP/tree.json" >"$TREES/$file.json.gz"
	fi
	# shellcheck disable=SC2086
	"$MM" eval $args --tree "$TMP/tree.json" --json >"$TMP/eval" 2>&1
	check="eval --tree: $(field total "$TMP/eval")"
	[ "$(field total "$TMP/eval")" = "$t_total" ] || check="MISMATCH ($check)"
	depth="-"
	fewest=$t_max
	if [ "$t_max" -gt 2 ] && [ "$DEPTH" != no ]; then
		# shellcheck disable=SC2086
		run $args --max-depth $((t_max - 1)) --out "$TMP/depth.json"
		if [ $ok -eq 0 ] && [ -n "$total" ]; then
			depth="$total"
			fewest=$((t_max - 1))
			if [ -n "$TREES" ] && [ -n "$RULE" ] && [ "$n" -gt $TREEMIN ]; then
				gzip -n -9 <"$TMP/depth.json" >"$TREES/$file-d$((t_max - 1)).json.gz"
			fi
		elif grep -q 'no strategy finds every secret' "$TMP/err"; then
			depth="none"
		else
			# Bounds: no total within max-1 guesses beats the optimum, nor
			# the search's own bound; above, the search's best tree or the
			# best heuristic that never needs max guesses.
			lower=$(sed -n 's/.*at least \([0-9]*\).*/\1/p' "$TMP/err")
			[ -z "$lower" ] || [ "$lower" -lt "$t_total" ] && lower=$t_total
			upper=$(sed -n 's/.*at most \([0-9]*\).*/\1/p' "$TMP/err")
			# shellcheck disable=SC2086
			heur=$("$MM" eval $args --strategy expected,entropy,parts,minimax --json 2>/dev/null |
				tr '{' '\n' | sed -n 's/.*"total":\([0-9]*\),.*"max":\([0-9]*\),.*/\1 \2/p' |
				awk -v m="$t_max" '$2 < m {print $1}' | sort -n | head -1)
			if [ -z "$upper" ] || { [ -n "$heur" ] && [ "$heur" -lt "$upper" ]; }; then
				upper=$heur
			fi
			depth="bounds: $lower .. ${upper:-?} (search stopped at ${BUDGET} s)"
		fi
		t_secs="$t_secs + $secs"
		[ $mb -gt $t_mb ] && t_mb=$mb
	fi
	if [ -n "$RULE" ]; then
		# The fewest guesses: one fewer while some strategy fits (not
		# known if the search within max-1 stopped at the budget).
		case $depth in bounds*) fewest="<= $t_max" ;; esac
		while [ "$depth" != none ] && [ "$DEPTH" != no ] && [ "${fewest#<}" = "$fewest" ] && [ "$fewest" -gt 1 ]; do
			# shellcheck disable=SC2086
			run $args --max-depth $((fewest - 1))
			t_secs="$t_secs + $secs"
			[ $mb -gt $t_mb ] && t_mb=$mb
			if [ $ok -eq 0 ] && [ -n "$total" ]; then
				fewest=$((fewest - 1))
			elif grep -q 'no strategy finds every secret' "$TMP/err"; then
				break
			else
				fewest="<= $fewest"
				break
			fi
		done
		echo "| $name ($RULE) | $n | $t_total | $t_avg | $t_max | $depth | $t_secs | $t_mb | $check | $fewest |"
		continue
	fi
	echo "| $name | $n | $t_total | $t_avg | $t_max | $depth | $t_secs | $t_mb | $check |"
done
