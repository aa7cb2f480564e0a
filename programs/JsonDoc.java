/*
 * JsonDoc -- generate, parse, walk and re-serialize JSON-like documents.
 *
 * GC behaviour exercised:
 *   - A high allocation rate of many small, short-lived objects of mixed
 *     kinds: Strings and their backing arrays, char[] buffers, StringBuilder
 *     growth (repeated array copies of increasing size), boxed Longs and
 *     Booleans, ArrayList and LinkedHashMap nodes and tables.
 *   - Mostly nursery garbage: the generated text, the parse tree and the
 *     re-serialized text of one document die as soon as the document has
 *     been checked.
 *   - Medium lifetimes: the parsed trees of the last 6 documents are kept in
 *     a small ring, so each tree survives a few young collections before it
 *     is dropped (promotion of data that dies soon after).
 *   - Variable-sized arrays: text buffers range from a few bytes to about
 *     16 KB.
 *
 * Size argument (args[0], default 12): 36 * size - 20 documents are
 *   processed (16 at size 1, 412 at the default size); a document has on
 *   average about 150 values (nested objects/arrays, strings with escapes,
 *   integers, booleans, null) and 2 KB of text, the largest ones about
 *   8 KB.
 * Peak live size at the default size: under 2 MB (six parsed documents plus
 *   the buffers of the current one).
 *
 * Prints: number of documents, total characters, number of values by kind,
 *   round-trip check results and a checksum over all parse trees.  Output is
 *   deterministic.
 */
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

public class JsonDoc {

    static final String[] WORDS = {
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
        "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi",
    };

    // ---------------------------------------------------------------- generator

    static final class Generator {
        final Random rnd;
        final StringBuilder out = new StringBuilder();
        int values;

        Generator(Random rnd) {
            this.rnd = rnd;
        }

        void space() {
            if (rnd.nextInt(8) == 0) {
                out.append(rnd.nextBoolean() ? " " : "\n  ");
            }
        }

        void value(int depth) {
            values++;
            int kind = depth <= 0 ? 2 + rnd.nextInt(5) : depth >= 2 ? rnd.nextInt(4) : rnd.nextInt(7);
            switch (kind) {
                case 0:
                    object(depth - 1);
                    break;
                case 1:
                    array(depth - 1);
                    break;
                case 2:
                case 3:
                    string();
                    break;
                case 4:
                    long v = rnd.nextInt(3) == 0 ? rnd.nextLong() >> rnd.nextInt(40) : rnd.nextInt(100000) - 500;
                    out.append(v);
                    break;
                case 5:
                    out.append(rnd.nextBoolean() ? "true" : "false");
                    break;
                default:
                    out.append("null");
                    break;
            }
        }

        void object(int depth) {
            out.append('{');
            int n = rnd.nextInt(8);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                space();
                out.append('"').append(WORDS[rnd.nextInt(WORDS.length)]).append('_').append(i).append('"');
                space();
                out.append(':');
                space();
                value(depth);
            }
            out.append('}');
        }

