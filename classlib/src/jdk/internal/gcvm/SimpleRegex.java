package jdk.internal.gcvm;

import java.util.ArrayList;
import java.util.List;

/**
 * The small backtracking regular-expression engine behind String.split, matches, replaceAll
 * and replaceFirst (gcvm has no java.util.regex).
 *
 * <p>Supported: literal characters; escapes {@code \t \n \r \f \a \e \xhh \\uhhhh} and any escaped
 * non-alphanumeric character; {@code \Q...\E}; the classes {@code . \d \D \s \S \w \W};
 * bracket classes {@code [abc] [^a-z0-9_] [\s,;]} (no nesting, no {@code &&}); groups
 * {@code (...)} (capturing) and {@code (?:...)}; alternation {@code |}; greedy and lazy
 * quantifiers {@code * + ? {n} {n,} {n,m}} (and their {@code ?} forms); anchors
 * {@code ^ $ \b \B} (no MULTILINE). Replacement strings support {@code $n} group references and
 * {@code \} escapes. Anything else (lookaround, back references, possessive quantifiers,
 * {@code \p{..}}, flags, named groups) throws UnsupportedOperationException naming the pattern.
 */
public final class SimpleRegex {

    private final String pattern;
    private final Node[][] alternatives;
    private final int groupCount;
    /** Non-null when the whole pattern is a literal string (fast path). */
    private final String literal;

    // ---- parse state ----
    private int pos;
    private int nextGroup = 1;

    private SimpleRegex(String pattern) {
        this.pattern = pattern;
        this.literal = literalOf(pattern);
        if (literal != null) {
            this.alternatives = null;
            this.groupCount = 0;
            return;
        }
        this.pos = 0;
        this.alternatives = parseAlternation();
        if (pos < pattern.length()) {
            throw unsupported("unmatched ')'");
        }
        this.groupCount = nextGroup - 1;
    }

    public static SimpleRegex compile(String regex) {
        if (regex == null) {
            throw new NullPointerException();
        }
        return new SimpleRegex(regex);
    }

    private static final String METACHARS = ".$|()[{^?*+\\";

    /** The literal the pattern stands for, if it has no metacharacters (or is "\\x"). */
    private static String literalOf(String p) {
        if (p.length() == 2 && p.charAt(0) == '\\') {
            char c = p.charAt(1);
            if (!Character.isLetterOrDigit(c) && c < 128) {
                return String.valueOf(c);
            }
            return null;
        }
        for (int i = 0; i < p.length(); i++) {
            if (METACHARS.indexOf(p.charAt(i)) >= 0) {
                return null;
            }
        }
        return p;
    }

    private UnsupportedOperationException unsupported(String why) {
        return new UnsupportedOperationException(
                "gcvm regex: unsupported pattern \"" + pattern + "\" (" + why + ")");
    }

    // ---------------------------------------------------------------- AST

    private static final int CHARS = 0;
    private static final int GROUP = 1;
    private static final int BEGIN = 2;
    private static final int END = 3;
    private static final int WORD_BOUNDARY = 4;
    private static final int NOT_WORD_BOUNDARY = 5;

    private static final class Node {
        int kind;
        CharClass chars;
        Node[][] alternatives;
        int group = -1;
        int min = 1;
        int max = 1;
        boolean lazy;
    }

    /** A set of chars: ranges, nested classes (OR-ed), optionally negated. */
    private static final class CharClass {
        final StringBuilder ranges = new StringBuilder();
        final List<CharClass> subs = new ArrayList<>();
        boolean negated;

        CharClass range(char lo, char hi) {
            ranges.append(lo).append(hi);
            return this;
        }

        boolean matches(char c) {
            boolean in = false;
            for (int i = 0; i < ranges.length() && !in; i += 2) {
                in = c >= ranges.charAt(i) && c <= ranges.charAt(i + 1);
            }
            for (int i = 0; i < subs.size() && !in; i++) {
                in = subs.get(i).matches(c);
            }
            return in != negated;
        }
    }

    private static CharClass digitClass() {
        return new CharClass().range('0', '9');
    }

    private static CharClass spaceClass() {
        return new CharClass().range(' ', ' ').range('\t', '\r');
    }

    private static CharClass wordClass() {
        return new CharClass().range('a', 'z').range('A', 'Z').range('0', '9').range('_', '_');
    }

