#!/usr/bin/env bash
# Checks gcvm's class library on HotSpot (no gcvm needed):
#  1. compiles classlib/src exactly as runtime/interp/build.rs does (javac --system none,
#     -XDstringConcat=inline, class file version 61) and runs the closure check (closure.py);
#  2. compiles copies of the classlib's java.util classes renamed to cltest.util (Formatter's
#     float natives stubbed with the JDK's own %f/%e/%g), of Integer/Long/Short/Byte/Character/
#     Math/StrictMath renamed to cltest.lang (their natives delegate to the JDK's), and of
#     SimpleRegex/Utf8 renamed to cltest.gcvm, of java.math renamed to cltest.math and of
#     java.text renamed to cltest.text;
#  3. runs UtilCheck, TreeBinCheck, NavigableCheck, LangCheck, ScannerCheck, FormatCheck,
#     MathCheck and TextCheck once against the
#     JDK and once against the copies and diffs the outputs; RegexCheck compares
#     SimpleRegex/Utf8 with the JDK directly.
# Exits non-zero on any mismatch. Set JAVAC/JAVA to use another JDK 17.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
src="$here/../src"
JAVAC="${JAVAC:-javac}"
JAVA="${JAVA:-java}"
# HotSpot's JIT otherwise throws preallocated, message-less exceptions (getMessage() null) for
# an implicit exception it has seen often, such as an array index out of bounds: the checks
# print messages, which must not depend on when the JIT compiled the code.
JAVA_OPTS=(-XX:-OmitStackTraceInFastThrow)
tmp="$(mktemp -d)"
# KEEP=dir keeps the work directory (outputs, diffs) for inspection.
trap 'if [ -n "${KEEP:-}" ]; then rm -rf "$KEEP"; cp -r "$tmp" "$KEEP"; fi; rm -rf "$tmp"' EXIT
passed=0
failed=0

pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# ---- 1. compile the library like build.rs, then the closure check
find "$src" -name '*.java' > "$tmp/sources.txt"
if "$JAVAC" --system none -source 17 -target 17 -g -XDstringConcat=inline -encoding UTF-8 \
        -nowarn -Xmaxerrs 500 -d "$tmp/classlib" @"$tmp/sources.txt"; then
    pass "classlib compiles (javac --system none)"
else
    fail "classlib compiles (javac --system none)"
fi
if python3 "$here/closure.py" "$tmp/classlib"; then
    pass "classlib is closed and free of invokedynamic"
else
    fail "classlib is closed and free of invokedynamic"
fi

