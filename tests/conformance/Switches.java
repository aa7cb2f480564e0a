// Switches: tableswitch (dense cases, negative low bound), lookupswitch
// (sparse cases, extreme int keys), fall-through, default in the middle,
// switch on char/byte/short, switch on strings (hashCode + equals), switch on
// enums (synthetic $SwitchMap), arrow-form switch statements, switch
// expressions with yield, multiple labels per case, nested switches.
public class Switches {
    enum Color { RED, GREEN, BLUE, YELLOW }

    static String dense(int x) {
        switch (x) {
            case -2: return "minus two";
            case -1: return "minus one";
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 5: return "five";
            default: return "other(" + x + ")";
        }
    }

    static String sparse(int x) {
        switch (x) {
            case Integer.MIN_VALUE: return "MIN";
            case -1000000: return "-1e6";
            case 7: return "seven";
            case 1000: return "thousand";
            case 65536: return "2^16";
            case Integer.MAX_VALUE: return "MAX";
            default: return "?";
        }
    }

    static int fallThrough(int x) {
        int r = 0;
        switch (x) {
            case 1: r += 1;
            case 2: r += 10;
            default: r += 100;
            case 3: r += 1000;
                break;
            case 4: r += 10000;
        }
        return r;
    }

    static String day(String s) {
        switch (s) {
            case "mon": case "tue": case "wed": case "thu": case "fri": return "weekday";
            case "sat":
            case "sun": return "weekend";
            case "": return "empty";
            default: return "unknown:" + s;
        }
    }

    static String color(Color c) {
        switch (c) {
            case RED: return "warm";
            case BLUE: return "cold";
            default: return "neutral-" + c.name().toLowerCase();
        }
    }

    static int arrow(Color c) {
        return switch (c) {
            case RED -> 1;
            case GREEN, BLUE -> {
                int base = c.ordinal() * 10;
                yield base + 5;
            }
            case YELLOW -> -1;
        };
    }

    static String charKind(char ch) {
        return switch (ch) {
            case 'a', 'e', 'i', 'o', 'u' -> "vowel";
            case ' ' -> "space";
            case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> "digit";
            default -> {
                if (Character.isLetter(ch)) yield "consonant";
                yield "symbol";
            }
        };
    }

    static String stringExpr(String s) {
        return switch (s) {
            case "alpha" -> "A";
            case "beta" -> "B";
            case "gamma", "delta" -> "G/D";
            default -> {
                String t = s.toUpperCase();
                yield t.length() > 3 ? t.substring(0, 3) : t;
            }
        };
    }

    static int nested(int a, int b) {
        switch (a) {
            case 0:
                switch (b) {
                    case 0: return 0;
                    case 1: return 1;
                    default: return 2;
                }
            case 1:
                return switch (b) { case 0 -> 10; case 100 -> 11; default -> 12; };
            default:
                return 99;
        }
    }

    static int byteSwitch(byte b) {
        switch (b) {
            case -128: return 1;
            case 127: return 2;
            case 0: return 3;
            default: return 4;
        }
    }

    public static void main(String[] args) {
        for (int i = -4; i <= 7; i++) System.out.print(dense(i) + "; ");
        System.out.println();
        int[] keys = {Integer.MIN_VALUE, -1000000, 7, 8, 1000, 65536, 65535, Integer.MAX_VALUE, 0};
        for (int k : keys) System.out.print(sparse(k) + " ");
        System.out.println();
        for (int i = 0; i <= 5; i++) System.out.print(fallThrough(i) + " ");
        System.out.println();
        String[] days = {"mon", "sat", "sun", "fri", "", "Mon", "holiday"};
        for (String d : days) System.out.print(day(d) + " ");
        System.out.println();
        for (Color c : Color.values()) System.out.print(color(c) + "/" + arrow(c) + " ");
        System.out.println();
        for (char ch : "hi 42, you!".toCharArray()) System.out.print(charKind(ch) + " ");
        System.out.println();
        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "pi"};
        for (String w : words) System.out.print(stringExpr(w) + " ");
        System.out.println();
        System.out.println(nested(0, 0) + " " + nested(0, 1) + " " + nested(0, 5) + " " + nested(1, 0) + " "
                + nested(1, 100) + " " + nested(1, 3) + " " + nested(2, 0));
        System.out.println(byteSwitch((byte) -128) + " " + byteSwitch((byte) 127) + " " + byteSwitch((byte) 0) + " " + byteSwitch((byte) 5));

        // arrow-form statement (no fall-through)
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            switch (i % 4) {
                case 0 -> sb.append("zero,");
                case 1 -> sb.append("one,");
                case 2 -> { sb.append("two"); sb.append(','); }
                default -> sb.append("many,");
            }
        }
        System.out.println(sb);

        // switch on a long value via int cast; switch inside a loop with continue/break
        int total = 0;
        outer:
        for (int i = 0; i < 50; i++) {
            switch (i % 7) {
                case 0: continue;
                case 3: total += 3; break;
                case 6: if (i > 40) break outer; total += 6; break;
                default: total += 1;
            }
        }
        System.out.println("total " + total);

        // null string switch throws NPE
        try {
            day(null);
        } catch (NullPointerException e) {
            System.out.println("switch on null string -> NullPointerException");
        }
        try {
            color(null);
        } catch (NullPointerException e) {
            System.out.println("switch on null enum -> NullPointerException");
        }
        // yield value used in arithmetic
        int acc = 0;
        for (Color c : Color.values()) {
            acc += switch (c) { case RED -> 100; case GREEN -> 20; default -> { int q = c.ordinal(); yield q * q; } };
        }
        System.out.println("acc " + acc);
    }
}