    private static CharClass dotClass() {
        CharClass c = new CharClass().range('\n', '\n').range('\r', '\r').range('\u0085', '\u0085')
                .range('\u2028', '\u2029');
        c.negated = true;
        return c;
    }

    private static CharClass negate(CharClass c) {
        c.negated = !c.negated;
        return c;
    }

    private static CharClass single(char ch) {
        return new CharClass().range(ch, ch);
    }

    // ---------------------------------------------------------------- parser

    private boolean more() {
        return pos < pattern.length();
    }

    private char peek() {
        return pattern.charAt(pos);
    }

    private Node[][] parseAlternation() {
        List<Node[]> alts = new ArrayList<>();
        alts.add(parseSequence());
        while (more() && peek() == '|') {
            pos++;
            alts.add(parseSequence());
        }
        return alts.toArray(new Node[alts.size()][]);
    }

    private Node[] parseSequence() {
        List<Node> seq = new ArrayList<>();
        while (more() && peek() != '|' && peek() != ')') {
            if (peek() == '\\' && pos + 1 < pattern.length() && pattern.charAt(pos + 1) == 'Q') {
                pos += 2;
                int end = pattern.indexOf("\\E", pos);
                String quoted = end < 0 ? pattern.substring(pos) : pattern.substring(pos, end);
                pos = end < 0 ? pattern.length() : end + 2;
                for (int i = 0; i < quoted.length(); i++) {
                    Node n = new Node();
                    n.kind = CHARS;
                    n.chars = single(quoted.charAt(i));
                    seq.add(n);
                }
                continue;
            }
            Node atom = parseAtom();
            parseQuantifier(atom);
            seq.add(atom);
        }
        return seq.toArray(new Node[seq.size()]);
    }

    private Node parseAtom() {
        char c = pattern.charAt(pos++);
        Node n = new Node();
        n.kind = CHARS;
        switch (c) {
            case '(':
                return parseGroup();
            case '[':
                n.chars = parseClass();
                return n;
            case '.':
                n.chars = dotClass();
                return n;
            case '^':
                n.kind = BEGIN;
                return n;
            case '$':
                n.kind = END;
                return n;
            case '*':
            case '+':
            case '?':
            case '{':
                throw unsupported("dangling meta character '" + c + "'");
            case '\\':
                return parseEscape(n);
            default:
                n.chars = single(c);
                return n;
        }
    }

    private Node parseGroup() {
        Node n = new Node();
        n.kind = GROUP;
        if (more() && peek() == '?') {
            if (pos + 1 < pattern.length() && pattern.charAt(pos + 1) == ':') {
                pos += 2;
            } else {
                throw unsupported("special group (?" + (pos + 1 < pattern.length()
                        ? String.valueOf(pattern.charAt(pos + 1)) : "") + "...)");
            }
        } else {
            n.group = nextGroup++;
        }
        n.alternatives = parseAlternation();
        if (!more() || peek() != ')') {
            throw unsupported("unclosed group");
        }
        pos++;
        return n;
    }

    private Node parseEscape(Node n) {
        if (!more()) {
            throw unsupported("trailing backslash");
        }
        char e = pattern.charAt(pos++);
        switch (e) {
            case 'b':
                n.kind = WORD_BOUNDARY;
                return n;
            case 'B':
                n.kind = NOT_WORD_BOUNDARY;
                return n;
            default:
                n.chars = escapeClass(e);
                return n;
        }
    }

    /** The class for the escape {@code \e} (the backslash and e already consumed). */
    private CharClass escapeClass(char e) {
        switch (e) {
            case 'd':
                return digitClass();
            case 'D':
                return negate(digitClass());
            case 's':
                return spaceClass();
            case 'S':
                return negate(spaceClass());
            case 'w':
                return wordClass();
            case 'W':
                return negate(wordClass());
            default:
                return single(escapeChar(e));
        }
    }

    private char escapeChar(char e) {
        switch (e) {
            case 't':
                return '\t';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 'f':
                return '\f';
            case 'a':
                return '\u0007';
            case 'e':
                return '\u001B';
            case 'x':
                return (char) hex(2);
            case 'u':
                return (char) hex(4);
            default:
                if (Character.isLetterOrDigit(e)) {
                    throw unsupported("escape \\" + e);
                }
                return e;
        }
    }

