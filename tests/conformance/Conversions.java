// Conversions: every primitive conversion opcode (i2b i2c i2s i2l i2f i2d,
// l2i l2f l2d, f2i f2l f2d, d2i d2l d2f) and the compound casts javac emits
// for byte/short/char <-> long/float/double, sign/zero extension of byte,
// short and char, implicit widening in arithmetic and assignment, narrowing
// in compound assignment, and char <-> int round trips.
public class Conversions {
    static byte b(int x) { return (byte) x; }
    static short s(int x) { return (short) x; }
    static char c(int x) { return (char) x; }

    public static void main(String[] args) {
        int[] ints = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
                0x12345678, 0x87654321, Integer.MAX_VALUE, Integer.MIN_VALUE, 16777217, 2147483584};
        for (int i : ints) {
            System.out.println("int " + i + ": byte " + (byte) i + " short " + (short) i + " char " + (int) (char) i
                    + " long " + (long) i + " float " + (float) i + " double " + (double) i);
        }
        long[] longs = {0L, -1L, 0x7FFFFFFFL, 0x80000000L, 0xFFFFFFFFL, 0x100000000L, 0x123456789ABCDEFL,
                Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740993L, -9007199254740993L, 0xFF80L, 0x1234L};
        for (long l : longs) {
            System.out.println("long " + l + ": int " + (int) l + " byte " + (byte) l + " short " + (short) l
                    + " char " + (int) (char) l + " float " + (float) l + " double " + (double) l);
        }
        char[] chars = {'\0', 'A', 'z', '\u007f', '\u0080', '\u00ff', '\u0100', '\u7fff', '\u8000', '\uffff'};
        for (char ch : chars) {
            System.out.println("char " + (int) ch + ": byte " + (byte) ch + " short " + (short) ch + " int " + (int) ch
                    + " long " + (long) ch + " float " + (float) ch + " double " + (double) ch);
        }
        byte[] bytes = {0, 1, -1, 127, -128};
        for (byte by : bytes) {
            System.out.println("byte " + by + ": char " + (int) (char) by + " short " + (short) by + " long " + (long) by
                    + " float " + (float) by + " unsigned " + (by & 0xFF) + " Byte.toUnsignedInt " + Byte.toUnsignedInt(by));
        }
        short[] shorts = {0, -1, 32767, -32768, 255, -256};
        for (short sh : shorts) {
            System.out.println("short " + sh + ": byte " + (byte) sh + " char " + (int) (char) sh + " double " + (double) sh
                    + " unsigned " + (sh & 0xFFFF) + " Short.toUnsignedInt " + Short.toUnsignedInt(sh));
        }
        double[] ds = {0.0, -0.0, 0.9999, -0.9999, 1e10, -1e10, 300.7, -300.7, 70000.5, -70000.5, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-46, 3.4028235677973366E38, 3.4028236e38};
        for (double d : ds) {
            System.out.println("double " + d + ": float " + (float) d + " int " + (int) d + " long " + (long) d
                    + " short " + (short) d + " byte " + (byte) d + " char " + (int) (char) d);
        }
        float[] fs = {0.5f, -0.5f, 1e10f, -1e10f, 300.7f, 40000.9f, Float.NaN, Float.NEGATIVE_INFINITY};
        for (float f : fs) {
            System.out.println("float " + f + ": double " + (double) f + " int " + (int) f + " long " + (long) f
                    + " short " + (short) f + " byte " + (byte) f + " char " + (int) (char) f);
        }

        // runtime (non constant-folded) narrowing through method calls
        int acc = 0;
        for (int i = -300; i < 300; i += 7) acc += b(i) * 3 + s(i * 300) + c(i * 1000);
        System.out.println("acc = " + acc);

        // implicit conversions
        byte by = 10;
        by += 300;               // (byte)(10 + 300)
        short sh = 1000;
        sh *= 100;               // (short)100000
        char ch = 'a';
        ch += 1;
        ch++;
        char ch2 = 65535;
        ch2++;
        long wide = 'x' + 1;     // int -> long
        float fl = 1234567890L;  // long -> float (lossy)
        double db = fl;
        System.out.println("by " + by + " sh " + sh + " ch " + ch + " ch2 " + (int) ch2 + " wide " + wide + " fl " + fl + " db " + db);
        byte bsum = (byte) (by + by);
        int promoted = by * sh;
        System.out.println("bsum " + bsum + " promoted " + promoted + " char+int " + ('A' + 2) + " (char)(A+2) " + (char) ('A' + 2));
        byte[] barr = {(byte) 0xF0, (byte) 0x0F};
        int packed = (barr[0] << 8) | barr[1];
        int packedU = ((barr[0] & 0xFF) << 8) | (barr[1] & 0xFF);
        System.out.println("packed " + packed + " packedU " + packedU);
        long fromInts = ((long) 0xDEADBEEF << 32) | (0xCAFEBABE & 0xFFFFFFFFL);
        System.out.println("fromInts " + Long.toHexString(fromInts) + " hi " + Integer.toHexString((int) (fromInts >>> 32))
                + " lo " + Integer.toHexString((int) fromInts));
        Object boxed = (short) 5;
        Object boxedC = (char) 66;
        System.out.println("boxed types " + boxed.getClass().getName() + " " + boxedC.getClass().getName() + " " + boxedC);
    }
}
