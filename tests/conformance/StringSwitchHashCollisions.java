// StringSwitchHashCollisions: switch on strings whose hashCodes collide
// ("Aa"/"BB", "AaAa"/"BBBB"/"AaBB"/"BBAa", "Ea"/"FB"), where javac's
// lookupswitch on hashCode must be followed by equals checks in order;
// also strings colliding with no case, the empty string, and hashCode values
// of the colliding strings printed.
public class StringSwitchHashCollisions {
    static int classic(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "AaAa": return 3;
            case "BBBB": return 4;
            case "AaBB": return 5;
            case "BBAa": return 6;
            case "Ea": return 7;
            case "": return 8;
            default: return -1;
        }
    }

    static String expr(String s) {
        return switch (s) {
            case "Aa", "BB" -> "pair-one";
            case "AaAa" -> "quad-1";
            case "BBBB", "AaBB" -> "quad-2";
            case "FB" -> "FB";
            default -> "none";
        };
    }

    static String fallThrough(String s) {
        StringBuilder sb = new StringBuilder();
        switch (s) {
            case "Aa":
                sb.append("Aa>");
            case "BB":
                sb.append("BB>");
                break;
            case "C#":
                sb.append("C#>");
            default:
                sb.append("default");
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        String[] inputs = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "Ea", "FB", "", "C#", "Ab", "aa", "bb",
                new String("Aa"), new StringBuilder("B").append('B').toString(), "AaAaAa"};
        for (String in : inputs) {
            System.out.println("'" + in + "' hash=" + in.hashCode() + " classic=" + classic(in) + " expr=" + expr(in)
                    + " fall=" + fallThrough(in));
        }
        // verify the collisions explicitly
        System.out.println("Aa==BB hash " + ("Aa".hashCode() == "BB".hashCode()));
        System.out.println("C# hash " + "C#".hashCode() + " Ea hash " + "Ea".hashCode() + " FB hash " + "FB".hashCode());
        // generate all 2^4 combinations of Aa/BB blocks: all collide
        int same = 0;
        int first = "AaAaAaAa".hashCode();
        for (int mask = 0; mask < 16; mask++) {
            StringBuilder sb = new StringBuilder();
            for (int bit = 0; bit < 4; bit++) sb.append((mask >> bit & 1) == 0 ? "Aa" : "BB");
            String s = sb.toString();
            if (s.hashCode() == first) same++;
            System.out.print(s + ":" + classic(s.substring(0, 4)) + " ");
        }
        System.out.println();
        System.out.println("colliding 8-char strings: " + same + " hash " + first);
    }
}