    private int hex(int digits) {
        if (pos + digits > pattern.length()) {
            throw unsupported("bad hex escape");
        }
        int v = 0;
        for (int i = 0; i < digits; i++) {
            int d = Character.digit(pattern.charAt(pos++), 16);
            if (d < 0) {
                throw unsupported("bad hex escape");
            }
            v = v * 16 + d;
        }
        return v;
    }

    private CharClass parseClass() {
        CharClass cls = new CharClass();
        if (more() && peek() == '^') {
            cls.negated = true;
            pos++;
        }
        boolean first = true;
        while (true) {
            if (!more()) {
                throw unsupported("unclosed character class");
            }
            char c = pattern.charAt(pos++);
            if (c == ']' && !first) {
                return cls;
            }
            first = false;
            if (c == '[' || (c == '&' && more() && peek() == '&')) {
                throw unsupported("nested class or intersection");
            }
            char lo;
            if (c == '\\') {
                if (!more()) {
                    throw unsupported("trailing backslash");
                }
                char e = pattern.charAt(pos++);
                if ("dDsSwW".indexOf(e) >= 0) {
                    cls.subs.add(escapeClass(e));
                    continue;
                }
                lo = escapeChar(e);
            } else {
                lo = c;
            }
            char hi = lo;
            if (pos + 1 < pattern.length() && peek() == '-' && pattern.charAt(pos + 1) != ']') {
                pos++;
                char h = pattern.charAt(pos++);
                if (h == '\\') {
                    if (!more()) {
                        throw unsupported("trailing backslash");
                    }
                    h = escapeChar(pattern.charAt(pos++));
                } else if (h == '[') {
                    throw unsupported("nested class");
                }
                hi = h;
                if (hi < lo) {
                    throw unsupported("illegal character range");
                }
            }
            cls.range(lo, hi);
        }
    }

    private void parseQuantifier(Node atom) {
        if (!more()) {
            return;
        }
        char c = peek();
        int min;
        int max;
        if (c == '*') {
            min = 0;
            max = Integer.MAX_VALUE;
            pos++;
        } else if (c == '+') {
            min = 1;
            max = Integer.MAX_VALUE;
            pos++;
        } else if (c == '?') {
            min = 0;
            max = 1;
            pos++;
        } else if (c == '{') {
            int close = pattern.indexOf('}', pos);
            if (close < 0) {
                throw unsupported("unclosed counted quantifier");
            }
            String body = pattern.substring(pos + 1, close);
            int comma = body.indexOf(',');
            try {
                if (comma < 0) {
                    min = Integer.parseInt(body);
                    max = min;
                } else {
                    min = Integer.parseInt(body.substring(0, comma));
                    String m = body.substring(comma + 1);
                    max = m.isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(m);
                }
            } catch (NumberFormatException e) {
                throw unsupported("bad counted quantifier");
            }
            if (min < 0 || max < min) {
                throw unsupported("bad counted quantifier");
            }
            pos = close + 1;
        } else {
            return;
        }
        if (atom.kind != CHARS && atom.kind != GROUP) {
            throw unsupported("quantified anchor");
        }
        atom.min = min;
        atom.max = max;
        if (more() && peek() == '?') {
            atom.lazy = true;
            pos++;
        } else if (more() && peek() == '+') {
            throw unsupported("possessive quantifier");
        }
    }

    // ---------------------------------------------------------------- matcher

    /** Continuation: what to match after the current element, from position p. */
    private abstract static class Cont {
        abstract boolean run(int p);
    }

    /** State of one match attempt (the engine itself is immutable and shareable). */
    private final class Run {
        final CharSequence in;
        final int len;
        final int[] groups;
        boolean anchoredEnd;
        int matchEnd;

        Run(CharSequence in) {
            this.in = in;
            this.len = in.length();
            this.groups = new int[(groupCount + 1) * 2];
        }

        /** Tries to match at exactly {@code start}; on success groups[0..1] hold the bounds. */
        boolean matchAt(int start) {
            for (int i = 2; i < groups.length; i++) {
                groups[i] = -1;
            }
            Cont done = new Cont() {
                boolean run(int p) {
                    if (anchoredEnd && p != len) {
                        return false;
                    }
                    matchEnd = p;
                    return true;
                }
            };
            if (matchAlternatives(alternatives, start, done)) {
                groups[0] = start;
                groups[1] = matchEnd;
                return true;
            }
            return false;
        }

        boolean matchAlternatives(Node[][] alts, int p, Cont k) {
            for (Node[] alt : alts) {
                if (matchSeq(alt, 0, p, k)) {
                    return true;
                }
            }
            return false;
        }

