// StringConcat: invokedynamic makeConcatWithConstants with every argument
// type (boolean, byte, short, char, int, long, float, double, String, null
// String, null Object, objects with toString, arrays of chars via
// String.valueOf), constants interleaved with arguments, recipe special
// characters (\u0001 \u0002 literal chars in constants), many arguments
// (>10, >100 slots is javac's split point), concat in loops, += on
// strings, and toString() called exactly once per argument.
public class StringConcat {
    static int toStringCalls;

    static class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override
        public String toString() { toStringCalls++; return "(" + x + "," + y + ")"; }
    }

    static class NullToString {
        @Override public String toString() { return null; }
    }

    public static void main(String[] args) {
        boolean z = true;
        byte b = -8;
        short s = 300;
        char c = 'Z';
        int i = -123456;
        long l = 9876543210123L;
        float f = 1.25f;
        double d = -0.1;
        String str = "str";
        String nullStr = null;
        Object nullObj = null;
        Point p = new Point(3, -4);
        System.out.println("z=" + z + " b=" + b + " s=" + s + " c=" + c + " i=" + i + " l=" + l + " f=" + f + " d=" + d);
        System.out.println(str + nullStr + nullObj + p + " | " + nullStr + nullStr);
        System.out.println("" + c + c + (char) (c + 1) + (c + 1) + 'a' + 'b' + ('a' + 'b'));
        System.out.println(1 + 2 + "three" + 4 + 5 + (6 + 7) + 'x' + 8L + 9.0f + 10.0);
        System.out.println("special \u0001 and \u0002 in constants: " + i + "\u0001" + l + "\u0002" + str);
        System.out.println("tag " + new NullToString() + " end");
        System.out.println("nan " + Double.NaN + " inf " + (1 / 0.0) + " -0 " + (-0.0f) + " min " + Long.MIN_VALUE + " "
                + Integer.MIN_VALUE + " " + Byte.MIN_VALUE + " " + Short.MAX_VALUE + " " + (int) Character.MAX_VALUE);
        Object[] objs = {1, 2L, 3.0, 4.0f, 'c', "s", true, (byte) 1, (short) 2, p};
        String mixed = "";
        for (Object o : objs) mixed += o + ";";
        System.out.println("boxed: " + mixed);

        toStringCalls = 0;
        String once = "p=" + p + " again " + p;
        System.out.println(once + " toString calls: " + toStringCalls);

        // many arguments
        int a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9, a10 = 10, a11 = 11;
        long w0 = 100, w1 = 101, w2 = 102, w3 = 103, w4 = 104;
        double x0 = 0.5, x1 = 1.5, x2 = 2.5;
        System.out.println(a0 + "," + a1 + "," + a2 + "," + a3 + "," + a4 + "," + a5 + "," + a6 + "," + a7 + "," + a8 + ","
                + a9 + "," + a10 + "," + a11 + ";" + w0 + w1 + w2 + w3 + w4 + ";" + x0 + x1 + x2 + ";" + str + c + z + p);
        // more than 200 argument slots forces javac to split the concat into several indy calls
        long v = 7;
        String huge = "" + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v
                + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + v + "|end";
        System.out.println("huge length " + huge.length() + " tail " + huge.substring(huge.length() - 8));

        // concat in loops and +=
        String acc = "";
        for (int k = 0; k < 20; k++) acc += k % 3 == 0 ? k : "-";
        System.out.println("acc " + acc);
        String built = "";
        for (int k = 0; k < 300; k++) built = built + (char) ('a' + k % 26);
        System.out.println("built " + built.length() + " " + built.substring(0, 30) + " hash " + built.hashCode());
        char[] chars = {'h', 'i'};
        System.out.println("char array via valueOf: " + String.valueOf(chars) + " and via concat of elements " + chars[0] + chars[1]);
        StringBuilder sbArg = new StringBuilder("builder");
        CharSequence seq = sbArg;
        System.out.println("sb " + sbArg + " seq " + seq + " " + sbArg.append("!") + " " + sbArg);
        final String CONST = "const";
        final int CONST_I = 5;
        System.out.println(CONST + CONST_I + "folded" + (CONST_I * 2) + " and " + CONST + i);
    }
}
