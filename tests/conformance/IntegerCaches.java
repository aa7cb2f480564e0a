// IntegerCaches: identity of boxes from valueOf/autoboxing: Integer, Short,
// Byte, Long and Character caches cover -128..127 (Character 0..127) so ==
// is true there and false just outside; Boolean.valueOf always returns the
// TRUE/FALSE singletons; Float/Double are never cached; `new`-free boxes
// compared with equals are always equal; caches survive lots of
// allocation (GC must not break canonical boxes).
public class IntegerCaches {
    static Integer boxInt(int v) { return v; }
    static Long boxLong(long v) { return v; }

    public static void main(String[] args) {
        System.out.println("Integer 127: " + (Integer.valueOf(127) == Integer.valueOf(127)));
        System.out.println("Integer 128: " + (Integer.valueOf(128) == Integer.valueOf(128)));
        System.out.println("Integer -128: " + (Integer.valueOf(-128) == Integer.valueOf(-128)));
        System.out.println("Integer -129: " + (Integer.valueOf(-129) == Integer.valueOf(-129)));
        StringBuilder inRange = new StringBuilder();
        int cachedCount = 0;
        for (int v = -130; v <= 130; v++) {
            boolean same = boxInt(v) == boxInt(v);
            if (same) cachedCount++;
            if (v < -126 || v > 125) inRange.append(v).append(same ? "=" : "!").append(' ');
        }
        System.out.println("Integer autoboxing: " + inRange.toString().trim() + " cached " + cachedCount);

        int longCached = 0, shortCached = 0, byteCached = 0, charCached = 0;
        for (int v = -300; v <= 300; v++) {
            if (boxLong(v) == boxLong(v)) longCached++;
            if (Short.valueOf((short) v) == Short.valueOf((short) v)) shortCached++;
            if (Byte.valueOf((byte) v) == Byte.valueOf((byte) v)) byteCached++;   // all bytes are cached
            if (v >= 0 && Character.valueOf((char) v) == Character.valueOf((char) v)) charCached++;
        }
        System.out.println("cached counts: long " + longCached + " short " + shortCached + " byte " + byteCached + " char " + charCached);
        System.out.println("Long 127L " + (Long.valueOf(127L) == Long.valueOf(127L)) + " 128L " + (Long.valueOf(128L) == Long.valueOf(128L)));
        System.out.println("Character 'a' " + (Character.valueOf('a') == Character.valueOf('a')) + " 200 "
                + (Character.valueOf((char) 200) == Character.valueOf((char) 200)));
        Boolean t1 = true, t2 = Boolean.valueOf("true"), t3 = Boolean.valueOf(true);
        System.out.println("Boolean singletons: " + (t1 == t2) + " " + (t2 == t3) + " " + (t1 == Boolean.TRUE)
                + " " + (Boolean.valueOf(false) == Boolean.FALSE) + " " + (Boolean.valueOf("nope") == Boolean.FALSE));
        Double d1 = 1.0, d2 = 1.0;
        Float f1 = 1f, f2 = 1f;
        System.out.println("Double/Float not cached: " + (d1 == d2) + " " + (f1 == f2) + " equal " + d1.equals(d2) + " " + f1.equals(f2));
        Integer big1 = 1000, big2 = 1000;
        System.out.println("1000: == " + (big1 == big2) + " equals " + big1.equals(big2) + " unboxed == " + (big1.intValue() == big2)
                + " compare " + big1.compareTo(big2));

        // canonical boxes survive garbage
        Integer keep = 42;
        Object[] junk = new Object[1000];
        for (int round = 0; round < 200; round++) {
            for (int k = 0; k < junk.length; k++) junk[k] = new int[k % 17];
        }
        System.out.println("after allocation: " + (keep == Integer.valueOf(42)) + " " + (Integer.valueOf(-100) == boxInt(-100))
                + " " + (Long.valueOf(3) == boxLong(3)));

        // boxes as map keys behave by equals, not identity
        java.util.Map<Integer, String> m = new java.util.HashMap<>();
        m.put(1000, "a");
        m.put(1000, "b");
        m.put(7, "c");
        System.out.println("map " + m.size() + " " + m.get(1000) + " " + m.get(Integer.valueOf(7)));
    }
}