        boolean isWord(int i) {
            if (i < 0 || i >= len) {
                return false;
            }
            char c = in.charAt(i);
            return Character.isLetterOrDigit(c) || c == '_';
        }

        boolean matchSeq(Node[] seq, int i, int p, Cont k) {
            if (i == seq.length) {
                return k.run(p);
            }
            Node n = seq[i];
            switch (n.kind) {
                case BEGIN:
                    return p == 0 && matchSeq(seq, i + 1, p, k);
                case END:
                    return p == len && matchSeq(seq, i + 1, p, k);
                case WORD_BOUNDARY:
                    return isWord(p - 1) != isWord(p) && matchSeq(seq, i + 1, p, k);
                case NOT_WORD_BOUNDARY:
                    return isWord(p - 1) == isWord(p) && matchSeq(seq, i + 1, p, k);
                case CHARS:
                    return matchChars(seq, i, n, p, k);
                default:
                    return matchGroup(n, 0, p, new SeqCont(this, seq, i + 1, k));
            }
        }

        boolean matchChars(Node[] seq, int i, Node n, int p, Cont k) {
            int count = 0;
            while (count < n.max && p + count < len && n.chars.matches(in.charAt(p + count))) {
                count++;
            }
            if (count < n.min) {
                return false;
            }
            if (n.lazy) {
                for (int c = n.min; c <= count; c++) {
                    if (matchSeq(seq, i + 1, p + c, k)) {
                        return true;
                    }
                }
            } else {
                for (int c = count; c >= n.min; c--) {
                    if (matchSeq(seq, i + 1, p + c, k)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Matches group n, which has already matched {@code count} times, from p. */
        boolean matchGroup(Node n, int count, int p, Cont k) {
            if (n.lazy && count >= n.min && k.run(p)) {
                return true;
            }
            if (count < n.max) {
                int saveStart = n.group > 0 ? groups[2 * n.group] : 0;
                int saveEnd = n.group > 0 ? groups[2 * n.group + 1] : 0;
                IterCont next = new IterCont(this, n, count + 1, p, k);
                if (matchAlternatives(n.alternatives, p, next)) {
                    return true;
                }
                if (n.group > 0) {
                    groups[2 * n.group] = saveStart;
                    groups[2 * n.group + 1] = saveEnd;
                }
            }
            return !n.lazy && count >= n.min && k.run(p);
        }
    }

    private static final class SeqCont extends Cont {
        private final Run run;
        private final Node[] seq;
        private final int index;
        private final Cont k;

        SeqCont(Run run, Node[] seq, int index, Cont k) {
            this.run = run;
            this.seq = seq;
            this.index = index;
            this.k = k;
        }

        boolean run(int p) {
            return run.matchSeq(seq, index, p, k);
        }
    }

    /** After one iteration of a group: record the capture, then try further iterations. */
    private static final class IterCont extends Cont {
        private final Run run;
        private final Node group;
        private final int count;
        private final int start;
        private final Cont k;

        IterCont(Run run, Node group, int count, int start, Cont k) {
            this.run = run;
            this.group = group;
            this.count = count;
            this.start = start;
            this.k = k;
        }

        boolean run(int p) {
            if (p == start && count > group.min) {
                return false;
            }
            int g = group.group;
            int saveStart = 0;
            int saveEnd = 0;
            if (g > 0) {
                saveStart = run.groups[2 * g];
                saveEnd = run.groups[2 * g + 1];
                run.groups[2 * g] = start;
                run.groups[2 * g + 1] = p;
            }
            if (run.matchGroup(group, count, p, k)) {
                return true;
            }
            if (g > 0) {
                run.groups[2 * g] = saveStart;
                run.groups[2 * g + 1] = saveEnd;
            }
            return false;
        }
    }

    // ---------------------------------------------------------------- searching

    /**
     * Finds the leftmost match at or after {@code from}; returns the group bounds
     * (index 0/1 = whole match) or null.
     */
    private int[] find(CharSequence in, int from) {
        if (literal != null) {
            int at = in.toString().indexOf(literal, from);
            return at < 0 ? null : new int[] {at, at + literal.length()};
        }
        Run r = new Run(in);
        for (int start = from; start <= in.length(); start++) {
            if (r.matchAt(start)) {
                return r.groups;
            }
        }
        return null;
    }

    /** The bounds {start, end} of the leftmost match at or after from, or null (Scanner). */
    public int[] findFrom(CharSequence in, int from) {
        int[] g = find(in, from);
        return g == null ? null : new int[] {g[0], g[1]};
    }

    /** The end of a match starting exactly at {@code at}, or -1 (Scanner's delimiter skip). */
    public int matchEndAt(CharSequence in, int at) {
        if (literal != null) {
            return in.toString().startsWith(literal, at) ? at + literal.length() : -1;
        }
        Run r = new Run(in);
        return r.matchAt(at) ? r.groups[1] : -1;
    }

    public boolean matches(CharSequence in) {
        if (literal != null) {
            return literal.contentEquals(in);
        }
        Run r = new Run(in);
        r.anchoredEnd = true;
        return r.matchAt(0);
    }

    /** String.split semantics (see the JDK's Pattern.split). */
    public String[] split(String input, int limit) {
        int index = 0;
        boolean matchLimited = limit > 0;
        List<String> matchList = new ArrayList<>();
        int from = 0;
        int[] m;
        int lastStart = -1;
        int lastEnd = 0;
        while (from <= input.length() && (m = find(input, from)) != null) {
            int start = m[0];
            int end = m[1];
            lastStart = start;
            lastEnd = end;
            from = (end == start) ? end + 1 : end;
            if (!matchLimited || matchList.size() < limit - 1) {
                if (index == 0 && index == start && start == end) {
                    continue;
                }
                matchList.add(input.substring(index, start));
                index = end;
            } else if (matchList.size() == limit - 1) {
                matchList.add(input.substring(index));
                index = end;
                break;
            }
        }
        if (index == 0) {
            return new String[] {input};
        }
        if (!matchLimited || matchList.size() < limit) {
            matchList.add(input.substring(index));
        }
        int resultSize = matchList.size();
        if (limit == 0) {
            while (resultSize > 0 && matchList.get(resultSize - 1).isEmpty()) {
                resultSize--;
            }
        }
        String[] result = new String[resultSize];
        for (int i = 0; i < resultSize; i++) {
            result[i] = matchList.get(i);
        }
        return result;
    }

    /** replaceAll / replaceFirst semantics, with $n group references in the replacement. */
    public String replace(String input, String replacement, boolean all) {
        int from = 0;
        int append = 0;
        StringBuilder sb = null;
        int[] m;
        while (from <= input.length() && (m = find(input, from)) != null) {
            if (sb == null) {
                sb = new StringBuilder(input.length() + 16);
            }
            sb.append(input, append, m[0]);
            appendReplacement(sb, input, m, replacement);
            append = m[1];
            from = (m[1] == m[0]) ? m[1] + 1 : m[1];
            if (!all) {
                break;
            }
        }
        if (sb == null) {
            return input;
        }
        sb.append(input, append, input.length());
        return sb.toString();
    }

    private void appendReplacement(StringBuilder sb, String input, int[] groups, String repl) {
        int cursor = 0;
        while (cursor < repl.length()) {
            char c = repl.charAt(cursor);
            if (c == '\\') {
                cursor++;
                if (cursor == repl.length()) {
                    throw new IllegalArgumentException("character to be escaped is missing");
                }
                sb.append(repl.charAt(cursor++));
            } else if (c == '$') {
                cursor++;
                if (cursor == repl.length()) {
                    throw new IllegalArgumentException(
                            "Illegal group reference: group index is missing");
                }
                if (repl.charAt(cursor) == '{') {
                    throw unsupported("named group reference in replacement");
                }
                int refNum = repl.charAt(cursor) - '0';
                if (refNum < 0 || refNum > 9) {
                    throw new IllegalArgumentException("Illegal group reference");
                }
                cursor++;
                while (cursor < repl.length()) {
                    int nextDigit = repl.charAt(cursor) - '0';
                    if (nextDigit < 0 || nextDigit > 9) {
                        break;
                    }
                    int newRefNum = refNum * 10 + nextDigit;
                    if (groupCount < newRefNum) {
                        break;
                    }
                    refNum = newRefNum;
                    cursor++;
                }
                if (refNum > groupCount) {
                    throw new IndexOutOfBoundsException("No group " + refNum);
                }
                int s = groups[2 * refNum];
                int e = groups[2 * refNum + 1];
                if (s >= 0 && e >= 0) {
                    sb.append(input, s, e);
                }
            } else {
                sb.append(c);
                cursor++;
            }
        }
    }
}