# ---- 2. renamed copies for HotSpot
cu="$tmp/copies/cltest/util"
cl="$tmp/copies/cltest/lang"
cg="$tmp/copies/cltest/gcvm"
mkdir -p "$cu" "$cl" "$cg"
for f in "$src"/java/util/*.java; do
    name="$(basename "$f")"
    # java.util.Iterator stays the JDK's: java.lang.Iterable must accept our collections.
    [ "$name" = "Iterator.java" ] && continue
    sed -e 's/java\.util\.\([A-Z]\)/cltest.util.\1/g' \
        -e 's/java\.util\.stream\./cltest.util.stream./g' \
        -e 's/java\.util\.concurrent\.\([A-Z]\)/cltest.util.concurrent.\1/g' \
        -e 's/^package java\.util;/package cltest.util;\nimport java.util.Iterator;/' \
        -e 's/import jdk\.internal\.gcvm\.\([A-Za-z0-9]*\);/import cltest.gcvm.\1;/' \
        -e 's/java\.time\./cltest.time./g' \
        "$f" > "$cu/$name"
done
# The concurrent collections go along (Properties keeps its entries in a ConcurrentHashMap).
mkdir -p "$cu/concurrent"
for c in ConcurrentMap ConcurrentHashMap ConcurrentNavigableMap ConcurrentSkipListMap \
        ConcurrentSkipListSet CopyOnWriteArrayList CopyOnWriteArraySet; do
    sed -e 's/java\.util\.\([A-Z]\)/cltest.util.\1/g' \
        -e 's/cltest\.util\.Iterator;/java.util.Iterator;/g' \
        -e 's/^package java\.util\.concurrent;/package cltest.util.concurrent;/' \
        "$src/java/util/concurrent/$c.java" > "$cu/concurrent/$c.java"
done
# java.util.stream goes along (Collection.stream(), Arrays.stream(), BitSet.stream() use it).
mkdir -p "$cu/stream"
for f in "$src"/java/util/stream/*.java; do
    sed -e 's/java\.util\.\([A-Z]\)/cltest.util.\1/g' \
        -e 's/cltest\.util\.Iterator\([;<]\)/java.util.Iterator\1/g' \
        -e 's/^import java\.util\.\*;/import cltest.util.*;\nimport java.util.Iterator;/' \
        -e 's/^package java\.util\.stream;/package cltest.util.stream;/' \
        "$f" > "$cu/stream/$(basename "$f")"
done
for c in Integer Long Short Byte Character Math StrictMath NumberFormatException; do
    sed -e 's/^package java\.lang;/package cltest.lang;/' \
        -e 's/String\.wrap(/new String(/g' \
        -e 's/Class\.getPrimitiveClass("\([a-z]*\)")/(Class) \1.class/g' \
        "$src/java/lang/$c.java" > "$cl/$c.java"
done
# Math's and StrictMath's natives delegate to the JDK's.
for c in Math StrictMath; do
python3 - "$cl/$c.java" "$c" <<'EOF'
import re, sys
p, cls = sys.argv[1], sys.argv[2]
s = open(p).read()
def repl(m):
    params = m.group(2)
    names = ", ".join(x.split()[-1] for x in params.split(","))
    return "public static double %s(%s) {\n        return java.lang.%s.%s(%s);\n    }" % (
        m.group(1), params, cls, m.group(1), names)
s = re.sub(r"public static native double (\w+)\(([^)]*)\);", repl, s)
open(p, "w").write(s)
EOF
done
for c in SimpleRegex Utf8 MD5; do
    sed -e 's/^package jdk\.internal\.gcvm;/package cltest.gcvm;/' \
        "$src/jdk/internal/gcvm/$c.java" > "$cg/$c.java"
done
cp "$here/stubs/VM.java" "$cg/VM.java"
# java.math goes along renamed to cltest.math (it needs nothing renamed from elsewhere).
cm="$tmp/copies/cltest/math"
mkdir -p "$cm"
for f in "$src"/java/math/*.java; do
    sed -e 's/^package java\.math;/package cltest.math;/' "$f" > "$cm/$(basename "$f")"
done

# java.text goes along renamed to cltest.text, on the renamed java.math.
ct="$tmp/copies/cltest/text"
mkdir -p "$ct"
for f in "$src"/java/text/*.java; do
    sed -e 's/^package java\.text;/package cltest.text;/' \
        -e 's/java\.math\./cltest.math./g' \
        -e 's/java\.util\.\(Date\|Calendar\|GregorianCalendar\|TimeZone\)\b/cltest.util.\1/g' \
        "$f" > "$ct/$(basename "$f")"
done

# java.time goes along renamed to cltest.time (java.util stays the JDK's, except for the
# java.util date classes, which the util copies above carry renamed).
for f in $(cd "$src" && find java/time -name '*.java'); do
    mkdir -p "$(dirname "$tmp/copies/cltest/${f#java/}")"
    sed -e 's/java\.time\b/cltest.time/g' "$src/$f" > "$tmp/copies/cltest/${f#java/}"
done

if "$JAVAC" -g -nowarn -encoding UTF-8 -d "$tmp/copies-out" $(find "$tmp/copies" -name '*.java') \
        > "$tmp/copies.log" 2>&1; then
    pass "renamed classlib copies compile on the JDK"
else
    cat "$tmp/copies.log"
    fail "renamed classlib copies compile on the JDK"
fi

# ---- 3. the check programs: JDK variant vs classlib variant
variant() { # name, import rewrite (sed expression)
    local name="$1" expr="$2"
    mkdir -p "$tmp/jdk-$name" "$tmp/cl-$name"
    cp "$here/$name.java" "$tmp/jdk-$name/$name.java"
    sed -e "$expr" "$here/$name.java" > "$tmp/cl-$name/$name.java"
    "$JAVAC" -nowarn -encoding UTF-8 -d "$tmp/jdk-$name/out" "$tmp/jdk-$name/$name.java" \
        > "$tmp/$name.jdk.log" 2>&1 || { cat "$tmp/$name.jdk.log"; return 1; }
    "$JAVAC" -nowarn -encoding UTF-8 -cp "$tmp/copies-out" -d "$tmp/cl-$name/out" \
        "$tmp/cl-$name/$name.java" > "$tmp/$name.cl.log" 2>&1 || { cat "$tmp/$name.cl.log"; return 1; }
    "$JAVA" "${JAVA_OPTS[@]}" -cp "$tmp/jdk-$name/out" "$name" > "$tmp/$name.jdk.txt" 2>&1
    "$JAVA" "${JAVA_OPTS[@]}" -cp "$tmp/cl-$name/out:$tmp/copies-out" "$name" > "$tmp/$name.cl.txt" 2>&1
    if diff -u "$tmp/$name.jdk.txt" "$tmp/$name.cl.txt" > "$tmp/$name.diff"; then
        echo "     ($(wc -l < "$tmp/$name.jdk.txt") output lines identical)"
        return 0
    fi
    head -60 "$tmp/$name.diff"
    return 1
}

util_imports='s/^import java\.util\.\*;/import cltest.util.*;\nimport java.util.Iterator;/; s/^import java\.util\.concurrent\.\*;/import cltest.util.concurrent.*;/'
lang_imports='s#^//IMPORTS#import cltest.lang.Integer; import cltest.lang.Long; import cltest.lang.Short; import cltest.lang.Byte; import cltest.lang.Character; import cltest.lang.Math; import cltest.lang.StrictMath;#'
variant UtilCheck "$util_imports" && pass "UtilCheck: collections, Random, Arrays, Collections, Comparator" \
    || fail "UtilCheck: collections, Random, Arrays, Collections, Comparator"
variant LangCheck "$lang_imports" && pass "LangCheck: Integer/Long/Short/Byte/Character/Math" \
    || fail "LangCheck: Integer/Long/Short/Byte/Character/Math"
variant TreeBinCheck "$util_imports" && pass "TreeBinCheck: HashMap/LinkedHashMap/HashSet tree bins (treeify, split, untreeify)" \
    || fail "TreeBinCheck: HashMap/LinkedHashMap/HashSet tree bins (treeify, split, untreeify)"
variant NavigableCheck "$util_imports" && pass "NavigableCheck: TreeMap/TreeSet range and descending views" \
    || fail "NavigableCheck: TreeMap/TreeSet range and descending views"
variant MoreUtilCheck "$util_imports" && pass "MoreUtilCheck: Hashtable, Properties, IdentityHashMap, StringTokenizer, UUID, Spliterators, copy-on-write lists, skip-list maps" \
    || fail "MoreUtilCheck: Hashtable, Properties, IdentityHashMap, StringTokenizer, UUID, Spliterators, copy-on-write lists, skip-list maps"
variant ScannerCheck "$util_imports" && pass "ScannerCheck: Scanner tokens, numbers, lines and delimiters on generated inputs vs java.util.Scanner" \
    || fail "ScannerCheck: Scanner tokens, numbers, lines and delimiters on generated inputs vs java.util.Scanner"
variant FormatCheck "$util_imports" && pass "FormatCheck: Formatter vs java.util.Formatter" \
    || fail "FormatCheck: Formatter vs java.util.Formatter"
variant MathCheck 's/^import java\.math\.\*;/import cltest.math.*;/' \
    && pass "MathCheck: BigInteger/BigDecimal/MathContext/RoundingMode vs java.math" \
    || fail "MathCheck: BigInteger/BigDecimal/MathContext/RoundingMode vs java.math"

variant TextCheck 's/^import java\.math\.\*;/import cltest.math.*;/; s/^import java\.text\.\*;/import cltest.text.*;/' \
    && pass "TextCheck: DecimalFormat/NumberFormat/MessageFormat on generated inputs vs java.text" \
    || fail "TextCheck: DecimalFormat/NumberFormat/MessageFormat on generated inputs vs java.text"

variant TimeCheck 's/^import java\.time\(.*\);/import cltest.time\1;/; s/^import java\.util\.\(Date\|Calendar\|GregorianCalendar\|TimeZone\);/import cltest.util.\1;/; s/^import java\.text\.\*;/import cltest.text.*;/; s/java\.util\.Locale/cltest.util.Locale/g' \
    && pass "TimeCheck: java.time, Date/Calendar/TimeZone, SimpleDateFormat/DateFormat on generated inputs" \
    || fail "TimeCheck: java.time, Date/Calendar/TimeZone, SimpleDateFormat/DateFormat on generated inputs"

mkdir -p "$tmp/regex"
if "$JAVAC" -nowarn -encoding UTF-8 -cp "$tmp/copies-out" -d "$tmp/regex" "$here/RegexCheck.java" \
        && "$JAVA" "${JAVA_OPTS[@]}" -cp "$tmp/regex:$tmp/copies-out" RegexCheck; then
    pass "RegexCheck: split/matches/replaceAll subset and UTF-8 vs the JDK"
else
    fail "RegexCheck: split/matches/replaceAll subset and UTF-8 vs the JDK"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