        void array(int depth) {
            out.append('[');
            int n = rnd.nextInt(10);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                space();
                value(depth);
            }
            space();
            out.append(']');
        }

        void string() {
            out.append('"');
            int words = 1 + rnd.nextInt(4);
            for (int w = 0; w < words; w++) {
                if (w > 0) {
                    out.append(' ');
                }
                out.append(WORDS[rnd.nextInt(WORDS.length)]);
                int e = rnd.nextInt(12);
                if (e == 0) {
                    out.append("\\\"");
                } else if (e == 1) {
                    out.append("\\n");
                } else if (e == 2) {
                    out.append("\\u00e9");
                } else if (e == 3) {
                    out.append("\\\\");
                } else if (e == 4) {
                    out.append("\\u263A");
                }
            }
            out.append('"');
        }
    }

    // ---------------------------------------------------------------- parser

    static final class ParseException extends RuntimeException {
        ParseException(String msg, int pos) {
            super(msg + " at " + pos);
        }
    }

    static final class Parser {
        final char[] s;
        int pos;

        Parser(String text) {
            this.s = text.toCharArray();
        }

        Object parseDocument() {
            Object v = parseValue();
            skipSpace();
            if (pos != s.length) {
                throw new ParseException("trailing characters", pos);
            }
            return v;
        }

        void skipSpace() {
            while (pos < s.length && (s[pos] == ' ' || s[pos] == '\n' || s[pos] == '\t' || s[pos] == '\r')) {
                pos++;
            }
        }

        void expect(char c) {
            skipSpace();
            if (pos >= s.length || s[pos] != c) {
                throw new ParseException("expected '" + c + "'", pos);
            }
            pos++;
        }

        Object parseValue() {
            skipSpace();
            if (pos >= s.length) {
                throw new ParseException("unexpected end", pos);
            }
            char c = s[pos];
            if (c == '{') {
                return parseObject();
            } else if (c == '[') {
                return parseArray();
            } else if (c == '"') {
                return parseString();
            } else if (c == 't') {
                literal("true");
                return Boolean.TRUE;
            } else if (c == 'f') {
                literal("false");
                return Boolean.FALSE;
            } else if (c == 'n') {
                literal("null");
                return null;
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                return parseNumber();
            }
            throw new ParseException("unexpected character '" + c + "'", pos);
        }

        void literal(String word) {
            for (int i = 0; i < word.length(); i++) {
                if (pos >= s.length || s[pos] != word.charAt(i)) {
                    throw new ParseException("bad literal", pos);
                }
                pos++;
            }
        }

        Long parseNumber() {
            int start = pos;
            if (s[pos] == '-') {
                pos++;
            }
            while (pos < s.length && s[pos] >= '0' && s[pos] <= '9') {
                pos++;
            }
            return Long.valueOf(Long.parseLong(new String(s, start, pos - start)));
        }

        String parseString() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= s.length) {
                    throw new ParseException("unterminated string", pos);
                }
                char c = s[pos++];
                if (c == '"') {
                    break;
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = s[pos++];
                switch (e) {
                    case 'n':
                        sb.append('\n');
                        break;
                    case 't':
                        sb.append('\t');
                        break;
                    case 'u': {
                        int code = 0;
                        for (int i = 0; i < 4; i++) {
                            code = code * 16 + hexValue(s[pos++]);
                        }
                        sb.append((char) code);
                        break;
                    }
                    default:
                        sb.append(e);
                        break;
                }
            }
            return sb.toString();
        }

        int hexValue(char c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
            throw new ParseException("bad hex digit", pos);
        }

        LinkedHashMap<String, Object> parseObject() {
            expect('{');
            LinkedHashMap<String, Object> map = new LinkedHashMap<>();
            skipSpace();
            if (s[pos] == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipSpace();
                String key = parseString();
                expect(':');
                map.put(key, parseValue());
                skipSpace();
                if (s[pos] == ',') {
                    pos++;
                } else {
                    expect('}');
                    return map;
                }
            }
        }

        ArrayList<Object> parseArray() {
            expect('[');
            ArrayList<Object> list = new ArrayList<>();
            skipSpace();
            if (s[pos] == ']') {
                pos++;
                return list;
            }
            while (true) {
                list.add(parseValue());
                skipSpace();
                if (s[pos] == ',') {
                    pos++;
                } else {
                    expect(']');
                    return list;
                }
            }
        }
    }

    // ---------------------------------------------------------------- serializer

    static final char[] HEX = "0123456789abcdef".toCharArray();

    @SuppressWarnings("unchecked")
    static void write(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String) {
            writeString((String) v, out);
        } else if (v instanceof Long || v instanceof Boolean) {
            out.append(v.toString());
        } else if (v instanceof ArrayList) {
            ArrayList<Object> list = (ArrayList<Object>) v;
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out);
            }
            out.append(']');
        } else {
            LinkedHashMap<String, Object> map = (LinkedHashMap<String, Object>) v;
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                writeString(e.getKey(), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        }
    }

    static void writeString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c < 0x20 || c > 0x7e) {
                out.append("\\u").append(HEX[(c >> 12) & 15]).append(HEX[(c >> 8) & 15])
                        .append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    // ---------------------------------------------------------------- walker

    static final long[] KINDS = new long[6]; // object, array, string, number, boolean, null

    @SuppressWarnings("unchecked")
    static long walk(Object v) {
        if (v == null) {
            KINDS[5]++;
            return 7;
        } else if (v instanceof String) {
            KINDS[2]++;
            return ((String) v).hashCode();
        } else if (v instanceof Long) {
            KINDS[3]++;
            long x = (Long) v;
            return x ^ (x >>> 29);
        } else if (v instanceof Boolean) {
            KINDS[4]++;
            return ((Boolean) v) ? 11 : 13;
        } else if (v instanceof ArrayList) {
            KINDS[1]++;
            long h = 17;
            for (Object o : (ArrayList<Object>) v) {
                h = h * 31 + walk(o);
            }
            return h;
        } else {
            KINDS[0]++;
            long h = 19;
            for (Map.Entry<String, Object> e : ((LinkedHashMap<String, Object>) v).entrySet()) {
                h = h * 37 + e.getKey().hashCode();
                h = h * 41 + walk(e.getValue());
            }
            return h;
        }
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        if (size < 1) {
            size = 1;
        }
        int docs = 36 * size - 20;
        Random rnd = new Random(7);
        Object[] ring = new Object[6];
        long totalChars = 0;
        long generatedValues = 0;
        int roundTripOk = 0;
        long checksum = 0;

        for (int d = 0; d < docs; d++) {
            Generator g = new Generator(rnd);
            // A top-level object with several nested sections.
            g.out.append('{');
            int sections = 4 + rnd.nextInt(5);
            for (int i = 0; i < sections; i++) {
                if (i > 0) {
                    g.out.append(',');
                }
                g.out.append("\"section").append(i).append("\":");
                g.value(4);
            }
            g.out.append('}');
            generatedValues += g.values;
            String text = g.out.toString();
            totalChars += text.length();

            Object tree = new Parser(text).parseDocument();
            StringBuilder s1 = new StringBuilder(64);
            write(tree, s1);
            String canonical = s1.toString();
            Object tree2 = new Parser(canonical).parseDocument();
            StringBuilder s2 = new StringBuilder(64);
            write(tree2, s2);
            if (canonical.equals(s2.toString())) {
                roundTripOk++;
            }
            long h = walk(tree);
            checksum = checksum * 1000003 + h + canonical.length();
            ring[d % ring.length] = tree;
        }

        long ringHash = 0;
        for (Object t : ring) {
            if (t != null) {
                ringHash = ringHash * 31 + walk(t);
            }
        }
        System.out.println("JsonDoc size=" + size + " documents=" + docs);
        System.out.println("characters " + totalChars + ", generated values " + generatedValues);
        System.out.println("walked: objects " + KINDS[0] + " arrays " + KINDS[1] + " strings " + KINDS[2]
                + " numbers " + KINDS[3] + " booleans " + KINDS[4] + " nulls " + KINDS[5]);
        System.out.println("round trips ok " + roundTripOk + "/" + docs);
        System.out.println("checksum " + Long.toString(checksum) + " ring " + Long.toString(ringHash));
    }
}
