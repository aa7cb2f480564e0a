// Strings: java.lang.String API: length/charAt/substring/indexOf/lastIndexOf/
// contains/startsWith/endsWith/replace/toUpperCase/toLowerCase/trim/strip/
// isEmpty/isBlank/split (literal separators, limits, trailing empties)/
// join/repeat/concat/valueOf/toCharArray/compareTo(IgnoreCase)/equals(
// IgnoreCase)/hashCode values/intern identity/string literal identity,
// non-ASCII chars (printed as code points), StringBuilder append of every
// type, insert/delete/deleteCharAt/reverse/setCharAt/indexOf/replace/
// setLength/chained calls, and StringIndexOutOfBoundsException.
public class Strings {
    static String show(String[] parts) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) sb.append('|');
            sb.append('"').append(parts[i]).append('"');
        }
        return sb.append("] n=").append(parts.length).toString();
    }

    public static void main(String[] args) {
        String s = "Hello, World";
        System.out.println(s.length() + " " + s.charAt(0) + s.charAt(11) + " " + s.substring(7) + " " + s.substring(0, 5)
                + " " + s.substring(5, 5).isEmpty());
        System.out.println(s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf("World") + " " + s.indexOf("world")
                + " " + s.lastIndexOf('o') + " " + s.lastIndexOf("l", 5) + " " + s.indexOf("") + " " + s.lastIndexOf(""));
        System.out.println(s.contains("lo, W") + " " + s.startsWith("Hell") + " " + s.startsWith("World", 7) + " "
                + s.endsWith("ld") + " " + s.endsWith(""));
        System.out.println(s.replace('l', 'L') + " " + s.replace("World", "There") + " " + s.replace("", "-").length()
                + " " + "aaaa".replace("aa", "b"));
        System.out.println(s.toUpperCase() + " " + s.toLowerCase() + " [" + "  pad me \t".trim() + "] ["
                + "\t strip \n".strip() + "] [" + "  x ".stripLeading() + "] [" + "  x ".stripTrailing() + "]");
        System.out.println("".isEmpty() + " " + " ".isEmpty() + " " + " \t".isBlank() + " " + "a".isBlank());
        System.out.println(show("a,b,,c,,".split(",")) + " " + show("a,b,,c,,".split(",", -1)) + " " + show("a,b,c".split(",", 2))
                + " " + show("".split(",")) + " " + show("one two  three".split(" ")) + " " + show("no-sep".split(";")));
        System.out.println(String.join("/", "a", "b", "c") + " " + String.join(", ", java.util.List.of("x", "y")) + " "
                + "ab".repeat(3) + "|" + "x".repeat(0) + "| " + "con".concat("cat"));
        System.out.println(String.valueOf(12) + String.valueOf(-3L) + String.valueOf(1.5) + String.valueOf(2.5f)
                + String.valueOf(true) + String.valueOf('c') + String.valueOf((Object) null) + String.valueOf(new char[]{'h', 'i'}));
        char[] cs = "reverse".toCharArray();
        for (int i = 0, j = cs.length - 1; i < j; i++, j--) { char t = cs[i]; cs[i] = cs[j]; cs[j] = t; }
        System.out.println(new String(cs) + " " + new String(cs, 1, 3) + " " + String.valueOf(cs, 2, 2) + " " + String.copyValueOf(cs));

        String[] words = {"apple", "Apple", "banana", "app", "", "apple pie", "APPLE", "b"};
        for (String w : words) {
            System.out.println("'" + w + "' cmp apple=" + w.compareTo("apple") + " ci=" + w.compareToIgnoreCase("apple")
                    + " eq=" + w.equals("apple") + " eqci=" + w.equalsIgnoreCase("apple") + " hash=" + w.hashCode());
        }
        String longer = "The quick brown fox jumps over the lazy dog";
        System.out.println("hash " + longer.hashCode() + " " + longer.toUpperCase().hashCode() + " " + "\u00e9\u03a9\u4e2d".hashCode());
        String nonAscii = "caf\u00e9 \u03a9mega \u4e2d\u6587";
        StringBuilder cps = new StringBuilder();
        for (int i = 0; i < nonAscii.length(); i++) cps.append((int) nonAscii.charAt(i)).append(' ');
        System.out.println("non-ascii len " + nonAscii.length() + " codes " + cps.toString().trim() + " upper e-acute "
                + (int) nonAscii.toUpperCase().charAt(3) + " indexOf omega " + nonAscii.indexOf('\u03a9'));

        // identity
        String lit1 = "interned";
        String lit2 = "intern" + "ed";             // compile-time constant: same object
        String part = "intern";
        String runtime = part + "ed";              // new object
        System.out.println("identity " + (lit1 == lit2) + " " + (lit1 == runtime) + " " + lit1.equals(runtime) + " "
                + (lit1 == runtime.intern()) + " " + (new String("x") == "x") + " " + (new String("x").intern() == "x"));
        String fromBuilder = new StringBuilder("int").append("erned").toString();
        System.out.println("builder intern " + (fromBuilder.intern() == lit1) + " " + (fromBuilder == lit1));

        // StringBuilder
        StringBuilder sb = new StringBuilder();
        sb.append(1).append('c').append(2L).append(3.5f).append(4.25).append(true).append((Object) null).append("s")
          .append(new char[]{'x', 'y'}).append((String) null).append(sb.length());
        System.out.println(sb + " len " + sb.length());
        sb.setLength(0);
        sb.append("0123456789");
        sb.insert(0, "<").insert(sb.length(), '>').insert(5, 3.0).insert(3, true);
        System.out.println(sb);
        sb.delete(1, 4).deleteCharAt(0).reverse();
        System.out.println(sb + " idx " + sb.indexOf("3") + " " + sb.lastIndexOf("0") + " " + sb.indexOf("zz") + " char " + sb.charAt(2));
        sb.setCharAt(0, '#');
        sb.replace(1, 3, "REPLACED");
        System.out.println(sb + " sub " + sb.substring(2, 6) + " " + sb.substring(10));
        sb.setLength(4);
        System.out.println("[" + sb + "] " + sb.length());
        sb.setLength(6);
        System.out.println("padded with NULs: " + (int) sb.charAt(5) + " len " + sb.length());
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 2000; i++) big.append(i % 10);
        System.out.println("big " + big.length() + " hash " + big.toString().hashCode() + " " + big.indexOf("9012", 1000));
        System.out.println("compare builders " + new StringBuilder("abc").compareTo(new StringBuilder("abd"))
                + " contentEquals " + "abc".contentEquals(new StringBuilder("abc")));

        // errors
        try {
            "abc".charAt(5);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("charAt: " + e.getClass().getName());
        }
        try {
            "abc".substring(2, 1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("substring: " + e.getMessage());
        }
        try {
            new StringBuilder("ab").deleteCharAt(7);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("deleteCharAt: " + e.getClass().getSimpleName());
        }
        // char utilities
        System.out.println(Character.isDigit('7') + " " + Character.isLetter('x') + " " + Character.isLetterOrDigit('_')
                + " " + Character.isWhitespace('\t') + " " + Character.isUpperCase('Q') + " " + Character.toUpperCase('q')
                + " " + Character.toLowerCase('Q') + " " + Character.getNumericValue('8') + " " + Character.digit('f', 16)
                + " " + Character.forDigit(11, 16) + " " + (int) Character.MAX_VALUE);
        // counting words and characters
        int[] freq = new int[26];
        for (char ch : longer.toLowerCase().toCharArray()) if (ch >= 'a' && ch <= 'z') freq[ch - 'a']++;
        StringBuilder fs = new StringBuilder();
        for (int i = 0; i < 26; i++) if (freq[i] > 1) fs.append((char) ('a' + i)).append(freq[i]);
        System.out.println("freq " + fs + " words " + longer.split(" ").length);
    }
}
